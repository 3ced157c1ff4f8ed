"""Process families: what a process started, at any depth, and how to end it all with none left
running.

Used by the engine players (:mod:`hexarena.engine_player`: an engine, with a hung shell
script's ``sleep`` or the real engine behind a wrapper) and by the match pool
(:mod:`hexarena.match`: the workers, with the engines they started). Where there is no
``/proc`` (not Linux), a process has no descendants that can be found, and only the processes
named are ended.
"""

from __future__ import annotations

import collections
import contextlib
import os
import signal
import time
from collections.abc import Iterable

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


__all__ = ["descendants", "kill_families"]
