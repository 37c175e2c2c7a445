"""The game interface: what a two-player, zero-sum, perfect-information game
must say for minimax to play it.

A game answers five questions about a state (AIMA's ``to_move``,
``actions``, ``result``, ``is_terminal`` and ``utility``, with shorter
names):

=====================  ==================================================
``game.to_move(s)``    whose turn it is: :data:`~gametree.tree.MAX` (the
                       player who moves first) or :data:`~gametree.tree.MIN`
``game.moves(s)``      the legal moves, in the order searches try them
``game.play(s, m)``    the state after move ``m`` (``s`` is not changed)
``game.is_over(s)``    whether the game has ended
``game.score(s)``      the final score of an ended game, from MAX's side:
                       MAX wants it high, MIN wants it low
=====================  ==================================================

plus ``game.initial``, the state the game starts from, and
``game.move_label(s, m)``, the text for a move in drawings ("X4",
"take left 7").

States are immutable and hashable (frozen dataclasses or NamedTuples), so
searches may keep them in sets and dictionaries.  ``to_move`` must answer
for ended games too (whose turn it would be), and a player may move twice
in a row: searches ask ``to_move`` at every state instead of assuming that
turns alternate.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence

from ..tree import Player, Value

__all__ = ["Game", "IllegalMoveError", "State", "Move"]

State = Hashable
"""A position of a game: immutable and hashable."""

Move = Hashable
"""A move: a square number, a string such as "take left", ..."""


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this state (as python-chess's)."""


class Game(ABC):
    """A two-player, zero-sum game of perfect information.

    Subclasses define the five methods below and the ``initial`` state;
    :mod:`gametree.games.search` can then search them.  A game object holds
    the rules (and any fixed data, such as NUMBERGAME's row of numbers);
    everything that changes during play lives in the state.
    """

    initial: State
    """The state the game starts from."""

    @abstractmethod
    def to_move(self, state: State) -> Player:
        """The player whose turn it is (for an ended game: whose turn it would be)."""

    @abstractmethod
    def moves(self, state: State) -> Sequence[Move]:
        """The legal moves, in the order searches try them; empty once the game is over."""

    @abstractmethod
    def play(self, state: State, move: Move) -> State:
        """The state after ``move``.  Raises :class:`IllegalMoveError` for a
        move the rules do not allow."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def score(self, state: State) -> Value:
        """The final score of an ended game, from MAX's side (MAX wants it high)."""

    def move_label(self, state: State, move: Move) -> str:
        """Text for ``move`` played in ``state``, for drawings and captions."""
        return str(move)
