"""Observation tensors of positions, for learning programs (OpenSpiel, PettingZoo, Gymnasium,
batched environments).

An observation is a ``float32`` tensor of shape ``(planes, rows, columns)``: the board's axial
grid, row ``r - rmin`` and column ``q - qmin`` for the cell ``(q, r)``, with zeros off the board.
It is seen by one seat (0 = the player who moved first). The planes, in order:

- **dynamic** planes, written by a compiled kernel from the state array on every call:
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

The kernels (``observe_<game>(g, arr, seat, geo, out)``) take the game's constant table, the
state array, the seat, the geometry table of :class:`Observer` (``[n, rows..., columns...]``)
and the output tensor; they write the dynamic planes only, so a batch of buffers whose static
planes were filled once (:meth:`Observer.new_buffer`) can be refreshed by the kernel alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from .core import H_COLOUR, H_PLAYER, H_SWAPPED, Array, Game, State
from .games.throngs.layout import G_NB as THRONGS_NEIGHBOURS

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

# Where each game's cell colours (0 empty, 1 colour 0, 2 colour 1) start in its state array.
_COLOUR_BASE = {"churn": 16, "gyre": 16, "scrunch": 18, "china-grove": 16, "throngs": 32}


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def _common(arr: Array, base: int, seat: int, geo: Array, out: Tensor, planes: int) -> None:
    """Zero the dynamic planes ``0 .. planes-1`` on the board, then write the common ones."""
    n = geo[0]
    sw = arr[H_SWAPPED]
    mine = -1 if sw < 0 else seat ^ sw
    to_act = 1.0 if arr[H_PLAYER] == seat else 0.0
    for i in range(n):
        r = geo[1 + i]
        c = geo[1 + n + i]
        for p in range(planes):
            out[p, r, c] = 0.0
        v = arr[base + i]
        if v == 0:
            out[2, r, c] = 1.0
        else:
            out[v - 1, r, c] = 1.0
        if mine >= 0:
            out[3 + mine, r, c] = 1.0
        out[5, r, c] = to_act


@njit(cache=True)
def _whole(geo: Array, out: Tensor, p: int, value: float) -> None:
    """Set plane ``p`` to ``value`` on every cell of the board."""
    n = geo[0]
    for i in range(n):
        out[p, geo[1 + i], geo[1 + n + i]] = value


@njit(cache=True)
def _cell(geo: Array, out: Tensor, p: int, x: int) -> None:
    """Set plane ``p`` to 1 at cell ``x`` (nothing when ``x < 0``)."""
    if x >= 0:
        n = geo[0]
        out[p, geo[1 + x], geo[1 + n + x]] = 1.0


@njit(cache=True)
def observe_churn(g: Array, arr: Array, seat: int, geo: Array, out: Tensor) -> None:
    """Churn's dynamic planes (see the module's docstring)."""
    n = geo[0]
    _common(arr, 16, seat, geo, out, 7)
    gid = 16 + n
    gsize = 16 + 3 * n
    for i in range(n):
        if arr[16 + i] != 0:
            out[6, geo[1 + i], geo[1 + n + i]] = arr[gsize + arr[gid + i]] / n


@njit(cache=True)
def observe_gyre(g: Array, arr: Array, seat: int, geo: Array, out: Tensor) -> None:
    """Gyre's dynamic planes."""
    _common(arr, 16, seat, geo, out, 7)
    _cell(geo, out, 6, arr[11])


@njit(cache=True)
def observe_scrunch(g: Array, arr: Array, seat: int, geo: Array, out: Tensor) -> None:
    """Scrunch's dynamic planes."""
    _common(arr, 18, seat, geo, out, 14)
    if arr[12]:
        _whole(geo, out, 6, 1.0)
    if arr[13]:
        _whole(geo, out, 7, 1.0)
    if arr[H_PLAYER] >= 0:
        _whole(geo, out, 8 + arr[9], 1.0)
    x = arr[10]
    if x >= 0 and arr[H_PLAYER] >= 0:  # the growth's stone, placed but not yet on the board
        n = geo[0]
        r = geo[1 + x]
        c = geo[1 + n + x]
        out[arr[H_COLOUR], r, c] = 1.0
        out[2, r, c] = 0.0
        out[12, r, c] = 1.0
    _cell(geo, out, 13, arr[11])


