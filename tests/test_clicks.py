"""Answering on the tree: where the targets are on the picture (read from
the drawing's read-back API), and the practice widget driven by clicks on
them; plus its leftovers: stale feedback, an empty answer, seeds of any
size, options checked before any work, and the shared controls."""

import pytest
from matplotlib.colors import to_hex

import gametree
from gametree.practice import Exercise, MistakeKind
from gametree.practice.sheets import sheet_exercises
from gametree.view.draw import TracePlot
from gametree.view.hotspots import MIN_TARGET, Hotspot, hit, hotspots
from gametree.widgets.controls import close_all, message_html
from gametree.widgets.practice import MAX_SEED_DIGITS, MISTAKE_COLOR, PracticeWidget, SeedBox

FIG52 = (3, 12, 8, 2, 4, 6, 14, 5, 2)


@pytest.fixture
def widget():
    return PracticeWidget(Exercise(FIG52, 3, ask_bounds=("C",)))


# --- where the targets are ---------------------------------------------------------


def test_each_node_target_is_centred_on_its_marker_and_big_enough():
    plot = TracePlot(gametree.trace_alpha_beta(list(FIG52), 3))
    height = plot.figure.canvas.get_width_height()[1]
    for spot in hotspots(plot, nodes=[n.name for n in plot.tree]):
        x0, y0, x1, y1 = plot.marker_box(spot.node)
        x, y = spot.centre
        assert x == pytest.approx((x0 + x1) / 2) and y == pytest.approx(height - (y0 + y1) / 2)
        left, top, right, bottom = spot.box
        assert right - left >= MIN_TARGET and bottom - top >= MIN_TARGET


def test_each_edge_target_sits_on_the_middle_of_its_edge():
    plot = TracePlot(gametree.Tree.from_nested([[1, 2], [3, [4, 5]]]))
    height = plot.figure.canvas.get_width_height()[1]
    segments = plot.edge_segments()
    for spot in hotspots(plot, edges=[n.name for n in plot.tree.nodes[1:]]):
        (xa, ya), (xb, yb) = segments[plot.tree[spot.node].id - 1]
        assert spot.centre == pytest.approx(((xa + xb) / 2, height - (ya + yb) / 2))
        assert hit(hotspots(plot, edges=[spot.node]), *spot.centre).node == spot.node


def test_a_click_between_targets_hits_nothing_and_overlaps_go_to_the_nearest():
    spots = [Hotspot("node", "A", (0, 0, 10, 10)), Hotspot("node", "B", (8, 8, 18, 18))]
    assert hit(spots, 50, 50) is None
    assert hit(spots, 9, 9).node in ("A", "B") and hit(spots, 16, 16).node == "B"


