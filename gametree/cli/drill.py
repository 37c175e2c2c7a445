"""``python -m gametree drill``: a page of seeded practice trees, checked in the browser.

The trees are the exercise sheet's (:func:`gametree.practice.sheets.sheet_exercises`:
tree ``k`` of seed ``N`` is ``Exercise.random(1000 * N + k, ...)``); each
key is the exercise's own solution (:meth:`gametree.practice.Exercise.solution`),
computed when the page is written, and the mistakes are named in the
checker's words (:class:`gametree.practice.checker.MistakeKind`).  The page
says that it is for practice, not grading: its answers are in its source.
The same seed and options give the same bytes.  Without ``--out`` it goes
to ``handouts/drill.html``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..practice.checker import MistakeKind
from ..practice.exercise import ORDERINGS, Exercise
from ..practice.shapes import ROOTS
from ..practice.sheets import sheet_exercises
from .trees import players_list
from .usage import (
    HANDOUTS,
    STRICT_HELP,
    UsageError,
    add_command,
    default_out,
    file_error,
    file_name,
    whole_number,
)

if TYPE_CHECKING:  # imported when a page is made, so that every command starts faster
    from ..view.pages.drill import DrillTree

__all__ = ["register", "drill_trees", "drill_page", "WORDS"]

WORDS = {"value": str(MistakeKind.WRONG_VALUE), "cutoff": str(MistakeKind.MISSED_CUTOFF),
         "over": str(MistakeKind.OVER_PRUNED), "empty": str(MistakeKind.EMPTY)}
"""The page's names for mistakes: the practice checker's."""


def drill_trees(exercises: Sequence[Exercise]) -> list[DrillTree]:
    """Each exercise as a tree of the page, with its solution as the key.

    >>> tree = drill_trees([Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)])[0]
    >>> dict(tree.values), sorted(tree.pruned)
    ({'A': 3, 'B': 3, 'C': 2, 'D': 2}, ['I', 'J'])
    """
    from ..view.pages.drill import DrillTree

    trees = []
    for exercise in exercises:
        key = exercise.solution()
        label = "" if exercise.seed is None else f"seed {exercise.seed}"
        trees.append(DrillTree(exercise.tree, exercise.text, dict(key.values),
                               frozenset(key.pruned), label))
    return trees


def drill_page(seed: int, count: int = 10, branching: int = 3, depth: int = 3, **options) -> str:
    """The drill page of ``count`` trees made from ``seed`` (the sheet's
    trees: ``options`` are :func:`~gametree.practice.sheets.sheet_exercises`'
    ``strict``, ``ordering``, ``uneven``, ``root`` and ``players``).

    >>> drill_page(42, 2, 2, 2) == drill_page(42, 2, 2, 2)
    True
    """
    from ..view.pages.drill import drill_html

    exercises = sheet_exercises(seed, count, branching, depth, bounds="none", **options)
    return drill_html(drill_trees([e for e in exercises if isinstance(e, Exercise)]), words=WORDS)


def register(commands) -> None:
    """Add ``drill`` to the command line (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "drill", _run,
                         "write a page of seeded alpha-beta trees to practise on in a browser",
                         """Write one self-contained HTML page of seeded alpha-beta trees: cross
                         out the pruned branches, type the values, press Check, and every
                         mistake is named (wrong value, missed cutoff, over-pruned), with a
                         running score. For practice, not grading: the answers are in the page.
                         The same seed gives the same page.""")
    parser.add_argument("--seed", type=whole_number, required=True, metavar="N",
                        help="the page's seed (0 or more); tree k uses seed 1000*N + k, as the "
                             "exercise sheet does")
    parser.add_argument("--count", type=whole_number, default=10, metavar="K",
                        help="trees (default 10)")
    parser.add_argument("--branching", "-b", type=whole_number, default=3, metavar="B",
                        help="children per internal node (default 3)")
    parser.add_argument("--depth", "-d", type=whole_number, default=3, metavar="D",
                        help="edges from the root to a leaf (default 3)")
    parser.add_argument("--strict", action="store_true", help=STRICT_HELP)
    parser.add_argument("--ordering", choices=ORDERINGS, default="random",
                        help="children as drawn at random, or best or worst first")
    parser.add_argument("--uneven", action="store_true",
                        help="uneven trees: 2 to B children per node, leaves at several depths")
    parser.add_argument("--root", choices=ROOTS, default="MAX", type=str.upper,
                        help="who moves at the root (default MAX)")
    parser.add_argument("--players", type=players_list, metavar="P,P,...",
                        help="who moves at each level in turn, e.g. MAX,MIN,MIN (MAX and MIN "
                             "only; not with --root MIN)")
    parser.add_argument("--out", "-o", metavar="FILE", type=file_name,
                        help=f"the page: FILE.html (default: {HANDOUTS}/drill.html)")


def _run(args: argparse.Namespace) -> None:
    from ..view.export import written_whole

    if args.out is not None and not args.out.lower().endswith((".html", ".htm")):
        raise UsageError(f"--out {args.out}: a drill page is HTML; end the name with .html")
    page = drill_page(args.seed, args.count, args.branching, args.depth, strict=args.strict,
                      ordering=args.ordering, uneven=args.uneven, root=args.root,
                      players=args.players)
    out = args.out if args.out is not None else default_out("drill.html")
    try:
        with written_whole(Path(out)) as part:
            part.write_text(page, encoding="utf-8")
    except OSError as error:
        raise file_error(error, out) from None
    print(f"wrote {out}: {args.count} tree{'s' if args.count != 1 else ''} to practise on")
