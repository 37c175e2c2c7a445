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
from dataclasses import dataclass
from math import inf, isfinite
from typing import cast

from ..i18n import N_
from ..listing import Listing, phrase
from ..replay import MAX_TRACE_NODES, PhaseKind, StepKind, Trace
from ..rules import CutRule
from ..text import describe, fmt
from ..tree import CHANCE, MAX, Node, Value, as_tree
from .base import Evaluation, Game, M, S, State, check_game, check_whole
from .search import (
    OutOfNodes,
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
from .window_trace import (
    Names,
    TreeRecorder,
    WindowDetail,
    WindowRecorder,
    WindowTrace,
    WindowWords,
)

__all__ = [
    "null_window_test", "pvs", "mtdf", "trace_null_window", "trace_pvs", "trace_mtdf",
    "TestResult", "PVSResult", "MTDResult", "Pass", "TreeRecorder", "WindowRecorder",
    "returned_bounds", "WindowTrace", "WindowWords", "WindowDetail", "pvs_listing", "pvs_code",
    "PVS_CODE", "MTDF_CODE", "TEST_CODE", "PVS_LISTING", "MTDF_LISTING", "TEST_LISTING",
    "PVS_STEPS", "MTDF_STEPS", "TEST_STEPS",
    "MAX_WINDOW_TRACE_NODES",
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


# --- AB, the alpha-beta under the null windows --------------------------------------

def _ab_lines(table: bool) -> list[tuple[str, str]]:
    """The named lines of AB, the alpha-beta the null-window searches run
    (with ``table``, Plaat's AlphaBetaWithMemory); each name starts ``AB``."""
    return [
        ("", "function AB(node, alpha, beta)"),
        ("AB leaf", "  " + N_("if node is a leaf: return its score")),
        *([("AB table", "  " + N_("if table settles it: return that"))] if table else []),
        ("AB start", "  " + N_("v = −∞ if node is MAX else +∞")),
        ("", "  " + N_("for each child c, left to right:")),
        ("AB search child", "    r = AB(c, alpha, beta)"),
        ("AB max v", "    if MAX: v = max(v, r)"),
        ("AB update alpha", "            alpha = max(alpha, v)"),
        ("AB min v", "    else:   v = min(v, r)"),
        ("AB update beta", "            beta = min(beta, v)"),
        ("AB cut", phrase("    ", N_("if {test}: break  # prune"), test="alpha >= beta")),
        *([("AB store", "  " + N_("store v and its bound in the table"))] if table else []),
        ("AB return", "  return v"),
    ]


def _ab_steps(table: bool) -> dict[object, Names]:
    """(kind, player) -> the names of the lines of :func:`_ab_lines` a step runs."""
    steps: dict[object, Names] = {}
    for player in ("MAX", "MIN"):
        steps.update({
            (LEAF, player): ("AB leaf",), (ENTER, player): ("AB start",),
            (UPDATE, player): ("AB search child", "AB max v", "AB update alpha")
            if player == "MAX" else ("AB search child", "AB min v", "AB update beta"),
            (CUTOFF, player): ("AB cut",),
            (RETURN, player): ("AB store", "AB return") if table else ("AB return",),
        })
        if table:
            steps[TABLE, player] = ("AB table",)
    return steps


# --- the null-window test ---------------------------------------------------------

TEST_LISTING = Listing.of("NULL-WINDOW", [
    ("null-window", "function NULL-WINDOW(root, beta)"),
    ("test", "  g = AB(root, beta - 1, beta)"),
    ("fails high", "  " + N_("if g >= beta:  # fails high")),
    ("at least", "    " + N_("the value is at least g")),
    ("fails low", "  " + N_("else:  # fails low")),
    ("at most", "    " + N_("the value is at most g")),
    ("", ""),
    *_ab_lines(table=False),
])
"""The pseudocode :func:`trace_null_window` steps through, its lines named."""

TEST_CODE = TEST_LISTING.code
"""The pseudocode :func:`trace_null_window` steps through."""

TEST_STEPS: dict[object, Names] = {
    **_ab_steps(table=False), "pass": ("null-window", "test"),
    "fails high": ("fails high", "at least"), "fails low": ("fails low", "at most"),
}
"""The names of the lines of :data:`TEST_LISTING` each step runs: by (kind,
player) for AB's steps, and for the test's own: its pass, and its verdict."""


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
                                phrase("", N_("null-window test: is the value >= {beta}? window "
                                              "({low}, {beta})"), beta=fmt(beta), low=fmt(beta - 1)))
        recorder.step(PASS, state, -inf, beta - 1, beta, names=TEST_STEPS["pass"])
    result = alpha_beta(game, state, table=table, depth=depth, evaluate=evaluate,
                        max_nodes=max_nodes, window=(beta - 1, beta), recorder=recorder)
    if recorder is not None and passes is not None:
        recorder.also(TEST_STEPS["fails high" if result.value >= beta else "fails low"])
        recorder.end(passes)
    return TestResult(result.value, result.move, result.stats, result.pv, beta)


# --- principal-variation search ----------------------------------------------------

def pvs_listing(rule: CutRule = CutRule.TIES) -> Listing:
    """PVS's pseudocode, its lines named, with the cut rule's test.

    >>> pvs_listing().number("max test")
    8
    """
    return Listing.of("PVS", [
        ("", "function PVS(node, alpha, beta)"),
        ("leaf", "  " + N_("if node is a leaf: return its score")),
        ("start", "  " + N_("v = −∞ if node is MAX else +∞")),
        ("", "  " + N_("for each child c, left to right:")),
        ("", "    " + N_("if c is the first:")),
        ("first", "      r = PVS(c, alpha, beta)"),
        ("", "    " + N_("else if node is MAX:")),
        ("max test", "      r = PVS(c, alpha, alpha + 1)"),
        ("max fails high", "      if alpha < r < beta:"),
        ("max re-search", "        r = PVS(c, r, beta)"),
        ("", "    else:"),
        ("min test", "      r = PVS(c, beta - 1, beta)"),
        ("min fails high", "      if alpha < r < beta:"),
        ("min re-search", "        r = PVS(c, alpha, r)"),
        ("max v", "    if MAX: v = max(v, r)"),
        ("update alpha", "            alpha = max(alpha, v)"),
        ("min v", "    else:   v = min(v, r)"),
        ("update beta", "            beta = min(beta, v)"),
        ("cut", phrase("    ", N_("if {test}: break  # prune"), test=rule.test)),
        ("return", "  return v"),
    ])


def pvs_code(rule: CutRule = CutRule.TIES) -> tuple[str, ...]:
    """PVS's pseudocode, with the cut rule's test (the text of :func:`pvs_listing`).

    >>> pvs_code()[7].strip()
    'r = PVS(c, alpha, alpha + 1)'
    """
    return pvs_listing(rule).code


PVS_LISTING = pvs_listing()
"""The pseudocode :func:`trace_pvs` steps through (the alpha >= beta rule), its lines named."""

PVS_CODE = PVS_LISTING.code
"""The pseudocode :func:`trace_pvs` steps through (the alpha >= beta rule)."""

PVS_STEPS: dict[object, Names] = {
    (LEAF, "MAX"): ("leaf",), (LEAF, "MIN"): ("leaf",),
    (ENTER, "MAX"): ("start",), (ENTER, "MIN"): ("start",),
    ("first", "MAX"): ("first", "max v", "update alpha"),
    ("first", "MIN"): ("first", "min v", "update beta"),
    ("tested", "MAX"): ("max test", "max v", "update alpha"),
    ("tested", "MIN"): ("min test", "min v", "update beta"),
    ("re-searched", "MAX"): ("max re-search", "max v", "update alpha"),
    ("re-searched", "MIN"): ("min re-search", "min v", "update beta"),
    (RESEARCH, "MAX"): ("max fails high", "max re-search"),
    (RESEARCH, "MIN"): ("min fails high", "min re-search"),
    (CUTOFF, "MAX"): ("cut",), (CUTOFF, "MIN"): ("cut",),
    (RETURN, "MAX"): ("return",), (RETURN, "MIN"): ("return",),
}
"""(what the step is, "MAX" or "MIN") -> the names of the lines of PVS it runs."""


def _pvs_names(what: object, maximizing: bool) -> Names:
    return PVS_STEPS[what, "MAX" if maximizing else "MIN"]


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
                record(LEAF, state, score, alpha, beta, names=_pvs_names(LEAF, True))
            return score, ()
        player = game.to_move(state)
        if player is CHANCE:
            raise chance_error(game, state)
        maximizing = player is MAX
        v: Value = -inf if maximizing else inf
        line: tuple[M, ...] = ()
        if record:
            record(ENTER, state, v, alpha, beta, names=_pvs_names(ENTER, maximizing))
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
                                               phrase("", N_("PVS: re-search of {child} with the "
                                                             "window ({low}, {high})"),
                                                      child=_name(child), low=fmt(again[0]),
                                                      high=fmt(again[1])))
                        recorder.step(RESEARCH, state, v, alpha, beta,
                                      names=_pvs_names(RESEARCH, maximizing))
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
                record(UPDATE, state, v, alpha, beta, names=_pvs_names(how, maximizing))
            if rule.cuts(alpha, beta):
                if i + 1 < len(moves):  # a cut at the last child prunes nothing
                    cutoffs += 1
                    if record:
                        record(CUTOFF, state, v, alpha, beta, names=_pvs_names(CUTOFF, maximizing))
                break
        if record:
            record(RETURN, state, v, alpha, beta, names=_pvs_names(RETURN, maximizing))
        return v, line

    with deep_games(game):
        value, line = search(state, depth_left, -inf, inf)
    return PVSResult(value, line[0] if line else None,
                     Stats(nodes, terminals, cutoffs, 0, evaluated), line, tests, researches)


