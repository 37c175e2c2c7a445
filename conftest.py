"""Settings for the whole test run: tests/, the doctests and the notebooks.

* Each notebook's cells run in one kernel, in order, so under pytest-xdist
  (``-n auto --dist loadgroup``) they are kept on one worker, in order; so
  are the browser tests, in two halves that keep each page's tests
  together, and the tests of a module with a module- or session-scoped
  fixture.  Every other test is scheduled on its own.
* pytest-timeout stops any test after 120 s (pyproject.toml); a browser
  test gets 600 s and a notebook cell 300 s (the first starts a kernel).
  The alarm raises :class:`TestTimeout` (see :func:`pytest_timeout_set_timer`
  for why not pytest-timeout's own exception), and a test that still runs
  ``timeout_grace`` seconds later (an ini option, default 30) ends its
  process, its stacks dumped.
* The notebook kernels keep their IPython history in a temporary folder,
  removed when the run ends, never in the user's ``~/.ipython``.
"""

from __future__ import annotations

import compileall
import functools
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
from pathlib import Path

import pytest

_OWN_IPYTHONDIR = "GAMETREE_TEST_IPYTHONDIR"
_ROOT = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    _start_nbval_kernels_again_if_they_die()
    if config.getoption("numprocesses", None) and not hasattr(config, "workerinput"):
        compile_once_for_the_workers(config)
    # The first process (the xdist controller, or the only one) makes the
    # folder; workers and kernels inherit the environment.
    if _OWN_IPYTHONDIR not in os.environ:
        folder = tempfile.mkdtemp(prefix="gametree-ipython-")
        os.environ[_OWN_IPYTHONDIR] = folder
        os.environ["IPYTHONDIR"] = folder
        config._gametree_ipythondir = folder  # type: ignore[attr-defined]


def compile_once_for_the_workers(config: pytest.Config) -> int:
    """In the xdist controller, before any worker starts: compile the
    package and rewrite the test modules' asserts into their caches
    (``__pycache__``, which git ignores), so that the workers, kernels and
    command-line runs read them instead of each compiling them again.

    On a fresh clone every worker collected the whole suite cold at once,
    each rewriting the same 100 test modules: 14 s of a core each against 7 s
    warm.  Nothing is written when bytecode is not (``PYTHONDONTWRITEBYTECODE``).
    Uses pytest's own rewriting functions (private, pytest pinned in
    requirements-test.txt); if they are not there, the workers rewrite as
    before.  Returns how many test modules were rewritten."""
    if sys.dont_write_bytecode:
        return 0
    compileall.compile_dir(str(_ROOT / "gametree"), quiet=1)
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
    except (ImportError, AttributeError, KeyError):   # another pytest, or --assert=plain
        return 0
    rewritten = 0
    for source in sorted((_ROOT / "tests").rglob("*.py")):
        if not (source.name.startswith("test_") or source.name == "conftest.py"):
            continue
        cache = rewrite.get_cache_dir(source)
        pyc = cache / (source.name[:-3] + rewrite.PYC_TAIL)
        if not rewrite.try_makedirs(cache) or rewrite._read_pyc(source, pyc, state.trace):
            continue
        source_hash, code = rewrite._rewrite_test(source, config)
        rewritten += rewrite._write_pyc(state, code, source_hash, pyc)
    return rewritten


_KERNEL_STARTS = 3
"""How many times a notebook's kernel is started before its cells fail."""


def _start_nbval_kernels_again_if_they_die() -> None:
    """Make nbval start a notebook's kernel again when it dies before it
    answers (see :func:`retrying_kernel_starts`)."""
    import nbval.kernel

    if not getattr(nbval.kernel.start_new_kernel, "_gametree_retries", False):
        nbval.kernel.start_new_kernel = retrying_kernel_starts(nbval.kernel.start_new_kernel)


