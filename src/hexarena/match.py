"""Matches and tournaments between computer players, with statistics and records.

A *match* plays ``games`` games between two named players (see :func:`hexarena.ai.make_player`),
colours alternating: player A has the first seat in games 1, 3, 5, ... and player B in games
2, 4, 6, .... Games run in parallel worker processes (or in this process with one worker). The
result gives wins by player, A's win rate with a 95% Wilson confidence interval, the Elo
difference that rate implies (with the same interval), the mean game length in turns and the
mean thinking time per turn of each player.

A *tournament* is a round robin of matches between every pair of players; ratings come from a
Bradley-Terry fit of all the games (Elo scale, mean 0).

A player may also be an external engine, ``engine:COMMAND`` (see :mod:`hexarena.engine_player`
and ``docs/engine-protocol.md``): an engine that crashes, does not answer in time or sends an
illegal move forfeits that game (a loss, with the reason in the result and the record), and the
match goes on; its ``info`` lines go into the record as comments.

Every game can be saved as a record (``records`` directory), with the players' names and the
seeds that reproduce it, so that ``hexarena replay`` can check and show it.

Repeatability: game ``i`` of a match seeded ``s`` gives its players seeds derived from ``s`` and
``i`` only, so the same command with an iteration limit plays the same games, whatever the
number of workers.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .ai import Limit, Player, make_player, player_names
from .ai.mcts import check_limit
from .core import Game, HexArenaError, State
from .engine_player import EngineForfeit, EnginePlayer, is_engine
from .files import write_whole
from .games import game_class
from .limits import cut_repr
from .processes import die_with_parent, kill_families
from .records import refuse_existing_records, save_record, write_record

_Job = TypeVar("_Job")
_Result = TypeVar("_Result")


class MatchError(HexArenaError):
    """A match or tournament that cannot be run as asked."""


@dataclass(frozen=True)
class GameJob:
    """Everything a worker needs to play one game of a match (plain data, so it pickles)."""

    game_name: str
    game_tags: dict[str, str]
    players: tuple[str, str]  # names, by seat (seat 0 moves first)
    labels: tuple[str, str]  # the names as the match reports them, by seat
    seeds: tuple[int, int]
    limit: Limit | None
    index: int
    record_path: str | None
    max_turns: int | None = None


@dataclass(frozen=True)
class GameResult:
    """The result of one game: the winner's label and seat, its length and the thinking time."""

    index: int
    labels: tuple[str, str]
    winner_seat: int
    turns: int
    actions: int
    think_seconds: tuple[float, float]  # total, by seat
    think_turns: tuple[int, int]  # turns played, by seat
    reason: str
    forfeited: bool = False  # the loser forfeited (an engine crashed, timed out, moved illegally)

    @property
    def winner(self) -> str:
        """The winner's label."""
        return self.labels[self.winner_seat]


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` in game ``index`` of a match seeded ``seed``."""
    return (seed * 1_000_003 + index) * 2 + seat


def play_game(job: GameJob) -> GameResult:
    """Play one game of a match to its end (or ``max_turns``, scored by resignation of the seat
    to act: only for bounding runaway games) and save its record when asked."""
    game = game_class(job.game_name).from_record_tags(job.game_tags)
    players = [_make_player(job.players[s], job.seeds[s]) for s in (0, 1)]
    state = game.new_initial_state()
    spent = [0.0, 0.0]
    turns = [0, 0]
    forfeit: str | None = None
    try:
        for p in players:
            p.prepare(game)
        while not state.is_terminal():
            if job.max_turns is not None and state.turn >= job.max_turns:
                state.resign()
                break
            seat = state.current_player
            t0 = time.perf_counter()
            try:
                acts = players[seat].choose_turn(state, job.limit)
            except EngineForfeit as exc:
                forfeit = f"{job.labels[seat]} forfeits: {exc}"
                state.resign(seat)
                break
            finally:
                spent[seat] += time.perf_counter() - t0
                turns[seat] += 1
            state.apply_move(acts)
    finally:
        for p in players:
            if isinstance(p, EnginePlayer):
                p.close()
    outcome = state.outcome()
    assert outcome is not None
    if job.record_path is not None:
        extra = {"Round": str(job.index + 1)}
        for s in (0, 1):
            if not is_engine(job.players[s]):  # an engine is sent no seed
                extra[f"Seed{s + 1}"] = str(job.seeds[s])
        if job.limit is not None:
            extra["Limit"] = limit_text(job.limit)
        if forfeit is not None:
            extra["Forfeit"] = forfeit
        _save(state, job, extra, players)
    return GameResult(
        index=job.index,
        labels=job.labels,
        winner_seat=outcome.winner,
        turns=state.turn,
        actions=state.ply,
        think_seconds=(spent[0], spent[1]),
        think_turns=(turns[0], turns[1]),
        reason=forfeit if forfeit is not None else outcome.reason,
        forfeited=forfeit is not None,
    )


def _make_player(name: str, seed: int) -> Player:
    """A registered player by name, or an external engine for ``engine:COMMAND``."""
    return EnginePlayer(name, seed) if is_engine(name) else make_player(name, seed=seed)


def _save(state: State, job: GameJob, extra: dict[str, str], players: list[Player]) -> None:
    """Save the game's record, with the engines' ``info`` lines as comments after the tags."""
    assert job.record_path is not None
    notes = [
        f"; {job.labels[s]}: {line}"
        for s, p in enumerate(players)
        if isinstance(p, EnginePlayer)
        for line in p.comments
    ]
    if not notes:
        save_record(state, job.record_path, players=job.labels, extra=extra)
        return
    head, _, body = write_record(state, players=job.labels, extra=extra).partition("\n\n")
    write_whole(job.record_path, head + "\n\n" + "\n".join(notes) + "\n" + body)


#: Programs that run an engine's script (the script's name is the engine's in a file name).
_INTERPRETER = re.compile(
    r"(python|pypy)[0-9.]*(\.exe)?|node|nodejs|java|ruby|perl|php|lua|bash|sh|julia|Rscript",
)


def file_label(label: str) -> str:
    """A label as a piece of a file name: an engine's command without its folders (and
    without an interpreter such as ``python3`` before its script's name)."""
    if is_engine(label):
        from .engine_player import engine_command

        argv = [Path(a).name for a in engine_command(label)]
        if len(argv) > 1 and _INTERPRETER.fullmatch(argv[0]):
            argv = argv[1:]
        label = "engine-" + "_".join(argv)
    keep = "".join(c if c.isalnum() or c in "._-" else "_" for c in label)
    return keep.strip("_")[:60] or "player"


def limit_text(limit: Limit) -> str:
    """A limit as short text, e.g. ``1s`` or ``1000 iterations``."""
    parts = []
    if limit.seconds is not None:
        parts.append(f"{limit.seconds:g}s")
    if limit.iterations is not None:
        parts.append(f"{limit.iterations} iterations")
    if limit.nodes is not None:
        parts.append(f"{limit.nodes} nodes")
    return ", ".join(parts) or "default"


# ---------------------------------------------------------------- statistics
def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` out of ``n``)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return lo, hi


