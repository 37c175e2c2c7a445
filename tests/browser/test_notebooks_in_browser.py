"""What a student sees: every notebook that shows widgets run in JupyterLab
in a real Chromium (the others hold only outputs nbval already compares).

For each such notebook: open it, run all cells, wait until the kernel is idle,
and check that no cell shows an error and no widget shows "Error
displaying widget" (a failure, or ``GAMETREE_SCREENSHOTS=1``, saves a
screenshot in tests/browser/screenshots/ for a person to look at).  Then
use the two widgets the way a student does: step the alpha-beta stepper
with the keyboard and with Play, and play a move of tic-tac-toe against
the perfect player.

Expected captions come from :func:`gametree.trace_alpha_beta` itself: the
trace is the source of truth, and these tests check that the widget in the
browser shows it.  Expected pictures are drawn here, in the test process,
by a :class:`~gametree.widgets.stepper.Stepper` on the same trace: the page must
show those PNGs byte for byte.  The perfect player's answer is checked
against a small tic-tac-toe solver written here, independent of
gametree.games.
"""

import functools
import json
import os
import re
import statistics
import time
from pathlib import Path

import pytest

import gametree
from gametree.widgets.stepper import Stepper

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: .venv/bin/pip install -r requirements-test.txt",
                allow_module_level=True)

from .views import WAIT_MS, StepperView  # (it needs Playwright: after the skip above)

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
                   if re.match(r"\d\d-", p.name))
ALPHA_BETA = [p for p in NOTEBOOKS if "alpha-beta" in p.name]
TIC_TAC_TOE = [p for p in NOTEBOOKS if "tic-tac-toe" in p.name]

