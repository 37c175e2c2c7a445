"""Trees with chance nodes: expectiminimax, traced step by step, and
Ballard's Star1 pruning when the leaf scores are bounded.

A chance node stands for a roll of the dice.  Its value is the average of
its children's values, each weighted by its probability (AIMA 4e, section
5.5, "Stochastic games"):

    EXPECTIMINIMAX(s) = UTILITY(s)                    at a leaf
                        max over the children         at a MAX node
                        min over the children         at a MIN node
                        sum of P(r) x EXPECTIMINIMAX(child r)   at a chance node

In nested lists a chance node is a list of ``(probability, subtree)``
pairs, and the node below a chance node belongs to the opponent of the
decision node above it (see :meth:`gametree.Tree.from_nested`).  With
``players=``, a cycle such as ``("MAX", "CHANCE", "CHANCE")`` (CS188's
expectimax against two random ghosts), the node at depth k belongs to
``players[k % len(players)]`` and a CHANCE level's children are equally
likely unless written as pairs (see :meth:`gametree.Tree.with_players`).

* :func:`expectiminimax` and :func:`expected_values`: the value of a tree,
  and of every node, worked out from the leaves up;
* :func:`trace_expectiminimax`: the same search recorded step by step in
  the :class:`~gametree.trace.Trace` format that drawings and the stepper
  read, with captions such as ``chance node B: v = 0.5 × 3 + 0.5 × 1 = 2``;
* with ``bounds=(low, high)`` the traced search prunes: alpha-beta at MAX
  and MIN nodes, and at chance nodes Ballard's Star1 (Ballard, "The
  *-minimax search procedure for trees containing chance nodes",
  Artificial Intelligence 21(3), 1983): a chance node stops as soon as
  even the best outcomes left cannot lift it into the window
  (alpha, beta), or even the worst cannot bring it down into it.

Why bounds?  After some children of a chance node are known, the rest can
still move the average anywhere unless their values are bounded: with
leaves from 0 to 10, after 0.5 × 3 the node is worth at most
1.5 + 0.5 × 10 = 6.5, but with unbounded leaves it could be worth
anything.  So without bounds nothing can be pruned at a chance node
(CS188's expectimax never prunes); and since a chance node passes no useful
window to its children either, nothing below it can be pruned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from .checks import check_bounds, check_int, check_leaf_count, check_score
from .i18n import N_
from .i18n import gettext as _
from .listing import Listing, phrase
from .replay import (
    CUTOFF,
    ENTER,
    LEAF,
    MAX_TRACE_NODES,
    RETURN,
    UPDATE,
    Recording,
    Step,
    Trace,
    Words,
)
from .text import fmt
from .trace import after_child, alpha_beta_caption, prune_text, turns_comment
from .tree import CHANCE, MAX, MAX_DEPTH, MIN, Player, Players, Tree, Value, as_tree

__all__ = ["expectiminimax", "expected_values", "trace_expectiminimax", "ChanceTrace",
           "ChanceWords", "ChanceDetail", "chance_listing", "EXPECTIMINIMAX_STEPS", "STAR1_STEPS", "chance_pseudocode",
           "random_chance_tree", "check_score_range", "MAX_CHANCE_LEAVES"]

TIMES = "\u00d7"
"""The multiplication sign of the captions: ``0.5 × 3``."""


# --- the value, from the leaves up --------------------------------------------------


def expected_values(tree: object, *, players: Players | None = None) -> list[Value]:
    """The expectiminimax value of every node, indexed by node id.

    A leaf's value is its score, a MAX node's the largest of its
    children's, a MIN node's the smallest, and a chance node's
    ``0 + p1 × v1 + p2 × v2 + ...`` over its children, left to right (so a
    tree written with fractions.Fraction has exact values).  Worked out
    children first, in time and memory linear in the tree.  A tree without
    chance nodes gets its minimax values.  ``players=`` as for
    :func:`expectiminimax`.

    >>> expected_values([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, 4), (0.75, [2, 8])]])[:3]
    [2.5, 2.0, 2.5]
    """
    tree = as_tree(tree, players=players)
    values: list[Any] = [None] * len(tree)
    child_ids, player_of, score_of = tree.child_ids, tree.player_of, tree.score_of
    probability_of = tree.probability_of
    for node in range(len(tree) - 1, -1, -1):  # level order reversed: children first
        children = child_ids(node)
        player = player_of(node)
        if not children:
            values[node] = score_of(node)
        elif player is MAX:
            values[node] = max([values[child] for child in children])
        elif player is MIN:
            values[node] = min([values[child] for child in children])
        else:
            v: Any = 0
            for child in children:
                v = v + probability_of(child) * values[child]
            values[node] = v
    return values


def expectiminimax(tree: object, *, players: Players | None = None) -> Value:
    """The expectiminimax value of ``tree``: what the root is worth when
    MAX and MIN play their best and the dice fall as their probabilities say.

    ``tree`` is a :class:`~gametree.Tree` or nested lists, a chance node
    written as a list of ``(probability, subtree)`` pairs (see
    :meth:`gametree.Tree.from_nested`).  On a tree without chance nodes it
    is the minimax value.

    ``players=``, a non-empty sequence of ``"MAX"``, ``"MIN"`` and
    ``"CHANCE"``, gives the node at depth k to ``players[k % len(players)]``
    (chance levels included; a chance node then no longer hands the move
    on).  A CHANCE level's children are equally likely unless the node is
    written with ``(probability, subtree)`` pairs, which only a CHANCE
    level takes.

    Examples
    --------
    >>> expectiminimax([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, 4), (0.75, [2, 8])]])
    2.5
    >>> from fractions import Fraction
    >>> expectiminimax([(Fraction(1, 6), 4), (Fraction(5, 6), [2, 8])])  # a roll, then MAX moves
    Fraction(22, 3)
    >>> expectiminimax([[3, [4, 8]], [2, 9]], players=["MAX", "CHANCE", "CHANCE"])  # random ghosts
    Fraction(11, 2)
    """
    return expected_values(tree, players=players)[0]


# --- the pseudocode and the lines each step runs --------------------------------------

_EXPECTIMINIMAX = (
    ("", "function EXPECTIMINIMAX(node)"),
    ("leaf", "  " + N_("if node is a leaf: return its score")),
    ("max", "  " + N_("if node is MAX:")),
    ("max start", "    v = −∞"),
    ("", "    " + N_("for each child c, left to right:")),
    ("max v", "      v = max(v, EXPECTIMINIMAX(c))"),
    ("max return", "    return v"),
    ("min", "  " + N_("if node is MIN:")),
    ("min start", "    v = +∞"),
    ("", "    " + N_("for each child c, left to right:")),
    ("min v", "      v = min(v, EXPECTIMINIMAX(c))"),
    ("min return", "    return v"),
    ("chance", "  " + N_("# node is a chance node")),
    ("chance start", "  v = 0"),
    ("", "  " + N_("for each child c, with probability p:")),
    ("chance v", "    v = v + p × EXPECTIMINIMAX(c)"),
    ("chance return", "  return v"),
)

_STAR1 = (
    ("", "function STAR1(node, alpha, beta)"),
    ("leaf", "  " + N_("if node is a leaf: return its score")),
    ("max", "  " + N_("if node is MAX:")),
    ("max start", "    v = −∞"),
    ("", "    " + N_("for each child c, left to right:")),
    ("max v", "      v = max(v, STAR1(c, alpha, beta))"),
    ("update alpha", "      alpha = max(alpha, v)"),
    ("max test", phrase("      ", N_("if {test}: prune the other children; break"), test="alpha >= beta")),
    ("min", "  " + N_("if node is MIN:")),
    ("min start", "    v = +∞"),
    ("", "    " + N_("for each child c, left to right:")),
    ("min v", "      v = min(v, STAR1(c, alpha, beta))"),
    ("update beta", "      beta = min(beta, v)"),
    ("min test", phrase("      ", N_("if {test}: prune the other children; break"), test="alpha >= beta")),
    ("chance", "  " + N_("if node is chance:  # every leaf is in [L, U]")),
    ("chance start", "    v = 0"),
    ("", "    " + N_("for each child c, with probability p:")),
    ("", "      " + N_("r = the probabilities after c, added up")),
    ("", "      lo = max(L, (alpha - v - r × U) / p)"),
    ("", "      hi = min(U, (beta - v - r × L) / p)"),
    ("chance v", "      v = v + p × STAR1(c, lo, hi)"),
    ("fails low", "      " + N_("if v + r × U <= alpha: prune; return v + r × U")),
    ("fails high", "      " + N_("if v + r × L >= beta: prune; return v + r × L")),
    ("return", "  return v"),
)

EXPECTIMINIMAX_STEPS: dict[object, tuple[str, ...]] = {
    (LEAF, "MAX"): ("leaf",), (LEAF, "MIN"): ("leaf",), (LEAF, "CHANCE"): ("leaf",),
    (ENTER, "MAX"): ("max", "max start"), (ENTER, "MIN"): ("min", "min start"),
    (ENTER, "CHANCE"): ("chance", "chance start"),
    (UPDATE, "MAX"): ("max v",), (UPDATE, "MIN"): ("min v",), (UPDATE, "CHANCE"): ("chance v",),
    (RETURN, "MAX"): ("max return",), (RETURN, "MIN"): ("min return",),
    (RETURN, "CHANCE"): ("chance return",),
}
"""EXPECTIMINIMAX's: (kind, the node's player) -> the names of the lines a step runs."""
STAR1_STEPS: dict[object, tuple[str, ...]] = {
    (LEAF, "MAX"): ("leaf",), (LEAF, "MIN"): ("leaf",), (LEAF, "CHANCE"): ("leaf",),
    (ENTER, "MAX"): ("max", "max start"), (ENTER, "MIN"): ("min", "min start"),
    (ENTER, "CHANCE"): ("chance", "chance start"),
    (UPDATE, "MAX"): ("max v", "update alpha"), (UPDATE, "MIN"): ("min v", "update beta"),
    (UPDATE, "CHANCE"): ("chance v",),
    (CUTOFF, "MAX"): ("max test",), (CUTOFF, "MIN"): ("min test",),
    (RETURN, "MAX"): ("return",), (RETURN, "MIN"): ("return",), (RETURN, "CHANCE"): ("return",),
    "fails low": ("fails low",), "fails high": ("fails high",),  # a chance node stops early
}
"""STAR1's: (kind, the node's player) -> the names of the lines a step
runs; a chance node that stops early, below or above the window, runs the
line of its test instead."""


def chance_listing(bounds: bool = False, *, players: Players | None = None) -> Listing:
    """The pseudocode of :func:`trace_expectiminimax`, its lines named:
    EXPECTIMINIMAX, or with ``bounds=True`` STAR1 (alpha-beta at MAX and
    MIN nodes, Ballard's Star1 at chance nodes, leaves in [L, U]).
    ``players=`` adds a comment to the first line saying who moves in turn
    (:func:`gametree.trace.turns`).

    >>> code = chance_listing(bounds=True)
    >>> code.number("fails high"), code.code[code.number("fails high") - 1].strip()
    (23, 'if v + r × L >= beta: prune; return v + r × L')
    """
    if not isinstance(bounds, bool):
        raise TypeError(f"bounds must be True or False here, not {bounds!r}")
    lines = list(_STAR1 if bounds else _EXPECTIMINIMAX)
    if players is not None:
        name, head = lines[0]
        lines[0] = (name, turns_comment(head, players))
    return Listing.of("STAR1" if bounds else "EXPECTIMINIMAX", lines)


def chance_pseudocode(bounds: bool = False, *, players: Players | None = None) -> list[str]:
    """The pseudocode of :func:`trace_expectiminimax` as lines (the text of
    :func:`chance_listing`): EXPECTIMINIMAX, or with ``bounds=True`` STAR1.
    :attr:`gametree.Step.lines` index into it, counting from 1.

    >>> chance_pseudocode()[15].strip()
    'v = v + p × EXPECTIMINIMAX(c)'
    >>> chance_pseudocode(bounds=True)[21].strip()
    'if v + r × U <= alpha: prune; return v + r × U'
    """
    return list(chance_listing(bounds, players=players).code)


class ChanceDetail(NamedTuple):
    """What a step at a chance node records besides the core fields (its
    :attr:`gametree.Step.detail`)."""

    terms: tuple[tuple[Value, Value], ...] = ()
    """UPDATE, CUTOFF and RETURN: the (probability, value) of each child
    searched so far, left to right."""


@dataclass(frozen=True)
class ChanceWords(Words):
    """Expectiminimax's words: the sum at chance nodes (``chance node B: v
    = 0.5 × 3 + 0.5 × 1 = 2``), and under Star1 alpha-beta's own words at
    MAX and MIN nodes; the lines of :func:`chance_listing` by name."""

    bounds: tuple[Value, Value] | None = None
    """Star1's (low, high) that every leaf lies in; None for plain expectiminimax."""

    def line_names(self, step: Step) -> tuple[str, ...]:
        player = step.node.player.value
        if self.bounds is None:
            return EXPECTIMINIMAX_STEPS[step.kind, player]
        if step.node.player is CHANCE and not step.node.is_leaf and (
                step.kind is CUTOFF or (step.kind is RETURN and _was_cut(step))):
            return STAR1_STEPS["fails low" if self._fails_low(step) else "fails high"]
        return STAR1_STEPS[step.kind, player]

    def used_names(self) -> frozenset[str]:
        steps = EXPECTIMINIMAX_STEPS if self.bounds is None else STAR1_STEPS
        return frozenset(name for names in steps.values() for name in names)

    def caption(self, step: Step) -> str:
        node, kind = step.node, step.kind
        if kind is LEAF or (self.bounds is not None and (node.player is not CHANCE
                                                         or kind is ENTER)):
            return alpha_beta_caption(step)  # Star1 is alpha-beta at MAX and MIN nodes
        if node.player is not CHANCE or kind is ENTER:  # no window
            return _plain_caption(step)
        if kind is UPDATE:
            before = step.before.v if step.before is not None else 0
            return f"{node.title}: v = {_sum_text(_terms(step), before)} = {fmt(step.v)}"
        if kind is CUTOFF:
            return self._cutoff_caption(step)
        return self._return_caption(step)

    def _fails_low(self, step: Step) -> bool:
        """Whether a chance node's CUTOFF or RETURN after a cut stopped below
        the window (its test ``v + r × U <= alpha`` held, the one tried first)."""
        low, high = self.bounds  # type: ignore[misc]  # a cut has bounds
        v, rest = _partial(step)
        return _at_most(v, rest, high) <= step.alpha

    def _cutoff_caption(self, step: Step) -> str:
        low, high = self.bounds  # type: ignore[misc]  # a cut has bounds
        v, rest = _partial(step)
        title, pruned = step.node.title, prune_text(step.pruned)
        if self._fails_low(step):
            formula = f"{fmt(v)} + {fmt(rest)} {TIMES} {fmt(high)} = {fmt(_at_most(v, rest, high))}"
            return _("{node}: at most {formula} <= alpha = {alpha}, {prune}").format(
                node=title, formula=formula, alpha=fmt(step.alpha), prune=pruned)
        formula = f"{fmt(v)} + {fmt(rest)} {TIMES} {fmt(low)} = {fmt(_at_least(v, rest, low))}"
        return _("{node}: at least {formula} >= beta = {beta}, {prune}").format(
            node=title, formula=formula, beta=fmt(step.beta), prune=pruned)

    def _return_caption(self, step: Step) -> str:
        title = step.node.title
        if _was_cut(step):
            said = (_("{node} returns {v}, a bound: its value is at most {v}") if self._fails_low(step)
                    else _("{node} returns {v}, a bound: its value is at least {v}"))
            said = said.format(node=title, v=fmt(step.v))
            if step.node.parent is None:
                said = _("{caption}: the value of the tree").format(caption=said)
            return said
        terms = _terms(step)
        value = f"{_sum_text(terms, 0)} = {fmt(step.v)}" if len(terms) <= 4 else fmt(step.v)
        return _returns(step, value)


