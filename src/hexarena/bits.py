"""Bit operations on 64-bit words for compiled kernels: population count, trailing zeros, the
index of the k-th set bit, ``pdep`` and ``pext``, and the loads and stores that move eight, 32
or 64 entries of a bool mask row as one word (the batched environments' masks, Throngs' and
Scrunch's mask writers).

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
from numba.core import cgutils
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


def _bmi2_intrinsic(name: str, llvm_name: str, doc: str) -> Any:
    """A Numba intrinsic ``(uint64, uint64) -> uint64`` named ``name`` that calls the x86 BMI2
    instruction LLVM calls ``llvm_name`` (``pdep`` and ``pext`` take and give the same)."""

    def op(typingctx: Any, src: Any, mask: Any) -> Any:  # pragma: no cover - compiled
        sig = types.uint64(types.uint64, types.uint64)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            fnty = ir.FunctionType(_I64, [_I64, _I64])
            fn = builder.module.declare_intrinsic(llvm_name, fnty=fnty)
            return builder.call(fn, [args[0], args[1]])

        return sig, codegen

    op.__name__ = op.__qualname__ = name
    op.__doc__ = doc
    return intrinsic(op)


_pdep64 = _bmi2_intrinsic(
    "_pdep64",
    "llvm.x86.bmi.pdep.64",
    "The low bits of ``src`` deposited, in order, at the set bits of ``mask`` (x86 BMI2).",
)
_pext64 = _bmi2_intrinsic(
    "_pext64",
    "llvm.x86.bmi.pext.64",
    "The bits of ``src`` at the set bits of ``mask``, packed in order into the low bits "
    "(x86 BMI2).",
)


def _bool_row(row: Any) -> bool:
    """Whether ``row`` is the Numba type of a one-dimensional bool array: the words below are
    read and written at its data pointer plus ``at`` bytes (callers hand them contiguous rows)."""
    return isinstance(row, types.Array) and row.ndim == 1 and row.dtype == types.boolean


def entry_pointer(
    context: Any, builder: Any, signature: Any, args: Any, pointee: Any
) -> Any:  # pragma: no cover - compiled
    """The address of entry ``args[1]`` of the one-dimensional contiguous array ``args[0]`` (a
    bool mask row here, an ``int32`` state row in Scrunch's words), as a pointer to ``pointee``
    (an LLVM type) for one unaligned load or store, in an intrinsic's code generation."""
    ary = context.make_array(signature.args[0])(context, builder, value=args[0])
    k = context.cast(builder, args[1], signature.args[1], types.intp)
    return builder.bitcast(builder.gep(ary.data, [k]), pointee.as_pointer())


@intrinsic
def _load8(typingctx: Any, row: Any, at: Any) -> Any:  # pragma: no cover - compiled
    """Entries ``at .. at + 7`` of a one-dimensional contiguous bool array as one 64-bit word
    (byte ``j`` is entry ``at + j``: 0 or 1), in one unaligned load."""
    if not _bool_row(row):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.load(entry_pointer(context, builder, signature, args, _I64), align=1)

    return types.uint64(row, at), codegen


@intrinsic
def _store8(typingctx: Any, row: Any, at: Any, word: Any) -> Any:  # pragma: no cover - compiled
    """Store the eight bytes of ``word`` as entries ``at .. at + 7`` of a one-dimensional
    contiguous bool array (byte ``j`` to entry ``at + j``), in one unaligned store."""
    if not _bool_row(row):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        builder.store(args[2], entry_pointer(context, builder, signature, args, _I64), align=1)
        return context.get_dummy_value()

    return types.void(row, at, types.uint64), codegen


@intrinsic
def _load32(typingctx: Any, row: Any, at: Any) -> Any:  # pragma: no cover - compiled
    """Entries ``at .. at + 31`` of a one-dimensional contiguous bool array as the low 32 bits
    of a word (bit ``j`` set when entry ``at + j`` is true), in one unaligned load of 32 bytes
    compared with zero (``vpcmpeqb`` and ``vpmovmskb`` on x86-64 with AVX2)."""
    if not _bool_row(row):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        v32 = ir.VectorType(ir.IntType(8), 32)
        ptr = entry_pointer(context, builder, signature, args, v32)
        on = builder.icmp_unsigned("!=", builder.load(ptr, align=1), ir.Constant(v32, None))
        return builder.zext(builder.bitcast(on, ir.IntType(32)), _I64)

    return types.uint64(row, at), codegen


@intrinsic
def _store64(typingctx: Any, row: Any, at: Any, word: Any) -> Any:  # pragma: no cover - compiled
    """Store the 64 bits of ``word`` as entries ``at .. at + 63`` of a one-dimensional
    contiguous bool array (entry ``at + j`` is bit ``j``: 0 or 1), in one unaligned store of 64
    bytes: the word taken as 64 one-bit lanes and widened to bytes (on x86-64 with AVX-512 one
    masked move of a vector of ones; elsewhere a few vector operations), where eight stores of
    eight bytes each need their byte spread by a table or a product first."""
    if not _bool_row(row):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        lanes = builder.bitcast(args[2], ir.VectorType(ir.IntType(1), 64))
        v64 = ir.VectorType(ir.IntType(8), 64)
        builder.store(
            builder.zext(lanes, v64), entry_pointer(context, builder, signature, args, v64), align=1
        )
        return context.get_dummy_value()

    return types.void(row, at, types.uint64), codegen


# Numba's ``intrinsic`` hides each function's call signature from type checkers (they see the
# typing context as a parameter); the public names are typed as what they are to callers.
popcount64: Any = _popcount64
ctz64: Any = _ctz64
pdep64: Any = _pdep64
pext64: Any = _pext64
#: Entries ``at .. at + 7`` of a bool mask row as one word, a byte each (compiled code only).
load8: Any = _load8
#: Eight bytes of a word stored as entries ``at .. at + 7`` of a bool mask row (compiled only).
store8: Any = _store8
#: Entries ``at .. at + 31`` of a bool mask row as the low 32 bits of a word (compiled only).
load32: Any = _load32
#: 64 bits of a word stored as entries ``at .. at + 63`` of a bool mask row (compiled only).
store64: Any = _store64


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

    def load8(row: Any, at: int) -> np.uint64:
        """Entries ``at .. at + 7`` of ``row`` as one word, a byte each."""
        return np.uint64(sum(int(row[at + j]) << (8 * j) for j in range(8)))

    def store8(row: Any, at: int, word: Any) -> None:
        """The eight bytes of ``word`` as entries ``at .. at + 7`` of ``row``."""
        for j in range(8):
            row[at + j] = (int(word) >> (8 * j)) & 0xFF

    def store64(row: Any, at: int, word: Any) -> None:
        """The 64 bits of ``word`` as entries ``at .. at + 63`` of ``row``."""
        for j in range(64):
            row[at + j] = (int(word) >> j) & 1


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


@intrinsic
def _byte_view(typingctx: Any, arr: Any) -> Any:  # pragma: no cover - compiled
    """The bytes of a one-dimensional contiguous array, as a ``uint8`` array over the same
    memory, without a reference count (as :func:`unmanaged`): for entries packed narrower than
    the array's own (Churn's state keeps its lists and counts in bytes of its ``int32`` row).
    The array must be contiguous (state rows always are) and must outlive the view."""
    if not (isinstance(arr, types.Array) and arr.ndim == 1 and arr.layout in "CA"):
        return None
    u8 = types.Array(types.uint8, 1, "C")

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        src = context.make_array(signature.args[0])(context, builder, value=args[0])
        out = context.make_array(signature.return_type)(context, builder)
        intp = context.get_value_type(types.intp)
        size = builder.mul(src.nitems, src.itemsize)
        out.nitems = size
        out.itemsize = ir.Constant(intp, 1)
        out.data = builder.bitcast(src.data, ir.IntType(8).as_pointer())
        out.shape = cgutils.pack_array(builder, [size])  # type: ignore[no-untyped-call]
        out.strides = cgutils.pack_array(builder, [ir.Constant(intp, 1)])  # type: ignore[no-untyped-call]
        out.meminfo = context.get_constant_null(types.MemInfoPointer(types.voidptr))  # type: ignore[no-untyped-call]
        out.parent = context.get_constant_null(types.pyobject)
        return out._getvalue()

    return u8(arr), codegen


unmanaged: Any = _unmanaged  # typed for callers, like the names above
#: The bytes of a contiguous one-dimensional array as a ``uint8`` array (compiled code; a view
#: without a reference count, see :func:`_byte_view`).
byte_view: Any = _byte_view
if getattr(config, "DISABLE_JIT", 0):  # plain Python: the array itself (nothing counts references)

    def unmanaged(arr: Any) -> Any:
        """The array itself."""
        return arr

    def byte_view(arr: Any) -> Any:
        """The bytes of ``arr`` (contiguous), as a ``uint8`` view."""
        return arr.view(np.uint8)


#: Index of the ``k``-th set bit (from 0, lowest first) of a ``uint64`` that has more than
#: ``k`` set bits: ``pdep`` where the processor has it, otherwise a branch-free search.
nth_bit64: Any = _nth_bit_pdep if HAS_BMI2 else _nth_bit_search
