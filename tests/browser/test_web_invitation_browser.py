"""An invitation opened after its seat was taken: the page says so at once, to each reader.

A stranger opening a used invitation was offered "Take the seat", only to be told "that link has
already been used" on pressing it; the player who had used it, opening it again in a new tab,
was told "This is the invitation for your opponent: send it to them."
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import start_game, status

pytestmark = pytest.mark.browser

SHOWN = "() => document.getElementById('status').dataset.state !== ''"


def message(page: Any) -> str:
    return str(page.inner_text("#message")) if page.is_visible("#message") else ""


def test_a_used_invitation_says_so_before_any_press(browser: Any, server: Server) -> None:
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(3)]
    try:
        for c in ctx:
            c.set_default_timeout(120_000)
        alice, bob, mallory = (c.new_page() for c in ctx)
        start_game(alice, server, "churn", "online", {"size": 3})
        invitation = alice.locator(".share-link").nth(0).input_value()
        bob.goto(invitation)
        bob.wait_for_selector("#join", state="visible")
        bob.click("#join-btn")
        bob.wait_for_function("() => document.getElementById('status').dataset.state === 'waiting'")
        # a stranger with the used invitation: told at once, and offered no seat
        mallory.goto(invitation)
        mallory.wait_for_function("() => !document.getElementById('message').hidden")
        assert "already been used" in message(mallory)
        assert not mallory.is_visible("#join")
        assert status(mallory) == "watching"
        # Bob opens it again in a new tab: his seat, and no word of sending it to an opponent
        again = ctx[1].new_page()
        again.goto(invitation)
        again.wait_for_function(SHOWN)
        assert status(again) == "waiting"
        assert "send it to them" not in message(again)
        # Alice opening her own invitation while the seat was open was told to send it on: still
        # so while it is open (checked with a new game)
        start_game(alice, server, "churn", "online", {"size": 3})
        mine = alice.locator(".share-link").nth(0).input_value()
        own = ctx[0].new_page()
        own.goto(mine)
        own.wait_for_function("() => !document.getElementById('message').hidden")
        assert "send it to them" in message(own)
    finally:
        for c in ctx:
            c.close()


def test_the_creators_page_drops_the_invitation_once_it_is_used(
    browser: Any, server: Server
) -> None:
    """The creator's page kept showing "Invitation (send it to your opponent; it works once)"
    after the opponent had taken the seat, however long it stayed open: a link that could only
    tell its next reader it was used. It goes when the seat is taken, and the page says who
    took it."""
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(2)]
    try:
        for c in ctx:
            c.set_default_timeout(120_000)
        alice, bob = (c.new_page() for c in ctx)
        start_game(alice, server, "churn", "online", {"size": 3})
        assert "Invitation" in alice.inner_text("#share")
        invitation = alice.locator(".share-link").nth(0).input_value()
        bob.goto(invitation)
        bob.wait_for_selector("#join", state="visible")
        bob.fill("#join-name", "Bob")
        bob.click("#join-btn")
        alice.wait_for_function(
            "() => !document.getElementById('share').innerText.includes('Invitation')"
        )
        assert alice.locator(".share-link").count() == 1  # the spectators' link stays
        assert invitation not in [
            alice.locator(".share-link").nth(k).input_value()
            for k in range(alice.locator(".share-link").count())
        ]
        assert alice.locator("#invite-btn").count() == 0
        assert "Bob" in alice.inner_text("#players")
    finally:
        for c in ctx:
            c.close()
