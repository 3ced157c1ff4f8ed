"""The ``hexarena`` command line: play, selfplay, replay, board and games.

Every game option is a command-line option of the same name (``--size 5``, ``--sides 3,4,3,4,3,4``,
``--no_stalling``; ``-`` and ``_`` are interchangeable in option names).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from .ai import player_names
from .cliargs import (
    MAX_GAMES,
    MAX_SEED,
    CliError,
    OneLineParser,
    bounds_text,
    progress_bar,
    records_folder,
    saying_when_compiling,
    whole_number,
    with_bounds,
)
from .core import Game, HexArenaError, Option
from .engine import MAX_SEED as ENGINE_MAX_SEED
from .games import GAME_MODULES, game_class, game_names
from .limits import cut

# ---------------------------------------------------------------- game options


def option_help(text: str, default: str, flag: bool) -> str:
    """An option's help with its default, unless the help already says it (Throngs' ``size``:
    "default 5" on hex boards, none otherwise); a flag is off unless given."""
    if flag:
        return f"{text} (a flag: off unless given)"
    if "default" in text:
        return text
    return f"{text} (default {default})"


def game_option_help(o: Option) -> str:
    """A game option's help as ``games`` and each command's help give it: what it is, its
    bounds or words, and its default."""
    default_text = o.format(o.default) if o.default is not None else "none"
    help_text = option_help(o.help, default_text, o.kind == "flag")
    if o.kind == "int" and not o.choices:
        help_text = with_bounds(help_text, bounds_text(o.minimum, o.maximum))
    if o.choices:
        help_text += f"; one of {', '.join(map(str, o.choices))}"
    return help_text


def add_game_options(parser: argparse.ArgumentParser, cls: type[Game]) -> None:
    """Add one option per game option (same names as ``new_game``)."""
    group = parser.add_argument_group(f"{cls.name} options")
    for o in cls.option_specs:
        flags = [f"--{o.name}"]
        if "_" in o.name:
            flags.append(f"--{o.name.replace('_', '-')}")
        help_text = game_option_help(o)
        if o.kind == "flag":
            group.add_argument(
                *flags, dest=o.name, action="store_true", default=None, help=help_text
            )
        else:
            group.add_argument(
                *flags, dest=o.name, metavar=o.name.upper(), default=None, help=help_text
            )


def game_from_args(cls: type[Game], ns: argparse.Namespace) -> Game:
    """Build the game from parsed options (only those given; defaults otherwise)."""
    given = {
        o.name: getattr(ns, o.name)
        for o in cls.option_specs
        if getattr(ns, o.name, None) is not None
    }
    return cls(**given)


def _split_game(argv: list[str], sub: argparse.ArgumentParser) -> tuple[str | None, list[str]]:
    """The game's name (the first word that is not an option or an option's value) and the
    other arguments. A game option before the name takes the next word as its value unless
    that word is a game's name (``--size 5 churn``, ``--no_stalling throngs``)."""
    valued = {s for a in sub._actions if a.nargs != 0 for s in a.option_strings}
    i = 0
    while i < len(argv):
        a = argv[i]
        if not a.startswith("-") or a == "-":
            return a, argv[:i] + argv[i + 1 :]
        nxt = argv[i + 1] if i + 1 < len(argv) else None
        takes = "=" not in a and (
            a in valued
            or (
                a not in sub._option_string_actions
                and nxt is not None
                and not nxt.startswith("-")
                and nxt.strip().lower().replace("_", "-") not in GAME_MODULES
            )
        )
        i += 2 if takes else 1
    return None, argv


