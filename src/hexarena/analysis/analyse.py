"""An analysis from start to finish: which jobs to run, and the figures their results give.

:func:`plan` turns the settings into jobs (for every player given: the games, with the pie rule
and, where the game has it, without; and one job per first move for the swap map, symmetric
first moves done once); :func:`summarise` turns the results into the report's data (every figure
of ``report.json``); :func:`run_analysis` does both around :func:`runner.run_jobs` and writes the
report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core import Game
from .runner import Job, has_swap, run_jobs
from .stats import length_summary, rate

#: Points along a game (fractions of its length) at which series are averaged.
PROGRESS_BINS = 20


@dataclass
class Settings:
    """What an analysis runs: the game, the players, how many games and how hard they think."""

    game: Game
    games: int = 100
    players: tuple[str, ...] = ("random", "mcts")
    seed: int = 1
    seconds: float | None = None
    iterations: int | None = None
    max_turns: int | None = None
    playouts: int = 200
    swap_map: bool = True
    workers: int = 1
    #: Games for particular players (``--players random:400,mcts:40``); others play ``games``.
    games_by_player: dict[str, int] = field(default_factory=dict)
    #: How many times a decision's limit the search gets to value each opening of the swap map.
    opening_factor: int = 10

    def games_for(self, player: str) -> int:
        """How many games ``player`` plays (in each variant)."""
        return self.games_by_player.get(player, self.games)

    def describe(self) -> dict[str, Any]:
        """The settings as plain data (kept in the report)."""
        return {
            "game": self.game.name,
            "options": self.game.record_tags(),
            "games": {p: self.games_for(p) for p in self.players},
            "players": list(self.players),
            "seed": self.seed,
            "seconds": self.seconds,
            "iterations": self.iterations,
            "max_turns": self.max_turns,
            "playouts": self.playouts,
            "swap_map": self.swap_map,
            "opening_factor": self.opening_factor,
        }


def opening_orbits(game: Game) -> dict[int, list[int]]:
    """The legal first actions on cells, grouped by the board's symmetries where the starting
    position and the rules allow (every cell-only game whose start is symmetric): representative
    -> the first actions it stands for."""
    state = game.new_initial_state()
    firsts = [a for a in state.legal_actions() if a < game.board.size]
    perms = _usable_symmetries(game)
    orbits: dict[int, list[int]] = {}
    seen: set[int] = set()
    for a in firsts:
        if a in seen:
            continue
        members = sorted({int(p[a]) for p in perms} & set(firsts))
        seen.update(members)
        orbits[a] = members
    return orbits


def _usable_symmetries(game: Game) -> np.ndarray:
    ident = np.arange(game.board.size, dtype=np.int32)[None, :]
    if game.name == "china-grove":  # cells with data of their own (exits, classes)
        return ident
    view = game.cell_view(game.initial_array())
    perms = [
        p for p in game.board.symmetries if all(view[int(p[i])] == v for i, v in enumerate(view))
    ]
    return np.asarray(perms, dtype=np.int32) if perms else ident


def plan(s: Settings) -> list[Job]:
    """Every job of the analysis, in a fixed order."""
    tags = s.game.record_tags()
    base: dict[str, Any] = {
        "game_name": s.game.name,
        "game_tags": tags,
        "seed": s.seed,
        "limit_seconds": s.seconds,
        "limit_iterations": s.iterations,
        "max_turns": s.max_turns,
        "playouts": s.playouts,
    }
    jobs: list[Job] = []
    opening = dict(base)
    if s.seconds is not None:
        opening["limit_seconds"] = s.seconds * s.opening_factor
    if s.iterations is not None:
        opening["limit_iterations"] = s.iterations * s.opening_factor
    variants = (True, False) if has_swap(s.game) else (True,)
    for player in s.players:
        for pie in variants:
            jobs.extend(
                Job(kind="game", player=player, index=i, pie=pie, **base)
                for i in range(s.games_for(player))
            )
    if s.swap_map:
        for player in s.players:
            jobs.extend(
                Job(kind="opening", player=player, index=a, **opening)
                for a in opening_orbits(s.game)
            )
    return jobs


# ---------------------------------------------------------------- figures
def _games(
    results: dict[str, dict[str, Any]], player: str, pie: bool, n: int
) -> list[dict[str, Any]]:
    variant = "pie" if pie else "nopie"
    out = []
    for i in range(n):
        rec = results.get(f"game|{player}|{variant}|{i}")
        if rec is not None:
            out.append(rec)
    return out


def balance(game: Game, recs: list[dict[str, Any]]) -> dict[str, Any]:
    """Who wins: the first seat's and the first colour's win rates with 95% intervals, wins by
    colour, how often the second player swapped, and why the games ended."""
    done = [r for r in recs if r["winner_seat"] is not None]
    n = len(done)
    first_seat = sum(1 for r in done if r["winner_seat"] == 0)
    by_colour = Counter(r["winner_colour"] for r in done)
    first_colour = by_colour.get(game.colours[0], 0)
    reasons = Counter(r["reason"] for r in recs)
    margins = [r["margin"] for r in done if r.get("margin") is not None]
    return {
        "first_seat": rate(first_seat, n),
        "first_colour": rate(first_colour, n),
        "wins_by_colour": {c: by_colour.get(c, 0) for c in game.colours},
        "swapped": sum(1 for r in recs if r["swapped"]),
        "reasons": dict(sorted(reasons.items())),
        "margins": margins,
    }


def _progress_curve(xs: list[float], ys: list[float]) -> list[float | None]:
    """Means of ``ys`` in :data:`PROGRESS_BINS` equal bins of ``xs`` (fractions 0 to 1)."""
    sums = np.zeros(PROGRESS_BINS)
    counts = np.zeros(PROGRESS_BINS)
    for x, y in zip(xs, ys, strict=True):
        b = min(PROGRESS_BINS - 1, int(x * PROGRESS_BINS))
        sums[b] += y
        counts[b] += 1
    return [round(float(s / c), 4) if c else None for s, c in zip(sums, counts, strict=True)]


def measures(recs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each game-specific quantity averaged over the course of the games (by fraction of each
    game's length), plus its mean per turn."""
    names: list[str] = []
    for r in recs:
        for k in r["series"]:
            if k != "turn" and k not in names:
                names.append(k)
    out: dict[str, Any] = {}
    for name in names:
        xs: list[float] = []
        ys: list[float] = []
        for r in recs:
            s = r["series"]
            if name not in s or not s["turn"]:
                continue
            length = max(1, r["turns"])
            xs.extend(t / length for t in s["turn"])
            ys.extend(s[name])
        out[name] = {
            "curve": _progress_curve(xs, ys),
            "mean": round(float(np.mean(ys)), 4) if ys else None,
        }
    return out