def test_hotspots_refuse_the_roots_edge_and_other_things():
    plot = TracePlot([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="A is the root"):
        hotspots(plot, edges=["A"])
    with pytest.raises(TypeError):
        hotspots("not a plot")


# --- the practice widget, on the tree ----------------------------------------------------


def test_every_edge_and_internal_node_has_a_button_named_for_a_screen_reader(widget):
    tree = widget.exercise.tree
    assert {name for kind, name in widget.clicks.buttons if kind == "edge"} == \
        {n.name for n in tree.nodes[1:]}
    assert {name for kind, name in widget.clicks.buttons if kind == "node"} == \
        {n.name for n in tree if not n.is_leaf}
    assert widget.clicks.buttons["edge", "I"].description == "cross out the edge to I"
    assert widget.clicks.buttons["node", "C"].description == "MIN node C: type its value"
    width, height = widget.plot.figure.canvas.get_width_height()
    assert widget.image.layout.width == f"{width}px"  # shown at its own size: targets match


def test_clicking_edges_prunes_and_the_drawing_follows(widget):
    widget.clicks.click("edge", "I")
    widget.clicks.click("edge", "J")
    assert widget.prune_boxes["I"].value and widget.prune_boxes["J"].value
    assert widget.plot.edge_look("I").crossed and widget.plot.edge_look("J").dashed
    assert "gametree-hotspot-selected" in widget.clicks.buttons["edge", "I"]._dom_classes
    widget.clicks.click("edge", "J")  # back in
    assert not widget.prune_boxes["J"].value and not widget.plot.edge_look("J").dashed


def test_clicking_a_node_picks_its_value_box(widget):
    widget.clicks.click("node", "C")
    assert widget.chosen == "C"
    assert "gametree-hotspot-selected" in widget.clicks.buttons["node", "C"]._dom_classes
    assert "gametree-chosen" in widget._cards["C"]._dom_classes


def test_an_answer_given_on_the_tree_checks_like_one_in_the_cards(widget):
    for name, text in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
        widget.clicks.click("node", name)
        widget.value_boxes[name].value = text
    widget.alpha_boxes["C"].value, widget.beta_boxes["C"].value = "3", "2"
    widget.clicks.click("edge", "I")
    widget.clicks.click("edge", "J")
    widget.check_button.click()
    assert widget.mistakes == []


# --- leftovers: stale feedback, the empty answer ------------------------------------------


def red(plot, name):
    return plot.node_look(name).outline == to_hex(MISTAKE_COLOR)


def test_a_typo_after_a_check_clears_the_red_marks(widget):
    widget.value_boxes["B"].value = "4"
    widget.check()
    assert red(widget.plot, "B")
    widget.value_boxes["B"].value = "l2"
    widget.check()
    assert widget.feedback_text.startswith("Fix this box first")
    assert not any(red(widget.plot, n.name) for n in widget.exercise.tree)
    assert "gametree-wrong" not in widget.value_boxes["B"]._dom_classes


def test_show_solution_after_a_fixed_typo_shows_no_old_warning(widget):
    widget.value_boxes["B"].value = "l2"
    widget.check()
    widget.value_boxes["B"].value = "3"  # fixed
    assert widget.feedback_text == ""
    widget.value_boxes["B"].value = "l2"
    widget.check()
    widget.solution_button.click()
    assert widget.feedback_text == "" and widget.stepper is not None


def test_any_change_to_the_answer_clears_the_last_check(widget):
    widget.value_boxes["B"].value = "4"
    widget.check()
    assert widget.mistakes and red(widget.plot, "B")
    widget.clicks.click("edge", "M")
    assert widget.mistakes == [] and widget.feedback_text == "" and not red(widget.plot, "B")


def test_an_empty_answer_reads_as_nothing_filled_in_yet(widget):
    widget.check()
    assert [m.kind for m in widget.mistakes] == [MistakeKind.EMPTY]
    assert widget.feedback_text.startswith("Nothing is filled in yet")
    assert "mistake" not in widget.feedback_text
    assert widget.plot.title == "your answer: nothing filled in yet"
    assert not red(widget.plot, "A")


# --- seeds and options -----------------------------------------------------------------


def test_every_seed_a_sheet_prints_opens_its_own_tree():
    big = sheet_exercises(10**18 - 1, 2, 3, 2)[1]  # the largest sheet seed the command line takes
    widget = PracticeWidget(seed=1, branching=3, depth=2)
    widget.seed_box.value = str(big.seed)
    assert widget.exercise == big and widget.seed_box.value == str(big.seed)
    widget.another_button.click()
    assert widget.exercise.seed == big.seed + 1


@pytest.mark.parametrize("text, words", [
    ("-3", "the seed is '-3'; type a whole number from 0"),
    ("4x", "the seed is '4x'"),
    ("\uff14\uff12", "the seed is"),
    ("9" * (MAX_SEED_DIGITS + 1), f"the seed has {MAX_SEED_DIGITS + 1} digits"),
])
def test_a_seed_that_is_not_a_whole_number_is_refused_and_the_tree_stays(text, words):
    widget = PracticeWidget(seed=5, branching=2, depth=2)
    widget.seed_box.value = text
    assert words in widget.feedback_text and widget.exercise.seed == 5


def test_the_longest_seed_is_read():
    box = SeedBox(value="9" * MAX_SEED_DIGITS)
    assert box.seed == 10**MAX_SEED_DIGITS - 1


def test_shape_and_root_controls_make_the_seeded_exercise():
    widget = PracticeWidget(seed=3, branching=3, depth=3, uneven=True, root="MIN")
    assert widget.exercise == Exercise.random(3, 3, 3, uneven=True, root="MIN")
    assert widget.shape_box.value == "uneven" and widget.root_toggle.value == "MIN"
    widget.root_toggle.value = "MAX"
    widget.shape_box.value = "complete"
    assert widget.exercise == Exercise.random(3, 3, 3)
    widget.depth_box.value = 1
    widget.shape_box.value = "uneven"
    assert "an uneven tree needs depth 2 or more" in widget.feedback_text


@pytest.mark.parametrize("options, error, words", [
    ({"depth": 10**20}, ValueError, "branching 2 to 5 and depth 1 to 5"),
    ({"depth": 2.0}, TypeError, "depth must be a whole number"),
    ({"branching": 3, "depth": 4}, ValueError, "a practice tree has at most 32"),
    ({"seed": -1}, ValueError, "seed must be 0 or more"),
    ({"strict": "no"}, TypeError, "strict must be True or False"),
    ({"ordering": "sorted"}, ValueError, "ordering must be one of"),
    ({"root": "top"}, ValueError, "root must be 'MAX' or 'MIN'"),
])
def test_constructor_options_are_checked_before_any_work(options, error, words):
    with pytest.raises(error, match=words):
        PracticeWidget(**options)


def test_the_largest_practice_tree_and_one_past_it():
    assert len(PracticeWidget(seed=1, branching=2, depth=5).exercise.leaves) == 32
    with pytest.raises(ValueError, match="at most 32"):
        PracticeWidget(Exercise(tuple(range(36)), 6))


# --- the shared controls -------------------------------------------------------------


def test_the_message_line_escapes_and_is_empty_without_a_message():
    assert message_html("") == ""
    assert "&lt;b&gt;" in message_html("<b>") and "&#9888;" in message_html("x")
    assert "&#9888;" not in message_html("x", level="info")


def test_close_all_keeps_what_it_is_told_to_keep():
    import ipywidgets as widgets

    kept, gone = widgets.Label("kept"), widgets.Label("gone")
    box = widgets.VBox([kept, gone])
    close_all(box, keep={kept})
    assert kept.comm is not None and gone.comm is None and box.comm is None


def test_the_same_targets_keep_their_buttons_so_the_keyboard_keeps_its_place(widget):
    before = widget.clicks.buttons["edge", "J"]
    widget.clicks.click("edge", "I")  # the drawing is redrawn, the targets stay
    assert widget.clicks.buttons["edge", "J"] is before


# --- a selection never looks like a mistake ----------------------------------------------


def marked_in(plot, colour):
    """The nodes whose outline, and the edges whose line, are drawn in ``colour``."""
    tree, colour = plot.tree, to_hex(colour)
    return ({n.name for n in tree if plot.node_look(n.name).outline == colour},
            {n.name for n in tree.nodes[1:] if plot.edge_look(n.name).color == colour})


def test_after_check_only_mistakes_are_red_and_a_selection_is_dashed_blue(widget):
    # B clicked, I and J crossed out (right), M crossed out too (over-pruned): the case.
    widget.clicks.click("node", "B")
    for name in ("I", "J", "M"):
        widget.clicks.click("edge", name)
    for name, text in {"A": "3", "B": "3", "C": "2", "D": "2"}.items():
        widget.value_boxes[name].value = text
    widget.alpha_boxes["C"].value, widget.beta_boxes["C"].value = "3", "2"
    selected = widget.colors["selected"]
    assert marked_in(widget.plot, selected) == ({"B"}, set())  # before Check: B dashed blue
    assert widget.plot.node_look("B").dashed
    widget.check_button.click()
    wrong = {m.node for m in widget.mistakes}
    assert "M" in wrong and "B" not in wrong
    nodes, edges = marked_in(widget.plot, MISTAKE_COLOR)
    assert nodes | edges == wrong  # red is only where a mistake is
    assert widget.plot.node_look("B").outline == to_hex(selected) and widget.plot.node_look("B").dashed
    assert not widget.plot.node_look("M").dashed  # a mistake: solid
    # The buttons over the picture frame a selection dashed blue, never in the mistake's red.
    css = widget.clicks._style.value
    rule = css[css.index(".gametree-hotspot-selected"):]
    assert f"dashed {selected}" in rule and to_hex(MISTAKE_COLOR) not in css.lower()
    assert {key for key, b in widget.clicks.buttons.items()
            if "gametree-hotspot-selected" in b._dom_classes} == \
        {("node", "B"), ("edge", "I"), ("edge", "J"), ("edge", "M")}


def test_the_palette_is_passed_in_and_checked():
    exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    widget = PracticeWidget(exercise, colors={"selected": "black", "mistake": "#00FF00"})
    widget.clicks.click("node", "C")
    assert widget.plot.node_look("C").outline == "#000000"
    assert "dashed #000000" in widget.clicks._style.value
    widget.value_boxes["C"].value = "5"
    widget.check()
    assert widget.plot.node_look("C").outline == "#00ff00"
    assert PracticeWidget(exercise).colors["selected"] != "#000000"  # defaults untouched
    with pytest.raises(ValueError, match="no colour named 'selectd'; the palette's keys are"):
        PracticeWidget(exercise, colors={"selectd": "blue"})
    with pytest.raises(ValueError, match=r"'bleu' \(str\) is not a colour"):
        PracticeWidget(exercise, colors={"selected": "bleu"})
