"""The errors of hexarena: every error about bad input is a :class:`HexArenaError`.

They live below :mod:`hexarena.core` so that every layer (options, geometry helpers, games,
records, applications) can raise them; :mod:`hexarena.core` re-exports them.
"""

from __future__ import annotations


class HexArenaError(ValueError):
    """Base class of every error about bad input (moves, options, records, protocol lines)."""


class IllegalActionError(HexArenaError):
    """An action that is not legal in the current position.

    When raised by a bulk operation, ``index`` is the position of the offending action in the
    sequence and ``detail`` the reason without that prefix.
    """

    def __init__(
        self, message: str, *, index: int | None = None, detail: str | None = None
    ) -> None:
        super().__init__(message)
        self.index = index
        self.detail = detail if detail is not None else message


class NotationError(HexArenaError):
    """Move or action text that cannot be read."""


class GameOverError(HexArenaError):
    """An attempt to act in a finished game."""


class OptionError(HexArenaError):
    """A game option that is unknown or out of range."""


class UnknownGameError(HexArenaError):
    """A game name that is not in the registry."""
