"""Shared fixtures: the statement's examples and textbook trees."""

import importlib.util
import os
from pathlib import Path

import pytest

import gametree


@pytest.fixture(scope="session")
def root_conftest():
    """The repository's conftest.py (how the run is scheduled and set up),
    loaded again by its path as a module of its own, for tests to call."""
    spec = importlib.util.spec_from_file_location(
        "root_conftest", Path(__file__).resolve().parent.parent / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fig52():
    """AIMA's Figure 5.2 / the statement's first example: value 3, 7 of 9 leaves."""
    return [3, 12, 8, 2, 4, 6, 14, 5, 2], 3


@pytest.fixture
def fig52_trace(fig52):
    return gametree.trace_alpha_beta(*fig52)


# --- each notebook runs once for nbval and for its solutions ---------------------------

_SOLUTIONS = pytest.StashKey[object]()
"""tests/test_solutions.py, when its checks were moved into nbval's kernels."""


# --- how many xdist workers -n auto starts ---------------------------------------------


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than there are cores: a worker running a notebook
    or a browser test spends much of its time waiting for a kernel,
    JupyterLab or Chromium, and a third worker on two cores uses that time
    (the whole run took 6:19 with two workers; see the README for three)."""
    return (os.cpu_count() or 1) + 1


@pytest.hookimpl(trylast=True)  # once -k, -m and --deselect have chosen the items
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Where nbval runs a notebook in this session, its solutions are
    checked in nbval's kernel (see tests/test_solutions.py), not in a
    kernel of their own: the notebook runs once for both."""
    solutions = next((item.module for item in items
                      if item.nodeid.startswith("tests/test_solutions.py::")), None)
    if solutions is not None:
        solutions.move_into_nbval_kernels(items)
        config.stash[_SOLUTIONS] = solutions


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    """Before a notebook's first cell: what tests/test_solutions.py notes."""
    solutions = item.config.stash.get(_SOLUTIONS, None)
    if solutions is not None:
        solutions.note_files_before(item)
