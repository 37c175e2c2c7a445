"""The lessons' figures: each shows what it says, is legible on a projector
(values 14 px or more, other text 12 px or more, no text on another, at
most a JupyterLab cell at 1280x720), tells nothing by colour alone, and
refuses bad input with a sentence."""

import math
from itertools import pairwise

import pytest
from matplotlib.colors import to_hex

import gametree
from gametree.games import TicTacToe, TicTacToeState, record_number_game, trace_game, tree_states
from gametree.view.draw import CELL_HEIGHT, CELL_WIDTH
from gametree.view.figures import (
    FATES,
    MAX_BOARD_LEAVES,
    boards_figure,
    memo_fates,
    minimax_figure,
    numbergame_figure,
)
from gametree.view.theme import DEFAULT

CURRENT_COLOR = DEFAULT["current"]
MAX_COLOR = DEFAULT["MAX node"]
MIN_COLOR = DEFAULT["MIN node"]


def texts_of(figure):
    """Every text drawn on ``figure``, with its box in pixels."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    texts = list(figure.texts)
    for legend in figure.legends:
        texts += legend.get_texts()
    for ax in figure.axes:
        texts += [*ax.texts, ax.title]
        if ax.axison:
            texts += [*ax.get_xticklabels(), *ax.get_yticklabels(), ax.xaxis.label, ax.yaxis.label]
        if ax.get_legend() is not None:
            texts += ax.get_legend().get_texts()
    found = []
    for text in texts:
        if text.get_visible() and text.get_text().strip():
            box = text.get_window_extent(renderer)
            found.append((text, (box.x0, box.y0, box.x1, box.y1)))
    return found


def check_legible(figure, is_value=lambda text: False):
    """Fonts large enough, nothing outside the figure, no text on another;
    ``is_value(text)``: whether a text is a value (14 px or more)."""
    assert figure.dpi == 72
    width, height = figure.canvas.get_width_height()
    assert width <= CELL_WIDTH and height <= CELL_HEIGHT - 20
    found = texts_of(figure)
    for k, (text, box) in enumerate(found):
        least = 14 if is_value(text) else 12
        assert text.get_fontsize() >= least, f"{text.get_text()!r} is {text.get_fontsize()} px"
        assert box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= width + 0.5 and box[3] <= height + 0.5, \
            f"{text.get_text()!r} leaves the figure"
        for other, other_box in found[k + 1:]:
            overlap = (min(box[2], other_box[2]) - max(box[0], other_box[0]),
                       min(box[3], other_box[3]) - max(box[1], other_box[1]))
            assert min(overlap) <= 0.5, f"{text.get_text()!r} overlaps {other.get_text()!r}"
    return found


# --- minimax_figure -----------------------------------------------------------------------


@pytest.fixture
def tree():
    return gametree.Tree.from_leaves([3, 5, 2, 9, 12, 5, 23, 23], 2)


@pytest.mark.parametrize("down_to", [0, 1, 2, 3])
def test_minimax_values_are_written_from_a_depth_down(tree, down_to):
    figure = minimax_figure(tree, down_to=down_to, title=f"level {down_to}")
    plot, values = figure.plot, gametree.backed_up_values(tree)
    for node in tree:
        look = plot.node_look(node)
        if node.is_leaf:
            assert look.text == str(node.score)  # leaf scores always
        elif node.depth >= down_to:
            assert look.text == str(values[node.id])
            assert look.fill == to_hex(MAX_COLOR if node.player is gametree.MAX else MIN_COLOR)
        else:
            assert look.text is None and look.fill == "#ffffff"
    assert plot.title == f"level {down_to}"
    check_legible(figure)  # values inside nodes: see test_legibility


def test_the_path_is_thick_and_orange_and_the_caption_is_written(tree):
    pv = gametree.principal_variation(tree)
    figure = minimax_figure(tree, path=pv, title="Value 12", caption="orange: the principal variation")
    plot = figure.plot
    on_path = {node.id for node in pv}
    for node in tree.nodes[1:]:
        look = plot.edge_look(node)
        if node.id in on_path:
            assert look.color == to_hex(CURRENT_COLOR) and look.width >= 4  # width, not colour alone
        else:
            assert look.width <= 1.5
    assert plot.caption == "orange: the principal variation"
    assert "the path A, C, F and L is drawn thick" in figure.alt_text


@pytest.mark.parametrize("arguments, error, words", [
    ({"down_to": -1}, ValueError, r"0 \(the root\) or more"),
    ({"down_to": 1.5}, TypeError, "whole number"),
    ({"path": "ACF"}, TypeError, "sequence of nodes"),
    ({"path": ["A", "D"]}, ValueError, "not one of its children"),
    ({"path": ["Z"]}, ValueError, "no node is named 'Z'"),
    ({"title": 3}, TypeError, "title must be text"),
])
def test_minimax_figure_refuses_bad_input(tree, arguments, error, words):
    with pytest.raises(error, match=words):
        minimax_figure(tree, **arguments)


# --- numbergame_figure --------------------------------------------------------------------


@pytest.fixture(scope="module")
def record():
    return record_number_game([7, -5, 8, 5, 1])


def test_memo_fates_are_one_solve_per_state_and_the_calls_memo_graph_counts(record):
    fates = memo_fates(record)
    counts = {fate: fates.count(fate) for fate in FATES}
    assert counts["solved"] == len(record.graph.states) == len(set(record.intervals))
    assert counts["solved"] + counts["answered from memory"] == record.graph.calls
    assert sum(counts.values()) == len(record.tree)
    # A call answered from memory has no calls below it that are made.
    for node in record.tree:
        if fates[node.id] == "answered from memory":
            assert all(fates[c] == "never made" for c in node.children)


def test_fates_differ_in_shape_as_well_as_colour():
    shapes = [marker for marker, _, _ in FATES.values()]
    colours = [colour for _, colour, _ in FATES.values()]
    assert len(set(shapes)) == len(set(colours)) == len(FATES)


def test_the_numbergame_figure_is_legible_and_says_what_it_shows(record):
    figure = numbergame_figure(record)
    values = {gametree.text.pretty(v) for v in record.graph.values}
    white = to_hex("white")  # values are written white on the circles
    found = check_legible(figure, is_value=lambda text: to_hex(text.get_color()) == white)
    shown = [text.get_text() for text, _ in found]
    inside = [text.get_text() for text, _ in found if to_hex(text.get_color()) == white]
    assert "Recursion tree without memory: 189 calls" in shown
    assert "Memo graph: 21 distinct (lo, hi)" in shown
    assert {"solved: 21", "answered from memory: 30", "never made: 138"} <= set(shown)
    assert sorted(inside) == sorted(map(gametree.text.pretty, record.graph.values)) and values
    assert "worth 11 to the player who moves first" in figure.alt_text


def marker_boxes(ax):
    """Every marker an Axes' scatters draw, as a box in pixels (x0, y0, x1, y1)."""
    boxes = []
    for collection in ax.collections:
        if not hasattr(collection, "get_sizes"):  # edges
            continue
        offsets = collection.get_offsets()
        sizes = collection.get_sizes()
        if not len(offsets) or not len(sizes):
            continue
        for k, (x, y) in enumerate(ax.transData.transform(offsets)):
            half = math.sqrt(sizes[k % len(sizes)]) / 2  # points are pixels at 72 dpi
            boxes.append((x - half, y - half, x + half, y + half))
    return boxes


