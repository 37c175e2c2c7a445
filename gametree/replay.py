"""The recorded search: steps, and the state of every node at any step.

Every traced search (alpha-beta in :mod:`gametree.trace`, expectiminimax in
:mod:`gametree.chance`, max^n in :mod:`gametree.vectors`, the null-window
searches in :mod:`gametree.games.windows`) records the same flat list of
steps and hands it to a :class:`Trace`, which makes each step into an
immutable :class:`Step` when read and can tell, for any step, the state of
every node (:meth:`Trace.state`).  The search produces, the drawing and the
widgets consume: this module knows nothing of matplotlib or ipywidgets,
and nothing of any one search.

Searches carry their own words
------------------------------
What a step means in words, and which lines of pseudocode it runs, is the
search's to say: each search gives its trace a :class:`Words`, which holds
its pseudocode as a :class:`~gametree.listing.Listing` and says each
step's caption and the *names* of the lines it runs; the listing's one
resolver turns the names into numbers (:attr:`Step.lines`).  What only
one search records of a step (the phase of a PVS test, the terms of a
chance node's sum) travels in :attr:`Step.detail`.

Searches that visit a node again
--------------------------------
The same format records the searches of :mod:`gametree.games.windows`,
which search some nodes more than once: an MTD(f) pass (:attr:`StepKind.PASS`)
searches the whole tree again with a new window, a PVS re-search
(:attr:`StepKind.RESEARCH`) searches one child again, and a node may be
settled from a transposition table (:attr:`StepKind.TABLE`).  A pass or a
re-search clears what it searches again: the drawing shows that part as
not yet visited.  Such a trace carries :class:`Notes`: the :class:`Phase` s
under way (which pass, which null-window test or re-search) and the lines
each step executes of the search's own pseudocode.

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
from dataclasses import dataclass
from math import inf
from typing import Any, NamedTuple

from .checks import check_step
from .i18n import N_
from .i18n import gettext as _
from .listing import Listing
from .rules import CutRule
from .text import fmt
from .tree import MAX, Node, Tree, Value

SEARCH_NAMES = (N_("alpha-beta"),)
"""Searches' names (:attr:`Trace.name`) with words in other languages."""

__all__ = ["Trace", "Recording", "Step", "StepKind", "Status", "Snapshot", "Window", "Phase", "PhaseKind",
           "Notes", "Words", "MAX_TRACE_NODES", "RECORD", "ENTER", "LEAF", "UPDATE", "CUTOFF",
           "RETURN", "PASS", "RESEARCH", "TABLE"]

MAX_TRACE_NODES = 2**21
"""Largest tree :func:`gametree.trace_alpha_beta` records: 2,097,152 nodes, which holds
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
    names: tuple[tuple[str, ...], ...]
    """For each step, the names of the lines of its pseudocode it executes."""
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


@dataclass(frozen=True)
class Words:
    """How one search speaks of its steps: its pseudocode, and for each
    step a caption and the names of the lines it runs.

    Each search defines its own beside its code (alpha-beta's is
    :class:`gametree.trace.AlphaBetaWords`) and gives it to its
    :class:`Trace`; every step of the trace carries it (:attr:`Step.words`).
    Subclasses override :meth:`caption` and :meth:`line_names`.
    """

    listing: Listing
    """The search's pseudocode, its lines named."""
    rule: CutRule = CutRule.TIES
    """The cut rule the search used (searches without a cut test: the >= rule)."""
    fail_hard: bool = False
    """True when nodes return v clamped into their window (fail-hard)."""

    def caption(self, step: Step) -> str:
        """``step`` in the pseudocode's own words."""
        raise NotImplementedError(f"{type(self).__name__} says no captions")

    def line_names(self, step: Step) -> Sequence[str]:
        """The names of the lines of :attr:`listing` that ``step`` runs."""
        raise NotImplementedError(f"{type(self).__name__} names no lines")

    def used_names(self) -> frozenset[str]:
        """Every line name the search's steps can give (what a test checks
        against :attr:`Listing.names`); empty unless the search says."""
        return frozenset()

    def lines(self, step: Step) -> tuple[int, ...]:
        """The numbers (from 1) of the lines ``step`` runs: its line names,
        resolved by :meth:`Listing.numbers`, the one resolver."""
        return self.listing.numbers(self.line_names(step))


