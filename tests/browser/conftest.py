"""JupyterLab and Chromium for the browser tests: what a student sees.

nbval runs every cell but never draws anything, so a widget can pass nbval
and still show "Error displaying widget" in JupyterLab.  These fixtures
start the real thing:

* ``lab_server`` (one per session): JupyterLab on 127.0.0.1 with a random
  port and token, serving a temporary copy of ``notebooks/`` (the real
  notebooks are never touched), with its own config, settings, runtime and
  workspace folders so a user's settings never leak in, and nothing that
  reaches the network (no news, no update check, read-only extension
  manager).
* ``browser`` (one per session): Debian's Chromium, headless, driven by
  Playwright.  ``playwright install`` is never needed.
* ``lab`` (one per test) and ``lab_pages`` (to open pages that outlive a
  test, and the one page in which the notebooks are run one after another,
  :meth:`LabPages.ran`): a browser page with helpers that open a notebook,
  run all cells, wait until the kernel is idle and every widget has been
  drawn, and list what a student would see go wrong (:meth:`LabPage.problems`).

With ``GAMETREE_SCREENSHOTS=1`` the tests also save pictures of what they
saw in ``tests/browser/screenshots/`` (a failing test saves one anyway).

Every process started here (the server, its kernels, the Playwright driver
and the browser) is stopped by process id when the session ends, also
after a failure.

Without ``/usr/bin/chromium`` the browser tests are skipped, with the
command that installs it; with ``GAMETREE_REQUIRE_BROWSER=1`` (CI) they fail
instead.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import psutil  # a dependency of ipykernel
import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
LAB_SETTINGS = REPO / "jupyter" / "lab" / "settings"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = Path("/usr/bin/chromium")
# Headless, and nothing in the background that would reach the network.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
VIEWPORT = {"width": 1280, "height": 900}
# The tallest screenshot Chromium takes in one piece.
MAX_SCREENSHOT_HEIGHT = 16000


# --- is there a browser? ------------------------------------------------------------


def _browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    if not CHROMIUM.exists():
        return (f"Chromium is not installed at {CHROMIUM}; install it with "
                f"`sudo apt-get install chromium` (Debian/Ubuntu) to run the browser tests")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("Playwright for Python is not installed; run "
                "`.venv/bin/pip install -r requirements-test.txt` (never `playwright install`: "
                "the tests use Debian's Chromium)")
    return None


@pytest.fixture(scope="session")
def browser_available():
    """Skip the browser tests when Chromium is missing, or fail in CI
    (``GAMETREE_REQUIRE_BROWSER=1``)."""
    reason = _browser_missing()
    if reason is not None:
        if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"GAMETREE_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        pytest.skip(reason)


# --- stopping what we started, by process id -------------------------------------------


def _with_descendants(processes: list[psutil.Process]) -> list[psutil.Process]:
    """The processes and everything they started, as far as still running."""
    found = {}
    for process in processes:
        try:
            found[process.pid] = process
            for child in process.children(recursive=True):
                found[child.pid] = child
        except psutil.NoSuchProcess:
            pass
    return list(found.values())


def _kill(processes: list[psutil.Process], grace: float = 5.0) -> None:
    """Terminate the processes that still run (psutil checks each is the
    process we saw, not a new one with a recycled id), then kill the rest."""
    alive = []
    for process in processes:
        try:
            process.terminate()
            alive.append(process)
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(alive, timeout=grace)
    for process in alive:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(alive, timeout=grace)


# --- the JupyterLab server ------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class LabServer:
    """A JupyterLab server on a temporary copy of the notebooks.

    Attributes
    ----------
    url : str
        ``http://127.0.0.1:<port>``.
    token : str
        The random token every request must carry.
    root : Path
        The folder the server serves: a copy of ``notebooks/``.  Tests may
        add throwaway notebooks here.
    log : Path
        The server's output.
    """

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.root = workdir / "notebooks"
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.token = secrets.token_hex(24)
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / "jupyterlab.log"
        self.process: subprocess.Popen | None = None

    def _environment(self) -> dict[str, str]:
        dirs = {name: self.workdir / name for name in ("config", "data", "runtime", "settings",
                                                        "workspaces", "ipython")}
        for path in dirs.values():
            path.mkdir()
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("JUPYTER", "IPYTHON")) and k != "PYTHONSTARTUP"}
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
            JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
            IPYTHONDIR=str(dirs["ipython"]),
            JUPYTER_PLATFORM_DIRS="1",
            # The kernel is the venv's python (jupyter_client runs sys.executable
            # for the "python3" kernel); put its scripts first on PATH too.
            PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        )
        return env

    def start(self, timeout: float = 90.0) -> None:
        command = [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser", "--ServerApp.open_browser=False",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--ServerApp.terminals_enabled=False",
            # window.jupyterapp, to run cells and read kernel state as the UI does.
            "--LabApp.expose_app_in_browser=True",
            # Nothing that reaches the network.
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.handlers.announcements.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            # The repository's answer to the news question, as the README's start command
            # passes it (test_lab_checks.py checks the question is never asked).
            f"--LabApp.app_settings_dir={LAB_SETTINGS}",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:  # containers and CI often run as root
            command.append("--allow-root")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, cwd=self.root, env=self._environment(),
                                            stdin=subprocess.DEVNULL, stdout=log,
                                            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with status {self.process.returncode}:\n"
                                   f"{self.log_tail()}")
            try:
                self.api("GET", "/api/status")
                return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not answer on {self.url} within "
                                       f"{timeout:.0f} s:\n{self.log_tail()}") from None
                time.sleep(0.2)

    def api(self, method: str, path: str):
        """Call the server's REST API; returns the decoded JSON (or None)."""
        request = urllib.request.Request(self.url + path, method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self, paths: set[str]) -> None:
        """End the sessions (and kernels) of the notebooks at ``paths``."""
        for session in self.api("GET", "/api/sessions"):
            if session.get("path") in paths:
                self.api("DELETE", f"/api/sessions/{session['id']}")

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except FileNotFoundError:
            return "(no log)"

    def stop(self) -> None:
        """Stop the server and every kernel it started, by process id."""
        if self.process is None:
            return
        try:
            server = psutil.Process(self.process.pid)
            started = _with_descendants([server])
        except psutil.NoSuchProcess:
            started = []
        if self.process.poll() is None:
            # SIGTERM first: the server shuts its kernels down itself.
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        # Kernels run in sessions of their own: stop any the server left behind.
        _kill([p for p in started if p.pid != self.process.pid])
        try:
            os.killpg(self.process.pid, signal.SIGKILL)  # anything else in the server's group
        except ProcessLookupError:
            pass


