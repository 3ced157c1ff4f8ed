"""Property tests for Throngs: random games end with no_stalling, dispatch search agrees with a
plain reference search, and undo, records and playout limits behave."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_PLAYER
from hexarena.games.throngs import Throngs
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng


def reference_destinations(game: Throngs, contents: list[int], start: int, budget: int) -> set[int]:
    """Every destination by brute force over paths (recursion, sets), straight from NOTES.md."""
    nb = game.board.neighbors
    found: set[int] = set()

    def walk(u: int, left: int, visited: frozenset[int]) -> None:
        for d in range(6):
            crossed: list[int] = []
            z = int(nb[u, d])
            while z >= 0 and contents[z] != 0:
                crossed.append(z)
                z = int(nb[z, d])
            if z < 0:
                continue
            cost = len(crossed) + 1
            if cost > left or any(x in visited for x in [*crossed, z]):
                continue
            found.add(z)
            walk(z, left - cost, visited | {*crossed, z})

    walk(start, budget, frozenset([start]))
    return found


@settings(max_examples=60)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4]))
def test_dispatch_search_matches_reference(seed: int, size: int) -> None:
    game = hexarena.new_game("throngs", board="hex", size=size)
    assert isinstance(game, Throngs)
    rnd = random.Random(seed)
    n = game.board.size
    for _ in range(20):
        contents = [rnd.choice((0, 1, 1, 1, 2)) for _ in range(n)]
        black = [game.board.names[i] for i in range(n) if contents[i] == 1]
        white = [game.board.names[i] for i in range(n) if contents[i] == 2]
        state = game.position(black, white)
        if state.is_terminal():
            continue
        for x in state.legal_actions():
            if contents[x] != 1:
                continue
            s2 = state.copy()
            s2.apply(x)
            budget = game.potential(state.array, x, 0)
            got = {a - n for a in s2.legal_actions() if n <= a < 2 * n}
            assert got == reference_destinations(game, contents, x, budget)


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([2, 3, 4, 5]))
def test_random_games_with_no_stalling_end(seed: int, size: int) -> None:
    game = hexarena.new_game("throngs", board="hex", size=size, no_stalling=True)
    arr = game.initial_array()
    empty = np.empty(0, np.int32)
    n = int(game.kernels.playout(game.consts, arr, make_rng(seed), empty, 1_000_000))
    assert arr[H_PLAYER] == -1
    assert n < 1_000_000
    outcome = game.outcome_of(arr)
    black, white = game.stones(arr)  # type: ignore[attr-defined]
    assert black + white == game.board.size  # the fill leaves no empty site
    assert outcome.winner_colour == ("Black" if black > white else "White")


def test_random_games_with_no_stalling_end_on_the_original_board() -> None:
    game = hexarena.new_game("throngs", no_stalling=True)
    for seed in range(200):
        arr = game.initial_array()
        game.kernels.playout(game.consts, arr, make_rng(seed), np.empty(0, np.int32), 100_000)
        assert arr[H_PLAYER] == -1, seed


def test_endless_game_is_bounded_by_the_limit() -> None:
    # Seed 4473 on the original board with no_stalling reaches a position where the players
    # capture and dispatch back and forth for ever (the rules allow it): the limit holds.
    game = hexarena.new_game("throngs", no_stalling=True)
    arr = game.initial_array()
    out = np.empty(5000, np.int32)
    n = int(game.kernels.playout(game.consts, arr, make_rng(4473), out, 5000))
    assert n == 5000 and arr[H_PLAYER] >= 0
    state = game.new_initial_state()
    state.apply_actions(out)
    texts = state.move_texts()
    assert len(set(texts[-40:])) <= 4  # the same few turns again and again
    back = read_record(write_record(state))
    assert back.state == state


@settings(max_examples=20)
@given(seed=st.integers(0, 10**6), board=st.sampled_from(["original", "large"]))
def test_undo_and_records_round_trip(seed: int, board: str) -> None:
    game = hexarena.new_game("throngs", board=board)
    arr = game.initial_array()
    out = np.empty(3000, np.int32)
    n = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, 3000))
    state = game.new_initial_state()
    state.apply_actions(out[:n])
    assert np.array_equal(state.array, arr)
    text = write_record(state, players=("a", "b"))
    back = read_record(text)
    assert back.state == state
    assert write_record(back.state, players=("a", "b"), date=back.tags["Date"]) == text
    # undo the last few turns one action at a time, then redo them
    k = min(n, 30)
    tail = out[n - k : n].tolist()
    for _ in range(k):
        state.undo()
    for a in tail:
        state.apply(a)
    assert np.array_equal(state.array, arr)
