"""Write the navigation cells of every notebook, so links never go stale.

Run from the repository root:  python notebooks/_tools/navigation.py

Each notebook ``NN-name.ipynb`` gets a first and a last markdown cell
tagged ``navigation``: previous / contents / next.  The index notebook's
cell tagged ``contents`` gets the table of notebooks, each with its title
(the notebook's first ``# `` heading) and the one-line ``summary`` from its
metadata (``metadata.gametree.summary``).  ``--check`` changes nothing and
exits 1 when a notebook is out of date (tests/test_notebook_set.py uses it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent
INDEX = "00-index.ipynb"
TAG = "navigation"


def notebook_paths(folder: Path = NOTEBOOKS) -> list[Path]:
    """The set, in order: files named like ``01-minimax.ipynb``."""
    return sorted(p for p in folder.glob("*.ipynb") if re.match(r"\d\d-", p.name))


def title(notebook: dict) -> str:
    """The text of the first level-1 heading outside navigation cells."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown" and TAG not in cell.get("metadata", {}).get("tags", []):
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise ValueError("no '# Title' heading")


def summary(notebook: dict) -> str:
    return notebook.get("metadata", {}).get("gametree", {}).get("summary", "")


def _cell(source: str, tag: str):
    # Skipped in slides (slides.py gives every navigation cell this type).
    return nbformat.v4.new_markdown_cell(source, metadata={"tags": [tag],
                                                           "slideshow": {"slide_type": "skip"}})


def navigation_line(paths: list[Path], titles: dict[str, str], position: int) -> str:
    parts = []
    if position > 0:
        before = paths[position - 1].name
        parts.append(f"[← {titles[before]}]({before})")
    if paths[position].name != INDEX:
        parts.append(f"[Contents]({INDEX})")
    if position + 1 < len(paths):
        after = paths[position + 1].name
        parts.append(f"[{titles[after]} →]({after})")
    return " | ".join(parts)


def contents(paths: list[Path], notebooks: dict[str, dict], titles: dict[str, str]) -> str:
    lines = ["## Contents", ""]
    for path in paths:
        if path.name == INDEX:
            continue
        text = summary(notebooks[path.name])
        lines.append(f"1. [{titles[path.name]}]({path.name})" + (f": {text}" if text else ""))
    return "\n".join(lines)


def updated(paths: list[Path]) -> dict[Path, dict]:
    """Each notebook with its navigation (and the index's contents) rewritten."""
    notebooks = {p.name: nbformat.read(p, as_version=4) for p in paths}
    titles = {name: title(nb) for name, nb in notebooks.items()}
    result = {}
    for position, path in enumerate(paths):
        notebook = nbformat.from_dict(notebooks[path.name])  # a copy
        cells = [c for c in notebook["cells"] if TAG not in c.get("metadata", {}).get("tags", [])]
        line = navigation_line(paths, titles, position)
        cells = [_cell(line, TAG), *cells, _cell(line, TAG)]
        if path.name == INDEX:
            for cell in cells:
                if "contents" in cell.get("metadata", {}).get("tags", []):
                    cell["source"] = contents(paths, notebooks, titles)
        notebook["cells"] = cells
        result[path] = notebook
    return result


def _source(notebook) -> list:
    return [(c["cell_type"], c["source"], c.get("metadata")) for c in notebook["cells"]]


def main(argv: list[str]) -> int:
    """``--check``: report only.  Other arguments name the notebooks to
    rewrite (default: all), so one lesson can be refreshed alone."""
    check = "--check" in argv
    only = {name.removesuffix(".ipynb") for name in argv if not name.startswith("--")}
    stale = []
    for path, notebook in updated(notebook_paths()).items():
        if only and path.stem not in only:
            continue
        if _source(notebook) != _source(nbformat.read(path, as_version=4)):
            stale.append(path.name)
            if not check:
                nbformat.write(notebook, path)
    if check and stale:
        print("navigation out of date in: " + ", ".join(stale)
              + "; run python notebooks/_tools/navigation.py", file=sys.stderr)
        return 1
    if not check:
        print("rewrote navigation in: " + (", ".join(stale) or "nothing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