def _plain_caption(step: Step) -> str:
    """Plain expectiminimax at a MAX or MIN node, or entering a chance node: no window."""
    title, kind = step.node.title, step.kind
    if kind is ENTER:
        return _("{node}: enter; v = {v}").format(node=title, v=fmt(step.v))
    if kind is UPDATE:
        pick = "max" if step.node.player is MAX else "min"
        assert step.before is not None
        return f"{title}: v = {pick}({fmt(step.before.v)}, {fmt(step.value)}) = {fmt(step.v)}"
    return _returns(step, fmt(step.v))


def _returns(step: Step, value: str) -> str:
    """``MAX node A returns v = 3``, and at the root ``...: the value of the tree``."""
    if step.node.parent is None:
        return _("{node} returns v = {value}: the value of the tree").format(node=step.node.title,
                                                                          value=value)
    return _("{node} returns v = {value}").format(node=step.node.title, value=value)


def _terms(step: Step) -> tuple[tuple[Any, Any], ...]:
    """The (probability, value) terms a chance node's step carries."""
    return step.detail.terms if step.detail is not None else ()


def _partial(step: Step) -> tuple[Any, Any]:
    """(the sum of p × value over the children searched, the probability
    of the children pruned) at a chance node's CUTOFF, or its RETURN after
    a cut (both carry the pruned children)."""
    v = _added([p * value for p, value in _terms(step)])
    return v, _added([child.probability for child in step.pruned])


