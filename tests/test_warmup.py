"""Warming up: ``hexarena warmup`` and the web server's background warm-up."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hexarena.cli import main

pytest.importorskip("starlette")

from hexarena.web.workers import ComputerPool, Warmer
from tests.conftest import run_async


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    p = ComputerPool(1)
    yield p
    p.close()


def test_warmup_command_compiles_the_games_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "churn"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("churn: rules ") and "search" in out and "processor" in out


def test_warmup_rules_only_leaves_the_search_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "--rules-only", "gyre"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gyre: rules ") and "search" not in out


def test_warmup_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_the_warmer_reports_each_game_as_it_gets_ready(pool: ComputerPool) -> None:
    warmer = Warmer(pool, ["churn", "gyre"])
    assert warmer.meta() == {
        "ready": 0,
        "total": 2,
        "games": {"churn": "waiting", "gyre": "waiting"},
    }
    seen: list[dict[str, str]] = []

    async def warm() -> None:
        await warmer.ensure("churn")  # its rules, loaded in this process: a page may open
        seen.append(dict(warmer.status))
        warmer.start()  # then every game's rules, then every game's search
        assert warmer._task is not None
        await warmer._task

    run_async(warm())
    assert seen == [{"churn": "compiling", "gyre": "waiting"}]
    assert warmer.status == {"churn": "ready", "gyre": "ready"}
    assert warmer.is_ready("churn") and warmer.meta()["ready"] == 2


def test_without_search_a_game_is_ready_once_its_rules_are_loaded(pool: ComputerPool) -> None:
    warmer = Warmer(pool, ["churn", "gyre"], search=False)
    run_async(warmer.ensure("churn"))
    assert warmer.status == {"churn": "ready", "gyre": "waiting"}


def test_serve_options_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["serve", "--games-per-minute", "0"])
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    assert "games-per-minute" in capsys.readouterr().err
