"""The five games as PettingZoo and Gymnasium environments (the ``rl`` extra).

- :func:`aec_env` (or :class:`HexArenaAEC`): a PettingZoo AEC environment of a game, two agents
  ``player_0`` (moves first) and ``player_1``. Each agent's observation is a dict with
  ``observation`` (:mod:`hexarena.observe`'s tensor as that seat sees it, values in -1..1) and
  ``action_mask`` (``int8``, 1 for the legal actions when it is that agent's decision, else all
  0). The same agent acts again while its turn goes on (Throngs' two moves, Scrunch's growth,
  China Grove's checkers), as ``agent_selection`` shows. Its ``state()`` (PettingZoo's optional
  global state, for learners with a centralised critic) is the position as ``player_0`` sees
  it: the observation tensor of seat 0, a fixed seat, whoever is to act (``me_to_act`` and
  ``me_colour0``/``me_colour1`` then say whose decision it is and which colour seat 0 plays,
  so nothing of the position is left out); ``state_space`` is its ``Box``, the observation's.
- :class:`HexArenaGym`: a Gymnasium environment in which one agent plays a seat against any
  hexarena player (``random``, ``uct``, ``mcts``, ``easy`` ...) as the opponent, with the same
  observation dict; registered with Gymnasium as ``hexarena/<Game>-v0`` (:func:`gym_id`), so
  ``gymnasium.make("hexarena/Gyre-v0", size=5, opponent="uct")`` builds one.

Rewards: +1 to the winner and -1 to the loser when the game ends, 0 before. An illegal action
(one the mask forbids) loses the game at once (reward -1, ``info["illegal_action"] = True``),
as PettingZoo's classic games do; an action outside the action space (not a whole number, or
not in ``0 .. num_distinct_actions - 1``) raises ``TypeError`` or ``ValueError`` and changes
nothing. ``max_actions`` truncates a game still going after that many
actions (reward 0 for both; in :class:`HexArenaGym`, at the end of the agent's step that reaches
it, a reset always ending at the agent's decision); by default games run to their end.
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "hexarena.envs needs PettingZoo and Gymnasium: pip install 'hexarena[rl]'"
    ) from exc

from .ai import Limit, Player, make_player
from .ai.mcts import check_limit
from .core import Game, HexArenaError, State
from .engine_player import EngineForfeit, EnginePlayer, engine_command, is_engine
from .games import game_class, game_names, new_game
from .limits import cut, cut_repr
from .observe import Observer

AGENTS = ("player_0", "player_1")


def _check_action(action: Any, n: int) -> int:
    """``action`` as an ``int`` if it is in the action space ``Discrete(n)``: a Python or NumPy
    integer (or a 0-d integer array); ``TypeError`` or ``ValueError`` naming it if not."""
    if isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise TypeError(
            f"an action is a whole number (int or NumPy integer), not {cut_repr(action)}"
        )
    a = int(action)
    if not 0 <= a < n:
        raise ValueError(f"action {cut_repr(a)} is outside the action space: 0 to {n - 1}")
    return a


def _check_max_actions(value: Any) -> int | None:
    """``max_actions``: ``None`` or a whole number at least 1."""
    if value is None:
        return None
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise TypeError(f"max_actions is None or a whole number, not {cut_repr(value)}")
    if value < 1:
        raise ValueError(f"max_actions must be at least 1, not {value}")
    return int(value)


def _check_seed(seed: Any) -> int | None:
    """A reset's ``seed``: ``None`` or a whole number >= 0 (a Python or NumPy integer), as an
    ``int``; ``TypeError`` or ``ValueError`` naming it if not."""
    if seed is None:
        return None
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer):
        raise TypeError(f"seed is None or a whole number >= 0, not {cut_repr(seed, 60)}")
    if seed < 0:
        raise ValueError(f"seed is None or a whole number >= 0, not {cut_repr(int(seed), 60)}")
    return int(seed)


def _render(mode: str | None, state: State) -> str | None:
    """The picture for ``ansi``; printed, and ``None``, for ``human``; for no render mode,
    ``None`` and Gymnasium's warning (as Gymnasium's and PettingZoo's own environments do)."""
    if mode is None:
        gymnasium.logger.warn("render() called without a render_mode")
        return None
    if mode == "human":
        print(state.picture())
        return None
    return state.picture()


