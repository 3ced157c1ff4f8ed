"""Game records: a readable text format, written and read with full validation.

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
:func:`hexarena.new_game` takes them (plus whatever else a game needs to rebuild its board). The
moves are whole turns separated by white space, in the game's move text; ``N.`` numbers every
second turn and is optional when reading. The last token is the result: ``1-0`` (the first player
won), ``0-1`` or ``*`` (unfinished). A game ended by resignation has the loser's resignation in the
result and ``[Termination "resignation"]``. Text after ``;`` on a line, and text in braces, is a
comment.

Reading replays every action with full validation; an error names the line and the move.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .core import Game, HexArenaError, State
from .games import game_class

_TAG_RE = re.compile(r'^\[\s*([A-Za-z_][A-Za-z0-9_\-]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
RESULTS = ("1-0", "0-1", "*")


class RecordError(HexArenaError):
    """A record that cannot be read or replayed; the message names the line (and the move)."""


@dataclass
class Record:
    """A read record: its tags, the game, and the replayed state."""

    tags: dict[str, str]
    game: Game
    state: State
    comments: list[str] = field(default_factory=list)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


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


def _tokens(lines: list[str], first_line: int) -> tuple[list[str], list[int]]:
    """Split move text into tokens and their line numbers, dropping comments and move numbers."""
    toks: list[str] = []
    lns: list[int] = []
    depth = 0
    for ln, raw in enumerate(lines, start=first_line):
        if depth or ";" in raw or "{" in raw:
            words = []
            for tok in raw.split(";", 1)[0].split() if not depth else raw.split():
                if depth or tok.startswith("{"):
                    depth += tok.count("{") - tok.count("}")
                    continue
                words.append(tok)
        else:
            words = raw.split()
        words = [w for w in words if w[-1] != "." or not w.rstrip(".").isdigit()]
        toks.extend(words)
        lns.extend([ln] * len(words))
    return toks, lns


def read_record(text: str, *, source: str = "record") -> Record:
    """Read and replay a record, validating everything; raises :class:`RecordError`."""
    lines = text.split("\n")
    tags: dict[str, str] = {}
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
                f'{source}, line {i + 1}: {s!r} is not a tag pair like [Game "churn"]'
            )
        if m.group(1) in tags:
            raise RecordError(f"{source}, line {i + 1}: tag {m.group(1)} appears twice")
        tags[m.group(1)] = _unescape(m.group(2))
        i += 1
    if "Game" not in tags:
        raise RecordError(f'{source}: no [Game "..."] tag; a record starts with the game\'s name')
    try:
        cls = game_class(tags["Game"])
        game = cls.from_record_tags(tags)
    except HexArenaError as exc:
        raise RecordError(f"{source}, header: {exc}") from None
    state = game.new_initial_state()

    # tokenise the moves, keeping line numbers
    toks, lns = _tokens(lines[i:], i + 1)
    result_tok = "*"
    if toks and toks[-1] in RESULTS:
        result_tok = toks.pop()
        lns.pop()
    moves = list(zip(lns, toks, strict=True))

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
            ln, t = moves[k]
            if t in RESULTS:
                raise RecordError(f"{source}, line {ln}: result {t!r} before the end of the moves")
            try:
                parts.append(game.parse_move(t))
            except HexArenaError as exc:
                raise RecordError(f"{source}, line {ln}, move {k + 1} ({t!r}): {exc}") from None
        lengths = np.fromiter((len(p) for p in parts), dtype=np.int64, count=len(parts))
        flat = np.fromiter((a for p in parts for a in p), dtype=np.int32, count=int(lengths.sum()))
    starts = np.concatenate([[0], np.cumsum(lengths)])
    try:
        state.apply_actions(flat)
    except HexArenaError as exc:
        idx = getattr(exc, "index", None) or 0
        detail = getattr(exc, "detail", str(exc))
        k = int(np.searchsorted(starts, idx, side="right")) - 1
        ln, t = moves[k]
        raise RecordError(f"{source}, line {ln}, move {k + 1} ({t!r}): {detail}") from None
    # every move must be exactly one turn; only an unfinished game may end mid-turn
    if len(flat):
        ends = state.turn_ends()
        last = starts[1:] - 1
        unfinished = np.flatnonzero(~ends[last])
        if len(unfinished):
            k = int(unfinished[0])
            if k != len(moves) - 1 or state.is_terminal() or result_tok != "*":
                ln, t = moves[k]
                raise RecordError(f"{source}, line {ln}, move {k + 1} ({t!r}): not a whole turn")
        inner = ends.copy()
        inner[last] = False
        if inner.any():
            j = int(np.flatnonzero(inner)[0])
            k = int(np.searchsorted(starts, j, side="right")) - 1
            ln, t = moves[k]
            raise RecordError(
                f"{source}, line {ln}, move {k + 1} ({t!r}): the turn ended after "
                f"{j - starts[k] + 1} action(s), so this is more than one turn"
            )

    # the result must agree with the position
    declared = tags.get("Result", result_tok)
    if declared != result_tok and result_tok != "*":
        raise RecordError(
            f"{source}: the Result tag says {declared} but the moves end with {result_tok}"
        )
    if declared not in RESULTS:
        raise RecordError(f"{source}: Result {declared!r} is not one of 1-0, 0-1, *")
    outcome = state.outcome()
    if outcome is not None:
        if declared not in ("*", outcome.result):
            raise RecordError(
                f"{source}: the record says {declared} but replaying it gives {outcome.result} "
                f"({outcome.winner_colour} wins: {outcome.reason})"
            )
    elif declared != "*":
        if tags.get("Termination", "").lower() != "resignation":
            raise RecordError(
                f"{source}: the record says {declared} but the game is not over after its moves "
                'and it does not say [Termination "resignation"]'
            )
        state.resign(1 if declared == "1-0" else 0)
    return Record(tags=tags, game=game, state=state)


def load_record(path: str | Path) -> Record:
    """Read a record file (see :func:`read_record`)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {p}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{p} is not a text file") from None
    return read_record(text, source=str(p))


def save_record(state: State, path: str | Path, **kwargs: object) -> None:
    """Write a record file (see :func:`write_record`)."""
    Path(path).write_text(write_record(state, **kwargs), encoding="utf-8")  # type: ignore[arg-type]
