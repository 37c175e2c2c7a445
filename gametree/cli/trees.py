"""``python -m gametree alpha-beta`` and ``minimax``: search a typed tree and explain it.

Also the two ways of giving a tree on the command line, shared by ``draw``,
and the printout of a traced search, shared by ``expectiminimax``.
"""

from __future__ import annotations

import argparse

from ..i18n import gettext as _
from ..i18n import ngettext
from ..parse import parse_leaves, parse_tree
from ..practice.shapes import ROOTS, with_root
from ..search import backed_up_values, principal_variation
from ..text import fmt
from ..trace import Trace, trace_alpha_beta
from ..tree import CHANCE, MAX, Tree, check_players
from .usage import STRICT_HELP, UsageError, add_command, whole_number

__all__ = ["register", "tree_arguments", "tree_from_arguments", "print_trace", "players_list",
           "refuse_chance"]


def tree_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ways of giving a tree: ``--branching B LEAF ...`` or ``--tree TEXT``."""
    parser.add_argument("leaves", nargs="*", metavar="LEAF",
                        help="leaf scores left to right, e.g. 3 12 8 2 4 6 14 5 2")
    parser.add_argument("--branching", "-b", type=whole_number, metavar="B",
                        help="children per internal node (with LEAF scores)")
    parser.add_argument("--tree", "-t", metavar="TEXT",
                        help='the tree as nested lists, e.g. "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"')
    parser.add_argument("--root", choices=ROOTS, default=None, type=str.upper,
                        help="who moves at the root (default MAX); levels alternate below it")
    parser.add_argument("--players", type=players_list, metavar="P,P,...",
                        help="who moves at each level in turn, e.g. MAX,MIN,MIN for MAX and two "
                             "ghosts: depth k belongs to the k-th mod their count (CHANCE levels "
                             "are equally likely unless typed as pairs); not with --root")


def players_list(text: str) -> list[str]:
    """``--players MAX,MIN,MIN`` as a list of names (checked when the tree is made).

    >>> players_list("MAX, min,MIN")
    ['MAX', 'min', 'MIN']
    """
    return [name.strip() for name in text.split(",")] if text.strip() else []


def tree_from_arguments(args: argparse.Namespace) -> Tree:
    """The tree the arguments of :func:`tree_arguments` describe, with
    ``--root`` moving at its root, or with ``--players`` a player per level."""
    players = getattr(args, "players", None)
    root = getattr(args, "root", None)
    if players is not None:
        if root is not None:
            raise UsageError(f"give either --players or --root, not both: --players "
                             f"{','.join(players)} already says who moves at the root (its "
                             f"first entry)")
        cycle = check_players(players)  # named before the tree is read
        return _typed_tree(args).with_players(cycle)
    return with_root(_typed_tree(args), root or "MAX")


def refuse_chance(args: argparse.Namespace, command: str) -> None:
    """Stop ``command`` (which has no rule for chance nodes) when
    ``--players`` has a CHANCE level, pointing to ``expectiminimax``."""
    players = getattr(args, "players", None)
    if players is not None and CHANCE in check_players(players):
        raise UsageError(f"--players {','.join(players)} has a CHANCE level, and {command} has "
                         f"no rule for chance nodes; run python -m gametree expectiminimax "
                         f"--players {','.join(players)} with the same tree instead")


def _typed_tree(args: argparse.Namespace) -> Tree:
    if args.tree is not None:
        if args.leaves or args.branching is not None:
            raise UsageError("give either --tree TEXT or --branching B with leaf scores, not both")
        return parse_tree(args.tree)
    if not args.leaves:
        raise UsageError("no tree given: add leaf scores with --branching, e.g. "
                         "--branching 3 3 12 8 2 4 6 14 5 2, or --tree \"[[3, 5], [2, 9]]\"")
    if args.branching is None:
        raise UsageError("leaf scores need --branching B, e.g. --branching 3 3 12 8 2 4 6 14 5 2")
    return Tree.from_leaves(parse_leaves(" ".join(args.leaves)), args.branching)


def print_trace(trace: Trace, quiet: bool) -> None:
    """Print the value of ``trace``'s search and the leaves it evaluated,
    then, unless ``quiet``, a caption for every step."""
    print(_("value: {value}").format(value=fmt(trace.value)))
    print(ngettext("evaluated: {k} of {n} leaf", "evaluated: {k} of {n} leaves",
                   trace.tree.leaf_count).format(k=trace.evaluated, n=trace.tree.leaf_count))
    if not quiet:
        print(_("steps:"))
        width = len(str(len(trace) - 1))
        for step in trace:
            print(f"  {step.index:>{width}}  {step.caption}")


def _alpha_beta(args: argparse.Namespace) -> None:
    refuse_chance(args, "alpha-beta")
    print_trace(trace_alpha_beta(tree_from_arguments(args), strict=args.strict,
                                 fail_hard=args.fail_hard), args.quiet)


def _minimax(args: argparse.Namespace) -> None:
    refuse_chance(args, "minimax")
    tree = tree_from_arguments(args)
    values = backed_up_values(tree)
    print(_("value: {value}").format(value=fmt(values[0])))
    print(ngettext("evaluated: {k} of {n} leaf (minimax never prunes)",
                   "evaluated: {k} of {n} leaves (minimax never prunes)",
                   tree.leaf_count).format(k=tree.leaf_count, n=tree.leaf_count))
    print(_("principal variation: {path}").format(
        path=" -> ".join(n.name for n in principal_variation(tree))))
    if not args.quiet:
        print(_("backed-up values, deepest first:"))
        for node_id in range(len(tree) - 1, -1, -1):
            node = tree[node_id]
            if not node.is_leaf:
                pick = "max" if node.player is MAX else "min"
                inputs = ", ".join(fmt(values[c]) for c in node.children)
                print(f"  {node.title} = {pick}({inputs}) = {fmt(values[node.id])}")


def register(commands) -> None:
    """Add ``alpha-beta`` and ``minimax`` (see :mod:`gametree.cli`)."""
    solve = add_command(commands, "alpha-beta", _alpha_beta,
                        "search a tree with alpha-beta and explain every step",
                        """Search a tree with alpha-beta; print the value, the leaves evaluated
                        and a caption for every step.""")
    tree_arguments(solve)
    solve.add_argument("--strict", action="store_true",
                       help=STRICT_HELP)
    solve.add_argument("--fail-hard", action="store_true",
                       help="return v clamped into each node's window (fail-hard) instead of v")
    solve.add_argument("--quiet", "-q", action="store_true", help="print only the value and the count")

    plain = add_command(commands, "minimax", _minimax, "search a tree with plain minimax",
                        """Search a tree with minimax (no pruning); print the value, the
                        principal variation and every backed-up value.""")
    tree_arguments(plain)
    plain.add_argument("--quiet", "-q", action="store_true", help="print only the value and the count")
