"""Scrunch rules, worked out by hand from the rule sheet and NOTES.md.

Pictures show ``B`` Black, ``W`` White, ``.`` empty; in a growth under way ``+`` is the stone
just placed and ``*`` the stone picked to move. Boards used (cell names as the pictures show
them; a column runs up and to the right from its letter):

Side 3 (19 cells)::

       . . .  5          a5 b5 c5
      . . . .  4       a4 b4 c4 d4
     . . . . .  3    a3 b3 c3 d3 e3
    a . . . .  2       b2 c2 d2 e2
     b . . .  1          c1 d1 e1
      c d e

Side 4 (37 cells)::

          . . . .  7            a7 b7 c7 d7
         . . . . .  6         a6 b6 c6 d6 e6
        . . . . . .  5      a5 b5 c5 d5 e5 f5
       . . . . . . .  4   a4 b4 c4 d4 e4 f4 g4
      a . . . . . .  3      b3 c3 d3 e3 f3 g3
       b . . . . .  2         c2 d2 e2 f2 g2
        c . . . .  1            d1 e1 f1 g1
         d e f g

A cell (column X, row N) touches (X±1, N), (X, N±1), (X+1, N-1) and (X-1, N+1). So on side 3
the corner c1 touches only d1, c2 and b2, the corner e3 only d3, e2 and d4, and the centre c3
touches b3 d3 c4 c2 d2 b4.
"""

from __future__ import annotations

import pytest

import hexarena
from hexarena.core import H_TURN, IllegalActionError, NotationError, OptionError
from hexarena.games.scrunch import Scrunch
from hexarena.records import read_record, write_record


def scrunch(size: int = 3) -> Scrunch:
    game = hexarena.new_game("scrunch", size=size)
    assert isinstance(game, Scrunch)
    return game


def names(state: hexarena.State) -> list[str]:
    """The legal actions as text, in action order."""
    return state.legal_action_texts()


def snakes(state: hexarena.State, colour: int = 0) -> list[list[str]]:
    """A colour's snakes as alphabetically sorted name lists, smallest snake first."""
    game = state.game
    assert isinstance(game, Scrunch)
    return sorted((sorted(s) for s in game.snakes(state.array, colour)), key=lambda s: (len(s), s))


def cells(game: Scrunch, *cell_names: str) -> list[str]:
    """Cell names sorted in action order (by row from the bottom, then column)."""
    return sorted(cell_names, key=game.board.parse)


# ---------------------------------------------------------------- options and the start
def test_board_sizes_and_default() -> None:
    """Sides 3 to 10, default 5 (61 cells); anything else is refused with the range."""
    assert scrunch(3).board.size == 19
    assert hexarena.new_game("scrunch").board.size == 61
    assert scrunch(10).board.size == 271
    for bad in (2, 11):
        with pytest.raises(OptionError, match="size"):
            hexarena.new_game("scrunch", size=bad)


def test_black_moves_first_and_every_cell_is_an_egg_cell() -> None:
    """On the empty board Black (player 1) acts first and may place an egg anywhere."""
    game = scrunch(3)
    state = game.new_initial_state()
    assert state.to_move == 0 and game.colours[0] == "Black"
    assert state.legal_actions() == list(range(19))
    assert game.creating(state.array) == (True, True)


# ---------------------------------------------------------------- creation
def test_egg_on_an_isolated_cell_and_refused_next_to_a_friend() -> None:
    """Black egg c1, White c2, both creating, Black to move.

         . . .  5
        . . . .  4
       . . . . .  3
      a . W . .  2
       b B . .  1
        c d e

    c1 touches d1, c2 and b2. d1 and b2 are next to a Black stone, so they are no egg cells;
    as growths they fail too: the egg c1 would have to step to a cell touching both it and the
    new stone, and the only such cell (c2) is White. Every other empty cell is an egg cell.
    """
    game = scrunch(3)
    state = game.position(black=["c1"], white=["c2"], creating=(True, True))
    empty = [x for x in game.board.names if x not in ("c1", "c2")]
    assert names(state) == cells(game, *[x for x in empty if x not in ("d1", "b2")])
    with pytest.raises(IllegalActionError, match="no stone can then step"):
        state.apply("d1")
    with pytest.raises(IllegalActionError, match="no stone can then step"):
        state.apply("b2")
    state.apply("e3")  # an egg: the whole turn
    assert state.turn_ends()[-1]
    assert state.to_move == 1
    assert snakes(state) == [["c1"], ["e3"]]
    assert game.creating(state.array) == (True, True)


