"""The new-game form shows an option only when it applies, and sends only those: Throngs' size
only with the hex board (and its standard set-up only on the original board), Churn's size only
while no irregular sides are given, China Grove's seed and islands only while no board is
pasted (a pasted board brings its own islands, and the form's seed 1 would have been recorded
as the board's origin).

Throngs' size field used to show with every board, where it means nothing, and a size typed
there made the server refuse the game. The start requests are caught and answered by the test,
so no game is made (and nothing compiles).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import Server

pytestmark = pytest.mark.browser


def _home(context: Any, server: Server) -> tuple[Any, list[dict[str, Any]]]:
    """The home page, with every start request caught (its body kept, answered 400)."""
    page = context.new_page()
    sent: list[dict[str, Any]] = []

    def catch(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(json.loads(route.request.post_data))
        route.fulfill(
            status=400, content_type="application/json", body='{"error": "caught by the test"}'
        )

    page.route("**/api/games", catch)
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.check("input[name=mode][value=local]")
    return page, sent


def _start(page: Any, sent: list[dict[str, Any]]) -> dict[str, Any]:
    """Press Start; the options the form sent."""
    before = len(sent)
    page.click("#ng-start")
    page.wait_for_function("() => !document.getElementById('ng-start').disabled")
    assert len(sent) == before + 1
    options: dict[str, Any] = sent[-1]["options"]
    return options


def _shown(page: Any, option: str) -> bool:
    return bool(page.is_visible(f"#opt-{option}"))


def test_throngs_size_shows_only_with_the_hex_board(context: Any, server: Server) -> None:
    page, sent = _home(context, server)
    page.select_option("#ng-game", "throngs")
    assert page.input_value("#opt-board") == "original"
    assert not _shown(page, "size")
    assert _start(page, sent) == {
        "board": "original",
        "setup": "choose",
        "no_stalling": False,
        "repetition": "third",
    }
    page.select_option("#opt-board", "hex")
    assert _shown(page, "size")
    assert page.input_value("#opt-size") == "5"  # the hex board's own default
    page.fill("#opt-size", "7")
    assert _start(page, sent)["size"] == 7
    page.select_option("#opt-board", "large")
    assert not _shown(page, "size")
    options = _start(page, sent)
    assert "size" not in options and options["board"] == "large"


def test_throngs_standard_setup_only_on_the_original_board(context: Any, server: Server) -> None:
    page, sent = _home(context, server)
    page.select_option("#ng-game", "throngs")
    page.select_option("#opt-setup", "standard")
    page.select_option("#opt-board", "large")
    # the standard set-up is the original board's: it goes back to choose, and cannot be picked
    assert page.input_value("#opt-setup") == "choose"
    assert page.is_disabled("#opt-setup option[value=standard]")
    assert _start(page, sent)["setup"] == "choose"
    page.select_option("#opt-board", "original")
    assert page.is_enabled("#opt-setup option[value=standard]")


def test_throngs_setup_help_names_only_the_set_ups_offered(context: Any, server: Server) -> None:
    # on the hex and large boards the help still read "choose (the sheet's set-up) or standard",
    # although only choose is offered there
    page, _ = _home(context, server)
    page.select_option("#ng-game", "throngs")
    help_text = page.locator("#opt-setup + .hint-text")
    original = help_text.inner_text()
    assert "choose (" in original and "or standard (" in original
    assert "sheet" not in original  # a stranger has no sheet
    for board in ("hex", "large"):
        page.select_option("#opt-board", board)
        text = help_text.inner_text()
        assert "choose (" in text and "or standard" not in text
        assert "standard: only with board original" in text
    page.select_option("#opt-board", "original")
    assert help_text.inner_text() == original


def test_churn_size_hides_while_sides_are_given(context: Any, server: Server) -> None:
    page, sent = _home(context, server)
    page.select_option("#ng-game", "churn")
    assert _shown(page, "size") and _shown(page, "sides")
    page.fill("#opt-sides", "3,4,3,4,3,4")
    assert not _shown(page, "size")
    assert _start(page, sent) == {"sides": "3,4,3,4,3,4"}
    page.fill("#opt-sides", "")
    assert _shown(page, "size")
    assert _start(page, sent) == {"size": 3}


def test_china_grove_seed_and_islands_hide_while_a_board_is_given(
    context: Any, server: Server
) -> None:
    page, sent = _home(context, server)
    page.select_option("#ng-game", "china-grove")
    assert _shown(page, "board_seed") and _shown(page, "islands")
    page.fill("#opt-board", "a1 b1 c1")
    assert not _shown(page, "board_seed") and not _shown(page, "islands")
    options = _start(page, sent)
    assert options["board"] == "a1 b1 c1"
    assert "board_seed" not in options and "islands" not in options


def test_the_name_is_asked_only_where_it_is_kept(context: Any, server: Server) -> None:
    # "Your name (optional)" showed for a game on one screen too, and what was typed there was
    # dropped without a word (the page sends a name only for a seat of one's own)
    page, sent = _home(context, server)  # the form is on "a person on this screen"
    assert not page.is_visible("#ng-name")
    page.check("input[name=mode][value=online]")
    assert page.is_visible("#ng-name")
    page.fill("#ng-name", "Ann")
    _start(page, sent)
    assert sent[-1]["name"] == "Ann"
    page.check("input[name=mode][value=computer]")
    assert page.is_visible("#ng-name")


def test_an_import_against_the_computer_asks_its_level_and_side(
    context: Any, server: Server
) -> None:
    # the import took the level of the new-game form, hidden unless that form was set to play
    # the computer, and always gave the person the first player's side
    page, _ = _home(context, server)  # the new-game form is on "a person on this screen"
    sent: list[dict[str, Any]] = []

    def catch(route: Any) -> None:
        sent.append(json.loads(route.request.post_data))
        route.fulfill(status=400, content_type="application/json", body='{"error": "caught"}')

    page.route("**/api/games/import", catch)
    assert not page.is_visible("#import-level")
    page.select_option("#import-mode", "computer")
    assert page.is_visible("#import-level") and page.is_visible("#import-seat")
    page.select_option("#import-level", "hard")
    page.select_option("#import-seat", "1")
    page.fill("#import-text", '[Game "churn"]\n\n1. c3\n*\n')
    page.click("#import-go")
    page.wait_for_function("() => !document.getElementById('import-go').disabled")
    assert sent[-1] == {
        "record": '[Game "churn"]\n\n1. c3\n*\n',
        "mode": "computer",
        "level": "hard",
        "seat": 1,
    }
    page.select_option("#import-mode", "local")
    assert not page.is_visible("#import-level")
