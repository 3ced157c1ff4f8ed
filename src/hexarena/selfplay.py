"""Random self-play: many complete random games in compiled code, with statistics."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .core import H_PLAYER, H_TURN, H_WINNER, Array, Game, State
from .records import refuse_existing_records, save_record
from .rng import make_rng

#: Actions recorded per compiled call when a game's actions are kept.
_CHUNK = 1 << 16


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed`` (the same on every machine)."""
    return seed * 1_000_003 + index


def random_game(
    game: Game, seed: int, *, keep_actions: bool = False, cap: int | None = None
) -> tuple[Array, Array | None]:
    """Play one uniformly random game to its end; return the final array and maybe its actions.

    ``cap`` (default: the game's ``selfplay_cap``) bounds the number of actions; a game that
    reaches it is returned unfinished.
    """
    arr = game.initial_array()
    rng = make_rng(seed)
    k = game.kernels
    left = cap if cap is not None else game.selfplay_cap
    if left is None:
        left = 1 << 62
    if not keep_actions:
        empty = np.empty(0, dtype=np.int32)
        while arr[H_PLAYER] >= 0 and left > 0:
            arr = game.with_room(arr)  # a playout stops where the state needs room (grows)
            left -= int(k.playout(game.consts, arr, rng, empty, min(left, 1 << 40)))
        return arr, None
    chunks: list[Array] = []
    buf = np.empty(_CHUNK, dtype=np.int32)
    while arr[H_PLAYER] >= 0 and left > 0:
        arr = game.with_room(arr)
        m = int(k.playout(game.consts, arr, rng, buf, min(left, _CHUNK)))
        left -= m
        chunks.append(buf[:m].copy())
    return arr, (np.concatenate(chunks) if chunks else np.empty(0, dtype=np.int32))


def warm_up(game: Game) -> None:
    """Load (or compile) the game's kernels so that timings measure play, not loading."""
    arr = game.initial_array()
    k = game.kernels
    k.playout(game.consts, arr, make_rng(0), np.empty(1, dtype=np.int32), 1)
    k.legal(game.consts, arr)
    k.is_legal(game.consts, arr, 0)


@dataclass
class SelfPlaySummary:
    """Statistics of a self-play run."""

    game: str
    options: dict[str, Any]
    games: int
    turns: list[int] = field(default_factory=list)
    wins: dict[str, int] = field(default_factory=dict)
    wins_by_seat: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    #: Games stopped at the game's ``selfplay_cap`` before they ended (no winner).
    unfinished: int = 0

    def as_json(self) -> dict[str, Any]:
        """The summary as plain data (the keys the command line's ``--json`` prints)."""
        t = self.turns or [0]
        return {
            "game": self.game,
            "options": {
                k: (list(v) if isinstance(v, tuple) else v)
                for k, v in self.options.items()
                if v is not None
            },
            "games": self.games,
            "mean_turns": float(np.mean(t)),
            "min_turns": int(min(t)),
            "max_turns": int(max(t)),
            "wins": dict(self.wins),
            "wins_by_seat": dict(self.wins_by_seat),
            "unfinished": self.unfinished,
            "seconds": round(self.seconds, 4),
            "turns_per_second": round(sum(self.turns) / self.seconds, 1) if self.seconds else None,
        }


def record_path(records: Path, game: Game, seed: int, i: int) -> Path:
    """Where self-play with ``seed`` saves the record of its game ``i`` (from 0)."""
    return records / f"{game.name}-{seed}-{i + 1:05d}.txt"


def selfplay(
    game: Game,
    games: int,
    seed: int = 0,
    *,
    records: Path | None = None,
    on_game: Callable[[int], None] | None = None,
) -> SelfPlaySummary:
    """Play ``games`` random games; the same seed always gives the same games."""
    summary = SelfPlaySummary(
        game=game.name,
        options=dict(game.options),
        games=games,
        wins={c: 0 for c in game.colours},
        wins_by_seat={"first": 0, "second": 0},
    )
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
        refuse_existing_records(record_path(records, game, seed, i) for i in range(games))
    warm_up(game)
    start = time.perf_counter()
    for i in range(games):
        arr, actions = random_game(game, game_seed(seed, i), keep_actions=records is not None)
        summary.turns.append(int(arr[H_TURN]))
        if arr[H_PLAYER] >= 0:
            summary.unfinished += 1
        else:
            outcome = game.outcome_of(arr)
            summary.wins[game.colours[int(arr[H_WINNER])]] += 1
            summary.wins_by_seat["first" if outcome.winner == 0 else "second"] += 1
        if records is not None and actions is not None:
            st = State(game)
            st.apply_actions(actions)
            save_record(
                st,
                record_path(records, game, seed, i),
                players=("random", "random"),
                extra={"Seed": str(game_seed(seed, i))},
            )
        if on_game is not None:
            on_game(i)
    summary.seconds = time.perf_counter() - start
    return summary
