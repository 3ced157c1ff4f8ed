"""PettingZoo and Gymnasium environments: the libraries' own checks on every game, masks,
rewards and forfeits."""

from __future__ import annotations

import threading
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from pettingzoo.test.state_test import test_state as pz_state_check
from pettingzoo.test.state_test import test_state_space as pz_state_space_check

from hexarena.ai import Limit
from hexarena.envs import HexArenaAEC, HexArenaGym, aec_env

from .conftest import SMALL_OPTIONS

GAMES = sorted(SMALL_OPTIONS)

# api_test prefers Box observations; a dict with an action mask is PettingZoo's own convention for
# its classic board games (chess, connect four, go), which draw the same warnings.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    api_test(aec_env(name, **SMALL_OPTIONS[name]), num_cycles=300)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: aec_env(name, **SMALL_OPTIONS[name]), num_cycles=50)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_state_test(name: str) -> None:
    """PettingZoo's own checks of the optional ``state()`` and ``state_space`` (its
    ``state_test`` less the part for parallel environments, which these are not), any warning
    an error (a state all zeros, outside its space, of another shape or class)."""
    env = aec_env(name, **SMALL_OPTIONS[name])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pz_state_space_check(env)
        pz_state_check(env, 50)


@pytest.mark.parametrize("name", GAMES)
def test_state_is_seat_0s_observation_of_the_position(name: str) -> None:
    env = aec_env(name, **SMALL_OPTIONS[name])
    env.reset(seed=3)
    first = env.state()
    assert first.shape == env.state_space.shape and first.dtype == env.state_space.dtype
    assert env.state_space.contains(first)
    np.testing.assert_array_equal(first, env.observe("player_0")["observation"])
    agent = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    after = env.state()
    assert after.shape == first.shape and not np.array_equal(after, first)
    np.testing.assert_array_equal(after, env.observe("player_0")["observation"])
    after[...] = 0  # the caller's own copy
    assert env.state().any()


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env(name: str) -> None:
    check_env(HexArenaGym(name, seat=None, **SMALL_OPTIONS[name]), skip_render_check=True)


def test_aec_plays_a_whole_game_with_masks_and_rewards() -> None:
    env = HexArenaAEC("gyre", size=3)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    steps = 0
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.sum() > 0
        other = env.observe("player_1" if agent == "player_0" else "player_0")
        assert other["action_mask"].sum() == 0  # only the agent to act has legal actions
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    winner = env.state_.outcome().winner
    assert final == {f"player_{winner}": 1.0, f"player_{1 - winner}": -1.0}
    assert env.agents == []
    assert steps == env.state_.ply


def test_aec_illegal_action_loses() -> None:
    env = HexArenaAEC("churn", size=3)
    env.reset()
    env.step(0)  # Red plays a1... then Blue tries the same cell
    env.step(0)
    _, _reward, term, _, _info = env.last()
    assert term and env._cumulative_rewards["player_1"] == -1.0
    assert env.infos["player_1"] == {"illegal_action": True}


def test_aec_truncation() -> None:
    env = HexArenaAEC("churn", size=3, max_actions=3)
    env.reset()
    for _ in range(3):
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


@pytest.mark.parametrize(("name", "seat"), [(n, s) for n in GAMES for s in (0, 1)])
def test_gym_truncation_leaves_the_agent_a_decision_after_every_reset(name: str, seat: int) -> None:
    """However small ``max_actions``, a reset ends at the agent's decision (the opponent's
    opening turn is not cut: a China Grove reset at ``max_actions=1`` left the agent no legal
    action and its first step raised), and the episode ends by a step that says
    ``truncated`` (or ``terminated``), after which a step is refused."""
    env = HexArenaGym(name, seat=seat, max_actions=1, **SMALL_OPTIONS[name])
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        assert env.state_.current_player == seat and obs["action_mask"].any()
        steps, done = 0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(
                int(np.flatnonzero(obs["action_mask"])[0])
            )
            steps, done = steps + 1, terminated or truncated
        assert steps == 1 and truncated and not terminated and reward == 0.0
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)


