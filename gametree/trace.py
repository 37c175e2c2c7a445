"""Alpha-beta that records what it does, one immutable :class:`Step` at a time.

The search produces, the drawing and the widgets consume: this module knows
nothing of matplotlib or ipywidgets.  A :class:`Trace` holds the steps and
can tell, for any step, the state of every node (:meth:`Trace.state`).

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

Searches that visit a node again
--------------------------------
The same trace format records the searches of :mod:`gametree.games.windows`,
which search some nodes more than once: an MTD(f) pass (:attr:`StepKind.PASS`)
searches the whole tree again with a new window, a PVS re-search
(:attr:`StepKind.RESEARCH`) searches one child again, and a node may be
settled from a transposition table (:attr:`StepKind.TABLE`).  A pass or a
re-search clears what it searches again: the drawing shows that part as
not yet visited.  Each step of such a trace carries the :class:`Phase`
under way (which pass, which null-window test or re-search) and the lines
it executes of the search's own pseudocode (:attr:`Trace.code`).

Memory
------
The search records five plain fields per step.  :meth:`Trace.state` keeps
one working copy of the node states and moves it forward or back one
step at a time (each step can be undone from the record), so reading any
step costs time proportional to the steps between it and the last one
read, and memory linear in the tree: no copies per step.
"""

from __future__ import annotations

import enum
from array import array
from collections.abc import Sequence
from math import inf
from typing import NamedTuple

from .checks import check_flag, check_step
from .rules import CutRule
from .text import fmt
from .tree import CHANCE, MAX, Node, Players, Tree, Value, agent_names, as_tree, check_players

__all__ = ["trace_alpha_beta", "Trace", "Step", "StepKind", "Status", "Snapshot",
           "Window", "pseudocode", "turns", "MAX_TRACE_NODES", "Phase", "PhaseKind", "Notes"]

MAX_TRACE_NODES = 2**21
"""Largest tree :func:`trace_alpha_beta` records: 2,097,152 nodes, which holds
a complete binary tree of 2**20 leaves (the largest random tree).  A trace
costs at most about 200 bytes per node; :func:`gametree.alpha_beta`
searches bigger trees without recording them."""


class StepKind(str, enum.Enum):
    """What a step did."""

    ENTER = "enter"
    """The search arrived at an internal node with a window (alpha, beta)."""
    LEAF = "leaf"
    """The search evaluated a leaf."""
    UPDATE = "update"
    """A child's value came back; the node updated v and alpha or beta."""
    CUTOFF = "cutoff"
    """The cut rule's test holds: the node's remaining children are pruned."""
    RETURN = "return"
    """The node is finished and returns its value to its parent."""
    PASS = "pass"
    """A search that tests the root more than once (MTD(f), or one
    null-window test) starts a pass at the root: the tree is searched
    again, from scratch but for the table, with a new window."""
    RESEARCH = "re-search"
    """A child's null-window test failed high, inside the window (PVS):
    the node clears the child's subtree and searches it again with a wider
    window."""
    TABLE = "table"
    """The transposition table settled the node: its stored value answers
    for the window, so the node is not searched."""

    def __str__(self) -> str:
        return self.value


class PhaseKind(str, enum.Enum):
    """What a :class:`Phase` of a search is."""

    PASS = "pass"
    """A search of the root with one window: an MTD(f) pass, or a lone
    null-window test."""
    TEST = "test"
    """PVS's null-window test of a child: is it better than the best so far?"""
    RESEARCH = "re-search"
    """PVS's second search of a child whose test failed high."""

    def __str__(self) -> str:
        return self.value


class Phase(NamedTuple):
    """One search of one node inside a search that searches nodes more than
    once: an MTD(f) pass, or PVS's null-window test of a child or its
    re-search.  Phases nest: a re-search may hold tests of its own."""

    kind: PhaseKind
    """A pass, a null-window test or a re-search."""
    node: Node
    """The node searched: the root for a pass."""
    alpha: Value
    """The window the node is searched with: its alpha ..."""
    beta: Value
    """... and its beta."""
    label: str
    """What is under way, in words: ``MTD(f) pass 2: test with the window (2, 3)``."""
    start: int
    """The first step of the phase (a PASS or RESEARCH step, or the node's ENTER)."""
    end: int
    """The last step of the phase (the node's RETURN, LEAF or TABLE step)."""
    lower: Value = -inf
    """A pass: what was known of the root's value before it: at least ``lower`` ..."""
    upper: Value = inf
    """... and at most ``upper``."""
    search: str = ""
    """The search the phase belongs to: ``MTD(f)``, ``PVS`` or ``null-window test``."""


