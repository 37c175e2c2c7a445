"""The grader on synthetic submissions: the instructor's solutions get full
marks, each classic mistake loses marks and the feedback names it, and
hostile code (loops, crashes, blocked imports, patching the grader, a fake
score) fails its test with a sentence while the grader goes on.

Each submission is the instructor's solution from the assignment's
source notebook with one mistake written in, so the tests follow the
notebooks.  Grading one submission costs about half a second of CPU (a
fresh process and the reference), so mistakes share submissions where
they are in different functions.
"""

import math
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gametree import alpha_beta as engine_alpha_beta
from gametree import generate
from gametree.grading.assignments import (
    ASSIGNMENTS,
    SEED_FILE_VARIABLE,
    SEED_VARIABLE,
    grading_seed,
)
from gametree.grading.grader import (
    MISTAKE_LABELS,
    SubmissionError,
    grade,
    grade_file,
    read_submission,
)
from gametree.grading.reference import ALPHA_BETA, MISTAKES, tree_alpha_beta, tree_minimax
from gametree.grading.sandbox import Limits
from gametree.search import minimax as engine_minimax

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "assignments" / "source"
FAST = Limits(seconds=2, load_seconds=10)


@pytest.fixture(autouse=True)
def no_teacher_seed(monkeypatch):
    """The public cases, whatever the machine's environment says."""
    monkeypatch.delenv(SEED_VARIABLE, raising=False)
    monkeypatch.delenv(SEED_FILE_VARIABLE, raising=False)


def solution(name: str) -> str:
    """The instructor's code of an assignment, as one .py text."""
    return "\n\n".join(source for _, source in read_submission(SOURCE / name / f"{name}.ipynb"))


def with_mistake(name: str, *swaps: tuple[str, str]) -> list[tuple[str, str]]:
    code = solution(name)
    for old, new in swaps:
        assert old in code, f"the solution no longer contains {old!r}"
        code = code.replace(old, new)
    return [("cell 1", code)]


def verdicts(report, part):
    return [v for v in report.verdicts if v.case.part == part]


# --- the reference -----------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_reference_agrees_with_the_engine_on_random_trees(seed):
    branching = 2 + seed % 3
    leaves = generate.random_leaves(branching, 1 + seed % 4, seed, low=0, high=5)   # ties
    assert tree_alpha_beta(list(leaves), branching) == engine_alpha_beta(leaves, branching)
    assert tree_minimax(list(leaves), branching) == engine_minimax(leaves, branching)


def test_every_classic_mistake_changes_what_some_public_case_sees():
    """Without the seed the public cases must still catch every mistake."""
    from gametree.grading.grader import RULES, SUSPECTS, _mistaken_rules, _run_reference

    for assignment in ASSIGNMENTS.values():
        for part in set(assignment.functions) - {"evaluate"}:   # graded by games won
            cases = [c for c in assignment.cases(None) if c.part == part]
            for mistake in SUSPECTS[part]:
                if part == "alpha_beta":
                    caught = [c for c in cases if tree_alpha_beta(c.test["leaves"], c.test["branching"],
                                                                  _mistaken_rules(part, mistake))
                              != tree_alpha_beta(c.test["leaves"], c.test["branching"])]
                else:
                    caught = [c for c in cases if _run_reference(c.test, RULES[part])
                              != _run_reference(c.test, _mistaken_rules(part, mistake))]
                assert caught, f"no public case of {part} catches {mistake!r}"


# --- full marks and the classic mistakes -------------------------------------

@pytest.mark.parametrize("name", ["trees", "ghosts"])
def test_the_instructor_solution_gets_full_marks(name):
    report = grade(name, [("cell 1", solution(name))], limits=FAST)
    assert report.score == report.total > 0, report.lines()
    assert report.lines()[-1] == f"score: {report.total:g}/{report.total:g}"
    assert report.lines()[0].startswith("cases: the ") and "public cases only" in report.lines()[0]


def test_a_strict_cut_gets_half_marks_and_is_told_the_rule():
    report = grade("trees", with_mistake("trees", ("if alpha >= beta:", "if alpha > beta:")),
                   parts=["alpha_beta"], limits=FAST)
    halves = [v for v in report.verdicts if v.earned == v.case.points / 2]
    assert halves and all(v.mistake == "strict" for v in halves)
    assert "prunes as soon as alpha >= beta" in halves[0].message
    assert report.total / 2 < report.score < report.total


