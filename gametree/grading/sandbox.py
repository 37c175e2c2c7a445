"""Run untrusted student code in its own fresh process, with limits.

:func:`run_submission` starts :mod:`gametree.grading.worker` in a new
Python process (isolated mode, an empty temporary folder as its working
directory and home, an environment without the teacher's variables),
hands it the submission, then one test input at a time, and reads back
what the code did.  The worker limits its own memory (``RLIMIT_AS``),
CPU time and file sizes on Linux and macOS, and measures what each test
wrote; here, a wall clock limits each test and the loading.  An infinite loop,
a crash, ``os._exit``, too much output or too much memory fail the test
it happened in, with a sentence; a fresh process then takes the next
test.  The grader never runs student code itself.
"""

from __future__ import annotations

import json
import math
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Limits", "Run", "Session", "run_submission", "MEMORY_LIMITS"]

try:
    import resource
    MEMORY_LIMITS = hasattr(resource, "RLIMIT_AS") and sys.platform.startswith("linux")
except ImportError:   # pragma: no cover -- Windows
    MEMORY_LIMITS = False
"""Whether the worker's memory can be limited here (Linux); elsewhere only
the time limits apply, and the grader says so."""


@dataclass(frozen=True)
class Limits:
    """What one submission's process may use."""

    seconds: float = 5.0
    """Wall-clock seconds for one test."""
    load_seconds: float = 10.0
    """Wall-clock seconds to start the process and run the submission's top-level code."""
    memory_mb: int = 1024
    """Address space of the student's process, in MB (Linux only)."""
    output_bytes: int = 1_000_000
    """Bytes one test's code may write to file descriptors 1 and 2 (and the
    largest file the process may write)."""


@dataclass
class Run:
    """What a submission did: its loading, and one result per test."""

    load_errors: list[str] = field(default_factory=list)
    """A sentence per piece of top-level code that failed."""
    defined: list[str] = field(default_factory=list)
    """The asked-for functions the submission defines."""
    results: list[dict[str, Any]] = field(default_factory=list)
    """Per test, in order: ``ok``, and ``answer``, ``plays``, ``evals``,
    ``printed``, or ``error`` (a sentence)."""


class _Worker:
    """One student process and the pipes to it."""

    def __init__(self, submission: dict[str, Any], limits: Limits, cpu: int, home: str):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
               "PYTHONHASHSEED": "0"}
        settings = json.dumps({"memory": limits.memory_mb * 2 ** 20 if MEMORY_LIMITS else 0,
                               "cpu": cpu, "output": limits.output_bytes})
        self.process = subprocess.Popen(
            [sys.executable, "-I", "-m", "gametree.grading.worker", settings],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=home,
            env=env, start_new_session=True)
        self.buffer = b""
        self.selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self.selector.register(self.process.stdout, selectors.EVENT_READ)
        self.send(submission)

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass   # the process has ended; receive() says how

    def receive(self, seconds: float) -> dict[str, Any]:
        """The next message, or ``{"ok": False, "error": ...}`` saying why none came."""
        deadline = time.monotonic() + seconds
        assert self.process.stdout is not None
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.kill()
                return {"ok": False, "error": f"did not finish within {seconds:g} s (an infinite "
                                              f"loop, or a search far deeper than asked?)"}
            if not self.selector.select(left):
                continue
            chunk = os.read(self.process.stdout.fileno(), 1 << 20)
            if not chunk:
                return {"ok": False, "error": self._ended()}
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            self.kill()
            return {"ok": False, "error": "the process sent something the grader cannot read"}
        return message if isinstance(message, dict) else {"ok": False, "error": "bad message"}

    def _ended(self) -> str:
        code = self.process.wait()
        if code < 0:
            name = signal.Signals(-code).name
            hint = {"SIGXCPU": " (the CPU time limit)", "SIGSEGV": " (a crash; a recursion "
                    "overflow with a raised recursion limit does this)",
                    "SIGKILL": " (stopped by the grader)"}.get(name, "")
            return f"the process was ended by {name}{hint}"
        return f"the process ended with exit status {code} before answering (os._exit?)"

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        self.kill()
        self.process.wait()
        self.selector.close()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass


class Session:
    """A submission loaded in a student process, asked one test at a time
    (a test's input may depend on earlier answers, as in a game the grader
    plays against the student's evaluation).  A test that ends the process
    fails with a sentence, and the next one starts a fresh process.  Use it
    as a context manager; nothing is left on disk."""

    def __init__(self, chunks: list[tuple[str, str]], functions: Iterable[str],
                 limits: Limits = Limits(), tests: int = 1):
        self.submission = {"chunks": [list(chunk) for chunk in chunks], "functions": list(functions)}
        self.limits = limits
        self.cpu = math.ceil(limits.load_seconds + limits.seconds * max(1, tests)) + 5
        self.load_errors: list[str] = []
        self.defined: list[str] = []
        self.broken: str | None = None
        self._worker: _Worker | None = None
        self._started = False
        self._count = 0

    def __enter__(self) -> Session:
        self._home = tempfile.TemporaryDirectory(prefix="gametree-grade-")
        return self

    def __exit__(self, *exc: object) -> None:
        if self._worker is not None:
            self._worker.close()
        self._home.cleanup()

    def ask(self, test: dict[str, Any]) -> dict[str, Any]:
        """What the submission's code did on ``test``: ``ok`` and its
        answer, or ``ok`` False and a sentence."""
        if self.broken is not None:
            return {"ok": False, "error": "the submission did not load: " + self.broken}
        if self._worker is None:
            self._worker = _Worker(self.submission, self.limits, self.cpu, self._home.name)
            loaded = self._worker.receive(self.limits.load_seconds)
            if "event" not in loaded:
                self.broken = loaded.get("error", "it failed")
                self.load_errors = self.load_errors or [f"loading the submission: {self.broken}"]
                return self.ask(test)
            if not self._started:
                self.load_errors, self.defined = loaded["errors"], loaded["defined"]
                self._started = True
        self._worker.send({"id": self._count, **test})
        self._count += 1
        result = self._worker.receive(self.limits.seconds)
        if "id" not in result:
            self._worker.close()
            self._worker = None
        return result


def run_submission(chunks: list[tuple[str, str]], functions: Iterable[str],
                   tests: list[dict[str, Any]], limits: Limits = Limits()) -> Run:
    """Run ``tests`` (JSON-able inputs) on a submission made of ``chunks``
    (``(label, source)`` pairs, run in order) in a fresh process.

    A test that ends the process (a crash, the time limit, too much
    output) fails with a sentence, and the next test runs in a new
    process.  Nothing is left on disk.
    """
    with Session(chunks, functions, limits, len(tests)) as session:
        results = [session.ask(test) for test in tests]
        return Run(session.load_errors, session.defined, results)
