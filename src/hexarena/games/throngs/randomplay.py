"""Uniformly random legal actions for Throngs' playouts, drawn from the selection bitboards and
the bitboard searches without listing the legal actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...bits import nth_bit64, popcount64, unmanaged
from ...core import H_COLOUR, Array
from ...rng import rand_index
from .bitsearch import (
    SC_CAND,
    SC_SURE,
    _bit_search,
    _window_search,
    bit_pick,
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
    _site_of_bit,
)
from .paths import quick_destinations
from .selection import _has_jump
from .tables import _pot


@njit(cache=True, inline="always")
def _draw_selection3(
    g: Array, gw: Any, w: Any, rng: Any, c: int
) -> int:  # pragma: no cover - compiled
    """A uniformly random legal selection on a board of three words: the selection bitboards
    in registers, the word and the bit found without loops (``pdep`` where the processor has
    it). A candidate that cannot leave is dropped and the draw repeated."""
    gb = _bit_base(g)
    s0 = w[3 * W_SURE]
    s1 = w[3 * W_SURE + 1]
    s2 = w[3 * W_SURE + 2]
    t0 = s0 | w[3 * W_CAND]
    t1 = s1 | w[3 * W_CAND + 1]
    t2 = s2 | w[3 * W_CAND + 2]
    while True:
        c0 = int(popcount64(t0))
        c01 = c0 + int(popcount64(t1))
        total = c01 + int(popcount64(t2))
        if total == 0:
            return -1  # cannot happen in a game that goes on
        k = int(rand_index(rng, total))
        j = (1 if k >= c0 else 0) + (1 if k >= c01 else 0)
        word = t0 if j == 0 else (t1 if j == 1 else t2)
        sure = s0 if j == 0 else (s1 if j == 1 else s2)
        kk = k - (0 if j == 0 else (c0 if j == 1 else c01))
        b = nth_bit64(word, kk)
        bit = _ONE << np.uint64(b)
        x = g[gb + 7 + g[G_N] + 64 * j + b]
        if (sure & bit) != _ZERO or _has_jump(g, gw, w, x, _pot(g, w, x, c)):
            return x
        if j == 0:
            t0 &= ~bit
        elif j == 1:
            t1 &= ~bit
        else:
            t2 &= ~bit


@njit(cache=True)
def choose_random(  # pragma: no cover - compiled
    g: Array, gw: Any, arr: Array, w: Any, rng: Any, buf: Array, q: Array, sc: Any
) -> int:
    """A uniformly random legal action (:func:`_choose_random`, on views without reference
    counts, so that passing the arrays to the helpers inlined in it costs nothing)."""
    return _choose_random(
        unmanaged(g),
        unmanaged(gw),
        unmanaged(arr),
        unmanaged(w),
        unmanaged(rng),
        unmanaged(buf),
        unmanaged(q),
        unmanaged(sc),
    )


@njit(cache=True, inline="always")
def _choose_random(  # pragma: no cover - compiled
    g: Array, gw: Any, arr: Array, w: Any, rng: Any, buf: Array, q: Array, sc: Any
) -> int:
    """A uniformly random legal action.

    ``buf`` is scratch for :func:`destinations` and ``q`` for :func:`quick_destinations` (both
    kept clean), ``sc`` for :func:`bit_destinations` (:func:`bit_scratch`). A selection is
    drawn uniformly from the sure selections and the candidates together (the selection
    bitboards); a candidate that turns out unable to leave is dropped and the draw repeated,
    which keeps every legal site equally likely. A destination is drawn uniformly from all
    of them (and ``stop``), found by :func:`bit_destinations` for budgets up to 5 and by
    :func:`quick_destinations` above. Set-up sites are drawn uniformly from the empty sites.
    """
    n = g[G_N]
    ph = arr[S_PHASE]
    if ph == P_CHOOSE:
        return 2 * n + 1 + rand_index(rng, 2)
    if ph < P_SELECT:
        while True:
            x = int(rand_index(rng, n))
            if arr[BASE + x] == 0:
                return x
    if ph == P_SELECT:
        nw = g[_bit_base(g)]
        c = arr[H_COLOUR]
        if nw == 3:
            return _draw_selection3(g, gw, w, rng, c)
        for j in range(nw):  # copies to thin out: the state's own words stay as they are
            sc[SC_SURE * nw + j] = w[W_SURE * nw + j]
            sc[SC_CAND * nw + j] = w[W_CAND * nw + j]
        while True:
            total = 0
            for j in range(nw):
                total += int(popcount64(sc[SC_SURE * nw + j] | sc[SC_CAND * nw + j]))
            if total == 0:
                return -1  # cannot happen in a game that goes on
            k = int(rand_index(rng, total))
            for j in range(nw):
                both = sc[SC_SURE * nw + j] | sc[SC_CAND * nw + j]
                cnt = int(popcount64(both))
                if k < cnt:
                    b = nth_bit64(both, k)
                    bit = _ONE << np.uint64(b)
                    x = _site_of_bit(g, 64 * j + b)
                    if (sc[SC_SURE * nw + j] & bit) != _ZERO or _has_jump(
                        g, gw, w, x, _pot(g, w, x, c)
                    ):
                        return x
                    sc[SC_CAND * nw + j] &= ~bit
                    break
                k -= cnt
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    gb = _bit_base(g)
    if g[gb] == 3 and 2 * b * g[gb + 2] + 1 <= 128:  # on a window: pick there
        fl, fh, base = _window_search(g, gw, w, x, b, 2 * b * g[gb + 2] + 1 > 64)
        cl = int(popcount64(fl))
        m = cl + int(popcount64(fh))
        k = int(rand_index(rng, m + 1)) if ph == P_AFTER_DEPLOY else int(rand_index(rng, m))
        if k == m:
            return 2 * n
        at = base + 64 + nth_bit64(fh, k - cl) if k >= cl else base + nth_bit64(fl, k)
        return _site_of_bit(g, at) + n
    m = _bit_search(g, gw, w, x, b, sc)
    exact = m >= 0
    if not exact:
        m = quick_destinations(g, arr, x, b, q, buf)
    k = int(rand_index(rng, m + 1)) if ph == P_AFTER_DEPLOY else int(rand_index(rng, m))
    if k == m:
        return 2 * n
    return (bit_pick(g, sc, k) if exact else buf[k]) + n
