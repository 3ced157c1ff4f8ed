"""What every games database offers: the rows, the errors and the operations, in portable SQL.

A game is one row of ``games`` plus one row per turn in ``moves``. Every change is one transaction
that first locks the game's row and checks its ``version`` (a counter bumped by every change)
against the version the caller last saw, so two changes sent at once can never both apply, even
from several server processes sharing one database. Moves are stored as they are made, so a
restart (or a crash) loses nothing: a server rebuilds each position by replaying the stored actions.

Seat secrets are never stored, only their SHA-256 digests (:func:`digest`): ``seat_tokens`` says
which seats a token plays (a bit mask: 1 the first seat, 2 the second, 3 both on one screen), and
``seat_codes`` holds the one-time codes of invitation and other-device links.

:class:`SqlStorage` implements everything over a small transaction interface; the SQLite and
PostgreSQL modules supply the connection, the locking and the schema migrations.
"""

from __future__ import annotations

import hashlib
import json
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

#: The longest player name kept (longer names are refused).
MAX_NAME = 40
#: Seat masks: which seats a token or a code stands for.
SEAT_MASKS = (1, 2)
BOTH_SEATS = 3
#: How many times :meth:`Storage.load` reads a game that another process keeps changing.
LOAD_TRIES = 5


class StorageError(Exception):
    """A database URL that cannot be used, or a database that cannot be opened."""


class VersionConflict(Exception):
    """The game changed since the caller read it; the change was not made."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game has changed (it is now at version {current}); reload it")
        self.current = current


class ClaimRefused(Exception):
    """A seat code that cannot be used: unknown (``used`` False) or already used (``used`` True)."""

    def __init__(self, used: bool) -> None:
        super().__init__(
            "that link has already been used" if used else "that link is not valid for this game"
        )
        self.used = used


def digest(secret: str) -> str:
    """The stored form of a seat token or code: the hex SHA-256 of its text."""
    return hashlib.sha256(secret.encode()).hexdigest()


def redact_url(url: str) -> str:
    """A database URL without its password, for messages and logs."""
    head, sep, tail = url.rpartition("@")
    if sep and "//" in head:
        scheme, _, user = head.partition("//")
        if ":" in user:
            return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"
    return url


def seats_in(mask: int) -> list[int]:
    """The seats (0 and/or 1) of a seat mask."""
    return [s for s in (0, 1) if mask & (1 << s)]


@dataclass(frozen=True)
class GameRow:
    """A stored game's header: what it is, who sits where, and where it stands."""

    id: str
    game: str
    tags: dict[str, str]
    mode: str
    seats: list[str]
    #: ``(digest, seat mask)`` of every token that may act in this game.
    tokens: tuple[tuple[str, int], ...]
    #: The players' names ("" when none was given).
    names: tuple[str, str]
    seed: int
    created: float
    updated: float
    version: int
    turns: int
    resigned: int | None
    result: str
    reason: str

    def claimed(self, seat: int) -> bool:
        """Whether some person's token plays ``seat``."""
        return any(mask & (1 << seat) for _, mask in self.tokens)


@dataclass(frozen=True)
class MoveRow:
    """One stored turn: the seat and colour that played it and its actions."""

    seat: int
    colour: int
    actions: list[int]


@dataclass(frozen=True)
class Ending:
    """The result columns written with a change: ``*`` and no reason while the game goes on."""

    result: str = "*"
    reason: str = ""


@dataclass(frozen=True)
class Claim:
    """What a seat code gave: the seats of the new token and the game's new version."""

    seats: int
    version: int
    kind: str


