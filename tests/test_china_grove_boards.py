"""China Grove boards: the generator, the validator, classes and the board text of records."""

from __future__ import annotations

import hashlib
import json

import pytest

import hexarena
from hexarena.core import HexArenaError
from hexarena.games.china_grove_boards import (
    MIN_ISLAND,
    PATTERN_CLASS,
    PATTERN_CLASS_LABELS,
    LabyrinthError,
    board_facts,
    board_problems,
    board_text,
    canonical_pattern,
    cell_patterns,
    check_board,
    count_holes,
    generate,
    parse_board_text,
    reflect_pattern,
    rotate_pattern,
)
from hexarena.hexgrid import DIRECTIONS, from_cells, hexhex

from .test_china_grove_rules import BOARD


def cells_of(text: str) -> list[tuple[int, int]]:
    return parse_board_text(text)


# ---------------------------------------------------------------- the generator
@pytest.mark.parametrize("seed", range(200))
def test_generated_connected_boards_pass_the_validator(seed: int) -> None:
    cells = generate(seed)
    assert board_problems(cells, 1) == []
    assert board_facts(cells) == {
        "cells": 63,
        "adjacencies": 96,
        "triangles": 32,
        "islands": 1,
        "holes": 2,
    }
    assert len(set(cell_patterns(cells).values())) == 63


@pytest.mark.parametrize("seed", range(200))
def test_generated_two_island_boards_pass_the_validator(seed: int) -> None:
    cells = generate(seed, islands=2)
    assert board_problems(cells, 2) == []
    assert board_facts(cells)["holes"] == 3
    # the stated rule: each island has at least MIN_ISLAND (21) cells, and a gap between them
    board = from_cells(cells)
    seen: set[int] = set()
    sizes = []
    for start in range(board.size):
        if start in seen:
            continue
        stack, comp = [start], {start}
        while stack:
            x = stack.pop()
            for y in board.neighbor_lists[x]:
                if y not in comp:
                    comp.add(y)
                    stack.append(y)
        seen |= comp
        sizes.append(len(comp))
    assert len(sizes) == 2 and min(sizes) >= MIN_ISLAND == 21


def test_the_same_seed_gives_the_same_board() -> None:
    assert generate(7) == generate(7)
    assert generate(7) != generate(8)
    assert generate(3, 2) == generate(3, 2)
    # pinned: the seed must give these boards on every machine and every Python version
    assert board_text(from_cells(generate(1))) == BOARD
    two = board_text(from_cells(generate(1, 2)))
    assert hashlib.sha256(two.encode()).hexdigest()[:16] == "c2f23615fa1000ba"


def test_the_boards_of_seeds_0_to_199_are_pinned() -> None:
    # the boards the generator made in plain Python, before its search was compiled: the
    # compiled search makes the same draws in the same order, so every board is the same
    boards = [generate(seed, islands) for islands in (1, 2) for seed in range(200)]
    text = json.dumps(boards)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == "627dc9b145b3e783"


def test_without_the_hole_limit_the_earlier_two_island_boards_come_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # every first island leaves at most three holes, so a limit of 3 is no limit: the generator
    # is then the one that made the earlier boards (the benchmark compares the two this way)
    import hexarena.games.china_grove_boards as boards

    monkeypatch.setattr(boards, "SECOND_ISLAND_HOLES", 3)
    two = board_text(from_cells(generate(1, 2)))
    assert hashlib.sha256(two.encode()).hexdigest()[:16] == "20dc0c116e9223cd"


def test_generator_refuses_other_island_counts() -> None:
    with pytest.raises(LabyrinthError, match="1 or 2 islands"):
        generate(1, 3)


# ---------------------------------------------------------------- the validator
def test_validator_counts_on_small_shapes() -> None:
    # a hexagon of side 2: 7 cells, 12 adjacencies, 6 triangles, no hole
    assert board_facts(hexhex(2).cells) == {
        "cells": 7,
        "adjacencies": 12,
        "triangles": 6,
        "islands": 1,
        "holes": 0,
    }
    ring = [c for c in hexhex(2).cells if c != (0, 0)]
    assert board_facts(ring) == {
        "cells": 6,
        "adjacencies": 6,
        "triangles": 0,
        "islands": 1,
        "holes": 1,
    }
    # two rings sharing nothing: two islands, two holes
    far = [(q + 5, r) for q, r in ring]
    assert count_holes(ring + far) == 2
    # the ring of side 3 and the lone centre: two islands, and one hole (a ring of six cells)
    big = [c for c in hexhex(3).cells if c not in hexhex(2).cells] + [(0, 0)]
    assert board_facts(big)["holes"] == 1 and board_facts(big)["islands"] == 2


