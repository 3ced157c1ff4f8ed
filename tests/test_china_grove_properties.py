"""China Grove property tests: random games end on a full board, scores, undo and records."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_SWAPPED, H_TURN
from hexarena.games.china_grove import ChinaGrove
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng

from .test_china_grove_rules import BOARD

GAMES = {
    (mode, penalty): hexarena.new_game("china-grove", board=BOARD, mode=mode, penalty=penalty)
    for mode in ("pattern", "number")
    for penalty in (2, 4)
}
TWO_ISLANDS = hexarena.new_game("china-grove", board_seed=4, islands=2)
TURNS = {"pattern": 21, "number": 18}


def groups_by_search(g: ChinaGrove, cols: np.ndarray, colour: int) -> int:
    """Groups of one colour, counted afresh by a search over the board."""
    seen: set[int] = set()
    count = 0
    for x in range(g.board.size):
        if cols[x] != colour or x in seen:
            continue
        count += 1
        stack = [x]
        seen.add(x)
        while stack:
            y = stack.pop()
            for z in g.board.neighbor_lists[y]:
                if cols[z] == colour and z not in seen:
                    seen.add(z)
                    stack.append(z)
    return count


@given(
    seed=st.integers(0, 2**32),
    mode=st.sampled_from(["pattern", "number"]),
    penalty=st.sampled_from([2, 4]),
)
def test_random_games_end_on_a_full_board(seed: int, mode: str, penalty: int) -> None:
    g = GAMES[(mode, penalty)]
    assert isinstance(g, ChinaGrove)
    arr = g.initial_array()
    out = np.empty(200, dtype=np.int32)
    n = int(g.kernels.playout(g.consts, arr, make_rng(seed), out, 200))
    assert arr[0] == -1  # over
    cols = g.cell_colours(arr)
    assert (cols > 0).all()
    swapped = int(arr[H_SWAPPED])
    assert int(arr[H_TURN]) == TURNS[mode] + swapped
    assert n == 63 + swapped
    w, b = g.stones(arr)
    assert w + b == 63 and w == int((cols == 1).sum())
    assert g.groups(arr) == (groups_by_search(g, cols, 1), groups_by_search(g, cols, 2))
    sw, sb = g.scores(arr)
    assert (sw - sb) % 2 == 1  # never a tie
    o = g.outcome_of(arr)
    assert o.winner_colour == ("White" if sw > sb else "Black")
    assert o.winner == (0 if sw > sb else 1) ^ swapped
    # the compiled playout's actions replay one by one through the checked API
    state = g.new_initial_state()
    state.apply_actions(out[:n])
    assert np.array_equal(state.array, arr)


@given(seed=st.integers(0, 2**32))
def test_random_games_on_two_islands(seed: int) -> None:
    g = TWO_ISLANDS
    assert isinstance(g, ChinaGrove)
    arr = g.initial_array()
    out = np.empty(200, dtype=np.int32)
    g.kernels.playout(g.consts, arr, make_rng(seed), out, 200)
    assert (g.cell_colours(arr) > 0).all()
    assert int(arr[H_TURN]) == 21 + int(arr[H_SWAPPED])


@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["pattern", "number"]))
def test_undo_every_action_of_a_whole_game(seed: int, mode: str) -> None:
    g = GAMES[(mode, 2)]
    state = g.new_initial_state()
    rnd = random.Random(seed)
    snapshots = [state.copy()]
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
        snapshots.append(state.copy())
    while state.ply:
        state.undo()
        snapshots.pop()
        assert state == snapshots[-1]
    assert state == g.new_initial_state()


@given(seed=st.integers(0, 10_000))
def test_undo_move_takes_back_whole_turns(seed: int) -> None:
    g = GAMES[("pattern", 2)]
    state = g.new_initial_state()
    rnd = random.Random(seed)
    turns = [state.copy()]
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
        if state.turn_ends()[-1]:
            turns.append(state.copy())
    while state.ply:
        state.undo_move()
        turns.pop()
        assert state == turns[-1]


@given(seed=st.integers(0, 10_000), stop=st.integers(0, 70))
def test_records_round_trip_finished_or_not(seed: int, stop: int) -> None:
    g = GAMES[("number", 4)]
    state = g.new_initial_state()
    rnd = random.Random(seed)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    text = write_record(state, players=("a", "b"), date="2026.01.01")
    back = read_record(text)
    assert back.state == state
    assert write_record(back.state, players=("a", "b"), date="2026.01.01") == text
    assert back.state.move_texts() == state.move_texts()
