"""Throngs rules, worked out by hand from the rule sheet and NOTES.md on small positions.

Positions are on regular hexhex boards. Each test shows its position as the game draws it
(``B`` Black, ``W`` White, ``.`` empty; row numbers on the right, column letters below-left of
each column's lowest site, a column running up and to the right) and asserts that the drawing
is right. On the side-4 board the centre is d4, and its neighbours are e4, d5, c5, c4, d3, e3.
"""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import H_SWAPPED, H_TURN, IllegalActionError, NotationError, OptionError, State
from hexarena.games.throngs import S_BUDGET, Throngs


def hexgame(size: int, **options: object) -> Throngs:
    game = hexarena.new_game("throngs", board="hex", size=size, **options)
    assert isinstance(game, Throngs)
    return game


def picture(state: State) -> str:
    game = state.game
    assert isinstance(game, Throngs)
    return game.board.render([".BW"[v] for v in game.site_contents(state.array)])


def destinations(state: State) -> list[str]:
    """The legal dispatch destinations, as site names."""
    return sorted(t[1:] for t in state.legal_action_texts() if t.startswith("-"))


def sites(state: State) -> list[str]:
    """The sites that may be selected now."""
    return sorted(t for t in state.legal_action_texts() if not t.startswith("-"))


# ---------------------------------------------------------------- action potential
def test_potential_counts_the_site_itself() -> None:
    game = hexgame(4)
    st = game.position(["d4", "d5"], ["e4", "c4"])
    assert picture(st) == (
        "    . . . .  7\n"
        "   . . . . .  6\n"
        "  . . . B . .  5\n"
        " . . W B W . .  4\n"
        "a . . . . . .  3\n"
        " b . . . . .  2\n"
        "  c . . . .  1\n"
        "   d e f g"
    )
    arr = st.array
    # d4: Black d4 (itself) and d5, White e4 and c4: 2 - 2
    assert game.potential(arr, game.board.parse("d4"), 0) == 0
    # d5: Black d5 (itself) and d4, White e4: 2 - 1
    assert game.potential(arr, game.board.parse("d5"), 0) == 1
    # e4 for White: White e4 (itself), Black d4 and d5: 1 - 2
    assert game.potential(arr, game.board.parse("e4"), 1) == -1
    # c4 for White: White c4 (itself), Black d4: 1 - 1
    assert game.potential(arr, game.board.parse("c4"), 1) == 0
    # So d5 can be dispatched (potential 1) and d4 cannot (potential 0).
    assert st.is_legal(game.board.parse("d5"))
    assert not st.is_legal(game.board.parse("d4"))
    with pytest.raises(IllegalActionError, match="dispatch needs action potential at least 1"):
        st.apply("d4")


# ---------------------------------------------------------------- capture
def test_capture_at_potential_two() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5", "c5"], ["d4"])
    assert picture(st) == (
        "    . . . .  7\n"
        "   . . . . .  6\n"
        "  . . B B . .  5\n"
        " . . . W B . .  4\n"
        "a . . . . . .  3\n"
        " b . . . . .  2\n"
        "  c . . . .  1\n"
        "   d e f g"
    )
    # d4 for Black: e4, d5, c5 minus the White stone on d4 itself: 3 - 1 = 2
    assert game.potential(st.array, game.board.parse("d4"), 0) == 2
    assert "d4" in sites(st)
    st.apply("d4")
    assert game.stones(st.array) == (4, 0)
    assert game.site_contents(st.array)[game.board.parse("d4")] == 1
    # the capture ends the move: Black now starts the second move of the turn
    assert st.turn == 0 and st.turn_actions == [game.board.parse("d4")]
    assert not any(t.startswith("-") or t == "stop" for t in st.legal_action_texts())


def test_capture_refused_at_potential_one() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5"], ["d4"])
    assert picture(st) == (
        "    . . . .  7\n"
        "   . . . . .  6\n"
        "  . . . B . .  5\n"
        " . . . W B . .  4\n"
        "a . . . . . .  3\n"
        " b . . . . .  2\n"
        "  c . . . .  1\n"
        "   d e f g"
    )
    assert game.potential(st.array, game.board.parse("d4"), 0) == 1
    assert "d4" not in sites(st)
    before = st.copy()
    why = "capture needs action potential at least 2; d4 has 1"
    with pytest.raises(IllegalActionError, match=why):
        st.apply("d4")
    assert st == before


# ---------------------------------------------------------------- deploy
DEPLOY_PICTURE = (
    "    W . . .  7\n"
    "   . . . . .  6\n"
    "  . . B B . .  5\n"
    " . . . . B . .  4\n"
    "a . . . . . .  3\n"
    " b . . . . .  2\n"
    "  c . . . .  1\n"
    "   d e f g"
)


