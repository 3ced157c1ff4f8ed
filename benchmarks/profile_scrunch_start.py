"""Scrunch's start of a turn by snakes (:mod:`hexarena.games.scrunch.start_words`) against the
mask writer (:func:`hexarena.games.scrunch.mask_into`) on the recorded starts of a turn.

Run ``nice python benchmarks/profile_scrunch_start.py`` (``--quick`` for a short run). It takes
the positions of ``profile_scrunch_mask.py`` (batched random play on side 5), keeps the starts of
a turn, and first compares the placements both write on every one of them (the seeds given;
a start where the mask writer finds none, a removal, must get none from the snakes' test
either). Then it times both on the starts of the wriggling phase of the first seed, in turn
each round, in compiled loops: all of them with a 64 MB array rewritten before each
measurement (the states out of the processor's caches, as ``profile_scrunch_mask.py`` times
them), and the first 300 (in the caches, as a batched step that fetches each state ahead sees
them). Each figure is processor nanoseconds per start, the lowest and the median of the rounds,
with the ratio (the mask writer's time over the snakes') within each round.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import numpy as np
from common import parser, positive_int
from numba import njit
from profile_scrunch_mask import kinds, positions
from rich.console import Console
from rich.table import Table

from hexarena.bits import unmanaged
from hexarena.core import H_COLOUR
from hexarena.games.scrunch import S_CREATE, mask_into
from hexarena.games.scrunch.bitmask import _planes, _set_bits
from hexarena.games.scrunch.start_words import start_words


@njit
def _by_snakes(g: Any, states: Any, rows: Any) -> None:  # pragma: no cover - compiled
    """Every start's placements (and egg cells) by :func:`start_words`."""
    gu = unmanaged(g)
    for i in range(states.shape[0]):
        arr = unmanaged(states[i])
        row = unmanaged(rows[i])
        row[:] = False
        n = gu[0]
        c = arr[H_COLOUR]
        f, emp, c1, c2, c3, c4 = _planes(arr, n, c)
        if arr[S_CREATE + c]:
            _set_bits(row, emp & ~c1, 0)
        _set_bits(row, start_words(gu, arr, row, n, c, f, emp, c1, c2, c3, c4), 0)


@njit
def _by_writer(g: Any, states: Any, rows: Any, scratch: Any) -> None:  # pragma: no cover
    """Every start's mask by the mask writer."""
    gu = unmanaged(g)
    su = unmanaged(scratch)
    for i in range(states.shape[0]):
        mask_into(gu, unmanaged(states[i]), unmanaged(rows[i]), su)


def main() -> None:
    """Compare, measure and print the table."""
    p = parser(__doc__ or "")
    p.add_argument("--rounds", type=positive_int, default=7, help="rounds (default 7)")
    p.add_argument("--seeds", type=positive_int, default=3, help="seeds compared (default 3)")
    args = p.parse_args()
    rounds = 3 if args.quick else args.rounds
    scratch = np.zeros(1, dtype=np.int32)
    wriggling = None
    compared = differ = 0
    for seed in range(1, args.seeds + 1):
        game, states = positions(seed)
        sel = kinds(states)
        g = game.consts
        n = game.board.size
        for kind in ("start, wriggling", "start, creation"):
            st = np.ascontiguousarray(states[sel[kind]])
            a = np.zeros((len(st), 2 * n), dtype=np.bool_)
            b = np.zeros((len(st), 2 * n), dtype=np.bool_)
            _by_writer(g, st, a, scratch)
            _by_snakes(g, st, b)
            grows = a[:, :n].any(axis=1)
            bad = np.where(grows, (a[:, :n] != b[:, :n]).any(axis=1), b[:, :n].any(axis=1))
            compared += len(st)
            differ += int(bad.sum())
            if wriggling is None and kind == "start, wriggling":
                wriggling = st
    print(f"placements compared on {compared:,} starts of a turn: {differ} differ")
    assert wriggling is not None
    junk = np.zeros(8 << 20, dtype=np.int64)  # 64 MB, twice the last-level cache
    title = f"Scrunch side 5: processor ns per start of a wriggling turn, {rounds} rounds"
    table = Table(title=title)
    for col in ("states", "mask writer", "by snakes", "ratio (median, range)"):
        table.add_column(col, justify="right")
    for label, st, flush in (
        (f"{len(wriggling):,}, out of the caches", wriggling, True),
        ("300, in the caches", np.ascontiguousarray(wriggling[:300]), False),
    ):
        rows = np.zeros((len(st), 2 * n), dtype=np.bool_)
        reps = 1 if flush else max(1, 4000 // len(st))
        old: list[float] = []
        new: list[float] = []
        for _ in range(rounds):
            for which, out in ((0, old), (1, new)):
                if flush:
                    junk += 1
                t0 = time.process_time()
                for _ in range(reps):
                    if which == 0:
                        _by_writer(g, st, rows, scratch)
                    else:
                        _by_snakes(g, st, rows)
                out.append((time.process_time() - t0) / (reps * len(st)) * 1e9)
        ratios = [a / b for a, b in zip(old, new, strict=True)]
        table.add_row(
            label,
            f"{min(old):,.0f} ({statistics.median(old):,.0f})",
            f"{min(new):,.0f} ({statistics.median(new):,.0f})",
            f"{statistics.median(ratios):.2f} ({min(ratios):.2f} to {max(ratios):.2f})",
        )
    Console(width=110).print(table)


if __name__ == "__main__":
    main()
