"""The move field's example: a legal turn of the position shown, in the game's own notation."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")  # hexarena.web imports the web app

from hexarena.games import new_game
from hexarena.web.views import move_example
from tests.conftest import SMALL_OPTIONS


@pytest.mark.parametrize("name", sorted(SMALL_OPTIONS))
def test_the_example_is_a_whole_legal_turn_of_the_position(name: str) -> None:
    game = new_game(name, **SMALL_OPTIONS[name])
    state = game.new_initial_state()
    for _ in range(3):  # the first turns, then a few more into the game
        text = move_example(game, state)
        assert text
        actions = game.parse_move(text)
        turn = state.turn
        trial = state.copy()
        for a in actions:
            assert a in trial.legal_actions(), (name, text)
            trial.apply(a)
        assert trial.turn > turn or trial.is_terminal(), (name, text)  # the whole turn
        state = trial
        if state.is_terminal():
            break


def test_a_game_over_has_no_example() -> None:
    game = new_game("churn", size=3)
    state = game.new_initial_state()
    state.resign(0)
    assert move_example(game, state) == ""


def test_the_example_set_up_of_throngs_does_not_lose_at_once() -> None:
    # the example was "i6,j6,h6": Black between the two White stones, with no site of potential
    # 1 or more; a newcomer who typed it lost at the colour choice that followed (White took
    # the game, 93 to 0, before Black had moved)
    game = new_game("throngs")
    state = game.new_initial_state()
    text = move_example(game, state)
    cells = game.parse_move(text)
    assert len(cells) == 3, text
    board = game.board
    assert all(board.distance(a, b) > 1 for a in cells for b in cells if a != b), text
    for colour in ("black", "white"):
        trial = state.copy()
        for a in cells:
            trial.apply(a)
        trial.apply(colour)
        assert not trial.is_terminal(), (text, colour)
