"""The report a designer reads: plots (Matplotlib) in one self-contained HTML page, the same
plots as PNG files with a Markdown page that shows them, and every figure in ``report.json``."""

from __future__ import annotations

import base64
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from ..core import Game, HexArenaError
from ..files import write_whole
from .analyse import PROGRESS_BINS


def _plt() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise HexArenaError(
            "reports need Matplotlib: pip install 'hexarena[analysis]' (or matplotlib)"
        ) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, out: Path, name: str) -> tuple[str, str]:
    """Write the figure as ``out/name.png``; return the file name and its base64 text."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight", metadata={"Software": None})
    data = buf.getvalue()
    write_whole(out / f"{name}.png", data)
    _plt().close(fig)
    return f"{name}.png", base64.b64encode(data).decode("ascii")


def _variants(entry: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(k, v) for k, v in entry.items() if k in ("with_pie", "without_pie") and v]


def _label(player: str, variant: str, several: bool) -> str:
    if not several:
        return player
    return f"{player}, {'pie rule' if variant == 'with_pie' else 'no swap'}"


def _whole_bins(values: list[Any]) -> Any:
    """Histogram bins for whole numbers: one bar on each value (edges halfway between) when
    they are whole and span at most 60 values, else 30 bins."""
    low, high = int(min(values)), int(max(values))
    whole = all(float(v).is_integer() for v in values)
    return [v - 0.5 for v in range(low, high + 2)] if whole and high - low <= 60 else 30


def _whole_ticks(ax: Any, values: list[Any]) -> None:
    """Ticks only on whole numbers (no 7.5 turns): each value when they span at most 15."""
    from matplotlib.ticker import MaxNLocator

    if values and max(values) - min(values) <= 15 and all(float(v).is_integer() for v in values):
        ax.set_xticks(range(int(min(values)), int(max(values)) + 1))
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def fig_lengths(data: dict[str, Any]) -> Any:
    """Histogram of game lengths in turns, one series per player and variant."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.6))
    every = [n for e in data["players"].values() for _, v in _variants(e) for n in v["lengths"]]
    bins = _whole_bins(every) if every else 30  # the same bins for every series
    for player, entry in data["players"].items():
        vs = _variants(entry)
        for variant, v in vs:
            if v["lengths"]:
                ax.hist(
                    v["lengths"], bins=bins, alpha=0.55, label=_label(player, variant, len(vs) > 1)
                )
    _whole_ticks(ax, every)
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend()
    return fig


def fig_balance(data: dict[str, Any]) -> Any:
    """The first seat's and the first colour's win rates with their 95% intervals."""
    plt = _plt()
    labels: list[str] = []
    seat: list[dict[str, Any]] = []
    colour: list[dict[str, Any]] = []
    for player, entry in data["players"].items():
        vs = _variants(entry)
        for variant, v in vs:
            labels.append(_label(player, variant, len(vs) > 1))
            seat.append(v["balance"]["first_seat"])
            colour.append(v["balance"]["first_colour"])
    fig, ax = plt.subplots(figsize=(7, 0.6 + 0.6 * len(labels) + 1))
    for k, (rows, name, off) in enumerate(
        ((seat, "first player", -0.18), (colour, f"first colour ({data['colours'][0]})", 0.18))
    ):
        ys = [i + off for i in range(len(rows))]
        xs = [r["rate"] if r["rate"] is not None else math.nan for r in rows]
        lo = [x - r["low"] if r["rate"] is not None else 0 for x, r in zip(xs, rows, strict=True)]
        hi = [r["high"] - x if r["rate"] is not None else 0 for x, r in zip(xs, rows, strict=True)]
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o" if k == 0 else "s", capsize=4, label=name)
    ax.axvline(0.5, color="grey", lw=1, ls="--")
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title("Who wins")
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)  # beside, over nothing
    return fig