def _added(values: Sequence[Any]) -> Any:
    """The sum of ``values`` from the left, starting at 0 (as the search adds)."""
    total: Any = 0
    for value in values:
        total = total + value
    return total


def _at_most(v: Any, rest: Any, high: Any) -> Any:
    """v + rest × high: the most a chance node can be worth with ``rest``
    of the probability still to come (exactly v when nothing is left)."""
    return v + rest * high if rest else v


def _at_least(v: Any, rest: Any, low: Any) -> Any:
    """v + rest × low: the least it can be worth."""
    return v + rest * low if rest else v


def _was_cut(step: Step) -> bool:
    return bool(step.pruned)


def _sum_text(terms: Sequence[tuple[Any, Any]], before: Any) -> str:
    """``0.5 × 3 + 0.5 × 1``, or with more than four terms ``v + p × value``."""
    if len(terms) <= 4:
        return " + ".join(f"{fmt(p)} {TIMES} {fmt(x)}" for p, x in terms)
    p, x = terms[-1]
    return f"{fmt(before)} + {fmt(p)} {TIMES} {fmt(x)}"


# --- the recorded search ------------------------------------------------------------


class ChanceTrace(Trace):
    """The recorded expectiminimax search (see :func:`trace_expectiminimax`):
    a :class:`~gametree.trace.Trace`, so drawings, the stepper and GIF
    export read it unchanged, with the bounds it was searched with.

    Attributes
    ----------
    bounds : (Value, Value) or None
        The (low, high) that every leaf lies in, for Star1; None for plain
        expectiminimax, which prunes nothing.
    search : str
        ``"expectiminimax"`` or ``"star1"`` (see :attr:`gametree.Trace.search`).
    """

    def __init__(self, tree: Tree, records: list, evaluated_ids: list[int],
                 bounds: tuple[Value, Value] | None):
        self.bounds = bounds
        self.search = "expectiminimax" if bounds is None else "star1"
        words = ChanceWords(chance_listing(bounds is not None, players=tree.players), bounds=bounds)
        super().__init__(tree, records, evaluated_ids, words)

    @property
    def algorithm(self) -> str:
        """The search in words: ``Expectiminimax``, or ``Expectiminimax with
        Star1 pruning (leaves from 0 to 10)``."""
        if self.bounds is None:
            return _("Expectiminimax")
        low, high = self.bounds
        return _("Expectiminimax with Star1 pruning (leaves from {low} to {high})").format(
            low=fmt(low), high=fmt(high))

    def _step(self, index: int) -> Step:
        step = super()._step(index)
        node = step.node
        if node.player is not CHANCE or step.kind not in (UPDATE, CUTOFF, RETURN):
            return step
        self._index()
        assert self._exit is not None
        terms: list[Any] = []
        for child in node.children:
            done = self._exit[child]
            if not 0 <= done < index:
                break
            terms.append((self.tree.probability_of(child), self._returned(done)))
        step = step._replace(detail=ChanceDetail(tuple(terms)))
        if step.kind is RETURN and len(terms) < len(node.children):
            step = step._replace(pruned=tuple(self.tree[i] for i in node.children[len(terms):]))
        return step

    def __repr__(self) -> str:
        return (f"<Trace of {self.algorithm[0].lower()}{self.algorithm[1:]}: value "
                f"{fmt(self.value)}, {self.evaluated} of {self.tree.leaf_count} leaves "
                f"evaluated, {len(self)} steps>")


