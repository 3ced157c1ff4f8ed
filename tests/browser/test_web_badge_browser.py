"""A number of a turn's clicks and a Throngs potential on the same cell both read.

The number of a click stood at the cell's top right in green words on a white edge, as the
potentials do; once a stone had left its cell, that cell's potential was placed in the only
room left inside the dashed ring, beside the number: "+1" 2.3 px from "1" on a phone, read as
one number. The number now stands white on a green disc on the ring, and a potential keeps a
gap from the disc.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import shot

pytestmark = pytest.mark.browser

#: For every number of the turn: whether it stands on a disc, and the gap (CSS px) between the
#: disc, or the number's box without one, and the nearest potential; the potentials' heights.
GAPS = """() => {
    const svg = document.querySelector('#t-body svg');
    const pots = [...svg.querySelectorAll('text.potential')].map((p) => p.getBoundingClientRect());
    const out = {numbers: [], heights: pots.map((b) => b.height)};
    for (const n of svg.querySelectorAll('text.pending-num')) {
        const disc = n.previousElementSibling;
        const on = !!disc && disc.classList.contains('pending-badge');
        const a = (on ? disc : n).getBoundingClientRect();
        const cx = (a.left + a.right) / 2, cy = (a.top + a.bottom) / 2, r = on ? a.width / 2 : 0;
        let gap = 1e9;
        for (const b of pots) {
            if (on) {
                const nx = Math.max(b.left, Math.min(cx, b.right)) - cx;
                const ny = Math.max(b.top, Math.min(cy, b.bottom)) - cy;
                gap = Math.min(gap, Math.hypot(nx, ny) - r);
            } else {
                const dx = Math.max(0, b.left - a.right, a.left - b.right);
                const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
                gap = Math.min(gap, Math.hypot(dx, dy));
            }
        }
        out.numbers.push({text: n.textContent, on, gap});
    }
    return out;
}"""


@pytest.mark.parametrize("width", [1300, 390])
def test_a_number_and_a_potential_on_one_cell_both_read(
    browser: Any, server: Server, width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 700)
    ctx.set_default_timeout(600_000)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/learn/throngs#step-3")
        page.wait_for_function("() => document.body.dataset.ready === 'yes'")
        for cell in ("c2", "d2"):  # c2's stone dispatched to d2: its second move to come
            page.click(f"#t-body .cell[data-name={cell}]")
            page.wait_for_function("() => document.body.dataset.busy === 'no'")
        page.wait_for_function("() => document.body.dataset.partial === '2'")
        shot(page, f"badge-throngs-{width}")
        m = page.evaluate(GAPS)
        assert [n["text"] for n in m["numbers"]] == ["1"], m
        for n in m["numbers"]:
            assert n["on"] and n["gap"] >= 4, m
        assert m["heights"] and min(m["heights"]) >= 9, m
    finally:
        ctx.close()
