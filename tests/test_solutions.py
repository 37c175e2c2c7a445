"""Every folded solution is right: put in place of its answer cell, it makes
the checkers say Right.

The conventions are in tests/test_spoilers.py.  Here each notebook is run
in a fresh kernel (working directory notebooks/, leaving no files) with
every answer cell replaced by the python block of its Solution; every
checker cell of every exercise must then show a Feedback that reads
"Right: ...".  So the solutions stay honest while the stored notebooks
show only "Not answered yet".

The same run also probes each exercise with every answer that no guess
finds but that the notebook's stored outputs hold (tests/test_spoilers.py,
"no answer is readable from a stored output"): none may be Right.
"""

from __future__ import annotations

import nbformat
import pytest
from test_spoilers import (
    PATHS,
    add_probes,
    exercises,
    output_text,
    read,
    run_fresh,
    solution_code,
    stored_words,
    unguessable_candidates,
)

WITH_EXERCISES = [p for p in PATHS if exercises(read(p))]


def test_the_set_has_exercises_in_the_lessons_that_teach_by_hand():
    names = {p.stem for p in WITH_EXERCISES}
    assert {"01-minimax", "02-alpha-beta", "03-practice"} <= names


def with_solutions(notebook) -> tuple[nbformat.NotebookNode, list[int]]:
    """A copy of ``notebook`` whose answer cells hold their solutions, and
    the indices of the checker cells.  The copy ends with the last checker:
    what follows cannot change what a checker says (nbval runs it)."""
    notebook = nbformat.from_dict(notebook)
    checkers = []
    for answer, checker_cells, solution in exercises(notebook):
        notebook.cells[answer].source = solution_code(notebook.cells[solution].source)
        checkers.extend(checker_cells)
    del notebook.cells[max(checkers, default=-1) + 1:]
    return notebook, checkers


@pytest.mark.parametrize("path", WITH_EXERCISES, ids=[p.stem for p in WITH_EXERCISES])
def test_every_solution_makes_every_checker_say_right_and_no_stored_output_answers_one(path):
    stored = read(path)
    notebook, _ = with_solutions(stored)
    probes = add_probes(notebook, unguessable_candidates(stored_words(stored)))
    checkers = [index for _answer, cells, _solution in exercises(notebook) for index in cells
                if index not in {p for p, _ in probes}]
    assert checkers
    run_fresh(notebook)
    for index, where in probes:
        shown = "".join(output_text(o) for o in notebook.cells[index].outputs).strip()
        assert shown == "[]", f"stored outputs answer the exercise {where[:70]!r}: {shown[:120]}"
    for index in checkers:
        cell = notebook.cells[index]
        shown = "".join(output_text(o) for o in cell.outputs)
        assert shown.startswith("Right"), f"{cell.source!r} shows {shown[:200]!r}"
