"""Throngs' legal actions written as a mask, for the batched environments: the same actions as
:func:`~hexarena.games.throngs.rules.legal`, found the way the random playouts find theirs (the
selection bitboards, the bitboard searches for destinations), without listing, sorting or
allocating them.

The sites' bitboards are turned into the mask's entries a word at a time: a site's bit
follows the sites' order (the bits run row by row, as the sites do), so the bits of a board
word at its sites, packed (``pext``), are the entries of a run of consecutive sites, and each
eight of them are spread to eight entries (``pdep``) and stored at once. A loop per set bit
(a look-up of its site and a store) cost about a third of the batched step. On boards of
three words (the original board, hexhex boards up to side 7), the stones that only a jump could
move are tested all at once (:func:`_jumpers3`), not one by one with their stars.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ...bits import HAS_BMI2, ctz64, pdep64, pext64, popcount64, store8
from ...core import H_COLOUR, H_PLAYER, Array
from ...kernels_common import _U, plain_kernel
from .bitsearch import (
    SC_BLOCKS,
    SC_DEST,
    SC_HIST_WORDS,
    _bit_search,
    _window_search,
    bit_scratch,
    window_word,
)
from .layout import (
    _ONE,
    _ZERO,
    BASE,
    G_N,
    MAX_BUDGET,
    P_AFTER_DEPLOY,
    P_CHOOSE,
    P_SELECT,
    S_BUDGET,
    S_PHASE,
    S_SEL,
    W_CAND,
    W_EMPTY,
    W_PLANES,
    W_SURE,
    _bit_base,
    _g_words_bare,
    _site_of_bit,
    _words_bare,
)
from .paths import quick_destinations, quick_scratch_size, scratch_size
from .selection import _has_jump
from .tables import _pot

#: 64-bit words of scratch room that :func:`_mask_searched` keeps on the stack: the bitboard
#: search's (:func:`~hexarena.games.throngs.bitsearch.bit_scratch`) on boards of up to eight
#: words (hexhex boards of side 11 and more make theirs).
STACK_WORDS = SC_BLOCKS * 8 + SC_HIST_WORDS


@intrinsic
def _stack_words_intrinsic(typingctx: Any, count: Any) -> Any:  # pragma: no cover - compiled
    """A ``uint64`` array of ``count`` (a constant) entries on the stack of the function it is
    compiled into, without a reference count: scratch room for that function's own use, which
    must not outlive it (nor be returned). Its entries are not set."""
    if not isinstance(count, types.IntegerLiteral):
        return None
    k = int(count.literal_value)
    retty = types.Array(types.uint64, 1, "C")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        u64 = ir.IntType(64)
        slot = cgutils.alloca_once(builder, ir.ArrayType(u64, k))  # type: ignore[no-untyped-call]
        out = context.make_array(retty)(context, builder)
        intp = context.get_value_type(types.intp)
        context.populate_array(
            out,
            data=builder.bitcast(slot, u64.as_pointer()),
            shape=cgutils.pack_array(builder, [ir.Constant(intp, k)]),  # type: ignore[no-untyped-call]
            strides=cgutils.pack_array(builder, [ir.Constant(intp, 8)]),  # type: ignore[no-untyped-call]
            itemsize=ir.Constant(intp, 8),
            meminfo=None,
        )
        return out._getvalue()

    return retty(count), codegen


if getattr(config, "DISABLE_JIT", 0):  # plain Python: an intrinsic cannot run there

    def _stack_words(count: int) -> Any:
        """``count`` words of scratch room (an array, in plain Python)."""
        return np.zeros(count, dtype=np.uint64)

else:
    _stack_words: Any = _stack_words_intrinsic  # type: ignore[no-redef]


#: Words of :func:`_jumpers3`'s sites of potential at least 3 .. 7 (three words each).
LEVEL_WORDS = 3 * (MAX_BUDGET - 2)


#: Eight entries of the mask (bytes) at 1 each: the bits of a byte spread to them by ``pdep``.
_BYTES = np.uint64(0x0101010101010101)
_LOW8 = np.uint64(0xFF)


@njit(cache=True, inline="always")
def _pext_search(v: Any, m: Any) -> Any:  # pragma: no cover - compiled
    """The bits of ``v`` at the set bits of ``m``, packed in order (``pext``, a bit at a
    time: for processors without BMI2)."""
    out = _ZERO
    k = np.uint64(0)
    while m != _ZERO:
        if v & m & (~m + _ONE) != _ZERO:  # the lowest set bit of m
            out |= _ONE << k
        k += _ONE
        m &= m - _ONE
    return out


@njit(cache=True, inline="always")
def _put8_each(row: Any, at: int, bits: Any) -> None:  # pragma: no cover - compiled
    """``row[at + j]`` = bit ``j`` of ``bits``, for ``j`` < 8, entry by entry."""
    for j in range(8):
        row[at + j] = (bits >> np.uint64(j)) & _ONE != _ZERO


@njit(cache=True, inline="always")
def _put8_pdep(row: Any, at: int, bits: Any) -> None:  # pragma: no cover - compiled
    """``row[at + j]`` = bit ``j`` of ``bits``, for ``j`` < 8: the bits spread to bytes
    (``pdep``), one store."""
    store8(row, at, pdep64(bits & _LOW8, _BYTES))


#: ``pext`` and the store of eight entries: the processor's (BMI2) where it has them, else a
#: bit at a time (and in plain Python, where an intrinsic cannot run).
_FAST = HAS_BMI2 and not getattr(config, "DISABLE_JIT", 0)
_pext: Any = pext64 if _FAST else _pext_search
_put8: Any = _put8_pdep if _FAST else _put8_each


@njit(cache=True, inline="always")
def _put_bits(row: Any, at: int, bits: Any, count: int) -> None:  # pragma: no cover - compiled
    """``row[at + i]`` = bit ``i`` of ``bits`` for ``i`` < ``count``, eight entries a store,
    and 0 after them up to the next multiple of eight (the caller writes those entries
    afterwards), never past the row's end (entry by entry there)."""
    end = row.shape[0]
    k = 0
    while k < count:
        if at + k + 8 <= end:
            _put8(row, at + k, bits >> np.uint64(k))
            k += 8
        else:
            row[at + k] = (bits >> np.uint64(k)) & _ONE != _ZERO
            k += 1


