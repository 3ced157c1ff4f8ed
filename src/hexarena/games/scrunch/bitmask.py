"""Scrunch's legal-action mask on boards of at most 63 cells (sides 3 to 5), with 64-bit board
masks: the batched environments' fast path.

The searches of :mod:`.search` test destinations one by one: for every stone tried, each of its
six neighbours is read from the state (its contents, its friendly-neighbour count) and put
through the growth test's first checks, with a branch the processor cannot foresee at each.
Here a board is one 64-bit word (bit ``x`` for cell ``x``) and the checks that depend only on
counts of friendly neighbours are made for all the destinations of a stone at once:

- the friendly stones ``F`` and the empty cells are read once per mask, and the count of
  friendly neighbours of every cell is added up bit-sliced (three words, one add of a
  neighbour mask per friendly stone), giving the masks ``C1`` .. ``C4`` of the cells with at
  least 1 .. 4 friendly neighbours;
- a stone's destinations that can complete a growth (:func:`_dests`) are then a few operations
  on words: next to the stone and empty, not the placement, with the friendly neighbours the
  count condition of :func:`.search._need` asks for, not left with three friendly neighbours
  themselves, the placement not left with three, and no friendly neighbour of a destination
  or of the placement left with three. The placement's candidates and the egg cells are words
  too.

At the start of a turn two kinds of placement are decided in groups rather than one by one:
those next to an egg (:func:`_by_eggs`) and those next to a path end far from the other end
(:func:`_by_far_ends`), where the growth test reads the same values for each of them.

Only the destinations left (usually none or one per stone) go through the growth test
(:func:`.search.growth_ok`), which decides; every filter here is one of its own conditions or
the necessary condition of :func:`.search._need`, so the mask is exactly the rules'
:func:`.rules.legal` (tested against it on random positions of sides 3 to 5). Larger boards
keep the searches of :mod:`.search` (:func:`.masks.mask_into` chooses).

The legal actions come out as two board masks (:func:`legal_words`: the cells, the stones to
remove), and the mask row is written whole from them (:func:`write_row`, eight entries a
store), so the row needs no clearing first and no entry is stored one by one.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...bits import store8, store64
from ...core import H_COLOUR, Array
from ...kernels_common import _U
from .tables import (
    B_CYC,
    B_LAB,
    B_POS,
    B_SID,
    B_SMASK,
    B_SSIZE,
    B_TAIL,
    PH_DEST,
    PH_PICK,
    PH_START,
    S_CREATE,
    S_NSNK,
    S_P,
    S_PHASE,
    S_S,
    S_WORDS,
    _labels,
    _o,
)
from .words import Word, _ctz, _nbm, _pop, _set_word, _word

#: Each byte spread into eight: entry ``b`` has byte ``j`` equal to bit ``j`` of ``b`` (0 or
#: 1), the eight bools of a mask row that the byte's bits mark (:func:`write_row`).
SPREAD = np.array(
    [sum(((b >> j) & 1) << (8 * j) for j in range(8)) for b in range(256)], dtype=np.uint64
)
_BYTE = np.uint64(0xFF)

#: The working space in which the mask of the pick keeps what the mask of the destination then
#: reads (:func:`keep_size` entries; :func:`legal_words`): the placement plus one (0: nothing
#: kept), the colour, the stones of that colour and of the other (a word each, two entries),
#: then per cell its legal destinations (a word).
K_P = 0
K_C = 1
K_MINE = 2
K_THEIRS = 4
K_DEST = 6


@njit(cache=True, inline="always")
def keep_size(n: int) -> int:  # pragma: no cover - compiled
    """Entries of the working space :func:`legal_words` keeps its findings in, on a board of
    ``n`` cells."""
    return K_DEST + 2 * n


@njit(cache=True, inline="always")
def _kept_for(keep: Any, arr: Array, n: int, p: int, c: int) -> bool:  # pragma: no cover
    """Whether ``keep`` holds the destinations found for placement ``p`` of colour ``c`` on the
    board of ``arr`` (both colours' stones as they are): the legal destinations of a stone
    depend on nothing else."""
    return (
        keep.shape[0] >= keep_size(n)
        and keep[K_P] == p + 1
        and keep[K_C] == c
        and _word(keep, K_MINE) == _word(arr, S_WORDS + 8 * c)
        and _word(keep, K_THEIRS) == _word(arr, S_WORDS + 8 * (1 - c))
    )


@njit(cache=True, inline="always")
def _ge(k: int, c1: int, c2: int, c3: int, c4: int) -> Word:  # pragma: no cover - compiled
    """The cells with at least ``k`` friendly neighbours (every cell for ``k <= 0``)."""
    if k <= 0:
        return np.int64(-1)
    if k == 1:
        return c1
    if k == 2:
        return c2
    if k == 3:
        return c3
    return c4


@njit(cache=True, inline="always")
def _dests(  # pragma: no cover - compiled
    g: Array,
    p: int,
    s: int,
    need: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> Word:
    """The destinations of stone ``s`` (a friendly stone of the snake a placement at ``p``
    forms) that pass every check of the growth test but the count of snakes, and the count
    condition ``need`` (:func:`.search._need`), as a board mask.

    ``f`` is the friendly stones, ``emp`` the empty cells, ``c1`` .. ``c4`` the cells with at
    least 1 .. 4 friendly neighbours (before the growth). A destination ``d`` must be empty,
    next to ``s``, not ``p``; have ``fc(d) + adj(d, p)`` between ``need + 1`` and 3 (it loses
    ``s`` and gains ``p``); leave ``p`` at most two friendly neighbours (``fc(p) - adj(p, s) +
    adj(p, d)``); and every friendly stone ``y`` other than ``s`` next to ``p`` or ``d`` must
    end with at most two, ``fc(y) + adj(y, p) + adj(y, d) - adj(y, s) <= 2``: a stone next to
    ``p`` with ``fc(y) - adj(y, s) >= 2`` rules out every destination, and a stone with
    ``fc(y) + adj(y, p) - adj(y, s) >= 2`` every destination next to it."""
    if need >= 3:
        return np.int64(0)
    one = np.int64(1)
    bs = one << s
    np_ = _nbm(g, p)
    ns = _nbm(g, s)
    fps = _pop(np_ & f) - ((np_ >> s) & 1)
    if fps > 2:
        return np.int64(0)
    mine = f & ~bs
    if mine & np_ & ((c2 & ~ns) | (c3 & ns)):
        return np.int64(0)
    d = ns & emp & ~(one << p)
    if fps == 2:
        d &= ~np_
    d &= _ge(need + 1, c1, c2, c3, c4) | (_ge(need, c1, c2, c3, c4) & np_)
    d &= ~c4 & ~(c3 & np_)
    if d == 0:
        return d
    bad = mine & ((c2 & ~(np_ ^ ns)) | (c1 & np_ & ~ns) | (c3 & ns & ~np_))
    if bad == 0:
        return d
    out = np.int64(0)
    while d:
        x = _ctz(d)
        d &= d - 1
        if _nbm(g, x) & bad == 0:
            out |= one << x
    return out


@njit(cache=True, inline="always")
def _need_bits(  # pragma: no cover - compiled
    g: Array, arr: Array, n: int, k: int, p_mask: int, s: int, f: int, crowded: bool
) -> int:
    """:func:`.search._need` from the board masks: ``k`` is the placement's friendly neighbours,
    ``p_mask`` its neighbours."""
    v = 1 - k + _pop(_nbm(g, s) & f) + ((p_mask >> s) & 1)
    if crowded:
        v -= arr[_U(_o(B_CYC, n) + arr[_U(_o(B_SID, n) + s)])]
    return min(max(v, 0), 3)


@njit(cache=True, inline="always")
def _snake_mask(arr: Array, n: int, lab: int) -> Word:  # pragma: no cover - compiled
    """The stones of the snake labelled ``lab``, as a board mask (kept in the state: one load,
    where a walk along its links was a chain of dependent reads, about 20 ns a start of a
    turn)."""
    return _word(arr, _o(B_SMASK, n) + 2 * lab)


@njit(cache=True, inline="always")
def _smallest(arr: Array, n: int, c: int) -> tuple[int, Word]:  # pragma: no cover - compiled
    """The size of colour ``c``'s smallest snakes (0 when it has none) and their labels, as a
    board mask: one pass over the labels, so that the searches after it walk only the
    smallest snakes, with no size read and compared per label."""
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    best = 0
    labs = np.int64(0)
    for i in range(arr[_U(S_NSNK + c)]):
        lab = arr[_U(lst + i)]
        v = arr[_U(size + lab)]
        if best == 0 or v < best:
            best = v
            labs = np.int64(0)
        if v == best:
            labs |= np.int64(1) << lab
    return best, labs


@njit(cache=True, inline="always")
def _snakes_ok(  # pragma: no cover - compiled
    arr: Array, n: int, s: int, near_p: int, near_d: int, pd: int
) -> bool:
    """The growth test's count of snakes (:func:`.search.growth_ok`, whose other checks
    :func:`_dests` made): whether a growth that places at ``p`` and steps ``s`` to ``d``
    leaves no more snakes than before. ``near_p`` and ``near_d`` are the friendly stones
    other than ``s`` next to ``p`` and next to ``d`` (masks), ``pd`` whether ``p`` and ``d``
    are neighbours.

    The snake of ``s`` is cut where ``s`` leaves (a path into the stones numbered below and
    above it, bits 1 and 2; a cycle stays whole, bit 1); the other snakes touched are kept as
    a mask of their labels. Every piece but those of the snake of ``s`` touches ``p`` or
    ``d``, so afterwards there is one snake for ``p`` and ``d`` when they touch each other or
    a piece in common (two otherwise), and one per piece of the snake of ``s`` that touches
    neither; before, the snake of ``s`` and the others touched."""
    sid = _o(B_SID, n)
    pos = _o(B_POS, n)
    ls = arr[_U(sid + s)]
    ps = arr[_U(pos + s)]
    path = arr[_U(_o(B_CYC, n) + ls)] == 0
    pieces = (1 if not path or ps > 0 else 0) | (
        2 if path and ps < arr[_U(_o(B_SSIZE, n) + ls)] - 1 else 0
    )
    # one pass over the stones next to p or d (a stone next to both is read once)
    pp = 0
    dd = 0
    lp = np.int64(0)
    ld = np.int64(0)
    t = near_p | near_d
    while t:
        y = _ctz(t)
        t &= t - 1
        lab = arr[_U(sid + y)]
        at_p = -((near_p >> y) & 1)  # all ones when y is next to p
        at_d = -((near_d >> y) & 1)
        if lab == ls:
            bits = 2 if path and arr[_U(pos + y)] > ps else 1
            pp |= bits & at_p
            dd |= bits & at_d
        else:
            bit = np.int64(1) << lab
            lp |= bit & at_p
            ld |= bit & at_d
    near = pp | dd
    after = (pieces & 1 & ~near) + ((pieces & 2 & ~near) >> 1)
    after += 1 if pd or (pp & dd) != 0 or (lp & ld) != 0 else 2
    return after <= 1 + _pop(lp | ld)


@njit(cache=True, inline="always")
def _tries(  # pragma: no cover - compiled
    g: Array, arr: Array, n: int, f: int, fn: int, c2: int, labs: int
) -> tuple[Word, bool]:
    """The stones to try first after a placement with friendly neighbours ``fn`` touching the
    snakes labelled ``labs`` (a mask), as a mask, and whether the other stones of those snakes
    (:func:`_rest`) are to be tried if they fail. As :func:`.search._stones_of_growth`: with a
    neighbour of the placement that already has two friendly neighbours, it and its friendly
    neighbours; with three friendly neighbours of the placement, those three; otherwise the
    ends of the snakes first (a snake most often moves by its ends), then their other stones.

    Of the first kind, the stones that :func:`_dests` refuses whatever the destination are
    left out (its first checks, made once for all; at the start of a wriggling turn in random
    play, 13.7 stones tested where there were 16.8, most of them for placements that no stone
    completes): a stone that would leave another overloaded neighbour of the placement next
    to it (with three); with three friendly neighbours of the placement, a stone not among
    them (the placement left with three); and the overloaded stone itself when it is the
    placement's only friendly neighbour, on a path (its count condition asks for three)."""
    over = fn & c2
    k = _pop(fn)
    if over:
        one = np.int64(1)
        y = _ctz(over)
        t = (one << y) | (_nbm(g, y) & f)
        # the stones _dests refuses whatever the destination: one that leaves an overloaded
        # neighbour of the placement other than itself still next to it (left with three),
        # with three friendly neighbours of the placement one not among them (the placement
        # left with three), and the overloaded neighbour itself when it is the placement's
        # only one, on a path (its count condition asks for three)
        w = over
        while w:
            z = _ctz(w)
            w &= w - 1
            t &= _nbm(g, z) | (one << z)
        if k == 3:
            t &= fn
        elif k == 1 and arr[_U(_o(B_CYC, n) + arr[_U(_o(B_SID, n) + y)])] == 0:
            t &= ~(one << y)
        return t, False
    if k >= 3:
        return fn, False
    tail = _o(B_TAIL, n)
    ends = np.int64(0)
    w = labs
    while w:
        lab = _ctz(w)
        w &= w - 1
        ends |= (np.int64(1) << lab) | (np.int64(1) << arr[_U(tail + lab)])
    return ends, True


