"""Scrunch's own mask writer for the batched environments against the rules' ``legal``."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexarena import vector
from hexarena.core import H_PLAYER
from hexarena.games import new_game
from hexarena.games.scrunch import (
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    S_PHASE,
    legal,
    legal_mask,
    mask_into,
    mask_scratch_size,
)
from hexarena.observe import Observer
from hexarena.vector import VectorEnv
from hexarena.vector.deltas import memo_width, prime


@pytest.mark.parametrize("size", [3, 4, 5, 6])
def test_mask_writer_equals_legal_over_random_games(size: int) -> None:
    """Whole random games, one working space kept from action to action and from game to game
    (as a batched environment keeps it): after every action the mask written equals ``legal``'s
    list, in every decision (eggs and growths, the stone, its destination, removals) and at the
    end of the game, and the writer with its own working space agrees."""
    game = new_game("scrunch", size=size)
    g = game.consts
    n = game.board.size
    rng = np.random.default_rng(size)
    scratch = np.zeros(mask_scratch_size(n), dtype=np.int32)
    row = np.zeros(2 * n, dtype=np.bool_)
    fresh = np.zeros(2 * n, dtype=np.bool_)
    seen = {PH_START: 0, PH_PICK: 0, PH_DEST: 0, PH_REMOVE: 0}
    removals = ends = 0
    for _ in range(40 if size < 6 else 10):
        arr = game.initial_array()
        while True:
            acts = legal(g, arr)
            mask_into(g, arr, row, scratch)
            legal_mask(g, arr, fresh)
            assert np.flatnonzero(row).tolist() == acts.tolist()
            assert np.array_equal(row, fresh)
            if arr[H_PLAYER] < 0:
                ends += 1
                break
            seen[int(arr[S_PHASE])] += 1
            a = int(acts[rng.integers(len(acts))])
            removals += a >= n
            game.kernels.apply(g, arr, a)
    assert ends > 0 and removals > 0
    assert min(seen[p] for p in (PH_START, PH_PICK, PH_DEST)) > 0
    if size < 6:
        assert seen[PH_REMOVE] > 0, "no second removal in a turn: that decision went untested"


def test_batched_masks_equal_legal_at_every_step() -> None:
    """A batched environment on a small board, random steps with restarts: after every step,
    every environment's mask (written into its row with the working space of its memo row)
    lists exactly the rules' legal actions of its position."""
    env = VectorEnv("scrunch", 12, {"size": 4}, seed=5)
    g = env.game.consts
    ended = 0
    phases: set[int] = set()
    for _ in range(500):
        _, _, terminated, _ = env.step(env.random_actions())
        ended += int(terminated.sum())
        for i in range(env.num_envs):
            arr = env.states[i]
            phases.add(int(arr[S_PHASE]))
            assert np.flatnonzero(env.legal_mask()[i]).tolist() == legal(g, arr).tolist()
    assert ended > 0
    assert {PH_START, PH_PICK, PH_DEST} <= phases


@pytest.mark.parametrize(("size", "big"), [(3, False), (5, False), (5, True)])
def test_observation_learnt_from_the_action_at_every_step(
    size: int, big: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The observation updated from the action's cells (every cell after a removal): after
    every step of a batched run with restarts, every environment's observation is the
    observer's for its position and seat, and its memo row (what the observation shows) the one
    made from scratch; eggs, placements, stones picked, destinations and removals all stepped
    through. The same in a batch taken for one whose observations far outgrow the caches, where
    Scrunch's phase planes are rewritten rather than swapped (by ordinary stores: no streaming
    stores, unlike Throngs'); its seat planes are rewritten at every size."""
    if big:
        monkeypatch.setattr(vector, "STREAM_BYTES", 0)
        monkeypatch.setattr(vector, "REWRITE_BYTES", 0)
    n_envs = 8
    env = VectorEnv("scrunch", n_envs, {"size": size}, seed=3)
    assert not env._streamed
    assert env._rewritten == big
    observer = Observer(env.game)
    n = env.game.board.size
    memo = np.zeros(memo_width(env.game), dtype=np.int32)
    shown = memo_width(env.game, scratch=False)
    kinds: set[str] = set()
    ended = 0
    for t in range(250 if size == 3 else 120):
        before = env.states.copy()
        acts = env.random_actions()
        _, _, terminated, truncated = env.step(acts)
        ended += int(terminated.sum() + truncated.sum())
        for i in range(n_envs):
            a = int(acts[i])
            ph = int(before[i, S_PHASE])
            if a >= n:
                kinds.add("removal")
            elif ph == PH_START:
                kinds.add("egg" if env.states[i, S_PHASE] == PH_START else "placement")
            else:
                kinds.add({PH_PICK: "stone", PH_DEST: "destination"}[ph])
            st = env.state(i)
            seat = int(env.current_player()[i])
            assert np.array_equal(env.observations[i], observer.observe(st, seat)), (t, i)
            prime(env.game, env.states[i], memo)
            assert np.array_equal(env._memo[i, :shown], memo[:shown]), (t, i)
    assert ended > 0
    assert kinds == {"egg", "placement", "stone", "destination", "removal"}


def test_the_search_kernels_are_compiled_without_reference_counts() -> None:
    """The kernels of the mask's searches make no array and are compiled without Numba's
    reference counting (a runtime call per array at every entry and exit, about a third of
    the mask's time); the kernels that make arrays keep it."""
    from hexarena.games.scrunch import masks, rules, search, tables

    plain: list[Any] = [
        search.can_complete,
        search._candidates,
        search._stones_of_growth,
        rules._legal_into,
        rules._apply,
        masks.mask_into,
        tables.do_growth,
        tables.remove_snake,
    ]
    for kernel in plain:
        assert kernel.targetoptions.get("_nrt") is False, kernel.py_func.__name__
    counted: list[Any] = [rules.legal, rules.apply, rules.is_legal, rules.playout, masks.legal_mask]
    for kernel in counted:
        assert kernel.targetoptions.get("_nrt", True) is not False, kernel.py_func.__name__
