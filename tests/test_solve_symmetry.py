"""The solver's keys: positions that a symmetry of the board maps onto each other share a key and
a value, the bookkeeping that depends on move order stays out of the key, and China Grove's
endgames are solved from random games."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hexarena import new_game
from hexarena.ai import Limit, make_player
from hexarena.ai.perfect import PerfectPlayer
from hexarena.cli import main
from hexarena.core import Game, State
from hexarena.games.china_grove import S_CLASS
from hexarena.selfplay import random_game
from hexarena.solve import (
    SolveError,
    Solver,
    endgame_positions,
    key_spec,
    solve_endgames,
    solve_game,
)
from hexarena.solve.results import is_solved

#: The games searched with the board's symmetries, on small boards.
SYMMETRIC = [
    ("churn", {"size": 3}),
    ("gyre", {"size": 3}),
    ("scrunch", {"size": 3}),
]


def mapped(game: Game, actions: list[int], perm: np.ndarray) -> list[int]:
    """The actions of a game played on the image of the board under the symmetry ``perm``
    (a cell ``i`` goes to ``perm[i]``; Scrunch's removals name a cell too)."""
    n = game.board.size
    out = []
    for a in actions:
        if a < n:
            out.append(int(perm[a]))
        elif game.name == "scrunch":
            out.append(n + int(perm[a - n]))
        else:
            out.append(a)
    return out


def prefixes(game: Game, seeds: int) -> list[list[int]]:
    """Action sequences from the start of random games: every third prefix."""
    out: list[list[int]] = []
    for seed in range(seeds):
        _, actions = random_game(game, seed, keep_actions=True)
        assert actions is not None
        acts = actions.tolist()
        out.extend(acts[:k] for k in range(1, len(acts), 3))
    return out


@pytest.mark.parametrize(("name", "options"), SYMMETRIC, ids=[n for n, _ in SYMMETRIC])
def test_symmetric_positions_share_a_key(name: str, options: dict[str, object]) -> None:
    game = new_game(name, **options)
    solver = Solver(game, 1)
    plain = Solver(game, 1, symmetries=False)
    perms = game.board.symmetries
    assert len(perms) == 12
    differ = 0
    for acts in prefixes(game, 3):
        st = State(game)
        st.apply_actions(acts)
        for perm in perms[1:]:
            img = State(game)
            img.apply_actions(mapped(game, acts, perm))  # legal there too: the rules map over
            assert solver.key(img) == solver.key(st)
            assert solver.key(img, allow_swap=False) == solver.key(st, allow_swap=False)
            differ += plain.key(img) != plain.key(st)
    assert differ > 0  # without the symmetries most images have keys of their own


@pytest.mark.parametrize(("name", "options"), SYMMETRIC, ids=[n for n, _ in SYMMETRIC])
def test_symmetric_positions_have_equal_values(name: str, options: dict[str, object]) -> None:
    game = new_game(name, **options)
    perms = game.board.symmetries
    checked = 0
    for seed in range(3):
        _, actions = random_game(game, seed, keep_actions=True)
        assert actions is not None
        acts = actions.tolist()[: max(1, len(actions) - 8)]
        st = State(game)
        st.apply_actions(acts)
        if st.is_terminal():
            continue
        want = Solver(game, 4, symmetries=False).value(st)
        for perm in perms[1::3]:
            img = State(game)
            img.apply_actions(mapped(game, acts, perm))
            # a fresh table without symmetries each time: no value comes from another image
            assert Solver(game, 4, symmetries=False).value(img) == want
            assert Solver(game, 4).value(img) == want
            checked += 1
    assert checked >= 4


def test_keys_leave_out_move_order_bookkeeping() -> None:
    # Churn: the same stones reached in two orders are one position
    game = new_game("churn", size=3)
    solver = Solver(game, 1, symmetries=False)
    a, b = State(game), State(game)
    for m in ["c1", "c5", "c3", "a3"]:
        a.apply_move(m)
    for m in ["c3", "a3", "c1", "c5"]:
        b.apply_move(m)
    assert a.array.tolist() != b.array.tolist()  # the groups' lists differ
    assert solver.key(a) == solver.key(b)
    # the turn number counts only while the swap may come: turns 0, 1 and later are apart
    c = State(game)
    c.apply_move("c3")
    d = State(game)
    d.apply_move("c3")
    d.apply_move("swap")
    assert solver.key(c) != solver.key(d)


def test_throngs_and_china_grove_are_keyed_without_symmetries() -> None:
    for game in (new_game("throngs", board="hex", size=2), new_game("china-grove")):
        assert key_spec(game).perms.shape[0] == 1


def test_a_table_of_another_key_version_is_refused(tmp_path: Path) -> None:
    game = new_game("churn", size=2)
    s = Solver(game, 1)
    s.value(game.new_initial_state())
    s.save(tmp_path / "t.npz")
    with np.load(tmp_path / "t.npz") as z:
        parts = {k: z[k] for k in z.files}
    parts["key"] = np.array(1)
    np.savez(tmp_path / "old.npz", **parts)
    with pytest.raises(SolveError, match="another version"):
        Solver(game, 1).load(tmp_path / "old.npz")


def test_china_grove_endgames() -> None:
    game = new_game("china-grove")
    positions = endgame_positions(game, 8, 3)
    assert len(positions) == 3
    for st in positions:
        assert game.cell_view(st.array).count(".") <= 8
        assert not st.is_terminal() and int(st.array[S_CLASS]) == -1  # between turns
    r = solve_endgames(game, 8, 3, memory_mb=16)
    assert r["positions"] == 3 and r["solved"] == 3
    for st, row in zip(positions, r["endgames"], strict=True):
        # the value matches a search from a fresh table
        assert Solver(game, 16).value(st) is row["to_move_wins"]
    with pytest.raises(SolveError, match="empty cells"):
        solve_endgames(game, 99, 3)


def test_solve_command_endgames(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["solve", "china-grove", "--empties", "6", "--samples", "2", "--json", "--memory", "16"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["positions"] == 2 and data["solved"] == 2


def test_perfect_player_hints_carry_proven_values() -> None:
    # Churn side 2 with the pie rule: every first move loses (the second player takes the
    # winning side), and the hints say so
    game = new_game("churn", size=2)
    hints = PerfectPlayer(seed=1).analyse(game.new_initial_state(), top=10)
    assert len(hints) == 7
    assert all(h.proven == "loss" for h in hints)


#: Solved boards (docs/solved.md), for games of the perfect player from won positions.
SOLVED = [
    ("churn", {"size": 3}),
    ("gyre", {"size": 3}),
    ("scrunch", {"size": 3}),
]


@pytest.mark.parametrize(("name", "options"), SOLVED, ids=[n for n, _ in SOLVED])
def test_perfect_player_keeps_won_positions(name: str, options: dict[str, object]) -> None:
    """From positions half-way through random games that the player to act wins, the perfect
    player wins every game against random and mcts."""
    game = new_game(name, **options)
    judge = Solver(game, 16)
    starts: list[State] = []
    for seed in range(40):
        _, actions = random_game(game, seed, keep_actions=True)
        assert actions is not None
        st = State(game)
        st.apply_actions(actions.tolist()[: len(actions) // 2])
        if not st.is_terminal() and judge.value(st) is True:
            starts.append(st)
        if len(starts) == 2:
            break
    assert len(starts) == 2
    perfect = PerfectPlayer(seed=1)
    for i, start in enumerate(starts):
        seat = start.current_player
        for opponent in ("random", "mcts"):
            opp = make_player(opponent, seed=i)
            s = start.copy()
            while not s.is_terminal():
                if s.current_player == seat:
                    s.apply(perfect.choose(s))
                else:
                    s.apply(opp.choose(s, Limit(iterations=30)))
            o = s.outcome()
            assert o is not None and o.winner == seat, (opponent, s.move_texts())
    assert perfect.searched_moves == 0  # every move of a won position was proven


def test_solved_boards_are_known() -> None:
    assert is_solved(new_game("churn", size=2)) and is_solved(new_game("gyre", size=3))
    assert not is_solved(new_game("churn", size=4)) and not is_solved(new_game("gyre", size=5))


def test_an_opening_book_keeps_the_first_positions_only(tmp_path: Path) -> None:
    game = new_game("churn", size=2)
    full = Solver(game, 16)
    r = solve_game(game, solver=full)
    written = full.save(tmp_path / "book.npz", depth=1)
    assert 0 < written < r["positions"]
    book = Solver(game, 16)
    assert book.load(tmp_path / "book.npz") == written
    start = game.new_initial_state()
    assert book.value(start) is False  # the pie rule: the second player wins
    st = start.copy()
    st.apply_move("b2")
    assert book.value(st, allow_swap=False) is False  # Red wins after b2: Blue to act loses
    assert int(book.stats[0]) == 0  # both answered from the book
    with pytest.raises(SolveError, match="depth"):
        full.save(tmp_path / "x.npz", depth=99)


def test_the_perfect_player_loads_the_shipped_book(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HEXARENA_SOLUTIONS", raising=False)
    game = new_game("gyre", size=3)
    p = PerfectPlayer(seed=1)
    p.prepare(game)
    assert p.solver is not None and p.solver.entries > 100
    # with the pie rule the first player loses whatever the first move: known from the book
    nodes = int(p.solver.stats[0])
    assert p.solver.value(game.new_initial_state()) is False
    assert int(p.solver.stats[0]) == nodes
