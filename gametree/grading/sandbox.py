"""Run untrusted student code apart from the teacher's machine, and keep
the record of what it did here.

:class:`Session` starts :mod:`gametree.grading.worker` in a fresh Python
process, under `bubblewrap <https://github.com/containers/bubblewrap>`_
(the sandbox Flatpak uses) where it runs:

* a read-only view of only what Python needs (``/usr``, the interpreter's
  prefix, the virtual environment's libraries) and a small library laid
  in for the sandbox: the games, ``Game`` and the tree model (see
  :data:`~gametree.grading.refusal.ALLOWED`), nothing else of the
  package, so the engine's searches, the reference and the grader are
  neither importable nor readable on disk;
* an empty private home and ``/tmp`` (small, in memory); no view of the
  teacher's home, the course folder, the gradebook or the seed file;
* its own user (nobody), network (none), PID, IPC and UTS namespaces,
  no capabilities, a new session, ended with the grader
  (``--die-with-parent``), and started with an empty environment (so
  bubblewrap's own ``/proc/1/environ`` holds nothing of the teacher's);
* the worker's own limits: memory (``RLIMIT_AS``), CPU seconds and file
  size; here, a clock on the loading and on each test that counts what
  an idle machine would (see :mod:`.clock`), so a busy grading machine
  does not fail a right answer.

The game a graded search is handed is a proxy
(:class:`~gametree.grading.worker.GameProxy`): every answer comes from
here over a socket, from the real game, sent ahead (each state with its
moves, mover, end and score; an expansion three levels of children), and
every call is counted here, the plays replayed in order into the record
the grade compares (``play`` and ``evaluate``).  A line from the process
that is not what the grader asked for fails the test with a sentence.  An infinite loop, a crash, ``os._exit``, too much
output or too much memory fail the test it happened in, and a fresh
process takes the next test.  A piece of top-level code that never ends
or ends the process is left out of the next process, with a note, so the
functions defined before it are still graded.

Where bubblewrap cannot run (macOS, Windows, a kernel without user
namespaces), :func:`isolation` says so once per run and each submission
runs in a plain process with the same limits and the record kept here,
but able to read and write what the teacher can;
``require_sandbox=True`` refuses to grade there instead.
"""

from __future__ import annotations

import ast
import atexit
import json
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .clock import TestClock
from .games import MAX_CALLS, GameSpec, RecordingEvaluation, RecordingGame, TooManyCalls, key
from .refusal import ALLOWED, REMOVED, blocked
from .wire import LINE_LIMIT, Unsendable, decode, encode

__all__ = ["Limits", "Run", "Session", "run_submission", "MEMORY_LIMITS", "Isolation",
           "isolation", "SandboxUnavailable", "BWRAP_VARIABLE", "REQUIRE_VARIABLE"]

try:
    import resource
    MEMORY_LIMITS = hasattr(resource, "RLIMIT_AS") and sys.platform.startswith("linux")
except ImportError:   # pragma: no cover -- Windows
    MEMORY_LIMITS = False
"""Whether the worker's memory can be limited here (Linux); elsewhere only
the time limits apply, and the grader says so."""

BWRAP_VARIABLE = "GAMETREE_BWRAP"
"""Names the bubblewrap program (default: ``bwrap`` on the PATH)."""

REQUIRE_VARIABLE = "GAMETREE_REQUIRE_SANDBOX"
"""Set to "1", grading without bubblewrap is refused (as ``--require-sandbox`` does)."""

INSIDE = "/opt/gametree-sandbox"
"""Where the laid-in library is seen inside the sandbox."""


class SandboxUnavailable(RuntimeError):
    """Grading was asked to require the sandbox, and bubblewrap cannot run here."""


