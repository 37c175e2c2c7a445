"""Predict, then reveal: the questions a class answers before a step of alpha-beta is shown.

A teacher steps a search on the projector and asks the room what comes
next.  This module decides what to ask, reads and judges an answer, and
keeps the score; it knows nothing of widgets (the widget is
:class:`gametree.widgets.predict.PredictStepper`).

Between step ``i - 1`` (on the screen) and step ``i`` (hidden until
someone answers) at most one question is asked, chosen by what happens
next (:func:`question_before`):

* **cutoff**, at every cut test: a node has just taken a child's value
  and has children left.  "Which children of C are pruned?"  The answer is
  the children the cutoff skips, or none: the question is asked whether
  or not the node cuts, so that its appearing gives nothing away.
* **leaf**, before a leaf is evaluated: "Which leaf is evaluated next?"
  At a cut test that is not asked as a cutoff question, the answer is the
  next leaf the search evaluates, which after a cutoff comes later (or
  never), so here too the question tells nothing of the cut.
* **update**, before a node takes a child's value: "What is v at C now?"

The answer is a leaf's name (or none) for a leaf question, a number for an
update question and a set of children's names (possibly empty) for a
cutoff question.  It is right when it equals the search's; the reveal
gives the reason in the words of the captions.

Examples
--------
>>> from gametree import trace_alpha_beta
>>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
>>> question = question_before(trace, 13)
>>> question.prompt
'Which children of MIN node C are pruned now? Click their edges, or answer none.'
>>> verdict = judge(question, read_answer(question, "I, J"))
>>> verdict.right, verdict.reason
(True, 'MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)')
>>> Score().after(verdict).text
'1 of 1 prediction right'
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable
from typing import NamedTuple

from ..i18n import gettext as _
from ..i18n import ngettext
from ..rules import CutRule
from ..text import TYPE_INFINITY, describe, fmt, join_names, ordinal, shown
from ..trace import Status, StepKind, Trace
from ..tree import Node, NoSuchNode, Tree, Value
from .exercise import parse_value

__all__ = ["Ask", "ASK_ALL", "Question", "Verdict", "Score", "Prediction", "question_before",
           "questions", "read_answer", "judge", "check_ask"]


class Ask(str, enum.Enum):
    """The kinds of step a class is asked to predict."""

    LEAF = "leaf"
    """Which leaf is evaluated next."""
    UPDATE = "update"
    """What v is at a node once it has taken a child's value."""
    CUTOFF = "cutoff"
    """Which children a node prunes at its cut test (possibly none)."""

    def __str__(self) -> str:
        return self.value


ASK_ALL: frozenset[Ask] = frozenset(Ask)
"""Every kind of question."""

Prediction = str | None | Value | frozenset[str]
"""An answer, read: a leaf's name or None (no leaf comes), a number (v),
or a set of children's names (empty: nothing is pruned)."""

_NONE_WORDS = frozenset({"none", "no", "nothing", "no leaf", "no cutoff", "-", "\u2014", "0"})


class Question(NamedTuple):
    """One prediction asked before a step is shown.  Immutable."""

    step: int
    """The step that reveals the answer; the question is asked while step
    ``step - 1`` is shown."""
    kind: Ask
    """What is asked."""
    node: Node
    """The node the question is about: the node whose children are being
    searched (leaf), updated (update) or tested (cutoff)."""
    prompt: str
    """The question, one sentence."""
    answer: Prediction
    """The right answer, in the form :func:`read_answer` returns."""
    choices: tuple[str, ...]
    """Names of the nodes that may be clicked to answer: the leaves not yet
    evaluated (leaf), the children not yet searched, each by the edge into
    it (cutoff); empty for an update (type the number)."""
    reason: str
    """Why the answer is what it is, shown with it."""
    tree: Tree
    """The tree searched: names in answers are read against it."""

    @property
    def answer_text(self) -> str:
        """The right answer in words: ``K``, ``no leaf``, ``2``, ``I and J``, ``none``."""
        return _said(self.kind, self.answer)


