"""``GET /api/games?ids=...``: where the games of the front page's "my games" stand now (whose turn,
turns, result, seats), asked in one bounded request, so that the list does not show the game as
this browser last saw it. Each test runs over SQLite and over PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.web.bounds import MAX_IDS
from tests.test_web_api import app_client, error, new, online, post, view


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with app_client(db_url) as c:
        yield c


def states(client: TestClient, ids: str) -> dict[str, object]:
    r = client.get("/api/games", params={"ids": ids})
    assert r.status_code == 200, r.text
    data: dict[str, object] = r.json()
    return data


def test_the_states_of_listed_games_are_the_games_as_they_are(client: TestClient) -> None:
    gid, alice, bob = online(client)
    local = new(client, mode="local")["id"]
    open_game = new(client, mode="online")["id"]
    got = states(client, f"{gid},{local},{open_game}")
    assert got["missing"] == []
    games = {g["id"]: g for g in got["games"]}  # type: ignore[attr-defined]
    assert list(games) == [gid, local, open_game]  # in the order asked
    assert games[gid]["to_act"] == 0 and games[gid]["turns"] == 0
    assert [s["claimed"] for s in games[open_game]["seats"]] == [True, False]
    # Alice plays: the list says Bob (seat 1) is to act, without anyone's token
    assert post(client, gid, "moves", alice, actions=[9], version=1).status_code == 200
    now = {g["id"]: g for g in states(client, gid)["games"]}[gid]  # type: ignore[attr-defined]
    assert now["to_act"] == 1 and now["turns"] == 1 and now["result"] == "*"
    assert now["version"] == view(client, gid)["version"]
    assert [s["kind"] for s in now["seats"]] == ["human", "human"]
    # Bob resigns: over, nobody to act
    r = post(client, gid, "resign", bob, version=now["version"])
    assert r.status_code == 200, r.text
    over = states(client, gid)["games"][0]  # type: ignore[index]
    assert over["to_act"] is None and over["result"] != "*"


def test_the_states_say_which_games_are_gone(client: TestClient) -> None:
    gid = new(client)["id"]
    got = states(client, f"nosuchgame1,{gid},{gid}")
    assert got["missing"] == ["nosuchgame1"]
    assert [g["id"] for g in got["games"]] == [gid]  # type: ignore[attr-defined]


def test_bad_lists_of_ids_are_refused_briefly(client: TestClient) -> None:
    gid = new(client)["id"]
    before = view(client, gid)["version"]
    long_id = "a" * 10_000
    for query, words in (
        ({"ids": ""}, "needs 1 to"),
        ({"ids": ","}, "is not a game id"),
        ({"ids": "../etc"}, "is not a game id"),
        ({"ids": f"{gid},x y"}, "is not a game id"),
        ({"ids": long_id}, "at most 40"),
        ({"ids": ",".join(["a"] * (MAX_IDS + 1))}, f"at most {MAX_IDS} game ids"),
        ({"ids": gid, "limit": "5"}, "either ids"),
        ({"ids": [gid, gid]}, "give ids once"),
        ({"idz": gid}, "unknown query parameter 'idz'"),
    ):
        said = error(client.get("/api/games", params=query), 400)
        assert words in said, (query, said)
        assert len(said) < 400
    assert view(client, gid)["version"] == before  # nothing changed
    assert states(client, ",".join([gid] * MAX_IDS))["games"] == states(client, gid)["games"]
