"""Sweeps: the same analysis across the values of one option (``--sweep size=2..6``), with plots
across the sweep (length against the option with a fitted growth curve, balance against it)."""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core import Game
from ..files import write_whole
from ..limits import cut, parse_int_text, split_items
from .analyse import Settings
from .runner import AnalysisError
from .stats import evaluate_growth, fit_growth

#: The most values one sweep may take.
MAX_VALUES = 20


def parse_sweep(game: Game, text: str) -> tuple[str, list[str]]:
    """``OPTION=A..B`` (integers, both included) or ``OPTION=V1,V2,...``: the option's name and
    its values as text (checked when each game is built)."""
    name, sep, values = text.partition("=")
    name = name.strip().replace("-", "_")
    names = [o.name for o in game.option_specs]
    if not sep or not values.strip():
        raise AnalysisError(f"--sweep wants OPTION=A..B or OPTION=V1,V2,..., not {text[:60]!r}")
    if name not in names:
        raise AnalysisError(
            f"{game.name} has no option {name[:40]!r} to sweep (its options: {', '.join(names)})"
        )
    if ".." in values:
        lo_text, _, hi_text = values.partition("..")
        try:
            lo, hi = parse_int_text(lo_text, "from"), parse_int_text(hi_text, "to")
        except ValueError:
            raise AnalysisError(
                f"--sweep range must be two whole numbers, not {values[:60]!r}"
            ) from None
        if hi < lo:
            raise AnalysisError(f"--sweep range {lo}..{hi} is empty")
        out = [str(v) for v in range(lo, hi + 1)] if hi - lo < MAX_VALUES else []
    else:
        out, empty = split_items(values)
        if empty is not None:
            raise AnalysisError(f"--sweep: item {empty} is empty")
        twice = next((v for i, v in enumerate(out) if v in out[:i]), None)
        if twice is not None:
            raise AnalysisError(f"--sweep names {cut(twice, 40)} twice")
    if not out or len(out) > MAX_VALUES:
        raise AnalysisError(f"--sweep takes 1 to {MAX_VALUES} values")
    return name, out


def sweep_games(game: Game, option: str, values: list[str]) -> list[Game]:
    """The game with ``option`` set to each value (the other options as given)."""
    base = {k: v for k, v in game.options.items() if v is not None and k != option}
    if option == "size":
        base.pop("sides", None)
    return [type(game)(**{**base, option: v}) for v in values]


def run_sweep(
    s: Settings,
    option: str,
    values: list[str],
    out: Path,
    run_one: Callable[[Settings, Path], dict[str, Any]],
) -> dict[str, Any]:
    """Run the analysis for each value into ``out/OPTION-VALUE`` and write the sweep's own
    report into ``out``; returns the sweep's data."""
    games = sweep_games(s.game, option, values)
    points: list[dict[str, Any]] = []
    for value, g in zip(values, games, strict=True):
        sub = Settings(**{**s.__dict__, "game": g})
        data = run_one(sub, out / f"{option}-{value}")
        points.append(
            {
                "value": value,
                "cells": g.board.size,
                "report": f"{option}-{value}/report.html",
                "data": data,
            }
        )
    summary = summarise_sweep(s, option, points)
    write_sweep_report(summary, out)
    return summary


def summarise_sweep(s: Settings, option: str, points: list[dict[str, Any]]) -> dict[str, Any]:
    """Length and balance against the option's value, by player, with a growth curve fitted to
    the mean length (against the value where it is a number, else against the board's cells)."""
    numeric = all(_number(p["value"]) is not None for p in points)
    players: dict[str, Any] = {}
    for player in s.players:
        rows = []
        for p in points:
            v = p["data"]["players"][player]["with_pie"]
            rows.append(
                {
                    "value": p["value"],
                    "cells": p["cells"],
                    "mean_length": v["length"].get("mean"),
                    "median_length": v["length"].get("median"),
                    "first_seat": v["balance"]["first_seat"],
                    "unfinished": v["unfinished"],
                    "report": p["report"],
                }
            )
        xs = [_number(r["value"]) or 0.0 if numeric else float(r["cells"]) for r in rows]
        good = [(x, r["mean_length"]) for x, r in zip(xs, rows, strict=True) if r["mean_length"]]
        fit = fit_growth([g[0] for g in good], [g[1] for g in good]) if good else None
        players[player] = {"points": rows, "growth": fit, "x": "value" if numeric else "cells"}
    return {
        "option": option,
        "game": s.game.name,
        "title": s.game.title,
        "settings": s.describe(),
        "players": players,
    }


