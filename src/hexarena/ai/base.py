"""The player interface and the registry of named players."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import Game, GameOverError, HexArenaError, State
from ..limits import cut_repr


@dataclass(frozen=True)
class Limit:
    """How much a player may think: any of seconds, iterations and nodes (``None`` = no bound)."""

    seconds: float | None = None
    iterations: int | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class Hint:
    """One analysed action: how often the search tried it and how good it looked.

    ``value`` is the mean reward (0 to 1) for the player to act; ``proven`` is ``"win"`` or
    ``"loss"`` when the search proved the result, else ``None``.
    """

    action: int
    text: str
    visits: int
    value: float
    proven: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for JSON)."""
        return {
            "action": self.action,
            "text": self.text,
            "visits": self.visits,
            "value": round(self.value, 4),
            "proven": self.proven,
        }


class Player:
    """A computer player. Subclasses implement :meth:`choose`.

    ``choose`` returns one legal action for the player to act; :meth:`choose_turn` plays a whole
    turn (several actions when the game's turns have several decisions).
    """

    name: str = "player"
    #: An event that, once set, asks a search under way to end as soon as it can with the
    #: best it has (see :meth:`watch`); ``None``: searches end only at their limit.
    stop: threading.Event | None = None

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def watch(self, stop: threading.Event | None) -> None:
        """Let ``stop`` end this player's searches early (the engine protocol's ``stop``): a
        search then ends between batches of iterations, and each decision still left in the
        turn is chosen after one batch, so a whole legal turn always comes back. Players that
        do not search return at once anyway and may ignore it."""
        self.stop = stop

    def choose(self, state: State, limit: Limit | None = None) -> int:
        """One legal action for the player to act in ``state``."""
        raise NotImplementedError

    def choose_turn(self, state: State, limit: Limit | None = None) -> list[int]:
        """The actions of a whole turn, chosen one by one (see :func:`play_turn`)."""
        return play_turn(state, lambda st: self.choose(st, limit))

    def analyse(self, state: State, limit: Limit | None = None, *, top: int = 5) -> list[Hint]:
        """The ``top`` best actions with their values and visit counts, best first (players
        that search implement this; the others refuse)."""
        raise HexArenaError(
            f"the {self.name} player does not analyse positions; use mcts or a strength level"
        )

    def reset(self) -> None:
        """Forget anything kept between moves (a new game starts)."""

    def prepare(self, game: Game) -> None:
        """Load (or compile) whatever the player needs for ``game``, so that no move pays for it."""


def play_turn(state: State, choose: Callable[[State], int]) -> list[int]:
    """The actions of a whole turn for the player to act, each from ``choose(state)``.

    Each chosen action is applied to ``state`` itself so the next decision sees it, and all of
    them are taken back before returning (or when ``choose`` fails; :meth:`State.trial`):
    ``state`` ends exactly as it was. Not copying the game keeps a decision's cost independent
    of the game's length (a copy holds the whole history: millions of actions in a long Churn
    game), and keeping the position aside instead of replaying to it compiles nothing.
    """
    if state.is_terminal():
        raise GameOverError("the game is over")
    seat = state.current_player
    actions: list[int] = []
    with state.trial():
        while True:
            a = choose(state)
            state.apply(a)
            actions.append(a)
            if state.is_terminal() or state.turn_just_ended or state.current_player != seat:
                return actions


_FACTORIES: dict[str, Callable[[int | None], Player]] = {}


def register_player(name: str, factory: Callable[[int | None], Player]) -> None:
    """Make a player available by name (for the command line and the app)."""
    _FACTORIES[name] = factory


def player_names() -> list[str]:
    """Names of every registered player."""
    return list(_FACTORIES)


def make_player(name: str, seed: int | None = None) -> Player:
    """A player by name, for example ``random``."""
    key = name.strip().lower()
    if key not in _FACTORIES:
        raise HexArenaError(
            f"there is no player called {cut_repr(name)}; the players are: {', '.join(_FACTORIES)}"
        )
    return _FACTORIES[key](seed)
