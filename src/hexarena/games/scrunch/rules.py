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
counts the pieces by which of them touch the placement and the destination, without walking
them, and only a completed growth walks and renumbers the snakes it changed.

The kernels below are the rules (legal actions, applying an action, the end of the game, random
play); the tables they read and write are in :mod:`.tables`, the searches behind "can this
growth be completed?" in :mod:`.search`, and move text, explanations and the position builder
in :mod:`.notation`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from numba import njit

from ...core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_REASON,
    H_TURN,
    H_WINNER,
    Array,
    Kernels,
    Option,
    Outcome,
)
from ...hexgrid import hexhex
from ...kernels_common import nb, plain_kernel
from ...rng import rand_below
from .bitmask import any_growth_bits
from .notation import (
    ScrunchNotation,
)
from .search import (
    _candidates,
    _dest_ok,
    _eggs,
    _in_smallest,
    _load_p,
    _need,
    _next_to_smallest,
    _shape,
    _stone_has_dest,
    _stones_of_growth,
    any_growth,
    can_complete,
)
from .tables import (
    B_COL,
    B_SID,
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    REASON_LAST_SNAKE,
    S_CREATE,
    S_NSNK,
    S_P,
    S_PHASE,
    S_S,
    SCRATCH_SMALL,
    _adj,
    _fc,
    _o,
    _scratch,
    _smallest_stones,
    _snake_labels_at,
    consts_for,
    do_growth,
    do_growth_words,
    initial_array,
    place_egg,
    remove_snake,
)
from .words import MAX_CELLS


@plain_kernel
def _must_remove(g: Array, arr: Array, c: int, scr: Array) -> bool:  # pragma: no cover
    """At the start of a turn: whether the player has no egg cell (in creation) and no growth."""
    if arr[S_CREATE + c]:
        n = g[0]
        col = _o(B_COL, n)
        for x in range(n):
            if arr[col + x] == 0 and _fc(arr, n, c, x) == 0:
                return False
    return not any_growth(g, arr, c, scr)


@plain_kernel
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
        crowded = _shape(g, arr, c, p) == 0
        for i in range(k):
            s = scr[pool + i]
            if _stone_has_dest(g, arr, c, p, s, _need(g, arr, c, p, s, crowded), crowded, scr):
                out[m] = s
                m += 1
        return m
    s = arr[S_S]
    need = _need(g, arr, c, p, s, True)  # (valid for any placement)
    for k in range(6):
        d = nb(g, s, k)
        if d >= 0 and d != p and arr[col + d] == 0 and _dest_ok(g, arr, c, p, s, d, need, scr):
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
        if _fc(arr, n, c, a) == 0:
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
        crowded = _shape(g, arr, c, p) == 0
        return _stone_has_dest(g, arr, c, p, a, _need(g, arr, c, p, a, crowded), crowded, scr)
    if ph == PH_DEST:
        s = arr[S_S]
        if arr[col + a] != 0 or a == p or _adj(g, a, s) == 0:
            return False
        return _dest_ok(g, arr, c, p, s, a, _need(g, arr, c, p, s, True), scr)
    return False


@njit(cache=True, inline="always")
def _end_turn(arr: Array, c: int) -> None:  # pragma: no cover - compiled
    """The turn of colour ``c`` is over: the other colour starts one."""
    arr[S_PHASE] = PH_START
    arr[S_P] = -1
    arr[S_S] = -1
    arr[H_TURN] += 1
    arr[H_COLOUR] = c ^ 1
    arr[H_PLAYER] = c ^ 1


@plain_kernel
def _lose_last(arr: Array, c: int) -> None:  # pragma: no cover - compiled
    """``c`` removed its last snake: the game ends, won by the other player."""
    arr[H_TURN] += 1
    arr[H_WINNER] = c ^ 1
    arr[H_PLAYER] = -1
    arr[H_REASON] = REASON_LAST_SNAKE
    arr[S_PHASE] = PH_START


