"""China Grove boards: transcendental solutions of the China Labyrinth, generated and checked.

A *transcendental solution* is a set of 64 cells of the hex grid whose neighbourhood patterns
are all different: a cell's pattern is the 6-bit number whose bit ``d`` says whether its
neighbour in direction ``d`` (:data:`hexarena.hexgrid.DIRECTIONS`: E, NE, NW, W, SW, SE) is also
in the set. There are 64 such numbers, so each occurs exactly once. The pattern-0 cell has no
neighbour in the set and plays no part; a China Grove board is the other 63 cells.

Counting facts that follow and that :func:`check_board` verifies on every board:

* each direction occurs in 32 of the patterns 1..63, so there are ``6 * 32 / 2 = 96`` adjacent
  pairs;
* each of the six pairs of consecutive directions occurs in 16 patterns, and a triangle of
  mutually adjacent cells is counted once from each of its three cells, so there are
  ``6 * 16 / 3 = 32`` triangles;
* the union of the cells' hexagons deformation-retracts onto the complex of cells, adjacencies
  and triangles, whose Euler characteristic is ``63 - 96 + 32 = -1 = islands - holes``; hence
  holes (bounded regions of the plane left uncovered) = islands + 1. The validator counts holes
  directly (connected regions of non-board cells that cannot reach the outside) rather than
  trusting that identity.

The generator (:func:`generate`; its search is compiled, in
:mod:`hexarena.games.china_grove_search`) grows the board from one cell by backtracking over
*tiles*: it
repeatedly takes the board cell whose pattern has the fewest unused completions, gives it an
unused pattern, and thereby decides which of its still-undecided neighbours are on the board.
A cell's pattern is checked as soon as all six neighbours are decided. Each attempt has a node
budget; a failed attempt restarts with fresh random choices. All randomness comes from
``random.Random(seed).random()``, the one part of Python's generator whose sequence is
guaranteed across versions and machines, so a seed gives the same board everywhere.

Two islands (the option ``islands=2``): the first island is grown until it closes with between
:data:`MIN_ISLAND` and ``63 - MIN_ISLAND`` cells and leaves a set of patterns that pass the
counts every closed island passes (each adjacency, with the two cells beside it on or off the
board, is seen as often from one end as from the other; the three corners of each kind of
triangle occur equally often; no negative number of holes: see ``_closable``) and that would
make an island of at most :data:`SECOND_ISLAND_HOLES` holes (such sets far more often form an
island than those that need two or three; see docs/games/china-grove.md); the second island is
grown from the remaining patterns (a few attempts, else the first island is grown afresh), then
moved next to the first so that the two are separated by a gap of at least one cell, as
compactly as possible. Rule for useful islands: **each island has at least 21 cells** (a third
of the board), so that neither is a trivial appendix.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..core import HexArenaError
from ..hexgrid import DIRECTION_NAMES, DIRECTIONS, Board, BoardError, Cell, from_cells
from ..limits import MAX_BOARD_TEXT, cut_repr
from ..rng import RngState, python_rng
from .china_grove_search import FOUND, Workspace, closable, rest_holes, search, workspace

#: Number of cells on a China Grove board (the 64 tiles less the one with no exit).
BOARD_CELLS = 63
#: Adjacent pairs on every board.
ADJACENCIES = 96
#: Triangles of three mutually adjacent cells on every board.
TRIANGLES = 32
#: Smallest island allowed on a two-island board (a third of the board).
MIN_ISLAND = 21
#: Largest column or row number in a board's text (a board is 63 cells, far fewer columns).
MAX_COORDINATE = 64
#: Node budget of one search attempt before it restarts with new random choices.
ATTEMPT_NODES = 100
#: Node budgets of one attempt at the first and at the second island of a two-island board.
FIRST_ISLAND_NODES = 100
SECOND_ISLAND_NODES = 100
#: Attempts at the second island before the first is grown afresh.
SECOND_ISLAND_ATTEMPTS = 5
#: Most holes the first island may leave to the second (the two have three between them):
#: a second island that needs two or three holes is rarely found, so the search avoids them.
SECOND_ISLAND_HOLES = 1


class LabyrinthError(BoardError, HexArenaError):
    """Cells that do not make a China Grove board, or a board text that cannot be read."""


# ---------------------------------------------------------------- patterns and classes
def pattern_text(p: int) -> str:
    """A pattern as its exit directions, for example ``"E NE SW"`` (``"none"`` for 0)."""
    return " ".join(DIRECTION_NAMES[d] for d in range(6) if p >> d & 1) or "none"


def rotate_pattern(p: int, k: int = 1) -> int:
    """The pattern turned ``k`` sixths counter-clockwise (exit ``d`` becomes ``d + k``)."""
    k %= 6
    return ((p << k) | (p >> (6 - k))) & 63


def reflect_pattern(p: int) -> int:
    """The pattern mirrored in the east-west axis (exit ``d`` becomes ``-d``)."""
    return sum(1 << ((-d) % 6) for d in range(6) if p >> d & 1)


def canonical_pattern(p: int) -> int:
    """The smallest pattern among the 12 rotations and reflections of ``p``."""
    q = reflect_pattern(p)
    return min(min(rotate_pattern(p, k), rotate_pattern(q, k)) for k in range(6))


def _pattern_classes() -> tuple[tuple[int, ...], tuple[str, ...]]:
    canon = sorted({canonical_pattern(p) for p in range(1, 64)}, key=lambda c: (c.bit_count(), c))
    labels: list[str] = []
    for c in canon:
        same = [x for x in canon if x.bit_count() == c.bit_count()]
        suffix = "abc"[same.index(c)] if len(same) > 1 else ""
        labels.append(f"{c.bit_count()}{suffix}")
    cls = tuple([-1] + [canon.index(canonical_pattern(p)) for p in range(1, 64)])
    return cls, tuple(labels)


#: ``PATTERN_CLASS[p]``: class (0..11) of pattern ``p`` under rotation and reflection (-1 for 0).
#: ``PATTERN_CLASS_LABELS[k]``: the class's label, its exit count plus a letter where one count
#: has several shapes: ``2a`` two adjacent exits, ``2b`` two exits one apart, ``2c`` two opposite
#: exits; ``3a`` three in a row, ``3b`` two adjacent and one apart, ``3c`` alternate; ``4a``
#: four in a row, ``4b`` the two missing exits one apart, ``4c`` the two missing exits opposite
#: (the complements of ``2a``, ``2b`` and ``2c``).
PATTERN_CLASS, PATTERN_CLASS_LABELS = _pattern_classes()


def cell_patterns(cells: Iterable[Cell]) -> dict[Cell, int]:
    """Each cell's pattern: bit ``d`` set when its neighbour in direction ``d`` is in the set."""
    s = set(cells)
    return {
        (q, r): sum(1 << d for d, (dq, dr) in enumerate(DIRECTIONS) if (q + dq, r + dr) in s)
        for q, r in s
    }


