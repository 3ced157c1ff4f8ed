"""Helpers the command-line commands share: exact whole-number arguments, the records folder,
an argument parser that reports errors as one line, the progress bar, and the note that a
command is compiling its kernels.

Every error here is a :class:`CliError` or an ``argparse.ArgumentTypeError`` that
:func:`hexarena.cli.main` prints as one line on stderr, with exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from numba.core import event

from .limits import MAX_DIGITS, cut_repr, parse_int_text

if TYPE_CHECKING:
    from rich.progress import Progress


class CliError(Exception):
    """A command-line usage error, reported as one line and exit status 2."""


def bounds_text(minimum: float | None, maximum: float | None, *, above: bool = False) -> str:
    """The range of a number as its option's help shows it: ``1 to 1,000,000``, or ``above 0,
    at most 3,600`` when the lower bound itself is refused (``above``)."""
    if minimum is None or maximum is None:
        return ""
    if above:
        return f"above {_figure(minimum)}, at most {_figure(maximum)}"
    return f"{_figure(minimum)} to {_figure(maximum)}"


def with_bounds(help_text: str, bounds: str) -> str:
    """``help_text`` with ``bounds`` added: inside its closing "(default ...)" if it ends with
    one ("number of games (1 to 1,000,000; default 100)"), at the end of another closing
    bracket ("seed (same seed, same games; 0 to ...)"), else in brackets of its own."""
    if not bounds:
        return help_text
    m = re.search(r" \(default(:?) ([^()]*)\)$", help_text)
    if m:
        return f"{help_text[: m.start()]} ({bounds}; default{m.group(1)} {m.group(2)})"
    if re.search(r"\([^()]*\)$", help_text):
        return f"{help_text[:-1]}; {bounds})"
    return f"{help_text} ({bounds})"


def type_bounds(reader: object) -> str:
    """The bounds of an argparse ``type`` made by :func:`whole_number` or
    :func:`positive_number`, as :func:`bounds_text` writes them ("" for any other type)."""
    return bounds_text(
        getattr(reader, "minimum", None),
        getattr(reader, "maximum", None),
        above=getattr(reader, "above", False),
    )


class BoundsHelpFormatter(argparse.HelpFormatter):
    """Help that shows every number option's bounds, read from its ``type`` (so the text cannot
    drift from the bounds the option enforces)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help
        if text is None or text == argparse.SUPPRESS or not action.option_strings:
            return text
        return with_bounds(text, type_bounds(action.type))


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`CliError` (one line, no usage block) and
    whose help shows the bounds of its number options (:class:`BoundsHelpFormatter`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", BoundsHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Report a parse error as :class:`CliError` instead of printing usage and exiting."""
        raise CliError(message)


#: Most games one command plays (per player, or per pair of players).
MAX_GAMES = 1_000_000
#: The largest seed (seeds are 64-bit).
MAX_SEED = 2**64 - 1
#: Most worker processes a command starts.
MAX_WORKERS = 256
#: Most turns a game may be given before it is stopped.
MAX_TURNS = 1_000_000
#: Characters of a number as typed (a float's exponent and decimals included).
MAX_NUMBER_TEXT = 40


#: A decimal number as typed: ASCII digits, an optional point and exponent.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _shown(text: str) -> str:
    """A number as typed, for a message (cut when long)."""
    return text.strip() if len(text.strip()) <= MAX_NUMBER_TEXT else cut_repr(text, MAX_NUMBER_TEXT)


def whole_number(minimum: int, maximum: int) -> Callable[[str], int]:
    """An argparse ``type``: ASCII digits, from ``minimum`` to ``maximum``; argparse names the
    option in the refusal, which names the value (cut when long) and the bound."""

    def read(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in ("+", "-") else t
        if digits.isascii() and digits.isdigit() and len(digits) > MAX_DIGITS:
            side, bound = ("at least", minimum) if t.startswith("-") else ("at most", maximum)
            raise argparse.ArgumentTypeError(
                f"must be {side} {bound:,}, not a number of {len(digits):,} digits ({_shown(text)})"
            )
        try:
            value = parse_int_text(text, "the value")
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"a whole number is expected, not {cut_repr(text, MAX_NUMBER_TEXT)}"
            ) from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"must be at least {minimum:,} (and at most {maximum:,}), not {value}"
            )
        if value > maximum:
            raise argparse.ArgumentTypeError(
                f"must be at most {maximum:,} (and at least {minimum:,}), not {value}"
            )
        return value

    read.__name__ = "whole number"
    read.minimum = minimum  # type: ignore[attr-defined]
    read.maximum = maximum  # type: ignore[attr-defined]
    return read