@njit(cache=True)
def observe_china_grove(g: Array, arr: Array, seat: int, geo: Array, out: Tensor) -> None:
    """China Grove's dynamic planes."""
    n = geo[0]
    _common(arr, 16, seat, geo, out, 8)
    k = arr[8]
    if k >= 0:
        cls = 3 + 6 * n  # the class of each cell in the constant table
        for i in range(n):
            if g[cls + i] == k:
                out[6, geo[1 + i], geo[1 + n + i]] = 1.0
        _whole(geo, out, 7, arr[9] / 6.0)


@njit(cache=True)
def observe_throngs(g: Array, arr: Array, seat: int, geo: Array, out: Tensor) -> None:
    """Throngs' dynamic planes."""
    n = geo[0]
    _common(arr, 32, seat, geo, out, 19)
    for i in range(n):
        v = arr[32 + i]
        d = 1 if v == 1 else (-1 if v == 2 else 0)
        for j in range(6):
            y = g[THRONGS_NEIGHBOURS + 6 * i + j]
            if y >= 0:
                w = arr[32 + y]
                d += 1 if w == 1 else (-1 if w == 2 else 0)
        out[6, geo[1 + i], geo[1 + n + i]] = d / 7.0
    if arr[H_PLAYER] >= 0:
        _whole(geo, out, 7 + arr[8], 1.0)
        if arr[8] >= 5:
            _cell(geo, out, 14, arr[10])
            _whole(geo, out, 15, arr[11] / 7.0)
        if arr[9] == 1:
            _whole(geo, out, 16, 1.0)
    _whole(geo, out, 17, min(arr[12], 3) / 3.0)
    _whole(geo, out, 18, min(arr[13], 3) / 3.0)


KERNELS: dict[str, Callable[..., Any]] = {
    "churn": observe_churn,
    "gyre": observe_gyre,
    "scrunch": observe_scrunch,
    "china-grove": observe_china_grove,
    "throngs": observe_throngs,
}


# ---------------------------------------------------------------- the observer
class Observer:
    """The observation tensors of one game: shape, plane names, and the compiled kernel.

    >>> import hexarena
    >>> obs = Observer(hexarena.new_game("churn", size=2))
    >>> obs.shape, obs.planes[:3]
    ((8, 3, 3), ('colour0', 'colour1', 'empty'))
    """

    def __init__(self, game: Game) -> None:
        if game.name not in KERNELS:
            raise ValueError(f"no observation kernel for the game {game.name!r}")
        self.game = game
        self.planes: tuple[str, ...] = PLANES[game.name]
        dyn, _ = GAME_PLANES[game.name]
        #: number of dynamic planes (the kernel writes planes ``0 .. dynamic-1``)
        self.dynamic = len(COMMON_DYNAMIC) + len(dyn)
        b = game.board
        rows = np.array([r - b.rmin for _, r in b.cells], dtype=np.int32)
        cols = np.array([q - b.qmin for q, _ in b.cells], dtype=np.int32)
        self.shape: tuple[int, int, int] = (
            len(self.planes),
            b.rmax - b.rmin + 1,
            b.qmax - b.qmin + 1,
        )
        #: ``[n, row of each cell..., column of each cell...]``, as the kernels take it
        self.geo: Array = np.concatenate([np.array([b.size], np.int32), rows, cols])
        self.rows = rows
        self.cols = cols
        self.kernel = KERNELS[game.name]
        self.static = self._static_planes()

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

    def new_buffer(self) -> Tensor:
        """A zero tensor of :attr:`shape` with the static planes written in."""
        out = np.zeros(self.shape, np.float32)
        out[self.dynamic :] = self.static
        return out

    def fill(self, arr: Array, seat: int, out: Tensor) -> None:
        """Write the dynamic planes of position ``arr`` seen by ``seat`` into ``out`` (a buffer
        from :meth:`new_buffer`)."""
        self.kernel(self.game.consts, arr, seat, self.geo, out)

    def observe(self, state: State, seat: int) -> Tensor:
        """A new observation tensor of ``state`` seen by ``seat``."""
        out = self.new_buffer()
        self.fill(state.array, seat, out)
        return out


__all__ = ["GAME_PLANES", "KERNELS", "PLANES", "Observer", "Tensor"]
