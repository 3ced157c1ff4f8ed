"""China Grove rules, worked out by hand from the rule sheet and NOTES.md on one fixed board.

The board (the one ``board_seed=1`` gives, but written out here so that these tests do not
depend on the generator). Each cell shows its number of exits; ``-``, ``/`` and ``\\`` are the
exits between neighbours::

                        2                   1        17
                       / \\                   \\
                      2---3                   3      16
                           \\                 / \\
                            3---3---4---3---3---2    15
                           /     \\ / \\ /
                      3---4       5---5              14
                     / \\ / \\     / \\ / \\
                    4---6---4---4---5---4---3        13
                   / \\ / \\ /     \\ /     \\ / \\
              2---4---4---4       3       4---5---2  12
               \\ /         \\       \\       \\ / \\ /
            a   4           1       2       4---3    11
               / \\                   \\     /
              3---4                   3---3   j      10
               \\ / \\                   \\ /
            b   3---3---2---2           2            9
                             \\
              c               2                      8
                             /
                        2---3                        7
                       /     \\
              1       2       2---1                  6
             /       /
            2       3       h   i                    5
             \\     / \\
              4---5---3                              4
             / \\ / \\ /
            3---5---4                                3
           /     \\ /
      1---2   f   3                                  2
                 /
    d   e       1                                    1

              g

Its pattern classes (exits in brackets):

====  =====================================================================================
1     g1 (NE), d2 (E), d6 (SW), i6 (W), e11 (NW), f17 (SE)
2a    i9 (NE NW), a12 (E SE), j12 (W SW), h15 (NW W), a16 (E NE), a17 (SW SE)
2b    e2 (NE W), d5 (NE SE), h6 (E NW), f7 (E SW), g8 (NW SW), f9 (W SE)
2c    f6 (NE SW), e9 (E W), g11 (NW SE)
3a    g4, c9, b10, j11, h13, b14 (three exits in a row)
3b    g2, e3, f5, d9, h10, i10, f12, d15, f15, g15, b16, g16 (two together, one apart)
3c    g7 (NE W SE), c15 (E NW SW)
4a    g3, c10, c12, h12, b13, e15 (four in a row)
4b    e4, i11, d12, d13, e13, c14 (the two missing exits one apart)
4c    b11, b12, g13 (the two missing exits opposite)
5     f3, f4, i12, f13, e14, f14
6     c13
====  =====================================================================================
"""

from __future__ import annotations

import numpy as np
import pytest

import hexarena
from hexarena.core import H_TURN, GameOverError, IllegalActionError, NotationError, OptionError
from hexarena.games.china_grove import ChinaGrove
from hexarena.games.china_grove_boards import board_facts

BOARD = (
    "g1 d2 e2 g2 e3 f3 g3 e4 f4 g4 d5 f5 d6 f6 h6 i6 f7 g7 g8 c9 d9 e9 f9 i9 b10 c10 h10 i10 "
    "b11 e11 g11 i11 j11 a12 b12 c12 d12 f12 h12 i12 j12 b13 c13 d13 e13 f13 g13 h13 b14 c14 "
    "e14 f14 c15 d15 e15 f15 g15 h15 a16 b16 g16 a17 f17"
)

PATTERN_CLASSES = {
    "1": "g1 d2 d6 i6 e11 f17",
    "2a": "i9 a12 j12 h15 a16 a17",
    "2b": "e2 d5 h6 f7 g8 f9",
    "2c": "f6 e9 g11",
    "3a": "g4 c9 b10 j11 h13 b14",
    "3b": "g2 e3 f5 d9 h10 i10 f12 d15 f15 g15 b16 g16",
    "3c": "g7 c15",
    "4a": "g3 c10 c12 h12 b13 e15",
    "4b": "e4 i11 d12 d13 e13 c14",
    "4c": "b11 b12 g13",
    "5": "f3 f4 i12 f13 e14 f14",
    "6": "c13",
}

#: A whole game on the board (found by random play, checked by hand below): 21 turns.
GAME_TEXT = (
    "d2,g1,f17,i6,e11,d6 g13,b12,b11 d15,e3,d9,f5 c13 e14,f3 d12,i11,e4 f12,h10,b16,g2 "
    "a12,a16,j12,i9,h15 f6,e9,g11 b13,e15,h12 b14,j11,c9,h13 i10,g16,f15,g15 h6,f7,f9,g8,e2 "
    "d5 b10,g4 c12,c10,g3 f13,f14 f4,i12 g7,c15 a17 e13,c14,d13"
)
GAME = GAME_TEXT.split()


