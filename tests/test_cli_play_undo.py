"""``hexarena play``'s undo takes back the person's own turn (with the computer's reply), never
the computer's opening: with the person second, an undo before their first move took back the
computer's first turn and let it play another. ``hexarena games`` says each default once."""

from __future__ import annotations

import io

import pytest

from hexarena.cli import main


def play(stdin: str, *args: str) -> str:
    out = io.StringIO()
    argv = ["play", "churn", "--size", "3", "--vs", "random", "--seed", "1", *args]
    assert main(argv, inp=io.StringIO(stdin), out=out) == 0
    return out.getvalue()


def test_undo_before_the_person_moved_takes_nothing_back() -> None:
    text = play("undo\nundo\nresign\n")
    assert text.count("random plays") == 1  # the computer's opening, once
    assert text.count("cannot undo: you have not moved yet") == 2


def test_undo_takes_back_the_persons_turn_and_the_reply() -> None:
    text = play("swap\nundo\nundo\nresign\n")
    # the opening, then the reply to the swap; the first undo takes both back, the second nothing
    assert text.count("random plays") == 2
    assert text.count("cannot undo: you have not moved yet") == 1
    assert text.rstrip().endswith("Blue resigned.")


def test_undo_when_the_person_moves_first() -> None:
    text = play("undo\nc3\nundo\nresign\n", "--first")
    assert text.count("cannot undo: you have not moved yet") == 1
    assert text.count("random plays") == 1


def test_games_says_each_default_once_and_names_flags() -> None:
    """Throngs' size read "(with --board hex; default 5) (default none)"; its no_stalling
    "(default False)"."""
    out = io.StringIO()
    assert main(["games"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert all(line.count("default") <= 1 for line in lines), lines
    assert any("--no_stalling" in line and "a flag: off unless given" in line for line in lines)
    size = next(line for line in lines if "side of the hex board" in line)
    assert "(with --board hex; default 5" in size


def test_games_gives_each_options_bounds_and_words() -> None:
    """The list a newcomer reads first said "--size side of the regular hexagonal board
    (default 3)", not which sizes there are, nor the words --board takes."""
    out = io.StringIO()
    assert main(["games"], out=out) == 0
    lines = out.getvalue().splitlines()
    churn = lines.index("churn: Churn (Red and Blue)")
    assert "(2 to 8; default 3)" in lines[churn + 1]
    gyre = lines.index("gyre: Gyre (Red and Blue)")
    assert "(3 to 12; default 7)" in lines[gyre + 1]
    penalty = next(line for line in lines if line.lstrip().startswith("--penalty"))
    assert penalty.endswith("one of 2, 4")
    repetition = next(line for line in lines if line.lstrip().startswith("--repetition"))
    assert repetition.endswith("one of third, off")


@pytest.mark.parametrize("command", ["play", "match", "engine"])
def test_help_without_a_game_shows_where_the_game_goes(command: str) -> None:
    out = io.StringIO()
    assert main([command, "--help"], out=out) == 0
    assert out.getvalue().startswith(f"usage: hexarena {command} GAME ")


def test_engine_help_says_what_the_engine_speaks_and_where_it_is_described() -> None:
    """``hexarena engine --help`` listed only --player and --seed: nothing said that the engine
    reads the protocol on standard input, which lines start a game, or where the protocol is
    written down."""
    out = io.StringIO()
    assert main(["engine", "--help"], out=out) == 0
    text = " ".join(out.getvalue().split())
    assert "docs/engine-protocol.md" in text
    assert "ugi" in text and "bestmove" in text
    assert "engine:COMMAND" in text
    assert "random" in text and "perfect" in text  # the players it can serve


def test_every_option_with_a_default_says_it_in_its_help() -> None:
    """--seed (1) and analyse's --playouts (200) did not say what they were when not given."""
    import argparse

    from hexarena.cli import _subparser, build_parser

    parser = build_parser()
    silent = []
    commands = ("play", "selfplay", "board", "match", "tournament", "engine", "analyse", "solve")
    for command in (*commands, "serve", "warmup"):
        for a in _subparser(parser, command)._actions:
            quiet_default = a.default in (None, False, argparse.SUPPRESS, [])
            if a.option_strings and not quiet_default and "default" not in (a.help or ""):
                silent.append(f"{command} {a.option_strings[0]}")
    assert silent == []