def _number(text: str) -> float | None:
    try:
        x = float(text)
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def write_sweep_report(summary: dict[str, Any], out: Path) -> None:
    """``report.json``, ``report.md``, the two plots and ``report.html`` of a sweep."""
    from .report import _plt, _save, _whole_ticks

    plt = _plt()
    out.mkdir(parents=True, exist_ok=True)
    write_whole(out / "report.json", json.dumps(summary, indent=1, sort_keys=True) + "\n")
    option = summary["option"]
    fig1, ax1 = plt.subplots(figsize=(7, 3.6))
    fig2, ax2 = plt.subplots(figsize=(7, 3.6))
    every: list[float] = []
    for player, d in summary["players"].items():
        pts = d["points"]
        xs = [float(p["value"]) if d["x"] == "value" else float(p["cells"]) for p in pts]
        ys = [p["mean_length"] if p["mean_length"] is not None else math.nan for p in pts]
        every += xs
        ax1.plot(xs, ys, "o", label=player)
        fit = d["growth"]
        if fit is not None:
            grid = [min(xs) + (max(xs) - min(xs)) * i / 50 for i in range(51)]
            ax1.plot(
                grid,
                [evaluate_growth(fit, x) for x in grid],
                "-",
                lw=1,
                label=f"{player}: {fit['formula']}",
            )
        rates = [p["first_seat"] for p in pts]
        r = [q["rate"] if q["rate"] is not None else math.nan for q in rates]
        lo = [x - q["low"] if q["rate"] is not None else 0 for x, q in zip(r, rates, strict=True)]
        hi = [q["high"] - x if q["rate"] is not None else 0 for x, q in zip(r, rates, strict=True)]
        ax2.errorbar(xs, r, yerr=[lo, hi], fmt="o-", capsize=4, label=player)
    xlabel = (
        option
        if summary["players"] and next(iter(summary["players"].values()))["x"] == "value"
        else "cells"
    )
    for ax in (ax1, ax2):
        _whole_ticks(ax, every)  # sizes and cells are whole numbers
    ax1.set_xlabel(xlabel)
    ax1.set_ylabel("mean turns")
    ax1.set_yscale("log")
    ax1.set_title("Game length across the sweep")
    ax1.legend(fontsize=8)
    ax2.axhline(0.5, color="grey", lw=1, ls="--")
    ax2.set_ylim(0, 1)
    ax2.set_xlabel(xlabel)
    ax2.set_ylabel("first player's win rate")
    ax2.set_title("Balance across the sweep (95% intervals)")
    ax2.legend(fontsize=8)
    figs = [
        ("sweep-length", "Length", *_save(fig1, out, "sweep-length")),
        ("sweep-balance", "Balance", *_save(fig2, out, "sweep-balance")),
    ]
    e = html.escape
    links = (
        "".join(
            f"<li><a href='{e(p['report'])}'>{e(option)} = {e(p['value'])}</a></li>"
            for p in next(iter(summary["players"].values()))["points"]
        )
        if summary["players"]
        else ""
    )
    fits = "".join(
        f"<li>{e(pl)}: mean length ≈ {e(d['growth']['formula'])}, x the {e(xlabel)} "
        f"({e(d['growth']['kind'])} fits better)</li>"
        for pl, d in summary["players"].items()
        if d["growth"]
    )
    captions = {
        "sweep-length": f"The mean length of the games in turns at each {xlabel}, on a "
        "logarithmic scale, with the growth that fits it best.",
        "sweep-balance": f"How often the first player won at each {xlabel}, with its 95% "
        "interval: a fair game sits on the dashed line at 0.5.",
    }
    body = "".join(
        f"<h2>{e(t)}</h2><figure><img alt='{e(t)}' src='data:image/png;base64,{b}'>"
        f"<figcaption>{e(captions[n])}</figcaption></figure>"
        for n, t, _, b in figs
    )
    write_whole(
        out / "report.html",
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{e(summary['title'])}: sweep of {e(option)}</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
        "padding:0 1rem}"
        "img{max-width:100%}</style></head><body>"
        f"<h1>{e(summary['title'])}: sweep of {e(option)}</h1>"
        f"<ul>{fits}</ul>{body}<ul>{links}</ul></body></html>",
    )
    md = [f"# {summary['title']}: sweep of {option}", ""]
    md += [
        f"- {pl}: mean length ≈ {d['growth']['formula']}, x the {xlabel}"
        for pl, d in summary["players"].items()
        if d["growth"]
    ]
    for n, t, f, _ in figs:
        md += ["", f"## {t}", "", captions[n], "", f"![{t}]({f})"]
    write_whole(out / "report.md", "\n".join(md) + "\n")
