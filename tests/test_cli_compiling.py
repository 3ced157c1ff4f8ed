"""The commands that compile kernels for seconds on a first run (``solve``, ``analyse``) say so
on stderr, once, and only when something is compiled (not when it is loaded from the cache)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numba
import pytest

from hexarena.cli import main
from hexarena.cliargs import saying_when_compiling


def _fresh_kernel() -> Any:
    """A kernel Numba has never compiled (no disk cache): calling it compiles it."""

    @numba.njit(cache=False)
    def add(x: int) -> int:  # pragma: no cover - compiled
        return x + 1

    return add


def test_the_note_is_said_once_when_numba_compiles(capsys: pytest.CaptureFixture[str]) -> None:
    with saying_when_compiling("the test's kernels"):
        _fresh_kernel()(1)
        _fresh_kernel()(2)
    err = capsys.readouterr().err
    assert err.count("hexarena: compiling the test's kernels") == 1, err
    assert err.count("\n") == 1


def test_nothing_is_said_when_nothing_is_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    kernel = _fresh_kernel()
    kernel(1)  # compiled before
    with saying_when_compiling("the test's kernels"):
        kernel(2)
    assert capsys.readouterr().err == ""
    _fresh_kernel()(3)  # after it: not listening
    assert capsys.readouterr().err == ""


def test_without_shared_memory_the_note_is_still_said_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_semaphores(*args: Any) -> Any:
        raise OSError(38, "Function not implemented")  # as where /dev/shm is missing

    monkeypatch.setattr("multiprocessing.Value", no_semaphores)
    with saying_when_compiling("the test's kernels"):
        _fresh_kernel()(1)
        _fresh_kernel()(2)
    assert capsys.readouterr().err.count("hexarena: compiling the test's kernels") == 1


def _compile_in_worker(k: int) -> int:
    return int(_fresh_kernel()(k))


def test_worker_processes_compiling_add_no_second_note(capfd: pytest.CaptureFixture[str]) -> None:
    with saying_when_compiling("the test's kernels"), ProcessPoolExecutor(2) as ex:
        assert sorted(ex.map(_compile_in_worker, range(4))) == [1, 2, 3, 4]
    err = capfd.readouterr().err
    assert err.count("hexarena: compiling") == 1, err


@pytest.mark.parametrize(
    ("command", "target"),
    [
        ("solve", "hexarena.solve.command.cmd_solve"),
        ("analyse", "hexarena.analysis.command.cmd_analyse"),
        ("play", "hexarena.cli.cmd_play"),
        ("selfplay", "hexarena.cli.cmd_selfplay"),
        ("match", "hexarena.match_cli.cmd_match"),
        ("tournament", "hexarena.match_cli.cmd_tournament"),
    ],
)
def test_the_commands_say_when_they_compile(
    command: str,
    target: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def compiles(*args: Any) -> int:
        return _fresh_kernel()(1) - 2  # 0

    monkeypatch.setattr(target, compiles)
    players = ["random", "uct"] if command == "tournament" else []
    assert main([command, "churn", "--size", "2", *players]) == 0
    err = capsys.readouterr().err
    assert err.startswith("hexarena: compiling Churn's ") and err.count("\n") == 1, err


def test_solve_says_nothing_of_compiling_once_compiled(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["solve", "churn", "--size", "2", "--json", "--memory", "16"]
    assert main(args) == 0  # compiles (or loads) the kernels
    capsys.readouterr()
    assert main(args) == 0
    assert "compiling" not in capsys.readouterr().err
