"""The report's plots are readable: no legend over the data, no title over another, every axis
named, whole-number quantities drawn on whole numbers, and every figure said in words."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from hexarena import new_game
from hexarena.analysis import Settings, run_analysis
from hexarena.analysis.analyse import PROGRESS_BINS
from hexarena.analysis.report import fig_balance, fig_lengths, fig_margins, fig_measures


def _rate(r: float) -> dict[str, float]:
    return {"rate": r, "low": r - 0.05, "high": min(1.0, r + 0.05)}


def _variant(rate: float, lengths: list[int], margins: list[int]) -> dict[str, Any]:
    return {
        "lengths": lengths,
        "balance": {"first_seat": _rate(rate), "first_colour": _rate(rate), "margins": margins},
        "measures": {
            "stones Red": {"curve": [i / 2 for i in range(PROGRESS_BINS)]},
            "stones Blue": {"curve": [i / 3 for i in range(PROGRESS_BINS)]},
            "removed": {"curve": [0.5] * PROGRESS_BINS},
        },
    }


#: A report's data where the first player wins nine games in ten, the games last 7 to 10
#: turns and every winner leads by one stone.
DATA: dict[str, Any] = {
    "colours": ["Red", "Blue"],
    "players": {
        "random": {
            "with_pie": _variant(0.9, [7, 7, 8, 9, 9, 9, 10], [1, 1, 1, 1]),
            "without_pie": _variant(0.92, [7, 8, 8, 9, 9], [1, 1, 1]),
        }
    },
}


def test_the_legend_of_who_wins_covers_no_point() -> None:
    fig = fig_balance(DATA)
    fig.canvas.draw()
    (ax,) = fig.axes
    box = ax.get_legend().get_window_extent()
    for line in ax.lines:
        for x, y in line.get_xydata():
            if not math.isnan(x):
                px, py = ax.transData.transform((x, y))
                assert not box.contains(px, py), f"the legend hides the point at {x:.2f}"


def test_through_the_game_has_its_titles_apart_and_its_axes_named() -> None:
    fig = fig_measures(DATA, "random")
    fig.canvas.draw()
    top = fig._suptitle.get_window_extent()
    for ax in fig.axes:
        assert ax.get_ylabel(), f"the {ax.get_title()} plot's values are not named"
        assert ax.get_xlabel()
        assert not top.overlaps(ax.title.get_window_extent()), ax.get_title()


@pytest.mark.parametrize("figure", [fig_lengths, fig_margins])
def test_whole_numbers_are_drawn_on_whole_numbers(figure: Any) -> None:
    fig = figure(DATA)
    fig.canvas.draw()
    (ax,) = fig.axes
    bars = [p for p in ax.patches if p.get_height() > 0]
    assert bars
    for p in bars:  # a bar stands on its value, not between it and the next
        centre = p.get_x() + p.get_width() / 2
        assert centre == pytest.approx(round(centre), abs=0.06), centre
    low, high = ax.get_xlim()
    ticks = [t for t in ax.get_xticks() if low <= t <= high]
    assert ticks and all(t == int(t) for t in ticks), ticks  # no 7.5 turns


def test_every_figure_is_said_in_words(tmp_path: Path) -> None:
    s = Settings(game=new_game("churn", size=2), games=6, players=("random",), seed=1, playouts=10)
    run_analysis(s, tmp_path)
    md = (tmp_path / "report.md").read_text()
    sections = md.split("\n## ")[1:]
    assert len(sections) >= 5
    for section in sections:
        title, *lines = section.splitlines()
        words = [ln for ln in lines if ln.strip() and not ln.startswith("![")]
        assert words, f"the figure {title!r} comes without a word on what it shows"
    page = (tmp_path / "report.html").read_text()
    assert page.count("<figcaption>") == page.count("<img ") == len(sections)
    assert "95%" in md.split("\n## ")[0]  # the table says what its brackets are


def test_an_interrupted_report_leaves_the_one_that_was_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Settings(
        game=new_game("churn", size=2), games=4, players=("random",), seed=1, swap_map=False
    )
    run_analysis(s, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def interrupted(*args: object) -> None:  # Ctrl-C as a file is being put in place
        raise KeyboardInterrupt

    monkeypatch.setattr("os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_analysis(s, tmp_path)  # answered from results.jsonl: only the report is written
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_sweep_says_what_its_figures_and_formula_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hexarena.analysis import report
    from hexarena.cli import main

    drawn: dict[str, Any] = {}
    save = report._save

    def keep(fig: Any, out: Path, name: str) -> tuple[str, str]:
        fig.canvas.draw()
        drawn[name] = [t for t in fig.axes[0].get_xticks() if _inside(fig.axes[0], t)]
        return save(fig, out, name)

    monkeypatch.setattr(report, "_save", keep)
    argv = ["analyse", "churn", "--games", "6", "--players", "random", "--out", str(tmp_path)]
    argv += ["--workers", "1", "--quiet", "--no-swap-map", "--sweep", "size=2..4"]
    assert main(argv) == 0
    for name in ("sweep-length", "sweep-balance"):
        assert drawn[name] and all(t == int(t) for t in drawn[name]), drawn[name]  # no size 2.25
    md = (tmp_path / "report.md").read_text()
    assert "x the size" in md  # the fit's x is named
    sections = md.split("\n## ")[1:]
    assert len(sections) == 2
    for section in sections:
        title, *lines = section.splitlines()
        assert [ln for ln in lines if ln.strip() and not ln.startswith("![")], title
    page = (tmp_path / "report.html").read_text()
    assert page.count("<figcaption>") == page.count("<img ") == 2


def _inside(ax: Any, t: float) -> bool:
    low, high = ax.get_xlim()
    return bool(low <= t <= high)
