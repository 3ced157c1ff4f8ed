"""Scrunch's searches: whether a growth is legal, and which placements, stones and destinations
can still complete one.

The growth test (:func:`growth_ok`) is local: the friendly-neighbour counts around the
placement and the destination rule out mutants, and the snakes touching them are cut where the
moving stone leaves (a path into the stones numbered below and above it, a cycle stays whole);
which pieces touch the placement and which the destination, noted as bits, count the snakes
afterwards without walking them. Two necessary conditions prune the
search before the full test (:func:`can_complete`, :func:`_need`).
"""

from __future__ import annotations

from numba import njit

from ...core import Array
from ...kernels_common import nb, plain_kernel
from .tables import (
    B_COL,
    B_CYC,
    B_NXT,
    B_POS,
    B_SID,
    B_SSIZE,
    B_TAIL,
    S_N,
    SC_PN,
    SC_PNB,
    SCRATCH_SMALL,
    _adj,
    _fc,
    _o,
    _smallest_stones,
    _snake_labels_at,
    smallest_size,
)


@plain_kernel
def _load_p(g: Array, arr: Array, c: int, p: int, scr: Array) -> None:  # pragma: no cover
    """List the friendly neighbours of the placement ``p`` in the scratch, for the growth
    tests that follow (every caller of :func:`growth_ok` does this first)."""
    n = g[0]
    col = _o(B_COL, n)
    m = 0
    for k in range(6):
        y = nb(g, p, k)
        if y >= 0 and arr[col + y] == c + 1:
            scr[SC_PNB + m] = y
            m += 1
    scr[SC_PN] = m


@njit(cache=True, inline="always")
def growth_ok(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    d: int,
    scr: Array,
) -> bool:
    """Whether placing at ``p``, then stepping stone ``s`` to ``d``, is a legal growth for ``c``.

    Assumes ``p`` and ``d`` empty and distinct, ``s`` a stone of the snake that ``p`` forms,
    ``d`` next to ``s``, and the friendly neighbours of ``p`` listed by :func:`_load_p`.
    First, no stone may have more than two friendly neighbours afterwards (only ``p``, ``d``
    and the stones around them can gain one). Then the snakes touching ``p`` or ``d`` must not
    become more snakes: they are cut into pieces where ``s`` leaves (a path into the stones
    numbered below and above ``s``, a cycle stays whole), and the pieces touching ``p`` and
    those touching ``d`` are noted as bits. Every piece touches ``p`` or ``d`` but those of the
    snake of ``s``, so the snakes afterwards are one for ``p`` and ``d`` when they touch each
    other or a piece in common (two otherwise), and one per piece of the snake of ``s`` that
    touches neither.
    """
    n = g[0]
    col = _o(B_COL, n)
    c1 = c + 1
    pd = _adj(g, p, d)
    if _fc(arr, n, c, p) + pd - _adj(g, p, s) > 2:
        return False
    if _fc(arr, n, c, d) + pd > 3:  # (d is next to s, which leaves it)
        return False
    sid = _o(B_SID, n)
    pos = _o(B_POS, n)
    ls = arr[sid + s]
    ps = arr[pos + s]
    cs = arr[_o(B_CYC, n) + ls]
    # bit 1: the stones of the snake of s below s (the whole snake when it is a cycle), bit 2:
    # those above it; bits 4, 8, 16, 32: the other snakes touched, by their labels l4 .. l32
    # (p and d, with at most two friendly neighbours besides s each, touch at most four)
    pieces = 0
    if cs != 0 or ps > 0:
        pieces |= 1
    if cs == 0 and ps < arr[_o(B_SSIZE, n) + ls] - 1:
        pieces |= 2
    l4 = -1
    l8 = -1
    l16 = -1
    l32 = -1
    near_p = 0
    near_d = 0
    pn = scr[SC_PN]
    for which in range(2):
        other = d if which == 0 else p
        for k in range(pn if which == 0 else 6):
            y = scr[SC_PNB + k] if which == 0 else nb(g, d, k)
            if y < 0 or y == s or arr[col + y] != c1:
                continue
            if _fc(arr, n, c, y) + 1 + _adj(g, y, other) - _adj(g, y, s) > 2:
                return False
            lab = arr[sid + y]
            if lab == ls:
                bit = 2 if cs == 0 and arr[pos + y] > ps else 1
            elif lab == l4 or l4 < 0:
                l4 = lab
                bit = 4
            elif lab == l8 or l8 < 0:
                l8 = lab
                bit = 8
            elif lab == l16 or l16 < 0:
                l16 = lab
                bit = 16
            else:
                l32 = lab
                bit = 32
            if which == 0:
                near_p |= bit
            else:
                near_d |= bit
    near = near_p | near_d
    after = (pieces & 1 & ~near) + ((pieces & 2 & ~near) >> 1)
    after += 1 if pd or (near_p & near_d) != 0 else 2
    before = 1 + (l4 >= 0) + (l8 >= 0) + (l16 >= 0) + (l32 >= 0)
    return after <= before


