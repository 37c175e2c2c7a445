"""Minimax, negamax and alpha-beta for any :class:`~gametree.games.base.Game`.

Each search returns a :class:`SearchResult`: the value of the position
from MAX's side (the side :meth:`Game.score` speaks for), a best move, the
principal variation and :class:`Stats` on the work done.  Moves are tried
in the order ``game.moves`` lists them, and the best move is the first one
that reaches the value.

* :func:`minimax` and :func:`negamax` search every move to the end of the
  game; with ``memo=True`` they remember the value of every position
  searched, which is simple because those values are exact.
* :func:`alpha_beta` is the one pruning search of the package.  Its options
  are what grows from it: a depth limit with an evaluation function (AIMA's
  H-MINIMAX cutoff), a :class:`~gametree.games.TranspositionTable`,
  move ordering for iterative deepening (a move to try first at some
  positions, and a record of the best move found at each), a window for
  the root and a recorder (for the null-window searches of
  :mod:`~gametree.games.windows` and their traces), and a quiescence
  search past the depth limit (:mod:`~gametree.games.quiescence`).
  :func:`~gametree.games.depth_limited_alpha_beta` and
  :func:`~gametree.games.iterative_deepening` are built on it.
"""

from __future__ import annotations

import numbers
import sys
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from math import inf
from typing import Generic, Protocol, TypeVar

from ..text import describe
from ..trace import StepKind
from ..tree import CHANCE, MAX, Value
from .base import Evaluation, Game, M, S, State, check_evaluation, check_game, check_whole, short
from .table import Bound, Entry, TranspositionTable

__all__ = ["minimax", "negamax", "alpha_beta", "SearchResult", "Stats", "OutOfNodes", "estimate",
           "Recorder"]

ENTER, LEAF, UPDATE, CUTOFF, RETURN, TABLE = (StepKind.ENTER, StepKind.LEAF, StepKind.UPDATE,
                                              StepKind.CUTOFF, StepKind.RETURN, StepKind.TABLE)


@dataclass(frozen=True)
class Stats:
    """The work a search did."""

    nodes: int = 0
    """Positions the search arrived at, the root included (also those
    answered from a table)."""
    terminals: int = 0
    """Ended positions whose score was read."""
    cutoffs: int = 0
    """Positions where alpha-beta stopped before trying every move."""
    table_hits: int = 0
    """Positions answered from the memo or transposition table without
    searching them again."""
    evaluated: int = 0
    """Positions at the depth limit that the evaluation function estimated
    (0 for a search without a depth limit)."""


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """What a search found (``SearchResult[M]`` for a game whose moves are Ms)."""

    value: Value
    """The minimax value of the position, from MAX's side (with a depth
    limit: the backed-up estimate)."""
    move: M | None
    """The first move that reaches ``value``; None when the game is over."""
    stats: Stats
    """The work done to find them."""
    pv: tuple[M, ...] = ()
    """The principal variation: the line of best moves for both players
    from the position, down to the end of the game, the depth limit or a
    position answered from a table.  ``pv[0]`` is ``move``.  (Only
    :func:`alpha_beta` records it.)"""


class OutOfNodes(Exception):
    """An :func:`alpha_beta` search reached its ``max_nodes`` before it finished."""


def _start(game: Game[S, M], state: S | None, memo: object) -> tuple[S, dict[S, Value]]:
    """The position minimax or negamax starts from, once the arguments are
    checked, and the memory of their values (stays empty unless ``memo``)."""
    state = check_game(game, state)
    if not isinstance(memo, bool):
        raise TypeError(f"memo must be True or False, not {memo!r}")
    return state, {}


# --- minimax and negamax: exact values, so memoizing them is easy -------------

