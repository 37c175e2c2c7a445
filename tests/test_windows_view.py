"""Passes and re-searches on the drawing and the step-through widget,
driven without a browser."""

import pytest

from gametree import StepKind, trace_alpha_beta
from gametree.games.windows import MTDF_CODE, PVS_CODE, trace_mtdf, trace_null_window, trace_pvs
from gametree.view.draw import TracePlot, counter_text, draw
from gametree.view.theme import DEFAULT
from gametree.widgets.stepper import Stepper

PHASE_COLOR = DEFAULT["phase"]

FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]
WORST_FIRST = [[1, 2], [5, 6], [7, 8]]  # B = 1, C = 5, D = 7: both later children re-searched


def test_the_title_names_the_pass_under_way():
    trace = trace_mtdf(FIG52, 3)
    plot = TracePlot(trace)
    for phase in trace.phases:
        for index in (phase.start, phase.end):
            assert plot.show(index).title == phase.label
    assert plot.show(trace.phases[1].start).title == "MTD(f) pass 2: test with the window (3, 4)"


def test_the_node_tested_or_re_searched_has_a_thick_outline_of_its_own():
    trace = trace_pvs(WORST_FIRST)
    plot = TracePlot(trace)
    research = trace.phases[1]
    look = plot.show(research.start + 2).node_look("C")
    assert look.outline == PHASE_COLOR.lower() and look.width >= 3
    after = plot.show(research.end + 1).node_look("C")  # A has taken C's value: C is done
    assert after.outline != PHASE_COLOR.lower()


def test_without_a_phase_the_title_is_the_counter():
    trace = trace_pvs(WORST_FIRST)
    assert TracePlot(trace).show(0).title == counter_text(trace, 0)


def test_the_counter_counts_every_evaluation_of_a_search_that_repeats_them():
    trace = trace_pvs(WORST_FIRST)
    assert counter_text(trace) == "8 leaf evaluations on 6 leaves"
    assert counter_text(trace_mtdf(FIG52, 3)) == ("8 leaf evaluations on 9 leaves (a full alpha-beta "
                                                 "search needs at least 5)")
    assert counter_text(trace_alpha_beta(FIG52, 3)) == "evaluated 7 of 9 leaves (a full search needs at least 5)"


def test_the_alt_text_names_the_search_and_the_phase():
    trace = trace_null_window(FIG52, 3, beta=4)
    figure = draw(trace, step=3)
    assert figure.alt_text.startswith("Null-window test (cut when alpha >= beta) on a game tree "
                                      "of 9 leaves, branching 3 and depth 2, step 3 of 23 "
                                      "(null-window test: is the value >= 4? window (3, 4)): Leaf E")


def test_stepping_back_over_a_pass_draws_the_previous_pass_again():
    trace = trace_mtdf(FIG52, 3)
    plot = TracePlot(trace)
    second = trace.phases[1].start
    before = plot.show(second - 1).node_look("B")
    # B is not searched yet in pass 2: it shows what pass 1 learnt, not pass 1's value.
    # Pass 1 tests (-1, 0), and B = min(3, 12, 8) = 3 >= 0 fails high: at least 3.
    assert before.text == "3" and plot.show(second).node_look("B").text == "\u22653"
    assert plot.show(second - 1).node_look("B") == before


@pytest.mark.parametrize("make, button", [(lambda: trace_mtdf(FIG52, 3), "next pass"),
                                          (lambda: trace_pvs(WORST_FIRST), "next re-search")])
def test_the_stepper_jumps_from_pass_to_pass_or_re_search_to_re_search(make, button):
    trace = make()
    stepper = Stepper(trace)
    assert stepper.phase_button in stepper._controls.children
    assert stepper.phase_button.description == button
    targets = [step.index for step in trace if step.kind in (StepKind.PASS, StepKind.RESEARCH)]
    visited = []
    while not stepper.phase_button.disabled:
        stepper.phase_button.click()
        visited.append(stepper.slider.value)
    assert visited == [t for t in targets if t > 0]


def test_the_stepper_shows_the_search_s_own_pseudocode_and_the_phase():
    trace = trace_mtdf(FIG52, 3)
    stepper = Stepper(trace)
    table_line = MTDF_CODE.index("  if table settles it: return that") + 1
    assert f'data-line="{table_line}"' in stepper.code.value
    stepper.step_to(trace.phases[1].start)
    assert stepper.highlighted == ("while lower < upper:", "beta = g+1 if g == lower else g",
                                   "g = AB(root, beta - 1, beta)")
    assert stepper.counter.value.startswith("MTD(f) pass 2: test with the window (3, 4)")
    stepper = Stepper(trace_pvs(WORST_FIRST))
    assert stepper.code.value.count("data-line=") == len(PVS_CODE)


