"""Pictures for slides and handouts: files that open, one GIF frame per step,
and one-line errors (status 2) from ``python -m gametree draw``."""

import subprocess
import sys
import textwrap
import weakref

import pytest
from PIL import Image, ImageSequence

import gametree
from gametree import trace_alpha_beta
from gametree.cli import main
from gametree.view import export
from gametree.view.draw import draw
from gametree.view.export import MAX_GIF_FRAMES, check_gif, save, save_gif

STATEMENT = ["--branching", "3", "3", "12", "8", "2", "4", "6", "14", "5", "2"]


def test_save_writes_png_svg_and_pdf(tmp_path):
    png = save([[3, 5], [2, 9]], tmp_path / "tree.png", dpi=144)
    with Image.open(png) as image:
        assert image.format == "PNG"
        inches = draw([[3, 5], [2, 9]]).get_size_inches()
        assert image.size == (round(144 * inches[0]), round(144 * inches[1]))  # twice the screen's
    assert (save([[3, 5], [2, 9]], tmp_path / "tree.svg", step=2)).read_text().startswith("<?xml")
    assert (save([[3, 5], [2, 9]], tmp_path / "tree.pdf")).read_bytes().startswith(b"%PDF")


def test_the_svg_of_a_step_holds_its_caption(tmp_path, fig52_trace):
    cutoff = fig52_trace.cutoffs[0]
    text = save(fig52_trace, tmp_path / "cut.svg", cutoff.index).read_text()
    assert "MIN node C: alpha = 3 &gt;= beta = 2" in text


@pytest.mark.parametrize("name, words", [("tree.bmp", "end the file name with .png"),
                                         ("tree", "end the file name")])
def test_save_refuses_unknown_file_types(tmp_path, name, words):
    with pytest.raises(ValueError, match=words):
        save([[3, 5], [2, 9]], tmp_path / name)
    assert not (tmp_path / name).exists()


def test_gif_has_one_frame_per_step_and_holds_the_last(tmp_path):
    trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    path = save_gif(trace, tmp_path / "steps.gif", duration=500, dpi=40)
    with Image.open(path) as gif:
        frames = [frame.copy() for frame in ImageSequence.Iterator(gif)]
        durations = [frame.info["duration"] for frame in ImageSequence.Iterator(gif)]
    assert len(frames) == len(trace) == 26
    assert durations[:-1] == [500] * 25 and durations[-1] == 1500
    assert frames[0].convert("RGB").tobytes() != frames[-1].convert("RGB").tobytes()


def test_gif_of_a_tree_runs_the_search(tmp_path):
    path = save_gif([[3, 4], [3, 1]], tmp_path / "s.gif", strict=True, dpi=30)
    with Image.open(path) as gif:
        assert gif.n_frames == len(trace_alpha_beta([[3, 4], [3, 1]], strict=True))


KINDS = ("svg", "pdf", "png")


@pytest.fixture(scope="module")
def drawn_in_another_process(tmp_path_factory):
    """Step 13 of Figure 5.2 saved as each kind in another process: one
    Python imports gametree and matplotlib, then forks a child per kind, so
    each file is the first drawing of its process (as with a Python per
    kind, without paying the interpreter's start and the imports three
    times).  Returns the folder holding c.svg, c.pdf and c.png."""
    folder = tmp_path_factory.mktemp("another-process")
    code = textwrap.dedent(f"""
        import os
        import matplotlib.backends.backend_pdf, matplotlib.backends.backend_svg
        import gametree.view.draw
        from gametree import trace_alpha_beta
        from gametree.view.export import save
        for kind in {KINDS!r}:
            child = os.fork()
            if child == 0:
                try:
                    save(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3),
                         {str(folder)!r} + '/c.' + kind, step=13)
                finally:
                    os._exit(0 if os.path.exists({str(folder)!r} + '/c.' + kind) else 1)
            assert os.waitpid(child, 0)[1] == 0, kind
        """)
    subprocess.run([sys.executable, "-c", code], check=True)
    return folder


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_drawing_gives_the_same_bytes_in_every_run(tmp_path, kind,
                                                            drawn_in_another_process):
    """No dates, no random ids: a handout under version control changes only
    when the drawing does (two runs in this process, one in another)."""
    trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    first = save(trace, tmp_path / f"a.{kind}", step=13).read_bytes()
    assert save(trace, tmp_path / f"b.{kind}", step=13).read_bytes() == first
    assert (drawn_in_another_process / f"c.{kind}").read_bytes() == first
    if kind == "svg":
        assert b"<dc:date>" not in first
    if kind == "pdf":
        assert b"/CreationDate" not in first


def test_a_gif_is_written_frame_by_frame_holding_two_frames_at_most(tmp_path, monkeypatch):
    """Streaming: a frame is drawn, quantised and written before the next is
    drawn, so memory does not grow with the steps (a 2,047-node tree's GIF
    once ran out of memory)."""
    refs, most = [], [0]
    real = export._write_gif

    def watched(frames):
        for frame in frames:
            most[0] = max(most[0], sum(ref() is not None for ref in refs))
            refs.append(weakref.ref(frame))
            yield frame

    monkeypatch.setattr(export, "_write_gif",
                        lambda path, frames, *rest: real(path, watched(frames), *rest))
    trace = trace_alpha_beta(gametree.random_tree(2, 4, seed=3))
    path = save_gif(trace, tmp_path / "s.gif", dpi=20)
    assert len(refs) == len(trace) and most[0] <= 2
    with Image.open(path) as gif:
        assert gif.n_frames == len(trace)


