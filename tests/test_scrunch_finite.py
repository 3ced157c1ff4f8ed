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


# ---------------------------------------------------------------- the creation phase
def random_eggs(game: Scrunch, rnd: random.Random, fill: float) -> list[int]:
    """Per cell 0 (empty), 1 (Black) or 2 (White): each colour's stones pairwise apart (all
    eggs), as a creation phase leaves them."""
    nbrs = game.board.neighbor_lists
    col = [0] * game.board.size
    order = list(range(game.board.size))
    rnd.shuffle(order)
    for x in order:
        options = [v for v in (1, 2) if all(col[y] != v for y in nbrs[x])]
        if options and rnd.random() < fill:
            col[x] = rnd.choice(options)
    return col


def growth_placements_by_the_rule(game: Scrunch, col: list[int], v: int) -> set[int]:
    """The placements that start a growth for colour ``v`` (1 or 2) when all its stones are
    eggs, by the local rule of docs/games/scrunch.md: some egg s next to p has another empty
    neighbour d with p, d adjacent and a(p), a(d) <= 2, or p, d apart and a(p) >= 2 or a(d) >= 2
    (a(c): the eggs of v next to c)."""
    nbrs = game.board.neighbor_lists

    def a(c: int) -> int:
        return sum(1 for y in nbrs[c] if col[y] == v)

    out = set()
    for s in range(game.board.size):
        if col[s] != v:
            continue
        empty = [y for y in nbrs[s] if col[y] == 0]
        for p in empty:
            for d in empty:
                if d == p:
                    continue
                adjacent = d in nbrs[p]
                if (adjacent and a(p) <= 2 and a(d) <= 2) or (
                    not adjacent and (a(p) >= 2 or a(d) >= 2)
                ):
                    out.add(p)
    return out


def egg_position(game: Scrunch, col: list[int], to_move: int) -> hexarena.State:
    names = game.board.names
    return game.position(
        black=[names[x] for x in range(len(col)) if col[x] == 1],
        white=[names[x] for x in range(len(col)) if col[x] == 2],
        to_move=game.colours[to_move],
        creating=(True, True),
    )


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from([3, 4, 5, 6]),
    fill=st.sampled_from([0.6, 0.9, 1.0]),
)
def test_growth_in_the_creation_phase_follows_the_local_rule(
    seed: int, size: int, fill: float
) -> None:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    col = random_eggs(game, random.Random(seed), fill)
    for c in (0, 1):
        if c + 1 not in col:
            continue
        state = egg_position(game, col, c)
        nbrs = game.board.neighbor_lists
        placements = {
            a
            for a in state.legal_actions()
            if a < game.board.size and any(col[y] == c + 1 for y in nbrs[a])
        }
        assert placements == growth_placements_by_the_rule(game, col, c + 1)


def black_removal_turns(state: hexarena.State, rnd: random.Random) -> list[hexarena.State]:
    """Black (to move, forced to remove) removes each snake it may remove first, then goes on
    at random until the turn ends: the positions after each of those turns."""
    out = []
    for a in state.legal_actions():
        st2 = state.copy()
        st2.apply(a)
        while not st2.is_terminal() and int(st2.array[H_COLOUR]) == 0:
            st2.apply(rnd.choice(st2.legal_actions()))
        if not st2.is_terminal():
            out.append(st2)
    return out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 4, 5, 6]))
def test_two_removal_turns_never_follow_each_other_in_the_creation_phase(
    seed: int, size: int
) -> None:
    """docs/games/scrunch.md, step 7: after a removal turn (both players creating), the other
    player is never forced to remove. Random positions where Black must remove, removal turns
    Black can make there, then White's options; and the removal turn ended because Black can
    grow, by the local rule too."""
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    rnd = random.Random(seed)
    n = game.board.size
    for _ in range(100):
        col = random_eggs(game, rnd, 1.0)
        if 2 not in col:
            continue
        state = egg_position(game, col, 0)
        if any(a < n for a in state.legal_actions()):
            continue  # Black is not forced to remove
        for after in black_removal_turns(state, rnd):
            assert growth_placements_by_the_rule(game, list(game.cell_colours(after.array)), 1)
            assert any(b < n for b in after.legal_actions())
