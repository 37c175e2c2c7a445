"""The translated notebooks (notebooks/<code>/NN-name.ipynb, issue 31).

notebooks/_tools/translate.py builds them from the English notebooks and the
per-notebook catalogs in notebooks/locale; nbval runs them, one kernel per
language (the root conftest.py).  These tests check what nbval does not:
every message translated and keeping its markup, every stored notebook
what a fresh build gives (sources, not outputs), its code the English code
after the cell that sets the language, its links pointing at its own
language's notebooks.  They read files only: no kernel, well under a second.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "notebooks" / "_tools"


def _tool():
    """notebooks/_tools/translate.py (which imports navigation.py beside it)."""
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location("gametree_translate", TOOLS / "translate.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # its dataclasses look themselves up there
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(TOOLS))
    return module


translate = _tool()
CASES = [(code, name) for code in translate.LANGUAGES for name in translate.NOTEBOOKS]
IDS = [f"{code}-{name}" for code, name in CASES]


def read(path: Path):
    return translate.load(path)


def code_sources(notebook) -> list[str]:
    return [c.source for c in notebook.cells if c.cell_type == "code"
            and translate.LANGUAGE_TAG not in c.get("metadata", {}).get("tags", [])]


def markdown(notebook) -> str:
    return "\n\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


@pytest.mark.parametrize(("code", "name"), CASES, ids=IDS)
def test_every_message_is_translated_and_keeps_its_markup(code, name):
    """Each message of the template is in the catalog, translated, not fuzzy,
    with the English's link targets, code spans, inline math, HTML tags and
    ** marks."""
    assert translate.catalog_problems(code, name) == []


def test_the_templates_are_the_english_notebooks_messages():
    stale = [name for name in translate.NOTEBOOKS if translate.template_path(name).read_bytes()
             != translate._po_bytes(translate.template(name))]
    assert not stale, "run python notebooks/_tools/translate.py extract, then update"


@pytest.mark.parametrize(("code", "name"), CASES, ids=IDS)
def test_the_stored_notebook_is_a_fresh_build(code, name):
    """Cell for cell (type, source, metadata) what translate.py builds from the
    English notebook and the catalogs now: a change to either reaches it."""
    stored = read(translate.translated_path(code, name))
    assert translate.sources(translate.built(code, name, stored)) == translate.sources(stored), \
        f"run python notebooks/_tools/translate.py build {code}"


@pytest.mark.parametrize(("code", "name"), CASES, ids=IDS)
def test_the_code_is_the_english_code_after_the_language_is_set(code, name):
    stored = read(translate.translated_path(code, name))
    english = read(ROOT / "notebooks" / f"{name}.ipynb")
    assert code_sources(stored) == code_sources(english)
    first = next(c for c in stored.cells if c.cell_type == "code")
    assert translate.LANGUAGE_TAG in first.metadata["tags"]
    assert f'set_language("{code}")' in first.source and f'"LANGUAGE"] = "{code}"' in first.source
    assert all(c.execution_count for c in stored.cells if c.cell_type == "code"), \
        f"run python notebooks/_tools/execute.py {code}/{name}"


@pytest.mark.parametrize(("code", "name"), CASES, ids=IDS)
def test_solutions_stay_folded_under_a_translated_summary(code, name):
    stored, english = (markdown(read(translate.translated_path(code, name))),
                       markdown(read(ROOT / "notebooks" / f"{name}.ipynb")))
    assert stored.count("<details><summary>") == english.count("<details><summary>")
    assert stored.count("</details>") == english.count("</details>")
    summaries = re.findall(r"<summary>(.*?)</summary>", stored)
    assert not {"Solution", "Hint"} & set(summaries)


@pytest.mark.parametrize("code", list(translate.LANGUAGES))
def test_the_index_links_its_own_language_and_names_the_lessons_still_in_english(code):
    index = read(translate.translated_path(code, "00-index"))
    contents = next(c.source for c in index.cells if "contents" in c.metadata.get("tags", []))
    linked = re.findall(r"\]\(([^)]+)\)", contents)
    lessons = [p.name for p in translate.navigation.notebook_paths() if p.stem != "00-index"]
    assert linked == [name if name[:-6] in translate.NOTEBOOKS else f"../{name}"
                      for name in lessons]
    marker = translate._Words(code, "00-index")("{title} (in English)").format(title="")
    english_only = [line for line in contents.splitlines() if "](../" in line]
    assert english_only and all(marker.strip() in line for line in english_only)
    assert not any(marker.strip() in line for line in contents.splitlines() if "](0" in line)


def test_navigation_points_at_translated_siblings_else_the_english_notebooks():
    code = next(iter(translate.LANGUAGES))
    top = read(translate.translated_path(code, "03-practice")).cells[0].source
    assert "](02-alpha-beta.ipynb)" in top and "](../04-pruning-savings.ipynb)" in top
    assert "](00-index.ipynb)" in top and "](../03-practice.ipynb)" in top  # the English one


def test_links_in_the_text_are_moved_one_folder_up_unless_translated():
    assert translate.relinked("[a](05-numbergame.ipynb) [b](06-tic-tac-toe.ipynb#Play) "
                              "[c](images/x.png) [d](https://example.org/) [e](#top)", "da") == (
        "[a](05-numbergame.ipynb) [b](../06-tic-tac-toe.ipynb#Play) [c](../images/x.png) "
        "[d](https://example.org/) [e](#top)")


@pytest.mark.parametrize(("english", "translated", "problem"), [
    ("Run `f(x)` now.", "Kør f(x) nu.", "code spans"),
    ("See [02](02-alpha-beta.ipynb).", "Se [02](03-practice.ipynb).", "link targets"),
    ("It grows as $O(n^2)$.", "Den vokser som O(n^2).", "inline math"),
    ("**Solution** here", "**Løsning her", "strong marks"),
    ("<details><summary>Hint</summary>", "<summary>Vink</summary>", "HTML tags"),
])
def test_a_translation_that_drops_markup_is_reported(english, translated, problem):
    found = translate.problems(english, translated)
    assert len(found) == 1 and found[0].startswith(problem)


def test_a_heading_paragraph_item_table_and_summary_are_messages_and_code_is_not():
    source = ("## Title\n\nOne line\nand the next.\n\n- an item\n1. a step\n\n| a | b |\n| --- | --- |\n"
              "| c | 7 |\n\n<details><summary>Solution</summary>\n\n```python\nx = 1\n```\n\n"
              "</details>\n\n$$\nT(n)\n$$")
    parts = translate.parts(source)
    messages = [t for p in parts for t in (p.cells or ((p.text,) if p.message else ()))]
    assert messages == ["Title", "One line and the next.", "an item", "a step", "a", "b", "c", "7",
                        "Solution"]
    words = {m: m.upper() for m in messages}
    out = translate.translate_markdown(source, words, "ko")
    assert "```python\nx = 1\n```" in out and "$$\nT(n)\n$$" in out
    assert "## TITLE" in out and "1. A STEP" in out and "<details><summary>SOLUTION</summary>" in out


def test_bold_text_in_a_shipped_font_leaves_no_log_line_in_the_output(caplog):
    """The Hangul subset has one weight; matplotlib's "findfont: Failed to
    find font weight bold for Noto Sans CJK KR" landed in the stored stderr
    of the first cell of each Korean notebook that drew a bold caption."""
    import matplotlib
    from matplotlib import font_manager

    from gametree.view.fonts import use_fonts

    with matplotlib.rc_context(), caplog.at_level("WARNING", logger="matplotlib.font_manager"):
        (family,) = use_fonts("ko")
        found = font_manager.findfont(font_manager.FontProperties(family=family, weight=850))
    assert "NotoSansCJK" in found  # the shipped regular face, in place of a heavy one
    assert not [r for r in caplog.records if family in r.getMessage()]


@pytest.mark.parametrize(("argv", "function", "wanted"), [
    (["--lang", "ko"], "build_site", {"source": "notebooks/ko", "lang": "ko"}),
    ([], "build_site", {"source": "notebooks", "lang": "en"}),
    (["--all-languages"], "build_sites", {"source": "notebooks"}),
])
def test_the_site_command_builds_a_language_from_its_folder_or_all_at_once(
        argv, function, wanted, tmp_path, monkeypatch, capsys):
    """``gametree site --lang ko`` renders notebooks/ko as Korean pages;
    ``--all-languages`` the whole set (the build itself: the browser tests)."""
    from gametree.cli import main
    from gametree.view.pages import site

    given = {}

    def built(out, **kwargs):  # records, then fails as a full disk would: nothing is run
        given.update(kwargs)
        raise OSError(28, "No space left on device")

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(site, function, built)
    assert main(["site", *argv, "--out", str(tmp_path / "site")]) == 1
    assert {key: str(given.get(key)) for key in wanted} == wanted
    assert not (tmp_path / "site").exists()


def test_xdist_keeps_a_languages_notebooks_on_one_worker(root_conftest):
    """The root conftest.py runs a language's notebooks in one kernel: under
    ``--dist loadgroup`` they make one unit, one per language."""
    class Config:
        @staticmethod
        def getvalue(name):
            return "loadgroup"

    scope = root_conftest.pytest_xdist_make_scheduler(Config, log=None)._split_scope
    assert (scope("notebooks/ko/01-minimax.ipynb::Cell 0")
            == scope("notebooks/ko/05-numbergame.ipynb::Cell 7") == "notebooks/ko")
    assert scope("notebooks/da/01-minimax.ipynb::Cell 0") == "notebooks/da"
    assert scope("notebooks/01-minimax.ipynb::Cell 0") == "notebooks/01-minimax.ipynb"
