"""Chance trees drawn, stepped, exported and typed on the command line, with
the same API as alpha-beta's: chance nodes are circles, each outcome's
probability is written on its edge, and every label keeps the legibility
rules of tests/test_legibility.py."""

import pytest
from PIL import Image
from test_legibility import check_legible

from gametree import CHANCE, Tree, parse_tree, random_chance_tree, trace_expectiminimax
from gametree.chance import chance_pseudocode
from gametree.cli import main
from gametree.view.draw import CELL_HEIGHT, CELL_WIDTH, TracePlot, draw
from gametree.view.export import save, save_gif
from gametree.widgets import stepper as stepper_module
from gametree.widgets.stepper import Stepper

CUT = "[[(1/2, 8), (1/2, 6)], [(1/2, 1), (1/2, 9)]]"
TREES = {
    "the issue's tree": lambda: trace_expectiminimax(
        [[(0.5, [3, 5]), (0.5, [1, 9])], [(1 / 6, 4), (5 / 6, [2, 8])]]),
    "fractions, Star1": lambda: trace_expectiminimax(
        random_chance_tree(2, seed=5, probabilities="fraction"), bounds=(0, 10)),
    "tenths, plain": lambda: trace_expectiminimax(random_chance_tree(2, seed=8)),
    "a die at the root": lambda: trace_expectiminimax(
        random_chance_tree(1, seed=2, branching=2, outcomes=6, probabilities="uniform",
                           low=-20, high=20), bounds=(-20, 20)),
    "three of each, crowded": lambda: trace_expectiminimax(
        random_chance_tree(2, seed=3, branching=3, outcomes=3), bounds=(0, 10)),
}


def _steps(trace):
    return sorted({0, len(trace) // 3, 2 * len(trace) // 3, len(trace) - 1,
                   *(s.index for s in trace.cutoffs[:2])})


@pytest.mark.parametrize("name", TREES)
def test_chance_trees_are_legible_at_every_step_on_a_projector(name):
    trace = TREES[name]()
    plot = TracePlot(trace)
    width, height = plot.figure.canvas.get_width_height()
    assert width <= CELL_WIDTH and height <= CELL_HEIGHT - 20
    for step in _steps(trace):
        plot.show(step)
        check_legible(plot)


@pytest.mark.parametrize("name", TREES)
def test_the_stepper_shows_chance_trees_legibly_and_fits_the_screen(name):
    stepper = Stepper(TREES[name]())
    width, height = stepper.picture_size
    code = round(stepper_module._CODE_WIDTH * stepper._code_columns / stepper_module._CODE_COLUMNS)
    if stepper.layout_mode == "beside":
        assert width + code + 12 <= CELL_WIDTH
    assert height + stepper_module._CHROME <= CELL_HEIGHT
    for step in _steps(stepper.trace):
        stepper.step_to(step)
        check_legible(stepper.plot)


def test_chance_nodes_are_circles_with_the_probability_on_each_edge():
    trace = TREES["the issue's tree"]()
    plot = TracePlot(trace).show(-1)
    assert plot.node_look("B").shape == "o" and plot.node_look("A").shape == "^"
    assert plot.node_look("D").shape == "v"
    probabilities = {plot.tree[b.node].name: b.text for b in plot.label_boxes() if b.kind == "probability"}
    assert probabilities == {"D": "0.5", "E": "0.5", "F": "0.167", "G": "0.833"}
    assert plot.node_look("B").text == "2" and plot.node_look("C").text == "2.33"  # 1/6 × 4 + 5/6 × 2, rounded
    assert "chance" in [t.get_text() for legend in plot.figure.legends for t in legend.get_texts()]


def test_fractions_are_drawn_as_fractions():
    plot = TracePlot(trace_expectiminimax(parse_tree("[(1/6, 4), (5/6, [2, 8])]"))).show(-1)
    assert plot.node_look("A").text == "22/3"
    assert {b.text for b in plot.label_boxes() if b.kind == "probability"} == {"1/6", "5/6"}


def test_a_cut_chance_node_is_drawn_with_the_bound_it_returned_and_its_pruned_outcome_crossed():
    trace = trace_expectiminimax(parse_tree(CUT), bounds=(0, 10))
    plot = TracePlot(trace).show(-1)
    # C's first outcome 1 leaves it at most 1/2 + 1/2 × 10 = 11/2 <= alpha = 7: a bound, drawn as one.
    assert plot.node_look("C").text == "\u226411/2"
    assert plot.node_look("B").text == "7"  # searched to the end: exact
    assert plot.edge_look("G").crossed and plot.edge_look("G").dashed
    assert "Expectiminimax with Star1 pruning" in plot.alt_text()
    assert plot.title == "evaluated 3 of 4 leaves"  # no Knuth-Moore minimum: it is for minimax trees


def test_a_plain_chance_tree_is_drawn_and_searched_when_asked():
    figure = draw(random_chance_tree(1, seed=3))
    assert "with chance nodes, root A a MAX node" in figure.alt_text
    stepped = draw(random_chance_tree(1, seed=3), step=-1)
    assert stepped.alt_text.startswith("Expectiminimax on a game tree")


