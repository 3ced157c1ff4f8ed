"""Gyre benchmark: random playouts per second and game length on sides 5, 7 and 9.

Run ``python benchmarks/bench_gyre.py`` (``--quick`` for a short run). Each playout is a whole
random game from the empty board, win test after every placement included.
"""

from __future__ import annotations

from common import parser, print_table, time_playouts

import hexarena


def main() -> None:
    """Measure and print the figures."""
    args = parser(__doc__ or "").parse_args()
    seconds = 0.3 if args.quick else args.seconds
    rows = []
    for size in (5, 7, 9):
        game = hexarena.new_game("gyre", size=size)
        r = time_playouts(game, seconds)
        rows.append(
            [
                size,
                game.board.size,
                r["games"],
                r["mean_turns"],
                r["playouts_per_second"],
                r["turns_per_second"],
            ]
        )
    print_table(
        "Gyre random playouts",
        ["side", "cells", "games", "mean turns", "playouts/s", "turns/s"],
        rows,
    )


if __name__ == "__main__":
    main()
