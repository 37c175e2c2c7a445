"""The practice checker: its verdict on hand-made right and wrong answers
(each kind of mistake, each said once, where it was made), both cut rules,
seeded exercises, and the "reorder to prune the most" variant.

The fixed tree is the statement's [3, 12, 8, 2, 4, 6, 14, 5, 2] with
branching 3, worked out by hand:

            A (MAX) = 3
      B (MIN)=3   C (MIN)=2      D (MIN)=2
      E3 F12 G8   H2 | I4 J6     K14 L5 M2

B = min(3, 12, 8) = 3, so A's alpha becomes 3.  C sees H = 2 <= alpha = 3
and prunes I and J.  D sees 14, 5, 2 with no cutoff (beta falls to 2 only
at its last child).  When each returns: B has alpha -inf, beta 3; C has
alpha 3, beta 2; D has alpha 3, beta 2; A has alpha 3, beta +inf.
"""

import math
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.practice import (
    Answer,
    Exercise,
    Mistake,
    MistakeKind,
    check,
    check_reorder,
    parse_value,
)

STATEMENT = (3, 12, 8, 2, 4, 6, 14, 5, 2)
INF = math.inf


@pytest.fixture
def exercise():
    return Exercise(STATEMENT, 3, ask_bounds=("A", "B", "C", "D"))


def right(**changes):
    """The hand-worked answer (see the module docstring), with changes."""
    entries = {
        "values": {"A": 3, "B": 3, "C": 2, "D": 2},
        "pruned": {"I", "J"},
        "alphas": {"A": 3, "B": -INF, "C": 3, "D": 3},
        "betas": {"A": INF, "B": 3, "C": 2, "D": 2},
    }
    for field, change in changes.items():
        if isinstance(change, dict):
            entries[field] = {**entries[field], **change}
            entries[field] = {k: v for k, v in entries[field].items() if v is not None}
        else:
            entries[field] = change
    return Answer(**entries)


def found(mistakes):
    return [(m.node, m.kind, m.field) for m in mistakes]


# --- right answers ------------------------------------------------------------------


def test_the_hand_worked_answer_has_no_mistakes(exercise):
    assert check(exercise, right()) == []


def test_the_solution_is_the_hand_worked_answer(exercise):
    assert exercise.solution() == right()


# [[[1, 2], [3, 4]], [[0, 1], [9, 9]]]: D = max(1, 2) = 2 gives B beta 2; E sees
# J = 3 >= 2 and prunes K; A's alpha is B = 2; C's first child F = max(0, 1) = 1
# <= 2 prunes G, with its leaves N and O.
DEEP = (1, 2, 3, 4, 0, 1, 9, 9)


def test_crossing_out_a_subtree_equals_crossing_out_its_leaves():
    exercise = Exercise(DEEP, 2)
    solution = exercise.solution()
    assert solution.pruned == {"G", "K"}
    by_leaves = Answer(values=dict(solution.values), pruned={"K", "N", "O"})
    assert check(exercise, solution) == [] and check(exercise, by_leaves) == []


def test_a_value_may_be_written_as_a_bound(exercise):
    assert parse_value("<= 2", "C's value") == 2 == parse_value("\u2264 2", "C's value")
    assert check(exercise, right(values={"C": parse_value("<=2", "C's value")})) == []


# --- wrong values -----------------------------------------------------------------


def test_a_value_that_does_not_follow_from_its_children(exercise):
    mistakes = check(exercise, right(values={"B": 12}))
    assert found(mistakes) == [("B", MistakeKind.WRONG_VALUE, "value")]
    assert "MIN node B takes the smallest value" in mistakes[0].explanation
    assert "min(3, 12, 8) = 3, not 12" in mistakes[0].explanation


def test_a_slip_is_marked_once_where_it_was_made(exercise):
    # B = 2 is wrong; A = max(2, 2, 2) = 2 and C's alpha = 2 follow correctly from it.
    answer = right(values={"B": 2, "A": 2}, alphas={"A": 2, "C": 2, "D": 2})
    assert found(check(exercise, answer)) == [("B", MistakeKind.WRONG_VALUE, "value")]


