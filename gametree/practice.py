"""Practice alpha-beta by hand: seeded exercises and a checker that says why.

An :class:`Exercise` is a complete tree made from a seed (the same seed
gives the same tree on every machine), the cut rule, and the nodes where
alpha and beta are asked.  The student's work is an :class:`Answer`: the
value of each node, alpha and beta where asked, and the branches crossed
out.  :func:`check` returns one :class:`Mistake` per wrong box or mark,
each with a sentence in textbook words.

What the student writes, and how it is judged
---------------------------------------------
* **Values.**  At every internal node alpha-beta searches, the value it
  returns: v when the node finishes.  At a node that was cut off this is
  the best of the children searched, a bound, not necessarily the
  minimax value.  Nodes inside pruned branches get no value.
* **alpha and beta** (where asked): the node's alpha and beta when it
  returns.  A MAX node ends with alpha = max(the alpha it was given, its
  value) and keeps the beta it was given; a MIN node ends with
  beta = min(the beta it was given, its value) and keeps its alpha.
* **Pruned branches.**  Cross out a leaf, or the edge into a node (which
  prunes everything under it).  Crossing out all the leaves of a subtree
  is the same as crossing out the edge into it.

A number is marked wrong only when it is *neither* the true one *nor* the
one that follows from the student's own entries (their values below it,
their crossed-out branches, for alpha and beta their values above and
before it).  So a slip is marked once, where it was made, and numbers
that correctly carry it forward are not marked again.  Crossed-out
branches are compared with the real search: a branch alpha-beta prunes
but the student searched is a :attr:`~MistakeKind.MISSED_CUTOFF`, a branch
the student crossed out that alpha-beta searches is
:attr:`~MistakeKind.OVER_PRUNED`.  With no mistakes, every box holds the
true answer (the tests check this on random trees).

The "reorder" variant asks for the children's order that lets alpha-beta
prune the most; :func:`check_reorder` checks that the student only
reordered children and compares the leaves evaluated with the
Knuth-Moore minimum.

This module is pure: no matplotlib, no ipywidgets.  The widget is
:mod:`gametree.practice_widget`, printed sheets :mod:`gametree.sheets`.
"""

from __future__ import annotations

import enum
import math
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import NamedTuple

from .checks import check_branching, check_leaves, complete_depth
from .generate import best_order, knuth_moore_minimum, random_leaves, worst_order
from .search import backed_up_values
from .trace import Status, StepKind, Trace, fmt, trace_alpha_beta
from .tree import MAX, Node, Tree, Value, as_tree, node_name

__all__ = ["Exercise", "Answer", "Mistake", "MistakeKind", "ReorderVerdict", "check",
           "check_reorder", "parse_value", "ORDERINGS", "BOUNDS", "TASKS", "MAX_EXERCISE_LEAVES"]

NodeName = str
"""A node's name as drawn: A, B, C, ... in level order."""

ORDERINGS = ("random", "best", "worst")
"""How a random exercise orders each node's children: as drawn at random,
best first (alpha-beta prunes the most) or worst first (the least)."""

BOUNDS = ("none", "some", "all")
"""Where a random exercise asks for alpha and beta: nowhere, at about a
third of the internal nodes (chosen by the seed), or at every one."""

TASKS = ("search", "reorder")
""""search": do alpha-beta by hand.  "reorder": order the children so
that alpha-beta prunes the most."""

MAX_EXERCISE_LEAVES = 243
"""Largest random exercise (3 ** 5 leaves): far more than anyone searches
by hand, still small enough to draw."""


# --- mistakes -----------------------------------------------------------------


class MistakeKind(str, enum.Enum):
    """What is wrong with one box or mark of an answer."""

    WRONG_VALUE = "wrong value"
    """A node's value is blank, or follows neither from its searched
    children (as the student filled them in) nor is the true value."""
    WRONG_BOUND = "wrong bound"
    """alpha or beta is blank where asked, or is neither the true one nor
    the one that follows from the student's values."""
    MISSED_CUTOFF = "missed cutoff"
    """The student searched a branch that alpha-beta prunes."""
    OVER_PRUNED = "over-pruned"
    """The student crossed out a branch that alpha-beta must search."""
    NOT_A_REORDERING = "not a reordering"
    """(Reorder task) The tree is not the original with children reordered:
    a score was changed, or a leaf moved to another parent."""
    NOT_BEST_FIRST = "not best first"
    """(Reorder task) A hint: searching this node's best child first would
    let alpha-beta prune more."""

    def __str__(self) -> str:
        return self.value


