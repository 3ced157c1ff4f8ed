"""The engine protocol during a search: ``go infinite`` until ``stop``, ``stop`` ending any
``go`` early, ``isready`` and ``quit`` answered at once, other lines refused.

Each test drives ``hexarena engine`` as a process. The time-outs below only keep a broken
engine from hanging the suite (the first search of a board compiles for a while); nothing here
asserts how long anything takes.
"""

from __future__ import annotations

import queue
import random
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

import hexarena
from hexarena.ai.base import play_turn

#: Seconds to wait for the engine's first ``readyok`` (it may compile its search first).
FIRST_READY = 900
#: Seconds to wait for any other answer before calling the engine stuck.
STUCK = 120


class Engine:
    """``hexarena engine`` as a process, its output lines read on a thread."""

    def __init__(self, game: str, *args: str, player: str = "mcts") -> None:
        cmd = [sys.executable, "-m", "hexarena.cli", "engine", game, *args]
        self.proc = subprocess.Popen(
            [*cmd, "--player", player, "--seed", "1"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read_until(self, done: Callable[[str], bool], wait: float = STUCK) -> list[str]:
        """The lines up to and including the first for which ``done`` holds."""
        got: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=wait)
            except queue.Empty:
                raise AssertionError(f"no answer within {wait} s after {got}") from None
            if line is None:
                raise AssertionError(f"the engine ended after {got}")
            got.append(line)
            if done(line):
                return got

    def ready(self, wait: float = STUCK) -> list[str]:
        """Send ``isready``; the lines up to its ``readyok``."""
        self.send("isready")
        return self.read_until(lambda x: x == "readyok", wait)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=STUCK)


@pytest.fixture
def engines() -> Iterator[list[Engine]]:
    started: list[Engine] = []
    yield started
    for e in started:
        e.close()


def errors(lines: list[str]) -> list[str]:
    return [x for x in lines if x.startswith("info string error")]


def random_moves(game: hexarena.Game, turns: int, seed: int) -> list[str]:
    """The move texts of ``turns`` random whole turns from the start."""
    rng = random.Random(seed)
    st = game.new_initial_state()
    moves = []
    for _ in range(turns):
        actions = play_turn(st, lambda s: int(rng.choice(list(s.legal_actions()))))
        moves.append(game.move_text(actions))
        st.apply_move(moves[-1])
    assert not st.is_terminal()
    return moves


def assert_whole_legal_turn(game: hexarena.Game, moves: list[str], lines: list[str]) -> None:
    assert lines[-1].startswith("bestmove "), lines
    st = game.state_from_moves(moves)
    st.apply_move(lines[-1].split()[1])  # exactly one whole legal turn, or an error


def start(engines: list[Engine], game: str, *args: str) -> Engine:
    e = Engine(game, *args)
    engines.append(e)
    assert not errors(e.ready(FIRST_READY))
    return e


def test_go_infinite_searches_until_stop(engines: list[Engine]) -> None:
    e = start(engines, "gyre", "--size", "5")
    game = hexarena.new_game("gyre", size=5)
    e.send("position startpos moves c3")
    e.send("go infinite")
    during = e.ready()  # answered while the search goes on
    assert not errors(during) and not any(x.startswith("bestmove") for x in during), during
    e.send("stop")
    assert_whole_legal_turn(game, ["c3"], e.read_until(lambda x: x.startswith("bestmove")))
    # the engine goes on as before: another search, bounded this time
    e.send("go nodes 50")
    assert_whole_legal_turn(game, ["c3"], e.read_until(lambda x: x.startswith("bestmove")))
    e.send("quit")
    assert e.proc.wait(timeout=STUCK) == 0


@pytest.mark.parametrize(
    ("game_name", "args", "options", "turns"),
    [
        ("china-grove", [], {}, 3),  # turns of several checkers
        ("throngs", [], {}, 4),  # turns of two moves
        ("scrunch", ["--size", "4"], {"size": 4}, 6),
    ],
)
@pytest.mark.parametrize(
    "go",
    [
        "go infinite",
        "go movetime 900000000",
        "go wtime 900000000 btime 900000000",
        "go nodes 1000000000000",
    ],
)
def test_stop_ends_any_search_with_a_whole_legal_turn(
    engines: list[Engine],
    game_name: str,
    args: list[str],
    options: dict[str, int],
    turns: int,
    go: str,
) -> None:
    game = hexarena.new_game(game_name, **options)
    moves = random_moves(game, turns, seed=turns)
    e = start(engines, game_name, *args)
    e.send("position startpos moves " + " ".join(moves))
    e.send(go)
    assert not errors(e.ready())
    e.send("stop")
    lines = e.read_until(lambda x: x.startswith("bestmove"))
    assert not errors(lines)
    assert_whole_legal_turn(game, moves, lines)


def test_quit_during_a_search_ends_the_engine(engines: list[Engine]) -> None:
    e = start(engines, "gyre", "--size", "5")
    e.send("go infinite")
    assert not errors(e.ready())
    e.send("quit")
    assert e.proc.wait(timeout=STUCK) == 0


@pytest.mark.parametrize(
    "line", ["position startpos", "setoption name size value 3", "uginewgame", "go nodes 5"]
)
def test_a_line_during_a_search_is_refused_and_changes_nothing(
    engines: list[Engine], line: str
) -> None:
    e = start(engines, "gyre", "--size", "5")
    game = hexarena.new_game("gyre", size=5)
    e.send("position startpos moves c3")
    e.send("go infinite")
    e.send(line)
    during = e.ready()
    word = line.split()[0]
    assert [x for x in errors(during) if word in x], during
    e.send("stop")
    lines = e.read_until(lambda x: x.startswith("bestmove"))
    assert_whole_legal_turn(game, ["c3"], lines)
    assert len([x for x in during + lines if x.startswith("bestmove")]) == 1
    # the position is still c3 (the second player to act), and the board still of side 5
    e.send("query p1turn")
    assert e.read_until(lambda x: x.startswith("response")) == ["response false"]
    e.send("uginewgame")
    e.send("ugi")
    shown = e.read_until(lambda x: x == "ugiok")
    assert "option name size type spin default 5 min 3 max 12" in shown


def test_the_end_of_input_stops_an_infinite_search() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hexarena.cli", "engine", "gyre", "--size", "3"],
        input="position startpos\ngo infinite\n",
        capture_output=True,
        text=True,
        timeout=FIRST_READY,
        check=True,
    )
    lines = proc.stdout.splitlines()
    assert not errors(lines)
    assert_whole_legal_turn(hexarena.new_game("gyre", size=3), [], lines)


def test_go_infinite_takes_no_limit() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "hexarena.cli", "engine", "gyre", "--size", "3"],
        input="go infinite movetime 100\nisready\n",
        capture_output=True,
        text=True,
        timeout=FIRST_READY,
        check=True,
    )
    assert proc.stdout.splitlines() == [
        "info string error go: infinite takes no limit (it searches until stop)",
        "readyok",
    ]
