"""Scrunch's state array and the incremental tables that keep its snakes.

The state keeps every snake as a circular linked list of its stones named by a *label* (one of
its cells), with its size, its stones numbered along it, the set of labels per colour and
per-cell counts of friendly neighbours. Since no snake is ever a mutant at the end of a turn,
every snake is a path or a cycle: the growth test (:mod:`.search`) cuts the snakes it touches by
those numbers, and only a completed growth (:func:`do_growth`) walks and renumbers the snakes
it changed.

The kernels here and in :mod:`.search`, :mod:`.rules` and :mod:`.masks` that allocate nothing
are compiled without Numba's reference counting (``_nrt=False``): with it, every compiled call
that is not inlined counts the references of the arrays handed to it, a call into Numba's
runtime per array at the entry and again at every exit (even for arrays that count nothing),
and the searches make many such calls; without it the legal actions took about a third less
time. Only the kernels that make arrays (``_scratch``, ``legal``, ``is_legal``, ``apply``,
``playout``, ``legal_mask``) keep it.

State array layout (after the common header):


=================  ===========================================================
``arr[8]``         number of cells ``n``
``arr[9]``         decision under way: 0 start of turn, 1 pick the stone to move,
                   2 its destination, 3 more removals
``arr[10:12]``     the placement and the stone picked in the growth under way (-1)
``arr[12:14]``     1 while Black / White is in the creation phase
``arr[14:16]``     number of snakes of Black, White
``arr[16:18]``     stones of Black, White
``arr[18:34]``     on boards of at most 63 cells, per colour (Black, then White) four
                   64-bit board masks, each as two entries (low and high half): the
                   stones, and the bits 1, 2 and 4 of every cell's count of friendly
                   neighbours (bit-sliced; :mod:`.bitmask`); zeros on larger boards
then 12 blocks of  colour (0 empty, 1 Black, 2 White), snake label, next stone
n entries          of the snake, snake size (by label), two blocks that hold on
                   boards of more than 63 cells the friendly-neighbour counts of
                   Black and White (:func:`_fc`: the count words above hold them on
                   smaller boards) and on boards of at most 63 cells the stones of
                   each snake (by label) as a 64-bit board mask, two entries (low
                   and high half) a label (so that the masks' searches read a
                   snake's stones in one load rather than by a walk along its
                   links), label lists (Black, White), label positions,
                   number of each stone along its snake, cycle flag (by label),
                   last stone in the numbering (by label)
=================  ===========================================================
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ...core import H_COLOUR, H_PLAYER, H_WINNER, HEADER, Array
from ...hexgrid import Board
from ...kernels_common import _U, nb, plain_kernel, set_add, set_remove
from .words import MAX_CELLS, Word, _ctz, _first_in, _first_of_two, _nbm, _set_word, _word

# scalar slots
S_N = HEADER
S_PHASE = 9
S_P = 10
S_S = 11
S_CREATE = 12  # 12, 13
S_NSNK = 14  # 14, 15
S_STONES = 16  # 16, 17
S_WORDS = 18  # 18 .. 33: board masks of Black, then White (bitmask.py), 8 entries each
BASE = 34

# blocks of n entries, starting at BASE + k * n
B_COL = 0
B_SID = 1
B_NXT = 2
B_SSIZE = 3
B_FC = 4  # 4, 5: on boards of more than 63 cells (_fc)
B_SMASK = B_FC  # 4, 5 on boards of at most 63 cells, two entries a label (_snake_mask)
B_LAB = 6  # 6, 7
B_LABPOS = 8
B_POS = 9  # number of each stone along its snake (from an end of a path)
B_CYC = 10  # 1 if the snake (by label) is a cycle
B_TAIL = 11  # the last stone of the snake (by label) in its numbering: the other end of a path
NBLOCKS = 12

# decisions
PH_START = 0
PH_PICK = 1
PH_DEST = 2
PH_REMOVE = 3

REASON_LAST_SNAKE = 1

# scratch layout (an int32 array of SCRATCH_SMALL + 3 n zeros, made by _scratch)
SC_SEEDS = 0  # up to 8 seeds of a walk
SC_LABELS = 8  # up to 8 labels
SC_PN = 48  # the number of friendly neighbours of the placement under test
SC_PNB = 49  # and the neighbours themselves (up to 6)
SCRATCH_SMALL = 64
# then n entries: the stones a search for a completion tries (search.can_complete), n marks
# (search._candidates), and a list of n cells (the candidates, the stones of a growth)


@plain_kernel
def _o(k: int, n: int) -> int:  # pragma: no cover - compiled
    return BASE + k * n


@njit(cache=True, inline="always")
def _adj(g: Array, a: int, b: int) -> int:  # pragma: no cover - compiled
    """1 if cells ``a`` and ``b`` are neighbours, else 0: one bit of the constant table's
    adjacency rows (inlined: the growth test calls it in its loops, and a call there cost about
    a tenth of the legal actions' time)."""
    n = g[0]
    w = (n + 31) >> 5
    return (g[_U(1 + 8 * n + a * w + (b >> 5))] >> (b & 31)) & 1


@njit(cache=True)
def _scratch(n: int) -> Array:  # pragma: no cover - compiled
    """Zeroed working space for the kernels: small lists, then the stones to try, marks and a
    list of cells."""
    return np.zeros(SCRATCH_SMALL + 3 * n, dtype=np.int32)


@plain_kernel
def _lab_add(arr: Array, n: int, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Add label ``x`` to colour ``c``'s labels."""
    set_add(arr, _o(B_LAB + c, n), _o(B_LABPOS, n), S_NSNK + c, x)


@plain_kernel
def _lab_remove(arr: Array, n: int, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Take label ``x`` out of colour ``c``'s labels, and clear the slot the list gave up (so
    that equal positions have equal arrays)."""
    lst = _o(B_LAB + c, n)
    set_remove(arr, lst, _o(B_LABPOS, n), S_NSNK + c, x)
    arr[_U(lst + arr[_U(S_NSNK + c)])] = 0


def initial_array(n: int) -> Array:
    """The empty board, Black to move, both players in their creation phase."""
    arr = np.zeros(BASE + NBLOCKS * n, dtype=np.int32)
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = 0
    arr[H_WINNER] = -1
    arr[S_N] = n
    arr[S_PHASE] = PH_START
    arr[S_P] = -1
    arr[S_S] = -1
    arr[S_CREATE] = 1
    arr[S_CREATE + 1] = 1
    for b in (B_SID, B_NXT, B_LABPOS):
        arr[_o(b, n) : _o(b + 1, n)] = -1
    return arr


def consts_for(board: Board) -> Array:
    """The constant table: ``[n, neighbours (n x 6, -1 off the board), q (n), r (n),
    adjacency (n rows of ceil(n / 32) words: bit b of row a set when b is a's neighbour)]``."""
    n = board.size
    qs = np.asarray([q for q, _ in board.cells], dtype=np.int64)
    rs = np.asarray([r for _, r in board.cells], dtype=np.int64)
    w = (n + 31) // 32
    bits = np.zeros((n, w), dtype=np.int64)
    for a in range(n):
        for b in board.neighbors[a]:
            if b >= 0:
                bits[a, b // 32] |= 1 << (int(b) % 32)
    words = bits.astype(np.uint32).view(np.int32).ravel()  # (the top bit as the sign)
    head = np.concatenate([[n], board.neighbors.ravel(), qs, rs]).astype(np.int32)
    return np.concatenate([head, words])


@njit(cache=True, inline="always")
def _fc(arr: Array, n: int, c: int, x: int) -> int:  # pragma: no cover - compiled
    """How many stones of colour ``c`` are next to cell ``x``: on a board of at most 63 cells
    from the bit-sliced count words (bit ``x`` of each), where the count blocks are not kept;
    on a larger board from colour ``c``'s count block."""
    if n <= MAX_CELLS:
        at = S_WORDS + 8 * c + (x >> 5)  # the half of each word that holds bit x
        k = x & 31
        return (
            ((arr[_U(at + 2)] >> k) & 1)
            | (((arr[_U(at + 4)] >> k) & 1) << 1)
            | (((arr[_U(at + 6)] >> k) & 1) << 2)
        )
    return arr[_U(_o(B_FC + c, n) + x)]


@njit(cache=True)
def friendly_counts(arr: Array, n: int, c: int) -> Array:  # pragma: no cover - compiled
    """Every cell's count of neighbouring stones of colour ``c`` (``n`` entries): :func:`_fc`
    for all the cells at once, for callers outside compiled code."""
    out = np.empty(n, dtype=np.int32)
    for x in range(n):
        out[x] = _fc(arr, n, c, x)
    return out


@njit(cache=True, inline="always")
def _count_words(g: Array, arr: Array, c: int, x: int, up: bool) -> None:  # pragma: no cover
    """On a board of at most 63 cells, the board masks of colour ``c`` after a stone of that
    colour is put on (``up``) or lifted from cell ``x``: its bit in the stones, and one more
    (or one less) friendly neighbour for each neighbour of ``x``, added bit-sliced."""
    n = g[0]
    if n > MAX_CELLS:
        return
    m = _nbm(g, x)
    at = S_WORDS + 8 * c
    bit = np.int64(1) << x
    b0 = _word(arr, at + 2)
    b1 = _word(arr, at + 4)
    b2 = _word(arr, at + 6)
    if up:
        _set_word(arr, at, _word(arr, at) | bit)
        k0 = b0 & m
        k1 = b1 & k0
    else:
        _set_word(arr, at, _word(arr, at) & ~bit)
        k0 = m & ~b0
        k1 = k0 & ~b1
    _set_word(arr, at + 2, b0 ^ m)
    _set_word(arr, at + 4, b1 ^ k0)
    _set_word(arr, at + 6, b2 ^ k1)


@njit(cache=True, inline="always")
def _growth_words(g: Array, arr: Array, c: int, s: int, p: int, d: int) -> None:  # pragma: no cover
    """On a board of at most 63 cells, :func:`_count_words` for a completed growth of colour
    ``c`` (stone ``s`` lifted, stones put on ``p`` and ``d``) with the four words loaded once
    and stored once: the three updates in registers, not three loads of what the last one
    stored."""
    n = g[0]
    if n > MAX_CELLS:
        return
    at = S_WORDS + 8 * c
    one = np.int64(1)
    st = _word(arr, at)
    b0 = _word(arr, at + 2)
    b1 = _word(arr, at + 4)
    b2 = _word(arr, at + 6)
    m = _nbm(g, s)  # s lifted
    st &= ~(one << s)
    k0 = m & ~b0
    k1 = k0 & ~b1
    b0 ^= m
    b1 ^= k0
    b2 ^= k1
    for which in range(2):  # p, then d, put on
        x = p if which == 0 else d
        m = _nbm(g, x)
        st |= one << x
        k0 = b0 & m
        k1 = b1 & k0
        b0 ^= m
        b1 ^= k0
        b2 ^= k1
    _set_word(arr, at, st)
    _set_word(arr, at + 2, b0)
    _set_word(arr, at + 4, b1)
    _set_word(arr, at + 6, b2)


@njit(cache=True, inline="always")
def _put_cells(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """:func:`_put` but for the board masks (the caller's: :func:`_growth_words`)."""
    n = g[0]
    arr[_U(_o(B_COL, n) + x)] = c + 1
    if n > MAX_CELLS:  # (the count words hold the counts on a smaller board: _fc)
        fc = _o(B_FC + c, n)
        for k in range(6):  # no branch on the board's edge: off the board adds 0 to cell 0
            y = nb(g, x, k)
            arr[_U(fc + max(y, 0))] += 1 if y >= 0 else 0
    arr[_U(S_STONES + c)] += 1


@njit(cache=True, inline="always")
def _lift_cells(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """:func:`_lift` but for the board masks (the caller's: :func:`_growth_words`)."""
    n = g[0]
    arr[_U(_o(B_COL, n) + x)] = 0
    arr[_U(_o(B_SID, n) + x)] = -1
    arr[_U(_o(B_NXT, n) + x)] = -1
    arr[_U(_o(B_POS, n) + x)] = 0
    if n > MAX_CELLS:  # (as in _put_cells)
        fc = _o(B_FC + c, n)
        for k in range(6):  # no branch on the board's edge, as in _put_cells
            y = nb(g, x, k)
            arr[_U(fc + max(y, 0))] -= 1 if y >= 0 else 0
    arr[_U(S_STONES + c)] -= 1


@njit(cache=True, inline="always")
def _put(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """A stone of colour ``c`` on empty cell ``x`` (counts only; snakes are the caller's).
    Compiled into its callers: a completed growth puts two stones and lifts one, and a call
    passes each array as seven values."""
    _count_words(g, arr, c, x, True)
    _put_cells(g, arr, c, x)


@njit(cache=True, inline="always")
def _lift(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Take the stone of colour ``c`` off cell ``x`` (counts only; snakes are the caller's;
    compiled into its callers, as :func:`_put`)."""
    _count_words(g, arr, c, x, False)
    _lift_cells(g, arr, c, x)


@plain_kernel
def _other(g: Array, arr: Array, c: int, cur: int, prev: int) -> int:  # pragma: no cover
    """The friendly neighbour of stone ``cur`` other than ``prev`` (-1 if none)."""
    n = g[0]
    col = _o(B_COL, n)
    for k in range(6):
        y = nb(g, cur, k)
        if y >= 0 and y != prev and arr[_U(col + y)] == c + 1:
            return y
    return -1


@njit(cache=True, inline="always")
def _close_snake(  # pragma: no cover - compiled
    arr: Array, n: int, c: int, start: int, last: int, size: int, cyc: bool, stones: Word
) -> None:
    """End the relabelling of colour ``c``'s snake labelled ``start``, walked to ``last``
    (``size`` stones, ``stones`` as a board mask): link ``last`` back to ``start`` (the list is
    circular), keep the size, whether it is a cycle, its last stone and (on a board of at most
    63 cells) its stones by the label, and add the label to the set (for :func:`_relabel` and
    :func:`_relabel_words`)."""
    arr[_U(_o(B_NXT, n) + last)] = start
    arr[_U(_o(B_SSIZE, n) + start)] = size
    arr[_U(_o(B_CYC, n) + start)] = 1 if cyc else 0
    arr[_U(_o(B_TAIL, n) + start)] = last
    if n <= MAX_CELLS:
        _set_word(arr, _o(B_SMASK, n) + 2 * start, stones)
    _lab_add(arr, n, c, start)


@plain_kernel
def _relabel(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    x: int,
    scr: Array,
    m: int,
) -> int:
    """Relink the snake holding stone ``x`` (a path or a cycle: none of its stones has more than
    two friendly neighbours) and add it to the set; return the bit mask of the seeds
    ``scr[SC_SEEDS:SC_SEEDS + m]`` it holds.

    A path is numbered from one end (its label), a cycle from ``x`` (its label), so that the
    stones on either side of any stone of a path are told apart by their numbers.
    """
    n = g[0]
    sid = _o(B_SID, n)
    nxt = _o(B_NXT, n)
    pos = _o(B_POS, n)
    # find an end of the path, or find that it is a cycle
    start = x
    cyc = False
    a = _other(g, arr, c, x, -1)
    if a >= 0 and _other(g, arr, c, x, a) >= 0:  # x is not an end: walk to one
        prev = x
        cur = a
        for _ in range(n):
            nx = _other(g, arr, c, cur, prev)
            if nx < 0:
                start = cur
                break
            if nx == x:
                cyc = True
                break
            prev = cur
            cur = nx
    mask = 0
    stones = np.int64(0)  # (kept on boards of at most 63 cells only)
    prev = -1
    cur = start
    last = -1
    i = 0
    for _ in range(n):
        for j in range(m):
            if scr[SC_SEEDS + j] == cur:
                mask |= 1 << j
        stones |= np.int64(1) << (cur & 63)
        arr[_U(sid + cur)] = start
        arr[_U(pos + cur)] = i
        if last >= 0:
            arr[_U(nxt + last)] = cur
        last = cur
        i += 1
        nx = _other(g, arr, c, cur, prev)
        if nx < 0 or nx == start:
            break
        prev = cur
        cur = nx
    _close_snake(arr, n, c, start, last, i, cyc, stones)
    return mask


@plain_kernel
def _labels_near(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    d: int,
    scr: Array,
) -> int:
    """Put the distinct labels of the snakes touching ``p`` or ``d`` into ``scr[SC_LABELS:]``;
    return how many."""
    n = g[0]
    col = _o(B_COL, n)
    sid = _o(B_SID, n)
    m = 0
    for which in range(2):
        x = p if which == 0 else d
        for k in range(6):
            y = nb(g, x, k)
            if y >= 0 and arr[_U(col + y)] == c + 1:
                lab = arr[_U(sid + y)]
                dup = False
                for j in range(m):
                    if scr[SC_LABELS + j] == lab:
                        dup = True
                        break
                if not dup:
                    scr[SC_LABELS + m] = lab
                    m += 1
    return m


@plain_kernel
def _seeds(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    d: int,
    scr: Array,
) -> int:
    """The stones from which every snake changed by the growth ``p``, ``s``, ``d`` is reached:
    ``p``, ``d`` and the old friendly neighbours of ``s``; into ``scr[SC_SEEDS:]``."""
    n = g[0]
    col = _o(B_COL, n)
    scr[SC_SEEDS] = p
    scr[SC_SEEDS + 1] = d
    m = 2
    for k in range(6):
        y = nb(g, s, k)
        if y >= 0 and y != p and y != d and arr[_U(col + y)] == c + 1:
            scr[SC_SEEDS + m] = y
            m += 1
    return m


@plain_kernel
def _drop_snake(arr: Array, n: int, c: int, lab: int) -> None:  # pragma: no cover - compiled
    """Forget colour ``c``'s snake labelled ``lab`` (its size, cycle flag, last stone and, on a
    board of at most 63 cells, its mask of stones, and its label in the set); its stones are
    the caller's."""
    arr[_U(_o(B_SSIZE, n) + lab)] = 0
    arr[_U(_o(B_CYC, n) + lab)] = 0
    arr[_U(_o(B_TAIL, n) + lab)] = 0
    if n <= MAX_CELLS:
        _set_word(arr, _o(B_SMASK, n) + 2 * lab, np.int64(0))
    _lab_remove(arr, n, c, lab)


@plain_kernel
def place_egg(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """A new snake of one stone of colour ``c`` at empty cell ``x``."""
    n = g[0]
    _put(g, arr, c, x)
    arr[_U(_o(B_SID, n) + x)] = x
    arr[_U(_o(B_NXT, n) + x)] = x
    arr[_U(_o(B_SSIZE, n) + x)] = 1
    arr[_U(_o(B_POS, n) + x)] = 0
    arr[_U(_o(B_CYC, n) + x)] = 0
    arr[_U(_o(B_TAIL, n) + x)] = x
    if n <= MAX_CELLS:
        _set_word(arr, _o(B_SMASK, n) + 2 * x, np.int64(1) << x)
    _lab_add(arr, n, c, x)


@plain_kernel
def do_growth(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    d: int,
    scr: Array,
) -> None:
    """Place at ``p``, step ``s`` to ``d``, and relabel every snake that changed."""
    n = g[0]
    k = _labels_near(g, arr, c, p, d, scr)
    for i in range(k):
        _drop_snake(arr, n, c, scr[SC_LABELS + i])
    m = _seeds(g, arr, c, p, s, d, scr)
    _lift(g, arr, c, s)
    _put(g, arr, c, p)
    _put(g, arr, c, d)
    covered = 0
    for j in range(m):
        if not covered & (1 << j):
            covered |= _relabel(g, arr, c, scr[SC_SEEDS + j], scr, m)


@njit(cache=True, inline="always")
def _number_words(  # pragma: no cover - compiled
    g: Array, arr: Array, c: int, start: int, f: Word, cyc: bool
) -> Word:
    """Number colour ``c``'s snake from ``start`` (an end of a path, or any stone of a cycle:
    towards its first neighbour in the order of the six directions), walked on the stones
    ``f``: labels, numbers and links, closed by :func:`_close_snake`; return its stones."""
    n = g[0]
    sid = _o(B_SID, n)
    nxt = _o(B_NXT, n)
    pos = _o(B_POS, n)
    one = np.int64(1)
    mask = np.int64(0)
    seen = np.int64(0)  # the stone before (none at the start)
    cur = start
    last = -1
    i = 0
    for _ in range(n):
        mask |= one << cur
        arr[_U(sid + cur)] = start
        arr[_U(pos + cur)] = i
        if last >= 0:
            arr[_U(nxt + last)] = cur
        last = cur
        i += 1
        rest = _nbm(g, cur) & f & ~seen
        if rest == 0:
            break
        nx = _first_of_two(g, cur, rest) if rest & (rest - 1) else _ctz(rest)
        if nx == start:
            break
        seen = one << cur
        cur = nx
    _close_snake(arr, n, c, start, last, i, cyc, mask)
    return mask


@njit(cache=True, inline="always")
def _relabel_words(g: Array, arr: Array, c: int, x: int) -> Word:  # pragma: no cover
    """:func:`_relabel` on a board of at most 63 cells, the snake walked on the board masks
    (the next stone is the one friendly neighbour left, no neighbour read from the board):
    the same labels, numbers and links; return the snake's stones as a mask.

    Where ``x`` lies inside a path, :func:`_relabel` walks from it to the end on the side of
    its first neighbour (the label), then along the whole snake again to number it. Here each
    stone is walked once: the side of the first neighbour is linked and counted backwards
    while it is walked (its numbers set right in one pass over its stones once the end is
    known: independent writes, no chain of reads), then the other side is numbered on from
    ``x``. A cycle (found when the walk comes back to ``x``) is numbered from ``x`` as before."""
    n = g[0]
    f = _word(arr, S_WORDS + 8 * c)
    m = _nbm(g, x) & f
    if m & (m - 1) == 0:  # x is an end of a path (or an egg): numbered from x
        return _number_words(g, arr, c, x, f, False)
    sid = _o(B_SID, n)
    nxt = _o(B_NXT, n)
    pos = _o(B_POS, n)
    one = np.int64(1)
    a1 = _first_of_two(g, x, m)
    # the side of the first neighbour: a_j linked to a_(j - 1), numbered j for now
    side = one << x
    prev = x
    cur = a1
    j = 1
    for _ in range(n):
        if cur == x:  # back at x: a cycle
            return _number_words(g, arr, c, x, f, True)
        side |= one << cur
        arr[_U(nxt + cur)] = prev
        arr[_U(pos + cur)] = j
        rest = _nbm(g, cur) & f & ~(one << prev)
        if rest == 0:
            break
        prev = cur
        cur = _ctz(rest)
        j += 1
    start = cur  # the end reached: the label, numbered 0
    arr[_U(pos + x)] = 0
    w = side
    while w:
        y = _ctz(w)
        w &= w - 1
        arr[_U(sid + y)] = start
        arr[_U(pos + y)] = j - arr[_U(pos + y)]
    # the other side, numbered on from x
    mask = side
    last = x
    prev = x
    cur = _ctz(m & ~(one << a1))
    i = j + 1
    for _ in range(n):
        mask |= one << cur
        arr[_U(sid + cur)] = start
        arr[_U(pos + cur)] = i
        arr[_U(nxt + last)] = cur
        last = cur
        i += 1
        rest = _nbm(g, cur) & f & ~(one << prev)
        if rest == 0:
            break
        prev = cur
        cur = _ctz(rest)
    _close_snake(arr, n, c, start, last, i, False, mask)
    return mask


@njit(cache=True, inline="always")
def _labels(arr: Array, n: int, fn: int) -> Word:  # pragma: no cover - compiled
    """The labels of the snakes the stones ``fn`` (a mask) belong to, as a mask (a label is a
    cell): no comparison of labels, no branch but the loop's."""
    sid = _o(B_SID, n)
    labs = np.int64(0)
    t = fn
    while t:
        labs |= np.int64(1) << arr[_U(sid + _ctz(t))]
        t &= t - 1
    return labs


@plain_kernel
def do_growth_words(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    d: int,
) -> None:
    """:func:`do_growth` on a board of at most 63 cells, without working space: the snakes
    touching ``p`` or ``d`` dropped in the same order, then relabelled from the same seeds in
    the same order (``p``, ``d``, the old friendly neighbours of ``s``), each walked on the
    board masks (:func:`_relabel_words`); the state is the one :func:`do_growth` leaves."""
    n = g[0]
    col = _o(B_COL, n)
    sid = _o(B_SID, n)
    c1 = c + 1
    one = np.int64(1)
    # the snakes touching p or d, their labels as a mask; one (usually) is dropped at once,
    # several in the order of the directions around p, then d (the order of the label set)
    f = _word(arr, S_WORDS + 8 * c)
    fp = _nbm(g, p) & f
    labs = _labels(arr, n, fp | (_nbm(g, d) & f))
    two = labs & (labs - 1)  # the labels but the lowest
    if two == 0:
        if labs:
            _drop_snake(arr, n, c, _ctz(labs))
    elif two & (two - 1) == 0 and fp:
        # two snakes (about one growth in four): the first dropped is that of p's first
        # friendly neighbour in the order of the directions, found without a loop's exit
        first = arr[_U(sid + _first_in(g, p, fp))]
        _drop_snake(arr, n, c, first)
        _drop_snake(arr, n, c, _ctz(labs & ~(one << first)))
    else:
        dropped = np.int64(0)
        for which in range(2):
            x = p if which == 0 else d
            for k in range(6):
                y = nb(g, x, k)
                if y >= 0 and arr[_U(col + y)] == c1:
                    lab = arr[_U(sid + y)]
                    if not (dropped >> lab) & 1:
                        dropped |= one << lab
                        _drop_snake(arr, n, c, lab)
    _growth_words(g, arr, c, s, p, d)
    _lift_cells(g, arr, c, s)
    _put_cells(g, arr, c, p)
    _put_cells(g, arr, c, d)
    covered = _relabel_words(g, arr, c, p)
    if not (covered >> d) & 1:
        covered |= _relabel_words(g, arr, c, d)
    # the old friendly neighbours of s not yet relabelled, in the order of the directions: as
    # a word first (usually none or one, where the order does not matter)
    left = _nbm(g, s) & _word(arr, S_WORDS + 8 * c) & ~covered & ~((one << p) | (one << d))
    if left & (left - 1) == 0:
        if left:
            _relabel_words(g, arr, c, _ctz(left))
        return
    for k in range(6):
        y = nb(g, s, k)
        if y >= 0 and y != p and y != d and arr[_U(col + y)] == c1 and not (covered >> y) & 1:
            covered |= _relabel_words(g, arr, c, y)


@plain_kernel
def remove_snake(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Take off the board the snake of colour ``c`` that holds stone ``x``."""
    n = g[0]
    lab = arr[_U(_o(B_SID, n) + x)]
    nxt = _o(B_NXT, n)
    size = arr[_U(_o(B_SSIZE, n) + lab)]
    z = lab
    for _ in range(size):
        zn = arr[_U(nxt + z)]
        _lift(g, arr, c, z)
        z = zn
    _drop_snake(arr, n, c, lab)


@plain_kernel
def smallest_size(arr: Array, c: int) -> int:  # pragma: no cover - compiled
    """Size of colour ``c``'s smallest snakes (0 when it has none)."""
    n = arr[S_N]
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    best = 0
    for i in range(arr[_U(S_NSNK + c)]):
        v = arr[_U(size + arr[_U(lst + i)])]
        if best == 0 or v < best:
            best = v
    return best


@plain_kernel
def _smallest_stones(g: Array, arr: Array, c: int, out: Array, off: int) -> int:  # pragma: no cover
    """Every stone of every smallest snake of ``c`` into ``out[off:]``; return count."""
    n = g[0]
    nxt = _o(B_NXT, n)
    size = _o(B_SSIZE, n)
    lst = _o(B_LAB + c, n)
    best = smallest_size(arr, c)
    m = 0
    for i in range(arr[_U(S_NSNK + c)]):
        lab = arr[_U(lst + i)]
        if arr[_U(size + lab)] != best:
            continue
        z = lab
        for _ in range(best):
            out[off + m] = z
            m += 1
            z = arr[_U(nxt + z)]
    return m


@plain_kernel
def _snake_labels_at(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
) -> tuple[int, int, int]:
    """The labels of the (at most three) distinct friendly snakes touching cell ``p`` (-1 pads)."""
    n = g[0]
    col = _o(B_COL, n)
    sid = _o(B_SID, n)
    l0 = -1
    l1 = -1
    l2 = -1
    for k in range(6):
        y = nb(g, p, k)
        if y >= 0 and arr[_U(col + y)] == c + 1:
            lab = arr[_U(sid + y)]
            if lab != l0 and lab != l1 and lab != l2:
                if l0 < 0:
                    l0 = lab
                elif l1 < 0:
                    l1 = lab
                else:
                    l2 = lab
    return l0, l1, l2
