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
then 2 blocks of n    site contents (0 empty, 1 Black, 2 White); Black minus White
                      stones in each site's vicinity
then 9 bitboards      (from an even index, each ``words`` 64-bit words stored as
                      pairs of int32) empty sites; Black's stones; White's stones;
                      the four bit planes of the Black-minus-White potentials; and,
                      while a move is to be chosen, the mover's sure selections and
                      the stones only a jump could move
====================  =========================================================

Every change of a site goes through one function that keeps these up to date: seven
potentials, three bits, and the potential planes by a bit-sliced add of the site's vicinity
word. Whether a player has a move, and which sites they may select, then costs a few dozen
word operations per move: potentials of at least 1 and 2 come straight from the planes, and
"next to an empty site" from six shifts of the empty sites. Everything in the array follows
from the contents and the header, so two ways to the same position give the same array.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from importlib import resources
from typing import Any, ClassVar

import numpy as np
from numba import njit

from ..bits import ctz64, nth_bit64, popcount64, unmanaged
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
from ..rng import rand_index

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
BASE = 32
assert HEADER <= S_PHASE

# blocks of n entries after BASE
B_COL = 0  # site contents
NBLOCKS = 1

#: Bitboards after the blocks (see :func:`words_offset`), ``words`` uint64 each, stored as
#: pairs of int32: empty sites, stones of each colour, the four bit planes of every site's
#: Black-minus-White potential (4-bit two's complement, so -7 .. 7), and, while a move is to be
#: chosen (phase ``P_SELECT``), the mover's selections: the sure ones (deploys, captures and
#: dispatches that can start with a step) and the mover's stones that only a jump could move.
W_EMPTY = 0
W_STONES = 1  # 1, 2: Black, White
W_PLANES = 3  # 3 .. 6: bit planes 0 .. 3 of the Black-minus-White potential
W_SURE = 7
W_CAND = 8
NWBLOCKS = 9

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
#: Stars kept per site in the constant words: budgets 2 to ``MAX_BUDGET`` (:func:`_star`).
STARS = MAX_BUDGET - 1

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
@njit(cache=True, inline="always")
def words_offset(n: int) -> int:
    """Where the bitboards start in the state array of a board of ``n`` sites (an even index,
    so the int32 pairs line up with 64-bit words)."""
    off = BASE + NBLOCKS * n
    return off + (off & 1)


def initial_array(board: Board, setup: str, g: Array) -> Array:
    """The starting position: the empty board in set-up, or the standard set-up, Black to move.

    ``g`` is the game's constant table (:func:`consts_for`)."""
    n = board.size
    nw = int(g[G_NB + 6 * n])
    off = words_offset(n)
    arr = np.zeros(off + 2 * NWBLOCKS * nw, dtype=np.int32)
    words = arr[off:].view(np.uint64)
    words[W_EMPTY * nw : (W_EMPTY + 1) * nw] = _g_words(g)[:nw]  # the board's sites
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
        _add_stone(g, arr, board.index[STANDARD_BLACK], 0)
        for c in STANDARD_WHITE:
            _add_stone(g, arr, board.index[c], 1)
        arr[H_SWAPPED] = 0
        _start_turn(g, arr, 0)
    return arr


