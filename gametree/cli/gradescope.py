"""``python -m gametree gradescope ASSIGNMENT --out autograder.zip``: the
bundle Gradescope runs to grade ASSIGNMENT with this grader
(:mod:`gametree.grading.gradescope`).  Exits 0 when written, 2 with one
line on stderr for an unknown assignment or a bad seed file, 1 when the
zip cannot be written."""

from __future__ import annotations

import argparse
from pathlib import Path

from .usage import default_out, file_error, file_name

__all__ = ["register"]


def register(commands: argparse._SubParsersAction) -> None:
    """Add the ``gradescope`` command."""
    from ..grading.assignments import ASSIGNMENTS
    from .usage import add_command

    parser = add_command(commands, "gradescope", run,
                         "the autograder zip that grades an assignment on Gradescope",
                         """Write the autograder bundle Gradescope runs: setup.sh (installs
                         Python and bubblewrap on Gradescope's Ubuntu image) and run_autograder
                         (grades /autograder/submission with this grader and writes
                         /autograder/results/results.json). The teacher's seed goes in only
                         with --seed-file; without it, the public cases are graded.""")
    parser.add_argument("assignment", metavar="ASSIGNMENT",
                        help=f"the assignment: {', '.join(ASSIGNMENTS)}")
    parser.add_argument("--out", metavar="FILE", type=file_name,
                        help="the zip to write (default: handouts/autograder.zip)")
    parser.add_argument("--seed-file", metavar="FILE",
                        help="put the first line of FILE in the bundle as the grading seed")


def run(args: argparse.Namespace) -> None:
    from ..grading.gradescope import write_bundle
    from ..view.export import written_whole

    if args.out is None:
        args.out = default_out("autograder.zip")
    if not args.out.endswith(".zip"):
        raise ValueError(f"--out {args.out}: name a .zip file, as Gradescope asks")
    try:
        with written_whole(Path(args.out)) as part:  # whole or not at all
            names = write_bundle(args.assignment, part, args.seed_file)
    except OSError as error:
        raise file_error(error, args.out) from None
    seeded = "with the grading seed" if "grading-seed" in names else "without a seed (public cases)"
    print(f"wrote {args.out}: {len(names)} files, {seeded}; upload it as the autograder")
