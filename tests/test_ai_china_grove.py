"""China Grove's search knowledge: turns held in ascending order in the tree, and the exact
endgame solver, each checked against a brute force written independently of it."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

import numpy as np

import hexarena
from hexarena.ai import Limit, MCTSPlayer, SearchSettings, make_player
from hexarena.ai.china_grove_ai import LOSS, UNKNOWN, WIN, alphabeta, ordered_legal, solve_root
from hexarena.core import H_COLOUR, H_PLAYER, H_TURN, Array, Game, State
from hexarena.games.china_grove import S_CLASS, legal


def _game() -> Game:
    return hexarena.new_game("china-grove")


def _random_state(game: Game, seed: int, vacant: int, *, turn_start: bool = True) -> State:
    """A random game played on until at most ``vacant`` cells are vacant (between turns)."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    while not st.is_terminal():
        arr = st.array
        if arr[10] <= vacant and (not turn_start or arr[S_CLASS] < 0):
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def _turn_sets(game: Game, arr: Array) -> set[frozenset[int]]:
    """Every whole turn from ``arr`` (between turns) as a set of cells, by the rules written out:
    a class with ``v`` vacant cells and ``7 - k`` checkers a turn gives every choice of
    ``min(7 - k, v)`` of its vacant cells."""
    n = game.board.size
    colours = game.cell_colours(arr)
    by_class: dict[int, list[int]] = {}
    for x in range(n):
        if colours[x] == 0:
            by_class.setdefault(game.classes[x], []).append(x)
    out: set[frozenset[int]] = set()
    for cells in by_class.values():
        need = 7 - int(game.board.degree[cells[0]])
        for combo in itertools.combinations(cells, min(need, len(cells))):
            out.add(frozenset(combo))
    return out


def _ordered_turns(game: Game, arr: Array) -> list[tuple[int, ...]]:
    """Every path of :func:`ordered_legal` through one whole turn from ``arr``."""
    n = game.board.size
    seat = arr[H_PLAYER]
    turn = arr[H_TURN]
    paths: list[tuple[int, ...]] = []

    def walk(a: Array, path: tuple[int, ...]) -> None:
        acts = ordered_legal(game.consts, a)
        assert len(acts) > 0
        for x in acts.tolist():
            if x == n:
                continue
            b = a.copy()
            game.kernels.apply(game.consts, b, x)
            if b[H_TURN] != turn or b[H_PLAYER] != seat:
                paths.append((*path, x))
            else:
                walk(b, (*path, x))

    walk(arr.copy(), ())
    return paths


def test_ordered_actions_are_legal_and_never_run_out_while_the_game_goes_on() -> None:
    game = _game()
    for seed in range(6):
        rng = random.Random(seed)
        st = game.new_initial_state()
        while not st.is_terminal():
            arr = np.array(st.array, dtype=np.int32)
            ordered = ordered_legal(game.consts, arr).tolist()
            full = legal(game.consts, arr).tolist()
            assert ordered and set(ordered) <= set(full)
            assert ordered == sorted(ordered)
            st.apply(rng.choice(full))  # any legal play, in or out of order
        assert len(ordered_legal(game.consts, np.array(st.array, dtype=np.int32))) == 0


def test_each_whole_turn_is_reached_by_exactly_one_ascending_path() -> None:
    game = _game()
    for seed, vacant in ((1, 63), (2, 30), (3, 14)):
        st = _random_state(game, seed, vacant)
        paths = _ordered_turns(game, np.array(st.array, dtype=np.int32))
        assert all(list(p) == sorted(p) for p in paths)
        sets = [frozenset(p) for p in paths]
        assert len(set(sets)) == len(sets)  # no set twice
        assert set(sets) == _turn_sets(
            game, np.array(st.array, dtype=np.int32)
        )  # and every set once


