"""The web app in a real browser: every game played to the end by clicks, online play between
two browser contexts with a spectator, a refused move by the wrong seat, a server restart in
the middle of a game, and the controls around the board (swap, cancel, undo, hint, replay,
export and import)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hexarena.ai import player_names
from hexarena.games import game_names
from tests.browser.conftest import Server
from tests.browser.pictures import save_picture
from tests.conftest import ACTION_CAP, SMALL_OPTIONS

pytestmark = pytest.mark.browser

#: The quickest computer player on offer.
FAST = "random" if "random" in player_names() else player_names()[0]
#: Clicks after which a game that has not ended is resigned (no game here needs that many on
#: its small board, but a cap keeps a broken game from running forever).
MAX_CLICKS = 3000

READY = """() => document.body.dataset.busy === 'no'
    && ['your-turn', 'over'].includes(document.getElementById('status').dataset.state)"""
CHANGED = """k => document.body.dataset.busy === 'no'
    && (document.body.dataset.version + '/' + document.body.dataset.partial) !== k"""


def wait_moves(page: Any, n: int) -> None:
    """Wait until the move list shows ``n`` turns and the page has finished that update.

    The page draws the move list while it is still busy with the move, and its controls once it
    is idle again, so the count alone is not enough.
    """
    page.wait_for_function(
        f"""() => document.querySelectorAll('#moves li').length === {n}
            && document.body.dataset.busy === 'no'"""
    )


# ---------------------------------------------------------------- helpers
def start_game(
    page: Any,
    server: Server,
    game: str,
    mode: str,
    options: dict[str, Any] | None = None,
    seat: int = 0,
) -> str:
    """Fill in the new-game form and start; returns the game id."""
    page.goto(server.url + "/")
    page.wait_for_selector("#ng-game option", state="attached")
    page.select_option("#ng-game", game)
    for name, value in (options if options is not None else SMALL_OPTIONS.get(game, {})).items():
        field = page.locator(f"#opt-{name}")
        if field.get_attribute("data-kind") == "flag":
            field.set_checked(bool(value))
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(",".join(map(str, value)) if isinstance(value, list | tuple) else str(value))
    page.check(f"input[name=mode][value={mode}]")
    if mode == "computer":
        page.select_option("#ng-level", FAST)
        page.select_option("#ng-seat", str(seat))
    page.click("#ng-start")
    page.wait_for_url("**/game/*")
    # the first game of a kind in a fresh server may wait for its rules to compile
    page.wait_for_function(
        "() => document.getElementById('status').dataset.state !== ''", timeout=300_000
    )
    return str(page.url.rsplit("/", 1)[1])


def state_key(page: Any) -> str:
    return str(
        page.evaluate("() => document.body.dataset.version + '/' + document.body.dataset.partial")
    )


def status(page: Any) -> str:
    return str(page.get_attribute("#status", "data-state"))


def click_action(page: Any, rng: random.Random) -> None:
    """Click one of the highlighted legal cells or destinations or offered special buttons, and
    wait for it."""
    cells = page.locator("svg .cell.legal, svg .cell.dest")
    specials = page.locator("#specials button")
    n, m = cells.count(), specials.count()
    assert n + m > 0, "it is our turn, so something must be playable"
    k = rng.randrange(n + m)
    before = state_key(page)
    if k < n:
        cells.nth(k).click()
    else:
        specials.nth(k - n).click()
    page.wait_for_function(CHANGED, arg=before)


def stones(page: Any) -> int:
    return int(page.locator("svg circle.stone").count())


def moves_listed(page: Any) -> int:
    return int(page.locator("#moves li").count())


# ---------------------------------------------------------------- every game, to the end
def play_to_the_end(page: Any, game: str, rng: random.Random) -> int:
    """Click legal cells and offered buttons until the game is over (resigning past the cap);
    the number of clicks made."""
    cap = ACTION_CAP.get(game) or MAX_CLICKS
    clicks = 0
    while True:
        page.wait_for_function(READY)
        if status(page) == "over":
            break
        if clicks >= cap:
            page.click("#resign-btn")
            page.click("#resign-btn")
            page.wait_for_function(
                "() => document.getElementById('status').dataset.state === 'over'"
            )
            break
        click_action(page, rng)
        clicks += 1
    assert clicks > 0
    panel = page.locator("#gameover")
    assert panel.is_visible()
    assert " win" in page.inner_text("#go-winner")  # "you win", or who wins
    assert page.inner_text("#go-reason").strip()
    assert page.locator("svg .cell.legal").count() == 0
    return clicks


@pytest.mark.parametrize("game", game_names())
def test_play_every_game_to_the_end_against_the_computer(
    context: Any, server: Server, game: str
) -> None:
    page = context.new_page()
    start_game(page, server, game, "computer")
    assert page.locator("#players .seat").count() == 2
    assert "you" in page.locator("#players .seat").nth(0).inner_text()
    play_to_the_end(page, game, random.Random(1))
    save_picture(page, game)


@pytest.mark.parametrize("game", game_names())
def test_play_every_game_to_the_end_on_a_phone(browser: Any, server: Server, game: str) -> None:
    """A 390-px phone: both sides' turns by taps alone, cells large enough to tap."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        start_game(page, server, game, "local")
        width = page.evaluate(
            "() => document.querySelector('#board .cell polygon').getBoundingClientRect().width"
        )
        assert width >= 24  # the board fits the screen: China Grove's labyrinth, the widest, 27
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390 + 1
        play_to_the_end(page, game, random.Random(2))
    finally:
        ctx.close()


