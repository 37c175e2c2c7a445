"""alpha_beta and minimax: the problem statement's contract, examples and limits."""

import math
import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import alpha_beta, minimax
from gametree.checks import MAX_SCORE


def reference_minimax(leaves, branching):
    """Minimax by repeated grouping, bottom up: independent of the package."""
    level = list(leaves)
    depth = round(math.log(len(level), branching)) if len(level) > 1 else 0
    for height in range(depth, 0, -1):
        pick = max if (height - 1) % 2 == 0 else min  # depth height-1 is MAX when even
        level = [pick(level[i : i + branching]) for i in range(0, len(level), branching)]
    return level[0]


@st.composite
def tree_shapes(draw, max_leaves=729):
    """(branching, depth) of a complete tree of at most max_leaves leaves."""
    branching = draw(st.integers(2, 5))
    depth = draw(st.integers(0, 6))
    while branching**depth > max_leaves:
        depth -= 1
    return branching, depth


@st.composite
def complete_trees(draw, max_leaves=729, low=-5, high=5):
    """(leaves, branching) with scores low..high (by default a small range, so ties are common).

    The scores are read from one drawn byte string (one or two bytes a leaf), not
    drawn one by one: Hypothesis spends far longer drawing 729 integers than
    alpha-beta spends searching them, and the trees are the same shapes and scores."""
    branching, depth = draw(tree_shapes(max_leaves))
    width = 1 if high - low < 256 else 2
    raw = draw(st.binary(min_size=width * branching**depth, max_size=width * branching**depth))
    span = high - low + 1
    leaves = [int.from_bytes(raw[i : i + width], "big") % span + low for i in range(0, len(raw), width)]
    return leaves, branching


# --- the statement's examples ---------------------------------------------------


def test_first_example_prunes_two_leaves(fig52):
    assert alpha_beta(*fig52) == [3, 7]


def test_second_example_evaluates_all_four_leaves():
    assert alpha_beta([5, 6, 7, 4], 2) == [5, 4]


def test_alpha_beta_returns_a_list():
    result = alpha_beta([5, 6, 7, 4], 2)
    assert type(result) is list and len(result) == 2


@pytest.mark.parametrize(
    "leaves, branching, value",
    [([3, 5, 2, 9, 12, 5, 23, 23], 2, 12), ([3, 5, 2, 9], 2, 3)],
)
def test_minimax_examples(leaves, branching, value):
    assert minimax(leaves, branching) == value


def test_minimax_accepts_nested_lists_with_uneven_branching():
    # MAX over MIN(3, MAX(1, 7)) = 3 and MIN(5) = 5: MAX picks 5.
    assert minimax([[3, [1, 7]], [5]]) == 5


def test_single_leaf_tree_is_its_own_value():
    assert alpha_beta([7], 3) == [7, 1]
    assert minimax([7], 3) == 7


def test_returned_value_is_the_leaf_object_itself():
    value, _ = alpha_beta([1.5, 2.5, 0.5, 4.0], 2)
    assert value == 1.5 and isinstance(value, float)


# --- the statement's limits -------------------------------------------------------


@pytest.mark.parametrize("branching, depth", [(2, 8), (3, 8), (4, 6), (5, 5), (2, 13)])
def test_largest_statement_shapes_match_minimax(branching, depth):
    leaves = gametree.random_leaves(branching, depth, seed=branching * 10 + depth, low=-1000, high=1000)
    value, evaluated = alpha_beta(leaves, branching)
    assert value == reference_minimax(leaves, branching)
    assert gametree.knuth_moore_minimum(branching, depth) <= evaluated <= branching**depth


def test_deep_binary_tree_has_no_recursion_error():
    leaves = gametree.random_leaves(2, 18, seed=18, low=-1000, high=1000)
    value, evaluated = alpha_beta(leaves, 2)
    assert value == reference_minimax(leaves, 2)
    assert evaluated < len(leaves)


# --- properties ------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(complete_trees())
def test_alpha_beta_value_equals_minimax(tree):
    leaves, branching = tree
    assert alpha_beta(leaves, branching)[0] == reference_minimax(leaves, branching)
    assert minimax(leaves, branching) == reference_minimax(leaves, branching)


@settings(max_examples=300, deadline=None)
@given(complete_trees())
def test_evaluated_is_between_knuth_moore_and_all_leaves(tree):
    leaves, branching = tree
    depth = round(math.log(len(leaves), branching)) if len(leaves) > 1 else 0
    evaluated = alpha_beta(leaves, branching)[1]
    assert gametree.knuth_moore_minimum(branching, depth) <= evaluated <= len(leaves)


