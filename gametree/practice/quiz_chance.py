"""Checkers for the exercises of notebook 09: chance nodes.

Each checker takes the student's answer (``None`` until they write one)
and the exercise's data, and returns a :class:`~gametree.practice.quiz.Feedback`
that the notebook shows as the cell's result.  Every checker keeps the
promises of :mod:`gametree.practice.quiz`:

* ``None`` gets only "Not answered yet" and the form an answer takes;
* an answer of the wrong form gets a sentence saying how to write it;
* a wrong answer gets a hint about where to look, never the right answer;
* the right answer is worked out here with the library, so this source,
  which a student may read before answering, holds no answers.

Numbers are compared to two decimals (:data:`~gametree.practice.chance.TOLERANCE`).

>>> check_chance_value(None, [[(0.5, 3), (0.5, 5)]])
Not answered yet: replace None with the value you worked out, a number such as 4.5, and run this cell again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import Any, cast

from ..chance import expected_values, trace_expectiminimax
from ..text import describe, fmt
from ..tree import CHANCE, MAX, MIN, Tree, Value, as_tree
from .chance import TOLERANCE, ChanceExercise, check_chance
from .quiz import (
    AnswerWords,
    Feedback,
    empty,
    invalid,
    judge_skips,
    marked_answer,
    read_items,
    right,
    wrong,
)

__all__ = ["check_chance_value", "check_chance_values", "check_order_preserving_change",
           "check_star1_skipped"]


CHANCE_ANSWER = AnswerWords(
    'an Answer(values={"A": ..., "B": ..., ...}) with a value for every MAX, MIN and chance node',
    'Answer(values={"A": 2.5, "B": ..., ...})',
    "write the value of every MAX, MIN and chance node")
"""How an answer to an expectiminimax exercise is written (:func:`check_chance_values`)."""


def is_number(x: object) -> bool:
    """Whether ``x`` is a finite real number a student may give (bool excluded)."""
    return isinstance(x, Real) and not isinstance(x, bool) and math.isfinite(x)


def close_enough(a: Value, b: Value) -> bool:
    """Whether a typed value ``a`` is the value ``b`` within :data:`TOLERANCE`
    (two decimals are enough)."""
    return abs(a - b) <= TOLERANCE + 1e-12


def read_value(answer: object) -> float | Feedback:
    """The number a student gave for a node's value, or the Feedback saying
    why it is none: nothing given yet, or not a plain finite number."""
    if answer is None:
        return empty("the value you worked out, a number such as 4.5")
    if not is_number(answer):
        return invalid(f"{describe(answer)} is not a number: write the value as a plain number, "
                       f"such as 4.5, without quotes.")
    return cast(float, answer)


def _values_if(tree: Tree, chance_rule) -> list[Any]:
    """Every node's value when a chance node is worked out by
    ``chance_rule(probabilities, values)`` instead of the weighted sum."""
    values: list[Any] = [None] * len(tree)
    for node in reversed(tree.nodes):
        kids = [values[c] for c in node.children]
        if node.is_leaf:
            values[node.id] = node.score
        elif node.player is MAX:
            values[node.id] = max(kids)
        elif node.player is MIN:
            values[node.id] = min(kids)
        else:
            values[node.id] = chance_rule([tree.probability_of(c) for c in node.children], kids)
    return values


def check_chance_value(answer: object, tree: object) -> Feedback:
    """Is ``answer`` the expectiminimax value of ``tree`` (to two decimals)?

    A wrong number that is what a common slip gives gets a hint about that
    slip: the dice treated as an opponent (a chance node taking the worst
    outcome), as a friend (the best), or all outcomes taken as equally
    likely.

    >>> tree = [[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, 4), (0.75, [2, 8])]]
    >>> print(check_chance_value(2, tree))
    Not yet: 2 is what you get if the dice were MAX's opponent, choosing the worst outcome for MAX at every chance node.
    A chance node is no player: it is worth the sum of probability × value over its outcomes.
    """
    tree = as_tree(tree)
    number = read_value(answer)
    if isinstance(number, Feedback):
        return number
    value = expected_values(tree)[0]
    if close_enough(number, value):
        return right(f"the root is worth {fmt(value)}.")
    slips = (
        (lambda p, v: min(v), f"{fmt(number)} is what you get if the dice were MAX's opponent, "
                              f"choosing the worst outcome for MAX at every chance node."),
        (lambda p, v: max(v), f"{fmt(number)} is what you get if the dice always fell MAX's way, "
                              f"choosing the best outcome at every chance node."),
        (lambda p, v: sum(v) / len(v), f"{fmt(number)} is what you get if every outcome were "
                                       f"equally likely: weight each by its probability."),
    )
    for rule, sentence in slips:
        if close_enough(number, _values_if(tree, rule)[0]):
            return wrong(sentence, "A chance node is no player: it is worth the sum of "
                                   "probability × value over its outcomes.")
    return wrong(f"not {fmt(number)}. Work from the bottom up: MIN nodes take the smallest value, "
                 f"MAX nodes the largest, and chance nodes add up probability × value over their "
                 f"outcomes.")


def check_chance_values(answer: object, exercise: ChanceExercise) -> Feedback:
    """Is ``answer`` (an :class:`~gametree.practice.Answer` with ``values``)
    expectiminimax on ``exercise`` done right by hand?

    Each mistake gets a hint naming the node to look at, never the number
    (:func:`gametree.practice.check` says more, when the student asks).

    >>> from gametree.practice import Answer
    >>> exercise = ChanceExercise([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]])
    >>> check_chance_values(None, exercise).verdict
    <Verdict.EMPTY: 'empty'>
    >>> print(check_chance_values(Answer(values={"A": 4, "B": 4, "C": 2, "D": 3, "E": 1, "F": 0, "G": 4}), exercise))
    Not yet: B: its value does not follow from its children's values (a chance node adds up probability × value over its outcomes).
    """
    if not isinstance(exercise, ChanceExercise):
        raise TypeError(f"check_chance_values needs a ChanceExercise, not {type(exercise).__name__}")
    if isinstance(marked := marked_answer(answer, check_chance, exercise, CHANCE_ANSWER), Feedback):
        return marked
    answer, mistakes = marked
    if not mistakes:
        return right(f"every value is as expectiminimax works it out; the root is worth "
                     f"{fmt(exercise.values[0])}.")
    tree = exercise.tree
    lines = []
    for mistake in mistakes:
        node = tree[mistake.node]
        if mistake.field == "pruned":
            lines.append(f"{node.name}: nothing is pruned here; without bounds every outcome "
                         f"counts.")
        elif node.name not in answer.values:
            lines.append(f"{node.name}: write its value.")
        elif node.player is CHANCE:
            lines.append(f"{node.name}: its value does not follow from its children's values (a "
                         f"chance node adds up probability × value over its outcomes).")
        else:
            pick = "largest" if node.player is MAX else "smallest"
            lines.append(f"{node.name}: its value does not follow from its children's values (a "
                         f"{node.player} node takes the {pick}).")
    return wrong(*lines)


def _root_choice(tree: Tree, values: Sequence[Any]) -> int:
    """The position, among the root's children, of the first best one."""
    pick = max if tree.root.player is MAX else min
    kids = [values[c] for c in tree.root.children]
    return kids.index(pick(kids))