def game(**options: object) -> ChinaGrove:
    g = hexarena.new_game("china-grove", board=BOARD, **options)
    assert isinstance(g, ChinaGrove)
    return g


def names(g: ChinaGrove, cells: str) -> set[int]:
    return {g.board.parse(c) for c in cells.split()}


def legal(st: hexarena.State) -> set[str]:
    return set(st.legal_action_texts())


# ---------------------------------------------------------------- the board and its classes
def test_fixed_board_is_a_labyrinth_solution() -> None:
    g = game()
    assert g.board.size == 63
    assert board_facts(g.board.cells) == {
        "cells": 63,
        "adjacencies": 96,
        "triangles": 32,
        "islands": 1,
        "holes": 2,
    }
    assert g.options["islands"] == 1
    assert g.options["board_seed"] is None
    assert hexarena.new_game("china-grove", board_seed=1).board.cells == g.board.cells


def test_twelve_pattern_classes() -> None:
    g = game()
    found: dict[str, set[str]] = {}
    for i, k in enumerate(g.classes):
        found.setdefault(g.labels[k], set()).add(g.board.names[i])
    assert found == {k: set(v.split()) for k, v in PATTERN_CLASSES.items()}
    assert len(found) == 12


def test_six_number_classes() -> None:
    g = game(mode="number")
    found: dict[str, set[str]] = {}
    for i, k in enumerate(g.classes):
        found.setdefault(g.labels[k], set()).add(g.board.names[i])
    assert sorted(found) == ["1", "2", "3", "4", "5", "6"]
    by_count = {
        "1": "1",
        "2": "2a 2b 2c",
        "3": "3a 3b 3c",
        "4": "4a 4b 4c",
        "5": "5",
        "6": "6",
    }
    for label, parts in by_count.items():
        want = set(" ".join(PATTERN_CLASSES[p] for p in parts.split()).split())
        assert found[label] == want
    assert [len(found[k]) for k in sorted(found)] == [6, 15, 20, 15, 6, 1]


# ---------------------------------------------------------------- a turn
def test_white_starts_anywhere() -> None:
    st = game().new_initial_state()
    assert st.current_player == 0 and st.to_move_name.startswith("White")
    assert legal(st) == set(BOARD.split())  # every vacant cell, no swap


@pytest.mark.parametrize(
    ("first", "rest", "k"),
    [
        ("g1", "d2 d6 i6 e11 f17", 1),  # 1 exit: 6 checkers
        ("i9", "a12 j12 h15 a16", 2),  # 2a: 5 checkers of 6
        ("g2", "e3 f5 d9", 3),  # 3b: 4 checkers of 12
        ("g3", "c10 c12", 4),  # 4a: 3 checkers of 6
        ("f3", "f4", 5),  # 5 exits: 2 checkers of 6
        ("c13", "", 6),  # 6 exits: 1 checker
    ],
)
def test_a_turn_places_seven_minus_k(first: str, rest: str, k: int) -> None:
    g = game()
    st = g.new_initial_state()
    label = g.labels[g.classes[g.board.parse(first)]]
    cls_cells = set(PATTERN_CLASSES[label].split())
    st.apply(first)
    placed = [first]
    for cell in rest.split():
        # before each further checker: exactly the vacant cells of the class are open
        assert st.turn == 0 and st.current_player == 0
        assert legal(st) == cls_cells - set(placed)
        st.apply(cell)
        placed.append(cell)
    assert len(placed) == 7 - k
    # the turn is over: Black to move, anywhere
    assert st.turn == 1 and st.current_player == 1
    assert legal(st) == (set(BOARD.split()) - set(placed)) | {"swap"}


def test_number_mode_turn_takes_any_cell_with_the_same_count() -> None:
    g = game(mode="number")
    st = g.new_initial_state()
    st.apply("e9")  # 2 exits (class 2c in pattern mode)
    two = set(" ".join(PATTERN_CLASSES[p] for p in ("2a", "2b", "2c")).split())
    assert legal(st) == two - {"e9"}
    st.apply_move("i9,e2,a12,f6")  # 2a, 2b, 2a, 2c: all alike by number
    assert st.turn == 1 and st.current_player == 1
    assert st.history == [g.board.parse(c) for c in ("e9", "i9", "e2", "a12", "f6")]


def test_pattern_mode_refuses_another_pattern_class_of_the_same_count() -> None:
    st = game().new_initial_state()
    st.apply("e9")  # 2c
    before = st.copy()
    with pytest.raises(IllegalActionError, match="class 2c"):
        st.apply("i9")  # 2a
    assert st == before
    assert legal(st) == {"f6", "g11"}