# ---------------------------------------------------------------- online play
def test_online_game_between_two_browsers_with_a_spectator(browser: Any, server: Server) -> None:
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(5)]
    try:
        for c in ctx:
            c.set_default_timeout(120_000)
        alice, bob, carol, mallory, phone = (c.new_page() for c in ctx)
        gid = start_game(alice, server, "churn", "online", {"size": 3})
        links = alice.locator(".share-link")
        assert links.count() == 2
        bob_link, spectator_link = links.nth(0).input_value(), links.nth(1).input_value()
        assert "#invite=" in bob_link and spectator_link.endswith(f"/game/{gid}")
        assert "not joined" in alice.locator("#players .seat").nth(1).inner_text()
        # Bob takes the open seat with the invitation, giving a name that looks like HTML
        bob.goto(bob_link)
        bob.wait_for_selector("#join", state="visible")
        assert "#" not in bob.url  # the code left the address bar at once
        bob.fill("#join-name", "Bob <i>x</i>")
        bob.click("#join-btn")
        bob.wait_for_function("() => document.getElementById('status').dataset.state === 'waiting'")
        assert "you" in bob.locator("#players .seat").nth(1).inner_text()
        carol.goto(spectator_link)
        carol.wait_for_function("() => document.getElementById('status').dataset.state !== ''")
        assert status(alice) == "your-turn" and status(carol) == "watching"
        alice.wait_for_function(
            "() => document.querySelectorAll('#players .seat')[1].textContent.includes('Bob')"
        )
        assert "Bob <i>x</i>" in alice.locator("#players .seat").nth(1).inner_text()
        assert alice.locator("#players i").count() == 0  # shown as text, never as HTML
        # the invitation worked once: Mallory, opening it later, only watches
        mallory.goto(bob_link)
        mallory.wait_for_function("() => !document.getElementById('message').hidden")
        assert not mallory.is_visible("#join")
        assert "already been used" in mallory.inner_text("#message")
        assert status(mallory) == "watching"
        # the seat token is an HttpOnly cookie: the page's scripts never see it
        assert "hexarena_seat" not in str(bob.evaluate("() => document.cookie"))
        assert (
            bob.locator("svg .cell.legal").count() == 0
            and carol.locator("svg .cell.legal").count() == 0
        )

        rng = random.Random(2)
        click_action(alice, rng)
        bob.wait_for_function(READY)
        assert status(bob) == "your-turn" and stones(bob) == 1
        alice.wait_for_function(
            "() => document.getElementById('status').dataset.state === 'waiting'"
        )

        # Alice tries to move for Bob with her own seat (her cookie): refused, nothing changes.
        version = alice.evaluate("() => Number(document.body.dataset.version)")
        refused = alice.evaluate(
            """async ([gid, version]) => {
                const r = await fetch(`/api/games/${gid}/moves`, {method: 'POST',
                    headers: {'Content-Type': 'application/json'},
                    body: JSON.stringify({actions: [0], version})});
                return [r.status, (await r.json()).error];
            }""",
            [gid, version],
        )
        assert refused[0] == 403 and "not your turn" in refused[1]
        alice.locator("svg .cell").nth(0).click()  # not highlighted, not her turn: ignored
        assert state_key(alice) == f"{version}/0"

        click_action(bob, rng)
        wait_moves(carol, 2)
        assert stones(carol) >= 1 and status(carol) == "watching"
        alice.wait_for_function(READY)
        wait_moves(alice, 2)
        assert status(alice) == "your-turn"
        assert "you" in bob.locator("#players .seat").nth(1).inner_text()
        # Alice continues on her phone with a one-time link
        alice.click("#device-btn")
        device = alice.locator(".share-link[data-label*='other device']")
        device.wait_for()
        link = device.input_value()
        assert "#device=" in link
        phone.goto(link)
        phone.wait_for_function(READY)
        assert status(phone) == "your-turn"
        assert "you" in phone.locator("#players .seat").nth(0).inner_text()
    finally:
        for c in ctx:
            c.close()


