"""Scrunch's legal actions written as a mask (one bool per action) for the batched
environments, without allocating, listing in order or sorting.

:func:`mask_into` marks, in a mask row, exactly the actions that :func:`.rules.legal` lists: on
a board of at most 63 cells (sides 3 to 5) by the searches on board masks of :mod:`.bitmask`,
which keep there what the mask of the pick found for the mask of the destination that follows;
on larger boards by the rules' own searches (:func:`.rules._legal_into`), which need it as
scratch. The working space is the caller's (:func:`mask_scratch_size` whole numbers, zero to
begin with and left fit for the next call): the batched environment keeps it in each
environment's memo row, so that a step allocates nothing.
:func:`legal_mask` is the same with working space of its own, for callers that keep none.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...core import H_PLAYER, Array
from ...kernels_common import plain_kernel
from .bitmask import keep_size, mask_bits
from .rules import _legal_into
from .tables import SCRATCH_SMALL
from .words import MAX_CELLS


@njit(cache=True, inline="always")
def mask_scratch_size(n: int) -> int:  # pragma: no cover - compiled
    """Whole numbers of working space :func:`mask_into` takes on a board of ``n`` cells: on a
    board of at most 63 cells, room to keep the destinations found when the stone is picked
    (:func:`.bitmask.keep_size`); on larger boards the searches' scratch
    (:func:`.tables._scratch`), then room for the list of actions."""
    return keep_size(n) if n <= MAX_CELLS else SCRATCH_SMALL + 4 * n


@plain_kernel
def mask_into(g: Array, arr: Array, row: Any, scratch: Any) -> None:  # pragma: no cover
    """Write the legal actions of ``arr`` into ``row`` (``2 n`` bools), as ``legal`` lists
    them, with ``scratch`` (:func:`mask_scratch_size` whole numbers, zero to begin with, kept
    by the caller from one call to the next: on a board of at most 63 cells it keeps what the
    mask of the pick found for the mask of the destination, with the position it belongs to,
    so that any position may follow; on larger boards the searches leave the parts that must
    start at zero as they found them)."""
    n = g[0]
    if n <= MAX_CELLS and arr[H_PLAYER] >= 0:  # sides 3 to 5: board masks, the whole row
        mask_bits(g, arr, row, scratch)
        return
    row[:] = False
    if arr[H_PLAYER] < 0:
        return
    k = SCRATCH_SMALL + 3 * n
    out = scratch[k : k + n]
    m = _legal_into(g, arr, scratch[:k], out)
    for i in range(m):
        row[out[i]] = True


@njit(cache=True)
def legal_mask(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """Write the legal actions of ``arr`` into ``row`` (``2 n`` bools), with working space of
    its own (on a board of at most 63 cells none: nothing is kept between calls)."""
    n = g[0]
    mask_into(g, arr, row, np.zeros(0 if n <= MAX_CELLS else mask_scratch_size(n), np.int32))
