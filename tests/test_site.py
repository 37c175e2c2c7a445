"""The course as a static site (issue 24): links, players, folded solutions, nothing fetched.

The site is built from a small course written into tmp_path (two notebooks
in the set's shape, run in fresh kernels as the real ones are), so the
test costs two kernels rather than the set's minutes of drawing;
``benchmarks/bench_site.py`` builds the real set.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from gametree import trace_alpha_beta
from gametree.cli import main
from gametree.view.pages import MAX_PAGE_STEPS
from gametree.view.pages.site import (
    NEEDS_PYTHON,
    PLAYER_SCRIPT,
    PLAYER_STYLE,
    build_site,
    steppable,
)

SMALL = [[3, 5], [2, 9]]
BINDER = "https://binder.example.org/v2/gh/teacher/gametree/main"
THEME = {"pruned edge": "#ff00ff"}
"""The small course's theme: pruned edges magenta, a colour no other key of the default has."""

LONG_WIDGET = f'''import ipywidgets


class Long(ipywidgets.HTML):
    """A widget the step-through protocol accepts, one step too long for a page."""

    title, code, jumps = "a long search", ("line",), {{}}

    def __len__(self):
        return {MAX_PAGE_STEPS + 1}

    def caption(self, index): return ""
    def counter(self, index): return ""
    def lines(self, index): return ()
    def picture(self, index): raise AssertionError("a refused search draws nothing")
    def alt(self, index): return ""


Long()'''

FIRST = [
    ("markdown", "# The first page\n\nOn to [the second page](02-second.ipynb), straight to "
                 "[its second part](02-second.ipynb#Second-part), or to "
                 "[a page left out](03-left-out.ipynb). A full tree has $b^d$ leaves."),
    ("code", f"# NBVAL_IGNORE_OUTPUT\nfrom gametree import trace_alpha_beta\n"
             f"from gametree.widgets import Stepper\nStepper(trace_alpha_beta({SMALL}))"),
    ("markdown", "What is the root's value?\n\n<details><summary>Solution</summary>\n\n"
                 "The root is worth 3.\n\n</details>"),
    ("code", "import ipywidgets\nipywidgets.IntSlider(value=3, description='depth')"),
]
SECOND = [
    ("markdown", "# The second page\n\nBack to [the first page](01-first.ipynb).\n\n"
                 "## Second part\n\nThe end."),
    ("code", LONG_WIDGET),
]


def write_course(folder: Path, extra: dict[str, list] | None = None,
                 only: dict[str, list] | None = None) -> Path:
    """A course of two notebooks in ``folder`` (and ``extra``: name -> cells),
    or ``only`` the notebooks given (name -> cells)."""
    folder.mkdir(parents=True, exist_ok=True)
    course = only if only is not None else {"01-first": FIRST, "02-second": SECOND, **(extra or {})}
    for name, cells in course.items():
        made = [nbformat.v4.new_markdown_cell(text) if kind == "markdown"
                else nbformat.v4.new_code_cell(text) for kind, text in cells]
        nbformat.write(nbformat.v4.new_notebook(cells=made), folder / f"{name}.ipynb")
    return folder


class Page(HTMLParser):
    """A page's links, sources, ids, scripts and details blocks."""

    def __init__(self, text: str):
        super().__init__()
        self.links: list[str] = []
        self.sources: list[tuple[str, str]] = []  # (tag, url) of scripts and style sheets
        self.ids: set[str] = set()
        self.details: list[dict] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "script" and "src" in attrs:
            self.sources.append((tag, attrs["src"]))
        if tag == "link" and "href" in attrs:
            self.sources.append((tag, attrs["href"]))
        if tag in ("img", "iframe", "source", "embed") and "src" in attrs:
            self.sources.append((tag, attrs["src"]))
        if tag == "details":
            self.details.append(attrs)


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    """The small course, its bytes before the build, and the site built from it."""
    root = tmp_path_factory.mktemp("course")
    source = write_course(root / "notebooks")
    before = {path.name: path.read_bytes() for path in source.iterdir()}
    told: list = []  # (page, the pages written when told)
    site = build_site(root / "site", source=source, jobs=2, binder=BINDER,  # two kernels at once
                      theme=THEME,
                      progress=lambda page: told.append(
                          (page, sorted(path.name for path in root.rglob("*.html")))))
    return {"root": root, "source": source, "before": before, "site": site, "told": told}


def _pages(site_folder: Path) -> dict[str, Page]:
    return {path.name: Page(path.read_text(encoding="utf-8")) for path in site_folder.glob("*.html")}