def check_order_preserving_change(answer: object, tree: object) -> Feedback:
    """Is ``answer`` a list of new leaf values, in the same order as the
    leaves of ``tree`` (a larger leaf stays larger, equal ones stay equal),
    that makes the player at the root choose another move?  (AIMA 4e,
    section 5.5.1: with chance nodes, only a positive linear change of the
    values is safe.)  Any such list is right.

    >>> tree = [[(0.5, 2), (0.5, 3)], [(0.5, 1), (0.5, 4)]]
    >>> check_order_preserving_change([2, 3, 1, 4], tree).verdict
    <Verdict.WRONG: 'wrong'>
    >>> check_order_preserving_change([2, 3, 1, 40], tree).ok
    True
    """
    tree = as_tree(tree)
    count = tree.leaf_count
    answer = read_items(answer, count, is_number,
                        form=f"a list of {count} numbers, the new leaf scores from left to right",
                        kind="list", how=f"{count} numbers in square brackets",
                        length=f"give exactly {count}, one per leaf",
                        bad="is not a leaf score: write plain numbers such as 3 or 2.5")
    if isinstance(answer, Feedback):
        return answer
    old = tree.leaf_scores
    names = [leaf.name for leaf in tree.leaves]
    for i in range(count):
        for j in range(count):
            before = (old[i] > old[j]) - (old[i] < old[j])
            after = (answer[i] > answer[j]) - (answer[i] < answer[j])
            if before != after:
                word = {1: "larger than", 0: "equal to", -1: "smaller than"}[before]
                return wrong(f"leaf {names[i]} was {word} leaf {names[j]}, and is not any more: "
                             f"the change must keep the order of the leaves.")
    choice = _root_choice(tree, expected_values(tree))
    changed = Tree.unfold(0, lambda n: tree.child_ids(n) or None,
                          lambda n: answer[tree.leaf_index_of(n)],
                          player=tree.player_of, probability=tree.probability_of)
    new_choice = _root_choice(changed, expected_values(changed))
    if new_choice != choice:
        moves = [tree[c].name for c in tree.root.children]
        return right(f"with the same order of leaves, the best move changes from {moves[choice]} to "
                     f"{moves[new_choice]}: only a positive linear change of the values (a × v + b, "
                     f"a > 0) is sure to keep the choice.")
    return wrong("the best move at the root is still the same.",
                 "Keep the order but change the gaps: make one large leaf much larger, so that even "
                 "a small probability of reaching it outweighs the rest.")


def check_star1_skipped(answer: object, tree: object, bounds: tuple[Value, Value]) -> Feedback:
    """Does ``answer`` list exactly the leaves Star1 (with ``bounds``) never
    evaluates in ``tree``?  A list of leaf names, ``[]`` for none.  A wrong
    list gets a place to look, never the list.

    >>> tree = [[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]]
    >>> check_star1_skipped(["g"], tree, (0, 10)).ok
    True
    >>> print(check_star1_skipped([], tree, (0, 10)))
    Not yet: Star1 skips at least one leaf here: after each child of a chance node, work out the least and the most the node can still be worth.
    """
    trace = trace_expectiminimax(tree, bounds=bounds)
    tree = trace.tree
    named = f"the leaves are named {tree.leaves[0].name} to {tree.leaves[-1].name}"
    skips = judge_skips(answer, trace, "Star1", named=named, remind=False)
    if isinstance(skips, Feedback):
        return skips
    if not skips.given:  # naming a node here would give the answer away in two tries
        return wrong("Star1 skips at least one leaf here: after each child of a chance node, work "
                     "out the least and the most the node can still be worth.")
    lines = []
    if skips.extra:
        parent = tree[tree[skips.extra[0]].parent]
        lines.append(f"Star1 evaluates leaf {skips.extra[0]}: when the search reaches it, "
                     f"{parent.name} can still end up inside the window.")
    if skips.missing:
        parent = tree[tree[skips.missing[0]].parent]
        lines.append(f"Star1 skips more leaves than you list: look again at node {parent.name}, "
                     f"working out after each child the least and the most it can still be worth.")
    return wrong(*lines)