def _name(state: State) -> str:
    return state.name if isinstance(state, Node) else "the child"


def _test_label(child: State, test: tuple[Value, Value], maximizing: bool) -> str:
    question = f"> {fmt(test[0])}" if maximizing else f"< {fmt(test[1])}"
    return phrase("", N_("PVS: null-window test of {child} with ({low}, {high}): is it {question}?"),
                  child=_name(child), low=fmt(test[0]), high=fmt(test[1]), question=question)


# --- MTD(f) -------------------------------------------------------------------------

MTDF_LISTING = Listing.of("MTDF", [
    ("mtdf", "function MTDF(root, f)"),
    ("start", "  g = f; lower = −∞; upper = +∞"),
    ("loop", "  while lower < upper:"),
    ("pick beta", "    beta = g+1 if g == lower else g"),
    ("test", "    g = AB(root, beta - 1, beta)"),
    ("fails low", "    if g < beta: upper = g"),
    ("fails high", "    else: lower = g"),
    ("", "  return g"),
    ("", ""),
    *_ab_lines(table=True),
])
"""The pseudocode :func:`trace_mtdf` steps through, its lines named: MTD(f)
and its alpha-beta with a table (Plaat's AlphaBetaWithMemory), here AB,
whose names start with ``AB``."""

MTDF_CODE = MTDF_LISTING.code
"""The pseudocode :func:`trace_mtdf` steps through: MTD(f) and its
alpha-beta with a table (Plaat's AlphaBetaWithMemory), here AB."""

