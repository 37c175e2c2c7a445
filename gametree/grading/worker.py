"""The student's process: run a submission's code and the tests the grader
sends, and send back only what the code answered.

:mod:`gametree.grading.sandbox` starts it inside the sandbox as a copy
(``_worker.worker``, next to a copy of :mod:`gametree.grading.wire` and
of the modules an assignment allows: the games, ``Game``, the tree
model), never as part of the grader.  The modules it does not lay in
(the engine's searches, the grader, the reference) are simply not
there; :class:`Refusal`, the last import finder, only turns the missing
module into a sentence.  Nothing in this process is the boundary: the
sandbox is (a process of its own, under bubblewrap where it runs), and
the record of what the code did is kept by the grader.

It sets its own memory, CPU and file-size limits, then

1. reads the submission (its code cells or top-level statements) from
   the channel and runs each piece, saying which piece it starts (so a
   piece that never ends can be left out of the next process) and noting
   the ones that fail;
2. answers each test the grader sends with one JSON line (carrying the
   test's number and token): the answer and what was printed, or a
   sentence saying what went wrong.  The game a game test hands the code
   is a :class:`GameProxy`: every answer on it, and from ``evaluate``,
   comes from the grader (ahead of the call, where it can), and every call
   is accounted to the grader, which keeps the record.

The channel is a socket (its number is in the settings); what the code
prints (``print`` is capped at :data:`PRINT_LIMIT` characters a test) or
writes to file descriptors 1 and 2 goes to a file in the sandbox's own
``/tmp``, measured after each test (its limit is the process's file size
limit too) and emptied.
"""

from __future__ import annotations

import io
import json
import math
import os
import signal
import socket
import sys
import traceback
from typing import Any

from gametree.games.base import Game, IllegalMoveError

from .refusal import ALLOWED, REMOVED, Refusal, blocked, refusal, refused
from .wire import Unsendable, decode, decode_maze, encode

__all__ = ["main", "run_test", "load", "GameProxy", "EvaluationProxy", "PRINT_LIMIT", "ALLOWED", "REMOVED",
           "blocked", "refusal", "refused", "Refusal"]

PRINT_LIMIT = 10_000
"""Characters one test's code may print before the test fails."""


class OutputLimit(BaseException):
    """Raised in student code that prints more than :data:`PRINT_LIMIT` characters."""


class TooManyCalls(BaseException):
    """Raised in student code when the grader refuses one more call (a
    BaseException, so a bare ``except Exception`` does not swallow it)."""


class ChannelBroken(BaseException):
    """The grader's answer was not an answer (someone read or wrote the
    channel besides this worker): the test cannot go on."""


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


class Channel:
    """JSON lines to and from the grader over the socket ``fd``."""

    def __init__(self, fd: int):
        self.socket = socket.socket(fileno=fd)
        self.reader = self.socket.makefile("rb")

    def send(self, message: dict[str, Any]) -> None:
        self.socket.sendall(json.dumps(message).encode() + b"\n")

    def receive(self) -> Any:
        line = self.reader.readline()     # from the grader: a submission may be long
        if not line:
            sys.exit(0)        # the grader has gone
        return json.loads(line)


_RAISED = {"ValueError": ValueError, "TypeError": TypeError, "KeyError": KeyError,
           "IndexError": IndexError, "IllegalMoveError": IllegalMoveError,
           "TooManyCalls": TooManyCalls, "ZeroDivisionError": ZeroDivisionError}


FACTS = ("moves", "to_move", "is_over", "score")
"""What the grader answers ahead about every state it sends (the score of
an ended one only)."""


