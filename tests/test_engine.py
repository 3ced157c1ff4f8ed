"""The engine protocol: hexarena's engine served on text streams, and external engines
(``tests/engines/``, plain Python that does not use hexarena) in matches and tournaments."""

from __future__ import annotations

import io
import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import hexarena
from hexarena.ai import Limit
from hexarena.engine import serve
from hexarena.match import check_players, run_match, run_tournament
from hexarena.records import load_record

ENGINE = Path(__file__).parent / "engines" / "gyre_engine.py"


def talk(
    lines: list[str], game: str = "gyre", player: str = "random", **options: object
) -> list[str]:
    """Feed protocol lines to hexarena's engine; return its answer lines."""
    out = io.StringIO()
    code = serve(
        hexarena.new_game(game, **options),
        player=player,
        seed=1,
        inp=io.StringIO("".join(line + "\n" for line in lines)),
        out=out,
    )
    assert code == 0
    return out.getvalue().splitlines()


def engine_name(mode: str) -> str:
    return "engine:" + shlex.join([sys.executable, str(ENGINE), "--mode", mode])


def test_handshake_lists_the_options() -> None:
    ans = talk(["ugi", "isready"], size=3)
    assert ans[0].startswith("id name hexarena gyre random")
    assert "option name size type spin default 3 min 3 max 12" in ans
    assert any(a.startswith("option name player type combo") for a in ans)
    assert ans[-2:] == ["ugiok", "readyok"]


def test_position_go_and_queries() -> None:
    ans = talk(
        [
            "position startpos moves c3 swap b2",
            "query p1turn",
            "query gameover",
            "query result",
            "go nodes 5",
        ],
        size=3,
    )
    # c3 by the first player (Red); the second swaps and takes Red, so the first player now
    # plays Blue: b2; then Red, the second player, is to act
    assert ans[0] == "response false"
    assert ans[1:3] == ["response false", "response none"]
    assert ans[3].startswith("info time")
    move = ans[4].split()[1]
    st = hexarena.new_game("gyre", size=3).state_from_moves("c3 swap b2")
    st.apply_move(move)  # a legal move


def test_a_whole_game_by_the_protocol_then_game_over() -> None:
    game = hexarena.new_game("gyre", size=3)
    st = game.new_initial_state()
    moves: list[str] = []
    while not st.is_terminal():
        ans = talk(["position startpos moves " + " ".join(moves), "go"], size=3)
        move = ans[-1].split()[1]
        st.apply_move(move)
        moves.append(move)
    ans = talk(
        ["position startpos moves " + " ".join(moves), "query gameover", "query result", "go"],
        size=3,
    )
    want = "p1win" if st.outcome().winner == 0 else "p2win"
    assert ans[:2] == ["response true", f"response {want}"]
    assert ans[2] == "info string error go: the game is over"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("position startpos moves c3 c3", "position: move 2 (c3)"),
        ("position startpos moves zz99", "position: move 1 (zz99)"),
        ("position fen xyz", "position startpos"),
        ("go movetime soon", "go: movetime needs a whole number"),
        ("go depth 3", "go: unknown argument 'depth'"),
        # an argument given twice was taken at its last value, silently
        ("go nodes 5 nodes 7", "go: nodes given twice"),
        ("go movetime 100 wtime 5 movetime 9", "go: movetime given twice"),
        ("query colour", "query: ask gameover, p1turn or result"),
        ("setoption name size value 99", "must be at most 12"),
        ("setoption name size value 4", None),  # accepted, for the next game
        ("setoption name colour value red", "setoption: no option 'colour'"),
        ("setoption name player value deep-blue", "there is no player 'deep-blue'"),
        ("setoption name game value churn", "this engine plays gyre"),
        ("frobnicate " + "x" * 5000, "unknown command 'frobnicate'"),
        ("go nodes 1_0", "go: nodes needs a whole number"),
        ("go movetime \u0661\u0660", "go: movetime needs a whole number"),
        # a number of too many digits is named as such, not as one that is not a number
        ("go nodes " + "9" * 5000, "go: nodes needs a whole number of at most 30 digits"),
        ("go movetime " + "1" * 31, "go: movetime needs a whole number of at most 30 digits"),
        ("position continue " + "9" * 40, "continue needs a whole number of turns of at most 30"),
        ("setoption name seed value -5", "setoption: seed is 0 to 2147483647"),
        ("setoption name seed value 2147483648", "setoption: seed is 0 to 2147483647"),
        ("setoption name seed value 1_0", "setoption: seed is a whole number"),
        ("setoption name seed value " + "9" * 5000, "setoption: seed is a whole number of at most"),
    ],
)
def test_bad_lines_are_answered_and_change_nothing(line: str, words: str | None) -> None:
    ans = talk(["position startpos moves c3", line, "query p1turn", "query gameover"], size=3)
    if words is None:
        assert ans == ["response false", "response false"]
        return
    assert ans[0].startswith("info string error ") and words in ans[0], ans[0]
    assert len(ans[0]) < 400
    assert ans[1:] == ["response false", "response false"]  # still after c3, Blue to act


