"""A guided game keeps its step's number in sight: opening a step on a desktop scrolled the page
to the step's request and board, past the "Step 1 of 8" under the title, so that a newcomer read
the step without knowing where in the game it stood."""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server

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
    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 700)
    ctx.set_default_timeout(600_000)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/learn/{name}")
        page.wait_for_function("() => document.body.dataset.ready === 'yes'")
        for k in range(1, len(LESSONS[name]["guide"]) + 1):
            if k > 1:  # as a link to the step would show it
                page.evaluate(f"() => {{ location.hash = '#step-{k}'; }}")
                page.wait_for_function(
                    f"() => document.querySelector('.guided').dataset.step === '{k}'"
                )
            m = page.evaluate(SEEN, k)
            assert m["seen"] >= 1 and m["next"] <= m["screen"], (name, k, m)
    finally:
        ctx.close()
