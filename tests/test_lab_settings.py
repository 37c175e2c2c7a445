"""JupyterLab never asks about Jupyter news in the environments this repository sets up.

JupyterLab 4 asks "Would you like to get notified about official Jupyter news?" in a toast over
the notebook until the setting ``fetchNews`` of ``@jupyterlab/apputils-extension:notification``
has an answer. The repository answers it in ``jupyter/lab/settings/overrides.json``, which the
README's start command passes to JupyterLab (``--LabApp.app_settings_dir``) and
``binder/postBuild`` copies to where JupyterLab reads overrides on Binder. The browser test
``tests/browser/test_lab_checks.py::test_no_news_prompt`` opens the lab with the same settings.
"""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OVERRIDES = REPO / "jupyter" / "lab" / "settings" / "overrides.json"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def _start_command() -> list[str]:
    """The README's one start command, split into words."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Start\n.*?```bash\n(.*?)\n```", readme, re.S)
    assert block, "README.md has no start command under ## Start"
    return shlex.split(block.group(1))


def test_overrides_answer_the_news_question_with_never() -> None:
    """The settings file says Never, in the values the schema of JupyterLab's own plugin allows."""
    schema = Path(sys.prefix, "share", "jupyter", "lab", "schemas", "@jupyterlab",
                  "apputils-extension", "notification.json")
    allowed = {choice["const"] for choice in json.loads(schema.read_text())["properties"]["fetchNews"]["oneOf"]}
    settings = json.loads(OVERRIDES.read_text())[NOTIFICATION]
    assert settings["fetchNews"] == "false" and "false" in allowed
    assert settings["checkForUpdates"] is False


def test_readme_start_command_passes_the_settings() -> None:
    """The lab the README starts reads the overrides (a path relative to the clone it runs in)."""
    words = _start_command()
    lab = words.index("lab")
    assert words[lab - 1].endswith("jupyter")
    options = [w for w in words[lab:] if w.startswith("--LabApp.app_settings_dir=")]
    assert len(options) == 1, words
    assert (REPO / options[0].partition("=")[2] / "overrides.json").resolve() == OVERRIDES


def test_binder_post_build_installs_the_settings(tmp_path: Path) -> None:
    """binder/postBuild, run as repo2docker runs it, puts the file where JupyterLab reads overrides."""
    prefix = tmp_path / "prefix"
    python = tmp_path / "bin" / "python"
    python.parent.mkdir()
    python.write_text(f"#!/bin/sh\necho {shlex.quote(str(prefix))}\n")
    python.chmod(0o755)
    subprocess.run(["bash", str(REPO / "binder" / "postBuild")], cwd=REPO, check=True, timeout=30,
                   env={"PATH": f"{python.parent}:/usr/bin:/bin"})
    installed = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.d" / "gametree.json"
    assert json.loads(installed.read_text()) == json.loads(OVERRIDES.read_text())
