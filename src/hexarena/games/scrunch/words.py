"""Scrunch's 64-bit board masks on boards of at most 63 cells (sides 3 to 5): bit ``x`` for
cell ``x``. Population count and lowest set bit of a signed word (one processor instruction
each), a cell's neighbours as a mask (from the constant table's adjacency rows), and the words
kept in the state as pairs of 32-bit entries (:mod:`.tables` keeps each colour's stones and
friendly-neighbour counts so; :mod:`.bitmask` and the masked growth read them).

Words are signed ``int64`` with the sign bit unused (at most 63 cells), so that no arithmetic
mixes signed and unsigned integers (which Numba turns into floating point).
"""

from __future__ import annotations

from typing import Any

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic

from ...bits import HAS_BMI2, entry_pointer
from ...core import Array
from ...kernels_common import _U

#: The largest board (cells) this module serves: one 64-bit word, the sign bit left unused.
MAX_CELLS = 63

#: A board mask: bit ``x`` for cell ``x`` (an ``int64`` in compiled code).
Word = Any

_I64 = ir.IntType(64)
_I128 = ir.IntType(128)

#: Whether the processor deposits and extracts bits in one fast instruction (BMI2's ``pdep`` and
#: ``pext``; microcoded and slow on AMD's first two Zen generations), which
#: :func:`neighbours_of` spreads a board mask with; without, it loops over the set's cells.
FAST_SPREAD = HAS_BMI2 and llvm.get_host_cpu_name() not in ("znver1", "znver2")


