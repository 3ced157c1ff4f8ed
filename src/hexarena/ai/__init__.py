"""Computer players behind one interface: ``player.choose(state, limit) -> action``."""

from __future__ import annotations

from .base import Limit, Player, make_player, player_names
from .random_player import RandomPlayer

__all__ = ["Limit", "Player", "RandomPlayer", "make_player", "player_names"]
