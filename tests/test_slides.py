"""python -m gametree slides: a 16:9 PDF page per step (or per cutoff) of the
trace, the same bytes run to run, and bad input refused with one line."""

import contextlib
import io
import re

import pytest

import gametree
from gametree.cli import main
from gametree.practice.shapes import with_root
from gametree.view.slides import (
    CAPTION_SIZE,
    CODE_SIZE,
    MAX_SLIDES,
    SLIDE_FONTS,
    SLIDE_SIZE,
    check_slides,
    write_slides,
)

FIG52 = ["--branching", "3", "3", "12", "8", "2", "4", "6", "14", "5", "2"]
TIES = "[[3, 4], [3, 1, 6]]"  # a tie at C: >= prunes the 1 and the 6, > does not


def pages(path):
    """The page count of a PDF, read from its page objects."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", path.read_bytes()))


def page_size(path):
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)", path.read_bytes())
    return float(box.group(1)), float(box.group(2))


def run(arguments, capsys):
    status = main(["slides", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err




def expect_pages(out, printed, tree, strict=False, cutoffs_only=False):
    """The PDF ``out`` has a page per step (or cutoff) of the search of
    ``tree`` (the command's tree arguments), and the command said so."""
    if tree[0] == "--tree":
        searched = gametree.parse_tree(tree[1])
    else:
        searched = gametree.Tree.from_leaves([int(x) for x in tree[2:11]], 3)
    if "--root" in tree:
        searched = with_root(searched, tree[tree.index("--root") + 1])
    trace = gametree.trace_alpha_beta(searched, strict=strict)
    expected = len(trace.cutoffs) if cutoffs_only else len(trace)
    assert pages(out) == expected
    what = "cutoff" if cutoffs_only else "step"
    assert printed == f"wrote {out}: {expected} page{'s' if expected != 1 else ''}, one per {what}\n"


@pytest.fixture(scope="module")
def fig52_cutoffs(tmp_path_factory):
    """``slides`` on Figure 5.2 with --cutoffs-only (one page), run once for
    the tests that read it: the status, what it printed, and the PDF."""
    out = tmp_path_factory.mktemp("slides") / "s.pdf"
    printed, error = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(error):
        status = main(["slides", *FIG52, "--cutoffs-only", "--out", str(out)])
    return status, printed.getvalue(), error.getvalue(), out


@pytest.mark.parametrize("tree, strict, cutoffs_only", [
    (FIG52, False, False), (["--tree", TIES], False, False),
    (["--tree", TIES], True, False), (["--tree", TIES], True, True),
    (["--tree", TIES, "--root", "MIN"], False, False),  # 18 steps, 15 with MAX at the root
])
def test_one_page_per_step_or_per_cutoff(tmp_path, capsys, tree, strict, cutoffs_only):
    out = tmp_path / "steps.pdf"
    options = (["--strict"] if strict else []) + (["--cutoffs-only"] if cutoffs_only else [])
    status, printed, error = run([*tree, *options, "--out", str(out)], capsys)
    assert status == 0 and error == ""
    expect_pages(out, printed, tree, strict, cutoffs_only)


def test_one_page_per_cutoff_of_figure_5_2(fig52_cutoffs):
    status, printed, error, out = fig52_cutoffs
    assert status == 0 and error == ""
    expect_pages(out, printed, FIG52, cutoffs_only=True)


def test_the_strict_rule_gives_its_own_pages():
    # One page per step (test_one_page_per_step_or_per_cutoff, on this tree with
    # and without --strict): >= prunes on the tie at C, > searches on, so more pages.
    tree = gametree.parse_tree(TIES)
    assert len(gametree.trace_alpha_beta(tree)) < len(gametree.trace_alpha_beta(tree, strict=True))


def test_pages_are_16_by_9_and_the_fonts_are_for_a_lecture_hall(fig52_cutoffs):
    width, height = page_size(fig52_cutoffs[-1])
    assert (width, height) == pytest.approx((SLIDE_SIZE[0] * 72, SLIDE_SIZE[1] * 72), abs=0.5)
    assert width / height == pytest.approx(16 / 9, rel=0.01)
    assert CAPTION_SIZE / height >= 1 / 20 and CODE_SIZE / height >= 1 / 30
    assert min(f.value for f in SLIDE_FONTS) >= CODE_SIZE and min(f.label for f in SLIDE_FONTS) >= 14


def test_the_same_bytes_run_to_run(tmp_path, capsys, fig52_cutoffs):
    again = tmp_path / "b.pdf"
    run([*FIG52, "--cutoffs-only", "--out", str(again)], capsys)
    assert again.read_bytes() == fig52_cutoffs[-1].read_bytes()


def test_the_slides_show_each_caption(tmp_path):
    trace = gametree.trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    from gametree.view.slides import _Slide

    slide = _Slide(trace)
    slide.show(trace.cutoffs[0].index)
    texts = [artist.get_text() for artist in slide.artists if hasattr(artist, "get_text")]
    assert " ".join(texts[2].split()) == trace.cutoffs[0].caption
    assert "if alpha >= beta: prune the" in [t.strip() for t in texts]  # the line run
    assert slide.plot.node_look("C").current


@pytest.mark.parametrize("arguments, words", [
    (FIG52 + ["--out", "steps.png"], "slides are one PDF, so end the file name with .pdf"),
    (["--out", "steps.pdf"], "no tree given"),
    (["--tree", "[[3, 5], [6, 9]]", "--cutoffs-only", "--out", "s.pdf"], "prunes nothing"),
    (FIG52 + ["--out", "no/such/folder/s.pdf"], "does not exist"),
    (FIG52 + ["--out", ""], "the file name is empty"),
    (FIG52[:-1] + ["--out", "s.pdf"], "8 leaves do not fill a complete tree"),
    (["--tree", "[[3, x]]", "--out", "s.pdf"], "could not read"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, capsys, monkeypatch, arguments, words):
    monkeypatch.chdir(tmp_path)
    status, printed, error = run(arguments, capsys)
    assert status == 2 and printed == ""
    assert error.count("\n") == 1 and words in error
    assert list(tmp_path.iterdir()) == []  # nothing written, no temporary file left


def test_the_page_limit_and_one_past_it():
    assert check_slides(MAX_SLIDES) == MAX_SLIDES == 300
    with pytest.raises(ValueError, match="301 steps, more than the 300 pages"):
        check_slides(MAX_SLIDES + 1)
    with pytest.raises(ValueError, match="301 cutoffs"):
        check_slides(MAX_SLIDES + 1, cutoffs_only=True)


def test_the_command_decides_the_page_limit_before_drawing_a_page(tmp_path, monkeypatch, capsys):
    """A fan of 149 leaves is a search of exactly MAX_SLIDES steps, and one
    more leaf under an inner node one step more: the first reaches the
    drawing (replaced here, so that 300 pages cost nothing), the second is
    refused before it."""
    import gametree.view.slides

    drawn = []
    monkeypatch.setattr(gametree.view.slides, "write_slides",
                        lambda trace, out, **options: drawn.append(len(trace)) or len(trace))
    at_limit = [0] * 149
    past_it = [[0, 0]] + [0] * 146
    steps = [len(gametree.trace_alpha_beta(gametree.Tree.from_nested(t))) for t in (at_limit, past_it)]
    assert steps == [MAX_SLIDES, MAX_SLIDES + 1]
    out = str(tmp_path / "s.pdf")
    assert main(["slides", "--tree", str(at_limit), "--out", out]) == 0
    assert drawn == [MAX_SLIDES]
    assert main(["slides", "--tree", str(past_it), "--out", out]) == 2
    assert drawn == [MAX_SLIDES]  # refused before any page
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "301 steps, more than the 300 pages" in err


def test_write_slides_refuses_what_is_not_a_trace(tmp_path):
    with pytest.raises(TypeError, match="slides need a Trace"):
        write_slides([3, 5, 2, 9], tmp_path / "s.pdf")


def test_a_terminal_sees_a_page_counter_that_is_cleared_at_the_end(tmp_path, monkeypatch, capsys):
    """On a terminal, slides count their pages on stderr; off one (a pipe, a
    log) nothing is shown."""
    import io
    import sys

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["slides", "--cutoffs-only", *FIG52, "--out", str(tmp_path / "s.pdf")]) == 0
    shown = terminal.getvalue().split("\r")
    assert "drawing slides: 1 of 1" in shown
    assert shown[-1] == "" and shown[-2].strip() == ""  # the line is blanked out at the end
    assert capsys.readouterr().out == f"wrote {tmp_path / 's.pdf'}: 1 page, one per cutoff\n"
    monkeypatch.undo()  # stderr captured again: not a terminal
    assert main(["slides", "--cutoffs-only", *FIG52, "--out", str(tmp_path / "s.pdf")]) == 0
    assert capsys.readouterr().err == ""
