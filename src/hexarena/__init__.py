"""hexarena: five two-player abstract games on hexagonal boards.

>>> import hexarena
>>> game = hexarena.new_game("churn", size=3)
>>> state = game.new_initial_state()
>>> state.apply("c3")
>>> state.to_move_name
'Blue (player 2)'
"""

from . import numba_cache

numba_cache.install()  # before any kernel is defined: see hexarena.numba_cache

from .core import (  # noqa: E402
    Game,
    GameOverError,
    HexArenaError,
    IllegalActionError,
    NotationError,
    OptionError,
    Outcome,
    State,
    UnknownGameError,
)
from .games import game_class, game_names, new_game  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "Game",
    "GameOverError",
    "HexArenaError",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "Outcome",
    "State",
    "UnknownGameError",
    "__version__",
    "game_class",
    "game_names",
    "new_game",
]