def decisiveness(recs: list[dict[str, Any]]) -> dict[str, Any] | None:
    """How early the eventual winner's advantage shows: the winner's evaluation by the search
    along the game, and the share of the game after which it stays above one half."""
    xs: list[float] = []
    ys: list[float] = []
    settled: list[float] = []
    for r in recs:
        if not r["values"] or r["winner_seat"] is None:
            continue
        length = max(1, r["turns"])
        w = r["winner_seat"]
        pts = [(t / length, v if seat == w else 1.0 - v) for t, seat, v in r["values"]]
        xs.extend(p[0] for p in pts)
        ys.extend(p[1] for p in pts)
        last_below = max((x for x, v in pts if v <= 0.5), default=None)
        settled.append(0.0 if last_below is None else min(1.0, last_below + 1.0 / length))
    if not xs:
        return None
    return {
        "curve": _progress_curve(xs, ys),
        "settled_median": round(float(np.median(settled)), 4),
        "settled": [round(x, 4) for x in settled],
    }


def swap_map(game: Game, results: dict[str, dict[str, Any]], player: str) -> dict[str, Any] | None:
    """The first player's expected result after each first move (the second answering best
    without swapping), which openings a strong second player should swap, and whether the pie
    rule makes the game fair."""
    orbits = opening_orbits(game)
    values: dict[str, float] = {}
    proven: list[str] = []
    for rep, members in orbits.items():
        rec = results.get(f"opening|{player}|pie|{rep}")
        if rec is None:
            continue
        for a in members:
            values[game.board.names[a]] = round(float(rec["value"]), 4)
            if rec.get("proven"):
                proven.append(game.board.names[a])
    if not values:
        return None
    swap = sorted(c for c, v in values.items() if v > 0.5)
    best_open = max(values.values())
    best_pie = max(min(v, 1.0 - v) for v in values.values())
    fair = sorted(c for c, v in values.items() if abs(v - 0.5) <= 0.05)
    return {
        "pie_rule": has_swap(game),
        "values": values,
        "swap": swap,
        "fair": fair,
        "proven": sorted(proven),
        "first_player_without_pie": round(best_open, 4),
        "first_player_with_pie": round(best_pie, 4),
        "pie_makes_fair": bool(fair),
    }


def summarise(s: Settings, results: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every figure of the report, as plain data (``report.json``): by player and variant."""
    game = s.game
    players: dict[str, Any] = {}
    for player in s.players:
        entry: dict[str, Any] = {}
        for pie in (True, False) if has_swap(game) else (True,):
            recs = _games(results, player, pie, s.games_for(player))
            lengths = [r["turns"] for r in recs if r["finished"]]
            entry["with_pie" if pie else "without_pie"] = {
                "length": length_summary(lengths),
                "lengths": lengths,
                "unfinished": sum(1 for r in recs if not r["finished"]),
                "balance": balance(game, recs),
                "measures": measures(recs) if pie else None,
                "decisiveness": decisiveness(recs) if pie else None,
            }
        entry["swap_map"] = swap_map(game, results, player) if s.swap_map else None
        players[player] = entry
    return {
        "settings": s.describe(),
        "title": game.title,
        "colours": list(game.colours),
        "pie_rule": has_swap(game),
        "players": players,
    }


def run_analysis(
    s: Settings,
    out: Path,
    *,
    executor: Executor | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
    jobs: list[Job] | None = None,
) -> dict[str, Any]:
    """Run (or resume) the analysis into ``out``: ``results.jsonl``, ``report.json`` and
    ``report.html`` with its plots. Returns the report's data."""
    from .report import write_report

    jobs = plan(s) if jobs is None else jobs
    results = run_jobs(
        jobs, out / "results.jsonl", workers=s.workers, executor=executor, on_result=on_result
    )
    data = summarise(s, results)
    write_report(s.game, data, out)
    return data
