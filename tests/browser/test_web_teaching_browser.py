"""The web app teaches in a real browser: rules pages with live boards, guided first games, every
decision on the board (Throngs' destinations, potentials, the words for each step, refusals),
what the last turn changed, phones and keyboards.

Set ``HEXARENA_SCREENSHOTS=DIR`` to save the pictures that ``docs/screenshots`` shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexarena.games import game_class
from hexarena.web.lessons import LESSONS
from hexarena.web.teaching import refusal
from tests.browser.conftest import Server, hold_turn_answers
from tests.browser.pictures import TALL_PAGE_WIDTH, save_picture
from tests.browser.test_web_browser import wait_moves

pytestmark = pytest.mark.browser

IDLE = "() => document.body.dataset.busy === 'no'"
MY_TURN = "() => document.getElementById('status').dataset.state === 'your-turn'"


def shot(page: Any, name: str, *, full: bool = False, width: int | None = None) -> None:
    """Save a picture of the page when screenshots are asked for (small: see ``pictures``)."""
    save_picture(page, name, full=full, width=width)


def new_local_game(page: Any, server: Server, game: str, options: dict[str, Any]) -> str:
    """A game for two people on this screen, made through the API; the page opens it."""
    page.goto(server.url + "/rules/churn")
    gid = page.evaluate(
        """async ([game, options]) => {
            const r = await fetch('/api/games', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({game, options, mode: 'local'})});
            const d = await r.json();  // the seat is now this browser's cookie
            localStorage.setItem('hexarena-links-' + d.id, JSON.stringify(d.links));
            return d.id;
        }""",
        [game, options],
    )
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_function(MY_TURN, timeout=600_000)
    return str(gid)


def play_moves(page: Any, moves: list[str]) -> None:
    """Play whole turns through the API with the page's own seat (its cookie), then reload."""
    page.evaluate(
        """async (moves) => {
            const gid = location.pathname.split('/').pop();
            for (const m of moves) {
                const v = await (await fetch('/api/games/' + gid)).json();
                const board = await (await fetch('/api/games/' + gid + '/board')).json();
                const names = board.cells.map((c) => c.name);
                const acts = m.split(/[,:-]/).map((x) => names.indexOf(x));
                const r = await fetch('/api/games/' + gid + '/moves', {method: 'POST',
                    headers: {'Content-Type': 'application/json'},
                    body: JSON.stringify({actions: acts, version: v.version})});
                if (!r.ok) throw new Error((await r.json()).error);
            }
        }""",
        moves,
    )
    page.reload()
    page.wait_for_function(IDLE)


def click_cell(page: Any, name: str, partial: int | None = None) -> None:
    before = page.evaluate(
        "() => document.body.dataset.version + '/' + document.body.dataset.partial"
    )
    page.click(f"#board .cell[data-name={name}]")
    page.wait_for_function(
        """k => document.body.dataset.busy === 'no'
            && (document.body.dataset.version + '/' + document.body.dataset.partial) !== k""",
        arg=before,
    )


