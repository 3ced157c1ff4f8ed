"""Numba's on-disk cache notices a change in a module a kernel's file imports
(:mod:`hexarena.numba_cache`): otherwise an upgrade or an edit of a shared kernel would leave
the callers running the old code."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hexarena import numba_cache
from hexarena.games import churn
from hexarena.numba_cache import DependencyLocator, dependency_files, dependency_stamp


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_a_files_dependencies_are_the_package_modules_it_imports_at_any_depth(
    tmp_path: Path,
) -> None:
    root = tmp_path / "pkg"
    _write(
        root,
        {
            "__init__.py": "",
            "a.py": "import numpy\nfrom .b import x\nfrom . import c\n",
            "b.py": "def x():\n    from .sub.e import y\n    return y\n",
            "c.py": "import pkg.d\n",
            "d.py": "",
            "sub/__init__.py": "",
            "sub/e.py": "y = 1\n",
            "alone.py": "from .a import *\n",
        },
    )
    names = [p.relative_to(root).as_posix() for p in dependency_files(root, root / "a.py")]
    # ``from . import c`` names the package too; ``sub.e`` is imported inside a function
    assert names == ["__init__.py", "a.py", "b.py", "c.py", "d.py", "sub/__init__.py", "sub/e.py"]
    before = dependency_stamp(root, root / "a.py")
    (root / "alone.py").write_text("# another file that imports a, not imported by it\n")
    dependency_stamp.cache_clear()  # read once per process; a new process reads again
    assert dependency_stamp(root, root / "a.py") == before
    (root / "sub" / "e.py").write_text("y = 2\n")
    dependency_stamp.cache_clear()
    assert dependency_stamp(root, root / "a.py") != before


def test_the_games_kernels_are_stamped_with_the_shared_kernels_they_call() -> None:
    locator = churn.apply._cache._impl._locator  # type: ignore[attr-defined]
    assert isinstance(locator, DependencyLocator)
    churn_file = Path(churn.__file__).resolve()
    files = dependency_files(numba_cache.PACKAGE_ROOT, churn_file)
    assert numba_cache.PACKAGE_ROOT / "kernels_common.py" in files
    assert locator.get_source_stamp()[1] == dependency_stamp(numba_cache.PACKAGE_ROOT, churn_file)


def test_a_cached_kernel_is_compiled_again_when_a_kernel_it_calls_changes(tmp_path: Path) -> None:
    """Two processes in turn: the second, after the callee's file changed, runs the new code
    (Numba alone would load the caller's old machine code: its file did not change)."""
    root = tmp_path / "kern"
    _write(
        root,
        {
            "__init__.py": "",
            "callee.py": """
                from numba import njit

                @njit(cache=True)
                def value():
                    return 1
                """,
            "caller.py": """
                from numba import njit
                from .callee import value

                @njit(cache=True)
                def twice():
                    return 2 * value()
                """,
        },
    )
    program = (
        "import sys; from pathlib import Path\n"
        "from hexarena import numba_cache\n"
        f"numba_cache.install(Path({str(root)!r}))\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from kern.caller import twice\n"
        "print(twice(), sum(twice.stats.cache_hits.values()))\n"
    )

    def run() -> list[str]:
        return subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=300
        ).stdout.split()

    assert run() == ["2", "0"]  # compiled and cached
    assert run() == ["2", "1"]  # loaded from the cache
    (root / "callee.py").write_text(
        (root / "callee.py").read_text().replace("return 1", "return 5")
    )
    assert run() == ["10", "0"]  # compiled again, with the new callee
    assert run() == ["10", "1"]
