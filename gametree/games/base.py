"""The game interface: what a two-player, zero-sum, perfect-information game
must say for minimax to play it (and, for a game with dice, for
expectiminimax).

A game answers five questions about a state (AIMA's ``to_move``,
``actions``, ``result``, ``is_terminal`` and ``utility``, with shorter
names):

=====================  ==================================================
``game.to_move(s)``    whose turn it is: :data:`~gametree.tree.MAX` (the
                       player who moves first) or :data:`~gametree.tree.MIN`,
                       or :data:`~gametree.tree.CHANCE` when the dice are
                       rolled next
``game.moves(s)``      the legal moves, in the order searches try them
``game.play(s, m)``    the state after move ``m`` (``s`` is not changed)
``game.is_over(s)``    whether the game has ended
``game.score(s)``      the final score of an ended game, from MAX's side:
                       MAX wants it high, MIN wants it low
=====================  ==================================================

plus ``game.initial``, the state the game starts from,
``game.outcomes(s)`` at a chance state, each outcome of the roll as a
``(probability, move)`` pair (the moves are what ``moves`` lists and
``play`` takes; the probabilities add up to 1; a game without dice never
has a chance state and need not define it),
``game.result(s, m)``, what ``play`` returns for a move that ``moves``
has just listed, without checking it again (the searches' trusted path;
``play`` itself by default),
``game.move_label(s, m)``, the text for a move in drawings ("X4",
"take left 7"), ``game.agent(s)``, the name of the agent to move for
captions and drawings ("MAX", "ghost 2"; by default the name of
``to_move(s)``, which it never changes), and ``game.check_state(s)``, which refuses with a sentence
what is not a state of the game (the searches call it on the position
they start from, so that a wrong argument is named at once instead of
failing deep inside the search).

States are immutable and hashable (frozen dataclasses or NamedTuples), so
searches may keep them in sets and dictionaries.  ``to_move`` must answer
for ended games too (whose turn it would be), and a player may move twice
in a row: searches ask ``to_move`` at every state instead of assuming that
turns alternate.

A game names the types of its states and moves, ``Game[S, M]`` (``class
Kalah(Game[KalahState, House])``), and the searches keep them: for a type
checker, ``alpha_beta(Kalah())`` is a ``SearchResult[House]``.
"""

from __future__ import annotations

import numbers
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

from ..text import describe
from ..tree import Player, Value

__all__ = ["Game", "IllegalMoveError", "State", "Move", "Evaluation", "Strategy", "check_game",
           "check_whole", "check_evaluation", "check_max_nodes", "short", "NODE_LIMIT"]

State = Hashable
"""A position of any game: immutable and hashable."""

Move = Hashable
"""A move of any game: a square number, a string such as "take left", ..."""

S = TypeVar("S", bound=Hashable)
"""The type of one game's states (:class:`~gametree.games.KalahState`, ...)."""

M = TypeVar("M", bound=Hashable)
"""The type of one game's moves (a house number, "take left", ...)."""

