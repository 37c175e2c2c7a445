"""The command line: output, --help, and one-line errors with status 2."""

import subprocess
import sys

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
