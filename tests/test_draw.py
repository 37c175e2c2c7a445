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
from gametree.view.draw import MAX_NODES, TracePlot, TreeFigure, draw, png, tree_graph
from gametree.view.theme import DEFAULT

CURRENT_COLOR = DEFAULT["current"]
LEAF_COLOR = DEFAULT["leaf"]
MAX_COLOR = DEFAULT["MAX node"]
MIN_COLOR = DEFAULT["MIN node"]
PRUNED_COLOR = DEFAULT["pruned edge"]

PNG = b"\x89PNG\r\n\x1a\n"


def hex_of(color):
    return mcolors.to_hex(color)


@pytest.fixture
def at_cutoff(fig52_trace):
    """The statement's tree right after its first cutoff (C prunes I and J)."""
    step = fig52_trace.cutoffs[0]
    return TracePlot(fig52_trace).show(step.index), step


def test_pruned_edges_are_grey_dashed_and_crossed_where_cut_the_walked_ones_solid(at_cutoff):
    plot, _ = at_cutoff
    for name in "IJ":
        look = plot.edge_look(name)
        assert look.color == hex_of(PRUNED_COLOR) and look.dashed and look.crossed
    for name in "BEFGH":
        look = plot.edge_look(name)
        assert not look.dashed and not look.crossed and look.color != hex_of(PRUNED_COLOR)
    # Unvisited: D and its leaves, solid and not highlighted.
    for name in "DKLM":
        look = plot.edge_look(name)
        assert not look.dashed and look.color not in (hex_of(PRUNED_COLOR), hex_of(CURRENT_COLOR))


def test_only_the_edge_where_the_cut_was_made_is_crossed():
    trace = trace_alpha_beta(random_tree(3, 3, seed=5))
    plot = TracePlot(trace).show(-1)
    state = trace.state(-1)
    for node in trace.tree.nodes[1:]:
        cut_here = state.status[node.id] is Status.PRUNED and state.status[node.parent] is not Status.PRUNED
        assert plot.edge_look(node).crossed == cut_here


def test_current_node_and_path_are_highlighted_by_width_too(at_cutoff):
    plot, step = at_cutoff
    assert step.node.name == "C"
    # The edge A-C is on the path, and thicker than the others: not colour alone.
    look = plot.edge_look("C")
    assert look.color == hex_of(CURRENT_COLOR)
    assert look.width > 1.5 * max(plot.edge_look(n).width for n in "BDEH")
    node = plot.node_look("C")
    assert node.current and node.outline == hex_of(CURRENT_COLOR)
    assert node.width > max(plot.node_look(n).width for n in "BDH")
    assert [n for n in "ABCDEFGHIJKLM" if plot.node_look(n).current] == ["C"]


def test_node_fills_follow_their_status(at_cutoff):
    plot, _ = at_cutoff
    assert plot.node_look("B").fill == hex_of(MIN_COLOR)        # B returned 3
    assert plot.node_look("E").fill == hex_of(LEAF_COLOR)       # evaluated leaf
    assert plot.node_look("K").fill == hex_of("white")          # not reached
    for name in "IJ":                                           # pruned: dashed outline
        assert plot.node_look(name).dashed
        assert plot.node_look(name).outline == hex_of(PRUNED_COLOR)


def test_values_and_windows_are_written_where_the_search_has_been(at_cutoff):
    plot, _ = at_cutoff
    inside = {name: plot.node_look(name).text for name in "ABCD"}
    assert inside == {"A": "3", "B": "3", "C": "2", "D": None}         # D not reached
    windows = {name: plot.node_look(name).window for name in "ABCD"}
    assert windows == {"A": "\u03b1=3\n\u03b2=+\u221e", "B": "\u03b1=\u2212\u221e\n\u03b2=3",
                       "C": "\u03b1=3\n\u03b2=2", "D": None}
    assert plot.node_look("I").text == "4"  # a pruned leaf's score stays written


def test_counter_counts_leaves_and_gives_the_knuth_moore_minimum(fig52_trace):
    plot = TracePlot(fig52_trace)
    for index in range(len(fig52_trace)):
        evaluated = sum(1 for step in fig52_trace[: index + 1] if step.kind is StepKind.LEAF)
        fewest = 3 ** math.ceil(2 / 2) + 3 ** math.floor(2 / 2) - 1
        plot.show(index)
        assert plot.title == f"evaluated {evaluated} of 9 leaves (a full search needs at least {fewest})"
        assert plot.caption.endswith(fig52_trace[index].caption)


