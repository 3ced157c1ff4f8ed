"""Positions set up by hand (``Game.position``) share one reading of the stones and of who is to
move (``hexarena.games.positions``): the same refusals and the same header in every game."""

from __future__ import annotations

import pytest

from hexarena import new_game
from hexarena.core import H_COLOUR, H_PLAYER, H_PLY, H_SWAPPED, H_TURN, OptionError

GAMES = [("churn", {"size": 3}, "c1"), ("gyre", {"size": 4}, "d1"), ("scrunch", {"size": 3}, "c1")]


@pytest.mark.parametrize(("name", "options", "cell"), GAMES)
def test_a_cell_named_twice_or_a_stranger_to_move_is_refused(
    name: str, options: dict[str, int], cell: str
) -> None:
    game = new_game(name, **options)
    with pytest.raises(OptionError, match=f"cell {cell} is given twice"):
        game.position([cell], [cell])  # type: ignore[attr-defined]
    one, two = game.colours
    with pytest.raises(OptionError, match=f"to_move must be {one} or {two}, not 'Green'"):
        game.position([cell], to_move="Green")  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "options", "cell"), GAMES[:2])
def test_the_header_says_who_is_to_move(name: str, options: dict[str, int], cell: str) -> None:
    game = new_game(name, **options)
    state = game.position([cell], to_move=game.colours[1], swapped=True, turn=5)  # type: ignore[attr-defined]
    arr = state.array
    assert (arr[H_COLOUR], arr[H_SWAPPED], arr[H_PLAYER], arr[H_TURN], arr[H_PLY]) == (
        1,
        1,
        0,
        5,
        5,
    )
    assert state.current_player == 0 and state.to_move == 1