def retrying_kernel_starts(start):
    """``start`` (nbval's ``start_new_kernel``), tried up to
    ``_KERNEL_STARTS`` times while it raises RuntimeError.

    A kernel listens on ports jupyter_client picks free and closes again
    before the kernel binds them; with three workers, their kernels and the
    browser tests' JupyterLabs starting kernels at once, another process may
    take a port in between, and the kernel exits ("Kernel died before
    replying to kernel_info"): every cell of that notebook then failed.
    nbval gives each attempt a /dev/null for the kernel's stderr; a failed
    attempt's is closed here (nbval left it open, to be reported as an
    unclosed file in whatever test ran next)."""
    def start_new_kernel(*args, **kwargs):
        for attempt in range(1, _KERNEL_STARTS + 1):
            try:
                return start(*args, **kwargs)
            except RuntimeError:
                if kwargs.get("stderr") is not None:
                    kwargs["stderr"].close()
                if attempt == _KERNEL_STARTS:
                    raise
                kwargs["stderr"] = open(os.devnull, "w")  # noqa: SIM115 (the kernel's, as nbval's)

    start_new_kernel._gametree_retries = True  # type: ignore[attr-defined]
    return start_new_kernel


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = getattr(config, "_gametree_ipythondir", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        del os.environ[_OWN_IPYTHONDIR]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("timeout_grace", "seconds a test may run past its timeout (when it swallows "
                  "the TestTimeout raised then) before its process is ended", default="30")


class TestTimeout(BaseException):
    """A test ran past its timeout.

    A BaseException, not an Exception: nothing under test may take it for an
    ordinary failure.  pytest-timeout raises pytest's ``Failed``, which
    Hypothesis catches as a failing example and then shrinks, replaying the
    example that looped with no alarm left to stop it: the suite hung."""

    __test__ = False  # not a test class, whatever its name says


_IN_CALL = pytest.StashKey[bool]()
"""Set on an item while its test function runs."""
_EXPIRED = pytest.StashKey[bool]()
"""Set on an item once its timeout has fired."""

REPEAT = 1.0
"""Seconds between alarms once a test function is past its timeout: an
exception raised where Python cannot pass it on (in a finalizer the
garbage collector runs, say) is lost, so the alarm comes again until the
test function has ended."""


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings) -> bool | None:
    """pytest-timeout's signal method with :class:`TestTimeout` raised on
    the alarm (again every :data:`REPEAT` seconds while the test function
    runs on), and a thread that ends the process (pytest-timeout's thread
    method) if the test still runs ``timeout_grace`` seconds later.
    Other methods, and tests off the main thread, are left to
    pytest-timeout."""
    if settings.method != "signal" or threading.current_thread() is not threading.main_thread():
        return None
    import pytest_timeout

    def expired(signum, frame):
        __tracebackhide__ = True
        item.stash[_EXPIRED] = True
        if item.stash.get(_IN_CALL, False):
            signal.setitimer(signal.ITIMER_REAL, REPEAT)
        raise TestTimeout(f"Timeout (>{settings.timeout}s) from pytest-timeout")

    grace = float(item.config.getini("timeout_grace"))
    backstop = threading.Timer(settings.timeout + grace, pytest_timeout.timeout_timer,
                               (item, settings))
    backstop.name = f"timeout backstop {item.nodeid}"
    backstop.daemon = True

    def cancel() -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        backstop.cancel()

    item.cancel_timeout = cancel  # type: ignore[attr-defined]  # pytest-timeout's cancel hook calls it
    signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    backstop.start()
    return True


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Mark the test function's run for :func:`pytest_timeout_set_timer`;
    once it has ended past its timeout, no alarm comes again (pytest's
    reporting, which follows, must not be interrupted)."""
    item.stash[_IN_CALL] = True
    try:
        return (yield)
    finally:
        item.stash[_IN_CALL] = False
        if item.stash.get(_EXPIRED, False):
            signal.setitimer(signal.ITIMER_REAL, 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.timeout(300))
        elif _is_browser_test(item.nodeid):
            item.add_marker(pytest.mark.timeout(600))
    pages_together(items)


def _is_browser_test(nodeid: str) -> bool:
    return nodeid.replace("\\", "/").split("::", 1)[0].startswith("tests/browser/")


def browser_page(nodeid: str) -> str:
    """The page a browser test reads: the notebook its id names
    (``[02-alpha-beta]``), which Run All left in JupyterLab, or else its
    module (whose own pages its tests share)."""
    notebook = re.search(r"\[(\d\d-[\w-]+)", nodeid)
    return notebook[1] if notebook else nodeid.split("::", 1)[0]


def pages_together(items: list[pytest.Item]) -> None:
    """Reorder the browser tests (in the places they hold) so that the
    tests of each page run one after another, pages in the order they are
    first met: a page's notebook then runs once (tests/browser/conftest.py
    shows one notebook at a time, and opening another runs it again)."""
    where = [i for i, item in enumerate(items) if _is_browser_test(item.nodeid)]
    first: dict[str, int] = {}
    for i in where:
        first.setdefault(browser_page(items[i].nodeid), len(first))
    ordered = sorted((items[i] for i in where), key=lambda item: first[browser_page(item.nodeid)])
    for i, item in zip(where, ordered, strict=True):
        items[i] = item


FIRST_BROWSER_UNIT = frozenset({
    "02-alpha-beta", "03-practice", "06-tic-tac-toe", "08-kalah-strength",
    "tests/browser/test_class_mode.py", "tests/browser/test_pages_in_browser.py"})
"""The pages whose browser tests run on one worker; every other page's run
on another.  Two workers, not three, then start a JupyterLab and a
Chromium and load JupyterLab's page (about 15 s of a core each); the two
halves took about as long as each other (wall seconds in a full run:
02 61, 03 30, 06 26, 08 14, class mode 27, pages 24; 09 37, 10 22, 11 10,
12 41, lab checks 27, site 27)."""


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """With ``--dist loadgroup``: every test on its own, except each
    notebook's cells (one unit, in order), the tests of a module that
    defines a module- or session-scoped fixture (one unit, so that the
    fixture is built once), and the browser tests, which make two units
    (:data:`FIRST_BROWSER_UNIT` and the rest), each page's tests one after
    another (:func:`pages_together`).  Each worker that runs browser tests
    starts its own JupyterLab and Chromium (session fixtures are per
    worker), so two of the three workers share the browser work and each
    notebook is still run once.

    xdist's own loadgroup reads ``xdist_group`` marks through node ids it
    rewrites, which this pytest does not keep; grouping here by node id is
    the same schedule without that."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if _is_browser_test(nodeid):
                return "browser:1" if browser_page(nodeid) in FIRST_BROWSER_UNIT else "browser:2"
            if _TRANSLATED.fullmatch(path):  # a language's notebooks share a kernel
                return path.rsplit("/", 1)[0]  # (its Language collector, below): one unit, in order
            if path.endswith(".ipynb") or _shares_fixtures(path):
                return path
            return nodeid

    return Grouped(config, log)


