"""Batched Throngs: the observations and masks written incrementally (the sites learnt from the
action), against the observer and the rules at every step; the random legal choice."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from numba import njit

from hexarena import vector
from hexarena.games.throngs.layout import _g_words, _g_words_bare, _words, _words_bare
from hexarena.observe import Observer
from hexarena.rng import rand_below
from hexarena.vector import VectorEnv
from hexarena.vector.calls import tabled_step_dispatcher
from hexarena.vector.deltas import memo_width, prime
from hexarena.vector.deltas_throngs import STREAM_BYTES, prefetch_span
from hexarena.vector.drivers import random_legal, seed_states
from hexarena.vector.streaming import store_fence, stream_plane


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"setup": "standard"},
        {"board": "large", "no_stalling": True},
        {"board": "hex", "size": 2},
        {"repetition": "off"},
    ],
)
def test_every_step_equals_the_observer_and_the_rules(options: dict[str, Any]) -> None:
    """Long random runs with restarts (game ends and the action cap): after every step, every
    environment's observation is the observer's, its mask the rules' legal actions and its
    memo row the one made from scratch."""
    env = VectorEnv("throngs", 6, options, seed=5, max_actions=120)
    assert not env._streamed
    _every_step_checked(env)


@pytest.mark.parametrize("options", [{}, {"board": "large"}, {"board": "hex", "size": 2}])
def test_every_step_with_streaming_stores_equals_the_observer(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same with the whole planes written by streaming stores (as for a buffer bigger than
    the caches; here at any size), on grids whose planes start on and off 32-byte boundaries."""
    monkeypatch.setattr(vector, "STREAM_BYTES", 0)
    env = VectorEnv("throngs", 6, options, seed=7, max_actions=120)
    assert env._streamed
    _every_step_checked(env)


