"""Marking a drawing through arguments: each mark changes what it says and
nothing else, marks replace the previous ones, bad marks get a sentence,
and no code outside the view reaches into a drawing's artists."""

import json
import re
from pathlib import Path

import pytest
from matplotlib.colors import to_hex

from gametree import trace_alpha_beta
from gametree.view.draw import TracePlot, draw
from gametree.view.style import Line, Marks, node_id
from gametree.view.theme import DEFAULT

CURRENT_COLOR = DEFAULT["current"]
PRUNED_COLOR = DEFAULT["pruned edge"]

ROOT = Path(__file__).resolve().parent.parent
FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]


@pytest.fixture
def plot():
    return TracePlot(trace_alpha_beta(FIG52, 3))


def looks(plot):
    tree = plot.tree
    return ([plot.node_look(n) for n in tree], [plot.edge_look(n) for n in tree.nodes[1:]],
            plot.title, plot.caption)


@pytest.mark.parametrize("marks, check", [
    ({"fill": {"D": "#117733"}}, lambda p: p.node_look("D").fill == "#117733"),
    ({"outline": {"D": Line("#CC3311", 4, dashed=True)}},
     lambda p: p.node_look("D")[2:5] == ("#cc3311", 4.0, True)),
    ({"text": {"D": "?"}}, lambda p: p.node_look("D").text == "?"),
    ({"text": {"K": "x"}}, lambda p: p.node_look("K").text == "x"),  # a leaf: its score
    ({"window": {"A": "\u03b1=?\n\u03b2=?"}}, lambda p: p.node_look("A").window == "\u03b1=?\n\u03b2=?"),
    ({"edges": {"D": Line("#117733", 5)}}, lambda p: p.edge_look("D")[:3] == ("#117733", 5.0, False)),
    ({"crossed": ["K"]}, lambda p: p.edge_look("K").crossed),
    ({"hidden": ["B"]}, lambda p: p.node_look("B").text is None and p.node_look("B").window is None),
    ({"title": "What is B worth?"}, lambda p: p.title == "What is B worth?"),
    ({"caption": "think first"}, lambda p: p.caption == "think first"),
    ({"current": False}, lambda p: not any(p.node_look(n).current for n in p.tree)),
    ({"legend": False}, lambda p: not p.figure.legends[0].get_visible()),
])
def test_each_mark_changes_what_it_says_and_nothing_else(plot, marks, check):
    step = 13  # C has just cut I and J
    plot.show(step)
    before = looks(plot)
    plot.show(step, **marks)
    assert check(plot)
    after = looks(plot)
    changed = sum(a != b for group_a, group_b in zip(before[:2], after[:2], strict=True)
                  for a, b in zip(group_a, group_b, strict=True))
    changed += (before[2] != after[2]) + (before[3] != after[3])
    expected = 0 if "legend" in marks else 1  # the legend is no node, edge or line of text
    assert changed == expected, f"{marks} changed {changed} things"


def test_marks_replace_the_previous_ones(plot):
    plain = looks(plot.show(5))
    plot.show(5, fill={"D": "red"}, title="marked")
    assert looks(plot) != plain
    assert looks(plot.show(5)) == plain  # the picture is a function of (step, marks)


def test_nodes_can_be_named_by_node_name_or_id(plot):
    tree = plot.tree
    for ref in (tree["C"], "C", 2):
        assert node_id(tree, ref) == 2
        plot.show(None, fill={ref: "orange"})
        assert plot.node_look("C").fill == to_hex("orange")


@pytest.mark.parametrize("marks, error, words", [
    ({"fill": {"Z": "red"}}, ValueError, "no node is named 'Z'"),
    ({"fill": {99: "red"}}, ValueError, "node 99 does not exist"),
    ({"fill": {1.5: "red"}}, TypeError, "name a node"),
    ({"fill": {"B": "not a colour"}}, ValueError, "is not a colour"),
    ({"fill": ["B"]}, TypeError, "fill must map nodes"),
    ({"outline": {"B": "red"}}, TypeError, r"Line\(color, width, dashed\)"),
    ({"text": {"B": 3}}, TypeError, "gametree.text.pretty"),
    ({"crossed": "IJ"}, TypeError, "collection of nodes"),
    ({"title": 3}, TypeError, "title must be text"),
    ({"current": "no"}, TypeError, "True or False"),
    ({"colour": {"B": "red"}}, TypeError, "marks are fill, outline"),
])
def test_bad_marks_get_a_sentence(plot, marks, error, words):
    with pytest.raises(error, match=words):
        plot.show(None, **marks)


@pytest.mark.parametrize("width", [-1, 21, "2", True])
def test_a_line_checks_its_width(width):
    with pytest.raises((ValueError, TypeError), match="width"):
        Line("red", width)
    assert Line("red", 20).width == 20 and Line("red", 0).width == 0  # the limits themselves


def test_draw_takes_marks_too():
    figure = draw(FIG52, branching=3, crossed=["C"], edges={"C": Line(PRUNED_COLOR, 1.3, dashed=True)},
                  title="C is cut")
    assert figure.plot.edge_look("C").crossed and figure.plot.title == "C is cut"
    assert figure.plot.edge_look("B").color != to_hex(CURRENT_COLOR)


def test_merged_marks_lay_the_second_on_top():
    first = Marks(fill={1: "red", 2: "red"}, crossed={3}, title="one")
    both = first.merged(Marks(fill={2: "blue"}, crossed={4}, caption="two", legend=False))
    assert both.fill == {1: "red", 2: "blue"} and both.crossed == {3, 4}
    assert (both.title, both.caption, both.legend, both.current) == ("one", "two", False, True)


# --- nobody outside the view touches a drawing's artists ----------------------------------

PRIVATE = re.compile(  # a class's own attributes (self._names) are not a drawing's
    r"(?<!\bself)\.(_edges|_crosses|_halo|_markers|_marker_index|_groups|_values|_windows|_names|"
    r"_leaf_scores|_leaf_names|_edge_labels|_title|_caption|_legend_artist|_look|_push\w*|"
    r"_step_look|_overlay)\b")
OLD = re.compile(r"\b\w*plot\w*\.(values|windows|names|leaf_scores|leaf_names|edges|markers|"
                 r"marker_index|halo|edge_labels|counter|legend|edge_of)\b")


def offending_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if PRIVATE.search(line) or OLD.search(line)]


def test_the_checker_catches_what_it_should():
    assert offending_lines("plot._markers['MAX'].set_facecolor(x)\nplot.values[3]")
    assert offending_lines("myself._names") and not offending_lines("self._names.append(x)")
    assert not offending_lines("plot.show(3, fill={'B': 'red'})\nplot.node_look('B')")


def test_no_code_outside_the_view_touches_a_drawings_artists():
    found = {}
    for path in [*ROOT.joinpath("gametree").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py"),
                 *ROOT.joinpath("benchmarks").rglob("*.py")]:
        if "view" in path.relative_to(ROOT).parts[:2] or path.name == "test_style.py":
            continue
        lines = offending_lines(path.read_text())
        if lines:
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_no_notebook_touches_a_drawings_artists():
    found = {}
    for path in sorted(ROOT.joinpath("notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        lines = [line for cell in cells if cell["cell_type"] == "code"
                 for line in offending_lines("".join(cell["source"]))]
        if lines:
            found[path.name] = lines
    assert found == {}
