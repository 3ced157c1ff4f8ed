"""Scrunch benchmark: random playouts per second and game length on sides 3, 5 and 7.

Run ``python benchmarks/bench_scrunch.py`` (``--quick`` for a short run). The target is at
least 10,000 random playouts per second on side 5. Besides the wall-clock rate, the table gives
the rate per second of processor time, which stays meaningful when other work shares the
machine.
"""

from __future__ import annotations

from common import parser, print_table, time_playouts

import hexarena


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    rows = []
    for size in (3, 5, 7):
        game = hexarena.new_game("scrunch", size=size)
        r = time_playouts(game, seconds)
        rows.append(
            [
                size,
                game.board.size,
                r["games"],
                r["mean_turns"],
                r["actions_per_second"],
                r["playouts_per_second"],
                r["games"] / r["cpu"],
            ]
        )
    print_table(
        "Scrunch random play",
        ["side", "cells", "games", "mean turns", "actions/s", "playouts/s", "playouts/cpu-s"],
        rows,
    )


if __name__ == "__main__":
    main()
