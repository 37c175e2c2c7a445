"""The tracing alpha-beta: steps, captions and the state of every node."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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
    assert update.caption == "MAX node A: v = max(−∞, 3) = 3, alpha = max(−∞, 3) = 3"


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
    assert "MAX node B: v = max(−∞, 1) = 1, alpha = max(−∞, 1) = 1" in trace.captions


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
            assert ("max" in text or "−∞" in text) == (step.node.player is MAX)
    assert "alpha > beta" in " ".join(pseudocode(strict=True))
    assert "alpha >= beta" in " ".join(pseudocode())


def test_repr_summarises(fig52_trace):
    assert repr(fig52_trace) == (
        "<Trace of alpha-beta (alpha >= beta, fail-soft): value 3, 7 of 9 leaves evaluated, "
        "26 steps>"
    )
    assert repr(fig52_trace[13]).startswith("<Step 13: MIN node C: alpha = 3 >= beta = 2")


# --- fail-hard beside fail-soft -------------------------------------------------------


def test_fail_hard_returns_v_clamped_into_the_window(fig52):
    # C is entered with alpha = 3 and finds H = 2: fail-soft returns v = 2 (a
    # bound below alpha), fail-hard returns max(alpha, beta) = max(3, 2) = 3.
    soft = trace_alpha_beta(*fig52)
    hard = trace_alpha_beta(*fig52, fail_hard=True)
    c_soft, c_hard = (next(s for s in t if s.kind is StepKind.RETURN and s.node.name == "C")
                      for t in (soft, hard))
    assert (c_soft.v, c_soft.value) == (2, 2)
    assert (c_hard.v, c_hard.value) == (2, 3)
    assert c_soft.caption == "MIN node C returns v = 2"
    assert c_hard.caption == ("MIN node C returns max(alpha, beta) = max(3, 2) = 3 "
                              "(fail-hard, v = 2 clamped into the window)")
    assert hard[-1].caption == ("MAX node A returns min(alpha, beta) = min(3, +∞) = 3: the value "
                                "of the tree (fail-hard)")
    assert repr(hard).startswith("<Trace of alpha-beta (alpha >= beta, fail-hard): value 3")
    assert "return min(alpha, beta)  # fail-hard" in pseudocode(fail_hard=True)[8]


def returned_values(trace):
    """Each internal node's returned value and the window it was entered with."""
    entered = {s.node.id: (s.alpha, s.beta) for s in trace if s.kind is StepKind.ENTER}
    return {s.node.id: (s.value, entered[s.node.id]) for s in trace if s.kind is StepKind.RETURN}


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 4).flatmap(lambda b: st.tuples(
    st.just(b), st.lists(st.integers(-3, 3), min_size=b**3, max_size=b**3))))
def test_fail_hard_and_fail_soft_agree_at_the_root_and_on_the_leaves(tree):
    """Same root value, same leaves evaluated, and each fail-hard value is
    the fail-soft one clamped into the window the node was given."""
    branching, leaves = tree
    soft = trace_alpha_beta(leaves, branching)
    hard = trace_alpha_beta(leaves, branching, fail_hard=True)
    assert hard.value == soft.value == gametree.minimax(leaves, branching)
    assert hard.evaluated_leaves == soft.evaluated_leaves
    hard_values = returned_values(hard)
    for node, (value, (alpha, beta)) in returned_values(soft).items():
        assert hard_values[node] == (max(alpha, min(value, beta)), (alpha, beta))


def test_fail_hard_needs_the_ties_rule_and_a_bool():
    with pytest.raises(ValueError, match="fail_hard=True needs the alpha >= beta rule"):
        trace_alpha_beta([[3, 4], [3, 1]], strict=True, fail_hard=True)
    with pytest.raises(TypeError, match="fail_hard must be True or False"):
        trace_alpha_beta([[3, 4], [3, 1]], fail_hard=1)


# --- the state at any step, read in any order --------------------------------------------


def replayed(trace, index):
    """The state after step ``index``, replayed from the start with the
    steps' own fields: independent of how Trace.state gets there."""
    n = len(trace.tree)
    status, v, alpha, beta, path, evaluated = [Status.UNVISITED] * n, [None] * n, [None] * n, \
        [None] * n, [], 0
    for step in trace.steps[: index + 1]:
        i = step.node.id
        if step.kind is StepKind.LEAF:
            status[i], v[i], evaluated = Status.DONE, step.v, evaluated + 1
        elif step.kind is StepKind.ENTER:
            status[i], v[i], alpha[i], beta[i] = Status.ACTIVE, step.v, step.alpha, step.beta
            path.append(step.node)
        elif step.kind is StepKind.UPDATE:
            v[i], alpha[i], beta[i] = step.v, step.alpha, step.beta
        elif step.kind is StepKind.CUTOFF:
            for child in step.pruned:
                for below in trace.tree.subtree(child):
                    status[below.id] = Status.PRUNED
        else:
            status[i] = Status.DONE
            path.pop()
    return tuple(status), tuple(v), tuple(alpha), tuple(beta), tuple(path), evaluated


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 4), (3, 3), (2, 5)]), st.booleans(),
       st.data())