def minimax(game: Game[S, M], state: S | None = None, *, memo: bool = False) -> SearchResult[M]:
    """Search every move to the end of the game and back up the scores.

    MAX picks the move with the highest value, MIN the lowest, and an
    ended game is worth its score.  Who picks is asked at every position,
    so games where a player moves twice in a row are searched correctly.

    Parameters
    ----------
    game : Game
        The rules.
    state : state of ``game``, optional
        Where to search from; ``game.initial`` by default.
    memo : bool
        Remember the value of every position searched and reuse it when
        the position is reached again by other moves (memoization).  The
        value is the same; the work is smaller.

    Returns
    -------
    SearchResult
        ``value`` from MAX's side, the first best ``move``, and ``stats``
        (``cutoffs`` is always 0: minimax prunes nothing).

    Raises
    ------
    ValueError
        At the first chance state reached (a roll of the dice): minimax
        knows only MAX and MIN; the message names the search for dice, the
        game :func:`~gametree.games.expectiminimax`.  So do
        :func:`negamax`, :func:`alpha_beta`, :func:`~gametree.games.pvs`
        and :func:`~gametree.games.mtdf`.

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState
    >>> game = TicTacToe()
    >>> state = TicTacToeState.from_text("XO. .X. ..O")   # X to move
    >>> result = minimax(game, state)
    >>> result.value, result.move      # X3 threatens 5 and 6 at once: O cannot block both
    (1, 3)
    >>> minimax(game, state, memo=True).stats.nodes < result.stats.nodes
    True
    """
    state, known = _start(game, state, memo)
    nodes = terminals = hits = 0

    def value(state: S) -> tuple[Value, M | None]:
        nonlocal nodes, terminals, hits
        nodes += 1
        if game.is_over(state):
            terminals += 1
            return game.score(state), None
        if state in known:
            hits += 1
            return known[state], None
        player = game.to_move(state)
        if player is CHANCE:
            raise chance_error(game, state)
        pick = max if player is MAX else min
        best = pick(((value(game.result(state, move))[0], move) for move in game.moves(state)),
                    key=lambda pair: pair[0])  # max and min keep the first of equals
        if memo:
            known[state] = best[0]
        return best

    with deep_games(game):
        best_value, best_move = value(state)
    return SearchResult(best_value, best_move, Stats(nodes, terminals, table_hits=hits))


def negamax(game: Game[S, M], state: S | None = None, *, memo: bool = False) -> SearchResult[M]:
    """Minimax written as one function: every player maximises their own score.

    In a zero-sum game, a position is worth v to the player to move there
    exactly when it is worth -v to the opponent, so one rule serves both
    players: the value of a position is the largest value of a move, where
    a move into a position where the opponent moves is worth minus that
    position's value.  (A move after which the same player moves again
    keeps its sign.)

    Parameters, returns and errors (a chance state is refused) are those
    of :func:`minimax`; ``value`` is converted back to MAX's side at the
    root so that the two agree.

    Examples
    --------
    >>> from gametree.games import NumberGame
    >>> result = negamax(NumberGame([7, -5, 8, 5, 1, -4, -8, 6, 7, 9]), memo=True)
    >>> result.value, result.move
    (7, 'take right')
    """
    state, known = _start(game, state, memo)
    nodes = terminals = hits = 0

    def value(state: S) -> tuple[Value, M | None]:
        """The value of ``state`` for the player to move there, and a best move."""
        nonlocal nodes, terminals, hits
        nodes += 1
        me = game.to_move(state)
        if me is CHANCE and not game.is_over(state):
            raise chance_error(game, state)
        if game.is_over(state):
            terminals += 1
            return (game.score(state) if me is MAX else -game.score(state)), None
        if state in known:
            hits += 1
            return known[state], None
        best, best_move = -inf, None
        for move in game.moves(state):
            child = game.result(state, move)
            v = value(child)[0]
            if game.to_move(child) is not me:  # what the opponent gains, I lose
                v = -v
            if v > best:
                best, best_move = v, move
        if memo:
            known[state] = best
        return best, best_move

    with deep_games(game):
        best, best_move = value(state)
    return SearchResult(best if game.to_move(state) is MAX else -best, best_move,
                        Stats(nodes, terminals, table_hits=hits))


# --- alpha-beta -----------------------------------------------------------------