class Mistake(NamedTuple):
    """One wrong box or mark, and why.  Immutable."""

    node: NodeName
    """The node to mark on the drawing (for a pruning mistake, the node
    whose incoming edge is, or should be, crossed out)."""
    kind: MistakeKind
    """What kind of mistake it is."""
    field: str
    """Which box: "value", "alpha", "beta", "pruned" or "order"."""
    explanation: str
    """One sentence in textbook words saying why it is wrong."""

    def __str__(self) -> str:
        return f"{self.node} ({self.kind}): {self.explanation}"


# --- typed entries ------------------------------------------------------------

_INFINITY = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "infinity": math.inf,
             "+infinity": math.inf, "-infinity": -math.inf, "\u221e": math.inf,
             "+\u221e": math.inf, "-\u221e": -math.inf}


def parse_value(text: str, where: str) -> Value | None:
    """Read one box a student typed: a number, ``-inf``/``+inf`` (or ``∞``),
    or nothing (None).

    A bound sign in front, as in ``<=2`` or ``≥ 5``, is allowed and
    ignored: some textbooks write a cut-off node's value that way.
    ``where`` names the box in the message, e.g. ``"C's value"``.

    >>> parse_value(" 12 ", "B's value"), parse_value("-inf", "alpha"), parse_value("", "beta")
    (12, -inf, None)
    >>> parse_value("≤ 2", "C's value")
    2
    >>> parse_value("l2", "B's value")
    Traceback (most recent call last):
    ...
    ValueError: B's value is 'l2', which is not a number; type a whole number such as 3 or -2 (or -inf, +inf)
    """
    if not isinstance(text, str):
        raise TypeError(f"{where} must be text, not {type(text).__name__}")
    body = text.strip().replace("\u2212", "-")  # the real minus sign, as drawn
    body = re.sub(r"^(<=|>=|\u2264|\u2265|<|>)\s*", "", body)
    if not body:
        return None
    if body.lower() in _INFINITY:
        return _INFINITY[body.lower()]
    try:
        return int(body)
    except ValueError:
        pass
    try:
        number = float(body)
    except ValueError:
        number = None
    if number is None or math.isnan(number):
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        raise ValueError(f"{where} is {shown!r}, which is not a number; type a whole number "
                         f"such as 3 or -2 (or -inf, +inf)")
    return number


# --- the answer -----------------------------------------------------------------


def _frozen_numbers(entries: object, what: str) -> Mapping[NodeName, Value]:
    if entries is None:
        return MappingProxyType({})
    if not isinstance(entries, Mapping):
        raise TypeError(f"{what} must be a dict of node name -> number such as {{'B': 3}}, "
                        f"not {type(entries).__name__}")
    clean = {}
    for name, value in entries.items():
        if not isinstance(name, str):
            raise TypeError(f"{what}: node names are text such as 'B', not {name!r}")
        if value is None:  # a blank box
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{what}[{name!r}] is {value!r}; write a number such as 3 "
                            f"(or math.inf for an unbounded alpha or beta)")
        if math.isnan(value):
            raise ValueError(f"{what}[{name!r}] is nan; write a number such as 3")
        clean[name.strip().upper()] = value
    return MappingProxyType(clean)


