"""Throngs' state array and constant table: where everything is, and the views the kernels
work on.

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
``arr[21:23]``        positions recorded for the repetition rule; their stones
then n entries        site contents (0 empty, 1 Black, 2 White)
then 9 bitboards      (from an even index, each ``words`` 64-bit words stored as
                      pairs of int32) empty sites; Black's stones; White's stones;
                      the four bit planes of the Black-minus-White potentials; and,
                      while a move is to be chosen, the mover's sure selections and
                      the stones only a jump could move
then 1 word           the Zobrist hash of the site contents
``arr[23]``           1 once a position could not be recorded because the
                      repetition table was full (only a driver that does not give
                      the table room lets that happen: see below)
then the rest         with ``repetition``: the table of the hashes of the positions
(``REP_CAP`` words    met at the start of a turn since the number of stones last
to begin with)        changed, in the order met (``arr[21]`` of them recorded, with
                      ``arr[22]`` stones); its capacity is whatever the array holds
                      after the hash
====================  =========================================================

The repetition table grows: its capacity is read from the length of the array, so a state
array may be longer than :func:`hexarena.games.throngs.rules.initial_array` makes it. A turn
start records at most one position, so a state with ``k`` free entries takes at least ``k``
more actions; the drivers give it room before it is full (:func:`spare_turns`, and
``Throngs.with_room``, which doubles the table), and the batched environments, whose rows are
of one size, end a game whose table is full as truncated. Nothing is forgotten: a table
that is full when a position must be recorded (a driver that gave it no room) marks the state
with ``arr[S_REPLOST]`` rather than overwrite an entry.

Every change of a site goes through one function that keeps these up to date: seven
potentials, three bits, and the potential planes by a bit-sliced add of the site's vicinity
word. Whether a player has a move, and which sites they may select, then costs a few dozen
word operations per move: potentials of at least 1 and 2 come straight from the planes, and
"next to an empty site" from six shifts of the empty sites. Everything in the array but the
repetition table follows from the contents and the header.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ...core import Array
from ...hexgrid import DIRECTIONS, Board
from ...kernels_common import _U

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
S_REPN = 21  # positions recorded in the repetition table since the stone count changed
S_REPTOTAL = 22  # stones on the board in those positions
S_REPLOST = 23  # 1 once a position could not be recorded (the table was full)
BASE = 32


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
REASON_REPETITION = 2

#: Positions the repetition table holds to begin with: those met at the start of a turn since
#: the number of stones last changed (no earlier one can come back: only a deploy changes it,
#: and it only grows). The table grows when full (:data:`S_REPLOST`, ``Throngs.with_room``).
REP_CAP = 1024
#: Zobrist keys in the constant words: two per site (a Black or White stone there), two for
#: the colour to move and three per colour for its ``no_stalling`` count.
REPETITIONS = ("third", "off")

#: Largest possible dispatch budget: a vicinity has at most 7 sites.
MAX_BUDGET = 7
#: Stars kept per site in the constant words: budgets 2 to ``MAX_BUDGET`` (:func:`_star`).
STARS = MAX_BUDGET - 1

# constant table: [n, no_stalling, the repetition table's first capacity (0: off), neighbours]
G_N = 0
G_NOSTALL = 1
G_REP = 2
G_NB = 3


# ---------------------------------------------------------------- set-up
@njit(cache=True, inline="always")
def words_offset(n: int) -> int:
    """Where the bitboards start in the state array of a board of ``n`` sites (an even index,
    so the int32 pairs line up with 64-bit words)."""
    off = BASE + NBLOCKS * n
    return off + (off & 1)


def consts_for(board: Board, no_stalling: bool, repetition: str = "third") -> Array:
    """The constant table: ``[n, no_stalling, the repetition table's capacity in a new state
    (0 with repetition off), neighbours (n x 6, -1 off the board)]``, then the bitboard tables:
    ``[words, 6 bit offsets of the directions, each site's bit (n), each bit's site (64 x
    words, -1 for none)]``, then (from an even index, as pairs of int32) the 64-bit words of
    the board's sites, of each site's vicinity, and of each site's stars (``words`` each;
    :func:`_star`), then the Zobrist keys of positions (:func:`_zobrist`).

    A site's bit is ``W * (r - rmin) + (q - qmin)`` with ``W`` one more than the board's width:
    the spare column takes what a shift pushes over an edge, so every neighbour is a shift.
    """
    n = board.size
    head = [n, int(no_stalling), REP_CAP if repetition == "third" else 0]
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
    # fixed keys (the same on every run), so that a position's hash never depends on the run
    keys = np.random.default_rng(20201125).integers(
        0, 2**64 - 1, size=2 * n + 8, dtype=np.uint64, endpoint=True
    )
    return np.concatenate(
        [np.asarray(ints, dtype=np.int32), table.view(np.int32), keys.view(np.int32)]
    )


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
    vicinity, then each site's stars (``words`` each), then the Zobrist keys."""
    off = _g_offset(g)
    return g[off : off + 2 * (_zobrist(g) + 2 * g[G_N] + 8)].view(np.uint64)


