"""A seat link of the old form (``#token=...``) that does not belong to the game costs the
browser nothing: its seat, held by the seat cookie, stays its own.

The page kept whatever token such a link carried and sent it before the cookie on every
request, so one stale or mistyped link turned the seat's own browser into a watcher of its game,
for good ("This browser's seat token does not belong to this game: you are watching").
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import MY_TURN, new_local_game

pytestmark = pytest.mark.browser

STATE = "() => document.getElementById('status').dataset.state"


def test_a_wrong_token_link_does_not_take_the_seat_away(context: Any, server: Server) -> None:
    page = context.new_page()
    gid = new_local_game(page, server, "churn", {})
    page.wait_for_function(MY_TURN)
    page = context.new_page()  # the link opened in a new tab of the seat's browser
    page.goto(f"{server.url}/game/{gid}#token=notthisgamestoken")
    page.wait_for_function("() => document.body.dataset.live === 'yes'")
    assert page.evaluate(STATE) == "your-turn"
    assert page.evaluate(f"() => localStorage.getItem('hexarena-token-{gid}')") is None
    page.click("#board .cell[data-name=c1]")  # and the seat plays
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.reload()
    page.wait_for_function(MY_TURN)


def test_a_wrong_token_link_of_a_watcher_says_so(
    browser: Any, context: Any, server: Server
) -> None:
    page = context.new_page()
    gid = new_local_game(page, server, "churn", {})
    other = browser.new_context(viewport={"width": 1300, "height": 860})
    try:
        watcher = other.new_page()
        watcher.goto(f"{server.url}/game/{gid}#token=notthisgamestoken")
        watcher.wait_for_function("() => !document.getElementById('message').hidden")
        assert "does not belong to this game" in watcher.inner_text("#message")
        assert watcher.evaluate(STATE) == "watching"
    finally:
        other.close()
