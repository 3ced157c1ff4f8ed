"""Shared test settings: small boards per game for the generic conformance tests, the
databases (SQLite and a throw-away PostgreSQL) the web app's tests run over and the web app's
test client, and the order of work under ``pytest -n``: one game's batched-environment tests in
one worker."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import HealthCheck, settings

if TYPE_CHECKING:  # the web extra is imported where a test asks for it, not to collect
    from starlette.testclient import TestClient

settings.register_profile(
    "ci",
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev", max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

#: For each game, small options for the generic tests (quick games, every rule reachable).
SMALL_OPTIONS: dict[str, dict[str, Any]] = {
    "churn": {"size": 3},
    "china-grove": {},
    "throngs": {"board": "hex", "size": 3, "no_stalling": True},
    "gyre": {"size": 4},
    "scrunch": {"size": 3},
}

#: Cap on actions for random games in generic tests, per game (None: play to the end).
ACTION_CAP: dict[str, int | None] = {
    "churn": None,
    "china-grove": None,
    "throngs": None,
    "gyre": None,
    "scrunch": None,
}


# ---------------------------------------------------------------- batched tests, by game
#: Modules whose tests step the batched environments of one game.
BATCHED_MODULES: dict[str, str] = {
    "test_vector_throngs.py": "throngs",
    "test_throngs_masks.py": "throngs",
    "test_vector_scrunch.py": "scrunch",
    "test_scrunch_bitmask.py": "scrunch",
    "test_vector_churn_mask.py": "churn",
}
#: Modules with tests of the batched environments parametrized by game first (``[throngs-...]``).
BATCHED_BY_NAME = {"test_vector.py", "test_vector_incremental.py"}
#: Other tests that step one game's batched environments.
BATCHED_TESTS: dict[str, str] = {
    "test_throngs_repetition_long.py::test_batched_games_are_truncated_when_the_table_is_full": (
        "throngs"
    ),
}
#: The games, longest name first (``china-grove`` before any shorter name it starts with).
GAME_NAMES = sorted(SMALL_OPTIONS, key=len, reverse=True)


def batched_game(nodeid: str) -> str | None:
    """The game whose batched environments the test ``nodeid`` steps, or ``None``."""
    path, _, name = nodeid.partition("::")
    module = path.rsplit("/", 1)[-1]
    if module in BATCHED_MODULES:
        return BATCHED_MODULES[module]
    test, _, param = name.partition("[")
    if f"{module}::{test}" in BATCHED_TESTS:
        return BATCHED_TESTS[f"{module}::{test}"]
    if module in BATCHED_BY_NAME:
        for game in GAME_NAMES:
            if param == game + "]" or param.startswith(game + "-"):
                return game
    return None


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``pytest -n N`` (``--dist load``, the default), the tests of one game's batched
    environments go to one worker as one unit, the largest units first, every other test on
    its own as before: a batched step is compiled once per process and game, not cached on
    disk (``hexarena.vector.drivers``; Throngs' once per board, 20 to 25 s of processor time
    each), and with the game's tests spread over both workers each worker compiled each step,
    often both at once. (``--dist loadgroup`` cannot do this here: pytest-xdist 3.8 names a
    group by rewriting ``item._nodeid``, which pytest 9.2 no longer reads.)"""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class BatchedByGame(LoadScopeScheduling):  # type: ignore[misc]
        """Load scheduling with each game's batched tests as one unit of work."""

        def _split_scope(self, nodeid: str) -> str:
            game = batched_game(nodeid)
            return f"batched-{game}" if game is not None else nodeid

    return BatchedByGame(config, log)


# ---------------------------------------------------------------- databases for the web app
@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Any]:
    """A throw-away PostgreSQL server for the session (``tests/postgres.py``).

    Skipped where PostgreSQL or psycopg is missing, except on CI (``CI`` set), where that fails.
    """
    from tests.postgres import Cluster, unavailable

    reason = unavailable()
    if reason is not None:
        if os.environ.get("CI"):
            pytest.fail(f"the PostgreSQL tests cannot run on CI: {reason}")
        pytest.skip(reason)
    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty games database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    cluster = request.getfixturevalue("pg_cluster")
    url: str = cluster.new_database()
    return url


# ---------------------------------------------------------------- the web app's test client
def web_client(db: str, **options: Any) -> TestClient:
    """A test client of a new web app over the database ``db`` (``options`` go to
    ``create_app``), at an address the app answers to. Skips the test that asks for it where the
    web extra is not installed; it is imported here, on asking, so that a test module that does
    not use it is collected without it."""
    pytest.importorskip("starlette", reason="the web app needs: pip install 'hexarena[web]'")
    pytest.importorskip("httpx2", reason="the web app's test client needs httpx2 (the test extra)")
    from starlette.testclient import TestClient

    from hexarena.web import create_app

    return TestClient(create_app(db, **options), base_url="http://localhost")


@pytest.fixture
def web_db(tmp_path: Path) -> str:
    """The database of the ``client`` fixture: an empty SQLite file. A module whose tests run
    over both databases overrides it with ``db_url``."""
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(web_db: str) -> Iterator[TestClient]:
    """A test client of the web app over ``web_db`` (:func:`web_client`), started and stopped
    around the test."""
    with web_client(web_db) as c:
        yield c


def run_async(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a fresh thread: the browser tests' Playwright keeps an event loop
    running in the main thread of a test worker for the whole session, and ``asyncio.run``
    refuses to start inside a running loop."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()


@contextlib.contextmanager
def served(app: Any) -> Iterator[int]:
    """``app`` served by uvicorn on a thread of this process; yields its port (on 127.0.0.1).

    The socket is bound to a free port and listening before the server starts, and uvicorn is
    given it: a request made at once waits in its queue until the server accepts it, and no
    other process can take the port in between. (The tests chose a free port, closed it and
    let uvicorn bind it later, and waited at most 10 s for the server before going on anyway.)
    """
    import uvicorn

    from hexarena.web.app import listen_socket

    sock, problem = listen_socket("127.0.0.1", 0)
    assert sock is not None, problem
    port: int = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
