"""Every board fits a phone's screen: on the game page, the guided game and the rules page, at
390 and 320 px wide, no board runs past the screen's edge or scrolls sideways inside its frame,
the cells stay large enough to tap and the labels large enough to read, and a cell can be
clicked.

Set ``HEXARENA_SCREENSHOTS=DIR`` to save the pictures of each page.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.games import game_names
from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game, shot

pytestmark = pytest.mark.browser

READY = "() => document.body.dataset.ready === 'yes'"

#: What a page's boards measure: the window, how wide the page can scroll, and for every board
#: its edges, every box around it that scrolls sideways, the width of its smallest cell and the
#: heights of its smallest and largest labels, in CSS pixels.
MEASURE = """() => {
    const boards = [...document.querySelectorAll('svg')].filter((s) => s.querySelector('.cell'));
    const out = {inner: window.innerWidth, scroll: document.documentElement.scrollWidth,
        boards: boards.length, outside: [], scrolling: [], cell: 1e9, label: 1e9, largest: 0};
    for (const s of boards) {
        const r = s.getBoundingClientRect();
        if (r.left < -0.5 || r.right > window.innerWidth + 0.5) out.outside.push([r.left, r.right]);
        for (let p = s.parentElement; p && p !== document.documentElement; p = p.parentElement) {
            if (p.scrollWidth > p.clientWidth + 1) out.scrolling.push(p.className || p.tagName);
        }
        for (const c of s.querySelectorAll('.cell polygon')) {
            out.cell = Math.min(out.cell, c.getBoundingClientRect().width);
        }
        for (const t of s.querySelectorAll('.coord')) {
            out.label = Math.min(out.label, t.getBoundingClientRect().height);
            out.largest = Math.max(out.largest, t.getBoundingClientRect().height);
        }
    }
    return out;
}"""

#: Smallest cell width (CSS px) on the default boards at each screen width: the widest board,
#: China Grove's labyrinth with its labels, is about 14 cells across.
MIN_CELL = {390: 24.0, 320: 19.0}


def _fits(page: Any, width: int, where: str) -> dict[str, Any]:
    m: dict[str, Any] = page.evaluate(MEASURE)
    assert m["inner"] == width, where
    assert m["scroll"] <= m["inner"], (where, m)
    assert m["boards"] >= 1, where
    assert m["outside"] == [] and m["scrolling"] == [], (where, m)
    assert m["cell"] >= MIN_CELL[width], (where, m)
    # the row numbers and column letters can be read; a hundredth of a pixel is the layout's
    # rounding (China Grove's labels measured 8.99994 in one run), not a smaller label
    assert m["label"] >= 9.0 - 0.01, (where, m)
    assert m["largest"] <= 22.0, (where, m)  # and grow only on boards drawn small
    return m


#: Where a page stands: the actions of the turn being built, the game's version, a step done.
STATE = "['partial', 'version', 'done'].map((k) => document.body.dataset[k]).join('/')"


def _click_changes(page: Any, selector: str) -> None:
    """Click a cell (scrolled into sight, not hidden by the status bar) and wait until the page
    has taken the click: a turn begun, finished or a step done."""
    before = page.evaluate(f"() => {STATE}")
    cell = page.locator(selector).first
    cell.scroll_into_view_if_needed()
    cell.click()
    page.wait_for_function(
        f"k => document.body.dataset.busy !== 'yes' && {STATE} !== k", arg=before
    )


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_boards_fit_a_phone_and_take_a_tap(browser: Any, server: Server, name: str) -> None:
    answer = LESSONS[name]["guide"][0]["answer"]
    first = answer.split(",")[0].split("-")[0]  # the guided game's first cell
    for width in (390, 320):
        ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=True)
        ctx.set_default_timeout(600_000)
        try:
            page = ctx.new_page()
            new_local_game(page, server, name, {})
            _fits(page, width, f"play {name} at {width}")
            _click_changes(page, "#board .cell.legal")
            _fits(page, width, f"play {name} at {width}, after a click")
            shot(page, f"fit-play-{name}-{width}", full=True)
            page.goto(f"{server.url}/learn/{name}")
            page.wait_for_function(READY)
            _fits(page, width, f"guided {name} at {width}")
            _click_changes(page, f"#t-body .cell[data-name={first}]")
            assert page.get_attribute("#t-feedback", "data-kind") != "refused"
            _fits(page, width, f"guided {name} at {width}, after a click")
            shot(page, f"fit-learn-{name}-{width}", full=True)
            page.goto(f"{server.url}/rules/{name}")
            page.wait_for_function(READY)
            m = _fits(page, width, f"rules {name} at {width}")
            assert m["boards"] >= 2
        finally:
            ctx.close()


#: Smallest cell width (CSS px) of each game's default board on the game page, on a phone
#: (390 x 844) and on a desktop (1,300 x 860). On the phone Gyre's and Throngs' cells were 26.5
#: and 28.6 px, China Grove's 27.5: the board sat in a frame with a margin (372 of 390 px) and
#: kept half a radius beside each label and a quarter radius around it all. It now fills the
#: screen's width, and its sides are as wide as its cells and labels need (28.6, 30.8, 29.3).
GAME_PAGE_CELL = {390: 28.0, 1300: 44.0}


@pytest.mark.parametrize("width", sorted(GAME_PAGE_CELL))
def test_the_game_page_gives_the_board_the_screens_width(
    browser: Any, server: Server, width: int
) -> None:
    phone = width < 500
    ctx = browser.new_context(
        viewport={"width": width, "height": 844 if phone else 860}, is_mobile=phone
    )
    ctx.set_default_timeout(600_000)
    try:
        page = ctx.new_page()
        for name in game_names():
            new_local_game(page, server, name, {})
            m = _fits(page, width, f"play {name} at {width}") if phone else page.evaluate(MEASURE)
            assert m["cell"] >= GAME_PAGE_CELL[width], (name, m)
            board = page.locator("#board").bounding_box()
            aside = page.locator("aside").bounding_box()
            if phone:  # the board from edge to edge, the panel below it
                assert board["x"] == 0 and board["width"] == width, (name, board)
                assert aside["y"] >= board["y"] + board["height"], (name, board, aside)
            else:  # the board and the panel side by side, as before
                assert aside["x"] >= board["x"] + board["width"], (name, board, aside)
            shot(page, f"game-page-{name}-{width}")
    finally:
        ctx.close()
