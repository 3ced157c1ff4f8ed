"""Warming up: ``hexarena warmup`` and the web server's background warm-up."""

from __future__ import annotations

import asyncio
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
    assert "the rest" in out and out.splitlines()[-1].startswith("all: ")


def test_warmup_rules_only_leaves_the_search_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "--rules-only", "gyre"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gyre: rules ") and "search" not in out and "the rest" not in out


def test_warmup_compiles_what_the_learning_interfaces_need() -> None:
    """``hexarena warmup`` compiled the rules and the search only, so that the batched
    environments' and the observations' kernels (Scrunch's mask writer: about a minute of
    processor time) were compiled by whatever first used them, tests included; and the batched
    steps, compiled with a game's kernels held as constants, were compiled again in every
    process (Numba did not cache them in a way a new process could use). After the warm-up of
    a game, a new process compiles nothing to make batched environments of a few and of a
    thousand environments, both ways of writing, step them, read their final observations and
    observe a position from Python (Throngs' step for a thousand is one of its own: it writes
    its whole planes by streaming stores)."""
    import json
    import subprocess
    import sys

    warm = 'from hexarena.cli import main; main(["warmup", "--jobs", "1", "scrunch", "throngs"])'
    out = subprocess.run(
        [sys.executable, "-c", warm], capture_output=True, text=True, check=True, timeout=1800
    ).stdout
    assert "scrunch: rules " in out and "throngs: rules " in out and "the rest" in out
    code = """
import json
from numba.core import event
from hexarena.observe import Observer
from hexarena.vector import VectorEnv
compiled = {}
for name in ("scrunch", "throngs"):
    with event.install_recorder("numba:compile") as rec:
        for n, incremental in ((3, True), (3, False), (1024, True)):
            env = VectorEnv(name, n, seed=2, max_actions=2, incremental=incremental)
            for _ in range(2):
                env.step(env.random_actions())
            env.final()
        Observer(env.game).observe(env.state(0), 0)
    compiled[name] = sorted({e.data["dispatcher"].py_func.__qualname__
                             for _, e in rec.buffer if e.is_start})
print(json.dumps(compiled))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=1800
    ).stdout
    assert json.loads(out.strip().splitlines()[-1]) == {"scrunch": [], "throngs": []}


def test_warmup_shares_the_games_among_processes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "--rules-only", "--jobs", "2", "churn", "gyre"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert sorted(line.split(":")[0] for line in lines) == ["all", "churn", "gyre"]
    assert lines[-1].startswith("all: ") and lines[-1].endswith("(2 processes)")


def test_warmup_command_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["warmup", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


def test_the_warmer_reports_each_game_as_it_gets_ready(pool: ComputerPool) -> None:
    warmer = Warmer(pool, ["churn", "gyre"])
    assert warmer.meta() == {
        "ready": 0,
        "total": 2,
        "games": {"churn": "waiting", "gyre": "waiting"},
        "running": False,
    }
    seen: list[dict[str, str]] = []

    async def warm() -> None:
        await warmer.ensure("churn")  # its rules, loaded in this process: a page may open
        seen.append(dict(warmer.status))
        assert warmer.meta()["running"] is False  # a game asked for: no warm-up yet
        warmer.start()  # then every game's rules, then every game's search
        assert warmer._task is not None
        assert warmer.meta()["running"] is True
        await warmer._task

    run_async(warm())
    assert seen == [{"churn": "compiling", "gyre": "waiting"}]
    assert warmer.status == {"churn": "ready", "gyre": "ready"}
    assert warmer.is_ready("churn") and warmer.meta()["ready"] == 2
    assert warmer.meta()["running"] is False


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


def test_replay_and_undo_use_the_kernels_int64_build() -> None:
    """``State.apply`` calls ``is_legal`` and ``apply`` with an ``int64`` action; the compiled
    replay (``apply_actions``, which a search worker uses to rebuild its position) and undo
    gave them an ``int32`` one, so a fresh process compiled both kernels a second time for it
    (2 to 4 s a game, cold). In a fresh process, only the ``int64`` build is ever loaded."""
    import subprocess
    import sys

    code = """
import hexarena
g = hexarena.new_game("gyre", size=3)
st = g.new_initial_state()
st.apply(int(st.legal_actions()[0]))
st.apply_actions([int(a) for a in st.legal_actions()[:1]])
st.undo()
k = g.kernels
print(sorted({str(sig[2]) for f in (k.apply, k.is_legal) for sig in f.signatures}))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=600
    ).stdout
    assert out.strip() == "['int64']"


class _RecordingPool:
    """A stand-in for the worker pool that records the warm jobs it is given, in order, each
    taking a moment, so that what runs where (and how often) can be checked."""

    size = 2

    def __init__(self) -> None:
        self.jobs: list[tuple[str, str, int | None]] = []

    async def run(self, kind: str, payload: dict[str, str], *, worker: int | None = None) -> None:
        self.jobs.append((payload["game"], payload.get("part", "all"), worker))
        await asyncio.sleep(0.05)

    def submit(self, kind: str, payload: dict[str, str], *, worker: int | None = None) -> None:
        self.jobs.append((payload["game"], payload.get("part", "all"), worker))


def test_a_first_turn_puts_its_game_search_ahead_and_it_is_compiled_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A fresh server's first Throngs turn compiled Throngs' search in a second worker while the
    warm-up compiled the other games' (and later Throngs' again): on a busy machine it ran past
    the time a turn may take and was played at random. Now the turn waits for the warm-up,
    which compiles that game's search next, once, in worker 0."""
    import hexarena.warmup

    monkeypatch.setattr(hexarena.warmup, "warm_rules", lambda game: None)
    rec = _RecordingPool()
    warmer = Warmer(rec, ["churn", "gyre", "china_grove", "throngs"])  # type: ignore[arg-type]
    order: list[str] = []

    async def serve() -> None:
        warmer.start()
        while ("churn", "search", 0) not in rec.jobs:  # the warm-up is at its first search
            await asyncio.sleep(0.01)
        await warmer.ensure_search("throngs")  # a first Throngs turn waits here
        order.append(warmer.status["throngs"])
        assert warmer._task is not None
        await warmer._task

    run_async(serve())
    assert order == ["ready"]
    searches = [(g, w) for g, part, w in rec.jobs if part == "search"]
    assert searches == [("churn", 0), ("throngs", 0), ("gyre", 0), ("china_grove", 0)]
    assert set(warmer.status.values()) == {"ready"}
    # the other worker loads each search from the cache once it is compiled
    assert [g for g, part, w in rec.jobs if w == 1] == ["churn", "throngs", "gyre", "china_grove"]
