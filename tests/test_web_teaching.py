"""The teaching content of the web app: rules pages and guided games built through the engine.

Every rules picture is a real position (its moves are replayed by the engine), the pictures show
what their captions claim, every option of every game is explained, the text is the project's
own (no run of words taken from the designers' rule sheets), and a guided step accepts the turn
it asks for and refuses an illegal one with the engine's message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")  # hexarena.web imports the web app

from hexarena.games import game_class, game_names
from hexarena.web import teaching
from hexarena.web.lessons import LESSONS

#: The designers' rule sheets, beside the repository when they are there.
SHEETS = Path(__file__).resolve().parents[2] / "shared" / "rules"

#: What the rules page of each game must cover (section ids), from the issue.
TOPICS = {
    "churn": {"isolation", "smallest", "removal", "pie"},
    "gyre": {"loop", "ownership", "nodraw"},
    "throngs": {"potential", "deploy", "dispatch", "capture", "end", "setup"},
    "scrunch": {"eggs", "growth", "words", "mutants", "removal"},
    "china-grove": {"board", "turn", "score"},
}


def test_every_game_has_a_lesson() -> None:
    assert set(LESSONS) == set(game_names())


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_rules_pages_cover_the_topics_and_every_option(name: str) -> None:
    page = teaching.rules(name)
    ids = {s["id"] for s in page["sections"]}
    assert TOPICS[name] <= ids
    assert [o["name"] for o in page["options"]] == [o.name for o in game_class(name).option_specs]
    for o in page["options"]:
        assert len(o["text"]) > 30, o["name"]
    assert sum(len(s["diagrams"]) for s in page["sections"]) >= 2
    for s in page["sections"]:
        for d in s["diagrams"]:
            assert d["board_key"] in page["boards"]
            assert len(d["cells"]) == len(page["boards"][d["board_key"]]["cells"])
            assert d["caption"]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _all_text(name: str) -> str:
    lesson = LESSONS[name]
    parts = [lesson["summary"], *lesson["option_notes"].values()]
    for s in lesson["sections"]:
        parts += s["text"] + [d["caption"] for d in s.get("diagrams", [])]
    for step in lesson["guide"]:
        parts += [step["ask"], step["done"]]
    return "\n".join(parts)


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_text_is_our_own(name: str) -> None:
    if not SHEETS.is_dir():
        pytest.skip("the rule sheets are not beside the repository")
    sheet = " ".join(_words(" ".join(p.read_text() for p in SHEETS.glob("*.txt"))))
    ours = _words(_all_text(name))
    runs = [" ".join(ours[i : i + 7]) for i in range(len(ours) - 6)]
    copied = [r for r in runs if f" {r} " in f" {sheet} "]
    assert not copied, copied[:3]


def _diagram(name: str, section: str, k: int = 0) -> dict[str, object]:
    page = teaching.rules(name)
    sec = next(s for s in page["sections"] if s["id"] == section)
    return sec["diagrams"][k]  # type: ignore[no-any-return]


def test_churn_pictures_show_isolation_smallest_groups_and_a_removal() -> None:
    g = game_class("churn")(size=3)
    iso = _diagram("churn", "isolation")
    names = {g.board.names[i] for i in iso["legal"]}  # type: ignore[attr-defined]
    assert names == {"e1", "e2", "c3", "d3", "e3", "d4", "b5", "c5"}
    small = _diagram("churn", "smallest")
    assert {g.board.names[i] for i in small["legal"]} == {"d1", "e1", "b2", "a3", "d4", "b5"}  # type: ignore[attr-defined]
    rem = _diagram("churn", "removal")
    last = rem["last"]
    assert isinstance(last, dict)
    assert [g.board.names[i] for i in last["ring"]] == ["e1"]
    assert sorted(g.board.names[i] for i in last["effects"]) == ["a4", "c1", "c3", "c5"]


def test_gyre_end_marks_the_loop_and_no_changes() -> None:
    d = _diagram("gyre", "loop", 1)
    last = d["last"]
    assert isinstance(last, dict) and last["effects"] == []
    hl = d["highlight"]
    assert isinstance(hl, dict) and len(hl["group"]) == 14 and len(hl["owned"]) == 9
    assert "walls off the centre" in str(d["outcome"])


def test_gyre_no_draw_picture_is_a_full_board_with_a_winner() -> None:
    g = game_class("gyre")(size=4)
    before = _diagram("gyre", "nodraw")
    assert [g.board.names[i] for i in before["legal"]] == ["d4"]  # type: ignore[attr-defined]
    assert before["outcome"] is None
    after = _diagram("gyre", "nodraw", 1)
    cells = after["cells"]
    assert isinstance(cells, list) and len(cells) == 37 and "" not in cells and None not in cells
    assert "Red" in str(after["outcome"]) and "walls off the centre" in str(after["outcome"])


def test_china_grove_turn_is_numbered_and_both_modes_score() -> None:
    d = _diagram("china-grove", "turn")
    last = d["last"]
    assert isinstance(last, dict) and sorted(last["numbers"].values()) == [1, 2, 3, 4, 5, 6]
    assert "Place 2 more checkers" in str(_diagram("china-grove", "turn", 1)["prompt"])
    pattern, number = _diagram("china-grove", "score"), _diagram("china-grove", "score", 1)
    assert "17 groups = 1" in str(pattern["outcome"]) and "13 groups = 9" in str(number["outcome"])


def test_scrunch_growth_is_drawn_as_a_step() -> None:
    g = game_class("scrunch")(size=4)
    mutant = _diagram("scrunch", "mutants")
    assert [g.board.names[i] for i in mutant["legal"]] == ["b4"]  # type: ignore[attr-defined]
    assert mutant["cells"][g.board.parse("a4")] == "W+"  # type: ignore[index]
    last = _diagram("scrunch", "growth")["last"]
    assert isinstance(last, dict)
    assert [[g.board.names[i] for i in a] for a in last["arrows"]] == [["c7", "c6"]]
    removal = _diagram("scrunch", "removal")["last"]
    g_names = [g.board.names[i] for i in removal["effects"]] if isinstance(removal, dict) else []
    assert "c5" in g_names and len(g_names) == 5  # Black's snake of five, c5 the stone clicked


def test_a_guided_step_refuses_with_the_engines_message_and_accepts_the_move() -> None:
    g = game_class("churn")(size=3)
    with pytest.raises(teaching.TeachingError) as err:
        teaching.guide_try("churn", 2, {"actions": [g.board.parse("b2")]})
    assert err.value.status == 422
    assert (
        "touches none of your stones" in err.value.message
        and "b2 is not legal" in err.value.message
    )
    right = teaching.guide_try("churn", 3, {"actions": [g.board.parse("e1")]})
    assert right["ok"] is True and "left the board" in right["message"]
    assert len(right["last"]["effects"]) == 4
    gyre = game_class("gyre")(size=4)
    wrong = teaching.guide_try("gyre", 3, {"actions": [gyre.board.parse("b3")]})  # legal, not a4
    assert wrong["complete"] and wrong["ok"] is False
    assert teaching.guide_try("gyre", 3, {"actions": [gyre.board.parse("a4")]})["ok"] is True


def test_guided_steps_refuse_bad_requests() -> None:
    with pytest.raises(teaching.TeachingError) as err:
        teaching.guide_try("churn", 0, {"actions": "e1"})
    assert err.value.status == 400
    with pytest.raises(teaching.TeachingError) as err:
        teaching.guide_try("churn", 99, {"actions": [0]})
    assert err.value.status == 404
    with pytest.raises(teaching.TeachingError) as err:
        teaching.rules("chess")
    assert err.value.status == 404 and "churn" in err.value.message


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_guided_step_has_a_real_position(name: str) -> None:
    data = teaching.guide(name)
    assert len(data["steps"]) >= 1
    refusals = 0
    for step in data["steps"]:
        assert step["legal"] or step["specials"]
        if step["refuse"]:
            refusals += 1
            g = game_class(name)(**LESSONS[name]["options"])
            clicks = [g.parse_action(c) for c in step["refuse"]]
            with pytest.raises(teaching.TeachingError) as err:
                teaching.guide_try(name, step["index"], {"actions": clicks})
            assert "not legal" in err.value.message
    assert refusals >= 1


def test_throngs_paths_follow_steps_and_jumps() -> None:
    """Worked by hand on the side-3 board: after Black's c2-d2,d1 White's stone on c4 (budget 2)
    steps b5 then a5; later Black's e1 jumps over d2 to c3 (cost 2) and d1 steps to c1."""
    g = game_class("throngs")(board="hex", size=3)
    names = g.board.names
    moves = LESSONS["throngs"]["sections"][4]["diagrams"][1]["moves"]
    st, before, last = teaching.play_through(g, moves[:4])
    assert before is not None
    assert [[names[i] for i in p] for p in teaching.journeys(g, before, last)] == [
        ["c4", "b5", "a5"]
    ]
    st, before, last = teaching.play_through(g, moves[:9])
    assert moves[8] == "e1-c3,d1-c1" and before is not None
    assert [[names[i] for i in p] for p in teaching.journeys(g, before, last)] == [
        ["e1", "c3"],
        ["d1", "c1"],
    ]
    assert teaching.journeys(game_class("churn")(size=3), st, last) == []


