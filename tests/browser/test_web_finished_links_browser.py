"""A finished game offers a link to view it, not to continue it on another device.

Once a game was over, its page still offered "Continue on another device" and my games still
offered a one-time "seat link for another device": there is nothing left to continue, and a
finished game can be viewed and replayed anywhere through its plain link, which works for
anyone and any number of times. The game page now names that link for what it is and offers no
seat link once the game is over (the button goes away as the game ends); my games offers the
plain link of a finished game.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_game_over_browser import OVER, create

pytestmark = pytest.mark.browser

#: The game page's links once the game is over: no seat link, the game's link said to view it.
OVER_LINKS = """() => !document.getElementById('device-btn')
    && [...document.querySelectorAll('#share-links label')].some(
        (l) => l.textContent.includes('view and replay'))"""


def test_the_end_of_a_game_takes_away_the_offer_to_continue_it(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    body = {"game": "churn", "options": {"size": 3}, "mode": "computer", "level": "random"}
    g = create(page, server, body)
    page.goto(f"{server.url}/game/{g['id']}")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    assert page.inner_text("#device-btn") == "Continue on another device"  # while it goes on
    page.click("#resign-btn")
    page.click("#resign-btn")  # pressed again to confirm
    page.wait_for_function(OVER)
    page.wait_for_function(OVER_LINKS)
    link = page.locator("#share-links .share-link").last.input_value()
    assert link == f"{server.url}/game/{g['id']}"
    # a finished game opened afresh says the same
    page.reload()
    page.wait_for_function(OVER)
    page.wait_for_function(OVER_LINKS)
    # an undo takes the resignation back: the game goes on, and the offer comes back
    page.click("#undo-btn")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    page.wait_for_function("() => document.getElementById('device-btn')")
    assert "Spectators' link" in page.inner_text("#share-links")
    page.click("#resign-btn")
    page.click("#resign-btn")
    page.wait_for_function(OVER)
    page.wait_for_function(OVER_LINKS)
    # my games offers the game's own link for a finished game, a seat link for one in play
    playing = create(page, server, {"game": "churn", "options": {"size": 3}, "mode": "local"})
    page.goto(f"{server.url}/game/{playing['id']}")  # remembered in my games as it is opened
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    page.goto(server.url + "/")
    for gid, summary in ((g["id"], "link to view this game"), (playing["id"], "seat link")):
        item = f"#mygames li[data-id='{gid}']"
        page.wait_for_selector(item)
        assert page.inner_text(f"{item} summary").startswith(summary)
        page.click(f"{item} summary")
        page.wait_for_function(
            "(sel) => document.querySelector(sel + ' input.seat-link').value", arg=item
        )
    done = page.input_value(f"#mygames li[data-id='{g['id']}'] input.seat-link")
    assert done == f"{server.url}/game/{g['id']}"
    going = page.input_value(f"#mygames li[data-id='{playing['id']}'] input.seat-link")
    assert going.startswith(f"{server.url}/game/{playing['id']}#device=")
