"""The student's process: run a submission's code and the test inputs the
grader sends, and send back only what the code did.

Started by :mod:`gametree.grading.sandbox` as ``python -I -m
gametree.grading.worker LIMITS``, never imported by the grader.  It sets
its own memory and CPU limits, then

1. reads the submission (its code cells or top-level statements) from
   stdin and runs each piece, noting the ones that fail;
2. blocks the grader (``gametree.grading``) and the engine's searches:
   their modules can no longer be imported, and every function of theirs
   that the games and the package re-export is replaced by one that
   raises a sentence;
3. answers each test the grader sends, one JSON line at a time: the
   answer, every ``play`` call and every ``evaluate`` call, what was
   printed, or a sentence saying what went wrong.

The expected answers never come here: the grader compares in its own
process.  Printed output is kept apart from the answers: the protocol runs on a
private copy of stdout, and what the code prints (``print`` is capped at
:data:`PRINT_LIMIT` characters a test) or writes to file descriptors 1
and 2 goes to a file in the process's own temporary folder, measured
after each test (its limit is the process's file size limit too) and
emptied.
"""

from __future__ import annotations

import io
import json
import math
import os
import signal
import sys
import traceback
from collections.abc import Callable
from importlib.abc import MetaPathFinder
from typing import Any

import gametree.games  # noqa: F401 -- loaded before blocking, so the games stay usable

from .games import GameSpec, RecordingEvaluation, RecordingGame, TooManyCalls, decode_maze, key

BLOCKED = ("gametree.grading", "gametree.search", "gametree.trace", "gametree.chance",
           "gametree.solve", "gametree.replay", "gametree.textbook", "gametree.vectors",
           "gametree.practice", "gametree.view", "gametree.widgets", "gametree.cli",
           "gametree.games.search", "gametree.games.chance", "gametree.games.depth",
           "gametree.games.windows", "gametree.games.window_trace", "gametree.games.mcts",
           "gametree.games.quiescence",
           "gametree.games.players", "gametree.games.table", "gametree.games.tree",
           "gametree.games.multi")
"""Modules (and everything inside them) that graded code may not use: the
grader and its reference, and every search of the engine.  The games,
the ``Game`` interface and the tree model stay importable."""

PRINT_LIMIT = 10_000
"""Characters one test's code may print before the test fails."""


def blocked(name: str) -> bool:
    """Whether module ``name`` is one graded code may not import."""
    return any(name == b or name.startswith(b + ".") for b in BLOCKED)


def refusal(name: str) -> str:
    what = ("the grader" if name.startswith("gametree.grading")
            else "an evaluation the assignment asks you to write" if name.endswith("_evaluation")
            else "one of the engine's searches")
    return (f"{name} is {what}, which graded code may not use: write the search yourself "
            f"(the games and gametree.games.Game can still be imported)")


class Blocker(MetaPathFinder):
    """Refuses to find a blocked module (so import and reload fail with a sentence)."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> None:
        if blocked(fullname):
            raise ImportError(refusal(fullname))
        return None


def _stub(origin: str, name: str) -> Callable[..., Any]:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise ImportError(refusal(f"{origin}.{name}"))
    refuse.__name__ = name
    return refuse


def block() -> None:
    """Unload the blocked modules, stub what other modules re-export from
    them, and refuse to import them again."""
    for name in [n for n in sys.modules if blocked(n)]:
        module = sys.modules.pop(name)
        parent, _, child = name.rpartition(".")
        if parent in sys.modules and getattr(sys.modules[parent], child, None) is module:
            delattr(sys.modules[parent], child)
    for name, module in list(sys.modules.items()):
        if name != "gametree" and not name.startswith("gametree."):
            continue
        for attr, value in list(vars(module).items()):
            origin = getattr(value, "__module__", None)
            if callable(value) and isinstance(origin, str) and blocked(origin):
                setattr(module, attr, _stub(origin, attr))
    sys.meta_path.insert(0, Blocker())
    maze = sys.modules["gametree.games.maze"]     # the evaluations an assignment asks for
    for name in ("maze_evaluation", "score_evaluation"):
        setattr(maze, name, _stub("gametree.games.maze", name))
    maze.EVALUATIONS = {}  # type: ignore[attr-defined]


class OutputLimit(BaseException):
    """Raised in student code that prints more than :data:`PRINT_LIMIT` characters."""


class CappedOutput(io.TextIOBase):
    """sys.stdout and sys.stderr for student code: keeps what is printed,
    up to :data:`PRINT_LIMIT` characters, then raises OutputLimit."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.size = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.size += len(text)
        if self.size > PRINT_LIMIT:
            raise OutputLimit(f"printed more than {PRINT_LIMIT:,} characters")
        self.text.append(str(text))
        return len(text)

    def take(self) -> str:
        text, self.text, self.size = "".join(self.text), [], 0
        return text


