"""When the tree is too big: alpha-beta cut off at a depth, with an evaluation function.

Tic-tac-toe can be searched to the end; Kalah with six houses cannot.  The
search below stops at a fixed number of moves (plies) from the root and
*estimates* the positions it stops at with an evaluation function, as in
AIMA's H-MINIMAX::

    H-MINIMAX(s, d) = SCORE(s)                      if s is over
                      EVAL(s)                       if d = 0 (the cutoff test)
                      max over moves of H-MINIMAX(play(s, m), d - 1)   if MAX is to move at s
                      min over moves of H-MINIMAX(play(s, m), d - 1)   if MIN is to move at s

Who moves is asked at every position (in Kalah a player may move again),
and each move counts one ply whoever makes it.  The search itself is
:func:`gametree.games.alpha_beta` with ``depth`` and ``evaluate``; this
module adds what is built on it:

* :func:`depth_limited_alpha_beta`: that search, with its result as a
  :class:`DepthResult` (value, best move, principal variation,
  :class:`DepthStats`);
* :func:`iterative_deepening` searches to depth 1, 2, 3, ... and uses
  each iteration's best moves to order the next one's: the moves of the
  previous principal variation are tried first, and (with
  ``ordering="best"``) so is the best move found at any position searched
  before.  Good order means early cutoffs: fewer nodes.  A node budget
  stops it in time, keeping the deepest iteration it finished.
* :func:`cutoff_tree` is the same depth-limited tree as a
  :class:`gametree.Tree`, to draw it or step through it.

Evaluation functions belong to their game (Kalah's are in
:mod:`gametree.games.kalah`); players are in :mod:`gametree.games.players`.
Nothing here imports matplotlib, networkx or ipywidgets.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Generic

from ..tree import Tree, Value
from .base import Evaluation, Game, M, S, check_evaluation, check_game, check_max_nodes, check_whole
from .search import OutOfNodes, SearchResult, alpha_beta, estimate

__all__ = [
    "depth_limited_alpha_beta", "iterative_deepening", "cutoff_tree",
    "DepthResult", "DepthStats", "Deepening", "ORDERINGS", "Evaluation", "label_line",
]

ORDERINGS = ("none", "pv", "best")
"""Move orderings :func:`iterative_deepening` knows: none (the game's own
order), pv (the previous iteration's principal variation first), best
(every position's previous best move first)."""


@dataclass(frozen=True)
class DepthStats:
    """The work a depth-limited search did: :class:`~gametree.games.Stats`
    without table hits, since a depth-limited search keeps no table (every
    count is given; a search always has all four)."""

    nodes: int
    """Positions the search arrived at, the root included."""
    terminals: int
    """Ended positions whose score was read."""
    evaluated: int
    """Positions at the depth limit that the evaluation function estimated."""
    cutoffs: int
    """Positions where alpha-beta stopped before trying every move."""


@dataclass(frozen=True)
class DepthResult(Generic[M]):
    """What a depth-limited search found (``DepthResult[M]`` for a game whose moves are Ms)."""

    value: Value
    """The backed-up estimate of the position, from MAX's side: exact if
    every line reached the end of the game before the depth limit."""
    move: M | None
    """The first move that reaches ``value``; None when the game is over."""
    pv: tuple[M, ...]
    """The principal variation: the line of best moves for both players
    from the position, down to the depth limit or the end of the game.
    ``pv[0]`` is ``move``."""
    depth: int
    """The depth limit, in plies (moves, whoever makes them)."""
    stats: DepthStats
    """The work done."""

    @classmethod
    def of(cls, result: SearchResult[M], depth: int) -> DepthResult[M]:
        """The depth-limited search ``result`` (of :func:`alpha_beta` with ``depth``)."""
        s = result.stats
        return cls(result.value, result.move, result.pv, depth,
                   DepthStats(s.nodes, s.terminals, s.evaluated, s.cutoffs))


def depth_limited_alpha_beta(
    game: Game[S, M],
    state: S | None = None,
    *,
    depth: int,
    evaluate: Evaluation[S],
    first: Mapping[S, M] | None = None,
    best_moves: MutableMapping[S, M] | None = None,
) -> DepthResult[M]:
    """Alpha-beta that stops ``depth`` moves down and estimates the positions there.

    The cutoff test is ``depth == 0``: a position that is not over but is
    ``depth`` moves from the root is worth ``evaluate(position)``.  Ended
    positions are worth their score, at any depth.  The search is
    :func:`gametree.games.alpha_beta` with ``depth`` and ``evaluate``:
    fail-soft, children in order, cutting as soon as v >= beta at MAX or
    v <= alpha at MIN, and asking the game who moves at each position.  So
    with a depth at least the length of the longest game it finds the
    exact minimax value.

    Parameters
    ----------
    game, state, first, best_moves
        As for :func:`~gametree.games.alpha_beta`.
        :func:`iterative_deepening` passes the best moves of its previous
        iteration as ``first``.
    depth : int
        How many moves (plies) to look ahead.  A player's extra turn is a
        ply too.
    evaluate : callable
        Estimates a position's score from MAX's side, e.g.
        :func:`~gametree.games.store_difference` for Kalah.

    Returns
    -------
    DepthResult
        ``value`` from MAX's side, the first best ``move``, the principal
        variation ``pv``, the ``depth`` and ``stats``.

    Examples
    --------
    One move ahead with the store difference: S2, S3, S4 and S5 each put
    a seed in MAX's store, and S2 comes first.

    >>> from gametree.games import Kalah, store_difference
    >>> result = depth_limited_alpha_beta(Kalah(), depth=1, evaluate=store_difference)
    >>> result.value, result.move, result.pv, result.stats.evaluated
    (1, 2, (2,), 6)

    Two moves ahead, MAX sees that S2's last seed lands in the store, so
    MAX moves again, and S3 then puts a second seed in the store:

    >>> result = depth_limited_alpha_beta(Kalah(), depth=2, evaluate=store_difference)
    >>> result.value, result.pv
    (2, (2, 3))
    """
    result = alpha_beta(game, state, depth=depth, evaluate=evaluate, first=first, best_moves=best_moves)
    return DepthResult.of(result, depth)


@dataclass(frozen=True)
class Deepening(Generic[M]):
    """The iterations of an iterative-deepening search (``Deepening[M]`` for
    a game whose moves are Ms)."""

    iterations: tuple[DepthResult[M], ...]
    """The result of the search to depth 1, 2, ..., in order (fewer than
    asked for when the search reached the end of every line early, or ran
    out of its node budget)."""
    ordering: str
    """The move ordering used: one of :data:`ORDERINGS`."""
    unfinished: int = 0
    """Positions visited by an iteration that the node budget stopped
    before it finished (its result is dropped); 0 when none was stopped."""

    @property
    def result(self) -> DepthResult[M]:
        """The deepest iteration's result: the answer."""
        return self.iterations[-1]

    @property
    def nodes(self) -> int:
        """Nodes of all iterations together, a stopped one included: the whole cost."""
        return sum(iteration.stats.nodes for iteration in self.iterations) + self.unfinished


def iterative_deepening(
    game: Game[S, M],
    state: S | None = None,
    *,
    max_depth: int,
    evaluate: Evaluation[S],
    ordering: str = "best",
    max_nodes: int | None = None,
) -> Deepening[M]:
    """Depth-limited alpha-beta to depth 1, then 2, ..., up to ``max_depth``,
    each iteration ordering its moves by what the previous ones found.

    Every iteration returns what :func:`depth_limited_alpha_beta` returns
    at its depth (the same value; with ties, perhaps another best move):
    ordering changes only the work.  A search with good order meets the
    best move first, and the best move makes the others easy to refute.
    The previous iteration's best is a good guess.

    Parameters
    ----------
    game, state, evaluate
        As for :func:`depth_limited_alpha_beta`.
    max_depth : int
        The depth of the last iteration, 1 or more.
    ordering : str
        ``"best"`` (default): at every position that an earlier iteration
        searched, try the best move it found there first; this includes
        the moves of the previous principal variation.  ``"pv"``: only the
        moves of the previous principal variation, at the positions along
        it, go first.  ``"none"``: the game's order every time (the
        baseline for comparison).
    max_nodes : int, optional
        A budget: the positions all iterations may visit together.  An
        iteration that would go over it is stopped and dropped, and the
        deepest finished iteration is the answer, so the time a search
        takes is bounded whatever the board.  The first iteration is
        always finished (it visits one position per move and the root),
        so that there is a move.

    Returns
    -------
    Deepening
        ``iterations[d - 1]`` is the result at depth d; ``result`` the last.
        The search stops before ``max_depth`` when an iteration estimated
        no position, because every line it looked at reached the end of
        the game (its value is exact and deeper searches find the same),
        or when the budget ran out (``unfinished`` then counts the work of
        the stopped iteration).

    Examples
    --------
    >>> from gametree.games import Kalah, store_difference
    >>> ordered = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference)
    >>> plain = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference, ordering="none")
    >>> ordered.result.value == plain.result.value
    True
    >>> ordered.result.stats.nodes < plain.result.stats.nodes
    True

    With a budget of 100 positions, depth 4 is stopped: depth 3 answers.

    >>> budgeted = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference, max_nodes=100)
    >>> budgeted.result.depth, budgeted.nodes <= 100
    (3, True)
    """
    if ordering not in ORDERINGS:
        raise ValueError(f"ordering must be one of {', '.join(map(repr, ORDERINGS))}, not {ordering!r}")
    check_whole("max_depth", max_depth, 1)
    budget = None if max_nodes is None else check_whole("max_nodes", max_nodes, 1)
    state = check_game(game, state)
    best_moves: dict[S, M] = {}
    iterations: list[DepthResult[M]] = []
    for depth in range(1, max_depth + 1):
        first = _first_moves(game, state, ordering, iterations, best_moves)
        left = None if budget is None or not iterations else budget - sum(r.stats.nodes for r in iterations)
        if left is not None and left < 1:
            break   # the budget is spent
        try:
            result = alpha_beta(game, state, depth=depth, evaluate=evaluate, first=first,
                                best_moves=best_moves if ordering == "best" else None, max_nodes=left)
        except OutOfNodes:
            assert left is not None   # only a search given a budget runs out of it
            return Deepening(tuple(iterations), ordering, unfinished=left)
        iterations.append(DepthResult.of(result, depth))
        if result.stats.evaluated == 0:
            break   # every line reached the end of the game: the value is exact, deeper adds nothing
    return Deepening(tuple(iterations), ordering)


def label_line(game: Game[S, M], state: S, line: Sequence[M]) -> tuple[str, ...]:
    """The labels of the moves of ``line`` played one after another from
    ``state``, e.g. a principal variation as ``('S2', 'S3', 'N1')``.

    >>> from gametree.games import Kalah
    >>> label_line(Kalah(), Kalah().initial, (2, 3, 1))   # S2 gives MAX another move
    ('S2', 'S3', 'N1')
    """
    state = check_game(game, state)
    labels = []
    for move in line:
        labels.append(game.move_label(state, move))
        state = game.play(state, move)
    return tuple(labels)


def _first_moves(game: Game[S, M], state: S, ordering: str, iterations: Sequence[DepthResult[M]],
                 best_moves: dict[S, M]) -> Mapping[S, M] | None:
    """The moves the next iteration tries first, as ``ordering`` says: every
    best move found so far, the previous principal variation's, or none."""
    if ordering == "pv" and iterations:
        return _along(game, state, iterations[-1].pv)
    return best_moves if ordering == "best" else None


def _along(game: Game[S, M], state: S, line: Sequence[M]) -> dict[S, M]:
    """{position: move} for the positions along ``line`` played from ``state``."""
    first = {}
    for move in line:
        first[state] = move
        state = game.play(state, move)
    return first


def cutoff_tree(game: Game[S, M], state: S | None = None, *, depth: int, evaluate: Evaluation[S],
                max_nodes: int = 10_000) -> Tree:
    """The tree a depth-limited search looks at, as a :class:`gametree.Tree`.

    Its leaves are the positions where the game is over (scored by the
    game) and the positions ``depth`` moves down (scored by ``evaluate``);
    each node's player is the game's ``to_move``, so an extra turn shows
    as two MAX (or MIN) levels in a row; edges are labelled with
    ``game.move_label``.  :func:`gametree.trace_alpha_beta` on it finds the
    value of :func:`depth_limited_alpha_beta` and evaluates as many leaves
    (terminals plus estimated positions).

    >>> from gametree.games import Kalah, store_difference
    >>> tree = cutoff_tree(Kalah(), depth=1, evaluate=store_difference)
    >>> [(node.label, node.score) for node in tree.leaves]
    [('S0', 0), ('S1', 0), ('S2', 1), ('S3', 1), ('S4', 1), ('S5', 1)]

    Raises ValueError if the tree would have more than ``max_nodes`` nodes
    (1 to :data:`~gametree.games.base.NODE_LIMIT`).
    """
    state = check_game(game, state)
    check_whole("depth", depth, 0)
    check_evaluation(evaluate)
    check_max_nodes(max_nodes)
    made = 1

    def expand(position):
        nonlocal made
        state, _, left = position
        if game.is_over(state) or left == 0:
            return None
        moves = game.moves(state)
        made += len(moves)
        if made > max_nodes:
            raise ValueError(f"the tree to depth {depth} has more than {max_nodes:,} nodes, too "
                             f"many to draw; use a smaller depth or a later position")
        return [(game.play(state, m), game.move_label(state, m), left - 1) for m in moves]

    def score(position):
        state = position[0]
        return game.score(state) if game.is_over(state) else estimate(evaluate, state)

    return Tree.unfold((state, "", depth), expand, score,
                       player=lambda position: game.to_move(position[0]),
                       label=lambda position: position[1])
