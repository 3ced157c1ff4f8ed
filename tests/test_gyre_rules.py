"""Gyre rules, worked out by hand from the rule sheet and NOTES.md.

Most positions are on the side-4 board (37 cells). Cell names as the pictures show them (a
column runs up and to the right from its letter); ``*`` marks the empty centre d4::

        . . . .  7            a7 b7 c7 d7
       . . . . .  6         a6 b6 c6 d6 e6
      . . . . . .  5      a5 b5 c5 d5 e5 f5
     . . . * . . .  4   a4 b4 c4 d4 e4 f4 g4
    a . . . . . .  3      b3 c3 d3 e3 f3 g3
     b . . . . .  2         c2 d2 e2 f2 g2
      c . . . .  1            d1 e1 f1 g1
       d e f g

A cell (column X, row N) touches (X±1, N), (X, N±1), (X+1, N-1) and (X-1, N+1).

The ring R in cyclic order, with its positions 0..17 (|R| = 18, |R|/2 = 9)::

    d1 e1 f1 g1 g2 g3 g4 f5 e6 d7 c7 b7 a7 a6 a5 a4 b3 c2
     0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17

The ring stones of a group cut the ring into arcs (the ring cells strictly between two of its
ring stones that follow each other round the ring). NOTES.md's two conditions, for a group G
with an arc of ``l`` cells on the far side from the centre: condition 1 (the centre's component
meets at most |R|/2 - 1 = 8 ring cells) and condition 2 (in the far arc, numbered 1..l, the
opponent cannot join cells i < j with j - i >= 9). Cells 1 and l of an arc touch G's ring
stones, so they are never the mover's, and the cells along G's edge join them: condition 2
holds exactly when l - 1 < 9.
"""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import GameOverError, IllegalActionError, OptionError
from hexarena.games.gyre import Gyre


def gyre(size: int = 4) -> Gyre:
    game = hexarena.new_game("gyre", size=size)
    assert isinstance(game, Gyre)
    return game


def cells(text: str) -> list[str]:
    """Cell names written with spaces between them."""
    return text.split()


def empties(state: hexarena.State) -> list[int]:
    game = state.game
    assert isinstance(game, Gyre)
    return [i for i, c in enumerate(game.cell_colours(state.array)) if c == 0]


def board_lines(state: hexarena.State) -> list[str]:
    """The picture's board rows (without the heading and the legend)."""
    return state.game.render(state.array).split("\n")[1:8]


# ---------------------------------------------------------------- board and options
def test_boards_from_side_3_to_12_default_7() -> None:
    """Side n has 3n(n-1)+1 cells and a ring of 6(n-1); the default side is 7 (127 cells)."""
    game = hexarena.new_game("gyre")
    assert game.board.size == 127 and len(game.board.ring) == 36
    assert game.board.names[game.board.centre] == "g7"
    for n in range(3, 13):
        g = gyre(n)
        assert g.board.size == 3 * n * (n - 1) + 1
        assert len(g.board.ring) == 6 * (n - 1)
    for bad in (2, 13, "seven"):
        with pytest.raises(OptionError, match="size"):
            hexarena.new_game("gyre", size=bad)
    with pytest.raises(OptionError, match="no option 'sides'"):
        hexarena.new_game("gyre", sides="3,4,3,4,3,4")


def test_ring_and_centre_of_the_side_4_board() -> None:
    board = gyre(4).board
    assert [board.names[i] for i in board.ring] == (
        cells("d1 e1 f1 g1 g2 g3 g4 f5 e6 d7 c7 b7 a7 a6 a5 a4 b3 c2")
    )
    assert board.names[board.centre] == "d4"


