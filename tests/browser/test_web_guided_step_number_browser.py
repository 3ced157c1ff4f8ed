"""A guided game keeps its step's number in sight: opening a step on a desktop scrolled the page
to the step's request and board, past the "Step 1 of 8" under the title, so that a newcomer read
the step without knowing where in the game it stood."""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server
from tests.browser.test_web_guided_phone_browser import guided_steps

pytestmark = pytest.mark.browser

#: The elements reading "Step k of n" that stand wholly on the screen, and the step's buttons'
#: foot (CSS px from the screen's top).
SEEN = """(k) => {
    const said = `Step ${k} of `;
    const seen = [...document.querySelectorAll('body *')].filter((e) =>
        e.children.length === 0 && e.textContent.startsWith(said) && (() => {
            const r = e.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
        })());
    return {seen: seen.length, next: document.querySelector('#t-next').getBoundingClientRect()
        .bottom, screen: window.innerHeight};
}"""


@pytest.mark.parametrize("size", [(1300, 860), (390, 844)])
@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_step_number_is_in_sight_with_the_step(
    browser: Any, server: Server, name: str, size: tuple[int, int]
) -> None:
    for k, page in enumerate(guided_steps(browser, server, name, size), 1):
        m = page.evaluate(SEEN, k)
        assert m["seen"] >= 1 and m["next"] <= m["screen"], (name, k, m)