def board_patterns(board: Board) -> list[int]:
    """The pattern of every cell of ``board``, by cell index."""
    out = []
    for row in board.neighbors:
        out.append(sum(1 << d for d in range(6) if row[d] >= 0))
    return out


# ---------------------------------------------------------------- the validator
def _components(cells: set[Cell]) -> list[set[Cell]]:
    seen: set[Cell] = set()
    comps: list[set[Cell]] = []
    for start in sorted(cells):
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        seen.add(start)
        while stack:
            q, r = stack.pop()
            for dq, dr in DIRECTIONS:
                nb = (q + dq, r + dr)
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    comp.add(nb)
                    stack.append(nb)
        comps.append(comp)
    return comps


def count_holes(cells: Iterable[Cell]) -> int:
    """Bounded regions of the plane not covered by the cells' hexagons.

    Two hexagons of the grid that touch share an edge, so the uncovered part of the plane falls
    into regions exactly as the non-board cells fall into connected groups; a group is bounded
    when it cannot reach the frame one cell outside the board's bounding box.
    """
    s = set(cells)
    if not s:
        return 0
    qs = [q for q, _ in s]
    rs = [r for _, r in s]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    empty = {(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1) if (q, r) not in s}
    holes = 0
    for comp in _components(empty):
        if not any(q in (q0, q1) or r in (r0, r1) for q, r in comp):
            holes += 1
    return holes


def board_facts(cells: Iterable[Cell]) -> dict[str, int]:
    """The counts the validator checks: cells, adjacencies, triangles, islands and holes."""
    s = set(cells)
    adj = 0
    tri = 0
    for q, r in s:
        for d, (dq, dr) in enumerate(DIRECTIONS):
            if (q + dq, r + dr) in s:
                adj += 1
                eq, er = DIRECTIONS[(d + 1) % 6]
                if (q + eq, r + er) in s:
                    tri += 1
    return {
        "cells": len(s),
        "adjacencies": adj // 2,
        "triangles": tri // 3,
        "islands": len(_components(s)),
        "holes": count_holes(s),
    }


