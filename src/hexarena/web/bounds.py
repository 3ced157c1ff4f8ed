"""Bounds on what a request may carry: JSON depth and list lengths, option values, echoed text.

Every limit here refuses with a 400 and a message saying what was too large; no message repeats
more than :data:`ECHO` characters of the client's input, whatever its size.
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

#: Deepest JSON nesting accepted in a request body (the API needs 3).
MAX_DEPTH = 16
#: Digits of a whole number in a request body.
MAX_DIGITS = 30
#: Longest JSON list accepted anywhere in a request body.
MAX_LIST = 10_000
#: Most actions in one turn sent to the server (the longest turn of any game has a handful).
MAX_TURN = 64
#: Most characters of the client's own input repeated in an error message.
ECHO = 300
#: Most options in a new-game request, and the longest text of one option's value (a China
#: Grove board written out cell by cell fits).
MAX_OPTIONS = 16
MAX_OPTION_TEXT = 4_000
#: Largest whole number accepted as an option value.
MAX_OPTION_INT = 2**31 - 1
#: Most games one request may ask about (the front page's "my games" keeps 50).
MAX_IDS = 50
#: A game id: letters and digits, at most 40.
GAME_ID = re.compile(r"[A-Za-z0-9]{1,40}")


class RequestRefused(Exception):
    """A refused request: the HTTP status to answer, a message for a person, extra headers."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def cut(text: str, limit: int = ECHO) -> str:
    """``text`` shortened to ``limit`` characters (saying how long it was) for an error message."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters in all)"


def shown(value: Any, limit: int = ECHO) -> str:
    """The ``repr`` of a value from a request, cut for an error message (never built whole)."""
    if isinstance(value, list) and len(value) > 50:
        head = ", ".join(repr(v)[:40] for v in value[:20])
        return f"[{head}, ...] ({len(value):,} items)"
    if isinstance(value, dict) and len(value) > 50:
        return f"{{...}} ({len(value):,} entries)"
    return cut(repr(value), limit)


# --------------------------------------------------------------------------- bounded JSON
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)


def json_depth(raw: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text, counted without parsing it."""
    bare = _STRING.sub(b'""', raw)
    codes = np.frombuffer(bare, dtype=np.uint8)
    if codes.size == 0:
        return 0
    step = np.zeros(codes.size, dtype=np.int32)
    step[(codes == ord("[")) | (codes == ord("{"))] = 1
    step[(codes == ord("]")) | (codes == ord("}"))] = -1
    return int(np.cumsum(step).max(initial=0))


def _longest_list(value: Any) -> int:
    """The length of the longest list anywhere in parsed JSON (an explicit stack, no recursion)."""
    longest = 0
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            longest = max(longest, len(v))
            if longest > MAX_LIST:
                return longest
            stack.extend(x for x in v if isinstance(x, list | dict))
        elif isinstance(v, dict):
            stack.extend(x for x in v.values() if isinstance(x, list | dict))
    return longest


