"""Bit operations on 64-bit words for compiled kernels: population count and trailing zeros.

Both compile to single processor instructions (LLVM's ``ctpop`` and ``cttz`` intrinsics), which
bitboard code needs at every step and which Numba does not expose itself.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.extending import intrinsic

_I64 = ir.IntType(64)


@intrinsic
def _popcount64(typingctx: Any, x: Any) -> Any:  # pragma: no cover - compiled
    """Number of set bits of a ``uint64``."""
    sig = types.uint64(types.uint64)

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


# Numba's ``intrinsic`` hides each function's call signature from type checkers (they see the
# typing context as a parameter); the public names are typed as what they are to callers.
popcount64: Any = _popcount64
ctz64: Any = _ctz64
unmanaged: Any = _unmanaged