def alpha_beta(game: Game[S, M], state: S | None = None, *,
               table: TranspositionTable[S] | None = None,
               depth: int | None = None, evaluate: Evaluation[S] | None = None,
               first: Mapping[S, M] | None = None,
               best_moves: MutableMapping[S, M] | None = None,
               max_nodes: int | None = None,
               window: tuple[Value, Value] = (-inf, inf),
               quiescence: Callable[[S], Sequence[M]] | None = None,
               recorder: Recorder[S] | None = None,
               rounds: bool = False) -> SearchResult[M]:
    """Minimax with alpha-beta pruning, as in AIMA's ``alphabeta_search``,
    optionally cut off at a depth and estimated there (AIMA's H-MINIMAX).

    alpha is the value MAX is already assured of on the path to a position,
    beta the value MIN is assured of.  A MAX position stops trying moves as
    soon as its value v >= beta (MIN above will never let the game come
    here); a MIN position stops as soon as v <= alpha.  Who moves is asked
    at every position, so a player may move twice in a row.

    The search is *fail-soft*.  Searching a position with the window
    (alpha, beta) returns r with this contract, where v* is the minimax
    value (with a depth limit: the H-MINIMAX value):

    * if r <= alpha then v* <= r  (an upper bound),
    * if r >= beta  then v* >= r  (a lower bound),
    * otherwise r = v*.

    The root is searched with (-inf, +inf), so its value is exact, unless
    ``window`` says otherwise.

    The search is a short kernel, ``_kernel``, which runs alone when no
    option but a :class:`TranspositionTable` (``first``, ``best_moves``,
    ``max_nodes``, ``quiescence``, a recorder, a table of a subclass) is
    given, as in a player's usual call; with
    any of them, ``_Search`` runs the same steps in AIMA's form with each
    option a small piece around them, with the same result and statistics
    (tests/test_fast_paths.py).

    Parameters
    ----------
    game, state
        The rules, and the position to search from (``game.initial`` by
        default).
    table : TranspositionTable, optional
        Reuse results of positions reached again by other move orders
        (stored with their bound type, see :class:`TranspositionTable`).
        The root itself is always searched, so that the best move is known.
        A table serves one game.  With a depth limit, a position's entries
        are kept apart by the depth left below it, so the table changes
        the work but never the value.
    depth : int, optional
        Stop this many moves (plies, whoever makes them) below the root and
        estimate the positions there with ``evaluate`` (the cutoff test),
        as notebooks 07 and 08 count; with ``rounds=True``, this many
        rounds.  Ended positions are worth their score at any depth, 0
        included; any other position is estimated at depth 0.
    evaluate : callable, optional
        With ``depth``: a position's estimated score from MAX's side, e.g.
        :func:`~gametree.games.store_difference` for Kalah.  It must return
        a number (NaN is refused, naming the position).
    first : mapping, optional
        A move to try first at some positions (ignored where it is not
        legal); the other moves follow in the game's order.
    best_moves : dict, optional
        Filled in with the best move found at every position searched (the
        move that gave the position its value), for a later search's
        ``first``.
    max_nodes : int, optional
        Give up with :class:`OutOfNodes` rather than visit more positions
        than this.
    window : (alpha, beta), optional
        Search the root with this window instead of (-inf, +inf): the
        value returned then obeys the contract above (a *null window*
        (beta - 1, beta) asks only whether v* >= beta; see
        :mod:`gametree.games.windows`).  alpha must be below beta.
    quiescence : callable, optional
        With ``depth``: a quiescence search.  Given a position, it returns
        the moves that are *noisy* there (for Kalah,
        :func:`~gametree.games.quiescence.kalah_noisy_moves`: captures and
        extra turns); a position with none is *quiet*.  Past the depth
        limit, a quiet position is estimated as before; at a noisy one the
        player to move may *stand pat* on the estimate or play a noisy
        move, searched the same way, until every line reaches a quiet
        position.  Without it, the search is AIMA's H-MINIMAX exactly.
    recorder : Recorder, optional
        Told every step (entering a position, a leaf, an update after each
        move, a cutoff, leaving, a table answer), to record the search on a
        tree: :func:`gametree.games.windows.trace_mtdf` uses it.
    rounds : bool
        With ``depth``: count the depth in *rounds*, as CS188 does for
        Pacman and its ghosts, instead of moves.  Depth d means d moves of
        MAX and, after each, the moves of every other agent until MAX is to
        move again (a round ends when MAX is to move again; only MAX's
        moves use up depth).  The positions estimated are those where MAX
        is to move with no depth left (or the root, at depth 0).  With one
        MIN player that alternates with MAX, a round is two moves:
        ``depth=d, rounds=True`` searches what ``depth=2 * d`` does from a
        position where MAX is to move.  Not with ``quiescence``.

    Returns
    -------
    SearchResult
        ``value`` from MAX's side (equal to :func:`minimax`'s without a
        depth limit), the first best ``move``, the principal variation
        ``pv`` and ``stats``.

    Raises
    ------
    ValueError
        At the first chance state searched past (a roll of the dice; the
        root is checked before any other work), naming the game
        :func:`~gametree.games.expectiminimax` to use instead; for bad
        options, a depth with no evaluation, an empty window, ...
    OutOfNodes
        When ``max_nodes`` positions were not enough.

    Examples
    --------
    AIMA's Figure 5.2: value 3, seven of the nine leaves evaluated.

    >>> from gametree import Tree
    >>> from gametree.games import TreeGame, TicTacToe, TranspositionTable
    >>> result = alpha_beta(TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)))
    >>> result.value, result.move, result.pv, result.stats.terminals, result.stats.cutoffs
    (3, 'B', ('B', 'E'), 7, 1)

    Tic-tac-toe from the empty board is a draw:

    >>> alpha_beta(TicTacToe(), table=TranspositionTable()).value
    0

    Kalah two moves ahead with the store difference: S2's last seed lands in
    MAX's store, so MAX moves again, and S3 then puts a second seed there.

    >>> from gametree.games import Kalah, store_difference
    >>> result = alpha_beta(Kalah(), depth=2, evaluate=store_difference)
    >>> result.value, result.pv, result.stats.evaluated
    (2, (2, 3), 17)

    Depth in rounds: MAX, then two ghosts (MIN, MIN), then MAX again.  One
    round searches MAX's move and both replies, and estimates the positions
    where MAX moves next; one *move* would stop after MAX's move.

    >>> from gametree import MIN
    >>> levels = [MAX, MIN, MIN]                   # who moves at depth 0, 1, 2, 3, ...
    >>> tree = Tree.unfold((), lambda path: [path + (k,) for k in range(2)] if len(path) < 4 else None,
    ...                    lambda path: sum(path), player=lambda path: levels[len(path) % 3])
    >>> by_rounds = alpha_beta(TreeGame(tree), depth=1, evaluate=lambda n: 10 * n.depth, rounds=True)
    >>> by_moves = alpha_beta(TreeGame(tree), depth=1, evaluate=lambda n: 10 * n.depth)
    >>> by_rounds.value, len(by_rounds.pv), by_moves.value, len(by_moves.pv)
    (30, 3, 10, 1)
    """
    state = check_game(game, state)
    plies = check_options(table, depth, evaluate, first, best_moves, quiescence,
                          rounds)  # inf: no limit
    low, high = _check_window(window)
    limit = inf if max_nodes is None else check_whole("max_nodes", max_nodes, 1)
    with deep_games(game):
        if table is not None:
            table.claim(game)
        if ((first, best_moves, max_nodes, quiescence, recorder) == (None,) * 5
                and (table is None or type(table) is TranspositionTable)):
            return _kernel(game, state, plies, evaluate, rounds, low, high, table)
        search = _Search(game, plies, evaluate, rounds, table, first, best_moves, limit,
                         quiescence, recorder)
        return search.run(state, low, high)


