"""The games as OpenSpiel games: OpenSpiel's own random-simulation test, parameters, observations,
serialisation, and OpenSpiel's MCTSBot playing hexarena's uct."""

from __future__ import annotations

import base64
import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import hexarena  # noqa: E402
from hexarena.observe import Observer  # noqa: E402
from hexarena.openspiel import mcts_vs_uct, spiel_name  # noqa: E402

#: Small option sets for every game, as OpenSpiel game strings.
GAME_STRINGS = [
    "hexarena_churn(size=2)",
    "hexarena_churn(size=3)",
    "hexarena_churn(sides=3/4/3/4/3/4)",
    "hexarena_gyre(size=3)",
    "hexarena_gyre(size=4)",
    "hexarena_scrunch(size=3)",
    "hexarena_china_grove()",
    "hexarena_china_grove(mode=number,penalty=4,islands=2,board_seed=3)",
    "hexarena_throngs(board=hex,size=3,no_stalling=True)",
    "hexarena_throngs(board=hex,size=3)",
]

#: Every other option of every game, each at least once, for the random-simulation test.
MORE_GAME_STRINGS = [
    "hexarena_churn(size=4,max_actions=5000)",
    "hexarena_gyre(size=7)",
    "hexarena_scrunch(size=5)",
    "hexarena_china_grove(mode=pattern,penalty=4,islands=2,board_seed=8)",
    "hexarena_throngs(setup=standard)",
    "hexarena_throngs(board=large,max_actions=1000)",
    "hexarena_throngs(board=hex,size=2,repetition=off,max_actions=500)",
]


@pytest.mark.parametrize("text", GAME_STRINGS + MORE_GAME_STRINGS)
def test_random_simulation_test(text: str) -> None:
    """OpenSpiel's own conformance test (random games, serialisation, legal-action masks)."""
    game = pyspiel.load_game(text)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_every_game_is_registered_with_its_options() -> None:
    names = set(pyspiel.registered_names())
    for name in hexarena.game_names():
        assert spiel_name(name) in names
        params = pyspiel.load_game(spiel_name(name)).get_parameters()
        assert {o.name for o in hexarena.game_class(name).option_specs} <= set(params)


def test_parameters_reach_the_game() -> None:
    game = pyspiel.load_game("hexarena_churn(size=5)")
    assert game.hexarena_game.board.size == 61
    assert game.num_distinct_actions() == 62  # the cells and the swap
    assert game.max_game_length() == 10_000_000
    gyre = pyspiel.load_game("hexarena_gyre(size=4)")
    assert gyre.max_game_length() == 38  # 37 cells and the swap
    assert gyre.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (gyre.min_utility(), gyre.max_utility()) == (-1.0, 1.0)
    sides = pyspiel.load_game("hexarena_churn(sides=3/4/3/4/3/4)")
    assert sides.hexarena_game.board.size == 27


def test_parameters_come_back_in_their_canonical_spelling() -> None:
    game = pyspiel.load_game("hexarena_china_grove(mode=Number,penalty=4)")
    params = game.get_parameters()
    assert params["mode"] == "number" and params["penalty"] == 4
    assert str(game) == str(pyspiel.load_game("hexarena_china_grove(mode=number,penalty=4)"))
    assert pyspiel.load_game("hexarena_china_grove", params) == game
    assert game == pyspiel.load_game("hexarena_china_grove(mode=number,penalty=4)")
    churn = pyspiel.load_game("hexarena_churn", {"sides": "3,4,3,4,3,4"})
    assert churn.get_parameters()["sides"] == "3/4/3/4/3/4"
    assert pyspiel.load_game("hexarena_churn", churn.get_parameters()) == churn


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(hexarena.OptionError, match="at most 8"):
        pyspiel.load_game("hexarena_churn(size=99)")
    with pytest.raises(ValueError, match="max_actions"):
        pyspiel.load_game("hexarena_scrunch(max_actions=0)")


def test_the_cap_ends_the_game_unfinished() -> None:
    game = pyspiel.load_game("hexarena_churn(size=3,max_actions=4)")
    st = game.new_initial_state()
    for _ in range(4):
        st.apply_action(st.legal_actions()[0])
    assert st.is_terminal() and st.truncated()
    assert st.returns() == [0.0, 0.0]
    assert st.current_player() == pyspiel.PlayerId.TERMINAL


