"""Scrunch's batched mask by decision: the time of one mask, per kind of decision.

Run ``nice python benchmarks/profile_scrunch_mask.py`` (``--quick`` for a short run). It plays
a batched run of random play on side 5 (1,024 environments, 40 steps, then 200 more, keeping
96 positions a step: about 19,000 positions as the batched step sees them), sorts the
positions by the decision under way, and times the mask writer
(:func:`hexarena.games.scrunch.mask_into`, with one working space, as an environment keeps it)
over each kind in a compiled loop: the start of a turn in the wriggling phase (every placement
tested for a growth that can be completed), the start of a turn in the creation phase (eggs and
placements), picking the stone, its destination, further removals, and all of them. Each figure
is processor nanoseconds per mask, the lowest and the median of the rounds (the kinds measured
in turn each round), with each kind's share of the positions: the share times the time is what
the kind adds to an average step.

With ``--footprint`` it times instead all the positions' masks on sets that differ only in the
memory they span and in how often a position repeats: 150 positions (they stay in the
processor's caches), the same 150 copied 13 times to other addresses (in order, then
shuffled: the same work and branches, read from memory), then 2,000 and all the distinct
positions. The differences split a mask's time into computing, waiting for the state, and
branches the predictor learns from repeated positions.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np
from common import parser, positive_int
from numba import njit
from rich.console import Console
from rich.table import Table

from hexarena.bits import unmanaged
from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games.scrunch import (
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    S_CREATE,
    S_PHASE,
    mask_into,
    mask_scratch_size,
)
from hexarena.vector import VectorEnv


@njit
def _masks(g: Any, states: Any, rows: Any, scratch: Any) -> None:  # pragma: no cover
    """Every position's mask, as the batched step writes it (views without reference counts)."""
    gu = unmanaged(g)
    su = unmanaged(scratch)
    for i in range(states.shape[0]):
        mask_into(gu, unmanaged(states[i]), unmanaged(rows[i]), su)


def positions(seed: int = 1, with_actions: bool = False) -> Any:
    """The game and about 19,000 positions of batched random play on side 5 (and with
    ``with_actions``, the action chosen in each: ``(game, states, actions)``)."""
    env = VectorEnv("scrunch", 1024, {"size": 5}, seed=seed)
    for _ in range(40):
        env.step(env.random_actions())
    pick = np.random.default_rng(seed)
    kept = []
    acts = []
    actions = env.random_actions()
    for _ in range(200):
        env.step(actions)
        chosen = pick.choice(1024, 96, replace=False)
        kept.append(env.states[chosen].copy())
        actions = env.random_actions()  # the next step's, drawn as the loop always drew them
        acts.append(actions[chosen].copy())
    if with_actions:
        return env.game, np.concatenate(kept), np.concatenate(acts)
    return env.game, np.concatenate(kept)


def kinds(states: np.ndarray) -> dict[str, np.ndarray]:
    """The positions of each kind of decision (a boolean selection each)."""
    going = states[:, H_PLAYER] >= 0
    ph = states[:, S_PHASE]
    colour = np.maximum(states[:, H_COLOUR], 0)
    creating = states[np.arange(len(states)), S_CREATE + colour] == 1
    return {
        "start, wriggling": going & (ph == PH_START) & ~creating,
        "start, creation": going & (ph == PH_START) & creating,
        "pick the stone": going & (ph == PH_PICK),
        "its destination": going & (ph == PH_DEST),
        "more removals": going & (ph == PH_REMOVE),
        "all": np.ones(len(states), dtype=np.bool_),
    }


def footprint(game: Any, states: np.ndarray, rounds: int) -> None:
    """Print the time of a mask (processor and wall ns, lowest of ``rounds``) on sets of
    positions that span more and more memory (see the module's docstring)."""
    n = game.board.size
    g = game.consts
    scratch = np.zeros(mask_scratch_size(n), dtype=np.int32)
    rng = np.random.default_rng(0)
    mixed = states[rng.permutation(len(states))]
    copies = np.tile(mixed[:150], (13, 1))
    sets = {
        "150 positions": mixed[:150],
        "the same 150 at 1,950 places, in order": copies,
        "the same, shuffled": copies[rng.permutation(len(copies))],
        "2,000 positions": mixed[:2000],
        f"{len(mixed):,} positions": mixed,
    }
    rows = np.zeros((len(mixed), 2 * n), dtype=np.bool_)
    _masks(g, mixed[:2], rows, scratch)  # compile
    table = Table(title=f"Scrunch side 5: ns per mask by the memory spanned, {rounds} rounds")
    for col in ("positions", "processor", "wall"):
        table.add_column(col, justify="right")
    for label, chosen in sets.items():
        st = np.ascontiguousarray(chosen)
        reps = max(1, 4000 // len(st))
        cpu = wall = float("inf")
        for _ in range(rounds):
            c0, w0 = time.process_time(), time.perf_counter()
            for _ in range(reps):
                _masks(g, st, rows, scratch)
            cpu = min(cpu, (time.process_time() - c0) / (reps * len(st)) * 1e9)
            wall = min(wall, (time.perf_counter() - w0) / (reps * len(st)) * 1e9)
        table.add_row(label, f"{cpu:,.0f}", f"{wall:,.0f}")
    Console(width=100).print(table)


def main() -> None:
    """Measure and print the table."""
    p = parser(__doc__ or "")
    p.add_argument("--rounds", type=positive_int, default=9, help="rounds (default 9)")
    p.add_argument(
        "--footprint", action="store_true", help="time the masks by the memory their states span"
    )
    args = p.parse_args()
    rounds = 3 if args.quick else args.rounds
    game, states = positions()
    if args.footprint:
        footprint(game, states, rounds)
        return
    n = game.board.size
    g = game.consts
    scratch = np.zeros(mask_scratch_size(n), dtype=np.int32)
    chosen = {k: np.ascontiguousarray(states[sel]) for k, sel in kinds(states).items()}
    _masks(g, states[:2], np.zeros((2, 2 * n), dtype=np.bool_), scratch)  # compile
    times: dict[str, list[float]] = {k: [] for k in chosen}
    for _ in range(rounds):
        for k, st in chosen.items():
            if len(st) == 0:
                continue
            rows = np.zeros((len(st), 2 * n), dtype=np.bool_)
            reps = max(1, 4000 // len(st))
            t0 = time.process_time()
            for _ in range(reps):
                _masks(g, st, rows, scratch)
            times[k].append((time.process_time() - t0) / (reps * len(st)) * 1e9)
    table = Table(title=f"Scrunch side 5: processor ns per mask, {len(states):,} positions")
    for col in ("decision", "share", "lowest", "median"):
        table.add_column(col, justify="right")
    for k, st in chosen.items():
        t = times[k]
        share = f"{len(st) / len(states):.1%}"
        if t:
            table.add_row(k, share, f"{min(t):,.0f}", f"{statistics.median(t):,.0f}")
        else:
            table.add_row(k, share, "-", "-")
    Console(width=100).print(table)


if __name__ == "__main__":
    main()