def test_a_bad_seed_leaves_the_seed() -> None:
    ans = talk(["setoption name seed value 99999999999", "ugi"])
    assert ans[0].startswith("info string error setoption: seed is 0 to 2147483647")
    assert "option name seed type string default 1" in ans


def test_without_a_seed_ugi_shows_an_empty_seed_not_0() -> None:
    # the engine seeds afresh without one: "default 0" claimed a seed it did not use
    out = io.StringIO()
    inp = io.StringIO("ugi\nsetoption name seed value 7\nugi\nsetoption name seed value\nugi\n")
    assert serve(hexarena.new_game("gyre", size=3), player="random", inp=inp, out=out) == 0
    seeds = [a for a in out.getvalue().splitlines() if a.startswith("option name seed ")]
    assert seeds == [
        "option name seed type string default <empty>",
        "option name seed type string default 7",
        "option name seed type string default <empty>",  # an empty value: seeded afresh again
    ]


def test_an_empty_seed_seeds_the_player_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    from hexarena import engine

    seeds: list[int | None] = []
    monkeypatch.setattr(
        engine, "make_player", lambda name, seed=None: seeds.append(seed) or _Recorder([])
    )
    session = engine.EngineSession("gyre", {"size": 3}, player_name="random", write=print)
    for line in ["setoption name seed value 5", "setoption name seed value <empty>"]:
        session.handle(line)
    assert seeds == [None, 5, None]


def test_the_command_line_engine_refuses_a_bad_seed() -> None:
    from hexarena.cli import main

    out = io.StringIO()
    assert main(["engine", "gyre", "--seed", "-5"], inp=io.StringIO("quit\n"), out=out) != 0


def test_setoption_then_new_game_changes_the_board() -> None:
    ans = talk(["ugi", "setoption name size value 3", "ugi", "uginewgame", "ugi"], size=4)
    sizes = [a for a in ans if a.startswith("option name size ")]
    # ugi shows the value set, for the next uginewgame (as it does the player and the seed),
    # not the board of the game under way: a host sending every default back keeps its setting
    assert sizes == [
        "option name size type spin default 4 min 3 max 12",
        "option name size type spin default 3 min 3 max 12",
        "option name size type spin default 3 min 3 max 12",
    ]
    ans = talk(["setoption name size value 3", "uginewgame", "position startpos moves g7"], size=4)
    assert ans and "not on this board" in ans[0]


def test_quit_stops_reading() -> None:
    assert talk(["isready", "quit", "isready"]) == ["readyok"]


def test_the_command_line_engine() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "hexarena.cli",
            "engine",
            "gyre",
            "--size",
            "3",
            "--player",
            "random",
        ],
        input="ugi\nposition startpos\ngo\nquit\n",
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = proc.stdout.splitlines()
    assert "ugiok" in lines and lines[-1].startswith("bestmove ")


def test_check_players_accepts_engines() -> None:
    name = engine_name("random")
    assert check_players(["random", name]) == ["random", name]
    with pytest.raises(hexarena.HexArenaError, match="needs a command"):
        check_players(["engine:  "])


