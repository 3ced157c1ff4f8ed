"""Long games through the engine protocol: ``position continue N moves ...`` (the turns after
the N an engine holds), which an engine offers by its option ``incremental``, keeps every line
within the protocol's 1 MiB bound and each turn's line short; the host falls back to the whole
game for engines that do not offer it, and stops, with a clear forfeit, when the whole game no
longer fits a line."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import hexarena
from hexarena import engine_player
from hexarena.ai import make_player
from hexarena.core import State
from hexarena.engine import MAX_LINE, EngineSession
from hexarena.engine_player import EngineForfeit, EnginePlayer, position_lines
from hexarena.selfplay import random_game

ENGINE = Path(__file__).parent / "engines" / "gyre_engine.py"


def engine_name(mode: str) -> str:
    return "engine:" + shlex.join([sys.executable, str(ENGINE), "--mode", mode])


def hexarena_engine(game: str, *options: str) -> str:
    argv = [sys.executable, "-m", "hexarena.cli", "engine", game, *options]
    return "engine:" + shlex.join([*argv, "--player", "random", "--seed", "1"])


def random_state(game: hexarena.Game, seed: int, cap: int | None = None) -> State:
    """A random game of ``game`` (at most ``cap`` actions, cut back to a turn's start)."""
    _, acts = random_game(game, seed, keep_actions=True, cap=cap)
    assert acts is not None
    st = State(game)
    st.apply_actions(acts)
    if st.turn_actions:
        st.undo_move()
    return st


def session(game: str, **options: Any) -> tuple[EngineSession, list[str]]:
    out: list[str] = []
    return EngineSession(game, options, player_name="random", seed=1, write=out.append), out


def read_lines(lines: list[str]) -> list[str]:
    """The turns that ``position`` lines (a startpos line, then continue lines) carry, checking
    that each continue line names the turns sent before it."""
    turns: list[str] = []
    for i, line in enumerate(lines):
        words = line.split()
        if i == 0:
            assert words[:2] == ["position", "startpos"]
            rest = words[2:]
        else:
            assert words[:3] == ["position", "continue", str(len(turns))]
            rest = words[3:]
        assert rest == [] or rest[0] == "moves"
        turns += rest[1:]
    return turns


# ---------------------------------------------------------------- the defect, at full size
def test_a_churn_side_7_game_past_a_mebibyte_is_played_through_the_engine_host() -> None:
    """A random Churn side-7 game runs to about 1.2 million turns, and its whole-game
    ``position`` line passes 1 MiB after about 320,000: hexarena's engine refused that line and
    searched the position it held before, so it could not play on. Now the host sends the
    game in lines within the bound, then only the turns since."""
    game = hexarena.new_game("churn", size=7)
    st = random_state(game, 7, cap=340_000)
    full = "position startpos moves " + " ".join(st.move_texts())
    assert len(full) + 1 > MAX_LINE  # the whole game no longer fits one line
    player = EnginePlayer(hexarena_engine("churn", "--size", "7"), timeout=120)
    try:
        player.prepare(game)
        assert player.incremental
        move = player.choose_turn(st)
        assert player.position_lines == 2  # the game in two lines within the bound
        assert player.position_chars <= 2 * MAX_LINE
        st.apply_move(move)  # a legal move in the long position
        st.apply_move(st.legal_actions()[:1])  # the opponent's
        before = player.position_chars
        st.apply_move(player.choose_turn(st))
        sent = player.position_chars - before
        assert player.position_lines == 3 and sent < 40  # only the two turns since
    finally:
        player.close()


def test_an_engine_without_continue_forfeits_a_game_too_long_for_a_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test engine does not offer ``position continue``: it gets the whole game while it
    fits a line; past that the host does not send a line the engine must refuse (the engine
    would then search another position) but stops with a forfeit that says why."""
    game = hexarena.new_game("gyre", size=5)
    st = game.state_from_moves("c3 d4 e5 f5 c5 d5 e2 f3 g4 f6 e6")
    size = len("position startpos moves c3 d4 e5 f5 c5 d5 e2 f3 g4 f6 e6\n")
    monkeypatch.setattr(engine_player, "MAX_POSITION", size - 1)
    player = EnginePlayer(engine_name("random"))
    try:
        player.prepare(game)
        assert not player.incremental
        with pytest.raises(EngineForfeit, match="too long for the engine") as info:
            player.choose_turn(st)
        assert info.value.kind == "too long"
        assert f"11 turns takes a line of {size} characters, over the protocol's {size - 1}" in (
            str(info.value)
        )
    finally:
        player.close()
    monkeypatch.setattr(engine_player, "MAX_POSITION", size)
    player = EnginePlayer(engine_name("random"))
    try:
        player.prepare(game)
        st.apply_move(player.choose_turn(st))  # it fits: the whole game, as before
    finally:
        player.close()


# ---------------------------------------------------------------- the host, with the test engine
@pytest.mark.parametrize("bound", [MAX_LINE, 30])
def test_an_engine_in_plain_python_plays_by_position_continue(
    monkeypatch: pytest.MonkeyPatch, bound: int
) -> None:
    """The plain-Python engine offers ``incremental``: after the first ``position`` it is sent
    only the turns since, a few characters a turn (with a tiny bound, in several lines)."""
    monkeypatch.setattr(engine_player, "MAX_POSITION", bound)
    game = hexarena.new_game("gyre", size=5)
    player = EnginePlayer(engine_name("incremental"))
    other = make_player("random", seed=3)
    st = game.new_initial_state()
    sent = []
    try:
        player.prepare(game)
        assert player.incremental
        while not st.is_terminal():
            if st.current_player == 0:
                before = player.position_chars
                st.apply_move(player.choose_turn(st))
                sent.append(player.position_chars - before)
            else:
                st.apply_move(other.choose_turn(st))
    finally:
        player.close()
    # the engine's own count of turns at each go (its info line) is the game's
    counts = [int(c.split()[2]) for c in player.comments if c.startswith("info string ")]
    assert counts == list(range(0, 2 * len(counts), 2))
    assert max(sent[1:]) <= 40 if bound == MAX_LINE else max(sent[1:]) <= 2 * bound
    assert len(st.move_texts()) > 20


def test_an_engine_that_offers_continue_but_refuses_it_forfeits() -> None:
    game = hexarena.new_game("gyre", size=5)
    player = EnginePlayer(engine_name("badcontinue"))
    st = game.new_initial_state()
    try:
        player.prepare(game)
        st.apply_move(player.choose_turn(st))  # the first position is the whole game
        st.apply_move("swap" if st.legal_action_texts()[-1] == "swap" else "c3")
        with pytest.raises(EngineForfeit, match="refused the position") as info:
            player.choose_turn(st)
        assert info.value.kind == "refused" and "I hold 0 turns" in str(info.value)
    finally:
        player.close()


def test_another_game_gets_the_whole_game_again() -> None:
    """A state that does not go on from the position sent (another game, a take-back) is sent
    whole."""
    game = hexarena.new_game("gyre", size=5)
    player = EnginePlayer(engine_name("incremental"))
    try:
        player.prepare(game)
        a = game.state_from_moves("c3 d4")
        assert player._position_lines(a) == ["position startpos moves c3 d4"]
        b = game.state_from_moves("c3 d4 e5 f5")
        assert player._position_lines(b) == ["position continue 2 moves e5 f5"]
        c = game.state_from_moves("c3 d4 e5 c5")  # the last turn differs
        assert player._position_lines(c) == ["position startpos moves c3 d4 e5 c5"]
        c.undo_move()
        c.undo_move()
        assert player._position_lines(c) == ["position startpos moves c3 d4"]
        assert player._position_lines(c) == ["position continue 2"]  # nothing new
    finally:
        player.close()


def test_position_lines_stay_within_the_bound_and_carry_every_turn() -> None:
    texts = [f"m{i}" for i in range(100)]
    for bound in (40, 64, 1000):
        lines = position_lines(texts, None, bound)
        assert all(len(x) + 1 <= bound for x in lines)
        assert read_lines(lines) == texts
    assert position_lines([], None, 30) == ["position startpos"]
    assert position_lines([], 7, 30) == ["position continue 7"]
    # 31 characters and the newline: 32 is exactly the bound
    assert position_lines(["a1", "b2"], 7, 32) == ["position continue 7 moves a1 b2"]
    assert position_lines(["a1", "b2"], 7, 31) == [
        "position continue 7 moves a1",
        "position continue 8 moves b2",
    ]
    with pytest.raises(hexarena.HexArenaError, match="does not fit a line"):
        position_lines(["x" * 50], None, 40)


# ---------------------------------------------------------------- hexarena's engine reads it
def test_position_continue_goes_on_from_the_position_held() -> None:
    s, out = session("gyre", size=5)
    s.handle("position startpos moves c3 swap")
    s.handle("position continue 2 moves d4 e5")
    s.handle("position continue 4")
    s.handle("query p1turn")
    assert out == ["response true"]  # c3, swap, d4 (the first player), e5: the first to act
    assert s.state == s.game.state_from_moves("c3 swap d4 e5") and s.turns == 4
    s.handle("uginewgame")
    s.handle("position continue 0 moves c3")
    assert s.state == s.game.state_from_moves("c3") and s.turns == 1


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("position continue", "continue needs the number of turns"),
        ("position continue two moves e5", "a whole number of turns, not 'two'"),
        ("position continue 1_0 moves e5", "a whole number of turns"),
        ("position continue " + "9" * 5000, "position: continue needs a whole number"),
        ("position continue 3 moves e5", "continue 3, but the position holds 2 turns"),
        ("position continue 0 moves c3", "continue 0, but the position holds 2 turns"),
        ("position continue 2 e5", "expected 'moves' after continue, not 'e5'"),
        ("position continue 2 moves e5 zz9", "move 4 (zz9)"),
        ("position continue 2 moves e5 e5", "move 4 (e5)"),
        ("position continue 2 moves e5 " + "z" * 5000, "move 4 (zzz"),
        ("position resume 2 moves e5", "position continue N [moves M1 M2 ...]"),
        ("setoption name incremental value maybe", "incremental is true or false"),
    ],
)
def test_a_bad_continue_is_answered_and_changes_nothing(line: str, words: str) -> None:
    s, out = session("gyre", size=5)
    s.handle("position startpos moves c3 d4")
    held = s.state.copy()
    s.handle(line)
    assert len(out) == 1 and out[0].startswith("info string error ") and words in out[0], out
    assert len(out[0]) < 400
    assert s.state == held and s.turns == 2  # unchanged, and it still goes on from there
    s.handle("position continue 2 moves e5")
    assert s.state == s.game.state_from_moves("c3 d4 e5")


def test_a_continue_to_a_position_of_one_turn_says_turn() -> None:
    """The error said ``the position holds 1 turns``."""
    s, out = session("gyre", size=5)
    s.handle("position startpos moves c3")
    s.handle("position continue 2 moves e5")
    assert len(out) == 1 and "continue 2, but the position holds 1 turn (send" in out[0], out


def test_the_engine_offers_continue_and_accepts_its_option() -> None:
    s, out = session("churn", size=3)
    s.handle("ugi")
    assert "option name incremental type check default false" in out
    del out[:]
    s.handle("setoption name incremental value true")
    s.handle("setoption name Incremental value false")
    assert out == []


def test_a_long_game_is_read_in_lines_within_the_bound() -> None:
    """40,000 turns of a Churn side-6 game (about 130,000 characters) in the host's lines at a
    bound of 32 KiB, read by hexarena's engine, give the game."""
    game = hexarena.new_game("churn", size=6)
    st = random_state(game, 2, cap=40_000)
    lines = position_lines(st.move_texts(), None, 1 << 15)
    assert len(lines) >= 4 and all(len(x) + 1 <= 1 << 15 for x in lines)
    s, out = session("churn", size=6)
    for x in lines:
        s.handle(x)
    assert out == [] and s.state == st


# ---------------------------------------------------------------- every game, both ways
CASES = [
    ("churn", {"size": 4}),
    ("churn", {"sides": "3,4,3,4,3,4"}),
    ("gyre", {"size": 5}),
    ("scrunch", {"size": 5}),
    ("china-grove", {}),
    ("china-grove", {"mode": "number", "islands": 2}),
    ("throngs", {}),
    ("throngs", {"setup": "standard", "no_stalling": True}),
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_round_trip_of_every_game_by_both_forms(name: str, options: dict[str, Any]) -> None:
    """A random game of each game, sent by the host the way it sends a game (the whole game,
    then the turns since, at cut points through the game; lines within a small bound) and read
    by hexarena's engine, is the same state: board, player to act, history (Throngs'
    repetitions, the swap's availability and the rest live in the state the turns rebuild)."""
    game = hexarena.new_game(name, **options)
    st = random_state(game, 11, cap=3_000)
    texts = st.move_texts()
    assert len(texts) >= 4
    host = EnginePlayer(engine_name("random"))
    host.game, host.incremental = game, True
    s, out = session(name, **options)
    cuts = sorted({1, len(texts) // 3, len(texts) // 2, len(texts) - 1, len(texts)})
    rebuilt = game.new_initial_state()
    done = 0
    for k in cuts:
        for t in texts[done:k]:
            rebuilt.apply_move(t)
        done = k
        for line in host._position_lines(rebuilt):
            assert len(line) < 4000
            s.handle(line)
        assert out == [] and s.turns == k
        assert s.state == rebuilt
    assert s.state == st
    assert np.array_equal(s.state.array, st.array)
    # and the whole game at once, in lines of at most 200 characters
    s2, out2 = session(name, **options)
    for line in position_lines(texts, None, 200):
        s2.handle(line)
    assert out2 == [] and s2.state == st


def test_a_match_with_an_engine_that_takes_position_continue(tmp_path: Path) -> None:
    from hexarena.match import run_match
    from hexarena.records import load_record

    game = hexarena.new_game("gyre", size=5)
    res = run_match(game, engine_name("incremental"), "random", 2, records=tmp_path)
    assert res.games == 2 and all(not r.forfeited for r in res.results), res.results
    for f in tmp_path.iterdir():
        load_record(f)


def _engine_moves_leave_the_state(legal_mode: str) -> None:
    """An engine of ``legal_mode`` and one that sends an illegal move each choose a turn from
    a Gyre position: the legal move is returned, the illegal one forfeits, and either way the
    state is unchanged."""
    game = hexarena.new_game("gyre", size=5)
    for mode, forfeit in ((legal_mode, False), ("illegal", True)):
        st = game.state_from_moves("c3 d4 e5")
        held = st.copy()
        player = EnginePlayer(engine_name(mode))
        try:
            player.prepare(game)
            if forfeit:
                with pytest.raises(EngineForfeit, match="illegal move 'c3'"):
                    player.choose_turn(st)
            else:
                move = player.choose_turn(st)
                assert len(move) == 1 and st.is_legal(move[0])
        finally:
            player.close()
        assert st == held and np.array_equal(st.array, held.array)


def test_the_host_checks_the_engines_move_and_leaves_the_state_as_it_was() -> None:
    """The engine's move is tried on the state and taken back (a copy of a game of a million
    turns costs milliseconds a turn): legal or not, the state is unchanged."""
    _engine_moves_leave_the_state("incremental")


def _no_replay(*args: object) -> None:
    raise AssertionError("a take-back replayed from a checkpoint (State.rewind)")


def test_the_host_takes_the_engines_move_back_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host tried the engine's move and took it back with ``State.rewind``, a replay from
    a checkpoint by a compiled driver that no disk cache keeps: every process that played an
    engine compiled it at its first engine turn (0.1 to 0.8 processor seconds, Scrunch's the
    most), and a match with an engine said ``hexarena: compiling ...; this takes a while``
    even after ``hexarena warmup``. The move is now tried in a ``State.trial``, which keeps
    the position aside and replays nothing."""
    monkeypatch.setattr("hexarena.core.replay_unchecked", _no_replay)
    _engine_moves_leave_the_state("random")


def test_the_engine_refuses_a_bad_continue_without_a_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """hexarena's engine went back to the position it held, after a ``position continue``
    with a bad turn, by ``State.rewind``: a replay by a driver compiled afresh in every
    process, paid at the first refused line. It now applies the turns in a ``State.trial``
    kept when all are legal, taken back (nothing replayed) when one is not."""
    monkeypatch.setattr("hexarena.core.replay_unchecked", _no_replay)
    s, out = session("gyre", size=5)
    s.handle("position startpos moves c3 d4")
    held = s.state.copy()
    s.handle("position continue 2 moves e5 e5")
    assert len(out) == 1 and "move 4 (e5)" in out[0], out
    assert s.state == held and np.array_equal(s.state.array, held.array) and s.turns == 2
    s.handle("position continue 2 moves e5 f6")
    assert len(out) == 1 and s.state == s.game.state_from_moves("c3 d4 e5 f6") and s.turns == 4
