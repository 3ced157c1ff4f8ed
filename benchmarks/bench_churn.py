"""Churn benchmark: turns per second and game length of random play on sides 3 to 7.

Run ``python benchmarks/bench_churn.py`` (``--quick`` for a short run).
"""

from __future__ import annotations

from common import parser, print_table, time_playouts

import hexarena


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    rows = []
    for size in (3, 4, 5, 6, 7):
        game = hexarena.new_game("churn", size=size)
        r = time_playouts(game, seconds)
        rows.append(
            [
                size,
                game.board.size,
                r["games"],
                r["mean_turns"],
                r["turns_per_second"],
                r["seconds_per_game"],
            ]
        )
    print_table(
        "Churn random play",
        ["side", "cells", "games", "mean turns", "turns/s", "s/game"],
        rows,
    )


if __name__ == "__main__":
    main()
