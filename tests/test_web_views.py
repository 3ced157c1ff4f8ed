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


def test_the_game_page_position_is_the_rules_drawing_plus_the_seats() -> None:
    # one way of drawing a position (web.teaching.position_json) serves both the rules pages and
    # the game page, which adds who acts, the ply, the turn so far and the seats' colours
    from hexarena.web.teaching import position_json
    from hexarena.web.views import position

    game = new_game("churn", size=2)
    state = game.new_initial_state()
    for move in ("b1", "swap"):
        state.apply(move)
    page, drawing = position(game, state), position_json(game, state)
    assert {k: v for k, v in page.items() if k in drawing} == drawing
    assert page["to_act"] == 0 and page["ply"] == 2 and page["seat_colours"] == [1, 0]
    assert page["legal"] == [a for a in state.legal_actions() if a < game.board.size]
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    page, drawing = position(game, state), position_json(game, state)
    assert page["to_act_name"] == "nobody (the game is over)" and drawing["to_act_name"] == ""
    assert page["legal"] == drawing["legal"] == [] and page["to_act"] == -1


def test_short_tags_says_what_a_long_board_is() -> None:
    """A stored board (China Grove's cells, listed in its record) is shown by its number of
    cells, in words a newcomer reads, not as '(stored)'; short tags are shown as they are."""
    from hexarena.web.views import short_tags

    tags = {"mode": "pattern", "board": " ".join(f"a{i}" for i in range(1, 63))}
    assert short_tags(tags) == {"mode": "pattern", "board": "62 cells"}
    long_other = {"note": "x" * 30}
    assert short_tags(long_other) == {"note": "x" * 21 + "..."}
