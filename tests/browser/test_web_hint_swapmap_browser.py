"""The hint's mark and the swap map's value on the same cell can both be read.

On the first move the swap map writes each cell's value in the lower part of the cell, and the
hint draws a thick diamond on a white halo across its cell: the diamond's lower corner ran
through the value of the cell it suggested, the one value the reader most wanted. The value
of the suggested cell is now drawn above the diamond, on a patch of its cell's colour.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_swapmap_phone_browser import show_swap_map
from tests.browser.test_web_teaching_browser import shot

pytestmark = pytest.mark.browser

#: The swap map's values shown on the hinted cell, and for each the share of its box that a
#: line of the hint's mark painted after it (its diamond or its halo) runs through.
COVERED = """() => {
    const svg = document.getElementById('board');
    const cells = [...svg.querySelectorAll('.cell')];
    const hinted = cells.find((c) => (c.getAttribute('aria-label') || '').includes('hint'));
    const cell = hinted.querySelector('polygon').getBBox();
    const marks = [...svg.querySelectorAll('.hint-mark, .hint-halo')];
    const near = (pt, a, b) => {  // distance from pt to the segment ab
        const dx = b[0] - a[0], dy = b[1] - a[1];
        const along = ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / (dx * dx + dy * dy);
        const t = Math.max(0, Math.min(1, along));
        return Math.hypot(pt[0] - a[0] - t * dx, pt[1] - a[1] - t * dy);
    };
    const values = [...svg.querySelectorAll('.heat-value')].filter((t) => {
        if (getComputedStyle(t).display === 'none' || !t.textContent) return false;
        // within the middle of the cell's box: a neighbour's value can sit on the box's corner
        const b = t.getBBox();
        const dx = b.x + b.width / 2 - (cell.x + cell.width / 2);
        const dy = b.y + b.height / 2 - (cell.y + cell.height / 2);
        return Math.abs(dx) < 0.3 * cell.width && Math.abs(dy) < 0.3 * cell.height;
    });
    return values.map((t) => {
        const b = t.getBBox();
        const after = Node.DOCUMENT_POSITION_FOLLOWING;
        const over = marks.filter((m) => t.compareDocumentPosition(m) & after);
        let hit = 0, all = 0;
        for (let i = 0; i <= 6; i++) for (let j = 0; j <= 4; j++) {
            const pt = [b.x + b.width * i / 6, b.y + b.height * j / 4];
            all += 1;
            if (over.some((m) => {
                const p = m.getAttribute('points').trim().split(/\\s+/)
                    .map((s) => s.split(',').map(Number));
                const w = parseFloat(getComputedStyle(m).strokeWidth) / 2;
                return p.some((a, k) => near(pt, a, p[(k + 1) % p.length]) < w);
            })) hit += 1;
        }
        return {text: t.textContent, covered: hit / all};
    });
}"""


@pytest.mark.parametrize("width", [1300, 390])
def test_the_hinted_cells_swap_map_value_is_not_under_the_hint(
    browser: Any, server: Server, width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 500)
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        show_swap_map(page, server, "churn", {"size": 3})
        page.click("#hint-btn")
        page.wait_for_function("() => document.querySelector('#board .hint-mark')")
        shot(page, f"hint-on-swap-map-{width}")
        values = page.evaluate(COVERED)
        assert len(values) == 1, values  # the value is shown once, on its cell
        assert values[0]["text"].isdigit(), values
        assert values[0]["covered"] == 0, values
        # the diamond is as large as before: the value does not make it smaller
        ratio = page.evaluate(
            """() => document.querySelector('#board .hint-mark').getBoundingClientRect().width
                / document.querySelector('#board .cell polygon').getBoundingClientRect().width"""
        )
        assert ratio >= 0.7
        # the map turned off takes the value lifted above the mark away with it
        page.uncheck("#swapmap-toggle")
        page.wait_for_function(
            "() => !document.querySelector('#board g.heat *, #board g.lifted *')"
        )
        assert page.locator("#board .hint-mark").count() == 1
    finally:
        ctx.close()