@njit(cache=True, inline="always")
def _put_zeros(row: Any, lo: int, hi: int) -> None:  # pragma: no cover - compiled
    """``row[lo:hi]`` = False, eight entries a store (and 0 after them up to the next multiple
    of eight, never past the row's end)."""
    _put_bits(row, lo, _ZERO, hi - lo)


@njit(cache=True, inline="always")
def _put_sites(g: Array, gw: Any, row: Any, at: int, j: int, v: Any) -> int:  # pragma: no cover
    """The entries of the sites of board word ``j`` from their bits in ``v``, from ``row[at]``
    on (the sites of the words before it come first); the number of those sites."""
    bw = gw[_U(j)]  # the board's sites in word j
    m = popcount64(bw)
    _put_bits(row, at, _pext(v, bw), m)
    return int(m)


@njit(cache=True, inline="always")
def _ge(b0: Any, b1: Any, b2: Any, m: int) -> Any:  # pragma: no cover - compiled
    """Where the three-bit numbers ``b0 + 2 b1 + 4 b2`` (bit-sliced) are at least ``m`` (2 to
    7)."""
    if m == 2:
        return b1 | b2
    if m == 3:
        return b2 | (b1 & b0)
    if m == 4:
        return b2
    if m == 5:
        return b2 & (b1 | b0)
    if m == 6:
        return b2 & b1
    return b2 & b1 & b0


@njit(cache=True, inline="always")
def _at_least(w: Any, j: int, c: int, k: int) -> Any:  # pragma: no cover - compiled
    """The sites of board word ``j`` where colour ``c``'s potential is at least ``k`` (3 to 7),
    from the four bit planes of the Black-minus-White potential (4-bit two's complement: for
    White, ``-d >= k`` where ``d = v - 8`` with ``v`` the low three bits, so ``7 - v >= k - 1``)."""
    p = W_PLANES * 3 + j
    d0 = w[p]
    d1 = w[p + 3]
    d2 = w[p + 6]
    d3 = w[p + 9]
    if c == 0:
        return ~d3 & _ge(d0, d1, d2, k)
    return d3 & _ge(~d0, ~d1, ~d2, k - 1)


