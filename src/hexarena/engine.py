"""The engine protocol: any hexarena player served on standard input and output.

``hexarena engine GAME [options] [--player NAME] [--seed S]`` reads one command a line and
answers in the manner of UCI/UGI (``docs/engine-protocol.md`` is the full description):

=====================================  ==================================================
``ugi``                                ``id name ...``, ``id author ...``, one ``option``
                                       line per option, then ``ugiok``
``isready``                            ``readyok`` (once the player is prepared)
``setoption name N value V``           set an option (``player``, ``seed`` or a game option;
                                       game options take effect at ``uginewgame``; ``seed``
                                       is a string option: a whole number, or empty for a
                                       fresh random seed)
``uginewgame``                         a new game (with the options set)
``position startpos [moves M1 M2 …]``  the start position, then whole turns in move text
``position continue N [moves …]``      the position held (of N whole turns), then more
``go [movetime MS] [wtime MS btime MS  search and answer ``bestmove MOVE`` (a whole turn)
winc MS binc MS] [nodes N]``
``go infinite``                        search until ``stop``, then answer ``bestmove``
``query gameover|p1turn|result``       ``response true|false`` (``result``: ``p1win``,
                                       ``p2win`` or ``none``)
``stop``                               end the search under way: ``bestmove`` at once
``quit``                               exit (ending any search first)
=====================================  ==================================================

A line that cannot be carried out is answered ``info string error ...`` (bounded in length)
and changes nothing. :func:`serve` runs each search on a thread of its own and goes on reading:
during a search it answers ``isready`` at once, ends the search at ``stop`` and ``quit``, and
refuses every other line (:class:`Search`).
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from .ai import Limit, Player, make_player, player_names
from .ai.base import play_turn
from .ai.mcts import SearchError, check_limit
from .core import Game, HexArenaError, Option, State
from .games import game_class
from .limits import MAX_DIGITS, MAX_THINK_SECONDS, parse_int_text

#: Longest piece of a bad line quoted back in an error message.
QUOTE = 60
#: Longest line read; a longer one is refused whole.
MAX_LINE = 1 << 20
#: Largest seed (the ``seed`` option's range is 0 to this).
MAX_SEED = 2**31 - 1
#: UCI's word for an empty string option: the ``seed`` option without a seed (a fresh random
#: seed for each new player), as ``ugi`` shows it and ``setoption`` takes it.
EMPTY = "<empty>"
#: A number option without a default (Throngs' ``size``) left out, as ``ugi`` shows it and
#: ``setoption`` takes it (the option's own range starts above it).
UNSET_NUMBER = "0"
#: The limit of ``go infinite``: the longest a search may be given, ended by ``stop``.
INFINITE = Limit(seconds=MAX_THINK_SECONDS)
#: Lines read during a search (the others are refused until its ``bestmove``).
DURING_SEARCH = ("isready", "stop", "quit")
#: Seconds ``quit`` (or the end of input) waits for a stopped search to end before exiting.
QUIT_WAIT = 10.0


class ProtocolError(HexArenaError):
    """A protocol line that cannot be carried out."""


def cut(text: str, limit: int = QUOTE) -> str:
    """``text`` cut to ``limit`` characters (with ``...``), on one line."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def whole_number(text: str, needs: str) -> int:
    """``text`` as a whole number (ASCII digits, an optional sign, at most
    :data:`~hexarena.limits.MAX_DIGITS` digits), or :class:`ProtocolError` beginning with
    ``needs`` and naming what is wrong: a number of too many digits is said to be one."""
    try:
        return parse_int_text(text, "number")
    except ValueError:
        digits = text.strip().lstrip("+-")
        longer = digits.isascii() and digits.isdigit()
        why = f" of at most {MAX_DIGITS} digits" if longer else ""
        raise ProtocolError(f"{needs}{why}, not {cut(text)!r}") from None


