"""Match workers end with their parent: when it is killed (SIGKILL, as a timeout sends) and at
once on Ctrl-C (issue point 12); and the engines they started end with them.

Each test runs a small program that starts a real match pool (:func:`hexarena.match.run_jobs`)
whose games never end, prints the workers' process ids, and is then killed or interrupted.
The workers write their ids with one ``os.write`` each: with ``PYTHONUNBUFFERED`` set (as here),
``print`` writes a number and its newline in two calls, and two workers starting at the same
moment could interleave them, which left the test waiting for a second id that never came.
"""

from __future__ import annotations

import os
import queue
import shlex
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and Linux signals")

PROGRAM = textwrap.dedent(
    """
    import os, signal, sys, time
    from hexarena.match import GameJob, run_jobs

    # Ctrl-C as at a terminal: a test runner's worker may have started us with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)

    def forever(job):
        # one write of a few bytes to a pipe is never interleaved with another process's; print()
        # would write the number and the newline separately when PYTHONUNBUFFERED is set, and
        # two workers starting together could then print "123124" and two newlines
        os.write(1, b"%d\\n" % os.getpid())
        while True:  # a game that never ends (a busy computer player)
            sum(range(10_000))

    jobs = [GameJob("churn", {}, ("random", "random"), ("a", "b"), (1, 2), None, i, None)
            for i in range(4)]
    try:
        run_jobs(jobs, workers=2, play=forever)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
        sys.exit(130)
    """
)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def _start() -> tuple[subprocess.Popen[str], list[int]]:
    proc = subprocess.Popen(
        [sys.executable, "-c", PROGRAM],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    workers: list[int] = []
    try:
        lines: queue.Queue[str] = queue.Queue()
        out = proc.stdout

        def read_pids() -> None:  # the workers' process ids (any other line is not ours)
            found = 0
            while found < 2:
                line = out.readline()
                lines.put(line)
                if not line:
                    return
                found += line.strip().isdigit()

        threading.Thread(target=read_pids, daemon=True).start()
        while len(workers) < 2:
            # never wait for ever: a program that prints nothing fails the test (not a timing
            # assertion: the workers normally start within a second)
            try:
                line = lines.get(timeout=300)
            except queue.Empty:
                raise AssertionError("the workers printed nothing in 300 s") from None
            assert line, "the match program ended before its workers started"
            if line.strip().isdigit():
                workers.append(int(line))
        assert all(_alive(w) for w in workers)
    except BaseException:
        proc.kill()  # its workers follow it (or the test failing says they did not)
        raise
    return proc, workers


def _wait_gone(pids: list[int]) -> list[int]:
    """The pids still alive after waiting up to a minute for them to go (not a timing test:
    they normally go within a second)."""
    for _ in range(600):
        left = [p for p in pids if _alive(p)]
        if not left:
            return []
        time.sleep(0.1)
    for p in left:  # do not leave them computing
        os.kill(p, signal.SIGKILL)
    return left


def test_workers_end_when_the_parent_is_killed() -> None:
    proc, workers = _start()
    proc.kill()  # SIGKILL: the parent can do nothing
    proc.wait()
    assert _wait_gone(workers) == []


def test_workers_end_at_once_on_ctrl_c() -> None:
    proc, workers = _start()
    proc.send_signal(signal.SIGINT)
    try:
        assert proc.wait(timeout=60) == 130
    finally:  # a program that hangs is not left computing
        if proc.poll() is None:
            proc.kill()
        _wait_gone(workers)
    assert proc.stdout is not None and "interrupted" in proc.stdout.read()
    assert _wait_gone(workers) == []


# ---------------------------------------------------------------- the engines of the workers
ENGINE = Path(__file__).parent / "engines" / "gyre_engine.py"


def _sigint_by_default() -> None:
    """Run in the command's process before it starts: SIGINT acts as at a terminal (a test
    runner's worker may ignore it, and an ignored signal stays ignored in what it starts)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_stubborn(
    tmp_path: Path, command: str = "match", workers: int = 2
) -> tuple[subprocess.Popen[str], list[tuple[int, int]]]:
    """``hexarena COMMAND`` (match or tournament) run with ``workers`` workers, each playing a
    game against an engine that ignores SIGINT and hangs at its first ``go``, reading nothing
    more (``gyre_engine.py --mode stubborn``), once every worker's engine hangs: the command's
    process, and each engine's process id with its child's."""
    pids = tmp_path / "pids"
    engine = "engine:" + shlex.join(
        [sys.executable, str(ENGINE), "--mode", "stubborn", "--pids", str(pids)]
    )
    # the engine moves first in each worker's game: a match's first two games (colours
    # alternate, and random moves at once), a tournament's two pairs with the engine
    players = [engine, "random"] if command == "match" else [engine, "random", "uct"]
    games = "2" if command == "match" else "1"
    argv = [sys.executable, "-m", "hexarena.cli", command, "gyre", "--size", "3", *players]
    argv += ["--games", games, "--workers", str(workers), "--time", "1000"]
    proc = subprocess.Popen(
        [*argv, "--no-records", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_sigint_by_default,
    )
    found: list[tuple[int, int]] = []
    try:
        for _ in range(3000):  # not a timing assertion: the engines normally hang within seconds
            if pids.exists():
                found = [
                    (int(a), int(b)) for a, b in (x.split() for x in pids.read_text().splitlines())
                ]
            if len(found) == workers:
                break
            assert proc.poll() is None, f"the command ended first: {proc.communicate()}"
            time.sleep(0.1)
        assert len(found) == workers, f"engines hanging after 300 s: {found}"
    except BaseException:
        proc.kill()
        _end_all([p for pair in found for p in pair])
        raise
    return proc, found


def _end_all(pids: list[int]) -> None:
    """Kill the processes still running among ``pids`` (what a failing test leaves)."""
    for p in pids:
        if _alive(p):
            os.kill(p, signal.SIGKILL)


def _outcome(proc: subprocess.Popen[str], watched: list[int]) -> tuple[str, list[int]]:
    """The command's error output once it has ended, and which of the processes ``watched``
    were still running after it (:func:`_wait_gone`, which kills them). A command still running
    after two minutes is killed (a guard against a hang, not a measure of time)."""
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        left = _wait_gone(watched)
    return err, left


@pytest.mark.parametrize(("command", "workers"), [("match", 2), ("tournament", 2), ("match", 1)])
def test_ctrl_c_ends_the_engines_of_the_workers_with_what_they_started(
    tmp_path: Path, command: str, workers: int
) -> None:
    """Ctrl-C killed the workers at once, so that they never closed their engines: an engine
    that ignores SIGINT and no longer reads its input (which would tell it its host is gone)
    ran on for ever, with what it had started. The command now ends them, then the workers.
    (With one worker, the game in the command's own process closes its engine, as it did.)"""
    proc, pids = _start_stubborn(tmp_path, command, workers)
    proc.send_signal(signal.SIGINT)
    err, left = _outcome(proc, [p for pair in pids for p in pair])
    assert proc.returncode == 130 and "hexarena: interrupted" in err, err
    assert left == [], f"left running: {left} of engines and their children {pids}"


@pytest.mark.parametrize("workers", [1, 2])
def test_engines_end_when_the_command_is_killed(tmp_path: Path, workers: int) -> None:
    """Killed outright (SIGKILL), the command can do nothing, and its workers end by the death
    signal the kernel sends them: the engines they (or it, with one worker) started now end the
    same way. What an engine started itself is out of the host's reach once the host is gone."""
    proc, pids = _start_stubborn(tmp_path, workers=workers)
    proc.kill()
    proc.wait()
    left = _wait_gone([engine for engine, _ in pids])
    _end_all([child for _, child in pids])
    assert left == [], f"engines left running: {left}"


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def test_the_engines_of_a_killed_worker_end_with_it(tmp_path: Path) -> None:
    """A worker killed (by the system short of memory, say) never closes its engine: the engine
    now ends with it, and so does the engine of the other worker, which the pool then ends. What
    those engines started is out of the host's reach, as when the command is killed. The command
    says in one line what happened (it printed the pool's traceback)."""
    proc, pids = _start_stubborn(tmp_path)
    engines = [engine for engine, _ in pids]
    os.kill(_parent(engines[0]), signal.SIGKILL)
    try:
        err, left = _outcome(proc, engines)
    finally:
        _end_all([child for _, child in pids])
    assert proc.returncode == 2, err
    assert "Traceback" not in err, err
    assert err.strip().splitlines() == [
        "hexarena: error: a worker process ended abruptly (killed by a signal, perhaps by the"
        " system short of memory): the games stop; 0 of 2 were finished"
    ], err
    assert left == [], f"engines left running: {left}"


def test_a_match_pool_works_whatever_the_default_start_method() -> None:
    """The workers end when the process whose ``pid`` they were given is no longer their
    parent. Under the ``forkserver`` start method (Python 3.14's default on Linux), their parent
    is the fork server, so every worker exited at once and the pool broke before any game.
    The pool now starts its workers by ``fork`` whatever the default is."""
    program = textwrap.dedent(
        """
        import multiprocessing
        from hexarena.match import GameJob, run_jobs

        if __name__ == "__main__":
            multiprocessing.set_start_method("forkserver")
            jobs = [GameJob("gyre", {"size": 3}, ("random", "random"), ("a", "b"), (1, 2),
                            None, i, None) for i in range(3)]
            results = run_jobs(jobs, workers=2)
            print(sorted(r.index for r in results))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[0, 1, 2]"


def test_ctrl_c_stops_an_analysis_with_workers_at_once(tmp_path: Path) -> None:
    """``hexarena analyse --workers 2`` on Ctrl-C waited for every game its workers had started
    or queued to be played to the end (a minute and more with a search player) before it
    ended. Its pool is now the match's: the workers ignore SIGINT and are ended by the command
    with what they started, and the results written so far stay for a resumed run."""
    from hexarena.processes import descendants

    out = tmp_path / "report"
    argv = [sys.executable, "-m", "hexarena.cli", "analyse", "gyre", "--size", "5"]
    argv += ["--players", "mcts", "--time", "5", "--games", "4", "--workers", "2"]
    proc = subprocess.Popen(
        [*argv, "--no-swap-map", "--out", str(out), "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_sigint_by_default,
    )
    workers: list[int] = []
    try:
        for _ in range(3000):  # not a timing assertion: the workers normally start in seconds
            workers = descendants(proc.pid)
            if len(workers) >= 2:
                break
            assert proc.poll() is None, f"the command ended first: {proc.communicate()}"
            time.sleep(0.1)
        assert len(workers) >= 2, "no workers after 300 s"
        time.sleep(2)  # inside the first games (a decision takes 5 s, a game minutes)
    except BaseException:
        proc.kill()
        raise
    proc.send_signal(signal.SIGINT)
    err, left = _outcome(proc, workers)
    assert proc.returncode == 130 and "hexarena: interrupted" in err, err
    assert left == [], f"workers left running: {left}"
