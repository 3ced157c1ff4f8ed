"""Computer players in worker processes, so that no search or compile ever stalls the server.

A :class:`ComputerPool` keeps a few worker processes (started with ``spawn``, lowered in
priority, each capped in memory with ``RLIMIT_AS``). The server sends each a small job, the
game's name, options and actions, and the worker rebuilds the position, thinks, and answers
with the actions it chose. The server's event loop only waits on a future; a thread per worker
reads its answers.

A job whose game is undone, resigned or dropped is cancelled (:meth:`ComputerPool.cancel`): a
job not started yet is forgotten; a running one's answer is dropped at once, and if it is still
running ``cancel_grace`` seconds later its worker is ended and a fresh one started. (A worker is
worth keeping: a new process loads each game's kernels and search from Numba's on-disk cache
again, about a second per game.) A job that
runs past its time is answered for (the caller gets :class:`TimeoutError`) and its worker is
left ``overrun`` seconds more to finish, since it is most likely compiling, before it is ended.

Workers keep the last few games and players they used, so a player's search tree carries over
from one move to the next when the same worker gets the game again.

:class:`Warmer` compiles every game's kernels and search in the background when the server
starts (in one worker first, which writes Numba's on-disk cache; then in the others and in the
server process, which load it), and says how far it has got for ``/api/meta``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger("hexarena.web")

#: Default memory (address space) each worker may use, in megabytes (compiling Throngs cold
#: reaches about 3 GB of address space).
WORKER_MEMORY_MB = 6144
#: How many games and players a worker keeps between jobs.
KEEP_GAMES = 16
KEEP_PLAYERS = 8


class JobFailed(Exception):
    """A job the worker could not do (the message says why), or whose worker died."""


class JobCancelled(Exception):
    """A job cancelled before it answered (its game changed or went away)."""


# --------------------------------------------------------------------------- the worker side
class _WorkerState:
    """What one worker process keeps between jobs: recent games and players."""

    def __init__(self) -> None:
        self.games: OrderedDict[tuple[str, tuple[tuple[str, str], ...]], Any] = OrderedDict()
        self.players: OrderedDict[tuple[str, int], tuple[str, Any]] = OrderedDict()

    def game(self, name: str, tags: dict[str, str]) -> Any:
        from ..games import game_class

        key = (name, tuple(sorted(tags.items())))
        g = self.games.pop(key, None)
        if g is None:
            g = game_class(name).from_record_tags(tags)
        self.games[key] = g
        while len(self.games) > KEEP_GAMES:
            self.games.popitem(last=False)
        return g

    def state(self, job: dict[str, Any]) -> Any:
        game = self.game(job["game"], job["tags"])
        st = game.new_initial_state()
        if job["actions"]:
            st.apply_actions(job["actions"])
        return st

    def player(self, key: tuple[str, int] | None, level: str, seed: int) -> Any:
        from ..ai import make_player

        if key is None:
            return make_player(level, seed=seed)
        kept = self.players.pop(key, None)
        p = kept[1] if kept is not None and kept[0] == level else make_player(level, seed=seed)
        self.players[key] = (level, p)
        while len(self.players) > KEEP_PLAYERS:
            self.players.popitem(last=False)
        return p

    def run(self, kind: str, job: dict[str, Any]) -> Any:
        if kind == "ping":
            return os.getpid()
        if kind == "warm":
            from ..warmup import Timing, warm_rules, warm_search

            part = job.get("part", "all")
            none = Timing(0.0, 0.0)
            rules = warm_rules(job["game"]) if part in ("all", "rules") else none
            found = warm_search(job["game"]) if part in ("all", "search") else none
            return {"cpu": rules.cpu + found.cpu, "wall": rules.wall + found.wall}
        if kind == "turn":
            st = self.state(job)
            key = (job["id"], job["seat"])
            return self.player(key, job["level"], job["seed"]).choose_turn(st, None)
        if kind == "hint":
            return self.hint(job)
        raise ValueError(f"unknown job {kind!r}")

    def hint(self, job: dict[str, Any]) -> list[dict[str, Any]]:
        from ..ai import Limit

        st = self.state(job)
        if job["partial"]:
            st.apply_move(job["partial"], complete=False)
        player = self.player(None, job["level"], job["seed"])
        limit = Limit(**job["limit"]) if job.get("limit") else None  # else the level's own
        game = st.game
        analyse = getattr(player, "analyse", None)
        if callable(analyse):
            try:
                found = analyse(st, limit)
            except Exception:  # fall back on the player's plain choice
                found = []
            out = [h.as_dict() for h in found]
            if out:
                return out
        a = player.choose(st, limit)
        return [{"action": a, "text": game.action_text(a)}]


def _worker_main(conn: Connection, memory_mb: int, nice: int, imports: tuple[str, ...]) -> None:
    """A worker process: answer jobs from ``conn`` until it closes."""
    import importlib

    for module in imports:  # modules that register more players
        importlib.import_module(module)
    try:
        import resource

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this system: no cap
        pass
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    state = _WorkerState()
    while True:
        try:
            job_id, kind, job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        try:
            reply = (job_id, True, state.run(kind, job))
        except MemoryError:
            state = _WorkerState()  # drop what it kept, to free what can be freed
            reply = (job_id, False, "the search ran out of memory")
        except Exception as exc:
            reply = (job_id, False, f"{type(exc).__name__}: {str(exc)[:300]}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


# --------------------------------------------------------------------------- the server side
@dataclass
class _Job:
    id: int
    kind: str
    payload: dict[str, Any]
    key: str | None
    worker: int | None  # a job for one worker only (warming), else any
    future: concurrent.futures.Future[Any] = field(default_factory=concurrent.futures.Future)
    started: float = 0.0
    #: Where a job cancelled while it ran may go on for a moment (its answer is dropped).
    grace: threading.Timer | None = None


@dataclass
class _Worker:
    index: int
    process: Any
    conn: Connection
    job: _Job | None = None
    reader: threading.Thread | None = None
    ended: bool = False


class ComputerPool:
    """A few worker processes thinking for the computer players (see the module).

    Safe to use from any thread and any event loop: jobs answer through
    :class:`concurrent.futures.Future`, awaited with :func:`asyncio.wrap_future`. Workers start
    on the first job.
    """

    def __init__(
        self,
        workers: int = 2,
        *,
        memory_mb: int = WORKER_MEMORY_MB,
        nice: int = 5,
        imports: tuple[str, ...] = (),
        cancel_grace: float = 5.0,
        overrun: float = 180.0,
    ) -> None:
        if workers < 1:
            raise ValueError(f"the pool needs at least one worker, not {workers}")
        self.size = workers
        self.memory_mb = memory_mb
        self.nice = nice
        self.imports = imports
        self.cancel_grace = cancel_grace
        self.overrun = overrun
        #: Longest a job waits for a free worker before its caller gives up on it.
        self.max_queue = 600.0
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.RLock()
        self._workers: list[_Worker | None] = [None] * workers
        self._queue: deque[_Job] = deque()
        self._ids = itertools.count(1)
        self._closed = False
        #: Workers started so far (a respawn after a cancel counts): for tests and figures.
        self.started = 0

    # -- public -------------------------------------------------------------------
    async def run(
        self,
        kind: str,
        payload: dict[str, Any],
        *,
        key: str | None = None,
        timeout: float | None = None,
        worker: int | None = None,
    ) -> Any:
        """Do a job in a worker and return its answer.

        Raises :class:`TimeoutError` (the job is ended), :class:`JobCancelled` or
        :class:`JobFailed`. Cancelling the awaiting task cancels the job.
        """
        job = self.submit(kind, payload, key=key, worker=worker)
        try:
            return await self._wait(job, timeout)
        except TimeoutError:
            self._cancel_job(job, grace=self.overrun)
            raise
        except asyncio.CancelledError:
            self._cancel_job(job, grace=self.cancel_grace)
            raise
        except concurrent.futures.CancelledError:
            raise JobCancelled(f"the {kind} job was cancelled") from None

    async def _wait(self, job: _Job, timeout: float | None) -> Any:
        """The job's answer; ``timeout`` counts from when a worker takes it up (a job waits in
        the queue at most :attr:`max_queue` seconds)."""
        fut = asyncio.wrap_future(job.future)
        if timeout is None:
            return await fut
        # if we stop waiting, the answer (or the cancellation) arriving later is not an error
        fut.add_done_callback(lambda f: f.cancelled() or f.exception())
        queued = time.monotonic()
        while True:
            now = time.monotonic()
            running = job.started > 0
            left = timeout - (now - job.started) if running else self.max_queue - (now - queued)
            if left <= 0:
                raise TimeoutError
            try:
                return await asyncio.wait_for(asyncio.shield(fut), min(left, 1.0))
            except TimeoutError:
                continue

    def submit(
        self,
        kind: str,
        payload: dict[str, Any],
        *,
        key: str | None = None,
        worker: int | None = None,
    ) -> _Job:
        """Queue a job; its ``future`` answers."""
        job = _Job(next(self._ids), kind, payload, key, worker)
        with self._lock:
            if self._closed:
                job.future.set_exception(JobFailed("the server is stopping"))
                return job
            self._queue.append(job)
            self._dispatch()
        return job

    def cancel(self, key: str) -> int:
        """Cancel every job of ``key`` (a game id), queued or running; how many there were."""
        with self._lock:
            jobs = [j for j in self._queue if j.key == key]
            jobs += [w.job for w in self._workers if w is not None and w.job and w.job.key == key]
        for j in jobs:
            self._cancel_job(j, grace=self.cancel_grace)
        return len(jobs)

    def busy(self) -> int:
        """Jobs running now."""
        with self._lock:
            return sum(1 for w in self._workers if w is not None and w.job is not None)

    def queued(self) -> int:
        """Jobs waiting for a worker."""
        with self._lock:
            return len(self._queue)

    def close(self) -> None:
        """End every worker (jobs still waiting fail)."""
        with self._lock:
            self._closed = True
            waiting = list(self._queue)
            self._queue.clear()
            workers = [w for w in self._workers if w is not None]
            self._workers = [None] * self.size
        for j in waiting:
            if not j.future.done():
                j.future.set_exception(JobFailed("the server is stopping"))
        for w in workers:
            self._end(w)
            if w.job is not None and not w.job.future.done():
                w.job.future.set_exception(JobFailed("the server is stopping"))

    # -- inside -------------------------------------------------------------------
    def _spawn(self, index: int) -> _Worker:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(
            target=_worker_main,
            args=(child, self.memory_mb, self.nice, self.imports),
            name=f"hexarena-worker-{index}",
            daemon=True,
        )
        proc.start()
        child.close()
        w = _Worker(index, proc, parent)
        w.reader = threading.Thread(
            target=self._read, args=(w,), name=f"hexarena-reader-{index}", daemon=True
        )
        w.reader.start()
        self.started += 1
        return w

    def _dispatch(self) -> None:
        """Give waiting jobs to idle workers (under the lock)."""
        if self._closed:
            return
        for i in range(self.size):
            w = self._workers[i]
            if w is not None and w.job is not None:
                continue
            job = next((j for j in self._queue if j.worker in (None, i)), None)
            if job is None:
                continue
            self._queue.remove(job)
            if job.future.done():  # cancelled while it waited
                continue
            if w is None:
                w = self._workers[i] = self._spawn(i)
            w.job = job
            job.started = time.monotonic()
            job.future.set_running_or_notify_cancel()
            try:
                w.conn.send((job.id, job.kind, job.payload))
            except (OSError, ValueError) as exc:
                w.job = None
                job.future.set_exception(JobFailed(f"a worker could not be reached ({exc})"))
                self._replace(w)

    def _read(self, w: _Worker) -> None:
        """A worker's reader thread: settle each answer, then hand the worker another job."""
        while True:
            try:
                job_id, ok, value = w.conn.recv()
            except (EOFError, OSError):
                with self._lock:
                    job, w.job = w.job, None
                    ended = w.ended
                    if not ended:
                        self._replace(w)
                    self._dispatch()
                if job is not None and not job.future.done():
                    job.future.set_exception(JobFailed("the worker process ended unexpectedly"))
                if not ended:
                    log.warning("a computer-player worker ended unexpectedly; started another")
                return
            with self._lock:
                job = w.job
                if job is not None and job.id == job_id:
                    w.job = None
                else:
                    job = None
                self._dispatch()
            if job is not None and not job.future.done():
                if ok:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(JobFailed(str(value)))

    def _replace(self, w: _Worker) -> None:
        """End worker ``w`` and leave its slot to a fresh one (started on the next job)."""
        self._end(w)
        if self._workers[w.index] is w:
            self._workers[w.index] = None

    @staticmethod
    def _end(w: _Worker) -> None:
        w.ended = True
        with contextlib.suppress(OSError):
            w.conn.close()
        if w.process.is_alive():
            w.process.terminate()
            w.process.join(2)
            if w.process.is_alive():
                w.process.kill()
                w.process.join(2)

    def _cancel_job(self, job: _Job, grace: float) -> None:
        """Forget a job: drop it from the queue, or drop its answer and end its worker if it
        still runs ``grace`` seconds from now."""
        with self._lock:
            if job in self._queue:
                self._queue.remove(job)
            running = any(w is not None and w.job is job for w in self._workers)
        if not job.future.done() and not job.future.cancel():
            job.future.set_exception(JobCancelled("cancelled"))
        if not running:
            return
        if grace <= 0:
            self._end_if_running(job)
        elif job.grace is None:
            job.grace = threading.Timer(grace, self._end_if_running, (job,))
            job.grace.daemon = True
            job.grace.start()

    def _end_if_running(self, job: _Job) -> None:
        """End the worker running ``job``, if one still is, and give its slot to a fresh one."""
        with self._lock:
            w = next((w for w in self._workers if w is not None and w.job is job), None)
            if w is None:
                return
            w.job = None
            w.ended = True
            if self._workers[w.index] is w:
                self._workers[w.index] = None
        self._end(w)
        with self._lock:
            self._dispatch()


