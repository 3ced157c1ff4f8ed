"""Throngs' mask writers (``games.throngs.masks``): the writer without reference counting
(``_mask_fast``), the full search it leaves to ``_mask_searched``, and the one compiled into
the batched step (``mask_inline``) mark exactly the legal actions, on positions of random play
that take every path (set-up, colour choice, selection, destinations on a window and beyond)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from hexarena.bits import HAS_BMI2, pext64
from hexarena.core import H_PLAYER
from hexarena.games.throngs import P_DISPATCH, S_BUDGET, S_PHASE
from hexarena.games.throngs.masks import (
    _mask_fast,
    _pext_search,
    _put8_each,
    _put8_pdep,
    legal_mask,
    mask_inline,
)
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


@njit(cache=True)
def _both_pext(v: Any, m: Any) -> tuple[Any, Any]:  # pragma: no cover - compiled
    return pext64(v, m), _pext_search(v, m)


@njit(cache=True)
def _put_both(bits: Any, at: int) -> tuple[Any, Any]:  # pragma: no cover - compiled
    a = np.ones(16, dtype=np.bool_)
    b = np.ones(16, dtype=np.bool_)
    _put8_each(a, at, bits)
    if HAS_BMI2:
        _put8_pdep(b, at, bits)
    return a, b


@given(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1), st.integers(0, 8))
def test_the_bits_of_a_word_at_its_sites_go_to_consecutive_entries(v: int, m: int, at: int) -> None:
    """The mask writer's two ways (BMI2's ``pext`` and ``pdep``, and a bit at a time) pack
    the bits of a word at a board word's sites and store eight of them as eight entries."""
    packed = sum(1 << i for i, b in enumerate(b for b in range(64) if m >> b & 1) if v >> b & 1)
    fast, slow = _both_pext(np.uint64(v), np.uint64(m)) if HAS_BMI2 else (packed, None)
    assert int(fast) == packed
    if slow is not None:
        assert int(slow) == packed
    each, pdep = _put_both(np.uint64(v), at)
    want = np.ones(16, dtype=np.bool_)
    want[at : at + 8] = [bool(v >> j & 1) for j in range(8)]
    assert np.array_equal(each, want)
    if HAS_BMI2:
        assert np.array_equal(pdep, want)
