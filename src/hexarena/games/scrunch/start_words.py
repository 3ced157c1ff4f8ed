"""Scrunch's start of a wriggling turn by snakes: the placements next to each smallest snake
decided with board words, the snake read once (one walk along it), not per placement.

A placement ``p`` next to a smallest snake ``S`` whose friendly neighbours all lie in ``S`` (the
usual case) forms the snake ``S + p``; the stone that steps is one of ``S``. What the growth
test reads besides the board words is where the stones of ``S`` lie along it (which side of the
moving stone a neighbour of ``p`` or of the destination is) and whether ``S`` is a cycle; both
come from the walk: a cycle is a snake all of whose stones have two friendly neighbours, and the
stones' numbers along a path are kept bit-sliced (six words), so that "the stones numbered below
``s``" is a comparison of words. No label, number or cycle flag is read from the state for these
placements; the others (touching another snake, or a destination next to two other snakes'
stones) go through :func:`.bitmask._can_complete_bits`, so the mask stays the rules' ``legal``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ...core import Array
from ...kernels_common import _U
from .bitmask import _can_complete_bits, _dests
from .tables import B_LAB, B_NXT, B_SSIZE, S_NSNK, _o, smallest_size
from .words import Word, _ctz, _nbm, _pop


@njit(cache=True, inline="always")
def _lt_step(lt: Word, eq: Word, q: Word, bit: int) -> tuple[Word, Word]:  # pragma: no cover
    """One plane of a bit-sliced comparison with a constant, from the highest plane down."""
    if bit:
        return lt | (eq & ~q), eq & q
    return lt, eq & ~q


@njit(cache=True, inline="always")
def _below(  # pragma: no cover - compiled
    s: int, sm: Word, q0: Word, q1: Word, q2: Word, q3: Word, q4: Word, q5: Word
) -> Word:
    """The stones of the snake ``sm`` numbered below stone ``s``, from the numbers kept
    bit-sliced in ``q0`` .. ``q5``."""
    lt = np.int64(0)
    eq = sm
    lt, eq = _lt_step(lt, eq, q5, (q5 >> s) & 1)
    lt, eq = _lt_step(lt, eq, q4, (q4 >> s) & 1)
    lt, eq = _lt_step(lt, eq, q3, (q3 >> s) & 1)
    lt, eq = _lt_step(lt, eq, q2, (q2 >> s) & 1)
    lt, eq = _lt_step(lt, eq, q1, (q1 >> s) & 1)
    lt, eq = _lt_step(lt, eq, q0, (q0 >> s) & 1)
    return lt


@njit(cache=True, inline="always")
def _in_snake(  # pragma: no cover - compiled
    g: Array,
    p: int,
    sm: Word,
    ends: Word,
    cyc: bool,
    q0: Word,
    q1: Word,
    q2: Word,
    q3: Word,
    q4: Word,
    q5: Word,
    nh: Word,
    f: Word,
    emp: Word,
    c1: Word,
    c2: Word,
    c3: Word,
    c4: Word,
) -> int:
    """Whether a placement at ``p`` next to the smallest snake ``sm`` (its stones; ``ends`` a
    path's two ends, ``cyc`` whether it is a cycle, ``q0`` .. ``q5`` its stones' numbers) can be
    completed by a stone of ``sm``: 1 yes, 0 no, -1 not decided here (``p`` also touches another
    snake, whose stones are not tried here, or the snakes a destination touches cannot be told
    apart without their labels). ``nh`` is the friendly stones next to an empty cell with two
    friendly neighbours or more.

    The stones tried: with a neighbour of ``p`` that already has two friendly neighbours, or
    three neighbours of ``p``, those next to (or being) each such neighbour; after a placement
    extending a path at one end, the far end and the stones next to a cell with two friendly
    neighbours (any other stone's count condition asks for one); otherwise all of them. Each
    stone's destinations come from :func:`.bitmask._dests`, and the count of snakes is
    :func:`.bitmask._snakes_ok`'s, with the pieces of ``sm`` told by the numbers and the other
    snakes touched counted from their stones: one stone is one snake; with more, at least one
    (an acceptance then holds, a refusal is left undecided)."""
    one = np.int64(1)
    np_ = _nbm(g, p)
    fn = np_ & f
    other_p = fn & ~sm
    k = _pop(fn)
    over = fn & c2
    crowded = over != 0 or k == 3 or other_p != 0
    if crowded:
        t = sm & fn if k == 3 else sm
        while over:
            y = _ctz(over)
            over &= over - 1
            t &= _nbm(g, y) | (one << y)
    elif k == 1 and sm & (sm - 1):
        t = (ends & ~fn) | (sm & nh)
    else:
        t = sm
    unsure = other_p != 0  # the stones of the other snakes are not tried here
    while t:
        s = _ctz(t)
        t &= t - 1
        bs = one << s
        v = 1 - k + _pop(_nbm(g, s) & f) + ((np_ >> s) & 1)
        if crowded and cyc:
            v -= 1
        need = min(max(v, 0), 3)
        d = _dests(g, p, s, need, f, emp, c1, c2, c3, c4)
        if d == 0:
            continue
        rest = sm & ~bs
        if cyc:
            lo = rest
            hi = np.int64(0)
        else:
            lo = _below(s, sm, q0, q1, q2, q3, q4, q5)
            hi = rest & ~lo
        pieces = (1 if lo else 0) | (2 if hi else 0)
        near_p = fn & ~bs
        pp = (1 if near_p & lo else 0) | (2 if near_p & hi else 0)
        while d:
            x = _ctz(d)
            d &= d - 1
            near_d = _nbm(g, x) & f & ~bs
            other_d = near_d & ~sm
            others = other_p | other_d
            dd = (1 if near_d & lo else 0) | (2 if near_d & hi else 0)
            near = pp | dd
            after = (pieces & 1 & ~near) + ((pieces & 2 & ~near) >> 1)
            joined = (np_ >> x) & 1 or (pp & dd) != 0 or (other_p & other_d) != 0
            after += 1 if joined else 2
            if after <= (2 if others else 1):
                return 1
            if others & (others - 1):  # more snakes, or one in common, than counted
                unsure = True
    return -1 if unsure else 0


@njit(cache=True, inline="always")
def start_words(  # pragma: no cover - compiled
    g: Array,
    arr: Array,
    row: Any,
    n: int,
    c: int,
    f: Word,
    emp: Word,
    c1: Word,
    c2: Word,
    c3: Word,
    c4: Word,
) -> Word:
    """The placements of a start of a turn that some growth completes, as a board mask (the
    egg cells of the creation phase are the caller's), a smallest snake at a time."""
    best = smallest_size(arr, c)
    one = np.int64(1)
    legal = np.int64(0)
    nh = np.int64(0)
    t = emp & c2
    while t:
        nh |= _nbm(g, _ctz(t))
        t &= t - 1
    nh &= f
    lst = _o(B_LAB + c, n)
    size = _o(B_SSIZE, n)
    nxt = _o(B_NXT, n)
    done = c4 | ~emp
    for i in range(arr[_U(S_NSNK + c)]):
        lab = arr[_U(lst + i)]
        if arr[_U(size + lab)] != best:
            continue
        sm = np.int64(0)
        around = np.int64(0)
        q0 = np.int64(0)
        q1 = np.int64(0)
        q2 = np.int64(0)
        q3 = np.int64(0)
        q4 = np.int64(0)
        q5 = np.int64(0)
        z = lab
        last = lab
        for j in range(best):
            b = one << z
            sm |= b
            around |= _nbm(g, z)
            q0 |= b if j & 1 else 0
            q1 |= b if j & 2 else 0
            q2 |= b if j & 4 else 0
            q3 |= b if j & 8 else 0
            q4 |= b if j & 16 else 0
            q5 |= b if j & 32 else 0
            last = z
            z = arr[_U(nxt + z)]
        cand = around & ~done
        done |= cand
        cyc = (sm & ~c2) == 0
        ends = (one << lab) | (one << last)
        while cand:
            x = _ctz(cand)
            cand &= cand - 1
            r = _in_snake(g, x, sm, ends, cyc, q0, q1, q2, q3, q4, q5, nh, f, emp, c1, c2, c3, c4)
            if r < 0:
                r = 1 if _can_complete_bits(g, arr, x, f, emp, c1, c2, c3, c4) else 0
            if r:
                legal |= one << x
    return legal