def test_first_growth_ends_creation_for_that_player_only() -> None:
    """Black c3, White a5, Black grows: b3 placed, c3 steps to b4.

         W . .  5            W . .  5
        . . . .  4          . B . .  4
       . . B . .  3   ->   . B . . .  3
      a . . . .  2        a . . . .  2
       b . . .  1          b . . .  1
        c d e               c d e

    Black's creation phase is over, White's is not: White may still lay an egg (e1), Black no
    longer may (e3 is refused). Black's legal placements are then exactly the seven empty
    cells touching the snake b3-b4 (each has a step: for example a3 with b4 to a4).
    """
    game = scrunch(3)
    state = game.state_from_moves(["c3", "a5"])
    state.apply_move("b3:c3-b4")
    assert snakes(state) == [["b3", "b4"]]
    assert game.creating(state.array) == (False, True)
    assert "e1" in names(state)
    state.apply_move("e1")
    assert game.creating(state.array) == (False, True)
    with pytest.raises(IllegalActionError, match="creation phase"):
        state.apply("e3")
    assert names(state) == cells(game, "a3", "c3", "b2", "c2", "a4", "c4", "b5")


def test_creation_player_may_grow_instead_of_laying_an_egg() -> None:
    """NOTES.md: in the creation phase a turn is an egg *or* a growth. Black egg c3, White a5:
    the legal placements are the 11 egg cells plus the 6 cells around c3 (each a growth)."""
    game = scrunch(3)
    state = game.position(black=["c3"], white=["a5"], creating=(True, True))
    assert len(names(state)) == 17  # every empty cell
    assert {"b3", "d3", "c4", "c2", "d2", "b4"} <= set(names(state))
    assert {"c1", "e3", "a4"} <= set(names(state))


# ---------------------------------------------------------------- growth and movement
def test_growth_of_an_egg_the_old_stone_must_step_to_stay_whole() -> None:
    """Black egg c3, White a5; Black places b3 next to it.

         W . .  5
        . . . .  4
       . + * . .  3
      a . . . .  2
       b . . .  1
        c d e

    The new stone may not move, so the stone to move is c3. It must step to a cell touching
    b3, or the two would be two snakes where there was one: of its empty neighbours d3 c4 c2
    d2 b4, only c2 and b4 touch b3.
    """
    game = scrunch(3)
    state = game.position(black=["c3"], white=["a5"], creating=(True, True))
    state.apply("b3")
    assert not state.turn_ends()[-1]
    assert names(state) == ["c3"]
    with pytest.raises(IllegalActionError):
        state.apply("b3")  # the new stone cannot be the one that moves
    state.apply("c3")
    assert "+" in state.picture() and "*" in state.picture()
    assert names(state) == ["c2", "b4"]
    with pytest.raises(IllegalActionError, match="2 Black snakes where there were 1"):
        state.apply("d3")
    with pytest.raises(IllegalActionError, match="one step"):
        state.apply("e1")
    state.apply("b4")
    assert state.turn_ends()[-1]
    assert snakes(state) == [["b3", "b4"]]
    assert state.move_texts()[-1] == "b3:c3-b4"


def test_a_merge_redivided_by_the_step() -> None:
    """Black eggs a3 and c3 (two snakes); b3 touches both and merges them into a3-b3-c3.

         W . .  5
        . . . .  4
       B + * . .  3
      a . . . .  2
       b . . .  1
        c d e

    c3 may then step to any empty neighbour: to c2 or b4 the snake stays whole (one snake); to
    d3, c4 or d2 it splits off again, which makes two snakes, as many as before: allowed.
    """
    game = scrunch(3)
    state = game.position(black=["a3", "c3"], white=["a5"], creating=(True, True))
    state.apply_move("b3:c3", complete=False)
    assert names(state) == cells(game, "c2", "d2", "d3", "b4", "c4")
    state.apply("d3")
    assert snakes(state) == [["d3"], ["a3", "b3"]]