class Tx(ABC):
    """One open transaction: statements with ``?`` placeholders, rows as mappings by name."""

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        """Run a statement."""

    @abstractmethod
    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once per row of parameters."""

    @abstractmethod
    def one(self, sql: str, params: Sequence[Any] = ()) -> Mapping[str, Any] | None:
        """The first row of a query, or ``None``."""

    @abstractmethod
    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        """Every row of a query."""


def _game_row(r: Mapping[str, Any], tokens: Sequence[Mapping[str, Any]]) -> GameRow:
    return GameRow(
        id=r["id"],
        game=r["game"],
        tags=json.loads(r["tags"]),
        mode=r["mode"],
        seats=json.loads(r["seats"]),
        tokens=tuple((t["hash"], int(t["seats"])) for t in tokens),
        names=(r["name0"] or "", r["name1"] or ""),
        seed=int(r["seed"]),
        created=float(r["created"]),
        updated=float(r["updated"]),
        version=int(r["version"]),
        turns=int(r["turns"]),
        resigned=None if r["resigned"] is None else int(r["resigned"]),
        result=r["result"],
        reason=r["reason"],
    )


class SqlStorage(ABC):
    """The games database: every read and change, over one backend's transactions.

    Thread-safe: each backend serialises its use of the connection. ``live`` tells whether the
    backend announces changes made by other processes (:meth:`listen`).
    """

    url: str
    live: bool = False
    #: Clause added to the version check of a change (PostgreSQL: ``FOR UPDATE``).
    lock_clause: str = ""

    @abstractmethod
    def _tx(self) -> AbstractContextManager[Tx]:
        """A write transaction (committed on success, rolled back on error)."""

    @abstractmethod
    def _read(self) -> AbstractContextManager[Tx]:
        """A read-only unit of work."""

    @abstractmethod
    def close(self) -> None:
        """Close the connections (and stop listening)."""

    def schema_version(self) -> int:
        """The schema's version number (the last migration applied)."""
        with self._read() as tx:
            r = tx.one("SELECT MAX(version) AS v FROM schema_version")
        return int(r["v"]) if r and r["v"] is not None else 0

    @abstractmethod
    def _announce(self, tx: Tx, game_id: str) -> None:
        """Tell other processes, once the transaction commits, that a game changed."""

    @abstractmethod
    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(game_id)`` (from another thread) when another process changes a game
        (``callback("")``: any game may have changed).

        A backend without notifications does nothing here: its games are polled instead.
        """

    # -- reading ---------------------------------------------------------
    def get_game(self, game_id: str) -> GameRow | None:
        """The stored game with this id, or ``None``."""
        with self._read() as tx:
            r = tx.one("SELECT * FROM games WHERE id = ?", (game_id,))
            if r is None:
                return None
            tokens = tx.all(
                "SELECT hash, seats FROM seat_tokens WHERE game_id = ? ORDER BY created, hash",
                (game_id,),
            )
        return _game_row(r, tokens)

    def version(self, game_id: str) -> int | None:
        """The game's current version (``None`` if there is no such game)."""
        with self._read() as tx:
            r = tx.one("SELECT version FROM games WHERE id = ?", (game_id,))
        return None if r is None else int(r["version"])

    def moves(self, game_id: str) -> list[MoveRow]:
        """Every stored turn of the game, in order."""
        with self._read() as tx:
            rows = tx.all(
                "SELECT seat, colour, actions FROM moves WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [
            MoveRow(
                int(r["seat"]),
                int(r["colour"]),
                [int(a) for a in r["actions"].split(",")] if r["actions"] else [],
            )
            for r in rows
        ]

    def load(self, game_id: str) -> tuple[GameRow, list[MoveRow]] | None:
        """The game's header and its turns as one stored version (``None`` if there is no such
        game): read again while another process changes the game between the reads, a few times
        at most (a game still changing then is reloaded by the next request's version check)."""
        tries = 0
        while True:
            row = self.get_game(game_id)
            if row is None:
                return None
            moves = self.moves(game_id)
            tries += 1
            if tries == LOAD_TRIES or self.version(game_id) == row.version:
                return row, moves

    def recent(self, limit: int = 20) -> list[GameRow]:
        """The games changed most recently, newest first (without their tokens)."""
        with self._read() as tx:
            rows = tx.all(
                "SELECT * FROM games ORDER BY updated DESC, created DESC LIMIT ?", (limit,)
            )
        return [_game_row(r, ()) for r in rows]

    def stats(self) -> dict[str, Any]:
        """Counts of games and moves (for the status endpoint)."""
        with self._read() as tx:
            g = tx.one("SELECT COUNT(*) AS n FROM games")
            m = tx.one("SELECT COUNT(*) AS n FROM moves")
        return {"games": int(g["n"]) if g else 0, "moves": int(m["n"]) if m else 0}

    # -- writing ---------------------------------------------------------
    def _check_version(self, tx: Tx, game_id: str, expected: int | None) -> int:
        """Lock the game's row; its next version, or :class:`VersionConflict`."""
        r = tx.one(f"SELECT version FROM games WHERE id = ?{self.lock_clause}", (game_id,))
        if r is None:
            raise KeyError(game_id)
        current = int(r["version"])
        if expected is not None and current != expected:
            raise VersionConflict(current)
        return current + 1

    def _bump(
        self, tx: Tx, game_id: str, new: int, sets: str = "", params: Sequence[Any] = ()
    ) -> None:
        """Store the game's new version (and ``sets``), and announce the change."""
        extra = f", {sets}" if sets else ""
        tx.execute(
            f"UPDATE games SET version = ?, updated = ?{extra} WHERE id = ?",
            (new, time.time(), *params, game_id),
        )
        self._announce(tx, game_id)

    def create_game(
        self,
        game_id: str,
        game: str,
        tags: dict[str, str],
        mode: str,
        seats: Sequence[str],
        seed: int,
        *,
        tokens: Sequence[tuple[str, int]] = (),
        codes: Sequence[tuple[str, int, str]] = (),
        names: tuple[str, str] = ("", ""),
        moves: Sequence[MoveRow] = (),
        resigned: int | None = None,
        ending: Ending = Ending(),
    ) -> None:
        """Store a new game: its seat tokens ``(digest, mask)``, its codes ``(digest, mask,
        kind)``, the players' names, and the moves of an imported record, if any."""
        now = time.time()
        with self._tx() as tx:
            tx.execute(
                "INSERT INTO games (id, game, tags, mode, seats, seed, created, updated, version,"
                " turns, resigned, result, reason, name0, name1)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    game,
                    json.dumps(tags),
                    mode,
                    json.dumps(list(seats)),
                    seed,
                    now,
                    now,
                    len(moves),
                    resigned,
                    ending.result,
                    ending.reason,
                    names[0],
                    names[1],
                ),
            )
            if tokens:
                tx.many(
                    "INSERT INTO seat_tokens (hash, game_id, seats, created) VALUES (?, ?, ?, ?)",
                    [(h, game_id, mask, now) for h, mask in tokens],
                )
            if codes:
                tx.many(
                    "INSERT INTO seat_codes (hash, game_id, seats, kind, used, created)"
                    " VALUES (?, ?, ?, ?, 0, ?)",
                    [(h, game_id, mask, kind, now) for h, mask, kind in codes],
                )
            if moves:
                tx.many(
                    "INSERT INTO moves (game_id, seq, seat, colour, actions)"
                    " VALUES (?, ?, ?, ?, ?)",
                    [
                        (game_id, i, m.seat, m.colour, ",".join(map(str, m.actions)))
                        for i, m in enumerate(moves)
                    ],
                )

    def append_move(
        self, game_id: str, expected: int, turns: int, move: MoveRow, ending: Ending
    ) -> int:
        """Store one more turn (turn number ``turns``) if the game is still at ``expected``.

        Returns the new version; raises :class:`VersionConflict` and changes nothing otherwise.
        """
        with self._tx() as tx:
            new = self._check_version(tx, game_id, expected)
            tx.execute(
                "INSERT INTO moves (game_id, seq, seat, colour, actions) VALUES (?, ?, ?, ?, ?)",
                (game_id, turns, move.seat, move.colour, ",".join(map(str, move.actions))),
            )
            self._bump(
                tx,
                game_id,
                new,
                "turns = ?, result = ?, reason = ?",
                (turns + 1, ending.result, ending.reason),
            )
        return new

    def truncate(self, game_id: str, expected: int, keep: int, ending: Ending) -> int:
        """Keep only the first ``keep`` turns, drop any resignation; returns the new version."""
        with self._tx() as tx:
            new = self._check_version(tx, game_id, expected)
            tx.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, keep))
            self._bump(
                tx,
                game_id,
                new,
                "turns = ?, resigned = NULL, result = ?, reason = ?",
                (keep, ending.result, ending.reason),
            )
        return new

    def resign(self, game_id: str, expected: int, seat: int, ending: Ending) -> int:
        """Record that ``seat`` resigned; returns the new version."""
        with self._tx() as tx:
            new = self._check_version(tx, game_id, expected)
            self._bump(
                tx,
                game_id,
                new,
                "resigned = ?, result = ?, reason = ?",
                (seat, ending.result, ending.reason),
            )
        return new

    def add_code(self, game_id: str, code: str, seats: int, kind: str) -> None:
        """Store a one-time code (its digest) for ``seats``, replacing that kind's unused codes
        for the same seats (only the latest other-device link works)."""
        with self._tx() as tx:
            self._check_version(tx, game_id, None)
            tx.execute(
                "DELETE FROM seat_codes WHERE game_id = ? AND seats = ? AND kind = ? AND used = 0",
                (game_id, seats, kind),
            )
            tx.execute(
                "INSERT INTO seat_codes (hash, game_id, seats, kind, used, created)"
                " VALUES (?, ?, ?, ?, 0, ?)",
                (code, game_id, seats, kind, time.time()),
            )

    def claim(self, game_id: str, code: str, token: str, name: str | None) -> Claim:
        """Use a one-time code (digest ``code``): store ``token`` for its seats, once.

        An invitation also sets the claimant's name (``None`` keeps it). The game's version moves
        on, so every server sees the seat taken. Raises :class:`ClaimRefused`, or ``ValueError``
        for a name with a code that is not an invitation.
        """
        with self._tx() as tx:
            new = self._check_version(tx, game_id, None)
            r = tx.one(
                f"SELECT seats, kind, used FROM seat_codes WHERE hash = ? AND game_id = ?"
                f"{self.lock_clause}",
                (code, game_id),
            )
            if r is None:
                raise ClaimRefused(used=False)
            if int(r["used"]):
                raise ClaimRefused(used=True)
            mask, kind = int(r["seats"]), str(r["kind"])
            if name is not None and kind != "invite":
                raise ValueError("a name is given only when taking a seat by invitation")
            if kind == "invite":
                taken = tx.one(
                    "SELECT COUNT(*) AS n FROM seat_tokens WHERE game_id = ? AND (seats & ?) != 0",
                    (game_id, mask),
                )
                if taken and int(taken["n"]):
                    raise ClaimRefused(used=True)
            tx.execute("UPDATE seat_codes SET used = 1 WHERE hash = ?", (code,))
            tx.execute(
                "INSERT INTO seat_tokens (hash, game_id, seats, created) VALUES (?, ?, ?, ?)",
                (token, game_id, mask, time.time()),
            )
            if kind == "invite" and name is not None and mask in SEAT_MASKS:
                column = "name0" if mask == 1 else "name1"
                self._bump(tx, game_id, new, f"{column} = ?", (name,))
            else:
                self._bump(tx, game_id, new)
        return Claim(seats=mask, version=new, kind=kind)
