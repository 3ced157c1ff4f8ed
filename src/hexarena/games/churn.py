"""Churn (Mark Steere, 2024): placement with forced isolation, smallest groups and removals.

Rules (rule sheet plus NOTES.md): Red and Blue place one stone a turn, Red first, with the pie
rule. If any empty cell has no friendly neighbour, exactly those cells are legal. Otherwise each
empty cell would form a group of 1 + the sizes of the distinct friendly groups it touches, and
exactly the cells with the smallest such size are legal. After a placement that touches a
friendly group, every *other* friendly group strictly smaller than the new group is removed. The
game ends when the board is full at the end of a turn; more stones wins (boards have an odd
number of cells, so there is no tie).

The state keeps groups up to date as stones come and go: each group is a circular linked list of
its cells named by a representative cell, with its size; each colour keeps the set of empty
cells with no friendly neighbour, the set of its groups, and per-cell counts of friendly
neighbours. A turn therefore costs work in proportion to the stones it touches, not the board.

State array layout (``int32`` header, then bytes):

=======================  ======================================================
``arr[8:10]``            number of isolated empty cells for Red, Blue
``arr[10]``              number of empty cells
``arr[11:13]``           number of groups of Red, Blue
``arr[13:15]``           stones of Red, Blue
``arr[15]``              number of cells ``n``
then 13 blocks of n      each cell's contents (colour and friendly-neighbour
*bytes* (``uint8``)      counts, :data:`COLOUR_BITS`), group id, group size (by
                         id), next cell in group, isolated-cell lists (2) and
                         positions (2), empty list and positions, group lists (2)
                         and positions (by id); :data:`NONE` (255) for no cell or
                         position
=======================  ======================================================

Every entry after the header is a cell, a count of at most 6 or a size of at most ``n`` (169
on the largest board), so it is kept in bytes, packed into the ``int32`` entries after the
header (:func:`hexarena.bits.byte_view`), and a cell's byte holds its colour (0 empty, 1 Red,
2 Blue: the low two bits) with its counts of Red and of Blue neighbours (three bits each): the
row is 857 bytes on side 5 (14 cache lines; 59 in ``int32`` entries), which is what the
batched step at a thousand environments waits for, and whether a cell is empty with no
friendly stone around it is one byte (docs/batched-speed.md, "Churn's fifth round" and
"Churn's sixth round").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np
from numba import njit

from ..bits import byte_view
from ..core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_SWAPPED,
    H_TURN,
    H_WINNER,
    Array,
    Game,
    Kernels,
    Option,
    OptionError,
    Outcome,
    State,
    apply_swap,
    swap_offered,
)
from ..hexgrid import Board, hexagon, hexhex
from ..kernels_common import (
    end_game,
    join_group,
    merge_groups,
    nb,
    new_group,
    pass_turn,
    plain_kernel,
    set_add_in,
    set_remove_in,
)
from ..rng import rand_below
from .positions import colour_to_move, named_stones, set_to_move

# scalar slots
S_ISO = 8  # 8, 9
S_EMPTY = 10
S_GRP = 11  # 11, 12
S_STONES = 13  # 13, 14
S_N = 15
BASE = 16

# byte blocks (each n bytes, block k from byte 4 * BASE + k * n: see _y)
Y_CELL = 0  # colour and friendly-neighbour counts (COLOUR_BITS, FC_SHIFT)
Y_GID = 1
Y_GSIZE = 2
Y_NXT = 3
Y_ISO = 4  # 4, 5
Y_ISOPOS = 6  # 6, 7
Y_EMPTY = 8
Y_EMPTYPOS = 9
Y_GRP = 10  # 10, 11
Y_GRPPOS = 12
NBYTES = 13

#: A cell's byte (block ``Y_CELL``): its colour in the low bits (``byte & COLOUR_BITS``: 0
#: empty, 1 Red, 2 Blue), then the count of its Red neighbours (three bits from
#: ``FC_SHIFT``) and of its Blue neighbours (three bits from ``FC_SHIFT + 3``): a count is at
#: most 6.
COLOUR_BITS = 3
#: The byte's counts without its colour (``byte & COUNT_BITS``; written, not ``~COLOUR_BITS``,
#: which is negative and no byte's value when the kernels run as plain Python).
COUNT_BITS = 0xFF ^ COLOUR_BITS
FC_SHIFT = 2
FC_BITS = 7

#: No cell (a group id or next cell) and no place in a list, in the byte blocks: boards have at
#: most 169 cells, so no cell, size or place is 255.
NONE = 255

REASON_FULL = 1

#: Indexes computed from the state's own entries are cast to unsigned (``_U(k)``) in the hot
#: kernels: they are never negative, and Numba wraps a negative signed index round (a test and
#: a select on every access), as :mod:`hexarena.kernels_common` explains.
_U = np.uint64


@njit(cache=True, inline="always")
def _y(k: int, n: int) -> int:  # pragma: no cover - compiled
    """Byte of the byte block ``k`` (``Y_...``) in the array's bytes."""
    return 4 * BASE + k * n


