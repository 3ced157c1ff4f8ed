"""A game's text: its options by name, and the conversions between its actions and text.

:class:`GameText` is the part of :class:`hexarena.core.Game` that reads and writes text: it
checks options given by name and writes them back (for pictures and records), names every
action (a cell, or a special action such as ``swap``) and reads actions and whole turns from
text. Games whose actions are more than cells plus named specials override the action text
methods. It knows nothing of positions, so :mod:`hexarena.core` builds on it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, ClassVar

from .errors import NotationError, OptionError, WrongTypeError
from .hexgrid import Board, CellNameError
from .limits import cut, cut_repr, split_items
from .options import Option


class GameText:
    """Options by name and the text of actions and turns, for a game with its options fixed
    (:class:`hexarena.core.Game` is one; its subclasses set the class attributes)."""

    #: The game's name on the command line and in records.
    name: ClassVar[str] = ""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: Names of actions beyond the cells, in action order from ``board.size`` on.
    special_actions: ClassVar[tuple[str, ...]] = ()
    #: Separator between the actions of one turn in move text.
    move_separator: ClassVar[str] = ","

    board: Board
    #: The options, by name, with defaults filled in (:meth:`parse_options`).
    options: dict[str, Any]

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        """Cross-option checks (for example, refusing even boards); raise :class:`OptionError`."""

    # -- options -------------------------------------------------------
    @classmethod
    def parse_options(cls, given: dict[str, Any]) -> dict[str, Any]:
        """Validate options by name, fill in defaults, and run the game's cross-checks."""
        specs = {o.name: o for o in cls.option_specs}
        unknown = [k for k in given if not isinstance(k, str) or k.replace("-", "_") not in specs]
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError(
                f"{cls.name} has no option {cut(', '.join(map(cut_repr, unknown)))} "
                f"(its options: {known})"
            )
        spelt: dict[str, str] = {}
        for k in given:
            if k.replace("-", "_") in spelt:
                raise OptionError(
                    f"option {k.replace('-', '_')} is given twice, as {spelt[k.replace('-', '_')]}"
                    f" and as {k}: give it once"
                )
            spelt[k.replace("-", "_")] = k
        out: dict[str, Any] = {}
        for o in cls.option_specs:
            raw = given[spelt[o.name]] if o.name in spelt else None
            out[o.name] = o.default if raw is None else o.parse(raw)
        cls.check_options(out)
        return out

    def option_text(self) -> str:
        """The options as ``name=value`` text, for pictures and messages."""
        specs = {o.name: o for o in self.option_specs}
        return " ".join(
            f"{k}={specs[k].format(v)}" for k, v in self.options.items() if v is not None
        )

    def record_tags(self) -> dict[str, str]:
        """Tags that a record needs to rebuild this game exactly (options by default)."""
        specs = {o.name: o for o in self.option_specs}
        return {k: specs[k].format(v) for k, v in self.options.items()}

    # -- actions and text ---------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """Size of the action space: the cells, then the special actions."""
        return self.board.size + len(self.special_actions)

    def action_text(self, action: int) -> str:
        """Text of one action: a cell name, or a special action's name."""
        n = self.board.size
        if 0 <= action < n:
            return self.board.names[action]
        k = action - n
        if 0 <= k < len(self.special_actions):
            return self.special_actions[k]
        raise NotationError(
            f"{action} is not an action of {self.name} (0..{self.num_distinct_actions - 1})"
        )

    def parse_action(self, text: str) -> int:
        """The action written ``text``; raises :class:`NotationError` naming what is wrong."""
        if not isinstance(text, str):
            raise WrongTypeError(f"an action's text is a str, not {cut_repr(text)}")
        t = text.strip().lower()
        if t in self.special_actions:
            return self.board.size + self.special_actions.index(t)
        try:
            return self.board.parse(t)
        except CellNameError as exc:
            specials = (
                f" or one of: {', '.join(self.special_actions)}" if self.special_actions else ""
            )
            raise NotationError(f"{exc}{specials}") from None

    @functools.cached_property
    def action_texts(self) -> list[str]:
        """Text of every action, indexed by action (for fast formatting)."""
        return [self.action_text(a) for a in range(self.num_distinct_actions)]

    @functools.cached_property
    def action_lookup(self) -> dict[str, int]:
        """Action by its exact text (for fast parsing)."""
        return {t: a for a, t in enumerate(self.action_texts)}

    def move_text(self, actions: Sequence[int]) -> str:
        """Text of a whole turn from its actions."""
        return self.move_separator.join(self.action_text(a) for a in actions)

    def parse_move(self, text: str) -> list[int]:
        """The actions of a turn written ``text`` (context-free: each action's text is fixed)."""
        if not isinstance(text, str):
            raise WrongTypeError(f"a move's text is a str, not {cut_repr(text)}")
        a = self.action_lookup.get(text)
        if a is not None:
            return [a]
        return [self.parse_action(p) for p in split_move(text, self.move_separator)]


def split_move(text: str, separator: str) -> list[str]:
    """The actions' texts of a move written ``text`` with ``separator`` between its actions,
    refusing an empty move and a left-out action (``g1,,d2``, or a separator at either end),
    which is never skipped."""
    parts, empty = split_items(text, separator)
    if not any(parts):
        raise NotationError("an empty move")
    if empty is not None:
        raise NotationError(
            f"move {cut_repr(text, 100)}: action {empty} is empty (actions are separated by "
            f"one '{separator}')"
        )
    return parts


__all__ = ["GameText"]
