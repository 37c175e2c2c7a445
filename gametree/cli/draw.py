"""``python -m gametree draw``: a tree, a step of alpha-beta, or the whole search as a GIF.

matplotlib is imported only when a picture is made, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..trace import trace_alpha_beta
from ..view.export import check_dpi, check_format, check_gif, save, save_gif
from ..view.progress import Progress
from .trees import tree_arguments, tree_from_arguments
from .usage import _STRICT_HELP, UsageError, file_name, whole_number

__all__ = ["register"]


def register(commands) -> None:
    """Add ``draw`` to the command line (see :mod:`gametree.cli`)."""
    parser = commands.add_parser(
        "draw", help="draw a tree, a step of alpha-beta, or the whole search as a GIF",
        description="Draw a tree (plain, for exercise sheets), alpha-beta's state after one step "
                    "(--step), or the whole search as an animated GIF (--gif).")
    tree_arguments(parser)
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help="write one picture: FILE ends in .png, .svg or .pdf")
    parser.add_argument("--step", "-s", type=whole_number, metavar="N",
                        help="draw the search after step N (-1: finished); without it the plain tree")
    parser.add_argument("--gif", metavar="FILE", type=file_name, help="write the whole search as an animated GIF")
    parser.add_argument("--strict", action="store_true",
                        help=_STRICT_HELP)
    parser.add_argument("--dpi", type=float, metavar="DPI", help="resolution (PNG and GIF)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> None:
    if args.out is None and args.gif is None:
        raise UsageError("say where to write: --out tree.png for one picture, "
                         "or --gif steps.gif for the whole search")
    if args.step is not None and args.out is None:
        raise UsageError("--step N draws one picture; say where with --out step.png")
    tree = tree_from_arguments(args)
    # Check both names before the (slow) drawing.
    if args.out is not None:
        check_format(Path(args.out))
    if args.gif is not None and not args.gif.lower().endswith(".gif"):
        raise UsageError(f"--gif {args.gif}: end the file name with .gif")
    check_dpi(args.dpi)
    if args.gif is not None:  # a search too long to animate is refused before --out is drawn
        check_gif(trace_alpha_beta(tree, strict=args.strict))
    try:
        if args.out is not None:
            save(tree, args.out, args.step, strict=args.strict, dpi=args.dpi or 150)
            print(f"wrote {args.out}")
        if args.gif is not None:
            with Progress(0, "drawing frames") as bar:  # save_gif tells it the total
                save_gif(tree, args.gif, strict=args.strict, dpi=args.dpi, progress=bar)
            print(f"wrote {args.gif}")
    except OSError as error:
        where = error.filename or args.out or args.gif
        raise UsageError(f"cannot write {where}: {error.strerror or error}") from None
