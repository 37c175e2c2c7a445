"""Every page the package writes says its language on ``<html>``, from a ``lang`` parameter
(default English), and has its content in a ``main`` landmark (axe-core checks the pages in
the browser: tests/browser/test_accessibility_in_browser.py)."""

import re
from pathlib import Path

import pytest

from gametree import trace_alpha_beta
from gametree.cli.drill import WORDS, drill_trees
from gametree.practice.exercise import Exercise
from gametree.practice.sheets import sheet_exercises
from gametree.view.pages import build_site, drill_html, html

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', page)
    assert found, page[:200]
    return found.group(1)


@pytest.fixture(scope="module")
def trees():
    exercises = sheet_exercises(42, 1, 2, 2, bounds="none")
    return drill_trees([e for e in exercises if isinstance(e, Exercise)])


@pytest.mark.parametrize("lang", [None, "ko"])
def test_step_and_drill_pages_say_their_language(trees, lang):
    options = {} if lang is None else {"lang": lang}
    for page in (html(trace_alpha_beta([[3, 5], [2, 9]]), **options), drill_html(trees, words=WORDS, **options)):
        assert _lang(page) == (lang or "en")
        assert page.count("<main>") == page.count("</main>") == 1
        assert page.index("<main>") < page.index("<h1>") < page.index("</main>") < page.index("</body>")


@pytest.mark.parametrize("lang", ["english", "xx", ""])
def test_a_site_in_an_unknown_language_is_refused_before_any_work(tmp_path, lang):
    out = tmp_path / "site"
    with pytest.raises(ValueError, match="two-letter ISO 639-1 code"):
        build_site(out, source=NOTEBOOKS, lang=lang)
    assert not out.exists() and list(tmp_path.iterdir()) == []