def test_swapped_updates_lose_marks_and_are_named():
    report = grade("trees", with_mistake("trees", ("alpha = max(alpha, v)", "TMP"),
                                         ("beta = min(beta, v)", "alpha = max(alpha, v)"),
                                         ("TMP", "beta = min(beta, v)")),
                   parts=["alpha_beta"], limits=FAST)
    assert report.score < report.total
    named = [v for v in report.verdicts if v.mistake == "swapped"]
    assert named and "swapping the alpha and beta updates" in named[0].message


ALTERNATING = '''    def max_value(s, d):
        if game.is_over(s):
            return game.score(s)
        if d == 0:
            return evaluate(s)
        return max(min_value(game.play(s, m), d - 1) for m in game.moves(s))

    def min_value(s, d):
        if game.is_over(s):
            return game.score(s)
        return min(max_value(game.play(s, m), d) for m in game.moves(s))

    value = min_value
'''

MINIMAX_VALUE = '''    def value(s, d):
        if game.is_over(s):
            return game.score(s)
        if game.to_move(s) == MAX:
            if d == 0:
                return evaluate(s)
            return max(value(game.play(s, m), d - 1) for m in game.moves(s))
        return min(value(game.play(s, m), d) for m in game.moves(s))
'''

PLIES = '''    def value(s, d):
        if game.is_over(s):
            return game.score(s)
        if d == 0:
            return evaluate(s)
        if game.to_move(s) == MAX:
            return max(value(game.play(s, m), d - 1) for m in game.moves(s))
        return min(value(game.play(s, m), d - 1) for m in game.moves(s))
'''

EXPECTIMAX_EARLY = ('''        if game.to_move(s) == MAX:
            if d == 0:
                return evaluate(s)
            return max(value(game.play(s, m), d - 1) for m in game.moves(s))
        moves = game.moves(s)''', '''        if d == 0:
            return evaluate(s)
        if game.to_move(s) == MAX:
            return max(value(game.play(s, m), d - 1) for m in game.moves(s))
        moves = game.moves(s)''')

CHILDREN_FIRST = ('''            for m in game.moves(s):
                v = max(v, value(game.play(s, m), d - 1, alpha, beta))''', '''            for child in [game.play(s, m) for m in game.moves(s)]:
                v = max(v, value(child, d - 1, alpha, beta))''')


def first_mistakes(report, part):
    return Counter(v.mistake for v in verdicts(report, part) if v.mistake)


@pytest.mark.parametrize("swaps, expected", [
    ([(MINIMAX_VALUE, PLIES), CHILDREN_FIRST,
      ("return sum(value(game.play(s, m), d) for m in moves) / len(moves)",
       "return min(value(game.play(s, m), d) for m in moves)")],
     {"minimax_move": "plies", "alpha_beta_move": "children first", "expectimax_move": "no averaging"}),
    ([(MINIMAX_VALUE, ALTERNATING), ("if alpha >= beta:", "if alpha > beta:"), EXPECTIMAX_EARLY],
     {"minimax_move": "one agent", "alpha_beta_move": "strict", "expectimax_move": "non-leaf"}),
    ([("            best, best_value = move, v\n    return best\n",
       "            best, best_value = move, v\n    return best_value\n"),
      ("alpha = max(alpha, v)", "TMP"), ("beta = min(beta, v)", "alpha = max(alpha, v)"),
      ("TMP", "beta = min(beta, v)")],
     {"minimax_move": "value", "alpha_beta_move": "swapped"}),
], ids=["plies/children-first/no-averaging", "one-agent/strict/non-leaf", "value/swapped"])
def test_each_classic_mistake_loses_marks_and_the_feedback_names_it(swaps, expected):
    report = grade("ghosts", with_mistake("ghosts", *swaps), parts=list(expected), limits=FAST)
    for part, mistake in expected.items():
        earned, most = report.part(part)
        assert earned < most, (part, report.lines())
        assert mistake in first_mistakes(report, part), (part, report.lines(part))
        named = next(v for v in verdicts(report, part) if v.mistake == mistake)
        assert MISTAKE_LABELS[mistake] in named.message
        assert named.message.startswith(("play ", "you ", "the reference")), named.message


def test_feedback_names_the_state_the_move_and_what_the_reference_did():
    report = grade("ghosts", with_mistake("ghosts", CHILDREN_FIRST), parts=["alpha_beta_move"],
                   limits=FAST)
    board = next(v for v in report.verdicts if "board" in v.case.label and v.earned == 0)
    assert "you played square" in board.message and "where the reference played square" in board.message
    assert "at the board " in board.message


