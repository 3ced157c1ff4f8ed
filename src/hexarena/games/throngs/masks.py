"""Throngs' legal actions written as a mask, for the batched environments: the same actions as
:func:`~hexarena.games.throngs.rules.legal`, found the way the random playouts find theirs (the
selection bitboards, the bitboard searches for destinations), without listing, sorting or
allocating them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...bits import ctz64
from ...core import H_COLOUR, H_PLAYER, Array
from ...kernels_common import plain_kernel
from .bitsearch import (
    SC_DEST,
    _bit_search,
    _window_search,
    bit_scratch,
)
from .layout import (
    _ONE,
    _ZERO,
    BASE,
    G_N,
    P_AFTER_DEPLOY,
    P_CHOOSE,
    P_SELECT,
    S_BUDGET,
    S_PHASE,
    S_SEL,
    W_CAND,
    W_SURE,
    _bit_base,
    _g_words_bare,
    _site_of_bit,
    _words_bare,
)
from .paths import quick_destinations, quick_scratch_size, scratch_size
from .selection import _has_jump
from .tables import _pot


@njit(cache=True, inline="always")
def _mark_bits(g: Array, row: Any, v: Any, at: int, offset: int) -> None:  # pragma: no cover
    """``row[offset + site] = True`` for each set bit ``b`` of word ``v`` (board bit ``at + b``)."""
    while v != _ZERO:
        b = int(np.int64(ctz64(v)))
        v &= v - _ONE
        row[offset + _site_of_bit(g, at + b)] = True


@plain_kernel
def _mask_fast(g: Array, arr: Array, row: Any) -> bool:  # pragma: no cover - compiled
    """:func:`legal_mask` where it makes no array (every position but a destination phase
    whose budget outgrows a window of two words), compiled without Numba's reference counting
    (a call that passes arrays to a kernel compiled with it counts their references, even for
    views without a count); whether it wrote the mask (if not, :func:`legal_mask` must)."""
    n = g[G_N]
    row[:] = False
    if arr[H_PLAYER] < 0:
        return True
    ph = arr[S_PHASE]
    if ph < P_CHOOSE:  # set-up: the empty sites
        for x in range(n):
            row[x] = arr[BASE + x] == 0
        return True
    if ph == P_CHOOSE:
        row[2 * n + 1] = True
        row[2 * n + 2] = True
        return True
    gw = _g_words_bare(g)
    w = _words_bare(g, arr)
    gb = _bit_base(g)
    nw = g[gb]
    if ph == P_SELECT:
        c = arr[H_COLOUR]
        for j in range(nw):
            sure = w[W_SURE * nw + j]
            _mark_bits(g, row, sure, 64 * j, 0)
            cand = w[W_CAND * nw + j] & ~sure
            while cand != _ZERO:
                b = int(np.int64(ctz64(cand)))
                cand &= cand - _ONE
                x = _site_of_bit(g, 64 * j + b)
                if _has_jump(g, gw, w, x, _pot(g, w, x, c)):
                    row[x] = True
        return True
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    if nw == 3 and 2 * b * g[gb + 2] + 1 <= 128:  # on a window of one or two words
        if ph == P_AFTER_DEPLOY:
            row[2 * n] = True  # stop
        fl, fh, base = _window_search(g, gw, w, x, b, 2 * b * g[gb + 2] + 1 > 64)
        _mark_bits(g, row, fl, base, n)
        _mark_bits(g, row, fh, base + 64, n)
        return True
    return False


@njit(cache=True)
def _mask_searched(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """The destinations of a dispatch whose budget outgrows a window of two words (or on a
    board of more words), by the full bitboard search (with scratch room it makes), else by
    the path search, into ``row`` (cleared before, by :func:`_mask_fast`)."""
    n = g[G_N]
    ph = arr[S_PHASE]
    gw = _g_words_bare(g)
    w = _words_bare(g, arr)
    nw = g[_bit_base(g)]
    if ph == P_AFTER_DEPLOY:
        row[2 * n] = True  # stop
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    sc = bit_scratch(g)
    if _bit_search(g, gw, w, x, b, sc) >= 0:
        for j in range(nw):
            _mark_bits(g, row, sc[SC_DEST * nw + j], 64 * j, n)
        return
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    q = np.zeros(quick_scratch_size(n), dtype=np.int32)
    m = quick_destinations(g, arr, x, b, q, buf)
    for i in range(m):
        row[n + buf[i]] = True


@njit(cache=True, inline="always")
def mask_inline(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """:func:`legal_mask` for the batched step, compiled into it: it calls :func:`_mask_fast`
    (no references counted) itself, and the full search only when that cannot write the mask."""
    if not _mask_fast(g, arr, row):
        _mask_searched(g, arr, row)


@njit(cache=True)
def legal_mask(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """Write the legal actions of the position into ``row`` (``num_distinct_actions`` bools)."""
    mask_inline(g, arr, row)
