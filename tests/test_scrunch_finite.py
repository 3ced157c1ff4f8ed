"""Scrunch: the steps of the finiteness argument in docs/games/scrunch.md ("Can a game last for
ever?"), checked turn by turn over random games.

- A player's stones and snakes change only on that player's turns.
- While a player is creating, every snake of theirs is an egg (one stone).
- An egg turn adds one stone and one snake; a growth adds one stone and no snake (and ends the
  creation phase); a removal turn removes at least one snake and adds none.
- A creating player can grow exactly as the local rule of step 5 says (against the engine).
- Step 6: the SAT problem of scripts/scrunch_stuck_sat.py says what the engine says, and it has
  no solution with the stone counts of a first removal on sides 4 to 10.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_COLOUR, H_TURN
from hexarena.games.scrunch import Scrunch


def census(game: Scrunch, arr: object, colour: int) -> tuple[int, list[int]]:
    """A colour's stones and its snakes' sizes."""
    sizes = [len(s) for s in game.snakes(arr, colour)]  # type: ignore[arg-type]
    return sum(sizes), sizes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4, 5]))
def test_each_turn_adds_a_stone_or_removes_a_snake(seed: int, size: int) -> None:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        c = int(state.array[H_COLOUR])
        creating = game.creating(state.array)[c]
        before = [census(game, state.array, k) for k in (0, 1)]
        if creating:
            assert all(s == 1 for s in before[c][1])
        turn = int(state.array[H_TURN])
        actions = []
        while int(state.array[H_TURN]) == turn:
            a = rnd.choice(state.legal_actions())
            actions.append(a)
            state.apply(a)
        after = [census(game, state.array, k) for k in (0, 1)]
        assert after[c ^ 1] == before[c ^ 1]
        stones, snakes = before[c]
        if actions[0] >= game.board.size:  # removals
            assert len(after[c][1]) < len(snakes)
            assert after[c][0] < stones
        elif len(actions) == 1:  # an egg
            assert creating
            assert after[c][0] == stones + 1
            assert sorted(after[c][1]) == sorted([*snakes, 1])
        else:  # a growth
            assert len(actions) == 3
            assert after[c][0] == stones + 1
            assert len(after[c][1]) <= len(snakes)
            assert not game.creating(state.array)[c]


# ---------------------------------------------------------------- the creation phase
def random_eggs(game: Scrunch, rnd: random.Random, fill: float) -> list[int]:
    """Per cell 0 (empty), 1 (Black) or 2 (White): each colour's stones pairwise apart (all
    eggs), as a creation phase leaves them."""
    nbrs = game.board.neighbor_lists
    col = [0] * game.board.size
    order = list(range(game.board.size))
    rnd.shuffle(order)
    for x in order:
        options = [v for v in (1, 2) if all(col[y] != v for y in nbrs[x])]
        if options and rnd.random() < fill:
            col[x] = rnd.choice(options)
    return col


def growth_placements_by_the_rule(game: Scrunch, col: list[int], v: int) -> set[int]:
    """The placements that start a growth for colour ``v`` (1 or 2) when all its stones are
    eggs, by the local rule of docs/games/scrunch.md: some egg s next to p has another empty
    neighbour d with p, d adjacent and a(p), a(d) <= 2, or p, d apart and a(p) >= 2 or a(d) >= 2
    (a(c): the eggs of v next to c)."""
    nbrs = game.board.neighbor_lists

    def a(c: int) -> int:
        return sum(1 for y in nbrs[c] if col[y] == v)

    out = set()
    for s in range(game.board.size):
        if col[s] != v:
            continue
        empty = [y for y in nbrs[s] if col[y] == 0]
        for p in empty:
            for d in empty:
                if d == p:
                    continue
                adjacent = d in nbrs[p]
                if (adjacent and a(p) <= 2 and a(d) <= 2) or (
                    not adjacent and (a(p) >= 2 or a(d) >= 2)
                ):
                    out.add(p)
    return out


def egg_position(game: Scrunch, col: list[int], to_move: int) -> hexarena.State:
    names = game.board.names
    return game.position(
        black=[names[x] for x in range(len(col)) if col[x] == 1],
        white=[names[x] for x in range(len(col)) if col[x] == 2],
        to_move=game.colours[to_move],
        creating=(True, True),
    )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from([3, 4, 5, 6]),
    fill=st.sampled_from([0.6, 0.9, 1.0]),
)
def test_growth_in_the_creation_phase_follows_the_local_rule(
    seed: int, size: int, fill: float
) -> None:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    col = random_eggs(game, random.Random(seed), fill)
    for c in (0, 1):
        if c + 1 not in col:
            continue
        state = egg_position(game, col, c)
        nbrs = game.board.neighbor_lists
        placements = {
            a
            for a in state.legal_actions()
            if a < game.board.size and any(col[y] == c + 1 for y in nbrs[a])
        }
        assert placements == growth_placements_by_the_rule(game, col, c + 1)


def sat_script() -> ModuleType:
    """scripts/scrunch_stuck_sat.py, the SAT check of docs/games/scrunch.md, step 6."""
    pytest.importorskip("pycosat")
    path = Path(__file__).resolve().parent.parent / "scripts" / "scrunch_stuck_sat.py"
    spec = importlib.util.spec_from_file_location("scrunch_stuck_sat", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fixed(col: list[int]) -> list[list[int]]:
    """Unit clauses fixing every cell as ``col`` has it (1: the player's, 2: the opponent's)."""
    n = len(col)
    return [[(x + 1) if col[x] == 1 else -(x + 1)] for x in range(n)] + [
        [(n + x + 1) if col[x] == 2 else -(n + x + 1)] for x in range(n)
    ]


def must_remove(game: Scrunch, col: list[int]) -> bool:
    """The engine's verdict: Black, to move, may only remove."""
    state = egg_position(game, col, 0)
    return all(a >= game.board.size for a in state.legal_actions())


