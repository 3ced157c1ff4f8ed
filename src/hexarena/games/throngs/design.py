"""The design of Throngs' large board, and the checks every Throngs board shape must pass.

The rule sheet describes a larger board (177 sites, about twice the original's 93) without
giving its layout. NOTES.md asks for: 177 sites, connected, 3-fold rotational symmetry and
mirror lines, no site at the centre of symmetry, edge sites with 3 or 4 neighbours kept in pairs
as far as possible (on the original board 6 of its 27 such sites touch two others of them; the
large board must do at least as well), and none of them near the centre.

:func:`design_large` finds such a board by trying every union of symmetry orbits (around a
point where three cells meet, so no cell sits on the centre) between two hexagons around that
point, and keeping the best that qualifies. :func:`board_report` measures every property, and
:func:`check_large` states which of NOTES.md's requirements hold. Run::

    python -m hexarena.games.throngs.design            # check the shipped board, print a report
    python -m hexarena.games.throngs.design --design   # search again and print the result
    python -m hexarena.games.throngs.design --design --write   # ... and ship it as data

The shipped board is ``hexarena/data/throngs_large.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ...hexgrid import DIRECTIONS, from_cells

Cell = tuple[int, int]

#: Where the large board's data lives, inside the package.
DATA_PATH = Path(__file__).resolve().parent.parent.parent / "data" / "throngs_large.json"
LARGE_SITES = 177
#: The original board's record: sites of degree 3 or 4 that touch two or more others of them.
ORIGINAL_CROWDED = 6
#: Edge sites must be at least this far (in cell widths) from the centre of symmetry.
MIN_EDGE_DISTANCE = 4.5


def _rot(c: Cell) -> Cell:
    """Rotate 120 degrees about the point where cells (0,0), (1,0) and (0,1) meet."""
    q, r = c
    return (1 - q - r, q)


def _mirror(c: Cell) -> Cell:
    """Mirror in a line through that point (it swaps (1,0) and (0,1))."""
    q, r = c
    return (r, q)


def orbit(c: Cell) -> frozenset[Cell]:
    """The images of ``c`` under the six symmetries (three rotations, three mirrors)."""
    out = set()
    x = c
    for _ in range(3):
        out.add(x)
        out.add(_mirror(x))
        x = _rot(x)
    return frozenset(out)


def _xy(c: Cell) -> tuple[float, float]:
    q, r = c
    return (q + r / 2, r * math.sqrt(3) / 2)


def _centre_of(cells: Iterable[Cell]) -> tuple[float, float]:
    pts = [_xy(c) for c in cells]
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


@dataclass
class BoardReport:
    """What a board shape has: the properties NOTES.md asks of Throngs' boards."""

    sites: int
    adjacencies: int
    edge_sites: int
    connected: bool
    holes: int
    rotations: int  # rotational symmetries (1, 2, 3 or 6 of them, the identity included)
    mirrors: int  # mirror symmetries
    centre: tuple[float, float]  # the centre of symmetry (centroid), in axial coordinates
    site_at_centre: bool
    low_sites: int  # edge sites with 3 or 4 neighbours
    crowded: int  # low sites touching two or more other low sites
    runs: list[int]  # sizes of the runs (connected groups) of low sites, largest first
    min_degree: int
    spikes: int  # sites with fewer than 3 neighbours
    min_edge_distance: float  # closest edge site to the centre, in cell widths
    max_distance: float  # farthest site from the centre

    def lines(self) -> list[str]:
        """The report as text lines."""
        runs: dict[int, int] = {}
        for k in self.runs:
            runs[k] = runs.get(k, 0) + 1
        run_text = ", ".join(f"{cnt} of {size}" for size, cnt in sorted(runs.items()))
        return [
            f"sites: {self.sites}",
            f"adjacencies: {self.adjacencies}, on the edge: {self.edge_sites}",
            f"connected: {'yes' if self.connected else 'no'}, holes: {self.holes}",
            f"symmetries: {self.rotations} rotations, {self.mirrors} mirror lines",
            f"centre of symmetry: ({self.centre[0]:.3f}, {self.centre[1]:.3f}), "
            f"a site there: {'yes' if self.site_at_centre else 'no'}",
            f"edge sites with 3 or 4 neighbours: {self.low_sites}, of which {self.crowded} "
            "touch two or more others",
            f"runs of such sites (size: count): {run_text}",
            f"smallest number of neighbours: {self.min_degree}",
            f"nearest edge site to the centre: {self.min_edge_distance:.2f} cell widths; "
            f"farthest site: {self.max_distance:.2f}",
        ]