@pytest.fixture(scope="session")
def lab_server(browser_available, tmp_path_factory):
    """One JupyterLab for the session, on a temporary copy of notebooks/."""
    # Build matplotlib's font cache now, so its one-time notice never shows
    # up as stderr in the first notebook a fresh machine runs.
    subprocess.run([sys.executable, "-c", "import matplotlib.font_manager"], check=True,
                   capture_output=True)
    server = LabServer(tmp_path_factory.mktemp("jupyterlab"))
    try:
        server.start()
        yield server
    finally:
        server.stop()


# --- the browser -------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser(browser_available):
    """Debian's Chromium, headless, driven by Playwright."""
    from playwright.sync_api import sync_playwright

    me = psutil.Process()
    before = {child.pid for child in me.children()}
    playwright = sync_playwright().start()
    started = [child for child in me.children() if child.pid not in before]  # the driver
    launched = None
    try:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                              args=CHROMIUM_FLAGS)
        yield launched
    finally:
        everything = _with_descendants(started)  # the driver and the browser it launched
        try:
            if launched is not None:
                launched.close()
        finally:
            playwright.stop()
            _kill(everything)


# --- pages --------------------------------------------------------------------------

# Page-side helpers, installed before JupyterLab loads.  They read the
# notebook as JupyterLab holds it: cells, outputs, kernel status.
_PAGE_HELPERS = r"""
window.__gametree = {
  panel(path) {
    const app = window.jupyterapp;
    if (!app) return null;
    for (const widget of app.shell.widgets('main')) {
      if (widget.context && widget.context.path === path && widget.content && widget.content.widgets) return widget;
    }
    return null;
  },
  opened(path) {
    const dialog = document.querySelector('.jp-Dialog');
    if (dialog) return 'dialog: ' + dialog.textContent.replace(/\s+/g, ' ').trim();
    const panel = this.panel(path);
    if (!panel || !panel.context.isReady) return '';
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    return kernel && kernel.status === 'idle' && panel.content.widgets.length > 0 ? 'ready' : '';
  },
  close(path) {
    // Close the notebook without asking to save it (Run All changed its outputs).
    const panel = this.panel(path);
    if (!panel) return;
    panel.context.model.dirty = false;
    panel.close();
  },
  runAll(path) {
    const panel = this.panel(path);
    window.jupyterapp.shell.activateById(panel.id);
    panel.content.activate();
    window.__gametreeRun = {path, done: false, result: null, error: null};
    const run = window.__gametreeRun;
    window.jupyterapp.commands.execute('notebook:run-all-cells').then(
      result => { run.done = true; run.result = result; },
      error => { run.done = true; run.error = String(error); });
  },
  state(path) {
    const panel = this.panel(path);
    const run = window.__gametreeRun || {};
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    const cells = panel.content.widgets;
    const running = [];
    const unexecuted = [];
    let loading = 0;
    cells.forEach((cell, i) => {
      if (cell.model.type !== 'code') return;
      const prompt = cell.node.querySelector('.jp-InputPrompt');
      if (cell.model.executionState === 'running' || (prompt && prompt.textContent.includes('*'))) running.push(i);
      if (cell.model.executionCount === null || cell.model.executionCount === undefined) unexecuted.push(i);
      for (const output of cell.node.querySelectorAll('.jp-OutputArea-output')) {
        if (output.textContent.trim() === 'Loading widget...') loading += 1;
      }
    });
    return {done: run.path === path && run.done, result: run.result, error: run.error,
            kernel: kernel ? kernel.status : 'no kernel', running, unexecuted, loading};
  },
  problems(path) {
    const panel = this.panel(path);
    const found = [];
    const say = (cell, kind, text) => found.push(`cell ${cell}: ${kind}: ${String(text).trim().slice(0, 500)}`);
    panel.content.widgets.forEach((cell, i) => {
      const tags = (cell.model.getMetadata && cell.model.getMetadata('tags')) || [];
      const expected = tags.includes('raises-exception');  // nbval's tag for a cell that shows an error on purpose
      if (cell.model.type === 'code' && !expected) {
        for (const output of cell.model.outputs.toJSON()) {
          if (output.output_type === 'error') say(i, 'error', `${output.ename}: ${output.evalue}`);
          if (output.output_type === 'stream' && output.name === 'stderr') {
            say(i, 'stderr', Array.isArray(output.text) ? output.text.join('') : output.text);
          }
        }
        // Errors printed inside widgets (an Output widget catching an exception).
        for (const el of cell.node.querySelectorAll(
            '.jupyter-widgets [data-mime-type="application/vnd.jupyter.stderr"]')) {
          say(i, 'error inside a widget', el.textContent);
        }
      }
      for (const el of cell.node.querySelectorAll('.jupyter-widgets-error-widget')) {
        say(i, 'widget error', 'Error displaying widget (' + el.textContent.trim() + ')');
      }
      for (const el of cell.node.querySelectorAll('.jp-OutputArea-output')) {
        const text = el.textContent.trim();
        if (text.startsWith('Error displaying widget')) say(i, 'widget error', text);
        if (text === 'Loading widget...') say(i, 'widget error', 'the widget never loaded ("Loading widget...")');
      }
    });
    return found;
  },
  scroller(path) {
    const panel = this.panel(path);
    return panel.content.node.closest('.jp-WindowedPanel-outer') || panel.content.node.querySelector('.jp-WindowedPanel-outer') || panel.content.node;
  },
};
"""


