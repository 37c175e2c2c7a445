"""Minimax, negamax and alpha-beta for any :class:`~gametree.games.base.Game`.

Each search returns a :class:`SearchResult`: the value of the position
from MAX's side (the side :meth:`Game.score` speaks for), a best move, and
:class:`Stats` on the work done.  Moves are tried in the order
``game.moves`` lists them, and the best move is the first one that reaches
the value.

Remembering values of positions already searched (a *transposition
table*) is simple for minimax and negamax, which always compute exact
values: ``memo=True``.  Under alpha-beta it is subtle.  A search with the
window (alpha, beta) returns the exact value only when that value falls
inside the window; otherwise it returns a *bound*.  :class:`TranspositionTable`
stores each value with its bound type and uses it only where it is valid.
:class:`NaiveTable`, kept for teaching, stores every value as if it were
exact, and gives wrong answers.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from math import inf
from typing import NamedTuple

from ..tree import MAX, Value
from .base import Game, Move, State

__all__ = [
    "minimax", "negamax", "alpha_beta", "SearchResult", "Stats",
    "TranspositionTable", "NaiveTable", "Bound", "Entry",
]


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


@dataclass(frozen=True)
class SearchResult:
    """What a search found."""

    value: Value
    """The minimax value of the position, from MAX's side."""
    move: Move | None
    """The first move that reaches ``value``; None when the game is over."""
    stats: Stats
    """The work done to find them."""


@dataclass
class _Counter:
    nodes: int = 0
    terminals: int = 0
    cutoffs: int = 0
    table_hits: int = 0

    def freeze(self) -> Stats:
        return Stats(self.nodes, self.terminals, self.cutoffs, self.table_hits)


def _check(game: object, state: State | None) -> State:
    if not isinstance(game, Game):
        raise TypeError(
            f"expected a game (a subclass of gametree.games.Game, such as TicTacToe()), "
            f"not {type(game).__name__}"
        )
    return game.initial if state is None else state


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {value!r}")


# --- minimax and negamax: exact values, so memoizing them is easy -------------

def minimax(game: Game, state: State | None = None, *, memo: bool = False) -> SearchResult:
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
    state = _check(game, state)
    _check_flag("memo", memo)
    count = _Counter()
    table: dict[State, Value] = {}

    def value(state: State) -> tuple[Value, Move | None]:
        count.nodes += 1
        if game.is_over(state):
            count.terminals += 1
            return game.score(state), None
        if memo and state in table:
            count.table_hits += 1
            return table[state], None
        pick = max if game.to_move(state) is MAX else min
        best = pick(((value(game.play(state, move))[0], move) for move in game.moves(state)),
                    key=lambda pair: pair[0])  # max and min keep the first of equals
        if memo:
            table[state] = best[0]
        return best

    best_value, best_move = value(state)
    return SearchResult(best_value, best_move, count.freeze())


def negamax(game: Game, state: State | None = None, *, memo: bool = False) -> SearchResult:
    """Minimax written as one function: every player maximises their own score.

    In a zero-sum game, a position is worth v to the player to move there
    exactly when it is worth -v to the opponent, so one rule serves both
    players: the value of a position is the largest value of a move, where
    a move into a position where the opponent moves is worth minus that
    position's value.  (A move after which the same player moves again
    keeps its sign.)

    Parameters and returns are those of :func:`minimax`; ``value`` is
    converted back to MAX's side at the root so that the two agree.

    Examples
    --------
    >>> from gametree.games import NumberGame
    >>> result = negamax(NumberGame([7, -5, 8, 5, 1, -4, -8, 6, 7, 9]), memo=True)
    >>> result.value, result.move
    (7, 'take right')
    """
    state = _check(game, state)
    _check_flag("memo", memo)
    count = _Counter()
    table: dict[State, Value] = {}

    def value(state: State) -> tuple[Value, Move | None]:
        """The value of ``state`` for the player to move there, and a best move."""
        count.nodes += 1
        me = game.to_move(state)
        if game.is_over(state):
            count.terminals += 1
            return (game.score(state) if me is MAX else -game.score(state)), None
        if memo and state in table:
            count.table_hits += 1
            return table[state], None
        best, best_move = -inf, None
        for move in game.moves(state):
            child = game.play(state, move)
            v = value(child)[0]
            if game.to_move(child) is not me:  # what the opponent gains, I lose
                v = -v
            if v > best:
                best, best_move = v, move
        if memo:
            table[state] = best
        return best, best_move

    best, best_move = value(state)
    return SearchResult(best if game.to_move(state) is MAX else -best, best_move, count.freeze())


