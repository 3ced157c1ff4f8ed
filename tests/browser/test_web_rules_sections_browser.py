"""Every section of a rules page holds its pictures.

China Grove's section "The board and its exits" has the id ``board``, which the game page's style
for its board (``#board``, at most 82 % of the screen's height) also matched: the section was cut
to 705 px on a 860-px screen and its labyrinth ran 108 px over the next section's words.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

#: Each section whose pictures reach below its own foot: its id and by how many CSS px.
OVERRUNS = """() => {
    const out = [];
    for (const s of document.querySelectorAll('#t-body section')) {
        const foot = s.getBoundingClientRect().bottom;
        for (const f of s.querySelectorAll('figure')) {
            const over = f.getBoundingClientRect().bottom - foot;
            if (over > 0.5) out.push([s.id, over]);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_section_holds_its_pictures(context: Any, server: Server, name: str) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/rules/{name}")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'")
    assert page.locator("#t-body figure").count() >= 2
    assert page.evaluate(OVERRUNS) == []
