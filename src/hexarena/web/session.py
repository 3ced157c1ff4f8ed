"""A game in play in the web app: its stored header, live state and turns, and its seats.

A :class:`Session` is what the server keeps in memory of one game: it is rebuilt from storage
whenever needed (storage is the single source of truth) and dropped when memory is short.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import Game, State
from .storage import Ending, GameRow, MoveRow, digest, seats_in
from .teaching import effects, has_journeys, journeys


@dataclass
class Session:
    """A game in play: stored header, live state, stored turns, and what guards changes."""

    row: GameRow
    game: Game
    state: State
    moves: list[MoveRow]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    thinking: bool = False
    computer_error: str = ""
    task: asyncio.Task[None] | None = None
    #: Open event streams watching the game (a watched game stays in memory).
    watchers: int = 0
    #: Cells the last turn changed besides those it played on (removals, captures, a final fill).
    effects: list[int] = field(default_factory=list)
    #: The paths of the last turn's moving stones (Throngs' dispatches), landing sites in order.
    journeys: list[list[int]] = field(default_factory=list)

    #: The move field's example and the version it was made for (see :meth:`example`).
    example_of: tuple[int, str] = (-1, "")

    def example(self, make: Callable[[Game, State], str]) -> str:
        """The example turn ``make`` gives for the position now, made once per version."""
        if self.example_of[0] != self.version:
            self.example_of = (self.version, make(self.game, self.state))
        return self.example_of[1]

    @property
    def id(self) -> str:
        """The game's public id (its spectator link)."""
        return self.row.id

    @property
    def version(self) -> int:
        """The stored version this session reflects."""
        return self.row.version

    def seat_kind(self, seat: int) -> str:
        """``human`` or ``computer:<level>``."""
        return self.row.seats[seat]

    def computer_level(self, seat: int) -> str | None:
        """The computer's level at ``seat``, or ``None`` if a person sits there."""
        kind = self.row.seats[seat]
        return kind.split(":", 1)[1] if kind.startswith("computer:") else None

    def size(self) -> int:
        """A rough count of the bytes this session holds (for evicting by memory)."""
        return (
            4096
            + int(self.state.array.nbytes) * 4
            + sum(64 + 8 * len(m.actions) for m in self.moves)
        )

    def notify(self) -> None:
        """Wake everyone waiting for a change of this game."""
        self.changed.set()
        self.changed = asyncio.Event()

    def seats_of(self, token: str | None) -> set[int]:
        """The seats a token may move for (empty for a spectator)."""
        if not token:
            return set()
        key = digest(token)
        return {s for h, mask in self.row.tokens if h == key for s in seats_in(mask)}

    def undo_target(self) -> int | None:
        """How many turns to keep when undoing now, or ``None`` if there is nothing to undo."""
        if self.row.resigned is not None:
            return len(self.moves)
        if not self.moves:
            return None
        if self.row.mode == "local":
            return len(self.moves) - 1
        keep = len(self.moves)
        while keep > 0:
            keep -= 1
            if not self.computer_level(self.moves[keep].seat):
                return keep
        return None

    def remember_last_turn(self) -> None:
        """Work out what the last stored turn changed and moved, for drawing it."""
        self.effects, self.journeys = last_turn_marks(self.game, self.moves)


def before_last(game: Game, moves: list[MoveRow]) -> State:
    """The position before the last of ``moves``."""
    before = game.new_initial_state()
    flat = [a for m in moves[:-1] for a in m.actions]
    if flat:
        before.apply_actions(flat)
    return before


def last_turn_marks(game: Game, moves: list[MoveRow]) -> tuple[list[int], list[list[int]]]:
    """The last of ``moves``: the cells it changed besides those it played on, and the paths
    of the stones it moved (replaying the turns before it)."""
    if not moves:
        return [], []
    before = before_last(game, moves)
    after = before.copy()
    after.apply_actions(moves[-1].actions)
    paths = journeys(game, before, moves[-1].actions) if has_journeys(game) else []
    return effects(game, before, after, moves[-1].actions), paths


def ending(state: State) -> Ending:
    """How a state stands, as storage records it (no result while the game goes on)."""
    o = state.outcome()
    return Ending() if o is None else Ending(o.result, o.reason)
