"""Throngs' incremental observation in the batched environments, learnt from the action.

:func:`hexarena.vector.deltas.delta_throngs` compares every site with the ``memo`` row after
each step. In a game that goes on, an action changes at most two sites, and which ones follows
from the action and the ``memo``: a selection (a set-up placement, a deploy, a capture, or the
choice of a stone to dispatch) changes its own site or none; a destination empties the selected
site (kept in the ``memo`` while the destination phase is shown) and fills the destination; the
stop and the choice of colour change no site. Only the end of a game changes more (the filling
and capturing), and an ended game's row is copied from the start instead. So
:func:`delta_throngs_after` looks at those two sites, then the whole planes as
:func:`~hexarena.vector.deltas.delta_throngs` does; the ``memo`` row is the same.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from ..core import H_PLAYER, Array, Game
from ..games import throngs
from ..games.throngs.layout import G_NB, NWBLOCKS, words_offset
from ..observe import _POS
from .deltas import _fill, _move_one, _onehot, _seat_planes, _stones

#: Entries of the repetition table that the step prefetches beyond the rest of the state
#: (the positions since the number of stones last changed: a handful in random play).
REP_AHEAD = 16


@njit(cache=True, inline="always")
def _site(
    g: Array, arr: Array, geo: Array, out: Any, memo: Any, x: int
) -> None:  # pragma: no cover - compiled
    """Site ``x`` (nothing when ``x < 0``): if its contents changed since ``memo``, its stone
    planes, and the potentials of it and its neighbours (each by the same amount)."""
    if x < 0:
        return
    n = geo[0]
    v = arr[throngs.BASE + throngs.B_COL * n + x]
    w = memo[x]
    if v == w:
        return
    memo[x] = v
    _stones(geo, out, geo[_POS + x], v)
    # (v & 1) - (v >> 1): +1 for Black (1), -1 for White (2), 0 for empty
    d = ((v & 1) - (v >> 1)) - ((w & 1) - (w >> 1))
    if d == 0:
        return
    at = 6 * geo[1]
    pot = memo[n + x] + d
    memo[n + x] = pot
    out[at + geo[_POS + x]] = pot / 7.0
    for e in range(6):
        y = g[G_NB + 6 * x + e]
        if y >= 0:
            pot = memo[n + y] + d
            memo[n + y] = pot
            out[at + geo[_POS + y]] = pot / 7.0


@njit(cache=True)
def delta_throngs_after(
    g: Array, arr: Array, seat: int, geo: Array, out: Any, memo: Any, a: int
) -> None:  # pragma: no cover - compiled
    """Throngs after action ``a`` of a game that goes on: the site ``a`` names (a selection, or
    a destination's site) and the site selected before it (the start of a dispatch), then the
    whole planes; ``memo`` as :func:`hexarena.vector.deltas.delta_throngs` keeps it."""
    n = geo[0]
    _site(g, arr, geo, out, memo, a if a < n else (a - n if a < 2 * n else -1))
    _site(g, arr, geo, out, memo, memo[2 * n])
    _seat_planes(arr, seat, geo, out)
    going = arr[H_PLAYER] >= 0
    phase = arr[throngs.S_PHASE] if going else -1
    _onehot(geo, out, 7, memo, 2 * n + 1, phase)
    dest = phase >= throngs.P_DISPATCH
    _move_one(geo, out, 14, memo, 2 * n, arr[throngs.S_SEL] if dest else -1)
    _fill(geo, out, 15, arr[throngs.S_BUDGET] / 7.0 if dest else 0.0)
    _fill(geo, out, 16, 1.0 if going and arr[throngs.S_MOVE] == 1 else 0.0)
    _fill(geo, out, 17, min(arr[throngs.S_STALL], 3) / 3.0)
    _fill(geo, out, 18, min(arr[throngs.S_STALL + 1], 3) / 3.0)


def prefetch_span(game: Game) -> int:
    """Entries of a state row that the batched step fetches ahead (0: the whole row). For
    Throngs, everything but the repetition table, and its first :data:`REP_AHEAD` entries:
    the rules read only the table's recorded positions, a handful as a rule, and the whole
    row is over 2,000 entries on the original board (the fetches of the rest cost more than
    they saved)."""
    if game.name != "throngs":
        return 0
    n = game.board.size
    words = int(game.consts[G_NB + 6 * n])
    return words_offset(n) + 2 * (NWBLOCKS * words + 1) + REP_AHEAD


__all__ = ["delta_throngs_after", "prefetch_span"]