# ---------------------------------------------------------------- commands
def cmd_games(ns: argparse.Namespace, out: TextIO) -> int:
    """List the games and their options."""
    data: list[dict[str, Any]] = []
    for name in game_names():
        cls = game_class(name)
        data.append(
            {
                "name": name,
                "title": cls.title,
                "colours": list(cls.colours),
                "options": [o.describe() for o in cls.option_specs],
            }
        )
    if ns.json:
        print(json.dumps(data, indent=2), file=out)
        return 0
    for g in data:
        print(f"{g['name']}: {g['title']} ({' and '.join(g['colours'])})", file=out)
        for o in game_class(g["name"]).option_specs:
            print(f"  --{o.name:<12} {game_option_help(o)}", file=out)
    return 0


def cmd_board(game: Game, ns: argparse.Namespace, out: TextIO) -> int:
    """Draw the board, or list it as JSON."""
    if ns.json:
        data = game.board.to_json()
        data["game"] = game.name
        data["options"] = game.record_tags()
        data.update(game.board_json_extra())
        print(json.dumps(data, indent=2), file=out)
        return 0
    print(game.describe_board(), file=out)
    return 0


def cmd_selfplay(game: Game, ns: argparse.Namespace, out: TextIO) -> int:
    """Random games with a progress bar, then a summary."""
    from .selfplay import selfplay

    records = records_folder(Path(ns.records)) if ns.records else None
    show = not ns.json and not ns.quiet and out.isatty()
    if show:
        with progress_bar() as progress:
            task = progress.add_task(f"{game.name} self-play", total=ns.games)
            summary = selfplay(
                game, ns.games, ns.seed, records=records, on_game=lambda i: progress.advance(task)
            )
    else:
        summary = selfplay(game, ns.games, ns.seed, records=records)
    data = summary.as_json()
    if ns.json:
        print(json.dumps(data), file=out)
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{game.title} random self-play ({game.option_text()}), seed {ns.seed}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("games", str(data["games"]))
    table.add_row("mean turns", f"{data['mean_turns']:.1f}")
    table.add_row("min turns", str(data["min_turns"]))
    table.add_row("max turns", str(data["max_turns"]))
    for colour, w in data["wins"].items():
        table.add_row(f"{colour} wins", f"{w} ({100 * w / data['games']:.1f}%)")
    for seat, w in data["wins_by_seat"].items():
        table.add_row(f"{seat} player wins", str(w))
    if data["unfinished"]:
        table.add_row("unfinished (action cap reached)", str(data["unfinished"]))
    table.add_row("seconds", f"{data['seconds']:.3f}")
    if records is not None:
        table.add_row("records", str(records))
    Console(file=out, force_terminal=False, width=100).print(table)
    return 0


def cmd_replay(ns: argparse.Namespace, out: TextIO) -> int:
    """Validate a record and print the final position and result."""
    from .records import load_record

    rec = load_record(ns.file)
    st = rec.state
    print(
        f"{ns.file}: {rec.game.title} ({rec.game.option_text()}), "
        f"{st.turn} turn{'' if st.turn == 1 else 's'}, "
        f"{st.ply} action{'' if st.ply == 1 else 's'}, all legal",
        file=out,
    )
    print(st.picture(), file=out)
    o = st.outcome()
    said = ""
    if rec.result is None:
        said = (
            f" (no result recorded; the position after the moves is final: "
            f"{o.winner_colour} wins: {o.reason})"
            if o is not None
            else " (no result recorded; the game is not over after its moves)"
        )
    print(f"Result: {o.result if o else '*'}{said}", file=out)
    return 0


