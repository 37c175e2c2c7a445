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
and each move counts one ply whoever makes it.

* :func:`depth_limited_alpha_beta` is that search with alpha-beta pruning;
  it returns the estimated value, the best move, the principal variation
  and :class:`DepthStats`.
* :func:`iterative_deepening` searches to depth 1, 2, 3, ... and uses
  each iteration's best moves to order the next one's: the moves of the
  previous principal variation are tried first, and (with
  ``ordering="best"``) so is the best move found at any position searched
  before.  Good order means early cutoffs: fewer nodes.
* :func:`cutoff_tree` is the same depth-limited tree as a
  :class:`gametree.Tree`, to draw it or step through it.
* Evaluation functions for Kalah: :func:`store_difference` and
  :func:`kalah_evaluation`; players built on the search for matches:
  :func:`search_player`, :func:`random_player`, :func:`greedy_player`,
  played against each other by :func:`play_game`.

Nothing here imports matplotlib, networkx or ipywidgets.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from math import inf

from ..tree import MAX, MIN, Tree, Value
from .base import Game, Move, State
from .kalah import KalahState
from .search import _check as _check_game

__all__ = [
    "depth_limited_alpha_beta", "iterative_deepening", "cutoff_tree",
    "DepthResult", "DepthStats", "Deepening", "ORDERINGS", "Evaluation", "label_line",
    "store_difference", "kalah_evaluation",
    "Strategy", "search_player", "random_player", "greedy_player", "play_game", "GameRecord",
]

Evaluation = Callable[[State], Value]
"""An evaluation function: an estimate of a position's final score, from
MAX's side (high is good for MAX), for positions where the search stops
before the game is over."""

ORDERINGS = ("none", "pv", "best")
"""Move orderings :func:`iterative_deepening` knows: none (the game's own
order), pv (the previous iteration's principal variation first), best
(every position's previous best move first)."""


@dataclass(frozen=True)
class DepthStats:
    """The work a depth-limited search did."""

    nodes: int = 0
    """Positions the search arrived at, the root included."""
    terminals: int = 0
    """Ended positions whose score was read."""
    evaluated: int = 0
    """Positions at the depth limit that the evaluation function estimated."""
    cutoffs: int = 0
    """Positions where alpha-beta stopped before trying every move."""


@dataclass(frozen=True)
class DepthResult:
    """What a depth-limited search found."""

    value: Value
    """The backed-up estimate of the position, from MAX's side: exact if
    every line reached the end of the game before the depth limit."""
    move: Move | None
    """The first move that reaches ``value``; None when the game is over."""
    pv: tuple[Move, ...]
    """The principal variation: the line of best moves for both players
    from the position, down to the depth limit or the end of the game.
    ``pv[0]`` is ``move``."""
    depth: int
    """The depth limit, in plies (moves, whoever makes them)."""
    stats: DepthStats
    """The work done."""


@dataclass
class _Counter:
    nodes: int = 0
    terminals: int = 0
    evaluated: int = 0
    cutoffs: int = 0

    def freeze(self) -> DepthStats:
        return DepthStats(self.nodes, self.terminals, self.evaluated, self.cutoffs)


def _check(game: object, state: State | None, depth: object, evaluate: object) -> State:
    state = _check_game(game, state)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number of moves, 0 or more, not {depth!r}")
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function from a position to a number, such as "
                        f"store_difference, not {evaluate!r}")
    return state


