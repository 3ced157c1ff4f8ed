"""Starting a game in a real browser: the Start button holds while the server makes the game
(which, on a server that has just started, waits for the game's kernels to compile), a second
press makes no second game, a refused start gives the button back with the server's reason,
and the pages load with no failed request (the icon included)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def _home(context: Any, server: Server) -> tuple[Any, list[str]]:
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on(
        "response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    return page, problems


def test_start_holds_the_button_and_makes_one_game(context: Any, server: Server) -> None:
    page, problems = _home(context, server)
    held: list[Any] = []
    page.route(
        "**/api/games",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    page.select_option("#ng-game", "churn")
    page.check("input[name=mode][value=local]")
    page.click("#ng-start")
    page.wait_for_function("() => document.getElementById('ng-start').disabled", timeout=10_000)
    assert page.text_content("#ng-start") == "Starting…"
    page.click("#ng-start", force=True)  # a second press while the first is under way
    page.wait_for_timeout(300)
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_url("**/game/*")
    page.wait_for_function("() => document.getElementById('status').dataset.state !== ''")
    games = json.loads(page.evaluate("() => fetch('/api/games').then(r => r.text())"))["games"]
    assert len(games) == 1
    assert problems == []


def test_a_refused_start_gives_the_button_back(context: Any, server: Server) -> None:
    page, _ = _home(context, server)
    page.route(
        "**/api/games",
        lambda route: route.fulfill(
            status=429,
            content_type="application/json",
            body=json.dumps({"error": "too many new games from this address; wait a minute"}),
        ),
    )
    page.click("#ng-start")
    page.wait_for_function("() => !document.getElementById('message').hidden")
    assert "too many new games" in page.text_content("#message")
    assert not page.is_disabled("#ng-start")
    assert page.text_content("#ng-start") == "Start"
    assert page.url.endswith("/")


def test_the_guide_pages_load_with_no_failed_request(context: Any, server: Server) -> None:
    page, problems = _home(context, server)
    page.goto(server.url + "/rules/gyre")
    page.wait_for_load_state("networkidle")
    assert problems == []
