"""Web storage benchmark: the cost of the database operations behind each web request.

Run ``python benchmarks/bench_web_storage.py`` for SQLite (a file in a temporary folder), or with
``--db postgresql://USER@HOST:PORT/DATABASE`` for an empty PostgreSQL database (its tables are
made by the first migration). ``--moves N`` sets the turns stored (default 2000).

For each operation it prints the count, then processor time and wall time per operation side by
side (wall time includes waiting for the database server, which processor time does not): storing
a new game, storing one turn (the version-checked transaction of every move), reading a game's
version (done once per request), loading a game's header and its turns, and claiming a seat.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hexarena.cliargs import whole_number
from hexarena.web.storage import Ending, MoveRow, digest, open_storage


def measure(count: int, step: Callable[[int], object]) -> tuple[float, float]:
    """Processor and wall milliseconds per call of ``step(i)`` for ``i < count``."""
    cpu, wall = time.process_time(), time.perf_counter()
    for i in range(count):
        step(i)
    return (
        1000 * (time.process_time() - cpu) / count,
        1000 * (time.perf_counter() - wall) / count,
    )


def main() -> None:
    """Measure and print the figures."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--db", help="database URL (default: a SQLite file in a temporary folder)")
    ap.add_argument(
        "--moves",
        type=whole_number(1, 1_000_000),
        default=2000,
        help="turns to store (default 2000)",
    )
    args = ap.parse_args()
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
    st = open_storage(url)
    n = args.moves
    games = max(10, n // 10)
    prefix = f"b{int(time.time())}"
    rows: list[tuple[str, int, float, float]] = []

    def create(i: int) -> None:
        st.create_game(
            f"{prefix}g{i}",
            "churn",
            {"size": "5"},
            "online",
            ["human", "human"],
            i,
            tokens=[(digest(f"t{i}"), 1)],
            codes=[(digest(f"c{prefix}{i}"), 2, "invite")],
        )

    rows.append(("store a new game", games, *measure(games, create)))
    gid = f"{prefix}g0"

    def move(i: int) -> None:
        st.append_move(gid, i, i, MoveRow(i % 2, i % 2, [i % 61]), Ending())

    rows.append(("store one turn (version checked)", n, *measure(n, move)))
    rows.append(("read a game's version", n, *measure(n, lambda i: st.version(gid))))
    loads = max(10, n // 20)
    rows.append((f"load header + {n} turns", loads, *measure(loads, lambda i: st.moves(gid))))
    rows.append(("load a game's header", n, *measure(n, lambda i: st.get_game(gid))))

    def claim(i: int) -> None:
        st.claim(f"{prefix}g{i}", digest(f"c{prefix}{i}"), digest(f"u{prefix}{i}"), "Bo")

    rows.append(("claim a seat", games, *measure(games, claim)))
    st.close()
    print(f"storage: {url.split('@')[-1] if '@' in url else url}")
    print(f"{'operation':36} {'count':>6} {'cpu ms/op':>10} {'wall ms/op':>11}")
    for name, count, cpu, wall in rows:
        print(f"{name:36} {count:>6} {cpu:>10.3f} {wall:>11.3f}")


if __name__ == "__main__":
    main()