class Notes(NamedTuple):
    """What a search that visits nodes more than once records besides its
    steps (see :mod:`gametree.games.windows`)."""

    name: str
    """The search's name: ``PVS``, ``MTD(f)``, ``null-window test``."""
    code: tuple[str, ...]
    """Its pseudocode, one line per item."""
    lines: tuple[tuple[int, ...], ...]
    """For each step, the lines of ``code`` it executes (from 1)."""
    phases: tuple[Phase, ...] = ()
    """Its passes, null-window tests and re-searches, in the order they start."""
    bounds: tuple[tuple[int, str], ...] = ()
    """(step index, bound) for each TABLE step: ``exact``, ``lower`` or ``upper``."""


class Window(NamedTuple):
    """A node's v and its alpha-beta window at one moment."""

    v: Value
    """v, the best value found so far at the node."""
    alpha: Value
    """The value MAX is already assured of on the path to here."""
    beta: Value
    """The value MIN is already assured of on the path to here."""


_PSEUDOCODE = """\
function ALPHA-BETA(node, alpha, beta)
  if node is a leaf: return its score
  if node is MAX:
    v = −∞
    for each child c, left to right:
      v = max(v, ALPHA-BETA(c, alpha, beta))
      alpha = max(alpha, v)
      if {test}: prune the other children; break
    {max_return}
  else:  # node is MIN
    v = +∞
    for each child c, left to right:
      v = min(v, ALPHA-BETA(c, alpha, beta))
      beta = min(beta, v)
      if {test}: prune the other children; break
    {min_return}"""

# Pseudocode line numbers (1-based) that each kind of step executes.
_LINES = {
    (StepKind.LEAF, "MAX"): (2,), (StepKind.LEAF, "MIN"): (2,),
    (StepKind.ENTER, "MAX"): (3, 4), (StepKind.ENTER, "MIN"): (10, 11),
    (StepKind.UPDATE, "MAX"): (6, 7), (StepKind.UPDATE, "MIN"): (13, 14),
    (StepKind.CUTOFF, "MAX"): (8,), (StepKind.CUTOFF, "MIN"): (15,),
    (StepKind.RETURN, "MAX"): (9,), (StepKind.RETURN, "MIN"): (16,),
}


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
    rule = CutRule.of(strict)
    check_flag(fail_hard, "fail_hard")
    returns = (("return min(alpha, beta)  # fail-hard", "return max(alpha, beta)  # fail-hard")
               if fail_hard else ("return v", "return v"))
    lines = _PSEUDOCODE.format(test=rule.test, max_return=returns[0],
                               min_return=returns[1]).splitlines()
    if players is not None:
        lines[0] += f"  # turns: {turns(players)}"
    return lines


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
    said = [f"{player} ({agent})" if agent else str(player)
            for player, agent in zip(cycle, agent_names(cycle), strict=True)]
    return ", ".join(said) + ", again"


