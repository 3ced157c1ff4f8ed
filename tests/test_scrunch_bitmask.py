"""Scrunch's mask on board masks (``hexarena.games.scrunch.bitmask``, sides 3 to 5) against the
rules' own searches, on many positions of every kind of decision."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games import new_game
from hexarena.games.scrunch import (
    B_COL,
    B_LAB,
    B_NXT,
    B_SID,
    B_SMASK,
    B_SSIZE,
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    S_NSNK,
    S_P,
    S_PHASE,
    _o,
    legal,
    mask_into,
    mask_scratch_size,
)
from hexarena.games.scrunch.bitmask import (
    K_C,
    K_DEST,
    K_MINE,
    K_P,
    K_THEIRS,
    _planes,
    _tries,
    any_growth_bits,
    mask_bits,
)
from hexarena.games.scrunch.search import any_growth
from hexarena.games.scrunch.tables import _fc, _labels, _scratch, friendly_counts
from hexarena.games.scrunch.words import MAX_CELLS, _first_of_two, _nbm
from hexarena.vector import VectorEnv


@njit(cache=True)
def _planes_of(g, arr, c):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    return _planes(arr, g[0], c)


@njit(cache=True)
def _growths_of(g, arr, c):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    return any_growth(g, arr, c, _scratch(g[0])), any_growth_bits(g, arr, c)


@njit(cache=True)
def _tries_of(g, arr, c, p):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    n = g[0]
    f, _, _, c2, _, _ = _planes(arr, n, c)
    fn = _nbm(g, p) & f
    return _tries(g, arr, n, f, fn, c2, _labels(arr, n, fn))


@njit(cache=True)
def _nbm_of(g, x):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    return _nbm(g, x)


@njit(cache=True)
def _first_of_two_of(g, x, m):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    return _first_of_two(g, x, m)


def _bits(w: int, n: int) -> list[int]:
    return [x for x in range(n) if (int(w) >> x) & 1]


@pytest.mark.parametrize("size", [3, 4, 5])
def test_neighbour_masks_are_the_boards_neighbours(size: int) -> None:
    """Each cell's mask holds exactly its neighbours on the board (one word on side 3, two
    32-bit words of the table on sides 4 and 5)."""
    game = new_game("scrunch", size=size)
    for x in range(game.board.size):
        want = sorted(int(y) for y in game.board.neighbors[x] if y >= 0)
        assert _bits(_nbm_of(game.consts, x), game.board.size) == want


@pytest.mark.parametrize("size", [3, 4, 5])
def test_first_of_two_neighbours_follows_the_directions(size: int) -> None:
    """Of any two neighbours of a cell, ``_first_of_two`` names the one met first in the order
    of the six directions (the order the snake walks follow), on every cell of sides 3 to 5."""
    game = new_game("scrunch", size=size)
    for x in range(game.board.size):
        around = [int(y) for y in game.board.neighbors[x] if y >= 0]
        for i, a in enumerate(around):
            for b in around[i + 1 :]:
                m = (1 << a) | (1 << b)
                assert _first_of_two_of(game.consts, x, np.int64(m)) == a


def test_only_boards_of_one_word_take_the_masks() -> None:
    """Side 5 (61 cells) is served by the masks, side 6 (91) by the searches."""
    assert new_game("scrunch", size=5).board.size <= MAX_CELLS
    assert new_game("scrunch", size=6).board.size > MAX_CELLS


def _board_counts(game: object, arr: np.ndarray, c: int) -> np.ndarray:
    """Every cell's count of neighbouring stones of colour ``c``, from the board's cells."""
    n = game.board.size  # type: ignore[attr-defined]
    col = arr[_o(B_COL, n) : _o(B_COL + 1, n)]
    nbs = game.board.neighbors  # type: ignore[attr-defined]
    return np.asarray([sum(1 for y in nbs[x] if y >= 0 and col[y] == c + 1) for x in range(n)])


@njit(cache=True)
def _fc_of(arr, n, c):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    return np.asarray([_fc(arr, n, c, x) for x in range(n)])


@pytest.mark.parametrize("size", [5, 6])
def test_count_planes_equal_the_states_counts(size: int) -> None:
    """Along random games, every cell's count of friendly neighbours as the state keeps it
    (``_fc`` in compiled code, ``friendly_counts`` outside it: from the count words on side
    5, from the count blocks on side 6) equals a count of its neighbours on the board, for
    both colours; on side 5 so do the planes of cells with at least 1 .. 4 friendly
    neighbours, and the friendly stones and the empty cells are the board's."""
    game = new_game("scrunch", size=size)
    g = game.consts
    n = game.board.size
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(6):
        arr = game.initial_array()
        while arr[H_PLAYER] >= 0:
            col = arr[_o(B_COL, n) : _o(B_COL + 1, n)]
            for c in (0, 1):
                fc = _board_counts(game, arr, c)
                assert friendly_counts(arr, n, c).tolist() == fc.tolist()
                assert _fc_of(arr, n, c).tolist() == fc.tolist()
                if n <= MAX_CELLS:
                    f, emp, *ge = _planes_of(g, arr, c)
                    assert _bits(f, n) == np.flatnonzero(col == c + 1).tolist()
                    assert _bits(emp, n) == np.flatnonzero(col == 0).tolist()
                    for k, plane in enumerate(ge, start=1):
                        assert _bits(plane, n) == np.flatnonzero(fc >= k).tolist()
                checked += 1
            acts = legal(g, arr)
            game.kernels.apply(g, arr, int(acts[rng.integers(len(acts))]))
    assert checked > 200


