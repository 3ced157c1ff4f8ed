"""Scrunch: the steps of the finiteness argument in docs/games/scrunch.md ("Can a game last for
ever?"), checked turn by turn over random games.

- A player's stones and snakes change only on that player's turns.
- While a player is creating, every snake of theirs is an egg (one stone).
- An egg turn adds one stone and one snake; a growth adds one stone and no snake (and ends the
  creation phase); a removal turn removes at least one snake and adds none.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_COLOUR, H_TURN
from hexarena.games.scrunch import Scrunch


def census(game: Scrunch, arr: object, colour: int) -> tuple[int, list[int]]:
    """A colour's stones and its snakes' sizes."""
    sizes = [len(s) for s in game.snakes(arr, colour)]  # type: ignore[arg-type]
    return sum(sizes), sizes


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4, 5]))
def test_each_turn_adds_a_stone_or_removes_a_snake(seed: int, size: int) -> None:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        c = int(state.array[H_COLOUR])
        creating = game.creating(state.array)[c]
        before = [census(game, state.array, k) for k in (0, 1)]
        if creating:
            assert all(s == 1 for s in before[c][1])
        turn = int(state.array[H_TURN])
        actions = []
        while int(state.array[H_TURN]) == turn:
            a = rnd.choice(state.legal_actions())
            actions.append(a)
            state.apply(a)
        after = [census(game, state.array, k) for k in (0, 1)]
        assert after[c ^ 1] == before[c ^ 1]
        stones, snakes = before[c]
        if actions[0] >= game.board.size:  # removals
            assert len(after[c][1]) < len(snakes)
            assert after[c][0] < stones
        elif len(actions) == 1:  # an egg
            assert creating
            assert after[c][0] == stones + 1
            assert sorted(after[c][1]) == sorted([*snakes, 1])
        else:  # a growth
            assert len(actions) == 3
            assert after[c][0] == stones + 1
            assert len(after[c][1]) <= len(snakes)
            assert not game.creating(state.array)[c]