@dataclass(frozen=True)
class Limits:
    """What one submission's process may use."""

    seconds: float = 5.0
    """Seconds for one test, as on an idle machine: time spent waiting for
    a core on a busy one does not count (see :mod:`.clock`)."""
    load_seconds: float = 10.0
    """Seconds to start the process and run the submission's top-level
    code, counted the same way."""
    memory_mb: int = 1024
    """Address space of the student's process, in MB (Linux only)."""
    output_bytes: int = 1_000_000
    """Bytes one test's code may write to file descriptors 1 and 2 (and the
    largest file the process may write)."""
    processes: int = 64
    """Processes and threads the sandbox may hold at once (``RLIMIT_NPROC``,
    counted in the sandbox's own user namespace; the kernel does not apply
    it to a grader running as root, and without bubblewrap it is not set,
    since it would count the teacher's own processes)."""


@dataclass
class Run:
    """What a submission did: its loading, and one result per test."""

    load_errors: list[str] = field(default_factory=list)
    """A sentence per piece of top-level code that failed."""
    defined: list[str] = field(default_factory=list)
    """The asked-for functions the submission defines."""
    results: list[dict[str, Any]] = field(default_factory=list)
    """Per test, in order: ``ok``, and ``answer``, ``printed``, or ``error``
    (a sentence); for a game test also the ``plays`` and ``evals`` the
    grader recorded and the ``calls`` it counted, by method."""


# --- the sandbox ----------------------------------------------------------------

@dataclass(frozen=True)
class Isolation:
    """How student code runs on this machine."""

    sandboxed: bool
    """Whether bubblewrap runs here."""
    reason: str
    """Why not (empty when it does)."""

    @property
    def line(self) -> str:
        """What is and is not protected, in one line."""
        if self.sandboxed:
            return ("sandbox: bubblewrap (no network, no view of the teacher's files or "
                    "processes, the engine not inside)")
        return (f"sandbox: none, since bubblewrap cannot run here ({self.reason}): each "
                f"submission runs in its own process with time and memory limits, the engine "
                f"cannot be imported and the grader keeps the record, but the code can read and "
                f"write the teacher's files and use the network (install bubblewrap, or grade "
                f"with --require-sandbox to refuse)")


def _bwrap() -> str | None:
    name = os.environ.get(BWRAP_VARIABLE, "").strip() or "bwrap"
    return shutil.which(name)


@cache
def _library() -> Path:
    """The library laid into the sandbox, made once per run in a temporary
    folder: the allowed modules (what they import from the rest of the
    package replaced by refusals, the evaluations an assignment asks for
    left out), and the worker with the wire format and the refusals."""
    root = Path(tempfile.mkdtemp(prefix="gametree-sandbox-"))
    atexit.register(shutil.rmtree, root, True)
    package = Path(__file__).resolve().parent.parent
    for name in ALLOWED:
        parts = name.split(".")[1:]
        source = package.joinpath(*parts, "__init__.py")
        is_package = source.exists()
        if not is_package:
            source = package.joinpath(*parts[:-1], parts[-1] + ".py")
        target = root / source.relative_to(package.parent)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(laid_in(name, source.read_text(encoding="utf-8"), is_package),
                          encoding="utf-8")
    worker = root / "_worker"
    worker.mkdir()
    (worker / "__init__.py").write_text('"""The student process\'s side of the grader."""\n')
    for module in ("worker", "wire", "refusal"):
        shutil.copyfile(Path(__file__).with_name(f"{module}.py"), worker / f"{module}.py")
    for path in root.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    root.chmod(0o755)
    return root


