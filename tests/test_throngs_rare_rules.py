"""Throngs rules that random play rarely reaches, each worked out by hand on a small position.

From the rule sheet and NOTES.md: deploys refused at potential 0 or below, a deploy whose stone
has budget left but nowhere to go, own stones that cannot leave, jumps against the edges and
notches of the original board, a first move that makes the second possible, ``no_stalling``'s
counts, and a game that ends as soon as the colours are chosen.

Most positions are on the side-2 board (7 sites). Its sites, as axial ``(q, r)``:

    a3 (-1, 1)   b3 (0, 1)
    a2 (-1, 0)   b2 (0, 0)   c2 (1, 0)
    b1 (0, -1)   c1 (1, -1)

b2 is next to every other site; the vicinities of the others are
b1: b1 c1 b2 a2 · c1: c1 c2 b2 b1 · a2: a2 b2 a3 b1 · c2: c2 b3 b2 c1 · a3: a3 b3 a2 b2 ·
b3: b3 a3 b2 c2.
"""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import IllegalActionError, State
from hexarena.games.throngs import S_STALL, Throngs


def hexgame(size: int, **options: object) -> Throngs:
    game = hexarena.new_game("throngs", board="hex", size=size, **options)
    assert isinstance(game, Throngs)
    return game


def picture(state: State) -> str:
    game = state.game
    assert isinstance(game, Throngs)
    return game.board.render([".BW"[v] for v in game.site_contents(state.array)])


def legal(state: State) -> list[str]:
    return sorted(state.legal_action_texts())


def stalls(state: State) -> tuple[int, int]:
    """Dispatch moves in a row of Black and White (what ``no_stalling`` counts)."""
    return int(state.array[S_STALL]), int(state.array[S_STALL + 1])


# ---------------------------------------------------------------- deploys
def test_deploy_is_refused_at_potential_zero_and_below() -> None:
    game = hexgame(4)
    st = game.position(["d4"], ["f4"])
    assert picture(st) == (
        "    . . . .  7\n"
        "   . . . . .  6\n"
        "  . . . . . .  5\n"
        " . . . B . W .  4\n"
        "a . . . . . .  3\n"
        " b . . . . .  2\n"
        "  c . . . .  1\n"
        "   d e f g"
    )
    # e4 is next to both stones: 1 - 1 = 0. g4, f5, e5, f3 and g3 are next to White only: -1.
    # The other five neighbours of d4 have potential 1; d4 itself has 1 and may step away;
    # f4 for Black is -1 (no capture). Nothing else is next to a stone.
    assert legal(st) == ["c4", "c5", "d3", "d4", "d5", "e3"]
    before = st.copy()
    with pytest.raises(
        IllegalActionError, match="deploy needs action potential at least 1; e4 has 0"
    ):
        st.apply("e4")
    with pytest.raises(
        IllegalActionError, match="deploy needs action potential at least 1; g4 has -1"
    ):
        st.apply("g4")
    assert st == before


def test_deploy_with_budget_but_no_destination_ends_the_move_without_stop() -> None:
    game = hexgame(2)
    st = game.position(["a2", "a3", "b3", "c2", "c1"], ["b1"])
    assert picture(st) == "  B B  3\n B . B  2\na W B  1\n b c"
    # b2: five Black neighbours against White b1: potential 4, so the new stone has a budget
    # of 3. But all its neighbours are occupied and every jump from the centre of this board
    # leaves it: no destination, so the move ends at once, with no stop to choose.
    assert game.potential(st.array, game.board.parse("b2"), 0) == 4
    st.apply("b2")
    assert st.turn_actions == [game.board.parse("b2")]
    assert not st.is_legal(game.stop_action)
    # The second move: the board is full, so no stone can move; b1 (Black c1, b2, a2 against
    # White b1: 2) can now be captured, which it could not before the deploy (potential 1).
    assert legal(st) == ["b1"]
    assert game.move_text(st.turn_actions) == "b2"
    st.apply("b1")
    assert st.move_texts() == ["b2,b1"]
    assert st.is_terminal()  # White has no stone and no site: Black fills nothing, wins 7-0
    outcome = st.outcome()
    assert outcome is not None and outcome.score == {"Black": 7, "White": 0}


