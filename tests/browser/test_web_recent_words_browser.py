"""The recent games say how each is played in the new-game form's words, and who won in words.

The list named a game's mode as the API does ("local: 3 turns, in play", "online: ..."), words
the form never uses: it offers "the computer", "a person on this screen" and "a person
elsewhere". A finished game's result was the record's "0-1" (the recent games) or "finished
(0-1)" (my games), which a newcomer cannot read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_game_over_browser import call, create

pytestmark = pytest.mark.browser


def test_the_recent_games_name_their_opponents_as_the_form_does(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    small = {"game": "churn", "options": {"size": 3}}
    local = create(page, server, {**small, "mode": "local"})["id"]
    online = create(page, server, {**small, "mode": "online"})["id"]
    cpu = create(page, server, {**small, "mode": "computer", "level": "random", "seat": 1})["id"]
    status, _ = call(page, f"/api/games/{local}/resign", {"version": 0})
    assert status == 200
    page.goto(server.url + "/")
    page.wait_for_selector(f"#recent a[href='/game/{cpu}']")
    rows = {
        gid: page.inner_text(f"#recent li:has(a[href='/game/{gid}'])")
        for gid in (local, online, cpu)
    }
    for said in rows.values():
        assert not re.search(r"\)\s+(local|online|computer)\b", said), said
    assert "on one screen" in rows[local]
    assert "a person elsewhere" in rows[online]
    assert "against the computer" in rows[cpu]
    # who won in words, then the game's own words, as the game page says them
    assert "player 2 won: Red resigned" in rows[local]
    assert "0-1" not in rows[local]


def test_my_games_say_whether_i_won(context: Any, server: Server) -> None:
    page = context.new_page()
    small = {"game": "churn", "options": {"size": 3}}
    lost = create(page, server, {**small, "mode": "computer", "level": "random", "seat": 0})["id"]
    both = create(page, server, {**small, "mode": "local"})["id"]
    for gid, body in ((lost, {"version": 0}), (both, {"version": 0, "seat": 0})):
        status, _ = call(page, f"/api/games/{gid}/resign", body)
        assert status == 200
        page.goto(f"{server.url}/game/{gid}")  # seen here: kept in my games
        page.wait_for_function("() => document.getElementById('status').dataset.state === 'over'")
    page.goto(server.url + "/")
    page.wait_for_selector(f"#mygames li[data-id='{both}']")
    mine = page.inner_text(f"#mygames li[data-id='{lost}'] .mygame-details")
    assert "finished: you lost" in mine and "0-1" not in mine
    assert "finished: player 2 won" in page.inner_text(
        f"#mygames li[data-id='{both}'] .mygame-details"
    )


def test_a_recent_game_of_mine_says_it_is_my_game(context: Any, server: Server) -> None:
    """A recent game this browser plays in was marked "against the computer, yours: 3 turns",
    which reads as if the turns were yours; it says "your game"."""
    page = context.new_page()
    small = {"game": "churn", "options": {"size": 3}}
    cpu = create(page, server, {**small, "mode": "computer", "level": "random", "seat": 1})["id"]
    other = create(page, server, {**small, "mode": "local"})["id"]
    page.goto(server.url + "/")
    page.evaluate(f"() => localStorage.setItem('hexarena-mine-{cpu}', '1')")
    page.evaluate(f"() => localStorage.removeItem('hexarena-mine-{other}')")
    page.evaluate(f"() => localStorage.removeItem('hexarena-token-{other}')")
    page.reload()
    page.wait_for_selector(f"#recent a[href='/game/{other}']")
    mine = page.inner_text(f"#recent li:has(a[href='/game/{cpu}'])")
    assert "against the computer, your game: " in mine, mine
    assert "yours" not in mine
    assert "your game" not in page.inner_text(f"#recent li:has(a[href='/game/{other}'])")