@pytest.mark.parametrize("size", [3, 4, 5])
def test_masks_equal_legal_on_batched_positions(size: int) -> None:
    """Thousands of positions of batched random play with restarts (every decision: eggs,
    placements, the stone, its destination, removals): the masks written on board masks list
    exactly the rules' legal actions, whether written by ``mask_into`` (with a working space
    kept throughout) or by ``mask_bits`` itself."""
    env = VectorEnv("scrunch", 64, {"size": size}, seed=11 + size)
    g = env.game.consts
    n = env.game.board.size
    scratch = np.zeros(mask_scratch_size(n), dtype=np.int32)
    row = np.zeros(2 * n, dtype=np.bool_)
    direct = np.zeros(2 * n, dtype=np.bool_)
    seen = {PH_START: 0, PH_PICK: 0, PH_DEST: 0, PH_REMOVE: 0}
    for _ in range(80):
        env.step(env.random_actions())
        for i in range(env.num_envs):
            arr = env.states[i]
            want = legal(g, arr).tolist()
            mask_into(g, arr, row, scratch)
            direct[:] = False
            mask_bits(g, arr, direct, np.zeros(0, np.int32))  # (nothing kept)
            assert np.flatnonzero(row).tolist() == want
            assert np.flatnonzero(direct).tolist() == want
            assert np.flatnonzero(env.legal_mask()[i]).tolist() == want
            seen[int(arr[S_PHASE])] += 1
            assert arr[H_COLOUR] in (0, 1)
    assert min(seen[p] for p in (PH_START, PH_PICK, PH_DEST)) > 50


@pytest.mark.parametrize("size", [3, 5])
def test_growth_left_on_masks_equals_the_search(size: int) -> None:
    """Whether a smallest snake can grow and move (asked after each removal): the test on
    board masks answers as the rules' search, for both colours, on positions of batched play
    where it answers both ways."""
    env = VectorEnv("scrunch", 64, {"size": size}, seed=23 + size)
    g = env.game.consts
    answers = {True: 0, False: 0}
    for _ in range(60):
        env.step(env.random_actions())
        for i in range(env.num_envs):
            arr = env.states[i]
            if arr[H_PLAYER] < 0:
                continue
            for c in (0, 1):
                want, got = _growths_of(g, arr, c)
                assert got == want
                answers[bool(want)] += 1
    assert min(answers.values()) > 20


