"""A game page leaves nothing in the browser's console: no failed request, no error.

The page asked for the swap map of every game, and a game whose options no stored report has
(any board but the published ones) answered 404, which the browser logs as an error. The view
of a game says whether a map exists, and the page asks for it only then.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game

pytestmark = pytest.mark.browser

#: Options of each game that no published report has (and the defaults, which one has).
NO_MAP = {
    "churn": {"size": 4},
    "gyre": {"size": 5},
    "throngs": {"setup": "standard"},
    "scrunch": {"size": 4},
    "china-grove": {"board_seed": 2},
}


def watched(page: Any) -> list[str]:
    """What the page logs as an error, and every request answered with a failure."""
    seen: list[str] = []
    page.on(
        "console",
        lambda m: seen.append(f"console {m.type}: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: seen.append(f"page error: {e}"))
    page.on(
        "response",
        lambda r: seen.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    return seen


def settled(page: Any) -> None:
    """Wait until the game page has asked for everything it asks for when it opens."""
    page.wait_for_function("() => document.body.dataset.live === 'yes'")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("game", sorted(NO_MAP))
def test_a_game_page_logs_no_error(context: Any, server: Server, game: str) -> None:
    page = context.new_page()
    new_local_game(page, server, game, NO_MAP[game])  # a board without a swap map
    seen = watched(page)
    page.reload()
    settled(page)
    assert page.is_hidden("#swapmap-wrap")
    new_local_game(page, server, game, {})  # the default board: its map is shown
    settled(page)
    page.wait_for_selector("#swapmap-wrap", state="visible")
    assert seen == []
