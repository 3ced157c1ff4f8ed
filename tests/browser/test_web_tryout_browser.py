"""What a stranger trying the web app found on the game page and the home page: each test is one
thing found so, written before it was put right."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.test_web_browser import start_game, status, wait_moves
from tests.browser.test_web_teaching_browser import click_cell, new_local_game
from tests.conftest import SMALL_OPTIONS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
IDLE = "() => document.body.dataset.busy === 'no'"


def throngs_dispatch(page: Any) -> None:
    """A Throngs game on this screen brought to a dispatch begun: the stone being moved ringed,
    potentials shown, and the stop button offered (White's deploy)."""
    for name in ("c2", "d3", "c4"):
        click_cell(page, name)
    page.wait_for_function("() => document.querySelectorAll('#specials button').length === 2")
    page.click("#specials button:has-text('black')")
    page.wait_for_function(
        "() => document.querySelectorAll('#moves li').length === 2 && " + IDLE[6:]
    )


# ---------------------------------------------------------------- the status bar on a phone
COVERED = """() => {
    const out = [];
    const controls = [...document.querySelectorAll(
        '#gameview aside button, #gameview aside input, #gameview aside select, ' +
        '#gameview aside a, #gameview aside summary')]
        .filter((e) => e.getClientRects().length && e.id !== 'status');
    const bar = document.getElementById('status').getBoundingClientRect();
    for (const e of controls) {
        e.scrollIntoView({block: 'end'});  // as far as a user scrolls down to reach it
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!(hit === e || e.contains(hit) || (hit && hit.control === e)))
            out.push((e.id || e.textContent.trim()).slice(0, 30) + ' under ' +
                     (hit ? hit.id || hit.tagName : 'nothing'));
    }
    window.scrollTo(0, document.documentElement.scrollHeight);  // the bottom of the page
    const last = controls[controls.length - 1].getBoundingClientRect();
    if (last.bottom > document.getElementById('status').getBoundingClientRect().top)
        out.push('the last control is under the bar at the bottom of the page');
    return out;
}"""


def test_the_status_bar_on_a_phone_covers_no_control(browser: Any, server: Server) -> None:
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(120_000)
    page = ctx.new_page()
    new_local_game(page, server, "throngs", {"board": "hex", "size": 3})
    throngs_dispatch(page)
    click_cell(page, "c2")  # a dispatch begun: Cancel, the prompt
    click_cell(page, "d2")
    click_cell(page, "d1")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 3")
    click_cell(page, "d4")  # White deploys: the stop button
    assert page.locator("#specials button", has_text="stop").count() == 1
    assert page.evaluate("getComputedStyle(document.getElementById('status')).position") == "fixed"
    assert page.evaluate(COVERED) == []
    # a bar of two lines (longer words) is kept clear of too
    page.evaluate("document.getElementById('status').textContent += ' and some more words to wrap'")
    page.wait_for_function(  # the room kept follows the bar's new height
        """() => {
            const h = document.getElementById('status').getBoundingClientRect().height;
            return h > 40 && getComputedStyle(document.documentElement)
                .getPropertyValue('--status-h') === Math.ceil(h) + 'px';
        }"""
    )
    assert page.evaluate(COVERED) == []
    ctx.close()


# ---------------------------------------------------------------- the move field's example
@pytest.mark.parametrize("game", sorted(SMALL_OPTIONS))
def test_the_move_field_shows_a_move_of_the_game_that_plays(
    context: Any, server: Server, game: str
) -> None:
    page = context.new_page()
    new_local_game(page, server, game, SMALL_OPTIONS[game])
    shown = page.get_attribute("#type-input", "placeholder")
    assert shown != "e.g. c4 or c4-e6,d5"
    assert shown.startswith("e.g. ")
    page.fill("#type-input", shown.removeprefix("e.g. "))  # what it shows is a move now
    page.click("#type-go")
    wait_moves(page, 1)
    assert page.get_attribute("body", "data-partial") == "0"


# ---------------------------------------------------------------- my games
def test_my_games_tell_two_games_of_one_kind_apart(browser: Any, server: Server) -> None:
    ctx = browser.new_context(**PHONE)
    ctx.set_default_timeout(120_000)
    page = ctx.new_page()
    start_game(page, server, "churn", "computer", {"size": 3})
    start_game(page, server, "churn", "local", {"size": 4})
    page.fill("#type-input", page.get_attribute("#type-input", "placeholder")[5:])
    page.click("#type-go")
    wait_moves(page, 1)
    page.goto(server.url + "/")
    page.wait_for_selector("#mygames li")
    rows = page.locator("#mygames li.mygame").all_inner_texts()
    assert len(rows) == 2
    local, cpu = (r.split("seat link")[0] for r in rows)
    assert local != cpu
    assert "computer (" in cpu and "size: 3" in cpu and "0 turns" in cpu
    assert "this screen" in local and "size: 4" in local and "1 turn" in local
    assert "your turn" in local
    assert "ago" in local or "just now" in local
    # compact: within the phone's width, each at most a few lines
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    heights = page.eval_on_selector_all(
        "#mygames li.mygame", "els => els.map(e => e.getBoundingClientRect().height)"
    )
    assert max(heights) < 130
    ctx.close()


# ---------------------------------------------------------------- an invitation being read
def test_an_invitation_says_what_its_reader_may_do(browser: Any, server: Server) -> None:
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(2)]
    try:
        alice, bob = (c.new_page() for c in ctx)
        start_game(alice, server, "churn", "online", {"size": 3})
        invitation = alice.locator(".share-link").nth(0).input_value()
        bob.goto(invitation)
        bob.wait_for_selector("#join", state="visible")
        said = bob.inner_text("#status")
        assert "watching" not in said
        assert "You are invited to play" in said
        # declined: a watcher, and says so
        bob.click("#decline-btn")
        assert not bob.is_visible("#join")
        assert status(bob) == "watching"
        bob = ctx[1].new_page()  # the link opened again
        bob.goto(invitation)
        bob.wait_for_selector("#join", state="visible")
        bob.click("#join-btn")
        bob.wait_for_function("() => document.getElementById('status').dataset.state === 'waiting'")
        assert "invited" not in bob.inner_text("#status")
    finally:
        for c in ctx:
            c.close()