def test_a_mutant_created_and_remedied_and_one_left() -> None:
    """Black snake b3-c3-d3, White a5. Black places c2, touching c3 and b3: c3 now has three
    friendly neighbours (b3, d3, c2), a mutant the step must remedy.

         W . .  5
        . . . .  4
       . B B B .  3
      a . + . .  2
       b . . .  1
        c d e

    - b3 to b2: c3 keeps d3 and c2; the snake b2-c2-c3-d3 is whole. The only step for b3
      (to a3 or a4 it breaks away; to b4 it touches c3 again, which keeps three).
    - c3 to d2: the snake b3-c2-d2-d3 is whole. To c4 or b4 it splits the snake in two.
    - d3 cannot help: to c4 or d2 it still touches c3 (three again), elsewhere it breaks away.
    """
    game = scrunch(3)
    state = game.position(black=["b3", "c3", "d3"], white=["a5"])
    assert "c2" in names(state)
    state.apply("c2")
    assert names(state) == ["b3", "c3"]
    with pytest.raises(IllegalActionError, match="no step"):
        state.apply("d3")
    state.apply("b3")
    assert names(state) == ["b2"]
    with pytest.raises(IllegalActionError, match="c3 would have 3 friendly neighbours"):
        state.apply("b4")  # the mutant would be left
    state.undo()
    state.apply("c3")
    assert names(state) == ["d2"]
    state.apply("d2")
    assert snakes(state) == [["b3", "c2", "d2", "d3"]]


def test_a_step_that_would_add_a_snake_is_refused() -> None:
    """Black snake b3-c3, White a5. Black places d3 (b3-c3-d3). The middle stone c3 cannot step
    at all: wherever it goes (c4, c2, d2, b4) the snake falls in two. b3 may step to c2 or b4,
    next to c3; to a3, b2 or a4 it would be a snake of its own.

         W . .  5
        . . . .  4
       . B B + .  3
      a . . . .  2
       b . . .  1
        c d e
    """
    game = scrunch(3)
    state = game.position(black=["b3", "c3"], white=["a5"])
    state.apply("d3")
    assert names(state) == ["b3"]
    with pytest.raises(IllegalActionError, match="no step"):
        state.apply("c3")
    state.apply("b3")
    assert names(state) == ["c2", "b4"]
    with pytest.raises(IllegalActionError, match="2 Black snakes where there were 1"):
        state.apply("a3")


def test_a_choice_among_equal_smallest_snakes() -> None:
    """Side 4: Black eggs a7 and g1 and the snake d4-e4, White d1; Black is past creation.

             B . . .  7
            . . . . .  6
           . . . . . .  5
          . . . B B . .  4
         a . . . . . .  3
          b . . . . .  2
           c W . . B  1
            d e f g

    Both eggs are smallest snakes, so Black may grow either: the three cells around a7 (b7,
    a6, b6) and the three around g1 (f1, g2, f2), each with the egg stepping to the cell that
    touches it and the new stone. Cells next to d4-e4 are not offered: it is not smallest.
    """
    game = scrunch(4)
    state = game.position(black=["a7", "g1", "d4", "e4"], white=["d1"])
    assert names(state) == cells(game, "b7", "a6", "b6", "f1", "g2", "f2")
    with pytest.raises(IllegalActionError, match="next to a smallest snake"):
        state.apply("c4")
    state.apply_move("b7:a7-b6")
    assert snakes(state) == [["g1"], ["b6", "b7"], ["d4", "e4"]]