def describe_error(error: BaseException) -> str:
    """A sentence for what student code raised, with the line it came from."""
    if isinstance(error, SystemExit):
        return (f"called sys.exit({error.code!r}): a graded function must return its answer, "
                f"never end the program")
    if isinstance(error, (TooManyCalls, OutputLimit)):
        return f"{error}; stopped there"
    if isinstance(error, RecursionError):
        return ("recursed too deep (RecursionError): does the search stop at depth 0 and at "
                "ended games?")
    if isinstance(error, MemoryError):
        return "ran out of memory (MemoryError): the grader's memory limit was reached"
    where = ""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if frame.filename.startswith("<submission"):
            where = f" at {frame.filename[len('<submission '):-1]}, line {frame.lineno}"
            break
    text = str(error)
    return f"raised {type(error).__name__}{where}" + (f": {text[:300]}" if text else "")


def plain(value: Any, depth: int = 0) -> Any:
    """``value`` as JSON if it is made of numbers and lists only, else its
    repr and type (never trusting the object's own methods more than
    ``repr`` once)."""
    if type(value) in (int, bool):
        return value if abs(value) < 10 ** 18 else {"repr": "a huge number", "type": "int"}
    if type(value) is float:
        return value if math.isfinite(value) else {"repr": repr(value), "type": "float"}
    if type(value) in (list, tuple) and depth == 0 and len(value) <= 10:
        return [plain(item, 1) for item in value]
    text = repr(value)
    return {"repr": text[:200], "type": type(value).__name__}


def run_test(namespace: dict[str, Any], test: dict[str, Any], output: CappedOutput) -> dict[str, Any]:
    """Call the student's function on one test; what it returned and did."""
    function = namespace.get(test["function"])
    if not callable(function):
        return {"ok": False, "error": f"defines no function {test['function']}"}
    result: dict[str, Any] = {"ok": True}
    try:
        if test["kind"] == "tree":
            answer = function(list(test["leaves"]), test["branching"])
            result["answer"] = plain(answer)
        elif test["kind"] == "evaluate":
            states = [decode_maze(test["layout"], data) for data in test["states"]]
            result["answer"] = [plain(function(state)) for state in states]
        else:
            spec = GameSpec(**test["game"])
            game = RecordingGame(spec.build())
            evaluate = RecordingEvaluation(game._game, test["evaluate"])
            try:
                answer = function(game, spec.state(test["state"]), test["depth"], evaluate)
            finally:
                result["plays"], result["evals"] = game.plays, evaluate.calls
            result["answer"] = {"key": key(answer), "type": type(answer).__name__}
    except BaseException as error:  # noqa: BLE001 -- any failure of student code is its test's
        result = {"ok": False, "error": describe_error(error), **{k: v for k, v in result.items()
                                                                  if k in ("plays", "evals")}}
    result["printed"] = output.take()[:2000]
    return result


def load(chunks: list[list[str]], namespace: dict[str, Any], output: CappedOutput) -> list[str]:
    """Run each piece of the submission; the sentences for those that failed."""
    errors = []
    for label, source in chunks:
        try:
            exec(compile(source, f"<submission {label}>", "exec"), namespace)  # noqa: S102
        except BaseException as error:  # noqa: BLE001
            errors.append(f"{label} {describe_error(error)} (the rest still ran)")
    output.take()
    return errors


def set_limits(memory: int, cpu: int, output: int) -> None:
    """Limit this process's memory (address space), CPU seconds and the size
    of any file it writes (one byte past the output limit, so that going
    past it shows)."""
    try:
        import resource
    except ImportError:       # not on Linux or macOS: the grader's wall clock still applies
        return
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails instead
    for limit, value in ((getattr(resource, "RLIMIT_AS", None), memory),
                         (resource.RLIMIT_CPU, cpu),
                         (getattr(resource, "RLIMIT_FSIZE", None), output + 1)):
        if limit is not None and value:
            try:
                resource.setrlimit(limit, (value, value))
            except (ValueError, OSError):
                pass


def main() -> None:
    limits = json.loads(sys.argv[1])
    set_limits(limits["memory"], limits["cpu"], limits["output"])
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    written = open("output", "w+b")   # noqa: SIM115 -- fds 1 and 2 for the process's whole life
    os.dup2(written.fileno(), 1)      # what student code writes to fds 1 and 2 lands here,
    os.dup2(written.fileno(), 2)      # measured after each test and thrown away
    commands = sys.stdin
    sys.stdin = io.StringIO("")

    def send(message: dict[str, Any]) -> None:
        protocol.write(json.dumps(message) + "\n")
        protocol.flush()

    submission = json.loads(commands.readline())
    output = CappedOutput()
    block()
    namespace: dict[str, Any] = {"__name__": "__submission__"}
    sys.stdout = sys.stderr = output
    errors = load(submission["chunks"], namespace, output)
    send({"event": "loaded", "errors": errors,
          "defined": sorted(name for name in submission["functions"] if callable(namespace.get(name)))})
    for line in commands:
        test = json.loads(line)
        result = run_test(namespace, test, output)
        size = os.fstat(1).st_size
        if size > limits["output"]:
            result = {"ok": False, "error": f"wrote more than {limits['output']:,} bytes of output; "
                                            f"stopped there"}
        os.ftruncate(1, 0)
        os.lseek(1, 0, os.SEEK_SET)
        send({"id": test["id"], **result})


if __name__ == "__main__":
    main()
