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


def test_the_page_of_no_game_answers_404(context: Any, server: Server) -> None:
    page = context.new_page()
    assert page.goto(f"{server.url}/game/nonsense").status == 404
    page.wait_for_function("() => document.getElementById('g-title').textContent !== ''")
    assert page.inner_text("#g-title") == "No such game"


@pytest.mark.parametrize("path", ["/rules/chess", "/learn/chess", "/rules/Churn"])
def test_the_rules_of_no_game_say_so_with_the_games(
    context: Any, server: Server, path: str
) -> None:
    # /rules/Churn (a capital letter) showed an empty page: its script read no game name in it
    page = context.new_page()
    assert page.goto(server.url + path).status == 404
    # the title reads "Loading…" until the page has heard from the server
    page.wait_for_function(
        "() => !['', 'Loading…'].includes(document.getElementById('t-title').textContent)"
    )
    assert page.inner_text("#t-title") == "Not found"
    assert "there is no game" in page.inner_text("#t-summary")
    page.wait_for_selector("#teach-games a[href$='/churn']")  # the way to a real game's page
    assert page.is_visible("header a[href='/']")


def test_an_address_of_no_page_says_so_with_a_way_back(context: Any, server: Server) -> None:
    page = context.new_page()
    assert page.goto(f"{server.url}/gmae/abc").status == 404
    assert "There is no page at /gmae/abc here." in page.inner_text("main")
    page.click("main a.button.primary")
    page.wait_for_url(f"{server.url}/")