def test_a_turn_begun_out_of_order_can_still_be_finished() -> None:
    game = _game()
    st = game.new_initial_state()
    # the highest cell of a class that needs several checkers: no higher cell is left
    n = game.board.size
    cls = [x for x in range(n) if 7 - int(game.board.degree[x]) >= 3]
    top = max(x for x in cls if game.classes[x] == game.classes[cls[0]])
    st.apply(top)
    while st.current_player == 0 and not st.is_terminal() and st.array[S_CLASS] >= 0:
        acts = ordered_legal(game.consts, np.array(st.array, dtype=np.int32)).tolist()
        assert acts and set(acts) <= set(st.legal_actions())
        st.apply(acts[0])
    assert st.array[S_CLASS] < 0 and st.array[H_TURN] == 1


_MEMO: dict[bytes, int] = {}


def _brute(game: Game, key: bytes) -> int:
    """White's final margin under best play, over whole turns as sets (:func:`_turn_sets`);
    positions are remembered by their array (all on the default board)."""
    if key in _MEMO:
        return _MEMO[key]
    arr = np.frombuffer(key, dtype=np.int32).copy()
    if arr[H_PLAYER] < 0:
        sw, sb = game.scores(arr)
        return sw - sb
    values = []
    for cells in _turn_sets(game, arr):
        b = arr.copy()
        for x in sorted(cells):
            game.kernels.apply(game.consts, b, x)
        values.append(_brute(game, b.tobytes()))
    _MEMO[key] = max(values) if arr[H_COLOUR] == 0 else min(values)
    return _MEMO[key]


def test_the_solver_finds_the_exact_margin_of_small_end_positions() -> None:
    game = _game()
    checked = 0
    for seed in range(12):
        st = _random_state(game, seed, 11)
        if st.is_terminal():
            continue
        arr = np.array(st.array, dtype=np.int32)
        exact = _brute(game, arr.tobytes())
        count = np.zeros(2, dtype=np.int64)
        assert alphabeta(game.consts, arr, -1000, 1000, count, 10**9) == exact
        assert count[1] == 0 and count[0] > 0
        # a null window around 0 gives the winner
        count[:] = 0
        v = alphabeta(game.consts, arr, -1, 1, count, 10**9)
        assert (v > 0) == (exact > 0)
        checked += 1
    assert checked >= 10


def test_the_solver_fails_hard_at_the_bounds_of_any_window() -> None:
    """Alpha-beta inside ``(lo, hi)`` returns the exact margin clamped to the window."""
    game = _game()
    checked = 0
    for seed in range(12, 24):
        st = _random_state(game, seed, 10)
        if st.is_terminal():
            continue
        arr = np.array(st.array, dtype=np.int32)
        exact = _brute(game, arr.tobytes())
        for lo, hi in [(exact - 3, exact + 3), (exact, exact + 1), (exact - 1, exact), (-2, 2)]:
            count = np.zeros(2, dtype=np.int64)
            got = alphabeta(game.consts, arr, lo, hi, count, 10**9)
            assert got == min(max(exact, lo), hi), (seed, lo, hi, exact, got)
        checked += 1
    assert checked >= 8


def test_the_solver_is_loaded_from_the_disk_cache_by_a_new_process() -> None:
    """The solver keeps its own stack, so Numba caches it: a second process compiles nothing."""
    program = (
        "import numpy as np, hexarena\n"
        "from hexarena.ai.china_grove_ai import solve_root\n"
        "g = hexarena.new_game('china-grove'); s = np.zeros(2, dtype=np.int64)\n"
        "solve_root(g.consts, np.array(g.new_initial_state().array, dtype=np.int32), 10, s)\n"
        "st = solve_root.stats\n"
        "print(sum(st.cache_hits.values()), sum(st.cache_misses.values()))\n"
    )
    for _ in range(2):  # the first run may write the cache
        out = subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=600
        ).stdout.split()
    assert out == ["1", "0"]


