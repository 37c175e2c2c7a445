"""The notebook set as a whole: stored as run, navigation current, openings complete.

nbval (configured in pyproject.toml) re-runs each notebook and compares
outputs; these tests check what nbval cannot: how the notebooks are stored
and how they fit together.
"""

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))


def test_the_set_has_an_index_and_the_lessons_in_course_order():
    names = [p.name for p in PATHS]
    assert names[0] == "00-index.ipynb"
    for stem in ["01-minimax", "02-alpha-beta", "03-practice", "04-pruning-savings", "05-numbergame",
                 "06-tic-tac-toe", "07-kalah"]:
        assert f"{stem}.ipynb" in names


def test_navigation_is_current():
    tool = NOTEBOOKS / "_tools" / "navigation.py"
    result = subprocess.run([sys.executable, str(tool), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_stored_as_one_run_top_to_bottom_without_errors(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    errors = [o for c in code for o in c.outputs if o.output_type == "error"]
    assert errors == []
    assert notebook.metadata.kernelspec.name == "python3"


@pytest.mark.parametrize("path", PATHS[1:], ids=[p.stem for p in PATHS[1:]])
def test_each_lesson_opens_with_a_title_a_goal_and_what_you_will_learn(path):
    notebook = nbformat.read(path, as_version=4)
    opening = "\n".join(c.source for c in notebook.cells[:4] if c.cell_type == "markdown")
    assert re.search(r"^# \S", opening, flags=re.M)
    assert re.search(r"you will learn", opening, flags=re.I)
    assert notebook.metadata.get("gametree", {}).get("summary")


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_widget_cells_skip_output_comparison_and_paste_no_import_hacks(path):
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        assert "sys.path" not in cell.source and "import *" not in cell.source
        assert "eval(" not in cell.source.replace("literal_eval(", "")
        shows_widget = any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                           for o in cell.outputs)
        if shows_widget:
            assert cell.source.lstrip().startswith("# NBVAL_IGNORE_OUTPUT"), cell.source[:80]
