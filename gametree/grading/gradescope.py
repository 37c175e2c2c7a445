"""Grading on Gradescope: a report as Gradescope's ``results.json``, and the
autograder bundle (``setup.sh``, ``run_autograder``) Gradescope runs.

Gradescope's autograder specification: the bundle is unzipped into
``/autograder/source`` and ``setup.sh`` runs there once, when the image is
built; for each submission ``/autograder/run_autograder`` runs with the
student's files in ``/autograder/submission`` and must write
``/autograder/results/results.json``: ``{"score": total, "tests": [{"name",
"score", "max_score", "output", "visibility"}, ...], "output": ...}``.

Run as ``python -m gametree.grading.gradescope ASSIGNMENT ROOT``, this module
is what ``run_autograder`` calls: it finds the submission under
``ROOT/submission``, grades it with :func:`~gametree.grading.grader.grade_file`
and writes ``ROOT/results/results.json``, a result (score 0 and the reason)
even for a submission that cannot be graded.
"""

from __future__ import annotations

import json
import os
import sys
import zipfile
from pathlib import Path
from typing import Any

from .assignments import ASSIGNMENTS, SEED_FILE_VARIABLE, SEED_VARIABLE

__all__ = ["results", "failed_results", "find_submission", "run_autograder", "write_bundle",
           "ROOT_VARIABLE", "SEED_NAME", "VISIBILITY"]

ROOT_VARIABLE = "GAMETREE_AUTOGRADER_ROOT"
"""The environment variable that moves ``/autograder`` (for testing the bundle)."""

SEED_NAME = "grading-seed"
"""The teacher's seed file in the bundle, when one is asked for."""

VISIBILITY = "visible"
"""Every test's visibility: the feedback is for the student to read."""


def results(report: Any) -> dict[str, Any]:
    """A :class:`~gametree.grading.grader.Report` as Gradescope's results.

    >>> from gametree.grading.assignments import Case
    >>> from gametree.grading.grader import Report, Verdict
    >>> case = Case("minimax", {}, "minimax on [3, 5]", 2.0)
    >>> out = results(Report("trees", (Verdict(case, 0.0, "returned 3, expected 5"),), ("note",)))
    >>> out["score"], out["tests"][0]["max_score"], out["tests"][0]["output"]
    (0.0, 2.0, 'returned 3, expected 5')
    """
    tests = [{"name": f"{verdict.case.part}: {verdict.case.label}", "score": verdict.earned,
              "max_score": verdict.case.points, "output": verdict.message,
              "status": "passed" if verdict.earned >= verdict.case.points else "failed",
              "visibility": VISIBILITY} for verdict in report.verdicts]
    return {"score": report.score, "output": "\n".join(report.notes), "visibility": VISIBILITY,
            "stdout_visibility": "hidden", "tests": tests}


def failed_results(reason: str) -> dict[str, Any]:
    """The results of a submission that could not be graded: score 0 and why."""
    return {"score": 0.0, "output": reason, "visibility": VISIBILITY,
            "stdout_visibility": "hidden", "tests": []}


def find_submission(folder: str | Path, assignment: str) -> Path:
    """The submission in ``folder``: ``ASSIGNMENT.ipynb`` or ``.py`` if there,
    else the only notebook or ``.py`` file (looked for in subfolders too).

    Raises ValueError with a sentence when there is none, or several."""
    folder = Path(folder)
    for name in (f"{assignment}.ipynb", f"{assignment}.py"):
        if (folder / name).is_file():
            return folder / name
    found = sorted(p for p in [*folder.rglob("*.ipynb"), *folder.rglob("*.py")]
                   if ".ipynb_checkpoints" not in p.parts)
    if len(found) == 1:
        return found[0]
    if not found:
        raise ValueError(f"no notebook or .py file was submitted: upload {assignment}.ipynb")
    names = ", ".join(str(p.relative_to(folder)) for p in found[:5])
    raise ValueError(f"{len(found)} files were submitted ({names}): upload {assignment}.ipynb "
                     f"alone, or name the one to grade {assignment}.ipynb")