MTDF_STEPS: dict[object, Names] = {
    **_ab_steps(table=True),
    "first pass": ("start", "loop", "pick beta", "test"), "pass": ("loop", "pick beta", "test"),
    "fails low": ("fails low",), "fails high": ("fails high",),
}
"""The names of the lines of :data:`MTDF_LISTING` each step runs: by (kind,
player) for AB's steps, and for MTD(f)'s own: its first pass, a later one,
and a pass's verdict."""


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
        number = _begin_pass(recorder, state, len(passes) + 1, g, beta, lower, upper)
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
            recorder.also(MTDF_STEPS["fails low" if g < beta else "fails high"])
            recorder.end(number)
        passes.append(Pass(beta - 1, beta, g, lower, upper, result.stats))
    if best is None:  # every pass failed the other way: the value is infinite, any move reaches it
        best = result
    stats = Stats(*(sum(getattr(p.stats, f) for p in passes)
                    for f in ("nodes", "terminals", "cutoffs", "table_hits", "evaluated")))
    return MTDResult(g, best.move, stats, best.pv, tuple(passes))


def _begin_pass(recorder: WindowRecorder[S] | None, state: S, number: int, g: Value,
                beta: Value, lower: Value, upper: Value) -> int | None:
    """Record the start of MTD(f)'s pass ``number`` (from 1) testing ``beta``;
    the phase's number for ``recorder.end``, or None without a recorder."""
    if recorder is None:
        return None
    phase = recorder.begin(PhaseKind.PASS, state, beta - 1, beta,
                           phrase("", N_("MTD(f) pass {number}: test with the window ({low}, {beta})"),
                                  number=number, low=fmt(beta - 1), beta=fmt(beta)),
                           lower=lower, upper=upper)
    recorder.step(PASS, state, g, beta - 1, beta,
                  names=MTDF_STEPS["first pass" if number == 1 else "pass"])
    return phase


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
    recorder = TreeRecorder(game, "null-window test", TEST_LISTING, TEST_STEPS)
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
    recorder = TreeRecorder(game, "PVS", pvs_listing(rule), PVS_STEPS)
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
    recorder = TreeRecorder(game, "MTD(f)", MTDF_LISTING, MTDF_STEPS, narrows=True)
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