def _absolute(module: str, is_package: bool, target: str | None, level: int) -> str:
    if level == 0:
        return target or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def laid_in(module: str, text: str, is_package: bool) -> str:
    """``module``'s source as laid into the sandbox: each top-level import
    from a module that is not laid in, and each function of
    :data:`~gametree.grading.refusal.REMOVED`, replaced (on the same lines)
    by a stand-in that raises the refusal's sentence.

    >>> print(laid_in("gametree.games.maze", "from .search import alpha_beta\\nx = 1\\n", False))
    from _worker.refusal import refused as _refused; alpha_beta = _refused('gametree.games.search.alpha_beta')
    x = 1
    <BLANKLINE>
    """
    lines = text.splitlines(keepends=True)
    for node in reversed(ast.parse(text).body):
        stand_ins: list[tuple[str, str]] = []
        if isinstance(node, ast.ImportFrom):
            source = _absolute(module, is_package, node.module, node.level)
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if blocked(source) or (node.module is None and blocked(full)):
                    stand_ins.append((alias.asname or alias.name, full))
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in REMOVED.get(module, ()):
            stand_ins.append((node.name, f"{module}.{node.name}"))
        if not stand_ins:
            continue
        start = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        end = node.end_lineno or node.lineno
        line = "from _worker.refusal import refused as _refused; " + "; ".join(
            f"{name} = _refused({full!r})" for name, full in stand_ins)
        lines[start - 1: end] = [line + "\n"] + ["\n"] * (end - start)
    return "".join(lines)


def _python_paths() -> tuple[str, list[str], list[str]]:
    """The interpreter, the folders Python needs read-only, and the
    virtual environment's library folders (for numpy and the like)."""
    python = os.path.realpath(sys.executable)
    prefix = os.path.realpath(sys.base_prefix)
    libraries = []
    for name in ("purelib", "platlib"):
        path = os.path.realpath(sysconfig.get_paths()[name])
        if os.path.isdir(path) and path not in libraries:
            libraries.append(path)
    return python, [prefix], libraries


def _inner_command(settings: dict[str, Any], library: str, libraries: list[str]) -> list[str]:
    python = os.path.realpath(sys.executable)
    code = (f"import sys; sys.path[:0] = {[library, *libraries]!r}; "
            f"from _worker.worker import main; main()")
    return [python, "-I", "-S", "-c", code, json.dumps(settings)]


def _bwrap_command(bwrap: str, inner: list[str]) -> list[str]:
    """bubblewrap's arguments around ``inner``."""
    return [bwrap, *_bwrap_arguments(), "--", *inner]


@cache
def _bwrap_arguments() -> tuple[str, ...]:
    """bubblewrap's arguments (found once per run)."""
    _, prefixes, libraries = _python_paths()
    args = ["--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534",
            "--cap-drop", "ALL", "--die-with-parent", "--new-session",
            "--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    for path in [*prefixes, *libraries]:
        if not path.startswith("/usr/"):
            args += ["--ro-bind", path, path]
    base = sysconfig.get_paths(vars={"base": sys.base_prefix, "platbase": sys.base_prefix})
    for path in {*libraries, base["purelib"], base["platlib"]}:
        if os.path.isdir(os.path.join(path, "gametree")):   # an installed copy: hidden
            args += ["--tmpfs", os.path.join(os.path.realpath(path), "gametree")]
    args += ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache",
             "--ro-bind", str(_library()), INSIDE,
             "--proc", "/proc", "--dev", "/dev",
             "--size", str(32 << 20), "--tmpfs", "/tmp",
             "--size", str(1 << 20), "--tmpfs", "/home/student",
             "--chdir", "/tmp",
             "--setenv", "HOME", "/home/student", "--setenv", "PATH", "/usr/bin:/bin",
             "--setenv", "LANG", "C.UTF-8", "--setenv", "TMPDIR", "/tmp"]
    return tuple(args)


_ISOLATION: list[Isolation] = []


