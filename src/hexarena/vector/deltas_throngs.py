"""Throngs' incremental observation in the batched environments, learnt from the action.

In a game that goes on, an action changes at most two sites, and which ones follows from the
action and the ``memo`` row: a selection (a set-up placement, a deploy, a capture, or the
choice of a stone to dispatch) changes its own site or none; a destination empties the selected
site (kept in the ``memo`` while the destination phase is shown) and fills the destination; the
stop and the choice of colour change no site. Only the end of a game changes more (the filling
and capturing), and an ended game's row is copied from the start instead. So
:func:`delta_throngs_after` looks at those two sites, then the whole planes, each rewritten only
when the value the ``memo`` row keeps for it changed.

What a site shows is read from the observation itself (its cells of the stone planes, which a
changed site rewrites anyway), and a changed site's potential and its neighbours' from the
state's potential bit planes (which the rules keep up to date): the ``memo`` row keeps only the
selected site, the phase and the values of the other whole planes (:data:`MEMO_WIDTH` entries,
one cache line or less; it kept each site's contents and potential, which spread a step's reads
over half a dozen of its lines).

The whole planes are written by :mod:`.deltas`' writers (:func:`hexarena.vector.deltas._plane`,
``_onehot``), by streaming stores for batches far bigger than the caches; the phase planes are
rewritten when the phase changes, not swapped (a swap reads both planes: measured slower for
Throngs, docs/batched-speed.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import config, njit

from ..core import H_PLAYER, H_SWAPPED, Array, Game
from ..games import throngs
from ..games.throngs.layout import (
    G_N,
    G_NB,
    G_REP,
    NWBLOCKS,
    S_REPN,
    _bit_base,
    _g_words_bare,
    _words_bare,
    words_offset,
)
from ..games.throngs.rules import _apply
from ..games.throngs.tables import _pot
from ..kernels_common import _U
from ..observe import _POS
from .deltas import _move_one, _onehot, _plane, _stones
from .drivers import _prefetch

#: ``p / 7`` as the observation shows it (``float32``) for a potential ``p`` of -7 .. 7, at
#: ``p + 7``: a look-up instead of a division per site (the observer divides, in ``float64``,
#: and stores the ``float32`` nearest, which is what this table holds).
_SEVENTHS = (np.arange(-7, 8) / 7.0).astype(np.float32)

#: Observation buffers of at least this many bytes (a few times the processor's own caches)
#: get Throngs' whole planes by streaming stores (:func:`delta_throngs_streamed`); smaller ones,
#: which stay in the caches from one step to the next, by ordinary stores.
STREAM_BYTES = 4 << 20

#: The ``memo`` row (:func:`delta_throngs_after`): the site shown as selected (-1 for none), the
#: phase shown (-1 for none: the game is over), then the values of the other whole planes
#: (:func:`shown_values`, five entries), then what the observation shows on the selected site
#: (its contents, 0 when none is selected): 32 bytes.
M_SEL = 0
M_PHASE = 1
M_SHOWN = 2
M_SEL_SHOWN = 7
MEMO_WIDTH = 8

#: Entries of the repetition table that the step prefetches beyond the rest of the state
#: (the positions since the number of stones last changed: a handful in random play).
REP_AHEAD = 16


@njit(cache=True, inline="always")
def _rewrite(
    g: Array, w: Any, geo: Array, out: Any, x: int, v: int
) -> None:  # pragma: no cover - compiled
    """Site ``x`` now holds ``v`` (0 empty, 1 Black, 2 White): its cells of the stone planes,
    and the potentials of it and its neighbours, read from the state's potential bit planes
    ``w`` (:func:`hexarena.games.throngs.tables._pot`). Written, not read."""
    s = _U(geo[1])
    k = geo[_U(_POS + x)]
    _stones(geo, out, k, v)
    at = _U(6) * s
    out[at + _U(k)] = _SEVENTHS[_U(_pot(g, w, x, 0) + 7)]
    for e in range(6):
        y = g[_U(G_NB + 6 * x + e)]
        if y >= 0:
            out[at + _U(geo[_U(_POS + y)])] = _SEVENTHS[_U(_pot(g, w, y, 0) + 7)]


@njit(cache=True, inline="always")
def _site(
    g: Array, arr: Array, w: Any, geo: Array, out: Any, x: int
) -> None:  # pragma: no cover - compiled
    """Site ``x`` (nothing when ``x < 0``): if its contents are not what its cells of the stone
    planes show, :func:`_rewrite` it."""
    if x < 0:
        return
    v = arr[_U(throngs.BASE + throngs.B_COL * geo[0] + x)]
    s = _U(geo[1])
    uk = _U(geo[_U(_POS + x)])
    # what the stone planes show: 1 Black (colour0), 2 White (colour1), 0 empty
    shown = int(out[uk] != 0) | (int(out[s + uk] != 0) << 1)
    if v != shown:
        _rewrite(g, w, geo, out, x, v)


@njit(cache=True, inline="always")
def shown_values(arr: Array, seat: int) -> tuple[int, int, int, int, int]:  # pragma: no cover
    """What the whole planes after the phase show, as whole numbers (the ``memo`` row's
    entries from :data:`M_SHOWN`): the budget (0 outside a destination phase), the second move (0 or
    1), each colour's dispatches in a row (up to 3), and the colour of ``seat`` (-1 before the
    colours are settled: ``me_colour0`` and ``me_colour1``)."""
    going = arr[H_PLAYER] >= 0
    dest = going and arr[throngs.S_PHASE] >= throngs.P_DISPATCH
    sw = arr[H_SWAPPED]
    return (
        arr[throngs.S_BUDGET] if dest else 0,
        1 if going and arr[throngs.S_MOVE] == 1 else 0,
        min(arr[throngs.S_STALL], 3),
        min(arr[throngs.S_STALL + 1], 3),
        -1 if sw < 0 else seat ^ sw,
    )


@njit(cache=True, inline="always")
def _whole_planes(
    arr: Array, seat: int, geo: Array, out: Any, memo: Any, stream: bool
) -> None:  # pragma: no cover - compiled
    """The whole planes ``me_colour0``/``me_colour1``, ``budget``, ``second_move``, ``stall0``
    and ``stall1``, rewritten where the values kept in ``memo`` (from :data:`M_SHOWN`) changed: no
    plane is read, so a plane that stays as it was is not touched at all (reading one cell of
    each to compare, as :func:`hexarena.vector.deltas._fill` does, fetched seven cache lines
    a step). ``me_to_act`` stays 1: the update shows each position to the seat to act. When
    the seat to act changes colour, both seat planes are rewritten (not swapped: not read)."""
    at = M_SHOWN
    budget, second, stall0, stall1, mine = shown_values(arr, seat)
    if memo[at] != budget:
        memo[at] = budget
        _plane(geo, out, 15, budget / 7.0, stream)
    if memo[at + 1] != second:
        memo[at + 1] = second
        _plane(geo, out, 16, float(second), stream)
    if memo[at + 2] != stall0:
        memo[at + 2] = stall0
        _plane(geo, out, 17, stall0 / 3.0, stream)
    if memo[at + 3] != stall1:
        memo[at + 3] = stall1
        _plane(geo, out, 18, stall1 / 3.0, stream)
    old = memo[at + 4]
    if old != mine:
        memo[at + 4] = mine
        if old == 0 or mine == 0:
            _plane(geo, out, 3, 1.0 if mine == 0 else 0.0, stream)
        if old == 1 or mine == 1:
            _plane(geo, out, 4, 1.0 if mine == 1 else 0.0, stream)


@njit(cache=True, inline="always")
def _delta(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int, stream: bool
) -> None:  # pragma: no cover - compiled
    """:func:`delta_throngs_after`, the whole planes by streaming stores when ``stream``."""
    n = geo[0]
    w = _words_bare(g, arr)
    col = _U(throngs.BASE + throngs.B_COL * n)
    _site(g, arr, w, geo, out, a if a < n else (a - n if a < 2 * n else -1))
    # the site selected before: what it shows is kept in memo (reading it from the stone planes
    # waited for a line that nothing had fetched ahead)
    old = memo[M_SEL]
    if old >= 0:
        v = arr[col + _U(old)]
        if v != memo[M_SEL_SHOWN]:
            _rewrite(g, w, geo, out, old, v)
    going = arr[H_PLAYER] >= 0
    phase = arr[throngs.S_PHASE] if going else -1
    _onehot(geo, out, 7, memo, M_PHASE, phase, stream, False)
    sel = arr[throngs.S_SEL] if phase >= throngs.P_DISPATCH else -1
    _move_one(geo, out, 14, memo, M_SEL, sel)
    memo[M_SEL_SHOWN] = arr[col + _U(sel)] if sel >= 0 else 0
    _whole_planes(arr, seat, geo, out, memo, stream)


@njit(cache=True, inline="always")
def delta_throngs_after(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """Throngs after action ``a`` of a game that goes on, shown to the seat to act (``seat``):
    the site ``a`` names (a selection, or a destination's site) and the site selected before
    it (the start of a dispatch), then the whole planes. ``memo``: the selected site shown, the
    phase shown, then the values of the other whole planes (:data:`M_SEL`, :data:`M_PHASE`,
    :data:`M_SHOWN`). Compiled into its caller (``inline``): a call passes each array as seven
    values and counts its references."""
    _delta(g, arr, seat, geo, out, memo, a, False)


@njit(cache=True, inline="always")
def delta_throngs_streamed(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """:func:`delta_throngs_after` with the whole planes written by streaming stores
    (:mod:`hexarena.vector.streaming`), for batches whose observations far outgrow the caches;
    the caller orders them (:func:`hexarena.vector.streaming.store_fence`) after its loop."""
    _delta(g, arr, seat, geo, out, memo, a, True)


def prime_throngs(arr: Array, memo: Any) -> None:
    """The ``memo`` row of position ``arr`` from scratch (:func:`hexarena.vector.deltas.prime`),
    for an observation that shows it."""
    phase = arr[throngs.S_PHASE] if arr[H_PLAYER] >= 0 else -1
    sel = int(arr[throngs.S_SEL]) if phase >= throngs.P_DISPATCH else -1
    memo[M_SEL] = sel
    memo[M_PHASE] = phase
    memo[M_SHOWN : M_SHOWN + 5] = shown_values(arr, int(arr[H_PLAYER]))
    n = int(arr[throngs.S_N])
    memo[M_SEL_SHOWN] = arr[throngs.BASE + throngs.B_COL * n + sel] if sel >= 0 else 0


@njit(cache=True, inline="always")
def apply_throngs(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Throngs' ``apply`` (:func:`hexarena.games.throngs.rules.apply`) for the batched step,
    compiled into it: the rules' body (``_apply``) called once from the step, not through
    ``apply``, a second call that passes the arrays again and counts their references."""
    _apply(g, _g_words_bare(g), arr, _words_bare(g, arr), int(np.int64(a)))


@njit(cache=True, inline="always")
def table_full_throngs(g: Array, arr: Any) -> bool:  # pragma: no cover - compiled
    """Whether the repetition table of ``arr`` (a row of the batched states: it cannot grow)
    is full, so that the next turn could not record its position: the batched step then
    truncates the game (:data:`hexarena.vector.drivers.CUT_TABLE`) rather than lose a
    position."""
    if g[G_REP] == 0:
        return False
    t = words_offset(g[G_N]) + 2 * (NWBLOCKS * g[_bit_base(g)] + 1)
    return arr[S_REPN] >= (arr.shape[0] - t) // 2


@functools.cache
def bound_update_streamed(mask: Any) -> Callable[..., None]:
    """:func:`hexarena.vector.deltas.bound_update` for Throngs with the whole planes by
    streaming stores (:func:`delta_throngs_streamed`); ``mask`` is the mask writer."""

    @njit(inline="always")
    def update(g: Array, arr: Any, geo: Array, out: Any, row: Any, memo: Any, a: int) -> None:
        delta_throngs_streamed(g, arr, arr[H_PLAYER], geo, out, memo, a)  # pragma: no cover
        mask(g, arr, row)  # pragma: no cover

    return update


@njit(cache=True, inline="always")
def _foresee(g: Array, geo: Array, out: Any, memo: Any, a: int) -> None:  # pragma: no cover
    """Fetch ahead (for writing) the lines of observation ``out`` that action ``a`` will
    change at the site it names (a selection, or a destination's site): the site's cell of the
    three stone planes (which the update reads first) and the site's and its neighbours' cells
    of ``potential``; and the ``memo`` row (one line). With streaming stores for the whole
    planes, these scattered cells are the lines left to wait for (for the batched step,
    :func:`hexarena.vector.drivers.bound_delta_step`)."""
    _prefetch(memo, 0)  # type: ignore[call-arg]
    n = geo[0]
    x = a if a < n else (a - n if a < 2 * n else -1)
    if x < 0:
        return
    s = geo[1]
    k = geo[_U(_POS + x)]
    _prefetch(out, k)
    _prefetch(out, s + k)
    _prefetch(out, 2 * s + k)
    _prefetch(out, 6 * s + k)
    for e in range(6):
        y = g[_U(G_NB + 6 * x + e)]
        if y >= 0:
            _prefetch(out, 6 * s + geo[_U(_POS + y)])


def _foresee_nothing(g: Array, geo: Array, out: Any, memo: Any, a: int) -> None:
    """Nothing to fetch without compiled code."""


#: :func:`_foresee` (plain Python, where the prefetch intrinsic cannot run: nothing).
foresee_throngs: Any = _foresee_nothing if getattr(config, "DISABLE_JIT", 0) else _foresee


@njit(cache=True, inline="always")
def state_span_throngs(g: Array, width: int) -> int:  # pragma: no cover - compiled
    """Entries of a Throngs state row of ``width`` entries that the batched step fetches ahead
    (:func:`hexarena.vector.drivers.bound_delta_step`'s ``state_span``): everything but the
    repetition table, and its first :data:`REP_AHEAD` entries. Read from the constants ``g``
    at run time, so that one compiled step serves every board."""
    n = g[G_N]
    return min(words_offset(n) + 2 * (NWBLOCKS * g[G_NB + 6 * n] + 1) + REP_AHEAD, width)


def prefetch_span(game: Game) -> int:
    """Entries of a state row that the batched step fetches ahead (0: the whole row). For
    Throngs, everything but the repetition table, and its first :data:`REP_AHEAD` entries
    (:func:`state_span_throngs`): the rules read only the table's recorded positions, a
    handful as a rule, and the whole row is over 2,000 entries on the original board (the
    fetches of the rest cost more than they saved)."""
    if game.name != "throngs":
        return 0
    return int(state_span_throngs(game.consts, game.initial_array().shape[0]))


__all__ = [
    "MEMO_WIDTH",
    "M_PHASE",
    "M_SEL",
    "M_SEL_SHOWN",
    "M_SHOWN",
    "STREAM_BYTES",
    "apply_throngs",
    "bound_update_streamed",
    "delta_throngs_after",
    "delta_throngs_streamed",
    "foresee_throngs",
    "prefetch_span",
    "prime_throngs",
    "state_span_throngs",
    "table_full_throngs",
]
