"""A link to a game that does not exist (mistyped, or from another server) says so and offers a
new game, without an empty board and the buttons and move list of a game that is not there."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def test_a_link_to_no_game_shows_no_game_controls(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/game/nonsense")
    page.wait_for_function("() => document.getElementById('g-title').textContent !== ''")
    assert page.inner_text("#g-title") == "No such game"
    assert "there is no game 'nonsense'" in page.inner_text("#status")
    game_only = ("#board", "#hint-btn", "#undo-btn", "#resign-btn", "#export-link", "#moves-panel")
    for hidden in game_only:
        assert not page.is_visible(hidden), hidden
    assert page.is_visible("#gameview a.button[href='/']")  # New game
