"""Observation tensors of positions, for learning programs: one layout, written by one compiled
writer per game, shared by the OpenSpiel games (:mod:`hexarena.openspiel`), the PettingZoo and
Gymnasium environments (:mod:`hexarena.envs`) and the batched environments
(:mod:`hexarena.vector`).

An observation is a ``float32`` tensor of shape ``(planes, rows, columns)``: the board's axial
grid, row ``r - rmin`` and column ``q - qmin`` for the cell ``(q, r)``, with zeros off the board.
It is seen by one seat (0 = the player who moved first); the batched environments show each
environment as the seat to act sees it. The planes, in order:

- **dynamic** planes, written by a compiled writer from the state array on every call:
  ``colour0`` and ``colour1`` (a stone of that colour; colour 0 is the colour that starts),
  ``empty`` (an empty cell of the board), ``me_colour0`` and ``me_colour1`` (every cell 1 when
  the observing seat plays that colour; both 0 before the colours are settled, in Throngs'
  set-up), ``me_to_act`` (every cell 1 when the decision is the observing seat's), then each
  game's own dynamic planes;
- **static** planes, the same in every position of a game, written once per buffer: ``board``
  (1 on the board's cells) and each game's own static planes.

Each game's own planes (:data:`PLANES` lists them by name):

- Churn: ``group_size`` (size of the group of each stone, divided by the number of cells).
- Gyre: ``last`` (the last stone placed); static ``ring`` (the perimeter ring) and ``centre``.
- Scrunch: ``creation0``/``creation1`` (every cell 1 while that colour is in its creation phase),
  the decision under way as four whole planes ``phase_start``, ``phase_pick``, ``phase_dest``,
  ``phase_remove``, and ``placed`` and ``picked`` (the placement and the stone picked in the
  growth under way; the placed stone is also in its colour's plane, as the game shows it).
- China Grove: ``turn_class`` (the cells of the class of the turn under way) and ``left``
  (every cell: checkers still to place in the turn under way, divided by 6); static ``exit0`` ..
  ``exit5`` (the cell has a neighbour in direction 0 .. 5, the six exits).
- Throngs: ``potential`` (Black's stones minus White's among each site and its neighbours,
  divided by 7; a site's action potential is this for Black and minus this for White), the
  phase as seven whole planes ``setup_black``, ``setup_white1``, ``setup_white2``, ``choose``,
  ``select``, ``dispatch``, ``after_deploy``, ``selected`` (the site selected for a dispatch),
  ``budget`` (every cell: the dispatch budget divided by 7), ``second_move`` (every cell 1 in the
  turn's second move), ``stall0``/``stall1`` (every cell: that colour's dispatches in a row,
  divided by 3, for ``no_stalling``).

The writers (``observe_<game>(g, arr, seat, geo, out)``) take the game's constant table, the
state array, the seat, the geometry table of :class:`Observer` (``[n, rows * columns, flat
position of each cell..., runs...]``) and the tensor flattened (one dimension, plane ``p`` from
``p * rows * columns``: a one-dimensional index is several times faster to write than a 3-D
one). They write the dynamic planes on the board's cells and nothing else, so a buffer whose
static planes and off-board zeros were written once (:meth:`Observer.new_buffer`) is refreshed by
the writer alone. A plane that holds one value on every cell is rewritten only when its value
changes (the writer reads its first cell): ``out`` is a buffer from :meth:`Observer.new_buffer`,
written since only by the writers of its game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from .bits import byte_view
from .core import (
    H_COLOUR,
    H_PLAYER,
    H_SWAPPED,
    Array,
    Game,
    HexArenaError,
    State,
    WrongTypeError,
)
from .games import china_grove, churn, gyre, scrunch, throngs
from .limits import cut_repr

Tensor = npt.NDArray[np.float32]

COMMON_DYNAMIC = ("colour0", "colour1", "empty", "me_colour0", "me_colour1", "me_to_act")
COMMON_STATIC = ("board",)

#: Each game's own planes: (dynamic, static).
GAME_PLANES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "churn": (("group_size",), ()),
    "gyre": (("last",), ("ring", "centre")),
    "scrunch": (
        (
            "creation0",
            "creation1",
            "phase_start",
            "phase_pick",
            "phase_dest",
            "phase_remove",
            "placed",
            "picked",
        ),
        (),
    ),
    "china-grove": (("turn_class", "left"), tuple(f"exit{d}" for d in range(6))),
    "throngs": (
        (
            "potential",
            "setup_black",
            "setup_white1",
            "setup_white2",
            "choose",
            "select",
            "dispatch",
            "after_deploy",
            "selected",
            "budget",
            "second_move",
            "stall0",
            "stall1",
        ),
        (),
    ),
}

#: Every game's planes by name, in tensor order.
PLANES: dict[str, tuple[str, ...]] = {
    name: COMMON_DYNAMIC + dyn + COMMON_STATIC + stat for name, (dyn, stat) in GAME_PLANES.items()
}


# ---------------------------------------------------------------- writers
# The geometry table: [n, rows * columns, number of runs, flat position of each cell (n), then
# per run: its first flat position, its first cell, its length]. A run is a stretch of cells
# next to each other in one row: consecutive in the board's cell order (by row, then column) and
# in the tensor, so the writers go through runs with contiguous indices, which the compiler turns
# into vector instructions (a write through the table of positions costs several times more).
_POS = 3


@njit(cache=True, inline="always")
def _runs(geo: Array) -> int:  # pragma: no cover - compiled
    """Where the runs start in the geometry table."""
    return _POS + geo[0]


@njit(cache=True, inline="always")
def _whole(geo: Array, out: Any, p: int, value: float) -> None:  # pragma: no cover - compiled
    """Plane ``p`` holds ``value`` on every cell of the board (rewritten only on a change)."""
    v = np.float32(value)
    at = p * geo[1]
    if out[at + geo[_POS]] == v:
        return
    r0 = _runs(geo)
    for r in range(geo[2]):
        k = at + geo[r0 + 3 * r]
        for j in range(geo[r0 + 3 * r + 2]):
            out[k + j] = v


@njit(cache=True, inline="always")
def _one(geo: Array, out: Any, p: int, x: int) -> None:  # pragma: no cover - compiled
    """Plane ``p`` is 1 at cell ``x`` and 0 elsewhere (all 0 when ``x < 0``)."""
    at = p * geo[1]
    r0 = _runs(geo)
    for r in range(geo[2]):
        k = at + geo[r0 + 3 * r]
        for j in range(geo[r0 + 3 * r + 2]):
            out[k + j] = 0.0
    if x >= 0:
        out[at + geo[_POS + x]] = 1.0


@njit(cache=True, inline="always")
def _common(
    arr: Array, cells: Any, col: int, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """The common planes 0 .. 5, from the cell contents at ``cells[col:]`` (in their low two
    bits: 0 empty, 1 colour 0, 2 colour 1; ``cells`` is ``arr`` or its bytes, as Churn keeps
    them)."""
    s = geo[1]
    r0 = _runs(geo)
    for r in range(geo[2]):
        k = geo[r0 + 3 * r]
        c = col + geo[r0 + 3 * r + 1]
        for j in range(geo[r0 + 3 * r + 2]):
            v = cells[c + j] & 3
            out[k + j] = v == 1
            out[s + k + j] = v == 2
            out[2 * s + k + j] = v == 0
    sw = arr[H_SWAPPED]
    mine = -1 if sw < 0 else seat ^ sw
    _whole(geo, out, 3, 1.0 if mine == 0 else 0.0)
    _whole(geo, out, 4, 1.0 if mine == 1 else 0.0)
    _whole(geo, out, 5, 1.0 if arr[H_PLAYER] == seat else 0.0)


@njit(cache=True)
def observe_churn(
    g: Array, arr: Array, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """Churn's dynamic planes (see the module's docstring)."""
    n = geo[0]
    b = byte_view(arr)  # a cell's colour, group id and size are bytes (see hexarena.games.churn)
    col = churn.byte_block(churn.Y_CELL, n)
    _common(arr, b, col, seat, geo, out)
    gid = churn.byte_block(churn.Y_GID, n)
    gsize = churn.byte_block(churn.Y_GSIZE, n)
    at = 6 * geo[1]
    for x in range(n):
        size = b[gsize + b[gid + x]] / n if (b[col + x] & churn.COLOUR_BITS) != 0 else 0.0
        out[at + geo[_POS + x]] = size


@njit(cache=True)
def observe_gyre(
    g: Array, arr: Array, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """Gyre's dynamic planes."""
    _common(arr, arr, gyre.BASE + gyre.B_COL * geo[0], seat, geo, out)
    _one(geo, out, 6, arr[gyre.S_LAST])


