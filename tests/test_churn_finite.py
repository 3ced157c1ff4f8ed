"""Churn always ends: the proof in docs/games/churn.md ("Can a game last for ever?"), checked.

Each player's group sizes, sorted from largest to smallest and compared as words (a proper
prefix is smaller), grow strictly with every turn of that player and do not change on the
other player's turns. So a player has at most as many turns as there are such lists, which
bounds the length of every game. These tests check both claims turn by turn over random games,
with the groups found by flood fill from the stones alone.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import Game


def group_sizes(game: Game, arr: object, colour: int) -> tuple[int, ...]:
    """The sizes of ``colour``'s groups, largest first (flood fill over the stones)."""
    cols = game.cell_colours(arr)  # type: ignore[attr-defined]
    nbs = game.board.neighbor_lists
    left = {x for x in range(game.board.size) if cols[x] == colour + 1}
    sizes = []
    while left:
        todo = [left.pop()]
        k = 1
        while todo:
            for y in nbs[todo.pop()]:
                if y in left:
                    left.remove(y)
                    todo.append(y)
                    k += 1
        sizes.append(k)
    return tuple(sorted(sizes, reverse=True))


def partitions_up_to(n: int) -> int:
    """How many lists of group sizes hold at most ``n`` stones: p(0) + p(1) + ... + p(n)."""
    p = [1] + [0] * n
    for part in range(1, n + 1):
        for total in range(part, n + 1):
            p[total] += p[total - part]
    return sum(p)


def test_partition_counts() -> None:
    # p(0..5) = 1 1 2 3 5 7
    assert [partitions_up_to(k) for k in range(6)] == [1, 2, 4, 7, 12, 19]


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    options=st.sampled_from([{"size": 2}, {"size": 3}, {"sides": (3, 4, 3, 4, 3, 4)}]),
)
def test_each_turn_grows_the_movers_group_list_and_games_are_bounded(
    seed: int, options: dict[str, object]
) -> None:
    game = hexarena.new_game("churn", **options)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    bound = 2 * partitions_up_to(game.board.size) + 1  # + 1: the swap changes no stone
    turns = 0
    while not state.is_terminal():
        colour = int(state.array[1])
        before = [group_sizes(game, state.array, c) for c in (0, 1)]
        action = rnd.choice(state.legal_actions())
        state.apply(action)
        turns += 1
        after = [group_sizes(game, state.array, c) for c in (0, 1)]
        if game.action_text(action) == "swap":
            assert after == before
            continue
        assert after[colour] > before[colour]  # tuples compare as words, a prefix first
        assert after[colour ^ 1] == before[colour ^ 1]
    assert turns <= bound