_TRANSLATED = re.compile(r"notebooks/[a-z]{2}/\d\d-[\w-]+\.ipynb")
"""A translated notebook (notebooks/ko/02-alpha-beta.ipynb)."""

_WIDE_FIXTURE = re.compile(r"""scope\s*=\s*["'](module|session)["']""")


@functools.cache
def _shares_fixtures(path: str) -> bool:
    """Whether the test module at ``path`` (from the repository's root)
    defines a module- or session-scoped fixture: one built once for the
    tests that share it, so they go to one worker together (spread over
    three, each worker built it again: a course site three times, 26 s)."""
    try:
        return bool(_WIDE_FIXTURE.search((_ROOT / path).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError):
        return False


# --- the translated notebooks under nbval, one kernel per language ----------------------
# The translated notebooks (``notebooks/<code>/``) under nbval, one kernel per language.
#
# ``pytest --nbval`` would start a kernel for each of the fifteen translated
# notebooks and import the package, matplotlib and ipywidgets fifteen times.
# Here each language's folder is collected by :class:`Language` instead: its
# notebooks are nbval's own collectors and items (one item per code cell,
# compared with nbval's comparison and tests/sanitize.cfg, as every notebook
# is), but all of them run in one kernel, started for the folder's first
# notebook, its namespace reset (``%reset -f``) before each of the others,
# and stopped after the last.  The kernel's imports are shared, nothing
# else: every translated notebook starts with the cell that sets its
# language, then runs the English notebook's code cells
# (tests/test_translated_notebooks.py checks that).  These hooks live here,
# not in a notebooks/conftest.py, because --doctest-modules imports every
# conftest.py under testpaths as a module named "conftest", and two such
# files under testpaths collide.

_NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"

LANGUAGE_FOLDER = re.compile(r"[a-z]{2}")
"""A translated notebook set's folder: notebooks/ko, notebooks/hi, notebooks/da."""


def pytest_collect_directory(path: Path, parent: pytest.Collector):
    if (path.parent == _NOTEBOOKS and LANGUAGE_FOLDER.fullmatch(path.name)
            and parent.config.getoption("nbval", False)):
        return Language.from_parent(parent, path=path)
    return None


class Language(pytest.Directory):
    """A folder of translated notebooks, run in one shared kernel."""

    kernel = None

    def collect(self):
        from nbval.plugin import IPyNbFile

        class SharedKernelNotebook(IPyNbFile):
            """nbval's notebook, in its language's kernel (reset first)."""

            def setup(self) -> None:
                language = self.parent
                if language.kernel is None or not language.kernel.is_alive():
                    super().setup()
                    language.kernel = self.kernel
                    return
                self.kernel = language.kernel
                _reset(self.kernel)
                self.setup_sanitize_files()

            def teardown(self) -> None:  # the folder's teardown stops the kernel
                pass

        for path in sorted(self.path.glob("[0-9][0-9]-*.ipynb")):
            yield SharedKernelNotebook.from_parent(self, path=path)

    def teardown(self) -> None:
        if self.kernel is not None and self.kernel.is_alive():
            self.kernel.stop()
        self.kernel = None


_RESET = """%reset -f
import sys as _sys
import warnings as _warnings

_warnings._filters_mutated()  # each warning shows again, as in a fresh kernel
if "matplotlib.font_manager" in _sys.modules:  # and each font matplotlib looks for is logged again
    _sys.modules["matplotlib.font_manager"].fontManager._findfont_cached.cache_clear()
del _sys, _warnings
"""
"""Run before each notebook but the first: what a fresh kernel would not
have, gone (a notebook's names; the warnings and font look-ups already
reported once, so that a notebook's stored stderr shows again)."""


def _reset(kernel, timeout: float = 60) -> None:
    """Run :data:`_RESET` in ``kernel`` (the imported modules stay)."""
    msg_id = kernel.execute_cell_input(_RESET, allow_stdin=False)
    kernel.await_reply(msg_id, timeout)
    kernel.await_idle(msg_id, timeout)
