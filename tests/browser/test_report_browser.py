"""A designer's report in a real browser: the self-contained page opens from a file with no
network, every plot loads, and the page is captured as a picture."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from hexarena.cli import main

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
    folder = os.environ.get("HEXARENA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        Path(folder, "analysis-report.png").write_bytes(shot)
