"""One conformance suite that every registered game passes (the OpenSpiel way).

It checks the game API's contract, not any game's rules: legal actions agree with ``is_legal``;
illegal input is refused with an error and changes nothing; undo restores the exact state;
text round-trips; compiled playouts end in a finished game whose record replays to the same
position.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_PLAYER, HEADER, GameOverError, IllegalActionError, NotationError
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng

from .conftest import ACTION_CAP, SMALL_OPTIONS

GAMES = hexarena.game_names()


def small_game(name: str) -> hexarena.Game:
    return hexarena.new_game(name, **SMALL_OPTIONS.get(name, {}))


def random_state(name: str, seed: int, max_actions: int) -> hexarena.State:
    game = small_game(name)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    for _ in range(max_actions):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
    return state


def test_every_game_has_small_options() -> None:
    assert set(SMALL_OPTIONS) == set(GAMES)
    assert set(ACTION_CAP) == set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_initial_state(name: str) -> None:
    game = small_game(name)
    state = game.new_initial_state()
    assert not state.is_terminal()
    assert state.outcome() is None
    assert state.current_player == 0
    assert state.legal_actions()
    assert game.num_distinct_actions >= game.board.size
    assert state.array[:HEADER].tolist()[H_PLAYER] == 0


@pytest.mark.parametrize("name", GAMES)
def test_action_text_round_trip(name: str) -> None:
    game = small_game(name)
    for a in range(game.num_distinct_actions):
        assert game.parse_action(game.action_text(a)) == a
    with pytest.raises(NotationError):
        game.parse_action("zz99")
    with pytest.raises(NotationError):
        game.parse_action("not a move")


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_legal_actions_agree_with_is_legal(name: str, seed: int, steps: int) -> None:
    state = random_state(name, seed, steps)
    if state.is_terminal():
        assert state.legal_actions() == []
        return
    legal = set(state.legal_actions())
    assert legal
    for a in range(state.game.num_distinct_actions):
        assert state.is_legal(a) == (a in legal), state.game.action_text(a)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60))
def test_illegal_input_changes_nothing(name: str, seed: int, steps: int) -> None:
    state = random_state(name, seed, steps)
    before = state.copy()
    if state.is_terminal():
        with pytest.raises(GameOverError):
            state.apply(0)
        assert state == before
        return
    legal = set(state.legal_actions())
    illegal = [a for a in range(state.game.num_distinct_actions) if a not in legal]
    for a in illegal[:20]:
        with pytest.raises(IllegalActionError):
            state.apply(a)
        assert state == before
    for bad in (-1, state.game.num_distinct_actions, 10**9):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
    for text in ("", "??", "zz99"):
        with pytest.raises(NotationError):
            state.apply(text)
    with pytest.raises(NotationError):
        state.apply(1.5)  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 80))
def test_undo_restores_exact_state(name: str, seed: int, steps: int) -> None:
    game = small_game(name)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    snapshots = [state.copy()]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rnd.choice(state.legal_actions()))
        snapshots.append(state.copy())
    while state.ply:
        state.undo()
        snapshots.pop()
        assert state == snapshots[-1]
        assert np.array_equal(state.array, snapshots[-1].array)
    assert state == game.new_initial_state()


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(0, 10_000))
def test_playout_ends_and_record_round_trips(name: str, seed: int) -> None:
    game = small_game(name)
    cap = ACTION_CAP[name] or 10_000_000
    arr = game.initial_array()
    out = np.empty(cap, dtype=np.int32)
    n = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, cap))
    state = game.new_initial_state()
    state.apply_actions(out[:n])
    assert np.array_equal(state.array, arr)
    if ACTION_CAP[name] is None:
        assert state.is_terminal()
        outcome = state.outcome()
        assert outcome is not None and outcome.winner in (0, 1)
        assert outcome.winner_colour in game.colours
    text = write_record(state, players=("a", "b"))
    back = read_record(text)
    assert back.state == state
    assert back.game == game
    assert write_record(back.state, players=("a", "b"), date=back.tags["Date"]) == text


@pytest.mark.parametrize("name", GAMES)
def test_whole_moves_and_undo_move(name: str) -> None:
    game = small_game(name)
    state = random_state(name, 7, 40)
    if state.is_terminal():
        return
    moves = state.move_texts()
    replayed = game.state_from_moves(moves) if not state.turn_actions else None
    if replayed is not None:
        assert replayed == state
    # undo_move takes back the whole turn, including any part of it taken before apply_move
    turn_start = state.copy()
    while turn_start.turn_actions:
        turn_start.undo()
    turn_before = state.turn
    state.apply_move(game.move_text(_one_random_turn(state)))
    assert state.turn == turn_before + 1 or state.is_terminal()
    state.undo_move()
    assert state == turn_start


def _one_random_turn(state: hexarena.State) -> list[int]:
    st = state.copy()
    rnd = random.Random(3)
    acts: list[int] = []
    seat = st.current_player
    while not st.is_terminal():
        a = rnd.choice(st.legal_actions())
        st.apply(a)
        acts.append(a)
        if st.turn_ends()[-1] or st.current_player != seat:
            break
    return acts


@pytest.mark.parametrize("name", GAMES)
def test_resignation(name: str) -> None:
    state = small_game(name).new_initial_state()
    state.resign()
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner == 1
    assert state.legal_actions() == []
    back = read_record(write_record(state))
    assert back.state.outcome() == outcome
    state.undo()
    assert not state.is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_picture_has_coordinates(name: str) -> None:
    state = random_state(name, 1, 10)
    pic = state.picture()
    assert "a" in pic and "1" in pic
    assert state.game.board.names[0][0] in pic
