"""Words the web app shows a stranger: the new-game form's help for each option is the game's
own, without the command line's dashes (the form has fields, not options)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient


def test_the_new_game_form_speaks_of_options_without_command_line_dashes(
    client: TestClient,
) -> None:
    # Throngs' size read "side of the hex board (with --board hex; default 5)" on the form
    meta = client.get("/api/meta").json()
    helps = {(g["name"], o["name"]): o["help"] for g in meta["games"] for o in g["options"]}
    assert helps[("throngs", "size")] == "side of the hex board (with board hex; default 5)"
    assert not [k for k, text in helps.items() if "--" in text]


def test_an_option_number_out_of_range_names_the_bound(client: TestClient) -> None:
    # it said only "option board_seed is out of range: 99999999999999999999"
    body = {"game": "china-grove", "mode": "local", "options": {"board_seed": 10**20}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["error"].startswith("option board_seed must be at most ")
    assert r.json()["error"].endswith(", not 100000000000000000000")


def test_an_option_refused_on_the_form_is_named_without_dashes(client: TestClient) -> None:
    # "option size is for --board hex only" (the command line's words, now the game's own)
    body = {"game": "throngs", "mode": "local", "options": {"board": "original", "size": 4}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["error"].startswith("option size is for board hex only")


def test_the_form_shows_an_option_only_where_it_applies(client: TestClient) -> None:
    # Throngs' size field showed with every board, where the game refuses it
    meta = client.get("/api/meta").json()
    opts = {(g["name"], o["name"]): o for g in meta["games"] for o in g["options"]}
    size = opts[("throngs", "size")]
    assert size["applies"] == {"option": "board", "values": ["hex"]} and size["default"] == 5
    assert opts[("throngs", "setup")]["choices_apply"] == {
        "standard": {"option": "board", "values": ["original"]}
    }
    assert opts[("churn", "size")]["applies"] == {"option": "sides", "values": [""]}
    for name in ("islands", "board_seed"):
        assert opts[("china-grove", name)]["applies"] == {"option": "board", "values": [""]}
    assert "applies" not in opts[("gyre", "size")] and "applies" not in opts[("throngs", "board")]
    for (game, _), o in opts.items():  # each rule names another option of the same game
        if "applies" in o:
            assert (game, o["applies"]["option"]) in opts


def test_the_forms_rules_are_the_games_own() -> None:
    # where the form hides an option, the game refuses it (the form is not the only client)
    from hexarena.core import OptionError
    from hexarena.games import game_class

    throngs, churn = game_class("throngs"), game_class("churn")
    for board in ("original", "large"):
        with pytest.raises(OptionError, match="option size is for board hex only"):
            throngs.parse_options({"board": board, "size": 5})
        assert throngs.parse_options({"board": board})["size"] is None
    with pytest.raises(OptionError, match="standard set-up"):
        throngs.parse_options({"board": "large", "setup": "standard"})
    with pytest.raises(OptionError, match="size"):
        churn.parse_options({"sides": "3,4,3,4,3,4", "size": 3})


def test_a_size_with_a_fixed_board_is_refused_even_the_hex_boards_default(
    client: TestClient,
) -> None:
    # 5 is the hex board's size, not a value that means anything on the original board: the
    # game is refused rather than the size dropped unseen; a size left out (or null) is taken
    for size in (5, 7):
        body = {"game": "throngs", "mode": "local", "options": {"board": "original", "size": size}}
        r = client.post("/api/games", json=body)
        assert r.status_code == 400
        assert r.json()["error"] == (
            "option size is for board hex only; the original board has a fixed shape"
        )
    body = {"game": "throngs", "mode": "local", "options": {"board": "original", "size": None}}
    assert client.post("/api/games", json=body).status_code == 200


def test_a_games_options_read_as_words(client: TestClient) -> None:
    # the game page read "board=original setup=choose no_stalling=no repetition=third"
    body = {"game": "throngs", "mode": "local", "options": {"board": "hex", "size": 4}}
    created = client.post("/api/games", json=body).json()
    view = client.get(f"/api/games/{created['id']}").json()
    assert view["option_text"] == (
        "board: hex, size: 4, setup: choose, no stalling: no, repetition: third"
    )


def test_the_guided_games_speak_plainly(client: TestClient) -> None:
    """A guided step spoke of "the engine" (Churn's: "the engine refuses it"), which a stranger
    does not know, and Churn's refusal of a cell next to a stone said "a stone that can be placed
    in isolation must be", a sentence without its end."""
    from hexarena.web.lessons import LESSONS
    from hexarena.web.teaching import refusal

    for name, lesson in LESSONS.items():
        for k, step in enumerate(lesson["guide"]):
            words = step["ask"] + " " + step["done"]
            assert "engine" not in words, (name, k + 1)
    steps = LESSONS["churn"]["guide"]
    k = next(k for k, step in enumerate(steps) if refusal(step) == ["b2"])
    data = client.get("/api/learn/churn").json()
    cells = data["boards"][data["steps"][k]["board_key"]]["cells"]
    b2 = [c["name"] for c in cells].index("b2")
    r = client.post(f"/api/learn/churn/{k + 1}", json={"actions": [b2]})
    assert r.status_code == 422
    said = r.json()["error"]
    assert "in isolation must be" not in said
    assert "b2 is not legal now: it touches one of your stones, and while an empty cell " in said
