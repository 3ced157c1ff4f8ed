"""Throngs' repetition rule over long stretches without a deploy (NOTES.md, "Repetition").

The rule compares a position met at the start of a turn with *every* position met since the
number of stones last changed, however long ago: the state keeps their hashes in a table that
grows as it fills (``docs/games/throngs.md``, "Repetition"). The test game here goes 1,444
turns without a deploy and comes back to its first position a third time after 1,444 of them,
so a table that kept only the latest 1,024 positions (a ring, as the rule was first kept) lost
the first occurrence and let the game go on.

The game (side 9, 217 sites; Black's stone alone round one ring, White's round another, four
sites apart, and a second White stone far off in a corner that never moves, so that no stone
ever has an enemy in its vicinity: each has potential 1 and steps one site a move; nobody
deploys or captures; the game starts with the sheet's set-up, the second player taking Black):

- ``CB``, Black's cycle: the 18 sites at distance 3 from ``(-5, 0)`` in ring order, with one
  detour through a site at distance 2 (the common neighbour of two consecutive ring sites), so
  that the cycle has an odd length, 19; ``CW`` the same round ``(5, 0)``.
- A Black turn: two steps on along ``CB``. On an odd cycle, two steps a turn visit every site of
  the cycle once in 19 turns and come back to the start.
- A White turn: a step off ``CW`` and back (the stones stay as they were), except every 19th
  White turn, which takes two steps on along ``CW``; after 19 of those White is back too.

So the positions at the starts of turns run through a cycle of ``L = 2 x 19 x 19 = 722``
positions, all different (within a round of Black's the White stone stands still and Black's
stands on a different site at each start; rounds differ by White's site), and the first
position comes again 722 and 1,444 turns after it first came: the third time, when every other
position of the cycle has come only twice. Black then has no move; the
sheet's ending follows (White fills the board and captures Black's stone).
"""

from __future__ import annotations

import numpy as np
import pytest

import hexarena
from hexarena.ai import Limit, make_player
from hexarena.core import H_PLAYER, H_REASON, H_TURN, State
from hexarena.games.throngs import REASON_REPETITION, REP_CAP, S_REPLOST, S_REPN, Throngs
from hexarena.hexgrid import DIRECTIONS, Board, hex_distance
from hexarena.records import read_record, write_record
from hexarena.rng import make_rng
from hexarena.solve import SolveError, Solver
from hexarena.vector import CUT_CAP, CUT_TABLE, VectorEnv

SIDE = 9
C = 19  # sites of each cycle (odd)
L = 2 * C * C  # positions in the cycle of turn starts


def odd_cycle(board: Board, centre: tuple[int, int]) -> list[int]:
    """The sites at distance 3 from ``centre`` in ring order, with a detour through a site at
    distance 2 between the first two: 19 sites, each adjacent to the next (and the last to the
    first)."""
    q, r = centre[0] + 3 * DIRECTIONS[4][0], centre[1] + 3 * DIRECTIONS[4][1]
    ring: list[tuple[int, int]] = []
    for d in range(6):
        for _ in range(3):
            ring.append((q, r))
            q, r = q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]
    a, b = ring[0], ring[1]
    inner = [
        (a[0] + dq, a[1] + dr)
        for dq, dr in DIRECTIONS
        if hex_distance((a[0] + dq, a[1] + dr), b) == 1
        and hex_distance((a[0] + dq, a[1] + dr), centre) == 2
    ]
    cycle = [a, inner[0], *ring[1:]]
    assert len(cycle) == C and len(set(cycle)) == C
    for x, y in zip(cycle, cycle[1:] + cycle[:1], strict=True):
        assert hex_distance(x, y) == 1
    return [board.index[c] for c in cycle]


