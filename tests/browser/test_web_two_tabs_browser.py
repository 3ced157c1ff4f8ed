"""Two tabs (or windows) on one seat: a click on a position the other tab has already moved on
from says so, and the board shows the game as it is now.

A click made in a tab that had not yet heard of the other tab's turn was refused with the
server's bare words ("it is not your turn", "the game has changed since you saw it (version 0,
it is now at 1)", or a rule about the position the click did not see) and, for a turn of
several clicks, left the old board on the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, hold_turn_answers
from tests.browser.test_web_browser import wait_moves
from tests.browser.test_web_reload_browser import PARTIAL, click
from tests.browser.test_web_teaching_browser import IDLE, MY_TURN, new_local_game

pytestmark = pytest.mark.browser

MOVES = "() => [...document.querySelectorAll('#moves li')].map((li) => li.textContent)"


def deaf_tab(context: Any, url: str) -> Any:
    """A tab on ``url`` that hears nothing the server announces (as a tab asleep in the
    background, or one whose connection is slow, hears it late)."""
    page = context.new_page()
    page.route("**/events", lambda route: route.abort())
    page.goto(url)
    page.wait_for_function(MY_TURN)
    return page


def moved_on(page: Any, moves: int) -> str:
    """The message the page shows once it shows the game with ``moves`` moves."""
    page.wait_for_function(
        "n => document.querySelectorAll('#moves li').length === n && "
        "document.body.dataset.busy === 'no' && !document.getElementById('message').hidden",
        arg=moves,
    )
    text: str = page.inner_text("#message")
    return text


def turn_taken_while_half_built(context: Any, server: Server, *, hears: bool) -> tuple[Any, Any]:
    """A Throngs game on one screen open in two tabs of the seat: ``page`` (hearing the server's
    announcements or not) begins a turn with d11, then ``other`` takes a whole turn. Both tabs."""
    other = context.new_page()
    new_local_game(other, server, "throngs", {"setup": "standard"})
    other.wait_for_function(MY_TURN)
    if hears:
        page = context.new_page()
        page.goto(other.url)
        page.wait_for_function(MY_TURN)
    else:
        page = deaf_tab(context, other.url)
    click(page, "d11")
    assert page.evaluate(PARTIAL) == ["1", "d11"]
    click(other, "d11")
    click(other, "d10")
    other.locator("#board .cell.legal").first.click()
    other.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    return page, other


def test_a_click_after_the_turn_was_taken_in_another_tab_says_so(
    context: Any, server: Server
) -> None:
    other = context.new_page()
    new_local_game(other, server, "churn", {})
    other.wait_for_function(MY_TURN)
    page = deaf_tab(context, other.url)
    other.click("#board .cell[data-name=c1]")
    other.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.click("#board .cell[data-name=d2]")  # this tab still shows the empty board
    message = moved_on(page, 1)
    assert "another tab or window" in message and "c1" in message, message
    assert page.evaluate(MOVES) == ["Red: c1"]  # the board as it is now, d2 not played
    assert page.inner_text("#status") == "Blue (player 2) to move"
    assert page.evaluate("() => document.body.dataset.version") == other.evaluate(
        "() => document.body.dataset.version"
    )
    # and the tab plays on from there
    page.click("#board .cell[data-name=d2]")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 2")


def test_a_turn_half_built_when_the_other_tab_took_it_is_dropped(
    context: Any, server: Server
) -> None:
    # a turn of Throngs is several clicks: the second came after the other tab's whole turn
    page, other = turn_taken_while_half_built(context, server, hears=False)
    page.click("#board .cell[data-name=d10]")
    message = moved_on(page, 1)
    assert "another tab or window" in message, message
    assert "the board now shows the game as it is" in message
    page.wait_for_function(IDLE)
    assert page.evaluate(PARTIAL)[0] == "0"
    assert not page.is_visible("#turn-build")
    assert page.evaluate(MOVES) == other.evaluate(MOVES)


def test_a_hint_asked_after_the_turn_was_taken_in_another_tab_says_so(
    context: Any, server: Server
) -> None:
    # the hint was for a position this tab did not show (or "it is not your turn")
    other = context.new_page()
    new_local_game(other, server, "churn", {})
    other.wait_for_function(MY_TURN)
    page = deaf_tab(context, other.url)
    other.click("#board .cell[data-name=c1]")
    other.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.click("#hint-btn")
    message = moved_on(page, 1)
    assert "another tab or window" in message and "c1" in message, message
    assert page.is_hidden("#hints")
    assert page.evaluate(MOVES) == ["Red: c1"]


def test_an_undo_after_the_other_tab_moved_on_says_so_and_undoes_nothing(
    context: Any, server: Server
) -> None:
    other = context.new_page()
    hold_turn_answers(other)  # each move list shown while the tab is still busy with its turn
    new_local_game(other, server, "churn", {})
    other.wait_for_function(MY_TURN)
    other.click("#board .cell[data-name=c1]")
    wait_moves(other, 1)  # and idle again: a click while it is busy with c1 is ignored
    page = deaf_tab(context, other.url)
    other.click("#board .cell[data-name=d2]")
    other.wait_for_function("() => document.querySelectorAll('#moves li').length === 2")
    page.click("#undo-btn")  # meant for c1: the other tab has played d2 since
    message = moved_on(page, 2)
    assert "another tab or window" in message and "d2" in message, message
    assert page.evaluate(MOVES) == ["Red: c1", "Blue: d2"]


def test_a_turn_half_built_in_a_tab_that_hears_the_other_take_it_is_dropped_with_a_word(
    context: Any, server: Server
) -> None:
    # it was dropped without a word: the tab hears the other's turn and simply redraws
    page, other = turn_taken_while_half_built(context, server, hears=True)
    message = moved_on(page, 1)  # no click in this tab
    assert "another tab or window" in message, message
    assert "nothing was played from this page" in message
    assert page.evaluate(PARTIAL)[0] == "0"
    assert page.evaluate(MOVES) == other.evaluate(MOVES)
