"""Positions set up by hand for analysis and tests: the part the games' ``position`` methods
share (stones named per colour, and who is to move)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core import H_COLOUR, H_PLAYER, H_PLY, H_SWAPPED, H_TURN, Array, OptionError
from ..hexgrid import Board


def named_stones(board: Board, by_colour: Sequence[Iterable[str]]) -> list[tuple[int, int]]:
    """``(cell, colour)`` for every stone named in ``by_colour`` (colour 0's cell names, then
    colour 1's), in order; a cell named twice is refused, a name not on the board raises the
    board's own error."""
    seen: set[int] = set()
    out: list[tuple[int, int]] = []
    for colour, cells in enumerate(by_colour):
        for name in cells:
            x = board.parse(name)
            if x in seen:
                raise OptionError(f"cell {name} is given twice")
            seen.add(x)
            out.append((x, colour))
    return out


def colour_to_move(colours: Sequence[str], to_move: str) -> int:
    """The colour index of ``to_move`` (a colour's name), refused unless it is one."""
    if to_move not in colours:
        raise OptionError(f"to_move must be {' or '.join(colours)}, not {to_move!r}")
    return list(colours).index(to_move)


def set_to_move(arr: Array, colour: int, *, swapped: bool, turn: int) -> None:
    """The header of a position set up by hand: ``colour`` to act, played by seat ``colour ^
    swapped``, after ``turn`` turns (and as many actions)."""
    arr[H_COLOUR] = colour
    arr[H_SWAPPED] = int(swapped)
    arr[H_PLAYER] = colour ^ int(swapped)
    arr[H_TURN] = turn
    arr[H_PLY] = turn
