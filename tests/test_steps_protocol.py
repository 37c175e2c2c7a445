"""The step-through protocol (gametree.view.steps): every producer offers
the same names, and the one Stepper, the MCTS stepper and the page export
drive any of them.  Built and driven without a browser."""

from __future__ import annotations

import re

import pytest

from gametree import trace_alpha_beta
from gametree.games import TicTacToe, TicTacToeState, uct_search
from gametree.games.mcts import Phase
from gametree.games.windows import trace_mtdf, trace_pvs
from gametree.listing import Listing
from gametree.vectors import trace_maxn
from gametree.view.mcts import MctsPlot
from gametree.view.steps import (
    JUMPS,
    MCTS_LINES,
    MCTS_LISTING,
    KernelSteppable,
    MctsSteps,
    Steppable,
    TraceSteps,
    steps_of,
)
from gametree.widgets.mcts import PSEUDOCODE, MctsStepper
from gametree.widgets.predict import PredictStepper
from gametree.widgets.stepper import Stepper

FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]
CORNER = TicTacToeState.from_text("XOX OOX ...")
FIGURE_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
              [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]


@pytest.fixture(scope="module")
def search():
    return uct_search(TicTacToe(), CORNER, iterations=7, seed=4)


def producers(search):
    return {
        "alpha-beta": TraceSteps(trace_alpha_beta(FIG52, 3)),
        "chance": steps_of([(0.5, [3, 5]), (0.5, [1, 9])]),
        "PVS": TraceSteps(trace_pvs([[1, 2], [5, 6], [7, 8]])),
        "MTD(f)": TraceSteps(trace_mtdf(FIG52, 3, guess=5)),
        "max^n": TraceSteps(trace_maxn(FIGURE_5_4)),
        "MCTS": MctsSteps(search),
    }


