"""Random playouts of two copies of the code, side by side in one run.

For a change that must keep the speed (a reorganisation of kernels): ``--baseline DIR`` is a
copy of the project before the change (for example ``git archive main | tar -x -C DIR``). Each
measurement runs in a child process with ``PYTHONPATH`` set to one copy's ``src``, the two
copies alternating, round after round (each round starting with the other copy), so that both
see the same machine; each prints playouts
per second of processor time and of wall time on the same boards and seeds.

    python benchmarks/compare_code.py --baseline /tmp/base --games gyre churn --rounds 2

With ``--vector N [N ...]`` it times the batched environments instead (``hexarena.vector``):
``step(random_actions())`` of a ``VectorEnv`` of ``N`` environments, after 50 steps of warm-up,
and prints environment steps per second of processor time and of wall time, with the ratio of
this copy to the baseline within each round (the median of the rounds at the end):

    python benchmarks/compare_code.py --baseline /tmp/base --games throngs --vector 64 1024

Each copy compiles its kernels once (in its own ``__pycache__``) before the first round.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from common import positive_float, positive_int, print_table

HERE = Path(__file__).resolve().parent

#: The boards measured for each game (keyword options of ``hexarena.new_game``).
BOARDS: dict[str, list[dict[str, object]]] = {
    "churn": [{"size": 3}, {"size": 4}],
    "gyre": [{"size": 5}, {"size": 7}],
    "scrunch": [{"size": 5}],
    "china-grove": [{"board_seed": 1}, {"board_seed": 1, "islands": 2}],
    "throngs": [{}],
}
#: The games measured when ``--games`` is not given (Throngs' playouts are slow: by name only).
DEFAULT_GAMES = ["churn", "gyre", "scrunch", "china-grove"]

CHILD = """
import json, sys
sys.path.insert(0, sys.argv[4])  # the benchmarks' own helpers
from common import time_playouts
import hexarena
name, options, seconds = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3])
r = time_playouts(hexarena.new_game(name, **options), seconds, clock="cpu")
print(json.dumps({"games": r["games"], "cpu": r["cpu"], "wall": r["seconds"],
                  "file": hexarena.__file__}))
"""

CHILD_VECTOR = """
import json, sys, time
from hexarena.vector import VectorEnv
name, options, seconds = sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3])
n = int(sys.argv[5])
env = VectorEnv(name, n, options, seed=1)
for _ in range(50):
    env.step(env.random_actions())
steps = 0
c0, w0 = time.process_time(), time.perf_counter()
while True:
    env.step(env.random_actions())
    steps += n
    cpu = time.process_time() - c0
    if cpu >= seconds:
        break
import hexarena
print(json.dumps({"games": steps, "cpu": cpu, "wall": time.perf_counter() - w0,
                  "file": hexarena.__file__}))
"""


def measure(
    src: Path, name: str, options: dict[str, object], seconds: float, n: int = 0
) -> dict[str, float]:
    """One measurement in a child process running the code in ``src``: random playouts, or
    with ``n`` > 0 the batched step of ``n`` environments."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            CHILD_VECTOR if n > 0 else CHILD,
            name,
            json.dumps(options),
            str(seconds),
            str(HERE),
            str(n),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="the copy before the change")
    ap.add_argument("--games", nargs="+", default=DEFAULT_GAMES, choices=list(BOARDS))
    ap.add_argument(
        "--seconds", type=positive_float, default=2.0, help="processor time per measurement"
    )
    ap.add_argument("--rounds", type=positive_int, default=2, help="measurements of each copy")
    ap.add_argument(
        "--vector",
        nargs="+",
        type=positive_int,
        metavar="N",
        help="time the batched step of N environments (hexarena.vector), not playouts",
    )
    args = ap.parse_args()
    here = Path(__file__).resolve().parent.parent / "src"
    copies = (("baseline", args.baseline.resolve() / "src"), ("this", here))
    sizes: list[int] = args.vector or [0]
    rows = []
    ratios = []
    for name in args.games:
        for options in BOARDS[name]:
            for n in sizes:
                for label, src in copies:  # compile both before timing
                    r = measure(src, name, options, 0.01, n)
                    if Path(str(r["file"])).resolve().parents[1] != src.resolve():
                        raise SystemExit(f"{label}: hexarena came from {r['file']}, not {src}")
                per_round = []
                for rnd in range(args.rounds):
                    rates = {}
                    for label, src in copies if rnd % 2 == 0 else copies[::-1]:
                        r = measure(src, name, options, args.seconds, n)
                        rates[label] = r["games"] / r["cpu"]
                        rows.append(
                            [
                                name,
                                json.dumps(options) + (f" N={n}" if n else ""),
                                label,
                                rnd + 1,
                                r["games"],
                                r["games"] / r["cpu"],
                                r["games"] / r["wall"],
                            ]
                        )
                    per_round.append(rates["this"] / rates["baseline"])
                ratios.append(
                    [
                        name,
                        json.dumps(options) + (f" N={n}" if n else ""),
                        statistics.median(per_round),
                        min(per_round),
                        max(per_round),
                    ]
                )
    what = "Batched steps" if args.vector else "Random playouts"
    unit = "steps" if args.vector else "playouts"
    print_table(
        f"{what}, two copies of the code alternating",
        ["game", "board", "code", "round", unit, f"{unit} per CPU s", f"{unit} per wall s"],
        rows,
    )
    print_table(
        "This copy / baseline, processor time, within each round",
        ["game", "board", "median", "lowest", "highest"],
        ratios,
    )


if __name__ == "__main__":
    main()