class GameProxy(Game[Any, Any]):
    """The game a graded search is handed.  Every answer comes from the
    grader, which plays the real game; every call is counted there.

    So that a search of a thousand plays does not wait a thousand times on
    the grader, the grader answers ahead: each state it sends comes with a
    number (its handle) and its :data:`FACTS`, and asked to expand a state
    it sends the children of every move, two levels deep.  ``play`` on a
    state the grader sent is then answered from those children and noted
    (handle, move number) in a log, and ``moves``, ``to_move``,
    ``is_over``, ``score`` from the facts and counted; the log and the
    counts go with the next message (an expansion, any other call, the
    test's result), and the grader replays the log in order into its
    record, checking each play against what it sent.  A call on anything
    else (a state the code built itself) is asked of the grader directly."""

    def __init__(self, channel: Channel, layout: str | None, root: list[Any], text: str,
                 max_calls: int):
        self._channel, self._layout, self._text, self._max = channel, layout, text, max_calls
        self._known: dict[int, tuple[Any, int]] = {}        # id(state) -> (state, handle)
        self._states: dict[int, Any] = {}
        self._facts: dict[int, dict[str, Any]] = {}
        self._moves: dict[int, list[Any]] = {}
        self._children: dict[int, list[int]] = {}
        self._log: list[list[int]] = []
        self._plays = 0
        self.counted: dict[str, int] = {}
        self.initial = self._take(root)

    def _take(self, sent: list[Any]) -> Any:
        """A state the grader sent as ``[handle, state, facts]``, noted."""
        handle, data, facts = sent
        state = decode(data, self._layout)
        self._states[handle] = state
        self._known[id(state)] = (state, handle)
        self._facts[handle] = facts if type(facts) is dict else {}
        return state

    def _handle(self, state: Any) -> int | None:
        known = self._known.get(id(state))
        return known[1] if known is not None and known[0] is state else None

    def _send(self, message: dict[str, Any]) -> Any:
        """Send ``message`` with the log and the counts so far; the reply."""
        if self._log:
            message["log"], self._log = self._log, []
        if self.counted:
            message["counted"], self.counted = self.counted, {}
        self._channel.send(message)
        try:
            return self._channel.receive()
        except ValueError:
            raise ChannelBroken("the grader's answer was not one") from None

    def flush(self) -> dict[str, Any]:
        """The log and counts not yet sent (they go with the test's result)."""
        pending: dict[str, Any] = {}
        if self._log:
            pending["log"], self._log = self._log, []
        if self.counted:
            pending["counted"], self.counted = self.counted, {}
        return pending

    def _ask(self, method: str, *args: Any) -> Any:
        if method in FACTS and args:
            handle = self._handle(args[0])
            if handle is not None and method in self._facts[handle]:
                self.counted[method] = self.counted.get(method, 0) + 1
                return decode(self._facts[handle][method], self._layout)
        try:
            sent = [encode(arg, self._layout) for arg in args]
        except Unsendable as error:
            raise TypeError(f"game.{method} was passed {error}, which is not a state or move "
                            f"of this game") from None
        reply = self._send({"call": method, "args": sent})
        try:
            if "state" in reply:
                return self._take(reply["state"])
            if "value" in reply:
                return decode(reply["value"], self._layout)
            kind, text = reply["raise"]
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            raise ChannelBroken("the grader's answer to a game call was not one") from None
        raise _RAISED.get(kind, RuntimeError)(text)

    def _expand(self, handle: int) -> None:
        reply = self._send({"expand": handle})
        try:
            for parent, children in reply["children"].items():
                self._children[int(parent)] = [child[0] for child in children]
                for child in children:
                    self._take(child)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError):
            raise ChannelBroken("the grader's answer to an expansion was not one") from None

    def play(self, state: Any, move: Any) -> Any:
        handle = self._handle(state)
        if handle is not None and "moves" in self._facts[handle]:
            moves = self._moves.get(handle)
            if moves is None:
                moves = self._moves[handle] = decode(self._facts[handle]["moves"], self._layout)
            if move in moves:
                if self._plays >= self._max:
                    raise TooManyCalls(f"called game.play more than {self._max:,} times")
                if handle not in self._children:
                    self._expand(handle)
                number = moves.index(move)
                self._plays += 1
                self._log.append([handle, number])
                return self._states[self._children[handle][number]]
        if self._plays >= self._max:
            raise TooManyCalls(f"called game.play more than {self._max:,} times")
        self._plays += 1
        return self._ask("play", state, move)

    def moves(self, state: Any) -> Any:
        return self._ask("moves", state)

    def to_move(self, state: Any) -> Any:
        return self._ask("to_move", state)

    def is_over(self, state: Any) -> bool:
        return bool(self._ask("is_over", state))

    def score(self, state: Any) -> Any:
        return self._ask("score", state)

    def agent(self, state: Any) -> Any:
        return self._ask("agent", state)

    def outcomes(self, state: Any) -> Any:
        return self._ask("outcomes", state)

    def move_label(self, state: Any, move: Any) -> Any:
        return self._ask("move_label", state, move)

    def check_state(self, state: object) -> None:
        self._ask("check_state", state)

    def __repr__(self) -> str:
        return self._text


class EvaluationProxy:
    """The ``evaluate`` a graded search is handed: asked of the grader too."""

    def __init__(self, game: GameProxy):
        self._game = game

    def __call__(self, state: Any) -> Any:
        return self._game._ask("evaluate", state)

    def __repr__(self) -> str:
        return "<the test's evaluation function>"


def describe_error(error: BaseException) -> str:
    """What student code raised, with the line it came from, as the rest of
    a sentence whose subject is the code ("raised ValueError at cell 3, line 2: ...")."""
    if isinstance(error, SystemExit):
        return (f"called sys.exit({error.code!r}): a graded function must return its answer, "
                f"never end the program")
    if isinstance(error, (TooManyCalls, OutputLimit)):
        return f"{error}; stopped there"
    if isinstance(error, ChannelBroken):
        return ("read or wrote the grader's channel itself, so the test could not go on "
                "(only the grader's game and evaluate may be used)")
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


