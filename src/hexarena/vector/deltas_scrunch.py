"""Scrunch's incremental observation in the batched environments, learnt from the action.

In a game that goes on, which cells an action changes follows from the action and the ``memo``
row: an egg or a placement changes its own cell (a placement shows the stone placed but not yet
on the board), picking a stone changes no cell, and a destination completes the growth: the
placed stone goes on the board, the stone picked leaves its cell and the destination fills
(the placed and picked cells are kept in the ``memo`` while ``placed`` and ``picked`` show
them). Only a removal changes more (a whole snake), and then every cell is compared. So
:func:`delta_scrunch_after` looks at those cells, then the whole planes, each rewritten only
when the value the ``memo`` row keeps for it changed (no plane is read to compare).

The ``memo`` row: each cell's contents as shown (``n``: 0 empty, 1 Black, 2 White, plus 4 x (1
+ colour) on the placed cell), the placed cell, the picked cell, the phase shown (-1 once the
game is over), the two creation flags, the colour of the seat shown (-1 before colours are
settled), then the mask writer's working space (:func:`hexarena.games.scrunch.mask_into`).
"""

from __future__ import annotations

from typing import Any

from numba import njit

from ..core import H_COLOUR, H_PLAYER, H_SWAPPED, Array
from ..games import scrunch
from ..observe import _POS
from .deltas import _move_one, _onehot, _plane, _stones

#: Entries of the ``memo`` row before the mask writer's working space, past the ``n`` cells.
SHOWN_EXTRA = 6


@njit(cache=True, inline="always")
def _code(arr: Array, x: int) -> int:  # pragma: no cover - compiled
    """What cell ``x`` shows: its contents, plus 4 x (1 + colour) when it holds the stone
    placed in the growth under way (not yet on the board)."""
    n = arr[scrunch.S_N]
    v = arr[scrunch.BASE + scrunch.B_COL * n + x]
    if x == arr[scrunch.S_P] and arr[H_PLAYER] >= 0:
        v += 4 * (1 + arr[H_COLOUR])
    return v


@njit(cache=True, inline="always")
def _cell(arr: Array, geo: Array, out: Any, memo: Any, x: int) -> None:  # pragma: no cover
    """Cell ``x`` (nothing when ``x < 0``): its stone planes, if what it shows changed."""
    if x < 0:
        return
    v = _code(arr, x)
    if v != memo[x]:
        memo[x] = v
        _stones(geo, out, geo[_POS + x], v)


@njit(cache=True, inline="always")
def shown_values(arr: Array, seat: int) -> tuple[int, int, int, int]:  # pragma: no cover
    """What the whole planes show, as whole numbers (the ``memo`` row's entries ``n + 2`` on):
    the phase (-1 once the game is over), the creation flags of Black and White, and the colour
    of ``seat`` (-1 before the colours are settled)."""
    going = arr[H_PLAYER] >= 0
    sw = arr[H_SWAPPED]
    return (
        arr[scrunch.S_PHASE] if going else -1,
        arr[scrunch.S_CREATE],
        arr[scrunch.S_CREATE + 1],
        -1 if sw < 0 else seat ^ sw,
    )


@njit(cache=True, inline="always")
def update_scrunch(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int, rewrite: bool = False
) -> None:  # pragma: no cover - compiled
    """:func:`delta_scrunch_after`, compiled into its caller (the batched step's update: a call
    passes each array as seven values). The phase planes trade places with the plane shown
    before (:func:`hexarena.vector.deltas._swap`), or with ``rewrite`` (a constant of the
    caller: for observations beyond a core's caches) the plane shown before is cleared and the
    new one filled, by ordinary stores that need not wait for the planes' lines as a swap's
    loads do; the two seat planes are rewritten so at every size (docs/batched-speed-scrunch.md:
    at N = 1,024 swapping took about two thirds of the time of streaming stores, fifth round;
    rewriting, about nine tenths of the time of swapping, twelfth round)."""
    n = geo[0]
    if a < n:
        _cell(arr, geo, out, memo, a)
        _cell(arr, geo, out, memo, memo[n])
        _cell(arr, geo, out, memo, memo[n + 1])
    else:
        for x in range(n):
            _cell(arr, geo, out, memo, x)
    phase, create0, create1, mine = shown_values(arr, seat)
    _onehot(geo, out, 8, memo, n + 2, phase, False, not rewrite)
    going = arr[H_PLAYER] >= 0
    _move_one(geo, out, 12, memo, n, arr[scrunch.S_P] if going else -1)
    _move_one(geo, out, 13, memo, n + 1, arr[scrunch.S_S])
    if memo[n + 3] != create0:
        memo[n + 3] = create0
        _plane(geo, out, 6, float(create0))
    if memo[n + 4] != create1:
        memo[n + 4] = create1
        _plane(geo, out, 7, float(create1))
    if memo[n + 5] != mine:  # the seat's colour planes, rewritten (not swapped) at every size
        memo[n + 5] = mine
        _plane(geo, out, 3, 1.0 if mine == 0 else 0.0)
        _plane(geo, out, 4, 1.0 if mine == 1 else 0.0)


@njit(cache=True)
def delta_scrunch_after(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """Scrunch after action ``a`` of a game that goes on, shown to the seat to act (``seat``):
    the cell ``a`` names and the placed and picked cells shown before it (every cell after a
    removal), then the whole planes from the values kept in ``memo``. ``me_to_act`` stays 1:
    the update shows each position to the seat to act."""
    update_scrunch(g, arr, seat, geo, out, memo, a)


__all__ = [
    "SHOWN_EXTRA",
    "delta_scrunch_after",
    "shown_values",
    "update_scrunch",
]
