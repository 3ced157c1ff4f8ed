"""A hint whose best move is a button, not a cell (Churn's swap), marks that button.

The hint's best move was drawn as a diamond on its cell; a swap has no cell, so the board showed
nothing, and only the list below said which move the computer liked best.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import IDLE, MY_TURN, new_local_game, play_moves

pytestmark = pytest.mark.browser

#: Every hint answered with the swap (the first button offered) as its best move.
SWAP_HINTS = """(() => {
    const fetchNow = window.fetch;
    window.fetch = async (url, init) => {
        const answer = await fetchNow(url, init);
        if (!String(url).endsWith('/hint')) return answer;
        const h = await answer.json();
        const swap = Number(document.querySelector('#specials .special').dataset.action);
        h.suggestions = [{action: swap, text: 'swap', visits: 40, value: 0.6}];
        return new Response(JSON.stringify(h), {status: 200,
            headers: {'Content-Type': 'application/json'}});
    };
})();"""


def test_a_hint_for_the_swap_marks_the_swap_button(context: Any, server: Server) -> None:
    page = context.new_page()
    page.add_init_script(SWAP_HINTS)
    new_local_game(page, server, "churn", {})
    play_moves(page, ["c1"])  # Blue to move, with the swap offered
    page.wait_for_function(MY_TURN)
    page.wait_for_function(IDLE)
    assert page.inner_text("#specials .special") == "swap"
    page.click("#hint-btn")
    page.wait_for_function("() => !document.getElementById('hints').hidden")
    assert page.locator("#board .hint-mark").count() == 0  # no cell to mark
    marked = page.locator("#specials .special.hinted")
    assert marked.count() == 1
    assert marked.inner_text() == "swap"
    assert "the hint's suggestion" in (marked.get_attribute("aria-label") or "")
    # once played from, the mark goes with the hint
    page.click("#board .cell[data-name=d4]")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 2")
    page.wait_for_function(IDLE)
    assert page.locator("#specials .special.hinted").count() == 0
