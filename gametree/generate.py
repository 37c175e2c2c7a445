"""Trees for experiments: seeded random trees, and best and worst move order.

Knuth and Moore (1975) showed that on a complete tree with branching b and
depth d, alpha-beta evaluates at least b^ceil(d/2) + b^floor(d/2) - 1
leaves, and exactly that many when every node's children come best first.

Every size is checked before anything is computed: ``branching ** depth``
is never worked out for a depth that could not make a tree.
"""

from __future__ import annotations

import random

from .checks import MAX_SCORE, check_branching, check_depth, check_int, check_leaf_count
from .search import backed_up_values, levels
from .tree import MAX, MAX_DEPTH, CompleteTree, Tree, as_tree, check_players

__all__ = ["random_leaves", "random_tree", "best_order", "worst_order", "knuth_moore_minimum",
           "MAX_LEAVES"]

MAX_LEAVES = 2**20
"""Largest random tree made: a million leaves, far past anything drawn."""


def knuth_moore_minimum(branching: int, depth: int) -> int:
    """Fewest leaves alpha-beta can evaluate on a complete tree:
    b^ceil(d/2) + b^floor(d/2) - 1 (Knuth & Moore, 1975).

    ``branching`` may be 1 (a chain of single children: its one leaf);
    ``depth`` is at most :data:`gametree.tree.MAX_DEPTH`, as every tree's.

    >>> knuth_moore_minimum(3, 2), knuth_moore_minimum(3, 8), knuth_moore_minimum(2, 3)
    (5, 161, 5)
    >>> knuth_moore_minimum(1, 7)
    1
    """
    branching = check_int(branching, "branching", low=1, example="2 or 3")
    depth = check_int(depth, "depth", low=0, high=MAX_DEPTH)
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def random_leaves(branching: int, depth: int, seed: int | None, *, low: int = 0,
                  high: int = 20, distinct: bool = False) -> list[int]:
    """``branching ** depth`` random whole-number scores from ``low`` to ``high``.

    The same ``seed`` gives the same leaves on every machine and Python
    version (``random.Random(seed)``); ``seed=None`` gives fresh ones.
    ``distinct=True`` makes all scores different, so no two moves tie.
    At most :data:`MAX_LEAVES` leaves; scores within
    :data:`gametree.checks.MAX_SCORE`.

    >>> random_leaves(2, 2, seed=1)
    [4, 18, 2, 8]
    """
    branching, depth = check_branching(branching), check_depth(depth)
    count = check_leaf_count(branching, depth, MAX_LEAVES, "a random tree")
    if seed is not None:
        check_int(seed, "seed", example="42")
    low = check_int(low, "low", low=-MAX_SCORE, high=MAX_SCORE, example="0")
    high = check_int(high, "high", low=-MAX_SCORE, high=MAX_SCORE, example="20")
    if low > high:
        raise ValueError(f"low must be at most high, not {low} and {high}")
    rng = random.Random(seed)
    if distinct:
        if high - low + 1 < count:
            raise ValueError(
                f"{count} distinct scores do not fit between {low} and {high}; "
                f"widen the range to at least {count} values"
            )
        return rng.sample(range(low, high + 1), count)
    return [rng.randint(low, high) for _ in range(count)]


def random_tree(branching: int, depth: int, seed: int | None, *, players=None,
                **options) -> Tree:
    """A complete :class:`Tree` with :func:`random_leaves` as its leaves
    (``options`` are theirs); ``players=`` gives it a player per level (see
    :meth:`gametree.Tree.with_players`), checked before anything is drawn.

    >>> random_tree(2, 2, seed=1, players=["MAX", "MIN", "MIN"])
    Tree.from_nested([[4, 18], [2, 8]], players=('MAX', 'MIN', 'MIN'))
    """
    cycle = None if players is None else check_players(players)
    return Tree.from_leaves(random_leaves(branching, depth, seed, **options), branching,
                            players=cycle)


def _ordered_leaves(leaves: list, branching: int, depth: int, best: bool,
                    players: tuple | None = None) -> list:
    """A complete tree's leaves with every node's children sorted, a level
    at a time from the root down: each node's children are put in order of
    their backed-up values (ties keep their order).  Levels alternate from
    MAX, or follow the cycle ``players``."""
    rows = list(levels(leaves, branching, depth, players))[::-1]  # the root's level first
    order = [0]  # the nodes of the current level, in their new order
    for height in range(depth):
        values = rows[height + 1].__getitem__
        maximizing = height % 2 == 0 if players is None else players[height % len(players)] is MAX
        descending = maximizing == best
        below = []
        for node in order:
            first = node * branching
            below += sorted(range(first, first + branching), key=values, reverse=descending)
        order = below
    return [leaves[i] for i in order]


def _reorder(tree: object, branching: int | None, best: bool):
    source = as_tree(tree, branching)
    if isinstance(source, CompleteTree):
        leaves = _ordered_leaves(source.leaf_scores, source.branching or 1, source.depth, best,
                                 source.players)
        # A complete tree comes from (leaves, branching) or Tree.from_leaves.
        return Tree.from_leaves(leaves, branching or source.branching or 2,
                                players=source.players) if isinstance(tree, Tree) else leaves
    values = backed_up_values(source)
    child_ids, player_of = source.child_ids, source.player_of

    def expand(node: int):
        # Best first for the player to move: MAX wants high values first.
        descending = (player_of(node) is MAX) == best
        return sorted(child_ids(node), key=values.__getitem__, reverse=descending)

    labels = source._label
    ordered = Tree.unfold(0, expand, source.score_of, player=player_of,
                          label=(lambda node: labels[node]) if labels else None,
                          agent=source.agent_of)
    ordered.players = source.players
    return ordered if isinstance(tree, Tree) else ordered.to_nested()


def best_order(tree: object, branching: int | None = None):
    """The same tree with every node's children sorted best first for the
    player to move (ties keep their order).  Alpha-beta then evaluates
    exactly :func:`knuth_moore_minimum` leaves when all scores differ.

    Returns the same form it was given: leaves for ``(leaves, branching)``,
    nested lists for nested lists, a Tree for a Tree.  Time and memory are
    linear in the tree.

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
