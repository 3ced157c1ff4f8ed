"""Incremental observation writers of the batched environments: after a step, only what changed.

:mod:`hexarena.observe`'s writers rewrite every dynamic plane of a position (a few thousand
floats on the usual boards); from one step to the next, most of an observation stays as it was:
a placement changes one cell of the stone planes. The writers here (``delta_<game>(g, arr, seat,
geo, out, memo)``) keep, per environment, a small integer row ``memo`` of what the observation
``out`` shows now (each cell's contents, and the game's own values: group sizes, potentials,
the marked cell of a one-cell plane), compare the position with it and rewrite only the cells
whose values changed. Whole planes (a flag or a count on every cell, such as ``me_colour0``)
are rewritten when their value changes, in one contiguous pass over the grid (the table ``geo``
here is :func:`vector_geometry`'s, which marks the board's cells on the grid); when one plane of
a set (the two seat colours, the phases) hands over to another, the two trade places in one
contiguous swap or are both rewritten, as each game's figures said (the swap reads both
planes). :func:`_plane` and :func:`_onehot` are the one writer of whole planes that every
game's update uses (Throngs' and Scrunch's in their own modules too).

The result is the full writer's, float for float (the tests check it after many random steps
with restarts, on every game): a buffer and ``memo`` that show a position, once updated by
``delta`` to a position, show that position. :func:`prime` makes the ``memo`` of a position
from scratch (for a buffer the full writer has just written).

``memo`` rows are ``int32``, :func:`memo_width` entries: the cells' contents first (``n``), then
the game's own entries (Throngs: its own entries only, its contents read from the observation,
:mod:`.deltas_throngs`; Churn: the stones on the board first, then its cells' contents and
group sizes in bytes, :data:`CHURN_CELLS`). Churn's and Scrunch's rows also hold scratch room
for their mask writers (:func:`mask_churn`, :func:`hexarena.games.scrunch.mask_into`), which
write the mask without allocating.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import config, njit

from ..bits import byte_view
from ..core import H_COLOUR, H_PLAYER, H_SWAPPED, Array, Game, swap_offered
from ..games import china_grove, churn, gyre, scrunch
from ..observe import _POS, Observer
from .drivers import _prefetch
from .streaming import stream_plane

_U = np.uint64

# ---------------------------------------------------------------- shared pieces


@njit(cache=True, inline="always")
def _stones(geo: Array, out: Any, k: int, code: int) -> None:  # pragma: no cover - compiled
    """Write the stone planes (``colour0``, ``colour1``, ``empty``) of the cell at flat position
    ``k`` from ``code``: the cell's contents (0 empty, 1 colour 0, 2 colour 1), plus 4 x (1 +
    colour) for Scrunch's stone placed but not yet on the board (shown in its colour's plane)."""
    s = _U(geo[1])
    u = _U(k)
    v = code & 3
    ph = code >> 2
    out[u] = v == 1 or ph == 1
    out[s + u] = v == 2 or ph == 2
    out[s + s + u] = v == 0 and ph == 0


@njit(cache=True, inline="always")
def _plane(
    geo: Array, out: Any, p: int, value: float, stream: bool = False
) -> None:  # pragma: no cover - compiled
    """Plane ``p`` holds ``value`` on every cell of the board (and 0 off it), in one contiguous
    pass over the grid with the board's cells from the table's tail (see
    :func:`vector_geometry`): cheaper than a pass along the board's rows. Through unsigned flat
    offsets: no slice (a slice is a new view, whose references are counted by calls even on the
    batched step's views, which have no count) and no check for a negative index (which kept
    the loop from being vectorised). With ``stream``, by streaming stores
    (:func:`hexarena.vector.streaming.stream_plane`: for buffers far bigger than the caches)."""
    if stream:
        stream_plane(geo, out, p, value)
        return
    s = _U(geo[1])
    b = _U(_POS + geo[0] + 3 * geo[2])
    at = _U(p) * s
    v = np.float32(value)
    z = np.float32(0.0)
    for j in range(s):
        out[at + j] = v if geo[b + j] else z


@njit(cache=True, inline="always")
def _fill(geo: Array, out: Any, p: int, value: float) -> None:  # pragma: no cover - compiled
    """Plane ``p`` holds ``value`` on every cell of the board, rewritten (:func:`_plane`) only
    when its first cell shows another value."""
    if out[p * geo[1] + geo[_POS]] != np.float32(value):
        _plane(geo, out, p, value)


@njit(cache=True, inline="always")
def _swap(out: Any, a: int, b: int, s: int) -> None:  # pragma: no cover - compiled
    """Entries ``a .. a + s - 1`` and ``b .. b + s - 1`` of ``out`` trade places (through
    unsigned offsets, as :func:`_plane` writes: the loop vectorises)."""
    ua = _U(a)
    ub = _U(b)
    for j in range(_U(s)):
        t = out[ua + j]
        out[ua + j] = out[ub + j]
        out[ub + j] = t


@njit(cache=True, inline="always")
def _onehot(
    geo: Array,
    out: Any,
    first: int,
    memo: Any,
    slot: int,
    k: int,
    stream: bool = False,
    swap: bool = True,
) -> None:  # pragma: no cover - compiled
    """Whole planes ``first``, ``first + 1``, ...: plane ``first + k`` all 1 and the others all 0
    (all 0 when ``k < 0``), from the ``k`` kept in ``memo[slot]`` (what the planes show). When
    one plane hands over to another, with ``swap`` (and not ``stream``) the two trade places in
    one contiguous swap (:func:`_swap`, which reads both); otherwise the plane shown before is
    cleared and the new one filled, both written without being read (:func:`_plane`, by
    streaming stores with ``stream``). Which is faster depends on the game and the batch
    (docs/batched-speed.md): each game's update says."""
    old = memo[slot]
    if old == k:
        return
    if swap and not stream and old >= 0 and k >= 0:
        s = geo[1]
        _swap(out, (first + old) * s, (first + k) * s, s)
    else:
        if old >= 0:
            _plane(geo, out, first + old, 0.0, stream)
        if k >= 0:
            _plane(geo, out, first + k, 1.0, stream)
    memo[slot] = k


