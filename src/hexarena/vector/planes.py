"""Observation planes of every game, written by compiled code into a preallocated tensor.

An observation is an array of shape ``(C, cells)``: ``C`` planes, each with one value per cell
of the board in the board's cell order (``game.board.cells``). Colours are absolute, not
relative to the player to act:

- plane 0: 1 where a stone of colour 0 stands (the colour that starts: Red, Black or White);
- plane 1: 1 where a stone of colour 1 stands;
- then the game's own planes (below);
- last plane, *to move*: 1 on every cell when colour 1 is to act, 0 when colour 0 is (and 0
  when no colour acts: Throngs' set-up and colour choice, which its phase planes show).

A plane that holds one number (a count, a flag) repeats it on every cell. Values are small
integers, stored as ``float32`` or ``int8``. The game's own planes:

=============  ==============================================================================
Churn          none (3 planes)
Gyre           none (3 planes)
Throngs        2: Black-minus-White potential of each site (-7 .. 7; the mover's potential is
               this, or its negative for White); 3: the selected site (destination phases);
               4: the dispatch budget (destination phases); 5-9: phase, one plane each:
               set-up placements, colour choice, select a move, dispatch destination,
               destination of a just deployed stone (or stop); 10: the move of the turn under
               way (0 first, 1 second); 11, 12: Black's and White's dispatches in a row (for
               ``no_stalling``) (14 planes)
Scrunch        2, 3: Black, White in the creation phase; 4-7: decision under way, one plane
               each: start of a turn, pick the stone to move, its destination, more removals;
               8: the placement of the growth under way (its stone is in the colour planes
               already); 9: the stone picked (11 planes)
China Grove    2-7: exits, one plane per direction (1 where the cell has a neighbour on the
               board that way, in ``hexgrid.DIRECTIONS`` order); 8: cells of the class of
               the turn under way (all 0 between turns); 9: checkers still to place in the
               turn under way (11 planes)
=============  ==============================================================================

:func:`observer` gives a game's compiled writer ``observe(g, arr, out)`` and :func:`plane_names`
the names of its planes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit

from ..core import H_COLOUR, H_PLAYER, Array, Game
from ..games import china_grove, churn, gyre, scrunch, throngs


@njit(cache=True, inline="always")
def _colours(out: Any, arr: Array, col: int, n: int) -> None:  # pragma: no cover - compiled
    """Planes 0 and 1 from a block of cell contents (0 empty, 1 colour 0, 2 colour 1)."""
    for x in range(n):
        v = arr[col + x]
        out[x] = v == 1
        out[n + x] = v == 2


@njit(cache=True, inline="always")
def _fill(out: Any, p: int, n: int, v: int) -> None:  # pragma: no cover - compiled
    """Plane ``p`` holds ``v`` on every cell."""
    for x in range(n):
        out[p * n + x] = v


@njit(cache=True, inline="always")
def _to_move(out: Any, arr: Array, n: int) -> None:  # pragma: no cover - compiled
    """The last plane: 1 everywhere when colour 1 acts (and the game goes on), else 0."""
    p = out.shape[0] // n - 1
    _fill(out, p, n, 1 if arr[H_PLAYER] >= 0 and arr[H_COLOUR] == 1 else 0)


# The writers take ``out`` flat, ``C * n`` long (plane p at ``p * n``): indexing one
# dimension with every entry written once is several times faster than a 2-D fill.
@njit(cache=True)
def observe_churn(g: Array, arr: Array, out: Any) -> None:  # pragma: no cover - compiled
    """Churn's planes: the two colours and the colour to move."""
    n = g[0]
    _colours(out, arr, churn.BASE + churn.B_COL * n, n)
    _to_move(out, arr, n)


@njit(cache=True)
def observe_gyre(g: Array, arr: Array, out: Any) -> None:  # pragma: no cover - compiled
    """Gyre's planes: the two colours and the colour to move."""
    n = g[0]
    _colours(out, arr, gyre.BASE + gyre.B_COL * n, n)
    _to_move(out, arr, n)


