"""nbgrader's configuration for the gametree course: this folder is the
course root (``source/<assignment>/<assignment>.ipynb`` are the
instructor's versions).

Run nbgrader from here (``cd assignments``).  The gradebook is nbgrader's
default SQLite file, ``gradebook.db``, made on first use.
:class:`gametree.grading.course.Regrade` grades each submission's code
from the file, in the grader's sandbox, in place of nbgrader's own run of
the notebook, so the grade never depends on what the notebook's kernel
was made to do.

The teacher's grading seed lives outside the repository, in the file
named here (or in the environment variable GAMETREE_GRADING_SEED): put
any line of text in it, and keep it from the students.
"""

import os
from pathlib import Path

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    IgnorePattern,
    LimitOutput,
    SaveAutoGrades,
)

from gametree.grading.course import Regrade
from gametree.grading.export import CsvWithReasons

c = get_config()  # noqa: F821 -- nbgrader defines it when it reads this file

c.CourseDirectory.course_id = "gametree"
c.CourseDirectory.root = str(Path(__file__).resolve().parent)

os.environ.setdefault("GAMETREE_GRADING_SEED_FILE", str(Path.home() / ".gametree" / "grading-seed"))

os.environ["GAMETREE_REGRADE"] = "1"   # the autograder cells leave the grading to Regrade
# nbgrader's own steps, with Regrade after its clean-up of the outputs and
# before it saves the grades.  nbgrader's Execute is left out: it would run each
# student's notebook in a kernel of yours, as you, outside any sandbox, and
# Regrade grades the code itself (under bubblewrap) and writes every
# autograder cell, so nothing needs the notebook run again.
c.Autograde.autograde_preprocessors = [IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                       Regrade, SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]
# Each submission is graded under bubblewrap (no network, no view of this
# folder, the gradebook or your home); without it, refuse to grade rather than
# run students' code as you.  Set False only where bubblewrap cannot run.
c.Regrade.require_sandbox = True
# nbgrader's CSV with a "note" column: why a submitted notebook nbgrader could not
# grade (it is a 0 in the export) was not graded.
c.ExportApp.plugin_class = CsvWithReasons
