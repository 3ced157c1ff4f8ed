"""Seats that belong to their players: invitations claimed once, other-device links, names,
tokens in a header or an HttpOnly cookie (never in a URL), tokens stored as digests, and the
upgrade of a database made before seat tokens were hashed. Each test runs over SQLite and over
PostgreSQL (``db_url`` in ``tests/conftest.py``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.web import create_app
from hexarena.web.storage import digest, open_storage
from hexarena.web.storage.sqlite import SCHEMA_1
from tests.test_web_api import error, new, post, view


@pytest.fixture
def web_db(db_url: str) -> str:
    """The ``client`` fixture's database: SQLite, then PostgreSQL."""
    return db_url


def invite_code(created: dict[str, Any]) -> str:
    link: str = created["links"]["invite"]
    assert link.startswith(f"/game/{created['id']}#invite=")
    return link.split("#invite=", 1)[1]


def claim(client: TestClient, gid: str, code: str, **body: Any) -> Any:
    r = client.post(f"/api/games/{gid}/claim", json={"code": code, **body})
    client.cookies.clear()
    return r


# ---------------------------------------------------------------- invitations
def test_the_creator_of_an_online_game_holds_only_their_own_seat(client: TestClient) -> None:
    g = new(client, mode="online")
    gid, t0 = g["id"], g["token"]
    assert g["you"] == [0] and "tokens" not in g
    v = view(client, gid, t0)
    assert v["you"] == [0]
    assert [s["claimed"] for s in v["seats"]] == [True, False]
    assert post(client, gid, "moves", t0, actions=[9], version=0).status_code == 200
    # the second seat is to act and open: the creator cannot act for it
    assert "not your turn" in error(post(client, gid, "moves", t0, actions=[3], version=1), 403)
    assert "cannot resign for seat" in error(
        post(client, gid, "resign", t0, version=1, seat=1), 403
    )
    assert "not your turn" in error(post(client, gid, "hint", t0), 403)
    assert view(client, gid)["version"] == 1


def test_an_invitation_gives_the_open_seat_to_one_person_once(client: TestClient) -> None:
    g = new(client, mode="online", seat=1)  # the creator moves second: the invitation is seat 0
    gid, mine = g["id"], g["token"]
    code = invite_code(g)
    assert "not valid" in error(claim(client, gid, "wrong-code"), 403)
    assert "needs 'code'" in error(claim(client, gid, ""), 400)
    assert "needs 'code'" in error(client.post(f"/api/games/{gid}/claim", json={"code": 5}), 400)
    assert view(client, gid)["version"] == 0  # refused claims change nothing
    r = claim(client, gid, code)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["you"] == [0] and got["token"] not in (mine, code) and got["kind"] == "invite"
    theirs = got["token"]
    assert "already been used" in error(claim(client, gid, code), 409)
    v = view(client, gid, theirs)
    assert v["you"] == [0] and [s["claimed"] for s in v["seats"]] == [True, True]
    assert view(client, gid, mine)["you"] == [1]
    # each plays their own seat only; the creator cannot move or resign for the claimant
    assert "not your turn" in error(post(client, gid, "moves", mine, actions=[9], version=1), 403)
    assert "cannot resign" in error(post(client, gid, "resign", mine, version=1, seat=0), 403)
    assert post(client, gid, "moves", theirs, actions=[9], version=1).status_code == 200
    assert "not your turn" in error(post(client, gid, "moves", theirs, actions=[3], version=2), 403)
    assert post(client, gid, "moves", mine, actions=[3], version=2).status_code == 200


def test_a_player_may_ask_for_a_new_invitation_while_the_seat_is_open(client: TestClient) -> None:
    g = new(client, mode="online")
    gid, t0 = g["id"], g["token"]
    assert "spectator" in error(post(client, gid, "invite", None), 403)
    r = post(client, gid, "invite", t0)
    assert r.status_code == 200
    link = r.json()["link"]
    assert link.startswith(f"/game/{gid}#invite=") and link != g["links"]["invite"]
    assert "not valid" in error(claim(client, gid, invite_code(g)), 403)  # the first one is void
    assert claim(client, gid, link.split("#invite=")[1]).status_code == 200
    assert "both seats are taken" in error(post(client, gid, "invite", t0), 409)
    local = new(client, mode="local")
    assert "two people apart" in error(post(client, local["id"], "invite", local["token"]), 409)


def test_a_claim_of_another_games_code_is_refused(client: TestClient) -> None:
    a, b = new(client, mode="online"), new(client, mode="online")
    assert "not valid" in error(claim(client, b["id"], invite_code(a)), 403)
    assert claim(client, a["id"], invite_code(a)).status_code == 200


def test_an_imported_record_played_on_online_has_an_invitation(client: TestClient) -> None:
    g = new(client)
    post(client, g["id"], "moves", g["token"], actions=[9], version=0)
    text = client.get(f"/api/games/{g['id']}/record").text
    r = client.post("/api/games/import", json={"record": text, "mode": "online", "seat": 1})
    client.cookies.clear()
    imported = r.json()
    assert imported["you"] == [1] and view(client, imported["id"])["turns"] == 1
    got = claim(client, imported["id"], invite_code(imported))
    assert got.status_code == 200 and got.json()["you"] == [0]


