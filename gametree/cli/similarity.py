"""``python -m gametree similarity COURSE``: which submissions are close to
the package's searches or to each other's, with the matching lines side by
side (:mod:`gametree.grading.similarity`).  It flags; it never changes a
grade.  Exits 0 whenever it compared, 2 with one line on stderr for a
folder that is missing or holds no submission."""

from __future__ import annotations

import argparse
from pathlib import Path

from .usage import add_command, file_error

__all__ = ["register"]


def register(commands: argparse._SubParsersAction) -> None:
    """Add the ``similarity`` command."""
    parser = add_command(commands, "similarity", run,
                         "submissions close to the package's searches or to each other",
                         """List the submissions whose code is close to the package's searches
                         (the code a student could paste from the public repository) or to
                         another submission's, with the matching lines side by side, using
                         copydetect's winnowing. COURSE is an nbgrader course (its
                         submitted/STUDENT/ASSIGNMENT/*.ipynb, the released starter code
                         left out) or a folder of .py and .ipynb files. It flags; it never
                         changes a grade.""")
    parser.add_argument("course", metavar="COURSE",
                        help="an nbgrader course folder, or a folder of .py and .ipynb files")
    parser.add_argument("--starter", metavar="FILE",
                        help="for a plain folder: the released notebook or .py file the "
                             "students started from, whose code matches no one")
    parser.add_argument("--out", metavar="FILE",
                        help="also write the report to FILE: .html for copydetect's page (the "
                             "code of each pair highlighted), .txt for this text")


def run(args: argparse.Namespace) -> None:
    from ..grading.similarity import course_similarity, html_report, report_lines
    from ..view.export import written_whole

    if args.out and not args.out.lower().endswith((".html", ".txt")):
        raise ValueError(f"--out {args.out}: name a .html file (copydetect's page) or a .txt file")
    matches, count, unreadable = course_similarity(args.course, starter=args.starter)
    text = "\n".join(report_lines(matches, count, unreadable))
    print(text)
    if args.out:
        page = (html_report(args.course, args.starter) if args.out.lower().endswith(".html")
                else text + "\n")
        try:
            with written_whole(Path(args.out)) as part:  # whole or not at all
                part.write_text(page, encoding="utf-8")
        except OSError as error:
            raise file_error(error, args.out) from None
        print(f"wrote {args.out}")