# ---------------------------------------------------------------- Throngs' potentials
CLASHES = """() => {
    const out = [];
    const svg = document.getElementById('board');
    const rings = [...svg.querySelectorAll('circle.pending-mark, circle.last-mark')];
    const words = [...svg.querySelectorAll('text.pending-num, text.stone-label')];
    const labels = [...svg.querySelectorAll('text.potential')];
    const grow = (b) => ({x: b.x - 1.5, y: b.y - 1.5, w: b.width + 3, h: b.height + 3});
    for (const t of labels) {
        const b = grow(t.getBBox());
        for (const c of rings) {
            const cx = +c.getAttribute('cx'), cy = +c.getAttribute('cy'), r = +c.getAttribute('r');
            const sw = parseFloat(getComputedStyle(c).strokeWidth);
            const nx = Math.max(b.x, Math.min(cx, b.x + b.w)) - cx;
            const ny = Math.max(b.y, Math.min(cy, b.y + b.h)) - cy;
            const fx = Math.max(Math.abs(b.x - cx), Math.abs(b.x + b.w - cx));
            const fy = Math.max(Math.abs(b.y - cy), Math.abs(b.y + b.h - cy));
            if (Math.hypot(nx, ny) <= r + sw / 2 && Math.hypot(fx, fy) >= r - sw / 2)
                out.push(t.textContent + ' on a ring');
        }
        for (const l of svg.querySelectorAll('line.last-arrow, line.pending-arrow')) {
            const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => +l.getAttribute(k));
            const hw = parseFloat(getComputedStyle(l).strokeWidth) / 2;
            for (let k = 0; k <= 40; k++) {
                const x = x1 + (x2 - x1) * k / 40, y = y1 + (y2 - y1) * k / 40;
                if (x > b.x - hw && x < b.x + b.w + hw && y > b.y - hw && y < b.y + b.h + hw) {
                    out.push(t.textContent + ' on an arrow');
                    break;
                }
            }
        }
        for (const o of words.concat(labels.filter((x) => x !== t))) {
            const a = o.getBBox();
            if (a.x < b.x + b.w && b.x < a.x + a.width && a.y < b.y + b.h && b.y < a.y + a.height)
                out.push(t.textContent + ' on ' + o.textContent);
        }
    }
    return [labels.length, out];
}"""


def second_move_begun(browser: Any, server: Server, width: int) -> tuple[Any, Any]:
    """A Throngs game on this screen (hex board, side 3) at ``width`` px, Black's stone c2 moved
    to d2 and its second move to come: dashed rings, numbers, potentials and destinations."""
    ctx = browser.new_context(viewport={"width": width, "height": 844})
    ctx.set_default_timeout(120_000)
    page = ctx.new_page()
    new_local_game(page, server, "throngs", {"board": "hex", "size": 3})
    throngs_dispatch(page)
    click_cell(page, "c2")  # Black's stone being moved
    click_cell(page, "d2")  # its first move made
    assert "Move 2 of 2" in page.inner_text("#prompt")
    return ctx, page


@pytest.mark.parametrize("width", [1300, 390])
def test_potentials_stay_clear_of_the_rings_and_numbers(
    browser: Any, server: Server, width: int
) -> None:
    ctx, page = second_move_begun(browser, server, width)
    count, clashes = page.evaluate(CLASHES)
    assert count >= 5
    assert clashes == []
    click_cell(page, "d1")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 3")
    # White to move, Black's turn ringed
    page.wait_for_function("() => document.querySelectorAll('#board .last-mark').length > 0")
    count, clashes = page.evaluate(CLASHES)
    assert count >= 5
    assert clashes == []
    ctx.close()


# ---------------------------------------------------------------- no invitation on one screen
def test_a_game_on_one_screen_says_it_has_no_invitation(browser: Any, server: Server) -> None:
    ctx = [browser.new_context(viewport={"width": 1300, "height": 860}) for _ in range(2)]
    try:
        alice, stranger = (c.new_page() for c in ctx)
        gid = new_local_game(alice, server, "churn", {"size": 3})
        # where an invitation would be offered, the creator reads that there is none
        alice.wait_for_selector("#share:not([hidden])")
        assert "No invitation" in alice.inner_text("#share")
        assert alice.locator("#invite-btn").count() == 0
        # a link of the invitation's form to it: not "already been used", which it never was
        stranger.goto(f"{server.url}/game/{gid}#invite=abcdefgh")
        stranger.wait_for_function("() => !document.getElementById('message').hidden")
        said = stranger.inner_text("#message")
        assert "already been used" not in said
        assert "on one screen" in said and "no invitation" in said
        assert status(stranger) == "watching"
        assert not stranger.is_visible("#join")
    finally:
        for c in ctx:
            c.close()