# ---------------------------------------------------------------- placement and the pie rule
def test_placement_anywhere_empty_and_pie_rule() -> None:
    """Red plays the centre d4. Blue may play any of the 36 empty cells or swap (action 37).

    After the swap the stone stays a red stone; the first player now plays Blue and is to move,
    the swap is not offered again, and every empty cell is legal.
    """
    game = gyre(4)
    state = game.new_initial_state()
    assert state.legal_actions() == list(range(37))  # no swap before the first stone
    state.apply("d4")
    assert state.legal_actions() == [*empties(state), 37]
    assert len(empties(state)) == 36
    state.apply("swap")
    assert state.swapped and state.current_player == 0 and state.to_move == 1
    assert game.cell_colours(state.array)[game.board.parse("d4")] == 1  # still Red's stone
    assert state.legal_actions() == empties(state)
    with pytest.raises(IllegalActionError, match="only to the second player on their first"):
        state.apply("swap")
    with pytest.raises(IllegalActionError, match="occupied"):
        state.apply("d4")
    state.apply("c3")
    assert game.cell_colours(state.array)[game.board.parse("c3")] == 2  # the first player's blue
    assert state.current_player == 1 and state.to_move == 0


def test_no_swap_after_blue_places() -> None:
    state = gyre(4).new_initial_state()
    state.apply("d4")
    state.apply("c3")
    assert 37 not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply("swap")


# ---------------------------------------------------------------- wins
def test_short_ring_path_encloses_the_centre() -> None:
    """Red's path d1 d2 c3 c4 c5 d5 e5 passes west of the centre; Red plays e6 (x).

        . . B .  7
       . B . . x  6
      B . R R R .  5
     . B R * B . .  4
    a . R . . B .  3
     b . R . . B  2
      c R . . .  1
       d e f g

    Ring stones d1 (0) and e6 (8). The centre's side meets the east arc e1..f5 (7 cells, at
    most 8); the west arc d7..c2 has 9 cells, so the opponent's cells there are at most
    8 < 9 apart. Red wins; the loop owns d1, the east arc and e6 (Blue's g2 among them).
    """
    state = gyre(4).position(red=cells("d1 d2 c3 c4 c5 d5 e5"), blue=cells("g2 f3 e4 b4 b6 c7 a5"))
    assert state.legal_actions() == empties(state)
    state.apply("e6")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner == 0 and outcome.winner_colour == "Red"
    assert sorted(outcome.details["group"]) == sorted(cells("d1 d2 c3 c4 c5 d5 e5 e6"))
    assert outcome.details["owned"] == cells("d1 e1 f1 g1 g2 g3 g4 f5 e6")
    assert board_lines(state) == [
        "    . . B .  7",
        "   . B . . @  6",
        "  B . @ @ @ +  5",
        " . B @ * B . +  4",
        "a . @ . . B +  3",
        " b . @ . . b  2",
        "  c @ + + +  1",
    ]
    assert "9 ring cells" in outcome.reason
    assert state.picture().startswith("Gyre, hexhex side 4: Red 8, Blue 7, turn 4, last stone e6")
    assert state.legal_actions() == []
    with pytest.raises(GameOverError):
        state.apply("a4")


def test_centre_on_the_loop_itself() -> None:
    """Red's straight line d1..d5 runs through the centre and bends to c6; Red plays c7 (x).

        . . x .  7
       . . R . .  6
      . B . R B .  5
     . B . R . B .  4
    a . . R . B .  3
     b . R B . .  2
      c R . . .  1
       d e f g

    Ring stones d1 (0) and c7 (10): arcs e1..d7 (9 cells) and b7..c2 (7 cells). The centre is
    in the group, so condition 1 holds; in the 9-cell arc the opponent's cells are at most 8
    apart. Red wins, and the loop owns c7, the west arc and d1.
    """
    state = gyre(4).position(red=cells("d1 d2 d3 d4 d5 c6"), blue=cells("e2 f3 f4 e5 b5 b4"))
    state.apply("c7")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    assert sorted(outcome.details["group"]) == sorted(cells("d1 d2 d3 d4 d5 c6 c7"))
    assert outcome.details["owned"] == cells("c7 b7 a7 a6 a5 a4 b3 c2 d1")


