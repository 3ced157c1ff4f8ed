"""Characters the engine host sends in ``position`` lines per turn of a long game, against what
the whole-game form (``position startpos moves ...`` every turn) would send.

An external engine (hexarena's own, ``hexarena engine GAME --player random``) plays one seat of
a random game from a random prefix of ``--prefix`` actions, for ``--turns`` of its turns or to
the end; the other seat plays at random in this process. Prints the characters sent per engine
turn (first turn, then the rest on average), what the whole-game form would have sent, and the
processor and wall time side by side.

    python benchmarks/bench_engine_position.py --game churn --size 7 --prefix 340000 --turns 500
    python benchmarks/bench_engine_position.py --game churn --size 6 --prefix 0    # a whole game
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from hexarena import new_game
from hexarena.ai import make_player
from hexarena.core import State
from hexarena.engine_player import MAX_POSITION, EnginePlayer
from hexarena.selfplay import random_game

HEAD = len("position startpos moves ")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="churn")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--prefix", type=int, default=340_000, help="random actions played first")
    ap.add_argument("--turns", type=int, default=10**12, help="engine turns at most")
    ap.add_argument("--seed", type=int, default=7)
    ns = ap.parse_args()
    game = new_game(ns.game, size=ns.size)
    st = State(game)
    if ns.prefix:
        _, acts = random_game(game, ns.seed, keep_actions=True, cap=ns.prefix)
        assert acts is not None
        st.apply_actions(acts)
        while st.turn_actions:
            st.undo()
    argv = [sys.executable, "-m", "hexarena.cli", "engine", ns.game, "--size", str(ns.size)]
    engine = EnginePlayer("engine:" + shlex.join([*argv, "--player", "random", "--seed", "1"]))
    other = make_player("random", seed=2)
    seat = st.current_player
    engine.prepare(game)
    texts_chars = HEAD - 1 + sum(len(t) + 1 for t in st.move_texts())  # the whole-game line
    sent: list[int] = []
    whole: list[int] = []
    cpu0, wall0 = time.process_time(), time.perf_counter()
    try:
        while not st.is_terminal() and len(sent) < ns.turns:
            if st.current_player == seat:
                before = engine.position_chars
                whole.append(texts_chars + 1)
                move = engine.choose_turn(st)
                sent.append(engine.position_chars - before)
            else:
                move = other.choose_turn(st)
            st.apply_move(move)
            texts_chars += len(game.move_text(move)) + 1
    finally:
        engine.close()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    rest = sent[1:] or [0]
    print(
        f"{ns.game} size {ns.size}: prefix {ns.prefix:,} actions, {len(sent):,} engine turns, "
        f"game {'over' if st.is_terminal() else 'going on'} after {len(st.move_texts()):,} turns"
    )
    print(f"  sent, first turn:          {sent[0] if sent else 0:>16,} characters")
    print(f"  sent, later turns (mean):  {sum(rest) / len(rest):>16,.1f} characters")
    print(f"  sent, all turns:           {sum(sent):>16,} characters")
    print(f"  whole-game form, per turn: {sum(whole) / max(1, len(whole)):>16,.0f} characters")
    print(f"  whole-game form, all:      {sum(whole):>16,} characters")
    over = sum(w > MAX_POSITION for w in whole)
    print(f"  whole-game lines over 1 MiB: {over:,} of {len(whole):,}")
    print(f"  host process: cpu {cpu:.1f} s, wall {wall:.1f} s")


if __name__ == "__main__":
    main()
