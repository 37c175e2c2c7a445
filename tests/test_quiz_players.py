"""The checkers of notebook 10's exercises: empty, invalid, wrong and right
answers, each common slip named, and no answer given away."""

import random
import re

import pytest

from gametree import Tree, backed_up_values, expected_values, trace_alpha_beta
from gametree.practice.chance import TOLERANCE
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_players import check_ghost_skipped, check_maxn_vector, check_node_value
from gametree.text import fmt
from gametree.vectors import maxn, vector_text

GHOSTS = ("MAX", "MIN", "MIN")
MIXED = ("MAX", "MIN", "CHANCE")
ROUND_ON = [[[[4, 7], [2, 9]], [[6, 3], [8, 5]]], [[[1, 3], [5, 2]], [[7, 6], [4, 8]]]]
MIXED_TREE = [[[4, 8], [10, 0]], [[2, 6], [9, 7]]]
SKIP_TREE = [[[5, 9, 6], [7, 4, 8]], [[3, 8, 2], [6, 1, 7]]]
FIGURE_5_4 = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
              [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
THREE = [[[(3, 1, 4), (6, 2, 2)], [(2, 5, 1), (5, 3, 3)]],
         [[(4, 4, 2), (1, 6, 5)], [(7, 2, 3), (2, 1, 6)]]]


def value_of(nested, players, name):
    tree = Tree.from_nested(nested, players=players)
    return expected_values(tree)[tree[name].id]


# --- check_node_value ------------------------------------------------------------------

@pytest.mark.parametrize("nested, players, name", [(ROUND_ON, GHOSTS, "B"), (ROUND_ON, GHOSTS, "A"),
                                                   (MIXED_TREE, MIXED, "A"), (SKIP_TREE, GHOSTS, "C")])
def test_a_node_value_checker_wants_the_value_the_cycle_gives(nested, players, name):
    right = value_of(nested, players, name)
    assert check_node_value(right, nested, players=players, node=name).verdict is Verdict.RIGHT
    assert check_node_value(right + 1, nested, players=players, node=name).verdict is Verdict.WRONG


def test_the_ghost_exercise_is_not_the_two_player_value():
    """The exercise's point: with two MIN levels the answer differs from
    the same leaves read as a two-player game."""
    tree = Tree.from_nested(ROUND_ON)
    assert value_of(ROUND_ON, GHOSTS, "B") != backed_up_values(tree)[tree["B"].id]


def test_a_node_value_is_compared_to_two_decimals_at_the_limit_and_past_it():
    right = value_of(ROUND_ON, GHOSTS, "B")
    assert check_node_value(right + TOLERANCE, ROUND_ON, players=GHOSTS, node="B").ok
    assert not check_node_value(right + 2 * TOLERANCE, ROUND_ON, players=GHOSTS, node="B").ok


def test_node_names_are_read_in_either_case_and_unknown_ones_are_refused():
    right = value_of(ROUND_ON, GHOSTS, "B")
    assert check_node_value(right, ROUND_ON, players=GHOSTS, node="b").ok
    with pytest.raises(ValueError, match="node 'ZZ' is not in the tree; its nodes are named A to AE"):
        check_node_value(right, ROUND_ON, players=GHOSTS, node="ZZ")


def test_an_empty_node_value_says_only_the_form():
    assert check_node_value(None, ROUND_ON, players=GHOSTS, node="B").text == (
        "Not answered yet: replace None with the value you worked out, a number such as 4.5, "
        "and run this cell again.")


@pytest.mark.parametrize("answer", ["6", True, float("nan"), [6], float("inf")])
def test_a_node_value_checker_reads_only_numbers(answer):
    feedback = check_node_value(answer, ROUND_ON, players=GHOSTS, node="B")
    assert feedback.verdict is Verdict.INVALID and "is not a number" in feedback.text


def slip_value(nested, players, name):
    tree = Tree.from_nested(nested, players=players) if players else Tree.from_nested(nested)
    return expected_values(tree)[tree[name].id]


@pytest.mark.parametrize("nested, players, slip, words", [
    (ROUND_ON, GHOSTS, None, "if the levels alternated MAX, MIN, MAX"),
    (ROUND_ON, GHOSTS, ("MAX", "CHANCE", "CHANCE"), "if the adversarial ghosts moved at random"),
    (MIXED_TREE, MIXED, ("MAX", "MIN", "MIN"), "if the random ghosts always chose the worst move"),
    (MIXED_TREE, MIXED, ("MAX", "CHANCE", "MIN"), "with the two kinds of ghost swapped"),
])
def test_a_wrong_node_value_that_a_slip_gives_names_the_slip(nested, players, slip, words):
    name = "B" if nested is ROUND_ON else "A"
    answer = slip_value(nested, slip, name)
    right = value_of(nested, players, name)
    assert answer != right
    feedback = check_node_value(answer, nested, players=players, node=name)
    assert feedback.verdict is Verdict.WRONG and words in feedback.text
    assert f" {right}." not in feedback.text and f" {right} " not in feedback.text


@pytest.mark.parametrize("answer, words", [
    (2, "is the smallest leaf under B, but not every level below B takes the smallest: where "
        "Pacman moves again"),
    (9, "is the largest leaf under B, but Pacman cannot count on reaching it"),
    (5, "not 5. Back the values up from the bottom level, one agent's level at a time: the levels "
        "go MAX (largest), MIN (smallest), MIN (smallest), then round again"),
])
def test_other_wrong_node_values_get_a_hint(answer, words):
    feedback = check_node_value(answer, ROUND_ON, players=GHOSTS, node="B")
    assert feedback.verdict is Verdict.WRONG and words in feedback.text
    assert "6" not in feedback.text  # B is worth 6


def test_the_smallest_leaf_under_random_ghosts_is_blamed_on_the_averaging():
    feedback = check_node_value(0, MIXED_TREE, players=MIXED)
    assert "a random ghost's level averages its children" in feedback.text


# --- check_ghost_skipped -----------------------------------------------------------------

def skipped_names(nested, players):
    trace = trace_alpha_beta(nested, players=players)
    return [trace.tree.leaves[i].name for i in trace.pruned_leaves]


def test_a_skipped_checker_wants_the_leaves_alpha_beta_prunes_in_any_order_or_case():
    names = skipped_names(SKIP_TREE, GHOSTS)
    assert names  # the exercise prunes
    assert check_ghost_skipped(names, SKIP_TREE, players=GHOSTS).ok
    assert check_ghost_skipped([n.lower() for n in reversed(names)], SKIP_TREE, players=GHOSTS).ok


def test_pruning_at_a_ghost_s_beta_is_named_as_the_two_min_level_slip():
    """Stopping E (ghost 2) when its first leaf, 7, is above the beta = 5
    ghost 1 handed down is the classic slip: L and M are read."""
    names = skipped_names(SKIP_TREE, GHOSTS)
    assert not {"L", "M"} & set(names)
    feedback = check_ghost_skipped(["L", "M", *names], SKIP_TREE, players=GHOSTS)
    assert feedback.verdict is Verdict.WRONG
    assert "alpha-beta evaluates leaf L" in feedback.text
    assert "B and E are both ghosts' (MIN) nodes" in feedback.text


def test_a_list_short_of_the_pruned_leaves_points_at_the_node_to_look_at():
    names = skipped_names(SKIP_TREE, GHOSTS)
    given: list[str]
    for given in ([], names[2:]):
        feedback = check_ghost_skipped(given, SKIP_TREE, players=GHOSTS)
        assert feedback.verdict is Verdict.WRONG and "look again at node" in feedback.text
        assert "alpha comes down from MAX through every ghost's level unchanged" in feedback.text
        assert not any(f" {name} " in feedback.text or f" {name}," in feedback.text
                       for name in set(names) - set(given))


@pytest.mark.parametrize("answer, verdict, words", [
    (None, Verdict.EMPTY, 'replace None with a list of leaf names, such as ["E", "F"]'),
    ("O", Verdict.INVALID, "is not a list of names"),
    (["Z"], Verdict.INVALID, "Z: no node has that name; the leaves are named H to S"),
    (["C"], Verdict.INVALID, "C is not a leaf"),
])
def test_a_skipped_checker_reads_only_lists_of_leaf_names(answer, verdict, words):
    feedback = check_ghost_skipped(answer, SKIP_TREE, players=GHOSTS)
    assert feedback.verdict is verdict and words in feedback.text


# --- check_maxn_vector -------------------------------------------------------------------

@pytest.mark.parametrize("tree", [FIGURE_5_4, THREE])
def test_a_maxn_checker_wants_the_root_vector_as_a_tuple_or_a_list(tree):
    right = maxn(tree)
    assert check_maxn_vector(right, tree).ok
    assert check_maxn_vector(list(right), tree).ok


def test_the_figure_s_root_is_the_book_s_and_its_tie_is_broken_to_the_left():
    assert maxn(FIGURE_5_4) == (1, 2, 6)
    feedback = check_maxn_vector((1, 5, 2), FIGURE_5_4)  # the right-hand child of the tie
    assert feedback.verdict is Verdict.WRONG and "with ties broken to the right" in feedback.text


@pytest.mark.parametrize("answer, words", [
    ((2, 5, 1), "if players 2 to 3 were all out to hurt player 1"),
    ((7, 2, 3), "if every player helped player 1"),
    ((3, 3, 3), "no leaf holds (3, 3, 3)"),
    ((6, 2, 2), "not (6, 2, 2)"),
])
def test_a_wrong_vector_names_its_slip_and_not_the_answer(answer, words):
    feedback = check_maxn_vector(answer, THREE)
    assert feedback.verdict is Verdict.WRONG and words in feedback.text
    assert "(5, 3, 3)" not in feedback.text


@pytest.mark.parametrize("answer, words", [
    ((5, 3), "that is 2 numbers; a vector here has 3"),
    ((5, 3, 3, 0), "that is 4 numbers"),
    ("(5, 3, 3)", "is not a vector"),
    ((5, "3", 3), "is not a number"),
    ((5, True, 3), "is not a number"),
])
def test_a_maxn_checker_reads_only_vectors_of_numbers(answer, words):
    feedback = check_maxn_vector(answer, THREE)
    assert feedback.verdict is Verdict.INVALID and words in feedback.text


def test_an_empty_vector_answer_says_only_the_form():
    assert check_maxn_vector(None, THREE).text == (
        "Not answered yet: replace None with a vector of 3 numbers in brackets, one per player, "
        "such as (1, 2, 3), and run this cell again.")


def test_the_skipped_checker_follows_the_cut_rule_it_is_given():
    """On a tie alpha = beta, AIMA's rule (alpha >= beta) cuts and CS188's
    (alpha > beta, strict) does not: the same answer is right under one."""
    ties = [[[3, 5], [4, 6]], [[3, 9], [7, 8]]]
    loose = skipped_names(ties, GHOSTS)
    strict = trace_alpha_beta(ties, players=GHOSTS, strict=True)
    assert loose and strict.pruned_leaves == []
    assert check_ghost_skipped(loose, ties, players=GHOSTS).ok
    assert check_ghost_skipped([], ties, players=GHOSTS, strict=True).ok
    feedback = check_ghost_skipped(loose, ties, players=GHOSTS, strict=True)
    assert feedback.verdict is Verdict.WRONG and "alpha > beta does not hold" in feedback.text


# --- no answer given away, on many trees -------------------------------------------------

def random_nested(rng, depth, leaf):
    """A seeded random tree of ``depth`` levels, 2 or 3 children a node, leaves from ``leaf()``."""
    if depth == 0:
        return leaf()
    return [random_nested(rng, depth - 1, leaf) for _ in range(rng.choice((2, 3)))]


def leaves_of(nested):
    return [nested] if isinstance(nested, tuple) else [leaf for kid in nested for leaf in leaves_of(kid)]


def shows(text, value):
    """Whether ``text`` shows the number ``value`` as a number of its own."""
    return re.search(rf"(?<![\d.]){re.escape(fmt(value))}(?![\d.])", text) is not None


@pytest.mark.parametrize("seed", range(20))
def test_a_wrong_node_value_never_shows_the_right_one(seed):
    rng = random.Random(seed)
    players = rng.choice([GHOSTS, MIXED, ("MAX", "MIN"), ("MAX", "CHANCE", "MIN", "MIN")])
    nested = random_nested(rng, 3, lambda: rng.randint(0, 9))
    right = value_of(nested, players, "A")
    assert check_node_value(right, nested, players=players).ok
    for answer in range(-1, 11):
        feedback = check_node_value(answer, nested, players=players)
        if abs(answer - right) > TOLERANCE:
            assert feedback.verdict is Verdict.WRONG and not shows(feedback.text, right), feedback.text


@pytest.mark.parametrize("seed", range(20))
def test_a_wrong_vector_never_shows_the_right_one(seed):
    rng = random.Random(seed)
    n = rng.choice((2, 3, 4))
    nested = random_nested(rng, 3, lambda: tuple(rng.randint(0, 5) for _ in range(n)))
    right = maxn(nested)
    assert check_maxn_vector(right, nested).ok
    for answer in set(leaves_of(nested)):
        if answer != right:
            feedback = check_maxn_vector(answer, nested)
            assert feedback.verdict is Verdict.WRONG
            assert vector_text(right) not in feedback.text.replace(vector_text(answer), ""), feedback.text
