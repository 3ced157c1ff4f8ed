"""Games in PostgreSQL (``postgresql://USER:PASSWORD@HOST:PORT/DATABASE``), for several processes.

Every change locks the game's row (``SELECT ... FOR UPDATE``) and checks its version in one
transaction, and announces itself with ``pg_notify`` on the channel :data:`CHANNEL` (delivered on
commit). Each server process listens on that channel in a thread of its own and reloads the game,
so a move made through one process reaches the watchers of every other at once. Needs psycopg 3
(``pip install 'hexarena[postgres]'``).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from .base import SqlStorage, StorageError, Tx, redact_url

log = logging.getLogger("hexarena.web")

#: The notification channel: the payload is the id of the game that changed.
CHANNEL = "hexarena_games"
#: Any fixed number: the advisory lock that keeps two starting servers from migrating at once.
MIGRATION_LOCK = 7_412_019

SCHEMA_1 = """
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    tags TEXT NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed BIGINT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    turns INTEGER NOT NULL DEFAULT 0,
    resigned INTEGER,
    result TEXT NOT NULL DEFAULT '*',
    reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_updated ON games (updated);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    colour INTEGER NOT NULL,
    actions TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""

SCHEMA_2 = """
CREATE TABLE seat_tokens (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seats INTEGER NOT NULL,
    created DOUBLE PRECISION NOT NULL
);
CREATE INDEX seat_tokens_game ON seat_tokens (game_id);
CREATE TABLE seat_codes (
    hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    seats INTEGER NOT NULL,
    kind TEXT NOT NULL,
    used INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL
);
CREATE INDEX seat_codes_game ON seat_codes (game_id);
ALTER TABLE games ADD COLUMN name0 TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN name1 TEXT NOT NULL DEFAULT '';
"""

#: The numbered migrations, in the same numbering as SQLite's.
MIGRATIONS: tuple[tuple[int, str], ...] = ((1, SCHEMA_1), (2, SCHEMA_2))


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StorageError("PostgreSQL needs psycopg 3: pip install 'hexarena[postgres]'") from None
    return psycopg


def _sql(text: str) -> str:
    """The portable ``?`` placeholders as psycopg's ``%s``."""
    return text.replace("?", "%s")


class _PgTx(Tx):
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self.conn.execute(_sql(sql), tuple(params))

    def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.conn.cursor() as cur:
            cur.executemany(_sql(sql), [tuple(r) for r in rows])

    def one(self, sql: str, params: Sequence[Any] = ()) -> Mapping[str, Any] | None:
        r: Mapping[str, Any] | None = self.conn.execute(_sql(sql), tuple(params)).fetchone()
        return r

    def all(self, sql: str, params: Sequence[Any] = ()) -> list[Mapping[str, Any]]:
        return list(self.conn.execute(_sql(sql), tuple(params)).fetchall())


class PostgresStorage(SqlStorage):
    """The games database in PostgreSQL: one connection for requests (guarded by a lock) and,
    once :meth:`listen` is called, one more in a thread that receives the change notices."""

    live = True
    lock_clause = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        self.url = url
        self._pg = _psycopg()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._listener: threading.Thread | None = None
        self._conn = self._connect()
        self._migrate()

    def _connect(self) -> Any:
        from psycopg.rows import dict_row

        try:
            return self._pg.connect(self.url, autocommit=True, row_factory=dict_row)
        except self._pg.Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise StorageError(f"cannot open database {redact_url(self.url)}: {first}") from None

    def _migrate(self) -> None:
        with self._tx() as tx:
            tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            r = tx.one("SELECT MAX(version) AS v FROM schema_version")
            current = int(r["v"]) if r and r["v"] is not None else 0
            for number, schema in MIGRATIONS:
                if number > current:
                    for statement in schema.split(";"):
                        if statement.strip():
                            tx.execute(statement)
                    tx.execute("INSERT INTO schema_version (version) VALUES (?)", (number,))

    @contextmanager
    def _tx(self) -> Iterator[Tx]:
        with self._lock:
            if self._conn.closed:
                self._conn = self._connect()
            with self._conn.transaction():
                yield _PgTx(self._conn)

    @contextmanager
    def _read(self) -> Iterator[Tx]:
        """Reads without a transaction (each statement sees the latest commits): a game read
        in two statements may pair a header with newer tokens, which the next request's version
        check then reloads."""
        with self._lock:
            if self._conn.closed:
                self._conn = self._connect()
            yield _PgTx(self._conn)

    def _announce(self, tx: Tx, game_id: str) -> None:
        tx.execute("SELECT pg_notify(?, ?)", (CHANNEL, game_id))

    def _listening(self) -> Any:
        """A new connection listening on :data:`CHANNEL`."""
        conn = self._connect()
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def listen(self, callback: Callable[[str], None]) -> None:
        """Listen for change notices, and pass each changed game's id to ``callback`` from a
        thread of their own. Listening has begun when this returns. After the connection is
        lost and made again, ``callback("")`` says that any game may have changed meanwhile."""
        if self._listener is not None:
            return
        first = self._listening()

        def run() -> None:
            conn: Any = first
            while not self._closing.is_set():
                try:
                    if conn is None:
                        conn = self._listening()
                        callback("")
                    with conn:
                        while not self._closing.is_set():
                            for note in conn.notifies(timeout=1.0):
                                try:
                                    callback(note.payload)
                                except Exception:
                                    log.exception("a change notice could not be handled")
                except Exception as exc:  # the database went away: try again shortly
                    if not self._closing.is_set():
                        log.warning("listening for changes failed (%s); retrying", exc)
                        time.sleep(1.0)
                conn = None

        self._listener = threading.Thread(target=run, name="hexarena-listen", daemon=True)
        self._listener.start()

    def close(self) -> None:
        """Stop listening and close the connection."""
        self._closing.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._lock:
            self._conn.close()
