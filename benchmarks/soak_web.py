"""A bounded soak of the web app on loopback: many games, many clients, computer games searching.

Starts ``hexarena serve`` on a free port over a fresh database, waits for its background
warm-up, then runs ``--clients`` concurrent clients until ``--games`` games have been played:
most are games on one screen played with random legal turns (built action by action through
``/continuations``, as the page does); ``--computer`` of the clients play against the computer
at ``--level`` instead, so that that many searches run or wait at any time. A probe in the same
process asks ``GET /api/meta`` every 50 ms throughout. Apart from this load, a person in a
process of their own plays a Gyre game on one screen (a move every 100 ms) and asks
``/api/meta`` every 50 ms: their latency is the figure the server is judged by, since the load
clients' own process is itself busy and adds its waiting to theirs.

It prints the latency of the person's moves and ``/api/meta``, and of the load clients' moves
(``POST .../moves``) and probes (p50, p99, max; also as the server measured them, from its
``Server-Timing`` header), the error count, the server's memory (its own and its workers') at
the end and its processor time beside the wall time.

    python benchmarks/soak_web.py --games 2000 --clients 20 --computer 5
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2

from hexarena.cliargs import positive_number, whole_number

#: Boards small enough that a game on one screen ends, or gets far, in a few dozen turns.
OPTIONS: dict[str, dict[str, Any]] = {
    "churn": {"size": 3},
    "gyre": {"size": 4},
    "scrunch": {"size": 3},
    "china-grove": {},
    "throngs": {"board": "hex", "size": 3},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def serving(
    folder: Path, extra: list[str], *, warm: bool
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``hexarena serve`` on a free loopback port with its SQLite database in ``folder`` and
    the ``extra`` arguments: yields the server process and its base URL once it answers (and,
    if ``warm``, once its background warm-up has finished); stops it with Ctrl-C at the end."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "hexarena.cli", "serve", "--port", str(port)]
    cmd += ["--db", f"sqlite:///{folder / 'bench.db'}", *extra]
    if not warm:
        cmd.append("--no-warm")
    server = subprocess.Popen(cmd, cwd=folder, stdout=subprocess.DEVNULL)
    try:
        while True:
            try:
                meta = httpx2.get(base + "/api/meta", timeout=5).json()
                if not warm or meta["warming"]["ready"] == meta["warming"]["total"]:
                    break
            except httpx2.HTTPError:
                pass
            if server.poll() is not None:
                raise SystemExit("the server stopped")
            time.sleep(0.2)
        yield server, base
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def proc_stats(pid: int) -> tuple[float, float]:
    """Resident megabytes and processor seconds of one process (Linux ``/proc``)."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


def server_ms(r: httpx2.Response) -> float:
    """The server's own time for a request (its ``Server-Timing`` header)."""
    timing = r.headers.get("server-timing", "")
    return float(timing.split("dur=", 1)[1]) if "dur=" in timing else float("nan")


def is_worker(pid: int) -> bool:
    return b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()


def children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids = (task / "children").read_text().split()
        out += [int(k) for k in kids]
    return out


