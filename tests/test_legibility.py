"""Legible on a projector: at 1280x720 in JupyterLab (a cell about 1,100
pixels wide and 560 high), every value and leaf score is 14 px or more,
every name and alpha/beta window 12 px or more, no label overlaps another,
an edge or a marker, and nothing leaves the picture.  Crowded trees get
fewer labels instead.

The label boxes are what matplotlib lays out at the size the picture is
shown (72 dpi: a point is a pixel, and the widget shows its PNG at that
size), so no test here renders a picture.
"""

import functools
import io

import numpy as np
import pytest
from PIL import Image

import gametree
from gametree import Status, Tree, random_tree, trace_alpha_beta
from gametree.chance import trace_expectiminimax
from gametree.games import Kalah, TicTacToe, TicTacToeState, trace_game
from gametree.games.windows import trace_mtdf
from gametree.view.draw import CELL_HEIGHT, CELL_WIDTH, TracePlot, draw
from gametree.view.labels import segment_crosses_box
from gametree.widgets import stepper as stepper_module
from gametree.widgets.stepper import Stepper

VALUE_PX, LABEL_PX = 14, 12
BIGGER = {"value": VALUE_PX, "score": VALUE_PX}


def _uneven():
    def expand(path):
        if len(path) >= 3 or path.endswith("b"):
            return None
        return [path + move for move in "abc"[: 2 + len(path) % 2]]
    return Tree.unfold("", expand, lambda path: len(path) * 3 - ord(path[-1]) % 7,
                       label=lambda path: "move " + path[-1])


def _deep_cutoff():
    """Notebook 04's worst-order tree of depth 4, drawn at 9 x 7.5 inches."""
    leaves = gametree.worst_order(gametree.random_leaves(2, 4, seed=1, low=1, high=40,
                                                         distinct=True), 2)
    return trace_alpha_beta(leaves, 2)


def _kalah_2_2():
    """07's "Two MAX levels in a row": Kalah(2, 2) searched to the end."""
    return trace_game(Kalah(2, 2))


def _star1_three_moves():
    """09's Star1 stepper: three moves, bounds 0 and 10."""
    return trace_expectiminimax([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, [6, 2]), (0.75, [4, 8])],
                                 [(0.8, [1, 2]), (0.2, [7, 9])]], bounds=(0, 10))


def _mtdf_passes():
    """11's MTD(f) stepper: 16 leaves, first guess 5, three passes."""
    return trace_mtdf(Tree.from_leaves(gametree.random_leaves(2, 4, seed=31, high=9), 2), guess=5)


EXAM = [[[3, 12], [8, 2]], [[4, 6], [14, 5]], [[2, 9], [1, 7]]]
"""10's exam tree: Pacman's three moves, then ghost 1's two, then ghost 2's two."""
GHOSTS = ("MAX", "MIN", "MIN")

TREES = {
    "textbook": lambda: trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3),
    "81 leaves": lambda: trace_alpha_beta(random_tree(3, 4, seed=11)),
    "uneven": lambda: trace_alpha_beta(Tree.from_nested([[[1, 2, 3, 4, 5]], 6, [7, [8, [9, 10]]]])),
    "uneven, moves on edges": lambda: trace_alpha_beta(_uneven()),
    "tic-tac-toe": lambda: trace_game(TicTacToe(), TicTacToeState.from_text("... O.X XOX")),
    "decimals": lambda: trace_alpha_beta([x / 4 - 20 for x in range(64)], 4),
    "deep cutoff": _deep_cutoff,
    "Kalah(2, 2), two MAX levels in a row": _kalah_2_2,
    "Star1, three moves": _star1_three_moves,
    "MTD(f) passes": _mtdf_passes,
}
"""Every kind of tree drawing the notebooks show (the lessons' other
figures are checked in test_figures.py, chance trees in test_chance_view.py),
each small."""
TREES = {name: functools.cache(make) for name, make in TREES.items()}  # traces are immutable: search once


