"""``State.turns_from`` (the turns since an earlier position, at the cost of those turns) and
``State.rewind`` (back to an earlier position in one replay), which the engine protocol's
``position continue`` uses on games of a million turns."""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import State
from hexarena.selfplay import random_game


def test_turns_from_groups_the_later_actions_by_turn() -> None:
    game = hexarena.new_game("china-grove")
    _, acts = random_game(game, 4, keep_actions=True)
    assert acts is not None
    st = State(game)
    st.apply_actions(acts)
    turns = st.moves()
    assert len(turns) > 10 and any(len(t) > 1 for t in turns)  # turns of several checkers
    starts = [0]
    for t in turns:
        starts.append(starts[-1] + len(t))
    for i in (0, 1, 5, len(turns)):
        assert st.turns_from(starts[i]) == turns[i:]
    middle = starts[1] + 1 if len(turns[1]) > 1 else starts[2] + 1
    for bad in (middle, -1, st.ply + 1, 1.5, "3"):
        with pytest.raises(hexarena.HexArenaError, match="does not begin a turn"):
            st.turns_from(bad)  # type: ignore[arg-type]


def test_rewind_goes_back_to_the_position_after_that_many_actions() -> None:
    game = hexarena.new_game("churn", size=5)
    _, acts = random_game(game, 5, keep_actions=True, cap=3_000)
    assert acts is not None
    st = State(game)
    st.apply_actions(acts)
    for ply in (2_999, 1_234, 256, 255, 0):
        st.rewind(ply)
        back = State(game)
        back.apply_actions(acts[:ply])
        assert st == back and st.ply == ply
    st.rewind(0)
    with pytest.raises(hexarena.HexArenaError, match="cannot rewind to action 1: 0 actions"):
        st.rewind(1)
    st.apply_move("c3")
    st.resign()
    st.rewind(1)  # the resignation goes too
    assert not st.is_terminal() and st == game.state_from_moves("c3")