# ---------------------------------------------------------------- stones that cannot leave
ORIGINAL_NOTCH = (
    "       . .     . .  12\n"
    "      . . . . . . .  11\n"
    "       . . . . . .  10\n"
    "      . . . . . . .  9\n"
    "     . . . . . . . .  8\n"
    "  . . . . . . . . . . .  7\n"
    " . . . . . . . . . . . .  6\n"
    "a . W . . . . . . . . .  5\n"
    " b c W . . W . . . .  4\n"
    "    d W . W . . . .  3\n"
    "     . B B . . . . .  2\n"
    "    e B B h i j . .  1\n"
    "     f g       k l"
)


def test_own_stone_that_cannot_leave_is_not_selectable_edges_and_notches() -> None:
    game = hexarena.new_game("throngs")
    assert isinstance(game, Throngs)
    black = ["g1", "f1", "f2", "g2"]
    lines = ["g3", "g4", "e3", "d4", "c5"]
    st = game.position(black, [*lines, "g5"])
    assert picture(st) == ORIGINAL_NOTCH.replace("a . W . . . . .", "a . W . . . W .")
    g1 = game.board.parse("g1")
    # g1 = (1, 0) on the bottom row, which is f1 g1, a notch of three missing sites, k1 l1.
    # Its vicinity g1 f1 f2 g2 is all Black: potential 4, budget 4. Every neighbour is taken,
    # so only jumps could move it: west over f1 runs off the board at once; north over g2 g3
    # g4 g5 and north-west over f2 e3 d4 c5 need budget 5 to land beyond; east the next site
    # would be h1, not a site (the notch): a jump does not go on over the gap to k1 (cost 4).
    assert game.potential(st.array, g1, 0) == 4
    assert "g1" not in legal(st)
    with pytest.raises(IllegalActionError, match="cannot leave with a budget of 4"):
        st.apply("g1")
    # With g5 empty the jump over g2 g3 g4 lands there (cost 4): the only destination.
    st = game.position(black, lines)
    assert picture(st) == ORIGINAL_NOTCH
    assert "g1" in legal(st)
    st.apply("g1")
    assert legal(st) == ["-g5"]


def test_stones_on_a_full_board_are_not_selectable() -> None:
    game = hexgame(2)
    # every site taken: no stone can leave, however high its potential (b2: 5 - 2 = 3)
    st = game.position(["a2", "a3", "b2", "b3", "c2"], ["b1", "c1"])
    assert picture(st) == "  B B  3\n B B B  2\na W W  1\n b c"
    assert game.potential(st.array, game.board.parse("b2"), 0) == 3
    # b1: Black b2 a2 against White b1 c1: 0; c1: Black c2 b2 against c1 b1: 0. No capture,
    # no deploy, no dispatch: Black has no move and the game ends (nothing to fill).
    assert st.is_terminal()
    outcome = st.outcome()
    assert outcome is not None and outcome.details["filled"] == 0
    assert outcome.score == {"Black": 5, "White": 2}


# ---------------------------------------------------------------- turns
def test_first_move_enables_the_second() -> None:
    game = hexgame(2)
    st = game.position(["a3"], ["b3", "c1"])
    assert picture(st) == "  B W  3\n . . .  2\na . W  1\n b c"
    # Black's only move: a2 (vicinity a2 b2 a3 b1: Black a3, potential 1). a3 itself has
    # 1 - 1 = 0 (White b3); b2 has 1 - 2; b1, c2 are next to White only; b3 for Black is 0.
    assert legal(st) == ["a2"]
    st.apply("a2")  # budget 0 is left: the move ends
    # Potentials are counted anew for the second move: a3 now has Black a3, a2 against b3: 1,
    # and may step to b2; a2 has 2 and may go to b2 or b1. No deploy or capture has changed.
    assert legal(st) == ["a2", "a3"]
    assert st.turn == 0


# ---------------------------------------------------------------- no_stalling
STALL_STONES = (["a2", "b2", "c1"], ["b1"])
STALL_PICTURE = "  . .  3\n B B .  2\na W B  1\n b c"


