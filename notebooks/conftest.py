"""The translated notebooks (``notebooks/<code>/``) under nbval, one kernel per language.

``pytest --nbval`` (pyproject.toml) would start a kernel for each of the
fifteen translated notebooks and import the package, matplotlib and
ipywidgets fifteen times.  Here each language's folder is collected by
:class:`Language` instead: its notebooks are nbval's own collectors and
items (:class:`nbval.plugin.IPyNbFile`, one item per code cell, compared
with nbval's comparison and tests/sanitize.cfg, as every notebook is), but
all of them run in one kernel, started for the folder's first notebook,
its namespace reset (``%reset -f``) before each of the others, and
stopped after the last.  conftest.py keeps a language's notebooks on one
xdist worker, in order.

The kernel's imports are shared, nothing else: every translated notebook
starts with the cell that sets its language, then runs the English
notebook's code cells (tests/test_translated_notebooks.py checks that).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LANGUAGE_FOLDER = re.compile(r"[a-z]{2}")
"""A translated notebook set's folder: notebooks/ko, notebooks/hi, notebooks/da."""


def pytest_collect_directory(path: Path, parent: pytest.Collector):
    if (path.parent == Path(__file__).parent and LANGUAGE_FOLDER.fullmatch(path.name)
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