#: Whether each game's update swaps the two seat-colour planes when the seat to act changes
#: colour (a swap reads both planes) or rewrites them from their values (written, not read):
#: measured per game (docs/batched-speed.md). Throngs and Scrunch keep the seat's colour in their
#: memo rows and say in their own updates.
SWAP_CHURN = True
SWAP_GYRE = True
SWAP_CHINA_GROVE = False


@njit(cache=True, inline="always")
def _seat_planes(
    arr: Array, seat: int, geo: Array, out: Any, swap: bool = True
) -> None:  # pragma: no cover - compiled
    """The whole planes 3 .. 5 (``me_colour0``, ``me_colour1``, ``me_to_act``); with ``swap``,
    when the seat to act changed colour, the two colour planes trade places (:func:`_swap`),
    else each is rewritten (:func:`_plane`) if its first cell shows another value."""
    sw = arr[H_SWAPPED]
    mine = -1 if sw < 0 else seat ^ sw
    s = geo[1]
    m0 = 1.0 if mine == 0 else 0.0
    m1 = 1.0 if mine == 1 else 0.0
    c0 = out[3 * s + geo[_POS]]
    c1 = out[4 * s + geo[_POS]]
    if swap and (c0 != m0 or c1 != m1) and c0 == m1 and c1 == m0:
        # the seat to act changed colour: the two planes trade places, a contiguous swap of two
        # whole grids (off-board zeros too), cheaper than two writes along the board's rows
        _swap(out, 3 * s, 4 * s, s)
    else:
        _fill(geo, out, 3, m0)
        _fill(geo, out, 4, m1)
    _fill(geo, out, 5, 1.0 if arr[H_PLAYER] == seat else 0.0)


@njit(cache=True, inline="always")
def _cells(arr: Array, col: int, geo: Array, out: Any, memo: Any) -> None:  # pragma: no cover
    """Rewrite the stone planes of the cells whose contents changed since ``memo``."""
    for x in range(geo[0]):
        v = arr[col + x]
        if v != memo[x]:
            memo[x] = v
            _stones(geo, out, geo[_POS + x], v)