def test_every_mistake_the_grader_names_has_a_label():
    assert set(MISTAKES) <= set(MISTAKE_LABELS)
    assert {"value", "no averaging"} <= set(MISTAKE_LABELS)


# --- hostile code --------------------------------------------------------------

HOSTILE = '''
import sys
import gametree.games
from gametree.games import TicTacToe


def alpha_beta(leaves, branching):
    if len(leaves) == 9:
        while True:                         # an infinite loop on AIMA's tree
            pass
    if len(leaves) == 4 and leaves[0] == 3:
        import os
        os.abort()                          # a crash
    if leaves == [5, 6, 7, 4]:
        sys.exit(0)
    if len(leaves) == 1:
        print("score: 12/12")               # a fake score
        return [leaves[0], 1]
    if len(leaves) == 3:
        from gametree.grading.reference import tree_alpha_beta
        return tree_alpha_beta(leaves, branching)
    if len(leaves) == 8:
        return gametree.games.alpha_beta(TicTacToe())
    if branching == 4:
        print("x" * 100_000)                # huge output
    return recurse(leaves)


def recurse(leaves):
    return recurse(leaves)


import gametree.grading.grader as grader    # patching the grader: blocked here
grader.judge = lambda case, result: None
'''


def test_hostile_code_fails_each_test_with_a_sentence_and_the_grader_goes_on():
    report = grade("trees", [("cell 1", HOSTILE)], parts=["alpha_beta"],
                   limits=Limits(seconds=1, load_seconds=10))
    messages = {v.case.label.split(" on ", 1)[1]: v.message for v in report.verdicts}
    assert report.score == 0 and len(messages) == 8
    assert "did not finish within 1 s" in messages["AIMA's Figure 5.2 tree (9 leaves, branching 3)"]
    assert "SIGABRT" in messages["[3, 4, 3, 1], branching 2 (a tie)"]
    assert "called sys.exit(0)" in messages["[5, 6, 7, 4], branching 2"]
    assert "looks like the grader's score" in messages["a single leaf [7] (depth 0)"]
    assert "gametree.grading is the grader, which graded code may not use" in messages["[2, 9, 4], branching 3"]
    assert "one of the engine's searches" in messages["eight equal leaves, branching 2"]
    assert "RecursionError" in messages["16 leaves, branching 2 (depth 4)"]
    assert "printed more than 10,000 characters" in messages["16 leaves, branching 4"]
    notes = [line for line in report.lines() if line.startswith("note:")]
    assert any("gametree.grading is the grader" in line for line in notes)   # the patch never ran
    assert report.lines()[-1] == "score: 0/8"


def test_the_student_process_never_sees_the_expected_answers_or_the_seed(monkeypatch):
    monkeypatch.setenv(SEED_VARIABLE, "teacher's secret")
    spy = '''
import os, sys
def minimax(leaves, branching):
    seen = [name for name in os.environ if "GAMETREE" in name]
    seen += [arg for arg in sys.argv if "SEED" in arg or "teacher" in arg]
    seen += [name for name in sys.modules if name.startswith("gametree.grading")]
    return 1000 + len(seen)          # 1000: nothing of the grader's or the teacher's was there
'''
    report = grade("trees", [("cell 1", spy)], parts=["minimax"], limits=FAST)
    assert report.verdicts[0].message.startswith("returned 1000;"), report.verdicts[0].message
    assert "drawn from the grading seed" in report.lines()[0]


# --- reading submissions and the command line -------------------------------------

def test_a_notebook_submission_is_graded_without_its_grader_cells(tmp_path):
    report = grade_file("trees", SOURCE / "trees" / "trees.ipynb", limits=FAST, parts=["minimax"])
    assert report.score == report.total
    pieces = read_submission(SOURCE / "trees" / "trees.ipynb")
    assert not any("gametree.grading" in source for _, source in pieces)


@pytest.mark.parametrize("text, suffix, message", [
    (None, ".py", "does not exist"),
    ("{not json", ".ipynb", "is not a readable notebook"),
    (b"\xff\xfe", ".py", "cannot be read"),
    ("x = 1", ".txt", "neither a notebook"),
    ("x = 1\n", ".py", "defines none of alpha_beta, minimax"),
])
def test_an_ungradable_submission_is_refused_with_a_sentence(tmp_path, text, suffix, message):
    path = tmp_path / f"submission{suffix}"
    if isinstance(text, bytes):
        path.write_bytes(text)
    elif text is not None:
        path.write_text(text)
    with pytest.raises(SubmissionError, match=message):
        grade_file("trees", path)


