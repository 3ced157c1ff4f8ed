r"""Game records: a readable text format, written and read with full validation.

A record is a header of tag pairs, one per line, then the moves::

    [Game "churn"]
    [size "3"]
    [Player1 "alice"]
    [Player2 "random"]
    [Date "2026.11.21"]
    [Result "1-0"]
    [Termination "the board is full, Red 10 stones, Blue 9"]

    1. c3 swap 2. b2 d4 3. ...
    1-0

Capitalised tags are the record's own (``Game``, ``Player1``, ``Player2``, ``Date``, ``Result``,
``Termination`` and any others a program adds); lower-case tags are the game's options exactly as
:func:`hexarena.new_game` takes them (plus whatever else a game needs to rebuild its board), and
one that is not an option of the game is an error, not dropped. The
moves are whole turns separated by white space, in the game's move text; ``N.`` numbers every
second turn and is optional when reading. The last token is the result: ``1-0`` (the first player
won), ``0-1`` or ``*`` (unfinished). A record that states no result (no result token, no
``Result`` tag) is read for what its moves give: finished if they end the game, else
unfinished. A game ended by resignation has the loser's resignation in the
result and ``[Termination "resignation"]``; a player may resign in the middle of a turn, and then
the last move is the part of the turn played before it.

The grammar, as PGN's:

- A tag value is in double quotes; in it ``\\`` is a backslash, ``\"`` a quote, ``\n``, ``\r``
  and ``\t`` those control characters, and ``\uXXXX`` (four hexadecimal digits) any other
  control character or line separator. Writing escapes exactly these, so every text reads back
  as it was written.
- In the move text, ``{`` opens a comment that ends at the next ``}`` (comments do not nest and
  may span lines) and ``;`` outside braces starts a comment that ends with the line. A ``}``
  outside a comment, or a ``{`` never closed, is an error. Comments separate tokens.
- Every other token is a move number (digits then ``.`` or ``...``), a move, or the result (only
  as the last token). Nothing is skipped: a token that is none of these is an error.
- A UTF-8 byte-order mark at the start of the text is ignored.

Reading replays every action with full validation and checks that the result agrees with the
position; an error names the line and the move. A record that is read, written and read again
gives the same game.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .core import Game, HexArenaError, State, WrongTypeError
from .files import write_whole
from .games import game_class
from .limits import ECHO_LIMIT, MAX_RECORD_BYTES, cut, cut_repr

_TAG_RE = re.compile(r'^\[\s*([A-Za-z_][A-Za-z0-9_\-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
RESULTS = ("1-0", "0-1", "*")


class RecordError(HexArenaError):
    """A record that cannot be read or replayed; the message names the line (and the move)."""


@dataclass
class Record:
    """A read record: its tags, the game, the replayed state, and the result it states
    (``None`` when it states none: no result token and no ``Result`` tag)."""

    tags: dict[str, str]
    game: Game
    state: State
    comments: list[str] = field(default_factory=list)
    result: str | None = "*"


_SIMPLE_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r", "t": "\t"}
_ESCAPE_RE = re.compile(r"\\(u[0-9A-Fa-f]{4}|.)", re.DOTALL)


def _needs_code(ch: str) -> bool:
    """Characters written as ``\\uXXXX``: control characters, surrogates, line separators."""
    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp")


def _escape(value: str) -> str:
    """A tag value as it is written between the quotes (see the module's grammar)."""
    out = []
    for ch in value:
        esc = _SIMPLE_ESCAPES.get(ch)
        if esc is not None:
            out.append(esc)
        elif _needs_code(ch):
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _unescape(value: str) -> str:
    """The text a written tag value stands for; ``ValueError`` for an unknown escape."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        if len(code) == 5:
            return chr(int(code[1:], 16))
        if code in _UNESCAPES:
            return _UNESCAPES[code]
        raise ValueError(f'unknown escape \\{code} (the escapes are \\\\ \\" \\n \\r \\t \\uXXXX)')

    return _ESCAPE_RE.sub(one, value)


def write_record(
    state: State,
    *,
    players: tuple[str, str] | None = None,
    date: str | None = None,
    extra: dict[str, str] | None = None,
) -> str:
    """The record of a game (finished or not) as text."""
    game = state.game
    tags: dict[str, str] = {"Game": game.name}
    tags.update(game.record_tags())
    if players is not None:
        tags["Player1"], tags["Player2"] = players
    tags["Date"] = date if date is not None else _dt.date.today().strftime("%Y.%m.%d")
    outcome = state.outcome()
    result = outcome.result if outcome is not None else "*"
    tags["Result"] = result
    if outcome is not None:
        tags["Termination"] = "resignation" if state.resigned is not None else outcome.reason
    if extra:
        tags.update(extra)
    lines = [f'[{k} "{_escape(str(v))}"]' for k, v in tags.items()]
    lines.append("")
    texts = state.move_texts()
    tokens = [f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(texts)]
    tokens.append(result)
    body: list[str] = []
    line: list[str] = []
    width = 0
    for tok in tokens:
        if width + len(tok) > 80 and line:
            body.append(" ".join(line))
            line, width = [], 0
        line.append(tok)
        width += len(tok) + 1
    body.append(" ".join(line))
    return "\n".join(lines + body) + "\n"


_NUMBER_RE = re.compile(r"[0-9]+\.(?:\.\.)?")
_MARK_RE = re.compile(r"[{};]")


def _tokens(
    lines: list[str], first_line: int, source: str
) -> tuple[list[str], list[int], list[str]]:
    """The move text's tokens, their line numbers and its comments, by the module's grammar.

    Move numbers are read and left out; a brace never closed or closed without being opened
    raises :class:`RecordError` naming the line.
    """
    toks: list[str] = []
    lns: list[int] = []
    comments: list[str] = []
    opened = 0  # line of the '{' of the comment being read, 0 outside a brace comment
    parts: list[str] = []  # that comment's text, line by line
    for ln, raw in enumerate(lines, start=first_line):
        if opened:
            end = raw.find("}")
            if end < 0:
                parts.append(raw)
                continue
            parts.append(raw[:end])
            comments.append("\n".join(parts))
            opened, parts = 0, []
            raw = raw[end + 1 :]
        if "{" not in raw and "}" not in raw and ";" not in raw:
            words = raw.split()
        else:
            words = []
            pos = 0
            while True:
                m = _MARK_RE.search(raw, pos)
                if m is None:
                    words.extend(raw[pos:].split())
                    break
                words.extend(raw[pos : m.start()].split())
                if m.group() == "}":
                    raise RecordError(
                        f"{source}, line {ln}: a '}}' outside a comment (comments are {{...}}, "
                        "or ; to the end of the line)"
                    )
                if m.group() == ";":
                    comments.append(raw[m.end() :])
                    break
                end = raw.find("}", m.end())
                if end < 0:
                    opened, parts = ln, [raw[m.end() :]]
                    break
                comments.append(raw[m.end() : end])
                pos = end + 1
        words = [w for w in words if w[-1] != "." or not _NUMBER_RE.fullmatch(w)]
        toks.extend(words)
        lns.extend([ln] * len(words))
    if opened:
        raise RecordError(f"{source}, line {opened}: a '{{' comment is never closed")
    return toks, lns, comments


def _check_option_tags(
    cls: type[Game], tags: dict[str, str], tag_lines: dict[str, int], source: str
) -> None:
    """Refuse a tag that is not capitalised (the game's options) and is not an option of the
    game: a misspelt option would otherwise be dropped, and the game replayed without it."""
    names = [o.name for o in cls.option_specs]
    for k in tags:
        if not k[0].isupper() and k not in names:
            raise RecordError(
                f"{source}, line {tag_lines[k]}: {cls.name} has no option {cut_repr(k, 60)} "
                f"(its options: {', '.join(names) or 'none'}; the record's own tags are "
                "capitalised)"
            )


def read_record(text: str, *, source: str = "record") -> Record:
    """Read and replay a record, validating everything; raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise WrongTypeError(f"a record is text (str), not {type(text).__name__}")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}  # the line of each tag
    i = 0
    while i < len(lines):
        s = lines[i].strip()
        if not s or s.startswith(";"):
            i += 1
            if tags and not s:
                break
            continue
        if not s.startswith("["):
            break
        m = _TAG_RE.match(s)
        if not m:
            raise RecordError(
                f'{source}, line {i + 1}: {cut_repr(s)} is not a tag pair like [Game "churn"]'
            )
        if m.group(1) in tags:
            raise RecordError(f"{source}, line {i + 1}: tag {m.group(1)} appears twice")
        try:
            tags[m.group(1)] = _unescape(m.group(2))
        except ValueError as exc:
            raise RecordError(f"{source}, line {i + 1}: tag {m.group(1)}: {exc}") from None
        tag_lines[m.group(1)] = i + 1
        i += 1
    if "Game" not in tags:
        raise RecordError(f'{source}: no [Game "..."] tag; a record starts with the game\'s name')
    try:
        cls = game_class(tags["Game"])
        _check_option_tags(cls, tags, tag_lines, source)
        game = cls.from_record_tags(tags)
    except HexArenaError as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"{source}, header: {exc}") from None
    state = game.new_initial_state()

    # tokenise the moves, keeping line numbers
    toks, lns, comments = _tokens(lines[i:], i + 1, source)
    result_tok: str | None = None
    if toks and toks[-1] in RESULTS:
        result_tok = toks.pop()
        lns.pop()
    moves = list(zip(lns, toks, strict=True))

    def where(k: int) -> str:
        ln, t = moves[k]
        return f"{source}, line {ln}, move {k + 1} ({cut_repr(t)})"

    # parse every move to actions (a token that is one action's text is that action), then
    # replay them all in compiled code
    lookup = game.action_lookup
    singles = [lookup.get(t, -1) for t in toks]
    if min(singles, default=0) >= 0:  # every move is a single action: the fast path
        flat = np.asarray(singles, dtype=np.int32)
        lengths = np.ones(len(singles), dtype=np.int64)
    else:
        parts: list[list[int]] = []
        for k, a in enumerate(singles):
            if a >= 0:
                parts.append([a])
                continue
            t = moves[k][1]
            if t in RESULTS:
                raise RecordError(f"{where(k)}: the result {t!r} before the end of the moves")
            try:
                parts.append(game.parse_move(t))
            except HexArenaError as exc:
                raise RecordError(f"{where(k)}: {cut(str(exc), 2 * ECHO_LIMIT)}") from None
        lengths = np.fromiter((len(p) for p in parts), dtype=np.int64, count=len(parts))
        flat = np.fromiter((a for p in parts for a in p), dtype=np.int32, count=int(lengths.sum()))
    starts = np.concatenate([[0], np.cumsum(lengths)])
    try:
        state.apply_actions(flat)
    except HexArenaError as exc:
        idx = getattr(exc, "index", None) or 0
        detail = getattr(exc, "detail", str(exc))
        k = int(np.searchsorted(starts, idx, side="right")) - 1
        raise RecordError(f"{where(k)}: {detail}") from None

    # the result must agree with the position, and with itself
    stated = tags.get("Result", result_tok)
    declared = stated if stated is not None else "*"
    if declared not in RESULTS:
        raise RecordError(f"{source}: Result {cut_repr(declared)} is not one of 1-0, 0-1, *")
    if result_tok is not None and declared != result_tok:
        raise RecordError(
            f"{source}: the Result tag says {declared} but the moves end with {result_tok}"
        )
    resigned = declared != "*" and tags.get("Termination", "").lower() == "resignation"

    # every move must be exactly one turn; only the last may be cut short, and only when the
    # game did not end by its rules (it is unfinished, or a player resigned during the turn)
    if len(flat):
        ends = state.turn_ends()
        last = starts[1:] - 1
        unfinished = np.flatnonzero(~ends[last])
        if len(unfinished):
            k = int(unfinished[0])
            if k != len(moves) - 1 or state.is_terminal():
                raise RecordError(f"{where(k)}: not a whole turn")
            if declared != "*" and not resigned:
                raise RecordError(
                    f"{where(k)}: not a whole turn, and the game is not over after it: only a "
                    'resignation ([Termination "resignation"]) may end a game during a turn'
                )
        inner = ends.copy()
        inner[last] = False
        if inner.any():
            j = int(np.flatnonzero(inner)[0])
            k = int(np.searchsorted(starts, j, side="right")) - 1
            raise RecordError(
                f"{where(k)}: the turn ended after {j - starts[k] + 1} action(s), so this is "
                "more than one turn"
            )

    outcome = state.outcome()
    if outcome is not None:
        if stated is not None and declared != outcome.result:
            said = "the game goes on" if declared == "*" else declared
            raise RecordError(
                f"{source}: the record says {said} ({declared}) but the game is over after its "
                f"moves, and replaying it gives {outcome.result} "
                f"({outcome.winner_colour} wins: {outcome.reason})"
            )
    elif declared != "*":
        if not resigned:
            raise RecordError(
                f"{source}: the record says {declared} but the game is not over after its moves "
                'and it does not say [Termination "resignation"]'
            )
        state.resign(1 if declared == "1-0" else 0)
    return Record(tags=tags, game=game, state=state, comments=comments, result=stated)


def load_record(path: str | Path) -> Record:
    """Read a record file (see :func:`read_record`)."""
    p = Path(path)
    try:
        with p.open("rb") as f:  # at most the bound, and a byte more to know it is passed
            data = f.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            raise RecordError(
                f"{cut(str(p))} is larger than a record may be ({MAX_RECORD_BYTES:,} bytes)"
            )
        text = data.decode("utf-8-sig")
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p} is not a text file") from None
    return read_record(text, source=str(p))


def save_record(state: State, path: str | Path, **kwargs: object) -> None:
    """Write a record file (see :func:`write_record`), whole or not at all."""
    write_whole(path, write_record(state, **kwargs))  # type: ignore[arg-type]


def refuse_existing_records(paths: Iterable[str | Path], option: str = "--records") -> None:
    """Refuse (:class:`RecordError`, before any game is played) a run whose record files are
    already there: a record of an earlier run is never written over."""
    there = [Path(p) for p in paths if os.path.lexists(p)]
    if there:
        more = f" and {len(there) - 1:,} more of its records" if len(there) > 1 else ""
        raise RecordError(
            f"{option} {cut(str(there[0].parent), 100)} already holds {cut(there[0].name, 100)}"
            f"{more}: records are never written over; give another folder, or move those away"
        )
