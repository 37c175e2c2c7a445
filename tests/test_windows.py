"""Searches with narrow windows: the null-window test, PVS and MTD(f) on the
Game interface, their traces on trees, and fail-soft against fail-hard."""

import random
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN, Status, StepKind, Tree, minimax, trace_alpha_beta, worst_order
from gametree.games import (
    Kalah,
    KalahState,
    OutOfNodes,
    TranspositionTable,
    TreeGame,
    alpha_beta,
    kalah_evaluation,
    store_difference,
)
from gametree.games import minimax as game_minimax
from gametree.games.table import Bound, Entry
from gametree.games.windows import (
    MAX_WINDOW_TRACE_NODES,
    MTDF_CODE,
    PVS_CODE,
    TEST_CODE,
    TreeRecorder,
    mtdf,
    null_window_test,
    pvs,
    returned_bounds,
    trace_mtdf,
    trace_null_window,
    trace_pvs,
)
from gametree.trace import PhaseKind, listing, pseudocode

FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]

# --- random game trees where a player may move twice in a row, with ties --------

_leaf = st.integers(-6, 6)
_nested = st.recursive(_leaf, lambda kids: st.tuples(st.sampled_from([MAX, MIN]),
                                                     st.lists(kids, min_size=1, max_size=4)),
                       max_leaves=40)


def _tree(nested, scale=1) -> Tree:
    """A Tree from (player, [children]) / int nesting: each node says who moves."""
    return Tree.unfold(
        nested,
        lambda item: None if isinstance(item, int) else item[1],
        lambda item: item * scale,
        player=lambda item: MAX if isinstance(item, int) else item[0],
    )


def kalah_positions(count, seed=3, plies=8):
    """Seeded Kalah(6, 4) positions a few random moves into a game."""
    game, rng, found = Kalah(), random.Random(seed), []
    while len(found) < count:
        state = game.initial
        for _ in range(plies):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state):
            found.append(state)
    return game, found


# --- every search returns alpha-beta's value -----------------------------------------

@settings(max_examples=200, deadline=None, derandomize=True)
@given(_nested, st.integers(-8, 8))
def test_pvs_and_mtdf_find_the_minimax_value_and_alpha_betas_move(nested, guess):
    tree = _tree(nested)
    game = TreeGame(tree)
    expected = alpha_beta(game)
    assert expected.value == minimax(tree)
    for result in (pvs(game), pvs(game, strict=True), mtdf(game, guess=guess)):
        assert (result.value, result.move) == (expected.value, expected.move)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(_nested, st.sampled_from([0.5, 0.25, 1.5]), st.floats(-5, 5))
def test_fractional_scores_keep_every_search_exact(nested, scale, guess):
    """With fractional scores a window (beta - 1, beta) is no longer null,
    but fail-soft's promise still holds, so the values stay exact."""
    game = TreeGame(_tree(nested, scale))
    value = alpha_beta(game).value
    assert pvs(game).value == value
    assert mtdf(game, guess=guess).value == value


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_nested, st.integers(-8, 8))
def test_a_null_window_test_keeps_fail_softs_promise(nested, beta):
    """g >= beta means the value is at least g; g < beta means at most g."""
    game = TreeGame(_tree(nested))
    value = alpha_beta(game).value
    test = null_window_test(game, beta=beta)
    assert test.fails_high == (value >= beta)
    assert (value >= test.value) if test.fails_high else (value <= test.value)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(_nested, st.integers(-8, 8))
def test_mtdf_passes_close_in_on_the_value_from_both_sides(nested, guess):
    game = TreeGame(_tree(nested))
    value = alpha_beta(game).value
    result = mtdf(game, guess=guess)
    assert result.passes[0].beta == guess
    for before, after in zip(result.passes, result.passes[1:], strict=False):
        assert after.lower >= before.lower and after.upper <= before.upper
        assert (after.lower, after.upper) != (before.lower, before.upper)  # each pass learns
    for p in result.passes:
        assert p.lower <= value <= p.upper
        assert p.fails_high == (p.value >= p.beta) and p.alpha == p.beta - 1
    assert result.passes[-1].lower == result.passes[-1].upper == value
    assert result.stats.nodes == sum(p.stats.nodes for p in result.passes)


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_on_kalah_positions_every_search_returns_alpha_betas_value(depth):
    game, positions = kalah_positions(4, seed=depth)
    for state in positions:
        for evaluate in (store_difference, kalah_evaluation):
            expected = alpha_beta(game, state, depth=depth, evaluate=evaluate)
            results = [pvs(game, state, depth=depth, evaluate=evaluate),
                       mtdf(game, state, depth=depth, evaluate=evaluate),
                       mtdf(game, state, depth=depth, evaluate=evaluate, guess=expected.value + 3)]
            for result in results:
                assert (result.value, result.move) == (expected.value, expected.move)