class Verdict(NamedTuple):
    """The judgement of one answer.  Immutable."""

    right: bool
    """Whether the answer equals the search's."""
    said: str
    """What was answered, in words."""
    expected: str
    """The right answer, in words."""
    reason: str
    """Why (the question's :attr:`Question.reason`)."""

    @property
    def message(self) -> str:
        """One line for the widget: ``Right: I and J. MIN node C: ...``."""
        if self.right:
            return _("Right: {said}. {reason}.").format(said=self.said, reason=self.reason)
        return _("Not quite: you said {said}, the search says {expected}. {reason}.").format(
            said=self.said, expected=self.expected, reason=self.reason)


class Score(NamedTuple):
    """Predictions right out of those asked.  Immutable: :meth:`after`
    returns the next score."""

    right: int = 0
    """Answers that were right."""
    asked: int = 0
    """Answers given (a question revealed without an answer does not count)."""

    def after(self, verdict: Verdict) -> Score:
        """The score once ``verdict`` is counted."""
        return Score(self.right + bool(verdict.right), self.asked + 1)

    @property
    def text(self) -> str:
        """``7 of 9 predictions right`` (``no predictions yet`` before the first)."""
        if not self.asked:
            return _("no predictions yet")
        return ngettext("{right} of {asked} prediction right", "{right} of {asked} predictions right",
                        self.asked).format(right=self.right, asked=self.asked)


def check_ask(ask: object) -> frozenset[Ask]:
    """The kinds of question in ``ask`` (kinds or their names), checked.

    >>> sorted(kind.value for kind in check_ask(["leaf", Ask.CUTOFF]))
    ['cutoff', 'leaf']
    >>> check_ask(["leaves"])
    Traceback (most recent call last):
    ...
    ValueError: ask names 'leaves'; the kinds of question are 'leaf', 'update' and 'cutoff'
    """
    if isinstance(ask, (str, Ask)) or not isinstance(ask, Iterable):
        raise TypeError(f"ask must be a collection of kinds such as ('leaf', 'cutoff'), "
                        f"not {describe(ask)}")
    kinds = set()
    for item in ask:
        try:
            kinds.add(Ask(item))
        except ValueError:
            raise ValueError(f"ask names {shown(item)}; the kinds of question are 'leaf', "
                             f"'update' and 'cutoff'") from None
    return frozenset(kinds)


def _title(node: Node) -> str:
    return node.title  # "MIN node C", or "MIN node C (ghost 2)" in a tree with ghosts


def _cut_test(trace: Trace, index: int) -> bool:
    """Whether step ``index`` is an update after which the node still has
    children to search: the moment the cut rule's test is applied."""
    step = trace[index]
    if step.kind is not StepKind.UPDATE or step.child is None:
        return False
    return step.child.id != step.node.children[-1]


def _next_leaf(trace: Trace, index: int) -> Node | None:
    """The first leaf evaluated after step ``index``, or None."""
    order = trace.evaluated_leaves
    done = trace[index].evaluated
    return trace.tree.leaf(order[done]) if done < len(order) else None


def question_before(trace: Trace, step: int, ask: Iterable = ASK_ALL) -> Question | None:
    """The question asked before ``step`` is shown (while ``step - 1`` is),
    or None if there is none of the kinds in ``ask``.

    Raises TypeError for a step that is not a whole number and IndexError
    for one the trace does not have (step 0 has nothing before it, so it
    asks nothing).

    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> print(question_before(trace, 2).prompt)
    Which leaf is evaluated next? Click it, or answer none.
    >>> print(question_before(trace, 3).prompt)
    E returned 3. What is v at MIN node B now?
    >>> question_before(trace, 3, ask=["leaf"]) is None
    True
    """
    kinds = check_ask(ask)
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be a whole number, not {describe(step)}")
    if not 0 <= step < len(trace):
        raise IndexError(f"step {step} does not exist; this search has steps 0 to {len(trace) - 1}")
    if step == 0:
        return None
    now = trace[step]
    if _cut_test(trace, step - 1):
        if Ask.CUTOFF in kinds:
            return _cutoff_question(trace, step)
        if Ask.LEAF in kinds:
            return _leaf_question(trace, step)
        return None
    if now.kind is StepKind.LEAF and Ask.LEAF in kinds:
        return _leaf_question(trace, step)
    if now.kind is StepKind.UPDATE and Ask.UPDATE in kinds:
        return _update_question(trace, step)
    return None


