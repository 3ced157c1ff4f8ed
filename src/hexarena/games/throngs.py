"""Throngs (Dale Walton, 2020): action potential, two moves a turn, deploys and dispatch paths.

Rules (rule sheet plus NOTES.md). Before play, the first player places one Black and then two
White stones on different sites; the second player then chooses to play Black or White (or, with
``setup=standard`` on the original board, the stones stand at fixed sites and the colours are
fixed). Black moves first. A turn is two moves; a move selects a site, whose *action potential*
for the mover is the mover's stones minus the opponent's stones among the site and its
neighbours, counted on the board as it is when the move begins:

- an enemy stone with potential >= 2 is captured (replaced by the mover's stone);
- an empty site with potential >= 1 gets a stone, which may then be dispatched with budget
  ``potential - 1`` when that is at least 1, or the move stops there;
- one's own stone with potential >= 1 is dispatched with budget ``potential``: it must leave.

A dispatch is a path of steps (to an adjacent empty site, cost 1) and jumps (in a straight line
over one or more consecutive occupied sites to the empty site just beyond, cost = sites crossed
+ 1), visiting no site twice, with total cost at most the budget. If the second move of a turn
is impossible the turn ends after the first. When the player to move has no legal move at the
start of a turn, the other player fills every empty site with their stones and then captures
every enemy stone whose potential for them is at least 2, again and again until none is left;
then more stones wins. Boards have an odd number of sites, so there is no tie.

Option ``no_stalling``: a player may not dispatch in three consecutive moves of theirs (each
player must deploy or capture at least once in any three consecutive moves).

Actions (one decision each):

========================  ==================================================================
``0 .. n-1``              select site ``x`` (a set-up placement, or the start of a move);
                          text: the site's name, ``c4``
``n .. 2n-1``             dispatch the selected stone to site ``y = a - n``; text ``-c4``
``2n``                    ``stop``: keep the just deployed stone where it is
``2n+1``, ``2n+2``        ``black``, ``white``: the second player's choice of colour
========================  ==================================================================

A turn is written as its moves separated by ``,`` with a dispatch's destination joined by ``-``:
``c4-e6,d5`` is a move selecting ``c4`` and dispatching to ``e6`` (or deploying at ``c4`` and
dispatching the new stone to ``e6``), then a capture or a deploy at ``d5``; ``d5-stop`` is a
deploy that could have been dispatched but was not. The set-up turn is ``a1,b2,c3`` (Black, then
the two White stones) and the colour choice is ``black`` or ``white``.

State array layout (after the common header):

====================  =========================================================
``arr[8]``            phase (set-up placements, colour choice, select, destination)
``arr[9]``            move of the turn under way (0 or 1)
``arr[10]``           selected site during a destination phase, else -1
``arr[11]``           dispatch budget during a destination phase
``arr[12:14]``        dispatch moves in a row of Black, White (for ``no_stalling``)
``arr[14:16]``        stones of Black, White
``arr[16]``           empty sites
``arr[17]``           number of sites ``n``
``arr[18:20]``        sites filled and stones captured by the end-of-game procedure
``arr[20]``           colour that had no move at the end (-1 while the game goes on)
``arr[21:27]``        per colour, sites whose selection would be a deploy or capture,
                      a dispatch by a step, a dispatch only a jump can start
``arr[27:29]``        per colour, length of its candidate list
then 9 blocks of n    site contents (0 empty, 1 Black, 2 White); Black minus White
                      stones in each site's vicinity; empty neighbours; per colour
                      each site's status (as in ``arr[21:27]``, 0 for none); per
                      colour the candidate list (sites with a status) and each
                      site's place in it (-1 if none)
====================  =========================================================

Every change of a site goes through one function that keeps these tables up to date, so
finding a legal site, or whether there is one, never scans the board.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any, ClassVar

import numpy as np
from numba import njit

from ..core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_REASON,
    H_SWAPPED,
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
from ..hexgrid import DIRECTIONS, Board, BoardError, CellNameError, from_cells, hexhex
from ..rng import rand_below

# ---------------------------------------------------------------- layout
S_PHASE = 8
S_MOVE = 9
S_SEL = 10
S_BUDGET = 11
S_STALL = 12  # 12, 13
S_STONES = 14  # 14, 15
S_EMPTY = 16
S_N = 17
S_FILLED = 18
S_CAPTURED = 19
S_NOMOVE = 20
S_CNT = 21  # 21..26: per colour, sites of each status: deploy/capture, dispatch, maybe-dispatch
S_LEN = 27  # 27, 28: length of each colour's candidate list
BASE = 32

# blocks of n entries after BASE
B_COL = 0  # site contents
B_POT = 1  # Black minus White stones in the vicinity
B_EMPTYNB = 2  # empty neighbours
B_STATUS = 3  # 3, 4: per colour, what selecting the site would be (ST_*)
B_LIST = 5  # 5, 6: per colour, the sites with a status, in any order
B_LPOS = 7  # 7, 8: per colour, each site's place in that list (-1 if none)
NBLOCKS = 9

# status of a site for a colour
ST_NONE = 0
ST_STRONG = 1  # a legal deploy or capture
ST_DISPATCH = 2  # own stone, potential >= 1, an empty neighbour: can leave by a step
ST_MAYBE = 3  # own stone, potential >= 2, no empty neighbour: can leave only if a jump fits
assert HEADER <= S_PHASE

# phases
P_SETUP_BLACK = 0
P_SETUP_WHITE1 = 1
P_SETUP_WHITE2 = 2
P_CHOOSE = 3
P_SELECT = 4
P_DISPATCH = 5  # destination of a dispatch of one's own stone (it must leave)
P_AFTER_DEPLOY = 6  # destination of the just deployed stone, or stop

REASON_NO_MOVE = 1

#: Largest possible dispatch budget: a vicinity has at most 7 sites.
MAX_BUDGET = 7

# constant table: [n, no_stalling, neighbours (n x 6)]
G_N = 0
G_NOSTALL = 1
G_NB = 2

#: Cells of the original 93-site board, row by row from the bottom (NOTES.md).
ORIGINAL_ROWS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (0, (0, 1, 5, 6)),
    (1, tuple(range(-1, 7))),
    (2, tuple(range(-1, 6))),
    (3, tuple(range(-2, 6))),
    (4, tuple(range(-4, 7))),
    (5, tuple(range(-5, 7))),
    (6, tuple(range(-5, 6))),
    (7, tuple(range(-4, 4))),
    (8, tuple(range(-4, 3))),
    (9, tuple(range(-4, 2))),
    (10, tuple(range(-5, 2))),
    (11, (-5, -4, -1, 0)),
)

#: The standard set-up of the original board: Black's site and White's two sites.
STANDARD_BLACK = (-2, 10)
STANDARD_WHITE = ((1, 1), (4, 1))

BOARDS = ("original", "large", "hex")
SETUPS = ("choose", "standard")


# ---------------------------------------------------------------- boards
def original_cells() -> list[tuple[int, int]]:
    """The 93 sites of the original board, as axial ``(q, r)``."""
    return [(q, r) for r, qs in ORIGINAL_ROWS for q in qs]


@functools.cache
def original_board() -> Board:
    """The original 93-site board."""
    return from_cells(original_cells(), "original board")


def large_cells() -> list[tuple[int, int]]:
    """The 177 sites of the large board, read from the data shipped with the package."""
    text = resources.files("hexarena").joinpath("data/throngs_large.json").read_text("utf-8")
    data = json.loads(text)
    return [(int(q), int(r)) for q, r in data["cells"]]


@functools.cache
def large_board() -> Board:
    """The large 177-site board (designed by ``tools/design_throngs_large.py``)."""
    return from_cells(large_cells(), "large board")


def board_for(options: dict[str, Any]) -> Board:
    """The board that the options name."""
    if options["board"] == "original":
        return original_board()
    if options["board"] == "large":
        return large_board()
    return hexhex(int(options["size"]))


# ---------------------------------------------------------------- set-up
def initial_array(board: Board, setup: str) -> Array:
    """The starting position: the empty board in set-up, or the standard set-up, Black to move."""
    n = board.size
    arr = np.zeros(BASE + NBLOCKS * n, dtype=np.int32)
    arr[BASE + B_EMPTYNB * n : BASE + (B_EMPTYNB + 1) * n] = board.degree
    arr[BASE + B_LPOS * n : BASE + (B_LPOS + 2) * n] = -1
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = -1
    arr[H_SWAPPED] = -1
    arr[H_WINNER] = -1
    arr[S_PHASE] = P_SETUP_BLACK
    arr[S_SEL] = -1
    arr[S_EMPTY] = n
    arr[S_N] = n
    arr[S_NOMOVE] = -1
    if setup == "standard":
        nb = np.concatenate([[n, 0], board.neighbors.ravel()]).astype(np.int32)
        _add_stone(nb, arr, board.index[STANDARD_BLACK], 0)
        for c in STANDARD_WHITE:
            _add_stone(nb, arr, board.index[c], 1)
        arr[H_COLOUR] = 0
        arr[H_SWAPPED] = 0
        arr[S_PHASE] = P_SELECT
    return arr


def consts_for(board: Board, no_stalling: bool) -> Array:
    """The constant table: ``[n, no_stalling, neighbours (n x 6, -1 off the board)]``, then the
    bitboard tables of :func:`bit_destinations`: ``[words, 6 bit offsets of the directions,
    each site's bit (n), each bit's site (64 x words, -1 for none)]``.

    A site's bit is ``W * (r - rmin) + (q - qmin)`` with ``W`` one more than the board's width:
    the spare column takes what a shift pushes over an edge, so every neighbour is a shift.
    """
    head = [board.size, int(no_stalling)]
    width = board.qmax - board.qmin + 2
    nbits = width * (board.rmax - board.rmin + 1)
    words = max(3, (nbits + 63) // 64)  # at least 3: the search has a path for 3 words
    offsets = [dr * width + dq for dq, dr in DIRECTIONS]
    bit_of = [width * (r - board.rmin) + (q - board.qmin) for q, r in board.cells]
    site_of = [-1] * (64 * words)
    for i, b in enumerate(bit_of):
        site_of[b] = i
    assert max(abs(o) for o in offsets) < 64
    assert all(offsets[d + 3] == -offsets[d] for d in range(3))  # opposite directions
    return np.concatenate(
        [head, board.neighbors.ravel(), [words], offsets, bit_of, site_of]
    ).astype(np.int32)


# ---------------------------------------------------------------- kernels: board updates
@njit(cache=True, inline="always")
def _nb(g: Array, x: int, d: int) -> int:  # pragma: no cover - compiled
    return g[G_NB + 6 * x + d]


def _status_table() -> Array:
    """Each site's status for Black and White (``st_black | st_white << 2``) by its contents
    ``v``, its Black-minus-White potential ``pb`` and whether it has an empty neighbour ``e``,
    at index ``(15 * v + pb + 7) * 2 + e``."""
    tab = np.zeros(3 * 15 * 2, dtype=np.int32)
    for v in range(3):
        for pb in range(-7, 8):
            for e in range(2):
                code = 0
                for c in range(2):
                    p = pb if c == 0 else -pb
                    if v == 0:
                        st = ST_STRONG if p >= 1 else ST_NONE
                    elif v != c + 1:
                        st = ST_STRONG if p >= 2 else ST_NONE
                    elif p < 1:
                        st = ST_NONE
                    elif e > 0:
                        st = ST_DISPATCH
                    elif p >= 2:
                        st = ST_MAYBE
                    else:
                        st = ST_NONE
                    code |= st << (2 * c)
                tab[(15 * v + pb + 7) * 2 + e] = code
    return tab


#: :func:`_status_table`, a constant of the compiled kernels.
STATUS_TABLE = _status_table()


@njit(cache=True, inline="always")
def _file(arr: Array, n: int, y: int, c: int, old: int, st: int) -> None:  # pragma: no cover
    """Site ``y``'s status for colour ``c`` goes from ``old`` to ``st``: counts and list."""
    arr[BASE + (B_STATUS + c) * n + y] = st
    if old != ST_NONE:
        arr[S_CNT + 3 * c + old - 1] -= 1
    if st != ST_NONE:
        arr[S_CNT + 3 * c + st - 1] += 1
    lst = BASE + (B_LIST + c) * n
    pos = BASE + (B_LPOS + c) * n
    if old == ST_NONE:
        k = arr[S_LEN + c]
        arr[lst + k] = y
        arr[pos + y] = k
        arr[S_LEN + c] = k + 1
    elif st == ST_NONE:
        k = arr[pos + y]
        last = arr[S_LEN + c] - 1
        z = arr[lst + last]
        arr[lst + k] = z
        arr[pos + z] = k
        arr[pos + y] = -1
        arr[S_LEN + c] = last


