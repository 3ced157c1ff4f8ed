"""Throngs' dispatch destinations by search over paths: the exact search with the rule that no
site is visited twice (:func:`destinations`), and a faster best-first search that falls back
on it when a path it keeps crosses a site twice (:func:`quick_destinations`).
"""

from __future__ import annotations

from numba import njit

from ...core import Array
from ...kernels_common import nb_at
from .layout import BASE, G_N, G_NB, MAX_BUDGET

#: Nested jump levels the dispatch search may need: each jump costs at least 2 of at most 7.
LEVELS = 4


@njit(cache=True)
def _dominated(buf: Array, n: int, y: int, r: int, upto: int) -> bool:  # pragma: no cover
    """Whether site ``y`` was reached with ``r`` or more left at some level ``0 .. upto``."""
    found = False
    for lv in range(upto + 1):
        if buf[(3 + 2 * lv) * n + y] - 1 >= r:
            found = True
            break
    return found


@njit(cache=True)
def _steps(  # pragma: no cover - compiled
    g: Array, arr: Array, u: int, r: int, level: int, buf: Array, m: int
) -> tuple[int, int]:
    """Breadth-first search by steps from ``u`` with ``r`` left, at nesting ``level``.

    Fills the level's table (most budget left at each site, plus one) and queue, lists new
    destinations after ``buf[:m]``; returns the new ``m`` and the queue's length.
    """
    n = g[G_N]
    reach = n
    best = (3 + 2 * level) * n
    q = best + n
    buf[best + u] = r + 1
    buf[q] = u
    qn = 1
    head = 0
    while head < qn:
        v = buf[q + head]
        head += 1
        rv = buf[best + v] - 1
        if rv < 1:
            continue
        for d in range(6):
            y = nb_at(g, G_NB, v, d)
            if y < 0 or arr[BASE + y] != 0 or buf[best + y] != 0:
                continue
            if level > 0 and _dominated(buf, n, y, rv - 1, level - 1):
                continue
            buf[best + y] = rv
            buf[q + qn] = y
            qn += 1
            if buf[reach + y] == 0:
                buf[reach + y] = 1
                buf[m] = y
                m += 1
    return m, qn


@njit(cache=True)
def destinations(g: Array, arr: Array, x: int, budget: int, buf: Array) -> int:  # pragma: no cover
    """Every site the stone on ``x`` can reach with ``budget``; fills ``buf[:m]``, returns ``m``.

    A path is steps and jumps visiting no site twice (the start, crossed and landing sites all
    count), costing at most ``budget``. Landing twice on a site never helps (cutting the loop
    out leaves a cheaper path that crosses fewer sites), so only crossed sites are tracked.
    While the crossed sites stay the same, steps only land on empty sites, so a breadth-first
    search gives the most budget left at each site, which covers every other way there. From
    each site so reached, each jump that crosses no site crossed before (nor the start) opens
    a nested search, one level deeper, with the jumped sites added (each jump costs at least 2
    of a budget of at most 7, so there are at most four levels). A site reached with no more
    left than an outer level (fewer crossed sites) already had there is skipped.

    ``buf`` is scratch of :func:`scratch_size` entries, all zero; the destinations come first,
    in the order found, and the rest of ``buf`` is left zero for the next call.
    """
    n = g[G_N]
    reach = n
    vis = 2 * n
    fr = (3 + 2 * LEVELS) * n  # per level: queue index, direction, queue length, jumped line
    buf[vis + x] = 1  # the start counts as visited: no path crosses it
    m, qn = _steps(g, arr, x, budget, 0, buf, 0)
    level = 0
    buf[fr] = 0
    buf[fr + 4] = 0
    buf[fr + 8] = qn
    while level >= 0:
        best = (3 + 2 * level) * n
        q = best + n
        i = buf[fr + level]
        d = buf[fr + 4 + level]
        qn = buf[fr + 8 + level]
        pushed = False
        while i < qn:
            if d >= 6:
                i += 1
                d = 0
                continue
            v = buf[q + i]
            rv = buf[best + v] - 1
            if rv < 2:
                i += 1
                d = 0
                continue
            dd = d
            d += 1
            y = nb_at(g, G_NB, v, dd)
            if y < 0 or arr[BASE + y] == 0:
                continue
            k = 0
            z = y
            ok = True
            while z >= 0 and arr[BASE + z] != 0:
                if buf[vis + z] != 0 or k + 2 > rv:
                    ok = False
                    break
                k += 1
                z = nb_at(g, G_NB, z, dd)
            if not ok or z < 0:
                continue
            nr = rv - k - 1
            if _dominated(buf, n, z, nr, level):
                continue
            if buf[reach + z] == 0:
                buf[reach + z] = 1
                buf[m] = z
                m += 1
            if nr >= 1:
                w = y
                while w != z:
                    buf[vis + w] = 1
                    w = nb_at(g, G_NB, w, dd)
                buf[fr + level] = i
                buf[fr + 4 + level] = d
                buf[fr + 12 + level] = y
                buf[fr + 16 + level] = z
                buf[fr + 20 + level] = dd
                level += 1
                m, qn2 = _steps(g, arr, z, nr, level, buf, m)
                buf[fr + level] = 0
                buf[fr + 4 + level] = 0
                buf[fr + 8 + level] = qn2
                pushed = True
                break
        if pushed:
            continue
        for j in range(qn):
            buf[best + buf[q + j]] = 0
        for j in range(6):
            buf[fr + 4 * j + level] = 0
        level -= 1
        if level >= 0:
            y = buf[fr + 12 + level]
            z = buf[fr + 16 + level]
            dd = buf[fr + 20 + level]
            w = y
            while w != z:
                buf[vis + w] = 0
                w = nb_at(g, G_NB, w, dd)
    buf[vis + x] = 0
    for i in range(m):
        buf[reach + buf[i]] = 0
    return m


