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

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic

from ...bits import entry_pointer
from ...core import Array
from ...kernels_common import _U

#: The largest board (cells) this module serves: one 64-bit word, the sign bit left unused.
MAX_CELLS = 63

#: A board mask: bit ``x`` for cell ``x`` (an ``int64`` in compiled code).
Word = Any

_I64 = ir.IntType(64)


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


#: The direction (0..5, the order of :data:`hexarena.hexgrid.DIRECTIONS`) of a step by ``(dq,
#: dr)``, as 3-bit fields at ``3 * ((dq + 1) * 3 + dr + 1)``.
_DIR_OF_STEP = (0 << 21) | (1 << 15) | (2 << 6) | (3 << 3) | (4 << 9) | (5 << 18)


@njit(cache=True, inline="always")
def _dir_to(g: Array, x: int, y: int) -> int:  # pragma: no cover - compiled
    """The direction from cell ``x`` to its neighbour ``y``, from their coordinates in the
    constant table (``q`` from ``1 + 6 n``, ``r`` from ``1 + 7 n``): no loop, no branch."""
    n = g[0]
    dq = g[_U(1 + 6 * n + y)] - g[_U(1 + 6 * n + x)]
    dr = g[_U(1 + 7 * n + y)] - g[_U(1 + 7 * n + x)]
    return (_DIR_OF_STEP >> (3 * ((dq + 1) * 3 + dr + 1))) & 7


@njit(cache=True, inline="always")
def _first_of_two(g: Array, x: int, m: Word) -> int:  # pragma: no cover - compiled
    """Of the two neighbours of cell ``x`` in mask ``m`` (a stone inside a path, or a cycle's
    first stone), the first in the order of the six directions: the order the snake walks of
    :mod:`.tables` follow. Chosen by a comparison of the two directions, not by a loop over
    the directions (whose exit, taken after one to six of them, the processor mispredicts)."""
    a = _ctz(m)
    b = _ctz(m & (m - 1))
    return a if _dir_to(g, x, a) < _dir_to(g, x, b) else b


@njit(cache=True, inline="always")
def _first_in(g: Array, x: int, m: Word) -> int:  # pragma: no cover - compiled
    """The first neighbour of cell ``x``, in the order of the six directions, in mask ``m``
    (-1 if none), without a branch: the six directions all looked at (from the last, so that
    the first one in ``m`` is kept), each by a select."""
    r = -1
    for k in range(5, -1, -1):
        y = g[_U(1 + 6 * x + k)]
        hit = (y >= 0) & (((m >> max(y, 0)) & 1) == 1)
        r = y if hit else r
    return r