def _kernel(game: Game[S, M], state: S, depth: float, evaluate: Evaluation[S] | None,
            rounds: bool, alpha: Value, beta: Value,
            table: TranspositionTable[S] | None = None) -> SearchResult[M]:
    """The search of :func:`alpha_beta` without its options: what a player's
    call runs, and all of it when no option is given.  :class:`_Search` adds
    the options around the same steps, in the same order, with the same
    result and statistics (tests/test_fast_paths.py proves them equal).  Its
    savings: one function for both players; the cut test ``alpha >= beta``
    (true exactly when AIMA's ``v >= beta`` at MAX, ``v <= alpha`` at MIN is,
    since a position is entered with alpha < beta); and the line kept as
    (move, rest of the line) pairs, a pair per improvement, each search
    leaving its line in ``below`` for its caller instead of returning a
    pair, and unpacked once at the end.  With a :class:`TranspositionTable`
    (the class itself, whose ``probe`` and ``store`` it does inline on the
    table's dictionary, filing the same entries under the same keys), it
    answers and narrows the window from the table as ``_Search.probe``
    does and stores as ``_Search.remember`` does."""
    is_over, score, to_move, moves_at, result = (game.is_over, game.score, game.to_move,
                                                  game.moves, game.result)
    nodes = terminals = evaluated = cutoffs = hits = 0
    entries = None if table is None else table.entries
    key_of = None if table is None or table.key is None else table._key
    EXACT, LOWER, UPPER = Bound.EXACT, Bound.LOWER, Bound.UPPER
    make_entry = tuple.__new__
    below: tuple = ()                                      # the line of the position searched last

    def value(state: S, depth: float, alpha: Value, beta: Value, root: bool = False) -> Value:
        nonlocal nodes, terminals, evaluated, cutoffs, hits, below
        nodes += 1
        if is_over(state):
            terminals += 1
            below = ()
            return score(state)
        player = to_move(state)
        if depth <= 0 and (root or not rounds or player is MAX):  # the cutoff test
            assert evaluate is not None                    # a depth limit comes with one
            evaluated += 1
            guess = evaluate(state)
            if type(guess) is not int and type(guess) is not float or guess != guess:
                guess = estimate(evaluate, state)          # not a plain number: estimate checks it
            below = ()
            return guess
        if entries is not None:                            # _Search.probe, inline
            at = state if key_of is None else key_of(state)
            if depth != inf:
                at = (at, (depth, "rounds") if rounds else depth)
            if not root:
                entry = entries.get(at)
                if entry is not None:
                    stored, bound = entry
                    if bound is EXACT:
                        hits += 1
                        below = ()
                        return stored
                    if bound is LOWER:
                        if stored > alpha:
                            alpha = stored
                    elif stored < beta:
                        beta = stored
                    if alpha >= beta:
                        hits += 1
                        below = ()
                        return stored
            low, high = alpha, beta
        if player is MAX:
            maximizing, v, left = True, -inf, depth - 1
        elif player is CHANCE:
            raise chance_error(game, state)
        else:                                              # counting rounds, only MAX uses up depth
            maximizing, v, left = False, inf, depth if rounds else depth - 1
        moves = moves_at(state)
        line: tuple = ()
        for i, move in enumerate(moves):
            v2 = value(result(state, move), left, alpha, beta)
            if maximizing:
                if v2 > v:
                    v, line = v2, (move, below)
                    if v > alpha:
                        alpha = v
            elif v2 < v:
                v, line = v2, (move, below)
                if v < beta:
                    beta = v
            if alpha >= beta:
                cutoffs += i + 1 < len(moves)  # a cut at the last move prunes nothing
                break
        if entries is not None:                            # TranspositionTable.store, inline
            entries[at] = make_entry(Entry, (v, UPPER if v <= low else LOWER if v >= high else EXACT))
        below = line
        return v

    best = value(state, depth, alpha, beta, root=True)
    pairs, line = below, []
    while pairs:                                           # (move, (move, (...))) -> a tuple
        move, pairs = pairs
        line.append(move)
    stats = Stats(nodes, terminals, cutoffs, hits, evaluated)
    return SearchResult(best, line[0] if line else None, stats, tuple(line))


