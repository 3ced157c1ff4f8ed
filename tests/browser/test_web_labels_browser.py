"""Throngs' potentials ("+1", "-2") never cover the marks that say a cell can be played: the dot
of a playable cell, the diamond of a destination, the square of a removal.

On the cell a stone had just moved from or to, ringed as the last turn, the label was pushed off
the ring towards the centre of the cell, onto the cell's dot (found trying the app at 1,300 and
390 px). Kept clear of the dot on a phone, where words are drawn larger, the labels had
shrunk to 8 px: they now move further into the corner before they shrink.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import click_action
from tests.browser.test_web_teaching_browser import click_cell, new_local_game
from tests.browser.test_web_tryout_browser import CLASHES, second_move_begun

pytestmark = pytest.mark.browser

#: Every potential whose box (with its white halo) meets a playable cell's mark, named with the
#: cell and the mark; and how many potentials stand on a playable cell.
ON_MARKS = """() => {
    const svg = document.getElementById('board');
    const name = (i) => svg.querySelector(`.cell[data-index="${i}"]`) ?
        svg.querySelector(`.cell[data-index="${i}"]`).dataset.name : i;
    const marks = [...svg.querySelectorAll('circle.dot, polygon.dest-mark, rect.remove-mark')]
        .map((m) => {
            const b = m.getBBox();  // a dot's or a diamond's disc (the diamond's corners on it)
            return {kind: m.tagName, x: b.x, y: b.y, w: b.width, h: b.height,
                    cx: b.x + b.width / 2, cy: b.y + b.height / 2, r: b.width / 2};
        });
    const out = [];
    let onPlayable = 0;
    for (const t of svg.querySelectorAll('text.potential')) {
        const a = t.getBBox();
        const b = {x: a.x - 1.5, y: a.y - 1.5, w: a.width + 3, h: a.height + 3};
        let here = false;
        for (const m of marks) {
            let meets;
            if (m.kind !== 'rect') {  // a disc: the nearest point of the box within its radius
                const nx = Math.max(b.x, Math.min(m.cx, b.x + b.w)) - m.cx;
                const ny = Math.max(b.y, Math.min(m.cy, b.y + b.h)) - m.cy;
                meets = Math.hypot(nx, ny) < m.r;
            } else {
                meets = m.x < b.x + b.w && b.x < m.x + m.w && m.y < b.y + b.h && b.y < m.y + m.h;
            }
            if (meets) out.push(`${t.textContent} of ${name(t.dataset.cell)} on a ${m.kind}`);
            if (Math.hypot(m.cx - (a.x + a.width / 2), m.cy - (a.y + a.height / 2)) < 30)
                here = true;
        }
        if (here) onPlayable++;
    }
    return [onPlayable, out];
}"""


@pytest.mark.parametrize("width", [1300, 390])
def test_a_potential_never_covers_a_playable_mark(browser: Any, server: Server, width: int) -> None:
    ctx, page = second_move_begun(browser, server, width)
    on_playable, covered = page.evaluate(ON_MARKS)
    assert covered == []
    click_cell(page, "d1")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 3")
    # White to move: Black's turn ringed (c2, d2, d1), White's playable cells dotted
    page.wait_for_function("() => document.querySelectorAll('#board .last-mark').length > 0")
    on_playable, covered = page.evaluate(ON_MARKS)
    assert on_playable >= 3  # potentials standing on playable cells, the ringed ones among them
    assert covered == []
    count, clashes = page.evaluate(CLASHES)  # and still clear of rings, arrows and numbers
    assert count >= 5 and clashes == []
    ctx.close()


#: The heights of the potentials on the screen, in CSS pixels.
HEIGHTS = """() => [...document.querySelectorAll('#board text.potential')]
    .map((t) => t.getBoundingClientRect().height)"""


@pytest.mark.parametrize("width", [390, 320])
def test_potentials_on_a_phone_stay_readable_and_off_the_dots(
    browser: Any, server: Server, width: int
) -> None:
    ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=True)
    ctx.set_default_timeout(120_000)
    page = ctx.new_page()
    new_local_game(page, server, "throngs", {})  # the original board, drawn small
    rng = random.Random(5)
    while page.locator("#moves li").count() < 6:
        click_action(page, rng)
    page.wait_for_function("() => document.querySelectorAll('#board text.potential').length > 0")
    on_playable, covered = page.evaluate(ON_MARKS)
    assert on_playable >= 5
    assert covered == []
    heights = page.evaluate(HEIGHTS)
    # as readable as the row numbers and column letters (tests/browser/test_web_fit_browser.py)
    assert min(heights) >= 9.0 - 0.01, heights
    ctx.close()
