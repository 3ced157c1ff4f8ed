"""The drawing hook the web app relies on: ``Game.cell_view``, given by every game."""

from __future__ import annotations

import random

import pytest

from hexarena.games import game_names, new_game
from tests.conftest import SMALL_OPTIONS


@pytest.mark.parametrize("name", game_names())
def test_every_game_gives_one_code_per_cell(name: str) -> None:
    game = new_game(name, **SMALL_OPTIONS.get(name, {}))
    state = game.new_initial_state()
    rng = random.Random(3)
    initials = {c[0].upper() for c in game.colours}
    for _ in range(12):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    codes = game.cell_view(state.array)
    assert len(codes) == game.board.size
    assert all(isinstance(c, str) and c for c in codes)
    assert any(c[0] in initials for c in codes), "a dozen actions put some stone on the board"


def test_churn_codes_match_its_stones() -> None:
    game = new_game("churn", size=3)
    state = game.new_initial_state()
    for move in ("c3", "swap", "b2", "d4", "e1"):
        state.apply(move)
    colours = game.cell_colours(state.array)  # type: ignore[attr-defined]
    assert game.cell_view(state.array) == [".RB"[v] for v in colours]


def test_throngs_codes_match_its_stones() -> None:
    game = new_game("throngs", setup="standard")
    state = game.new_initial_state()
    contents = game.site_contents(state.array)  # type: ignore[attr-defined]
    assert game.cell_view(state.array) == [".BW"[v] for v in contents]
    assert sorted(c for c in game.cell_view(state.array) if c != ".") == ["B", "W", "W"]