def isolation(*, say: bool = True) -> Isolation:
    """Whether bubblewrap runs here: tried once per run (a real sandbox
    started with a Python that does nothing), said once on stderr (in one
    line, :attr:`Isolation.line`) when it does not, unless ``say`` is False."""
    if _ISOLATION:
        return _ISOLATION[0]
    bwrap = _bwrap()
    if bwrap is None:
        found = Isolation(False, f"no {os.environ.get(BWRAP_VARIABLE) or 'bwrap'} program "
                                 f"(Debian and Ubuntu: apt-get install bubblewrap)")
    else:
        python = os.path.realpath(sys.executable)
        try:
            done = subprocess.run(_bwrap_command(bwrap, [python, "-I", "-S", "-c", "pass"]),
                                  env={}, stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=30)
            error = done.stderr.decode(errors="replace").strip().splitlines()
            found = (Isolation(True, "") if done.returncode == 0 else
                     Isolation(False, f"{bwrap} failed: {error[-1] if error else done.returncode}"))
        except (OSError, subprocess.TimeoutExpired) as failure:
            found = Isolation(False, f"{bwrap} failed: {failure}")
    _ISOLATION.append(found)
    if not found.sandboxed and say:
        print(f"gametree grade: {found.line}", file=sys.stderr, flush=True)
    return found


def _require_sandbox() -> Isolation:
    """:func:`isolation`, or SandboxUnavailable with a sentence."""
    found = isolation(say=False)
    if not found.sandboxed:
        raise SandboxUnavailable(f"grading refused: the sandbox is required (--require-sandbox "
                                 f"or {REQUIRE_VARIABLE}=1) and bubblewrap cannot run here "
                                 f"({found.reason})")
    return found


# --- one student process ----------------------------------------------------------

class _Failed(Exception):
    """The process did not answer as asked; the sentence says how."""


class _Worker:
    """One student process and the socket to it."""

    def __init__(self, submission: dict[str, Any], limits: Limits, cpu: int, home: str):
        ours, theirs = socket.socketpair()
        place = isolation()
        settings = {"memory": limits.memory_mb * 2 ** 20 if MEMORY_LIMITS else 0, "cpu": cpu,
                    "output": limits.output_bytes, "channel": theirs.fileno(),
                    "processes": limits.processes if place.sandboxed else 0}
        _, _, libraries = _python_paths()
        if place.sandboxed:
            command = _bwrap_command(_bwrap() or "bwrap", _inner_command(settings, INSIDE, libraries))
            env: dict[str, str] = {}
        else:
            command = _inner_command(settings, str(_library()), libraries)
            env = {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TMPDIR": home}
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, cwd=home, env=env,
                                        pass_fds=[theirs.fileno()], start_new_session=True)
        theirs.close()
        self.socket = ours
        self.buffer = b""
        self.send(submission)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.socket.sendall(json.dumps(message).encode() + b"\n")
        except OSError:
            pass   # the process has ended; receive() says how

    def clock(self, seconds: float) -> TestClock:
        """A clock, started now, on this process's time (see :mod:`.clock`)."""
        return TestClock(self.process.pid, seconds)

    def receive(self, clock: TestClock) -> dict[str, Any]:
        """The next message, or _Failed with a sentence saying why none
        came (``clock`` says when the time allowed is spent)."""
        while b"\n" not in self.buffer:
            if len(self.buffer) > LINE_LIMIT:
                self.kill()
                raise _Failed("your code's process sent the grader an endless line (a forged "
                              "or garbled message)")
            why = clock.over()
            if why is not None:
                self.kill()
                raise _Failed(f"your code did not finish within {clock.seconds:g} s{why or ''} "
                              f"(an infinite loop, or a search far deeper than asked?)")
            self.socket.settimeout(clock.left())
            try:
                chunk = self.socket.recv(1 << 20)
            except TimeoutError:
                continue
            except OSError:
                chunk = b""
            if not chunk:
                raise _Failed(self._ended())
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            self.kill()
            raise _Failed("your code's process sent the grader a line that is not one of its "
                          "messages (a forged or garbled line)")
        return message

    def _ended(self) -> str:
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.process.wait()
        if code < 0 or code > 128:
            number = -code if code < 0 else code - 128
            try:
                name = signal.Signals(number).name
            except ValueError:
                name = f"signal {number}"
            hint = {"SIGXCPU": " (the CPU time limit)", "SIGSEGV": " (a crash; a recursion "
                    "overflow with a raised recursion limit does this)",
                    "SIGKILL": " (stopped by the grader)"}.get(name, "")
            return f"your code's process was ended by {name}{hint}"
        return f"your code ended its process (exit status {code}, os._exit?) before answering"

    def kill(self) -> None:
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def close(self) -> None:
        self.kill()
        self.process.wait()
        self.socket.close()


