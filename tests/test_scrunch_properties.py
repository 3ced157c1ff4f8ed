"""Scrunch properties: random games against a plain reference implementation of the rules.

The reference below is written straight from the rule sheet and NOTES.md, with none of the
engine's bookkeeping: snakes are found by flood fill, a growth is tried as every (placement,
stone, destination) and judged by recounting the whole board. Random games (driven by the
engine) are checked decision by decision against it: the legal actions, the snakes, and that no
position reached has a mutant snake. Then: random games always end, undo restores every
position, and records round-trip.
"""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import hexarena
from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games.scrunch import (
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    S_CREATE,
    S_P,
    S_PHASE,
    S_S,
    Scrunch,
)
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng


def scrunch(size: int) -> Scrunch:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    return game


# ---------------------------------------------------------------- the reference
class Reference:
    """The rules by brute force on one board: sets of cells, flood fill, whole-board recounts."""

    def __init__(self, game: Scrunch) -> None:
        self.n = game.board.size
        self.nbs = game.board.neighbor_lists

    def snakes(self, stones: set[int]) -> list[frozenset[int]]:
        """Maximal connected groups of ``stones``."""
        left = set(stones)
        out = []
        while left:
            x = left.pop()
            comp = {x}
            todo = [x]
            while todo:
                z = todo.pop()
                for y in self.nbs[z]:
                    if y in left:
                        left.remove(y)
                        comp.add(y)
                        todo.append(y)
            out.append(frozenset(comp))
        return out

    def mutant(self, stones: set[int]) -> bool:
        """Whether some stone has more than two friendly neighbours."""
        return any(sum(y in stones for y in self.nbs[x]) > 2 for x in stones)

    def growths(self, mine: set[int], theirs: set[int]) -> set[tuple[int, int, int]]:
        """Every legal growth and movement (placement, stone, destination)."""
        snakes = self.snakes(mine)
        if not snakes:
            return set()
        smallest = min(len(s) for s in snakes)
        near = {y for s in snakes if len(s) == smallest for x in s for y in self.nbs[x]}
        empty = set(range(self.n)) - mine - theirs
        out = set()
        for p in near & empty:
            placed = mine | {p}
            grown = next(s for s in self.snakes(placed) if p in s)
            for s in grown - {p}:
                for d in self.nbs[s]:
                    if d in empty and d != p:
                        after = (placed - {s}) | {d}
                        if not self.mutant(after) and len(self.snakes(after)) <= len(snakes):
                            out.add((p, s, d))
        return out

    def removals(self, mine: set[int]) -> set[int]:
        """Every stone of every smallest snake (each names its snake for removal)."""
        snakes = self.snakes(mine)
        smallest = min(len(s) for s in snakes)
        return {x for s in snakes if len(s) == smallest for x in s}

    def legal(self, game: Scrunch, arr: np.ndarray) -> list[int]:
        """The legal actions of the decision under way, from the rules alone."""
        n = self.n
        cols = game.cell_colours(arr)
        c = int(arr[H_COLOUR])
        mine = {x for x in range(n) if cols[x] == c + 1}
        theirs = {x for x in range(n) if cols[x] == 2 - c}
        phase = int(arr[S_PHASE])
        if phase == PH_REMOVE:
            return sorted(n + x for x in self.removals(mine))
        growths = self.growths(mine, theirs)
        if phase == PH_PICK:
            p = int(arr[S_P])
            return sorted({s for (q, s, _) in growths if q == p})
        if phase == PH_DEST:
            p, s = int(arr[S_P]), int(arr[S_S])
            return sorted({d for (q, t, d) in growths if (q, t) == (p, s)})
        assert phase == PH_START
        acts = {p for (p, _, _) in growths}
        if arr[S_CREATE + c]:
            acts |= {
                x for x in range(n) if cols[x] == 0 and not any(y in mine for y in self.nbs[x])
            }
        if acts:
            return sorted(acts)
        return sorted(n + x for x in self.removals(mine))


def check_position(game: Scrunch, ref: Reference, state: hexarena.State) -> None:
    """The engine agrees with the reference here, and no snake is a mutant."""
    arr = state.array
    cols = game.cell_colours(arr)
    for c in (0, 1):
        stones = {x for x in range(ref.n) if cols[x] == c + 1}
        assert not ref.mutant(stones), state.picture()
        expected = sorted(sorted(game.board.names[x] for x in s) for s in ref.snakes(stones))
        got = sorted(sorted(s) for s in game.snakes(arr, c))
        assert got == expected, state.picture()
    if not state.is_terminal():
        assert state.legal_actions() == ref.legal(game, arr), state.picture()


