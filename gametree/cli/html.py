"""``python -m gametree html``: a search as one self-contained step-through page.

The page (:func:`gametree.view.html`) replays the search with the
Stepper's controls and keys, from a ``file://`` path or any static web
host, with no kernel and no network.  Without ``--out`` it goes to
``handouts/steps.html``.  A search of more than
:data:`gametree.view.pages.MAX_PAGE_STEPS` steps is refused before
anything is drawn.

matplotlib is imported only when the page is drawn, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..tree import Tree
from .chance import search_command
from .trees import tree_from_arguments
from .usage import (
    HANDOUTS,
    STRICT_HELP,
    UsageError,
    default_out,
    file_error,
    file_name,
    theme_argument,
)

__all__ = ["register", "SEARCHES"]

SEARCHES = ("alpha-beta", "fail-hard", "pvs", "mtdf", "expectiminimax")
"""The searches ``--search`` names: those the Stepper steps on a typed tree."""


def register(commands) -> None:
    """Add ``html`` to the command line (see :mod:`gametree.cli`)."""
    parser = search_command(commands, "html", _run,
                            "write a search as one step-through HTML page that needs no kernel",
                            """Write one self-contained HTML page that steps through a search:
                            every step's picture, caption, counter and highlighted pseudocode,
                            with the Stepper's buttons, slider and keys (arrows, Home, End,
                            space). It opens from a file or any web host and fetches nothing.""")
    parser.add_argument("--search", choices=SEARCHES, default=None,
                        help="the search to replay (default: alpha-beta, or expectiminimax on a "
                             "tree with chance nodes)")
    parser.add_argument("--strict", action="store_true", help=STRICT_HELP)
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help=f"the page: FILE.html (default: {HANDOUTS}/steps.html)")
    theme_argument(parser)


def search_trace(tree: Tree, search: str | None, *, strict: bool = False, bounds=None):
    """The recorded search ``--search`` names on ``tree`` (None: the one the
    tree calls for, as the Stepper runs it); a combination that has no
    meaning is a UsageError saying what to drop.

    >>> search_trace(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), "mtdf").name
    'MTD(f)'
    """
    from ..chance import trace_expectiminimax
    from ..games.windows import trace_mtdf, trace_pvs
    from ..solve import trace_search
    from ..trace import trace_alpha_beta

    if search is None:
        search = "expectiminimax" if tree.has_chance or bounds is not None else "alpha-beta"
    if search == "expectiminimax":
        if strict:
            raise UsageError("--strict is alpha-beta's cut rule; expectiminimax cuts when "
                             "alpha >= beta, so leave --strict out")
        return trace_expectiminimax(tree, bounds=None if bounds is None else tuple(bounds))
    if bounds is not None:
        raise UsageError(f"--bounds prunes chance nodes (Star1), which --search {search} does not "
                         f"have; use --search expectiminimax or leave --bounds out")
    if tree.has_chance:
        raise UsageError(f"the tree has chance nodes, which --search {search} cannot search; use "
                         f"--search expectiminimax")
    if search == "mtdf":
        if strict:
            raise UsageError("--strict has no meaning for MTD(f), whose null-window tests cut "
                             "the same under either rule; leave it out")
        return trace_mtdf(tree)
    if search == "pvs":
        return trace_pvs(tree, strict=strict)
    if search == "fail-hard":
        if strict:
            raise UsageError("--search fail-hard needs the alpha >= beta rule: a fail-hard node "
                             "returns beta for every value at or above it, so leave --strict out")
        return trace_alpha_beta(tree, fail_hard=True)
    return trace_search(tree, strict=strict)


def _run(args: argparse.Namespace) -> None:
    from ..view.export import written_whole
    from ..view.pages import check_steps, html, steps_of

    if args.out is not None and not args.out.lower().endswith((".html", ".htm")):
        raise UsageError(f"--out {args.out}: a step-through page is HTML; end the name with .html")
    trace = search_trace(tree_from_arguments(args), args.search, strict=args.strict,
                         bounds=args.bounds)
    steps = steps_of(trace)
    count = check_steps(steps)  # a search too long is refused before anything is drawn
    out = args.out if args.out is not None else default_out("steps.html")
    try:
        page = html(steps, theme=args.theme)
        with written_whole(Path(out)) as part:  # whole or not at all
            part.write_text(page, encoding="utf-8")
    except OSError as error:  # the file meant, never the temporary one beside it
        raise file_error(error, out) from None
    print(f"wrote {out}: {count} steps of {trace.algorithm}")