def _symmetry_counts(cells: set[Cell]) -> tuple[int, int]:
    board = from_cells(cells)
    rotations = mirrors = 0
    # Board.symmetries lists the grid's 12 transformations that map the board onto itself;
    # the first six rows come from rotations and the rest from reflections, in order.
    base = sorted(cells)
    for refl in (False, True):
        for rot in range(6):
            image = []
            for c in cells:
                x = (c[1], c[0]) if refl else c
                for _ in range(rot):
                    x = (-x[1], x[0] + x[1])
                image.append(x)
            lo = min(image)
            dq, dr = base[0][0] - lo[0], base[0][1] - lo[1]
            if {(q + dq, r + dr) for q, r in image} == cells:
                if refl:
                    mirrors += 1
                else:
                    rotations += 1
    assert len(board.symmetries) == rotations + mirrors
    return rotations, mirrors


def _components(cells: set[Cell]) -> list[set[Cell]]:
    left = set(cells)
    comps = []
    while left:
        start = left.pop()
        comp = {start}
        todo = [start]
        while todo:
            q, r = todo.pop()
            for dq, dr in DIRECTIONS:
                nb = (q + dq, r + dr)
                if nb in left:
                    left.remove(nb)
                    comp.add(nb)
                    todo.append(nb)
        comps.append(comp)
    return comps


def _holes(cells: set[Cell]) -> int:
    qs = [c[0] for c in cells]
    rs = [c[1] for c in cells]
    box = {
        (q, r) for q in range(min(qs) - 1, max(qs) + 2) for r in range(min(rs) - 1, max(rs) + 2)
    } - cells
    return len(_components(box)) - 1


def board_report(cells: Iterable[Cell]) -> BoardReport:
    """Measure a board shape (a set of axial cells)."""
    cs = set(cells)
    deg = {c: sum((c[0] + dq, c[1] + dr) in cs for dq, dr in DIRECTIONS) for c in cs}
    low = {c for c, d in deg.items() if d in (3, 4)}
    crowded = sum(
        1 for c in low if sum((c[0] + dq, c[1] + dr) in low for dq, dr in DIRECTIONS) >= 2
    )
    runs = sorted((len(k) for k in _components(low)), reverse=True)
    cx, cy = _centre_of(cs)
    cr = cy * 2 / math.sqrt(3)
    centre = (cx - cr / 2, cr)
    site_at_centre = any(abs(q - centre[0]) < 1e-9 and abs(r - centre[1]) < 1e-9 for q, r in cs)
    rotations, mirrors = _symmetry_counts(cs)

    def dist(c: Cell) -> float:
        x, y = _xy(c)
        return math.hypot(x - cx, y - cy)

    edge = [c for c, d in deg.items() if d < 6]
    adj = sum(deg.values()) // 2
    return BoardReport(
        sites=len(cs),
        adjacencies=adj,
        edge_sites=len(edge),
        connected=len(_components(cs)) == 1,
        holes=_holes(cs),
        rotations=rotations,
        mirrors=mirrors,
        centre=centre,
        site_at_centre=site_at_centre,
        low_sites=len(low),
        crowded=crowded,
        runs=runs,
        min_degree=min(deg.values()),
        spikes=sum(1 for d in deg.values() if d < 3),
        min_edge_distance=min(dist(c) for c in edge),
        max_distance=max(dist(c) for c in cs),
    )


def check_large(report: BoardReport) -> list[tuple[str, bool]]:
    """NOTES.md's requirements for the large board, each with whether ``report`` meets it."""
    return [
        (f"{LARGE_SITES} sites", report.sites == LARGE_SITES),
        ("connected, without holes", report.connected and report.holes == 0),
        ("3-fold rotational symmetry", report.rotations >= 3),
        ("mirror lines", report.mirrors >= 1),
        ("no site at the centre of symmetry", not report.site_at_centre),
        (
            f"at most {ORIGINAL_CROWDED} edge sites with 3 or 4 neighbours touch two others "
            "(the original board's figure)",
            report.crowded <= ORIGINAL_CROWDED,
        ),
        ("every site has at least 3 neighbours", report.min_degree >= 3),
        (
            f"no edge site within {MIN_EDGE_DISTANCE} cell widths of the centre",
            report.min_edge_distance >= MIN_EDGE_DISTANCE,
        ),
    ]


# ---------------------------------------------------------------- the search
def _degrees(cells: set[Cell]) -> dict[Cell, int]:
    return {c: sum((c[0] + dq, c[1] + dr) in cells for dq, dr in DIRECTIONS) for c in cells}


def _hex_distance_from_centre(c: Cell) -> float:
    """Hexagonal distance of cell ``c`` from the point where (0,0), (1,0) and (0,1) meet."""
    q, r = c
    return round(max(abs(q - 1 / 3), abs(r - 1 / 3), abs(-q - r + 2 / 3)), 6)