@pytest.mark.parametrize("size", [4, 5])
def test_destinations_kept_from_the_pick_serve_only_their_position(size: int) -> None:
    """The mask of the pick keeps every legal destination of every stone, with its position,
    in the working space; the mask of the destination that follows reads them (a kept word
    changed by hand shows through) and equals the rules' legal actions after every pick. A
    working space kept from another position (another environment's pick) is not read, nor
    is the kept word once a stone of either colour, the colour or the placement differs."""
    env = VectorEnv("scrunch", 64, {"size": size}, seed=41 + size)
    g = env.game.consts
    n = env.game.board.size
    keep = np.zeros(mask_scratch_size(n), dtype=np.int32)
    other = np.zeros_like(keep)
    row = np.zeros(2 * n, dtype=np.bool_)
    picks = 0
    for _ in range(60):
        env.step(env.random_actions())
        for i in range(env.num_envs):
            arr = env.states[i]
            if arr[H_PLAYER] < 0 or arr[S_PHASE] != PH_PICK:
                continue
            mask_into(g, arr, row, keep)
            for s in np.flatnonzero(row).tolist():
                dest = arr.copy()
                env.game.kernels.apply(g, dest, s)
                assert dest[S_PHASE] == PH_DEST
                mask_into(g, dest, row, keep)
                assert np.flatnonzero(row).tolist() == legal(g, dest).tolist()
                mask_into(g, dest, row, other)  # kept from the last environment's pick
                assert np.flatnonzero(row).tolist() == legal(g, dest).tolist()
                picks += 1
            other[:] = keep
            # a kept word changed by hand: read for this position, not once the board differs
            s = int(legal(g, arr)[0])
            dest = arr.copy()
            env.game.kernels.apply(g, dest, s)
            saved = keep.copy()
            x = int(legal(g, dest)[0])  # (each word kept as two halves)
            keep.view(np.uint32)[K_DEST + 2 * s + (x >> 5)] ^= np.uint32(1 << (x & 31))
            mask_into(g, dest, row, keep)
            assert np.flatnonzero(row).tolist() != legal(g, dest).tolist()
            for at, bit in ((K_MINE, 1 << 30), (K_THEIRS + 1, 1), (K_C, 1), (K_P, 1)):
                stale = keep.copy()  # another stone (of either colour), colour or placement
                stale[at] ^= bit
                mask_into(g, dest, row, stale)
                assert np.flatnonzero(row).tolist() == legal(g, dest).tolist()
            keep[:] = saved
    assert picks > 300


def test_an_overloaded_neighbours_only_friend_does_not_step() -> None:
    """Black path b3-c3-c4 on side 3, White a5. A placement at d2 touches only c3, which then
    has three friendly neighbours (b3, c4, d2). c3 itself cannot step (it is the placement's only
    friend, on a path: wherever it goes, the snake falls apart), so the mask does not try it.
    b3 cannot help either: to c2 or b4 it touches c3 again, to a3, a4 or b2 it is alone. Nor can
    c4: to d3 or b4 it touches c3 again, to d4, c5 or b5 it is alone. So d2 is no placement.
    c2 (touching b3 and c3) is one: c3 overloaded again, b3 may step to b2 (the path
    b2-c2-c3-c4), c3 to b4 (c2-b3-b4-c4); c4 cannot (next to c3 at d3 or b4, alone elsewhere),
    nor c3 to d3 or d2 (the snake falls in two), nor b3 to a3, a4 (alone) or b4 (c3 again).

         W . .  5
        . . B .  4
       . B B . .  3
      a . . . .  2
       b . . .  1
        c d e
    """
    game = new_game("scrunch", size=3)
    g = game.consts
    n = game.board.size
    state = game.position(black=["b3", "c3", "c4"], white=["a5"])  # type: ignore[attr-defined]
    arr = state.array
    cell = game.board.parse
    tries, more = _tries_of(g, arr, 0, cell("d2"))
    assert not more
    assert sorted(_bits(tries, n)) == sorted([cell("b3"), cell("c4")])
    row = np.zeros(2 * n, dtype=np.bool_)
    mask_bits(g, arr, row, np.zeros(0, np.int32))
    assert cell("d2") not in np.flatnonzero(row).tolist()
    assert cell("c2") in np.flatnonzero(row).tolist()
    assert np.flatnonzero(row).tolist() == legal(g, arr).tolist()
    state.apply("c2")
    keep = np.zeros(mask_scratch_size(n), dtype=np.int32)
    mask_bits(g, state.array, row, keep)
    assert np.flatnonzero(row).tolist() == sorted([cell("b3"), cell("c3")])
    for stone, dest in (("b3", "b2"), ("c3", "b4")):
        picked = state.copy()
        picked.apply(stone)
        mask_bits(g, picked.array, row, keep)
        assert np.flatnonzero(row).tolist() == [cell(dest)]


