"""A hint that arrives after the position it was asked for is gone is not shown.

The hint's thinking takes a while, and the board can be played meanwhile: its answer, about the
position before, was shown over the new one (a diamond on a cell, a list of moves), as if it were
advice for now.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import IDLE, new_local_game

pytestmark = pytest.mark.browser

#: Every hint answered 2 s late.
SLOW_HINTS = """(() => {
    const fetchNow = window.fetch;
    window.fetch = async (url, init) => {
        const answer = fetchNow(url, init);
        if (String(url).endsWith('/hint')) await new Promise((r) => setTimeout(r, 2000));
        return answer;
    };
})();"""


def test_a_hint_for_a_position_played_from_meanwhile_is_dropped(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.add_init_script(SLOW_HINTS)
    new_local_game(page, server, "churn", {})
    page.click("#hint-btn")
    page.wait_for_function("() => document.getElementById('hint-btn').textContent !== 'Hint'")
    page.click("#board .cell[data-name=c1]")  # played while the hint thinks
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    page.wait_for_function("() => document.getElementById('hint-btn').textContent === 'Hint'")
    page.wait_for_function(IDLE)
    assert page.locator("#board .hint-mark").count() == 0
    assert page.is_hidden("#hints")
    # asked again, for the position shown, it is shown: its best move marked on its cell, or on
    # the swap's button when the computer likes the swap best (Blue may swap now)
    page.click("#hint-btn")
    page.wait_for_function("() => !document.getElementById('hints').hidden")
    on_cell = page.locator("#board .hint-mark").count()
    on_button = page.locator("#specials .special.hinted").count()
    assert (on_cell, on_button) in {(1, 0), (0, 1)}
    best = page.inner_text("#hints li").split(" — ")[0]
    assert (best == "swap") == (on_button == 1)
