"""Shared helpers for the benchmark scripts: timing random playouts and printing tables."""

from __future__ import annotations

import argparse
import math
import platform
import time
from collections.abc import Iterable
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from hexarena.core import H_PLAYER, H_TURN, Game
from hexarena.rng import make_rng
from hexarena.selfplay import warm_up


def time_playouts(
    game: Game, seconds: float, *, seed: int = 1, max_games: int = 10**9, clock: str = "wall"
) -> dict[str, float]:
    """Run complete random playouts for about ``seconds`` of wall time (``clock="wall"``) or of
    processor time (``clock="cpu"``); return playouts/s, turns/s, actions/s (per wall second),
    and the wall and processor seconds taken (``seconds``, ``cpu``)."""
    warm_up(game)
    k = game.kernels
    empty = np.empty(0, dtype=np.int32)
    games = turns = actions = 0
    start, cpu0 = time.perf_counter(), time.process_time()
    elapsed = 0.0
    while games < max_games and (games == 0 or elapsed < seconds):
        arr = game.initial_array()
        rng = make_rng(seed * 7919 + games)
        while arr[H_PLAYER] >= 0:
            actions += int(k.playout(game.consts, arr, rng, empty, 1 << 40))
        turns += int(arr[H_TURN])
        games += 1
        elapsed = time.process_time() - cpu0 if clock == "cpu" else time.perf_counter() - start
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    return {
        "games": games,
        "seconds": wall,
        "cpu": cpu,
        "playouts_per_second": games / wall,
        "turns_per_second": turns / wall,
        "actions_per_second": actions / wall,
        "mean_turns": turns / games,
        "seconds_per_game": wall / games,
    }


#: Most rounds (or other counts) a benchmark repeats.
MAX_ROUNDS = 10_000
#: Most seconds one measurement may be given (an hour).
MAX_SECONDS = 3600.0


def positive_int(text: str) -> int:
    """An argument that must be a whole number above 0 and at most :data:`MAX_ROUNDS` (argparse
    refuses anything else, naming the value, rather than a benchmark quietly measuring something
    else, or for ever)."""
    if len(text) > 40 or not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"a whole number above 0, not {text[:40]!r}")
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number above 0, not {value}")
    if value > MAX_ROUNDS:
        raise argparse.ArgumentTypeError(f"a whole number of at most {MAX_ROUNDS:,}, not {value}")
    return value


def positive_float(text: str) -> float:
    """An argument that must be a finite number above 0 and at most :data:`MAX_SECONDS`
    (seconds of measurement)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number above 0, not {text[:40]!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"a finite number above 0, not {text[:40]}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"at most {MAX_SECONDS:,.0f} seconds, not {text[:40]}")
    return value


def parser(description: str) -> argparse.ArgumentParser:
    """An argument parser with the options every benchmark takes."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument(
        "--seconds", type=positive_float, default=3.0, help="time per measurement (default 3)"
    )
    p.add_argument("--quick", action="store_true", help="a short run (0.3 s per measurement)")
    return p


def print_table(title: str, columns: list[str], rows: Iterable[list[Any]]) -> None:
    """Print a table of figures, with the machine it ran on."""
    table = Table(title=title)
    for c in columns:
        table.add_column(c, justify="right")
    for r in rows:
        table.add_row(
            *[
                f"{v:,.0f}"
                if isinstance(v, float) and v >= 100
                else (f"{v:.3g}" if isinstance(v, float) else str(v))
                for v in r
            ]
        )
    console = Console(width=120)
    console.print(table)
    console.print(
        f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"one core, random playouts in compiled code"
    )
