"""What a stranger trying the app on a phone or a desktop ran into: each test is one thing found
so, written before it was put right."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_teaching_browser import new_local_game

pytestmark = pytest.mark.browser

MY_TURN = "() => document.getElementById('status').dataset.state === 'your-turn'"


def test_an_empty_import_asks_for_a_record_in_plain_words(browser: Any, server: Server) -> None:
    # it answered with the API's own words: "the request needs 'record': ..."
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.click("#import-go")
    page.wait_for_selector("#message:not([hidden])")
    said = page.inner_text("#message")
    assert said == "Paste a game record into the box, or choose a file, then press Import."
    assert page.evaluate("document.activeElement.id") == "import-text"
    assert page.evaluate("async () => (await (await fetch('/api/games')).json()).games") == []
    ctx.close()


def test_the_levels_run_from_weakest_to_strongest_before_the_searches_by_name(
    context: Any, server: Server
) -> None:
    # the list began with "uct" and "mcts", names a stranger does not know, before "easy"
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-level option", state="attached")
    names = page.eval_on_selector_all("#ng-level option", "els => els.map(e => e.value)")
    assert names[:5] == ["random", "easy", "medium", "hard", "perfect"]
    assert sorted(names[5:]) == ["mcts", "uct"]
    assert page.eval_on_selector("#ng-level", "e => e.value") == "easy"  # the default stays
    # each name a stranger does not know says what it is; perfect, what it does on this board
    words = dict(
        zip(
            names,
            page.eval_on_selector_all("#ng-level option", "els => els.map(e => e.textContent)"),
            strict=True,
        )
    )
    assert words["random"] == "random (any legal move)"
    # "strongest" is said of one level only (the perfect player on a solved board)
    assert words["mcts"] == "mcts (the levels' search, by its name)"
    assert words["uct"] == "uct (plain search, for comparison)"
    page.select_option("#ng-game", "gyre")  # side 7: not solved
    page.wait_for_function(
        "() => [...document.querySelectorAll('#ng-level option')].some("
        "(o) => o.textContent === 'perfect (proven wins where it finds them, else as mcts)')"
    )


def test_typing_swap_when_it_is_not_offered_says_so(context: Any, server: Server) -> None:
    # it said "swap is not a cell of this board or an action of this game" in Churn, a game
    # with the swap
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", "churn")
    page.check("input[name=mode][value=local]")
    page.click("#ng-start")
    page.wait_for_url("**/game/*")
    page.wait_for_function(MY_TURN, timeout=300_000)
    page.fill("#type-input", "swap")  # Red's first turn: nothing to swap yet
    page.click("#type-go")
    page.wait_for_selector("#refusal:not([hidden])")
    assert page.inner_text("#refusal") == (
        "swap cannot be played now: the swap is offered once, to the second player on their "
        "first turn"
    )
    page.fill("#type-input", "nonsense")
    page.click("#type-go")
    page.wait_for_function(
        "() => document.getElementById('refusal').textContent.startsWith('nonsense')"
    )
    assert "is not a cell of this board or an action of this game" in page.inner_text("#refusal")


def test_a_long_number_in_the_form_is_refused_as_typed(context: Any, server: Server) -> None:
    # the page sent 40 nines as the float 1e+40: "must be a number, text or yes/no, not 1e+40"
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", "china-grove")
    page.check("input[name=mode][value=local]")
    page.fill("#opt-board_seed", "9" * 40)
    page.click("#ng-start")
    # the field knows the seed's range (0 to 2**31 - 1), so the browser itself refuses the
    # number, naming the bound, and no game is made
    said = page.eval_on_selector("#opt-board_seed", "e => e.validationMessage")
    assert "2147483647" in said and "e+" not in said, said
    assert "/game/" not in page.url
    # sent anyway, as the page sends a long number (as typed), the server refuses it too
    for typed, why in (("9" * 40, "more than 30 digits"), ("4294967296", "at most 2147483647")):
        answer = page.request.post(
            server.url + "/api/games",
            data={"game": "china-grove", "options": {"board_seed": typed}, "mode": "local"},
        )
        assert answer.status == 400 and why in answer.text(), answer.text()


def test_a_hint_tried_too_few_times_gives_no_value(context: Any, server: Server) -> None:
    # on an empty Gyre board a busy machine's hint read "h1 — tried 2 times, value 100%" for
    # five moves: a value from two playouts. The server's answer is stood in for here, so that
    # no search needs compiling.
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", "churn")
    page.check("input[name=mode][value=local]")
    page.click("#ng-start")
    page.wait_for_url("**/game/*")
    page.wait_for_function(MY_TURN, timeout=300_000)
    few = {"action": 9, "text": "c3", "visits": 2, "value": 1.0}
    many = {"action": 0, "text": "a3", "visits": 40, "value": 0.55}
    answer = {"level": "medium", "suggestions": [few, many], "actions": []}
    page.route(
        "**/hint", lambda route: route.fulfill(json=answer, headers={"Cache-Control": "no-store"})
    )
    page.click("#hint-btn")
    page.wait_for_selector("#hints li")
    items = page.locator("#hints li").all_inner_texts()
    assert items == ["c3 — tried 2 times, too few to judge", "a3 — tried 40 times, value 55%"]
    # what the value is, said beside it (a stranger read "value 55%" as nothing in particular)
    assert page.inner_text("#hints .hint-text") == (
        "A value is the share of the computer's trial games after that move that Red won."
    )


def test_the_home_page_fits_a_small_phone(browser: Any, server: Server) -> None:
    # at 320 pixels its panels were 320 wide inside the page's margins: 6 pixels of sideways
    # scrolling
    ctx = browser.new_context(viewport={"width": 320, "height": 640}, is_mobile=True)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    assert page.evaluate("document.documentElement.scrollWidth") == 320
    right = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.panel')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 320
    ctx.close()


def test_one_turn_is_one_turn(context: Any, server: Server) -> None:
    # the move list's heading and the home page's lists read "1 turns"
    page = context.new_page()
    gid = new_local_game(page, server, "churn", {"size": 3})
    page.click("#board .cell[data-name=c3]")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 1")
    assert page.inner_text("#moves-count") == "(1 turn)"
    page.goto(server.url + "/")
    page.wait_for_selector(f"#recent a[href='/game/{gid}']")
    assert "1 turn," in page.inner_text("#recent")
    assert "1 turn ·" in page.inner_text("#mygames")


def test_undo_pressed_while_replaying_shows_the_game_it_undid(context: Any, server: Server) -> None:
    # stepping back through a game and pressing Undo changed the live game, but the page stayed
    # on the turn replayed: after two undos it read "turn 3/2", a turn no longer in the game
    page = context.new_page()
    new_local_game(page, server, "churn", {"size": 3})
    for n in range(1, 5):
        page.locator("#board .cell.legal").first.click()
        page.wait_for_function(f"() => document.querySelectorAll('#moves li').length === {n}")
        page.wait_for_function(MY_TURN)
    page.click("#rp-prev")
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'turn 3/4'")
    page.click("#undo-btn")
    page.wait_for_function(
        "() => document.getElementById('rp-label').textContent === 'live'"
        " && document.querySelectorAll('#moves li').length === 3"
    )
    page.wait_for_function(MY_TURN)
    assert page.locator("#board circle.stone").count() == page.evaluate(
        "async () => (await (await fetch(location.pathname.replace('/game/', '/api/games/')))"
        ".json()).cells.filter((c) => c !== '.' && c !== '').length"
    )
    page.click("#rp-prev")  # replaying again, an undo by another tab leaves the page in replay
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'turn 2/3'")
    page.evaluate(
        "async () => fetch(location.pathname.replace('/game/', '/api/games/') + '/undo', {"
        "method: 'POST', headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({version: Number(document.body.dataset.version)})})"
    )
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 2")
    # the turn replayed is now the game's last: the page shows the live game
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'live'")


def test_the_swap_map_counts_one_opening_in_the_singular(context: Any, server: Server) -> None:
    # Gyre's map (side 7, the search's) read "1 openings are within 5 points of even"
    page = context.new_page()
    new_local_game(page, server, "gyre", {})
    page.wait_for_selector("#swapmap-wrap", state="visible")
    page.check("#swapmap-toggle")
    page.wait_for_function("() => document.getElementById('swapmap-summary').textContent")
    summary = page.inner_text("#swapmap-summary")
    assert "1 opening is within 5 points of even" in summary, summary
    assert "1 openings" not in summary, summary
    page.select_option("#swapmap-by", "random")  # the random player's: many openings
    page.wait_for_function(
        "() => / openings are within 5 points of even/.test("
        "document.getElementById('swapmap-summary').textContent)"
    )
