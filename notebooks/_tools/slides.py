"""Set each cell's slide type, so every notebook exports to reveal.js slides.

Run from the repository root:  python notebooks/_tools/slides.py [NAME ...] [--check]

``jupyter nbconvert --to slides notebooks/02-alpha-beta.ipynb`` turns a
notebook into a reveal.js slide show, reading each cell's
``metadata.slideshow.slide_type``.  This tool sets it for every cell by one
rule, so a teacher can present any notebook of the set without editing it:

* the navigation cells (tagged ``navigation``) are skipped: reveal.js has
  its own;
* a solution (a markdown cell holding ``<details><summary>Solution``) is
  skipped: slides show the exercise, not its answer;
* a code cell that only imports (the set-up cell) is skipped;
* the title (``# ``) and every ``## `` heading start a new slide;
* a ``### `` heading (an exercise's number, say) starts a sub-slide, below
  its section's slide;
* a code cell right after a markdown cell is a fragment: its output (a
  figure, a widget) appears on the next click, after its sentence;
* every other cell goes on the slide before it.

With names (``02-alpha-beta``) only those notebooks are rewritten;
``--check`` changes nothing and exits 1 when a notebook is out of date
(tests/test_notebook_slides.py runs it).  ``execute.py`` runs it before
running the notebooks.  The lead runs it on notebooks added later.
"""

from __future__ import annotations

import re
import sys

import nbformat
from navigation import TAG, notebook_paths

__all__ = ["slide_type", "slide_types", "main", "SLIDE", "SUBSLIDE", "FRAGMENT", "SKIP", "GO_ON"]

SLIDE, SUBSLIDE, FRAGMENT, SKIP, GO_ON = "slide", "subslide", "fragment", "skip", "-"
"""The slide types nbconvert reads."""



def _only_imports(source: str) -> bool:
    """A code cell that only imports (continuation lines of a bracketed
    import included)."""
    lines = source.splitlines()
    if not lines or not any(re.match(r"(from\s+\S+\s+)?import\s", line) for line in lines):
        return False
    inside = False
    for line in lines:
        if inside:
            inside = ")" not in line
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not re.match(r"(from\s+\S+\s+)?import\s", line):
            return False
        inside = "(" in line and ")" not in line
    return True


def slide_type(cell, previous) -> str:
    """The slide type of ``cell``, given the cell shown before it (None for
    the first shown).  See the module's docstring for the rule.

    >>> md = lambda text: nbformat.v4.new_markdown_cell(text)
    >>> code = lambda text: nbformat.v4.new_code_cell(text)
    >>> slide_type(md("## The cut rule"), None), slide_type(code("draw(trace)"), md("Look:"))
    ('slide', 'fragment')
    >>> slide_type(code("import gametree"), None), slide_type(md("<details><summary>Solution</summary>"), None)
    ('skip', 'skip')
    """
    source = cell.get("source", "")
    tags = cell.get("metadata", {}).get("tags", [])
    if TAG in tags:
        return SKIP
    if cell["cell_type"] == "markdown":
        if "<details><summary>Solution" in source:
            return SKIP
        first = source.lstrip().splitlines()[0] if source.strip() else ""
        if first.startswith(("# ", "## ")) or previous is None:
            return SLIDE
        if first.startswith("### "):
            return SUBSLIDE
        return GO_ON
    if cell["cell_type"] == "code" and _only_imports(source):
        return SKIP
    if previous is None:
        return SLIDE
    if cell["cell_type"] == "code" and previous["cell_type"] == "markdown":
        return FRAGMENT
    return GO_ON


def slide_types(notebook) -> list[str]:
    """The slide type of every cell of ``notebook``, in order."""
    types, previous = [], None
    for cell in notebook["cells"]:
        kind = slide_type(cell, previous)
        types.append(kind)
        if kind != SKIP:
            previous = cell
    return types


def _current(notebook) -> list[str | None]:
    return [cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
            for cell in notebook["cells"]]


def main(argv: list[str]) -> int:
    """``--check``: report only.  Other arguments name the notebooks to
    rewrite (default: all)."""
    check = "--check" in argv
    only = {name.removesuffix(".ipynb") for name in argv if not name.startswith("--")}
    stale = []
    for path in notebook_paths():
        if only and path.stem not in only:
            continue
        notebook = nbformat.read(path, as_version=4)
        wanted = slide_types(notebook)
        if _current(notebook) == wanted:
            continue
        stale.append(path.name)
        if not check:
            for cell, kind in zip(notebook["cells"], wanted, strict=True):
                cell.setdefault("metadata", {})["slideshow"] = {"slide_type": kind}
            nbformat.write(notebook, path)
    if check and stale:
        print("slide types out of date in: " + ", ".join(stale)
              + "; run python notebooks/_tools/slides.py", file=sys.stderr)
        return 1
    if not check:
        print("set slide types in: " + (", ".join(stale) or "nothing"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
