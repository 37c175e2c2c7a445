"""Packaging promises: a light import, and a README whose commands CI runs."""

import os
import re
import socket
import subprocess
import sys
import time
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
    # The test command installs the test tools too; the lab command only the notebooks' needs.
    assert "pip install -q -r requirements-test.txt -e ." in test and "pytest" in test


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


def test_readme_lab_command_starts_jupyterlab_on_the_index(tmp_path):
    """Run the README's launch command (with the venv's python, on a free
    port, without opening a browser) until JupyterLab says it is serving."""
    launch = readme_commands()[0].split("&&")[-1].split()
    assert launch[:2] == [".venv/bin/jupyter", "lab"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    command = [sys.executable, "-m", "jupyter", *launch[1:], "--no-browser",
               f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    log = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and server.poll() is None:
            line = server.stderr.readline()
            log.append(line)
            if f"127.0.0.1:{port}/lab" in line or f"localhost:{port}/lab" in line:
                break
        assert server.poll() is None, "".join(log[-5:])
        assert any(f":{port}/lab" in line for line in log), "".join(log[-5:])
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        server.stderr.close()
