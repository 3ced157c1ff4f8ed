"""The designer's reports: figures that agree with selfplay and match, resuming, the swap map,
sweeps and the command line."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from hexarena import new_game
from hexarena.ai import Limit
from hexarena.analysis import Settings, plan, run_analysis
from hexarena.analysis.analyse import opening_orbits
from hexarena.analysis.measures import turn_series
from hexarena.analysis.runner import read_results
from hexarena.analysis.stats import fit_growth, rate
from hexarena.analysis.sweep import parse_sweep
from hexarena.cli import main
from hexarena.core import HexArenaError
from hexarena.match import run_match
from hexarena.selfplay import random_game, selfplay


def test_rate_gives_the_wilson_interval() -> None:
    r = rate(5, 10)
    assert r["rate"] == 0.5
    assert r["low"] == pytest.approx(0.2366, abs=1e-4)
    assert r["high"] == pytest.approx(0.7634, abs=1e-4)
    assert rate(0, 0)["rate"] is None


def test_growth_fit_recovers_a_power_law_and_an_exponential() -> None:
    xs = [2, 3, 4, 5, 6]
    power = fit_growth(xs, [2 * x**3 for x in xs])
    assert power is not None and power["kind"] == "power"
    assert power["b"] == pytest.approx(3, abs=1e-9)
    assert power["a"] == pytest.approx(2, rel=1e-9)
    expo = fit_growth(xs, [0.5 * math.exp(1.7 * x) for x in xs])
    assert expo is not None and expo["kind"] == "exponential"
    assert expo["b"] == pytest.approx(1.7, abs=1e-9)
    assert fit_growth([3], [10]) is None


def test_series_follow_the_stones_to_the_end_of_a_gyre_game() -> None:
    game = new_game("gyre", size=3)
    arr, actions = random_game(game, 7, keep_actions=True)
    assert actions is not None
    s = turn_series(game, actions.tolist())
    red, blue = game.stones(arr)  # type: ignore[attr-defined]
    assert s["stones Red"][-1] == red and s["stones Blue"][-1] == blue
    assert s["turn"][-1] == int(arr[3])
    # Gyre never takes a stone off: each turn adds at most one
    total = [r + b for r, b in zip(s["stones Red"], s["stones Blue"], strict=True)]
    assert all(0 <= b - a <= 1 for a, b in itertools.pairwise(total))


def test_churn_removals_are_counted_per_turn() -> None:
    game = new_game("churn", size=3)
    arr, actions = random_game(game, 3, keep_actions=True)
    assert actions is not None
    s = turn_series(game, actions.tolist())
    placed = sum(1 for a in actions.tolist() if a < game.board.size)
    final = sum(game.stones(arr))  # type: ignore[attr-defined]
    # every placement stays on the board or is removed later (removed stones counted once)
    assert sum(s["removed"]) == placed - final
    assert sum(s["removed"]) > 0


def test_every_way_a_game_ends_has_a_name() -> None:
    from hexarena.analysis.measures import REASONS, end_reason
    from hexarena.core import H_PLAYER, H_REASON
    from hexarena.games.throngs.layout import REASON_NO_MOVE, REASON_REPETITION

    game = new_game("throngs")
    arr = game.initial_array()
    arr[H_PLAYER] = -1
    arr[H_REASON] = REASON_REPETITION
    assert end_reason(game, arr, False) == "repetition, then fill"
    assert sorted(REASONS["throngs"]) == sorted([REASON_NO_MOVE, REASON_REPETITION])
    assert all(not label.startswith("reason ") for r in REASONS.values() for label in r.values())


def test_random_figures_agree_with_selfplay(tmp_path: Path) -> None:
    game = new_game("churn", size=3)
    s = Settings(game=game, games=12, players=("random",), seed=5, swap_map=False)
    data = run_analysis(s, tmp_path)
    summary = selfplay(game, 12, 5)
    v = data["players"]["random"]["with_pie"]
    assert v["lengths"] == summary.turns
    assert v["balance"]["wins_by_colour"] == summary.wins
    assert v["balance"]["first_seat"]["wins"] == summary.wins_by_seat["first"]
    nopie = data["players"]["random"]["without_pie"]
    assert nopie["balance"]["swapped"] == 0
    assert nopie["length"]["games"] == 12


def test_a_game_without_the_pie_rule_is_not_labelled_with_it(tmp_path: Path) -> None:
    from hexarena.analysis.report import _table

    game = new_game("scrunch", size=3)
    s = Settings(game=game, games=4, players=("random",), seed=1, swap_map=False)
    data = run_analysis(s, tmp_path)
    assert data["pie_rule"] is False and list(data["players"]["random"]) == ["with_pie", "swap_map"]
    rows = _table(data)
    assert rows[1][1] == "as written" and rows[1][-1] == "–"
    assert "pie rule" not in " ".join(rows[1])
    churn = run_analysis(
        Settings(
            game=new_game("churn", size=2), games=2, players=("random",), seed=1, swap_map=False
        ),
        tmp_path / "churn",
    )
    assert [r[1] for r in _table(churn)[1:]] == ["pie rule", "no swap"]


def test_search_figures_agree_with_match(tmp_path: Path) -> None:
    game = new_game("gyre", size=3)
    s = Settings(game=game, games=2, players=("mcts",), seed=3, iterations=30, swap_map=False)
    data = run_analysis(s, tmp_path)
    m = run_match(game, "mcts", "mcts", 2, limit=Limit(iterations=30), seed=3)
    recs = read_results(tmp_path / "results.jsonl")
    for r in m.results:
        mine = recs[f"game|mcts|pie|{r.index}"]
        assert mine["turns"] == r.turns
        assert mine["winner_seat"] == r.winner_seat
    d = data["players"]["mcts"]["with_pie"]["decisiveness"]
    assert d is not None and len(d["curve"]) == 20


def test_an_interrupted_run_resumes_to_the_same_report(tmp_path: Path) -> None:
    game = new_game("churn", size=2)
    s = Settings(game=game, games=6, players=("random",), seed=2, playouts=20)
    whole = run_analysis(s, tmp_path / "whole")
    part = tmp_path / "part"
    jobs = plan(s)
    run_analysis(s, part, jobs=jobs[:4])  # stopped after four jobs ...
    lines = (part / "results.jsonl").read_bytes().splitlines(keepends=True)
    (part / "results.jsonl").write_bytes(b"".join(lines[:3]) + lines[3][:25])  # ... mid-line
    assert len(read_results(part / "results.jsonl")) == 3
    again = run_analysis(s, part)
    assert again == whole
    assert json.loads((part / "report.json").read_text()) == json.loads(
        (tmp_path / "whole" / "report.json").read_text()
    )
    assert len((part / "results.jsonl").read_text().splitlines()) == len(jobs)
    # the page and its plots too, byte for byte
    for name in ("report.html", "report.md", "lengths.png", "swap-map-random.png"):
        assert (part / name).read_bytes() == (tmp_path / "whole" / name).read_bytes(), name


@pytest.mark.parametrize(
    "other",
    [
        {"game": new_game("gyre", size=3)},  # another game into the same folder
        {"game": new_game("churn", size=3)},  # other options
        {"seed": 9},
        {"playouts": 7},
    ],
)
def test_a_folder_of_other_settings_is_not_resumed_from(
    other: dict[str, object], tmp_path: Path
) -> None:
    first = Settings(game=new_game("churn", size=2), games=4, players=("random",), seed=1)
    first = dataclasses.replace(first, playouts=10)
    run_analysis(first, tmp_path / "shared")
    s = dataclasses.replace(first, **other)
    fresh = run_analysis(s, tmp_path / "fresh")
    assert run_analysis(s, tmp_path / "shared") == fresh  # not the first run's results again
    # and the first settings again are answered from their own lines, not the other run's
    assert run_analysis(first, tmp_path / "shared") == run_analysis(first, tmp_path / "again")


def test_swap_map_covers_every_first_move_by_symmetry(tmp_path: Path) -> None:
    game = new_game("churn", size=2)
    orbits = opening_orbits(game)
    assert sorted(len(m) for m in orbits.values()) == [1, 6]  # the centre and the ring
    s = Settings(game=game, games=2, players=("random",), seed=1, playouts=50)
    data = run_analysis(s, tmp_path)
    sm = data["players"]["random"]["swap_map"]
    assert sorted(sm["values"]) == sorted(game.board.names)
    ring = [v for c, v in sm["values"].items() if c != game.board.names[game.board.centre]]
    assert len(set(ring)) == 1
    assert set(sm["swap"]) == {c for c, v in sm["values"].items() if v > 0.5}
    # China Grove's cells carry exits of their own: no symmetry is assumed
    cg = new_game("china-grove")
    assert all(len(m) == 1 for m in opening_orbits(cg).values())


def test_the_swap_map_by_search_uses_the_best_reply(tmp_path: Path) -> None:
    game = new_game("gyre", size=3)
    s = Settings(game=game, games=1, players=("mcts",), iterations=40, seed=1)
    data = run_analysis(s, tmp_path)
    sm = data["players"]["mcts"]["swap_map"]
    assert len(sm["values"]) == game.board.size
    assert all(0.0 <= v <= 1.0 for v in sm["values"].values())
    assert 0.0 <= sm["first_player_with_pie"] <= 0.5


def test_command_writes_a_self_contained_report(tmp_path: Path) -> None:
    out = tmp_path / "r"
    code = main(
        [
            "analyse",
            "churn",
            "--size",
            "2",
            "--games",
            "4",
            "--players",
            "random",
            "--out",
            str(out),
            "--workers",
            "1",
            "--quiet",
            "--playouts",
            "10",
        ]
    )
    assert code == 0
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") >= 4
    assert "src='http" not in page and 'src="http' not in page
    data = json.loads((out / "report.json").read_text())
    assert data["settings"]["games"] == {"random": 4}
    assert (out / "report.md").read_text().count("![") >= 4
    assert (out / "lengths.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "nobody"], "no player called 'nobody'"),
        (["--games", "0"], "--games: must be at least 1"),
        (["--sweep", "colour=1..3"], "no option 'colour'"),
        (["--sweep", "size=5..2"], "is empty"),
        (["--sweep", "size"], "--sweep wants"),
        (["--playouts", "0"], "--playouts: must be at least 1"),
        (["--players", "random:0"], "games for random must be"),
        (["--players", "random:x"], "games for random must be"),
        (["--players", "random,random"], "names a player twice"),
        (["--players", "random,,uct"], "--players: item 2 is empty"),
        (["--players", "random,"], "--players: item 2 is empty"),
        (["--players", "random,:5"], "--players: item 2 has no player's name"),
        (["--players", "random:"], "games for random must be 1 to 1,000,000, not ''"),
        (["--players", "random:" + "9" * 5000], "games for random must be 1 to 1,000,000"),
        (["--sweep", "size=2,,3"], "--sweep: item 2 is empty"),
        (["--sweep", "size=2,3,2"], "--sweep names 2 twice"),
        (["--sweep", "size=1_0..12"], "two whole numbers"),
        (["--sweep", "size=2..\u0663"], "two whole numbers"),
        (["--sweep", "size=2.." + "9" * 5000], "two whole numbers"),
    ],
)
def test_bad_arguments_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code = main(["analyse", "churn", "--size", "2", "--out", str(tmp_path / "x"), "--quiet", *args])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_players_may_play_different_numbers_of_games() -> None:
    from argparse import Namespace

    from hexarena.analysis.command import settings_from_args

    ns = Namespace(
        games=7,
        players="random:30,uct",
        playouts=10,
        max_turns=None,
        workers=1,
        time=None,
        iterations=20,
        no_swap_map=True,
        seed=1,
        opening_factor=5,
    )
    s = settings_from_args(new_game("gyre", size=3), ns)
    assert (s.games_for("random"), s.games_for("uct")) == (30, 7)
    jobs = plan(s)
    assert sum(1 for j in jobs if j.player == "random") == 60  # with and without the pie rule
    assert sum(1 for j in jobs if j.player == "uct") == 14


def test_sweep_fits_length_across_sizes(tmp_path: Path) -> None:
    code = main(
        [
            "analyse",
            "churn",
            "--games",
            "6",
            "--players",
            "random",
            "--out",
            str(tmp_path),
            "--workers",
            "1",
            "--quiet",
            "--no-swap-map",
            "--sweep",
            "size=2..3",
        ]
    )
    assert code == 0
    data = json.loads((tmp_path / "report.json").read_text())
    pts = data["players"]["random"]["points"]
    assert [p["value"] for p in pts] == ["2", "3"]
    assert data["players"]["random"]["growth"] is not None
    assert (tmp_path / "size-2" / "report.html").exists()
    assert (tmp_path / "sweep-length.png").exists()


def test_parse_sweep_reads_ranges_and_lists() -> None:
    g = new_game("gyre")
    assert parse_sweep(g, "size=3..5") == ("size", ["3", "4", "5"])
    assert parse_sweep(g, "size=3,7") == ("size", ["3", "7"])
    with pytest.raises(HexArenaError, match="1 to 20 values"):
        parse_sweep(g, "size=1..100")
