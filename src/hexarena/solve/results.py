"""The boards solved so far, as published in ``docs/solved.md``: the web app offers the
``perfect`` player as the strongest level on them."""

from __future__ import annotations

from typing import Any

from ..core import Game

#: Each solved board: the game, the options that make the board, whether the first player wins
#: without the pie rule, and the winning first moves.
SOLVED: tuple[dict[str, Any], ...] = (
    {"game": "churn", "options": {"size": 2}, "first_player_wins": True, "openings": ["b2"]},
    {
        "game": "churn",
        "options": {"size": 3},
        "first_player_wins": True,
        "openings": ["a4", "b2", "b5", "c3", "d1", "d4", "e2"],
    },
    {
        "game": "churn",
        "options": {"sides": "2,2,4,2,2,4"},
        "first_player_wins": True,
        "openings": ["a5", "b4", "d2", "e1"],
    },
    {
        "game": "gyre",
        "options": {"size": 3},
        "first_player_wins": True,
        "openings": ["b3", "b4", "c2", "c3", "c4", "d2", "d3"],
    },
    {"game": "scrunch", "options": {"size": 3}, "first_player_wins": False, "openings": []},
    {
        "game": "throngs",
        "options": {"board": "hex", "size": 2},
        "first_player_wins": False,
        "openings": [],
    },
)


def solved_boards() -> list[dict[str, Any]]:
    """The solved boards (plain data, for JSON)."""
    return [dict(s) for s in SOLVED]


def is_solved(game: Game) -> bool:
    """Whether ``game`` is played on a solved board with the options it was solved with."""
    from ..games import new_game

    tags = game.record_tags()
    return any(
        s["game"] == game.name and new_game(s["game"], **s["options"]).record_tags() == tags
        for s in SOLVED
    )
