"""A designer's report in a real browser: the self-contained page opens from a file with no
network, every plot loads, and the page is captured as a picture; and so does every published
report."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from hexarena.cli import main
from hexarena.games import game_names
from tests.browser.pictures import folder as picture_folder
from tests.browser.pictures import small_png

pytestmark = pytest.mark.browser


def test_report_opens_offline_with_every_plot(tmp_path: Path, context: Any) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "report"
    code = main(
        [
            "analyse",
            "gyre",
            "--size",
            "3",
            "--games",
            "6",
            "--players",
            "random",
            "--out",
            str(out),
            "--workers",
            "1",
            "--quiet",
            "--playouts",
            "20",
        ]
    )
    assert code == 0
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto((out / "report.html").as_uri())
    images = page.eval_on_selector_all(
        "img", "els => els.map(e => [e.alt, e.complete && e.naturalWidth > 100])"
    )
    assert len(images) >= 5
    assert all(ok for _, ok in images), images
    assert {alt for alt, _ in images} >= {"Game length", "Who wins", "Swap map (random)"}
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    assert page.locator("table tr").count() == 3  # header, with the pie rule, without
    shot = page.screenshot(full_page=True)
    assert shot[:4] == b"\x89PNG" and len(shot) > 20_000
    where = picture_folder()
    if where is not None:
        (where / "analysis-report.png").write_bytes(small_png(shot))


DOCS = Path(__file__).resolve().parents[2] / "docs" / "analysis"


@pytest.mark.parametrize("game", game_names())
def test_every_published_report_opens_offline_with_every_plot(game: str, context: Any) -> None:
    """The published report of each game's default board (``docs/analysis/GAME``): the page
    shows every plot its Markdown page lists, with nothing fetched from a network."""
    folder = DOCS / game
    assert (folder / "report.html").exists(), f"{game} has no published report"
    data = json.loads((folder / "report.json").read_text())
    assert data["settings"]["game"] == game
    assert set(data["players"]) == {"random", "mcts"}
    listed = re.findall(r"!\[([^\]]+)\]\(([^)]+\.png)\)", (folder / "report.md").read_text())
    assert all((folder / png).exists() for _, png in listed)
    requests: list[str] = []
    page = context.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto((folder / "report.html").as_uri())
    images = page.eval_on_selector_all(
        "img", "els => els.map(e => [e.alt, e.complete && e.naturalWidth > 100])"
    )
    assert sorted(alt for alt, _ in images) == sorted(title for title, _ in listed)
    assert all(ok for _, ok in images), images
    assert {"Swap map (random)", "Swap map (mcts)", "Game length"} <= {a for a, _ in images}
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    variants = 2 if "without_pie" in data["players"]["mcts"] else 1
    assert page.locator("table tr").count() == 1 + 2 * variants
    shot = page.screenshot(full_page=True)
    assert shot[:4] == b"\x89PNG" and len(shot) > 50_000
    where = picture_folder()
    if where is not None:
        (where / f"analysis-{game}.png").write_bytes(small_png(shot))