@njit(cache=True, inline="always")
def _zobrist(g: Array) -> int:  # pragma: no cover - compiled
    """Where the Zobrist keys start in the constant words: ``2 x + c`` for a stone of colour
    ``c`` on site ``x``, ``2 n + c`` for colour ``c`` to move, ``2 n + 2 + 3 c + k`` for
    colour ``c``'s ``no_stalling`` count ``k``."""
    return (1 + (1 + STARS) * g[G_N]) * g[_bit_base(g)]


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
    """The state's bitboards (blocks ``W_*`` of ``words`` uint64), then the contents' hash
    and the repetition table (to the end of ``arr``), a view sharing ``arr``'s memory.
    Making a view costs about as much as a stone change, so the kernels make them once (per
    call of a public kernel, per playout) and pass them down as ``gw`` and ``w``."""
    off = words_offset(g[G_N])
    return arr[off : off + 2 * ((arr.shape[0] - off) // 2)].view(np.uint64)


@intrinsic
def _u64_view_intrinsic(
    typingctx: Any, arr: Any, start: Any, count: Any
) -> Any:  # pragma: no cover - compiled
    """``count`` 64-bit words of the int32 array ``arr`` (contiguous) from its entry ``start``
    (even), a view without a reference count, as :func:`hexarena.bits.unmanaged` makes: the
    same as ``arr[start : start + 2 * count].view(np.uint64)`` for a kernel that uses it only
    while ``arr`` lives, without the cost of Numba's ``view`` (some 30 ns a call, as much as a
    stone change)."""
    if not (isinstance(arr, types.Array) and arr.ndim == 1 and arr.dtype == types.int32):
        return None
    retty = types.Array(types.uint64, 1, "C")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = context.make_array(signature.args[0])(context, builder, value=args[0])
        out = context.make_array(retty)(context, builder)
        at = context.cast(builder, args[1], signature.args[1], types.intp)
        cnt = context.cast(builder, args[2], signature.args[2], types.intp)
        intp = context.get_value_type(types.intp)
        data = builder.bitcast(
            builder.gep(src.data, [at]), context.get_value_type(types.uint64).as_pointer()
        )
        context.populate_array(
            out,
            data=data,
            shape=cgutils.pack_array(builder, [cnt]),  # type: ignore[no-untyped-call]
            strides=cgutils.pack_array(builder, [ir.Constant(intp, 8)]),  # type: ignore[no-untyped-call]
            itemsize=ir.Constant(intp, 8),
            meminfo=None,
        )
        return out._getvalue()

    return retty(arr, start, count), codegen


_u64_view: Any = _u64_view_intrinsic  # typed for callers, as in hexarena.bits

if getattr(config, "DISABLE_JIT", 0):  # plain Python: an intrinsic cannot run there
    _g_words_bare = _g_words
    _words_bare = _words
else:

    @njit(cache=True, inline="always")
    def _g_words_bare(g: Array) -> Any:  # pragma: no cover - compiled
        """:func:`_g_words` without a reference count (:func:`_u64_view`), for the kernels
        called once per action from the batched environments."""
        return _u64_view(g, _g_offset(g), _zobrist(g) + 2 * g[G_N] + 8)

    @njit(cache=True, inline="always")
    def _words_bare(g: Array, arr: Array) -> Any:  # pragma: no cover - compiled
        """:func:`_words` without a reference count (:func:`_u64_view`)."""
        off = words_offset(g[G_N])
        return _u64_view(arr, off, (arr.shape[0] - off) // 2)


@njit(cache=True, inline="always")
def _site_of_bit(g: Array, b: int) -> int:  # pragma: no cover - compiled
    gb = _bit_base(g)
    return g[_U(gb + 7 + g[G_N] + b)]


def table_start(g: Array) -> int:
    """Where the repetition table starts in the state array (an even index)."""
    n = int(g[G_N])
    return words_offset(n) + 2 * (NWBLOCKS * int(g[G_NB + 6 * n]) + 1)


def spare_turns(g: Array, arr: Array) -> int:
    """How many more positions the repetition table of ``arr`` can record: a driver may apply
    at least this many actions before it must give the table room (a very large number with
    ``repetition`` off, which keeps no table)."""
    if g[G_REP] == 0:
        return 1 << 62
    return (arr.shape[0] - table_start(g)) // 2 - int(arr[S_REPN])
