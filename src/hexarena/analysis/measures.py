"""What a report measures in one game: its own quantities turn by turn, and why it ended.

Each game's measures plug in here, keyed by game name: a function of the position at the end of
every turn (stones of each colour for every game; Throngs' deployable sites, Scrunch's snakes,
China Grove's groups) and how stones leave the board (Churn's removals, Throngs' captures,
Scrunch's removals). Series are kept at most :data:`MAX_POINTS` points long (evenly thinned,
the turn of each point kept), so that a long Churn game costs no more than a short one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..core import H_PLAYER, H_REASON, H_TURN, Array, Game, Outcome

#: The most points a series keeps for one game.
MAX_POINTS = 200


def _counts(game: Game, arr: Array) -> list[int]:
    """Stones of each colour (by the colour's initial in ``cell_view``)."""
    view = game.cell_view(arr)
    initials = [c[0] for c in game.colours]
    return [sum(1 for v in view if v[:1] == i) for i in initials]


def _throngs_extra(game: Game, arr: Array) -> dict[str, float]:
    view = game.cell_view(arr)
    out: dict[str, float] = {}
    potential: Callable[[Array, int, int], int] = game.potential  # type: ignore[attr-defined]
    for c, name in enumerate(game.colours):
        out[f"deployable sites {name}"] = float(
            sum(1 for x, v in enumerate(view) if v == "." and potential(arr, x, c) >= 1)
        )
    return out


def _scrunch_extra(game: Game, arr: Array) -> dict[str, float]:
    snakes: Callable[[Array, int], list[list[str]]] = game.snakes  # type: ignore[attr-defined]
    return {f"snakes {name}": float(len(snakes(arr, c))) for c, name in enumerate(game.colours)}


def _china_grove_extra(game: Game, arr: Array) -> dict[str, float]:
    groups: Callable[[Array], Sequence[int]] = game.groups  # type: ignore[attr-defined]
    g = groups(arr)
    return {f"groups {name}": float(g[c]) for c, name in enumerate(game.colours)}


#: Game-specific quantities at the end of a turn, beyond the stones of each colour.
EXTRA: dict[str, Callable[[Game, Array], dict[str, float]]] = {
    "throngs": _throngs_extra,
    "scrunch": _scrunch_extra,
    "china-grove": _china_grove_extra,
}

#: What a turn's lost stones are called in each game (games where stones leave the board).
LOSSES: dict[str, str] = {"churn": "removed", "throngs": "captured", "scrunch": "removed"}

#: The reason a game ended, by the game's ``H_REASON`` code.
REASONS: dict[str, dict[int, str]] = {
    "churn": {1: "board full"},
    "gyre": {1: "loop", 0: "perimeter"},
    "throngs": {1: "no move, then fill", 2: "repetition, then fill"},
    "scrunch": {1: "last snake removed"},
    "china-grove": {1: "board full"},
}


def end_reason(game: Game, arr: Array, resigned: bool) -> str:
    """A short label for why a finished game ended (``turn limit`` for a game stopped by the
    analysis' turn limit, ``unfinished`` for one still going)."""
    if resigned:
        return "turn limit"
    if arr[H_PLAYER] >= 0:
        return "unfinished"
    code = int(arr[H_REASON])
    return REASONS.get(game.name, {}).get(code, f"reason {code}")


def margin(game: Game, outcome: Outcome) -> float | None:
    """The winner's lead in the game's own count (points or stones), where it has one."""
    score = outcome.score
    if len(score) != 2 or not all(isinstance(v, int | float) for v in score.values()):
        return None
    win = float(score.get(outcome.winner_colour, 0))
    other = sum(float(v) for k, v in score.items() if k != outcome.winner_colour)
    return win - other


def turn_series(game: Game, actions: Sequence[int]) -> dict[str, Any]:
    """Replay ``actions`` and measure the position at the end of every turn.

    Returns ``{"turn": [...], name: [...], ...}``: the turn number of each kept point and one
    list per quantity (stones of each colour, the game's own quantities, and the stones lost in
    the turn where the game has removals or captures).
    """
    arr = game.initial_array()
    k = game.kernels
    extra = EXTRA.get(game.name)
    loss = LOSSES.get(game.name)
    rows: list[dict[str, float]] = []
    turns: list[int] = []
    before_view = game.cell_view(arr)
    before = _counts(game, arr)

    def snap() -> None:
        nonlocal before_view, before
        view = game.cell_view(arr)
        counts = _counts(game, arr)
        row = {f"stones {name}": float(counts[c]) for c, name in enumerate(game.colours)}
        if loss == "removed" and game.name == "churn":
            # stones never move in Churn: a cell occupied before the turn and empty after it
            # lost its stone to a removal
            row[loss] = float(
                sum(1 for b, v in zip(before_view, view, strict=True) if b != "." and v == ".")
            )
        elif loss is not None:
            row[loss] = float(sum(max(0, before[c] - counts[c]) for c in range(2)))
        if extra is not None:
            row.update(extra(game, arr))
        rows.append(row)
        turns.append(int(arr[H_TURN]))
        before_view, before = view, counts

    for a in actions:
        t = int(arr[H_TURN])
        if game.grows:
            arr = game.with_room(arr)
        k.apply(game.consts, arr, int(a))
        if int(arr[H_TURN]) != t:
            snap()
    if not rows:
        return {"turn": []}
    keep = _thin(len(rows))
    out: dict[str, Any] = {"turn": [turns[i] for i in keep]}
    for name in rows[0]:
        out[name] = [rows[i].get(name, 0.0) for i in keep]
    return out


def _thin(n: int) -> list[int]:
    """At most :data:`MAX_POINTS` indices spread evenly over ``0 .. n-1``, the last included."""
    if n <= MAX_POINTS:
        return list(range(n))
    return sorted({round(float(i)) for i in np.linspace(0, n - 1, MAX_POINTS)})
