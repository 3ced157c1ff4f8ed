"""What reading ``stop`` during a search costs, and how soon it is answered.

For each game: (1) the ``mcts`` player's iterations in a search of ``--seconds`` from a random
position, without and with a stop event attached (the engine attaches one; it keeps batches of
iterations short), with the processor and wall time side by side; (2) ``hexarena engine``
given ``go infinite`` in that position, then ``stop`` after ``--seconds``: the wall time from
the ``stop`` to the ``bestmove`` (a whole turn), the mean of ``--repeat`` searches, each
after a first ``go nodes 1`` (where an engine compiles at its first turn what ``isready`` did
not, that is not counted as the stop's).

    python benchmarks/bench_engine_stop.py --seconds 1 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import threading
import time
from typing import Any

from hexarena import new_game
from hexarena.ai import Limit
from hexarena.ai.base import play_turn
from hexarena.ai.mcts import MCTSPlayer

GAMES: list[tuple[str, dict[str, Any], list[str], int]] = [
    ("gyre", {"size": 7}, ["--size", "7"], 6),
    ("churn", {"size": 5}, ["--size", "5"], 20),
    ("scrunch", {"size": 5}, ["--size", "5"], 10),
    ("throngs", {}, [], 10),
    ("china-grove", {}, [], 4),
]


def moves_for(game: Any, turns: int, seed: int) -> list[str]:
    """``turns`` random whole turns from the start, as move text."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    out = []
    for _ in range(turns):
        actions = play_turn(st, lambda s: int(rng.choice(list(s.legal_actions()))))
        out.append(game.move_text(actions))
        st.apply_move(out[-1])
    return out


def search_rate(
    game: Any, moves: list[str], seconds: float, stop: bool
) -> tuple[int, float, float]:
    """Iterations, processor and wall seconds of one search of ``seconds``."""
    player = MCTSPlayer(1)
    if stop:
        player.watch(threading.Event())
    st = game.state_from_moves(moves)
    player.prepare(game)
    c0, w0 = time.process_time(), time.perf_counter()
    n = player.search(st, Limit(seconds=seconds))
    return n, time.process_time() - c0, time.perf_counter() - w0


def stop_delay(name: str, args: list[str], moves: list[str], seconds: float) -> float:
    """Wall seconds from ``stop`` to ``bestmove`` after ``go infinite`` of ``seconds``."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "hexarena.cli", "engine", name, *args, "--seed", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert proc.stdin is not None and proc.stdout is not None

    def send(line: str) -> None:
        assert proc.stdin is not None
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def until(prefix: str) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(prefix):
                return
        raise SystemExit(f"{name}: the engine ended before {prefix}")

    send("isready")
    until("readyok")
    send("position startpos moves " + " ".join(moves))
    send("go nodes 1")  # anything compiled at the first turn is not the stop's
    until("bestmove")
    send("go infinite")
    time.sleep(seconds)
    t0 = time.perf_counter()
    send("stop")
    until("bestmove")
    delay = time.perf_counter() - t0
    send("quit")
    proc.wait(timeout=60)
    return delay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--repeat", type=int, default=3)
    ns = ap.parse_args()
    print(
        f"{'game':12} {'iterations (cpu s, wall s)':>32} {'with a stop event':>32} "
        f"{'stop to bestmove':>17}"
    )
    for name, options, args, turns in GAMES:
        game = new_game(name, **options)
        moves = moves_for(game, turns, seed=turns)
        plain = search_rate(game, moves, ns.seconds, stop=False)
        watched = search_rate(game, moves, ns.seconds, stop=True)
        delays = [stop_delay(name, args, moves, ns.seconds) for _ in range(ns.repeat)]
        cols = [f"{n:>10,} ({c:5.2f} s, {w:5.2f} s)" for n, c, w in (plain, watched)]
        print(f"{name:12} {cols[0]:>32} {cols[1]:>32} {sum(delays) / len(delays):>15.3f} s")


if __name__ == "__main__":
    main()
