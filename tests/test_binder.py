"""Binder builds the student's environment from binder/ (repo2docker ignores
the root's configuration files once that folder exists); these tests check
it asks for what the project pins.

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


def pinned() -> dict[str, str]:
    """Canonical name -> exact version, from requirements.txt."""
    return {canonicalize_name(Requirement(line).name): line.split("==", 1)[1]
            for line in lines(REPO / "requirements.txt")}


def test_binder_runs_python_3_12_which_the_package_supports():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-\d+\.\d+", runtime), f"repo2docker expects python-X.Y, not {runtime!r}"
    assert runtime == "python-3.12"
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert "3.12" in SpecifierSet(requires)


def test_binder_installs_the_pinned_requirements_and_the_package_itself():
    assert lines(BINDER / "requirements.txt") == ["-r ../requirements.txt", "-e ."]
    # "-r" is relative to binder/requirements.txt: it must reach the root file.
    assert (BINDER / "../requirements.txt").resolve() == (REPO / "requirements.txt").resolve()
    # "-e ." is relative to the root, where pip runs: the package is there.
    assert (REPO / "pyproject.toml").exists() and (REPO / "gametree" / "__init__.py").exists()


def test_every_requirement_is_pinned_to_one_exact_version():
    loose = [line for line in lines(REPO / "requirements.txt") if not PIN.fullmatch(line)]
    assert loose == [], f"pin these with == so Binder builds what the tests ran: {loose}"


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