def test_the_numbergame_figure_fits_a_screen_and_its_rows_do_not_smear(record):
    figure = numbergame_figure(record)
    # With the cell's input line above it, the figure fits JupyterLab at 1280x720.
    assert figure.canvas.get_width_height()[1] <= 480
    tree_axes = figure.axes[0]
    rows = {}
    for box in marker_boxes(tree_axes):
        rows.setdefault(round((box[1] + box[3]) / 2), []).append(box)
    assert len(rows) == record.tree.depth + 1
    for boxes in rows.values():  # side by side on a row, no marker runs into the next
        boxes.sort()
        assert all(a[2] <= b[0] + 0.01 for a, b in pairwise(boxes))


def test_numbergame_figure_wants_a_record():
    with pytest.raises(TypeError, match="record_number_game"):
        numbergame_figure([7, -5, 8])


# --- boards_figure ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game_trace():
    game, start = TicTacToe(), TicTacToeState.from_text("... O.X XOX")
    trace = trace_game(game, start)
    return trace, tree_states(game, trace.tree, start)


def test_every_node_gets_its_board(game_trace):
    trace, states = game_trace
    figure = boards_figure(trace, states)
    found = check_legible(figure, is_value=_board_value)
    marks = [text.get_text() for text, _ in found if text.get_text() in ("X", "O")]
    named = sum(1 for node in trace.tree if node.name in ("X", "O"))  # nodes X and O
    assert len(marks) == sum(9 - s.cells.count(".") for s in states) + named  # every mark of every board
    names = {text.get_text() for text, _ in found}
    assert {node.name for node in trace.tree} <= names


