"""No notebook gives an answer away before the student asks for it.

The conventions every notebook in the set follows (00 to the last), which
these tests enforce and tests/test_solutions.py relies on:

An exercise is four parts, in this order:

1. **A markdown statement** of the task.
2. **An answer cell** the student fills in: a code cell tagged ``answer``
   in its metadata (``"metadata": {"tags": ["answer"]}``) whose every
   statement assigns None, with a comment saying the form of an answer::

       my_value = None  # your answer: the minimax value of `exercise`, a number

   Whatever the exercise needs (the tree, the game) is made in a cell
   *before* the answer cell; the answer cell holds only the assignments.
3. **A checker cell** (or several) right after it, whose last expression
   calls a checker from :mod:`gametree.practice.quiz` and so shows a
   :class:`~gametree.practice.quiz.Feedback`::

       check_value(my_value, exercise)

   Stored (and after a fresh run, as the student meets it) it reads
   ``Not answered yet: replace None with ...``.  Checkers live in
   gametree/practice/quiz.py, never in a notebook cell (no ``def check_``
   in any cell): they work the right answer out with the library, so
   their source holds no answer; an empty answer gets only "Not answered
   yet" and the form to write; a wrong one gets a hint, never the answer.
   Each checker is unit-tested in tests/ (tests/test_quiz.py for
   gametree.practice.quiz): empty, invalid, wrong and right answers.
4. **A markdown cell with the solution, folded**, the first markdown cell
   after the checker cell(s) that opens a Solution block::

       <details><summary>Solution</summary>

       The explanation, in words: B = min(5, 1, 8) = 1, ...

       ```python
       my_value = 6
       ```

       </details>

   The blank lines around the markdown inside ``<details>`` let JupyterLab,
   GitHub and nbviewer render it; all three keep it folded.  The summary
   is exactly ``Solution`` (or ``Hint`` for a hint block, which may come
   between the checker and the solution); nothing visible gives the
   answer away.  The block holds exactly one fenced ``python`` code
   block, which, put in place of the answer cell, makes every checker
   cell of the exercise say ``Right``: tests/test_solutions.py does that
   in a fresh kernel for every notebook, so solutions stay honest without
   printing "Right" into a stored notebook.

And over the whole set:

* No code cell holds a solution: none starts with ``# Solution`` and none
  carries ``source_hidden`` (a collapsed cell still shows its first line,
  and GitHub and nbviewer ignore ``source_hidden``).
* No output, stored or after a fresh run of the notebook as it is, says
  an answer is right: no line opens with "Right" or "Correct", and no
  output says "Correct", "Well done" or shows a check mark (see PRAISE
  below).  Write other feedback in other words ("the search agrees", "as
  expected"); these words are the checkers' alone.
* Every ``<details>`` summary is ``Solution`` or ``Hint``.
* Cells that assert widget behaviour for nbval drive their own widget
  instances, never the one displayed for the student (see
  tests/test_notebook_set.py), so Run All leaves the displayed widgets as
  the text describes them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d-", p.name))
IDS = [p.stem for p in PATHS]

# Words that say an answer is right: a line that opens with the verdict
# "Right" or "Correct" (a checker's reply does), "Correct" or "Well done"
# anywhere, a check mark, or "right"/"correct" as a verdict after a colon
# ("best order: right").  "Right:" inside a line (the right panel of a
# chart, in its alt text) is a direction, not a verdict.
PRAISE = re.compile(r"(^|\n)\s*(Right|Correct)\b|\b(Correct|Well done)\b|[✓✔☑]|:\s*(right|correct)\b",
                    flags=re.M)
DETAILS = re.compile(r"<details>\s*<summary>(.*?)</summary>", flags=re.S)
SOLUTION = re.compile(r"<details>\s*<summary>\s*Solution\s*</summary>")
FENCED_PYTHON = re.compile(r"^```python\n(.*?)^```", flags=re.S | re.M)
UNANSWERED = "Not answered yet"


def read(path: Path):
    return nbformat.read(path, as_version=4)


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*") if "__pycache__" not in p.parts and ".ipynb_checkpoints" not in p.parts}


def run_fresh(notebook, timeout: int = 120):
    """``notebook`` run top to bottom in a fresh kernel, as Run All does,
    with notebooks/ as the working directory; it must leave no files."""
    before = files_under(NOTEBOOKS)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    left = sorted(str(p.relative_to(NOTEBOOKS)) for p in files_under(NOTEBOOKS) - before)
    assert left == [], f"the notebook left files behind: {left}"
    return notebook


def is_answer(cell) -> bool:
    """An answer cell: a code cell tagged ``answer``."""
    return cell.cell_type == "code" and "answer" in cell.metadata.get("tags", [])


def output_text(output) -> str:
    """The words an output shows: stream text, plain text and error text."""
    if output.output_type == "stream":
        return output.text
    if output.output_type == "error":
        return "\n".join([output.ename, output.evalue])
    return output.get("data", {}).get("text/plain", "")


def praise_in(cells) -> list[str]:
    """Each output of ``cells`` that says an answer is right, cut short."""
    found = []
    for cell in cells:
        if cell.cell_type != "code":
            continue
        for output in cell.outputs:
            match = PRAISE.search(output_text(output))
            if match:
                found.append(f"{cell.source[:60]!r} shows {output_text(output)[:80]!r}")
    return found


def exercises(notebook) -> list[tuple[int, list[int], int]]:
    """Each exercise as (answer cell index, checker cell indices, solution
    cell index); the solution index is -1 when no Solution block follows."""
    cells = notebook.cells
    found = []
    for i, cell in enumerate(cells):
        if not is_answer(cell):
            continue
        checkers, solution = [], -1
        for j in range(i + 1, len(cells)):
            if is_answer(cells[j]):
                break
            if cells[j].cell_type == "code":
                checkers.append(j)
            elif SOLUTION.search(cells[j].source):
                solution = j
                break
        found.append((i, checkers, solution))
    return found


def solution_code(markdown: str) -> str:
    """The one fenced python block inside a Solution block."""
    block = markdown[SOLUTION.search(markdown).end():]
    blocks = FENCED_PYTHON.findall(block)
    assert len(blocks) == 1, f"a Solution block holds exactly one ```python block, not {len(blocks)}"
    return blocks[0]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_no_stored_output_says_an_answer_is_right(path):
    assert praise_in(read(path).cells) == []


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_no_code_cell_holds_a_folded_solution(path):
    for cell in read(path).cells:
        if cell.cell_type == "code":
            assert not cell.source.lstrip().lower().startswith("# solution"), cell.source[:60]
            assert "source_hidden" not in cell.metadata.get("jupyter", {}), cell.source[:60]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_folded_block_is_named_only_solution_or_hint(path):
    for cell in read(path).cells:
        if cell.cell_type == "markdown":
            for summary in DETAILS.findall(cell.source):
                assert summary.strip() in {"Solution", "Hint"}, summary


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_no_notebook_cell_defines_a_checker(path):
    for cell in read(path).cells:
        if cell.cell_type == "code":
            assert not re.search(r"^\s*def check_", cell.source, flags=re.M), cell.source[:60]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_answer_cell_assigns_none(path):
    for cell in read(path).cells:
        if is_answer(cell):
            statements = ast.parse(cell.source).body
            assert statements, "an answer cell assigns the answer's name to None"
            for statement in statements:
                assert isinstance(statement, ast.Assign), cell.source
                assert isinstance(statement.value, ast.Constant) and statement.value.value is None, cell.source


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_every_exercise_is_answer_checker_and_folded_solution(path):
    notebook = read(path)
    for answer, checkers, solution in exercises(notebook):
        where = notebook.cells[answer].source[:60]
        assert checkers, f"no checker cell follows the answer cell {where!r}"
        assert solution >= 0, f"no <details><summary>Solution</summary> follows {where!r}"
        solution_code(notebook.cells[solution].source)
        for index in checkers:
            shown = "".join(output_text(o) for o in notebook.cells[index].outputs)
            assert shown.startswith(UNANSWERED), f"{notebook.cells[index].source!r} shows {shown[:80]!r}"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_every_checker_is_stored_unanswered(path):
    """After Run All the checkers say "Not answered yet".  The stored
    outputs are what a fresh run shows: nbval re-runs every notebook and
    compares; tests/test_solutions.py runs each with its solutions in place
    and checks it leaves no files behind."""
    notebook = read(path)
    for _answer, checkers, _solution in exercises(notebook):
        for index in checkers:
            shown = "".join(output_text(o) for o in notebook.cells[index].outputs)
            assert shown.startswith(UNANSWERED), shown[:80]