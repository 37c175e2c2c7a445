"""The step-through page (issue 24): what it holds, how big it is, what it refuses."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from gametree import trace_alpha_beta, trace_maxn
from gametree.chance import trace_expectiminimax
from gametree.cli import main
from gametree.games.windows import trace_mtdf, trace_pvs
from gametree.generate import worst_order
from gametree.text import fmt
from gametree.view import html
from gametree.view.pages import JUMPS, MAX_PAGE_STEPS, Steppable, TraceSteps, check_steps, save_html
from gametree.view.pages.player import _shared_glyphs

AIMA = [3, 12, 8, 2, 4, 6, 14, 5, 2]


class Fake:
    """A Steppable with tiny pictures that share all but one line, counting
    the pictures drawn."""

    title = "fake search"
    code: tuple[str, ...] = ("line one", "line two")

    def __init__(self, count: int, jumps=None):
        self.count = count
        self.drawn = 0
        self.jumps = jumps if jumps is not None else {"cutoffs": (1,)}

    def __len__(self):
        return self.count

    def caption(self, index):
        return f"caption {index}"

    def counter(self, index):
        return f"counter {index}"

    def lines(self, index):
        return (index % 2 + 1,)

    def picture(self, index):
        self.drawn += 1
        shared = "\n".join(f'<path d="M {k} 0 L 1 1"/>' for k in range(50))
        return f'<svg width="10px">\n{shared}\n<text>{index}</text>\n</svg>'

    def alt(self, index):
        return f"picture {index}"


def _data(page: str) -> dict:
    found = re.search(r'<script type="application/json" id="steps-data">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1).replace("<\\/", "</"))


def _picture(data: dict, index: int) -> str:
    def text(part: list) -> str:
        runs = part[1:]
        return "\n".join("\n".join(data["lines"][start:start + length])
                         for start, length in zip(runs[::2], runs[1::2], strict=True))

    return "\n".join(text(data["parts"][p]) for p in data["steps"][index]["svg"])


class Controls(HTMLParser):
    """Every element's tag and attributes, and labels' targets."""

    def __init__(self):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.labels: dict[str, str] = {}
        self._label_for: str | None = None

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        if tag == "label":
            self._label_for = dict(attrs).get("for")

    def handle_data(self, data):
        if self._label_for is not None and data.strip():
            self.labels[self._label_for] = data.strip()
            self._label_for = None

    def names(self, tag: str) -> list[str]:
        return [attrs.get("aria-label", "") for t, attrs in self.elements if t == tag]

    def by_id(self, ident: str) -> tuple[str, dict]:
        return next((t, a) for t, a in self.elements if a.get("id") == ident)


@pytest.fixture(scope="module")
def aima_page() -> str:
    return html(trace_alpha_beta(AIMA, 3))


def test_aima_page_weighs_under_a_megabyte(aima_page):
    assert len(aima_page.encode("utf-8")) <= 1_000_000


def test_each_step_replays_its_own_picture_and_words(aima_page):
    data = _data(aima_page)
    trace = trace_alpha_beta(AIMA, 3)
    steps = TraceSteps(trace)
    assert len(data["steps"]) == len(trace)
    glyphs: dict[str, str] = {}
    for index in (0, 12, 13, len(trace) - 1):
        record = data["steps"][index]
        assert _picture(data, index) == _shared_glyphs(steps.picture(index), glyphs)
        assert "<use" in _picture(data, index) and "<path id=\"DejaVuSans" not in _picture(data, index)
        assert record["caption"] == trace[index].caption
        assert record["lines"] == list(trace[index].lines)
        assert record["alt"] == steps.alt(index) and record["alt"]
    assert _picture(data, 12) != _picture(data, 13)
    assert set(glyphs.values()) <= set(data["glyphs"])  # each defined once, for every step
    assert len(data["glyphs"]) == len(set(data["glyphs"]))
    assert data["jumps"] == {"cutoffs": [step.index for step in trace.cutoffs]}


def test_steps_share_what_they_have_in_common(aima_page):
    """The shared line table is far smaller than the pictures stored whole."""
    data = _data(aima_page)
    whole = sum(len(_picture(data, index)) for index in range(len(data["steps"])))
    assert len(aima_page) < whole / 4


def test_page_fetches_nothing(aima_page):
    assert not re.search(r'\b(src|href)="(https?:)?//', aima_page)
    assert "http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'" in aima_page


def test_controls_have_their_accessible_names(aima_page):
    controls = Controls()
    controls.feed(aima_page)
    assert {"play", "previous", "next", "next cutoff"} <= set(controls.names("button"))
    tag, slider = controls.by_id("step")
    assert (tag, slider["type"], slider["role"]) == ("input", "range", "slider")
    assert controls.labels["step"] == "step" and controls.labels["speed"] == "speed"
    assert controls.by_id("speed")[0] == "select"
    caption = controls.by_id("caption")[1]
    assert caption["role"] == "status" and caption["aria-live"] == "polite"
    assert controls.by_id("picture")[1]["role"] == "img"
    # While playing the caption goes quiet, and play's name turns to pause.
    assert 'caption.setAttribute("aria-live", "off")' in aima_page
    assert 'play.setAttribute("aria-label", "pause")' in aima_page


@pytest.mark.parametrize("record, jump", [(trace_pvs, "re-searches"), (trace_mtdf, "passes")])
def test_windowed_searches_offer_their_jumps(record, jump):
    steps = TraceSteps(record([[1, 2], [5, 6], [7, 8]]))
    assert steps.jumps[jump] and all(steps.lines(i) for i in steps.jumps[jump])
    fake = Fake(3, {"cutoffs": (), jump: (2,)})
    controls = Controls()
    controls.feed(html(fake))
    assert JUMPS[jump] in controls.names("button")


def test_fake_is_steppable():
    assert isinstance(Fake(1), Steppable)


def test_same_search_same_page(aima_page):
    assert html(trace_alpha_beta(AIMA, 3)) == aima_page


def test_longest_search_a_page_replays():
    fake = Fake(MAX_PAGE_STEPS)
    page = html(fake)
    assert len(_data(page)["steps"]) == MAX_PAGE_STEPS == fake.drawn
    assert f'max="{MAX_PAGE_STEPS - 1}"' in page


def test_one_step_more_is_refused_before_any_picture():
    fake = Fake(MAX_PAGE_STEPS + 1)
    with pytest.raises(ValueError, match=f"{MAX_PAGE_STEPS + 1} steps, more than the "
                                         f"{MAX_PAGE_STEPS}"):
        html(fake)
    assert fake.drawn == 0
    assert check_steps(Fake(MAX_PAGE_STEPS)) == MAX_PAGE_STEPS


def test_save_html_wants_an_html_name(tmp_path):
    with pytest.raises(ValueError, match="end the file name with .html"):
        save_html(Fake(2), tmp_path / "steps.png")
    assert list(tmp_path.iterdir()) == []
    out = save_html(Fake(2), tmp_path / "steps.html")
    assert out.read_text(encoding="utf-8") == html(Fake(2))


MAGENTA = {"pruned edge": "#ff00ff"}


@pytest.fixture(scope="module")
def saved_by_stepper(tmp_path_factory) -> tuple[str, str]:
    """A magenta Stepper of a PVS search (not the search it would run on
    the tree itself) saved as a page: (the search's name, the page)."""
    from gametree.widgets.stepper import Stepper

    stepper = Stepper(trace_pvs([[1, 2], [5, 6], [7, 8]]), theme=MAGENTA)
    folder = tmp_path_factory.mktemp("saved")
    out = stepper.save_html(folder / "pvs.html")
    assert out == folder / "pvs.html"
    page = out.read_text(encoding="utf-8")
    out.unlink()
    folder.rmdir()  # the page was all it wrote: nothing is left behind
    return stepper.trace.algorithm, page


def test_stepper_saves_the_search_on_display(saved_by_stepper):
    algorithm, page = saved_by_stepper
    assert algorithm.startswith("PVS") and _data(page)["title"] == algorithm


def test_command_writes_the_page(tmp_path, capsys):
    out = tmp_path / "mtdf.html"
    assert main(["html", "--branching", "2", "3", "5", "2", "9", "--search", "mtdf",
                 "--out", str(out)]) == 0
    data = _data(out.read_text(encoding="utf-8"))
    assert data["title"].startswith("MTD(f)") and "passes" in data["jumps"]
    assert f"wrote {out}" in capsys.readouterr().out


def test_command_defaults_to_handouts(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["html", "--tree", "[[3, 5], [2, 9]]"]) == 0
    assert (tmp_path / "handouts" / "steps.html").is_file()


@pytest.mark.parametrize("argv, words", [
    (["--out", "steps.png"], "end the name with .html"),
    (["--search", "mtdf", "--strict"], "leave it out"),
    (["--search", "fail-hard", "--strict"], "leave --strict out"),
    (["--search", "pvs", "--bounds", "0", "10"], "--search expectiminimax"),
])
def test_command_refuses_bad_input(tmp_path, monkeypatch, capsys, argv, words):
    monkeypatch.chdir(tmp_path)
    assert main(["html", "--branching", "2", "3", "5", "2", "9", *argv]) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_command_refuses_a_search_too_long_before_drawing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    leaves = [fmt(x) for x in worst_order(list(range(3 ** 5)), 3)]
    assert len(trace_alpha_beta(worst_order(list(range(3 ** 5)), 3), 3)) > MAX_PAGE_STEPS
    assert main(["html", "--branching", "3", *leaves]) == 2
    assert "a step-through page replays" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("record", [
    lambda: trace_expectiminimax([[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]], bounds=(0, 10)),
    lambda: trace_maxn([[(1, 5, 2), (4, 3, 1)], [(2, 2, 2)]]),
], ids=["star1", "maxn"])
def test_chance_and_maxn_traces_replay_through_the_same_protocol(record):
    trace = record()
    data = _data(html(trace))
    assert [s["caption"] for s in data["steps"]] == [step.caption for step in trace]
    assert data["jumps"]["cutoffs"] == [step.index for step in trace.cutoffs]
    assert all(s["alt"] and s["counter"].startswith("evaluated") for s in data["steps"])
    assert _picture(data, 0).startswith("<svg") and _picture(data, 0) != _picture(data, 5)


def test_a_theme_colours_the_pictures_of_a_page_not_only_its_controls(aima_page, saved_by_stepper):
    """One theme= argument reaches every step's picture: AIMA's pruned edges
    drawn magenta appear in the page's SVGs; the default page has no magenta.
    A Stepper's theme reaches the page it saves."""
    trace = trace_alpha_beta(AIMA, 3)
    assert "#ff00ff" in html(trace, theme=MAGENTA) and "#ff00ff" not in aima_page
    printed = html(trace, theme="print")
    assert _data(printed) != _data(aima_page)   # the same steps, other pictures
    assert "#ff00ff" in saved_by_stepper[1]
