"""Every notebook exports to reveal.js slides (jupyter nbconvert --to slides)
with slide types set by one rule (notebooks/_tools/slides.py), kept current."""

import sys
from pathlib import Path

import nbformat
import pytest
from nbconvert import SlidesExporter

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "notebooks" / "_tools"
sys.path.insert(0, str(TOOLS))
import slides  # noqa: E402  (a script folder, not a package)

NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))

md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell


def test_the_rule_on_each_kind_of_cell():
    notebook = nbformat.v4.new_notebook(cells=[
        md("[Contents](00-index.ipynb)", metadata={"tags": ["navigation"]}),
        md("# Title\n\nWhy it matters."),
        code("import gametree\nfrom gametree import (Tree,\n    trace_alpha_beta)"),
        md("## A section\n\nA sentence."),
        code("draw(trace)"),
        code("trace.value"),
        md("More words."),
        md("### Exercise 1"),
        code("my_answer = None", metadata={"tags": ["answer"]}),
        md("<details><summary>Solution</summary>\n\n```python\n3\n```\n</details>"),
        md("[Contents](00-index.ipynb)", metadata={"tags": ["navigation"]}),
    ])
    assert slides.slide_types(notebook) == [
        "skip", "slide", "skip", "slide", "fragment", "-", "-", "subslide", "fragment",
        "skip", "skip"]


def test_a_code_cell_that_does_more_than_import_is_shown():
    assert slides.slide_type(code("import gametree\ngametree.alpha_beta([3, 5], 2)"),
                             md("x")) == "fragment"


def test_every_notebook_has_current_slide_types(capsys):
    # The tool's main in this process: a Python of its own spent seconds importing nbformat.
    assert slides.main(["--check"]) == 0, capsys.readouterr().err


def test_the_tool_rewrites_an_out_of_date_notebook(tmp_path, monkeypatch):
    notebook = nbformat.v4.new_notebook(cells=[md("# T"), md("## S"), code("1 + 1")])
    path = tmp_path / "01-x.ipynb"
    nbformat.write(notebook, path)
    monkeypatch.setattr(slides, "notebook_paths", lambda: [path])
    assert slides.main(["--check"]) == 1
    assert slides.main([]) == 0 and slides.main(["--check"]) == 0
    stored = nbformat.read(path, as_version=4)
    assert [c.metadata.slideshow.slide_type for c in stored.cells] == ["slide", "slide", "fragment"]


@pytest.fixture(scope="module")
def exporter():
    """One exporter for every notebook, as ``jupyter nbconvert --to slides
    *.ipynb`` has one: its templates are loaded once.  A fresh exporter per
    notebook gave the same pages (but for nbconvert's random widget ids) in
    8-9 s for the set instead of 6."""
    return SlidesExporter()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_every_notebook_converts_to_slides(path, exporter):
    notebook = nbformat.read(path, as_version=4)
    body, _ = exporter.from_notebook_node(notebook)
    types = [c.metadata.get("slideshow", {}).get("slide_type") for c in notebook.cells]
    # reveal.js: each slide is a section holding a section per sub-slide.
    assert body.count("<section") == 2 * types.count("slide") + types.count("subslide")
    assert body.count('class="fragment"') == types.count("fragment")
    assert "Reveal.initialize" in body
    for cell, kind in zip(notebook.cells, types, strict=True):
        if kind == "skip" and "<summary>Solution" in cell.source:
            hidden = cell.source.split("```python")[-1].split("```")[0].strip()
            assert hidden not in body, "a solution shows in the slides"
