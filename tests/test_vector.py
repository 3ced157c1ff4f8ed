"""Batched environments (hexarena.vector) against the plain State API, step by step."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from hexarena.core import H_COLOUR, H_PLAYER, HexArenaError, IllegalActionError, State
from hexarena.observe import Observer
from hexarena.vector import VectorEnv

from .conftest import SMALL_OPTIONS

GAMES = sorted(SMALL_OPTIONS)
#: Steps per game for the step-by-step comparison (enough for several games to end and restart).
STEPS = {"churn": 300, "gyre": 300, "throngs": 300, "scrunch": 300, "china-grove": 300}


def winner_seat(st: State) -> int:
    out = st.outcome()
    assert out is not None
    return out.winner


@pytest.mark.parametrize("name", GAMES)
def test_steps_agree_with_the_state_api(name: str) -> None:
    """Random seeded games: masks, arrays, rewards and restarts match plain States, and each
    environment's observation is the single-game observer's, as the seat to act sees it."""
    n = 4
    env = VectorEnv(name, n, SMALL_OPTIONS[name], seed=7)
    game = env.game
    observer = Observer(game)
    states = [game.new_initial_state() for _ in range(n)]
    assert env.observations.shape == (n, *observer.shape)
    assert env.plane_names == observer.planes
    ends = 0
    for _ in range(STEPS[name]):
        mask = env.legal_mask()
        for i, st in enumerate(states):
            assert np.flatnonzero(mask[i]).tolist() == st.legal_actions()
            assert np.array_equal(env.states[i], st.array)
            assert np.array_equal(env.observations[i], observer.observe(st, st.current_player))
            assert env.current_player()[i] == st.current_player
        acts = env.random_actions()
        assert all(mask[i, a] for i, a in enumerate(acts))
        _, rewards, terminated, truncated = env.step(acts)
        assert not truncated.any()
        for i, st in enumerate(states):
            st.apply(int(acts[i]))
            if st.is_terminal():
                assert terminated[i]
                w = winner_seat(st)
                assert rewards[i].tolist() == [1.0 if w == 0 else -1.0, 1.0 if w == 1 else -1.0]
                states[i] = game.new_initial_state()
                ends += 1
            else:
                assert not terminated[i]
                assert rewards[i].tolist() == [0.0, 0.0]
    if name != "churn":  # Churn's games outlast the steps even on side 3
        assert ends > 0, "no game ended: the restarts were not tested"


#: The benchmark's boards: larger than the small ones above, and other code paths (Throngs'
#: mask on the original board searches destinations on windows of the bitboards).
USUAL = [
    ("churn", {"size": 5}),
    ("gyre", {"size": 7}),
    ("throngs", {}),
    ("throngs", {"board": "large"}),
    ("scrunch", {"size": 5}),
    ("china-grove", {}),
]


@pytest.mark.parametrize(("name", "options"), USUAL)
def test_masks_and_results_agree_on_the_usual_boards(name: str, options: dict[str, Any]) -> None:
    """Random games on the benchmark's boards: every mask is the State's legal actions, every
    observation the single-game observer's, and every step's result (state array, reward,
    restart) the State's."""
    n = 6
    env = VectorEnv(name, n, options, seed=3)
    game = env.game
    observer = Observer(game)
    states = [game.new_initial_state() for _ in range(n)]
    for _ in range(250):
        mask = env.legal_mask()
        for i, st in enumerate(states):
            assert np.flatnonzero(mask[i]).tolist() == st.legal_actions()
            assert np.array_equal(env.observations[i], observer.observe(st, st.current_player))
        acts = env.random_actions()
        _, rewards, terminated, _ = env.step(acts)
        for i, st in enumerate(states):
            st.apply(int(acts[i]))
            assert terminated[i] == st.is_terminal()
            if st.is_terminal():
                assert rewards[i, winner_seat(st)] == 1
                states[i] = game.new_initial_state()
            assert np.array_equal(env.states[i], states[i].array)


