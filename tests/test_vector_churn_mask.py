"""Churn's batched mask writer (:func:`hexarena.vector.deltas.mask_churn`) against the rules'
``legal`` at every step, on regular and irregular boards, with restarts."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games import churn
from hexarena.vector import VectorEnv

BOARDS: list[dict[str, Any]] = [
    {"size": 2},
    {"size": 3},
    {"size": 4},
    {"size": 5},
    {"sides": (3, 4, 3, 4, 3, 4)},
]


@pytest.mark.parametrize("options", BOARDS)
def test_mask_equals_legal_at_every_step(options: dict[str, Any]) -> None:
    """Random games: after every step each environment's mask is exactly the rules' legal
    actions, both while isolated cells are left and when only the smallest groups are legal
    (ties included), and games end and restart."""
    n = 12
    env = VectorEnv("churn", n, options, seed=5, max_actions=120)
    smallest = ties = restarts = 0
    for t in range(240):
        _, _, terminated, truncated = env.step(env.random_actions())
        restarts += int(terminated.sum() + truncated.sum())
        mask = env.legal_mask()
        for i in range(n):
            arr = env.states[i]
            want = np.zeros(env.num_actions, dtype=np.bool_)
            want[env.state(i).legal_actions()] = True
            assert np.array_equal(mask[i], want), f"step {t}, env {i}"
            if arr[H_PLAYER] >= 0 and arr[churn.S_ISO + arr[H_COLOUR]] == 0:
                smallest += 1
                ties += int(mask[i, : arr[churn.S_N]].sum() > 1)
    assert smallest > 0 and ties > 0, "the smallest-group mask was not exercised"
    assert restarts > 0, "no game ended: the restarts were not tested"
