"""Throngs' dispatch destinations by bitboard search: all paths of a budget at once, level by
level of cost, with shifts of the occupied and empty sites (budgets up to 5, and 6 and 7 with
a lower bound as certificate); on windows of one or two words around the stone where its reach
fits.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...bits import nth_bit64, popcount64
from ...core import Array
from ...kernels_common import _U
from .layout import _ONE, _ZERO, MAX_BUDGET, W_EMPTY, _bit_base, _g_words, _site_of_bit, _words

# ---------------------------------------------------------------- kernels: bitboard search
#: Blocks of the playout's 64-bit scratch (``words`` each): per direction the occupied sites
#: reached in the middle of a jump that way (6), the destinations found, and copies of the
#: selection bitboards that a random choice may thin out.
SC_JUMP = 0
SC_DEST = 6
SC_SURE = 7
SC_CAND = 8
SC_BLOCKS = 9
#: After the blocks: per level of the restricted search (0 .. ``MAX_BUDGET``), per axis, the
#: sites crossed so far along that axis (three words each; :func:`_lower_count3`).
SC_HIST_WORDS = (MAX_BUDGET + 1) * 3 * 3


@njit(cache=True)
def bit_scratch(g: Array) -> Any:  # pragma: no cover - compiled
    """Zeroed 64-bit scratch for :func:`bit_destinations` and the random choices."""
    return np.zeros(SC_BLOCKS * g[_bit_base(g)] + SC_HIST_WORDS, dtype=np.uint64)


@njit(cache=True, inline="always")
def _up2(
    s0: np.uint64, s1: np.uint64, a: np.uint64, b: np.uint64
) -> tuple[np.uint64, np.uint64]:  # pragma: no cover - compiled
    """A two-word bitboard shifted ``a`` bits up (``b = 64 - a``)."""
    return s0 << a, (s1 << a) | (s0 >> b)


@njit(cache=True, inline="always")
def _down2(
    s0: np.uint64, s1: np.uint64, a: np.uint64, b: np.uint64
) -> tuple[np.uint64, np.uint64]:  # pragma: no cover - compiled
    """A two-word bitboard shifted ``a`` bits down (``b = 64 - a``)."""
    return (s0 >> a) | (s1 << b), s1 >> a


@njit(cache=True, inline="always")
def _up3(
    s0: np.uint64, s1: np.uint64, s2: np.uint64, a: np.uint64, b: np.uint64
) -> tuple[np.uint64, np.uint64, np.uint64]:  # pragma: no cover - compiled
    """A three-word bitboard shifted ``a`` bits up (``b = 64 - a``)."""
    return s0 << a, (s1 << a) | (s0 >> b), (s2 << a) | (s1 >> b)


@njit(cache=True, inline="always")
def _down3(
    s0: np.uint64, s1: np.uint64, s2: np.uint64, a: np.uint64, b: np.uint64
) -> tuple[np.uint64, np.uint64, np.uint64]:  # pragma: no cover - compiled
    """A three-word bitboard shifted ``a`` bits down (``b = 64 - a``)."""
    return (s0 >> a) | (s1 << b), (s1 >> a) | (s2 << b), s2 >> a


@njit(cache=True, inline="always")
def _word_at(
    w0: np.uint64, w1: np.uint64, w2: np.uint64, base: int
) -> np.uint64:  # pragma: no cover - compiled
    """Bits ``base .. base + 63`` of the three-word bitboard ``w0, w1, w2`` (zero beyond it)."""
    q = base >> 6  # floor, also for a negative base
    r = np.uint64(base & 63)
    lo = _ZERO
    hi = _ZERO
    if q == -1:
        hi = w0
    elif q == 0:
        lo = w0
        hi = w1
    elif q == 1:
        lo = w1
        hi = w2
    elif q == 2:
        lo = w2
    if r == _ZERO:
        return lo
    return (lo >> r) | (hi << (np.uint64(64) - r))


@njit(cache=True, inline="always")
def _window_search(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, two: bool
) -> tuple[np.uint64, np.uint64, int]:
    """:func:`_bit_destinations3` on a window of one word (``two`` false) or two words around
    the stone on ``x``, for budgets whose reach fits: the destinations as the window's low
    and high words, and the board bit of the window's bit 0.

    A path of cost ``c`` moves at most ``c`` rows and so at most ``c * W`` bits (``W`` the bit
    offset of a row) from its start: every site reached, crossed or landed on within the
    budget lies in the window from ``bit(x) - budget * W`` on when ``2 * budget * W + 1`` bits
    fit, and shifts that push bits out of the window only drop what no path reaches.
    """
    gb = _bit_base(g)
    row = g[_U(gb + 2)]  # the offset of direction (0, 1): one row
    xb = g[_U(gb + 7 + x)]
    base = xb - budget * row
    e0 = w[3 * W_EMPTY]
    e1 = w[3 * W_EMPTY + 1]
    e2 = w[3 * W_EMPTY + 2]
    b0 = gw[0]
    b1 = gw[1]
    b2 = gw[2]
    a0 = np.uint64(g[_U(gb + 1)])
    a1 = np.uint64(row)
    a2 = np.uint64(g[_U(gb + 3)])
    c0 = np.uint64(64) - a0
    c1 = np.uint64(64) - a1
    c2 = np.uint64(64) - a2
    el = _word_at(e0, e1, e2, base)
    start = _ONE << np.uint64(budget * row)
    ol = _word_at(b0, b1, b2, base) & ~el & ~start
    if not two:
        f = start
        j0 = j1 = j2 = j3 = j4 = j5 = _ZERO
        for _ in range(budget):
            v = (f | j0) << a0
            j0 = v & ol
            nx = f | (v & el)
            v = (f | j3) >> a0
            j3 = v & ol
            nx |= v & el
            v = (f | j1) << a1
            j1 = v & ol
            nx |= v & el
            v = (f | j4) >> a1
            j4 = v & ol
            nx |= v & el
            v = (f | j2) << a2
            j2 = v & ol
            nx |= v & el
            v = (f | j5) >> a2
            j5 = v & ol
            f = nx | (v & el)
        fl = f & el
        fh = _ZERO
    else:
        eh = _word_at(e0, e1, e2, base + 64)
        oh = _word_at(b0, b1, b2, base + 64) & ~eh
        fl = start
        fh = _ZERO
        u0l = u0h = u1l = u1h = u2l = u2h = _ZERO  # jumps up, per axis
        d0l = d0h = d1l = d1h = d2l = d2h = _ZERO  # jumps down
        for _ in range(budget):
            vl, vh = _up2(fl | u0l, fh | u0h, a0, c0)
            u0l, u0h = vl & ol, vh & oh
            nl, nh = fl | (vl & el), fh | (vh & eh)
            vl, vh = _down2(fl | d0l, fh | d0h, a0, c0)
            d0l, d0h = vl & ol, vh & oh
            nl, nh = nl | (vl & el), nh | (vh & eh)
            vl, vh = _up2(fl | u1l, fh | u1h, a1, c1)
            u1l, u1h = vl & ol, vh & oh
            nl, nh = nl | (vl & el), nh | (vh & eh)
            vl, vh = _down2(fl | d1l, fh | d1h, a1, c1)
            d1l, d1h = vl & ol, vh & oh
            nl, nh = nl | (vl & el), nh | (vh & eh)
            vl, vh = _up2(fl | u2l, fh | u2h, a2, c2)
            u2l, u2h = vl & ol, vh & oh
            nl, nh = nl | (vl & el), nh | (vh & eh)
            vl, vh = _down2(fl | d2l, fh | d2h, a2, c2)
            d2l, d2h = vl & ol, vh & oh
            fl, fh = nl | (vl & el), nh | (vh & eh)
        fl &= el
        fh &= eh
    return fl, fh, base


@njit(cache=True, inline="always")
def _window_destinations(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any, two: bool
) -> int:
    """:func:`_window_search`, leaving the destinations in block ``SC_DEST`` in board
    coordinates, as the full search does."""
    fl, fh, base = _window_search(g, gw, w, x, budget, two)
    for i in range(3):
        sc[SC_DEST * 3 + i] = window_word(fl, fh, base, i)
    return int(popcount64(fl) + popcount64(fh))


@njit(cache=True, inline="always")
def window_word(fl: np.uint64, fh: np.uint64, base: int, i: int) -> np.uint64:  # pragma: no cover
    """Board word ``i`` (bits ``64 i .. 64 i + 63``) of a window of two words ``fl``, ``fh``
    whose bit 0 is board bit ``base`` (:func:`_window_search`)."""
    off = 64 * i - base  # window bit i is board bit base + i
    v = _ZERO
    if -64 < off < 64:
        v = (fl >> np.uint64(off)) if off >= 0 else (fl << np.uint64(-off))
    off2 = off - 64
    if -64 < off2 < 64:
        v |= (fh >> np.uint64(off2)) if off2 >= 0 else (fh << np.uint64(-off2))
    return v


@njit(cache=True, inline="always")
def _search3(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any, restrict: bool
) -> tuple[np.uint64, np.uint64, np.uint64]:
    """The bitboard search of :func:`_bit_destinations` on boards of 3 words (the original
    board), all in registers: the sites reached, as three words.

    With ``restrict``, no jump may cross, along one axis, a site that a jump along another
    axis crossed three or more levels earlier: a lower bound on the destinations, which
    matches the unrestricted search's upper bound in nearly every position (the budgets of 6
    and 7 use this as a certificate). Why it is a lower bound: a walk that crosses a site
    twice along two axes lands after the first jump, needs at least one more move to reach
    the line of the second (the landing is not on it), and crosses the site at least three
    levels later; the restriction forbids exactly that, so every walk this search keeps
    crosses no site along two axes. Crossing a site twice along one axis, or landing twice,
    needs landing again where the walk has landed before, and cutting such loops out leaves a
    path that visits no site twice and costs no more. So every site found is a legal
    destination. The per-level crossing sets go to the scratch after its blocks
    (``SC_HIST_WORDS``). ``restrict`` is a constant at each call, so the inlined search
    keeps only the code it needs.
    """
    gb = _bit_base(g)
    hist = SC_BLOCKS * 3
    if restrict:
        for i in range(9):
            sc[hist + i] = _ZERO  # level 0: nothing crossed
    e0 = w[3 * W_EMPTY]
    e1 = w[3 * W_EMPTY + 1]
    e2 = w[3 * W_EMPTY + 2]
    xb = g[gb + 7 + x]
    xbit = _ONE << np.uint64(xb & 63)
    f0 = xbit if xb < 64 else _ZERO
    f1 = xbit if 64 <= xb < 128 else _ZERO
    f2 = xbit if xb >= 128 else _ZERO
    o0 = gw[0] & ~e0 & ~f0  # sites a jump may cross: occupied, not the start
    o1 = gw[1] & ~e1 & ~f1
    o2 = gw[2] & ~e2 & ~f2
    a0 = np.uint64(g[gb + 1])
    a1 = np.uint64(g[gb + 2])
    a2 = np.uint64(g[gb + 3])
    b0 = np.uint64(64) - a0
    b1 = np.uint64(64) - a1
    b2 = np.uint64(64) - a2
    # the occupied sites in the middle of a jump, per direction (three up, three down)
    j00 = j01 = j02 = j10 = j11 = j12 = j20 = j21 = j22 = _ZERO
    j30 = j31 = j32 = j40 = j41 = j42 = j50 = j51 = j52 = _ZERO
    for it in range(1, budget + 1):
        # crossable along each axis: occupied, minus (restricted) what the other axes
        # crossed by level it - 3
        k0 = k1 = k2 = c0 = c1 = c2 = h0 = h1 = h2 = _ZERO
        if restrict and it >= 4:
            h = hist + 9 * (it - 3)
            k0, k1, k2 = sc[h + 3] | sc[h + 6], sc[h + 4] | sc[h + 7], sc[h + 5] | sc[h + 8]
            c0, c1, c2 = sc[h] | sc[h + 6], sc[h + 1] | sc[h + 7], sc[h + 2] | sc[h + 8]
            h0, h1, h2 = sc[h] | sc[h + 3], sc[h + 1] | sc[h + 4], sc[h + 2] | sc[h + 5]
        p0, p1, p2 = o0 & ~k0, o1 & ~k1, o2 & ~k2  # axis 0
        q0, q1, q2 = o0 & ~c0, o1 & ~c1, o2 & ~c2  # axis 1
        r0, r1, r2 = o0 & ~h0, o1 & ~h1, o2 & ~h2  # axis 2
        v0, v1, v2 = _up3(f0 | j00, f1 | j01, f2 | j02, a0, b0)
        j00, j01, j02 = v0 & p0, v1 & p1, v2 & p2
        n0, n1, n2 = f0 | (v0 & e0), f1 | (v1 & e1), f2 | (v2 & e2)
        v0, v1, v2 = _down3(f0 | j30, f1 | j31, f2 | j32, a0, b0)
        j30, j31, j32 = v0 & p0, v1 & p1, v2 & p2
        n0, n1, n2 = n0 | (v0 & e0), n1 | (v1 & e1), n2 | (v2 & e2)
        v0, v1, v2 = _up3(f0 | j10, f1 | j11, f2 | j12, a1, b1)
        j10, j11, j12 = v0 & q0, v1 & q1, v2 & q2
        n0, n1, n2 = n0 | (v0 & e0), n1 | (v1 & e1), n2 | (v2 & e2)
        v0, v1, v2 = _down3(f0 | j40, f1 | j41, f2 | j42, a1, b1)
        j40, j41, j42 = v0 & q0, v1 & q1, v2 & q2
        n0, n1, n2 = n0 | (v0 & e0), n1 | (v1 & e1), n2 | (v2 & e2)
        v0, v1, v2 = _up3(f0 | j20, f1 | j21, f2 | j22, a2, b2)
        j20, j21, j22 = v0 & r0, v1 & r1, v2 & r2
        n0, n1, n2 = n0 | (v0 & e0), n1 | (v1 & e1), n2 | (v2 & e2)
        v0, v1, v2 = _down3(f0 | j50, f1 | j51, f2 | j52, a2, b2)
        j50, j51, j52 = v0 & r0, v1 & r1, v2 & r2
        f0, f1, f2 = n0 | (v0 & e0), n1 | (v1 & e1), n2 | (v2 & e2)
        if restrict:
            h = hist + 9 * it
            sc[h] = sc[h - 9] | j00 | j30
            sc[h + 1] = sc[h - 8] | j01 | j31
            sc[h + 2] = sc[h - 7] | j02 | j32
            sc[h + 3] = sc[h - 6] | j10 | j40
            sc[h + 4] = sc[h - 5] | j11 | j41
            sc[h + 5] = sc[h - 4] | j12 | j42
            sc[h + 6] = sc[h - 3] | j20 | j50
            sc[h + 7] = sc[h - 2] | j21 | j51
            sc[h + 8] = sc[h - 1] | j22 | j52
    return f0 & e0, f1 & e1, f2 & e2


@njit(cache=True, inline="always")
def _bit_destinations3(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any
) -> int:
    """:func:`bit_destinations` on boards of 3 words (the original board): the unrestricted
    :func:`_search3`, its sites left in block ``SC_DEST``."""
    f0, f1, f2 = _search3(g, gw, w, x, budget, sc, False)
    sc[SC_DEST * 3] = f0
    sc[SC_DEST * 3 + 1] = f1
    sc[SC_DEST * 3 + 2] = f2
    return int(popcount64(f0) + popcount64(f1) + popcount64(f2))


@njit(cache=True, inline="always")
def _lower_count3(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any
) -> int:
    """How many sites the restricted :func:`_search3` reaches: a lower bound on the
    destinations."""
    f0, f1, f2 = _search3(g, gw, w, x, budget, sc, True)
    return int(popcount64(f0) + popcount64(f1) + popcount64(f2))


@njit(cache=True)
def upper_destinations(  # pragma: no cover - compiled
    g: Array, arr: Array, x: int, budget: int, sc: Any
) -> int:
    """:func:`_bit_destinations3` for any budget on a board of three words: every site some
    walk reaches, a superset of the destinations from a budget of 6 on (left in ``sc`` as
    :func:`bit_destinations` leaves them)."""
    return _bit_destinations3(g, _g_words(g), _words(g, arr), x, budget, sc)


@njit(cache=True)
def lower_count(g: Array, arr: Array, x: int, budget: int) -> int:  # pragma: no cover
    """:func:`_lower_count3` on a board of three words, making the views and scratch itself."""
    return _lower_count3(g, _g_words(g), _words(g, arr), x, budget, bit_scratch(g))


@njit(cache=True)
def bit_destinations(  # pragma: no cover - compiled
    g: Array, arr: Array, x: int, budget: int, sc: Any
) -> int:
    """:func:`_bit_destinations`, making the views itself."""
    return _bit_destinations(g, _g_words(g), _words(g, arr), x, budget, sc)


@njit(cache=True, inline="always")
def _bit_destinations(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any
) -> int:
    """How many sites the stone on ``x`` can reach with ``budget`` (at most 5): a bitboard search.

    Leaves the destinations in block ``SC_DEST`` of ``sc`` (:func:`bit_scratch`). Level by
    level of cost, the sites landed on within that cost (``F``) and, per direction ``d``, the
    occupied sites passed in the middle of a jump that way (``J[d]``) grow together: shifting
    ``F | J[d]`` one site along ``d`` gives new landings (the empty sites) and the jump's next
    crossed sites (the occupied ones, never the start). This ignores the rule that a path
    visits no site twice, apart from the start. That cannot add a destination within a budget
    of 5: a walk that lands twice on a site leaves out the loop between, and one that crosses
    a site twice needs two jumps over it along different lines and at least a step between, 5
    in all, and then it is a jump of one site from the start, a step and a jump of one site
    back across: its end is next to the start and one step reaches it. Budgets of 6 and 7 use
    :func:`quick_destinations`.
    """
    gb = _bit_base(g)
    if g[gb] == 3:
        span = 2 * budget * g[gb + 2] + 1
        if span <= 128:
            return _window_destinations(g, gw, w, x, budget, sc, span > 64)
        return _bit_destinations3(g, gw, w, x, budget, sc)
    return _bit_destinations_n(g, gw, w, x, budget, sc)


@njit(cache=True, inline="always")
def _bit_destinations_n(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any
) -> int:
    """:func:`_bit_destinations` on a board of any number of words, a word at a time."""
    gb = _bit_base(g)
    nw = g[gb]
    emp = W_EMPTY * nw
    nxt = SC_DEST * nw
    reach = SC_SURE * nw  # the copies of the selection words are free during a dispatch
    occ = SC_CAND * nw
    for i in range(nw):
        sc[occ + i] = gw[i] & ~w[emp + i]
        sc[reach + i] = _ZERO
    for i in range(6 * nw):
        sc[SC_JUMP + i] = _ZERO
    xb = g[gb + 7 + x]
    xbit = _ONE << np.uint64(xb & 63)
    sc[occ + (xb >> 6)] &= ~xbit
    sc[reach + (xb >> 6)] = xbit
    for _ in range(budget):
        for i in range(nw):
            sc[nxt + i] = sc[reach + i]
        for d in range(6):
            s = g[gb + 1 + d]
            jd = SC_JUMP + d * nw
            if s > 0:
                a = np.uint64(s)
                c = np.uint64(64 - s)
                prev = _ZERO
                for i in range(nw):
                    src = sc[reach + i] | sc[jd + i]
                    v = (src << a) | (prev >> c)
                    prev = src
                    sc[jd + i] = v & sc[occ + i]
                    sc[nxt + i] |= v & w[emp + i]
            else:
                a = np.uint64(-s)
                c = np.uint64(64 + s)
                prev = _ZERO
                for k in range(nw):
                    i = nw - 1 - k
                    src = sc[reach + i] | sc[jd + i]
                    v = (src >> a) | (prev << c)
                    prev = src
                    sc[jd + i] = v & sc[occ + i]
                    sc[nxt + i] |= v & w[emp + i]
        for i in range(nw):
            sc[reach + i] = sc[nxt + i]
    m = 0
    for i in range(nw):
        v = sc[reach + i] & w[emp + i]
        sc[nxt + i] = v
        m += int(popcount64(v))
    return m


@njit(cache=True, inline="always")
def _bit_search(  # pragma: no cover - compiled
    g: Array, gw: Any, w: Any, x: int, budget: int, sc: Any
) -> int:
    """The destinations of the stone on ``x`` with ``budget`` by the bitboard searches alone,
    left in block ``SC_DEST`` of ``sc`` as :func:`bit_destinations` leaves them: how many, or
    -1 where these searches cannot tell (a budget of 6 or 7 whose lower bound falls short of
    the upper, or above 5 on a board of more than three words). For the random choice and
    the legal mask, which try the windows of :func:`_window_search` first: each search is
    compiled once here."""
    if g[_bit_base(g)] == 3:
        m = _bit_destinations3(g, gw, w, x, budget, sc)
        if budget > 5 and m != _lower_count3(g, gw, w, x, budget, sc):
            return -1
        return m
    if budget <= 5:
        return _bit_destinations_n(g, gw, w, x, budget, sc)
    return -1


@njit(cache=True)
def bit_pick(g: Array, sc: Any, k: int) -> int:  # pragma: no cover - compiled
    """The site of the ``k``-th destination (from 0, in bit order) that :func:`bit_destinations`
    left in ``sc``."""
    nw = g[_bit_base(g)]
    for i in range(nw):
        v = sc[SC_DEST * nw + i]
        c = int(popcount64(v))
        if k < c:
            return _site_of_bit(g, 64 * i + nth_bit64(v, k))
        k -= c
    return -1
