"""``python -m gametree draw``: a tree, a step of its search, or the whole search as a GIF.

The search is alpha-beta, or expectiminimax on a tree with chance nodes
(typed as lists of ``(probability, subtree)`` pairs with ``--tree``), with
Star1 pruning when ``--bounds LOW HIGH`` are given.

matplotlib is imported only when a picture is made, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..solve import trace_search
from ..view.export import check_dpi, check_format, check_gif, save, save_gif
from ..view.progress import Progress
from .chance import chance_trace, search_command
from .trees import tree_from_arguments
from .usage import STRICT_HELP, UsageError, file_error, file_name, theme_argument, whole_number

__all__ = ["register"]


def register(commands) -> None:
    """Add ``draw`` to the command line (see :mod:`gametree.cli`)."""
    parser = search_command(commands, "draw", _run,
                            "draw a tree, a step of alpha-beta, or the whole search as a GIF",
                            """Draw a tree (plain, for exercise sheets), alpha-beta's state after
                            one step (--step), or the whole search as an animated GIF (--gif).
                            A tree with chance nodes, typed with --tree as lists of
                            (probability, subtree) pairs, is searched with expectiminimax (with
                            Star1 pruning given --bounds).""")
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help="write one picture: FILE ends in .png, .svg or .pdf")
    parser.add_argument("--step", "-s", type=whole_number, metavar="N",
                        help="draw the search after step N (-1: finished); without it the plain tree")
    parser.add_argument("--gif", metavar="FILE", type=file_name, help="write the whole search as an animated GIF")
    parser.add_argument("--strict", action="store_true",
                        help=STRICT_HELP)
    parser.add_argument("--dpi", type=float, metavar="DPI", help="resolution (PNG and GIF)")
    theme_argument(parser)


def _run(args: argparse.Namespace) -> None:
    if args.out is None and args.gif is None:
        raise UsageError("say where to write: --out tree.png for one picture, "
                         "or --gif steps.gif for the whole search")
    if args.step is not None and args.out is None:
        raise UsageError("--step N draws one picture; say where with --out step.png")
    tree = tree_from_arguments(args)
    if args.strict and (tree.has_chance or args.bounds is not None):
        raise UsageError("--strict is alpha-beta's cut rule; expectiminimax (a tree with chance "
                         "nodes, or --bounds) cuts when alpha >= beta, so leave --strict out")
    # The search: alpha-beta, expectiminimax, or Star1 with --bounds.
    trace = chance_trace(tree, args.bounds) if args.bounds is not None else \
        trace_search(tree, strict=args.strict)
    _check_files(args, trace)
    try:
        _write(args, tree, trace)
    except OSError as error:  # the file meant, never the temporary one beside it
        raise file_error(error, error.filename or args.out or args.gif) from None


def _check_files(args: argparse.Namespace, trace) -> None:
    """Both file names, the resolution and (for a GIF) the search's length,
    checked before the (slow) drawing."""
    if args.out is not None:
        check_format(Path(args.out))
    if args.gif is not None and not args.gif.lower().endswith(".gif"):
        raise UsageError(f"--gif {args.gif}: end the file name with .gif")
    check_dpi(args.dpi)
    if args.gif is not None:  # a search too long to animate is refused before --out is drawn
        check_gif(trace)


def _write(args: argparse.Namespace, tree, trace) -> None:
    """Draw and write the picture (--out) and the GIF (--gif) asked for."""
    if args.out is not None:  # without --step the plain tree, else the search at that step
        save(tree if args.step is None else trace, args.out, args.step, dpi=args.dpi or 150,
             theme=args.theme)
        print(f"wrote {args.out}")
    if args.gif is not None:
        with Progress(0, "drawing frames") as bar:  # save_gif tells it the total
            save_gif(trace, args.gif, dpi=args.dpi, progress=bar, theme=args.theme)
        print(f"wrote {args.gif}")
