"""Trees for experiments: seeded random trees, and best and worst move order.

Knuth and Moore (1975) showed that on a complete tree with branching b and
depth d, alpha-beta evaluates at least b^ceil(d/2) + b^floor(d/2) - 1
leaves, and exactly that many when every node's children come best first.
"""

from __future__ import annotations

import random

from .checks import check_branching
from .search import backed_up_values
from .tree import MAX, Tree, as_tree

__all__ = ["random_leaves", "random_tree", "best_order", "worst_order", "knuth_moore_minimum"]

MAX_LEAVES = 2**20
"""Largest random tree made: a million leaves, far past anything drawn."""


def _check_depth(depth: object) -> int:
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be a whole number such as 3, not {depth!r}")
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    return depth


def knuth_moore_minimum(branching: int, depth: int) -> int:
    """Fewest leaves alpha-beta can evaluate on a complete tree:
    b^ceil(d/2) + b^floor(d/2) - 1 (Knuth & Moore, 1975).

    >>> knuth_moore_minimum(3, 2), knuth_moore_minimum(3, 8), knuth_moore_minimum(2, 3)
    (5, 161, 5)
    """
    branching, depth = check_branching(branching), _check_depth(depth)
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def random_leaves(branching: int, depth: int, seed: int | None, *, low: int = 0,
                  high: int = 20, distinct: bool = False) -> list[int]:
    """``branching ** depth`` random whole-number scores from ``low`` to ``high``.

    The same ``seed`` gives the same leaves on every machine and Python
    version (``random.Random(seed)``); ``seed=None`` gives fresh ones.
    ``distinct=True`` makes all scores different, so no two moves tie.

    >>> random_leaves(2, 2, seed=1)
    [4, 18, 2, 8]
    """
    branching, depth = check_branching(branching), _check_depth(depth)
    if branching**depth > MAX_LEAVES:
        raise ValueError(
            f"branching {branching} and depth {depth} make {branching**depth:,} leaves; "
            f"keep it to {MAX_LEAVES:,} or fewer by lowering the depth"
        )
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (low, high)) or low > high:
        raise ValueError(f"low and high must be whole numbers with low <= high, not {low!r} and {high!r}")
    count = branching**depth
    rng = random.Random(seed)
    if distinct:
        if high - low + 1 < count:
            raise ValueError(
                f"{count} distinct scores do not fit between {low} and {high}; "
                f"widen the range to at least {count} values"
            )
        return rng.sample(range(low, high + 1), count)
    return [rng.randint(low, high) for _ in range(count)]


def random_tree(branching: int, depth: int, seed: int | None, **options) -> Tree:
    """A complete :class:`Tree` with :func:`random_leaves` as its leaves."""
    return Tree.from_leaves(random_leaves(branching, depth, seed, **options), branching)


def _reorder(tree: object, branching: int | None, best: bool):
    source = as_tree(tree, branching)
    values = backed_up_values(source)

    def expand(node):
        # Best first for the player to move: MAX wants high values first.
        descending = (node.player is MAX) == best
        return sorted(source.children(node), key=lambda c: values[c.id], reverse=descending)

    ordered = Tree.unfold(source.root, expand, lambda node: node.score,
                          player=lambda node: node.player, label=lambda node: node.label)
    if isinstance(tree, Tree):
        return ordered
    if branching is not None:
        return ordered.leaf_scores
    return ordered.to_nested()


def best_order(tree: object, branching: int | None = None):
    """The same tree with every node's children sorted best first for the
    player to move (ties keep their order).  Alpha-beta then evaluates
    exactly :func:`knuth_moore_minimum` leaves when all scores differ.

    Returns the same form it was given: leaves for ``(leaves, branching)``,
    nested lists for nested lists, a Tree for a Tree.

    >>> best_order([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    [3, 8, 12, 2, 4, 6, 2, 5, 14]
    """
    return _reorder(tree, branching, best=True)


def worst_order(tree: object, branching: int | None = None):
    """The same tree with every node's children sorted worst first for the
    player to move, so alpha-beta prunes as little as it can.

    >>> worst_order([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    [6, 4, 2, 14, 5, 2, 12, 8, 3]
    """
    return _reorder(tree, branching, best=False)
