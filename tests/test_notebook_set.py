"""The notebook set as a whole: stored as run, navigation current, openings complete.

nbval (configured in pyproject.toml) re-runs each notebook and compares
outputs; these tests check what nbval cannot: how the notebooks are stored
and how they fit together.  tests/test_spoilers.py holds the rules for
exercises and solutions, tests/test_solutions.py runs the solutions.
"""

import ast
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))


COURSE = ["00-index", "01-minimax", "02-alpha-beta", "03-practice", "04-pruning-savings",
          "05-numbergame", "06-tic-tac-toe", "07-kalah", "08-kalah-strength", "09-chance",
          "10-more-players", "11-windows", "12-mcts", "13-chess"]


def test_the_set_has_an_index_and_the_lessons_in_course_order():
    """Practice by hand comes right after alpha-beta; Kalah takes two sessions;
    chance comes after the two-player games."""
    assert [p.stem for p in PATHS][: len(COURSE)] == COURSE


def test_navigation_is_current(capsys):
    # The tool's main in this process: a Python of its own spent seconds importing nbformat.
    spec = importlib.util.spec_from_file_location("navigation", NOTEBOOKS / "_tools" / "navigation.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main(["--check"]) == 0, capsys.readouterr().err


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
def test_each_notebook_opens_with_navigation_a_title_and_a_motivating_paragraph(path):
    cells = nbformat.read(path, as_version=4).cells
    assert "navigation" in cells[0].metadata.get("tags", []) and "navigation" in cells[-1].metadata.get("tags", [])
    title = cells[1]
    assert title.cell_type == "markdown" and title.source.startswith("# ")
    paragraph = title.source.split("\n\n")[1]
    assert len(paragraph.split()) >= 30, "the title is followed by a paragraph saying why the lesson matters"
    assert re.search(r"\*\*You will learn\*\*", title.source)


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_student_facing_text_names_sources_not_a_problem_statement(path):
    """Students never saw "the problem statement" or "the judge sample": the
    trees are AIMA Figure 5.2 and the algospot NUMBERGAME problem."""
    for cell in nbformat.read(path, as_version=4).cells:
        texts = [cell.source]
        if cell.cell_type == "code":
            texts += [o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.outputs]
        for text in texts:
            assert not re.search(r"problem statement|judge sample|the statement\b|statement's", text,
                                 flags=re.I), text[:120]


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


def displayed_widgets(notebook) -> list[tuple[int, str]]:
    """(cell index, name) of each widget a cell shows as its last expression."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or not any(
                "application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell.outputs):
            continue
        last = ast.parse(cell.source).body[-1]
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Name):
            found.append((index, last.value.id))
    return found


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_run_all_leaves_each_displayed_widget_fresh_for_the_student(path):
    """No later cell touches a widget once it is on display: cells that show
    what a widget does drive instances of their own, so after Run All the
    student meets each widget in the state the text describes."""
    notebook = nbformat.read(path, as_version=4)
    for index, name in displayed_widgets(notebook):
        for later in notebook.cells[index + 1:]:
            if later.cell_type == "code":
                used = {node.id for node in ast.walk(ast.parse(later.source)) if isinstance(node, ast.Name)}
                assert name not in used, f"{name!r}, shown in cell {index}, is driven later: {later.source[:80]!r}"


RANDOM_MAKERS = {"random_tree", "random_leaves"}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_every_random_tree_is_seeded(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        # The global generators are unseeded; random.Random(seed) and default_rng(seed) are fine.
        assert not re.search(r"\brandom\.(random|randint|choice|choices|shuffle|sample|uniform)\(|"
                             r"np\.random\.(rand|randn|randint|choice|shuffle)\(|default_rng\(\)",
                             cell.source), cell.source[:80]
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) in RANDOM_MAKERS:
                seed = [k.value for k in node.keywords if k.arg == "seed"] or node.args[2:3]
                assert seed and not (isinstance(seed[0], ast.Constant) and seed[0].value is None), \
                    ast.unparse(node)


IMAGES = ("image/png", "image/jpeg", "image/gif", "image/svg+xml")


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_every_stored_picture_carries_alt_text(path):
    """Each picture output holds a sentence of alt text in its metadata (nbformat's
    ``metadata[mime]["alt"]``), for screen readers and for pages that cannot show it:
    a tree, a chart, a widget's picture or a printed page alike."""
    notebook = nbformat.read(path, as_version=4)
    missing = []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            for mime in set(output.get("data", {})) & set(IMAGES):
                alt = output.get("metadata", {}).get(mime, {}).get("alt", "")
                if not (isinstance(alt, str) and len(alt.split()) >= 5):
                    missing.append(f"cell {index}: {cell.source[:60]!r}")
    assert missing == []