def test_on_a_small_kalah_board_searched_to_the_end_every_search_agrees_with_minimax():
    game = Kalah(3, 2)
    value = game_minimax(game, memo=True).value
    assert pvs(game).value == mtdf(game).value == value
    assert mtdf(game, table=TranspositionTable()).value == value


# --- the table at a depth limit ---------------------------------------------------------

@pytest.mark.parametrize("depth", [1, 3, 5])
def test_a_table_at_a_depth_limit_changes_the_work_but_not_the_value(depth):
    game, positions = kalah_positions(3, seed=11)
    for state in positions:
        plain = alpha_beta(game, state, depth=depth, evaluate=kalah_evaluation)
        table = TranspositionTable()
        tabled = alpha_beta(game, state, depth=depth, evaluate=kalah_evaluation, table=table)
        assert (tabled.value, tabled.move) == (plain.value, plain.move)
        assert tabled.stats.nodes <= plain.stats.nodes
        assert all(isinstance(key, tuple) and 1 <= key[1] < depth + 1 for key in table.entries)


def test_table_entries_are_kept_apart_by_the_depth_left():
    table = TranspositionTable()
    table.store("s", 5, alpha=0, beta=9, depth=2)
    assert table.probe("s", 0, 9, depth=2) == (5, 0, 9)
    assert table.probe("s", 0, 9, depth=3) == (None, 0, 9)
    assert table.probe("s", 0, 9) == (None, 0, 9)
    assert table.get("s", 2) == Entry(5, Bound.EXACT) and table.get("s") is None


# --- the recorder: one alpha-beta, traced on trees --------------------------------------

def _fields(trace):
    return [(s.kind, s.node.id, s.v, s.alpha, s.beta, s.evaluated, s.value) for s in trace]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(_nested)
def test_the_game_alpha_beta_recorded_on_a_tree_is_the_tree_trace(nested):
    """The recorder's hooks in the game search make exactly the steps the
    tree's own tracing search makes: one alpha-beta, two ways to run it."""
    tree = _tree(nested)
    game = TreeGame(tree)
    recorder = TreeRecorder(game, "alpha-beta", listing(), {})
    alpha_beta(game, recorder=recorder)
    assert _fields(recorder.trace()) == _fields(trace_alpha_beta(tree))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(_nested, st.integers(-8, 8), st.booleans())
def test_traces_value_and_evaluations_are_the_searches(nested, guess, strict):
    tree = _tree(nested)
    game = TreeGame(tree)
    value = minimax(tree)
    searched = pvs(game, strict=strict)
    traced = trace_pvs(tree, strict=strict)
    assert traced.value == value and traced.evaluated == searched.stats.terminals
    assert len(traced.phases) == searched.tests - _leaf_tests(traced) + searched.researches
    searched = mtdf(game, guess=guess)
    traced = trace_mtdf(tree, guess=guess)
    assert traced.value == value and traced.evaluated == searched.stats.terminals
    assert [p.kind for p in traced.phases] == [PhaseKind.PASS] * len(searched.passes)


def _leaf_tests(trace):
    """Null-window tests of leaves (a leaf's exact score needs no phase):
    updates after a leaf child was tested (PVS_CODE's lines 8 and 12)."""
    return sum(1 for s in trace if s.kind is StepKind.UPDATE and s.child.is_leaf
               and s.lines[0] in (8, 12))


def _state_checks(trace, index, snap):
    step = trace[index]
    assert snap.evaluated == sum(trace[i].kind is StepKind.LEAF for i in range(index + 1))
    if step.kind is StepKind.PASS:
        assert set(snap.status) == {Status.UNVISITED} and snap.path == ()
    if step.kind is StepKind.ENTER:
        assert snap.status[step.node.id] is Status.ACTIVE and snap.path[-1] == step.node
    if step.kind in (StepKind.RETURN, StepKind.LEAF, StepKind.TABLE):
        assert snap.status[step.node.id] is Status.DONE and snap.v[step.node.id] == step.value
    if step.kind is StepKind.RESEARCH:
        assert snap.status[step.child.id] is Status.UNVISITED
        assert all(snap.status[n.id] is Status.UNVISITED for n in trace.tree.subtree(step.child))
    for node in snap.path:
        assert snap.status[node.id] is Status.ACTIVE
    assert [n.id for n in snap.path] == sorted(n.id for n in snap.path)  # root first, then down


