"""Calls from the compiled search to a game's kernels through their addresses.

A compiled function that calls another directly gets the other's code linked into its own, and
LLVM optimises the whole again: a search over Throngs' kernels re-optimised every line of
Throngs' rules and playouts, minutes of processor time on a fresh clone. The search calls
``legal``, ``apply`` and ``playout`` through their machine-code addresses instead (one
indirect call each, a few nanoseconds against the microseconds of the kernel), so compiling the
search compiles the search alone, and each kernel is compiled (and cached on disk) once, by its
own module.

:func:`kernel_addresses` compiles each kernel for the argument types the search passes (or
finds it compiled) and returns the addresses as the ``int64`` array that the search takes;
``call_legal``, ``call_apply`` and ``call_playout`` are the calls, with Numba's own calling
convention (a kernel's exception reaches the search's caller as usual). The addresses are those
of the loaded machine code: they are valid in the process that asked for them, while the
kernels' dispatchers live (module globals, so for ever).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import config, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.misc.special import typeof as _numba_typeof

from ..core import Array

#: Whether kernels run as plain Python (``NUMBA_DISABLE_JIT``).
_NO_JIT = bool(getattr(config, "DISABLE_JIT", False))
_typeof: Any = _numba_typeof
_if_unlikely: Any = cgutils.if_unlikely
_unliteral: Any = types.unliteral
#: The addresses of the kernels, as the search takes them.
Addresses = npt.NDArray[np.int64]

#: What ``legal`` returns: the actions, ``int32``.
LEGAL_RETURN = types.Array(types.int32, 1, "C")
#: Where each kernel's address is in the array the search takes.
K_LEGAL = 0
K_APPLY = 1
K_PLAYOUT = 2


def _emit(context: Any, builder: Any, restype: Any, argtys: Any, addr: Any, args: Any) -> Any:
    """Call the Numba-compiled function at ``addr`` (an ``int64``) and pass on its error."""
    fnty = context.call_conv.get_function_type(restype, argtys)
    fn = builder.inttoptr(addr, fnty.as_pointer())
    status, res = context.call_conv.call_function(builder, fn, restype, list(argtys), list(args))
    with _if_unlikely(builder, status.is_error):
        context.call_conv.return_status_propagate(builder, status)
    return res


@intrinsic
def _call_legal(typingctx: Any, addr: Any, g: Any, arr: Any) -> Any:  # pragma: no cover
    """``legal(g, arr)`` of the kernel at ``addr``."""
    sig = LEGAL_RETURN(types.int64, g, arr)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return _emit(context, builder, signature.return_type, signature.args[1:], args[0], args[1:])

    return sig, codegen


@intrinsic
def _call_apply(typingctx: Any, addr: Any, g: Any, arr: Any, a: Any) -> Any:  # pragma: no cover
    """``apply(g, arr, a)`` of the kernel at ``addr`` (``a`` as ``int64``)."""
    sig = types.none(types.int64, g, arr, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        _emit(context, builder, types.none, signature.args[1:], args[0], args[1:])
        return context.get_dummy_value()

    return sig, codegen


@intrinsic
def _call_playout(
    typingctx: Any, addr: Any, g: Any, arr: Any, rng: Any, out: Any, limit: Any
) -> Any:  # pragma: no cover - compiled
    """``playout(g, arr, rng, out, limit)`` of the kernel at ``addr`` (``limit`` as ``int64``;
    returns how many actions it took)."""
    sig = types.int64(types.int64, g, arr, rng, out, types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return _emit(context, builder, types.int64, signature.args[1:], args[0], args[1:])

    return sig, codegen


#: With ``NUMBA_DISABLE_JIT`` (kernels as plain Python), the "addresses" are keys of this.
_plain: dict[int, Any] = {}


def _plain_legal(addr: int, g: Array, arr: Array) -> Array:  # pragma: no cover - no JIT
    """``legal(g, arr)`` of the kernel at ``addr``, in plain Python."""
    result: Array = _plain[int(addr)](g, arr)
    return result


def _plain_apply(addr: int, g: Array, arr: Array, a: int) -> None:  # pragma: no cover - no JIT
    """``apply(g, arr, a)`` of the kernel at ``addr``, in plain Python."""
    _plain[int(addr)](g, arr, int(a))


def _plain_playout(
    addr: int, g: Array, arr: Array, rng: Any, out: Array, limit: int
) -> int:  # pragma: no cover - no JIT
    """``playout(g, arr, rng, out, limit)`` of the kernel at ``addr``, in plain Python."""
    return int(_plain[int(addr)](g, arr, rng, out, int(limit)))


#: The calls, typed for their callers (plain Python with ``NUMBA_DISABLE_JIT``).
call_legal: Any = _plain_legal if _NO_JIT else _call_legal
call_apply: Any = _plain_apply if _NO_JIT else _call_apply
call_playout: Any = _plain_playout if _NO_JIT else _call_playout


def address(kernel: Any, argtypes: tuple[Any, ...], restype: Any, role: str) -> int:
    """The address of ``kernel`` compiled for ``argtypes`` (compiled now if it is not yet),
    after checking that it returns ``restype``."""
    if _NO_JIT:  # pragma: no cover - the test suite runs compiled
        _plain[id(kernel)] = kernel
        return id(kernel)
    kernel.compile(argtypes)
    cres = kernel.overloads[argtypes]
    got = cres.signature.return_type
    if _unliteral(got) != restype:  # the call would read the wrong type
        raise TypeError(f"the {role} kernel {kernel!r} returns {got}; the search needs {restype}")
    found: int = cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name)
    if not found:  # pragma: no cover - Numba always defines a compiled function's symbol
        raise RuntimeError(f"no machine code found for the {role} kernel {kernel!r}")
    return found


def kernel_addresses(
    legal: Any, apply: Any, playout: Any, g: Array, arr: Array, rng: Any
) -> Addresses:
    """The addresses of ``legal``, ``apply`` and ``playout`` for the search's argument types
    (``g`` the constant table, ``arr`` a state array, ``rng`` the generator state), as the
    ``int64`` array the search takes (:data:`K_LEGAL`, :data:`K_APPLY`, :data:`K_PLAYOUT`)."""
    tg = _typeof(g)
    ta = _typeof(np.empty(0, dtype=arr.dtype))  # the search works on copies: contiguous
    out = types.Array(types.int32, 1, "C")
    return np.array(
        [
            address(legal, (tg, ta), LEGAL_RETURN, "legal"),
            address(apply, (tg, ta, types.int64), types.none, "apply"),
            address(playout, (tg, ta, _typeof(rng), out, types.int64), types.int64, "playout"),
        ],
        dtype=np.int64,
    )


__all__ = [
    "K_APPLY",
    "K_LEGAL",
    "K_PLAYOUT",
    "LEGAL_RETURN",
    "Addresses",
    "address",
    "call_apply",
    "call_legal",
    "call_playout",
    "kernel_addresses",
]
