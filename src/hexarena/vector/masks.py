"""Legal-action mask writers of the batched environments: ``mask(g, arr, row)`` writes the legal
actions of position ``arr`` into ``row`` (one bool per action).

A game whose legal actions cost more to list than to mark gives its own writer, compiled beside
its rules and checked against its ``legal`` kernel by the tests (Throngs:
:func:`hexarena.games.throngs.legal_mask`, from the selection bitboards and the bitboard
searches, without listing, sorting or allocating, compiled into the step that calls it:
``mask_inline``; Scrunch:
:func:`hexarena.games.scrunch.legal_mask`, the rules' own searches without sorting); for the
others the writer marks the list that ``legal`` returns. The incremental step (:mod:`.deltas`)
has its own for Gyre (updated from the cell placed on), Churn, China Grove and Scrunch (written
without allocating); this module's writers serve the step that rewrites everything and, for
Throngs, the incremental one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from numba import njit

from ..core import Array, Game
from ..games import scrunch
from ..games.throngs.masks import mask_inline as throngs_mask

#: The games' own mask writers, by game name.
OWN_WRITERS: dict[str, Callable[..., None]] = {
    "throngs": throngs_mask,
    "scrunch": scrunch.legal_mask,
}


@functools.cache
def _from_legal(legal: Any) -> Callable[..., None]:
    """A mask writer that marks the actions ``legal`` lists."""

    @njit
    def mask(g: Array, arr: Any, row: Any) -> None:  # pragma: no cover - compiled
        acts = legal(g, arr)
        row[:] = False
        for k in range(acts.shape[0]):
            row[acts[k]] = True

    return mask


def mask_writer(game: Game) -> Callable[..., None]:
    """The compiled mask writer of ``game`` (its own, or one over its ``legal`` kernel)."""
    return OWN_WRITERS.get(game.name) or _from_legal(game.kernels.legal)