def test_the_true_value_is_accepted_even_if_it_does_not_follow(exercise):
    # B wrongly 2, but A written as the true 3: A is right, only B is marked.
    assert found(check(exercise, right(values={"B": 2}))) == [("B", MistakeKind.WRONG_VALUE, "value")]


def test_a_value_from_the_children_the_student_searched(exercise):
    # Crossing out L and M wrongly, D = 14 follows from the only child left (K).
    mistakes = check(exercise, right(values={"D": 14}, pruned={"I", "J", "L", "M"},
                                     betas={"D": 14}))
    assert found(mistakes) == [("L", MistakeKind.OVER_PRUNED, "pruned"),
                               ("M", MistakeKind.OVER_PRUNED, "pruned")]
    mistakes = check(exercise, right(values={"D": 5}, pruned={"I", "J", "L", "M"}))
    assert ("D", MistakeKind.WRONG_VALUE, "value") in found(mistakes)
    assert "the children you searched (K)" in mistakes[0].explanation


def test_a_blank_value_at_a_searched_node(exercise):
    mistakes = check(exercise, right(values={"C": None}))
    assert found(mistakes) == [("C", MistakeKind.WRONG_VALUE, "value")]
    assert "has no value" in mistakes[0].explanation


def test_no_value_is_asked_inside_a_pruned_branch():
    exercise = Exercise(DEEP, 2)  # G is pruned
    answer = exercise.solution()
    assert "G" not in answer.values and check(exercise, answer) == []


# --- wrong bounds -----------------------------------------------------------------


@pytest.mark.parametrize("change, node, field, words", [
    ({"alphas": {"C": 2}}, "C", "alpha", "A MIN node never changes alpha: C keeps the alpha it was given, 3"),
    ({"betas": {"C": 3}}, "C", "beta", "beta ends as min(the beta C was given, its value) = min(+∞, 2) = 2"),
    ({"betas": {"A": 3}}, "A", "beta", "A MAX node never changes beta: A keeps the beta it was given, +∞"),
    ({"alphas": {"A": -INF}}, "A", "alpha", "alpha ends as max(the alpha A was given, its value) = max(−∞, 3) = 3"),
    ({"alphas": {"D": None}}, "D", "alpha", "MIN node D has no alpha"),
])
def test_wrong_and_blank_bounds(exercise, change, node, field, words):
    mistakes = check(exercise, right(**change))
    assert found(mistakes) == [(node, MistakeKind.WRONG_BOUND, field)]
    assert words in mistakes[0].explanation


def test_bounds_not_asked_may_be_left_blank_but_are_checked_if_given():
    exercise = Exercise(STATEMENT, 3, ask_bounds=("C",))
    assert check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"},
                                  alphas={"C": 3}, betas={"C": 2})) == []
    mistakes = check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"},
                                      alphas={"C": 3, "B": 3}, betas={"C": 2}))
    assert found(mistakes) == [("B", MistakeKind.WRONG_BOUND, "alpha")]


def test_a_bound_that_follows_from_a_wrong_value_is_not_marked_again(exercise):
    # B = 4 is wrong (min is 3); C is then given alpha 4 by the student's numbers.
    assert found(check(exercise, right(values={"B": 4}, alphas={"C": 4}))) == \
        [("B", MistakeKind.WRONG_VALUE, "value")]


# --- pruning ------------------------------------------------------------------------


def test_missed_cutoff(exercise):
    mistakes = check(exercise, right(pruned=set()))
    assert found(mistakes) == [("I", MistakeKind.MISSED_CUTOFF, "pruned"),
                               ("J", MistakeKind.MISSED_CUTOFF, "pruned")]
    assert ("at MIN node C, after H returned, alpha = 3 >= beta = 2, so C's remaining children "
            "are pruned") in mistakes[0].explanation


def test_half_a_cutoff_is_still_missed(exercise):
    assert found(check(exercise, right(pruned={"I"}))) == [("J", MistakeKind.MISSED_CUTOFF, "pruned")]


def test_over_pruning_is_caught(exercise):
    mistakes = check(exercise, right(pruned={"I", "J", "M"}))
    assert found(mistakes) == [("M", MistakeKind.OVER_PRUNED, "pruned")]
    assert ("after L, MIN node D has alpha = 3 and beta = 5, and alpha = 3 is not >= beta = 5, "
            "so there is no cutoff yet") in mistakes[0].explanation


