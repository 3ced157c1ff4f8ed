"""China Grove benchmark: board generation time and random playouts per second.

Run ``python benchmarks/bench_china_grove.py`` (``--quick`` for a short run: 20 seeds instead of
100 and 0.3 s per playout measurement).

Board generation is plain Python (the seeded backtracking search of
``hexarena.games.china_grove_boards``), timed per seed over seeds 0..99 for one island and for
two; playouts are complete random games in compiled code on the default board (seed 1).
"""

from __future__ import annotations

import time

from common import parser, print_table, time_playouts

import hexarena
from hexarena.games.china_grove_boards import check_board, generate


def generation_times(seeds: int, islands: int) -> list[float]:
    """Seconds to generate (and check) the board of each seed ``0 .. seeds-1``."""
    times = []
    for seed in range(seeds):
        start = time.perf_counter()
        cells = generate(seed, islands)
        times.append(time.perf_counter() - start)
        check_board(cells, islands)
    return times


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    seeds = 20 if args.quick else 100
    rows = []
    for islands in (1, 2):
        t = generation_times(seeds, islands)
        rows.append([islands, seeds, 1000 * sum(t) / len(t), 1000 * max(t), 1000 * min(t)])
    print_table(
        "China Grove board generation (plain Python)",
        ["islands", "seeds", "mean ms", "worst ms", "best ms"],
        rows,
    )
    rows = []
    for mode in ("pattern", "number"):
        game = hexarena.new_game("china-grove", mode=mode)
        r = time_playouts(game, seconds)
        rows.append(
            [mode, r["games"], r["mean_turns"], r["playouts_per_second"], r["actions_per_second"]]
        )
    print_table(
        "China Grove random play (board seed 1)",
        ["mode", "games", "mean turns", "playouts/s", "actions/s"],
        rows,
    )


if __name__ == "__main__":
    main()