@njit(cache=True, inline="always")
def _apply_light(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Apply ``a`` if it is an egg, a placement or a stone picked (the actions that need no
    working space), and say so; a destination or a removal is left to :func:`_apply`.
    Compiled into its callers: two steps in three of the batched step are such actions, and
    a call passes each array as seven values."""
    n = g[0]
    ph = arr[S_PHASE]
    if a >= n or ph >= PH_DEST:  # a destination (2) or a removal (3)
        return False
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    if ph == PH_START:
        if _fc(arr, n, c, a) == 0:
            place_egg(g, arr, c, a)
            _end_turn(arr, c)
            return True
        arr[S_CREATE + c] = 0  # the first growth ends the creation phase for good
        arr[S_P] = a
        arr[S_PHASE] = PH_PICK
        return True
    arr[S_S] = a  # PH_PICK
    arr[S_PHASE] = PH_DEST
    return True


@plain_kernel
def _apply(g: Array, arr: Array, a: int, scr: Array) -> None:  # pragma: no cover - compiled
    if _apply_light(g, arr, a):
        return
    n = g[0]
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    if a >= n:
        remove_snake(g, arr, c, a - n)
        if arr[S_NSNK + c] == 0:
            _lose_last(arr, c)
            return
        if any_growth(g, arr, c, scr):
            _end_turn(arr, c)
        else:
            arr[S_PHASE] = PH_REMOVE
        return
    if n <= MAX_CELLS:
        do_growth_words(g, arr, c, arr[S_P], arr[S_S], a)
    else:
        do_growth(g, arr, c, arr[S_P], arr[S_S], a, scr)
    _end_turn(arr, c)


@njit(cache=True, inline="always")
def _apply_dest_words(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply destination ``a`` on a board of at most 63 cells (no working space; compiled into
    its caller, one call of :func:`.tables.do_growth_words` left)."""
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    do_growth_words(g, arr, c, arr[S_P], arr[S_S], a)
    _end_turn(arr, c)


@plain_kernel
def _apply_remove_words(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply removal ``a`` on a board of at most 63 cells: :func:`_apply`'s removal, whether
    a growth is left found on board masks (:func:`.bitmask.any_growth_bits`), without working
    space."""
    n = g[0]
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    remove_snake(g, arr, c, a - n)
    if arr[S_NSNK + c] == 0:
        _lose_last(arr, c)
    elif any_growth_bits(g, arr, c):
        _end_turn(arr, c)
    else:
        arr[S_PHASE] = PH_REMOVE


@njit(cache=True, inline="always")
def apply_inline(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """:func:`apply`, compiled into its caller (the batched step: a call of ``apply`` passes
    each array as seven values and counts their references)."""
    if _apply_light(g, arr, a):
        return
    if g[0] > MAX_CELLS:  # working space for a destination or a removal on a larger board
        _apply(g, arr, a, _scratch(g[0]))
    elif arr[S_PHASE] == PH_DEST:  # a growth completed on board masks
        _apply_dest_words(g, arr, a)
    else:  # a removal, on board masks
        _apply_remove_words(g, arr, a)


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action: an egg, a placement, a stone picked, a destination, or a removal."""
    apply_inline(g, arr, a)


@plain_kernel
def choose_random(g: Array, arr: Array, rng: Any, scr: Array) -> int:  # pragma: no cover
    """A uniformly random legal action, found by testing candidates in random order."""
    n = g[0]
    c = arr[H_COLOUR]
    ph = arr[S_PHASE]
    col = _o(B_COL, n)
    pool = SCRATCH_SMALL + 2 * n
    if ph == PH_START:
        m = 0
        if arr[S_CREATE + c]:
            m = _eggs(g, arr, c, scr, pool)
        m += _candidates(g, arr, c, scr, pool + m)
        while m > 0:
            i = rand_below(rng, m)
            x = scr[pool + i]
            if _fc(arr, n, c, x) == 0 or can_complete(g, arr, c, x, scr):
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
        crowded = _shape(g, arr, c, p) == 0
        while m > 0:
            i = rand_below(rng, m)
            s = scr[pool + i]
            if _stone_has_dest(g, arr, c, p, s, _need(g, arr, c, p, s, crowded), crowded, scr):
                return s
            m -= 1
            scr[pool + i] = scr[pool + m]
        return -1  # not reached: a placement is offered only when some stone can step
    s = arr[S_S]
    need = _need(g, arr, c, p, s, True)  # (valid for any placement)
    m = 0
    for k in range(6):
        d = nb(g, s, k)
        if d >= 0 and d != p and arr[col + d] == 0:
            scr[pool + m] = d
            m += 1
    while m > 0:
        i = rand_below(rng, m)
        d = scr[pool + i]
        if _dest_ok(g, arr, c, p, s, d, need, scr):
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


class Scrunch(ScrunchNotation):
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


GAME = Scrunch
