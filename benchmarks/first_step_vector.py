"""Time to the first batched step in a new process: what a researcher's first ``VectorEnv`` waits.

For each game, a fresh Python process imports :mod:`hexarena.vector`, makes
``VectorEnv(game, N)`` (the game's default board) and takes one ``step(random_actions())``;
it prints the processor and wall seconds of the import, of the environment and its first step
(where the batched step is compiled, or loaded from Numba's on-disk cache), and of the whole
process, with how many of the step's machine codes were loaded from the cache. Run it after
``hexarena warmup`` (which writes the caches that a new process loads); ``--rounds`` repeats
every game, alternating, and the lowest figure of each column is printed::

    nice python benchmarks/first_step_vector.py --rounds 2
    PYTHONPATH=/tmp/base/src nice python benchmarks/first_step_vector.py   # another tree
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from typing import Any

from common import positive_int, print_table

GAMES = ["churn", "gyre", "throngs", "scrunch", "china-grove"]

CHILD = """
import json, sys, time
c0, w0 = time.process_time(), time.perf_counter()
from hexarena.vector import VectorEnv
c1, w1 = time.process_time(), time.perf_counter()
env = VectorEnv(sys.argv[1], int(sys.argv[2]))
env.step(env.random_actions())
c2, w2 = time.process_time(), time.perf_counter()
from hexarena.vector.calls import tabled_step_dispatcher
stats = tabled_step_dispatcher(env._delta_step).stats  # the step as Python calls it
print(json.dumps({
    "import_cpu": c1 - c0, "import_wall": w1 - w0,
    "step_cpu": c2 - c1, "step_wall": w2 - w1,
    "process_cpu": c2,
    "hits": sum(stats.cache_hits.values()), "misses": sum(stats.cache_misses.values()),
}))
"""


def first_step(game: str, n: int) -> dict[str, Any]:
    """One fresh process's figures for ``game`` (see the module's description)."""
    w0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", CHILD, game, str(n)],
        capture_output=True,
        text=True,
        check=True,
        timeout=1800,
    ).stdout
    got: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    got["process_wall"] = time.perf_counter() - w0
    return got


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", nargs="+", default=GAMES, choices=GAMES)
    p.add_argument("--envs", type=positive_int, default=1024, help="environments (1,024)")
    p.add_argument("--rounds", type=positive_int, default=1, help="processes per game")
    args = p.parse_args()
    runs: dict[str, list[dict[str, Any]]] = {g: [] for g in args.games}
    for _ in range(args.rounds):
        for game in args.games:
            runs[game].append(first_step(game, args.envs))
    rows = []
    for game, got in runs.items():

        def low(key: str, got: list[dict[str, Any]] = got) -> str:
            return f"{min(r[key] for r in got):.2f}"

        loaded = f"{min(r['hits'] for r in got)}/{max(r['hits'] + r['misses'] for r in got)}"
        rows.append(
            [
                game,
                low("import_cpu"),
                low("import_wall"),
                low("step_cpu"),
                low("step_wall"),
                low("process_cpu"),
                low("process_wall"),
                loaded,
            ]
        )
    print_table(
        f"First batched step in a new process, N = {args.envs:,} (seconds, lowest of "
        f"{args.rounds})",
        [
            "game",
            "import cpu",
            "import wall",
            "env + 1st step cpu",
            "env + 1st step wall",
            "process cpu",
            "process wall",
            "step loaded",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
