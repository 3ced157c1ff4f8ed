"""Hints: the computer's thinking grows with the board, within bounds, and the hints worked out
at once are bounded (one per game, and fewer than the workers over all games), so that asking
for hints cannot tie up the workers that play the computer's moves.

Hints once thought for the ``medium`` level's 0.05 s or 300 iterations on every board, which
is little on a board of 100 cells and more. No test here times anything: the limits the worker
is given and the requests refused are what is checked.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import itertools

from hexarena import new_game
from hexarena.ai import Limit
from hexarena.web import hints
from hexarena.web.arena import ApiError, Arena
from hexarena.web.hints import HintGate, hint_budget
from hexarena.web.storage import open_storage
from hexarena.web.workers import ComputerPool, _WorkerState
from tests.conftest import run_async


def test_a_hints_budget_grows_with_the_board_within_its_bounds() -> None:
    # Churn side 3: 19 cells, the least; Gyre side 7: 127 cells; a board of 10,000: the most
    assert hint_budget(19) == {"seconds": hints.MIN_SECONDS, "iterations": 3_800}
    assert hint_budget(127) == {"seconds": 1.27, "iterations": 25_400}
    assert hint_budget(10_000) == {"seconds": hints.MAX_SECONDS, "iterations": 50_000}
    assert hint_budget(1) == {"seconds": hints.MIN_SECONDS, "iterations": hints.MIN_ITERATIONS}
    budgets = [hint_budget(n) for n in range(1, 400)]
    assert all(a["seconds"] <= b["seconds"] for a, b in itertools.pairwise(budgets))
    assert max(b["seconds"] for b in budgets) == hints.MAX_SECONDS
    assert hints.MAX_SECONDS > 0.05 * 10  # far more than the medium level's 0.05 s


def test_the_gate_takes_one_hint_a_game_and_fewer_than_the_workers() -> None:
    assert HintGate(1).most == 1 and HintGate(2).most == 1 and HintGate(4).most == 3
    gate = HintGate(3)
    with gate.admit("a"):
        with pytest.raises(ApiError) as same, gate.admit("a"):
            pass
        assert same.value.status == 429 and "this game" in same.value.message
        assert same.value.headers == {"Retry-After": str(hints.RETRY_AFTER)}
        with gate.admit("b"):
            with pytest.raises(ApiError) as full, gate.admit("c"):
                pass
            assert full.value.status == 503 and "2 other hint(s)" in full.value.message
        with gate.admit("c"):  # b is done: room again
            assert gate.running == {"a", "c"}
    assert gate.running == set()


class HeldPool(ComputerPool):
    """A pool whose hints wait until released (no worker process ever starts)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.jobs: list[dict[str, Any]] = []
        self.release = asyncio.Event()

    async def run(self, kind: str, payload: dict[str, Any], **kwargs: Any) -> Any:
        assert kind == "hint"
        self.jobs.append(payload)
        await self.release.wait()
        return [{"action": 0, "text": "a1"}]


def test_hints_through_the_arena_are_bounded_and_carry_the_budget(tmp_path: Path) -> None:
    pool = HeldPool(3)  # two hints at once
    arena = Arena(open_storage(f"sqlite:///{tmp_path / 'games.db'}"), pool=pool)

    async def scene() -> dict[str, Any]:
        pool.release = asyncio.Event()  # of this event loop
        games = [
            await arena.create({"game": "churn", "options": {"size": s}, "mode": "local"})
            for s in (3, 4, 5)
        ]
        sessions = [await arena.get(g["id"]) for g in games]

        def ask(i: int) -> Any:
            return arena.hint(sessions[i], games[i]["token"], {})

        first = asyncio.ensure_future(ask(0))
        second = asyncio.ensure_future(ask(1))
        while len(pool.jobs) < 2:  # both hints reach the pool
            await asyncio.sleep(0.01)
        out: dict[str, Any] = {"running": set(arena.hints.running)}
        for name, i in (("same", 0), ("third", 2)):
            try:
                await ask(i)
            except ApiError as exc:
                out[name] = exc
        pool.release.set()
        out["answers"] = await asyncio.gather(first, second)
        out["after"] = await ask(2)  # room again once they are done
        out["left"] = set(arena.hints.running)
        out["ids"] = [g["id"] for g in games]
        return out

    try:
        out = run_async(scene())
    finally:
        arena.close()
    ids = out["ids"]
    assert out["running"] == {ids[0], ids[1]}
    assert out["same"].status == 429 and "this game" in out["same"].message
    assert out["third"].status == 503 and "other hint" in out["third"].message
    assert out["left"] == set()
    assert len(pool.jobs) == 3  # the refused hints never reached a worker
    cells = {3: 19, 4: 37, 5: 61}
    for job, size in zip(pool.jobs, (3, 4, 5), strict=True):
        assert job["limit"] == hint_budget(cells[size])
    answers = [*out["answers"], out["after"]]
    assert [a["budget"] for a in answers] == [hint_budget(c) for c in cells.values()]


class _Analyst:
    """A player that records the limit its analysis is given."""

    def __init__(self, seen: list[Limit | None]) -> None:
        self.seen = seen

    def analyse(self, state: Any, limit: Limit | None = None) -> list[Any]:
        self.seen.append(limit)
        return []

    def choose(self, state: Any, limit: Limit | None = None) -> int:
        self.seen.append(limit)
        return int(state.legal_actions()[0])


def test_the_worker_thinks_within_the_hints_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import hexarena.ai

    seen: list[Limit | None] = []
    monkeypatch.setattr(hexarena.ai, "make_player", lambda level, seed=None: _Analyst(seen))
    game = new_game("churn", size=3)
    job = {
        "game": "churn",
        "tags": game.record_tags(),
        "actions": [],
        "partial": [],
        "level": "medium",
        "seed": 1,
        "limit": hint_budget(19),
    }
    answer = _WorkerState().hint(job)
    assert seen == [Limit(seconds=0.25, iterations=3_800)] * 2  # analysed, then chosen
    assert answer[0]["action"] in game.new_initial_state().legal_actions()
