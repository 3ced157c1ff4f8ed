"""Scrunch: eggs, snakes that grow and wriggle, death and removal (rule sheet plus NOTES.md).

Black and White, Black first, no pie rule, on a hexhex board of side 3 to 10. An *egg* is a stone
with no friendly neighbour, a *snake* a maximal connected group of one colour, and a snake is a
*mutant* when one of its stones has more than two friendly neighbours. A player's *smallest
snakes* are those of the minimum size among that player's snakes.

A turn is one of:

* **egg** (only in the player's creation phase): a stone on an empty cell with no friendly
  neighbour. One action, the cell.
* **growth and movement**: a stone on an empty cell next to a smallest snake (it may touch, and
  merge, other friendly snakes too), then a *different* stone of the resulting snake steps to an
  adjacent empty cell. Legal only if afterwards no snake of the mover is a mutant and the mover
  has no more snakes than before the turn. Three actions: the placement cell, the stone's cell,
  the destination cell. The first growth ends the player's creation phase for good.
* **death and removal**, when no growth is possible (and, in the creation phase, no egg cell is
  left): the player removes one smallest snake, and again while snakes remain and none of the
  smallest can grow and move. One action per snake removed. Removing one's last snake loses.

Every decision offered leads to a complete turn: a placement is offered only if some stone can
then step to complete a legal growth, and a stone only if it has a legal destination.

Actions: ``0 .. n-1`` are cells (a placement, a stone picked, or a destination, by the decision
under way; the three are never offered in the same decision), and ``n + x`` is *remove the snake
that holds stone x* (text ``x`` + the cell name, for example ``xc4``; any stone of the snake
names it, so a snake of k stones is offered as k equivalent actions). Move text: an egg is its
cell (``c4``), a growth ``place:stone-destination`` (``c4:d4-e3``), removals ``xc4`` or
``xc4,xg2``.

The state keeps every snake as a circular linked list of its stones named by a *label* (one of
its cells), with its size, its stones numbered along it, the set of labels per colour and
per-cell counts of friendly neighbours. Since no snake is ever a mutant at the end of a turn,
every snake is a path or a cycle: the growth test cuts the snakes it touches by those numbers and
counts the pieces with a small union-find, without walking them, and only a completed growth
walks and renumbers the snakes it changed.

State array layout (after the common header):

=================  ===========================================================
``arr[8]``         number of cells ``n``
``arr[9]``         decision under way: 0 start of turn, 1 pick the stone to move,
                   2 its destination, 3 more removals
``arr[10:12]``     the placement and the stone picked in the growth under way (-1)
``arr[12:14]``     1 while Black / White is in the creation phase
``arr[14:16]``     number of snakes of Black, White
``arr[16:18]``     stones of Black, White
then 12 blocks of  colour (0 empty, 1 Black, 2 White), snake label, next stone
n entries          of the snake, snake size (by label), friendly-neighbour counts
                   (Black, White), label lists (Black, White), label positions,
                   number of each stone along its snake, cycle flag (by label),
                   last stone in the numbering (by label)
=================  ===========================================================
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
from numba import njit

from ..core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_REASON,
    H_TURN,
    H_WINNER,
    HEADER,
    Array,
    Game,
    Kernels,
    NotationError,
    Option,
    OptionError,
    Outcome,
    State,
)
from ..hexgrid import Board, CellNameError, hexhex
from ..rng import rand_below

# scalar slots
S_N = HEADER
S_PHASE = 9
S_P = 10
S_S = 11
S_CREATE = 12  # 12, 13
S_NSNK = 14  # 14, 15
S_STONES = 16  # 16, 17
BASE = 18

# blocks of n entries, starting at BASE + k * n
B_COL = 0
B_SID = 1
B_NXT = 2
B_SSIZE = 3
B_FC = 4  # 4, 5
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
SC_KEYS = 16  # up to 16 nodes of the growth test's union-find: their keys
SC_PAR = 32  # and their parents
SC_PN = 48  # the number of friendly neighbours of the placement under test
SC_PNB = 49  # and the neighbours themselves (up to 6)
SCRATCH_SMALL = 64


@njit(cache=True, inline="always")
def _o(k: int, n: int) -> int:  # pragma: no cover - compiled
    return BASE + k * n


@njit(cache=True, inline="always")
def _nb(g: Array, x: int, d: int) -> int:  # pragma: no cover - compiled
    return g[1 + 6 * x + d]


@njit(cache=True, inline="always")
def _adj(g: Array, a: int, b: int) -> int:  # pragma: no cover - compiled
    """1 if cells ``a`` and ``b`` are neighbours, else 0."""
    n = g[0]
    dq = g[1 + 6 * n + a] - g[1 + 6 * n + b]
    dr = g[1 + 7 * n + a] - g[1 + 7 * n + b]
    s = dq + dr
    if -1 <= dq <= 1 and -1 <= dr <= 1 and -1 <= s <= 1 and (dq != 0 or dr != 0):
        return 1
    return 0


@njit(cache=True)
def _scratch(n: int) -> Array:  # pragma: no cover - compiled
    """Zeroed working space for the kernels: small lists, then a pool, marks and a second list."""
    return np.zeros(SCRATCH_SMALL + 3 * n, dtype=np.int32)


# ---------------------------------------------------------------- indexed label sets
@njit(cache=True, inline="always")
def _lab_add(arr: Array, n: int, c: int, x: int) -> None:  # pragma: no cover - compiled
    lst = _o(B_LAB + c, n)
    pos = _o(B_LABPOS, n)
    k = arr[S_NSNK + c]
    arr[lst + k] = x
    arr[pos + x] = k
    arr[S_NSNK + c] = k + 1


@njit(cache=True, inline="always")
def _lab_remove(arr: Array, n: int, c: int, x: int) -> None:  # pragma: no cover - compiled
    lst = _o(B_LAB + c, n)
    pos = _o(B_LABPOS, n)
    k = arr[pos + x]
    if k >= 0:
        last = arr[S_NSNK + c] - 1
        y = arr[lst + last]
        arr[lst + k] = y
        arr[pos + y] = k
        arr[pos + x] = -1
        arr[lst + last] = 0
        arr[S_NSNK + c] = last


# ---------------------------------------------------------------- set-up
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
    """The constant table: ``[n, neighbours (n x 6, -1 off the board), q (n), r (n)]``."""
    qs = np.asarray([q for q, _ in board.cells], dtype=np.int32)
    rs = np.asarray([r for _, r in board.cells], dtype=np.int32)
    return np.concatenate([[board.size], board.neighbors.ravel(), qs, rs]).astype(np.int32)


# ---------------------------------------------------------------- board changes
@njit(cache=True)
def _put(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """A stone of colour ``c`` on empty cell ``x`` (counts only; snakes are the caller's)."""
    n = g[0]
    arr[_o(B_COL, n) + x] = c + 1
    fc = _o(B_FC + c, n)
    for k in range(6):
        y = _nb(g, x, k)
        if y >= 0:
            arr[fc + y] += 1
    arr[S_STONES + c] += 1


@njit(cache=True)
def _lift(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Take the stone of colour ``c`` off cell ``x`` (counts only; snakes are the caller's)."""
    n = g[0]
    arr[_o(B_COL, n) + x] = 0
    arr[_o(B_SID, n) + x] = -1
    arr[_o(B_NXT, n) + x] = -1
    arr[_o(B_POS, n) + x] = 0
    fc = _o(B_FC + c, n)
    for k in range(6):
        y = _nb(g, x, k)
        if y >= 0:
            arr[fc + y] -= 1
    arr[S_STONES + c] -= 1


@njit(cache=True)
def _other(g: Array, arr: Array, c: int, cur: int, prev: int) -> int:  # pragma: no cover
    """The friendly neighbour of stone ``cur`` other than ``prev`` (-1 if none)."""
    n = g[0]
    col = _o(B_COL, n)
    for k in range(6):
        y = _nb(g, cur, k)
        if y >= 0 and y != prev and arr[col + y] == c + 1:
            return y
    return -1


@njit(cache=True)
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
    prev = -1
    cur = start
    last = -1
    i = 0
    for _ in range(n):
        for j in range(m):
            if scr[SC_SEEDS + j] == cur:
                mask |= 1 << j
        arr[sid + cur] = start
        arr[pos + cur] = i
        if last >= 0:
            arr[nxt + last] = cur
        last = cur
        i += 1
        nx = _other(g, arr, c, cur, prev)
        if nx < 0 or nx == start:
            break
        prev = cur
        cur = nx
    arr[nxt + last] = start
    arr[_o(B_SSIZE, n) + start] = i
    arr[_o(B_CYC, n) + start] = 1 if cyc else 0
    arr[_o(B_TAIL, n) + start] = last
    _lab_add(arr, n, c, start)
    return mask


@njit(cache=True)
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
            y = _nb(g, x, k)
            if y >= 0 and arr[col + y] == c + 1:
                lab = arr[sid + y]
                dup = False
                for j in range(m):
                    if scr[SC_LABELS + j] == lab:
                        dup = True
                        break
                if not dup:
                    scr[SC_LABELS + m] = lab
                    m += 1
    return m


@njit(cache=True)
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
        y = _nb(g, s, k)
        if y >= 0 and y != p and y != d and arr[col + y] == c + 1:
            scr[SC_SEEDS + m] = y
            m += 1
    return m


# ---------------------------------------------------------------- the growth test
@njit(cache=True, inline="always")
def _find(scr: Array, i: int) -> int:  # pragma: no cover - compiled
    while scr[SC_PAR + i] != i:
        i = scr[SC_PAR + i]
    return i


@njit(cache=True, inline="always")
def _piece(
    arr: Array,
    sid: int,
    pos: int,
    y: int,
    ls: int,
    ps: int,
    cs: int,
) -> int:  # pragma: no cover - compiled
    """Key of the piece that stone ``y`` is in once stone ``s`` (at number ``ps`` of the snake
    labelled ``ls``, a cycle if ``cs``) has left: label * 2, plus 1 past ``s`` on a path."""
    lab = arr[sid + y]
    if lab == ls and cs == 0 and arr[pos + y] > ps:
        return 2 * lab + 1
    return 2 * lab


@njit(cache=True, inline="always")
def _node(scr: Array, nodes: int, key: int) -> int:  # pragma: no cover - compiled
    for i in range(2, nodes):
        if scr[SC_KEYS + i] == key:
            return i
    return -1


@njit(cache=True)
def _load_p(g: Array, arr: Array, c: int, p: int, scr: Array) -> None:  # pragma: no cover
    """List the friendly neighbours of the placement ``p`` in the scratch, for the growth
    tests that follow (every caller of :func:`growth_ok` does this first)."""
    n = g[0]
    col = _o(B_COL, n)
    m = 0
    for k in range(6):
        y = _nb(g, p, k)
        if y >= 0 and arr[col + y] == c + 1:
            scr[SC_PNB + m] = y
            m += 1
    scr[SC_PN] = m


@njit(cache=True, inline="always")
def _join(scr: Array, a: int, b: int) -> int:  # pragma: no cover - compiled
    """Union of nodes ``a`` and ``b``; 1 if they were apart, else 0."""
    ra = _find(scr, a)
    rb = _find(scr, b)
    if ra == rb:
        return 0
    scr[SC_PAR + rb] = ra
    return 1


@njit(cache=True)
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
    numbered below and above ``s``, a cycle stays whole), and the pieces, ``p`` and ``d`` are
    joined through the neighbours of ``p`` and ``d`` with a tiny union-find.
    """
    n = g[0]
    col = _o(B_COL, n)
    fc = _o(B_FC + c, n)
    c1 = c + 1
    pd = _adj(g, p, d)
    if arr[fc + p] + pd - _adj(g, p, s) > 2:
        return False
    if arr[fc + d] + pd - _adj(g, d, s) > 2:
        return False
    sid = _o(B_SID, n)
    pos = _o(B_POS, n)
    ls = arr[sid + s]
    ps = arr[pos + s]
    cs = arr[_o(B_CYC, n) + ls]
    # nodes 0 (p) and 1 (d), then the pieces of the snakes touched, starting with that of s:
    # a cycle stays one piece, a path leaves the stones below s and those above it
    scr[SC_PAR] = 0
    scr[SC_PAR + 1] = 1
    nodes = 2
    if cs != 0 or ps > 0:
        scr[SC_KEYS + nodes] = 2 * ls
        scr[SC_PAR + nodes] = nodes
        nodes += 1
    if cs == 0 and ps < arr[_o(B_SSIZE, n) + ls] - 1:
        scr[SC_KEYS + nodes] = 2 * ls + 1
        scr[SC_PAR + nodes] = nodes
        nodes += 1
    scr[SC_LABELS] = ls
    before = 1
    joins = pd
    if pd:
        scr[SC_PAR + 1] = 0
    pn = scr[SC_PN]
    for which in range(2):
        other = d if which == 0 else p
        for k in range(pn if which == 0 else 6):
            y = scr[SC_PNB + k] if which == 0 else _nb(g, d, k)
            if y < 0 or y == s or arr[col + y] != c1:
                continue
            if arr[fc + y] + 1 + _adj(g, y, other) - _adj(g, y, s) > 2:
                return False
            lab = arr[sid + y]
            if lab == ls:
                key = 2 * ls + 1 if cs == 0 and arr[pos + y] > ps else 2 * ls
                j = _node(scr, nodes, key)
            else:
                j = -1
                for i in range(1, before):
                    if scr[SC_LABELS + i] == lab:
                        j = _node(scr, nodes, 2 * lab)
                        break
                if j < 0:
                    scr[SC_LABELS + before] = lab
                    before += 1
                    j = nodes
                    scr[SC_KEYS + nodes] = 2 * lab
                    scr[SC_PAR + nodes] = nodes
                    nodes += 1
            joins += _join(scr, which, j)
    return nodes - joins <= before


@njit(cache=True)
def _shape(g: Array, arr: Array, c: int, p: int) -> int:  # pragma: no cover - compiled
    """What a placement at ``p`` makes, for :func:`_need`: 0 when it touches several snakes or
    gives some stone three friendly neighbours (no shortcut), 1 when it closes one snake into a
    cycle, 2 when it extends one snake (a path) at an end."""
    n = g[0]
    col = _o(B_COL, n)
    fc = _o(B_FC + c, n)
    k = arr[fc + p]
    if k > 2:
        return 0
    for j in range(6):
        y = _nb(g, p, j)
        if y >= 0 and arr[col + y] == c + 1 and arr[fc + y] >= 2:
            return 0
    l1 = _snake_labels_at(g, arr, c, p)[1]
    if l1 >= 0:
        return 0
    return 1 if k == 2 else 2


@njit(cache=True, inline="always")
def _need(g: Array, arr: Array, c: int, p: int, s: int, shape: int) -> int:  # pragma: no cover
    """The fewest friendly neighbours the destination of ``s`` must have for the growth at
    ``p`` to keep the count of snakes (``shape`` from :func:`_shape`). With one snake grown
    and no stone overloaded, the snake grown is a path or a cycle: a destination touching no
    friendly stone is a new snake; and an inner stone of a path leaves two pieces, so its
    destination must touch both (or another snake besides one piece, which still counts one
    more: so two at least)."""
    if shape == 0:
        return 0
    if shape == 1:
        return 1
    n = g[0]
    return 2 if arr[_o(B_FC + c, n) + s] + _adj(g, s, p) == 2 else 1


@njit(cache=True)
def _stone_has_dest(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    c: int,
    p: int,
    s: int,
    need: int,
    scr: Array,
) -> bool:
    """Whether stone ``s`` can step somewhere to complete the growth placed at ``p``.

    First the tests of :func:`growth_ok` that do not depend on the destination: ``p`` and its
    friendly neighbours must not keep three friendly neighbours once ``s`` has left (a
    destination can only add one). Destinations with fewer than ``need`` friendly neighbours
    (see :func:`_need`) are skipped.
    """
    n = g[0]
    col = _o(B_COL, n)
    fc = _o(B_FC + c, n)
    if need == 0:  # otherwise no stone near p has two friendly neighbours (see _need)
        if arr[fc + p] - _adj(g, p, s) > 2:
            return False
        for k in range(scr[SC_PN]):
            y = scr[SC_PNB + k]
            if y != s and arr[fc + y] - _adj(g, y, s) >= 2:
                return False
    for k in range(6):
        d = _nb(g, s, k)
        if (
            d >= 0
            and d != p
            and arr[col + d] == 0
            and arr[fc + d] + _adj(g, d, p) - _adj(g, d, s) >= need
            and growth_ok(g, arr, c, p, s, d, scr)
        ):
            return True
    return False


@njit(cache=True)
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
        y = _nb(g, p, k)
        if y >= 0 and arr[col + y] == c + 1:
            lab = arr[sid + y]
            if lab != l0 and lab != l1 and lab != l2:
                if l0 < 0:
                    l0 = lab
                elif l1 < 0:
                    l1 = lab
                else:
                    l2 = lab
    return l0, l1, l2


@njit(cache=True)
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
    fc = _o(B_FC + c, n)
    c1 = c + 1
    m = 0
    for j in range(6):
        y = _nb(g, p, j)
        if y >= 0 and arr[col + y] == c1 and arr[fc + y] >= 2:
            out[off] = y
            m = 1
            for i in range(6):
                z = _nb(g, y, i)
                if z >= 0 and arr[col + z] == c1:
                    out[off + m] = z
                    m += 1
            return m
    if arr[fc + p] >= 3:
        for j in range(6):
            y = _nb(g, p, j)
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


@njit(cache=True)
def can_complete(g: Array, arr: Array, c: int, p: int, scr: Array) -> bool:  # pragma: no cover
    """Whether some stone can step after a placement at ``p`` to make a legal growth.

    Before trying every stone of the snake formed, two necessary conditions narrow the search:
    ``p`` with three friendly neighbours must lose one, so the stone that steps is one of them;
    and a neighbour of ``p`` that already has two friendly neighbours must step itself or lose
    a neighbour, so the stone is it or one of its friendly neighbours.
    """
    n = g[0]
    col = _o(B_COL, n)
    fc = _o(B_FC + c, n)
    c1 = c + 1
    k = arr[fc + p]
    if k >= 4:
        return False
    _load_p(g, arr, c, p, scr)
    for j in range(6):
        y = _nb(g, p, j)
        if y >= 0 and arr[col + y] == c1 and arr[fc + y] >= 2:
            if _stone_has_dest(g, arr, c, p, y, 0, scr):
                return True
            for i in range(6):
                z = _nb(g, y, i)
                if z >= 0 and arr[col + z] == c1 and _stone_has_dest(g, arr, c, p, z, 0, scr):
                    return True
            return False
    if k == 3:
        for j in range(6):
            y = _nb(g, p, j)
            if y >= 0 and arr[col + y] == c1 and _stone_has_dest(g, arr, c, p, y, 0, scr):
                return True
        return False
    nxt = _o(B_NXT, n)
    size = _o(B_SSIZE, n)
    l0, l1, l2 = _snake_labels_at(g, arr, c, p)
    shape = 0 if l1 >= 0 else (1 if k == 2 else 2)
    tail = _o(B_TAIL, n)
    # the ends of each snake first (a snake most often moves by its ends), then the rest
    for which in range(3):
        lab = l0 if which == 0 else (l1 if which == 1 else l2)
        if lab < 0:
            continue
        t = arr[tail + lab]
        if _stone_has_dest(g, arr, c, p, lab, _need(g, arr, c, p, lab, shape), scr):
            return True
        if t != lab and _stone_has_dest(g, arr, c, p, t, _need(g, arr, c, p, t, shape), scr):
            return True
    for which in range(3):
        lab = l0 if which == 0 else (l1 if which == 1 else l2)
        if lab < 0:
            continue
        t = arr[tail + lab]
        z = arr[nxt + lab]
        for _ in range(arr[size + lab] - 2):
            if z != t and _stone_has_dest(g, arr, c, p, z, _need(g, arr, c, p, z, shape), scr):
                return True
            z = arr[nxt + z]
    return False


@njit(cache=True)
def smallest_size(arr: Array, c: int) -> int:  # pragma: no cover - compiled
    """Size of colour ``c``'s smallest snakes (0 when it has none)."""
    n = arr[S_N]
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    best = 0
    for i in range(arr[S_NSNK + c]):
        v = arr[size + arr[lst + i]]
        if best == 0 or v < best:
            best = v
    return best


@njit(cache=True)
def _candidates(g: Array, arr: Array, c: int, scr: Array, off: int) -> int:  # pragma: no cover
    """Empty cells next to a smallest snake of ``c``, each once, into ``scr[off:]``."""
    n = g[0]
    col = _o(B_COL, n)
    nxt = _o(B_NXT, n)
    size = _o(B_SSIZE, n)
    lst = _o(B_LAB + c, n)
    mark = SCRATCH_SMALL + n
    best = smallest_size(arr, c)
    m = 0
    for i in range(arr[S_NSNK + c]):
        lab = arr[lst + i]
        if arr[size + lab] != best:
            continue
        z = lab
        for _ in range(best):
            for k in range(6):
                y = _nb(g, z, k)
                if y >= 0 and arr[col + y] == 0 and scr[mark + y] == 0:
                    scr[mark + y] = 1
                    scr[off + m] = y
                    m += 1
            z = arr[nxt + z]
    for i in range(m):
        scr[mark + scr[off + i]] = 0
    return m


@njit(cache=True)
def _eggs(g: Array, arr: Array, c: int, scr: Array, off: int) -> int:  # pragma: no cover
    """Empty cells with no friendly neighbour (egg cells of ``c``) into ``scr[off:]``."""
    n = g[0]
    col = _o(B_COL, n)
    fc = _o(B_FC + c, n)
    m = 0
    for x in range(n):
        if arr[col + x] == 0 and arr[fc + x] == 0:
            scr[off + m] = x
            m += 1
    return m


@njit(cache=True)
def any_growth(g: Array, arr: Array, c: int, scr: Array) -> bool:  # pragma: no cover - compiled
    """Whether some smallest snake of ``c`` can grow and move."""
    off = SCRATCH_SMALL + 2 * arr[S_N]
    m = _candidates(g, arr, c, scr, off)
    for i in range(m):  # noqa: SIM110 - compiled code
        if can_complete(g, arr, c, scr[off + i], scr):
            return True
    return False


@njit(cache=True)
def _smallest_stones(g: Array, arr: Array, c: int, out: Array, off: int) -> int:  # pragma: no cover
    """Every stone of every smallest snake of ``c`` into ``out[off:]``; return count."""
    n = g[0]
    nxt = _o(B_NXT, n)
    size = _o(B_SSIZE, n)
    lst = _o(B_LAB + c, n)
    best = smallest_size(arr, c)
    m = 0
    for i in range(arr[S_NSNK + c]):
        lab = arr[lst + i]
        if arr[size + lab] != best:
            continue
        z = lab
        for _ in range(best):
            out[off + m] = z
            m += 1
            z = arr[nxt + z]
    return m


# ---------------------------------------------------------------- legal actions
@njit(cache=True)
def _must_remove(g: Array, arr: Array, c: int, scr: Array) -> bool:  # pragma: no cover
    """At the start of a turn: whether the player has no egg cell (in creation) and no growth."""
    if arr[S_CREATE + c]:
        n = g[0]
        col = _o(B_COL, n)
        fc = _o(B_FC + c, n)
        for x in range(n):
            if arr[col + x] == 0 and arr[fc + x] == 0:
                return False
    return not any_growth(g, arr, c, scr)


@njit(cache=True)
def _legal_into(g: Array, arr: Array, scr: Array, out: Array) -> int:  # pragma: no cover
    """The legal actions (unsorted) into ``out``; return how many."""
    n = g[0]
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    col = _o(B_COL, n)
    pool = SCRATCH_SMALL + 2 * n
    m = 0
    if ph == PH_START:
        if arr[S_CREATE + c]:
            m = _eggs(g, arr, c, out, 0)
        k = _candidates(g, arr, c, scr, pool)
        for i in range(k):
            x = scr[pool + i]
            if can_complete(g, arr, c, x, scr):
                out[m] = x
                m += 1
        if m > 0:
            return m
    if ph == PH_START or ph == PH_REMOVE:  # noqa: SIM109 - compiled code
        k = _smallest_stones(g, arr, c, out, 0)
        for i in range(k):
            out[i] += n
        return k
    p = arr[S_P]
    _load_p(g, arr, c, p, scr)
    if ph == PH_PICK:
        k = _stones_of_growth(g, arr, c, p, scr, pool)
        shape = _shape(g, arr, c, p)
        for i in range(k):
            s = scr[pool + i]
            if _stone_has_dest(g, arr, c, p, s, _need(g, arr, c, p, s, shape), scr):
                out[m] = s
                m += 1
        return m
    s = arr[S_S]
    for k in range(6):
        d = _nb(g, s, k)
        if d >= 0 and d != p and arr[col + d] == 0 and growth_ok(g, arr, c, p, s, d, scr):
            out[m] = d
            m += 1
    return m


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending: cells for the decision under way, or ``n + x`` removals."""
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    n = g[0]
    scr = _scratch(n)
    out = np.empty(n, dtype=np.int32)
    m = _legal_into(g, arr, scr, out)
    return np.sort(out[:m])


@njit(cache=True)
def _in_smallest(g: Array, arr: Array, c: int, x: int) -> bool:  # pragma: no cover
    """Whether cell ``x`` holds a stone of one of ``c``'s smallest snakes."""
    n = g[0]
    if arr[_o(B_COL, n) + x] != c + 1:
        return False
    lab = arr[_o(B_SID, n) + x]
    return arr[_o(B_SSIZE, n) + lab] == smallest_size(arr, c)


@njit(cache=True)
def _next_to_smallest(g: Array, arr: Array, c: int, x: int) -> bool:  # pragma: no cover
    """Whether empty cell ``x`` touches a smallest snake of ``c``."""
    for k in range(6):
        y = _nb(g, x, k)
        if y >= 0 and _in_smallest(g, arr, c, y):
            return True
    return False


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = g[0]
    if arr[H_PLAYER] < 0 or a < 0 or a >= 2 * n:
        return False
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    col = _o(B_COL, n)
    scr = _scratch(n)
    if a >= n:
        x = a - n
        if not _in_smallest(g, arr, c, x):
            return False
        if ph == PH_REMOVE:
            return True
        return ph == PH_START and _must_remove(g, arr, c, scr)
    if ph == PH_START:
        if arr[col + a] != 0:
            return False
        if arr[_o(B_FC + c, n) + a] == 0:
            return arr[S_CREATE + c] == 1
        return _next_to_smallest(g, arr, c, a) and can_complete(g, arr, c, a, scr)
    if ph == PH_REMOVE:
        return False
    p = arr[S_P]
    _load_p(g, arr, c, p, scr)
    if ph == PH_PICK:
        if arr[col + a] != c + 1:
            return False
        l0, l1, l2 = _snake_labels_at(g, arr, c, p)
        lab = arr[_o(B_SID, n) + a]
        if lab != l0 and lab != l1 and lab != l2:
            return False
        return _stone_has_dest(g, arr, c, p, a, _need(g, arr, c, p, a, _shape(g, arr, c, p)), scr)
    if ph == PH_DEST:
        s = arr[S_S]
        if arr[col + a] != 0 or a == p or _adj(g, a, s) == 0:
            return False
        return growth_ok(g, arr, c, p, s, a, scr)
    return False


# ---------------------------------------------------------------- applying actions
@njit(cache=True)
def _end_turn(arr: Array, c: int) -> None:  # pragma: no cover - compiled
    arr[S_PHASE] = PH_START
    arr[S_P] = -1
    arr[S_S] = -1
    arr[H_TURN] += 1
    arr[H_COLOUR] = c ^ 1
    arr[H_PLAYER] = c ^ 1


@njit(cache=True)
def place_egg(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """A new snake of one stone of colour ``c`` at empty cell ``x``."""
    n = g[0]
    _put(g, arr, c, x)
    arr[_o(B_SID, n) + x] = x
    arr[_o(B_NXT, n) + x] = x
    arr[_o(B_SSIZE, n) + x] = 1
    arr[_o(B_POS, n) + x] = 0
    arr[_o(B_CYC, n) + x] = 0
    arr[_o(B_TAIL, n) + x] = x
    _lab_add(arr, n, c, x)


@njit(cache=True)
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
        lab = scr[SC_LABELS + i]
        arr[_o(B_SSIZE, n) + lab] = 0
        arr[_o(B_CYC, n) + lab] = 0
        arr[_o(B_TAIL, n) + lab] = 0
        _lab_remove(arr, n, c, lab)
    m = _seeds(g, arr, c, p, s, d, scr)
    _lift(g, arr, c, s)
    _put(g, arr, c, p)
    _put(g, arr, c, d)
    covered = 0
    for j in range(m):
        if not covered & (1 << j):
            covered |= _relabel(g, arr, c, scr[SC_SEEDS + j], scr, m)


@njit(cache=True)
def remove_snake(g: Array, arr: Array, c: int, x: int) -> None:  # pragma: no cover - compiled
    """Take off the board the snake of colour ``c`` that holds stone ``x``."""
    n = g[0]
    lab = arr[_o(B_SID, n) + x]
    nxt = _o(B_NXT, n)
    size = arr[_o(B_SSIZE, n) + lab]
    z = lab
    for _ in range(size):
        zn = arr[nxt + z]
        _lift(g, arr, c, z)
        z = zn
    arr[_o(B_SSIZE, n) + lab] = 0
    arr[_o(B_CYC, n) + lab] = 0
    arr[_o(B_TAIL, n) + lab] = 0
    _lab_remove(arr, n, c, lab)


@njit(cache=True)
def _apply(g: Array, arr: Array, a: int, scr: Array) -> None:  # pragma: no cover - compiled
    n = g[0]
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    arr[H_PLY] += 1
    if a >= n:
        remove_snake(g, arr, c, a - n)
        if arr[S_NSNK + c] == 0:
            arr[H_TURN] += 1
            arr[H_WINNER] = c ^ 1
            arr[H_PLAYER] = -1
            arr[H_REASON] = REASON_LAST_SNAKE
            arr[S_PHASE] = PH_START
            return
        if any_growth(g, arr, c, scr):
            _end_turn(arr, c)
        else:
            arr[S_PHASE] = PH_REMOVE
        return
    if ph == PH_START:
        if arr[_o(B_FC + c, n) + a] == 0:
            place_egg(g, arr, c, a)
            _end_turn(arr, c)
            return
        arr[S_CREATE + c] = 0  # the first growth ends the creation phase for good
        arr[S_P] = a
        arr[S_PHASE] = PH_PICK
        return
    if ph == PH_PICK:
        arr[S_S] = a
        arr[S_PHASE] = PH_DEST
        return
    do_growth(g, arr, c, arr[S_P], arr[S_S], a, scr)
    _end_turn(arr, c)


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action: an egg, a placement, a stone picked, a destination, or a removal."""
    _apply(g, arr, a, _scratch(g[0]))


# ---------------------------------------------------------------- random play
@njit(cache=True)
def choose_random(g: Array, arr: Array, rng: Any, scr: Array) -> int:  # pragma: no cover
    """A uniformly random legal action, found by testing candidates in random order."""
    n = g[0]
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    col = _o(B_COL, n)
    pool = SCRATCH_SMALL + 2 * n
    fc = _o(B_FC + c, n)
    if ph == PH_START:
        m = 0
        if arr[S_CREATE + c]:
            m = _eggs(g, arr, c, scr, pool)
        m += _candidates(g, arr, c, scr, pool + m)
        while m > 0:
            i = rand_below(rng, m)
            x = scr[pool + i]
            if arr[fc + x] == 0 or can_complete(g, arr, c, x, scr):
                return x
            m -= 1
            scr[pool + i] = scr[pool + m]
    if ph == PH_START or ph == PH_REMOVE:  # noqa: SIM109 - compiled code
        m = _smallest_stones(g, arr, c, scr, pool)
        return n + scr[pool + rand_below(rng, m)]
    p = arr[S_P]
    _load_p(g, arr, c, p, scr)
    if ph == PH_PICK:
        m = _stones_of_growth(g, arr, c, p, scr, pool)
        shape = _shape(g, arr, c, p)
        while m > 0:
            i = rand_below(rng, m)
            s = scr[pool + i]
            if _stone_has_dest(g, arr, c, p, s, _need(g, arr, c, p, s, shape), scr):
                return s
            m -= 1
            scr[pool + i] = scr[pool + m]
        return -1  # not reached: a placement is offered only when some stone can step
    s = arr[S_S]
    m = 0
    for k in range(6):
        d = _nb(g, s, k)
        if d >= 0 and d != p and arr[col + d] == 0:
            scr[pool + m] = d
            m += 1
    while m > 0:
        i = rand_below(rng, m)
        d = scr[pool + i]
        if growth_ok(g, arr, c, p, s, d, scr):
            return d
        m -= 1
        scr[pool + i] = scr[pool + m]
    return -1  # not reached: a stone is offered only when it has a destination


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until the game ends or ``limit`` actions were taken."""
    scr = _scratch(g[0])
    record = out.shape[0] >= limit
    k = 0
    while arr[H_PLAYER] >= 0 and k < limit:
        a = choose_random(g, arr, rng, scr)
        _apply(g, arr, a, scr)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- the Game
def _count(k: int, word: str) -> str:
    """``1 stone``, ``2 stones``."""
    return f"{k} {word}{'' if k == 1 else 's'}"


def _count_groups(stones: set[int], nbs: tuple[tuple[int, ...], ...]) -> int:
    """Number of connected groups of ``stones`` (for messages)."""
    left = set(stones)
    k = 0
    while left:
        k += 1
        todo = [left.pop()]
        while todo:
            z = todo.pop()
            for y in nbs[z]:
                if y in left:
                    left.remove(y)
                    todo.append(y)
    return k


_GROWTH_RE = re.compile(r"^\s*([a-z]+[0-9]+)\s*:\s*([a-z]+[0-9]+)\s*(?:-\s*([a-z]+[0-9]+)\s*)?$")


class Scrunch(Game):
    """Scrunch on a regular hexhex board of side ``size`` (3 to 10)."""

    name: ClassVar[str] = "scrunch"
    title: ClassVar[str] = "Scrunch"
    colours: ClassVar[tuple[str, str]] = ("Black", "White")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("size", "int", 5, "side of the hexhex board", minimum=3, maximum=10),
    )

    def setup(self) -> None:
        """Build the board, the constant table and the starting position."""
        self.board = hexhex(self.options["size"])
        self.consts = consts_for(self.board)
        self.kernels = KERNELS
        self._initial = initial_array(self.board.size)

    def initial_array(self) -> Array:
        """The empty board, Black to move, both players creating (a fresh copy)."""
        return self._initial.copy()

    # -- actions and text ------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """The cells (placements, stones, destinations), then one removal per cell."""
        return 2 * self.board.size

    def action_text(self, action: int) -> str:
        """A cell name, or ``x`` and a cell name for removing the snake that holds that stone."""
        n = self.board.size
        if isinstance(action, int | np.integer) and not isinstance(action, bool):
            if 0 <= action < n:
                return self.board.names[action]
            if n <= action < 2 * n:
                return "x" + self.board.names[action - n]
        raise NotationError(f"{action} is not an action of scrunch (0..{2 * n - 1})")

    def parse_action(self, text: str) -> int:
        """A cell name, or ``x`` + a cell name (remove the snake holding that stone)."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text like 'c4' or 'xc4', not {text!r}")
        t = text.strip().lower()
        a = self.action_lookup.get(t)
        if a is not None:
            return a
        body = t[1:] if t.startswith("x") else t
        what = "a removal 'x' + the cell of a stone, like 'xc4'" if t.startswith("x") else "a cell"
        try:
            self.board.parse(body)
        except CellNameError as exc:
            raise NotationError(f"{text!r} is not {what}: {exc}") from None
        raise NotationError(f"{text!r} is not an action of scrunch")  # pragma: no cover

    def move_text(self, actions: Sequence[int]) -> str:
        """``c4`` (an egg, or a placement so far), ``c4:d4-e3`` (a growth), ``xc4,xg2``."""
        acts = [int(a) for a in actions]
        n = self.board.size
        texts = [self.action_text(a) for a in acts]
        if acts and all(a < n for a in acts) and len(acts) <= 3:
            if len(acts) == 1:
                return texts[0]
            if len(acts) == 2:
                return f"{texts[0]}:{texts[1]}"
            return f"{texts[0]}:{texts[1]}-{texts[2]}"
        return ",".join(texts)

    def parse_move(self, text: str) -> list[int]:
        """The actions of a turn: ``c4``, ``c4:d4-e3`` (or ``c4:d4`` so far), ``xc4,xg2``, or
        any actions joined by ``,``."""
        if not isinstance(text, str):
            raise NotationError(f"a move is text like 'c4:d4-e3', not {text!r}")
        t = text.strip().lower()
        a = self.action_lookup.get(t)
        if a is not None:
            return [a]
        if ":" in t or "-" in t:
            m = _GROWTH_RE.match(t)
            if not m:
                raise NotationError(
                    f"{text!r} is not a growth: write the placement, the stone and its "
                    "destination as place:stone-destination, like c4:d4-e3"
                )
            return [self.parse_action(x) for x in m.groups() if x is not None]
        parts = [p for p in t.split(",") if p.strip()]
        if not parts:
            raise NotationError("an empty move")
        return [self.parse_action(p) for p in parts]

    # -- reading a position ---------------------------------------------
    def cell_colours(self, arr: Array) -> Array:
        """Per cell: 0 empty, 1 Black, 2 White."""
        n = self.board.size
        return np.asarray(arr[_o(B_COL, n) : _o(B_COL + 1, n)]).copy()

    def stones(self, arr: Array) -> tuple[int, int]:
        """Stones of Black and White on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def snakes(self, arr: Array, colour: int) -> list[list[str]]:
        """The snakes of colour 0 (Black) or 1 (White) as lists of cell names, smallest first."""
        n = self.board.size
        out = []
        lst = _o(B_LAB + colour, n)
        for i in range(int(arr[S_NSNK + colour])):
            lab = int(arr[lst + i])
            cells = []
            z = lab
            for _ in range(int(arr[_o(B_SSIZE, n) + lab])):
                cells.append(self.board.names[z])
                z = int(arr[_o(B_NXT, n) + z])
            out.append(sorted(cells, key=self.board.parse))
        return sorted(out, key=lambda s: (len(s), [self.board.parse(x) for x in s]))

    def creating(self, arr: Array) -> tuple[bool, bool]:
        """Whether Black and White are still in their creation phase."""
        return bool(arr[S_CREATE]), bool(arr[S_CREATE + 1])

    def decision(self, arr: Array) -> str:
        """What the player to act decides now, in words."""
        if arr[H_PLAYER] < 0:
            return "the game is over"
        ph = int(arr[S_PHASE])
        names = self.board.names
        if ph == PH_PICK:
            return f"placed {names[int(arr[S_P])]}; pick the stone of that snake to move"
        if ph == PH_DEST:
            return (
                f"placed {names[int(arr[S_P])]}, moving {names[int(arr[S_S])]}; "
                "pick its destination"
            )
        if ph == PH_REMOVE:
            return "no smallest snake can grow and move: remove another smallest snake"
        c = int(arr[H_COLOUR])
        if _must_remove(self.consts, arr, c, _scratch(self.board.size)):
            return "no smallest snake can grow and move: remove a smallest snake"
        if not arr[S_CREATE + c]:
            return "grow a smallest snake"
        if self._has_egg_cell(arr, c):
            return "place an egg or grow a smallest snake"
        return "grow a smallest snake (no egg cell is left)"

    def _has_egg_cell(self, arr: Array, c: int) -> bool:
        """Whether colour ``c`` has an empty cell with no friendly neighbour."""
        n = self.board.size
        empty = self.cell_colours(arr) == 0
        lonely = np.asarray(arr[_o(B_FC + c, n) : _o(B_FC + c + 1, n)]) == 0
        return bool(np.any(empty & lonely))

    def outcome_of(self, arr: Array) -> Outcome:
        """The player who removed their last snake loses."""
        wc = int(arr[H_WINNER])
        b, w = self.stones(arr)
        return Outcome(
            winner=wc,
            winner_colour=self.colours[wc],
            reason=f"{self.colours[wc ^ 1]} removed their last snake",
            score={"Black": b, "White": w},
        )

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """``B``/``W`` stones, ``.`` empty; in a growth under way ``+`` is the new stone and
        ``*`` the stone picked to move."""
        cols = self.cell_colours(arr)
        glyphs = [".BW"[int(v)] for v in cols]
        if arr[H_PLAYER] >= 0 and arr[S_P] >= 0:
            glyphs[int(arr[S_P])] = "+"
            if arr[S_S] >= 0:
                glyphs[int(arr[S_S])] = "*"
        b, w = self.stones(arr)
        nb, nw = int(arr[S_NSNK]), int(arr[S_NSNK + 1])
        cb, cw = self.creating(arr)
        head = (
            f"Scrunch, {self.board.description}: Black {_count(b, 'stone')} in "
            f"{_count(nb, 'snake')}{' (creating)' if cb else ''}, White {_count(w, 'stone')} in "
            f"{_count(nw, 'snake')}{' (creating)' if cw else ''}, turn {int(arr[H_TURN]) + 1}"
        )
        if arr[H_PLAYER] >= 0:
            head += f"\n{self.colours[int(arr[H_COLOUR])]}: {self.decision(arr)}"
        return head + "\n" + self.board.render(glyphs, coordinates=coordinates)

    def cell_view(self, arr: Array) -> list[str]:
        """``.`` empty, ``B``/``W`` a stone; in a growth under way the new stone is ``B+``/``W+``
        and the stone picked to move ``B*``/``W*``."""
        cols = self.cell_colours(arr)
        out = [".BW"[int(v)] for v in cols]
        c = "BW"[int(arr[H_COLOUR])] if arr[H_COLOUR] >= 0 else "B"
        if arr[H_PLAYER] >= 0 and arr[S_P] >= 0:
            out[int(arr[S_P])] = c + "+"
            if arr[S_S] >= 0:
                out[int(arr[S_S])] = c + "*"
        return out

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why an action is refused, in the rules' words."""
        n = self.board.size
        c = int(arr[H_COLOUR])
        ph = int(arr[S_PHASE])
        cols = self.cell_colours(arr)
        if a >= n:
            x = a - n
            if ph in (PH_PICK, PH_DEST):
                return "a growth is under way; finish it"
            if cols[x] != c + 1:
                return f"there is no {self.colours[c]} stone on {self.board.names[x]}"
            if not _in_smallest(self.consts, arr, c, x):
                return f"only a smallest snake (of {int(smallest_size(arr, c))}) can be removed"
            if ph == PH_START and arr[S_CREATE + c] and self._has_egg_cell(arr, c):
                return (
                    "a player in the creation phase with an egg cell left lays an egg or grows; "
                    "a snake is removed only when neither is possible"
                )
            return "a snake is removed only when no smallest snake can grow and move"
        if ph == PH_REMOVE:
            return "no smallest snake can grow and move, so another snake must be removed"
        if ph == PH_START:
            if cols[a] != 0:
                return "that cell is occupied"
            if arr[_o(B_FC + c, n) + a] == 0:
                return (
                    "an egg (a stone with no friendly neighbour) can be placed only in the "
                    "creation phase, which ends with the player's first growth"
                )
            if not _next_to_smallest(self.consts, arr, c, a):
                return (
                    f"a growth places a stone next to a smallest snake (of "
                    f"{int(smallest_size(arr, c))})"
                )
            return (
                "no stone can then step without leaving a mutant snake or more snakes than before"
            )
        p = int(arr[S_P])
        if ph == PH_PICK:
            if cols[a] != c + 1 or a == p:
                return "pick a stone of the snake just grown, other than the new one"
            if int(arr[_o(B_SID, n) + a]) not in _snake_labels_at(self.consts, arr, c, p):
                return "that stone is not in the snake just grown"
            return (
                "that stone has no step that leaves no mutant snake and no more snakes than before"
            )
        s = int(arr[S_S])
        if cols[a] != 0 or a == p:
            return "the stone must step to an empty cell"
        if not _adj(self.consts, a, s):
            return "the stone moves one step, to a neighbouring cell"
        return self._explain_growth(arr, p, s, a)

    def _explain_growth(self, arr: Array, p: int, s: int, d: int) -> str:
        """Why the growth ``p``, ``s`` to ``d`` is refused: the mutant it leaves, or the count."""
        c = int(arr[H_COLOUR])
        cols = self.cell_colours(arr)
        nbs = self.board.neighbor_lists
        mine = {x for x in range(self.board.size) if cols[x] == c + 1}
        after = (mine | {p, d}) - {s}
        for x in sorted(after):
            k = sum(y in after for y in nbs[x])
            if k > 2:
                return (
                    f"the stone on {self.board.names[x]} would have {k} friendly neighbours "
                    "(a mutant snake)"
                )
        before = len(self.snakes(arr, c))
        count = _count_groups(after, nbs)
        return f"it would leave {count} {self.colours[c]} snakes where there were {before}"

    # -- analysis ---------------------------------------------------------
    def position(
        self,
        black: Iterable[str] = (),
        white: Iterable[str] = (),
        *,
        to_move: str = "Black",
        creating: tuple[bool, bool] = (False, False),
        turn: int = 10,
    ) -> State:
        """A state with the given stones (cell names), for analysis and tests.

        ``creating`` says whether Black and White are still in their creation phase. Snakes are
        formed as the stones lie; a mutant snake is refused. The state's history starts here.
        """
        n = self.board.size
        arr = initial_array(n)
        seen: set[int] = set()
        for colour, cells in ((0, black), (1, white)):
            for name in cells:
                try:
                    x = self.board.parse(name)
                except CellNameError as exc:
                    raise OptionError(str(exc)) from None
                if x in seen:
                    raise OptionError(f"cell {name} is given twice")
                seen.add(x)
                _put(self.consts, arr, colour, x)
        scr = _scratch(n)
        col = arr[_o(B_COL, n) : _o(B_COL + 1, n)]
        for x in range(n):
            v = int(col[x])
            if v and int(arr[_o(B_FC + v - 1, n) + x]) > 2:
                raise OptionError(
                    f"the stone on {self.board.names[x]} has more than two friendly neighbours "
                    "(a mutant snake)"
                )
        for x in range(n):
            v = int(col[x])
            if v and arr[_o(B_SID, n) + x] < 0:
                _relabel(self.consts, arr, v - 1, x, scr, 0)
        if to_move not in self.colours:
            raise OptionError(f"to_move must be Black or White, not {to_move!r}")
        c = self.colours.index(to_move)
        arr[H_COLOUR] = c
        arr[H_PLAYER] = c
        arr[H_TURN] = turn
        arr[H_PLY] = turn
        arr[S_CREATE] = int(creating[0])
        arr[S_CREATE + 1] = int(creating[1])
        for k in (0, 1):
            if arr[S_NSNK + k] == 0 and not creating[k]:
                raise OptionError(
                    f"{self.colours[k]} has no snake and is not creating: that player has lost"
                )
        return State(self, arr)


GAME = Scrunch
