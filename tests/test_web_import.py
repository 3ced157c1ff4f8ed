"""The web app imports a record of a game resigned during a turn (issue point 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

import hexarena
from hexarena.records import read_record, write_record

if TYPE_CHECKING:  # the ``client`` fixture skips these tests without the web extra
    from starlette.testclient import TestClient


@pytest.mark.parametrize(("name", "first"), [("china-grove", "g1"), ("churn", None)])
def test_import_of_a_game_resigned_mid_turn(
    client: TestClient, name: str, first: str | None
) -> None:
    game = hexarena.new_game(name)
    st = game.new_initial_state()
    if first is not None:
        st.apply(first)
        assert st.turn_actions
    else:
        st.apply("c3")
    st.resign()
    text = write_record(st)
    r = client.post("/api/games/import", json={"record": text, "mode": "local"})
    assert r.status_code == 200, r.text
    gid = r.json()["id"]
    v = client.get(f"/api/games/{gid}").json()
    assert v["outcome"]["result"] == st.outcome().result  # type: ignore[union-attr]
    assert "resigned" in v["outcome"]["reason"] and v["ply"] == st.ply
    exported = client.get(f"/api/games/{gid}/record").text
    back = read_record(exported).state
    assert back == st and back.resigned == st.resigned