# --- transposition tables for alpha-beta --------------------------------------

class Bound(str, enum.Enum):
    """What a stored value says about the true value v* of a position."""

    EXACT = "exact"
    """The stored value is v*."""
    LOWER = "lower"
    """v* >= the stored value (the search failed high: it cut off at beta)."""
    UPPER = "upper"
    """v* <= the stored value (the search failed low: nothing beat alpha)."""

    def __str__(self) -> str:
        return self.value


class Entry(NamedTuple):
    """One stored result."""

    value: Value
    """The value the search returned."""
    bound: Bound
    """What ``value`` says about the true value."""


class TranspositionTable:
    """The results of alpha-beta searches, each stored with its bound type.

    Alpha-beta (fail-soft, as :func:`alpha_beta`) searching a position with
    the window (alpha, beta) returns a value r with this contract, where v*
    is the true minimax value:

    * if r <= alpha then v* <= r  (an upper bound),
    * if r >= beta  then v* >= r  (a lower bound),
    * otherwise v* = r            (exact).

    :meth:`store` files r under its bound type; :meth:`probe` uses an entry
    only where it is valid: an exact value always, a bound only to narrow
    the window, answering when the window closes.  The table can be kept
    and reused by later searches of the same game.

    Parameters
    ----------
    key : callable, optional
        Maps a state to the key it is stored under; the state itself by
        default.  Positions with equal keys must have equal values and the
        same player to move, e.g. :func:`gametree.games.tictactoe.canonical`
        maps each tic-tac-toe board to one representative of its 8
        rotations and reflections.

    Examples
    --------
    >>> table = TranspositionTable()
    >>> table.store("s", 5, alpha=6, beta=9)   # failed low: v* <= 5
    >>> table["s"]
    Entry(value=5, bound=<Bound.UPPER: 'upper'>)
    >>> table.probe("s", 7, 9)    # v* <= 5 < alpha = 7: the answer is 5 (an upper bound)
    (5, 7, 5)
    >>> table.probe("s", 0, 9)    # not enough to answer; beta narrows to 5
    (None, 0, 5)
    """

    def __init__(self, key: Callable[[State], Hashable] | None = None):
        self.key = key
        """The key function, or None to store states under themselves."""
        self.entries: dict[Hashable, Entry] = {}
        """Stored results by key."""
        self._keys: dict[State, Hashable] = {}  # key of each state met: computed once

    def _key(self, state: State) -> Hashable:
        if self.key is None:
            return state
        key = self._keys.get(state)
        if key is None:
            key = self._keys[state] = self.key(state)
        return key

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, state: State) -> Entry:
        return self.entries[self._key(state)]

    def __contains__(self, state: State) -> bool:
        return self._key(state) in self.entries

    def probe(self, state: State, alpha: Value, beta: Value) -> tuple[Value | None, Value, Value]:
        """Look ``state`` up before searching it with the window (alpha, beta).

        Returns ``(answer, alpha, beta)``.  ``answer`` is not None when the
        table settles the search: it then obeys the contract above for the
        window given.  Otherwise ``answer`` is None and alpha and beta come
        back narrowed by any stored bound, for the search to use.
        """
        entry = self.entries.get(self._key(state))
        if entry is None:
            return None, alpha, beta
        if entry.bound is Bound.EXACT:
            return entry.value, alpha, beta
        if entry.bound is Bound.LOWER:
            alpha = max(alpha, entry.value)
        else:
            beta = min(beta, entry.value)
        if alpha >= beta:  # never search an empty window: its result would be ambiguous
            return entry.value, alpha, beta
        return None, alpha, beta

    def store(self, state: State, value: Value, alpha: Value, beta: Value) -> None:
        """Record that searching ``state`` with the window (alpha, beta) returned ``value``."""
        if value <= alpha:
            bound = Bound.UPPER
        elif value >= beta:
            bound = Bound.LOWER
        else:
            bound = Bound.EXACT
        self.entries[self._key(state)] = Entry(value, bound)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} positions>"


