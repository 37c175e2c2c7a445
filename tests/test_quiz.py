"""The notebooks' checkers: empty, unreadable, wrong and right answers.

Every checker keeps the promises of :mod:`gametree.practice.quiz`: None
gets only "Not answered yet" and the form of an answer; a wrong answer
gets a hint that does not hold the right answer; the right answer is
recognised on textbook trees and on seeded random ones.
"""

import math
import re

import pytest

import gametree
from gametree.practice import Answer, Exercise
from gametree.practice.quiz import (
    Feedback,
    Verdict,
    check_alpha_beta,
    check_cut_tree,
    check_leaf,
    check_reordering,
    check_search,
    check_skipped,
    check_value,
)

EXERCISE_01 = [[5, 1, 8], [7, 9, 6], [2, 4, 3]]  # value 6, best play ends at J
EXERCISE_02 = [[4, 6, 5], [3, 8, 9], [7, 2, 1]]  # skips I, J and M
FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def verdict(feedback):
    assert isinstance(feedback, Feedback)
    return feedback.verdict


# --- every checker: None is only "not answered yet" --------------------------------

EMPTY_CALLS = {
    "check_value": lambda: check_value(None, EXERCISE_01),
    "check_leaf": lambda: check_leaf(None, EXERCISE_01),
    "check_skipped": lambda: check_skipped(None, EXERCISE_02),
    "check_cut_tree": lambda: check_cut_tree(None),
    "check_alpha_beta": lambda: check_alpha_beta(None),
    "check_search": lambda: check_search(None, Exercise.random(7, 3, 2)),
    "check_reordering": lambda: check_reordering(None, Exercise.random(4, 2, 3, task="reorder")),
}


@pytest.mark.parametrize("name", sorted(EMPTY_CALLS))
def test_an_empty_answer_gets_only_not_answered_yet_and_the_form(name):
    feedback = EMPTY_CALLS[name]()
    assert feedback.verdict is Verdict.EMPTY
    assert feedback.text.startswith("Not answered yet: replace None with ")
    assert len(feedback.lines) == 1  # nothing else: no hint, no answer


def test_an_empty_answer_names_no_value_leaf_or_count():
    """The empty replies say nothing about the tree: no digit of the value
    6 or the leaf J appears in the 01 checkers' empty replies."""
    assert "6" not in check_value(None, EXERCISE_01).text
    assert '"J"' not in check_leaf(None, EXERCISE_01).text


# --- check_value --------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["6", True, [6], float("nan")])
def test_check_value_refuses_what_is_not_a_number(answer):
    assert verdict(check_value(answer, EXERCISE_01)) is Verdict.INVALID


@pytest.mark.parametrize("answer", [9, 1, 2, 7, 100, -3])
def test_check_value_a_wrong_number_gets_a_hint_without_the_value(answer):
    feedback = check_value(answer, EXERCISE_01)
    assert feedback.verdict is Verdict.WRONG
    assert "6" not in feedback.text


def test_check_value_says_why_the_best_leaf_is_out_of_reach():
    assert "best leaf" in check_value(9, EXERCISE_01).text


@pytest.mark.parametrize("seed", range(30))
def test_check_value_accepts_the_minimax_value_int_or_float(seed):
    tree = gametree.random_tree(2 + seed % 3, 1 + seed % 4, seed=seed)
    value = gametree.minimax(tree)
    assert check_value(value, tree).ok
    assert check_value(float(value), tree).ok


# --- check_leaf ---------------------------------------------------------------------

@pytest.mark.parametrize("answer", [6, 6.0, "Z", "", ["J"]])
def test_check_leaf_refuses_scores_and_unknown_names(answer):
    assert verdict(check_leaf(answer, EXERCISE_01)) is Verdict.INVALID


@pytest.mark.parametrize("answer", ["E", "I", "K", "C", "A"])
def test_check_leaf_a_wrong_node_gets_a_hint_without_the_leaf(answer):
    feedback = check_leaf(answer, EXERCISE_01)
    assert feedback.verdict is Verdict.WRONG
    assert " J" not in feedback.text and "6" not in feedback.text


def test_check_leaf_accepts_the_end_of_best_play_in_any_case():
    assert check_leaf("J", EXERCISE_01).ok and check_leaf(" j ", EXERCISE_01).ok


