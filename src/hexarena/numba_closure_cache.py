"""Numba's on-disk cache for compiled closures: functions compiled inside another, with other
compiled functions held as constants (the batched steps of :mod:`hexarena.vector`, compiled
with one game's kernels).

Numba caches such a function in a way no new process can use: it keys the cache by a pickle of
what the closure holds, and a compiled function pickles with an identifier drawn afresh in every
process, so every process compiled the batched step again (about 10 processor seconds for
Churn's). :func:`cache_closure` gives the function :class:`ClosureCache` instead, keyed by a
description that is the same in every process (:func:`closure_key`: each compiled function it
holds by module, name and options, each plain value by its value), in files named by it (so that
the closures of one definition, one a game, keep separate indexes that processes compiling two
at once do not overwrite), and stamped, besides the closure's own file and the package modules
it imports (:class:`hexarena.numba_cache.DependencyLocator`), with the content of the files of
the functions it holds and of every package module those import: a change to any of them
compiles it again, as for any kernel.

This module is imported only by the modules that define such closures, not by
``import hexarena``: a change to it compiles them again, not every kernel of the package.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from numba.core import caching, serialize
from numba.core.dispatcher import Dispatcher

from . import numba_cache

#: Numba's pickling (as it keys a closure's cache) and its cache's index file (untyped).
_DUMPS: Any = serialize.dumps
_INDEX_FILE: Any = caching.IndexDataCacheFile


def file_stamp(path: Path) -> bytes:
    """The content stamp of a compiled function's source file: for a file of one of
    :data:`hexarena.numba_cache.ROOTS`, :func:`~hexarena.numba_cache.dependency_stamp` (the file
    and every package module it imports); for another file, the digest of its content; for
    code that has no file, nothing."""
    path = path.resolve()
    for root in numba_cache.ROOTS:
        if path.is_relative_to(root):
            return numba_cache.dependency_stamp(root, path)
    if not path.is_file():
        return b""
    st = path.stat()
    return numba_cache._file_digest(path, st.st_mtime_ns, st.st_size)


def closure_key(py_func: Any) -> tuple[str, bytes]:
    """What the function ``py_func`` closes over, described the same way in every process:
    ``(names, stamp)``. ``names`` gives each variable it closes over: a compiled function by
    module, name and options (and, for a closure, what that closes over, in turn), a number,
    text or ``None`` by its value, a tuple item by item, anything else by the digest of its
    pickle (as Numba keys it). ``stamp`` is the digest of the source (:func:`file_stamp`) and
    the line of every compiled function named there."""
    stamp = hashlib.sha256()
    names = _describe_closure(py_func, stamp, set())
    return names, stamp.digest()


def _describe_closure(py_func: Any, stamp: Any, seen: set[int]) -> str:
    """The ``names`` of :func:`closure_key`, the sources' stamps added to ``stamp``."""
    cells = py_func.__closure__ or ()
    parts = []
    for var, cell in zip(py_func.__code__.co_freevars, cells, strict=True):
        try:
            value = cell.cell_contents
        except ValueError:  # a cell not yet filled
            parts.append(f"{var}=<empty>")
            continue
        parts.append(f"{var}={_describe(value, stamp, seen)}")
    return "(" + ", ".join(parts) + ")"


def _describe(value: Any, stamp: Any, seen: set[int]) -> str:
    """One value that a closure holds, as :func:`closure_key` describes it."""
    if isinstance(value, Dispatcher):
        py = value.py_func
        if id(py) in seen:  # named in full once (and a function that holds itself)
            return f"<again {py.__qualname__}>"
        seen.add(id(py))
        with contextlib.suppress(TypeError):  # (code with no file: nothing to stamp)
            stamp.update(file_stamp(Path(inspect.getfile(py))))
        # its line goes in the stamp, not the name: a line moved makes no new file name
        stamp.update(f"{py.__qualname__}:{py.__code__.co_firstlineno}".encode())
        options = sorted((k, repr(v)) for k, v in value.targetoptions.items())
        inner = _describe_closure(py, stamp, seen)
        return f"{py.__module__}.{py.__qualname__}{options}{inner}"
    if value is None or isinstance(value, bool | int | float | complex | str | bytes):
        return f"{type(value).__name__}:{value!r}"
    if type(value) is tuple:
        return "(" + ", ".join(_describe(v, stamp, seen) for v in value) + ")"
    return "pickle:" + hashlib.sha256(_DUMPS(value)).hexdigest()


