"""China Grove benchmark: board generation time and random playouts per second.

Run ``python benchmarks/bench_china_grove.py`` (``--quick`` for a short run: 20 seeds instead of
200 and 0.3 s per playout measurement).

Board generation (the seeded backtracking search of ``hexarena.games.china_grove_boards``,
compiled in ``hexarena.games.china_grove_search``) is timed per seed (processor time and wall
time) over seeds 0..199 for one island and for two, after one board has loaded the compiled
search (its load time is printed first). The two-island row "no hole limit" runs the generator as it
was before the first island had to leave the second at most one hole (``SECOND_ISLAND_HOLES``
set to 3, which every first island meets), for comparison in the same run. Playouts are complete
random games in compiled code on the default board (seed 1).
"""

from __future__ import annotations

import time

from common import parser, print_table, time_playouts

import hexarena
import hexarena.games.china_grove_boards as boards
from hexarena.games.china_grove_boards import check_board, generate


def generation_times(seeds: int, islands: int) -> list[tuple[float, float, int]]:
    """Processor and wall seconds to generate (and then check) the board of each seed
    ``0 .. seeds-1``, with the seed."""
    times = []
    for seed in range(seeds):
        cpu, wall = time.process_time(), time.perf_counter()
        cells = generate(seed, islands)
        times.append((time.process_time() - cpu, time.perf_counter() - wall, seed))
        check_board(cells, islands)
    return times


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    seeds = 20 if args.quick else 200
    cpu, wall = time.process_time(), time.perf_counter()
    generate(0, 1)
    print(
        f"first board (loads or compiles the search): {time.process_time() - cpu:.3f} s "
        f"processor time, {time.perf_counter() - wall:.3f} s wall time"
    )
    rows = []
    limit = boards.SECOND_ISLAND_HOLES
    for islands, holes, label in ((1, limit, "1"), (2, 3, "2, no hole limit"), (2, limit, "2")):
        boards.SECOND_ISLAND_HOLES = holes
        t = generation_times(seeds, islands)
        boards.SECOND_ISLAND_HOLES = limit
        worst = max(t)
        rows.append(
            [
                label,
                seeds,
                1000 * sum(x[0] for x in t) / len(t),
                1000 * sum(x[1] for x in t) / len(t),
                1000 * worst[0],
                1000 * worst[1],
                worst[2],
            ]
        )
    print_table(
        "China Grove board generation",
        ["islands", "seeds", "mean CPU ms", "mean wall ms", "worst CPU ms", "its wall ms", "seed"],
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
