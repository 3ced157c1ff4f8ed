"""Attacks on the web app: each is refused with a 4xx and a message, and the server keeps answering.

Every test ends by asking ``GET /api/meta`` again: a refused request must leave the server
responsive. The requests come from the list of ways the app could once be frozen, exhausted or
driven from another site (see ``docs/web.md``, "Limits and defences").
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

import httpx2
from starlette.testclient import TestClient

from hexarena.ai import base as ai_base
from hexarena.web import create_app
from hexarena.web.bounds import ECHO, MAX_DEPTH, MAX_LIST, bounded_json, json_depth
from hexarena.web.guard import Guard, GuardConfig, Rate, RateLimiter
from hexarena.web.workers import ComputerPool, JobCancelled, JobFailed
from tests.conftest import run_async, served
from tests.web_player_kinds import SlowPlayer

STATIC = Path(__file__).parents[1] / "src" / "hexarena" / "web" / "static"


# ---------------------------------------------------------------- helpers
@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    p = ComputerPool(2, nice=0, imports=("tests.web_players",), cancel_grace=0.2, overrun=0.2)
    yield p
    p.close()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db: str, pool: ComputerPool) -> Iterator[TestClient]:
    with TestClient(create_app(db, pool=pool), base_url="http://localhost") as c:
        yield c


def refused(r: httpx2.Response, status: int) -> str:
    """The message of a refusal with ``status`` (short, whatever was sent)."""
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert isinstance(message, str) and message
    assert len(message) < ECHO + 200, "an error never repeats unbounded input"
    return message


def responsive(client: TestClient) -> None:
    r = client.get("/api/meta")
    assert r.status_code == 200 and r.json()["games"]


def new_local(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "local"})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def move(
    client: TestClient, g: dict[str, Any], actions: list[int], version: int
) -> httpx2.Response:
    h = {"X-Seat-Token": g["token"]}
    body = {"actions": actions, "version": version}
    return client.post(f"/api/games/{g['id']}/moves", json=body, headers=h)


def stored_games(client: TestClient) -> int:
    return len(client.get("/api/games?limit=200").json()["games"])


# ---------------------------------------------------------------- never frozen
def test_a_computer_thinking_leaves_the_server_answering(
    client: TestClient, pool: ComputerPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search (here one that never ends) runs in a worker: meta and other games answer."""
    monkeypatch.setitem(ai_base._FACTORIES, "slow", SlowPlayer)
    games = []
    for _ in range(2):  # both workers busy
        r = client.post(
            "/api/games",
            json={"game": "churn", "options": {"size": 3}, "mode": "computer", "level": "slow"},
        )
        games.append(r.json())
        h = {"X-Seat-Token": games[-1]["token"]}
        body = {"actions": [9], "version": 0}
        assert client.post(f"/api/games/{games[-1]['id']}/moves", json=body, headers=h).is_success
    while pool.busy() < 2:
        time.sleep(0.01)
    responsive(client)
    other = new_local(client)
    assert move(client, other, [9], 0).status_code == 200
    for g in games:  # resigning cancels each search
        h = {"X-Seat-Token": g["token"]}
        url = f"/api/games/{g['id']}/resign"
        assert client.post(url, json={"version": 1}, headers=h).is_success
    for _ in range(6000):  # and their workers are ended soon after
        if pool.busy() == 0:
            break
        time.sleep(0.01)
    assert pool.busy() == 0


def test_a_search_past_its_time_is_ended(pool: ComputerPool) -> None:

    job = {"id": "x", "game": "churn", "tags": {"size": "3"}, "actions": [], "seat": 0}
    job |= {"level": "slow", "seed": 1}

    async def run() -> None:
        await pool.run("turn", job, timeout=0.5)

    with pytest.raises(TimeoutError):
        run_async(run())
    for _ in range(6000):  # its worker is ended once the pool's overrun allowance is past
        if pool.busy() == 0:
            break
        time.sleep(0.01)
    assert pool.busy() == 0


def test_a_cancelled_search_that_ends_soon_keeps_its_worker() -> None:
    """Its answer is dropped at once; the worker (and what it compiled) stays."""
    import asyncio

    pool = ComputerPool(1, imports=("tests.web_players",), cancel_grace=60)
    job = {"id": "z", "game": "churn", "tags": {"size": "3"}, "actions": [], "seat": 0}
    job |= {"level": "nap", "seed": 1}
    try:

        async def run() -> None:
            task = asyncio.ensure_future(pool.run("turn", job, key="z"))
            while pool.busy() == 0:
                await asyncio.sleep(0.01)
            assert pool.cancel("z") == 1
            with pytest.raises(JobCancelled):
                await task

        run_async(run())
        pid = run_async(pool.run("ping", {}))  # waits for the worker to finish the nap
        assert pool.started == 1 and run_async(pool.run("ping", {})) == pid
    finally:
        pool.close()