def test_a_first_child_and_the_root_are_always_searched(exercise):
    mistakes = check(exercise, right(pruned={"I", "J", "E"}))
    assert found(mistakes) == [("E", MistakeKind.OVER_PRUNED, "pruned")]
    assert "first child" in mistakes[0].explanation
    assert found(check(exercise, right(pruned={"A"}))) == [("A", MistakeKind.OVER_PRUNED, "pruned")]


def test_crossing_out_a_searched_subtree_is_one_mistake():
    exercise = Exercise(DEEP, 2)  # C is searched (only G under it is pruned)
    values = {"A": 2, "B": 2, "C": 1, "D": 2, "E": 3, "F": 1}
    assert check(exercise, Answer(values=values, pruned={"G", "K"})) == []
    mistakes = check(exercise, Answer(values=values, pruned={"C", "K"}))
    assert found(mistakes) == [("C", MistakeKind.OVER_PRUNED, "pruned")]


# --- the two cut rules ----------------------------------------------------------------

TIE = (3, 12, 8, 3, 4, 6, 14, 5, 2)  # C's first leaf ties alpha = 3


def test_the_statements_rule_cuts_on_a_tie():
    exercise = Exercise(TIE, 3)
    answer = Answer(values={"A": 3, "B": 3, "C": 3, "D": 2}, pruned={"I", "J"})
    assert check(exercise, answer) == []


def test_the_strict_rule_searches_on_a_tie():
    exercise = Exercise(TIE, 3, strict=True)
    right_answer = Answer(values={"A": 3, "B": 3, "C": 3, "D": 2})  # min(3, 4, 6) = 3, no cut
    assert check(exercise, right_answer) == []
    mistakes = check(exercise, Answer(values={"A": 3, "B": 3, "C": 3, "D": 2}, pruned={"I", "J"}))
    assert found(mistakes) == [("I", MistakeKind.OVER_PRUNED, "pruned"),
                               ("J", MistakeKind.OVER_PRUNED, "pruned")]
    # The strict rule's words: never "3 <= 3", where <= would signal a cut.
    assert "alpha = 3 is not > beta = 3, so there is no cutoff yet" in mistakes[0].explanation
    assert "<=" not in mistakes[0].explanation


def test_the_strict_rule_is_named_in_a_missed_cutoff():
    exercise = Exercise(STATEMENT, 3, strict=True)  # H = 2 < alpha = 3 cuts under either rule
    mistakes = check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}))
    assert "alpha = 3 > beta = 2" in mistakes[0].explanation


# --- bad input ----------------------------------------------------------------------


def test_unknown_nodes_and_leaves_are_refused_with_a_sentence(exercise):
    with pytest.raises(ValueError, match="names 'Z', but this tree's nodes are named A to M"):
        check(exercise, Answer(values={"Z": 3}))
    with pytest.raises(ValueError, match="leaf E a number, but a leaf's score is given"):
        check(exercise, Answer(values={"E": 3}))
    with pytest.raises(TypeError, match="write a number such as 3"):
        check(exercise, Answer(values={"B": "3"}))
    with pytest.raises(TypeError, match="set of node names"):
        check(exercise, Answer(pruned="IJ"))
    with pytest.raises(TypeError, match="needs an Answer"):
        check(exercise, {"A": 3})


@pytest.mark.parametrize("text, value", [("3", 3), (" -2 ", -2), ("2.5", 2.5), ("-inf", -INF),
                                         ("+\u221e", INF), ("\u22122", -2), ("", None)])
def test_typed_values(text, value):
    assert parse_value(text, "B's value") == value


@pytest.mark.parametrize("text", ["l2", "3,5", "nan", "two"])
def test_typos_name_the_box(text):
    with pytest.raises(ValueError, match=f"B's value is {text!r}, which is not a number"):
        parse_value(text, "B's value")