def test_check_leaf_accepts_every_leaf_of_an_equally_good_line_but_not_a_lookalike():
    tree = [[3, 3], [2, 3]]  # B = 3 from D or E; C = 2, so leaf G (3) is not reached
    assert check_leaf("D", tree).ok and check_leaf("E", tree).ok
    lookalike = check_leaf("G", tree)
    assert lookalike.verdict is Verdict.WRONG and "scores as much" in lookalike.text


@pytest.mark.parametrize("seed", range(20))
def test_check_leaf_accepts_the_principal_variation_on_random_trees(seed):
    tree = gametree.random_tree(3, 1 + seed % 3, seed=seed)
    assert check_leaf(gametree.principal_variation(tree)[-1].name, tree).ok


# --- check_skipped ------------------------------------------------------------------

@pytest.mark.parametrize("answer", ["IJ", [1, 2], {"I": 1}, ["I", "Q"], ["C"]])
def test_check_skipped_refuses_what_is_not_a_list_of_leaf_names(answer):
    assert verdict(check_skipped(answer, EXERCISE_02)) is Verdict.INVALID


@pytest.mark.parametrize("answer", [[], ["I"], ["I", "J"], ["I", "J", "M", "L"], ["E"]])
def test_check_skipped_a_wrong_list_gets_one_place_to_look(answer):
    feedback = check_skipped(answer, EXERCISE_02)
    assert feedback.verdict is Verdict.WRONG
    assert not {"I", "J", "M"} <= set(feedback.text.replace(",", " ").split())


def test_check_skipped_accepts_the_skipped_leaves_in_any_order_and_case():
    assert check_skipped(["m", "J", "I"], EXERCISE_02).ok
    assert check_skipped(("I", "J", "M"), EXERCISE_02).ok


def test_check_skipped_follows_the_cut_rule_on_ties():
    ties = [[3, 5], [3, 9]]
    assert check_skipped(["G"], ties).ok
    assert check_skipped([], ties, strict=True).ok
    assert not check_skipped(["G"], ties, strict=True).ok


@pytest.mark.parametrize("seed", range(20))
def test_check_skipped_accepts_the_pruned_leaves_on_random_trees(seed):
    tree = gametree.random_tree(3, 2 + seed % 2, seed=seed)
    trace = gametree.trace_alpha_beta(tree)
    assert check_skipped([tree.leaves[i].name for i in trace.pruned_leaves], tree).ok


# --- check_cut_tree -----------------------------------------------------------------

@pytest.mark.parametrize("answer", ["5 6 4 7", [5, 6, 4], [5, 6, 4, 7, 1], [5, 6, "4", 7],
                                    [5, 6, math.inf, 7], [5, 6, True, 7]])
def test_check_cut_tree_refuses_what_is_not_four_scores(answer):
    assert verdict(check_cut_tree(answer)) is Verdict.INVALID


@pytest.mark.parametrize("answer", [[5, 6, 7, 4], [1, 2, 3, 4], [0, 0, 1, 1]])
def test_check_cut_tree_a_tree_without_a_cut_is_wrong(answer):
    assert verdict(check_cut_tree(answer)) is Verdict.WRONG


@pytest.mark.parametrize("answer", [[5, 6, 4, 7], [5, 6, 5, 7], (9, 9, 1, 1), [2.5, 3, -1, 8]])
def test_check_cut_tree_accepts_any_tree_that_prunes(answer):
    assert check_cut_tree(answer).ok