_CALLS = frozenset({"play", "moves", "to_move", "is_over", "score", "agent", "outcomes",
                    "move_label", "check_state", "evaluate"})
_FACTS = ("moves", "to_move", "is_over", "score")
EXPAND_LEVELS = 3
"""How deep an expansion answers ahead: the children of the state asked,
theirs, and theirs."""


class _Served:
    """The grader's side of one game test: the real game and evaluation,
    which record every ``play`` and ``evaluate`` call; every state sent to
    the student's process, by handle; and the count of every call the
    code made on the proxy (see :class:`~gametree.grading.worker.GameProxy`)."""

    def __init__(self, test: dict[str, Any]):
        spec = GameSpec(**test["game"])
        self.game = RecordingGame(spec.build())
        self.evaluate = RecordingEvaluation(self.game._game, test["evaluate"])
        self.layout = spec.layout if spec.name == "maze" else None
        self.calls: Counter[str] = Counter()
        self.states: list[Any] = []
        self.moves: list[list[Any] | None] = []
        self.children: dict[int, list[int]] = {}
        self.root = self.sent(spec.state(test["state"]))

    def sent(self, state: Any) -> list[Any]:
        """A state as sent: its handle, itself, the answers to :data:`_FACTS` about it."""
        game = self.game._game
        handle = len(self.states)
        self.states.append(state)
        facts: dict[str, Any] = {}
        moves = None
        try:
            over = game.is_over(state)
            moves = list(game.moves(state))
            facts = {"is_over": over, "moves": encode(moves, self.layout),
                     "to_move": encode(game.to_move(state), self.layout)}
            if over:
                facts["score"] = encode(game.score(state), self.layout)
        except Exception:  # noqa: BLE001 -- a fact the game cannot state is asked when needed
            facts, moves = {}, None
        self.moves.append(moves)
        return [handle, encode(state, self.layout), facts]

    def expand(self, handle: Any) -> dict[str, Any]:
        """The children of state ``handle`` for each of its moves, and
        theirs, :data:`EXPAND_LEVELS` deep (played here, not recorded)."""
        if type(handle) is not int or not 0 <= handle < len(self.states) or \
                self.moves[handle] is None:
            raise _Failed("your code's process asked the grader to expand a state it never "
                          "sent (a forged or garbled line)")
        found: dict[str, list[Any]] = {}
        frontier = [handle]
        for _ in range(EXPAND_LEVELS):
            deeper = []
            for parent in frontier:
                moves = self.moves[parent]
                if parent in self.children or moves is None:
                    continue
                state = self.states[parent]
                children = [self.sent(self.game._game.play(state, move)) for move in moves]
                self.children[parent] = [child[0] for child in children]
                found[str(parent)] = children
                deeper += self.children[parent]
            frontier = deeper
        return {"children": found}

    def replay(self, message: dict[str, Any]) -> None:
        """Record the plays the proxy answered ahead (its log, in order) and
        add the calls it answered from facts."""
        log, counted = message.get("log", []), message.get("counted", {})
        if type(log) is not list or not isinstance(counted, dict) or not all(
                name in _FACTS and type(number) is int and 0 <= number <= 10 ** 7
                for name, number in counted.items()):
            raise _Failed("your code's process sent the grader a garbled account of its calls "
                          "(a forged or garbled line)")
        self.calls.update(counted)
        for entry in log:
            children = self.children.get(entry[0]) if type(entry) is list and len(entry) == 2 \
                and type(entry[0]) is int else None
            moves = self.moves[entry[0]] if children is not None else None
            if moves is None or type(entry[1]) is not int or not 0 <= entry[1] < len(moves):
                raise _Failed("your code's process sent the grader a play it never answered (a "
                              "forged or garbled line)")
            try:
                self.game.record(self.states[entry[0]], moves[entry[1]])   # its child was sent
            except TooManyCalls as error:
                raise _Failed(f"your code {error}; stopped there") from None
            self.calls["play"] += 1

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """The answer to one message of the proxy: an expansion, or a call
        (the value, a state with its handle and facts, or the exception to
        raise in the student's code), after replaying its log.  Raises
        _Failed for a message that is neither."""
        if not set(message) <= {"call", "args", "expand", "log", "counted"}:
            raise _Failed("your code's process sent the grader a message it does not answer (a "
                          "forged or garbled line)")
        self.replay(message)
        if "expand" in message:
            return self.expand(message["expand"])
        method, args = message.get("call"), message.get("args")
        if method not in _CALLS or type(args) is not list:
            raise _Failed("your code's process sent the grader a call it does not answer (a "
                          "forged or garbled line)")
        try:
            values = [decode(arg, self.layout) for arg in args]
        except (Unsendable, ValueError, TypeError, KeyError):
            raise _Failed("your code's process sent the grader a state it did not write (a "
                          "forged or garbled line)") from None
        self.calls[method] += 1
        try:
            function = self.evaluate if method == "evaluate" else getattr(self.game, method)
            value = function(*values)
        except TooManyCalls as error:
            return {"raise": ["TooManyCalls", str(error)]}
        except Exception as error:  # noqa: BLE001 -- the real game's error, raised in the student's code
            return {"raise": [type(error).__name__, str(error)[:500]]}
        try:
            return {"state": self.sent(value)} if method == "play" else \
                {"value": encode(value, self.layout)}
        except Unsendable:
            return {"raise": ["TypeError", f"game.{method} has no answer the grader can send"]}


