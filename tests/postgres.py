"""A throw-away PostgreSQL server for the tests: ``initdb`` and ``pg_ctl`` in a temporary folder.

Debian's ``postgresql`` package puts its programs in ``/usr/lib/postgresql/VERSION/bin``. The
cluster listens on a free port of 127.0.0.1 (and a socket in its own folder), trusts local
connections, skips ``fsync`` (nothing in it outlives the tests), and is removed when stopped. As
root the programs run as the ``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "hexarena"


def find_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest installed version), or ``None``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: [int(x) for x in Path(p).parent.parent.name.split(".") if x.isdigit()],
    )
    if found:
        return Path(found[-1]).parent
    which = shutil.which("initdb")
    return Path(which).parent if which else None


def unavailable() -> str | None:
    """Why no cluster can be started here, or ``None`` when one can."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    if find_bin() is None:
        return "PostgreSQL is not installed (apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root needs the postgres user (Debian's postgresql package)"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _free(port: int) -> bool:
    """Whether ``port`` of 127.0.0.1 can be bound now."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


class Cluster:
    """A running throw-away cluster; :meth:`new_database` gives each test a database of its own."""

    def __init__(self) -> None:
        bin_dir = find_bin()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL is not installed")
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="hexarena-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._names = itertools.count(1)
        self._prefix: list[str] = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            self._prefix = ["runuser", "-u", "postgres", "--"]
        self._run(
            "initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"
        )
        # the port is chosen free here and bound by the server later: another process (another
        # test worker) may take it in between, and the server then does not start; another
        # free port is tried
        for tries_left in range(3, -1, -1):
            try:
                self._start()
                break
            except RuntimeError:
                if tries_left == 0 or _free(self.port):
                    raise
                self.port = _free_port()

    def _start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"), "-o", options, "-w",
            "start",
        )  # fmt: skip

    def _run(self, program: str, *args: str) -> None:
        cmd = [*self._prefix, str(self.bin / program), *args]
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}")

    def url(self, database: str = "postgres") -> str:
        """The URL of one database of the cluster."""
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and remove its folder."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
