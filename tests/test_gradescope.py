"""Gradescope: the bundle's run_autograder, run in a laid-out /autograder,
writes results.json to Gradescope's specification for a right and a wrong
submission; the seed goes in only when asked; grade --format gradescope."""

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from gametree.cli import main
from gametree.grading.gradescope import ROOT_VARIABLE, SEED_NAME

SOURCE = Path(__file__).resolve().parent.parent / "assignments" / "source" / "trees" / "trees.ipynb"

WRONG = '''
def alpha_beta(leaves, branching):
    return [max(leaves), len(leaves)]


def minimax(leaves, branching):
    return max(leaves)
'''


def _run(argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bundle")
    seed = folder / "seed.txt"
    seed.write_text("spring term\n", encoding="utf-8")
    status, out, _ = _run(["gradescope", "trees", "--out", str(folder / "autograder.zip"),
                           "--seed-file", str(seed)])
    assert status == 0 and "with the grading seed" in out
    return folder / "autograder.zip"


def _autograde(bundle: Path, root: Path, name: str, text: str) -> dict:
    """Lay out /autograder under ``root`` as Gradescope does and run run_autograder."""
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    os.chmod(root / "run_autograder", 0o755)
    (root / "submission").mkdir()
    (root / "submission" / name).write_text(text, encoding="utf-8")
    environment = {"PATH": os.environ["PATH"], ROOT_VARIABLE: str(root),
                   "GAMETREE_AUTOGRADER_PYTHON": sys.executable}
    subprocess.run([str(root / "run_autograder")], env=environment, check=True, timeout=100,
                   capture_output=True)
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def _check_specification(result: dict) -> None:
    assert result["tests"], "a graded submission has its tests"
    for test in result["tests"]:
        assert {"name", "score", "max_score", "output", "visibility"} <= set(test)
        assert 0 <= test["score"] <= test["max_score"]
        assert test["visibility"] in {"visible", "hidden", "after_due_date", "after_published"}
    assert result["score"] == pytest.approx(sum(t["score"] for t in result["tests"]))


def test_a_right_submission_scores_full_marks_with_the_seeded_cases(bundle, tmp_path):
    result = _autograde(bundle, tmp_path, "trees.ipynb", SOURCE.read_text(encoding="utf-8"))
    _check_specification(result)
    assert result["score"] == sum(t["max_score"] for t in result["tests"]) > 0
    assert "drawn from the grading seed" in result["output"]


def test_a_wrong_submission_scores_less_and_says_why(bundle, tmp_path):
    result = _autograde(bundle, tmp_path, "answer.py", WRONG)
    _check_specification(result)
    assert result["score"] < sum(t["max_score"] for t in result["tests"])
    assert any(t["score"] < t["max_score"] and t["output"] != "passed" for t in result["tests"])


def test_the_seed_is_in_the_bundle_only_when_asked(bundle, tmp_path):
    assert SEED_NAME in zipfile.ZipFile(bundle).namelist()
    status, out, _ = _run(["gradescope", "trees", "--out", str(tmp_path / "a.zip")])
    assert status == 0 and "without a seed" in out
    names = zipfile.ZipFile(tmp_path / "a.zip").namelist()
    assert SEED_NAME not in names and {"setup.sh", "run_autograder"} <= set(names)


def test_grade_format_gradescope_gives_a_zero_with_its_reason(tmp_path):
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n", encoding="utf-8")
    status, out, _ = _run(["grade", "trees", str(empty), "--format", "gradescope"])
    result = json.loads(out)
    assert status == 0 and result["score"] == 0 and "defines none" in result["output"]


@pytest.mark.parametrize("argv", [["gradescope", "chess"], ["grade", "trees", "missing.py",
                                                            "--format", "gradescope"]])
def test_bad_input_is_one_line_and_exit_2(argv, tmp_path):
    status, _, err = _run([*argv, *(["--out", str(tmp_path / "b.zip")] if argv[0] == "gradescope"
                                    else [])])
    assert status == 2 and err.count("\n") == 1