# ---------------------------------------------------------------- death and removal
def test_removal_when_no_smallest_snake_can_move() -> None:
    """Side 3: Black egg c1 (stuck: its only partner cell c2 is White) and snake a4-a5; White c2
    and d3. Black is past creation, White is not.

         B . .  5
        B . . .  4
       . . . W .  3
      a . W . .  2
       b B . .  1
        c d e

    The smallest snake c1 cannot grow and move, so Black must remove it (the bigger snake does
    not count). Then a4-a5 is the smallest and can grow (a3, with a5 stepping to b4), so the
    turn ends after one removal.
    """
    game = scrunch(3)
    state = game.position(black=["c1", "a4", "a5"], white=["c2", "d3"], creating=(False, True))
    assert names(state) == ["xc1"]
    with pytest.raises(IllegalActionError, match="next to a smallest snake"):
        state.apply("a3")
    state.apply("xc1")
    assert state.turn_ends()[-1]
    assert state.to_move == 1
    assert snakes(state) == [["a4", "a5"]]
    state.apply("e1")
    assert "a3" in names(state)


def test_several_removals_in_one_turn_at_the_players_choice() -> None:
    """Side 3: Black eggs c1 and e3 and snake a4-a5; White c2 and d3.

         B . .  5
        B . . .  4
       . . . W B  3
      a . W . .  2
       b B . .  1
        c d e

    Both eggs are stuck (c1 needs c2, e3 needs d3: each is the only cell touching the egg and
    both other neighbours). Black chooses which to remove first; the other is still smallest
    and stuck, so it goes too, in the same turn. Then a4-a5 can grow and the turn ends.
    """
    game = scrunch(3)
    state = game.position(black=["c1", "e3", "a4", "a5"], white=["c2", "d3"])
    assert names(state) == ["xc1", "xe3"]
    state.apply("xe3")
    assert not state.turn_ends()[-1]
    assert state.to_move == 0
    assert names(state) == ["xc1"]
    state.apply("xc1")
    assert state.turn_ends()[-1]
    assert state.move_texts()[-1] == "xe3,xc1"
    assert snakes(state) == [["a4", "a5"]]


def test_removal_that_frees_another_snake() -> None:
    """Side 3: two Black triangles, a5-b5-b4 and d3-e3-d4 (both of 3, both smallest); White b2,
    b3, d1, d2. Black is past creation.

         B B .  5
        . B . B  4
       . W . B B  3
      a W . W .  2
       b . W .  1
        c d e

    Neither can grow: for a5-b5-b4 every growth needs one of c3, c4, c5 (for example a4, then
    b4 stepping to c4), and each of those touches the other triangle, which would then have a
    stone with three friendly neighbours. So Black removes one (any stone names its snake).
    Removing d3-e3-d4 frees those cells: a5-b5-b4 can grow at once (a4 with b4 to c4; c4 with
    b4 to a4; c3 with b4 to c4; c5 with a5 to a4), so the turn ends after one removal.
    """
    game = scrunch(3)
    state = game.position(
        black=["d3", "e3", "b4", "d4", "a5", "b5"], white=["d1", "b2", "d2", "b3"]
    )
    assert names(state) == ["xd3", "xe3", "xb4", "xd4", "xa5", "xb5"]
    state.apply("xd4")
    assert state.turn_ends()[-1]
    assert snakes(state) == [["a5", "b4", "b5"]]
    alone = game.position(black=["b4", "a5", "b5"], white=["d1", "b2", "d2", "b3"])
    assert names(alone) == cells(game, "c3", "a4", "c4", "c5")
    alone.apply_move("a4:b4-c4")
    assert snakes(alone) == [["a4", "a5", "b5", "c4"]]


def test_a_player_in_creation_with_no_egg_cell_and_no_growth_removes() -> None:
    """NOTES.md: with no egg cell left and no growth, a player in creation removes as in death
    and removal, and goes on while no smallest snake can grow and move. Black eggs a4, c5, c2
    and e2 (creating); White c1, d2, a3, b3, e3, b4, c4.

         . . B  5
        B W W .  4
       W W . . W  3
      a . B W B  2
       b W . .  1
        c d e

    Every empty cell touches a Black egg, and no egg can grow (a4 needs b4, c5 needs c4, c2 has
    no two touching empty neighbours, e2's two, e1 and d3, do not touch). The freed cells give
    egg cells, but they do not end the removals: none of them lets another egg grow, so Black
    removes all four and loses.
    """
    game = scrunch(3)
    state = game.position(
        black=["a4", "c5", "c2", "e2"],
        white=["c1", "d2", "a3", "b3", "e3", "b4", "c4"],
        creating=(True, True),
    )
    assert names(state) == ["xc2", "xe2", "xa4", "xc5"]
    for k, x in enumerate(["xc2", "xa4", "xe2"]):
        state.apply(x)
        assert not state.turn_ends()[-1]
        assert len(names(state)) == 3 - k
    turn = int(state.array[H_TURN])
    state.apply("xc5")
    assert state.is_terminal()
    assert int(state.array[H_TURN]) == turn + 1
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winner == 1 and outcome.winner_colour == "White"
    assert outcome.reason == "Black removed their last snake"