@njit(cache=True)
def observe_scrunch(
    g: Array, arr: Array, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """Scrunch's dynamic planes."""
    _common(arr, arr, scrunch.BASE + scrunch.B_COL * geo[0], seat, geo, out)
    _whole(geo, out, 6, 1.0 if arr[scrunch.S_CREATE] else 0.0)
    _whole(geo, out, 7, 1.0 if arr[scrunch.S_CREATE + 1] else 0.0)
    going = arr[H_PLAYER] >= 0
    at = arr[scrunch.S_PHASE] if going else -1
    for k in range(4):
        _whole(geo, out, 8 + k, 1.0 if k == at else 0.0)
    x = arr[scrunch.S_P] if going else -1
    _one(geo, out, 12, x)
    if x >= 0:  # the growth's stone, placed but not yet on the board
        s = geo[1]
        k = geo[_POS + x]
        out[arr[H_COLOUR] * s + k] = 1.0
        out[2 * s + k] = 0.0
    _one(geo, out, 13, arr[scrunch.S_S])


@njit(cache=True)
def observe_china_grove(
    g: Array, arr: Array, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """China Grove's dynamic planes."""
    n = geo[0]
    _common(arr, arr, china_grove.BASE, seat, geo, out)
    k = arr[china_grove.S_CLASS]
    cls = china_grove.G_NB + 6 * n  # the class of each cell in the constant table
    at = 6 * geo[1]
    for x in range(n):
        out[at + geo[_POS + x]] = k >= 0 and g[cls + x] == k
    _whole(geo, out, 7, arr[china_grove.S_LEFT] / 6.0 if k >= 0 else 0.0)


@njit(cache=True)
def observe_throngs(
    g: Array, arr: Array, seat: int, geo: Array, out: Any
) -> None:  # pragma: no cover - compiled
    """Throngs' dynamic planes."""
    n = geo[0]
    col = throngs.BASE + throngs.B_COL * n
    _common(arr, arr, col, seat, geo, out)
    nb = throngs.G_NB
    at = 6 * geo[1]
    for x in range(n):
        # (v & 1) - (v >> 1): +1 for Black (1), -1 for White (2), 0 for empty, without a branch
        # to mispredict (a branchy count took most of the writer's time)
        v = arr[col + x]
        pot = (v & 1) - (v >> 1)
        for d in range(6):
            y = g[nb + 6 * x + d]
            if y >= 0:
                w = arr[col + y]
                pot += (w & 1) - (w >> 1)
        out[at + geo[_POS + x]] = pot / 7.0
    going = arr[H_PLAYER] >= 0
    phase = arr[throngs.S_PHASE] if going else -1
    for k in range(7):
        _whole(geo, out, 7 + k, 1.0 if k == phase else 0.0)
    dest = phase >= throngs.P_DISPATCH
    _one(geo, out, 14, arr[throngs.S_SEL] if dest else -1)
    _whole(geo, out, 15, arr[throngs.S_BUDGET] / 7.0 if dest else 0.0)
    _whole(geo, out, 16, 1.0 if going and arr[throngs.S_MOVE] == 1 else 0.0)
    _whole(geo, out, 17, min(arr[throngs.S_STALL], 3) / 3.0)
    _whole(geo, out, 18, min(arr[throngs.S_STALL + 1], 3) / 3.0)


WRITERS: dict[str, Callable[..., None]] = {
    "churn": observe_churn,
    "gyre": observe_gyre,
    "scrunch": observe_scrunch,
    "china-grove": observe_china_grove,
    "throngs": observe_throngs,
}


# ---------------------------------------------------------------- the observer
class Observer:
    """The observation tensors of one game: shape, plane names, geometry and compiled writer.

    >>> import hexarena
    >>> obs = Observer(hexarena.new_game("churn", size=2))
    >>> obs.shape, obs.planes[:3]
    ((8, 3, 3), ('colour0', 'colour1', 'empty'))
    """

    def __init__(self, game: Game) -> None:
        if game.name not in WRITERS:
            raise ValueError(f"no observation writer for the game {game.name!r}")
        self.game = game
        self.planes: tuple[str, ...] = PLANES[game.name]
        dyn, _ = GAME_PLANES[game.name]
        #: number of dynamic planes (the writer writes planes ``0 .. dynamic-1``)
        self.dynamic = len(COMMON_DYNAMIC) + len(dyn)
        b = game.board
        rows = np.array([r - b.rmin for _, r in b.cells], dtype=np.int32)
        cols = np.array([q - b.qmin for q, _ in b.cells], dtype=np.int32)
        width = b.qmax - b.qmin + 1
        self.shape: tuple[int, int, int] = (len(self.planes), b.rmax - b.rmin + 1, width)
        area = self.shape[1] * width
        pos = rows * width + cols
        runs: list[list[int]] = []  # [first flat position, first cell, length]
        for x in range(b.size):
            if runs and pos[x] == pos[x - 1] + 1 and rows[x] == rows[x - 1]:
                runs[-1][2] += 1
            else:
                runs.append([int(pos[x]), x, 1])
        #: ``[n, rows * columns, runs, flat position of each cell..., (first position, first
        #: cell, length) of each run...]``, as the writers take it (see the writers' notes)
        self.geo: Array = np.concatenate(
            [np.array([b.size, area, len(runs)], np.int32), pos, np.array(runs, np.int32).ravel()]
        ).astype(np.int32)
        self.rows = rows
        self.cols = cols
        #: the compiled writer ``writer(g, arr, seat, geo, flat_out)``
        self.writer = WRITERS[game.name]
        self.static = self._static_planes()
        #: the length of this game's state arrays (the least, for a game whose arrays grow)
        self.array_length = len(game.initial_array())

    def _static_planes(self) -> Tensor:
        """The static planes (board, and the game's own), as a tensor of their own."""
        b = self.game.board
        _, stat = GAME_PLANES[self.game.name]
        planes = np.zeros((1 + len(stat), *self.shape[1:]), np.float32)
        planes[0, self.rows, self.cols] = 1.0
        for k, name in enumerate(stat, start=1):
            if name == "ring":
                ring = np.asarray(b.ring)
                planes[k, self.rows[ring], self.cols[ring]] = 1.0
            elif name == "centre":
                planes[k, self.rows[b.centre], self.cols[b.centre]] = 1.0
            elif name.startswith("exit"):
                d = int(name[4:])
                has = np.asarray(b.neighbors)[:, d] >= 0
                planes[k, self.rows[has], self.cols[has]] = 1.0
            else:  # pragma: no cover - every static plane is named above
                raise AssertionError(name)
        return planes

    def new_buffer(self, count: int | None = None) -> Tensor:
        """A zero tensor of :attr:`shape` with the static planes written in; with ``count``,
        ``count`` of them in one array (``(count, *shape)``, for a batch)."""
        lead = () if count is None else (count,)
        out = np.zeros((*lead, *self.shape), np.float32)
        out[..., self.dynamic :, :, :] = self.static
        return out

    def fill(self, arr: Array, seat: int, out: Tensor) -> None:
        """Write the dynamic planes of position ``arr`` seen by ``seat`` into ``out`` (a buffer
        from :meth:`new_buffer`, written since only by this method)."""
        if out.shape != self.shape or out.dtype != np.float32 or not out.flags.c_contiguous:
            raise ValueError(f"out is a buffer from new_buffer(), {self.shape} float32")
        if (
            type(arr) is not np.ndarray
            or arr.dtype != np.int32
            or arr.ndim != 1
            or not (
                len(arr) == self.array_length or (self.game.grows and len(arr) > self.array_length)
            )
        ):
            raise ValueError(self._not_an_array(arr))
        if type(seat) is not int:
            seat = _check_seat(seat)
        elif not 0 <= seat <= 1:
            raise HexArenaError(f"seat is 0 or 1 (0 moved first), not {cut_repr(seat, 60)}")
        self.writer(self.game.consts, arr, seat, self.geo, out.reshape(-1))

    def _not_an_array(self, arr: Any) -> str:
        """The message refusing ``arr`` as a state array of this game."""
        length = f"{self.array_length:,}" + (" or more" if self.game.grows else "")
        if isinstance(arr, np.ndarray):
            what = f"{arr.dtype} array of shape {arr.shape}"
        else:
            what = type(arr).__name__
        return f"arr is a state array of {self.game!r}: int32, {length} entries, not a {what}"

    def observe(self, state: State, seat: int) -> Tensor:
        """A new observation tensor of ``state`` seen by ``seat``."""
        if state.game is not self.game and state.game != self.game:
            raise ValueError(
                f"the state is of {cut_repr(state.game, 120)}, not of {cut_repr(self.game, 120)}"
            )
        out = self.new_buffer()
        self.fill(state.array, seat, out)
        return out


def _check_seat(seat: Any) -> int:
    """``seat`` (a NumPy integer, or anything else that is not a Python ``int``) as an ``int``
    if it is 0 or 1; an error naming it if not (booleans are not seats)."""
    if isinstance(seat, bool | np.bool_) or not isinstance(seat, int | np.integer):
        raise WrongTypeError(f"seat is 0 or 1 (0 moved first), not {cut_repr(seat, 60)}")
    if not 0 <= seat <= 1:
        raise HexArenaError(f"seat is 0 or 1 (0 moved first), not {cut_repr(int(seat), 60)}")
    return int(seat)


__all__ = ["GAME_PLANES", "PLANES", "WRITERS", "Observer", "Tensor"]
