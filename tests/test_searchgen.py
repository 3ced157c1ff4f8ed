"""The search compiled once per combination of kernels, cached on disk (hexarena.ai.searchgen)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
import types
from pathlib import Path

import numpy as np
import pytest

import hexarena
from hexarena.ai import searchgen
from hexarena.ai.plugins import stone_difference
from hexarena.ai.search import half
from hexarena.ai.searchgen import kernel_name, search_for, search_module
from hexarena.games import gyre

JIT = os.environ.get("NUMBA_DISABLE_JIT", "0") in ("", "0")


def test_a_kernel_is_named_by_module_name_source_and_the_numbers_it_closes_over() -> None:
    legal = kernel_name(gyre.KERNELS.legal)
    assert legal is not None and legal.startswith("hexarena.games.gyre.legal ")
    a = kernel_name(stone_difference(3, 0.5))
    b = kernel_name(stone_difference(3, 0.25))
    assert a is not None and b is not None and a != b
    assert " 0.5 3 " in a  # the values closed over, by name: scale, slot


def test_a_kernel_closing_over_an_array_cannot_be_named() -> None:
    table = np.zeros(3)

    def evaluate(g: object, arr: object) -> float:
        return float(table[0])

    assert kernel_name(evaluate) is None


def test_the_copy_names_its_kernels_and_the_package_source() -> None:
    text = searchgen.copy_text({"legal": "x.legal", "evaluate": "y.ev 1 2.0"})
    loop = Path(searchgen.search_loop.__file__).read_text(encoding="utf-8")
    assert text.startswith(loop)
    assert "# legal: x.legal\n" in text and "# evaluate: y.ev 1 2.0\n" in text
    assert f"# package source: {searchgen.package_hash()}" in text


def test_one_search_per_combination_of_kernels_each_in_a_copy_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXARENA_SEARCH_CACHE", str(tmp_path))
    monkeypatch.setattr(searchgen, "_loaded", {})
    k = gyre.KERNELS
    one = search_for(k.legal, k.apply, k.playout, half)
    assert search_for(k.legal, k.apply, k.playout, half) is one
    other = search_module(k.legal, k.apply, k.playout, stone_difference(3, 0.5))
    assert other.run is not one and other.evaluate is not half
    copies = sorted(p.name for p in tmp_path.glob(f"{searchgen.PREFIX}*.py"))
    assert len(copies) == 2
    assert one.__module__ + ".py" in copies


def test_two_threads_asking_for_one_search_at_once_both_get_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thread asking for a search while another imports its copy waits for the import: it
    was handed the module still being imported, without its ``run`` (a match on a thread
    executor met it: "module 'hexarena_search_...' has no attribute 'run'")."""
    monkeypatch.setenv("HEXARENA_SEARCH_CACHE", str(tmp_path))
    monkeypatch.setattr(searchgen, "_loaded", {})
    # the copy, once its import has begun, says so and waits for the test to let it go on
    probe = types.ModuleType("hexarena_test_probe")
    probe.entered, probe.release = threading.Event(), threading.Event()  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, probe.__name__, probe)
    hold = (
        f"import sys as _sys\n_sys.modules[{probe.__name__!r}].entered.set()\n"
        f"_sys.modules[{probe.__name__!r}].release.wait(120)\n"
    )
    plain = searchgen.copy_text

    def held(names: dict[str, str]) -> str:
        head, future, rest = plain(names).partition("from __future__ import annotations\n")
        return head + future + hold + rest

    monkeypatch.setattr(searchgen, "copy_text", held)
    k = gyre.KERNELS
    got: dict[str, object] = {}

    def ask(who: str) -> None:
        try:
            got[who] = search_for(k.legal, k.apply, k.playout, half)
        except AttributeError as exc:
            got[who] = exc

    first = threading.Thread(target=ask, args=("first",))
    first.start()
    assert probe.entered.wait(120)  # type: ignore[attr-defined]
    second = threading.Thread(target=ask, args=("second",))
    second.start()
    second.join(2)  # it returns at once if handed the module being imported
    probe.release.set()  # type: ignore[attr-defined]
    first.join(120)
    second.join(120)
    assert callable(got["first"]) and got["second"] is got["first"], got


def test_copies_unused_for_long_are_deleted_when_a_new_one_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEXARENA_SEARCH_CACHE", str(tmp_path))
    monkeypatch.setattr(searchgen, "_loaded", {})
    (tmp_path / "__pycache__").mkdir()
    stale = tmp_path / f"{searchgen.PREFIX}old.py"
    recent = tmp_path / f"{searchgen.PREFIX}recent.py"
    for p in (stale, recent):
        p.write_text("# a copy\n")
    stale_cache = tmp_path / "__pycache__" / f"{stale.stem}.run-1.py311.nbi"
    stale_cache.write_text("")
    long_ago = time.time() - (searchgen.KEEP_DAYS + 1) * 86400
    os.utime(stale, (long_ago, long_ago))
    os.utime(stale_cache, (long_ago, long_ago))
    k = gyre.KERNELS
    search_for(k.legal, k.apply, k.playout, half)
    assert not stale.exists() and not stale_cache.exists()
    assert recent.exists()


SCRIPT = textwrap.dedent(
    """
    import hexarena
    from hexarena.ai import Limit, make_player
    from hexarena.ai.searchgen import search_for
    from hexarena.ai.plugins import plugin_for

    game = hexarena.new_game("gyre", size=3)
    player = make_player("easy", seed=1)
    player.prepare(game)
    action = player.choose(game.new_initial_state(), Limit(iterations=50))
    k = game.kernels
    run = search_for(k.legal, k.apply, k.playout, plugin_for(game).evaluate(game))
    print(action, sum(run.stats.cache_hits.values()), sum(run.stats.cache_misses.values()))
    """
)


@pytest.mark.skipif(not JIT, reason="nothing is compiled with NUMBA_DISABLE_JIT")
def test_a_new_process_loads_the_search_from_the_disk_cache(tmp_path: Path) -> None:
    env = dict(os.environ, HEXARENA_SEARCH_CACHE=str(tmp_path))
    env["PYTHONPATH"] = str(Path(hexarena.__file__).parent.parent)

    def run() -> list[int]:
        out = subprocess.run(
            [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
        )
        return [int(x) for x in out.stdout.split()]

    first = run()
    second = run()
    assert first[1:] == [0, 1]  # compiled, and saved
    assert second[1:] == [1, 0]  # loaded back, nothing compiled
    assert second[0] == first[0]  # and it plays the same
