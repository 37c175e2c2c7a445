"""The tracing alpha-beta: steps, captions and the state of every node."""

import dataclasses

import pytest

import gametree
from gametree import MAX, MIN, Status, StepKind, Tree, trace_alpha_beta
from gametree.trace import pseudocode


def test_summary_matches_the_statement(fig52_trace):
    assert (fig52_trace.value, fig52_trace.evaluated) == (3, 7)
    assert fig52_trace.evaluated_leaves == (0, 1, 2, 3, 6, 7, 8)
    assert fig52_trace.pruned_leaves == [4, 5]


def test_cutoff_caption_in_textbook_words(fig52_trace):
    (cutoff,) = fig52_trace.cutoffs
    assert cutoff.caption == "MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)"
    assert [n.name for n in cutoff.pruned] == ["I", "J"]


def test_update_steps_carry_values_before_and_after(fig52_trace):
    # The root's first update: v = max(-inf, 3) = 3 and alpha = max(-inf, 3) = 3.
    update = next(s for s in fig52_trace if s.kind is StepKind.UPDATE and s.node.name == "A")
    assert update.before.v == float("-inf") and update.before.alpha == float("-inf")
    assert (update.v, update.alpha, update.child.name, update.value) == (3, 3, "B", 3)
    assert update.caption == "MAX node A: v = max(-inf, 3) = 3, alpha = max(-inf, 3) = 3"


def test_every_internal_visit_is_bracketed_by_enter_and_return(fig52_trace):
    stack = []
    for step in fig52_trace:
        if step.kind is StepKind.ENTER:
            stack.append(step.node)
        elif step.kind is StepKind.RETURN:
            assert stack.pop() == step.node
        elif step.kind in (StepKind.UPDATE, StepKind.CUTOFF):
            assert stack[-1] == step.node
    assert stack == []
    assert fig52_trace[-1].caption == "MAX node A returns v = 3: the value of the tree"


def test_children_see_the_parents_window(fig52_trace):
    enter_c = next(s for s in fig52_trace if s.kind is StepKind.ENTER and s.node.name == "C")
    assert (enter_c.alpha, enter_c.beta) == (3, float("inf"))


def test_steps_are_immutable(fig52_trace):
    with pytest.raises(AttributeError):
        fig52_trace[0].v = 7
    with pytest.raises(TypeError):
        fig52_trace.steps[0] = None
    with pytest.raises(dataclasses.FrozenInstanceError):
        fig52_trace[0].node.name = "Z"


def test_step_indices_and_leaf_counts_run_in_order(fig52_trace):
    assert [s.index for s in fig52_trace] == list(range(len(fig52_trace)))
    counts = [s.evaluated for s in fig52_trace]
    assert counts == sorted(counts) and counts[-1] == 7


def test_state_before_the_cutoff_and_after_it(fig52_trace):
    cutoff = fig52_trace.cutoffs[0].index
    before = fig52_trace.state(cutoff - 1)
    after = fig52_trace.state(cutoff)
    tree = fig52_trace.tree
    i, j = tree["I"].id, tree["J"].id
    assert before.status[i] is Status.UNVISITED and after.status[i] is Status.PRUNED
    assert after.status[j] is Status.PRUNED
    assert [n.name for n in after.path] == ["A", "C"]
    assert after.status[tree["A"].id] is Status.ACTIVE
    assert after.status[tree["B"].id] is Status.DONE and after.v[tree["B"].id] == 3
    assert (after.alpha[tree["C"].id], after.beta[tree["C"].id]) == (3, 2)
    assert after.evaluated == 4


def test_final_state_has_every_node_done_or_pruned(fig52_trace):
    final = fig52_trace.state(-1)
    assert set(final.status) == {Status.DONE, Status.PRUNED}
    assert final.v[0] == 3 and final.path == ()


def test_state_is_the_same_whatever_order_it_is_asked_in():
    trace = trace_alpha_beta(gametree.random_tree(3, 4, seed=4))
    fresh = gametree.trace_alpha_beta(trace.tree)
    order = [len(trace) - 1, 3, 200, 64, 63, 65, 0, 129, 128]
    for index in order:
        assert trace.state(index) == fresh.state(index)
    assert [trace.state(i) for i in range(len(trace))] == [
        fresh.state(i) for i in range(len(fresh))
    ]


@pytest.mark.parametrize("index", [26, -27, -1000, 10**400])
def test_state_index_errors_name_the_index_given_and_the_steps_that_exist(fig52_trace, index):
    # The index is named as typed: -1000, never -974 (its distance from the end).
    with pytest.raises(IndexError) as info:
        fig52_trace.state(index)
    message = str(info.value)
    assert "steps 0 to 25 (or -26 to -1 from the end)" in message
    assert message.startswith(f"step {index if index < 10**30 else 'a whole number of 401 digits'} ")
    with pytest.raises(IndexError, match="step -1000 does not exist"):
        fig52_trace[-1000]