def turns() -> tuple[Throngs, list[int], list[int], list[str]]:
    """The game, the two cycles, and the text of the first ``2 L`` turns (module docstring)."""
    game = hexarena.new_game("throngs", board="hex", size=SIDE)
    assert isinstance(game, Throngs)
    board = game.board
    cb, cw = odd_cycle(board, (-5, 0)), odd_cycle(board, (5, 0))
    # the stones never come near each other: White's step off its cycle stays 3 sites away
    assert min(board.distance(x, y) for x in cb for y in cw) == 4
    names = board.names
    out: list[str] = []
    b = w = 0  # places on the cycles
    black_turns = 0
    while len(out) < 2 * L:
        out.append(
            f"{names[cb[b]]}-{names[cb[(b + 1) % C]]},"
            f"{names[cb[(b + 1) % C]]}-{names[cb[(b + 2) % C]]}"
        )
        b = (b + 2) % C
        black_turns += 1
        if black_turns % C == 0:  # White moves on round its cycle
            out.append(
                f"{names[cw[w]]}-{names[cw[(w + 1) % C]]},"
                f"{names[cw[(w + 1) % C]]}-{names[cw[(w + 2) % C]]}"
            )
            w = (w + 2) % C
        else:  # a step off the cycle (away from Black) and back
            here = board.cells[cw[w]]
            off = next(
                board.index[(here[0] + dq, here[1] + dr)]
                for dq, dr in DIRECTIONS
                if (here[0] + dq, here[1] + dr) in board.index
                and board.index[(here[0] + dq, here[1] + dr)] not in cw
            )
            out.append(f"{names[cw[w]]}-{names[off]},{names[off]}-{names[cw[w]]}")
    return game, cb, cw, out


#: The White stone that stays in its corner, far from both cycles.
CORNER = (0, 8)


@pytest.fixture(scope="module")
def long_game() -> tuple[Throngs, State, list[str]]:
    """The game after the set-up (Black on the first site of its cycle, White on the first of
    its own and in the corner; the second player takes Black), and the ``2 L`` turns."""
    game, cb, cw, moves = turns()
    names = game.board.names
    assert min(game.board.distance(game.board.index[CORNER], x) for x in cb + cw) > 3
    start = game.new_initial_state()
    start.apply_move(f"{names[cb[0]]},{names[cw[0]]},{names[game.board.index[CORNER]]}")
    start.apply_move("black")
    assert start.turn == 2 and start.to_move == 0
    return game, start, moves


def play(start: State, moves: list[str]) -> State:
    st = start.copy()
    for m in moves:
        assert not st.is_terminal(), f"the game ended at the start of turn {st.turn}"
        st.apply_move(m)
    return st


def test_third_occurrence_after_more_than_1024_turns_without_a_deploy(
    long_game: tuple[Throngs, State, list[str]],
) -> None:
    """The first position comes a third time 1,444 turns after its first time (its second
    was at 722): the game ends there by repetition, and not before."""
    game, start, moves = long_game
    st = play(start, moves[: 2 * L - 1])
    assert not st.is_terminal()
    st.apply_move(moves[2 * L - 1])
    assert st.turn == start.turn + 2 * L
    assert st.is_terminal()
    assert st.array[H_REASON] == REASON_REPETITION
    outcome = st.outcome()
    assert outcome is not None
    assert outcome.details["no_move"] == "Black" and outcome.details["repetition"] is True
    # White fills the 214 empty sites and captures Black's stone
    assert outcome.details["filled"] == game.board.size - 3 and outcome.details["captured"] == 1
    assert outcome.score == {"Black": 0, "White": game.board.size}


def test_the_long_game_replays_undoes_and_records(
    long_game: tuple[Throngs, State, list[str]],
) -> None:
    """The same game through the bulk replay (records, ``apply_actions``), undo across the
    table's growth, and a copy: the same end at the same turn."""
    game, start, moves = long_game
    st = play(start, moves)
    end = start.turn + 2 * L
    assert st.is_terminal() and st.turn == end
    # bulk replay of every action, in compiled code
    again = game.new_initial_state()
    again.apply_actions(st.history)
    assert again.is_terminal() and again.turn == end
    assert again.array[H_REASON] == REASON_REPETITION
    # undo the last turn (the position before the third occurrence), then play it again
    back = st.copy()
    back.undo_move()
    assert not back.is_terminal() and back.turn == end - 1
    back.apply_move(moves[-1])
    assert back.is_terminal() and back.array[H_REASON] == REASON_REPETITION
    # undo far back, past where the table grew, and forward again
    back = st.copy()
    for _ in range(2 * L - 600):
        back.undo_move()
    assert back.turn == start.turn + 600
    for m in moves[600:]:
        back.apply_move(m)
    assert back.is_terminal() and back.turn == end
    assert back == st


def test_the_long_game_in_a_record(long_game: tuple[Throngs, State, list[str]]) -> None:
    """The record of the game, written, read and replayed: it ends the same way."""
    _, start, moves = long_game
    st = play(start, moves)
    rec = read_record(write_record(st))
    assert rec.state == st
    assert rec.state.is_terminal() and rec.state.array[H_REASON] == REASON_REPETITION


