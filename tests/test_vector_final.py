"""Batched environments: the final observation and mask of the games a step ended, before the
same-step auto-reset put a new game in their place (``VectorEnv.final``)."""

from __future__ import annotations

import numpy as np
import pytest

from hexarena.core import State
from hexarena.observe import Observer
from hexarena.vector import Final, VectorEnv

from .conftest import SMALL_OPTIONS

GAMES = sorted(SMALL_OPTIONS)


def _check_final(env: VectorEnv, steps: int) -> tuple[int, int]:
    """Random steps against plain States: after each step, ``env.final()`` holds exactly the
    environments that ended, each with the observation and mask of its last position (as the
    seat to act sees it after a truncation, as the seat that acted after the game's end),
    that seat and the position's state array. Returns the counts of games terminated and
    truncated."""
    game = env.game
    observer = Observer(game)
    n = env.num_envs
    states = [game.new_initial_state() for _ in range(n)]
    ended = [0, 0]
    for _ in range(steps):
        acts = env.random_actions()
        seats = env.current_player()
        _, _, terminated, truncated = env.step(acts)
        final = env.final()
        done = np.flatnonzero(terminated | truncated)
        assert final.envs.tolist() == done.tolist()
        assert final.observations.shape == (len(done), *observer.shape)
        assert final.masks.shape == (len(done), env.num_actions)
        assert final.states.shape == (len(done), env.states.shape[1])
        for i, st in enumerate(states):
            st.apply(int(acts[i]))
            if i not in done:
                continue
            k = int(np.searchsorted(done, i))
            seat = int(seats[i]) if st.is_terminal() else st.current_player
            assert final.seats[k] == seat
            assert np.array_equal(final.observations[k], observer.observe(st, seat))
            legal = [] if st.is_terminal() else st.legal_actions()
            assert np.flatnonzero(final.masks[k]).tolist() == legal
            assert np.array_equal(final.states[k][:8], st.array[:8])
            kept = State(game, final.states[k].copy())
            assert np.array_equal(observer.observe(kept, seat), final.observations[k])
            ended[0 if terminated[i] else 1] += 1
            states[i] = game.new_initial_state()
    return ended[0], ended[1]


@pytest.mark.parametrize("incremental", [True, False])
@pytest.mark.parametrize("name", GAMES)
def test_final_holds_the_games_that_ended(name: str, incremental: bool) -> None:
    env = VectorEnv(name, 4, SMALL_OPTIONS[name], seed=5, incremental=incremental)
    terminated, _ = _check_final(env, 200)
    if name != "churn":  # Churn's games outlast the steps even on side 3
        assert terminated > 0, "no game ended: the final positions were not tested"


@pytest.mark.parametrize("name", GAMES)
def test_final_holds_the_games_truncated(name: str) -> None:
    env = VectorEnv(name, 3, SMALL_OPTIONS[name], seed=2, max_actions=9)
    _, truncated = _check_final(env, 40)
    assert truncated > 0


def test_final_is_empty_when_nothing_ended_and_after_a_reset() -> None:
    env = VectorEnv("gyre", 3, {"size": 4}, seed=1, max_actions=2)
    empty = env.final()
    assert isinstance(empty, Final) and empty.envs.shape == (0,)
    assert empty.observations.shape == (0, *env.observation_shape)
    assert empty.masks.shape == (0, env.num_actions) and empty.seats.shape == (0,)
    env.step(env.random_actions())
    assert env.final().envs.shape == (0,)
    env.step(env.random_actions())
    assert env.final().envs.tolist() == [0, 1, 2]
    env.reset()
    assert env.final().envs.shape == (0,)


def test_final_arrays_are_the_callers() -> None:
    """A new set of arrays at every call: kept past the next step, written freely."""
    env = VectorEnv("gyre", 2, {"size": 4}, seed=1, max_actions=1)
    env.step(env.random_actions())
    first = env.final()
    kept = first.observations.copy()
    first.observations[...] = 7
    assert np.array_equal(env.final().observations, kept)
    env.step(env.random_actions())
    assert env.final().envs.tolist() == [0, 1]
