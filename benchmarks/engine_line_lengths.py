"""How long games get, in turns and in bytes of the engine protocol's ``position`` line.

The engine protocol's full form, ``position startpos moves M1 M2 ...``, carries every turn so
far, and an engine refuses a line over 1 MiB (``docs/engine-protocol.md``). This script plays
random games (compiled playouts, seeded) on each game and board, and a few games between
hexarena's own players at a small search budget on the default boards, and prints for each the
games' turns and the length of the full ``position`` line at the last turn (mean and longest),
with processor and wall time side by side.

    python benchmarks/engine_line_lengths.py                  # every game and board
    python benchmarks/engine_line_lengths.py --games churn    # one game
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from hexarena import new_game
from hexarena.ai import Limit, make_player
from hexarena.core import H_PLAYER, H_TURN, Game, State
from hexarena.engine import MAX_LINE
from hexarena.selfplay import game_seed, random_game, warm_up

#: (game, options, random games) measured; big Churn boards get few games (each takes seconds).
RANDOM_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("churn", {"size": 3}, 200),
    ("churn", {"size": 4}, 200),
    ("churn", {"size": 5}, 50),
    ("churn", {"size": 6}, 10),
    ("churn", {"size": 7}, 3),
    ("churn", {"sides": "3,4,3,4,3,4"}, 200),
    ("gyre", {"size": 5}, 200),
    ("gyre", {"size": 7}, 200),
    ("gyre", {"size": 12}, 50),
    ("scrunch", {"size": 5}, 100),
    ("scrunch", {"size": 10}, 10),
    ("china-grove", {}, 100),
    ("china-grove", {"islands": 2, "mode": "number"}, 100),
    ("throngs", {}, 100),
    ("throngs", {"no_stalling": True}, 100),
    ("throngs", {"board": "large"}, 20),
    ("throngs", {"repetition": "off"}, 100),
]

#: Prefix of the full form (``position startpos moves ``).
HEAD = len("position startpos moves ")


def line_bytes(game: Game, actions: np.ndarray) -> tuple[int, int]:
    """The turns of a game given by its actions, and the bytes of its full ``position`` line
    (UTF-8, without the newline)."""
    st = State(game)
    st.apply_actions(actions)
    texts = st.move_texts()
    if not texts:
        return 0, HEAD - 1
    return len(texts), HEAD + sum(len(t.encode()) for t in texts) + len(texts) - 1


def describe(name: str, options: dict[str, Any]) -> str:
    """A short label of a game and its options."""
    opts = " ".join(f"{k}={v}" for k, v in options.items())
    return f"{name} {opts}".strip()


def row(
    label: str, turns: list[int], sizes: list[int], unfinished: int, t0: tuple[float, float]
) -> str:
    """One printed line of figures."""
    cpu = time.process_time() - t0[0]
    wall = time.perf_counter() - t0[1]
    over = sum(s > MAX_LINE for s in sizes)
    return (
        f"{label:38s} {len(turns):5d} {np.mean(turns):12,.0f} {max(turns):12,d} "
        f"{np.mean(sizes):14,.0f} {max(sizes):14,d} {over:5d} {unfinished:5d}   "
        f"cpu {cpu:7.1f} s  wall {wall:7.1f} s"
    )


def random_rows(names: set[str] | None, cap: int | None, count: int | None = None) -> None:
    """Random games of every case."""
    print(
        f"{'random games':38s} {'games':>5s} {'mean turns':>12s} {'max turns':>12s} "
        f"{'mean bytes':>14s} {'max bytes':>14s} {'>1MiB':>5s} {'unfin':>5s}"
    )
    for name, options, n in RANDOM_CASES:
        if names and name not in names:
            continue
        game = new_game(name, **options)
        warm_up(game)
        t0 = (time.process_time(), time.perf_counter())
        turns: list[int] = []
        sizes: list[int] = []
        unfinished = 0
        for i in range(count or n):
            arr, acts = random_game(game, game_seed(1, i), keep_actions=True, cap=cap)
            assert acts is not None
            if arr[H_PLAYER] >= 0:
                unfinished += 1
            t, b = line_bytes(game, acts)
            assert t == int(arr[H_TURN]) or arr[H_PLAYER] >= 0, (t, int(arr[H_TURN]))
            turns.append(t)
            sizes.append(b)
        print(row(describe(name, options), turns, sizes, unfinished, t0), flush=True)


def player_rows(names: set[str] | None, player: str, iterations: int, games: int) -> None:
    """Games between two of hexarena's players at ``iterations`` a decision, default boards
    (and Churn sides 4 and 5)."""
    print(f"\n{player} against {player}, {iterations} iterations a decision")
    cases = [("churn", {}), ("churn", {"size": 4}), ("churn", {"size": 5}), ("gyre", {})]
    cases += [("scrunch", {}), ("china-grove", {}), ("throngs", {})]
    for name, options in cases:
        if names and name not in names:
            continue
        game = new_game(name, **options)
        t0 = (time.process_time(), time.perf_counter())
        turns: list[int] = []
        sizes: list[int] = []
        for g in range(games):
            players = [make_player(player, seed=2 * g + s) for s in (0, 1)]
            for p in players:
                p.prepare(game)
            st = game.new_initial_state()
            while not st.is_terminal():
                acts = players[st.current_player].choose_turn(st, Limit(iterations=iterations))
                st.apply_move(acts)
            texts = st.move_texts()
            turns.append(len(texts))
            sizes.append(HEAD + sum(len(t.encode()) for t in texts) + len(texts) - 1)
        print(row(describe(name, options), turns, sizes, 0, t0), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", nargs="*", help="only these games")
    ap.add_argument("--cap", type=int, default=None, help="actions a random game at most")
    ap.add_argument("--count", type=int, default=None, help="random games a case (all cases)")
    ap.add_argument("--player", default="mcts")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--player-games", type=int, default=2)
    ap.add_argument("--no-random", action="store_true")
    ns = ap.parse_args()
    names = set(ns.games) if ns.games else None
    if not ns.no_random:
        random_rows(names, ns.cap, ns.count)
    if ns.player_games:
        player_rows(names, ns.player, ns.iterations, ns.player_games)


if __name__ == "__main__":
    main()
