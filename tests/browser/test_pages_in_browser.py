"""The kernel-free pages of issue 24 in Debian's Chromium, offline.

Each page is opened from a ``file://`` path with every network request
blocked and counted; no JupyterLab is started (one browser, a few pages).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import contextmanager

import pytest

from gametree import trace_alpha_beta
from gametree.cli import main
from gametree.cli.drill import drill_trees
from gametree.practice.checker import MistakeKind
from gametree.practice.exercise import Answer, Exercise
from gametree.practice.sheets import sheet_exercises
from gametree.text import fmt
from gametree.view.pages import save_html

pytest.importorskip("playwright")
from playwright.sync_api import expect  # noqa: E402  (after the skip above)

pytestmark = pytest.mark.browser

AIMA = [3, 12, 8, 2, 4, 6, 14, 5, 2]


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The AIMA step-through page and the seed-42 drill page, written once."""
    folder = tmp_path_factory.mktemp("pages")
    steps = save_html(trace_alpha_beta(AIMA, 3), folder / "aima.html")
    drill = folder / "drill.html"
    assert main(["drill", "--seed", "42", "--count", "10", "--out", str(drill)]) == 0
    return {"steps": steps, "drill": drill}


LOCAL = ("file:", "data:", "about:", "blob:")
"""What a page may load: its own files, inline data, and MathJax's
about:blank probe for web fonts."""


