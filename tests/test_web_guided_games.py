"""The guided first games: every step builds, refuses what it says, accepts its answer through
the web API, and the steps make a story the engine agrees with.

The facts asserted for each game were worked out by hand from the rule sheets and NOTES.md on
the steps' positions (the boards are small: side 3 or 4, and China Grove's labyrinth of seed 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.core import Game, State
from hexarena.games import game_class
from hexarena.web import create_app, teaching
from hexarena.web.guard import GuardConfig, Rate
from hexarena.web.lessons import LESSONS

NAMES = sorted(LESSONS)

UNLIMITED = GuardConfig(
    create_rate=Rate(burst=1_000_000, per_second=1_000_000.0),
    move_rate=Rate(burst=1_000_000, per_second=1_000_000.0),
)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The web app over a throw-away database (the guided game stores nothing)."""
    db = f"sqlite:///{Path(tmp_path_factory.mktemp('guided')) / 'games.db'}"
    app = create_app(db, guard=UNLIMITED)
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def _game(name: str) -> Game:
    return game_class(name)(**LESSONS[name]["options"])


def _position(name: str, k: int) -> State:
    st, _, _ = teaching.play_through(_game(name), list(LESSONS[name]["guide"][k]["moves"]))
    return st


def _names(game: Game, cells: list[int]) -> list[str]:
    return sorted(game.board.names[i] for i in cells)


def _play(client: TestClient, name: str, k: int, actions: list[int]) -> Any:
    return client.post(f"/api/learn/{name}/{k + 1}", json={"actions": actions})


# ---------------------------------------------------------------- every step of every game
@pytest.mark.parametrize("name", NAMES)
def test_each_guided_game_is_five_to_eight_steps_with_refusals(name: str) -> None:
    steps = LESSONS[name]["guide"]
    assert 5 <= len(steps) <= 8
    assert sum(1 for s in steps if teaching.refusal(s)) >= 1
    for s in steps:
        assert s["ask"] and s["done"] and s["answer"], s["ask"][:40]
        if teaching.refusal(s):
            assert "refuse" in s["ask"], s["ask"][:40]  # the player is told to expect it


@pytest.mark.parametrize("name", NAMES)
def test_every_step_refuses_what_it_shows_and_accepts_its_answer(
    client: TestClient, name: str
) -> None:
    game = _game(name)
    data = client.get(f"/api/learn/{name}").json()
    assert len(data["steps"]) == len(LESSONS[name]["guide"])
    for k, step in enumerate(LESSONS[name]["guide"]):
        shown = data["steps"][k]
        assert shown["legal"] or shown["specials"]
        st = _position(name, k)
        legal = st.legal_actions()
        for e in step["expect"]:  # what the step asks for can be played
            assert game.parse_action(e) in legal, (k, e)
        clicks = [game.parse_action(c) for c in teaching.refusal(step)]
        if clicks:
            # every click but the last is accepted, the last refused with the engine's reason
            if len(clicks) > 1:
                r = _play(client, name, k, clicks[:-1])
                assert r.status_code == 200 and r.json()["complete"] is False, (k, r.text)
            r = _play(client, name, k, clicks)
            assert r.status_code == 422, (k, r.text)
            assert "is not legal now: " in r.json()["error"], (k, r.text)
        answer = game.parse_move(step["answer"])
        assert shown["answer"] == answer
        r = _play(client, name, k, answer)
        assert r.status_code == 200, (k, r.text)
        body = r.json()
        assert body["complete"] is True and body["ok"] is True, (k, body.get("message"))
        assert body["message"] == step["done"]


@pytest.mark.parametrize("name", NAMES)
def test_a_step_that_carries_on_follows_the_answer_of_the_step_before(name: str) -> None:
    """Where a step's position continues the previous step's game, the turn in between is the
    previous step's answer; every other step jumps ahead (its request says so)."""
    game = _game(name)
    steps = LESSONS[name]["guide"]
    for k in range(1, len(steps)):
        before, now = list(steps[k - 1]["moves"]), list(steps[k]["moves"])
        played = [game.parse_move(m) for m in now]
        answer = game.parse_move(steps[k - 1]["answer"])
        words = steps[k]["ask"].lower()
        if now[: len(before)] == before and played[len(before) : len(before) + 1] == [answer]:
            if len(now) > len(before) + 2:  # more than the opponent's reply in between
                assert any(w in words for w in ("later", "has moved", "has grown")), k
        else:
            assert any(w in words for w in ("another game", "new game", "back to", "last")), k


