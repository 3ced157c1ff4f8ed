"""China Grove's search knowledge: the evaluation by score margin and the pie-rule first turn;
and the Churn plug-in's playout cap by board size."""

from __future__ import annotations

import random
import threading

import numpy as np

import hexarena
from hexarena.ai import Limit, MCTSPlayer, SearchSettings, make_player
from hexarena.ai import search as S
from hexarena.ai.mcts import PIE_STOP_SLICE
from hexarena.ai.plugins import china_grove_score, plugin_for
from hexarena.ai.searchgen import search_module
from hexarena.core import H_PLAYER, H_SWAPPED, State
from hexarena.games.china_grove import S_GROUPS, S_STONES
from hexarena.limits import MAX_THINK_SECONDS


def _random_game(game: hexarena.Game, seed: int, turns: int | None = None) -> State:
    """A China Grove game after ``turns`` random actions (``None``: to the end)."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    k = 0
    while not st.is_terminal() and (turns is None or k < turns):
        st.apply(rng.choice(st.legal_actions()))
        k += 1
    return st


def test_the_china_grove_score_ranks_fewer_groups_and_more_stones_higher() -> None:
    game = hexarena.new_game("china-grove")
    ev = china_grove_score(0.3, 6.0)
    arr = np.array(_random_game(game, 3, 20).array, dtype=np.int32)
    assert arr[H_PLAYER] >= 0
    base = ev(game.consts, arr)
    better = arr.copy()
    better[S_GROUPS] -= 1  # White's stones in one group fewer: two points more for White
    worse = arr.copy()
    worse[S_STONES + 1] += 3  # three more Black stones
    assert ev(game.consts, better) > base > ev(game.consts, worse)
    assert 0.0 < ev(game.consts, worse) < ev(game.consts, better) < 1.0


def test_the_china_grove_score_of_a_finished_game_favours_the_winner_and_the_margin() -> None:
    game = hexarena.new_game("china-grove")
    ev = china_grove_score(0.3, 6.0)
    for seed in range(8):
        st = _random_game(game, seed)
        arr = np.array(st.array, dtype=np.int32)
        assert arr[H_PLAYER] < 0
        v = ev(game.consts, arr)
        white_won = st.outcome().winner_colour == "White"  # type: ignore[union-attr]
        assert (v > 0.5) == white_won
        wider = arr.copy()
        wider[S_GROUPS + (1 if white_won else 0)] += 1  # the loser has one group more
        w = ev(game.consts, wider)
        assert (w > v) if white_won else (w < v)
        # a narrow win always beats a wide loss: the result comes first
        assert (v > 0.7) if white_won else (v < 0.3)


def test_the_reward_is_the_bare_result_unless_finished_games_are_scored() -> None:
    game = hexarena.new_game("china-grove")
    ev = china_grove_score(0.3, 6.0)
    k = game.kernels
    loop = search_module(k.legal, k.apply, k.playout, ev)
    for seed in range(6):
        arr = np.array(_random_game(game, seed).array, dtype=np.int32)
        bare = loop.seat0_reward(game.consts, arr, False)
        scored = loop.seat0_reward(game.consts, arr, True)
        assert bare in (0.0, 1.0)
        assert 0.0 < scored < 1.0
        assert (scored > 0.5) == (bare == 1.0)
        colour0 = ev(game.consts, arr)
        assert scored == (colour0 if arr[H_SWAPPED] == 0 else 1.0 - colour0)


def test_only_the_strong_players_score_margins_and_search_the_pie_turn() -> None:
    game = hexarena.new_game("china-grove")
    mcts = make_player("mcts", seed=1)
    uct = make_player("uct", seed=1)
    assert isinstance(mcts, MCTSPlayer) and isinstance(uct, MCTSPlayer)
    mcts.prepare(game)
    uct.prepare(game)
    assert mcts._ip[S.I_SCORE_END] == 1 and mcts._pie
    assert uct._ip[S.I_SCORE_END] == 0 and not uct._pie
    churn = hexarena.new_game("churn", size=3)
    mcts.prepare(churn)
    assert mcts._ip[S.I_SCORE_END] == 0 and not mcts._pie


def test_the_pie_turn_is_a_legal_whole_turn_within_the_limit_and_repeatable() -> None:
    game = hexarena.new_game("china-grove")
    st = game.new_initial_state()
    turns = []
    for _ in range(2):
        p = make_player("mcts", seed=5)
        assert isinstance(p, MCTSPlayer)
        turn = p.choose_turn(st, Limit(iterations=3000))
        # the pie search may use the limit of every decision of the turn it plays, no more
        times = p.last_stats["pie_limits"]
        assert 1 <= times <= len(turn)
        assert 0 < p.last_stats["iterations"] <= 3000 * times
        assert 0.0 <= p.last_stats["pie_value"] <= 1.0
        after = st.copy()
        after.apply_move(turn)  # validates every action and that it is exactly one turn
        assert after.current_player == 1 and "swap" in after.legal_action_texts()
        turns.append(turn)
    assert turns[0] == turns[1]


def test_the_pie_turn_holds_tiny_limits_and_the_player_follows_its_plan() -> None:
    game = hexarena.new_game("china-grove")
    st = game.new_initial_state()
    for iterations in (1, 5, 40):
        p = make_player("mcts", seed=2)
        assert isinstance(p, MCTSPlayer)
        first = p.choose(st, Limit(iterations=iterations))
        plan = list(p._plan)
        assert p.last_stats["iterations"] <= iterations * p.last_stats["pie_limits"]
        assert p.last_stats["pie_limits"] <= len(plan)
        assert plan[0] == first
        mid = st.copy()
        for a in plan[:-1]:
            mid.apply(a)
            assert p.choose(mid, Limit(iterations=iterations)) == plan[len(mid.history)]
        full = st.copy()
        full.apply_move(plan)


def test_the_pie_turn_leaves_the_opponent_less_than_the_plain_search_turn() -> None:
    # The plain search takes the strongest-looking first turn, which the opponent answers by
    # swapping; the pie turn is chosen for what the opponent can get, so a long search from
    # each position must rate the pie turn's lower for the opponent.
    game = hexarena.new_game("china-grove")
    st = game.new_initial_state()
    pie = make_player("mcts", seed=4)
    plain = MCTSPlayer(4, settings=SearchSettings(pie_opening=False), name="plain")
    judge = MCTSPlayer(9, name="judge")
    pie_turn = pie.choose_turn(st, Limit(iterations=60_000))
    plain_turn = plain.choose_turn(st, Limit(iterations=60_000))
    scores = []
    for turn in (pie_turn, plain_turn):
        after = st.copy()
        after.apply_move(turn)
        scores.append(judge._pie_score(after, Limit(iterations=150_000)))
    assert scores[0] < scores[1]


def test_churn_caps_playouts_shorter_on_small_boards() -> None:
    plugin = plugin_for(hexarena.new_game("churn", size=3))
    assert plugin.playout_cap(hexarena.new_game("churn", size=3)) == 2 * 19
    assert plugin.playout_cap(hexarena.new_game("churn", size=5)) == 4 * 61


def _watched_pie_player(
    stop_after: int,
) -> tuple[MCTSPlayer, list[tuple[float, int]], threading.Event]:
    """A pie-turn player watching a stop event, whose judge of a candidate (``_pie_score``)
    records the seconds it is given and the candidate's first action, and raises the stop once
    ``stop_after`` candidates are judged; a candidate's score is its first action (over 1,000),
    so the best of those judged is known."""
    p = make_player("mcts", seed=3)
    assert isinstance(p, MCTSPlayer)
    stop = threading.Event()
    p.watch(stop)
    judged: list[tuple[float, int]] = []

    def judge(state: State, limit: Limit) -> float:
        assert limit.seconds is not None
        first = int(state.history_array()[0])
        judged.append((limit.seconds, first))
        if len(judged) >= stop_after:
            stop.set()
        return first / 1000

    p._pie_score = judge  # type: ignore[method-assign]
    p._prepare(hexarena.new_game("china-grove"))
    return p, judged, stop


def test_a_pie_turn_until_stop_judges_every_candidate_briefly() -> None:
    # go infinite: the limit is the longest a search may be given, and only a stop ends it.
    # Each candidate must get a short search in the first round (not the first candidate
    # nearly all of it, the others a batch each after the stop).
    st = hexarena.new_game("china-grove").new_initial_state()
    p, judged, stop = _watched_pie_player(stop_after=10_000)
    turn = p.pie_turn(st, Limit(seconds=MAX_THINK_SECONDS))
    # every candidate (two completions of each first action, less those that make the same
    # turn) is judged in the first round, each briefly: more than one per first action
    first_round = [a for s, a in judged if s <= PIE_STOP_SLICE]
    assert len(first_round) > len(st.legal_actions())
    assert all(s <= PIE_STOP_SLICE for s, _ in judged[: len(first_round)])
    assert max(s for s, _ in judged) < 60  # later rounds longer, none near the limit
    assert not stop.is_set() and turn[0] == min(first_round)  # the lowest score wins


def test_a_stop_ends_the_pie_search_at_once_with_the_best_candidate_judged() -> None:
    st = hexarena.new_game("china-grove").new_initial_state()
    for limit in (Limit(seconds=MAX_THINK_SECONDS), Limit(seconds=30.0)):
        p, judged, stop = _watched_pie_player(stop_after=7)
        turn = p.pie_turn(st, limit)
        assert stop.is_set() and len(judged) == 7  # no candidate judged after the stop
        assert turn[0] == min(a for _, a in judged)
        st.copy().apply_move(turn)  # a whole legal turn
        # a random sample of the candidates is judged first (they are shuffled), not the
        # lowest first actions
        assert sorted(a for _, a in judged) != sorted(st.legal_actions())[:7]
