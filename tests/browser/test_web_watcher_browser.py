"""Someone watching a game (a spectators' link, or an invitation already used) sees the game and
its moves, and none of the controls of a seat: no Hint, Undo or Resign, no field to type a move.

The Hint button stayed on a watcher's page, greyed out, beside the seat's buttons it had hidden.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import MY_TURN, new_local_game

pytestmark = pytest.mark.browser

SEAT_CONTROLS = ("#hint-btn", "#undo-btn", "#resign-btn", "#type-form")


def test_a_watcher_sees_no_controls_of_a_seat(browser: Any, context: Any, server: Server) -> None:
    player = context.new_page()
    gid = new_local_game(player, server, "churn", {})
    player.wait_for_function(MY_TURN)
    for control in SEAT_CONTROLS:
        assert player.is_visible(control), control
    other = browser.new_context(viewport={"width": 1300, "height": 860})
    try:
        watcher = other.new_page()
        watcher.goto(f"{server.url}/game/{gid}")
        watcher.wait_for_function(
            "() => document.getElementById('status').dataset.state === 'watching'"
        )
        for control in SEAT_CONTROLS:
            assert watcher.is_hidden(control), control
        assert watcher.is_visible("#export-link") and watcher.is_visible("#moves-panel")
    finally:
        other.close()
