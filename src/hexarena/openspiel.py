"""The five games as OpenSpiel games (the ``rl`` extra: ``pip install 'hexarena[rl]'``).

Importing this module registers every game with ``pyspiel.register_game`` as a Python game named
``hexarena_<game>`` (``-`` written ``_``), with the game's options as game parameters::

    import pyspiel
    import hexarena.openspiel

    game = pyspiel.load_game("hexarena_churn(size=5)")
    game = pyspiel.load_game("hexarena_throngs(board=hex,size=3,no_stalling=True)")

Parameters are the options of ``hexarena.new_game`` by the same names. Options without a default
take a value meaning "not given": ``0`` for Throngs' ``size``, the empty string for Churn's
``sides`` and China Grove's ``board``. Churn's six side lengths are written with ``/`` (commas
separate parameters in OpenSpiel's game strings): ``hexarena_churn(sides=3/4/3/4/3/4)``.

Actions are hexarena's actions (one decision each; see each game's docs). Utilities are 1 for
the winner and -1 for the loser. Gyre and China Grove have a fixed longest game (every cell
once, plus the swap). Churn, Scrunch and Throngs have no small proven bound, so they take one more
parameter, ``max_actions`` (defaults in :data:`ACTION_CAPS`): a game still going after that many
actions ends there, unfinished, with utility 0 for both (a documented cap, reported as
``max_game_length``; the defaults are far beyond the longest random games on the default boards).

Observations are :mod:`hexarena.observe`'s tensors (shape ``[planes, rows, columns]``);
observation strings are the position's picture, seen the same by both players (the games have
perfect information); information state strings are the history of actions (OpenSpiel's own
observer for public-information games). States serialise as their history, as OpenSpiel does
by default, and clone and pickle cheaply.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

try:
    import pyspiel
    from open_spiel.python.observation import IIGObserverForPublicInfoGame
except ImportError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        "hexarena.openspiel needs OpenSpiel: pip install 'hexarena[rl]' (or open-spiel)"
    ) from exc

from .core import Game, GameOverError, Option, State
from .games import game_class, game_names
from .limits import cut, cut_repr
from .observe import Observer

PREFIX = "hexarena_"

#: Default ``max_actions`` of the games without a small fixed longest game.
ACTION_CAPS: dict[str, int] = {"churn": 10_000_000, "scrunch": 1_000_000, "throngs": 100_000}

#: OpenSpiel's parameter value for an option left out.
_UNSET_INT = 0
_UNSET_STR = ""


def spiel_name(game: str) -> str:
    """OpenSpiel's short name of a hexarena game: ``hexarena_china_grove`` for ``china-grove``."""
    return PREFIX + game.replace("-", "_")


def _param_default(o: Option) -> Any:
    """An option's default as an OpenSpiel parameter (whose type follows the default's)."""
    if o.kind == "flag":
        return bool(o.default)
    if o.kind == "int":
        return _UNSET_INT if o.default is None else int(o.default)
    if o.kind == "sides":
        return _UNSET_STR if o.default is None else "/".join(map(str, o.default))
    return _UNSET_STR if o.default is None else str(o.default)


def parameter_specification(name: str) -> dict[str, Any]:
    """The game parameters of hexarena game ``name`` with their defaults."""
    cls = game_class(name)
    spec = {o.name: _param_default(o) for o in cls.option_specs}
    if name in ACTION_CAPS:
        spec["max_actions"] = ACTION_CAPS[name]
    return spec


def options_from_params(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The ``new_game`` options that OpenSpiel parameters stand for (defaults and unset values
    left out)."""
    cls = game_class(name)
    out: dict[str, Any] = {}
    for o in cls.option_specs:
        if o.name not in params:
            continue
        v = params[o.name]
        if v == _param_default(o) and type(v) is type(_param_default(o)):
            continue  # OpenSpiel passes every default: leave it to the game (Churn's size and
            # sides exclude each other)
        if o.kind == "sides" and isinstance(v, str):
            v = v.replace("/", ",")
        out[o.name] = v
    return out


def canonical_params(game: Game, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with each option's value as the game read it (``mode=Number`` becomes
    ``mode=number``), so that ``get_parameters()`` and the game's string name the game in one
    spelling, and a game loaded from its own parameters is equal to it."""
    specs = {o.name: o for o in type(game).option_specs}
    out = dict(params)
    for name, given in params.items():
        o = specs.get(name)
        if o is None:
            continue
        value = game.options.get(name)
        if value is None:
            canonical = _param_default(o)
        elif o.kind == "sides":
            canonical = "/".join(map(str, value))
        elif o.kind == "flag":
            canonical = bool(value)
        elif isinstance(given, int):
            canonical = int(value)
        else:
            canonical = o.format(value)
        out[name] = canonical
    return out


@functools.lru_cache(maxsize=64)
def _game(name: str, tags: tuple[tuple[str, str], ...]) -> Game:
    """One hexarena game per name and options (building a game compiles and checks its board)."""
    return game_class(name).from_record_tags(dict(tags))


class _Position:
    """The hexarena state inside an OpenSpiel state: copied by ``State.copy`` and pickled as the
    game and its actions (OpenSpiel clones and serialises a Python state's ``__dict__``)."""

    __slots__ = ("state", "unpickled")

    def __init__(self, state: State) -> None:
        self.state = state
        #: whether it was read from a pickle (a serialised state), whose history OpenSpiel has
        #: set before it: that history must be this position's
        self.unpickled = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.state.copy())

    def __getstate__(self) -> tuple[str, tuple[tuple[str, str], ...], list[int]]:
        g = self.state.game
        return g.name, tuple(sorted(g.record_tags().items())), self.state.history

    def __setstate__(self, data: tuple[str, tuple[tuple[str, str], ...], list[int]]) -> None:
        name, tags, history = data
        st = _game(name, tags).new_initial_state()
        st.apply_actions(history)
        self.state = st
        self.unpickled = True


class HexArenaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game wrapping one hexarena game with its options."""

    game_name: str = ""
    game_type: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = parameter_specification(self.game_name)
        full = {**spec, **params}
        self.hexarena_game: Game = game_class(self.game_name)(
            **options_from_params(self.game_name, params)
        )
        g = self.hexarena_game
        if self.game_name in ACTION_CAPS:
            self.max_actions = int(full["max_actions"])
            if self.max_actions < 1:
                raise ValueError(f"max_actions must be at least 1, not {self.max_actions}")
        else:  # every cell once, plus the swap
            self.max_actions = g.board.size + 1
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_actions,
        )
        super().__init__(self.game_type, info, canonical_params(g, params))
        self.observer_spec = Observer(g)
        self._tags = tuple(sorted(g.record_tags().items()))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # pyspiel's own pickling of a game rebuilds the C++ object but not the Python
        # attributes (hexarena_game ...): load the game again from its string instead.
        return _load_game, (str(self),)

    def new_initial_state(self) -> HexArenaSpielState:
        """The starting position."""
        return HexArenaSpielState(self, self.hexarena_game.new_initial_state())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The board observer (perfect information), or OpenSpiel's history-based observer for
        information states."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.observer_spec, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


def _load_game(text: str) -> HexArenaSpielGame:
    """``pyspiel.load_game(text)``, for unpickling (importing this module registers the games)."""
    game: HexArenaSpielGame = pyspiel.load_game(text)
    return game


class HexArenaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a hexarena :class:`~hexarena.core.State`."""

    def __init__(self, game: HexArenaSpielGame, state: State) -> None:
        super().__init__(game)
        self._pos = _Position(state)
        self._cap = game.max_actions

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's deserialize_state and clone set the attributes one by one: a position
        # is taken only if it is of this game, and the cap only if it is this game's.
        if name == "_pos":
            _check_position(self, value)
        elif name == "_cap":
            _check_cap(self, value)
        super().__setattr__(name, value)

    @property
    def hexarena_state(self) -> State:
        """The hexarena state (for hexarena's players and pictures; do not change it)."""
        return self._pos.state

    def truncated(self) -> bool:
        """Whether the game stopped at ``max_actions`` without a result."""
        return not self._pos.state.is_terminal() and self._pos.state.ply >= self._cap

    def current_player(self) -> int:
        """The seat to act (0 moved first), or ``TERMINAL``."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._pos.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return self._pos.state.legal_actions()

    def _apply_action(self, action: int) -> None:
        if self.truncated():
            raise GameOverError(
                f"the game was cut at max_actions={self._cap}; no more actions can be taken"
            )
        self._pos.state.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._pos.state.game.action_text(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over (won, or cut at ``max_actions``)."""
        st = self._pos.state
        return st.is_terminal() or st.ply >= self._cap

    def returns(self) -> list[float]:
        """1 for the winner and -1 for the loser once the game is won; 0 otherwise."""
        o = self._pos.state.outcome()
        if o is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if o.winner == 0 else [-1.0, 1.0]

    def __str__(self) -> str:
        return self._pos.state.picture()