def test_the_table_grows_and_loses_nothing(long_game: tuple[Throngs, State, list[str]]) -> None:
    """The state's table doubles when it is full: after the 1,444 turns it holds 2,048
    positions, and no position was ever left out."""
    game, start, moves = long_game
    assert len(start.array) == len(game.initial_array())
    assert game.spare_turns(start.array) == REP_CAP - 1  # the first position is recorded
    st = play(start, moves)
    assert len(st.array) == len(game.initial_array()) + 2 * REP_CAP
    assert st.array[S_REPLOST] == 0
    assert int(st.array[S_REPN]) == 2 * L  # every turn start but the third occurrence's


def test_playouts_stop_where_the_table_is_full(
    long_game: tuple[Throngs, State, list[str]],
) -> None:
    """The playout kernel stops (as at its limit) when the table has no room, so that its
    caller gives it room and goes on; self-play's random games do."""
    game, start, moves = long_game
    st = play(start, moves[: REP_CAP - 3])
    assert game.spare_turns(st.array) == 2
    k = game.kernels
    for seed in range(20):
        arr = st.array.copy()
        done = int(k.playout(game.consts, arr, make_rng(seed), np.empty(0, np.int32), 10_000))
        if arr[H_PLAYER] >= 0:  # stopped where the table is full, nothing lost
            assert done < 10_000
            assert game.spare_turns(arr) == 0 and arr[S_REPLOST] == 0
            arr = game.with_room(arr)
            assert game.spare_turns(arr) == REP_CAP
            k.playout(game.consts, arr, make_rng(seed), np.empty(0, np.int32), 1 << 40)
            assert arr[H_PLAYER] < 0 or game.spare_turns(arr) == 0
        assert arr[S_REPLOST] == 0


def test_the_search_has_room_for_its_lines(long_game: tuple[Throngs, State, list[str]]) -> None:
    """The search's root is given room for the deepest line of its tree; it chooses a legal
    action from a position whose table has one free entry, and the state it was given is not
    changed."""
    game, start, moves = long_game
    st = play(start, moves[: REP_CAP - 2])
    assert game.spare_turns(st.array) == 1
    before = st.array.copy()
    player = make_player("uct", seed=1)
    a = player.choose(st, Limit(iterations=300))
    assert a in st.legal_actions()
    assert np.array_equal(st.array, before)


def test_batched_games_are_truncated_when_the_table_is_full(
    long_game: tuple[Throngs, State, list[str]],
) -> None:
    """A batched environment's rows are of one size: the step after which the table is full
    truncates the game (both rewards 0, a new game), and says why; every step before it is
    the game's own."""
    game, start, moves = long_game
    st = play(start, moves)
    env = VectorEnv(game, 1, seed=0)
    actions = st.history
    cut = None
    ref = game.new_initial_state()
    for i, a in enumerate(actions):
        out = env.step(np.array([a], dtype=np.int64))
        ref.apply(a)
        if out.truncated[0]:
            cut = i
            break
        assert not out.terminated[0]
        assert np.array_equal(env.states[0], ref.array)
    assert cut is not None
    assert game.spare_turns(ref.array) == 0  # the table was full after that action
    assert ref.array[H_TURN] == start.turn + REP_CAP - 1
    assert env.truncation_reasons()[0] == CUT_TABLE
    assert out.rewards[0].tolist() == [0.0, 0.0]
    assert np.array_equal(env.states[0], game.initial_array())  # a new game
    # the action cap is told apart
    capped = VectorEnv(game, 1, seed=0, max_actions=3)
    for _ in range(3):
        out = capped.step(capped.random_actions())
    assert out.truncated[0] and capped.truncation_reasons()[0] == CUT_CAP


def test_the_solver_goes_no_deeper_than_the_table_has_room(
    long_game: tuple[Throngs, State, list[str]],
) -> None:
    """The depth-first solver's lines stay within the room the root's table has (its arrays
    are of one size): with one free entry it gives up at once, saying why, rather than leave a
    position out."""
    game, start, moves = long_game
    st = play(start, moves[: REP_CAP - 2])
    assert game.spare_turns(st.array) == 1
    with pytest.raises(SolveError, match="room left in the position's repetition table"):
        Solver(game, memory_mb=1).value(st, node_limit=10_000)
