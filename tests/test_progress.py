"""The progress reporter: a counter on a terminal's stderr (cleared at the
end), a bar in a notebook, silence elsewhere; and the GIF export and the
sheets report through it."""

import io

import pytest

from gametree.view import export
from gametree.view.progress import Progress


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_text_mode_rewrites_one_line_and_clears_it():
    stream = FakeTerminal()
    with Progress(3, "frames", stream=stream) as progress:  # "auto" picks text on a terminal
        assert progress.mode == "text"
        progress.update()
        progress(3, 3)
    written = stream.getvalue()
    assert "\n" not in written  # one line, rewritten in place
    lines = written.split("\r")
    assert lines[1:4] == ["frames: 0 of 3", "frames: 1 of 3", "frames: 3 of 3"]
    assert lines[-1] == ""  # the line is blanked out at the end
    assert lines[-2].strip() == ""


def test_nothing_is_written_when_stderr_is_not_a_terminal():
    stream = io.StringIO()
    with Progress(5, "frames", stream=stream) as progress:
        for i in range(5):
            progress(i + 1, 5)
    assert progress.mode == "off" and stream.getvalue() == ""


def test_widget_mode_fills_a_bar_and_turns_it_green(monkeypatch):
    widgets = pytest.importorskip("ipywidgets")
    shown = []
    monkeypatch.setattr("IPython.display.display", shown.append)
    progress = Progress(4, "exercises", mode="widget")
    (box,) = shown
    assert isinstance(progress.bar, widgets.IntProgress) and progress.bar in box.children
    progress(3, 4)
    assert progress.bar.value == 3 and progress.bar.max == 4
    assert "3 of 4" in [child.value for child in box.children if isinstance(child, widgets.Label)]
    progress(4, 4)
    progress.close()
    assert progress.bar.bar_style == "success"


def test_a_total_learnt_late_is_taken():
    stream = FakeTerminal()
    progress = Progress(0, "frames", stream=stream)
    progress(1, 10)
    assert progress.total == 10
    assert stream.getvalue().split("\r")[-1].rstrip() == "frames: 1 of 10"


@pytest.mark.parametrize("total, mode", [(-1, "auto"), (2.5, "auto"), (3, "loud")])
def test_bad_arguments_are_refused_with_a_sentence(total, mode):
    with pytest.raises(ValueError, match="total must be|mode must be"):
        Progress(total, mode=mode)


def test_save_gif_reports_every_frame(tmp_path, fig52_trace):
    calls = []
    export.save_gif(fig52_trace, tmp_path / "steps.gif", dpi=30,
                    progress=lambda done, total: calls.append((done, total)))
    steps = len(fig52_trace)
    assert calls == [(k, steps) for k in range(1, steps + 1)]