def test_auto_reset_restarts_only_the_ended_game() -> None:
    """The step that ends a game restarts that environment at once; the others go on."""
    env = VectorEnv("gyre", 2, {"size": 3}, seed=3)
    start = env.states[0].copy()
    first_planes = env.observations[0].copy()
    st = env.game.new_initial_state()
    while True:
        acts = env.random_actions()
        a = int(acts[0])
        st.apply(a)
        before = env.episode_lengths.copy()
        _, rewards, terminated, _ = env.step(acts)
        if st.is_terminal():
            break
        assert not terminated[0]
    assert terminated[0]
    assert rewards[0, winner_seat(st)] == 1
    assert np.array_equal(env.states[0], start)
    assert np.array_equal(env.observations[0], first_planes)
    assert env.episode_lengths[0] == 0
    assert env.legal_mask()[0].sum() == env.game.board.size  # every cell of the empty board
    if not terminated[1]:
        assert env.episode_lengths[1] == before[1] + 1


def test_truncation_at_the_cap() -> None:
    """``max_actions`` ends a game unfinished: truncated, reward 0, and a restart."""
    env = VectorEnv("churn", 3, {"size": 3}, seed=1, max_actions=5)
    assert env.max_actions == 5
    for k in range(5):
        _, rewards, terminated, truncated = env.step(env.random_actions())
        assert not terminated.any()
        assert truncated.all() == (k == 4)
        assert not rewards.any()
    assert (env.episode_lengths == 0).all()
    assert (env.states == env.game.initial_array()).all()


def test_default_caps() -> None:
    """Throngs takes its random-play cap; the games that always end have none."""
    assert VectorEnv("throngs", 1, SMALL_OPTIONS["throngs"]).max_actions == 100_000
    assert VectorEnv("gyre", 1, {"size": 3}).max_actions == 0
    assert VectorEnv("throngs", 1, SMALL_OPTIONS["throngs"], max_actions=0).max_actions == 0


def _run(env: VectorEnv, steps: int) -> list[np.ndarray]:
    out = []
    for _ in range(steps):
        acts = env.random_actions()
        out.append(acts)
        env.step(acts)
    out.append(env.observations.copy())
    return out


