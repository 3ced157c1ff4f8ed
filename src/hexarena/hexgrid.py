"""Hexagonal geometry shared by every game: coordinates, board shapes, tables and cell names.

Cells use axial coordinates ``(q, r)`` with ``r`` growing upwards (row 1 is the bottom row of a
picture) and ``q`` growing to the right. The six directions, in counter-clockwise order, are
E, NE, NW, W, SW and SE; direction ``d`` and ``(d + 3) % 6`` are opposite.

A :class:`Board` is a set of cells plus tables derived from it once (NumPy neighbour table,
perimeter ring, symmetries, names). Cells are indexed ``0 .. n-1`` in reading order: by row from
the bottom, then by ``q``. Names are one scheme for every board: a column letter (``a`` for the
smallest ``q`` on the board, then ``b`` ... ``z``, ``aa`` ...) and a row number (``1`` for the
smallest ``r``), so the cell ``c2`` is the third column and second row of the board's grid.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from .limits import (
    MAX_BOARD_SIDE,
    MAX_DIGITS,
    MAX_LETTERS,
    cut_repr,
    parse_int_text,
    split_items,
)

Cell = tuple[int, int]
IntArray = npt.NDArray[np.int32]

#: The six axial directions, counter-clockwise from east, with ``r`` pointing up.
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")


class BoardError(ValueError):
    """A board description that does not make a valid board (the message says why)."""


class CellNameError(ValueError):
    """A cell name that is malformed or names no cell of the board."""


def hex_distance(a: Cell, b: Cell) -> int:
    """Number of steps between two cells of the infinite grid."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate60(c: Cell) -> Cell:
    """Rotate a cell 60 degrees counter-clockwise about the origin."""
    q, r = c
    return (-r, q + r)


def reflect(c: Cell) -> Cell:
    """Mirror a cell in the line through the origin along the E-W axis's partner (swap q, r)."""
    q, r = c
    return (r, q)


