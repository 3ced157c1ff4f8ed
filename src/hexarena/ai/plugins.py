"""Per-game knowledge for the search, in a small registry keyed by game name.

One search serves every game; what a game needs beyond its rules plugs in here:

- ``evaluate``: a compiled ``evaluate(g, arr) -> float``, the probability that colour 0 wins a
  position where a simulation was cut short (by default 0.5, no opinion);
- ``playout_cap``: how many actions a simulation may take beyond the tree before it is cut short
  and evaluated, for the strong players (Churn's games run thousands of turns at side 5);
- ``safety_cap``: the same bound for plain UCT, which plays its simulations to the end when it
  can; it only stops games that could run for ever (Throngs' dispatches) or absurdly long;
- ``rave``: whether the strong players keep AMAF statistics (they help where an action is a
  cell that keeps its value through the game, as in Gyre);
- ``playout``: a better playout kernel (same signature as ``Kernels.playout``), when the game
  has one.

A game without an entry gets :data:`DEFAULT`: random playouts with generous caps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from ..core import Array, Game
from .search import half


def _default_cap(game: Game) -> int:
    return 200 * game.num_distinct_actions


@dataclass(frozen=True)
class GamePlugin:
    """What the search knows about one game (see the module's description)."""

    evaluate: Any = half
    playout_cap: Callable[[Game], int] = _default_cap
    safety_cap: Callable[[Game], int] = _default_cap
    rave: bool = False
    playout: Any | None = None
    rave_bias: float = 0.05
    exploration: float = 0.4


DEFAULT = GamePlugin()

_PLUGINS: dict[str, GamePlugin] = {}


def register_plugin(game_name: str, plugin: GamePlugin) -> None:
    """Attach search knowledge to a game (by its registry name)."""
    _PLUGINS[game_name] = plugin


def plugin_for(game: Game) -> GamePlugin:
    """The plug-in for ``game``, or :data:`DEFAULT`."""
    _load_builtin()
    return _PLUGINS.get(game.name, DEFAULT)


# ---------------------------------------------------------------- Churn
@njit(cache=True)
def _churn_eval(g: Array, arr: Array) -> float:  # pragma: no cover - compiled
    """Churn: a logistic of the stone difference, scaled by the board's size."""
    n = g[0]
    d = float(arr[13] - arr[14])  # stones of Red and Blue (churn.S_STONES)
    return 1.0 / (1.0 + np.exp(-3.0 * d / np.sqrt(float(n))))


def _churn_cap(game: Game) -> int:
    return 4 * game.board.size


def _churn_safety(game: Game) -> int:
    # complete games up to side 4 (a few thousand actions); longer boards are cut
    return 20_000


_loaded = False


def _load_builtin() -> None:
    """Register the plug-ins of the games shipped with the package (once)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    from ..games.churn import S_STONES

    assert S_STONES == 13
    register_plugin(
        "churn",
        GamePlugin(evaluate=_churn_eval, playout_cap=_churn_cap, safety_cap=_churn_safety),
    )


__all__ = ["DEFAULT", "GamePlugin", "plugin_for", "register_plugin"]