# ---------------------------------------------------------------- rules pages
def test_rules_pages_reachable_from_home_form_and_game_with_live_boards(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#howto-list li a")
    assert page.locator("#howto-list a[href='/rules/gyre']").count() == 1
    page.select_option("#ng-game", "scrunch")
    assert page.get_attribute("#ng-rules-link", "href") == "/rules/scrunch#options"
    assert page.get_attribute("#ng-learn-link", "href") == "/learn/scrunch"
    page.click("#howto-link")  # the header's link: the rules of the game chosen
    page.wait_for_url("**/rules/scrunch")
    for name in LESSONS:
        page.goto(f"{server.url}/rules/{name}")
        page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
        sections = page.locator("section.rule")
        assert sections.count() >= 4
        boards = page.locator("figure.diagram svg")
        assert boards.count() >= 2
        assert page.locator("figure.diagram svg .stone").count() > 0
        for o in page.locator("dl.options dt").all_inner_texts():
            assert o
        assert page.locator("dl.options dd").count() >= 1
        shot(page, f"rules-{name}", full=True, width=TALL_PAGE_WIDTH)
    # the Throngs page shows potentials; Gyre's the loop; Churn's a removal by crosses
    page.goto(f"{server.url}/rules/churn#removal")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'")
    assert page.locator("#removal .effect-mark").count() == 4
    page.goto(f"{server.url}/rules/gyre")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'")
    assert page.locator("#loop .hl").count() == 14 + 9
    assert page.locator("#loop .effect-mark").count() == 0


def test_china_grove_labels_never_overlap(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/rules/china-grove")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
    clashes = page.evaluate(
        """() => {
            const svg = document.querySelector('figure.diagram svg');
            const labels = [...svg.querySelectorAll('.coord')].map((t) => t.getBBox());
            const cells = [...svg.querySelectorAll('.cell polygon')].map((p) => p.getBBox());
            const meet = (a, b, m) => a.x + m < b.x + b.width - m && b.x + m < a.x + a.width - m
                && a.y + m < b.y + b.height - m && b.y + m < a.y + a.height - m;
            let n = 0;
            labels.forEach((a, i) => {
                labels.forEach((b, j) => { if (i < j && meet(a, b, 0)) n++; });
                cells.forEach((c) => { if (meet(a, c, 4)) n++; });
            });
            return [n, labels.length];
        }"""
    )
    assert clashes[1] > 20 and clashes[0] == 0


# ---------------------------------------------------------------- guided first game
def test_guided_first_game_checks_moves_and_shows_a_refusal(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/learn/churn")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
    assert page.is_disabled("#t-next")
    page.click("#t-body .cell[data-name=c3]")  # legal, but the guided game goes on from a4
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === 'wrong'")
    assert page.is_disabled("#t-next")
    page.click("#t-body .cell[data-name=a4]")
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert page.get_attribute("#t-feedback", "data-kind") == "ok"
    page.click("#t-next")
    page.wait_for_function("() => document.querySelector('.guided').dataset.step === '2'")
    page.locator("#t-specials button.special", has_text="swap").click()  # as Blue: the swap
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    page.click("#t-next")
    page.wait_for_function("() => document.querySelector('.guided').dataset.step === '3'")
    page.click("#t-body .cell[data-name=b2]")
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === 'refused'")
    text = page.inner_text("#t-feedback")
    assert "b2 is not legal" in text and "touches none of your stones" in text
    shot(page, "guided-step", full=True)
    page.locator("#t-body .cell.legal").first.click()
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    page.click("#t-next")
    page.wait_for_function("() => document.querySelector('.guided').dataset.step === '4'")
    page.click("#t-body .cell[data-name=d3]")
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === 'refused'")
    assert "it would make a group of 3" in page.inner_text("#t-feedback")
    page.click("#t-body .cell[data-name=e1]")
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert "left the board" in page.inner_text("#t-feedback")
    assert page.locator("#t-body .effect-mark").count() == 4


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_guided_game_shows_a_refusal_from_the_engine(
    context: Any, server: Server, name: str
) -> None:
    steps = LESSONS[name]["guide"]
    k = next(i for i, s in enumerate(steps) if s.get("refuse"))
    page = context.new_page()
    page.goto(f"{server.url}/learn/{name}#step-{k + 1}")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
    assert page.get_attribute(".guided", "data-step") == str(k + 1)
    assert page.inner_text(".guided .ask") == steps[k]["ask"]
    clicks = refusal(steps[k])
    for c in clicks[:-1]:
        click_step(page, c)
    page.click(f"#t-body .cell[data-name={clicks[-1].lstrip('-x')}]")
    page.wait_for_function("() => document.getElementById('t-feedback').dataset.kind === 'refused'")
    assert "is not legal now" in page.inner_text("#t-feedback")
    assert page.get_attribute("body", "data-partial") == str(len(clicks) - 1)


def test_show_me_plays_the_steps_turn(context: Any, server: Server) -> None:
    """A stuck player asks to be shown: the step's own turn is played click by click (a Throngs
    deploy that travels on, then a dispatch), and the step is done."""
    step = LESSONS["throngs"]["guide"][3]
    page = context.new_page()
    page.goto(f"{server.url}/learn/throngs#step-4")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
    page.click("#t-show")
    page.wait_for_function("() => document.body.dataset.done === 'yes'")
    assert page.inner_text("#t-feedback") == step["done"]
    assert page.locator("#t-body .last-arrow").count() >= 2  # both journeys drawn


def click_step(page: Any, action: str) -> None:
    """One click of a guided step: a button for a special action (swap, black, stop), else the
    cell the action names (a Throngs destination -c3 or a Scrunch removal xc3 is its cell)."""
    idle = "() => document.body.dataset.busy !== 'yes'"
    page.wait_for_function(idle)
    buttons = page.locator("#t-specials button", has_text=action)
    if buttons.count():
        buttons.first.click()
    else:
        page.click(f"#t-body .cell[data-name={action.lstrip('-x')}]")
    page.wait_for_function(idle)


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_a_whole_guided_game_to_free_play(context: Any, server: Server, name: str) -> None:
    """A newcomer's way through a guided game: each step's refusal tried first, a legal turn
    the step does not ask for answered as such, then the step's own turn, to free play."""
    game = game_class(name)(**LESSONS[name]["options"])
    steps = LESSONS[name]["guide"]
    page = context.new_page()
    page.goto(f"{server.url}/learn/{name}")
    page.wait_for_function("() => document.body.dataset.ready === 'yes'", timeout=600_000)
    for k, step in enumerate(steps):
        page.wait_for_function(
            f"() => document.querySelector('.guided').dataset.step === '{k + 1}'"
        )
        assert page.inner_text(".guided .ask") == step["ask"]
        assert page.inner_text("#t-summary") == f"Step {k + 1} of {len(steps)}"
        assert page.is_disabled("#t-next")
        clicks = refusal(step)
        if clicks:
            for c in clicks:
                click_step(page, c)
            assert page.get_attribute("#t-feedback", "data-kind") == "refused"
            assert "is not legal now" in page.inner_text("#t-feedback")
            page.click("#t-again")
        expect = {game.parse_action(e) for e in step["expect"]}
        answer = game.parse_move(step["answer"])
        other = [a for a in page.evaluate("() => T.data.steps[T.step].legal") if a not in expect]
        if expect and other:  # legal, but not what the step asks: said at the first click
            click_step(page, game.action_text(other[0]))
            assert page.get_attribute("#t-feedback", "data-kind") == "wrong"
            assert page.get_attribute("body", "data-partial") == "0"
            assert page.get_attribute("body", "data-done") == "no"
        for a in answer:
            click_step(page, game.action_text(a))
        page.wait_for_function("() => document.body.dataset.done === 'yes'")
        assert page.get_attribute("#t-feedback", "data-kind") == "ok"
        assert page.inner_text("#t-feedback") == step["done"]
        if k + 1 == len(steps):
            shot(page, f"learn-{name}", full=True)
        page.click("#t-next")
    page.wait_for_url(f"**/?game={name}")


# ---------------------------------------------------------------- every decision on the board
def test_throngs_turn_on_the_board(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {"board": "hex", "size": 3})
    assert "Set-up: place the Black stone" in page.inner_text("#prompt")
    for name in ("c2", "d3", "c4"):
        click_cell(page, name)
    page.wait_for_function("() => document.querySelectorAll('#specials button').length === 2")
    assert "Choose your colour" in page.inner_text("#prompt")
    page.click("#specials button:has-text('black')")
    page.wait_for_function(
        "() => document.querySelectorAll('#moves li').length === 2 && "
        "document.body.dataset.busy === 'no'"
    )
    assert "Move 1 of 2" in page.inner_text("#prompt")
    potentials = page.locator("#board .potential").count()
    assert potentials >= 10  # every site but those of potential 0
    # a click on a cell the rules refuse shows the engine's reason, and changes nothing
    page.click("#board .cell[data-name=d3]")
    page.wait_for_selector("#refusal:not([hidden])")
    assert "a capture needs action potential at least 2" in page.inner_text("#refusal")
    assert page.get_attribute("body", "data-partial") == "0"
    click_cell(page, "c2")
    assert "must leave" in page.inner_text("#prompt")
    assert page.locator("#board .cell.dest").count() == 6
    assert page.locator("#specials button").count() == 0  # destinations are on the board
    click_cell(page, "d2")
    assert "Move 2 of 2" in page.inner_text("#prompt")
    assert page.locator("#board .pending-arrow").count() == 1
    click_cell(page, "d1")
    page.wait_for_function("() => document.querySelectorAll('#moves li').length === 3")
    assert page.locator("#board .last-arrow").count() == 1
    # White deploys with potential 2: a destination or stop
    click_cell(page, "d4")
    assert "or press stop" in page.inner_text("#prompt")
    assert page.locator("#specials button", has_text="stop").count() == 1
    assert page.locator("#board .cell.dest").count() >= 1
    shot(page, "throngs-turn")
    page.click("#specials button:has-text('stop')")
    page.wait_for_function("() => document.body.dataset.partial === '2' && " + IDLE[6:])
    page.uncheck("#pot-toggle")
    assert page.locator("#board .potential").count() == 0
    page.check("#pot-toggle")
    assert page.locator("#board .potential").count() >= 10


def test_gyre_end_marks_the_loop_not_changes(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "gyre", {"size": 4})
    loop = next(sec for sec in LESSONS["gyre"]["sections"] if sec["id"] == "loop")
    play_moves(page, loop["diagrams"][1]["moves"])  # a whole game, Red's winning f5 last
    page.wait_for_function("() => document.getElementById('status').dataset.state === 'over'")
    assert page.locator("#board .effect-mark").count() == 0
    assert page.locator("#board .last-mark").count() == 1
    assert page.locator("#board .hl").count() == 14 + 9
    assert "changed by the last move" not in page.inner_text("#gameover")


def test_scrunch_removal_is_made_on_the_board(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "scrunch", {"size": 4})
    moves = next(s["moves"] for s in LESSONS["scrunch"]["guide"] if s["answer"] == "xc5")
    play_moves(page, moves)
    page.wait_for_function(MY_TURN)
    assert "remove a smallest snake" in page.inner_text("#prompt")
    assert page.locator("#board .cell.remove").count() >= 1
    assert page.locator("#board .remove-mark").count() >= 1
    assert page.locator("#specials button").count() == 0  # removals are on the board
    label = page.locator("#board .cell.remove").first.get_attribute("aria-label")
    assert label is not None and "a snake you may remove" in label
    page.locator("#board .cell.remove").first.click()
    page.wait_for_function(
        f"() => document.querySelectorAll('#moves li').length === {len(moves) + 1}"
    )
    assert page.locator("#board .effect-mark").count() >= 1


# ---------------------------------------------------------------- phones and keyboards
@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("throngs", {"board": "original", "setup": "standard"}),
        ("china-grove", {}),
        ("churn", {"size": 5}),
    ],
)
def test_phone_layout_keeps_cells_large_and_the_turn_in_sight(
    browser: Any, server: Server, game: str, options: dict[str, Any]
) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    ctx.set_default_timeout(120_000)
    try:
        page = ctx.new_page()
        new_local_game(page, server, game, options)
        width = page.evaluate(
            "() => document.querySelector('#board .cell polygon').getBoundingClientRect().width"
        )
        assert width >= 24  # the board fits the screen: China Grove's labyrinth is the widest
        box = page.locator("#status").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
        cell = page.locator("#board .cell.legal").first
        cell.scroll_into_view_if_needed()
        name = cell.get_attribute("data-name")
        click_cell(page, str(name))
        shot(page, f"phone-{game}")
    finally:
        ctx.close()


def test_keyboard_play_and_aria_labels(context: Any, server: Server) -> None:
    page = context.new_page()
    hold_turn_answers(page)  # each move list shown while the page is still busy with its turn
    new_local_game(page, server, "churn", {"size": 3})
    label = page.get_attribute("#board .cell[data-name=c3]", "aria-label")
    assert label == "c3: empty, playable"
    page.fill("#type-input", "c3")
    page.press("#type-input", "Enter")
    wait_moves(page, 1)  # the list shows before the page is done with the turn
    assert page.get_attribute("#board .cell[data-name=c3]", "aria-label") == "c3: Red"
    page.fill("#type-input", "c4")  # next to nothing of Blue's, but it is playable: fine
    page.fill("#type-input", "zz9")
    page.press("#type-input", "Enter")
    page.wait_for_selector("#refusal:not([hidden])")
    assert "not a cell of this board" in page.inner_text("#refusal")
    page.focus("#board .cell[data-name=d3]")
    page.keyboard.press("Enter")
    wait_moves(page, 2)
    assert page.get_attribute("#board .cell[data-name=d3]", "aria-label") == "d3: Blue"
    # marks differ by shape: a ring for the last turn, dots for playable cells
    assert page.locator("#board circle.last-mark").count() == 1
    assert page.locator("#board circle.dot").count() > 0


# ---------------------------------------------------------------- my games
def test_my_games_are_remembered_with_device_links_and_recent_games_filtered(
    browser: Any, server: Server
) -> None:
    first = browser.new_context(viewport={"width": 1300, "height": 860})
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = first.new_page()
        page.set_default_timeout(120_000)
        gid = new_local_game(page, server, "churn", {"size": 2})
        done = new_local_game(page, server, "churn", {"size": 2})
        page.evaluate(  # the seat is the page's cookie: no token is handled by scripts
            """async (gid) => {
                await fetch('/api/games/' + gid + '/resign', {method: 'POST',
                    headers: {'Content-Type': 'application/json'},
                    body: JSON.stringify({version: 0})});
            }""",
            done,
        )
        page.reload()
        page.wait_for_function("() => document.getElementById('status').dataset.state === 'over'")
        page.goto(server.url + "/")
        page.wait_for_selector("#mygames li")
        assert page.locator("#mygames li").count() == 2
        assert "finished" in page.inner_text(f"#mygames li[data-id='{done}']")
        assert "in play" in page.inner_text(f"#mygames li[data-id='{gid}']")
        page.click(f"#mygames li[data-id='{gid}'] summary")
        seat_link = page.locator(f"#mygames li[data-id='{gid}'] input.seat-link")
        page.wait_for_function(
            "id => document.querySelector(`#mygames li[data-id='${id}'] input.seat-link`).value",
            arg=gid,
        )
        link = seat_link.input_value()
        assert link.startswith(f"{server.url}/game/{gid}#device=")
        page.wait_for_selector("#recent li[data-result]")
        page.select_option("#recent-filter", "play")
        assert page.locator("#recent li[data-result]:visible").count() == 1
        page.select_option("#recent-filter", "over")
        assert page.locator(f"#recent li[data-result]:visible a[href='/game/{done}']").count() == 1
        # the one-time link continues the game on another device, which then remembers it too
        phone = other.new_page()
        phone.set_default_timeout(120_000)
        phone.goto(link)
        phone.wait_for_function(MY_TURN)
        phone.goto(server.url + "/")
        phone.wait_for_selector(f"#mygames li[data-id='{gid}']")
    finally:
        first.close()
        other.close()


def test_typed_text_past_a_whole_turn_plays_nothing_and_says_what_is_left(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    new_local_game(page, server, "scrunch", {"size": 3})
    page.wait_for_function(IDLE)
    for text, left in (("c3,d4", "d4"), ("c3 c3", "c3"), ("c3 zz9", "zz9")):
        page.fill("#type-input", text)
        page.press("#type-input", "Enter")
        page.wait_for_selector("#refusal:not([hidden])")
        page.wait_for_function(IDLE)
        refusal = page.inner_text("#refusal")
        assert f"the turn is whole after c3; {left} is left over" in refusal, refusal
        assert "nothing was played" in refusal
        assert page.locator("#moves li").count() == 0  # not c3 alone
        label = page.get_attribute("#board .cell[data-name=c3]", "aria-label")
        assert label == "c3: empty, playable"
        assert page.input_value("#type-input") == text  # kept, to be mended
        page.evaluate("() => { document.getElementById('refusal').hidden = true; }")
    page.fill("#type-input", "c3")  # a whole turn, nothing over: played
    page.press("#type-input", "Enter")
    wait_moves(page, 1)
    assert page.input_value("#type-input") == ""


def test_typed_text_begins_a_turn_or_plays_a_whole_one(context: Any, server: Server) -> None:
    page = context.new_page()
    new_local_game(page, server, "throngs", {})
    page.wait_for_function(IDLE)
    page.fill("#type-input", "f1 g1")  # the start of Black's turn: kept as the turn begun
    page.press("#type-input", "Enter")
    page.wait_for_function("() => document.body.dataset.partial === '2'")
    page.wait_for_function(IDLE)
    assert page.locator("#moves li").count() == 0
    assert page.input_value("#type-input") == ""
    page.fill("#type-input", "k1")  # finishes it
    page.press("#type-input", "Enter")
    wait_moves(page, 1)
    page.fill("#type-input", "black")  # the second player's choice of colour: a turn
    page.press("#type-input", "Enter")
    wait_moves(page, 2)
    page.fill("#type-input", "e2 f1 -f2")  # then Black's whole turn at once
    page.press("#type-input", "Enter")
    wait_moves(page, 3)
    assert page.evaluate("() => document.body.dataset.partial") == "0"