def _check_position(state: HexArenaSpielState, pos: Any) -> None:
    """Refuse a position that is not of ``state``'s game (a serialised state of another game).

    A position read from a pickle (``deserialize_state``, ``pickle.loads``) comes after the
    history, which OpenSpiel has set from the string: the two must agree (a string edited by
    hand). A clone's attributes are set before its history, which is not compared then.
    """
    if not isinstance(pos, _Position):
        raise ValueError(f"not a hexarena position: {type(pos).__name__}")
    game = state.get_game()
    theirs = pos.state.game
    if theirs is not game.hexarena_game and (
        theirs.name != game.game_name or tuple(sorted(theirs.record_tags().items())) != game._tags
    ):
        raise ValueError(
            f"the serialised state is of {spiel_name(theirs.name)} with "
            f"{cut(str(theirs.options))}, not of {cut(str(game))}"
        )
    if pos.unpickled:
        pos.unpickled = False  # compared once, as it is taken
        told = [int(a) for a in state.history()]
        held = pos.state.history
        if told != held:
            k = next((i for i, (a, b) in enumerate(zip(told, held, strict=False)) if a != b), None)
            where = f"first differs at action {k + 1}" if k is not None else "one is shorter"
            raise ValueError(
                f"the serialised state's history ({len(told):,} actions) is not its "
                f"position's ({len(held):,} actions; {where}): the string was edited"
            )
    if pos.state.ply > game.max_actions:
        raise ValueError(
            f"the serialised state holds {pos.state.ply:,} actions, past this game's "
            f"max_actions={game.max_actions:,} ({cut(str(game))})"
        )


def _check_cap(state: HexArenaSpielState, cap: Any) -> None:
    """Refuse a cap that is not the game's ``max_actions`` (a state serialised under another
    cap, or a cap edited into the serialised string): the cap is the game's, as
    ``max_game_length`` reports it."""
    game = state.get_game()
    if type(cap) is not int or cap != game.max_actions:
        raise ValueError(
            f"the serialised state is of max_actions={cut_repr(cap, 40)}, not of this game's "
            f"max_actions={game.max_actions:,} ({cut(str(game))})"
        )


class BoardObserver:
    """OpenSpiel's observer interface over :class:`hexarena.observe.Observer`."""

    def __init__(self, spec: Observer, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"hexarena observations take no parameters; given {params}")
        self.spec = spec
        self.buffer = spec.new_buffer()
        self.tensor = self.buffer.reshape(-1)
        self.dict = {"observation": self.buffer}

    def set_from(self, state: HexArenaSpielState, player: int) -> None:
        """Observe ``state`` as ``player`` sees it."""
        self.spec.fill(state.hexarena_state.array, player, self.buffer)  # checks the seat

    def string_from(self, state: HexArenaSpielState, player: int) -> str:
        """The position's picture (the same for both players)."""
        return state.hexarena_state.picture(coordinates=False)


def mcts_vs_uct(
    game: HexArenaSpielGame, games: int, simulations: int, *, seed: int = 1
) -> dict[str, Any]:
    """Play ``games`` games between OpenSpiel's ``MCTSBot`` (random-rollout evaluator) and
    hexarena's ``uct`` player at ``simulations`` simulations (iterations) a decision, seats
    alternating (``MCTSBot`` first in the first game), through the OpenSpiel game.

    Returns ``{"mcts": wins, "uct": wins, "unfinished": games cut at max_actions, "actions":
    mean actions a game}``.
    """
    from open_spiel.python.algorithms import mcts

    from .ai import Limit, make_player

    rng = np.random.RandomState(seed)
    limit = Limit(iterations=simulations)
    wins = {"mcts": 0, "uct": 0, "unfinished": 0}
    actions = 0
    for i in range(games):
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=mcts.RandomRolloutEvaluator(1, rng),
            random_state=rng,
            solve=True,
        )
        uct = make_player("uct", seed=seed * 1_000 + i)
        uct.prepare(game.hexarena_game)
        bot_seat = i % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == bot_seat:
                action = bot.step(state)
            else:
                action = uct.choose(state.hexarena_state, limit)
            state.apply_action(action)
        actions += len(state.history())
        r = state.returns()
        if r[0] == 0:
            wins["unfinished"] += 1
        else:
            wins["mcts" if r[bot_seat] > 0 else "uct"] += 1
    return {**wins, "actions": actions / games if games else 0.0}


def _register(name: str) -> None:
    cls = game_class(name)
    game_type = pyspiel.GameType(
        short_name=spiel_name(name),
        long_name=f"hexarena {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
    )
    game_cls = type(
        f"HexArena{cls.__name__}SpielGame",
        (HexArenaSpielGame,),
        {"game_name": name, "game_type": game_type, "__doc__": f"{cls.title} for OpenSpiel."},
    )
    pyspiel.register_game(game_type, game_cls)


def _register_all() -> None:
    registered = set(pyspiel.registered_names())
    for name in game_names():
        if spiel_name(name) not in registered:
            _register(name)


_register_all()

__all__ = [
    "ACTION_CAPS",
    "PREFIX",
    "BoardObserver",
    "HexArenaSpielGame",
    "HexArenaSpielState",
    "mcts_vs_uct",
    "options_from_params",
    "parameter_specification",
    "spiel_name",
]
