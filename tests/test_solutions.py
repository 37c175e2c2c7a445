"""Every folded solution is right: put in place of its answer cell, it makes
the checkers say Right.

The conventions are in tests/test_spoilers.py.  Every checker cell of
every exercise must show a Feedback that reads "Right: ..." once the
exercise's answer holds the python block of its Solution, and the
notebook's run must leave no files in notebooks/.  So the solutions stay
honest while the stored notebooks show only "Not answered yet".

The same run also probes each exercise with every answer that no guess
finds but that the notebook's stored outputs hold (tests/test_spoilers.py,
"no answer is readable from a stored output"): none may be Right.

Where the checks run:

* In the whole suite nbval runs every notebook in a kernel of its own, so
  the checks run in that kernel, each right after nbval has run its
  exercise's checker cells (``notebooks/NN-name.ipynb::Solution N``): the
  solution, the checker cells and the probe, then the answer cell again,
  which gives the answer back its None so that nbval goes on comparing the
  stored outputs.  Each notebook then runs once for nbval and for its
  solutions (tests/conftest.py moves the checks there, see
  :func:`move_into_nbval_kernels`).
* Without nbval's run of the notebook (``pytest tests/test_solutions.py``)
  the test below runs a copy of the notebook with every answer replaced by
  its solution in a fresh kernel, and checks the same.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

import nbformat
import pytest
from nbval.plugin import IPyNbCell
from test_spoilers import (
    NOTEBOOKS,
    PATHS,
    add_probes,
    exercises,
    files_under,
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


# --- what is checked -------------------------------------------------------------------


def assert_right(checker: str, shown: str) -> None:
    """A checker cell run with the solution in place says Right."""
    assert shown.startswith("Right"), f"{checker!r} shows {shown[:200]!r}"


def assert_not_answered_by_a_stored_output(where: str, shown: str) -> None:
    """A probe cell (tests/test_spoilers.py) found no stored output the checker calls Right."""
    assert shown.strip() == "[]", f"stored outputs answer the exercise {where[:70]!r}: {shown[:120]}"


def assert_no_files_left(before: set[Path]) -> None:
    left = sorted(str(p.relative_to(NOTEBOOKS)) for p in files_under(NOTEBOOKS) - before)
    assert left == [], f"the notebook left files behind: {left}"


# --- without nbval: a fresh kernel on a solved copy --------------------------------------


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
    run_fresh(notebook)  # (which checks that it leaves no files)
    for index, where in probes:
        assert_not_answered_by_a_stored_output(
            where, "".join(output_text(o) for o in notebook.cells[index].outputs))
    for index in checkers:
        cell = notebook.cells[index]
        assert_right(cell.source, "".join(output_text(o) for o in cell.outputs))


# --- with nbval: in its kernel, right after each exercise -------------------------------


class Exercise(NamedTuple):
    """What one exercise's check runs, as cell sources."""

    answer: str
    """The answer cell, as stored: it assigns None."""
    solution: str
    """The python block of its Solution."""
    checkers: list[str]
    """Its checker cells."""
    probe: str | None
    """The probe cell (tests/test_spoilers.py), None where the exercise has no single
    answer name and checker expression to probe."""


def exercises_to_check(stored) -> list[tuple[int, Exercise]]:
    """Each exercise of the stored notebook with the index of its last checker cell."""
    candidates = unguessable_candidates(stored_words(stored))
    found = []
    for answer, checkers, solution in exercises(stored):
        copy = nbformat.v4.new_notebook(cells=[stored.cells[answer]]
                                        + [stored.cells[i] for i in checkers])
        probes = add_probes(copy, candidates)
        found.append((checkers[-1], Exercise(
            answer=stored.cells[answer].source,
            solution=solution_code(stored.cells[solution].source),
            checkers=[stored.cells[i].source for i in checkers],
            probe=copy.cells[probes[0][0]].source if probes else None)))
    return found


class SolutionInKernel(IPyNbCell):
    """The check of one exercise, run in nbval's kernel of its notebook right
    after nbval has run the exercise's checker cells.

    Also, after the notebook's last exercise (``last``): the run since the
    notebook's first cell left no files in notebooks/."""

    def __init__(self, name, parent, cell_num, exercise: Exercise, first_cell: IPyNbCell,
                 last: bool):
        super().__init__(name, parent, cell_num, nbformat.v4.new_code_cell(""),
                         defaultdict(bool, check=False))
        self.exercise, self.first_cell, self.last = exercise, first_cell, last

    def run(self, source: str) -> str:
        """Run ``source`` in the kernel (an error fails the test, as in a
        notebook cell); return the text it shows."""
        self.cell = nbformat.v4.new_code_cell(source)  # never run: nbval compares nothing
        IPyNbCell.runtest(self)
        return "".join(output_text(o) for o in self.test_outputs)

    def runtest(self) -> None:
        exercise = self.exercise
        self.run(exercise.solution)
        for checker in exercise.checkers:
            assert_right(checker, self.run(checker))
        if exercise.probe is not None:
            assert_not_answered_by_a_stored_output(exercise.answer, self.run(exercise.probe))
        self.run(exercise.answer)  # None again, as the stored notebook goes on
        if self.last:
            assert_no_files_left(self.first_cell.stash[FILES_BEFORE])

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, AssertionError):
            return pytest.Item.repr_failure(self, excinfo)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, self.nodeid


FILES_BEFORE = pytest.StashKey[set]()
"""On a notebook's first cell: the files in notebooks/ before nbval ran it."""


TEST_NAME = test_every_solution_makes_every_checker_say_right_and_no_stored_output_answers_one.__name__


def move_into_nbval_kernels(items: list[pytest.Item]) -> None:
    """Where nbval runs every cell of a notebook with exercises in this
    session, replace the test above for that notebook by one
    :class:`SolutionInKernel` per exercise, each put right after nbval's
    item for its last checker cell (in place, in ``items``).
    tests/conftest.py calls this once the selection of items is final."""
    cells: dict[Path, list[IPyNbCell]] = {}
    for item in items:
        if type(item) is IPyNbCell:
            cells.setdefault(item.path, []).append(item)
    tests = [item for item in items if getattr(item, "originalname", None) == TEST_NAME]
    for test in tests:
        notebook = cells.get(test.callspec.params["path"], [])
        if notebook and len(notebook) == sum(c.cell_type == "code" for c in notebook[0].parent.nb.cells):
            items.remove(test)
            _check_in_kernel(items, notebook)


def _check_in_kernel(items: list[pytest.Item], notebook: list[IPyNbCell]) -> None:
    """Put a :class:`SolutionInKernel` after the last checker cell of each
    exercise of ``notebook`` (nbval's items for all its code cells)."""
    stored = notebook[0].parent.nb
    code_cells = [i for i, c in enumerate(stored.cells) if c.cell_type == "code"]
    checks = exercises_to_check(stored)
    for k, (last_checker, exercise) in enumerate(checks, 1):
        after = notebook[code_cells.index(last_checker)]
        check = SolutionInKernel.from_parent(
            after.parent, name=f"Solution {k}", cell_num=after.cell_num, exercise=exercise,
            first_cell=notebook[0], last=k == len(checks))
        items.insert(items.index(after) + 1, check)
    notebook[0].stash[FILES_BEFORE] = set()  # filled in by note_files_before


def note_files_before(item: pytest.Item) -> None:
    """Called as each item's run begins: on the first cell of a notebook
    whose solutions :func:`move_into_nbval_kernels` moved, note the files."""
    if FILES_BEFORE in item.stash:
        item.stash[FILES_BEFORE] = files_under(NOTEBOOKS)