class NaiveTable(TranspositionTable):
    """A WRONG transposition table, for teaching: it keeps every value as exact.

    A value that alpha-beta returned after a cutoff is only a bound, found
    for one window; reused in another window it can be wrong, and so can
    the values computed from it.  On tic-tac-toe this table gets some
    positions' values wrong (see ``tests/test_tictactoe.py``).  Use
    :class:`TranspositionTable`.
    """

    def probe(self, state: State, alpha: Value, beta: Value) -> tuple[Value | None, Value, Value]:
        """The stored value, whatever the window."""
        entry = self.entries.get(self._key(state))
        return (None if entry is None else entry.value), alpha, beta

    def store(self, state: State, value: Value, alpha: Value, beta: Value) -> None:
        """Keep ``value`` as if it were exact, ignoring the window."""
        self.entries[self._key(state)] = Entry(value, Bound.EXACT)


# --- alpha-beta -----------------------------------------------------------------

def alpha_beta(game: Game, state: State | None = None, *,
               table: TranspositionTable | None = None) -> SearchResult:
    """Minimax with alpha-beta pruning, as in AIMA's ``alphabeta_search``.

    alpha is the value MAX is already assured of on the path to a position,
    beta the value MIN is assured of.  A MAX position stops trying moves as
    soon as its value v >= beta (MIN above will never let the game come
    here); a MIN position stops as soon as v <= alpha.

    The search is fail-soft: searching a position with the window
    (alpha, beta) returns r with: if r <= alpha then v* <= r; if r >= beta
    then v* >= r; otherwise r = v*, the minimax value.  The root is
    searched with (-inf, +inf), so its value is exact.

    Parameters
    ----------
    game : Game
        The rules.
    state : state of ``game``, optional
        Where to search from; ``game.initial`` by default.
    table : TranspositionTable, optional
        Reuse results of positions reached again by other move orders.
        The root itself is always searched, so that the best move is known.

    Returns
    -------
    SearchResult
        ``value`` from MAX's side (equal to :func:`minimax`'s), the first
        best ``move`` and ``stats``.

    Examples
    --------
    The statement's tree: value 3, seven of the nine leaves evaluated.

    >>> from gametree import Tree
    >>> from gametree.games import TreeGame, TicTacToe
    >>> result = alpha_beta(TreeGame(Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)))
    >>> result.value, result.move, result.stats.terminals, result.stats.cutoffs
    (3, 'B', 7, 1)

    Tic-tac-toe from the empty board is a draw:

    >>> alpha_beta(TicTacToe(), table=TranspositionTable()).value
    0
    """
    state = _check(game, state)
    if table is not None and not isinstance(table, TranspositionTable):
        raise TypeError(f"table must be a TranspositionTable, e.g. table=TranspositionTable(), "
                        f"or None for no table; not {table!r}")
    count = _Counter()

    def value(state: State, alpha: Value, beta: Value, root: bool = False) -> tuple[Value, Move | None]:
        count.nodes += 1
        if game.is_over(state):
            count.terminals += 1
            return game.score(state), None
        if table is not None and not root:
            answer, alpha, beta = table.probe(state, alpha, beta)
            if answer is not None:
                count.table_hits += 1
                return answer, None
        search = max_value if game.to_move(state) is MAX else min_value
        v, move = search(state, alpha, beta)
        if table is not None:
            table.store(state, v, alpha, beta)
        return v, move

    def max_value(state: State, alpha: Value, beta: Value) -> tuple[Value, Move | None]:
        v, best = -inf, None
        moves = game.moves(state)
        for i, move in enumerate(moves):
            v2 = value(game.play(state, move), alpha, beta)[0]
            if v2 > v:
                v, best = v2, move
                alpha = max(alpha, v)
            if v >= beta:
                count.cutoffs += i + 1 < len(moves)  # a cut at the last move prunes nothing
                return v, best
        return v, best

    def min_value(state: State, alpha: Value, beta: Value) -> tuple[Value, Move | None]:
        v, best = inf, None
        moves = game.moves(state)
        for i, move in enumerate(moves):
            v2 = value(game.play(state, move), alpha, beta)[0]
            if v2 < v:
                v, best = v2, move
                beta = min(beta, v)
            if v <= alpha:
                count.cutoffs += i + 1 < len(moves)
                return v, best
        return v, best

    best_value, best_move = value(state, -inf, inf, root=True)
    return SearchResult(best_value, best_move, count.freeze())
