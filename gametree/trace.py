"""Alpha-beta that records what it does, one immutable :class:`Step` at a time.

The search produces, the drawing and the widgets consume: this module knows
nothing of matplotlib or ipywidgets.  A :class:`Trace` holds the steps and
can tell, for any step, the state of every node (:meth:`Trace.state`).

The search is the statement's: children left to right; after each child a
MAX node sets v = max(v, value) then alpha = max(alpha, v), a MIN node sets
v = min(v, value) then beta = min(beta, v); as soon as alpha >= beta (or
alpha > beta with ``strict=True``) the remaining children are pruned.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from math import inf
from typing import NamedTuple

from .text import fmt
from .tree import MAX, Node, Tree, Value, as_tree

__all__ = ["trace_alpha_beta", "Trace", "Step", "StepKind", "Status", "Snapshot",
           "Window", "pseudocode"]


class StepKind(str, enum.Enum):
    """What a step did."""

    ENTER = "enter"
    """The search arrived at an internal node with a window (alpha, beta)."""
    LEAF = "leaf"
    """The search evaluated a leaf."""
    UPDATE = "update"
    """A child's value came back; the node updated v and alpha or beta."""
    CUTOFF = "cutoff"
    """alpha >= beta: the node's remaining children are pruned."""
    RETURN = "return"
    """The node is finished and returns v to its parent."""

    def __str__(self) -> str:
        return self.value


class Window(NamedTuple):
    """A node's v and its alpha-beta window at one moment."""

    best: Value
    """v, the best value found so far at the node."""
    alpha: Value
    """The value MAX is already assured of on the path to here."""
    beta: Value
    """The value MIN is already assured of on the path to here."""


_PSEUDOCODE = """\
function ALPHA-BETA(node, alpha, beta)
  if node is a leaf: return its score
  if node is MAX:
    v = -inf
    for each child c, left to right:
      v = max(v, ALPHA-BETA(c, alpha, beta))
      alpha = max(alpha, v)
      if alpha {rule} beta: prune the other children; break
    return v
  else:  # node is MIN
    v = +inf
    for each child c, left to right:
      v = min(v, ALPHA-BETA(c, alpha, beta))
      beta = min(beta, v)
      if alpha {rule} beta: prune the other children; break
    return v"""

# Pseudocode line numbers (1-based) that each kind of step executes.
_LINES = {
    (StepKind.LEAF, "MAX"): (2,), (StepKind.LEAF, "MIN"): (2,),
    (StepKind.ENTER, "MAX"): (3, 4), (StepKind.ENTER, "MIN"): (10, 11),
    (StepKind.UPDATE, "MAX"): (6, 7), (StepKind.UPDATE, "MIN"): (13, 14),
    (StepKind.CUTOFF, "MAX"): (8,), (StepKind.CUTOFF, "MIN"): (15,),
    (StepKind.RETURN, "MAX"): (9,), (StepKind.RETURN, "MIN"): (16,),
}


def pseudocode(strict: bool = False) -> list[str]:
    """The alpha-beta pseudocode as lines; :attr:`Step.lines` index into it
    (counting from 1).  ``strict`` writes the cut test as ``alpha > beta``."""
    return _PSEUDOCODE.format(rule=">" if strict else ">=").splitlines()


