"""A reload in the middle of a turn of several clicks loses none of them.

A turn of Throngs, Scrunch or China Grove is several clicks, sent to the server only when the
turn is whole; a reload (or a phone's browser dropping the tab) in between threw the clicks away.
The page keeps them for its tab, with the version of the game they were made in.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import IDLE, MY_TURN, new_local_game

pytestmark = pytest.mark.browser

PARTIAL = """() => [document.body.dataset.partial,
    document.getElementById('partial-text').textContent]"""


def click(page: Any, name: str) -> None:
    before = page.evaluate("() => document.body.dataset.partial")
    page.click(f"#board .cell[data-name={name}]")
    page.wait_for_function(
        "k => document.body.dataset.busy === 'no' && document.body.dataset.partial !== k",
        arg=before,
    )


def test_a_turn_half_made_survives_a_reload(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {"setup": "standard"})
    click(page, "d11")  # Black's stone on d11 is to be dispatched: the turn has begun
    assert page.evaluate(PARTIAL) == ["1", "d11"]
    page.reload()
    page.wait_for_function("() => document.body.dataset.partial === '1'")
    page.wait_for_function(IDLE)
    assert page.evaluate(PARTIAL) == ["1", "d11"]
    assert page.is_visible("#turn-build")
    assert page.locator("#board .cell.dest").count() > 0  # its destinations, as before
    # the turn goes on from there
    click(page, "d10")
    assert page.evaluate("() => document.body.dataset.partial") == "2"


def test_a_half_made_turn_of_an_older_position_is_dropped(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {"setup": "standard"})
    click(page, "d11")
    # the game moves on in another tab of this seat; then this tab is reloaded
    other = context.new_page()
    other.goto(page.url)
    other.wait_for_function(MY_TURN)
    click(other, "d11")
    click(other, "d10")
    other.locator("#board .cell.legal").first.click()
    other.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.reload()
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.wait_for_function(IDLE)
    assert page.evaluate(PARTIAL)[0] == "0"
    assert not page.is_visible("#turn-build")
