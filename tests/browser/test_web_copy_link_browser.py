"""Each link a player hands on has a Copy button.

Starting a game against a person elsewhere, a newcomer on a phone found the invitation in a
read-only field too narrow to show it, and copying it meant selecting text in that field by
hand. Every link of the game page (the invitation, the spectators' link, the link for another
device) and the seat link of my games now has a button that copies it and says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import start_game

pytestmark = pytest.mark.browser

CLIPBOARD = "() => navigator.clipboard.readText()"


@pytest.mark.parametrize("width", [1300, 390])
def test_the_links_of_a_game_are_copied_with_a_button(
    browser: Any, server: Server, width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 500)
    ctx.set_default_timeout(120_000)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    try:
        page = ctx.new_page()
        start_game(page, server, "churn", "online", {"size": 3})
        fields = page.locator("#share-links .share-link")
        assert fields.count() == 2  # the invitation and the spectators' link
        for k in range(2):
            link = fields.nth(k).input_value()
            button = page.locator("#share-links .copy-link").nth(k)
            assert button.inner_text() == "Copy"
            button.click()
            page.wait_for_function("(b) => b.textContent === 'Copied'", arg=button.element_handle())
            assert page.evaluate(CLIPBOARD) == link
        page.click("#device-btn")  # the link for another device, made on asking
        page.wait_for_function(
            "() => document.querySelectorAll('#share-links .share-link').length === 3"
        )
        device = fields.nth(2).input_value()
        assert "#device=" in device
        page.locator("#share-links .copy-link").nth(2).click()
        page.wait_for_function(
            "() => document.querySelectorAll('.copy-link')[2].textContent === 'Copied'"
        )
        assert page.evaluate(CLIPBOARD) == device
        # my games: the seat link, once asked for, copied the same way
        page.goto(server.url + "/")
        page.click("#mygames details summary")
        page.wait_for_function(
            "() => document.querySelector('#mygames .seat-link').value.includes('#device=')"
        )
        seat = page.input_value("#mygames .seat-link")
        page.click("#mygames .copy-link")
        page.wait_for_function(
            "() => document.querySelector('#mygames .copy-link').textContent === 'Copied'"
        )
        assert page.evaluate(CLIPBOARD) == seat
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        ctx.close()