def test_class_with_fewer_vacant_cells_than_seven_minus_k() -> None:
    g = game()
    st = g.new_initial_state()
    # 2c has three cells: the turn needs 5 but ends after the three.
    st.apply_move("f6,e9,g11")
    assert st.turn == 1 and st.current_player == 1
    # 3c has two cells: Black's turn needs 4 but ends after two.
    st.apply_move("g7,c15")
    assert st.turn == 2 and st.current_player == 0
    # White places five of the six 2a cells; Black's turn on the sixth ends at once.
    st.apply_move("i9,a12,j12,h15,a16")
    st.apply_move("a17")
    assert st.turn == 4 and st.current_player == 0
    assert not any(c in legal(st) for c in PATTERN_CLASSES["2a"].split())


def test_a_turn_cut_short_is_refused() -> None:
    g = game()
    st = g.new_initial_state()
    before = st.copy()
    with pytest.raises(IllegalActionError, match="not a whole turn"):
        st.apply_move("g1,d2")  # a 1-exit cell needs six checkers
    assert st == before
    with pytest.raises(IllegalActionError, match="the turn ended"):
        st.apply_move("f3,f4,f13")  # two checkers for 5 exits, not three
    assert st == before
    # built one checker at a time, the turn stays open until it is complete
    st.apply_move("g1,d2", complete=False)
    assert st.turn == 0 and st.turn_actions == [g.board.parse("g1"), g.board.parse("d2")]
    assert st.current_player == 0


def test_occupied_cell_and_bad_text_refused() -> None:
    st = game().new_initial_state()
    st.apply("c13")
    before = st.copy()
    with pytest.raises(IllegalActionError, match="occupied"):
        st.apply("c13")
    with pytest.raises(NotationError):
        st.apply("z99")
    with pytest.raises(IllegalActionError):
        st.apply(63 + 1)
    assert st == before


# ---------------------------------------------------------------- the swap
def test_swap_after_whites_first_turn() -> None:
    g = game()
    st = g.new_initial_state()
    assert "swap" not in legal(st)
    with pytest.raises(IllegalActionError, match="swap"):
        st.apply("swap")
    st.apply_move("c13")
    assert "swap" in legal(st)
    st.apply_move("swap")
    # the checkers stay; Black is still to move, now played by the first player
    assert st.swapped and st.turn == 2
    assert st.current_player == 0 and st.to_move == 1
    assert st.to_move_name == "Black (player 1)"
    assert g.cell_colours(st.array)[g.board.parse("c13")] == 1
    assert "swap" not in legal(st)
    st.apply_move("f3,f4")
    assert st.current_player == 1 and st.to_move == 0  # White, played by the second player


def test_swap_not_offered_in_the_middle_of_blacks_turn_or_later() -> None:
    st = game().new_initial_state()
    st.apply_move("c13")
    st.apply("f3")
    assert "swap" not in legal(st)
    with pytest.raises(IllegalActionError, match="turn is under way"):
        st.apply("swap")
    st.apply("f4")
    st.apply_move("f13,f14")
    assert "swap" not in legal(st)


# ---------------------------------------------------------------- the end and the score
FINAL = """\
                    B                   W        17
                   / \\                   \\
                  B---W                   B      16
                       \\                 / \\
                        W---W---B---B---B---B    15
                       /     \\ / \\ /
                  W---W       W---W              14
                 / \\ / \\     / \\ / \\
                B---B---W---W---W---B---W        13
               / \\ / \\ /     \\ /     \\ / \\
          B---B---B---B       W       B---B---B  12
           \\ /         \\       \\       \\ / \\ /
        a   B           W       W       B---W    11
           / \\                   \\     /
          W---B                   W---B   j      10
           \\ / \\                   \\ /
        b   W---W---W---W           B            9
                         \\
          c               W                      8
                         /
                    W---W                        7
                   /     \\
          W       W       W---W                  6
         /       /
        B       W       h   i                    5
         \\     / \\
          B---B---W                              4
         / \\ / \\ /
        W---W---B                                3
       /     \\ /
  W---W   f   W                                  2
             /
d   e       W                                    1

          g"""
# White, 37 checkers in 8 groups: f17; h13; j11; e11; d6; the 13 from b16 by c15, e14 and
# f12 to h10; the 13 from b10 by c9..f9, g8, g7 and f6 to g4 and i6; the 6 of d2 e2 e3 f3
# g2 g1. Black, 26 checkers in 5 groups: a17 a16; e15..h15 with g16; the 8 around c13 from
# b13 to c10; the 7 from g13 by h12 and i11 down to i9; d5 e4 f4 g3.


