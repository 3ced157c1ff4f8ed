"""External engines as players: ``engine:COMMAND`` in matches and tournaments.

An :class:`EnginePlayer` starts ``COMMAND`` (split like a shell command line, run without a
shell) for each game and talks to it by the engine protocol (``docs/engine-protocol.md``):
``ugi``/``ugiok``, ``setoption`` for each game option, ``uginewgame``, ``isready``/``readyok``,
then for each of its turns ``isready`` (reading past whatever it wrote before its ``readyok``:
an answer no one asked for is not taken for the next), the position and ``go`` with the
match's limit (``movetime`` for a time limit, ``nodes`` for an iteration limit), waiting for
``bestmove``. The position is the
whole game, ``position startpos moves ...``, or to an engine that offers the option
``incremental``, the turns since the last position sent, ``position continue N moves ...``;
every line within the protocol's bound of 1 MiB (:data:`MAX_POSITION`).

The engine forfeits the game (:class:`EngineForfeit`, which the match records as a loss with its
reason) when it crashes or closes its output, does not answer in time (the time limit plus a
grace period, or :data:`DEFAULT_TIMEOUT` a turn without a time limit) or does not read a line
sent to it within :data:`SEND_TIMEOUT`, refuses the game or one
of its options (an ``info string error`` line before its ``readyok``) or a position (such a line
before its ``bestmove``), answers a move that is not a legal whole turn, or cannot be sent the
game (it does not offer ``position continue`` and the whole game no longer fits a line). Its
``info`` lines are kept (:attr:`EnginePlayer.comments`) for the game's record.

At the end of a game the engine is sent ``quit`` and, if it has not ended 2 s later, killed
with every process it started. Started from the main thread, it is also killed by the kernel
when the host process ends, however it ends (:func:`hexarena.processes.child_dies_with_this_process`
says why not from other threads).
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import selectors
import shlex
import subprocess
import threading
import time
from typing import Any

from .ai import Limit, Player
from .core import Game, GameOverError, HexArenaError, State
from .processes import child_dies_with_this_process, kill_families

PREFIX = "engine:"
#: Seconds an engine may take for a turn when the match gives no time limit.
DEFAULT_TIMEOUT = 30.0
#: Seconds an engine may take beyond its time limit (process start-up, pipes).
GRACE = 2.0
#: Seconds for ``ugi`` to ``ugiok``.
STARTUP_TIMEOUT = 20.0
#: Seconds an engine may take to read a line sent to it (an engine that stops reading its input
#: fills the pipe, and a longer line would wait for ever).
SEND_TIMEOUT = 30.0
#: Seconds for ``isready`` to ``readyok``, where an engine loads or compiles what it needs
#: (hexarena's own engine compiles its search for a board it has not played before: 10 to 20 s
#: on an idle machine, more under load).
READY_TIMEOUT = 300.0
#: Most ``info`` lines kept for a game, and longest kept line.
MAX_COMMENTS = 1000
MAX_COMMENT = 200
#: Lines of an engine's error output kept to say why it crashed.
STDERR_LINES = 3
#: Longest engine line kept (characters); the rest of a longer line is dropped.
MAX_LINE = 1 << 20
#: Most engine lines read ahead of the host (at most this many times :data:`MAX_LINE`
#: characters held): an engine that writes more waits, as on a full pipe.
MAX_QUEUED = 64
#: Longest line sent to an engine (characters, the newline included): the protocol's bound,
#: past which an engine refuses a line whole.
MAX_POSITION = 1 << 20
#: The engine option by which an engine offers ``position continue N moves ...``.
INCREMENTAL = "incremental"
#: The words that begin an engine's error line.
_ERROR = ["info", "string", "error"]


class EngineForfeit(HexArenaError):
    """An engine lost the game by crashing, timing out or sending an illegal move."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind  # "crash", "timeout", "illegal", "refused" or "too long"