def elo(p: float) -> float:
    """The Elo difference implied by a score ``p`` (infinite at 0 and 1)."""
    if p <= 0:
        return -math.inf
    if p >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


@dataclass
class MatchResult:
    """The outcome of a match between ``a`` and ``b`` (labels) and the games it was made of."""

    game: str
    options: dict[str, str]
    a: str
    b: str
    limit: Limit | None
    seed: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    records: str | None = None

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.results)

    def wins(self) -> dict[str, int]:
        """Wins by label."""
        w = {self.a: 0, self.b: 0}
        for r in self.results:
            w[r.winner] += 1
        return w

    def as_json(self) -> dict[str, Any]:
        """The summary as plain data (what ``--json`` prints)."""
        n = self.games
        w = self.wins()
        rate = w[self.a] / n if n else 0.0
        lo, hi = wilson(w[self.a], n)
        turns = [r.turns for r in self.results]
        think: dict[str, float | None] = {}
        for label in (self.a, self.b):
            sec = sum(
                r.think_seconds[s] for r in self.results for s in (0, 1) if r.labels[s] == label
            )
            cnt = sum(
                r.think_turns[s] for r in self.results for s in (0, 1) if r.labels[s] == label
            )
            think[label] = sec / cnt if cnt else None
        first_wins = sum(1 for r in self.results if r.winner_seat == 0)
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": [self.a, self.b],
            "limit": limit_text(self.limit) if self.limit else "default",
            "seed": self.seed,
            "games": n,
            "wins": w,
            "win_rate": rate,
            "win_rate_ci95": [lo, hi],
            "elo": _finite(elo(rate)),
            "elo_ci95": [_finite(elo(lo)), _finite(elo(hi))],
            "first_seat_wins": first_wins,
            "mean_turns": sum(turns) / n if n else 0.0,
            "seconds_per_turn": think,
            "forfeits": [r.reason for r in self.results if r.forfeited],
            "seconds": round(self.seconds, 3),
            "records": self.records,
        }