def _column_letters(k: int) -> str:
    """Spreadsheet-style letters for column index ``k`` (0 -> a, 25 -> z, 26 -> aa)."""
    out = ""
    k += 1
    while k:
        k, rem = divmod(k - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def _column_index(letters: str) -> int:
    """Inverse of :func:`_column_letters`."""
    k = 0
    for ch in letters:
        k = k * 26 + (ord(ch) - ord("a") + 1)
    return k - 1


_NAME_RE = re.compile(r"^([a-z]+)([0-9]+)$")


@dataclass(frozen=True, eq=False)
class Board:
    """A set of hex cells and the tables every game needs about it.

    Build boards with :func:`hexhex`, :func:`hexagon` or :func:`from_cells`; they are cached, so
    the same description gives the same object.
    """

    cells: tuple[Cell, ...]
    description: str
    index: dict[Cell, int] = field(repr=False)
    neighbors: IntArray = field(repr=False)
    qmin: int
    rmin: int
    qmax: int
    rmax: int
    names: tuple[str, ...] = field(repr=False)
    name_index: dict[str, int] = field(repr=False)

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        return f"Board({self.description!r}, cells={len(self.cells)})"

    # ----------------------------------------------------------------- names
    def name(self, i: int) -> str:
        """The name of cell index ``i`` (for example ``"c4"``)."""
        return self.names[i]

    def parse(self, name: str) -> int:
        """The cell index named ``name``; raises :class:`CellNameError` if it is off the board."""
        text = name.strip().lower()
        idx = self.name_index.get(text)
        if idx is not None:
            return idx
        m = _NAME_RE.match(text)
        if not m or len(m.group(1)) > MAX_LETTERS or len(m.group(2)) > MAX_DIGITS:
            raise CellNameError(
                f"{cut_repr(name)} is not a cell name: a cell is a column letter and a row "
                f"number like 'c4' (at most {MAX_LETTERS} letters and {MAX_DIGITS} digits)"
            )
        q = self.qmin + _column_index(m.group(1))
        r = self.rmin + int(m.group(2)) - 1
        where = ""  # the grid's own coordinates mean nothing to a reader: say it in names
        if self.qmin <= q <= self.qmax and self.rmin <= r <= self.rmax:
            where = f"; column {m.group(1)} and row {m.group(2)} exist, but meet off its edge"
        raise CellNameError(
            f"{cut_repr(name)} is not on this board ({self.description}): "
            f"columns run {self.names_columns()}, rows 1..{self.rmax - self.rmin + 1}{where}"
        )

    def names_columns(self) -> str:
        """The column letters of the board as a range, for messages."""
        return f"{_column_letters(0)}..{_column_letters(self.qmax - self.qmin)}"

    def cell_name(self, cell: Cell) -> str:
        """The name of an axial cell (which must be on the board)."""
        return self.names[self.index[cell]]

    # -------------------------------------------------------------- geometry
    @functools.cached_property
    def degree(self) -> IntArray:
        """Number of on-board neighbours of each cell."""
        return np.asarray((self.neighbors >= 0).sum(axis=1), dtype=np.int32)

    @functools.cached_property
    def adjacency(self) -> list[tuple[int, int]]:
        """Every adjacent pair ``(i, j)`` with ``i < j``."""
        pairs = []
        for i in range(self.size):
            for j in self.neighbors[i]:
                if j > i:
                    pairs.append((i, int(j)))
        return pairs

    @functools.cached_property
    def neighbor_lists(self) -> tuple[tuple[int, ...], ...]:
        """Each cell's on-board neighbours, in direction order."""
        return tuple(tuple(int(j) for j in row if j >= 0) for row in self.neighbors)

    def neighbor(self, i: int, d: int) -> int:
        """The neighbour of cell ``i`` in direction ``d``, or -1 if it is off the board."""
        return int(self.neighbors[i, d])

    def ray(self, i: int, d: int) -> list[int]:
        """Cells from ``i`` (excluded) straight on in direction ``d`` to the edge of the board."""
        out = []
        j = int(self.neighbors[i, d])
        while j >= 0:
            out.append(j)
            j = int(self.neighbors[j, d])
        return out

    def line(self, a: int, b: int) -> list[int] | None:
        """The straight line of cells from ``a`` to ``b`` inclusive, if they share a grid line.

        Returns ``None`` when ``a`` and ``b`` are not on one of the three axes through each other,
        or when the line leaves the board between them.
        """
        if a == b:
            return [a]
        qa, ra = self.cells[a]
        qb, rb = self.cells[b]
        dist = hex_distance((qa, ra), (qb, rb))
        step = ((qb - qa) // dist, (rb - ra) // dist) if dist else (0, 0)
        if (qa + step[0] * dist, ra + step[1] * dist) != (qb, rb) or step not in DIRECTIONS:
            return None
        d = DIRECTIONS.index(step)
        out = [a]
        j = a
        for _ in range(dist):
            j = int(self.neighbors[j, d])
            if j < 0:
                return None
            out.append(j)
        return out

    def distance(self, a: int, b: int) -> int:
        """Grid distance between two cells (not a path within the board)."""
        return hex_distance(self.cells[a], self.cells[b])

    @functools.cached_property
    def centre(self) -> int:
        """The cell at the centre of symmetry of the board, or -1 if there is none."""
        qs = sum(q for q, _ in self.cells)
        rs = sum(r for _, r in self.cells)
        n = self.size
        if qs % n or rs % n:
            return -1
        return self.index.get((qs // n, rs // n), -1)

    @functools.cached_property
    def edge(self) -> IntArray:
        """Cells with fewer than six neighbours on the board, in index order."""
        return np.flatnonzero(self.degree < 6).astype(np.int32)

    @functools.cached_property
    def ring(self) -> IntArray:
        """The perimeter ring in cyclic (counter-clockwise) order.

        The trace follows the outer boundary of the board, starting from the lowest, leftmost
        cell. Each perimeter cell appears once (at its first visit), even where a thin neck makes
        the boundary pass a cell twice.
        """
        if self.size == 1:
            return np.zeros(1, dtype=np.int32)
        # Wall following: walk counter-clockwise with the outside on the right, at each cell
        # taking the sharpest right turn that stays on the board. The lowest, leftmost cell
        # starts the walk as if it had been entered going east.
        start = 0
        order: list[int] = [start]
        seen = {start}
        cur, d = start, 0
        first_move: tuple[int, int] | None = None
        for _ in range(6 * self.size + 6):
            for turn in (-2, -1, 0, 1, 2, 3):
                nd = (d + turn) % 6
                j = int(self.neighbors[cur, nd])
                if j >= 0:
                    break
            else:
                break  # a single isolated cell
            if first_move is None:
                first_move = (cur, j)
            elif (cur, j) == first_move:
                break
            cur, d = j, nd
            if cur not in seen:
                seen.add(cur)
                order.append(cur)
        return np.asarray(order, dtype=np.int32)

    @functools.cached_property
    def symmetries(self) -> IntArray:
        """The board's symmetries as permutations of cell indices, shape ``(k, n)``.

        Row 0 is the identity. Each row ``p`` maps cell ``i`` to cell ``p[i]``; the transformations
        are the 12 rotations and reflections of the hex grid followed by the translation that
        brings the image back onto the board.
        """
        perms: list[list[int]] = []
        base = sorted(self.cells)
        for refl in (False, True):
            for rot in range(6):

                def tf(c: Cell, rot: int = rot, refl: bool = refl) -> Cell:
                    if refl:
                        c = reflect(c)
                    for _ in range(rot):
                        c = rotate60(c)
                    return c

                image = [tf(c) for c in self.cells]
                lo = min(image)
                dq, dr = base[0][0] - lo[0], base[0][1] - lo[1]
                moved = [(q + dq, r + dr) for q, r in image]
                if all(c in self.index for c in moved):
                    perm = [self.index[c] for c in moved]
                    if perm not in perms:
                        perms.append(perm)
        return np.asarray(perms, dtype=np.int32)

    # -------------------------------------------------------------- pictures
    def render(
        self,
        glyphs: Sequence[str],
        *,
        coordinates: bool = True,
        between: dict[tuple[int, int], str] | None = None,
    ) -> str:
        """An ASCII picture of the board with one glyph (one character) per cell.

        Rows are drawn from the top (highest ``r``) down; each row's number stands at its right,
        and each column's letter stands just below-left of the column's lowest cell, so a column
        runs up and to the right from its letter. ``between`` may give characters to draw in the
        gap between two horizontally adjacent cells (keyed by the pair of cell indices).
        """
        rows = self.rmax - self.rmin + 1
        height = rows + (1 if coordinates else 0)
        grid: dict[tuple[int, int], str] = {}

        def x_of(q: int, r: int) -> int:
            return 2 * (q - self.qmin) + (r - self.rmin) + 2

        for i, (q, r) in enumerate(self.cells):
            grid[(r, x_of(q, r))] = glyphs[i][:1] or " "
        if between:
            for (a, b), ch in between.items():
                (qa, ra), (qb, rb) = self.cells[a], self.cells[b]
                if ra == rb:
                    grid[(ra, (x_of(qa, ra) + x_of(qb, rb)) // 2)] = ch[:1]
        if coordinates:
            for q in range(self.qmin, self.qmax + 1):
                col = [r for (cq, r) in self.cells if cq == q]
                if not col:
                    continue
                r = min(col) - 1
                x = x_of(q, r)
                grid.setdefault((r, x), "")
                letters = _column_letters(q - self.qmin)
                # Letters of two characters or more end at the letter position.
                for k, ch in enumerate(reversed(letters)):
                    grid[(r, x - k)] = ch
        width = max(x for _, x in grid) + 1
        lines = []
        for r in range(self.rmax, self.rmax - height, -1):
            chars = [" "] * width
            for (gr, x), ch in grid.items():
                if gr == r and x >= 0:
                    chars[x] = ch
            line = "".join(chars).rstrip()
            if coordinates and self.rmin <= r <= self.rmax:
                line += "  " + str(r - self.rmin + 1)
            lines.append(line)
        while lines and not lines[-1].strip():
            lines.pop()
        # remove the common left margin
        margin = min((len(x) - len(x.lstrip()) for x in lines if x.strip()), default=0)
        return "\n".join(x[margin:] for x in lines)

    # ------------------------------------------------------------ export
    def to_json(self) -> dict[str, object]:
        """The board as plain data: cells with names and axial coordinates, and adjacency."""
        return {
            "description": self.description,
            "cells": [
                {"index": i, "name": self.names[i], "q": q, "r": r}
                for i, (q, r) in enumerate(self.cells)
            ],
            "adjacency": [[self.names[a], self.names[b]] for a, b in self.adjacency],
        }


def _build(cells: Iterable[Cell], description: str) -> Board:
    cell_set = set(cells)
    if not cell_set:
        raise BoardError("a board needs at least one cell")
    ordered = tuple(sorted(cell_set, key=lambda c: (c[1], c[0])))
    index = {c: i for i, c in enumerate(ordered)}
    nb = np.full((len(ordered), 6), -1, dtype=np.int32)
    for i, (q, r) in enumerate(ordered):
        for d, (dq, dr) in enumerate(DIRECTIONS):
            nb[i, d] = index.get((q + dq, r + dr), -1)
    nb.setflags(write=False)
    qmin = min(q for q, _ in ordered)
    rmin = min(r for _, r in ordered)
    qmax = max(q for q, _ in ordered)
    rmax = max(r for _, r in ordered)
    names = tuple(f"{_column_letters(q - qmin)}{r - rmin + 1}" for q, r in ordered)
    return Board(
        cells=ordered,
        description=description,
        index=index,
        neighbors=nb,
        qmin=qmin,
        rmin=rmin,
        qmax=qmax,
        rmax=rmax,
        names=names,
        name_index={n: i for i, n in enumerate(names)},
    )


@functools.lru_cache(maxsize=64)
def hexhex(n: int) -> Board:
    """The regular hexagon of side ``n`` (``3n(n-1)+1`` cells), centred on ``(0, 0)``."""
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_BOARD_SIDE:
        raise BoardError(
            f"a hexagon's side must be a whole number from 1 to {MAX_BOARD_SIDE}, not {cut_repr(n)}"
        )
    m = n - 1
    cells = [(q, r) for q in range(-m, m + 1) for r in range(-m, m + 1) if abs(q + r) <= m]
    return _build(cells, f"hexhex side {n}")


def check_sides(sides: Sequence[int]) -> None:
    """Raise :class:`BoardError` unless six side lengths close a hexagon."""
    if len(sides) != 6:
        raise BoardError(f"a hexagon has six sides; {len(sides)} lengths were given")
    if any(not isinstance(s, int) or isinstance(s, bool) or s < 2 for s in sides):
        raise BoardError(
            f"every side length must be a whole number of at least 2: {cut_repr(tuple(sides))}"
        )
    if max(sides) > MAX_BOARD_SIDE:
        raise BoardError(
            f"every side length must be at most {MAX_BOARD_SIDE}: {cut_repr(tuple(sides))}"
        )
    s1, s2, s3, s4, s5, s6 = sides
    if not (s1 - s4 == s5 - s2 == s3 - s6):
        raise BoardError(
            f"side lengths {','.join(map(str, sides))} do not close a hexagon: that needs "
            f"s1 - s4 = s5 - s2 = s3 - s6, but here they are {s1 - s4}, {s5 - s2} and {s3 - s6}"
        )


@functools.lru_cache(maxsize=64)
def hexagon(sides: tuple[int, int, int, int, int, int]) -> Board:
    """An irregular hexagon from six side lengths, in cells, counter-clockwise from the bottom side.

    The bottom side runs east with ``sides[0]`` cells, then north-east, north-west, west,
    south-west and south-east. Six lengths close only when ``s1 - s4 = s5 - s2 = s3 - s6``.
    """
    sides = tuple(sides)  # type: ignore[assignment]
    check_sides(sides)
    q, r = 0, 0
    walk: list[Cell] = []
    for d, s in enumerate(sides):
        dq, dr = DIRECTIONS[d]
        for _ in range(s - 1):
            walk.append((q, r))
            q, r = q + dq, r + dr
    assert (q, r) == (0, 0)
    qs = [c[0] for c in walk]
    rs = [c[1] for c in walk]
    ss = [-c[0] - c[1] for c in walk]
    cells = [
        (a, b)
        for a in range(min(qs), max(qs) + 1)
        for b in range(min(rs), max(rs) + 1)
        if min(ss) <= -a - b <= max(ss)
    ]
    # centre the board so that a symmetric hexagon has its centre at the origin when possible
    return _build(cells, "hexagon sides " + ",".join(map(str, sides)))


def from_cells(cells: Iterable[Cell], description: str = "custom board") -> Board:
    """A board from an explicit list of axial cells (duplicates refused)."""
    lst = [(int(q), int(r)) for q, r in cells]
    if len(set(lst)) != len(lst):
        dup = sorted({c for c in lst if lst.count(c) > 1})
        raise BoardError(f"cells listed twice: {dup}")
    return _build(lst, description)


def parse_sides(text: str) -> tuple[int, int, int, int, int, int]:
    """Parse ``"3,4,3,4,3,4"`` (or ``"3 4 3 4 3 4"``) into six side lengths, with a clear error
    for anything else; an empty item (``3,,4,...``) is refused, never skipped."""
    parts, empty = split_items(text, "," if "," in text else None)
    if empty is not None:
        raise BoardError(
            f"side lengths must be six whole numbers like 3,4,3,4,3,4, not {cut_repr(text)}: "
            f"item {empty} is empty"
        )
    try:
        vals = tuple(parse_int_text(p, "a side length") for p in parts)
    except ValueError as exc:
        raise BoardError(
            f"side lengths must be six whole numbers like 3,4,3,4,3,4, not {cut_repr(text)}: {exc}"
        ) from None
    check_sides(vals)
    return vals  # type: ignore[return-value]
