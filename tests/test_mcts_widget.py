"""The MCTS step-through widget (gametree.widgets.mcts), without a browser.

The widget is built and driven here the way a student drives it (slider,
buttons, Play's speed); what it shows must be the record's step: the
caption in words, the pseudocode line of the phase, the root's moves with
their statistics and UCB1, and the drawing of that step.  It must fit a
JupyterLab cell at 1280x720.  tests/browser/test_mcts_in_browser.py checks
the same in JupyterLab.
"""

from __future__ import annotations

import base64
import io
import re

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget_link import Link
from PIL import Image

from gametree.games import Kalah, TicTacToe, TicTacToeState, uct_search
from gametree.games.mcts import Phase
from gametree.view.draw import CELL_HEIGHT, CELL_WIDTH
from gametree.view.mcts import MctsPlot
from gametree.widgets.mcts import _CHROME, _COLUMN, PSEUDOCODE, MctsStepper

START = TicTacToeState.from_text("XOX OOX ...")


@pytest.fixture(scope="module")
def result():
    return uct_search(TicTacToe(), START, iterations=30, seed=1)


@pytest.fixture
def stepper(result):
    return MctsStepper(result)


def highlighted_line(stepper) -> int:
    rows = re.findall(r'<div( class="gametree-code-current")? data-line="(\d+)"', stepper.code.value)
    assert len(rows) == len(PSEUDOCODE)
    (current,) = [int(number) for mark, number in rows if mark]
    return current


def test_it_fits_a_projector_cell_and_shows_the_picture_at_its_own_size(stepper):
    width, height = stepper.picture_size
    assert width + _COLUMN + 12 <= CELL_WIDTH and height + _CHROME <= CELL_HEIGHT
    with Image.open(io.BytesIO(stepper.image.value)) as image:
        assert image.size == stepper.picture_size  # one PNG pixel per screen pixel
    assert stepper.image.layout.width == f"{width}px" and stepper.image.layout.height == f"{height}px"
    assert stepper.image.tooltip is None  # a tooltip stops JupyterLab drawing the widget


def test_the_slider_spans_every_step_and_play_is_linked_to_it(stepper, result):
    assert (stepper.slider.min, stepper.slider.max) == (0, result.steps - 1) == (0, 120)
    assert (stepper.play.min, stepper.play.max) == (0, 120)
    link = stepper.play_link
    assert isinstance(link, Link)  # jslink: Play moves the slider in the browser
    assert link.source == (stepper.play, "value") and link.target == (stepper.slider, "value")


def test_controls_keep_their_words_and_wrap_in_a_narrow_cell(stepper):
    row = stepper.children[1]
    assert row.layout.flex_flow == "row wrap"
    for widget in (stepper.play, stepper.prev_button, stepper.next_button,
                   stepper.iteration_button, stepper.speed):
        assert widget in row.children and widget.layout.flex == "0 0 auto"
    assert stepper.slider.layout.flex == "1 1 auto" and stepper.slider.layout.min_width == "200px"


def test_play_pauses_where_it_is_and_its_speed_can_be_chosen(stepper):
    style = stepper.children[0]
    assert isinstance(style, widgets.HTML) and "gametree-play > button:nth-of-type(2)" in style.value
    assert not stepper.play.show_repeat
    for _label, interval in stepper.speed.options:
        stepper.speed.value = interval
        assert stepper.play.interval == interval


@pytest.mark.parametrize("index", [0, 1, 2, 3, 4, 14, 19, 57, 120])
def test_each_step_shows_its_caption_phase_line_and_picture(result, index):
    stepper = MctsStepper(result)
    stepper.slider.value = index
    step = result.step(index)
    assert stepper.caption_text == f"Step {index} of 120: {step.caption}"
    assert step.caption in stepper.caption.value
    line = {None: 2, Phase.SELECT: 4, Phase.EXPAND: 5, Phase.SIMULATE: 6, Phase.BACK_PROPAGATE: 7}
    assert highlighted_line(stepper) == line[step.phase]
    assert stepper.highlighted == PSEUDOCODE[line[step.phase] - 1].strip()
    if step.phase is not None:  # the phase in words, as AIMA names it
        assert f"Iteration {step.iteration}, {step.phase}:" in stepper.caption_text
    drawn = MctsPlot(result, figsize=tuple(stepper.plot.figure.get_size_inches()), header=False)
    drawn.show(index)
    assert bytes(stepper.image.value) == drawn.png()


