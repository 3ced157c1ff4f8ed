"""Churn rules, worked out by hand from the rule sheet and NOTES.md.

Boards used (cell names as the pictures show them; a column runs up and to the right from its
letter):

Side 2 (7 cells)::

      . .  3        a3 b3
     . . .  2     a2 b2 c2
    a . .  1        b1 c1
     b c

b2 is the centre and touches all six others; the ring is b1 c1 c2 b3 a3 a2 (each touches the
next, and a2 touches b1).

Side 3 (19 cells)::

       . . .  5          a5 b5 c5
      . . . .  4       a4 b4 c4 d4
     . . . . .  3    a3 b3 c3 d3 e3
    a . . . .  2       b2 c2 d2 e2
     b . . .  1          c1 d1 e1
      c d e

A cell (column X, row N) touches (X±1, N), (X, N±1), (X+1, N-1) and (X-1, N+1).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexarena
from hexarena.core import IllegalActionError, OptionError
from hexarena.games.churn import Churn
from hexarena.records import read_record, write_record


def churn(size: int = 3) -> Churn:
    game = hexarena.new_game("churn", size=size)
    assert isinstance(game, Churn)
    return game


def stones(state: hexarena.State) -> tuple[list[str], list[str]]:
    game = state.game
    assert isinstance(game, Churn)
    cols = game.cell_colours(state.array)
    names = game.board.names
    return (
        sorted(names[i] for i, c in enumerate(cols) if c == 1),
        sorted(names[i] for i, c in enumerate(cols) if c == 2),
    )


# ---------------------------------------------------------------- placement
def test_isolated_placement_is_forced() -> None:
    """Red at c3, Blue at a5, Red to move: the legal cells are exactly the empty cells with no
    red neighbour. c3 touches b3 d3 c4 c2 d2 b4, so those six are refused and 11 remain.

           . . B  5
          . R? . .  4    (R? = b4, a neighbour of c3)
         . . R . .  3
        a . . . .  2
         b . . .  1
          c d e
    """
    state = churn(3).position(red=["c3"], blue=["a5"])
    assert sorted(state.legal_action_texts()) == sorted(
        ["c1", "d1", "e1", "b2", "e2", "a3", "e3", "a4", "d4", "b5", "c5"]
    )
    with pytest.raises(IllegalActionError, match="while an empty cell touches none of your stones"):
        state.apply("d3")


def test_smallest_group_forced_with_a_tie() -> None:
    """Side 2, Red b1 and b3 (two groups of one), Blue c2, Red to move.

          . R  3
         . . B  2
        a R .  1
         b c

    No empty cell is free of red neighbours (c1 and a2 touch b1, a3 touches b3, b2 touches
    both). c1, a2 and a3 would each make a group of 2; b2 would join both into 3. So exactly
    c1, a2 and a3 are legal: a tie among the smallest.
    """
    state = churn(2).position(red=["b1", "b3"], blue=["c2"])
    assert state.legal_action_texts() == ["c1", "a2", "a3"]
    with pytest.raises(IllegalActionError, match="group of 3"):
        state.apply("b2")


def test_strictly_smaller_groups_are_removed_enemy_stones_stay() -> None:
    """Continuing: Red c1 makes the group b1-c1 of 2; b3 (1 stone) is strictly smaller and goes.
    The blue stone stays. Blue to move next.

          . .  3
         . . B  2
        a R R  1
         b c
    """
    state = churn(2).position(red=["b1", "b3"], blue=["c2"])
    state.apply("c1")
    assert stones(state) == (["b1", "c1"], ["c2"])
    assert state.to_move == 1
    assert not state.is_terminal()


def test_equal_groups_are_kept() -> None:
    """Side 2, Red b1 c1 (a group of 2) and a3 (1), Blue b2 c2; Red to move.

          R .  3
         . B B  2
        a R R  1
         b c

    a2 would join both red groups (1 + 2 + 1 = 4); b3 touches only a3 (2). Only b3 is legal,
    it makes a3-b3 of 2, and b1-c1 (also 2, not strictly smaller) stays.
    """
    state = churn(2).position(red=["b1", "c1", "a3"], blue=["b2", "c2"])
    assert state.legal_action_texts() == ["b3"]
    state.apply("b3")
    assert stones(state) == (["a3", "b1", "b3", "c1"], ["b2", "c2"])
    # Blue's only cell a2 touches its group b2-c2: a group of 3; the board is then full.
    assert state.legal_action_texts() == ["a2"]
    state.apply("a2")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner_colour == "Red" and outcome.winner == 0
    assert outcome.score == {"Red": 4, "Blue": 3}


def test_merging_two_groups() -> None:
    """Side 2: Red b1 and b3 (groups of 1), Blue a2 a3 c1 c2; b2 is the last empty cell.

          B R  3
         B . B  2
        a R B  1
         b c

    Red b2 joins both red stones into one group of 3 (1 + 1 + 1). Blue's stones are two groups
    of 2 (a2-a3 and c1-c2, which do not touch). The board is full: Blue wins 4 to 3.
    """
    state = churn(2).position(red=["b1", "b3"], blue=["a2", "a3", "c1", "c2"])
    assert state.legal_action_texts() == ["b2"]
    state.apply("b2")
    game = state.game
    assert isinstance(game, Churn)
    sizes = dict(zip(game.board.names, game.group_sizes(state.array).tolist(), strict=True))
    assert sizes == {"b1": 3, "b2": 3, "b3": 3, "a2": 2, "a3": 2, "c1": 2, "c2": 2}
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "Blue"


def test_a_cell_touching_two_groups_counts_both() -> None:
    """Side 3, Red b3 c3 (a group of 2) and e3 (1), with d3 empty between them; Blue fills
    around so that every empty cell touches red.

           B B B  5
          B . . B  4
         B R R . R  3
        a B . . B  2
         b B B B  1
          c d e
    """
    game = churn(3)
    red = ["b3", "c3", "e3"]
    blue = ["a5", "b5", "c5", "a4", "d4", "b2", "c1", "d1", "e1", "e2", "a3"]
    state = game.position(red=red, blue=blue)
    # empty: b4 c4 d3 c2 d2. b4 touches b3 c3 -> 3; c4 touches c3 (and d3 empty) -> 3;
    # c2 touches c3 and b3 -> 3; d2 touches c3? d2's neighbours: c2 e2 d3 d1 e1 c3 -> c3 -> 3;
    # d3 touches c3 and e3 -> 1 + 2 + 1 = 4. So d3 is refused, the four others tie at 3.
    assert state.legal_action_texts() == ["c2", "d2", "b4", "c4"]
    with pytest.raises(IllegalActionError):
        state.apply("d3")


def test_a_filling_placement_that_still_removes_does_not_end_the_game() -> None:
    """Side 2: Red c1 and a3 (groups of 1), Blue b1 b2 c2 b3; a2 is the last empty cell.

          R B  3
         . B B  2
        a B R  1
         b c

    Red a2 fills the board but makes a2-a3 (2), so c1 (1) is removed: the board is not full and
    the game goes on. Blue's only cell c1 joins its group of 4 into 5; now the board is full and
    Blue wins 5 to 2.
    """
    state = churn(2).position(red=["c1", "a3"], blue=["b1", "b2", "c2", "b3"])
    assert state.legal_action_texts() == ["a2"]
    state.apply("a2")
    assert not state.is_terminal()
    assert stones(state) == (["a2", "a3"], ["b1", "b2", "b3", "c2"])
    assert state.legal_action_texts() == ["c1"]
    state.apply("c1")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner_colour == "Blue" and outcome.score == {"Red": 2, "Blue": 5}
    assert "full" in outcome.reason


def test_the_game_does_not_end_before_the_board_is_full() -> None:
    """A random game on side 3 ends exactly when the board is full after a turn."""
    game = churn(3)
    state = game.new_initial_state()
    rnd = random.Random(5)
    while not state.is_terminal():
        red, blue = stones(state)
        assert len(red) + len(blue) < game.board.size
        state.apply(rnd.choice(state.legal_actions()))
    red, blue = stones(state)
    assert len(red) + len(blue) == game.board.size


# ---------------------------------------------------------------- pie rule
def test_swap_is_offered_once_to_the_second_player() -> None:
    game = churn(3)
    state = game.new_initial_state()
    assert "swap" not in state.legal_action_texts()
    with pytest.raises(IllegalActionError, match="swap"):
        state.apply("swap")
    state.apply("c3")
    assert "swap" in state.legal_action_texts()
    assert state.current_player == 1 and state.to_move == 1
    state.apply("swap")
    # the red stone stays; the first player now plays Blue and is to move
    assert stones(state) == (["c3"], [])
    assert state.swapped
    assert state.current_player == 0 and state.to_move == 1
    assert state.seat_colour(0) == 1 and state.seat_colour(1) == 0
    assert "swap" not in state.legal_action_texts()
    state.apply("a5")  # Blue (the first player)
    assert state.current_player == 1 and state.to_move == 0


def test_swap_not_offered_after_a_normal_reply() -> None:
    state = churn(3).new_initial_state()
    state.apply("c3")
    state.apply("a5")
    assert "swap" not in state.legal_action_texts()
    state.apply("e1")
    assert "swap" not in state.legal_action_texts()


def test_after_a_swap_the_winner_is_the_seat_playing_the_winning_colour() -> None:
    game = churn(2)
    state = game.new_initial_state()
    state.apply("b2")
    state.apply("swap")
    rnd = random.Random(1)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
    outcome = state.outcome()
    assert outcome is not None
    colour = game.colours.index(outcome.winner_colour)
    assert outcome.winner == colour ^ 1  # seats traded colours


# ---------------------------------------------------------------- boards and options
def test_irregular_board_27_cells() -> None:
    game = hexarena.new_game("churn", sides=(3, 4, 3, 4, 3, 4))
    assert game.board.size == 27
    assert hexarena.new_game("churn", sides="3,4,3,4,3,4").board.size == 27


def test_even_board_refused() -> None:
    # sides 2,3,2,3,2,3 close (2-3 = 2-3 = 2-3) and give 12 cells: even, so a tie is possible
    with pytest.raises(OptionError, match="odd number of cells"):
        hexarena.new_game("churn", sides=(2, 3, 2, 3, 2, 3))


def test_sides_that_do_not_close_refused() -> None:
    with pytest.raises(OptionError, match="s1 - s4 = s5 - s2 = s3 - s6"):
        hexarena.new_game("churn", sides=(3, 4, 3, 4, 3, 5))


@pytest.mark.parametrize("size", [1, 9, "x"])
def test_size_out_of_range_refused(size: object) -> None:
    with pytest.raises(OptionError, match="size"):
        hexarena.new_game("churn", size=size)


def test_size_and_sides_together_refused() -> None:
    with pytest.raises(OptionError, match="either"):
        hexarena.new_game("churn", size=3, sides=(3, 4, 3, 4, 3, 4))


def test_unknown_option_refused() -> None:
    with pytest.raises(OptionError, match="no option"):
        hexarena.new_game("churn", colour="red")


def test_occupied_cell_refused_with_reason() -> None:
    state = churn(3).new_initial_state()
    state.apply("c3")
    with pytest.raises(IllegalActionError, match="occupied"):
        state.apply("c3")


# ---------------------------------------------------------------- perft
def perft(state: hexarena.State, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for a in state.legal_actions():
        state.apply(a)
        total += perft(state, depth - 1)
        state.undo()
    return total


def test_perft_side_2() -> None:
    """Action sequences from the empty side-2 board.

    Depth 1: 7 cells. Depth 2: after Red's stone, Blue's isolated cells are all 6 empty ones,
    plus the swap: 7 * 7 = 49.
    Depth 3: after a swap (7 ways) Blue has no stone, so its 6 empty cells are all isolated: 42.
    After Red x and Blue y: if x is the centre b2, no cell is isolated from it and all 5 empty
    cells make a group of 2: 6 * 5 = 30. If x is a ring cell (6 ways), 3 cells do not touch it;
    Red may use those not taken by y: y = b2 or a ring neighbour of x (3 ways) leaves 3, y among
    the far three (3 ways) leaves 2: 6 * (3 * 3 + 3 * 2) = 90. In all 42 + 30 + 90 = 162.
    """
    state = churn(2).new_initial_state()
    assert perft(state, 1) == 7
    assert perft(state, 2) == 49
    assert perft(state, 3) == 162


# ---------------------------------------------------------------- properties
@given(seed=st.integers(0, 100_000), size=st.sampled_from([2, 3]))
def test_random_games_end_with_a_winner(seed: int, size: int) -> None:
    game = churn(size)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.score["Red"] + outcome.score["Blue"] == game.board.size
    assert outcome.score[outcome.winner_colour] > game.board.size // 2


@given(seed=st.integers(0, 100_000))
def test_records_round_trip_irregular(seed: int) -> None:
    game = hexarena.new_game("churn", sides=(3, 4, 3, 4, 3, 4))
    state = game.new_initial_state()
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(1, 300)):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    back = read_record(write_record(state))
    assert back.state == state