def test_deploy_at_potential_one_has_no_dispatch() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5", "c5"], ["a7"])
    assert picture(st) == DEPLOY_PICTURE
    # c4: its vicinity c4, d4, c5, b5, b4, c3, d3 holds one Black stone (c5)
    c4 = game.board.parse("c4")
    assert game.potential(st.array, c4, 0) == 1
    st.apply("c4")
    # potential 1 - 1 = 0 is left: no dispatch, the move is over
    assert st.turn_actions == [c4]
    assert game.site_contents(st.array)[c4] == 1
    assert all(not t.startswith("-") and t != "stop" for t in st.legal_action_texts())
    with pytest.raises(IllegalActionError):
        st.apply("stop")


def test_deploy_at_potential_three_dispatches_with_budget_two() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5", "c5"], ["a7"])
    assert picture(st) == DEPLOY_PICTURE
    d4 = game.board.parse("d4")
    assert game.potential(st.array, d4, 0) == 3
    st.apply("d4")
    assert st.array[S_BUDGET] == 2
    # Steps to the empty neighbours c4, d3, e3 (1 left), then one more step from each; jumps
    # over e4, d5 and c5 cost 2 and land on f4, d6 and b6. The start d4 is never revisited.
    assert destinations(st) == sorted(
        ["c4", "d3", "e3", "f4", "d6", "b6", "b5", "b4", "c3", "d2", "e2", "f3", "f2"]
    )
    assert "stop" in st.legal_action_texts()
    st.apply("-f4")
    assert picture(st) == (
        "    W . . .  7\n"
        "   . . . . .  6\n"
        "  . . B B . .  5\n"
        " . . . . B B .  4\n"
        "a . . . . . .  3\n"
        " b . . . . .  2\n"
        "  c . . . .  1\n"
        "   d e f g"
    )
    assert st.turn == 0  # the turn goes on with the second move
    assert game.move_text(st.turn_actions) == "d4-f4"


def test_deploy_then_stop() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5", "c5"], ["a7"])
    st.apply_move("d4-stop", complete=False)
    assert game.site_contents(st.array)[game.board.parse("d4")] == 1
    assert game.stones(st.array) == (4, 1)
    assert game.move_text(st.turn_actions) == "d4-stop"


# ---------------------------------------------------------------- dispatch paths
def test_dispatch_destinations_steps_jumps_and_budget() -> None:
    game = hexgame(3)
    st = game.position(
        ["a3", "b3", "c3", "d3", "a4", "b2"], ["b5", "c5", "c4", "c2", "d2", "e2", "e1"]
    )
    assert picture(st) == (
        "   . W W  5\n  B . W .  4\n B B B B .  3\na B W W W  2\n b . . W  1\n  c d e"
    )
    # a3's vicinity is a3, b3, a4 and b2, all Black: budget 4.
    assert game.potential(st.array, game.board.parse("a3"), 0) == 4
    st.apply("a3")
    assert st.array[S_BUDGET] == 4
    # - e3: a jump over three stones (b3, c3, d3), cost 4
    # - a5: a jump over one stone (a4), cost 2; then a step to b4 (cost 3 in all)
    # - c1: a jump over one stone (b2), cost 2; then a step to d1 (cost 3 in all)
    # - d4 is out of reach: a5, b4 then a jump over c4 costs 5, and e3 then a step costs 5
    assert destinations(st) == ["a5", "b4", "c1", "d1", "e3"]
    assert "stop" not in st.legal_action_texts()  # a dispatched stone must leave
    with pytest.raises(IllegalActionError, match="no path of cost at most 4 reaches d4"):
        st.apply("-d4")
    st.apply("-e3")
    assert game.site_contents(st.array)[game.board.parse("a3")] == 0
    assert game.site_contents(st.array)[game.board.parse("e3")] == 1


def test_dispatch_path_may_not_revisit_a_site() -> None:
    game = hexgame(3)
    st = game.position(
        ["c1", "c2", "d2", "e2", "c3", "d3", "e3", "a4", "c4", "d4", "a5", "b5"], ["d1", "b3"]
    )
    assert picture(st) == (
        "   B B .  5\n  B . B B  4\n . W B B B  3\na . B B B  2\n b B W .  1\n  c d e"
    )
    # d3 and its six neighbours are all Black: budget 7.
    st.apply("d3")
    assert st.array[S_BUDGET] == 7
    # The only way out is the jump west over c3 and b3 to a3 (cost 3); from a3 a step to b2
    # (cost 4). From b2, a jump north-east over b3 would land on b4 for a total of 6, within
    # the budget, but it crosses b3 a second time, so b4 is not a destination.
    assert destinations(st) == ["a3", "b2"]
    assert not st.is_legal(game.destination_action(game.board.parse("b4")))
    # nor may the stone come back to where it started
    assert not st.is_legal(game.destination_action(game.board.parse("d3")))


