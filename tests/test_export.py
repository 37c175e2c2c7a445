"""Pictures for slides and handouts: files that open, one GIF frame per step,
and one-line errors (status 2) from ``python -m gametree draw``."""

import subprocess
import sys

import pytest
from PIL import Image, ImageSequence

from gametree import trace_alpha_beta
from gametree.cli import main
from gametree.view.draw import draw
from gametree.view.export import save, save_gif

STATEMENT = ["--branching", "3", "3", "12", "8", "2", "4", "6", "14", "5", "2"]


def test_save_writes_png_svg_and_pdf(tmp_path):
    png = save([[3, 5], [2, 9]], tmp_path / "tree.png", dpi=100)
    with Image.open(png) as image:
        assert image.format == "PNG"
        assert image.size[0] == 800  # 8 inches at 100 dpi
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