@plain_kernel
def _shape(g: Array, arr: Array, c: int, p: int) -> int:  # pragma: no cover - compiled
    """What a placement at ``p`` makes: 0 when it touches several snakes or gives some stone
    three friendly neighbours (*crowded*, for :func:`_stone_has_dest`), 1 when it closes one
    snake into a cycle, 2 when it extends one snake (a path) at an end."""
    n = g[0]
    col = _o(B_COL, n)
    k = _fc(arr, n, c, p)
    if k > 2:
        return 0
    for j in range(6):
        y = nb(g, p, j)
        if y >= 0 and arr[col + y] == c + 1 and _fc(arr, n, c, y) >= 2:
            return 0
    l1 = _snake_labels_at(g, arr, c, p)[1]
    if l1 >= 0:
        return 0
    return 1 if k == 2 else 2


@njit(cache=True, inline="always")
def _need(g: Array, arr: Array, c: int, p: int, s: int, crowded: bool) -> int:  # pragma: no cover
    """The fewest friendly neighbours besides ``s`` (counting the placement) that a destination
    of stone ``s`` must have for a legal growth at ``p``, from 0 to 3 (3: none can have so
    many once the growth test's counts hold, so ``s`` cannot step).

    A necessary condition from counting. Afterwards no stone has more than two friendly
    neighbours, so every snake is a path or a cycle, and a player's snakes number ``V - E +
    C``: stones, friendly adjacencies and cycles. The growth adds a stone; the adjacencies
    change by ``fc(p) - fc(s) - adj(s, p) + fc(d) + adj(d, p) - 1`` (the placement's, less
    the moving stone's, plus the destination's, which loses ``s``); and the only cycle the turn
    can break is the snake of ``s`` (a stone of any other cycle next to ``p`` or ``d`` would
    be left with three friendly neighbours). Not having more snakes than before then needs
    ``fc(d) + adj(d, p) - 1 >= 1 - cycle(s) - fc(p) + fc(s) + adj(s, p)``. So an end of a
    path that a placement extends needs one, an inner stone two, and a stone that a placement
    next to it leaves with three friendly neighbours (on a path) cannot step at all.

    Unless the placement is ``crowded`` (:func:`_shape` 0), the snake it touches is a path
    (the stones it touches are ends), so the cycle flag is read only then (fewer reads of a
    state that is seldom in the processor's nearer caches)."""
    n = g[0]
    v = 1 - _fc(arr, n, c, p) + _fc(arr, n, c, s) + _adj(g, s, p)
    if crowded:
        v -= arr[_o(B_CYC, n) + arr[_o(B_SID, n) + s]]
    return min(max(v, 0), 3)


@njit(cache=True, inline="always")
def _dest_ok(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    d: int,
    need: int,
    scr: Array,
) -> bool:
    """:func:`growth_ok` for the empty cell ``d`` (not ``p``), with ``need`` from
    :func:`_need`: the destinations with too few friendly neighbours, and those that fail the
    growth test's first checks (on the placement and the destination themselves, made here on
    values read for the count: about a sixth of the destinations tried fail them), are turned
    down before the full test."""
    n = g[0]
    pd = _adj(g, d, p)
    fd = _fc(arr, n, c, d) + pd  # (s, next to d, leaves it: one less than this afterwards)
    return (
        fd - 1 >= need
        and fd <= 3
        and _fc(arr, n, c, p) - _adj(g, p, s) + pd <= 2
        and growth_ok(g, arr, c, p, s, d, scr)
    )


