"""Scrunch's move text, position reading, explanations of refused actions, and the position
builder: the parts of the game class that the rules (:mod:`.rules`) do not need."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from ...core import (
    H_COLOUR,
    H_PLAYER,
    H_PLY,
    H_TURN,
    Array,
    Game,
    NotationError,
    OptionError,
    State,
)
from ...gametext import split_move
from ...hexgrid import CellNameError
from ..positions import colour_to_move, named_stones
from .search import (
    _in_smallest,
    _next_to_smallest,
)
from .tables import (
    B_COL,
    B_LAB,
    B_NXT,
    B_SID,
    B_SSIZE,
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    S_CREATE,
    S_NSNK,
    S_P,
    S_PHASE,
    S_S,
    S_STONES,
    _adj,
    _o,
    _put,
    _relabel,
    _scratch,
    _snake_labels_at,
    friendly_counts,
    initial_array,
    smallest_size,
)


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


class ScrunchNotation(Game):
    """What a Scrunch game reads and writes: actions and moves as text, the stones and snakes of a
    position, why an action is refused, and positions built from cell names."""

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
        return [self.parse_action(p) for p in split_move(t, ",")]

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

    def _has_egg_cell(self, arr: Array, c: int) -> bool:
        """Whether colour ``c`` has an empty cell with no friendly neighbour."""
        n = self.board.size
        empty = self.cell_colours(arr) == 0
        lonely = np.asarray(friendly_counts(arr, n, c)) == 0
        return bool(np.any(empty & lonely))

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
            if friendly_counts(arr, n, c)[a] == 0:
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
        try:
            stones = named_stones(self.board, (black, white))
        except CellNameError as exc:
            raise OptionError(str(exc)) from None
        for x, colour in stones:
            _put(self.consts, arr, colour, x)
        scr = _scratch(n)
        col = arr[_o(B_COL, n) : _o(B_COL + 1, n)]
        counts = [friendly_counts(arr, n, 0), friendly_counts(arr, n, 1)]
        for x in range(n):
            v = int(col[x])
            if v and int(counts[v - 1][x]) > 2:
                raise OptionError(
                    f"the stone on {self.board.names[x]} has more than two friendly neighbours "
                    "(a mutant snake)"
                )
        for x in range(n):
            v = int(col[x])
            if v and arr[_o(B_SID, n) + x] < 0:
                _relabel(self.consts, arr, v - 1, x, scr, 0)
        c = colour_to_move(self.colours, to_move)
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