class LabPage:
    """One browser page on the lab: open a notebook, run it, read what shows.

    Attributes
    ----------
    page : playwright.sync_api.Page
        The page, for tests that click and type.
    path : str or None
        The notebook open in it, relative to the server root.
    console_errors : list of str
        JavaScript errors the page logged (for failure messages).
    """

    def __init__(self, server: LabServer, context):
        self.server = server
        self.context = context
        self.page = context.new_page()
        self.path: str | None = None
        self.console_errors: list[str] = []
        self.page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        self.page.add_init_script(_PAGE_HELPERS)

    def open(self, path: str, timeout: float = 90.0) -> None:
        """Open the notebook at ``path`` and wait for its kernel to be idle.

        The first notebook loads JupyterLab in the page; a later one is
        opened in the same JupyterLab, after the one shown is closed and
        its kernel shut down (loading JupyterLab costs seconds of a core)."""
        if self.path is None:
            url = (f"{self.server.url}/lab/tree/{urllib.parse.quote(path)}"
                   f"?reset&token={self.server.token}")
            self.page.goto(url, wait_until="domcontentloaded")
        else:
            self.page.evaluate("p => window.__gametree.close(p)", self.path)
            self.page.wait_for_function("p => !window.__gametree.panel(p)", arg=self.path,
                                        timeout=timeout * 1000, polling=100)
            self.server.shut_down_kernels({self.path})
            self.console_errors.clear()
            self.page.evaluate("p => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }",
                               path)
        self.path = path
        status = self.page.wait_for_function("p => window.__gametree.opened(p)", arg=path,
                                             timeout=timeout * 1000, polling=200).json_value()
        if status != "ready":
            raise AssertionError(f"{path} did not open cleanly: {status}")

    def state(self) -> dict:
        return self.page.evaluate("p => window.__gametree.state(p)", self.path)

    def run_all(self, timeout: float = 240.0, widget_timeout: float = 20.0) -> dict:
        """Run all cells; return once the run has finished, the kernel is
        idle and no cell is executing, and widgets have been drawn (or
        ``widget_timeout`` passed: :meth:`problems` then reports them).

        Returns the final :meth:`state`.
        """
        self.page.evaluate("p => window.__gametree.runAll(p)", self.path)
        state = self.wait_idle(timeout)
        deadline = time.monotonic() + widget_timeout
        while state["loading"] and time.monotonic() < deadline:
            time.sleep(0.25)
            state = self.state()
        # Let the last outputs and images paint.
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        return state

    def wait_idle(self, timeout: float = 60.0) -> dict:
        """Wait until no cell runs and the kernel has been idle twice in a
        row, 0.25 s apart (so every message the page sent it, such as a
        typed value, has been handled); return the :meth:`state`."""
        deadline = time.monotonic() + timeout
        calm = 0
        while True:
            state = self.state()
            finished = state["done"] and state["kernel"] == "idle" and not state["running"]
            calm = calm + 1 if finished else 0
            if calm >= 2:
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.path}: still running after {timeout:.0f} s: {state}")
            time.sleep(0.25)

    def problems(self) -> list[str]:
        """What a student would see go wrong: error and stderr outputs
        (except in cells tagged ``raises-exception``), errors inside
        widgets, and widgets that show "Error displaying widget" or never
        load."""
        return self.page.evaluate("p => window.__gametree.problems(p)", self.path)

    def screenshot(self, name: str, *, always: bool = False) -> list[Path]:
        """Save the whole notebook, top to bottom, as
        ``tests/browser/screenshots/<name>.png`` (git ignores the folder);
        a notebook taller than one picture continues in ``<name>-2.png``
        and so on.  Returns the files written.

        Pictures for a person to look at are taken only with
        ``GAMETREE_SCREENSHOTS=1`` (each costs seconds of both cores);
        ``always=True`` takes one anyway, for a test that is failing."""
        if not (always or os.environ.get("GAMETREE_SCREENSHOTS") == "1"):
            return []
        SCREENSHOTS.mkdir(exist_ok=True)
        for old in SCREENSHOTS.glob(f"{name}-*.png"):
            old.unlink()
        measure = ("p => { const s = window.__gametree.scroller(p); s.scrollTop = 0;"
                   " const cells = window.__gametree.panel(p).content.widgets;"
                   " const bottom = cells[cells.length - 1].node.getBoundingClientRect().bottom;"
                   " return [bottom - s.getBoundingClientRect().top + 60, s.clientHeight, window.innerHeight]; }")
        settle = "() => new Promise(r => setTimeout(() => requestAnimationFrame(() => r()), 400))"
        written = []
        try:
            # Cells off screen are not laid out (content-visibility), so the
            # notebook's height is known only once the window shows them all:
            # grow the window until the height stops changing.
            height = 0
            for _ in range(6):
                content, visible, window_height = self.page.evaluate(measure, self.path)
                wanted = min(round(window_height - visible + content), MAX_SCREENSHOT_HEIGHT)
                if wanted <= height:
                    break
                height = wanted
                self.page.set_viewport_size({"width": VIEWPORT["width"],
                                             "height": max(height, VIEWPORT["height"])})
                self.page.evaluate(settle)
            content, visible, _ = self.page.evaluate(measure, self.path)
            top = 0
            while True:
                target = SCREENSHOTS / (f"{name}.png" if not written else f"{name}-{len(written) + 1}.png")
                self.page.screenshot(path=str(target))
                written.append(target)
                top += visible
                if top >= content - 100 or len(written) >= 10:  # (content has a 60 px margin)
                    break
                self.page.evaluate("([p, y]) => { window.__gametree.scroller(p).scrollTop = y; }",
                                   [self.path, top])
                self.page.evaluate(settle)
        finally:
            self.page.set_viewport_size(VIEWPORT)
        return written

    def close(self) -> None:
        try:
            if self.path is not None:
                self.server.shut_down_kernels({self.path})
        finally:
            self.context.close()