def board_problems(cells: Sequence[Cell], islands: int | None = None) -> list[str]:
    """Everything that keeps ``cells`` from being a China Grove board (empty when it is one).

    ``islands`` (1 or 2), when given, is the number of separate islands the board must have.
    """
    problems: list[str] = []
    lst = [(int(q), int(r)) for q, r in cells]
    if len(set(lst)) != len(lst):
        dup = sorted({c for c in lst if lst.count(c) > 1})
        problems.append(f"cells listed twice: {dup}")
    s = set(lst)
    if not s:
        return ["the board has no cells"]
    board = from_cells(s, "China Grove board under test")
    facts = board_facts(s)
    if facts["cells"] != BOARD_CELLS:
        problems.append(f"it has {facts['cells']} cells, not {BOARD_CELLS}")
    if facts["adjacencies"] != ADJACENCIES:
        problems.append(f"it has {facts['adjacencies']} adjacent pairs, not {ADJACENCIES}")
    if facts["triangles"] != TRIANGLES:
        problems.append(f"it has {facts['triangles']} triangles of adjacent cells, not {TRIANGLES}")
    if islands is not None and facts["islands"] != islands:
        problems.append(f"it has {facts['islands']} island(s), not {islands}")
    if facts["holes"] != facts["islands"] + 1:
        problems.append(
            f"it has {facts['holes']} hole(s) and {facts['islands']} island(s); "
            "a solution has one hole more than islands"
        )
    pats = board_patterns(board)
    lone = [board.names[i] for i, p in enumerate(pats) if p == 0]
    if lone:
        problems.append(f"cell(s) {', '.join(lone)} have no neighbour (no exit)")
    by_pattern: dict[int, list[str]] = {}
    for i, p in enumerate(pats):
        if p:
            by_pattern.setdefault(p, []).append(board.names[i])
    for p, names in sorted(by_pattern.items()):
        if len(names) > 1:
            problems.append(f"cells {', '.join(names)} have the same exits ({pattern_text(p)})")
    return problems


def check_board(cells: Sequence[Cell], islands: int | None = None) -> None:
    """Raise :class:`LabyrinthError` naming every problem unless ``cells`` make a board."""
    problems = board_problems(cells, islands)
    if problems:
        raise LabyrinthError(
            "not a China Grove board (a China Labyrinth solution): " + "; ".join(problems)
        )


# ---------------------------------------------------------------- board text
def board_text(board: Board) -> str:
    """The board as cell names (``a1 b1 ...``), the form a record's ``board`` tag stores."""
    return " ".join(board.names)


def parse_board_text(text: str) -> list[Cell]:
    """The cells named in ``text`` (cell names separated by spaces or commas).

    Column ``a`` and row ``1`` are ``q = 0`` and ``r = 0``; the board built from the cells names
    them again from its own lowest column and row, so a list written by :func:`board_text` reads
    back to the same names.
    """
    import re

    if len(text) > MAX_BOARD_TEXT:
        raise LabyrinthError(
            f"the board is at most {MAX_BOARD_TEXT:,} characters of cell names, not {len(text):,}"
        )
    words = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
    if not words:
        raise LabyrinthError("the board lists no cells")
    out: list[Cell] = []
    for w in words:
        m = re.fullmatch(r"([a-z]{1,2})([0-9]{1,3})", w)
        col = 0
        for ch in m.group(1) if m else "":
            col = col * 26 + (ord(ch) - ord("a") + 1)
        if not m or not 1 <= int(m.group(2)) <= MAX_COORDINATE or col > MAX_COORDINATE:
            raise LabyrinthError(
                f"{cut_repr(w)} in the board is not a cell name like 'c4' with column and row "
                f"at most {MAX_COORDINATE} (column {_letters(MAX_COORDINATE)})"
            )
        out.append((col - 1, int(m.group(2)) - 1))
    return out


def _letters(col: int) -> str:
    """The letters of column number ``col`` (1 -> a, 27 -> aa)."""
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


# ---------------------------------------------------------------- the generator
def _closable(used: int) -> bool:
    """Whether the patterns not in ``used`` pass the counts every closed island passes
    (:func:`hexarena.games.china_grove_search.closable`)."""
    return bool(closable(np.uint64(used)))


def _rest_holes(used: int) -> int:
    """The holes an island made of the patterns not in ``used`` would have (the module
    docstring; :func:`hexarena.games.china_grove_search.rest_holes`)."""
    return int(rest_holes(np.uint64(used)))


def _island(
    ws: Workspace, mt: RngState, used: int, lo: int, hi: int, budget: int, holes: int = -1
) -> list[Cell]:
    """An island of ``lo`` to ``hi`` cells of the patterns not in ``used``: searches of
    ``budget`` nodes until one closes (``holes``: as :func:`china_grove_search.search`)."""
    while True:
        cells = _search_once(ws, mt, used, lo, hi, budget, holes)
        if cells is not None:
            return cells