def test_the_boards_show_the_search_at_a_step(game_trace):
    trace, states = game_trace
    cut = trace.cutoffs[0]
    figure = boards_figure(trace, states, step=cut.index)
    assert cut.caption in figure.alt_text
    found = check_legible(figure, is_value=_board_value)
    assert any(cut.caption in text.get_text() for text, _ in found)


@pytest.mark.parametrize("call, error, words", [
    (lambda t, s: boards_figure(t.tree, s), TypeError, "expected a Trace"),
    (lambda t, s: boards_figure(t, s[:-1]), ValueError, "each of the tree's 51 nodes"),
    (lambda t, s: boards_figure(t, ["XO"] * len(s)), TypeError, "tic-tac-toe positions"),
    (lambda t, s: boards_figure(t, s, step=len(t)), IndexError, "does not exist"),
])
def test_boards_figure_refuses_bad_input(game_trace, call, error, words):
    with pytest.raises(error, match=words):
        call(*game_trace)


def test_boards_figure_draws_up_to_its_limit_and_refuses_past_it(game_trace, monkeypatch):
    from gametree.view import figures

    trace, states = game_trace
    leaves = len(trace.tree.leaves)
    monkeypatch.setattr(figures, "MAX_BOARD_LEAVES", leaves)
    boards_figure(trace, states)  # at the limit
    monkeypatch.setattr(figures, "MAX_BOARD_LEAVES", leaves - 1)
    with pytest.raises(ValueError, match=f"has {leaves} leaves, too many .* at most {leaves - 1}"):
        boards_figure(trace, states)


def test_the_largest_trees_allowed_are_legible_and_one_more_is_refused():
    game = TicTacToe()
    widest = TicTacToeState.from_text("OX. X.O X..")  # four empty squares, 24 finished games
    trace = trace_game(game, widest)
    assert len(trace.tree.leaves) == MAX_BOARD_LEAVES
    check_legible(boards_figure(trace, tree_states(game, trace.tree, widest)), is_value=_board_value)
    five = TicTacToeState.from_text("X.. .O. ..X")
    trace = trace_game(game, five)
    assert len(trace.tree.leaves) > MAX_BOARD_LEAVES
    with pytest.raises(ValueError, match=f"at most {MAX_BOARD_LEAVES} fit"):
        boards_figure(trace, tree_states(game, trace.tree, five))


def _board_value(text):
    """A node's value under its board: bold, and not a mark X or O."""
    return text.get_fontweight() == "bold" and text.get_text() not in ("X", "O")


def test_06s_boards_have_marks_as_large_as_labels_and_the_caption_clears_the_root():
    # The tree (06, "the boards at the nodes"): X and O were 9 px, the caption sat on A's triangle.
    game, start = TicTacToe(), TicTacToeState.from_text("XOX OOX ...")
    trace = trace_game(game, start)
    figure = boards_figure(trace, tree_states(game, trace.tree, start))
    check_legible(figure, is_value=_board_value)
    marks = [t for t, _ in texts_of(figure) if t.get_text() in ("X", "O")]
    assert marks and min(t.get_fontsize() for t in marks) >= 16
    caption = figure.texts[1].get_window_extent(figure.canvas.get_renderer())
    triangles = marker_boxes(figure.axes[0])  # who moves, above each board
    assert triangles and max(box[3] for box in triangles) < caption.y0 - 4
