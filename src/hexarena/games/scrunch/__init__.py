"""Scrunch: eggs, snakes that grow and wriggle, death and removal (rule sheet plus NOTES.md).

The rules a reader wants (the game class, legal actions, applying an action, the end of the
game) are in :mod:`.rules`; the state array and its incremental snake tables in
:mod:`.tables`; the growth test and the searches for completable growths in :mod:`.search`;
move text, explanations and the position builder in :mod:`.notation`. On boards of at most 63
cells, the 64-bit board masks the state keeps are in :mod:`.words`, and the batched
environments' mask writer on them in :mod:`.bitmask` (:mod:`.masks` chooses).
"""

from .masks import legal_mask, mask_into, mask_scratch_size
from .rules import (
    GAME,
    KERNELS,
    Scrunch,
    apply,
    choose_random,
    is_legal,
    legal,
    playout,
)
from .search import any_growth, can_complete, growth_ok
from .tables import (
    B_COL,
    B_CYC,
    B_FC,
    B_LAB,
    B_LABPOS,
    B_NXT,
    B_POS,
    B_SID,
    B_SMASK,
    B_SSIZE,
    B_TAIL,
    BASE,
    NBLOCKS,
    PH_DEST,
    PH_PICK,
    PH_REMOVE,
    PH_START,
    REASON_LAST_SNAKE,
    S_CREATE,
    S_N,
    S_NSNK,
    S_P,
    S_PHASE,
    S_S,
    S_STONES,
    _o,
    consts_for,
    initial_array,
)

__all__ = [
    "BASE",
    "B_COL",
    "B_CYC",
    "B_FC",
    "B_LAB",
    "B_LABPOS",
    "B_NXT",
    "B_POS",
    "B_SID",
    "B_SMASK",
    "B_SSIZE",
    "B_TAIL",
    "GAME",
    "KERNELS",
    "NBLOCKS",
    "PH_DEST",
    "PH_PICK",
    "PH_REMOVE",
    "PH_START",
    "REASON_LAST_SNAKE",
    "S_CREATE",
    "S_N",
    "S_NSNK",
    "S_P",
    "S_PHASE",
    "S_S",
    "S_STONES",
    "Scrunch",
    "_o",
    "any_growth",
    "apply",
    "can_complete",
    "choose_random",
    "consts_for",
    "growth_ok",
    "initial_array",
    "is_legal",
    "legal",
    "legal_mask",
    "mask_into",
    "mask_scratch_size",
    "playout",
]
