"""Process families: what a process started, at any depth, and how to end it all with none left
running; and the signal that ends a child process with the process that started it (Linux).

Used by the engine players (:mod:`hexarena.engine_player`: an engine, with a hung shell
script's ``sleep`` or the real engine behind a wrapper) and by the match pool
(:mod:`hexarena.match`: the workers, with the engines they started). Where there is no
``/proc`` (not Linux), a process has no descendants that can be found, and only the processes
named are ended.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import functools
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable

#: ``prctl`` option: the signal a process gets when the *thread* that started it ends (Linux).
PR_SET_PDEATHSIG = 1
#: Seconds to wait for the processes of a family to stop before listing them again (one in
#: uninterruptible sleep stops only when it leaves it; past this the family is killed anyway).
STOP_WAIT = 2.0
#: Process states that start no process: stopped, traced, zombie, dead.
_STILL = frozenset("TtZXx")


def descendants(*roots: int) -> list[int]:
    """The processes started by the processes ``roots``, and by those, and so on (read from
    ``/proc``; none where there is no ``/proc``)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    with contextlib.suppress(OSError):
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    stat = f.read()
                ppid = int(stat.rsplit(b")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue  # ended meanwhile
            children[ppid].append(int(entry))
    found: list[int] = []
    todo = list(roots)
    while todo:
        for child in children.get(todo.pop(), ()):
            found.append(child)
            todo.append(child)
    return found


def _still(pid: int) -> bool:
    """Whether process ``pid`` can start no process now: stopped, a zombie, or gone (or its
    state cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            state = f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, ValueError, IndexError):
        return True
    return state in _STILL


def kill_families(roots: Iterable[int]) -> None:
    """Kill the processes ``roots`` and every process they started, at any depth, leaving none
    running. Each is first stopped (SIGSTOP), and the family listed again until no process in
    it is left to stop: killed at once, a process could start another between the listing and
    the kill, and the children of a process killed first go to ``init``, out of reach. Then
    every process stopped is killed (SIGKILL). Processes already gone are passed over."""
    roots = list(roots)
    stopped: set[int] = set()
    todo = roots
    deadline = time.monotonic() + STOP_WAIT
    while todo:
        for pid in todo:
            with contextlib.suppress(OSError):  # ended meanwhile
                os.kill(pid, signal.SIGSTOP)
            stopped.add(pid)
        # SIGSTOP takes effect when the process next runs: one in the middle of a fork still
        # finishes it, and its new child is found by the next listing
        while not all(_still(p) for p in todo) and time.monotonic() < deadline:
            time.sleep(0.001)
        todo = [p for p in descendants(*roots) if p not in stopped]
    for pid in stopped:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@functools.cache
def _prctl() -> Callable[..., int] | None:
    """The C library's ``prctl`` (Linux), or ``None``. Looked up once, before any fork: a
    child of a process with threads must not load anything between fork and exec."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl: Callable[..., int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - a C library without prctl
        return None
    return prctl


def die_with_parent(parent: int) -> bool:
    """Have this process killed (SIGKILL) when the thread that started it ends (Linux's
    ``PR_SET_PDEATHSIG``; the kernel sends it even while this process is stuck or ignores
    every other signal); if process ``parent`` is already gone, exit now. False where the
    signal cannot be set."""
    prctl = _prctl()
    done = prctl is not None and prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    if os.getppid() != parent:  # the parent ended before the signal was set
        os._exit(1)
    return done


def child_dies_with_this_process() -> Callable[[], None] | None:
    """A ``preexec_fn`` for :class:`subprocess.Popen` that has the child killed when this
    process ends, however it ends (killed outright included), or ``None`` when that cannot be
    had safely.

    Linux sends that signal when the *thread* that started the child ends, not the process;
    so it is set only when this is the main thread, which lasts as long as the process: a
    child started from another thread (a Gymnasium environment reset in a short-lived thread,
    say) would be killed as soon as that thread ended. Such a child, an engine, still learns
    that its host has gone when its input closes.
    """
    if _prctl() is None or threading.current_thread() is not threading.main_thread():
        return None
    parent = os.getpid()

    def preexec() -> None:  # in the child, between fork and exec
        die_with_parent(parent)

    return preexec


__all__ = ["child_dies_with_this_process", "descendants", "die_with_parent", "kill_families"]
