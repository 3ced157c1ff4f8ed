"""Geometry: boards, neighbour tables, lines, the ring, symmetries and cell names."""

from __future__ import annotations

import numpy as np
import pytest

from hexarena.hexgrid import (
    DIRECTIONS,
    BoardError,
    CellNameError,
    from_cells,
    hex_distance,
    hexagon,
    hexhex,
    parse_sides,
)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 7, 12])
def test_hexhex_cell_count_and_ring(n: int) -> None:
    b = hexhex(n)
    assert b.size == 3 * n * (n - 1) + 1
    if n > 1:
        assert len(b.ring) == 6 * (n - 1)
        assert set(b.ring.tolist()) == set(b.edge.tolist())
    assert b.cells[b.centre] == (0, 0)


def test_ring_is_cyclic_and_counter_clockwise() -> None:
    b = hexhex(3)
    ring = b.ring.tolist()
    for i, c in enumerate(ring):
        nxt = ring[(i + 1) % len(ring)]
        assert nxt in b.neighbor_lists[c]
    assert [b.name(i) for i in ring] == [
        "c1",
        "d1",
        "e1",
        "e2",
        "e3",
        "d4",
        "c5",
        "b5",
        "a5",
        "a4",
        "a3",
        "b2",
    ]


def test_neighbour_table_is_symmetric_by_direction() -> None:
    b = hexhex(4)
    for i in range(b.size):
        for d in range(6):
            j = int(b.neighbors[i, d])
            if j >= 0:
                assert b.neighbors[j, (d + 3) % 6] == i
                q, r = b.cells[i]
                assert b.cells[j] == (q + DIRECTIONS[d][0], r + DIRECTIONS[d][1])
    assert b.degree[b.centre] == 6
    assert sorted(set(b.degree.tolist())) == [3, 4, 6]


def test_irregular_hexagon() -> None:
    b = hexagon((3, 4, 3, 4, 3, 4))
    assert b.size == 27
    assert len(b.ring) == 2 + 3 + 2 + 3 + 2 + 3
    # three-fold rotation symmetry and three mirrors: 6 symmetries
    assert len(b.symmetries) == 6
    assert parse_sides("3,4,3,4,3,4") == (3, 4, 3, 4, 3, 4)


@pytest.mark.parametrize(
    "sides, message",
    [
        ((3, 4, 3, 4, 3, 5), "do not close"),
        ((3, 4, 3, 4, 3), "six sides"),
        ((1, 4, 3, 4, 3, 4), "at least 2"),
    ],
)
def test_bad_sides_refused(sides: tuple[int, ...], message: str) -> None:
    with pytest.raises(BoardError, match=message):
        hexagon(sides)  # type: ignore[arg-type]


def test_bad_sides_text_refused() -> None:
    with pytest.raises(BoardError, match="six whole numbers"):
        parse_sides("3,four,3")


@pytest.mark.parametrize("text", ["3,,4,3,4,3,4", ",3,4,3,4,3,4", "3,4,3,4,3,4,", "3, ,4,3,4,3,4"])
def test_sides_text_with_an_empty_item_is_refused_not_read_as_six(text: str) -> None:
    # an empty item is a mistake (a side left out, or one typed twice), not something to skip
    with pytest.raises(BoardError, match="empty"):
        parse_sides(text)


@pytest.mark.parametrize(
    "text", ["3,4,3,4,3,4", "3, 4, 3, 4, 3, 4", " 3,4,3,4,3,4 ", "3 4 3 4 3 4"]
)
def test_sides_text_by_commas_or_spaces(text: str) -> None:
    assert parse_sides(text) == (3, 4, 3, 4, 3, 4)


def test_symmetries_of_a_regular_board() -> None:
    b = hexhex(3)
    perms = b.symmetries
    assert perms.shape == (12, b.size)
    assert np.array_equal(perms[0], np.arange(b.size))
    adj = set(b.adjacency)
    for p in perms:
        assert sorted(p.tolist()) == list(range(b.size))
        assert {tuple(sorted((int(p[a]), int(p[c])))) for a, c in adj} == adj


def test_symmetries_of_an_asymmetric_board() -> None:
    b = from_cells([(0, 0), (1, 0), (2, 0), (0, 1)])
    assert len(b.symmetries) == 1


def test_names_round_trip_and_errors() -> None:
    b = hexhex(7)
    for i in range(b.size):
        assert b.parse(b.name(i)) == i
        assert b.parse(b.name(i).upper()) == i
    assert b.name(b.centre) == "g7"
    with pytest.raises(CellNameError, match="not on this board"):
        b.parse("a1")  # the corner of the bounding box is off a hexagon
    with pytest.raises(CellNameError, match="not a cell name"):
        b.parse("7g")


def test_many_columns_use_two_letters() -> None:
    b = from_cells([(q, 0) for q in range(30)])
    assert b.name(0) == "a1" and b.name(25) == "z1" and b.name(26) == "aa1"
    assert b.parse("ad1") == 29


def test_lines_and_rays() -> None:
    b = hexhex(3)
    a, c = b.parse("a3"), b.parse("e3")
    line = b.line(a, c)
    assert line is not None
    assert [b.name(i) for i in line] == ["a3", "b3", "c3", "d3", "e3"]
    assert b.line(b.parse("a3"), b.parse("b5")) is None  # not on one axis
    assert [b.name(i) for i in b.ray(b.parse("c3"), 1)] == ["c4", "c5"]
    assert hex_distance((0, 0), (2, -1)) == 2
    assert b.distance(a, c) == 4


def test_render_shows_coordinates() -> None:
    b = hexhex(2)
    pic = b.render(["."] * b.size)
    assert pic.splitlines() == ["  . .  3", " . . .  2", "a . .  1", " b c"]


def test_duplicate_cells_refused() -> None:
    with pytest.raises(BoardError, match="twice"):
        from_cells([(0, 0), (0, 0)])


def test_to_json_lists_cells_and_adjacency() -> None:
    data = hexhex(2).to_json()
    cells = data["cells"]
    assert isinstance(cells, list) and len(cells) == 7
    adjacency = data["adjacency"]
    assert isinstance(adjacency, list) and len(adjacency) == 12