def _steps(trace, count=5):
    """A few steps spread over the search, cutoffs included."""
    picks = {0, len(trace) - 1, *(s.index for s in trace.cutoffs[:2])}
    picks |= {len(trace) * k // count for k in range(1, count)}
    return sorted(picks)


def overlapping(box, boxes, slack=0.5):
    """The indices of the rows of ``boxes`` (an n x 4 array of x0, y0, x1,
    y1) that overlap ``box`` by more than ``slack`` pixels both ways."""
    return np.flatnonzero((np.minimum(boxes[:, 2], box[2]) - np.maximum(boxes[:, 0], box[0]) > slack)
                          & (np.minimum(boxes[:, 3], box[3]) - np.maximum(boxes[:, 1], box[1]) > slack))


def reaches(segments):
    """The box around each segment ``((x0, y0), (x1, y1))``, as rows of an n x 4 array."""
    ends = np.array(segments, dtype=float).reshape(-1, 4)
    return np.column_stack([np.minimum(ends[:, 0], ends[:, 2]), np.minimum(ends[:, 1], ends[:, 3]),
                            np.maximum(ends[:, 0], ends[:, 2]), np.maximum(ends[:, 1], ends[:, 3])])


def crossing(segments, reach, box):
    """Whether a segment enters ``box`` (segment_crosses_box), asked only of
    those whose box (``reach``, see :func:`reaches`) comes within a pixel
    of it: one farther off on either axis cannot enter it."""
    return any(segment_crosses_box(segments[j], box) for j in overlapping(box, reach, slack=-1.0))


def _shrunk(box, by=1.0):
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def check_legible(plot):
    """Every text of ``plot`` as it is shown: large enough, inside the
    picture, clear of every other text, edge and marker."""
    assert plot.figure.dpi == 72
    width, height = plot.figure.canvas.get_width_height()
    labels = plot.label_boxes()
    segments = plot.edge_segments()
    markers = {node.id: plot.marker_box(node) for node in plot.tree}
    boxes = np.array([label.box for label in labels], dtype=float).reshape(-1, 4)
    marker_boxes = np.array(list(markers.values()), dtype=float).reshape(-1, 4)
    reach = reaches(segments)
    for k, label in enumerate(labels):
        x0, y0, x1, y1 = label.box
        least = BIGGER.get(label.kind, LABEL_PX)
        assert label.font >= least, f"{label.kind} {label.text!r} is {label.font:.1f} px"
        lines = label.text.count("\n") + 1
        assert (y1 - y0) / lines >= least - 0.5, f"{label.text!r} is {(y1 - y0) / lines:.1f} px tall"
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, f"{label.text!r} leaves the picture"
        clash = overlapping(label.box, boxes[k + 1:])
        assert not clash.size, f"{label.text!r} overlaps {labels[k + 1 + clash[0]].text!r}"
        if label.kind == "value":  # written inside its node
            mx0, my0, mx1, my1 = markers[label.node]
            assert mx0 <= x0 and x1 <= mx1 and my0 <= y0 and y1 <= my1, f"{label.text!r} spills out"
            continue
        if label.kind in ("title", "caption"):
            continue
        inner = _shrunk(label.box)
        assert not crossing(segments, reach, inner), f"an edge crosses {label.text!r}"
        assert not overlapping(inner, marker_boxes).size, f"a node covers {label.text!r}"
    return labels


@pytest.mark.parametrize("name", TREES)
def test_static_figures_are_legible_and_fit_a_projector_cell(name):
    trace = TREES[name]()
    plot = TracePlot(trace, figsize=(9, 7.5)) if name == "deep cutoff" else TracePlot(trace)
    width, height = plot.figure.canvas.get_width_height()
    assert width <= CELL_WIDTH and height <= CELL_HEIGHT - 20
    for step in _steps(trace):
        plot.show(step)
        check_legible(plot)


@pytest.mark.parametrize("name", TREES)
def test_stepper_pictures_are_legible_at_the_size_they_are_shown(name):
    stepper = Stepper(TREES[name]())
    with Image.open(io.BytesIO(stepper.image.value)) as image:
        assert image.size == stepper.picture_size  # one PNG pixel per screen pixel
    for step in _steps(stepper.trace):
        stepper.step_to(step)
        check_legible(stepper.plot)


@pytest.mark.parametrize("name", TREES)
def test_a_rows_names_and_windows_each_sit_on_one_side_of_their_nodes(name):
    # A name between two markers reads as its own node's only if the row's other
    # names sit likewise (09's Star1 row had "E" right of E, then "I J" side by side).
    plot = TracePlot(TREES[name]())
    for step in _steps(plot.search(), count=2):
        plot.show(step)
        sides: dict = {}
        for label in plot.label_boxes():
            if label.kind in ("name", "window") and label.node is not None:
                box = plot.marker_box(label.node)
                centre = (box[0] + box[2]) / 2
                middle = (label.box[0] + label.box[2]) / 2
                side = "above" if abs(middle - centre) < 1 else "left" if middle < centre else "right"
                sides.setdefault((label.kind, plot.tree[label.node].depth), set()).add(side)
        mixed = {row: found for row, found in sides.items() if len(found - {"above"}) > 1}
        assert mixed == {}, f"step {step}: rows with labels on both sides: {mixed}"


def test_kalahs_two_max_levels_show_every_value_inside_its_node_with_a_gap_between_rows():
    plot = TracePlot(_kalah_2_2()).show(-1)  # "A returns v = -2"
    done = [n for n in plot.tree if not n.is_leaf and plot.snapshot.status[n.id] is Status.DONE]
    assert done and all(plot.node_look(n).text for n in done), "a finished node shows no value"
    for node in plot.tree:  # a triangle over its only child (a player who moves again) keeps a gap
        if node.parent is not None and len(plot.tree[node.parent].children) == 1:
            parent, child = plot.marker_box(node.parent), plot.marker_box(node)
            assert parent[1] - child[3] >= 6, f"{node.name} touches its parent"


def test_the_textbook_stepper_fits_the_screen_with_its_pseudocode_beside():
    stepper = Stepper([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    width, height = stepper.picture_size
    assert stepper.layout_mode == "beside"
    assert width + stepper_module._CODE_WIDTH + 12 <= CELL_WIDTH
    assert height + stepper_module._CHROME <= CELL_HEIGHT
    assert width >= 700  # the width is used: the tree takes what the code leaves
    # The pseudocode, 13 px lines wrapped in a 41-character column, is no taller
    # than the picture beside it.
    rows = 0
    for line in gametree.pseudocode(False):
        code = line.lstrip()
        rows += -(-(len(line) - len(code) + 1 + len(code)) // 37)
    assert 6 + rows * 13 * 1.35 + 6 <= height
    assert 'font-size:13px' in stepper.code.value and "width:41ch" in stepper.code.value


def test_the_infinity_in_the_root_at_step_0_is_readable():
    stepper = Stepper([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    root = [label for label in stepper.plot.label_boxes() if label.node == 0 and label.kind == "value"]
    assert [label.text for label in root] == ["\u2212\u221e"] and root[0].font >= VALUE_PX


def test_the_81_leaf_tree_keeps_every_score_and_value_and_drops_what_cannot_fit():
    trace = TREES["81 leaves"]()
    plot = TracePlot(trace).show(100)
    labels = check_legible(plot)
    scores = [label for label in labels if label.kind == "score"]
    assert len(scores) == 81  # staggered, so neighbours never run together
    state = trace.state(100)
    done = [n.id for n in trace.tree if not n.is_leaf and state.status[n.id] is Status.DONE]
    values = {label.node for label in labels if label.kind == "value"}
    assert set(done) <= values  # every finished node's value is written
    # The rows above the crowded one have room for every window; the path's
    # nodes show theirs wherever the drawing has a spot for one.
    assert {n.id for n in trace.tree if n.depth < 3 and not n.is_leaf} <= set(plot.plan.windows)
    windows = {label.node for label in labels if label.kind == "window"}
    assert {n.id for n in state.path if n.id in plot.plan.windows} <= windows
    for node_id in windows & plot.plan.path_windows:
        assert state.status[node_id] is Status.ACTIVE


def test_a_crowded_row_shows_windows_only_on_the_current_path():
    trace = trace_alpha_beta(random_tree(2, 5, seed=1))
    plot = Stepper(trace).plot
    assert plot.plan.path_windows  # the deepest internal row has room for one window at a time
    for step in range(len(trace)):
        plot.show(step)
        on_path = {n.id for n in trace.state(step).path} | {trace[step].node.id}
        shown = {label.node for label in plot.label_boxes() if label.kind == "window"}
        assert shown & plot.plan.path_windows <= on_path


def test_a_huge_tree_keeps_the_labels_that_fit_and_drops_the_rest():
    plot = TracePlot(random_tree(3, 6, seed=1))  # 729 leaves in 1,100 pixels
    labels = check_legible(plot)
    assert not [label for label in labels if label.kind == "score"]  # 1.4 px a leaf: no room
    named = {plot.tree[label.node].depth for label in labels if label.kind == "name"}
    assert 0 in named and 5 not in named  # names where a row has room, none where it has not


def test_the_static_8_leaf_tree_puts_title_and_leaves_on_one_screen():
    figure = draw(random_tree(2, 3, seed=7))
    width, height = figure.get_size_inches() * 72
    assert width <= CELL_WIDTH and height <= CELL_HEIGHT - 20  # was 960 x 795


def test_figures_say_what_they_show_in_words(fig52_trace):
    figure = draw(fig52_trace, step=13)
    bundle, metadata = figure._repr_mimebundle_()
    assert bundle["image/png"].startswith(b"\x89PNG") and metadata["image/png"]["alt"] == bundle["text/plain"]
    assert "step 13 of 25" in bundle["text/plain"] and "prune 2 children" in bundle["text/plain"]
    stepper = Stepper(fig52_trace)
    stepper.step_to(13)
    assert "step 13 of 25" in stepper.alt_text
    # An Image widget has no alt attribute, and a tooltip on it stops JupyterLab
    # drawing the widget at all ("Error displaying widget"): leave it unset.
    assert stepper.image.tooltip is None
    assert stepper._repr_mimebundle_()[0]["text/plain"] == stepper.alt_text


def _name_spots(plot) -> dict:
    """Each row's names' spots: (left/centre/right, beside/above) of their own node."""
    spots: dict = {}
    for label in plot.label_boxes():
        if label.kind == "name" and label.node is not None:
            box = plot.marker_box(label.node)
            centre, middle = (box[0] + box[2]) / 2, (label.box[0] + label.box[2]) / 2
            across = "centre" if abs(middle - centre) < 1 else "left" if middle < centre else "right"
            height = (label.box[1] + label.box[3]) / 2
            up = "beside" if box[1] <= height <= box[3] else "above" if height > box[3] else "below"
            spots.setdefault(plot.tree[label.node].depth, set()).add((across, up))
    return spots


def test_every_name_of_a_row_sits_the_same_way_in_notebook_10s_stepper():
    # Notebook 10's stepper at 1280x720 wrote "G" above its node's edge while E, F and H
    # sat beside theirs: a row's names now take one spot.
    exam = [[[3, 8], [5, 2]], [[6, 9], [7, 4]], [[1, 10], [12, 5]]]
    stepper = Stepper(trace_alpha_beta(exam, players=("MAX", "MIN", "MIN")))
    for step in _steps(stepper.trace):
        stepper.step_to(step)
        spots = _name_spots(stepper.plot)
        assert spots and all(len(found) == 1 for found in spots.values()), f"step {step}: {spots}"


@pytest.mark.parametrize("name", TREES)
def test_every_name_of_a_row_takes_one_spot(name):
    plot = TracePlot(TREES[name]())
    for step in _steps(plot.search(), count=2):
        plot.show(step)
        mixed = {row: found for row, found in _name_spots(plot).items() if len(found) > 1}
        assert mixed == {}, f"step {step}: {mixed}"


PACMAN_LEVELS = {
    "en": ["MAX: Pacman", "MIN: ghost 1", "MIN: ghost 2"],
    "hi": ["MAX: पैकमैन", "MIN: भूत 1", "MIN: भूत 2"],
    "ko": ["MAX: 팩맨", "MIN: 유령 1", "MIN: 유령 2"],
    "da": ["MAX: Pacman", "MIN: spøgelse 1", "MIN: spøgelse 2"],
}


@functools.cache
def _pacman_exam():
    return trace_alpha_beta(Tree.from_nested(EXAM, players=GHOSTS))


@pytest.mark.parametrize("lang", sorted(PACMAN_LEVELS))
def test_a_pacman_trees_levels_name_their_agents_in_each_language(lang):
    """Beside a tree of Pacman and two ghosts each level names its agent,
    in the drawing's language, level with its nodes, legible (with every
    other label of the picture), left of every node, and in the alt text;
    a random ghost's level says CHANCE; a two-player tree names no agents."""
    with gametree.i18n.using(lang):
        plot = TracePlot(_pacman_exam()).show(9)
        alt = plot.alt_text()
    levels = [label for label in check_legible(plot) if label.kind == "level"]
    assert [label.text for label in levels] == PACMAN_LEVELS[lang]
    leftmost = min(plot.marker_box(node)[0] for node in plot.tree)
    for label in levels:  # left of the tree, level with the nodes of its depth
        assert label.box[2] < leftmost
        node = next(node for node in plot.tree if node.depth == label.node)
        y = plot.ax.transData.transform(plot.positions[node.id])[1]
        assert abs((label.box[1] + label.box[3]) / 2 - y) < 3, label.text
    assert all(text in alt for text in PACMAN_LEVELS[lang])
    if lang == "en":
        random_ghosts = TracePlot(Tree.from_nested(EXAM, players=("MAX", "MIN", "CHANCE")))
        assert [label.text for label in random_ghosts.label_boxes() if label.kind == "level"][2] == \
            "CHANCE: ghost 2"
        assert not [label for label in TracePlot(TREES["textbook"]()).label_boxes()
                    if label.kind == "level"]