class ClosureCacheImpl(caching.CompileResultCacheImpl):
    """Numba's cache of a compiled function, in files named also by what it closes over (so
    that the closures of one definition, one per game, keep separate files: processes that
    compile two of them at once do not overwrite each other's index)."""

    def __init__(self, py_func: Any) -> None:
        names, stamp = closure_key(py_func)
        #: a digest of the description of what the function closes over
        self.closure_names = hashlib.sha256(names.encode()).hexdigest()
        #: a digest of that description and of the sources of the functions named there
        self.closure_digest = hashlib.sha256(names.encode() + stamp).hexdigest()
        super().__init__(py_func)  # type: ignore[no-untyped-call]

    def get_filename_base(self, fullname: str, abiflags: str) -> str:
        """Numba's name, with 16 digits of :attr:`closure_names` after the function's name."""
        base = super().get_filename_base  # (untyped)
        return str(cast(Any, base)(f"{fullname}-{self.closure_names[:16]}", abiflags))


class ClosureCache(caching.FunctionCache):
    """Numba's on-disk cache for a function compiled inside another (see the module's
    docstring): its index is stamped also with the sources of the functions it closes over, and
    its entries are keyed by :func:`closure_key` rather than by a pickle of those functions."""

    _impl_class = ClosureCacheImpl

    def __init__(self, py_func: Any) -> None:
        super().__init__(py_func)  # type: ignore[no-untyped-call]
        impl: ClosureCacheImpl = self._impl
        self._cache_file = _INDEX_FILE(
            cache_path=self._cache_path,
            filename_base=impl.filename_base,
            source_stamp=(impl.locator.get_source_stamp(), impl.closure_digest),
        )

    def _index_key(self, sig: Any, codegen: Any) -> Any:
        """Numba's key (the signature, the processor, the function's bytecode), with the digest
        of what the function closes over (:func:`closure_key`) in place of its pickle."""
        code = hashlib.sha256(self._py_func.__code__.co_code).hexdigest()
        return (sig, codegen.magic_tuple(), (code, self._impl.closure_digest))


#: What :func:`name_apart` puts between a nested function's name and the digest it adds.
APART = "-closure_"


def name_apart(dispatcher: Any, seen: set[int] | None = None) -> None:
    """Give ``dispatcher`` and every compiled function it holds, at any depth, that is defined
    inside another function a name of its own: its qualified name followed by :data:`APART`
    and 16 digits of the digest of what it holds (:func:`closure_key`, after those it holds
    got theirs). Numba names a compiled function's machine code by its module, qualified name,
    argument types and a number counted afresh in every process, and links code by those
    names: two closures of one definition (China Grove's and Gyre's mask writers), compiled in
    two processes, could bear the same name, and once both were loaded from the cache into one
    process, the code of one ran for the other. A function compiled before it got its name
    keeps its old one in that code (give it its name before its first use)."""
    seen = set() if seen is None else seen
    py = dispatcher.py_func
    if id(py) in seen:
        return
    seen.add(id(py))
    for cell in py.__closure__ or ():
        try:
            value = cell.cell_contents
        except ValueError:  # a cell not yet filled
            continue
        for held in value if type(value) is tuple else (value,):
            if isinstance(held, Dispatcher):
                name_apart(held, seen)
    if "<locals>" in py.__qualname__ and APART not in py.__qualname__:
        names, _ = closure_key(py)
        py.__qualname__ += APART + hashlib.sha256(names.encode()).hexdigest()[:16]


F = TypeVar("F", bound=Callable[..., Any])


def cache_closure(dispatcher: F) -> F:
    """Cache ``dispatcher`` (a compiled closure: ``@cache_closure`` above ``@njit``) on disk with
    :class:`ClosureCache`, so that a new process loads its machine code rather than compiling
    it again, with a name of its own, as the closures it holds (:func:`name_apart`; a plain
    function, with ``NUMBA_DISABLE_JIT``, is returned as it is)."""
    if isinstance(dispatcher, Dispatcher):
        name_apart(dispatcher)
        cast(Any, dispatcher)._cache = ClosureCache(dispatcher.py_func)
    return dispatcher


__all__ = [
    "APART",
    "ClosureCache",
    "ClosureCacheImpl",
    "cache_closure",
    "closure_key",
    "file_stamp",
    "name_apart",
]