def _seat(agent: Any) -> int:
    """The seat of an agent's name; ``ValueError`` naming it if there is no such agent."""
    if agent not in AGENTS:
        raise ValueError(f"no agent {cut_repr(agent)} (agents: {', '.join(AGENTS)})")
    return AGENTS.index(agent)


def _check_reset_options(options: dict[str, Any] | None) -> None:
    """The environments take no reset options: refuse any rather than ignore them."""
    if options:
        raise ValueError(f"reset takes no options; given {cut_repr(options)}")


def _spaces(game: Game, observer: Observer) -> tuple[spaces.Dict, spaces.Discrete]:
    n = game.num_distinct_actions
    obs = spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, shape=observer.shape, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        }
    )
    return obs, spaces.Discrete(n)


def _observe(observer: Observer, state: State, seat: int) -> dict[str, Any]:
    mask = np.zeros(state.game.num_distinct_actions, np.int8)
    if state.current_player == seat:
        mask[state.legal_actions()] = 1
    return {"observation": observer.observe(state, seat), "action_mask": mask}


class HexArenaAEC(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment of one hexarena game with its options."""

    metadata = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": ["human", "ansi"],
        "name": "hexarena_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "churn",
        *,
        render_mode: str | None = None,
        max_actions: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is None, 'human' or 'ansi', not {cut_repr(render_mode)}")
        self.max_actions = _check_max_actions(max_actions)
        self.game = new_game(game, **options)
        self.observer = Observer(self.game)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hexarena_{self.game.name}_v0"}
        self.possible_agents = list(AGENTS)
        obs, act = _spaces(self.game, self.observer)
        self.observation_spaces = {a: obs for a in AGENTS}
        self.action_spaces = {a: act for a in AGENTS}
        #: the space of :meth:`state`: the observation tensor's ``Box``
        self.state_space: spaces.Space[Any] = obs["observation"]
        self.state_: State = self.game.new_initial_state()
        self.agents: list[str] = []
        self._started = False

    def _check_playing(self) -> None:
        if not self._started:
            raise RuntimeError("call reset() before step() or last()")
        if not self.agents:
            raise RuntimeError("the game is over: call reset() for a new one")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation dict's space (the same for both agents)."""
        return self.observation_spaces[AGENTS[_seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self.action_spaces[AGENTS[_seat(agent)]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from the starting position (the games have no chance: ``seed`` only seeds
        the action spaces' sampling; ``options`` are ignored, as PettingZoo's ``api_test``
        requires). A seed that is not a whole number >= 0 is refused, changing nothing."""
        seed = _check_seed(seed)
        if seed is not None:
            for i, a in enumerate(AGENTS):
                self.action_spaces[a].seed(seed + i)
        self.state_ = self.game.new_initial_state()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state_.current_player]
        self._started = True

    def observe(self, agent: str) -> dict[str, Any]:
        """The observation dict of ``agent``."""
        return _observe(self.observer, self.state_, _seat(agent))

    def state(self) -> np.ndarray:
        """The global state (PettingZoo's optional ``state()``): a new observation tensor of
        the position as seat 0 (``player_0``) sees it, whichever agent is to act."""
        return self.observer.observe(self.state_, 0)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, with a clear error before ``reset()`` and after the end."""
        self._check_playing()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (an illegal one loses the game; one outside the
        action space raises ``TypeError`` or ``ValueError`` and changes nothing)."""
        self._check_playing()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = _check_action(action, self.game.num_distinct_actions)
        seat = _seat(agent)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        st = self.state_
        if not st.is_legal(a):
            self.rewards[agent] = -1.0
            self.rewards[AGENTS[1 - seat]] = 1.0
            self.terminations = dict.fromkeys(AGENTS, True)
            self.infos[agent] = {"illegal_action": True}
        else:
            st.apply(a)
            if st.is_terminal():
                o = st.outcome()
                assert o is not None
                self.rewards[AGENTS[o.winner]] = 1.0
                self.rewards[AGENTS[1 - o.winner]] = -1.0
                self.terminations = dict.fromkeys(AGENTS, True)
            elif self.max_actions is not None and st.ply >= self.max_actions:
                self.truncations = dict.fromkeys(AGENTS, True)
        if self.terminations[agent] or self.truncations[agent]:
            self.agent_selection = AGENTS[1 - seat]
        else:
            self.agent_selection = AGENTS[st.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position's picture: returned (``render_mode="ansi"``) or printed (``"human"``,
        which also prints it after every step)."""
        return _render(self.render_mode, self.state_)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(game: str = "churn", **kwargs: Any) -> HexArenaAEC:
    """The PettingZoo AEC environment of ``game`` (options as keyword arguments)."""
    return HexArenaAEC(game, **kwargs)


class HexArenaGym(gymnasium.Env):
    """One seat of a hexarena game against a hexarena player, as a Gymnasium environment.

    ``seat`` is the agent's seat (0 moves first), or ``None`` to draw it at every reset.
    ``opponent`` is a player name (:func:`hexarena.ai.make_player`), a
    :class:`~hexarena.ai.Player` object (kept, and reset at every reset) or an external engine,
    ``engine:COMMAND`` (which loses the episode if it crashes, times out or sends an illegal
    move: reward +1, ``info["opponent_forfeit"]``), and ``limit`` its thinking limit (default:
    its own; ``uct`` and ``mcts`` think 1 s a decision). The opponent is seeded
    from the reset's seed, so a seeded reset replays the same games when the opponent's limit
    counts iterations or nodes (a limit in seconds depends on the machine's speed).
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's

    def __init__(
        self,
        game: str = "churn",
        *,
        opponent: str | Player = "random",
        seat: int | None = 0,
        limit: Limit | None = None,
        render_mode: str | None = None,
        max_actions: int | None = None,
        **options: Any,
    ) -> None:
        if seat is not None:
            if isinstance(seat, bool | np.bool_) or not isinstance(seat, int | np.integer):
                raise ValueError(f"seat is 0, 1 or None, not {cut_repr(seat)}")
            if seat not in (0, 1):
                raise ValueError(f"seat is 0, 1 or None, not {cut_repr(seat)}")
            seat = int(seat)
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is None, 'human' or 'ansi', not {cut_repr(render_mode)}")
        max_actions = _check_max_actions(max_actions)
        if limit is not None:
            if not isinstance(limit, Limit):
                raise TypeError(f"limit is None or a hexarena.ai.Limit, not {cut_repr(limit)}")
            check_limit(limit)
        self.game = new_game(game, **options)
        if isinstance(opponent, str):
            if is_engine(opponent):
                engine_command(opponent)  # refuse an unreadable command now
            else:
                make_player(opponent)  # refuse an unknown name now
        elif not isinstance(opponent, Player):
            raise TypeError(
                f"opponent is a player's name, engine:COMMAND or a hexarena.ai.Player, "
                f"not {cut_repr(opponent)}"
            )
        self.opponent_name = opponent
        self.seat_choice = seat
        self.limit = limit
        self.render_mode = render_mode
        self.max_actions = max_actions
        self.observer = Observer(self.game)
        self.observation_space, self.action_space = _spaces(self.game, self.observer)
        self.state_: State = self.game.new_initial_state()
        self.seat = 0 if seat is None else seat
        #: whether the episode has ended (a step said terminated or truncated): reset first
        self._over = True
        #: why an engine opponent lost the episode (crash, timeout, illegal move), if it did
        self._forfeit: str | None = None
        self._opponent = self._new_opponent(0)

    def _new_opponent(self, seed: int) -> Player:
        """The opponent, prepared for the game (an engine is started at its first turn; a
        :class:`Player` given is kept, and reset)."""
        given = self.opponent_name
        if isinstance(given, Player):
            given.reset()
            given.prepare(self.game)
            return given
        if is_engine(given):
            return EnginePlayer(given, seed)
        player = make_player(given, seed=seed)
        player.prepare(self.game)
        return player

    def _obs(self) -> dict[str, Any]:
        return _observe(self.observer, self.state_, self.seat)

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions now, as booleans (the observation's ``action_mask``; the
        method that sb3-contrib's ``MaskablePPO`` looks for)."""
        mask = np.zeros(self.game.num_distinct_actions, np.bool_)
        if not self.state_.is_terminal() and self.state_.current_player == self.seat:
            mask[self.state_.legal_actions()] = True
        return mask

    def _opponent_plays(self, capped: bool = True) -> None:
        """The opponent's actions until the agent's decision, stopping at ``max_actions`` when
        ``capped`` (after a step; a reset always ends at the agent's decision)."""
        st = self.state_
        while not st.is_terminal() and st.current_player != self.seat:
            if capped and self.max_actions is not None and st.ply >= self.max_actions:
                return
            if not isinstance(self._opponent, EnginePlayer):
                action = self._opponent.choose(st, self.limit)
                try:
                    st.apply(action)
                except HexArenaError as exc:  # a policy's bug: said, not played on
                    raise RuntimeError(
                        f"the opponent {cut(str(self._opponent.name), 60)} chose "
                        f"{cut_repr(action, 60)}, which it may not play here: "
                        f"{cut(str(exc), 300)}"
                    ) from exc
                continue
            try:  # an engine plays whole turns
                turn = self._opponent.choose_turn(st, self.limit)
            except EngineForfeit as exc:  # it loses, as in a match
                self._forfeit = f"{self.opponent_name} forfeits: {exc}"
                st.resign(1 - self.seat)
                return
            st.apply_actions(turn)

    def _result(self) -> tuple[float, bool, bool]:
        st = self.state_
        if st.is_terminal():
            o = st.outcome()
            assert o is not None
            return (1.0 if o.winner == self.seat else -1.0), True, False
        truncated = self.max_actions is not None and st.ply >= self.max_actions
        return 0.0, False, truncated

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game; the opponent moves first when the agent has seat 1 (there are no
        ``options``). ``seed`` is ``None`` or a whole number >= 0, a Python or NumPy integer
        (as the AEC environment and ``VectorEnv`` take it); anything else is refused, changing
        nothing."""
        _check_reset_options(options)
        super().reset(seed=_check_seed(seed))
        self._over = True  # until this reset succeeds: a failed one leaves no episode
        self.seat = (
            int(self.np_random.integers(2)) if self.seat_choice is None else self.seat_choice
        )
        self.close()
        self._opponent = self._new_opponent(int(self.np_random.integers(2**31 - 1)))
        self.state_ = self.game.new_initial_state()
        self._forfeit = None
        self._opponent_plays(capped=False)  # on an error, the episode is not begun
        if self._forfeit is not None:
            self.close()
            raise RuntimeError(
                f"the opponent forfeited before the agent's first decision: {self._forfeit}"
            )
        self._over = False
        self._show()
        return self._obs(), {"seat": self.seat}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Apply the agent's action, then the opponent's until it is the agent's decision again
        (an illegal action loses the game; one outside the action space raises ``TypeError`` or
        ``ValueError`` and changes nothing)."""
        st = self.state_
        if self._over:
            raise RuntimeError("no episode is under way (over, or not begun): call reset()")
        a = _check_action(action, self.game.num_distinct_actions)
        if not st.is_legal(a):
            self._over = True
            return self._obs(), -1.0, True, False, {"illegal_action": True}
        with st.trial(keep=True):  # the opponent failing takes the step back, whole
            st.apply(a)
            self._opponent_plays()
        reward, terminated, truncated = self._result()
        self._over = terminated or truncated
        self._show()
        info = {} if self._forfeit is None else {"opponent_forfeit": self._forfeit}
        if self._over:
            self.close()  # an engine's process is not needed after the game
        return self._obs(), reward, terminated, truncated, info

    def close(self) -> None:
        """End an engine opponent's process (other opponents hold nothing)."""
        if isinstance(self._opponent, EnginePlayer):
            self._opponent.close()

    def _show(self) -> None:
        """Print the position after a reset or a step in the ``human`` mode (Gymnasium's
        convention: that mode renders by itself)."""
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The position's picture: returned (``render_mode="ansi"``) or printed (``"human"``,
        which also prints it after every reset and step)."""
        return _render(self.render_mode, self.state_)


def gym_id(game: str) -> str:
    """The Gymnasium id of a game's :class:`HexArenaGym`: ``hexarena/ChinaGrove-v0`` for
    ``china-grove`` (``gymnasium.make(gym_id("gyre"), size=5, opponent="uct")``)."""
    return "hexarena/" + game_class(game).title.replace(" ", "") + "-v0"


def _register_gym() -> None:
    """Register every game with Gymnasium (importing this module does it)."""
    for name in game_names():
        if gym_id(name) not in gymnasium.registry:
            gymnasium.register(
                gym_id(name), entry_point="hexarena.envs:HexArenaGym", kwargs={"game": name}
            )


_register_gym()


__all__ = ["AGENTS", "HexArenaAEC", "HexArenaGym", "aec_env", "gym_id"]
