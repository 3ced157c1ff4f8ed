"""Random playouts of two copies of the code, side by side in one run.

For a change that must keep the speed (a reorganisation of kernels): ``--baseline DIR`` is a
copy of the project before the change (for example ``git archive main | tar -x -C DIR``). Each
measurement runs in a child process with ``PYTHONPATH`` set to one copy's ``src``, the two
copies alternating, round after round (each round starting with the other copy), so that both
see the same machine; each prints playouts
per second of processor time and of wall time on the same boards and seeds.

    python benchmarks/compare_code.py --baseline /tmp/base --games gyre churn --rounds 2

With ``--vector N [N ...]`` it times the batched environments instead (``hexarena.vector``):
``step(random_actions())`` of a ``VectorEnv`` of ``N`` environments on ``bench_vector.py``'s
boards (all five games unless ``--games``), after 50 steps of warm-up,
in one child process per copy kept for all the rounds (the batched step is compiled in every
process: half a minute for Throngs), and prints environment steps per second of processor time
and of wall time, with the ratio of this copy to the baseline within each round (the median of
the rounds at the end):

    python benchmarks/compare_code.py --baseline /tmp/base --games throngs --vector 64 1024

With ``--fresh`` each round of ``--vector`` starts a new child process for each copy (loading
its compiled step from the disk cache) rather than one kept for all the rounds. A process
keeps its own placement of the arrays and the code for its whole life, so the rounds of one
kept process agree with each other more closely than with another process of the same code:
runs of the same two copies were seen to differ by 2 to 3 % (docs/batched-speed-scrunch.md,
seventeenth round). For changes of a few per cent, fresh processes and more rounds:

    python benchmarks/compare_code.py --baseline /tmp/base --games scrunch --vector 1024 \\
        --fresh --rounds 8

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
from typing import Any

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
#: The boards of the batched step (``--vector``): those of ``bench_vector.py``; every game by
#: default.
VECTOR_BOARDS: dict[str, list[dict[str, object]]] = {
    "churn": [{"size": 5}],
    "gyre": [{"size": 7}],
    "throngs": [{}],
    "scrunch": [{"size": 5}],
    "china-grove": [{}],
}

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
import hexarena
name, options, n = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
env = VectorEnv(name, n, options, seed=1)
for _ in range(50):
    env.step(env.random_actions())
print(json.dumps({"file": hexarena.__file__}), flush=True)
for line in sys.stdin:
    seconds = float(line)
    steps = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while True:
        env.step(env.random_actions())
        steps += n
        cpu = time.process_time() - c0
        if cpu >= seconds:
            break
    print(json.dumps({"games": steps, "cpu": cpu, "wall": time.perf_counter() - w0}), flush=True)
"""


class VectorChild:
    """A child process running the code in ``src`` that holds one ``VectorEnv`` of ``n``
    environments (compiled once: the batched step is compiled in every process) and times its
    step on request."""

    def __init__(self, src: Path, name: str, options: dict[str, object], n: int) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CHILD_VECTOR, name, json.dumps(options), str(n)],
            env=dict(os.environ, PYTHONPATH=str(src)),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.file = str(self._read()["file"])

    def _read(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"a child process ended (exit code {self.proc.wait()})")
        result: dict[str, Any] = json.loads(line)
        return result

    def measure(self, seconds: float) -> dict[str, float]:
        """Steps, processor and wall seconds of about ``seconds`` of processor time."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{seconds}\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        """End the child (it stops at the end of its input)."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def measure(src: Path, name: str, options: dict[str, object], seconds: float) -> dict[str, float]:
    """One measurement (random playouts) in a child process running the code in ``src``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", CHILD, name, json.dumps(options), str(seconds), str(HERE)],
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
    ap.add_argument(
        "--games",
        nargs="+",
        choices=list(BOARDS),
        help="games (default: all but Throngs for playouts, all for --vector)",
    )
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
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="with --vector: a new child process for each copy in every round",
    )
    args = ap.parse_args()
    if args.fresh and not args.vector:
        ap.error("--fresh: only with --vector (playouts start a process for every measurement)")
    here = Path(__file__).resolve().parent.parent / "src"
    copies = (("baseline", args.baseline.resolve() / "src"), ("this", here))
    sizes: list[int] = args.vector or [0]
    boards = VECTOR_BOARDS if args.vector else BOARDS
    games = args.games or (list(VECTOR_BOARDS) if args.vector else DEFAULT_GAMES)
    rows = []
    ratios = []
    for name in games:
        for options in boards[name]:
            for n in sizes:
                children = {}
                for label, src in copies:  # compile both before timing
                    if n:
                        children[label] = VectorChild(src, name, options, n)
                        file = children[label].file
                    else:
                        file = str(measure(src, name, options, 0.01)["file"])
                    if Path(file).resolve().parents[1] != src.resolve():
                        raise SystemExit(f"{label}: hexarena came from {file}, not {src}")
                per_round = []
                for rnd in range(args.rounds):
                    rates = {}
                    for label, src in copies if rnd % 2 == 0 else copies[::-1]:
                        if args.fresh:  # (the compiled step is on the disk by now)
                            children[label].close()
                            children[label] = VectorChild(src, name, options, n)
                        r = (
                            children[label].measure(args.seconds)
                            if n
                            else measure(src, name, options, args.seconds)
                        )
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
                for child in children.values():
                    child.close()
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
    if args.fresh:
        what += ", a fresh process each round"
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
