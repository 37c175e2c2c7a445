"""The checkers of notebooks 04 to 08 (gametree.practice.quiz_games).

Every checker is tried four ways: with no answer yet (None), with an
answer it cannot read, with a wrong answer and with the right one.  An
empty answer gets only "Not answered yet" and the form to write; a wrong
answer gets a hint that never states the right answer.
"""

import inspect
import math
import re
from pathlib import Path

import nbformat
import pytest

from gametree import MIN
from gametree.games import Kalah, KalahState, TicTacToeState, kalah_evaluation, store_difference
from gametree.practice import quiz_games
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_games import (
    check_bound,
    check_branching_factor,
    check_estimate,
    check_evaluation,
    check_first_move,
    check_leaf_counts,
    check_order,
    check_safe_reply,
    check_settling_depth,
    check_state_count,
    check_winning_move,
)

TREE = [[2, 5, 3], [7, 1, 8], [4, 9, 6]]
ROW = [9, 4, 7, -8, 4]
FORK = TicTacToeState.from_text("XO. .X. ..O")
TRAP = TicTacToeState.from_text("X.. .O. ..X")
ESTIMATE = KalahState.from_text("2 0 1 3 / 6 4 / 0 5 2 1", MIN)
HORIZON = KalahState.from_text("8 9 10 0 4 0 / 3 8 / 5 0 0 0 0 1", MIN)


def free_moves(state):
    """An evaluation that beats the store difference: extra turns in hand count."""
    n = state.n
    extra = sum(1 for house, seeds in enumerate(state.houses(state.player)) if seeds == n - house)
    return store_difference(state) + (extra if state.player.name == "MAX" else -extra)