def test_the_counter_says_how_many_iterations_are_done(stepper):
    stepper.step_to(15)   # iteration 4 under way: 3 done
    assert stepper.counter.value.startswith("iterations done: 3 of 30; root: 3 playouts")
    stepper.step_to(16)   # its BACK-PROPAGATE: 4 done
    assert stepper.counter.value.startswith("iterations done: 4 of 30; root: 4 playouts")


def test_the_table_lists_the_roots_moves_with_their_ucb1_and_marks_selects_choice(stepper, result):
    stepper.step_to(17)   # iteration 5, SELECT: the root picks D (X8)
    tree = result.step(17).tree
    rows = stepper.table_rows
    assert {row[0] for row in rows} == {"X6", "X7", "X8"}
    for label, visits, wins, _mean, ucb, chosen in rows:
        child = next(c for c in tree.children(0) if c.label == label)
        assert (visits, wins, ucb) == (child.visits, child.wins, f"{tree.ucb1(child):.2f}")
        assert chosen == (child.id == result.record[4].path[1])
    assert sum(row[-1] for row in rows) == 1
    assert "\u25c0" in stepper.table.value
    stepper.step_to(0)
    assert stepper.table_rows == [] and "no children yet" in stepper.table.value


def test_buttons_step_one_at_a_time_and_jump_to_the_next_iteration(stepper):
    assert stepper.prev_button.disabled and not stepper.next_button.disabled
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.slider.value == 2
    stepper.prev_button.click()
    assert stepper.slider.value == 1
    stepper.iteration_button.click()
    assert stepper.slider.value == 5 and stepper.plot.step.phase is Phase.SELECT
    stepper.step_to(7)
    stepper.iteration_button.click()
    assert stepper.slider.value == 9
    stepper.step_to(-1)
    assert stepper.next_button.disabled and stepper.iteration_button.disabled


def test_the_image_is_replaced_in_place(stepper):
    image = stepper.image
    pictures = set()
    for index in range(1, 9):
        stepper.step_to(index)
        pictures.add(bytes(stepper.image.value))
    assert stepper.image is image and len(pictures) == 8


def test_css_classes_for_the_browser_tests(stepper):
    for name, widget in {"mcts": stepper, "slider": stepper.slider, "play": stepper.play,
                         "caption": stepper.caption, "image": stepper.image, "code": stepper.code,
                         "table": stepper.table, "counter": stepper.counter, "next": stepper.next_button,
                         "prev": stepper.prev_button, "next-iteration": stepper.iteration_button,
                         "speed": stepper.speed}.items():
        assert f"gametree-{name}" in widget._dom_classes


def test_a_static_picture_and_words_for_pages_without_a_kernel(stepper):
    stepper.step_to(6)
    bundle, metadata = stepper._repr_mimebundle_(include=None, exclude=None)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]) == bytes(stepper.image.value)
    assert bundle["text/plain"] == stepper.alt_text and "Iteration 2, expand" in stepper.alt_text
    assert metadata == {"image/png": {"alt": stepper.alt_text}}  # the picture's stored alt text


def test_a_kalah_search_with_extra_turns_steps_too():
    stepper = MctsStepper(uct_search(Kalah(3, 3), iterations=40, seed=2))
    stepper.step_to(-1)
    assert stepper.caption_text.startswith("Step 160 of 160: Iteration 40, back-propagate")
    assert len(stepper.table_rows) == 3


def test_bad_input_is_refused_with_a_reason(stepper, result):
    with pytest.raises(TypeError, match="uct_search"):
        MctsStepper([3, 12, 8])
    with pytest.raises(ValueError, match="record=False"):
        MctsStepper(uct_search(TicTacToe(), START, iterations=5, record=False))
    with pytest.raises(ValueError, match="size"):
        MctsStepper(result, size=(799, 560))
    with pytest.raises(TypeError, match="size"):
        MctsStepper(result, size=(1100.0, 560))
    with pytest.raises(IndexError, match="steps 0 to 120"):
        stepper.step_to(121)
    with pytest.raises(TypeError, match="whole number"):
        stepper.step_to("3")
    assert MctsStepper(result, size=(800, 480)).picture_size == (800 - _COLUMN - 12, 480 - _CHROME)
