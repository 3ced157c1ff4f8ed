"""Shared test settings: small boards per game for the generic conformance tests, and the
databases (SQLite and a throw-away PostgreSQL) the web app's tests run over."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

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


def run_async(coro: Any) -> Any:
    """``asyncio.run(coro)`` in a fresh thread: the browser tests' Playwright keeps an event loop
    running in the main thread of a test worker for the whole session, and ``asyncio.run``
    refuses to start inside a running loop."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as ex:
        return ex.submit(asyncio.run, coro).result()