def cmd_play(game: Game, ns: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """A game in the terminal: a person against a person or against a computer player."""
    from .ai import make_player

    opponent = None if ns.vs == "human" else make_player(ns.vs, seed=ns.seed)
    human_seats = {0, 1} if opponent is None else ({0} if ns.first else {1})
    state = game.new_initial_state()
    print(
        f"{game.title} ({game.option_text()}). Type a move (like "
        f"{game.action_texts[0]}), or: help, legal, undo, resign, quit.",
        file=out,
    )
    first_ply: int | None = None  # where the person first had the move: undo stops there
    while not state.is_terminal():
        seat = state.current_player
        if seat in human_seats and first_ply is None:
            first_ply = state.ply
        if seat not in human_seats:
            assert opponent is not None
            acts = opponent.choose_turn(state)
            state.apply_move(acts)
            print(f"{opponent.name} plays {game.move_text(acts)}", file=out)
            continue
        print(state.picture(), file=out)
        partial = state.turn_actions
        prompt = (
            f"{state.to_move_name}"
            + (f" (turn so far: {game.move_text(partial)})" if partial else "")
            + "> "
        )
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            print("\nend of input: game abandoned", file=out)
            return 1
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "exit"):
            print("game abandoned", file=out)
            return 1
        if word in ("help", "?"):
            print(
                "Enter a move as its actions separated by "
                f"'{game.move_separator}' (or one action at a time). Commands: legal (list the "
                "legal actions), undo (take back your last move), resign, quit.",
                file=out,
            )
            continue
        if word == "legal":
            print("legal: " + " ".join(state.legal_action_texts()), file=out)
            continue
        if word == "undo":
            start = first_ply or 0
            if state.ply <= start:  # the computer's opening is not the person's to take back
                print("cannot undo: you have not moved yet", file=out)
                continue
            try:
                if partial:
                    state.undo_move()
                else:
                    # take back the computer's reply too, so that it is the person's turn again
                    state.undo_move()
                    while state.ply > start and state.current_player not in human_seats:
                        state.undo_move()
            except HexArenaError as exc:
                print(f"cannot undo: {exc}", file=out)
            continue
        if word == "resign":
            state.resign()
            break
        try:
            state.apply_move(text, complete=False)
        except HexArenaError as exc:
            print(f"not accepted: {exc}", file=out)
    print(state.picture(), file=out)
    return 0


def cmd_serve(ns: argparse.Namespace) -> int:
    """Start the web app until interrupted."""
    try:
        from .web import serve
        from .web.storage import StorageError
    except ImportError as exc:
        raise CliError(f"the web app needs: pip install 'hexarena[web]' ({exc})") from None
    from .web.guard import GuardConfig, Rate

    hosts = tuple(h.strip() for h in ",".join(ns.allowed_hosts).split(",") if h.strip())
    guard = GuardConfig(
        create_rate=Rate(burst=ns.games_per_minute, per_second=ns.games_per_minute / 60),
        move_rate=Rate(burst=max(1, ns.moves_per_second * 12), per_second=ns.moves_per_second),
    )
    try:
        serve(
            ns.host,
            ns.port,
            ns.db,
            allowed_hosts=hosts,
            warm=not ns.no_warm,
            guard=guard,
            reports=ns.reports,
        )
    except StorageError as exc:
        raise CliError(str(exc)) from None
    return 0


# ---------------------------------------------------------------- parser
def _engine_description() -> str:
    """What ``hexarena engine --help`` says before its options: what the engine reads and
    answers, how a session starts, and where the protocol is written down."""
    return (
        "Serve a hexarena player by the engine protocol (UCI/UGI-like), one command a line on "
        "standard input, answers on standard output: ugi (answered by id and option lines, "
        "then ugiok), setoption name NAME value VALUE, uginewgame, isready (readyok), "
        "position startpos moves M1 M2 ..., go movetime MS (info lines, then bestmove MOVE), "
        "stop, query gameover|p1turn|result, quit. A bad line is answered 'info string error "
        "...' and changes nothing. Players: "
        + ", ".join(player_names())
        + ". Matches and tournaments play external engines as engine:COMMAND players. "
        "The protocol in full, with a session: docs/engine-protocol.md."
    )


