""" "My games" on the front page says where each game stands now, not as this browser last saw it.

It said whose turn it was as the game page had last shown it: a game in which the other person
had moved since still said "their turn", with the turns of then, and kept saying so on a page
left open. The page now asks the server where the listed games stand, in one request, when it
opens and while it stays open.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import start_game, wait_moves

pytestmark = pytest.mark.browser

ROW = "#mygames li.mygame"
MY_TURN = "() => document.getElementById('status').dataset.state === 'your-turn'"


@pytest.fixture
def two_people(browser: Any) -> Iterator[list[Any]]:
    """Two browsers of their own (two people), closed after the test."""
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(2)]
    for c in ctx:
        c.set_default_timeout(120_000)
    yield ctx
    for c in ctx:
        c.close()


def row_says(page: Any, *words: str) -> None:
    """Wait until the only row of my games holds every one of ``words``."""
    page.wait_for_function(
        """(words) => {
            const row = document.querySelector('#mygames li.mygame');
            return row && words.every((w) => row.innerText.includes(w));
        }""",
        arg=list(words),
    )


def play_typed(page: Any, turns: int) -> None:
    """Play the move the move field offers as its example, then wait for turn ``turns``."""
    page.fill("#type-input", page.get_attribute("#type-input", "placeholder")[5:])
    page.click("#type-go")
    wait_moves(page, turns)


def test_my_games_say_whose_turn_it_is_now(two_people: list[Any], server: Server) -> None:
    ctx = two_people
    alice, bob = (c.new_page() for c in ctx)
    start_game(alice, server, "churn", "online", {"size": 3})
    invitation = alice.locator(".share-link").nth(0).input_value()
    play_typed(alice, 1)  # Alice's page last saw Bob to move
    alice.goto("about:blank")  # and is closed: it hears nothing of what follows
    bob.goto(invitation)
    bob.wait_for_selector("#join", state="visible")
    bob.fill("#join-name", "Bob")
    bob.click("#join-btn")
    bob.wait_for_function(MY_TURN)
    play_typed(bob, 2)
    # Alice opens the front page: her turn, two turns, against the person who joined
    alice.goto(server.url + "/")
    alice.wait_for_selector(ROW)
    row_says(alice, "your turn", "2 turns", "against Bob")
    said = alice.inner_text(ROW)
    assert "their turn" not in said and "invitation not yet taken" not in said
    # the page left open follows the game: Alice plays in another tab, then Bob again
    tab = ctx[0].new_page()
    tab.goto(server.url + (alice.locator(f"{ROW} a").first.get_attribute("href") or ""))
    tab.wait_for_function(MY_TURN)
    play_typed(tab, 3)
    row_says(alice, "their turn", "3 turns")
    bob.wait_for_function(MY_TURN)
    play_typed(bob, 4)
    row_says(alice, "your turn", "4 turns")


def test_my_games_say_a_game_the_server_no_longer_has_is_gone(browser: Any, server: Server) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        start_game(page, server, "churn", "local", {"size": 3})
        page.goto(server.url + "/")
        page.wait_for_selector(ROW)
        page.evaluate(  # a game kept in this browser that the server does not have
            """() => {
                const list = JSON.parse(localStorage.getItem('hexarena-mygames'));
                list.push(Object.assign({}, list[0], {id: 'abc123notstored'}));
                localStorage.setItem('hexarena-mygames', JSON.stringify(list));
            }"""
        )
        page.reload()
        page.wait_for_function(
            f"() => document.querySelectorAll('{ROW}').length === 2 && "
            f"document.querySelectorAll('{ROW}')[1].innerText.includes('no longer on this server')"
        )
        assert "no longer" not in page.locator(ROW).nth(0).inner_text()
    finally:
        ctx.close()


def test_a_swap_by_the_other_side_is_told_and_the_list_says_whose_turns_are_whose(
    two_people: list[Any], server: Server
) -> None:
    alice, bob = (c.new_page() for c in two_people)
    start_game(alice, server, "churn", "online", {"size": 3})
    invitation = alice.locator(".share-link").nth(0).input_value()
    alice.fill("#type-input", "c3")
    alice.click("#type-go")
    wait_moves(alice, 1)
    bob.goto(invitation)
    bob.wait_for_selector("#join", state="visible")
    bob.fill("#join-name", "Bob")
    bob.click("#join-btn")
    bob.wait_for_function(MY_TURN)
    bob.fill("#type-input", "swap")
    bob.click("#type-go")
    wait_moves(bob, 2)
    alice.wait_for_function(MY_TURN)  # Alice, who began as Red, now plays Blue
    status = alice.inner_text("#status")
    assert "you play Blue now" in status, status
    assert "Bob swapped" in status and "Red" in status, status
    wait_moves(alice, 2)
    turns = [t.strip() for t in alice.locator("#moves li").all_inner_texts()]
    assert turns == ["Red (you): c3", "Blue: swap"], turns
    alice.fill("#type-input", "a3")
    alice.click("#type-go")
    wait_moves(alice, 3)
    turns = [t.strip() for t in alice.locator("#moves li").all_inner_texts()]
    assert turns[2] == "Blue (you): a3", turns
    assert "swapped" not in alice.inner_text("#status")  # said once, for the turn after it