def test_games_of_other_modes_have_no_invitation(client: TestClient) -> None:
    for mode in ("local", "computer"):
        g = new(client, mode=mode, level="random")
        assert "invite" not in g["links"]
        assert "not valid" in error(claim(client, g["id"], g["token"]), 403)


# ---------------------------------------------------------------- other devices
def test_a_player_continues_on_another_device(client: TestClient) -> None:
    g = new(client, mode="online")
    gid, t0 = g["id"], g["token"]
    assert "spectator" in error(post(client, gid, "device", None), 403)
    assert "does not belong" in error(post(client, gid, "device", "forged"), 403)
    first = post(client, gid, "device", t0).json()["link"]
    r = post(client, gid, "device", t0)
    assert r.status_code == 200 and r.json()["you"] == [0]
    link = r.json()["link"]
    assert link.startswith(f"/game/{gid}#device=") and t0 not in link
    # only the latest link works, and only once; it keeps the seat's name
    code = link.split("#device=")[1]
    assert "only when taking a seat by invitation" in error(claim(client, gid, code, name="X"), 400)
    assert "not valid" in error(claim(client, gid, first.split("#device=")[1]), 403)
    got = claim(client, gid, link.split("#device=")[1])
    assert got.status_code == 200 and got.json()["you"] == [0] and got.json()["kind"] == "device"
    phone = got.json()["token"]
    assert "already been used" in error(claim(client, gid, link.split("#device=")[1]), 409)
    assert view(client, gid, phone)["you"] == [0]
    assert view(client, gid, t0)["you"] == [0]  # the first device keeps playing too
    v = view(client, gid)
    assert post(client, gid, "moves", phone, actions=[9], version=v["version"]).status_code == 200
    assert view(client, gid)["seats"][1]["claimed"] is False  # the invitation is still open


def test_a_device_link_on_one_screen_plays_both_seats(client: TestClient) -> None:
    g = new(client, mode="local")
    link = post(client, g["id"], "device", g["token"]).json()["link"]
    got = claim(client, g["id"], link.split("#device=")[1]).json()
    assert got["you"] == [0, 1]
    assert view(client, g["id"], got["token"])["you"] == [0, 1]


