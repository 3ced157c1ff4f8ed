"""Per-game knowledge for the search, in a small registry keyed by game name.

One search serves every game; what a game needs beyond its rules plugs in here:

- ``evaluate``: given the game, a compiled ``evaluate(g, arr) -> float``, the probability that
  colour 0 wins a position where a simulation was cut short (by default 0.5, no opinion; the
  built-in games use the stone difference);
- ``playout_cap``: how many actions a simulation may take beyond the tree before it is cut short
  and evaluated, for the strong players (Churn's games run thousands of turns at side 5);
- ``safety_cap``: the same bound for plain UCT, which plays its simulations to the end when it
  can; it only stops games that could run for ever (Throngs' dispatches) or absurdly long;
- ``rave``: whether the strong players keep AMAF statistics (they help where an action is a
  cell that keeps its value through the game, as in Gyre);
- ``greedy``: the share of playout steps that take the action the evaluation likes best
  (an immediate win always counts best), the rest being the playout kernel's own;
- ``playout``: given the game, a better playout kernel (same signature as
  ``Kernels.playout``), when the game has one;
- ``score_end``: whether the evaluation also scores finished games (by their margin, the
  winner always above 0.5), so that the strong players prefer clear wins to narrow ones;
- ``tree_legal``: given the game, a compiled ``legal``-like kernel that the strong players
  use to expand their tree instead of the game's ``legal``: a non-empty subset of the legal
  actions whenever the game goes on, chosen so that each distinct turn is still reached (China
  Grove's checkers of a turn in ascending order: a turn is a set of cells, so its orderings
  are one position);
- ``endgame``: given the game, a compiled ``solve(g, arr, budget, status) -> action``
  that looks for a winning action by exact search within ``budget`` positions (status[0]:
  0 unknown, 1 the action wins, 2 every action loses; status[1]: positions visited), which
  the strong players try before searching;
- ``pie_opening``: whether the strong players choose their first turn of a game with the pie
  rule by searching every candidate turn for the one that leaves the opponent the least,
  whether they swap or not (see :meth:`hexarena.ai.mcts.MCTSPlayer.pie_turn`).

A game without an entry gets :data:`DEFAULT`: random playouts with generous caps.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit

from ..core import H_PLAYER, Array, Game
from .search import half


def _default_cap(game: Game) -> int:
    return 200 * game.num_distinct_actions


def _neutral(game: Game) -> Any:
    return half


@dataclass(frozen=True)
class GamePlugin:
    """What the search knows about one game (see the module's description).

    ``evaluate`` and ``playout`` are functions of the game (its board size matters) returning
    compiled kernels; they must return the *same* kernel for equal games, since the search is
    compiled once per combination of kernels (use :func:`functools.lru_cache`).
    """

    evaluate: Callable[[Game], Any] = _neutral
    playout_cap: Callable[[Game], int] = _default_cap
    safety_cap: Callable[[Game], int] = _default_cap
    rave: bool = False
    playout: Callable[[Game], Any] | None = None
    rave_bias: float = 0.05
    exploration: float = 0.4
    greedy: float | Callable[[Game], float] = 0.0
    score_end: bool = False
    pie_opening: bool = False
    tree_legal: Callable[[Game], Any] | None = None
    endgame: Callable[[Game], Any] | None = None


DEFAULT = GamePlugin()

_PLUGINS: dict[str, GamePlugin] = {}


def register_plugin(game_name: str, plugin: GamePlugin) -> None:
    """Attach search knowledge to a game (by its registry name)."""
    _PLUGINS[game_name] = plugin


def plugin_for(game: Game) -> GamePlugin:
    """The plug-in for ``game``: registered, built in, or :data:`DEFAULT`."""
    if game.name not in _PLUGINS and game.name in _BUILTIN:
        register_plugin(game.name, _BUILTIN[game.name]())
    return _PLUGINS.get(game.name, DEFAULT)


# ---------------------------------------------------------------- evaluations
@functools.cache
def stone_difference(slot: int, scale: float) -> Any:
    """A compiled evaluation: the logistic of (stones of colour 0 - stones of colour 1) x scale,
    the two counts being ``arr[slot]`` and ``arr[slot + 1]``."""

    @njit(cache=False)
    def evaluate(g: Array, arr: Array) -> float:  # pragma: no cover - compiled
        d = float(arr[slot] - arr[slot + 1])
        return 1.0 / (1.0 + np.exp(-scale * d))

    return evaluate


def _stones(slot: int, strength: float = 3.0) -> Callable[[Game], Any]:
    """An evaluation by stone difference, scaled by the square root of the board's size."""

    def make(game: Game) -> Any:
        return stone_difference(slot, round(strength / math.sqrt(game.board.size), 6))

    return make


@functools.cache
def china_grove_score(weight: float, scale: float) -> Any:
    """A compiled evaluation for China Grove by the score (stones - P x groups).

    On a finished game: ``1 - weight`` for a win (0 for a loss) plus ``weight`` x the logistic
    of the score difference / ``scale``, so a win always counts more than 0.5 and a wider
    margin a little more. Before the end (only where a simulation is cut short), the logistic
    of the score difference so far.
    """
    from ..games.china_grove import G_PEN, S_GROUPS, S_STONES

    @njit(cache=False)
    def evaluate(g: Array, arr: Array) -> float:  # pragma: no cover - compiled
        pen = g[G_PEN]
        d = float(arr[S_STONES] - pen * arr[S_GROUPS] - arr[S_STONES + 1] + pen * arr[S_GROUPS + 1])
        m = 1.0 / (1.0 + np.exp(-d / scale))
        if arr[H_PLAYER] >= 0:
            return m
        return (1.0 - weight if d > 0 else 0.0) + weight * m

    return evaluate


# ---------------------------------------------------------------- the games
def _churn() -> GamePlugin:
    from ..games import churn

    return GamePlugin(
        evaluate=_stones(churn.S_STONES),
        # from side 4 on, games run thousands of turns; on the small boards (side 3, 19 cells)
        # a shorter cap and the evaluation beat longer playouts against uct
        playout_cap=lambda game: (2 if game.board.size < 30 else 4) * game.board.size,
        safety_cap=lambda game: 20_000,
    )


def _gyre() -> GamePlugin:
    from ..games import gyre

    return GamePlugin(evaluate=_stones(gyre.S_STONES), rave=True)


def _throngs() -> GamePlugin:
    from ..games import throngs

    return GamePlugin(
        evaluate=_stones(throngs.S_STONES),
        playout_cap=lambda game: 2 * game.board.size,
        safety_cap=lambda game: 100 * game.board.size,
    )


def _scrunch() -> GamePlugin:
    from ..games import scrunch

    return GamePlugin(evaluate=_stones(scrunch.S_STONES))


def _china_grove() -> GamePlugin:
    from .china_grove_ai import ordered_legal, solve_root

    return GamePlugin(
        evaluate=lambda game: china_grove_score(CG_MARGIN_WEIGHT, CG_MARGIN_SCALE),
        score_end=True,
        pie_opening=True,
        tree_legal=lambda game: ordered_legal,
        endgame=lambda game: solve_root,
    )


#: China Grove's reward by margin: the share of the reward given by the margin, and its scale
CG_MARGIN_WEIGHT = 0.3
CG_MARGIN_SCALE = 6.0

_BUILTIN: dict[str, Callable[[], GamePlugin]] = {
    "churn": _churn,
    "gyre": _gyre,
    "throngs": _throngs,
    "scrunch": _scrunch,
    "china-grove": _china_grove,
}

__all__ = [
    "DEFAULT",
    "GamePlugin",
    "china_grove_score",
    "plugin_for",
    "register_plugin",
    "stone_difference",
]
