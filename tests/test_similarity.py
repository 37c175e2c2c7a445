"""The similarity report flags a pasted engine search, the same renamed and
reordered, and a copied classmate; it leaves honest solutions alone and
ignores the assignment's starter code."""

import ast
import io
import json
import keyword
import tokenize
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

pytest.importorskip("copydetect")

from gametree.cli import main  # noqa: E402
from gametree.grading import similarity  # noqa: E402

REFERENCE = Path(similarity.__file__).resolve().parent / "reference.py"

HONEST_RECURSIVE = '''
import math


def alpha_beta(leaves, branching):
    """Alpha-beta on a complete tree, written with one recursive helper."""
    count = 0

    def value(first, width, maximizing, alpha, beta):
        nonlocal count
        if width == 1:
            count += 1
            return leaves[first]
        size = width // branching
        best = -math.inf if maximizing else math.inf
        for child in range(branching):
            v = value(first + child * size, size, not maximizing, alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return [value(0, len(leaves), True, -math.inf, math.inf), count]


def minimax(leaves, branching):
    level = list(leaves)
    maximizing = len(level) in [branching ** k for k in range(1, 40, 2)]
    while len(level) > 1:
        pick = max if maximizing else min
        level = [pick(level[i:i + branching]) for i in range(0, len(level), branching)]
        maximizing = not maximizing
    return level[0]
'''

HONEST_STACK = '''
def minimax(leaves, branching):
    """Bottom-up: collapse one level of the tree at a time."""
    rows = [leaves]
    while len(rows[-1]) > 1:
        rows.append([None] * (len(rows[-1]) // branching))
    depth = len(rows) - 1
    values = leaves
    for level in range(depth - 1, -1, -1):
        chooser = max if level % 2 == 0 else min
        values = [chooser(values[j * branching:(j + 1) * branching])
                  for j in range(len(values) // branching)]
    return values[0]


def alpha_beta(leaves, branching):
    seen = []
    stack_limit = 10 ** 6

    def search(lo, hi, turn_max, a, b):
        if hi - lo == 1:
            seen.append(lo)
            return leaves[lo]
        step = (hi - lo) // branching
        if turn_max:
            result = float("-inf")
            for start in range(lo, hi, step):
                result = max(result, search(start, start + step, False, a, b))
                if result >= b:
                    return result
                a = max(a, result)
            return result
        result = float("inf")
        for start in range(lo, hi, step):
            result = min(result, search(start, start + step, True, a, b))
            if result <= a:
                return result
            b = min(b, result)
        return result

    assert len(leaves) < stack_limit
    return [search(0, len(leaves), True, float("-inf"), float("inf")), len(seen)]
'''


def _pasted() -> str:
    """What a student pastes from the grader's reference: its imports, the
    search and its helpers, the leaf tree, and the two asked functions."""
    text = REFERENCE.read_text(encoding="utf-8")
    wanted = {"Rules", "_player", "search_value", "_backed_up", "_weighted_moves",
              "_window_after", "LeafTree", "tree_alpha_beta", "tree_minimax"}
    parts = ["from dataclasses import dataclass, replace\nfrom math import inf\n"
             "MAX, MIN, CHANCE = 'max', 'min', 'chance'\n"]
    for node in ast.parse(text).body:
        if getattr(node, "name", None) in wanted:
            parts.append(ast.get_source_segment(text, node))
    return "\n\n\n".join(parts) + "\nalpha_beta = tree_alpha_beta\nminimax = tree_minimax\n"