def test_a_search_cannot_take_more_memory_than_its_cap(pool: ComputerPool) -> None:

    job = {"id": "y", "game": "churn", "tags": {"size": "3"}, "actions": [], "seat": 0}
    job |= {"level": "greedy", "seed": 1}
    with pytest.raises(JobFailed, match="out of memory"):
        run_async(pool.run("turn", job, timeout=60))


# ---------------------------------------------------------------- bounded
def test_an_irregular_board_larger_than_the_largest_regular_one_is_refused(
    client: TestClient,
) -> None:
    body = {"game": "churn", "options": {"sides": "200,200,200,200,200,200"}, "mode": "local"}
    assert "at most" in refused(client.post("/api/games", json=body), 400)
    assert stored_games(client) == 0
    responsive(client)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"size": 10**20}, "must be at most 2,147,483,647, not 1000"),
        ({"size": 10**100}, "number of 101 digits; at most 30"),
        ({"size": -(10**100)}, "number of 101 digits; at most 30"),
        ({"size": [1] * 100}, "number, text or yes/no"),
        ({"sides": "3," * 5_000}, "at most"),
        ({f"o{i}": 1 for i in range(100)}, "at most"),
        ({"x" * 10_000: 1}, "no option"),
    ],
)
def test_option_values_are_bounded(client: TestClient, options: Any, words: str) -> None:
    body = {"game": "churn", "options": options, "mode": "local"}
    assert words in refused(client.post("/api/games", json=body), 400)
    responsive(client)


def test_a_huge_action_list_is_refused_without_echoing_it(client: TestClient) -> None:
    g = new_local(client)
    url = f"/api/games/{g['id']}/continuations"
    big = {"actions": [9] * 3_000_000}  # about 9 MB
    assert "larger than" in refused(client.post(url, json=big), 413)
    huge = {"Content-Type": "application/json", "Content-Length": "9" * 5000}
    assert "larger than" in refused(client.post(url, content=b"{}", headers=huge), 413)
    long = {"actions": [9] * (MAX_LIST + 1)}  # under the size cap, over the list cap
    assert "list of" in refused(client.post(url, json=long), 400)
    turn = {"actions": [9] * 1000}  # no turn is that long
    assert "at most" in refused(client.post(url, json=turn), 400)
    bad = {"actions": ["x" * 100_000]}
    refused(client.post(url, json=bad), 400)
    responsive(client)


def test_deep_nesting_is_a_400_not_a_500(client: TestClient) -> None:
    headers = {"Content-Type": "application/json"}
    body = b"[" * 100_000 + b"]" * 100_000
    assert "nested" in refused(client.post("/api/games", content=body, headers=headers), 400)
    body = b'{"a":' * 50 + b"1" + b"}" * 50
    assert "nested" in refused(client.post("/api/games", content=body, headers=headers), 400)
    responsive(client)


