"""When the computer runs out of time and plays a random turn instead, the game's view says so:
the turn was played at random without a word (a fresh server's first Throngs turn on a loaded
machine, past the 300 s a first turn may take while its search compiles)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.ai import base as ai_base
from hexarena.web import create_app
from hexarena.web.workers import ComputerPool
from tests.web_player_kinds import SlowPlayer


def test_a_random_turn_after_a_timeout_is_announced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ai_base._FACTORIES, "slow", SlowPlayer)
    pool = ComputerPool(1, nice=0, imports=("tests.web_players",), cancel_grace=0.2, overrun=0.2)
    try:
        app = create_app(f"sqlite:///{tmp_path / 'g.db'}", pool=pool, computer_timeout=0.5)
        arena: Any = app.state.arena
        monkeypatch.setattr(arena.warmer, "search", True)  # as if warmed: the short limit holds
        monkeypatch.setattr(arena.warmer, "search_ready", lambda game: True)

        async def warmed(game: str) -> None:
            return None

        monkeypatch.setattr(arena.warmer, "ensure_search", warmed)
        with TestClient(app, base_url="http://localhost") as client:
            body = {"game": "churn", "mode": "computer", "level": "slow", "seat": 1}
            g = client.post("/api/games", json=body).json()
            headers = {"X-Seat-Token": g["token"]}
            for _ in range(6000):
                v = client.get(f"/api/games/{g['id']}", headers=headers).json()
                if v["turns"] == 1:
                    break
                time.sleep(0.01)
            assert v["turns"] == 1 and not v["thinking"]
            assert "ran out of time" in v["computer_error"]
            assert "at random" in v["computer_error"]
    finally:
        pool.close()
