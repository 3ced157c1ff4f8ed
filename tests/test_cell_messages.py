"""A cell name off the board is refused in the board's names: the message gave the grid's inner
axial coordinates ("and (699, 6) is outside it"), which mean nothing to the person who typed it."""

from __future__ import annotations

import pytest

import hexarena
from hexarena.errors import HexArenaError


def refusal(game: str, text: str) -> str:
    state = hexarena.new_game(game).new_initial_state()
    with pytest.raises(HexArenaError) as info:
        state.apply(text)
    assert state.ply == 0
    return str(info.value)


def test_a_column_past_the_board() -> None:
    message = refusal("churn", "zz9")
    assert "'zz9' is not on this board (hexhex side 3): columns run a..e, rows 1..5" in message
    assert "(" not in message.split("rows 1..5")[1]  # no coordinates after the ranges


def test_a_cut_corner_of_a_hexagon() -> None:
    message = refusal("churn", "a1")
    assert "column a and row 1 exist, but meet off its edge" in message
    assert "(-" not in message
