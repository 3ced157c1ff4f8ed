"""Computer players: legal choices, limits, repeatability, analysis, proofs and tree reuse."""

from __future__ import annotations

import random

import numpy as np
import pytest

import hexarena
from hexarena.ai import (
    FULL_SETTINGS,
    LEVELS,
    Limit,
    MCTSPlayer,
    SearchError,
    SearchSettings,
    make_player,
    player_names,
)
from hexarena.ai import search as S
from hexarena.ai.mcts import check_limit, with_settings
from hexarena.core import GameOverError, HexArenaError, State

from .conftest import SMALL_OPTIONS

GAMES = hexarena.game_names()
SEARCH_PLAYERS = ["uct", "mcts", "easy", "medium", "hard"]


def small_game(name: str) -> hexarena.Game:
    return hexarena.new_game(name, **SMALL_OPTIONS.get(name, {}))


def random_position(game: hexarena.Game, seed: int, turns: int) -> State:
    """A position after up to ``turns`` random whole turns (not over, if possible)."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    for _ in range(turns):
        if st.is_terminal():
            break
        before = st.copy()
        st.apply(rng.choice(st.legal_actions()))
        while not st.is_terminal() and not st.turn_ends()[-1]:
            st.apply(rng.choice(st.legal_actions()))
        if st.is_terminal():
            return before
    return st


def test_registry_has_every_named_player() -> None:
    for name in ["random", *SEARCH_PLAYERS]:
        assert name in player_names()
        assert make_player(name, seed=1).name == name


def test_the_web_tests_players_are_registered_only_where_asked() -> None:
    """The web tests' players (``tests.web_players``: one sleeping ten minutes, one asking for
    64 GB) are registered in the worker processes that import them, and in the tests' own
    process only by the test that needs one (``monkeypatch``): importing the web tests, as
    collecting them does in every worker of ``pytest -n``, registers none of them."""
    import tests.test_web_api
    import tests.test_web_attacks
    import tests.test_web_computer_timeout  # noqa: F401
    from hexarena.ai import base

    others = sorted(
        k for k, f in base._FACTORIES.items() if not f.__module__.startswith("hexarena.")
    )
    assert others == []


def test_unknown_player_is_refused_with_the_list() -> None:
    with pytest.raises(HexArenaError, match=r"no player called 'deep-blue'.*mcts"):
        make_player("deep-blue")


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("player", ["uct", "mcts"])
def test_players_choose_legal_actions_and_whole_turns(game_name: str, player: str) -> None:
    game = small_game(game_name)
    p = make_player(player, seed=3)
    st = game.new_initial_state()
    for _ in range(6):
        if st.is_terminal():
            break
        a = p.choose(st, Limit(iterations=40))
        assert a in st.legal_actions()
        acts = p.choose_turn(st, Limit(iterations=40))
        before = st.turn
        st.apply_move(acts)  # validates every action and that it is exactly one turn
        assert st.turn == before + 1 or st.is_terminal()


@pytest.mark.parametrize("game_name", GAMES)
def test_a_whole_game_between_search_players_ends_legally(game_name: str) -> None:
    game = small_game(game_name)
    players = [make_player("mcts", seed=1), make_player("uct", seed=2)]
    st = game.new_initial_state()
    for _ in range(400):
        if st.is_terminal():
            break
        st.apply_move(players[st.current_player].choose_turn(st, Limit(iterations=30)))
    if game_name != "throngs":  # Throngs games may run long; the others end well within 400 turns
        assert st.is_terminal()


@pytest.mark.parametrize("game_name", GAMES)
def test_same_seed_and_iterations_give_the_same_choices(game_name: str) -> None:
    game = small_game(game_name)
    st = random_position(game, 5, 3)
    for name in ("uct", "mcts"):
        a = make_player(name, seed=11)
        b = make_player(name, seed=11)
        ca = [a.choose_turn(st, Limit(iterations=150)) for _ in range(2)]
        cb = [b.choose_turn(st, Limit(iterations=150)) for _ in range(2)]
        assert ca == cb


def test_different_seeds_explore_differently() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    seen = set()
    for seed in range(6):
        p = MCTSPlayer(seed, name="mcts")
        hints = p.analyse(st, Limit(iterations=60), top=20)
        seen.add(tuple((h.action, h.visits) for h in hints))
    assert len(seen) > 1


def test_iteration_limit_is_honoured_exactly() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    for name in ("uct", "mcts"):
        p = make_player(name, seed=1)
        assert isinstance(p, MCTSPlayer)
        assert p.search(st, Limit(iterations=123)) == 123
        assert p.last_stats["iterations"] == 123


def test_node_limit_is_honoured() -> None:
    game = hexarena.new_game("churn", size=4)
    st = game.new_initial_state()
    p = MCTSPlayer(1, settings=FULL_SETTINGS, name="mcts")
    p.search(st, Limit(nodes=500))
    # the search stops as soon as the tree holds 500 nodes; the last expansion adds at most
    # one node per action
    assert 500 <= p.last_stats["nodes"] <= 500 + game.num_distinct_actions + 1
    iterations = p.last_stats["iterations"]
    assert 0 < iterations < 500


def test_the_tree_grows_past_its_first_size() -> None:
    game = hexarena.new_game("churn", size=3)
    p = MCTSPlayer(1, name="mcts")
    p.search(game.new_initial_state(), Limit(iterations=40_000))
    assert p.last_stats["nodes"] > 65536
    assert p.last_stats["iterations"] == 40_000


def test_time_limit_runs_some_iterations() -> None:
    game = hexarena.new_game("churn", size=3)
    p = make_player("mcts", seed=1)
    assert isinstance(p, MCTSPlayer)
    p.prepare(game)
    p.search(game.new_initial_state(), Limit(seconds=0.05))
    assert p.last_stats["iterations"] > 0


@pytest.mark.parametrize(
    "limit",
    [
        Limit(seconds=0),
        Limit(iterations=0),
        Limit(iterations=-5),
        Limit(nodes=2.5),
        Limit(seconds=-1.0),
    ],
)
def test_bad_limits_are_refused(limit: Limit) -> None:
    with pytest.raises(SearchError, match="limit"):
        check_limit(limit)
    game = hexarena.new_game("churn", size=3)
    with pytest.raises(SearchError):
        make_player("mcts", seed=1).choose(game.new_initial_state(), limit)


def test_choosing_in_a_finished_game_is_refused() -> None:
    game = hexarena.new_game("churn", size=2)
    st = random_position(game, 1, 10_000)
    while not st.is_terminal():
        st.apply(st.legal_actions()[0])
    for name in ["random", *SEARCH_PLAYERS]:
        with pytest.raises(GameOverError):
            make_player(name, seed=1).choose(st, Limit(iterations=10))


def test_a_single_legal_action_is_returned_without_search() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    rng = random.Random(2)
    while not st.is_terminal() and len(st.legal_actions()) != 1:
        st.apply(rng.choice(st.legal_actions()))
    assert not st.is_terminal()
    p = make_player("mcts", seed=1)
    assert p.choose(st, Limit(iterations=10)) == st.legal_actions()[0]


def test_analyse_reports_the_best_actions() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    p = make_player("mcts", seed=4)
    assert isinstance(p, MCTSPlayer)
    hints = p.analyse(st, Limit(iterations=500), top=4)
    assert len(hints) == 4
    assert [h.visits for h in hints] == sorted((h.visits for h in hints), reverse=True)
    legal = st.legal_actions()
    for h in hints:
        assert h.action in legal
        assert h.text == game.action_text(h.action)
        assert 0.0 <= h.value <= 1.0
        assert h.as_dict()["text"] == h.text
    assert sum(h.visits for h in p.analyse(st, Limit(iterations=300), top=50)) <= 300 + 500
    with pytest.raises(SearchError, match="top"):
        p.analyse(st, Limit(iterations=10), top=0)


def _winning_positions(game: hexarena.Game, tries: int) -> list[tuple[State, set[int]]]:
    """Positions where some but not all legal actions win the game at once for the mover."""
    found = []
    k = game.kernels
    for seed in range(tries):
        rng = random.Random(seed)
        st = game.new_initial_state()
        while not st.is_terminal() and len(found) < 3:
            seat = st.current_player
            legal = st.legal_actions()
            wins = set()
            for a in legal:
                arr = np.array(st.array)
                k.apply(game.consts, arr, a)
                if arr[0] < 0 and S.terminal_winner(arr) == seat:
                    wins.add(a)
            if wins and len(wins) < len(legal):
                found.append((st.copy(), wins))
                break
            st.apply(rng.choice(legal))
    return found


def test_the_solver_takes_an_immediate_win_and_proves_it() -> None:
    checked = 0
    for name in GAMES:
        game = small_game(name)
        for st, wins in _winning_positions(game, 20)[:2]:
            p = make_player("mcts", seed=1)
            assert isinstance(p, MCTSPlayer)
            assert p.choose(st, Limit(iterations=4 * len(st.legal_actions()) + 50)) in wins
            best = p.analyse(st, Limit(iterations=4 * len(st.legal_actions()) + 50), top=1)[0]
            assert best.proven == "win" and best.action in wins
            checked += 1
    if "gyre" in GAMES:
        assert checked > 0


def test_tree_reuse_keeps_the_subtree_of_the_move_played() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    p = make_player("mcts", seed=1)
    assert isinstance(p, MCTSPlayer)
    a = p.choose(st, Limit(iterations=3000))
    st.apply(a)
    reply = st.legal_actions()[0]
    st.apply(reply)
    p.search(st, Limit(iterations=10))
    assert p.last_stats["reused_visits"] > 0
    fresh = with_settings(p, reuse=False)
    fresh.search(st, Limit(iterations=10))
    assert fresh.last_stats["reused_visits"] == 0


def test_reset_forgets_the_tree_and_restarts_the_seed() -> None:
    game = hexarena.new_game("churn", size=3)
    st = game.new_initial_state()
    p = make_player("mcts", seed=9)
    first = p.choose(st, Limit(iterations=200))
    p.reset()
    assert p.choose(st, Limit(iterations=200)) == first


@pytest.mark.parametrize("rave", [True, False])
def test_rave_and_plain_searches_both_run(rave: bool) -> None:
    game = hexarena.new_game("churn", size=3)
    st = random_position(game, 3, 4)
    p = MCTSPlayer(2, settings=SearchSettings(rave=rave), name="mcts")
    assert p.choose(st, Limit(iterations=300)) in st.legal_actions()
    rn = p._tf[:, S.F_RN].sum()
    assert (rn > 0) == rave


def test_capped_playouts_keep_long_games_quick() -> None:
    # Churn side 5 runs thousands of turns; the strong player cuts playouts at its cap.
    game = hexarena.new_game("churn", size=5)
    st = game.new_initial_state()
    p = make_player("mcts", seed=1)
    assert p.choose(st, Limit(iterations=200)) in st.legal_actions()


def test_levels_are_defined_by_limits() -> None:
    for name in ("easy", "medium", "hard"):
        settings, limit = LEVELS[name]
        assert settings == FULL_SETTINGS
        check_limit(limit)
    assert LEVELS["easy"][1].iterations is not None
    assert LEVELS["medium"][1].iterations is not None


def test_a_full_tree_keeps_searching_without_growing() -> None:
    game = hexarena.new_game("churn", size=3)
    p = MCTSPlayer(1, settings=SearchSettings(max_nodes=500), name="mcts")
    p.search(game.new_initial_state(), Limit(iterations=3000))
    assert p.last_stats["iterations"] == 3000
    assert p.last_stats["nodes"] <= 500


def test_greedy_playouts_use_the_evaluation() -> None:
    game = hexarena.new_game("churn", size=3)
    st = random_position(game, 7, 6)
    for share in (0.0, 1.0):
        p = MCTSPlayer(3, settings=SearchSettings(greedy=share), name="mcts")
        assert p.choose(st, Limit(iterations=200)) in st.legal_actions()
        assert p._ip[S.I_GREEDY] == round(1000 * share)


def test_the_random_player_refuses_to_analyse() -> None:
    st = hexarena.new_game("churn", size=3).new_initial_state()
    with pytest.raises(HexArenaError, match="does not analyse"):
        make_player("random", seed=1).analyse(st)