def depth_limited_alpha_beta(
    game: Game,
    state: State | None = None,
    *,
    depth: int,
    evaluate: Evaluation,
    first: Mapping[State, Move] | None = None,
    best_moves: MutableMapping[State, Move] | None = None,
) -> DepthResult:
    """Alpha-beta that stops ``depth`` moves down and estimates the positions there.

    The cutoff test is ``depth == 0``: a position that is not over but is
    ``depth`` moves from the root is worth ``evaluate(position)``.  Ended
    positions are worth their score, at any depth.  The rest is
    :func:`gametree.games.alpha_beta`: fail-soft, children in order,
    cutting as soon as v >= beta at MAX or v <= alpha at MIN, and asking
    the game who moves at each position.  So with a depth at least the
    length of the longest game it finds the exact minimax value.

    Parameters
    ----------
    game : Game
        The rules.
    state : state of ``game``, optional
        Where to search from; ``game.initial`` by default.
    depth : int
        How many moves (plies) to look ahead.  A player's extra turn is a
        ply too.
    evaluate : callable
        Estimates a position's score from MAX's side, e.g.
        :func:`store_difference` for Kalah.
    first : mapping, optional
        A move to try first at some positions (it must be legal there);
        the other moves follow in the game's order.
        :func:`iterative_deepening` passes the best moves of its previous
        iteration.
    best_moves : dict, optional
        Filled in with the best move found at every position searched
        (the move that gave the position its value), for the next search's
        ``first``.

    Returns
    -------
    DepthResult
        ``value`` from MAX's side, the first best ``move``, the principal
        variation ``pv``, the ``depth`` and ``stats``.

    Examples
    --------
    One move ahead with the store difference: S2, S3, S4 and S5 each put
    a seed in MAX's store, and S2 comes first.

    >>> from gametree.games import Kalah
    >>> result = depth_limited_alpha_beta(Kalah(), depth=1, evaluate=store_difference)
    >>> result.value, result.move, result.pv, result.stats.evaluated
    (1, 2, (2,), 6)

    Two moves ahead, MAX sees that S2's last seed lands in the store, so
    MAX moves again, and S3 then puts a second seed in the store:

    >>> result = depth_limited_alpha_beta(Kalah(), depth=2, evaluate=store_difference)
    >>> result.value, result.pv
    (2, (2, 3))
    """
    state = _check(game, state, depth, evaluate)
    count = _Counter()

    def value(state: State, depth: int, alpha: Value, beta: Value) -> tuple[Value, tuple[Move, ...]]:
        """(v, the line that gives it) for ``state``, with the window (alpha, beta)."""
        count.nodes += 1
        if game.is_over(state):
            count.terminals += 1
            return game.score(state), ()
        if depth == 0:                                   # the cutoff test
            count.evaluated += 1
            return evaluate(state), ()
        if game.to_move(state) is MAX:
            return max_value(state, depth, alpha, beta)
        return min_value(state, depth, alpha, beta)

    def max_value(state, depth, alpha, beta):
        v, line = -inf, ()
        moves = ordered(state)
        for i, move in enumerate(moves):
            v2, below = value(game.play(state, move), depth - 1, alpha, beta)
            if v2 > v:
                v, line = v2, (move, *below)
                alpha = max(alpha, v)
            if v >= beta:
                count.cutoffs += i + 1 < len(moves)
                break
        return remember(state, v, line)

    def min_value(state, depth, alpha, beta):
        v, line = inf, ()
        moves = ordered(state)
        for i, move in enumerate(moves):
            v2, below = value(game.play(state, move), depth - 1, alpha, beta)
            if v2 < v:
                v, line = v2, (move, *below)
                beta = min(beta, v)
            if v <= alpha:
                count.cutoffs += i + 1 < len(moves)
                break
        return remember(state, v, line)

    def ordered(state: State) -> Sequence[Move]:
        moves = game.moves(state)
        if first is not None:
            move = first.get(state)
            if move is not None and move in moves:
                moves = [move, *(m for m in moves if m != move)]
        return moves

    def remember(state: State, v: Value, line: tuple[Move, ...]) -> tuple[Value, tuple[Move, ...]]:
        if best_moves is not None and line:
            best_moves[state] = line[0]
        return v, line

    best, line = value(state, depth, -inf, inf)
    return DepthResult(best, line[0] if line else None, line, depth, count.freeze())


@dataclass(frozen=True)
class Deepening:
    """The iterations of an iterative-deepening search."""

    iterations: tuple[DepthResult, ...]
    """The result of the search to depth 1, 2, ..., in order (fewer than
    asked for when the search reached the end of every line early)."""
    ordering: str
    """The move ordering used: one of :data:`ORDERINGS`."""

    @property
    def result(self) -> DepthResult:
        """The deepest iteration's result: the answer."""
        return self.iterations[-1]

    @property
    def nodes(self) -> int:
        """Nodes of all iterations together: the whole cost."""
        return sum(iteration.stats.nodes for iteration in self.iterations)


