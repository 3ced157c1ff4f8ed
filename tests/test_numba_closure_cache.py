"""Numba's on-disk cache of compiled closures (:mod:`hexarena.numba_closure_cache`): a new process
loads them, and a change to a function they hold compiles them again."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hexarena import new_game, numba_closure_cache
from hexarena.observe import Observer
from hexarena.vector.drivers import bound_loops


def _in_a_new_process(program: str) -> str:
    """What the Python ``program`` prints, run in a new process (which has compiled nothing)."""
    return subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=300
    ).stdout


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def test_a_closure_is_loaded_from_the_cache_and_compiled_again_when_what_it_holds_changes(
    tmp_path: Path,
) -> None:
    """A compiled closure (as the batched step, compiled with one game's kernels held as
    constants) was compiled again in every process: Numba keyed its cache by a pickle of the
    compiled functions it holds, which differs in every process. With
    :func:`~hexarena.numba_closure_cache.cache_closure` a new process loads it, each closure of one
    definition its own; and a change to the file of a function it holds (which the closure's
    own file does not import) compiles it again, with the new code."""
    root = tmp_path / "kern"
    _write(
        root,
        {
            "__init__.py": "",
            "one.py": """
                from numba import njit

                @njit(cache=True)
                def value():
                    return 1
                """,
            "three.py": """
                from numba import njit

                @njit(cache=True)
                def value():
                    return 3
                """,
            "bound.py": """
                from numba import njit
                from hexarena.numba_closure_cache import cache_closure

                def bound(fn, factor):
                    @cache_closure
                    @njit
                    def run():
                        return factor * fn()

                    return run
                """,
        },
    )
    program = (
        "import sys; from pathlib import Path\n"
        "from hexarena import numba_cache\n"
        f"numba_cache.install(Path({str(root)!r}))\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from kern import one, three\n"
        "from kern.bound import bound\n"
        "runs = [bound(one.value, 2), bound(three.value, 2), bound(one.value, 10)]\n"
        "print(*[f'{r()}:{sum(r.stats.cache_hits.values())}' for r in runs])\n"
    )

    def run() -> list[str]:
        return _in_a_new_process(program).split()

    assert run() == ["2:0", "6:0", "10:0"]  # compiled and cached
    assert run() == ["2:1", "6:1", "10:1"]  # each loaded from the cache
    (root / "one.py").write_text((root / "one.py").read_text().replace("return 1", "return 5"))
    assert run() == ["10:0", "6:1", "50:0"]  # the two that hold one.value compiled again
    assert run() == ["10:1", "6:1", "50:1"]
    names = sorted(p.name for p in (root / "__pycache__").glob("bound.bound.locals.run*.nbi"))
    assert len(names) == 3, names  # an index of its own for each closure


def test_a_closure_is_described_alike_in_every_process() -> None:
    """What :func:`~hexarena.numba_closure_cache.closure_key` says of a closure names its compiled
    functions and values, not their identities in this process (one of Numba's pickles)."""
    from hexarena.vector.deltas import bound_update
    from hexarena.vector.drivers import bound_delta_step, whole_row
    from hexarena.vector.masks import mask_writer

    game = new_game("gyre")
    step = bound_delta_step(bound_update("gyre", mask_writer(game)), game.kernels.apply, whole_row)
    names, stamp = numba_closure_cache.closure_key(step.py_func)
    assert "hexarena.games.gyre" in names and "checked=bool:True" in names
    assert "object at" not in names and "pickle:" not in names
    program = (
        "from hexarena import new_game, numba_closure_cache\n"
        "from hexarena.vector.drivers import bound_delta_step, whole_row\n"
        "from hexarena.vector.deltas import bound_update\n"
        "from hexarena.vector.masks import mask_writer\n"
        "g = new_game('gyre')\n"
        "s = bound_delta_step(bound_update('gyre', mask_writer(g)), g.kernels.apply, whole_row)\n"
        "names, stamp = numba_closure_cache.closure_key(s.py_func)\n"
        "print(stamp.hex()); print(names)\n"
    )
    out = _in_a_new_process(program).splitlines()
    assert out == [stamp.hex(), names]


def test_the_stamp_covers_the_modules_a_held_function_imports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A held function's machine code includes what it calls and the constants it reads from
    the modules its file imports (a game's ``apply`` calls the shared kernels): a change there,
    not in the held function's own file, changes the closure's stamp too."""
    from hexarena import numba_cache

    root = tmp_path / "deepkern"
    _write(
        root,
        {
            "__init__.py": "",
            "consts.py": "K = 1\n",
            "held.py": """
                from numba import njit
                from .consts import K

                @njit
                def value():
                    return K
                """,
            "bound.py": """
                from numba import njit

                def bound(fn):
                    @njit
                    def run():
                        return fn()

                    return run
                """,
        },
    )
    monkeypatch.setattr(numba_cache, "ROOTS", [*numba_cache.ROOTS, root.resolve()])
    monkeypatch.syspath_prepend(str(tmp_path))
    from deepkern.bound import bound  # type: ignore[import-not-found]
    from deepkern.held import value  # type: ignore[import-not-found]

    names, stamp = numba_closure_cache.closure_key(bound(value).py_func)
    assert names.startswith("(fn=deepkern.held.value")
    (root / "bound.py").write_text((root / "bound.py").read_text() + "# the closure's own file\n")
    numba_cache.dependency_stamp.cache_clear()  # read once per process
    assert numba_closure_cache.closure_key(bound(value).py_func) == (names, stamp)
    (root / "consts.py").write_text("K = 2\n")
    numba_cache.dependency_stamp.cache_clear()
    again, other = numba_closure_cache.closure_key(bound(value).py_func)
    assert again == names and other != stamp


def test_closures_of_one_definition_get_names_of_their_own() -> None:
    """Numba names a compiled function's machine code by its module, qualified name, argument
    types and a number counted afresh in every process, and links code by those names. China
    Grove's and Gyre's whole-rewrite steps hold mask writers that are closures of one
    definition: compiled in two processes (as two warm-up processes do), both were named alike,
    and once both were loaded from the cache into one process, Gyre's step ran China Grove's
    mask writer (``ValueError: negative dimensions not allowed``). Every closure that a cached
    closure holds now gets a name of its own, the same in every process."""
    from hexarena.vector.masks import mask_writer

    steps = {}
    for name in ("china-grove", "gyre"):
        g = new_game(name)
        steps[name] = bound_loops(mask_writer(g), g.kernels.apply, Observer(g).writer)[1]
    masks = {name: mask_writer(new_game(name)).py_func.__qualname__ for name in steps}
    assert masks["china-grove"] != masks["gyre"]
    assert all(numba_closure_cache.APART in q for q in masks.values()), masks
    names = {n: s.py_func.__qualname__ for n, s in steps.items()}
    assert names["china-grove"] != names["gyre"]
    program = (
        "from hexarena import new_game\n"
        "from hexarena.vector.masks import mask_writer\n"
        "from hexarena.vector.drivers import bound_loops\n"
        "from hexarena.observe import Observer\n"
        "g = new_game('gyre')\n"
        "bound_loops(mask_writer(g), g.kernels.apply, Observer(g).writer)\n"
        "print(mask_writer(g).py_func.__qualname__)\n"
    )
    out = _in_a_new_process(program).split()
    assert out == [masks["gyre"]]