def test_removing_your_last_snake_loses() -> None:
    """Side 3: Black has only the stuck egg c1 (White c2, a5), past creation: it must go, and
    Black loses. The record shows the removal and the result 0-1.

         W . .  5
        . . . .  4
       . . . . .  3
      a . W . .  2
       b B . .  1
        c d e
    """
    game = scrunch(3)
    state = game.position(black=["c1"], white=["c2", "a5"])
    assert names(state) == ["xc1"]
    state.apply("xc1")
    assert state.is_terminal()
    assert state.legal_actions() == []
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "0-1"
    assert outcome.score == {"Black": 0, "White": 2}
    assert "Game over: White (player 2) wins" in state.picture()


def test_removal_is_refused_while_a_growth_or_an_egg_is_possible() -> None:
    """Black egg c3, White a5, past creation: c3 can grow, so removing it is refused.

    And a dead snake with an egg cell left: Black egg c1, White c2. c1 cannot grow (after d1 or
    b2 its only step, to the other of the two, touches neither the new stone nor c2's side). Past
    creation Black must remove it; in creation Black has egg cells (every empty cell but d1 and
    b2, which touch c1), so Black lays an egg and nothing is removed.

         . . .  5
        . . . .  4
       . . . . .  3
      a . W . .  2
       b B . .  1
        c d e
    """
    game = scrunch(3)
    state = game.position(black=["c3"], white=["a5"])
    with pytest.raises(IllegalActionError, match="only when no smallest snake can grow"):
        state.apply("xc3")
    with pytest.raises(IllegalActionError, match="no Black stone on a5"):
        state.apply("xa5")
    dead = game.position(black=["c1"], white=["c2"])
    assert names(dead) == ["xc1"]
    creating = game.position(black=["c1"], white=["c2"], creating=(True, True))
    empty = [x for x in game.board.names if x not in ("c1", "c2", "d1", "b2")]
    assert names(creating) == cells(game, *empty)
    with pytest.raises(IllegalActionError, match="egg cell"):
        creating.apply("xc1")
    creating.apply("e3")
    assert creating.turn_ends()[-1]
    assert snakes(creating) == [["c1"], ["e3"]]


# ---------------------------------------------------------------- notation and records
def test_move_text_and_parsing() -> None:
    """An egg is its cell, a growth place:stone-destination, removals x + cell joined by ','."""
    game = scrunch(3)
    b3, c3, b4, c1 = (game.board.parse(x) for x in ("b3", "c3", "b4", "c1"))
    n = game.board.size
    assert game.move_text([b3]) == "b3"
    assert game.move_text([b3, c3, b4]) == "b3:c3-b4"
    assert game.move_text([b3, c3]) == "b3:c3"
    assert game.move_text([n + c1, n + b3]) == "xc1,xb3"
    assert game.parse_move("b3:c3-b4") == [b3, c3, b4]
    assert game.parse_move(" B3 : C3 - B4 ") == [b3, c3, b4]
    assert game.parse_move("b3,c3,b4") == [b3, c3, b4]
    assert game.parse_move("xc1,xb3") == [n + c1, n + b3]
    assert game.parse_action("xc1") == n + c1
    for bad in ("b3:c3-", "b3-c3", ":c3-b4", "b3:zz9-b4", "xzz9", "x", "q", ""):
        with pytest.raises(NotationError):
            game.parse_move(bad)
    with pytest.raises(NotationError, match="removal"):
        game.parse_action("xf9")


