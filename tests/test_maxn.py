"""Max^n: utility vectors, one component per player (issue 21).

The facts checked here: the node at depth k belongs to player k mod n,
who takes the child whose vector is largest in its own component, the
leftmost on ties (AIMA 4e, Figure 5.4, value (1, 2, 6)); with two players
whose utilities add up to a constant it is minimax; the traced search
agrees with a brute-force recursion written here; Korf's shallow pruning
keeps the value and never evaluates more leaves.
"""

import functools
import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import StepKind, minimax
from gametree.vectors import (
    MAX_PLAYERS_MAXN,
    as_maxn_tree,
    maxn,
    maxn_pseudocode,
    maxn_values,
    trace_maxn,
    vector_text,
)

FIGURE_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
              [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
"""AIMA 4e Figure 5.4: A (player 1), B and C (player 2), D to G (player 3)."""


def brute(nested, n, depth=0):
    """max^n by its definition: the leftmost child vector with the largest
    component depth mod n."""
    if isinstance(nested, tuple):
        return nested
    values = [brute(child, n, depth + 1) for child in nested]
    i = depth % n
    return next(v for v in values if v[i] == max(u[i] for u in values))


@functools.cache  # one strategy object per shape: Hypothesis works out a new one's properties afresh
def vector_trees(n, depth, low=-5, high=5):
    """Nested lists with leaves of n small utilities, depth at most ``depth``."""
    leaves = st.tuples(*[st.integers(low, high)] * n)
    if depth == 0:
        return leaves
    return st.one_of(leaves, st.lists(vector_trees(n, depth - 1, low, high), min_size=1, max_size=3))


games = st.integers(2, 4).flatmap(lambda n: vector_trees(n, 4))


def test_aima_figure_5_4():
    assert maxn(FIGURE_5_4) == (1, 2, 6)
    values = maxn_values(FIGURE_5_4)
    # B and C (player 2) back up (1, 2, 6) and (1, 5, 2); D to G (player 3)
    # take 6 over 3, 2 over 1, 2 over 1 and 5 over 1.
    assert values[:7] == [(1, 2, 6), (1, 2, 6), (1, 5, 2), (1, 2, 6), (6, 1, 2), (1, 5, 2), (5, 4, 5)]


def test_ties_keep_the_leftmost_child():
    # Player 1 at A: 1 and 1 tie between B and C, so B's vector.
    assert maxn([[(1, 9)], [(1, 0)]]) == (1, 9)
    assert maxn([[(1, 0)], [(1, 9)]]) == (1, 0)


def test_the_node_at_depth_k_belongs_to_player_k_mod_n():
    game = as_maxn_tree([[[(1, 2), (3, 4)]], [(5, 6)]])
    assert [node.agent for node in game.tree if not node.is_leaf] == [
        "player 1", "player 2", "player 2", "player 1"]
    assert [game.mover(node.id) for node in game.tree] == [node.depth % 2 for node in game.tree]


def test_two_players_with_a_constant_sum_is_minimax():
    scores = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    vectors = [[(s, 20 - s) for s in row] for row in scores]
    assert maxn(vectors) == (3, 17) and minimax(scores) == 3


def test_players_defaults_to_the_vectors_length_and_must_match_it():
    assert as_maxn_tree([[(1, 2, 3)]]).players == 3
    assert maxn([[(1, 2, 3)]], players=3) == (1, 2, 3)
    with pytest.raises(ValueError, match="but players=2"):
        maxn([[(1, 2, 3)]], players=2)


@pytest.mark.parametrize(("tree", "error", "words"), [
    ([[(1, 2), 3]], ValueError, r"position \[0, 1\] is 3, a number; in max\^n every leaf is a tuple"),
    ([[(1, 2), (1, 2, 3)]], ValueError, "3 utilities, but the first leaf has 2"),
    ([(1,)], ValueError, "a vector of 1 utility"),
    ([[]], ValueError, r"position \[0\] is an empty list"),
    ([[(1, None)]], TypeError, "utility 2 of the item"),
    ("[(1, 2)]", TypeError, "the tree is a string"),
    ([{1: 2}], TypeError, "a max.n tree is nested lists"),
])
def test_bad_trees_get_a_sentence(tree, error, words):
    with pytest.raises(error, match=words):
        maxn(tree)


def test_vectors_may_have_as_many_utilities_as_the_limit_and_no_more():
    assert len(maxn([(0,) * MAX_PLAYERS_MAXN])) == MAX_PLAYERS_MAXN
    with pytest.raises(ValueError, match=f"2 to {MAX_PLAYERS_MAXN} players"):
        maxn([(0,) * (MAX_PLAYERS_MAXN + 1)])
    with pytest.raises(ValueError, match="players must be at most"):
        maxn([(0, 0)], players=MAX_PLAYERS_MAXN + 1)


def test_a_tree_deeper_than_the_limit_is_refused_before_any_search():
    deep: object = (1, 2)
    for _ in range(200):
        deep = [deep]
    assert maxn(deep) == (1, 2)  # 200 levels: the limit itself
    with pytest.raises(ValueError, match="deeper than 200 levels"):
        maxn([deep])


def test_trace_maxn_records_at_most_max_trace_nodes(monkeypatch):
    # the module itself (gametree.vectors), whose limit trace_maxn reads at each call
    module = importlib.import_module("gametree.vectors")
    monkeypatch.setattr(module, "MAX_TRACE_NODES", 7)
    assert trace_maxn([[(1, 2), (3, 4)], [(5, 6), (7, 8)]]).evaluated == 4  # 7 nodes
    with pytest.raises(ValueError, match="trace_maxn records at most 7"):
        trace_maxn([[(1, 2), (3, 4)], [(5, 6), (7, 8), (9, 0)]])


def test_captions_say_who_picks_what_and_why():
    trace = trace_maxn([[(4, 3, 1), (1, 5, 2), (9, 5, 0)], [(2, 2, 2)]])
    updates = [step.caption for step in trace if step.kind is StepKind.UPDATE]
    assert updates == [
        "player 2 at B picks (4, 3, 1): the first child, D",
        "player 2 at B picks (1, 5, 2): 5 > 3",
        "player 2 at B keeps (1, 5, 2): 5 is not > 5 (a tie keeps the leftmost)",
        "player 1 at A picks (1, 5, 2): the first child, B",
        "player 2 at C picks (2, 2, 2): the first child, G",
        "player 1 at A picks (2, 2, 2): 2 > 1",
    ]
    assert trace[-1].caption == "player 1 at A returns (2, 2, 2): the value of the tree"
    assert trace[2].caption == "Leaf D: its utilities are (4, 3, 1)"


def test_steps_point_into_the_pseudocode_and_are_immutable():
    trace = trace_maxn(FIGURE_5_4)
    code = trace.code
    for step in trace:
        assert step.lines and all(1 <= line <= len(code) for line in step.lines)
    update = next(step for step in trace if step.kind is StepKind.UPDATE)
    assert "u[i] > best[i]" in code[update.lines[-1] - 1]
    with pytest.raises(AttributeError):
        update.v = (0, 0, 0)
    assert maxn_pseudocode(True)[7].strip() == "if S - best[i] <= bound: prune the other children; break"


def test_the_state_at_a_step_holds_each_nodes_best_vector_so_far():
    trace = trace_maxn(FIGURE_5_4)
    final = trace.state(-1)
    assert list(final.v) == maxn_values(FIGURE_5_4)
    assert trace.state(0).v[0] is None


def test_shallow_pruning_cuts_when_the_player_above_cannot_gain():
    tree = [[(6, 2, 2), (1, 1, 8)], [(1, 8, 1), (7, 2, 1)]]
    trace = trace_maxn(tree, total=10)
    assert trace.value == (6, 2, 2) and trace.evaluated_leaves == (0, 1, 2)
    assert trace.cutoffs[0].caption == ("player 2 at C: the player above gets at most 10 - 8 = 2 "
                                        "here, no more than the 6 it has; prune 1 child (leaf G)")
    assert trace_maxn(tree).evaluated == 4  # without the bound nothing is pruned


def test_shallow_pruning_refuses_a_leaf_that_breaks_the_bound():
    with pytest.raises(ValueError, match=r"leaf C is \(6, 5\); shallow pruning with total=10"):
        trace_maxn([[(6, 5)]], total=10)
    with pytest.raises(ValueError, match=r"leaf C is \(-1, 5\)"):
        trace_maxn([[(-1, 5)]], total=10)
    assert trace_maxn([[(6, 4)]], total=10).value == (6, 4)  # exactly the total is allowed


def test_vector_text():
    assert vector_text((1, 2.5, -3.0)) == "(1, 2.5, -3)"


@settings(max_examples=150, deadline=None)
@given(tree=games)
def test_maxn_and_its_trace_agree_with_the_recursion(tree):
    n = len(as_maxn_tree(tree).vectors[0])
    expected = brute(tree, n)
    assert maxn(tree) == expected
    trace = trace_maxn(tree)
    assert trace.value == expected and trace.evaluated == trace.tree.leaf_count
    values = maxn_values(tree)
    game = as_maxn_tree(tree)
    assert values == [brute(_subtree(tree, game, node), n, node.depth) for node in game.tree]


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 4), data=st.data())
def test_shallow_pruning_keeps_the_value_and_never_evaluates_more(n, data):
    tree = data.draw(vector_trees(n, 4, low=0, high=3))
    total = 3 * n
    full, shallow = trace_maxn(tree), trace_maxn(tree, total=total)
    assert shallow.value == full.value == brute(tree, n)
    assert set(shallow.evaluated_leaves) <= set(full.evaluated_leaves)


