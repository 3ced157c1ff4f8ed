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


@njit(cache=True, inline="always")
def _nbm(g: Array, x: int) -> Word:  # pragma: no cover - compiled
    """The neighbours of cell ``x`` as a board mask: its row of the constant table's adjacency
    rows (one or two 32-bit words on a board of at most 63 cells)."""
    n = g[0]
    w = (n + 31) >> 5
    a = 1 + 8 * n + w * x
    lo = np.int64(g[_U(a)]) & 0xFFFFFFFF
    if w == 1:
        return lo
    return (np.int64(g[_U(a + 1)]) << 32) | lo


@njit(cache=True, inline="always")
def _word(arr: Array, i: int) -> Word:  # pragma: no cover - compiled
    """The 64-bit word kept in ``arr[i]`` (low half) and ``arr[i + 1]`` (high half)."""
    return (np.int64(arr[_U(i + 1)]) << 32) | (np.int64(arr[_U(i)]) & 0xFFFFFFFF)


@njit(cache=True, inline="always")
def _set_word(arr: Array, i: int, v: Word) -> None:  # pragma: no cover - compiled
    """Keep the 64-bit word ``v`` in ``arr[i]`` and ``arr[i + 1]`` (each half as a signed
    32-bit number)."""
    arr[_U(i)] = (v << 32) >> 32
    arr[_U(i + 1)] = v >> 32


@njit(cache=True, inline="always")
def _first_of(g: Array, x: int, m: Word) -> int:  # pragma: no cover - compiled
    """The first neighbour of cell ``x``, in the order of the six directions, in mask ``m``
    (-1 if none): the order the snake walks of :mod:`.tables` follow."""
    for k in range(6):
        y = g[_U(1 + 6 * x + k)]
        if y >= 0 and (m >> y) & 1:
            return y
    return -1