@dataclass(frozen=True)
class Answer:
    """A student's work on an exercise.  Immutable; blank boxes are left out.

    Examples
    --------
    >>> answer = Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"})
    >>> answer.values["C"], sorted(answer.pruned)
    (2, ['I', 'J'])
    """

    values: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> the value alpha-beta returns there (internal nodes only)."""
    pruned: frozenset[NodeName] = frozenset()
    """Names of the nodes whose incoming edge is crossed out: a leaf, or the
    root of a pruned subtree (everything under it counts as pruned)."""
    alphas: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> alpha at that node when it returns."""
    betas: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> beta at that node when it returns."""

    def __post_init__(self):
        for name, what in (("values", "values"), ("alphas", "alphas"), ("betas", "betas")):
            object.__setattr__(self, name, _frozen_numbers(getattr(self, name), what))
        pruned = self.pruned
        if isinstance(pruned, str) or not isinstance(pruned, Iterable):
            raise TypeError(f"pruned must be a set of node names such as {{'I', 'J'}}, "
                            f"not {pruned!r}")
        names = []
        for name in pruned:
            if not isinstance(name, str):
                raise TypeError(f"pruned holds {name!r}; name nodes with text such as 'I'")
            names.append(name.strip().upper())
        object.__setattr__(self, "pruned", frozenset(names))

    __hash__ = None  # type: ignore[assignment]  # the mappings are not hashable


# --- the exercise -----------------------------------------------------------------


def _check_choice(value: object, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, choices))}, not {value!r}")
    return value


def _check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number such as 42, not {seed!r}")
    if seed < 0:
        raise ValueError(f"seed must be 0 or more, not {seed}")
    return seed


@dataclass(frozen=True)
class Exercise:
    """One exercise: a complete tree, the cut rule, and what is asked.

    Make one from a seed with :meth:`random`, or by hand from leaf scores.
    Frozen, hashable and comparable: two exercises made from the same
    seed and options are equal.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3, ask_bounds=("C",))
    >>> exercise.trace.value, exercise.trace.evaluated
    (3, 7)
    >>> sorted(exercise.solution().pruned)
    ['I', 'J']
    >>> Exercise.random(42) == Exercise.random(42)
    True
    """

    leaves: tuple[Value, ...]
    """Leaf scores, left to right."""
    branching: int
    """Children per internal node."""
    strict: bool = False
    """The cut rule: False cuts when alpha >= beta (the statement's rule),
    True only when alpha > beta."""
    ask_bounds: tuple[NodeName, ...] = ()
    """Internal nodes where alpha and beta are asked, in level order."""
    task: str = "search"
    """"search" (do alpha-beta by hand) or "reorder" (order the children
    so that alpha-beta prunes the most)."""
    ordering: str = "random"
    """How the children were ordered when the exercise was made: "random",
    "best" or "worst" (see :data:`ORDERINGS`)."""
    seed: int | None = None
    """The seed it was made from; None for an exercise made by hand."""

    def __post_init__(self):
        branching = check_branching(self.branching)
        leaves = check_leaves(self.leaves)
        depth = complete_depth(len(leaves), branching)
        if depth < 1:
            raise ValueError("an exercise needs a tree of depth 1 or more; give at least "
                             f"{branching} leaf scores")
        if not isinstance(self.strict, bool):
            raise TypeError(f"strict must be True or False, not {self.strict!r}")
        _check_choice(self.task, TASKS, "task")
        _check_choice(self.ordering, ORDERINGS, "ordering")
        if self.seed is not None:
            _check_seed(self.seed)
        object.__setattr__(self, "leaves", tuple(leaves))
        object.__setattr__(self, "branching", branching)
        tree = self.tree
        asked = self.ask_bounds
        if isinstance(asked, str):
            asked = tuple(asked.replace(",", " ").split())
        names = []
        for name in asked:
            node = _node_named(tree, name, "ask_bounds")
            if node.is_leaf:
                raise ValueError(f"ask_bounds names leaf {node.name}; a leaf has no alpha or "
                                 f"beta, so name internal nodes ({_internal_range(tree)})")
            names.append(node)
        object.__setattr__(self, "ask_bounds",
                           tuple(n.name for n in sorted(set(names), key=lambda n: n.id)))

    @classmethod
    def random(cls, seed: int, branching: int = 3, depth: int = 3, *, strict: bool = False,
               ordering: str = "random", bounds: str = "some", task: str = "search",
               low: int = 0, high: int = 20) -> Exercise:
        """The exercise made from ``seed``: same seed and options, same
        exercise, on every machine.

        Parameters
        ----------
        seed : int
            0 or more.
        branching, depth : int
            The tree's shape (at most :data:`MAX_EXERCISE_LEAVES` leaves).
        strict : bool
            Cut only when alpha > beta.
        ordering : {"random", "best", "worst"}
            Children as drawn at random, or sorted best or worst first.
        bounds : {"none", "some", "all"}
            Where alpha and beta are asked (``"some"``: a third of the
            internal nodes, chosen by the seed).
        task : {"search", "reorder"}
            For "reorder" the scores are all different, so the Knuth-Moore
            minimum can be reached exactly (the range is widened if needed).
        low, high : int
            The range of the leaf scores.

        Examples
        --------
        >>> exercise = Exercise.random(7, 2, 3, bounds="all")
        >>> exercise.leaves
        (10, 4, 12, 20, 1, 2, 17, 3)
        >>> exercise.ask_bounds
        ('A', 'B', 'C', 'D', 'E', 'F', 'G')
        """
        seed = _check_seed(seed)
        branching = check_branching(branching)
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
            raise ValueError(f"depth must be a whole number, 1 or more, not {depth!r}")
        if branching**depth > MAX_EXERCISE_LEAVES:
            raise ValueError(f"branching {branching} and depth {depth} make {branching**depth:,} "
                             f"leaves; an exercise has at most {MAX_EXERCISE_LEAVES}, so lower "
                             f"the depth or the branching")
        _check_choice(ordering, ORDERINGS, "ordering")
        _check_choice(bounds, BOUNDS, "bounds")
        _check_choice(task, TASKS, "task")
        count = branching**depth
        distinct = task == "reorder"
        if distinct and high - low + 1 < count:
            high = low + 2 * count - 1
        leaves = random_leaves(branching, depth, seed, low=low, high=high, distinct=distinct)
        if ordering == "best":
            leaves = best_order(leaves, branching)
        elif ordering == "worst":
            leaves = worst_order(leaves, branching)
        internal = [node_name(i) for i in range((count - 1) // (branching - 1))]
        if bounds == "all":
            asked = internal
        elif bounds == "some":
            # A string seed is hashed with SHA-512: the same choice everywhere.
            rng = random.Random(f"gametree-bounds-{seed}")
            asked = rng.sample(internal, max(1, round(len(internal) / 3)))
        else:
            asked = []
        return cls(tuple(leaves), branching, strict=strict, ask_bounds=tuple(asked), task=task,
                   ordering=ordering, seed=seed)

    # --- what follows from the exercise ----------------------------------

    @property
    def depth(self) -> int:
        """Edges from the root to a leaf."""
        return self.tree.depth

    @cached_property
    def tree(self) -> Tree:
        """The tree to search."""
        return Tree.from_leaves(list(self.leaves), self.branching)

    @cached_property
    def trace(self) -> Trace:
        """The real search, with the exercise's cut rule."""
        return trace_alpha_beta(self.tree, strict=self.strict)

    @property
    def minimum(self) -> int:
        """The Knuth-Moore minimum: the fewest leaves alpha-beta can evaluate
        on a tree of this shape (reached when all scores differ)."""
        return knuth_moore_minimum(self.branching, self.depth)

    @property
    def rule(self) -> str:
        """The cut rule in words: ``alpha >= beta`` or ``alpha > beta``."""
        return "alpha > beta" if self.strict else "alpha >= beta"

    @property
    def text(self) -> str:
        """What to do, in one paragraph (for the widget and printed sheets)."""
        if self.task == "reorder":
            return (f"Reorder the children of the nodes (every leaf stays under its parent) so "
                    f"that alpha-beta, searching left to right, evaluates as few leaves as "
                    f"possible. It can be done with {self.minimum} of {len(self.leaves)} "
                    f"leaves (the Knuth-Moore minimum).")
        asked = ""
        if self.ask_bounds:
            where = _join(self.ask_bounds)
            asked = (f" At {where}, also write alpha and beta when the node returns "
                     f"(leave them blank if the node is pruned).")
        return (f"Search the tree with alpha-beta, children left to right, cutting when "
                f"{self.rule}. Write the value alpha-beta returns at every node it searches "
                f"and cross out every pruned branch.{asked}")

    def solution(self) -> Answer:
        """The right answer: values and bounds from the real search, and
        the pruned branches (the children skipped at each cutoff)."""
        final = self.trace.state(-1)
        tree = self.tree
        visited = [n for n in tree if not n.is_leaf and final.status[n.id] is Status.DONE]
        asked = {tree[name].id for name in self.ask_bounds}
        pruned = {child.name for step in self.trace.cutoffs for child in step.pruned}
        return Answer(values={n.name: final.best[n.id] for n in visited}, pruned=pruned,
                      alphas={n.name: final.alpha[n.id] for n in visited if n.id in asked},
                      betas={n.name: final.beta[n.id] for n in visited if n.id in asked})

    def check(self, answer: Answer) -> list[Mistake]:
        """``check(self, answer)``: see :func:`check`."""
        return check(self, answer)


def _join(names: Iterable[str]) -> str:
    names = list(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _internal_range(tree: Tree) -> str:
    internal = [n for n in tree if not n.is_leaf]
    return f"{internal[0].name} to {internal[-1].name}" if len(internal) > 1 else internal[0].name


def _node_named(tree: Tree, name: object, what: str) -> Node:
    if not isinstance(name, str):
        raise TypeError(f"{what}: name nodes with text such as 'B', not {name!r}")
    try:
        return tree[name.strip().upper()]
    except KeyError:
        raise ValueError(f"{what} names {name!r}, but this tree's nodes are named "
                         f"A to {tree[len(tree) - 1].name}") from None


# --- the checker ------------------------------------------------------------------


def _title(node: Node) -> str:
    return f"{node.player} node {node.name}"


def check(exercise: Exercise, answer: Answer) -> list[Mistake]:
    """Every mistake in ``answer``, in level order of the nodes.

    An empty list means every value, alpha, beta and crossed-out branch is
    right.  How each box is judged is described in the module docstring:
    a number is wrong only when it is neither the true one nor the one that
    follows from the student's own entries, so each slip is marked once.

    Parameters
    ----------
    exercise : Exercise
    answer : Answer

    Returns
    -------
    list of Mistake

    Raises
    ------
    TypeError, ValueError
        If ``answer`` is not an :class:`Answer`, names a node the tree does
        not have, or gives a value to a leaf.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    >>> check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"}))
    []
    >>> for mistake in check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 5},
    ...                                       pruned={"I", "J", "M"})):
    ...     print(mistake)
    M (over-pruned): M must be searched: after L, MIN node D has alpha = 3 and beta = 5, and 3 < 5, so there is no cutoff yet.
    """
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check needs an Exercise, not {type(exercise).__name__}")
    if not isinstance(answer, Answer):
        raise TypeError(f"check needs an Answer such as Answer(values={{'B': 3}}, "
                        f"pruned={{'I'}}), not {type(answer).__name__}")
    return _Checker(exercise, answer).mistakes()


class _Checker:
    """One check of one answer; the attributes are indexed by node id."""

    def __init__(self, exercise: Exercise, answer: Answer):
        self.exercise, self.answer = exercise, answer
        self.tree = tree = exercise.tree
        self.trace = exercise.trace
        self.final = self.trace.state(-1)
        self.values = self._by_id(answer.values, "values")
        self.alphas = self._by_id(answer.alphas, "alphas")
        self.betas = self._by_id(answer.betas, "betas")
        marks = sorted({_node_named(tree, name, "pruned").id for name in answer.pruned})
        marked = set(marks)
        # Crossed out: every mark and everything under it.
        crossed = set()
        for node in tree:  # level order: parents before children
            if node.id in marked or (node.parent is not None and node.parent in crossed):
                crossed.add(node.id)
        # Pruned in the student's answer: also a node whose children are all
        # crossed out (crossing out a subtree's leaves crosses out the subtree).
        self.student_pruned = set(crossed)
        for node in reversed(tree.nodes):  # children before parents
            if node.children and all(c in self.student_pruned for c in node.children):
                self.student_pruned.add(node.id)
        # The marks to judge: those not under another mark.
        self.top_marks = [m for m in marks if tree[m].parent is None or tree[m].parent not in crossed]
        self._follows: dict[int, Value | None] = {}

    def _by_id(self, entries: Mapping[str, Value], what: str) -> dict[int, Value]:
        found = {}
        for name, value in entries.items():
            node = _node_named(self.tree, name, what)
            if node.is_leaf:
                raise ValueError(
                    f"{what} gives leaf {node.name} a number, but a leaf's score is given "
                    f"({fmt(node.score)}); write {what} only for internal nodes "
                    f"({_internal_range(self.tree)})")
            found[node.id] = value
        return found

    # --- what follows from the student's entries -------------------------

    def searched_children(self, node: Node) -> list[Node]:
        """The children the student did not cross out."""
        return [self.tree[c] for c in node.children if c not in self.student_pruned]

    def resolved(self, node: Node) -> Value | None:
        """The value the student's work gives a node: a leaf's score, the
        value written, or (blank) what follows from its children."""
        if node.is_leaf:
            return node.score
        if node.id in self.values:
            return self.values[node.id]
        return self.follows(node)

    def follows(self, node: Node) -> Value | None:
        """max or min of the student's values of the searched children."""
        if node.id not in self._follows:
            values = [self.resolved(c) for c in self.searched_children(node)]
            values = [v for v in values if v is not None]
            pick = max if node.player is MAX else min
            self._follows[node.id] = pick(values) if values else None
        return self._follows[node.id]

    def windows_given(self) -> dict[int, tuple[Value, Value]]:
        """The (alpha, beta) each node is entered with, from the student's
        values and crossed-out branches."""
        given = {0: (-math.inf, math.inf)}
        for node in self.tree:
            if node.is_leaf or node.id not in given:
                continue
            alpha, beta = given[node.id]
            v = -math.inf if node.player is MAX else math.inf
            for child in self.searched_children(node):
                given[child.id] = (alpha, beta)
                value = self.resolved(child)
                if value is None:
                    break
                if node.player is MAX:
                    v = max(v, value)
                    alpha = max(alpha, v)
                else:
                    v = min(v, value)
                    beta = min(beta, v)
        return given

    # --- the verdicts ---------------------------------------------------------

    def mistakes(self) -> list[Mistake]:
        found: dict[tuple[int, int], Mistake] = {}
        order = {"value": 0, "alpha": 1, "beta": 2, "pruned": 3}
        for node_id, mistake in (*self.value_mistakes(), *self.bound_mistakes(),
                                 *self.pruning_mistakes()):
            found.setdefault((node_id, order[mistake.field]), mistake)
        return [found[key] for key in sorted(found)]

    def value_mistakes(self):
        final, tree = self.final, self.tree
        for node in tree:
            if node.is_leaf or node.id in self.student_pruned:
                continue
            searched = final.status[node.id] is Status.DONE
            true = final.best[node.id] if searched else None
            given = self.values.get(node.id)
            if given is None:
                if searched:
                    yield node.id, Mistake(
                        node.name, MistakeKind.WRONG_VALUE, "value",
                        f"{_title(node)} has no value: alpha-beta searches {node.name}, so write "
                        f"the value it returns (v when it finishes).")
                continue
            follows = self.follows(node)
            if given == true or given == follows:
                continue
            yield node.id, Mistake(node.name, MistakeKind.WRONG_VALUE, "value",
                                   self._value_reason(node, given, follows))

    def _value_reason(self, node: Node, given: Value, follows: Value | None) -> str:
        children = self.searched_children(node)
        if follows is None:
            return (f"{_title(node)} gets its value from the children it searches, and you "
                    f"crossed them all out.")
        pick, word = ("max", "largest") if node.player is MAX else ("min", "smallest")
        inputs = ", ".join(fmt(self.resolved(c)) for c in children)
        crossed = [self.tree[c].name for c in node.children if c in self.student_pruned]
        which = (f"the children you searched ({_join(c.name for c in children)})"
                 if crossed else f"its children ({_join(c.name for c in children)})")
        return (f"{_title(node)} takes the {word} value of {which}: "
                f"{pick}({inputs}) = {fmt(follows)}, not {fmt(given)}.")

    def bound_mistakes(self):
        final, tree = self.final, self.tree
        asked = {tree[name].id for name in self.exercise.ask_bounds}
        given_windows = None
        for node in tree:
            if node.is_leaf or node.id in self.student_pruned:
                continue
            searched = final.status[node.id] is Status.DONE
            for bound, entries in (("alpha", self.alphas), ("beta", self.betas)):
                given = entries.get(node.id)
                if given is None:
                    if searched and node.id in asked:
                        yield node.id, Mistake(
                            node.name, MistakeKind.WRONG_BOUND, bound,
                            f"{_title(node)} has no {bound}: write the {bound} {node.name} "
                            f"has when it returns.")
                    continue
                true = getattr(final, bound)[node.id] if searched else None
                if given_windows is None:
                    given_windows = self.windows_given()
                window = given_windows.get(node.id)
                value = self.resolved(node)
                follows = None
                if window is not None and value is not None:
                    alpha_in, beta_in = window
                    if node.player is MAX:
                        follows = max(alpha_in, value) if bound == "alpha" else beta_in
                    else:
                        follows = alpha_in if bound == "alpha" else min(beta_in, value)
                if given == true or given == follows:
                    continue
                yield node.id, Mistake(node.name, MistakeKind.WRONG_BOUND, bound,
                                       self._bound_reason(node, bound, given, window, value))

    def _bound_reason(self, node, bound, given, window, value) -> str:
        if window is None or value is None:
            rule = ("a MAX node ends with alpha = max(the alpha it was given, its value) and keeps "
                    "its beta" if node.player is MAX else
                    "a MIN node ends with beta = min(the beta it was given, its value) and keeps "
                    "its alpha")
            return f"{fmt(given)} is not {node.name}'s {bound}: {rule}."
        alpha_in, beta_in = window
        name = node.name
        if node.player is MAX and bound == "beta":
            return (f"A MAX node never changes beta: {name} keeps the beta it was given, "
                    f"{fmt(beta_in)}, not {fmt(given)}.")
        if node.player is not MAX and bound == "alpha":
            return (f"A MIN node never changes alpha: {name} keeps the alpha it was given, "
                    f"{fmt(alpha_in)}, not {fmt(given)}.")
        if bound == "alpha":
            return (f"At {_title(node)}, alpha ends as max(the alpha {name} was given, its "
                    f"value) = max({fmt(alpha_in)}, {fmt(value)}) = "
                    f"{fmt(max(alpha_in, value))}, not {fmt(given)}.")
        return (f"At {_title(node)}, beta ends as min(the beta {name} was given, its value) = "
                f"min({fmt(beta_in)}, {fmt(value)}) = {fmt(min(beta_in, value))}, "
                f"not {fmt(given)}.")

    def pruning_mistakes(self):
        tree, final = self.tree, self.final
        op = "<" if self.exercise.strict else "<="
        # Branches alpha-beta prunes that the student searched.
        for step in self.trace.cutoffs:
            node = step.node
            last = tree[node.children[node.children.index(step.pruned[0].id) - 1]]
            if node.player is MAX:
                test = f"v = {fmt(step.best)} {op.replace('<', '>')} beta = {fmt(step.beta)}"
            else:
                test = f"v = {fmt(step.best)} {op} alpha = {fmt(step.alpha)}"
            for child in step.pruned:
                if child.id in self.student_pruned:
                    continue
                what = "leaf" if child.is_leaf else "the branch to"
                covered = any(n.id in self.student_pruned for n in tree.subtree(child))
                partly = " (you crossed out only part of it)" if covered else ""
                yield child.id, Mistake(
                    child.name, MistakeKind.MISSED_CUTOFF, "pruned",
                    f"Alpha-beta never searches {what} {child.name}{partly}: at {_title(node)}, "
                    f"after {last.name} returned, {test}, so {node.name}'s remaining children "
                    f"are pruned.")
        # Branches the student crossed out that alpha-beta searches.
        for mark in self.top_marks:
            node = tree[mark]
            if final.status[mark] is not Status.DONE:
                continue  # truly pruned: right (or inside a pruned branch)
            if node.parent is None:
                yield mark, Mistake(node.name, MistakeKind.OVER_PRUNED, "pruned",
                                    f"The root {node.name} is always searched; nothing above it "
                                    f"can prune it.")
                continue
            parent = tree[node.parent]
            position = parent.children.index(mark)
            if position == 0:
                reason = (f"{node.name} is the first child of {_title(parent)}, and alpha-beta "
                          f"always searches a node's first child.")
            else:
                before = tree[parent.children[position - 1]]
                update = next(s for s in self.trace.steps
                              if s.kind is StepKind.UPDATE and s.node.id == parent.id
                              and s.child.id == before.id)
                alpha, beta = update.alpha, update.beta
                relation = "<=" if self.exercise.strict else "<"
                reason = (f"after {before.name}, {_title(parent)} has alpha = {fmt(alpha)} and "
                          f"beta = {fmt(beta)}, and {fmt(alpha)} {relation} {fmt(beta)}, so "
                          f"there is no cutoff yet.")
            yield mark, Mistake(node.name, MistakeKind.OVER_PRUNED, "pruned",
                                f"{node.name} must be searched: {reason}")


# --- the reorder variant -----------------------------------------------------------


class ReorderVerdict(NamedTuple):
    """The verdict on a reordering.  Immutable."""

    tree: Tree | None
    """The student's tree (None if it could not be read as one)."""
    evaluated: int | None
    """Leaves alpha-beta evaluates on it; None if it is not a reordering."""
    minimum: int
    """The Knuth-Moore minimum for the tree's shape."""
    original: int
    """Leaves alpha-beta evaluates on the exercise's own order."""
    mistakes: tuple[Mistake, ...]
    """NOT_A_REORDERING mistakes, or NOT_BEST_FIRST hints."""

    @property
    def is_reordering(self) -> bool:
        """True if the tree is the original with children reordered."""
        return self.evaluated is not None

    @property
    def solved(self) -> bool:
        """True if alpha-beta prunes as much as it possibly can."""
        return self.evaluated is not None and self.evaluated <= self.minimum

    @property
    def message(self) -> str:
        """The verdict in one sentence."""
        if self.evaluated is None:
            return "This is not a reordering of the tree: " + self.mistakes[0].explanation
        if self.solved:
            return (f"Alpha-beta evaluates {self.evaluated} leaves on your order, the fewest "
                    f"possible (Knuth-Moore minimum {self.minimum}; the original order "
                    f"needed {self.original}).")
        return (f"Alpha-beta evaluates {self.evaluated} leaves on your order (the original "
                f"needed {self.original}); the fewest possible is {self.minimum}, so some node "
                f"still searches a weaker move first.")


def _canonical(tree: Tree, node_id: int):
    kids = tree.child_ids(node_id)
    if not kids:
        return (0, tree.score_of(node_id))
    return (1, tuple(sorted((_canonical(tree, k) for k in kids), key=repr)))


def _scores_under(tree: Tree, node_id: int) -> list[Value]:
    return sorted(n.score for n in tree.subtree(tree[node_id]) if n.is_leaf)


def _first_difference(original: Tree, mine: Tree) -> Mistake | None:
    """Where ``mine`` stops being ``original`` with children reordered, or
    None if it is a reordering."""

    def walk(a: int, b: int) -> Mistake | None:
        if _canonical(original, a) == _canonical(mine, b):
            return None
        node, theirs = mine[b], original[a]
        if node.is_leaf and theirs.is_leaf:
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"leaf {node.name} scores {fmt(node.score)} where the original has "
                           f"{fmt(theirs.score)}; you may only reorder children, not change "
                           f"scores.")
        if node.is_leaf or theirs.is_leaf or len(node.children) != len(theirs.children):
            shape = "a leaf" if node.is_leaf else f"a node with {len(node.children)} children"
            was = "a leaf" if theirs.is_leaf else f"{len(theirs.children)} children"
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"{node.name} is {shape} in your tree but has {was} in the original; "
                           f"keep the tree's shape and only change the order of children.")
        left = {i: _canonical(original, i) for i in original.child_ids(a)}
        unmatched_left, unmatched_right = list(left), []
        for j in mine.child_ids(b):
            form = _canonical(mine, j)
            match = next((i for i in unmatched_left if left[i] == form), None)
            if match is None:
                unmatched_right.append(j)
            else:
                unmatched_left.remove(match)
        if len(unmatched_left) == 1 and len(unmatched_right) == 1:
            return walk(unmatched_left[0], unmatched_right[0])
        extra = Counter(_scores_under(mine, b)) - Counter(_scores_under(original, a))
        missing = Counter(_scores_under(original, a)) - Counter(_scores_under(mine, b))
        if extra or missing:
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"under {node.name} your tree has {_scores(extra)} where the "
                           f"original has {_scores(missing)}; you may only reorder children, "
                           f"not change scores.")
        moved = mine[unmatched_right[0]]
        held = ", ".join(map(fmt, _scores_under(mine, moved.id)))
        return Mistake(moved.name, MistakeKind.NOT_A_REORDERING, "order",
                       f"{moved.name} holds the leaves {held}, but no child of {node.name} in "
                       f"the original holds exactly these; keep every leaf under its parent "
                       f"and only change the order.")

    return walk(0, 0)


