"""The swap map on the game page, in a real browser: the switch shows only on a board with a
stored report, draws every cell in the colour of its value with a legend, stays through a move,
and goes away again; no content security policy is broken on the way."""

from __future__ import annotations

import random
from typing import Any

import httpx2
import pytest

from tests.browser.conftest import Server
from tests.browser.pictures import save_picture
from tests.browser.test_web_browser import (
    READY,
    click_action,
    moves_listed,
    start_game,
    wait_moves,
)

pytestmark = pytest.mark.browser


def test_the_swap_map_is_drawn_on_a_board_with_a_report(server: Server, context: Any) -> None:
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text))
    start_game(page, server, "churn", "local", {"size": 3})
    stored = httpx2.get(server.url + "/api/swap-maps/churn?size=3", timeout=30).json()
    values = stored["maps"]["mcts"]["values"]

    page.wait_for_selector("#swapmap-wrap", state="visible")
    # the switch says what it shows (a newcomer read "swap map" and could not guess)
    assert "each first move" in page.inner_text("label:has(#swapmap-toggle)")
    assert page.locator("#swapmap-legend").is_hidden()
    assert page.locator("g.heat .heat-cell").count() == 0
    page.check("#swapmap-toggle")
    page.wait_for_selector("#swapmap-legend", state="visible")
    assert page.input_value("#swapmap-by") == "mcts"  # the search's map first
    cells = page.eval_on_selector_all(
        "g.heat .heat-cell",
        """els => els.map(e => [
            document.querySelector(`g.cell[data-index="${e.dataset.index}"]`).dataset.name,
            Number(e.dataset.value), e.getAttribute('fill'), getComputedStyle(e).fill])""",
    )
    assert len(cells) == 19 == len(values)
    for name, value, fill, shown in cells:
        assert value == pytest.approx(values[name], abs=1e-4)
        assert fill.startswith("#") and len(fill) == 7
        r, g, b = (int(fill[k : k + 2], 16) for k in (1, 3, 5))
        assert shown == f"rgb({r}, {g}, {b})"  # drawn in its own colour, not the cells' style
        # below one half leans blue, above it red
        if value < 0.45:
            assert b > r
        if value > 0.55:
            assert r > b
    assert len({fill for _, _, fill, _ in cells}) > 1
    # the legend: a colour scale and what the map says
    bar = page.locator(".heat-bar")
    assert "linear-gradient" in bar.evaluate("e => getComputedStyle(e).backgroundImage")
    assert bar.bounding_box()["width"] > 50
    summary = page.text_content("#swapmap-summary") or ""
    assert "first player" in summary and "mcts" in summary
    save_picture(page, "swap-map")
    # the other player's map
    page.select_option("#swapmap-by", "random")
    first = page.get_attribute("g.heat .heat-cell", "data-index")
    name = page.get_attribute(f'g.cell[data-index="{first}"]', "data-name")
    value = float(page.get_attribute("g.heat .heat-cell", "data-value") or "nan")
    assert value == pytest.approx(stored["maps"]["random"]["values"][name], abs=1e-4)

    # a move redraws the position; the map stays under it, and clicks reach the cells
    page.click('g.cell[data-name="c3"]')
    wait_moves(page, 1)
    assert page.locator("g.heat .heat-cell").count() == 19
    assert page.locator("circle.stone").count() == 1
    page.uncheck("#swapmap-toggle")
    assert page.locator("g.heat .heat-cell").count() == 0
    assert page.locator("#swapmap-legend").is_hidden()
    assert not [m for m in console if "Content Security Policy" in m], console


def test_no_switch_on_a_board_without_a_report(server: Server, context: Any) -> None:
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/swap-maps/" in r.url else None)
    start_game(page, server, "gyre", "local", {"size": 4})
    page.wait_for_selector("g.cell", state="attached")
    page.wait_for_function("() => document.body.dataset.live === 'yes'")
    assert page.locator("#swapmap-wrap").is_hidden()
    assert asked == []  # the game's view says there is no map: the page does not ask for one
    r = httpx2.get(server.url + "/api/swap-maps/gyre?size=4", timeout=30)
    assert r.status_code == 404 and "size=7" in r.json()["error"]


OFFERED = "() => !document.getElementById('swapmap-wrap').hidden"
WITHDRAWN = "() => document.getElementById('swapmap-wrap').hidden"