def _subtree(tree, game, node):
    """The nested lists under ``node``, found by its path of child positions."""
    line = game.tree.path(node)
    for above, below in zip(line, line[1:], strict=False):
        tree = tree[above.children.index(below.id)]
    return tree


def test_random_max_n_trees_are_seeded_and_bounded():
    from gametree.vectors import MAX_MAXN_LEAVES, random_maxn_tree

    made = random_maxn_tree(3, 2, 3, seed=8)
    assert made.to_nested() == random_maxn_tree(3, 2, 3, seed=8).to_nested()
    assert made.players == 3 and len(made.vectors) == 8
    assert all(0 <= x <= 9 for vector in made.vectors for x in vector)
    sums = random_maxn_tree(4, 3, 2, seed=8, total=12)
    assert {sum(vector) for vector in sums.vectors} == {12}
    assert min(x for vector in sums.vectors for x in vector) >= 0
    assert len(random_maxn_tree(2, 2, 12, seed=1).vectors) == MAX_MAXN_LEAVES  # the limit
    with pytest.raises(ValueError, match="more than 4,096 leaves"):
        random_maxn_tree(2, 2, 13, seed=1)
    with pytest.raises(ValueError, match="low must be at most high"):
        random_maxn_tree(3, 2, 2, seed=1, low=5, high=4)
