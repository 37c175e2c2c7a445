"""Notebook 13 in a real JupyterLab: play a move on the chess board by
clicking a piece and a square, then type an illegal move, the way a student
does.  (The generic test in test_notebooks_in_browser.py already runs 13
and looks for errors; this test reuses that page's run.)
"""

import os
import re
from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: .venv/bin/pip install -r requirements-test.txt",
                allow_module_level=True)

pytestmark = pytest.mark.browser

NOTEBOOK = "13-chess.ipynb"
WAIT_MS = 20_000


# The notebook in the test's id keeps it on the worker that runs that notebook's page.
@pytest.mark.parametrize("notebook", [NOTEBOOK], ids=[Path(NOTEBOOK).stem])
def test_a_click_on_a_piece_and_a_square_plays_and_an_illegal_typed_move_is_explained(lab_pages, notebook):
    lab, state = lab_pages.ran(notebook)
    problems = lab.problems()
    assert problems == [], "\n".join(problems)
    assert state["unexecuted"] == []

    board = lab.page.locator(".gametree-chess").first
    board.scroll_into_view_if_needed()
    assert board.bounding_box()["width"] <= 1100  # fits a projector cell at 1280x720
    status = board.locator(".gametree-chess-status")
    expect(status).to_have_text(re.compile("You play White"), timeout=WAIT_MS)

    board.locator(".gametree-chess-square-e2").click()
    expect(status).to_have_text(re.compile("The pawn on e2 is picked"), timeout=WAIT_MS)
    board.locator(".gametree-chess-square-e4").click()
    expect(status).to_have_text(re.compile(r"You played e4\. The computer answered \S+ .*Your move\."),
                                timeout=WAIT_MS)

    move_box = board.locator(".gametree-chess-move input")
    move_box.fill("Ke3")
    move_box.press("Enter")
    expect(status).to_have_text(re.compile("Ke3 is not legal here"), timeout=WAIT_MS)
    lab.screenshot("13-chess-board")