def trace_expectiminimax(tree: object, *, bounds: tuple[Value, Value] | None = None,
                         players: Players | None = None) -> ChanceTrace:
    """Run expectiminimax and record every step, in the format drawings and
    the stepper read.

    Without ``bounds`` every node is searched (EXPECTIMINIMAX of
    :func:`chance_pseudocode`): a chance node's unseen outcomes could be
    worth anything, so nothing can be pruned.  With ``bounds=(low, high)``,
    the promise that every leaf lies from ``low`` to ``high``, MAX and MIN
    nodes run alpha-beta (fail-soft, cutting when alpha >= beta) and chance
    nodes run Ballard's Star1: after each child a chance node knows its
    value lies from ``v + r × low`` to ``v + r × high`` (v the sum so far,
    r the probability still to come); it stops as soon as that range is
    at or below alpha or at or above beta, returning the bound, and it
    passes each child the window where the child's value can still matter.
    ``trace.value`` is the same either way (exactly so with
    fractions.Fraction probabilities; with floats up to rounding in the
    last digits where a cut was made).

    Parameters
    ----------
    tree : Tree or nested lists
        At most :data:`gametree.trace.MAX_TRACE_NODES` nodes.  A chance node
        is a list of ``(probability, subtree)`` pairs.
    bounds : (low, high), optional
        Numbers with low <= high (either may be infinite: that side is
        unbounded, so no chance node can be cut from it); every leaf must
        lie between them.
    players : sequence of "MAX", "MIN", "CHANCE", optional
        The player of each level in turn, as :func:`expectiminimax` takes:
        ``("MAX", "CHANCE", "CHANCE")`` is expectimax against two random
        ghosts.  Captions name each ghost when the cycle has more than one
        MIN level.

    Raises
    ------
    TypeError, ValueError
        For a tree :func:`gametree.as_tree` refuses, too many nodes, bounds
        that are not a pair with low <= high, or a leaf outside them.

    Examples
    --------
    >>> tree = [[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]]
    >>> trace = trace_expectiminimax(tree)
    >>> trace.value, trace.evaluated
    (2.0, 8)
    >>> [s.caption for s in trace if s.kind == "return"][2]
    'chance node B returns v = 0.5 × 3 + 0.5 × 1 = 2'
    >>> trace_expectiminimax(tree, bounds=(0, 10)).evaluated  # alpha-beta below the chance nodes
    6
    >>> star1 = trace_expectiminimax([[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]], bounds=(0, 10))
    >>> star1.value, star1.evaluated
    (7.0, 3)
    >>> star1.cutoffs[0].caption
    'chance node C: at most 0.5 + 0.5 × 10 = 5.5 <= alpha = 7, prune 1 child (leaf 9)'
    >>> ghost = trace_expectiminimax([[3, 5], [2, 9]], players=["MAX", "CHANCE"])
    >>> ghost.value, [s.caption for s in ghost if s.kind == "return"][0]
    (Fraction(11, 2), 'chance node B returns v = 1/2 × 3 + 1/2 × 5 = 4')
    """
    tree = as_tree(tree, players=players)
    if len(tree) > MAX_TRACE_NODES:
        raise ValueError(f"the tree has {len(tree):,} nodes; trace_expectiminimax records at most "
                         f"{MAX_TRACE_NODES:,}, so search it with expectiminimax instead, or cut "
                         f"it down")
    window: tuple[Any, Any] | None = None
    if bounds is not None:
        window = check_bounds(bounds)
        low, high = window
        for leaf in tree.leaves:
            if not low <= leaf.score <= high:
                raise ValueError(f"leaf {leaf.name} scores {fmt(leaf.score)}, outside the bounds "
                                 f"({fmt(low)}, {fmt(high)}); every leaf must lie between them, "
                                 f"so widen the bounds or change the leaf")
    child_ids, player_of, probability_of = tree.child_ids, tree.player_of, tree.probability_of
    recording = Recording(tree)
    record, evaluate = recording.step, recording.leaf

    def search(child: int, alpha: Any, beta: Any) -> Value:
        if not child_ids(child):
            return evaluate(child, alpha, beta)
        return expecti(child) if window is None else star1(child, alpha, beta)

    def expecti(node: int) -> Value:
        """EXPECTIMINIMAX: every child of every node."""
        player = player_of(node)
        v: Any = -math.inf if player is MAX else math.inf if player is MIN else 0
        record((ENTER, node, v, None, None))
        for child in child_ids(node):
            value = search(child, None, None)
            if player is MAX:
                if value > v:  # v = max(v, value)
                    v = value
            elif player is MIN:
                if value < v:  # v = min(v, value)
                    v = value
            else:
                v = v + probability_of(child) * value  # type: ignore[operator]
            record((UPDATE, node, v, None, None))
        record((RETURN, node, v, None, None))
        return v

    def star1(node: int, alpha: Any, beta: Any) -> Value:
        """STAR1: alpha-beta at MAX and MIN nodes, Star1 at chance nodes."""
        assert window is not None
        low, high = window
        player = player_of(node)
        children = child_ids(node)
        if player is not CHANCE:
            maximizing = player is MAX
            v: Any = -math.inf if maximizing else math.inf
            record((ENTER, node, v, alpha, beta))
            for child in children:
                value = search(child, alpha, beta)
                v, alpha, beta = after_child(maximizing, value, v, alpha, beta)  # alpha-beta's
                record((UPDATE, node, v, alpha, beta))
                if alpha >= beta:  # the cut rule, AIMA's
                    if child != children[-1]:
                        record((CUTOFF, node, v, alpha, beta))
                    break
            record((RETURN, node, v, alpha, beta))
            return v
        v = 0
        record((ENTER, node, v, alpha, beta))
        probabilities = [probability_of(child) for child in children]
        last = len(children) - 1
        for k, child in enumerate(children):
            p: Any = probabilities[k]
            rest = _added(probabilities[k + 1:])  # r: the probability still to come after c
            if p:  # the window where c's value can still matter
                lo = max(low, (alpha - _at_most(v, rest, high)) / p)
                hi = min(high, (beta - _at_least(v, rest, low)) / p)
            else:  # c cannot move v: any window will do
                lo, hi = low, high
            v = v + p * search(child, lo, hi)
            record((UPDATE, node, v, alpha, beta))
            if k < last:
                most = _at_most(v, rest, high)
                if most <= alpha:  # even the best outcomes left cannot lift v into the window
                    record((CUTOFF, node, v, alpha, beta))
                    record((RETURN, node, most, alpha, beta))
                    return most
                least = _at_least(v, rest, low)
                if least >= beta:  # even the worst outcomes left cannot bring it down into it
                    record((CUTOFF, node, v, alpha, beta))
                    record((RETURN, node, least, alpha, beta))
                    return least
        record((RETURN, node, v, alpha, beta))
        return v

    if window is None:
        search(0, None, None)
    else:
        search(0, -math.inf, math.inf)
    return ChanceTrace(tree, recording.records, recording.evaluated, window)


