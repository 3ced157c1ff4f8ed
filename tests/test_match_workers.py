"""Match workers end with their parent: when it is killed (SIGKILL, as a timeout sends) and at
once on Ctrl-C (issue point 12).

Each test runs a small program that starts a real match pool (:func:`hexarena.match.run_jobs`)
whose games never end, prints the workers' process ids, and is then killed or interrupted.
The workers write their ids with one ``os.write`` each: with ``PYTHONUNBUFFERED`` set (as here),
``print`` writes a number and its newline in two calls, and two workers starting at the same
moment could interleave them, which left the test waiting for a second id that never came.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import textwrap
import threading
import time

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
