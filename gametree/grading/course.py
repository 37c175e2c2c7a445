"""The grader inside an nbgrader course: the autograder cells' function,
regrading every submission in a fresh process, and the class report.

* :func:`autograde` is what an assignment's autograder cell calls
  (``autograde("trees", "alpha_beta", points=4)``): it grades the code the
  kernel ran with the same grader as ``python -m gametree grade``, prints
  the feedback lines and returns the points, which nbgrader records as
  partial credit.
* :class:`Regrade` is an nbgrader preprocessor that the course's
  ``nbgrader_config.py`` runs in place of nbgrader's own execution of a
  submission (which would run the student's code as the teacher): it
  grades the submitted notebook's code from the file, in the grader's
  sandbox, and writes that result into every autograder cell.  So the
  grade in the gradebook comes from the grader, and patching the
  notebook's kernel (``autograde = lambda *a: 4``) changes nothing.
* :func:`class_results` and :func:`class_figure` read the gradebook and the
  autograded notebooks: the score distribution per assignment and part,
  and the most common first divergences.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbformat.v4 import new_output
from traitlets import Bool

from .grader import MISTAKE_LABELS, Report, SubmissionError, grade, notebook_pieces

__all__ = ["autograde", "Regrade", "ClassResults", "class_results", "ungraded_submissions",
           "class_figure", "class_summary", "AUTOGRADE_CALL"]

REGRADE_VARIABLE = "GAMETREE_REGRADE"
"""Set to "1" by a course configuration that runs :class:`Regrade`: under
``nbgrader autograde`` the autograder cells then leave the grading to it
instead of grading the kernel's code a first time."""

AUTOGRADE_CALL = re.compile(r"""autograde\(\s*["'](\w+)["']\s*,\s*["'](\w+)["']\s*,\s*points\s*=\s*([0-9.]+)""")
"""How an autograder cell calls :func:`autograde` (the assignment, the part, the points)."""


def _scaled(report: Report, part: str, points: float) -> float:
    earned, most = report.part(part)
    return round(points * earned / most, 2) if most else 0.0


