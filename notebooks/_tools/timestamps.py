"""Strip per-cell execution timestamps from stored notebooks.

Run from the repository root:  python notebooks/_tools/timestamps.py [PATH ...]

nbclient records when each cell started and finished in the cell's
``metadata.execution`` (``iopub.status.busy``, ``shell.execute_reply``,
...).  Stored, they change on every run, so a re-run would change every
cell even where nothing else did.  ``execute.py`` strips them after each
run; this script strips them from notebooks already stored (all of
``notebooks/`` without arguments).  ``tests/test_habits.py`` fails when
they come back.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent

TIMING = "execution"
"""The cell metadata key nbclient writes the timestamps under."""


def strip(notebook: nbformat.NotebookNode) -> int:
    """Remove every cell's execution timestamps; return how many cells had them."""
    stripped = 0
    for cell in notebook.cells:
        if TIMING in cell.get("metadata", {}):
            del cell.metadata[TIMING]
            stripped += 1
    return stripped


def timed_cells(path: Path) -> int:
    """How many cells of the notebook at ``path`` carry timestamps."""
    notebook = nbformat.read(path, as_version=4)
    return sum(1 for cell in notebook.cells if TIMING in cell.get("metadata", {}))


def main(paths: list[str]) -> int:
    targets = [Path(p) for p in paths] or sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in targets:
        notebook = nbformat.read(path, as_version=4)
        if strip(notebook):
            nbformat.write(notebook, path)
            print(f"stripped {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
