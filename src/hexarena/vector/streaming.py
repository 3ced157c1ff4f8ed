"""Streaming (non-temporal) stores of whole observation planes, for large batches.

A store to a cache line that is not in the processor's caches first reads the line in ("read
for ownership") and then writes it. With a thousand environments the observations (about 12 MB
for Throngs' original board) do not stay in the nearer caches, and the lines an incremental
update writes are mostly whole planes that it writes in full (Throngs: the phase, the budget,
the second move, the seat's colour: about four planes, 37 lines, a step). A streaming store
writes whole lines without reading them first, and does not keep them in the caches: that is
the point for a buffer much bigger than the caches, and a loss for a small one that would have
stayed in them (the batched step streams only above a size, see :mod:`hexarena.vector`).

:func:`stream_plane` writes one plane this way: ordinary stores up to the first 32-byte boundary
of the plane and after the last, streaming stores of eight floats between. Streaming stores are
weakly ordered: :func:`store_fence` (``sfence`` on x86-64) orders them before any later store,
once after a batched step (any reader in another thread then sees them).
"""

from __future__ import annotations

import platform
from typing import Any

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic

from ..core import Array
from ..observe import _POS

_X86 = platform.machine().lower() in ("x86_64", "amd64")


@intrinsic
def _stream8(typingctx: Any, out: Any, k: Any, geo: Any, j: Any, v: Any) -> Any:
    """``out[k .. k + 7]`` = ``v`` where ``geo[j .. j + 7]`` is not 0, else 0, in one streaming
    store (LLVM's ``!nontemporal``) of eight ``float32``; ``out`` + ``k`` is 32-byte aligned."""
    if not (
        isinstance(out, types.Array)
        and out.dtype == types.float32
        and isinstance(geo, types.Array)
        and geo.dtype == types.int32
    ):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:  # pragma: no cover
        o = context.make_array(signature.args[0])(context, builder, args[0])
        g = context.make_array(signature.args[2])(context, builder, args[2])
        kk = context.cast(builder, args[1], signature.args[1], types.intp)
        jj = context.cast(builder, args[3], signature.args[3], types.intp)
        vv = context.cast(builder, args[4], signature.args[4], types.float32)
        f8 = ir.VectorType(ir.FloatType(), 8)
        i8 = ir.VectorType(ir.IntType(32), 8)
        cells = builder.load(builder.bitcast(builder.gep(g.data, [jj]), i8.as_pointer()), align=4)
        on = builder.icmp_signed("!=", cells, ir.Constant(i8, None))
        one = builder.insert_element(
            ir.Constant(f8, ir.Undefined), vv, ir.Constant(ir.IntType(32), 0)
        )
        splat = builder.shuffle_vector(one, ir.Constant(f8, ir.Undefined), ir.Constant(i8, None))
        value = builder.select(on, splat, ir.Constant(f8, None))
        ptr = builder.bitcast(builder.gep(o.data, [kk]), f8.as_pointer())
        store = builder.store(value, ptr, align=32)
        store.set_metadata(
            "nontemporal", builder.module.add_metadata([ir.Constant(ir.IntType(32), 1)])
        )
        return context.get_dummy_value()

    return types.void(out, k, geo, j, v), codegen


@intrinsic
def _fence(typingctx: Any) -> Any:
    """``sfence`` on x86-64 (streaming stores are ordered before later stores), a full fence
    elsewhere."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:  # pragma: no cover
        if _X86:
            fnty = ir.FunctionType(ir.VoidType(), [])
            builder.call(builder.module.declare_intrinsic("llvm.x86.sse.sfence", fnty=fnty), [])
        else:
            builder.fence("seq_cst")
        return context.get_dummy_value()

    return types.void(), codegen


if getattr(config, "DISABLE_JIT", 0):  # plain Python (for debugging): an intrinsic cannot run there

    def _stream_run(out: Any, k: int, geo: Any, j: int, v: Any, count: int) -> None:
        """``count`` groups of eight entries, as :func:`_stream8` writes them."""
        for t in range(8 * count):
            out[k + t] = v if geo[j + t] else np.float32(0.0)

    @njit
    def _store_fence() -> None:
        """Nothing to order without compiled code."""

else:

    @njit(cache=True, inline="always")
    def _stream_run(
        out: Any, k: int, geo: Any, j: int, v: Any, count: int
    ) -> None:  # pragma: no cover - compiled
        """``count`` streaming stores of eight entries from ``out[k]`` (:func:`_stream8`)."""
        for q in range(count):
            _stream8(out, k + 8 * q, geo, j + 8 * q, v)  # type: ignore[call-arg]

    @njit(cache=True)
    def _store_fence() -> None:  # pragma: no cover - compiled
        """Order the streaming stores made so far before any later store (:func:`_fence`)."""
        _fence()  # type: ignore[call-arg]


#: Orders the streaming stores made so far before any later store (typed for callers: Numba's
#: dispatchers hide their signatures from type checkers).
store_fence: Any = _store_fence


@njit(cache=True, inline="always")
def stream_plane(geo: Array, out: Any, p: int, value: float) -> None:  # pragma: no cover
    """Plane ``p`` holds ``value`` on every cell of the board and 0 off it (the board's cells
    from the tail of the table of :func:`hexarena.vector.deltas.vector_geometry`), written by
    streaming stores between the plane's first and last 32-byte boundaries, by ordinary
    stores before and after them."""
    s = geo[1]
    b = _POS + geo[0] + 3 * geo[2]
    at = p * s
    v = np.float32(value)
    z = np.float32(0.0)
    head = ((32 - ((out.ctypes.data + 4 * at) & 31)) & 31) >> 2
    head = min(head, s)
    count = (s - head) >> 3
    for j in range(head):
        out[at + j] = v if geo[b + j] else z
    _stream_run(out, at + head, geo, b + head, v, count)
    for j in range(head + 8 * count, s):
        out[at + j] = v if geo[b + j] else z


__all__ = ["store_fence", "stream_plane"]
