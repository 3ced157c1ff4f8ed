"""Computer players behind one interface: ``player.choose(state, limit) -> action``.

Registered names (for :func:`make_player`, ``hexarena play --vs`` and ``hexarena match``):
``random``, ``uct`` (plain UCT), ``mcts`` (the strongest), and the strength levels ``easy``,
``medium`` and ``hard``; see :mod:`hexarena.ai.mcts` and ``docs/players.md``.
"""

from __future__ import annotations

from .base import Hint, Limit, Player, make_player, player_names
from .mcts import FULL_SETTINGS, LEVELS, UCT_SETTINGS, MCTSPlayer, SearchError, SearchSettings
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
    "Player",
    "RandomPlayer",
    "SearchError",
    "SearchSettings",
    "make_player",
    "player_names",
    "plugin_for",
    "register_plugin",
]
