"""Scrunch rules that random play rarely reaches, each worked out by hand (rule sheet and the
Scrunch section of NOTES.md, with the decisions in docs/games/scrunch.md).

Pictures show ``B`` Black, ``W`` White, ``.`` empty. Side 3 (19 cells)::

       a5 b5 c5            5
      a4 b4 c4 d4          4
     a3 b3 c3 d3 e3        3
       b2 c2 d2 e2         2
         c1 d1 e1          1

A cell (column X, row N) touches (X±1, N), (X, N±1), (X+1, N-1) and (X-1, N+1). Legal actions
are listed in action order: by row from the bottom, then by column.
"""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import IllegalActionError
from hexarena.games.scrunch import Scrunch


def scrunch(size: int = 3) -> Scrunch:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    return game


def snakes(state: hexarena.State, colour: int = 0) -> list[list[str]]:
    """A colour's snakes as alphabetically sorted name lists, smallest snake first."""
    game = state.game
    assert isinstance(game, Scrunch)
    return sorted((sorted(s) for s in game.snakes(state.array, colour)), key=lambda s: (len(s), s))


RING = ["a5", "b5", "c5", "d4", "e3", "e2", "e1", "d1", "c1", "b2", "a3", "a4"]


def test_creating_player_with_no_egg_cell_but_a_growth_must_grow() -> None:
    """Black egg c3, in creation; White holds the whole outer ring (a cycle of 12).

         W W W  5
        W . . W  4
       W . B . W  3
      a W . . W  2
       b W W W  1
        c d e

    Every empty cell touches c3, so Black has no egg cell. Each of the six cells around c3 is a
    growth: c3 steps to one of the two cells that touch both it and the new stone (after b3:
    c2 or b4). So Black must grow: no egg, no removal. The growth ends Black's creation.
    """
    game = scrunch()
    state = game.position(black=["c3"], white=RING, creating=(True, False))
    assert state.legal_action_texts() == ["c2", "d2", "b3", "d3", "b4", "c4"]
    assert "grow a smallest snake (no egg cell is left)" in state.picture()
    with pytest.raises(IllegalActionError, match="only when no smallest snake can grow"):
        state.apply("xc3")
    state.apply("b3")
    assert state.legal_action_texts() == ["c3"]
    state.apply("c3")
    assert state.legal_action_texts() == ["c2", "b4"]
    state.apply("b4")
    assert snakes(state) == [["b3", "b4"]]
    assert game.creating(state.array) == (False, False)


def test_removal_in_creation_ends_the_turn_when_a_snake_can_grow() -> None:
    """Black in creation: egg d1, snakes b2-b3 and d3-c4-b5; White a3 a4 a5 c1 d2 e1 e2.

         W B .  5
        W . B .  4
       W B . B .  3
      a B . W W  2
       b W B W  1
        c d e

    No egg cell: each empty cell (b4, c2, c3, c5, d4, e3) touches Black. The egg d1 is stuck:
    its only empty neighbour is c2, and after c2 the stones that could step (d1, b2: no empty
    neighbour; b3 to c3 or b4: c3 or c4 would have three friendly neighbours) cannot. So Black
    removes d1. Then the smallest snake b2-b3 can grow (b4, with c4 stepping to d4), so the turn
    ends after one removal, and Black is still creating: d1 is now an egg cell for Black.
    After White's egg c5, Black has the egg d1 and the growths c3 (c4 to d4) and b4 (c4 to d4);
    c2 fails as before.
    """
    game = scrunch()
    state = game.position(
        black=["b2", "b3", "b5", "c4", "d1", "d3"],
        white=["a3", "a4", "a5", "c1", "d2", "e1", "e2"],
        creating=(True, True),
    )
    assert state.legal_action_texts() == ["xd1"]
    state.apply("xd1")
    assert state.turn_ends()[-1]
    assert state.to_move == 1
    assert game.creating(state.array) == (True, True)
    assert snakes(state) == [["b2", "b3"], ["b5", "c4", "d3"]]
    state.apply("c5")
    assert state.legal_action_texts() == ["d1", "c3", "b4"]
    state.apply_move("c3:c4-d4")
    assert snakes(state) == [["b5"], ["b2", "b3", "c3", "d3", "d4"]]
    assert game.creating(state.array) == (False, True)


