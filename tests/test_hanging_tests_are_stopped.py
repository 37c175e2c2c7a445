"""No test can hang the suite: the per-test timeout stops a looping
Hypothesis test (pytest-timeout's own exception was caught by Hypothesis,
which then replayed the looping example with no alarm left), and a test
whose alarm is lost (raised in a finalizer) gets another a second later,
and one that swallows even the timeout is ended after the grace period.

Each check runs pytest in a subprocess on tests written into tmp_path,
with the repository's conftest.py (where the timeout lives) and a
half-second timeout, so it costs a few seconds.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LOOPING_HYPOTHESIS_TEST = """
from hypothesis import given, settings, strategies as st

@settings(database=None, deadline=None)
@given(st.integers())
def test_loops_on_positive_numbers(n):
    while n > 0:  # like a solver under a mutant whose window never closes
        pass
"""

FINALIZER_TEST = """
class Finalized:
    def __del__(self):  # an exception raised here is lost: Python reports it and goes on
        for _ in range(200):
            pass

def test_loops_through_finalizers():
    while True:  # about half the time in __del__, where the first alarm often lands
        Finalized()
        for _ in range(200):
            pass
"""

SWALLOWING_TEST = """
def test_swallows_every_exception():
    while True:
        try:
            while True:
                pass
        except BaseException:  # even the TestTimeout
            pass
"""


def _pytest(folder: Path, files: dict[str, str], grace: float = 0.5) -> subprocess.CompletedProcess:
    shutil.copy(ROOT / "conftest.py", folder / "conftest.py")
    (folder / "pytest.ini").write_text(f"[pytest]\ntimeout = 0.5\ntimeout_grace = {grace}\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    # Only the plugins that matter (nbval, xdist and the rest cost seconds to load).
    command = [sys.executable, "-m", "pytest", "-p", "pytest_timeout", "-p",
               "hypothesis.extra.pytestplugin", "-p", "no:cacheprovider", *files]
    try:
        return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=60,
                              # TMPDIR: the inner conftest's folders go into tmp_path, so a
                              # run ended by the backstop (no unconfigure) leaves none in /tmp
                              env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PATH": "/usr/bin:/bin",
                                   "TMPDIR": str(folder)})
    except subprocess.TimeoutExpired as hung:
        raise AssertionError(f"the inner pytest run was not stopped by its 0.5 s timeout:\n"
                             f"{hung.stdout}") from None


def test_a_looping_hypothesis_test_is_stopped_by_the_timeout_and_reported(tmp_path):
    run = _pytest(tmp_path, {"test_loop.py": LOOPING_HYPOTHESIS_TEST})
    assert run.returncode == 1, run.stdout + run.stderr
    assert "TestTimeout: Timeout (>0.5s)" in run.stdout, run.stdout
    assert "FAILED test_loop.py::test_loops_on_positive_numbers" in run.stdout
    assert re.search(r"=+ 1 failed in [0-9.]+s =+\s*$", run.stdout), run.stdout  # and the run ended


def test_an_alarm_lost_in_a_finalizer_comes_again(tmp_path):
    # A lost alarm is repeated every second: the test fails with TestTimeout
    # within the grace period (20 s), rather than by ending the process.
    run = _pytest(tmp_path, {"test_finalizers.py": FINALIZER_TEST}, grace=20)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "TestTimeout: Timeout (>0.5s)" in run.stdout, run.stdout
    assert re.search(r"=+ 1 failed(, [0-9]+ warnings?)? in [0-9.]+s =+\s*$", run.stdout), run.stdout


def test_a_test_that_swallows_the_timeout_ends_its_process_after_the_grace(tmp_path):
    run = _pytest(tmp_path, {"test_swallow.py": SWALLOWING_TEST})
    assert run.returncode == 1, run.stdout + run.stderr
    # pytest-timeout's thread method: the stacks, between two "Timeout" rules, then os._exit.
    assert "+ Timeout +" in run.stdout and "test_swallows_every_exception" in run.stdout, run.stdout
    assert "passed" not in run.stdout
