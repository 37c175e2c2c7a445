"""How long a student's test has taken, counted the same on a busy
grading machine as on an idle one.

A wall clock is unfair to grade with: while a teacher grades a class on a
machine that is also serving a hub, or runs the grader beside other work,
a right solution waits for a core and runs out of time.  So a test's time
is what it would have been on an idle machine: the time since it started,
less the time the student's process spent ready to run but waiting for a
core (the kernel counts it in ``/proc/PID/schedstat``), and less the
time the grader took to answer the game's calls (and waited for a core
itself to do so).  Sleeping or waiting for input still counts, as it
would on an idle machine; and the
processor time of every process and thread the submission runs counts
too, so that threads cannot compute for longer than the limit.  A wall
clock of :data:`BUSY_FACTOR` times the limit stops everything in the end,
whatever the machine is doing.

Where ``/proc`` does not say (macOS, Windows), the wall clock alone is
used, as before.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BUSY_FACTOR", "Usage", "TestClock", "usage"]

BUSY_FACTOR = 20.0
"""Wall-clock seconds a test may take, as a multiple of its limit, however
busy the machine (a machine more than this many times oversubscribed
fails right answers, so grade on one that is not)."""

_PROC = Path("/proc")
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass(frozen=True)
class Usage:
    """What a process tree has used so far."""

    cpu: float
    """Processor seconds of every process in the tree (with their reaped children)."""
    waiting: float
    """Seconds its main process spent ready to run, waiting for a core."""


def _stat(pid: int) -> tuple[int, str, float] | None:
    """The parent, the command name and the processor seconds (with reaped
    children) of ``pid``, or None when it has gone."""
    try:
        text = (_PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1: text.rindex(")")]
    fields = text[text.rindex(")") + 2:].split()
    # fields[1] is the parent; fields[11:15] utime, stime, cutime, cstime (in ticks)
    return int(fields[1]), name, sum(int(n) for n in fields[11:15]) / _TICKS


def _waiting(pid: int | str) -> float:
    """Seconds ``pid``'s main thread (or ``"thread-self"``) has waited on a run queue."""
    try:
        return int((_PROC / str(pid) / "schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def usage(root: int) -> Usage | None:
    """What the processes under ``root`` (and ``root``) have used, or None
    where ``/proc`` cannot say.

    The main process is the first one below ``root`` that is not
    bubblewrap (``root`` itself without the sandbox): the worker that runs
    the student's code.
    """
    if _stat(root) is None:
        return None
    parents: dict[int, list[int]] = {}
    stats: dict[int, tuple[str, float]] = {}
    for entry in _PROC.iterdir():
        if entry.name.isdigit():
            found = _stat(int(entry.name))
            if found is not None:
                parents.setdefault(found[0], []).append(int(entry.name))
                stats[int(entry.name)] = found[1:]
    cpu, main, queue = 0.0, None, [root]
    while queue:
        pid = queue.pop(0)
        if pid not in stats:
            continue
        name, seconds = stats[pid]
        cpu += seconds
        if main is None and name != "bwrap":
            main = pid
        queue.extend(sorted(parents.get(pid, [])))
    return Usage(cpu, _waiting(main) if main is not None else 0.0)


class TestClock:
    """The time one test (or the loading) of a process tree has taken.

    >>> clock = TestClock(os.getpid(), seconds=5)
    >>> clock.over() is None and 0 < clock.left() <= 5
    True
    """

    __test__ = False   # not a pytest test class

    def __init__(self, root: int, seconds: float):
        self.root, self.seconds = root, seconds
        self.start = time.monotonic()
        self.first = usage(root) or Usage(0.0, 0.0)
        self.own = _waiting("thread-self")
        self.paused = 0.0
        """Seconds the grader spent answering (and the grader's run-queue
        waits while it did, which :meth:`_spent` must not take off twice)."""
        self.paused_waiting = 0.0

    @contextmanager
    def pause(self) -> Iterator[None]:
        """Stop the clock while the grader answers the student's code."""
        wall, own = time.monotonic(), _waiting("thread-self")
        try:
            yield
        finally:
            self.paused += time.monotonic() - wall
            self.paused_waiting += _waiting("thread-self") - own

    def _spent(self) -> tuple[float, float, float]:
        """Wall seconds, seconds as on an idle machine, processor seconds."""
        wall = time.monotonic() - self.start
        now = usage(self.root)
        if now is None:
            return wall, wall - self.paused, 0.0
        graders = _waiting("thread-self") - self.own - self.paused_waiting
        waited = max(0.0, now.waiting - self.first.waiting) + max(0.0, graders)
        return wall, wall - waited - self.paused, now.cpu - self.first.cpu

    def over(self) -> str | None:
        """None while the test has time left; else why not, a few words
        ending a sentence that starts "your code did not finish within N s".

        Cheap until the wall clock, less the grader's answering, passes the
        limit: only then is ``/proc`` read (on an idle machine, never for a
        test that finishes in time)."""
        if time.monotonic() - self.start - self.paused < self.seconds:
            return None
        wall, idle, cpu = self._spent()
        if cpu >= self.seconds or idle >= self.seconds:
            return ""
        if wall >= BUSY_FACTOR * self.seconds:
            return (f" even counting only the time it had a core ({wall:.0f} s had passed: "
                    f"the grading machine is too busy to grade fairly)")
        return None

    def left(self) -> float:
        """Wall seconds to wait before asking :meth:`over` again: none of
        the clocks can run out sooner (processor time grows no faster than
        the wall clock per thread; a check then finds any excess)."""
        shown = time.monotonic() - self.start - self.paused
        if shown < self.seconds:
            return max(0.01, self.seconds - shown)
        wall, idle, cpu = self._spent()
        return max(0.01, min(self.seconds - max(idle, cpu), BUSY_FACTOR * self.seconds - wall))
