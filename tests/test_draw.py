"""The drawing: what a class sees must match the search's state, labels must
never pile up, and stepping must change artists rather than add them."""

import io
import math
import random

import numpy as np
import pytest
from matplotlib import colors as mcolors
from matplotlib._pylab_helpers import Gcf
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from PIL import Image

import gametree
from gametree import MAX, MIN, Status, StepKind, Tree, random_tree, trace_alpha_beta
from gametree.games import TicTacToe, TicTacToeState, trace_game
from gametree.view.draw import (
    CURRENT_COLOR,
    LEAF_COLOR,
    MAX_COLOR,
    MAX_NODES,
    MIN_COLOR,
    PRUNED_COLOR,
    TracePlot,
    TreeFigure,
    draw,
    png,
    tree_graph,
)

PNG = b"\x89PNG\r\n\x1a\n"
SOLID = (0, None)


def rgba(color):
    return tuple(mcolors.to_rgba(color))


def edge_style(plot, node):
    k = plot.edge_of(node)
    return tuple(plot.edges.get_colors()[k]), plot.edges.get_linestyles()[k], plot.edges.get_linewidths()[k]


def marker_style(plot, node):
    key, k = plot.marker_index[node.id]
    collection = plot.markers[key]
    return (tuple(collection.get_facecolors()[k]), tuple(collection.get_edgecolors()[k]),
            collection.get_linestyles()[k])


@pytest.fixture
def at_cutoff(fig52_trace):
    """The statement's tree right after its first cutoff (C prunes I and J)."""
    step = fig52_trace.cutoffs[0]
    return TracePlot(fig52_trace).show(step.index), step


def test_pruned_edges_are_grey_and_dashed_the_walked_ones_solid(at_cutoff):
    plot, _ = at_cutoff
    tree = plot.tree
    for name in "IJ":
        color, style, _ = edge_style(plot, tree[name])
        assert color == rgba(PRUNED_COLOR) and style != SOLID
    for name in "BEFGH":
        color, style, _ = edge_style(plot, tree[name])
        assert style == SOLID and color != rgba(PRUNED_COLOR)
    # Unvisited: D and its leaves, solid and not highlighted.
    for name in "DKLM":
        color, style, _ = edge_style(plot, tree[name])
        assert style == SOLID and color not in (rgba(PRUNED_COLOR), rgba(CURRENT_COLOR))


def test_current_node_and_path_are_highlighted(at_cutoff):
    plot, step = at_cutoff
    c = plot.tree["C"]
    assert step.node is c or step.node.name == "C"
    # The edge A-C is on the path, and thicker than the others.
    color, style, width = edge_style(plot, c)
    assert color == rgba(CURRENT_COLOR)
    assert width > max(edge_style(plot, plot.tree[n])[2] for n in "BDEH")
    assert marker_style(plot, c)[1] == rgba(CURRENT_COLOR)
    assert plot.halo.get_visible()
    assert tuple(plot.halo.get_offsets()[0]) == tuple(plot.positions[c.id])


def test_node_fills_follow_their_status(at_cutoff):
    plot, _ = at_cutoff
    tree = plot.tree
    assert marker_style(plot, tree["B"])[0] == rgba(MIN_COLOR)        # B returned 3
    assert marker_style(plot, tree["E"])[0] == rgba(LEAF_COLOR)       # evaluated leaf
    assert marker_style(plot, tree["K"])[0] == rgba("white")          # not reached
    for name in "IJ":                                                 # pruned: dashed outline
        assert marker_style(plot, tree[name])[2] != SOLID
        assert marker_style(plot, tree[name])[1] == rgba(PRUNED_COLOR)


def test_values_and_windows_are_written_where_the_search_has_been(at_cutoff):
    plot, _ = at_cutoff
    tree = plot.tree
    visible = {tree[i].name: t.get_text() for i, t in plot.values.items() if t.get_visible()}
    assert visible == {"A": "3", "B": "3", "C": "2"}                  # D not reached
    windows = {tree[i].name: t.get_text() for i, t in plot.windows.items() if t.get_visible()}
    assert windows == {"A": "\u03b1=3\n\u03b2=+\u221e", "B": "\u03b1=\u2212\u221e\n\u03b2=3",
                       "C": "\u03b1=3\n\u03b2=2"}
    # Pruned leaves' scores turn grey, the others stay dark.
    assert plot.leaf_scores[tree["I"].id].get_color() == PRUNED_COLOR
    assert plot.leaf_scores[tree["H"].id].get_color() != PRUNED_COLOR