def test_validator_accepts_the_fixed_board() -> None:
    check_board(cells_of(BOARD), 1)
    assert board_problems(cells_of(BOARD)) == []


def test_validator_a_cell_missing() -> None:
    cells = [c for c in cells_of(BOARD) if c != (2, 12)]  # c13, the six-exit cell
    problems = board_problems(cells)
    assert "it has 62 cells, not 63" in problems
    assert "it has 90 adjacent pairs, not 96" in problems
    assert "it has 26 triangles of adjacent cells, not 32" in problems
    assert "it has 3 hole(s) and 1 island(s); a solution has one hole more than islands" in problems


def test_validator_the_no_exit_cell_added() -> None:
    cells = [*cells_of(BOARD), (0, 0)]  # a1: touches no cell
    problems = board_problems(cells)
    assert problems[0] == "it has 64 cells, not 63"
    assert "it has 2 hole(s) and 2 island(s); a solution has one hole more than islands" in problems
    assert "cell(s) a1 have no neighbour (no exit)" in problems


def test_validator_a_hole_filled() -> None:
    # d14 (q 3, r 13) is a one-cell hole; fill it and drop the 1-exit cell f17 to keep 63 cells
    cells = [c for c in cells_of(BOARD) if c != (5, 16)] + [(3, 13)]
    facts = board_facts(cells)
    assert facts["cells"] == 63 and facts["holes"] == 1
    with pytest.raises(LabyrinthError) as info:
        check_board(cells, 1)
    text = str(info.value)
    assert text.startswith("not a China Grove board (a China Labyrinth solution): ")
    # d14 has six neighbours (+6 pairs, +6 triangles); f17 had one exit (-1 pair)
    assert "it has 101 adjacent pairs, not 96" in text
    assert "it has 38 triangles of adjacent cells, not 32" in text
    assert "cells c13, d14, e14 have the same exits (E NE NW W SW SE)" in text
    assert "1 hole(s) and 1 island(s)" in text
    assert "have the same exits" in text


def test_validator_island_count() -> None:
    assert board_problems(cells_of(BOARD), 2) == ["it has 1 island(s), not 2"]
    assert board_problems(generate(2, 2), 1) == ["it has 2 island(s), not 1"]


def test_validator_duplicates_and_emptiness() -> None:
    cells = cells_of(BOARD)
    assert board_problems([*cells, cells[0]])[0] == f"cells listed twice: [{cells[0]}]"
    assert board_problems([]) == ["the board has no cells"]


def test_validator_errors_are_hexarena_errors() -> None:
    with pytest.raises(HexArenaError):
        check_board(cells_of(BOARD)[1:])


# ---------------------------------------------------------------- classes
def test_pattern_classes() -> None:
    labels = list(PATTERN_CLASS_LABELS)
    assert labels == ["1", "2a", "2b", "2c", "3a", "3b", "3c", "4a", "4b", "4c", "5", "6"]
    sizes = [sum(1 for p in range(1, 64) if PATTERN_CLASS[p] == k) for k in range(12)]
    assert sizes == [6, 6, 6, 3, 6, 12, 2, 6, 6, 3, 6, 1]
    assert PATTERN_CLASS[0b000011] == labels.index("2a")  # E NE: adjacent
    assert PATTERN_CLASS[0b000101] == labels.index("2b")  # E NW: one apart
    assert PATTERN_CLASS[0b001001] == labels.index("2c")  # E W: opposite
    assert PATTERN_CLASS[0b010101] == labels.index("3c")  # E NW SW: alternate
    assert PATTERN_CLASS[0b001011] == labels.index("3b")  # E NE W
    assert PATTERN_CLASS[0b111100] == labels.index("4a")  # four in a row
    assert PATTERN_CLASS[0b110101] == labels.index("4b")  # missing NE and W: one apart
    assert PATTERN_CLASS[0b110110] == labels.index("4c")  # missing E and W: opposite
    for p in range(64):
        for k in range(6):
            assert canonical_pattern(rotate_pattern(p, k)) == canonical_pattern(p)
        assert canonical_pattern(reflect_pattern(p)) == canonical_pattern(p)