def test_answers_and_mistakes_are_immutable(exercise):
    answer = right()
    with pytest.raises(AttributeError):
        answer.values = {}
    with pytest.raises(TypeError):
        answer.values["A"] = 4
    mistake = check(exercise, right(values={"B": 12}))[0]
    assert isinstance(mistake, Mistake)
    with pytest.raises(AttributeError):
        mistake.node = "C"


# --- seeded exercises -----------------------------------------------------------------


def test_the_same_seed_gives_the_same_exercise():
    assert Exercise.random(42, 3, 3) == Exercise.random(42, 3, 3)
    assert Exercise.random(42, 3, 3) != Exercise.random(43, 3, 3)
    # The leaves are random_leaves' for that seed: the same on every machine.
    assert Exercise.random(42, 3, 3).leaves == tuple(gametree.random_leaves(3, 3, 42))


def test_the_seed_fixes_where_bounds_are_asked_in_every_process():
    code = ("from gametree.practice import Exercise; "
            "print(Exercise.random(42, 3, 3, bounds='some').ask_bounds)")
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")}
    assert runs == {repr(Exercise.random(42, 3, 3, bounds="some").ask_bounds) + "\n"}


def test_bounds_options():
    assert Exercise.random(5, 2, 3, bounds="none").ask_bounds == ()
    assert Exercise.random(5, 2, 3, bounds="all").ask_bounds == tuple("ABCDEFG")
    some = Exercise.random(5, 2, 3, bounds="some").ask_bounds
    assert len(some) == round(7 / 3) and set(some) <= set("ABCDEFG")


def test_given_move_orderings():
    leaves = gametree.random_leaves(3, 3, 9, high=99, distinct=True)
    best = Exercise.random(9, 3, 3, ordering="best", high=99)
    worst = Exercise.random(9, 3, 3, ordering="worst", high=99)
    assert list(best.leaves) == gametree.best_order(gametree.random_leaves(3, 3, 9, high=99), 3)
    assert sorted(best.leaves) == sorted(worst.leaves)
    distinct = Exercise(tuple(gametree.best_order(leaves, 3)), 3)
    assert distinct.trace.evaluated == gametree.knuth_moore_minimum(3, 3) == distinct.minimum
    assert worst.trace.evaluated >= best.trace.evaluated


@pytest.mark.parametrize("options, message", [
    ({"seed": -1}, "seed must be 0 or more"),
    ({"seed": 1, "branching": 3, "depth": 6}, "729 leaves; an exercise has at most 243"),
    ({"seed": 1, "ordering": "sorted"}, "ordering must be one of"),
    ({"seed": 1, "bounds": "most"}, "bounds must be one of"),
    ({"seed": 1, "depth": 0}, "depth must be 1 or more, not 0"),
])
def test_bad_options_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        Exercise.random(**options)


def test_the_task_text_names_the_rule_and_the_asked_nodes():
    text = Exercise(STATEMENT, 3, strict=True, ask_bounds=("C", "B")).text
    assert "cutting when alpha > beta" in text and "At B and C, also write alpha and beta" in text


# --- properties on random trees ---------------------------------------------------------

shapes = st.sampled_from([(2, 1), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (4, 2)])


def normalized(exercise, answer):
    """What an answer says, reduced to what is judged: the pruned leaves, and
    the values and bounds at the nodes alpha-beta searches."""
    tree = exercise.tree
    marked = set()
    for node in tree:
        if node.name in answer.pruned or (node.parent is not None and node.parent in marked):
            marked.add(node.id)
    searched = {n.name for n in tree if not n.is_leaf
                and exercise.trace.state(-1).status[n.id] is gametree.Status.DONE}
    return ({n.name for n in tree.leaves if n.id in marked},
            {k: v for k, v in answer.values.items() if k in searched},
            {k: v for k, v in answer.alphas.items() if k in searched},
            {k: v for k, v in answer.betas.items() if k in searched})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), shape=shapes, strict=st.booleans(), data=st.data())