def test_returns_of_a_won_game() -> None:
    game = pyspiel.load_game("hexarena_gyre(size=3)")
    st = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not st.is_terminal():
        st.apply_action(int(rng.choice(st.legal_actions())))
    winner = st.hexarena_state.outcome().winner
    assert st.returns()[winner] == 1.0 and st.returns()[1 - winner] == -1.0


def test_observation_tensor_is_hexarenas() -> None:
    game = pyspiel.load_game("hexarena_gyre(size=4)")
    st = game.new_initial_state()
    st.apply_action(st.legal_actions()[5])
    obs = Observer(game.hexarena_game)
    for player in (0, 1):
        want = obs.observe(st.hexarena_state, player)
        assert np.array_equal(np.asarray(st.observation_tensor(player)), want.reshape(-1))
    assert game.observation_tensor_shape() == list(obs.shape)
    assert "Blue" in st.observation_string(0)
    assert st.information_state_string(0) != st.information_state_string(0) + "x"


def test_clone_serialize_and_pickle_keep_the_position() -> None:
    game = pyspiel.load_game("hexarena_scrunch(size=3)")
    st = game.new_initial_state()
    for _ in range(7):
        st.apply_action(st.legal_actions()[-1])
    clone = st.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(st.history()) == 7 and len(clone.history()) == 8  # independent
    text = pyspiel.serialize_game_and_state(game, st)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == st.history()
    assert np.array_equal(back.hexarena_state.array, st.hexarena_state.array)
    again = pickle.loads(pickle.dumps(st))
    assert str(again) == str(st)


@pytest.mark.parametrize(
    "text",
    [
        "hexarena_churn(size=2)",
        "hexarena_gyre(size=3)",
        "hexarena_scrunch(size=3)",
        "hexarena_china_grove()",
        "hexarena_throngs(board=hex,size=3,no_stalling=True)",
    ],
)
def test_mcts_bot_plays_whole_games_against_uct(text: str) -> None:
    """OpenSpiel's MCTSBot finishes games against hexarena's uct at equal simulations."""
    res = mcts_vs_uct(pyspiel.load_game(text), games=2, simulations=20, seed=1)
    assert res["mcts"] + res["uct"] + res["unfinished"] == 2
    assert res["unfinished"] == 0
    assert res["actions"] > 0


def test_games_pickle_as_openspiels_python_games_do() -> None:
    game = pyspiel.load_game("hexarena_churn(size=3,max_actions=50)")
    back = pickle.loads(pickle.dumps(game))
    assert str(back) == str(game)
    assert back.max_game_length() == 50
    assert back.hexarena_game.board.size == 19


def test_no_action_after_the_cap() -> None:
    game = pyspiel.load_game("hexarena_scrunch(size=3,max_actions=3)")
    st = game.new_initial_state()
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    assert st.is_terminal() and st.legal_actions() == []
    still_legal = st.hexarena_state.legal_actions()[0]  # the game itself goes on
    with pytest.raises(hexarena.GameOverError, match="max_actions"):
        st.apply_action(still_legal)
    assert len(st.history()) == 3 and st.hexarena_state.ply == 3


def test_a_state_of_another_game_is_not_deserialised() -> None:
    small = pyspiel.load_game("hexarena_gyre(size=3)")
    st = small.new_initial_state()
    st.apply_action(3)
    text = st.serialize()
    assert small.deserialize_state(text).history() == [3]
    large = pyspiel.load_game("hexarena_gyre(size=4)")
    with pytest.raises(ValueError, match="size"):
        large.deserialize_state(text)
    churn = pyspiel.load_game("hexarena_churn(size=3)")
    with pytest.raises(ValueError, match="gyre"):
        churn.deserialize_state(text)


def test_a_state_of_another_max_actions_is_not_deserialised() -> None:
    """The cap is the game's: a state serialised under another ``max_actions`` was taken with
    its own cap (a state of a game capped at 5 actions ran on under a game of 10,000,000, and
    one of 8 actions went on past a game's cap of 5), and a cap edited into the string was
    taken as it was (a text cap failed later, at ``is_terminal``)."""
    capped = pyspiel.load_game("hexarena_churn(size=3,max_actions=5)")
    free = pyspiel.load_game("hexarena_churn(size=3)")
    st = capped.new_initial_state()
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    with pytest.raises(ValueError, match="max_actions"):
        free.deserialize_state(st.serialize())
    long = free.new_initial_state()
    for _ in range(8):
        long.apply_action(long.legal_actions()[0])
    with pytest.raises(ValueError, match="max_actions"):
        capped.deserialize_state(long.serialize())
    assert capped.deserialize_state(st.serialize()).history() == st.history()
    head, _, encoded = st.serialize().rpartition("__dict__=")
    attrs = pickle.loads(base64.b64decode(encoded))
    for cap in ("abc", 0, 10**9):
        attrs["_cap"] = cap
        edited = head + "__dict__=" + base64.b64encode(pickle.dumps(attrs)).decode()
        with pytest.raises(ValueError, match="max_actions"):
            capped.deserialize_state(edited)