def _bounded_int(text: str) -> int:
    """A JSON number without a fraction, refused past :data:`MAX_DIGITS` digits (Python would
    refuse one of over 4,300 digits with advice about its own settings)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise RequestRefused(
            400, f"the request body has a number of {digits:,} digits; at most {MAX_DIGITS}"
        )
    return int(text)


def _one_of_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object from its ``(key, value)`` pairs, refused (400) when a key comes twice
    (Python's parser would keep the last value without a word)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise RequestRefused(
                400, f"the request body gives {cut(key, 60)!r} twice in one object: give it once"
            )
        data[key] = value
    return data


def bounded_json(raw: bytes) -> Any:
    """Parse a request body, refusing (400) JSON that is invalid, too deep, has too long a list
    or gives a key twice in one object.

    The depth is counted on the raw text before parsing, so no nesting can exhaust the parser's
    recursion; lists are measured only when the text has enough commas to hold a long one.
    """
    depth = json_depth(raw)
    if depth > MAX_DEPTH:
        raise RequestRefused(
            400, f"the request body is nested {depth:,} deep; at most {MAX_DEPTH} is accepted"
        )
    try:
        data = json.loads(raw, parse_int=_bounded_int, object_pairs_hook=_one_of_each)
    except RequestRefused:
        raise
    except ValueError as exc:  # invalid JSON or text
        raise RequestRefused(400, f"the request body is not valid JSON: {cut(str(exc))}") from None
    except RecursionError:  # not reachable after the depth check; kept as a last defence
        raise RequestRefused(400, "the request body is nested too deep") from None
    if raw.count(b",") >= MAX_LIST:
        longest = _longest_list(data)
        if longest > MAX_LIST:
            raise RequestRefused(
                400,
                f"the request body has a list of {longest:,}+ items; "
                f"at most {MAX_LIST:,} are accepted",
            )
    return data


def check_option_values(options: Any, known: list[str], sides_limit: int | None) -> dict[str, Any]:
    """The options of a new-game request, refused (400) unless every one is a known name with a
    small plain value; empty values are left out (they mean the default).

    ``sides_limit`` bounds each side length of a ``sides`` option (an irregular board is never
    larger than the largest regular one).
    """
    if not isinstance(options, dict):
        raise RequestRefused(
            400, f"'options' must be an object of option values, not {shown(options)}"
        )
    if len(options) > MAX_OPTIONS:
        raise RequestRefused(400, f"at most {MAX_OPTIONS} options are accepted, not {len(options)}")
    clean: dict[str, Any] = {}
    for name, value in options.items():
        if name not in known:
            raise RequestRefused(
                400, f"there is no option {cut(name, 60)!r}; the options are: {', '.join(known)}"
            )
        if value is None or value == "":
            continue
        if isinstance(value, bool):
            pass
        elif isinstance(value, int):
            if abs(value) > MAX_OPTION_INT:
                low, high = f"at least {-MAX_OPTION_INT:,}", f"at most {MAX_OPTION_INT:,}"
                side = low if value < 0 else high
                raise RequestRefused(400, f"option {name} must be {side}, not {shown(value, 40)}")
        elif isinstance(value, str):
            if len(value) > MAX_OPTION_TEXT:
                raise RequestRefused(
                    400,
                    f"option {name} is {len(value):,} characters long; "
                    f"at most {MAX_OPTION_TEXT:,} are accepted",
                )
        else:
            raise RequestRefused(
                400, f"option {name} must be a number, text or yes/no, not {shown(value, 60)}"
            )
        if name == "sides" and sides_limit is not None:
            _check_sides(value, sides_limit)
        clean[name] = value
    return clean


def _check_sides(value: Any, limit: int) -> None:
    """Refuse a ``sides`` value with a side longer than ``limit`` (the rest the game checks)."""
    for part in re.split(r"[,\s]+", str(value).strip()):
        if part.isdigit() and int(part) > limit:
            raise RequestRefused(
                400, f"option sides: each side may be at most {limit} long, not {cut(part, 20)}"
            )


def actions_field(
    body: dict[str, Any], name: str = "actions", *, required: bool = True
) -> list[int]:
    """A turn's list of action numbers from a request body (at most :data:`MAX_TURN`)."""
    if name not in body:
        if required:
            raise RequestRefused(400, f"the request needs {name!r}: a list of action numbers")
        return []
    v = body[name]
    if not isinstance(v, list):
        raise RequestRefused(400, f"{name!r} must be a list of action numbers, not {shown(v)}")
    if len(v) > MAX_TURN:
        raise RequestRefused(400, f"{name!r} has {len(v):,} actions; a turn has at most {MAX_TURN}")
    if not all(isinstance(a, int) and not isinstance(a, bool) for a in v):
        raise RequestRefused(
            400, f"{name!r} must be a list of action numbers (integers), not {shown(v)}"
        )
    return list(v)


def game_ids(values: list[str]) -> list[str]:
    """The game ids of a query's ``ids`` (given once, comma-separated): each of letters and digits
    (at most 40), at most :data:`MAX_IDS` of them, in order, repeats dropped; else a 400 saying
    what was wrong."""
    if len(values) != 1:
        raise RequestRefused(400, "give ids once, the game ids separated by commas")
    ids = [i.strip() for i in values[0].split(",")] if values[0].strip() else []
    if not ids:
        raise RequestRefused(400, f"ids needs 1 to {MAX_IDS} game ids, separated by commas")
    if len(ids) > MAX_IDS:
        raise RequestRefused(400, f"ids has at most {MAX_IDS} game ids, not {len(ids):,}")
    for i in ids:
        if not GAME_ID.fullmatch(i):
            raise RequestRefused(
                400, f"{cut(i, 60)!r} is not a game id (letters and digits, at most 40)"
            )
    return list(dict.fromkeys(ids))
