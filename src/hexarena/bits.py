"""Bit operations on 64-bit words for compiled kernels: population count, trailing zeros and
the index of the k-th set bit.

Population count and trailing zeros compile to single processor instructions (LLVM's ``ctpop``
and ``cttz`` intrinsics), which bitboard code needs at every step and which Numba does not
expose itself. The k-th set bit uses the processor's parallel bit deposit (``pdep``) where it
has one (x86-64 with BMI2), and a branch-free binary search elsewhere.
"""

from __future__ import annotations

from typing import Any

import llvmlite.binding as llvm
import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic

_I64 = ir.IntType(64)


@intrinsic
def _popcount64(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Number of set bits of a ``uint64``, as a signed ``int64`` (0 to 64): Numba turns
    arithmetic that mixes signed and unsigned integers into floating point, and counts meet
    signed indices and random draws everywhere."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.ctpop", [_I64])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _ctz64(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Index of the lowest set bit of a ``uint64`` (64 for zero)."""
    sig = types.uint64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fn = builder.module.declare_intrinsic("llvm.cttz", [_I64, ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@intrinsic
def _pdep64(typingctx: Any, src: Any, mask: Any) -> Any:  # pragma: no cover - compiled
    """The low bits of ``src`` deposited, in order, at the set bits of ``mask`` (x86 BMI2)."""
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fnty = ir.FunctionType(_I64, [_I64, _I64])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=fnty)
        return builder.call(fn, [args[0], args[1]])

    return sig, codegen


@intrinsic
def _pext64(typingctx: Any, src: Any, mask: Any) -> Any:  # pragma: no cover - compiled
    """The bits of ``src`` at the set bits of ``mask``, packed in order into the low bits
    (x86 BMI2)."""
    sig = types.uint64(types.uint64, types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        fnty = ir.FunctionType(_I64, [_I64, _I64])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pext.64", fnty=fnty)
        return builder.call(fn, [args[0], args[1]])

    return sig, codegen


# Numba's ``intrinsic`` hides each function's call signature from type checkers (they see the
# typing context as a parameter); the public names are typed as what they are to callers.
popcount64: Any = _popcount64
ctz64: Any = _ctz64
pdep64: Any = _pdep64
pext64: Any = _pext64


def _popcount_py(x: Any) -> int:
    """:func:`popcount64` in plain Python."""
    return int(x).bit_count()


def _ctz_py(x: Any) -> int:
    """:func:`ctz64` in plain Python."""
    v = int(x)
    return (v & -v).bit_length() - 1 if v else 64


if getattr(config, "DISABLE_JIT", 0):  # plain Python (for debugging): an intrinsic cannot run there
    popcount64 = _popcount_py
    ctz64 = _ctz_py


def _host_has_bmi2() -> bool:
    """Whether the processor that compiles (and runs) the kernels has BMI2's ``pdep``."""
    try:
        return "+bmi2" in llvm.get_host_cpu_features().flatten().split(",")
    except RuntimeError:  # pragma: no cover - hosts whose features LLVM cannot read
        return False


#: Whether :func:`nth_bit64` uses ``pdep``. Numba's on-disk cache is kept per processor model
#: and feature set, so code compiled with one choice is never loaded on a machine of the other.
HAS_BMI2 = _host_has_bmi2()

_ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _nth_bit_pdep(w: np.uint64, k: int) -> int:  # pragma: no cover - compiled
    """:func:`nth_bit64` with ``pdep``: deposit bit ``k`` at the ``k``-th set bit of ``w``."""
    return int(np.int64(ctz64(pdep64(_ONE << np.uint64(k), w))))


@njit(cache=True, inline="always")
def _nth_bit_search(w: np.uint64, k: int) -> int:  # pragma: no cover - compiled
    """:func:`nth_bit64` by halves with population counts: six steps whatever ``k`` is, and no
    branch to mispredict (clearing the low bits one by one costs a mispredicted loop exit)."""
    pos = 0
    kk = np.uint64(k)
    for width in (32, 16, 8, 4, 2, 1):
        wd = np.uint64(width)
        low = np.uint64(popcount64(w & ((_ONE << wd) - _ONE)))
        up = kk >= low
        kk = kk - low if up else kk
        w = w >> wd if up else w
        pos += width if up else 0
    return pos


@intrinsic
def _unmanaged(typingctx: Any, arr: Any) -> Any:  # pragma: no cover - compiled
    """The same array without its reference count: a view whose passing between compiled
    functions costs no atomic increments and decrements.

    Numba counts references to arrays, and every array handed to a function that is not
    inlined (or that is, where the counting cannot be pruned) costs a locked increment and
    decrement. A hot loop that passes a handful of arrays per step spends a third of its time
    there. The view must not outlive the array it was made from: make it at the start of a
    function from that function's own arguments and use it only inside.
    """
    if not isinstance(arr, types.Array):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = context.make_array(signature.args[0])(context, builder, value=args[0])
        out = context.make_array(signature.return_type)(context, builder)
        for field in ("nitems", "itemsize", "data", "shape", "strides"):
            setattr(out, field, getattr(src, field))
        out.meminfo = context.get_constant_null(types.MemInfoPointer(types.voidptr))  # type: ignore[no-untyped-call]
        out.parent = context.get_constant_null(types.pyobject)
        return out._getvalue()

    return arr(arr), codegen


unmanaged: Any = _unmanaged  # typed for callers, like the names above
if getattr(config, "DISABLE_JIT", 0):  # plain Python: the array itself (nothing counts references)

    def unmanaged(arr: Any) -> Any:
        """The array itself."""
        return arr


#: Index of the ``k``-th set bit (from 0, lowest first) of a ``uint64`` that has more than
#: ``k`` set bits: ``pdep`` where the processor has it, otherwise a branch-free search.
nth_bit64: Any = _nth_bit_pdep if HAS_BMI2 else _nth_bit_search
