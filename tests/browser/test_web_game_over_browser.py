"""The end of a game says who won in the words of the one reading it.

A person who had just beaten the computer read "Game over: Red (player 1) wins", and had to
look up which colour and which player they were; a lost game said the same of the computer. A
person holding one seat now reads "you win" or who beat them (the computer at its level, or the
other person by name), with the colour and player beside it; two players on one screen and
watchers read the colour, as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

OVER = "() => document.getElementById('status').dataset.state === 'over'"


def create(page: Any, server: Server, body: dict[str, Any]) -> dict[str, Any]:
    """A game made through the API from this page's browser (which then holds its seat)."""
    page.goto(server.url + "/rules/churn")
    made: dict[str, Any] = page.evaluate(
        """async (body) => {
            const r = await fetch('/api/games', {method: 'POST',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            return r.json();
        }""",
        body,
    )
    return made


def call(page: Any, path: str, body: dict[str, Any]) -> Any:
    """POST ``body`` to ``path`` from this page (its seat cookie goes with it)."""
    return page.evaluate(
        """async ([path, body]) => {
            const r = await fetch(path, {method: 'POST',
                headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            return [r.status, await r.json()];
        }""",
        [path, body],
    )


def test_a_lost_game_against_the_computer_says_the_computer_won(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    g = create(
        page,
        server,
        {"game": "churn", "options": {"size": 3}, "mode": "computer", "level": "random", "seat": 0},
    )
    page.goto(f"{server.url}/game/{g['id']}")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    page.click("#resign-btn")
    page.click("#resign-btn")  # pressed again to confirm
    page.wait_for_function(OVER)
    said = page.inner_text("#status")
    assert said.startswith("Game over: the computer (random) wins"), said
    assert "(Blue, player 2)" in said
    heading = page.inner_text("#go-winner")
    assert heading == "The computer (random) wins (Blue, player 2)", heading


def test_a_won_game_says_you_win_and_the_loser_reads_who_won(browser: Any, server: Server) -> None:
    ctx = [browser.new_context(viewport={"width": w, "height": 844}) for w in (1300, 390)]
    try:
        alice, bob = (c.new_page() for c in ctx)
        g = create(
            alice,
            server,
            {"game": "churn", "options": {"size": 3}, "mode": "online", "name": "Alice"},
        )
        code = g["links"]["invite"].split("#invite=")[1]
        bob.goto(server.url + "/rules/churn")
        status, _ = call(bob, f"/api/games/{g['id']}/claim", {"code": code, "name": "Bob"})
        assert status == 200
        for page in (alice, bob):
            page.goto(f"{server.url}/game/{g['id']}")
            page.wait_for_function("() => document.body.dataset.live === 'yes'")
        status, _ = call(bob, f"/api/games/{g['id']}/resign", {"version": 1})
        assert status == 200
        for page in (alice, bob):
            page.wait_for_function(OVER)
        won, lost = alice.inner_text("#status"), bob.inner_text("#status")
        assert won.startswith("Game over: you win") and "(Red, player 1)" in won, won
        # the record's result token (1-0) is not in the heading: a newcomer read it as the score
        assert alice.inner_text("#go-winner") == "You win (Red, player 1)"
        assert lost.startswith("Game over: Alice wins") and "(Red, player 1)" in lost, lost
    finally:
        for c in ctx:
            c.close()


def test_a_game_on_one_screen_names_the_winning_colour(context: Any, server: Server) -> None:
    page = context.new_page()
    g = create(page, server, {"game": "churn", "options": {"size": 3}, "mode": "local"})
    page.goto(f"{server.url}/game/{g['id']}")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    page.click("#resign-btn")
    page.click("#resign-btn")
    page.wait_for_function(OVER)
    assert page.inner_text("#status") == "Game over: Blue (player 2) wins"