class Step(NamedTuple):
    """One thing the search did.  Every field is immutable."""

    index: int
    """Position in the trace, from 0."""
    kind: StepKind
    """What happened: enter, leaf, update, cutoff or return."""
    node: Node
    """The node where it happened."""
    best: Value
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
    strict: bool = False
    """True when the search cut on alpha > beta instead of alpha >= beta."""

    @property
    def lines(self) -> tuple[int, ...]:
        """The lines of :func:`pseudocode` this step executes (from 1)."""
        return _LINES[self.kind, self.node.player.value]

    @property
    def caption(self) -> str:
        """One line in textbook words, e.g.
        ``MIN node C: v = 2 <= alpha = 3, prune 2 children (leaves 4, 6)``."""
        node, kind = self.node, self.kind
        title = f"{node.player} node {node.name}"
        if kind is StepKind.LEAF:
            return (f"Leaf {node.name}: evaluate, score {fmt(node.score)} "
                    f"({self.evaluated} evaluated so far)")
        if kind is StepKind.ENTER:
            return (f"{title}: enter with alpha = {fmt(self.alpha)}, "
                    f"beta = {fmt(self.beta)}; v = {fmt(self.best)}")
        if kind is StepKind.UPDATE:
            old = self.before
            if node.player is MAX:
                return (f"{title}: v = max({fmt(old.best)}, {fmt(self.value)}) = "
                        f"{fmt(self.best)}, alpha = max({fmt(old.alpha)}, "
                        f"{fmt(self.best)}) = {fmt(self.alpha)}")
            return (f"{title}: v = min({fmt(old.best)}, {fmt(self.value)}) = "
                    f"{fmt(self.best)}, beta = min({fmt(old.beta)}, "
                    f"{fmt(self.best)}) = {fmt(self.beta)}")
        if kind is StepKind.CUTOFF:
            if node.player is MAX:
                test = f"v = {fmt(self.best)} {'>' if self.strict else '>='} beta = {fmt(self.beta)}"
            else:
                test = f"v = {fmt(self.best)} {'<' if self.strict else '<='} alpha = {fmt(self.alpha)}"
            count = len(self.pruned)
            return f"{title}: {test}, prune {count} {'child' if count == 1 else 'children'} ({_describe(self.pruned)})"
        if node.parent is None:
            return f"{title} returns {fmt(self.value)}: the value of the tree"
        return f"{title} returns {fmt(self.value)}"

    def __repr__(self) -> str:
        return f"<Step {self.index}: {self.caption}>"


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
    """The state of every node right after one step.  Lists are indexed by
    node id."""

    step: Step
    """The step just taken."""
    status: tuple[Status, ...]
    """Each node's :class:`Status`."""
    best: tuple[Value | None, ...]
    """Each node's v: best so far, final once DONE; None if unvisited."""
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


