"""The step-through widget, driven without a browser: moving the slider
changes caption, state and picture; Play is linked to the slider; typos in
the text boxes give a message in the widget, never a traceback."""

import base64
import html
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget_link import Link
from matplotlib.colors import to_rgba

from gametree import Status, StepKind, Tree, pseudocode, random_tree, trace_alpha_beta
from gametree.games import TicTacToe, TicTacToeState, trace_game
from gametree.view.draw import CURRENT_COLOR
from gametree.widgets.stepper import Stepper

STATEMENT = [3, 12, 8, 2, 4, 6, 14, 5, 2]


@pytest.fixture
def stepper():
    return Stepper(STATEMENT, branching=3)


@pytest.fixture
def editable():
    return Stepper(STATEMENT, branching=3, editable=True)


def all_widgets(root):
    """Every widget under ``root``, depth first."""
    found, stack = [], [root]
    while stack:
        widget = stack.pop()
        found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


def text_of(markup):
    """The text a browser shows for ``markup`` (an HTML5 parser reads "<=" as text)."""
    parts = []
    parser = HTMLParser(convert_charrefs=True)
    parser.handle_data = parts.append
    parser.feed(markup)
    parser.close()
    return "".join(parts)


def highlighted_lines(stepper):
    rows = re.findall(r'<span( class="gametree-code-current")? style="[^"]*">\s*(\d+) ', stepper.code.value)
    return tuple(int(number) for mark, number in rows if mark)


def test_moving_the_slider_changes_caption_state_counter_code_and_image(stepper):
    trace = stepper.trace
    seen_images = {bytes(stepper.image.value)}
    for index in (1, 7, trace.cutoffs[0].index, len(trace) - 1):
        stepper.slider.value = index
        step = trace[index]
        assert stepper.caption_text == f"Step {index} of {len(trace) - 1}: {step.caption}"
        assert step.caption in stepper.caption.value
        assert stepper.state.step.index == index
        assert stepper.state.status == trace.state(index).status
        assert highlighted_lines(stepper) == step.lines
        evaluated = sum(s.kind is StepKind.LEAF for s in trace[: index + 1])
        assert stepper.counter.value == f"evaluated {evaluated} of 9 leaves (fewest possible: 5)"
        image = bytes(stepper.image.value)
        assert image.startswith(b"\x89PNG") and image not in seen_images
        seen_images.add(image)


def test_the_drawn_nodes_follow_the_slider(stepper):
    cutoff = stepper.trace.cutoffs[0]
    stepper.step_to(cutoff.index)
    plot = stepper.plot
    key, k = plot.marker_index[cutoff.node.id]
    assert tuple(plot.markers[key].get_edgecolors()[k]) == to_rgba(CURRENT_COLOR)  # C highlighted
    pruned = [n for n in stepper.trace.tree if stepper.state.status[n.id] is Status.PRUNED]
    assert [n.name for n in pruned] == ["I", "J"]
    assert all(plot.edges.get_linestyles()[plot.edge_of(n)] != (0, None) for n in pruned)
    stepper.step_to(0)
    assert not any(s is Status.PRUNED for s in stepper.state.status)


def test_cutoff_captions_are_in_the_html_as_written(stepper):
    # Captions contain "<=" and ">="; the widget's HTML must still read as the caption.
    for step in stepper.trace.cutoffs:
        stepper.step_to(step.index)
        assert step.caption in stepper.caption.value
        assert text_of(stepper.caption.value).endswith(step.caption)


def test_play_is_linked_to_the_slider_and_spans_the_same_steps(stepper):
    link = stepper.play_link
    assert isinstance(link, Link)  # jslink: moves the slider in the browser, no kernel round trip
    assert link.source == (stepper.play, "value") and link.target == (stepper.slider, "value")
    assert (stepper.play.min, stepper.play.max) == (stepper.slider.min, stepper.slider.max) == (0, 25)


def test_buttons_step_and_jump_to_the_next_cutoff():
    stepper = Stepper(random_tree(3, 3, seed=4))
    cutoffs = [s.index for s in stepper.trace.cutoffs]
    assert stepper.prev_button.disabled and not stepper.next_button.disabled
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.slider.value == 2
    stepper.prev_button.click()
    assert stepper.slider.value == 1
    visited = []
    while not stepper.cutoff_button.disabled:
        stepper.cutoff_button.click()
        visited.append(stepper.slider.value)
    assert visited == [c for c in cutoffs if c > 1]
    assert stepper.trace[visited[-1]].kind is StepKind.CUTOFF
    stepper.cutoff_button.click()  # nothing left: a note, not a jump
    assert stepper.slider.value == visited[-1] and "no cutoff after" in stepper.message.value
    stepper.step_to(-1)
    assert stepper.next_button.disabled


def test_the_image_is_updated_in_place_with_no_output_widget(stepper):
    image = stepper.image
    before = all_widgets(stepper)
    stepper.step_to(10)
    stepper.step_to(20)
    assert stepper.image is image and all_widgets(stepper) == before
    assert not any(isinstance(w, widgets.Output) for w in before)


