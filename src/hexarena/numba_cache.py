"""Numba's on-disk cache, made to notice changes in the modules a kernel's file imports.

Numba keys a cached kernel by the content of the one file that defines it. A kernel that
calls a kernel of another file (every game calls ``kernels_common``'s scans, Throngs' rules
call its bitboard searches) has the callee's code compiled into it, and reads other modules'
constants (``core.H_PLAYER``) as fixed numbers; when only the other file changes (an upgrade, a
``git pull``, an edit), Numba would load the old machine code and run the old rules.

:func:`install` puts :class:`DependencyLocator` first among Numba's cache locators. For a
file of this package it finds the cache where Numba would, and stamps the cache with the
content of the file *and* of every module of the package that file imports, directly or
through others (read from the source, ``from .x import y`` and ``import hexarena.x`` at any
depth), so that a change to any of them compiles the kernel again. Files outside the package
keep Numba's own locator untouched.
"""

from __future__ import annotations

import ast
import functools
import hashlib
from pathlib import Path
from typing import Any

from numba.core import caching

#: The package's folder.
PACKAGE_ROOT = Path(__file__).resolve().parent

#: The packages whose files get the dependency stamp: this one, and any given to :func:`install`.
ROOTS: list[Path] = [PACKAGE_ROOT]

#: Numba's class that chooses a kernel's cache locator (``_CacheImpl`` before Numba 0.61).
_CACHE_IMPL: Any = vars(caching).get("CacheImpl") or vars(caching)["_CacheImpl"]


def _module_file(root: Path, module: str) -> Path | None:
    """The source file of ``module`` (``hexarena.a.b``) below ``root``, or ``None``."""
    parts = module.split(".")[1:]
    base = root.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_name(root: Path, path: Path) -> tuple[str, bool]:
    """The dotted name of ``path`` below ``root`` and whether it is a package's ``__init__``."""
    rel = list(path.relative_to(root).with_suffix("").parts)
    package = rel[-1] == "__init__"
    if package:
        rel = rel[:-1]
    return ".".join([root.name, *rel]), package


def imported_files(root: Path, path: Path) -> frozenset[Path]:
    """The files of the package at ``root`` that ``path`` imports directly (anywhere in it,
    function bodies included), read from its source without importing anything."""
    st = path.stat()
    return _imported_files(root, path, st.st_mtime_ns, st.st_size)


@functools.cache
def _imported_files(root: Path, path: Path, mtime_ns: int, size: int) -> frozenset[Path]:
    """:func:`imported_files`, memoised on the file's path, time and size."""
    name, package = _module_name(root, path)
    found: set[Path] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        modules: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                if not package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # ``from . import x`` may name a module x as well as a name of the package
            modules = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        for module in modules:
            if module == root.name or module.startswith(root.name + "."):
                parts = module.split(".")
                for end in range(1, len(parts) + 1):  # importing a.b.c runs a and a.b too
                    file = _module_file(root, ".".join(parts[:end]))
                    if file is not None:
                        found.add(file)
    return frozenset(found)


def dependency_files(root: Path, path: Path) -> list[Path]:
    """``path`` and every file of the package at ``root`` it imports, directly or through
    others, in a fixed order."""
    seen: set[Path] = set()
    todo = [path.resolve()]
    while todo:
        file = todo.pop()
        if file not in seen:
            seen.add(file)
            todo.extend(imported_files(root, file) - seen)
    return sorted(seen)


@functools.cache
def _file_digest(path: Path, mtime_ns: int, size: int) -> bytes:
    """The SHA-256 of a file's content (memoised on its path, time and size)."""
    return hashlib.sha256(path.read_bytes()).digest()


@functools.cache
def dependency_stamp(root: Path, path: Path) -> bytes:
    """One digest of the content of ``path`` and of every package file it depends on (read
    once per process: a kernel's cache is chosen when the kernel is defined)."""
    digest = hashlib.sha256()
    for file in dependency_files(root, path):
        st = file.stat()
        digest.update(str(file.relative_to(root)).encode())
        digest.update(_file_digest(file, st.st_mtime_ns, st.st_size))
    return digest.digest()


class DependencyLocator(caching._CacheLocator):
    """Numba's own locator for a kernel's file, with a source stamp that also covers every
    module of this package the file imports (see the module's docstring)."""

    def __init__(self, base: Any, root: Path, py_file: str) -> None:
        self._base = base
        self._root = root
        self._py_file = py_file

    def ensure_cache_path(self) -> None:
        """As Numba's locator: make sure the cache folder exists and is writable."""
        self._base.ensure_cache_path()

    def get_cache_path(self) -> str:
        """The cache folder Numba's own locator chose."""
        return str(self._base.get_cache_path())

    def get_source_stamp(self) -> Any:
        """Numba's stamp of the file, with the digest of the package files it imports."""
        return (self._base.get_source_stamp(), dependency_stamp(self._root, Path(self._py_file)))

    def get_disambiguator(self) -> str:
        """As Numba's locator (the function's line number)."""
        return str(self._base.get_disambiguator())

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> Any:
        """Numba's locator for the function, wrapped if its file is in this package."""
        for other in _CACHE_IMPL._locator_classes:
            if other is cls:
                continue
            base = other.from_function(py_func, py_file)
            if base is not None:
                break
        else:
            return None
        path = Path(py_file).resolve()
        for root in ROOTS:
            if path.is_relative_to(root):
                return cls(base, root, py_file)
        return base


def install(*roots: Path) -> None:
    """Make :class:`DependencyLocator` the first of Numba's cache locators (once), for this
    package and the package folders ``roots``; to be called before their kernels are defined."""
    ROOTS.extend(Path(root).resolve() for root in roots if Path(root).resolve() not in ROOTS)
    classes = _CACHE_IMPL._locator_classes
    if DependencyLocator not in classes:
        classes.insert(0, DependencyLocator)


__all__ = ["DependencyLocator", "dependency_files", "dependency_stamp", "imported_files", "install"]