def test_no_stalling_count_is_reset_by_a_capture() -> None:
    game = hexgame(2, no_stalling=True)
    st = game.position(*STALL_STONES, dispatches=(2, 0))
    assert picture(st) == STALL_PICTURE
    # Deploys at a3 (2), b3 (1), c2 (2); b1 can be captured (Black c1 b2 a2 against b1: 2).
    # Black's own stones a2 (1), b2 (2) and c1 (1) could step away, but not after two
    # dispatches in a row.
    assert legal(st) == ["a3", "b1", "b3", "c2"]
    free = hexgame(2).position(*STALL_STONES)
    assert legal(free) == ["a2", "a3", "b1", "b2", "b3", "c1", "c2"]
    st.apply("b1")
    assert stalls(st) == (0, 0)
    # b1 now has Black all round (4) and jumps over b2 to b3; every Black stone may leave
    assert legal(st) == ["a2", "a3", "b1", "b2", "b3", "c1", "c2"]


def test_no_stalling_count_is_reset_by_a_deploy_then_dispatch() -> None:
    game = hexgame(2, no_stalling=True)
    st = game.position(*STALL_STONES, dispatches=(2, 0))
    st.apply("c2")  # potential 2: the new stone has budget 1
    assert legal(st) == ["-b3", "stop"]
    st.apply("-b3")
    assert picture(st) == "  . B  3\n B B .  2\na W B  1\n b c"
    # a deploy, even one followed by a dispatch of the new stone, is not a dispatch move
    assert stalls(st) == (0, 0)
    assert legal(st) == ["a2", "a3", "b1", "b2", "b3", "c1", "c2"]


def test_no_stalling_counts_of_the_two_colours_are_independent() -> None:
    game = hexgame(2, no_stalling=True)
    # White has dispatched twice in a row: that does not stop Black
    st = game.position(*STALL_STONES, dispatches=(0, 2))
    assert legal(st) == ["a2", "a3", "b1", "b2", "b3", "c1", "c2"]
    st.apply_move("a2-a3", complete=False)
    assert stalls(st) == (1, 2)
    st.apply_move("c1-c2", complete=False)
    assert stalls(st) == (2, 2)


def test_no_stalling_player_left_with_only_dispatches_has_no_move() -> None:
    stones = (["a2", "a3"], ["c1", "c2"])
    # b1 (a2 against c1), b3 (a3 against c2) and b2 (2 against 2) have potential 0; c1 and c2
    # have -2 for Black. Only Black's own stones can move (a2 and a3 have 2 each).
    free = hexgame(2, no_stalling=True).position(*stones)
    assert picture(free) == "  B .  3\n B . W  2\na . W  1\n b c"
    assert legal(free) == ["a2", "a3"]
    # After two dispatches in a row Black has no move at the start of the turn: White fills
    # b1, b2 and b3; then a2 (White b2 b1 against a2 a3) and a3 have potential 0 for White.
    st = hexgame(2, no_stalling=True).position(*stones, dispatches=(2, 0))
    assert st.is_terminal()
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.winner_colour == "White"
    assert outcome.details == {"no_move": "Black", "filled_by": "White", "filled": 3, "captured": 0}
    assert outcome.score == {"Black": 2, "White": 5}


# ---------------------------------------------------------------- the colour choice
@pytest.mark.parametrize(("choice", "winner"), [("white", 1), ("black", 0)])
def test_game_ends_straight_after_the_colour_choice(choice: str, winner: int) -> None:
    st = hexgame(2).new_initial_state()
    st.apply_move("a2,a3,b1")  # Black a2, White a3 and b1
    assert picture(st) == "  W .  3\n B . .  2\na W .  1\n b c"
    assert not st.is_terminal()
    st.apply(choice)
    # Black to move: a2 has 1 - 2; b2 1 - 2; c1 and b3 -1; c2 0; a3 and b1 (captures) 0.
    # No move: White fills b2, c1, c2, b3; then a2 (White a3 b1 b2 against a2: 2) is captured.
    assert st.is_terminal()
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.winner_colour == "White"
    # "white": the second player (seat 1) plays White; "black": seat 0 plays White
    assert outcome.winner == winner
    assert outcome.details == {"no_move": "Black", "filled_by": "White", "filled": 4, "captured": 1}
    assert outcome.score == {"Black": 0, "White": 7}
    assert picture(st) == "  W W  3\n W W W  2\na W W  1\n b c"