# ---------------------------------------------------------------- restart
def test_a_server_restart_in_the_middle_of_a_game(context: Any, server: Server) -> None:
    page = context.new_page()
    start_game(page, server, "churn", "computer", {"size": 3})
    rng = random.Random(3)
    for _ in range(2):
        page.wait_for_function(READY)
        click_action(page, rng)
    page.wait_for_function(READY)
    wait_moves(page, 4)
    server.kill()
    server.start()
    page.wait_for_function("() => document.body.dataset.live === 'yes'")
    click_action(page, rng)  # the game continues where it was
    wait_moves(page, 6)
    page.reload()
    page.wait_for_function(READY)
    assert moves_listed(page) == 6


# ---------------------------------------------------------------- around the board
def test_swap_undo_hint_replay_and_records_on_one_screen(context: Any, server: Server) -> None:
    page = context.new_page()
    gid = start_game(page, server, "churn", "local", {"size": 3})
    assert page.is_hidden("#undo-btn") is False and page.is_disabled("#undo-btn")
    page.locator("svg .cell[data-name=c3]").click()
    wait_moves(page, 1)
    swap = page.locator("#specials button", has_text="swap")
    assert swap.is_visible()
    assert "Blue (player 2) to move" in page.inner_text("#status")
    swap.click()
    wait_moves(page, 2)
    assert "Blue" in page.locator("#players .seat").nth(0).inner_text()
    assert page.locator("#specials button").count() == 0

    page.click("#undo-btn")
    wait_moves(page, 1)
    assert "Red" in page.locator("#players .seat").nth(0).inner_text()

    rng = random.Random(4)
    for _ in range(3):
        page.wait_for_function(READY)
        click_action(page, rng)
    wait_moves(page, 4)
    assert stones(page) == 4
    page.click("#hint-btn")  # no swap on offer now: every suggestion is a cell
    page.wait_for_selector("#hints li")
    assert page.locator("svg .hint-mark").count() == 1
    page.click("#rp-first")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'replay'")
    assert stones(page) == 0 and page.locator("svg .cell.legal").count() == 0
    page.click("#rp-next")
    page.wait_for_function("() => document.querySelectorAll('svg circle.stone').length === 1")
    page.locator("#moves li").nth(2).click()
    page.wait_for_function("() => document.getElementById('rp-label').textContent === 'turn 3/4'")
    page.click("#rp-last")
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'your-turn'")
    assert stones(page) == 4

    record = page.request.get(server.url + page.get_attribute("#export-link", "href")).text()
    assert '[Game "churn"]' in record and "c3" in record
    page.goto(server.url + "/")
    page.fill("#import-text", record)
    page.select_option("#import-mode", "local")
    page.click("#import-go")
    page.wait_for_url("**/game/*")
    page.wait_for_function(READY)
    assert not page.url.endswith(gid)
    assert moves_listed(page) == 4 and stones(page) == 4

    page.goto(server.url + "/")
    page.wait_for_selector("#recent li a")
    assert page.locator("#recent li").count() == 2


def test_a_turn_of_several_actions_can_be_cancelled(context: Any, server: Server) -> None:
    multi = [g for g in game_names() if g == "throngs"]
    if not multi:
        pytest.skip("no game with several actions a turn is registered yet")
    page = context.new_page()
    start_game(page, server, "throngs", "local", {"board": "original", "setup": "choose"})
    rng = random.Random(5)
    click_action(page, rng)
    assert page.is_visible("#turn-build") and stones(page) == 1
    assert page.get_attribute("body", "data-version") == "0"
    page.click("#cancel-turn")
    assert page.is_hidden("#turn-build") and stones(page) == 0
    clicks = 0
    while page.get_attribute("body", "data-version") == "0":
        click_action(page, rng)
        clicks += 1
    assert clicks == 3 and moves_listed(page) in (0, 1)
    wait_moves(page, 1)
    assert stones(page) == 3
