"""Gyre properties: the compiled win test against a literal reading of NOTES.md, and random games.

:func:`notes_winning_groups` is NOTES.md's test written out plainly (flood fills, no shortcut):
for each group G of the player with two or more ring stones, condition 1 on the centre's
component of (board minus G), and condition 2 on every other component Y, numbering Y's run of
ring cells 1..m and looking at every connected set of cells the player does not occupy inside Y
(so the player's other stones block the opponent). The engine decides the same thing from each
group's longest arc; these tests check that the two agree on many positions and in every
position of random games.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_PLAYER, H_WINNER
from hexarena.games.gyre import Gyre, place_stone
from hexarena.hexgrid import Board
from hexarena.rng import make_rng


def gyre(size: int) -> Gyre:
    game = hexarena.new_game("gyre", size=size)
    assert isinstance(game, Gyre)
    return game


# ---------------------------------------------------------------- NOTES.md, literally
def components(board: Board, cells: set[int]) -> list[set[int]]:
    """The connected components of a set of cells."""
    seen: set[int] = set()
    out = []
    for s in sorted(cells):
        if s in seen:
            continue
        comp = {s}
        seen.add(s)
        stack = [s]
        while stack:
            v = stack.pop()
            for w in board.neighbor_lists[v]:
                if w in cells and w not in seen:
                    seen.add(w)
                    comp.add(w)
                    stack.append(w)
        out.append(comp)
    return out


def notes_group_wins(board: Board, mine: set[int], group: set[int]) -> bool:
    """NOTES.md's two conditions for ``group`` (a group of the player whose stones are ``mine``)."""
    ring = [int(x) for x in board.ring]
    size = len(ring)
    pos = {c: i for i, c in enumerate(ring)}
    centre = board.centre
    if sum(1 for x in group if x in pos) < 2:
        return False  # the sheet: a loop joins two perimeter stones
    parts = components(board, set(range(board.size)) - group)
    y0 = None
    if centre not in group:
        y0 = next(y for y in parts if centre in y)
        if sum(1 for x in y0 if x in pos) > size // 2 - 1:
            return False  # condition 1
    free = set(range(board.size)) - mine  # cells the player does not occupy
    for y in parts:
        if y is y0:
            continue
        run = {pos[x] for x in y if x in pos}
        if not run:
            continue
        # the run is contiguous and lies between two ring stones of the group
        first = next(p for p in run if (p - 1) % size not in run)
        m = len(run)
        assert {(first + k) % size for k in range(m)} == run
        assert ring[(first - 1) % size] in group and ring[(first + m) % size] in group
        number = {(first + k) % size: k + 1 for k in range(m)}
        for z in components(board, y & free):
            held = [number[pos[x]] for x in z if x in pos]
            if held and max(held) - min(held) >= size // 2:
                return False  # condition 2: the opponent can surround the group through z
    return True


def notes_winning_groups(board: Board, mine: set[int]) -> list[set[int]]:
    """Every group of ``mine`` that wins by NOTES.md."""
    return [g for g in components(board, mine) if notes_group_wins(board, mine, g)]


def random_position(game: Gyre, rnd: random.Random) -> tuple[np.ndarray, set[int], set[int]]:
    """A random board: a random number of cells, split at random between Red and Blue."""
    n = game.board.size
    cells = list(range(n))
    rnd.shuffle(cells)
    k = rnd.randrange(n + 1)
    red = set(cells[: rnd.randrange(k + 1)])
    blue = set(cells[len(red) : k])
    arr = game.initial_array()
    for x in cells[:k]:
        place_stone(game.consts, arr, x, 0 if x in red else 1)
    return arr, red, blue


def engine_groups(game: Gyre, arr: np.ndarray, colour: int) -> list[list[int]]:
    return sorted(sorted(loop.group) for loop in game.loops(arr, colour))


# ---------------------------------------------------------------- agreement with NOTES.md
@given(size=st.integers(3, 7), seed=st.integers(0, 10**6))
def test_win_test_agrees_with_notes_on_random_positions(size: int, seed: int) -> None:
    game = gyre(size)
    arr, red, blue = random_position(game, random.Random(seed))
    for colour, mine in ((0, red), (1, blue)):
        expected = sorted(sorted(g) for g in notes_winning_groups(game.board, mine))
        assert engine_groups(game, arr, colour) == expected


def test_win_test_agrees_with_notes_on_many_positions() -> None:
    rnd = random.Random(2026)
    wins = 0
    for _ in range(400):
        game = gyre(rnd.choice([3, 4, 5, 6, 7, 8]))
        arr, red, _ = random_position(game, rnd)
        expected = sorted(sorted(g) for g in notes_winning_groups(game.board, red))
        assert engine_groups(game, arr, 0) == expected
        wins += bool(expected)
    assert 50 < wins < 350  # both verdicts are well represented


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_every_move_of_random_games_agrees_with_notes(size: int) -> None:
    """After each placement the game ends exactly when NOTES.md's test (every group of the
    mover, the mover's other stones blocking) finds a winning group; the opponent never has one."""
    game = gyre(size)
    rnd = random.Random(size)
    for _ in range(25):
        state = game.new_initial_state()
        stones: dict[int, set[int]] = {0: set(), 1: set()}
        while not state.is_terminal():
            a = rnd.choice(state.legal_actions())
            colour = state.to_move
            state.apply(a)
            if a == game.board.size:
                continue
            stones[colour].add(a)
            assert state.is_terminal() == bool(notes_winning_groups(game.board, stones[colour]))
            assert not notes_winning_groups(game.board, stones[1 - colour])