def test_tournament_with_crashing_and_illegal_engines(tmp_path: Path) -> None:
    """A round robin with a good engine, one that crashes and one that sends an illegal move:
    it finishes, and every game of the two bad engines is a recorded forfeit."""
    good, crash, illegal = engine_name("random"), engine_name("crash"), engine_name("illegal")
    game = hexarena.new_game("gyre", size=3)
    res = run_tournament(
        game, [good, crash, illegal, "random"], 2, seed=1, workers=1, records=tmp_path
    )
    assert len(res.results) == 12
    why = {crash: "forfeits: the engine crashed", illegal: "forfeits: the engine sent an illegal"}
    for r in res.results:
        loser = r.labels[1 - r.winner_seat]
        if crash in r.labels or illegal in r.labels:
            assert loser in why  # a bad engine lost (the one of the two that failed first)
            assert r.reason.startswith(loser) and why[loser] in r.reason
    table = {row["player"]: row for row in res.table()}
    # the bad engines win only against each other (2 games between them)
    assert table[crash]["wins"] + table[illegal]["wins"] == 2
    assert table[good]["wins"] >= 4 and table["random"]["wins"] >= 4
    files = sorted(tmp_path.iterdir())
    assert len(files) == 12
    texts = [f.read_text() for f in files]
    assert any('[Termination "resignation"]' in t and "crashed (exit status 3)" in t for t in texts)
    assert any("[Forfeit" in t and "illegal move" in t for t in texts)
    assert any("engine-gyre_engine.py_--mode_crash" in f.name for f in files)
    # the engines' info lines are comments, and the records still replay
    assert any("info string" in t for t in texts)
    for f in files:
        load_record(f)


def test_tournament_summary_lists_the_forfeits(tmp_path: Path) -> None:
    from hexarena.cli import main

    crash = engine_name("crash")
    args = ["tournament", "gyre", "--size", "3", crash, "random", "--games", "2"]
    args += ["--workers", "1", "--records", str(tmp_path / "recs")]
    out = io.StringIO()
    assert main([*args, "--json"], out=out) == 0
    data = json.loads(out.getvalue())
    assert len(data["forfeits"]) == 2
    assert all("the engine crashed (exit status 3)" in f for f in data["forfeits"])
    out = io.StringIO()
    args[-1] = str(tmp_path / "again")  # records are never written over: a folder of its own
    assert main(args, out=out) == 0
    assert "2 game(s) forfeited; the first: engine:" in out.getvalue()


def test_an_engine_that_refuses_the_game_forfeits_at_once() -> None:
    """hexarena's Gyre engine asked to play Churn answers an error, and forfeits before it
    moves (it used to play Gyre's moves until one was illegal in Churn)."""
    name = "engine:" + shlex.join(
        [sys.executable, "-m", "hexarena.cli", "engine", "gyre", "--player", "random"]
    )
    res = run_match(hexarena.new_game("churn", size=3), name, "random", 2, records=None)
    for r in res.results:
        assert r.winner == "random" and r.turns <= 1
        assert "forfeits: the engine refused the game or its options" in r.reason
        assert "this engine plays gyre, not 'churn'" in r.reason


def test_an_engine_may_take_its_time_before_readyok(monkeypatch: pytest.MonkeyPatch) -> None:
    """``ugi`` is answered at once, ``isready`` after whatever loading or compiling the engine
    does (hexarena's own engine compiles its search there): the host waits longer for it."""
    from hexarena import engine_player

    monkeypatch.setattr(engine_player, "STARTUP_TIMEOUT", 1.0)
    assert engine_player.READY_TIMEOUT >= 120
    player = engine_player.EnginePlayer(engine_name("slowready"))
    game = hexarena.new_game("gyre", size=3)
    try:
        player.prepare(game)
        assert player._startup_error is None
        assert len(player.choose_turn(game.new_initial_state())) == 1
    finally:
        player.close()


class _Recorder:
    """A player that notes when it is prepared, in the same list as the engine's output."""

    def __init__(self, log: list[str]) -> None:
        self.log = log

    def prepare(self, game: object) -> None:
        self.log.append("prepared")


def test_the_engine_answers_ugi_before_preparing_its_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hexarena import engine

    log: list[str] = []
    monkeypatch.setattr(engine, "make_player", lambda name, seed=None: _Recorder(log))
    session = engine.EngineSession("gyre", {"size": 3}, player_name="random", write=log.append)
    for line in ["ugi", "setoption name size value 4", "uginewgame", "isready", "isready"]:
        session.handle(line)
    assert "prepared" not in log[: log.index("ugiok")]
    assert log[log.index("ugiok") + 1 :] == ["prepared", "readyok", "readyok"]