def not_utf8(line: str) -> str | None:
    """What is wrong with a line whose bytes are not all UTF-8, or None for a good line.

    The line is read with such bytes kept as escapes (``errors="surrogateescape"``, see
    :func:`serve`); the first one is named, with the text before it.
    """
    if line.isascii():
        return None
    for i, ch in enumerate(line):
        if "\udc80" <= ch <= "\udcff":
            where = f"after {line[max(0, i - 40) : i]!r}" if i else "at its start"
            byte = ord(ch) - 0xDC00
            return f"the line is not UTF-8 text (byte 0x{byte:02x} {where}); it was ignored"
    return None


def limit_from_go(words: list[str], white_to_move: bool) -> Limit:
    """The thinking limit of a ``go`` command's arguments (``words`` after ``go``).

    ``movetime MS`` gives the time for this turn; ``wtime``/``btime`` (with ``winc``/``binc``)
    the clock of the first and second player, of which a twentieth plus the increment is spent;
    ``nodes N`` a number of search iterations a decision. Without any, the player's own default.
    ``infinite`` alone gives :data:`INFINITE` (the search ends at ``stop``).
    """
    if any(w.lower() == "infinite" for w in words):
        if len(words) > 1:
            raise ProtocolError("go: infinite takes no limit (it searches until stop)")
        return INFINITE
    values: dict[str, int] = {}
    i = 0
    known = ("movetime", "wtime", "btime", "winc", "binc", "nodes", "movestogo", "infinite")
    while i < len(words):
        key = words[i].lower()
        if key not in known:
            raise ProtocolError(
                f"go: unknown argument {cut(words[i])!r} (known: {', '.join(known)})"
            )
        if key in values:
            raise ProtocolError(f"go: {key} given twice")
        if i + 1 >= len(words):
            raise ProtocolError(f"go: {key} needs a number")
        v = whole_number(words[i + 1], f"go: {key} needs a whole number")
        if v < 0 or (key in ("movetime", "nodes") and v == 0):
            raise ProtocolError(f"go: {key} must be positive, not {v}")
        values[key] = v
        i += 2
    seconds: float | None = None
    if "movetime" in values:
        seconds = values["movetime"] / 1000
    else:
        clock = values.get("wtime" if white_to_move else "btime")
        if clock is not None:
            inc = values.get("winc" if white_to_move else "binc", 0)
            togo = max(1, values.get("movestogo", 20))
            seconds = max(0.001, (clock / togo + inc) / 1000)
    limit = Limit(seconds=seconds, iterations=values.get("nodes"))
    try:
        check_limit(limit)
    except SearchError as exc:
        raise ProtocolError(f"go: {exc}") from None
    return limit