@settings(max_examples=40, deadline=None, derandomize=True)
@given(_nested, st.integers(-8, 8), st.randoms(use_true_random=False))
def test_any_order_of_reading_a_revisiting_trace_gives_the_same_states(nested, guess, rng):
    tree = _tree(nested)
    for make in (lambda: trace_mtdf(tree, guess=guess), lambda: trace_pvs(tree),
                 lambda: trace_null_window(tree, beta=guess)):
        forward = make()
        states = [forward.state(i) for i in range(len(forward))]
        for i, snap in enumerate(states):
            _state_checks(forward, i, snap)
        shuffled = make()
        order = list(range(len(shuffled)))
        rng.shuffle(order)
        for i in order + order[::-1]:
            assert shuffled.state(i)[1:] == states[i][1:]
            assert shuffled.state(i).step == states[i].step


# --- what the traces say, on AIMA's tree and a small one ---------------------------------

def test_mtdf_on_aimas_tree_tests_0_then_4():
    trace = trace_mtdf(FIG52, 3)
    passes = [step for step in trace if step.kind is StepKind.PASS]
    assert [step.caption for step in passes] == [
        "MTD(f) pass 1: test with the window (-1, 0)",
        "MTD(f) pass 2: test with the window (3, 4); so far value >= 3"]
    ends = [trace[phase.end].caption for phase in trace.phases]
    assert ends == [
        "MAX node A returns v = 3 >= beta = 0: it fails high, so the value is at least 3 "
        "(now value >= 3)",
        "MAX node A returns v = 3 <= alpha = 3: it fails low, so the value is at most 3: "
        "lower bound = upper bound = 3, the value of the tree"]
    assert repr(trace) == ("<Trace of MTD(f) (alpha >= beta, fail-soft): value 3, 8 leaf "
                           "evaluations on 9 leaves, 2 passes, 37 steps>")


def test_a_pass_starts_afresh_but_keeps_the_leaves_counted():
    trace = trace_mtdf(FIG52, 3)
    second = trace.phases[1].start
    before, after = trace.state(second - 1), trace.state(second)
    assert before.status[0] is Status.DONE and set(after.status) == {Status.UNVISITED}
    assert after.evaluated == before.evaluated == 3
    assert trace.state(second - 1) == before  # undoing the pass puts everything back


def test_pvs_re_searches_a_child_that_beats_the_first():
    trace = trace_pvs([[1, 2], [5, 6], [7, 8]])
    research = next(step for step in trace if step.kind is StepKind.RESEARCH)
    assert research.caption == ("MAX node A: C's null-window test returned 5, and alpha = 1 < 5 "
                                "< beta = +∞: search C again with the window (5, +∞)")
    assert [PVS_CODE[n - 1].strip() for n in research.lines] == [
        "if alpha < r < beta:", "r = PVS(c, r, beta)"]
    test = trace.phase_at(research.index - 1)
    assert test.kind is PhaseKind.TEST and test.label == (
        "PVS: null-window test of C with (1, 2): is it > 1?")
    enter = trace[test.start]
    assert enter.caption == "MIN node C: enter with alpha = 1, beta = 2 (a null window); v = +∞"
    again = trace.phase_at(research.index)
    assert again.kind is PhaseKind.RESEARCH and (again.alpha, again.beta) == (5, inf)
    assert trace[again.end].caption == "MIN node C returns v = 5, searched again with (5, +∞)"


def test_pvs_with_the_best_child_first_needs_no_re_search_and_prunes_more():
    """Best-first order: every test fails low, cheaply."""
    best_first = [[5, 9], [3, 9], [1, 9]]  # B = 5, C = 3, D = 1
    game = TreeGame(Tree.from_nested(best_first))
    assert pvs(game).researches == 0
    assert pvs(game).stats.terminals <= alpha_beta(game).stats.terminals
    assert pvs(TreeGame(Tree.from_nested(best_first[::-1]))).researches == 2  # C and D beat B


def test_a_min_parent_tests_with_beta_minus_one():
    trace = trace_pvs(Tree.from_nested([[9, 8], [7, 6]], root=MIN))
    labels = [phase.label for phase in trace.phases]
    assert labels[0] == "PVS: null-window test of C with (8, 9): is it < 9?"