def _silent(*step: object, bound: str | None = None) -> None:
    """The recorder of a search that records nothing."""


class _Search(Generic[S, M]):
    """:func:`alpha_beta` with its options: the steps of :func:`_kernel`, in
    AIMA's form, each option a small piece around them (``horizon``: the
    cutoff test, evaluation and quiescence; ``probe`` and ``store``: the
    table; ``ordered``: ``first``; ``note``: the recorder).  One search, one
    object: it keeps the counts."""

    def __init__(self, game: Game[S, M], depth: float, evaluate: Evaluation[S] | None,
                 rounds: bool, table: TranspositionTable[S] | None, first: Mapping[S, M] | None,
                 best_moves: MutableMapping[S, M] | None, limit: float,
                 quiescence: Callable[[S], Sequence[M]] | None, recorder: Recorder[S] | None):
        self.game, self.depth, self.evaluate, self.rounds = game, depth, evaluate, rounds
        self.table, self.first, self.best_moves, self.limit = table, first, best_moves, limit
        self.quiescence = quiescence
        self.note = _silent if recorder is None else recorder.step  # told every step
        self.nodes = self.terminals = self.evaluated = self.cutoffs = self.table_hits = 0

    def run(self, state: S, alpha: Value, beta: Value) -> SearchResult[M]:
        best, line = self.value(state, self.depth, alpha, beta, root=True)
        stats = Stats(self.nodes, self.terminals, self.cutoffs, self.table_hits, self.evaluated)
        return SearchResult(best, line[0] if line else None, stats, line)

    def value(self, state: S, depth: float, alpha: Value, beta: Value,
              root: bool = False) -> tuple[Value, tuple[M, ...]]:
        """(r, the line of moves that gives it) for ``state``, searched with (alpha, beta)."""
        game = self.game
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfNodes(f"the search reached its limit of {self.limit:,} positions")
        if game.is_over(state):
            self.terminals += 1
            end = game.score(state)
            self.note(LEAF, state, end, alpha, beta)
            return end, ()
        if depth <= 0 and (root or not self.rounds or game.to_move(state) is MAX):
            return self.horizon(state, depth, alpha, beta)          # the cutoff test
        left = self.left(depth)
        if not root:
            answer, alpha, beta = self.probe(state, alpha, beta, left)
            if answer is not None:
                return answer, ()
        player = game.to_move(state)
        if player is CHANCE:
            raise chance_error(game, state)
        maximizing = player is MAX
        below = depth if self.rounds and not maximizing else depth - 1  # rounds: MAX's use it up
        v, line = self.children(state, below, alpha, beta, -inf if maximizing else inf,
                                self.ordered(state), maximizing)
        self.remember(state, v, alpha, beta, left, line)
        return v, line

    def children(self, state: S, depth: float, alpha: Value, beta: Value, v: Value,
                 moves: Sequence[M], maximizing: bool) -> tuple[Value, tuple[M, ...]]:
        """MAX-VALUE (``maximizing``) or MIN-VALUE's loop over ``moves``, each
        searched ``depth`` deep, from the value ``v``."""
        note, result = self.note, self.game.result
        line: tuple[M, ...] = ()
        note(ENTER, state, v, alpha, beta)
        for i, move in enumerate(moves):
            v2, below = self.value(result(state, move), depth, alpha, beta)
            if maximizing:
                if v2 > v:
                    v, line = v2, (move, *below)
                    if v > alpha:                          # alpha = max(alpha, v)
                        alpha = v
            elif v2 < v:
                v, line = v2, (move, *below)
                if v < beta:                               # beta = min(beta, v)
                    beta = v
            note(UPDATE, state, v, alpha, beta)
            if v >= beta if maximizing else v <= alpha:
                self.cutoffs += i + 1 < len(moves)       # a cut at the last move prunes nothing
                if i + 1 < len(moves):
                    note(CUTOFF, state, v, alpha, beta)
                break
        note(RETURN, state, v, alpha, beta)
        return v, line

    def horizon(self, state: S, depth: float, alpha: Value,
                beta: Value) -> tuple[Value, tuple[M, ...]]:
        """At the depth limit: the estimate of a quiet position; at a noisy one
        (with ``quiescence``), the player to move may stand pat on the estimate
        or play one of the noisy moves."""
        assert self.evaluate is not None                   # a depth limit comes with an evaluation
        self.evaluated += 1
        stand_pat = estimate(self.evaluate, state)
        noisy = () if self.quiescence is None else self.quiescence(state)
        if not noisy:                                      # a quiet position: trust the estimate
            self.note(LEAF, state, stand_pat, alpha, beta)
            return stand_pat, ()
        if self.game.to_move(state) is MAX:
            if stand_pat >= beta:                          # standing pat already cuts
                return stand_pat, ()
            return self.children(state, depth - 1, max(alpha, stand_pat), beta, stand_pat,
                                 noisy, True)
        if stand_pat <= alpha:
            return stand_pat, ()
        return self.children(state, depth - 1, alpha, min(beta, stand_pat), stand_pat, noisy,
                             False)

    def left(self, depth: float) -> tuple:
        """The key a table files a result under: the depth left (in moves or
        in rounds), nothing without a depth limit."""
        if self.table is None or depth == inf:
            return ()
        return ((depth, "rounds"),) if self.rounds else (depth,)

    def probe(self, state: S, alpha: Value, beta: Value,
              left: tuple) -> tuple[Value | None, Value, Value]:
        """The table's answer for ``state`` (None: search it), and the window
        narrowed by what the table knows."""
        table = self.table
        if table is None:
            return None, alpha, beta
        answer, narrow_alpha, narrow_beta = table.probe(state, alpha, beta, *left)
        if answer is None:
            return None, narrow_alpha, narrow_beta
        self.table_hits += 1
        entry = table.get(state, *left)
        assert entry is not None                            # the entry that gave the answer
        self.note(TABLE, state, answer, alpha, beta, bound=entry.bound)
        return answer, alpha, beta

    def remember(self, state: S, v: Value, alpha: Value, beta: Value, left: tuple,
                 line: tuple[M, ...]) -> None:
        """File the result of searching ``state`` with (alpha, beta) in the table,
        and its best move in ``best_moves``."""
        if self.table is not None:
            self.table.store(state, v, alpha, beta, *left)
        if self.best_moves is not None and line:
            self.best_moves[state] = line[0]

    def ordered(self, state: S) -> Sequence[M]:
        """The moves at ``state``: ``first``'s move for it (if legal), then the game's order."""
        moves = self.game.moves(state)
        move = None if self.first is None else self.first.get(state)
        if move is not None and move in moves:
            moves = [move, *(m for m in moves if m != move)]
        return moves


