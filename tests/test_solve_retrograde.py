"""Throngs' retrograde analysis: on the hex board of side 2 every reachable position's value
equals the depth-first solver's, as do the first moves' values; leaving every position to the
history search gives the same values; the history search applies the third-repetition rule
as worked out by hand on a two-position cycle; and the command refuses what it does not cover."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hexarena import new_game
from hexarena.cli import main
from hexarena.core import State
from hexarena.solve import SolveError, Solver, solve_game
from hexarena.solve import retro_kernel as R
from hexarena.solve.retrograde import (
    Analysis,
    Enumeration,
    HistorySearch,
    all_boards,
    analyse,
    enumerate_positions,
    sample_cost,
    setup_codes,
    template_of,
)


@pytest.fixture(scope="module")
def side2() -> tuple[Enumeration, Analysis]:
    game = new_game("throngs", board="hex", size=2)
    en = enumerate_positions(game)
    return en, analyse(game, en)


def test_positions_are_counted_by_stones(side2: tuple[Enumeration, Analysis]) -> None:
    en, an = side2
    assert min(en.counts) == 3 and max(en.counts) == 7
    # the set-ups: one Black and two White stones on 7 sites, Black to move
    assert len(setup_codes(7)) == 7 * 15
    assert set(setup_codes(7)) <= set(en.levels[3].codes.tolist())
    for k, count in en.counts.items():
        assert 0 < count <= all_boards(7, k)
    assert len(an.values) == en.positions


def test_every_value_equals_the_depth_first_solver(side2: tuple[Enumeration, Analysis]) -> None:
    game = new_game("throngs", board="hex", size=2)
    _, an = side2
    solver = Solver(game, 16)
    t = template_of(game)
    checked = 0
    for code, value in an.values.items():
        arr = R.state_of(game.consts, t, np.int64(code))
        assert R.position_code(game.consts, arr) == code or arr[0] < 0
        st = State(game, arr)
        if st.is_terminal():
            o = st.outcome()
            assert o is not None
            assert value == (o.winner_colour == game.colours[code % 2])
            continue
        assert solver.value(st) == value, code
        checked += 1
    assert checked > 500


def test_first_moves_equal_the_depth_first_solver(capsys: pytest.CaptureFixture[str]) -> None:
    game = new_game("throngs", board="hex", size=2)
    dfs = solve_game(game, memory_mb=16)
    assert (
        main(["solve", "throngs", "--board", "hex", "--size", "2", "--retrograde", "--json"]) == 0
    )
    retro = json.loads(capsys.readouterr().out)
    assert retro["first_moves"] == dfs["first_moves"]
    assert retro["first_player_wins_without_pie"] is dfs["first_player_wins_without_pie"] is False
    assert 0 < retro["setups_black_wins"] < retro["setups"] == 105


def test_the_history_search_alone_gives_the_same_values(
    side2: tuple[Enumeration, Analysis],
) -> None:
    game = new_game("throngs", board="hex", size=2)
    en, an = side2
    bare = analyse(game, en, label=False)
    assert bare.rest > 500 and bare.history_nodes >= bare.rest
    assert bare.values == an.values


def test_the_third_time_ends_a_forced_cycle() -> None:
    # A (Black to move, even code) may go to B or leave the level to X, which White (to move
    # there) wins; B (White to move) can only go back to A. From A fresh: A B A B, then A comes
    # a third time and Black has no move, so Black gets A's end value; from B fresh likewise
    # B A B A and B's third time.
    a, b, x = 10, 21, 101
    succ = {a: [b, x], b: [a]}
    for end_a in (False, True):
        for end_b in (False, True):
            ends = {a: end_a, b: end_b}
            s = HistorySearch(succ, {}, {x: True}, ends, 1000)
            assert s.wins(a, {a: 1}) is end_a
            s = HistorySearch(succ, {}, {x: True}, ends, 1000)
            assert s.wins(b, {b: 1}) is end_b
    # leaving to an exit that the mover wins beats the cycle
    s = HistorySearch(succ, {}, {x: False}, {a: False, b: True}, 1000)
    assert s.wins(a, {a: 1}) is True
    # a budget too small is an error, not a value
    with pytest.raises(SolveError, match="history search"):
        HistorySearch(succ, {}, {x: True}, {a: False, b: True}, 2).wins(a, {a: 1})


def test_the_command_refuses_what_it_does_not_cover(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "churn", "--size", "2", "--retrograde"]) == 2
    assert "Throngs only" in capsys.readouterr().err
    hex2 = ["solve", "throngs", "--board", "hex", "--size", "2", "--retrograde"]
    assert main([*hex2, "--no-stalling"]) == 2
    assert "no_stalling" in capsys.readouterr().err
    assert main([*hex2, "--positions", "100"]) == 2
    err = capsys.readouterr().err
    assert "more than 100 reachable positions" in err and "3:" in err
    assert main([*hex2, "--positions", "0"]) == 2
    assert "--positions: must be at least 1" in capsys.readouterr().err


def test_a_count_of_the_lower_levels_only(side2: tuple[Enumeration, Analysis]) -> None:
    game = new_game("throngs", board="hex", size=2)
    full, _ = side2
    low = enumerate_positions(game, max_level=4, keep=False)
    assert low.counts == {3: full.counts[3], 4: full.counts[4]}
    assert len(low.levels[4].results) == 0
    # every level-5 position entered from below is reachable (turns within level 5 may add more)
    assert 0 < low.entered[5] <= full.counts[5]


def test_the_cost_is_sampled_level_by_level() -> None:
    game = new_game("throngs", board="hex", size=2)
    cost = sample_cost(game, samples=20)
    assert sorted(cost["levels"]) == list(range(3, 8))
    assert cost["boards"] == sum(all_boards(7, k) for k in range(3, 8))
    # on the full board no turn deploys, so few turns remain
    assert cost["levels"][7]["results"] < cost["levels"][4]["results"]
    with pytest.raises(SolveError, match="samples"):
        sample_cost(game, samples=0)


def test_a_board_too_large_for_the_positions_codes_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # a position is coded in 64 bits (a base-3 digit a cell): the original board's 93 cells
    # overflowed in NumPy, with a traceback
    assert main(["solve", "throngs", "--retrograde", "--positions", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "at most 39 cells, not 93" in err
