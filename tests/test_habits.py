"""Habits the repository keeps: notebooks stored without execution
timestamps, tests that leave no IPython history, lint and type checks run
by CI."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "notebooks" / "_tools"
sys.path.insert(0, str(TOOLS))
import timestamps  # noqa: E402  (a script folder, not a package)


def notebook_with_timestamps():
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("1 + 1"), nbformat.v4.new_markdown_cell("text"),
                      nbformat.v4.new_code_cell("2")]
    notebook.cells[0].metadata["execution"] = {"iopub.status.busy": "2026-11-30T03:34:59Z",
                                               "shell.execute_reply": "2026-11-30T03:35:00Z"}
    notebook.cells[2].metadata["execution"] = {"iopub.status.idle": "2026-11-30T03:35:01Z"}
    notebook.cells[2].metadata["tags"] = ["keep"]
    return notebook


def test_the_tool_strips_every_timestamp_and_nothing_else(tmp_path):
    import nbformat

    path = tmp_path / "n.ipynb"
    nbformat.write(notebook_with_timestamps(), path)
    assert timestamps.timed_cells(path) == 2
    assert timestamps.main([str(path)]) == 0
    assert timestamps.timed_cells(path) == 0
    stripped = nbformat.read(path, as_version=4)
    assert stripped.cells[2].metadata == {"tags": ["keep"]}
    assert [c.source for c in stripped.cells] == ["1 + 1", "text", "2"]


def test_execute_runs_without_recording_timestamps_and_strips_them():
    source = (TOOLS / "execute.py").read_text()
    assert "record_timing=False" in source and "timestamps.strip(notebook)" in source


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb")),
                         ids=lambda p: p.name)
def test_stored_notebooks_carry_no_execution_timestamps(path):
    cells = json.loads(path.read_text())["cells"]
    timed = [i for i, cell in enumerate(cells) if "execution" in cell.get("metadata", {})]
    assert timed == [], (f"{path.name}: cells {timed[:5]} carry timestamps; run "
                         f"python notebooks/_tools/timestamps.py")


def test_kernels_started_by_the_tests_keep_history_out_of_the_users_folder():
    folder = os.environ.get("IPYTHONDIR", "")
    assert "gametree-ipython-" in folder and Path(folder).is_dir()
    code = "import IPython.paths; print(IPython.paths.get_ipython_dir())"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert shown == folder and not shown.startswith(str(Path.home()))


def test_ci_runs_lint_and_type_checks_and_they_are_pinned():
    ci = (ROOT / ".ci" / "run").read_text()
    assert ".venv/bin/ruff check" in ci and ".venv/bin/mypy --no-error-summary" in ci
    pins = (ROOT / "requirements-test.txt").read_text()
    for tool in ("ruff==", "mypy==", "pytest-timeout==", "pytest-xdist=="):
        assert tool in pins


def test_xdist_keeps_notebooks_browser_modules_and_shared_fixtures_together_and_spreads_the_rest(
        root_conftest):
    # The suite's own run is the end-to-end check: nbval runs every notebook under
    # ``-n auto --dist loadgroup``, and a notebook split over two workers fails its cells.
    root = root_conftest

    class Config:
        @staticmethod
        def getvalue(name):
            return "loadgroup"

    scheduler = root.pytest_xdist_make_scheduler(Config, log=None)
    scope = scheduler._split_scope
    assert scope("notebooks/02-alpha-beta.ipynb::Cell 3") == "notebooks/02-alpha-beta.ipynb"
    # Browser tests make two units, so that two workers (not three) start a JupyterLab;
    # whatever reads one notebook's page is in one of them, whatever its module.
    in_browser = "tests/browser/test_notebooks_in_browser.py"
    assert (scope(f"{in_browser}::test_every_cell_runs[09-chance]")
            == scope("tests/browser/test_dice_in_browser.py::test_a_roll[09-chance]")
            != scope(f"{in_browser}::test_every_cell_runs[02-alpha-beta]"))
    assert (scope(f"{in_browser}::test_play[02-alpha-beta]")
            == scope(f"{in_browser}::test_every_cell_runs[02-alpha-beta]")
            == scope("tests/browser/test_class_mode.py::test_x"))
    lab_checks = "tests/browser/test_lab_checks.py"
    assert scope(f"{lab_checks}::test_x") == scope(f"{lab_checks}::test_z[2]")
    assert {scope(f"tests/browser/{name}::test_x") for name in os.listdir(ROOT / "tests" / "browser")
            if name.startswith("test_")} == {"browser:1", "browser:2"}
    # ... and within them each page's tests run one after another, in the order first met.

    class Item:
        def __init__(self, nodeid):
            self.nodeid = nodeid

    ids = [f"{in_browser}::test_every_cell_runs[02-alpha-beta]", "tests/test_a.py::test_a",
           f"{in_browser}::test_every_cell_runs[09-chance]",
           f"{in_browser}::test_play[02-alpha-beta]",
           "tests/browser/test_dice_in_browser.py::test_a_roll[09-chance]",
           f"{lab_checks}::test_x", f"{in_browser}::test_arrow_keys[02-alpha-beta]",
           f"{lab_checks}::test_z[2]"]
    items = [Item(i) for i in ids]
    root.pages_together(items)
    assert [item.nodeid for item in items] == [ids[0], ids[1], ids[3], ids[6], ids[2], ids[4],
                                               ids[5], ids[7]]
    assert scope("tests/test_trace.py::test_lone_leaf") == "tests/test_trace.py::test_lone_leaf"
    # A module with a module-scoped fixture is one unit: the fixture is built once.
    assert 'scope="module"' in (ROOT / "tests" / "test_site.py").read_text()
    assert (scope("tests/test_site.py::test_every_notebook_is_a_page_with_an_index")
            == scope("tests/test_site.py::test_no_script_or_style_sheet_comes_from_the_network")
            == "tests/test_site.py")
    assert "scope=" not in (ROOT / "tests" / "test_trace.py").read_text()