# --- random trees with chance nodes --------------------------------------------------------

MAX_CHANCE_LEAVES = 2**16
"""Largest random chance tree made: 65,536 leaves."""

PROBABILITY_STYLES = ("decimal", "fraction", "uniform")
"""How :func:`random_chance_tree` draws the probabilities of a chance node:
tenths as floats (0.3 and 0.7, easy to multiply by hand), fractions with
small denominators (Fraction(1, 3) and Fraction(2, 3), exact), or all equal
as fractions (a fair die)."""


def _probabilities(rng: random.Random, count: int, style: str) -> list[Any]:
    if style == "uniform":
        return [Fraction(1, count)] * count
    if style == "fraction":
        weights = [rng.randint(1, 3) for _ in range(count)]
        return [Fraction(w, sum(weights)) for w in weights]
    # decimal: tenths adding up to exactly 10, as floats
    cuts = sorted(rng.sample(range(1, 10), count - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, 10], strict=True)]
    return [part / 10 for part in parts]


def check_score_range(low: object, high: object, *, high_example: str = "10") -> tuple[int, int]:
    """``(low, high)``, whole-number scores with ``low <= high``, as the
    random trees take them; else TypeError or ValueError with a sentence.

    >>> check_score_range(0, 9)
    (0, 9)
    >>> check_score_range(5, 2)
    Traceback (most recent call last):
    ...
    ValueError: low must be at most high, not 5 and 2
    """
    low = check_int(low, "low", example="0")
    high = check_int(high, "high", example=high_example)
    check_score(low, "low")
    check_score(high, "high")
    if low > high:
        raise ValueError(f"low must be at most high, not {low} and {high}")
    return low, high


