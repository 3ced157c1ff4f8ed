"""The header's "How to play" leads to the rules of the game in hand.

It led to Churn's rules from every page: from a game of Throngs, and from the new-game form
with Gyre chosen.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game

pytestmark = pytest.mark.browser


def test_how_to_play_follows_the_game_chosen_and_the_game_played(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", "gyre")
    assert page.get_attribute("#howto-link", "href") == "/rules/gyre"
    page.goto(server.url + "/?game=scrunch")
    page.wait_for_selector("#ng-game option", state="attached")
    page.wait_for_function("() => document.getElementById('ng-game').value === 'scrunch'")
    assert page.get_attribute("#howto-link", "href") == "/rules/scrunch"
    new_local_game(page, server, "throngs", {"setup": "standard"})
    assert page.get_attribute("#howto-link", "href") == "/rules/throngs"
    page.click("#howto-link")
    page.wait_for_url("**/rules/throngs")
