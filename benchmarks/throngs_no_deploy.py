"""How long Throngs games go without a deploy: the most positions the repetition table has to
hold in a game (the positions met at the start of a turn since the number of stones last
changed), in seeded random games and in ``uct`` self-play, on each board option.

    python benchmarks/throngs_no_deploy.py [--games 2000] [--uct-games 6] [--iterations 200]
        [--uct-boards original large "hex 5"] [--no-random]

Prints one row per board option and kind of play: games, the longest run over all of them,
the mean of each game's longest, its 99th percentile, and how many games went over 100 and
over 1,024 (the table's first capacity) positions. Processor and wall time per row.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from hexarena import new_game
from hexarena.ai import Limit, make_player
from hexarena.core import H_PLAYER, Game
from hexarena.games.throngs import REP_CAP, S_REPN
from hexarena.selfplay import game_seed, random_game

BOARDS: dict[str, dict[str, Any]] = {
    "original": {},
    "original, no_stalling": {"no_stalling": True},
    "large": {"board": "large"},
    "large, no_stalling": {"board": "large", "no_stalling": True},
    "hex 3": {"board": "hex", "size": 3},
    "hex 5": {"board": "hex", "size": 5},
    "hex 7": {"board": "hex", "size": 7},
}


def longest_run(game: Game, actions: np.ndarray) -> int:
    """The most positions the table held at once in the game of ``actions``."""
    arr = game.initial_array()
    k = game.kernels
    best = 0
    for a in actions.tolist():
        arr = game.with_room(arr)
        k.apply(game.consts, arr, a)
        best = max(best, int(arr[S_REPN]))
    return best


def row(label: str, runs: list[int], cpu: float, wall: float) -> None:
    r = np.array(runs)
    print(
        f"| {label} | {len(r):,} | {r.max()} | {r.mean():.1f} | {np.percentile(r, 99):.0f} | "
        f"{int((r > 100).sum())} | {int((r > REP_CAP).sum())} | {cpu:.1f} | {wall:.1f} |",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="random games per board option")
    ap.add_argument("--uct-games", type=int, default=6, help="uct self-play games per board")
    ap.add_argument("--iterations", type=int, default=200, help="uct iterations per action")
    ap.add_argument(
        "--uct-boards", nargs="*", default=["original", "large", "hex 5"], choices=list(BOARDS)
    )
    ap.add_argument("--no-random", action="store_true", help="uct self-play only")
    ns = ap.parse_args()
    print(
        "| play, board | games | longest | mean of longest | 99th pct | over 100 | over 1,024 "
        "| CPU s | wall s |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, opts in BOARDS.items() if not ns.no_random else ():
        game = new_game("throngs", **opts)
        c0, w0 = time.process_time(), time.perf_counter()
        runs = []
        for i in range(ns.games):
            _, acts = random_game(game, game_seed(7, i), keep_actions=True)
            assert acts is not None
            runs.append(longest_run(game, acts))
        row(f"random, {name}", runs, time.process_time() - c0, time.perf_counter() - w0)
    for name in ns.uct_boards:
        game = new_game("throngs", **BOARDS[name])
        c0, w0 = time.process_time(), time.perf_counter()
        runs = []
        for i in range(ns.uct_games):
            players = [make_player("uct", seed=2 * i), make_player("uct", seed=2 * i + 1)]
            st = game.new_initial_state()
            best = 0
            while not st.is_terminal() and st.ply < 20_000:
                seat = int(st.array[H_PLAYER])
                st.apply(players[seat].choose(st, Limit(iterations=ns.iterations)))
                best = max(best, int(st.array[S_REPN]))
            runs.append(best)
        row(
            f"uct {ns.iterations} it., {name}",
            runs,
            time.process_time() - c0,
            time.perf_counter() - w0,
        )


if __name__ == "__main__":
    main()
