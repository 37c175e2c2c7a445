"""``python -m gametree exercises``: a printable sheet of alpha-beta exercises and its key
(``--chance``: expectiminimax exercises on trees with chance nodes).

Without ``--out`` the sheet goes to ``handouts/sheet.pdf`` (and its key to
``handouts/sheet-key.pdf``).

matplotlib is imported only when a sheet is drawn, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse

from ..practice.exercise import BOUNDS, ORDERINGS, TASKS
from ..practice.shapes import ROOTS
from ..view.sheets import PAPER, write_sheet
from .trees import players_list
from .usage import (
    HANDOUTS,
    STRICT_HELP,
    FileError,
    add_command,
    default_out,
    file_error,
    file_name,
    theme_argument,
    whole_number,
)

__all__ = ["register"]


def register(commands) -> None:
    """Add ``exercises`` to the command line (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "exercises", _run,
                         "write a printable sheet of alpha-beta exercises and its answer key",
                         """Write a sheet of seeded alpha-beta exercises (PDF, or PNG pages) and a
                         separate answer key. The same seed gives the same sheet on any
                         machine.""")
    parser.add_argument("--seed", type=whole_number, required=True, metavar="N",
                        help="the sheet's seed (0 or more); exercise k uses seed 1000*N + k")
    parser.add_argument("--count", type=whole_number, default=8, metavar="K", help="exercises (default 8)")
    parser.add_argument("--branching", "-b", type=whole_number, metavar="B",
                        help="children per internal node (default 3; with --chance, per MAX or "
                             "MIN node, default 2)")
    parser.add_argument("--depth", "-d", type=whole_number, metavar="D",
                        help="edges from the root to a leaf (default 3; with --chance, levels of "
                             "MAX or MIN nodes, default 2)")
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help="the sheet: FILE.pdf, or FILE.png for one picture per page "
                             f"(default: {HANDOUTS}/sheet.pdf)")
    parser.add_argument("--key", metavar="FILE", type=file_name,
                        help="the answer key (default: FILE-key.pdf beside the sheet)")
    parser.add_argument("--strict", action="store_true",
                        help=STRICT_HELP)
    parser.add_argument("--ordering", choices=ORDERINGS, default="random",
                        help="children as drawn at random, or best or worst first")
    parser.add_argument("--bounds", choices=BOUNDS, default="some",
                        help="where to ask for alpha and beta (default: some nodes)")
    parser.add_argument("--task", choices=TASKS, default="search",
                        help="search by hand, or reorder the children to prune the most")
    parser.add_argument("--uneven", action="store_true",
                        help="uneven trees: 2 to B children per node, leaves at several depths "
                             "(the deepest at D)")
    parser.add_argument("--root", choices=ROOTS, default="MAX", type=str.upper,
                        help="who moves at the root (default MAX)")
    parser.add_argument("--players", type=players_list, metavar="P,P,...",
                        help="who moves at each level in turn, e.g. MAX,MIN,MIN for MAX and two "
                             "ghosts (MAX and MIN only; not with --root MIN)")
    parser.add_argument("--chance", action="store_true",
                        help="expectiminimax exercises instead: DEPTH levels of MAX or MIN nodes "
                             "with B children, each a chance node (default depth 2, branching 2)")
    parser.add_argument("--outcomes", type=whole_number, default=2, metavar="K",
                        help="with --chance: outcomes of each chance node (default 2)")
    parser.add_argument("--paper", choices=tuple(PAPER), default="a4", help="paper size")
    parser.add_argument("--dpi", type=float, default=150, help="resolution of PNG pages")
    theme_argument(parser)


def _run(args: argparse.Namespace) -> None:
    default = 2 if args.chance else 3
    branching = default if args.branching is None else args.branching
    depth = default if args.depth is None else args.depth
    out = args.out if args.out is not None else default_out("sheet.pdf")
    try:
        files = write_sheet(out, seed=args.seed, count=args.count, branching=branching,
                            depth=depth, strict=args.strict, ordering=args.ordering,
                            bounds=args.bounds, task=args.task, key=args.key, paper=args.paper,
                            dpi=args.dpi, uneven=args.uneven, root=args.root,
                            chance=args.chance, outcomes=args.outcomes, players=args.players,
                            theme=args.theme)
    except OSError as error:  # write_sheet names the file that failed, and writes neither
        raise FileError(f"{file_error(error, error.filename or out)}; nothing was "
                        f"written") from None
    for path in files.sheet + files.key:
        print(f"wrote {path}")