def test_a_first_action_the_step_does_not_ask_for_is_answered_at_once() -> None:
    game = _game("throngs")
    k = 2  # the first turn: it starts with the stone on c2
    assert LESSONS["throngs"]["guide"][k]["expect"] == ["c2"]
    other = teaching.guide_try("throngs", k, {"actions": [game.board.parse("b3")]})  # a deploy
    assert not other["complete"] and other["ok"] is False and "b3 is legal" in other["message"]


def test_a_strict_step_takes_only_its_turn() -> None:
    game = _game("throngs")
    k = len(LESSONS["throngs"]["guide"]) - 1  # the end: the turn that leaves Black no move
    assert LESSONS["throngs"]["guide"][k].get("strict")
    setup = teaching.guide_try("throngs", 0, {"actions": game.parse_move("c2,d3,b4")})
    assert setup["complete"] and setup["ok"] is False  # the set-up the later steps start from
    early = teaching.guide_try("throngs", 0, {"actions": game.parse_move("c2,b4")})
    assert not early["complete"] and early["ok"] is False  # said before the turn is complete
    going = teaching.guide_try("throngs", 0, {"actions": game.parse_move("c2,d3")})
    assert not going["complete"] and "ok" not in going
    other = teaching.guide_try("throngs", k, {"actions": game.parse_move("d4-stop,d3-d2")})
    assert other["complete"] and other["ok"] is False
    right = teaching.guide_try("throngs", k, {"actions": game.parse_move("d4-stop,d3-c2")})
    assert right["ok"] is True


# ---------------------------------------------------------------- what each game teaches
def _after(name: str, k: int) -> tuple[Game, State, State, dict[str, Any]]:
    game = _game(name)
    st = _position(name, k)
    before = st.copy()
    actions = game.parse_move(LESSONS[name]["guide"][k]["answer"])
    st.apply_move(actions)
    marks = {"effects": teaching.effects(game, before, st, actions), "actions": actions}
    return game, before, st, marks


def test_churn_steps_the_swap_isolation_smallest_group_removals_and_the_count() -> None:
    g: Any = game_class("churn")(size=3)
    # step 2: the newcomer, Blue after Red's a4, is offered the swap and presses it; a4 is one
    # of the first stones that win with perfect play (docs/solved.md: the centre and the middle
    # cell of each side), which is why the step asks for it
    step = LESSONS["churn"]["guide"][1]
    st = _position("churn", 1)
    assert g.colours[st.to_move] == "Blue" and st.current_player == 1
    assert "swap" in [g.action_text(a) for a in st.legal_actions()]
    assert step["expect"] == ["swap"] and step["answer"] == "swap"
    for words in ("swap", "a4", "Red from now on", "only", "decline"):
        assert words in step["ask"], words
    _, _, st, _ = _after("churn", 1)
    assert st.array[2] == 1  # swapped: the newcomer's seat now plays Red and a4 is theirs
    assert st.seat_colour(1) == 0 and g.colours[st.to_move] == "Blue" and st.current_player == 0
    assert "swap" not in [g.action_text(a) for a in st.legal_actions()]  # offered once only
    # step 3: Red (a4, c1) must play a cell touching no red stone
    assert _names(g, _position("churn", 2).legal_actions()) == sorted(
        ["e1", "e2", "c3", "d3", "e3", "d4", "b5", "c5"]
    )
    assert g.board.parse("c1") in g.board.neighbor_lists[g.board.parse("b2")]  # refused
    # step 4: five single red stones; every legal cell makes a pair, which removes the four
    # other singles; d3 touches two of them (c3 and e2): a group of 3
    st = _position("churn", 3)
    assert "group of 3" in g.explain_illegal(st.array, g.board.parse("d3"))
    for a in st.legal_actions():
        t = st.copy()
        t.apply(a)
        assert len(teaching.effects(g, st, t, [a])) == 4
    # step 5: a new pair removes the two other singles and keeps the pair e1, e2
    st = _position("churn", 4)
    for a in st.legal_actions():
        t = st.copy()
        t.apply(a)
        gone = _names(g, teaching.effects(g, st, t, [a]))
        assert len(gone) == 2 and "e1" not in gone and "e2" not in gone
    # step 6: filling the last cell removes e2: the board is not full, the game goes on
    _, _, st, marks = _after("churn", 5)
    assert _names(g, marks["effects"]) == ["e2"] and not st.is_terminal()
    # step 7: the board is full after Blue's turn; Blue has more stones
    _, _, st, _ = _after("churn", 6)
    o = st.outcome()
    assert o is not None and o.winner_colour == "Blue" and "Red 8 stones, Blue 11" in o.reason
    assert st.is_terminal() is True  # a plain bool: the web API answers it as JSON