def fig_reasons(data: dict[str, Any]) -> Any:
    """Why the games ended, by player and variant."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    rows: list[tuple[str, dict[str, int]]] = []
    for player, entry in data["players"].items():
        vs = _variants(entry)
        for variant, v in vs:
            rows.append((_label(player, variant, len(vs) > 1), v["balance"]["reasons"]))
    reasons = sorted({r for _, rs in rows for r in rs})
    width = 0.8 / max(1, len(reasons))
    for j, reason in enumerate(reasons):
        ax.bar(
            [i + j * width for i in range(len(rows))],
            [rs.get(reason, 0) for _, rs in rows],
            width=width,
            label=reason,
        )
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(rows))], [r[0] for r in rows])
    ax.set_ylabel("games")
    ax.set_title("How the games ended")
    ax.legend(fontsize=8)
    return fig


def fig_margins(data: dict[str, Any]) -> Any | None:
    """The winner's lead in the game's own count (points or stones), where there is one."""
    plt = _plt()
    series = [
        (player, entry["with_pie"]["balance"]["margins"])
        for player, entry in data["players"].items()
        if entry["with_pie"]["balance"]["margins"]
    ]
    if not series:
        return None
    fig, ax = plt.subplots(figsize=(7, 3.2))
    every = [x for _, m in series for x in m]
    bins = _whole_bins(every)
    for player, m in series:
        ax.hist(m, bins=bins, alpha=0.6, label=player)
    _whole_ticks(ax, every)
    ax.set_xlabel("winner's lead at the end (in the game's score: stones or points)")
    ax.set_ylabel("games")
    ax.set_title("Final margins")
    ax.legend()
    return fig


def fig_measures(data: dict[str, Any], player: str) -> Any | None:
    """Each of the game's own quantities over the course of a game (mean by share of length)."""
    plt = _plt()
    m = data["players"][player]["with_pie"]["measures"]
    if not m:
        return None
    groups: dict[str, list[str]] = {}
    for name in m:
        groups.setdefault(name.split(" ")[0], []).append(name)
    fig, axes = plt.subplots(
        1, len(groups), figsize=(3.6 * len(groups), 3.4), squeeze=False, layout="constrained"
    )
    xs = [(i + 0.5) / PROGRESS_BINS for i in range(PROGRESS_BINS)]
    for ax, (group, names) in zip(axes[0], groups.items(), strict=True):
        for name in names:
            ys = [math.nan if y is None else y for y in m[name]["curve"]]
            ax.plot(xs, ys, marker=".", label=name)
        ax.set_xlabel("share of the game")
        ax.set_ylabel(f"{group}, mean of the games")
        ax.set_title(group)
        ax.legend(fontsize=7)
    fig.suptitle(f"Through the game ({player})")
    return fig