@dataclass
class EngineSession:
    """The state of one engine conversation: game options, player, and the position."""

    game_name: str
    options: dict[str, Any]
    player_name: str = "mcts"
    seed: int | None = None
    write: Callable[[str], None] = print
    game: Game = field(init=False)
    state: State = field(init=False)
    player: Player = field(init=False)
    #: Whole turns in the position (what ``position continue N`` must name).
    turns: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        #: Set by ``stop`` (and ``quit``) to end the search under way (:meth:`Player.watch`).
        self.stop = threading.Event()
        self.cls = game_class(self.game_name)
        self._pending = dict(self.options)
        self.new_game()

    # -- commands ------------------------------------------------------
    def new_game(self) -> None:
        """Build the game with the options set and a fresh player (prepared later, by
        :meth:`ready`)."""
        game = self.cls(**self._pending)
        self.game = game
        self._new_player()
        self.options = dict(self._pending)
        self.state = game.new_initial_state()
        self.turns = 0  # whole turns in the position (for ``position continue``)

    def _new_player(self) -> None:
        self.player = make_player(self.player_name, seed=self.seed)
        if isinstance(self.player, Player):
            self.player.watch(self.stop)
        self._prepared = False

    def ready(self) -> None:
        """Prepare the player for the game (compiling or loading its search can take seconds,
        more on a machine that has never run it): done at ``isready`` and before a search, so
        that ``ugi`` is answered at once."""
        if not self._prepared:
            self.player.prepare(self.game)
            self._prepared = True

    def option_lines(self) -> list[str]:
        """The ``option`` lines of the ``ugi`` answer: each option's value as set, the game's
        options for the next ``uginewgame`` (the game under way keeps its own), as the player
        and the seed are shown as set."""
        lines = [
            f"option name player type combo default {self.player_name} "
            + " ".join(f"var {n}" for n in player_names()),
            f"option name seed type string default {EMPTY if self.seed is None else self.seed}",
            "option name incremental type check default false",
        ]
        for o in self.cls.option_specs:
            lines.append(_option_line(o, self._pending.get(o.name)))
        return lines

    def set_option(self, words: list[str]) -> None:
        """``setoption name N value V`` (the value may hold spaces)."""
        if len(words) < 2 or words[0].lower() != "name":
            raise ProtocolError("setoption: write setoption name NAME value VALUE")
        low = [w.lower() for w in words]
        if "value" in low[1:]:
            k = low.index("value", 1)
            name, value = " ".join(words[1:k]), " ".join(words[k + 1 :])
        else:
            name, value = " ".join(words[1:]), ""
        key = name.strip().lower().replace("-", "_")
        if key == "game":
            if value.strip().lower().replace("_", "-") != self.cls.name:
                raise ProtocolError(
                    f"setoption: this engine plays {self.cls.name}, not {cut(value)!r}"
                )
            return
        if key == "incremental":  # ``position continue`` is always understood
            if value.strip().lower() not in ("true", "false"):
                raise ProtocolError(f"setoption: incremental is true or false, not {cut(value)!r}")
            return
        if key == "player":
            if value.strip().lower() not in player_names():
                raise ProtocolError(
                    f"setoption: there is no player {cut(value)!r}; the players are: "
                    f"{', '.join(player_names())}"
                )
            self.player_name = value.strip().lower()
            self._new_player()
            return
        if key == "seed":
            if value.strip() in ("", EMPTY):  # no seed: the player is seeded afresh
                self.seed = None
                self._new_player()
                return
            seed = whole_number(value, "setoption: seed is a whole number")
            if not 0 <= seed <= MAX_SEED:
                raise ProtocolError(f"setoption: seed is 0 to {MAX_SEED}, not {cut(str(seed))}")
            self.seed = seed
            self._new_player()
            return
        specs = {o.name: o for o in self.cls.option_specs}
        if key not in specs:
            known = ", ".join(["player", "seed", "incremental", *specs])
            raise ProtocolError(f"setoption: no option {cut(name)!r} (options: {known})")
        o = specs[key]
        pending = dict(self._pending)
        if o.default is None and value.strip() in _unset_words(o):
            pending.pop(key, None)
        else:
            pending[key] = o.parse(value if o.kind != "flag" or value.strip() else "yes")
        try:
            self.cls.parse_options(pending)  # refuse a bad combination now, changing nothing
        except HexArenaError:
            if key not in pending or pending[key] != o.default:
                raise
            # a default that the other options exclude is that option left out (Churn's
            # size 3 beside sides, as a host sends every option's default back)
            del pending[key]
            self.cls.parse_options(pending)
        self._pending = pending

    def set_position(self, words: list[str]) -> None:
        """``position startpos [moves ...]`` (the whole game) or ``position continue N [moves
        ...]`` (the turns after the N the position holds): all the moves are checked before
        anything changes."""
        form = words[0].lower() if words else ""
        if form not in ("startpos", "continue"):
            raise ProtocolError(
                "position: write position startpos [moves M1 M2 ...] "
                "or position continue N [moves M1 M2 ...]"
            )
        rest = words[1:]
        if form == "continue":
            if not rest:
                raise ProtocolError("position: continue needs the number of turns played")
            held = whole_number(rest[0], "position: continue needs a whole number of turns")
            if held != self.turns:
                raise ProtocolError(
                    f"position: continue {cut(str(held), 40)}, but the position holds "
                    f"{self.turns} turn{'' if self.turns == 1 else 's'} (send position startpos "
                    "moves ... with the whole game)"
                )
            rest = rest[1:]
        if rest and rest[0].lower() != "moves":
            raise ProtocolError(f"position: expected 'moves' after {form}, not {cut(rest[0])!r}")
        moves = rest[1:]
        if form == "startpos":
            st = self.game.new_initial_state()
            first = 1
        else:
            # changed in place, taken back on an error (a copy costs the whole game, and a
            # rewind replays from a checkpoint)
            st = self.state
            first = self.turns + 1
        with st.trial(keep=True):
            for i, m in enumerate(moves, start=first):
                try:
                    st.apply_move(m)
                except HexArenaError as exc:
                    raise ProtocolError(
                        f"position: move {i} ({cut(m, 30)}): {cut(str(exc), 200)}"
                    ) from None
        self.state = st
        self.turns = first - 1 + len(moves)

    def go(self, words: list[str]) -> str:
        """Search and return the ``bestmove`` line; ``info`` lines are written on the way.
        Here the search ends at its limit only: ``go infinite`` needs :func:`serve`, which
        reads ``stop`` during it."""
        limit = self.start_go(words)
        if limit is INFINITE:
            raise ProtocolError("go: infinite needs a reader of stop during the search (serve)")
        return self.search(limit)

    def start_go(self, words: list[str]) -> Limit:
        """Check a ``go`` line and prepare the player; return the search's limit (to pass to
        :meth:`search`). Raises :class:`ProtocolError` before anything starts."""
        if self.state.is_terminal():
            raise ProtocolError("go: the game is over")
        limit = limit_from_go(words, self.state.current_player == 0)
        self.ready()
        self.stop.clear()
        return limit

    def search(self, limit: Limit) -> str:
        """Choose a whole turn within ``limit`` (or until :attr:`stop` is set) and return the
        ``bestmove`` line, writing an ``info`` line first."""
        if limit.seconds is None and limit.iterations is None:
            limit_arg: Limit | None = None
        else:
            limit_arg = limit
        t0 = time.perf_counter()
        if limit_arg is INFINITE:
            actions = self.player.choose_turn(self.state, INFINITE)
        elif limit_arg is not None and limit_arg.seconds is not None:
            actions = self._timed_turn(limit_arg.seconds, limit_arg.iterations)
        else:
            actions = self.player.choose_turn(self.state, limit_arg)
        ms = int((time.perf_counter() - t0) * 1000)
        stats = getattr(self.player, "last_stats", None) or {}
        extra = "".join(
            f" {k} {stats[k]}" for k in ("iterations", "nodes") if isinstance(stats.get(k), int)
        )
        self.write(f"info time {ms}{extra} string {self.player_name}")
        return f"bestmove {self.game.move_text(actions)}"

    def _timed_turn(self, seconds: float, iterations: int | None) -> list[int]:
        """A whole turn within ``seconds``: each decision may take half of the time left, so a
        turn of one decision takes half (as a reply to ``go movetime``) and one of several, all
        told, less than the whole."""
        deadline = time.perf_counter() + seconds

        def choose(st: State) -> int:
            left = max(deadline - time.perf_counter(), 0.002)
            return self.player.choose(st, Limit(seconds=left / 2, iterations=iterations))

        return play_turn(self.state, choose)

    def query(self, words: list[str]) -> str:
        """``query gameover|p1turn|result``."""
        what = words[0].lower() if words else ""
        st = self.state
        if what == "gameover":
            return f"response {'true' if st.is_terminal() else 'false'}"
        if what == "p1turn":
            return f"response {'true' if st.current_player == 0 else 'false'}"
        if what == "result":
            o = st.outcome()
            return f"response {'none' if o is None else ('p1win' if o.winner == 0 else 'p2win')}"
        raise ProtocolError(f"query: ask gameover, p1turn or result, not {cut(what)!r}")

    # -- one line ----------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Carry out one line; return False after ``quit``."""
        if len(line) > MAX_LINE:
            self.write(f"info string error a line of {len(line)} characters is too long")
            return True
        words = line.split()
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        try:
            if cmd == "ugi":
                self.write(f"id name hexarena {self.game.name} {self.player_name}")
                self.write("id author hexarena")
                for ol in self.option_lines():
                    self.write(ol)
                self.write("ugiok")
            elif cmd == "isready":
                self.ready()
                self.write("readyok")
            elif cmd == "setoption":
                self.set_option(args)
            elif cmd == "uginewgame":
                self.new_game()
            elif cmd == "position":
                self.set_position(args)
            elif cmd == "go":
                self.write(self.go(args))
            elif cmd == "query":
                self.write(self.query(args))
            elif cmd == "stop":
                pass
            elif cmd == "quit":
                return False
            else:
                raise ProtocolError(
                    f"unknown command {cut(words[0])!r} (commands: ugi, isready, setoption, "
                    "uginewgame, position, go, query, stop, quit)"
                )
        except HexArenaError as exc:
            self.write(f"info string error {cut(str(exc), 300)}")
        return True


