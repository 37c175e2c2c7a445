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
from fractions import Fraction
from typing import Any

from .checks import check_bounds, check_int, check_leaf_count, check_score
from .rules import CutRule
from .text import fmt
from .trace import (
    CUTOFF,
    ENTER,
    LEAF,
    MAX_TRACE_NODES,
    RETURN,
    UPDATE,
    Step,
    Trace,
    _describe,
    trace_alpha_beta,
    turns,
)
from .tree import CHANCE, MAX, MAX_DEPTH, MIN, Player, Players, Tree, Value, as_tree

__all__ = ["expectiminimax", "expected_values", "trace_expectiminimax", "ChanceTrace",
           "chance_pseudocode", "random_chance_tree", "trace_search", "MAX_CHANCE_LEAVES"]

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

_EXPECTIMINIMAX = """\
function EXPECTIMINIMAX(node)
  if node is a leaf: return its score
  if node is MAX:
    v = −∞
    for each child c, left to right:
      v = max(v, EXPECTIMINIMAX(c))
    return v
  if node is MIN:
    v = +∞
    for each child c, left to right:
      v = min(v, EXPECTIMINIMAX(c))
    return v
  # node is a chance node
  v = 0
  for each child c, with probability p:
    v = v + p × EXPECTIMINIMAX(c)
  return v"""

_STAR1 = """\
function STAR1(node, alpha, beta)
  if node is a leaf: return its score
  if node is MAX:
    v = −∞
    for each child c, left to right:
      v = max(v, STAR1(c, alpha, beta))
      alpha = max(alpha, v)
      if alpha >= beta: prune the other children; break
  if node is MIN:
    v = +∞
    for each child c, left to right:
      v = min(v, STAR1(c, alpha, beta))
      beta = min(beta, v)
      if alpha >= beta: prune the other children; break
  if node is chance:  # every leaf is in [L, U]
    v = 0
    for each child c, with probability p:
      r = the probabilities after c, added up
      lo = max(L, (alpha - v - r × U) / p)
      hi = min(U, (beta - v - r × L) / p)
      v = v + p × STAR1(c, lo, hi)
      if v + r × U <= alpha: prune; return v + r × U
      if v + r × L >= beta: prune; return v + r × L
  return v"""

# Pseudocode line numbers (from 1) each kind of step runs, by the node's player.
_PLAIN_LINES = {
    (LEAF, "MAX"): (2,), (LEAF, "MIN"): (2,), (LEAF, "CHANCE"): (2,),
    (ENTER, "MAX"): (3, 4), (ENTER, "MIN"): (8, 9), (ENTER, "CHANCE"): (13, 14),
    (UPDATE, "MAX"): (6,), (UPDATE, "MIN"): (11,), (UPDATE, "CHANCE"): (16,),
    (RETURN, "MAX"): (7,), (RETURN, "MIN"): (12,), (RETURN, "CHANCE"): (17,),
}
_STAR1_LINES = {
    (LEAF, "MAX"): (2,), (LEAF, "MIN"): (2,), (LEAF, "CHANCE"): (2,),
    (ENTER, "MAX"): (3, 4), (ENTER, "MIN"): (9, 10), (ENTER, "CHANCE"): (15, 16),
    (UPDATE, "MAX"): (6, 7), (UPDATE, "MIN"): (12, 13), (UPDATE, "CHANCE"): (21,),
    (CUTOFF, "MAX"): (8,), (CUTOFF, "MIN"): (14,),
    (RETURN, "MAX"): (24,), (RETURN, "MIN"): (24,), (RETURN, "CHANCE"): (24,),
}
_STAR1_FAIL_LOW, _STAR1_FAIL_HIGH = 22, 23
"""The lines where a chance node stops early: below the window, above it."""


def chance_pseudocode(bounds: bool = False, *, players: Players | None = None) -> list[str]:
    """The pseudocode of :func:`trace_expectiminimax` as lines:
    EXPECTIMINIMAX, or with ``bounds=True`` STAR1 (alpha-beta at MAX and
    MIN nodes, Ballard's Star1 at chance nodes, leaves in [L, U]).
    :attr:`gametree.Step.lines` index into it, counting from 1.
    ``players=`` adds a comment to the first line saying who moves in turn
    (:func:`gametree.trace.turns`).

    >>> chance_pseudocode()[15].strip()
    'v = v + p × EXPECTIMINIMAX(c)'
    >>> chance_pseudocode(bounds=True)[21].strip()
    'if v + r × U <= alpha: prune; return v + r × U'
    """
    if not isinstance(bounds, bool):
        raise TypeError(f"bounds must be True or False here, not {bounds!r}")
    lines = (_STAR1 if bounds else _EXPECTIMINIMAX).splitlines()
    if players is not None:
        lines[0] += f"  # turns: {turns(players)}"
    return lines


