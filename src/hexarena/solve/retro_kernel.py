"""Compiled helpers of Throngs' retrograde analysis (:mod:`.retrograde`): a position at the start
of a turn as a code, the state array of a code (with no history), and every result of one turn.

A *position* is the stones on the board and the colour to move at the start of a turn (what
Throngs' repetition rule compares, without ``no_stalling``). Its code is
``2 * sum(contents[x] * 3**x) + colour``. A turn's result is either a position (the other colour
to move) or the end of the game, coded ``-1 - winner`` (the winning colour).

The helpers call Throngs' own kernels (``legal``, ``apply`` as arguments; the position set-up
and end-of-game functions of :mod:`hexarena.games.throngs`), so the rules are the game's.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core import H_COLOUR, H_PLAYER, H_TURN, H_WINNER, Array
from ..games.throngs import (
    BASE,
    G_N,
    REASON_REPETITION,
    _add_stone,
    _end_of_game,
    _g_words,
    _start_turn,
    _words,
)

#: Deepest chain of actions in one turn: two moves of a selection and a destination each.
TURN_DEPTH = 4


@njit(cache=True)
def position_code(g: Array, arr: Array) -> np.int64:  # pragma: no cover - compiled
    """The code of the position at the start of a turn in ``arr`` (the colour to move, the
    stones)."""
    n = g[G_N]
    code = np.int64(0)
    for x in range(n - 1, -1, -1):
        code = code * 3 + arr[BASE + x]
    return 2 * code + arr[H_COLOUR]


@njit(cache=True)
def state_of(g: Array, template: Array, code: np.int64) -> Array:  # pragma: no cover
    """The state array of position ``code`` with no history: ``template`` is the empty board
    after the set-up (the first player playing Black), and the colour to move begins its turn
    (so the game is over at once when that colour has no move)."""
    arr = template.copy()
    n = g[G_N]
    c = int(code % 2)
    b = code // 2
    for x in range(n):
        v = int(b % 3)
        b //= 3
        if v != 0:
            _add_stone(g, arr, x, v - 1)
    _start_turn(g, arr, c)
    return arr


@njit(cache=True)
def end_value(g: Array, template: Array, code: np.int64) -> int:  # pragma: no cover
    """Whether the colour to move in position ``code`` wins when the game ends there with no
    move for it (no legal move, or the position's third time): 1 or 0."""
    arr = state_of(g, template, code)
    if arr[H_PLAYER] >= 0:
        _end_of_game(g, _g_words(g), arr, _words(g, arr), REASON_REPETITION)
    return 1 if arr[H_WINNER] == int(code % 2) else 0


@njit
def turn_results(legal: Any, apply: Any, g: Array, start: Array) -> Array:  # pragma: no cover
    """The results of every legal turn from the start-of-turn state ``start`` (duplicates
    removed, ascending): positions' codes, or ``-1 - winner`` for a turn after which the game
    is over. Empty when the game is already over."""
    if start[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int64)
    width = start.shape[0]
    arrs = np.empty((TURN_DEPTH + 1, width), dtype=np.int32)
    acts = np.empty((TURN_DEPTH + 1, 2 * width + 8), dtype=np.int32)
    counts = np.zeros(TURN_DEPTH + 1, dtype=np.int64)
    nexts = np.zeros(TURN_DEPTH + 1, dtype=np.int64)
    out = np.empty(64, dtype=np.int64)
    m = 0
    turn = start[H_TURN]
    arrs[0, :] = start
    first = legal(g, start)
    counts[0] = first.shape[0]
    acts[0, : first.shape[0]] = first
    d = 0
    while d >= 0:
        if nexts[d] >= counts[d]:
            d -= 1
            continue
        a = acts[d, nexts[d]]
        nexts[d] += 1
        child = arrs[d + 1]
        child[:] = arrs[d]
        apply(g, child, a)
        if child[H_PLAYER] < 0 or child[H_TURN] != turn:
            r = -1 - np.int64(child[H_WINNER]) if child[H_PLAYER] < 0 else position_code(g, child)
            if m == out.shape[0]:
                bigger = np.empty(2 * m, dtype=np.int64)
                bigger[:m] = out
                out = bigger
            out[m] = r
            m += 1
            continue
        d += 1
        nxt = legal(g, child)
        counts[d] = nxt.shape[0]
        nexts[d] = 0
        acts[d, : nxt.shape[0]] = nxt
    return np.unique(out[:m])


@njit
def expand_many(
    legal: Any, apply: Any, g: Array, template: Array, codes: Array
) -> tuple[Any, Any, Any]:  # pragma: no cover - compiled
    """:func:`turn_results` of every position in ``codes``: the results concatenated, the
    offsets of each position's results (``len(codes) + 1`` of them), and whether each position
    is over at once (its colour to move has no move: 1) or not (0)."""
    k = codes.shape[0]
    offs = np.zeros(k + 1, dtype=np.int64)
    over = np.zeros(k, dtype=np.int8)
    parts = []
    total = 0
    for i in range(k):
        st = state_of(g, template, codes[i])
        if st[H_PLAYER] < 0:
            over[i] = 1
            r = np.empty(0, dtype=np.int64)
        else:
            r = turn_results(legal, apply, g, st)
        parts.append(r)
        total += r.shape[0]
        offs[i + 1] = total
    res = np.empty(total, dtype=np.int64)
    for i in range(k):
        res[offs[i] : offs[i + 1]] = parts[i]
    return res, offs, over