class _FullTimePlayer:
    """A player that takes all the time it is given (on a fake clock), then the first legal
    action."""

    def __init__(self, clock: list[float], given: list[float]) -> None:
        self.clock, self.given = clock, given

    def prepare(self, game: object) -> None:
        pass

    def choose(self, state: hexarena.State, limit: Limit | None = None) -> int:
        assert limit is not None and limit.seconds is not None
        self.given.append(limit.seconds)
        self.clock[0] += limit.seconds
        return int(state.legal_actions()[0])


def test_go_movetime_bounds_a_whole_turn_of_several_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A China Grove turn of six checkers within ``movetime`` (each decision used to get half of
    it: three times the time, past a host's grace period at longer time controls)."""
    from types import SimpleNamespace

    from hexarena import engine

    clock = [0.0]
    given: list[float] = []
    monkeypatch.setattr(engine, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    player = _FullTimePlayer(clock, given)
    monkeypatch.setattr(engine, "make_player", lambda name, seed=None: player)
    out: list[str] = []
    session = engine.EngineSession("china-grove", {}, player_name="random", write=out.append)
    session.handle("position startpos moves g1 swap")  # Black to place six checkers
    session.handle("go movetime 3000")
    assert out[-1].startswith("bestmove ") and len(out[-1].split(",")) == len(given) == 6
    assert sum(given) <= 3.0 and min(given) > 0
    assert given[0] == pytest.approx(1.5)  # a single decision keeps half, as before


def test_an_engine_line_that_is_not_utf8_is_read_with_replacements() -> None:
    """Bytes that are not UTF-8 are replaced (they used to stop the host's reader, so that the
    engine lost on time with a bestmove sent)."""
    res = run_match(
        hexarena.new_game("gyre", size=3), engine_name("badbytes"), "random", 1, records=None
    )
    assert "forfeit" not in res.results[0].reason, res.results[0].reason


def test_an_engine_may_add_a_ponder_move_to_bestmove() -> None:
    """``bestmove MOVE ponder MOVE2``, as UCI engines write it, is the move MOVE."""
    res = run_match(hexarena.new_game("gyre", size=3), engine_name("ponder"), "random", 2)
    assert all("forfeit" not in r.reason for r in res.results), [r.reason for r in res.results]


@pytest.mark.parametrize("mode", ["early", "twice"])
def test_an_answer_no_one_asked_for_is_not_taken_for_the_next_turn(mode: str) -> None:
    """A ``bestmove`` written before its ``go`` (after ``readyok``, or a second answer to the
    last ``go``) was read as the answer to the next ``go``, and the engine forfeited for a move
    it had not sent in that position: the host now reads past such lines (``isready`` before
    each turn's position, then the engine's lines up to its ``readyok``)."""
    res = run_match(hexarena.new_game("gyre", size=3), engine_name(mode), "random", 2)
    assert all("forfeit" not in r.reason for r in res.results), [r.reason for r in res.results]


def test_an_engine_player_plays_a_second_game_after_closing_the_first() -> None:
    """A player is prepared for each game (a Gymnasium environment keeps a player object given
    as its opponent, and prepares and closes it at every episode): the lines of the engine
    process of the last game, its end of output above all, were read as the new process's,
    and every game after the first was forfeited at once, 'the engine crashed (closed its
    output)'."""
    from hexarena.engine_player import EnginePlayer

    game = hexarena.new_game("gyre", size=3)
    player = EnginePlayer(engine_name("random"), timeout=10)
    for _ in range(3):
        player.prepare(game)
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.current_player == 0:
                st.apply_actions(player.choose_turn(st))
            else:
                st.apply(st.legal_actions()[0])
        player.close()


def test_engine_timeout_is_a_forfeit() -> None:
    res = run_match(
        hexarena.new_game("gyre", size=3),
        engine_name("slow"),
        "random",
        1,
        limit=Limit(seconds=0.05),
        records=None,
    )
    assert res.results[0].winner == "random"
    assert "did not answer 'bestmove'" in res.results[0].reason


def test_hexarena_engine_through_engine_protocol() -> None:
    """hexarena's own engine plays a match as ``engine:hexarena engine ...``."""
    name = "engine:" + shlex.join(
        [sys.executable, "-m", "hexarena.cli", "engine", "gyre", "--player", "random"]
    )
    res = run_match(hexarena.new_game("gyre", size=3), name, "random", 2, records=None)
    assert all("forfeit" not in r.reason for r in res.results)
    assert res.games == 2


def test_match_command_with_an_engine(tmp_path: Path) -> None:
    """``hexarena match`` takes ``engine:COMMAND``; the records folder is named without the
    command's folders."""
    from hexarena.cli import main

    out = io.StringIO()
    args = ["match", "gyre", "--size", "3", engine_name("illegal"), "random", "--games", "2"]
    args += ["--workers", "1", "--json", "--records", str(tmp_path / "recs")]
    code = main(args, out=out)
    assert code == 0
    data = json.loads(out.getvalue())
    assert data["wins"]["random"] == 2
    assert len(list((tmp_path / "recs").iterdir())) == 2


def test_the_host_keeps_at_most_a_mebibyte_of_an_engine_line() -> None:
    """An engine that writes an endless line does not fill the host's memory: each line is
    cut to ``MAX_LINE`` characters and the rest of it dropped."""
    from types import SimpleNamespace

    from hexarena import engine_player

    player = engine_player.EnginePlayer(engine_name("random"))
    text = "info string " + "x" * (3 * engine_player.MAX_LINE) + "\nbestmove a1\n"
    player._reader(SimpleNamespace(stdout=io.StringIO(text)))  # type: ignore[arg-type]
    lines = []
    while not player._lines.empty():
        lines.append(player._lines.get())
    assert [len(x) if x is not None else None for x in lines] == [
        engine_player.MAX_LINE,
        len("bestmove a1"),
        None,
    ]
    assert lines[1] == "bestmove a1"


def test_the_host_reads_a_bounded_number_of_lines_ahead() -> None:
    """An engine that writes faster than the host reads filled the host's memory (200 lines of
    1 MiB written between two turns took 356 MB): the reader waits once ``MAX_QUEUED`` lines
    are read ahead, as the engine would on a full pipe, and loses none."""
    import threading
    import time
    from types import SimpleNamespace

    from hexarena import engine_player

    player = engine_player.EnginePlayer(engine_name("random"))
    sent = [f"info string {i}" for i in range(3 * engine_player.MAX_QUEUED)]
    out = SimpleNamespace(stdout=io.StringIO("".join(x + "\n" for x in sent)))
    reader = threading.Thread(target=player._reader, args=(out,), daemon=True)
    reader.start()
    while player._lines.qsize() < engine_player.MAX_QUEUED and reader.is_alive():
        time.sleep(0.01)
    assert reader.is_alive() and player._lines.qsize() == engine_player.MAX_QUEUED
    got = [player._lines.get() for _ in range(len(sent) + 1)]
    reader.join()
    assert got == [*sent, None]


def test_an_engine_that_stops_reading_its_input_forfeits_instead_of_holding_the_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line longer than the pipe holds, sent to an engine that no longer reads its input,
    held the host for ever (no time limit applied to writing): the write now waits at most
    ``SEND_TIMEOUT`` seconds, the engine forfeits for a timeout, and ``close`` ends it."""
    import threading

    from hexarena import engine_player

    monkeypatch.setattr(engine_player, "SEND_TIMEOUT", 1.0)
    player = engine_player.EnginePlayer(engine_name("deaf"))
    player.prepare(hexarena.new_game("gyre", size=3))
    player._send("isready")  # its second: it answers, then reads nothing more
    outcome: list[BaseException | None] = []

    def send_and_close() -> None:
        try:
            player._send("position startpos moves " + "a1 " * 400_000)
            outcome.append(None)
        except BaseException as exc:
            outcome.append(exc)
        player.close()

    worker = threading.Thread(target=send_and_close, daemon=True)
    worker.start()
    worker.join(120)  # a guard against the old hang, not a measure of time
    assert not worker.is_alive(), "the host still waits on the engine's full input"
    (exc,) = outcome
    assert isinstance(exc, engine_player.EngineForfeit) and exc.kind == "timeout"
    assert "did not read its input within 1 s" in str(exc)


def test_an_engine_that_writes_more_than_is_read_ahead_still_plays() -> None:
    res = run_match(hexarena.new_game("gyre", size=3), engine_name("spam"), "random", 2)
    assert all("forfeit" not in r.reason for r in res.results), [r.reason for r in res.results]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("churn", {}),
        ("churn", {"sides": (3, 4, 3, 4, 3, 4)}),
        ("gyre", {}),
        ("scrunch", {}),
        ("throngs", {}),
        ("throngs", {"board": "hex"}),
        ("throngs", {"board": "hex", "size": 3}),
        ("china-grove", {}),
    ],
)
def test_every_option_default_ugi_shows_is_taken_back(
    game: str, options: dict[str, object]
) -> None:
    """A host may send each option's default back as it was shown (UCI hosts do, to reset an
    engine): every default is a value of the option's type (a spin's a number) and is taken
    without an error, leaving the game as it was."""
    ugi = talk(["ugi"], game=game, **options)
    lines = [a.split() for a in ugi if a.startswith("option name ")]
    sends: list[str] = []
    for words in lines:
        name, kind = words[2], words[4]
        default = " ".join(words[6:]) if kind == "string" else words[6]
        if kind == "spin":
            assert words[7] == "min" and words[9] == "max", words
            assert int(words[8]) <= int(default) <= int(words[10]), words  # a number in range
        sends.append(f"setoption name {name} value {default}")
    ans = talk([*sends, "uginewgame", "ugi"], game=game, **options)
    assert not [a for a in ans if a.startswith("info string error")], ans
    assert ans == ugi


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("throngs", {"no_stalling": True}),
        ("throngs", {"board": "hex", "size": 3}),
        ("churn", {"sides": (3, 4, 3, 4, 3, 4)}),
        ("china-grove", {"mode": "number", "islands": 2}),
        ("scrunch", {"size": 4}),
    ],
)
def test_the_host_sends_options_in_the_protocols_words(
    game: str, options: dict[str, object]
) -> None:
    """The host's ``setoption`` lines give a check option (Throngs' ``no_stalling``) as UCI's
    ``true`` or ``false``, as the protocol's table says (it sent the records' ``yes``/``no``),
    and hexarena's engine takes every line, ending with the same game."""
    from hexarena.engine_player import setoption_lines

    g = hexarena.new_game(game, **options)
    lines = setoption_lines(g)
    assert lines[0] == f"setoption name game value {game}"
    flags = [o.name for o in g.option_specs if o.kind == "flag"]
    for line in lines:
        name, value = line.split()[2], line.split(" value ", 1)[1]
        if name in flags:
            assert value in ("true", "false"), line
    from hexarena.engine import EngineSession

    said: list[str] = []
    session = EngineSession(game, {}, player_name="random", write=said.append)
    for line in [*lines, "uginewgame"]:
        session.handle(line)
    assert said == []
    assert session.game == g


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        (["setoption name size value 4"], "option size is for board hex only"),
        (
            ["setoption name board value large", "setoption name setup value standard"],
            "use setup choose on the large board",
        ),
    ],
)
def test_throngs_option_errors_name_options_not_command_line_flags(
    lines: list[str], words: str
) -> None:
    # they read "option size is for --board hex only", "use --setup choose": flags a host or
    # an OpenSpiel program has not got
    errors = [a for a in talk(lines, game="throngs") if a.startswith("info string error")]
    assert len(errors) == 1 and words in errors[0] and "--" not in errors[0], errors
    from hexarena.games import game_class

    with pytest.raises(hexarena.HexArenaError) as info:
        game_class("throngs").parse_options({"board": "large", "setup": "standard"})
    assert "--" not in str(info.value)