class Step(NamedTuple):
    """One thing the search did.  Every field is immutable."""

    index: int  # type: ignore[assignment]  # the field shadows tuple.index, on purpose
    """Position in the trace, from 0."""
    kind: StepKind
    """What happened: enter, leaf, update, cutoff or return (and for the
    searches that visit nodes again: pass, re-search, table)."""
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
    words: Words
    """The search's words: its pseudocode, captions and line names."""
    child: Node | None = None
    """UPDATE (and RESEARCH): the child whose value came back."""
    value: Value | None = None
    """UPDATE: the child's value; LEAF and RETURN: the value passed up."""
    before: Window | None = None
    """UPDATE: v, alpha and beta before the update."""
    pruned: tuple[Node, ...] = ()
    """CUTOFF: the children skipped, left to right."""
    detail: Any = None
    """What only the search that recorded the step knows of it (a chance
    node's terms, a PVS test's phase), or None: its :attr:`words` read it."""

    @property
    def line_names(self) -> tuple[str, ...]:
        """The names of the lines of the trace's pseudocode
        (:attr:`Trace.listing`) this step executes, as its search says them."""
        return tuple(self.words.line_names(self))

    @property
    def lines(self) -> tuple[int, ...]:
        """The lines of the trace's pseudocode (:attr:`Trace.code`) this
        step executes (from 1): :attr:`line_names` resolved by the listing."""
        return self.words.lines(self)

    @property
    def caption(self) -> str:
        """One line in the pseudocode's own words, e.g.
        ``MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)``."""
        return self.words.caption(self)

    @property
    def rule(self) -> CutRule:
        """The cut rule the search used."""
        return self.words.rule

    @property
    def phase(self) -> Phase | None:
        """The pass, null-window test or re-search under way (the innermost);
        None for the searches that search every node once."""
        return getattr(self.detail, "phase", None)

    def __repr__(self) -> str:
        return f"<Step {self.index}: {self.caption}>"


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


class _Cursor:
    """The working state of every node at one step, moved one step at a time."""

    __slots__ = ("at", "status", "v", "alpha", "beta", "path", "evaluated")

    def __init__(self, at, status, v, alpha, beta, path, evaluated):
        self.at = at
        self.status, self.v, self.alpha, self.beta = status, v, alpha, beta
        self.path, self.evaluated = path, evaluated



class Recording:
    """What a traced search writes as it goes: the flat list of steps a
    :class:`Trace` reads (:data:`RECORD` items a step) and the leaves
    evaluated, in order."""

    __slots__ = ("records", "evaluated", "step", "_score_of")

    def __init__(self, tree: Tree):
        self.records: list = []
        """The steps: kind, node id, v, alpha, beta, one step after another."""
        self.evaluated: list[int] = []
        """The ids of the leaves evaluated, in order."""
        self.step = self.records.extend
        """Record one step: ``step((kind, node id, v, alpha, beta))``."""
        self._score_of = tree.score_of

    def leaf(self, leaf: int, alpha: Any, beta: Any) -> Value:
        """Evaluate a leaf, a step of its own with the window it was given,
        and return its score."""
        self.evaluated.append(leaf)
        score: Value = self._score_of(leaf)  # type: ignore[assignment]  # a leaf has a score
        self.step((LEAF, leaf, score, alpha, beta))
        return score


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
    words : Words
        The search's words: its pseudocode, and each step's caption and lines.
    notes : Notes or None
        For a search that visits nodes more than once (PVS, MTD(f), a
        null-window test): its name, phases and the lines each step
        executes.  None for alpha-beta.
    """

    def __init__(self, tree: Tree, records: list, evaluated_ids: list[int], words: Words,
                 notes: Notes | None = None):
        self.tree = tree
        self.words = words
        self.notes = notes
        if notes is not None and len(notes.names) != len(records) // RECORD:
            raise ValueError(f"the notes give lines for {len(notes.names)} steps, but the trace "
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
    def rule(self) -> CutRule:
        """The cut rule the search used."""
        return self.words.rule

    @property
    def fail_hard(self) -> bool:
        """Whether nodes returned v clamped into their window."""
        return self.words.fail_hard

    @property
    def listing(self) -> Listing:
        """The search's pseudocode, its lines named (:attr:`Words.listing`)."""
        return self.words.listing

    @property
    def code(self) -> tuple[str, ...]:
        """The pseudocode the steps' :attr:`Step.lines` point into."""
        return self.words.listing.code

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
    """Which search recorded the trace: "alpha-beta" (:func:`gametree.trace_alpha_beta`,
    and the searches of :mod:`gametree.games.windows`), "expectiminimax" or
    "star1" (:func:`gametree.trace_expectiminimax` without and with bounds),
    or "maxn" (:func:`gametree.trace_maxn`, whose v and value are utility
    vectors)."""

    @property
    def strict(self) -> bool:
        """The ``strict=`` flag the trace was made with: ``rule.strict``."""
        return self.rule.strict

    @property
    def algorithm(self) -> str:
        """The search in words, for titles and alt text:
        ``Alpha-beta (cut when alpha >= beta)``, ``PVS (cut when ...)``."""
        name = _(self.name)  # alpha-beta (SEARCH_NAMES) has words in other languages; PVS, MTD(f) are names
        return _("{name} (cut when {test})").format(name=name[0].upper() + name[1:], test=self.rule.test)

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
        return Step(index, kind, node(node_id), v, alpha, beta, self._evaluated_at(index),
                    self.words, child=child, value=value, before=before, pruned=pruned,
                    detail=self._detail(index))

    def _detail(self, index: int) -> Any:
        """What the search alone knows of step ``index`` (:attr:`Step.detail`):
        None here; a search's own trace may say more."""
        return None

    def bound_at(self, index: int) -> str | None:
        """TABLE step ``index``: what the stored value says (``exact``,
        ``lower`` or ``upper``); None for any other step."""
        return self._bounds.get(index)

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