def test_full_board_scoring_penalty_2() -> None:
    st = game().state_from_moves(GAME)
    assert st.is_terminal() and st.turn == 21
    assert st.picture().split("\n")[1:-1] == FINAL.split("\n")
    o = st.outcome()
    assert o is not None
    assert o.details == {
        "stones": {"White": 37, "Black": 26},
        "groups": {"White": 8, "Black": 5},
        "penalty": 2,
    }
    assert o.score == {"White": 37 - 2 * 8, "Black": 26 - 2 * 5}  # 21 and 16
    assert o.winner == 0 and o.winner_colour == "White" and o.result == "1-0"
    assert "White 37 checkers - 2 x 8 groups = 21" in o.reason
    assert "Black 26 checkers - 2 x 5 groups = 16" in o.reason


def test_full_board_scoring_penalty_4() -> None:
    st = game(penalty=4).state_from_moves(GAME)
    o = st.outcome()
    assert o is not None
    assert o.score == {"White": 37 - 4 * 8, "Black": 26 - 4 * 5}  # 5 and 6
    assert o.winner == 1 and o.winner_colour == "Black" and o.result == "0-1"


def test_winner_seat_follows_the_swap() -> None:
    moves = [GAME[0], "swap", *GAME[1:]]
    st = game().state_from_moves(moves)
    o = st.outcome()
    assert o is not None and st.turn == 22
    assert o.winner_colour == "White" and o.winner == 1  # White is the second player now
    assert o.score == {"White": 21, "Black": 16}


def test_no_move_after_the_end() -> None:
    st = game().state_from_moves(GAME)
    with pytest.raises(GameOverError):
        st.apply("g1")
    assert st.legal_actions() == []


def test_number_of_turns_is_fixed_by_the_board() -> None:
    # pattern mode: 1 + (2 + 2 + 1) + (2 + 3 + 1) + (2 + 2 + 1) + 3 + 1 = 21 turns;
    # number mode: 6/6 + 15/5 + 20/4 + 15/3 + 6/2 + 1 = 1 + 3 + 5 + 5 + 3 + 1 = 18 turns
    import random

    for mode, turns in (("pattern", 21), ("number", 18)):
        g = game(mode=mode)
        for seed in range(5):
            rnd = random.Random(seed)
            st = g.new_initial_state()
            while not st.is_terminal():
                st.apply(rnd.choice([a for a in st.legal_actions() if a != 63]))
            assert st.turn == turns
            assert (g.cell_colours(st.array) > 0).all()


# ---------------------------------------------------------------- options
def test_options_refused_with_a_message() -> None:
    with pytest.raises(OptionError, match="penalty must be one of 2, 4"):
        game(penalty=3)
    with pytest.raises(OptionError, match="mode must be one of pattern, number"):
        game(mode="colour")
    with pytest.raises(OptionError, match="islands must be one of 1, 2"):
        hexarena.new_game("china-grove", islands=3)
    with pytest.raises(OptionError, match="board_seed must be at least 0"):
        hexarena.new_game("china-grove", board_seed=-1)
    with pytest.raises(OptionError, match="1 island"):
        game(islands=2)


def test_a_bad_board_is_refused_with_the_validators_message() -> None:
    cells = BOARD.split()
    with pytest.raises(OptionError, match="62 cells, not 63"):
        hexarena.new_game("china-grove", board=" ".join(cells[1:]))
    with pytest.raises(OptionError, match="not a cell name"):
        hexarena.new_game("china-grove", board=BOARD + " 7x")
    # moving g1 (exit NE) to a1, far from every cell: a1 has no exit, and g2 (NE NW SW)
    # loses its SW exit and repeats i9's pattern (NE NW)
    moved = " ".join(["a1", *cells[1:]])
    with pytest.raises(OptionError) as info:
        hexarena.new_game("china-grove", board=moved)
    text = str(info.value)
    assert "95 adjacent pairs, not 96" in text
    assert "cell(s) a1 have no neighbour" in text
    assert "cells g2, i9 have the same exits (NE NW)" in text


def test_cell_view_shows_checkers_mid_turn() -> None:
    g = game()
    st = g.new_initial_state()
    st.apply_move("c13")
    st.apply("f3")  # Black's turn under way: f4, f13, e14, f14, i12 are open (drawn +)
    view = g.cell_view(st.array)
    assert view[g.board.parse("c13")] == "W" and view[g.board.parse("f3")] == "B"
    assert view.count(".") == 61
    assert "+" in st.picture()