def test_gym_against_uct_and_forfeit() -> None:
    from hexarena.ai import Limit

    env = HexArenaGym("gyre", size=3, opponent="uct", seat=1, limit=Limit(iterations=10))
    obs, info = env.reset(seed=3)
    assert info["seat"] == 1
    assert obs["observation"][:2].sum() == 1  # the opponent's first stone is down
    done = False
    total = 0.0
    while not done:
        a = int(np.flatnonzero(obs["action_mask"])[0])
        obs, reward, done, _trunc, _ = env.step(a)
        total += reward
    assert total in (1.0, -1.0)
    env.reset(seed=3)
    bad = int(np.flatnonzero(env._obs()["action_mask"] == 0)[0])
    _, reward, done, _, info = env.step(bad)
    assert (reward, done, info) == (-1.0, True, {"illegal_action": True})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_unknown_opponent_is_refused() -> None:
    with pytest.raises(ValueError, match="no player called"):
        HexArenaGym("churn", opponent="deep-blue")


BAD_ACTIONS = [
    (3.7, TypeError, "whole number"),
    ("3", TypeError, "whole number"),
    (True, TypeError, "whole number"),
    (None, TypeError, "whole number"),
    (np.float32(2.0), TypeError, "whole number"),
    (np.array([2]), TypeError, "whole number"),
    (-1, ValueError, "0 to 19"),
    (10**6, ValueError, "0 to 19"),
]


@pytest.mark.parametrize(("action", "error", "words"), BAD_ACTIONS)
def test_aec_refuses_an_action_outside_its_space_and_changes_nothing(
    action: Any, error: type[Exception], words: str
) -> None:
    env = HexArenaAEC("gyre", size=3)
    env.reset(seed=1)
    env.step(4)
    with pytest.raises(error, match=words):
        env.step(action)
    assert env.state_.history == [4]
    assert env.agent_selection == "player_1" and not any(env.terminations.values())
    env.step(np.int64(5))  # NumPy integers, as action_space.sample() gives, are taken
    assert env.state_.history == [4, 5]


@pytest.mark.parametrize(("action", "error", "words"), BAD_ACTIONS)
def test_gym_refuses_an_action_outside_its_space_and_changes_nothing(
    action: Any, error: type[Exception], words: str
) -> None:
    env = HexArenaGym("gyre", size=3, opponent="random")
    env.reset(seed=1)
    with pytest.raises(error, match=words):
        env.step(action)
    assert env.state_.history == []
    env.step(np.int64(4))
    assert env.state_.history[0] == 4


def test_ansi_rendering_returns_the_picture_and_prints_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = HexArenaAEC("gyre", size=3, render_mode="ansi")
    env.reset()
    env.step(4)
    assert capsys.readouterr().out == ""
    assert "Blue (player 2) to act" in (env.render() or "")