@pytest.mark.parametrize("size", [3, 4])
def test_the_sat_problem_is_the_engine_s_rule(size: int) -> None:
    """The clauses hold for a position exactly when the engine makes Black remove there: on
    every position the solver finds (up to 30) and on random positions; and the counts added
    for a first removal hold exactly when the stone counts are those of a game of eggs."""
    import pycosat

    sat = sat_script()
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    n = game.board.size
    cls = sat.clauses_for(game)
    counted = {delta: sat.with_counts(cls, n, delta) for delta in (0, -1)}
    positions = []
    for model in pycosat.itersolve(cls):
        positions.append(
            [1 if x + 1 in model else 2 if n + x + 1 in model else 0 for x in range(n)]
        )
        if len(positions) == 30:
            break
    rnd = random.Random(size)
    positions += [random_eggs(game, rnd, fill) for fill in (0.8, 1.0) for _ in range(60)]
    stuck = 0
    for col in positions:
        if 1 not in col:
            continue
        engine = must_remove(game, col)
        stuck += engine
        assert (pycosat.solve(cls + fixed(col)) != "UNSAT") == engine
        for delta, problem in counted.items():
            expect = engine and col.count(1) - col.count(2) == delta
            assert (pycosat.solve(problem + fixed(col)) != "UNSAT") == expect
    assert stuck >= 3  # positions where Black must remove were among those checked


def test_no_creation_phase_has_a_removal_on_sides_4_to_10() -> None:
    """docs/games/scrunch.md, step 6: a first removal of a creation phase (only eggs before it,
    so Black to move with as many stones as White, or White with one fewer) is impossible on
    sides 4 to 10; on side 3 White can come to it, Black cannot."""
    import pycosat

    sat = sat_script()
    for size in range(3, 11):
        game = hexarena.new_game("scrunch", size=size)
        assert isinstance(game, Scrunch)
        cls = sat.clauses_for(game)
        assert pycosat.solve(cls) != "UNSAT"  # a player can have to remove, with other counts
        black_first = pycosat.solve(sat.with_counts(cls, game.board.size, 0))
        white_first = pycosat.solve(sat.with_counts(cls, game.board.size, -1))
        assert black_first == "UNSAT"
        assert (white_first == "UNSAT") == (size >= 4)