@njit(cache=True, inline="always")
def _stone_has_dest(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    need: int,
    crowded: bool,
    scr: Array,
) -> bool:
    """Whether stone ``s`` can step somewhere to complete the growth placed at ``p``.

    Destinations with fewer than ``need`` friendly neighbours besides ``s`` (see
    :func:`_need`), and those that fail the growth test's first checks (on the placement and
    the destination themselves), are skipped before the full test. When the placement is
    ``crowded`` (:func:`_shape` 0: it touches several snakes, three stones, or a stone that
    already has two friendly neighbours), first the tests of :func:`growth_ok` that do not
    depend on the destination: ``p`` and its friendly neighbours must not keep three friendly
    neighbours once ``s`` has left (a destination can only add one).
    """
    if need >= 3:
        return False
    n = g[0]
    col = _o(B_COL, n)
    if crowded:  # otherwise no stone near p has two friendly neighbours
        if _fc(arr, n, c, p) - _adj(g, p, s) > 2:
            return False
        for k in range(scr[SC_PN]):
            y = scr[SC_PNB + k]
            if y != s and _fc(arr, n, c, y) - _adj(g, y, s) >= 2:
                return False
    for k in range(6):
        d = nb(g, s, k)
        if d >= 0 and d != p and arr[col + d] == 0 and _dest_ok(g, arr, c, p, s, d, need, scr):
            return True
    return False


@plain_kernel
def _stones_of_growth(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    out: Array,
    off: int,
) -> int:
    """The stones that may move after a placement at ``p``, into ``out[off:]``; return count.

    Every old stone of the snake formed, except where :func:`can_complete`'s necessary
    conditions narrow them: with three friendly neighbours of ``p``, those three; with a
    neighbour of ``p`` that already has two friendly neighbours, it and its friendly neighbours.
    """
    n = g[0]
    nxt = _o(B_NXT, n)
    size = _o(B_SSIZE, n)
    col = _o(B_COL, n)
    c1 = c + 1
    m = 0
    for j in range(6):
        y = nb(g, p, j)
        if y >= 0 and arr[col + y] == c1 and _fc(arr, n, c, y) >= 2:
            out[off] = y
            m = 1
            for i in range(6):
                z = nb(g, y, i)
                if z >= 0 and arr[col + z] == c1:
                    out[off + m] = z
                    m += 1
            return m
    if _fc(arr, n, c, p) >= 3:
        for j in range(6):
            y = nb(g, p, j)
            if y >= 0 and arr[col + y] == c1:
                out[off + m] = y
                m += 1
        return m
    l0, l1, l2 = _snake_labels_at(g, arr, c, p)
    for which in range(3):
        lab = l0 if which == 0 else (l1 if which == 1 else l2)
        if lab < 0:
            continue
        z = lab
        for _ in range(arr[size + lab]):
            out[off + m] = z
            m += 1
            z = arr[nxt + z]
    return m


@plain_kernel
def can_complete(g: Array, arr: Array, c: int, p: int, scr: Array) -> bool:  # pragma: no cover
    """Whether some stone can step after a placement at ``p`` to make a legal growth.

    Before trying every stone of the snake formed, two necessary conditions narrow the search:
    ``p`` with three friendly neighbours must lose one, so the stone that steps is one of them;
    and a neighbour of ``p`` that already has two friendly neighbours must step itself or lose
    a neighbour, so the stone is it or one of its friendly neighbours. One pass over the
    neighbours of ``p`` lists its friendly neighbours (for the growth tests, as
    :func:`_load_p` does), finds such a neighbour and the snakes touched.
    """
    n = g[0]
    col = _o(B_COL, n)
    sid = _o(B_SID, n)
    c1 = c + 1
    k = _fc(arr, n, c, p)
    if k >= 4:
        return False
    m = 0
    over = -1
    l0 = -1
    l1 = -1
    l2 = -1
    for j in range(6):
        y = nb(g, p, j)
        if y >= 0 and arr[col + y] == c1:
            scr[SC_PNB + m] = y
            m += 1
            if over < 0 and _fc(arr, n, c, y) >= 2:
                over = y
            lab = arr[sid + y]
            if lab != l0 and lab != l1:
                if l0 < 0:
                    l0 = lab
                elif l1 < 0:
                    l1 = lab
                elif lab != l2:
                    l2 = lab
    scr[SC_PN] = m
    # the stones to try, each with the fewest friendly neighbours its destination needs (as
    # 4 s + need), in a list in the scratch's free pool: one call site for the search below,
    # so that it is compiled in place
    at = SCRATCH_SMALL
    t = 0
    crowded = over >= 0 or k == 3 or l1 >= 0  # (_shape 0)
    if over >= 0:
        scr[at] = 4 * over + _need(g, arr, c, p, over, crowded)
        t = 1
        for i in range(6):
            z = nb(g, over, i)
            if z >= 0 and arr[col + z] == c1:
                scr[at + t] = 4 * z + _need(g, arr, c, p, z, crowded)
                t += 1
    elif k == 3:
        for j in range(m):
            z = scr[SC_PNB + j]
            scr[at + j] = 4 * z + _need(g, arr, c, p, z, crowded)
        t = m
    tail = _o(B_TAIL, n)
    if over < 0 and k < 3:
        # the ends of each snake first (a snake most often moves by its ends), the end away
        # from the placement before the one next to it (which must step round the placement and
        # its own neighbour, and seldom can), the rest after
        for which in range(3):
            lab = l0 if which == 0 else (l1 if which == 1 else l2)
            if lab < 0:
                continue
            e = arr[tail + lab]
            if e != lab and _adj(g, lab, p):
                lab, e = e, lab
            scr[at + t] = 4 * lab + _need(g, arr, c, p, lab, crowded)
            t += 1
            if e != lab:
                scr[at + t] = 4 * e + _need(g, arr, c, p, e, crowded)
                t += 1
    rest = over < 0 and k < 3
    i = 0
    while True:
        if i == t:
            if not rest:
                return False
            rest = False
            nxt = _o(B_NXT, n)
            size = _o(B_SSIZE, n)
            for which in range(3):
                lab = l0 if which == 0 else (l1 if which == 1 else l2)
                if lab < 0:
                    continue
                e = arr[tail + lab]
                z = arr[nxt + lab]
                for _ in range(arr[size + lab] - 2):
                    if z != e:
                        scr[at + t] = 4 * z + _need(g, arr, c, p, z, crowded)
                        t += 1
                    z = arr[nxt + z]
            if i == t:
                return False
        v = scr[at + i]
        i += 1
        if _stone_has_dest(g, arr, c, p, v >> 2, v & 3, crowded, scr):
            return True


