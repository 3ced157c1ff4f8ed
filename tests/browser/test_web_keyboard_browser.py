"""Play with the keyboard alone: the board is one stop in the tab order, and the arrow keys walk
its playable cells.

Every playable cell used to be a stop of its own, so that reaching the controls beside a board
(the typed move, Hint, Undo, Resign) took a press of Tab per playable cell: 127 on Gyre's
default board.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server, hold_turn_answers
from tests.browser.test_web_browser import wait_moves
from tests.browser.test_web_teaching_browser import new_local_game

pytestmark = pytest.mark.browser

FOCUSED_CELL = """() => { const e = document.activeElement;
    return e && e.classList && e.classList.contains('cell') ? e.dataset.name : null; }"""
CENTRE = """name => { const r = document.querySelector(`#board .cell[data-name="${name}"] polygon`)
    .getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"""


def cells_on_the_way_to_the_typed_move(page: Any) -> list[str]:
    """Press Tab from the top of the page until the field for a typed move has the focus; the
    cells of the board that had it on the way."""
    page.focus("header a.brand")  # the first stop of the page
    cells = []
    for _ in range(400):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == "type-input":
            return cells
        name = page.evaluate(FOCUSED_CELL)
        if name is not None:
            cells.append(name)
    raise AssertionError(f"Tab never reached the typed move; cells on the way: {cells}")


def test_the_board_is_one_tab_stop_and_the_arrows_walk_its_cells(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    hold_turn_answers(page)  # each move list shown while the page is still busy with its turn
    new_local_game(page, server, "gyre", {"size": 7})  # 127 cells, every one playable
    assert page.locator("#board .cell.legal").count() == 127
    (start,) = cells_on_the_way_to_the_typed_move(page)  # one stop, not 127
    page.focus(f"#board .cell[data-name={start}]")
    x0, y0 = page.evaluate(CENTRE, start)
    page.keyboard.press("ArrowRight")
    right = page.evaluate(FOCUSED_CELL)
    assert right not in (None, start)
    x1, y1 = page.evaluate(CENTRE, right)
    assert x1 > x0 and abs(y1 - y0) < 1
    page.keyboard.press("ArrowUp")  # a row up, or nothing on the top row
    moved = page.evaluate(FOCUSED_CELL)
    if moved == right:
        page.keyboard.press("ArrowDown")
        moved = page.evaluate(FOCUSED_CELL)
        assert moved not in (None, right)
        assert page.evaluate(CENTRE, moved)[1] > y1
    else:
        assert moved is not None
        assert page.evaluate(CENTRE, moved)[1] < y1
    page.keyboard.press("Enter")
    wait_moves(page, 1)
    assert page.get_attribute(f"#board .cell[data-name={moved}]", "aria-label") == f"{moved}: Red"
    # the next player starts from where the last one was, and still finds the board in one stop
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED_CELL) not in (None, moved)
    page.keyboard.press("Enter")
    wait_moves(page, 2)  # the list shows before the page is done with the turn
    assert page.locator("#board .cell[tabindex='0']").count() == 1
    assert len(cells_on_the_way_to_the_typed_move(page)) == 1  # the stones are no stops either


def test_the_guided_games_board_is_one_tab_stop(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(server.url + "/learn/gyre")
    page.wait_for_selector("svg .cell.legal")
    assert page.locator("svg .cell.legal").count() > 1
    assert page.locator("svg .cell[tabindex='0']").count() == 1


def test_the_replay_buttons_are_named_in_words(context: Any, server: Server) -> None:
    # their names were their arrows ("«", "◀"): a screen reader read out the glyphs
    page = context.new_page()
    new_local_game(page, server, "churn", {"size": 3})
    for name in ("start", "back one turn", "forward one turn", "back to the game"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1


STROKE = """name => getComputedStyle(
    document.querySelector(`#board .cell[data-name="${name}"] polygon`)).stroke"""
FOCUS_BLUE = "rgb(30, 111, 217)"


def test_the_focus_ring_shows_for_the_keyboard_not_after_a_click(
    context: Any, server: Server
) -> None:
    # a cell clicked with the mouse kept the keyboard's blue ring after the game had moved on
    page = context.new_page()
    new_local_game(page, server, "churn", {"size": 3})
    page.click("#board .cell[data-name=c3]")
    wait_moves(page, 1)
    assert page.evaluate(STROKE, "c3") != FOCUS_BLUE
    page.focus("header a.brand")
    for _ in range(10):  # Tab to the board
        page.keyboard.press("Tab")
        cell = page.evaluate(FOCUSED_CELL)
        if cell is not None:
            break
    assert cell is not None
    assert page.evaluate(STROKE, cell) == FOCUS_BLUE
