"""The hint's mark on the board is plain to see, and says what it is without colour.

It was a thin dashed blue diamond (3.5 units wide, dashes of 2), faint on the board and lost on a
blue stone; and a screen reader heard nothing of it on the cell.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game, shot

pytestmark = pytest.mark.browser

#: The hint's mark as drawn: its line, the halo under it, and its size against its cell's.
MARK = """() => {
    const m = document.querySelector('#board .hint-mark');
    const halo = document.querySelector('#board .hint-halo');
    const s = getComputedStyle(m);
    const cells = [...document.querySelectorAll('#board .cell')];
    const cell = cells.find((c) => (c.getAttribute('aria-label') || '').includes('hint'));
    return {dashed: s.strokeDasharray !== 'none', width: parseFloat(s.strokeWidth),
        halo: halo ? parseFloat(getComputedStyle(halo).strokeWidth) : 0,
        size: m.getBoundingClientRect().width / (cell || cells[0]).getBoundingClientRect().width,
        labelled: cell ? cell.getAttribute('aria-label') : null,
        count: document.querySelectorAll('#board .hint-mark').length};
}"""


def test_the_hint_mark_is_plain_and_named(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "churn", {})
    page.click("#hint-btn")
    page.wait_for_function("() => !document.getElementById('hints').hidden")
    shot(page, "hint-mark")
    m = page.evaluate(MARK)
    assert m["count"] == 1
    assert not m["dashed"] and m["width"] >= 5, m
    assert m["halo"] > m["width"], m  # a light edge on both sides, on a stone of any colour
    assert m["size"] >= 0.7, m
    assert m["labelled"] is not None and m["labelled"].endswith("the hint's suggestion"), m