class Step(NamedTuple):
    """One thing the search did.  Every field is immutable."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    """Position in the trace, from 0."""
    kind: StepKind
    """What happened: enter, leaf, update, cutoff or return."""
    node: Node
    """The node where it happened."""
    v: Value
    """v at the node after the step (a leaf's score for LEAF)."""
    alpha: Value
    """alpha at the node after the step."""
    beta: Value
    """beta at the node after the step."""
    evaluated: int
    """Leaves evaluated so far, this step included."""
    child: Node | None = None
    """UPDATE: the child whose value came back."""
    value: Value | None = None
    """UPDATE: the child's value; LEAF and RETURN: the value passed up."""
    before: Window | None = None
    """UPDATE: v, alpha and beta before the update."""
    pruned: tuple[Node, ...] = ()
    """CUTOFF: the children skipped, left to right."""
    rule: CutRule = CutRule.TIES
    """The cut rule the search used."""
    fail_hard: bool = False
    """True when nodes return v clamped into their window (fail-hard)."""
    phase: Phase | None = None
    """The pass, null-window test or re-search under way (the innermost);
    None for alpha-beta, which searches every node once."""
    bound: str | None = None
    """TABLE: what the stored value says: ``exact``, ``lower`` (the value is
    at least it) or ``upper`` (at most it)."""
    code_lines: tuple[int, ...] = ()
    """The lines of the search's own pseudocode the step executes, when
    the search recorded them (PVS, MTD(f)); empty for alpha-beta."""

    search: str = "alpha-beta"
    """The search that recorded it: "alpha-beta" (:func:`trace_alpha_beta`),
    "expectiminimax" (:func:`gametree.trace_expectiminimax` without bounds)
    or "star1" (with bounds: alpha-beta at MAX and MIN nodes, Ballard's
    Star1 at chance nodes), or "maxn" (:func:`gametree.trace_maxn`, whose
    v and value are utility vectors)."""
    bounds: tuple[Value, Value] | None = None
    """"star1": the (low, high) that every leaf score lies in; None otherwise."""
    terms: tuple[tuple[Value, Value], ...] = ()
    """At a chance node (UPDATE, CUTOFF and RETURN): the (probability,
    value) of each child searched so far, left to right."""


    @property
    def lines(self) -> tuple[int, ...]:
        """The lines of the trace's pseudocode (:meth:`Trace.pseudocode`; for
        alpha-beta :func:`pseudocode`) this step executes (from 1)."""
        if self.code_lines:
            return self.code_lines
        if self.search == "maxn":
            from .vectors import step_lines as maxn_lines

            return maxn_lines(self)
        if self.search != "alpha-beta":
            from .chance import step_lines

            return step_lines(self)
        return _LINES.get((self.kind, self.node.player.value), ())

    @property
    def caption(self) -> str:
        """One line in the pseudocode's own words, e.g.
        ``MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)``."""
        if self.search == "maxn":
            from .vectors import step_caption as maxn_caption

            return maxn_caption(self)
        if self.search != "alpha-beta":
            from .chance import step_caption

            return step_caption(self)
        node, kind = self.node, self.kind
        title = node.title
        if kind in (StepKind.PASS, StepKind.RESEARCH, StepKind.TABLE) or (
                self.phase is not None and self.phase.node == node
                and kind in (StepKind.ENTER, StepKind.RETURN, StepKind.LEAF)):
            return _phase_caption(self, title)
        if kind is StepKind.LEAF:
            return (f"Leaf {node.name}: evaluate, score {fmt(node.score)} "
                    f"({self.evaluated} evaluated so far)")
        if kind is StepKind.ENTER:
            return (f"{title}: enter with alpha = {fmt(self.alpha)}, "
                    f"beta = {fmt(self.beta)}; v = {fmt(self.v)}")
        if kind is StepKind.UPDATE:
            old = self.before
            assert old is not None
            if node.player is MAX:
                return (f"{title}: v = max({fmt(old.v)}, {fmt(self.value)}) = "
                        f"{fmt(self.v)}, alpha = max({fmt(old.alpha)}, "
                        f"{fmt(self.v)}) = {fmt(self.alpha)}")
            return (f"{title}: v = min({fmt(old.v)}, {fmt(self.value)}) = "
                    f"{fmt(self.v)}, beta = min({fmt(old.beta)}, "
                    f"{fmt(self.v)}) = {fmt(self.beta)}")
        if kind is StepKind.CUTOFF:
            count = len(self.pruned)
            return (f"{title}: {self.rule.compare(self.alpha, self.beta)}, prune {count} "
                    f"{'child' if count == 1 else 'children'} ({_describe(self.pruned)})")
        end = ": the value of the tree" if node.parent is None else ""
        if not self.fail_hard:
            return f"{title} returns v = {fmt(self.value)}{end}"
        pick = "min" if node.player is MAX else "max"
        clamped = "" if self.value == self.v else f", v = {fmt(self.v)} clamped into the window"
        return (f"{title} returns {pick}(alpha, beta) = {pick}({fmt(self.alpha)}, "
                f"{fmt(self.beta)}) = {fmt(self.value)}{end} (fail-hard{clamped})")

    def __repr__(self) -> str:
        return f"<Step {self.index}: {self.caption}>"


def _phase_caption(step: Step, title: str) -> str:
    """The caption of a step that starts or ends a phase, or settles a node
    from the table: what it means for the pass, test or re-search."""
    node, kind, phase = step.node, step.kind, step.phase
    if kind is StepKind.TABLE:
        value = fmt(step.v)
        if step.bound == "exact":
            held = f"{node.name} = {value} (exact)"
            why = ""
        elif step.bound == "lower":
            held = f"{node.name} >= {value} (a lower bound)"
            why = f", and {value} >= beta = {fmt(step.beta)}"
        else:
            held = f"{node.name} <= {value} (an upper bound)"
            why = f", and {value} <= alpha = {fmt(step.alpha)}"
        return f"{title}: the table holds {held}{why}: return {value} without searching {node.name}"
    if kind is StepKind.RESEARCH:
        child, got = step.child, fmt(step.value)
        assert child is not None
        window = (f"({got}, {fmt(step.beta)})" if node.player is MAX
                  else f"({fmt(step.alpha)}, {got})")
        return (f"{title}: {child.name}'s null-window test returned {got}, and alpha = "
                f"{fmt(step.alpha)} < {got} < beta = {fmt(step.beta)}: search {child.name} again "
                f"with the window {window}")
    assert phase is not None
    if kind is StepKind.PASS:
        known = _known(phase.lower, phase.upper)
        return f"{phase.label}" + (f"; so far {known}" if known else "")
    if kind is StepKind.ENTER:
        what = {PhaseKind.PASS: "the window under test", PhaseKind.TEST: "a null window",
                PhaseKind.RESEARCH: "the re-search's window"}
        return (f"{title}: enter with alpha = {fmt(step.alpha)}, beta = {fmt(step.beta)} "
                f"({what[phase.kind]}); v = {fmt(step.v)}")
    # The node's RETURN (or LEAF): what its value says, against the phase's window.
    r = step.value
    assert r is not None
    said = (f"{title} returns v = {fmt(r)}" if kind is StepKind.RETURN
            else f"Leaf {node.name}: evaluate, score {fmt(r)}")
    if phase.kind is PhaseKind.RESEARCH:
        return f"{said}, searched again with ({fmt(phase.alpha)}, {fmt(phase.beta)})"
    if r >= phase.beta:
        verdict = (f"{said} >= beta = {fmt(phase.beta)}: it fails high, so "
                   f"{_subject(phase)} is at least {fmt(r)}")
        lower, upper = r, phase.upper
    elif r <= phase.alpha:
        verdict = (f"{said} <= alpha = {fmt(phase.alpha)}: it fails low, so "
                   f"{_subject(phase)} is at most {fmt(r)}")
        lower, upper = phase.lower, r
    else:
        verdict = f"{said}, inside the window: it is {_subject(phase)}"
        lower = upper = r
    if phase.kind is PhaseKind.PASS and phase.search == "MTD(f)":
        verdict += f" (now {_known(lower, upper)})" if lower < upper else \
            f": lower bound = upper bound = {fmt(r)}, the value of the tree"
    return verdict


def _subject(phase: Phase) -> str:
    return "the value" if phase.kind is PhaseKind.PASS else f"{phase.node.name}'s value"


def _known(lower: Value, upper: Value) -> str:
    """What bounds say of the value, in words; empty when they say nothing."""
    if lower == -inf and upper == inf:
        return ""
    if upper == inf:
        return f"value >= {fmt(lower)}"
    if lower == -inf:
        return f"value <= {fmt(upper)}"
    return f"{fmt(lower)} <= value <= {fmt(upper)}"


def _describe(nodes: Sequence[Node]) -> str:
    if all(node.is_leaf for node in nodes):
        return ("leaf " if len(nodes) == 1 else "leaves ") + ", ".join(fmt(n.score) for n in nodes)
    if not any(node.is_leaf for node in nodes):
        return ("subtree " if len(nodes) == 1 else "subtrees ") + ", ".join(n.name for n in nodes)
    return ", ".join(f"leaf {fmt(n.score)}" if n.is_leaf else f"subtree {n.name}" for n in nodes)


class Status(str, enum.Enum):
    """Where a node stands at one step of the search."""

    UNVISITED = "unvisited"
    """Not reached yet."""
    ACTIVE = "active"
    """On the path from the root to the current node."""
    DONE = "done"
    """Finished: its value is final (an evaluated leaf, or returned)."""
    PRUNED = "pruned"
    """Skipped by a cutoff, or under a skipped child."""

    def __str__(self) -> str:
        return self.value


class Snapshot(NamedTuple):
    """The state of every node right after one step.  Tuples are indexed by
    node id."""

    step: Step
    """The step just taken."""
    status: tuple[Status, ...]
    """Each node's :class:`Status`."""
    v: tuple[Value | None, ...]
    """Each node's v: its value so far, final once DONE (a leaf's score once
    evaluated); None if unvisited or pruned."""
    alpha: tuple[Value | None, ...]
    """Each node's alpha (None if not visited or a leaf)."""
    beta: tuple[Value | None, ...]
    """Each node's beta (None if not visited or a leaf)."""
    path: tuple[Node, ...]
    """From the root to the current node."""
    evaluated: int
    """Leaves evaluated so far."""

    @property
    def current(self) -> Node:
        """The node the step happened at."""
        return self.step.node


# Each step is RECORD consecutive items of one flat list: kind, node id, v,
# alpha, beta.  What follows from the rest is not recorded: an UPDATE's
# child is the node of the step before it (the child's RETURN or LEAF) and
# its value that step's value; a CUTOFF's last searched child is the child
# of the UPDATE before it; a RETURN's value is v (fail-soft) or v clamped.
RECORD = 5
"""Items per step in a trace's flat record list."""

_BLOCK = 64
"""Steps per block of the leaf counts kept for :attr:`Step.evaluated`."""

ENTER, LEAF, UPDATE, CUTOFF, RETURN = (StepKind.ENTER, StepKind.LEAF, StepKind.UPDATE,
                                       StepKind.CUTOFF, StepKind.RETURN)
PASS, RESEARCH, TABLE = StepKind.PASS, StepKind.RESEARCH, StepKind.TABLE
_NEG_INF = -inf


class _Cursor:
    """The working state of every node at one step, moved one step at a time."""

    __slots__ = ("at", "status", "v", "alpha", "beta", "path", "evaluated")

    def __init__(self, at, status, v, alpha, beta, path, evaluated):
        self.at = at
        self.status, self.v, self.alpha, self.beta = status, v, alpha, beta
        self.path, self.evaluated = path, evaluated


class Trace(Sequence):
    """The recorded search: a read-only sequence of :class:`Step`.

    Steps are made when read and not kept, so reading every caption of a
    large trace costs time and memory linear in its length.

    Attributes
    ----------
    tree : Tree
        The tree that was searched.
    value : Value
        The root's minimax value.
    evaluated : int
        How many leaves were evaluated (as :func:`gametree.alpha_beta`).
    rule : CutRule
        The cut rule the search used.
    fail_hard : bool
        Whether nodes returned v clamped into their window.
    notes : Notes or None
        For a search that visits nodes more than once (PVS, MTD(f), a
        null-window test): its name, pseudocode, phases and the lines each
        step executes.  None for alpha-beta.
    """

    def __init__(self, tree: Tree, records: list, evaluated_ids: list[int], rule: CutRule,
                 fail_hard: bool, notes: Notes | None = None):
        self.tree = tree
        self.rule = rule
        self.fail_hard = fail_hard
        self.notes = notes
        if notes is not None and len(notes.lines) != len(records) // RECORD:
            raise ValueError(f"the notes give lines for {len(notes.lines)} steps, but the trace "
                             f"has {len(records) // RECORD}")
        self._records = records
        self._evaluated_ids = evaluated_ids
        self.evaluated: int = len(evaluated_ids)
        self.value: Value = self._returned(len(self) - 1)
        self.steps: Sequence[Step] = _Steps(self)
        self._enter: array | None = None  # per node: its ENTER (or LEAF) step, -1 if none
        self._exit: array | None = None  # per node: its RETURN (or LEAF) step, -1 if none
        self._counts: array | None = None  # leaves evaluated by the end of each block
        self._cursor: _Cursor | None = None
        self._final: Snapshot | None = None
        self._prev: array | None = None  # revisiting traces: per step, the previous step at its node
        self._saved: dict[int, tuple] = {}  # revisiting traces: states a PASS or RESEARCH clears
        self._phase_of: array | None = None  # per step: its innermost phase, -1 if none
        self._bounds = dict(notes.bounds) if notes is not None else {}
        self._revisits = any(phase.kind is not PhaseKind.TEST for phase in self.phases)

    @property
    def name(self) -> str:
        """The search recorded: ``alpha-beta``, the one the notes name
        (``PVS``, ``MTD(f)``, ...), or :attr:`search` (``expectiminimax``)."""
        return self.search if self.notes is None else self.notes.name

    @property
    def code(self) -> tuple[str, ...]:
        """The pseudocode the steps' :attr:`Step.lines` point into."""
        if self.notes is not None:
            return self.notes.code
        return tuple(pseudocode(self.rule, fail_hard=self.fail_hard, players=self.tree.players))

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The passes, null-window tests and re-searches, in the order they
        start; empty for alpha-beta."""
        return () if self.notes is None else self.notes.phases

    @property
    def revisits(self) -> bool:
        """True when the search visits some nodes more than once (it has
        passes or re-searches), so :attr:`evaluated` counts repeats."""
        return self._revisits

    def phase_at(self, index: int) -> Phase | None:
        """The innermost phase under way at step ``index``; None outside every phase."""
        index = check_step(index, len(self))
        if not self.phases:
            return None
        if self._phase_of is None:
            phase_of = array("q", [-1]) * len(self)
            for number, phase in enumerate(self.phases):  # inner phases start later: they win
                phase_of[phase.start : phase.end + 1] = array("q", [number]) * (phase.end + 1 - phase.start)
            self._phase_of = phase_of
        number = self._phase_of[index]
        return None if number < 0 else self.phases[number]

    search = "alpha-beta"
    """Which search recorded the trace (see :attr:`Step.search`)."""

    @property
    def strict(self) -> bool:
        """The ``strict=`` flag the trace was made with: ``rule.strict``."""
        return self.rule.strict

    @property
    def algorithm(self) -> str:
        """The search in words, for titles and alt text:
        ``Alpha-beta (cut when alpha >= beta)``, ``PVS (cut when ...)``."""
        name = self.name
        return f"{name[0].upper()}{name[1:]} (cut when {self.rule.test})"

    @property
    def evaluated_leaves(self) -> tuple[int, ...]:
        """Leaf indices (left to right, from 0) in the order evaluated."""
        return tuple(map(self.tree.leaf_index_of, self._evaluated_ids))

    def __len__(self) -> int:
        return len(self._records) // RECORD

    def __getitem__(self, index):
        return self.steps[index]

    def __iter__(self):
        return (self.steps[i] for i in range(len(self)))

    # --- what the records hold ------------------------------------------------

    def _kind(self, index: int) -> StepKind:
        return self._records[index * RECORD]

    def _node_id(self, index: int) -> int:
        return self._records[index * RECORD + 1]

    def _window(self, index: int) -> tuple:
        """(v, alpha, beta) recorded at step ``index``."""
        start = index * RECORD + 2
        return tuple(self._records[start : start + 3])

    def _returned(self, index: int) -> Value:
        """The value a LEAF, TABLE or RETURN step passes up."""
        kind, node, v, alpha, beta = self._records[index * RECORD : (index + 1) * RECORD]
        if kind is LEAF or kind is TABLE or not self.fail_hard:
            return v
        if self.tree.player_of(node) is MAX:
            return alpha if alpha < beta else beta  # min(alpha, beta)
        return alpha if alpha > beta else beta  # max(alpha, beta)

    def _last_searched(self, index: int) -> int:
        """The child a CUTOFF at step ``index`` searched last."""
        return self._node_id(index - 2)

    def _pruned(self, index: int) -> Sequence[int]:
        """Ids of the children a CUTOFF at step ``index`` skipped."""
        children = self.tree.child_ids(self._node_id(index))
        return children[list(children).index(self._last_searched(index)) + 1 :]

    def _index(self) -> None:
        """Work out, in one pass, what follows from the records and is needed
        to read steps and states: each node's first and last step, and the
        leaves evaluated by the end of each block of steps."""
        if self._counts is not None:
            return
        n, records = len(self.tree), self._records
        enter, exit_ = array("q", [-1]) * n, array("q", [-1]) * n
        counts, count = array("q"), 0
        kinds, nodes = records[0::RECORD], records[1::RECORD]
        for i, (kind, node) in enumerate(zip(kinds, nodes, strict=True)):
            if kind is ENTER:
                enter[node] = i
            elif kind is LEAF:
                enter[node] = exit_[node] = i
                count += 1
            elif kind is RETURN:
                exit_[node] = i
            if i % _BLOCK == _BLOCK - 1:
                counts.append(count)
        self._enter, self._exit, self._counts = enter, exit_, counts
        if self.revisits:
            self._index_revisits(kinds, nodes)

    def _index_revisits(self, kinds: list, nodes: list) -> None:
        """For a trace that visits nodes again: each step's previous step at
        its node (what an UPDATE changed), and, by one replay, the states
        each PASS or RESEARCH clears (what undoing it puts back)."""
        last = array("q", [-1]) * len(self.tree)
        prev = array("q", [-1]) * len(kinds)
        for i, node in enumerate(nodes):
            prev[i], last[node] = last[node], i
        self._prev = prev
        cursor = self._fresh()
        for i in range(len(kinds)):
            cursor.at = i
            self._apply(cursor, i)

    def _fresh(self) -> _Cursor:
        """The state before the first step."""
        n = len(self.tree)
        return _Cursor(-1, [Status.UNVISITED] * n, [None] * n, [None] * n, [None] * n, [], 0)

    def _cleared(self, index: int) -> list[int]:
        """The nodes a PASS (every node) or RESEARCH (the child's subtree) clears."""
        if self._kind(index) is PASS:
            return list(range(len(self.tree)))
        below, stack = [], [self._node_id(index - 1)]  # the child whose RETURN came just before
        while stack:
            node = stack.pop()
            below.append(node)
            stack.extend(self.tree.child_ids(node))
        return below

    def _step(self, index: int) -> Step:
        """Step ``index`` (a valid, non-negative index) made from the record."""
        node = self.tree._node  # ids from the record are valid: skip the lookup's checks
        kind, node_id, v, alpha, beta = self._records[index * RECORD : (index + 1) * RECORD]
        child = value = before = None
        pruned: tuple[Node, ...] = ()
        if kind is UPDATE:
            child = node(self._node_id(index - 1))
            value = self._returned(index - 1)
            before = Window(*self._before(index))
        elif kind is CUTOFF:
            pruned = tuple(map(node, self._pruned(index)))
        elif kind is LEAF or kind is RETURN or kind is TABLE:
            value = self._returned(index)
        elif kind is RESEARCH:
            child = node(self._node_id(index - 1))
            value = self._returned(index - 1)
        notes = self.notes
        if notes is None:
            return Step(index, kind, node(node_id), v, alpha, beta, self._evaluated_at(index),
                        child=child, value=value, before=before, pruned=pruned, rule=self.rule,
                        fail_hard=self.fail_hard)
        return Step(index, kind, node(node_id), v, alpha, beta, self._evaluated_at(index),
                    child=child, value=value, before=before, pruned=pruned, rule=self.rule,
                    fail_hard=self.fail_hard, phase=self.phase_at(index),
                    bound=self._bounds.get(index), code_lines=notes.lines[index])

    def _evaluated_at(self, index: int) -> int:
        """Leaves evaluated up to and including step ``index``."""
        self._index()
        block = index // _BLOCK
        assert self._counts is not None
        done = self._counts[block - 1] if block else 0
        start = block * _BLOCK * RECORD
        return done + self._records[start : (index + 1) * RECORD : RECORD].count(LEAF)

    def _before(self, index: int) -> tuple:
        """(v, alpha, beta) at the node of UPDATE step ``index`` before it:
        after its ENTER, or after the UPDATE for its previous child."""
        self._index()
        if self._prev is not None:  # the node may have been searched before: its previous step
            return self._window(self._prev[index])
        assert self._enter is not None and self._exit is not None
        node, child = self._node_id(index), self._node_id(index - 1)
        children = self.tree.child_ids(node)
        position = list(children).index(child) if not isinstance(children, range) \
            else child - children.start
        if position == 0:
            return self._window(self._enter[node])
        return self._window(self._exit[children[position - 1]] + 1)

    # --- summaries ---------------------------------------------------------------

    @property
    def cutoffs(self) -> list[Step]:
        """The CUTOFF steps, in order."""
        kinds = self._records[::RECORD]
        return [self.steps[i] for i, kind in enumerate(kinds) if kind is CUTOFF]

    @property
    def pruned_leaves(self) -> list[int]:
        """Indices of the leaves never evaluated, left to right."""
        seen = set(self.evaluated_leaves)
        return [i for i in range(self.tree.leaf_count) if i not in seen]

    @property
    def captions(self) -> list[str]:
        """Every step's caption, in order."""
        return [step.caption for step in self]

    # --- the state at a step ------------------------------------------------------

    def state(self, index: int) -> Snapshot:
        """The state of every node right after step ``index``.

        Negative indices count from the end, like a list's.  The trace keeps
        one working state and moves it to ``index`` step by step, forward or
        back, from wherever is nearest (the last step read, the start, or
        the end): stepping through a trace costs one step's work per step.

        Raises
        ------
        TypeError
            If ``index`` is not a whole number.
        IndexError
            If there is no such step.
        """
        index = check_step(index, len(self))
        if index == len(self) - 1 and self._final is not None:
            return self._final
        cursor = self._move_to(index)
        tree = self.tree
        snapshot = Snapshot(self.steps[index], tuple(cursor.status), tuple(cursor.v),
                            tuple(cursor.alpha), tuple(cursor.beta),
                            tuple(tree[i] for i in cursor.path), cursor.evaluated)
        if index == len(self) - 1:
            self._final = snapshot
        return snapshot

    def _move_to(self, index: int) -> _Cursor:
        cursor, final, last = self._cursor, self._final, len(self) - 1
        choices = [(index + 1, "start")]
        if cursor is not None:
            choices.append((abs(cursor.at - index), "cursor"))
        if final is not None:
            choices.append((last - index, "end"))
        _, start = min(choices)
        if self.revisits:
            self._index()  # undoing a PASS or RESEARCH needs the states it cleared
        if start == "start":
            cursor = self._fresh()
        elif start == "end":
            assert final is not None
            cursor = _Cursor(last, list(final.status), list(final.v), list(final.alpha),
                             list(final.beta), [node.id for node in final.path],
                             final.evaluated)
        assert cursor is not None
        while cursor.at < index:
            cursor.at += 1
            self._apply(cursor, cursor.at)
        while cursor.at > index:
            self._undo(cursor, cursor.at)
            cursor.at -= 1
        self._cursor = cursor
        return cursor

    def _apply(self, cursor: _Cursor, index: int) -> None:
        """Move ``cursor`` from just before step ``index`` to just after it."""
        kind, node, v, a, b = self._records[index * RECORD : (index + 1) * RECORD]
        if kind is LEAF:
            cursor.status[node] = Status.DONE
            cursor.v[node] = v
            cursor.evaluated += 1
        elif kind is ENTER:
            cursor.status[node] = Status.ACTIVE
            cursor.path.append(node)
            cursor.v[node], cursor.alpha[node], cursor.beta[node] = v, a, b
        elif kind is UPDATE:
            cursor.v[node], cursor.alpha[node], cursor.beta[node] = v, a, b
        elif kind is CUTOFF:
            self._mark_pruned(cursor, index, Status.PRUNED)
        elif kind is RETURN:  # v as returned (a chance node cut by Star1 returns a bound)
            cursor.status[node] = Status.DONE
            cursor.v[node] = v
            cursor.path.pop()
        elif kind is TABLE:
            cursor.status[node] = Status.DONE
            cursor.v[node] = v
        else:  # PASS or RESEARCH: what is searched again starts afresh
            cleared = self._cleared(index)
            if index not in self._saved:
                self._saved[index] = (
                    [(i, cursor.status[i], cursor.v[i], cursor.alpha[i], cursor.beta[i])
                     for i in cleared], list(cursor.path))
            for i in cleared:
                cursor.status[i] = Status.UNVISITED
                cursor.v[i] = cursor.alpha[i] = cursor.beta[i] = None
            if kind is PASS:
                cursor.path.clear()

    def _undo(self, cursor: _Cursor, index: int) -> None:
        """Move ``cursor`` from just after step ``index`` to just before it."""
        kind, node = self._records[index * RECORD : index * RECORD + 2]
        if kind is LEAF:
            cursor.status[node] = Status.UNVISITED
            cursor.v[node] = None
            cursor.evaluated -= 1
        elif kind is ENTER:
            cursor.status[node] = Status.UNVISITED
            cursor.path.pop()
            cursor.v[node] = cursor.alpha[node] = cursor.beta[node] = None
        elif kind is UPDATE:
            cursor.v[node], cursor.alpha[node], cursor.beta[node] = self._before(index)
        elif kind is CUTOFF:
            self._mark_pruned(cursor, index, Status.UNVISITED)
        elif kind is RETURN:  # back to v as the step before it (at the same node) left it
            cursor.status[node] = Status.ACTIVE
            cursor.v[node] = self._records[(index - 1) * RECORD + 2]
            cursor.path.append(node)
        elif kind is TABLE:
            cursor.status[node] = Status.UNVISITED
            cursor.v[node] = None
        else:  # PASS or RESEARCH: put back what it cleared
            states, path = self._saved[index]
            for i, status, v, alpha, beta in states:
                cursor.status[i], cursor.v[i], cursor.alpha[i], cursor.beta[i] = status, v, alpha, beta
            cursor.path[:] = path

    def _mark_pruned(self, cursor: _Cursor, index: int, status: Status) -> None:
        """Set every node under the children a cutoff skipped to ``status``."""
        child_ids = self.tree.child_ids
        stack = list(self._pruned(index))
        while stack:
            below = stack.pop()
            cursor.status[below] = status
            stack.extend(child_ids(below))

    # --- showing itself ------------------------------------------------------------

    def _repr_png_(self) -> tuple[bytes, dict[str, str]] | None:
        """A picture of the finished search for notebooks, with its alt text
        (see :mod:`gametree.view.draw`); None without matplotlib."""
        try:
            from .view.draw import png_with_alt
        except ImportError:
            return None
        return png_with_alt(self)

    def __repr__(self) -> str:
        returns = "fail-hard" if self.fail_hard else "fail-soft"
        evaluated = (f"{self.evaluated} leaf evaluations on {self.tree.leaf_count} leaves"
                     if self.revisits else
                     f"{self.evaluated} of {self.tree.leaf_count} leaves evaluated")
        passes = sum(phase.kind is PhaseKind.PASS for phase in self.phases)
        researches = sum(phase.kind is PhaseKind.RESEARCH for phase in self.phases)
        extra = (f", {passes} pass{'es' if passes != 1 else ''}" if passes else "") + \
            (f", {researches} re-search{'es' if researches != 1 else ''}" if researches else "")
        return (f"<Trace of {self.name} ({self.rule.test}, {returns}): value {fmt(self.value)}, "
                f"{evaluated}{extra}, {len(self)} steps>")


class _Steps(Sequence):
    """The steps of a trace, each made into a :class:`Step` when read."""

    __slots__ = ("_trace",)

    def __init__(self, trace: Trace):
        self._trace = trace

    def __len__(self) -> int:
        return len(self._trace)

    def __getitem__(self, index):
        trace = self._trace
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        return trace._step(check_step(index, len(trace)))

    def __repr__(self) -> str:
        return f"<{len(self)} steps>"


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
    child_ids, player_of, score_of = tree.child_ids, tree.player_of, tree.score_of
    records: list = []
    evaluated: list[int] = []
    record = records.extend  # bound once: called at every step

    def evaluate(leaf: int, alpha: Value, beta: Value) -> Value:
        """Evaluate a leaf: a step of its own, not a search."""
        evaluated.append(leaf)
        score: Value = score_of(leaf)  # type: ignore[assignment]  # a leaf has a score
        record((LEAF, leaf, score, alpha, beta))
        return score

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
    return Trace(tree, records, evaluated, rule, fail_hard)