@njit(cache=True, inline="always")
def _jumpers3(
    g: Array, gw: Any, w: Any, c: int, k0: Any, k1: Any, k2: Any
) -> tuple[Any, Any, Any]:  # pragma: no cover - compiled
    """Of the candidates ``k0, k1, k2`` (a bitboard of three words: colour ``c``'s stones with
    potential 2 or more and no empty neighbour), those that can jump with their potential as
    budget, all at once: the stone on ``x`` can iff, along some direction, the first empty
    site lies within that many sites, every site before it on the board (and so occupied):
    what :func:`~hexarena.games.throngs.selection._has_jump` tests one stone at a time with
    the stars. Per direction, level ``k`` holds the sites whose first empty site that way is
    at most ``k`` sites on (the empty sites one back, or the occupied sites one back of level
    ``k - 1``), and a candidate with potential ``k`` or more at such a site can jump."""
    gb = _bit_base(g)
    e0 = w[3 * W_EMPTY]
    e1 = w[3 * W_EMPTY + 1]
    e2 = w[3 * W_EMPTY + 2]
    o0 = gw[0] & ~e0
    o1 = gw[1] & ~e1
    o2 = gw[2] & ~e2
    at = _stack_words(LEVEL_WORDS)  # the potentials of at least 3 .. 7, by word
    for k in range(3, MAX_BUDGET + 1):
        for j in range(3):
            at[3 * (k - 3) + j] = _at_least(w, j, c, k)
    r0 = r1 = r2 = _ZERO  # candidates found
    for d in range(6):
        a = g[_U(gb + 1 + d)]
        f0 = f1 = f2 = _ZERO
        for k in range(1, MAX_BUDGET + 1):
            s0 = e0 | (o0 & f0)
            s1 = e1 | (o1 & f1)
            s2 = e2 | (o2 & f2)
            if a > 0:  # x + a: the bits a higher, brought down
                u = np.uint64(a)
                v = np.uint64(64 - a)
                f0 = (s0 >> u) | (s1 << v)
                f1 = (s1 >> u) | (s2 << v)
                f2 = s2 >> u
            else:
                u = np.uint64(-a)
                v = np.uint64(64 + a)
                f0 = s0 << u
                f1 = (s1 << u) | (s0 >> v)
                f2 = (s2 << u) | (s1 >> v)
            if k == 2:
                r0 |= f0
                r1 |= f1
                r2 |= f2
            elif k > 2:
                r0 |= f0 & at[3 * (k - 3)]
                r1 |= f1 & at[3 * (k - 3) + 1]
                r2 |= f2 & at[3 * (k - 3) + 2]
    return k0 & r0, k1 & r1, k2 & r2