def test_seeding_is_reproducible() -> None:
    """Same seed, same random actions and planes; another seed differs; reset(seed) repeats."""
    a = VectorEnv("gyre", 8, {"size": 4}, seed=11)
    b = VectorEnv("gyre", 8, {"size": 4}, seed=11)
    c = VectorEnv("gyre", 8, {"size": 4}, seed=12)
    ra, rb, rc = _run(a, 40), _run(b, 40), _run(c, 40)
    assert all(np.array_equal(x, y) for x, y in zip(ra, rb, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(ra, rc, strict=True))
    a.reset(seed=11)
    assert all(np.array_equal(x, y) for x, y in zip(_run(a, 40), ra, strict=True))
    # the environments of one batch do not all play the same game
    assert len({tuple(r) for r in np.stack(ra[:-1]).T.tolist()}) > 1


def test_no_seed_draws_a_fresh_one() -> None:
    """``seed=None`` draws the generators from fresh entropy, as NumPy's ``default_rng(None)``
    does (it silently meant seed 0, the default); the default stays 0, reproducible."""
    runs = [_run(VectorEnv("gyre", 64, {"size": 7}, seed=None), 3)[0] for _ in range(2)]
    assert not np.array_equal(runs[0], runs[1])
    zero = _run(VectorEnv("gyre", 64, {"size": 7}, seed=0), 3)[0]
    assert np.array_equal(zero, _run(VectorEnv("gyre", 64, {"size": 7}), 3)[0])


def test_the_generators_are_seeded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new environment draws its generators once, from its seed (or from fresh entropy for
    ``None``), not from fresh entropy first and then again from the seed; the seeded draws
    are the ones they were (pinned), and ``reset(seed=...)`` still restarts them."""
    import hexarena.vector as vector

    seeds: list[int | None] = []
    real = vector.seed_states

    def counting(seed: int | None, n: int) -> np.ndarray:
        seeds.append(seed)
        return real(seed, n)

    monkeypatch.setattr(vector, "seed_states", counting)
    env = VectorEnv("gyre", 8, {"size": 5}, seed=7)
    assert seeds == [7]
    assert env.random_actions().tolist() == [38, 8, 34, 9, 16, 60, 27, 4]
    env.step(env.random_actions())
    assert env.random_actions().tolist() == [58, 61, 60, 9, 48, 55, 18, 48]
    env.reset(seed=3)
    assert seeds == [7, 3]
    assert env.random_actions().tolist() == [48, 30, 25, 0, 58, 45, 41, 14]
    VectorEnv("gyre", 8, {"size": 5}, seed=None)
    assert seeds == [7, 3, None]


def _snapshot(env: VectorEnv) -> list[np.ndarray]:
    return [
        env.states.copy(),
        env.observations.copy(),
        env.legal_mask().copy(),
        env.episode_lengths.copy(),
    ]


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([0, 0], "shape (3,)"),
        ([[0, 0, 0]], "shape (3,)"),
        ([0.0, 1.0, 2.0], "integers"),
        (["a", "b", "c"], "integers"),
        ([0, 999, 0], "environment 1: 999 is not an action of gyre (0..37)"),
        ([0, -1, 0], "environment 1: -1 is not an action"),
    ],
)
def test_bad_actions_are_refused(actions: Any, message: str) -> None:
    env = VectorEnv("gyre", 3, {"size": 4}, seed=2)
    env.step(env.random_actions())
    before = _snapshot(env)
    with pytest.raises(IllegalActionError) as info:
        env.step(np.asarray(actions))
    assert message in str(info.value)
    assert all(np.array_equal(x, y) for x, y in zip(before, _snapshot(env), strict=True))


def test_an_illegal_action_names_the_environment_and_changes_nothing() -> None:
    env = VectorEnv("gyre", 3, {"size": 4}, seed=2)
    acts = env.random_actions()
    env.step(acts)
    taken = int(acts[2])  # that cell is now occupied in environment 2
    before = _snapshot(env)
    good = env.random_actions()
    bad = good.copy()
    bad[2] = taken
    with pytest.raises(IllegalActionError) as info:
        env.step(bad)
    text = str(info.value)
    assert text.startswith(f"environment 2: action {taken} ({env.game.action_text(taken)})")
    assert "not legal now" in text
    assert info.value.index == 2
    assert all(np.array_equal(x, y) for x, y in zip(before, _snapshot(env), strict=True))
    env.step(good)  # and the environment still works


def _as_kind(acts: np.ndarray, kind: int) -> np.ndarray:
    """``acts`` as a strided, a read-only, an unaligned or a byte-swapped array."""
    if kind == 0:
        return np.repeat(acts, 2)[::2]
    if kind == 1:
        out = acts.copy()
        out.flags.writeable = False
        return out
    if kind == 2:
        out = np.zeros(acts.nbytes + 1, dtype=np.uint8)[1:].view(np.int64)
        out[:] = acts
        assert not out.flags.aligned
        return out
    return acts.astype(">i8")


@pytest.mark.parametrize("incremental", [True, False])
def test_actions_in_any_layout_are_read_as_their_values(incremental: bool) -> None:
    """The compiled step takes a one-dimensional ``int64`` array of actions as it is (its
    strides honoured, read-only and unaligned ones too); a byte-swapped one is converted: each
    steps exactly as the same actions in a plain array, and a refused one in such an array
    names the right environment and changes nothing."""
    a = VectorEnv("churn", 5, {"size": 3}, seed=4, incremental=incremental)
    b = VectorEnv("churn", 5, {"size": 3}, seed=4, incremental=incremental)
    for k in range(16):
        acts = a.random_actions()
        assert np.array_equal(acts, b.random_actions())
        given = _as_kind(acts, k % 4)
        assert given.tolist() == acts.tolist()
        a.step(given)
        b.step(acts)
        assert all(np.array_equal(x, y) for x, y in zip(_snapshot(a), _snapshot(b), strict=True))
    acts = a.random_actions()
    acts[3] = a.num_actions
    before = _snapshot(a)
    for kind in range(4):
        with pytest.raises(IllegalActionError) as info:
            a.step(_as_kind(acts, kind))
        assert str(info.value).startswith(f"environment 3: {a.num_actions} is not an action")
        assert all(np.array_equal(x, y) for x, y in zip(before, _snapshot(a), strict=True))


@pytest.mark.parametrize("incremental", [True, False])
def test_actions_of_another_length_are_refused_either_way(incremental: bool) -> None:
    """A one-dimensional ``int64`` array of the wrong length (which the compiled step refuses
    itself) and other shapes are refused with the same message, nothing changed."""
    env = VectorEnv("gyre", 3, {"size": 4}, seed=2, incremental=incremental)
    env.step(env.random_actions())
    before = _snapshot(env)
    for bad in (np.zeros(2, np.int64), np.zeros(4, np.int64), np.zeros(0, np.int64)):
        with pytest.raises(IllegalActionError, match=r"shape \(3,\), not \(\d,\)"):
            env.step(bad)
    with pytest.raises(IllegalActionError, match=r"shape \(3,\), not \(1, 3\)"):
        env.step(np.zeros((1, 3), np.int64))
    assert all(np.array_equal(x, y) for x, y in zip(before, _snapshot(env), strict=True))
    env.step(env.random_actions())  # and the environment still works


def test_returned_buffers_are_read_only() -> None:
    env = VectorEnv("churn", 2, {"size": 3})
    obs, rewards, terminated, _ = env.step(env.random_actions())
    for a in (obs, rewards, terminated, env.legal_mask(), env.states):
        with pytest.raises(ValueError):
            a.flat[0] = 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n": 0}, "number of environments"),
        ({"n": 2.5}, "number of environments"),
        ({"n": True}, "number of environments"),
        ({"seed": -1}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"max_actions": -3}, "max_actions"),
        ({"max_actions": 1.5}, "max_actions"),
        ({"max_actions": 2**70}, "max_actions"),
        ({"max_actions": np.uint64(2**63)}, "max_actions"),
        ({"options": {"size": 99}}, "size"),
        ({"game": "chess"}, "no game called"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {"game": "gyre", "n": 2, "options": {"size": 3}, **kwargs}
    with pytest.raises(HexArenaError, match=message):
        VectorEnv(**args)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n": "9" * 1_000_000},
        {"n": list(range(100_000))},
        {"max_actions": [1] * 100_000},
    ],
)
def test_bad_settings_are_named_in_a_bounded_message(kwargs: dict[str, Any]) -> None:
    """A huge bad value is cut in the message, not echoed whole (a list of 100,000 numbers
    gave a message of 688,942 characters)."""
    args: dict[str, Any] = {"game": "gyre", "n": 2, "options": {"size": 3}, **kwargs}
    with pytest.raises(HexArenaError) as info:
        VectorEnv(**args)
    assert len(str(info.value)) < 400
    assert "characters in all" in str(info.value)


def test_masked_actions_are_refused_not_taken_from_under_the_mask() -> None:
    """A NumPy masked array's masked entry has no value: its hidden data was taken as that
    environment's action. Refused, naming the environment, and nothing changes."""
    env = VectorEnv("gyre", 3, {"size": 3}, seed=1)
    actions = env.random_actions()
    states = env.states.copy()
    masked = np.ma.masked_array(actions, mask=[False, True, False])
    with pytest.raises(IllegalActionError, match="environment 1: its action is masked"):
        env.step(masked)
    assert np.array_equal(env.states, states)
    env.step(np.ma.masked_array(actions, mask=False))  # nothing masked: the actions


def test_a_bad_environment_index_is_named_in_a_bounded_message() -> None:
    env = VectorEnv("churn", 2, {"size": 3})
    with pytest.raises(HexArenaError, match="environment index") as info:
        env.state("x" * 1_000_000)  # type: ignore[arg-type]
    assert len(str(info.value)) < 400


def test_state_of_one_environment() -> None:
    env = VectorEnv("churn", 2, {"size": 3}, seed=4)
    env.step(env.random_actions())
    st = env.state(1)
    assert np.array_equal(st.array, env.states[1])
    assert st.array[H_PLAYER] == env.current_player()[1]
    assert env.colour_to_move()[1] == st.array[H_COLOUR]
    with pytest.raises(HexArenaError, match="environment index"):
        env.state(2)


def test_options_as_keyword_arguments() -> None:
    """Options may be keyword arguments, as for ``new_game``, ``aec_env`` and ``HexArenaGym``
    (``VectorEnv("gyre", 4, size=5)`` was a ``TypeError``), or a dictionary, not both for one
    option; with a ``Game`` there are none."""
    assert VectorEnv("gyre", 2, size=5).game == VectorEnv("gyre", 2, {"size": 5}).game
    env = VectorEnv("throngs", 2, {"board": "hex"}, size=3, no_stalling=True, max_actions=50)
    assert env.game.options["size"] == 3 and env.game.options["no_stalling"]
    assert env.max_actions == 50
    with pytest.raises(HexArenaError, match="size"):
        VectorEnv("gyre", 2, {"size": 5}, size=4)
    with pytest.raises(HexArenaError, match="options"):
        VectorEnv(env.game, 2, size=3)
    with pytest.raises(HexArenaError, match="size must be at most 12"):
        VectorEnv("gyre", 2, size=99)


def test_a_new_process_loads_the_compiled_steps_from_the_cache() -> None:
    """The batched steps (incremental and whole) and the final observations' writer are
    compiled with one game's kernels held as constants; Numba compiled them again in every new
    process (about 10 processor seconds for Churn's incremental step), as it keyed their cache
    by what differs from process to process. Once one process has compiled them, the next
    loads all three from the cache (``hexarena.numba_closure_cache.cache_closure``); the
    incremental step is called from Python through its table wrapper
    (:func:`hexarena.vector.calls.tabled_step`), which holds the step and is what is loaded."""
    import json
    import subprocess
    import sys

    code = """
import json
from hexarena.vector import VectorEnv
from hexarena.vector.calls import tabled_step_dispatcher
from hexarena.vector.final import bound_final
from hexarena.vector.masks import mask_writer
got = {}
for incremental in (True, False):
    env = VectorEnv("gyre", 4, {"size": 3}, seed=1, incremental=incremental, max_actions=2)
    for _ in range(2):
        env.step(env.random_actions())
    assert env.final().envs.shape == (4,)
    step = tabled_step_dispatcher(env._delta_step) if incremental else env._step
    got["incremental" if incremental else "whole"] = step.stats
got["final"] = bound_final(mask_writer(env.game), env.observer.writer).stats
print(json.dumps({k: [sum(s.cache_hits.values()), sum(s.cache_misses.values())]
                  for k, s in got.items()}))
"""

    def run() -> dict[str, list[int]]:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=900
        ).stdout
        return dict(json.loads(out.strip().splitlines()[-1]))

    run()  # compiles what is not cached yet
    assert run() == {"incremental": [1, 0], "whole": [1, 0], "final": [1, 0]}


