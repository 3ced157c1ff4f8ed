"""Playing the games of an analysis: jobs as plain data, results appended as JSON lines.

An analysis is a list of jobs (one game between two copies of a player, or the value of one
first move for the swap map). Each job's result is one line of ``DIR/results.jsonl``, written
as soon as it is known, so that a run interrupted at any point resumes where it stopped: the
jobs whose lines are there are not played again (a last line cut short by the interruption is
dropped). Jobs run in local processes, or on a Dask cluster, and are repeatable: a job's seeds
come from the run's seed and the job's index only, the same as ``selfplay`` (random games) and
``match`` (games between search players), so the figures agree with theirs.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..ai import Limit, make_player
from ..ai.base import Player, play_turn
from ..ai.mcts import MCTSPlayer, with_settings
from ..core import H_PLAYER, H_SWAPPED, H_WINNER, Game, HexArenaError, State
from ..games import game_class
from ..match import player_seed, run_each
from ..rng import make_rng
from ..selfplay import game_seed, random_game
from ..solve import swap_action
from .measures import end_reason, margin, turn_series


class AnalysisError(HexArenaError):
    """An analysis that cannot be run as asked."""


@dataclass(frozen=True)
class Job:
    """One unit of an analysis (plain data, so that it pickles and prints).

    ``kind`` is ``game`` (a whole game, ``pie`` telling whether the second player may swap) or
    ``opening`` (the first player's expected result after first action ``index``).
    """

    kind: str
    game_name: str
    game_tags: dict[str, str]
    player: str
    seed: int
    index: int
    pie: bool = True
    limit_seconds: float | None = None
    limit_iterations: int | None = None
    max_turns: int | None = None
    playouts: int = 200

    @property
    def key(self) -> str:
        """What identifies the job's result in the results file."""
        variant = "pie" if self.pie else "nopie"
        return f"{self.kind}|{self.player}|{variant}|{self.index}"

    @property
    def fingerprint(self) -> str:
        """A digest of everything the job's result depends on (game, options, seed, limits,
        playouts): a result in the file is this job's only if it carries the same."""
        text = json.dumps(asdict(self), sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]

    @property
    def limit(self) -> Limit | None:
        """The players' thinking limit (``None``: each player's own default)."""
        if self.limit_seconds is None and self.limit_iterations is None:
            return None
        return Limit(seconds=self.limit_seconds, iterations=self.limit_iterations)


def has_swap(game: Game) -> bool:
    """Whether the game has the pie rule's swap (then the analysis also plays without it)."""
    return swap_action(game) >= 0


# ---------------------------------------------------------------- one game
def _player(name: str, seed: int, game: Game, pie: bool) -> Player:
    p = make_player(name, seed=seed)
    if not pie and isinstance(p, MCTSPlayer):
        p = with_settings(p, pie_opening=False)
    p.prepare(game)
    return p


def _value(p: Player) -> float | None:
    """The mover's expected result after a search player's last decision, else ``None``."""
    if isinstance(p, MCTSPlayer):
        return p.last_value()
    return None


def _turn_without_swap(p: Player, state: State, job: Job, rng: random.Random) -> list[int]:
    """A whole turn in which the player may not swap (the analysis without the pie rule)."""
    swap = swap_action(state.game)

    def choose(st: State) -> int:
        a = p.choose(st, job.limit)
        if a != swap:
            return a
        if isinstance(p, MCTSPlayer):
            hints = p.analyse(st, job.limit, top=1 << 20)
            return next(h.action for h in hints if h.action != swap)
        return rng.choice([x for x in st.legal_actions() if x != swap])

    return play_turn(state, choose)


def play_game(job: Job) -> dict[str, Any]:
    """Play one game of the analysis; return its result as plain data."""
    game = game_class(job.game_name).from_record_tags(job.game_tags)
    values: list[list[float]] = []
    resigned = False
    if job.player == "random" and job.pie:
        # exactly selfplay's game of this index
        arr, acts = random_game(game, game_seed(job.seed, job.index), keep_actions=True)
        actions = [] if acts is None else acts.tolist()
        state = State(game)
        state.apply_actions(actions)
    else:
        players = [
            _player(job.player, player_seed(job.seed, job.index, s), game, job.pie) for s in (0, 1)
        ]
        rng = random.Random(player_seed(job.seed, job.index, 2))
        state = game.new_initial_state()
        swap = swap_action(game)
        while not state.is_terminal():
            if job.max_turns is not None and state.turn >= job.max_turns:
                state.resign()
                resigned = True
                break
            seat = state.current_player
            if not job.pie and swap >= 0 and state.is_legal(swap):
                acts_turn = _turn_without_swap(players[seat], state, job, rng)
            else:
                acts_turn = players[seat].choose_turn(state, job.limit)
            v = _value(players[seat])
            if v is not None:
                values.append([state.turn, seat, v])
            state.apply_move(acts_turn)
        actions = state.history
        arr = state.array
    outcome = state.outcome() if (state.is_terminal() or resigned) else None
    result: dict[str, Any] = {
        "turns": int(state.turn),
        "actions": len(actions),
        "finished": outcome is not None and not resigned,
        "reason": end_reason(game, arr, resigned),
        "swapped": bool(arr[H_SWAPPED]),
        "winner_seat": None if outcome is None else outcome.winner,
        "winner_colour": None if outcome is None else outcome.winner_colour,
        "score": {} if outcome is None else _plain(outcome.score),
        "margin": None if outcome is None else margin(game, outcome),
        "series": turn_series(game, actions),
        "values": values,
    }
    return result


def _plain(data: dict[str, Any]) -> dict[str, Any]:
    return {k: (v if isinstance(v, int | float | str) else str(v)) for k, v in data.items()}


# ---------------------------------------------------------------- one opening
def opening_value(job: Job) -> dict[str, Any]:
    """The first player's expected result after first action ``job.index``, the second player
    answering best without swapping: by ``job.playouts`` random playouts for ``random``, else by
    the player's search at the job's limit (best reply of the player to act)."""
    game = game_class(job.game_name).from_record_tags(job.game_tags)
    state = game.new_initial_state()
    state.apply(job.index)
    if state.is_terminal():
        o = state.outcome()
        assert o is not None
        return {"value": 1.0 if o.winner == 0 else 0.0, "samples": 1, "proven": True}
    if job.player == "random":
        k = game.kernels
        rng = make_rng(game_seed(job.seed, 1_000_000 + job.index))
        cap = game.selfplay_cap if game.selfplay_cap is not None else 1 << 40
        empty = np.empty(0, dtype=np.int32)
        total = 0.0
        for _ in range(job.playouts):
            arr = state.array.copy()
            left = cap
            while arr[H_PLAYER] >= 0 and left > 0:  # a playout stops where the state needs room
                arr = game.with_room(arr)
                left -= int(k.playout(game.consts, arr, rng, empty, left))
            if arr[H_PLAYER] >= 0:
                total += 0.5  # a playout stopped at the cap counts as even
            else:
                total += 1.0 if (int(arr[H_WINNER]) ^ int(arr[H_SWAPPED])) == 0 else 0.0
        return {"value": total / job.playouts, "samples": job.playouts, "proven": False}
    p = _player(job.player, game_seed(job.seed, 1_000_000 + job.index), game, True)
    hints = p.analyse(state, job.limit, top=1 << 20)
    swap = swap_action(game)
    best = next(h for h in hints if h.action != swap)
    mover_first = state.current_player == 0
    v = 1.0 if best.proven == "win" else 0.0 if best.proven == "loss" else best.value
    return {
        "value": v if mover_first else 1.0 - v,
        "samples": sum(h.visits for h in hints),
        "proven": best.proven is not None,
        "reply": best.text,
    }


def run_job(job: Job) -> dict[str, Any]:
    """Run one job (a worker's entry point); the result carries the job's key."""
    t0 = time.process_time()
    out = play_game(job) if job.kind == "game" else opening_value(job)
    out["key"] = job.key
    out["job"] = job.fingerprint
    out["cpu_seconds"] = round(time.process_time() - t0, 4)
    return out


# ---------------------------------------------------------------- the results file
def read_results(path: Path) -> dict[str, dict[str, Any]]:
    """The results already in ``path`` by key; a last line cut short is dropped (and removed
    from the file, so that appending goes on from a whole line)."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    done: dict[str, dict[str, Any]] = {}
    good = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break
        try:
            rec = json.loads(line)
        except ValueError:
            break
        if not isinstance(rec, dict) or "key" not in rec:
            break
        done[rec["key"]] = rec
        good += len(line)
    if good != len(data):
        with path.open("r+b") as f:
            f.truncate(good)
    return done


def results_of(jobs: Iterable[Job], path: Path) -> dict[str, dict[str, Any]]:
    """The results in ``path`` of exactly these jobs, by key: a line of the same key from a run
    of other settings (another game, options, seed or limit in the same folder) is not one."""
    found = read_results(path)
    return {
        j.key: found[j.key]
        for j in jobs
        if j.key in found and found[j.key].get("job") == j.fingerprint
    }


def run_jobs(
    jobs: list[Job],
    results_path: Path,
    *,
    workers: int = 1,
    executor: Executor | None = None,
    on_result: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Run the jobs not yet in ``results_path``, appending each result as it comes; return the
    jobs' results by key (those found in the file included)."""
    if workers < 1:
        raise AnalysisError(f"workers must be at least 1, not {workers}")
    done = results_of(jobs, results_path)
    todo = [j for j in jobs if j.key not in done]
    results_path.parent.mkdir(parents=True, exist_ok=True)
    with results_path.open("a", encoding="utf-8") as f:

        def keep(rec: dict[str, Any]) -> None:
            # keys in the result's own order: a resumed run reads back exactly what an
            # uninterrupted one holds in memory (the order of a game's measures is the order of
            # the lines in its plot)
            f.write(json.dumps(rec) + "\n")
            f.flush()
            os.fsync(f.fileno())
            done[rec["key"]] = rec
            if on_result is not None:
                on_result(rec)

        # in this process or a pool; on Ctrl-C or a failed job the games under way are given
        # up (what was written stays, for a resumed run)
        run_each(run_job, todo, workers, executor, keep)
    return done


def describe_jobs(jobs: Iterable[Job]) -> list[dict[str, Any]]:
    """The jobs as plain data (for the report's record of what was run)."""
    return [asdict(j) for j in jobs]
