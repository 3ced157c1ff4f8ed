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
        ("profile_vector.py", ["--envs", "0"], "--envs: a whole number"),
        ("fingerprint_vector.py", ["--games", "go"], "--games: invalid choice: 'go'"),
        ("bench_mcts.py", ["--games", "go"], "--games: invalid choice: 'go'"),
        ("compare_code.py", ["--baseline", ".", "--rounds", "-2"], "--rounds: a whole number"),
        ("compare_code.py", ["--baseline", ".", "--fresh"], "--fresh: only with --vector"),
    ],
)
def test_bad_arguments_are_refused_by_name(script: str, args: list[str], named: str) -> None:
    done = _run(script, *args)
    assert done.returncode == 2, done.stdout[-500:]
    assert named in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""  # nothing measured


HUGE = "9" * 20


@pytest.mark.parametrize(
    ("script", "args", "option"),
    [
        ("bench_vector.py", ["--rounds", HUGE], "--rounds"),
        ("bench_vector.py", ["--seconds", "1e300"], "--seconds"),
        ("compare_code.py", ["--baseline", ".", "--rounds", HUGE], "--rounds"),
        ("bench_web_storage.py", ["--moves", HUGE], "--moves"),
        ("bench_web_storage.py", ["--moves", "0"], "--moves"),
        ("openspiel_mcts_match.py", ["--games", HUGE], "--games"),
        ("openspiel_mcts_match.py", ["--simulations", HUGE], "--simulations"),
        ("openspiel_mcts_match.py", ["--seed", "-1"], "--seed"),
        ("soak_web.py", ["--games", HUGE], "--games"),
        ("soak_web.py", ["--clients", "0"], "--clients"),
        ("soak_web.py", ["--turns", HUGE], "--turns"),
        ("soak_web.py", ["--minutes", "inf"], "--minutes"),
        ("../scripts/scrunch_creation_cycles.py", ["--seconds", "nan"], "--seconds"),
        ("../scripts/scrunch_creation_cycles.py", ["--size", HUGE], "--size"),
        ("../scripts/scrunch_stuck_sat.py", ["--models", HUGE], "--models"),
        ("../scripts/scrunch_stuck_sat.py", ["--sizes", "3", HUGE], "--sizes"),
    ],
)
def test_numbers_past_their_bounds_are_refused_by_name(
    script: str, args: list[str], option: str
) -> None:
    """Every number a benchmark or script takes has bounds: a run of 10^20 rounds or moves was
    taken and would have measured for ever."""
    done = _run(script, *args)
    assert done.returncode == 2, done.stdout[-500:]
    assert f"argument {option}: " in done.stderr and args[-1] in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
