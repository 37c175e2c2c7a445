"""Drawing and stepping max^n (issue 21): a vector at each node, the
mover's component in bold, shallow cuts dashed, and the step-through
widget stepping a max^n trace."""

import pytest
from matplotlib.colors import to_hex

from gametree.trace import StepKind
from gametree.vectors import as_maxn_tree, trace_maxn
from gametree.view.draw import MAX_WIDTH
from gametree.view.maxn import MaxnPlot, draw_maxn, needed_size, vector_label
from gametree.view.theme import DEFAULT

CURRENT_COLOR = DEFAULT["current"]

FIGURE_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
              [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]


def test_each_node_shows_its_vector_with_the_movers_component_in_bold():
    plot = MaxnPlot(FIGURE_5_4).show(-1)
    texts = {node.name: plot.node_look(node).text for node in plot.tree}
    assert texts["A"] == vector_label((1, 2, 6), 0)  # player 1 moves at A
    assert texts["C"] == vector_label((1, 5, 2), 1)  # player 2 at C
    assert texts["G"] == vector_label((5, 4, 5), 2)  # player 3 at G
    assert texts["H"] == vector_label((1, 2, 6), 2)  # a leaf: its chooser's, player 3
    assert r"\mathbf{5}" in texts["C"]


def test_before_the_search_only_the_leaves_are_known():
    plot = MaxnPlot(FIGURE_5_4).show(None)
    assert plot.node_look("A").text == "?"
    assert plot.node_look(plot.tree.leaf(0)).text == vector_label((1, 2, 6), 2)


def test_the_current_node_is_outlined_thick_and_a_shallow_cut_is_dashed():
    trace = trace_maxn([[(6, 2, 2), (1, 1, 8)], [(1, 8, 1), (7, 2, 1)]], total=10)
    plot = MaxnPlot(trace).show(trace.cutoffs[0].index)
    current = plot.node_look("C")
    assert current.current and current.width > 3 and current.outline == to_hex(CURRENT_COLOR)
    assert plot.node_look("G").dashed and plot.edge_look("G").dashed
    assert not plot.node_look("F").dashed and plot.edge_look("C").width > 3  # on the path


def test_alt_text_says_the_step_and_the_vectors_so_far():
    figure = draw_maxn(FIGURE_5_4, step=8)
    assert figure.alt_text.startswith("Max^n (3 players) on a tree of 15 nodes, after step 8 of 35:")
    assert "D = (1, 2, 6)" in figure.alt_text


def test_a_tree_too_wide_to_read_is_refused_with_a_sentence():
    fan = [(k, 0, 0) for k in range(40)]
    assert needed_size(trace_maxn([fan]))[0] > MAX_WIDTH
    with pytest.raises(ValueError, match="pixels across to show every vector"):
        MaxnPlot([fan])


def test_a_figure_too_small_is_refused():
    with pytest.raises(ValueError, match="too small for this max\\^n tree"):
        MaxnPlot(FIGURE_5_4, figsize=(3, 3))


def test_a_max_n_tree_shows_itself_in_a_notebook_with_alt_text():
    for obj in (as_maxn_tree(FIGURE_5_4), trace_maxn(FIGURE_5_4)):
        shown = obj._repr_png_()
        assert shown is not None
        data, metadata = shown
        assert data[:4] == b"\x89PNG" and "A = (1, 2, 6)" in metadata["alt"]
    assert as_maxn_tree([[(k, 0) for k in range(40)]])._repr_png_() is None  # too wide


def test_the_stepper_steps_a_max_n_trace():
    from gametree.widgets.stepper import Stepper

    trace = trace_maxn(FIGURE_5_4)
    stepper = Stepper(trace)
    update = next(step.index for step in trace if step.kind is StepKind.UPDATE)
    stepper.step_to(update)
    assert stepper.caption_text.endswith("player 3 at D picks (1, 2, 6): the first child, H")
    assert "MAXN" in stepper.code.value and stepper.image.value[:4] == b"\x89PNG"
    assert stepper.counter.value == "evaluated 1 of 8 leaves"
    assert len(Stepper(as_maxn_tree(FIGURE_5_4)).trace) == len(trace)
    with pytest.raises(ValueError, match="cannot show a max\\^n trace"):
        Stepper(trace, editable=True)


def test_the_predict_stepper_refuses_max_n_with_a_sentence():
    from gametree.widgets.predict import PredictStepper

    with pytest.raises(ValueError, match="cannot step a max\\^n search; step it with Stepper"):
        PredictStepper(trace_maxn(FIGURE_5_4))


def test_the_alpha_beta_drawing_and_gif_export_refuse_max_n_pointing_to_its_own(tmp_path):
    from gametree.view.draw import draw
    from gametree.view.export import save_gif

    with pytest.raises(TypeError, match="draw it with gametree.view.maxn.draw_maxn"):
        draw(trace_maxn(FIGURE_5_4))
    with pytest.raises(TypeError, match="draw_maxn"):
        save_gif(trace_maxn(FIGURE_5_4), tmp_path / "maxn.gif")
    assert list(tmp_path.iterdir()) == []