def test_an_engine_gone_before_it_is_written_to_forfeits_with_its_status_and_stderr() -> None:
    """An engine that exits at once may be gone before the first line is sent to it: the write
    failing said only "its input is closed", without the exit status or what it wrote to its
    error output (a race the test above ran into)."""
    from hexarena import engine_player

    script = "import sys; sys.stderr.write('no model file\\n'); sys.exit(3)"
    player = engine_player.EnginePlayer("engine:" + shlex.join([sys.executable, "-c", script]))
    player._start()
    assert player.proc is not None
    player.proc.wait(timeout=60)
    with pytest.raises(engine_player.EngineForfeit) as info:
        for _ in range(100):  # the pipe is closed: a write fails at once (or at its flush)
            player._send("ugi")
    reason = str(info.value)
    assert "the engine crashed (exit status 3)" in reason, reason
    assert "no model file" in reason, reason
    player.close()


def test_a_crashing_engine_forfeits_with_the_last_lines_it_wrote_to_stderr() -> None:
    """An engine that fails at start (a missing script, a missing file of its own) forfeited
    with only its exit status: what it wrote to its error output, the one thing that says why,
    was thrown away. The reason now ends with its last lines there, each cut short."""
    script = (
        "import sys; sys.stderr.write('loading\\n' + 'x' * 5000 + '\\nno model ' + 'file\\n');"
        " sys.exit(3)"
    )
    name = "engine:" + shlex.join([sys.executable, "-c", script])
    res = run_match(hexarena.new_game("gyre", size=3), name, "random", 1, records=None)
    reason = res.results[0].reason
    assert "the engine crashed (exit status 3)" in reason
    assert "no model file" in reason  # (the command line has it split)
    assert len(reason) < 1200


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_a_line_that_is_not_utf8_is_refused_and_changes_nothing(errors: str) -> None:
    # Python reads standard input with errors="strict" under a UTF-8 locale (a desktop's) and
    # "surrogateescape" under the C locale; neither may stop the engine or echo escapes
    from hexarena.cli import main

    raw = b"position startpos moves c3\ngo \xff\xfe nodes 5\nquery p1turn\nquit\n"
    inp = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", errors=errors)
    out = io.StringIO()
    assert main(["engine", "gyre", "--size", "3"], inp=inp, out=out) == 0
    ans = out.getvalue().splitlines()
    assert ans == [
        "info string error the line is not UTF-8 text (byte 0xff after 'go '); it was ignored",
        "response false",
    ]