def shells() -> list[tuple[float, list[frozenset[Cell]]]]:
    """The symmetry orbits grouped by hexagonal distance from the centre, nearest first."""
    by_dist: dict[float, set[frozenset[Cell]]] = {}
    for q in range(-12, 13):
        for r in range(-12, 13):
            c = (q, r)
            by_dist.setdefault(_hex_distance_from_centre(c), set()).add(orbit(c))
    return [(d, sorted(by_dist[d], key=sorted)) for d in sorted(by_dist)]


def design_large(core_distance: float = 5.7, outer_distance: float = 8.5) -> list[Cell]:
    """The large board: the best of every symmetric shape between two hexagons.

    Every orbit nearer than ``core_distance`` is in; every union of the orbits from there to
    ``outer_distance`` that makes 177 sites is tried (a few hundred thousand subsets). A shape
    qualifies when it is connected, has no holes, no site with fewer than 3 neighbours and at
    most as many crowded low edge sites as the original board; among those the best has the
    fewest low edge sites in runs longer than two, then the fewest alone, then the smallest
    reach from the centre.
    """
    core: set[Cell] = set()
    optional: list[frozenset[Cell]] = []
    for d, orbits in shells():
        if d < core_distance:
            for o in orbits:
                core |= o
        elif d < outer_distance:
            optional.extend(orbits)
    need = LARGE_SITES - len(core)
    best: tuple[tuple[int, int, float], list[Cell]] | None = None
    sizes = [len(o) for o in optional]
    for mask in range(1 << len(optional)):
        if sum(sizes[i] for i in range(len(optional)) if mask >> i & 1) != need:
            continue
        cells = set(core)
        for i, o in enumerate(optional):
            if mask >> i & 1:
                cells |= o
        if min(_degrees(cells).values()) < 3 or len(_components(cells)) != 1:
            continue
        rep = board_report(cells)
        if rep.holes or rep.crowded > ORIGINAL_CROWDED:
            continue
        key = (
            sum(k for k in rep.runs if k > 2),
            sum(1 for k in rep.runs if k == 1),
            round(rep.max_distance, 6),
        )
        if best is None or key < best[0]:
            best = (key, sorted(cells))
    if best is None:
        raise ValueError("no shape between those hexagons meets the requirements")
    return _normalise(best[1])


def _normalise(cells: Iterable[Cell]) -> list[Cell]:
    """Cells shifted so that the lowest row is row 0, in reading order."""
    cs = list(cells)
    rmin = min(r for _, r in cs)
    qmin = min(q for q, r in cs if r == rmin)
    return sorted(((q - qmin, r - rmin) for q, r in cs), key=lambda c: (c[1], c[0]))


def load_large(path: Path = DATA_PATH) -> list[Cell]:
    """The shipped large board's cells."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [(int(q), int(r)) for q, r in data["cells"]]


def write_large(cells: list[Cell], path: Path = DATA_PATH) -> None:
    """Ship ``cells`` as the large board's data, with the report of its properties."""
    rep = board_report(cells)
    data = {
        "name": "Throngs large board",
        "description": "177 sites, designed by hexarena.games.throngs.design (see its docstring)",
        "properties": rep.lines(),
        "cells": [[q, r] for q, r in cells],
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _print_report(title: str, cells: list[Cell], requirements: bool) -> bool:
    rep = board_report(cells)
    print(title)
    for line in rep.lines():
        print("  " + line)
    ok = True
    if requirements:
        for text, good in check_large(rep):
            print(f"  [{'ok' if good else 'FAILED'}] {text}")
            ok = ok and good
    board = from_cells(cells)
    low = {i for i in range(board.size) if board.degree[i] in (3, 4)}
    print(board.render(["o" if i in low else "." for i in range(board.size)]))
    print("  (o: edge sites with 3 or 4 neighbours)")
    return ok


def main(argv: list[str] | None = None) -> int:
    """Check the shipped large board (or design one) and print what was found."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--design", action="store_true", help="search for a board again")
    p.add_argument("--write", action="store_true", help="ship the designed board as data")
    args = p.parse_args(argv)
    from .boards import original_cells

    _print_report("Original board (for comparison)", original_cells(), requirements=False)
    if args.design:
        cells = design_large()
        ok = _print_report("Designed large board", cells, requirements=True)
        if args.write:
            if not ok:
                print("not written: the design fails a requirement", file=sys.stderr)
                return 1
            write_large(cells)
            print(f"written to {DATA_PATH}")
        return 0 if ok else 1
    cells = load_large()
    ok = _print_report(f"Shipped large board ({DATA_PATH.name})", cells, requirements=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