def test_counter_counts_leaves_and_gives_the_knuth_moore_minimum(fig52_trace):
    plot = TracePlot(fig52_trace)
    for index in range(len(fig52_trace)):
        evaluated = sum(1 for step in fig52_trace[: index + 1] if step.kind is StepKind.LEAF)
        fewest = 3 ** math.ceil(2 / 2) + 3 ** math.floor(2 / 2) - 1
        plot.show(index)
        assert plot.counter.get_text() == f"evaluated {evaluated} of 9 leaves (fewest possible: {fewest})"
        assert plot.caption.get_text().endswith(fig52_trace[index].caption)


def test_every_step_of_a_bigger_search_is_drawn_as_its_snapshot():
    trace = trace_alpha_beta(random_tree(3, 3, seed=5))
    plot = TracePlot(trace)
    fills = {Status.UNVISITED: "white", Status.PRUNED: "#F2F2F2"}
    for index in random.Random(1).sample(range(len(trace)), 25):
        plot.show(index)
        state = trace.state(index)
        for node in trace.tree:
            face, edge, style = marker_style(plot, node)
            status = state.status[node.id]
            if status in fills:
                assert face == rgba(fills[status])
            elif status is Status.DONE:
                expected = LEAF_COLOR if node.is_leaf else MAX_COLOR if node.player is MAX else MIN_COLOR
                assert face == rgba(expected)
            assert (style != SOLID) == (status is Status.PRUNED)
            if node.id:
                assert (edge_style(plot, node)[1] != SOLID) == (status is Status.PRUNED)
            if not node.is_leaf:  # v is written in every node the search is in or has left
                assert plot.values[node.id].get_visible() == (status in (Status.ACTIVE, Status.DONE))


def test_show_changes_artists_in_place_and_makes_no_figures():
    figures_before = Gcf.get_num_fig_managers()
    trace = trace_alpha_beta(random_tree(3, 3, seed=2))
    plot = TracePlot(trace)
    children = [id(a) for a in plot.ax.get_children()] + [id(a) for a in plot.figure.get_children()]
    for index in (5, 60, 0, len(trace) - 1):
        plot.show(index).png()
        assert [id(a) for a in plot.ax.get_children()] + [id(a) for a in plot.figure.get_children()] == children
    assert Gcf.get_num_fig_managers() == figures_before


def test_fast_render_matches_a_full_redraw():
    """The cached, stamped render shows the same picture as savefig."""
    trace = trace_alpha_beta(random_tree(3, 3, seed=7))
    plot = TracePlot(trace)
    for index in random.Random(3).sample(range(len(trace)), 6):
        plot.show(index)
        fast = np.asarray(plot.image()).astype(int)
        out = io.BytesIO()
        plot.figure.savefig(out, format="png", dpi=plot.figure.dpi)
        full = np.asarray(Image.open(out).convert("RGB")).astype(int)
        assert fast.shape == full.shape
        differ = np.abs(fast - full).max(axis=2) > 40
        assert differ.mean() < 0.002, f"step {index}: {differ.mean():.2%} of pixels differ"


def test_png_is_a_palette_image_of_the_figure_with_exact_style_colours(at_cutoff):
    plot, _ = at_cutoff
    data = plot.png()
    assert data.startswith(PNG)
    image = Image.open(io.BytesIO(data))
    assert image.size == plot.figure.canvas.get_width_height()
    colours = {c for _, c in image.convert("RGB").getcolors(1 << 16)}
    for colour in ("white", MAX_COLOR, MIN_COLOR, CURRENT_COLOR):
        assert tuple(round(255 * v) for v in mcolors.to_rgb(colour)) in colours


# --- labels never pile up --------------------------------------------------------


def _tictactoe_trace():
    return trace_game(TicTacToe(), TicTacToeState.from_text("XO. .X. O.."))


