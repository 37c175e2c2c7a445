"""The course site (issue 24) in Debian's Chromium, opened from ``file://``, offline.

The site is built from the small course of ``tests/test_site.py`` (two
notebooks run in fresh kernels); every request that is not a file of the
site is blocked and counted, and must not happen.
"""

from __future__ import annotations

import shutil

import pytest
from test_site import FIRST, SMALL, write_course

from gametree import trace_alpha_beta
from gametree.view.pages.player import player_css
from gametree.view.pages.site import PLAYER_STYLE, SITE_STYLE, build_sites, site_css
from gametree.view.theme import THEMES

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402  (after the skip above)

from .accessibility import audit, axe_source, counts, serious  # noqa: E402
from .test_accessibility_in_browser import STRUCTURE  # noqa: E402
from .test_pages_in_browser import offline_page  # noqa: E402  (it needs Playwright too)

pytestmark = pytest.mark.browser


KOREAN_FIRST = [("markdown", "# 첫 페이지\n\n[두 번째 페이지](../02-second.ipynb)는 아직 영어로만 "
                              "있습니다."), FIRST[1]]
"""The first page translated into Korean (issue 31); the second is English only."""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The small course in English, and its first page in Korean: one site, English at
    the root, Korean in ko/, every page with the language switcher."""
    root = tmp_path_factory.mktemp("course")
    source = write_course(root / "notebooks")
    write_course(source / "ko", only={"01-first": KOREAN_FIRST})
    return build_sites(root / "site", source=source, jobs=2)[0].out


@pytest.fixture
def offline(browser):
    """A page, what it asked the network for, and the local files it missed."""
    with offline_page(browser) as found:
        yield found


def test_every_internal_link_leads_to_a_page_and_nothing_is_fetched(site, offline):
    """From the index, every link of every page is followed: each opens a
    page of the site (and its #anchor an element there)."""
    page, asked, missed = offline
    seen: set[str] = set()
    todo = [(site / "index.html").as_uri()]
    followed = 0
    while todo:
        url = todo.pop()
        address, _, anchor = url.partition("#")
        page.goto(url)
        page.wait_for_load_state("networkidle")  # MathJax's files too, before the next page
        assert page.title(), url
        if anchor:
            assert page.locator(f'[id="{anchor}"]').count() == 1, url
        followed += 1
        if address in seen:
            continue
        seen.add(address)
        links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
        todo += [link for link in links if link.startswith("file:")
                 and link.partition("#")[0] != address]
    assert {address.removeprefix(site.as_uri() + "/") for address in seen} == {
        "index.html", "01-first.html", "02-second.html", "ko/index.html", "ko/01-first.html"}
    assert followed >= 7
    assert asked == [] and missed == []


def test_a_player_steps_and_keeps_its_accessible_controls(site, offline):
    page, asked, missed = offline
    page.goto((site / "01-first.html").as_uri())
    trace = trace_alpha_beta(SMALL)
    player = page.locator(".gt-player")
    expect(player).to_have_count(1)
    caption = player.get_by_role("status")
    expect(caption).to_contain_text(f"Step 0 of {len(trace) - 1}:")
    for _ in range(3):
        player.get_by_role("button", name="next", exact=True).click()
    expect(caption).to_contain_text(trace[3].caption)
    slider = player.get_by_role("slider", name="step")
    assert slider.input_value() == "3"
    player.get_by_role("button", name="next cutoff", exact=True).click()
    assert slider.input_value() == str(trace.cutoffs[0].index)
    # The jump button, the only cutoff passed, is disabled: the focus falls to
    # the page, and the keys still step the player last used.
    page.keyboard.press("ArrowLeft")
    assert slider.input_value() == str(trace.cutoffs[0].index - 1)
    player.get_by_role("button", name="next", exact=True).focus()
    page.keyboard.press("ArrowRight")
    assert slider.input_value() == str(trace.cutoffs[0].index)
    assert player.get_by_role("button", name="previous", exact=True).is_enabled()
    expect(player.get_by_role("combobox", name="speed")).to_have_value("900")
    assert player.locator("figure[role=img]").get_attribute("aria-label")
    assert asked == [] and missed == []


def test_mathjax_renders_from_the_local_copy(site, offline):
    page, asked, missed = offline
    page.goto((site / "01-first.html").as_uri())
    expect(page.locator(".MathJax").first).to_be_visible(timeout=20000)
    assert "$b^d$" not in page.locator("main").inner_text()
    assert asked == [] and missed == []


def test_a_solution_stays_folded_until_opened(site, offline):
    page, asked, missed = offline
    page.goto((site / "01-first.html").as_uri())
    answer = page.get_by_text("The root is worth 3.")
    expect(answer).to_be_hidden()
    page.get_by_text("Solution", exact=True).click()
    expect(answer).to_be_visible()
    assert asked == [] and missed == []


def _restyled(site, folder, theme):
    """The site's pages with its style sheets in ``theme`` (the built site is the default
    theme's; a theme changes nothing else a page says but the players' pictures)."""
    if theme == "default":
        return site
    shutil.copytree(site, folder)  # 3 MB a language, most of it MathJax
    for language in (folder, folder / "ko"):
        for name, css in ((PLAYER_STYLE, player_css(theme)), (SITE_STYLE, site_css(theme))):
            (language / name).write_text(css, encoding="utf-8")
    return folder


def test_every_page_passes_axe_in_every_theme(site, browser, tmp_path, report_figure):
    """axe-core finds no serious or critical violation on any page of the site, in any theme;
    each page has its main landmark, its content in landmarks and its language."""
    source = axe_source()
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    assert pages == ["01-first.html", "02-second.html", "index.html", "ko/01-first.html",
                     "ko/index.html"]
    problems = []
    with offline_page(browser) as (page, asked, missed):
        for theme in THEMES:
            root = _restyled(site, tmp_path / theme, theme)
            for name in pages:
                page.goto((root / name).as_uri())
                page.wait_for_load_state("networkidle")  # MathJax typeset, as a reader sees it
                violations = audit(page, source)
                report_figure(f"axe-core on the site's {name}, {theme} theme: "
                              f"{counts(violations) or 'no violation'}")
                problems += [f"{theme} {name}: {line}" for line in serious(violations)]
                problems += [f"{theme} {name}: {v['id']}" for v in violations if v["id"] in STRUCTURE]
        assert asked == [] and missed == []
    assert problems == []


def test_a_translated_page_says_its_language_and_switches_by_keyboard(site, offline):
    """The Korean page is lang="ko"; its switcher is a list of links, each in
    its own language (lang, hreflang), the page's own marked current, and the
    first thing Tab reaches; a language without the page links its index."""
    page, asked, missed = offline
    page.goto((site / "ko" / "01-first.html").as_uri())
    page.wait_for_load_state("networkidle")  # MathJax's files, before leaving the page
    assert page.locator("html").get_attribute("lang") == "ko"
    switcher = page.get_by_role("navigation", name="언어")
    links = switcher.get_by_role("link")
    expect(links).to_have_count(2)
    assert [(links.nth(i).get_attribute("lang"), links.nth(i).get_attribute("hreflang"),
             links.nth(i).inner_text()) for i in range(2)] == [("en", "en", "English"),
                                                              ("ko", "ko", "한국어")]
    assert links.nth(1).get_attribute("aria-current") == "page"
    page.keyboard.press("Tab")
    expect(links.nth(0)).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url((site / "01-first.html").as_uri())
    page.wait_for_load_state("networkidle")
    assert page.locator("html").get_attribute("lang") == "en"
    page.goto((site / "02-second.html").as_uri())  # English only: Korean leads to its index
    page.wait_for_load_state("networkidle")
    korean = page.get_by_role("navigation", name="Languages").get_by_role("link", name="한국어")
    assert korean.get_attribute("href") == "ko/index.html"
    page.goto((site / "ko" / "01-first.html").as_uri())
    page.wait_for_load_state("networkidle")
    page.get_by_role("link", name="두 번째 페이지").click()  # the English page the text links
    page.wait_for_url((site / "02-second.html").as_uri())
    page.wait_for_load_state("networkidle")
    assert asked == [] and missed == []