@intrinsic
def _pop_intrinsic(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Number of set bits of an ``int64`` (LLVM's ``ctpop``)."""
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.ctpop", [_I64])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _ctz_intrinsic(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Index of the lowest set bit of a non-zero ``int64`` (LLVM's ``cttz``)."""
    sig = types.int64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.cttz", [_I64, ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 1)])

    return sig, codegen


_pop: Any = _pop_intrinsic
_ctz: Any = _ctz_intrinsic
if getattr(config, "DISABLE_JIT", 0):  # plain Python: an intrinsic cannot run there

    def _pop(x: Any) -> int:
        """Number of set bits."""
        return int(x).bit_count()

    def _ctz(x: Any) -> int:
        """Index of the lowest set bit."""
        v = int(x)
        return (v & -v).bit_length() - 1


def _int32_row(arr: Any) -> bool:
    """Whether ``arr`` is the Numba type of a one-dimensional ``int32`` array (the state rows
    and the constant table, always contiguous), whose entries the loads and stores below
    pair."""
    return (
        isinstance(arr, types.Array)
        and arr.ndim == 1
        and arr.layout in "CA"
        and arr.dtype == types.int32
    )


@intrinsic
def _load_pair_intrinsic(typingctx: Any, arr: Any, i: Any) -> Any:  # pragma: no cover
    """Entries ``i`` (low half) and ``i + 1`` (high half) of a contiguous ``int32`` array as
    one ``int64``, in one unaligned load: the two 32-bit loads, shift and or that the same
    word costs otherwise sit on the path of every neighbour mask the searches read."""
    if not _int32_row(arr):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.load(entry_pointer(context, builder, signature, args, _I64), align=4)

    return types.int64(arr, i), codegen


@intrinsic
def _store_pair_intrinsic(typingctx: Any, arr: Any, i: Any, v: Any) -> Any:  # pragma: no cover
    """Store the ``int64`` ``v`` as entries ``i`` (low half) and ``i + 1`` (high half) of a
    contiguous ``int32`` array, in one unaligned store."""
    if not _int32_row(arr):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        val = context.cast(builder, args[2], signature.args[2], types.int64)
        builder.store(val, entry_pointer(context, builder, signature, args, _I64), align=4)
        return context.get_dummy_value()

    return types.void(arr, i, types.int64), codegen


_load_pair: Any = _load_pair_intrinsic
_store_pair: Any = _store_pair_intrinsic
if getattr(config, "DISABLE_JIT", 0):  # plain Python: an intrinsic cannot run there

    def _load_pair(arr: Any, i: int) -> int:
        """Entries ``i`` (low half) and ``i + 1`` (high half) as one signed 64-bit word."""
        return (int(arr[i + 1]) << 32) | (int(arr[i]) & 0xFFFFFFFF)

    def _store_pair(arr: Any, i: int, v: Any) -> None:
        """``v`` into entries ``i`` (low half) and ``i + 1`` (high half)."""
        lo = int(v) & 0xFFFFFFFF
        arr[i] = lo - (1 << 32) if lo >> 31 else lo
        arr[i + 1] = int(v) >> 32


@njit(cache=True, inline="always")
def _nbm(g: Array, x: int) -> Word:  # pragma: no cover - compiled
    """The neighbours of cell ``x`` as a board mask: its row of the constant table's adjacency
    rows (one 32-bit word on a board of at most 32 cells, two on a larger one, read as one
    64-bit word: :func:`_load_pair`)."""
    n = g[0]
    if n <= 32:
        return np.int64(g[_U(1 + 8 * n + x)]) & 0xFFFFFFFF
    return _load_pair(g, _U(1 + 8 * n + 2 * x))


@njit(cache=True, inline="always")
def _word(arr: Array, i: int) -> Word:  # pragma: no cover - compiled
    """The 64-bit word kept in ``arr[i]`` (low half) and ``arr[i + 1]`` (high half)."""
    return _load_pair(arr, _U(i))


@njit(cache=True, inline="always")
def _set_word(arr: Array, i: int, v: Word) -> None:  # pragma: no cover - compiled
    """Keep the 64-bit word ``v`` in ``arr[i]`` and ``arr[i + 1]`` (each half as a signed
    32-bit number)."""
    _store_pair(arr, _U(i), v)


@njit(cache=True, inline="always")
def _first_of(g: Array, x: int, m: Word) -> int:  # pragma: no cover - compiled
    """The first neighbour of cell ``x``, in the order of the six directions, in mask ``m``
    (-1 if none): the order the snake walks of :mod:`.tables` follow."""
    for k in range(6):
        y = g[_U(1 + 6 * x + k)]
        if y >= 0 and (m >> y) & 1:
            return y
    return -1


@intrinsic
def _spread_nb_intrinsic(  # pragma: no cover - compiled
    typingctx: Any, m: Any, lo: Any, hi: Any, k: Any, stride: Any
) -> Any:
    """The neighbours of the cells of board mask ``m`` as a board mask, through the board's
    strided layout (:func:`.tables.strided_layout`: its cells ``lo``, ``hi``, ``k`` of them in
    ``lo``, rows of ``stride`` bits): the cells deposited to their bits of a 128-bit number
    (``pdep``), shifted by 1, ``stride - 1`` and ``stride`` either way, kept to the cells and
    extracted back (``pext``): no loop and no branch."""
    sig = types.int64(types.int64, types.int64, types.int64, types.int64, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        m, lo, hi, k, st = args
        fnty = ir.FunctionType(_I64, [_I64, _I64])
        pdep = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=fnty)
        pext = builder.module.declare_intrinsic("llvm.x86.bmi.pext.64", fnty=fnty)
        c64 = ir.Constant(_I128, 64)
        a = builder.zext(builder.call(pdep, [m, lo]), _I128)
        b = builder.zext(builder.call(pdep, [builder.lshr(m, k), hi]), _I128)
        v = builder.or_(a, builder.shl(b, c64))
        s1 = ir.Constant(_I128, 1)
        sw = builder.zext(st, _I128)
        sd = builder.sub(sw, s1)
        acc = builder.or_(builder.shl(v, s1), builder.lshr(v, s1))
        acc = builder.or_(acc, builder.or_(builder.shl(v, sw), builder.lshr(v, sw)))
        acc = builder.or_(acc, builder.or_(builder.shl(v, sd), builder.lshr(v, sd)))
        cells = builder.or_(builder.zext(lo, _I128), builder.shl(builder.zext(hi, _I128), c64))
        acc = builder.and_(acc, cells)
        rlo = builder.call(pext, [builder.trunc(acc, _I64), lo])
        rhi = builder.call(pext, [builder.trunc(builder.lshr(acc, c64), _I64), hi])
        return builder.or_(rlo, builder.shl(rhi, k))

    return sig, codegen


_spread_nb: Any = _spread_nb_intrinsic
if getattr(config, "DISABLE_JIT", 0):  # plain Python: an intrinsic cannot run there

    def _spread_nb(m: Any, lo: Any, hi: Any, k: Any, stride: Any) -> int:
        """The neighbours of the cells of ``m`` through the strided layout, in plain Python."""
        cells = (int(lo) & ((1 << 64) - 1)) | (int(hi) << 64)
        v = 0
        bit = 0
        for b in range(128):
            if (cells >> b) & 1:
                v |= ((int(m) >> bit) & 1) << b
                bit += 1
        st = int(stride)
        acc = 0
        for sh in (1, st - 1, st):
            acc |= (v << sh) | (v >> sh)
        acc &= cells
        out = 0
        bit = 0
        for b in range(128):
            if (cells >> b) & 1:
                out |= ((acc >> b) & 1) << bit
                bit += 1
        return out


@njit(cache=True, inline="always")
def neighbours_of(g: Array, m: Word) -> Word:  # pragma: no cover - compiled
    """The cells next to some cell of board mask ``m`` (its own cells included when they are
    next to each other), on a board of at most :data:`MAX_CELLS` cells: by the strided layout
    kept after the constant table's adjacency rows (:func:`_spread_nb`) where the processor
    has fast ``pdep`` and ``pext``, otherwise a loop over the cells of ``m``."""
    if FAST_SPREAD:
        n = g[0]
        at = _U(1 + 9 * n if n <= 32 else 1 + 10 * n)
        return _spread_nb(
            m,
            _load_pair(g, at),
            _load_pair(g, at + 2),
            _load_pair(g, at + 4),
            _load_pair(g, at + 6),
        )
    out = np.int64(0)
    while m:
        out |= _nbm(g, _ctz(m))
        m &= m - 1
    return out
