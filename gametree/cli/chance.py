"""``python -m gametree expectiminimax``: search a tree with chance nodes and explain it.

A chance node is typed as a list of ``(probability, subtree)`` pairs, and a
probability may be a fraction such as ``1/6``::

    python -m gametree expectiminimax --tree "[[(1/2, [3, 5]), (1/2, [1, 9])], [(1/6, 4), (5/6, [2, 8])]]"
    python -m gametree expectiminimax --bounds 0 10 --tree "..."

Also the ``--bounds LOW HIGH`` argument, shared with ``draw``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from ..chance import trace_expectiminimax
from ..parse import read_number
from ..trace import Trace
from ..tree import Tree
from .trees import print_trace, tree_arguments, tree_from_arguments
from .usage import add_command

__all__ = ["register", "bound", "bounds_argument", "chance_trace", "search_command"]

_INFINITE = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf}


def bound(text: str) -> float:
    """An argparse type: a bound on the leaf scores, a number or -inf/inf.

    >>> bound("-2.5"), bound("inf")
    (-2.5, inf)
    """
    if text.strip().lower() in _INFINITE:
        return _INFINITE[text.strip().lower()]
    try:
        return read_number(text.strip(), "the bound")
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


bound.__name__ = "bound"


def bounds_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--bounds LOW HIGH``."""
    parser.add_argument("--bounds", nargs=2, type=bound, metavar=("LOW", "HIGH"),
                        help="every leaf score lies from LOW to HIGH: prune chance nodes with "
                             "Ballard's Star1 (and MAX and MIN nodes with alpha-beta)")


def chance_trace(tree: Tree, bounds) -> Trace:
    """Expectiminimax on ``tree``, with Star1 if ``bounds`` were given."""
    return trace_expectiminimax(tree, bounds=None if bounds is None else tuple(bounds))


def _expectiminimax(args: argparse.Namespace) -> None:
    print_trace(chance_trace(tree_from_arguments(args), args.bounds), args.quiet)


def search_command(commands, name: str, run: Callable[[argparse.Namespace], None], summary: str,
                   description: str) -> argparse.ArgumentParser:
    """:func:`~gametree.cli.usage.add_command` for a command that searches
    a typed tree: its parser has the tree's arguments
    (:func:`~gametree.cli.trees.tree_arguments`) and ``--bounds``."""
    parser = add_command(commands, name, run, summary, description)
    tree_arguments(parser)
    bounds_argument(parser)
    return parser


def register(commands) -> None:
    """Add ``expectiminimax`` (see :mod:`gametree.cli`)."""
    parser = search_command(commands, "expectiminimax", _expectiminimax,
                            "search a tree with chance nodes and explain every step",
                            """Search a tree with chance nodes (lists of (probability, subtree)
                            pairs, e.g. "[[(1/2, 3), (1/2, 5)], [(1/6, 4), (5/6, 2)]]") with
                            expectiminimax; print the value, the leaves evaluated and a caption
                            for every step. With --bounds, prune with Star1.""")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the value and the count")
