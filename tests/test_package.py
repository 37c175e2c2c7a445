"""Packaging promises: a light import, and a README whose commands CI runs."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_gametree_does_not_import_drawing_or_widget_libraries():
    code = ("import sys, gametree; "
            "print(sorted(m for m in ('matplotlib', 'networkx', 'ipywidgets') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def readme_commands():
    """The shell commands in the README's fenced blocks."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```(?:bash|sh|shell)\n(.*?)```", text, flags=re.S)
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip() and not line.strip().startswith("#")]


def test_readme_shows_exactly_two_commands_set_up_and_lab_and_set_up_and_test():
    commands = readme_commands()
    assert len(commands) == 2
    lab, test = commands
    assert "pip install -q -r requirements.txt -e ." in lab and "jupyter lab notebooks/" in lab
    assert "pip install" in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert readme_commands()[1] in ci_lines


def test_readme_lists_every_notebook_and_its_links_resolve():
    text = (ROOT / "README.md").read_text()
    notebooks = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    linked = re.findall(r"\]\((notebooks/[^)]+)\)", text)
    assert sorted(Path(link).name for link in linked if link.endswith(".ipynb")) == notebooks
    for link in linked:
        assert (ROOT / link).exists(), link