#: Byte of the byte block ``k`` of a board of ``n`` cells, for other modules' compiled code
#: (the observation writers).
byte_block = _y


@njit(cache=True, inline="always")
def fc_step(c: int) -> int:  # pragma: no cover - compiled
    """One friendly neighbour of colour ``c`` in a cell's byte (added, or taken away)."""
    return 1 << (FC_SHIFT + 3 * c)


@njit(cache=True, inline="always")
def fc_of(v: int, c: int) -> int:  # pragma: no cover - compiled
    """The count of colour ``c``'s stones around a cell whose byte is ``v``."""
    return (v >> (FC_SHIFT + 3 * c)) & FC_BITS


@njit(cache=True, inline="always")
def open_bits(c: int) -> int:  # pragma: no cover - compiled
    """The bits of a cell's byte that are all 0 exactly when the cell is empty with no stone of
    colour ``c`` around it (isolated for ``c``)."""
    return COLOUR_BITS | (FC_BITS << (FC_SHIFT + 3 * c))


def array_length(n: int) -> int:
    """Entries (``int32``) of the state array of a board of ``n`` cells."""
    return BASE + (NBYTES * n + 3) // 4


@njit(cache=True, inline="always")
def _add(b: Array, arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Add ``x`` to a byte-block set (list at byte ``lst``, places at ``pos``, size
    ``arr[cnt]``)."""
    set_add_in(b, lst, pos, arr, cnt, x, NONE)


@njit(cache=True, inline="always")
def _remove(b: Array, arr: Array, lst: int, pos: int, cnt: int, x: int) -> None:  # pragma: no cover
    """Remove ``x`` from a byte-block set, if it is there."""
    set_remove_in(b, lst, pos, arr, cnt, x, NONE)


# ---------------------------------------------------------------- set-up
def initial_array(n: int) -> Array:
    """The empty board: every cell empty and isolated for both colours."""
    if not 0 < n < NONE:
        raise ValueError(f"Churn's state keeps cells in bytes: 1 to {NONE - 1} cells, not {n}")
    arr = np.zeros(array_length(n), dtype=np.int32)
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = 0
    arr[H_WINNER] = -1
    arr[S_N] = n
    b = arr.view(np.uint8)
    cells = np.arange(n, dtype=np.uint8)
    for k in (Y_GID, Y_NXT, Y_GRPPOS):
        b[_y(k, n) : _y(k + 1, n)] = NONE
    for c in (0, 1):
        b[_y(Y_ISO + c, n) : _y(Y_ISO + c + 1, n)] = cells
        b[_y(Y_ISOPOS + c, n) : _y(Y_ISOPOS + c + 1, n)] = cells
        arr[S_ISO + c] = n
    b[_y(Y_EMPTY, n) : _y(Y_EMPTY + 1, n)] = cells
    b[_y(Y_EMPTYPOS, n) : _y(Y_EMPTYPOS + 1, n)] = cells
    arr[S_EMPTY] = n
    return arr


def consts_for(board: Board) -> Array:
    """The constant table: ``[n, neighbours (n x 6, -1 off the board)]``."""
    return np.concatenate([[board.size], board.neighbors.ravel()]).astype(np.int32)


# ---------------------------------------------------------------- kernels
@njit(cache=True)
def group_size_if_placed(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover
    """Size of the group colour ``c`` would form by placing at empty cell ``x``."""
    n = arr[S_N]
    b = byte_view(arr)
    gid = _y(Y_GID, n)
    col = _y(Y_CELL, n)
    gsz = _y(Y_GSIZE, n)
    seen0 = -1
    seen1 = -1
    seen2 = -1
    total = 1
    k = 0
    for d in range(6):
        y = nb(g, x, d)
        if y >= 0 and (b[col + y] & COLOUR_BITS) == c + 1:
            gg = b[gid + y]
            if gg != seen0 and gg != seen1 and gg != seen2:
                # a cell has at most three pairwise non-adjacent neighbours, so at most three
                # distinct groups can touch it
                total += b[gsz + gg]
                if k == 0:
                    seen0 = gg
                elif k == 1:
                    seen1 = gg
                else:
                    seen2 = gg
                k += 1
    return total


@njit(cache=True)
def smallest_cells(g: Array, arr: Array, c: int, out: Array) -> int:  # pragma: no cover
    """Fill ``out`` with the empty cells forming the smallest group for colour ``c``; return count.

    Used only when colour ``c`` has no isolated empty cell.
    """
    n = arr[S_N]
    b = byte_view(arr)
    emp = _y(Y_EMPTY, n)
    ne = arr[S_EMPTY]
    best = 1 << 30
    m = 0
    for i in range(ne):
        x = b[emp + i]
        s = group_size_if_placed(g, arr, x, c)
        if s < best:
            best = s
            out[0] = x
            m = 1
        elif s == best:
            out[m] = x
            m += 1
    return m


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending: cells, then the swap (action ``n``) when it is offered."""
    n = arr[S_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    c = arr[H_COLOUR]
    out = np.empty(n + 1, dtype=np.int32)
    if arr[S_ISO + c] > 0:
        m = arr[S_ISO + c]
        b = byte_view(arr)
        lst = _y(Y_ISO + c, n)
        for i in range(m):
            out[i] = b[lst + i]
    else:
        m = smallest_cells(g, arr, c, out)
    res = np.sort(out[:m])
    if swap_offered(arr):
        res2 = np.empty(m + 1, dtype=np.int32)
        res2[:m] = res
        res2[m] = n
        return res2
    return res


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = arr[S_N]
    if arr[H_PLAYER] < 0 or a < 0 or a > n:
        return False
    if a == n:
        return swap_offered(arr)
    b = byte_view(arr)
    v = b[_y(Y_CELL, n) + a]
    if (v & COLOUR_BITS) != 0:
        return False
    c = arr[H_COLOUR]
    if arr[S_ISO + c] > 0:
        return fc_of(v, c) == 0
    s = group_size_if_placed(g, arr, a, c)
    emp = _y(Y_EMPTY, n)
    for i in range(arr[S_EMPTY]):  # noqa: SIM110 - a plain loop compiles best
        if group_size_if_placed(g, arr, b[emp + i], c) < s:
            return False
    return True


@njit(cache=True, inline="always")
def _remove_group(g: Array, arr: Array, grp: int, c: int) -> None:  # pragma: no cover
    """Take every stone of group ``grp`` (colour ``c``) off the board."""
    n = arr[S_N]
    b = byte_view(arr)
    col = _y(Y_CELL, n)
    gid = _y(Y_GID, n)
    nxt = _y(Y_NXT, n)
    step = fc_step(c)
    isolated = open_bits(c)
    iso = _y(Y_ISO + c, n)
    isop = _y(Y_ISOPOS + c, n)
    isoo = _y(Y_ISO + 1 - c, n)
    isopo = _y(Y_ISOPOS + 1 - c, n)
    size = b[_U(_y(Y_GSIZE, n) + grp)]
    z = grp
    for _ in range(size):
        znext = b[_U(nxt + z)]
        v = b[_U(col + z)] & COUNT_BITS
        b[_U(col + z)] = v
        b[_U(gid + z)] = NONE
        b[_U(nxt + z)] = NONE
        _add(b, arr, _y(Y_EMPTY, n), _y(Y_EMPTYPOS, n), S_EMPTY, z)
        for d in range(6):
            y = nb(g, z, d)
            if y >= 0:
                w = b[_U(col + y)] - step
                b[_U(col + y)] = w
                if (w & isolated) == 0:  # empty, and no stone of c around it now
                    _add(b, arr, iso, isop, S_ISO + c, y)
        if fc_of(v, c) == 0:
            _add(b, arr, iso, isop, S_ISO + c, z)
        if fc_of(v, 1 - c) == 0:
            _add(b, arr, isoo, isopo, S_ISO + 1 - c, z)
        z = znext
    arr[_U(S_STONES + c)] -= size
    _remove(b, arr, _y(Y_GRP + c, n), _y(Y_GRPPOS, n), S_GRP + c, grp)


@njit(cache=True, inline="always")
def place_stone(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Put a stone of colour ``c`` on empty cell ``x`` and merge the groups it touches.

    Keeps every table up to date but removes nothing and leaves the header alone; returns the
    id of the stone's group. :func:`apply` adds the removals and the turn.
    """
    n = arr[S_N]
    b = byte_view(arr)
    col = _y(Y_CELL, n)
    gid = _y(Y_GID, n)
    nxt = _y(Y_NXT, n)
    gsz = _y(Y_GSIZE, n)
    step = fc_step(c)
    b[_U(col + x)] |= c + 1  # (it was empty: its colour bits 0)
    arr[_U(S_STONES + c)] += 1
    _remove(b, arr, _y(Y_EMPTY, n), _y(Y_EMPTYPOS, n), S_EMPTY, x)
    _remove(b, arr, _y(Y_ISO, n), _y(Y_ISOPOS, n), S_ISO, x)
    _remove(b, arr, _y(Y_ISO + 1, n), _y(Y_ISOPOS + 1, n), S_ISO + 1, x)
    # friendly-neighbour counts, and groups touched: by selects rather than branches (whether
    # a neighbour is on the board, empty, friendly or not goes one way or the other at random),
    # an off-board neighbour's count written back unchanged on cell 0
    g0 = -1
    best = -1
    lone = open_bits(c)
    for d in range(6):
        y = nb(g, x, d)
        on = y >= 0
        y0 = y if on else 0  # cell 0 stands for an off-board neighbour
        z = _U(col + y0)
        w = b[z]
        w = w + step if on else w
        b[z] = w
        if on and (w & lone) == step:  # an empty cell that now has one stone of c around it
            _remove(b, arr, _y(Y_ISO + c, n), _y(Y_ISOPOS + c, n), S_ISO + c, y)
        mine = on & ((w & COLOUR_BITS) == c + 1)
        gg = b[_U(gid + y0)] if mine else 0  # (an empty cell's id is NONE: not an index)
        size = b[_U(gsz + gg)]
        larger = mine & (size > best)
        best = size if larger else best
        g0 = gg if larger else g0
    if g0 < 0:  # isolated placement: a new group of one; nothing is removed
        new_group(b, gid, nxt, gsz, x)
        _add(b, arr, _y(Y_GRP + c, n), _y(Y_GRPPOS, n), S_GRP + c, x)
    else:
        # merge every other touched group into g0 (the largest), then add x
        for d in range(6):
            y = nb(g, x, d)
            if y >= 0 and (b[_U(col + y)] & COLOUR_BITS) == c + 1:
                gg = b[_U(gid + y)]
                if gg != g0:
                    merge_groups(b, gid, nxt, gsz, g0, gg)
                    _remove(b, arr, _y(Y_GRP + c, n), _y(Y_GRPPOS, n), S_GRP + c, gg)
        join_group(b, gid, nxt, gsz, g0, x)
    return b[gid + x]


@plain_kernel
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action: a placement with its merges and removals, or the swap.

    Compiled without reference counting (:func:`hexarena.kernels_common.plain_kernel`): each
    helper compiled into it otherwise raised and lowered the counts of the arrays it was given,
    a call into Numba's runtime each time."""
    n = arr[S_N]
    if a == n:
        apply_swap(arr)
        return
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    arr[H_TURN] += 1
    g0 = place_stone(g, arr, a, c)
    b = byte_view(arr)
    gsz = _y(Y_GSIZE, n)
    size = b[gsz + g0]
    if size > 1:
        # the stone joined a friendly group: remove every other friendly group strictly smaller
        lst = _y(Y_GRP + c, n)
        i = 0
        while i < arr[_U(S_GRP + c)]:
            gg = b[_U(lst + i)]
            if gg != g0 and b[_U(gsz + gg)] < size:
                _remove_group(g, arr, gg, c)  # swap-removes entry i; look at i again
            else:
                i += 1
    if arr[S_EMPTY] == 0:
        s0 = arr[S_STONES]
        s1 = arr[S_STONES + 1]
        end_game(arr, 0 if s0 > s1 else 1, REASON_FULL)
        return
    pass_turn(arr, c)


@njit(cache=True)
def choose_random(g: Array, arr: Array, rng: Any, buf: Array) -> int:  # pragma: no cover
    """A uniformly random legal action (``buf`` is scratch of length ``n + 1``)."""
    n = arr[S_N]
    c = arr[H_COLOUR]
    if swap_offered(arr):
        acts = legal(g, arr)
        return acts[rand_below(rng, acts.shape[0])]
    m = arr[S_ISO + c]
    if m > 0:
        return byte_view(arr)[_y(Y_ISO + c, n) + rand_below(rng, m)]
    m = smallest_cells(g, arr, c, buf)
    return buf[rand_below(rng, m)]


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal play until the board fills or ``limit`` actions were taken."""
    n = arr[S_N]
    buf = np.empty(n + 1, dtype=np.int32)
    record = out.shape[0] >= limit
    k = 0
    while arr[H_PLAYER] >= 0 and k < limit:
        a = choose_random(g, arr, rng, buf)
        apply(g, arr, a)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- the Game
class Churn(Game):
    """Churn on a regular hexhex board (``size``) or an irregular hexagon (``sides``)."""

    name: ClassVar[str] = "churn"
    title: ClassVar[str] = "Churn"
    colours: ClassVar[tuple[str, str]] = ("Red", "Blue")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("size", "int", 3, "side of the regular hexagonal board", minimum=2, maximum=8),
        Option(
            "sides", "sides", None, "six side lengths of an irregular hexagon, e.g. 3,4,3,4,3,4"
        ),
    )
    special_actions: ClassVar[tuple[str, ...]] = ("swap",)

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Refuse boards with an even number of cells (a tie would be possible)."""
        if options["sides"] is not None:
            board = hexagon(options["sides"])
            options["size"] = None
            largest = hexhex(cls.option_specs[0].maximum or 8).size
            if board.size > largest:
                raise OptionError(
                    f"option sides: {board.description} has {board.size} cells; Churn's boards "
                    f"have at most {largest} (the largest size)"
                )
        else:
            board = hexhex(options["size"])
        if board.size % 2 == 0:
            raise OptionError(
                f"Churn needs a board with an odd number of cells so that there is no tie; "
                f"{board.description} has {board.size}"
            )

    @classmethod
    def parse_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """As :meth:`Game.parse_options`, refusing ``size`` and ``sides`` together."""
        if given.get("sides") is not None and given.get("size") is not None:
            raise OptionError("give either size or sides, not both")
        return super().parse_options(given)

    def record_tags(self) -> dict[str, str]:
        """Only the option that shapes the board."""
        if self.options["sides"] is not None:
            return {"sides": ",".join(map(str, self.options["sides"]))}
        return {"size": str(self.options["size"])}

    def setup(self) -> None:
        """Build the board and constant tables."""
        sides = self.options["sides"]
        self.board = hexagon(sides) if sides is not None else hexhex(self.options["size"])
        self.consts = consts_for(self.board)
        self.kernels = KERNELS

    def initial_array(self) -> Array:
        """The empty board, Red to move."""
        return initial_array(self.board.size)

    def stones(self, arr: Array) -> tuple[int, int]:
        """Stones of Red and Blue on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def cell_colours(self, arr: Array) -> Array:
        """Per cell: 0 empty, 1 Red, 2 Blue."""
        n = self.board.size
        b = np.ascontiguousarray(arr).view(np.uint8)
        return (b[_y(Y_CELL, n) : _y(Y_CELL + 1, n)] & COLOUR_BITS).astype(np.int32)

    def group_sizes(self, arr: Array) -> Array:
        """Per cell: the size of its group (0 for an empty cell)."""
        n = self.board.size
        b = np.ascontiguousarray(arr).view(np.uint8)
        gid = b[_y(Y_GID, n) : _y(Y_GID + 1, n)]
        gsz = b[_y(Y_GSIZE, n) : _y(Y_GSIZE + 1, n)]
        return np.where(gid != NONE, gsz[np.minimum(gid, n - 1)], 0).astype(np.int32)

    def outcome_of(self, arr: Array) -> Outcome:
        """Winner by majority of stones on the full board."""
        wc = int(arr[H_WINNER])
        seat = wc ^ int(arr[H_SWAPPED])
        r, b = self.stones(arr)
        return Outcome(
            winner=seat,
            winner_colour=self.colours[wc],
            reason=f"the board is full, Red {r} stones, Blue {b}",
            score={"Red": r, "Blue": b},
        )

    def cell_view(self, arr: Array) -> list[str]:
        """``R`` or ``B`` for a stone, ``.`` for an empty cell."""
        return [".RB"[v] for v in self.cell_colours(arr)]

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """The board with ``R``/``B`` stones and ``.`` for empty cells."""
        glyphs = self.cell_view(arr)
        r, b = self.stones(arr)
        head = f"Churn, {self.board.description}: Red {r}, Blue {b}, turn {int(arr[H_TURN]) + 1}"
        return head + "\n" + self.board.render(glyphs, coordinates=coordinates)

    def position(
        self,
        red: Iterable[str] = (),
        blue: Iterable[str] = (),
        *,
        to_move: str = "Red",
        swapped: bool = False,
        turn: int = 2,
    ) -> State:
        """A state with the given stones on the board (cell names), for analysis and tests.

        Groups are formed as the stones lie; nothing is removed. The state's history starts
        here. ``turn`` is the number of turns taken before it (it must be at least 2 unless the
        board is empty, so that the swap is not offered by mistake).
        """
        arr = initial_array(self.board.size)
        for x, colour in named_stones(self.board, (red, blue)):
            place_stone(self.consts, arr, x, colour)
        set_to_move(arr, colour_to_move(self.colours, to_move), swapped=swapped, turn=turn)
        if arr[S_EMPTY] == 0:
            raise OptionError("a position to play from needs at least one empty cell")
        return State(self, arr)

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why a placement or the swap is refused, in the sheet's words."""
        n = self.board.size
        if a == n:
            return "the swap is offered only to the second player on their first turn"
        cols = self.cell_colours(arr)
        if cols[a] != 0:
            return "that cell is occupied"
        c = int(arr[H_COLOUR])
        if arr[S_ISO + c] > 0:
            return (
                "it touches one of your stones, and while an empty cell touches none of your "
                "stones, you must play on such a cell"
            )
        s = int(group_size_if_placed(self.consts, arr, a, c))
        return f"it would make a group of {s}; a placement must form the smallest group possible"


GAME = Churn