def test_the_command_line_prints_a_line_per_test_and_the_score(tmp_path, capsys):
    from gametree.cli import main

    path = tmp_path / "mine.py"
    path.write_text("def minimax(leaves, branching):\n    return max(leaves)\n")
    assert main(["grade", "trees", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    cases = ASSIGNMENTS["trees"].cases(None)
    right = sum(max(c.test["leaves"]) == tree_minimax(c.test["leaves"], c.test["branching"])
                for c in cases if c.part == "minimax")     # max(leaves) is right only there
    assert 0 < right < 4
    assert lines[-1] == f"score: {right}/{len(cases)}"
    assert sum(": 0/1 failed: your code defines no function alpha_beta" in line for line in lines) == 8
    assert any(line.startswith("minimax on [5, 6, 7, 4], branching 2: 0/1 returned 7") for line in lines)


@pytest.mark.parametrize("argv, message", [
    (["grade", "mazes", "x.py"], "unknown assignment 'mazes': choose one of trees, ghosts"),
    (["grade", "trees", "/no/such/file.py"], "does not exist"),
])
def test_the_command_line_exits_2_with_one_line(argv, message, capsys):
    from gametree.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_the_seed_comes_from_the_environment_or_the_file_it_names(tmp_path, monkeypatch):
    assert grading_seed() is None
    seed_file = tmp_path / "seed"
    seed_file.write_text("  spring term  \nignored\n")
    monkeypatch.setenv(SEED_FILE_VARIABLE, str(seed_file))
    assert grading_seed() == "spring term"
    monkeypatch.setenv(SEED_VARIABLE, "7")
    assert grading_seed() == "7"
    trees = ASSIGNMENTS["trees"]
    assert trees.cases("7") == trees.cases("7") != trees.cases("8")
    shapes = {(len(c.test["leaves"]), c.test["branching"]) for c in trees.cases("7")}
    assert len(shapes) > 5 and all(math.log(n, b) == round(math.log(n, b)) for n, b in shapes)


def test_alpha_beta_reference_counts_like_notebook_02():
    assert tree_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, ALPHA_BETA) == [3, 7]


@pytest.mark.parametrize("layout, depth", [("small", 2), ("default", 1)])
def test_the_reference_plays_the_maze_as_the_engines_round_counting_agents(layout, depth):
    from gametree.games.maze import Maze, alpha_beta_agent, expectimax_agent, maze_evaluation
    from gametree.grading.reference import EXPECTIMAX, MINIMAX, best_move

    game = Maze(layout)
    for start in (game.initial, game.random_start(3)):
        assert best_move(game, start, depth, maze_evaluation, MINIMAX) == \
            alpha_beta_agent(depth, maze_evaluation)(game, start)
        assert best_move(game, start, depth, maze_evaluation, EXPECTIMAX) == \
            expectimax_agent(depth, maze_evaluation)(game, start)


def test_an_evaluation_is_graded_by_the_games_it_wins_and_the_package_s_is_refused():
    from gametree.grading.assignments import _evaluate_case
    from gametree.grading.grader import judge_matches
    from gametree.grading.sandbox import Session

    public = next(c for c in ASSIGNMENTS["ghosts"].cases(None) if c.part == "evaluate")
    assert public.test["games"] >= 20 and public.points == 2
    short = _evaluate_case(0, "4 games")
    short = type(short)(short.part, {**short.test, "games": 4}, short.label, short.points)
    weak = "def evaluate(state):\n    return 0\n"
    borrowed = "from gametree.games.maze import maze_evaluation\n\ndef evaluate(state):\n" \
               "    return maze_evaluation(state)\n"
    with Session([("cell 1", weak)], ["evaluate"], FAST) as session:
        verdict = judge_matches(short, session)
    assert verdict.earned < verdict.case.points and verdict.mistake == "weak evaluation"
    assert "won " in verdict.message and "the thresholds are a win rate of 30%" in verdict.message
    with Session([("cell 1", borrowed)], ["evaluate"], FAST) as session:
        verdict = judge_matches(short, session)
    assert verdict.earned == 0 and "an evaluation the assignment asks you to write" in verdict.message


def test_an_autograder_cell_grades_the_kernel_s_code_apart_and_returns_its_points(monkeypatch, capsys):
    import __main__
    from gametree.grading.course import autograde

    solution_code = solution("trees")
    monkeypatch.setattr(__main__, "In", ["", solution_code, 'autograde("trees", "minimax", points=4)'],
                        raising=False)
    assert autograde("trees", "minimax", points=4) == 4          # read from the kernel's history
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1] == "score: 4/4" and all(line.startswith(("cases:", "limits:", "minimax on", "score:"))
                                               for line in printed)
    half = solution_code.replace("return value(0, len(leaves), True)", "return max(leaves)")
    assert 0 < autograde("trees", "minimax", points=4, pieces=[("cell 1", half)]) < 4
    assert autograde("trees", "minimax", points=4, pieces=[("cell 1", "x = 1")]) == 0
    assert "not graded: the submission defines none of" in capsys.readouterr().out


