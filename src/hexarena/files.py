"""Output files written whole or not at all.

A file the commands write (a solution table, a record, a report) is written into a new file
beside it and renamed over the old one only once complete, so that an error, a full disk or
Ctrl-C half-way leaves the file as it was (or absent), never cut short.

This module imports nothing from the package: every layer may use it.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: The process's umask, read once (reading it sets it, which is not safe among threads).
_UMASK = _umask()


def _temporary_beside(target: Path) -> tuple[int, str]:
    """A new, empty hidden file in ``target``'s folder, named after it (its descriptor and
    path): where :func:`replacing` writes, and what :func:`check_writable` tries to make."""
    return tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".part", dir=target.parent)


@contextlib.contextmanager
def replacing(path: str | Path) -> Iterator[BinaryIO]:
    """A binary file to write ``path``'s new content into: it becomes ``path`` when the block
    ends without an exception, and is removed if one (``KeyboardInterrupt`` included) ends it."""
    target = Path(path)
    fd, tmp = _temporary_beside(target)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
        with contextlib.suppress(OSError):  # mkstemp makes the file private: give it the
            # old file's permissions, or those a new file gets
            mode = target.stat().st_mode & 0o777 if target.exists() else 0o666 & ~_UMASK
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def check_writable(path: str | Path) -> str | None:
    """Why ``path`` cannot be written (a folder, a missing folder, a folder that refuses new
    files), or ``None`` if it can: a file is made beside it and removed, so that a long run
    learns before it starts that its output has nowhere to go."""
    target = Path(path)
    if target.is_dir():
        return "it is a folder"
    if not target.parent.is_dir():
        return "its folder does not exist"
    try:
        fd, tmp = _temporary_beside(target)
    except OSError as exc:
        return f"cannot write into its folder ({exc.strerror})"
    os.close(fd)
    os.unlink(tmp)
    return None


def write_whole(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all (:func:`replacing`)."""
    with replacing(path) as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)
