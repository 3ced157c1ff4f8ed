"""The incremental tables of a Throngs position: every change of a site goes through
:func:`_set`, which keeps the stone counts, the contents' hash and the bitboards up to date
(the potential planes by a bit-sliced add of the site's vicinity word); potentials are read
off the planes (:func:`_pot`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...core import Array
from ...kernels_common import _U
from .layout import (
    _ONE,
    _ZERO,
    BASE,
    NWBLOCKS,
    S_EMPTY,
    S_STONES,
    W_EMPTY,
    W_PLANES,
    W_STONES,
    _bit_base,
    _g_words,
    _words,
    _zobrist,
)


@njit(cache=True, inline="always")
def _set(g: Array, gw: Any, arr: Array, w: Any, x: int, v: int) -> None:  # pragma: no cover
    """Change site ``x`` to ``v`` (0 empty, 1 Black, 2 White), keeping every table up to date:
    stone counts, the contents' hash and the bitboards (the potential planes change by the
    vicinity's word, a bit-sliced add or subtract)."""
    old = arr[_U(BASE + x)]
    if old == v:
        return
    arr[_U(BASE + x)] = v
    delta = (1 if v == 1 else (-1 if v == 2 else 0)) - (1 if old == 1 else (-1 if old == 2 else 0))
    if old != 0:
        arr[_U(S_STONES + old - 1)] -= 1
    else:
        arr[S_EMPTY] -= 1
    if v != 0:
        arr[_U(S_STONES + v - 1)] += 1
    else:
        arr[S_EMPTY] += 1
    gb = _bit_base(g)
    nw = g[gb]
    b = g[_U(gb + 7 + x)]
    i = b >> 6
    bit = _ONE << np.uint64(b & 63)
    was = _U((W_EMPTY if old == 0 else W_STONES + old - 1) * nw + i)
    w[was] = w[was] & ~bit
    now = _U((W_EMPTY if v == 0 else W_STONES + v - 1) * nw + i)
    w[now] = w[now] | bit
    z = _zobrist(g) + 2 * x
    h = w[_U(NWBLOCKS * nw)]
    if old != 0:
        h ^= gw[_U(z + old - 1)]
    if v != 0:
        h ^= gw[_U(z + v - 1)]
    w[_U(NWBLOCKS * nw)] = h
    vic = (1 + x) * nw
    p = W_PLANES * nw
    for j in range(nw):
        m = gw[_U(vic + j)]
        if m == _ZERO:
            continue
        d0 = w[_U(p + j)]
        d1 = w[_U(p + nw + j)]
        d2 = w[_U(p + 2 * nw + j)]
        d3 = w[_U(p + 3 * nw + j)]
        if delta > 0:
            for _ in range(delta):  # add one where m is set
                c = m
                t = d0 & c
                d0 ^= c
                c = t
                t = d1 & c
                d1 ^= c
                c = t
                t = d2 & c
                d2 ^= c
                c = t
                d3 ^= c
        else:
            for _ in range(-delta):  # subtract one where m is set
                c = m
                t = ~d0 & c
                d0 ^= c
                c = t
                t = ~d1 & c
                d1 ^= c
                c = t
                t = ~d2 & c
                d2 ^= c
                c = t
                d3 ^= c
        w[_U(p + j)] = d0
        w[_U(p + nw + j)] = d1
        w[_U(p + 2 * nw + j)] = d2
        w[_U(p + 3 * nw + j)] = d3


@njit(cache=True)
def _set_site(g: Array, arr: Array, x: int, v: int) -> None:  # pragma: no cover - compiled
    """:func:`_set`, making the views itself."""
    _set(g, _g_words(g), arr, _words(g, arr), x, v)


@njit(cache=True)
def _add_stone(g: Array, arr: Array, x: int, c: int) -> None:  # pragma: no cover - compiled
    """Put a stone of colour ``c`` on empty site ``x``."""
    _set_site(g, arr, x, c + 1)


@njit(cache=True, inline="always")
def _pot(g: Array, w: Any, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Action potential of site ``x`` for colour ``c``, read from the four bit planes of the
    state's bitboards ``w`` (4-bit two's complement of Black minus White)."""
    gb = _bit_base(g)
    nw = g[gb]
    b = g[_U(gb + 7 + x)]
    i = b >> 6
    s = np.uint64(b & 63)
    p = W_PLANES * nw + i
    v = (
        ((w[_U(p)] >> s) & _ONE)
        | (((w[_U(p + nw)] >> s) & _ONE) << np.uint64(1))
        | (((w[_U(p + 2 * nw)] >> s) & _ONE) << np.uint64(2))
        | (((w[_U(p + 3 * nw)] >> s) & _ONE) << np.uint64(3))
    )
    d = int(v) - 16 * int(v >> np.uint64(3))
    return d if c == 0 else -d


@njit(cache=True, inline="always")
def _potential(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Action potential of site ``x`` for colour ``c`` (:func:`_pot`, making the view)."""
    return _pot(g, _words(g, arr), x, c)
