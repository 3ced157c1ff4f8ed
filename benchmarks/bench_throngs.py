"""Throngs benchmark: random playouts per second on the original and large boards.

Run ``python benchmarks/bench_throngs.py`` (``--quick`` for a short run). Each playout starts
from the sheet's set-up (random placements and colour choice) and picks uniformly among the
legal actions at every decision (the compiled ``playout`` kernel: a uniform legal site, then a
uniform destination or ``stop``). With the option ``repetition`` off (the sheet as written)
some random games never end (they go round a cycle of captures and dispatches, even with
``no_stalling``; about one game in 1,500 on the original board without it, one in 6,000 with
it), so every playout needs a cap; with ``repetition`` (the default) those games end at the
cycle's third time round. Each row is measured twice: with the cap plain UCT puts on its
random simulations (100 actions per site: 9,300 on the original board, about 20 times the
longest game that ends), and with self-play's cap of 100,000 actions, where each endless game
costs as much as some 300 others. Capped games are counted and shown. ``playouts/s`` is by the
wall clock; ``per CPU s`` is by the process's processor time, which a busy machine disturbs
less.

``--baseline PATH`` measures another copy of the package side by side in the same run, in a
child process: ``PATH`` is a source tree (a directory holding ``src/hexarena``) or a git
revision of this repository (extracted with ``git archive``; its kernels then compile first).
The rows of the baseline say ``baseline`` in the column ``code``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from common import parser, print_table

import hexarena
from hexarena.ai.plugins import plugin_for
from hexarena.core import H_PLAYER, H_TURN, Game
from hexarena.rng import make_rng
from hexarena.selfplay import warm_up

#: Self-play's cap (``Throngs.selfplay_cap``).
CAP = 100_000
COLUMNS = [
    "code",
    "repetition",
    "board",
    "no_stalling",
    "cap",
    "games",
    "capped",
    "mean turns",
    "mean actions",
    "playouts/s",
    "per CPU s",
    "actions/s",
]


def time_capped_playouts(
    game: Game, seconds: float, *, cap: int = CAP, seed: int = 1
) -> dict[str, float]:
    """Complete random playouts (each capped at ``cap`` actions) for about ``seconds``."""
    warm_up(game)
    k = game.kernels
    empty = np.empty(0, dtype=np.int32)
    games = turns = actions = capped = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        arr = game.initial_array()
        actions += int(k.playout(game.consts, arr, make_rng(seed * 7919 + games), empty, cap))
        capped += int(arr[H_PLAYER] >= 0)
        turns += int(arr[H_TURN])
        games += 1
        elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return {
        "games": games,
        "capped": capped,
        "playouts_per_second": games / elapsed,
        "playouts_per_cpu_second": games / cpu,
        "actions_per_second": actions / elapsed,
        "mean_turns": turns / games,
        "mean_actions": actions / games,
    }


def measure(seconds: float, code: str) -> list[list[Any]]:
    """The table's rows for the package this process imports."""
    known = {o.name for o in hexarena.new_game("throngs").option_specs}
    repetitions: tuple[str | None, ...] = ("third", "off") if "repetition" in known else (None,)
    rows = []
    for board in ("original", "large"):
        for no_stalling in (True, False):
            for repetition in repetitions:
                options: dict[str, Any] = {"board": board, "no_stalling": no_stalling}
                if repetition is not None:
                    options["repetition"] = repetition
                game = hexarena.new_game("throngs", **options)
                for cap in (plugin_for(game).safety_cap(game), CAP):
                    r = time_capped_playouts(game, seconds, cap=cap)
                    rows.append(
                        [
                            code,
                            repetition or "(none)",
                            board,
                            "yes" if no_stalling else "no",
                            f"{cap:,}",
                            r["games"],
                            r["capped"],
                            r["mean_turns"],
                            r["mean_actions"],
                            r["playouts_per_second"],
                            r["playouts_per_cpu_second"],
                            r["actions_per_second"],
                        ]
                    )
    return rows


def baseline_rows(where: str, seconds: float) -> list[list[Any]]:
    """The rows measured on the baseline ``where`` (a source tree or a git revision)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(where)
        if not (root / "src" / "hexarena").is_dir():
            archive = Path(tmp) / "src.tar"
            repo = Path(__file__).resolve().parent.parent
            with archive.open("wb") as f:
                subprocess.run(["git", "archive", where, "src"], cwd=repo, stdout=f, check=True)
            with tarfile.open(archive) as tar:
                tar.extractall(tmp, filter="data")
            root = Path(tmp)
        env = dict(os.environ, PYTHONPATH=str(root / "src"))
        out = subprocess.run(
            [sys.executable, __file__, "--rows-json", "--seconds", str(seconds)],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    rows: list[list[Any]] = json.loads(out.strip().splitlines()[-1])
    return rows


def main() -> None:
    """Measure and print the figures."""
    p = parser(__doc__ or "")
    p.add_argument("--baseline", help="a source tree or git revision to measure side by side")
    p.add_argument("--rows-json", action="store_true", help="print the rows as JSON (internal)")
    args = p.parse_args()
    seconds = 0.3 if args.quick else args.seconds
    if args.rows_json:
        print(json.dumps(measure(seconds, "baseline")))
        return
    rows = baseline_rows(args.baseline, seconds) if args.baseline else []
    rows += measure(seconds, "this")
    # each baseline row next to the rows of this code with the same board, no_stalling, cap
    rows.sort(key=lambda r: (r[2], r[3], int(r[4].replace(",", "")), r[0] != "baseline"))
    print_table("Throngs random playouts", COLUMNS, rows)


if __name__ == "__main__":
    main()