def test_guided_steps_take_a_swap_and_a_removal() -> None:
    gyre = game_class("gyre")(size=4)
    swap = gyre.parse_action("swap")
    assert teaching.guide_try("gyre", 1, {"actions": [swap]})["ok"] is True
    assert teaching.guide_try("gyre", 1, {"actions": [gyre.board.parse("d5")]})["ok"] is False
    scrunch = game_class("scrunch")(size=4)
    k = next(i for i, s in enumerate(LESSONS["scrunch"]["guide"]) if s["answer"] == "xc5")
    step = teaching.guide("scrunch")["steps"][k]
    removals = [s["action"] for s in step["specials"] if s["name"].startswith("x")]
    assert step["legal"] == [] and removals
    done = teaching.guide_try("scrunch", k, {"actions": [removals[0]]})
    assert done["complete"] and done["ok"] is True and len(done["last"]["effects"]) >= 1
    assert scrunch.action_text(removals[0]).startswith("x")


def test_china_grove_board_picture_has_one_cell_of_six_exits() -> None:
    page = teaching.rules("china-grove")
    board = next(iter(page["boards"].values()))
    counts = [len(c["exits"]) for c in board["extra"]["exits"]]
    assert counts.count(6) == 1 and counts.count(1) == 6 and len(counts) == 63
    assert _diagram("china-grove", "board")["cells"] == ["."] * 63


