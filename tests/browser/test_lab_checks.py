"""The browser checks themselves: on throwaway notebooks that go wrong on
purpose, :meth:`LabPage.problems` must see every kind of failure a student
would see, and stay quiet on a notebook that works.

The throwaway notebooks are written into the server's temporary copy of
notebooks/, never into the repository.
"""

import nbformat
import pytest

pytestmark = pytest.mark.browser

CLEAN = [
    nbformat.v4.new_markdown_cell("# A notebook that works"),
    nbformat.v4.new_code_cell("import ipywidgets as widgets\n1 + 1"),
    nbformat.v4.new_code_cell("widgets.IntSlider(value=3, description='n')"),
    nbformat.v4.new_code_cell("print('stdout is fine')"),
]

BROKEN = [
    nbformat.v4.new_code_cell("import sys\nimport ipywidgets as widgets\nimport traitlets"),
    nbformat.v4.new_code_cell("print('a warning a student would see', file=sys.stderr)"),
    # A view the browser cannot find (what a widget-version mismatch looks like).
    nbformat.v4.new_code_cell(
        "class NoView(widgets.DOMWidget):\n"
        "    _view_name = traitlets.Unicode('NoSuchView').tag(sync=True)\n"
        "    _view_module = traitlets.Unicode('@jupyter-widgets/controls').tag(sync=True)\n"
        "    _view_module_version = traitlets.Unicode(widgets.__protocol_version__).tag(sync=True)\n"
        "NoView()"),
    # A view of a model that does not exist.
    nbformat.v4.new_code_cell(
        "from IPython.display import display\n"
        "display({'application/vnd.jupyter.widget-view+json':"
        " {'model_id': 'no-such-model', 'version_major': 2, 'version_minor': 0}}, raw=True)"),
    # An exception caught by an Output widget: shown inside the widget.
    nbformat.v4.new_code_cell(
        "out = widgets.Output()\n"
        "with out:\n"
        "    raise ZeroDivisionError('inside the widget')\n"
        "out"),
    nbformat.v4.new_code_cell("raise KeyError('shown on purpose')",
                              metadata={"tags": ["raises-exception"]}),
    nbformat.v4.new_code_cell("raise ValueError('boom')"),
    nbformat.v4.new_code_cell("'never runs'"),
]


def _write(root, name, cells):
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, root / name)
    return name


@pytest.fixture(scope="module")
def clean(lab_server, lab_pages):
    """What the page shows once the clean notebook ran: its problems, its
    state, and how many sliders were drawn (read at once: the notebooks'
    page shows the next notebook after this module's tests)."""
    page, state = lab_pages.ran(_write(lab_server.root, "_check_clean.ipynb", CLEAN))
    return page.problems(), state, page.page.locator(".widget-slider").count(), page.page.inner_text("body")


@pytest.fixture(scope="module")
def broken(lab_server, lab_pages):
    page, state = lab_pages.ran(_write(lab_server.root, "_check_broken.ipynb", BROKEN),
                                widget_timeout=4)
    return page, page.problems(), state


def test_a_notebook_that_works_shows_no_problems_and_every_cell_ran(clean):
    problems, state, sliders, _ = clean
    assert problems == []
    assert state["unexecuted"] == [] and state["kernel"] == "idle"
    # The slider really was drawn, not left as "Loading widget...".
    assert sliders == 1


def test_no_news_prompt(clean):
    """JupyterLab, started with the repository's settings, never asks about Jupyter news
    (without them it asks in a toast over the notebook once the lab has loaded)."""
    *_, text = clean
    assert "Jupyter news" not in text
    assert "A notebook that works" in text  # the text read is the lab's, with the notebook open


def test_an_exception_is_reported_with_its_message(broken):
    _, problems, _ = broken
    assert "cell 6: error: ValueError: boom" in problems


def test_a_cell_tagged_raises_exception_is_allowed_to_show_its_error(broken):
    _, problems, _ = broken
    assert not [p for p in problems if "KeyError" in p]


def test_text_on_stderr_is_reported(broken):
    _, problems, _ = broken
    assert "cell 1: stderr: a warning a student would see" in problems


def test_a_widget_whose_view_cannot_be_created_is_reported(broken):
    _, problems, _ = broken
    assert [p for p in problems if p.startswith("cell 2: widget error: Error displaying widget")]


def test_a_widget_whose_model_is_missing_is_reported(broken):
    _, problems, _ = broken
    assert [p for p in problems if p.startswith("cell 3: widget error")]


def test_an_error_inside_an_output_widget_is_reported(broken):
    _, problems, _ = broken
    assert [p for p in problems if p.startswith("cell 4: ") and "ZeroDivisionError" in p]


def test_cells_after_the_error_are_reported_as_not_run(broken):
    _, _, state = broken
    assert state["unexecuted"] == [7]
