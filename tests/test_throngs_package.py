"""Throngs' code reshaped: the same seeded random games as the single module played (before the
repetition rule and before the package), and the same names importable from
``hexarena.games.throngs``."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import hexarena
import hexarena.games.throngs as throngs
from hexarena.core import H_PLAYER, H_TURN, H_WINNER
from hexarena.selfplay import game_seed, random_game

#: SHA-256 of the actions, winners, turns and ends of 160 seeded self-play games (see
#: :func:`games_hash`), as the single module ``games/throngs.py`` played them before the
#: repetition rule; with the rule, either way (none of these games goes round a cycle).
BEFORE = "949a53c2bfd316f89f4da41d23c3540cbec6633e914855f0ad6086dfa869ff92"


def games_hash(**extra: object) -> str:
    """The hash of 40 seeded random games on each of four boards and option sets."""
    h = hashlib.sha256()
    for opts in (
        {"board": "original"},
        {"board": "original", "no_stalling": True},
        {"board": "large"},
        {"board": "hex", "size": 4, "no_stalling": True},
    ):
        game = hexarena.new_game("throngs", **opts, **extra)
        for i in range(40):
            arr, acts = random_game(game, game_seed(7, i), keep_actions=True, cap=20_000)
            assert acts is not None
            h.update(acts.tobytes())
            ends = [arr[H_WINNER], arr[H_TURN], arr[H_PLAYER]]
            h.update(np.array(ends, np.int64).tobytes())
    return h.hexdigest()


@pytest.mark.parametrize("repetition", ["off", "third"])
def test_same_seeded_games_as_the_single_module(repetition: str) -> None:
    assert games_hash(repetition=repetition) == BEFORE


def test_names_of_the_single_module_are_still_there() -> None:
    for name in (
        "Throngs",
        "GAME",
        "KERNELS",
        "BASE",
        "G_NB",
        "MAX_BUDGET",
        "NWBLOCKS",
        "P_SELECT",
        "S_BUDGET",
        "S_PHASE",
        "S_STALL",
        "S_STONES",
        "STARS",
        "W_CAND",
        "W_EMPTY",
        "W_PLANES",
        "W_STONES",
        "W_SURE",
        "REASON_NO_MOVE",
        "REASON_REPETITION",
        "_add_stone",
        "bit_destinations",
        "bit_pick",
        "bit_scratch",
        "consts_for",
        "destinations",
        "has_exit",
        "initial_array",
        "legal",
        "is_legal",
        "apply",
        "playout",
        "lower_count",
        "original_board",
        "original_cells",
        "large_board",
        "quick_destinations",
        "quick_scratch_size",
        "scratch_size",
        "select_ok",
        "upper_destinations",
        "words_offset",
    ):
        assert hasattr(throngs, name), name
    assert throngs.GAME is throngs.Throngs
    assert throngs.KERNELS.playout is throngs.playout