def test_the_root_solver_returns_a_winning_action_or_proves_the_loss() -> None:
    game = _game()
    seen = set()
    for seed in range(16):
        st = _random_state(game, seed, 11)
        if st.is_terminal():
            continue
        arr = np.array(st.array, dtype=np.int32)
        status = np.zeros(2, dtype=np.int64)
        a = solve_root(game.consts, arr, 10**9, status)
        white = arr[H_COLOUR] == 0
        exact = _brute(game, arr.tobytes())
        mover_wins = (exact > 0) == white
        seen.add(int(status[0]))
        if mover_wins:
            assert status[0] == WIN and a in st.legal_actions()
            # playing it on, the turn can still be completed into a win
            b = arr.copy()
            game.kernels.apply(game.consts, b, a)
            count = np.zeros(2, dtype=np.int64)
            assert (alphabeta(game.consts, b, -1000, 1000, count, 10**9) > 0) == white
        else:
            assert status[0] == LOSS and a == -1
    assert seen == {WIN, LOSS}
    # a budget too small for the answer gives none
    st = _random_state(game, 0, 40)
    status = np.zeros(2, dtype=np.int64)
    assert solve_root(game.consts, np.array(st.array, dtype=np.int32), 5, status) == -1
    assert status[0] == UNKNOWN


def test_mcts_plays_a_solved_win_and_uct_uses_neither_ordering_nor_solver() -> None:
    game = _game()
    for seed in range(16):
        st = _random_state(game, seed, 9)
        if st.is_terminal():
            continue
        arr = np.array(st.array, dtype=np.int32)
        white = arr[H_COLOUR] == 0
        if (_brute(game, arr.tobytes()) > 0) != white:
            continue
        p = make_player("mcts", seed=1)
        a = p.choose(st, Limit(iterations=50))
        assert p.last_stats.get("solved", WIN) == WIN or len(st.legal_actions()) == 1
        b = arr.copy()
        game.kernels.apply(game.consts, b, a)
        count = np.zeros(2, dtype=np.int64)
        assert (alphabeta(game.consts, b, -1000, 1000, count, 10**9) > 0) == white
        break
    else:  # pragma: no cover - the seeds above include won positions
        raise AssertionError("no won position found")
    uct = make_player("uct", seed=1)
    assert isinstance(uct, MCTSPlayer)
    uct.prepare(game)
    assert uct._solver is None and not uct._ordered
    mcts = make_player("mcts", seed=1)
    assert isinstance(mcts, MCTSPlayer)
    mcts.prepare(game)
    assert mcts._solver is not None and mcts._ordered


def test_mcts_on_china_grove_is_legal_and_repeatable_with_a_seed() -> None:
    game = _game()

    def play(seed: int) -> list[int]:
        a = make_player("mcts", seed=seed)
        b = MCTSPlayer(seed + 1, settings=SearchSettings(endgame=False), name="b")
        st = game.new_initial_state()
        seats = (a, b)
        while not st.is_terminal():
            x = seats[st.current_player].choose(st, Limit(iterations=200))
            assert x in st.legal_actions()
            st.apply(x)
        return st.history_array().tolist()

    assert play(3) == play(3)


def test_tree_reuse_finds_a_turn_played_in_any_order() -> None:
    game = _game()
    p = make_player("mcts", seed=2)
    assert isinstance(p, MCTSPlayer)
    st = _random_state(game, 5, 40)
    p.search(st, Limit(iterations=3000))
    # the tree's most visited whole turn, which it holds in ascending order
    ti, tf = p._ti, p._tf
    node = int(p._meta[1])
    seat = st.current_player
    line: list[int] = []
    while ti[node, 3] == seat and ti[node, 1] >= 0:
        f, k = int(ti[node, 1]), int(ti[node, 2])
        node = max(range(f, f + k), key=lambda j: tf[j, 0])
        line.append(int(ti[node, 0]))
    assert len(line) >= 2 and line == sorted(line)
    assert p._ordered_actions(np.array(st.array, dtype=np.int32), line[::-1]) == line
    # the same turn played in descending order still finds its subtree
    st3 = st.copy()
    for x in line[::-1]:
        st3.apply(x)
    visits = float(tf[node, 0])
    p.search(st3, Limit(iterations=10))
    assert p.last_stats["reused_visits"] == visits > 0
