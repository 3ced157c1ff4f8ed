"""Game options: a name, a kind and a range, and the exact reading of a given value.

A value is accepted only when it is exactly a valid value of its kind: a whole number (a Python
or NumPy integer, or ASCII digits in text, never a float or a bool), a yes/no flag (a bool or
yes/no text), one of a few words, six side lengths, or bounded text. Everything else is refused
with an :class:`~hexarena.errors.OptionError` that names the option and the rule, before any
board is built. :mod:`hexarena.core` re-exports :class:`Option`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .errors import OptionError
from .hexgrid import BoardError, check_sides, parse_sides
from .limits import MAX_BOARD_SIDE, MAX_DIGITS, MAX_OPTION_TEXT, cut_repr, parse_int_text

_YES = ("1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


def whole_number(value: Any, what: str) -> int:
    """``value`` as an ``int`` if it is exactly a whole number of at most :data:`MAX_DIGITS`
    digits (Python or NumPy integer, or digits in text); ``ValueError`` naming ``what`` if not."""
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer | str):
        raise ValueError(f"{what} is a whole number, not {cut_repr(value)}")
    if isinstance(value, str):
        return parse_int_text(value, what)
    v = int(value)
    if abs(v) >= 10**MAX_DIGITS:
        raise ValueError(f"{what} has more than {MAX_DIGITS} digits")
    return v


@dataclass(frozen=True)
class Option:
    """One game option: its name (as in ``new_game`` and on the command line), type and range.

    ``minimum`` and ``maximum`` bound an ``int``; ``maximum`` is the longest text of a ``str``
    option (default :data:`~hexarena.limits.MAX_OPTION_TEXT`). A ``sides`` option takes six
    side lengths, each at most :data:`~hexarena.limits.MAX_BOARD_SIDE`.
    """

    name: str
    kind: str  # "int", "choice", "flag", "sides", "str"
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def describe(self) -> dict[str, Any]:
        """The option as plain JSON data, for ``hexarena games --json`` and the new-game form."""

        def plain(v: Any) -> Any:
            return [plain(x) for x in v] if isinstance(v, tuple | list) else v

        return {
            "name": self.name,
            "kind": self.kind,
            "default": plain(self.default),
            "help": self.help,
            "choices": plain(self.choices) if self.choices else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }

    def parse(self, value: Any) -> Any:
        """Validate ``value`` (a Python value or command-line text); return its canonical form."""
        if self.kind == "flag":
            if isinstance(value, bool | np.bool_):
                return bool(value)
            if isinstance(value, str) and value.strip().lower() in _YES + _NO:
                return value.strip().lower() in _YES
            raise OptionError(f"option {self.name} is yes or no, not {cut_repr(value)}")
        if self.kind == "int":
            try:
                v = whole_number(value, f"option {self.name}")
            except ValueError as exc:
                raise OptionError(str(exc)) from None
            if self.choices is not None and v not in self.choices:
                allowed = ", ".join(map(str, self.choices))
                raise OptionError(f"option {self.name} must be one of {allowed}, not {v}")
            if self.minimum is not None and v < self.minimum:
                raise OptionError(f"option {self.name} must be at least {self.minimum}, not {v}")
            if self.maximum is not None and v > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}, not {v}")
            return v
        if self.kind == "choice":
            assert self.choices is not None
            allowed = ", ".join(self.choices)
            if not isinstance(value, str) or value.strip().lower() not in self.choices:
                raise OptionError(
                    f"option {self.name} must be one of {allowed}, not {cut_repr(value)}"
                )
            return value.strip().lower()
        if self.kind == "sides":
            return self._sides(value)
        if self.kind == "str":
            longest = self.maximum if self.maximum is not None else MAX_OPTION_TEXT
            if not isinstance(value, str):
                raise OptionError(f"option {self.name} is text, not {cut_repr(value)}")
            if len(value) > longest:
                raise OptionError(
                    f"option {self.name} is at most {longest:,} characters, "
                    f"not {len(value):,} ({cut_repr(value, 40)})"
                )
            return value
        raise AssertionError(self.kind)

    def _sides(self, value: Any) -> tuple[int, ...]:
        like = "six side lengths like 3,4,3,4,3,4"
        try:
            if isinstance(value, str):
                if len(value) > MAX_OPTION_TEXT:
                    raise OptionError(
                        f"option {self.name} takes {like}, not {len(value):,} characters "
                        f"({cut_repr(value, 40)})"
                    )
                return parse_sides(value)
            if not isinstance(value, tuple | list):
                raise OptionError(f"option {self.name} takes {like}, not {cut_repr(value)}")
            if len(value) != 6:
                raise OptionError(f"option {self.name} takes {like}, not {len(value)} values")
            sides = tuple(whole_number(v, "every side length") for v in value)
            if max(sides) > MAX_BOARD_SIDE:
                raise OptionError(
                    f"option {self.name}: every side length must be at most {MAX_BOARD_SIDE}, "
                    f"not {max(sides)}"
                )
            check_sides(sides)
            return sides
        except (BoardError, ValueError) as exc:
            if isinstance(exc, OptionError):
                raise
            raise OptionError(f"option {self.name}: {exc}") from None

    def format(self, value: Any) -> str:
        """The option value as text (for records and command lines)."""
        if value is None:
            return ""
        if self.kind == "sides":
            return ",".join(map(str, value))
        if self.kind == "flag":
            return "yes" if value else "no"
        return str(value)
