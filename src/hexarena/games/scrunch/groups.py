"""Placements at the start of a wriggling turn decided in groups, on 64-bit board masks (boards
of at most 63 cells): the placements next to an egg (:func:`by_eggs`) and those next to the end
of a path whose other end can step (:func:`by_path_ends`), each group decided by operations on
words, without testing its placements one by one (:func:`.bitmask._can_complete_bits`, whose
data-dependent loops and branches cost a start of a turn most of its time).

Both rest on the count of snakes when the stone that steps has one friendly neighbour after the
placement: a player's snakes are paths and cycles (no stone has three friendly neighbours), a
placement touching one snake leaves their number as it was, lifting a stone with one friendly
neighbour (not on a cycle) leaves it too, and the stone put down on a destination with ``m``
friendly neighbours joins them (``m >= 1``: no more snakes) or makes an egg (``m = 0``: one
more). The growth is then legal exactly when its destination has a friendly neighbour and
leaves no stone with three; both are conditions on the counts of friendly neighbours (the
bit-sliced masks ``c1`` .. ``c4``), with no snake labels read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core import Array
from ...kernels_common import _U
from .tables import B_CYC, B_LAB, B_NXT, B_SSIZE, B_TAIL, S_NSNK, _o, smallest_size
from .words import Word, _ctz, _nbm


@njit(cache=True, inline="always")
def _end_steps(  # pragma: no cover - compiled
    g: Array, a: int, b: int, f: int, emp: int, c1: int, c2: int, c3: int, c4: int
) -> Word:
    """The placements ``p`` next to ``a``, an end of a path of two stones or more, for which
    the path's other end ``b`` can step to complete a legal growth, of two kinds: those whose
    one friendly neighbour is ``a``, and those with one more friendly neighbour ``y``, with
    at most one friendly neighbour itself and not ``b``.

    ``b`` has one friendly neighbour after such a placement (``p`` is not next to it), so by the
    count of the module's docstring a destination ``d`` (empty, next to ``b``) completes the
    growth when it leaves no stone with three and, for the first kind, has a friendly
    neighbour afterwards (``y`` is another snake's: the placement joins two snakes, so the
    second kind may leave an egg). A friendly neighbour ``z`` of ``d`` ends with ``fc(z) -
    adj(z, b) + adj(z, p) + 1``, and ``adj(z, p)`` is 1 only for ``a`` and ``y``.

    For the first kind only ``d``'s count depends on ``p`` (``fc(d) - 1 + adj(d, p)``: with
    ``fc(d)`` 1 the placement must be next to ``d``, with 2 any will do, with 3 it must not be
    next to ``d``), so they are decided together. For the second kind ``p`` (then with two
    friendly neighbours) may not be next to ``d``, nor may ``y`` when ``y`` would end with
    three; each is two operations on the destinations that suit every placement."""
    one = np.int64(1)
    nb = _nbm(g, b)
    # the stones a destination may not touch: those it would leave with three
    bad = f & ~(one << b) & ((c3 & nb) | (c2 & ~nb))
    bad |= (one << a) & ((nb >> a) & 1) - 1
    good = np.int64(0)  # the destinations that leave no stone with three (but p's y)
    near = np.int64(0)  # next to a destination with one friendly neighbour (b)
    anyw = np.int64(0)  # a destination with two (1)
    far = np.int64(-1)  # next to every destination with three
    for j in range(6):  # the six directions, without branches
        x0 = g[_U(1 + 6 * b + j)]
        x = max(x0, 0)
        nx = _nbm(g, x)
        ok = (x0 >= 0) & ((emp >> x) & 1 & ~(c4 >> x) & 1) & ((nx & bad) == 0)
        okm = -np.int64(ok)
        good |= (one << x) & okm
        k2 = (c2 >> x) & 1
        k3 = (c3 >> x) & 1
        near |= nx & okm & (k2 - 1)
        anyw |= ok & k2 & (k3 ^ 1)
        far &= nx | ~(okm & -k3)
    anywhere = anyw != 0
    na = _nbm(g, a)
    out = na & emp & c1 & ~c2
    if not anywhere:
        out &= near | ~far
    if good == 0:
        return out
    two = na & emp & c2 & ~c3 & ~nb  # two friendly neighbours, not next to b
    while two:
        p = _ctz(two)
        two &= two - 1
        np_ = _nbm(g, p)
        ym = np_ & f & ~(one << a)
        if ym & c2:
            continue
        block = np_
        if ym & c1 & ~nb:  # y has one friendly neighbour, and keeps it: d may not touch y
            block |= _nbm(g, _ctz(ym))
        if good & ~block:
            out |= one << p
    return out


@njit(cache=True, inline="always")
def by_path_ends(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    c: int,
    best: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> Word:
    """Placements that :func:`.bitmask._can_complete_bits` accepts, found a path end at a
    time: those whose one friendly neighbour is an end ``a`` of a smallest snake ``best`` that
    is a path of two stones or more, when the path's other end can step (:func:`_end_steps`).
    The others (and these, when the other end cannot step) are tested one by one."""
    found = np.int64(0)
    if best < 2:
        return found
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    cyc = _o(B_CYC, n)
    tail = _o(B_TAIL, n)
    for i in range(arr[_U(S_NSNK + c)]):
        lab = arr[_U(lst + i)]
        if arr[_U(size + lab)] != best or arr[_U(cyc + lab)] != 0:
            continue
        e = arr[_U(tail + lab)]
        for which in range(2):
            a = lab if which == 0 else e
            b = e if which == 0 else lab
            found |= _end_steps(g, a, b, f, emp, c1, c2, c3, c4)
    return found


@njit(cache=True, inline="always")
def by_eggs(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    c: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> tuple[Word, Word]:
    """Placements next to the smallest snakes when those are eggs, decided an egg at a time:
    those whose one friendly neighbour is the egg ``e`` (the cells decided), and of them those
    that :func:`.bitmask._can_complete_bits` accepts (the cells legal).

    The egg is the one stone that can step (``k`` 1, nothing crowded, its count condition 1),
    and the growth test's values reduce to masks of ``e``: a destination ``x`` next to ``e``,
    empty, with fewer than four friendly neighbours and no neighbour among the friendly stones
    that it would leave with three (those with two friendly neighbours not next to ``e``, with
    three next to it: the same for every placement) is legal for placement ``p`` when it has
    another friendly neighbour (and is not left with three by ``p``) or is next to ``p`` (and
    has fewer than three): either way the snakes are not more than before (``p`` and ``x``
    touch, or ``x`` joins another snake while ``p`` replaces the egg)."""
    best = smallest_size(arr, c)
    decided = np.int64(0)
    legal = np.int64(0)
    if best != 1:
        return decided, legal
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    one_only = emp & c1 & ~c2  # empty cells with exactly one friendly neighbour
    for i in range(arr[_U(S_NSNK + c)]):
        e = arr[_U(lst + i)]
        if arr[_U(size + e)] != 1:
            continue
        ns = _nbm(g, e)
        q = ns & one_only
        if q == 0:
            continue
        decided |= q
        d0 = ns & emp & ~c4
        bad = f & ~(np.int64(1) << e) & ((c2 & ~ns) | (c3 & ns))
        if bad:
            t = d0
            while t:
                x = _ctz(t)
                t &= t - 1
                if _nbm(g, x) & bad:
                    d0 &= ~(np.int64(1) << x)
        if d0 == 0:
            continue
        while q:
            p = _ctz(q)
            q &= q - 1
            np_ = _nbm(g, p)
            if d0 & ((c2 & ~(c3 & np_)) | (np_ & ~c3)):
                legal |= np.int64(1) << p
    return decided, legal


@njit(cache=True, inline="always")
def _middle_steps(  # pragma: no cover - compiled
    g: Array, y: int, s: int, f: int, emp: int, c2: int, c3: int, c4: int
) -> tuple[Word, Word]:
    """For the placements ``p`` whose one friendly neighbour is ``y``, a stone with two
    friendly neighbours inside a path, and the stone ``s``, one of those two: the cells where
    ``s`` surely completes a legal growth (when it is an end) and where it may (masks).

    ``y`` is left with three friendly neighbours by ``p``, so the stone that steps is ``y`` or
    one of its two (``y`` itself cannot: the path would fall into three pieces that one
    destination cannot join), and its destination ``d`` may not touch ``y``. An end ``s`` has
    one friendly neighbour after the placement: ``d`` completes the growth when it keeps a
    friendly neighbour (``fc(d) - 1 + adj(d, p)`` 1 or 2) and leaves no stone with three. An
    inner ``s`` cuts the path in two, so ``d`` must join two pieces: two friendly neighbours
    afterwards, a condition only (the labels decide)."""
    one = np.int64(1)
    ny = _nbm(g, y)
    ns = _nbm(g, s)
    bad = f & ~(one << s) & ((c3 & ns) | (c2 & ~ns))
    near1 = np.int64(0)  # next to a destination with one friendly neighbour (s)
    near2 = np.int64(0)  # next to one with two
    anyw = np.int64(0)
    far = np.int64(-1)  # next to every destination with three
    for j in range(6):  # the six directions, without branches
        x0 = g[_U(1 + 6 * s + j)]
        x = max(x0, 0)
        nx = _nbm(g, x)
        ok = (x0 >= 0) & ((emp & ~ny & ~c4) >> x) & 1 & ((nx & bad) == 0)
        okm = -np.int64(ok)
        k2 = (c2 >> x) & 1
        k3 = (c3 >> x) & 1
        near1 |= nx & okm & (k2 - 1)
        m2 = okm & -(k2 & (k3 ^ 1))
        anyw |= m2
        near2 |= nx & m2
        far &= nx | ~(okm & -k3)
    any2 = anyw != 0
    if (c2 >> s) & 1 == 0:  # an end
        sure = np.int64(-1) if any2 else near1 | ~far
        return sure, sure
    return np.int64(0), near2 | ~far


@njit(cache=True, inline="always")
def by_middles(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    c: int,
    best: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> tuple[Word, Word]:
    """Placements whose one friendly neighbour is an inner stone of a smallest snake that is
    a path, decided an inner stone at a time (:func:`_middle_steps`): the cells decided, and
    of them those legal."""
    decided = np.int64(0)
    legal = np.int64(0)
    if best < 3:
        return decided, legal
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    cyc = _o(B_CYC, n)
    tail = _o(B_TAIL, n)
    nxt = _o(B_NXT, n)
    one_only = emp & c1 & ~c2
    for i in range(arr[_U(S_NSNK + c)]):
        lab = arr[_U(lst + i)]
        if arr[_U(size + lab)] != best or arr[_U(cyc + lab)] != 0:
            continue
        y = arr[_U(nxt + lab)]
        e = arr[_U(tail + lab)]
        while y != e:
            q = _nbm(g, y) & one_only
            if q:
                st = _nbm(g, y) & f
                s1 = _ctz(st)
                s2 = _ctz(st & (st - 1))
                a1, m1 = _middle_steps(g, y, s1, f, emp, c2, c3, c4)
                a2, m2 = _middle_steps(g, y, s2, f, emp, c2, c3, c4)
                legal |= q & (a1 | a2)
                decided |= q & ((a1 | a2) | ~(m1 | m2))
            y = arr[_U(nxt + y)]
    return decided, legal