def _finite(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)


# ---------------------------------------------------------------- running
def _labels(a: str, b: str) -> tuple[str, str]:
    return (f"{a}-1", f"{b}-2") if a == b else (a, b)


def check_players(names: Sequence[str]) -> list[str]:
    """Normalise player names, refusing unknown ones with the list of known ones."""
    known = player_names()
    out = []
    for n in names:
        if is_engine(n):  # engine:COMMAND, the command as given
            from .engine_player import engine_command

            engine_command(n)
            out.append(n.strip())
            continue
        key = n.strip().lower()
        if key not in known:
            raise MatchError(
                f"there is no player called {cut_repr(n)}; the players are: {', '.join(known)}"
            )
        out.append(key)
    return out


def match_jobs(
    game: Game,
    a: str,
    b: str,
    games: int,
    *,
    limit: Limit | None,
    seed: int,
    records: Path | None,
    max_turns: int | None = None,
    labels: tuple[str, str] | None = None,
    first_index: int = 0,
) -> list[GameJob]:
    """The games of a match, colours alternating (A moves first in the first game)."""
    la, lb = labels if labels is not None else _labels(a, b)
    jobs = []
    for i in range(first_index, first_index + games):
        if (i - first_index) % 2 == 0:
            names, labs = (a, b), (la, lb)
        else:
            names, labs = (b, a), (lb, la)
        path = None
        if records is not None:
            path = str(
                records
                / f"{game.name}-{i + 1:04d}-{file_label(labs[0])}-vs-{file_label(labs[1])}.txt"
            )
        jobs.append(
            GameJob(
                game_name=game.name,
                game_tags=game.record_tags(),
                players=names,
                labels=labs,
                seeds=(player_seed(seed, i, 0), player_seed(seed, i, 1)),
                limit=limit,
                index=i,
                record_path=path,
                max_turns=max_turns,
            )
        )
    return jobs


def run_jobs(
    jobs: list[GameJob],
    *,
    workers: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
    play: Callable[[GameJob], GameResult] | None = None,
) -> list[GameResult]:
    """Play the games, in this process (one worker) or in a pool; results in job order.

    ``play`` plays one game (:func:`play_game` unless given). The pool's workers end with this
    process, even when it is killed, and at once on Ctrl-C (see :func:`worker_pool`). A worker
    that dies (killed by a signal) stops the games with a :class:`MatchError` saying so.
    """
    play = play or play_game
    if workers < 1:
        raise MatchError(f"workers must be at least 1, not {workers}")
    results: list[GameResult] = []

    def keep(r: GameResult) -> None:
        results.append(r)
        if on_game:
            on_game(r)

    run_each(play, jobs, workers, executor, keep)
    results.sort(key=lambda r: r.index)
    return results


