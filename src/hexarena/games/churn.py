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

State array layout (after the common header):

====================  =========================================================
``arr[8:10]``         number of isolated empty cells for Red, Blue
``arr[10]``           number of empty cells
``arr[11:13]``        number of groups of Red, Blue
``arr[13:15]``        stones of Red, Blue
``arr[15]``           number of cells ``n``
then 15 blocks of n   colour (0 empty, 1 Red, 2 Blue), group id, next cell in
                      group, group size (by id), friendly-neighbour counts (2),
                      isolated-cell lists (2) and positions (2), empty list and
                      positions, group lists (2) and positions (by id)
====================  =========================================================
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np
from numba import njit

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
    set_add,
    set_remove,
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

# block numbers (each block has n entries, starting at BASE + k * n)
B_COL = 0
B_GID = 1
B_NXT = 2
B_GSIZE = 3
B_FC = 4  # 4, 5
B_ISO = 6  # 6, 7
B_ISOPOS = 8  # 8, 9
B_EMPTY = 10
B_EMPTYPOS = 11
B_GRP = 12  # 12, 13
B_GRPPOS = 14
NBLOCKS = 15

REASON_FULL = 1

#: Indexes computed from the state's own entries are cast to unsigned (``_U(k)``) in the hot
#: kernels: they are never negative, and Numba wraps a negative signed index round (a test and
#: a select on every access), as :mod:`hexarena.kernels_common` explains.
_U = np.uint64


@njit(cache=True, inline="always")
def _o(k: int, n: int) -> int:  # pragma: no cover - compiled
    return BASE + k * n


# ---------------------------------------------------------------- set-up
def initial_array(n: int) -> Array:
    """The empty board: every cell empty and isolated for both colours."""
    arr = np.zeros(BASE + NBLOCKS * n, dtype=np.int32)
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = 0
    arr[H_WINNER] = -1
    arr[S_N] = n
    cells = np.arange(n, dtype=np.int32)
    for b in (B_GID, B_NXT, B_GRPPOS):
        arr[_o(b, n) : _o(b + 1, n)] = -1
    for c in (0, 1):
        arr[_o(B_ISO + c, n) : _o(B_ISO + c + 1, n)] = cells
        arr[_o(B_ISOPOS + c, n) : _o(B_ISOPOS + c + 1, n)] = cells
        arr[S_ISO + c] = n
    arr[_o(B_EMPTY, n) : _o(B_EMPTY + 1, n)] = cells
    arr[_o(B_EMPTYPOS, n) : _o(B_EMPTYPOS + 1, n)] = cells
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
    gid = _o(B_GID, n)
    col = _o(B_COL, n)
    gsz = _o(B_GSIZE, n)
    seen0 = -1
    seen1 = -1
    seen2 = -1
    total = 1
    k = 0
    for d in range(6):
        y = nb(g, x, d)
        if y >= 0 and arr[col + y] == c + 1:
            gg = arr[gid + y]
            if gg != seen0 and gg != seen1 and gg != seen2:
                # a cell has at most three pairwise non-adjacent neighbours, so at most three
                # distinct groups can touch it
                total += arr[gsz + gg]
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
    emp = _o(B_EMPTY, n)
    ne = arr[S_EMPTY]
    best = 1 << 30
    m = 0
    for i in range(ne):
        x = arr[emp + i]
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
        lst = _o(B_ISO + c, n)
        for i in range(m):
            out[i] = arr[lst + i]
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
    if arr[_o(B_COL, n) + a] != 0:
        return False
    c = arr[H_COLOUR]
    if arr[S_ISO + c] > 0:
        return arr[_o(B_FC + c, n) + a] == 0
    s = group_size_if_placed(g, arr, a, c)
    emp = _o(B_EMPTY, n)
    for i in range(arr[S_EMPTY]):  # noqa: SIM110 - a plain loop compiles best
        if group_size_if_placed(g, arr, arr[emp + i], c) < s:
            return False
    return True