def move_answer(answer: Any, layout: str | None) -> dict[str, Any]:
    """A move function's answer: the move itself when it is one a game is
    played with, else its repr and type."""
    try:
        return {"move": encode(answer, layout), "type": type(answer).__name__}
    except Unsendable:
        return {"repr": repr(answer)[:200], "type": type(answer).__name__}


def run_test(namespace: dict[str, Any], test: dict[str, Any], output: CappedOutput,
             channel: Channel) -> dict[str, Any]:
    """Call the student's function on one test; what it returned."""
    function = namespace.get(test["function"])
    if not callable(function):
        return {"ok": False, "error": f"your code defines no function {test['function']}"}
    result: dict[str, Any] = {"ok": True}
    try:
        if test["kind"] == "tree":
            answer = function(list(test["leaves"]), test["branching"])
            result["answer"] = plain(answer)
        elif test["kind"] == "evaluate":
            states = [decode_maze(test["layout"], data) for data in test["states"]]
            result["answer"] = [plain(function(state)) for state in states]
        else:
            layout = test.get("layout")
            game = GameProxy(channel, layout, test["root"], test["text"], test["max_calls"])
            try:
                answer = function(game, game.initial, test["depth"], EvaluationProxy(game))
            finally:
                result.update(game.flush())
            result["answer"] = move_answer(answer, layout)
    except BaseException as error:  # noqa: BLE001 -- any failure of student code is its test's
        result = {"ok": False, "error": "your code " + describe_error(error),
                  **{k: v for k, v in result.items() if k in ("log", "counted")}}
    result["printed"] = output.take()[:2000]
    return result


def load(chunks: list[list[str]], namespace: dict[str, Any], output: CappedOutput,
         channel: Channel) -> list[str]:
    """Run each piece of the submission, saying which one starts; the
    sentences for those that failed."""
    errors = []
    for number, (label, source) in enumerate(chunks):
        channel.send({"event": "piece", "number": number})
        try:
            exec(compile(source, f"<submission {label}>", "exec"), namespace)  # noqa: S102
        except BaseException as error:  # noqa: BLE001
            errors.append(f"{label} {describe_error(error)} (the rest still ran)")
    output.take()
    return errors


def set_limits(memory: int, cpu: int, output: int, processes: int = 0) -> None:
    """Limit this process's memory (address space), CPU seconds, the size
    of any file it writes (one byte past the output limit, so that going
    past it shows) and, when ``processes``, the processes and threads it
    and its children may hold."""
    try:
        import resource
    except ImportError:       # not on Linux or macOS: the grader's wall clock still applies
        return
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails instead
    for limit, value in ((getattr(resource, "RLIMIT_AS", None), memory),
                         (resource.RLIMIT_CPU, cpu),
                         (getattr(resource, "RLIMIT_FSIZE", None), output + 1),
                         (getattr(resource, "RLIMIT_NPROC", None), processes)):
        if limit is not None and value:
            try:
                resource.setrlimit(limit, (value, value))
            except (ValueError, OSError):
                pass


def main() -> None:
    settings = json.loads(sys.argv[1])
    set_limits(settings["memory"], settings["cpu"], settings["output"], settings.get("processes", 0))
    sys.meta_path.append(Refusal())
    channel = Channel(settings["channel"])
    written = open("output", "w+b")   # noqa: SIM115 -- fds 1 and 2 for the process's whole life
    os.dup2(written.fileno(), 1)      # what student code writes to fds 1 and 2 lands here,
    os.dup2(written.fileno(), 2)      # measured after each test and thrown away
    sys.stdin = io.StringIO("")

    submission = channel.receive()
    output = CappedOutput()
    namespace: dict[str, Any] = {"__name__": "__submission__"}
    sys.stdout = sys.stderr = output
    errors = load(submission["chunks"], namespace, output, channel)
    channel.send({"event": "loaded", "errors": errors,
                  "defined": sorted(name for name in submission["functions"]
                                    if callable(namespace.get(name)))})
    while True:
        test = channel.receive()
        result = run_test(namespace, test, output, channel)
        size = os.fstat(1).st_size
        if size > settings["output"]:
            result = {"ok": False, "error": f"your code wrote more than {settings['output']:,} "
                                            f"bytes of output; stopped there"}
        os.ftruncate(1, 0)
        os.lseek(1, 0, os.SEEK_SET)
        channel.send({"id": test["id"], "token": test["token"], **result})


if __name__ == "__main__":
    main()