@njit(cache=True, inline="always")
def _move_one(geo: Array, out: Any, p: int, memo: Any, at: int, x: int) -> None:  # pragma: no cover
    """One-cell plane ``p`` (1 at cell ``x``, all 0 when ``x < 0``) moved from the cell kept in
    ``memo[at]``."""
    old = memo[at]
    if old == x:
        return
    base = p * geo[1]
    if old >= 0:
        out[base + geo[_POS + old]] = 0.0
    if x >= 0:
        out[base + geo[_POS + x]] = 1.0
    memo[at] = x


# ---------------------------------------------------------------- per game


#: Churn's memo row: its first entry the stones on the board, then, in bytes (from byte
#: :data:`CHURN_CELLS`), the cells' contents (``n``) and each cell's group size (``n``, 0 if
#: empty), then the mask's scratch room (:func:`churn_scratch`): three cache lines on side 5,
#: not twelve in ``int32`` entries (docs/batched-speed.md, "Churn's fifth round").
CHURN_CELLS = 4


@njit(cache=True, inline="always")
def churn_shown(n: int) -> int:  # pragma: no cover - compiled
    """Entries of Churn's memo row that say what the observation shows (the stones, the cells'
    contents and group sizes), before the mask's scratch room."""
    return 1 + (2 * n + 3) // 4


@njit(cache=True, inline="always")
def churn_scratch(memo: Any, n: int) -> Any:  # pragma: no cover - compiled
    """The scratch room of Churn's memo row ``memo`` for its mask writer (:func:`mask_churn`):
    ``n + 1`` bytes after the entries :func:`churn_shown` counts."""
    at = 4 * churn_shown(n)
    return byte_view(memo)[at : at + n + 1]


@njit(cache=True)
def delta_churn(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any
) -> None:  # pragma: no cover - compiled
    """Churn: stones and ``group_size``, comparing every cell (memo: :data:`CHURN_CELLS`)."""
    n = geo[0]
    b = byte_view(arr)  # (Churn's cells, group ids and sizes are bytes)
    col = churn.byte_block(churn.Y_CELL, n)
    m = byte_view(memo)
    for x in range(n):
        v = b[col + x] & churn.COLOUR_BITS
        if v != m[CHURN_CELLS + x]:
            m[CHURN_CELLS + x] = v
            _stones(geo, out, geo[_POS + x], v)
    _seat_planes(arr, seat, geo, out, SWAP_CHURN)
    gid = churn.byte_block(churn.Y_GID, n)
    gsize = churn.byte_block(churn.Y_GSIZE, n)
    at = 6 * geo[1]
    sizes = CHURN_CELLS + n
    for x in range(n):
        size = b[gsize + b[gid + x]] if (b[col + x] & churn.COLOUR_BITS) != 0 else 0
        if size != m[sizes + x]:
            m[sizes + x] = size
            out[at + geo[_POS + x]] = size / n
    memo[0] = arr[churn.S_STONES] + arr[churn.S_STONES + 1]


