"""The practice widget, driven without a browser: fill the boxes, click
Check, read the feedback and the marks on the drawing; typos give a
message in the widget, never a traceback."""

import html

import pytest
from matplotlib.colors import to_hex

import gametree
from gametree.practice import Exercise, MistakeKind
from gametree.widgets.practice import (
    MAX_PRACTICE_LEAVES,
    MISTAKE_COLOR,
    PracticeWidget,
    draw_answer,
)
from gametree.widgets.stepper import Stepper

STATEMENT = (3, 12, 8, 2, 4, 6, 14, 5, 2)


@pytest.fixture
def widget():
    return PracticeWidget(Exercise(STATEMENT, 3, ask_bounds=("C",)))


def type_in(widget, values=(), alphas=(), betas=(), pruned=()):
    for name, text in dict(values).items():
        widget.value_boxes[name].value = text
    for name, text in dict(alphas).items():
        widget.alpha_boxes[name].value = text
    for name, text in dict(betas).items():
        widget.beta_boxes[name].value = text
    for name in pruned:
        widget.prune_boxes[name].value = True


# The statement's tree worked by hand: B = min(3, 12, 8) = 3; C sees H = 2 <= alpha = 3
# and prunes I and J, returning 2 with alpha 3 and beta 2; D = min(14, 5, 2) = 2; A = 3.
RIGHT = {"values": {"A": "3", "B": "3", "C": "2", "D": "2"}, "alphas": {"C": "3"},
         "betas": {"C": "2"}, "pruned": ("I", "J")}


def red_outlined(plot, name):
    return plot.node_look(name).outline == to_hex(MISTAKE_COLOR)


def test_boxes_follow_the_exercise(widget):
    assert sorted(widget.value_boxes) == ["A", "B", "C", "D"]  # internal nodes
    assert sorted(widget.alpha_boxes) == sorted(widget.beta_boxes) == ["C"]  # where asked
    assert sorted(widget.prune_boxes) == [n.name for n in widget.exercise.tree][1:]  # all but root
    assert "cutting when alpha >= beta" in html.unescape(widget.task_text.value)


def test_a_right_answer_typed_in(widget):
    type_in(widget, **RIGHT)
    widget.check_button.click()
    assert widget.mistakes == []
    assert widget.feedback_text.splitlines() == [
        "All right: every value, alpha, beta and pruned branch is correct.",
        "Alpha-beta evaluated 7 of 9 leaves (a full search needs at least 5)."]
    assert not any(red_outlined(widget.plot, n.name) for n in widget.exercise.tree)


def test_each_kind_of_mistake_is_listed_and_marked(widget):
    before = bytes(widget.image.value)
    type_in(widget, values={**RIGHT["values"], "B": "4"}, alphas={"C": "2"}, betas={"C": "2"},
            pruned=("J", "M"))
    widget.check_button.click()
    assert [(m.node, m.kind) for m in widget.mistakes] == [
        ("B", MistakeKind.WRONG_VALUE), ("C", MistakeKind.WRONG_BOUND),
        ("I", MistakeKind.MISSED_CUTOFF), ("M", MistakeKind.OVER_PRUNED)]
    lines = widget.feedback_text.splitlines()
    assert lines[0] == "4 mistakes, outlined in red on the drawing:"
    assert lines[1].startswith("B (wrong value): MIN node B takes the smallest value")
    assert "never searches leaf I" in lines[3] and "M must be searched" in lines[4]
    for name in ("B", "C", "I", "M"):
        assert red_outlined(widget.plot, name)
    assert not red_outlined(widget.plot, "D")
    # The boxes at fault are marked too, and the picture changed.
    assert "gametree-wrong" in widget.value_boxes["B"]._dom_classes
    assert "gametree-wrong" in widget.alpha_boxes["C"]._dom_classes
    assert "gametree-wrong" not in widget.beta_boxes["C"]._dom_classes
    assert "gametree-wrong" in widget.prune_boxes["M"]._dom_classes
    assert bytes(widget.image.value) != before
    # Fixing them clears the marks.
    type_in(widget, **RIGHT)
    widget.prune_boxes["M"].value = False
    widget.check_button.click()
    assert widget.mistakes == [] and "gametree-wrong" not in widget.value_boxes["B"]._dom_classes


