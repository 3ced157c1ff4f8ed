"""China Grove (Christian Freeling): placement by class on a China Labyrinth board, scoring groups.

Rules (rule sheet plus NOTES.md): the board is the 63 cells of a transcendental solution of the
China Labyrinth (see :mod:`hexarena.games.china_grove_boards`); a cell's exits are its
neighbours on the board. White starts; Black may swap after White's first turn. A turn places
one checker on any vacant cell with ``k`` exits, then further checkers on vacant cells of the
same class, until ``7 - k`` are placed or no vacant cell of that class is left. Two cells are of
the same class when their exit patterns match under rotation and reflection (pattern mode, the
default: 12 classes) or when their exit counts match (number mode: 6 classes). Each checker is
one action. The game ends when the board is full; a player scores one point per checker and
loses ``P`` (2 or 4) per group. The score difference is odd, so there is no tie.

The board comes from ``board_seed`` (generated) or from ``board`` (an explicit cell list, as a
record stores it); every board is checked by the validator before play.

State array layout (after the common header):

=====================  =========================================================
``arr[8]``             class of the turn under way, -1 between turns
``arr[9]``             checkers still to place in the turn under way
``arr[10]``            vacant cells
``arr[11:13]``         checkers of White, Black
``arr[13:15]``         groups of White, Black
``arr[15]``            number of cells ``n``
``arr[16:16+n]``       cell contents: 0 vacant, 1 White, 2 Black
then n                 class slots: the cells of each class in one run (runs in
                       class order, as in the constant table), the run's vacant
                       cells first
then n                 each cell's position in the class slots
then n                 union-find parent of each occupied cell (groups)
then 12                vacant cells of each class
=====================  =========================================================

Constant table ``g``: ``[n, classes, penalty, neighbours (n x 6), class of each cell,
checkers a turn started on each cell needs (7 - k), start of each class run (classes + 1),
cells in class order]``.
"""

from __future__ import annotations

import functools
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
    apply_swap,
    swap_offered,
)
from ..hexgrid import DIRECTION_NAMES, Board, BoardError, from_cells
from ..kernels_common import end_game, nb_at, pass_turn
from ..limits import MAX_BOARD_TEXT
from ..rng import rand_below
from .china_grove_boards import (
    PATTERN_CLASS,
    PATTERN_CLASS_LABELS,
    board_facts,
    board_patterns,
    board_text,
    check_board,
    generate,
    parse_board_text,
    pattern_text,
)

# scalar slots
S_CLASS = 8
S_LEFT = 9
S_VAC = 10
S_STONES = 11  # 11, 12
S_GROUPS = 13  # 13, 14
S_N = 15
BASE = 16
MAX_CLASSES = 12

# constant table
G_N = 0
G_NCLS = 1
G_PEN = 2
G_NB = 3

REASON_FULL = 1


# ---------------------------------------------------------------- offsets
@njit(cache=True, inline="always")
def _col(n: int) -> int:  # pragma: no cover - compiled
    return BASE


@njit(cache=True, inline="always")
def _slot(n: int) -> int:  # pragma: no cover - compiled
    return BASE + n


@njit(cache=True, inline="always")
def _spos(n: int) -> int:  # pragma: no cover - compiled
    return BASE + 2 * n


@njit(cache=True, inline="always")
def _par(n: int) -> int:  # pragma: no cover - compiled
    return BASE + 3 * n


@njit(cache=True, inline="always")
def _cvac(n: int) -> int:  # pragma: no cover - compiled
    return BASE + 4 * n


@njit(cache=True, inline="always")
def _g_cls(n: int) -> int:  # pragma: no cover - compiled
    return G_NB + 6 * n


@njit(cache=True, inline="always")
def _g_need(n: int) -> int:  # pragma: no cover - compiled
    return G_NB + 7 * n


@njit(cache=True, inline="always")
def _g_start(n: int) -> int:  # pragma: no cover - compiled
    return G_NB + 8 * n


