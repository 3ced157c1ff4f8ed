"""Several server processes on one PostgreSQL database serve the same games consistently.

Two real ``hexarena serve`` processes share a database of the throw-away cluster
(``tests/postgres.py``): a move made through one reaches a watcher of the other live (PostgreSQL
``LISTEN/NOTIFY``), and two moves sent at once through both are settled by the database, one
stored and the other refused.
"""

from __future__ import annotations

import json
import socket
import subprocess
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

from hexarena.web import create_app
from tests.browser.conftest import start_serving


class ServeProcess:
    """``hexarena serve`` in a child process on a free port."""

    def __init__(self, db: str, folder: Path) -> None:
        # each server compiles only what these tests use
        self.proc, self.port = start_serving(["--port", "0", "--db", db, "--no-warm"], folder)
        self.url = f"http://127.0.0.1:{self.port}"

    def wait_ready(self) -> None:
        for _ in range(1200):
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {self.proc.returncode}")
            try:
                if httpx2.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return
            except httpx2.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)


@pytest.fixture
def pg_db(pg_cluster: Any) -> str:
    url: str = pg_cluster.new_database()
    return url


@pytest.fixture
def two_servers(pg_db: str, tmp_path: Path) -> Iterator[tuple[ServeProcess, ServeProcess]]:
    a = ServeProcess(pg_db, tmp_path)
    try:
        b = ServeProcess(pg_db, tmp_path)  # the first is stopped even if this one fails to start
        try:
            a.wait_ready()
            b.wait_ready()
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def test_two_server_processes_share_a_game_live(
    two_servers: tuple[ServeProcess, ServeProcess],
) -> None:
    a, b = two_servers
    http = httpx2.Client(timeout=120)  # a server may compile a game's rules on first use
    g = http.post(
        f"{a.url}/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "online"}
    ).json()
    gid, t0 = g["id"], g["token"]
    code = g["links"]["invite"].split("#invite=")[1]
    # the invitation is claimed through the other process
    claimed = http.post(f"{b.url}/api/games/{gid}/claim", json={"code": code, "name": "Bo"})
    assert claimed.status_code == 200, claimed.text
    t1 = claimed.json()["token"]
    # each seat's token goes in the header; the seat cookie the answers set would be a second,
    # different token in the same request, which the server refuses as ambiguous
    http.cookies.clear()
    again = http.post(f"{a.url}/api/games/{gid}/claim", json={"code": code})
    assert again.status_code == 409
    seen: list[dict[str, Any]] = []
    with http.stream("GET", f"{b.url}/api/games/{gid}/events", timeout=60) as stream:
        for line in stream.iter_lines():
            if not line.startswith("data:"):
                continue
            seen.append(json.loads(line[5:]))
            if len(seen) == 1:
                r = http.post(
                    f"{a.url}/api/games/{gid}/moves",
                    json={"actions": [9], "version": 1},
                    headers={"X-Seat-Token": t0},
                )
                assert r.status_code == 200, r.text
            elif seen[-1]["version"] == 2:
                break
    assert seen[0] == {"version": 1, "thinking": False, "turns": 0}
    assert seen[-1]["turns"] == 1
    v = http.get(f"{b.url}/api/games/{gid}", headers={"X-Seat-Token": t1}).json()
    assert v["you"] == [1] and v["cells"][9] == "R" and v["seats"][1]["name"] == "Bo"

    # two moves sent at once, one through each process: the database settles them
    def move(server: ServeProcess, action: int) -> int:
        r = http.post(
            f"{server.url}/api/games/{gid}/moves",
            json={"actions": [action], "version": 2},
            headers={"X-Seat-Token": t1},
        )
        return r.status_code

    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(move, (a, b), (3, 4)))
    assert codes == [200, 409]
    va = http.get(f"{a.url}/api/games/{gid}").json()
    vb = http.get(f"{b.url}/api/games/{gid}").json()
    assert va["version"] == vb["version"] == 3 and va["cells"] == vb["cells"]
    assert (va["cells"][3], va["cells"][4]).count("B") == 1
    http.close()


def test_a_change_notice_reloads_a_game_with_no_request(pg_db: str) -> None:
    """The notice alone brings another server's change in (no request, no event stream)."""
    with (
        TestClient(create_app(pg_db), base_url="http://localhost") as a,
        TestClient(create_app(pg_db), base_url="http://localhost") as b,
    ):
        g = a.post("/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "local"})
        gid, tok = g.json()["id"], g.json()["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 0
        session = b.app.state.arena.sessions[gid]  # type: ignore[attr-defined]
        changed = session.changed
        r = a.post(
            f"/api/games/{gid}/moves",
            json={"actions": [9], "version": 0},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 200
        for _ in range(3000):  # bounded: the notice arrives within milliseconds
            if session.version == 1:
                break
            time.sleep(0.01)
        assert session.version == 1 and session.state.array is not None
        assert changed.is_set()  # its watchers were woken


def test_a_lost_notice_connection_is_made_again_and_games_reloaded(pg_db: str) -> None:
    """After the listening connection dies, a server listens again and reloads its games (a
    change made while it was not listening is not missed)."""
    import psycopg

    with (
        TestClient(create_app(pg_db), base_url="http://localhost") as a,
        TestClient(create_app(pg_db), base_url="http://localhost") as b,
    ):
        g = a.post("/api/games", json={"game": "churn", "options": {"size": 3}, "mode": "local"})
        gid, tok = g.json()["id"], g.json()["token"]
        assert b.get(f"/api/games/{gid}").json()["version"] == 0
        session = b.app.state.arena.sessions[gid]  # type: ignore[attr-defined]
        with psycopg.connect(pg_db, autocommit=True) as admin:
            killed = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query LIKE 'LISTEN%'"
            ).fetchall()
        assert len(killed) == 2  # one listener per server
        r = a.post(
            f"/api/games/{gid}/moves",
            json={"actions": [9], "version": 0},
            headers={"X-Seat-Token": tok},
        )
        assert r.status_code == 200
        for _ in range(3000):  # bounded: the listener connects again after a second
            if session.version == 1:
                break
            time.sleep(0.01)
        assert session.version == 1


def test_a_cluster_whose_port_was_taken_meanwhile_starts_on_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The throw-away PostgreSQL server's port is chosen free and bound by the server a moment
    later: taken in between (by another test worker), the server did not start, and every
    PostgreSQL test of that worker failed. Another free port is tried."""
    import psycopg

    from tests import postgres

    reason = postgres.unavailable()
    if reason is not None:
        pytest.skip(reason)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        chosen = iter([port])  # the first port chosen is the one just taken
        free = postgres._free_port
        monkeypatch.setattr(postgres, "_free_port", lambda: next(chosen, 0) or free())
        cluster = postgres.Cluster()
        try:
            assert cluster.port != port
            psycopg.connect(cluster.url(), autocommit=True).close()
        finally:
            cluster.stop()