S_contra = TypeVar("S_contra", bound=State, contravariant=True)
"""The states a recorder takes (contravariant: one that takes any state serves every game)."""


class Recorder(Protocol[S_contra]):
    """What :func:`alpha_beta` tells a recorder, step by step (see
    :class:`gametree.games.windows.TreeRecorder`, which turns the steps of a
    search of a :class:`~gametree.games.TreeGame` into a :class:`gametree.Trace`)."""

    def step(self, kind: StepKind, state: S_contra, v: Value, alpha: Value, beta: Value, *,
             bound: str | None = None) -> None:
        """The search did ``kind`` at ``state``; v, alpha and beta are the
        position's after it (for LEAF and TABLE, v is the value passed up and
        alpha and beta the window the position was given; for TABLE,
        ``bound`` says what the stored value is)."""


def _check_window(window: object) -> tuple[Value, Value]:
    """(alpha, beta) of a window :func:`alpha_beta` can search the root with."""
    if not (isinstance(window, tuple) and len(window) == 2
            and all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in window)):
        raise TypeError(f"window must be a pair of numbers (alpha, beta), such as (2, 3), "
                        f"not {describe(window)}")
    alpha, beta = window
    if not alpha < beta:  # NaN fails too
        raise ValueError(f"window ({alpha}, {beta}) is empty: alpha must be below beta, "
                         f"as in (2, 3)")
    return alpha, beta