# ---------------------------------------------------------------- turns
def test_second_move_impossible_ends_the_turn() -> None:
    game = hexgame(2)
    st = game.position(["c1", "a2", "b3"], ["b1", "b2", "c2"])
    assert picture(st) == ("  . B  3\n B W W  2\na W B  1\n b c")
    # a3 (Black a2, b3 against White b2: 1) is Black's only move; afterwards the board is
    # full, and b2 has potential 4 - 3 = 1 for Black, b1 and c2 have 0: no second move.
    assert st.legal_action_texts() == ["a3"]
    st.apply("a3")
    assert st.turn == 1
    assert st.current_player == 1 and st.to_move == 1
    assert st.move_texts() == ["a3"]
    # White may capture c1 (White c2, b2, b1 against Black c1: 2)
    assert "c1" in st.legal_action_texts()


def test_a_turn_is_two_moves() -> None:
    game = hexgame(4)
    st = game.position(["e4", "d5", "c5"], ["a7"])
    st.apply_move("c4,d4-f4")
    assert st.turn == 1 and st.to_move == 1
    assert st.move_texts() == ["c4,d4-f4"]
    with pytest.raises(IllegalActionError, match="not a whole turn"):
        st.apply_move("a6")  # White's first move alone is not a turn


# ---------------------------------------------------------------- the end
def test_end_fill_and_chain_of_captures() -> None:
    game = hexgame(2)
    st = game.position(["a2", "b2"], ["b1", "c1", "a3"])
    # Black to move, on:
    #   W .  3
    #  B B .  2
    # a W W  1
    # Black has no move: a3 has potential 1 for Black (needs 2), b1 0, c1 -1; the empty c2
    # and b3 have 0; a2 has 0 and b2 has -1.
    assert st.is_terminal()
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.winner == 1 and outcome.winner_colour == "White"
    # White fills c2 and b3; then b2 (potential 5 - 2 = 3 for White) is captured, and only
    # then a2 (potential 2 - 2 = 0 before, 3 - 1 = 2 after).
    assert outcome.details == {
        "no_move": "Black",
        "filled_by": "White",
        "filled": 2,
        "captured": 2,
    }
    assert outcome.score == {"Black": 0, "White": 7}
    assert "filled 2 empty sites and captured 2 stones" in outcome.reason
    assert picture(st) == "  W W  3\n W W W  2\na W W  1\n b c"


def test_chain_of_captures_step_by_step() -> None:
    game = hexgame(2)
    # the same board just after White's fill
    st = game.position(["a2", "b2"], ["b1", "c1", "a3", "c2", "b3"], to_move="White")
    assert picture(st) == "  W W  3\n B B W  2\na W W  1\n b c"
    a2, b2 = game.board.parse("a2"), game.board.parse("b2")
    assert game.potential(st.array, a2, 1) == 0
    assert game.potential(st.array, b2, 1) == 3
    st.apply("b2")
    assert game.potential(st.array, a2, 1) == 2


def test_end_after_a_turn_when_the_opponent_has_no_move() -> None:
    game = hexgame(2)
    stones = (["a2", "b2", "c2"], ["b1", "a3"])
    assert picture(game.position(*stones)) == "  W .  3\n B B B  2\na W .  1\n b c"
    # With White to move here, White has no move: its stones a3 and b1 have potential -1 for
    # White, the empty b3 and c1 have -1, and Black's a2 has 0, b2 -1 and c2 -2 (captures
    # need 2). Black fills b3 and c1; then a3 and b1 have potential 3 - 1 = 2 for Black.
    st = game.position(*stones, to_move="White")
    assert st.is_terminal()
    assert picture(st) == "  B B  3\n B B B  2\na B B  1\n b c"
    outcome = st.outcome()
    assert outcome is not None and outcome.winner_colour == "Black"
    assert outcome.details["filled"] == 2
    assert outcome.details["captured"] == 2
    assert outcome.score == {"Black": 7, "White": 0}


