"""The nbgrader course end to end on a temporary copy: generate the
student version, autograde three submissions into the default SQLite
gradebook, export the CSV, and draw the class chart.

One run of nbgrader's commands costs about 25 s of CPU, so one test does
the whole pipeline and checks each step's result.
"""

import csv
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Found, not imported: importing nbgrader costs every xdist worker 1.5 s at collection.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("nbgrader") is None,
                                reason="nbgrader is not installed: .venv/bin/pip install -r "
                                       "requirements-teacher.txt")

REPO = Path(__file__).resolve().parent.parent
COURSE = REPO / "assignments"

PATCH_THE_KERNEL = """import gametree.grading.course as course
course.autograde = lambda *args, **kwargs: 6     # the kernel's grader now says 'full marks'
"""


def nbgrader(course: Path, *args: str, status: int = 0) -> subprocess.CompletedProcess:
    # nbgrader runs alembic (the gradebook's migrations) by name: the venv's bin must be on PATH.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    result = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course,
                            capture_output=True, text=True, timeout=240,
                            env={**os.environ, "PATH": path})
    assert result.returncode == status, result.stderr[-3000:]
    return result


def submit(course: Path, student: str, notebook: dict) -> None:
    folder = course / "submitted" / student / "trees"
    folder.mkdir(parents=True)
    (folder / "trees.ipynb").write_text(json.dumps(notebook))


@pytest.mark.timeout(300)   # three notebooks executed by nbgrader: a minute on a busy machine
def test_generate_autograde_export_and_the_class_chart(tmp_path, monkeypatch):
    from gametree.grading.course import class_figure, class_results, class_summary

    monkeypatch.delenv("GAMETREE_GRADING_SEED", raising=False)
    monkeypatch.setenv("GAMETREE_GRADING_SEED_FILE", str(tmp_path / "no-seed"))
    course = tmp_path / "course"
    (course / "source").mkdir(parents=True)
    shutil.copy(COURSE / "nbgrader_config.py", course)
    shutil.copytree(COURSE / "source" / "trees", course / "source" / "trees")

    nbgrader(course, "generate_assignment", "trees")
    released = json.loads((course / "release" / "trees" / "trees.ipynb").read_text())
    student_code = "".join("".join(c["source"]) for c in released["cells"])
    assert "BEGIN SOLUTION" not in student_code and "nonlocal evaluated" not in student_code
    assert student_code.count("raise NotImplementedError()") == 2

    source = json.loads((course / "source" / "trees" / "trees.ipynb").read_text())
    strict = json.loads(json.dumps(source))
    for cell in strict["cells"]:
        text = "".join(cell["source"]).replace("if alpha >= beta:", "if alpha > beta:")
        cell["source"] = text
    strict["cells"].insert(1, {"cell_type": "code", "metadata": {}, "outputs": [],
                               "execution_count": None, "source": PATCH_THE_KERNEL})
    submit(course, "alice", source)          # the instructor's solution
    submit(course, "bob", released)          # handed in untouched
    submit(course, "carol", strict)          # the strict cut, and a patched kernel
    (course / "submitted" / "dave" / "trees").mkdir(parents=True)
    (course / "submitted" / "dave" / "trees" / "trees.ipynb").write_text("{not a notebook")
    autograded = nbgrader(course, "autograde", "trees", "--create", status=1)   # 1: dave's notebook
    assert "There was an error processing assignment 'trees' for student 'dave'" in autograded.stderr
    assert (course / "gradebook.db").exists()

    nbgrader(course, "export")
    with (course / "grades.csv").open() as exported:
        rows = {row["student_id"]: row for row in csv.DictReader(exported)}
    scores = {student: float(row["score"]) for student, row in rows.items()}
    most = float(rows["alice"]["max_score"])
    assert scores["dave"] == 0 and "not graded, so scored 0" in rows["dave"]["note"]
    assert "is not a readable notebook" in rows["dave"]["note"] and rows["alice"]["note"] == ""
    assert scores["alice"] == most == 10
    assert scores["bob"] == 0
    assert 4 < scores["carol"] < most      # half marks on the ties, minimax right: not the patched 6+4

    graded = json.loads((course / "autograded" / "carol" / "trees" / "trees.ipynb").read_text())
    feedback = "".join("".join(out.get("text", "")) for cell in graded["cells"]
                       for out in cell.get("outputs", []))
    assert "prunes as soon as alpha >= beta" in feedback and "score: " in feedback

    results = class_results(course)
    assert sorted(results.scores[("trees", "test_alpha_beta")]) == [0, 0, scores["carol"] - 4, 6]
    assert results.first_mistakes["strict"] == 1 and results.first_mistakes["error"] == 2
    lines = class_summary(results)
    assert lines[0].startswith("trees: alpha_beta: 4 graded")      # dave's unreadable notebook: a 0
    assert any(line.startswith("dave's trees: not graded, so scored 0: trees.ipynb is not a readable")
               for line in lines)
    assert any(line.startswith("first divergence: not pruning on equality: 1") for line in lines)
    figure = class_figure(results)
    labels = [tick.get_text() for tick in figure.axes[1].get_yticklabels()]
    assert "not pruning on equality" in labels
    figure.savefig(tmp_path / "class.png")
    assert (tmp_path / "class.png").stat().st_size > 10_000
