"""Expectiminimax by hand: exercises on trees with chance nodes, and their checker.

A :class:`ChanceExercise` is a tree with chance nodes (made from a seed,
or given); the student writes the value of every internal node in an
:class:`~gametree.practice.Answer` (``values`` only: without bounds on the
leaves expectiminimax prunes nothing).  :func:`check_chance` names every
mistake the way :func:`gametree.practice.check` does, each slip once: a
value is wrong only when it is neither the true one nor the one that
follows from the student's own values of the children, and the sentence
shows the sum worked out with those, e.g.
``chance node C: 0.5 × 3 + 0.5 × 1 = 2, not 4.``

Values are compared to two decimals (a student writes 7.33 for 22/3).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..chance import ChanceTrace, expected_values, random_chance_tree, trace_expectiminimax
from ..checks import check_int
from ..i18n import gettext as _
from ..rules import CutRule
from ..text import fmt, join_names
from ..tree import CHANCE, MAX, MIN, Node, Tree, Value, as_tree
from .answer import Answer, Mistake, MistakeKind, internal_range, node_named

__all__ = ["ChanceExercise", "check_chance", "MAX_CHANCE_EXERCISE_LEAVES", "TOLERANCE", "TIMES"]

MAX_CHANCE_EXERCISE_LEAVES = 64
"""Largest random chance exercise: (2 × 2) ** 3 leaves, more than anyone
works out by hand."""

TOLERANCE = 0.005
"""How far a typed value may be from the exact one: half a hundredth, so a
value rounded to two decimals is right."""

TIMES = "\u00d7"


def _close(given: Value, exact: Value | None) -> bool:
    return exact is not None and abs(given - exact) <= TOLERANCE + 1e-12


@dataclass(frozen=True, eq=False)
class ChanceExercise:
    """One exercise: work out expectiminimax on a tree with chance nodes.

    Make one from a seed with :meth:`random`, or from a tree
    (nested lists, a chance node as ``(probability, subtree)`` pairs).
    Two exercises are equal when their trees and seeds are.

    Examples
    --------
    >>> exercise = ChanceExercise([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]])
    >>> exercise.solution().values["B"], exercise.trace.value
    (2, 2.0)
    >>> ChanceExercise.random(3) == ChanceExercise.random(3)
    True
    """

    tree: Tree
    """The tree to work out (nested lists are made into one)."""
    seed: int | None = None
    """The seed it was made from; None for an exercise made by hand."""
    task: str = field(default="chance", init=False)
    """Always "chance": what sheets and widgets read to tell it from an
    alpha-beta :class:`~gametree.practice.Exercise`."""

    def __post_init__(self):
        tree = as_tree(self.tree)
        if tree.depth < 1:
            raise ValueError("an exercise needs a tree of depth 1 or more, not a lone leaf")
        object.__setattr__(self, "tree", tree)
        if self.seed is not None:
            check_int(self.seed, "seed", low=0, example="42")

    @classmethod
    def random(cls, seed: int, depth: int = 2, *, branching: int = 2, outcomes: int = 2,
               probabilities: str = "decimal", low: int = 0, high: int = 10) -> ChanceExercise:
        """The exercise made from ``seed``: a tree of ``depth`` decision
        levels, each MAX or MIN node with ``branching`` children, each a
        chance node with ``outcomes`` outcomes (see
        :func:`gametree.random_chance_tree`), at most
        :data:`MAX_CHANCE_EXERCISE_LEAVES` leaves.  Tenths
        (``probabilities="decimal"``) are easy to multiply by hand.

        >>> ChanceExercise.random(3, 1).tree.to_nested()
        [[(0.4, 9), (0.6, 8)], [(0.3, 5), (0.7, 9)]]
        """
        seed = check_int(seed, "seed", low=0, example="42")
        depth = check_int(depth, "depth", low=1, example="2")
        branching = check_int(branching, "branching", low=1, example="2")
        outcomes = check_int(outcomes, "outcomes", low=1, example="2")
        leaves = (branching * outcomes) ** min(depth, 64)
        if leaves > MAX_CHANCE_EXERCISE_LEAVES:
            raise ValueError(f"branching {branching}, {outcomes} outcomes and depth {depth} make "
                             f"more than {MAX_CHANCE_EXERCISE_LEAVES} leaves; an exercise has at "
                             f"most {MAX_CHANCE_EXERCISE_LEAVES}, so lower one of them")
        tree = random_chance_tree(depth, seed, branching=branching, outcomes=outcomes,
                                  probabilities=probabilities, low=low, high=high)
        return cls(tree, seed=seed)

    # --- what follows from the exercise -----------------------------------------------

    @cached_property
    def values(self) -> list[Value]:
        """The exact value of every node, by id."""
        return expected_values(self.tree)

    @cached_property
    def trace(self) -> ChanceTrace:
        """Expectiminimax, recorded (it prunes nothing)."""
        return trace_expectiminimax(self.tree)

    @property
    def leaves(self) -> tuple[Value, ...]:
        """The leaf scores, left to right."""
        return tuple(self.tree.leaf_scores)

    @property
    def depth(self) -> int:
        """Edges from the root to the deepest leaf (chance levels count)."""
        return self.tree.depth

    @property
    def branching(self) -> int:
        """The most children any node has."""
        return max(len(node.children) for node in self.tree)

    @property
    def rule(self) -> CutRule:
        """No pruning happens; the rule of the decision nodes, for sheets."""
        return CutRule.TIES

    ask_bounds: tuple[str, ...] = ()
    ordering = "random"

    @property
    def text(self) -> str:
        """What to do, in one paragraph."""
        return _("Work out expectiminimax: write the value of every MAX, MIN and chance node. A MAX "
                 "node takes the largest value of its children, a MIN node the smallest, and a "
                 "chance node adds up probability × value over its children. Write values to two "
                 "decimals where they do not come out whole.")

    def solution(self) -> Answer:
        """The right answer: every internal node's value (exact; a float
        for a value that is a fraction)."""
        values = {n.name: _plain(self.values[n.id]) for n in self.tree if not n.is_leaf}
        return Answer(values=values)

    def check(self, answer: Answer) -> list[Mistake]:
        """``check_chance(self, answer)``."""
        return check_chance(self, answer)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChanceExercise):
            return NotImplemented
        return (self.tree, self.seed) == (other.tree, other.seed)

    def __hash__(self) -> int:
        return hash((repr(self.tree.to_nested()), self.seed))

    def __repr__(self) -> str:
        made = f", seed={self.seed}" if self.seed is not None else ""
        return f"ChanceExercise({self.tree.to_nested()!r}{made})"


def _plain(value: Any) -> float | int:
    """A value as an Answer holds it: an int or a float."""
    if isinstance(value, int) or (isinstance(value, float) and not value.is_integer()):
        return value
    as_float = float(value)
    return int(as_float) if as_float.is_integer() else as_float


def check_chance(exercise: ChanceExercise, answer: Answer) -> list[Mistake]:
    """Every mistake in ``answer`` to ``exercise``, in level order.

    An empty list means every value is right (to two decimals).  An answer
    with nothing filled in gets one :attr:`~MistakeKind.EMPTY` mistake and
    nothing else.  A crossed-out branch is a mistake: expectiminimax without
    bounds searches every node.

    Raises
    ------
    TypeError, ValueError
        For an answer that is not an Answer, names a node the tree does not
        have, gives a leaf a value, or gives alpha or beta (the exercise
        asks for none).

    Examples
    --------
    >>> exercise = ChanceExercise([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]])
    >>> answer = Answer(values={"A": 4, "B": 4, "C": 2, "D": 3, "E": 1, "F": 0, "G": 4})
    >>> for mistake in check_chance(exercise, answer):
    ...     print(mistake)
    B (wrong value): chance node B: 0.5 × 3 + 0.5 × 1 = 2, not 4 (a chance node adds up probability × value over its children).
    """
    if not isinstance(exercise, ChanceExercise):
        raise TypeError(f"check_chance needs a ChanceExercise, not {type(exercise).__name__}")
    if not isinstance(answer, Answer):
        raise TypeError(f"check needs an Answer such as Answer(values={{'B': 3}}), not "
                        f"{type(answer).__name__}")
    answer.raise_unreadable()
    tree = exercise.tree
    if answer.alphas or answer.betas:
        raise ValueError("this exercise asks for values only: expectiminimax without bounds has "
                         "no alpha or beta, so leave alphas and betas out")
    if not (answer.values or answer.pruned):
        return [Mistake(tree.root.name, MistakeKind.EMPTY, "answer",
                        _("Nothing is filled in yet: write the value of every MAX, MIN and chance "
                          "node, then check again."))]
    given = _given_values(tree, answer)
    crossed = sorted({node_named(tree, name, "pruned").id for name in answer.pruned})
    found = _value_mistakes(exercise, given)
    for node_id in crossed:
        if any(tree[node_id].parent == other for other in crossed):
            continue  # under another cross: marked once
        node = tree[node_id]
        found.append(Mistake(node.name, MistakeKind.OVER_PRUNED, "pruned",
                             _("{name} must be searched: expectiminimax without bounds on the "
                               "leaves prunes nothing, since an outcome not yet seen could be worth "
                               "anything.").format(name=node.name)))
    order = {node.name: node.id for node in tree}
    return sorted(found, key=lambda m: (order[m.node], m.field != "value"))


def _given_values(tree: Tree, answer: Answer) -> dict[int, Value]:
    """Node id -> the value written there, refusing a node the tree lacks
    and a value given to a leaf."""
    given: dict[int, Value] = {}
    for name, value in answer.values.items():
        node = node_named(tree, name, "values")
        if node.is_leaf:
            raise ValueError(f"values gives leaf {node.name} a number, but a leaf's score is "
                             f"given ({fmt(node.score)}); write values only for internal nodes "
                             f"({internal_range(tree)})")
        given[node.id] = value
    return given


def _value_mistakes(exercise: ChanceExercise, given: Mapping[int, Value]) -> list[Mistake]:
    """The blank or wrong values, in level order: a number is wrong when it
    is neither the true one nor the one that follows from the student's own
    values of the children."""
    tree = exercise.tree
    found: list[Mistake] = []
    resolved = _resolved(tree, given)
    for node in tree:
        if node.is_leaf:
            continue
        written = given.get(node.id)
        if written is None:
            found.append(Mistake(node.name, MistakeKind.WRONG_VALUE, "value",
                                 _("{node} has no value: expectiminimax searches every node, so "
                                   "write the value of {name}.").format(node=node.title,
                                                                        name=node.name)))
            continue
        follows = _follows(tree, node, resolved)
        if _close(written, exercise.values[node.id]) or _close(written, follows):
            continue
        found.append(Mistake(node.name, MistakeKind.WRONG_VALUE, "value",
                             _reason(tree, node, written, follows, resolved)))
    return found


def _resolved(tree: Tree, given: Mapping[int, Value]) -> list[Any]:
    """The value the student's work gives every node: a leaf's score, the
    value written, or (blank) what follows from its children."""
    values: list[Any] = [None] * len(tree)
    for node in reversed(tree.nodes):  # children first
        if node.is_leaf:
            values[node.id] = node.score
        elif node.id in given:
            values[node.id] = given[node.id]
        else:
            values[node.id] = _follows(tree, node, values)
    return values


def _follows(tree: Tree, node: Node, resolved: list[Any]) -> Any:
    """What ``node``'s value is by the rule, from its children's resolved values."""
    children = [resolved[c] for c in node.children]
    if node.player is MAX:
        return max(children)
    if node.player is MIN:
        return min(children)
    v: Any = 0
    for child, value in zip(node.children, children, strict=True):
        v = v + tree.probability_of(child) * value
    return v


def _reason(tree: Tree, node: Node, given: Value, follows: Any, resolved: list[Any]) -> str:
    children = [tree[c] for c in node.children]
    if node.player is CHANCE:
        terms = " + ".join(f"{fmt(c.probability)} {TIMES} {fmt(resolved[c.id])}" for c in children)
        return _("{node}: {terms} = {value}, not {given} (a chance node adds up probability × value "
                 "over its children).").format(node=node.title, terms=terms,
                                               value=fmt(_rounded(follows)), given=fmt(given))
    inputs = ", ".join(fmt(resolved[c.id]) for c in children)
    said = (_("{node} takes the largest value of its children ({children}): max({inputs}) = {value}, "
              "not {given}.") if node.player is MAX else
            _("{node} takes the smallest value of its children ({children}): min({inputs}) = "
              "{value}, not {given}."))
    return said.format(node=node.title, children=join_names(c.name for c in children),
                       inputs=inputs, value=fmt(follows), given=fmt(given))


def _rounded(value: Any) -> Any:
    """A sum for a sentence: floats without the noise of their last digits."""
    if isinstance(value, float):
        return round(value, 10) if not math.isinf(value) else value
    return value