def count_turns(g: ChinaGrove, arr: np.ndarray, ascending: bool, last: int = -1) -> int:
    """Action sequences that complete the turn under way (only ascending ones if asked)."""
    k = g.kernels
    turn = int(arr[H_TURN])
    total = 0
    for a in k.legal(g.consts, arr).tolist():
        if ascending and a <= last:
            continue
        nxt = arr.copy()
        k.apply(g.consts, nxt, a)
        total += 1 if nxt[H_TURN] != turn else count_turns(g, nxt, ascending, a)
    return total


def test_first_turn_counts() -> None:
    # Ordered sequences: a class of s cells needing r checkers gives s!/(s-r)! (s! if s < r):
    # 1: 6!  2a, 2b: 6*5*4*3*2  2c: 3!  3a: 6*5*4*3  3b: 12*11*10*9  3c: 2!  4a, 4b: 6*5*4
    # 4c: 3!  5: 6*5  6: 1, in all 720 + 1440 + 6 + 360 + 11880 + 2 + 240 + 6 + 30 + 1.
    g = game()
    assert count_turns(g, g.initial_array(), False) == 14685
    # As sets of cells: C(6,6) + 2 C(6,5) + 1 + C(6,4) + C(12,4) + 1 + 2 C(6,3) + 1 + C(6,2) + 1
    assert count_turns(g, g.initial_array(), True) == 582
    # Number mode, as sets: 1 + C(15,5) + C(20,4) + C(15,3) + C(6,2) + 1
    n = game(mode="number")
    assert count_turns(n, n.initial_array(), True) == 1 + 3003 + 4845 + 455 + 15 + 1


# ---------------------------------------------------------------- undo, two islands, 64 tiles
def test_an_undone_swap_is_offered_again() -> None:
    """Undoing the swap restores Black's first turn exactly: swap offered, seats unswapped."""
    g = game()
    st = g.new_initial_state()
    st.apply_move("c13")
    before = st.copy()
    st.apply_move("swap")
    assert st.swapped and "swap" not in legal(st)
    st.undo()
    assert st == before
    assert not st.swapped and st.turn == 1 and st.current_player == 1
    assert legal(st) == (set(BOARD.split()) - {"c13"}) | {"swap"}
    st.apply_move("swap")
    assert st.swapped and st.current_player == 0 and st.to_move == 1
    # undone after Black's next turn too (one action at a time), back through it to the swap
    st.apply_move("f3,f4")
    for _ in range(3):
        st.undo()
    assert st == before and "swap" in legal(st)


def islands_of(g: ChinaGrove) -> list[set[int]]:
    """The islands of a board as sets of cell indices (flood fill over its neighbour lists)."""
    left = set(range(g.board.size))
    out = []
    while left:
        todo = [left.pop()]
        comp = set(todo)
        while todo:
            for y in g.board.neighbor_lists[todo.pop()]:
                if y in left:
                    left.remove(y)
                    comp.add(y)
                    todo.append(y)
        out.append(comp)
    return out


def test_number_mode_on_two_islands_spans_both() -> None:
    """In number mode a turn takes any vacant cell with as many exits as the first, on either
    island: on a two-island board, after a 3-exit cell the open cells are every other 3-exit
    cell of both islands, and a turn of four 3-exit checkers may use both."""
    g = hexarena.new_game("china-grove", islands=2, mode="number", board_seed=3)
    assert isinstance(g, ChinaGrove)
    one, two = islands_of(g)
    exits = [len(x) for x in g.board.neighbor_lists]
    threes = {x for x in range(g.board.size) if exits[x] == 3}
    assert threes & one and threes & two
    first = min(threes & one)
    st = g.new_initial_state()
    st.apply(first)
    assert set(st.legal_actions()) == threes - {first}
    other = sorted(threes & two)[:3]
    st.apply_move(",".join(g.board.names[x] for x in other))
    assert st.turn == 1 and st.current_player == 1
    assert st.history == [first, *other]


def test_a_board_of_all_64_tiles_is_refused() -> None:
    """The whole 64-tile solution (the board plus the no-exit tile, a1 here, far from every
    cell) is not a China Grove board: the lone tile plays no part."""
    with pytest.raises(OptionError) as info:
        hexarena.new_game("china-grove", board=BOARD + " a1")
    text = str(info.value)
    assert "64 cells, not 63" in text
    assert "cell(s) a1 have no neighbour" in text