@settings(max_examples=12)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 3, 4, 5]))
def test_random_games_agree_with_the_reference(seed: int, size: int) -> None:
    """Every decision of a random game: legal actions and snakes as the reference finds them."""
    game = scrunch(size)
    ref = Reference(game)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    while not state.is_terminal():
        check_position(game, ref, state)
        state.apply(rnd.choice(state.legal_actions()))
    check_position(game, ref, state)
    outcome = state.outcome()
    assert outcome is not None
    # the loser removed their last snake
    assert game.snakes(state.array, 1 - outcome.winner) == []


def test_many_compiled_playouts_end_without_mutants() -> None:
    """Compiled random playouts on every side always end, with a loser who has no snake left,
    and replaying them through the checked API reaches the same position."""
    for size in range(3, 11):
        game = scrunch(size)
        ref = Reference(game)
        for seed in range(40 if size <= 5 else 5):
            arr = game.initial_array()
            cap = 1_000_000
            out = np.empty(cap, dtype=np.int32)
            k = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, cap))
            assert arr[H_PLAYER] == -1 and k < cap
            state = game.new_initial_state()
            state.apply_actions(out[:k])
            assert np.array_equal(state.array, arr)
            cols = game.cell_colours(arr)
            for c in (0, 1):
                assert not ref.mutant({x for x in range(game.board.size) if cols[x] == c + 1})
            outcome = state.outcome()
            assert outcome is not None
            assert game.snakes(arr, 1 - outcome.winner) == []
            assert game.snakes(arr, outcome.winner) != []


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6))
def test_undo_restores_every_position(seed: int) -> None:
    """Undo, one action at a time back to the start, passes through every position again."""
    game = scrunch(4)
    state = game.new_initial_state()
    rnd = random.Random(seed)
    seen = [state.copy()]
    while not state.is_terminal():
        state.apply(rnd.choice(state.legal_actions()))
        seen.append(state.copy())
    while state.ply:
        state.undo()
        seen.pop()
        assert state == seen[-1]
    assert state == game.new_initial_state()


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([3, 5, 7]))
def test_records_round_trip(seed: int, size: int) -> None:
    """A record of a whole random game reads back to the same game, move by move."""
    game = scrunch(size)
    arr = game.initial_array()
    out = np.empty(100_000, dtype=np.int32)
    k = int(game.kernels.playout(game.consts, arr, make_rng(seed), out, 100_000))
    state = game.new_initial_state()
    state.apply_actions(out[:k])
    text = write_record(state, players=("a", "b"), date="2026.11.21")
    back = read_record(text)
    assert back.state == state
    assert back.state.move_texts() == state.move_texts()
    assert write_record(back.state, players=("a", "b"), date="2026.11.21") == text
    again = game.state_from_moves(state.move_texts())
    assert again == state
    for move in state.moves():
        assert game.parse_move(game.move_text(move)) == move


def test_playouts_choose_uniformly_among_the_legal_actions() -> None:
    """The compiled random policy is the uniform choice among ``legal_actions()``: the first
    action of 6000 seeded playouts from a position with six legal placements (side 4, Black
    eggs a7 and g1, snake d4-e4, White d1) and from one with six removal actions (two stuck
    triangles) falls on every legal action about 1000 times, and on nothing else."""
    cases = [
        (scrunch(4), {"black": ["a7", "g1", "d4", "e4"], "white": ["d1"]}),
        (
            scrunch(3),
            {"black": ["d3", "e3", "b4", "d4", "a5", "b5"], "white": ["d1", "b2", "d2", "b3"]},
        ),
    ]
    for game, stones in cases:
        state = game.position(**stones)
        legal = state.legal_actions()
        assert len(legal) == 6
        counts = dict.fromkeys(legal, 0)
        out = np.empty(1, dtype=np.int32)
        for seed in range(6000):
            arr = state.array.copy()
            assert game.kernels.playout(game.consts, arr, make_rng(seed), out, 1) == 1
            counts[int(out[0])] += 1  # a KeyError here would be an illegal choice
        assert all(850 <= k <= 1150 for k in counts.values()), counts
