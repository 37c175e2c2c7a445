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

# --- no answer is readable from a stored output -------------------------------------
#
# An exercise's answer must not be written in any stored output of its notebook: not
# in a caption, a printed table, a figure's alt text.  Answers one could guess from a
# handful of options (a small whole number, a move, a leaf's name) show everywhere and
# prove nothing; the answers probed are those no guess finds: numbers with decimals,
# and lists or tuples of numbers.  Each is read from the stored outputs and given to
# the exercise's checker in a fresh kernel, right after the exercise: none may be Right.

DECIMAL = re.compile(r"(?<![\w.])-?\d+\.\d+(?![\w.])")
NUMBERS_IN_BRACKETS = re.compile(r"[\[(]\s*-?\d[-\d.,\s]*[\])]")


def stored_words(notebook) -> str:
    """Everything a reader of the stored notebook can read in its outputs: the
    text, and the alt text of every picture."""
    words = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            words.append(output_text(output))
            words.extend(str(meta.get("alt", "")) for meta in output.get("metadata", {}).values()
                         if isinstance(meta, dict))
    return "\n".join(words)


def unguessable_candidates(text: str) -> list:
    """The numbers with decimals and the lists and tuples of numbers in ``text``."""
    found = {float(x) for x in DECIMAL.findall(text) if not float(x).is_integer()}
    candidates: list = sorted(found)
    for literal in set(NUMBERS_IN_BRACKETS.findall(text)):
        try:
            value = ast.literal_eval(literal)
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, (list, tuple)) and len(value) >= 2 and all(
                isinstance(v, (int, float)) for v in value):
            candidates += [list(value), tuple(value)]
    return candidates


def probe(name: str, checker: str, candidates: list) -> str:
    """A cell that gives each candidate to ``checker`` as ``name`` and prints those it calls Right."""
    return (f"_leaks = []\nfor _candidate in {candidates!r}:\n    {name} = _candidate\n"
            f"    try:\n        if ({checker}).ok:\n            _leaks.append(_candidate)\n"
            f"    except Exception:\n        pass\n{name} = None\nprint(_leaks)")


def add_probes(notebook, candidates: list) -> list[tuple[int, str]]:
    """Put a probe cell (see :func:`probe`) after each exercise of ``notebook`` whose
    answer is one name and whose checker one expression, in place; return (index of
    the probe cell, the answer cell's source) for each.  tests/test_solutions.py runs
    the probes in the fresh kernel that runs the solutions, so that each notebook runs
    once for both."""
    probes = []
    for answer, checkers, _solution in reversed(exercises(notebook)):
        names = [target.id for statement in ast.parse(notebook.cells[answer].source).body
                 for target in getattr(statement, "targets", []) if isinstance(target, ast.Name)]
        sources = [notebook.cells[i].source for i in checkers]
        if len(names) != 1 or len(sources) != 1 or not isinstance(ast.parse(sources[0]).body[-1], ast.Expr):
            continue
        checker = ast.unparse(ast.parse(sources[0]).body[-1])
        notebook.cells.insert(checkers[-1] + 1, nbformat.v4.new_code_cell(probe(names[0], checker, candidates)))
        probes.append((checkers[-1] + 1, notebook.cells[answer].source))
    inserted = [index for index, _ in probes]  # each probe moved the later ones down by one
    return [(index + sum(1 for other in inserted if other < index), where) for index, where in probes]


def test_the_probe_finds_an_answer_written_in_an_output():
    """The probe itself: a decimal answer printed by a cell is found."""
    text = "C =  1.41: plays O4\nwindows (0.87, 1.84) and [5, 7, 7]"
    candidates = unguessable_candidates(text)
    assert 1.41 in candidates and (0.87, 1.84) in candidates and [5, 7, 7] in candidates
    assert 3.0 not in candidates  # whole numbers are guessable, and not probed


def practice_widgets(source: str) -> list[str]:
    """The first argument of each ``PracticeWidget(...)`` made in ``source``, as written."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [ast.unparse(node.args[0]) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "PracticeWidget" and node.args]


@pytest.mark.parametrize("path", PATHS, ids=IDS)
def test_a_demonstration_never_fills_in_the_exercise_of_the_students_practice_widget(path):
    """A practice widget shown empty for the student (a widget cell) is theirs to fill in:
    a later cell that demonstrates typing into a second widget uses another exercise,
    or its source would hold the answer."""
    theirs = set()
    for cell in read(path).cells:
        if cell.cell_type != "code":
            continue
        made = practice_widgets(cell.source)
        if "NBVAL_IGNORE_OUTPUT" in cell.source:
            theirs.update(made)
        elif re.search(r"\.(value_boxes|prune_boxes|alpha_boxes|beta_boxes)\[", cell.source):
            same = theirs.intersection(made)
            assert not same, f"a demonstration fills in the student's exercise {sorted(same)}: {cell.source[:80]!r}"