def _unset_words(o: Option) -> tuple[str, ...]:
    """The values that leave out an option without a default: empty, UCI's ``<empty>``, and
    ``0`` for a number (its ``ugi`` line's default; such an option's minimum is above 0)."""
    return ("", EMPTY, UNSET_NUMBER) if o.kind == "int" else ("", EMPTY)


def _option_line(o: Option, value: Any) -> str:
    """The ``option`` line of a game option, whose default is the value set (or the game's
    default): a value the engine takes back, so that a host may send every default as shown.
    An option left out is shown as UCI's ``<empty>`` (a string), or ``0`` (a number)."""
    current = value if value is not None else o.default
    if o.kind == "flag":
        return f"option name {o.name} type check default {'true' if current else 'false'}"
    if o.kind == "int" and o.choices is None:
        least: int | None = o.minimum
        shown = o.format(current)
        if current is None:
            assert least is not None and least > int(UNSET_NUMBER), o
            shown, least = UNSET_NUMBER, int(UNSET_NUMBER)
        lo = "" if least is None else f" min {least}"
        hi = "" if o.maximum is None else f" max {o.maximum}"
        return f"option name {o.name} type spin default {shown}{lo}{hi}"
    shown = o.format(current) or EMPTY
    if o.choices is not None:
        return f"option name {o.name} type combo default {shown} " + " ".join(
            f"var {c}" for c in o.choices
        )
    return f"option name {o.name} type string default {shown}"


