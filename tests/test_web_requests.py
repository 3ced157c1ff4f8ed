"""Requests a newcomer (or a script) may get slightly wrong: a misspelt field in a new game's or an
imported record's request is refused by name instead of being dropped, and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx
from starlette.testclient import TestClient

from hexarena.web import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RECORD = '[Game "churn"]\n[size "3"]\n\n1. c3\n*\n'


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def refused(r: httpx.Response, status: int) -> str:
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
