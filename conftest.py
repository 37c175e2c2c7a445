"""Settings for the whole test run: tests/, the doctests and the notebooks.

* Each notebook's cells run in one kernel, in order, so under pytest-xdist
  (``-n auto --dist loadgroup``) they are kept on one worker, in order; so
  are the browser tests that read one notebook's page (their ids name it)
  or one module's pages.
  Every other test is scheduled on its own.
* pytest-timeout stops any test after 120 s (pyproject.toml); a browser
  test gets 600 s and a notebook cell 300 s (the first starts a kernel).
* The notebook kernels keep their IPython history in a temporary folder,
  removed when the run ends, never in the user's ``~/.ipython``.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile

import pytest

_OWN_IPYTHONDIR = "GAMETREE_TEST_IPYTHONDIR"


def pytest_configure(config: pytest.Config) -> None:
    # The first process (the xdist controller, or the only one) makes the
    # folder; workers and kernels inherit the environment.
    if _OWN_IPYTHONDIR not in os.environ:
        folder = tempfile.mkdtemp(prefix="gametree-ipython-")
        os.environ[_OWN_IPYTHONDIR] = folder
        os.environ["IPYTHONDIR"] = folder
        config._gametree_ipythondir = folder  # type: ignore[attr-defined]


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = getattr(config, "_gametree_ipythondir", None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
        del os.environ[_OWN_IPYTHONDIR]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.timeout(300))
        elif _is_browser_test(item.nodeid):
            item.add_marker(pytest.mark.timeout(600))


def _is_browser_test(nodeid: str) -> bool:
    return nodeid.replace("\\", "/").split("::", 1)[0].startswith("tests/browser/")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """With ``--dist loadgroup``: every test on its own, except each
    notebook's cells (one unit, in order) and the browser tests that read
    one page: those whose id names a notebook (``[02-alpha-beta]``) share
    the page that Run All left in that notebook, the rest share their
    module's pages.  Each worker that runs browser tests starts its own
    JupyterLab and Chromium (session fixtures are per worker), so the two
    cores share the browser work and each notebook is still run once.

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
                notebook = re.search(r"\[(\d\d-[\w-]+)", nodeid)
                return f"browser:{notebook[1]}" if notebook else path
            if path.endswith(".ipynb"):
                return path
            return nodeid

    return Grouped(config, log)
