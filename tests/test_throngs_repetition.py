"""Throngs' repetition rule (NOTES.md, "Repetition"): when a position comes for the third time at
the start of a turn, the player to move has no move and the sheet's ending follows; option
``repetition`` (``third``, the default, or ``off``).

A position is the stones on the board, the colour to move and, with ``no_stalling``, both
colours' counts of dispatches in a row. Tested on a cycle built by hand, on the cycles random
play finds (with and without ``no_stalling``), through undo, records, playouts and search.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_PLAYER, H_REASON, H_TURN, OptionError, State
from hexarena.games.throngs import (
    G_NB,
    NWBLOCKS,
    REASON_REPETITION,
    S_STALL,
    Throngs,
    words_offset,
)
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng
from hexarena.selfplay import game_seed, random_game

from .test_throngs_properties import CYCLE_BLACK, CYCLE_WHITE


def hexgame(size: int, **options: object) -> Throngs:
    game = hexarena.new_game("throngs", board="hex", size=size, **options)
    assert isinstance(game, Throngs)
    return game


def picture(state: State) -> str:
    game = state.game
    assert isinstance(game, Throngs)
    return game.board.render([".BW"[v] for v in game.site_contents(state.array)])


# Side 2: Black a2 and White c2, each stepping out and back in its turn:
#   . .  3
#  B . W  2
# a . .  1
#  b c
ROUND = ("a2-a3,a3-a2", "c2-c1,c1-c2")


def test_hand_built_cycle_ends_at_the_third_occurrence() -> None:
    game = hexgame(2)
    st = game.position(["a2"], ["c2"])
    assert picture(st) == "  . .  3\n B . W  2\na . .  1\n b c"
    # a2 (Black a2 alone in its vicinity) and c2 (White) have potential 1: one step each.
    # Every turn starts with these stones; with Black to move that is position P, with White
    # to move Q (the colour to move is part of the position, so the stones alone coming a
    # third time at the start of turn 3 do not end the game).
    # Starts of turns: P (1st time), Q (1st), P (2nd), Q (2nd) ...
    for turn in range(4):
        assert not st.is_terminal()
        st.apply_move(ROUND[turn % 2])
    # ... and P a third time: Black has no move. White fills the five empty sites; then a2
    # (White b2, a3, b1 against Black a2: 2) is captured.
    assert st.is_terminal()
    assert st.array[H_REASON] == REASON_REPETITION
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.winner_colour == "White" and outcome.score == {"Black": 0, "White": 7}
    assert outcome.details == {
        "no_move": "Black",
        "filled_by": "White",
        "filled": 5,
        "captured": 1,
        "repetition": True,
    }
    assert outcome.reason.startswith("the position came a third time with Black to move")
    assert picture(st) == "  W W  3\n W W W  2\na W W  1\n b c"


def test_repetition_off_is_the_sheet_as_written() -> None:
    game = hexgame(2, repetition="off")
    st = game.position(["a2"], ["c2"])
    for turn in range(40):
        st.apply_move(ROUND[turn % 2])
    assert not st.is_terminal()
    assert st.turn == 40


def test_a_deploy_makes_a_new_position() -> None:
    game = hexgame(3)
    st = game.position(["a3"], ["e3"])
    # Black a3 and White e3 (corners of the side-3 board, potential 1 each) step out and
    # back: Black's position comes twice; then Black deploys instead.
    st.apply_move("a3-a4,a4-a3")
    st.apply_move("e3-e2,e2-e3")
    st.apply_move("a4,a4-a5")  # deploy a4 (potential 1), then a4 (now 2) steps on to a5
    assert picture(st) == (
        "   B . .  5\n  . . . .  4\n B . . . W  3\na . . . .  2\n b . . .  1\n  c d e"
    )
    for turn in range(4):
        st.apply_move(("e3-e2,e2-e3", "a5-b5,b5-a5")[turn % 2])
    # White's position with three stones comes a third time (the two-stone ones are gone
    # for good: the number of stones never goes down)
    assert st.is_terminal() and st.array[H_REASON] == REASON_REPETITION
    assert st.outcome().details["no_move"] == "White"  # type: ignore[union-attr]


def test_no_stalling_counts_are_part_of_the_position() -> None:
    # With no_stalling, the random-play cycle of captures and dispatches (from the property
    # tests): the counts stay (1, 1) at the start of each turn, so the position repeats every
    # two turns; the third time White is to move, after four turns, White has no move.
    game = hexarena.new_game("throngs", no_stalling=True)
    assert isinstance(game, Throngs)
    st = game.position(CYCLE_BLACK, CYCLE_WHITE, to_move="White", dispatches=(1, 1))
    for turn in range(4):
        assert not st.is_terminal()
        assert list(st.array[S_STALL : S_STALL + 2]) == [1, 1]
        mover = ("j4", "e4") if turn % 2 == 0 else ("e4", "j4")
        assert st.legal_action_texts() == [mover[0]]
        st.apply_move(f"{mover[0]},{mover[0]}-{mover[1]}")
    assert st.is_terminal() and st.array[H_REASON] == REASON_REPETITION
    outcome = st.outcome()
    assert outcome is not None and outcome.details["no_move"] == "White"
    assert outcome.details["filled_by"] == "Black" and outcome.details["filled"] == 1
    # With other counts the same stones are another position: from (0, 1) the first two
    # turns start with counts (0, 1), then every turn with (1, 1): two turns more.
    st = game.position(CYCLE_BLACK, CYCLE_WHITE, to_move="White", dispatches=(0, 1))
    turns = 0
    while not st.is_terminal():
        mover = ("j4", "e4") if turns % 2 == 0 else ("e4", "j4")
        st.apply_move(f"{mover[0]},{mover[0]}-{mover[1]}")
        turns += 1
    assert st.array[H_REASON] == REASON_REPETITION
    assert turns == 6


def test_undo_is_exact() -> None:
    game = hexgame(2)
    st = game.position(["a2"], ["c2"])
    arrays = [st.array.copy()]
    for turn in range(4):
        st.apply_move(ROUND[turn % 2])
        arrays.append(st.array.copy())
    assert st.is_terminal()
    for back in range(4):
        st.undo_move()
        assert np.array_equal(st.array, arrays[3 - back])
    for turn in range(4):
        st.apply_move(ROUND[turn % 2])
        assert np.array_equal(st.array, arrays[turn + 1])
    # going back one turn, White deploys at c1 (potential 1) instead: a new position, with
    # three stones (going round b3 instead would give the same position again)
    st.undo_move()
    st.apply_move("c1", complete=False)
    assert not st.is_terminal()


def test_records_show_the_repetition() -> None:
    game = hexgame(2)
    st = game.new_initial_state()
    st.apply_move("a2,c2,b3")  # Black a2, White c2 and b3
    st.apply_move("white")
    # Black a2 (1) steps to b1 and back; White c2 (2) to c1 (then 1) and back
    for turn in range(4):
        st.apply_move(("a2-b1,b1-a2", "c2-c1,c1-c2")[turn % 2])
    assert st.is_terminal() and st.array[H_REASON] == REASON_REPETITION
    text = write_record(st, players=("a", "b"))
    assert '[Termination "the position came a third time with Black to move' in text
    assert '[repetition "third"]' in text
    back = read_record(text)
    assert back.state == st
    # the same moves with repetition off: the game goes on
    off_game = hexarena.new_game("throngs", board="hex", size=2, repetition="off")
    st2 = off_game.new_initial_state()
    st2.apply_actions(st.history)
    assert not st2.is_terminal()


def test_a_record_from_before_the_rule_loads_with_the_default_rule() -> None:
    # records written before the option existed have no repetition tag: they load with the
    # default (third), and a game that reached a third repetition ends there as it would now
    game = hexgame(2)
    st = game.new_initial_state()
    st.apply_move("a2,c2,b3")
    st.apply_move("white")
    for turn in range(3):
        st.apply_move(("a2-b1,b1-a2", "c2-c1,c1-c2")[turn % 2])
    old = write_record(st, players=("a", "b")).replace('[repetition "third"]\n', "")
    assert "repetition" not in old
    back = read_record(old)
    assert back.state.game.options["repetition"] == "third"
    assert back.state == st
    back.state.apply_move("c2-c1,c1-c2")
    assert back.state.is_terminal() and back.state.array[H_REASON] == REASON_REPETITION


def test_option_is_checked() -> None:
    with pytest.raises(OptionError, match="repetition must be one of"):
        hexarena.new_game("throngs", repetition="fourth")
    assert hexarena.new_game("throngs").options["repetition"] == "third"


# ---------------------------------------------------------------- random play
#: Self-play games (seed 0, index) on the original board that go round a cycle for ever with
#: repetition off: (no_stalling, index). Without no_stalling 3 of the first 4,562 games do
#: (3213, 3227 and 4561), with it 1 of the first 6,000 (169).
LOOPING = ((False, 3213), (True, 169))


@pytest.mark.parametrize(("no_stalling", "index"), LOOPING)
def test_random_play_cycles_end(no_stalling: bool, index: int) -> None:
    seed = game_seed(0, index)
    off = hexarena.new_game("throngs", no_stalling=no_stalling, repetition="off")
    arr_off, acts_off = random_game(off, seed, keep_actions=True, cap=20_000)
    assert arr_off[H_PLAYER] >= 0  # still going after 20,000 actions
    assert acts_off is not None
    game = hexarena.new_game("throngs", no_stalling=no_stalling)
    arr, acts = random_game(game, seed, keep_actions=True, cap=20_000)
    assert acts is not None
    assert arr[H_PLAYER] == -1 and arr[H_REASON] == REASON_REPETITION
    # the same game up to the end the rule puts to it
    assert np.array_equal(acts, acts_off[: len(acts)])
    st = game.new_initial_state()
    st.apply_actions(acts)
    assert np.array_equal(st.array, arr)
    # the last four turns went twice round a cycle of two turns, three actions each: a
    # capture and a dispatch of the capturing stone
    tail = [game.action_text(int(a)) for a in acts[-12:]]
    assert tail[:6] == tail[6:]
    assert tail[0] == tail[1] and tail[2].startswith("-") and tail[3] == tail[4]
    assert int(arr[H_TURN]) == int(st.array[H_TURN])


@settings(max_examples=20)
@given(
    seed=st.integers(0, 10**6),
    stop=st.integers(1, 600),
    board=st.sampled_from(["original", "large"]),
)
def test_kept_hash_is_that_of_the_stones(seed: int, stop: int, board: str) -> None:
    """After any number of random actions the kept hash is the exclusive or of the keys of
    the stones on the board (the keys are the last ``2 n + 8`` words of the constant table)."""
    game = hexarena.new_game("throngs", board=board)
    assert isinstance(game, Throngs)
    n = game.board.size
    arr = game.initial_array()
    game.kernels.playout(game.consts, arr, make_rng(seed), np.empty(0, np.int32), stop)
    keys = game.consts[-2 * (2 * n + 8) :].view(np.uint64)
    want = np.uint64(0)
    for x, v in enumerate(game.site_contents(arr)):
        if v:
            want ^= keys[2 * x + v - 1]
    nw = int(game.consts[G_NB + 6 * n])
    words = arr[words_offset(n) :].view(np.uint64)
    assert words[NWBLOCKS * nw] == want


def test_playouts_and_search_end_the_cycle() -> None:
    from hexarena.ai import make_player
    from hexarena.ai.base import Limit

    game = hexarena.new_game("throngs", no_stalling=True)
    assert isinstance(game, Throngs)
    st = game.position(CYCLE_BLACK, CYCLE_WHITE, to_move="White", dispatches=(1, 1))
    arr = st.array.copy()
    out = np.empty(100, np.int32)
    n = int(game.kernels.playout(game.consts, arr, make_rng(1), out, 100))
    assert n == 12 and arr[H_PLAYER] == -1 and arr[H_REASON] == REASON_REPETITION
    # the search plays through the ending the rule puts to the cycle (and proves it)
    player = make_player("uct", seed=1)
    assert game.action_text(player.choose(st, Limit(iterations=50))) == "j4"


def test_web_app_offers_the_option() -> None:
    specs = {o.name: o.describe() for o in Throngs.option_specs}
    assert specs["repetition"]["default"] == "third"
    assert list(specs["repetition"]["choices"]) == ["third", "off"]