def test_json_bounds_count_without_parsing() -> None:
    assert json_depth(b'{"a": [[1], {"b": "[[[[[["}]}') == 3  # brackets in strings do not count
    assert json_depth(b'["\\"[[[", 1]') == 1
    with pytest.raises(Exception, match="nested"):
        bounded_json(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert bounded_json(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH) is not None
    with pytest.raises(Exception, match="a number of 5,000 digits"):
        bounded_json(b"1" * 5000)  # a number too long to convert
    assert bounded_json(json.dumps({"a": list(range(MAX_LIST))}).encode())["a"][-1] == MAX_LIST - 1


def test_a_huge_body_is_refused_while_it_streams_in(db: str) -> None:
    """A 400 MB body is answered 413 after the first few megabytes, never read whole."""
    with served(create_app(db)) as port:
        for header in (b"Content-Length: 400000000", b"Transfer-Encoding: chunked"):
            sent = 0
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(
                    b"POST /api/games HTTP/1.1\r\nHost: localhost\r\n"
                    b"Content-Type: application/json\r\n" + header + b"\r\n\r\n"
                )
                chunk = b"[" + b"1," * 32_000 + b"1"
                try:
                    while sent < 400_000_000:
                        if header.startswith(b"Transfer"):
                            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                        else:
                            sock.sendall(chunk)
                        sent += len(chunk)
                        sock.setblocking(False)
                        try:
                            if sock.recv(1, socket.MSG_PEEK):
                                break
                        except BlockingIOError:
                            pass
                        finally:
                            sock.setblocking(True)
                except (BrokenPipeError, ConnectionResetError):
                    pass
                answer = ""
                while "}" not in answer:
                    try:
                        part = sock.recv(65536)
                    except ConnectionResetError:
                        break
                    if not part:
                        break
                    answer += part.decode("latin-1")
            assert answer.startswith("HTTP/1.1 413"), answer[:200]
            assert "larger than" in answer
            assert sent < 50_000_000, f"{sent:,} bytes were sent before the refusal"
        assert httpx2.get(f"http://127.0.0.1:{port}/api/meta").status_code == 200


def test_open_event_streams_are_capped_per_address_and_in_all(db: str) -> None:
    """Each live view holds a connection: one address may not hold them all."""
    with served(create_app(db, guard=GuardConfig(streams_per_client=2))) as port:
        base = f"http://127.0.0.1:{port}"
        with httpx2.Client(base_url=base, headers={"Host": "localhost"}, timeout=30) as c:
            g = c.post("/api/games", json={"game": "churn", "mode": "local"}).json()
            url = f"/api/games/{g['id']}/events"
            with c.stream("GET", url) as one, c.stream("GET", url) as two:
                assert one.status_code == two.status_code == 200
                third = c.get(url)
                assert third.status_code == 429 and "at most 2" in third.json()["error"]
                assert third.headers["retry-after"] == "10"
                assert c.get("/api/meta").status_code == 200
            # closed streams give their places back as soon as the server sees them closed
            for _ in range(200):
                with c.stream("GET", url) as again:
                    if again.status_code == 200:
                        break
                time.sleep(0.05)
            assert again.status_code == 200


def test_open_event_streams_are_capped_in_all() -> None:
    """Past the server's total, a stream from any address is refused (503) until one ends."""
    release = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await release.wait()
        await send({"type": "http.response.body", "body": b""})

    guard = Guard(app, GuardConfig(streams_per_client=5, streams_total=2))

    async def get(client: str) -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def send(message: Any) -> None:
            sent.append(dict(message))

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        scope = {
            "type": "http",
            "method": "GET",
            "path": "/api/games/abc/events",
            "headers": [(b"host", b"localhost")],
            "client": (client, 1),
        }
        await guard(scope, receive, send)
        return sent

    async def run() -> None:
        first = asyncio.ensure_future(get("10.0.0.1"))
        second = asyncio.ensure_future(get("10.0.0.2"))
        await asyncio.sleep(0.05)
        refused_now = await get("10.0.0.3")
        assert refused_now[0]["status"] == 503
        release.set()
        await asyncio.gather(first, second)
        assert guard.streams == {}
        release.clear()
        later = asyncio.ensure_future(get("10.0.0.3"))
        await asyncio.sleep(0.05)
        assert guard.streams == {"10.0.0.3": 1}
        release.set()
        assert (await later)[0]["status"] == 200

    run_async(run())


def test_games_in_memory_are_evicted_and_reloaded(client: TestClient) -> None:
    arena = client.app.state.arena  # type: ignore[attr-defined]
    arena.max_sessions = 3
    games = [new_local(client) for _ in range(6)]
    assert len(arena.sessions) == 3
    first = games[0]
    assert first["id"] not in arena.sessions
    h = {"X-Seat-Token": first["token"]}
    r = client.post(
        f"/api/games/{first['id']}/moves", json={"actions": [9], "version": 0}, headers=h
    )
    assert r.status_code == 200  # loaded again from storage
    assert len(arena.sessions) == 3 and first["id"] in arena.sessions
    arena.max_sessions, arena.max_session_bytes = 100, 1  # by memory: all but one go
    new_local(client)
    assert len(arena.sessions) == 1
    responsive(client)


def test_creating_games_and_moving_are_rate_limited(db: str) -> None:
    guard = GuardConfig(create_rate=Rate(3, 0.01), move_rate=Rate(4, 0.01))
    with TestClient(create_app(db, guard=guard), base_url="http://localhost") as c:
        games = [new_local(c) for _ in range(3)]
        r = c.post("/api/games", json={"game": "churn", "mode": "local"})
        assert "too many new games" in refused(r, 429)
        assert int(r.headers["retry-after"]) >= 1
        g = games[0]
        url = f"/api/games/{g['id']}/continuations"
        for _ in range(4):
            assert c.post(url, json={"actions": []}).status_code == 200
        r = c.post(url, json={"actions": []})
        assert "too many moves" in refused(r, 429) and "retry-after" in r.headers
        assert c.get(f"/api/games/{g['id']}").status_code == 200  # reading is not limited
        responsive(c)


def test_rate_limiter_refills_and_forgets_old_clients() -> None:
    lim = RateLimiter(Rate(burst=2, per_second=1.0), clients=2)
    assert lim.take("a", 0.0) == 0 and lim.take("a", 0.0) == 0
    assert lim.take("a", 0.0) == pytest.approx(1.0)
    assert lim.take("a", 1.0) == 0  # one second later, one more
    lim.take("b", 1.0)
    lim.take("c", 1.0)
    assert "a" not in lim._buckets and len(lim._buckets) == 2


# ---------------------------------------------------------------- safe across sites
def test_a_form_post_from_another_site_is_refused(client: TestClient) -> None:
    body = json.dumps({"game": "churn", "mode": "local"})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None):
        headers = {"Content-Type": ctype} if ctype else {}
        r = client.post("/api/games", content=body, headers=headers)
        assert "Content-Type: application/json" in refused(r, 415)
    assert stored_games(client) == 0
    responsive(client)


