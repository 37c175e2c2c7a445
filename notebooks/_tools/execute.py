"""Refresh the navigation, then run every notebook top to bottom in place.

Run from the repository root:  python notebooks/_tools/execute.py [NAME ...]

First the navigation cells and the slide types (``slides.py``) are brought
up to date, then the notebooks are run.

With names (``02-alpha-beta``), only those notebooks are refreshed and run.
A translated notebook is named with its folder (``ko/02-alpha-beta``), or
all of a language's with the folder alone (``ko``); ``translate.py build``
writes them (their navigation too).

Each notebook runs in a fresh kernel with its folder as the working
directory, and is saved with its outputs, as nbval will compare them, and
without per-cell execution timestamps (``timestamps.py``), so a re-run
changes only what really changed.  The kernels keep their IPython history
in a temporary folder, removed afterwards, not in the user's.
Prints the seconds each took (the set's budget: 15 s each, 60 s in all).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import navigation
import nbformat
import slides
import timestamps
from nbclient import NotebookClient


def run(path: Path) -> float:
    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(notebook, timeout=300, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    timestamps.strip(notebook)
    nbformat.write(notebook, path)
    return seconds


def main(names: list[str]) -> int:
    names = [name.removesuffix(".ipynb") for name in names]
    navigation.main(names)
    slides.main(names)
    paths = [p for p in navigation.notebook_paths() if not names or p.stem in names]
    for name in names:  # translated notebooks: ko/02-alpha-beta, or ko for all of them
        folder = navigation.NOTEBOOKS / name
        paths += navigation.notebook_paths(folder) if folder.is_dir() else \
            [navigation.NOTEBOOKS / f"{name}.ipynb"] if "/" in name else []
    total = 0.0
    with tempfile.TemporaryDirectory(prefix="gametree-ipython-") as ipython:
        os.environ["IPYTHONDIR"] = ipython  # the kernels inherit it
        for path in paths:
            seconds = run(path)
            total += seconds
            print(f"{seconds:6.1f} s  {path.relative_to(navigation.NOTEBOOKS)}", flush=True)
    print(f"{total:6.1f} s  in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