Evaluation = Callable[[S], Value]
"""An evaluation function: an estimate of a position's final score, from
MAX's side (high is good for MAX), for positions where a search stops
before the game is over.  ``Evaluation[KalahState]`` estimates Kalah
positions."""


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in this state (as python-chess's)."""


class Game(ABC, Generic[S, M]):
    """A two-player, zero-sum game of perfect information, perhaps with dice
    (chance states, where :meth:`outcomes` says what the roll can bring).

    Subclasses define the five methods below and the ``initial`` state,
    and name the types of their states and moves as ``Game[S, M]``;
    :mod:`gametree.games.search` can then search them.  A game object holds
    the rules (and any fixed data, such as NUMBERGAME's row of numbers);
    everything that changes during play lives in the state.
    """

    initial: S
    """The state the game starts from."""

    @abstractmethod
    def to_move(self, state: S) -> Player:
        """The player whose turn it is (for an ended game: whose turn it would be)."""

    @abstractmethod
    def moves(self, state: S) -> Sequence[M]:
        """The legal moves, in the order searches try them; empty once the game is over."""

    @abstractmethod
    def play(self, state: S, move: M) -> S:
        """The state after ``move``.  Raises :class:`IllegalMoveError` for a
        move the rules do not allow."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True when the game has ended."""

    @abstractmethod
    def score(self, state: S) -> Value:
        """The final score of an ended game, from MAX's side (MAX wants it high)."""

    def result(self, state: S, move: M) -> S:
        """The state after ``move``, a move that ``moves(state)`` has just
        listed: the searches' trusted path (AIMA's RESULT), which need not
        check what :meth:`play` checks for a move from outside.  It must
        return what :meth:`play` returns; by default it is :meth:`play`,
        and a game whose checks cost overrides it with the bare rule."""
        return self.play(state, move)

    def outcomes(self, state: S) -> Sequence[tuple[Value, M]]:
        """At a chance state (``to_move(state)`` is CHANCE): each outcome of
        the roll as ``(probability, move)``, in the order of :meth:`moves`,
        the probabilities adding up to 1.  A game with dice overrides it;
        by default there are no chance states, and asking is a ValueError."""
        raise ValueError(f"{short(self)} has no chance states (to_move never says CHANCE), "
                         f"so there are no outcomes of a roll to give")

    def move_label(self, state: S, move: M) -> str:
        """Text for ``move`` played in ``state``, for drawings and captions."""
        return str(move)

    def agent(self, state: S) -> str:
        """The name of the agent to move at ``state``, for captions and
        drawings.  A game with more than two agents names them ("runner",
        "ghost 2") while ``to_move`` still says MAX, MIN or CHANCE; by
        default it is the name of ``to_move(state)``.

        >>> from gametree.games import TicTacToe
        >>> TicTacToe().agent(TicTacToe().initial)
        'MAX'
        """
        return str(self.to_move(state))

    def check_state(self, state: object) -> None:
        """Raise TypeError or ValueError, with a sentence, if ``state`` is
        not a position of this game.  Games override it; by default any
        object is accepted."""

    def _not_a_position(self, state: object) -> Exception:
        """The error to raise for ``state`` when reading it failed: the one
        :meth:`check_state` gives, or a TypeError naming it."""
        try:
            self.check_state(state)
        except (TypeError, ValueError) as error:
            return error
        return TypeError(f"{short(state)} is not a position of {short(self)}")


Strategy = Callable[[Game[S, M], S], M]
"""A player: given the rules and a position where it is to move, a legal
move.  ``Strategy[KalahState, House]`` plays Kalah.  (A player of every
game, such as ``random_player``'s, is typed ``Callable[[Game[S, M], S], M]``
spelled out: mypy keeps that generic, where it would fix the alias's S and M.)"""


def check_game(game: Game[S, M], state: S | None = None) -> S:
    """The position to start from: ``state``, or ``game.initial`` when it is
    None, once ``game`` is known to be a :class:`Game` and ``state`` one of
    its positions.

    >>> check_game([3, 12, 8])
    Traceback (most recent call last):
    ...
    TypeError: expected a game (a subclass of gametree.games.Game, such as TicTacToe()), not list
    """
    if not isinstance(game, Game):
        raise TypeError(f"expected a game (a subclass of gametree.games.Game, such as TicTacToe()), "
                        f"not {type(game).__name__}")
    if state is None:
        return game.initial
    game.check_state(state)
    return state


def short(obj: object, width: int = 40) -> str:
    """``repr(obj)`` for a message, cut to ``width`` characters.

    >>> short(list(range(30)))
    '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...'
    """
    text = repr(obj)
    return text if len(text) <= width else text[: width - 3] + "..."


def check_whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no upper
    limit when None); else TypeError (not a whole number; True and 2.0
    included) or ValueError (out of range), naming ``name``.

    >>> check_whole("depth", 3, 0)
    3
    >>> check_whole("depth", 2.5, 0)
    Traceback (most recent call last):
    ...
    TypeError: depth must be a whole number, not 2.5 (float)
    >>> check_whole("houses", 13, 1, 12)
    Traceback (most recent call last):
    ...
    ValueError: houses must be from 1 to 12, not 13
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {describe(value)}")
    number = int(value)
    if number < low or (high is not None and number > high):
        allowed = f"{low:,} or more" if high is None else f"from {low:,} to {high:,}"
        raise ValueError(f"{name} must be {allowed}, not {_size(number)}")
    return number


def check_evaluation(evaluate: object) -> None:
    """Refuse an ``evaluate`` that is not a function, with a sentence.

    >>> check_evaluation(3)
    Traceback (most recent call last):
    ...
    TypeError: evaluate must be a function from a position to a number, such as store_difference, not 3
    """
    if not callable(evaluate):
        raise TypeError(f"evaluate must be a function from a position to a number, such as "
                        f"store_difference, not {evaluate!r}")


NODE_LIMIT = 1_000_000
"""Largest ``max_nodes`` any tree builder here accepts: a tree of a
million nodes already takes hundreds of megabytes and minutes to step
through."""


def check_max_nodes(max_nodes: object) -> int:
    """``max_nodes`` if it is a whole number from 1 to :data:`NODE_LIMIT`, else raise.

    >>> check_max_nodes(10 ** 9)
    Traceback (most recent call last):
    ...
    ValueError: max_nodes must be from 1 to 1,000,000, not 1,000,000,000
    """
    return check_whole("max_nodes", max_nodes, 1, NODE_LIMIT)


def _size(number: int) -> str:
    """``number`` for a message; one too long to print is said by its length.

    >>> _size(-12345), _size(10 ** 5000)
    ('-12,345', 'a number of 5,001 digits')
    """
    if abs(number) < 10 ** 30:
        return f"{number:,}"
    digits = int(abs(number).bit_length() * 0.30102999566398120) + 1  # log10(2) per bit
    if abs(number) < 10 ** (digits - 1):                                # one too many
        digits -= 1
    return f"a number of {digits:,} digits"