class Search:
    """The search of one ``go`` at a time, run on a thread while :func:`serve` reads on.

    During a search ``isready`` is answered at once, ``stop`` ends it (its ``bestmove`` is
    written before the next line is read) and every other line is refused with an error line
    naming it, as UCI engines do: the position, the options and the search stay as they were.
    """

    def __init__(self, session: EngineSession, write: Callable[[str], None]) -> None:
        self.session = session
        self.write = write
        self.thread: threading.Thread | None = None
        self.infinite = False
        self._lock = threading.Lock()
        self._busy = False

    @property
    def busy(self) -> bool:
        """Whether a search is under way (until just before its ``bestmove`` is written)."""
        with self._lock:
            return self._busy

    def start(self, words: list[str]) -> None:
        """Check a ``go`` line and start its search (or raise :class:`ProtocolError`)."""
        self.join()  # the thread of the last search, which has written its bestmove
        limit = self.session.start_go(words)
        self.infinite = limit is INFINITE
        with self._lock:
            self._busy = True
        self.thread = threading.Thread(target=self._run, args=(limit,), daemon=True)
        self.thread.start()

    def _run(self, limit: Limit) -> None:
        try:
            line = self.session.search(limit)
            if limit is INFINITE:  # as UCI asks: no bestmove before the stop, however sure
                self.session.stop.wait()
        except HexArenaError as exc:
            line = f"info string error go: {cut(str(exc), 300)}"
        except Exception as exc:  # any other failure: the host must hear of it, not wait
            line = f"info string error go: {type(exc).__name__}: {cut(str(exc), 300)}"
        with self._lock:  # not busy before the bestmove is out: the host's next line is read
            self._busy = False
            self.write(line)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the search's thread to end."""
        if self.thread is not None:
            self.thread.join(timeout)
            if not self.thread.is_alive():
                self.thread = None

    def stop(self, timeout: float | None = None) -> None:
        """End the search under way (if any) and wait for its ``bestmove``."""
        self.session.stop.set()
        self.join(timeout)

    def during(self, line: str) -> bool:
        """Carry out a line read during a search; return False after ``quit``."""
        words = line.split()
        cmd = words[0].lower() if words else ""
        if not words:
            return True
        if cmd == "isready":
            self.write("readyok")
        elif cmd == "stop":
            self.stop()
        elif cmd == "quit":
            self.stop(QUIT_WAIT)
            return False
        else:
            self.write(
                f"info string error {cut(words[0])}: refused during a search (send stop "
                f"first; a search reads only {', '.join(DURING_SEARCH)})"
            )
        return True


