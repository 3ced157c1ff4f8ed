"""Helpers the command-line commands share: exact whole-number arguments, the records folder,
an argument parser that reports errors as one line, and the progress bar.

Every error here is a :class:`CliError` or an ``argparse.ArgumentTypeError`` that
:func:`hexarena.cli.main` prints as one line on stderr, with exit status 2.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .limits import cut_repr, parse_int_text

if TYPE_CHECKING:
    from rich.progress import Progress


class CliError(Exception):
    """A command-line usage error, reported as one line and exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors raise :class:`CliError` (one line, no usage block)."""

    def error(self, message: str) -> NoReturn:
        """Report a parse error as :class:`CliError` instead of printing usage and exiting."""
        raise CliError(message)


def whole_number(minimum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: ASCII digits (at most 30), at least ``minimum`` if given."""

    def read(text: str) -> int:
        try:
            value = parse_int_text(text, "the value")
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"a whole number is expected, not {cut_repr(text, 40)}"
            ) from None
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(
                f"must be a whole number of at least {minimum}, not {value}"
            )
        return value

    read.__name__ = "whole number"
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