def test_a_gif_too_long_is_refused_before_any_frame_is_drawn(tmp_path, monkeypatch):
    class Steps:  # a search of exactly the limit, and one past it
        def __init__(self, count):
            self.count = count

        def __len__(self):
            return self.count

    assert check_gif(Steps(MAX_GIF_FRAMES)) == MAX_GIF_FRAMES
    with pytest.raises(ValueError, match="at most 2,000 frames"):
        check_gif(Steps(MAX_GIF_FRAMES + 1))
    monkeypatch.setattr(export, "MAX_GIF_FRAMES", 27)
    drawn = []
    monkeypatch.setattr(export, "_write_gif", lambda *a: drawn.append(a))
    with pytest.raises(ValueError, match="has 28 steps, too many"):
        save_gif([[3, 4, 5], [6, 7, 8], [9, 1, 2]], tmp_path / "long.gif")
    assert not drawn and not (tmp_path / "long.gif").exists()


def test_single_child_chains_can_be_drawn_and_animated(tmp_path):
    for nested in ([[1]], [[[2]], 3]):
        assert save(nested, tmp_path / "chain.png").exists()
        with Image.open(save_gif(nested, tmp_path / "chain.gif", dpi=20)) as gif:
            assert gif.n_frames == len(trace_alpha_beta(nested))


def test_gif_refuses_other_names_and_bad_durations(tmp_path):
    with pytest.raises(ValueError, match=".gif"):
        save_gif([[3, 5], [2, 9]], tmp_path / "s.png")
    with pytest.raises(ValueError, match="milliseconds"):
        save_gif([[3, 5], [2, 9]], tmp_path / "s.gif", duration=0)


# --- the command line -------------------------------------------------------------------


def test_draw_command_writes_the_tree(tmp_path, capsys):
    out = tmp_path / "tree.png"
    assert main(["draw", *STATEMENT, "--out", str(out), "--dpi", "50"]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    width, height = draw([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).get_size_inches()
    with Image.open(out) as image:
        assert image.size[0] == round(50 * width) and abs(image.size[1] - 50 * height) <= 1


def test_draw_command_draws_a_step_and_a_gif(tmp_path, capsys):
    step, gif = tmp_path / "step.svg", tmp_path / "steps.gif"
    assert main(["draw", "--tree", "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]", "--step", "13",
                 "--out", str(step), "--gif", str(gif), "--dpi", "30"]) == 0
    assert "prune 2 children (leaves 4, 6)" in step.read_text()
    with Image.open(gif) as image:
        assert image.n_frames == 26


@pytest.mark.parametrize("arguments, words", [
    ([*STATEMENT], "say where to write"),
    ([*STATEMENT, "--step", "3", "--gif", "x.gif"], "--step N draws one picture"),
    ([*STATEMENT, "--step", "99", "--out", "OUT/x.png"], "step 99 does not exist"),
    ([*STATEMENT, "--step", "x", "--out", "OUT/x.png"], "'x' is not a whole number"),
    ([*STATEMENT, "--out", ""], "the file name is empty"),
    ([*STATEMENT, "--out", "OUT/"], "names a folder, not a file"),
    ([*STATEMENT, "--step", "1" * 5000, "--out", "OUT/x.png"], "5000 digits is far too large"),
    (["--tree", "[[1, " + "9" * 400 + "]]", "--out", "OUT/x.png"], "400 digits, beyond the largest score"),
    ([*STATEMENT, "--out", "OUT/x.bmp"], "end the file name with .png"),
    ([*STATEMENT, "--gif", "OUT/x.png"], "end the file name with .gif"),
    ([*STATEMENT, "--out", "OUT/no/such/dir/x.png"], "cannot write"),
    ([*STATEMENT, "--out", "OUT/x.png", "--dpi", "0"], "dpi must be"),
    (["3", "12", "8", "--branching", "2", "--out", "OUT/x.png"], "power of"),
    (["--tree", "[[3, x]]", "--out", "OUT/x.png"], "could not read"),
])
def test_draw_command_errors_are_one_line_with_status_2(tmp_path, capsys, arguments, words):
    arguments = [a.replace("OUT", str(tmp_path)) for a in arguments]
    assert main(["draw", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith("gametree: error: ")
    assert words in captured.err
    assert not list(tmp_path.iterdir())


def test_draw_command_from_a_shell(tmp_path):
    out = tmp_path / "tree.png"
    done = subprocess.run([sys.executable, "-m", "gametree", "draw", *STATEMENT, "--out", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and out.exists()
    done = subprocess.run([sys.executable, "-m", "gametree", "draw", *STATEMENT, "--out", str(tmp_path / "a.jpg")],
                          capture_output=True, text=True)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1


def test_draw_command_help_does_not_import_matplotlib():
    code = ("import sys; from gametree.cli import build_parser; build_parser(); "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