def _fails_low(step: Step) -> bool:
    """Whether a chance node's CUTOFF or RETURN after a cut stopped below
    the window (its test ``v + r × U <= alpha`` held, the one tried first)."""
    low, high = step.bounds  # type: ignore[misc]  # a cut has bounds
    v, rest = _partial(step)
    return _at_most(v, rest, high) <= step.alpha


def _partial(step: Step) -> tuple[Any, Any]:
    """(the sum of p × value over the children searched, the probability
    of the children pruned) at a chance node's CUTOFF, or its RETURN after
    a cut (both carry the pruned children)."""
    v = _added([p * value for p, value in step.terms])
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


def step_lines(step: Step) -> tuple[int, ...]:
    """The lines of :func:`chance_pseudocode` a step of
    :func:`trace_expectiminimax` runs (what :attr:`gametree.Step.lines` gives)."""
    player = step.node.player.value
    if step.search == "expectiminimax":
        return _PLAIN_LINES[step.kind, player]
    if step.node.player is CHANCE and not step.node.is_leaf and (
            step.kind is CUTOFF or (step.kind is RETURN and _was_cut(step))):
        return (_STAR1_FAIL_LOW,) if _fails_low(step) else (_STAR1_FAIL_HIGH,)
    return _STAR1_LINES[step.kind, player]


def _was_cut(step: Step) -> bool:
    return bool(step.pruned)


def _sum_text(terms: Sequence[tuple[Any, Any]], before: Any) -> str:
    """``0.5 × 3 + 0.5 × 1``, or with more than four terms ``v + p × value``."""
    if len(terms) <= 4:
        return " + ".join(f"{fmt(p)} {TIMES} {fmt(x)}" for p, x in terms)
    p, x = terms[-1]
    return f"{fmt(before)} + {fmt(p)} {TIMES} {fmt(x)}"