class Trace(Sequence):
    """The recorded search: a read-only sequence of :class:`Step`.

    Attributes
    ----------
    tree : Tree
        The tree that was searched.
    value : Value
        The root's minimax value.
    evaluated : int
        How many leaves were evaluated (as :func:`gametree.alpha_beta`).
    evaluated_leaves : tuple of int
        Leaf indices (left to right, from 0) in the order evaluated.
    steps : sequence of Step
        Everything the search did.  The search records plain tuples of
        node ids; a :class:`Step` is made from one when first read.
    strict : bool
        Whether the search cut on alpha > beta.
    """

    _CHECKPOINT = 64

    def __init__(self, tree: Tree, records: list, evaluated_ids: list[int], strict: bool):
        self.tree = tree
        self._records = records
        self.steps: Sequence[Step] = _Steps(self)
        self.evaluated_leaves: tuple[int, ...] = tuple(map(tree.leaf_index_of, evaluated_ids))
        self.evaluated: int = len(self.evaluated_leaves)
        self.value: Value = records[-RECORD + 6]
        self.strict = strict
        self._checkpoints: dict[int, tuple] = {}
        self._derived: tuple[list[int], dict[int, tuple]] | None = None

    def __len__(self) -> int:
        return len(self._records) // RECORD

    def __getitem__(self, index):
        return self.steps[index]

    def _record(self, index: int) -> tuple:
        """Step ``index`` as (kind, node, v, alpha, beta, leaves evaluated so
        far, child, value, v before, alpha before, beta before)."""
        kind, node, v, a, b, child, value = self._records[index * RECORD : (index + 1) * RECORD]
        counts, before = self._derive()
        return (kind, node, v, a, b, counts[index], child, value, *before.get(index, (None,) * 3))

    def _derive(self) -> tuple[list[int], dict[int, tuple]]:
        """What the search did not record because it follows from the rest,
        worked out in one pass when first needed: the leaves evaluated up to
        each step, and each UPDATE's v, alpha and beta before it (the node's
        values after its previous step)."""
        if self._derived is None:
            counts, before, last, count = [], {}, {}, 0
            records = self._records
            for index in range(len(self)):
                kind, node, v, a, b = records[index * RECORD : index * RECORD + 5]
                if kind is StepKind.LEAF:
                    count += 1
                elif kind is StepKind.UPDATE:
                    before[index] = last[node]
                if kind is StepKind.ENTER or kind is StepKind.UPDATE:
                    last[node] = (v, a, b)
                counts.append(count)
            self._derived = counts, before
        return self._derived

    @property
    def cutoffs(self) -> list[Step]:
        """The CUTOFF steps, in order."""
        kinds = self._records[::RECORD]
        return [self.steps[i] for i, kind in enumerate(kinds) if kind is StepKind.CUTOFF]

    @property
    def pruned_leaves(self) -> list[int]:
        """Indices of the leaves never evaluated, left to right."""
        seen = set(self.evaluated_leaves)
        return [i for i in range(len(self.tree.leaves)) if i not in seen]

    @property
    def captions(self) -> list[str]:
        """Every step's caption, in order."""
        return [step.caption for step in self.steps]

    def state(self, index: int) -> Snapshot:
        """The state of every node right after step ``index``.

        Negative indices count from the end, like a list's.  Fast for
        stepping back and forth: replays at most 64 steps from a cached
        checkpoint.
        """
        if not isinstance(index, int) or isinstance(index, bool):
            raise TypeError(f"step index must be an int, not {type(index).__name__}")
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"step {index} does not exist; this trace has steps 0 to {len(self) - 1}")
        start = index - index % self._CHECKPOINT
        state = self._restore(start) if start in self._checkpoints else self._replay_to(start)
        status, best, alpha, beta, path, evaluated = state
        for i in range(start + 1, index + 1):
            evaluated = self._apply(self._record(i), status, best, alpha, beta, path)
        return Snapshot(self.steps[index], tuple(status), tuple(best), tuple(alpha),
                        tuple(beta), tuple(self.tree[i] for i in path), evaluated)

    # --- replay machinery ------------------------------------------------

    def _restore(self, start: int):
        status, best, alpha, beta, path, evaluated = self._checkpoints[start]
        return list(status), list(best), list(alpha), list(beta), list(path), evaluated

    def _replay_to(self, start: int):
        """Replay from the nearest earlier checkpoint to step ``start``,
        saving a checkpoint at every multiple of 64 on the way."""
        done = max((k for k in self._checkpoints if k <= start), default=None)
        if done is None:
            n = len(self.tree)
            status, best = [Status.UNVISITED] * n, [None] * n
            alpha, beta, path = [None] * n, [None] * n, []
            evaluated = self._apply(self._record(0), status, best, alpha, beta, path)
            done = 0
            self._save(0, status, best, alpha, beta, path, evaluated)
        else:
            status, best, alpha, beta, path, evaluated = self._restore(done)
        for i in range(done + 1, start + 1):
            evaluated = self._apply(self._record(i), status, best, alpha, beta, path)
            if i % self._CHECKPOINT == 0:
                self._save(i, status, best, alpha, beta, path, evaluated)
        return status, best, alpha, beta, path, evaluated

    def _save(self, i, status, best, alpha, beta, path, evaluated):
        self._checkpoints[i] = (tuple(status), tuple(best), tuple(alpha), tuple(beta), tuple(path), evaluated)

    def _apply(self, record: list, status, best, alpha, beta, path) -> int:
        kind, node, v, a, b, evaluated, child, value = record[:8]
        if kind is StepKind.LEAF:
            status[node] = Status.DONE
            best[node] = value
        elif kind is StepKind.ENTER:
            status[node] = Status.ACTIVE
            path.append(node)
            best[node], alpha[node], beta[node] = v, a, b
        elif kind is StepKind.UPDATE:
            best[node], alpha[node], beta[node] = v, a, b
        elif kind is StepKind.CUTOFF:
            stack = list(self._pruned(node, child))
            while stack:
                below = stack.pop()
                status[below] = Status.PRUNED
                stack.extend(self.tree.child_ids(below))
        else:  # RETURN
            status[node] = Status.DONE
            path.pop()
        return evaluated

    def _pruned(self, node: int, last_searched: int) -> Sequence[int]:
        """Ids of the children a cutoff at ``node`` skipped."""
        children = self.tree.child_ids(node)
        return children[list(children).index(last_searched) + 1 :]

    def _repr_png_(self) -> bytes | None:
        """A picture of the finished search for notebooks (see
        :mod:`gametree.view.draw`); None without matplotlib."""
        try:
            from .view.draw import png
        except ImportError:
            return None
        return png(self)

    def __repr__(self) -> str:
        rule = "alpha > beta" if self.strict else "alpha >= beta"
        return (f"<Trace of alpha-beta ({rule}): value {fmt(self.value)}, "
                f"{self.evaluated} of {len(self.tree.leaves)} leaves evaluated, "
                f"{len(self)} steps>")


