"""The web app's JSON API: every endpoint, its answers and its refusals.

Most tests drive the Starlette app in-process (``TestClient``), each twice: over a SQLite file in a
temporary folder and over a database of a throw-away PostgreSQL server (``db_url`` in
``tests/conftest.py``); the live-update stream is read from a real uvicorn server on a free port.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import httpx2
from starlette.testclient import TestClient

from hexarena.ai import base as ai_base
from hexarena.ai import player_names
from hexarena.games import game_names, new_game
from hexarena.records import read_record
from hexarena.web import create_app
from hexarena.web.arena import ApiError
from hexarena.web.guard import GuardConfig, Rate
from hexarena.web.storage import (
    Ending,
    MoveRow,
    StorageError,
    VersionConflict,
    digest,
    open_storage,
    redact_url,
    sqlite_path,
)
from hexarena.web.workers import ComputerPool
from tests.conftest import ACTION_CAP, SMALL_OPTIONS, run_async, served
from tests.web_player_kinds import SlowPlayer

#: The quickest computer player on offer (the random player while no search player is faster).
FAST = "random" if "random" in player_names() else player_names()[0]


# ---------------------------------------------------------------- helpers
@pytest.fixture
def db(db_url: str) -> str:
    return db_url


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    """Worker processes shared by the module's apps (they start on the first computer move)."""
    p = ComputerPool(1, nice=0, imports=("tests.web_players",), cancel_grace=0.2, overrun=0.2)
    # compile Churn's search once, before any test's time limit runs (a new process compiles it)
    run_async(p.run("warm", {"game": "churn"}))
    yield p
    p.close()


@pytest.fixture
def client(db: str, pool: ComputerPool) -> Iterator[TestClient]:
    with app_client(db, pool) as c:
        yield c


#: The API suite plays whole games as fast as it can: rate limits are the attack suite's subject.
UNLIMITED = GuardConfig(
    create_rate=Rate(burst=1_000_000, per_second=1_000_000.0),
    move_rate=Rate(burst=1_000_000, per_second=1_000_000.0),
)


def app_client(db: str, pool: ComputerPool | None = None) -> TestClient:
    """A test client of a new app over ``db`` (at an address the app answers to)."""
    return TestClient(create_app(db, pool=pool, guard=UNLIMITED), base_url="http://localhost")


def new(client: TestClient, game: str = "churn", **body: Any) -> dict[str, Any]:
    body.setdefault("options", SMALL_OPTIONS.get(game, {}))
    body.setdefault("mode", "local")
    r = client.post("/api/games", json={"game": game, **body})
    assert r.status_code == 200, r.text
    client.cookies.clear()  # these tests send the token in the header (tests/test_web_seats.py
    # has the cookie), so a request without it is a spectator's
    data: dict[str, Any] = r.json()
    return data


def online(client: TestClient, game: str = "churn", **body: Any) -> tuple[str, str, str]:
    """A game between two people apart, its open seat claimed: the id and both seats' tokens."""
    g = new(client, game, mode="online", **body)
    code = g["links"]["invite"].split("#invite=", 1)[1]
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": code})
    assert r.status_code == 200, r.text
    client.cookies.clear()
    return g["id"], g["token"], r.json()["token"]