class Session:
    """A submission loaded in a student process, asked one test at a time
    (a test's input may depend on earlier answers, as in a game the grader
    plays against the student's evaluation).  A test that ends the process
    fails with a sentence, and the next one starts a fresh process.  Use it
    as a context manager; nothing is left on disk or running."""

    RESTARTS = 3
    """Pieces of top-level code that may be left out before the submission
    counts as not loading."""

    def __init__(self, chunks: list[tuple[str, str]], functions: Iterable[str],
                 limits: Limits = Limits(), tests: int = 1, *, require_sandbox: bool = False):
        if require_sandbox or os.environ.get(REQUIRE_VARIABLE) == "1":
            _require_sandbox()
        self.chunks = [list(chunk) for chunk in chunks]
        self.functions = list(functions)
        self.limit = len(self.chunks)
        self.limits = limits
        self.cpu = math.ceil(limits.load_seconds * (1 + self.RESTARTS)
                             + limits.seconds * max(1, tests)) + 5
        self.load_errors: list[str] = []
        self.stopped: list[str] = []
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

    @property
    def notes(self) -> list[str]:
        """The sentences about loading: pieces left out, pieces that failed."""
        return [*self.stopped, *self.load_errors]

    def _start(self) -> _Worker | None:
        """A process with the submission loaded; a piece that never ends or
        ends the process is left out (with a note) and a new one started."""
        for _ in range(self.RESTARTS + 1):
            worker = _Worker({"chunks": self.chunks[: self.limit], "functions": self.functions},
                             self.limits, self.cpu, self._home.name)
            clock = worker.clock(self.limits.load_seconds)
            piece: int | None = None
            try:
                while True:
                    message = worker.receive(clock)
                    if message.get("event") == "piece" and type(message.get("number")) is int \
                            and 0 <= message["number"] < self.limit:
                        piece = message["number"]
                    elif message.get("event") == "loaded":
                        break
                    else:
                        raise _Failed("the submission's process sent the grader a line it did "
                                      "not ask for (a forged or garbled line) while loading")
            except _Failed as failure:
                worker.close()
                if piece is None:
                    self.broken = str(failure).replace("your code", "the process", 1)
                    return None
                label = self.chunks[piece][0]
                why = str(failure).removeprefix("your code's process ").removeprefix("your code ")
                why = why.removesuffix(" before answering")
                if why.startswith("did not finish within"):
                    why = (f"did not finish within {self.limits.load_seconds:g} s (an infinite "
                           f"loop, or a wait for input?)")
                self.stopped = [f"{label} {why}, so loading stopped there: the functions defined "
                                f"before it are graded, and the code after it did not run"]
                self.limit = piece
                continue
            if not self._started:
                errors, defined = message.get("errors"), message.get("defined")
                if not (isinstance(errors, list) and all(isinstance(e, str) for e in errors)
                        and isinstance(defined, list) and all(isinstance(d, str) for d in defined)):
                    worker.close()
                    self.broken = "its process sent the grader a garbled list of what it defines"
                    return None
                self.load_errors = [e[:500] for e in errors]
                self.defined = [d for d in defined if d in self.functions]
                self._started = True
            return worker
        self.broken = "too many pieces of its top-level code never finished"
        return None

    def ask(self, test: dict[str, Any]) -> dict[str, Any]:
        """What the submission's code did on ``test``: ``ok`` and its
        answer (with the ``plays`` and ``evals`` the grader counted, for a
        game), or ``ok`` False and a sentence."""
        if self.broken is None and self._worker is None:
            self._worker = self._start()
        if self._worker is None:
            return {"ok": False, "error": f"the submission did not load ({self.broken})"}
        worker = self._worker
        number, self._count = self._count, self._count + 1
        served = None
        token = secrets.token_hex(8)
        message = {"id": number, "token": token, **test}
        if test["kind"] == "game":
            served = _Served(test)
            message.update(layout=served.layout, text=repr(served.game._game),
                           root=served.root, max_calls=MAX_CALLS)
        worker.send(message)
        clock = worker.clock(self.limits.seconds)
        try:
            while True:
                reply = worker.receive(clock)
                if ("call" in reply or "expand" in reply) and served is not None:
                    with clock.pause():
                        worker.send(served.answer(reply))
                    continue
                result = _result(reply, number, token, served is not None,
                                 served.layout if served is not None else None)
                if served is not None:
                    served.replay(reply)
                break
        except _Failed as failure:
            result = {"ok": False, "error": str(failure)}
            worker.close()
            self._worker = None
        if served is not None:
            result["plays"], result["evals"] = served.game.plays, served.evaluate.calls
            result["calls"] = dict(served.calls)
        return result