@pytest.mark.parametrize("index", ["3", 2.0, True, None])
def test_a_step_index_that_is_not_a_whole_number_is_a_type_error(fig52_trace, index):
    with pytest.raises(TypeError, match="step index must be a whole number"):
        fig52_trace.state(index)
    with pytest.raises(TypeError, match="step index must be a whole number"):
        fig52_trace[index]


def test_the_last_and_first_steps_count_from_either_end(fig52_trace):
    assert fig52_trace.state(-26) == fig52_trace.state(0)
    assert fig52_trace.state(25) == fig52_trace.state(-1)


def test_strict_rule_does_not_cut_on_a_tie():
    # After B returns 3, alpha = 3; C's first leaf 3 gives beta = 3: a tie.
    tree = [[3, 4], [3, 1]]
    default = trace_alpha_beta(tree)
    strict = trace_alpha_beta(tree, strict=True)
    assert default.value == strict.value == 3
    assert default.evaluated_leaves == (0, 1, 2)
    assert strict.evaluated_leaves == (0, 1, 2, 3)
    assert default.cutoffs[0].caption == "MIN node C: alpha = 3 >= beta = 3, prune 1 child (leaf 1)"
    assert strict.cutoffs == []


def test_strict_cutoff_caption_uses_strict_comparison():
    strict = trace_alpha_beta([[3, 4], [2, 1]], strict=True)
    assert strict.cutoffs[0].caption == "MIN node C: alpha = 3 > beta = 2, prune 1 child (leaf 1)"


def test_pruned_subtrees_are_named_and_everything_under_them_is_pruned():
    trace = trace_alpha_beta([[[5, 6], [7, 8]], [[1, 2], [9, 9]]])
    # B = min(max(5, 6), max(7, 8)) = 6 sets alpha = 6 at A; C's first child F
    # returns max(1, 2) = 2 <= 6, so C prunes its second child G = [9, 9].
    cutoff = trace.cutoffs[-1]
    assert cutoff.caption.endswith("(subtree G)")
    final = trace.state(-1)
    under = [n.name for n in trace.tree.subtree(trace.tree["G"])]
    assert all(final.status[trace.tree[name].id] is Status.PRUNED for name in under)


def test_players_come_from_the_nodes_not_the_depth():
    # MAX moves twice in a row: at A and again at B.
    positions = {"s": ["a", "b"], "a": ["a1", "a2"], "b": ["b1", "b2"]}
    scores = {"a1": 1, "a2": 4, "b1": 2, "b2": 3}
    turn = {"s": MAX, "a": MAX, "b": MIN}
    tree = Tree.unfold("s", positions.get, scores.get, player=lambda p: turn.get(p, MIN))
    trace = trace_alpha_beta(tree)
    assert trace.value == gametree.minimax(tree) == 4
    assert "MAX node B: v = max(-inf, 1) = 1, alpha = max(-inf, 1) = 1" in trace.captions


def test_uneven_tree_traces_to_the_minimax_value():
    tree = [[3, [1, 7]], [5], [[2, 8], 4]]
    trace = trace_alpha_beta(tree)
    assert trace.value == gametree.minimax(tree) == 5


def test_lone_leaf():
    trace = trace_alpha_beta([7], 2)
    assert (trace.value, trace.evaluated, len(trace)) == (7, 1, 1)
    assert trace[0].kind is StepKind.LEAF


def test_pseudocode_lines_point_at_what_the_step_does(fig52_trace):
    code = pseudocode()
    for step in fig52_trace:
        text = " ".join(code[line - 1] for line in step.lines)
        expected = {
            StepKind.LEAF: "leaf", StepKind.ENTER: "v =", StepKind.UPDATE: "ALPHA-BETA(c",
            StepKind.CUTOFF: "prune", StepKind.RETURN: "return v",
        }[step.kind]
        assert expected in text
        if step.kind in (StepKind.UPDATE, StepKind.ENTER):
            assert ("max" in text or "-inf" in text) == (step.node.player is MAX)
    assert "alpha > beta" in " ".join(pseudocode(strict=True))
    assert "alpha >= beta" in " ".join(pseudocode())


def test_repr_summarises(fig52_trace):
    assert repr(fig52_trace) == (
        "<Trace of alpha-beta (alpha >= beta, fail-soft): value 3, 7 of 9 leaves evaluated, "
        "26 steps>"
    )
    assert repr(fig52_trace[13]).startswith("<Step 13: MIN node C: alpha = 3 >= beta = 2")
