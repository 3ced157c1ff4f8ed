"""Every number a command-line option takes has bounds, and a value past them is refused before
any work, in one line naming the option, the value (cut when long) and the bound.

``hexarena selfplay churn --games 99999999999999999999`` used to be accepted and to play for
ever; ``serve --port 70000`` ended in a traceback; ``solve --book-depth -5`` was taken silently
(the depth is read only with ``--book``); ``engine --seed`` took any integer. The test walks
every subcommand of ``hexarena --help``, so an option added later without bounds fails here.
"""

from __future__ import annotations

import argparse
import io
import re

import pytest

from hexarena.cli import GAME_COMMANDS, _subparser, build_parser, main

HUGE = "9" * 20
ENORMOUS = "9" * 5000


def number_options() -> list[tuple[str, str]]:
    """(command, option) for every option of every command that reads a number (each reader
    with its bounds)."""
    parser = build_parser()
    found = []
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        for command in action.choices:
            for opt in _subparser(parser, command)._actions:
                if opt.type is not None and opt.option_strings:
                    assert hasattr(opt.type, "maximum"), (command, opt.option_strings)
                    found.append((command, opt.option_strings[-1]))
    return found


OPTIONS = number_options()


def run(command: str, *args: str, capsys: pytest.CaptureFixture[str]) -> str:
    argv = [command, "churn", *args] if command in GAME_COMMANDS else [command, *args]
    assert main(argv, inp=io.StringIO(""), out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    return err


def test_the_commands_have_number_options() -> None:
    names = set(OPTIONS)
    for expected in [
        ("selfplay", "--games"),
        ("selfplay", "--seed"),
        ("play", "--seed"),
        ("engine", "--seed"),
        ("match", "--time"),
        ("tournament", "--workers"),
        ("analyse", "--playouts"),
        ("solve", "--book-depth"),
        ("serve", "--port"),
        ("serve", "--moves-per-second"),
    ]:
        assert expected in names


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_a_number_past_its_bound_is_refused_naming_option_value_and_bound(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run(command, option, HUGE, capsys=capsys)
    assert f"argument {option}: " in err, err
    assert HUGE in err and "at most" in err, err


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_a_number_below_its_bound_is_refused(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run(command, f"{option}=-1", capsys=capsys)
    assert f"argument {option}: " in err and "-1" in err, err
    assert "at least" in err or "above 0" in err, err


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_a_number_of_thousands_of_digits_is_cut_in_the_message(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run(command, option, ENORMOUS, capsys=capsys)
    assert f"argument {option}: " in err and "5,000 characters" in err, err
    assert len(err) < 400


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999"])
@pytest.mark.parametrize(
    ("command", "option"), [("match", "--time"), ("analyse", "--time"), ("solve", "--memory")]
)
def test_seconds_and_megabytes_are_finite(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run(command, f"{option}={value}", capsys=capsys)
    assert f"argument {option}: " in err and value in err, err


@pytest.mark.parametrize("value", ["1_0", "\u0663", "\uff15", "0x10", "5,5", "5." + "0" * 50])
@pytest.mark.parametrize(("command", "option"), [("match", "--time"), ("solve", "--memory")])
def test_seconds_and_megabytes_are_ascii_decimals(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # float() reads 1_0 as 10 and an Arabic-Indic or full-width digit as its value
    err = run(command, f"{option}={value}", capsys=capsys)
    assert f"argument {option}: " in err and "a number" in err, err


@pytest.mark.parametrize("value", ["5", "+5", "0.5", ".5", "5.", "1e3", "1E-2", " 5 "])
def test_decimals_as_typed_are_read(value: str) -> None:
    from hexarena.cliargs import positive_number

    assert positive_number(10_000)(value) == float(value)


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", "a\x00b"],
        ["analyse", "churn", "--out", "a\x00b"],
        ["selfplay", "churn", "--records", "a\x00b"],
        ["solve", "churn", "--size", "2", "--table", "a\x00b"],
        ["board", "churn", "--sides", "3,4,3\x00,4,3,4"],
    ],
)
def test_a_nul_byte_in_an_argument_is_refused_naming_it(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv, inp=io.StringIO(""), out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexarena: error: ") and err.count("\n") == 1, err
    assert "NUL" in err and "\x00" not in err


def test_a_port_past_65535_is_refused_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = run("serve", "--port", "70000", capsys=capsys)
    assert "argument --port: must be at most 65,535 (and at least 0), not 70000" in err


def test_values_at_the_bounds_are_read() -> None:
    parser = build_parser()
    ns = parser.parse_args(["serve", "--port", "65535"])
    assert ns.port == 65535
    # a free port, chosen by the system and announced (tests/test_cli_serve_port.py): it said
    # "serving on http://127.0.0.1:0/" once, and was refused since
    assert parser.parse_args(["serve", "--port", "0"]).port == 0
    sp = _subparser(parser, "selfplay")
    assert sp.parse_known_args(["--games", "1000000", "--seed", str(2**64 - 1)])[0].games == 10**6
    solve = _subparser(parser, "solve")
    ns, _ = solve.parse_known_args(["--book-depth", "8", "--memory", "1.5"])
    assert ns.book_depth == 8 and ns.memory == 1.5


def _figure(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def expected_bounds(reader: object) -> str:
    """The bounds an option's help must show, worked out here from its reader's own bounds."""
    low, high = reader.minimum, reader.maximum  # type: ignore[attr-defined]
    if low == 0 and isinstance(low, float):  # a positive number: 0 itself is refused
        return f"above 0, at most {_figure(high)}"
    return f"{_figure(low)} to {_figure(high)}"


def help_entries(command: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """Each option of ``hexarena COMMAND [churn] --help`` with its help, on one line."""
    argv = [command, "churn", "--help"] if command in GAME_COMMANDS else [command, "--help"]
    out = io.StringIO()
    try:
        assert main(argv, inp=io.StringIO(""), out=out) == 0
    except SystemExit as exc:  # argparse's own -h of the commands without a game
        assert exc.code == 0
    text = out.getvalue() + capsys.readouterr().out
    entries: dict[str, str] = {}
    names: list[str] = []
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("  -"):  # an option's first line: its flags, then its help
            flags = re.split(r"\s{2,}", line.strip())[0]
            names = [w.rstrip(",") for w in flags.split() if w.startswith("-")]
            lines = [line]
        elif line.startswith("   ") and names:  # its help, wrapped
            lines.append(line)
        else:
            names = []
        for n in names:
            entries[n] = " ".join(" ".join(lines).split())
    return entries


@pytest.mark.parametrize(("command", "option"), OPTIONS)
def test_every_number_option_shows_its_bounds_in_its_help(
    command: str, option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = build_parser()
    reader = next(
        a.type for a in _subparser(parser, command)._actions if option in a.option_strings
    )
    entry = help_entries(command, capsys)[option]
    shown = expected_bounds(reader)
    assert f"({shown}" in entry or f"; {shown})" in entry, entry
    assert entry.count(shown) == 1, entry  # not written by hand besides


def test_help_gives_bounds_and_default_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        "number of games (1 to 1,000,000; default 100)"
        in help_entries("selfplay", capsys)["--games"]
    )
    port = help_entries("serve", capsys)["--port"]
    assert "port (0 to 65,535; default 8000; 0: a free port, the one announced)" in port
    time_help = help_entries("match", capsys)["--time"]
    assert "(above 0, at most 1,000,000; default: each player's own limit)" in time_help
    seed_help = help_entries("selfplay", capsys)["--seed"]
    assert "the same seed gives the same games (0 to 18,446,744,073,709,551,615; default 1)" in (
        seed_help
    )


@pytest.mark.parametrize("game", ["churn", "gyre", "scrunch", "china-grove"])
def test_a_games_number_options_show_their_bounds(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from hexarena.games import game_class

    out = io.StringIO()
    assert main(["board", game, "--help"], inp=io.StringIO(""), out=out) == 0
    text = " ".join(out.getvalue().split())
    for o in game_class(game).option_specs:
        if o.kind == "int" and not o.choices:
            assert f"({o.minimum:,} to {o.maximum:,}; default {o.default}" in text, (o.name, text)