def test_gyre_steps_a_loop_that_has_not_won_the_outer_loop_and_no_draw() -> None:
    g: Any = game_class("gyre")(size=4)
    # step 3: a straight chain from a4 through the centre to g4 wins (the two stretches of edge
    # between a4 and g4 are equally long: 9 steps of the ring of 18 each way)
    ring = [g.board.names[x] for x in g.board.ring]
    i, j = ring.index("a4"), ring.index("g4")
    assert abs(i - j) == len(ring) // 2
    _, _, st, _ = _after("gyre", 2)
    o = st.outcome()
    assert (
        o is not None and o.winner_colour == "Red" and {"a4", "d4", "g4"} <= set(o.details["group"])
    )
    # step 4: Blue's a4 closes a chain from edge to edge round the centre, and nobody wins...
    _, before, st, _ = _after("gyre", 3)
    assert not st.is_terminal() and g.loops(st.array, 1) == []
    # ... though b3 instead would have won for Blue (as step 5 says)
    t = before.copy()
    t.apply("b3")
    won = t.outcome()
    assert won is not None and won.winner_colour == "Blue"
    # step 5: Red's b3 wins, and its loop owns the edge cells where Blue's a4 and e6 stand
    _, _, st, _ = _after("gyre", 4)
    o = st.outcome()
    assert o is not None and o.winner_colour == "Red"
    assert {"a4", "e6"} <= set(o.details["owned"])
    # step 6: the full board has a winner
    _, _, st, _ = _after("gyre", 5)
    assert st.outcome() is not None and "" not in g.cell_view(st.array)


def test_throngs_steps_budget_jump_capture_and_the_end() -> None:
    g: Any = game_class("throngs")(board="hex", size=3)
    st = _position("throngs", 3)
    st.apply("c2")  # a deploy with potential 2 leaves 1 to spend: one step, no further
    assert sorted(st.legal_action_texts()) == ["-b2", "-b3", "-c1", "-c3", "stop"]
    # step 5: e1's new stone reaches c3 only by the jump over d2
    game, before, _, marks = _after("throngs", 4)
    paths = teaching.journeys(game, before, marks["actions"])
    assert [g.board.names[x] for x in paths[0]] == ["e1", "c3"]
    assert g.cell_view(before.array)[g.board.parse("d2")] is not None
    # step 6: c4 (Black) has potential 3 for White and becomes White
    st = _position("throngs", 5)
    assert (teaching.potentials(g, st) or [])[g.board.parse("c4")] == 3
    _, _, st, _ = _after("throngs", 5)
    assert g.cell_view(st.array)[g.board.parse("c4")][:1] == "W"
    # step 7: a3 is the only empty site after Black's deploy on e2, with potential -1 for
    # Black, and no Black stone reaches it: the turn ends after one move, White to play
    _, before, st, marks = _after("throngs", 6)
    assert len(marks["actions"]) == 1 and st.turn == before.turn + 1
    assert [g.board.names[i] for i, c in enumerate(g.cell_view(st.array)) if c == "."] == ["a3"]
    assert (teaching.potentials(g, before) or [])[g.board.parse("a3")] == -1
    assert st.to_move_name.startswith("White") and not st.is_terminal()
    # step 8: d4 has potential 2 for White; then Black cannot move; White fills 15 sites and
    # captures the last Black stone
    assert (teaching.potentials(g, _position("throngs", 7)) or [])[g.board.parse("d4")] == 2
    _, _, st, _ = _after("throngs", 7)
    o = st.outcome()
    assert o is not None and o.score == {"Black": 0, "White": 19}
    assert o.details["filled"] == 15 and o.details["captured"] == 1


def test_scrunch_steps_eggs_growth_mutant_removal_and_the_last_snake() -> None:
    g: Any = game_class("scrunch")(size=4)
    # step 2: White's first growth ends its creation phase, not Black's
    _, before, st, _ = _after("scrunch", 1)
    assert g.creating(before.array) == (True, True) and g.creating(st.array) == (True, False)
    # step 3: an egg is refused now; every legal cell is next to an egg (f5 or c4)
    st = _position("scrunch", 2)
    assert "creation phase" in g.explain_illegal(st.array, g.board.parse("a4"))
    nb = g.board.neighbor_lists
    eggs = {g.board.parse("f5"), g.board.parse("c4")}
    assert all(eggs & set(nb[a]) for a in st.legal_actions())
    # step 4: after a4, b4 is the only stone that can cure the mutant
    st = _position("scrunch", 3)
    st.apply("a4")
    assert st.legal_action_texts() == ["b4"]
    # step 5: a removal; step 7: Black removes its last snake and loses
    _, _, st, marks = _after("scrunch", 4)
    assert len(marks["effects"]) >= 1 and not st.is_terminal()
    _, _, st, _ = _after("scrunch", 6)
    o = st.outcome()
    assert o is not None and o.winner_colour == "White" and "last snake" in o.reason


