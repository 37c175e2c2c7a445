"""The command line: output, --help, and one-line errors: status 2 for bad
input, 1 for a failed read or write, 130 after Ctrl-C, 143 after SIGTERM."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from gametree.cli import main

STATEMENT = ["--branching", "3", "3", "12", "8", "2", "4", "6", "14", "5", "2"]


def test_alpha_beta_prints_value_count_and_captions(capsys):
    assert main(["alpha-beta", *STATEMENT]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["value: 3", "evaluated: 7 of 9 leaves"]
    assert out[2] == "steps:"
    assert "MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)" in out[16]
    assert len(out) == 3 + 26


def test_nested_tree_argument_gives_the_same_answer(capsys):
    main(["alpha-beta", "--quiet", "--tree", "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"])
    assert capsys.readouterr().out == "value: 3\nevaluated: 7 of 9 leaves\n"


def test_strict_flag(capsys):
    main(["alpha-beta", "-q", "--strict", "--tree", "[[3, 4], [3, 1]]"])
    assert capsys.readouterr().out == "value: 3\nevaluated: 4 of 4 leaves\n"


def test_minimax_prints_value_and_principal_variation(capsys):
    assert main(["minimax", "-b", "2", "3", "5", "2", "9", "12", "5", "23", "23"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "value: 12"
    assert out[2] == "principal variation: A -> C -> F -> L"
    assert "  MIN node C = min(12, 23) = 12" in out


def test_negative_scores_are_scores_not_options(capsys):
    assert main(["minimax", "-q", "-b", "2", "-5", "-6", "-7", "-8"]) == 0
    assert capsys.readouterr().out.startswith("value: -6\n")


@pytest.mark.parametrize(
    "argv, words",
    [
        (["alpha-beta", "-b", "3", "1", "2"], "power of 3"),
        (["alpha-beta", "-b", "2", "1", "x", "3", "4"], "the 2nd score, 'x', is not a number"),
        (["alpha-beta", "--tree", "[[1, 2], [3"], "never closed"),
        (["alpha-beta", "--tree", "__import__('os').system('echo hi')"], "could not read"),
        (["alpha-beta"], "no tree given"),
        (["alpha-beta", "1", "2", "3", "4"], "need --branching"),
        (["alpha-beta", "-b", "2", "1", "2", "--tree", "[1]"], "not both"),
        (["alpha-beta", "-b", "two", "1", "2"], "argument --branching/-b: 'two' is not a whole number"),
        (["minimax", "--tree", "[[1, 2], []]"], "is empty"),
        ([], "required: COMMAND"),
        (["solve"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, argv, words):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("gametree: error: ") and words in lines[0]


def test_python_dash_m_runs_and_fails_cleanly():
    good = subprocess.run([sys.executable, "-m", "gametree", "alpha-beta", "-q", *STATEMENT],
                          capture_output=True, text=True)
    assert (good.returncode, good.stdout) == (0, "value: 3\nevaluated: 7 of 9 leaves\n")
    bad = subprocess.run([sys.executable, "-m", "gametree", "minimax", "-b", "3", "1", "2"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.splitlines()) == 1


def test_help_lists_the_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "alpha-beta" in out and "minimax" in out


def test_fail_hard_flag_says_which_in_the_captions(capsys):
    assert main(["alpha-beta", "--fail-hard", *STATEMENT]) == 0
    out = capsys.readouterr().out
    assert out.startswith("value: 3\nevaluated: 7 of 9 leaves\n")  # same value, same leaves
    assert "MIN node C returns max(alpha, beta) = max(3, 2) = 3 (fail-hard" in out
    assert main(["alpha-beta", "--fail-hard", "--strict", *STATEMENT]) == 2
    assert "fail_hard=True needs the alpha >= beta rule" in capsys.readouterr().err


def test_the_strict_flag_is_explained_in_the_rules_words(capsys):
    with pytest.raises(SystemExit):
        main(["alpha-beta", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "cut only when alpha > beta (CS188) instead of alpha >= beta (AIMA)" in out


def test_negative_numbers_with_an_exponent_and_infinite_bounds_are_read(capsys):
    assert main(["alpha-beta", "-q", "--branching", "2", "-1e15", "3", "-2", "5"]) == 0
    assert capsys.readouterr().out == "value: -2\nevaluated: 4 of 4 leaves\n"  # max(min(-1e15, 3), min(-2, 5))
    assert main(["expectiminimax", "-q", "--bounds", "-inf", "10",
                 "--tree", "[[(1/2, 8), (1/2, 6)], [(1/2, 1), (1/2, 9)]]"]) == 0
    assert capsys.readouterr().out.startswith("value: 7\n")  # max(0.5 * 8 + 0.5 * 6, 0.5 * 1 + 0.5 * 9)


# --- files, streams and signals: one line on stderr, and the exit status says which ---------

GAMETREE = [sys.executable, "-m", "gametree"]


def _one_line(err: str) -> str:
    assert err.count("\n") == 1 and err.startswith("gametree: error: "), err
    assert "Traceback" not in err
    return err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("command, given", [
    (["alpha-beta", *STATEMENT], None),
    (["number-game"], "1\n3\n1 2 3\n"),
])
def test_a_full_disk_is_one_line_and_status_1(command, given):
    with open("/dev/full", "w") as full:
        done = subprocess.run([*GAMETREE, *command], input=given, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1
    assert "cannot write the output: No space left on device" in _one_line(done.stderr)


@pytest.mark.parametrize("command, closed, words", [
    (["number-game"], "<&-", "cannot read standard input: it is closed"),
    (["alpha-beta", *STATEMENT], ">&-", "cannot write the output: standard output is closed"),
])
def test_a_closed_standard_stream_is_one_line_and_status_1(command, closed, words):
    shell = f'"$@" {closed}'  # the command, run by the shell with that stream closed
    done = subprocess.run(["sh", "-c", shell, "sh", *GAMETREE, *command],
                          stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 1
    assert words in _one_line(done.stderr)


def test_ctrl_c_is_one_line_and_status_130(monkeypatch, capsys):
    import gametree.cli.trees

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(gametree.cli.trees, "print_trace", interrupted)
    assert main(["alpha-beta", *STATEMENT]) == 130
    assert "interrupted (Ctrl-C)" in _one_line(capsys.readouterr().err)


def test_sigterm_is_one_line_and_status_143_and_the_handler_is_put_back(monkeypatch, capsys):
    import gametree.cli.trees

    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(gametree.cli.trees, "print_trace",
                        lambda *args: os.kill(os.getpid(), signal.SIGTERM))
    assert main(["alpha-beta", *STATEMENT]) == 143
    assert "stopped by SIGTERM" in _one_line(capsys.readouterr().err)
    assert signal.getsignal(signal.SIGTERM) is before


def stood_still(run: subprocess.Popen) -> None:
    """Stop ``run`` (SIGSTOP) and wait until it has stopped (or ended)."""
    run.send_signal(signal.SIGSTOP)
    process = psutil.Process(run.pid)
    deadline = time.monotonic() + 10
    while process.status() not in (psutil.STATUS_STOPPED, psutil.STATUS_ZOMBIE):
        assert time.monotonic() < deadline, "the command did not stop on SIGSTOP"
        time.sleep(0.01)


def _default_sigint():
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Python then turns it into KeyboardInterrupt


@pytest.mark.parametrize("command, sent, status", [
    (["slides", "--out", "OUT"], signal.SIGTERM, 143),
    (["draw", "--gif", "OUT"], signal.SIGINT, 130),
], ids=["slides-SIGTERM", "gif-Ctrl-C"])
def test_a_signal_while_writing_leaves_the_old_file_and_no_temporary_one(tmp_path, command,
                                                                         sent, status):
    """Sent once the temporary file beside the output exists (the drawing is
    under way): the old file is left as it was and the temporary one removed.

    The command is stopped (SIGSTOP) before the test looks for the file, and
    the signal sent while it stands still, so a busy machine cannot let the
    drawing end between the look and the signal (it did, once the drawing
    got faster)."""
    out = tmp_path / ("old.gif" if "--gif" in command else "old.pdf")
    out.write_bytes(b"the old file")
    argv = [a.replace("OUT", str(out)) for a in command]
    leaves = [str(k % 7) for k in range(16)]  # 16 leaves: about 40 steps, seconds of drawing
    run = subprocess.Popen([*GAMETREE, *argv, "--branching", "2", *leaves], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline, "the command wrote no temporary file"
            stood_still(run)
            if list(tmp_path.glob(".*.part")) or run.poll() is not None:
                break
            run.send_signal(signal.SIGCONT)
            time.sleep(0.05)
        run.send_signal(sent)            # it arrives when the command goes on
        run.send_signal(signal.SIGCONT)
        stdout, stderr = run.communicate(timeout=60)
    finally:
        run.kill()
        run.wait()
    assert (run.returncode, stdout) == (status, "")
    assert "no file was left half-written" in _one_line(stderr)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]
    assert out.read_bytes() == b"the old file"


def test_an_error_names_the_users_file_not_the_temporary_one(tmp_path, monkeypatch, capsys):
    """The temporary file beside the output cannot be made (a folder without
    write permission, say): the message names the file the user asked for."""
    import errno
    import tempfile

    def refused(prefix, suffix, dir):
        raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/{prefix}x1y2.part")

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    for command, name in ((["slides", "--cutoffs-only"], "s.pdf"), (["draw"], "t.png"),
                          (["draw", "--gif"], "t.gif")):
        out = tmp_path / name
        where = ["--out", str(out)] if "--gif" not in command else [str(out)]
        assert main([*command, *where, *STATEMENT]) == 1, command
        err = _one_line(capsys.readouterr().err)
        assert f"cannot write {out}: Permission denied" in err and ".part" not in err
    assert list(tmp_path.iterdir()) == []


def test_files_go_to_handouts_by_default_with_the_permissions_of_any_new_file(tmp_path,
                                                                              monkeypatch, capsys):
    """Without --out, slides and sheets are written into handouts/ (made for
    them); an --out is written where it says.  Every file gets a new file's
    permissions (0644 under umask 022), not tempfile's 0600: a handout is
    readable by whoever may read the folder."""
    from gametree.view.export import new_file_mode

    monkeypatch.chdir(tmp_path)
    old = os.umask(0o022)
    try:
        assert new_file_mode() == 0o644
        assert main(["slides", "--cutoffs-only", *STATEMENT]) == 0
        assert main(["exercises", "--seed", "1", "--count", "1", "--branching", "2", "--depth",
                     "2"]) == 0
        assert main(["draw", *STATEMENT, "--out", "t.png"]) == 0
    finally:
        os.umask(old)
    assert capsys.readouterr().out.splitlines() == [
        "wrote handouts/steps.pdf: 1 page, one per cutoff", "wrote handouts/sheet.pdf",
        "wrote handouts/sheet-key.pdf", "wrote t.png"]
    modes = {str(p.relative_to(tmp_path)): p.stat().st_mode & 0o777
             for p in tmp_path.rglob("*") if p.is_file()}
    assert modes == dict.fromkeys(["handouts/steps.pdf", "handouts/sheet.pdf",
                                   "handouts/sheet-key.pdf", "t.png"], 0o644)


def test_the_readme_handout_commands_write_only_into_the_ignored_handouts_folder():
    """Every output the README's handout commands name is in handouts/, and
    git ignores that folder (they left sheet.pdf, steps.pdf and more untracked)."""
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text()
    block = readme.split("- **Slides and handouts.**", 1)[1].split("```text\n", 1)[1].split("```")[0]
    commands = [line.split() for line in block.splitlines() if line.strip().startswith(".venv/bin/")]
    assert len(commands) >= 7
    outputs = [words[k + 1] for words in commands for k, word in enumerate(words)
               if word in ("--out", "--gif", "--key", "--output-dir")]
    assert len(outputs) == len(commands)  # one output named by every command
    assert all(output.split("/")[0] == "handouts" for output in outputs), outputs
    ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", "handouts/steps.pdf"],
                             cwd=root)
    assert ignored.returncode == 0, "handouts/ is not listed in .gitignore"


# --theme on every command that draws: the names of gametree.view.theme, a bad one refused.

TINY = ["-b", "2", "3", "5", "2", "9"]


def test_the_theme_names_are_the_themes():
    from gametree.cli.usage import THEME_NAMES
    from gametree.view.theme import THEMES

    assert tuple(THEMES) == THEME_NAMES


@pytest.mark.parametrize("command", [["draw", *TINY, "--out", "t.png"], ["slides", *TINY],
                                     ["html", *TINY], ["exercises", "--seed", "1"], ["site"]])
def test_a_theme_not_there_is_argparses_choice_error(command, capsys):
    assert main([*command, "--theme", "neon"]) == 2
    err = capsys.readouterr().err
    assert "neon" in err and "projector" in err and "\n" not in err.strip()


def test_draw_theme_print_draws_in_greys(tmp_path, capsys):
    import numpy as np
    from PIL import Image

    def pixels(theme):
        out = tmp_path / f"{theme}.png"
        assert main(["draw", *TINY, "--step", "-1", "--out", str(out), "--theme", theme]) == 0
        rgb = np.asarray(Image.open(out).convert("RGB")).astype(int)
        return np.abs(rgb - rgb.mean(axis=2, keepdims=True)).max()

    assert pixels("default") > 20 and pixels("print") <= 2  # colour only without --theme print


def test_html_theme_colours_the_page(tmp_path, capsys):
    import re

    from gametree.view.theme import PROJECTOR

    def colours(theme):
        out = tmp_path / f"{theme}.html"
        assert main(["html", *TINY, "--out", str(out), "--theme", theme]) == 0
        return set(re.findall(r"#[0-9a-f]{6}\b", out.read_text(encoding="utf-8").lower()))

    new = colours("projector") - colours("default")
    assert new and new <= {PROJECTOR[key] for key in PROJECTOR}


@pytest.mark.parametrize("command, module, function", [
    (["slides", *TINY, "--cutoffs-only"], "gametree.view.slides", "write_slides"),
    (["exercises", "--seed", "1", "--count", "1"], "gametree.cli.exercises", "write_sheet"),
    (["site", "--notebooks", "01-minimax"], "gametree.view.pages.site", "build_site")])
def test_slides_exercises_and_site_draw_in_the_theme_named(command, module, function, tmp_path,
                                                           monkeypatch, capsys):
    import importlib

    given = {}

    def drawn(*args, **kwargs):  # records the theme, then fails as a full disk would
        given.update(kwargs)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(importlib.import_module(module), function, drawn)
    out = tmp_path / ("site" if command[0] == "site" else "out.pdf")
    assert main([*command, "--out", str(out), "--theme", "projector"]) == 1
    assert given["theme"] == "projector"
    main([*command, "--out", str(out)])
    assert given["theme"] == "default"
    assert not out.exists()