def test_every_step_of_a_bigger_search_is_drawn_as_its_snapshot():
    trace = trace_alpha_beta(random_tree(3, 3, seed=5))
    plot = TracePlot(trace)
    fills = {Status.UNVISITED: "white", Status.PRUNED: "#F2F2F2"}
    for index in random.Random(1).sample(range(len(trace)), 25):
        plot.show(index)
        state = trace.state(index)
        for node in trace.tree:
            look = plot.node_look(node)
            status = state.status[node.id]
            if status in fills:
                assert look.fill == hex_of(fills[status])
            elif status is Status.DONE:
                expected = LEAF_COLOR if node.is_leaf else MAX_COLOR if node.player is MAX else MIN_COLOR
                assert look.fill == hex_of(expected)
            assert look.dashed == (status is Status.PRUNED)
            if node.id:
                assert plot.edge_look(node).dashed == (status is Status.PRUNED)
            if not node.is_leaf:  # v is written in every node the search is in or has left
                value = state.v[node.id]
                fits = plot.plan.infinity_font[node.id] if math.isinf(value or 0) else True
                written = status in (Status.ACTIVE, Status.DONE) and bool(fits)
                assert (look.text is not None) == written


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


# --- labels (sizes and overlaps: see test_legibility.py) -------------------------------


def test_the_121_node_tree_names_every_node_and_writes_every_score():
    plot = TracePlot(trace_alpha_beta(random_tree(3, 4, seed=1))).show(-1)
    tree = plot.tree
    labels = plot.label_boxes()
    assert {label.node for label in labels if label.kind == "score"} == {n.id for n in tree.leaves}
    named = {label.node for label in labels if label.kind == "name"}
    assert {n.id for n in tree if n.depth < 3 and not n.is_leaf} <= named
    assert plot.figure.get_size_inches()[0] * 72 <= 1100


def test_a_tree_too_big_to_draw_is_refused_with_a_message():
    with pytest.raises(ValueError, match="too many to draw"):
        TracePlot(random_tree(2, 12, seed=1))
    assert len(random_tree(2, 12, seed=1)) > MAX_NODES
    assert png(random_tree(2, 12, seed=1)) is None


# --- drawing trees, traces and games -------------------------------------------------