def step_caption(step: Step) -> str:
    """The caption of a step of :func:`trace_expectiminimax` (what
    :attr:`gametree.Step.caption` gives): alpha-beta's own words at MAX and
    MIN nodes under Star1, the sum at chance nodes."""
    node, kind = step.node, step.kind
    end = ": the value of the tree" if node.parent is None else ""
    if kind is LEAF or (node.player is not CHANCE and step.search == "star1"):
        return Step.caption.fget(step._replace(search="alpha-beta"))  # type: ignore[attr-defined]
    title = node.title
    if node.player is not CHANCE:  # plain expectiminimax at MAX and MIN: no window
        if kind is ENTER:
            return f"{title}: enter; v = {fmt(step.v)}"
        if kind is UPDATE:
            pick = "max" if node.player is MAX else "min"
            assert step.before is not None
            return f"{title}: v = {pick}({fmt(step.before.v)}, {fmt(step.value)}) = {fmt(step.v)}"
        return f"{title} returns v = {fmt(step.v)}{end}"
    if kind is ENTER:
        if step.search == "star1":
            return (f"{title}: enter with alpha = {fmt(step.alpha)}, beta = {fmt(step.beta)}; "
                    f"v = {fmt(step.v)}")
        return f"{title}: enter; v = {fmt(step.v)}"
    if kind is UPDATE:
        before = step.before.v if step.before is not None else 0
        return f"{title}: v = {_sum_text(step.terms, before)} = {fmt(step.v)}"
    if kind is CUTOFF:
        low, high = step.bounds  # type: ignore[misc]
        v, rest = _partial(step)
        count = len(step.pruned)
        pruned = f"prune {count} {'child' if count == 1 else 'children'} ({_describe(step.pruned)})"
        if _fails_low(step):
            return (f"{title}: at most {fmt(v)} + {fmt(rest)} {TIMES} {fmt(high)} = "
                    f"{fmt(_at_most(v, rest, high))} <= alpha = {fmt(step.alpha)}, {pruned}")
        return (f"{title}: at least {fmt(v)} + {fmt(rest)} {TIMES} {fmt(low)} = "
                f"{fmt(_at_least(v, rest, low))} >= beta = {fmt(step.beta)}, {pruned}")
    # RETURN
    if _was_cut(step):
        if _fails_low(step):
            return (f"{title} returns {fmt(step.v)}, a bound: its value is at most "
                    f"{fmt(step.v)}{end}")
        return (f"{title} returns {fmt(step.v)}, a bound: its value is at least "
                f"{fmt(step.v)}{end}")
    if len(step.terms) <= 4:
        return f"{title} returns v = {_sum_text(step.terms, 0)} = {fmt(step.v)}{end}"
    return f"{title} returns v = {fmt(step.v)}{end}"


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
        ``"expectiminimax"`` or ``"star1"`` (see :attr:`gametree.Step.search`).
    """

    def __init__(self, tree: Tree, records: list, evaluated_ids: list[int],
                 bounds: tuple[Value, Value] | None):
        self.bounds = bounds
        self.search = "expectiminimax" if bounds is None else "star1"
        super().__init__(tree, records, evaluated_ids, CutRule.TIES, False)

    @property
    def algorithm(self) -> str:
        """The search in words: ``Expectiminimax``, or ``Expectiminimax with
        Star1 pruning (leaves from 0 to 10)``."""
        if self.bounds is None:
            return "Expectiminimax"
        low, high = self.bounds
        return f"Expectiminimax with Star1 pruning (leaves from {fmt(low)} to {fmt(high)})"

    @property
    def code(self) -> tuple[str, ...]:
        """EXPECTIMINIMAX, or STAR1 with bounds: see :func:`chance_pseudocode`."""
        return tuple(chance_pseudocode(self.bounds is not None, players=self.tree.players))

    def _step(self, index: int) -> Step:
        step = super()._step(index)
        extra: dict[str, Any] = {"search": self.search, "bounds": self.bounds}
        node = step.node
        if node.player is CHANCE and step.kind in (UPDATE, CUTOFF, RETURN):
            self._index()
            assert self._exit is not None
            terms = []
            for child in node.children:
                done = self._exit[child]
                if not 0 <= done < index:
                    break
                terms.append((self.tree.probability_of(child), self._returned(done)))
            extra["terms"] = tuple(terms)
            if step.kind is RETURN and len(terms) < len(node.children):
                extra["pruned"] = tuple(map(self.tree._node, node.children[len(terms):]))
        return step._replace(**extra)

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
    child_ids, player_of, score_of = tree.child_ids, tree.player_of, tree.score_of
    probability_of = tree.probability_of
    records: list = []
    evaluated: list[int] = []
    record = records.extend

    def evaluate(leaf: int, alpha: Any, beta: Any) -> Value:
        """Evaluate a leaf: a step of its own."""
        evaluated.append(leaf)
        score: Value = score_of(leaf)  # type: ignore[assignment]  # a leaf has a score
        record((LEAF, leaf, score, alpha, beta))
        return score

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
                if maximizing:
                    if value > v:  # v = max(v, value)
                        v = value
                    if v > alpha:  # alpha = max(alpha, v)
                        alpha = v
                else:
                    if value < v:  # v = min(v, value)
                        v = value
                    if v < beta:  # beta = min(beta, v)
                        beta = v
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
    return ChanceTrace(tree, records, evaluated, window)


def trace_search(tree: object, branching: int | None = None, *, strict: bool = False,
                 players: Players | None = None) -> Trace:
    """The recorded search a tree calls for: :func:`trace_expectiminimax`
    when it has chance nodes, :func:`gametree.trace_alpha_beta` (with the
    cut rule ``strict`` names) when it has none, each with ``players=``
    when given.  What the stepper and the drawings run on a tree they are
    given.

    >>> trace_search([[(0.5, 3), (0.5, 5)]]).algorithm, trace_search([[3, 5]]).algorithm
    ('Expectiminimax', 'Alpha-beta (cut when alpha >= beta)')
    """
    tree = as_tree(tree, branching, players=players)
    if tree.has_chance or CHANCE in (tree.players or ()):
        return trace_expectiminimax(tree)
    return trace_alpha_beta(tree, strict=strict)


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
    low = check_int(low, "low", example="0")
    high = check_int(high, "high", example="10")
    check_score(low, "low")
    check_score(high, "high")
    if low > high:
        raise ValueError(f"low must be at most high, not {low} and {high}")
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
