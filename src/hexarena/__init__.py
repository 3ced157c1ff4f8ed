"""hexarena: five two-player abstract games on hexagonal boards.

>>> import hexarena
>>> game = hexarena.new_game("churn", size=3)
>>> state = game.new_initial_state()
>>> state.apply("c3")
>>> state.to_move_name
'Blue (player 2)'
"""

from .core import (
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
from .games import game_class, game_names, new_game

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
