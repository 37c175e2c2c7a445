"""The experiment charts (gametree.view.charts): legible on a projector,
series told apart by more than colour, alt text, clear errors."""

import base64
import io
import json
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from matplotlib.image import imread  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import gametree  # noqa: E402
from gametree.view import charts  # noqa: E402
from gametree.view.charts import (  # noqa: E402
    DPI,
    Chart,
    branching_factor_chart,
    leaf_counts_chart,
    move_values_chart,
    ordering_chart,
    round_robin_chart,
    search_cost_chart,
    strength_chart,
)

RESULTS = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "kalah_strength.json"


def leaf_counts():
    counts = {}
    for b in (2, 3):
        for d in (1, 2, 3, 4):
            trees = [gametree.random_leaves(b, d, seed, high=10**6, distinct=True) for seed in range(5)]
            counts[b, d] = {
                "random": [gametree.alpha_beta(t, b)[1] for t in trees],
                "best": [gametree.alpha_beta(gametree.best_order(t, b), b)[1] for t in trees],
                "worst": [gametree.alpha_beta(gametree.worst_order(t, b), b)[1] for t in trees]}
    return counts


def share_table():
    share = [[None] * 3 for _ in range(3)]
    for i in range(3):
        for j in range(3):
            if i != j:
                share[i][j] = 0.5 + 0.1 * (i - j)
    return share


MAKERS = {
    "leaf counts": lambda: leaf_counts_chart(leaf_counts(), minimum={
        (b, d): gametree.knuth_moore_minimum(b, d) for b in (2, 3) for d in (1, 2, 3, 4)}),
    "branching factor": lambda: branching_factor_chart(
        {(b, d): b ** (0.8 * d) for b in (2, 3, 4) for d in range(1, 6)}, pearl={2: 1.618, 3: 2.148, 4: 2.630}),
    "search cost": lambda: search_cost_chart({"minimax": 549946, "alpha-beta + table": 4781},
                                             remembers=["alpha-beta + table"]),
    "move values": lambda: move_values_chart({f"S{i}": [i, -i, i - 3] for i in range(8)}, horizon=2.5),
    "ordering": lambda: ordering_chart({"none": [31, 100, 358], "pv": [31, 87, 281], "best": [31, 87, 245]}),
    "strength": lambda: strength_chart(json.loads(RESULTS.read_text())),
    "round robin": lambda: round_robin_chart(share_table(), names=["depth 1", "depth 2", "depth 3"]),
}


@pytest.fixture(params=list(MAKERS), ids=list(MAKERS))
def chart(request):
    return MAKERS[request.param]()


def test_a_chart_shows_itself_as_a_png_with_alt_text(chart):
    assert isinstance(chart, Chart) and len(chart.alt) > 40
    data, metadata = chart._repr_mimebundle_()
    assert data["text/plain"] == chart.alt and metadata["image/png"]["alt"] == chart.alt
    image = imread(io.BytesIO(base64.b64decode(data["image/png"])), format="png")
    height, width = image.shape[:2]
    assert width <= 1080 and height <= 560  # fits a 1280x720 projector beside the notebook's margins


def test_no_text_on_a_chart_is_smaller_than_14_pixels(chart):
    texts = [t for t in chart.findobj(Text) if t.get_text().strip() and t.get_visible()]
    assert texts
    assert min(t.get_fontsize() * DPI / 72 for t in texts) >= 14


def test_every_series_in_a_legend_has_its_own_marker_and_line_style(chart):
    keys = charts._legend_keys(chart)
    assert len(keys) == len(set(keys))


def test_lines_are_drawn_in_the_colour_blind_safe_palette_or_in_grey():
    chart = MAKERS["ordering"]()
    colours = {line.get_color() for ax in chart.axes for line in ax.get_lines()}
    assert colours <= set(charts.PALETTE)


def test_the_leaf_counts_chart_has_one_panel_per_branching_factor_and_a_log_scale():
    chart = MAKERS["leaf counts"]()
    assert [ax.get_title() for ax in chart.axes] == ["branching b = 2", "branching b = 3"]
    assert all(ax.get_yscale() == "log" for ax in chart.axes)


def test_moves_that_share_a_value_are_drawn_side_by_side():
    chart = move_values_chart({"S1": [0, 1], "S2": [0, 1]}, dodge=0.1)
    first, second = (line.get_xdata() for line in chart.axes[0].get_lines()[:2])
    assert list(first) != list(second) and abs(first[0] - second[0]) == pytest.approx(0.1)


@pytest.mark.parametrize("count, ok", [(8, True), (9, False)])
def test_move_values_tell_at_most_eight_moves_apart(count, ok):
    values = {f"S{i}": [i, i] for i in range(count)}
    if ok:
        assert len(move_values_chart(values).axes[0].get_lines()) == count
    else:
        with pytest.raises(ValueError, match="at most 8"):
            move_values_chart(values)


@pytest.mark.parametrize("branchings, ok", [((2, 3, 4), True), ((2, 3, 4, 5), False)])
def test_the_branching_factor_chart_shows_at_most_three_panels(branchings, ok):
    data = {(b, d): float(b**d) for b in branchings for d in (1, 2)}
    pearl = {b: b**0.7 for b in branchings}
    if ok:
        assert len(branching_factor_chart(data, pearl=pearl).axes) == 3
    else:
        with pytest.raises(ValueError, match="at most 3"):
            branching_factor_chart(data, pearl=pearl)


@pytest.mark.parametrize("call, error, words", [
    (lambda: ordering_chart({}), ValueError, "empty"),
    (lambda: ordering_chart([1, 2]), TypeError, "mapping"),
    (lambda: ordering_chart({"none": [1, 2], "best": [1]}), ValueError, "same depths"),
    (lambda: ordering_chart({"none": [1, "x"]}), TypeError, "numbers only"),
    (lambda: move_values_chart({"S1": "12"}), TypeError, "list of numbers"),
    (lambda: leaf_counts_chart({(2, 1): {"random": [2]}}, minimum={(2, 1): 2}), ValueError, "'worst'"),
    (lambda: leaf_counts_chart({(2, 1): {"random": [2], "best": [2], "worst": [2]}}, minimum={(2, 2): 3}),
     ValueError, "no value"),
    (lambda: leaf_counts_chart({"b2": {}}, minimum={}), TypeError, "(branching, depth)"),
    (lambda: branching_factor_chart({(2, 1): 2.0}, pearl={3: 2.1}), ValueError, "no limit for branching 2"),
    (lambda: search_cost_chart({"minimax": 5}, remembers=["memo"]), ValueError, "not in nodes"),
    (lambda: strength_chart({"baselines": []}), ValueError, "baselines"),
    (lambda: round_robin_chart([[None, 0.5]], names=["a", "b"]), ValueError, "2 x 2"),
    (lambda: round_robin_chart([[0.5, 0.5], [0.5, None]], names=["a", "b"]), ValueError, r"share\[0\]\[0\]"),
    (lambda: round_robin_chart([[None, 1.5], [0.5, None]], names=["a", "b"]), ValueError, "from 0 to 1"),
])
def test_bad_data_gets_one_clear_sentence_before_any_drawing(call, error, words):
    with pytest.raises(error, match=words):
        call()
