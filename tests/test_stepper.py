"""The step-through widget, driven without a browser: moving the slider
changes caption, state and picture; Play is linked to the slider; typos in
the text boxes give a message in the widget, never a traceback."""

import base64
import html
import io
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget_link import Link
from matplotlib.colors import to_hex
from PIL import Image

import gametree
from gametree import Status, StepKind, Tree, pseudocode, random_tree, trace_alpha_beta
from gametree.games import TicTacToe, TicTacToeState, trace_game
from gametree.view.theme import DEFAULT
from gametree.widgets.stepper import Stepper

CURRENT_COLOR = DEFAULT["current"]

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
    rows = re.findall(r'<div( class="gametree-code-current")? data-line="(\d+)"', stepper.code.value)
    assert len(rows) == len(pseudocode(stepper.trace.strict))
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
        assert stepper.counter.value == f"evaluated {evaluated} of 9 leaves (a full search needs at least 5)"
        image = bytes(stepper.image.value)
        assert image.startswith(b"\x89PNG") and image not in seen_images
        seen_images.add(image)


def test_the_drawn_nodes_follow_the_slider(stepper):
    cutoff = stepper.trace.cutoffs[0]
    stepper.step_to(cutoff.index)
    plot = stepper.plot
    assert plot.node_look(cutoff.node).outline == to_hex(CURRENT_COLOR)  # C highlighted
    pruned = [n for n in stepper.trace.tree if stepper.state.status[n.id] is Status.PRUNED]
    assert [n.name for n in pruned] == ["I", "J"]
    assert all(plot.edge_look(n).dashed and plot.edge_look(n).crossed for n in pruned)
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


def test_controls_keep_their_words_and_wrap_in_a_narrow_cell(stepper):
    # A side panel open makes the cell narrow: no button shrinks to
    # "previo…", Play is one compact button, and the slider wraps to the
    # next line rather than squeeze the buttons.
    row = stepper.children[1]
    assert row.layout.flex_flow == "row wrap"
    fixed = [stepper.play, stepper.prev_button, stepper.next_button, stepper.cutoff_button,
             stepper.speed]
    assert all(widget in row.children and widget.layout.flex == "0 0 auto" for widget in fixed)
    assert stepper.play.layout.width.endswith("em") and float(stepper.play.layout.width[:-2]) <= 4
    assert stepper.slider.layout.flex == "1 1 auto" and stepper.slider.layout.min_width == "200px"


def test_play_pauses_where_it_is_and_has_a_speed(stepper):
    # Play's own button plays and pauses; its stop button, which jumps back
    # to step 0, is hidden by the widget's style sheet.
    style = stepper.children[0]
    assert isinstance(style, widgets.HTML) and "gametree-play > button:nth-of-type(2)" in style.value
    assert "display: none" in style.value and "gametree-play" in stepper.play._dom_classes
    assert not stepper.play.show_repeat
    assert [label for label, _ in stepper.speed.options] == ["slow", "normal", "fast"]
    for _label, interval in stepper.speed.options:
        stepper.speed.value = interval
        assert stepper.play.interval == interval
    stepper.speed.value = 400
    stepper._set_trace(trace_alpha_beta([5, 6, 7, 4], 2))  # a new tree: the speed stays
    assert stepper.play.interval == 400


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
             "prev": stepper.prev_button, "cutoff": stepper.cutoff_button, "speed": stepper.speed}
    for name, widget in names.items():
        assert f"gametree-{name}" in widget._dom_classes
    assert stepper in all_widgets(stepper) and stepper.image in all_widgets(stepper)


def test_static_picture_for_pages_without_a_kernel(stepper):
    stepper.step_to(5)
    bundle, metadata = stepper._repr_mimebundle_(include=None, exclude=None)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert base64.b64decode(bundle["image/png"]) == bytes(stepper.image.value)
    assert bundle["text/plain"] == stepper.plot.alt_text()  # words where pictures are not shown
    assert metadata == {"image/png": {"alt": stepper.plot.alt_text()}}  # and the picture's alt text


def test_pseudocode_follows_the_rule():
    strict = Stepper([[3, 4], [3, 1]], strict=True)
    assert "alpha > beta" in strict.code.value.replace("&gt;", ">")
    assert strict.trace.strict and pseudocode(True)[7].strip() in html.unescape(strict.code.value)


def test_a_trace_is_shown_as_recorded_and_a_game_trace_works_unchanged():
    trace = trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    stepper = Stepper(trace)
    assert stepper.trace is trace and stepper.slider.max == len(trace) - 1
    assert "at least" not in stepper.counter.value  # an uneven tree has no Knuth-Moore bound
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
    ("tree_box", "[[3, x], [2, 9]]", "the 2nd item, 'x', is not a number"),  # names the bad item
    ("tree_box", "[[3, 5] [2, 9]]", "could not read"),
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