def iterative_deepening(
    game: Game,
    state: State | None = None,
    *,
    max_depth: int,
    evaluate: Evaluation,
    ordering: str = "best",
) -> Deepening:
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

    Returns
    -------
    Deepening
        ``iterations[d - 1]`` is the result at depth d; ``result`` the last.
        The search stops before ``max_depth`` when an iteration estimated
        no position, because every line it looked at reached the end of
        the game: its value is exact and deeper searches find the same.

    Examples
    --------
    >>> from gametree.games import Kalah
    >>> ordered = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference)
    >>> plain = iterative_deepening(Kalah(), max_depth=6, evaluate=store_difference, ordering="none")
    >>> ordered.result.value == plain.result.value
    True
    >>> ordered.result.stats.nodes < plain.result.stats.nodes
    True
    """
    if ordering not in ORDERINGS:
        raise ValueError(f"ordering must be one of {', '.join(map(repr, ORDERINGS))}, not {ordering!r}")
    if isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1:
        raise ValueError(f"max_depth must be a whole number of moves, 1 or more, not {max_depth!r}")
    state = _check(game, state, max_depth, evaluate)
    best_moves: dict[State, Move] = {}
    iterations: list[DepthResult] = []
    for depth in range(1, max_depth + 1):
        if ordering == "pv" and iterations:
            first = _along(game, state, iterations[-1].pv)
        else:
            first = best_moves if ordering == "best" else None
        result = depth_limited_alpha_beta(game, state, depth=depth, evaluate=evaluate, first=first,
                                          best_moves=best_moves if ordering == "best" else None)
        iterations.append(result)
        if result.stats.evaluated == 0:
            break   # every line reached the end of the game: the value is exact, deeper adds nothing
    return Deepening(tuple(iterations), ordering)


def label_line(game: Game, state: State, line: Sequence[Move]) -> tuple[str, ...]:
    """The labels of the moves of ``line`` played one after another from
    ``state``, e.g. a principal variation as ``('S2', 'S3', 'N1')``.

    >>> from gametree.games import Kalah
    >>> label_line(Kalah(), Kalah().initial, (2, 3, 1))   # S2 gives MAX another move
    ('S2', 'S3', 'N1')
    """
    labels = []
    for move in line:
        labels.append(game.move_label(state, move))
        state = game.play(state, move)
    return tuple(labels)


def _along(game: Game, state: State, line: Sequence[Move]) -> dict[State, Move]:
    """{position: move} for the positions along ``line`` played from ``state``."""
    first = {}
    for move in line:
        first[state] = move
        state = game.play(state, move)
    return first


def cutoff_tree(game: Game, state: State | None = None, *, depth: int, evaluate: Evaluation,
                max_nodes: int = 10_000) -> Tree:
    """The tree a depth-limited search looks at, as a :class:`gametree.Tree`.

    Its leaves are the positions where the game is over (scored by the
    game) and the positions ``depth`` moves down (scored by ``evaluate``);
    each node's player is the game's ``to_move``, so an extra turn shows
    as two MAX (or MIN) levels in a row; edges are labelled with
    ``game.move_label``.  :func:`gametree.trace_alpha_beta` on it finds the
    value of :func:`depth_limited_alpha_beta` and evaluates as many leaves
    (terminals plus estimated positions).

    >>> from gametree.games import Kalah
    >>> tree = cutoff_tree(Kalah(), depth=1, evaluate=store_difference)
    >>> [(node.label, node.score) for node in tree.leaves]
    [('S0', 0), ('S1', 0), ('S2', 1), ('S3', 1), ('S4', 1), ('S5', 1)]

    Raises ValueError if the tree would have more than ``max_nodes`` nodes.
    """
    state = _check(game, state, depth, evaluate)
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
        return game.score(state) if game.is_over(state) else evaluate(state)

    return Tree.unfold((state, "", depth), expand, score,
                       player=lambda position: game.to_move(position[0]),
                       label=lambda position: position[1])


# --- evaluation functions for Kalah -----------------------------------------------

def store_difference(state: KalahState) -> Value:
    """MAX's store minus MIN's store: the score if the game ended now,
    without the seeds still in the houses.

    >>> store_difference(KalahState.from_text("0 0 1 / 5 2 / 3 0 4"))
    -3
    """
    return state.store(MAX) - state.store(MIN)


def kalah_evaluation(state: KalahState) -> Value:
    """A better estimate of a Kalah position: the store difference after
    the best seeds the player to move can grab at once.

    The store difference misses what is about to happen.  At a position
    where the player to move can capture six seeds, it says nothing of
    them, so a search that stops there is wrong by six, and a search one
    move deeper is right: the estimates swing with the parity of the
    depth.  This evaluation adds, for the player to move, the largest of
    these simple gains:

    * a house whose last seed falls into the store: 1 (and another move);
    * a house that passes the store on its way: 1;
    * a house whose last seed falls into an empty house of the mover's
      own row, across from a house with seeds: the capture, 1 plus the
      seeds opposite.

    It is a one-move look-ahead for the player to move that costs no
    search (it ignores sowing all the way round and chains of extra
    moves).  Against the store difference at the same depth it wins about
    three games in four at depths 1 and 2 and more than half at depth 3;
    from depth 4 on the two are about even, as the search itself then sees
    most of what the evaluation adds (``benchmarks/bench_kalah_strength.py``,
    results in ``benchmarks/results/kalah_strength.json``).

    Examples
    --------
    MAX to move can sow S0's one seed into the empty S1 and capture the
    three seeds of N1 across from it: 4 seeds.

    >>> state = KalahState.from_text("0 3 1 / 5 2 / 1 0 4")
    >>> store_difference(state), kalah_evaluation(state)
    (-3, 1)
    """
    sign = 1 if state.player is MAX else -1
    gain = _gain_in_hand(state.houses(state.player), state.houses(state.player.other))
    return store_difference(state) + sign * gain


def _gain_in_hand(mine: Sequence[int], theirs: Sequence[int]) -> int:
    """The most seeds one move of the mover puts in their store, counting
    only the simple cases of :func:`kalah_evaluation`.

    >>> _gain_in_hand((1, 0, 4), (1, 3, 0))   # S0 into the empty S1 captures N1's 3
    4
    """
    n = len(mine)
    best = 0
    for house, seeds in enumerate(mine):
        if seeds == 0:
            continue
        to_store = n - house
        if seeds == to_store:                        # ends in the store: one seed and a move
            best = max(best, 1)
        elif seeds < to_store:                       # ends in my own row
            end = house + seeds
            if mine[end] == 0 and theirs[n - 1 - end] > 0:
                best = max(best, 1 + theirs[n - 1 - end])
        else:
            best = max(best, 1)                      # passes the store: one seed in it
    return best


# --- players, and a game between two of them ----------------------------------------

Strategy = Callable[[Game, State], Move]
"""A player: given the rules and a position where it is to move, a legal move."""


def search_player(depth: int, evaluate: Evaluation = store_difference) -> Strategy:
    """A player that plays the move of :func:`iterative_deepening` to
    ``depth`` with ``evaluate`` (the first best move in the game's order
    among equals, so it plays the same way every time).

    >>> from gametree.games import Kalah
    >>> search_player(1)(Kalah(), Kalah().initial)   # S2 puts a seed in the store
    2
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number of moves, 1 or more, not {depth!r}")

    def play(game: Game, state: State) -> Move:
        return iterative_deepening(game, state, max_depth=depth, evaluate=evaluate).result.move

    play.__name__ = f"depth {depth}"
    return play