def test_only_a_buffer_bigger_than_the_caches_is_streamed() -> None:
    """Streaming stores from :data:`STREAM_BYTES` of observations on, for Throngs (and
    Scrunch), not for the other games."""
    row = VectorEnv("throngs", 1).observations[0].nbytes
    big = -(-STREAM_BYTES // row)
    assert VectorEnv("throngs", big)._streamed
    assert not VectorEnv("throngs", big - 1)._streamed
    other = VectorEnv("china-grove", 1).observations[0].nbytes
    assert not VectorEnv("china-grove", -(-STREAM_BYTES // other))._streamed


@pytest.mark.parametrize("cells", [144, 25, 37, 8, 3])
def test_stream_plane_writes_the_plane_at_every_alignment(cells: int) -> None:
    """A whole plane by streaming stores is the plane by ordinary stores, whatever the plane's
    start against 32-byte boundaries (head and tail by ordinary stores), nothing else touched."""
    rng = np.random.default_rng(cells)
    board = (rng.random(cells) < 0.7).astype(np.int32)
    geo = np.concatenate([[5, cells, 1], np.zeros(5 + 3, np.int32), board]).astype(np.int32)
    for shift in range(16):
        raw = np.full(3 * cells + 64, 9.0, dtype=np.float32)
        start = (-raw.ctypes.data % 64) // 4 + shift
        out = raw[start : start + 3 * cells]
        _stream_plane_fenced(geo, out, 1, 0.625)
        want = np.full(3 * cells, 9.0, dtype=np.float32)
        want[cells : 2 * cells] = np.where(board != 0, 0.625, 0.0)
        assert np.array_equal(out, want), shift


@njit
def _stream_plane_fenced(geo: Any, out: Any, p: int, value: float) -> None:  # pragma: no cover
    stream_plane(geo, out, p, value)
    store_fence()


def _every_step_checked(env: VectorEnv) -> None:
    """Step ``env`` 360 times at random, checking every environment after every step."""
    n = env.num_envs
    observer = Observer(env.game)
    memo = np.zeros(memo_width(env.game), dtype=np.int32)
    phases: set[int] = set()
    ended = 0
    for t in range(360):
        _, _, terminated, truncated = env.step(env.random_actions())
        ended += int(terminated.sum() + truncated.sum())
        for i in range(n):
            st = env.state(i)
            phases.add(int(env.states[i, 8]))
            seat = int(env.current_player()[i])
            assert np.array_equal(env.observations[i], observer.observe(st, seat)), (t, i)
            assert np.flatnonzero(env.legal_mask()[i]).tolist() == sorted(st.legal_actions())
            prime(env.game, env.states[i], memo)
            assert np.array_equal(env._memo[i], memo), (t, i)
    assert ended > 0
    assert {4, 5, 6} <= phases  # selections, dispatches and deploys that may go on


def test_the_step_prefetches_the_state_without_the_repetition_table() -> None:
    """Throngs' state row is mostly its repetition table: the step fetches ahead the entries
    before it and a few of it; the other games their whole row (0)."""
    env = VectorEnv("throngs", 1)
    span = prefetch_span(env.game)
    assert 100 < span < env.states.shape[1] // 4
    assert prefetch_span(VectorEnv("gyre", 1, {"size": 4}).game) == 0


def test_one_compiled_step_serves_every_board() -> None:
    """The step reads how much of a state to fetch ahead from the constants at run time, so the
    boards share one step, compiled once (not once per board) and stepped correctly on each."""
    envs = [
        VectorEnv("throngs", 3, options, seed=2)
        for options in ({}, {"board": "large"}, {"board": "hex", "size": 3})
    ]
    assert len({id(env._delta_step) for env in envs}) == 1
    for env in envs:
        for _ in range(20):
            env.step(env.random_actions())
    # called through its table wrapper, compiled or loaded from the disk cache once (the step
    # itself is compiled in the process only when the wrapper is)
    assert len(tabled_step_dispatcher(envs[0]._delta_step).signatures) == 1
    assert len(envs[0]._delta_step.signatures) <= 1
    for env in envs:
        for i in range(env.num_envs):
            seat = int(env.current_player()[i])
            assert np.array_equal(env.observations[i], env.observer.observe(env.state(i), seat))


def test_random_legal_is_uniform_over_the_legal_actions() -> None:
    """Each legal action comes about equally often, never an illegal one; -1 with none legal."""
    mask = np.zeros((4, 189), dtype=np.bool_)
    mask[0, [0, 7, 64, 100, 188]] = True
    mask[1, 150] = True
    mask[2, :] = True
    rngs = seed_states(3, 4)
    out = np.zeros(4, dtype=np.int64)
    draws = 20_000
    counts = np.zeros((4, 189), dtype=np.int64)
    for _ in range(draws):
        random_legal(mask, rngs, out)
        for i in range(3):
            counts[i, out[i]] += 1
        assert out[3] == -1
    assert not (counts[:3] * ~mask[:3]).any()
    assert counts[1, 150] == draws
    # five actions: 4,000 each expected, standard deviation about 57; all of 189: about 106
    assert np.abs(counts[0, mask[0]] - draws / 5).max() < 300
    assert counts[2].min() > 0 and np.abs(counts[2] - draws / 189).max() < 60


@njit
def _views_agree(g: Any, arr: Any) -> bool:  # pragma: no cover - compiled
    """Whether the bare views of the state's and the constants' words are Numba's views."""
    a, b = _words(g, arr), _words_bare(g, arr)
    c, d = _g_words(g), _g_words_bare(g)
    if a.shape != b.shape or c.shape != d.shape:
        return False
    b[0] ^= np.uint64(5)  # the same memory: a write through one shows through the other
    seen = a[0] == b[0]
    b[0] ^= np.uint64(5)
    return seen and bool(np.all(a == b)) and bool(np.all(c == d))


@pytest.mark.parametrize("options", [{}, {"board": "large"}, {"repetition": "off"}])
def test_bare_views_are_the_views(options: dict[str, Any]) -> None:
    """``apply`` and the mask writer take the words through bare views: the same words, the
    same length, the same memory as Numba's ``view()``, on a position under way."""
    env = VectorEnv("throngs", 1, options, seed=2)
    for _ in range(30):
        env.step(env.random_actions())
    arr = env.states[0].copy()
    assert _views_agree(env.game.consts, arr)


def test_the_observations_start_on_a_cache_line() -> None:
    """The batched observation buffer starts on a 64-byte boundary, so that each of Throngs'
    original planes (144 floats) covers 9 whole cache lines, not 10; the buffer holds the
    starting observation, static planes included."""
    env = VectorEnv("throngs", 3)
    obs = env.observations
    assert obs.ctypes.data % 64 == 0
    assert obs[0, 0].nbytes % 64 == 0
    start = Observer(env.game).observe(env.state(0), 0)
    for i in range(3):
        assert np.array_equal(obs[i], start)


@njit
def _draws(rngs: Any, counts: Any, out: Any) -> None:  # pragma: no cover - compiled
    """``rand_below(rngs[i], counts[i])`` into ``out[i]`` where ``counts[i] > 0``."""
    for i in range(counts.shape[0]):
        if counts[i] > 0:
            out[i] = rand_below(rngs[i], counts[i])


@pytest.mark.parametrize(
    "width", [1, 7, 8, 9, 63, 64, 65, 71, 72, 95, 96, 97, 127, 128, 129, 160, 189, 200, 513]
)
def test_random_legal_takes_the_kth_legal_action_with_k_drawn_below_their_number(
    width: int,
) -> None:
    """For masks of every width about the blocks of 8, 32 and 64 entries, and legal actions from
    none to all: the choice is the ``k``-th legal action (from 0, in index order), ``k`` the
    generator's draw below their number (the same generators drawn alike), -1 with none."""
    rng = np.random.default_rng(width)
    for density in (0.0, 0.02, 0.3, 0.9, 1.0):
        mask = rng.random((40, width)) < density
        mask[0, :] = False
        mask[1, :] = True
        mask[2, :] = False
        mask[2, width - 1] = True
        rngs = seed_states(11, 40)
        twin = rngs.copy()
        out = np.zeros(40, dtype=np.int64)
        for _ in range(4):
            counts = mask.sum(axis=1)
            ks = np.zeros(40, dtype=np.int64)
            _draws(twin, counts, ks)
            random_legal(mask, rngs, out)
            for i in range(40):
                legal = np.flatnonzero(mask[i])
                assert out[i] == (legal[ks[i]] if len(legal) else -1), (density, i)
            assert np.array_equal(rngs, twin)
            mask = np.roll(mask, 1, axis=1)