def test_a_plain_tree_shows_names_and_scores_but_no_search():
    plot = TracePlot([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    shown = [label.text for label in plot.label_boxes()]
    for score in ("3", "12", "14"):
        assert score in shown
    assert not any("\u03b1" in text for text in shown)
    assert [t.get_text() for t in plot.figure.legends[0].get_texts()] == ["MAX", "MIN"]
    assert plot.title == "branching 3, depth 2: 9 leaves"


def test_a_tree_with_a_step_is_searched_and_its_legend_grows():
    figure = draw([[3, 4], [3, 1]], step=-1, strict=True)
    assert "Evaluated 4 of 4 leaves" in figure.alt_text  # strict: no tie cut
    # The legend lists only what is drawn: strict, this search prunes nothing.
    assert [t.get_text() for t in figure.legends[0].get_texts()] == [
        "MAX", "MIN", "evaluated leaf", "current node and path"]


def test_the_legend_lists_no_current_node_when_none_is_highlighted(fig52_trace):
    figure = draw(fig52_trace, current=False)
    assert [t.get_text() for t in figure.legends[0].get_texts()] == [
        "MAX", "MIN", "evaluated leaf", "pruned"]


@pytest.mark.parametrize("obj", [[5, 6, 7, 4], [[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]]])
def test_the_legend_and_a_long_caption_fit_inside_the_figure(obj):
    # Nothing is clipped at the figure's edges: the legend wraps to rows,
    # the caption to lines (AIMA's chance tree has a caption of 70 letters).
    figure = draw(obj, step=-3 if isinstance(obj[0], list) else -1, branching=None
                  if isinstance(obj[0], list) else 2)
    renderer = figure.canvas.get_renderer()
    width, height = figure.get_size_inches() * figure.dpi
    for artist in [*figure.legends, *figure.texts]:
        box = artist.get_window_extent(renderer)
        assert box.x0 >= 0 and box.x1 <= width and box.y1 <= height, artist


def test_a_trace_without_a_step_is_drawn_finished(fig52_trace):
    figure = draw(fig52_trace)
    assert "step 25 of 25: MAX node A returns v = 3" in figure.alt_text


def test_game_traces_draw_unchanged_with_moves_on_edges_and_who_moves_from_the_tree():
    trace = trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    plot = TracePlot(trace)
    moves = [label for label in plot.label_boxes() if label.kind == "move"]
    assert moves and all(trace.tree[label.node].label == label.text for label in moves)
    # A tree where MAX moves twice in a row: markers follow node.player, not depth parity.
    tree = Tree.unfold(0, lambda n: [n * 2 + 1, n * 2 + 2] if n < 3 else None, lambda n: n,
                       player=lambda n: MAX if n in (0, 1, 2) else MIN)
    plot = TracePlot(tree)
    assert {plot.node_look(n).shape for n in tree if n.player is MAX and not n.is_leaf} == {"^"}
    assert plot.node_look("B").shape == "^"


def test_draw_into_a_given_axes_returns_its_figure():
    figure = Figure(figsize=(10, 5))
    FigureCanvasAgg(figure)
    ax = figure.add_subplot(1, 2, 2)
    assert draw([[3, 5], [2, 9]], step=3, ax=ax) is figure
    assert ax.texts and ax.get_title().startswith("evaluated")


@pytest.mark.parametrize("bad, error, words", [
    (("x",), TypeError, "string"),
    (([3, 5, 2, 9],), ValueError, "branching factor"),
    (([[3, 5], [2, 9]], 99), IndexError, "does not exist"),
    (([[3, 5], [2, 9]], "2"), TypeError, "whole number"),
    (([[3, 5], [2, 9]],), ValueError, "figsize"),
])
def test_bad_input_gets_a_sentence(bad, error, words):
    with pytest.raises(error, match=words):
        draw(*bad, **({"figsize": (0.5, 4)} if words == "figsize" else {}))


def test_figsize_is_checked_at_its_limits():
    assert draw([[3, 5], [2, 9]], figsize=(1, 1)).get_size_inches()[0] == 1
    assert draw([[3, 5], [2, 9]], figsize=(2400 / 72, 5)).get_size_inches()[0] * 72 == 2400
    with pytest.raises(ValueError, match="from 1 to"):
        draw([[3, 5], [2, 9]], figsize=(2401 / 72, 5))
    with pytest.raises(TypeError, match="figsize must be"):
        draw([[3, 5], [2, 9]], figsize="big")


def test_trees_and_traces_show_themselves_as_pictures(fig52, fig52_trace):
    tree = Tree.from_leaves(*fig52)
    for thing in (tree, fig52_trace):
        data, metadata = thing._repr_png_()
        assert data.startswith(PNG) and metadata["alt"].startswith(("A game tree", "Alpha-beta"))
    assert draw(tree)._repr_png_().startswith(PNG)
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


# --- the theme and the look --------------------------------------------------------------


def test_one_theme_argument_changes_the_pruned_edge_colour_and_the_picture(fig52_trace):
    step = fig52_trace.cutoffs[0].index
    plain = draw(fig52_trace, step)
    themed = draw(fig52_trace, step, theme={"pruned edge": "#ff00ff"})
    assert themed.plot.edge_look("I").color == "#ff00ff" and themed.plot.edge_look("I").dashed
    assert plain.plot.edge_look("I").color == hex_of(PRUNED_COLOR)
    assert themed.plot.edge_look("D").color == plain.plot.edge_look("D").color  # nothing else
    assert themed._repr_png_() != plain._repr_png_()
    # Read per drawing, never folded in at import: the next default drawing is as before.
    assert draw(fig52_trace, step).plot.edge_look("I").color == hex_of(PRUNED_COLOR)


def test_every_shipped_theme_draws_and_a_bad_one_gets_a_sentence(fig52_trace):
    for name in ("default", "projector", "print"):
        assert TracePlot(fig52_trace, theme=name).png(-1).startswith(PNG)
    with pytest.raises(ValueError, match="no theme named 'dark'"):
        TracePlot(fig52_trace, theme="dark")


def test_pruned_is_a_fact_of_the_look_not_a_dashed_outline(fig52_trace):
    from gametree.view.look import look_of
    from gametree.view.style import Line, Marks

    tree = fig52_trace.tree
    step = fig52_trace.cutoffs[0].index
    look = look_of(tree, fig52_trace.state(step), fig52_trace)
    assert {tree[i].name for i, node in enumerate(look.nodes) if node.pruned} == {"I", "J"}
    dashed = look_of(tree, None, marks=Marks(outline={2: Line("#0077bb", 3, dashed=True)}))
    assert not dashed.nodes[2].pruned and dashed.nodes[2].label_color != dashed.nodes[2].outline.color
    crossed = look_of(tree, None, marks=Marks(pruned={2}))  # C and its leaves, one cross at C
    assert {tree[i].name for i, node in enumerate(crossed.nodes) if node.pruned} == {"C", "H", "I", "J"}
    assert [tree[i].name for i in sorted(crossed.crossed)] == ["C"]