@pytest.mark.parametrize("width", [5, 8, 38, 64, 74, 122, 128, 189])
def test_random_legal_draws_each_legal_action_evenly(width: int) -> None:
    """The compiled random choice (every row width it reads differently: entry by entry, eight
    at a time, one word, words of 64 with a last partial one) draws only legal actions, -1
    from a row with none, and each legal action about equally often: the rank of the action
    drawn among its row's legal ones, as a fraction of their number, falls in ten bins as
    often as even draws would put it there (about 100,000 draws, rows of one to every action
    legal)."""
    from hexarena.vector.drivers import random_legal, seed_states

    rng = np.random.default_rng(width)
    rows = 256
    mask = rng.random((rows, width)) < 0.3
    empty = ~mask.any(axis=1)
    mask[empty, rng.integers(width, size=int(empty.sum()))] = True
    mask[0] = False
    mask[1] = False
    mask[1, width - 1] = True  # the last entry alone (the partial group)
    mask[2] = True
    rngs = seed_states(width, rows)
    out = np.zeros(rows, np.int64)
    ranks = np.cumsum(mask, axis=1) - 1  # each legal entry's rank in its row
    legal = mask.sum(axis=1)
    bins = np.zeros(10, np.int64)
    draws = 400
    for _ in range(draws):
        random_legal(mask, rngs, out)
        assert out[0] == -1
        assert out[1] == width - 1
        i = np.arange(2, rows)
        chosen = out[2:]
        assert mask[i, chosen].all()
        bins += np.bincount((10 * ranks[i, chosen]) // legal[i], minlength=10)
    expected = np.zeros(10)  # each rank of a row equally likely
    for n_legal in legal[2:]:
        expected += (
            draws * np.bincount((10 * np.arange(n_legal)) // n_legal, minlength=10) / n_legal
        )
    assert np.abs(bins - expected).max() < 0.05 * expected.max(), (bins, expected)
