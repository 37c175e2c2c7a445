"""The checkers of notebook 11's exercises: empty, invalid, wrong and right
answers, and no answer given away."""

import pytest

from gametree import Tree, minimax
from gametree.games import TreeGame
from gametree.games.windows import mtdf, null_window_test, pvs
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_windows import check_mtdf_returns, check_researches, check_test_value

TEST_TREE = [[6, 2, 9], [3, 8, 1], [5, 7, 4]]
PVS_TREE = [[3, 9], [1, 8], [5, 4], [7, 2]]
MTDF_TREE = [[5, 9, 6], [8, 9, 7], [2, 4, 3]]


def game(nested):
    return TreeGame(Tree.from_nested(nested))


def test_a_test_value_checker_wants_what_the_test_returns():
    right = null_window_test(game(TEST_TREE), beta=7).value
    assert right != minimax(TEST_TREE)  # the exercise's point: a test returns a bound
    feedback = check_test_value(right, TEST_TREE, beta=7)
    assert feedback.verdict is Verdict.RIGHT and "at most" in feedback.text


@pytest.mark.parametrize("answer, words", [
    (None, "Not answered yet: replace None with the number the search returns"),
    ("6", "is not a number"),
    (True, "is not a number"),
    (float("nan"), "is not a number"),
])
def test_a_test_value_checker_reads_only_numbers(answer, words):
    assert words in check_test_value(answer, TEST_TREE, beta=7).text
    assert check_test_value(answer, TEST_TREE, beta=7).verdict is not Verdict.RIGHT


@pytest.mark.parametrize("answer, words", [
    (4, "is the value of the tree, but the test stops"),
    (10, "no leaf scores 10"),
    (7, "not 7"),
    (9, "not 9"),
])
def test_a_wrong_test_value_gets_a_hint_and_not_the_answer(answer, words):
    feedback = check_test_value(answer, TEST_TREE, beta=7)
    assert feedback.verdict is Verdict.WRONG and words in feedback.text
    assert "6" not in feedback.text.replace("alpha = 6", "")  # 6 is the answer; alpha = 6 is the question


def test_a_researches_checker_counts_pvs_s_re_searches():
    right = pvs(game(PVS_TREE)).researches
    assert check_researches(right, PVS_TREE).verdict is Verdict.RIGHT
    for answer in {0, 1, 2, 3, 7} - {right}:
        feedback = check_researches(answer, PVS_TREE)
        assert feedback.verdict is Verdict.WRONG and f"{right} of them" not in feedback.text
    assert "there are 7 tests here" in check_researches(8, PVS_TREE).text


@pytest.mark.parametrize("answer", ["1", 1.0, -1, True, [1]])
def test_a_researches_checker_reads_only_counts(answer):
    assert check_researches(answer, PVS_TREE).verdict is Verdict.INVALID


def test_an_empty_researches_answer_says_only_the_form():
    assert check_researches(None, PVS_TREE).text == (
        "Not answered yet: replace None with a whole number, such as 2, and run this cell again.")


def test_an_mtdf_checker_wants_every_pass_s_result_in_order():
    returns = [p.value for p in mtdf(game(MTDF_TREE), guess=4).passes]
    assert len(returns) == 3
    assert check_mtdf_returns(returns, MTDF_TREE, guess=4).verdict is Verdict.RIGHT
    assert check_mtdf_returns(tuple(returns), MTDF_TREE, guess=4).verdict is Verdict.RIGHT


@pytest.mark.parametrize("answer, words", [
    ([7, 7], "the first pass tests beta = f = 4 with the window (3, 4)"),
    ([5, 7, 8], "the first wrong one is pass 3, which tests beta = 8"),
    ([5, 6, 7], "pass 1 is right; the first wrong one is pass 2"),
    ([5], "the list stops early: after pass 1, lower = 5 < upper = +∞, so another pass is needed"),
    ([5, 7], "after pass 2, lower = 7 < upper = +∞, so another pass is needed"),
    ([5, 7, 7, 7], "MTD(f) stops as soon as lower bound = upper bound"),
])
def test_a_wrong_list_of_passes_gets_a_hint(answer, words):
    feedback = check_mtdf_returns(answer, MTDF_TREE, guess=4)
    assert feedback.verdict is Verdict.WRONG and words in feedback.text
    assert "[5, 7, 7]" not in feedback.text


@pytest.mark.parametrize("answer", [5, "5, 7, 7", [], ["5"], [5, None]])
def test_an_mtdf_checker_reads_only_lists_of_numbers(answer):
    assert check_mtdf_returns(answer, MTDF_TREE, guess=4).verdict is Verdict.INVALID


def test_an_empty_mtdf_answer_says_only_the_form():
    assert check_mtdf_returns(None, MTDF_TREE, guess=4).verdict is Verdict.EMPTY


@pytest.mark.parametrize("answer", [2, 3])
def test_too_many_re_searches_names_a_child_probably_searched_again_by_mistake(answer):
    """On 11's tree PVS re-searches only D; C and E fail low although a leaf under each beats alpha."""
    feedback = check_researches(answer, [[3, 9], [1, 8], [5, 4], [7, 2]])
    assert feedback.verdict is Verdict.WRONG and "Did you search C again?" in feedback.text


def test_too_few_re_searches_names_no_child():
    feedback = check_researches(0, [[3, 9], [1, 8], [5, 4], [7, 2]])
    assert feedback.verdict is Verdict.WRONG and "Did you search" not in feedback.text