def test_gym_reset_options_are_refused() -> None:
    # (the AEC environment ignores them: PettingZoo's api_test resets with options={"options": 1})
    gym_env = HexArenaGym("gyre", size=3)
    with pytest.raises(ValueError, match="bogus"):
        gym_env.reset(options={"bogus": 1})
    gym_env.reset(options=None)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seat": True}, "seat"),
        ({"seat": 1.0}, "seat"),
        ({"max_actions": "5"}, "max_actions"),
        ({"max_actions": 2.5}, "max_actions"),
        ({"max_actions": 0}, "max_actions"),
        ({"limit": 5}, "limit"),
        ({"limit": Limit(iterations=-3)}, "iterations"),
    ],
)
def test_gym_settings_are_checked(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises((ValueError, TypeError), match=words):
        HexArenaGym("gyre", size=3, **kwargs)  # type: ignore[arg-type]


def test_gym_seat_may_be_a_numpy_integer() -> None:
    """A seat is a whole number 0 or 1, as an action is, Python's or NumPy's: ``np.int64(1)``
    was refused as 'seat is 0, 1 or None, not np.int64(1)'."""
    env = HexArenaGym("gyre", size=3, seat=np.int64(1))  # type: ignore[arg-type]
    _, info = env.reset(seed=1)
    assert info["seat"] == 1 and type(env.seat) is int
    with pytest.raises(ValueError, match="seat is 0, 1 or None"):
        HexArenaGym("gyre", size=3, seat=np.int64(2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat is 0, 1 or None"):
        HexArenaGym("gyre", size=3, seat=np.bool_(True))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["5", 2.5, True, 0])
def test_aec_max_actions_is_checked(value: object) -> None:
    with pytest.raises((ValueError, TypeError), match="max_actions"):
        HexArenaAEC("gyre", size=3, max_actions=value)  # type: ignore[arg-type]


def test_aec_before_reset_and_after_the_end_say_so() -> None:
    env = HexArenaAEC("gyre", size=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.last()
    env.reset(seed=1)
    for _agent in env.agent_iter():
        obs, _r, term, trunc, _i = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.agents == []
    history = list(env.state_.history)
    with pytest.raises(RuntimeError, match="the game is over: call reset"):
        env.last()
    with pytest.raises(RuntimeError, match="the game is over: call reset"):
        env.step(0)
    assert env.state_.history == history


def test_aec_unknown_agent_is_named() -> None:
    env = HexArenaAEC("gyre", size=3)
    env.reset()
    with pytest.raises(ValueError, match=r"no agent 'bob'.*player_0, player_1"):
        env.observe("bob")


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        ("abc", TypeError),
        ("7" * 100_000, TypeError),
        (1.5, TypeError),
        (True, TypeError),
        (-5, ValueError),
    ],
)
def test_aec_reset_refuses_a_bad_seed_by_name_and_changes_nothing(
    seed: object, error: type[Exception]
) -> None:
    """A seed that is not a whole number >= 0 is named (a text seed raised ``can only
    concatenate str (not "int") to str``, ``True`` was taken as 1), and the game goes on."""
    env = HexArenaAEC("gyre", size=3)
    env.reset(seed=1)
    env.step(env.state_.legal_actions()[0])
    history = list(env.state_.history)
    with pytest.raises(error, match="seed is None or a whole number >= 0") as info:
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300
    assert env.state_.history == history
    env.reset(seed=np.int64(3))  # NumPy integers are whole numbers


def test_pettingzoo_render_test(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render test (it needs the ``human`` mode: the picture printed)."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: aec_env("gyre", size=3, render_mode=render_mode))
    assert "Gyre, hexhex side 3" in capsys.readouterr().out


def test_human_rendering_prints_the_picture(capsys: pytest.CaptureFixture[str]) -> None:
    env = HexArenaAEC("gyre", size=3, render_mode="human")
    env.reset()
    env.step(4)  # as PettingZoo's classic games, the human mode shows every step
    assert "Blue (player 2) to act" in capsys.readouterr().out
    gym_env = HexArenaGym("gyre", size=3, render_mode="human")
    gym_env.reset(seed=1)
    assert gym_env.render() is None
    assert "Gyre, hexhex side 3" in capsys.readouterr().out


def test_gym_human_rendering_shows_every_reset_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    """Gymnasium's human mode renders during ``reset`` and ``step``, without ``render()``."""
    gym_env = HexArenaGym("gyre", size=3, render_mode="human", seat=0)
    obs, _ = gym_env.reset(seed=1)
    assert "Red (player 1) to act" in capsys.readouterr().out
    gym_env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "Red (player 1) to act" in capsys.readouterr().out  # after the opponent's reply
    quiet = HexArenaGym("gyre", size=3, render_mode="ansi")
    quiet.reset(seed=1)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_make_and_check_env_with_every_render_mode(name: str) -> None:
    """Each game is registered with Gymnasium (``hexarena/<Game>-v0``), so ``gymnasium.make``
    builds it with the options and settings as keyword arguments, and ``check_env`` finds a
    spec to test every render mode by, and a frame rate, without a warning."""
    import warnings

    import gymnasium

    from hexarena.envs import gym_id

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(gym_id(name), render_mode="ansi", seat=None, **SMALL_OPTIONS[name])
        assert isinstance(env.unwrapped, HexArenaGym)
        assert env.unwrapped.game.name == name
        check_env(env.unwrapped)


def _engine(mode: str) -> str:
    import shlex
    import sys
    from pathlib import Path

    script = Path(__file__).parent / "engines" / "gyre_engine.py"
    return "engine:" + shlex.join([sys.executable, str(script), "--mode", mode])


@pytest.mark.parametrize("reset_in_a_thread", [False, True])
def test_gym_against_an_external_engine(reset_in_a_thread: bool) -> None:
    """The opponent may be an external engine, ``engine:COMMAND``, as in matches: it plays its
    turns through the engine protocol, and ``close()`` ends its process. An engine started in
    a thread that has ended plays on (the signal that ends an engine with the process that
    started it is tied to the thread that started it, and is set from the main thread only)."""
    env = HexArenaGym("gyre", size=5, opponent=_engine("random"), seat=1, limit=Limit(seconds=1))
    try:
        if reset_in_a_thread:  # the reset starts the engine, which moves first
            got: list[Any] = []
            thread = threading.Thread(target=lambda: got.append(env.reset(seed=1)))
            thread.start()
            thread.join()
            ((obs, _),) = got
        else:
            obs, _ = env.reset(seed=1)
        assert env.state_.ply == 1  # the engine's first stone
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(
                int(np.flatnonzero(obs["action_mask"])[0])
            )
            done = terminated or truncated
        assert reward in (1.0, -1.0) and "opponent_forfeit" not in info
        check_env(env, skip_render_check=True)
    finally:
        env.close()
    assert env._opponent.proc is None  # type: ignore[attr-defined]


@pytest.mark.parametrize("mode", ["crash", "illegal"])
def test_gym_an_engine_that_fails_forfeits_to_the_agent(mode: str) -> None:
    """An engine that crashes or sends an illegal move loses the episode (reward +1, the reason
    in ``info["opponent_forfeit"]``); one that fails before the agent's first decision makes the
    reset raise, naming why."""
    env = HexArenaGym("gyre", size=5, opponent=_engine(mode), seat=0, limit=Limit(seconds=1))
    try:
        obs, _ = env.reset(seed=1)
        obs, reward, terminated, truncated, info = env.step(
            int(np.flatnonzero(obs["action_mask"])[0])
        )
        assert (reward, terminated, truncated) == (1.0, True, False)
        assert ("crashed" if mode == "crash" else "illegal move") in info["opponent_forfeit"]
        with pytest.raises(RuntimeError, match="reset"):
            env.step(0)
        env.seat_choice = 1
        with pytest.raises(RuntimeError, match="forfeit"):
            env.reset(seed=2)
    finally:
        env.close()


def test_gym_refuses_an_unreadable_engine_command() -> None:
    with pytest.raises(ValueError, match="engine"):
        HexArenaGym("gyre", size=3, opponent="engine:")


def test_gym_opponent_may_be_a_player_object() -> None:
    """A :class:`~hexarena.ai.Player` object (a policy of one's own, or a player made with
    settings) is taken as the opponent as it is, reset and prepared at every reset; anything
    that is neither a name nor a player is refused, naming it."""
    from hexarena.ai import Player

    class Lowest(Player):
        name = "lowest"

        def __init__(self) -> None:
            super().__init__()
            self.resets = 0

        def reset(self) -> None:
            self.resets += 1

        def choose(self, state: Any, limit: Limit | None = None) -> int:
            return min(state.legal_actions())

    me = Lowest()
    env = HexArenaGym("gyre", size=3, opponent=me, seat=1)
    before = me.resets
    obs, _ = env.reset(seed=1)
    assert env.state_.history == [0] and me.resets == before + 1
    assert obs["action_mask"][18]
    env.step(18)
    assert env.state_.history == [0, 18, 1]
    check_env(env, skip_render_check=True)
    with pytest.raises(TypeError, match="opponent"):
        HexArenaGym("gyre", size=3, opponent=42)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [0, 999, 1.5, "zz9", None])
def test_gym_an_opponent_that_chooses_what_it_may_not_play_takes_the_step_back(bad: Any) -> None:
    """A player object given as the opponent that chooses an occupied cell, an action out of
    range or not an action at all: the step raised with the agent's action taken and the
    episode still under way, so that the agent's next step was played for the opponent's
    seat (history [3, 5], both the agent's). The step is now taken back, whole, and the error
    names the opponent and its choice."""
    from hexarena.ai import Player

    class Stubborn(Player):
        name = "stubborn"

        def choose(self, state: Any, limit: Limit | None = None) -> Any:
            return bad if state.ply > 1 or bad != 0 else state.legal_actions()[0]

    env = HexArenaGym("gyre", size=3, opponent=Stubborn(), seat=0)
    env.reset(seed=1)
    if bad == 0:  # the opponent's first choice is legal: cell 0 is then occupied
        env.step(3)
        assert env.state_.history == [3, 0]
    before = list(env.state_.history)
    with pytest.raises(RuntimeError, match=r"the opponent stubborn chose .*not play here") as info:
        env.step(5)
    assert len(str(info.value)) < 600
    assert env.state_.history == before and env.state_.current_player == 0
    assert env.action_masks()[5]  # the agent's decision again, as before the step


def test_gym_an_opponent_that_fails_before_the_agents_first_decision_ends_the_reset() -> None:
    from hexarena.ai import Player

    class Broken(Player):
        name = "broken"

        def choose(self, state: Any, limit: Limit | None = None) -> int:
            return 999

    env = HexArenaGym("gyre", size=3, opponent=Broken(), seat=1)
    with pytest.raises(RuntimeError, match="the opponent broken chose 999"):
        env.reset(seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_gym_action_masks_for_maskable_learners() -> None:
    """``action_masks()`` (the method sb3-contrib's MaskablePPO and its ActionMasker look for)
    gives the agent's legal actions now as booleans, the observation's mask."""
    env = HexArenaGym("gyre", size=3, seat=1)
    obs, _ = env.reset(seed=1)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and np.array_equal(masks, obs["action_mask"].astype(bool))
    assert masks.sum() == len(env.state_.legal_actions())


def test_gym_a_reset_that_fails_during_an_episode_leaves_no_episode_under_way() -> None:
    """A reset that fails (the opponent fails before the agent's first decision) during an
    episode under way kept that episode's "under way" flag on the new game's position: the next
    step was taken, and played the agent's action for the opponent's seat. A failed reset now
    leaves no episode: a step asks for a reset, and changes nothing."""
    from hexarena.ai import Player

    class Fragile(Player):
        name = "fragile"
        broken = False

        def choose(self, state: Any, limit: Limit | None = None) -> int:
            if self.broken:
                raise RuntimeError("the opponent broke")
            return min(state.legal_actions())

    opponent = Fragile()
    env = HexArenaGym("gyre", size=3, opponent=opponent, seat=1)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # an episode under way
    opponent.broken = True
    with pytest.raises(RuntimeError, match="the opponent broke"):
        env.reset(seed=2)
    history = list(env.state_.history)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(5)
    assert env.state_.history == history
    opponent.broken = False
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.action_masks())[0]))