@njit(cache=True, inline="always")
def _rest(arr: Array, n: int, labs: int, ends: int) -> Word:  # pragma: no cover - compiled
    """The stones of the snakes labelled ``labs`` (a mask) but ``ends``, as a mask (from the
    masks the state keeps: :func:`_snake_mask`)."""
    whole = np.int64(0)
    w = labs
    while w:
        whole |= _snake_mask(arr, n, _ctz(w))
        w &= w - 1
    return whole & ~ends


@njit(cache=True, inline="always")
def _planes(  # pragma: no cover - compiled
    arr: Array, n: int, c: int
) -> tuple[Word, Word, Word, Word, Word, Word]:
    """The friendly stones, the empty cells and the cells with at least 1 .. 4 friendly
    neighbours, as board masks, from the masks the state keeps (:func:`.tables._count_words`:
    the stones of each colour, and the friendly-neighbour counts bit-sliced)."""
    at = S_WORDS + 8 * c
    f = _word(arr, at)
    b0 = _word(arr, at + 2)
    b1 = _word(arr, at + 4)
    b2 = _word(arr, at + 6)
    emp = ((np.int64(1) << n) - 1) & ~(f | _word(arr, S_WORDS + 8 * (1 - c)))
    return f, emp, b0 | b1 | b2, b1 | b2, b2 | (b1 & b0), b2


