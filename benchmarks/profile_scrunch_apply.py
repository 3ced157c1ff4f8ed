"""Scrunch's ``apply`` in the batched step by kind of action: the time of one action.

Run ``nice python benchmarks/profile_scrunch_apply.py`` (``--quick`` for a short run). It takes
the positions of :mod:`profile_scrunch_mask` (batched random play on side 5, about 19,000
positions as the batched step sees them) with the action the random player chose in each, sorts
them by kind of action (an egg, a placement, the stone picked, its destination, a removal), and
times :func:`hexarena.games.scrunch.rules.apply_inline` (the ``apply`` the batched step compiles
in) over each kind in a compiled loop: each position is copied into a working row, then the
action applied, and the copy's time (timed alone, the same loop without the action) is taken
off. The copy leaves the working row in the nearest caches, so a figure is the action's
computing and branches, not its wait for the state. Each figure is processor nanoseconds per
action, the lowest and the median of the rounds (the kinds measured in turn each round), with
each kind's share of the positions: the share times the time is what the kind adds to an
average step. A figure near 0 is within the noise of the copy (about 200 ns).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np
from common import parser, positive_int
from numba import njit
from profile_scrunch_mask import positions
from rich.console import Console
from rich.table import Table

from hexarena.bits import unmanaged
from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games.scrunch import PH_DEST, PH_PICK, PH_START, S_PHASE
from hexarena.games.scrunch.rules import apply_inline
from hexarena.games.scrunch.tables import friendly_counts


@njit
def _apply_all(g: Any, states: Any, actions: Any, work: Any, act: bool) -> None:  # pragma: no cover
    """Copy each position into its working row, and (with ``act``) apply its action there."""
    gu = unmanaged(g)
    for i in range(states.shape[0]):
        w = unmanaged(work[i])
        w[:] = states[i]
        if act:
            apply_inline(gu, w, actions[i])


def kinds(states: np.ndarray, actions: np.ndarray, n: int) -> dict[str, np.ndarray]:
    """The positions of each kind of action (a boolean selection each)."""
    ph = states[:, S_PHASE]
    colour = np.maximum(states[:, H_COLOUR], 0)
    cell = np.minimum(actions, n - 1)
    lonely = np.asarray(
        [friendly_counts(st, n, c)[x] == 0 for st, c, x in zip(states, colour, cell, strict=True)]
    )
    start = (ph == PH_START) & (actions < n)
    return {
        "egg": start & lonely,
        "placement": start & ~lonely,
        "the stone picked": ph == PH_PICK,
        "its destination": ph == PH_DEST,
        "removal": actions >= n,
        "all": np.ones(len(states), dtype=np.bool_),
    }


def main() -> None:
    """Measure and print the table."""
    p = parser(__doc__ or "")
    p.add_argument("--rounds", type=positive_int, default=9, help="rounds (default 9)")
    args = p.parse_args()
    rounds = 3 if args.quick else args.rounds
    game, states, actions = positions(with_actions=True)
    going = states[:, H_PLAYER] >= 0
    states, actions = states[going], actions[going].astype(np.int64)
    n = game.board.size
    g = game.consts
    chosen = {
        k: (np.ascontiguousarray(states[sel]), np.ascontiguousarray(actions[sel]))
        for k, sel in kinds(states, actions, n).items()
    }
    shares = {k: float(sel.mean()) for k, sel in kinds(states, actions, n).items()}
    for act in (False, True):  # compile
        _apply_all(g, states[:2], actions[:2], states[:2].copy(), act)
    times: dict[str, list[float]] = {k: [] for k in chosen}
    for _ in range(rounds):
        for k, (st, ac) in chosen.items():
            if len(st) == 0:
                continue
            work = np.zeros_like(st)
            reps = max(1, 20000 // len(st))
            spent = []
            for act in (False, True):
                t0 = time.process_time()
                for _ in range(reps):
                    _apply_all(g, st, ac, work, act)
                spent.append(time.process_time() - t0)
            times[k].append((spent[1] - spent[0]) / (reps * len(st)) * 1e9)
    table = Table(title=f"Scrunch side 5: processor ns per apply, {rounds} rounds")
    for col in ("action", "share", "lowest", "median"):
        table.add_column(col, justify="right")
    for k, ts in times.items():
        if ts:
            table.add_row(k, f"{shares[k]:.1%}", f"{min(ts):,.1f}", f"{statistics.median(ts):,.1f}")
    Console(width=100).print(table)


if __name__ == "__main__":
    main()