def _disguised(code: str) -> str:
    """``code`` with every name it defines renamed, its comments and
    docstrings dropped, and its top-level definitions in reverse order."""
    tree = ast.parse(code)
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                node.body = body[1:] or [ast.Pass()]
    definitions = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))]
    others = [n for n in tree.body if n not in definitions]
    tree.body = [*others[:3], *reversed(definitions), *others[3:]]
    text = ast.unparse(tree)
    builtins = set(dir(__builtins__)) if isinstance(__builtins__, dict) is False else set(__builtins__)
    renamed = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if (token.type == tokenize.NAME and not keyword.iskeyword(token.string)
                and token.string not in builtins):
            token = token._replace(string=f"my_{token.string}_x")
        renamed.append(token)
    return tokenize.untokenize(renamed)


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """An nbgrader course of five students of `trees`, with its released
    starter notebook: one pasted the reference, one pasted and disguised it,
    two wrote their own, and one copied a classmate's notebook."""
    root = tmp_path_factory.mktemp("course")
    source = Path(__file__).resolve().parent.parent / "assignments" / "source" / "trees"
    (root / "release" / "trees").mkdir(parents=True)
    notebook = json.loads((source / "trees.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:  # as nbgrader releases it: the solutions cut out
        text = "".join(cell["source"])
        cell["source"] = similarity._SOLUTION.sub("    raise NotImplementedError()\n", text)
    (root / "release" / "trees" / "trees.ipynb").write_text(json.dumps(notebook), encoding="utf-8")

    def hand_in(student: str, code: str) -> None:
        cells = [dict(cell) for cell in notebook["cells"]]
        # the student's code after the starter cells, as a student appends it
        cells.append({"cell_type": "code", "id": "answer", "metadata": {}, "source": code, "outputs": [],
                      "execution_count": None})
        folder = root / "submitted" / student / "trees"
        folder.mkdir(parents=True)
        (folder / "trees.ipynb").write_text(json.dumps({**notebook, "cells": cells}),
                                            encoding="utf-8")

    hand_in("paster", _pasted())
    hand_in("disguiser", _disguised(_pasted()))
    hand_in("alice", HONEST_RECURSIVE)
    hand_in("bob", HONEST_STACK)
    hand_in("carol", HONEST_RECURSIVE.replace("count", "tally").replace("best", "top"))
    return root


@pytest.fixture(scope="module")
def flagged(course):
    matches, count, unreadable = similarity.course_similarity(course)
    assert count == 5 and unreadable == []
    return {(m.first.name, m.second.name): m for m in matches}


def test_a_pasted_reference_search_is_flagged(flagged):
    assert ("paster/trees", "gametree/grading/reference.py") in flagged


def test_renamed_and_reordered_paste_is_flagged(flagged):
    match = flagged[("disguiser/trees", "gametree/grading/reference.py")]
    assert match.pairs  # with the matching lines to read side by side
    assert any("my_" in mine and "my_" not in theirs for mine, theirs in match.pairs)


def test_a_copied_classmate_is_flagged(flagged):
    assert ("alice/trees", "carol/trees") in flagged


def test_honest_different_solutions_and_the_starter_are_not_flagged(flagged):
    honest = {"alice/trees", "bob/trees"}
    assert not [pair for pair in flagged if pair[0] == "bob/trees" or pair[1] == "bob/trees"]
    assert ("alice/trees", "bob/trees") not in flagged
    assert not [pair for pair in flagged if pair[0] in honest and pair[1].startswith("gametree/")]


def test_plain_folder_command_prints_side_by_side_and_never_grades(tmp_path):
    (tmp_path / "a.py").write_text(_pasted(), encoding="utf-8")
    (tmp_path / "b.py").write_text(HONEST_STACK, encoding="utf-8")
    out = io.StringIO()
    page = tmp_path / "report" / "similarity.html"
    page.parent.mkdir()
    with redirect_stdout(out):
        assert main(["similarity", str(tmp_path), "--out", str(page)]) == 0
    text = out.getvalue()
    assert text.startswith("similarity: 1 close pairs among 2 submissions")
    assert "a.py  ~  gametree/grading/reference.py" in text
    assert " | " in text and "b.py  ~" not in text and "~  b.py" not in text
    html = page.read_text(encoding="utf-8")  # copydetect's page, the pair highlighted
    assert "<html" in html.lower() and "a.py" in html and "reference.py" in html
    assert sorted(p.name for p in page.parent.iterdir()) == ["similarity.html"]


@pytest.mark.parametrize("make", [lambda p: p / "missing", lambda p: p])
def test_a_bad_folder_is_one_line_and_exit_2(tmp_path, make):
    err = io.StringIO()
    with redirect_stderr(err), redirect_stdout(io.StringIO()):
        assert main(["similarity", str(make(tmp_path))]) == 2
    assert err.getvalue().count("\n") == 1 and "submission" in err.getvalue()


def test_class_report_ends_with_the_similarity_section(course, monkeypatch):
    from gametree.grading import course as course_module

    empty = course_module.ClassResults({}, {}, course_module.Counter())
    monkeypatch.setattr(course_module, "class_results", lambda folder: empty)
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["class-report", str(course)]) == 0
    assert "similarity: " in out.getvalue() and "disguiser/trees" in out.getvalue()


def test_a_plain_folder_drops_the_starter_file_given(tmp_path):
    """Two students who kept a long given helper and wrote different answers
    are flagged without --starter and not with it."""
    starter = tmp_path / "starter.py"
    starter.write_text(_pasted(), encoding="utf-8")  # a long given helper
    folder = tmp_path / "hand-ins"
    folder.mkdir()
    (folder / "a.py").write_text(_pasted() + HONEST_RECURSIVE, encoding="utf-8")
    (folder / "b.py").write_text(_pasted() + HONEST_STACK, encoding="utf-8")
    matches, _, _ = similarity.course_similarity(folder)
    assert ("a.py", "b.py") in {(m.first.name, m.second.name) for m in matches}
    matches, _, _ = similarity.course_similarity(folder, starter=starter)
    assert not matches


def test_an_unreadable_submission_is_named_and_the_rest_compared(tmp_path):
    (tmp_path / "a.py").write_text(HONEST_STACK, encoding="utf-8")
    (tmp_path / "b.ipynb").write_text("{not json", encoding="utf-8")
    matches, count, unreadable = similarity.course_similarity(tmp_path)
    assert (matches, count) == ([], 1)
    lines = similarity.report_lines(matches, count, unreadable)
    assert lines[1].startswith("  not compared: b.ipynb: ") and "Jupyter" in lines[1]


@pytest.mark.parametrize("threshold", [0, 1.01])
def test_a_threshold_outside_zero_to_one_is_refused(threshold):
    with pytest.raises(ValueError, match="threshold"):
        similarity.similar([], threshold=threshold)
    assert similarity.similar([], threshold=1) == []


@pytest.mark.parametrize("rows, cut", [(24, False), (25, True)])
def test_a_passage_shows_at_most_24_rows(rows, cut):
    text = "\n".join(f"x{i} = {i}" for i in range(rows))
    shown = similarity._side_by_side(text, text, 20)
    assert len(shown) == 24 + cut and ("more lines" in shown[-1]) == cut
