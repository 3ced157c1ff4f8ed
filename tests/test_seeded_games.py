"""Seeded random games are pinned for the games whose kernels were reorganised: the same seeds
must give the same games, action for action and array for array, whenever an engine is
reorganised or optimised (a change of the rules or of the random policy changes the pinned
value, and must say so)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import hexarena
from hexarena.rng import make_rng


def seeded_games_digest(name: str, sizes: tuple[int, ...], seeds: int) -> str:
    """A digest of compiled random playouts from the empty board: every action and the final
    state array of each game, sides ``sizes`` (China Grove: board seeds), seeds ``0 ..
    seeds-1``."""
    h = hashlib.sha256()
    for size in sizes:
        if name == "china-grove":
            game = hexarena.new_game(name, board_seed=size, islands=1 + size % 2)
        else:
            game = hexarena.new_game(name, size=size)
        for seed in range(seeds):
            arr = game.initial_array()
            out = np.zeros(100_000, dtype=np.int32)
            k = game.kernels.playout(game.consts, arr, make_rng(seed), out, 100_000)
            h.update(out[:k].tobytes())
            h.update(arr.tobytes())
    return h.hexdigest()[:16]


#: The same before and after Scrunch became a package and Churn took its indexed sets from
#: ``hexarena.kernels_common`` (larger runs agreed too: Scrunch sides 3, 5 and 7 with 200 seeds
#: each, Churn sides 2 to 4 with 100 seeds each), and before and after Churn, Gyre and China
#: Grove took their groups, neighbour scans and indexed sets from it. Scrunch's value changed
#: when its state gained the board masks (``arr[18:34]``, ``games/scrunch/words.py``): the
#: actions and every other entry of the arrays are the same as before (sides 3 and 5 with 200
#: seeds each and side 7 with 60, compared with the masks left out). Churn's value changed when
#: its state kept everything after the colours in bytes (docs/batched-speed.md, "Churn's fifth
#: round"): the actions, the header, the colours and every cell's group size are the same as
#: before (sides 2 to 4 with 100 seeds each and side 5 with 20). It changed again when the
#: colours went into bytes too, each with the cell's friendly-neighbour counts ("Churn's sixth
#: round"): the same comparison, with positions cut short after 7 to 46 actions and their
#: legal actions besides, is the same as before. Scrunch's changed again when its boards of at
#: most 63 cells took each snake's stones as masks into the two blocks that hold the
#: friendly-neighbour counts on larger boards (docs/batched-speed-scrunch.md, seventeenth
#: round): the actions and every other entry of the arrays are the same as before (sides 3
#: and 5 with 200 seeds each), and side 7's arrays are the same whole (60 seeds).
PINNED: dict[tuple[str, tuple[int, ...], int], str] = {
    ("scrunch", (3, 5), 40): "e336b261f82edc9a",
    ("churn", (2, 3), 20): "d82e3c291b4cc1bc",
    ("gyre", (5, 7), 40): "fb2d31278043bac5",
    ("china-grove", (1, 2), 40): "fbc3cfb8e2344e57",
}


@pytest.mark.parametrize(("name", "sizes", "seeds"), list(PINNED))
def test_seeded_random_games_are_unchanged(name: str, sizes: tuple[int, ...], seeds: int) -> None:
    assert seeded_games_digest(name, sizes, seeds) == PINNED[name, sizes, seeds]
