"""Bad input gets a TypeError or ValueError that names the problem and the fix."""

import math

import pytest

import gametree
from gametree import alpha_beta, minimax, trace_alpha_beta

SOLVERS = [alpha_beta, minimax, trace_alpha_beta]


@pytest.mark.parametrize("solve", SOLVERS)
@pytest.mark.parametrize(
    "leaves, branching, error, words",
    [
        ([], 2, ValueError, "empty"),
        ([1, 2, 3], 2, ValueError, "power of 2, such as 2 or 4"),
        (list(range(10)), 3, ValueError, "such as 9 or 27"),
        ([1, 2, 3, 4], 1, ValueError, "at least 2"),
        ([1, 2, 3, 4], 0, ValueError, "at least 2"),
        ([1, 2, 3, 4], 2.0, TypeError, "whole number"),
        ([1, 2, 3, 4], "2", TypeError, "whole number"),
        ([1, 2, 3, 4], True, TypeError, "whole number"),
        ([1, "2", 3, 4], 2, TypeError, "2nd leaf score"),
        ([1, 2, None, 4], 2, TypeError, "3rd leaf score"),
        ([1, 2, 3, True], 2, TypeError, "4th leaf score"),
        ([1, 2, math.nan, 4], 2, ValueError, "3rd leaf score"),
        ([1.0, 2.0, 3.0, math.inf], 2, ValueError, "finite"),
        ("3 12 8", 3, TypeError, "list of leaf scores"),
        (3, 3, TypeError, "list of leaf scores"),
        ({1, 2, 3, 4}, 2, TypeError, "list of leaf scores"),
    ],
)
def test_bad_input_is_refused_with_a_helpful_message(solve, leaves, branching, error, words):
    with pytest.raises(error, match=words):
        solve(leaves, branching)


def test_wrong_leaf_count_message_says_how_to_fix_it():
    with pytest.raises(ValueError) as info:
        alpha_beta([3, 12, 8, 2, 4, 6, 14, 5], 3)
    message = str(info.value)
    assert "8 leaves" in message and "3 or 9" in message and "add or remove leaves" in message


def test_count_check_is_logarithmic_in_the_count():
    # A count near 3**40 is answered by 40 multiplications, not a search.
    with pytest.raises(ValueError, match="power of 3"):
        gametree.checks.complete_depth(3**40 + 1, 3)
    assert gametree.checks.complete_depth(3**40, 3) == 40


def test_tuples_ranges_and_numpy_like_sequences_are_accepted():
    assert alpha_beta((3, 12, 8, 2, 4, 6, 14, 5, 2), 3) == [3, 7]
    assert alpha_beta(range(4), 2) == [2, 4]


def test_fractions_are_real_numbers():
    from fractions import Fraction

    assert minimax([Fraction(1, 2), Fraction(1, 3), 0, 1], 2) == Fraction(1, 3)


@pytest.mark.parametrize(
    "nested, error, words",
    [
        ([[1, 2], []], ValueError, r"position \[1\] is empty"),
        ([[1, "x"], [2]], TypeError, r"position \[0, 1\]"),
        ([], ValueError, "the root is empty"),
        ("[[1, 2]]", TypeError, "parse_tree"),
        ([1, 2, 3, 4], ValueError, "needs a branching factor"),
    ],
)
def test_bad_nested_trees(nested, error, words):
    with pytest.raises(error, match=words):
        minimax(nested)


def test_too_deep_nesting_is_refused_not_a_recursion_error():
    nested = 1
    for _ in range(gametree.tree.MAX_DEPTH + 5):
        nested = [nested, 0]
    with pytest.raises(ValueError, match="deeper than"):
        minimax(nested)


def test_strict_must_be_a_bool():
    with pytest.raises(TypeError, match="True or False"):
        trace_alpha_beta([1, 2, 3, 4], 2, strict="yes")


def test_an_alpha_beta_exercise_refuses_a_tree_with_chance_nodes():
    """A chance node is no MIN node: the exercise is refused with a sentence
    naming the exercise that fits, and that one's key is expectiminimax's."""
    from gametree.practice import Exercise
    from gametree.practice.chance import ChanceExercise

    nested = [[(0.5, 2), (0.5, 6)], [3, 3]]  # B = 0.5 × 2 + 0.5 × 6 = 4, C = 3: A = 4
    with pytest.raises(ValueError, match=r"chance nodes.*ChanceExercise\(tree\)"):
        Exercise.from_nested(nested)
    assert ChanceExercise(nested).solution().values["A"] == pytest.approx(4.0)