def test_an_alpha_beta_stepper_has_no_phase_button():
    stepper = Stepper(FIG52, branching=3)
    assert stepper.phase_button not in stepper._controls.children
    assert stepper.counter.value == "evaluated 0 of 9 leaves (a full search needs at least 5)"


def test_an_editable_stepper_searches_a_typed_tree_as_the_trace_shown_was():
    stepper = Stepper(trace_pvs(WORST_FIRST), editable=True)
    stepper.tree_box.value = "[[2, 1], [6, 4], [9, 8]]"  # each later child beats the first
    assert stepper.message_text == ""
    assert stepper.trace.name == "PVS" and stepper.trace.value == 8
    assert [s.caption for s in stepper.trace] == [s.caption for s in trace_pvs([[2, 1], [6, 4], [9, 8]])]
    assert stepper.phase_button in stepper._controls.children
    assert stepper.phase_button.description == "next re-search"
    stepper.rule_toggle.value = True  # PVS cuts either way; the switch searches again with the rule
    assert stepper.trace.strict and stepper.trace.name == "PVS"

    mtdf = Stepper(trace_mtdf(FIG52, 3, guess=7), editable=True)
    assert mtdf.rule_toggle.disabled  # MTD(f) tests null windows: no cut rule to switch
    mtdf.branching_box.value = "2"
    mtdf.leaves_box.value = "5 6 7 4"
    assert mtdf.trace.name == "MTD(f)" and mtdf.trace.value == 5
    assert mtdf.phase_button.description == "next pass"
    # from the guess the teacher gave: the same passes as MTD(f) run on the typed tree
    assert [p.label for p in mtdf.trace.phases] == [p.label for p in trace_mtdf([5, 6, 7, 4], 2, guess=7).phases]
    assert mtdf.trace.phases[0].beta == 7


def test_an_editable_stepper_refuses_a_trace_it_could_not_search_again():
    with pytest.raises(ValueError, match="editable=True re-runs the search on the trees typed in, "
                                         "so it cannot show a null-window test trace; "
                                         "drop editable=True"):
        Stepper(trace_null_window(FIG52, 3, beta=4), editable=True)


def test_each_mtdf_pass_draws_its_window_the_bound_so_far_and_what_the_table_learnt():
    # The case (11-windows): passes 2 and 3 were the same picture.
    from gametree import Tree, random_leaves
    trace = trace_mtdf(Tree.from_leaves(random_leaves(2, 4, seed=31, high=9), 2), guess=5)
    passes = [p for p in trace.phases if p.kind.name == "PASS"]
    assert len(passes) >= 3
    plot = TracePlot(trace, caption=False, counter=False)
    pictures = []
    for before, phase in zip([None, *passes[:-1]], passes, strict=True):
        plot.show(phase.start)
        root = plot.node_look("A")
        assert root.window == f"\u03b1={phase.alpha}\n\u03b2={phase.beta}"  # what the pass asks
        known = {(False, True): f"\u2264{phase.upper}", (True, False): f"\u2265{phase.lower}",
                 (True, True): f"{phase.lower}\u2013{phase.upper}", (False, False): None}
        finite = (phase.lower != float("-inf"), phase.upper != float("inf"))
        assert root.text == known[finite]  # the bound so far
        pictures.append(plot.png())
        if before is None:
            continue
        # Every node not yet reached in this pass shows the entry the table holds for it:
        # what its last search returned, against the window it was searched with.
        windows, expected = {}, {}
        for step in trace.steps[:phase.start]:
            if step.kind is StepKind.ENTER:
                windows[step.node.name] = (step.alpha, step.beta)
            elif step.kind is StepKind.RETURN:
                alpha, beta = windows[step.node.name]
                sign = "\u2264" if step.value <= alpha else "\u2265" if step.value >= beta else ""
                expected[step.node.name] = f"{sign}{step.value:g}"
        drawn = {n.name: plot.node_look(n.name).text for n in trace.tree
                 if not n.is_leaf and n.parent is not None}
        assert drawn == {name: expected.get(name) for name in drawn}
        words = plot.alt_text()  # and in words, for a reader without the picture
        assert all(f"{name} {text}" in words for name, text in drawn.items() if text)
    assert len(set(pictures)) == len(pictures)  # every pass is a different picture