@njit(cache=True)
def observe_throngs(g: Array, arr: Array, out: Any) -> None:  # pragma: no cover - compiled
    """Throngs' planes: colours, potentials, selected site, budget, phase, move, stalls."""
    n = g[0]
    col = throngs.BASE + throngs.B_COL * n
    _colours(out, arr, col, n)
    nb = throngs.G_NB
    for x in range(n):
        # (v & 1) - (v >> 1): +1 for Black (1), -1 for White (2), 0 for empty; no branch to
        # mispredict (a branchy count took most of the step's time)
        v = arr[col + x]
        pot = (v & 1) - (v >> 1)
        for d in range(6):
            y = g[nb + 6 * x + d]
            if y >= 0:
                w = arr[col + y]
                pot += (w & 1) - (w >> 1)
        out[2 * n + x] = pot
    going = arr[H_PLAYER] >= 0
    phase = arr[throngs.S_PHASE]
    dest = going and phase >= throngs.P_DISPATCH
    sel = arr[throngs.S_SEL]
    _fill(out, 3, n, 0)
    if dest and sel >= 0:
        out[3 * n + sel] = 1
    _fill(out, 4, n, arr[throngs.S_BUDGET] if dest else 0)
    at = 5 + max(phase - throngs.P_SETUP_WHITE2, 0) if going else -1
    for p in range(5, 10):
        _fill(out, p, n, 1 if p == at else 0)
    _fill(out, 10, n, arr[throngs.S_MOVE] if going else 0)
    _fill(out, 11, n, arr[throngs.S_STALL])
    _fill(out, 12, n, arr[throngs.S_STALL + 1])
    _to_move(out, arr, n)


@njit(cache=True)
def observe_scrunch(g: Array, arr: Array, out: Any) -> None:  # pragma: no cover - compiled
    """Scrunch's planes: colours, creation phases, decision under way, placement, stone."""
    n = g[0]
    _colours(out, arr, scrunch.BASE + scrunch.B_COL * n, n)
    _fill(out, 2, n, arr[scrunch.S_CREATE])
    _fill(out, 3, n, arr[scrunch.S_CREATE + 1])
    going = arr[H_PLAYER] >= 0
    at = 4 + arr[scrunch.S_PHASE] if going else -1
    for p in range(4, 8):
        _fill(out, p, n, 1 if p == at else 0)
    _fill(out, 8, n, 0)
    _fill(out, 9, n, 0)
    if going:
        pl = arr[scrunch.S_P]
        if pl >= 0:  # the growth's new stone, on the board already in the colour planes
            out[8 * n + pl] = 1
            out[arr[H_COLOUR] * n + pl] = 1
        s = arr[scrunch.S_S]
        if s >= 0:
            out[9 * n + s] = 1
    _to_move(out, arr, n)


@njit(cache=True)
def observe_china_grove(g: Array, arr: Array, out: Any) -> None:  # pragma: no cover - compiled
    """China Grove's planes: colours, exits, the class of the turn under way, checkers left."""
    n = g[0]
    _colours(out, arr, china_grove.BASE, n)
    nb = china_grove.G_NB
    for d in range(6):
        for x in range(n):
            out[(2 + d) * n + x] = g[nb + 6 * x + d] >= 0
    k = arr[china_grove.S_CLASS]
    cls = nb + 6 * n
    for x in range(n):
        out[8 * n + x] = k >= 0 and g[cls + x] == k
    _fill(out, 9, n, arr[china_grove.S_LEFT] if k >= 0 else 0)
    _to_move(out, arr, n)


_COMMON_FIRST = ("colour 0", "colour 1")
_PLANES: dict[str, tuple[str, ...]] = {
    "churn": (),
    "gyre": (),
    "throngs": (
        "potential (Black minus White)",
        "selected site",
        "dispatch budget",
        "phase: set-up",
        "phase: colour choice",
        "phase: select",
        "phase: dispatch destination",
        "phase: deploy destination or stop",
        "move of the turn",
        "Black dispatches in a row",
        "White dispatches in a row",
    ),
    "scrunch": (
        "Black creating",
        "White creating",
        "decision: start of turn",
        "decision: pick stone",
        "decision: destination",
        "decision: more removals",
        "placement under way",
        "stone picked",
    ),
    "china-grove": (
        *(f"exit {d}" for d in range(6)),
        "class of the turn under way",
        "checkers left this turn",
    ),
}
_OBSERVERS: dict[str, Callable[..., None]] = {
    "churn": observe_churn,
    "gyre": observe_gyre,
    "throngs": observe_throngs,
    "scrunch": observe_scrunch,
    "china-grove": observe_china_grove,
}


def plane_names(game: Game) -> tuple[str, ...]:
    """Names of a game's observation planes, in order (their number is ``C``)."""
    return (*_COMMON_FIRST, *_PLANES[game.name], "to move")


def observer(game: Game) -> Callable[..., None]:
    """The compiled writer ``observe(g, arr, out)`` of a game's planes (``out``: flat, ``C * n``
    long, plane ``p`` from ``p * n``; it writes every entry)."""
    return _OBSERVERS[game.name]


def observation(game: Game, arr: Array, dtype: Any = np.float32) -> np.ndarray:
    """The planes of one position (a state array) as a new ``(C, cells)`` array."""
    out = np.zeros((len(plane_names(game)), game.board.size), dtype=dtype)
    observer(game)(game.consts, np.ascontiguousarray(arr), out.reshape(-1))
    return out
