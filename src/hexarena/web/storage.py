"""Durable storage of web games: one row per game and one row per move, in SQLite.

Every change to a game is one transaction that first checks the game's ``version`` (a counter
bumped by every change) against the version the caller last saw, so two changes sent at once can
never both apply, even from two server processes sharing one database file. Moves are stored as
they are made, so a restart (or a crash) loses nothing: the server rebuilds each position by
replaying the stored actions.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    tags TEXT NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    token0 TEXT,
    token1 TEXT,
    seed INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    turns INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER,
    result TEXT NOT NULL DEFAULT '*',
    reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS games_updated ON games (updated);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    colour INTEGER NOT NULL,
    actions TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class StorageError(Exception):
    """A database URL that cannot be used, or a database that cannot be opened."""


class VersionConflict(Exception):
    """The game changed since the caller read it; the change was not made."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game has changed (it is now at version {current}); reload it")
        self.current = current


@dataclass(frozen=True)
class GameRow:
    """A stored game's header: what it is, who sits where, and where it stands."""

    id: str
    game: str
    tags: dict[str, str]
    mode: str
    seats: list[str]
    tokens: tuple[str | None, str | None]
    seed: int
    created: float
    updated: float
    version: int
    turns: int
    resigned: int | None
    result: str
    reason: str


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


def sqlite_path(url: str) -> str:
    """The file path (or ``:memory:``) of a ``sqlite:///path`` database URL.

    ``sqlite:///hexarena.db`` is relative to the current directory, ``sqlite:////abs/x.db``
    absolute, ``sqlite://`` or ``sqlite:///:memory:`` an in-memory database. A plain path is
    accepted too.
    """
    text = url.strip()
    if not text:
        raise StorageError("the database URL is empty; use e.g. sqlite:///hexarena.db")
    if "://" not in text:
        return text
    scheme, rest = text.split("://", 1)
    if scheme.lower() not in ("sqlite", "sqlite3"):
        raise StorageError(
            f"unsupported database URL {url!r}: this server stores games in SQLite; "
            "use sqlite:///FILE (relative), sqlite:////ABSOLUTE/FILE or sqlite:// (in memory)"
        )
    if rest in ("", "/", "/:memory:"):
        return ":memory:"
    if not rest.startswith("/"):
        raise StorageError(
            f"a SQLite URL has three slashes before a file name: sqlite:///FILE, not {url!r}"
        )
    return rest[1:]


def _row(r: sqlite3.Row) -> GameRow:
    return GameRow(
        id=r["id"],
        game=r["game"],
        tags=json.loads(r["tags"]),
        mode=r["mode"],
        seats=json.loads(r["seats"]),
        tokens=(r["token0"], r["token1"]),
        seed=int(r["seed"]),
        created=float(r["created"]),
        updated=float(r["updated"]),
        version=int(r["version"]),
        turns=int(r["turns"]),
        resigned=None if r["resigned"] is None else int(r["resigned"]),
        result=r["result"],
        reason=r["reason"],
    )


class Storage:
    """The games database (thread-safe: one connection guarded by a lock)."""

    def __init__(self, url: str = "sqlite:///hexarena.db") -> None:
        self.url = url
        path = sqlite_path(url)
        if path != ":memory:":
            parent = Path(path).expanduser().resolve().parent
            if not parent.is_dir():
                raise StorageError(f"cannot open database {url!r}: folder {parent} does not exist")
        try:
            self._db = sqlite3.connect(
                path, check_same_thread=False, isolation_level=None, timeout=30
            )
            self._db.row_factory = sqlite3.Row
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
                # a commit is durable once in the log: a killed server loses nothing, and the
                # event loop does not wait for a disk flush on every move (only a power cut
                # could lose the last moves)
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {url!r}: {exc}") from None
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` takes the write lock up front)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _check_version(self, db: sqlite3.Connection, game_id: str, expected: int) -> int:
        row = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(game_id)
        if int(row[0]) != expected:
            raise VersionConflict(int(row[0]))
        return expected + 1

    # -- reading ---------------------------------------------------------
    def get_game(self, game_id: str) -> GameRow | None:
        """The stored game with this id, or ``None``."""
        with self._lock:
            r = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if r is None else _row(r)

    def version(self, game_id: str) -> int | None:
        """The game's current version (``None`` if there is no such game)."""
        with self._lock:
            r = self._db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if r is None else int(r[0])

    def moves(self, game_id: str) -> list[MoveRow]:
        """Every stored turn of the game, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT seat, colour, actions FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return [
            MoveRow(int(r[0]), int(r[1]), [int(a) for a in r[2].split(",")] if r[2] else [])
            for r in rows
        ]

    def recent(self, limit: int = 20) -> list[GameRow]:
        """The games changed most recently, newest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT * FROM games ORDER BY updated DESC, created DESC LIMIT ?", (limit,)
            ).fetchall()
        return [_row(r) for r in rows]

    # -- writing ---------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        game: str,
        tags: dict[str, str],
        mode: str,
        seats: Sequence[str],
        tokens: tuple[str | None, str | None],
        seed: int,
        moves: Sequence[MoveRow] = (),
        resigned: int | None = None,
        ending: Ending = Ending(),
    ) -> None:
        """Store a new game (with the moves of an imported record, if any)."""
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, game, tags, mode, seats, token0, token1, seed, created,"
                " updated, version, turns, resigned, result, reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                (
                    game_id,
                    game,
                    json.dumps(tags),
                    mode,
                    json.dumps(list(seats)),
                    tokens[0],
                    tokens[1],
                    seed,
                    now,
                    now,
                    len(moves),
                    resigned,
                    ending.result,
                    ending.reason,
                ),
            )
            db.executemany(
                "INSERT INTO moves (game_id, seq, seat, colour, actions) VALUES (?, ?, ?, ?, ?)",
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
        with self._transaction() as db:
            new = self._check_version(db, game_id, expected)
            db.execute(
                "INSERT INTO moves (game_id, seq, seat, colour, actions) VALUES (?, ?, ?, ?, ?)",
                (game_id, turns, move.seat, move.colour, ",".join(map(str, move.actions))),
            )
            db.execute(
                "UPDATE games SET version = ?, turns = ?, updated = ?, result = ?, reason = ?"
                " WHERE id = ?",
                (new, turns + 1, time.time(), ending.result, ending.reason, game_id),
            )
        return new

    def truncate(self, game_id: str, expected: int, keep: int, ending: Ending) -> int:
        """Keep only the first ``keep`` turns, drop any resignation; returns the new version."""
        with self._transaction() as db:
            new = self._check_version(db, game_id, expected)
            db.execute("DELETE FROM moves WHERE game_id = ? AND seq >= ?", (game_id, keep))
            db.execute(
                "UPDATE games SET version = ?, turns = ?, resigned = NULL, updated = ?, result = ?,"
                " reason = ? WHERE id = ?",
                (new, keep, time.time(), ending.result, ending.reason, game_id),
            )
        return new

    def resign(self, game_id: str, expected: int, seat: int, ending: Ending) -> int:
        """Record that ``seat`` resigned; returns the new version."""
        with self._transaction() as db:
            new = self._check_version(db, game_id, expected)
            db.execute(
                "UPDATE games SET version = ?, resigned = ?, updated = ?, result = ?, reason = ?"
                " WHERE id = ?",
                (new, seat, time.time(), ending.result, ending.reason, game_id),
            )
        return new

    def stats(self) -> dict[str, Any]:
        """Counts of games and moves (for the status endpoint)."""
        with self._lock:
            g = self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            m = self._db.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        return {"games": int(g), "moves": int(m)}