def test_a_new_tree_gets_a_new_slider_whose_end_is_the_new_last_step(editable):
    # The browser's slider keeps the range it was made with for its End key,
    # so a new tree must bring a new slider, linked to a new Play.
    old_slider, old_play = editable.slider, editable.play
    editable.tree_box.value = "[[3, 4], [3, 1], [2, 7], [9, 9]]"
    assert editable.slider is not old_slider and editable.play is not old_play
    assert editable.slider.max == editable.play.max == len(editable.trace) - 1 != old_slider.max
    assert editable.slider in editable._controls.children and old_slider not in editable._controls.children
    assert editable.play_link.source == (editable.play, "value")
    assert old_slider.comm is None and old_play.comm is None  # closed, not left in the kernel
    editable.slider.value = editable.slider.max  # the new slider drives the picture
    assert editable.caption_text.startswith(f"Step {editable.slider.max} of")


def test_the_editor_reads_as_instructions_and_writes_numbers_as_typed(editable):
    for box in (editable.leaves_box, editable.branching_box, editable.tree_box):
        assert not any(ch.isdigit() for ch in box.placeholder.replace("e.g. 2", ""))
        assert box.placeholder.startswith(("type", "e.g."))
    assert editable.rule_toggle.style.description_width == "initial"  # the label is not clipped
    assert editable.rule_toggle.options == (("alpha >= beta (AIMA)", False), ("alpha > beta (CS188)", True))
    assert editable.rule_toggle.tooltips[1].startswith("cut only when alpha > beta")
    editable.tree_box.value = "[[1e3, 2], [3, 4]]"
    assert editable.tree_box.value == "[[1000, 2], [3, 4]]"  # not 1000.0
    assert "1000" in editable.leaves_box.value.split()
    assert "1000" in [label.text for label in editable.plot.label_boxes()]


def test_single_child_chains_can_be_stepped():
    for nested in ([[1]], [[[2]], 3]):
        stepper = Stepper(nested)
        assert stepper.trace.value == gametree.minimax(nested)
        stepper.step_to(-1)
        assert "returns" in stepper.caption_text and "fewest" not in stepper.counter.value
        assert bytes(stepper.image.value).startswith(b"\x89PNG")


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
    assert "at least" not in editable.counter.value
    assert editable.play.max == editable.slider.max == len(editable.trace) - 1


def test_scores_and_branching_are_checked_together_and_drawn_once_they_agree():
    # The case: 9 scores pasted while the branching box still says 2.
    editable = Stepper([5, 6, 7, 4], branching=2, editable=True)
    trace = editable.trace
    editable.leaves_box.value = "3 12 8 2 4 6 14 5 2"
    assert editable.trace is trace  # nothing drawn yet, and no error shown
    assert editable.message_text == (
        "9 leaf scores and branching 2 do not agree yet: the leaf count must be a power of 2, "
        "such as 8 or 16; type branching 3 for these 9 scores, or add or remove scores "
        "(the tree is drawn as soon as both boxes agree)")
    assert "&#9888;" not in editable.message.value  # information, not a warning
    editable.branching_box.value = "3"
    assert editable.message_text == "" and editable.trace.tree.leaf_scores == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    editable.leaves_box.value = "3 12 8 2 4 6 14 x 2"  # a typo is still an error, named
    assert "'x'" in editable.message_text and "&#9888;" in editable.message.value
    editable.branching_box.value = "2"  # the order of the two edits does not matter
    assert "'x'" in editable.message_text
    editable.leaves_box.value = "3 12 8 2"
    assert editable.message_text == "" and editable.trace.tree.branching == 2


def test_a_message_goes_away_once_the_input_is_fixed(editable):
    editable.leaves_box.value = "3 x"
    assert editable.message.value
    editable.leaves_box.value = "3 5 2 9"
    editable.branching_box.value = "2"
    assert editable.message.value == "" and editable.trace.tree.leaf_scores == [3, 5, 2, 9]


def test_the_picture_is_shown_at_its_own_size(stepper):
    with Image.open(io.BytesIO(stepper.image.value)) as image:
        width, height = image.size
    assert (width, height) == stepper.picture_size
    assert stepper.image.layout.width == f"{width}px" and stepper.image.layout.height == f"{height}px"


def test_a_wide_tree_gets_the_whole_width_and_folds_its_pseudocode():
    stepper = Stepper(random_tree(3, 4, seed=11))
    assert stepper.layout_mode == "below"
    accordions = [w for w in all_widgets(stepper) if isinstance(w, widgets.Accordion)]
    assert len(accordions) == 1 and accordions[0].children == (stepper.code,)
    assert accordions[0].selected_index is None  # folded until opened
    assert stepper.picture_size[0] >= 1000


def test_size_is_checked():
    with pytest.raises(TypeError, match="whole pixels"):
        Stepper([[3, 5], [2, 9]], size=(1100.0, 560))
    with pytest.raises(ValueError, match="out of range"):
        Stepper([[3, 5], [2, 9]], size=(100, 560))


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