@contextmanager
def deep_games(game: Game[S, M]) -> Iterator[None]:
    """Turn Python's RecursionError, met when a line of ``game`` is longer
    than the recursion can follow, into a sentence that says what to do."""
    try:
        yield
    except RecursionError:
        raise ValueError(f"a line of play of {short(game)} is longer than the search can follow (Python "
                         f"allows {sys.getrecursionlimit():,} nested calls); search fewer moves ahead "
                         f"with alpha_beta(..., depth=..., evaluate=...)") from None


def check_options(table: object, depth: object, evaluate: object, first: object,
                  best_moves: object, quiescence: object = None, rounds: object = False) -> float:
    """The depth to search (inf for no limit), once the options of
    :func:`alpha_beta` are known to fit together."""
    _check_kinds(table, depth is None, evaluate is None, first, best_moves, quiescence, rounds)
    if depth is None:
        if quiescence is not None:
            raise TypeError("quiescence searches past a depth limit: give depth and evaluate too")
        if rounds:
            raise TypeError("rounds=True says how a depth limit counts: give depth and evaluate too")
        return inf
    if rounds and quiescence is not None:
        raise TypeError("quiescence counts the depth in moves: give rounds=True or quiescence, "
                        "not both")
    check_evaluation(evaluate)
    return check_whole("depth", depth, 0)