def test_check_cut_tree_takes_other_shapes_at_their_limits():
    assert check_cut_tree([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3, count=9).ok
    assert verdict(check_cut_tree([3, 12, 8, 2, 4, 6, 14, 5], branching=3, count=9)) is Verdict.INVALID


# --- check_alpha_beta ---------------------------------------------------------------

def flat_alpha_beta(leaves, branching):
    """A straightforward solution, written as a student would."""
    count = 0

    def search(first, width, alpha, beta, maximizing):
        nonlocal count
        if width == 1:
            count += 1
            return leaves[first]
        v = -math.inf if maximizing else math.inf
        part = width // branching
        for i in range(branching):
            value = search(first + i * part, part, alpha, beta, not maximizing)
            if maximizing:
                v = max(v, value)
                alpha = max(alpha, v)
            else:
                v = min(v, value)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    return [search(0, len(leaves), -math.inf, math.inf, True), count]


def test_check_alpha_beta_accepts_a_correct_function_and_the_library():
    assert check_alpha_beta(flat_alpha_beta).ok
    assert check_alpha_beta(gametree.alpha_beta).ok


def test_check_alpha_beta_does_not_let_the_function_change_the_test_trees():
    def shuffling(leaves, branching):
        result = flat_alpha_beta(leaves, branching)
        leaves.reverse()
        return result

    assert check_alpha_beta(shuffling).ok
    assert check_alpha_beta(flat_alpha_beta).ok


@pytest.mark.parametrize("function", [42, "alpha_beta"])
def test_check_alpha_beta_refuses_what_is_not_a_function(function):
    assert verdict(check_alpha_beta(function)) is Verdict.INVALID


def test_check_alpha_beta_reports_a_crash_as_feedback():
    feedback = check_alpha_beta(lambda leaves, branching: leaves[99])
    assert feedback.verdict is Verdict.INVALID and "IndexError" in feedback.text


@pytest.mark.parametrize("result", [(3, 7), [3], {"value": 3}, None])
def test_check_alpha_beta_holds_the_exact_list_contract(result):
    assert verdict(check_alpha_beta(lambda leaves, branching: result)) is Verdict.INVALID


def test_check_alpha_beta_a_search_that_never_prunes_is_told_it_counts_too_many():
    feedback = check_alpha_beta(lambda leaves, branching: [gametree.minimax(leaves, branching), len(leaves)])
    assert feedback.verdict is Verdict.WRONG and "counts more leaves" in feedback.text


def test_check_alpha_beta_the_strict_rule_is_wrong_on_ties():
    def strict(leaves, branching):
        trace = gametree.trace_alpha_beta(leaves, branching, strict=True)
        return [trace.value, trace.evaluated]

    feedback = check_alpha_beta(strict)
    assert feedback.verdict is Verdict.WRONG and "[3, 5, 3, 9]" in feedback.text


def test_check_alpha_beta_a_wrong_value_is_named_as_the_value():
    feedback = check_alpha_beta(lambda leaves, branching: [max(leaves), 1])
    assert feedback.verdict is Verdict.WRONG and "value is off" in feedback.text


# --- check_search -------------------------------------------------------------------

@pytest.fixture
def fig52_exercise():
    return Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3, ask_bounds=("C",))


def test_check_search_refuses_what_is_not_an_answer(fig52_exercise):
    assert verdict(check_search({"A": 3}, fig52_exercise)) is Verdict.INVALID
    named_a_leaf = Answer(values={"E": 3})
    assert verdict(check_search(named_a_leaf, fig52_exercise)) is Verdict.INVALID


def test_check_search_accepts_the_solution(fig52_exercise):
    assert check_search(fig52_exercise.solution(), fig52_exercise).ok


@pytest.mark.parametrize("seed", range(10))
def test_check_search_accepts_the_solution_of_random_exercises(seed):
    exercise = Exercise.random(seed, 3, 2, bounds="all", strict=seed % 2 == 1)
    assert check_search(exercise.solution(), exercise).ok


def test_check_search_names_the_node_but_not_the_number(fig52_exercise):
    wrong_b = Answer(values={"A": 3, "B": 8, "C": 2, "D": 2}, pruned={"I", "J"},
                     alphas={"C": 3}, betas={"C": 2})
    feedback = check_search(wrong_b, fig52_exercise)
    assert feedback.verdict is Verdict.WRONG
    assert feedback.text.count("B:") == 1 and "3" not in feedback.text


def test_check_search_points_to_the_parent_of_a_pruning_mistake_not_the_branch(fig52_exercise):
    missed = Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, alphas={"C": 3}, betas={"C": 2})
    over = Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J", "M"},
                  alphas={"C": 3}, betas={"C": 2})
    missed_text, over_text = check_search(missed, fig52_exercise).text, check_search(over, fig52_exercise).text
    assert "under C" in missed_text and "I" not in missed_text.replace("If", "")
    assert "under D" in over_text and " M" not in over_text
    assert len(check_search(missed, fig52_exercise).lines) == 1  # one hint for both leaves