@pytest.mark.parametrize(
    ("seed", "error"),
    [
        ("abc", TypeError),
        (1.5, TypeError),
        (True, TypeError),
        (np.float64(2), TypeError),
        (-5, ValueError),
    ],
)
def test_gym_reset_refuses_a_bad_seed_by_name_and_changes_nothing(
    seed: object, error: type[Exception]
) -> None:
    """The Gymnasium environment's seeds are the AEC environment's and ``VectorEnv``'s: a
    NumPy integer is a whole number (Gymnasium refused ``np.int64(3)``, ``Seed must be a python
    integer``) and ``True`` is not (Gymnasium took it as 1); a bad seed is named and the
    episode under way goes on."""
    env = HexArenaGym("gyre", size=3, seat=0)
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    history = list(env.state_.history)
    with pytest.raises(error, match="seed is None or a whole number >= 0") as info:
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert len(str(info.value)) < 300
    assert env.state_.history == history
    env.step(int(np.flatnonzero(env.action_masks())[0]))  # the episode goes on
    first, _ = env.reset(seed=np.int64(3))
    again, _ = HexArenaGym("gyre", size=3, seat=0).reset(seed=3)
    np.testing.assert_array_equal(first["observation"], again["observation"])


def test_aec_spaces_of_an_unknown_agent_are_named() -> None:
    """``action_space`` and ``observation_space`` of an agent that does not exist raised a bare
    ``KeyError: 'bob'``; they name it and the agents, as ``observe`` does."""
    env = HexArenaAEC("gyre", size=3)
    for method in (env.action_space, env.observation_space):
        with pytest.raises(ValueError, match=r"no agent 'bob'.*player_0, player_1"):
            method("bob")