def run_autograder(assignment: str, root: str | Path) -> dict[str, Any]:
    """Grade ``ROOT/submission`` and write ``ROOT/results/results.json``; return
    what was written.  The teacher's seed, when the bundle holds one, is
    ``ROOT/source/grading-seed``."""
    from .grader import grade_file

    root = Path(root)
    seed = root / "source" / SEED_NAME
    if seed.is_file() and not os.environ.get(SEED_VARIABLE):
        os.environ[SEED_FILE_VARIABLE] = str(seed)
    try:
        out = results(grade_file(assignment, find_submission(root / "submission", assignment)))
    except ValueError as error:  # SubmissionError too: a 0 with its reason, never no result
        out = failed_results(str(error.args[0]) if error.args else str(error))
    except Exception as error:  # noqa: BLE001  Gradescope shows nothing without results.json
        out = failed_results(f"the grader itself failed ({type(error).__name__}: {error}); "
                             f"ask the teacher to regrade this submission")
    (root / "results").mkdir(parents=True, exist_ok=True)
    target = root / "results" / "results.json"
    temporary = target.with_suffix(".json.part")
    temporary.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, target)
    return out


SETUP = """#!/usr/bin/env bash
# Gradescope runs this once in /autograder/source when it builds the image
# (choose the Ubuntu 24.04 base image: its Python 3.12 needs nothing more).
# gametree's grader needs Python 3.11 or later and nothing else from PyPI;
# bubblewrap isolates each submission from the image.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3 bubblewrap
for candidate in python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null; then found=$(command -v "$candidate"); break; fi
done
if [ -z "${found:-}" ]; then
    apt-get install -y -qq python3.11 && found=$(command -v python3.11) || {
        echo "gametree needs Python 3.11 or later: choose Gradescope's Ubuntu 24.04 image" >&2
        exit 1
    }
fi
ln -sf "$found" /autograder/source/python
# The grader imports with this Python (run_autograder puts the source on PYTHONPATH):
cd /autograder/source && ./python -c "import gametree.grading.grader"
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for each submission: grade /autograder/submission with
# gametree's grader and write /autograder/results/results.json.
# {root_variable} moves /autograder (to try the bundle in a folder).
set -uo pipefail
ROOT="${{{root_variable}:-/autograder}}"
PYTHON="${{GAMETREE_AUTOGRADER_PYTHON:-$ROOT/source/python}}"
cd "$ROOT/source" && PYTHONPATH="$ROOT/source" exec "$PYTHON" -m gametree.grading.gradescope \\
    {assignment} "$ROOT"
"""


def write_bundle(assignment: str, out: str | Path, seed_file: str | Path | None = None) -> list[str]:
    """Write Gradescope's autograder zip for ``assignment`` to ``out``: the
    package's code, ``setup.sh`` and ``run_autograder``, and the teacher's
    seed (the first line of ``seed_file``) only when given.  Returns the
    names written.

    Raises ValueError for an unknown assignment or an empty or unreadable seed file."""
    if assignment not in ASSIGNMENTS:
        raise ValueError(f"unknown assignment {assignment!r}: choose one of "
                         f"{', '.join(ASSIGNMENTS)}")
    seed = None
    if seed_file is not None:
        try:
            text = Path(seed_file).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(f"--seed-file {seed_file} cannot be read ({type(error).__name__}): "
                             f"name a text file holding the seed") from None
        if not text:
            raise ValueError(f"--seed-file {seed_file} is empty: write the seed on its first line")
        seed = text.splitlines()[0].strip()
    package = Path(__file__).resolve().parent.parent
    names = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        for name, text, mode in (("setup.sh", SETUP, 0o755),
                                 ("run_autograder", RUN.format(assignment=assignment,
                                                               root_variable=ROOT_VARIABLE), 0o755)):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o100000 | mode) << 16
            bundle.writestr(info, text)
            names.append(name)
        for path in sorted(package.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                name = f"gametree/{path.relative_to(package).as_posix()}"
                bundle.write(path, name)
                names.append(name)
        if seed is not None:
            bundle.writestr(SEED_NAME, seed + "\n")
            names.append(SEED_NAME)
    return names


def _main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m gametree.grading.gradescope ASSIGNMENT ROOT", file=sys.stderr)
        return 2
    out = run_autograder(argv[0], argv[1])
    print(f"score: {out['score']:g}/{sum(t['max_score'] for t in out['tests']):g}")
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