def test_every_notebook_is_a_page_with_an_index(course):
    site = course["site"]
    assert [page.file for page in site.pages] == ["index.html", "01-first.html", "02-second.html"]
    index = Page((site.out / "index.html").read_text(encoding="utf-8"))
    assert [link for link in index.links if not link.startswith("#")] == ["01-first.html",
                                                                           "02-second.html"]
    assert all(page.size == (site.out / page.file).stat().st_size for page in site.pages[1:])


def test_progress_tells_of_each_page_once_it_is_written(course):
    told = course["told"]
    assert sorted(page.name for page, _ in told) == ["01-first", "02-second"]
    for page, written in told:
        assert page.file in written and page == next(p for p in course["site"].pages
                                                     if p.name == page.name)


def test_every_internal_link_and_source_resolves(course):
    """Each relative href and src names a file of the site, and each
    #anchor an element of its page."""
    out = course["site"].out
    pages = _pages(out)
    checked = 0
    for name, page in pages.items():
        for url in page.links + [url for _, url in page.sources]:
            if re.match(r"[a-z]+:", url):
                continue
            target, _, anchor = url.partition("#")
            target = target.partition("?")[0]
            assert target == "" or (out / target).is_file(), f"{name} links to {url}"
            if anchor:
                assert anchor in pages[target or name].ids, f"{name} links to {url}"
            checked += 1
    assert checked > 10
    first = pages["01-first.html"]
    assert {"02-second.html", "02-second.html#Second-part"} <= set(first.links)
    assert "01-first.html" in pages["02-second.html"].links


def test_a_link_to_a_notebook_not_built_is_plain_text(course):
    text = (course["site"].out / "01-first.html").read_text(encoding="utf-8")
    assert [link for link in Page(text).links if ".ipynb" in link and not link.startswith(BINDER)] == []
    assert '<span class="gt-not-built" title="not in this build">a page left out</span>' in text


def test_no_script_or_style_sheet_comes_from_the_network(course):
    for name, page in _pages(course["site"].out).items():
        assert page.sources, name
        for tag, url in page.sources:
            assert not re.match(r"(https?:)?//", url), f"{name}: <{tag}> from {url}"
    text = (course["site"].out / "01-first.html").read_text(encoding="utf-8")
    assert "require.js" not in text and "cdn" not in text.lower()
    # And the browser is told to load nothing but the site's files, whatever an output holds.
    for path in course["site"].out.glob("*.html"):
        meta = re.search(r'<meta[^>]*"Content-Security-Policy"[^>]*>', path.read_text("utf-8"))
        assert meta is not None, path.name
        policy = re.search(r'content="([^"]*)"', meta.group(0)).group(1)
        assert "default-src 'self' file: data: blob:" in policy
        assert "http" not in policy and "*" not in policy


def test_each_stepper_is_a_player_sharing_one_script(course):
    out = course["site"].out
    text = (out / "01-first.html").read_text(encoding="utf-8")
    assert text.count('class="gt-player ') == 1 and 'id="player-1-step"' in text
    found = re.search(r'<script[^>]*\bid="player-1-steps-data"[^>]*>(.*?)</script>', text, re.S)
    assert found is not None
    data = json.loads(found.group(1).replace("<\\/", "</"))
    trace = trace_alpha_beta(SMALL)
    assert [step["caption"] for step in data["steps"]] == [step.caption for step in trace]
    assert "#ff00ff" in found.group(1)   # the build's theme reached the pictures, drawn in the kernel
    # One copy of the script and the style for the site; the page links them.
    page = Page(text)
    assert ("script", PLAYER_SCRIPT) in page.sources and ("link", PLAYER_STYLE) in page.sources
    assert "function startAll" not in text and (out / PLAYER_SCRIPT).is_file()
    for sheet in (out / PLAYER_STYLE).parent.glob("*.css"):  # every colour filled in from the theme
        assert "@" not in sheet.read_text(encoding="utf-8") and "#" in sheet.read_text(encoding="utf-8")
    players = course["site"].pages[1].players
    assert len(players) == 1 and players[0] > len(found.group(1).encode("utf-8"))
    # A page without players does not load the script.
    assert ("script", PLAYER_SCRIPT) not in _pages(out)["index.html"].sources