def test_churn_swap_pictures_show_player_2_taking_over_the_red_stone() -> None:
    """Worked by hand on the side-3 board: after Red's c3 (the centre) Blue may swap; after the
    swap the stone is still red and player 2 plays Red; Blue (player 1) moves next, and after
    Blue's a4, Red must play away from c3's six neighbours c2, d2, b3, d3, b4 and c4."""
    g = game_class("churn")(size=3)
    c3 = g.board.parse("c3")
    opened, swapped, answered = (_diagram("churn", "pie", k) for k in range(3))
    st, _, _ = teaching.play_through(g, ["c3"])
    assert "swap" in st.legal_action_texts()
    for d in (opened, swapped):
        assert d["cells"] == ["R" if i == c3 else "." for i in range(19)]
        assert d["circled"] == [c3]
    assert opened["seats"] == [
        {"player": 1, "colour": "Red", "to_act": False},
        {"player": 2, "colour": "Blue", "to_act": True},
    ]
    assert swapped["seats"] == [
        {"player": 1, "colour": "Blue", "to_act": True},
        {"player": 2, "colour": "Red", "to_act": False},
    ]
    st, _, _ = teaching.play_through(g, ["c3", "swap"])
    assert st.to_move_name == "Blue (player 1)" and "swap" not in st.legal_action_texts()
    assert answered["seats"] == [
        {"player": 1, "colour": "Blue", "to_act": False},
        {"player": 2, "colour": "Red", "to_act": True},
    ]
    last = answered["last"]
    assert isinstance(last, dict) and last["ring"] == [g.board.parse("a4")]
    legal = {g.board.names[i] for i in answered["legal"]}  # type: ignore[attr-defined]
    assert legal == {"c1", "d1", "e1", "b2", "e2", "a3", "e3", "d4", "a5", "b5", "c5"}
    for d in (opened, swapped, answered):
        assert "Player 2" in str(d["caption"]) or "player 2" in str(d["caption"])


