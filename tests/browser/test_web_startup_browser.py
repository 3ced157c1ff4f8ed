"""While the game page is still starting (taking up a turn half made before a reload, using a
seat link), its controls wait: nothing shown can be used before it works.

The page drew the game, "your turn" and its buttons after its first answer, but gave the buttons
and the move field their handlers only once it had finished starting: a click on Resign, Undo or
Hint in between was lost, and Enter in the move field sent the form the browser's own way,
reloading the page.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_reload_browser import PARTIAL, click
from tests.browser.test_web_teaching_browser import IDLE, new_local_game

pytestmark = pytest.mark.browser

#: Every answer about a turn under way (the page's look at its half-made turn) 3 s late.
SLOW_CONTINUATIONS = """(() => {
    const fetchNow = window.fetch;
    window.fetch = async (url, init) => {
        if (String(url).endsWith('/continuations')) await new Promise((r) => setTimeout(r, 3000));
        return fetchNow(url, init);
    };
})();"""


def test_the_controls_wait_until_the_page_has_started(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {"setup": "standard"})
    click(page, "d11")  # a turn begun: the reload takes it up, asking the server where it stands
    page.add_init_script(SLOW_CONTINUATIONS)
    page.reload()
    page.wait_for_function("() => !document.getElementById('type-form').hidden")
    page.evaluate("() => { window.sameDocument = true; }")
    # the game is drawn while the half-made turn is still being taken up
    assert page.evaluate("() => document.body.dataset.busy") == "yes"
    assert page.is_disabled("#resign-btn")
    page.fill("#type-input", "d10")
    page.press("#type-input", "Enter")
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.sameDocument === true")  # not reloaded by the form
    page.wait_for_function(IDLE)
    assert page.evaluate(PARTIAL) == ["1", "d11"]  # the turn taken up, nothing else played
    assert page.evaluate("() => window.sameDocument === true")
    assert page.is_enabled("#resign-btn")
    page.press("#type-input", "Enter")  # now the move field plays: d11 to d10
    page.wait_for_function("() => document.body.dataset.partial === '2'")