def test_china_grove_steps_kinds_of_cell_the_swap_and_the_score() -> None:
    g: Any = game_class("china-grove")(mode="pattern", penalty=2, islands=1, board_seed=1)
    _, _, st, marks = _after("china-grove", 0)
    assert len(marks["actions"]) == 6  # a one-exit cell: six checkers
    _, _, st, _ = _after("china-grove", 1)
    assert st.array[2] == 1  # swapped
    # step 3: e9 has two exits (five wanted), but only three cells share its pattern
    st = _position("china-grove", 2)
    st.apply("e9")
    assert "is of class 2b" in g.explain_illegal(st.array, g.board.parse("d5"))
    said = teaching.prompt(g, st)  # four more are due, but two cells of the class are left
    assert said.startswith("Place 2 more checkers") and "ends 2 short" in said
    _, before, st, marks = _after("china-grove", 2)
    assert len(marks["actions"]) == 3 and st.turn == before.turn + 1
    _, before, st, marks = _after("china-grove", 3)
    assert marks["actions"] == [g.board.parse("c13")] and st.turn == before.turn + 1
    _, _, st, _ = _after("china-grove", 4)
    o = st.outcome()
    assert o is not None and o.score == {"White": 1, "Black": 10}
    assert o.details["groups"] == {"White": 17, "Black": 9}


def test_china_grove_prompt_names_the_turns_first_cell_not_a_class_label() -> None:
    """A newcomer has not met the class labels (2c) nor the direction names (E W): the words for
    a turn under way point at the cell the turn began on, which is on the board. On seed 1, e9
    has two exits straight across; in pattern mode only f6 and g11 share that layout (five
    checkers due, three cells: the turn ends two short), in number mode 14 cells have 2 exits."""
    st = _position("china-grove", 2)
    g: Any = _game("china-grove")
    st.apply("e9")
    said = teaching.prompt(g, st)
    assert said == (
        "Place 2 more checkers on the marked cells, those whose exits lie as e9's do (2 exits), "
        "turned or mirrored; that fills every such cell, so the turn ends 2 short."
    )
    # a position given as an array alone (no moves to it): the kind of cell said by the game
    bare = State(g, st.array.copy())
    assert bare.history == [] and teaching.prompt(g, bare).startswith(
        "Place 2 more checkers on the marked cells, those of the turn's kind (exits like"
    )
    st.apply("f6")
    assert teaching.prompt(g, st).startswith("Place 1 more checker on the marked cells, those")
    number: Any = game_class("china-grove")(mode="number", penalty=2, islands=1, board_seed=1)
    st = number.new_initial_state()
    st.apply("i6")  # one exit: six checkers
    st.apply("f17")
    said = teaching.prompt(number, st)
    assert said == "Place 4 more checkers on the marked cells, those with 1 exit, as i6 has."
    for text in (said, teaching.prompt(g, _position("china-grove", 0))):
        assert "class" not in text


def test_china_grove_refusal_says_in_plain_words_why_after_the_engine() -> None:
    """d5 has two exits one direction apart, e9 two straight across: the engine's refusal names
    their classes (2b, 2c); plain words follow, naming the cell the turn began on, before the
    cells that may be played. In number mode i6 (one exit) refuses e9 (two)."""
    g = _game("china-grove")
    with pytest.raises(teaching.TeachingError) as err:
        teaching.guide_try("china-grove", 2, {"actions": g.parse_move("e9,d5")})
    said = err.value.message
    assert "d5 is not legal now: " in said and "class 2c" in said  # the engine's words first
    plain = (
        "; put plainly, d5's exits do not lie as those of e9, where this turn began, even "
        "turned or mirrored; White (player 2) may play: f6, g11"
    )
    assert said.endswith(plain)  # before the cells that may be played, which the board marks
    with pytest.raises(teaching.TeachingError) as err:  # an occupied cell: the engine says it
        teaching.guide_try("china-grove", 2, {"actions": g.parse_move("e9,g1")})
    assert "plainly" not in err.value.message
    number: Any = game_class("china-grove")(mode="number", penalty=2, islands=1, board_seed=1)
    st = number.new_initial_state()
    words = teaching._china_grove_refusal(number, st, number.parse_move("i6,e9"))
    assert words == "; put plainly, e9 has 2 exits, and i6, where this turn began, 1"