def is_engine(name: str) -> bool:
    """Whether a player name is ``engine:COMMAND``."""
    return name.strip().lower().startswith(PREFIX)


def engine_command(name: str) -> list[str]:
    """The command line of ``engine:COMMAND``; refuses an empty or unreadable one."""
    text = name.strip()[len(PREFIX) :].strip()
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise HexArenaError(f"engine command {text[:80]!r} cannot be read: {exc}") from None
    if not argv:
        raise HexArenaError("engine: needs a command, like engine:'./my-engine --fast'")
    return argv


def _end(proc: subprocess.Popen[str]) -> None:
    """End an engine process that is still running, with every process it started (a
    ``sleep`` of a hung shell script, the engine behind a wrapper, which would otherwise run
    on), then reap it. The engine stays in the host's process group, so that Ctrl-C at the
    terminal reaches it as before."""
    if proc.poll() is None:
        kill_families([proc.pid])
    proc.wait()


def _writable(fd: int, seconds: float) -> bool:
    """Whether the pipe ``fd`` has room to write within ``seconds`` (an engine reads its input)."""
    if seconds <= 0:
        return False
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_WRITE)
        return bool(sel.select(seconds))


class EnginePlayer(Player):
    """A player whose turns come from an external engine process."""

    name = "engine"

    def __init__(
        self, command: str, seed: int | None = None, *, timeout: float = DEFAULT_TIMEOUT
    ) -> None:
        super().__init__(seed)
        self.argv = engine_command(command if is_engine(command) else PREFIX + command)
        self.timeout = timeout
        self.comments: list[str] = []
        self.proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue(MAX_QUEUED)
        #: The last lines the engine wrote to its error output (shown when it crashes).
        self._stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        #: The thread that reads the error output (None before the engine starts).
        self._stderr_reader: threading.Thread | None = None
        self.game: Game | None = None
        #: Whether the engine offered ``position continue`` (its option ``incremental``).
        self.incremental = False
        #: The position last sent: actions, the actions of its last turn, and whole turns.
        self._sent: tuple[int, list[int], int] | None = None
        #: The last ``info string error`` line read (checked after each ``bestmove``).
        self._error: str | None = None
        #: Whether a write to the engine waits on its full input (it stopped reading).
        self._stuck = False
        #: Characters sent in ``position`` lines this game (newlines included), and lines.
        self.position_chars = 0
        self.position_lines = 0

    # -- process ----------------------------------------------------------
    def _start(self) -> None:
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",  # bytes that are not UTF-8 must not stop the reader
                bufsize=1,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                # killed when this process ends, however it ends (started from the main
                # thread only: see processes.child_dies_with_this_process)
                preexec_fn=child_dies_with_this_process(),
            )
        except OSError as exc:
            raise EngineForfeit(f"the engine could not start: {exc}", "crash") from None
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)  # see _send
        # this process's own queue: the reader of the last game's process may still put its
        # last lines and its end of output (None) into that one's
        self._lines = queue.Queue(MAX_QUEUED)
        threading.Thread(target=self._reader, args=(self.proc, self._lines), daemon=True).start()
        self._stderr_tail = collections.deque(maxlen=STDERR_LINES)  # this process's own
        self._stderr_reader = threading.Thread(
            target=self._read_stderr, args=(self.proc, self._stderr_tail), daemon=True
        )
        self._stderr_reader.start()

    @staticmethod
    def _read_stderr(proc: subprocess.Popen[str], tail: collections.deque[str]) -> None:
        """Keep the last :data:`STDERR_LINES` lines the engine writes to its error output
        (each cut to :data:`MAX_COMMENT` characters), to say why it crashed; the rest is read
        and dropped, so that the engine never blocks on a full pipe."""
        err = proc.stderr
        assert err is not None
        with contextlib.suppress(OSError, ValueError):
            while True:
                line = err.readline(MAX_LINE)
                if not line:
                    break
                if line.strip():
                    tail.append(line.strip()[:MAX_COMMENT])

    def _crash_output(self) -> str:
        """The engine's last lines of error output, as the end of a crash's reason."""
        if self._stderr_reader is not None:
            self._stderr_reader.join(1)
        if not self._stderr_tail:
            return ""
        return "; its last error output: " + " | ".join(self._stderr_tail)

    def _reader(
        self, proc: subprocess.Popen[str], lines: queue.Queue[str | None] | None = None
    ) -> None:
        """Queue the engine's lines into ``lines`` (default: the player's queue), each cut to
        :data:`MAX_LINE` characters (the rest of a longer line is read and dropped), then
        ``None`` at the end of its output."""
        lines = self._lines if lines is None else lines
        out = proc.stdout
        assert out is not None
        while True:
            line = out.readline(MAX_LINE)
            if not line:
                break
            if not line.endswith("\n"):  # cut: skip the rest of the line
                rest = line
                while rest and not rest.endswith("\n"):
                    rest = out.readline(MAX_LINE)
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    def _send(self, line: str) -> None:
        """Write a line to the engine, waiting at most :data:`SEND_TIMEOUT` seconds in all for
        room in its input: the pipe is written without blocking (set so at the start), so that
        an engine that no longer reads its input forfeits (``"timeout"``) instead of holding
        the host for ever, and a line that fits is written at once, with no thread."""
        assert self.proc is not None and self.proc.stdin is not None
        stdin = self.proc.stdin
        data = memoryview((line + "\n").encode("utf-8", "replace"))
        deadline = time.monotonic() + SEND_TIMEOUT
        try:
            fd = stdin.fileno()
            while data:
                try:
                    data = data[os.write(fd, data) :]
                except BlockingIOError:  # the pipe is full: wait for the engine to read
                    if not _writable(fd, deadline - time.monotonic()):
                        break
        except (BrokenPipeError, OSError, ValueError):
            raise self._crashed("its input is closed") from None
        if data:
            self._stuck = True
            raise EngineForfeit(
                f"the engine did not read its input within {SEND_TIMEOUT:g} s (a line of "
                f"{len(line) + 1:,} characters)",
                "timeout",
            )

    def _crashed(self, otherwise: str) -> EngineForfeit:
        """The forfeit of an engine found gone (its input or output closed): its exit status
        (waited for a second) or else ``otherwise``, then its last error output."""
        code = None
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = self.proc.wait(timeout=1)
        return EngineForfeit(
            "the engine crashed"
            + (f" (exit status {code})" if code is not None else f" ({otherwise})")
            + self._crash_output(),
            "crash",
        )

    def _wait_for(self, word: str, seconds: float, seen: list[str] | None = None) -> str:
        """Read lines until one starting with ``word``; keep ``info`` lines as comments (and
        every line in ``seen``, when given)."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineForfeit(
                    f"the engine did not answer {word!r} within {seconds:g} s", "timeout"
                )
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise self._crashed("closed its output")
            if seen is not None:
                seen.append(line)
            first = line.split(maxsplit=1)[0] if line.strip() else ""
            if line.split()[:3] == _ERROR:
                self._error = line[:MAX_COMMENT]
            if first == "info" and len(self.comments) < MAX_COMMENTS:
                self.comments.append(line[:MAX_COMMENT])
            if first == word:
                return line

    def close(self) -> None:
        """Ask the engine to quit, and end it if it does not."""
        proc = self.proc
        self.proc = None
        if proc is None:
            return
        if self._stuck:  # a write waits on its full input: it reads nothing more, quit included
            self._stuck = False
            _end(proc)
            self._drain(self._lines)
            return
        try:
            if proc.stdin is not None:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
                proc.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=2)
        _end(proc)
        self._drain(self._lines)

    @staticmethod
    def _drain(lines: queue.Queue[str | None]) -> None:
        """Read and drop the lines of an ended process up to its end of output, so that its
        reader, which may wait on the full queue, reads to the end and ends (at most 2 s)."""
        deadline = time.monotonic() + 2
        while (left := deadline - time.monotonic()) > 0:
            try:
                if lines.get(timeout=left) is None:
                    return
            except queue.Empty:
                return

    # -- the player interface ------------------------------------------------
    def prepare(self, game: Game) -> None:
        """Start the engine and tell it the game and its options (forfeits are raised at its
        first turn, so that the match records them)."""
        self.game = game
        self._startup_error: EngineForfeit | None = None
        self._sent = None  # the engine holds the start position after uginewgame
        try:
            self._start()
            self._send("ugi")
            answer: list[str] = []
            self._wait_for("ugiok", STARTUP_TIMEOUT, answer)
            self.incremental = any(
                w[:3] == ["option", "name", INCREMENTAL] for w in (a.split() for a in answer)
            )
            start = len(self.comments)
            for line in setoption_lines(game):
                self._send(line)
            if self.incremental:
                self._send(f"setoption name {INCREMENTAL} value true")
            self._send("uginewgame")
            self._send("isready")
            self._wait_for("readyok", READY_TIMEOUT)
            refused = [c for c in self.comments[start:] if c.split()[:3] == _ERROR]
            if refused:  # it would play another game, or another board
                raise EngineForfeit(
                    f"the engine refused the game or its options: {refused[0]}", "refused"
                )
        except EngineForfeit as exc:
            self._startup_error = exc

    def choose_turn(self, state: State, limit: Limit | None = None) -> list[int]:
        """Ask the engine for a whole turn; raise :class:`EngineForfeit` if it fails."""
        if state.is_terminal():
            raise GameOverError("the game is over")
        if self.proc is None or self.game is None:
            self.prepare(state.game)
        if self._startup_error is not None:
            raise self._startup_error
        go = ["go"]
        wait = self.timeout
        if limit is not None and limit.seconds is not None:
            go.append(f"movetime {max(1, round(limit.seconds * 1000))}")
            wait = limit.seconds + GRACE
        # whatever the engine wrote before now (a bestmove no one asked for, a second answer
        # to the last go) comes before the readyok of this isready, and is read past
        self._send("isready")
        self._wait_for("readyok", wait)
        self._error = None
        for line in self._position_lines(state):
            self._send(line)
            self.position_chars += len(line) + 1
            self.position_lines += 1
        if limit is not None and limit.iterations is not None:
            go.append(f"nodes {limit.iterations}")
        self._send(" ".join(go))
        words = self._wait_for("bestmove", wait).split()[1:]
        if self._error is not None:  # it plays from some other position
            raise EngineForfeit(
                f"the engine refused the position or the go: {self._error}", "refused"
            )
        if len(words) == 3 and words[1] == "ponder":  # UCI's bestmove MOVE ponder MOVE2
            words = words[:1]
        text = " ".join(words)
        # the move is tried on ``state`` and taken back: a copy costs the whole game, and a
        # rewind replays from a checkpoint
        try:
            if not text:
                raise HexArenaError("no move given")
            with state.trial():
                actions = state.apply_move(text)
        except HexArenaError as exc:
            raise EngineForfeit(
                f"the engine sent an illegal move {text[:40]!r}: {str(exc)[:200]}", "illegal"
            ) from None
        return actions

    def _position_lines(self, state: State) -> list[str]:
        """The ``position`` lines that bring the engine to ``state``: the turns since the
        position last sent (``position continue``) when the engine offers that form and
        ``state`` goes on from it, else the whole game; each line within
        :data:`MAX_POSITION`. Raises :class:`EngineForfeit` (``"too long"``) when the whole
        game does not fit in one line and the engine offers no other form."""
        new = self._turns_since_sent(state)
        if new is not None:
            assert self._sent is not None
            held = self._sent[2]
            lines = position_lines([state.game.move_text(t) for t in new], held, MAX_POSITION)
            if new:
                self._sent = (state.ply, new[-1], held + len(new))
            return lines
        texts = state.move_texts()
        if self.incremental:
            lines = position_lines(texts, None, MAX_POSITION)
        else:
            line = "position startpos" + (f" moves {' '.join(texts)}" if texts else "")
            if len(line) + 1 > MAX_POSITION:
                raise EngineForfeit(
                    f"the game is too long for the engine: the position of {len(texts):,} "
                    f"turns takes a line of {len(line) + 1:,} characters, over the "
                    f"protocol's {MAX_POSITION:,}, and the engine does not offer "
                    f"'position continue' (option {INCREMENTAL})",
                    "too long",
                )
            lines = [line]
        if self.incremental:
            self._sent = (state.ply, state.last_turn(), len(texts))
        return lines

    def _turns_since_sent(self, state: State) -> list[list[int]] | None:
        """The whole turns of ``state`` after the position last sent, or ``None`` when the
        engine does not offer ``position continue`` or ``state`` does not go on from that
        position (another game, or a turn under way). Costs the new turns only: the position
        sent is recognised by its number of actions and the actions of its last turn."""
        if not self.incremental or self._sent is None or state.game != self.game:
            return None
        ply, last, _ = self._sent
        if not len(last) <= ply <= state.ply or state.turn_actions:
            return None
        try:
            turns = state.turns_from(ply - len(last))
        except HexArenaError:
            return None
        if not last:
            return turns
        return turns[1:] if turns and turns[0] == last else None

    def choose(self, state: State, limit: Limit | None = None) -> int:
        """The first action of the engine's turn (prefer :meth:`choose_turn`)."""
        return self.choose_turn(state, limit)[0]

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # interpreter shutdown
            self.close()