# ---------------------------------------------------------------- set-up
def test_setup_and_colour_choice() -> None:
    game = hexgame(3)
    st = game.new_initial_state()
    assert st.current_player == 0 and st.to_move == -1
    assert len(st.legal_actions()) == 19
    st.apply("c3")  # the Black stone
    assert not st.is_legal(game.board.parse("c3"))
    st.apply("a3")  # the White stones
    st.apply("e3")
    assert game.stones(st.array) == (1, 2)
    assert st.turn == 1 and st.current_player == 1 and st.to_move == -1
    assert st.legal_action_texts() == ["black", "white"]
    with pytest.raises(IllegalActionError, match="chooses a colour"):
        st.apply("b2")
    chose_white = st.copy()
    st.apply("black")
    assert st.array[H_SWAPPED] == 1 and st.swapped
    assert st.turn == 2
    assert st.current_player == 1 and st.to_move == 0  # the second player now plays Black
    assert st.move_texts() == ["c3,a3,e3", "black"]
    chose_white.apply("white")
    assert chose_white.array[H_SWAPPED] == 0
    assert chose_white.current_player == 0 and chose_white.to_move == 0


def test_setup_placements_must_be_empty_sites() -> None:
    st = hexgame(3).new_initial_state()
    st.apply("c3")
    before = st.copy()
    with pytest.raises(IllegalActionError, match="empty sites"):
        st.apply("c3")
    with pytest.raises(IllegalActionError):
        st.apply("black")
    assert st == before


def test_standard_setup() -> None:
    game = hexarena.new_game("throngs", setup="standard")
    st = game.new_initial_state()
    b = game.board
    contents = game.site_contents(st.array)
    assert contents[b.index[(-2, 10)]] == 1
    assert contents[b.index[(1, 1)]] == 2 and contents[b.index[(4, 1)]] == 2
    assert game.stones(st.array) == (1, 2)
    assert st.current_player == 0 and st.to_move == 0 and st.array[H_TURN] == 0
    assert "black" not in st.legal_action_texts()
    with pytest.raises(OptionError, match="original board only"):
        hexarena.new_game("throngs", board="hex", setup="standard")


# ---------------------------------------------------------------- no stalling
def test_no_stalling_forbids_a_third_dispatch_in_a_row() -> None:
    stones = (["d4", "d5"], ["a7"])
    free = hexgame(4).position(*stones, dispatches=(2, 0))
    strict = hexgame(4, no_stalling=True).position(*stones, dispatches=(2, 0))
    # d4 (2 Black) and d5 (2 Black) could be dispatched, but not after two dispatches in a row
    assert "d4" in sites(free) and "d5" in sites(free)
    assert "d4" not in sites(strict) and "d5" not in sites(strict)
    with pytest.raises(IllegalActionError, match="no stalling"):
        strict.apply("d4")
    # deploying is still allowed, and resets the count
    assert "c4" in sites(strict)
    strict.apply("c4")
    assert "d4" in sites(strict)


def test_no_stalling_counts_moves_across_turns() -> None:
    game = hexgame(4, no_stalling=True)
    st = game.position(["d4", "d5"], ["g1"])
    st.apply_move("d4-d3,d5-d4")  # two dispatches
    st.apply_move(game.move_text(_white_turn(st)))
    assert st.to_move == 0
    assert all(game.site_contents(st.array)[game.board.parse(s)] != 1 for s in sites(st))


def _white_turn(st: State) -> list[int]:
    """Some whole turn for White (a deploy or capture first, as far as possible)."""
    s = st.copy()
    acts: list[int] = []
    while s.to_move == 1 and not s.is_terminal():
        a = s.legal_actions()[0]
        s.apply(a)
        acts.append(a)
        if s.turn_ends()[-1]:
            break
    return acts


# ---------------------------------------------------------------- notation
def test_move_text_round_trips() -> None:
    game = hexgame(4)
    for text in ("d4-f4,c4", "c4,d4-stop", "a7", "d4-d3,d5-d4", "black", "d1,d2,d3"):
        assert game.move_text(game.parse_move(text)) == text
    n = game.board.size
    assert game.parse_action("stop") == game.parse_action("-stop") == 2 * n
    assert game.parse_action("-d4") == game.destination_action(game.board.parse("d4"))
    for bad in ("d4--f4", "d4,,c4", "-zz9", "d4-", ",", "q"):
        with pytest.raises(NotationError):
            game.parse_move(bad)


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="board hex only"):
        hexarena.new_game("throngs", size=5)
    with pytest.raises(OptionError, match="board must be one of"):
        hexarena.new_game("throngs", board="square")
    with pytest.raises(OptionError, match="at most 12"):
        hexarena.new_game("throngs", board="hex", size=13)
    with pytest.raises(OptionError, match="setup must be one of"):
        hexarena.new_game("throngs", setup="random")
    assert hexarena.new_game("throngs", board="hex").board.size == 61
    game = hexgame(3)
    with pytest.raises(OptionError):
        game.position(["c3"], ["c3"])
    with pytest.raises(OptionError):
        game.position(["c3"], [], to_move="Red")
    with pytest.raises(NotationError):
        game.position(["z9"], [])