@given(size=st.integers(3, 7), seed=st.integers(0, 10**9))
def test_play_from_a_built_position_matches_the_test_from_scratch(size: int, seed: int) -> None:
    """From a random position put together with ``position`` (no winner yet), random moves to
    the end: after each placement the game is over exactly when the from-scratch test of every
    group of the mover finds a winner."""
    game = gyre(size)
    rnd = random.Random(seed)
    names = game.board.names
    cells = list(range(game.board.size))
    rnd.shuffle(cells)
    k = rnd.randrange(game.board.size)
    red = [names[x] for x in cells[: k // 2]]
    blue = [names[x] for x in cells[k // 2 : k]]
    try:
        state = game.position(red=red, blue=blue, to_move=rnd.choice(game.colours))
    except hexarena.HexArenaError:
        assume(False)
    while not state.is_terminal():
        colour = state.to_move
        state.apply(rnd.choice(state.legal_actions()))
        assert state.is_terminal() == bool(game.loops(state.array, colour))


# ---------------------------------------------------------------- random games end
@pytest.mark.parametrize("size", range(3, 10))
def test_random_games_end_by_the_move_that_fills_the_board(size: int) -> None:
    game = gyre(size)
    n = game.board.size
    for seed in range(60):
        arr = game.initial_array()
        out = np.empty(2 * n + 2, dtype=np.int32)
        k = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, len(out)))
        assert arr[H_PLAYER] == -1 and arr[H_WINNER] in (0, 1)
        placements = [a for a in out[:k].tolist() if a != n]
        assert len(placements) <= n and len(set(placements)) == len(placements)
        winner = int(arr[H_WINNER])
        assert game.loops(arr, winner) and not game.loops(arr, 1 - winner)


@given(size=st.integers(3, 9), seed=st.integers(0, 10**9))
def test_random_game_ends_with_a_winner(size: int, seed: int) -> None:
    game = gyre(size)
    state = game.new_initial_state()
    arr = game.initial_array()
    out = np.empty(game.board.size + 2, dtype=np.int32)
    k = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, len(out)))
    state.apply_actions(out[:k])
    outcome = state.outcome()
    assert outcome is not None and outcome.details["group"] and outcome.details["owned"]


@given(size=st.integers(3, 9), seed=st.integers(0, 10**9))
def test_a_full_board_has_exactly_one_winner(size: int, seed: int) -> None:
    """Any full board, however the cells are shared: exactly one colour has a winning loop."""
    game = gyre(size)
    rnd = random.Random(seed)
    arr = game.initial_array()
    cells = list(range(game.board.size))
    rnd.shuffle(cells)
    split = rnd.randrange(len(cells) + 1)
    for i, x in enumerate(cells):
        place_stone(game.consts, arr, x, 0 if i < split else 1)
    assert bool(game.loops(arr, 0)) != bool(game.loops(arr, 1))


# ---------------------------------------------------------------- what the win depends on
@given(size=st.integers(3, 7), seed=st.integers(0, 10**9))
def test_a_win_never_goes_away(size: int, seed: int) -> None:
    """After a random game, the winner's further stones (anywhere) never undo the win."""
    game = gyre(size)
    arr = game.initial_array()
    game.kernels.playout(game.consts, arr, make_rng(seed), np.empty(0, np.int32), 10**6)
    winner = int(arr[H_WINNER])
    rnd = random.Random(seed)
    empty = [i for i, c in enumerate(game.cell_colours(arr)) if c == 0]
    rnd.shuffle(empty)
    for x in empty:
        place_stone(game.consts, arr, x, winner if rnd.random() < 0.5 else 1 - winner)
        assert game.loops(arr, winner)


@given(size=st.integers(3, 7), seed=st.integers(0, 10**9))
def test_a_groups_verdict_depends_on_its_own_cells_only(size: int, seed: int) -> None:
    """Each group of a random position wins exactly when it wins as the player's only stones."""
    game = gyre(size)
    arr, red, _ = random_position(game, random.Random(seed))
    winners = engine_groups(game, arr, 0)
    for group in components(game.board, red):
        alone = game.initial_array()
        for x in group:
            place_stone(game.consts, alone, x, 0)
        assert (sorted(group) in winners) == bool(game.loops(alone, 0))


def test_a_stone_that_touches_no_friendly_stone_never_ends_the_game() -> None:
    game = gyre(5)
    rnd = random.Random(5)
    lone = 0
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            a = rnd.choice(state.legal_actions())
            colour = state.to_move
            alone = a < game.board.size and all(
                game.cell_colours(state.array)[y] != colour + 1
                for y in game.board.neighbor_lists[a]
            )
            state.apply(a)
            if alone:
                lone += 1
                assert not state.is_terminal()
    assert lone > 100