@settings(max_examples=200, deadline=None)
@given(complete_trees(), st.booleans())
def test_trace_agrees_with_alpha_beta(tree, strict):
    leaves, branching = tree
    trace = gametree.trace_alpha_beta(leaves, branching, strict=strict)
    assert trace.value == reference_minimax(leaves, branching)
    if not strict:
        assert [trace.value, trace.evaluated] == alpha_beta(leaves, branching)
        assert list(trace.evaluated_leaves) == evaluated_leaves_of(leaves, branching)


def evaluated_leaves_of(leaves, branching):
    """Which leaves alpha_beta reads, found by handing it a list that records reads."""

    class Recording(list):
        def __getitem__(self, index):
            read.append(index)
            return list.__getitem__(self, index)

    read = []
    # alpha_beta copies what it is given into a plain list; skip that copy
    # so the recording list is the one the search reads.
    with mock.patch.object(gametree.search, "check_leaves", lambda leaves: leaves):
        alpha_beta(Recording(leaves), branching)
    return read


@settings(max_examples=200, deadline=None)
@given(complete_trees())
def test_strict_rule_never_evaluates_fewer_leaves(tree):
    leaves, branching = tree
    default = gametree.trace_alpha_beta(leaves, branching)
    strict = gametree.trace_alpha_beta(leaves, branching, strict=True)
    assert strict.evaluated >= default.evaluated
    assert set(default.evaluated_leaves) <= set(strict.evaluated_leaves)


@settings(max_examples=200, deadline=None)
@given(tree_shapes(), st.integers(0, 2**32 - 1))
def test_best_order_reaches_knuth_moore_minimum_when_leaves_differ(shape, seed):
    # A random.Random seeded by Hypothesis, so a failure replays: Hypothesis's own
    # st.randoms() would draw each of 729 samples as a choice.
    branching, depth = shape
    leaves = random.Random(seed).sample(range(-1000, 1001), branching**depth)  # distinct scores
    best = gametree.best_order(leaves, branching)
    assert sorted(best) == sorted(leaves)
    assert alpha_beta(best, branching) == [minimax(leaves, branching),
                                           gametree.knuth_moore_minimum(branching, depth)]


@settings(max_examples=100, deadline=None)
@given(complete_trees(low=-1000, high=1000))
def test_worst_order_keeps_the_value_and_prunes_least(tree):
    leaves, branching = tree
    worst = gametree.worst_order(leaves, branching)
    best = gametree.best_order(leaves, branching)
    assert minimax(worst, branching) == minimax(leaves, branching)
    assert alpha_beta(worst, branching)[1] >= alpha_beta(best, branching)[1]


# --- the fast path's savings change nothing (gametree/search.py) ---------------------------


def test_a_tree_of_equal_leaves_cuts_at_the_first_tie():
    """All leaves 0: each MIN node's first leaf gives beta = 0 = alpha after the first
    subtree, so cuts come at once (a rule cutting only at alpha > beta reads all 8)."""
    assert alpha_beta([0] * 8, 2) == [0, 5]
    assert alpha_beta([0] * 9, 3) == [0, 5]


@pytest.mark.parametrize("bad, error", [(True, TypeError), (MAX_SCORE + 1, ValueError),
                                        (-MAX_SCORE - 1, ValueError), (2.5j, TypeError)])
@pytest.mark.parametrize("where", [0, 6560])
def test_a_bad_leaf_anywhere_is_refused_before_an_answer(bad, error, where):
    """The bulk check of whole numbers (bit lengths) misses none: a bool, a score one past
    10**15 or not a number, first or last of 3**8 leaves, is named."""
    leaves = [k % 7 - 3 for k in range(3**8)]
    leaves[where] = bad
    with pytest.raises(error, match="leaf score"):
        alpha_beta(leaves, 3)


@pytest.mark.parametrize("size", [2**49 - 1, 2**49, MAX_SCORE - 1, MAX_SCORE])
def test_large_whole_scores_up_to_the_limit_are_accepted(size):
    """Past the bit-length shortcut (2**49) scores are judged exactly, up to 10**15."""
    assert alpha_beta([1, size, -size, 2], 2) == [1, 3]
    assert alpha_beta([size, size, size, size], 2)[0] == size
