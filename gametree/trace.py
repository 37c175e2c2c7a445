"""Alpha-beta that records what it does, one immutable :class:`Step` at a time.

The search records its steps in the format of :mod:`gametree.replay`
(re-exported here): a :class:`Trace` holds the steps and can tell, for any
step, the state of every node (:meth:`Trace.state`).  Alpha-beta's words
live here beside it: its pseudocode, a :class:`~gametree.listing.Listing`
whose lines have names (:func:`listing`), and its captions
(:class:`AlphaBetaWords`), which the other searches that run alpha-beta at
some nodes (Star1, PVS, MTD(f)) borrow.  This module knows nothing of
matplotlib or ipywidgets.

The search is :func:`gametree.alpha_beta`'s: children left to right; after each child a
MAX node sets v = max(v, value) then alpha = max(alpha, v), a MIN node sets
v = min(v, value) then beta = min(beta, v); as soon as the cut rule's test
holds (alpha >= beta, or alpha > beta with ``strict=True``: see
:class:`~gametree.rules.CutRule`) the remaining children are pruned.

Two ways to return
------------------
*Fail-soft* (the default, and :func:`gametree.alpha_beta`'s): a node
returns v, which after a cutoff may lie outside the window (alpha, beta)
it was given; it is then only a bound on the node's minimax value.
*Fail-hard* (``fail_hard=True``): a node returns v clamped into the window
it was given, ``min(alpha, beta)`` at a MAX node and ``max(alpha, beta)``
at a MIN node.  Both find the same value at the root and evaluate the same
leaves; only the bounds passed up differ.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import inf

from .checks import check_flag
from .i18n import N_, ngettext
from .i18n import gettext as _
from .listing import Listing, Phrase, phrase
from .replay import (
    CUTOFF,
    ENTER,
    LEAF,
    MAX_TRACE_NODES,
    PASS,
    RECORD,
    RESEARCH,
    RETURN,
    TABLE,
    UPDATE,
    Notes,
    Phase,
    PhaseKind,
    Recording,
    Snapshot,
    Status,
    Step,
    StepKind,
    Trace,
    Window,
    Words,
)
from .rules import CutRule
from .text import fmt
from .tree import (
    CHANCE,
    MAX,
    Node,
    Players,
    Value,
    agent_in_words,
    agent_names,
    as_tree,
    check_players,
)

__all__ = ["trace_alpha_beta", "Trace", "Step", "StepKind", "Status", "Snapshot",
           "Window", "pseudocode", "listing", "turns", "MAX_TRACE_NODES", "Phase", "PhaseKind",
           "Notes", "Words", "AlphaBetaWords", "ALPHA_BETA_STEPS", "alpha_beta_caption", "describe_nodes",
           "prune_text", "after_child", "RECORD", "ENTER", "LEAF", "UPDATE", "CUTOFF", "RETURN",
           "PASS", "RESEARCH", "TABLE"]

_NEG_INF = -inf


# --- the pseudocode --------------------------------------------------------------------

def listing(strict: bool | CutRule = False, *, fail_hard: bool = False,
            players: Players | None = None) -> Listing:
    """Alpha-beta's pseudocode, its lines named: what :func:`pseudocode`
    gives as text, and what the steps' line names (:data:`ALPHA_BETA_STEPS`)
    point into.

    >>> code = listing()
    >>> code.number("update alpha"), code.code[code.number("min test") - 1].strip()
    (7, 'if alpha >= beta: prune the other children; break')
    """
    rule = CutRule.of(strict)
    check_flag(fail_hard, "fail_hard")
    returns = (("return min(alpha, beta)  # fail-hard", "return max(alpha, beta)  # fail-hard")
               if fail_hard else ("return v", "return v"))
    head = "function ALPHA-BETA(node, alpha, beta)"
    return Listing.of("ALPHA-BETA", [
        ("", head if players is None else turns_comment(head, players)),
        ("leaf", "  " + N_("if node is a leaf: return its score")),
        ("max", "  " + N_("if node is MAX:")),
        ("max start", "    v = −∞"),
        ("", "    " + N_("for each child c, left to right:")),
        ("max v", "      v = max(v, ALPHA-BETA(c, alpha, beta))"),
        ("update alpha", "      alpha = max(alpha, v)"),
        ("max test", phrase("      ", N_("if {test}: prune the other children; break"), test=rule.test)),
        ("max return", f"    {returns[0]}"),
        ("min", "  " + N_("else:  # node is MIN")),
        ("min start", "    v = +∞"),
        ("", "    " + N_("for each child c, left to right:")),
        ("min v", "      v = min(v, ALPHA-BETA(c, alpha, beta))"),
        ("update beta", "      beta = min(beta, v)"),
        ("min test", phrase("      ", N_("if {test}: prune the other children; break"), test=rule.test)),
        ("min return", f"    {returns[1]}"),
    ])


def turns_comment(head: str, players: Players) -> Phrase:
    """The first line ``head`` of a listing with a comment saying who
    moves in turn (:func:`turns`), in the language it is shown in.

    >>> turns_comment("function F(node)", ["MAX", "MIN", "MIN"])
    'function F(node)  # turns: MAX, MIN (ghost 1), MIN (ghost 2), again'
    """
    return phrase("", N_("{head}  # turns: {turns}"), head=head,
                  turns=functools.partial(turns, check_players(players)))


def pseudocode(strict: bool | CutRule = False, *, fail_hard: bool = False,
               players: Players | None = None) -> list[str]:
    """The alpha-beta pseudocode as lines; :attr:`Step.lines` index into it
    (counting from 1).

    ``strict`` (or a :class:`~gametree.rules.CutRule`) writes the cut test
    as the rule does; ``fail_hard=True`` returns v clamped into the window
    the node was given, ``min(alpha, beta)`` at MAX and ``max(alpha, beta)``
    at MIN, instead of v.  ``players=`` (a cycle, as :func:`trace_alpha_beta`
    takes) adds a comment to the first line saying who moves in turn (see
    :func:`turns`); the line numbers stay the same.

    >>> pseudocode(True)[7].strip()
    'if alpha > beta: prune the other children; break'
    >>> pseudocode(fail_hard=True)[8].strip()
    'return min(alpha, beta)  # fail-hard'
    >>> pseudocode(players=["MAX", "MIN", "MIN"])[0]
    'function ALPHA-BETA(node, alpha, beta)  # turns: MAX, MIN (ghost 1), MIN (ghost 2), again'
    """
    return list(listing(strict, fail_hard=fail_hard, players=players).code)


def turns(players: Players) -> str:
    """Who moves in turn under the cycle ``players``, in words, for
    pseudocode and titles: each level's player with its agent
    (:func:`gametree.tree.agent_names`), then ``again``.

    >>> turns(["MAX", "MIN", "MIN"])
    'MAX, MIN (ghost 1), MIN (ghost 2), again'
    >>> turns(["MAX", "CHANCE"])
    'MAX, chance, again'
    """
    cycle = check_players(players)
    said = [_("{player} ({agent})").format(player=player.value, agent=agent_in_words(agent))
            if agent else str(player) for player, agent in zip(cycle, agent_names(cycle), strict=True)]
    return _("{turns}, again").format(turns=", ".join(said))


# --- the words ----------------------------------------------------------------------------

ALPHA_BETA_STEPS: dict[object, tuple[str, ...]] = {
    (LEAF, "MAX"): ("leaf",), (LEAF, "MIN"): ("leaf",),
    (ENTER, "MAX"): ("max", "max start"), (ENTER, "MIN"): ("min", "min start"),
    (UPDATE, "MAX"): ("max v", "update alpha"), (UPDATE, "MIN"): ("min v", "update beta"),
    (CUTOFF, "MAX"): ("max test",), (CUTOFF, "MIN"): ("min test",),
    (RETURN, "MAX"): ("max return",), (RETURN, "MIN"): ("min return",),
}
"""(kind, the node's player) -> the names of the lines of :func:`listing` a step runs."""


@dataclass(frozen=True)
class AlphaBetaWords(Words):
    """Alpha-beta's words: captions such as ``MIN node C: alpha = 3 >= beta
    = 2, prune 2 children (leaves 4, 6)``, and the lines of :func:`listing`
    each step runs, by name."""

    def caption(self, step: Step) -> str:
        return alpha_beta_caption(step, self.rule, self.fail_hard)

    def line_names(self, step: Step) -> tuple[str, ...]:
        return ALPHA_BETA_STEPS.get((step.kind, step.node.player.value), ())

    def used_names(self) -> frozenset[str]:
        return frozenset(name for names in ALPHA_BETA_STEPS.values() for name in names)


def alpha_beta_caption(step: Step, rule: CutRule = CutRule.TIES, fail_hard: bool = False) -> str:
    """The caption alpha-beta gives a LEAF, ENTER, UPDATE, CUTOFF or RETURN
    step, cutting by ``rule`` and returning fail-hard or fail-soft: what
    :attr:`Step.caption` says for :func:`trace_alpha_beta`, and what Star1,
    PVS and MTD(f) say where they run alpha-beta.

    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> alpha_beta_caption(trace[0])
    'MAX node A: enter with alpha = −∞, beta = +∞; v = −∞'
    """
    return _CAPTIONS[step.kind](step, rule, fail_hard)


def _leaf_caption(step: Step, rule: CutRule, fail_hard: bool) -> str:
    return _("Leaf {name}: evaluate, score {score} ({count} evaluated so far)").format(
        name=step.node.name, score=fmt(step.node.score), count=step.evaluated)


def _enter_caption(step: Step, rule: CutRule, fail_hard: bool) -> str:
    return _("{node}: enter with alpha = {alpha}, beta = {beta}; v = {v}").format(
        node=step.node.title, alpha=fmt(step.alpha), beta=fmt(step.beta), v=fmt(step.v))


def _update_caption(step: Step, rule: CutRule, fail_hard: bool) -> str:
    old, title = step.before, step.node.title
    assert old is not None
    if step.node.player is MAX:
        return (f"{title}: v = max({fmt(old.v)}, {fmt(step.value)}) = "
                f"{fmt(step.v)}, alpha = max({fmt(old.alpha)}, "
                f"{fmt(step.v)}) = {fmt(step.alpha)}")
    return (f"{title}: v = min({fmt(old.v)}, {fmt(step.value)}) = "
            f"{fmt(step.v)}, beta = min({fmt(old.beta)}, "
            f"{fmt(step.v)}) = {fmt(step.beta)}")


def _cutoff_caption(step: Step, rule: CutRule, fail_hard: bool) -> str:
    return _("{node}: {test}, {prune}").format(
        node=step.node.title, test=rule.compare(step.alpha, step.beta), prune=prune_text(step.pruned))


def _return_caption(step: Step, rule: CutRule, fail_hard: bool) -> str:
    node, title = step.node, step.node.title
    root = node.parent is None
    if not fail_hard:
        return (_("{node} returns v = {value}: the value of the tree") if root
                else _("{node} returns v = {value}")).format(node=title, value=fmt(step.value))
    pick = "min" if node.player is MAX else "max"
    chose = f"{pick}(alpha, beta) = {pick}({fmt(step.alpha)}, {fmt(step.beta)}) = {fmt(step.value)}"
    if step.value == step.v:
        return (_("{node} returns {chosen}: the value of the tree (fail-hard)") if root
                else _("{node} returns {chosen} (fail-hard)")).format(node=title, chosen=chose)
    return (_("{node} returns {chosen}: the value of the tree (fail-hard, v = {v} clamped into the window)")
            if root else _("{node} returns {chosen} (fail-hard, v = {v} clamped into the window)")
            ).format(node=title, chosen=chose, v=fmt(step.v))


_CAPTIONS: dict[StepKind, Callable[[Step, CutRule, bool], str]] = {
    LEAF: _leaf_caption, ENTER: _enter_caption, UPDATE: _update_caption,
    CUTOFF: _cutoff_caption, RETURN: _return_caption,
}


def prune_text(nodes: Sequence[Node]) -> str:
    """``prune 2 children (leaves 4, 6)``: what a cutoff skips, in the captions' words.

    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> prune_text(trace.cutoffs[0].pruned)
    'prune 2 children (leaves 4, 6)'
    """
    count = len(nodes)
    return ngettext("prune {count} child ({nodes})", "prune {count} children ({nodes})",
                    count).format(count=count, nodes=describe_nodes(nodes))


def describe_nodes(nodes: Sequence[Node]) -> str:
    """``leaves 4, 6``, ``subtree C``, ``leaf 4, subtree C``: nodes as the
    captions name them, leaves by their scores."""
    if all(node.is_leaf for node in nodes):
        return ngettext("leaf {scores}", "leaves {scores}", len(nodes)).format(
            scores=", ".join(fmt(n.score) for n in nodes))
    if not any(node.is_leaf for node in nodes):
        return ngettext("subtree {names}", "subtrees {names}", len(nodes)).format(
            names=", ".join(n.name for n in nodes))
    return ", ".join(_("leaf {score}").format(score=fmt(n.score)) if n.is_leaf
                     else _("subtree {name}").format(name=n.name) for n in nodes)


# --- the search ------------------------------------------------------------------------------

def after_child(maximizing: bool, value: Value, v: Value, alpha: Value,
                beta: Value) -> tuple[Value, Value, Value]:
    """(v, alpha, beta) once a child's ``value`` comes back: a MAX node sets
    v = max(v, value) then alpha = max(alpha, v), a MIN node v = min(v,
    value) then beta = min(beta, v).

    >>> after_child(True, 5, 3, 4, 9), after_child(False, 5, 3, 4, 9)
    ((5, 5, 9), (3, 4, 3))
    """
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
    return v, alpha, beta


def trace_alpha_beta(tree: object, branching: int | None = None, *,
                     strict: bool | CutRule = False, fail_hard: bool = False,
                     players: Players | None = None) -> Trace:
    """Run alpha-beta and record every step.

    Takes ``(leaves, branching)`` as :func:`gametree.alpha_beta` does, nested lists, or a
    :class:`~gametree.tree.Tree` (whose nodes say who moves, so game trees
    where a player moves twice in a row are searched correctly).
    ``trace.value``, ``trace.evaluated`` and ``trace.evaluated_leaves``
    equal what :func:`gametree.alpha_beta` computes on the same tree.

    With ``players=`` (a cycle of ``"MAX"`` and ``"MIN"``, as
    :func:`gametree.minimax` takes) the node at depth k belongs to
    ``players[k % len(players)]``.  Nothing else changes: a node passes its
    own window to each child, so through consecutive MIN (or MAX) levels
    the window goes down unchanged, the cut rule is the same, and the
    leaves evaluated are those of the same search on the same tree.
    Captions name each ghost (``MIN node C (ghost 2)``) when the cycle has
    more than one MIN level.

    Parameters
    ----------
    tree, branching
        As for :func:`gametree.minimax`; at most :data:`MAX_TRACE_NODES` nodes.
    strict : bool
        False cuts when alpha >= beta (AIMA's rule, and alpha_beta's);
        True only when alpha > beta (CS188's): the value is the same, but on
        trees with ties fewer leaves are pruned.
    fail_hard : bool
        False (fail-soft) returns v; True returns v clamped into the window
        the node was given.  Same root value, same leaves evaluated.  Needs
        the >= rule: clamping a value above beta to beta would hide from
        the strict rule whether it was a tie.

    Raises
    ------
    TypeError, ValueError
        For a tree :func:`gametree.as_tree` refuses, a flag that is not
        True or False, a tree of more than :data:`MAX_TRACE_NODES` nodes,
        ``fail_hard`` with ``strict``, or ``players`` that
        :func:`gametree.tree.check_players` refuses or that has a CHANCE
        level (search those with :func:`gametree.trace_expectiminimax`).

    Examples
    --------
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> trace.value, trace.evaluated, trace.evaluated_leaves
    (3, 7, (0, 1, 2, 3, 6, 7, 8))
    >>> trace.cutoffs[0].caption
    'MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)'
    >>> hard = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, fail_hard=True)
    >>> [step.caption for step in hard if step.kind is StepKind.RETURN][1]
    'MIN node C returns max(alpha, beta) = max(3, 2) = 3 (fail-hard, v = 2 clamped into the window)'
    >>> ghosts = trace_alpha_beta([[[3, 12], [8, 5]], [[2, 6], [14, 5]]], players=["MAX", "MIN", "MIN"])
    >>> ghosts.value, ghosts.evaluated, ghosts.cutoffs[0].caption
    (3, 5, 'MIN node F (ghost 2): alpha = 3 >= beta = 2, prune 1 child (leaf 6)')
    """
    rule = CutRule.of(strict)
    check_flag(fail_hard, "fail_hard")
    if players is not None and CHANCE in check_players(players):
        raise ValueError(f"players={[p.value for p in check_players(players)]} has a CHANCE "
                         f"level, and alpha-beta has no rule for chance nodes; trace the tree "
                         f"with gametree.trace_expectiminimax(tree, players=...), or leave "
                         f"CHANCE out")
    if fail_hard and rule is CutRule.STRICT:
        raise ValueError("fail_hard=True needs the alpha >= beta rule: a fail-hard node returns "
                         "beta for every value at or above beta, so the strict rule could no "
                         "longer tell a tie from a cut; drop strict=True or fail_hard=True")
    tree = as_tree(tree, branching, players=players)
    if tree.has_chance:
        raise ValueError("this tree has chance nodes, and alpha-beta has no rule for them (it "
                         "would treat the dice as a player); search it with "
                         "gametree.trace_expectiminimax (on the command line: python -m "
                         "gametree expectiminimax)")
    if len(tree) > MAX_TRACE_NODES:
        raise ValueError(f"the tree has {len(tree):,} nodes; trace_alpha_beta records at most "
                         f"{MAX_TRACE_NODES:,} (a complete binary tree of 2**20 leaves), so "
                         f"search it with alpha_beta instead, or cut it down")
    ties = rule is CutRule.TIES
    child_ids, player_of = tree.child_ids, tree.player_of
    recording = Recording(tree)
    record, evaluate = recording.step, recording.leaf  # bound once: called at every step

    def alpha_beta(node: int, alpha: Value, beta: Value) -> Value:
        """Search the internal node ``node`` within the window (alpha, beta)."""
        maximizing = player_of(node) is MAX
        v = _NEG_INF if maximizing else inf
        record((ENTER, node, v, alpha, beta))
        children = child_ids(node)
        for child in children:
            if child_ids(child):
                value = alpha_beta(child, alpha, beta)
            else:
                value = evaluate(child, alpha, beta)
            v, alpha, beta = after_child(maximizing, value, v, alpha, beta)  # v, then alpha or beta
            record((UPDATE, node, v, alpha, beta))
            if alpha > beta or (ties and alpha == beta):  # the cut rule's test
                if child != children[-1]:  # children are left to prune
                    record((CUTOFF, node, v, alpha, beta))
                break
        record((RETURN, node, v, alpha, beta))
        if not fail_hard:
            return v
        if maximizing:  # v clamped into the window given: min(alpha, beta)
            return alpha if alpha < beta else beta
        return alpha if alpha > beta else beta  # max(alpha, beta)

    if child_ids(0):
        alpha_beta(0, _NEG_INF, inf)
    else:  # the root is a lone leaf
        evaluate(0, _NEG_INF, inf)
    words = AlphaBetaWords(listing(rule, fail_hard=fail_hard, players=tree.players), rule, fail_hard)
    return Trace(tree, recording.records, recording.evaluated, words)
