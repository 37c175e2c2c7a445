"""``python -m gametree grade ASSIGNMENT SUBMISSION``: grade a student's
notebook or ``.py`` file, one line per test, then ``score: N/M``; and
``python -m gametree class-report COURSE``: a graded class at a glance.

The submission runs in its own process with limits
(:mod:`gametree.grading.sandbox`); the expected answers stay here.  It
exits 0 whenever it graded, whatever the score (a submission with a syntax
error is graded, 0 where it defines nothing, and told where the error
is), and 2 with one line on stderr for a missing or unreadable file, an
unknown assignment, a submission that defines none of the assignment's
functions, or ``--require-sandbox`` where bubblewrap cannot run (with
``--format gradescope``, Gradescope's results.json: a submission that
cannot be graded is a 0 with its reason, since Gradescope needs a
result).  ``class-report`` ends with the similarity report
(:mod:`gametree.grading.similarity`) when the course has a ``submitted/``
folder.
"""

from __future__ import annotations

import argparse
import os

from .usage import UsageError, add_command

__all__ = ["register"]


def register(commands: argparse._SubParsersAction) -> None:
    """Add the ``grade`` command."""
    from ..grading.assignments import ASSIGNMENTS, SEED_FILE_VARIABLE, SEED_VARIABLE

    parser = add_command(commands, "grade", run,
                         "grade a submission of an assignment, test by test",
                         f"""Grade a student's notebook or .py file: one line per test (passed, or
                         what went wrong first), then 'score: N/M'. The code runs in its own
                         process with time and memory limits, under bubblewrap where it runs
                         (no network, no view of your files, the engine not inside). The
                         teacher's seed
                         ({SEED_VARIABLE}, or a file named by {SEED_FILE_VARIABLE}) adds cases
                         drawn from it; without it the public cases are graded.""")
    parser.add_argument("assignment", metavar="ASSIGNMENT",
                        help=f"the assignment: {', '.join(ASSIGNMENTS)}")
    parser.add_argument("submission", metavar="SUBMISSION", help="the student's .ipynb or .py file")
    parser.add_argument("--require-sandbox", action="store_true",
                        help="refuse to grade where bubblewrap cannot run (the submission would "
                             "run as you, able to read and write your files)")
    parser.add_argument("--format", choices=("text", "gradescope"), default="text",
                        help="text (default), or gradescope: Gradescope's results.json on "
                             "standard output (a submission that cannot be graded is a 0 "
                             "with its reason)")
    report = add_command(commands, "class-report", run_report,
                         "a graded class: scores per part and the most common first mistakes",
                         """Read an nbgrader course's gradebook after 'nbgrader autograde': print
                         each part's scores and the most common first divergences, and with
                         --out draw them (a PNG, PDF or SVG file). Then the submissions close
                         to the package's searches or to each other (as 'similarity').""")
    report.add_argument("course", metavar="COURSE", help="the course folder (it holds gradebook.db)")
    report.add_argument("--out", metavar="FILE", help="also draw the chart into FILE")


def run_report(args: argparse.Namespace) -> None:
    from ..grading.course import class_figure, class_results, class_summary

    results = class_results(args.course)
    print("\n".join(class_summary(results)))
    if os.path.isdir(os.path.join(args.course, "submitted")):  # copying, shown, never graded
        from ..grading.similarity import course_similarity, report_lines

        print("", *report_lines(*course_similarity(args.course)), sep="\n")
    if args.out:
        if not args.out.lower().endswith((".png", ".pdf", ".svg")):
            raise ValueError(f"--out {args.out}: name a .png, .pdf or .svg file")
        class_figure(results).savefig(args.out)
        print(f"wrote {args.out}")


def run(args: argparse.Namespace) -> None:
    from ..grading.grader import SubmissionError, grade_file
    from ..grading.sandbox import SandboxUnavailable

    try:
        if args.format == "gradescope":
            import json

            from ..grading.gradescope import failed_results, results

            if not os.path.isfile(args.submission):
                raise UsageError(f"{args.submission} does not exist: check the path")
            try:
                out = results(grade_file(args.assignment, args.submission,
                                         require_sandbox=args.require_sandbox))
            except SubmissionError as error:
                out = failed_results(str(error))
            print(json.dumps(out, indent=1), flush=True)
            return
        report = grade_file(args.assignment, args.submission, require_sandbox=args.require_sandbox)
    except SandboxUnavailable as error:
        raise UsageError(str(error)) from None
    print("\n".join(report.lines()), flush=True)