def test_css_classes_for_browser_tests(stepper):
    names = {"stepper": stepper, "slider": stepper.slider, "play": stepper.play,
             "caption": stepper.caption, "image": stepper.image, "code": stepper.code,
             "counter": stepper.counter, "message": stepper.message, "next": stepper.next_button,
             "prev": stepper.prev_button, "cutoff": stepper.cutoff_button}
    for name, widget in names.items():
        assert f"gametree-{name}" in widget._dom_classes
    assert stepper in all_widgets(stepper) and stepper.image in all_widgets(stepper)


def test_static_picture_for_pages_without_a_kernel(stepper):
    stepper.step_to(5)
    bundle = stepper._repr_mimebundle_(include=None, exclude=None)
    assert "application/vnd.jupyter.widget-view+json" in bundle and "text/plain" in bundle
    assert base64.b64decode(bundle["image/png"]) == bytes(stepper.image.value)


def test_pseudocode_follows_the_rule():
    strict = Stepper([[3, 4], [3, 1]], strict=True)
    assert "alpha > beta" in strict.code.value.replace("&gt;", ">")
    assert strict.trace.strict and pseudocode(True)[7].strip() in html.unescape(strict.code.value)


def test_a_trace_is_shown_as_recorded_and_a_game_trace_works_unchanged():
    trace = trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    stepper = Stepper(trace)
    assert stepper.trace is trace and stepper.slider.max == len(trace) - 1
    assert "fewest possible" not in stepper.counter.value  # an uneven tree has no Knuth-Moore bound
    with pytest.raises(ValueError, match="strict=True"):
        Stepper(trace, strict=True)


def test_step_to_refuses_steps_that_do_not_exist(stepper):
    with pytest.raises(IndexError, match="steps 0 to 25"):
        stepper.step_to(26)
    with pytest.raises(TypeError, match="whole number"):
        stepper.step_to("3")
    stepper.step_to(-2)
    assert stepper.slider.value == 24


# --- typing a tree --------------------------------------------------------------------


@pytest.mark.parametrize("box, text, words", [
    ("leaves_box", "3 12 x 2", "'x'"),  # names the bad score
    ("leaves_box", "3 12 8 2", "power of"),
    ("leaves_box", "", "no leaf scores"),
    ("branching_box", "three", "whole number"),
    ("branching_box", "1", "at least 2"),
    ("branching_box", " ", "branching factor"),
    ("tree_box", "[[3, 5], [2, 9]", "matching brackets"),
    ("tree_box", "[[3, 'a'], [2]]", "number"),
    ("tree_box", "__import__('os')", "could not read"),
    ("tree_box", "[[]]", "empty"),
])
def test_a_typo_gives_a_message_in_the_widget_and_keeps_the_tree(editable, box, text, words):
    trace = editable.trace
    editable.step_to(7)
    getattr(editable, box).value = text  # no exception escapes
    assert words in html.unescape(editable.message.value)
    assert editable.trace is trace and editable.slider.value == 7
    editable.apply_button.click()  # pressing the button again: same message, no traceback
    assert words in html.unescape(editable.message.value)


def test_a_tree_too_big_to_draw_gets_a_message(editable):
    editable.leaves_box.value = " ".join(["1"] * 2 ** 12)
    editable.branching_box.value = "2"
    assert "too many to draw" in editable.message.value
    assert len(editable.trace.tree.leaves) == 9


def test_typing_a_good_tree_replaces_the_search_and_syncs_the_boxes(editable):
    editable.step_to(5)
    editable.leaves_box.value = "5 6 7 4 3 2 1 0 9"
    assert editable.message.value == ""
    assert editable.trace.tree.leaf_scores == [5, 6, 7, 4, 3, 2, 1, 0, 9]
    assert editable.slider.value == 0 and editable.slider.max == len(editable.trace) - 1
    assert editable.tree_box.value == "[[5, 6, 7], [4, 3, 2], [1, 0, 9]]"
    editable.tree_box.value = "[[3, [5, 1]], 2]"
    assert editable.trace.tree.to_nested() == [[3, [5, 1]], 2]
    assert editable.leaves_box.value == "" and editable.branching_box.value == ""  # uneven
    assert "fewest possible" not in editable.counter.value
    assert editable.play.max == editable.slider.max == len(editable.trace) - 1


def test_a_message_goes_away_once_the_input_is_fixed(editable):
    editable.leaves_box.value = "3 x"
    assert editable.message.value
    editable.leaves_box.value = "3 5 2 9"
    editable.branching_box.value = "2"
    assert editable.message.value == "" and editable.trace.tree.leaf_scores == [3, 5, 2, 9]


def test_the_rule_toggle_searches_again_with_the_other_cut(editable):
    editable.tree_box.value = "[[3, 4], [3, 1]]"
    assert editable.trace.evaluated == 3  # alpha >= beta cuts on the tie
    editable.rule_toggle.value = True
    assert editable.trace.strict and editable.trace.evaluated == 4
    assert editable.trace.tree == Tree.from_nested([[3, 4], [3, 1]])
    assert "alpha > beta" in html.unescape(editable.code.value)


def test_the_editor_keeps_a_game_tree_when_only_the_rule_changes():
    trace = trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    stepper = Stepper(trace, editable=True)
    stepper.rule_toggle.value = True
    assert stepper.trace.tree is trace.tree and stepper.trace.strict


def test_trace_alpha_beta_agrees_with_what_the_widget_shows(stepper):
    expected = trace_alpha_beta(STATEMENT, 3)
    assert stepper.trace.captions == expected.captions
