"""Matches and tournaments: colours, statistics, records, repeatability and the command line."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest

import hexarena
from hexarena.ai import Limit
from hexarena.cli import main
from hexarena.match import (
    GameResult,
    MatchError,
    bradley_terry,
    elo,
    run_match,
    run_tournament,
    wilson,
)
from hexarena.records import load_record

CHURN = hexarena.new_game("churn", size=3)


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(95, 100)
    assert lo == pytest.approx(0.8882, abs=1e-3)
    assert hi == pytest.approx(0.9785, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == pytest.approx(1.0) and 0.69 < lo < 0.73


def test_elo_of_a_score() -> None:
    assert elo(0.5) == 0
    assert elo(0.75) == pytest.approx(190.8, abs=0.1)
    assert elo(0.25) == pytest.approx(-190.8, abs=0.1)
    assert elo(1.0) == math.inf and elo(0.0) == -math.inf


def _result(i: int, labels: tuple[str, str], winner_seat: int) -> GameResult:
    return GameResult(i, labels, winner_seat, 10, 10, (0.0, 0.0), (5, 5), "test")


def test_bradley_terry_orders_players_and_centres_ratings() -> None:
    res = []
    for i in range(10):
        res.append(_result(i, ("a", "b"), 0 if i % 5 else 1))  # a beats b 8-2
        res.append(_result(i, ("b", "c"), 0))  # b beats c 10-0
    r = bradley_terry(["a", "b", "c"], res)
    assert r["a"] > r["b"] > r["c"]
    assert sum(r.values()) == pytest.approx(0.0, abs=1e-6)
    even = [_result(i, ("x", "y"), i % 2) for i in range(6)]
    r2 = bradley_terry(["x", "y"], even)
    assert r2["x"] == pytest.approx(r2["y"], abs=1e-6)


def test_match_alternates_colours_and_counts_wins(tmp_path: Path) -> None:
    res = run_match(
        CHURN, "easy", "random", 4, limit=Limit(iterations=30), seed=2, records=tmp_path
    )
    assert res.games == 4
    assert [r.labels[0] for r in res.results] == ["easy", "random", "easy", "random"]
    data = res.as_json()
    assert sum(data["wins"].values()) == 4
    assert set(data["wins"]) == {"easy", "random"}
    assert data["mean_turns"] == pytest.approx(sum(r.turns for r in res.results) / 4)
    assert 0 <= data["win_rate_ci95"][0] <= data["win_rate"] <= data["win_rate_ci95"][1] <= 1
    # every game is saved and replays to the same result
    files = sorted(tmp_path.glob("*.txt"))
    assert len(files) == 4
    for r, f in zip(res.results, files, strict=True):
        rec = load_record(f)
        assert rec.tags["Player1"] == r.labels[0] and rec.tags["Player2"] == r.labels[1]
        o = rec.state.outcome()
        assert o is not None and o.winner == r.winner_seat
        assert rec.state.turn == r.turns


def test_same_seed_same_match_in_one_process_or_two() -> None:
    one = run_match(CHURN, "mcts", "uct", 4, limit=Limit(iterations=25), seed=7)
    again = run_match(CHURN, "mcts", "uct", 4, limit=Limit(iterations=25), seed=7, workers=2)
    assert [(r.winner_seat, r.turns) for r in one.results] == [
        (r.winner_seat, r.turns) for r in again.results
    ]


def test_same_player_twice_gets_two_labels() -> None:
    res = run_match(CHURN, "random", "random", 2, seed=1)
    assert set(res.wins()) == {"random-1", "random-2"}


def test_max_turns_ends_a_runaway_game_by_resignation() -> None:
    res = run_match(hexarena.new_game("churn", size=4), "random", "random", 2, max_turns=5)
    assert all(r.turns == 5 and "resigned" in r.reason for r in res.results)


def test_tournament_plays_every_pair() -> None:
    t = run_tournament(CHURN, ["random", "easy", "uct"], 2, limit=Limit(iterations=30), seed=3)
    assert len(t.results) == 6
    pairs = {frozenset(r.labels) for r in t.results}
    assert pairs == {frozenset(p) for p in (("random", "easy"), ("random", "uct"), ("easy", "uct"))}
    table = t.table()
    assert {row["player"] for row in table} == {"random", "easy", "uct"}
    assert sum(row["wins"] for row in table) == 6
    assert [row["elo"] for row in table] == sorted((row["elo"] for row in table), reverse=True)
    ct = t.crosstable()
    assert sum(sum(v.values()) for v in ct.values()) == 6


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: run_match(CHURN, "mcts", "nobody", 2), "no player called 'nobody'"),
        (lambda: run_match(CHURN, "mcts", "random", 0), "at least 1 game"),
        (lambda: run_match(CHURN, "mcts", "random", 2, workers=0), "workers"),
        (lambda: run_tournament(CHURN, ["mcts"], 2), "at least two players"),
        (lambda: run_tournament(CHURN, ["mcts", "mcts"], 2), "once"),
    ],
)
def test_bad_requests_are_refused(call: object, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        call()  # type: ignore[operator]


def test_cli_match_json(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(
        [
            "match",
            "churn",
            "easy",
            "random",
            "--games",
            "2",
            "--iterations",
            "20",
            "--workers",
            "1",
            "--records",
            str(tmp_path),
            "--json",
            "--size",
            "3",
        ],
        out=out,
    )
    assert code == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 2
    assert set(data["wins"]) == {"easy", "random"}
    assert data["mean_turns"] > 0
    assert data["options"] == {"size": "3"}
    assert len(list(tmp_path.glob("*.txt"))) == 2
    out = io.StringIO()
    assert main(["replay", str(sorted(tmp_path.glob("*.txt"))[0])], out=out) == 0
    assert "all legal" in out.getvalue()


def test_cli_match_table_and_tournament(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(
        [
            "match",
            "churn",
            "random",
            "easy",
            "--games",
            "2",
            "--iterations",
            "10",
            "--workers",
            "1",
            "--no-records",
        ],
        out=out,
    )
    assert code == 0
    text = out.getvalue()
    assert "win rate" in text and "Elo" in text and "mean turns" in text
    out = io.StringIO()
    code = main(
        [
            "tournament",
            "churn",
            "random",
            "easy",
            "uct",
            "--games",
            "2",
            "--iterations",
            "10",
            "--workers",
            "1",
            "--json",
            "--records",
            str(tmp_path),
        ],
        out=out,
    )
    assert code == 0
    data = json.loads(out.getvalue())
    assert data["games"] == 6 and len(data["table"]) == 3
    assert len(list(tmp_path.glob("*.txt"))) == 6


@pytest.mark.parametrize(
    "argv",
    [
        ["match", "churn", "mcts"],
        ["match", "churn", "mcts", "random", "--time", "1", "--iterations", "5"],
        ["match", "churn", "mcts", "nobody"],
        ["match", "churn", "mcts", "random", "--iterations", "0"],
    ],
)
def test_cli_match_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "--no-records"], out=io.StringIO()) == 2
    assert "hexarena: error:" in capsys.readouterr().err


def test_games_run_on_any_concurrent_futures_executor() -> None:
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as ex:
        res = run_match(CHURN, "random", "easy", 2, seed=4, executor=ex)
    plain = run_match(CHURN, "random", "easy", 2, seed=4)
    assert [(r.winner_seat, r.turns) for r in res.results] == [
        (r.winner_seat, r.turns) for r in plain.results
    ]


def test_cli_scheduler_without_dask_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("hexarena")
    try:
        import distributed  # noqa: F401

        pytest.skip("Dask is installed here")
    except ImportError:
        pass
    argv = [
        "match",
        "churn",
        "random",
        "random",
        "--scheduler",
        "tcp://127.0.0.1:1",
        "--no-records",
    ]
    assert main(argv, out=io.StringIO()) == 2
    assert "pip install 'hexarena[dask]'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("label", "expected"),
    [
        ("engine:python3 my_engine.py", "engine-my_engine.py"),
        (
            "engine:/usr/bin/python3.11 -u bots/my_engine.py --depth 2",
            "engine--u_my_engine.py_--depth_2",
        ),
        ("engine:./my-engine --threads 1", "engine-my-engine_--threads_1"),
        ("engine:./other-engine --threads 1", "engine-other-engine_--threads_1"),
        (
            "engine:/opt/x/bin/hexarena engine gyre --player uct",
            "engine-hexarena_engine_gyre_--player_uct",
        ),
        ("engine:./a", "engine-a"),
        ("mcts", "mcts"),
    ],
)
def test_record_file_labels_keep_the_engines_program(label: str, expected: str) -> None:
    """An engine's file label is its command without folders, and without the interpreter of
    a script: the program's own name stays (``engine:./a --threads 1`` and ``engine:./b
    --threads 1`` were both ``engine---threads_1``)."""
    from hexarena.match import file_label

    assert file_label(label) == expected