def test_a_step_that_joins_another_friendly_snake() -> None:
    """Black eggs c1 and c3 (two snakes), White a5. Black places b2 next to c1; c1 must step.

         W . .  5
        . . . .  4
       . . B . .  3
      a + . . .  2
       b B . .  1
        c d e

    c1's empty neighbours are d1 and c2. At d1 it touches neither b2 nor c3: three snakes where
    there were two. At c2 it touches b2 and c3: the step joins the egg c3, and one snake
    b2-c2-c3 is left (fewer than before is allowed).
    """
    game = scrunch()
    state = game.position(black=["c1", "c3"], white=["a5"])
    state.apply("b2")
    assert state.legal_action_texts() == ["c1"]
    state.apply("c1")
    assert state.legal_action_texts() == ["c2"]
    with pytest.raises(IllegalActionError, match="3 Black snakes where there were 2"):
        state.apply("d1")
    state.apply("c2")
    assert snakes(state) == [["b2", "c2", "c3"]]


def test_a_destination_that_would_make_another_snake_a_mutant() -> None:
    """Black egg b4 and the bent snake d1-d2-e2 (d2 in the middle), White e3. Black places c4.

         . . .  5
        . B + .  4
       . . . . W  3
      a . B B .  2
       b . B .  1
        c d e

    b4 must step to a cell touching c4 (else c4 and b4 are two snakes beside d1-d2-e2: three):
    b5 or c3. c3 also touches d2, which already has two friendly neighbours (d1, e2): a third
    makes d2's snake a mutant, though c3 itself would have only two (c4, d2). So only b5.
    """
    game = scrunch()
    state = game.position(black=["b4", "d1", "d2", "e2"], white=["e3"])
    state.apply("c4")
    assert state.legal_action_texts() == ["b4"]
    state.apply("b4")
    assert state.legal_action_texts() == ["b5"]
    with pytest.raises(IllegalActionError, match="the stone on d2 would have 3 friendly"):
        state.apply("c3")
    state.apply("b5")
    assert snakes(state) == [["b5", "c4"], ["d1", "d2", "e2"]]


def test_a_growth_that_closes_a_cycle_and_a_cycle_that_grows() -> None:
    """Black path b2-c2-d2-d3-c4 (five stones round c3), White egg e1, White still creating.

         . . .  5           . . .  5
        . + B .  4          . B B .  4
       . . . B .  3   ->   . B . B .  3
      a B B B .  2        a . B B .  2
       b . . W  1          b . . W  1
        c d e               c d e

    Black places b4 (touching c4 only): a path of six from b4 to b2. Which stone can step?
    An inner stone (c4, d3, d2) splits the path, and its destinations touch one piece only, or
    c3 (four friendly neighbours). c2 (inner) can step to b3, which touches b2 and b4 and joins
    the pieces. The end b2 steps to c1 (a path again) or b3 (touching b4 and c2: the ring of
    six round c3, a cycle); a3 leaves it alone. b2 to b3 closes the cycle.

    White lays the egg c1. Black's only snake is now the cycle. Black places a5, touching b4
    only: b4 has three friendly neighbours, so the stone that steps is b4 or one of its
    neighbours b3, c4, and the others cannot help. b4 may step to a4 (touching a5 and b3) or b5
    (a5 and c4): one path either way. c4 leaving cuts the cycle into one path b4...d3, so c4
    may step to d4 (touching d3), but not to c5 (touching nothing: two snakes), b5 (b4 would
    keep three) or c3 (five). b3 leaving keeps one path; it may step to b2 (touching c2) but
    not to a4 (b4 would keep three), a3 (alone) or c3.
    """
    game = scrunch()
    state = game.position(
        black=["b2", "c2", "d2", "d3", "c4"], white=["e1"], creating=(False, True)
    )
    state.apply("b4")
    assert state.legal_action_texts() == ["b2", "c2"]
    state.apply("b2")
    assert state.legal_action_texts() == ["c1", "b3"]
    state.apply("b3")
    ring = ["b3", "b4", "c2", "c4", "d2", "d3"]
    assert snakes(state) == [ring]
    state.apply("c1")
    fresh = game.position(black=ring, white=["c1", "e1"], creating=(False, True))
    assert state.legal_action_texts() == fresh.legal_action_texts()
    state.apply("a5")
    assert state.legal_action_texts() == ["b3", "b4", "c4"]
    for stone, dests in (("b4", ["a4", "b5"]), ("c4", ["d4"]), ("b3", ["b2"])):
        trial = state.copy()
        trial.apply(stone)
        assert trial.legal_action_texts() == dests
    state.apply("c4")
    with pytest.raises(IllegalActionError, match="2 Black snakes where there were 1"):
        state.apply("c5")
    state.apply("d4")
    assert snakes(state) == [["a5", "b3", "b4", "c2", "d2", "d3", "d4"]]