def _kernel_history() -> list[tuple[str, str]]:
    """The code the running IPython kernel has run, input by input (the
    grader's own cells left out)."""
    main = sys.modules["__main__"]
    history = getattr(main, "In", None) or vars(main).get("In") or []
    return [(f"input {number}", "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                                          for line in source.splitlines()))
            for number, source in enumerate(history) if source and "gametree.grading" not in source
            and "autograde(" not in source]


def autograde(assignment: str, part: str, points: float = 1.0,
              pieces: Sequence[tuple[str, str]] | None = None) -> float:
    """Grade ``part`` of ``assignment`` on the code this kernel has run (or
    on ``pieces``), print one line per test, and return the points earned
    out of ``points``: what an autograder cell shows and nbgrader records.

    The code runs in its own process, as under ``python -m gametree grade``.
    """
    if os.environ.get("NBGRADER_EXECUTION") == "autograde" and os.environ.get(REGRADE_VARIABLE) == "1":
        print(f"{part}: graded from the submitted file in a fresh process (the course's Regrade)")
        return 0.0          # Regrade replaces this cell's output with the grade
    from .sandbox import isolation

    isolation(say=False)   # a self-check runs the student's own code: no warning in the notebook
    code = list(pieces) if pieces is not None else _kernel_history()
    try:
        report = grade(assignment, code, parts=[part])
    except SubmissionError as error:
        print(f"{part}: not graded: {error}")
        return 0.0
    print("\n".join(report.lines(part)))
    return _scaled(report, part, points)


class Regrade(Preprocessor):
    """nbgrader preprocessor: grade the submitted code again in a fresh
    process and put the result in every autograder cell (its feedback as
    printed text, its points as the cell's value), replacing whatever the
    notebook's own kernel printed there."""

    enabled = Bool(True, help="nbconvert runs a preprocessor only when enabled").tag(config=True)
    require_sandbox = Bool(False, help="refuse to grade where bubblewrap cannot run (each "
                                       "submission would run as the teacher)").tag(config=True)

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        reports: dict[str, Report | str] = {}
        pieces = notebook_pieces(nb)
        for cell in nb.cells:
            match = AUTOGRADE_CALL.search(cell.source) if cell.cell_type == "code" else None
            if match is None:
                continue
            assignment, part, points = match.group(1), match.group(2), float(match.group(3))
            if assignment not in reports:
                try:
                    reports[assignment] = grade(assignment, pieces,
                                                require_sandbox=self.require_sandbox)
                except SubmissionError as error:
                    reports[assignment] = str(error)
            report = reports[assignment]
            mistake: str | None
            if isinstance(report, str):
                text, earned, mistake = f"{part}: not graded: {report}\n", 0.0, "error"
            else:
                text = "\n".join(report.lines(part)) + "\n"
                earned = _scaled(report, part, points)
                failed = [v for v in report.verdicts if v.case.part == part and v.mistake]
                mistake = failed[0].mistake if failed else None
            cell.outputs = [
                new_output("stream", name="stdout", text=text),
                new_output("execute_result", execution_count=cell.get("execution_count"),
                           metadata={"gametree": {"part": part, "first_mistake": mistake}},
                           data={"text/plain": f"{earned:g}"}),
            ]
        return nb, resources


@dataclass(frozen=True)
class ClassResults:
    """A class's grades: per (assignment, part), each student's score and
    the most it could be; and the first mistake of every failed part."""

    scores: dict[tuple[str, str], list[float]]
    most: dict[tuple[str, str], float]
    first_mistakes: Counter[str]
    ungraded: tuple[str, ...] = ()
    """A sentence per submitted notebook nbgrader could not grade (each
    scored 0 in :attr:`scores`): the student, the notebook and why."""
    late: tuple[str, ...] = ()
    """A sentence per submission made after its assignment's deadline (nbgrader
    takes it, and its late-submission policy sets the penalty)."""


def ungraded_submissions(course: str | Path) -> list[tuple[str, str, str]]:
    """The submitted notebooks of an nbgrader course that have no autograded
    copy (nbgrader could not read or run them), as (student, assignment,
    reason): the reason is what reading it as a submission says, or that
    nbgrader's log has it."""
    from .grader import read_submission

    course = Path(course)
    found = []
    for path in sorted(course.glob("submitted/*/*/*.ipynb")):
        assignment, student = path.parent.name, path.parent.parent.name
        if (course / "autograded" / student / assignment / path.name).exists():
            continue
        try:
            read_submission(path)
            reason = f"nbgrader could not grade {path.name} (its log says why)"
        except SubmissionError as error:
            reason = str(error).replace(str(path), path.name)
        found.append((student, assignment, f"not graded, so scored 0: {reason}"))
    return found


def class_results(course: str | Path) -> ClassResults:
    """Read an nbgrader course's gradebook (``gradebook.db``) and its
    autograded notebooks."""
    from nbgrader.api import Gradebook

    course = Path(course)
    database = course / "gradebook.db"
    if not database.exists():
        raise ValueError(f"{course} has no gradebook.db: run nbgrader autograde there first")
    scores: dict[tuple[str, str], list[float]] = {}
    most: dict[tuple[str, str], float] = {}
    late = []
    with Gradebook(f"sqlite:///{database}") as gradebook:
        for assignment in gradebook.assignments:
            for notebook in assignment.notebooks:
                for cell in notebook.grade_cells:
                    most[(assignment.name, cell.name)] = cell.max_score
            for submission in gradebook.assignment_submissions(assignment.name):
                if submission.total_seconds_late > 0:
                    late.append(_late_sentence(submission))
                for notebook in submission.notebooks:
                    for grade_ in notebook.grades:
                        if grade_.cell.cell_type == "code" and grade_.auto_score is not None:
                            scores.setdefault((assignment.name, grade_.name), []).append(grade_.score)
    ungraded = []
    for student, assignment, reason in ungraded_submissions(course):
        for (name, part) in most:
            if name == assignment:
                scores.setdefault((name, part), []).append(0.0)
        ungraded.append(f"{student}'s {assignment}: {reason}")
    mistakes: Counter[str] = Counter()
    for path in sorted(course.glob("autograded/*/*/*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                mistake = output.get("metadata", {}).get("gametree", {}).get("first_mistake")
                if mistake:
                    mistakes[mistake] += 1
    return ClassResults(scores, most, mistakes, tuple(ungraded), tuple(late))


def _late_sentence(submission: Any) -> str:
    """One nbgrader submission after its deadline, in a sentence."""
    seconds = submission.total_seconds_late
    after = (f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min" if seconds < 7200
             else f"{seconds / 3600:.1f} h")
    penalty = submission.late_submission_penalty or 0
    return (f"{submission.student_id}'s {submission.assignment.name}: submitted {after} after the "
            f"deadline ({submission.duedate:%Y-%m-%d %H:%M} UTC); nbgrader's late-submission policy "
            f"took {penalty:g} points")


def class_summary(results: ClassResults) -> list[str]:
    """The class in lines of text: each part's scores, then the first mistakes by count."""
    lines = []
    for (assignment, part), most in sorted(results.most.items()):
        values = results.scores.get((assignment, part), [])
        mean = sum(values) / len(values) if values else 0.0
        lines.append(f"{assignment}: {part.removeprefix('test_')}: {len(values)} graded, mean "
                     f"{mean:.2g}/{most:g}, scores {', '.join(f'{v:g}' for v in sorted(values))}")
    for mistake, count in results.first_mistakes.most_common():
        lines.append(f"first divergence: {_mistake_name(mistake)}: {count}")
    lines += results.ungraded
    lines += results.late
    return lines


def _mistake_name(mistake: str) -> str:
    label = MISTAKE_LABELS.get(mistake, {"error": "code that failed (crash, time, output)",
                                         "other": "another divergence"}.get(mistake, mistake))
    return label.split(" (")[0]


def class_figure(results: ClassResults, top: int = 6, *, theme: object = None) -> Any:
    """A matplotlib figure: each part's score distribution (a strip of
    dots with the mean) and the ``top`` most common first mistakes, in
    ``theme``'s colours (see :func:`gametree.view.theme.theme_of`)."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    from ..view.theme import theme_of  # the colours only; see tests/test_layers.py
    paint = theme_of(theme)

    parts = sorted(results.most)
    figure = Figure(figsize=(12.8, 5.6), dpi=100, layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=[1, 1.2])
    for row, part in enumerate(parts):
        values = results.scores.get(part, [])
        most = results.most[part] or 1
        fractions = [value / most for value in values]
        left.scatter([100 * f for f in fractions], [row] * len(fractions), s=60, alpha=0.6,
                     color=paint["student score"], marker="o", label="a student" if row == 0 else None)
        if fractions:
            mean = 100 * sum(fractions) / len(fractions)
            left.plot([mean], [row], marker="|", markersize=26, color=paint["mean score"],
                      label="mean" if row == 0 else None)
    left.set_yticks(range(len(parts)), [f"{a}: {p.removeprefix('test_')}" for a, p in parts],
                    fontsize=12)
    left.set_xlim(-5, 105)
    left.set_xlabel("score (% of the part's points)", fontsize=12)
    left.set_title("Scores per assignment and part", fontsize=14)
    left.set_ylim(-0.6, len(parts) - 0.4)
    if parts:
        left.legend(fontsize=12, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2)
    common = results.first_mistakes.most_common(top)[::-1]
    right.barh(range(len(common)), [count for _, count in common], color=paint["common mistake"],
               hatch="//", edgecolor=paint["ink"])
    right.set_yticks(range(len(common)), [_mistake_name(name) for name, _ in common], fontsize=12)
    right.xaxis.set_major_locator(MaxNLocator(integer=True))
    right.set_xlabel("parts whose first failed test shows it", fontsize=12)
    right.set_title("Most common first divergences", fontsize=14)
    for row, (_, count) in enumerate(common):
        right.text(count, row, f" {count}", va="center", fontsize=12)
    return figure