def test_a_table_answer_says_what_the_table_holds():
    """A tree where MTD(f)'s second pass is answered from the table."""
    for seed in range(50):
        rng = random.Random(seed)
        tree = Tree.from_leaves([rng.randint(0, 9) for _ in range(27)], 3)
        trace = trace_mtdf(tree, guess=5)
        answers = [step for step in trace if step.kind is StepKind.TABLE]
        if answers:
            break
    step = answers[0]
    assert step.detail.bound in ("lower", "upper", "exact")
    held = {"lower": ">=", "upper": "<=", "exact": "="}[step.detail.bound]
    assert f"the table holds {step.node.name} {held} " in step.caption
    assert step.caption.endswith(f"return {step.value} without searching {step.node.name}")
    assert trace.state(step.index).status[step.node.id] is Status.DONE
    assert [MTDF_CODE[n - 1].strip() for n in step.lines] == ["if table settles it: return that"]


def test_the_null_window_trace_tests_once():
    trace = trace_null_window(FIG52, 3, beta=3)
    assert (trace.value, trace.evaluated, len(trace.phases)) == (3, 3, 1)
    assert trace[-1].caption == ("MAX node A returns v = 3 >= beta = 3: it fails high, so the "
                                 "value is at least 3")
    assert [TEST_CODE[n - 1].strip() for n in trace[-1].lines] == [
        "return v", "if g >= beta:  # fails high", "the value is at least g"]


def test_every_step_points_into_its_own_pseudocode():
    for trace in (trace_mtdf(FIG52, 3), trace_pvs(FIG52, 3), trace_null_window(FIG52, 3, beta=9),
                  trace_pvs(FIG52, 3, strict=True)):
        assert all(step.lines and all(1 <= n <= len(trace.code) for n in step.lines)
                   for step in trace)
    assert "alpha > beta" in " ".join(trace_pvs(FIG52, 3, strict=True).code)
    assert trace_alpha_beta(FIG52, 3).code == tuple(pseudocode())


# --- fail-soft and fail-hard ----------------------------------------------------------------

@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 9), min_size=9, max_size=9), st.sampled_from([2, 3]))
def test_fail_soft_bounds_are_never_looser_than_fail_hards(leaves, branching):
    leaves = leaves[: branching ** (2 if branching == 3 else 3)]
    soft = returned_bounds(trace_alpha_beta(leaves, branching))
    hard = returned_bounds(trace_alpha_beta(leaves, branching, fail_hard=True))
    value = minimax(leaves, branching)
    assert soft.keys() == hard.keys() and soft["A"] == hard["A"] == Entry(value, Bound.EXACT)
    for name, s in soft.items():
        h = hard[name]
        assert s.bound == h.bound  # the same searches fail the same way; only the bound moves
        if s.bound is Bound.UPPER:
            assert s.value <= h.value
        elif s.bound is Bound.LOWER:
            assert s.value >= h.value
        else:
            assert s.value == h.value


def test_on_aimas_tree_fail_soft_tells_the_table_more():
    """C and D fail low: fail-soft says "at most 2", fail-hard only "at most 3".
    Probed later with the window (2, 3), only fail-soft's entry answers."""
    soft = returned_bounds(trace_alpha_beta(FIG52, 3))
    hard = returned_bounds(trace_alpha_beta(FIG52, 3, fail_hard=True))
    assert (soft["C"], hard["C"]) == (Entry(2, Bound.UPPER), Entry(3, Bound.UPPER))
    answers = []
    for found in (soft, hard):
        table = TranspositionTable()
        table.store("C", found["C"].value, alpha=3, beta=inf)
        answers.append(table.probe("C", 2, 3)[0])
    assert answers == [2, None]


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("call, error, words", [
    (lambda g: null_window_test(g, beta="3"), TypeError, r"beta must be a number, such as 0 or 3, not '3' \(str\)"),
    (lambda g: null_window_test(g, beta=True), TypeError, r"beta must be a number"),
    (lambda g: null_window_test(g, beta=inf), ValueError, r"beta must be a finite number, such as 0 or 3, not \+∞"),
    (lambda g: mtdf(g, guess=float("nan")), ValueError, r"guess must be a finite number"),
    (lambda g: mtdf(g, guess=None), TypeError, r"guess must be a number"),
    (lambda g: mtdf(g, table={}), TypeError, r"table must be a TranspositionTable"),
    (lambda g: pvs(g, strict=1), TypeError, r"strict must be True or False"),
    (lambda g: pvs(g, depth=2), TypeError, r"depth and evaluate go together"),
    (lambda g: pvs(g, max_nodes=3), OutOfNodes, r"limit of 3 positions"),
    (lambda g: mtdf(g, max_nodes=2), OutOfNodes, r"limit of 2 positions"),
    (lambda g: pvs([1, 2]), TypeError, r"expected a game"),
    (lambda g: alpha_beta(g, window=(3, 3)), ValueError, r"window \(3, 3\) is empty: alpha must be below beta"),
    (lambda g: alpha_beta(g, window=(float("nan"), 3)), ValueError, r"is empty"),
    (lambda g: alpha_beta(g, window=[2, 3]), TypeError, r"window must be a pair of numbers \(alpha, beta\)"),
    (lambda g: alpha_beta(g, window=(2, "3")), TypeError, r"window must be a pair of numbers"),
    (lambda g: alpha_beta(g, quiescence=lambda s: []), TypeError, r"quiescence searches past a depth limit"),
    (lambda g: alpha_beta(g, depth=1, evaluate=lambda s: 0, quiescence=3), TypeError,
     r"quiescence must be a function from a position to its noisy moves"),
])
def test_bad_input_is_refused_with_a_sentence(call, error, words):
    with pytest.raises(error, match=words):
        call(TreeGame(Tree.from_leaves(FIG52, 3)))


