"""Class mode in a real Chromium: the predict mode of the step-through widget
and answering on the tree in the practice widget, by mouse and by keyboard.

A throwaway notebook in the server's copy of notebooks/ shows one
PredictStepper and one PracticeWidget on AIMA's Figure 5.2 tree.  Expected
captions come from the trace; where the buttons over the tree must sit
comes from the same widgets built here, in the test process."""

import os
import time

import pytest

import gametree
from gametree.practice import Exercise
from gametree.widgets.practice import PracticeWidget
from gametree.widgets.stepper import Stepper

try:
    from playwright.sync_api import expect
except ImportError:  # conftest's browser_available says how to install it
    if os.environ.get("GAMETREE_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("Playwright for Python is not installed: "
                ".venv/bin/pip install -r requirements-test.txt", allow_module_level=True)

from .views import StepperView  # (it needs Playwright: after the skip above)

pytestmark = pytest.mark.browser

WAIT_MS = 15_000
FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]
NOTEBOOK = "_class_mode.ipynb"
CELLS = [
    "from gametree.widgets.predict import PredictStepper\n"
    f"stepper = PredictStepper({FIG52}, branching=3)\nstepper",
    "from gametree.practice import Exercise\n"
    "from gametree.widgets.practice import PracticeWidget\n"
    f"practice = PracticeWidget(Exercise({tuple(FIG52)}, 3))\npractice",
    "from gametree.widgets.stepper import Stepper\n"
    f"fresh = Stepper({FIG52}, branching=3)\nfresh",
]


@pytest.fixture(scope="module")
def page(lab_server, lab_pages):
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, lab_server.root / NOTEBOOK)
    lab, _state = lab_pages.ran(NOTEBOOK)
    assert lab.problems() == [], "\n".join(lab.problems())
    return lab


def caption(trace, index):
    return f"Step {index} of {len(trace) - 1}: {trace[index].caption}"



def settled(page, step, question, shown: int, revealed: bool) -> None:
    """Wait for the kernel's answer to a click at step ``shown``: after
    *reveal*, the next step with no question; after *next*, a question at the
    same step or the next step with none.  (The caption and the question
    arrive as separate widget messages, so one alone may be stale.)"""
    def state():
        return int(step.text_content().split()[1]), bool(question.text_content().strip())

    wanted = {(shown + 1, False)} if revealed else {(shown, True), (shown + 1, False)}
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        if state() in wanted:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"at step {shown} the widget showed {state()} after the click, "
                         f"not one of {sorted(wanted)}")


def test_predict_mode_asks_then_reveals_on_clicks_typing_and_keys(page):
    trace = gametree.trace_alpha_beta(FIG52, 3)
    root = page.page.locator(".gametree-stepper").first
    root.scroll_into_view_if_needed()
    step = root.locator(".gametree-caption")
    question = root.locator(".gametree-question")
    score = root.locator(".gametree-score")
    expect(step).to_have_text(caption(trace, 0), timeout=WAIT_MS)
    next_button = root.locator("button.gametree-next")
    next_button.click()
    expect(step).to_have_text(caption(trace, 1), timeout=WAIT_MS)
    next_button.click()  # before leaf E: the question, and the step stays hidden
    expect(question).to_contain_text("Which leaf is evaluated next?", timeout=WAIT_MS)
    expect(step).to_have_text(caption(trace, 1))
    # A click with the mouse on leaf E, on the picture.
    root.locator(".gametree-hotspot-node-E").click()
    expect(step).to_have_text(caption(trace, 2), timeout=WAIT_MS)
    expect(score).to_have_text("1 of 1 prediction right", timeout=WAIT_MS)
    # v at B: typed, then Enter.
    next_button.click()
    expect(question).to_contain_text("What is v at MIN node B now?", timeout=WAIT_MS)
    box = root.locator(".gametree-answer input")
    box.fill("3")
    box.press("Enter")
    expect(step).to_have_text(caption(trace, 3), timeout=WAIT_MS)
    expect(score).to_have_text("2 of 2 predictions right", timeout=WAIT_MS)
    # On to C's cut test, revealing what is asked on the way.
    cut = trace.cutoffs[0].index
    while True:
        shown = int(step.text_content().split()[1])
        if shown == cut - 1 and question.text_content().strip():
            break
        revealed = bool(question.text_content().strip())
        if revealed:
            root.locator("button.gametree-reveal-button").click()
        else:
            next_button.click()
        settled(page.page, step, question, shown, revealed)  # never read a stale panel
    expect(question).to_contain_text("Which children of MIN node C are pruned now?")
    # The keyboard: Tab from the last button of the panel reaches the edges on the tree.
    # (The buttons over the edges come in a widget message of their own, after
    # the question's text: wait for them, or Tab finds the next box on the page.)
    expect(root.locator(".gametree-hotspot-edge-I")).to_be_visible(timeout=WAIT_MS)
    root.locator("button.gametree-reveal-button").focus()
    page.page.keyboard.press("Tab")
    focused = page.page.evaluate("() => document.activeElement.className")
    assert "gametree-hotspot-edge-I" in focused, focused
    page.page.keyboard.press("Enter")
    expect(box).to_have_value("I", timeout=WAIT_MS)
    page.page.keyboard.press("Tab")
    page.page.keyboard.press("Space")
    expect(box).to_have_value("I, J", timeout=WAIT_MS)
    root.locator("button.gametree-answer-button").click()
    expect(step).to_have_text(caption(trace, cut), timeout=WAIT_MS)
    expect(root.locator(".gametree-verdict")).to_contain_text("Right: I and J.", timeout=WAIT_MS)
    expect(score).to_contain_text("3 of 3 predictions right", timeout=WAIT_MS)
    page.screenshot("class-mode")  # for a person to look at (git ignores the folder)