def test_gym_a_failing_opponent_takes_the_step_back_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The step an opponent fails in was taken back by ``State.rewind``, a replay by a driver
    compiled afresh in every process; it is now tried in a ``State.trial``, taken back whole
    without a replay."""
    from hexarena.ai import Player

    def no_replay(*args: object) -> None:
        raise AssertionError("the step was taken back by a replay (State.rewind)")

    class Failing(Player):
        name = "failing"

        def choose(self, state: Any, limit: Limit | None = None) -> int:
            if state.ply > 2:
                raise RuntimeError("the opponent failed")
            return min(state.legal_actions())

    monkeypatch.setattr("hexarena.core.replay_unchecked", no_replay)
    env = HexArenaGym("gyre", size=3, opponent=Failing(), seat=0)
    env.reset(seed=1)
    env.step(5)
    held = env.state_.copy()
    with pytest.raises(RuntimeError, match="the opponent failed"):
        env.step(6)
    assert env.state_ == held and np.array_equal(env.state_.array, held.array)
    assert env.action_masks()[6]


@pytest.mark.parametrize(
    "make", [lambda: HexArenaAEC("gyre", size=3), lambda: HexArenaGym("gyre", size=3)]
)
def test_render_without_a_render_mode_warns_and_returns_nothing(make: Any) -> None:
    """``render()`` on an environment made without a render mode returns ``None`` with
    Gymnasium's warning, in both environments (the Gymnasium one used to say nothing)."""
    env = make()
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert env.render() is None
