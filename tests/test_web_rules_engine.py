"""A rules page's pictures and a guided game's boards are built by the game's engine. The server
loads it through the warm-up (once, however many ask), not beside it: a rules page for a game
the warm-up had not reached compiled that game's engine in the server process on its own. The
answer with the rules' words says whether the engine is loaded, so that the page says it waits
for it only when it does."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient


@pytest.mark.parametrize("kind", ["rules", "learn"])
def test_the_pictures_load_the_engine_through_the_warm_up(client: TestClient, kind: str) -> None:
    warmer = client.app.state.arena.warmer  # type: ignore[attr-defined]
    words = client.get("/api/rules/gyre/text").json()
    assert words["engine_ready"] is False and words["title"] == "Gyre"
    assert warmer.status["gyre"] == "waiting"  # the words need no engine
    assert client.get(f"/api/{kind}/gyre").status_code == 200
    assert warmer.status["gyre"] == "ready"  # the warm-up loaded it, asked for now
    assert warmer.rules_loaded("gyre") and not warmer.rules_loaded("churn")
    assert client.get("/api/rules/gyre/text").json()["engine_ready"] is True
    assert client.get("/api/rules/churn/text").json()["engine_ready"] is False


def test_a_guided_try_loads_the_engine_through_the_warm_up(client: TestClient) -> None:
    warmer = client.app.state.arena.warmer  # type: ignore[attr-defined]
    r = client.post("/api/learn/churn/1", json={"actions": ["nonsense"]})
    assert r.status_code in (200, 400)
    assert warmer.status["churn"] == "ready"


def test_an_unknown_game_warms_nothing(client: TestClient) -> None:
    warmer = client.app.state.arena.warmer  # type: ignore[attr-defined]
    assert client.get("/api/rules/chess").status_code == 404
    assert client.get("/api/rules/chess/text").status_code == 404
    assert "chess" not in warmer.status