# The first stepper in the alpha-beta notebook steps through this search
# (AIMA's Figure 5.2); the one whose counter says "of 81 leaves" (a 121-node
# tree, branching 3, depth 4) is the one the latency is measured on.
FIRST_STEPPER_TREE = ([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
BIG_STEPPER_COUNTER = "of 81 leaves"
LATENCY_STEPS = 20
LATENCY_TARGET_MS = 150


def _ids(paths):
    return [p.stem for p in paths]


# --- every notebook -------------------------------------------------------------------


def shows_widgets(path: Path) -> bool:
    """Whether the notebook, as stored, displays a widget: what only a browser
    can show.  The others' cells are run by nbval and their outputs compared;
    JupyterLab adds nothing to check there, and each run costs the suite
    15-30 s of a core."""
    return "application/vnd.jupyter.widget-view+json" in path.read_text()


WITH_WIDGETS = [p for p in NOTEBOOKS if shows_widgets(p)]


def test_the_notebooks_left_out_of_the_browser_run_show_no_widget():
    left_out = [p for p in NOTEBOOKS if p not in WITH_WIDGETS]
    assert ALPHA_BETA[0] in WITH_WIDGETS and TIC_TAC_TOE[0] in WITH_WIDGETS
    for path in left_out:  # no widget class is made in any of their cells
        code = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"]
                         if c["cell_type"] == "code")
        assert not re.search(r"\b(\w*Stepper|PracticeWidget|DrillWidget|\w+Board)\(", code), \
            path.name


@pytest.mark.parametrize("notebook", WITH_WIDGETS, ids=_ids(WITH_WIDGETS))
def test_every_cell_runs_and_every_widget_is_drawn(lab_pages, notebook):
    lab, state = lab_pages.ran(notebook.name)
    problems = lab.problems()
    lab.screenshot(notebook.stem, always=bool(problems))  # a failure leaves a picture to look at
    assert problems == [], (f"{notebook.name} shows {len(problems)} problem(s) in JupyterLab:\n"
                            + "\n".join(problems)
                            + "\nbrowser console errors:\n" + "\n".join(lab.console_errors[-10:]))
    assert state["unexecuted"] == [], f"cells {state['unexecuted']} of {notebook.name} never ran"


# --- the alpha-beta stepper -----------------------------------------------------------


def expected_caption(trace, index: int) -> str:
    """The caption the stepper documents for step ``index``
    (``Stepper.caption_text``: "Step i of n: <the step's caption>")."""
    return f"Step {index} of {len(trace) - 1}: {trace[index].caption}"




@pytest.fixture(scope="module", params=ALPHA_BETA, ids=_ids(ALPHA_BETA))
def alpha_beta(request, lab_pages):
    """The alpha-beta notebook, as Run All left it (run once a session)."""
    lab, _state = lab_pages.ran(request.param.name)
    problems = lab.problems()
    assert problems == [], "\n".join(problems)
    return lab


@pytest.fixture
def fig52_stepper(alpha_beta):
    stepper = StepperView(alpha_beta.page.locator(".gametree-stepper").first)
    stepper.image.scroll_into_view_if_needed()
    return stepper


def test_the_first_stepper_shows_the_trace_of_figure_5_2(fig52_stepper):
    trace = gametree.trace_alpha_beta(*FIRST_STEPPER_TREE)
    assert fig52_stepper.maximum() == len(trace) - 1
    fig52_stepper.go_home(expected_caption(trace, 0))
    assert fig52_stepper.value() == 0


def test_arrow_keys_step_the_caption_and_the_picture_through_the_trace(fig52_stepper):
    stepper, trace = fig52_stepper, gametree.trace_alpha_beta(*FIRST_STEPPER_TREE)
    # The pictures gametree draws for these steps, made here in the test process.
    drawn = Stepper(trace)
    expected_pictures = {}
    for index in range(6):
        drawn.step_to(index)
        expected_pictures[index] = drawn.image.value
    assert len(set(expected_pictures.values())) == 6  # every step looks different
    stepper.go_home(expected_caption(trace, 0))
    sources = [stepper.src()]
    assert stepper.picture() == expected_pictures[0]
    for index in range(1, 6):
        stepper.handle.press("ArrowRight")
        expect(stepper.caption).to_have_text(expected_caption(trace, index), timeout=WAIT_MS)
        expect(stepper.image).not_to_have_attribute("src", sources[-1], timeout=WAIT_MS)
        assert stepper.value() == index
        assert stepper.picture() == expected_pictures[index], f"step {index} shows another picture"
        sources.append(stepper.src())
    stepper.handle.press("ArrowLeft")
    expect(stepper.caption).to_have_text(expected_caption(trace, 4), timeout=WAIT_MS)
    expect(stepper.image).not_to_have_attribute("src", sources[-1], timeout=WAIT_MS)
    assert stepper.picture() == expected_pictures[4]


def test_play_advances_the_slider_and_the_captions_follow_the_trace(alpha_beta, fig52_stepper):
    stepper, trace = fig52_stepper, gametree.trace_alpha_beta(*FIRST_STEPPER_TREE)
    stepper.go_home(expected_caption(trace, 0))
    # Record every caption and picture shown while playing, in the page.
    stepper.root.evaluate("""root => {
        const caption = root.querySelector('.gametree-caption');
        const image = root.querySelector('img.gametree-image');
        window.__played = {captions: [], pictures: []};
        const seen = new MutationObserver(() => {
            const text = caption.textContent.split(/\\s+/).join(' ').trim();
            const list = window.__played.captions;
            if (list[list.length - 1] !== text) list.push(text);
            if (!window.__played.pictures.includes(image.src)) window.__played.pictures.push(image.src);
        });
        seen.observe(root, {subtree: true, childList: true, characterData: true,
                            attributes: true, attributeFilter: ['src']});
        window.__playedObserver = seen;
    }""")
    # ipywidgets' Play: one button that shows "play" and, while playing, "pause".
    stepper.root.locator(".gametree-play button:has(i.fa-play)").click()
    deadline = time.monotonic() + 20
    while stepper.value() < 4:
        assert time.monotonic() < deadline, f"Play did not advance the slider past {stepper.value()}"
        time.sleep(0.1)
    stepper.root.locator(".gametree-play button:has(i.fa-pause)").click()
    stopped = stepper.value()
    expect(stepper.caption).to_have_text(expected_caption(trace, stopped), timeout=WAIT_MS)
    time.sleep(0.3)  # a step already under way when Pause was pressed
    stopped = stepper.value()
    expect(stepper.caption).to_have_text(expected_caption(trace, stopped), timeout=WAIT_MS)
    played = stepper.root.evaluate("() => { window.__playedObserver.disconnect(); return window.__played; }")

    captions = [expected_caption(trace, i) for i in range(len(trace))]
    unknown = [text for text in played["captions"] if text not in captions]
    assert unknown == [], f"captions shown while playing that are not steps of the trace: {unknown}"
    shown = [captions.index(text) for text in played["captions"]]
    assert shown == sorted(shown) and shown[-1] == stopped >= 4, f"steps shown while playing: {shown}"
    assert len(set(shown)) >= 4, f"only steps {shown} were shown while playing"
    assert len(played["pictures"]) >= len(shown), "the picture did not change with the caption"
    drawn = Stepper(trace)
    drawn.step_to(stopped)
    assert stepper.picture() == drawn.image.value, f"step {stopped} shows another picture"


# Runs in the page: resolves once the stepper's picture has changed after
# the next key press and the new picture has been decoded and painted.
_ARM_LATENCY = """root => {
    const image = root.querySelector('img.gametree-image');
    const handle = root.querySelector('.gametree-slider .noUi-handle');
    window.__latency = new Promise(resolve => {
        let pressed = null;
        handle.addEventListener('keydown', event => { pressed = event.timeStamp; },
                                {once: true, capture: true});
        const timer = setTimeout(() => resolve({timeout: true}), 10000);
        const watch = new MutationObserver(async () => {
            watch.disconnect();
            clearTimeout(timer);
            try { await image.decode(); } catch (error) {}
            // The frame after the next animation frame has been painted.
            requestAnimationFrame(() => setTimeout(() => resolve({
                ms: performance.now() - pressed, src: image.src}), 0));
        });
        watch.observe(image, {attributes: true, attributeFilter: ['src']});
    });
}"""


def test_a_slider_step_on_the_121_node_tree_shows_the_next_picture(alpha_beta, report_figure):
    page = alpha_beta.page
    found = page.locator(".gametree-stepper").filter(
        has=page.locator(".gametree-counter", has_text=BIG_STEPPER_COUNTER))
    assert found.count() >= 1, f'no stepper whose counter says "{BIG_STEPPER_COUNTER}"'
    stepper = StepperView(found.first)
    stepper.image.scroll_into_view_if_needed()
    stepper.go_home()
    assert stepper.maximum() >= LATENCY_STEPS
    times = []
    for index in range(1, LATENCY_STEPS + 1):
        before = stepper.src()
        stepper.root.evaluate(_ARM_LATENCY)
        stepper.handle.press("ArrowRight")
        result = page.evaluate("() => window.__latency")
        assert not result.get("timeout"), f"no new picture within 10 s of the key press for step {index}"
        assert result["src"] != before
        expect(stepper.caption).to_contain_text(f"Step {index} of", timeout=WAIT_MS)
        times.append(result["ms"])
    median = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    verdict = "within" if median <= LATENCY_TARGET_MS else "ABOVE"
    report_figure(f"stepper on the 121-node tree: key press to new picture on screen, "
                  f"{len(times)} steps: median {median:.0f} ms, p90 {p90:.0f} ms, "
                  f"max {max(times):.0f} ms ({verdict} the {LATENCY_TARGET_MS} ms median target)")


# --- tic-tac-toe against the perfect player -------------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def _winner(cells: str) -> str | None:
    for a, b, c in LINES:
        if cells[a] != "." and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


@functools.cache
def _value(cells: str, mover: str) -> int:
    """+1 if ``mover`` (to move) wins with perfect play, 0 for a draw, -1 for a loss."""
    if _winner(cells) is not None:
        return -1  # the other player just made three in a line
    if "." not in cells:
        return 0
    other = "O" if mover == "X" else "X"
    return max(-_value(cells[:i] + mover + cells[i + 1:], other)
               for i, mark in enumerate(cells) if mark == ".")


def best_moves(cells: str, mover: str) -> set[int]:
    """The squares where ``mover`` keeps the best result perfect play allows."""
    other = "O" if mover == "X" else "X"
    values = {i: -_value(cells[:i] + mover + cells[i + 1:], other)
              for i, mark in enumerate(cells) if mark == "."}
    return {i for i, v in values.items() if v == max(values.values())}


def test_the_solver_here_knows_the_textbook_answers():
    assert _value("." * 9, "X") == 0  # tic-tac-toe is a draw
    assert best_moves("X........", "O") == {4}  # only the centre holds a corner opening
    assert best_moves("XX.OO....", "X") == {2}  # complete the line


class BoardView:
    """The first tic-tac-toe board on the page, read the way a student sees it."""

    def __init__(self, page):
        self.root = page.locator(".gametree-board").first
        self.status = self.root.locator(".gametree-status")

    def square(self, i: int):
        return self.root.locator(f".gametree-square-{i}")

    def cells(self) -> str:
        """The position as nine characters, row by row: X, O or '.'."""
        marks = [self.square(i).text_content().strip() for i in range(9)]
        return "".join(mark if mark in ("X", "O") else "." for mark in marks)

    def playable(self) -> list[int]:
        return [i for i in range(9) if self.square(i).is_enabled()]

    def consistent(self) -> bool:
        """A game under way, drawn completely: exactly the empty squares
        can be clicked (the squares update one message at a time)."""
        cells, playable = self.cells(), self.playable()
        return bool(playable) and playable == [i for i in range(9) if cells[i] == "."]

    def wait(self, condition, what: str):
        deadline = time.monotonic() + WAIT_MS / 1000
        while not condition():
            assert time.monotonic() < deadline, (
                f"{what}: the squares show {self.cells()!r} (row by row), squares "
                f"{self.playable()} can be clicked, the status says {self.status.text_content()!r}")
            time.sleep(0.1)


@pytest.mark.parametrize("notebook", TIC_TAC_TOE, ids=_ids(TIC_TAC_TOE))
def test_a_click_on_the_board_gets_the_perfect_players_answer(lab_pages, notebook):
    lab, _state = lab_pages.ran(notebook.name)
    assert lab.problems() == []
    board = BoardView(lab.page)
    board.root.scroll_into_view_if_needed()
    board.wait(lambda: not board.playable() or board.consistent(), "the board never settled")
    if not board.playable():  # the notebook played its game to the end: start a new one
        status_over = board.status.text_content()
        board.root.locator(".gametree-new-game").click()
        expect(board.status).not_to_have_text(status_over, timeout=WAIT_MS)
        board.wait(board.consistent, "New game did not free the board")
    before = board.cells()
    status_before = board.status.text_content()
    you = "X" if before.count("X") == before.count("O") else "O"
    computer = "O" if you == "X" else "X"
    square = board.playable()[0]
    assert before[square] == ".", f"square {square} can be clicked but shows {before[square]!r}"
    board.square(square).click()

    expect(board.status).not_to_have_text(status_before, timeout=WAIT_MS)  # updated last
    board.wait(lambda: board.cells().count(".") <= before.count(".") - 2,
               f"no answer to a click on square {square}")
    after = board.cells()
    changed = [i for i in range(9) if before[i] != after[i]]
    assert after[square] == you and len(changed) == 2, (before, after)
    reply = next(i for i in changed if i != square)
    assert after[reply] == computer
    mine = before[:square] + you + before[square + 1:]
    assert reply in best_moves(mine, computer), (
        f"after {mine!r} the computer played {reply}; perfect moves: {sorted(best_moves(mine, computer))}")
    assert board.status.text_content().strip()