_DESCRIPTIONS: dict[str, str] = {"engine": _engine_description()}


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser (game options are added once the game is known)."""
    p = OneLineParser(
        prog="hexarena",
        description="Churn, Gyre, Throngs, Scrunch and China Grove: play, analyse and serve.",
    )
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    sp = sub.add_parser("games", help="list the games and their options")
    sp.add_argument("--json", action="store_true", help="print JSON")

    for name, helptext in (
        ("play", "play a game in the terminal"),
        ("selfplay", "play random games and summarise them"),
        ("board", "draw a game's board"),
        ("match", "play a match between two computer players"),
        ("tournament", "play a round robin between computer players"),
        ("engine", "serve a computer player by the engine protocol on stdin and stdout"),
        ("analyse", "report a game's length, balance and swap map, with plots"),
        ("solve", "prove who wins a small board, and with which first moves"),
    ):
        sp = sub.add_parser(
            name, help=helptext, description=_DESCRIPTIONS.get(name), add_help=False
        )
        sp.add_argument(
            "-h", "--help", action="store_true", help="show this help and the game's options"
        )
        if name == "play":
            sp.add_argument(
                "--vs", default="random", help="opponent: human, or a player name (default random)"
            )
            sp.add_argument("--first", action="store_true", help="against the computer, move first")
            sp.add_argument(
                "--seed",
                type=whole_number(0, MAX_SEED),
                default=None,
                help="seed for the computer player",
            )
        if name == "selfplay":
            sp.add_argument(
                "--games",
                type=whole_number(1, MAX_GAMES),
                default=100,
                help="number of games (default 100)",
            )
            sp.add_argument(
                "--seed",
                type=whole_number(0, MAX_SEED),
                default=1,
                help="seed: the same seed gives the same games (default 1)",
            )
            sp.add_argument("--records", metavar="DIR", help="write each game's record into DIR")
            sp.add_argument("--json", action="store_true", help="print one JSON object")
            sp.add_argument("--quiet", action="store_true", help="no progress bar")
        if name == "board":
            sp.add_argument(
                "--json", action="store_true", help="list cells, names, coordinates, adjacency"
            )
        if name == "engine":
            sp.add_argument("--player", default="mcts", help="the player served (default mcts)")
            sp.add_argument(
                "--seed",
                type=whole_number(0, ENGINE_MAX_SEED),
                default=None,
                help="seed for the player (the protocol's seed option's range)",
            )
        if name in ("match", "tournament"):
            from .match_cli import add_arguments

            add_arguments(sp, tournament=name == "tournament")
        if name == "analyse":
            from .analysis.command import add_arguments as add_analyse_arguments

            add_analyse_arguments(sp)
        if name == "solve":
            from .solve.command import add_arguments as add_solve_arguments

            add_solve_arguments(sp)

    sp = sub.add_parser("replay", help="validate a record and show the final position")
    sp.add_argument("file", help="record file")

    sp = sub.add_parser("serve", help="start the web app (play in the browser)")
    sp.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    sp.add_argument(
        "--port",
        type=whole_number(0, 65_535),
        default=8000,
        help="port (default 8000; 0: a free port, the one announced)",
    )
    sp.add_argument(
        "--db",
        default="sqlite:///hexarena.db",
        help="database URL: sqlite:///FILE (default sqlite:///hexarena.db in the current folder)"
        " or postgresql://USER:PASSWORD@HOST:PORT/DATABASE (needs hexarena[postgres])",
    )
    sp.add_argument(
        "--allowed-hosts",
        action="append",
        default=[],
        metavar="NAMES",
        help="host names the server answers to besides localhost and the listening address "
        "(comma-separated; .example.org for a domain and its subdomains; * for any)",
    )
    sp.add_argument(
        "--no-warm",
        action="store_true",
        help="do not compile every game's computer player at start (each compiles on first use)",
    )
    sp.add_argument(
        "--games-per-minute",
        type=whole_number(1, 100_000),
        default=20,
        help="new games one address may create a minute (default 20)",
    )
    sp.add_argument(
        "--moves-per-second",
        type=whole_number(1, 100_000),
        default=10,
        help="moves, hints and other changes one address may send a second (default 10)",
    )
    sp.add_argument(
        "--reports",
        metavar="DIR",
        default=None,
        help="analysis reports whose swap maps the game page shows (DIR/NAME/report.json; "
        "default: the published reports)",
    )
    sp = sub.add_parser(
        "warmup",
        help="compile every game's kernels, computer player and learning interfaces ahead of time",
    )
    sp.add_argument("games", nargs="*", metavar="GAME", help="games to compile (default all)")
    sp.add_argument(
        "--rules-only",
        dest="rules_only",
        action="store_true",
        help="compile the rules' kernels only, not the computer's search nor the rest",
    )
    sp.add_argument(
        "--app-only",
        dest="app_only",
        action="store_true",
        help="compile what the app needs (rules and search), not the observations, batched "
        "environments, set-up positions and solver of the learning and analysis interfaces",
    )
    sp.add_argument(
        "--jobs",
        type=whole_number(1, 2 * (os.cpu_count() or 1)),
        default=None,
        help="processes compiling at once (default: 2 when two cores are free, else 1)",
    )
    return p


def cmd_warmup(ns: argparse.Namespace, out: TextIO) -> int:
    """Compile (or load) every game's kernels and search, saying how long each took."""
    from .games import game_names
    from .warmup import Timing, Warmed, free_cores, timed, warm_all

    names = list(ns.games) or game_names()
    unknown = [n for n in names if n not in game_names()]
    if unknown:
        raise CliError(f"there is no game {unknown[0]!r}; the games are: {', '.join(game_names())}")
    jobs = ns.jobs if ns.jobs is not None else min(2, free_cores())

    def said(what: str, t: Timing | None) -> str:
        return f"{what} {t.cpu:.1f} s processor / {t.wall:.1f} s wall" if t else ""

    def report(name: str, warmed: Warmed) -> None:
        parts = [said(w, t) for w, t in zip(("rules", "search", "the rest"), warmed, strict=True)]
        print(f"{name}: " + ", ".join(p for p in parts if p), file=out, flush=True)

    # processor time of this process and of its worker processes, ended
    c0 = os.times()
    whole = timed(
        lambda: warm_all(
            names,
            search=not ns.rules_only,
            more=not (ns.rules_only or ns.app_only),
            workers=jobs,
            report=report,
        )
    )
    c1 = os.times()
    cpu = sum(c1[:4]) - sum(c0[:4])
    print(
        f"all: {cpu:.1f} s processor / {whole.wall:.1f} s wall"
        + (f" ({jobs} processes)" if jobs > 1 and len(names) > 1 else ""),
        file=out,
        flush=True,
    )
    return 0


