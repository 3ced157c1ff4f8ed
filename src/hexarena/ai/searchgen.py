"""One compiled search per combination of kernels, cached on disk like every other kernel.

Numba caches a compiled function on disk only if its compiled functions are globals, not
arguments. :func:`search_for` therefore copies the text of :mod:`hexarena.ai.search_loop` into a
module of its own for each combination of ``legal``, ``apply``, ``playout`` and ``evaluate``,
sets those four globals in the copy and returns its ``run``; Numba caches the copy's machine
code beside it, so a new process loads each game's search in a fraction of a second instead of
compiling it again.

The copies live in ``$HEXARENA_SEARCH_CACHE`` if that is set, else in ``hexarena/searches``
under the user's cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``). A copy's name is a hash of
its text, which names each kernel (module, name and the constants a plug-in's kernel closes
over) and holds a hash of the package's source and of each kernel's source file: a cached
search embeds the machine code of the evaluation and of the search's own helpers (it calls
``legal``, ``apply`` and ``playout`` through their addresses, :mod:`hexarena.ai.kernel_calls`,
so compiling a copy does not compile them again), and Numba checks only the copy's own file, so any
change to the package's source makes new copies rather than reusing stale ones. Copies not used
for :data:`KEEP_DAYS` days are deleted, with their cache files, when a new copy is written.
A kernel that closes over anything but plain numbers and text cannot be named that way; its
search is compiled once per process, in a copy in a temporary folder.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from . import search_loop

#: A copy not used for this many days is deleted when another is written.
KEEP_DAYS = 14
#: The names of the copies start with this (they are also their modules' names).
PREFIX = "hexarena_search_"

_PACKAGE = Path(search_loop.__file__).resolve().parent.parent
#: The copies loaded in this process, by the identities of their kernels (kept alive with them).
_loaded: dict[tuple[int, ...], tuple[tuple[Any, ...], ModuleType]] = {}
#: Held while a copy is found or imported (:func:`search_module`).
_lock = threading.Lock()


def cache_folder() -> Path:
    """Where the copies of the search live (see the module's description)."""
    chosen = os.environ.get("HEXARENA_SEARCH_CACHE")
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hexarena" / "searches"


@functools.cache
def _file_hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@functools.cache
def package_hash() -> str:
    """A hash of every Python source file of the package (names and contents)."""
    h = hashlib.sha256()
    for p in sorted(_PACKAGE.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        h.update(str(p.relative_to(_PACKAGE)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def kernel_name(fn: Any) -> str | None:
    """How a copy names a compiled function: its module, name, source file's hash and the
    values it closes over; ``None`` if it closes over anything but numbers and text."""
    py = getattr(fn, "py_func", fn)
    parts = [f"{py.__module__}.{py.__qualname__}"]
    for cell in py.__closure__ or ():
        value = cell.cell_contents
        if type(value) not in (int, float, bool, str):
            return None
        parts.append(repr(value))
    source = py.__code__.co_filename
    if os.path.isfile(source):
        parts.append(_file_hash(source)[:16])
    return " ".join(parts)


def copy_text(names: dict[str, str]) -> str:
    """The text of the copy of :mod:`hexarena.ai.search_loop` for kernels named ``names``."""
    text = Path(search_loop.__file__).read_text(encoding="utf-8")
    lines = [f"# {role}: {name}" for role, name in names.items()]
    return f"{text}\n# package source: {package_hash()}\n" + "\n".join(lines) + "\n"


def _write(folder: Path, name: str, text: str) -> Path:
    """``folder/name.py`` holding ``text``, written only if it is not there already (Numba's
    cache is checked against the file's time, so an unchanged copy is never rewritten)."""
    path = folder / f"{name}.py"
    try:
        if path.read_text(encoding="utf-8") == text:
            return path
    except OSError:
        pass
    folder.mkdir(parents=True, exist_ok=True)
    _prune(folder)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".py")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)
    return path


def _prune(folder: Path) -> None:
    """Delete the copies (and their Numba cache files) not used for :data:`KEEP_DAYS` days."""
    old = time.time() - KEEP_DAYS * 86400
    for py in folder.glob(f"{PREFIX}*.py"):
        used = py.with_suffix(".used")
        try:
            stamp = (used if used.exists() else py).stat().st_mtime
            if stamp >= old:
                continue
            for f in [py, used, *(folder / "__pycache__").glob(f"{py.stem}.*")]:
                f.unlink(missing_ok=True)
        except OSError:
            continue


def _temporary_folder() -> Path:
    """A folder deleted when this process ends."""
    folder = Path(tempfile.mkdtemp(prefix="hexarena-search-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _load(path: Path, kernels: dict[str, Any]) -> ModuleType:
    """Import the copy at ``path`` and set its kernels."""
    name = path.stem
    module = sys.modules.get(name)
    if module is None:
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        # Numba finds a cached function's module by name when it loads it back
        sys.modules[name] = module
        spec.loader.exec_module(module)
    for role, fn in kernels.items():
        setattr(module, role, fn)
    with contextlib.suppress(OSError):
        path.with_suffix(".used").touch()
    return module


def search_module(legal: Any, apply: Any, playout: Any, evaluate: Any) -> ModuleType:
    """The copy of :mod:`hexarena.ai.search_loop` over these kernels, imported (the same module
    for the same kernels in one process).

    One thread at a time (:data:`_lock`): a copy is in ``sys.modules`` from the start of its
    import, and another thread asking for it meanwhile was handed it without its functions (a
    match on a thread executor, each thread preparing its players).
    """
    with _lock:
        return _search_module(legal, apply, playout, evaluate)


def _search_module(legal: Any, apply: Any, playout: Any, evaluate: Any) -> ModuleType:
    kernels = {"legal": legal, "apply": apply, "playout": playout, "evaluate": evaluate}
    key = tuple(id(fn) for fn in kernels.values())
    found = _loaded.get(key)
    if found is not None:
        return found[1]
    names = {role: kernel_name(fn) for role, fn in kernels.items()}
    if all(n is not None for n in names.values()):
        text = copy_text({role: str(n) for role, n in names.items()})
        folder = cache_folder()
    else:  # not nameable: a copy for this process only
        text = copy_text({role: f"{n} {id(kernels[role])}" for role, n in names.items()})
        folder = _temporary_folder()
    name = PREFIX + hashlib.sha256(text.encode()).hexdigest()[:24]
    try:
        path = _write(folder, name, text)
    except OSError:  # no writable cache folder: compile in a temporary one
        path = _write(_temporary_folder(), name, text)
    module = _load(path, kernels)
    _loaded[key] = (tuple(kernels.values()), module)
    return module


def search_for(legal: Any, apply: Any, playout: Any, evaluate: Any) -> Callable[..., int]:
    """The compiled search over these kernels: :func:`hexarena.ai.search_loop.run` of their copy
    (:func:`search_module`), which takes every argument but the kernels."""
    run: Callable[..., int] = search_module(legal, apply, playout, evaluate).run
    return run


__all__ = [
    "KEEP_DAYS",
    "cache_folder",
    "copy_text",
    "kernel_name",
    "package_hash",
    "search_for",
    "search_module",
]
