"""Stepping through a game keeps the turn shown in sight in the move list.

The list scrolls inside its panel (a long game is taller than it); the page scrolled it to the
last turn and left it there, so that stepping back to the start, then forward, showed the board
of turn 1 while the list showed the last turns, with the highlighted turn out of sight.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import IDLE, new_local_game

pytestmark = pytest.mark.browser

TURNS = 40

#: Plays ``n`` turns (each the first legal action) with the page's seat, through the API.
PLAY_FIRST_LEGAL = """async (n) => {
    const gid = location.pathname.split('/').pop();
    for (let k = 0; k < n; k++) {
        const v = await (await fetch('/api/games/' + gid)).json();
        const r = await fetch('/api/games/' + gid + '/moves', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({actions: [v.legal[0]], version: v.version})});
        if (!r.ok) throw new Error((await r.json()).error);
    }
}"""

#: Where the highlighted turn of the move list stands: its number and whether the list's box
#: shows it whole.
CURRENT = """() => {
    const list = document.getElementById('moves');
    const li = list.querySelector('li.current');
    if (!li) return null;
    const b = list.getBoundingClientRect(), r = li.getBoundingClientRect();
    const seen = r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
    return {turn: Number(li.dataset.turn), seen};
}"""


def _step(page: Any, button: str, turn: int) -> dict[str, Any]:
    """Click a replay button; where the list's highlighted turn then stands (turn ``turn``)."""
    page.click(button)
    page.wait_for_function(
        f"t => {{ const c = ({CURRENT})(); return c && c.turn === t; }}", arg=turn
    )
    result: dict[str, Any] = page.evaluate(CURRENT)
    return result


def test_the_turn_replayed_stays_in_sight(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "gyre", {})
    page.evaluate(PLAY_FIRST_LEGAL, TURNS)
    page.reload()
    page.wait_for_function(IDLE)
    page.wait_for_function(f"() => document.querySelectorAll('#moves li').length === {TURNS}")
    scrolls = page.evaluate(
        "() => { const l = document.getElementById('moves');"
        " return l.scrollHeight > l.clientHeight; }"
    )
    assert scrolls  # the list is taller than its panel, or the test shows nothing
    page.click("#rp-first")
    page.wait_for_function(
        "l => document.getElementById('rp-label').textContent === l", arg=f"turn 0/{TURNS}"
    )
    # the list is scrolled once its page of turns is loaded, after the label is set
    page.wait_for_function("() => document.getElementById('moves').scrollTop === 0")
    assert _step(page, "#rp-next", 1) == {"turn": 1, "seen": True}
    assert _step(page, "#rp-next", 2) == {"turn": 2, "seen": True}
    # a turn in the middle, clicked in the list, then stepped back from
    page.locator("#moves li[data-turn='20']").scroll_into_view_if_needed()
    page.click("#moves li[data-turn='20']")
    page.wait_for_function(
        "l => document.getElementById('rp-label').textContent === l", arg=f"turn 20/{TURNS}"
    )
    for k in range(19, 9, -1):
        assert _step(page, "#rp-prev", k) == {"turn": k, "seen": True}
    # back to the game: its last turn in sight
    page.click("#rp-last")
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'live'")
    page.wait_for_function(
        """() => { const l = document.getElementById('moves');
            return l.scrollTop + l.clientHeight >= l.scrollHeight - 1; }"""
    )