def test_every_single_slip_is_caught_where_it_was_made(seed, shape, strict, data):
    """Change one box or mark of the solution: the checker finds a mistake
    exactly when the answer now says something different, at that node."""
    exercise = Exercise.random(seed, *shape, strict=strict, bounds="all")
    solution = exercise.solution()
    internal = [n.name for n in exercise.tree if not n.is_leaf]
    others = [n.name for n in exercise.tree][1:]
    kind = data.draw(st.sampled_from(["values", "alphas", "betas", "pruned"]))
    if kind == "pruned":
        name = data.draw(st.sampled_from(others))
        answer = Answer(values=dict(solution.values), pruned=solution.pruned ^ {name},
                        alphas=dict(solution.alphas), betas=dict(solution.betas))
    else:
        name = data.draw(st.sampled_from(internal))
        entries = dict(getattr(solution, kind))
        entries[name] = data.draw(st.sampled_from([None, -1, 21, 7.5, -INF, INF]))
        answer = Answer(**{**{f: dict(getattr(solution, f)) for f in ("values", "alphas", "betas")},
                           "pruned": solution.pruned, kind: entries})
    mistakes = check(exercise, answer)
    changed = normalized(exercise, answer) != normalized(exercise, solution)
    assert bool(mistakes) == changed
    if mistakes and kind != "pruned":
        assert {m.node for m in mistakes} == {name}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), shape=shapes, strict=st.booleans(), data=st.data())
def test_no_mistakes_means_the_right_answer(seed, shape, strict, data):
    """Scramble several boxes at once: whenever the checker finds nothing
    wrong, the answer says exactly what the solution says."""
    exercise = Exercise.random(seed, *shape, strict=strict, bounds="all", high=4)
    solution = exercise.solution()
    names = [n.name for n in exercise.tree]
    internal = [n.name for n in exercise.tree if not n.is_leaf]
    numbers = st.sampled_from([None, 0, 1, 2, 3, 4, -INF, INF])
    fields = {f: dict(getattr(solution, f)) for f in ("values", "alphas", "betas")}
    for field in fields:
        for name in data.draw(st.lists(st.sampled_from(internal), max_size=3)):
            fields[field][name] = data.draw(numbers)
    flips = set(data.draw(st.lists(st.sampled_from(names), max_size=2)))
    answer = Answer(**fields, pruned=solution.pruned ^ flips)
    if check(exercise, answer) == []:
        assert normalized(exercise, answer) == normalized(exercise, solution)


# --- reorder to prune the most ------------------------------------------------------------

DISTINCT = (3, 12, 8, 2, 4, 6, 14, 5, 1)


@pytest.fixture
def reorder():
    return Exercise(DISTINCT, 3, task="reorder")


def test_best_first_reaches_the_knuth_moore_minimum(reorder):
    # Best first: B = min(3, 8, 12) first for A, then C = min(2, 4, 6), D = min(1, 5, 14).
    verdict = check_reorder(reorder, [3, 8, 12, 2, 4, 6, 1, 5, 14])
    assert verdict.is_reordering and verdict.solved
    assert verdict.evaluated == 5 == gametree.knuth_moore_minimum(3, 2)
    assert verdict.original == gametree.alpha_beta(list(DISTINCT), 3)[1] == 7
    assert verdict.mistakes == ()


def test_a_reordering_that_prunes_less_gets_hints_that_are_true(reorder):
    mine = [12, 8, 3, 6, 4, 2, 14, 5, 1]  # every MIN node's smallest child last
    verdict = check_reorder(reorder, mine)
    assert verdict.is_reordering and not verdict.solved
    assert verdict.evaluated == gametree.alpha_beta(mine, 3)[1] > verdict.minimum
    assert verdict.mistakes and all(m.kind is MistakeKind.NOT_BEST_FIRST for m in verdict.mistakes)
    for hint in verdict.mistakes:  # the hint's promise, checked by re-searching
        node = verdict.tree[hint.node]
        block = [verdict.tree.leaf_index_of(c) for c in node.children]
        improved = list(mine)
        improved[block[0]:block[-1] + 1] = sorted(mine[block[0]:block[-1] + 1])  # MIN: smallest first
        saved = int(hint.explanation.split("saves ")[1].split()[0])
        assert gametree.alpha_beta(improved, 3)[1] == verdict.evaluated - saved