@njit(cache=True, inline="always")
def _refresh(g: Array, arr: Array, y: int) -> None:  # pragma: no cover - compiled
    """Recompute what selecting site ``y`` would be for each colour, and file it."""
    n = g[G_N]
    e = 1 if arr[BASE + B_EMPTYNB * n + y] > 0 else 0
    code = STATUS_TABLE[(15 * arr[BASE + y] + arr[BASE + n + y] + 7) * 2 + e]
    s0 = code & 3
    s1 = code >> 2
    i0 = BASE + B_STATUS * n + y
    o0 = arr[i0]
    o1 = arr[i0 + n]
    if o0 == s0 and o1 == s1:
        return
    if o0 != s0:
        _file(arr, n, y, 0, o0, s0)
    if o1 != s1:
        _file(arr, n, y, 1, o1, s1)


@njit(cache=True)
def _set_site(g: Array, arr: Array, x: int, v: int) -> None:  # pragma: no cover - compiled
    """Change site ``x`` to ``v`` (0 empty, 1 Black, 2 White), keeping every table up to date."""
    n = g[G_N]
    old = arr[BASE + x]
    arr[BASE + x] = v
    # Black-minus-White change, and the change of empty sites, as small table look-ups
    delta = (1 if v == 1 else (-1 if v == 2 else 0)) - (1 if old == 1 else (-1 if old == 2 else 0))
    de = (1 if v == 0 else 0) - (1 if old == 0 else 0)
    if old != 0:
        arr[S_STONES + old - 1] -= 1
    if v != 0:
        arr[S_STONES + v - 1] += 1
    arr[S_EMPTY] += de
    pot = BASE + n
    emp = BASE + B_EMPTYNB * n
    arr[pot + x] += delta
    _refresh(g, arr, x)
    for d in range(6):
        y = g[G_NB + 6 * x + d]
        if y >= 0:
            arr[pot + y] += delta
            arr[emp + y] += de
            _refresh(g, arr, y)


