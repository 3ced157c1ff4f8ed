"""China Grove's search knowledge beyond the evaluation: turns as sets in the tree.

A China Grove turn places several checkers of one class, and the position after the turn
depends only on *which* cells were taken, not on their order. A search over single actions
therefore meets every turn of ``m`` checkers ``m!`` times (720 times for a six-checker turn),
each ordering with its own statistics. :func:`ordered_legal` offers the tree only the
ascending orderings: every checker of a turn on a higher-numbered cell than the one before,
and no checker that would leave too few higher cells of its class to finish the turn. Every
set of cells a turn can take is then reached by exactly one path, and no path ends before
its turn does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..core import H_COLOUR, H_PLAYER, Array
from ..games.china_grove import (
    BASE,
    G_N,
    G_NB,
    G_NCLS,
    G_PEN,
    S_CLASS,
    S_GROUPS,
    S_LEFT,
    S_STONES,
    apply,
)
from ..games.china_grove import (
    _swap_open as swap_open,
)


@njit(cache=True)
def class_need(g: Array, cls: int) -> int:  # pragma: no cover - compiled
    """Checkers a turn of class ``cls`` places when enough cells are vacant (7 - exits)."""
    n = g[G_N]
    ncls = g[G_NCLS]
    first = g[G_NB + 8 * n + ncls + 1 + g[G_NB + 8 * n + cls]]  # a cell of the class
    return int(g[G_NB + 7 * n + first])


@njit(cache=True)
def _add_class(
    g: Array, arr: Array, cls: int, r: int, above: int, out: Array, k: int
) -> int:  # pragma: no cover - compiled
    """Append to ``out`` (from ``k``) the vacant cells of ``cls`` above ``above`` with at least
    ``r - 1`` vacant cells of the class above them; return the new count."""
    n = g[G_N]
    start = g[G_NB + 8 * n + cls]
    m = arr[BASE + 4 * n + cls]
    slot = BASE + n
    for i in range(m):
        x = arr[slot + start + i]
        if x <= above:
            continue
        higher = 0
        for j in range(m):
            if arr[slot + start + j] > x:
                higher += 1
        if higher >= r - 1:
            out[k] = x
            k += 1
    return k


@njit(cache=True)
def ordered_legal(g: Array, arr: Array) -> Array:  # pragma: no cover - compiled
    """The legal actions that keep every turn in ascending order, ascending (see the module).

    Between turns: for each class, the vacant cells with enough higher vacant cells of the
    class to complete a turn started there (so the first checker is the turn's lowest), then
    the swap when offered. During a turn: the vacant cells of its class above the checker just
    placed with enough higher ones to finish the turn. If no cell qualifies (a turn begun out
    of order, outside the search), the bound by the checker just placed is dropped, so the
    list is never empty while the game goes on. Always a subset of :func:`legal`.
    """
    n = g[G_N]
    if arr[H_PLAYER] < 0:
        return np.empty(0, dtype=np.int32)
    out = np.empty(n + 1, dtype=np.int32)
    cls = arr[S_CLASS]
    k = 0
    if cls >= 0:
        m = arr[BASE + 4 * n + cls]
        r = min(arr[S_LEFT], m)
        start = g[G_NB + 8 * n + cls]
        prev = arr[BASE + n + start + m]  # the checker placed last sits just after the vacant
        k = _add_class(g, arr, cls, r, prev, out, 0)
        if k == 0:
            k = _add_class(g, arr, cls, r, -1, out, 0)
    else:
        for c in range(g[G_NCLS]):
            m = arr[BASE + 4 * n + c]
            if m > 0:
                k = _add_class(g, arr, c, min(class_need(g, c), m), -1, out, k)
        if swap_open(arr):
            out[k] = n
            k += 1
    res = out[:k].copy()
    res.sort()
    return res


__all__ = ["class_need", "ordered_legal"]


# ---------------------------------------------------------------- the endgame solver
@njit(cache=True)
def final_margin(g: Array, arr: Array) -> int:  # pragma: no cover - compiled
    """White's score minus Black's (stones - P x groups) of the position as it stands."""
    pen = g[G_PEN]
    return int(arr[S_STONES] - pen * arr[S_GROUPS] - arr[S_STONES + 1] + pen * arr[S_GROUPS + 1])


@njit(cache=True)
def alphabeta(
    g: Array, arr: Array, alpha: int, beta: int, count: Any, budget: int
) -> int:  # pragma: no cover - compiled
    """White's final margin under best play from ``arr`` (White maximises, Black minimises),
    by alpha-beta over single checkers in each turn's ascending order (:func:`ordered_legal`).

    Fail-hard within ``(alpha, beta)``. ``count[0]`` counts the positions visited; once it
    passes ``budget`` the search gives up and returns 0 with ``count[1] = 1`` (no answer).

    The depth-first search keeps its own stack (one frame per checker placed, so at most one
    per cell) rather than calling itself: Numba cannot load a function that calls itself back
    from its on-disk cache, and this way the solver is compiled once per machine, not once per
    process.
    """
    n = g[G_N]
    depth = n + 2  # every action places a checker, so a line is at most one frame per cell
    states = np.empty((depth, arr.shape[0]), dtype=arr.dtype)
    acts = np.empty((depth, n + 1), dtype=np.int64)
    nacts = np.zeros(depth, dtype=np.int64)
    nexti = np.zeros(depth, dtype=np.int64)
    lo = np.zeros(depth, dtype=np.int64)
    hi = np.zeros(depth, dtype=np.int64)
    white = np.zeros(depth, dtype=np.bool_)
    states[0] = arr
    d = 0
    entering = True  # frame d was just pushed; otherwise its child has returned ``ret``
    ret = 0
    while True:
        resume = True
        if entering:
            entering = False
            s = states[d]
            if s[H_PLAYER] < 0:  # a finished game: return its margin to the parent
                ret = final_margin(g, s)
                if d == 0:
                    return ret
                d -= 1
            else:
                count[0] += 1
                if count[0] > budget:
                    count[1] = 1
                    return 0
                legal = ordered_legal(g, s)
                nacts[d] = legal.shape[0]
                acts[d, : legal.shape[0]] = legal
                nexti[d] = 0
                lo[d] = alpha if d == 0 else lo[d - 1]
                hi[d] = beta if d == 0 else hi[d - 1]
                white[d] = s[H_COLOUR] == 0
                resume = False
        if resume:  # the value ``ret`` of frame d's last child
            cut = False
            if white[d]:
                if ret > lo[d]:
                    lo[d] = ret
                    cut = lo[d] >= hi[d]
            elif ret < hi[d]:
                hi[d] = ret
                cut = lo[d] >= hi[d]
            if cut:  # fail hard at the bound
                ret = hi[d] if white[d] else lo[d]
                if d == 0:
                    return ret
                d -= 1
                continue
        while nexti[d] < nacts[d] and acts[d, nexti[d]] == n:  # no swap in an endgame
            nexti[d] += 1
        if nexti[d] < nacts[d]:
            a = acts[d, nexti[d]]
            nexti[d] += 1
            states[d + 1] = states[d]
            apply(g, states[d + 1], a)
            d += 1
            entering = True
            continue
        ret = lo[d] if white[d] else hi[d]
        if d == 0:
            return ret
        d -= 1


#: :func:`solve_root` statuses
UNKNOWN = 0
WIN = 1
LOSS = 2


@njit(cache=True)
def solve_root(g: Array, arr: Array, budget: int, status: Any) -> int:  # pragma: no cover
    """A winning action for the colour to act in ``arr``, by :func:`alphabeta` on each action of
    :func:`ordered_legal` in turn, within ``budget`` positions in all.

    Sets ``status[0]`` to :data:`WIN` (the action returned wins against any defence),
    :data:`LOSS` (every action loses against best play; returns -1) or :data:`UNKNOWN` (the
    budget ran out first; returns -1). ``status[1]`` is the number of positions visited.
    """
    status[0] = UNKNOWN
    status[1] = 0
    if arr[H_PLAYER] < 0:
        return -1
    n = g[G_N]
    acts = ordered_legal(g, arr)
    white = arr[H_COLOUR] == 0
    count = np.zeros(2, dtype=np.int64)
    child = np.empty_like(arr)
    for i in range(acts.shape[0]):
        a = acts[i]
        if a == n:
            return -1  # the swap is for the opening search, not for the solver
        child[:] = arr
        apply(g, child, a)
        v = alphabeta(g, child, -1, 1, count, budget)
        status[1] = count[0]
        if count[1]:
            return -1
        if (v > 0) == white:
            status[0] = WIN
            return a
    status[0] = LOSS
    return -1
