"""Tree shapes to practise on: uneven trees from a seed, and the player at the root.

Exams do not only ask about complete trees: a position may have two moves
or four, and a line of play may end early.  :func:`uneven_tree` makes such
a tree from a seed (the same seed gives the same tree on every machine):
every internal node has 2 to ``branching`` children and leaves sit at
several depths, the deepest at ``depth``.  :func:`with_root` puts MIN (or
MAX) at the root of any typed tree; levels still alternate below it.

Both are pure (no drawing, no widgets) and used by the exercises, the
command line's ``--root`` and the editable step-through widget.
"""

from __future__ import annotations

import random

from ..checks import MAX_SCORE, check_branching, check_depth, check_int, check_leaf_count
from ..text import describe, shown
from ..tree import Player, Tree

__all__ = ["uneven_tree", "with_root", "check_root", "ROOTS", "LEAF_CHANCE"]

ROOTS = ("MAX", "MIN")
"""Who may move at the root."""

LEAF_CHANCE = 0.3
"""In an uneven tree, the chance that a node above the deepest level is a
leaf (a line of play that ends early)."""


def check_root(root: object) -> Player:
    """``root`` as a :class:`~gametree.tree.Player`: ``"MAX"``, ``"MIN"``
    (any case) or a Player.

    >>> check_root("min")
    <Player.MIN: 'MIN'>
    >>> check_root("top")
    Traceback (most recent call last):
    ...
    ValueError: root must be 'MAX' or 'MIN' (who moves at the root), not 'top'
    """
    if isinstance(root, Player):
        return root
    if not isinstance(root, str):
        raise TypeError(f"root must be 'MAX' or 'MIN', not {describe(root)}")
    if root.strip().upper() not in ROOTS:
        raise ValueError(f"root must be 'MAX' or 'MIN' (who moves at the root), not {shown(root)}")
    return Player(root.strip().upper())


def with_root(tree: Tree, root: object) -> Tree:
    """``tree`` with ``root`` moving at the root and levels alternating
    below it; ``tree`` itself if its root already is ``root``.

    For typed trees, whose levels alternate: edge labels (a game's moves)
    are not kept.

    >>> tree = with_root(Tree.from_leaves([3, 12, 8, 2], 2), "MIN")
    >>> [str(node.player) for node in tree][:3], tree.leaf_scores
    (['MIN', 'MAX', 'MAX'], [3, 12, 8, 2])
    """
    if not isinstance(tree, Tree):
        raise TypeError(f"with_root needs a Tree, not {describe(tree)}")
    player = check_root(root)
    if tree.root.player is player:
        return tree
    return Tree.from_nested(tree.to_nested(), root=player)


def uneven_tree(seed: int, branching: int = 3, depth: int = 3, *, low: int = 0, high: int = 20,
                max_leaves: int = 243) -> list:
    """A seeded uneven tree as nested lists: every internal node has 2 to
    ``branching`` children, leaves sit at two or more depths, the deepest
    at exactly ``depth``, and scores are whole numbers from ``low`` to
    ``high``.

    The same seed and options give the same tree on every machine
    (``random.Random(seed)``).  ``depth`` must be 2 or more (a tree of
    depth 1 has all its leaves at one depth).

    >>> uneven_tree(7, 3, 2)
    [[20, 1, 2], [11, 18], 16]
    >>> uneven_tree(7, 3, 2) == uneven_tree(7, 3, 2)
    True
    """
    seed = check_int(seed, "seed", low=0, example="42")
    branching = check_branching(branching)
    depth = check_depth(depth, low=2)
    check_leaf_count(branching, depth, max_leaves, "an exercise")
    low = check_int(low, "low", low=-MAX_SCORE, high=MAX_SCORE, example="0")
    high = check_int(high, "high", low=-MAX_SCORE, high=MAX_SCORE, example="20")
    if low > high:
        raise ValueError(f"low must be at most high, not {low} and {high}")
    rng = random.Random(seed)
    while True:  # draw again until the shape is uneven and reaches the depth
        nested, depths = _draw(rng, branching, depth, low, high)
        if len(depths) >= 2 and max(depths) == depth:
            return nested


def _draw(rng: random.Random, branching: int, depth: int, low: int, high: int):
    depths: set[int] = set()

    def node(level: int):
        if level == depth or (level > 0 and rng.random() < LEAF_CHANCE):
            depths.add(level)
            return rng.randint(low, high)
        return [node(level + 1) for _ in range(rng.randint(2, branching))]

    return node(0), depths