class LabPages:
    """Opens :class:`LabPage` objects; closes any left open at the end."""

    def __init__(self, server: LabServer, browser):
        self.server, self.browser = server, browser
        self.open_pages: list[LabPage] = []
        self._shared: LabPage | None = None
        self._ran: dict[str, dict] = {}

    def new(self) -> LabPage:
        page = LabPage(self.server, self.browser.new_context(viewport=VIEWPORT))
        self.open_pages.append(page)
        return page

    def ran(self, path: str, **run_all) -> tuple[LabPage, dict]:
        """The page of notebook ``path`` after Run All (with the
        :meth:`LabPage.run_all` options ``run_all``), and the state the
        run ended in.  Each notebook is run once while its tests run:
        the test that every cell runs and the tests that drive its widgets
        afterwards read the same page (running a notebook in JupyterLab
        costs seconds of both cores).

        One page shows the notebooks, one after another, in one JupyterLab
        (:meth:`LabPage.open`), and only the last notebook stays open: the
        tests that read one notebook's page run one after another
        (conftest.py keeps them in one xdist unit), and an open notebook
        with its kernel keeps using the CPU the other tests need."""
        if path not in self._ran:
            self._ran.clear()
            if self._shared is None:
                self._shared = self.new()
            self._shared.open(path)
            self._ran[path] = self._shared.run_all(**run_all)
        return self._shared, self._ran[path]

    def close(self, page: LabPage) -> None:
        if page is self._shared:
            self._shared = None
            self._ran.clear()
        if page in self.open_pages:
            self.open_pages.remove(page)
            page.close()


@pytest.fixture(scope="session")
def lab_pages(lab_server, browser):
    """Make pages that may outlive one test (module fixtures)."""
    pages = LabPages(lab_server, browser)
    yield pages
    for page in list(pages.open_pages):
        pages.close(page)


@pytest.fixture
def lab(lab_pages):
    """A fresh page for one test."""
    page = lab_pages.new()
    yield page
    lab_pages.close(page)


# --- figures for a person to read -------------------------------------------------------

_FIGURES = pytest.StashKey[list]()


@pytest.fixture
def report_figure(request):
    """``report_figure("line")`` prints a line now and again in the test
    summary, so measured figures show without ``-s``."""
    lines = request.config.stash.setdefault(_FIGURES, [])

    def report(line: str) -> None:
        print(line)
        lines.append(line)

    return report


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    lines = config.stash.get(_FIGURES, [])
    if lines:
        terminalreporter.section("browser measurements")
        for line in lines:
            terminalreporter.write_line(line)