def fig_decisiveness(data: dict[str, Any]) -> Any | None:
    """The eventual winner's evaluation by the search over the course of the game."""
    plt = _plt()
    rows = [
        (p, e["with_pie"]["decisiveness"])
        for p, e in data["players"].items()
        if e["with_pie"]["decisiveness"]
    ]
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(7, 3.2))
    xs = [(i + 0.5) / PROGRESS_BINS for i in range(PROGRESS_BINS)]
    for p, d in rows:
        ys = [math.nan if y is None else y for y in d["curve"]]
        ax.plot(xs, ys, marker="o", label=f"{p} (settled at {d['settled_median']:.0%}, median)")
    ax.axhline(0.5, color="grey", lw=1, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("share of the game")
    ax.set_ylabel("winner's expected result")
    ax.set_title("Decisiveness: how early the winner's advantage shows")
    ax.legend(fontsize=8)
    return fig


def fig_swap_map(game: Game, data: dict[str, Any], player: str) -> Any | None:
    """The swap map on the board: each first move coloured by the first player's expected
    result, openings to swap marked with a dot and fair ones with a ring."""
    plt = _plt()
    sm = data["players"][player]["swap_map"]
    if not sm:
        return None
    from matplotlib.patches import RegularPolygon

    b = game.board
    fig, ax = plt.subplots(figsize=(6.4, 5.6))
    cmap = plt.get_cmap("RdBu_r")
    norm = plt.Normalize(0, 1)
    xs, ys = [], []
    small = b.size > 60
    for i, (q, r) in enumerate(b.cells):
        x, y = math.sqrt(3) * (q + r / 2), -1.5 * r
        xs.append(x)
        ys.append(y)
        name = b.names[i]
        v = sm["values"].get(name)
        face = "#dddddd" if v is None else cmap(norm(v))
        ax.add_patch(
            RegularPolygon((x, y), 6, radius=1.0, orientation=0, facecolor=face, edgecolor="white")
        )
        text = name if v is None else f"{name}\n{v:.2f}"
        ax.text(x, y, text, ha="center", va="center", fontsize=5 if small else 7)
        if name in sm["swap"]:
            ax.plot(x + 0.55, y + 0.45, marker="o", ms=3, color="black")
    ax.set_xlim(min(xs) - 1.2, max(xs) + 1.2)
    ax.set_ylim(min(ys) - 1.2, max(ys) + 1.2)
    ax.set_aspect("equal")
    ax.axis("off")
    sc = plt.cm.ScalarMappable(cmap=cmap, norm=norm)
    fig.colorbar(sc, ax=ax, fraction=0.04, label="first player's expected result")
    ax.set_title(f"Swap map ({player}): a dot marks an opening to swap")
    return fig


def caption(name: str, data: dict[str, Any]) -> str:
    """What the figure ``name`` shows, in words, for under it."""
    first = data["colours"][0]
    if name.startswith("swap-map-"):
        return (
            "Each first move coloured by the first player's expected result after it (red: "
            "good for the first player, blue: for the second; 0.5 is even); a dot marks an "
            "opening the second player should swap."
        )
    if name.startswith("measures-"):
        return (
            "The game's own counts along the game, from its start (0) to its end (1): at each "
            "share of a game's length, the mean over the games (with the pie rule)."
        )
    return {
        "lengths": "How many turns the games lasted: one bar per length, as high as the games "
        "of that length, for each player and variant (with the pie rule, and with the swap "
        "refused).",
        "balance": "How often the first player (whoever moved first) and the first colour "
        f"({first}, whoever played it) won, each with its 95% Wilson interval: a fair game sits "
        "on the dashed line at 0.5.",
        "reasons": "Why the games ended: games per way of ending, for each player and variant.",
        "margins": "By how much the winner led at the end, in the game's own score (stones or "
        "points): games per lead, with the pie rule.",
        "decisiveness": "The eventual winner's expected result in the search's eyes, from the "
        "game's start (0) to its end (1): the earlier it leaves 0.5, the earlier the game is "
        "decided.",
    }[name]


def _figures(game: Game, data: dict[str, Any]) -> list[tuple[str, str, Any]]:
    figs: list[tuple[str, str, Any]] = [
        ("lengths", "Game length", fig_lengths(data)),
        ("balance", "Who wins", fig_balance(data)),
        ("reasons", "How the games ended", fig_reasons(data)),
        ("margins", "Final margins", fig_margins(data)),
        ("decisiveness", "Decisiveness", fig_decisiveness(data)),
    ]
    for player in data["players"]:
        figs.append(
            (f"swap-map-{player}", f"Swap map ({player})", fig_swap_map(game, data, player))
        )
        figs.append(
            (f"measures-{player}", f"Through the game ({player})", fig_measures(data, player))
        )
    return [f for f in figs if f[2] is not None]


def _table(data: dict[str, Any]) -> list[list[str]]:
    rows = [
        [
            "player",
            "variant",
            "games",
            "mean turns",
            "median",
            "5%–95%",
            "unfinished",
            "first player wins (95% interval)",
            "first colour wins (95% interval)",
            "swaps",
        ]
    ]
    pie = data.get("pie_rule", True)
    for player, entry in data["players"].items():
        for variant, v in _variants(entry):
            ln, bal = v["length"], v["balance"]
            fs, fc = bal["first_seat"], bal["first_colour"]

            def pct(r: dict[str, Any]) -> str:
                if r["rate"] is None:
                    return "–"
                return f"{r['rate']:.1%} ({r['low']:.1%}–{r['high']:.1%})"

            rows.append(
                [
                    player,
                    ("pie rule" if pie else "as written") if variant == "with_pie" else "no swap",
                    str(ln.get("games", 0)),
                    str(ln.get("mean", "–")),
                    str(ln.get("median", "–")),
                    f"{ln.get('p5', '–')}–{ln.get('p95', '–')}",
                    str(v["unfinished"]),
                    pct(fs),
                    pct(fc),
                    str(bal["swapped"]) if pie else "–",
                ]
            )
    return rows


def _swap_lines(data: dict[str, Any]) -> list[str]:
    lines = []
    for player, entry in data["players"].items():
        sm = entry["swap_map"]
        if not sm:
            continue
        if not sm.get("pie_rule", True):
            lines.append(
                f"{player}: the best opening gives the first player "
                f"{sm['first_player_without_pie']:.0%} (the game has no pie rule); "
                f"{len(sm['swap'])} of {len(sm['values'])} openings favour the first player."
            )
            continue
        verdict = (
            f"the pie rule can make the game fair: {len(sm['fair'])} openings are within 5 points "
            f"of even ({', '.join(sm['fair'][:12])}{'…' if len(sm['fair']) > 12 else ''})"
            if sm["pie_makes_fair"]
            else "no opening is within 5 points of even: the pie rule does not make the game fair"
        )
        lines.append(
            f"{player}: the best opening gives the first player "
            f"{sm['first_player_without_pie']:.0%} "
            f"without the pie rule and {sm['first_player_with_pie']:.0%} with it; a strong second "
            f"player swaps {len(sm['swap'])} of {len(sm['values'])} openings; {verdict}."
        )
    return lines


def write_report(game: Game, data: dict[str, Any], out: Path) -> None:
    """Write ``report.json``, the PNG plots, ``report.md`` and the self-contained
    ``report.html`` into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    write_whole(out / "report.json", json.dumps(data, indent=1, sort_keys=True) + "\n")
    figs = [(name, title, *_save(fig, out, name)) for name, title, fig in _figures(game, data)]
    s = data["settings"]
    opts = ", ".join(f"{k}={v}" for k, v in s["options"].items()) or "default options"
    limit = (
        f"{s['iterations']} iterations a decision"
        if s["iterations"] is not None
        else f"{s['seconds']} s a decision"
        if s["seconds"] is not None
        else "each player's own limit"
    )
    head = (
        f"{data['title']} ({opts}): "
        + ", ".join(f"{n} games of {p}" for p, n in s["games"].items())
        + f" in each variant; {limit}; seed {s['seed']}"
    )
    table = _table(data)
    swap = _swap_lines(data)
    md = [f"# {data['title']}: analysis", "", head, ""]
    md += ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(table[0])]
    md += ["| " + " | ".join(r) + " |" for r in table[1:]]
    md += [""] + [f"- {line}" for line in swap] + [""]
    for name, title, fname, _ in figs:
        md += [f"## {title}", "", caption(name, data), "", f"![{title}]({fname})", ""]
    write_whole(out / "report.md", "\n".join(md))
    e = html.escape
    rows_html = "".join(
        "<tr>"
        + "".join(f"<{'th' if i == 0 else 'td'}>{e(c)}</{'th' if i == 0 else 'td'}>" for c in r)
        + "</tr>"
        for i, r in enumerate(table)
    )
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{e(data['title'])}: analysis</title><style>",
        "body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;",
        "padding:0 1rem;color:#222}table{border-collapse:collapse;font-size:.9rem}",
        "td,th{border:1px solid #ccc;padding:.25rem .5rem}",
        "img{max-width:100%;height:auto}</style></head><body>",
        f"<h1>{e(data['title'])}: analysis</h1><p>{e(head)}</p><table>{rows_html}</table>",
        "<ul>" + "".join(f"<li>{e(line)}</li>" for line in swap) + "</ul>",
    ]
    for name, title, _, b64 in figs:
        parts.append(
            f"<h2 id='{e(name)}'>{e(title)}</h2><figure>"
            f"<img alt='{e(title)}' src='data:image/png;base64,{b64}'>"
            f"<figcaption>{e(caption(name, data))}</figcaption></figure>"
        )
    parts.append("<p>Every figure is in report.json beside this page.</p></body></html>")
    write_whole(out / "report.html", "".join(parts))
