"""The benchmark scripts refuse bad arguments with a message naming them, rather than measuring
something else quietly (a round count of 0 taken as 1, an unknown game skipped, a negative time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("script", "args", "named"),
    [
        ("bench_vector.py", ["--rounds", "0"], "--rounds: a whole number above 0, not 0"),
        ("bench_vector.py", ["--rounds", "two"], "--rounds: a whole number above 0, not 'two'"),
        ("bench_vector.py", ["--seconds", "-1"], "--seconds: a finite number above 0, not -1"),
        ("bench_vector.py", ["--seconds", "nan"], "--seconds: a finite number above 0, not nan"),
        ("bench_vector.py", ["--games", "chess"], "--games: invalid choice: 'chess'"),
        ("bench_vector.py", ["--games"], "--games: expected at least one argument"),
        ("profile_vector.py", ["--games", "go"], "--games: invalid choice: 'go'"),
        ("bench_mcts.py", ["--games", "go"], "--games: invalid choice: 'go'"),
        ("compare_code.py", ["--baseline", ".", "--rounds", "-2"], "--rounds: a whole number"),
    ],
)
def test_bad_arguments_are_refused_by_name(script: str, args: list[str], named: str) -> None:
    done = _run(script, *args)
    assert done.returncode == 2, done.stdout[-500:]
    assert named in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""  # nothing measured