def random_player(seed: int) -> Strategy:
    """A player that picks a legal move at random, from its own
    ``random.Random(seed)``, so that a game can be replayed."""
    rng = random.Random(seed)

    def play(game: Game, state: State) -> Move:
        return rng.choice(list(game.moves(state)))

    play.__name__ = "random"
    return play


def greedy_player(seed: int) -> Strategy:
    """A player that takes the move that most improves its own store
    difference right now (a capture, a seed in the store), breaking ties
    at random with its own ``random.Random(seed)``.  It never looks at
    what the opponent can do next, nor at its own extra moves."""
    rng = random.Random(seed)

    def play(game: Game, state: State) -> Move:
        sign = 1 if game.to_move(state) is MAX else -1
        gains = {move: sign * _now(game, game.play(state, move)) for move in game.moves(state)}
        top = max(gains.values())
        return rng.choice([move for move, gain in gains.items() if gain == top])

    play.__name__ = "greedy"
    return play


def _now(game: Game, state: KalahState) -> Value:
    """The score if the game is over, else the store difference."""
    return game.score(state) if game.is_over(state) else store_difference(state)


@dataclass(frozen=True)
class GameRecord:
    """A game played by :func:`play_game`."""

    moves: tuple[Move, ...]
    """Every move in order, the opening's included."""
    final: State
    """The position at the end."""
    score: Value
    """The final score, from MAX's (the first player's) side."""


def play_game(game: Game, max_player: Strategy, min_player: Strategy, *,
              opening: Sequence[Move] = (), state: State | None = None) -> GameRecord:
    """Play a whole game: ``opening`` first (moves given in advance, e.g.
    random ones so that two fixed players do not play the same game every
    time), then ``max_player`` and ``min_player`` whenever it is their turn.

    >>> from gametree.games import Kalah
    >>> game = Kalah(3, 3)
    >>> record = play_game(game, search_player(4), random_player(seed=1))
    >>> game.is_over(record.final), record.score == game.score(record.final)
    (True, True)
    """
    state = game.initial if state is None else state
    moves = []
    for move in opening:
        state = game.play(state, move)
        moves.append(move)
    while not game.is_over(state):
        player = max_player if game.to_move(state) is MAX else min_player
        move = player(game, state)
        state = game.play(state, move)
        moves.append(move)
    return GameRecord(tuple(moves), state, game.score(state))
