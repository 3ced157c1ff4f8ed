"""The rules pages and guided games while the engine is not ready (a server's first start).

The pictures of a rules page and the boards of a guided game are positions built by the game's
engine, which a server compiles on its first start (a minute and more for a game, measured at
75 s for Scrunch's rules page while the computer players were being prepared beside it). The
pages said "Loading…" all that time, and the rules page showed none of its words, which need no
engine. Now the words come at once, from ``/api/rules/GAME/text``, and the page says what it is
waiting for. Here the answer with the positions is held back in the page until the test lets it
through: the wait of a first start, made certain. The page says it waits only when the server
says the engine is not loaded (``engine_ready`` in the words' answer), and then at once: it
said so after a fixed second, whatever the engine's state (the clock is the page's, moved by
the test).
"""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser

#: Installed in a page: the answer to ``/api/rules/GAME`` or ``/api/learn/GAME`` (the positions)
#: is held back until ``window.letThrough`` is set.
HOLD_POSITIONS = """(() => {
    const fetchNow = window.fetch;
    window.fetch = async (url, init) => {
        const answer = fetchNow(url, init);
        if (/\\/api\\/(rules|learn)\\/[a-z-]+$/.test(String(url))) {
            await new Promise((done) => {
                const timer = setInterval(() => {
                    if (window.letThrough) { clearInterval(timer); done(); }
                }, 20);
            });
        }
        return answer;
    };
})()"""

WAITING = "() => !document.getElementById('t-wait').hidden"
READY = "() => document.body.dataset.ready === 'yes'"


def test_the_rules_words_come_at_once_and_the_wait_is_explained(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.add_init_script(HOLD_POSITIONS)
    page.goto(f"{server.url}/rules/scrunch#removal")
    page.wait_for_function(WAITING)
    assert page.text_content("#t-title") == "How to play Scrunch"
    headings = page.eval_on_selector_all("#t-body section h2", "hs => hs.map((h) => h.textContent)")
    assert len(headings) >= 4 and headings[-1] == "Options"
    wait = page.text_content("#t-wait") or ""
    assert "rules engine of Scrunch" in wait and "first start" in wait
    assert "The pictures appear" in wait
    assert page.locator("#t-body svg").count() == 0
    assert page.locator(".pictures-wait").count() >= 1
    page.evaluate("() => { window.letThrough = true; }")
    page.wait_for_function(READY)
    assert page.is_hidden("#t-wait")
    assert page.locator(".pictures-wait").count() == 0
    assert page.locator("#t-body svg .cell").count() > 0


def test_the_guided_game_says_what_it_waits_for(context: Any, server: Server) -> None:
    page = context.new_page()
    page.add_init_script(HOLD_POSITIONS)
    page.goto(f"{server.url}/learn/throngs")
    page.wait_for_function(WAITING)
    assert page.text_content("#t-title") == "Throngs: a guided first game"
    wait = page.text_content("#t-wait") or ""
    assert "rules engine of Throngs" in wait and "The board appears" in wait
    page.evaluate("() => { window.letThrough = true; }")
    page.wait_for_function(READY)
    assert page.is_hidden("#t-wait")
    assert page.locator("#t-body svg .cell").count() > 0


def test_a_game_without_a_page_is_not_found(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/rules/chess")
    page.wait_for_function("() => document.getElementById('t-title').textContent === 'Not found'")
    assert "there is no game 'chess'" in (page.text_content("#t-summary") or "")


#: The words of the page rendered, the positions' answer still held.
WORDS = "t => document.getElementById('t-title').textContent === t"


def test_a_loaded_engine_brings_no_waiting_words(context: Any, server: Server) -> None:
    """The server says its engine is loaded: the page does not say it waits for it, however
    long the positions take (it said so after a second, whatever the engine's state)."""
    assert httpx2.get(server.url + "/api/rules/churn", timeout=300).status_code == 200
    page = context.new_page()
    page.clock.install(time=1_000)
    page.clock.pause_at(1_000_000)  # the page's timers fire only as the test moves the clock
    page.add_init_script(HOLD_POSITIONS)
    page.goto(f"{server.url}/rules/churn")
    page.wait_for_function(WORDS, arg="How to play Churn")
    page.clock.run_for(10_000)
    assert page.is_hidden("#t-wait")
    page.evaluate("() => { window.letThrough = true; }")
    page.clock.resume()
    page.wait_for_function(READY)
    assert page.is_hidden("#t-wait")


def test_an_engine_not_loaded_is_named_at_once(context: Any, server: Server) -> None:
    """The server says its engine is not loaded: the page says so as soon as its words are
    shown, not a second later, and counts the seconds."""
    page = context.new_page()
    page.clock.install(time=1_000)
    page.clock.pause_at(1_000_000)
    page.add_init_script(HOLD_POSITIONS)
    page.goto(f"{server.url}/learn/gyre")
    page.wait_for_function(WORDS, arg="Gyre: a guided first game")
    assert page.is_visible("#t-wait")
    assert "(0 s so far)" in (page.text_content("#t-wait") or "")
    page.clock.run_for(3_000)
    assert "(3 s so far)" in (page.text_content("#t-wait") or "")
    page.evaluate("() => { window.letThrough = true; }")
    page.clock.resume()
    page.wait_for_function(READY)
    assert page.is_hidden("#t-wait")