# --------------------------------------------------------------------------- warming
class Warmer:
    """Warms each game's kernels and search in the background and reports progress.

    ``status[game]`` is ``waiting``, ``compiling`` or ``ready`` (or ``failed``). Every game's
    rules come first (a worker compiles them, writing Numba's cache, and the server process
    loads them: :meth:`ensure` waits for that, so a game page waits no longer than it must),
    then every game's search in one worker, then in the others (a game whose first computer turn
    is asked for goes ahead of the rest: :meth:`ensure_search`). A game is ``ready`` when its
    search is compiled in one worker (with ``search=False``, once its rules are loaded: the
    search then compiles on its first use, in a worker all the same).
    """

    def __init__(self, pool: ComputerPool, games: Iterable[str], *, search: bool = True) -> None:
        self.pool = pool
        self.search = search
        self.games = list(games)
        self.status: dict[str, str] = dict.fromkeys(self.games, "waiting")
        self.seconds: dict[str, float] = {}
        self._ready: dict[str, asyncio.Task[None]] = {}
        self._search_ready: dict[str, asyncio.Task[None]] = {}
        self._task: asyncio.Task[None] | None = None

    def meta(self) -> dict[str, Any]:
        """Progress for ``/api/meta``; ``running`` says whether the warm-up is under way (a
        server started with ``--no-warm`` has none: each game compiles on its first use)."""
        ready = sum(1 for s in self.status.values() if s in ("ready", "failed"))
        running = self._task is not None and not self._task.done()
        return {
            "ready": ready,
            "total": len(self.games),
            "games": dict(self.status),
            "running": running,
        }

    def is_ready(self, game: str) -> bool:
        """Whether the game needs no more compiling."""
        return self.status.get(game) in ("ready", "failed")

    def rules_loaded(self, game: str) -> bool:
        """Whether ``game``'s rules are loaded in this process, so that a position of it is built
        at once (a rules page's pictures), without compiling anything."""
        task = self._ready.get(game)
        return task is not None and task.done() and self.status.get(game) != "failed"

    def search_ready(self, game: str) -> bool:
        """Whether the game's search is compiled (so that a computer turn compiles nothing)."""
        return self.search and self.status.get(game) == "ready"

    def start(self) -> None:
        """Warm every game, one after another, in the background."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._all())

    async def _all(self) -> None:
        for name in self.games:
            await self.ensure(name)
        for name in self.games:
            await self.ensure_search(name)

    async def ensure_search(self, game: str) -> None:
        """Wait until ``game``'s search is compiled (in worker 0, which writes the cache the
        others load), asking for it now, ahead of the games still waiting, if nothing has yet.

        A first computer turn waits here rather than compile the search in another worker at
        the same time as the warm-up: on a busy machine two compilations of Throngs' search
        side by side took longer than the time a turn may take.
        """
        if not self.search:
            return
        await self.ensure(game)
        await self._once(self._search_ready, game, self._warm_search)

    async def _warm_search(self, game: str) -> None:
        try:
            if self.status[game] == "compiling":  # its rules loaded (not "failed")
                await self.pool.run("warm", {"game": game, "part": "search"}, worker=0)
                self.status[game] = "ready"
                for i in range(1, self.pool.size):  # the others load it while nothing waits
                    self.pool.submit("warm", {"game": game}, worker=i)
        except Exception as exc:  # the game still plays: its search compiles on use
            log.warning("warming the search of %s failed: %s", game, exc)
            self.status[game] = "failed"

    async def ensure(self, game: str) -> None:
        """Wait until ``game``'s rules are loaded here, loading them now if nothing has yet."""
        await self._once(self._ready, game, self._warm)

    @staticmethod
    async def _once(
        tasks: dict[str, asyncio.Task[None]],
        game: str,
        work: Callable[[str], Coroutine[Any, Any, None]],
    ) -> None:
        """Wait for ``work(game)``, started now unless ``tasks`` holds it already: each piece
        of warming is done once, however many wait for it (a waiter cancelled leaves it going)."""
        task = tasks.get(game)
        if task is None:
            task = tasks[game] = asyncio.get_running_loop().create_task(work(game))
            task.add_done_callback(lambda t: t.cancelled() or t.exception())
        await asyncio.shield(task)

    async def _warm(self, game: str) -> None:
        from ..warmup import warm_rules

        self.status[game] = "compiling"
        t0 = time.perf_counter()
        try:
            if self.search:
                await self.pool.run("warm", {"game": game, "part": "rules"}, worker=0)
            await asyncio.to_thread(warm_rules, game)  # from the cache the worker wrote
            if not self.search:
                self.status[game] = "ready"
        except Exception as exc:  # the game still plays: whatever is missing compiles on use
            log.warning("warming %s failed: %s", game, exc)
            self.status[game] = "failed"
        self.seconds[game] = time.perf_counter() - t0
