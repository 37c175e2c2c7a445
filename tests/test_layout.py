"""The tidy layout: leaves in order on evenly spaced columns, parents centred
over their children, no two nodes of a row on top of each other."""

from collections import defaultdict
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import Tree, random_tree
from gametree.view.layout import tidy_layout

# Nested lists that may branch unevenly and put leaves at several depths.
nested_trees = st.recursive(st.integers(-9, 9), lambda children: st.lists(children, min_size=1, max_size=4),
                            max_leaves=40)

EXAMPLES = [
    Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
    Tree.from_nested([[[1, 2, 3, 4, 5]], 6, [7, [8, [9, 10]]]]),
    random_tree(2, 5, seed=3),
    Tree.from_nested(7),
]


def check_layout(tree):
    positions = tidy_layout(tree)
    assert len(positions) == len(tree)
    # Leaves: columns 0, 1, 2, ... in their left-to-right order.
    assert [positions[leaf.id].x for leaf in tree.leaves] == list(range(len(tree.leaves)))
    rows = defaultdict(list)
    for node in tree:
        x, y = positions[node.id]
        # Rows: the root on top, children one row below their parent.
        assert y == -node.depth
        # Parents: half way between their first and last child.
        if node.children:
            first, last = positions[node.children[0]].x, positions[node.children[-1]].x
            assert x == pytest.approx((first + last) / 2)
            # ... and so between their leftmost and rightmost leaf.
            leaves = [n for n in tree.subtree(node) if n.is_leaf]
            assert min(positions[n.id].x for n in leaves) <= x <= max(positions[n.id].x for n in leaves)
        rows[node.depth].append(node)
    for row in rows.values():
        # Level order lists a row's nodes left to right; that is the order
        # on the page, and neighbours are a column apart or more.
        xs = [positions[n.id].x for n in sorted(row, key=lambda n: n.id)]
        assert all(b - a >= 1 for a, b in pairwise(xs))


@pytest.mark.parametrize("tree", EXAMPLES, ids=["fig52", "uneven", "binary", "one-leaf"])
def test_layout_properties_on_examples(tree):
    check_layout(tree)


@given(nested_trees)
@settings(max_examples=150, deadline=None)
def test_layout_properties_on_random_uneven_trees(nested):
    check_layout(Tree.from_nested(nested))


def test_statement_tree_coordinates():
    # Leaves on columns 0..8; B, C, D over the middles of their groups; A over C.
    positions = tidy_layout(EXAMPLES[0])
    assert [tuple(p) for p in positions[:4]] == [(4, 0), (1, -1), (4, -1), (7, -1)]


def test_a_lone_leaf_sits_under_its_parent():
    # [[5], 3]: B has one child, which sits straight below it.
    tree = Tree.from_nested([[5], 3])
    positions = tidy_layout(tree)
    assert positions[tree["B"].id].x == positions[tree["D"].id].x == 0
