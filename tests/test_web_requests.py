"""Requests a newcomer (or a script) may get slightly wrong: a misspelt field in a new game's or an
imported record's request is refused by name instead of being dropped, and nothing is stored."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import httpx2
from starlette.testclient import TestClient

RECORD = '[Game "churn"]\n[size "3"]\n\n1. c3\n*\n'


def refused(r: httpx2.Response, status: int) -> str:
    assert r.status_code == status, r.text
    message: str = r.json()["error"]
    assert len(message) < 400
    return message


def test_a_misspelt_field_of_a_new_game_is_refused(client: TestClient) -> None:
    # "mdoe" for "mode": dropped, it made a game against the computer instead of one on one screen
    message = refused(client.post("/api/games", json={"game": "churn", "mdoe": "local"}), 400)
    assert "'mdoe'" in message and "mode" in message
    long = {"game": "churn", "x" * 5000: 1}
    assert "characters in all" in refused(client.post("/api/games", json=long), 400)
    assert client.get("/api/games").json()["games"] == []


def test_a_misspelt_field_of_an_import_is_refused(client: TestClient) -> None:
    body = {"record": RECORD, "mode": "local", "levle": "hard"}
    message = refused(client.post("/api/games/import", json=body), 400)
    assert "'levle'" in message and "level" in message
    assert client.get("/api/games").json()["games"] == []


def test_the_fields_the_page_sends_are_accepted(client: TestClient) -> None:
    body = {"game": "churn", "options": {"size": 3}, "mode": "computer", "level": "random"}
    assert client.post("/api/games", json={**body, "seat": 1, "name": "Ann"}).status_code == 200
    imported = {"record": RECORD, "mode": "computer", "level": "random"}
    assert client.post("/api/games/import", json=imported).status_code == 200


def test_a_number_of_thousands_of_digits_is_refused_in_the_api_s_own_words(
    client: TestClient,
) -> None:
    # Python's own refusal (past 4,300 digits) advised sys.set_int_max_str_digits()
    for digits in (31, 5000):
        body = b'{"game": "churn", "options": {"size": ' + b"9" * digits + b"}}"
        r = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
        message = refused(r, 400)
        assert f"{digits:,} digits" in message and "at most 30" in message
        assert "sys." not in message
    assert client.get("/api/games").json()["games"] == []


def test_a_misspelt_field_of_a_change_is_refused_and_changes_nothing(client: TestClient) -> None:
    """Moves, undo, resignation (with its seat), hints, continuations, claims and guided steps:
    a field the endpoint does not read is named in the refusal (a misspelt "seat" used to resign
    for whichever seat was to act)."""
    g = client.post("/api/games", json={"game": "churn", "mode": "local"}).json()
    gid, h = g["id"], {"X-Seat-Token": g["token"]}
    client.cookies.clear()
    asks: dict[str, dict[str, Any]] = {
        "moves": {"actions": [0], "version": 0, "vresion": 0},
        "undo": {"version": 0, "count": 2},
        "resign": {"version": 0, "sate": 1},
        "hint": {"actions": [], "level": "hard"},
        "continuations": {"actions": [], "partial": [1]},
        "claim": {"code": "x" * 24, "nmae": "Bo"},
    }
    for path, body in asks.items():
        message = refused(client.post(f"/api/games/{gid}/{path}", json=body, headers=h), 400)
        wrong = next(k for k in body if k not in ("actions", "version", "code"))
        assert f"no field {wrong!r}" in message, (path, message)
    view = client.get(f"/api/games/{gid}", headers=h).json()
    assert view["version"] == 0 and view["turns"] == 0 and view["outcome"] is None
    step = client.post("/api/learn/churn/1", json={"actions": [0], "answer": 1})
    assert "no field 'answer'" in refused(step, 400)


def test_a_field_given_twice_is_refused_by_name_on_every_endpoint(client: TestClient) -> None:
    """JSON allows a key twice in one object and Python's parser keeps the last value: a body of
    ``{"version": 0, "version": 5}`` was read as version 5 without a word. Every endpoint that
    reads a body refuses it, naming the key (at the top or deeper), and nothing changes."""
    g = client.post("/api/games", json={"game": "churn", "mode": "local"}).json()
    gid, h = g["id"], {"X-Seat-Token": g["token"], "Content-Type": "application/json"}
    client.cookies.clear()
    asks: dict[str, tuple[str, str]] = {
        "/api/games": ('{"game": "churn", "mode": "local", "mode": "computer"}', "mode"),
        "/api/games#options": ('{"game": "churn", "options": {"size": 3, "size": 4}}', "size"),
        "/api/games/import": (
            '{"record": ' + json.dumps(RECORD) + ', "record": "", "mode": "local"}',
            "record",
        ),
        f"/api/games/{gid}/moves": ('{"actions": [0], "version": 0, "version": 0}', "version"),
        f"/api/games/{gid}/undo": ('{"version": 0, "version": 1}', "version"),
        f"/api/games/{gid}/resign": ('{"version": 0, "seat": 0, "seat": 1}', "seat"),
        f"/api/games/{gid}/hint": ('{"actions": [], "actions": [0]}', "actions"),
        f"/api/games/{gid}/continuations": ('{"actions": [1], "actions": [0]}', "actions"),
        f"/api/games/{gid}/claim": ('{"code": "abc", "code": "def"}', "code"),
        "/api/learn/churn/1": ('{"actions": [0], "actions": [1]}', "actions"),
    }
    for path, (body, key) in asks.items():
        r = client.post(path.split("#")[0], content=body.encode(), headers=h)
        message = refused(r, 400)
        assert f"{key!r} twice" in message, (path, message)
    view = client.get(f"/api/games/{gid}", headers=h).json()
    assert view["version"] == 0 and view["turns"] == 0 and view["outcome"] is None
    assert [x["id"] for x in client.get("/api/games").json()["games"]] == [gid]


def test_the_key_given_twice_is_named_within_bounds(client: TestClient) -> None:
    key = "k" * 3000
    body = '{"game": "churn", "options": {"' + key + '": 1, "' + key + '": 2}}'
    headers = {"Content-Type": "application/json"}
    message = refused(client.post("/api/games", content=body.encode(), headers=headers), 400)
    assert "twice" in message and "kkk" in message and "3,000 characters" in message


def test_a_turn_begun_on_a_version_the_game_has_left_is_refused(client: TestClient) -> None:
    # another tab of the seat took the turn: the continuation of a turn begun before is refused
    g = client.post("/api/games", json={"game": "churn", "mode": "local"}).json()
    gid, h = g["id"], {"X-Seat-Token": g["token"]}
    played = client.post(f"/api/games/{gid}/moves", json={"actions": [0], "version": 0}, headers=h)
    assert played.status_code == 200
    stale = client.post(f"/api/games/{gid}/continuations", json={"actions": [1], "version": 0})
    message = refused(stale, 409)
    assert "moved on" in message and "another tab or window" in message
    assert "version 0, it is now at 1" in message
    fresh = client.post(f"/api/games/{gid}/continuations", json={"actions": [1], "version": 1})
    assert fresh.status_code == 200 and fresh.json()["complete"] is True
    bad = client.post(f"/api/games/{gid}/continuations", json={"actions": [1], "version": "1"})
    assert "'version': a whole number" in refused(bad, 400)
    hint = client.post(f"/api/games/{gid}/hint", json={"actions": [], "version": 0}, headers=h)
    assert "moved on" in refused(hint, 409)
