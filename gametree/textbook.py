"""The searches as the textbooks write them, for a lesson to show.

The library's own searches carry options, checks and types
(:func:`gametree.minimax` reads flat lists and nested ones,
:func:`gametree.games.alpha_beta` takes tables, move orders, windows and a
recorder), so their source is not what a lesson means by "the algorithm".
The functions here are: each is the pseudocode of AIMA (Russell and Norvig,
*Artificial Intelligence: A Modern Approach*, 4th edition, chapter 5) in a
few lines of Python, and ``tests/test_textbook.py`` proves each gives the
library's answers on many seeded random trees and game positions.

They check nothing: give them what the library's versions accept once
checked (a :class:`gametree.Tree`, a :class:`gametree.games.Game` and one
of its positions), or call the library's versions, which say what is
wrong.  This module imports only :mod:`math` and the tree's players.
"""

from __future__ import annotations

from math import inf

from .tree import MAX

__all__ = ["minimax", "alpha_beta_search", "kalah_evaluation"]


def minimax(tree, node=None):
    """The minimax value of ``node`` (default: the root) of ``tree``, a
    :class:`gametree.Tree`: AIMA's MINIMAX-SEARCH, recursively.  Equal to
    :func:`gametree.minimax`.

    >>> from gametree import as_tree
    >>> minimax(as_tree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))  # AIMA's Figure 5.2
    3
    """
    node = tree.root if node is None else node
    if node.is_leaf:
        return node.score
    values = [minimax(tree, tree[child]) for child in node.children]
    return max(values) if node.player is MAX else min(values)


def alpha_beta_search(game, state, depth, evaluate):
    """(value, move): AIMA's ALPHA-BETA-SEARCH (Figure 5.7) with the cutoff
    test of §5.3, stopping ``depth`` moves down and estimating the
    position there with ``evaluate``.  Who moves decides MAX or MIN at
    each position, so a Kalah player's extra turn is searched as theirs.
    Equal to :func:`gametree.games.depth_limited_alpha_beta` (its value and
    its move).

    >>> from gametree.games import Kalah, store_difference
    >>> game = Kalah(2, 2)
    >>> alpha_beta_search(game, game.initial, 3, store_difference)
    (1, 1)
    """
    def value(state, alpha, beta, depth):
        if game.is_over(state):
            return game.score(state), None
        if depth == 0:  # the cutoff test
            return evaluate(state), None
        search = max_value if game.to_move(state) is MAX else min_value
        return search(state, alpha, beta, depth)

    def max_value(state, alpha, beta, depth):
        v, move = -inf, None
        for a in game.moves(state):
            v2, _ = value(game.play(state, a), alpha, beta, depth - 1)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(state, alpha, beta, depth):
        v, move = inf, None
        for a in game.moves(state):
            v2, _ = value(game.play(state, a), alpha, beta, depth - 1)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return value(state, -inf, inf, depth)


def kalah_evaluation(state):
    """A Kalah position's estimate from MAX's side: the store difference,
    plus (for the player to move, so minus for MIN) the most seeds one
    move puts in their store at once: 1 for a house that reaches or
    passes the store, 1 plus the seeds opposite for a capture.  Equal to
    :func:`gametree.games.kalah_evaluation`.

    >>> from gametree.games import KalahState
    >>> kalah_evaluation(KalahState.from_text("0 3 1 / 5 2 / 1 0 4"))  # stores 2 - 5, a capture of 1 + 3
    1
    """
    mine, theirs = state.houses(state.player), state.houses(state.player.other)
    n = len(mine)
    gain = 0
    for house, seeds in enumerate(mine):
        last = house + seeds  # where the last seed falls, counting on along my row
        if seeds == 0:
            continue
        if last >= n:  # reaches or passes my store
            gain = max(gain, 1)
        elif mine[last] == 0 and theirs[n - 1 - last] > 0:  # an empty house of mine: capture
            gain = max(gain, 1 + theirs[n - 1 - last])
    sign = 1 if state.player is MAX else -1
    return state.store(MAX) - state.store(MAX.other) + sign * gain
