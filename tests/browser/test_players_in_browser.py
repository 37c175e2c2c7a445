"""Notebook 10 in a real JupyterLab: run it, then watch a move and a round
on the maze board, the way a student does.

The expected words come from a :class:`~gametree.widgets.maze.MazeBoard`
with the same settings and seed driven here, in the test process: the
ghosts' chances are seeded, so the page must say exactly what that board
says.  (The generic test in test_notebooks_in_browser.py already runs 10
and looks for errors.)
"""

import os
import re
from pathlib import Path

import pytest

from gametree.widgets.maze import MazeBoard

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: .venv/bin/pip install -r requirements-test.txt",
                allow_module_level=True)

pytestmark = pytest.mark.browser

NOTEBOOK = "10-more-players.ipynb"
BOARD = 'MazeBoard(depth=2, ghosts="random", seed=2026)'  # the board the notebook shows
WAIT_MS = 20_000


def _said(text: str) -> str:
    return " ".join(text.split())


def test_the_notebook_shows_the_board_this_test_expects():
    source = (Path(__file__).resolve().parents[2] / "notebooks" / NOTEBOOK).read_text()
    assert f"board = {BOARD}".replace('"', '\\"') in source


# The notebook in the test's id keeps it on the worker that runs that notebook's page.
@pytest.mark.parametrize("notebook", [NOTEBOOK], ids=[Path(NOTEBOOK).stem])
def test_a_move_and_a_round_on_the_maze_board_say_what_the_search_and_the_ghosts_did(lab_pages, notebook):
    lab, state = lab_pages.ran(notebook)
    problems = lab.problems()
    assert problems == [], "\n".join(problems)
    assert state["unexecuted"] == []

    board = lab.page.locator(".gametree-maze").first
    board.scroll_into_view_if_needed()
    assert board.bounding_box()["width"] <= 1100  # fits a projector cell at 1280x720
    status = board.locator(".gametree-maze-status")
    expected = MazeBoard(depth=2, ghosts="random", seed=2026)  # the same board, driven here

    expected.next_move()
    board.locator(".gametree-maze-next").click()
    expect(status).to_have_text(re.compile(re.escape(_said(expected.status.text))), timeout=WAIT_MS)
    assert "valued" in expected.status.text  # the runner's move says what its search thought

    expected.next_round()
    board.locator(".gametree-maze-round").click()
    expect(status).to_have_text(re.compile(re.escape(_said(expected.status.text))), timeout=WAIT_MS)
    assert expected.status.text.endswith("Runner to move.")
    lab.screenshot("10-more-players-maze-round")