def test_loop_with_the_long_ring_path_does_not_win() -> None:
    """Red's path d1 d2 e2 e3 e4 e5 passes east of the centre; Red plays e6 (x).

        . . . .  7
       . B B . x  6
      . . . . R .  5
     . . B * R . .  4
    a . B . R . B  3
     b . R R B .  2
      c R . . .  1
       d e f g

    The same ring stones as the winning loop above, d1 and e6, but the centre is on the west
    side, whose arc d7..c2 has 9 cells: more than 8, so the ring path round the centre is the
    long one (11 cells against 9). No win; Blue to move, anywhere empty.
    """
    game = gyre(4)
    state = game.position(red=cells("d1 d2 e2 e3 e4 e5"), blue=cells("c3 c4 f2 g3 b6 c6"))
    state.apply("e6")
    assert not state.is_terminal()
    assert state.to_move == 1
    assert state.legal_actions() == empties(state)
    assert game.loops(state.array, 0) == []


def test_equal_ring_paths_win() -> None:
    """Red's path d1 d2 c3 c4 c5 d5 d6 passes west of the centre; Red plays d7 (x).

        . . B x  7
       . B . R .  6
      B . R R . .  5
     . B R * B . .  4
    a . R . . B .  3
     b . R . . B  2
      c R . . .  1
       d e f g

    Ring stones d1 (0) and d7 (9): both arcs have 8 cells, so both ring paths from d1 to d7
    have 10 cells and either may close the loop. The centre's side meets 8 ring cells (at most
    |R|/2 - 1 = 8); the other arc's cells are at most 7 apart. Red wins, and with no long arc
    every ring cell helps close one of the group's loops: the loop owns all 18.
    """
    state = gyre(4).position(red=cells("d1 d2 c3 c4 c5 d5 d6"), blue=cells("g2 f3 e4 b4 b6 c7 a5"))
    state.apply("d7")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    assert len(outcome.details["owned"]) == 18
    assert outcome.details["owned"][0] == "d1"


def test_an_inner_stone_seals_the_centre_off() -> None:
    """Red's group d1 d2 e2 e3 e4 e5 e6 runs east of the centre (ring stones d1 and e6, arcs of
    7 and 9) and hooks round it with d5 c5 c4. The centre still reaches the west arc through d3
    and c3, so Red has no loop yet. Red plays c3 (x), off the ring, joining the group:

        . . B .  7
       . . B B R  6
      . B R R R .  5
     . B R * R . .  4
    a . x . R . B  3
     b . R R B .  2
      c R . . .  1
       d e f g

    Now the centre's component is d4 and d3, touching no ring cell, and the west arc d7..c2 has
    9 cells whose ends are 8 apart: Red wins with the arc it already had.
    """
    game = gyre(4)
    state = game.position(
        red=cells("d1 d2 e2 e3 e4 e5 e6 d5 c5 c4"), blue=cells("b4 b5 c6 d6 f2 g3 c7")
    )
    assert game.loops(state.array, 0) == []
    state.apply("c3")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    assert outcome.details["owned"] == cells("d1 e1 f1 g1 g2 g3 g4 f5 e6")


def test_a_stone_joining_a_long_sided_loop_does_not_win() -> None:
    """The long-path loop of the earlier test (ring stones d1 and e6, the centre on the 9-cell
    west side), set up directly; Red plays f3 (x), joining the group off the ring:

        . . . .  7
       . B B . R  6
      . . . . R .  5
     . . B * R . .  4
    a . B . R x B  3
     b . R R B .  2
      c R . . .  1
       d e f g

    The group's arcs are unchanged and the centre still reaches the west arc: no win.
    """
    game = gyre(4)
    state = game.position(red=cells("d1 d2 e2 e3 e4 e5 e6"), blue=cells("c3 c4 f2 g3 b6 c6"))
    state.apply("f3")
    assert not state.is_terminal()


# ---------------------------------------------------------------- the opponent's way round
SURROUNDABLE_RED = cells("d1 d2 c3 c4 c5 d5 e5")
SURROUNDING_BLUE = cells("d6 c6 b6 b5 b4 b3 c2")


