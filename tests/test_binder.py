"""Binder builds the student's environment from binder/ (repo2docker ignores
the root's configuration files once that folder exists); these tests check
it asks for what the project pins, and only that: the students' packages
are in requirements.txt, the test tools in requirements-test.txt (which
includes it), and the two environments agree on every package they share.

repo2docker reads ``runtime.txt`` as ``python-X.Y`` and runs ``pip install
-r binder/requirements.txt`` from the repository root, so in that file
``-r ../requirements.txt`` is found relative to the file and ``-e .`` is
the repository itself.
"""

import importlib.metadata
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
PIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?==[0-9][A-Za-z0-9.+!-]*")


def lines(path: Path) -> list[str]:
    """The requirement lines of a file, comments and blank lines left out."""
    stripped = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [line for line in stripped if line]


STUDENTS, TESTS = REPO / "requirements.txt", REPO / "requirements-test.txt"
TEACHERS = REPO / "requirements-teacher.txt"
TEACHER_TOOLS = {"nbgrader", "notebook", "jupyterhub", "nbgitpuller", "copydetect", "tqdm"}
"""What grades a class (nbgrader, and the notebook 7 it needs) and runs a course
hub (JupyterHub, nbgitpuller) and reports copying (copydetect, with its tqdm): CI installs
it beside the test tools, students never."""
TEST_TOOLS = {"pytest", "hypothesis", "playwright", "nbval", "ruff", "mypy", "pytest-timeout",
              "pytest-xdist"}
"""What tests and checks the set, and never goes into a student's environment."""


def pins(path: Path) -> dict[str, str]:
    """Canonical name -> exact version, from one file (its -r lines left out)."""
    return {canonicalize_name(Requirement(line).name): line.split("==", 1)[1]
            for line in lines(path) if not line.startswith("-r")}


def pinned() -> dict[str, str]:
    """Canonical name -> exact version: the test environment (both files)."""
    return {**pins(STUDENTS), **pins(TESTS)}


def closure(names) -> set[str]:
    """``names`` and everything they need, as installed here (markers that
    do not hold on this machine, and extras, left out)."""
    seen, todo = set(), [canonicalize_name(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for text in requires:
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    return seen


def test_binder_runs_python_3_12_which_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-\d+\.\d+", runtime), f"repo2docker expects python-X.Y, not {runtime!r}"
    assert runtime == "python-3.12"
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert "3.12" in SpecifierSet(requires)


def test_binder_installs_the_pinned_requirements_and_the_package_itself():
    assert lines(BINDER / "requirements.txt") == ["-r ../requirements.txt", "-e ."]  # no test tools
    # "-r" is relative to binder/requirements.txt: it must reach the root file.
    assert (BINDER / "../requirements.txt").resolve() == (REPO / "requirements.txt").resolve()
    # "-e ." is relative to the root, where pip runs: the package is there.
    assert (REPO / "pyproject.toml").exists() and (REPO / "gametree" / "__init__.py").exists()


def test_every_requirement_is_pinned_to_one_exact_version():
    for path in (STUDENTS, TESTS, TEACHERS):
        loose = [line for line in lines(path) if not PIN.fullmatch(line)
                 and line != "-r requirements.txt"]
        assert loose == [], f"pin these in {path.name} with == so Binder builds what the tests ran: {loose}"


def test_the_test_file_is_the_students_file_plus_the_test_tools():
    assert lines(TESTS)[0] == "-r requirements.txt"
    assert set(pins(TESTS)) == TEST_TOOLS  # nothing else, and each of them
    assert not TEST_TOOLS & set(pins(STUDENTS)), "a test tool would go into the students' Binder"
    assert not set(pins(TESTS)) & set(pins(STUDENTS)), "a package pinned twice may drift apart"


def test_the_students_and_the_test_environment_agree_on_every_package_they_share():
    # A package both environments install comes in through the students'
    # packages; if only the test file pinned it, the students' environment
    # would float to another version.  So none of the test file's pins may
    # be needed by the students' packages, and the students' pins (shared
    # by both, through "-r") must be the versions installed here.
    students = closure(pins(STUDENTS))
    assert not students & set(pins(TESTS)), (
        f"{sorted(students & set(pins(TESTS)))} are needed by the notebooks too: pin them in "
        f"requirements.txt, not requirements-test.txt")
    for name, version in pins(STUDENTS).items():
        assert importlib.metadata.version(name) == version, name


def test_ipywidgets_is_pinned_and_brings_its_own_jupyterlab_widgets():
    pins = pinned()
    assert "ipywidgets" in pins
    # A separate pin of its front-end packages could disagree with the ones
    # ipywidgets asks for and leave "Error displaying widget" in JupyterLab.
    assert not {"jupyterlab-widgets", "widgetsnbextension"} & pins.keys()
    for text in importlib.metadata.requires("ipywidgets"):
        requirement = Requirement(text)
        if requirement.marker is None and canonicalize_name(requirement.name) in (
                "jupyterlab-widgets", "widgetsnbextension"):
            installed = importlib.metadata.version(requirement.name)
            assert installed in requirement.specifier, (requirement, installed)



def test_the_teachers_file_is_the_students_file_plus_nbgrader_and_installs_with_the_tests():
    assert lines(TEACHERS)[0] == "-r requirements.txt"
    assert set(pins(TEACHERS)) == TEACHER_TOOLS
    assert not set(pins(TEACHERS)) & (set(pins(STUDENTS)) | set(pins(TESTS))), "pinned twice"
    assert not TEACHER_TOOLS & closure(pins(STUDENTS)), "a teacher's tool would go to the students"
    # .ci/run installs it into the test environment, so the pins must hold together there
    # (pip checked that when CI installed them); here: each pin is what is installed.
    for name, version in pins(TEACHERS).items():
        assert importlib.metadata.version(name) == version, name
    assert "-r requirements-teacher.txt" in (REPO / ".ci" / "run").read_text()