@njit(cache=True, inline="always")
def scratch_size(n: int) -> int:  # pragma: no cover - compiled
    """Length of the scratch buffer :func:`destinations` needs on a board of ``n`` sites."""
    return (3 + 2 * LEVELS) * n + 24


#: Offsets of the tables in the scratch of :func:`quick_destinations` (blocks of ``n``).
Q_BEST = 0  # most budget left on arrival, plus one (0: not reached)
Q_PAR = 1  # the site a path arrived from
Q_EDGE = 2  # 8 * direction + sites jumped (0 for a step)
Q_LIST = 3  # sites reached, in the order found (the start first)
Q_BUCKET = 4  # 8 buckets of n: sites to expand, by budget left
Q_BLOCKS = 4 + MAX_BUDGET + 1


@njit(cache=True, inline="always")
def quick_scratch_size(n: int) -> int:  # pragma: no cover - compiled
    """Length of the scratch :func:`quick_destinations` needs on a board of ``n`` sites."""
    return Q_BLOCKS * n + MAX_BUDGET + 1


@njit(cache=True)
def _crosses_again(g: Array, q: Array, n: int, x: int, u: int) -> bool:  # pragma: no cover
    """Whether the jump into ``u`` crosses a site that an earlier jump of ``u``'s path crossed."""
    e = q[Q_EDGE * n + u]
    p = q[Q_PAR * n + u]
    d = e >> 3
    k = e & 7
    a = p
    while a != x:
        ea = q[Q_EDGE * n + a]
        ka = ea & 7
        if ka > 0:
            pa = q[Q_PAR * n + a]
            da = ea >> 3
            w = p
            for _ in range(k):
                w = nb_at(g, G_NB, w, d)
                v = pa
                for _ in range(ka):
                    v = nb_at(g, G_NB, v, da)
                    if v == w:
                        return True
        a = q[Q_PAR * n + a]
    return False


@njit(cache=True)
def quick_destinations(  # pragma: no cover - compiled
    g: Array, arr: Array, x: int, budget: int, q: Array, buf: Array
) -> int:
    """The same destinations as :func:`destinations`, usually faster; fills ``buf[:m]``.

    Searches first without the rule that a path visits no site twice, except that no jump
    crosses the start: a best-first search (by budget left, in buckets) over steps and jumps
    finds every site some walk reaches within the budget, each with the walk that leaves the
    most budget (its parent links). That is a superset of the destinations. Each walk kept
    lands on distinct sites (parents leave strictly more budget) and never lands on a crossed
    site (crossed sites are occupied, landings empty), so it is a legal path unless two of its
    jumps cross the same site. If no walk kept does, the superset is exact; otherwise this
    falls back on :func:`destinations`. ``q`` is scratch of :func:`quick_scratch_size`
    entries whose ``Q_BEST`` block and bucket counts are zero (and are left zero); ``buf`` is
    the scratch of :func:`destinations`. The destinations may come in another order than
    :func:`destinations` gives them (the same set).
    """
    n = g[G_N]
    best = Q_BEST * n
    par = Q_PAR * n
    edge = Q_EDGE * n
    lst = Q_LIST * n
    bk = Q_BUCKET * n
    cnt = Q_BLOCKS * n
    q[best + x] = budget + 1
    q[lst] = x
    nl = 1
    q[bk + budget * n] = x
    q[cnt + budget] = 1
    clash = False
    r = budget
    while r >= 0 and not clash:
        i = 0
        while i < q[cnt + r]:
            u = q[bk + r * n + i]
            i += 1
            if q[best + u] - 1 != r:
                continue  # reached later with more budget left: expanded from that bucket
            if u != x and (q[edge + u] & 7) > 0 and _crosses_again(g, q, n, x, u):
                clash = True
                break
            if r == 0:
                continue
            for d in range(6):
                y = nb_at(g, G_NB, u, d)
                if y < 0:
                    continue
                if arr[BASE + y] == 0:
                    z = y
                    k = 0
                else:
                    if r < 2 or y == x:
                        continue
                    k = 1
                    z = nb_at(g, G_NB, y, d)
                    while z >= 0 and arr[BASE + z] != 0 and z != x:
                        k += 1
                        z = nb_at(g, G_NB, z, d)
                    if z < 0 or z == x or k + 1 > r:
                        continue
                nr = r - k - 1
                old = q[best + z]
                if old > nr:
                    continue
                if old == 0:
                    q[lst + nl] = z
                    nl += 1
                q[best + z] = nr + 1
                q[par + z] = u
                q[edge + z] = 8 * d + k
                c = q[cnt + nr]
                q[bk + nr * n + c] = z
                q[cnt + nr] = c + 1
        r -= 1
    for j in range(budget + 1):
        q[cnt + j] = 0
    for j in range(nl):
        q[best + q[lst + j]] = 0
    if clash:
        return destinations(g, arr, x, budget, buf)
    for j in range(1, nl):
        buf[j - 1] = q[lst + j]
    return nl - 1