def test_a_serialised_state_whose_history_was_edited_is_refused() -> None:
    """The history before the pickled position must be that position's: a string whose
    history was edited gave a state whose ``history()`` was ``[0, 7]`` over a position of
    ``[0, 5]`` (action 7 still legal), or ``[]`` over it."""
    game = pyspiel.load_game("hexarena_gyre(size=4)")
    st = game.new_initial_state()
    st.apply_action(0)
    st.apply_action(5)
    text = st.serialize()
    assert text.startswith("history=0:0,1:5\n")
    for edited in ("history=0:0,1:7", "history=", "history=0:0", "history=0:0,1:5,0:9"):
        with pytest.raises(ValueError, match="history"):
            game.deserialize_state(text.replace("history=0:0,1:5", edited, 1))
    assert game.deserialize_state(text).history() == [0, 5]
    assert pickle.loads(pickle.dumps(st)).history() == [0, 5]
    assert st.clone().history() == [0, 5]


def test_openspiels_observation_of_a_seat_that_is_not_0_or_1_is_refused() -> None:
    """OpenSpiel checks the player of ``observation_tensor`` itself, but not that of its
    Python observation API (``make_observation(game).set_from(state, player)``): player 5 or
    -1 wrote a tensor that was neither seat's, and 1.5 was taken as seat 1."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("hexarena_gyre(size=3)")
    st = game.new_initial_state()
    st.apply_action(3)
    obs = make_observation(game)
    for player in (5, -1, 1.5):
        with pytest.raises((ValueError, TypeError), match="seat is 0 or 1"):
            obs.set_from(st, player)
    obs.set_from(st, 1)
    assert np.array_equal(obs.tensor, np.asarray(st.observation_tensor(1)))


@pytest.mark.parametrize(
    "text",
    [
        "hexarena_churn(size=2)",
        "hexarena_gyre(size=3)",
        "hexarena_scrunch(size=3)",
        "hexarena_china_grove()",
        "hexarena_throngs(board=hex,size=2)",
    ],
)
def test_openspiels_python_algorithms_beyond_mcts(text: str) -> None:
    """What research.md says works besides MCTSBot: ``evaluate_bots`` with uniform random bots
    (OpenSpiel's Python ones and its C++ ones), ``rl_environment`` with the observation tensor
    and its ``RandomAgent`` and tabular Q-learner to the end of an episode, a uniform random
    policy, and alpha-beta search to a fixed depth."""
    from open_spiel.python import policy, rl_environment
    from open_spiel.python.algorithms import evaluate_bots, minimax, tabular_qlearner
    from open_spiel.python.bots import uniform_random

    game = pyspiel.load_game(text)
    rng = np.random.RandomState(1)
    bots = [uniform_random.UniformRandomBot(p, rng) for p in (0, 1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, 1.0]
    cpp = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in (0, 1)]
    assert sorted(evaluate_bots.evaluate_bots(game.new_initial_state(), cpp, rng)) == [-1.0, 1.0]

    env = rl_environment.Environment(
        game, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    agents = [tabular_qlearner.QLearner(p, game.num_distinct_actions()) for p in (0, 1)]
    step = env.reset()
    assert len(step.observations["info_state"][0]) == game.observation_tensor_size()
    while not step.last():
        step = env.step([agents[step.observations["current_player"]].step(step).action])
    for agent in agents:
        agent.step(step)
    assert sorted(step.rewards) == [-1.0, 1.0]

    start = game.new_initial_state()
    probs = policy.UniformRandomPolicy(game).action_probabilities(start)
    assert sorted(probs) == start.legal_actions() and abs(sum(probs.values()) - 1) < 1e-9
    value, action = minimax.alpha_beta_search(
        game, start.clone(), lambda s: 0.0, maximum_depth=2, maximizing_player_id=0
    )
    assert action in start.legal_actions() and -1 <= value <= 1