def test_the_swap_map_is_offered_while_the_first_move_or_the_swap_is_decided(
    server: Server, context: Any
) -> None:
    """The map values the openings: it is offered for the first move and, where the game has
    the swap, for the second player's first turn, when the swap is decided; later it would
    answer a question nobody is asking, so it goes (a replay back to those turns brings it back,
    as it was left)."""
    page = context.new_page()
    start_game(page, server, "churn", "local", {"size": 3})
    page.wait_for_function(OFFERED)
    page.check("#swapmap-toggle")
    summary = "() => document.getElementById('swapmap-summary').textContent"
    assert "first move played" not in page.evaluate(summary)
    page.click('g.cell[data-name="c3"]')
    wait_moves(page, 1)  # the swap is on offer: so is the map
    assert page.is_visible("#swapmap-wrap")
    assert page.locator("g.heat .heat-cell").count() == 19
    # the value the swap turns on is under the stone: the legend names it
    stored = httpx2.get(server.url + "/api/swap-maps/churn?size=3", timeout=30).json()["maps"]
    value = round(100 * stored["mcts"]["values"]["c3"])
    advice = "swaps it" if "c3" in stored["mcts"]["swap"] else "does not swap it"
    played = (
        f"The first move played, c3, gives the first player {value}%: "
        f"a strong second player {advice}."
    )
    assert page.evaluate(summary).startswith(played)
    page.click('g.cell[data-name="b2"]')  # no swap: decided
    wait_moves(page, 2)
    page.wait_for_function(WITHDRAWN)
    assert page.locator("g.heat .heat-cell").count() == 0
    assert page.is_hidden("#swapmap-legend")
    page.click("#rp-prev")  # the position where the swap was decided: the map, still on
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'turn 1/2'")
    page.wait_for_function(OFFERED)
    assert page.locator("g.heat .heat-cell").count() == 19
    page.wait_for_function(f"() => ({summary})().startsWith({played!r})")
    page.click("#rp-first")  # the first move being chosen: no move played yet
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'turn 0/2'")
    page.wait_for_function(f"() => !({summary})().includes('first move played')")
    page.click("#rp-last")
    page.wait_for_function(WITHDRAWN)
    assert page.locator("g.heat .heat-cell").count() == 0


def test_without_a_swap_the_map_is_offered_for_the_first_move_only(
    server: Server, context: Any
) -> None:
    page = context.new_page()
    start_game(page, server, "scrunch", "local", {"size": 5})
    page.wait_for_function(OFFERED)
    page.check("#swapmap-toggle")
    assert "no pie rule" in (page.text_content("#swapmap-summary") or "")
    assert page.locator("g.heat .heat-cell").count() > 0
    page.locator("svg .cell.legal").first.click()
    wait_moves(page, 1)
    page.wait_for_function(WITHDRAWN)
    assert page.locator("g.heat .heat-cell").count() == 0


def test_a_first_turn_of_several_actions_is_not_valued_by_its_first_cell(
    server: Server, context: Any
) -> None:
    """China Grove's first turn is several checkers; the map values a first checker with the
    rest of the turn played well, which is not the turn played: the legend names no value."""
    page = context.new_page()
    start_game(page, server, "china-grove", "local", {})
    page.wait_for_function(OFFERED)
    page.check("#swapmap-toggle")
    rng = random.Random(3)
    while moves_listed(page) == 0:
        page.wait_for_function(READY)
        click_action(page, rng)
    wait_moves(page, 1)
    assert "," in page.inner_text("#moves li")  # a turn of more than one checker
    assert page.is_visible("#specials button:has-text('swap')")
    assert page.is_visible("#swapmap-wrap")
    assert "The best opening" in (page.text_content("#swapmap-summary") or "")
    assert "first move played" not in (page.text_content("#swapmap-summary") or "")


def test_a_first_move_within_5_points_of_even_is_called_a_close_choice(
    server: Server, context: Any
) -> None:
    """An opening within 5 points of even is a close call for the swap: the legend says so, so
    that its "does not swap it" (or "swaps it") does not read as a verdict the hint's own
    search, which may lean the other way by a point or two, contradicts. An opening further
    from even gets no such sentence."""
    stored = httpx2.get(server.url + "/api/swap-maps/churn?size=3", timeout=30).json()["maps"]
    summary = "() => document.getElementById('swapmap-summary').textContent"
    close = "within 5 points of even: swapping it or not is a close choice"
    for opening, is_close in (("b3", True), ("c3", False)):
        assert (opening in stored["mcts"]["fair"]) is is_close  # the packaged report's values
        page = context.new_page()
        start_game(page, server, "churn", "local", {"size": 3})
        page.wait_for_function(OFFERED)
        page.check("#swapmap-toggle")
        page.click(f'g.cell[data-name="{opening}"]')
        wait_moves(page, 1)
        page.wait_for_function(f"() => ({summary})().includes('first move played, {opening}')")
        assert (close in page.evaluate(summary)) is is_close, page.evaluate(summary)
        page.close()