@njit(cache=True)
def _add_stone(g: Array, arr: Array, x: int, c: int) -> None:  # pragma: no cover - compiled
    """Put a stone of colour ``c`` on empty site ``x``."""
    _set_site(g, arr, x, c + 1)


@njit(cache=True)
def _remove_stone(g: Array, arr: Array, x: int) -> None:  # pragma: no cover - compiled
    """Take the stone on site ``x`` off the board."""
    _set_site(g, arr, x, 0)


@njit(cache=True, inline="always")
def _potential(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Action potential of site ``x`` for colour ``c``."""
    p = arr[BASE + g[G_N] + x]
    return p if c == 0 else -p


# ---------------------------------------------------------------- kernels: moves
@njit(cache=True)
def has_exit(g: Array, arr: Array, x: int, budget: int) -> bool:  # pragma: no cover - compiled
    """Whether the stone on ``x`` can leave with ``budget`` (one step or one jump suffices)."""
    if budget < 1:
        return False
    for d in range(6):
        y = g[G_NB + 6 * x + d]
        if y < 0:
            continue
        if arr[BASE + y] == 0:
            return True
        k = 1
        z = g[G_NB + 6 * y + d]
        while z >= 0 and arr[BASE + z] != 0 and k < budget:
            k += 1
            z = g[G_NB + 6 * z + d]
        if z >= 0 and arr[BASE + z] == 0 and k + 1 <= budget:
            return True
    return False


@njit(cache=True, inline="always")
def _may_dispatch(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether ``no_stalling`` still lets colour ``c`` dispatch."""
    return g[G_NOSTALL] == 0 or arr[S_STALL + c] < 2


@njit(cache=True)
def select_ok(g: Array, arr: Array, x: int, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` may start a move by selecting site ``x``."""
    st = arr[BASE + (B_STATUS + c) * g[G_N] + x]
    if st == ST_STRONG:
        return True
    if st == ST_NONE or not _may_dispatch(g, arr, c):
        return False
    if st == ST_DISPATCH:
        return True
    return has_exit(g, arr, x, _potential(g, arr, x, c))


@njit(cache=True)
def any_move(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` has any legal move."""
    if arr[S_CNT + 3 * c] > 0:
        return True
    if not _may_dispatch(g, arr, c):
        return False
    if arr[S_CNT + 3 * c + 1] > 0:
        return True
    if arr[S_CNT + 3 * c + 2] == 0:
        return False
    n = g[G_N]
    lst = BASE + (B_LIST + c) * n
    found = False
    for i in range(arr[S_LEN + c]):
        if select_ok(g, arr, arr[lst + i], c):
            found = True
            break
    return found


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
            y = g[G_NB + 6 * v + d]
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
            y = g[G_NB + 6 * v + dd]
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
                z = g[G_NB + 6 * z + dd]
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
                    w = g[G_NB + 6 * w + dd]
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
                w = g[G_NB + 6 * w + dd]
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
                w = g[G_NB + 6 * w + d]
                v = pa
                for _ in range(ka):
                    v = g[G_NB + 6 * v + da]
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
                y = g[G_NB + 6 * u + d]
                if y < 0:
                    continue
                if arr[BASE + y] == 0:
                    z = y
                    k = 0
                else:
                    if r < 2 or y == x:
                        continue
                    k = 1
                    z = g[G_NB + 6 * y + d]
                    while z >= 0 and arr[BASE + z] != 0 and z != x:
                        k += 1
                        z = g[G_NB + 6 * z + d]
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


# ---------------------------------------------------------------- kernels: bitboards
#: Entries of the playout's bitboard scratch (blocks of ``words`` uint64): empty sites, the
#: board's sites, sites a jump may cross, reached sites, the next reached sites, and per
#: direction the occupied sites reached in the middle of a jump that way.
BB_EMPTY = 0
BB_BOARD = 1
BB_OCC = 2
BB_REACH = 3
BB_NEXT = 4
BB_JUMP = 5  # 5 .. 10
BB_BLOCKS = 11

_ONE = np.uint64(1)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)


@njit(cache=True, inline="always")
def _popcount(w: np.uint64) -> int:  # pragma: no cover - compiled
    """Set bits of a 64-bit word."""
    w = w - ((w >> _ONE) & _M1)
    w = (w & _M2) + ((w >> np.uint64(2)) & _M2)
    w = (w + (w >> np.uint64(4))) & _M4
    w = w + (w >> np.uint64(8))
    w = w + (w >> np.uint64(16))
    w = w + (w >> np.uint64(32))
    return int(w & np.uint64(127))


@njit(cache=True, inline="always")
def _bit_base(g: Array) -> int:  # pragma: no cover - compiled
    """Where the bitboard tables start in the constant table."""
    return G_NB + 6 * g[G_N]


@njit(cache=True)
def bit_scratch(g: Array, arr: Array) -> Any:  # pragma: no cover - compiled
    """The bitboard scratch of :func:`bit_destinations`, with the board and its empty sites."""
    gb = _bit_base(g)
    nw = g[gb]
    bb = np.zeros(BB_BLOCKS * nw, dtype=np.uint64)
    for x in range(g[G_N]):
        b = g[gb + 7 + x]
        bit = _ONE << np.uint64(b & 63)
        bb[BB_BOARD * nw + (b >> 6)] |= bit
        if arr[BASE + x] == 0:
            bb[BB_EMPTY * nw + (b >> 6)] |= bit
    return bb


@njit(cache=True, inline="always")
def _bit_update(g: Array, arr: Array, bb: Any, x: int) -> None:  # pragma: no cover - compiled
    """Site ``x`` may have changed: make its bit among the empty sites match the board."""
    b = g[_bit_base(g) + 7 + x]
    bit = _ONE << np.uint64(b & 63)
    i = BB_EMPTY * g[_bit_base(g)] + (b >> 6)
    if arr[BASE + x] == 0:
        bb[i] |= bit
    else:
        bb[i] &= ~bit


@njit(cache=True)
def _bit_destinations3(g: Array, x: int, budget: int, bb: Any) -> int:  # pragma: no cover
    """:func:`bit_destinations` on boards of 3 words (the original board), in registers."""
    gb = _bit_base(g)
    e0 = bb[3 * BB_EMPTY]
    e1 = bb[3 * BB_EMPTY + 1]
    e2 = bb[3 * BB_EMPTY + 2]
    o0 = bb[3 * BB_BOARD] & ~e0
    o1 = bb[3 * BB_BOARD + 1] & ~e1
    o2 = bb[3 * BB_BOARD + 2] & ~e2
    xb = g[gb + 7 + x]
    xbit = _ONE << np.uint64(xb & 63)
    zero = np.uint64(0)
    f0 = xbit if xb < 64 else zero
    f1 = xbit if 64 <= xb < 128 else zero
    f2 = xbit if xb >= 128 else zero
    o0 &= ~f0
    o1 &= ~f1
    o2 &= ~f2
    jump = 3 * BB_JUMP
    for i in range(18):
        bb[jump + i] = zero
    for _ in range(budget):
        n0 = f0
        n1 = f1
        n2 = f2
        for d in range(3):
            a = np.uint64(g[gb + 1 + d])
            c = np.uint64(64) - a
            j = jump + 3 * d
            s0 = f0 | bb[j]
            s1 = f1 | bb[j + 1]
            s2 = f2 | bb[j + 2]
            w0 = s0 << a
            w1 = (s1 << a) | (s0 >> c)
            w2 = (s2 << a) | (s1 >> c)
            bb[j] = w0 & o0
            bb[j + 1] = w1 & o1
            bb[j + 2] = w2 & o2
            n0 |= w0 & e0
            n1 |= w1 & e1
            n2 |= w2 & e2
            j = jump + 3 * (d + 3)  # the opposite direction
            s0 = f0 | bb[j]
            s1 = f1 | bb[j + 1]
            s2 = f2 | bb[j + 2]
            w0 = (s0 >> a) | (s1 << c)
            w1 = (s1 >> a) | (s2 << c)
            w2 = s2 >> a
            bb[j] = w0 & o0
            bb[j + 1] = w1 & o1
            bb[j + 2] = w2 & o2
            n0 |= w0 & e0
            n1 |= w1 & e1
            n2 |= w2 & e2
        f0 = n0
        f1 = n1
        f2 = n2
    f0 &= e0
    f1 &= e1
    f2 &= e2
    nxt = 3 * BB_NEXT
    bb[nxt] = f0
    bb[nxt + 1] = f1
    bb[nxt + 2] = f2
    return _popcount(f0) + _popcount(f1) + _popcount(f2)


@njit(cache=True)
def bit_destinations(  # pragma: no cover - compiled
    g: Array, arr: Array, x: int, budget: int, bb: Any
) -> int:
    """How many sites the stone on ``x`` can reach with ``budget`` (at most 5): a bitboard search.

    Leaves the destinations in block ``BB_NEXT`` of ``bb`` (the scratch of :func:`bit_scratch`,
    whose empty sites must match the board). Level by level of cost, the sites landed on
    within that cost (``F``) and, per direction ``d``, the occupied sites passed in the middle
    of a jump that way (``J[d]``) grow together: shifting ``F | J[d]`` one site along ``d``
    gives new landings (the empty sites) and the jump's next crossed sites (the occupied ones,
    never the start). This ignores the rule that a path visits no site twice, apart from the
    start. That cannot add a destination within a budget of 5: a walk that lands twice on a
    site leaves out the loop between, and one that crosses a site twice needs two jumps over
    it along different lines and at least a step between, 5 in all, and then it is a jump of
    one site from the start, a step and a jump of one site back across: its end is next to the
    start and one step reaches it. Budgets of 6 and 7 use :func:`quick_destinations`.
    """
    gb = _bit_base(g)
    nw = g[gb]
    if nw == 3:
        return _bit_destinations3(g, x, budget, bb)
    emp = BB_EMPTY * nw
    occ = BB_OCC * nw
    reach = BB_REACH * nw
    nxt = BB_NEXT * nw
    jump = BB_JUMP * nw
    for i in range(nw):
        bb[occ + i] = bb[BB_BOARD * nw + i] & ~bb[emp + i]
        bb[reach + i] = np.uint64(0)
    for i in range(6 * nw):
        bb[jump + i] = np.uint64(0)
    xb = g[gb + 7 + x]
    xbit = _ONE << np.uint64(xb & 63)
    bb[occ + (xb >> 6)] &= ~xbit
    bb[reach + (xb >> 6)] = xbit
    for _ in range(budget):
        for i in range(nw):
            bb[nxt + i] = bb[reach + i]
        for d in range(6):
            s = g[gb + 1 + d]
            jd = jump + d * nw
            if s > 0:
                a = np.uint64(s)
                c = np.uint64(64 - s)
                prev = np.uint64(0)
                for i in range(nw):
                    src = bb[reach + i] | bb[jd + i]
                    w = (src << a) | (prev >> c)
                    prev = src
                    bb[jd + i] = w & bb[occ + i]
                    bb[nxt + i] |= w & bb[emp + i]
            else:
                a = np.uint64(-s)
                c = np.uint64(64 + s)
                prev = np.uint64(0)
                for j in range(nw):
                    i = nw - 1 - j
                    src = bb[reach + i] | bb[jd + i]
                    w = (src >> a) | (prev << c)
                    prev = src
                    bb[jd + i] = w & bb[occ + i]
                    bb[nxt + i] |= w & bb[emp + i]
        for i in range(nw):
            bb[reach + i] = bb[nxt + i]
    m = 0
    for i in range(nw):
        w = bb[reach + i] & bb[emp + i]
        bb[nxt + i] = w
        m += _popcount(w)
    return m


@njit(cache=True)
def bit_pick(g: Array, bb: Any, k: int) -> int:  # pragma: no cover - compiled
    """The site of the ``k``-th destination (from 0, in bit order) that :func:`bit_destinations`
    left in ``bb``."""
    gb = _bit_base(g)
    nw = g[gb]
    nxt = BB_NEXT * nw
    for i in range(nw):
        w = bb[nxt + i]
        c = _popcount(w)
        if k < c:
            for _ in range(k):
                w &= w - _ONE
            low = w & (~w + _ONE)
            return g[gb + 7 + g[G_N] + 64 * i + _popcount(low - _ONE)]
        k -= c
    return -1


@njit(cache=True)
def _end_of_game(g: Array, arr: Array) -> None:  # pragma: no cover - compiled
    """The player to move has no move: the other fills and captures; then more stones wins."""
    n = g[G_N]
    mover = arr[H_COLOUR]
    f = mover ^ 1
    filled = 0
    for x in range(n):
        if arr[BASE + x] == 0:
            _add_stone(g, arr, x, f)
            filled += 1
    captured = 0
    changed = True
    while changed:
        changed = False
        for x in range(n):
            if arr[BASE + x] == mover + 1 and _potential(g, arr, x, f) >= 2:
                _set_site(g, arr, x, f + 1)
                captured += 1
                changed = True
    arr[S_FILLED] = filled
    arr[S_CAPTURED] = captured
    arr[S_NOMOVE] = mover
    arr[H_WINNER] = 0 if arr[S_STONES] > arr[S_STONES + 1] else 1
    arr[H_PLAYER] = -1
    arr[H_REASON] = REASON_NO_MOVE
    arr[S_PHASE] = P_SELECT
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0


@njit(cache=True)
def _start_turn(g: Array, arr: Array, c: int) -> None:  # pragma: no cover - compiled
    """Colour ``c`` begins a turn (or, with no move, the game ends)."""
    arr[H_COLOUR] = c
    arr[H_PLAYER] = c ^ arr[H_SWAPPED]
    arr[S_PHASE] = P_SELECT
    arr[S_MOVE] = 0
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0
    if not any_move(g, arr, c):
        _end_of_game(g, arr)


@njit(cache=True)
def _end_move(g: Array, arr: Array) -> None:  # pragma: no cover - compiled
    """The move under way is complete: on to the second move, or the next turn."""
    c = arr[H_COLOUR]
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0
    arr[S_PHASE] = P_SELECT
    if arr[S_MOVE] == 0 and any_move(g, arr, c):
        arr[S_MOVE] = 1
        return
    arr[H_TURN] += 1
    _start_turn(g, arr, c ^ 1)


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending; empty when the game is over."""
    n = g[G_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    ph = arr[S_PHASE]
    out = np.empty(n + 1, dtype=np.int32)
    m = 0
    if ph <= P_SETUP_WHITE2:
        for x in range(n):
            if arr[BASE + x] == 0:
                out[m] = x
                m += 1
        return out[:m].copy()
    if ph == P_CHOOSE:
        out[0] = 2 * n + 1
        out[1] = 2 * n + 2
        return out[:2].copy()
    if ph == P_SELECT:
        c = arr[H_COLOUR]
        for x in range(n):
            if select_ok(g, arr, x, c):
                out[m] = x
                m += 1
        return out[:m].copy()
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    m = destinations(g, arr, arr[S_SEL], arr[S_BUDGET], buf)
    k = m + 1 if ph == P_AFTER_DEPLOY else m
    res = np.empty(k, dtype=np.int32)
    res[:m] = np.sort(buf[:m])
    for i in range(m):
        res[i] += n
    if ph == P_AFTER_DEPLOY:
        res[m] = 2 * n
    return res


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = g[G_N]
    if arr[H_PLAYER] < 0 or a < 0 or a > 2 * n + 2:
        return False
    ph = arr[S_PHASE]
    if ph <= P_SETUP_WHITE2:
        return a < n and arr[BASE + a] == 0
    if ph == P_CHOOSE:
        return a == 2 * n + 1 or a == 2 * n + 2
    if ph == P_SELECT:
        return a < n and select_ok(g, arr, a, arr[H_COLOUR])
    if a == 2 * n:
        return ph == P_AFTER_DEPLOY
    if a < n or a >= 2 * n or arr[BASE + a - n] != 0:
        return False
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    m = destinations(g, arr, arr[S_SEL], arr[S_BUDGET], buf)
    found = False
    for i in range(m):
        if buf[i] == a - n:
            found = True
            break
    return found


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action, updating the header."""
    n = g[G_N]
    arr[H_PLY] += 1
    ph = arr[S_PHASE]
    if ph <= P_SETUP_WHITE2:
        _add_stone(g, arr, a, 0 if ph == P_SETUP_BLACK else 1)
        if ph == P_SETUP_WHITE2:
            arr[H_TURN] += 1
            arr[S_PHASE] = P_CHOOSE
            arr[H_PLAYER] = 1
        else:
            arr[S_PHASE] = ph + 1
        return
    if ph == P_CHOOSE:
        # the second player (seat 1) takes Black: colour c is then played by seat c ^ 1
        arr[H_SWAPPED] = 1 if a == 2 * n + 1 else 0
        arr[H_TURN] += 1
        _start_turn(g, arr, 0)
        return
    c = arr[H_COLOUR]
    if ph == P_SELECT:
        v = arr[BASE + a]
        p = _potential(g, arr, a, c)
        if v == 0:  # deploy, then perhaps a dispatch of the new stone
            _add_stone(g, arr, a, c)
            arr[S_STALL + c] = 0
            if p - 1 >= 1 and has_exit(g, arr, a, p - 1):
                arr[S_PHASE] = P_AFTER_DEPLOY
                arr[S_SEL] = a
                arr[S_BUDGET] = p - 1
                return
            _end_move(g, arr)
            return
        if v == c + 1:  # dispatch of one's own stone
            arr[S_STALL + c] += 1
            arr[S_PHASE] = P_DISPATCH
            arr[S_SEL] = a
            arr[S_BUDGET] = p
            return
        _set_site(g, arr, a, c + 1)  # capture
        arr[S_STALL + c] = 0
        _end_move(g, arr)
        return
    if a < 2 * n:  # a destination
        _remove_stone(g, arr, arr[S_SEL])
        _add_stone(g, arr, a - n, c)
    _end_move(g, arr)


@njit(cache=True)
def _select_few_empty(  # pragma: no cover - compiled
    g: Array, arr: Array, c: int, cells: Array, buf: Array
) -> int:
    """Every legal selection of colour ``c`` (who may dispatch) into ``cells``; returns how many.

    For a crowded board, where many of one's stones could leave only by a jump: rather than
    try a jump from each of them, look back from each empty site along each line over the
    occupied sites: a stone of ``c`` there whose potential covers the distance can jump to it.
    Marks those stones in ``buf[n:2n]`` (zero, and left zero), the scratch of
    :func:`destinations`.
    """
    n = g[G_N]
    lst = BASE + (B_LIST + c) * n
    stat = BASE + (B_STATUS + c) * n
    mark = n
    m = 0
    for i in range(arr[S_LEN + c]):
        x = arr[lst + i]
        if arr[stat + x] != ST_MAYBE:  # a deploy, a capture or a dispatch by a step
            cells[m] = x
            m += 1
    for e in range(n):
        if arr[BASE + e] != 0:
            continue
        for d in range(6):
            z = g[G_NB + 6 * e + d]
            k = 1
            while z >= 0 and arr[BASE + z] != 0 and k <= MAX_BUDGET:
                if (
                    k >= 2
                    and arr[stat + z] == ST_MAYBE
                    and buf[mark + z] == 0
                    and _potential(g, arr, z, c) >= k
                ):
                    buf[mark + z] = 1
                    cells[m] = z
                    m += 1
                z = g[G_NB + 6 * z + d]
                k += 1
    for i in range(m):
        buf[mark + cells[i]] = 0
    return m


@njit(cache=True)
def choose_random(  # pragma: no cover - compiled
    g: Array, arr: Array, rng: Any, cells: Array, buf: Array, q: Array, bb: Any
) -> int:
    """A uniformly random legal action.

    ``cells`` is scratch of length ``n``, ``buf`` scratch for :func:`destinations`, ``q``
    for :func:`quick_destinations` (both kept clean) and ``bb`` for :func:`bit_destinations`
    (its empty sites kept up to date by the caller). A destination is drawn uniformly from
    all of them (and ``stop``), found by :func:`bit_destinations` for budgets up to 5 and by
    :func:`quick_destinations` above.
    A site to select is drawn uniformly from the mover's candidate list and kept if legal (up to
    16 draws), else chosen uniformly from the legal candidates listed in full; set-up sites
    likewise from the board's sites. Either way every legal site is equally likely.
    """
    n = g[G_N]
    ph = arr[S_PHASE]
    if ph == P_CHOOSE:
        return 2 * n + 1 + rand_below(rng, 2)
    if ph < P_SELECT:
        for _ in range(16):
            x = int(rand_below(rng, n))
            if arr[BASE + x] == 0:
                return x
        m = 0
        for x in range(n):
            if arr[BASE + x] == 0:
                cells[m] = x
                m += 1
        return cells[rand_below(rng, m)]
    if ph == P_SELECT:
        # uniform over the candidate list, rejecting the candidates that are not legal
        c = arr[H_COLOUR]
        lst = BASE + (B_LIST + c) * n
        size = arr[S_LEN + c]
        may = _may_dispatch(g, arr, c)
        if may and 4 * arr[S_EMPTY] < arr[S_CNT + 3 * c + 2]:
            m = _select_few_empty(g, arr, c, cells, buf)
            return cells[rand_below(rng, m)]
        stat = BASE + (B_STATUS + c) * n
        for _ in range(16):
            x = arr[lst + rand_below(rng, size)]
            st = arr[stat + x]  # as select_ok
            if st == ST_STRONG or (
                may
                and (
                    st == ST_DISPATCH
                    or (st == ST_MAYBE and has_exit(g, arr, x, _potential(g, arr, x, c)))
                )
            ):
                return x
        m = 0
        for i in range(size):
            x = arr[lst + i]
            if select_ok(g, arr, x, c):
                cells[m] = x
                m += 1
        return cells[rand_below(rng, m)]
    if arr[S_BUDGET] <= 5:
        m = bit_destinations(g, arr, arr[S_SEL], arr[S_BUDGET], bb)
        if ph == P_AFTER_DEPLOY:
            k = rand_below(rng, m + 1)
            return 2 * n if k == m else bit_pick(g, bb, int(k)) + n
        return bit_pick(g, bb, int(rand_below(rng, m))) + n
    m = quick_destinations(g, arr, arr[S_SEL], arr[S_BUDGET], q, buf)
    if ph == P_AFTER_DEPLOY:
        k = rand_below(rng, m + 1)
        return 2 * n if k == m else buf[k] + n
    return buf[rand_below(rng, m)] + n


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until the game ends or ``limit`` actions were taken."""
    n = g[G_N]
    cells = np.empty(n, dtype=np.int32)
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    q = np.zeros(quick_scratch_size(n), dtype=np.int32)
    bb = bit_scratch(g, arr)
    record = out.shape[0] >= limit
    k = 0
    while arr[H_PLAYER] >= 0 and k < limit:
        a = choose_random(g, arr, rng, cells, buf, q, bb)
        sel = arr[S_SEL]
        apply(g, arr, a)
        # only the sites an action names change (the end-of-game fill ends the playout)
        if a < n:
            _bit_update(g, arr, bb, a)
        elif a < 2 * n:
            _bit_update(g, arr, bb, sel)
            _bit_update(g, arr, bb, a - n)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- the Game
class Throngs(Game):
    """Throngs on the original board, the large board, or a regular hexhex board."""

    name: ClassVar[str] = "throngs"
    title: ClassVar[str] = "Throngs"
    colours: ClassVar[tuple[str, str]] = ("Black", "White")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "board", "choice", "original", "original (93 sites), large (177) or hex", choices=BOARDS
        ),
        Option(
            "size",
            "int",
            None,
            "side of the hex board (with --board hex; default 5)",
            minimum=2,
            maximum=12,
        ),
        Option(
            "setup", "choice", "choose", "choose (the sheet's set-up) or standard", choices=SETUPS
        ),
        Option(
            "no_stalling",
            "flag",
            False,
            "each player must deploy or capture at least once in any three moves of theirs",
        ),
    )
    special_actions: ClassVar[tuple[str, ...]] = ("stop", "black", "white")
    #: Without ``no_stalling`` nothing forbids endless dispatching, so a cap is always needed.
    #: Random games normally end within about a thousand actions on the large board, but some
    #: positions repeat for ever (a capture and a dispatch back and forth), even with
    #: ``no_stalling``: self-play counts a game still going after this many as unfinished.
    selfplay_cap: ClassVar[int | None] = 100_000
    move_separator: ClassVar[str] = ","
    #: Joins a move's selected site and its dispatch destination (or ``stop``) in move text.
    dispatch_mark: ClassVar[str] = "-"

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Size only for hex boards (default 5); the standard set-up only on the original board."""
        if options["board"] == "hex":
            if options["size"] is None:
                options["size"] = 5
        elif options["size"] is not None:
            raise OptionError(
                f"option size is for --board hex only; the {options['board']} board has a fixed "
                "shape"
            )
        if options["setup"] == "standard" and options["board"] != "original":
            raise OptionError(
                "the standard set-up is defined for the original board only; use --setup choose "
                f"on the {options['board']} board"
            )

    def record_tags(self) -> dict[str, str]:
        """The options that shape the game (size only on hex boards)."""
        tags = {"board": self.options["board"]}
        if self.options["board"] == "hex":
            tags["size"] = str(self.options["size"])
        tags["setup"] = self.options["setup"]
        tags["no_stalling"] = "yes" if self.options["no_stalling"] else "no"
        return tags

    def setup(self) -> None:
        """Build the board and the constant table."""
        self.board = board_for(self.options)
        if self.board.size % 2 == 0:  # pragma: no cover - every board offered is odd
            raise BoardError(f"{self.board.description} has an even number of sites")
        self.consts = consts_for(self.board, bool(self.options["no_stalling"]))
        self.kernels = KERNELS

    def initial_array(self) -> Array:
        """The set-up (first player to place stones), or the standard set-up with Black to move."""
        return initial_array(self.board, self.options["setup"])

    # -- actions and text ------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """Sites (select), destinations, ``stop``, ``black`` and ``white``."""
        return 2 * self.board.size + 3

    @property
    def stop_action(self) -> int:
        """The ``stop`` action (keep the deployed stone where it is)."""
        return 2 * self.board.size

    def destination_action(self, site: int) -> int:
        """The action that dispatches the selected stone to ``site``."""
        return self.board.size + site

    def action_text(self, action: int) -> str:
        """``c4`` (select or place), ``-c4`` (destination), ``stop``, ``black`` or ``white``."""
        n = self.board.size
        if isinstance(action, int | np.integer) and not isinstance(action, bool):
            a = int(action)
            if 0 <= a < n:
                return self.board.names[a]
            if n <= a < 2 * n:
                return self.dispatch_mark + self.board.names[a - n]
            if 2 * n <= a < 2 * n + 3:
                return self.special_actions[a - 2 * n]
        raise NotationError(
            f"{action!r} is not an action of {self.name} (0..{self.num_distinct_actions - 1})"
        )

    def parse_action(self, text: str) -> int:
        """The action written ``text``: ``c4``, ``-c4``, ``stop``, ``black`` or ``white``."""
        t = text.strip().lower()
        n = self.board.size
        if t.startswith(self.dispatch_mark):
            t = t[len(self.dispatch_mark) :].strip()
            if t == "stop":
                return 2 * n
            try:
                return n + self.board.parse(t)
            except CellNameError as exc:
                raise NotationError(f"a dispatch destination is '-' and a site: {exc}") from None
        if t in self.special_actions:
            return 2 * n + self.special_actions.index(t)
        try:
            return self.board.parse(t)
        except CellNameError as exc:
            raise NotationError(
                f"{exc}; or a destination like -c4, or one of: stop, black, white"
            ) from None

    def move_text(self, actions: Sequence[int]) -> str:
        """A turn as its moves: ``c4-e6,d5-stop,f2`` (destinations and stop joined by ``-``)."""
        n = self.board.size
        out: list[str] = []
        for a in actions:
            a = int(a)
            if n <= a <= 2 * n and out:
                out[-1] += self.dispatch_mark + ("stop" if a == 2 * n else self.board.names[a - n])
            else:
                out.append(self.action_text(a))
        return self.move_separator.join(out)

    def parse_move(self, text: str) -> list[int]:
        """The actions of a turn written as :meth:`move_text` writes it (or one action)."""
        a = self.action_lookup.get(text.strip().lower())
        if a is not None:
            return [a]
        moves = [p.strip() for p in text.strip().split(self.move_separator)]
        if not any(moves):
            raise NotationError("an empty move")
        out: list[int] = []
        for mv in moves:
            if not mv:
                sep = self.move_separator
                raise NotationError(f"{text!r} has an empty move between two '{sep}'")
            parts = mv.split(self.dispatch_mark)
            if parts[0].strip():
                out.append(self.parse_action(parts[0]))
            elif len(parts) == 1:
                raise NotationError(f"{mv!r} is not a move")
            for p in parts[1:]:
                if not p.strip():
                    raise NotationError(f"{mv!r}: nothing after '{self.dispatch_mark}'")
                out.append(self.parse_action(self.dispatch_mark + p))
        return out

    # -- positions --------------------------------------------------------
    def position(
        self,
        black: Iterable[str],
        white: Iterable[str],
        *,
        to_move: str = "Black",
        dispatches: tuple[int, int] = (0, 0),
    ) -> State:
        """A state (without history) with the given stones, ``to_move`` about to begin a turn.

        For analysis and tests: the set-up is over (the first player plays Black), and
        ``dispatches`` gives how many moves in a row each colour has just dispatched (what
        ``no_stalling`` looks at). If the colour to move has no move, the game ends at once, as
        the rules say, with the other player's fill and captures.
        """
        names = {"black": 0, "white": 1}
        if to_move.strip().lower() not in names:
            raise OptionError(f"to_move is Black or White, not {to_move!r}")
        if any(k not in (0, 1, 2) for k in dispatches) or len(dispatches) != 2:
            raise OptionError(f"dispatches are two counts of 0, 1 or 2, not {dispatches!r}")
        try:
            b = [self.board.parse(s) for s in black]
            w = [self.board.parse(s) for s in white]
        except CellNameError as exc:
            raise NotationError(str(exc)) from None
        if len(set(b + w)) != len(b) + len(w):
            raise OptionError("a site is listed twice")
        arr = initial_array(self.board, "choose")
        for x in b:
            _add_stone(self.consts, arr, x, 0)
        for x in w:
            _add_stone(self.consts, arr, x, 1)
        arr[H_SWAPPED] = 0
        arr[S_STALL] = dispatches[0]
        arr[S_STALL + 1] = dispatches[1]
        _start_turn(self.consts, arr, names[to_move.strip().lower()])
        return State(self, arr)

    # -- reading positions -------------------------------------------------
    def site_contents(self, arr: Array) -> Array:
        """Per site: 0 empty, 1 Black, 2 White."""
        n = self.board.size
        return np.asarray(arr[BASE : BASE + n]).copy()

    def potential(self, arr: Array, site: int, colour: int) -> int:
        """Action potential of ``site`` for ``colour`` (0 Black, 1 White) in position ``arr``."""
        return int(_potential(self.consts, arr, site, colour))

    def stones(self, arr: Array) -> tuple[int, int]:
        """Stones of Black and White on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def phase(self, arr: Array) -> str:
        """What the player to act decides now, in words."""
        ph = int(arr[S_PHASE])
        if arr[H_PLAYER] < 0:
            return "game over"
        if ph == P_SETUP_BLACK:
            return "set-up: place the Black stone"
        if ph in (P_SETUP_WHITE1, P_SETUP_WHITE2):
            return f"set-up: place White stone {ph}"
        if ph == P_CHOOSE:
            return "choose a colour: black or white"
        move = int(arr[S_MOVE]) + 1
        if ph == P_SELECT:
            return f"move {move} of 2: select a site"
        site = self.board.names[int(arr[S_SEL])]
        budget = int(arr[S_BUDGET])
        if ph == P_DISPATCH:
            return f"move {move} of 2: dispatch {site} (budget {budget}): choose a destination"
        return (
            f"move {move} of 2: deployed at {site}; dispatch it (budget {budget}) "
            "to a destination, or stop"
        )

    def outcome_of(self, arr: Array) -> Outcome:
        """Winner by majority of stones after the end-of-game fill and captures."""
        wc = int(arr[H_WINNER])
        seat = wc ^ int(arr[H_SWAPPED])
        b, w = self.stones(arr)
        stuck = int(arr[S_NOMOVE])
        filler = self.colours[stuck ^ 1]
        filled = int(arr[S_FILLED])
        captured = int(arr[S_CAPTURED])
        return Outcome(
            winner=seat,
            winner_colour=self.colours[wc],
            reason=(
                f"{self.colours[stuck]} had no move; {filler} filled {filled} empty "
                f"site{'s' if filled != 1 else ''} and captured {captured} "
                f"stone{'s' if captured != 1 else ''}; Black {b}, White {w}"
            ),
            score={"Black": b, "White": w},
            details={
                "no_move": self.colours[stuck],
                "filled_by": filler,
                "filled": filled,
                "captured": captured,
            },
        )

    def cell_view(self, arr: Array) -> list[str]:
        """``B`` or ``W`` for a stone, ``.`` for an empty site."""
        return [".BW"[v] for v in self.site_contents(arr)]

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """The board: ``B``/``W`` stones, ``.`` empty sites, a selected stone in lower case."""
        glyphs = self.cell_view(arr)
        if arr[H_PLAYER] >= 0 and arr[S_PHASE] in (P_DISPATCH, P_AFTER_DEPLOY):
            sel = int(arr[S_SEL])
            glyphs[sel] = glyphs[sel].lower()
        b, w = self.stones(arr)
        head = (
            f"Throngs, {self.board.description}: Black {b}, White {w}, "
            f"turn {int(arr[H_TURN]) + 1}; {self.phase(arr)}"
        )
        return head + "\n" + self.board.render(glyphs, coordinates=coordinates)

    def describe_board(self) -> str:
        """The empty board with coordinates, its size and its symmetries."""
        b = self.board
        return (
            f"Throngs: {b.description}, {b.size} sites, {len(b.adjacency)} adjacencies, "
            f"{len(b.edge)} on the edge\n" + b.render(["."] * b.size)
        )

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why an action is refused, in the sheet's words."""
        n = self.board.size
        ph = int(arr[S_PHASE])
        if ph <= P_SETUP_WHITE2:
            return (
                "during the set-up, stones go on empty sites"
                if a < n
                else ("the set-up places stones: name an empty site")
            )
        if ph == P_CHOOSE:
            return "the second player now chooses a colour: black or white"
        if ph == P_SELECT:
            if a >= n:
                return "a move starts by selecting a site"
            c = int(arr[H_COLOUR])
            v = int(arr[BASE + a])
            p = self.potential(arr, a, c)
            if v == 0:
                return f"a deploy needs action potential at least 1; {self.board.names[a]} has {p}"
            if v == c + 1:
                if p < 1:
                    return f"a dispatch needs action potential at least 1; it is {p} here"
                if self.options["no_stalling"] and arr[S_STALL + c] >= 2:
                    return (
                        "no stalling: after two dispatches in a row a player must deploy or capture"
                    )
                return f"the stone cannot leave with a budget of {p}"
            return f"a capture needs action potential at least 2; {self.board.names[a]} has {p}"
        if a == 2 * n:
            return "stop ends a deploy; a dispatched stone must leave its site"
        if a < n:
            return (
                f"choose a destination for the stone on {self.board.names[int(arr[S_SEL])]}, "
                f"written with a dash, like -{self.board.names[a]}"
            )
        if a < 2 * n:
            return (
                f"no path of cost at most {int(arr[S_BUDGET])} reaches "
                f"{self.board.names[a - n]} without visiting a site twice"
            )
        return "the colour choice comes once, after the set-up"


GAME = Throngs
