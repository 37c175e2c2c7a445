"""Notebook 09 in a real JupyterLab: run it, then roll and move once on the
dice board, the way a student does, and see the perfect player answer.

The expected words come from a :class:`~gametree.widgets.dice.DiceBoard`
with the same seed driven here, in the test process: the die is seeded,
so the page must say exactly what that board says.  (The generic test in
test_notebooks_in_browser.py already runs 09 and looks for errors.)
"""

import os
import re
from pathlib import Path

import pytest

from gametree.widgets.dice import DiceBoard

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: .venv/bin/pip install -r requirements.txt",
                allow_module_level=True)

pytestmark = pytest.mark.browser

NOTEBOOK = "09-chance.ipynb"
SEED = 2024  # the seed of the board the notebook shows (cell "board = DiceBoard(seed=2024)")
WAIT_MS = 20_000


def _said(text: str) -> str:
    return " ".join(text.split())


def _letters(text: str) -> str:
    """Text without any spaces: the page runs table cells together."""
    return re.sub(r"\s+", "", text)


def test_the_notebook_shows_the_board_with_the_seed_this_test_expects():
    source = (Path(__file__).resolve().parents[2] / "notebooks" / NOTEBOOK).read_text()
    assert f"DiceBoard(seed={SEED})" in source


# The notebook in the test's id keeps it on the worker that runs that notebook's page.
@pytest.mark.parametrize("notebook", [NOTEBOOK], ids=[Path(NOTEBOOK).stem])
def test_a_roll_and_a_move_on_the_dice_board_get_the_perfect_players_answer(lab_pages, notebook):
    lab, state = lab_pages.ran(notebook)
    problems = lab.problems()
    assert problems == [], "\n".join(problems)
    assert state["unexecuted"] == []

    board = lab.page.locator(".gametree-dice").first
    board.scroll_into_view_if_needed()
    status = board.locator(".gametree-dice-status")
    expected = DiceBoard(seed=SEED)  # the same board, driven here
    expect(status).to_have_text(re.compile(re.escape(expected.status_text)), timeout=WAIT_MS)
    assert board.bounding_box()["width"] <= 1100  # fits a projector cell at 1280x720

    expected.roll_button.click()
    board.locator(".gametree-dice-roll").click()
    expect(status).to_contain_text(expected.status_text, timeout=WAIT_MS)
    moves = board.locator(".gametree-dice-move:visible")
    expect(moves).to_have_count(len(expected.move_texts), timeout=WAIT_MS)
    assert [_said(moves.nth(k).text_content()) for k in range(moves.count())] == \
        [_said(text) for text in expected.move_texts]

    expected.move_buttons[0].click()
    moves.first.click()
    expect(status).to_contain_text("The computer rolled", timeout=WAIT_MS)
    assert _said(status.text_content()) == _said(expected.status_text)
    assert _letters(board.locator(".gametree-dice-track").text_content()) == _letters(expected.track_text)
    assert _said(board.locator(".gametree-dice-chance").text_content()) == _said(expected.chance_text)
    lab.screenshot("09-chance-dice-move")
