"""The computer's first reply in each game after the server starts, through the web API.

Starts ``hexarena serve`` on a free port (``--no-warm`` by default: each game compiles what it
needs on first use, in a worker process; ``--warm`` lets the background warm-up finish first),
then for each game creates a game in which the computer moves first and times its first turn.
Prints wall seconds per game and the server's and workers' processor time.

    python benchmarks/first_reply_web.py [--warm] [--level easy] [GAME ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import httpx2

sys.path.insert(0, str(Path(__file__).parent))
from soak_web import OPTIONS, children, is_worker, proc_stats, serving


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("games", nargs="*", default=list(OPTIONS))
    p.add_argument("--warm", action="store_true", help="wait for the background warm-up first")
    p.add_argument("--level", default="easy")
    p.add_argument("--default-boards", action="store_true", help="each game's default options")
    ns = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="hexarena-first-"))
    t_start = time.perf_counter()
    with serving(folder, [], warm=ns.warm) as (server, base):
        print(f"server answering after {time.perf_counter() - t_start:.1f} s", flush=True)
        with httpx2.Client(base_url=base, timeout=600) as client:
            for game in ns.games:
                options = {} if ns.default_boards else OPTIONS[game]
                t0 = time.perf_counter()
                body = {"game": game, "options": options, "mode": "computer"}
                body |= {"level": ns.level, "seat": 1}
                g = client.post("/api/games", json=body).json()
                h = {"X-Seat-Token": g["token"]}
                while client.get(f"/api/games/{g['id']}", headers=h).json()["turns"] < 1:
                    time.sleep(0.1)
                print(f"{game}: first reply {time.perf_counter() - t0:.1f} s wall", flush=True)
        _, cpu = proc_stats(server.pid)
        workers = sum(proc_stats(k)[1] for k in children(server.pid) if is_worker(k))
        wall = time.perf_counter() - t_start
        print(f"in all {wall:.1f} s wall; server {cpu:.1f} s processor, workers {workers:.1f} s")


if __name__ == "__main__":
    main()