# (checker with its exercise, an unreadable answer, a wrong answer, the right answer)
CASES = {
    "order": (lambda a: check_order(a, TREE), "[[4, 9, 6]]", [[4, 9, 6], [7, 1, 8], [2, 5, 3]],
              [[4, 9, 6], [1, 7, 8], [2, 5, 3]]),
    "leaf counts": (lambda a: check_leaf_counts(a, 4, 3), 19, (19, 63), (19, 64)),
    "first move": (lambda a: check_first_move(a, ROW), "take the 9", "take left", "delete left"),
    "state count": (check_state_count, 66, lambda n: n * n, lambda n: (n + 1) * (n + 2) // 2),
    "winning move": (lambda a: check_winning_move(a, FORK), 0, 2, 3),
    "safe reply": (lambda a: check_safe_reply(a, TRAP), 9, 2, 1),
    "bound": (lambda a: check_bound(a, 0, 0, math.inf), "at most", "exact", "upper"),
    "estimate": (lambda a: check_estimate(a, ESTIMATE), "-8", -2, -8),
    "settling depth": (lambda a: check_settling_depth(a, HORIZON, game=Kalah()), 7, 3, 4),
    "branching factor": (lambda a: check_branching_factor(a, 3452, 8), -2.6, 3.0,
                         round(quiz_games._root(3452, 8), 2)),
}


@pytest.mark.parametrize("name", CASES)
def test_an_empty_answer_gets_only_not_answered_yet_and_the_form(name):
    check, *_ = CASES[name]
    feedback = check(None)
    assert feedback.verdict is Verdict.EMPTY
    assert feedback.text.startswith("Not answered yet: replace None with ")
    assert len(feedback.lines) == 1


@pytest.mark.parametrize("name", CASES)
def test_an_unreadable_answer_is_told_how_to_write_it(name):
    check, unreadable, _, _ = CASES[name]
    feedback = check(unreadable)
    assert feedback.verdict is Verdict.INVALID, feedback.text
    assert feedback.text.startswith("Cannot read that: ")


@pytest.mark.parametrize("name", CASES)
def test_a_wrong_answer_gets_a_hint_not_the_answer(name):
    check, _, wrong_answer, right_answer = CASES[name]
    feedback = check(wrong_answer)
    assert feedback.verdict is Verdict.WRONG, feedback.text
    if not callable(right_answer):
        assert str(right_answer) not in feedback.text.replace(str(wrong_answer), "")


@pytest.mark.parametrize("name", CASES)
def test_the_right_answer_is_right(name):
    check, _, _, right_answer = CASES[name]
    feedback = check(right_answer)
    assert feedback.ok, feedback.text
    assert feedback.text.startswith("Right: ")


def test_a_tree_with_a_leaf_moved_to_another_min_node_is_not_the_same_tree():
    assert check_order([[4, 9, 2], [1, 7, 8], [6, 5, 3]], TREE).verdict is Verdict.INVALID


def test_leaf_counts_say_which_of_the_two_is_right():
    feedback = check_leaf_counts((19, 60), 4, 3)
    assert "best-order count is right" in feedback.text and "64" not in feedback.text


def test_a_deletion_on_a_single_number_is_refused_as_not_allowed():
    assert check_first_move("delete left", [5]).verdict is Verdict.INVALID


def test_a_formula_that_fails_or_returns_no_number_is_reported_without_raising():
    assert "ZeroDivisionError" in check_state_count(lambda n: 1 / 0).text
    assert check_state_count(lambda n: "many").verdict is Verdict.INVALID


@pytest.mark.parametrize("answer", [True, 4.0, -1, 9])
def test_a_square_must_be_a_whole_number_from_0_to_8(answer):
    assert check_winning_move(answer, FORK).verdict is Verdict.INVALID


@pytest.mark.parametrize("answer", [0, 8])
def test_squares_0_and_8_are_read_at_the_edges_of_the_board(answer):
    assert check_winning_move(answer, FORK).verdict is not Verdict.EMPTY


def test_a_losing_reply_is_shown_the_refutation_but_not_a_safe_square():
    feedback = check_safe_reply(2, TRAP)
    assert feedback.verdict is Verdict.WRONG and "X6" in feedback.text


@pytest.mark.parametrize("value, alpha, beta, truth", [(5, 0, 10, "exact"), (0, 0, 10, "upper"),
                                                       (10, 0, 10, "lower")])
def test_the_bound_is_the_one_the_transposition_table_files(value, alpha, beta, truth):
    assert check_bound(truth, value, alpha, beta).ok
    assert check_bound(f" {truth.upper()} ", value, alpha, beta).ok


def test_an_estimate_with_the_wrong_sign_is_told_to_check_the_sign():
    truth = kalah_evaluation(ESTIMATE)
    assert "sign" in check_estimate(2 * store_difference(ESTIMATE) - truth, ESTIMATE).text


@pytest.mark.parametrize("depth, verdict", [(1, Verdict.WRONG), (6, Verdict.WRONG), (0, Verdict.INVALID),
                                            (7, Verdict.INVALID)])
def test_the_settling_depth_is_read_from_1_to_the_deepest(depth, verdict):
    assert check_settling_depth(depth, HORIZON, game=Kalah()).verdict is verdict


def test_the_branching_factor_says_which_way_to_move_the_guess():
    root = quiz_games._root(3452, 8)
    assert "higher" in check_branching_factor(round(root - 0.2, 2), 3452, 8).text
    assert "lower" in check_branching_factor(round(root + 0.2, 2), 3452, 8).text


@pytest.mark.parametrize("nodes, depth", [(14, 3), (3452, 8), (1, 1)])
def test_the_root_solves_aimas_equation(nodes, depth):
    root = quiz_games._root(nodes, depth)
    assert math.isclose(sum(root**k for k in range(depth + 1)), nodes + 1, rel_tol=1e-9)


def test_an_evaluation_that_beats_the_store_difference_is_right_and_the_store_difference_is_not():
    assert check_evaluation(free_moves).ok
    feedback = check_evaluation(store_difference)
    assert feedback.verdict is Verdict.WRONG and "won 10, drew 0 and lost 10" in feedback.text


@pytest.mark.parametrize("answer, words", [("store_difference", "not a function"),
                                           (lambda state: 1 / 0, "ZeroDivisionError"),
                                           (lambda state: "good", "must return a number")])
def test_an_evaluation_that_cannot_be_used_is_reported_before_any_game(answer, words):
    feedback = check_evaluation(answer)
    assert feedback.verdict is Verdict.INVALID and words in feedback.text


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def solution_answers():
    """The right-hand sides of `my_answer = ...` in the folded solutions of notebooks 04 to 08."""
    found = []
    for path in sorted(NOTEBOOKS.glob("0[4-8]-*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown" and cell.source.startswith("<details>"):
                found += re.findall(r"^my_answer = (.+)$", cell.source, flags=re.M)
    return found


def test_the_checkers_source_holds_none_of_the_notebooks_answers():
    choices = {f'"{choice}"' for choice in quiz_games._MOVES + quiz_games._BOUNDS}  # every option is named
    answers = [a for a in solution_answers() if len(a) >= 5 and a not in choices]  # "3" occurs anywhere
    assert answers, "the notebooks' solutions were not found"
    source = inspect.getsource(quiz_games)
    assert [a for a in answers if a in source] == []


@pytest.mark.parametrize("written", ["Take Left", "  take   LEFT ", "TAKE LEFT"])
def test_moves_are_read_by_the_same_rule_as_names(written):
    assert check_first_move(written, [5]).verdict is check_first_move("take left", [5]).verdict is Verdict.RIGHT


@pytest.mark.parametrize("answer", [2.5, -0.5])
def test_check_estimate_says_the_estimate_is_a_whole_number(answer):
    feedback = check_estimate(answer, ESTIMATE)
    assert feedback.verdict is Verdict.INVALID and "whole number" in feedback.text


def test_check_estimate_takes_a_whole_float_as_its_number():
    assert check_estimate(float(kalah_evaluation(ESTIMATE)), ESTIMATE).ok
