"""Words the web app shows a stranger: the new-game form's help for each option is the game's
own, without the command line's dashes (the form has fields, not options)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from hexarena.web import create_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    with TestClient(app, base_url="http://localhost") as c:
        yield c


def test_the_new_game_form_speaks_of_options_without_command_line_dashes(
    client: TestClient,
) -> None:
    # Throngs' size read "side of the hex board (with --board hex; default 5)" on the form
    meta = client.get("/api/meta").json()
    helps = {(g["name"], o["name"]): o["help"] for g in meta["games"] for o in g["options"]}
    assert helps[("throngs", "size")] == "side of the hex board (with board hex; default 5)"
    assert not [k for k, text in helps.items() if "--" in text]