def test_china_grove_number_mode_pictures_write_the_exits_and_the_turn_they_decide() -> None:
    """Seed 1's labyrinth: every pattern of exits appears once, so C(6, k) cells have k exits
    (6, 15, 20, 15, 6, 1). e9's exits run straight across (E, W): in number mode a turn begun
    there is 7 - 2 = 5 checkers on any of the other 14 two-exit cells; in pattern mode only the
    other two straight cells, f6 and g11, share its layout."""
    g = game_class("china-grove")(mode="number", penalty=2, islands=1, board_seed=1)
    exits = {e["name"]: e["exits"] for e in g.board_json_extra()["exits"]}
    first, turn, pattern = (_diagram("china-grove", "number", k) for k in range(3))
    counts = first["counts"]
    assert isinstance(counts, dict) and len(counts) == 63
    for i, name in enumerate(g.board.names):
        assert counts[str(i)] == len(exits[name])
    assert [list(counts.values()).count(k) for k in range(1, 7)] == [6, 15, 20, 15, 6, 1]
    assert pattern["counts"] == counts == turn["counts"]
    twos = {g.board.names[i] for i in range(63) if counts[str(i)] == 2}
    legal = {g.board.names[i] for i in first["legal"]}  # type: ignore[attr-defined]
    assert exits["e9"] == ["E", "W"] and legal == twos - {"e9"} and len(legal) == 14
    assert "Place 4 more checkers" in str(first["prompt"])  # 7 - 2 = 5, one placed
    assert {g.board.names[i] for i in pattern["legal"]} == {"f6", "g11"}  # type: ignore[attr-defined]
    assert exits["f6"] == ["NE", "SW"] and exits["g11"] == ["NW", "SE"]  # straight across too
    last = turn["last"]
    assert isinstance(last, dict)
    played = [g.board.names[i] for i in last["ring"]]
    assert played == ["e9", "f6", "d5", "h6", "a16"] and set(played) <= twos
    assert last["numbers"] == {str(g.board.parse(c)): k + 1 for k, c in enumerate(played)}
    assert exits["d5"] == ["NE", "SE"] and exits["h6"] == ["E", "NW"]  # one direction apart
    assert exits["a16"] == ["E", "NE"]  # side by side
    assert turn["to_act_name"] == "Black (player 2)"  # the turn was whole at five


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_outline_a_page_draws_has_words_and_the_guide_has_its_aim(name: str) -> None:
    """Outlines (Gyre's winning group and the edge it owns) are explained by a legend: every list
    of cells an outcome outlines, in a guided step's answer or a rules picture, has its words."""
    lesson = LESSONS[name]
    g = game_class(name)(**lesson["options"])
    keys: set[str] = set()
    for step in lesson["guide"]:
        st, _, _ = teaching.play_through(g, list(step["moves"]))
        st.apply_move(g.parse_move(step["answer"]))
        o = st.outcome()
        if o is not None:
            keys |= {k for k, v in o.details.items() if isinstance(v, list | tuple) and v}
    for sec in teaching.rules(name)["sections"]:
        for d in sec["diagrams"]:
            keys |= set(d["highlight"])
    words = teaching.guide(name)["highlight_words"]
    assert keys <= set(words) and words == teaching.rules(name)["highlight_words"]
    assert all(len(w) > 10 for w in words.values())
    if name == "gyre":
        assert keys == {"group", "owned"} and "@" in words["group"] and "+" in words["owned"]
    assert teaching.guide(name)["summary"] == lesson["summary"]


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_the_rules_words_need_no_engine(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The words of a rules page are built without a game or a position (so that the page shows
    them at once while the engine compiles), and are the full page's words."""

    def no_engine(*args: object) -> None:
        raise AssertionError("the engine was used")

    full = teaching.rules(name)
    monkeypatch.setattr(teaching, "_game", no_engine)
    monkeypatch.setattr(teaching, "play_through", no_engine)
    text = teaching.rules_text.__wrapped__(name)
    assert [s["text"] for s in text["sections"]] == [s["text"] for s in full["sections"]]
    assert [s["pictures"] for s in text["sections"]] == [
        len(s["diagrams"]) for s in full["sections"]
    ]
    assert text["options"] == full["options"] and text["title"] == full["title"]
    assert "diagrams" not in text["sections"][0] and "boards" not in text
