"""The swap map's values can be read on a phone: on the largest boards the map is offered for
(Gyre side 7, Throngs' original board, Scrunch side 5), each cell's value is drawn at least 10
CSS pixels tall on a phone's screen, and still fits within its cell, clear of its neighbours'
values. (They were drawn about 8 pixels tall on Gyre's board: the words of the board grow on a
small screen, but the values grew no further than the labels do.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game, shot

pytestmark = pytest.mark.browser

#: Each value's height in CSS pixels as drawn (its font size in the board's units times the
#: board's scale on the screen), whether its box lies within its cell's, and whether it
#: overlaps another value's box.
VALUES = """() => {
    const svg = document.getElementById('board');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('g.heat .heat-value')];
    const boxes = texts.map((t) => t.getBBox());
    return texts.map((t, k) => {
        const b = boxes[k];
        const cell = svg.querySelector(
            `g.heat .heat-cell[data-index="${t.dataset.cell}"]`).getBBox();
        const inside = b.x >= cell.x && b.x + b.width <= cell.x + cell.width
            && b.y >= cell.y && b.y + b.height <= cell.y + cell.height;
        const overlaps = boxes.some((o, j) => j !== k && o.x < b.x + b.width
            && b.x < o.x + o.width && o.y < b.y + b.height && b.y < o.y + o.height);
        return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
                inside, overlaps};
    });
}"""


def show_swap_map(page: Any, server: Server, game: str, options: dict[str, Any]) -> None:
    """A new game for two people on this screen, with its swap map turned on and drawn."""
    new_local_game(page, server, game, options)
    page.wait_for_selector("#swapmap-wrap", state="visible")
    page.check("#swapmap-toggle")
    page.wait_for_function("() => document.querySelectorAll('g.heat .heat-value').length")


@pytest.mark.parametrize(
    ("game", "options"),
    [("gyre", {"size": 7}), ("throngs", {}), ("scrunch", {"size": 5})],
)
@pytest.mark.parametrize("width", [360, 390])
def test_swap_map_values_can_be_read_on_a_phone(
    browser: Any, server: Server, game: str, options: dict[str, Any], width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True)
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        show_swap_map(page, server, game, options)
        shot(page, f"swap-map-phone-{game}-{width}")
        values = page.evaluate(VALUES)
        assert len(values) > 30
        assert min(v["px"] for v in values) >= 10, sorted(v["px"] for v in values)[:3]
        assert all(v["inside"] for v in values), [v for v in values if not v["inside"]][:3]
        assert not any(v["overlaps"] for v in values)
    finally:
        ctx.close()


def test_swap_map_values_keep_their_size_on_a_wide_screen(browser: Any, server: Server) -> None:
    """On a wide screen the board is large and its words at their own size: the values too."""
    ctx = browser.new_context(viewport={"width": 1300, "height": 860})
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        show_swap_map(page, server, "gyre", {"size": 7})
        values = page.evaluate(VALUES)
        assert min(v["px"] for v in values) >= 10
        assert all(v["inside"] for v in values)
    finally:
        ctx.close()
