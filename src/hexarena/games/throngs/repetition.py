"""Throngs' repetition rule (NOTES.md, "Repetition"): when a position comes for the third time at
the start of a turn, the player to move has no move. A position's hash is the exclusive or of
Zobrist keys (:func:`hexarena.games.throngs.layout._zobrist`); the state array keeps the hashes
of all the positions met since the number of stones last changed, in a table that the drivers
grow when it is full (:mod:`.layout`, :func:`hexarena.games.throngs.layout.spare_turns`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...core import Array
from ...kernels_common import _U
from .layout import (
    G_N,
    G_NOSTALL,
    NWBLOCKS,
    S_REPLOST,
    S_REPN,
    S_REPTOTAL,
    S_STALL,
    S_STONES,
    _bit_base,
    _zobrist,
)


@njit(cache=True, inline="always")
def position_key(g: Array, gw: Any, arr: Array, w: Any, c: int) -> np.uint64:  # pragma: no cover
    """The hash of the position with colour ``c`` to begin a turn: the stones, the colour to
    move and, with ``no_stalling``, both colours' counts of dispatches in a row."""
    n = g[G_N]
    z = _zobrist(g)
    key = w[_U(NWBLOCKS * g[_bit_base(g)])] ^ gw[_U(z + 2 * n + c)]
    if g[G_NOSTALL] != 0:
        key ^= gw[_U(z + 2 * n + 2 + arr[S_STALL])] ^ gw[_U(z + 2 * n + 5 + arr[S_STALL + 1])]
    return key


@njit(cache=True)
def _third_time(g: Array, gw: Any, arr: Array, w: Any, c: int) -> bool:  # pragma: no cover
    """Whether the position with colour ``c`` to begin a turn has come twice before at the start
    of a turn; if not, it is recorded in the repetition table.

    Only positions with as many stones as this one can be equal to it, and the number of
    stones never goes down (a deploy adds one; captures and dispatches keep it), so the table
    holds every position since it last changed, in the order met. Its capacity is the rest of
    the array (``w`` runs to the end of ``arr``): the drivers give it room before it is full
    (:func:`hexarena.games.throngs.layout.spare_turns`). If it is full all the same, the
    position is not recorded and the state is marked (``arr[S_REPLOST]``): no entry is ever
    overwritten."""
    total = arr[S_STONES] + arr[S_STONES + 1]
    if total != arr[S_REPTOTAL]:
        arr[S_REPTOTAL] = total
        arr[S_REPN] = 0
    key = position_key(g, gw, arr, w, c)
    t = NWBLOCKS * g[_bit_base(g)] + 1
    m = arr[S_REPN]
    seen = 0
    for i in range(m):
        if w[_U(t + i)] == key:
            seen += 1
    if seen >= 2:
        return True
    if t + m < w.shape[0]:
        w[_U(t + m)] = key
        arr[S_REPN] = m + 1
    else:
        arr[S_REPLOST] = 1
    return False