def _check_kinds(table: object, no_depth: bool, no_evaluate: bool, first: object,
                 best_moves: object, quiescence: object, rounds: object) -> None:
    """Refuse an option of :func:`alpha_beta` of the wrong kind, saying which kind it
    takes, or a depth without an evaluation (or the other way round)."""
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be a TranspositionTable, e.g. table=TranspositionTable(), "
                        f"or None for no table; not {table!r}")
    if no_depth != no_evaluate:
        raise TypeError("depth and evaluate go together: give both (a depth limit and the "
                        "evaluation for the positions there) or neither")
    if first is not None and not isinstance(first, Mapping):
        raise TypeError(f"first must be a dict from positions to moves, not {describe(first)}")
    if best_moves is not None and not isinstance(best_moves, MutableMapping):
        raise TypeError(f"best_moves must be a dict to fill in, such as {{}}, not {describe(best_moves)}")
    if quiescence is not None and not callable(quiescence):
        raise TypeError(f"quiescence must be a function from a position to its noisy moves, "
                        f"such as kalah_noisy_moves, not {describe(quiescence)}")
    if not isinstance(rounds, bool):
        raise TypeError(f"rounds must be True (depth counts rounds) or False (depth counts moves), "
                        f"not {describe(rounds)}")


def chance_error(game: Game[S, M], state: S) -> ValueError:
    """The error minimax, negamax, alpha-beta, PVS and MTD(f) raise at a chance
    state of ``game``: they know only MAX and MIN, and would search the roll
    of the dice as if an opponent chose it."""
    return ValueError(
        f"{short(game)} rolls the dice at {short(state)} (to_move says CHANCE), but minimax, "
        f"negamax, alpha-beta, PVS and MTD(f) know only MAX and MIN and would search the roll "
        f"as an opponent's move; search a game with chance with the game expectiminimax, "
        f"gametree.games.expectiminimax (or play it with uct_search)")


def estimate(evaluate: Evaluation[S], state: S) -> Value:
    """``evaluate(state)``, once it is known to be a number a search can compare.

    Raises TypeError (not a number) or ValueError (NaN), naming ``evaluate``
    and the position.
    """
    value = evaluate(state)
    if type(value) is int or (type(value) is float and value == value):   # the usual case, quickly
        return value
    name = getattr(evaluate, "__name__", "the evaluation function")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} returned {describe(value)} for the position {state!r}; "
                        f"an evaluation must return a number, such as 3 or -0.5")
    if value != value:
        raise ValueError(f"{name} returned NaN for the position {state!r}; an evaluation must "
                         f"return a number that can be compared, such as 0")
    return value