def test_any_order_of_reading_gives_the_replayed_state(seed, shape, strict, data):
    """Forward, backward, jumps, the end and the start: every state read
    equals the one replayed from scratch."""
    trace = trace_alpha_beta(gametree.random_tree(*shape, seed=seed, high=4), strict=strict)
    order = data.draw(st.lists(st.integers(-len(trace), len(trace) - 1), min_size=1,
                               max_size=25))
    for index in order:
        state = trace.state(index)
        assert state[1:] == replayed(trace, index % len(trace))
        assert state.step == trace[index]


def test_stepping_back_undoes_a_cutoff(fig52_trace):
    cutoff = fig52_trace.cutoffs[0].index
    after, before = fig52_trace.state(cutoff), fig52_trace.state(cutoff - 1)
    i = fig52_trace.tree["I"].id
    assert (after.status[i], before.status[i]) == (Status.PRUNED, Status.UNVISITED)
    assert before[1:] == replayed(fig52_trace, cutoff - 1)


def test_reading_every_state_keeps_memory_linear_in_the_tree():
    """One working state and the final one are kept, never a copy per step:
    after reading every state of a 2**8-leaf trace, the trace holds well
    under 200 bytes per node more than after reading one.  (Reading every
    state costs steps × nodes; a copy of the state kept per step, or per
    any 25 steps, is over 200 bytes a node at any size, so a small tree does.)"""
    import gc
    import tracemalloc

    trace = trace_alpha_beta(gametree.worst_order(gametree.random_leaves(2, 8, seed=3), 2), 2)
    _ = trace.tree.nodes  # the tree makes its Node objects once; not the trace's memory
    tracemalloc.start()
    try:
        trace.state(0)
        gc.collect()
        one = tracemalloc.get_traced_memory()[0]
        for index in range(len(trace)):
            trace.state(index)
        for index in range(len(trace) - 1, -1, -1):
            trace.state(index)
        gc.collect()
        every = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(trace) > 3 * len(trace.tree) // 2  # enough steps for copies to show
    assert every - one < 200 * len(trace.tree)


def test_steps_are_made_when_read_with_every_field(fig52_trace):
    first, again = fig52_trace[13], fig52_trace.steps[13]
    assert first == again and first is not again  # not kept: made each time
    assert fig52_trace.steps[-1] == fig52_trace[len(fig52_trace) - 1]
    assert [s.index for s in fig52_trace.steps[2:5]] == [2, 3, 4]


# --- small and odd trees ---------------------------------------------------------------------


def test_a_one_leaf_trace_reports_one_leaf_evaluated():
    trace = trace_alpha_beta([7], 2)
    assert trace[0].evaluated == trace.state(0).evaluated == trace.state(-1).evaluated == 1
    assert trace[0].caption == "Leaf A: evaluate, score 7 (1 evaluated so far)"
    assert trace.state(0).status == (Status.DONE,) and trace.state(0).path == ()


@pytest.mark.parametrize("nested, names", [([[1]], "ABC"), ([[[5]]], "ABCD"), ([[1], [2, 3]], "ABCDEF")])
def test_single_child_chains_search_and_step_like_any_tree(nested, names):
    trace = trace_alpha_beta(nested)
    assert trace.value == gametree.minimax(nested)
    assert [n.name for n in trace.tree] == list(names)
    for index in range(len(trace)):  # every state can be read, both ways
        assert trace.state(index)[1:] == replayed(trace, index)
    assert trace.state(-1).status == (Status.DONE,) * len(names)
    assert gametree.knuth_moore_minimum(1, trace.tree.depth) == 1


def test_the_largest_traceable_tree_is_traced_and_one_node_more_is_refused(monkeypatch):
    # At the limit: a root over 2**21 - 1 leaves is exactly MAX_TRACE_NODES nodes.
    limit = gametree.trace.MAX_TRACE_NODES
    trace = trace_alpha_beta([0] * (limit - 1), limit - 1)
    assert len(trace.tree) == limit and trace.evaluated == limit - 1
    with pytest.raises(ValueError, match="the tree has 2,097,153 nodes; trace_alpha_beta "
                                         "records at most 2,097,152"):
        trace_alpha_beta([0] * limit, limit)


def test_a_step_keeps_what_every_search_needs_and_its_search_says_the_rest(fig52_trace):
    """Step's fields are the ones every traced search fills; captions and
    line numbers come from the search's words, which every step of a trace shares."""
    from gametree.trace import AlphaBetaWords, Step

    assert Step._fields == ("index", "kind", "node", "v", "alpha", "beta", "evaluated", "words",
                            "child", "value", "before", "pruned", "detail")
    assert isinstance(fig52_trace.words, AlphaBetaWords)
    for step in fig52_trace:
        assert step.words is fig52_trace.words and step.detail is None and step.phase is None
        assert step.caption == fig52_trace.words.caption(step)
        assert step.lines == fig52_trace.listing.numbers(step.line_names)
