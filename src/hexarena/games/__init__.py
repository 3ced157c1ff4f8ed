"""The registry of games: each game lives in its own module and is loaded on first use."""

from __future__ import annotations

import importlib
from typing import Any

from ..core import Game, UnknownGameError, WrongTypeError
from ..limits import cut_repr

#: Game name -> module (inside this package) that defines it. A new game adds one line here.
#: The order is the project's (the README's): every list of the games follows it, the web app's
#: included.
GAME_MODULES: dict[str, str] = {
    "churn": "churn",
    "gyre": "gyre",
    "throngs": "throngs",
    "scrunch": "scrunch",
    "china-grove": "china_grove",
}


def game_class(name: str) -> type[Game]:
    """The class of the game called ``name`` (case and ``_``/``-`` insensitive)."""
    if not isinstance(name, str):
        raise WrongTypeError(f"a game's name is text like 'churn', not {cut_repr(name)}")
    key = name.strip().lower().replace("_", "-")
    module = GAME_MODULES.get(key)
    if module is None:
        raise UnknownGameError(
            f"there is no game called {cut_repr(name)}; the games are: {', '.join(GAME_MODULES)}"
        )
    mod = importlib.import_module(f"{__name__}.{module}")
    cls: type[Game] = mod.GAME
    return cls


def game_names() -> list[str]:
    """Names of every registered game."""
    return list(GAME_MODULES)


def new_game(name: str, **options: Any) -> Game:
    """Build a game by name with options, for example ``new_game("churn", size=5)``."""
    return game_class(name)(**options)