def run_each(
    fn: Callable[[_Job], _Result],
    jobs: Sequence[_Job],
    workers: int,
    executor: Executor | None,
    each: Callable[[_Result], None],
) -> None:
    """Run ``fn`` on every job and hand each result to ``each`` as it is finished: in this
    process when there is one worker and no ``executor``, else in ``executor`` or in a pool of
    ``workers`` made here (:func:`worker_pool`). On Ctrl-C or a failed job (or ``each``
    failing) a pool made here is stopped at once, the jobs under way abandoned
    (:func:`stop_pool`: it never waits, since a killed worker may leave the pool unable to
    end), and a worker that died is reported as a :class:`MatchError`
    (:func:`refuse_broken_pool`). Matches and analyses share it."""
    if executor is None and workers == 1:
        for job in jobs:
            each(fn(job))
        return
    own = executor is None
    ex = executor if executor is not None else worker_pool(workers)
    finished = 0
    try:
        futures = [ex.submit(fn, job) for job in jobs]
        for fut in as_completed(futures):
            each(fut.result())
            finished += 1
    except BaseException as exc:  # Ctrl-C or a failed job: stop the other jobs at once
        if own:
            stop_pool(ex)
        refuse_broken_pool(exc, finished, len(jobs))
        raise
    if own:
        ex.shutdown(cancel_futures=True)


def _worker_start(parent: int) -> None:
    """Initializer of every worker process: end when the parent process ends.

    On Linux the kernel sends the worker SIGKILL as soon as its parent dies (``prctl``'s
    ``PR_SET_PDEATHSIG``, which also works while a compiled kernel holds the interpreter); a
    watcher thread checks the parent every half second elsewhere, and between games. Ctrl-C
    is left to the parent, which stops the workers itself (:func:`stop_pool`). The engines a
    worker starts end with it in the same way (:mod:`hexarena.processes`).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)  # exits now if the parent is already gone

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watcher", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers end when this process ends, however it ends.

    The workers are this process's own children whatever the default start method is: on
    Linux they are started by ``fork`` (elsewhere the default, ``spawn``, starts them from this
    process too). :func:`_worker_start` watches the process that started the pool as the
    worker's parent, and under ``forkserver`` (Python 3.14's default on Linux) the parent would
    be the fork server, so every worker would end at once."""
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(),)
    )


def refuse_broken_pool(exc: BaseException, finished: int, total: int) -> None:
    """If ``exc`` is a pool's report that one of its workers died (killed by a signal: the
    pool's own words name no cause), raise a :class:`MatchError` that says so in one line,
    with how many of the ``total`` games were ``finished``; otherwise do nothing."""
    if isinstance(exc, BrokenProcessPool):
        raise MatchError(
            "a worker process ended abruptly (killed by a signal, perhaps by the system short"
            f" of memory): the games stop; {finished} of {total} were finished"
        ) from None


def stop_pool(ex: Executor) -> None:
    """Kill a pool's worker processes now, with every process they started (the engines of
    the games under way, and what those started), and shut the pool down without waiting.

    The workers never close their engines: an engine that ignores SIGINT and no longer reads
    its input (which would tell it its host is gone) would run on for ever, so the whole
    family is ended (:func:`hexarena.processes.kill_families`: stopped, then killed)."""
    processes = getattr(ex, "_processes", None) or {}
    kill_families(proc.pid for proc in list(processes.values()) if proc.is_alive())
    ex.shutdown(wait=False, cancel_futures=True)


