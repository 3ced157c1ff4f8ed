"""Limits on thinking given from outside (the command line's --time and --iterations, the engine
protocol's go) that no search can honour are refused in one line: an infinite time used to end
a match in a traceback, and a count of nodes past 64 bits left the engine searching for ever."""

from __future__ import annotations

import io

import pytest

from hexarena.ai import Limit
from hexarena.ai.mcts import SearchError, check_limit
from hexarena.cli import main
from hexarena.engine import ProtocolError, limit_from_go
from hexarena.limits import MAX_THINK_COUNT, MAX_THINK_SECONDS


@pytest.mark.parametrize(
    "limit",
    [
        Limit(seconds=float("inf")),
        Limit(seconds=MAX_THINK_SECONDS + 1),
        Limit(iterations=MAX_THINK_COUNT + 1),
        Limit(nodes=2**63),
        Limit(iterations=float("inf")),  # type: ignore[arg-type]
    ],
)
def test_limits_past_the_bounds_are_refused(limit: Limit) -> None:
    with pytest.raises(SearchError, match="must be at most"):
        check_limit(limit)


def test_limits_at_the_bounds_are_accepted() -> None:
    check_limit(Limit(seconds=MAX_THINK_SECONDS, iterations=MAX_THINK_COUNT))


@pytest.mark.parametrize("arg", ["--time=inf", "--time=1e300", "--iterations=99999999999999999999"])
def test_match_refuses_an_endless_limit_in_one_line(
    arg: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["match", "churn", "random", "random", "--games", "1", "--workers", "1", arg]
    assert main(args, out=io.StringIO()) != 0
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "at most" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "words", [["nodes", "9223372036854775808"], ["movetime", "9" * 25], ["wtime", "9" * 25]]
)
def test_engine_go_refuses_an_endless_limit(words: list[str]) -> None:
    with pytest.raises(ProtocolError, match=r"go: limit .* must be at most"):
        limit_from_go(words, True)