def test_a_request_from_another_origin_is_refused(client: TestClient) -> None:
    body = {"game": "churn", "mode": "local"}
    for origin in ("http://evil.example", "null", "http://localhost.evil.example"):
        r = client.post("/api/games", json=body, headers={"Origin": origin})
        assert "another site" in refused(r, 403)
    r = client.post("/api/games", json=body, headers={"Sec-Fetch-Site": "cross-site"})
    assert "another site" in refused(r, 403)
    assert stored_games(client) == 0
    ok = client.post("/api/games", json=body, headers={"Origin": "http://localhost"})
    assert ok.status_code == 200
    responsive(client)


def test_an_unknown_host_name_is_refused(client: TestClient) -> None:
    """DNS rebinding: a page of evil.example whose name now points at this server."""
    for host in ("evil.example", "evil.example:8000", "localhost.evil.example", "x" * 5000):
        r = client.get("/api/meta", headers={"Host": host})
        assert "host name" in refused(r, 421)
    assert client.get("/api/meta", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    assert client.get("/api/meta", headers={"Host": "[::1]:8000"}).status_code == 200
    responsive(client)


def test_allowed_hosts_can_name_a_domain(db: str) -> None:
    guard = GuardConfig(allowed_hosts=(".example.org",))
    with TestClient(create_app(db, guard=guard), base_url="http://play.example.org") as c:
        assert c.get("/api/meta").status_code == 200
        assert c.get("/api/meta", headers={"Host": "example.org"}).status_code == 200
        assert c.get("/api/meta", headers={"Host": "badexample.org"}).status_code == 421


def test_a_token_in_the_address_is_refused(client: TestClient) -> None:
    g = new_local(client)
    r = client.get(f"/api/games/{g['id']}?token={g['token']}")
    assert "X-Seat-Token" in refused(r, 400)
    r = client.post(
        f"/api/games/{g['id']}/moves?token={g['token']}", json={"actions": [9], "version": 0}
    )
    assert "X-Seat-Token" in refused(r, 400)
    assert client.get(f"/api/games/{g['id']}").json()["turns"] == 0
    responsive(client)


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/static/app.js", "/api/meta", "/api/nothing", "/api/games/zz"):
        r = client.get(path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"
        assert r.headers["server-timing"].startswith("app;dur=")
    r = client.post("/api/games", content=b"x", headers={"Content-Type": "text/plain"})
    assert r.headers["x-content-type-options"] == "nosniff"  # refusals too


def test_the_page_has_no_inline_script_or_style() -> None:
    """The CSP allows scripts and styles from files only, so the page must not need others."""
    import re

    page = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert "<style" not in page and " style=" not in page
    assert not re.search(r"\son[a-z]+=", page)
    for js in sorted(STATIC.glob("*.js")):
        script = js.read_text()
        assert 'setAttribute("style"' not in script and "style=" not in script, js.name