def setoption_lines(game: Game) -> list[str]:
    """The ``setoption`` lines that tell an engine the game and its options: the game's record
    tags (what shapes it, China Grove's board included), a check option written as UCI's
    ``true`` or ``false``."""
    specs = {o.name: o for o in game.option_specs}
    lines = [f"setoption name game value {game.name}"]
    for k, v in game.record_tags().items():
        if v == "":
            continue
        o = specs.get(k)
        if o is not None and o.kind == "flag":
            v = "true" if o.parse(v) else "false"
        lines.append(f"setoption name {k} value {v}")
    return lines


def position_lines(texts: list[str], held: int | None, bound: int) -> list[str]:
    """The ``position`` lines that play the turns ``texts``: from the start position
    (``held`` is ``None``: ``position startpos moves ...``, then ``position continue`` lines
    for what does not fit) or after the ``held`` turns an engine holds (``position continue
    N moves ...``), each line at most ``bound`` characters with its newline."""
    lines: list[str] = []
    i = 0
    done = held
    while True:
        head = "position startpos" if done is None else f"position continue {done}"
        words = [head]
        size = len(head) + 1
        if i < len(texts):
            words.append("moves")
            size += len(" moves")
        start = i
        while i < len(texts) and size + 1 + len(texts[i]) <= bound:
            words.append(texts[i])
            size += 1 + len(texts[i])
            i += 1
        if i == start and i < len(texts):
            raise HexArenaError(f"a move of {len(texts[i]):,} characters does not fit a line")
        lines.append(" ".join(words) if i > start else head)
        done = (done or 0) + (i - start)
        if i >= len(texts):
            return lines


def make_engine(name: str, seed: int | None = None, **kwargs: Any) -> EnginePlayer:
    """The player of ``engine:COMMAND``."""
    return EnginePlayer(name, seed, **kwargs)


__all__ = [
    "DEFAULT_TIMEOUT",
    "MAX_POSITION",
    "PREFIX",
    "READY_TIMEOUT",
    "STARTUP_TIMEOUT",
    "EngineForfeit",
    "EnginePlayer",
    "engine_command",
    "is_engine",
    "make_engine",
    "position_lines",
]
