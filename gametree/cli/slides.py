"""``python -m gametree slides``: one 16:9 PDF page per step of alpha-beta, for a lecture hall.

matplotlib is imported only when the slides are drawn, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse

from ..trace import trace_alpha_beta
from .trees import tree_arguments, tree_from_arguments
from .usage import _STRICT_HELP, UsageError, file_name

__all__ = ["register"]


def register(commands) -> None:
    """Add ``slides`` to the command line (see :mod:`gametree.cli`)."""
    parser = commands.add_parser(
        "slides", help="write a PDF with one 16:9 page per step of alpha-beta, for a lecture",
        description="Write slides: one 16:9 PDF page per step of alpha-beta (or per cutoff), "
                    "each with the step's caption, the tree and the pseudocode with the step's "
                    "lines highlighted, in fonts a lecture hall can read.")
    tree_arguments(parser)
    parser.add_argument("--out", "-o", required=True, metavar="FILE", type=file_name,
                        help="the slides: FILE.pdf")
    parser.add_argument("--strict", action="store_true", help=_STRICT_HELP)
    parser.add_argument("--cutoffs-only", action="store_true",
                        help="a page per cutoff only, not per step")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> None:
    from ..view.slides import _pdf_path, check_slides, slide_steps, write_slides

    _pdf_path(args.out)  # a bad name is refused before the search
    trace = trace_alpha_beta(tree_from_arguments(args), strict=args.strict)
    check_slides(len(slide_steps(trace, args.cutoffs_only)), args.cutoffs_only)
    try:
        pages = write_slides(trace, args.out, cutoffs_only=args.cutoffs_only)
    except OSError as error:
        raise UsageError(f"cannot write {error.filename or args.out}: "
                         f"{error.strerror or error}") from None
    what = "cutoff" if args.cutoffs_only else "step"
    print(f"wrote {args.out}: {pages} page{'s' if pages != 1 else ''}, one per {what}")
