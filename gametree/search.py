"""Minimax and alpha-beta on complete trees, with an exact contract.

The tree is complete: every internal node has ``branching`` children and
the leaves, all at one depth, score ``leaves`` from left to right.  The
root is MAX and the levels alternate MAX, MIN, MAX, ...

:func:`minimax`, :func:`backed_up_values` and :func:`principal_variation`
also take any tree, and ``players=``, a cycle of MAX and MIN such as
``("MAX", "MIN", "MIN")`` (MAX and two ghosts): the node at depth k then
belongs to ``players[k % len(players)]``.  ``alpha_beta`` keeps to
alternating levels.

``alpha_beta`` works on index ranges of the flat ``leaves`` list, so it
never builds a tree; :func:`gametree.trace_alpha_beta` walks a
:class:`~gametree.tree.Tree` node by node and records every step.  The
tests prove the two agree on value, count and the leaves evaluated.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import inf

from .checks import check_branching, check_leaves, complete_depth
from .tree import CHANCE, MAX, CompleteTree, Node, Players, Tree, Value, as_tree, check_players

__all__ = ["alpha_beta", "minimax", "backed_up_values", "principal_variation"]

_CHANCE_TREE = ("this tree has chance nodes, and {search} has no rule for them (it would treat "
                "the dice as a player); search it with gametree.expectiminimax or "
                "gametree.trace_expectiminimax")
_CHANCE_PLAYERS = ("players={players} has a CHANCE level, and {search} has no rule for chance "
                   "nodes; search the tree with gametree.expectiminimax(tree, players=...) or "
                   "gametree.trace_expectiminimax(tree, players=...), or leave CHANCE out")


def _decision_tree(tree: object, branching: int | None, players: Players | None,
                   search: str) -> Tree:
    """The tree to search, after refusing chance: a cycle with CHANCE in it
    (checked before the tree is built) or a tree with chance nodes."""
    if players is not None:
        cycle = check_players(players)
        if CHANCE in cycle:
            raise ValueError(_CHANCE_PLAYERS.format(
                players=[p.value for p in cycle], search=search))
    tree = as_tree(tree, branching, players=players)
    if tree.has_chance:
        raise ValueError(_CHANCE_TREE.format(search=search))
    return tree


def alpha_beta(leaves: Sequence[Value], branching: int) -> list:
    """Return ``[value, evaluated]``: the root's minimax value and how many
    leaves alpha-beta evaluated to find it.

    Children are searched left to right from alpha = -inf, beta = +inf.
    After each child, a MAX node sets v = max(v, value) and then
    alpha = max(alpha, v); a MIN node sets v = min(v, value) and then
    beta = min(beta, v).  As soon as alpha >= beta the node skips its
    remaining children.

    Parameters
    ----------
    leaves : sequence of numbers
        Leaf scores, left to right; their count must be a power of
        ``branching``.
    branching : int
        Children per internal node, at least 2.

    Returns
    -------
    list
        ``[value, evaluated]``; ``value`` is one of the leaf scores.

    Raises
    ------
    TypeError
        If ``leaves`` is not a sequence of numbers or ``branching`` not an int.
    ValueError
        If ``leaves`` is empty, its length is not a power of ``branching``,
        ``branching < 2``, or a score is NaN, infinite or larger in size
        than :data:`gametree.checks.MAX_SCORE` (10**15).

    Examples
    --------
    >>> alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    [3, 7]
    >>> alpha_beta([5, 6, 7, 4], 2)
    [5, 4]
    """
    branching = check_branching(branching)
    leaves = check_leaves(leaves)
    complete_depth(len(leaves), branching)
    evaluated = 0
    # The textbook loop (trace_alpha_beta's), with three savings that change
    # neither the value nor the leaves read (tests/test_solvers.py proves them
    # equal on random trees): the updates are comparisons rather than calls to
    # max() and min(); a node whose children are leaves reads them itself,
    # without a call per leaf; and the cut test follows a change of alpha (at
    # MAX) or beta (at MIN), the only moments alpha >= beta can become true,
    # since a node is entered with alpha < beta.  max_value and min_value
    # mirror each other, as AIMA's do: one negamax function (negating the
    # window at every call and a leaf at every read) measured a quarter to a
    # third slower here, which the 0.55x target of issue 20 cannot spare.

    def max_value(first: int, width: int, alpha: Value, beta: Value) -> Value:
        nonlocal evaluated
        v = -inf
        if width == branching:  # the children are leaves: evaluate them
            for child in range(first, first + width):
                value = leaves[child]
                if value > v:  # v = max(v, value)
                    v = value
                    if v > alpha:  # alpha = max(alpha, v)
                        alpha = v
                        if alpha >= beta:
                            evaluated += child + 1 - first
                            return v
            evaluated += width
            return v
        step = width // branching
        for child in range(first, first + width, step):
            value = min_value(child, step, alpha, beta)
            if value > v:
                v = value
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return v

    def min_value(first: int, width: int, alpha: Value, beta: Value) -> Value:
        nonlocal evaluated
        v = inf
        if width == branching:
            for child in range(first, first + width):
                value = leaves[child]
                if value < v:  # v = min(v, value)
                    v = value
                    if v < beta:  # beta = min(beta, v)
                        beta = v
                        if alpha >= beta:
                            evaluated += child + 1 - first
                            return v
            evaluated += width
            return v
        step = width // branching
        for child in range(first, first + width, step):
            value = max_value(child, step, alpha, beta)
            if value < v:
                v = value
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return v

    if len(leaves) == 1:  # a tree of depth 0: the root is its only leaf
        return [leaves[0], 1]
    return [max_value(0, len(leaves), -inf, inf), evaluated]


def backed_up_values(tree: object, branching: int | None = None, *,
                     players: Players | None = None) -> list[Value]:
    """The minimax value of every node, indexed by node id (no pruning).

    Accepts the same trees and ``players=`` as :func:`minimax`.  A complete
    tree is worked out a level at a time from the leaves up (each MAX level
    is ``max`` over groups of ``branching`` values, each MIN level
    ``min``); any other tree node by node, children before parents.  Time
    and memory are linear in the tree.

    >>> backed_up_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]])[:4]
    [3, 3, 2, 2]
    >>> backed_up_values([[3, 12, 8], [2, 4, 6], [14, 5, 2]], players=["MAX", "MAX"])[:4]
    [14, 12, 6, 14]
    """
    tree = _decision_tree(tree, branching, players, "minimax")
    if isinstance(tree, CompleteTree):
        rows = list(levels(tree.leaf_scores, tree.branching or 1, tree.depth, tree.players))
        return [value for level in reversed(rows) for value in level]  # ids run root first
    values: list = [None] * len(tree)
    child_ids, player_of, score_of = tree.child_ids, tree.player_of, tree.score_of
    for node in range(len(tree) - 1, -1, -1):  # level order reversed: children first
        children = child_ids(node)
        if not children:
            values[node] = score_of(node)
        elif player_of(node) is MAX:
            values[node] = max([values[child] for child in children])
        else:
            values[node] = min([values[child] for child in children])
    return values


def levels(leaves: list, branching: int, depth: int, players: Sequence | None = None):
    """The values of a complete tree's levels, from the leaves up to the
    root: each level is max or min over groups of ``branching`` values of
    the level below (MAX at even depths, or as the cycle ``players`` says)."""
    level = leaves
    yield level
    for height in range(depth - 1, -1, -1):  # the depth of the level made
        if players is None:
            pick = max if height % 2 == 0 else min
        else:
            pick = max if players[height % len(players)] is MAX else min
        groups = [level[k::branching] for k in range(branching)]
        level = list(map(pick, *groups))
        yield level


def minimax(tree: object, branching: int | None = None, *,
            players: Players | None = None) -> Value:
    """Return the minimax value of the root, searching every node.

    ``minimax(leaves, branching)`` takes a complete tree given by its leaves;
    ``minimax(nested_lists)`` a tree written as nested lists (the root is
    MAX, levels alternate); a :class:`~gametree.tree.Tree` is taken as it is.

    ``players=``, a non-empty sequence of ``"MAX"`` and ``"MIN"`` (or the
    :class:`~gametree.tree.Player` constants), gives the node at depth k to
    ``players[k % len(players)]`` instead: ``("MAX", "MIN", "MIN")`` is
    MAX against two ghosts, each a MIN layer of its own.  A sequence with
    ``"CHANCE"`` is refused (search it with :func:`gametree.expectiminimax`),
    as is a tree with chance nodes.

    The value is defined by the recursion: a leaf's value is its score, a
    MAX node's the largest of its children's values, a MIN node's the
    smallest.  It is computed as :func:`backed_up_values` does, from the
    leaves up, so a million leaves take well under a second.

    Examples
    --------
    >>> minimax([3, 5, 2, 9, 12, 5, 23, 23], 2)
    12
    >>> minimax([3, 5, 2, 9], 2)
    3
    >>> minimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    3
    >>> minimax([3, 5, 2, 9, 12, 5, 23, 23], 2, players=["MAX", "MIN", "MIN"])
    5
    """
    tree = _decision_tree(tree, branching, players, "minimax")
    if isinstance(tree, CompleteTree):
        *_, root = levels(tree.leaf_scores, tree.branching or 1, tree.depth, tree.players)
        return root[0]
    return backed_up_values(tree)[0]


def principal_variation(tree: object, branching: int | None = None, *,
                        players: Players | None = None) -> list[Node]:
    """The path of best play from the root to a leaf.

    At every node the player picks the leftmost child whose value equals
    the node's value.  Takes the trees and ``players=`` of :func:`minimax`.

    >>> [node.name for node in principal_variation([[3, 5], [2, 9]])]
    ['A', 'B', 'D']
    >>> [node.name for node in principal_variation([[3, 5], [2, 9]], players=["MAX"])]
    ['A', 'C', 'G']
    """
    tree = _decision_tree(tree, branching, players, "minimax")
    values = backed_up_values(tree)
    path = [tree.root]
    while not path[-1].is_leaf:
        node = path[-1]
        path.append(next(tree[c] for c in node.children if values[c] == values[node.id]))
    return path
