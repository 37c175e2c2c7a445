"""Searches with narrow windows: the null-window test, PVS and MTD(f).

Alpha-beta searches the root with the window (-inf, +inf) and returns its
exact value.  Given a narrower window (alpha, beta), fail-soft alpha-beta
(:func:`~gametree.games.alpha_beta` with ``window=``) keeps a promise, the
one a transposition table relies on: the value r it returns says

* r <= alpha: the true value v* <= r  (the search *fails low*),
* r >= beta:  v* >= r  (it *fails high*),
* otherwise:  v* = r.

The narrower the window, the more it prunes.  The narrowest, a *null
window* (beta - 1, beta), holds no whole number at all: the search only
answers the question "is v* >= beta?", and it answers it cheaply.  Three
searches are built on that question (with whole-number scores the window
holds no value; with fractional scores the promise above still holds,
so every search here still returns the exact value, only less cheaply):

* :func:`null_window_test`: one such test of the root.
* :func:`pvs`: principal-variation search (Marsland's PVS; Reinefeld's
  NegaScout, 1983, is the same idea).  Each node searches its first child
  with its whole window and *tests* the others with a null window: "is
  this child better than the best so far?"  Usually not, and the test
  proves it cheaply; when it is, the child is searched again (a
  *re-search*) with a window that starts from the bound the test found.
* :func:`mtdf`: MTD(f) (Plaat, Schaeffer, Pijls and de Bruin, 1996) does
  nothing but null-window tests of the root, each one alpha-beta with a
  transposition table (Plaat's AlphaBetaWithMemory), moving the test
  value towards the minimax value from a first guess ``f``: each pass
  fails high (a new lower bound) or low (a new upper bound), until the
  two bounds meet.  The table keeps what earlier passes learned, so each
  pass re-searches little.

Each search is written once, on the :class:`~gametree.games.base.Game`
interface.  Run on a :class:`~gametree.games.TreeGame` with a
:class:`TreeRecorder`, it records its steps as a :class:`gametree.Trace`
that the drawings and the step-through widget show, passes and
re-searches included: :func:`trace_null_window`, :func:`trace_pvs`,
:func:`trace_mtdf`.

:func:`returned_bounds` reads, from any trace, what each node returned and
what that says of its value: the entry a transposition table would file.
Fail-soft and fail-hard alpha-beta (``gametree.trace_alpha_beta(...,
fail_hard=True)``) differ exactly there.

Nothing here imports matplotlib, networkx or ipywidgets.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from math import inf, isfinite
from typing import Protocol, cast

from ..rules import CutRule
from ..text import describe, fmt
from ..trace import MAX_TRACE_NODES, Notes, Phase, PhaseKind, StepKind, Trace
from ..tree import CHANCE, MAX, Node, Value, as_tree
from .base import Evaluation, Game, M, S, State, check_game, check_whole
from .search import (
    OutOfNodes,
    S_contra,
    SearchResult,
    Stats,
    alpha_beta,
    chance_error,
    check_options,
    deep_games,
    estimate,
)
from .table import Bound, Entry, TranspositionTable
from .tree import TreeGame

__all__ = [
    "null_window_test", "pvs", "mtdf", "trace_null_window", "trace_pvs", "trace_mtdf",
    "TestResult", "PVSResult", "MTDResult", "Pass", "TreeRecorder", "WindowRecorder",
    "returned_bounds",
    "PVS_CODE", "MTDF_CODE", "TEST_CODE", "MAX_WINDOW_TRACE_NODES",
]

ENTER, LEAF, UPDATE, CUTOFF, RETURN = (StepKind.ENTER, StepKind.LEAF, StepKind.UPDATE,
                                       StepKind.CUTOFF, StepKind.RETURN)
PASS, RESEARCH, TABLE = StepKind.PASS, StepKind.RESEARCH, StepKind.TABLE

MAX_WINDOW_TRACE_NODES = 10_000
"""Largest tree :func:`trace_pvs`, :func:`trace_mtdf` and
:func:`trace_null_window` record: far more than a drawing shows (3,300
nodes), and a search that visits nodes again makes several steps per node."""


# --- the results ------------------------------------------------------------------

@dataclass(frozen=True)
class TestResult(SearchResult[M]):
    """What a null-window test found: a bound on the value, and which side."""

    __test__ = False  # not a pytest test class, whatever its name

    beta: Value = 0
    """The test: is the value at least ``beta``?  (The window was (beta - 1, beta).)"""

    @property
    def fails_high(self) -> bool:
        """True when the value is at least ``beta``: then it is at least
        ``value``.  False: it is at most ``value``."""
        return self.value >= self.beta


@dataclass(frozen=True)
class PVSResult(SearchResult[M]):
    """What :func:`pvs` found, and how often its null-window tests failed."""

    tests: int = 0
    """Null-window tests of a child (every child but each node's first)."""
    researches: int = 0
    """Children searched again because their test failed high inside the window."""


@dataclass(frozen=True)
class Pass:
    """One pass of MTD(f): a null-window search of the root."""

    alpha: Value
    """The window searched: (beta - 1, beta)."""
    beta: Value
    """The value tested: is the minimax value at least beta?"""
    value: Value
    """What the pass returned: a lower bound if it is >= beta, else an upper bound."""
    lower: Value
    """The largest lower bound known after the pass."""
    upper: Value
    """The smallest upper bound known after the pass."""
    stats: Stats
    """The work the pass did."""

    @property
    def fails_high(self) -> bool:
        """True when the pass raised the lower bound, False when it lowered the upper."""
        return self.value >= self.beta


@dataclass(frozen=True)
class MTDResult(SearchResult[M]):
    """What :func:`mtdf` found; ``stats`` add up every pass."""

    passes: tuple[Pass, ...] = ()
    """The passes, in order."""


# --- recording a search of a tree -------------------------------------------------

Lines = tuple[int, ...]


class WindowRecorder(Protocol[S_contra]):
    """What the searches here tell a recorder: every step of
    :func:`~gametree.games.alpha_beta` (the
    :class:`~gametree.games.search.Recorder` protocol), perhaps with the
    pseudocode lines it executes, and where each pass, null-window test or
    re-search begins and ends.  :class:`TreeRecorder` records a search of a
    :class:`~gametree.games.TreeGame`."""

    def step(self, kind: StepKind, state: S_contra, v: Value, alpha: Value, beta: Value, *,
             bound: str | None = None, lines: Lines | None = None) -> None:
        """The search did ``kind`` at ``state`` (see ``Recorder.step``),
        executing ``lines`` of the pseudocode (None: those of ``kind``)."""

    def also(self, lines: Lines) -> None:
        """Add ``lines`` to the lines of the step recorded last."""

    def begin(self, kind: PhaseKind, state: S_contra, alpha: Value, beta: Value, label: str, *,
              lower: Value = -inf, upper: Value = inf) -> int:
        """A phase starts with the next step; returns its number for :meth:`end`."""

    def end(self, number: int) -> None:
        """The phase ``number`` ends with the step recorded last."""


class TreeRecorder:
    """Records a search of a :class:`~gametree.games.TreeGame` as a :class:`gametree.Trace`.

    A search calls :meth:`step` at every step (the one
    :class:`~gametree.games.search.Recorder` protocol that
    :func:`~gametree.games.alpha_beta` uses), and :meth:`begin` and
    :meth:`end` around each pass, null-window test or re-search.  States
    are the tree's nodes.

    Parameters
    ----------
    game : TreeGame
        The tree being searched.
    name : str
        The search's name, as the trace will give it.
    code : sequence of str
        The search's pseudocode.
    lines : mapping
        (StepKind, "MAX" or "MIN") -> the pseudocode lines a step of that
        kind executes, for steps recorded without their own lines.
    """

    def __init__(self, game: TreeGame, name: str, code: Sequence[str],
                 lines: Mapping[tuple[StepKind, str], Lines]):
        self.game = game
        self.name = name
        self.code = tuple(code)
        self._lines_of = dict(lines)
        self._records: list = []
        self._evaluated: list[int] = []
        self._lines: list[Lines] = []
        self._bounds: list[tuple[int, str]] = []
        self._phases: list[list] = []  # [kind, node, alpha, beta, label, start, end, lower, upper]

    def __len__(self) -> int:
        """Steps recorded so far."""
        return len(self._lines)

    def step(self, kind: StepKind, state: Node, v: Value, alpha: Value, beta: Value, *,
             bound: str | None = None, lines: Lines | None = None) -> None:
        """Record one step at the node ``state``."""
        if kind is LEAF:
            self._evaluated.append(state.id)
        if bound is not None:
            self._bounds.append((len(self), str(bound)))
        self._records.extend((kind, state.id, v, alpha, beta))
        self._lines.append(self._lines_of.get((kind, state.player.value), ()) if lines is None
                           else lines)

    def also(self, lines: Lines) -> None:
        """Add ``lines`` to the lines of the step recorded last."""
        self._lines[-1] = self._lines[-1] + tuple(lines)

    def begin(self, kind: PhaseKind, state: Node, alpha: Value, beta: Value, label: str, *,
              lower: Value = -inf, upper: Value = inf) -> int:
        """A phase starts with the next step; returns its number for :meth:`end`."""
        self._phases.append([kind, state, alpha, beta, label, len(self), -1, lower, upper])
        return len(self._phases) - 1

    def end(self, number: int) -> None:
        """The phase ``number`` ends with the step recorded last."""
        self._phases[number][6] = len(self) - 1

    def trace(self, rule: CutRule = CutRule.TIES) -> Trace:
        """The trace of everything recorded."""
        phases = tuple(Phase(kind, node, alpha, beta, label, start, end, lower, upper, self.name)
                       for kind, node, alpha, beta, label, start, end, lower, upper in self._phases)
        notes = Notes(self.name, self.code, tuple(self._lines), phases, tuple(self._bounds))
        return Trace(self.game.tree, self._records, self._evaluated, rule, False, notes)


# --- the null-window test ---------------------------------------------------------

TEST_CODE = (
    "function NULL-WINDOW(root, beta)",
    "  g = AB(root, beta - 1, beta)",
    "  if g >= beta:  # fails high",
    "    the value is at least g",
    "  else:  # fails low",
    "    the value is at most g",
    "",
    "function AB(node, alpha, beta)",
    "  if node is a leaf: return its score",
    "  v = −∞ if node is MAX else +∞",
    "  for each child c, left to right:",
    "    r = AB(c, alpha, beta)",
    "    if MAX: v = max(v, r)",
    "            alpha = max(alpha, v)",
    "    else:   v = min(v, r)",
    "            beta = min(beta, v)",
    "    if alpha >= beta: break  # prune",
    "  return v",
)
"""The pseudocode :func:`trace_null_window` steps through."""

_TEST_LINES = {
    (LEAF, "MAX"): (9,), (LEAF, "MIN"): (9,),
    (ENTER, "MAX"): (10,), (ENTER, "MIN"): (10,),
    (UPDATE, "MAX"): (12, 13, 14), (UPDATE, "MIN"): (12, 15, 16),
    (CUTOFF, "MAX"): (17,), (CUTOFF, "MIN"): (17,),
    (RETURN, "MAX"): (18,), (RETURN, "MIN"): (18,),
}


def null_window_test(game: Game[S, M], state: S | None = None, *, beta: Value,
                     depth: int | None = None, evaluate: Evaluation[S] | None = None,
                     table: TranspositionTable[S] | None = None, max_nodes: int | None = None,
                     recorder: WindowRecorder[S] | None = None) -> TestResult[M]:
    """Is the minimax value of ``state`` at least ``beta``?  One alpha-beta
    search with the null window (beta - 1, beta).

    Fail-soft alpha-beta returns g with: g >= beta means the value is at
    least g; g < beta means it is at most g.  (With whole-number scores
    nothing lies strictly between beta - 1 and beta, so the answer is yes
    or no; with fractional scores a g inside the window is the exact value,
    and below beta.)

    Parameters
    ----------
    game, state, depth, evaluate, table, max_nodes
        As for :func:`~gametree.games.alpha_beta`.
    beta : number
        The value to test against: a finite number.
    recorder : TreeRecorder, optional
        Records the test (see :func:`trace_null_window`).

    Returns
    -------
    TestResult
        ``value`` (the bound g), ``fails_high``, the ``move`` and ``pv`` of
        the search, and ``stats``.

    Examples
    --------
    AIMA's Figure 5.2 is worth 3.  Testing "at least 3?" fails high after
    3 leaves, "at least 4?" fails low after 5; alpha-beta evaluates 7:

    >>> from gametree import Tree
    >>> from gametree.games import TreeGame
    >>> game = TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> test = null_window_test(game, beta=3)
    >>> test.fails_high, test.value, test.stats.terminals
    (True, 3, 3)
    >>> test = null_window_test(game, beta=4)
    >>> test.fails_high, test.value, test.stats.terminals     # the value is at most 3
    (False, 3, 5)
    """
    state = check_game(game, state)
    beta = _check_number("beta", beta)
    passes = None
    if recorder is not None:
        passes = recorder.begin(PhaseKind.PASS, state, beta - 1, beta,
                                f"null-window test: is the value >= {fmt(beta)}? "
                                f"window ({fmt(beta - 1)}, {fmt(beta)})")
        recorder.step(PASS, state, -inf, beta - 1, beta, lines=(1, 2))
    result = alpha_beta(game, state, table=table, depth=depth, evaluate=evaluate,
                        max_nodes=max_nodes, window=(beta - 1, beta), recorder=recorder)
    if recorder is not None and passes is not None:
        recorder.also((3, 4) if result.value >= beta else (5, 6))
        recorder.end(passes)
    return TestResult(result.value, result.move, result.stats, result.pv, beta)


# --- principal-variation search ----------------------------------------------------

def pvs_code(rule: CutRule = CutRule.TIES) -> tuple[str, ...]:
    """PVS's pseudocode, with the cut rule's test.

    >>> pvs_code()[7].strip()
    'r = PVS(c, alpha, alpha + 1)'
    """
    return (
        "function PVS(node, alpha, beta)",
        "  if node is a leaf: return its score",
        "  v = −∞ if node is MAX else +∞",
        "  for each child c, left to right:",
        "    if c is the first:",
        "      r = PVS(c, alpha, beta)",
        "    else if node is MAX:",
        "      r = PVS(c, alpha, alpha + 1)",
        "      if alpha < r < beta:",
        "        r = PVS(c, r, beta)",
        "    else:",
        "      r = PVS(c, beta - 1, beta)",
        "      if alpha < r < beta:",
        "        r = PVS(c, alpha, r)",
        "    if MAX: v = max(v, r)",
        "            alpha = max(alpha, v)",
        "    else:   v = min(v, r)",
        "            beta = min(beta, v)",
        f"    if {rule.test}: break  # prune",
        "  return v",
    )


PVS_CODE = pvs_code()
"""The pseudocode :func:`trace_pvs` steps through (the alpha >= beta rule)."""

# Lines of PVS_CODE (from 1) by step: (at a MAX node, at a MIN node).
_PVS_LINES = {LEAF: ((2,), (2,)), ENTER: ((3,), (3,)), "first": ((6, 15, 16), (6, 17, 18)),
              "tested": ((8, 15, 16), (12, 17, 18)), "re-searched": ((10, 15, 16), (14, 17, 18)),
              RESEARCH: ((9, 10), (13, 14)), CUTOFF: ((19,), (19,)), RETURN: ((20,), (20,))}


def _pvs_lines(what, maximizing: bool) -> Lines:
    return _PVS_LINES[what][0 if maximizing else 1]


def pvs(game: Game[S, M], state: S | None = None, *, depth: int | None = None,
        evaluate: Evaluation[S] | None = None, strict: bool = False, max_nodes: int | None = None,
        recorder: WindowRecorder[S] | None = None) -> PVSResult[M]:
    """Principal-variation search: the first child with the whole window,
    every other child first tested with a null window.

    At a MAX node with best-so-far alpha, a later child is searched with
    (alpha, alpha + 1): the test "is it better than alpha?"  A result
    r <= alpha says no, cheaply; r >= beta says it is good enough to cut;
    alpha < r < beta says yes, and by how much only a second search can
    tell: the child is searched again with (r, beta), since r is already a
    lower bound.  A MIN node tests with (beta - 1, beta) and re-searches
    with (alpha, r).  With the best child first, every test fails low and
    PVS prunes more than alpha-beta; with bad order it pays for the
    re-searches.  It returns the same value as alpha-beta.

    Parameters
    ----------
    game, state, depth, evaluate, max_nodes
        As for :func:`~gametree.games.alpha_beta`.
    strict : bool
        Cut only when alpha > beta (CS188's rule) instead of alpha >= beta.
    recorder : TreeRecorder, optional
        Records the search (see :func:`trace_pvs`).

    Returns
    -------
    PVSResult
        ``value``, the first best ``move``, ``pv``, ``stats``, and how many
        ``tests`` and ``researches`` it made.

    Examples
    --------
    >>> from gametree import Tree
    >>> from gametree.games import TreeGame
    >>> result = pvs(TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)))
    >>> result.value, result.move, result.stats.terminals, result.tests, result.researches
    (3, 'B', 7, 6, 0)
    """
    state = check_game(game, state)
    depth_left = check_options(None, depth, evaluate, None, None)
    rule = CutRule.of(strict)
    limit = inf if max_nodes is None else check_whole("max_nodes", max_nodes, 1)
    record = None if recorder is None else recorder.step
    nodes = terminals = evaluated = cutoffs = tests = researches = 0

    def search(state: S, depth: float, alpha: Value, beta: Value) -> tuple[Value, tuple[M, ...]]:
        """(r, the line of moves that gives it) for ``state``, searched with (alpha, beta)."""
        nonlocal nodes, terminals, evaluated, cutoffs, tests, researches
        nodes += 1
        if nodes > limit:
            raise OutOfNodes(f"the search reached its limit of {limit:,} positions")
        if game.is_over(state) or depth <= 0:
            if game.is_over(state):
                terminals += 1
                score = game.score(state)
            else:
                assert evaluate is not None   # a depth limit comes with an evaluation
                evaluated += 1
                score = estimate(evaluate, state)
            if record:
                record(LEAF, state, score, alpha, beta, lines=(2,))
            return score, ()
        player = game.to_move(state)
        if player is CHANCE:
            raise chance_error(game, state)
        maximizing = player is MAX
        v: Value = -inf if maximizing else inf
        line: tuple[M, ...] = ()
        if record:
            record(ENTER, state, v, alpha, beta, lines=_pvs_lines(ENTER, maximizing))
        moves = game.moves(state)
        for i, move in enumerate(moves):
            child = game.result(state, move)
            how = "first"
            test = (alpha, alpha + 1) if maximizing else (beta - 1, beta)
            if i == 0 or not isfinite(test[0] if maximizing else test[1]):
                r, below = search(child, depth - 1, alpha, beta)  # the whole window
            else:
                tests += 1
                how = "tested"
                exact = game.is_over(child) or depth <= 1  # a leaf's score needs no re-search
                phase = None
                if recorder is not None and not exact:
                    phase = recorder.begin(PhaseKind.TEST, child, *test, _test_label(
                        child, test, maximizing))
                r, below = search(child, depth - 1, *test)
                if recorder is not None and phase is not None:
                    recorder.end(phase)
                if alpha < r < beta and not exact:  # the test failed high inside the window
                    researches += 1
                    how = "re-searched"
                    again = (r, beta) if maximizing else (alpha, r)
                    if recorder is not None:
                        phase = recorder.begin(PhaseKind.RESEARCH, child, *again,
                                               f"PVS: re-search of {_name(child)} with the "
                                               f"window ({fmt(again[0])}, {fmt(again[1])})")
                        recorder.step(RESEARCH, state, v, alpha, beta,
                                      lines=_pvs_lines(RESEARCH, maximizing))
                    r, below = search(child, depth - 1, *again)
                    if recorder is not None and phase is not None:
                        recorder.end(phase)
            if maximizing:
                if r > v:
                    v, line = r, (move, *below)
                alpha = max(alpha, v)
            else:
                if r < v:
                    v, line = r, (move, *below)
                beta = min(beta, v)
            if record:
                record(UPDATE, state, v, alpha, beta, lines=_pvs_lines(how, maximizing))
            if rule.cuts(alpha, beta):
                if i + 1 < len(moves):  # a cut at the last child prunes nothing
                    cutoffs += 1
                    if record:
                        record(CUTOFF, state, v, alpha, beta, lines=_pvs_lines(CUTOFF, maximizing))
                break
        if record:
            record(RETURN, state, v, alpha, beta, lines=_pvs_lines(RETURN, maximizing))
        return v, line

    with deep_games(game):
        value, line = search(state, depth_left, -inf, inf)
    return PVSResult(value, line[0] if line else None,
                     Stats(nodes, terminals, cutoffs, 0, evaluated), line, tests, researches)


def _name(state: State) -> str:
    return state.name if isinstance(state, Node) else "the child"


def _test_label(child: State, test: tuple[Value, Value], maximizing: bool) -> str:
    question = f"> {fmt(test[0])}" if maximizing else f"< {fmt(test[1])}"
    return (f"PVS: null-window test of {_name(child)} with ({fmt(test[0])}, {fmt(test[1])}): "
            f"is it {question}?")


# --- MTD(f) -------------------------------------------------------------------------

MTDF_CODE = (
    "function MTDF(root, f)",
    "  g = f; lower = −∞; upper = +∞",
    "  while lower < upper:",
    "    beta = g+1 if g == lower else g",
    "    g = AB(root, beta - 1, beta)",
    "    if g < beta: upper = g",
    "    else: lower = g",
    "  return g",
    "",
    "function AB(node, alpha, beta)",
    "  if node is a leaf: return its score",
    "  if table settles it: return that",
    "  v = −∞ if node is MAX else +∞",
    "  for each child c, left to right:",
    "    r = AB(c, alpha, beta)",
    "    if MAX: v = max(v, r)",
    "            alpha = max(alpha, v)",
    "    else:   v = min(v, r)",
    "            beta = min(beta, v)",
    "    if alpha >= beta: break  # prune",
    "  store v and its bound in the table",
    "  return v",
)
"""The pseudocode :func:`trace_mtdf` steps through: MTD(f) and its
alpha-beta with a table (Plaat's AlphaBetaWithMemory), here AB."""

_MTDF_LINES = {
    (LEAF, "MAX"): (11,), (LEAF, "MIN"): (11,), (TABLE, "MAX"): (12,), (TABLE, "MIN"): (12,),
    (ENTER, "MAX"): (13,), (ENTER, "MIN"): (13,),
    (UPDATE, "MAX"): (15, 16, 17), (UPDATE, "MIN"): (15, 18, 19),
    (CUTOFF, "MAX"): (20,), (CUTOFF, "MIN"): (20,),
    (RETURN, "MAX"): (21, 22), (RETURN, "MIN"): (21, 22),
}


def mtdf(game: Game[S, M], state: S | None = None, *, guess: Value = 0,
         depth: int | None = None, evaluate: Evaluation[S] | None = None,
         table: TranspositionTable[S] | None = None, max_nodes: int | None = None,
         recorder: WindowRecorder[S] | None = None) -> MTDResult[M]:
    """MTD(f): null-window tests of the root, each alpha-beta with a
    transposition table, until the bounds on the value meet.

    Plaat et al.'s loop: start from the first guess g = f, with no bounds.
    Test beta = g (or g + 1 when g is already known to be a lower bound)
    with the window (beta - 1, beta); the search returns a new g, an upper
    bound if g < beta, else a lower bound.  Stop when lower >= upper: both
    are then the minimax value.  The table, shared by the passes, lets each
    pass skip what earlier ones proved; it must be fail-soft's, whose bounds
    are as tight as the search found them.

    Parameters
    ----------
    game, state, depth, evaluate, max_nodes
        As for :func:`~gametree.games.alpha_beta` (``max_nodes`` limits
        each pass).
    guess : number
        The first guess f, a finite number: the closer to the value, the
        fewer passes (with iterative deepening, the previous depth's value).
    table : TranspositionTable, optional
        The table the passes share; a new one by default.
    recorder : TreeRecorder, optional
        Records the passes (see :func:`trace_mtdf`).

    Returns
    -------
    MTDResult
        ``value`` (alpha-beta's), ``move`` (the first best, from the last
        pass whose bound is on the root player's side: failed high at a MAX
        root, low at a MIN root), ``pv`` (that pass's line, which may stop
        at a position the table answered), ``stats`` over all passes, and
        the ``passes``.

    Examples
    --------
    AIMA's Figure 5.2 from the guess 0: the first pass fails high with 3
    (so the value is at least 3), the second, testing 4, fails low with 3.

    >>> from gametree import Tree
    >>> from gametree.games import TreeGame
    >>> result = mtdf(TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)))
    >>> result.value, result.move
    (3, 'B')
    >>> [(p.beta, p.value, p.fails_high) for p in result.passes]
    [(0, 3, True), (4, 3, False)]
    """
    state = check_game(game, state)
    guess = _check_number("guess", guess)
    if table is None:
        table = TranspositionTable()
    check_options(table, depth, evaluate, None, None)
    if game.to_move(state) is CHANCE and not game.is_over(state):
        raise chance_error(game, state)   # at once, before the first pass
    maximizing = game.to_move(state) is MAX
    g, lower, upper = guess, -inf, inf
    passes: list[Pass] = []
    best: SearchResult[M] | None = None
    while lower < upper:
        beta = g + 1 if g == lower else g
        number = None
        if recorder is not None:
            number = recorder.begin(PhaseKind.PASS, state, beta - 1, beta,
                                    f"MTD(f) pass {len(passes) + 1}: test with the window "
                                    f"({fmt(beta - 1)}, {fmt(beta)})", lower=lower, upper=upper)
            recorder.step(PASS, state, g, beta - 1, beta,
                          lines=(2, 3, 4, 5) if not passes else (3, 4, 5))
        result = alpha_beta(game, state, table=table, depth=depth, evaluate=evaluate,
                            max_nodes=max_nodes, window=(beta - 1, beta), recorder=recorder)
        g = result.value
        if g < beta:
            upper = g
        else:
            lower = g
        if (g >= beta) == maximizing:  # a bound on the root player's side: its move reaches it
            best = result
        if recorder is not None and number is not None:
            recorder.also((6,) if g < beta else (7,))
            recorder.end(number)
        passes.append(Pass(beta - 1, beta, g, lower, upper, result.stats))
    if best is None:  # every pass failed the other way: the value is infinite, any move reaches it
        best = result
    stats = Stats(*(sum(getattr(p.stats, f) for p in passes)
                    for f in ("nodes", "terminals", "cutoffs", "table_hits", "evaluated")))
    return MTDResult(g, best.move, stats, best.pv, tuple(passes))


def _check_number(name: str, value: object) -> Value:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, such as 0 or 3, not {describe(value)}")
    # Any Real (a Fraction, say) is a Value; mypy's Value, a float, is narrower.
    number = cast(Value, value)
    if not isfinite(number):
        raise ValueError(f"{name} must be a finite number, such as 0 or 3, not {fmt(number)}")
    return number


# --- traces on trees ------------------------------------------------------------------

def _traced_tree(tree: object, branching: int | None) -> TreeGame:
    tree = as_tree(tree, branching)
    if len(tree) > MAX_WINDOW_TRACE_NODES:
        raise ValueError(f"the tree has {len(tree):,} nodes; these traces record at most "
                         f"{MAX_WINDOW_TRACE_NODES:,} (a search that visits nodes again makes "
                         f"several steps for each), so search it with the game search "
                         f"(pvs, mtdf) on TreeGame(tree) instead, or cut it down")
    assert MAX_WINDOW_TRACE_NODES <= MAX_TRACE_NODES
    return TreeGame(tree)


def trace_null_window(tree: object, branching: int | None = None, *, beta: Value) -> Trace:
    """:func:`null_window_test` on a tree, recorded step by step.

    Takes a tree as :func:`gametree.trace_alpha_beta` does (at most
    :data:`MAX_WINDOW_TRACE_NODES` nodes).  The trace starts with a PASS
    step at the root, and its value is the bound the test returned.

    >>> trace = trace_null_window([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, beta=4)
    >>> trace.value, trace.evaluated
    (3, 5)
    >>> trace[0].caption
    'null-window test: is the value >= 4? window (3, 4)'
    >>> trace[-1].caption
    'MAX node A returns v = 3 <= alpha = 3: it fails low, so the value is at most 3'
    """
    game = _traced_tree(tree, branching)
    recorder = TreeRecorder(game, "null-window test", TEST_CODE, _TEST_LINES)
    null_window_test(game, beta=beta, recorder=recorder)
    return recorder.trace()


def trace_pvs(tree: object, branching: int | None = None, *, strict: bool = False) -> Trace:
    """:func:`pvs` on a tree, recorded step by step: tests and re-searches
    are :class:`gametree.trace.Phase` s, a re-search starts with a RESEARCH
    step.

    >>> trace = trace_pvs([[1, 2], [5, 6], [7, 8]])
    >>> trace.value, len(trace.phases)
    (7, 4)
    >>> [step.caption for step in trace if step.kind.value == "re-search"][0]
    "MAX node A: C's null-window test returned 5, and alpha = 1 < 5 < beta = +∞: search C again with the window (5, +∞)"
    """
    game = _traced_tree(tree, branching)
    rule = CutRule.of(strict)
    recorder = TreeRecorder(game, "PVS", pvs_code(rule), {})
    pvs(game, strict=rule.strict, recorder=recorder)
    return recorder.trace(rule)


def trace_mtdf(tree: object, branching: int | None = None, *, guess: Value = 0) -> Trace:
    """:func:`mtdf` on a tree, recorded step by step: each pass starts with
    a PASS step, and nodes the table settles have TABLE steps.

    >>> trace = trace_mtdf([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> [phase.label for phase in trace.phases]
    ['MTD(f) pass 1: test with the window (-1, 0)', 'MTD(f) pass 2: test with the window (3, 4)']
    >>> trace[-1].caption
    'MAX node A returns v = 3 <= alpha = 3: it fails low, so the value is at most 3: lower bound = upper bound = 3, the value of the tree'
    """
    game = _traced_tree(tree, branching)
    recorder = TreeRecorder(game, "MTD(f)", MTDF_CODE, _MTDF_LINES)
    mtdf(game, guess=guess, recorder=recorder)
    return recorder.trace()


# --- what nodes returned -----------------------------------------------------------------

def returned_bounds(trace: Trace) -> dict[str, Entry]:
    """What each internal node returned in ``trace``, and what that says of
    its value against the window it was given: the entry a transposition
    table would file for it (for a node searched more than once, its last
    search).

    Fail-soft and fail-hard alpha-beta return the same exact values; where
    a node fails, fail-hard's bound is the window's edge, fail-soft's the
    value the search found, which is at least as tight.

    >>> from gametree import trace_alpha_beta
    >>> soft = returned_bounds(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> hard = returned_bounds(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, fail_hard=True))
    >>> soft["C"], hard["C"]
    (Entry(value=2, bound=<Bound.UPPER: 'upper'>), Entry(value=3, bound=<Bound.UPPER: 'upper'>))
    """
    if not isinstance(trace, Trace):
        raise TypeError(f"returned_bounds reads a gametree.Trace, not {describe(trace)}")
    windows: dict[int, tuple[Value, Value]] = {}
    found: dict[str, Entry] = {}
    for step in trace:
        if step.kind is ENTER:
            windows[step.node.id] = (step.alpha, step.beta)
        elif step.kind is RETURN:
            alpha, beta = windows[step.node.id]
            value = step.value
            assert value is not None
            bound = Bound.UPPER if value <= alpha else Bound.LOWER if value >= beta else Bound.EXACT
            found[step.node.name] = Entry(value, bound)
    return found