def random_chance_tree(depth: int, seed: int | None, *, branching: int = 2, outcomes: int = 2,
                       low: int = 0, high: int = 10, probabilities: str = "decimal",
                       root: Player = MAX) -> Tree:
    """A seeded random tree with chance nodes in backgammon's layering:
    ``depth`` decision levels, each MAX or MIN node with ``branching``
    children, each of them a chance node with ``outcomes`` children, down
    to leaves scored from ``low`` to ``high`` (so the tree is ``2 × depth``
    deep and has ``(branching × outcomes) ** depth`` leaves).

    The same ``seed`` gives the same tree on every machine
    (``random.Random(seed)``).  ``probabilities`` is one of
    :data:`PROBABILITY_STYLES`; tenths (``"decimal"``) need
    ``outcomes <= 10``.  At most :data:`MAX_CHANCE_LEAVES` leaves.

    >>> random_chance_tree(1, seed=3).to_nested()
    [[(0.4, 9), (0.6, 8)], [(0.3, 5), (0.7, 9)]]
    """
    depth = check_int(depth, "depth", low=1, high=MAX_DEPTH // 2, example="2")
    branching = check_int(branching, "branching", low=1, example="2")
    outcomes = check_int(outcomes, "outcomes", low=1, example="2")
    if seed is not None:
        check_int(seed, "seed", example="42")
    check_leaf_count(branching * outcomes, depth, MAX_CHANCE_LEAVES, "a random chance tree")
    low, high = check_score_range(low, high)
    if probabilities not in PROBABILITY_STYLES:
        raise ValueError(f"probabilities must be one of {', '.join(map(repr, PROBABILITY_STYLES))}, "
                         f"not {probabilities!r}")
    if probabilities == "decimal" and outcomes > 10:
        raise ValueError(f"{outcomes} outcomes cannot each get at least a tenth; use "
                         f"probabilities='fraction' or 'uniform', or at most 10 outcomes")
    rng = random.Random(seed)

    def decision(level: int) -> list:
        return [chance(level) for _ in range(branching)]

    def chance(level: int) -> list:
        chances = _probabilities(rng, outcomes, probabilities)
        if level == depth:
            return [(p, rng.randint(low, high)) for p in chances]
        return [(p, decision(level + 1)) for p in chances]

    return Tree.from_nested(decision(1), root=root)