@njit(cache=True, inline="always")
def delta_churn_after(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """Churn after action ``a``: a placement changes its own cell, the group sizes of its group
    (walked along the group's list) and, when it removed groups, the cells of their stones
    (found as the cells whose contents differ from ``memo``, as many as the stones counted on
    the board went down by: only the mover's stones go, and never the new group's); the swap
    changes no cell."""
    n = geo[0]
    if a >= n:
        _seat_planes(arr, seat, geo, out, SWAP_CHURN)
        return
    stones = arr[churn.S_STONES] + arr[churn.S_STONES + 1]
    removed = memo[0] + 1 - stones
    if removed < 0:  # not a position the memo follows: compare every cell
        delta_churn(g, arr, seat, geo, out, memo)
        return
    memo[0] = stones
    m = byte_view(memo)
    cells = _U(CHURN_CELLS)
    sizes = _U(CHURN_CELLS + n)
    b = byte_view(arr)
    col = _U(churn.byte_block(churn.Y_CELL, n))
    v = b[col + _U(a)] & churn.COLOUR_BITS
    m[cells + _U(a)] = v
    _stones(geo, out, geo[_U(_POS + a)], v)
    _seat_planes(arr, seat, geo, out, SWAP_CHURN)
    at = 6 * geo[1]
    if removed > 0:
        for x in range(_U(n)):
            # a removed stone (the cell placed on is written)
            if (b[col + x] & churn.COLOUR_BITS) != m[cells + x]:
                m[cells + x] = 0
                k = geo[_U(_POS) + x]
                _stones(geo, out, k, 0)
                m[sizes + x] = 0
                out[_U(at + k)] = 0.0
                removed -= 1
                if removed == 0:
                    break
    nxt = churn.byte_block(churn.Y_NXT, n)
    size = b[_U(churn.byte_block(churn.Y_GSIZE, n) + b[_U(churn.byte_block(churn.Y_GID, n) + a)])]
    z = a
    for _ in range(size):
        if m[sizes + _U(z)] != size:
            m[sizes + _U(z)] = size
            out[_U(at + geo[_U(_POS + z)])] = size / n
        z = b[_U(nxt + z)]


@njit(cache=True)
def delta_gyre(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any
) -> None:  # pragma: no cover - compiled
    """Gyre: stones and ``last`` (memo: cells, then the last cell)."""
    n = geo[0]
    _cells(arr, gyre.BASE + gyre.B_COL * n, geo, out, memo)
    _seat_planes(arr, seat, geo, out, SWAP_GYRE)
    _move_one(geo, out, 6, memo, n, arr[gyre.S_LAST])


@njit(cache=True)
def delta_gyre_after(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, row: Any
) -> None:  # pragma: no cover - compiled
    """Gyre after one action of a game that goes on, with its mask ``row``: a placement changes
    the cell it names (``last``) and nothing else; the swap changes no cell. The mask loses the
    cell placed on, and the swap is offered or not."""
    n = geo[0]
    x = arr[gyre.S_LAST]
    if x != memo[n]:  # a placement on x (never negative then): unsigned indexes
        ux = _U(x)
        v = arr[_U(gyre.BASE + gyre.B_COL * n) + ux]
        memo[ux] = v
        _stones(geo, out, geo[_U(_POS) + ux], v)
        row[ux] = v == 0
        _move_one(geo, out, 6, memo, n, x)
    row[n] = swap_offered(arr)
    _seat_planes(arr, seat, geo, out, SWAP_GYRE)


@njit(cache=True)
def delta_china_grove(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any
) -> None:  # pragma: no cover - compiled
    """China Grove (memo: cells, then the class of the turn; ``turn_class`` is rewritten when
    the class changes)."""
    n = geo[0]
    _cells(arr, china_grove.BASE, geo, out, memo)
    _seat_planes(arr, seat, geo, out, SWAP_CHINA_GROVE)
    k = arr[china_grove.S_CLASS]
    if k != memo[n]:
        memo[n] = k
        cls = china_grove.G_NB + 6 * n
        at = 6 * geo[1]
        for x in range(n):
            out[at + geo[_POS + x]] = k >= 0 and g[cls + x] == k
    _fill(geo, out, 7, arr[china_grove.S_LEFT] / 6.0 if k >= 0 else 0.0)


@njit(cache=True, inline="always")
def _foresee_churn(g: Array, geo: Array, out: Any, memo: Any, a: int) -> None:  # pragma: no cover
    """Fetch ahead the lines of observation ``out`` that Churn's update after action ``a``
    writes at the cell placed on (the three stone planes and ``group_size``) and the first
    cell of ``me_to_act``, which it reads (for the batched step's ``foresee``,
    :func:`hexarena.vector.drivers.bound_delta_step`: with the state and memo rows in fewer
    lines, these are a good part of what is left to wait for; docs/batched-speed.md, "Churn's
    fifth round")."""
    n = geo[0]
    s = geo[1]
    _prefetch(out, 5 * s + geo[_POS])  # type: ignore[call-arg]
    if a >= n:
        return
    k = geo[_U(_POS + a)]
    _prefetch(out, k)
    _prefetch(out, s + k)
    _prefetch(out, 2 * s + k)
    _prefetch(out, 6 * s + k)


def _foresee_nothing(g: Array, geo: Array, out: Any, memo: Any, a: int) -> None:
    """Nothing to fetch without compiled code."""


#: :func:`_foresee_churn` (plain Python, where the prefetch intrinsic cannot run: nothing).
foresee_churn: Any = _foresee_nothing if getattr(config, "DISABLE_JIT", 0) else _foresee_churn


DELTAS: dict[str, Callable[..., None]] = {
    "churn": delta_churn,
    "gyre": delta_gyre,
    "china-grove": delta_china_grove,
}


# ---------------------------------------------------------------- masks without allocating


@njit(cache=True, inline="always")
def _churn_total(
    g: Array, arr: Array, x: int, friend: int, left: int, best: int
) -> int:  # pragma: no cover - compiled
    """The group a stone of colour ``friend - 1`` would make on empty cell ``x`` (as
    :func:`hexarena.games.churn.group_size_if_placed` counts it), or a number past ``best`` once
    the count passes it: the scan of the neighbours stops once it has met the ``left`` friendly
    stones that the state counts around ``x``."""
    n = arr[churn.S_N]
    b = byte_view(arr)
    col = churn.byte_block(churn.Y_CELL, n)
    gid = churn.byte_block(churn.Y_GID, n)
    gsz = churn.byte_block(churn.Y_GSIZE, n)
    at = 1 + 6 * x
    total = 1
    seen0 = -1
    seen1 = -1
    seen2 = -1
    for d in range(6):
        y = g[_U(at + d)]
        if y >= 0 and (b[_U(col + y)] & churn.COLOUR_BITS) == friend:
            gg = b[_U(gid + y)]
            if gg != seen0 and gg != seen1 and gg != seen2:
                # at most three distinct groups touch a cell (as in group_size_if_placed)
                total += b[_U(gsz + gg)]
                if total > best:
                    break
                if seen0 < 0:
                    seen0 = gg
                elif seen1 < 0:
                    seen1 = gg
                else:
                    seen2 = gg
            left -= 1
            if left == 0:
                break
    return total


@njit(cache=True, inline="always")
def _churn_smallest(g: Array, arr: Array, c: int, size: Any) -> int:  # pragma: no cover
    """The smallest group colour ``c`` can make by a placement (as
    :func:`hexarena.games.churn.smallest_cells` finds it), when every empty cell has a friendly
    neighbour, with ``size[x]`` for every cell ``x`` equal to it exactly when a placement on
    ``x`` makes a group of that size.

    The group a placement on ``x`` makes holds at least ``x`` and its friendly neighbours (the
    state counts them), so ``1 +`` that count is a lower bound, written for every cell in one
    vectorised pass (a number past every group for an occupied cell). Groups are counted only
    on the cells whose bound is the lowest, and, if none of them reaches it, on the cells whose
    bound is no more than the smallest group found; the others keep their bound, past it. Most
    positions have a few cells of the lowest bound among some twenty empty ones."""
    n = arr[churn.S_N]
    b = byte_view(arr)
    emp = churn.byte_block(churn.Y_EMPTY, n)
    col = churn.byte_block(churn.Y_CELL, n)
    cells = b[col : col + n]
    sizes = size[:n]  # slices: the loop vectorises
    big = churn.NONE  # (past every group: the sizes are bytes, the memo row's scratch)
    low = big
    for x in range(n):
        v = cells[x]
        bound = 1 + churn.fc_of(v, c) if (v & churn.COLOUR_BITS) == 0 else big
        sizes[x] = bound
        low = min(low, bound)
    friend = c + 1
    best = big
    empties = arr[churn.S_EMPTY]
    for i in range(empties):
        x = b[_U(emp + i)]
        if sizes[_U(x)] == low:
            t = _churn_total(g, arr, x, friend, churn.fc_of(cells[_U(x)], c), best)
            sizes[_U(x)] = t
            best = min(best, t)
    if best > low:  # a cell of a higher bound may make a smaller group than those found
        for i in range(empties):
            x = b[_U(emp + i)]
            bound = sizes[_U(x)]
            if low < bound <= best:
                t = _churn_total(g, arr, x, friend, churn.fc_of(cells[_U(x)], c), best)
                sizes[_U(x)] = t
                best = min(best, t)
    return best


@njit(cache=True, inline="always")
def mask_churn(g: Array, arr: Array, scratch: Any, row: Any) -> None:  # pragma: no cover
    """Churn's legal actions written into ``row`` as ``legal`` lists them, with ``scratch``
    (``n + 1`` bytes: :func:`churn_scratch`) for the sizes of the groups placements would
    make. Every entry of the row is written in one pass over the cells (no clearing first, no
    list of cells): while colour ``c`` has isolated empty cells, exactly the empty cells with
    no stone of ``c`` around them (the state's isolated set), else the cells whose placement
    makes the smallest group (:func:`_churn_smallest`)."""
    if arr[H_PLAYER] < 0:
        row[:] = False
        return
    n = arr[churn.S_N]
    c = arr[H_COLOUR]
    cells = row[:n]  # slices: the loops below vectorise
    if arr[churn.S_ISO + c] > 0:
        # unsigned offsets, not slices (which are views made, and counted, at every call)
        b = byte_view(arr)
        col = _U(churn.byte_block(churn.Y_CELL, n))
        bits = churn.open_bits(c)  # the cell's colour and its count of c's stones around it
        for x in range(_U(n)):
            row[x] = (b[col + x] & bits) == 0
    else:
        best = _churn_smallest(g, arr, c, scratch)
        sizes = scratch[:n]
        for x in range(n):
            cells[x] = sizes[x] == best
    row[n] = swap_offered(arr)


@njit(cache=True)
def mask_china_grove(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """China Grove's legal actions written into ``row`` as ``legal`` lists them (the vacant
    cells of the turn's class once it has begun, else every vacant cell and the swap when
    open), without new arrays."""
    row[:] = False
    if arr[H_PLAYER] < 0:
        return
    n = g[china_grove.G_N]
    cls = arr[china_grove.S_CLASS]
    if cls >= 0:
        slot = china_grove._slot(n) + g[china_grove._g_start(n) + cls]
        for i in range(arr[china_grove._cvac(n) + cls]):
            row[arr[slot + i]] = True
        return
    col = china_grove._col(n)
    for x in range(n):
        row[x] = arr[col + x] == 0
    row[n] = china_grove._swap_open(arr)


def vector_geometry(observer: Observer) -> Array:
    """The observer's geometry table (:attr:`hexarena.observe.Observer.geo`) with, after it, one
    entry per position of the grid: 1 on the board's cells, 0 off the board (for the writers
    here, which fill whole planes in one contiguous pass; the full writers read the table's
    head only)."""
    board = (observer.static[0].reshape(-1) != 0).astype(np.int32)
    return np.concatenate([observer.geo, board]).astype(np.int32)


# ---------------------------------------------------------------- bound updates


@functools.cache
def bound_update(game_name: str, mask: Any, rewrite: bool = False) -> Callable[..., None]:
    """``update(g, arr, geo, out, row, memo, a)``: the incremental observation (as the seat to
    act sees it) and mask of a game that goes on after action ``a``, for the game called
    ``game_name``; ``mask`` is the game's mask writer (:func:`hexarena.vector.masks.mask_writer`),
    used where the mask is not updated incrementally (Gyre) or written here without allocating
    (Churn, China Grove, Scrunch: with scratch room in the memo row). ``geo`` is the table of
    :func:`vector_geometry`. ``rewrite`` is Scrunch's choice of rewriting its phase planes
    rather than swapping them (:func:`.deltas_scrunch.update_scrunch`)."""
    if game_name == "gyre":

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_gyre_after(g, arr, arr[H_PLAYER], geo, out, memo, row)  # pragma: no cover

    elif game_name == "churn":

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_churn_after(g, arr, arr[H_PLAYER], geo, out, memo, a)  # pragma: no cover
            mask_churn(g, arr, churn_scratch(memo, geo[0]), row)  # pragma: no cover

    elif game_name == "throngs":
        from .deltas_throngs import delta_throngs_after  # it imports this module's helpers

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_throngs_after(g, arr, arr[H_PLAYER], geo, out, memo, a)  # pragma: no cover
            mask(g, arr, row)  # pragma: no cover

    elif game_name == "china-grove":

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            delta_china_grove(g, arr, arr[H_PLAYER], geo, out, memo)  # pragma: no cover
            mask_china_grove(g, arr, row)  # pragma: no cover

    elif game_name == "scrunch":
        from .deltas_scrunch import SHOWN_EXTRA, update_scrunch

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            update_scrunch(g, arr, arr[H_PLAYER], geo, out, memo, a, rewrite)  # pragma: no cover
            scrunch.mask_into(g, arr, row, memo[geo[0] + SHOWN_EXTRA :])  # pragma: no cover

    else:
        delta = DELTAS[game_name]

        @njit(inline="always")
        def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
            delta(g, arr, arr[H_PLAYER], geo, out, memo)  # pragma: no cover - compiled
            mask(g, arr, row)  # pragma: no cover

    return update


# ---------------------------------------------------------------- memo rows


def throngs_memo_width() -> int:
    """Entries of Throngs' ``memo`` row (:data:`hexarena.vector.deltas_throngs.MEMO_WIDTH`)."""
    from .deltas_throngs import MEMO_WIDTH  # it imports this module's helpers

    return MEMO_WIDTH


def memo_width(game: Game, *, scratch: bool = True) -> int:
    """Entries of a ``memo`` row for ``game`` (without ``scratch``: the entries that say what the
    observation shows, without Churn's and Scrunch's scratch room for their masks)."""
    n = game.board.size
    shown = 1 + (2 * n + 3) // 4  # (as churn_shown counts)
    return {
        # stones on the board, cells and group sizes in bytes, the mask's scratch in bytes
        "churn": shown + (n + 4) // 4 if scratch else shown,
        "gyre": n + 1,
        # cells, placed, picked, phase, creation flags, seat colour, the mask's scratch
        "scrunch": n + 6 + scrunch.mask_scratch_size(n) if scratch else n + 6,
        "china-grove": n + 1,
        "throngs": throngs_memo_width(),  # selected, phase, whole planes
    }[game.name]


@njit(cache=True)
def _prime_cells(arr: Array, col: int, n: int, memo: Any) -> None:  # pragma: no cover
    for x in range(n):
        memo[x] = arr[col + x]


def prime(game: Game, arr: Array, memo: Any) -> None:
    """Write into ``memo`` what the full writer's observation of ``arr`` shows (``memo`` is one
    row of :func:`memo_width` ``int32`` entries)."""
    n = game.board.size
    memo[:] = 0
    if game.name == "churn":
        m = memo.view(np.uint8)  # (the cells and group sizes are bytes: CHURN_CELLS)
        b = np.ascontiguousarray(arr).view(np.uint8)  # (cells, group ids and sizes are bytes)
        col = churn.byte_block(churn.Y_CELL, n)
        colours = b[col : col + n] & churn.COLOUR_BITS
        m[CHURN_CELLS : CHURN_CELLS + n] = colours
        gid = churn.byte_block(churn.Y_GID, n)
        gsize = churn.byte_block(churn.Y_GSIZE, n)
        for x in range(n):
            m[CHURN_CELLS + n + x] = b[gsize + int(b[gid + x])] if colours[x] != 0 else 0
        memo[0] = arr[churn.S_STONES] + arr[churn.S_STONES + 1]
    elif game.name == "gyre":
        _prime_cells(arr, gyre.BASE + gyre.B_COL * n, n, memo)
        memo[n] = arr[gyre.S_LAST]
    elif game.name == "scrunch":
        _prime_cells(arr, scrunch.BASE + scrunch.B_COL * n, n, memo)
        going = arr[H_PLAYER] >= 0
        p = int(arr[scrunch.S_P]) if going else -1
        if p >= 0:
            memo[p] += 4 * (1 + arr[H_COLOUR])
        memo[n] = p
        memo[n + 1] = arr[scrunch.S_S]
        from .deltas_scrunch import shown_values as scrunch_shown  # (it imports this module)

        memo[n + 2 : n + 6] = scrunch_shown(arr, int(arr[H_PLAYER]))
    elif game.name == "china-grove":
        _prime_cells(arr, china_grove.BASE, n, memo)
        memo[n] = arr[china_grove.S_CLASS]
    elif game.name == "throngs":
        from .deltas_throngs import prime_throngs  # (it imports this module)

        prime_throngs(arr, memo)
    else:  # pragma: no cover - every game is above
        raise AssertionError(game.name)


__all__ = [
    "DELTAS",
    "bound_update",
    "churn_scratch",
    "foresee_churn",
    "mask_churn",
    "memo_width",
    "prime",
]
