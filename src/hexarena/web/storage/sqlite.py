"""Games in a SQLite file: the embedded default (``sqlite:///hexarena.db``).

Each change is a ``BEGIN IMMEDIATE`` transaction (the write lock is taken up front), so several
server processes may share one file; they learn of each other's changes by polling the game's
version. The schema carries a version number and is upgraded in place when an older file is opened.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .base import BOTH_SEATS, SqlStorage, StorageError, Tx, digest

#: The first schema (from before numbered migrations; the columns token0/token1 held the seat
#: tokens in clear). Files made then have no schema_version table and start here.
SCHEMA_1 = """
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

#: Seats that belong to their players: tokens stored as digests, one-time codes, names.
SCHEMA_2 = """
CREATE TABLE seat_tokens (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seats INTEGER NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX seat_tokens_game ON seat_tokens (game_id);
CREATE TABLE seat_codes (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seats INTEGER NOT NULL,
    kind TEXT NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE INDEX seat_codes_game ON seat_codes (game_id);
ALTER TABLE games ADD COLUMN name0 TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN name1 TEXT NOT NULL DEFAULT '';
"""


def _migrate_2(db: sqlite3.Connection) -> None:
    """Move the clear seat tokens into ``seat_tokens`` as digests and drop their columns."""
    for statement in SCHEMA_2.split(";"):
        if statement.strip():
            db.execute(statement)
    rows = db.execute("SELECT id, token0, token1, created FROM games").fetchall()
    for game_id, t0, t1, created in rows:
        masks: dict[str, int] = {}
        for seat, token in ((0, t0), (1, t1)):
            if token:
                masks[token] = masks.get(token, 0) | (1 << seat)
        for token, mask in masks.items():
            db.execute(
                "INSERT INTO seat_tokens (hash, game_id, seats, created) VALUES (?, ?, ?, ?)",
                (digest(token), game_id, mask & BOTH_SEATS, created),
            )
    db.execute("ALTER TABLE games DROP COLUMN token0")
    db.execute("ALTER TABLE games DROP COLUMN token1")


def _migrate_1(db: sqlite3.Connection) -> None:
    for statement in SCHEMA_1.split(";"):
        if statement.strip():
            db.execute(statement)


#: The numbered migrations, in order: each takes the schema from the version before it.
MIGRATIONS: tuple[tuple[int, Callable[[sqlite3.Connection], None]], ...] = (
    (1, _migrate_1),
    (2, _migrate_2),
)


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
            f"unsupported database URL {url[:200]!r}: use sqlite:///FILE (SQLite, relative), "
            "sqlite:////ABSOLUTE/FILE, sqlite:// (in memory) or postgresql://USER@HOST/DATABASE"
        )
    if rest in ("", "/", "/:memory:"):
        return ":memory:"
    if not rest.startswith("/"):
        raise StorageError(
            f"a SQLite URL has three slashes before a file name: sqlite:///FILE, not {url!r}"
        )
    return rest[1:]


class _SqliteTx(Tx):
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.db.execute(sql, tuple(params))

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.db.executemany(sql, [tuple(r) for r in rows])

    def one(self, sql: str, params: Sequence[Any] = ()) -> Mapping[str, Any] | None:
        r: Mapping[str, Any] | None = self.db.execute(sql, tuple(params)).fetchone()
        return r

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        return list(self.db.execute(sql, tuple(params)).fetchall())


class SqliteStorage(SqlStorage):
    """The games database in one SQLite file (thread-safe: one connection guarded by a lock)."""

    def __init__(self, url: str = "sqlite:///hexarena.db") -> None:
        self.url = url
        path = sqlite_path(url)
        if path != ":memory:":
            where = Path(path).expanduser().resolve()
            if not where.parent.is_dir():
                raise StorageError(
                    f"cannot open database {url!r}: folder {where.parent} does not exist"
                )
            if where.is_dir():
                raise StorageError(
                    f"cannot open database {url!r}: {where} is a folder, not a database file"
                    " (name a file in it, e.g. games.db)"
                )
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(
                path, check_same_thread=False, isolation_level=None, timeout=30
            )
            self._db.row_factory = sqlite3.Row
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
                # a commit is durable once in the log: a killed server loses nothing, and no
                # move waits for a disk flush (only a power cut could lose the last moves)
                self._db.execute("PRAGMA synchronous=NORMAL")
            self._migrate()
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {url!r}: {exc}") from None

    def _migrate(self) -> None:
        """Bring the schema up to the last migration, in one transaction."""
        with self._tx():
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            r = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
            current = int(r[0]) if r[0] is not None else 0
            for number, step in MIGRATIONS:
                if number > current:
                    step(self._db)
                    self._db.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[Tx]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield _SqliteTx(self._db)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _announce(self, tx: Tx, game_id: str) -> None:
        """Nothing: other processes see a change by polling the game's version."""

    def listen(self, callback: Callable[[str], None]) -> None:
        """Nothing: SQLite announces no changes (see :meth:`_announce`)."""

    @contextmanager
    def _read(self) -> Iterator[Tx]:
        with self._lock:
            yield _SqliteTx(self._db)