def run_match(
    game: Game,
    a: str,
    b: str,
    games: int,
    *,
    limit: Limit | None = None,
    seed: int = 1,
    workers: int = 1,
    records: Path | None = None,
    max_turns: int | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> MatchResult:
    """Play a match of ``games`` games between players named ``a`` and ``b``."""
    a, b = check_players([a, b])
    if games < 1:
        raise MatchError(f"a match needs at least 1 game, not {games}")
    if limit is not None:
        check_limit(limit)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    la, lb = _labels(a, b)
    jobs = match_jobs(
        game, a, b, games, limit=limit, seed=seed, records=records, max_turns=max_turns
    )
    refuse_existing_records(j.record_path for j in jobs if j.record_path is not None)
    start = time.perf_counter()
    results = run_jobs(jobs, workers=workers, on_game=on_game, executor=executor)
    return MatchResult(
        game=game.name,
        options=game.record_tags(),
        a=la,
        b=lb,
        limit=limit,
        seed=seed,
        results=results,
        seconds=time.perf_counter() - start,
        records=str(records) if records is not None else None,
    )


# ---------------------------------------------------------------- tournaments
def bradley_terry(
    names: Sequence[str], results: Sequence[GameResult], iterations: int = 500
) -> dict[str, float]:
    """Elo ratings (mean 0) fitted to the games by the Bradley-Terry model.

    Each player also gets one virtual win and one virtual loss against an average opponent, so
    that a player who won (or lost) every game still has a finite rating.
    """
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [1.0] * k  # the virtual win
    pair = [[0.0] * k for _ in range(k)]
    for r in results:
        i, j = idx[r.labels[0]], idx[r.labels[1]]
        wins[idx[r.winner]] += 1
        pair[i][j] += 1
        pair[j][i] += 1
    gamma = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = 2.0 / (gamma[i] + 1.0)  # the two virtual games against gamma = 1
            denom += sum(pair[i][j] / (gamma[i] + gamma[j]) for j in range(k) if pair[i][j])
            new.append(wins[i] / denom)
        mean_log = sum(math.log(g) for g in new) / k
        gamma = [g / math.exp(mean_log) for g in new]
    return {n: 400.0 * math.log10(gamma[idx[n]]) for n in names}


@dataclass
class TournamentResult:
    """A round robin: every game, and the rating table."""

    game: str
    options: dict[str, str]
    players: list[str]
    games_per_pair: int
    limit: Limit | None
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    records: str | None = None

    def table(self) -> list[dict[str, Any]]:
        """One row per player, best rating first: games, wins, score and rating."""
        ratings = bradley_terry(self.players, self.results)
        rows: list[dict[str, Any]] = []
        for p in self.players:
            played = [r for r in self.results if p in r.labels]
            won = sum(1 for r in played if r.winner == p)
            rows.append(
                {
                    "player": p,
                    "games": len(played),
                    "wins": won,
                    "score": won / len(played) if played else 0.0,
                    "elo": round(ratings[p], 1),
                }
            )
        rows.sort(key=lambda r: -r["elo"])
        return rows

    def crosstable(self) -> dict[str, dict[str, int]]:
        """Wins of each player (row) against each other player (column)."""
        ct = {p: {q: 0 for q in self.players if q != p} for p in self.players}
        for r in self.results:
            loser = r.labels[1 - r.winner_seat]
            ct[r.winner][loser] += 1
        return ct

    def as_json(self) -> dict[str, Any]:
        """The tournament as plain data (what ``--json`` prints)."""
        turns = [r.turns for r in self.results]
        return {
            "game": self.game,
            "options": dict(self.options),
            "players": list(self.players),
            "games_per_pair": self.games_per_pair,
            "games": len(self.results),
            "limit": limit_text(self.limit) if self.limit else "default",
            "table": self.table(),
            "crosstable": self.crosstable(),
            "mean_turns": sum(turns) / len(turns) if turns else 0.0,
            "forfeits": [r.reason for r in self.results if r.forfeited],
            "seconds": round(self.seconds, 3),
            "records": self.records,
        }


def run_tournament(
    game: Game,
    players: Sequence[str],
    games_per_pair: int,
    *,
    limit: Limit | None = None,
    seed: int = 1,
    workers: int = 1,
    records: Path | None = None,
    max_turns: int | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    executor: Executor | None = None,
) -> TournamentResult:
    """A round robin: every pair of players plays ``games_per_pair`` games, colours alternating."""
    names = check_players(players)
    if len(names) < 2:
        raise MatchError("a tournament needs at least two players")
    if len(set(names)) != len(names):
        raise MatchError(f"each player may enter a tournament once: {', '.join(players)}")
    if games_per_pair < 1:
        raise MatchError(f"each pair needs at least 1 game, not {games_per_pair}")
    if limit is not None:
        check_limit(limit)
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    jobs: list[GameJob] = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            jobs += match_jobs(
                game,
                a,
                b,
                games_per_pair,
                limit=limit,
                seed=seed,
                records=records,
                max_turns=max_turns,
                labels=(a, b),
                first_index=len(jobs),
            )
    refuse_existing_records(j.record_path for j in jobs if j.record_path is not None)
    start = time.perf_counter()
    results = run_jobs(jobs, workers=workers, on_game=on_game, executor=executor)
    return TournamentResult(
        game=game.name,
        options=game.record_tags(),
        players=names,
        games_per_pair=games_per_pair,
        limit=limit,
        results=results,
        seconds=time.perf_counter() - start,
        records=str(records) if records is not None else None,
    )
