"""Transposition tables: the results of alpha-beta searches, kept for reuse.

A position reached again by another order of moves (a *transposition*)
need not be searched again if its value is remembered.  Under alpha-beta
that is subtle: a search with the window (alpha, beta) returns the exact
value only when that value falls inside the window; otherwise it returns
a *bound*.  :class:`TranspositionTable` stores each value with its bound
type and uses it only where it is valid.  :class:`NaiveTable`, kept for
teaching, stores every value as if it were exact, and gives wrong answers.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable
from typing import Any, Generic, NamedTuple

from ..tree import Value
from .base import Game, M, S, short

__all__ = ["TranspositionTable", "NaiveTable", "Bound", "Entry"]

Depth = int | tuple[int, str]
"""How deep a position was searched: moves, or ``(d, "rounds")`` for d rounds
(``alpha_beta(..., rounds=True)``), so that the two never share an entry."""


class Bound(enum.StrEnum):
    """What a stored value says about the true value v* of a position."""

    EXACT = "exact"
    """The stored value is v*."""
    LOWER = "lower"
    """v* >= the stored value (the search failed high: it cut off at beta)."""
    UPPER = "upper"
    """v* <= the stored value (the search failed low: nothing beat alpha)."""


class Entry(NamedTuple):
    """One stored result."""

    value: Value
    """The value the search returned."""
    bound: Bound
    """What ``value`` says about the true value."""


class TranspositionTable(Generic[S]):
    """The results of alpha-beta searches, each stored with its bound type
    (``TranspositionTable[S]`` holds positions of type S).

    Alpha-beta (fail-soft, as :func:`~gametree.games.alpha_beta`) searching
    a position with the window (alpha, beta) returns a value r with this
    contract, where v* is the true minimax value:

    * if r <= alpha then v* <= r  (an upper bound),
    * if r >= beta  then v* >= r  (a lower bound),
    * otherwise v* = r            (exact).

    :meth:`store` files r under its bound type; :meth:`probe` uses an entry
    only where it is valid: an exact value always, a bound only to narrow
    the window, answering when the window closes.  The table can be kept
    and reused by later searches of the same game, but of that game only:
    the positions of two games may look alike and be worth different
    things, so the first search that uses a table ties it to its game
    (:meth:`claim`) and a search of another game refuses it.

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

    def __init__(self, key: Callable[[S], Hashable] | None = None):
        if key is not None and not callable(key):
            raise TypeError(f"key must be a function from a position to its key, such as "
                            f"canonical, or None; not {key!r}")
        self.key = key
        """The key function, or None to store states under themselves."""
        self.entries: dict[Hashable, Entry] = {}
        """Stored results by key."""
        self.game: Game[S, Any] | None = None
        """The game whose positions the table holds: the first one it was
        searched with (None until then).  Its moves may be of any type."""
        self._keys: dict[S, Hashable] = {}  # key of each state met: computed once

    def claim(self, game: Game[S, M]) -> None:
        """Tie the table to ``game`` if it is new; refuse it if it holds
        another game's positions.

        Raises
        ------
        ValueError
            If the table was first used with a game that is not ``game``
            (nor equal to it, as two ``TicTacToe()`` are).

        Examples
        --------
        >>> from gametree.games import NumberGame
        >>> table = TranspositionTable()
        >>> table.claim(NumberGame([1, 2]))
        >>> table.claim(NumberGame([5, -9]))
        Traceback (most recent call last):
        ...
        ValueError: this table holds positions of NumberGame([1, 2]), not of NumberGame([5, -9]); a table serves one game, so give each game its own TranspositionTable()
        """
        if self.game is None:
            self.game = game
        elif game is not self.game and game != self.game:
            raise ValueError(f"this table holds positions of {short(self.game)}, not of {short(game)}; a table "
                             f"serves one game, so give each game its own {type(self).__name__}()")

    def _key(self, state: S) -> Hashable:
        if self.key is None:
            return state
        key = self._keys.get(state)
        if key is None:
            key = self._keys[state] = self.key(state)
        return key

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, state: S) -> Entry:
        return self.entries[self._key(state)]

    def __contains__(self, state: S) -> bool:
        return self._key(state) in self.entries

    def _at(self, state: S, depth: Depth | None) -> Hashable:
        """Where ``state`` searched ``depth`` moves deep is filed (``depth``
        None: searched to the end of the game; ``(d, "rounds")``: d rounds)."""
        key = self._key(state)
        return key if depth is None else (key, depth)

    def get(self, state: S, depth: Depth | None = None) -> Entry | None:
        """The entry for ``state`` (searched ``depth`` moves deep, or to the
        end of the game when None), or None.

        >>> table = TranspositionTable()
        >>> table.store("s", 4, alpha=1, beta=3, depth=2)
        >>> table.get("s", 2), table.get("s", 3), table.get("s")
        (Entry(value=4, bound=<Bound.LOWER: 'lower'>), None, None)
        """
        return self.entries.get(self._at(state, depth))

    def probe(self, state: S, alpha: Value, beta: Value,
              depth: Depth | None = None) -> tuple[Value | None, Value, Value]:
        """Look ``state`` up before searching it with the window (alpha, beta).

        Returns ``(answer, alpha, beta)``.  ``answer`` is not None when the
        table settles the search: it then obeys the contract above for the
        window given.  Otherwise ``answer`` is None and alpha and beta come
        back narrowed by any stored bound, for the search to use.

        A search cut off at a depth probes with the ``depth`` left below
        ``state``: only a result of a search exactly that deep is used, so
        the table never changes what a depth-limited search returns.
        """
        entry = self.entries.get(self._at(state, depth))
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

    def store(self, state: S, value: Value, alpha: Value, beta: Value,
              depth: Depth | None = None) -> None:
        """Record that searching ``state`` with the window (alpha, beta)
        (``depth`` moves deep; None: to the end of the game) returned ``value``."""
        if value <= alpha:
            bound = Bound.UPPER
        elif value >= beta:
            bound = Bound.LOWER
        else:
            bound = Bound.EXACT
        self.entries[self._at(state, depth)] = Entry(value, bound)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self)} positions>"


class NaiveTable(TranspositionTable[S]):
    """A WRONG transposition table, for teaching: it keeps every value as exact.

    A value that alpha-beta returned after a cutoff is only a bound, found
    for one window; reused in another window it can be wrong, and so can
    the values computed from it.  On tic-tac-toe this table gets some
    positions' values wrong (see ``tests/test_tictactoe.py``).  Use
    :class:`TranspositionTable`.
    """

    def probe(self, state: S, alpha: Value, beta: Value,
              depth: Depth | None = None) -> tuple[Value | None, Value, Value]:
        """The stored value, whatever the window."""
        entry = self.entries.get(self._at(state, depth))
        return (None if entry is None else entry.value), alpha, beta

    def store(self, state: S, value: Value, alpha: Value, beta: Value,
              depth: Depth | None = None) -> None:
        """Keep ``value`` as if it were exact, ignoring the window."""
        self.entries[self._at(state, depth)] = Entry(value, Bound.EXACT)