def consts_for(board: Board, no_stalling: bool) -> Array:
    """The constant table: ``[n, no_stalling, neighbours (n x 6, -1 off the board)]``, then the
    bitboard tables: ``[words, 6 bit offsets of the directions, each site's bit (n), each
    bit's site (64 x words, -1 for none)]``, then (from an even index, as pairs of int32) the
    64-bit words of the board's sites, of each site's vicinity, and of each site's stars
    (``words`` each; :func:`_star`).

    A site's bit is ``W * (r - rmin) + (q - qmin)`` with ``W`` one more than the board's width:
    the spare column takes what a shift pushes over an edge, so every neighbour is a shift.
    """
    n = board.size
    head = [n, int(no_stalling)]
    width = board.qmax - board.qmin + 2
    nbits = width * (board.rmax - board.rmin + 1)
    words = max(3, (nbits + 63) // 64)  # at least 3: the searches have a path for 3 words
    offsets = [dr * width + dq for dq, dr in DIRECTIONS]
    bit_of = [width * (r - board.rmin) + (q - board.qmin) for q, r in board.cells]
    site_of = [-1] * (64 * words)
    for i, b in enumerate(bit_of):
        site_of[b] = i
    assert max(abs(o) for o in offsets) < 64
    assert all(0 < offsets[d] == -offsets[d + 3] for d in range(3))  # opposite directions
    table = np.zeros((1 + n + STARS * n) * words, dtype=np.uint64)
    for x, b in enumerate(bit_of):
        table[b >> 6] |= np.uint64(1 << (b & 63))
        for y in [x, *(int(y) for y in board.neighbors[x] if y >= 0)]:
            c = bit_of[y]
            table[(1 + x) * words + (c >> 6)] |= np.uint64(1 << (c & 63))
        for d in range(6):  # the stars: each line from x, up to the board's edge
            y, k = int(board.neighbors[x, d]), 1
            while y >= 0 and k <= MAX_BUDGET:
                c = bit_of[y]
                for budget in range(max(k, 2), MAX_BUDGET + 1):
                    at = (1 + n + STARS * x + budget - 2) * words + (c >> 6)
                    table[at] |= np.uint64(1 << (c & 63))
                y, k = int(board.neighbors[y, d]), k + 1
    ints = [*head, *board.neighbors.ravel(), words, *offsets, *bit_of, *site_of]
    if len(ints) % 2:
        ints.append(0)
    return np.concatenate([np.asarray(ints, dtype=np.int32), table.view(np.int32)])


# ---------------------------------------------------------------- kernels: board updates
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@njit(cache=True, inline="always")
def _bit_base(g: Array) -> int:  # pragma: no cover - compiled
    """Where the bitboard tables start in the constant table: ``g[_bit_base(g)]`` is the number
    of words of a bitboard, then the six directions' bit offsets, each site's bit, each bit's
    site."""
    return G_NB + 6 * g[G_N]


@njit(cache=True, inline="always")
def _g_offset(g: Array) -> int:  # pragma: no cover - compiled
    """Where the constant 64-bit words start in ``g``, as pairs of int32 from an even index."""
    gb = _bit_base(g)
    off = gb + 7 + g[G_N] + 64 * g[gb]
    return off + (off & 1)


@njit(cache=True, inline="always")
def _g_words(g: Array) -> Any:  # pragma: no cover - compiled
    """The constant 64-bit words (a view of ``g``): the board's sites, then each site's
    vicinity, then each site's stars (``words`` each)."""
    off = _g_offset(g)
    return g[off : off + 2 * (1 + (1 + STARS) * g[G_N]) * g[_bit_base(g)]].view(np.uint64)


@njit(cache=True, inline="always")
def _star(g: Array, x: int, budget: int) -> int:  # pragma: no cover - compiled
    """Where in the constant words the star of site ``x`` for ``budget`` (2 or more) starts:
    the sites on the six lines from ``x``, up to ``budget`` sites along each and never past
    the board's edge. A stone whose neighbours are all occupied can jump with ``budget`` if
    and only if its star holds an empty site: the first empty site along that line is the
    landing, and the sites before it, on the board, are occupied."""
    return (1 + g[G_N] + STARS * x + min(budget, MAX_BUDGET) - 2) * g[_bit_base(g)]


@njit(cache=True, inline="always")
def _words(g: Array, arr: Array) -> Any:  # pragma: no cover - compiled
    """The state's bitboards (blocks ``W_*`` of ``words`` uint64), a view sharing ``arr``'s
    memory. Making a view costs about as much as a stone change, so the kernels make them once
    (per call of a public kernel, per playout) and pass them down as ``gw`` and ``w``."""
    off = words_offset(g[G_N])
    return arr[off : off + 2 * NWBLOCKS * g[_bit_base(g)]].view(np.uint64)


@njit(cache=True, inline="always")
def _site_of_bit(g: Array, b: int) -> int:  # pragma: no cover - compiled
    gb = _bit_base(g)
    return g[gb + 7 + g[G_N] + b]


@njit(cache=True, inline="always")
def _set(g: Array, gw: Any, arr: Array, w: Any, x: int, v: int) -> None:  # pragma: no cover
    """Change site ``x`` to ``v`` (0 empty, 1 Black, 2 White), keeping every table up to date:
    stone counts and the bitboards (the potential planes change by the vicinity's word, a
    bit-sliced add or subtract)."""
    old = arr[BASE + x]
    if old == v:
        return
    arr[BASE + x] = v
    delta = (1 if v == 1 else (-1 if v == 2 else 0)) - (1 if old == 1 else (-1 if old == 2 else 0))
    if old != 0:
        arr[S_STONES + old - 1] -= 1
    else:
        arr[S_EMPTY] -= 1
    if v != 0:
        arr[S_STONES + v - 1] += 1
    else:
        arr[S_EMPTY] += 1
    gb = _bit_base(g)
    nw = g[gb]
    b = g[gb + 7 + x]
    i = b >> 6
    bit = _ONE << np.uint64(b & 63)
    if old == 0:
        w[W_EMPTY * nw + i] = w[W_EMPTY * nw + i] & ~bit
    else:
        w[(W_STONES + old - 1) * nw + i] = w[(W_STONES + old - 1) * nw + i] & ~bit
    if v == 0:
        w[W_EMPTY * nw + i] = w[W_EMPTY * nw + i] | bit
    else:
        w[(W_STONES + v - 1) * nw + i] = w[(W_STONES + v - 1) * nw + i] | bit
    vic = (1 + x) * nw
    p = W_PLANES * nw
    for j in range(nw):
        m = gw[vic + j]
        if m == _ZERO:
            continue
        d0 = w[p + j]
        d1 = w[p + nw + j]
        d2 = w[p + 2 * nw + j]
        d3 = w[p + 3 * nw + j]
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
        w[p + j] = d0
        w[p + nw + j] = d1
        w[p + 2 * nw + j] = d2
        w[p + 3 * nw + j] = d3


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
    b = g[gb + 7 + x]
    i = b >> 6
    s = np.uint64(b & 63)
    p = W_PLANES * nw + i
    v = (
        ((w[p] >> s) & _ONE)
        | (((w[p + nw] >> s) & _ONE) << np.uint64(1))
        | (((w[p + 2 * nw] >> s) & _ONE) << np.uint64(2))
        | (((w[p + 3 * nw] >> s) & _ONE) << np.uint64(3))
    )
    d = int(v) - 16 * int(v >> np.uint64(3))
    return d if c == 0 else -d


@njit(cache=True, inline="always")
def _potential(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Action potential of site ``x`` for colour ``c`` (:func:`_pot`, making the view)."""
    return _pot(g, _words(g, arr), x, c)


# ---------------------------------------------------------------- kernels: moves
@njit(cache=True, inline="always")
def _has_step(g: Array, gw: Any, w: Any, x: int) -> bool:  # pragma: no cover - compiled
    """Whether a site next to the stone on ``x`` is empty: its vicinity word against the empty
    bitboard, a few word operations and no branch per direction."""
    nw = g[_bit_base(g)]
    vic = (1 + x) * nw
    acc = _ZERO
    for j in range(nw):
        acc |= gw[vic + j] & w[W_EMPTY * nw + j]
    return acc != _ZERO


@njit(cache=True, inline="always")
def _has_jump(g: Array, gw: Any, w: Any, x: int, budget: int) -> bool:  # pragma: no cover
    """Whether the stone on ``x``, with no empty neighbour, can jump with ``budget``: whether
    its star (:func:`_star`) holds an empty site."""
    if budget < 2:
        return False
    nw = g[_bit_base(g)]
    st = _star(g, x, budget)
    acc = _ZERO
    for j in range(nw):
        acc |= gw[st + j] & w[W_EMPTY * nw + j]
    return acc != _ZERO


@njit(cache=True, inline="always")
def _has_exit(
    g: Array, gw: Any, arr: Array, w: Any, x: int, budget: int
) -> bool:  # pragma: no cover - compiled
    """Whether the stone on ``x`` can leave with ``budget``, with the bitboards: a step first
    (one test for all six neighbours), then the jumps."""
    if budget < 1:
        return False
    return _has_step(g, gw, w, x) or _has_jump(g, gw, w, x, budget)


@njit(cache=True, inline="always")
def has_exit(g: Array, arr: Array, x: int, budget: int) -> bool:  # pragma: no cover - compiled
    """Whether the stone on ``x`` can leave with ``budget`` (one step or one jump suffices):
    :func:`_has_exit`, making the views itself."""
    return _has_exit(g, _g_words(g), arr, _words(g, arr), x, budget)


@njit(cache=True, inline="always")
def _may_dispatch(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether ``no_stalling`` still lets colour ``c`` dispatch."""
    return g[G_NOSTALL] == 0 or arr[S_STALL + c] < 2


@njit(cache=True, inline="always")
def select_ok(g: Array, arr: Array, x: int, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` may start a move by selecting site ``x`` (worked out from the
    contents and potentials alone, without the selection bitboards)."""
    v = arr[BASE + x]
    p = _potential(g, arr, x, c)
    if v == 0:
        return p >= 1
    if v != c + 1:
        return p >= 2
    return _may_dispatch(g, arr, c) and has_exit(g, arr, x, p)


@njit(cache=True, inline="always")
def _selection_words(g: Array, arr: Array, w: Any, c: int) -> int:  # pragma: no cover - compiled
    """Work out colour ``c``'s selections into the ``W_SURE`` and ``W_CAND`` bitboards.

    Sure: empty sites with potential >= 1, enemy stones with potential >= 2 and, when ``c`` may
    dispatch, own stones with potential >= 1 next to an empty site. Candidates: own stones with
    potential >= 2 and no empty neighbour, which can leave only if a jump fits (not checked
    here). Potentials >= 1 and >= 2 come from the bit planes of the Black-minus-White
    potential: for Black ``d > 0`` and ``d >= 2``, for White ``d < 0`` and ``d <= -2``.
    Returns 1 if there is a sure selection, plus 2 if there is a candidate.
    """
    gb = _bit_base(g)
    nw = g[gb]
    may = _may_dispatch(g, arr, c)
    emp = W_EMPTY * nw
    own = (W_STONES + c) * nw
    opp = (W_STONES + (c ^ 1)) * nw
    p = W_PLANES * nw
    any_sure = _ZERO
    any_cand = _ZERO
    for j in range(nw):
        d0 = w[p + j]
        d1 = w[p + nw + j]
        d2 = w[p + 2 * nw + j]
        d3 = w[p + 3 * nw + j]
        if c == 0:
            p1 = ~d3 & (d0 | d1 | d2)
            p2 = ~d3 & (d1 | d2)
        else:
            p1 = d3
            p2 = d3 & ~(d0 & d1 & d2)
        e = w[emp + j]
        sure = (e & p1) | (w[opp + j] & p2)
        cand = _ZERO
        if may:
            mine = w[own + j] & p1
            if mine != _ZERO:
                near = _ZERO  # sites with an empty neighbour
                for d in range(3):
                    a = np.uint64(g[gb + 1 + d])
                    b = np.uint64(64) - a
                    up = e >> a  # the neighbour along d is empty
                    down = e << a  # the neighbour against d is empty
                    if j + 1 < nw:
                        up |= w[emp + j + 1] << b
                    if j > 0:
                        down |= w[emp + j - 1] >> b
                    near |= up | down
                sure |= mine & near
                cand = mine & p2 & ~near
        w[(W_SURE * nw) + j] = sure
        w[(W_CAND * nw) + j] = cand
        any_sure |= sure
        any_cand |= cand
    return (1 if any_sure != _ZERO else 0) + (2 if any_cand != _ZERO else 0)


@njit(cache=True, inline="always")
def _clear_selection_words(g: Array, w: Any) -> None:  # pragma: no cover - compiled
    """Zero the selection bitboards (they mean something only while a move is chosen)."""
    nw = g[_bit_base(g)]
    for j in range(W_SURE * nw, (W_CAND + 1) * nw):
        w[j] = _ZERO


@njit(cache=True)
def any_move(g: Array, arr: Array, c: int) -> bool:  # pragma: no cover - compiled
    """Whether colour ``c`` has any legal move; leaves ``c``'s selection bitboards in ``arr``."""
    return _any_move(g, _g_words(g), arr, _words(g, arr), c)


@njit(cache=True, inline="always")
def _any_move(g: Array, gw: Any, arr: Array, w: Any, c: int) -> bool:  # pragma: no cover - compiled
    """:func:`any_move` with the state's bitboards ``w``."""
    f = _selection_words(g, arr, w, c)
    if f & 1:
        return True
    if f == 0:
        return False
    nw = g[_bit_base(g)]
    for j in range(nw):
        cand = w[W_CAND * nw + j]
        while cand != _ZERO:
            b = int(np.int64(ctz64(cand)))
            cand &= cand - _ONE
            x = _site_of_bit(g, 64 * j + b)
            if _has_jump(g, gw, w, x, _pot(g, w, x, c)):
                return True
    return False


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
    row = g[gb + 2]  # the offset of direction (0, 1): one row
    xb = g[gb + 7 + x]
    base = xb - budget * row
    e0 = w[3 * W_EMPTY]
    e1 = w[3 * W_EMPTY + 1]
    e2 = w[3 * W_EMPTY + 2]
    b0 = gw[0]
    b1 = gw[1]
    b2 = gw[2]
    a0 = np.uint64(g[gb + 1])
    a1 = np.uint64(row)
    a2 = np.uint64(g[gb + 3])
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
    # back to board coordinates: window bit i is board bit base + i
    for i in range(3):
        # board word i holds bits 64 i .. 64 i + 63, window offsets 64 i - base on
        off = 64 * i - base
        v = _ZERO
        if -64 < off < 64:
            v = (fl >> np.uint64(off)) if off >= 0 else (fl << np.uint64(-off))
        off2 = off - 64
        if -64 < off2 < 64:
            v |= (fh >> np.uint64(off2)) if off2 >= 0 else (fh << np.uint64(-off2))
        sc[SC_DEST * 3 + i] = v
    return int(popcount64(fl) + popcount64(fh))


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
    nw = g[gb]
    if nw == 3:
        span = 2 * budget * g[gb + 2] + 1
        if span <= 128:
            return _window_destinations(g, gw, w, x, budget, sc, span > 64)
        return _bit_destinations3(g, gw, w, x, budget, sc)
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


# ---------------------------------------------------------------- kernels: turns
@njit(cache=True)
def _end_of_game(g: Array, gw: Any, arr: Array, w: Any) -> None:  # pragma: no cover - compiled
    """The player to move has no move: the other fills and captures; then more stones wins."""
    n = g[G_N]
    mover = arr[H_COLOUR]
    f = mover ^ 1
    filled = 0
    for x in range(n):
        if arr[BASE + x] == 0:
            _set(g, gw, arr, w, x, f + 1)
            filled += 1
    captured = 0
    changed = True
    while changed:
        changed = False
        for x in range(n):
            if arr[BASE + x] == mover + 1 and _pot(g, w, x, f) >= 2:
                _set(g, gw, arr, w, x, f + 1)
                captured += 1
                changed = True
    _clear_selection_words(g, w)
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
    _begin_turn(g, _g_words(g), arr, _words(g, arr), c)


@njit(cache=True, inline="always")
def _begin_turn(g: Array, gw: Any, arr: Array, w: Any, c: int) -> None:  # pragma: no cover
    """:func:`_start_turn` with the views."""
    arr[H_COLOUR] = c
    arr[H_PLAYER] = c ^ arr[H_SWAPPED]
    arr[S_PHASE] = P_SELECT
    arr[S_MOVE] = 0
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0
    if not _any_move(g, gw, arr, w, c):
        _end_of_game(g, gw, arr, w)


@njit(cache=True, inline="always")
def _end_move(g: Array, gw: Any, arr: Array, w: Any) -> None:  # pragma: no cover - compiled
    """The move under way is complete: on to the second move, or the next turn."""
    c = arr[H_COLOUR]
    arr[S_SEL] = -1
    arr[S_BUDGET] = 0
    arr[S_PHASE] = P_SELECT
    if arr[S_MOVE] == 0 and _any_move(g, gw, arr, w, c):
        arr[S_MOVE] = 1
        return
    arr[H_TURN] += 1
    _begin_turn(g, gw, arr, w, c ^ 1)


@njit(cache=True)
def _selections(g: Array, arr: Array, out: Array) -> int:  # pragma: no cover - compiled
    """The legal selections (phase ``P_SELECT``) into ``out``, in bit order; returns how many."""
    nw = g[_bit_base(g)]
    w = _words(g, arr)
    c = arr[H_COLOUR]
    m = 0
    for j in range(nw):
        sure = w[W_SURE * nw + j]
        both = sure | w[W_CAND * nw + j]
        while both != _ZERO:
            b = ctz64(both)
            bit = _ONE << b
            both &= both - _ONE
            x = _site_of_bit(g, 64 * j + int(np.int64(b)))
            if (sure & bit) != _ZERO or has_exit(g, arr, x, _potential(g, arr, x, c)):
                out[m] = x
                m += 1
    return m


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
        m = _selections(g, arr, out)
        return np.sort(out[:m])
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
    _apply(g, _g_words(g), arr, _words(g, arr), a)


@njit(cache=True, inline="always")
def _apply(g: Array, gw: Any, arr: Array, w: Any, a: int) -> None:  # pragma: no cover
    """:func:`apply` with the views."""
    n = g[G_N]
    arr[H_PLY] += 1
    ph = arr[S_PHASE]
    if ph <= P_SETUP_WHITE2:
        _set(g, gw, arr, w, a, 1 if ph == P_SETUP_BLACK else 2)
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
        _begin_turn(g, gw, arr, w, 0)
        return
    c = arr[H_COLOUR]
    if ph == P_SELECT:
        _clear_selection_words(g, w)
        v = arr[BASE + a]
        p = _pot(g, w, a, c)
        if v == 0:  # deploy, then perhaps a dispatch of the new stone
            _set(g, gw, arr, w, a, c + 1)
            arr[S_STALL + c] = 0
            if p - 1 >= 1 and _has_exit(g, gw, arr, w, a, p - 1):
                arr[S_PHASE] = P_AFTER_DEPLOY
                arr[S_SEL] = a
                arr[S_BUDGET] = p - 1
                return
            _end_move(g, gw, arr, w)
            return
        if v == c + 1:  # dispatch of one's own stone
            arr[S_STALL + c] += 1
            arr[S_PHASE] = P_DISPATCH
            arr[S_SEL] = a
            arr[S_BUDGET] = p
            return
        _set(g, gw, arr, w, a, c + 1)  # capture
        arr[S_STALL + c] = 0
        _end_move(g, gw, arr, w)
        return
    if a < 2 * n:  # a destination
        _set(g, gw, arr, w, arr[S_SEL], 0)
        _set(g, gw, arr, w, a - n, c + 1)
    _end_move(g, gw, arr, w)


@njit(cache=True, inline="always")
def _draw_selection3(
    g: Array, gw: Any, w: Any, rng: Any, c: int
) -> int:  # pragma: no cover - compiled
    """A uniformly random legal selection on a board of three words: the selection bitboards
    in registers, the word and the bit found without loops (``pdep`` where the processor has
    it). A candidate that cannot leave is dropped and the draw repeated."""
    gb = _bit_base(g)
    s0 = w[3 * W_SURE]
    s1 = w[3 * W_SURE + 1]
    s2 = w[3 * W_SURE + 2]
    t0 = s0 | w[3 * W_CAND]
    t1 = s1 | w[3 * W_CAND + 1]
    t2 = s2 | w[3 * W_CAND + 2]
    while True:
        c0 = int(popcount64(t0))
        c01 = c0 + int(popcount64(t1))
        total = c01 + int(popcount64(t2))
        if total == 0:
            return -1  # cannot happen in a game that goes on
        k = int(rand_index(rng, total))
        j = (1 if k >= c0 else 0) + (1 if k >= c01 else 0)
        word = t0 if j == 0 else (t1 if j == 1 else t2)
        sure = s0 if j == 0 else (s1 if j == 1 else s2)
        kk = k - (0 if j == 0 else (c0 if j == 1 else c01))
        b = nth_bit64(word, kk)
        bit = _ONE << np.uint64(b)
        x = g[gb + 7 + g[G_N] + 64 * j + b]
        if (sure & bit) != _ZERO or _has_jump(g, gw, w, x, _pot(g, w, x, c)):
            return x
        if j == 0:
            t0 &= ~bit
        elif j == 1:
            t1 &= ~bit
        else:
            t2 &= ~bit


@njit(cache=True, inline="always")
def choose_random(  # pragma: no cover - compiled
    g: Array, gw: Any, arr: Array, w: Any, rng: Any, buf: Array, q: Array, sc: Any
) -> int:
    """A uniformly random legal action.

    ``buf`` is scratch for :func:`destinations` and ``q`` for :func:`quick_destinations` (both
    kept clean), ``sc`` for :func:`bit_destinations` (:func:`bit_scratch`). A selection is
    drawn uniformly from the sure selections and the candidates together (the selection
    bitboards); a candidate that turns out unable to leave is dropped and the draw repeated,
    which keeps every legal site equally likely. A destination is drawn uniformly from all
    of them (and ``stop``), found by :func:`bit_destinations` for budgets up to 5 and by
    :func:`quick_destinations` above. Set-up sites are drawn uniformly from the empty sites.
    """
    n = g[G_N]
    ph = arr[S_PHASE]
    if ph == P_CHOOSE:
        return 2 * n + 1 + rand_index(rng, 2)
    if ph < P_SELECT:
        while True:
            x = int(rand_index(rng, n))
            if arr[BASE + x] == 0:
                return x
    if ph == P_SELECT:
        nw = g[_bit_base(g)]
        c = arr[H_COLOUR]
        if nw == 3:
            return _draw_selection3(g, gw, w, rng, c)
        for j in range(nw):  # copies to thin out: the state's own words stay as they are
            sc[SC_SURE * nw + j] = w[W_SURE * nw + j]
            sc[SC_CAND * nw + j] = w[W_CAND * nw + j]
        while True:
            total = 0
            for j in range(nw):
                total += int(popcount64(sc[SC_SURE * nw + j] | sc[SC_CAND * nw + j]))
            if total == 0:
                return -1  # cannot happen in a game that goes on
            k = int(rand_index(rng, total))
            for j in range(nw):
                both = sc[SC_SURE * nw + j] | sc[SC_CAND * nw + j]
                cnt = int(popcount64(both))
                if k < cnt:
                    b = nth_bit64(both, k)
                    bit = _ONE << np.uint64(b)
                    x = _site_of_bit(g, 64 * j + b)
                    if (sc[SC_SURE * nw + j] & bit) != _ZERO or _has_jump(
                        g, gw, w, x, _pot(g, w, x, c)
                    ):
                        return x
                    sc[SC_CAND * nw + j] &= ~bit
                    break
                k -= cnt
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    gb = _bit_base(g)
    if g[gb] == 3 and 2 * b * g[gb + 2] + 1 <= 128:  # on a window: pick there
        fl, fh, base = _window_search(g, gw, w, x, b, 2 * b * g[gb + 2] + 1 > 64)
        cl = int(popcount64(fl))
        m = cl + int(popcount64(fh))
        k = int(rand_index(rng, m + 1)) if ph == P_AFTER_DEPLOY else int(rand_index(rng, m))
        if k == m:
            return 2 * n
        at = base + 64 + nth_bit64(fh, k - cl) if k >= cl else base + nth_bit64(fl, k)
        return _site_of_bit(g, at) + n
    exact = True
    if b <= 5:
        m = _bit_destinations(g, gw, w, x, b, sc)
    elif g[gb] == 3:
        m = _bit_destinations3(g, gw, w, x, b, sc)
        exact = m == _lower_count3(g, gw, w, x, b, sc)
    else:
        exact = False
    if not exact:
        m = quick_destinations(g, arr, x, b, q, buf)
    k = int(rand_index(rng, m + 1)) if ph == P_AFTER_DEPLOY else int(rand_index(rng, m))
    if k == m:
        return 2 * n
    return (bit_pick(g, sc, k) if exact else buf[k]) + n


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until the game ends or ``limit`` actions were taken."""
    n = g[G_N]
    buf = np.zeros(scratch_size(n), dtype=np.int32)
    q = np.zeros(quick_scratch_size(n), dtype=np.int32)
    sc = bit_scratch(g)
    # views without reference counts: the loop passes them to a dozen functions per action
    ug = unmanaged(g)
    ugw = unmanaged(_g_words(g))
    uarr = unmanaged(arr)
    uw = unmanaged(_words(g, arr))
    urng = unmanaged(rng)
    ubuf = unmanaged(buf)
    uq = unmanaged(q)
    usc = unmanaged(sc)
    record = out.shape[0] >= limit
    k = 0
    while uarr[H_PLAYER] >= 0 and k < limit:
        a = choose_random(ug, ugw, uarr, uw, urng, ubuf, uq, usc)
        _apply(ug, ugw, uarr, uw, a)
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
            "each player must deploy or capture at least once in any three consecutive moves "
            "of theirs",
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
        self._start = initial_array(self.board, self.options["setup"], self.consts)

    def initial_array(self) -> Array:
        """The set-up (first player to place stones), or the standard set-up with Black to move."""
        return self._start.copy()

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
        arr = initial_array(self.board, "choose", self.consts)
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