def test_window_traces_take_trees_up_to_their_limit_and_refuse_one_node_more():
    at_limit = Tree.from_nested(list(range(MAX_WINDOW_TRACE_NODES - 1)))  # a root and its leaves
    assert len(at_limit) == MAX_WINDOW_TRACE_NODES
    assert trace_pvs(at_limit).value == MAX_WINDOW_TRACE_NODES - 2
    over = Tree.from_nested(list(range(MAX_WINDOW_TRACE_NODES)))
    for make in (trace_pvs, trace_mtdf, lambda tree: trace_null_window(tree, beta=0)):
        with pytest.raises(ValueError, match=r"the tree has 10,001 nodes; these traces record at "
                                             r"most 10,000"):
            make(over)


def test_a_window_over_a_root_that_is_a_leaf():
    assert trace_mtdf([[7]]).value == 7
    assert null_window_test(TreeGame(Tree.from_nested([[7]])), beta=8).fails_high is False


def test_a_quiescence_option_off_changes_nothing():
    game, positions = kalah_positions(3, seed=5)
    for state in positions:
        plain = alpha_beta(game, state, depth=3, evaluate=store_difference)
        same = alpha_beta(game, state, depth=3, evaluate=store_difference, quiescence=None,
                          window=(-inf, inf))
        assert (plain.value, plain.move, plain.pv, plain.stats) == \
            (same.value, same.move, same.pv, same.stats)


def test_results_of_a_windowed_root_keep_the_promise_on_kalah():
    game, positions = kalah_positions(4, seed=8)
    for state in positions:
        value = alpha_beta(game, state, depth=3, evaluate=kalah_evaluation).value
        for low, high in ((value - 3, value - 1), (value - 1, value), (value, value + 1),
                          (value + 1, value + 5), (value - 2, value + 2)):
            r = alpha_beta(game, state, depth=3, evaluate=kalah_evaluation, window=(low, high)).value
            if r <= low:
                assert value <= r
            elif r >= high:
                assert value >= r
            else:
                assert value == r


def test_min_to_move_at_the_root():
    state = KalahState.from_text("1 2 0 3 / 4 5 / 2 0 1 3", MIN)
    game = Kalah(4, 2)
    expected = alpha_beta(game, state, depth=4, evaluate=store_difference)
    assert pvs(game, state, depth=4, evaluate=store_difference).value == expected.value
    assert mtdf(game, state, depth=4, evaluate=store_difference).value == expected.value



def test_notes_must_give_lines_for_every_step():
    trace = trace_pvs(FIG52, 3)
    notes = trace.notes._replace(names=trace.notes.names[:-1])
    with pytest.raises(ValueError, match=rf"the notes give lines for {len(trace) - 1} steps, but the "
                                         rf"trace has {len(trace)}"):
        type(trace)(trace.tree, trace._records, [], trace.words, notes)


def test_phase_at_names_the_innermost_phase_and_refuses_a_step_that_does_not_exist():
    trace = trace_pvs(worst_order(FIG52, 3), 3)
    research = next(step for step in trace if step.kind is StepKind.RESEARCH)
    assert trace.phase_at(research.index).kind is PhaseKind.RESEARCH
    assert trace.phase_at(research.index + 1).kind is PhaseKind.RESEARCH  # D's ENTER, inside it
    assert trace.phase_at(0) is None and trace_alpha_beta(FIG52, 3).phase_at(0) is None
    with pytest.raises(IndexError):
        trace.phase_at(len(trace))