# ---------------------------------------------------------------- kernels
@njit(cache=True, inline="always")
def _swap_open(arr: Array) -> bool:  # pragma: no cover - compiled
    return swap_offered(arr) and arr[S_CLASS] < 0  # and Black's turn has not begun


@njit(cache=True)
def legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """Legal actions, ascending: vacant cells (of the turn's class once it has begun), then swap."""
    n = g[G_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    cls = arr[S_CLASS]
    if cls >= 0:
        m = arr[_cvac(n) + cls]
        start = g[_g_start(n) + cls]
        out = np.empty(m, dtype=np.int32)
        for i in range(m):
            out[i] = arr[_slot(n) + start + i]
        out.sort()
        return out
    swap = _swap_open(arr)
    out = np.empty(arr[S_VAC] + (1 if swap else 0), dtype=np.int32)
    k = 0
    col = _col(n)
    for x in range(n):
        if arr[col + x] == 0:
            out[k] = x
            k += 1
    if swap:
        out[k] = n
    return out


@njit(cache=True)
def is_legal(g: Array, arr: Array, a: int) -> bool:  # pragma: no cover - compiled
    """Whether action ``a`` is legal now."""
    n = g[G_N]
    if arr[H_PLAYER] < 0 or a < 0 or a > n:
        return False
    if a == n:
        return _swap_open(arr)
    if arr[_col(n) + a] != 0:
        return False
    cls = arr[S_CLASS]
    return cls < 0 or g[_g_cls(n) + a] == cls


@njit(cache=True, inline="always")
def _find(arr: Array, par: int, x: int) -> int:  # pragma: no cover - compiled
    while arr[par + x] != x:
        arr[par + x] = arr[par + arr[par + x]]
        x = arr[par + x]
    return x


@njit(cache=True)
def apply(g: Array, arr: Array, a: int) -> None:  # pragma: no cover - compiled
    """Apply a legal action: a checker (ending the turn when quota or class runs out), or swap."""
    n = g[G_N]
    if a == n:
        apply_swap(arr)
        return
    c = arr[H_COLOUR]
    arr[H_PLY] += 1
    col = _col(n)
    slot = _slot(n)
    spos = _spos(n)
    par = _par(n)
    cvac = _cvac(n)
    cls = g[_g_cls(n) + a]
    # take the cell out of its class's vacant run
    start = g[_g_start(n) + cls]
    last = start + arr[cvac + cls] - 1
    p = arr[spos + a]
    y = arr[slot + last]
    arr[slot + p] = y
    arr[spos + y] = p
    arr[slot + last] = a
    arr[spos + a] = last
    arr[cvac + cls] -= 1
    arr[S_VAC] -= 1
    # place and join groups
    arr[col + a] = c + 1
    arr[S_STONES + c] += 1
    arr[par + a] = a
    groups = 1
    for d in range(6):
        z = nb_at(g, G_NB, a, d)
        if z >= 0 and arr[col + z] == c + 1:
            rz = _find(arr, par, z)
            if rz != a:  # a stays the root of the group it joins
                arr[par + rz] = a
                groups -= 1
    arr[S_GROUPS + c] += groups
    # the turn
    left = g[_g_need(n) + a] - 1 if arr[S_CLASS] < 0 else arr[S_LEFT] - 1
    if left > 0 and arr[cvac + cls] > 0:
        arr[S_CLASS] = cls
        arr[S_LEFT] = left
        return
    arr[S_CLASS] = -1
    arr[S_LEFT] = 0
    arr[H_TURN] += 1
    if arr[S_VAC] == 0:
        pen = g[G_PEN]
        s0 = arr[S_STONES] - pen * arr[S_GROUPS]
        s1 = arr[S_STONES + 1] - pen * arr[S_GROUPS + 1]
        end_game(arr, 0 if s0 > s1 else 1, REASON_FULL)
        return
    pass_turn(arr, c)


@njit(cache=True)
def choose_random(g: Array, arr: Array, rng: Any) -> int:  # pragma: no cover - compiled
    """A uniformly random legal action, without building the list of them."""
    n = g[G_N]
    cls = arr[S_CLASS]
    cvac = _cvac(n)
    if cls >= 0:
        return arr[_slot(n) + g[_g_start(n) + cls] + rand_below(rng, arr[cvac + cls])]
    m = arr[S_VAC]
    r = rand_below(rng, m + 1) if _swap_open(arr) else rand_below(rng, m)
    if r == m:
        return n
    k = 0
    while r >= arr[cvac + k]:
        r -= arr[cvac + k]
        k += 1
    return arr[_slot(n) + g[_g_start(n) + k] + r]


@njit(cache=True)
def playout(g: Array, arr: Array, rng: Any, out: Array, limit: int) -> int:  # pragma: no cover
    """Uniformly random legal actions until the board is full or ``limit`` actions were taken."""
    record = out.shape[0] >= limit
    k = 0
    while arr[H_PLAYER] >= 0 and k < limit:
        a = choose_random(g, arr, rng)
        apply(g, arr, a)
        if record:
            out[k] = a
        k += 1
    return k


KERNELS = Kernels(legal=legal, is_legal=is_legal, apply=apply, playout=playout)


# ---------------------------------------------------------------- tables
def cell_classes(board: Board, mode: str) -> list[int]:
    """Each cell's class: pattern class 0..11 (pattern mode) or exits minus one (number mode)."""
    pats = board_patterns(board)
    if mode == "number":
        return [p.bit_count() - 1 for p in pats]
    return [PATTERN_CLASS[p] for p in pats]


def class_labels(mode: str) -> tuple[str, ...]:
    """Labels of the classes of a mode, by class number."""
    if mode == "number":
        return tuple(str(k) for k in range(1, 7))
    return PATTERN_CLASS_LABELS


def consts_for(board: Board, mode: str, penalty: int) -> Array:
    """The constant table the kernels read (see the module's docstring)."""
    n = board.size
    cls = cell_classes(board, mode)
    ncls = len(class_labels(mode))
    need = [7 - int(d) for d in board.degree]
    order = sorted(range(n), key=lambda i: (cls[i], i))
    starts = [0] * (ncls + 1)
    for k in range(ncls):
        starts[k + 1] = starts[k] + cls.count(k)
    table = [n, ncls, penalty, *board.neighbors.ravel().tolist(), *cls, *need, *starts, *order]
    return np.asarray(table, dtype=np.int32)


def initial_array(g: Array) -> Array:
    """The empty board, White to move."""
    n = int(g[G_N])
    ncls = int(g[G_NCLS])
    arr = np.zeros(BASE + 4 * n + MAX_CLASSES, dtype=np.int32)
    arr[H_PLAYER] = 0
    arr[H_COLOUR] = 0
    arr[H_WINNER] = -1
    arr[S_CLASS] = -1
    arr[S_VAC] = n
    arr[S_N] = n
    starts = g[G_NB + 8 * n : G_NB + 8 * n + ncls + 1]
    order = g[G_NB + 8 * n + ncls + 1 : G_NB + 9 * n + ncls + 1]
    arr[BASE + n : BASE + 2 * n] = order
    arr[BASE + 2 * n + order] = np.arange(n, dtype=np.int32)
    arr[BASE + 3 * n : BASE + 4 * n] = -1
    arr[BASE + 4 * n : BASE + 4 * n + ncls] = np.diff(starts)
    return arr


@functools.lru_cache(maxsize=64)
def generated_board(seed: int, islands: int) -> tuple[tuple[int, int], ...]:
    """The checked board of a seed (kept: generating and checking take milliseconds)."""
    cells = generate(seed, islands)
    check_board(cells, islands)
    return tuple(cells)


# ---------------------------------------------------------------- the Game
class ChinaGrove(Game):
    """China Grove on a generated (``board_seed``) or given (``board``) China Labyrinth board."""

    name: ClassVar[str] = "china-grove"
    title: ClassVar[str] = "China Grove"
    colours: ClassVar[tuple[str, str]] = ("White", "Black")
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "mode",
            "choice",
            "pattern",
            "which cells are alike in a turn",
            choices=("pattern", "number"),
        ),
        Option("penalty", "int", 2, "points lost per group", choices=(2, 4)),
        Option("islands", "int", 1, "separate islands of the board", choices=(1, 2)),
        Option("board_seed", "int", 1, "seed of the generated board", minimum=0, maximum=2**31 - 1),
        Option(
            "board",
            "str",
            None,
            "the board's cells by name, as a record stores it (instead of a seed)",
            maximum=MAX_BOARD_TEXT,
        ),
    )
    special_actions: ClassVar[tuple[str, ...]] = ("swap",)

    @classmethod
    def parse_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """As :meth:`Game.parse_options`; a given ``board`` brings its own island count.

        With an explicit ``board`` and no ``board_seed``, the seed is ``None``; given both, the
        board is played and the seed only says where it came from.
        """
        given = dict(given)
        has_seed = given.get("board_seed", given.get("board-seed")) is not None
        text = given.get("board")
        if isinstance(text, str) and given.get("islands") is None:
            try:
                given["islands"] = board_facts(parse_board_text(text))["islands"]
            except BoardError as exc:
                raise OptionError(f"option board: {exc}") from None
        out = super().parse_options(given)
        if text is not None and not has_seed:
            out["board_seed"] = None
        return out

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Check a given board, refusing one that is not a China Labyrinth solution."""
        text = options.get("board")
        if text is None:
            return
        try:
            cells = parse_board_text(text)
            check_board(cells, options["islands"])
        except BoardError as exc:
            raise OptionError(f"option board: {exc}") from None
        options["board"] = board_text(from_cells(cells))

    def setup(self) -> None:
        """Build the board (generated or given) and the constant tables."""
        o = self.options
        if o["board"] is not None:
            cells = parse_board_text(o["board"])
            desc = "China Labyrinth board" + (
                f" (seed {o['board_seed']})" if o["board_seed"] is not None else " (given)"
            )
        else:
            cells = list(generated_board(o["board_seed"], o["islands"]))
            desc = f"China Labyrinth board, seed {o['board_seed']}"
        if o["islands"] == 2:
            desc += ", two islands"
        self.board = from_cells(cells, desc)
        self.patterns = board_patterns(self.board)
        self.classes = cell_classes(self.board, o["mode"])
        self.labels = class_labels(o["mode"])
        self.consts = consts_for(self.board, o["mode"], o["penalty"])
        self.kernels = KERNELS
        self._start = initial_array(self.consts)

    def record_tags(self) -> dict[str, str]:
        """The options and the board itself, so that a record replays without the seed."""
        o = self.options
        tags = {"mode": o["mode"], "penalty": str(o["penalty"]), "islands": str(o["islands"])}
        if o["board_seed"] is not None:
            tags["board_seed"] = str(o["board_seed"])
        tags["board"] = board_text(self.board)
        return tags

    @classmethod
    def from_record_tags(cls, tags: dict[str, str]) -> Game:
        """Rebuild the game from its stored board (refused with the validator's message if bad)."""
        if "board" not in tags:
            return super().from_record_tags(tags)
        names = {o.name for o in cls.option_specs}
        return cls(**{k: v for k, v in tags.items() if k in names})

    def initial_array(self) -> Array:
        """The empty board, White to move (a copy of one built once per game)."""
        return self._start.copy()

    # -- reading a position --------------------------------------------
    def cell_colours(self, arr: Array) -> Array:
        """Per cell: 0 vacant, 1 White, 2 Black."""
        n = self.board.size
        return np.asarray(arr[BASE : BASE + n]).copy()

    def stones(self, arr: Array) -> tuple[int, int]:
        """Checkers of White and Black on the board."""
        return int(arr[S_STONES]), int(arr[S_STONES + 1])

    def groups(self, arr: Array) -> tuple[int, int]:
        """Groups of White and Black."""
        return int(arr[S_GROUPS]), int(arr[S_GROUPS + 1])

    def scores(self, arr: Array) -> tuple[int, int]:
        """Scores of White and Black: checkers minus the penalty per group."""
        p = int(self.options["penalty"])
        (s0, s1), (g0, g1) = self.stones(arr), self.groups(arr)
        return s0 - p * g0, s1 - p * g1

    def cell_view(self, arr: Array) -> list[str]:
        """Each cell as ``.`` (vacant), ``W`` or ``B``, for drawing the position."""
        return [".WB"[v] for v in self.cell_colours(arr).tolist()]

    def turn_class(self, arr: Array) -> int:
        """Class of the turn under way, or -1 between turns."""
        return int(arr[S_CLASS])

    def checkers_left(self, arr: Array) -> int:
        """Checkers still to place in the turn under way (0 between turns)."""
        return int(arr[S_LEFT])

    def outcome_of(self, arr: Array) -> Outcome:
        """Winner by score on the full board, with both sides' checkers, groups and scores."""
        wc = int(arr[H_WINNER])
        seat = wc ^ int(arr[H_SWAPPED])
        s, g, sc = self.stones(arr), self.groups(arr), self.scores(arr)
        p = int(self.options["penalty"])
        parts = [
            f"{self.colours[c]} {s[c]} checkers - {p} x {g[c]} groups = {sc[c]}" for c in (0, 1)
        ]
        return Outcome(
            winner=seat,
            winner_colour=self.colours[wc],
            reason="the board is full: " + ", ".join(parts),
            score={"White": sc[0], "Black": sc[1]},
            details={
                "stones": {"White": s[0], "Black": s[1]},
                "groups": {"White": g[0], "Black": g[1]},
                "penalty": p,
            },
        )

    # -- pictures ------------------------------------------------------
    def _links(self) -> list[tuple[int, int, int]]:
        """Each adjacency once as ``(cell, neighbour, direction)`` for directions E, NE and NW."""
        out = []
        for i in range(self.board.size):
            for d in (0, 1, 2):
                j = int(self.board.neighbors[i, d])
                if j >= 0:
                    out.append((i, j, d))
        return out

    def draw(self, glyphs: list[str], *, coordinates: bool = True) -> str:
        """The board with one glyph per cell and every link between adjacent cells drawn.

        Cells stand on every other line, four columns apart; ``-`` joins east-west neighbours,
        ``/`` and ``\\`` the diagonal ones on the lines between. Row numbers stand at the right,
        column letters below-left of each column's lowest cell, as on every board picture.
        """
        b = self.board
        grid: dict[tuple[int, int], str] = {}

        def xy(q: int, r: int) -> tuple[int, int]:
            return 4 * (q - b.qmin) + 2 * (r - b.rmin) + 4, 2 * (b.rmax - r)

        for i, (q, r) in enumerate(b.cells):
            grid[xy(q, r)] = glyphs[i][:1] or " "
        for i, _j, d in self._links():
            x, y = xy(*b.cells[i])
            if d == 0:
                for k in (1, 2, 3):
                    grid[(x + k, y)] = "-"
            elif d == 1:
                grid[(x + 1, y - 1)] = "/"
            else:
                grid[(x - 1, y - 1)] = "\\"
        height = 2 * (b.rmax - b.rmin) + 1
        if coordinates:
            for q in range(b.qmin, b.qmax + 1):
                col = [r for (cq, r) in b.cells if cq == q]
                if not col:
                    continue
                x, y = xy(q, min(col) - 1)
                letters = b.cell_name((q, min(col))).rstrip("0123456789")
                for k, ch in enumerate(reversed(letters)):
                    grid[(x - k, y)] = ch
                height = max(height, y + 1)
        width = max(x for x, _ in grid) + 1
        lines = []
        for y in range(height):
            chars = [" "] * width
            for (x, gy), ch in grid.items():
                if gy == y:
                    chars[x] = ch
            line = "".join(chars).rstrip()
            if coordinates and y % 2 == 0 and y // 2 <= b.rmax - b.rmin:
                line = line.ljust(width) + "  " + str(b.rmax - b.rmin - y // 2 + 1)
            lines.append(line)
        while lines and not lines[-1].strip():
            lines.pop()
        margin = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
        return "\n".join(x[margin:].rstrip() for x in lines)

    def render(self, arr: Array, *, coordinates: bool = True) -> str:
        """The board: ``W``/``B`` checkers, ``.`` vacant, ``+`` cells open in the turn under way."""
        cols = self.cell_colours(arr)
        cls = self.turn_class(arr)
        glyphs = []
        for i, v in enumerate(cols):
            if v:
                glyphs.append("WB"[v - 1])
            elif cls >= 0 and self.classes[i] == cls:
                glyphs.append("+")
            else:
                glyphs.append(".")
        (w, bl), (gw, gb), (sw, sb) = self.stones(arr), self.groups(arr), self.scores(arr)
        head = (
            f"China Grove ({self.option_text_short()}): White {w} checkers {gw} groups score {sw}, "
            f"Black {bl} checkers {gb} groups score {sb}, turn {int(arr[H_TURN]) + 1}"
        )
        if cls >= 0 and arr[H_PLAYER] >= 0:
            head += (
                f"\nTurn under way: class {self.labels[cls]}, {int(arr[S_LEFT])} more checker(s) "
                "to place on the cells marked +"
            )
        return head + "\n" + self.draw(glyphs, coordinates=coordinates)

    def option_text_short(self) -> str:
        """Mode, penalty and where the board came from, for picture headings."""
        o = self.options
        src = f"seed {o['board_seed']}" if o["board_seed"] is not None else "given board"
        return f"{o['mode']} mode, penalty {o['penalty']}, {src}"

    def describe_board(self) -> str:
        """The empty board with each cell's exit count and every link between neighbours."""
        b = self.board
        facts = board_facts(b.cells)
        glyphs = [str(p.bit_count()) for p in self.patterns]
        head = (
            f"China Grove: {b.description}, {facts['cells']} cells, {facts['adjacencies']} "
            f"adjacencies, {facts['triangles']} triangles, {facts['islands']} island(s), "
            f"{facts['holes']} holes\n"
            "Each cell shows its number of exits; - / \\ are the exits between neighbours.\n"
            f"Board: {board_text(b)}"
        )
        return head + "\n" + self.draw(glyphs)

    def board_json_extra(self) -> dict[str, Any]:
        """Each cell's exits, pattern and class (in both modes), and the board's counts."""
        cells = []
        for i, p in enumerate(self.patterns):
            cells.append(
                {
                    "name": self.board.names[i],
                    "exits": [nm for d, nm in enumerate(DIRECTION_NAMES) if p >> d & 1],
                    "pattern": p,
                    "exit_count": p.bit_count(),
                    "pattern_class": PATTERN_CLASS_LABELS[PATTERN_CLASS[p]],
                    "class": self.labels[self.classes[i]],
                }
            )
        return {
            "board_text": board_text(self.board),
            "facts": board_facts(self.board.cells),
            "exits": cells,
        }

    def explain_illegal(self, arr: Array, a: int) -> str:
        """Why a checker or the swap is refused."""
        n = self.board.size
        if a == n:
            if arr[S_CLASS] >= 0:
                return (
                    "a turn is under way; the swap is offered only at the start of "
                    "Black's first turn"
                )
            return "the swap is offered only to Black at the start of its first turn"
        if self.cell_colours(arr)[a] != 0:
            return "that cell is occupied"
        cls = self.turn_class(arr)
        if cls >= 0 and self.classes[a] != cls:
            return (
                f"this turn places checkers of class {self.labels[cls]} "
                f"({self.describe_class(cls)}); {self.board.names[a]} is of class "
                f"{self.labels[self.classes[a]]}"
            )
        return ""

    def describe_class(self, k: int) -> str:
        """A class in words: its exit count, and in pattern mode one of its patterns."""
        if self.options["mode"] == "number":
            return f"{k + 1} exits"
        p = min(q for q in range(1, 64) if PATTERN_CLASS[q] == k)
        return f"exits like {pattern_text(p)}, turned or mirrored"


GAME = ChinaGrove
