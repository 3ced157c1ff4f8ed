"""Bounds on input, checked before any work, and the cutting of input echoed in messages.

Everything a person or a program hands to hexarena (option values, cell names, record text) is
checked against these limits before it is converted or used, so that a hostile value is refused
at once with a message naming the limit instead of costing time or memory. Messages that repeat
the input show at most :data:`ECHO_LIMIT` characters of it (:func:`cut`).

This module imports nothing from the package: every layer may use it.
"""

from __future__ import annotations

import re

#: Characters of input an error message repeats.
ECHO_LIMIT = 200
#: Digits in any number read from text (option values, row numbers, seeds).
MAX_DIGITS = 30
#: Letters in a cell name's column.
MAX_LETTERS = 4
#: Side of the largest regular board any game offers (cells per side).
MAX_BOARD_SIDE = 16
#: Characters of a board given as text (China Grove's ``board`` option or record tag).
MAX_BOARD_TEXT = 20_000
#: Characters of any other text option.
MAX_OPTION_TEXT = 1_000
#: Bytes of a record file read (the longest games known, Churn on side 7, take about 10 MB).
MAX_RECORD_BYTES = 256 * 2**20
#: Seconds a computer player may be given to think about one decision (about 11.6 days).
MAX_THINK_SECONDS = 1_000_000
#: Iterations or nodes a computer player may be given for one decision (the searches count
#: in 64-bit integers, with room for the endgame solver's budget of ten positions an iteration).
MAX_THINK_COUNT = 10**15

_INT_RE = re.compile(r"[+-]?[0-9]+")


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` as it may appear in a message: at most ``limit`` characters of it, then a note
    of how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters in all)"


def cut_repr(value: object, limit: int = ECHO_LIMIT) -> str:
    """``repr(value)`` cut as :func:`cut` does (without building a huge string for long text)."""
    if isinstance(value, str | bytes | bytearray) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters in all)"
    return cut(repr(value), limit)


def split_items(text: str, separator: str | None = ",") -> tuple[list[str], int | None]:
    """The items of a list typed as ``text``, ``separator`` between them (``None``: blanks),
    each stripped, and the number (from 1) of the first empty item, or ``None`` if there is
    none. An item left out (``3,,4``, a separator at either end, or nothing typed) is empty,
    never skipped: each caller refuses it with its own error naming that number."""
    items = [p.strip() for p in text.strip().split(separator)]
    empty = next((k for k, p in enumerate(items, start=1) if not p), None)
    return items, empty


def parse_int_text(text: str, what: str) -> int:
    """A whole number written in ASCII digits (optional sign, at most :data:`MAX_DIGITS`);
    raises ``ValueError`` naming ``what`` and the rule broken."""
    t = text.strip()
    if not _INT_RE.fullmatch(t):
        raise ValueError(f"{what} is a whole number in digits 0-9, not {cut_repr(text)}")
    if len(t.lstrip("+-")) > MAX_DIGITS:
        raise ValueError(f"{what} has more than {MAX_DIGITS} digits ({cut_repr(text)})")
    return int(t)