def _running(pid: int) -> bool:
    """Whether process ``pid`` is still running (a zombie waiting to be reaped is not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_an_engine_that_hangs_is_ended_with_the_processes_it_started() -> None:
    """An engine that hangs (here, waiting for a child process, as a shell script or wrapper
    around an engine does) forfeits on time and is killed; its children were left running
    (a ``sleep`` of a hung shell engine, the engine behind a wrapper), one more at every game
    it hung in. The engine is now ended with every process it started (found through
    ``/proc``); it stays in the host's process group, so that Ctrl-C reaches it."""
    import time

    from hexarena.engine_player import EngineForfeit, EnginePlayer

    game = hexarena.new_game("gyre", size=3)
    player = EnginePlayer(engine_name("hangchild"))
    player.prepare(game)
    with pytest.raises(EngineForfeit, match="did not answer 'bestmove'"):
        player.choose_turn(game.new_initial_state(), Limit(seconds=0.05))
    player.close()
    child = next(int(c.split()[-1]) for c in player.comments if "child" in c)
    for _ in range(100):  # killed at once; wait for the system to say so
        if not _running(child):
            break
        time.sleep(0.1)
    assert not _running(child), "the engine's child process was left running"


def test_match_records_give_a_seed_only_for_the_seats_that_used_one(tmp_path: Path) -> None:
    """A match's record names each hexarena player's seed (``Seed1``, ``Seed2``, by seat), so
    that its game can be played again; an engine is sent no seed, so its seat has no seed
    tag (the record used to name one it never had)."""
    import re

    good = engine_name("random")
    run_match(hexarena.new_game("gyre", size=3), good, "random", 2, seed=1, records=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    for f in files:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', f.read_text(), re.M))
        for seat in (1, 2):
            if tags[f"Player{seat}"] == good:
                assert f"Seed{seat}" not in tags, tags
            else:
                assert tags[f"Player{seat}"] == "random"
                assert tags[f"Seed{seat}"].isdigit(), tags
