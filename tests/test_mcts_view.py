"""The drawing of a Monte-Carlo tree search (gametree.view.mcts).

What a class sees must match the step of the record (the iteration's path
thick and ringed, the new node's edge dashed, the playout dotted, the
updated statistics bold), every statistic must be the node's, and the
picture must be legible on a projector: statistics 14 px or more, other
labels 12 px or more, no label over another label, an edge or a marker,
nothing outside the picture, fewer labels when crowded.  The boxes are
what matplotlib lays out at 72 dpi, where a point is a pixel.
"""

from __future__ import annotations

import pytest
from matplotlib import colors as mcolors

from gametree.games import Kalah, TicTacToe, TicTacToeState, uct_search
from gametree.games.mcts import Phase
from gametree.view.draw import CELL_HEIGHT, CELL_WIDTH, TreeFigure
from gametree.view.labels import segment_crosses_box
from gametree.view.mcts import MAX_SHOWN, MctsPlot, draw_mcts, stats_text
from gametree.view.theme import DEFAULT

CURRENT_COLOR = DEFAULT["current"]

VALUE_PX, LABEL_PX = 14, 12
START = TicTacToeState.from_text("XOX OOX ...")


@pytest.fixture(scope="module")
def small():
    return uct_search(TicTacToe(), START, iterations=30, seed=1)


@pytest.fixture(scope="module")
def searches(small):
    return {
        "tiny tic-tac-toe": small,
        "tic-tac-toe from the start": uct_search(TicTacToe(), iterations=300, seed=1),
        "kalah, extra turns": uct_search(Kalah(4, 3), iterations=200, seed=1),
        "one move to make": uct_search(TicTacToe(), TicTacToeState.from_text("XOX OXO OX."),
                                       iterations=6, seed=2),
    }


def _overlap(a, b, slack=0.5):
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def _shrunk(box, by=1.0):
    return (box[0] + by, box[1] + by, box[2] - by, box[3] - by)


def check_legible(plot):
    """Every text of ``plot`` as shown: large enough, inside the picture,
    clear of every other text, of every edge and the playout, and of every
    marker (with its ring)."""
    width, height = plot.figure.canvas.get_width_height()
    labels = plot.label_boxes()
    segments = plot.edge_segments()
    markers = plot.marker_boxes()
    for k, label in enumerate(labels):
        least = VALUE_PX if label.kind == "value" else LABEL_PX
        assert label.font >= least, f"{label.kind} {label.text!r} is {label.font:.1f} px"
        x0, y0, x1, y1 = label.box
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, f"{label.text!r} leaves the picture"
        for other in labels[k + 1:]:
            assert not _overlap(label.box, other.box), f"{label.text!r} overlaps {other.text!r}"
        if label.kind in ("title", "caption", "key", "legend"):
            continue
        inner = _shrunk(label.box)
        assert not any(segment_crosses_box(s, inner) for s in segments), f"an edge crosses {label.text!r}"
        assert not any(_overlap(inner, m) for m in markers.values()), f"a node covers {label.text!r}"
    return labels


