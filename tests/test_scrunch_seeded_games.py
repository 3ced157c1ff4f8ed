"""Seeded random Scrunch games are pinned: the same seeds must give the same games, action for
action and array for array, whenever the engine is reorganised or optimised (a change of the
rules or of the random policy changes the pinned value, and must say so)."""

from __future__ import annotations

import hashlib

import numpy as np

import hexarena
from hexarena.rng import make_rng


def seeded_games_digest(sizes: tuple[int, ...], seeds: int) -> str:
    """A digest of compiled random playouts from the empty board: every action and the final
    state array of each game, sides ``sizes``, seeds ``0 .. seeds-1``."""
    h = hashlib.sha256()
    for size in sizes:
        game = hexarena.new_game("scrunch", size=size)
        for seed in range(seeds):
            arr = game.initial_array()
            out = np.zeros(100_000, dtype=np.int32)
            k = game.kernels.playout(game.consts, arr, make_rng(seed), out, 100_000)
            h.update(out[:k].tobytes())
            h.update(arr.tobytes())
    return h.hexdigest()[:16]


def test_seeded_random_games_are_unchanged() -> None:
    assert seeded_games_digest((3, 5), 40) == PINNED


#: The same before and after the engine became a package (and over sides 3, 5 and 7 with 200
#: seeds each, every game was the same too).
PINNED = "e7a45b9652f60940"
