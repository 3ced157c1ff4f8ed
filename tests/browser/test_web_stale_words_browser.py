"""Words left standing after what they answered had changed, found by a newcomer trying the app:
the new-game form's refusal, still naming an option the newcomer had already put right, and a
press of Play with nothing typed, which said nothing (or left an earlier refusal up, naming text
no longer in the box)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import start_game, wait_moves

pytestmark = pytest.mark.browser

MY_TURN = "() => document.getElementById('status').dataset.state === 'your-turn'"


def test_a_refusal_of_the_form_goes_once_the_form_is_changed(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", "churn")
    page.check("input[name=mode][value=local]")
    page.fill("#opt-sides", "3,4,3")
    page.click("#ng-start")
    page.wait_for_selector("#message:not([hidden])")
    assert "sides" in page.inner_text("#message")
    # put right, then a size the field itself refuses (the browser's own bubble, no request):
    # the page said "option sides: a hexagon has six sides" on, about a field now empty
    page.fill("#opt-sides", "")
    assert page.is_hidden("#message")
    page.fill("#opt-size", "40")
    page.click("#ng-start")
    assert page.is_hidden("#message")
    assert "/game/" not in page.url
    # the same for the import form
    page.click("#import-go")
    page.wait_for_selector("#message:not([hidden])")
    page.fill("#import-text", "[Game ")
    assert page.is_hidden("#message")


def test_play_with_nothing_typed_says_what_to_type(context: Any, server: Server) -> None:
    page = context.new_page()
    start_game(page, server, "churn", "local", {})
    page.wait_for_function(MY_TURN, timeout=300_000)
    page.fill("#type-input", "zz9")
    page.click("#type-go")
    page.wait_for_selector("#refusal:not([hidden])")
    assert page.inner_text("#refusal").startswith("zz9 is not a cell")
    for blank in ("", "   ", " , "):
        page.fill("#type-input", blank)
        page.click("#type-go")
        page.wait_for_function(
            "() => !document.getElementById('refusal').textContent.startsWith('zz9')"
        )
        said = page.inner_text("#refusal")
        example = page.get_attribute("#type-input", "placeholder")
        assert said.startswith("Type a cell"), said
        assert example is not None and example.removeprefix("e.g. ") in said
        page.fill("#type-input", "zz9")
        page.click("#type-go")
        page.wait_for_function(
            "() => document.getElementById('refusal').textContent.startsWith('zz9')"
        )
    assert page.locator("#moves li").count() == 0


def test_a_refusal_goes_once_the_game_has_changed(context: Any, server: Server) -> None:
    """A refusal answers the position it was made in: an undo or a resignation leaves it naming
    a position gone (it stood under "Game over" after a resignation, for up to 12 s)."""
    page = context.new_page()
    start_game(page, server, "churn", "local", {"size": 3})
    page.wait_for_function(MY_TURN, timeout=300_000)
    page.click('g.cell[data-name="c3"]')
    wait_moves(page, 1)
    page.fill("#type-input", "zz9")
    page.click("#type-go")
    page.wait_for_selector("#refusal:not([hidden])")
    page.click("#undo-btn")
    wait_moves(page, 0)
    assert page.is_hidden("#refusal")
    page.fill("#type-input", "zz9")
    page.click("#type-go")
    page.wait_for_selector("#refusal:not([hidden])")
    page.click("#resign-btn")  # armed: nothing has changed yet
    assert page.is_visible("#refusal")
    page.click("#resign-btn")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'over'")
    assert page.is_hidden("#refusal")
