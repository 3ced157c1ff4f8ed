"""Durable storage of web games: SQLite (the default) or PostgreSQL, chosen by the URL.

:func:`open_storage` opens ``sqlite:///FILE`` (or a plain path) with :class:`SqliteStorage` and
``postgresql://...`` with :class:`PostgresStorage`; both bring the schema up to date through the
numbered migrations recorded in the ``schema_version`` table. See ``base`` for the operations.
"""

from __future__ import annotations

from .base import (
    BOTH_SEATS,
    MAX_NAME,
    Claim,
    ClaimRefused,
    Ending,
    GameRow,
    MoveRow,
    SqlStorage,
    StorageError,
    VersionConflict,
    digest,
    redact_url,
    seats_in,
)
from .sqlite import SqliteStorage, sqlite_path

#: The interface every backend implements.
Storage = SqlStorage

__all__ = [
    "BOTH_SEATS",
    "MAX_NAME",
    "Claim",
    "ClaimRefused",
    "Ending",
    "GameRow",
    "MoveRow",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "VersionConflict",
    "digest",
    "open_storage",
    "redact_url",
    "seats_in",
    "sqlite_path",
]

POSTGRES_SCHEMES = ("postgresql", "postgres")


def open_storage(url: str = "sqlite:///hexarena.db") -> SqlStorage:
    """The games database at ``url``: ``postgresql://...`` or a SQLite URL or path."""
    scheme = url.strip().split("://", 1)[0].lower() if "://" in url else ""
    if scheme in POSTGRES_SCHEMES:
        from .postgres import PostgresStorage

        return PostgresStorage(url.strip())
    return SqliteStorage(url)
