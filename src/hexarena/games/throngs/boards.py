"""Throngs' boards: the original 93-site board (NOTES.md), the large 177-site board
(shipped as data, designed by :mod:`hexarena.games.throngs.design`) and regular hexhex boards.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from ...hexgrid import Board, from_cells, hexhex

#: Cells of the original 93-site board, row by row from the bottom (NOTES.md).
ORIGINAL_ROWS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (0, (0, 1, 5, 6)),
    (1, tuple(range(-1, 7))),
    (2, tuple(range(-1, 6))),
    (3, tuple(range(-2, 6))),
    (4, tuple(range(-4, 7))),
    (5, tuple(range(-5, 7))),
    (6, tuple(range(-5, 6))),
    (7, tuple(range(-4, 4))),
    (8, tuple(range(-4, 3))),
    (9, tuple(range(-4, 2))),
    (10, tuple(range(-5, 2))),
    (11, (-5, -4, -1, 0)),
)

#: The standard set-up of the original board: Black's site and White's two sites.
STANDARD_BLACK = (-2, 10)
STANDARD_WHITE = ((1, 1), (4, 1))

BOARDS = ("original", "large", "hex")
SETUPS = ("choose", "standard")


# ---------------------------------------------------------------- boards
def original_cells() -> list[tuple[int, int]]:
    """The 93 sites of the original board, as axial ``(q, r)``."""
    return [(q, r) for r, qs in ORIGINAL_ROWS for q in qs]


@functools.cache
def original_board() -> Board:
    """The original 93-site board."""
    return from_cells(original_cells(), "original board")


def large_cells() -> list[tuple[int, int]]:
    """The 177 sites of the large board, read from the data shipped with the package."""
    text = resources.files("hexarena").joinpath("data/throngs_large.json").read_text("utf-8")
    data = json.loads(text)
    return [(int(q), int(r)) for q, r in data["cells"]]


@functools.cache
def large_board() -> Board:
    """The large 177-site board (designed by :mod:`hexarena.games.throngs.design`)."""
    return from_cells(large_cells(), "large board")


def board_for(options: dict[str, Any]) -> Board:
    """The board that the options name."""
    if options["board"] == "original":
        return original_board()
    if options["board"] == "large":
        return large_board()
    return hexhex(int(options["size"]))