@pytest.mark.parametrize("size", [4, 5])
def test_stones_left_untried_after_an_overload_cannot_step(size: int) -> None:
    """After a placement next to a stone with two friendly neighbours, only that stone and its
    friends can remedy it; of them the mask leaves untried those that cannot step whatever the
    destination: one that leaves another overloaded neighbour of the placement still next to
    it, one not next to a placement of three friendly neighbours, and the overloaded stone when
    it is the placement's only friend, on a path. On positions of batched play, every stone left
    untried is one the rules do not let the player pick, every stone they do let pick was
    tried, and stones are left untried for each of the three reasons."""
    env = VectorEnv("scrunch", 64, {"size": size}, seed=51 + size)
    g = env.game.consts
    n = env.game.board.size
    dropped = {"another overload": 0, "three friends": 0, "only friend": 0}
    for _ in range(80):
        env.step(env.random_actions())
        for i in range(env.num_envs):
            arr = env.states[i]
            if arr[H_PLAYER] < 0 or arr[S_PHASE] != PH_PICK:
                continue
            c = int(arr[H_COLOUR])
            p = int(arr[S_P])
            f, _, _, c2, _, _ = (int(w) for w in _planes_of(g, arr, c))
            fn = int(_nbm_of(g, p)) & f
            over = fn & c2
            if not over:
                continue
            y = (over & -over).bit_length() - 1
            whole = (1 << y) | (int(_nbm_of(g, y)) & f)
            tries, more = _tries_of(g, arr, c, p)
            assert not more
            picks = set(legal(g, arr).tolist())
            assert picks <= set(_bits(tries, n))
            left = _bits(whole & ~int(tries), n)
            assert not picks & set(left)
            for s in left:
                if over & ~(1 << s) & ~int(_nbm_of(g, s)):
                    dropped["another overload"] += 1
                elif bin(fn).count("1") == 3:
                    dropped["three friends"] += 1
                else:
                    assert s == y and bin(fn).count("1") == 1
                    dropped["only friend"] += 1
    assert min(dropped.values()) > 5, dropped


def _walked(arr: np.ndarray, n: int, lab: int) -> int:
    """The stones of the snake labelled ``lab``, by a walk along its links."""
    m = 0
    z = lab
    for _ in range(int(arr[_o(B_SSIZE, n) + lab])):
        m |= 1 << z
        z = int(arr[_o(B_NXT, n) + z])
    assert z == lab  # (the list is circular)
    return m


def _kept(arr: np.ndarray, n: int, lab: int) -> int:
    """The stones the state keeps for the snake labelled ``lab`` (a 64-bit word, two halves)."""
    at = _o(B_SMASK, n) + 2 * lab
    return int(arr[at : at + 2].view(np.int64)[0]) & ((1 << 64) - 1)


@pytest.mark.parametrize("size", [3, 5])
def test_each_snake_s_stones_are_kept_as_a_mask(size: int) -> None:
    """Along random games with every kind of turn (eggs, growths that merge and split,
    removals), and in positions set up by hand, the state keeps each snake's stones as a board
    mask by its label, equal to a walk along the snake's links, and nothing for a label no
    snake has (larger boards keep no masks: the entries hold the friendly-neighbour counts
    there, which the count test checks on side 6)."""
    game = new_game("scrunch", size=size)
    g = game.consts
    n = game.board.size
    rng = np.random.default_rng(size)
    checked = 0
    for _ in range(8):
        arr = game.initial_array()
        while arr[H_PLAYER] >= 0:
            labels = set()
            for c in (0, 1):
                for i in range(int(arr[S_NSNK + c])):
                    lab = int(arr[_o(B_LAB + c, n) + i])
                    labels.add(lab)
                    assert _kept(arr, n, lab) == _walked(arr, n, lab)
                    checked += 1
            for lab in set(range(n)) - labels:
                assert _kept(arr, n, lab) == 0
            acts = legal(g, arr)
            game.kernels.apply(g, arr, int(acts[rng.integers(len(acts))]))
    assert checked > 300
    if size == 3:  # a position set up by hand
        state = game.position(black=["b3", "c3", "c4"], white=["a5"])  # type: ignore[attr-defined]
        lab = int(state.array[_o(B_SID, n) + game.board.parse("c3")])
        want = sum(1 << game.board.parse(x) for x in ("b3", "c3", "c4"))
        assert _kept(state.array, n, lab) == want
