"""The search's calls of a game's kernels through their addresses (hexarena.ai.kernel_calls)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numba import njit

import hexarena
from hexarena.ai.kernel_calls import (
    K_APPLY,
    K_LEGAL,
    K_PLAYOUT,
    call_apply,
    call_legal,
    call_playout,
    kernel_addresses,
)
from hexarena.core import H_PLAYER, Array
from hexarena.rng import make_rng


@njit(cache=False)
def _through_addresses(g: Array, arr: Array, kernels: Any, rng: Any, out: Array) -> Array:
    """Legal actions, apply the last of them, then a playout of at most 5 actions: all through
    the addresses; returns the legal actions of the first position."""
    acts = call_legal(kernels[K_LEGAL], g, arr)
    call_apply(kernels[K_APPLY], g, arr, acts[acts.shape[0] - 1])
    call_playout(kernels[K_PLAYOUT], g, arr, rng, out, 5)
    return acts


@pytest.mark.parametrize("name", ["gyre", "churn"])
def test_calls_through_addresses_do_what_the_kernels_do(name: str) -> None:
    game = hexarena.new_game(name)
    k = game.kernels
    g = game.consts
    mine, theirs = game.initial_array(), game.initial_array()
    kernels = kernel_addresses(k.legal, k.apply, k.playout, g, mine, make_rng(1))
    out_mine = np.full(5, -1, dtype=np.int32)
    out_theirs = np.full(5, -1, dtype=np.int32)
    acts = _through_addresses(g, mine, kernels, make_rng(7), out_mine)
    expected = k.legal(g, theirs)
    k.apply(g, theirs, int(expected[-1]))
    k.playout(g, theirs, make_rng(7), out_theirs, 5)
    assert acts.tolist() == expected.tolist()
    assert out_mine.tolist() == out_theirs.tolist() and (out_mine >= 0).all()
    assert mine.tolist() == theirs.tolist()
    assert theirs[H_PLAYER] >= 0 or (out_mine >= 0).any()


def test_a_kernel_returning_another_type_is_refused_with_its_role() -> None:
    game = hexarena.new_game("gyre")
    k = game.kernels

    @njit(cache=False)
    def wrong_legal(g: Array, arr: Array) -> float:
        return 1.0

    with pytest.raises(TypeError, match=r"the legal kernel .* returns float64"):
        kernel_addresses(wrong_legal, k.apply, k.playout, game.consts, game.initial_array(), 1)


def test_a_kernel_compiled_only_for_other_argument_types_is_compiled_for_the_search() -> None:
    @njit(cache=False)
    def count(g: Array, arr: Array, rng: Array, out: Array, limit: int) -> int:
        return limit + 1

    @njit(cache=False)
    def nothing(g: Array, arr: Array, a: Any) -> None:
        arr[0] = a

    @njit(cache=False)
    def two(g: Array, arr: Array) -> Array:
        return np.arange(2).astype(np.int32)

    g = np.zeros(3, dtype=np.int32)
    arr = np.zeros(3, dtype=np.int32)
    nothing(g, arr, np.int32(4))  # an int32 signature only
    kernels = kernel_addresses(two, nothing, count, g, arr, make_rng(1))
    assert len(nothing.signatures) == 2

    @njit(cache=False)
    def use(g: Array, arr: Array, kernels: Any, rng: Any) -> int:
        call_apply(kernels[K_APPLY], g, arr, np.int32(9))
        return (
            call_playout(kernels[K_PLAYOUT], g, arr, rng, arr, 41)
            + call_legal(kernels[K_LEGAL], g, arr).shape[0]
        )

    assert use(g, arr, kernels, make_rng(1)) == 44
    assert arr[0] == 9


def test_an_exception_in_a_kernel_reaches_the_caller_of_the_search() -> None:
    @njit(cache=False)
    def refuse(g: Array, arr: Array, a: int) -> None:
        if a < 0:
            raise ValueError("a negative action")
        arr[0] = a

    @njit(cache=False)
    def legal(g: Array, arr: Array) -> Array:
        return np.zeros(1, dtype=np.int32)

    @njit(cache=False)
    def playout(g: Array, arr: Array, rng: Array, out: Array, limit: int) -> int:
        return 0

    @njit(cache=False)
    def use(g: Array, arr: Array, kernels: Any, a: int) -> int:
        call_apply(kernels[K_APPLY], g, arr, a)
        return 1

    g = np.zeros(3, dtype=np.int32)
    arr = np.zeros(3, dtype=np.int32)
    kernels = kernel_addresses(legal, refuse, playout, g, arr, make_rng(1))
    assert use(g, arr, kernels, 5) == 1 and arr[0] == 5
    with pytest.raises(ValueError, match="a negative action"):
        use(g, arr, kernels, -1)
