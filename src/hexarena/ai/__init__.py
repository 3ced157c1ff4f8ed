"""Computer players behind one interface: ``player.choose(state, limit) -> action``.

Registered names (for :func:`make_player`, ``hexarena play --vs`` and ``hexarena match``):
``random``, ``uct`` (plain UCT), ``mcts`` (the strongest search), the strength levels
``easy``, ``medium`` and ``hard``, and ``perfect`` (proven wins where its solver finds them,
``mcts`` elsewhere); see :mod:`hexarena.ai.mcts`, :mod:`hexarena.ai.perfect` and
``docs/players.md``.
"""

from __future__ import annotations

from .base import Hint, Limit, Player, make_player, player_names
from .mcts import FULL_SETTINGS, LEVELS, UCT_SETTINGS, MCTSPlayer, SearchError, SearchSettings
from .perfect import PerfectPlayer
from .plugins import GamePlugin, plugin_for, register_plugin
from .random_player import RandomPlayer

__all__ = [
    "FULL_SETTINGS",
    "LEVELS",
    "UCT_SETTINGS",
    "GamePlugin",
    "Hint",
    "Limit",
    "MCTSPlayer",
    "PerfectPlayer",
    "Player",
    "RandomPlayer",
    "SearchError",
    "SearchSettings",
    "make_player",
    "player_names",
    "plugin_for",
    "register_plugin",
]