GAME_COMMANDS = (
    "play",
    "selfplay",
    "board",
    "match",
    "tournament",
    "engine",
    "analyse",
    "solve",
)


def main(
    argv: Sequence[str] | None = None, *, inp: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Run the command line; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    inp = inp or sys.stdin
    out = out or sys.stdout
    parser = build_parser()
    try:
        nul = next((i for i, a in enumerate(args) if "\x00" in a), None)
        if nul is not None:  # no file name or value holds one (open() raises ValueError)
            raise CliError(f"argument {nul + 1} holds a NUL byte, which no name or value may")
        if args and args[0] in GAME_COMMANDS:
            return _run_game_command(parser, args, inp, out)
        ns = parser.parse_args(args)
        if ns.command is None:
            parser.print_help(out)
            return 2
        if ns.command == "games":
            return cmd_games(ns, out)
        if ns.command == "replay":
            return cmd_replay(ns, out)
        if ns.command == "serve":
            return cmd_serve(ns)
        if ns.command == "warmup":
            return cmd_warmup(ns, out)
        parser.error(f"unknown command {ns.command}")
    except (HexArenaError, CliError, OSError) as exc:
        if isinstance(exc, BrokenPipeError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the flush at exit
            return 0
        text = " ".join(str(exc).split()) if not isinstance(exc, OSError) else _os_error(exc)
        print(f"hexarena: error: {cut(text, 400)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # what was written is whole (hexarena.files); say why it ended
        print("hexarena: interrupted", file=sys.stderr)
        return 130
    return 0


def _os_error(exc: OSError) -> str:
    """An operating-system error as one line (what failed, on which file)."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def _run_game_command(
    parser: argparse.ArgumentParser, args: list[str], inp: TextIO, out: TextIO
) -> int:
    command = args[0]
    sub = _subparser(parser, command)
    game_name, rest = _split_game(args[1:], sub)
    if game_name is None:
        if "-h" in rest or "--help" in rest:  # the usage names the game it needs first
            OneLineParser(
                prog=f"hexarena {command} GAME",
                description=sub.description,
                add_help=False,
                parents=[sub],
            ).print_help(out)
            print(f"\ngames: {', '.join(game_names())}", file=out)
            return 0
        raise CliError(f"{command} needs a game: one of {', '.join(game_names())}")
    cls = game_class(game_name)
    full = OneLineParser(
        prog=f"hexarena {command} {cls.name}",
        description=sub.description,
        add_help=False,
        parents=[sub],
    )
    add_game_options(full, cls)
    if "-h" in rest or "--help" in rest:  # before a required argument is missed (tournament)
        full.print_help(out)
        return 0
    ns, unknown = full.parse_known_args(rest)
    if ns.help:
        full.print_help(out)
        return 0
    if unknown:
        known = ", ".join(f"--{o.name}" for o in cls.option_specs) or "none"
        raise CliError(f"{cls.name} has no option {' '.join(unknown)} (its options: {known})")
    game = game_from_args(cls, ns)
    handlers: dict[str, Callable[[], int]] = {
        "play": lambda: cmd_play(game, ns, inp, out),
        "selfplay": lambda: cmd_selfplay(game, ns, out),
        "board": lambda: cmd_board(game, ns, out),
        "match": lambda: _match_command(command, game, ns, out),
        "tournament": lambda: _match_command(command, game, ns, out),
        "engine": lambda: _engine_command(game, ns, inp, out),
        "analyse": lambda: _analyse_command(game, ns, out),
        "solve": lambda: _solve_command(game, ns, out),
    }
    if command in ("board", "engine"):  # engine: compiles at isready, as its protocol says
        return handlers[command]()
    with saying_when_compiling(f"{game.title}'s {_compiled_for(command, ns)}"):
        return handlers[command]()


def _compiled_for(command: str, ns: argparse.Namespace) -> str:
    """What a command compiles on its first run, for its note (:func:`saying_when_compiling`)."""
    if command == "solve":
        return "rules and solver"
    if command == "selfplay" or (command == "play" and ns.vs == "human"):
        return "rules"
    return "rules and computer players" if command != "play" else "rules and computer player"


def _match_command(command: str, game: Game, ns: argparse.Namespace, out: TextIO) -> int:
    """``match`` and ``tournament`` (see :mod:`hexarena.match_cli`)."""
    from .match_cli import cmd_match, cmd_tournament

    return cmd_match(game, ns, out) if command == "match" else cmd_tournament(game, ns, out)


def _engine_command(game: Game, ns: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """``engine``: the engine protocol (see :mod:`hexarena.engine`)."""
    from .engine import serve

    return serve(game, player=ns.player, seed=ns.seed, inp=inp, out=out)


def _analyse_command(game: Game, ns: argparse.Namespace, out: TextIO) -> int:
    """``analyse`` (see :mod:`hexarena.analysis`)."""
    from .analysis.command import cmd_analyse

    return cmd_analyse(game, ns, out)


def _solve_command(game: Game, ns: argparse.Namespace, out: TextIO) -> int:
    """``solve`` (see :mod:`hexarena.solve`)."""
    from .solve.command import cmd_solve

    return cmd_solve(game, ns, out)


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            sp: argparse.ArgumentParser = action.choices[name]
            return sp
    raise AssertionError(name)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