def _search_once(
    ws: Workspace, mt: RngState, used: int, lo: int, hi: int, budget: int, holes: int = -1
) -> list[Cell] | None:
    """One search (:func:`hexarena.games.china_grove_search.search`): the island, or None."""
    if not 1 <= lo <= hi <= BOARD_CELLS:  # pragma: no cover - the callers' sizes
        raise ValueError(f"island sizes {lo} to {hi} are not within 1 to {BOARD_CELLS}")
    out = search(ws, mt, np.uint64(used), lo, hi, budget, holes)
    if out[0] != FOUND:
        return None
    return [(int(out[i]), int(out[i + 1])) for i in range(1, len(out), 2)]


def _place_beside(first: list[Cell], second: list[Cell]) -> list[Cell]:
    """Move ``second`` next to ``first`` with a gap of at least one cell between them.

    Of all the translations that keep every cell of ``second`` off ``first`` and its neighbours,
    the one giving the most compact whole (smallest extent along the three grid axes) wins.
    """
    near = {(q + dq, r + dr) for q, r in first for dq, dr in DIRECTIONS} | set(first)
    # the translations that would put a cell of ``second`` on ``first`` or next to it
    clash = {(aq - bq, ar - br) for aq, ar in near for bq, br in second}
    q0, q1 = min(q for q, _ in first), max(q for q, _ in first)
    r0, r1 = min(r for _, r in first), max(r for _, r in first)
    s0, s1 = min(q + r for q, r in first), max(q + r for q, r in first)
    p0, p1 = min(q for q, _ in second), max(q for q, _ in second)
    t0, t1 = min(r for _, r in second), max(r for _, r in second)
    u0, u1 = min(q + r for q, r in second), max(q + r for q, r in second)
    best: tuple[tuple[int, int, int], int, int] | None = None
    for dq in range(-20, 21):
        for dr in range(-20, 21):
            if (dq, dr) in clash:
                continue
            extent = (
                max(q1, p1 + dq)
                - min(q0, p0 + dq)
                + max(r1, t1 + dr)
                - min(r0, t0 + dr)
                + max(s1, u1 + dq + dr)
                - min(s0, u0 + dq + dr)
            )
            key = (extent, dq, dr)
            if best is None or key < best[0]:
                best = (key, dq, dr)
    if best is None:  # pragma: no cover - only for islands too long for the range searched
        dq = q1 - p0 + 2  # wholly two columns to the right
        return [(q + dq, r) for q, r in second]
    return [(q + best[1], r + best[2]) for q, r in second]


def generate(seed: int, islands: int = 1) -> list[Cell]:
    """The 63 cells of a China Grove board, the same for the same seed on every machine.

    ``islands`` is 1 (one connected board) or 2 (two islands of at least :data:`MIN_ISLAND`
    cells each, a cell apart).
    """
    if islands not in (1, 2):
        raise LabyrinthError(f"a China Grove board has 1 or 2 islands, not {islands!r}")
    mt = python_rng(seed)  # the draws of random.Random(seed).random()
    ws = workspace()
    if islands == 1:
        cells = _island(ws, mt, 0, BOARD_CELLS, BOARD_CELLS, ATTEMPT_NODES)
    else:
        while True:
            first = _island(
                ws,
                mt,
                0,
                MIN_ISLAND,
                BOARD_CELLS - MIN_ISLAND,
                FIRST_ISLAND_NODES,
                SECOND_ISLAND_HOLES,
            )
            used = 0
            for p in cell_patterns(first).values():
                used |= 1 << p
            rest = BOARD_CELLS - len(first)
            second: list[Cell] | None = None
            for _ in range(SECOND_ISLAND_ATTEMPTS):
                second = _search_once(ws, mt, used, rest, rest, SECOND_ISLAND_NODES)
                if second is not None:
                    break
            if second is not None:
                break
        cells = first + _place_beside(first, second)
    qmin = min(q for q, _ in cells)
    rmin = min(r for _, r in cells)
    return sorted(((q - qmin, r - rmin) for q, r in cells), key=lambda c: (c[1], c[0]))


__all__ = [
    "ADJACENCIES",
    "BOARD_CELLS",
    "MIN_ISLAND",
    "PATTERN_CLASS",
    "PATTERN_CLASS_LABELS",
    "TRIANGLES",
    "LabyrinthError",
    "board_facts",
    "board_patterns",
    "board_problems",
    "board_text",
    "canonical_pattern",
    "cell_patterns",
    "check_board",
    "count_holes",
    "generate",
    "parse_board_text",
    "pattern_text",
]