def test_loop_the_opponent_can_still_surround() -> None:
    """Red plays f5 (x): ring stones d1 (0) and f5 (7).

        . . . .  7
       . B B B .  6
      . B R R R x  5
     . B R * . . .  4
    a B R . . . .  3
     b B R . . .  2
      c R . . .  1
       d e f g

    The centre's side meets the east arc e1..g4 (6 cells). The west arc e6..c2 has 10 cells,
    numbered 1..10; e6 (1) and c2 (10) are 9 >= |R|/2 apart: the two ring paths from e6 to c2
    both have 10 cells, so the opponent may close a loop round Red's through the east. No win.
    Blue then plays e6, joining e6 to c2 along Red's edge: Blue's group has ring stones e6, b3
    and c2, its longest arc is d1..f5 (8 cells, the centre's side) and Blue wins, owning the
    whole ring; Red's loop is inside Blue's.
    """
    game = gyre(4)
    state = game.position(red=SURROUNDABLE_RED, blue=SURROUNDING_BLUE)
    state.apply("f5")
    assert not state.is_terminal()
    assert game.loops(state.array, 0) == []
    state.apply("e6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Blue" and outcome.winner == 1
    assert sorted(outcome.details["group"]) == sorted([*SURROUNDING_BLUE, "e6"])
    assert len(outcome.details["owned"]) == 18
    assert board_lines(state) == [
        "    + + + +  7",
        "   + @ @ @ @  6",
        "  + @ R R R r  5",
        " + @ R * . . +  4",
        "a @ R . . . +  3",
        " b @ R . . +  2",
        "  c r + + +  1",
    ]


def test_the_same_loop_wins_once_it_takes_the_opponents_way_round() -> None:
    """The same position, but Red plays e6 (x) instead of f5, the cell Blue needed.

        . . . .  7
       . B B B x  6
      . B R R R .  5
     . B R * . . .  4
    a B R . . . .  3
     b B R . . .  2
      c R . . .  1
       d e f g

    Ring stones d1 (0) and e6 (8): the far arc is now d7..c2, 9 cells, whose cells are at most
    8 apart, so Blue can no longer go round: Red wins (the centre's side meets 7 ring cells).
    """
    state = gyre(4).position(red=SURROUNDABLE_RED, blue=SURROUNDING_BLUE)
    state.apply("e6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    assert outcome.details["owned"] == cells("d1 e1 f1 g1 g2 g3 g4 f5 e6")


def test_the_same_loop_wins_once_another_red_group_on_the_way_round_joins_it() -> None:
    """Red's surroundable loop (it gets f5 first: ring stones d1 and f5, far arc e6..c2 of 10
    cells) and a second Red group, d7, on Blue's way round; Blue plays b3. Red then plays d6
    (x), which touches d5, e5 and d7:

        . . . R  7
       . B B x .  6
      . B R R R R  5
     . B R * . . .  4
    a B R . . . .  3
     b . R B B B  2
      c R . . B  1
       d e f g

    The loop now has ring stones d1 (0), f5 (7) and d7 (9): arcs e1..g4 (6 cells), e6 (1) and
    c7..c2 (8). Every arc is shorter than |R|/2 = 9: Blue's way round along the loop's edge is
    cut at d6-d7, and Red wins; with no long arc the loop owns the whole ring.
    """
    game = gyre(4)
    state = game.position(red=[*SURROUNDABLE_RED, "d7"], blue=cells("c6 b6 b5 b4 g1 g2 f2 e2"))
    state.apply("f5")
    state.apply("b3")
    assert not state.is_terminal()
    state.apply("d6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    assert sorted(outcome.details["group"]) == sorted([*SURROUNDABLE_RED, "f5", "d6", "d7"])
    assert len(outcome.details["owned"]) == 18


def test_another_group_of_the_player_cannot_block_the_way_round() -> None:
    """Red's surroundable loop (ring stones d1 and f5, far arc e6..c2 of 10 cells) and a
    second Red group c7 b7 a7 a6 a5 on the ring of that arc; Red plays a4 (x), which joins it.

        R R R .  7
       R B B B .  6
      R B R R R R  5
     x B R * . . .  4
    a . R . B . .  3
     b . R B B B  2
      c R . . B  1
       d e f g

    The cells next to a group are never the player's own (they would be in the group), so the
    way round along Red's loop - e6 d6 c6 b6 b5 b4 b3 c2 - never touches a red stone: no group
    of Red can block it. Red has no winning loop (the loop's far arc is still 10 cells; the
    second group's ring stones c7..a4 leave an arc of 12). Blue plays b3, then c2, then e6 and
    wins round both red groups, the second one's ring cells among those Blue's loop owns.
    """
    game = gyre(4)
    state = game.position(
        red=[*SURROUNDABLE_RED, "f5", "c7", "b7", "a7", "a6", "a5"],
        blue=cells("d6 c6 b6 b5 b4 g1 g2 f2 e2 e3"),
    )
    state.apply("a4")
    assert not state.is_terminal()
    assert game.loops(state.array, 0) == []
    state.apply("b3")
    state.apply("e1")
    state.apply("c2")
    state.apply("f1")
    assert not state.is_terminal()
    state.apply("e6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Blue"
    assert {"c7", "b7", "a7", "a6", "a5", "a4"} <= set(outcome.details["owned"])


def test_a_stone_joining_no_group_never_wins() -> None:
    """Red's surroundable loop again (ring stones d1 and f5); Red plays a lone stone at a5 (x),
    a ring cell of the far arc that touches no red stone.

        . . . .  7
       . B B B .  6
      x B R R R R  5
     . B R * . . .  4
    a . R . . . .  3
     b . R . . .  2
      c R . . .  1
       d e f g

    A win belongs to a group, and each group's verdict depends on its own cells alone: the lone
    stone has one ring stone (no loop), and the loop's far arc is unchanged. No win, and Blue
    can still go round (b3, c2 and e6 would do it).
    """
    game = gyre(4)
    state = game.position(red=[*SURROUNDABLE_RED, "f5"], blue=cells("d6 c6 b6 b5 b4"))
    before = [loop.group for loop in game.loops(state.array, 0)]
    state.apply("a5")
    assert not state.is_terminal()
    assert before == [] and game.loops(state.array, 0) == []


# ---------------------------------------------------------------- not loops
def test_group_touching_the_ring_once_is_no_loop() -> None:
    """Red walls in the centre with c4 c5 d5 e4 e3 d3 and runs a tail d2 to the ring at d1;
    Red plays d1 (x).

        . . . .  7
       . . . . .  6
      . . R R . .  5
     . . R * R . .  4
    a . . R R . .  3
     b . . R . .  2
      c x . . .  1
       d e f g

    The centre's component is the centre alone, but a loop needs two ring stones; the other
    component meets the ring in e1..c2 (17 cells), whose ends touch d1 and are 16 apart, so
    Blue can go round. No win. Red's e1 next adds a second ring stone next to d1: the arcs are
    then empty and f1..c2 (16 cells) - the far side is the long one, and still no win.
    """
    game = gyre(4)
    state = game.position(red=cells("c4 c5 d5 e4 e3 d3 d2"), blue=cells("a4 b7 g1 g3 f5 b3 e6"))
    state.apply("d1")
    assert not state.is_terminal()
    assert game.loops(state.array, 0) == []
    state.apply("a6")
    state.apply("e1")
    assert not state.is_terminal()
    assert game.loops(state.array, 0) == []


def test_ring_of_stones_round_the_centre_is_no_loop() -> None:
    """Red closes a ring round the centre, touching the ring in no cell: c4 c5 d5 e4 e3, then
    Red plays d3 (x).

        . . . .  7
       . . . . .  6
      . . R R . .  5
     . . R * R . .  4
    a . . x R . .  3
     b . . . . .  2
      c . . . .  1
       d e f g

    No ring stone, so no loop: the game goes on, with Blue to move on any empty cell.
    """
    game = gyre(4)
    state = game.position(red=cells("c4 c5 d5 e4 e3"), blue=cells("a4 b7 g1 g3 f5"))
    state.apply("d3")
    assert not state.is_terminal()
    assert state.to_move == 1
    assert state.legal_actions() == empties(state)
    assert game.loops(state.array, 0) == []


# ---------------------------------------------------------------- the ties on side 3
def test_tie_cases_on_side_3() -> None:
    """Side 3: |R| = 12, |R|/2 = 6. Ring: c1 d1 e1 e2 e3 d4 c5 b5 a5 a4 a3 b2 (0..11)::

           . . .  5
          . . . .  4
         . . * . .  3
        a . . . .  2
         b . . .  1
          c d e

    Red c1 c2 c3 c4 c5 is a straight line through the centre: ring stones c1 (0) and c5 (6),
    arcs of 5 and 5 (equal ring paths): win. Red b2 c2 d2 e2 is a line below the centre with
    ring stones b2 (11) and e2 (3): the centre's side meets the arc e3..a3, 7 cells, more
    than |R|/2 - 1 = 5: no win. Red adds e3 (4): the arcs are c1 d1 e1 (3 cells) and the
    centre's d4..a3 (6 cells = |R|/2, a ring path of 8 cells against the other way's 6): the
    centre's ring path is still the long one, no win.
    """
    game = gyre(3)
    line = game.position(red=cells("c1 c2 c3 c4"), blue=cells("a3 b3 d3 e3"))
    line.apply("c5")
    outcome = line.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    low = game.position(red=cells("b2 c2 d2"), blue=cells("a5 b5 c5"))
    low.apply("e2")
    assert not low.is_terminal()
    low.apply("a4")
    low.apply("e3")
    assert not low.is_terminal()


# ---------------------------------------------------------------- explanation and records
def test_outcome_survives_a_record_and_names_the_loop() -> None:
    """The winning game of the first test, played from the start and written as a record."""
    game = gyre(4)
    moves = cells("d1 g2 d2 f3 c3 e4 c4 b4 c5 b6 d5 c7 e5 a5 e6")
    state = game.state_from_moves(moves)
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
    from hexarena.records import read_record, write_record

    back = read_record(write_record(state))
    assert back.state.outcome() == outcome
    assert "[Termination \"Red's group of 8 stones" in write_record(state)


def test_position_refuses_a_finished_game_and_bad_input() -> None:
    game = gyre(4)
    with pytest.raises(OptionError, match="Red already has a winning loop"):
        game.position(red=cells("d1 d2 c3 c4 c5 d5 e5 e6"))
    with pytest.raises(OptionError, match="given twice"):
        game.position(red=["d1"], blue=["d1"])
    with pytest.raises(OptionError, match="to_move"):
        game.position(red=["d1"], to_move="Green")
    with pytest.raises(ValueError, match="not on this board"):
        game.position(red=["z9"])
    with pytest.raises(OptionError, match="colour must be 0"):
        game.loops(game.initial_array(), 2)
    with pytest.raises(OptionError, match="not on the board"):
        game.group_of(game.initial_array(), 37)
    with pytest.raises(OptionError, match="turn 1 does not fit"):
        game.position(red=["d1"], blue=["d2"], turn=1)
    with pytest.raises(OptionError, match="turn -1"):
        game.position(turn=-1)
    first = game.position(red=["d4"], to_move="Blue", turn=1)  # Red's first stone: swap offered
    assert first.legal_action_texts()[-1] == "swap"


def test_undo_of_the_winning_move_and_the_web_view() -> None:
    """The first test's win (Red e6), taken back and played again. The web app's cell view
    labels the winning group's stones ``@`` and the stones on the ring cells its loop owns
    ``+`` (Blue's g2); other stones and empty cells are plain."""
    game = gyre(4)
    state = game.position(red=cells("d1 d2 c3 c4 c5 d5 e5"), blue=cells("g2 f3 e4 b4 b6 c7 a5"))
    before = game.cell_view(state.array)
    assert set(before) == {".", "R", "B"}
    state.apply("e6")
    view = game.cell_view(state.array)
    names = game.board.names
    labelled = {names[i]: v for i, v in enumerate(view) if len(v) > 1}
    assert labelled == {**{c: "R@" for c in cells("d1 d2 c3 c4 c5 d5 e5 e6")}, "g2": "B+"}
    assert state.undo() == game.board.parse("e6")
    assert not state.is_terminal() and game.cell_view(state.array) == before
    assert state.to_move == 0 and "e6" in state.legal_action_texts()
    state.apply("e6")
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Red"