class Soak:
    """The clients, the probe and what they measured."""

    def __init__(self, base: str, ns: argparse.Namespace) -> None:
        self.base = base
        self.ns = ns
        self.left = ns.games
        self.move_ms: list[float] = []
        self.meta_ms: list[float] = []
        #: The same, as the server measured them (Server-Timing): without the time waiting to be
        #: read, and to be scheduled on a busy machine.
        self.move_server_ms: list[float] = []
        self.meta_server_ms: list[float] = []
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.computer_moves = 0
        self.stop = False
        self.until = time.perf_counter() + (60 * ns.minutes if ns.minutes else float("inf"))

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    async def probe(self, client: httpx2.AsyncClient) -> None:
        while not self.stop:
            t0 = time.perf_counter()
            r = await client.get("/api/meta")
            self.meta_ms.append(1000 * (time.perf_counter() - t0))
            self.meta_server_ms.append(server_ms(r))
            if r.status_code != 200:
                self.error(f"meta {r.status_code}")
            await asyncio.sleep(0.05)

    async def turn(
        self, client: httpx2.AsyncClient, gid: str, view: dict[str, Any], rng: random.Random
    ) -> list[int]:
        """A random legal whole turn, built through /continuations."""
        actions: list[int] = []
        options = view["legal"] + [s["action"] for s in view["specials"]]
        while True:
            actions.append(rng.choice(options))
            r = await client.post(f"/api/games/{gid}/continuations", json={"actions": actions})
            r.raise_for_status()
            cont = r.json()
            if cont["complete"]:
                return actions
            options = cont["legal"] + [s["action"] for s in cont["specials"]]

    async def play(self, client: httpx2.AsyncClient, computer: bool, rng: random.Random) -> None:
        game = rng.choice(self.ns.only)
        body: dict[str, Any] = {"game": game, "options": OPTIONS[game]}
        body |= {"mode": "computer", "level": self.ns.level} if computer else {"mode": "local"}
        r = await client.post("/api/games", json=body)
        if r.status_code != 200:
            self.error(f"create {r.status_code}")
            return
        g = r.json()
        gid, headers = g["id"], {"X-Seat-Token": g["token"]}
        for _ in range(self.ns.turns):
            view = (await client.get(f"/api/games/{gid}", headers=headers)).json()
            if view["outcome"] is not None:
                break
            if view["to_act"] not in view["you"] or view["thinking"]:
                await asyncio.sleep(0.05)  # the computer's turn
                continue
            actions = await self.turn(client, gid, view, rng)
            t0 = time.perf_counter()
            r = await client.post(
                f"/api/games/{gid}/moves",
                json={"actions": actions, "version": view["version"]},
                headers=headers,
            )
            self.move_ms.append(1000 * (time.perf_counter() - t0))
            self.move_server_ms.append(server_ms(r))
            if r.status_code != 200:
                self.error(f"move {r.status_code}")
            elif computer:
                self.computer_moves += 1
        self.games_done += 1

    async def client(self, index: int) -> None:
        rng = random.Random(index)
        computer = index < self.ns.computer
        async with httpx2.AsyncClient(base_url=self.base, timeout=600) as client:
            while self.left > 0 and time.perf_counter() < self.until:
                self.left -= 1
                try:
                    await self.play(client, computer, rng)
                except httpx2.HTTPError as exc:
                    self.error(type(exc).__name__)

    async def run(self) -> None:
        async with httpx2.AsyncClient(base_url=self.base, timeout=600) as probe_client:
            probe = asyncio.create_task(self.probe(probe_client))
            await asyncio.gather(*(self.client(i) for i in range(self.ns.clients)))
            self.stop = True
            await probe


async def _probe(base: str, stop: Any, out: Any) -> None:
    """Measure what a person sees while the load runs: ``/api/meta`` every 50 ms, and a move
    of their own game on one screen every 100 ms (a fresh game whenever one ends)."""
    meta_ms: list[float] = []
    move_ms: list[float] = []
    rng = random.Random(12345)
    async with httpx2.AsyncClient(base_url=base, timeout=600) as client:

        async def metas() -> None:
            while not stop.is_set():
                t0 = time.perf_counter()
                r = await client.get("/api/meta")
                if r.status_code == 200:
                    meta_ms.append(1000 * (time.perf_counter() - t0))
                await asyncio.sleep(0.05)

        async def moves() -> None:
            view: dict[str, Any] = {"outcome": True}
            gid, headers = "", {}
            while not stop.is_set():
                if view["outcome"] is not None:
                    body = {"game": "gyre", "options": {"size": 7}, "mode": "local"}
                    g = (await client.post("/api/games", json=body)).json()
                    gid, headers = g["id"], {"X-Seat-Token": g["token"]}
                    view = (await client.get(f"/api/games/{gid}", headers=headers)).json()
                action = rng.choice(view["legal"])
                t0 = time.perf_counter()
                r = await client.post(
                    f"/api/games/{gid}/moves",
                    json={"actions": [action], "version": view["version"]},
                    headers=headers,
                )
                if r.status_code == 200:
                    move_ms.append(1000 * (time.perf_counter() - t0))
                await asyncio.sleep(0.1)
                view = (await client.get(f"/api/games/{gid}", headers=headers)).json()

        await asyncio.gather(metas(), moves())
    out.put({"meta": meta_ms, "move": move_ms})


