"""Scrunch's start of a turn by snakes (``hexarena.games.scrunch.start_words``) against the
rules' own legal actions, at every start of a turn of batched random play on sides 3 to 5."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from hexarena.core import H_COLOUR, H_PLAYER
from hexarena.games.scrunch import PH_START, S_CREATE, S_PHASE, legal
from hexarena.games.scrunch.bitmask import _planes
from hexarena.games.scrunch.start_words import start_words
from hexarena.vector import VectorEnv


@njit(cache=True)
def _placements(g, arr, row):  # type: ignore[no-untyped-def] # pragma: no cover - compiled
    n = g[0]
    c = arr[H_COLOUR]
    f, emp, c1, c2, c3, c4 = _planes(arr, n, c)
    eggs = emp & ~c1 if arr[S_CREATE + c] else np.int64(0)
    return start_words(g, arr, row, n, c, f, emp, c1, c2, c3, c4), eggs


@pytest.mark.parametrize("size", [3, 4, 5])
def test_start_by_snakes_equals_legal(size: int) -> None:
    """At every start of a turn (both phases) the placements found a smallest snake at a time
    are exactly the legal placements that are not eggs, and none when the rules' legal actions
    are removals; starts with placements and starts with none occur."""
    env = VectorEnv("scrunch", 64, {"size": size}, seed=31 + size)
    g = env.game.consts
    n = env.game.board.size
    row = np.zeros(2 * n, dtype=np.bool_)
    seen = {"grow": 0, "none": 0}
    for _ in range(120):
        env.step(env.random_actions())
        for i in range(env.num_envs):
            arr = env.states[i]
            if arr[H_PLAYER] < 0 or arr[S_PHASE] != PH_START:
                continue
            want = [int(a) for a in legal(g, arr) if a < n]
            w, eggs = _placements(g, arr, row)
            got = [x for x in range(n) if (int(w) >> x) & 1]
            plain = [x for x in want if not (int(eggs) >> x) & 1]
            assert [x for x in got if not (int(eggs) >> x) & 1] == plain
            assert set(got) <= set(want)
            seen["grow" if got else "none"] += 1
    assert min(seen.values()) > 20
