"""Batched environments' incremental observations and masks against writes from scratch."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexarena.observe import Observer
from hexarena.vector import VectorEnv
from hexarena.vector.deltas import memo_width, prime

from .conftest import SMALL_OPTIONS

#: Every game on a small board and on the benchmark's board (other code paths: Churn's mask
#: after the isolated cells run out, Throngs' potentials on a larger board, a China Grove board
#: of its own seed).
BOARDS: list[tuple[str, dict[str, Any]]] = [
    *sorted(SMALL_OPTIONS.items()),
    ("churn", {"size": 5}),
    ("gyre", {"size": 7}),
    ("scrunch", {"size": 5}),
    ("china-grove", {"board_seed": 3}),
    ("throngs", {}),
]


def _from_scratch(env: VectorEnv, observer: Observer) -> tuple[np.ndarray, np.ndarray]:
    """Every environment's observation written whole, and its legal actions from ``legal``."""
    obs = np.stack(
        [observer.observe(env.state(i), int(env.current_player()[i])) for i in range(env.num_envs)]
    )
    mask = np.zeros((env.num_envs, env.num_actions), dtype=np.bool_)
    for i in range(env.num_envs):
        mask[i, env.state(i).legal_actions()] = True
    return obs, mask


@pytest.mark.parametrize(("name", "options"), BOARDS)
def test_incremental_writes_equal_writes_from_scratch(name: str, options: dict[str, Any]) -> None:
    """Many random steps with restarts: after every step, each environment's observation and
    mask equal the ones written from scratch for its position, its memo row the one made from
    scratch, and the environment that rewrites everything agrees step by step."""
    n = 8
    # Churn's games on side 5 and Throngs' on the original board outlast the steps: the action
    # cap restarts them
    cap = 150 if (name, options) in [("churn", {"size": 5}), ("throngs", {})] else None
    env = VectorEnv(name, n, options, seed=11, max_actions=cap)
    whole = VectorEnv(name, n, options, seed=11, incremental=False, max_actions=cap)
    assert env.incremental and not whole.incremental
    observer = Observer(env.game)
    memo = np.zeros(memo_width(env.game), dtype=np.int32)
    shown = memo_width(env.game, scratch=False)
    restarts = 0
    steps = 400
    for t in range(steps):
        acts = env.random_actions()
        _, _, terminated, truncated = env.step(acts)
        whole.step(acts)
        restarts += int(terminated.sum() + truncated.sum())
        assert np.array_equal(env.states, whole.states)
        assert np.array_equal(env.observations, whole.observations), f"step {t}"
        assert np.array_equal(env.legal_mask(), whole.legal_mask()), f"step {t}"
        if t % 25 == 0 or terminated.any():
            obs, mask = _from_scratch(env, observer)
            assert np.array_equal(env.observations, obs), f"step {t}"
            assert np.array_equal(env.legal_mask(), mask), f"step {t}"
            for i in range(n):
                prime(env.game, env.states[i], memo)
                assert np.array_equal(env._memo[i, :shown], memo[:shown]), f"step {t}, env {i}"
    assert restarts > 0, "no game ended: the restarts were not tested"


def test_incremental_writes_after_reset_and_truncation() -> None:
    """A reset mid-game and games cut by the action cap restart the observations the same way
    in both kinds of environment."""
    env = VectorEnv("scrunch", 5, {"size": 3}, seed=2, max_actions=7)
    whole = VectorEnv("scrunch", 5, {"size": 3}, seed=2, max_actions=7, incremental=False)
    cut = 0
    for k in range(30):
        if k == 12:
            env.reset()
            whole.reset()
        acts = env.random_actions()
        whole.random_actions()
        _, _, _, truncated = env.step(acts)
        whole.step(acts)
        cut += int(truncated.sum())
        assert np.array_equal(env.observations, whole.observations)
        assert np.array_equal(env.legal_mask(), whole.legal_mask())
        assert np.array_equal(env.states, whole.states)
    assert cut > 0
    assert np.array_equal(env.observations[0], env.reset()[0])
    assert np.array_equal(env.observations, whole.reset())


def test_the_first_observation_is_the_observers() -> None:
    """Right after construction every observation is the starting position's, written whole."""
    for name, options in BOARDS[:5]:
        env = VectorEnv(name, 3, options)
        observer = Observer(env.game)
        st = env.game.new_initial_state()
        first = observer.observe(st, st.current_player)
        assert all(np.array_equal(env.observations[i], first) for i in range(3))
        assert env.legal_mask()[0].tolist() == [
            a in st.legal_actions() for a in range(env.num_actions)
        ]
