"""Throngs' mask writers (``games.throngs.masks``): the writer without reference counting
(``_mask_fast``), the full search it leaves to ``_mask_searched``, and the one compiled into
the batched step (``mask_inline``) mark exactly the legal actions, on positions of random play
that take every path (set-up, colour choice, selection, destinations on a window and beyond)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numba import njit

from hexarena.core import H_PLAYER
from hexarena.games.throngs import P_DISPATCH, S_BUDGET, S_PHASE
from hexarena.games.throngs.masks import _mask_fast, legal_mask, mask_inline
from hexarena.vector import VectorEnv


@njit
def _inline(g: Any, arr: Any, row: Any) -> None:
    mask_inline(g, arr, row)


def _positions(options: dict[str, Any], steps: int) -> Any:
    """The states of 64 games of random play, every step."""
    env = VectorEnv("throngs", 64, options, seed=7)
    seen = [env.states.copy()]
    for _ in range(steps):
        env.step(env.random_actions())
        seen.append(env.states.copy())
    return env.game, np.concatenate(seen)


@pytest.mark.parametrize(
    "options", [{}, {"board": "large", "no_stalling": True}, {"board": "hex", "size": 2}]
)
def test_every_writer_marks_the_legal_actions(options: dict[str, Any]) -> None:
    game, states = _positions(options, 300)
    g = game.consts
    searched = 0
    row = np.zeros(game.num_distinct_actions, dtype=np.bool_)
    for arr in states:
        legal = sorted(int(a) for a in game.kernels.legal(g, arr))
        for writer in (legal_mask, _inline):
            row[:] = True
            writer(g, arr, row)
            assert np.flatnonzero(row).tolist() == legal
        row[:] = True
        if _mask_fast(g, arr, row):
            assert np.flatnonzero(row).tolist() == legal
        else:  # only a destination phase (the budget too big for a window of two words)
            searched += 1
            assert arr[H_PLAYER] >= 0 and arr[S_PHASE] >= P_DISPATCH and arr[S_BUDGET] >= 1
    if options == {"board": "large", "no_stalling": True}:
        assert searched > 0  # the large board's bitboards are more than three words
