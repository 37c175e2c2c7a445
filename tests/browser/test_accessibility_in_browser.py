"""axe-core on the kernel-free pages, in every theme: the step-through page
(``python -m gametree html``) and the drill page (``python -m gametree drill``).

Every page passes with no serious or critical violation, has one ``main``
landmark with all its content inside landmarks, and says its language on
``<html>``. One browser context audits all six pages, one after the other;
the site's pages are audited in ``test_site_in_browser.py`` (which builds the site).
"""

from __future__ import annotations

import pytest

from gametree import trace_alpha_beta
from gametree.cli.drill import WORDS, drill_trees
from gametree.practice.exercise import Exercise
from gametree.practice.sheets import sheet_exercises
from gametree.view.pages import drill_html, save_html
from gametree.view.theme import THEMES

from .accessibility import audit, axe_source, counts, serious

pytestmark = pytest.mark.browser

AIMA = [3, 12, 8, 2, 4, 6, 14, 5, 2]
STRUCTURE = ("landmark-one-main", "region", "html-has-lang", "html-lang-valid", "page-has-heading-one")
"""Rules of lesser impact the pages must pass too: a main landmark, every
content inside a landmark, a valid language, a first-level heading."""


@pytest.fixture(scope="module")
def audits(browser, tmp_path_factory):
    """axe's violations on each page in each theme: ``{(page, theme): violations}``."""
    source = axe_source()
    folder = tmp_path_factory.mktemp("a11y")
    trace = trace_alpha_beta(AIMA, 3)
    exercises = sheet_exercises(42, 3, 3, 3, bounds="none")
    trees = drill_trees([e for e in exercises if isinstance(e, Exercise)])
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(("file:", "data:"))
                  else route.abort())
    page = context.new_page()
    found = {}
    try:
        for theme in THEMES:
            steps = save_html(trace, folder / f"steps-{theme}.html", theme=theme)
            drill = folder / f"drill-{theme}.html"
            drill.write_text(drill_html(trees, words=WORDS, theme=theme), encoding="utf-8")
            for name, path in (("steps", steps), ("drill", drill)):
                page.goto(path.as_uri())
                if name == "steps":  # a step with a highlighted line, a cutoff, pruned nodes
                    page.get_by_role("slider", name="step").fill(str(trace.cutoffs[0].index))
                found[name, theme] = audit(page, source)
    finally:
        context.close()
    return found


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("name", ["steps", "drill"])
def test_page_passes_axe(audits, report_figure, name, theme):
    """No serious or critical violation, and the page's structure is sound."""
    violations = audits[name, theme]
    report_figure(f"axe-core on the {name} page, {theme} theme: {counts(violations) or 'no violation'}")
    assert serious(violations) == []
    assert [v["id"] for v in violations if v["id"] in STRUCTURE] == []