def test_the_drawing_shows_what_was_typed(widget):
    type_in(widget, values={"D": "5"}, pruned=("L",))
    widget.check()
    plot = widget.plot
    assert plot.node_look("D").text == "5"
    assert plot.edge_look("L").dashed


@pytest.mark.parametrize("text, message", [
    ("l2", "Fix this box first: B's value is 'l2', which is not a number"),
    ("3..", "B's value is '3..', which is not a number"),
])
def test_a_typo_gives_a_message_not_a_traceback(widget, text, message):
    type_in(widget, **RIGHT)
    widget.value_boxes["B"].value = text
    widget.check_button.click()
    assert message in widget.feedback_text
    assert "&#9888;" in widget.feedback.value and widget.mistakes == []


def test_several_typos_are_listed_together(widget):
    type_in(widget, values={"A": "x"}, alphas={"C": "alpha"})
    widget.check()
    text = widget.feedback_text
    assert text.startswith("Fix these boxes first: ")
    assert "A's value is 'x'" in text and "C's alpha is 'alpha'" in text


def test_infinity_and_bounds_can_be_typed(widget):
    type_in(widget, **{**RIGHT, "values": {**RIGHT["values"], "C": "<= 2"}})
    widget.check()
    assert widget.mistakes == []
    exercise = Exercise(STATEMENT, 3, ask_bounds=("B",))
    other = PracticeWidget(exercise)
    type_in(other, values=RIGHT["values"], alphas={"B": "-inf"}, betas={"B": "3"},
            pruned=("I", "J"))
    other.check()
    assert other.mistakes == []


def test_show_solution_opens_a_stepper_on_the_real_search(widget):
    widget.solution_button.click()
    assert isinstance(widget.stepper, Stepper)
    assert widget.stepper.trace.captions == widget.exercise.trace.captions
    assert widget.stepper.slider.value == len(widget.exercise.trace) - 1  # the finished search
    assert widget.stepper in widget.solution_area.children[0].children
    assert widget.solution_button.description == "Hide solution"
    widget.solution_button.click()
    assert widget.stepper is None and widget.solution_area.children == ()


def test_fill_and_clear(widget):
    widget.fill(widget.exercise.solution())
    assert widget.value_boxes["C"].value == "2" and widget.prune_boxes["J"].value
    widget.check()
    assert widget.mistakes == []
    widget.clear()
    assert all(box.value == "" for box in widget.value_boxes.values())
    assert not any(tick.value for tick in widget.prune_boxes.values())
    assert widget.feedback_text == ""


def test_controls_make_the_seeded_exercise():
    widget = PracticeWidget(seed=5, branching=2, depth=2)
    assert widget.exercise == Exercise.random(5, 2, 2)
    widget.seed_box.value = 6
    assert widget.exercise == Exercise.random(6, 2, 2)
    widget.depth_box.value = 3
    widget.rule_toggle.value = True
    widget.bounds_box.value = "all"
    widget.ordering_box.value = "worst"
    assert widget.exercise == Exercise.random(6, 2, 3, strict=True, bounds="all", ordering="worst")
    assert sorted(widget.alpha_boxes) == list("ABCDEFG")
    widget.another_button.click()
    assert widget.exercise.seed == 7


def test_a_tree_too_big_is_refused_in_the_widget():
    widget = PracticeWidget(seed=1, branching=2, depth=2)
    before = widget.exercise
    widget.branching_box.value = 5
    widget.depth_box.value = 3  # 125 leaves
    assert widget.exercise is not None and widget.exercise.branching ** widget.exercise.depth <= MAX_PRACTICE_LEAVES
    assert f"at most {MAX_PRACTICE_LEAVES}" in widget.feedback_text
    assert before.seed == widget.exercise.seed


def test_changing_the_exercise_closes_the_solution_and_clears_feedback(widget):
    widget.check()
    widget.toggle_solution()
    widget.seed_box.value = 11
    assert widget.stepper is None and widget.feedback_text == ""


