"""The exact solver: it agrees with a brute-force minimax (no pruning, no table) on positions of
every game, its first-move values and pie-rule answer hold together, its table saves and loads,
and the perfect player takes proven wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hexarena import new_game
from hexarena.ai import Limit, make_player
from hexarena.ai.perfect import PerfectPlayer
from hexarena.cli import main
from hexarena.core import State
from hexarena.selfplay import random_game
from hexarena.solve import SolveError, Solver, solve_game

#: Small games of every kind, for positions near the end of random games.
GAMES = [
    ("churn", {"size": 2}),
    ("churn", {"size": 3}),
    ("gyre", {"size": 3}),
    ("scrunch", {"size": 3}),
    ("throngs", {"board": "hex", "size": 2}),
    ("china-grove", {}),
]


#: The largest game tree the brute force walks.
TREE = 1500


def brute(state: State) -> bool:
    """Whether the player to act wins: plain minimax over every action, no pruning, no table."""
    seat = state.current_player
    results = []
    for a in state.legal_actions():
        st = state.copy()
        st.apply(a)
        if st.is_terminal():
            o = st.outcome()
            assert o is not None
            results.append(o.winner == seat)
        else:
            results.append(brute(st) == (st.current_player == seat))
    return any(results)


def tree_size(state: State, cap: int) -> int:
    """Positions in the full game tree below ``state``, counting stops at ``cap``."""
    n = 1
    for a in state.legal_actions():
        st = state.copy()
        st.apply(a)
        n += 1 if st.is_terminal() else tree_size(st, cap - n)
        if n >= cap:
            return n
    return n


def late_positions(name: str, options: dict[str, object], count: int) -> list[State]:
    """Positions of random games whose full game tree has at most :data:`TREE` positions: for
    each game, the earliest of the positions 2, 4, 8, ... actions before its end that fits."""
    game = new_game(name, **options)
    out: list[State] = []
    for seed in range(count):
        _, actions = random_game(game, seed, keep_actions=True)
        assert actions is not None
        acts = actions.tolist()
        best: State | None = None
        back = 2
        while back < len(acts):
            st = State(game)
            st.apply_actions(acts[: len(acts) - back])
            if tree_size(st, TREE) >= TREE:
                break
            best = st
            back *= 2
        if best is not None:
            out.append(best)
    return out


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_solver_agrees_with_brute_force(name: str, options: dict[str, object]) -> None:
    positions = late_positions(name, options, 4)
    assert len(positions) >= 3
    solver = Solver(positions[0].game, 16)
    for st in positions:
        assert solver.value(st) == brute(st), st.move_texts()


def test_churn_side_2_from_the_start_by_brute_force() -> None:
    game = new_game("churn", size=2)
    solver = Solver(game, 16)
    start = game.new_initial_state()
    for a in start.legal_actions():
        if a == solver.swap:
            continue
        st = start.copy()
        st.apply(a)
        assert solver.value(st, allow_swap=False) is not None
    # with the pie rule the second player takes the winning side of any first move
    assert solver.value(start) is brute(start)


def test_first_moves_and_the_pie_rule_hold_together() -> None:
    game = new_game("churn", size=2)
    r = solve_game(game, memory_mb=16)
    assert r["first_moves"] == {
        "b1": False,
        "c1": False,
        "a2": False,
        "b2": True,
        "c2": False,
        "a3": False,
        "b3": False,
    }
    assert r["first_player_wins_without_pie"] is True
    assert r["winning_openings"] == ["b2"]
    # the second player swaps after a winning first move and plays on after a losing one
    assert r["first_player_wins_with_pie"] is False
    assert r["swap"] == r["first_moves"]


def test_a_node_limit_leaves_positions_unproven() -> None:
    game = new_game("gyre", size=4)
    solver = Solver(game, 16)
    assert solver.value(game.new_initial_state(), node_limit=50) is None


def test_the_table_saves_loads_and_refuses_another_game(tmp_path: Path) -> None:
    game = new_game("churn", size=2)
    a = Solver(game, 16)
    solve_game(game, solver=a)
    a.save(tmp_path / "t.npz")
    b = Solver(game, 16)
    assert b.load(tmp_path / "t.npz") == a.entries
    nodes = int(b.stats[0])
    assert b.value(game.new_initial_state()) is False
    assert int(b.stats[0]) == nodes  # answered from the table
    with pytest.raises(SolveError, match="another game"):
        Solver(new_game("churn", size=3), 16).load(tmp_path / "t.npz")
    (tmp_path / "bad.npz").write_bytes(b"not a table")
    with pytest.raises(SolveError, match="is not a solution table"):
        b.load(tmp_path / "bad.npz")
    with pytest.raises(SolveError, match="memory limit"):
        Solver(game, 0)


def test_perfect_player_never_loses_a_won_position() -> None:
    game = new_game("churn", size=2)
    p = PerfectPlayer(seed=1)
    st = game.new_initial_state()
    # with the pie rule every first move loses: nothing is proven won, the search plays
    p.choose(st)
    assert (p.proven_moves, p.searched_moves) == (0, 1)
    # after b2 with the swap refused the first player wins: the perfect player as first player
    # beats random and mcts from there, whatever they do
    for opponent in ("random", "mcts"):
        for seed in range(4):
            opp = make_player(opponent, seed=seed)
            s = game.new_initial_state()
            s.apply("b2")
            while not s.is_terminal():
                if s.current_player == 0:
                    s.apply(p.choose(s))
                else:
                    legal = [a for a in s.legal_actions() if a != game.parse_action("swap")]
                    a = opp.choose(s, Limit(iterations=50))
                    s.apply(a if a in legal else legal[0])
            o = s.outcome()
            assert o is not None and o.winner == 0
    assert p.proven_moves > 0


def test_solve_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "churn2.npz"
    code = main(
        ["solve", "churn", "--size", "2", "--json", "--table", str(table), "--memory", "16"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winning_openings"] == ["b2"] and data["first_player_wins_with_pie"] is False
    assert table.exists()
    code = main(["solve", "churn", "--size", "2", "--quiet", "--memory", "16"])
    text = capsys.readouterr().out
    assert code == 0 and "winning first moves:  b2" in text
    assert main(["solve", "churn", "--size", "2", "--nodes", "0"]) == 2
    assert "argument --nodes: must be at least 1" in capsys.readouterr().err


def test_solve_only_some_first_moves(capsys: pytest.CaptureFixture[str]) -> None:
    churn2 = ["solve", "churn", "--size", "2", "--json", "--memory", "16"]
    # b2 (the centre) wins: that settles the game without the pie rule
    assert main([*churn2, "--moves", "b2"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["first_moves"] == {"b2": True} and data["first_player_wins_without_pie"] is True
    assert "first_player_wins_with_pie" not in data and "swap" not in data
    # two losing first moves leave the game's value unknown
    assert main([*churn2, "--moves", "b1,a3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["first_moves"] == {"b1": False, "a3": False}
    assert data["first_player_wins_without_pie"] is None
    assert main([*churn2, "--moves", "b1,zz9"]) == 2
    assert "not a first move of this game: zz9" in capsys.readouterr().err
    assert main([*churn2, "--moves", "b2,b1,b2"]) == 2  # refused, not quietly solved once
    assert "a first move named twice: b2" in capsys.readouterr().err
