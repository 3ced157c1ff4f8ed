"""A player's whole turn is chosen on the game itself and taken back, not on a copy: the cost
of a decision must not grow with the length of the game (a copy holds the whole history, which
in a long Churn game is millions of actions), and the game must be exactly as it was after."""

from __future__ import annotations

import pytest

import hexarena
from hexarena.ai import Limit, make_player
from hexarena.ai.base import Player
from hexarena.core import HexArenaError, State
from hexarena.engine import EngineSession


def _played(game_name: str, options: dict[str, object], turns: int) -> State:
    st = hexarena.new_game(game_name, **options).new_initial_state()
    p = make_player("random", seed=3)
    for _ in range(turns):
        st.apply_move(p.choose_turn(st))
    return st


def _no_copies(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: State) -> State:
        raise AssertionError("the whole game was copied to choose a turn")

    monkeypatch.setattr(State, "copy", refuse)


@pytest.mark.parametrize(
    ("game_name", "options"),
    [("churn", {"size": 3}), ("scrunch", {"size": 3}), ("china-grove", {})],
)
@pytest.mark.parametrize("player", ["random", "uct"])
def test_a_turn_is_chosen_without_copying_the_game(
    game_name: str, options: dict[str, object], player: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = _played(game_name, options, 4)
    before = (st.array.copy(), st.history, st.turn_ends().copy(), st.ply)
    _no_copies(monkeypatch)
    acts = make_player(player, seed=5).choose_turn(st, Limit(iterations=30))
    assert st.array.tolist() == before[0].tolist()
    assert st.history == before[1] and st.ply == before[3]
    assert st.turn_ends().tolist() == before[2].tolist()
    turn = st.turn
    st.apply_move(acts)  # exactly one whole legal turn
    assert st.turn == turn + 1 or st.is_terminal()


class _Fails(Player):
    """Chooses one legal action, then fails on the next decision of the same turn."""

    def __init__(self) -> None:
        super().__init__(None)
        self.calls = 0

    def choose(self, state: State, limit: Limit | None = None) -> int:
        self.calls += 1
        if self.calls > 1:
            raise HexArenaError("thinking failed")
        return state.legal_actions()[0]


def test_a_player_that_fails_mid_turn_leaves_the_game_as_it_was() -> None:
    st = hexarena.new_game("scrunch", size=3).new_initial_state()
    p = make_player("random", seed=3)
    while len(p.choose_turn(st)) < 2:  # find a turn of several decisions (a wriggle)
        st.apply_move(p.choose_turn(st))
    before = (st.array.tolist(), st.history)
    failing = _Fails()
    with pytest.raises(HexArenaError, match="thinking failed"):
        failing.choose_turn(st)
    assert failing.calls == 2  # the first decision was applied before the failure
    assert (st.array.tolist(), st.history) == before


def test_the_engine_server_chooses_a_timed_turn_without_copying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines: list[str] = []
    server = EngineSession("scrunch", {"size": 3}, player_name="mcts", seed=1, write=lines.append)
    for line in ("uginewgame", "position startpos", "go movetime 200"):
        server.handle(line)
    assert any(x.startswith("bestmove") for x in lines)
    before = (server.state.array.tolist(), server.state.history)
    _no_copies(monkeypatch)
    lines.clear()
    server.handle("go movetime 200")
    assert any(x.startswith("bestmove") for x in lines)
    assert (server.state.array.tolist(), server.state.history) == before


def test_a_turn_is_taken_back_without_replaying_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # taking a turn back by replay from a checkpoint compiles a replay of the game's actions in
    # each new process (it cannot be cached on disk: about 0.7 s for Throngs), so the first
    # computer move of a process paid for it; the position before the turn is kept instead
    import hexarena.core

    st = _played("throngs", {}, 3)
    before = (st.array.tolist(), st.history, st.ply)

    def refuse(*args: object) -> None:
        raise AssertionError("the game was replayed to take a turn back")

    monkeypatch.setattr(hexarena.core, "replay_unchecked", refuse)
    acts = make_player("random", seed=2).choose_turn(st)
    assert (st.array.tolist(), st.history, st.ply) == before
    st.apply_move(acts)


def test_a_kept_trial_keeps_every_action_or_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """``State.trial(keep=True)``, by which the engine applies a ``position`` line's turns and
    the Gymnasium environment a step: the actions stay when the block ends, and on an error
    all of them are taken back, the position as it was, without a replay."""
    import hexarena.core

    def refuse(*args: object) -> None:
        raise AssertionError("the game was replayed to take the actions back")

    monkeypatch.setattr(hexarena.core, "replay_unchecked", refuse)
    st = _played("churn", {"size": 3}, 4)
    before = (st.array.tolist(), st.history, st.ply)
    with pytest.raises(HexArenaError), st.trial(keep=True):
        st.apply(st.legal_actions()[0])
        st.apply(999)  # not an action: everything in the block is taken back
    assert (st.array.tolist(), st.history, st.ply) == before
    with st.trial(keep=True):
        first = st.legal_actions()[0]
        st.apply(first)
    assert st.history == [*before[1], first] and st.ply == before[2] + 1