@pytest.mark.parametrize("mine, node, words", [
    ([3, 12, 8, 2, 4, 6, 14, 5, 9], "M", "leaf M scores 9 where the original has 1"),
    ([3, 8, 12, 2, 4, 5, 1, 6, 14], "C", "C holds the leaves 2, 4, 5, but no child of A"),
    ([[3, 8, 12], [2, 4, 6], [1, [5, 14]]], "D", "keep the tree's shape"),
])
def test_not_a_reordering(reorder, mine, node, words):
    verdict = check_reorder(reorder, mine)
    assert not verdict.is_reordering and verdict.evaluated is None
    (mistake,) = verdict.mistakes
    assert (mistake.node, mistake.kind) == (node, MistakeKind.NOT_A_REORDERING)
    assert words in mistake.explanation and words in verdict.message


def test_reordering_accepts_nested_lists_and_trees(reorder):
    nested = [[3, 8, 12], [2, 4, 6], [1, 5, 14]]
    assert check_reorder(reorder, nested).solved
    assert check_reorder(reorder, gametree.Tree.from_nested(nested)).solved
    with pytest.raises(ValueError, match="power of 3"):
        check_reorder(reorder, [3, 8, 12, 2])


# --- empty and partial answers -------------------------------------------------------------


@pytest.mark.parametrize("empty", [Answer(), Answer(values={"B": None}, pruned=set())])
def test_an_empty_answer_gets_only_empty_feedback(exercise, empty):
    """Nothing filled in: one 'empty' note, and nothing about the solution
    (no pruned leaf, no value) in it."""
    (mistake,) = check(exercise, empty)
    assert (mistake.node, mistake.kind, mistake.field) == ("A", MistakeKind.EMPTY, "answer")
    solution = exercise.solution()
    for name in solution.pruned | set(solution.values):
        assert f" {name} " not in f" {mistake.explanation} "
    assert "3" not in mistake.explanation and "2" not in mistake.explanation


def test_a_partial_answer_still_gets_every_mistake(exercise):
    # Only B's value written: every other searched node's value is missing,
    # the asked bounds are blank and the cutoff at C is missed.
    mistakes = check(exercise, Answer(values={"B": 3}))
    kinds = {(m.node, m.kind) for m in mistakes}
    assert {("A", MistakeKind.WRONG_VALUE), ("C", MistakeKind.WRONG_VALUE),
            ("D", MistakeKind.WRONG_VALUE), ("I", MistakeKind.MISSED_CUTOFF),
            ("J", MistakeKind.MISSED_CUTOFF), ("B", MistakeKind.WRONG_BOUND)} <= kinds
    assert MistakeKind.EMPTY not in {m.kind for m in mistakes}
    only_pruned = check(exercise, Answer(pruned={"I", "J"}))  # marks alone are an answer too
    assert {m.kind for m in only_pruned} == {MistakeKind.WRONG_VALUE, MistakeKind.WRONG_BOUND}


@pytest.mark.parametrize("text, character", [("1_000", r"'_' \(an underscore\)"),
                                             ("\uff13", "FULLWIDTH DIGIT THREE"),
                                             ("\u0663", "ARABIC-INDIC DIGIT THREE")])
def test_typed_values_take_plain_digits_only_and_name_the_character(text, character):
    with pytest.raises(ValueError, match=f"B's value, '{text}', has .*{character}.* in it"):
        parse_value(text, "B's value")


def test_a_float_depth_is_a_type_error_in_every_layer():
    with pytest.raises(TypeError, match="depth must be a whole number such as 3, not 2.0"):
        gametree.random_leaves(2, 2.0, seed=1)
    with pytest.raises(TypeError, match="depth must be a whole number such as 3, not 2.0"):
        Exercise.random(1, 2, 2.0)
    from gametree.practice.sheets import sheet_exercises

    with pytest.raises(TypeError, match="depth must be a whole number such as 3, not 2.0"):
        sheet_exercises(1, 1, 2, 2.0)


def test_the_exercise_rule_is_a_cut_rule():
    from gametree.rules import CutRule

    assert Exercise(STATEMENT, 3).rule is CutRule.TIES
    assert Exercise(STATEMENT, 3, strict=True).rule is CutRule.STRICT
    with pytest.raises(TypeError, match="strict must be True or False"):
        Exercise(STATEMENT, 3, strict="no")