@plain_kernel
def _mask_fast(g: Array, arr: Array, row: Any) -> bool:  # pragma: no cover - compiled
    """:func:`legal_mask` where it makes no array (every position but a destination phase
    whose budget outgrows a window of two words), compiled without Numba's reference counting
    (a call that passes arrays to a kernel compiled with it counts their references, even for
    views without a count); whether it wrote the mask (if not, it cleared it, and
    :func:`legal_mask` must write it)."""
    n = g[G_N]
    ph = arr[S_PHASE]
    if arr[H_PLAYER] < 0 or ph < P_SELECT:
        row[:] = False
        if arr[H_PLAYER] < 0:
            return True
        if ph < P_CHOOSE:  # set-up: the empty sites
            for x in range(n):
                row[x] = arr[BASE + x] == 0
            return True
        row[2 * n + 1] = True  # the choice of colour
        row[2 * n + 2] = True
        return True
    gw = _g_words_bare(g)
    w = _words_bare(g, arr)
    gb = _bit_base(g)
    nw = g[gb]
    if ph == P_SELECT:
        c = arr[H_COLOUR]
        if nw == 3:  # the candidates' jumps all at once
            s0 = w[W_SURE * 3]
            s1 = w[W_SURE * 3 + 1]
            s2 = w[W_SURE * 3 + 2]
            k0 = w[W_CAND * 3] & ~s0
            k1 = w[W_CAND * 3 + 1] & ~s1
            k2 = w[W_CAND * 3 + 2] & ~s2
            if k0 | k1 | k2 != _ZERO:
                j0, j1, j2 = _jumpers3(g, gw, w, c, k0, k1, k2)
                s0 |= j0
                s1 |= j1
                s2 |= j2
            at = _put_sites(g, gw, row, 0, 0, s0)
            at += _put_sites(g, gw, row, at, 1, s1)
            _put_sites(g, gw, row, at, 2, s2)
            _put_zeros(row, n, row.shape[0])
            return True
        at = 0
        for j in range(nw):
            sure = w[_U(W_SURE * nw + j)]
            cand = w[_U(W_CAND * nw + j)] & ~sure
            while cand != _ZERO:
                b = ctz64(cand)
                cand &= cand - _ONE
                x = _site_of_bit(g, 64 * j + int(np.int64(b)))
                if _has_jump(g, gw, w, x, _pot(g, w, x, c)):
                    sure |= _ONE << b
            at += _put_sites(g, gw, row, at, j, sure)
        _put_zeros(row, n, row.shape[0])
        return True
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    if nw == 3 and 2 * b * g[_U(gb + 2)] + 1 <= 128:  # on a window of one or two words
        _put_zeros(row, 0, n)
        fl, fh, base = _window_search(g, gw, w, x, b, 2 * b * g[_U(gb + 2)] + 1 > 64)
        at = n
        for j in range(3):
            at += _put_sites(g, gw, row, at, j, window_word(fl, fh, base, j))
        row[2 * n] = ph == P_AFTER_DEPLOY  # stop
        row[2 * n + 1] = False
        row[2 * n + 2] = False
        return True
    row[:] = False
    return False


@njit(cache=True)
def _mask_searched(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """The destinations of a dispatch whose budget outgrows a window of two words (or on a
    board of more words), by the full bitboard search (its scratch room on the stack where it
    fits: :func:`_stack_words`; an array made for it cost about a twentieth of the batched
    step), else by the path search, into ``row`` (cleared before, by :func:`_mask_fast`)."""
    n = g[G_N]
    ph = arr[S_PHASE]
    gw = _g_words_bare(g)
    w = _words_bare(g, arr)
    nw = g[_bit_base(g)]
    b = arr[S_BUDGET]
    x = arr[S_SEL]
    size = SC_BLOCKS * nw + SC_HIST_WORDS
    if size <= STACK_WORDS:
        sc = _stack_words(STACK_WORDS)[:size]
        sc[:] = _ZERO
    else:
        sc = bit_scratch(g)
    if _bit_search(g, gw, w, x, b, sc) >= 0:
        at = n
        for j in range(nw):
            at += _put_sites(g, gw, row, at, j, sc[SC_DEST * nw + j])
    else:
        buf = np.zeros(scratch_size(n), dtype=np.int32)
        q = np.zeros(quick_scratch_size(n), dtype=np.int32)
        m = quick_destinations(g, arr, x, b, q, buf)
        for i in range(m):
            row[n + buf[i]] = True
    if ph == P_AFTER_DEPLOY:
        row[2 * n] = True  # stop


@njit(cache=True, inline="always")
def mask_inline(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """:func:`legal_mask` for the batched step, compiled into it: it calls :func:`_mask_fast`
    (no references counted) itself, and the full search only when that cannot write the mask."""
    if not _mask_fast(g, arr, row):
        _mask_searched(g, arr, row)


@njit(cache=True)
def legal_mask(g: Array, arr: Array, row: Any) -> None:  # pragma: no cover - compiled
    """Write the legal actions of the position into ``row`` (``num_distinct_actions`` bools)."""
    mask_inline(g, arr, row)