def test_other_widgets_keep_a_picture_and_point_to_python(course):
    text = (course["site"].out / "01-first.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget" not in text
    assert f"This interactive part {NEEDS_PYTHON}." in text
    # The line links to the notebook on Binder (a link to follow, nothing loaded).
    assert f"{BINDER}?urlpath=lab/tree/notebooks/01-first.ipynb" in Page(text).links
    assert "IntSlider(" not in text  # the widget's repr says nothing to a reader


def test_a_search_too_long_is_refused_with_a_sentence(course):
    text = (course["site"].out / "02-second.html").read_text(encoding="utf-8")
    assert f"{MAX_PAGE_STEPS + 1} steps, more than the {MAX_PAGE_STEPS} a step-through page" in text
    assert NEEDS_PYTHON in text and 'class="gt-player ' not in text
    assert course["site"].pages[2].pictures == 1


def test_solutions_stay_folded(course):
    text = (course["site"].out / "01-first.html").read_text(encoding="utf-8")
    details = Page(text).details
    assert len(details) == 1 and "open" not in details[0]
    folded = text[text.index("<details"):text.index("</details>")]
    assert "<summary>Solution</summary>" in folded and "The root is worth 3." in folded


def test_the_code_shown_leaves_out_nbvals_markers_and_the_set_up(course):
    text = (course["site"].out / "01-first.html").read_text(encoding="utf-8")
    assert "NBVAL" not in text and "show_players" not in text
    assert "In\xa0[1]:" in text or "In [1]:" in text  # the cells keep their numbers


def test_the_build_leaves_the_notebooks_as_they_were_and_nothing_else(course):
    root, source = course["root"], course["source"]
    assert {path.name: path.read_bytes() for path in source.iterdir()} == course["before"]
    assert sorted(path.name for path in root.iterdir()) == ["notebooks", "site"]


def test_a_notebook_that_fails_stops_the_build_in_one_line(tmp_path, capsys):
    source = write_course(tmp_path / "notebooks",  # a message of two lines
                          {"03-broken": [("code", "raise ZeroDivisionError('one\\ntwo')")]})
    old = tmp_path / "site"
    old.mkdir()
    (old / "index.html").write_text("an older site")
    (old / PLAYER_SCRIPT).parent.mkdir()
    (old / PLAYER_SCRIPT).write_text("")
    status = main(["site", "--source", str(source), "--notebooks", "03-broken",
                   "--out", str(old)])
    error = capsys.readouterr().err
    assert status == 2 and error.count("\n") == 1
    assert "03-broken.ipynb failed to run" in error and "ZeroDivisionError: one two" in error
    assert (old / "index.html").read_text() == "an older site"  # left as it was
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notebooks", "site"]


@pytest.mark.parametrize("argv, words", [
    (["--notebooks", "09-nowhere"], "no notebook 09-nowhere"),
    (["--source", "missing"], "no such folder of notebooks"),
    (["--jobs", "0"], "run 1 or more notebooks at once"),
    (["--binder", "mybinder.org/v2/gh/x/y"], "give the repository's Binder address"),
])
def test_bad_input_is_refused_before_any_kernel(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    write_course(tmp_path / "notebooks")
    assert main(["site", *argv]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notebooks"]


def test_a_folder_of_other_files_is_not_replaced(tmp_path, capsys):
    source = write_course(tmp_path / "notebooks")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    assert main(["site", "--source", str(source), "--out", str(mine)]) == 2
    assert "not a site written by this command" in capsys.readouterr().err
    assert [path.name for path in mine.iterdir()] == ["notes.txt"]


def test_the_set_steppers_are_recognised():
    """The widgets the notebooks show: the Stepper, the PredictStepper and
    the MCTS stepper through the protocol, a practice box not."""
    from gametree.games.mcts import uct_search
    from gametree.games.tictactoe import TicTacToe, TicTacToeState
    from gametree.widgets import MctsStepper, PracticeWidget, PredictStepper, Stepper

    trace = trace_alpha_beta(SMALL)
    for widget in (Stepper(trace), PredictStepper(trace, predict=True)):
        steps = steppable(widget)
        assert steps is not None and len(steps) == len(trace)
    game = TicTacToe()
    result = uct_search(game, TicTacToeState.from_text("XOX OOX ..."), iterations=3, seed=4)
    steps = steppable(MctsStepper(result))
    assert steps is not None and len(steps) > 3 and "iterations" in steps.jumps
    assert steppable(PracticeWidget(seed=1)) is None


@pytest.mark.parametrize("theme", ["projector", "print", THEME])
def test_the_set_up_cell_hands_the_kernel_the_whole_theme_lines_included(theme):
    """The build's theme reaches each notebook's kernel whole: the set-up
    cell's Theme(...) rebuilds it equal, widths and dashes too (the
    projector's lines are 1.5 times as wide)."""
    import ast

    from gametree.view.pages.site import _setup
    from gametree.view.theme import Theme, theme_of

    call = ast.parse(_setup(theme)).body[-1].value.keywords[0].value
    rebuilt = Theme(*(ast.literal_eval(arg) for arg in call.args))
    assert rebuilt == theme_of(theme)