def _result(reply: dict[str, Any], number: int, token: str, game: bool,
            layout: str | None) -> dict[str, Any]:
    """A test's result from the process's reply, checked: ``ok``, the
    answer and what was printed, or the error sentence.  The reply must
    carry the test's number and the token sent with it: a line written by
    the student's code without reading the worker's memory has neither,
    and one that has them can only stand for this test's own answer."""
    if reply.get("id") != number or reply.get("token") != token or type(reply.get("ok")) is not bool:
        raise _Failed("your code's process sent the grader a line it did not ask for (a forged "
                      "or garbled line)")
    printed = reply.get("printed", "")
    printed = printed[:2000] if isinstance(printed, str) else ""
    if not reply["ok"]:
        error = reply.get("error")
        return {"ok": False, "printed": printed,
                "error": error[:1000] if isinstance(error, str) else "your code failed"}
    answer = reply.get("answer")
    if game:
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise _Failed("your code's process sent the grader an answer it did not write (a "
                          "forged or garbled line)")
        if "move" in answer:
            try:
                answer = {"key": key(decode(answer["move"], layout)), "type": answer["type"]}
            except (Unsendable, ValueError, TypeError, KeyError):
                raise _Failed("your code's process sent the grader a move it did not write (a "
                              "forged or garbled line)") from None
        else:
            answer = {"key": str(answer.get("repr"))[:200], "type": answer["type"]}
    return {"ok": True, "answer": answer, "printed": printed}


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
        return Run(session.notes, session.defined, results)