def _scores(counts: Counter) -> str:
    scores = sorted(counts.elements())
    if not scores:
        return "nothing"
    return ("the score " if len(scores) == 1 else "the scores ") + ", ".join(map(fmt, scores))


def _local_hints(tree: Tree, strict: bool, evaluated: int) -> list[Mistake]:
    """Nodes where searching the best child first, all else kept, would
    evaluate fewer leaves."""
    values = backed_up_values(tree)
    final = trace_alpha_beta(tree, strict=strict).state(-1)
    nested = tree.to_nested()
    hints = []
    for node in tree:
        if node.is_leaf or final.status[node.id] is not Status.DONE:
            continue
        kids = list(node.children)
        best = (max if node.player is MAX else min)(values[k] for k in kids)
        if values[kids[0]] == best:
            continue
        path = [n for n in tree.path(node)]
        moved = _with_sorted_children(nested, path, tree, values, node.player is MAX)
        count = trace_alpha_beta(Tree.from_nested(moved), strict=strict).evaluated
        if count < evaluated:
            saved = evaluated - count
            hints.append(Mistake(
                node.name, MistakeKind.NOT_BEST_FIRST, "order",
                f"{_title(node)} searches a child worth {fmt(values[kids[0]])} first, but its "
                f"best child is worth {fmt(best)}; searching the best first here alone saves "
                f"{saved} leaf evaluation{'s' if saved != 1 else ''}."))
    return hints