def serve(
    game: Game, *, player: str = "mcts", seed: int | None = None, inp: TextIO, out: TextIO
) -> int:
    """Answer protocol lines from ``inp`` on ``out`` until ``quit`` or the end of input (which
    waits for a bounded search's ``bestmove`` and stops an infinite one).

    A decoding stream (standard input) is set to keep bytes that are not UTF-8 as escapes, so
    that such a line is answered as an error (:func:`not_utf8`) instead of stopping the engine,
    whatever the locale.
    """
    if isinstance(inp, io.TextIOWrapper) and inp.errors != "surrogateescape":
        inp.reconfigure(errors="surrogateescape")
    out_lock = threading.Lock()

    def write(text: str) -> None:
        with out_lock:
            out.write(text + "\n")
            out.flush()

    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ProtocolError(f"the seed is 0 to {MAX_SEED}, not {cut(str(seed))}")
    if player.strip().lower() not in player_names():
        raise ProtocolError(
            f"there is no player called {player!r}; the players are: {', '.join(player_names())}"
        )
    specs = {o.name: o for o in game.option_specs}
    given = {k: v for k, v in game.options.items() if v != specs[k].default}
    session = EngineSession(
        game.name, given, player_name=player.strip().lower(), seed=seed, write=write
    )
    search = Search(session, write)
    while True:
        line = inp.readline(MAX_LINE + 1)
        if not line:
            if search.busy and search.infinite:
                search.stop(QUIT_WAIT)
            search.join()
            return 0
        if len(line) > MAX_LINE:  # skip the rest of an over-long line
            while line and not line.endswith("\n"):
                line = inp.readline(MAX_LINE + 1)
            write("info string error a line longer than 1 MiB was refused")
            continue
        bad = not_utf8(line)
        if bad:
            write(f"info string error {bad}")
            continue
        if search.busy:
            if not search.during(line):
                return 0
            continue
        words = line.split()
        if words and words[0].lower() == "go":
            try:
                search.start(words[1:])
            except HexArenaError as exc:
                write(f"info string error {cut(str(exc), 300)}")
            continue
        if not session.handle(line):
            search.join(QUIT_WAIT)
            return 0


__all__ = [
    "INFINITE",
    "EngineSession",
    "ProtocolError",
    "Search",
    "cut",
    "limit_from_go",
    "not_utf8",
    "serve",
    "whole_number",
]