def view(client: TestClient, gid: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def post(
    client: TestClient, gid: str, what: str, token: str | None, **body: Any
) -> httpx2.Response:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/games/{gid}/{what}", json=body, headers=headers)


def error(r: httpx2.Response, status: int) -> str:
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert isinstance(message, str) and message
    return message


def build_turn(client: TestClient, gid: str, rng: random.Random) -> list[int]:
    """Choose a whole turn action by action through /continuations, as the page does."""
    v = view(client, gid)
    actions: list[int] = []
    options = v["legal"] + [s["action"] for s in v["specials"]]
    while True:
        actions.append(rng.choice(options))
        r = post(client, gid, "continuations", None, actions=actions)
        assert r.status_code == 200, r.text
        cont = r.json()
        if cont["complete"]:
            return actions
        options = cont["legal"] + [s["action"] for s in cont["specials"]]
        assert options, "a turn under way always has a legal continuation"


def wait_for(client: TestClient, gid: str, token: str, check: Any) -> dict[str, Any]:
    """Poll the game until ``check(view)`` holds (the computer thinks in the background)."""
    for _ in range(30_000):  # a generous bound: the computer answers in well under a second
        v = view(client, gid, token)
        if check(v):
            return v
        time.sleep(0.01)
    raise AssertionError("the game never reached the expected state")


# ---------------------------------------------------------------- catalogue and pages
def test_meta_lists_every_game_with_options_and_levels(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert [g["name"] for g in meta["games"]] == game_names()
    churn = next(g for g in meta["games"] if g["name"] == "churn")
    assert churn["colours"] == ["Red", "Blue"]
    assert {o["name"] for o in churn["options"]} == {"size", "sides"}
    assert meta["levels"] == player_names()
    assert meta["default_level"] in meta["levels"]
    assert meta["modes"] == ["computer", "local", "online"]
    assert {"game": "churn", "options": {"size": 2}} in meta["solved"]


def test_pages_and_static_files_are_served(client: TestClient) -> None:
    assert "hexarena" in client.get("/").text
    g = new(client)
    page = client.get(f"/game/{g['id']}")
    assert page.status_code == 200 and "app.js" in page.text
    assert "startGame" in client.get("/static/app.js").text
    assert client.get("/static/style.css").status_code == 200


def test_every_page_has_an_icon_and_favicon_ico_answers() -> None:
    """Browsers ask for an icon on every page; without one each page logged a 404."""
    from hexarena.web.app import STATIC

    for page in ("index.html", "learn.html"):
        assert '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">' in (
            STATIC / page
        ).read_text(encoding="utf-8")


def test_the_icon_is_served_at_favicon_ico_too(client: TestClient) -> None:
    for path in ("/favicon.ico", "/static/icon.svg"):
        r = client.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-type"].startswith("image/svg+xml"), path
        assert r.text.lstrip().startswith("<svg"), path


def test_unknown_endpoint_and_method_answer_json(client: TestClient) -> None:
    assert "no API endpoint" in error(client.get("/api/nothing"), 404)
    assert "not allowed" in error(client.delete("/api/games"), 405)
    assert "no game" in error(client.get("/api/games/abc123"), 404)
    assert "no game" in error(client.get("/api/games/ab.cd"), 404)


def test_an_unexpected_failure_answers_json(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(client.app.state.arena, "meta", broken)  # type: ignore[attr-defined]
    assert "internal error (RuntimeError)" in error(client.get("/api/meta"), 500)


# ---------------------------------------------------------------- creating games
def test_create_refuses_bad_requests_and_stores_nothing(client: TestClient) -> None:
    assert "not valid JSON" in error(
        client.post("/api/games", content=b"{nope", headers={"Content-Type": "application/json"}),
        400,
    )
    assert "JSON object" in error(client.post("/api/games", json=[1, 2]), 400)
    assert "no game called" in error(client.post("/api/games", json={"game": "chess"}), 400)
    assert "needs 'game'" in error(client.post("/api/games", json={"options": {}}), 400)
    assert "size" in error(
        client.post("/api/games", json={"game": "churn", "options": {"size": 99}}), 400
    )
    assert "no option" in error(
        client.post("/api/games", json={"game": "churn", "options": {"colour": 1}}), 400
    )
    assert "options" in error(client.post("/api/games", json={"game": "churn", "options": 3}), 400)
    assert "mode" in error(
        client.post("/api/games", json={"game": "churn", "mode": "telepathy"}), 400
    )
    assert "level" in error(
        client.post(
            "/api/games", json={"game": "churn", "mode": "computer", "level": "grandmaster"}
        ),
        400,
    )
    assert "seat" in error(
        client.post(
            "/api/games", json={"game": "churn", "mode": "computer", "level": FAST, "seat": 2}
        ),
        400,
    )
    assert client.get("/api/games").json()["games"] == []


def test_a_new_game_waits_for_its_kind_to_be_loaded_before_its_board_is_made(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Making a board can run a kernel (China Grove's generator): the server loads the game's
    kernels first (off its event loop), so that it never compiles one while requests wait."""
    arena = client.app.state.arena  # type: ignore[attr-defined]
    order: list[tuple[str, str]] = []
    real_ensure, real_make = arena.warmer.ensure, arena._new_game

    async def ensure(game: str) -> None:
        order.append(("load", game))
        await real_ensure(game)

    def make(body: dict[str, Any]) -> Any:
        order.append(("make", body["game"]))
        return real_make(body)

    monkeypatch.setattr(arena.warmer, "ensure", ensure)
    monkeypatch.setattr(arena, "_new_game", make)
    new(client, "gyre")
    assert order[:2] == [("load", "gyre"), ("make", "gyre")]


@pytest.mark.parametrize("mode", ["computer", "local", "online"])
def test_create_gives_tokens_and_links_per_mode(client: TestClient, mode: str) -> None:
    g = new(client, mode=mode, level=FAST, seat=0)
    assert g["links"]["spectator"] == f"/game/{g['id']}"
    assert g["you"] == ([0, 1] if mode == "local" else [0])
    if mode == "online":
        assert g["links"]["invite"].startswith(f"/game/{g['id']}#invite=")
        assert g["token"] not in g["links"]["invite"]
    else:
        assert "invite" not in g["links"]
    v = view(client, g["id"], g["token"])
    assert v["you"] == ([0, 1] if mode == "local" else [0])
    assert view(client, g["id"])["you"] == []
    kinds = [s["kind"] for s in v["seats"]]
    assert kinds == (["human", "computer"] if mode == "computer" else ["human", "human"])


def test_view_and_board_describe_the_position(client: TestClient) -> None:
    g = new(client, options={"sides": "3,4,3,4,3,4"})
    board = client.get(f"/api/games/{g['id']}/board").json()
    game = new_game("churn", sides="3,4,3,4,3,4")
    assert len(board["cells"]) == game.board.size == 27
    assert board["cells"][0] == {
        "index": 0,
        "name": game.board.names[0],
        "q": game.board.cells[0][0],
        "r": game.board.cells[0][1],
    }
    v = view(client, g["id"], g["token"])
    assert v["cells"] == ["."] * 27
    assert v["legal"] == list(range(27)) and v["specials"] == []
    assert v["legend"] == {"R": 0, "B": 1}
    assert v["to_act"] == 0 and v["to_act_colour"] == 0
    assert v["seats"][0]["colour_name"] == "Red" and v["seats"][1]["colour_name"] == "Blue"
    assert v["outcome"] is None and v["last_move"] is None and v["turns"] == 0


# ---------------------------------------------------------------- moves
def test_a_move_is_stored_and_shown(client: TestClient) -> None:
    g = new(client)
    gid, tok = g["id"], g["token"]
    c3 = new_game("churn", size=3).board.parse("c3")
    r = post(client, gid, "moves", tok, actions=[c3], version=0)
    assert r.status_code == 200 and r.json() == {"version": 1, "text": "c3"}
    v = view(client, gid, tok)
    assert v["cells"][c3] == "R" and v["to_act"] == 1
    assert v["last_move"] == {
        "index": 0,
        "seat": 0,
        "colour": 0,
        "actions": [c3],
        "text": "c3",
        "cells": [c3],
        "effects": [],
        "ring": [c3],
        "arrows": [],
        "numbers": {},
        "journeys": [],
    }
    assert v["prompt"].startswith("Place a stone on a marked cell") and "swap" in v["prompt"]
    assert v["specials"] == [{"action": 19, "name": "swap"}]
    r = post(client, gid, "moves", tok, actions=[19], version=1)
    assert r.status_code == 200
    v = view(client, gid, tok)
    assert v["seats"][0]["colour_name"] == "Blue" and v["seats"][1]["colour_name"] == "Red"
    assert v["to_act"] == 0 and v["to_act_colour"] == 1


def test_refused_moves_change_nothing(client: TestClient) -> None:
    gid, t0, t1 = online(client)
    c3 = new_game("churn", size=3).board.parse("c3")
    assert "spectator" in error(post(client, gid, "moves", None, actions=[c3], version=1), 403)
    assert "does not belong" in error(
        post(client, gid, "moves", "forged", actions=[c3], version=1), 403
    )
    assert "not your turn" in error(post(client, gid, "moves", t1, actions=[c3], version=1), 403)
    assert "not an action" in error(post(client, gid, "moves", t0, actions=[500], version=1), 422)
    assert "swap" in error(post(client, gid, "moves", t0, actions=[19], version=1), 422)
    assert "list of action numbers" in error(
        post(client, gid, "moves", t0, actions="c3", version=1), 400
    )
    assert "list of action numbers" in error(
        post(client, gid, "moves", t0, actions=[True], version=1), 400
    )
    assert "version" in error(post(client, gid, "moves", t0, actions=[c3]), 400)
    assert "changed" in error(post(client, gid, "moves", t0, actions=[c3], version=7), 409)
    assert "too much" in error(post(client, gid, "moves", t0, actions=[c3, c3 + 1], version=1), 422)
    v = view(client, gid, t0)
    assert v["version"] == 1 and v["turns"] == 0 and v["cells"] == ["."] * 19
    assert post(client, gid, "moves", t0, actions=[c3], version=1).status_code == 200
    assert "not your turn" in error(post(client, gid, "moves", t0, actions=[0], version=2), 403)
    assert post(client, gid, "moves", t1, actions=[0], version=2).status_code == 200


def test_two_moves_sent_at_once_apply_exactly_once(db: str) -> None:
    app = create_app(db)
    arena = app.state.arena

    async def race() -> list[Any]:
        created = await arena.create({"game": "churn", "options": {"size": 3}, "mode": "local"})
        session = await arena.get(created["id"])
        tok = created["token"]
        moves = [arena.play(session, tok, {"actions": [a], "version": 0}) for a in (3, 4, 5, 6)]
        results = await asyncio.gather(*moves, return_exceptions=True)
        return [created["id"], *results]

    # A fresh thread has no event loop of its own, whatever else this worker ran before (the
    # browser tests' Playwright keeps one running in the main thread for the whole session).
    with ThreadPoolExecutor(1) as pool:
        gid, *results = pool.submit(asyncio.run, race()).result()
    ok = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, ApiError)]
    assert len(ok) == 1 and len(refused) == 3
    assert all(r.status == 409 for r in refused)
    stored = arena.storage.moves(gid)
    assert len(stored) == 1 and stored[0].actions[0] in (3, 4, 5, 6)
    arena.close()


def test_storage_refuses_a_stale_version_in_its_transaction(db: str) -> None:
    st = open_storage(db)
    st.create_game("abc", "churn", {"size": "3"}, "local", ["human", "human"], 1)
    assert st.append_move("abc", 0, 0, MoveRow(0, 0, [4]), Ending()) == 1
    with pytest.raises(VersionConflict):
        st.append_move(
            "abc", 0, 0, MoveRow(0, 0, [5]), Ending()
        )  # a second writer that saw version 0
    assert [m.actions for m in st.moves("abc")] == [[4]]
    assert st.get_game("abc").version == 1  # type: ignore[union-attr]
    st.close()


# ---------------------------------------------------------------- turns built click by click
def test_continuations_list_next_actions_and_store_nothing(client: TestClient) -> None:
    g = new(client)
    gid = g["id"]
    r = post(client, gid, "continuations", None, actions=[9])
    cont = r.json()
    assert r.status_code == 200 and cont["complete"] is True and cont["text"] == "c3"
    assert cont["cells"][9] == "R" and cont["to_act"] == 1
    assert view(client, gid)["cells"][9] == "."
    assert "not legal" in error(post(client, gid, "continuations", None, actions=[19]), 422)
    assert "too much" in error(post(client, gid, "continuations", None, actions=[9, 19]), 422)
    assert "list of action" in error(post(client, gid, "continuations", None, actions=None), 400)
    empty = post(client, gid, "continuations", None, actions=[]).json()
    assert empty["complete"] is False and empty["legal"] == list(range(19))


@pytest.mark.parametrize("name", game_names())
def test_every_game_plays_to_the_end_through_the_api(client: TestClient, name: str) -> None:
    g = new(client, name)
    gid, tok = g["id"], g["token"]
    rng = random.Random(7)
    cap = ACTION_CAP.get(name) or 4000
    actions = 0
    while view(client, gid)["outcome"] is None and actions < cap:
        turn = build_turn(client, gid, rng)
        v = view(client, gid)
        r = post(client, gid, "moves", tok, actions=turn, version=v["version"])
        assert r.status_code == 200, r.text
        actions += len(turn)
    v = view(client, gid, tok)
    if v["outcome"] is None:  # a game without a natural end within the cap: resign it
        assert post(client, gid, "resign", tok, version=v["version"]).status_code == 200
        v = view(client, gid, tok)
    o = v["outcome"]
    assert o["winner"] in (0, 1) and o["result"] in ("1-0", "0-1") and o["reason"]
    assert v["legal"] == [] and v["specials"] == []
    rec = read_record(client.get(f"/api/games/{gid}/record").text)
    assert rec.state.outcome() is not None and rec.state.outcome().winner == o["winner"]  # type: ignore[union-attr]
    listed = client.get("/api/games").json()["games"][0]
    assert listed["id"] == gid and listed["result"] == o["result"]


# ---------------------------------------------------------------- undo and resign
def test_undo_on_one_screen_takes_back_one_turn(client: TestClient) -> None:
    g = new(client)
    gid, tok = g["id"], g["token"]
    assert "nothing to undo" in error(post(client, gid, "undo", tok, version=0), 409)
    post(client, gid, "moves", tok, actions=[9], version=0)
    post(client, gid, "moves", tok, actions=[3], version=1)
    assert view(client, gid, tok)["can_undo"] is True
    assert "spectator" in error(post(client, gid, "undo", None, version=2), 403)
    assert "changed" in error(post(client, gid, "undo", tok, version=1), 409)
    r = post(client, gid, "undo", tok, version=2)
    assert r.status_code == 200 and r.json() == {"version": 3, "turns": 1}
    v = view(client, gid, tok)
    assert v["turns"] == 1 and v["cells"][3] == "." and v["cells"][9] == "R" and v["to_act"] == 1


def test_undo_against_the_computer_takes_back_its_reply_too(client: TestClient) -> None:
    g = new(client, mode="computer", level=FAST, seat=0)
    gid, tok = g["id"], g["token"]
    post(client, gid, "moves", tok, actions=[9], version=0)
    v = wait_for(client, gid, tok, lambda v: v["turns"] == 2 and not v["thinking"])
    assert v["to_act"] == 0 and v["last_move"]["seat"] == 1
    assert post(client, gid, "undo", tok, version=v["version"]).status_code == 200
    v = view(client, gid, tok)
    assert v["turns"] == 0 and v["cells"] == ["."] * 19 and v["to_act"] == 0


def test_an_undo_while_the_computer_thinks_cancels_its_search(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ai_base._FACTORIES, "slow", SlowPlayer)
    pool = ComputerPool(1, nice=0, imports=("tests.web_players",), cancel_grace=0.2, overrun=0.2)
    with app_client(db, pool) as client:
        g = new(client, mode="computer", level="slow", seat=0)
        gid, tok = g["id"], g["token"]
        post(client, gid, "moves", tok, actions=[9], version=0)
        v = wait_for(client, gid, tok, lambda v: v["thinking"])
        while pool.busy() == 0:  # the job reaches a worker
            time.sleep(0.01)
        assert v["to_act"] == 1 and v["turns"] == 1 and pool.started == 1
        assert post(client, gid, "undo", tok, version=v["version"]).status_code == 200
        v = wait_for(client, gid, tok, lambda v: not v["thinking"])
        assert v["turns"] == 0 and v["to_act"] == 0 and v["cells"] == ["."] * 19
        for _ in range(6000):  # the worker that was searching is ended, not left to finish
            if pool.busy() == 0:
                break
            time.sleep(0.01)
        assert pool.busy() == 0
        assert len(open_storage(db).moves(gid)) == 0
        # the pool starts a fresh worker for the next job
        g2 = new(client, mode="computer", level=FAST, seat=1)
        wait_for(client, g2["id"], g2["token"], lambda v: v["turns"] == 1)
        assert pool.started == 2
    pool.close()


def test_computer_moves_first_when_the_person_takes_the_second_seat(client: TestClient) -> None:
    g = new(client, mode="computer", level=FAST, seat=1)
    gid, tok = g["id"], g["token"]
    v = wait_for(client, gid, tok, lambda v: v["turns"] == 1)
    assert v["you"] == [1] and v["to_act"] == 1 and v["last_move"]["seat"] == 0
    assert "changed" in error(
        post(client, gid, "moves", tok, actions=v["legal"][:1], version=0), 409
    )
    assert (
        post(client, gid, "moves", tok, actions=v["legal"][:1], version=v["version"]).status_code
        == 200
    )


def test_online_games_have_no_undo_and_resign_per_seat(client: TestClient) -> None:
    gid, t0, t1 = online(client)
    post(client, gid, "moves", t0, actions=[9], version=1)
    assert "no undo" in error(post(client, gid, "undo", t0, version=2), 403)
    assert "spectator" in error(post(client, gid, "resign", None, version=2), 403)
    assert "cannot resign for seat" in error(
        post(client, gid, "resign", t1, version=2, seat=0), 403
    )
    r = post(client, gid, "resign", t0, version=2)  # not their turn: resigning is allowed any time
    assert r.status_code == 200
    v = view(client, gid)
    assert v["outcome"]["winner"] == 1 and "resigned" in v["outcome"]["reason"]
    assert "already over" in error(post(client, gid, "resign", t1, version=3), 409)
    assert "over" in error(post(client, gid, "moves", t1, actions=[0], version=3), 409)
    assert "over" in error(post(client, gid, "continuations", None, actions=[0]), 409)


# ---------------------------------------------------------------- history, replay, records
def test_moves_are_paged_and_positions_replayed(client: TestClient) -> None:
    g = new(client)
    gid, tok = g["id"], g["token"]
    rng = random.Random(3)
    for k in range(8):
        post(client, gid, "moves", tok, actions=build_turn(client, gid, rng), version=k)
    page = client.get(f"/api/games/{gid}/moves?start=2&count=3").json()
    assert (
        page["total"] == 8
        and page["start"] == 2
        and [m["index"] for m in page["moves"]] == [2, 3, 4]
    )
    last = client.get(f"/api/games/{gid}/moves?count=5").json()
    assert last["start"] == 3 and len(last["moves"]) == 5
    assert "count" in error(client.get(f"/api/games/{gid}/moves?count=0"), 400)
    assert "start" in error(client.get(f"/api/games/{gid}/moves?start=99"), 400)
    assert "whole number" in error(client.get(f"/api/games/{gid}/moves?start=x"), 400)
    moves = client.get(f"/api/games/{gid}/moves?start=0&count=8").json()["moves"]
    state = new_game("churn", size=3).new_initial_state()
    for k in range(3):
        state.apply_move(moves[k]["actions"])
    pos = client.get(f"/api/games/{gid}/position?turn=3").json()
    assert pos["turn"] == 3 and pos["cells"] == new_game("churn", size=3).cell_view(state.array)
    assert pos["last_move"]["index"] == 2
    assert client.get(f"/api/games/{gid}/position?turn=0").json()["cells"] == ["."] * 19
    assert "turn" in error(client.get(f"/api/games/{gid}/position?turn=9"), 400)


def test_a_number_parameter_given_twice_is_refused(client: TestClient) -> None:
    """A query such as ``?limit=5&limit=6`` is ambiguous: refused, naming the parameter, rather
    than read as one of the two."""
    gid = new(client)["id"]
    for url in (
        "/api/games?limit=5&limit=6",
        f"/api/games/{gid}/moves?count=2&count=3",
        f"/api/games/{gid}/moves?start=0&start=0",
        f"/api/games/{gid}/position?turn=0&turn=0",
    ):
        message = error(client.get(url), 400)
        name = url.rsplit("&", 1)[1].split("=")[0]
        assert f"query parameter {name} given twice" in message, (url, message)


def test_the_last_move_shows_what_else_it_changed(client: TestClient) -> None:
    g = new(client)
    gid, tok = g["id"], g["token"]
    rng = random.Random(8)
    v = view(client, gid)
    while not v["outcome"] and not (v["last_move"] and v["last_move"]["effects"]):
        post(client, gid, "moves", tok, actions=build_turn(client, gid, rng), version=v["version"])
        v = view(client, gid)
    effects = v["last_move"]["effects"]
    assert effects, "Churn removes groups long before a small board fills"
    before = client.get(f"/api/games/{gid}/position?turn={v['turns'] - 1}").json()["cells"]
    assert all(before[i] != v["cells"][i] for i in effects)
    assert not set(effects) & set(v["last_move"]["cells"])
    replayed = client.get(f"/api/games/{gid}/position?turn={v['turns']}").json()
    assert replayed["last_move"]["effects"] == effects


def test_export_and_import_round_trip(client: TestClient) -> None:
    g = new(client)
    gid, tok = g["id"], g["token"]
    rng = random.Random(5)
    for k in range(5):
        post(client, gid, "moves", tok, actions=build_turn(client, gid, rng), version=k)
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    text = r.text
    imported = client.post("/api/games/import", json={"record": text, "mode": "local"})
    assert imported.status_code == 200, imported.text
    new_id = imported.json()["id"]
    a, b = view(client, gid), view(client, new_id)
    assert a["cells"] == b["cells"] and a["turns"] == b["turns"] == 5 and a["to_act"] == b["to_act"]
    assert "record" in error(client.post("/api/games/import", json={}), 400)
    assert "the imported record" in error(
        client.post("/api/games/import", json={"record": '[Game "churn"]\n\nzz9'}), 400
    )


def test_hint_suggests_legal_actions_to_the_side_to_act(client: TestClient) -> None:
    gid, t0, t1 = online(client)
    r = post(client, gid, "hint", t0)
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["level"] in player_names() and hint["suggestions"]
    legal = view(client, gid)["legal"]
    assert all(s["action"] in legal for s in hint["suggestions"])
    assert "not your turn" in error(post(client, gid, "hint", t1), 403)
    assert "spectator" in error(post(client, gid, "hint", None), 403)
    assert view(client, gid)["version"] == 1  # the claim; a hint changes nothing


# ---------------------------------------------------------------- durability
def test_a_restart_loses_nothing(db: str) -> None:
    with app_client(db) as c:
        g = new(c)
        gid, tok = g["id"], g["token"]
        rng = random.Random(11)
        for k in range(6):
            post(c, gid, "moves", tok, actions=build_turn(c, gid, rng), version=k)
        before = view(c, gid, tok)
    with app_client(db) as c:
        after = view(c, gid, tok)
        assert after == before
        turn = build_turn(c, gid, random.Random(1))
        assert post(c, gid, "moves", tok, actions=turn, version=after["version"]).status_code == 200
        assert view(c, gid)["turns"] == 7


def test_after_a_restart_the_computer_plays_its_pending_turn(db: str) -> None:
    # a game stored with the computer to move, as a server stopping mid-thought leaves it
    st = open_storage(db)
    st.create_game(
        "pending1",
        "churn",
        {"size": "3"},
        "computer",
        [f"computer:{FAST}", "human"],
        5,
        tokens=[(digest("tok"), 2)],
    )
    st.close()
    with app_client(db) as c:
        v = wait_for(c, "pending1", "tok", lambda v: v["turns"] == 1)
        assert v["to_act"] == 1 and v["you"] == [1] and v["last_move"]["seat"] == 0


def test_a_change_by_another_server_process_is_seen(db: str) -> None:
    with app_client(db) as a, app_client(db) as b:
        g = new(a)
        gid, tok = g["id"], g["token"]
        assert view(b, gid)["turns"] == 0
        post(a, gid, "moves", tok, actions=[9], version=0)
        assert view(b, gid)["cells"][9] == "R"
        assert "changed" in error(post(b, gid, "moves", tok, actions=[3], version=0), 409)


def test_database_urls() -> None:
    assert sqlite_path("sqlite:///hexarena.db") == "hexarena.db"
    assert sqlite_path("sqlite:////tmp/x.db") == "/tmp/x.db"
    assert sqlite_path("sqlite://") == ":memory:"
    assert sqlite_path("plain.db") == "plain.db"
    with pytest.raises(StorageError, match="SQLite"):
        sqlite_path("postgresql://localhost/games")
    with pytest.raises(StorageError, match="does not exist"):
        open_storage("sqlite:////no/such/folder/x.db")
    assert (
        redact_url("postgresql://bob:hunter2@db:5432/games") == "postgresql://bob:***@db:5432/games"
    )
    assert redact_url("postgresql://bob@db/games") == "postgresql://bob@db/games"


def test_a_database_path_that_is_a_folder_is_named_as_one(tmp_path: Path) -> None:
    """`serve --db FOLDER` said only SQLite's "unable to open database file"; the error says
    the path is a folder, and the folder is left as it was."""
    folder = tmp_path / "games"
    folder.mkdir()
    with pytest.raises(StorageError, match=r"is a folder, not a database file"):
        open_storage(str(folder))
    with pytest.raises(StorageError, match=r"is a folder, not a database file"):
        open_storage(f"sqlite:///{folder}")
    assert list(folder.iterdir()) == []


def test_a_postgresql_url_that_cannot_be_reached_names_no_password() -> None:
    pytest.importorskip("psycopg")
    with pytest.raises(StorageError, match="cannot open database") as caught:
        open_storage("postgresql://bob:hunter2@127.0.0.1:1/games?connect_timeout=5")
    assert "hunter2" not in str(caught.value) and "bob:***@" in str(caught.value)


def test_serve_refuses_a_bad_database_url(capsys: pytest.CaptureFixture[str]) -> None:
    from hexarena.cli import main

    assert main(["serve", "--db", "mysql://x/y"]) == 2
    assert "SQLite" in capsys.readouterr().err


# ---------------------------------------------------------------- live updates
def test_a_server_still_starting_takes_a_connection_and_answers_it_once_started() -> None:
    """The server the tests start on a thread (``served``) takes a connection made before it
    has finished starting, as a loaded machine makes one, and answers once it has: it was
    refused, the port bound only after the start (the tests waited at most 10 s for it)."""
    release = threading.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":  # the start waits until a connection is made
            await receive()
            await asyncio.to_thread(release.wait, 120)
            await send({"type": "lifespan.startup.complete"})
            await receive()
            await send({"type": "lifespan.shutdown.complete"})
            return
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"started"})

    with served(app) as port, socket.create_connection(("127.0.0.1", port), timeout=60) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        release.set()
        answer = b""
        while part := conn.recv(4096):
            answer += part
    assert answer.startswith(b"HTTP/1.1 200") and b"started" in answer


def test_events_stream_announces_each_change(db: str) -> None:
    with served(create_app(db)) as port:
        base = f"http://127.0.0.1:{port}"
        g = httpx2.post(
            f"{base}/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "local"}
        ).json()
        seen: list[dict[str, Any]] = []
        with httpx2.stream("GET", f"{base}/api/games/{g['id']}/events", timeout=30) as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            for line in lines:
                if line.startswith("data:"):
                    seen.append(json.loads(line[5:]))
                    if len(seen) == 1:
                        r = httpx2.post(
                            f"{base}/api/games/{g['id']}/moves",
                            json={"actions": [9], "version": 0},
                            headers={"X-Seat-Token": g["token"]},
                        )
                        assert r.status_code == 200
                    else:
                        break
        assert seen[0]["version"] == 0 and seen[1]["version"] == 1 and seen[1]["turns"] == 1


def test_the_computer_thinks_in_a_worker_process(client: TestClient, pool: ComputerPool) -> None:
    """The computer's search runs in the pool, and its first move arrives."""
    g = new(client, "churn", mode="computer", level="easy", seat=0)
    post(client, g["id"], "moves", g["token"], actions=[9], version=0)  # c3; then the computer
    v = wait_for(client, g["id"], g["token"], lambda v: v["turns"] == 2)
    assert v["last_move"]["seat"] == 1 and pool.started >= 1
    meta = client.get("/api/meta").json()
    assert meta["warming"]["games"]["churn"] == "ready" and meta["warming"]["total"] == 5
