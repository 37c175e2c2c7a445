"""Marking an answer to an alpha-beta exercise: every mistake, each with a
sentence saying why.

How each box is judged is described in :mod:`gametree.practice`: a number
is wrong only when it is neither the true one nor the one that follows
from the student's own entries, so each slip is marked once.
:func:`gametree.practice.checker.check` marks any exercise;
:meth:`Exercise.check <gametree.practice.Exercise.check>` calls
:func:`check_alpha_beta`.  This module reads an exercise through its
attributes only, so the exercise module can import it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING

from ..i18n import gettext as _
from ..text import fmt, join_names
from ..trace import Status, StepKind
from ..tree import MAX, Node, Value
from .answer import Answer, Mistake, MistakeKind, internal_range, node_named

if TYPE_CHECKING:
    from .exercise import Exercise

__all__ = ["check_alpha_beta"]


def check_alpha_beta(exercise: Exercise, answer: Answer) -> list[Mistake]:
    """Every mistake in ``answer`` to the alpha-beta ``exercise``, in level
    order of the nodes: :func:`gametree.practice.checker.check` for an
    :class:`~gametree.practice.Exercise`."""
    if not isinstance(answer, Answer):
        raise TypeError(f"check needs an Answer such as Answer(values={{'B': 3}}, "
                        f"pruned={{'I'}}), not {type(answer).__name__}")
    answer.raise_unreadable()
    if not (answer.values or answer.pruned or answer.alphas or answer.betas):
        return [Mistake(exercise.tree.root.name, MistakeKind.EMPTY, "answer",
                        "Nothing is filled in yet: write the value alpha-beta returns at every "
                        "node it searches and cross out every pruned branch, then check again.")]
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
        marks = sorted({node_named(tree, name, "pruned").id for name in answer.pruned})
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
            node = node_named(self.tree, name, what)
            if node.is_leaf:
                raise ValueError(
                    f"{what} gives leaf {node.name} a number, but a leaf's score is given "
                    f"({fmt(node.score)}); write {what} only for internal nodes "
                    f"({internal_range(self.tree)})")
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
            resolved = [self.resolved(c) for c in self.searched_children(node)]
            values = [v for v in resolved if v is not None]
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
            true = final.v[node.id] if searched else None
            given = self.values.get(node.id)
            if given is None:
                if searched:
                    yield node.id, Mistake(
                        node.name, MistakeKind.WRONG_VALUE, "value",
                        _("{node} has no value: alpha-beta searches {name}, so write the value "
                          "it returns (v when it finishes).").format(node=node.title, name=node.name))
                continue
            follows = self.follows(node)
            if given in (true, follows):
                continue
            yield node.id, Mistake(node.name, MistakeKind.WRONG_VALUE, "value",
                                   self._value_reason(node, given, follows))

    def _value_reason(self, node: Node, given: Value, follows: Value | None) -> str:
        children = self.searched_children(node)
        if follows is None:
            return _("{node} gets its value from the children it searches, and you crossed "
                     "them all out.").format(node=node.title)
        pick = "max" if node.player is MAX else "min"
        inputs = ", ".join(fmt(self.resolved(c)) for c in children)
        crossed = any(c in self.student_pruned for c in node.children)
        sentence = {  # (MAX?, crossed some out?) -> the sentence, whole for a translator
            (True, True): _("{node} takes the largest value of the children you searched "
                            "({names}): {formula}, not {given}."),
            (True, False): _("{node} takes the largest value of its children ({names}): "
                             "{formula}, not {given}."),
            (False, True): _("{node} takes the smallest value of the children you searched "
                             "({names}): {formula}, not {given}."),
            (False, False): _("{node} takes the smallest value of its children ({names}): "
                              "{formula}, not {given}."),
        }[node.player is MAX, crossed]
        return sentence.format(node=node.title, names=join_names(c.name for c in children),
                               formula=f"{pick}({inputs}) = {fmt(follows)}", given=fmt(given))

    def bound_mistakes(self):
        asked = {self.tree[name].id for name in self.exercise.ask_bounds}
        for node in self.tree:
            if node.is_leaf or node.id in self.student_pruned:
                continue
            for bound, entries in (("alpha", self.alphas), ("beta", self.betas)):
                mistake = self._bound_mistake(node, bound, entries.get(node.id), node.id in asked)
                if mistake is not None:
                    yield node.id, mistake

    def _bound_mistake(self, node: Node, bound: str, given: Value | None,
                       asked: bool) -> Mistake | None:
        """What is wrong with the ``bound`` ("alpha" or "beta") written at
        ``node`` (None: blank), if anything: a blank where it is asked, or a
        number that is neither the true one nor the one that follows."""
        searched = self.final.status[node.id] is Status.DONE
        if given is None:
            if not (searched and asked):
                return None
            return Mistake(node.name, MistakeKind.WRONG_BOUND, bound,
                           f"{node.title} has no {bound}: write the {bound} {node.name} "
                           f"has when it returns.")
        true = getattr(self.final, bound)[node.id] if searched else None
        window = self.given_windows.get(node.id)
        value = self.resolved(node)
        if given in (true, _bound_follows(node, bound, window, value)):
            return None
        return Mistake(node.name, MistakeKind.WRONG_BOUND, bound,
                       self._bound_reason(node, bound, given, window, value))

    @cached_property
    def given_windows(self) -> dict[int, tuple[Value, Value]]:
        """:meth:`windows_given`, worked out once, when a bound is first judged."""
        return self.windows_given()

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
            return (f"At {node.title}, alpha ends as max(the alpha {name} was given, its "
                    f"value) = max({fmt(alpha_in)}, {fmt(value)}) = "
                    f"{fmt(max(alpha_in, value))}, not {fmt(given)}.")
        return (f"At {node.title}, beta ends as min(the beta {name} was given, its value) = "
                f"min({fmt(beta_in)}, {fmt(value)}) = {fmt(min(beta_in, value))}, "
                f"not {fmt(given)}.")

    def pruning_mistakes(self):
        yield from self.missed_cutoffs()
        yield from self.over_pruned()

    def missed_cutoffs(self):
        """Branches alpha-beta prunes that the student searched."""
        tree, rule = self.tree, self.exercise.rule
        for step in self.trace.cutoffs:
            node = step.node
            last = tree[node.children[node.children.index(step.pruned[0].id) - 1]]
            test = rule.compare(step.alpha, step.beta)
            for child in step.pruned:
                if child.id in self.student_pruned:
                    continue
                covered = any(n.id in self.student_pruned for n in tree.subtree(child))
                sentence = {  # (a leaf?, partly crossed out?) -> the sentence
                    (True, False): _("Alpha-beta never searches leaf {child}: at {node}, after "
                                     "{last} returned, {test}, so {name}'s remaining children "
                                     "are pruned."),
                    (True, True): _("Alpha-beta never searches leaf {child} (you crossed out "
                                    "only part of it): at {node}, after {last} returned, {test}, "
                                    "so {name}'s remaining children are pruned."),
                    (False, False): _("Alpha-beta never searches the branch to {child}: at "
                                      "{node}, after {last} returned, {test}, so {name}'s "
                                      "remaining children are pruned."),
                    (False, True): _("Alpha-beta never searches the branch to {child} (you "
                                     "crossed out only part of it): at {node}, after {last} "
                                     "returned, {test}, so {name}'s remaining children are "
                                     "pruned."),
                }[child.is_leaf, covered]
                yield child.id, Mistake(
                    child.name, MistakeKind.MISSED_CUTOFF, "pruned",
                    sentence.format(child=child.name, node=node.title, last=last.name, test=test,
                                    name=node.name))

    def over_pruned(self):
        """Branches the student crossed out that alpha-beta searches."""
        for mark in self.top_marks:
            node = self.tree[mark]
            if self.final.status[mark] is not Status.DONE:
                continue  # truly pruned: right (or inside a pruned branch)
            if node.parent is None:
                yield mark, Mistake(node.name, MistakeKind.OVER_PRUNED, "pruned",
                                    _("The root {name} is always searched; nothing above "
                                      "it can prune it.").format(name=node.name))
                continue
            yield mark, Mistake(node.name, MistakeKind.OVER_PRUNED, "pruned",
                                _("{name} must be searched: {reason}").format(
                                    name=node.name, reason=self._searched_reason(node)))

    def _searched_reason(self, node: Node) -> str:
        """Why alpha-beta searches ``node``, a child: it is the first, or
        its parent has no cutoff after the child before it."""
        tree = self.tree
        parent = tree[node.parent]
        position = parent.children.index(node.id)
        if position == 0:
            return _("{name} is the first child of {parent}, and alpha-beta always searches a "
                     "node's first child.").format(name=node.name, parent=parent.title)
        before = tree[parent.children[position - 1]]
        update = next(s for s in self.trace.steps
                      if s.kind is StepKind.UPDATE and s.node.id == parent.id
                      and s.child is not None and s.child.id == before.id)
        alpha, beta = update.alpha, update.beta
        return _("after {before}, {parent} has alpha = {alpha} and beta = {beta}, and "
                 "{no_cutoff} yet.").format(before=before.name, parent=parent.title,
                                            alpha=fmt(alpha), beta=fmt(beta),
                                            no_cutoff=self.exercise.rule.no_cutoff(alpha, beta))


def _bound_follows(node: Node, bound: str, window: tuple[Value, Value] | None,
                   value: Value | None) -> Value | None:
    """The ``bound`` that follows at ``node`` from the window it is entered
    with and its value (as the student's work gives them), or None if
    either is unknown: a MAX node raises alpha to its value and keeps beta,
    a MIN node lowers beta and keeps alpha."""
    if window is None or value is None:
        return None
    alpha_in, beta_in = window
    if node.player is MAX:
        return max(alpha_in, value) if bound == "alpha" else beta_in
    return alpha_in if bound == "alpha" else min(beta_in, value)
