"""Which search a tree calls for, recorded step by step.

A tree with chance nodes is searched with expectiminimax
(:func:`gametree.trace_expectiminimax`), one without with alpha-beta
(:func:`gametree.trace_alpha_beta`): :func:`trace_search` picks, for the
stepper, the drawings and the command line, which are given a tree and
show its search.  It lives apart from both searches so that neither
imports the other.
"""

from __future__ import annotations

from .chance import trace_expectiminimax
from .replay import Trace
from .trace import trace_alpha_beta
from .tree import CHANCE, Players, as_tree

__all__ = ["trace_search"]


def trace_search(tree: object, branching: int | None = None, *, strict: bool = False,
                 players: Players | None = None) -> Trace:
    """The recorded search a tree calls for: :func:`trace_expectiminimax`
    when it has chance nodes, :func:`gametree.trace_alpha_beta` (with the
    cut rule ``strict`` names) when it has none, each with ``players=``
    when given.  What the stepper and the drawings run on a tree they are
    given.

    >>> trace_search([[(0.5, 3), (0.5, 5)]]).algorithm, trace_search([[3, 5]]).algorithm
    ('Expectiminimax', 'Alpha-beta (cut when alpha >= beta)')
    """
    tree = as_tree(tree, branching, players=players)
    if tree.has_chance or CHANCE in (tree.players or ()):
        return trace_expectiminimax(tree)
    return trace_alpha_beta(tree, strict=strict)
