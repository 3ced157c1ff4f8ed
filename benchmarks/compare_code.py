"""Random playouts of two copies of the code, side by side in one run.

For a change that must keep the speed (a reorganisation of kernels): ``--baseline DIR`` is a
copy of the project before the change (for example ``git archive main | tar -x -C DIR``). Each
measurement runs in a child process with ``PYTHONPATH`` set to one copy's ``src``, the two
copies alternating, round after round (each round starting with the other copy), so that both
see the same machine; each prints playouts
per second of processor time and of wall time on the same boards and seeds.

    python benchmarks/compare_code.py --baseline /tmp/base --games gyre churn --rounds 2

Each copy compiles its kernels once (in its own ``__pycache__``) before the first round.
"""

from __future__ import annotations

import argparse
import json
import os
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


def measure(src: Path, name: str, options: dict[str, object], seconds: float) -> dict[str, float]:
    """One measurement in a child process running the code in ``src``."""
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
    ap.add_argument("--games", nargs="+", default=list(BOARDS), choices=list(BOARDS))
    ap.add_argument(
        "--seconds", type=positive_float, default=2.0, help="processor time per measurement"
    )
    ap.add_argument("--rounds", type=positive_int, default=2, help="measurements of each copy")
    args = ap.parse_args()
    here = Path(__file__).resolve().parent.parent / "src"
    copies = (("baseline", args.baseline.resolve() / "src"), ("this", here))
    rows = []
    for name in args.games:
        for options in BOARDS[name]:
            for _, src in copies:  # compile both before timing
                measure(src, name, options, 0.01)
            for rnd in range(args.rounds):
                for label, src in copies if rnd % 2 == 0 else copies[::-1]:
                    r = measure(src, name, options, args.seconds)
                    rows.append(
                        [
                            name,
                            json.dumps(options),
                            label,
                            rnd + 1,
                            r["games"],
                            r["games"] / r["cpu"],
                            r["games"] / r["wall"],
                        ]
                    )
    print_table(
        "Random playouts, two copies of the code alternating",
        ["game", "board", "code", "round", "games", "playouts per CPU s", "playouts per wall s"],
        rows,
    )


if __name__ == "__main__":
    main()
