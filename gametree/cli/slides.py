"""``python -m gametree slides``: one 16:9 PDF page per step of alpha-beta, for a lecture hall.

Without ``--out`` the slides go to ``handouts/steps.pdf``.  At most
:data:`gametree.view.slides.MAX_SLIDES` pages (about a minute of drawing),
refused before anything is drawn; while the pages are drawn, a counter on
stderr says how many are done when stderr is a terminal (and nothing
otherwise, so a log or a pipe stays clean).

matplotlib is imported only when the slides are drawn, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse

from ..trace import trace_alpha_beta
from .trees import tree_arguments, tree_from_arguments
from .usage import (
    HANDOUTS,
    STRICT_HELP,
    add_command,
    default_out,
    file_error,
    file_name,
    theme_argument,
)

__all__ = ["register"]


def register(commands) -> None:
    """Add ``slides`` to the command line (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "slides", _run,
                         "write a PDF with one 16:9 page per step of alpha-beta, for a lecture",
                         """Write slides: one 16:9 PDF page per step of alpha-beta (or per
                         cutoff), each with the step's caption, the tree and the pseudocode
                         with the step's lines highlighted, in fonts a lecture hall can read.""")
    tree_arguments(parser)
    theme_argument(parser)
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help=f"the slides: FILE.pdf (default: {HANDOUTS}/steps.pdf)")
    parser.add_argument("--strict", action="store_true", help=STRICT_HELP)
    parser.add_argument("--cutoffs-only", action="store_true",
                        help="a page per cutoff only, not per step")


def _run(args: argparse.Namespace) -> None:
    from ..view.progress import Progress
    from ..view.slides import check_slides, pdf_path, slide_steps, write_slides

    if args.out is not None:
        pdf_path(args.out)  # a bad name is refused before the search
    trace = trace_alpha_beta(tree_from_arguments(args), strict=args.strict)
    pages = check_slides(len(slide_steps(trace, args.cutoffs_only)), args.cutoffs_only)
    out = args.out if args.out is not None else default_out("steps.pdf")
    try:
        with Progress(pages, "drawing slides") as bar:  # on a terminal only
            write_slides(trace, out, cutoffs_only=args.cutoffs_only, progress=bar,
                         theme=args.theme)
    except OSError as error:
        raise file_error(error, out) from None
    what = "cutoff" if args.cutoffs_only else "step"
    print(f"wrote {out}: {pages} page{'s' if pages != 1 else ''}, one per {what}")