def _probe_process(base: str, stop: Any, out: Any) -> None:
    asyncio.run(_probe(base, stop, out))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--games", type=whole_number(1, 1_000_000), default=2000)
    p.add_argument("--clients", type=whole_number(1, 1000), default=20)
    p.add_argument(
        "--computer", type=whole_number(0, 1000), default=5, help="clients playing the computer"
    )
    p.add_argument("--level", default="hard", help="the computer's level")
    p.add_argument(
        "--turns",
        type=whole_number(1, 100_000),
        default=8,
        help="most turns a client plays in one game",
    )
    p.add_argument("--only", nargs="*", default=list(OPTIONS), help="games to play (default all)")
    p.add_argument("--no-warm", action="store_true", help="start the server with --no-warm")
    p.add_argument(
        "--minutes",
        type=positive_number(24 * 60),
        default=None,
        help="start no game after this long",
    )
    ns = p.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="hexarena-soak-"))
    unlimited = ["--games-per-minute", "1000000", "--moves-per-second", "1000000"]
    t0 = time.perf_counter()
    with serving(folder, unlimited, warm=not ns.no_warm) as (server, base):
        print(f"server warm after {time.perf_counter() - t0:.1f} s wall", flush=True)
        _, cpu0 = proc_stats(server.pid)
        soak = Soak(base, ns)
        # the person whose latency is the target: a process of its own, so that the load
        # clients' own work (one busy Python process) does not count as the server's delay
        ctx = multiprocessing.get_context("spawn")
        stop, out = ctx.Event(), ctx.Queue()
        prober = ctx.Process(target=_probe_process, args=(base, stop, out), daemon=True)
        prober.start()
        w0 = time.perf_counter()
        asyncio.run(soak.run())
        wall = time.perf_counter() - w0
        stop.set()
        probed = out.get(timeout=60)
        prober.join(timeout=10)
        rss, cpu1 = proc_stats(server.pid)
        # the pool's workers (the resource tracker, the other child, is left out)
        workers = [proc_stats(k) for k in children(server.pid) if is_worker(k)]
        print(
            f"{soak.games_done} games ({ns.clients} clients, {ns.computer} against the computer "
            f"at {ns.level}), {len(soak.move_ms)} moves by people "
            f"({soak.computer_moves} in computer games), {len(soak.meta_ms)} /api/meta probes"
        )
        print(
            f"a person apart (one process, a Gyre move every 100 ms, /api/meta every 50 ms): "
            f"{len(probed['move'])} moves, {len(probed['meta'])} /api/meta"
        )
        rows = (
            ("person's move", probed["move"]),
            ("person's meta", probed["meta"]),
            ("move", soak.move_ms),
            ("/api/meta", soak.meta_ms),
            ("move (in server)", soak.move_server_ms),
            ("meta (in server)", soak.meta_server_ms),
        )
        for name, values in rows:
            print(
                f"{name:>16}: p50 {percentile(values, 0.5):7.1f} ms  "
                f"p99 {percentile(values, 0.99):7.1f} ms  max {max(values, default=0):7.1f} ms  "
                f"mean {statistics.fmean(values) if values else 0:6.1f} ms"
            )
        print(f"errors: {soak.errors or 'none'}")
        print(
            f"server: {rss:.0f} MB resident at the end; workers: "
            + ", ".join(f"{r:.0f} MB" for r, _ in workers)
        )
        print(
            f"time: {wall:.1f} s wall; server process {cpu1 - cpu0:.1f} s processor; "
            f"workers {sum(c for _, c in workers):.1f} s processor in all"
        )


if __name__ == "__main__":
    main()