def _labelled_uneven():
    def expand(path):
        if len(path) >= 3 or path.endswith("b"):
            return None
        return [path + move for move in "abc"[: 2 + len(path) % 2]]
    return Tree.unfold("", expand, lambda path: len(path) * 3 - ord(path[-1]) % 7,
                       label=lambda path: "move " + path[-1])


TREES = {
    "fig52": lambda: trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3),
    "3^3": lambda: trace_alpha_beta(random_tree(3, 3, seed=1)),
    "3^4": lambda: trace_alpha_beta(random_tree(3, 4, seed=1)),
    "2^6": lambda: trace_alpha_beta(random_tree(2, 6, seed=1)),
    "3^5": lambda: trace_alpha_beta(random_tree(3, 5, seed=1)),
    "4^3 decimals": lambda: trace_alpha_beta([x / 4 - 20 for x in range(64)], 4),
    "tic-tac-toe": _tictactoe_trace,
    "uneven, labelled": lambda: trace_alpha_beta(_labelled_uneven()),
}


def _boxes(plot):
    renderer = plot.figure.canvas.get_renderer()
    texts = [t for t in plot.ax.texts + plot.figure.artists if t.get_visible() and t.get_text()]
    return [(t, t.get_window_extent(renderer)) for t in texts]


def _inside(box, x, y, margin=1.0):
    return box.x0 + margin < x < box.x1 - margin and box.y0 + margin < y < box.y1 - margin