@pytest.mark.parametrize("name", ["alpha-beta", "chance", "PVS", "MTD(f)", "max^n", "MCTS"])
def test_every_producer_offers_the_protocol_and_its_jumps_point_into_it(search, name):
    steps = producers(search)[name]
    assert isinstance(steps, Steppable) and isinstance(steps, KernelSteppable)
    assert set(steps.jumps) <= set(JUMPS)
    for indices in steps.jumps.values():
        assert list(indices) == sorted(indices) and all(0 <= i < len(steps) for i in indices)
    for i in (0, len(steps) // 2, len(steps) - 1):
        assert steps.caption(i) and steps.counter(i)
        assert all(1 <= n <= len(steps.code) for n in steps.lines(i))
    assert steps.width() > 0 and steps.title
    assert isinstance(steps.listing, Listing) and steps.listing.code == steps.code
    for i in (0, len(steps) // 2, len(steps) - 1):  # the lines are the names resolved
        assert steps.lines(i) == steps.listing.numbers(steps.line_names(i))


def test_the_stepper_shows_what_the_protocol_says_at_every_step(search):
    """One Stepper class: its caption, counter and highlighted lines are the
    steppable's, whatever the producer."""
    for name, steps in producers(search).items():
        stepper = Stepper(steps)
        assert stepper.steps is steps
        for i in range(len(steps)):
            stepper.step_to(i)
            assert stepper.caption_text == f"Step {i} of {len(steps) - 1}: {steps.caption(i)}", name
            assert stepper.counter.value == steps.counter(i), name
            assert stepper.highlighted == tuple(steps.code[n - 1].strip() for n in steps.lines(i))


def test_the_stepper_shows_a_button_for_each_jump_list_and_it_follows_the_list(search):
    cases = {"MCTS": (search, "iteration_button", "iterations"),
             "PVS": (trace_pvs([[1, 2], [5, 6], [7, 8]]), "phase_button", "re-searches"),
             "MTD(f)": (trace_mtdf(FIG52, 3, guess=5), "phase_button", "passes")}
    for name, (obj, button_name, jump) in cases.items():
        stepper = Stepper(obj)
        button = getattr(stepper, button_name)
        assert button in stepper._controls.children, name
        expected = [i for i in stepper.steps.jumps[jump] if i > 0]  # each start after step 0
        assert expected, name
        reached = []
        while not button.disabled:
            button.click()
            reached.append(stepper.slider.value)
        assert reached == expected, name
    mcts = Stepper(search)
    assert mcts.cutoff_button not in mcts._controls.children  # MCTS prunes nothing
    assert mcts.phase_button not in mcts._controls.children
    assert Stepper(FIG52, branching=3).iteration_button not in Stepper(FIG52, branching=3)._controls.children


def test_mcts_steps_name_their_pseudocode_lines_and_jump_to_each_select(search):
    steps = MctsSteps(search)
    assert steps.code == PSEUDOCODE == MCTS_LISTING.code and isinstance(MCTS_LISTING, Listing)
    assert set(MCTS_LINES.values()) <= MCTS_LISTING.names
    for i in range(len(steps)):
        phase = search.step(i).phase
        (line,) = steps.lines(i)
        assert line == MCTS_LISTING.number(MCTS_LINES[phase])
        assert (i in steps.jumps["iterations"]) == (phase is Phase.SELECT)
    assert steps.alt(5) == MctsPlot(search, header=False).show(5).alt_text()
    assert steps.picture(5).startswith("<svg")


def test_the_mcts_stepper_is_the_one_stepper_with_a_table(search):
    stepper = MctsStepper(search)
    plain = Stepper(search)
    assert isinstance(stepper, Stepper) and isinstance(stepper.steps, MctsSteps)
    for i in (0, 5, 14, len(stepper.steps) - 1):
        stepper.step_to(i)
        plain.step_to(i)
        assert stepper.caption_text == plain.caption_text
        assert stepper.counter.value == plain.counter.value
    assert "gametree-mcts" in stepper._dom_classes and "gametree-stepper" not in stepper._dom_classes


def test_a_theme_colours_the_widget_and_colors_are_merged_over_it(search):
    magenta = "#ff00ff"
    stepper = Stepper(FIG52, branching=3, colors={"current": magenta})
    assert stepper.theme["current"] == magenta
    stepper.step_to(13)
    current = re.search(r'class="gametree-code-current"[^>]*style="([^"]*)"', stepper.code.value)
    assert current is not None and magenta in current.group(1)
    printed = Stepper(FIG52, branching=3, theme="print")
    assert printed.theme["highlight"] in printed.code.value
    mcts = MctsStepper(search, theme="print")
    default = MctsStepper(search)
    for widget in (mcts, default):
        widget.step_to(2)
    assert mcts.plot.node_look("A").outline != default.plot.node_look("A").outline
    assert mcts.plot.theme["current"] == "#000000"
    with pytest.raises(ValueError, match="no theme named"):
        Stepper(FIG52, branching=3, theme="dark")


def test_one_theme_argument_changes_the_pruned_edges_of_the_steppers_picture():
    magenta = "#ff00ff"
    plain, themed = Stepper(FIG52, branching=3), Stepper(FIG52, branching=3, theme={"pruned edge": magenta})
    for stepper in (plain, themed):
        stepper.step_to(-1)  # I and J pruned
    assert themed.plot.edge_look("I").color == magenta != plain.plot.edge_look("I").color
    assert bytes(themed.image.value) != bytes(plain.image.value)
    assert themed.plot.edge_look("H").color == plain.plot.edge_look("H").color  # H was evaluated
    maxn = Stepper(trace_maxn(FIGURE_5_4), theme="print")
    assert maxn.plot.theme["MAX node"] == "#333333"


def test_steps_of_adapts_each_kind_of_search(search):
    assert isinstance(steps_of(search), MctsSteps)
    assert isinstance(steps_of(trace_alpha_beta(FIG52, 3)), TraceSteps)
    steps = MctsSteps(search)
    assert steps_of(steps) is steps
    with pytest.raises(TypeError, match="uct_search"):
        MctsSteps(FIG52)
    with pytest.raises(ValueError, match="record=False"):
        MctsSteps(uct_search(TicTacToe(), CORNER, iterations=3, record=False))


def test_the_stepper_refuses_tree_options_with_a_search_stepped_as_it_is(search):
    with pytest.raises(TypeError, match="stepped as it is"):
        Stepper(search, branching=3)
    with pytest.raises(TypeError, match="stepped as it is"):
        Stepper(MctsSteps(search), editable=True)
    with pytest.raises(ValueError, match="cannot step a MctsResult; step it with Stepper"):
        PredictStepper(search)


def test_a_page_replays_mcts_iterations(search, tmp_path):
    from gametree.view.pages import page_data

    data = page_data(MctsSteps(uct_search(TicTacToe(), CORNER, iterations=2, seed=4)))
    assert data["jumps"] == {"iterations": [1, 5]} and data["code"] == list(PSEUDOCODE)
    assert len(data["steps"]) == 9


def test_the_plain_stepper_lays_mcts_out_beside_its_pseudocode(search):
    stepper = Stepper(search)
    assert stepper.layout_mode == "beside" and stepper.picture_size[0] >= MctsSteps(search).width()


def test_the_predict_stepper_asks_about_any_tree_search_steppable():
    stepper = PredictStepper(TraceSteps(trace_alpha_beta(FIG52, 3)), theme="print")
    stepper.next_button.click()
    stepper.next_button.click()  # before leaf E
    assert stepper.question_prompt == "Which leaf is evaluated next? Click it, or answer none."
    stepper.answer("E")
    assert stepper.slider.value == 2 and stepper.score.text == "1 of 1 prediction right"
    assert stepper.colors["right"] == stepper.theme["right"] == "#444444"  # the print theme's
