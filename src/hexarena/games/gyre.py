"""Gyre (Mark Steere, 2015): loops round the centre that the opponent can never surround.

Rules (rule sheet plus NOTES.md). Red and Blue place one stone a turn on any empty cell, Red
first, with the pie rule; stones never move and nothing is captured. A player P wins as soon as,
after P's placement, some group G of P has a winning loop:

1. G has at least two stones on the perimeter ring R (a loop joins two perimeter stones);
2. G walls off the centre c on the short side: the component of (board minus G) that holds c
   meets the ring in at most ``|R|/2 - 1`` cells (or c is in G, or that component touches no
   ring cell);
3. the opponent can never surround G: every other component Y of (board minus G) meets the ring
   in one run of cells between two ring stones of G, numbered 1..m along the ring, and no
   connected set of cells that P does not occupy holds two ring cells ``i < j`` of that run with
   ``j - i >= |R|/2``.

How the kernels decide it (``docs/games/gyre.md`` has the argument and worked cases). The ring
stones of G cut the ring into *arcs*, the runs of ring cells between two ring stones of G that
follow each other; each arc lies in one component of (board minus G), and at most one arc is
``|R|/2`` cells or longer. In a run of ``m`` cells, cells 1 and m are next to ring stones of G,
so P never occupies them (they would belong to G), and the cells next to G on that side join
them without touching a stone of P: P's other stones can never stop the opponent going round G
along its edge, and condition 3 fails exactly when some run other than the centre's has
``m - 1 >= |R|/2``. So, with ``l`` the longest arc of G: ``l < |R|/2`` wins; ``l > |R|/2``
does not; ``l == |R|/2`` wins exactly when the centre cannot reach that arc without crossing G
(a flood fill). A group's verdict depends on its own cells only, so after a placement only the
group holding the new stone can have become a winner, and a win once there never goes away.
Each group keeps a list of its ring stones and its longest arc, worked out again (a sort of its
few ring positions) only when its ring stones change.

State array layout (after the common header):

====================  =========================================================
``arr[8]``            number of cells ``n``
``arr[9]``            ring length ``|R|``
``arr[10]``           number of empty cells
``arr[11]``           last cell played (-1 before the first stone)
``arr[12]``           stamp counter for the flood fill's scratch marks
``arr[13:15]``        stones of Red, Blue
``arr[15]``           the winning group (its id, a cell of it), -1 while the game goes on
then 13 blocks of n   colour (0 empty, 1 Red, 2 Blue); group id; next cell of the
                      group (circular lists); by group id: stones, ring stones, one
                      ring stone; next ring stone of the group (circular lists);
                      by group id: longest arc and the ring position before it;
                      empty list and positions; scratch: flood-fill marks, and
                      sorted ring positions / flood-fill stack
====================  =========================================================

The constant table is ``[n, |R|, centre, |R|/2, neighbours (n x 6), ring (|R|), ring position
of each cell (-1 off the ring)]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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
from ..hexgrid import Board, hexhex
from ..kernels_common import (
    _U,
    end_game,
    join_group,
    merge_groups,
    nb_at,
    new_group,
    pass_turn,
    set_remove,
    splice,
)
from ..rng import rand_below
from .positions import colour_to_move, named_stones, set_to_move

# scalar slots
S_N = 8
S_R = 9
S_EMPTY = 10
S_LAST = 11
S_STAMP = 12
S_STONES = 13  # 13, 14
S_WIN = 15
BASE = 16

# blocks of n entries, starting at BASE + k * n
B_COL = 0  # 0 empty, 1 Red, 2 Blue
B_GID = 1  # group id (a cell of the group) of each stone, -1 for an empty cell
B_NXT = 2  # next cell of the same group (a circular list)
B_GSIZE = 3  # by group id: stones
B_RCNT = 4  # by group id: stones on the ring
B_RHEAD = 5  # by group id: one ring stone of the group, -1 if none
B_RNXT = 6  # next ring stone of the same group (a circular list), for ring cells
B_ARC = 7  # by group id, for groups with two or more ring stones: longest arc length
B_ARCAT = 8  # by group id: ring position of the stone just before that arc
B_EMPTY = 9  # the empty cells (a list) ...
B_EMPTYPOS = 10  # ... and each empty cell's place in it
B_MARK = 11  # scratch: flood-fill stamps
B_BUF = 12  # scratch: sorted ring positions, flood-fill stack
NBLOCKS = 13

# constant table
G_N = 0
G_R = 1
G_CENTRE = 2
G_HALF = 3
G_NB = 4

REASON_LOOP = 1


@njit(cache=True, inline="always")
def _o(k: int, n: int) -> int:  # pragma: no cover - compiled
    return BASE + k * n


@njit(cache=True, inline="always")
def _ring_off(n: int) -> int:  # pragma: no cover - compiled
    return G_NB + 6 * n


# ---------------------------------------------------------------- set-up
def initial_array(n: int, ring_length: int) -> Array:
    """The empty board, Red to move."""
    arr = np.zeros(BASE + NBLOCKS * n, dtype=np.int32)
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = 0
    arr[H_WINNER] = -1
    arr[S_N] = n
    arr[S_R] = ring_length
    arr[S_EMPTY] = n
    arr[S_LAST] = -1
    arr[S_WIN] = -1
    cells = np.arange(n, dtype=np.int32)
    for b in (B_GID, B_NXT, B_RHEAD, B_RNXT):
        arr[_o(b, n) : _o(b + 1, n)] = -1
    arr[_o(B_EMPTY, n) : _o(B_EMPTY + 1, n)] = cells
    arr[_o(B_EMPTYPOS, n) : _o(B_EMPTYPOS + 1, n)] = cells
    return arr


def consts_for(board: Board) -> Array:
    """The constant table: sizes, centre, neighbours, ring order and ring positions."""
    n = board.size
    ring = board.ring.astype(np.int32)
    rpos = np.full(n, -1, dtype=np.int32)
    rpos[ring] = np.arange(len(ring), dtype=np.int32)
    head = np.array([n, len(ring), board.centre, len(ring) // 2], dtype=np.int32)
    return np.concatenate([head, board.neighbors.ravel(), ring, rpos]).astype(np.int32)


# ---------------------------------------------------------------- kernels
@njit(cache=True, inline="always")
def _ring_pos(g: Array, n: int, x: int) -> int:  # pragma: no cover - compiled
    """Position of cell ``x`` on the ring, -1 off the ring."""
    return g[_U(_ring_off(n) + g[G_R] + x)]


@njit(cache=True, inline="always")
def _nb(g: Array, x: int, d: int) -> int:  # pragma: no cover - compiled
    """Neighbour ``d`` of cell ``x`` (-1 off the board): :func:`nb_at` through an unsigned
    index (Numba tests a signed one for a negative value)."""
    return g[_U(G_NB + 6 * x + d)]


@njit(cache=True)
def place_stone(g: Array, arr: Array, x: int, c: int) -> bool:  # pragma: no cover - compiled
    """Put a stone of colour ``c`` on empty cell ``x`` and merge the groups it touches.

    Keeps the tables up to date and leaves the header alone. Returns whether the ring stones
    of the stone's group changed in a way that needs its longest arc worked out again (the
    stone is on the ring, or it joined two groups that both had ring stones); otherwise the
    group keeps the arc of the group that brought its ring stones.
    """
    n = arr[S_N]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    nxt = _o(B_NXT, n)
    gsz = _o(B_GSIZE, n)
    rc = _o(B_RCNT, n)
    rhead = _o(B_RHEAD, n)
    rnxt = _o(B_RNXT, n)
    emp = _o(B_EMPTY, n)
    emppos = _o(B_EMPTYPOS, n)
    arr[_U(col + x)] = c + 1
    arr[_U(S_STONES + c)] += 1
    arr[S_LAST] = x
    set_remove(arr, emp, emppos, S_EMPTY, x)
    onring = _ring_pos(g, n, x) >= 0
    # the largest friendly group touched keeps its id
    g0 = -1
    best = -1
    for d in range(6):
        y = _nb(g, x, d)
        if y >= 0 and arr[_U(col + y)] == c + 1:
            gg = arr[_U(gid + y)]
            if arr[_U(gsz + gg)] > best:
                best = arr[_U(gsz + gg)]
                g0 = gg
    if g0 < 0:
        new_group(arr, gid, nxt, gsz, x)
        if onring:
            arr[_U(rc + x)] = 1
            arr[_U(rhead + x)] = x
            arr[_U(rnxt + x)] = x
        else:
            arr[_U(rc + x)] = 0
            arr[_U(rhead + x)] = -1
        return onring
    changed = onring
    for d in range(6):
        y = _nb(g, x, d)
        if y >= 0 and arr[_U(col + y)] == c + 1:
            gg = arr[_U(gid + y)]
            if gg != g0:
                merge_groups(arr, gid, nxt, gsz, g0, gg)
                hg = arr[_U(rhead + gg)]
                if hg >= 0:
                    h0 = arr[_U(rhead + g0)]
                    if h0 < 0:  # g0 takes over gg's ring stones and their arc
                        arr[_U(rhead + g0)] = hg
                        arr[_U(_o(B_ARC, n) + g0)] = arr[_U(_o(B_ARC, n) + gg)]
                        arr[_U(_o(B_ARCAT, n) + g0)] = arr[_U(_o(B_ARCAT, n) + gg)]
                    else:  # both had ring stones: splice the two lists
                        splice(arr, rnxt, h0, hg)
                        changed = True
                    arr[_U(rc + g0)] += arr[_U(rc + gg)]
    join_group(arr, gid, nxt, gsz, g0, x)
    if onring:
        h0 = arr[_U(rhead + g0)]
        if h0 < 0:
            arr[_U(rhead + g0)] = x
            arr[_U(rnxt + x)] = x
        else:
            arr[_U(rnxt + x)] = arr[_U(rnxt + h0)]
            arr[_U(rnxt + h0)] = x
        arr[_U(rc + g0)] += 1
    return changed


@njit(cache=True)
def _update_arc(g: Array, arr: Array, grp: int) -> None:  # pragma: no cover - compiled
    """Work out the longest arc of group ``grp`` (two or more ring stones) from its ring stones.

    The ring stones cut the ring into arcs (the ring cells between two of them that follow
    each other round the ring). Stores the longest arc's length and the ring position of the
    stone just before it.
    """
    n = arr[S_N]
    R = arr[S_R]
    buf = _o(B_BUF, n)
    rnxt = _o(B_RNXT, n)
    k = arr[_U(_o(B_RCNT, n) + grp)]
    h = arr[_U(_o(B_RHEAD, n) + grp)]
    z = h
    for i in range(k):  # insertion sort of the ring positions (k is small)
        p = _ring_pos(g, n, z)
        j = i
        while j > 0 and arr[_U(buf + j - 1)] > p:
            arr[_U(buf + j)] = arr[_U(buf + j - 1)]
            j -= 1
        arr[_U(buf + j)] = p
        z = arr[_U(rnxt + z)]
    best = R - arr[_U(buf + k - 1)] - 1 + arr[buf]  # the arc through position 0
    at = arr[_U(buf + k - 1)]
    for i in range(1, k):
        d = arr[_U(buf + i)] - arr[_U(buf + i - 1)] - 1
        if d > best:
            best = d
            at = arr[_U(buf + i - 1)]
    arr[_U(_o(B_ARC, n) + grp)] = best
    arr[_U(_o(B_ARCAT, n) + grp)] = at


@njit(cache=True)
def refresh_arcs(g: Array, arr: Array) -> None:  # pragma: no cover - compiled
    """Work out the longest arc of every group with two or more ring stones.

    :func:`apply` keeps the arcs up to date as it goes; a position put together stone by stone
    with :func:`place_stone` needs this once at the end.
    """
    n = arr[S_N]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    rc = _o(B_RCNT, n)
    for x in range(n):
        if arr[col + x] != 0 and arr[gid + x] == x and arr[rc + x] >= 2:
            _update_arc(g, arr, x)


@njit(cache=True)
def _centre_sealed(
    g: Array, arr: Array, c: int, grp: int, start: int, length: int
) -> bool:  # pragma: no cover - compiled
    """Whether the centre's component of (board minus group ``grp``) misses the given arc.

    The arc is the ``length`` ring cells after ring position ``start``. A flood fill from the
    centre through every cell not in the group.
    """
    n = arr[S_N]
    R = arr[S_R]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    mark = _o(B_MARK, n)
    stack = _o(B_BUF, n)
    ctr = g[G_CENTRE]
    if arr[col + ctr] == c + 1 and arr[gid + ctr] == grp:
        return True
    arr[S_STAMP] += 1
    stamp = arr[S_STAMP]
    arr[mark + ctr] = stamp
    arr[stack] = ctr
    top = 1
    while top > 0:
        top -= 1
        v = arr[stack + top]
        p = _ring_pos(g, n, v)
        if p >= 0:
            rel = p - start - 1
            if rel < 0:
                rel += R
            if rel < length:
                return False
        for d in range(6):
            w = nb_at(g, G_NB, v, d)
            if w >= 0 and arr[mark + w] != stamp:
                if arr[col + w] == c + 1 and arr[gid + w] == grp:
                    continue
                arr[mark + w] = stamp
                arr[stack + top] = w
                top += 1
    return True


@njit(cache=True)
def _group_wins(g: Array, arr: Array, c: int, grp: int) -> bool:  # pragma: no cover - compiled
    """The win test of NOTES.md for group ``grp`` of colour ``c``, whose arc is up to date.

    With ``l`` its longest arc: ``l < |R|/2`` wins (every arc is on the short side of a loop of
    the group); ``l > |R|/2`` does not (that arc is the centre's, or else the opponent joins its
    two end cells along the group's edge, ``l - 1 >= |R|/2`` positions apart); ``l == |R|/2``
    wins exactly when the centre cannot reach that arc without crossing the group.
    """
    n = arr[S_N]
    if arr[_U(_o(B_RCNT, n) + grp)] < 2:
        return False  # a loop joins two ring stones
    half = g[G_HALF]
    length = arr[_U(_o(B_ARC, n) + grp)]
    if length < half:
        return True
    if length > half:
        return False
    return _centre_sealed(g, arr, c, grp, arr[_U(_o(B_ARCAT, n) + grp)], length)


@njit(cache=True)
def winning_groups(g: Array, arr: Array, c: int) -> Array:  # pragma: no cover - compiled
    """Every winning group of colour ``c``, testing each group from scratch.

    Rows of (group id, long-arc start, long-arc length); a group without a long arc (every
    arc shorter than ``|R|/2``) has start -1 and length 0. Uses scratch space in ``arr``.
    """
    n = arr[S_N]
    half = g[G_HALF]
    col = _o(B_COL, n)
    gid = _o(B_GID, n)
    out = np.empty((n, 3), dtype=np.int32)
    m = 0
    for x in range(n):
        if arr[col + x] != c + 1 or arr[gid + x] != x or arr[_o(B_RCNT, n) + x] < 2:
            continue
        _update_arc(g, arr, x)
        if _group_wins(g, arr, c, x):
            length = arr[_o(B_ARC, n) + x]
            out[m, 0] = x
            out[m, 1] = arr[_o(B_ARCAT, n) + x] if length >= half else -1
            out[m, 2] = length if length >= half else 0
            m += 1
    return out[:m].copy()


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending: the empty cells, then the swap (action ``n``) when offered."""
    n = arr[S_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    col = _o(B_COL, n)
    out = np.empty(arr[S_EMPTY] + 1, dtype=np.int32)
    m = 0
    for x in range(n):
        if arr[col + x] == 0:
            out[m] = x
            m += 1
    if swap_offered(arr):
        out[m] = n
        m += 1
    return out[:m]


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = arr[S_N]
    if arr[H_PLAYER] < 0 or a < 0 or a > n:
        return False
    if a == n:
        return swap_offered(arr)
    return arr[_o(B_COL, n) + a] == 0


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action: a placement and the win test for its player, or the swap.

    A group's verdict depends on its own cells only, so the one group that can have become a
    winner is the group holding the new stone; its longest arc is worked out again only when
    its ring stones changed, and the centre flood fill runs only when that arc is exactly
    ``|R|/2`` long.
    """
    n = arr[S_N]
    if a == n:
        apply_swap(arr)
        return
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    arr[H_TURN] += 1
    changed = place_stone(g, arr, a, c)
    grp = arr[_U(_o(B_GID, n) + a)]
    if arr[_U(_o(B_RCNT, n) + grp)] >= 2:
        if changed:
            _update_arc(g, arr, grp)
        if _group_wins(g, arr, c, grp):
            arr[S_WIN] = grp
            end_game(arr, c, REASON_LOOP)
            return
    pass_turn(arr, c)


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until a player wins or ``limit`` actions were taken."""
    n = arr[S_N]
    emp = _o(B_EMPTY, n)
    record = out.shape[0] >= limit
    k = 0
    while arr[H_PLAYER] >= 0 and k < limit:
        m = arr[S_EMPTY]
        if swap_offered(arr):
            r = rand_below(rng, m + 1)
            a = n if r == m else arr[emp + r]
        else:
            a = arr[emp + rand_below(rng, m)]
        apply(g, arr, a)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- explanation
@dataclass(frozen=True)
class Loop:
    """A winning group and the ring cells its loop owns (cell indices, the ring in order)."""

    colour: int
    group: tuple[int, ...]
    owned: tuple[int, ...]


# ---------------------------------------------------------------- the Game
class Gyre(Game):
    """Gyre on a regular hexhex board of side 3 to 12."""

    name: ClassVar[str] = "gyre"
    title: ClassVar[str] = "Gyre"
    colours: ClassVar[tuple[str, str]] = ("Red", "Blue")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("size", "int", 7, "side of the hexagonal board", minimum=3, maximum=12),
    )
    special_actions: ClassVar[tuple[str, ...]] = ("swap",)

    def setup(self) -> None:
        """Build the board and constant tables."""
        self.board = hexhex(self.options["size"])
        self.consts = consts_for(self.board)
        self.kernels = KERNELS
        self._empty = initial_array(self.board.size, len(self.board.ring))

    def initial_array(self) -> Array:
        """The empty board, Red to move (a fresh copy of one built once per game)."""
        return self._empty.copy()

    # -- reading a position ------------------------------------------------
    def cell_colours(self, arr: Array) -> Array:
        """Per cell: 0 empty, 1 Red, 2 Blue."""
        n = self.board.size
        return np.asarray(arr[_o(B_COL, n) : _o(B_COL + 1, n)]).copy()

    def stones(self, arr: Array) -> tuple[int, int]:
        """Stones of Red and Blue on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def group_of(self, arr: Array, cell: int) -> tuple[int, ...]:
        """The cells of the group holding ``cell`` (empty tuple for an empty cell), ascending."""
        n = self.board.size
        if not 0 <= cell < n:
            raise OptionError(f"cell {cell} is not on the board (0..{n - 1})")
        if arr[_o(B_COL, n) + cell] == 0:
            return ()
        gid = arr[_o(B_GID, n) : _o(B_GID + 1, n)]
        return tuple(int(i) for i in np.flatnonzero(gid == gid[cell]))

    def loops(self, arr: Array, colour: int) -> list[Loop]:
        """Every winning loop of ``colour`` in the position (whoever is to move).

        The test is the one :func:`apply` makes after each placement; it depends only on that
        colour's stones. Each loop owns the ring cells outside its group's long arc (all of
        the ring when the group has none), listed in ring order.
        """
        if colour not in (0, 1):
            raise OptionError(f"colour must be 0 (Red) or 1 (Blue), not {colour!r}")
        work = np.array(arr, dtype=np.int32, copy=True)
        rows = winning_groups(self.consts, work, colour)
        ring = [int(x) for x in self.board.ring]
        size = len(ring)
        out = []
        for grp, start, length in rows.tolist():
            cells = self.group_of(arr, grp)
            if length == 0:
                owned = ring
            else:
                # from the stone that ends the long arc round to the stone that starts it
                first = (start + length + 1) % size
                owned = [ring[(first + k) % size] for k in range(size - length)]
            out.append(Loop(colour=colour, group=cells, owned=tuple(owned)))
        return out

    def winning_loop(self, arr: Array) -> Loop | None:
        """The loop that won a finished game (the group that the last stone completed)."""
        if arr[H_WINNER] < 0 or arr[H_REASON] != REASON_LOOP:
            return None
        wc = int(arr[H_WINNER])
        grp = int(arr[S_WIN])
        for loop in self.loops(arr, wc):
            if grp in loop.group:
                return loop
        return None  # pragma: no cover - the recorded group always wins

    def outcome_of(self, arr: Array) -> Outcome:
        """The winner, with the winning group and the ring cells its loop owns."""
        wc = int(arr[H_WINNER])
        seat = wc ^ int(arr[H_SWAPPED])
        r, b = self.stones(arr)
        loop = self.winning_loop(arr)
        names = self.board.names
        details: dict[str, Any] = {}
        reason = f"{self.colours[wc]} has a loop round the centre that cannot be surrounded"
        if loop is not None:
            details = {
                "group": [names[i] for i in loop.group],
                "owned": [names[i] for i in loop.owned],
            }
            reason = (
                f"{self.colours[wc]}'s group of {len(loop.group)} stones walls off the centre "
                f"and can never be surrounded; its loop owns {len(loop.owned)} ring cells "
                f"({names[loop.owned[0]]} to {names[loop.owned[-1]]})"
            )
        return Outcome(
            winner=seat,
            winner_colour=self.colours[wc],
            reason=reason,
            score={"Red": r, "Blue": b},
            details=details,
        )

    # -- pictures ----------------------------------------------------------
    def _glyphs(self, arr: Array) -> tuple[list[str], Loop | None]:
        cols = self.cell_colours(arr)
        glyphs = [".RB"[v] for v in cols]
        centre = self.board.centre
        if cols[centre] == 0:
            glyphs[centre] = "*"
        loop = self.winning_loop(arr)
        if loop is not None:
            for i in loop.owned:
                glyphs[i] = "+" if cols[i] == 0 else glyphs[i].lower()
            for i in loop.group:
                glyphs[i] = "@"
        return glyphs, loop

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """The board: ``R``/``B`` stones, ``.`` empty, ``*`` the empty centre; the heading
        names the last stone played.

        Once the game is won, ``@`` marks the winning group and the ring cells its loop owns are
        drawn ``+`` (empty) or in lower case (a stone on them).
        """
        glyphs, loop = self._glyphs(arr)
        r, b = self.stones(arr)
        head = f"Gyre, {self.board.description}: Red {r}, Blue {b}, turn {int(arr[H_TURN]) + 1}"
        last = int(arr[S_LAST])
        if last >= 0:
            head += f", last stone {self.board.names[last]}"
        text = head + "\n" + self.board.render(glyphs, coordinates=coordinates)
        if loop is not None:
            colour = self.colours[loop.colour]
            text += (
                f"\n@ = {colour}'s winning group; + and lower-case letters = the "
                f"{len(loop.owned)} ring cells its loop owns"
            )
        return text

    def cell_view(self, arr: Array) -> list[str]:
        """``.``, ``R`` or ``B`` per cell; a winning group's stones are labelled ``@`` and
        stones on the ring cells its loop owns ``+``."""
        cols = self.cell_colours(arr)
        view = [".RB"[v] for v in cols]
        loop = self.winning_loop(arr)
        if loop is not None:
            for i in loop.owned:
                if cols[i]:
                    view[i] += "+"
            for i in loop.group:
                view[i] = view[i][0] + "@"
        return view

    def describe_board(self) -> str:
        """The empty board with the centre (``*``) and the ring (``o``) marked."""
        b = self.board
        glyphs = ["."] * b.size
        for i in b.ring:
            glyphs[int(i)] = "o"
        glyphs[b.centre] = "*"
        return (
            f"{self.title}: {b.description}, {b.size} cells, ring of {len(b.ring)} (o), "
            f"centre {b.names[b.centre]} (*)\n" + b.render(glyphs)
        )

    def board_json_extra(self) -> dict[str, Any]:
        """The ring in cyclic order and the centre, by name."""
        names = self.board.names
        ring = [names[int(i)] for i in self.board.ring]
        return {"ring": ring, "centre": names[self.board.centre]}

    # -- positions for analysis and tests ------------------------------------
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

        No win is tested while the stones are put down; the state's history starts here.
        ``turn`` is the number of turns taken before it (at least 2 unless the board is empty,
        so that the swap is not offered by mistake). Refuses a position where either colour
        already has a winning loop (that game would be over).
        """
        arr = self.initial_array()
        stones = named_stones(self.board, (red, blue))
        for x, colour in stones:
            place_stone(self.consts, arr, x, colour)
        refresh_arcs(self.consts, arr)
        arr[S_LAST] = -1
        c = colour_to_move(self.colours, to_move)
        if turn < 0 or (turn < 2 and stones and not (turn == 1 and len(stones) == 1)):
            raise OptionError(
                f"turn {turn} does not fit the stones: a position with stones on the board "
                "has had at least 2 turns (1 for a single stone with the swap still offered)"
            )
        if int(arr[S_EMPTY]) == 0:
            raise OptionError("a position to play from needs at least one empty cell")
        for colour in (0, 1):
            if self.loops(arr, colour):
                raise OptionError(
                    f"{self.colours[colour]} already has a winning loop in that position"
                )
        set_to_move(arr, c, swapped=swapped, turn=turn)
        return State(self, arr)

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why a placement or the swap is refused."""
        n = self.board.size
        if a == n:
            return "the swap is offered only to the second player on their first turn"
        if self.cell_colours(arr)[a] != 0:
            return "that cell is occupied"
        return ""


GAME = Gyre
