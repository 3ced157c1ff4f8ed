"""Shared test settings: small boards per game for the generic conformance tests, the
databases (SQLite and a throw-away PostgreSQL) the web app's tests run over, and the grouping
of the batched environments' tests by game for ``pytest -n 2 --dist loadgroup``."""

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


# ---------------------------------------------------------------- batched tests, by game
#: Modules whose tests step the batched environments of one game.
BATCHED_MODULES: dict[str, str] = {
    "test_vector_throngs": "throngs",
    "test_throngs_masks": "throngs",
    "test_vector_scrunch": "scrunch",
    "test_scrunch_bitmask": "scrunch",
    "test_vector_churn_mask": "churn",
}
#: Modules with tests of the batched environments parametrized by the game's ``name``.
BATCHED_BY_NAME = {"test_vector", "test_vector_incremental", "test_vector_planes"}
#: Other tests that step one game's batched environments.
BATCHED_TESTS: dict[str, str] = {
    "test_throngs_repetition_long.py::test_batched_games_are_truncated_when_the_table_is_full": (
        "throngs"
    ),
}


def batched_game(item: pytest.Item) -> str | None:
    """The game whose batched environments ``item`` steps, or ``None``."""
    module = item.path.stem
    if module in BATCHED_MODULES:
        return BATCHED_MODULES[module]
    name = BATCHED_TESTS.get(f"{item.path.name}::{getattr(item, 'originalname', item.name)}")
    if name is not None:
        return name
    params = getattr(item, "callspec", None)
    if module in BATCHED_BY_NAME and params is not None:
        value = params.params.get("name")
        return value if isinstance(value, str) else None
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the tests of one game's batched environments in one ``xdist_group``, run by one
    worker under ``--dist loadgroup`` (``scripts/test.sh``): a batched step is compiled once per
    process (``hexarena.vector.drivers``, not cached on disk; Throngs' once per board, 20 to 25 s
    of processor time each), and the game's tests spread over both workers compiled each
    step twice, the two workers at once."""
    for item in items:
        game = batched_game(item)
        if game is not None:
            item.add_marker(pytest.mark.xdist_group(f"batched-{game}"))


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