@plain_kernel
def _candidates(g: Array, arr: Array, c: int, scr: Array, off: int) -> int:  # pragma: no cover
    """Empty cells next to a smallest snake of ``c``, each once, into ``scr[off:]`` (the stones
    of the smallest snakes listed first in the scratch's pool of stones to try, free here)."""
    n = g[0]
    col = _o(B_COL, n)
    mark = SCRATCH_SMALL + n
    k = _smallest_stones(g, arr, c, scr, SCRATCH_SMALL)
    m = 0
    for i in range(k):
        z = scr[SCRATCH_SMALL + i]
        for j in range(6):
            y = nb(g, z, j)
            if y >= 0 and arr[col + y] == 0 and scr[mark + y] == 0:
                scr[mark + y] = 1
                scr[off + m] = y
                m += 1
    for i in range(m):
        scr[mark + scr[off + i]] = 0
    return m


@plain_kernel
def _eggs(g: Array, arr: Array, c: int, scr: Array, off: int) -> int:  # pragma: no cover
    """Empty cells with no friendly neighbour (egg cells of ``c``) into ``scr[off:]``."""
    n = g[0]
    col = _o(B_COL, n)
    m = 0
    for x in range(n):
        if arr[col + x] == 0 and _fc(arr, n, c, x) == 0:
            scr[off + m] = x
            m += 1
    return m


@plain_kernel
def any_growth(g: Array, arr: Array, c: int, scr: Array) -> bool:  # pragma: no cover - compiled
    """Whether some smallest snake of ``c`` can grow and move."""
    off = SCRATCH_SMALL + 2 * arr[S_N]
    m = _candidates(g, arr, c, scr, off)
    for i in range(m):  # noqa: SIM110 - compiled code
        if can_complete(g, arr, c, scr[off + i], scr):
            return True
    return False


@plain_kernel
def _in_smallest(g: Array, arr: Array, c: int, x: int) -> bool:  # pragma: no cover
    """Whether cell ``x`` holds a stone of one of ``c``'s smallest snakes."""
    n = g[0]
    if arr[_o(B_COL, n) + x] != c + 1:
        return False
    lab = arr[_o(B_SID, n) + x]
    return arr[_o(B_SSIZE, n) + lab] == smallest_size(arr, c)


@plain_kernel
def _next_to_smallest(g: Array, arr: Array, c: int, x: int) -> bool:  # pragma: no cover
    """Whether empty cell ``x`` touches a smallest snake of ``c``."""
    for k in range(6):
        y = nb(g, x, k)
        if y >= 0 and _in_smallest(g, arr, c, y):
            return True
    return False
