"""Which sites the player to move may select: potentials of at least 1 and 2 from the bit
planes, "next to an empty site" from six shifts of the empty sites, and the jumps of stones
with no empty neighbour from each site's stars (:func:`_selection_words`, :func:`any_move`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...bits import ctz64
from ...core import Array
from ...kernels_common import _U
from .layout import (
    _ONE,
    _ZERO,
    BASE,
    G_NOSTALL,
    S_STALL,
    W_CAND,
    W_EMPTY,
    W_PLANES,
    W_STONES,
    W_SURE,
    _bit_base,
    _g_words,
    _site_of_bit,
    _star,
    _words,
)
from .tables import _pot, _potential


# ---------------------------------------------------------------- kernels: moves
@njit(cache=True, inline="always")
def _has_step(g: Array, gw: Any, w: Any, x: int) -> bool:  # pragma: no cover - compiled
    """Whether a site next to the stone on ``x`` is empty: its vicinity word against the empty
    bitboard, a few word operations and no branch per direction."""
    nw = g[_bit_base(g)]
    vic = (1 + x) * nw
    acc = _ZERO
    for j in range(nw):
        acc |= gw[_U(vic + j)] & w[_U(W_EMPTY * nw + j)]
    return acc != _ZERO


@njit(cache=True, inline="always")
def _has_jump(g: Array, gw: Any, w: Any, x: int, budget: int) -> bool:  # pragma: no cover
    """Whether the stone on ``x``, with no empty neighbour, can jump with ``budget``: whether
    its star (:func:`_star`) holds an empty site."""
    if budget < 2:
        return False
    nw = g[_bit_base(g)]
    st = _star(g, x, budget)
    acc = _ZERO
    for j in range(nw):
        acc |= gw[_U(st + j)] & w[_U(W_EMPTY * nw + j)]
    return acc != _ZERO


@njit(cache=True, inline="always")
def _has_exit(
    g: Array, gw: Any, arr: Array, w: Any, x: int, budget: int
) -> bool:  # pragma: no cover - compiled
    """Whether the stone on ``x`` can leave with ``budget``, with the bitboards: a step first
    (one test for all six neighbours), then the jumps."""
    if budget < 1:
        return False
    return _has_step(g, gw, w, x) or _has_jump(g, gw, w, x, budget)


@njit(cache=True, inline="always")
def has_exit(g: Array, arr: Array, x: int, budget: int) -> bool:  # pragma: no cover - compiled
    """Whether the stone on ``x`` can leave with ``budget`` (one step or one jump suffices):
    :func:`_has_exit`, making the views itself."""
    return _has_exit(g, _g_words(g), arr, _words(g, arr), x, budget)


@njit(cache=True, inline="always")
def _may_dispatch(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether ``no_stalling`` still lets colour ``c`` dispatch."""
    return g[G_NOSTALL] == 0 or arr[_U(S_STALL + c)] < 2


@njit(cache=True, inline="always")
def select_ok(g: Array, arr: Array, x: int, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` may start a move by selecting site ``x`` (worked out from the
    contents and potentials alone, without the selection bitboards)."""
    v = arr[_U(BASE + x)]
    p = _potential(g, arr, x, c)
    if v == 0:
        return p >= 1
    if v != c + 1:
        return p >= 2
    return _may_dispatch(g, arr, c) and has_exit(g, arr, x, p)


@njit(cache=True, inline="always")
def _selection_words(g: Array, arr: Array, w: Any, c: int) -> int:  # pragma: no cover - compiled
    """Work out colour ``c``'s selections into the ``W_SURE`` and ``W_CAND`` bitboards.

    Sure: empty sites with potential >= 1, enemy stones with potential >= 2 and, when ``c`` may
    dispatch, own stones with potential >= 1 next to an empty site. Candidates: own stones with
    potential >= 2 and no empty neighbour, which can leave only if a jump fits (not checked
    here). Potentials >= 1 and >= 2 come from the bit planes of the Black-minus-White
    potential: for Black ``d > 0`` and ``d >= 2``, for White ``d < 0`` and ``d <= -2``.
    Returns 1 if there is a sure selection, plus 2 if there is a candidate.
    """
    gb = _bit_base(g)
    nw = g[gb]
    may = _may_dispatch(g, arr, c)
    emp = W_EMPTY * nw
    own = (W_STONES + c) * nw
    opp = (W_STONES + (c ^ 1)) * nw
    p = W_PLANES * nw
    any_sure = _ZERO
    any_cand = _ZERO
    for j in range(nw):
        d0 = w[_U(p + j)]
        d1 = w[_U(p + nw + j)]
        d2 = w[_U(p + 2 * nw + j)]
        d3 = w[_U(p + 3 * nw + j)]
        if c == 0:
            p1 = ~d3 & (d0 | d1 | d2)
            p2 = ~d3 & (d1 | d2)
        else:
            p1 = d3
            p2 = d3 & ~(d0 & d1 & d2)
        e = w[_U(emp + j)]
        sure = (e & p1) | (w[_U(opp + j)] & p2)
        cand = _ZERO
        if may:
            mine = w[_U(own + j)] & p1
            if mine != _ZERO:
                near = _ZERO  # sites with an empty neighbour
                for d in range(3):
                    a = np.uint64(g[_U(gb + 1 + d)])
                    b = np.uint64(64) - a
                    up = e >> a  # the neighbour along d is empty
                    down = e << a  # the neighbour against d is empty
                    if j + 1 < nw:
                        up |= w[_U(emp + j + 1)] << b
                    if j > 0:
                        down |= w[_U(emp + j - 1)] >> b
                    near |= up | down
                sure |= mine & near
                cand = mine & p2 & ~near
        w[_U(W_SURE * nw + j)] = sure
        w[_U(W_CAND * nw + j)] = cand
        any_sure |= sure
        any_cand |= cand
    return (1 if any_sure != _ZERO else 0) + (2 if any_cand != _ZERO else 0)


@njit(cache=True, inline="always")
def _clear_selection_words(g: Array, w: Any) -> None:  # pragma: no cover - compiled
    """Zero the selection bitboards (they mean something only while a move is chosen)."""
    nw = g[_bit_base(g)]
    for j in range(W_SURE * nw, (W_CAND + 1) * nw):
        w[_U(j)] = _ZERO


@njit(cache=True)
def any_move(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` has any legal move; leaves ``c``'s selection bitboards in ``arr``."""
    return _any_move(g, _g_words(g), arr, _words(g, arr), c)


@njit(cache=True, inline="always")
def _any_move(g: Array, gw: Any, arr: Array, w: Any, c: int) -> bool:  # pragma: no cover - compiled
    """:func:`any_move` with the state's bitboards ``w``."""
    f = _selection_words(g, arr, w, c)
    if f & 1:
        return True
    if f == 0:
        return False
    nw = g[_bit_base(g)]
    for j in range(nw):
        cand = w[_U(W_CAND * nw + j)]
        while cand != _ZERO:
            b = int(np.int64(ctz64(cand)))
            cand &= cand - _ONE
            x = _site_of_bit(g, 64 * j + b)
            if _has_jump(g, gw, w, x, _pot(g, w, x, c)):
                return True
    return False