def test_the_reorder_challenge():
    widget = PracticeWidget(Exercise((3, 12, 8, 2, 4, 6, 14, 5, 1), 3, task="reorder"))
    assert widget.value_boxes == {} and widget.order_box.value == "3 12 8 2 4 6 14 5 1"
    widget.order_box.value = "12 8 3 6 4 2 14 5 1"
    widget.check_button.click()
    assert not widget.verdict.solved
    assert widget.feedback_text.startswith("Alpha-beta evaluates 9 leaves on your order")
    assert any(m.kind is MistakeKind.NOT_BEST_FIRST for m in widget.mistakes)
    widget.order_box.value = "3 8 12 2 4 6 1 5 14"  # best first: 5 leaves, the minimum
    widget.check()
    assert widget.verdict.solved and "the fewest possible" in widget.feedback_text
    widget.order_box.value = "3 8 12 2 4 6 1 5"
    widget.check()
    assert widget.feedback_text == ("your order has 8 leaf scores, the tree has 9; reorder them, "
                                    "keep them all")
    widget.order_box.value = "3 8 12 2 4 6 1 5 x"
    widget.check()
    assert "the 9th score, 'x', is not a number" in widget.feedback_text
    widget.toggle_solution()
    assert widget.stepper.trace.evaluated == gametree.knuth_moore_minimum(3, 2)


def test_css_classes_for_styling_and_browser_tests(widget):
    assert "gametree-practice" in widget._dom_classes
    assert "gametree-check" in widget.check_button._dom_classes
    assert "gametree-solution" in widget.solution_button._dom_classes
    assert "gametree-feedback" in widget.feedback._dom_classes


def test_a_picture_for_places_without_a_kernel(widget):
    bundle, metadata = widget._repr_mimebundle_()
    assert bundle["image/png"] and "application/vnd.jupyter.widget-view+json" in bundle
    assert metadata["image/png"]["alt"] == widget.plot.alt_text()  # stored with its alt text


def test_draw_answer_without_an_answer_is_the_plain_tree():
    plot = draw_answer(Exercise(STATEMENT, 3))
    assert not any(plot.node_look(n).text for n in plot.tree if not n.is_leaf)
    assert plot.title == "branching 3, depth 2: 9 leaves"


def test_a_bad_exercise_argument_is_refused():
    with pytest.raises(TypeError, match="must be a gametree.practice.Exercise"):
        PracticeWidget([3, 5, 2, 9])


def test_draw_answer_outlines_the_chosen_node_dashed_and_names_a_bad_one():
    exercise = Exercise(STATEMENT, 3)
    look = draw_answer(exercise, chosen="B").node_look("B")
    assert look.dashed and look.outline != to_hex(MISTAKE_COLOR)
    with pytest.raises(ValueError, match="no node is named 'Z'"):
        draw_answer(exercise, chosen="Z")


def ink_pixels(png: bytes, color: str) -> int:
    """How many pixels of the PNG ``png`` are exactly ``color``."""
    import io

    import numpy as np
    from PIL import Image

    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).reshape(-1, 3)
    wanted = np.array([int(color[k:k + 2], 16) for k in (1, 3, 5)])
    return int((pixels == wanted).all(axis=1).sum())


INK = "#7a1fa2"  # a colour no theme uses


def test_a_theme_key_changes_the_widgets_picture_and_colors_merge_over_it():
    exercise = Exercise(STATEMENT, 3)
    plain = PracticeWidget(exercise)
    assert INK not in {plain.theme[key] for key in plain.theme}
    assert ink_pixels(plain.image.value, INK) == 0
    themed = PracticeWidget(exercise, theme={"text": INK}, colors={"mistake": "#000000"})
    assert themed.theme["text"] == INK and themed.theme["mistake"] == "#000000"
    assert ink_pixels(themed.image.value, INK) > 0
    printed = PracticeWidget(exercise, theme="print", colors={"mistake": INK})
    assert printed.theme["text"] == gametree.view.theme.PRINT["text"]
    assert printed.theme["mistake"] == INK and printed.colors["mistake"] == INK