def test_rotation_matches_the_geometry() -> None:
    # turning the board 60 degrees counter-clockwise turns every cell's pattern one step
    from hexarena.hexgrid import rotate60

    cells = cells_of(BOARD)
    before = cell_patterns(cells)
    after = cell_patterns([rotate60(c) for c in cells])
    for c, p in before.items():
        assert after[rotate60(c)] == rotate_pattern(p)
    assert DIRECTIONS[1] == rotate60(DIRECTIONS[0])


# ---------------------------------------------------------------- board text and records
def test_board_text_round_trip() -> None:
    b = from_cells(cells_of(BOARD))
    assert board_text(b) == BOARD
    shifted = [(q + 3, r + 2) for q, r in cells_of(BOARD)]
    assert board_text(from_cells(shifted)) == BOARD  # names start again at a1
    with pytest.raises(LabyrinthError, match="lists no cells"):
        parse_board_text(" , ")
    with pytest.raises(LabyrinthError, match="'c0' in the board is not a cell name"):
        parse_board_text("a1 c0")


def test_record_stores_the_board_and_replays_without_the_seed() -> None:
    from hexarena.records import read_record, write_record

    g = hexarena.new_game("china-grove", board_seed=5, islands=2, mode="number", penalty=4)
    st = g.new_initial_state()
    import random

    rnd = random.Random(1)
    while not st.is_terminal():
        st.apply(rnd.choice(st.legal_actions()))
    text = write_record(st, players=("a", "b"))
    assert f'[board "{board_text(g.board)}"]' in text
    assert '[board_seed "5"]' in text and '[islands "2"]' in text
    back = read_record(text)
    assert back.state == st and back.game == g
    # without the seed, the stored board alone rebuilds the game
    no_seed = "\n".join(line for line in text.split("\n") if not line.startswith("[board_seed"))
    again = read_record(no_seed)
    assert again.game.board.cells == g.board.cells
    assert again.state.history == st.history
    assert again.state.outcome() == st.outcome()


def test_record_with_a_broken_board_is_refused() -> None:
    from hexarena.records import RecordError, read_record, write_record

    g = hexarena.new_game("china-grove", board=BOARD)
    st = g.new_initial_state()
    st.apply_move("c13")
    text = write_record(st)
    broken = text.replace(f'[board "{BOARD}"]', f'[board "{BOARD.replace("c13 ", "")}"]')
    assert broken != text
    with pytest.raises(RecordError, match="62 cells, not 63"):
        read_record(broken)


@pytest.mark.parametrize("seed", range(5))
def test_closure_counts_hold_for_every_island(seed: int) -> None:
    # the counts the generator demands of the second island's patterns hold for real islands
    from hexarena.games.china_grove_boards import _closable, _components, _rest_holes

    assert _closable(1)  # all 63 patterns: the one-island board
    assert _rest_holes(1) == 2  # and its two holes
    cells = generate(seed, 2)
    for island in _components(set(cells)):
        used = 1
        for p in cell_patterns(island).values():
            used |= 1 << p
        assert _closable(used)  # the other island's patterns
        other = [c for c in cells if c not in island]
        assert _rest_holes(used) == count_holes(other)


def test_board_seed_has_one_range_everywhere() -> None:
    """``board_seed`` runs from 0 to 2**31 - 1 (the range of OpenSpiel's whole-number
    parameters and of the web app's numbers): the largest is taken, one more is refused with
    the bound named, whether given as a number or as text."""
    from hexarena.core import OptionError

    top = 2**31 - 1
    assert hexarena.new_game("china-grove", board_seed=top).record_tags()["board_seed"] == str(top)
    for value in (top + 1, str(top + 1)):
        with pytest.raises(OptionError, match="at most 2147483647"):
            hexarena.new_game("china-grove", board_seed=value)
