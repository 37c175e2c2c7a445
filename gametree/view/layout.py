"""Where each node of a tree goes on the page: a tidy top-down layout.

Pure Python, no graphviz.  The rule is the one people use by hand:

* the leaves sit on evenly spaced columns, left to right, one column each;
* every internal node sits centred over its children (half way between
  its first and last child);
* a node at depth ``d`` sits on row ``-d``: the root on top.

Because every subtree owns a block of consecutive columns, two nodes on
the same row are always at least one column apart, for uneven trees too.
"""

from __future__ import annotations

from typing import NamedTuple

from ..tree import Tree

__all__ = ["Point", "tidy_layout"]


class Point(NamedTuple):
    """A node's place, in column and row units."""

    x: float
    """Column: leaves are at 0, 1, 2, ... left to right."""
    y: float
    """Row: minus the node's depth, so the root is at 0 and children below."""


def tidy_layout(tree: Tree) -> list[Point]:
    """The position of every node, indexed by node id.

    Parameters
    ----------
    tree : Tree
        Any tree; it may branch unevenly and have leaves at several depths.

    Returns
    -------
    list of Point
        ``positions[node.id]`` is ``(x, y)``: leaves at ``x = leaf_index``,
        internal nodes half way between their first and last child,
        ``y = -depth``.

    Examples
    --------
    >>> from gametree import Tree
    >>> tree = Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [tuple(p) for p in tidy_layout(tree)[:4]]
    [(4.0, 0.0), (1.0, -1.0), (4.0, -1.0), (7.0, -1.0)]
    >>> tidy_layout(Tree.from_nested([[1, 2, 3], 4]))[0]
    Point(x=2.0, y=0.0)
    """
    x = [0.0] * len(tree)
    # Level order puts every child after its parent, so walking the nodes
    # backwards places all children before their parent.
    for node in reversed(tree.nodes):
        if node.is_leaf:
            x[node.id] = float(tree.leaf_index_of(node.id))
        else:
            x[node.id] = (x[node.children[0]] + x[node.children[-1]]) / 2
    return [Point(x[node.id], float(-node.depth)) for node in tree.nodes]
