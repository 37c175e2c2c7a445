"""Seeded random trees, move ordering and the Knuth-Moore minimum."""

import pytest

import gametree
from gametree import best_order, knuth_moore_minimum, random_leaves, worst_order


def test_same_seed_same_leaves_on_every_machine():
    # Pinned: random.Random(seed) is stable across CPython versions and
    # platforms; if this ever changes, every seeded notebook changes too.
    assert random_leaves(3, 2, seed=42) == [20, 3, 0, 8, 7, 7, 4, 3, 17]
    assert random_leaves(3, 2, seed=42, high=99, distinct=True) == [81, 14, 3, 94, 35, 31, 28, 17, 13]
    assert random_leaves(3, 2, seed=42) == random_leaves(3, 2, seed=42)
    assert random_leaves(3, 2, seed=42) != random_leaves(3, 2, seed=43)


def test_leaves_stay_in_range_and_distinct_means_distinct():
    leaves = random_leaves(3, 4, seed=1, low=-5, high=5)
    assert len(leaves) == 81 and min(leaves) >= -5 and max(leaves) <= 5
    distinct = random_leaves(3, 4, seed=1, low=0, high=99, distinct=True)
    assert len(set(distinct)) == 81


def test_distinct_needs_a_wide_enough_range():
    with pytest.raises(ValueError, match="widen the range to at least 81"):
        random_leaves(3, 4, seed=1, low=0, high=20, distinct=True)


def test_too_large_a_tree_is_refused_before_allocating():
    with pytest.raises(ValueError, match="1,000,000,000,000 leaves; a random tree has at most 1,048,576"):
        random_leaves(10, 12, seed=1)


@pytest.mark.parametrize("depth", [-1, 2.5, True])
def test_bad_depth(depth):
    with pytest.raises((TypeError, ValueError), match="depth"):
        random_leaves(2, depth, seed=1)


@pytest.mark.parametrize(
    "branching, depth, expected",
    [(2, 1, 2), (2, 2, 3), (3, 2, 5), (3, 3, 11), (3, 8, 161), (5, 5, 149)],
)
def test_knuth_moore_minimum(branching, depth, expected):
    # b^ceil(d/2) + b^floor(d/2) - 1, worked by hand: 3^4 + 3^4 - 1 = 161.
    assert knuth_moore_minimum(branching, depth) == expected


def test_orderings_keep_each_nodes_children_together(fig52):
    # Reordering permutes children; it never moves a leaf to another parent.
    best = best_order(*fig52)
    groups = [sorted(best[i : i + 3]) for i in range(0, 9, 3)]
    assert sorted(groups) == sorted(sorted(fig52[0][i : i + 3]) for i in range(0, 9, 3))


def test_best_order_on_the_first_example(fig52):
    # MIN nodes list their smallest leaf first; MAX puts B (3) before C and D (2).
    assert best_order(*fig52) == [3, 8, 12, 2, 4, 6, 2, 5, 14]
    assert gametree.alpha_beta(best_order(*fig52), 3) == [3, knuth_moore_minimum(3, 2)]


def test_orderings_return_the_form_they_were_given():
    nested = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert worst_order(nested) == [[6, 4, 2], [14, 5, 2], [12, 8, 3]]
    tree = gametree.Tree.from_nested(nested)
    assert isinstance(best_order(tree), gametree.Tree)