def test_check_search_says_only_empty_for_an_empty_answer_and_explains_bounds(fig52_exercise):
    blank = check_search(Answer(), fig52_exercise)
    assert blank.verdict is Verdict.EMPTY
    assert not re.search(r"\b[A-Z]\b|\d", blank.text)  # no node, no number: nothing of the solution
    half = check_search(Answer(values={"A": 3}), fig52_exercise)
    assert half.verdict is Verdict.WRONG and "B" in half.text
    bound = check_search(Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"},
                                alphas={"C": 2}, betas={"C": 2}), fig52_exercise)
    assert "never changes alpha" in bound.text


def test_check_search_needs_an_exercise():
    with pytest.raises(TypeError, match="needs an Exercise"):
        check_search(None, [3, 12, 8])


# --- check_reordering ---------------------------------------------------------------

@pytest.fixture
def puzzle():
    return Exercise.random(4, branching=2, depth=3, task="reorder")


def test_check_reordering_refuses_what_is_not_a_reordering(puzzle):
    assert verdict(check_reordering("14 1 15 4", puzzle)) is Verdict.INVALID
    changed = list(puzzle.leaves)
    changed[0] += 100
    assert verdict(check_reordering(changed, puzzle)) is Verdict.INVALID
    assert verdict(check_reordering(list(puzzle.leaves)[:4], puzzle)) is Verdict.INVALID


def test_check_reordering_short_of_the_minimum_names_nodes_not_children(puzzle):
    feedback = check_reordering(list(puzzle.leaves), puzzle)
    assert feedback.verdict is Verdict.WRONG
    assert "does not search its best child first" in feedback.text
    assert "worth" not in feedback.text  # no child values: they would be the answer


def test_check_reordering_accepts_best_first(puzzle):
    assert check_reordering(gametree.best_order(list(puzzle.leaves), 2), puzzle).ok


def test_check_reordering_needs_an_exercise():
    with pytest.raises(TypeError, match="needs an Exercise"):
        check_reordering(None, [1, 2])


def test_check_cut_tree_at_a_max_node_needs_a_max_cutoff():
    assert check_cut_tree([3, 1, 5, 2, 0, 0, 0, 0], count=8, player="MAX").ok
    only_min = check_cut_tree([19, 8, 11, 20, 16, 0, 14, 7], count=8, player="MAX")
    assert only_min.verdict is Verdict.WRONG and "only at MIN" in only_min.text
    assert verdict(check_cut_tree([12, 13, 1, 8, 16, 15, 12, 9], count=8, player="MAX")) is Verdict.WRONG


def test_check_cut_tree_names_its_player_clearly():
    with pytest.raises(ValueError, match="player must be"):
        check_cut_tree([5, 6, 4, 7], player="max")


# --- one rule for typed words, and unreadable Answers ----------------------------------

@pytest.mark.parametrize("written", [{"values": {"A": "3"}}, {"pruned": "I"}, {"alphas": {"C": [3]}}])
def test_an_answer_that_cannot_be_read_is_cannot_read_that_not_a_traceback(fig52_exercise, written):
    answer = Answer(**written)  # the student's own cell: it must not raise
    feedback = check_search(answer, fig52_exercise)
    assert feedback.verdict is Verdict.INVALID
    assert feedback.text.startswith("Cannot read that: ") and answer.unreadable in feedback.text


def test_the_chance_checker_reads_answers_the_same_way():
    from gametree.practice.chance import ChanceExercise
    from gametree.practice.quiz_chance import check_chance_values

    exercise = ChanceExercise([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]])
    for answer in (Answer(values={"A": "3"}), Answer(values={"A": 3}, pruned="I")):
        assert check_chance_values(answer, exercise).text.startswith("Cannot read that: ")


@pytest.mark.parametrize("checker, loose, strict", [
    (lambda a: check_leaf(a, EXERCISE_01), " j ", "J"),
    (lambda a: check_skipped(a, EXERCISE_02), [" i", "J ", "m"], ["I", "J", "M"]),
])
def test_names_are_read_with_spaces_and_case_ignored(checker, loose, strict):
    assert checker(loose).verdict is checker(strict).verdict is Verdict.RIGHT