LIMITS = '''
import os

def alpha_beta(leaves, branching):
    print("x" * (leaves[0] - 1))             # print adds a newline: leaves[0] characters in all
    return [0, 0]

def minimax_move(game, state, depth, evaluate):
    for _ in range(depth):                   # depth here is the number of play calls
        game.play(state, game.moves(state)[0])
    return game.moves(state)[0]

def expectimax_move(game, state, depth, evaluate):
    os.write(1, b"y" * depth)                # straight to the file descriptor
    return game.moves(state)[0]
'''


def test_each_limit_of_the_student_process_holds_at_the_limit_and_fails_one_past():
    from gametree.grading.games import MAX_CALLS
    from gametree.grading.sandbox import run_submission
    from gametree.grading.worker import PRINT_LIMIT

    board = {"kind": "game", "game": {"name": "tictactoe"}, "state": ".........", "evaluate": "zero"}
    limits = Limits(seconds=5, output_bytes=100_000)
    tests = [{"kind": "tree", "function": "alpha_beta", "leaves": [PRINT_LIMIT], "branching": 2},
             {"kind": "tree", "function": "alpha_beta", "leaves": [PRINT_LIMIT + 1], "branching": 2},
             {**board, "function": "minimax_move", "depth": MAX_CALLS},
             {**board, "function": "minimax_move", "depth": MAX_CALLS + 1},
             {**board, "function": "expectimax_move", "depth": limits.output_bytes},
             {**board, "function": "expectimax_move", "depth": limits.output_bytes + 1}]
    results = run_submission([("cell 1", LIMITS)], ["alpha_beta"], tests, limits).results
    assert results[0]["ok"] and len(results[0]["printed"]) <= 2000       # kept short for the report
    assert f"printed more than {PRINT_LIMIT:,} characters" in results[1]["error"]
    assert results[2]["ok"] and len(results[2]["plays"]) == MAX_CALLS
    assert f"called game.play more than {MAX_CALLS:,} times" in results[3]["error"]
    assert results[4]["ok"]
    assert f"wrote more than {limits.output_bytes:,} bytes of output" in results[5]["error"]


def test_the_class_report_needs_a_graded_course(tmp_path, capsys):
    from gametree.cli import main

    assert main(["class-report", str(tmp_path)]) == 2
    assert "has no gradebook.db: run nbgrader autograde there first" in capsys.readouterr().err


def test_under_nbgrader_autograde_the_cells_leave_the_grade_to_regrade(monkeypatch, capsys):
    from gametree.grading.course import REGRADE_VARIABLE, autograde

    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    monkeypatch.setenv(REGRADE_VARIABLE, "1")
    assert autograde("trees", "minimax", points=4, pieces=[("cell 1", solution("trees"))]) == 0
    assert "graded from the submitted file in a fresh process" in capsys.readouterr().out
    assert 'os.environ["GAMETREE_REGRADE"] = "1"' in (REPO / "assignments" / "nbgrader_config.py").read_text()


SEARCH_NAMES = {"minimax", "alpha_beta", "alpha_beta_search", "trace_maxn", "negamax", "expectiminimax", "maxn", "pvs", "mtdf",
                "null_window", "uct_search", "iterative_deepening", "depth_limited_alpha_beta",
                "star1", "trace_alpha_beta", "trace_search", "tree_minimax", "tree_alpha_beta"}


