"""The swap maps of stored analysis reports in the web app: ``GET /api/swap-maps/GAME``.

The published reports' maps are packaged with hexarena (and must be the published reports'
own); a server may read another folder of reports instead.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from hexarena.web.swapmaps import PACKAGED, SwapMaps, extract
from tests.conftest import web_client

DOCS = Path(__file__).resolve().parent.parent / "docs" / "analysis"


def error(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert isinstance(message, str) and message
    return message


def test_the_packaged_maps_are_the_published_reports() -> None:
    published = sorted(DOCS.glob("*/report.json"))
    assert len(published) >= 4
    for path in published:
        entry = extract(json.loads(path.read_text()))
        packaged = json.loads((PACKAGED / f"{entry['game']}.json").read_text())
        assert packaged == entry, f"run scripts/swapmaps.py: {path} has changed"


def test_a_published_board_has_its_map(client: TestClient) -> None:
    r = client.get("/api/swap-maps/gyre", params={"size": "7"})
    assert r.status_code == 200, r.text
    assert "max-age" in r.headers["cache-control"]
    data = r.json()
    assert data["game"] == "gyre" and data["options"] == {"size": "7"}
    report = json.loads((DOCS / "gyre" / "report.json").read_text())
    for player in ("random", "mcts"):
        m = data["maps"][player]
        assert m["values"] == report["players"][player]["swap_map"]["values"]
        assert len(m["values"]) == 127  # every cell of the side-7 board
        assert set(m["swap"]) == {c for c, v in m["values"].items() if v > 0.5}
    assert data["source"]["iterations"] == 200 and data["source"]["seed"] == 1


def test_options_are_compared_in_their_canonical_form(client: TestClient) -> None:
    # the default board (Churn side 3) without options, and a number written differently
    a = client.get("/api/swap-maps/churn")
    b = client.get("/api/swap-maps/churn", params={"size": "03"})
    assert a.status_code == b.status_code == 200
    assert a.json() == b.json()
    assert a.json()["options"] == {"size": "3"}


def test_a_game_of_the_web_app_finds_its_map_by_its_options(client: TestClient) -> None:
    # China Grove's options name its board cell by cell, as its records store it
    r = client.post("/api/games", json={"game": "china-grove", "options": {}, "mode": "local"})
    assert r.status_code == 200, r.text
    view = client.get(f"/api/games/{r.json()['id']}").json()
    assert "board" in view["options"]
    found = client.get("/api/swap-maps/china-grove", params=view["options"])
    assert found.status_code == 200, found.text
    assert len(found.json()["maps"]["mcts"]["values"]) == 63


@pytest.mark.parametrize(
    ("path", "params", "message"),
    [
        ("churn", {"size": "4"}, "there is one for size=3"),
        ("gyre", {"size": "5"}, "there is one for size=7"),
        ("churn", {"sides": "3,4,3,4,3,4"}, "no stored report has a swap map of Churn"),
        ("nonesuch", {}, "there is no game 'nonesuch'"),
    ],
)
def test_other_boards_have_no_map(
    client: TestClient, path: str, params: dict[str, str], message: str
) -> None:
    assert message in error(client.get(f"/api/swap-maps/{path}", params=params), 404)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("size=big", "option size is a whole number"),
        ("size=99", "option size must be at most"),
        ("colour=red", "there is no option 'colour'"),
        ("size=3&size=4", "option 'size' is given twice"),
        ("size=" + "9" * 5000, "characters long"),
        ("&".join(f"o{k}=1" for k in range(40)), "at most 16 options"),
    ],
)
def test_bad_options_are_refused(client: TestClient, query: str, message: str) -> None:
    text = error(client.get(f"/api/swap-maps/churn?{query}"), 400)
    assert message in text
    assert len(text) < 500  # never the whole of a long input


def test_a_folder_of_reports_replaces_the_published_ones(tmp_path: Path) -> None:
    report = json.loads((DOCS / "churn" / "report.json").read_text())
    report["settings"]["options"] = {"size": "2"}
    report["players"] = {"random": report["players"]["random"]}
    report["players"]["random"]["swap_map"]["values"] = {"a1": 0.25}
    (tmp_path / "reports" / "churn-2").mkdir(parents=True)
    (tmp_path / "reports" / "churn-2" / "report.json").write_text(json.dumps(report))
    (tmp_path / "reports" / "broken.json").write_text("{not json")  # left out, with a warning
    with web_client(f"sqlite:///{tmp_path / 'games.db'}", reports=tmp_path / "reports") as c:
        r = c.get("/api/swap-maps/churn", params={"size": "2"})
        assert r.status_code == 200, r.text
        maps = r.json()["maps"]
        assert list(maps) == ["random"]
        assert maps["random"]["values"] == {"a1": 0.25}
        error(c.get("/api/swap-maps/churn", params={"size": "3"}), 404)
    assert len(SwapMaps(tmp_path / "reports").index) == 1


def test_serve_takes_a_folder_of_reports() -> None:
    from hexarena.cli import build_parser

    ns = build_parser().parse_args(["serve", "--reports", "some/where"])
    assert ns.reports == "some/where"
    assert build_parser().parse_args(["serve"]).reports is None


def test_a_game_s_view_says_whether_its_board_has_a_map(client: TestClient) -> None:
    # the page asks for the map only then: a 404 for a board without one is an error in its console
    for options, has in (({}, True), ({"size": 4}, False)):
        r = client.post("/api/games", json={"game": "churn", "options": options, "mode": "local"})
        view = client.get(f"/api/games/{r.json()['id']}").json()
        assert view["swap_map"] is has
        found = client.get("/api/swap-maps/churn", params=view["options"])
        assert found.status_code == (200 if has else 404)