def questions(trace: Trace, ask: Iterable = ASK_ALL) -> list[Question]:
    """Every question of a walk through the whole trace, in order.

    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> [q.kind.value for q in questions(trace)].count("cutoff")  # every cut test
    7
    """
    kinds = check_ask(ask)
    found = (question_before(trace, i, kinds) for i in range(1, len(trace)))
    return [q for q in found if q is not None]


def _leaf_question(trace: Trace, step: int) -> Question:
    before = trace.state(step - 1)
    leaf = _next_leaf(trace, step - 1)
    node = before.current
    if node.is_leaf:  # cannot happen before a leaf's step: the parent is the current node
        node = trace.tree[node.parent]  # pragma: no cover
    now = trace[step]
    choices = tuple(n.name for n in trace.tree.leaves if before.status[n.id] is Status.UNVISITED)
    if _cut_test(trace, step - 1):
        test = _test_words(trace, step)
        follow = (_("the next leaf evaluated is {name}").format(name=leaf.name) if leaf is not None
                  else _("no leaf is evaluated after this"))
        reason = f"{test}; {follow}"
    else:
        parent = trace.tree[now.node.parent]
        position = parent.children.index(now.node.id)
        reason = _("{parent} searches its children left to right, and {name} is its {ordinal}").format(
            parent=_title(parent), name=now.node.name, ordinal=ordinal(position + 1))
    return Question(step, Ask.LEAF, node, _("Which leaf is evaluated next? Click it, or answer none."),
                    None if leaf is None else leaf.name, choices, reason, trace.tree)


def _update_question(trace: Trace, step: int) -> Question:
    now = trace[step]
    child = now.child
    assert child is not None and now.value is not None  # an update has both
    prompt = _("{child} returned {value}. What is v at {node} now?").format(
        child=child.name, value=fmt(now.value), node=_title(now.node))
    return Question(step, Ask.UPDATE, now.node, prompt, now.v, (), now.caption, trace.tree)


def _cutoff_question(trace: Trace, step: int) -> Question:
    update = trace[step - 1]
    node = update.node
    assert update.child is not None
    left = node.children[node.children.index(update.child.id) + 1:]
    now = trace[step]
    pruned = frozenset(n.name for n in now.pruned) if now.kind is StepKind.CUTOFF else frozenset()
    prompt = _("Which children of {node} are pruned now? Click their edges, or answer none.").format(
        node=_title(node))
    return Question(step, Ask.CUTOFF, node, prompt, pruned,
                    tuple(trace.tree[i].name for i in left), _test_words(trace, step), trace.tree)


def _test_words(trace: Trace, step: int) -> str:
    """The cut test at the update before ``step``, in the captions' words."""
    now, update = trace[step], trace[step - 1]
    if now.kind is StepKind.CUTOFF:
        return now.caption
    rule = CutRule.of(trace.rule)
    return f"{_title(update.node)}: {rule.no_cutoff(update.alpha, update.beta)}"


# --- answers --------------------------------------------------------------------


def read_answer(question: Question, text: object) -> Prediction:
    """Read what someone typed (or clicked, as names) to answer ``question``.

    A leaf question takes a leaf's name or ``none``; an update question a
    number (``-inf``, ``+inf`` too); a cutoff question children's names,
    separated by commas or spaces, or ``none``.  Case does not matter.

    Raises ValueError, with a sentence naming what is wrong, for a blank
    answer, a name the tree does not have, an internal node named as the
    next leaf, a node named that is not a child of the node tested, or
    text that is not a number.

    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> sorted(read_answer(question_before(trace, 13), "j i"))
    ['I', 'J']
    >>> read_answer(question_before(trace, 13), "E")
    Traceback (most recent call last):
    ...
    ValueError: E is not a child of MIN node C; name some of C's children H, I and J, or none
    """
    if not isinstance(question, Question):
        raise TypeError(f"read_answer needs a Question, not {describe(question)}")
    if not isinstance(text, str):
        raise TypeError(f"the answer must be text, not {describe(text)}")
    body = " ".join(text.split())
    if not body:
        raise ValueError(_("the answer is blank; {how}").format(how=_how(question)))
    if question.kind is Ask.UPDATE:
        value = parse_value(body, f"v at {question.node.name}")
        if value is None:  # pragma: no cover - a blank body was refused above
            raise ValueError("the answer is blank; " + _how(question))
        return value
    if body.lower() in _NONE_WORDS or body.lower() == _("none").lower():
        return None if question.kind is Ask.LEAF else frozenset()
    nodes = _named_nodes(question, body)
    if question.kind is Ask.LEAF:
        return _one_leaf(question, nodes)
    tested, tree = question.node, question.tree
    for node in nodes:
        if node.parent != tested.id:
            children = join_names(tree[i].name for i in tested.children)
            raise ValueError(_("{name} is not a child of {node}; name some of {parent}'s children "
                               "{children}, or none").format(name=node.name, node=_title(tested),
                                                             parent=tested.name, children=children))
    return frozenset(node.name for node in nodes)