def _steps(result, count=8):
    last = result.steps - 1
    return sorted({0, 1, 2, 3, 4, last - 3, last - 2, last - 1, last}
                  | {last * k // count for k in range(1, count)})


@pytest.mark.parametrize("name", ["tiny tic-tac-toe", "tic-tac-toe from the start", "kalah, extra turns",
                                  "one move to make"])
def test_every_step_is_legible_and_fits_a_projector_cell(searches, name):
    result = searches[name]
    plot = MctsPlot(result)
    width, height = plot.figure.canvas.get_width_height()
    assert width <= CELL_WIDTH and height <= CELL_HEIGHT - 20
    for step in _steps(result):
        plot.show(step)
        check_legible(plot)


@pytest.mark.parametrize("size", [(743, 450), (1100, 456), (600, 400)])
def test_the_widgets_sizes_without_a_header_are_legible_too(searches, size):
    result = searches["kalah, extra turns"]
    plot = MctsPlot(result, figsize=(size[0] / 72, size[1] / 72), header=False)
    assert plot.figure.canvas.get_width_height() == size
    for step in _steps(result, 4):
        plot.show(step)
        labels = check_legible(plot)
        assert {label.kind for label in labels} >= {"value", "legend", "key"}
        assert not {"title", "caption"} & {label.kind for label in labels}


def test_a_small_tree_shows_every_nodes_statistics_move_and_name(small):
    plot = MctsPlot(small).show(-1)
    labels = check_legible(plot)
    tree = small.tree
    stats = {label.node: label.text for label in labels if label.kind == "value"}
    assert stats == {node.id: stats_text(node.wins, node.visits) for node in tree.nodes}
    assert {label.text for label in labels if label.kind == "move"} == {n.label for n in tree.nodes[1:]}
    assert {label.text for label in labels if label.kind == "name"} == {n.name for n in tree.nodes}


def test_the_statistics_drawn_are_those_of_the_step(small):
    plot = MctsPlot(small)
    for index in (5, 16, 40, 77):
        plot.show(index)
        tree = small.step(index).tree
        for label in plot.label_boxes():
            if label.kind == "value":
                node = tree.nodes[label.node]
                assert label.text == stats_text(node.wins, node.visits)


def test_a_crowded_tree_is_drawn_down_to_its_most_played_nodes_and_says_so(searches):
    result = searches["tic-tac-toe from the start"]
    plot = MctsPlot(result).show(-1)
    tree = result.tree
    assert len(plot.shown) <= MAX_SHOWN < len(tree)
    iteration = set(plot.step.path) | set(plot.step.updated)   # drawn whatever their playouts
    fewest_drawn = min(tree.nodes[i].visits for i in plot.shown if i not in iteration)
    assert all(node.visits <= fewest_drawn for node in tree.nodes if node.id not in plot.shown)
    hidden = next(node for node in tree.nodes if node.id not in plot.shown)
    with pytest.raises(KeyError, match="not drawn"):
        plot.node_look(hidden.name)
    assert all(tree.nodes[i].parent in plot.shown for i in plot.shown[1:])  # parents come along
    assert f"drawn: {len(plot.shown)} of {len(tree)} nodes" in plot.title
    labels = check_legible(plot)
    assert any(label.kind == "value" and label.node == 0 for label in labels)


def test_the_path_is_thick_and_ringed_not_only_orange(small):
    plot = MctsPlot(small)
    it = small.record[8]  # iteration 9: a path below the root
    plot.show(4 * it.number - 3)
    assert plot.step.phase is Phase.SELECT
    for i in it.path:
        look = plot.node_look(i)
        assert look.ringed and look.width > 2 and look.outline == mcolors.to_hex(CURRENT_COLOR)
    for i in it.path[1:]:
        assert plot.edge_look(i).width >= 2 * plot.edge_look(_off_path(small, plot, it)).width
    assert not any(plot.node_look(i).ringed for i in plot.shown if i not in it.path)


def _off_path(result, plot, it):
    return next(i for i in plot.shown[1:] if i not in it.path)


def test_the_new_node_has_no_playouts_and_a_thick_dashed_edge(small):
    it = next(it for it in small.record if it.expanded is not None and it.number > 3)
    plot = MctsPlot(small).show(4 * it.number - 2)
    assert plot.node_look(it.expanded).stats == "0/0\n\u2013"
    assert plot.node_look(it.expanded).fill == "#ffffff"   # white: no playouts yet
    edge = plot.edge_look(it.expanded)
    assert edge.dashed and edge.width >= 3


def test_the_playout_is_written_with_its_length_and_winner_from_simulate_on(small):
    it = next(it for it in small.record if len(it.playout) >= 2)
    plot = MctsPlot(small)
    for phase, index in ((Phase.EXPAND, 4 * it.number - 2), (Phase.SIMULATE, 4 * it.number - 1),
                         (Phase.BACK_PROPAGATE, 4 * it.number)):
        plot.show(index)
        texts = [label.text for label in plot.label_boxes() if label.kind == "playout"]
        if phase is Phase.EXPAND:
            assert texts == []
        else:
            winner = "draw" if it.winner is None else f"{it.winner} won"
            assert texts == [f"{len(it.playout)} random moves: {winner}"]
            assert len(plot.edge_segments()) == len(plot.shown)  # the edges and the playout


def test_back_propagate_rings_and_bolds_exactly_the_nodes_updated(small):
    it = small.record[12]
    plot = MctsPlot(small).show(4 * it.number)
    updated = {u.node for u in it.updated}
    for i in plot.shown:
        look = plot.node_look(i)
        assert look.ringed == look.bold == (i in updated)


def test_the_header_says_the_iteration_and_phase_and_the_widget_leaves_it_out(small):
    plot = MctsPlot(small).show(15)
    assert plot.title == "UCT, C = 1.41, iteration 4 of 30: SIMULATE"
    assert plot.caption.replace("\n", " ") == small.step(15).caption
    assert MctsPlot(small, header=False).show(15).title == ""


def test_draw_mcts_is_a_figure_that_shows_itself_with_words(small):
    figure = draw_mcts(small, 15)
    assert isinstance(figure, TreeFigure)
    bundle, metadata = figure._repr_mimebundle_()
    assert bundle["image/png"].startswith(b"\x89PNG")
    assert small.step(15).caption in bundle["text/plain"] == metadata["image/png"]["alt"]
    assert draw_mcts(small).alt_text.startswith("Monte-Carlo tree search, a tree of 10 nodes")


def test_pictures_differ_from_step_to_step_and_repeat_exactly(small):
    plot = MctsPlot(small)
    pictures = [plot.show(k).png() for k in range(1, 9)]
    assert len(set(pictures)) == 8
    assert MctsPlot(small).show(3).png() == pictures[2]


def test_what_cannot_be_drawn_is_refused_with_a_reason(small):
    with pytest.raises(TypeError, match="uct_search"):
        MctsPlot([3, 12, 8])
    with pytest.raises(ValueError, match="record=False"):
        MctsPlot(uct_search(TicTacToe(), START, iterations=5, record=False))
    with pytest.raises(ValueError, match="max_shown"):
        MctsPlot(small, max_shown=9)
    assert MctsPlot(small, max_shown=10).max_shown == 10
    with pytest.raises(ValueError, match="figsize"):
        MctsPlot(small, figsize=(40, 5))
    with pytest.raises(IndexError, match="steps 0 to 120"):
        MctsPlot(small).show(121)
    with pytest.raises(KeyError, match="no node 'B'"):
        MctsPlot(small).show(0).node_look("B")   # not added yet at step 0


def test_a_path_deeper_than_the_rows_that_fit_is_still_drawn_whole_inside_the_picture(searches):
    result = searches["kalah, extra turns"]
    plot = MctsPlot(result, figsize=(800 / 72, 330 / 72), header=False)
    deep = max(range(1, len(result.record) + 1), key=lambda n: len(result.record[n - 1].path))
    plot.show(4 * deep - 3)
    assert len(plot.step.path) > plot._rows_that_fit()   # deeper than a row per level allows
    assert set(plot.step.path) <= set(plot.shown)
    width, height = plot.figure.canvas.get_width_height()
    for x0, y0, x1, y1 in plot.marker_boxes().values():
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height
    check_legible(plot)


def test_the_mcts_charts_draw_in_the_theme_given():
    from gametree.view.mcts_charts import mcts_strength_chart, playouts_chart
    from gametree.view.theme import theme_of

    entry = {"exploration": 1.4, "playouts": 10, "rate": 0.5, "ci": [0.3, 0.7]}
    playouts = {"results": [entry, dict(entry, playouts=100, rate=0.9, ci=[0.8, 0.95])]}
    match = {"seconds_per_move": 0.01, "evaluation": "none", "win_rate": 0.9, "win_ci": [0.8, 0.95],
             "uct_iterations": 100, "alpha_beta_nodes": 3400}
    for chart_of, results, series in ((playouts_chart, playouts, 0),
                                      (mcts_strength_chart, {"matches": [match]}, 2)):
        for theme in (None, "print", {"series 1": "#ff00ff", "series 3": "#ff00ff"}):
            ax = chart_of(results, theme=theme).axes[0]
            colours = {mcolors.to_hex(line.get_color()) for line in ax.lines}
            assert theme_of(theme).series[series] in colours, (chart_of.__name__, theme)