def test_the_practice_widget_answers_on_the_tree(page):
    root = page.page.locator(".gametree-practice").first
    root.scroll_into_view_if_needed()
    image = root.locator("img.gametree-practice-image")
    # The buttons sit where Python says the edges and nodes are on the picture.
    here = PracticeWidget(Exercise(tuple(FIG52), 3))
    picture = image.bounding_box()
    for spot in here.clicks.spots:
        button = root.locator(f".gametree-hotspot-{spot.kind}-{spot.node}").bounding_box()
        x, y = spot.centre
        assert abs(button["x"] + button["width"] / 2 - picture["x"] - x) <= 1.5, spot
        assert abs(button["y"] + button["height"] / 2 - picture["y"] - y) <= 1.5, spot

    def tick(name):
        card = root.locator(".gametree-node-card").filter(has_text=f"{name} = ")
        return card.locator("input[type=checkbox]")

    root.locator(".gametree-hotspot-edge-I").click()  # the mouse prunes I
    expect(tick("I")).to_be_checked(timeout=WAIT_MS)
    root.locator(".gametree-hotspot-edge-J").focus()  # the keyboard prunes J
    page.page.keyboard.press("Enter")
    expect(tick("J")).to_be_checked(timeout=WAIT_MS)
    for name, value in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
        root.locator(f".gametree-hotspot-node-{name}").click()  # the cursor goes to its box
        page.page.wait_for_function(
            "n => document.activeElement && document.activeElement.closest"
            "('.gametree-node-card') && document.activeElement.closest('.gametree-node-card')"
            ".textContent.trim().startsWith(n)", arg=name, timeout=WAIT_MS)
        page.page.keyboard.type(value)
        expect(page.page.locator("input:focus")).to_have_value(value, timeout=WAIT_MS)
        page.page.keyboard.press("Enter")
    page.wait_idle()  # the kernel has every typed value before Check is pressed
    root.locator("button.gametree-check").click()
    feedback = root.locator(".gametree-feedback")
    try:
        expect(feedback).to_contain_text(
            "All right: every value and every pruned branch is correct.", timeout=WAIT_MS)
    except AssertionError:
        page.screenshot("practice-on-the-tree-failed", always=True)
        raise AssertionError(f"no verdict after Check; the page shows problems {page.problems()} "
                             f"and console errors {page.console_errors[-5:]}") from None


def test_the_first_drag_of_a_fresh_steppers_slider_steps_the_search(page):
    """A student's first drag on a stepper nobody has touched moves the step
    (issue 19: it sometimes did nothing).  The pointer must really be on the
    handle when it is pressed: JupyterLab lays out cells off screen only when
    they come near, so a slider scrolled to can still move as the cells
    above it are drawn; pressing where it was hits nothing."""
    trace = gametree.trace_alpha_beta(FIG52, 3)
    root = page.page.locator(".gametree-stepper").last
    handle = root.locator(".gametree-slider .noUi-handle")
    track = root.locator(".gametree-slider .noUi-base")
    expect(root.locator(".gametree-caption")).to_have_text(caption(trace, 0), timeout=WAIT_MS)
    on_handle = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.noUi-handle')"
    deadline = time.monotonic() + 15
    while True:
        handle.scroll_into_view_if_needed()
        box = handle.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if page.page.evaluate(on_handle, [x, y]):
            break
        assert time.monotonic() < deadline, "the slider's handle never settled on screen"
        page.page.wait_for_timeout(200)
    # Drag a fifth of the track to the right: step 5 of 25.
    step = track.bounding_box()["width"] / (len(trace) - 1)
    page.page.mouse.move(x, y)
    page.page.mouse.down()
    for k in range(1, 6):
        page.page.mouse.move(x + k * step, y)
        page.page.wait_for_timeout(30)
    page.page.mouse.up()
    expect(root.locator(".gametree-caption")).to_have_text(caption(trace, 5), timeout=WAIT_MS)
    drawn = Stepper(trace)
    drawn.step_to(5)
    assert StepperView(root).picture() == drawn.image.value, "step 5 shows another picture"