def _named_nodes(question: Question, body: str) -> list[Node]:
    """The nodes an answer names, separated by commas or spaces; ValueError
    for a name the tree does not have."""
    tree = question.tree
    nodes = []
    for name in (name for name in re.split(r"[\s,;]+", body) if name):
        try:
            nodes.append(tree.node(name, "the answer"))
        except NoSuchNode:
            last = tree[len(tree) - 1].name
            raise ValueError(_("there is no node {name}; the nodes are named A to {last}; {how}").format(
                name=shown(name), last=last, how=_how(question))) from None
    return nodes


def _one_leaf(question: Question, nodes: list[Node]) -> str:
    """The name of the one leaf a leaf question's answer names."""
    if len(nodes) != 1:
        raise ValueError(_("name one leaf, not {count} nodes; {how}").format(count=len(nodes),
                                                                            how=_how(question)))
    (node,) = nodes
    if not node.is_leaf:
        raise ValueError(_("{name} is a {player} node, not a leaf; {how}").format(
            name=node.name, player=node.player, how=_how(question)))
    return node.name


def _how(question: Question) -> str:
    if question.kind is Ask.UPDATE:
        return _("type a number such as 3 ({infinity})").format(infinity=TYPE_INFINITY)
    if question.kind is Ask.LEAF:
        return _("name a leaf such as {leaf}, or none").format(
            leaf=question.choices[0] if question.choices else "E")
    return _("name children such as {names}, or none").format(
        names=join_names(question.choices[:2] or ("E",)))


def judge(question: Question, answer: Prediction) -> Verdict:
    """Whether ``answer`` (as :func:`read_answer` returns it) is right.

    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> print(judge(question_before(trace, 12), 3).message)
    Not quite: you said 3, the search says 2. MIN node C: v = min(+∞, 2) = 2, beta = min(+∞, 2) = 2.
    """
    if not isinstance(question, Question):
        raise TypeError(f"judge needs a Question, not {describe(question)}")
    expected = question.answer
    if question.kind is Ask.UPDATE:
        if isinstance(answer, bool) or not isinstance(answer, (int, float)) \
                or (isinstance(answer, float) and math.isnan(answer)):
            raise TypeError(f"an update question's answer is a number, not {describe(answer)}")
        right = answer == expected
    elif question.kind is Ask.LEAF:
        if answer is not None and not isinstance(answer, str):
            raise TypeError(f"a leaf question's answer is a leaf's name or None, not "
                            f"{describe(answer)}")
        answer = None if answer is None else answer.strip().upper()
        right = answer == expected
    else:
        if isinstance(answer, str) or not isinstance(answer, Iterable):
            raise TypeError(f"a cutoff question's answer is a set of names, not "
                            f"{describe(answer)}")
        answer = frozenset(str(name).strip().upper() for name in answer)
        right = answer == expected
    return Verdict(right, _said(question.kind, answer), question.answer_text, question.reason)


def _said(kind: Ask, answer: Prediction) -> str:
    if kind is Ask.UPDATE:
        return fmt(answer)  # type: ignore[arg-type]  # a number
    if kind is Ask.LEAF:
        return _("no leaf") if answer is None else str(answer)
    names = sorted(answer, key=lambda name: (len(name), name))  # type: ignore[arg-type]
    return join_names(names) if names else _("none")
