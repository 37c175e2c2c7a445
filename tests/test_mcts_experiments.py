"""The MCTS experiments: their committed results are what the scripts say
they are, the scripts run, and notebook 12's charts of them are legible.

Nothing here times anything: the benchmark scripts measure, these tests
check their bookkeeping (counts add up, intervals are Wilson's, positions
are what the docstring promises) on the committed files and on tiny runs.
"""

from __future__ import annotations

import base64
import io
import json
import math
from pathlib import Path

import pytest
from matplotlib.image import imread
from matplotlib.text import Text

from gametree import MAX
from gametree.games import Kalah, TicTacToe, TicTacToeState, alpha_beta
from gametree.view import charts
from gametree.view.charts import DPI, Chart
from gametree.view.mcts_charts import mcts_strength_chart, playouts_chart

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
GAME = TicTacToe()


@pytest.fixture(scope="module")
def move_values_seen():
    """Tic-tac-toe position -> its moves' minimax values, shared by this module's
    tests (a module fixture: conftest.py keeps the module on one xdist worker)."""
    return {}


@pytest.fixture
def benchmarks(monkeypatch, move_values_seen):
    """The benchmark folder importable, as it is when a script runs from it.

    The tic-tac-toe script's move_values (alpha-beta after every move, a pure
    function of the position) remembers its answers across tests: each sample
    values every candidate position, and the tests take several samples."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    import bench_kalah_strength
    import bench_mcts_kalah
    import bench_mcts_tictactoe

    move_values = bench_mcts_tictactoe.move_values

    def remembered(state):
        if state not in move_values_seen:
            move_values_seen[state] = move_values(state)
        return dict(move_values_seen[state])  # a copy: no caller changes the shared one

    monkeypatch.setattr(bench_mcts_tictactoe, "move_values", remembered)
    return bench_mcts_tictactoe, bench_mcts_kalah, bench_kalah_strength


def load(name):
    return json.loads((RESULTS / name).read_text())


# --- the committed results -------------------------------------------------------------


def test_the_tic_tac_toe_results_add_up_with_wilson_intervals(benchmarks):
    _, _, strength = benchmarks
    results = load("mcts_tictactoe.json")
    runs = len(results["positions"]) * results["seeds"]
    assert len(results["results"]) == 4 * 8  # four constants, eight budgets
    for entry in results["results"]:
        assert entry["runs"] == runs and entry["rate"] == entry["right"] / runs
        assert entry["ci"] == list(strength.wilson(entry["right"], runs))
        assert entry["ci"][0] <= entry["rate"] <= entry["ci"][1]


def test_the_sampled_positions_are_open_and_their_move_matters():
    for cells in load("mcts_tictactoe.json")["positions"]:
        state = TicTacToeState.from_text(cells)
        assert not GAME.is_over(state)
        sign = 1 if GAME.to_move(state) is MAX else -1
        values = {sign * alpha_beta(GAME, GAME.play(state, m)).value for m in GAME.moves(state)}
        assert len(values) > 1


def test_the_kalah_results_add_up_and_give_equal_time_budgets(benchmarks):
    _, _, strength = benchmarks
    results = load("mcts_kalah.json")
    rates = results["rates"]
    for match in results["matches"]:
        assert match["games"] == results["games_per_match"] == match["wins"] + match["draws"] + match["losses"]
        assert match["points"] == (match["wins"] + match["draws"] / 2) / match["games"]
        assert match["win_ci"] == list(strength.wilson(match["wins"], match["games"]))
        seconds = match["seconds_per_move"]
        assert match["uct_iterations"] == max(1, round(rates["UCT"] * seconds))
        assert match["alpha_beta_nodes"] == max(1, round(rates[match["evaluation"]] * seconds))
    assert {m["evaluation"] for m in results["matches"]} == {"kalah_evaluation", "store difference", "none"}


# --- the scripts, on tiny runs -------------------------------------------------------------


def test_the_tic_tac_toe_script_writes_what_the_chart_reads(benchmarks, tmp_path, capsys):
    tictactoe, _, _ = benchmarks
    out = tmp_path / "results.json"
    written = tictactoe.main(["--positions", "6", "--seeds", "1", "--budgets", "5", "50", "--out", str(out)])
    assert json.loads(out.read_text()) == written
    assert len(written["positions"]) == 6 and len(written["results"]) == 4 * 2
    assert isinstance(playouts_chart(written), Chart)
    assert "wrote" in capsys.readouterr().out


def test_the_sample_takes_positions_with_one_to_six_marks_alike(benchmarks):
    tictactoe, _, _ = benchmarks
    marks = [9 - state.cells.count(".") for state in tictactoe.sample(60, seed=3)]
    assert sorted(set(marks)) == [1, 2, 3, 4, 5, 6]
    assert marks.count(1) == 9 and all(9 <= marks.count(k) <= 11 for k in range(2, 7))
    assert tictactoe.sample(12, seed=3) == tictactoe.sample(12, seed=3)


def test_a_kalah_match_is_seeded_and_counted_from_ucts_side(benchmarks):
    _, kalah, _ = benchmarks
    rates = dict(kalah.RATES)
    first = kalah.match(Kalah(), "none", 0.002, rates, 2, match_seed=3)
    again = kalah.match(Kalah(), "none", 0.002, rates, 2, match_seed=3)
    for result in (first, again):
        del result["measured_seconds_per_move"]  # the clock is the one thing that differs
    assert first == again and first["games"] == 2
    assert first["uct_iterations"] == 20 and first["alpha_beta_nodes"] == 460


def test_the_alpha_beta_player_without_evaluation_sees_only_the_ends_of_games(benchmarks):
    _, kalah, _ = benchmarks
    assert kalah.no_evaluation(Kalah().initial) == 0
    player = kalah.alpha_beta_player(500, kalah.no_evaluation)
    assert player(Kalah(), Kalah().initial) in Kalah().moves(Kalah().initial)


# --- the charts -----------------------------------------------------------------------------


CHARTS = {"playouts": lambda: playouts_chart(load("mcts_tictactoe.json")),
          "strength": lambda: mcts_strength_chart(load("mcts_kalah.json"))}


@pytest.mark.parametrize("name", CHARTS)
def test_the_charts_fit_a_projector_with_alt_text_and_large_enough_text(name):
    chart = CHARTS[name]()
    data, metadata = chart._repr_mimebundle_()
    assert data["text/plain"] == chart.alt == metadata["image/png"]["alt"] and len(chart.alt) > 60
    image = imread(io.BytesIO(base64.b64decode(data["image/png"])), format="png")
    assert image.shape[1] <= 1080 and image.shape[0] <= 560
    texts = [t for t in chart.findobj(Text) if t.get_text().strip() and t.get_visible()]
    assert min(t.get_fontsize() * DPI / 72 for t in texts) >= 14


@pytest.mark.parametrize("name", CHARTS)
def test_every_series_has_its_own_marker_and_line_style(name):
    chart = CHARTS[name]()
    series = chart.axes[0].containers  # one errorbar per series: its line, caps and bars
    keys = [(c.lines[0].get_marker(), str(c.lines[0].get_linestyle())) for c in series]
    assert len(keys) == len(set(keys)) >= 3
    colours = {c.lines[0].get_color() for c in series}
    assert len(colours) == len(series) and colours <= set(charts.PALETTE)


def test_the_playouts_chart_says_what_each_constant_reaches():
    results = load("mcts_tictactoe.json")
    alt = playouts_chart(results).alt
    last = max(r["playouts"] for r in results["results"])
    for entry in results["results"]:
        if entry["playouts"] == last:
            assert f"C = {entry['exploration']:.2f} reaches {100 * entry['rate']:.0f}% at {last:,}" in alt


def test_the_strength_chart_labels_each_time_with_both_budgets():
    results = load("mcts_kalah.json")
    chart = mcts_strength_chart(results)
    labels = [t.get_text() for t in chart.axes[0].get_xticklabels()]
    assert len(labels) == len({m["seconds_per_move"] for m in results["matches"]})
    first = min(results["matches"], key=lambda m: m["seconds_per_move"])
    assert f"{first['uct_iterations']:,} / " in labels[0]


@pytest.mark.parametrize("call, error, words", [
    (lambda: playouts_chart({}), ValueError, "empty"),
    (lambda: playouts_chart({"results": []}), ValueError, "no 'results'"),
    (lambda: playouts_chart({"results": [{"exploration": 1}]}), ValueError, "lacks playouts"),
    (lambda: mcts_strength_chart([1]), TypeError, "mapping"),
    (lambda: mcts_strength_chart({"matches": [{"seconds_per_move": 1}]}), ValueError, "lacks evaluation"),
    (lambda: playouts_chart({"results": [{"exploration": c, "playouts": 1, "rate": 0.5, "ci": [0, 1]}
                                         for c in range(9)]}), ValueError, "at most 8"),
])
def test_bad_data_gets_one_clear_sentence_before_any_drawing(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_nan_free_rates():
    assert all(math.isfinite(r["rate"]) for r in load("mcts_tictactoe.json")["results"])
