"""China Grove's board search in compiled code: one backtracking search for a closed island.

:func:`search` is the search that :func:`hexarena.games.china_grove_boards.generate` repeats
until a board is found. It grows an island from one cell by backtracking over *tiles*: it takes
the board cell whose pattern has the fewest unused completions (ties broken at random), gives it
an unused pattern in random order, and thereby decides which of its still-undecided neighbours
are on the board. A cell's pattern is checked as soon as all six neighbours are decided. Each
search has a node budget.

Its draws are those of ``random.Random(seed).random()`` (:func:`hexarena.rng.mt_random` on the
state of :func:`hexarena.rng.python_rng`), and it visits cells in the order the first
implementation in plain Python did (that one kept the cells with undecided neighbours in a
dictionary, so a cell put back on undo goes to the end of the order; here a linked list does
the same), so a seed gives the same board as it always has.

A board cell's known neighbours are one number ``key = mask << 6 | bits`` (which of its six
neighbours are decided, and which of those are on the board), so that the patterns still open
to it are ``MATCH_KEY[key] & ~used``. Cells are indices into a square grid centred on the first
cell, wide enough for any island of 63 cells and its neighbours.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from ..bits import popcount64
from ..hexgrid import DIRECTIONS
from ..rng import RngState, mt_random

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

#: Side of the search's square grid: an island of at most 63 cells grown from the centre, with
#: its decided neighbours, stays within 64 steps of it.
GRID = 136
_CENTRE = (GRID // 2) * GRID + GRID // 2
_HEAD = GRID * GRID  # sentinels of the linked list of open cells
_TAIL = GRID * GRID + 1
#: Step to the neighbour in each direction (E, NE, NW, W, SW, SE), as a grid index offset.
STEPS = np.array([dq * GRID + dr for dq, dr in DIRECTIONS], dtype=np.int64)
_FULL = 63 << 6  # a key at least this large has every neighbour decided
_TRAIL = 1 << 14  # trail entries: at most about 130 a tile, at most 64 tiles

#: Search results.
FOUND, FAILED, OUT_OF_BUDGET = 1, 0, -1


def _pattern_set(exits: tuple[int, ...], values: tuple[int, ...]) -> int:
    """The bit set of the patterns 1..63 whose exits ``exits`` (mod 6) are on (1) or off (0)
    as ``values`` say."""
    return sum(
        1 << p
        for p in range(1, 64)
        if all(p >> (d % 6) & 1 == v for d, v in zip(exits, values, strict=True))
    )


def _u64(values: list[int]) -> U64:
    return np.array(values, dtype=np.uint64)


#: ``MATCH_KEY[mask << 6 | bits]``: the patterns 1..63 that agree with ``bits`` on ``mask``.
MATCH_KEY = _u64(
    [
        sum(1 << p for p in range(1, 64) if p & (k >> 6) == k & 63)
        if (k & 63) & ~(k >> 6) == 0
        else 0
        for k in range(64 * 64)
    ]
)
#: ``KEYBIT[d, on]``: the key bits of neighbour ``d`` decided off (0) or on (1).
KEYBIT = np.array([[1 << (6 + d), 1 << (6 + d) | 1 << d] for d in range(6)], dtype=np.int64)

#: For the closure counts: per axis d (0..2) and each way (x, y) the two cells beside an
#: adjacency are on or off the board, the patterns with exit d and neighbours d-1, d+1 = x, y
#: (``ADJ_HERE``), and those with exit d+3 and neighbours d+4, d+2 = x, y (``ADJ_THERE``, seen
#: from the other end).
ADJ_HERE = _u64(
    [_pattern_set((d, d - 1, d + 1), (1, x, y)) for d in range(3) for x in (0, 1) for y in (0, 1)]
)
ADJ_THERE = _u64(
    [
        _pattern_set((d + 3, d + 4, d + 2), (1, x, y))
        for d in range(3)
        for x in (0, 1)
        for y in (0, 1)
    ]
)
#: Per corner k (0..5, between exits k and k+1): the patterns with both exits.
CORNERS = _u64([_pattern_set((k, k + 1), (1, 1)) for k in range(6)])
#: Per number of exits e (0..6): the patterns with e exits.
EXITS = _u64([sum(1 << p for p in range(1, 64) if p.bit_count() == e) for e in range(7)])
ALL_PATTERNS = np.uint64(sum(1 << p for p in range(1, 64)))


@njit(cache=True)
def _edges(rest: np.uint64) -> int:  # pragma: no cover - compiled
    """Adjacent pairs of an island made of the patterns ``rest``."""
    e = 0
    for k in range(7):
        e += k * popcount64(EXITS[k] & rest)
    return e // 2


@njit(cache=True)
def closable(used: np.uint64) -> bool:  # pragma: no cover - compiled
    """Whether the patterns not in ``used`` pass the counts every closed island passes.

    Seen from both ends, an adjacency in direction ``d`` is exit ``d`` of one cell and exit
    ``d + 3`` of the other, and the two cells next to both are that cell's neighbours ``d - 1``
    and ``d + 1`` and the other's ``d + 4`` and ``d + 2``; so, for each way those two are on
    or off the board, as many patterns have exit ``d`` with them as have exit ``d + 3`` with
    their mirror images. A triangle of mutually adjacent cells is, at its three cells, the
    corners ``k``, ``k + 2`` and ``k + 4`` (corner ``k`` lies between exits ``k`` and
    ``k + 1``), so those three corners occur equally often, for ``k`` = 0 and for ``k`` = 1. And
    an island has no more cells than adjacencies minus triangles plus one (holes are not
    negative).
    """
    rest = ALL_PATTERNS & ~used
    if rest == 0:
        return True
    for i in range(12):
        if popcount64(ADJ_HERE[i] & rest) != popcount64(ADJ_THERE[i] & rest):
            return False
    c0 = popcount64(CORNERS[0] & rest)
    c1 = popcount64(CORNERS[1] & rest)
    if popcount64(CORNERS[2] & rest) != c0 or popcount64(CORNERS[4] & rest) != c0:
        return False
    if popcount64(CORNERS[3] & rest) != c1 or popcount64(CORNERS[5] & rest) != c1:
        return False
    # each triangle shows corner 0 or corner 1 once
    return popcount64(rest) <= _edges(rest) - (c0 + c1) + 1


@njit(cache=True)
def rest_holes(used: np.uint64) -> int:  # pragma: no cover - compiled
    """The holes an island made of the patterns not in ``used`` would have: an island has
    ``1 - (cells - adjacencies + triangles)`` holes (see the module docstring of
    :mod:`hexarena.games.china_grove_boards`)."""
    rest = ALL_PATTERNS & ~used
    corners = np.int64(0)
    for k in range(6):
        corners += popcount64(CORNERS[k] & rest)
    # each triangle is seen once from each of its three cells, as two consecutive exits
    return 1 - (popcount64(rest) - _edges(rest) + corners // 3)


@njit(cache=True, inline="always")
def _open_add(nxt: I64, prv: I64, x: int) -> None:  # pragma: no cover - compiled
    """Put ``x`` at the end of the open cells."""
    last = prv[_TAIL]
    nxt[last] = x
    prv[x] = last
    nxt[x] = _TAIL
    prv[_TAIL] = x


@njit(cache=True, inline="always")
def _open_remove(nxt: I64, prv: I64, x: int) -> None:  # pragma: no cover - compiled
    """Take ``x`` out of the open cells."""
    nxt[prv[x]] = nxt[x]
    prv[nxt[x]] = prv[x]
    nxt[x] = -1


@njit(cache=True, inline="always")
def _undo(
    trail: I64,
    t: int,
    mark: int,
    status: npt.NDArray[np.int8],
    key: I64,
    nxt: I64,
    prv: I64,
    count: int,
    used: np.uint64,
    nopen: int,
) -> tuple[int, int, np.uint64, int]:  # pragma: no cover - compiled
    """Undo the trail back to ``mark``: returns the trail's length, the cells on the board, the
    patterns used and the open cells, as they were then."""
    one = np.uint64(1)
    while t > mark:
        t -= 1
        kind = trail[t, 0]
        a = trail[t, 1]
        if kind == 3:
            key[a] = trail[t, 2]
        elif kind == 1:
            if status[a] == 1:
                count -= 1
            status[a] = -1
        elif kind == 0:
            used &= ~(one << np.uint64(a))
        elif kind == 2:
            if nxt[a] >= 0:
                _open_remove(nxt, prv, a)
                nopen -= 1
        elif nxt[a] < 0:  # kind 4: back into the open cells, at the end
            _open_add(nxt, prv, a)
            nopen += 1
    return t, count, used, nopen


@njit(cache=True, inline="always")
def _use(
    trail: I64, t: int, used: np.uint64, p: int
) -> tuple[int, np.uint64, bool]:  # pragma: no cover
    """Pattern ``p`` taken by a cell whose neighbours are all decided: the trail's length and
    the patterns used afterwards, and False if ``p`` was used already (a contradiction)."""
    bit = np.uint64(1) << np.uint64(p)
    if used & bit:
        return t, used, False
    trail[t, 0] = 0
    trail[t, 1] = p
    return t + 1, used | bit, True


Workspace = tuple[npt.NDArray[np.int8], I64, I64, I64, I64, I64]


def workspace() -> Workspace:
    """The tables :func:`search` works in, clean (each search leaves them clean again): cell
    status, keys, the linked list of open cells (next, previous), the trail, the patterns to try
    at each depth."""
    size = GRID * GRID + 2
    nxt = np.full(size, -1, np.int64)
    prv = np.full(size, -1, np.int64)
    nxt[_HEAD] = _TAIL
    prv[_TAIL] = _HEAD
    return (
        np.full(size, -1, np.int8),
        np.zeros(size, np.int64),
        nxt,
        prv,
        np.empty((_TRAIL, 3), np.int64),
        np.empty((66, 64), np.int64),
    )


@njit(cache=True)
def search(
    ws: Workspace, mt: RngState, used0: np.uint64, lo: int, hi: int, budget: int, holes: int
) -> I64:  # pragma: no cover - compiled
    """One search for a closed island of ``lo`` to ``hi`` cells using only the patterns not in
    ``used0``, at most ``budget`` nodes, drawing from ``mt`` (advanced in place).

    ``holes`` >= 0 also demands that the patterns the island leaves pass :func:`closable` and
    would make an island of at most ``holes`` holes (:func:`rest_holes`); -1 demands nothing.
    Returns ``[result, q, r, q, r, ...]``: :data:`FOUND` with the island's cells (sorted, the
    first cell at ``(0, 0)``), :data:`FAILED` or :data:`OUT_OF_BUDGET` alone.

    The recursion of the search is a loop over a stack of depths (one per tile placed); every
    change to the tables is written to a trail, undone back to a depth's mark.
    """
    # status: -1 undecided, 0 off the board, 1 on it; nxt, prv: the open cells in order, a
    # linked list (nxt -1: not in it); trail entries (kind, cell or pattern, old key): 0 pattern
    # used, 1 cell decided, 2 key given (and the cell opened), 3 key changed, 4 cell closed;
    # pats: per depth, the patterns to try at its cell, in order
    status, key, nxt, prv, trail, pats = ws
    npats = np.zeros(66, np.int64)
    tried = np.zeros(66, np.int64)
    cells = np.zeros(66, np.int64)
    keys = np.zeros(66, np.int64)
    marks = np.zeros(66, np.int64)  # per depth: the trail's length before its current tile
    one = np.uint64(1)

    t = 0  # trail length
    used = used0 | one  # pattern 0 is never used on the board
    count = 1
    nodes = 0
    status[_CENTRE] = 1
    key[_CENTRE] = 0
    _open_add(nxt, prv, _CENTRE)
    nopen = 1

    depth = 0
    entering = True  # at a new node (depth = tiles placed)
    retreat = False  # the node at depth failed: undo its parent's tile
    undo_first = False  # undo the tile at depth before the next
    while True:
        if entering:
            entering = False
            nodes += 1
            if nodes > budget:
                out = np.array([OUT_OF_BUDGET], np.int64)
                break
            if nopen == 0:
                ok = lo <= count
                if ok and holes >= 0:
                    ok = closable(used) and rest_holes(used) <= holes
                if ok:
                    out = np.empty(1 + 2 * count, np.int64)
                    out[0] = FOUND
                    j = 1
                    for x in range(GRID * GRID):
                        if status[x] == 1:
                            out[j] = x // GRID - GRID // 2
                            out[j + 1] = x % GRID - GRID // 2
                            j += 2
                    break
                retreat = True
            elif nopen > 64 - popcount64(used):
                retreat = True
            else:
                # the open cell with the fewest patterns left, ties broken at random
                free = ~used
                best = -1
                fewest = 99
                ties = 0
                c = nxt[_HEAD]
                while c != _TAIL:
                    k = popcount64(MATCH_KEY[key[c]] & free)
                    if k < fewest:
                        fewest = k
                        best = c
                        ties = 1
                    elif k == fewest:
                        ties += 1
                        if int(mt_random(mt) * ties) == 0:
                            best = c
                    c = nxt[c]
                if fewest == 0:
                    retreat = True
                else:
                    cand = MATCH_KEY[key[best]] & free
                    n = 0
                    for p in range(64):
                        if cand >> np.uint64(p) & one:
                            pats[depth, n] = p
                            n += 1
                    for i in range(n - 1, 0, -1):
                        j = int(mt_random(mt) * (i + 1))
                        pats[depth, i], pats[depth, j] = pats[depth, j], pats[depth, i]
                    npats[depth] = n
                    tried[depth] = 0
                    cells[depth] = best
                    keys[depth] = key[best]
                    undo_first = False
        if retreat:
            retreat = False
            if depth == 0:
                out = np.array([FAILED], np.int64)
                break
            depth -= 1
            undo_first = True
        # the next tile at the cell of this depth
        c = cells[depth]
        k0 = keys[depth]
        m0 = k0 >> 6
        placed = False
        while True:
            if undo_first:
                t, count, used, nopen = _undo(
                    trail, t, marks[depth], status, key, nxt, prv, count, used, nopen
                )
            undo_first = True
            if tried[depth] >= npats[depth]:
                break
            p = pats[depth, tried[depth]]
            tried[depth] += 1
            marks[depth] = t
            # the cell leaves the open cells with pattern p
            _open_remove(nxt, prv, c)
            nopen -= 1
            trail[t, 0] = 4
            trail[t, 1] = c
            trail[t + 1, 0] = 3
            trail[t + 1, 1] = c
            trail[t + 1, 2] = k0
            key[c] = _FULL | p
            used |= one << np.uint64(p)
            trail[t + 2, 0] = 0
            trail[t + 2, 1] = p
            t += 3
            ok = True
            for d in range(6):
                if m0 >> d & 1:
                    continue
                # the undecided neighbour x goes on the board or off it, as p says
                x = c + STEPS[d]
                on = p >> d & 1
                status[x] = on
                trail[t, 0] = 1
                trail[t, 1] = x
                t += 1
                if on:
                    count += 1
                    if count > hi:
                        ok = False
                        break
                    k = 0
                    for e in range(6):
                        st = status[x + STEPS[e]]
                        if st >= 0:
                            k |= KEYBIT[e, st]
                    key[x] = k
                    trail[t, 0] = 2
                    trail[t, 1] = x
                    t += 1
                    if k >= _FULL:
                        t, used, ok = _use(trail, t, used, k & 63)
                        if not ok:
                            break
                    else:
                        _open_add(nxt, prv, x)
                        nopen += 1
                        if MATCH_KEY[k] & ~used == 0:
                            ok = False
                            break
                # x's open neighbours learn of it
                for e in range(6):
                    y = x + STEPS[e]
                    if nxt[y] < 0:
                        continue
                    ky = key[y]
                    trail[t, 0] = 3
                    trail[t, 1] = y
                    trail[t, 2] = ky
                    t += 1
                    ky |= KEYBIT[(e + 3) % 6, on]
                    key[y] = ky
                    if ky >= _FULL:
                        _open_remove(nxt, prv, y)
                        nopen -= 1
                        trail[t, 0] = 4
                        trail[t, 1] = y
                        t += 1
                        t, used, ok = _use(trail, t, used, ky & 63)
                        if not ok:
                            break
                    elif MATCH_KEY[ky] & ~used == 0:
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                placed = True
                break
        if placed:
            depth += 1
            entering = True
        else:
            retreat = True
    # leave the tables clean for the next search
    _undo(trail, t, 0, status, key, nxt, prv, count, used, nopen)
    status[_CENTRE] = -1
    if nxt[_CENTRE] >= 0:
        _open_remove(nxt, prv, _CENTRE)
    return out
