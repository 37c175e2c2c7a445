"""nbgrader's CSV export with the reason for every 0 it cannot explain.

Loaded by the course's ``nbgrader_config.py`` only (it imports nbgrader,
which students need not have).
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from nbgrader.plugins import CsvExportPlugin

from .course import ungraded_submissions

__all__ = ["CsvWithReasons"]


class CsvWithReasons(CsvExportPlugin):
    """nbgrader's CSV export with one more column, ``note``: for a student
    whose submitted notebook nbgrader could not grade (a 0 in the export),
    why.  The course's ``nbgrader_config.py`` names it as
    ``ExportApp.plugin_class``."""

    def export(self, gradebook: Any) -> None:
        super().export(gradebook)
        destination = Path(self.to or "grades.csv")
        root = getattr(getattr(self.parent, "coursedir", None), "root", None) or "."
        reasons = {(student, assignment): reason
                   for student, assignment, reason in ungraded_submissions(root)}
        with destination.open(newline="", encoding="utf-8") as exported:
            rows = list(csv.DictReader(exported))
        if not rows:
            return
        with destination.open("w", newline="", encoding="utf-8") as rewritten:
            writer = csv.DictWriter(rewritten, [*rows[0], "note"])
            writer.writeheader()
            for row in rows:
                writer.writerow({**row, "note": reasons.get((row["student_id"], row["assignment"]), "")})