def test_one_removal_turn_goes_on_to_a_larger_size() -> None:
    """Black egg e1, pair c5-d4 and triangle a3-a4-b3 (a cycle of three); White b2 b5 c4 d1 d2
    d3. Black is past creation.

         . W B  5
        B . W B  4
       B B . W .  3
      a W . W .  2
       b . W B  1
        c d e

    The egg e1 is stuck (its one empty neighbour e2 leaves it no step), so it goes. The pair
    is then the smallest: its one empty neighbour e3 leaves no step either (c5 and d4 have no
    other empty neighbour), so it goes too, in the same turn, at Black's choice of stone. Then
    the triangle can grow (a5, with a4 stepping to b4), and the turn ends.
    """
    game = scrunch()
    state = game.position(
        black=["a3", "a4", "b3", "c5", "d4", "e1"], white=["b2", "b5", "c4", "d1", "d2", "d3"]
    )
    assert state.legal_action_texts() == ["xe1"]
    state.apply("xe1")
    assert not state.turn_ends()[-1]
    assert state.legal_action_texts() == ["xd4", "xc5"]
    state.apply("xc5")
    assert state.turn_ends()[-1]
    assert state.move_texts()[-1] == "xe1,xc5"
    assert snakes(state) == [["a3", "a4", "b3"]]
    after = game.position(black=["a3", "a4", "b3"], white=["b2", "b5", "c4", "d1", "d2", "d3"])
    after.apply_move("a5:a4", complete=False)
    assert after.legal_action_texts() == ["b4"]


def test_can_grow_and_move_is_checked_after_each_removal() -> None:
    """Black egg b3 and path d1-d2-d3; White a3 a4 b2 b5 c2 c3 c4 e1 e2 e3. Past creation.

         . W .  5
        W . W .  4
       W B W B W  3
      a W W B W  2
       b . B W  1
        c d e

    The egg b3 is stuck (b4 is its one empty neighbour, and then b3 has none), so it goes.
    The path d1-d2-d3, now the smallest, can still *grow*: c1 and d4 are empty cells next to
    it. But it cannot grow *and move*: after c1 only d3 has an empty neighbour (d4), and d3
    there touches nothing; after d4 only d1 can step (to c1), and c1 touches nothing. So the
    path is removed in the same turn, and with it Black's last snake: Black loses.
    """
    game = scrunch()
    state = game.position(
        black=["b3", "d1", "d2", "d3"],
        white=["a3", "a4", "b2", "b5", "c2", "c3", "c4", "e1", "e2", "e3"],
    )
    assert state.legal_action_texts() == ["xb3"]
    state.apply("xb3")
    assert not state.turn_ends()[-1]
    assert state.legal_action_texts() == ["xd1", "xd2", "xd3"]
    with pytest.raises(IllegalActionError, match="another snake must be removed"):
        state.apply("c1")
    state.apply("xd2")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.winner_colour == "White"
    assert state.move_texts()[-1] == "xb3,xd2"