@njit(cache=True, inline="always")
def _can_complete_bits(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    p: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> bool:
    """Whether some stone can step after a placement at ``p`` to make a legal growth
    (:func:`.search.can_complete` on board masks)."""
    n = g[0]
    np_ = _nbm(g, p)
    fn = np_ & f
    k = _pop(fn)
    if k >= 4:
        return False
    labs = _labels(arr, n, fn)
    crowded = (fn & c2) != 0 or k == 3 or (labs & (labs - 1)) != 0
    first, more = _tries(g, arr, n, f, fn, c2, labs)
    t = first
    while True:
        while t:
            s = _ctz(t)
            t &= t - 1
            need = _need_bits(g, arr, n, k, np_, s, f, crowded)
            d = _dests(g, p, s, need, f, emp, c1, c2, c3, c4)
            while d:
                x = _ctz(d)
                d &= d - 1
                near_d = _nbm(g, x) & f & ~(np.int64(1) << s)
                if _snakes_ok(arr, n, s, fn & ~(np.int64(1) << s), near_d, (np_ >> x) & 1):
                    return True
        if not more:
            return False
        t = _rest(arr, n, labs, first)
        more = False


@njit(cache=True, inline="always")
def _smallest_cands(  # pragma: no cover - compiled
    g: Array, arr: Array, n: int, labs: int, emp: int
) -> Word:
    """The empty cells next to a smallest snake (``labs``, their labels as a mask): the
    placements a growth may make."""
    cand = np.int64(0)
    w = labs
    while w:
        t = _snake_mask(arr, n, _ctz(w))
        w &= w - 1
        while t:
            cand |= _nbm(g, _ctz(t))
            t &= t - 1
    return cand & emp


@njit(cache=True, inline="always")
def _far_end_steps(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    a: int,
    b: int,
    p: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> bool:
    """Whether, after a placement at ``p`` whose one friendly neighbour is ``a``, an end of a
    path, the path's other end ``b`` can step to complete a legal growth (the stone ``b`` of
    :func:`_can_complete_bits`, whose other values are then ``k`` 1, ``fn`` ``{a}``, not
    crowded)."""
    np_ = _nbm(g, p)
    one = np.int64(1)
    near_p: Word = one << a
    bb = one << b
    need = _need_bits(g, arr, n, 1, np_, b, f, False)
    d = _dests(g, p, b, need, f, emp, c1, c2, c3, c4)
    while d:
        x = _ctz(d)
        d &= d - 1
        if _snakes_ok(arr, n, b, near_p, _nbm(g, x) & f & ~bb, (np_ >> x) & 1):
            return True
    return False


@njit(cache=True, inline="always")
def _by_far_ends(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    labs: int,
    best: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
) -> Word:
    """Placements that :func:`_can_complete_bits` accepts, found a path end at a time: those
    whose one friendly neighbour is an end ``a`` of a smallest snake that is a path of three
    stones or more, at least three steps from its other end ``b``, when ``b`` can step.

    For such a placement ``p`` every value the test of stone ``b`` reads is the same (``p``
    is no neighbour of ``b``, of a destination of ``b`` or of a neighbour of one: ``k`` is 1,
    ``fn`` is ``{a}``, the placement is not crowded, ``b``'s count condition is its one
    friendly neighbour, and of ``p``'s neighbourhood the destination filters see only ``a``),
    so one test of ``b``, with one of them, decides for all: when ``b`` can step, each of them
    is a placement that some stone completes. The others (and these, when ``b`` cannot step)
    are tested one by one."""
    cyc = _o(B_CYC, n)
    tail = _o(B_TAIL, n)
    one_only = emp & c1 & ~c2  # empty cells with exactly one friendly neighbour
    found = np.int64(0)
    if best < 3:
        return found
    w = labs
    while w:
        lab = _ctz(w)
        w &= w - 1
        if arr[_U(cyc + lab)] != 0:
            continue
        e = arr[_U(tail + lab)]
        for which in range(2):
            a = lab if which == 0 else e
            b = e if which == 0 else lab
            q = _nbm(g, a) & one_only
            if q == 0:
                continue
            nb_ = _nbm(g, b)
            near = nb_ | (np.int64(1) << b)
            t = nb_
            while t:
                near |= _nbm(g, _ctz(t))
                t &= t - 1
            q &= ~near
            if q and _far_end_steps(g, arr, n, a, b, _ctz(q), f, emp, c1, c2, c3, c4):
                found |= q
    return found


@njit(cache=True, inline="always")
def _by_eggs(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    n: int,
    labs: int,
    f: int,
    emp: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
    best: int,
) -> tuple[Word, Word]:
    """Placements next to the smallest snakes (of ``best`` stones) when those are eggs, decided
    an egg at a time: those whose one friendly neighbour is the egg ``e`` (the cells decided),
    and of them those that :func:`_can_complete_bits` accepts (the cells legal).

    The egg is the one stone that can step (``k`` 1, nothing crowded, its count condition 1),
    and the growth test's values reduce to masks of ``e``: a destination ``x`` next to ``e``,
    empty, with fewer than four friendly neighbours and no neighbour among the friendly stones
    that it would leave with three (those with two friendly neighbours not next to ``e``, with
    three next to it: the same for every placement) is legal for placement ``p`` when it has
    another friendly neighbour (and is not left with three by ``p``) or is next to ``p`` (and
    has fewer than three): either way the snakes are not more than before (``p`` and ``x``
    touch, or ``x`` joins another snake while ``p`` replaces the egg)."""
    decided = np.int64(0)
    legal = np.int64(0)
    if best != 1:
        return decided, legal
    one_only = emp & c1 & ~c2  # empty cells with exactly one friendly neighbour
    w = labs
    while w:
        e = _ctz(w)
        w &= w - 1
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
def any_growth_bits(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether some smallest snake of ``c`` can grow and move (:func:`.search.any_growth` on
    board masks, without working space), on a board of at most :data:`MAX_CELLS` cells."""
    n = g[0]
    f, emp, c1, c2, c3, c4 = _planes(arr, n, c)
    cand = _smallest_cands(g, arr, n, _smallest(arr, n, c)[1], emp)
    while cand:
        x = _ctz(cand)
        cand &= cand - 1
        if _can_complete_bits(g, arr, x, f, emp, c1, c2, c3, c4):
            return True
    return False


@njit(cache=True, inline="always")
def legal_words(g: Array, arr: Array, keep: Any) -> tuple[Word, Word]:  # pragma: no cover
    """The legal actions of a game that goes on, on a board of at most :data:`MAX_CELLS`
    cells, as two board masks: the cells (actions ``0 .. n - 1``: eggs, placements, the stone
    to step, its destination) and the stones to remove (actions ``n + x``).

    ``keep`` is working space of :func:`keep_size` entries or more that the caller keeps from
    one call to the next (an ``int32`` array; shorter, such as empty, to keep nothing). To pick
    the stone, every legal destination of every stone is found anyway but for the first's
    exit, so they are all found and kept there with the position they belong to; the mask of
    the destination that follows reads the picked stone's (when the position is the one kept:
    the placement, the colour and the board unchanged) instead of testing them again (about
    55 ns a destination's mask on side 5, about 17 ns of an average step of random play)."""
    n = g[0]
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    f, emp, c1, c2, c3, c4 = _planes(arr, n, c)
    cells = np.int64(0)
    if ph == PH_START or ph > PH_DEST:  # the smallest snakes, found once
        best, labs = _smallest(arr, n, c)
    else:
        best, labs = 0, np.int64(0)
    if ph == PH_START:
        if arr[_U(S_CREATE + c)]:
            cells |= emp & ~c1
        cand = _smallest_cands(g, arr, n, labs, emp) & ~c4  # (four friendly neighbours: no)
        quick = _by_far_ends(g, arr, n, labs, best, f, emp, c1, c2, c3, c4)
        decided, legal = _by_eggs(g, arr, n, labs, f, emp, c1, c2, c3, c4, best)
        quick |= legal
        cells |= quick
        cand &= ~(quick | decided)
        while cand:
            x = _ctz(cand)
            cand &= cand - 1
            if _can_complete_bits(g, arr, x, f, emp, c1, c2, c3, c4):
                cells |= np.int64(1) << x
        if cells:
            return cells, np.int64(0)
    if ph == PH_START or ph > PH_DEST:  # a removal: every stone of every smallest snake
        stones = np.int64(0)
        while labs:
            stones |= _snake_mask(arr, n, _ctz(labs))
            labs &= labs - 1
        return cells, stones
    p = arr[S_P]
    np_ = _nbm(g, p)
    fn = np_ & f
    k = _pop(fn)
    if ph == PH_PICK:
        touched = _labels(arr, n, fn)
        crowded = (fn & c2) != 0 or k >= 3 or (touched & (touched - 1)) != 0
        first, more = _tries(g, arr, n, f, fn, c2, touched)
        t = first | _rest(arr, n, touched, first) if more else first
        keeping = keep.shape[0] >= keep_size(n)
        if keeping:
            keep[K_P] = p + 1
            keep[K_C] = c
            _set_word(keep, K_MINE, f)
            _set_word(keep, K_THEIRS, _word(arr, S_WORDS + 8 * (1 - c)))
        while t:
            s = _ctz(t)
            t &= t - 1
            need = _need_bits(g, arr, n, k, np_, s, f, crowded)
            d = _dests(g, p, s, need, f, emp, c1, c2, c3, c4)
            ok = np.int64(0)
            while d:
                x = _ctz(d)
                d &= d - 1
                near_d = _nbm(g, x) & f & ~(np.int64(1) << s)
                if _snakes_ok(arr, n, s, fn & ~(np.int64(1) << s), near_d, (np_ >> x) & 1):
                    ok |= np.int64(1) << x
                    if not keeping:
                        break
            if ok:
                cells |= np.int64(1) << s
                if keeping:
                    _set_word(keep, K_DEST + 2 * s, ok)
        return cells, np.int64(0)
    s = arr[S_S]
    if _kept_for(keep, arr, n, p, c):  # found when the stone was picked
        return _word(keep, K_DEST + 2 * s), np.int64(0)
    need = _need_bits(g, arr, n, k, np_, s, f, True)  # (valid for any placement)
    d = _dests(g, p, s, need, f, emp, c1, c2, c3, c4)
    while d:
        x = _ctz(d)
        d &= d - 1
        near_d = _nbm(g, x) & f & ~(np.int64(1) << s)
        if _snakes_ok(arr, n, s, fn & ~(np.int64(1) << s), near_d, (np_ >> x) & 1):
            cells |= np.int64(1) << x
    return cells, np.int64(0)


@njit(cache=True, inline="always")
def _byte_at(lo: np.uint64, hi: np.uint64, k: int) -> np.uint64:  # pragma: no cover - compiled
    """Bits ``k .. k + 7`` of the 128-bit number whose low half is ``lo`` and high half
    ``hi``, as the low byte of a word."""
    if k >= 64:
        return (hi >> np.uint64(k - 64)) & _BYTE
    if k > 56:
        return ((lo >> np.uint64(k)) | (hi << np.uint64(64 - k))) & _BYTE
    return (lo >> np.uint64(k)) & _BYTE


@njit(cache=True, inline="always")
def _word_at(lo: np.uint64, hi: np.uint64, k: int) -> np.uint64:  # pragma: no cover - compiled
    """Bits ``k .. k + 63`` of the 128-bit number whose low half is ``lo`` and high half
    ``hi`` (``0 <= k < 64``), as a word."""
    if k == 0:
        return lo
    return (lo >> np.uint64(k)) | (hi << np.uint64(64 - k))


@njit(cache=True, inline="always")
def write_row(row: Any, cells: Word, stones: Word, n: int) -> None:  # pragma: no cover
    """Write a whole mask row of ``2 n`` entries (``8 <= 2 n <= 128``) from two board masks:
    entry ``x`` is bit ``x`` of ``cells``, entry ``n + x`` bit ``x`` of ``stones``. A row of
    64 entries or more takes two stores of 64 (:func:`hexarena.bits.store64`), the second
    ending at the row's end (over the first where they meet); a shorter one eight entries a
    store (:func:`hexarena.bits.store8`), each byte of the bits spread into eight bytes by a
    table (:data:`SPREAD`), a last partial eight written as the row's last eight. Nothing is
    read from the row and nothing is left to clear first (side 5's 122 entries took about 9
    ns a step by eights, about a twentieth of the mask's time)."""
    lo = np.uint64(cells) | (np.uint64(stones) << np.uint64(n))
    hi = np.uint64(stones) >> np.uint64(64 - n)
    end = 2 * n
    if end >= 64:
        store64(row, 0, lo)
        store64(row, end - 64, _word_at(lo, hi, end - 64))
        return
    for k in range(0, end - 7, 8):
        store8(row, k, SPREAD[_byte_at(lo, hi, k)])
    if end & 7:
        store8(row, end - 8, SPREAD[_byte_at(lo, hi, end - 8)])


@njit(cache=True, inline="always")
def mask_bits(g: Array, arr: Array, row: Any, keep: Any) -> None:  # pragma: no cover
    """Write the legal actions of a game that goes on into ``row`` (the whole row: nothing
    need be cleared first), on a board of at most :data:`MAX_CELLS` cells, with ``keep`` as
    :func:`legal_words` takes it."""
    cells, stones = legal_words(g, arr, keep)
    write_row(row, cells, stones, g[0])
