"""A guided game on a phone: each step's request, its board and its buttons on one screen.

On a 390 x 844 screen the games' links, the title, the links and the aim took 430 px above the
step's request, so that the board began near the screen's foot and the step's buttons were a
screen further down (Churn's first step ended at 1114 px, China Grove's at 1214): the reader
scrolled to and fro between the request and the board at every step.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from hexarena.web.lessons import LESSONS
from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import shot

pytestmark = pytest.mark.browser

#: Where the step's request, board and buttons stand on the screen (CSS px, from its top).
PLACES = """() => {
    const at = (s) => document.querySelector(s).getBoundingClientRect();
    return {ask: at('.guided .ask').top, board: at('.guided svg').bottom,
        next: at('#t-next').bottom, screen: window.innerHeight};
}"""


def guided_steps(browser: Any, server: Server, name: str, size: tuple[int, int]) -> Iterator[Any]:
    """A page on a screen of ``size`` (width, height) showing each step of ``name``'s guided
    game in turn, as a link to the step would (``#step-k``), yielded with the step shown."""
    width, height = size
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 700)
    ctx.set_default_timeout(600_000)
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/learn/{name}")
        page.wait_for_function("() => document.body.dataset.ready === 'yes'")
        for k in range(1, len(LESSONS[name]["guide"]) + 1):
            if k > 1:
                page.evaluate(f"() => {{ location.hash = '#step-{k}'; }}")
                page.wait_for_function(
                    f"() => document.querySelector('.guided').dataset.step === '{k}'"
                )
            yield page
    finally:
        ctx.close()


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_each_step_fits_a_phone_screen(browser: Any, server: Server, name: str) -> None:
    for k, page in enumerate(guided_steps(browser, server, name, (390, 844)), 1):
        m = page.evaluate(PLACES)
        assert m["ask"] >= 0 and m["board"] <= m["next"] <= m["screen"], (name, k, m)
        shot(page, f"guided-phone-{name}-{k}")
