"""The calls from Python into :class:`hexarena.vector.VectorEnv`'s compiled step and random
choice, with few arguments.

A compiled function called from Python turns every array argument into its own structure
(Numba's unboxing: a check, a record of the array and its reference, and their release after
the call), about 33 ns an array; the incremental step takes 17 arrays, so about 0.6
microsecond a call went there, more than the whole step of 64 Churn environments' share of
anything else done once a call. Here the environment's arrays are given once, as a table of
their addresses and dimensions (:func:`address_table`, one ``int64`` array), and the compiled
calls (:func:`tabled_step`, :func:`tabled_random`) take the table and, for the step, the
actions: two arrays a call. They make the arrays again from the table (``numba.carray``: views
without reference counts, as :func:`hexarena.bits.unmanaged` makes) and call the step and the
random choice as before, which are compiled for the same types as when they were called
directly: the same machine code.

The table holds the addresses of the environment's own buffers: they must live as long as the
table, and never be replaced (written in place instead). With ``NUMBA_DISABLE_JIT`` (plain
Python, for debugging) the table is the tuple of the arrays themselves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, cast

import numpy as np
from numba import config, njit, types
from numba.extending import intrinsic
from numba.np.numpy_support import carray

from ..numba_closure_cache import cache_closure

#: The arrays of the table, in order: name, dtype and dimensions. The compiled calls below
#: read them by these positions (``T_*``).
TABLE_ARRAYS: tuple[tuple[str, type, int], ...] = (
    ("g", np.int32, 1),
    ("init", np.int32, 1),
    ("geo", np.int32, 1),
    ("states", np.int32, 2),
    ("mask", np.bool_, 2),
    ("obs", np.float32, 2),
    ("memo", np.int32, 2),
    ("obs0", np.float32, 1),
    ("mask0", np.bool_, 1),
    ("memo0", np.int32, 1),
    ("rewards", np.float32, 2),
    ("terminated", np.bool_, 1),
    ("truncated", np.bool_, 1),
    ("lengths", np.int64, 1),
    ("why", np.int8, 1),
    ("final", np.int32, 2),
    ("rngs", np.uint64, 2),
    ("random", np.int64, 1),
)
(
    T_G,
    T_INIT,
    T_GEO,
    T_STATES,
    T_MASK,
    T_OBS,
    T_MEMO,
    T_OBS0,
    T_MASK0,
    T_MEMO0,
    T_REWARDS,
    T_TERMINATED,
    T_TRUNCATED,
    T_LENGTHS,
    T_WHY,
    T_FINAL,
    T_RNGS,
    T_RANDOM,
) = range(len(TABLE_ARRAYS))
#: Entries of the table per array: its address and two dimensions (the second unused for a
#: one-dimensional array).
SLOT = 3
#: The table's last entry: the action cap (``VectorEnv.max_actions``; 0 for none).
T_CAP = SLOT * len(TABLE_ARRAYS)

#: The type the compiled step is given its actions as: any one-dimensional ``int64`` array
#: (strided, unaligned or read-only ones too: the step only reads its entries, by their
#: strides), so that Python need check only the actions' class, dtype and shape.
ACTIONS_TYPE = types.Array(types.int64, 1, "A", readonly=True, aligned=False)


def address_table(arrays: dict[str, np.ndarray], cap: int) -> Any:
    """The table of ``arrays`` (every name of :data:`TABLE_ARRAYS`, each of its dtype and
    dimensions and C-contiguous) and the action cap ``cap``; with ``NUMBA_DISABLE_JIT``, the
    tuple of the arrays in that order and ``cap``. An array of another kind is a
    ``TypeError`` naming it (a mistake in the caller, never the user's input)."""
    table = np.zeros(T_CAP + 1, dtype=np.int64)
    for k, (name, dtype, ndim) in enumerate(TABLE_ARRAYS):
        a = arrays[name]
        if a.dtype != np.dtype(dtype) or a.ndim != ndim or not a.flags.c_contiguous:
            raise TypeError(f"{name}: {a.dtype} of {a.ndim} dimensions, not {dtype} of {ndim}")
        table[SLOT * k] = a.ctypes.data
        table[SLOT * k + 1 : SLOT * k + 1 + ndim] = a.shape
    table[T_CAP] = cap
    if getattr(config, "DISABLE_JIT", 0):
        return (*(arrays[name] for name, _, _ in TABLE_ARRAYS), cap)
    return table


@intrinsic
def _pointer_intrinsic(typingctx: Any, address: Any) -> Any:  # pragma: no cover - compiled
    """An address (an ``int64``) as a ``void *``, for ``numba.carray``."""
    if address != types.int64:
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.inttoptr(args[0], context.get_value_type(types.voidptr))

    return types.voidptr(address), codegen


_pointer: Any = _pointer_intrinsic  # (typed for callers: see hexarena.bits)


@njit(inline="always")
def _vec(t: Any, k: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """The one-dimensional array of slot ``k`` of the table ``t``."""
    return carray(_pointer(t[SLOT * k]), (t[SLOT * k + 1],), dtype)


@njit(inline="always")
def _mat(t: Any, k: int, dtype: Any) -> Any:  # pragma: no cover - compiled
    """The two-dimensional array of slot ``k`` of the table ``t``."""
    return carray(_pointer(t[SLOT * k]), (t[SLOT * k + 1], t[SLOT * k + 2]), dtype)


def _entry(dispatcher: Any, *arg_types: Any) -> Callable[..., Any]:
    """``dispatcher``'s machine code for ``arg_types`` (compiled now), called without the
    dispatcher's typing of the arguments; the dispatcher itself in plain Python."""
    if getattr(config, "DISABLE_JIT", 0):
        return cast(Callable[..., Any], dispatcher)
    return cast(Callable[..., Any], dispatcher.compile(arg_types))


_TABLE_TYPE = types.Array(types.int64, 1, "C")


@functools.cache
def tabled_step(step: Any) -> Callable[[Any, np.ndarray], int]:
    """``call(table, actions)``: ``step`` (:func:`~hexarena.vector.drivers.bound_delta_step`'s)
    called with the arrays of ``table`` (:func:`address_table`) and ``actions`` (any
    one-dimensional ``int64`` array, :data:`ACTIONS_TYPE`); it returns what ``step`` returns,
    and -2, having changed nothing, when ``actions`` is not one per environment."""
    call = tabled_step_dispatcher(step)
    if getattr(config, "DISABLE_JIT", 0):
        return cast(Callable[[Any, np.ndarray], int], call)
    return _entry(call, _TABLE_TYPE, ACTIONS_TYPE)


@functools.cache
def tabled_step_dispatcher(step: Any) -> Any:
    """The compiled function behind :func:`tabled_step` (cached on disk with ``step`` inside:
    its ``stats`` say whether a process loaded it or compiled it); plain Python with
    ``NUMBA_DISABLE_JIT``."""
    if getattr(config, "DISABLE_JIT", 0):

        def plain(t: Any, actions: np.ndarray) -> int:
            if actions.shape[0] != t[T_STATES].shape[0]:
                return -2
            a = t  # the arrays in TABLE_ARRAYS' order, then the cap
            return int(step(*a[:4], actions, *a[T_MASK : T_LENGTHS + 1], a[-1], *a[T_WHY:T_RNGS]))

        return plain

    @cache_closure
    @njit
    def call(t: Any, actions: Any) -> int:  # pragma: no cover - compiled
        states = _mat(t, T_STATES, np.int32)
        if actions.shape[0] != states.shape[0]:
            return -2
        return step(
            _vec(t, T_G, np.int32),
            _vec(t, T_INIT, np.int32),
            _vec(t, T_GEO, np.int32),
            states,
            actions,
            _mat(t, T_MASK, np.bool_),
            _mat(t, T_OBS, np.float32),
            _mat(t, T_MEMO, np.int32),
            _vec(t, T_OBS0, np.float32),
            _vec(t, T_MASK0, np.bool_),
            _vec(t, T_MEMO0, np.int32),
            _mat(t, T_REWARDS, np.float32),
            _vec(t, T_TERMINATED, np.bool_),
            _vec(t, T_TRUNCATED, np.bool_),
            _vec(t, T_LENGTHS, np.int64),
            t[T_CAP],
            _vec(t, T_WHY, np.int8),
            _mat(t, T_FINAL, np.int32),
        )

    return call


@functools.cache
def tabled_random(choose: Any) -> Callable[[Any], None]:
    """``call(table)``: ``choose(mask, rngs, out)`` (the random legal choice,
    :func:`~hexarena.vector.drivers.random_legal`) with the arrays of ``table``."""
    if getattr(config, "DISABLE_JIT", 0):

        def plain(t: Any) -> None:
            choose(t[T_MASK], t[T_RNGS], t[T_RANDOM])

        return plain

    @cache_closure
    @njit
    def call(t: Any) -> None:  # pragma: no cover - compiled
        choose(_mat(t, T_MASK, np.bool_), _mat(t, T_RNGS, np.uint64), _vec(t, T_RANDOM, np.int64))

    return _entry(call, _TABLE_TYPE)