def test_every_module_that_defines_a_search_is_blocked_for_graded_code():
    """A search the engine (or its textbook versions) defines anywhere in the
    package is out of a submission's reach: a module that defines one and
    is not blocked is a way round writing the search."""
    import ast

    from gametree.grading.worker import blocked

    package = Path(__file__).resolve().parents[1] / "gametree"
    open_doors = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        defined = {node.name for node in ast.parse(path.read_text()).body
                   if isinstance(node, ast.FunctionDef)}
        if defined & SEARCH_NAMES and not blocked(module):
            open_doors.append(f"{module}: {sorted(defined & SEARCH_NAMES)}")
    assert not open_doors
    assert blocked("gametree.textbook") and blocked("gametree.vectors")


# --- untidy work is graded fairly -------------------------------------------------

def notebook(*sources: str) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
            "cells": [{"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
                       "execution_count": None} for source in sources]}


@pytest.mark.parametrize("last, why", [
    ("print('an experiment')\nwhile True:\n    pass\n", "did not finish within 2 s (an infinite loop"),
    ("import os\nos._exit(3)\n", "ended its process (exit status 3"),
])
def test_a_last_cell_that_loops_or_exits_leaves_the_functions_before_it_graded(tmp_path, last, why):
    import json

    path = tmp_path / "untidy.ipynb"
    path.write_text(json.dumps(notebook(solution("trees"), last, "minimax = None\n")))
    report = grade_file("trees", path, limits=Limits(seconds=2, load_seconds=2))
    assert report.score == report.total, report.lines()
    note = next(line for line in report.lines() if line.startswith("note: cell 2 "))
    assert why in note and "loading stopped there: the functions defined before it are graded" in note


def test_a_syntax_error_is_graded_0_with_where_it_is_not_refused(tmp_path, capsys):
    from gametree.cli import main

    path = tmp_path / "broken.py"
    path.write_text("def minimax(leaves, branching):\n    return max(leaves\n")
    assert main(["grade", "trees", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "note: the file has a syntax error at line 2 ('(' was never closed), so none of it ran" in lines
    assert lines[-1] == "score: 0/12"
    failed = [line for line in lines if ": 0/1 failed: " in line]
    assert len(failed) == 12 and all(line.endswith("since the file has a syntax error at line 2 "
                                                   "('(' was never closed).") for line in failed)


def test_a_submission_that_ends_before_its_functions_fails_each_test_in_one_sentence():
    report = grade("trees", [("cell 1", "import os\nos._exit(0)\n"),
                             ("cell 2", "def minimax(l, b):\n    return 0\n")], parts=["minimax"], limits=FAST)
    message = report.verdicts[0].message
    assert message == ("failed: your code defines no function minimax, since cell 1 ended its process "
                       "(exit status 0, os._exit?)."), message


BUSY_STUDENT = '''
def busy(leaves, branching):
    import time
    start = time.process_time()
    while time.process_time() - start < leaves[0] / 10:   # leaves[0] tenths of a second of CPU
        pass
    return leaves[0]


def sleepy(leaves, branching):
    import time
    time.sleep(leaves[0] / 10)
    return leaves[0]
'''


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs Linux's CPU affinity")
def test_a_busy_grading_machine_does_not_fail_a_right_answer_and_sleeping_still_counts():
    """Two busy loops share the student's one core, so 0.3 s of computing
    takes about 0.9 s of wall clock: it passes a 0.5 s limit, because waiting
    for a core is not the student's time.  3 s of computing, or 3 s of
    sleeping (which an idle machine would wait too), still fail it."""
    from gametree.grading.sandbox import Session

    cores = os.sched_getaffinity(0)
    one = {min(cores)}
    loops = []
    os.sched_setaffinity(0, one)      # the student's process, started below, inherits it
    try:
        for _ in range(2):
            loops.append(subprocess.Popen([sys.executable, "-c", "while True: pass"]))
        with Session([("cell 1", BUSY_STUDENT)], ["busy", "sleepy"],
                     Limits(seconds=0.5, load_seconds=10), tests=4) as session:
            def ask(function, tenths):
                return session.ask({"kind": "tree", "function": function, "leaves": [tenths, 1],
                                    "branching": 2})
            right, looping, asleep = ask("busy", 3), ask("busy", 30), ask("sleepy", 30)
    finally:
        os.sched_setaffinity(0, cores)
        for loop in loops:
            loop.kill()
            loop.wait()
    assert right["ok"] and right["answer"] == 3, right
    for failed in (looping, asleep):
        assert not failed["ok"] and "did not finish within 0.5 s" in failed["error"], failed