@njit(cache=True, inline="always")
def _remove_group(g: Array, arr: Array, grp: int, c: int) -> None:  # pragma: no cover
    """Take every stone of group ``grp`` (colour ``c``) off the board."""
    n = arr[S_N]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    nxt = _o(B_NXT, n)
    fc = _o(B_FC + c, n)
    fco = _o(B_FC + 1 - c, n)
    iso = _o(B_ISO + c, n)
    isop = _o(B_ISOPOS + c, n)
    isoo = _o(B_ISO + 1 - c, n)
    isopo = _o(B_ISOPOS + 1 - c, n)
    size = arr[_U(_o(B_GSIZE, n) + grp)]
    z = grp
    for _ in range(size):
        znext = arr[_U(nxt + z)]
        arr[_U(col + z)] = 0
        arr[_U(gid + z)] = -1
        arr[_U(nxt + z)] = -1
        set_add(arr, _o(B_EMPTY, n), _o(B_EMPTYPOS, n), S_EMPTY, z)
        for d in range(6):
            y = nb(g, z, d)
            if y >= 0:
                arr[_U(fc + y)] -= 1
                if arr[_U(fc + y)] == 0 and arr[_U(col + y)] == 0:
                    set_add(arr, iso, isop, S_ISO + c, y)
        if arr[_U(fc + z)] == 0:
            set_add(arr, iso, isop, S_ISO + c, z)
        if arr[_U(fco + z)] == 0:
            set_add(arr, isoo, isopo, S_ISO + 1 - c, z)
        z = znext
    arr[_U(S_STONES + c)] -= size
    set_remove(arr, _o(B_GRP + c, n), _o(B_GRPPOS, n), S_GRP + c, grp)


@njit(cache=True, inline="always")
def place_stone(g: Array, arr: Array, x: int, c: int) -> int:  # pragma: no cover - compiled
    """Put a stone of colour ``c`` on empty cell ``x`` and merge the groups it touches.

    Keeps every table up to date but removes nothing and leaves the header alone; returns the
    id of the stone's group. :func:`apply` adds the removals and the turn.
    """
    n = arr[S_N]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    nxt = _o(B_NXT, n)
    gsz = _o(B_GSIZE, n)
    fc = _o(B_FC + c, n)
    arr[_U(col + x)] = c + 1
    arr[_U(S_STONES + c)] += 1
    set_remove(arr, _o(B_EMPTY, n), _o(B_EMPTYPOS, n), S_EMPTY, x)
    set_remove(arr, _o(B_ISO, n), _o(B_ISOPOS, n), S_ISO, x)
    set_remove(arr, _o(B_ISO + 1, n), _o(B_ISOPOS + 1, n), S_ISO + 1, x)
    # friendly-neighbour counts, and groups touched
    g0 = -1
    best = -1
    for d in range(6):
        y = nb(g, x, d)
        if y >= 0:
            arr[_U(fc + y)] += 1
            cy = arr[_U(col + y)]
            if cy == 0:
                if arr[_U(fc + y)] == 1:
                    set_remove(arr, _o(B_ISO + c, n), _o(B_ISOPOS + c, n), S_ISO + c, y)
            elif cy == c + 1:
                gg = arr[_U(gid + y)]
                if arr[_U(gsz + gg)] > best:
                    best = arr[_U(gsz + gg)]
                    g0 = gg
    if g0 < 0:  # isolated placement: a new group of one; nothing is removed
        new_group(arr, gid, nxt, gsz, x)
        set_add(arr, _o(B_GRP + c, n), _o(B_GRPPOS, n), S_GRP + c, x)
    else:
        # merge every other touched group into g0 (the largest), then add x
        for d in range(6):
            y = nb(g, x, d)
            if y >= 0 and arr[_U(col + y)] == c + 1:
                gg = arr[_U(gid + y)]
                if gg != g0:
                    merge_groups(arr, gid, nxt, gsz, g0, gg)
                    set_remove(arr, _o(B_GRP + c, n), _o(B_GRPPOS, n), S_GRP + c, gg)
        join_group(arr, gid, nxt, gsz, g0, x)
    return arr[gid + x]


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
    gsz = _o(B_GSIZE, n)
    size = arr[gsz + g0]
    if size > 1:
        # the stone joined a friendly group: remove every other friendly group strictly smaller
        lst = _o(B_GRP + c, n)
        i = 0
        while i < arr[_U(S_GRP + c)]:
            gg = arr[_U(lst + i)]
            if gg != g0 and arr[_U(gsz + gg)] < size:
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
        return arr[_o(B_ISO + c, n) + rand_below(rng, m)]
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
        return np.asarray(arr[_o(B_COL, n) : _o(B_COL + 1, n)]).copy()

    def group_sizes(self, arr: Array) -> Array:
        """Per cell: the size of its group (0 for an empty cell)."""
        n = self.board.size
        gid = arr[_o(B_GID, n) : _o(B_GID + 1, n)]
        gsz = arr[_o(B_GSIZE, n) : _o(B_GSIZE + 1, n)]
        return np.where(gid >= 0, gsz[np.maximum(gid, 0)], 0).astype(np.int32)

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
            return "a stone that can be placed in isolation must be (no friendly neighbour)"
        s = int(group_size_if_placed(self.consts, arr, a, c))
        return f"it would make a group of {s}; a placement must form the smallest group possible"


GAME = Churn
