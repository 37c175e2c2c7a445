"""The MCTS step-through widget in JupyterLab, in a real Chromium.

Notebook 12 is opened and run once; its widget (the first on the page, the
one displayed for the student) is then stepped the way a student steps it:
the arrow keys on the slider, the *next iteration* button, and Play and
Pause.  Expected captions come from :func:`gametree.games.uct_search`
itself, run here on the notebook's position and seed; expected pictures
are drawn here by a :class:`~gametree.widgets.mcts.MctsStepper` on that
search, and the page must show those PNGs byte for byte.
"""

import os
import re
import time
from pathlib import Path

import pytest

from gametree.games import TicTacToe, TicTacToeState, uct_search
from gametree.widgets.mcts import MctsStepper

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: .venv/bin/pip install -r requirements-test.txt",
                allow_module_level=True)

from .views import WAIT_MS, StepperView  # (it needs Playwright: after the skip above)

pytestmark = pytest.mark.browser

NOTEBOOK = next(p for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
                if re.match(r"\d\d-mcts", p.name))


def notebook_search():
    """The search notebook 12 steps through: the same position, length and seed
    (its first 7 iterations, so that the widget answers none of the exercises)."""
    return uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=7, seed=4)


def expected_caption(result, index: int) -> str:
    """The caption ``MctsStepper.caption_text`` documents for step ``index``."""
    return f"Step {index} of {result.steps - 1}: {result.step(index).caption}"




@pytest.fixture(scope="module", params=[NOTEBOOK], ids=[NOTEBOOK.stem])
def notebook(request, lab_pages):
    """Notebook 12, as Run All left it (run once a session; the notebook in
    the tests' ids keeps them on the worker that runs its page)."""
    lab, state = lab_pages.ran(request.param.name)
    lab.screenshot(NOTEBOOK.stem + "-widget")
    problems = lab.problems()
    assert problems == [], "\n".join(problems)
    assert state["unexecuted"] == []
    return lab


@pytest.fixture
def widget(notebook):
    view = StepperView(notebook.page.locator(".gametree-mcts").first)
    view.image.scroll_into_view_if_needed()
    return view


def test_arrow_keys_step_phase_by_phase_with_the_searchs_captions_and_pictures(widget):
    result = notebook_search()
    drawn = MctsStepper(result)
    expected = {}
    for index in range(6):
        drawn.step_to(index)
        expected[index] = drawn.image.value
    widget.go_home(expected_caption(result, 0))
    assert widget.picture() == expected[0]
    for index in range(1, 6):
        before = widget.image.get_attribute("src")
        widget.handle.press("ArrowRight")
        expect(widget.caption).to_have_text(expected_caption(result, index), timeout=WAIT_MS)
        expect(widget.image).not_to_have_attribute("src", before, timeout=WAIT_MS)
        assert widget.value() == index
        assert widget.picture() == expected[index], f"step {index} shows another picture"
    # The phase's line of the pseudocode is lit: step 5 is iteration 2's SELECT.
    expect(widget.code.locator(".gametree-code-current")).to_contain_text("SELECT(tree)", timeout=WAIT_MS)


def test_next_iteration_jumps_to_each_iterations_select(widget):
    result = notebook_search()
    widget.go_home(expected_caption(result, 0))
    button = widget.root.locator(".gametree-next-iteration button, button.gametree-next-iteration").first
    for index in (1, 5, 9):
        button.click()
        expect(widget.caption).to_have_text(expected_caption(result, index), timeout=WAIT_MS)
        assert "select:" in widget.caption.text_content()


def test_play_advances_through_the_phases_and_pause_stops_where_it_is(widget):
    result = notebook_search()
    widget.go_home(expected_caption(result, 0))
    widget.root.locator(".gametree-play button:has(i.fa-play)").click()
    deadline = time.monotonic() + 20
    while widget.value() < 3:
        assert time.monotonic() < deadline, f"Play did not advance the slider past {widget.value()}"
        time.sleep(0.1)
    widget.root.locator(".gametree-play button:has(i.fa-pause)").click()
    time.sleep(0.5)  # a step already under way when Pause was pressed
    stopped = widget.value()
    expect(widget.caption).to_have_text(expected_caption(result, stopped), timeout=WAIT_MS)
    time.sleep(1.5)
    assert widget.value() == stopped, "the slider moved on after Pause"
    drawn = MctsStepper(result)
    drawn.step_to(stopped)
    assert widget.picture() == drawn.image.value