# ---------------------------------------------------------------- where tokens travel
def test_the_token_comes_as_an_http_only_strict_cookie_for_the_games_api(
    client: TestClient,
) -> None:
    r = client.post("/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "online"})
    g = r.json()
    cookie = r.headers["set-cookie"]
    assert f"hexarena_seat_{g['id']}={g['token']}" in cookie
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie.replace("Strict", "strict")
    assert f"Path=/api/games/{g['id']}" in cookie
    # the cookie alone is the seat (as in the browser), scoped to this game's API
    assert client.get(f"/api/games/{g['id']}").json()["you"] == [0]
    other = client.post("/api/games", json={"game": "churn", "options": {"size": 3}})
    assert other.json()["id"] != g["id"]
    client.cookies.clear()
    assert view(client, g["id"])["you"] == []
    # claiming sets the claimant's cookie
    r = client.post(f"/api/games/{g['id']}/claim", json={"code": invite_code(g)})
    assert f"hexarena_seat_{g['id']}={r.json()['token']}" in r.headers["set-cookie"]
    assert client.get(f"/api/games/{g['id']}").json()["you"] == [1]


def test_a_token_in_the_query_string_is_refused(client: TestClient) -> None:
    g = new(client, mode="local")
    gid, tok = g["id"], g["token"]
    assert "never accepted in the address" in error(
        client.get(f"/api/games/{gid}?token={tok}"), 400
    )
    r = client.post(f"/api/games/{gid}/moves?token={tok}", json={"actions": [9], "version": 0})
    assert "never accepted in the address" in error(r, 400)
    assert "never accepted" in error(client.get(f"/api/games/{gid}/board?token=x"), 400)
    assert view(client, gid)["turns"] == 0
    too_long = "x" * 500
    assert "at most" in error(post(client, gid, "moves", too_long, actions=[9], version=0), 400)


def test_a_header_and_a_cookie_that_disagree_are_refused(client: TestClient) -> None:
    """A request carrying two different tokens for one game (the header and the seat cookie, or
    the header twice) is ambiguous: it is refused with 400, naming both, and changes nothing,
    rather than acting for whichever the server happens to read first."""
    r = client.post("/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "online"})
    g = r.json()
    gid, alice = g["id"], g["token"]  # this client now holds Alice's seat cookie (seat 0)
    jar = dict(client.cookies.items())
    client.cookies.clear()
    bob = claim(client, gid, invite_code(g)).json()["token"]  # seat 1, cookie cleared
    for name, value in jar.items():
        client.cookies.set(name, value, path=f"/api/games/{gid}")
    assert client.get(f"/api/games/{gid}").json()["you"] == [0]  # the cookie alone
    assert view(client, gid, alice)["you"] == [0]  # the same token in both: no doubt
    before = client.get(f"/api/games/{gid}").json()["version"]
    for other in (bob, "not-a-token-of-this-game"):
        said = error(client.get(f"/api/games/{gid}", headers={"X-Seat-Token": other}), 400)
        assert "X-Seat-Token" in said and "cookie" in said and "different" in said
        for what, body in (
            ("moves", {"actions": [9], "version": before}),
            ("resign", {"version": before}),
            ("undo", {"version": before}),
            ("hint", {}),
            ("device", {}),
            ("invite", {}),
        ):
            r = post(client, gid, what, other, **body)
            assert "different" in error(r, 400), what
        assert other not in said and alice not in said  # no token repeated back
    assert client.get(f"/api/games/{gid}").json()["version"] == before  # nothing changed
    # the header twice, with two values: as ambiguous (the cookie gone, to show it alone)
    client.cookies.clear()
    twice = [("X-Seat-Token", alice), ("X-Seat-Token", bob)]
    said = error(client.get(f"/api/games/{gid}", headers=twice), 400)
    assert "X-Seat-Token" in said and "more than once" in said
    same = [("X-Seat-Token", bob), ("X-Seat-Token", bob)]
    assert client.get(f"/api/games/{gid}", headers=same).json()["you"] == [1]
    r = client.post(
        f"/api/games/{gid}/moves", json={"actions": [9], "version": before}, headers=twice
    )
    assert "more than once" in error(r, 400)
    assert view(client, gid)["version"] == before


def test_no_secret_is_stored_in_clear(client: TestClient, db_url: str) -> None:
    g = new(client, mode="online")
    code = invite_code(g)
    got = claim(client, g["id"], code).json()
    device = post(client, g["id"], "device", got["token"]).json()["link"].split("#device=")[1]
    secrets = {g["token"], code, got["token"], device}
    st = open_storage(db_url)
    try:
        with st._read() as tx:
            dump = repr(
                [
                    [dict(r) for r in tx.all(f"SELECT * FROM {table}")]
                    for table in ("games", "moves", "seat_tokens", "seat_codes")
                ]
            )
    finally:
        st.close()
    assert not any(s in dump for s in secrets)
    assert digest(got["token"]) in dump and digest(code) in dump


# ---------------------------------------------------------------- names
def test_player_names_are_kept_bounded_and_shown(client: TestClient) -> None:
    html = '<b onclick="x()">Ann & co</b>'
    g = new(client, mode="online", name=f"  {html} ")
    gid = g["id"]
    assert "at most 40" in error(claim(client, gid, invite_code(g), name="x" * 41), 400)
    assert "control" in error(claim(client, gid, invite_code(g), name="a\u0000b"), 400)
    assert "must be text" in error(claim(client, gid, invite_code(g), name=["b"]), 400)
    assert view(client, gid)["seats"][1]["claimed"] is False  # the refused claims kept it open
    assert claim(client, gid, invite_code(g), name="Bea").status_code == 200
    v = view(client, gid)
    assert [s["name"] for s in v["seats"]] == [html, "Bea"]  # exact text; the page escapes it
    record = client.get(f"/api/games/{gid}/record").text
    assert '[Player2 "Bea"]' in record and "Ann & co" in record
    assert "at most 40" in error(
        client.post("/api/games", json={"game": "churn", "name": "y" * 41}), 400
    )
    assert "one screen" in error(
        client.post("/api/games", json={"game": "churn", "mode": "local", "name": "Al"}), 400
    )
    assert len(client.get("/api/games").json()["games"]) == 1  # nothing stored by the refusals


# ---------------------------------------------------------------- an older database
def test_an_older_sqlite_file_is_upgraded_and_its_tokens_hashed(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(SCHEMA_1)
    db.execute(
        "INSERT INTO games (id, game, tags, mode, seats, token0, token1, seed, created, updated)"
        " VALUES ('old1', 'churn', '{\"size\": \"3\"}', 'online', '[\"human\", \"human\"]',"
        " 'tok-a', 'tok-b', 7, 1.0, 1.0), ('old2', 'churn', '{\"size\": \"3\"}', 'local',"
        " '[\"human\", \"human\"]', 'tok-c', 'tok-c', 8, 2.0, 2.0)"
    )
    db.execute(
        "INSERT INTO moves (game_id, seq, seat, colour, actions) VALUES ('old1', 0, 0, 0, '9')"
    )
    db.commit()
    db.close()
    url = f"sqlite:///{path}"
    st = open_storage(url)
    assert st.schema_version() == 2
    row = st.get_game("old1")
    assert row is not None and set(row.tokens) == {(digest("tok-a"), 1), (digest("tok-b"), 2)}
    assert st.get_game("old2").tokens == ((digest("tok-c"), 3),)  # type: ignore[union-attr]
    st.close()
    assert b"tok-a" not in path.read_bytes()
    with TestClient(create_app(url), base_url="http://localhost") as c:
        c.cookies.clear()
        assert view(c, "old1", "tok-b")["you"] == [1]
        assert view(c, "old2", "tok-c")["you"] == [0, 1]
        assert post(c, "old1", "moves", "tok-b", actions=[3], version=0).status_code == 200
    assert open_storage(url).schema_version() == 2  # opening again migrates nothing
