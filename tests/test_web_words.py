"""Words the web app shows a stranger: the new-game form's help for each option is the game's
own, without the command line's dashes (the form has fields, not options)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.web import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    with TestClient(app, base_url="http://localhost") as c:
        yield c


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
    # "option size is for --board hex only" (the game's words for the command line)
    body = {"game": "throngs", "mode": "local", "options": {"board": "original", "size": 4}}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["error"].startswith("option size is for board hex only")