def _with_sorted_children(nested, path: list[Node], tree: Tree, values, maximizing: bool):
    """``nested`` with the children of ``path[-1]`` sorted best first."""
    if len(path) == 1:
        node = path[0]
        pairs = list(zip(node.children, nested))
        pairs.sort(key=lambda pair: values[pair[0]], reverse=maximizing)
        return [item for _, item in pairs]
    here, below = path[0], path[1]
    position = here.children.index(below.id)
    copy = list(nested)
    copy[position] = _with_sorted_children(nested[position], path[1:], tree, values, maximizing)
    return copy


def check_reorder(exercise: Exercise, reordered: object) -> ReorderVerdict:
    """Check a student's answer to "reorder the children so that alpha-beta
    prunes the most".

    ``reordered`` is the student's tree: leaf scores left to right (the
    exercise's branching), nested lists, or a :class:`~gametree.tree.Tree`.
    It must be the exercise's tree with the children of some nodes
    reordered (every leaf under the same parent, same scores); then the
    leaves alpha-beta evaluates on it are compared with the Knuth-Moore
    minimum.  When the minimum is not reached, the verdict's mistakes are
    hints: nodes where searching the best child first, all else kept,
    would evaluate fewer leaves.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 1), 3, task="reorder")
    >>> check_reorder(exercise, [3, 8, 12, 2, 4, 6, 1, 5, 14]).message
    'Alpha-beta evaluates 5 leaves on your order, the fewest possible (Knuth-Moore minimum 5; the original order needed 7).'
    >>> print(check_reorder(exercise, [3, 12, 8, 2, 4, 6, 14, 5, 9]).mistakes[0])
    M (not a reordering): leaf M scores 9 where the original has 1; you may only reorder children, not change scores.
    """
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check_reorder needs an Exercise, not {type(exercise).__name__}")
    if isinstance(reordered, Tree):
        mine = reordered
    elif isinstance(reordered, (list, tuple)) and all(
            not isinstance(x, (list, tuple)) for x in reordered):
        mine = Tree.from_leaves(list(reordered), exercise.branching)
    else:
        mine = as_tree(reordered)
    original = exercise.trace.evaluated
    minimum = exercise.minimum
    difference = _first_difference(exercise.tree, mine)
    if difference is not None:
        return ReorderVerdict(mine, None, minimum, original, (difference,))
    evaluated = trace_alpha_beta(mine, strict=exercise.strict).evaluated
    hints = () if evaluated <= minimum else tuple(_local_hints(mine, exercise.strict, evaluated))
    return ReorderVerdict(mine, evaluated, minimum, original, hints)