def test_record_of_a_game_with_every_kind_of_turn() -> None:
    """Eggs, growths and removals, written and read back; a growth in one move token."""
    game = scrunch(3)
    state = game.state_from_moves(["c3", "a5", "b3:c3-b4"])
    text = write_record(state, date="2026.11.21")
    assert "1. c3 a5 2. b3:c3-b4 *" in text
    back = read_record(text)
    assert back.state == state
    bad = text.replace("b3:c3-b4", "b3:c3-d3")
    with pytest.raises(hexarena.HexArenaError, match="b3:c3-d3"):
        read_record(bad)


def test_position_builder_refuses_mutants() -> None:
    """A position with a stone of three friendly neighbours cannot be set up."""
    game = scrunch(3)
    with pytest.raises(OptionError, match="mutant"):
        game.position(black=["b3", "c3", "d3", "c4"])


def test_actions_out_of_turn_are_refused_with_the_reason() -> None:
    """Black snake b3-c3 and eggs e1 and c5, White a5. Black places d2, next to the egg e1 (a
    smallest snake) and to c3, merging them. While this growth is under way, a removal, a White
    stone and the Black egg c5 (not in the snake just grown) are refused; then, with c3 picked,
    an occupied destination. During more removals a placement is refused. Nothing changes."""
    game = scrunch(3)
    state = game.position(black=["b3", "c3", "e1", "c5"], white=["a5"])
    assert "d2" in names(state)
    state.apply("d2")
    before = state.copy()
    with pytest.raises(IllegalActionError, match="a growth is under way"):
        state.apply("xe1")
    with pytest.raises(IllegalActionError, match="pick a stone of the snake just grown"):
        state.apply("a5")
    with pytest.raises(IllegalActionError, match="not in the snake just grown"):
        state.apply("c5")
    assert state == before
    state.apply(names(state)[0])
    with pytest.raises(IllegalActionError, match="must step to an empty cell"):
        state.apply("a5")
    removing = game.position(black=["c1", "e3", "a4", "a5"], white=["c2", "d3"])
    removing.apply("xc1")
    with pytest.raises(IllegalActionError, match="another snake must be removed"):
        removing.apply("b2")


def test_cell_view_marks_the_growth_under_way() -> None:
    """The drawing codes: B and W stones, '.' empty; the new stone B+ and the stone picked B*."""
    game = scrunch(3)
    state = game.position(black=["c3"], white=["a5"], creating=(True, True))
    state.apply_move("b3:c3", complete=False)
    view = game.cell_view(state.array)
    names_ = game.board.names
    assert view[names_.index("b3")] == "B+" and view[names_.index("c3")] == "B*"
    assert view[names_.index("a5")] == "W" and view[names_.index("e1")] == "."


@pytest.mark.parametrize("size", [3, 5, 6, 10])
def test_the_adjacency_table_is_the_board_s_neighbours(size: int) -> None:
    """The growth test's adjacency (one bit of the constant table's rows, the 32nd of a word
    kept as the sign) says exactly which cells touch: on side 5 (61 cells, two words a row),
    side 6 (91) and side 10 (271 cells, nine words a row), every pair, against the board's
    neighbour lists; c3 touches b3 d3 c4 c2 d2 b4 on side 3 and nothing else."""
    import numpy as np
    from numba import njit

    from hexarena.games.scrunch.tables import _adj

    @njit
    def table(g: np.ndarray, n: int) -> np.ndarray:  # pragma: no cover - compiled
        out = np.zeros((n, n), dtype=np.int64)
        for a in range(n):
            for b in range(n):
                out[a, b] = _adj(g, a, b)
        return out

    game = Scrunch(size=size)
    n = game.board.size
    expected = np.zeros((n, n), dtype=np.int64)
    for a in range(n):
        for b in game.board.neighbors[a]:
            if b >= 0:
                expected[a, b] = 1
    got = table(game.consts, n)
    assert np.array_equal(got, expected)
    assert got.sum() == 2 * len(game.board.adjacency)
    if size == 3:
        names = game.board.names
        c3 = names.index("c3")
        assert {names[b] for b in range(n) if got[c3, b]} == {"b3", "d3", "c4", "c2", "d2", "b4"}