@pytest.mark.parametrize("name", TREES)
def test_no_text_overlaps_another_or_an_edge_or_leaves_the_figure(name):
    trace = TREES[name]()
    plot = TracePlot(trace)
    value_texts = set(map(id, plot.values.values()))
    for index in (len(trace) // 2, len(trace) - 1):
        plot.show(index)
        plot.figure.canvas.draw()
        boxes = _boxes(plot)
        width, height = plot.figure.canvas.get_width_height()
        for k, (text, box) in enumerate(boxes):
            assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= width and box.y1 <= height, text.get_text()
            for other, other_box in boxes[k + 1 :]:
                overlap = min(box.x1, other_box.x1) - max(box.x0, other_box.x0), \
                    min(box.y1, other_box.y1) - max(box.y0, other_box.y0)
                assert min(overlap) <= 1.0, f"{text.get_text()!r} overlaps {other.get_text()!r}"
        # Edges run under markers (and the values written in them), never under a label.
        segments = plot.ax.transData.transform(np.concatenate(plot.edges.get_segments()))
        points = [a + t * (b - a) for a, b in zip(segments[::2], segments[1::2])
                  for t in np.linspace(0, 1, 60)]
        for text, box in boxes:
            if id(text) in value_texts:
                continue
            assert not any(_inside(box, x, y) for x, y in points), f"an edge crosses {text.get_text()!r}"


def test_the_121_node_tree_is_readable_on_a_projector():
    plot = TracePlot(trace_alpha_beta(random_tree(3, 4, seed=1)))
    plot.show(len(plot.trace) - 1)
    tree = plot.tree
    # Every internal node is named, every leaf score written, every window shown.
    assert set(plot.names) == {n.id for n in tree if not n.is_leaf}
    assert set(plot.leaf_scores) == {n.id for n in tree.leaves}
    assert set(plot.windows) == {n.id for n in tree if not n.is_leaf}
    # Fonts: 9 pt and more, the crowded row of 27 MIN nodes at least 8.
    assert min(t.get_fontsize() for t in plot.leaf_scores.values()) >= 9
    for texts in (plot.names, plot.windows, plot.values):
        sizes = [t.get_fontsize() for t in texts.values()]
        assert min(sizes) >= 8 and sorted(sizes)[len(sizes) // 4] >= 8
    upper = [plot.names[n.id].get_fontsize() for n in tree if n.depth < 3 and not n.is_leaf]
    assert min(upper) >= 9
    assert plot.figure.get_size_inches()[0] <= 16


def test_big_trees_drop_labels_rather_than_shrink_them_to_mush():
    plot = TracePlot(random_tree(3, 6, seed=1))
    assert not plot.names and not plot.windows and not plot.leaf_scores and not plot.leaf_names
    for texts in (plot.values,):
        assert all(t.get_fontsize() >= 5 for t in texts.values())


def test_a_tree_too_big_to_draw_is_refused_with_a_message():
    with pytest.raises(ValueError, match="too many to draw"):
        TracePlot(random_tree(2, 12, seed=1))
    assert len(random_tree(2, 12, seed=1)) > MAX_NODES
    assert png(random_tree(2, 12, seed=1)) is None


# --- drawing trees, traces and games -------------------------------------------------


def test_a_plain_tree_shows_names_and_scores_but_no_search():
    figure = draw([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    ax = figure.axes[0]
    shown = [t.get_text() for t in ax.texts if t.get_visible() and t.get_text()]
    for score in ("3", "12", "14"):
        assert score in shown
    assert not any("\u03b1" in text for text in shown)
    assert [t.get_text() for t in figure.legends[0].get_texts()] == ["MAX", "MIN"]
    assert figure.artists[0].get_text() == "branching 3, depth 2: 9 leaves"


def test_a_tree_with_a_step_is_searched_and_its_legend_grows():
    figure = draw([[3, 4], [3, 1]], step=-1, strict=True)
    assert "evaluated 4 of 4 leaves" in figure.artists[0].get_text()  # strict: no tie cut
    assert len(figure.legends) == 1 and len(figure.legends[0].get_texts()) == 5


def test_a_trace_without_a_step_is_drawn_finished(fig52_trace):
    figure = draw(fig52_trace)
    assert figure.artists[1].get_text().startswith("step 25 of 25: MAX node A returns v = 3")


def test_game_traces_draw_unchanged_with_moves_on_edges_and_who_moves_from_the_tree():
    trace = trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    plot = TracePlot(trace)
    labels = {trace.tree[i].label: t.get_text() for i, t in plot.edge_labels.items()}
    assert labels and all(move == text for move, text in labels.items())
    # A tree where MAX moves twice in a row: markers follow node.player, not depth parity.
    tree = Tree.unfold(0, lambda n: [n * 2 + 1, n * 2 + 2] if n < 3 else None, lambda n: n,
                       player=lambda n: MAX if n in (0, 1, 2) else MIN)
    plot = TracePlot(tree)
    assert {plot.marker_index[n.id][0] for n in tree if n.player is MAX and not n.is_leaf} == {"MAX"}
    assert plot.marker_index[tree["B"].id][0] == "MAX"


def test_draw_into_a_given_axes_returns_its_figure():
    figure = Figure(figsize=(10, 5))
    FigureCanvasAgg(figure)
    ax = figure.add_subplot(1, 2, 2)
    assert draw([[3, 5], [2, 9]], step=3, ax=ax) is figure
    assert ax.texts and ax.get_title().startswith("evaluated")


@pytest.mark.parametrize("bad, error, words", [
    (("x",), TypeError, "string"),
    (([3, 5, 2, 9],), ValueError, "branching factor"),
    (([[3, 5], [2, 9]], 99), ValueError, "does not exist"),
    (([[3, 5], [2, 9]], "2"), TypeError, "whole number"),
])
def test_bad_input_gets_a_sentence(bad, error, words):
    with pytest.raises(error, match=words):
        draw(*bad)


def test_trees_and_traces_show_themselves_as_pictures(fig52, fig52_trace):
    tree = Tree.from_leaves(*fig52)
    for thing in (tree, fig52_trace, draw(tree)):
        assert thing._repr_png_().startswith(PNG)
    assert isinstance(draw(tree), TreeFigure)


def test_tree_graph_is_the_tree():
    tree = Tree.from_nested([[3, 12, 8], [2, [4, 6]]])
    graph = tree_graph(tree)
    assert sorted(graph.edges) == sorted((n.parent, n.id) for n in tree if n.parent is not None)
    assert all(graph.nodes[n.id]["name"] == n.name and graph.nodes[n.id]["player"] == n.player.value
               for n in tree)


def test_importing_gametree_still_does_not_import_drawing_libraries():
    import subprocess
    import sys
    code = "import sys, gametree, gametree.cli; print([m for m in ('matplotlib', 'networkx', 'ipywidgets') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    assert gametree.Tree  # the package itself is usable