class _Steps(Sequence):
    """The steps of a trace, each made into a :class:`Step` when first read."""

    __slots__ = ("_trace", "_made")

    def __init__(self, trace: Trace):
        self._trace = trace
        self._made: list[Step | None] = [None] * len(trace)

    def __len__(self) -> int:
        return len(self._made)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        step = self._made[index]
        if step is None:
            if index < 0:
                index += len(self)
            trace, tree = self._trace, self._trace.tree
            kind, node, v, a, b, evaluated, child, value, *before = trace._record(index)
            cutoff = kind is StepKind.CUTOFF
            step = Step(index, kind, tree[node], v, a, b, evaluated,
                        child=None if child is None or cutoff else tree[child], value=value,
                        before=Window(*before) if kind is StepKind.UPDATE else None,
                        pruned=tuple(tree[i] for i in trace._pruned(node, child)) if cutoff else (),
                        strict=trace.strict and cutoff)
            self._made[index] = step
        return step

    def __repr__(self) -> str:
        return f"<{len(self)} steps>"


def trace_alpha_beta(tree: object, branching: int | None = None, *, strict: bool = False) -> Trace:
    """Run alpha-beta and record every step.

    Takes the statement's ``(leaves, branching)``, nested lists, or a
    :class:`~gametree.tree.Tree` (whose nodes say who moves, so game trees
    where a player moves twice in a row are searched correctly).
    ``trace.value``, ``trace.evaluated`` and ``trace.evaluated_leaves``
    equal what :func:`gametree.alpha_beta` computes on the same tree.

    ``strict=True`` cuts only when alpha > beta: the value is the same,
    but on trees with ties fewer leaves are pruned.

    Examples
    --------
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> trace.value, trace.evaluated, trace.evaluated_leaves
    (3, 7, (0, 1, 2, 3, 6, 7, 8))
    >>> trace.cutoffs[0].caption
    'MIN node C: v = 2 <= alpha = 3, prune 2 children (leaves 4, 6)'
    """
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r}")
    tree = as_tree(tree, branching)
    child_ids, player_of, score_of = tree.child_ids, tree.player_of, tree.score_of
    # Each step appends RECORD fields to one flat list: (kind, node, v, alpha,
    # beta, child, value).  Plain numbers and node ids, no objects: a Step is
    # made from its fields only when someone reads it, with what follows from
    # the rest (leaves evaluated so far, values before an update) worked out
    # then (Trace._derive).
    records: list = []
    evaluated: list[int] = []
    record = records.extend  # bound once: called at every step

    def evaluate(leaf: int, alpha: Value, beta: Value) -> Value:
        """Evaluate a leaf: a step of its own, not a search."""
        evaluated.append(leaf)
        score = score_of(leaf)
        record((LEAF, leaf, score, alpha, beta, None, score))
        return score

    def alpha_beta(node: int, alpha: Value, beta: Value) -> Value:
        """Search the internal node ``node`` within the window (alpha, beta)."""
        maximizing = player_of(node) is MAX
        v = -inf if maximizing else inf
        record((ENTER, node, v, alpha, beta, None, None))
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
            record((UPDATE, node, v, alpha, beta, child, value))
            if alpha > beta or (alpha == beta and not strict):  # the cut test
                if child != children[-1]:  # children are left to prune
                    record((CUTOFF, node, v, alpha, beta, child, None))
                break
        record((RETURN, node, v, alpha, beta, None, v))
        return v

    if child_ids(0):
        alpha_beta(0, -inf, inf)
    else:  # the root is a lone leaf
        evaluate(0, -inf, inf)
    return Trace(tree, records, evaluated, strict)


RECORD = 7
"""Fields per step in a trace's flat record list."""

ENTER, LEAF, UPDATE, CUTOFF, RETURN = (StepKind.ENTER, StepKind.LEAF, StepKind.UPDATE,
                                       StepKind.CUTOFF, StepKind.RETURN)