def _figure(x: float) -> str:
    return f"{int(x):,}" if x == int(x) else f"{x:g}"


def positive_number(maximum: float, *, minimum: float = 0.0) -> Callable[[str], float]:
    """An argparse ``type``: a finite decimal number above ``minimum`` (or equal to it, when it
    is not 0) and at most ``maximum``: seconds to think, megabytes of memory."""

    def read(text: str) -> float:
        if len(text.strip()) > MAX_NUMBER_TEXT:
            raise argparse.ArgumentTypeError(
                f"a number of at most {MAX_NUMBER_TEXT} characters is expected, not {_shown(text)}"
            )
        t = text.strip()
        if not (_DECIMAL.fullmatch(t) or t.lower().lstrip("+-") in ("nan", "inf", "infinity")):
            # float() would also read 1_0, 0x-less Unicode digits (Arabic-Indic, full-width)
            raise argparse.ArgumentTypeError(
                f"a number in ASCII digits like 2.5 or 1e3 is expected, not {_shown(text)!r}"
            )
        value = float(t)
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(
                f"must be a finite number, at most {_figure(maximum)}, not {_shown(text)}"
            )
        low = value <= 0 if minimum == 0 else value < minimum
        if low:
            side = "above 0" if minimum == 0 else f"at least {_figure(minimum)}"
            raise argparse.ArgumentTypeError(
                f"must be {side} (and at most {_figure(maximum)}), not {_shown(text)}"
            )
        if value > maximum:
            raise argparse.ArgumentTypeError(
                f"must be at most {_figure(maximum)}, not {_shown(text)}"
            )
        return value

    read.__name__ = "number"
    read.minimum = minimum  # type: ignore[attr-defined]
    read.maximum = maximum  # type: ignore[attr-defined]
    read.above = minimum == 0  # type: ignore[attr-defined]
    return read


def records_folder(path: Path, option: str = "--records") -> Path:
    """Make sure ``path`` is a folder records can be written into (created if missing);
    :class:`CliError` naming ``option`` and the reason if not."""
    if path.exists() and not path.is_dir():
        raise CliError(f"{option} {cut_repr(str(path))}: it is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(
            f"{option} {cut_repr(str(path))}: cannot make the folder ({exc.strerror})"
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise CliError(f"{option} {cut_repr(str(path))}: the folder is not writable")
    return path


def progress_bar(*, remaining: bool = False) -> Progress:
    """The commands' Rich progress bar (description, bar, done of total, time so far, and the
    estimated time left if ``remaining``), cleared when it ends; use it as a context manager."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: list[str | ProgressColumn] = [
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    if remaining:
        columns.append(TimeRemainingColumn())
    return Progress(*columns, transient=True)


def compiling_note(what: str) -> str:
    """What a command says on stderr when it starts compiling ``what``: most kernels are
    compiled once and kept on disk, some (the solver's search) in every process."""
    return f"hexarena: compiling {what}; this takes a while"


class _SayOnce(event.Listener):
    """Says :func:`compiling_note` at the first compilation it hears of, once across the
    processes forked while it listens (a command's workers compile too)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.said = False
        try:
            self.shared: Any = multiprocessing.Value("b", 0)
        except OSError:  # no shared memory or semaphores here: once a process, then
            self.shared = None

    def on_start(self, event: event.Event) -> None:
        if self.said:
            return
        self.said = True
        if self.shared is not None:
            with self.shared.get_lock():
                if self.shared.value:
                    return
                self.shared.value = 1
        print(compiling_note(self.what), file=sys.stderr, flush=True)

    def on_end(self, event: event.Event) -> None:
        """Nothing to say when a compilation ends."""


@contextlib.contextmanager
def saying_when_compiling(what: str) -> Iterator[None]:
    """Within it, the first time Numba compiles a kernel (not when it loads one from its disk
    cache), say on stderr that the command is compiling ``what``, once: a first run spends
    seconds to minutes there, which would otherwise look like a hang."""
    with event.install_listener("numba:compile", _SayOnce(what)):
        yield