def test_the_stepper_runs_the_pseudocode_of_its_search():
    stepper = Stepper(trace_expectiminimax(parse_tree(CUT), bounds=(0, 10)))
    assert stepper._code_columns > 41  # STAR1 is longer than ALPHA-BETA: a wider column
    stepper.cutoff_button.click()
    assert stepper.caption_text.endswith("at most 1/2 + 1/2 × 10 = 11/2 <= alpha = 7, prune 1 child (leaf 9)")
    assert stepper.highlighted == ("if v + r × U <= alpha: prune; return v + r × U",)
    assert 'data-line="22"' in stepper.code.value and "STAR1" in stepper.code.value
    plain = Stepper(parse_tree(CUT))
    assert plain._code_columns == 41 and "EXPECTIMINIMAX" in plain.code.value
    assert plain.cutoff_button.disabled  # nothing to prune without bounds


def test_the_editable_stepper_takes_typed_chance_trees():
    stepper = Stepper([[3, 5], [2, 9]], editable=True)
    assert not stepper.rule_toggle.disabled
    stepper.tree_box.value = CUT
    assert stepper.message_text == "" and stepper.trace.tree.has_chance
    assert stepper.rule_toggle.disabled  # no cut rule to switch for expectiminimax
    assert stepper.tree_box.value == CUT and stepper.leaves_box.value == ""
    stepper.tree_box.value = "[(1/2, 8), 6]"
    assert "mixes (probability, subtree) pairs with plain children" in stepper.message_text
    assert stepper.trace.tree.has_chance  # the previous tree stays


def test_save_and_gif_work_on_chance_traces(tmp_path):
    trace = trace_expectiminimax(parse_tree(CUT), bounds=(0, 10))
    assert save(trace, tmp_path / "cut.svg", step=11).read_text().count("at most") >= 1
    with Image.open(save_gif(trace, tmp_path / "steps.gif", dpi=30)) as gif:
        assert gif.n_frames == len(trace)


def test_the_command_line_searches_and_draws_chance_trees(tmp_path, capsys):
    assert main(["expectiminimax", "-q", "--tree", CUT]) == 0
    assert capsys.readouterr().out == "value: 7\nevaluated: 4 of 4 leaves\n"
    assert main(["expectiminimax", "--bounds", "0", "10", "--tree", CUT]) == 0
    out = capsys.readouterr().out
    assert out.startswith("value: 7\nevaluated: 3 of 4 leaves\n")
    assert "chance node C: at most 1/2 + 1/2 × 10 = 11/2 <= alpha = 7, prune 1 child (leaf 9)" in out
    png, gif = tmp_path / "step.png", tmp_path / "steps.gif"
    assert main(["draw", "--tree", CUT, "--bounds", "0", "10", "--step", "11", "--out", str(png),
                 "--gif", str(gif), "--dpi", "30"]) == 0
    with Image.open(gif) as image:
        assert image.n_frames == len(trace_expectiminimax(parse_tree(CUT),
                                                          bounds=(0, 10)))
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["draw", "--tree", CUT, "--out", str(tmp_path / "plain.png")]) == 0


@pytest.mark.parametrize("argv, words", [
    (["draw", "--tree", CUT, "--bounds", "10", "0", "--out", "x.png"], "low = 10 > high = 0"),
    (["draw", "--tree", CUT, "--bounds", "0", "5", "--out", "x.png"], "leaf D scores 8, outside the bounds"),
    (["draw", "--tree", CUT, "--strict", "--out", "x.png"], "--strict is alpha-beta's cut rule"),
    (["draw", "--tree", CUT, "--bounds", "0", "ten", "--out", "x.png"], "the bound, 'ten', is not a number"),
    (["expectiminimax", "--tree", "[(1/2, 8), (1/3, 6)]"], "add up to 5/6, not 1"),
    (["alpha-beta", "--tree", CUT], "python -m gametree expectiminimax"),
    (["minimax", "--tree", CUT], "chance nodes"),
])
def test_command_line_mistakes_are_one_line(capsys, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and words in err[0]
    assert list(tmp_path.iterdir()) == []


def test_the_pseudocode_fits_the_stepper_column_it_gets():
    for bounds in (False, True):
        lines = chance_pseudocode(bounds)
        columns = stepper_module._code_columns(lines, CELL_HEIGHT - stepper_module._CHROME)
        rows = sum(-(-(len(line) - len(line.lstrip()) + 1 + len(line.lstrip())) // (columns - 4))
                   for line in lines)
        assert 12 + rows * 13 * 1.35 <= CELL_HEIGHT - stepper_module._CHROME
        assert columns <= stepper_module._MAX_CODE_COLUMNS


def test_chance_nodes_keep_their_player_in_the_drawing_graph():
    from gametree.view.draw import tree_graph

    graph = tree_graph(Tree.from_nested([[(0.5, 3), (0.5, 5)]]))
    assert graph.nodes[1]["player"] == CHANCE.value