@contextmanager
def offline_page(browser):
    """A page whose every request other than a local file is blocked: the
    page, the list of what it asked the network for, and the list of
    local files it asked for and could not load."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    asked: list[str] = []
    missed: list[str] = []

    def block(route):
        if route.request.url.startswith(LOCAL):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", block)
    page = context.new_page()
    page.on("request", lambda request: None if request.url.startswith(LOCAL)
            else asked.append(request.url))
    page.on("requestfailed", lambda request: None if request.url.startswith("about:")
            else missed.append(f"{request.url}: {request.failure}"))
    try:
        yield page, asked, missed
    finally:
        context.close()


@pytest.fixture
def offline(browser):
    """A page, and the list of what it asked the network for (see :func:`offline_page`)."""
    with offline_page(browser) as (page, asked, missed):
        yield page, asked
    assert missed == []


def _caption(page) -> str:
    return page.locator("#caption-text").inner_text()


def _picture(page) -> str:
    return page.locator("#picture").inner_html()


def test_thirteen_presses_of_next_show_step_13(pages, offline):
    page, asked = offline
    page.goto(pages["steps"].as_uri())
    trace = trace_alpha_beta(AIMA, 3)
    expect(page.locator("#caption")).to_contain_text(f"Step 0 of {len(trace) - 1}:")
    next_button = page.get_by_role("button", name="next", exact=True)
    for _ in range(12):
        next_button.click()
    twelve = _picture(page)
    next_button.click()
    assert _caption(page) == trace[13].caption
    assert _picture(page) != twelve and "<svg" in _picture(page)
    assert page.locator("#picture").get_attribute("aria-label").endswith(
        f"{trace[13].caption}. Evaluated 4 of 9 leaves (a full search needs at least 5).")
    assert page.evaluate("window.gametreeDrawMs") < 1000  # drawn (the 30 ms is benchmarked)
    assert asked == []


def test_next_cutoff_lands_on_the_first_cutoff(pages, offline):
    page, asked = offline
    page.goto(pages["steps"].as_uri())
    first = trace_alpha_beta(AIMA, 3).cutoffs[0]
    page.get_by_role("button", name="next cutoff", exact=True).click()
    assert page.get_by_role("slider", name="step").input_value() == str(first.index)
    assert _caption(page) == first.caption
    # The highlighted pseudocode line is marked by more than colour.
    current = page.locator("#code .current")
    expect(current).to_have_count(1)
    assert current.inner_text().startswith(f"{first.lines[0]}\n\u25B6")
    assert page.get_by_role("button", name="next cutoff", exact=True).is_disabled()  # the only one
    assert asked == []


def test_keyboard_steps_and_plays(pages, offline):
    page, asked = offline
    page.goto(pages["steps"].as_uri())
    trace = trace_alpha_beta(AIMA, 3)
    slider = page.get_by_role("slider", name="step")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert slider.input_value() == "2" and _caption(page) == trace[2].caption
    page.keyboard.press("End")
    assert slider.input_value() == str(len(trace) - 1)
    page.keyboard.press("ArrowLeft")
    assert _caption(page) == trace[len(trace) - 2].caption
    page.keyboard.press("Home")
    assert slider.input_value() == "0"
    page.get_by_role("combobox", name="speed").select_option(label="fast")
    page.locator("body").focus()
    page.keyboard.press(" ")
    pause = page.get_by_role("button", name="pause", exact=True)
    expect(pause).to_be_visible()
    assert page.locator("#caption").get_attribute("aria-live") == "off"  # quiet while playing
    expect(slider).not_to_have_value("0", timeout=3000)
    page.keyboard.press(" ")
    expect(page.get_by_role("button", name="play", exact=True)).to_be_visible()
    assert page.locator("#caption").get_attribute("aria-live") == "polite"
    expect(page.get_by_role("status")).to_have_count(1)
    assert page.get_by_role("button", name="previous", exact=True).count() == 1
    assert asked == []


def _fill(page, number: int, values: Mapping[str, float], pruned) -> None:
    section = page.locator(f"#tree-{number}")
    section.get_by_role("button", name=f"Clear tree {number}").click()
    for name, value in values.items():
        section.get_by_label(f"value of {name}", exact=True).fill(fmt(value))
    for name in pruned:
        section.get_by_role("button", name=f"edge to {name}", exact=True).click()
    section.get_by_role("button", name=f"Check tree {number}").click()


def test_drill_marks_a_wrong_answer_wrong_and_the_key_right(pages, offline):
    page, asked = offline
    page.goto(pages["drill"].as_uri())
    expect(page.locator(".warning")).to_contain_text("for practice, not for grading")
    exercise = sheet_exercises(42, 10)[0]
    assert isinstance(exercise, Exercise)
    key = drill_trees([exercise])[0]
    feedback = page.locator("#tree-1 .feedback")
    _fill(page, 1, {}, ())  # nothing filled in: says so, and nothing of the key
    expect(feedback.locator("li.mistake")).to_have_count(1)
    assert feedback.locator("li.mistake").get_attribute("data-kind") == "empty"
    _fill(page, 1, key.values, key.pruned)
    expect(feedback.locator(".ok")).to_have_count(1)
    expect(page.locator("#score")).to_have_text("Score: 1 of 10 trees right")

    # A wrong root value, a branch left standing, and one crossed that must be searched.
    root = exercise.tree.root.name
    wrong = dict(key.values, **{root: key.values[root] + 1})
    kept = sorted(key.pruned)[0]
    searched = next(node.name for node in exercise.tree
                    if node.parent is not None and node.name not in key.pruned
                    and exercise.tree[node.parent].name == root)
    _fill(page, 1, wrong, (key.pruned - {kept}) | {searched})
    kinds = {(item.get_attribute("data-kind"), item.get_attribute("data-node"))
             for item in feedback.locator("li.mistake").all()}
    assert {("wrong value", root), ("missed cutoff", kept), ("over-pruned", searched)} <= kinds
    expect(page.locator("#score")).to_have_text("Score: 0 of 10 trees right")
    # Python's checker names the same value mistake.
    python = exercise.check(Answer(values=wrong, pruned=key.pruned))
    assert (root, MistakeKind.WRONG_VALUE) in {(m.node, m.kind) for m in python}
    assert asked == []


_FRESH_AND_SHOWN = """() => {
  const D = JSON.parse(document.getElementById("steps-data").textContent);
  const text = p => { const r = D.parts[p], out = [];
    for (let j = 1; j < r.length; j += 2) out.push(D.lines.slice(r[j], r[j] + r[j + 1]).join("\\n"));
    return out.join("\\n"); };
  const fresh = document.createElement("div");
  fresh.innerHTML = D.steps[Number(document.getElementById("step").value)].svg.map(text).join("\\n");
  return [fresh.firstElementChild.innerHTML, document.getElementById("picture").firstElementChild.innerHTML];
}"""


def test_a_step_drawn_by_replacing_groups_equals_the_step_drawn_whole(pages, offline):
    """The page replaces only the artists' groups that changed; every step
    so reached, forwards, backwards and by a jump, is the picture drawn
    whole."""
    page, asked = offline
    page.goto(pages["steps"].as_uri())
    moves = ["ArrowRight"] * 25 + ["ArrowLeft"] * 6 + ["Home", "End", "Home"]
    for key in moves:
        page.keyboard.press(key)
        fresh, shown = page.evaluate(_FRESH_AND_SHOWN)
        assert shown == fresh
    assert asked == []
