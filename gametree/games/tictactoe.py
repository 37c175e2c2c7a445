"""Tic-tac-toe on the game interface, a perfect player, and the classic figures.

Squares are numbered 0 to 8, row by row::

    0 1 2
    3 4 5
    6 7 8

X moves first and is MAX; a finished game scores +1 if X won, -1 if O
won, 0 for a draw.  A state is nine characters, ``X``, ``O`` or ``.``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from operator import itemgetter
from typing import Any, NamedTuple, Self

from ..tree import MAX, MIN, Player
from .base import Game, IllegalMoveError

__all__ = [
    "TicTacToe", "TicTacToeState", "Square", "LINES", "SYMMETRIES",
    "winner", "canonical", "perfect_move", "positions", "count_games", "GameCount",
]

Square = int
"""A square, 0 to 8 row by row."""

EMPTY = "."

LINES: tuple[tuple[Square, Square, Square], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)
"""The eight lines of three that win."""

LINES_THROUGH: tuple[tuple[tuple[Square, Square, Square], ...], ...] = tuple(
    tuple(line for line in LINES if square in line) for square in range(9))
"""For each square, the lines through it: after a mark there, only they can have been completed."""

_PARTNERS: tuple[tuple[tuple[Square, Square], ...], ...] = tuple(
    tuple((b, c) if a == square else (a, c) if b == square else (a, b)
          for a, b, c in LINES_THROUGH[square])
    for square in range(9))
"""For each square, the other two squares of each line through it."""

SYMMETRIES: tuple[tuple[Square, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8),  # identity
    (6, 3, 0, 7, 4, 1, 8, 5, 2),  # rotate a quarter turn clockwise
    (8, 7, 6, 5, 4, 3, 2, 1, 0),  # half turn
    (2, 5, 8, 1, 4, 7, 0, 3, 6),  # three quarter turns
    (2, 1, 0, 5, 4, 3, 8, 7, 6),  # mirror left-right
    (6, 7, 8, 3, 4, 5, 0, 1, 2),  # mirror top-bottom
    (0, 3, 6, 1, 4, 7, 2, 5, 8),  # mirror in the main diagonal
    (8, 5, 2, 7, 4, 1, 6, 3, 0),  # mirror in the other diagonal
)
"""The board's 8 symmetries: square i of the transformed board shows
square ``symmetry[i]`` of the original."""


class _Cells(NamedTuple):
    cells: str
    """Nine characters, ``X``, ``O`` or ``.`` (empty), squares 0 to 8 row by row."""
    player: Player
    """Whose turn it is: MAX (X) when both have as many marks, else MIN (O).
    Read off the cells once, when the state is made."""
    winner: str | None
    """``"X"`` or ``"O"`` if that player has three in a line, else None.
    Read off the cells once, when the state is made."""


class TicTacToeState(_Cells):
    """A tic-tac-toe position: ``TicTacToeState(cells)``, or drawn as text
    with :meth:`from_text`.

    Besides its cells a state carries two facts read off them once, when it
    is made, so that a search does not read them again at every visit:
    whose turn it is (``player``) and who has three in a line (``winner``).
    States are equal when their cells are.

    >>> TicTacToeState("XX.OO.X..").winner, TicTacToeState("XXXOO....").winner
    (None, 'X')
    """

    __slots__ = ()

    def __new__(cls, cells: str) -> Self:
        if not isinstance(cells, str):
            raise TypeError(f"cells must be nine characters X, O or . such as 'XO..X...O', "
                            f"not {type(cells).__name__}")
        if len(cells) != 9 or cells.strip("XO" + EMPTY):
            raise ValueError(f"cells must be nine characters X, O or . (row by row), not {cells[:20]!r}")
        player = MAX if cells.count("X") == cells.count("O") else MIN
        return super().__new__(cls, cells, player, _winner_of(cells))

    # mypy refuses every override of a NamedTuple's synthesized _make, even one
    # of the same signature; this one takes and returns what the original does.
    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]
        return cls(tuple(iterable)[0])   # the facts are read off the cells again

    def __getnewargs__(self) -> tuple[str]:
        return (self.cells,)

    def __repr__(self) -> str:
        return f"TicTacToeState(cells={self.cells!r})"

    @classmethod
    def from_text(cls, text: str) -> TicTacToeState:
        """The position drawn in ``text``: nine cells ``X``, ``O`` and ``.``
        (or ``-``, ``_``), in any layout; spaces, ``/`` and ``|`` are ignored.

        >>> print(TicTacToeState.from_text("XO. / .X. / ..O"))
        X O .
        . X .
        . . O

        Raises ValueError, saying why, for a position no game can reach.
        """
        if not isinstance(text, str):
            raise TypeError(f"expected the board as text such as 'XO. .X. ..O', not {type(text).__name__}")
        cells = "".join(ch for ch in text.upper() if ch not in " \t\n/|")
        cells = cells.replace("-", EMPTY).replace("_", EMPTY)
        shown = repr(text) if len(text) <= 40 else repr(text[:37] + "...")
        wrong = sorted(set(cells) - set("XO" + EMPTY))
        if wrong:
            raise ValueError(f"the board {shown} contains {wrong[0]!r}; write each square as X, O or .")
        if len(cells) != 9:
            raise ValueError(f"the board {shown} has {len(cells)} squares, not 9; write three rows "
                             f"of three such as 'XO. .X. ..O'")
        state = cls(cells)
        problem = _illegal(state)
        if problem:
            raise ValueError(f"the board {shown} cannot happen in a game: {problem}")
        return state

    def __str__(self) -> str:
        c = self.cells
        return "\n".join(" ".join(c[row : row + 3]) for row in (0, 3, 6))


def _winner_of(cells: str) -> str | None:
    """``"X"`` or ``"O"`` if that player has three in a line on ``cells``, else None."""
    for a, b, d in LINES:
        if cells[a] != EMPTY and cells[a] == cells[b] == cells[d]:
            return cells[a]
    return None


def _check(state: object) -> TicTacToeState:
    if not isinstance(state, TicTacToeState):
        raise TypeError(f"expected a TicTacToeState (e.g. TicTacToeState.from_text('XO. .X. ..O')), "
                        f"not {type(state).__name__}")
    return state


def winner(state: TicTacToeState) -> str | None:
    """``"X"`` or ``"O"`` if that player has three in a line, else None.

    >>> winner(TicTacToeState("XXXOO...."))
    'X'
    """
    return _check(state).winner


def _illegal(state: TicTacToeState) -> str:
    """Why ``state`` cannot be reached from the empty board ('' if it can)."""
    xs, os = state.cells.count("X"), state.cells.count("O")
    if not 0 <= xs - os <= 1:
        return f"X moves first and players alternate, so X has as many marks as O or one more, not {xs} and {os}"
    wins = {mark for mark in "XO" if any(all(state.cells[i] == mark for i in line) for line in LINES)}
    if wins == {"X", "O"}:
        return "both players have three in a line"
    if wins == {"X"} and xs != os + 1:
        return "X has three in a line, so the game ended on X's move, but it is X's turn"
    if wins == {"O"} and xs != os:
        return "O has three in a line, so the game ended on O's move, but it is O's turn"
    return ""


def canonical(state: TicTacToeState) -> TicTacToeState:
    """The representative of ``state`` among its 8 rotations and reflections
    (the least in alphabetical order).  Symmetric positions have the same
    value, so a transposition table may store them under one key.

    >>> canonical(TicTacToeState("X........")) == canonical(TicTacToeState("........X"))
    True
    """
    cells = _check(state).cells
    least = min(cells, *["".join(moved(cells)) for moved in _MOVED])
    return _new_state(TicTacToeState, (least, state.player, state.winner))   # symmetry keeps both


_MOVED = [itemgetter(*symmetry) for symmetry in SYMMETRIES[1:]]
"""For each symmetry but the identity, a function from the cells to the moved cells."""


@cache
def _empty_squares(cells: str) -> tuple[Square, ...]:
    """The empty squares of ``cells``, in order: worked out once per board
    (there are fewer than 3**9), as searches ask at every visit."""
    return tuple(square for square, mark in enumerate(cells) if mark == EMPTY)


_SCORES = {"X": 1, "O": -1, None: 0}
_X_LABELS = tuple(f"X{square}" for square in range(9))
_O_LABELS = tuple(f"O{square}" for square in range(9))
_new_state = tuple.__new__
"""Makes a TicTacToeState from its cells and their facts, without reading them again."""


class TicTacToe(Game[TicTacToeState, Square]):
    """Tic-tac-toe: X (MAX) and O (MIN) take turns to mark an empty square;
    three in a line wins.

    Examples
    --------
    >>> game = TicTacToe()
    >>> state = game.play(game.initial, 4)
    >>> print(state)
    . . .
    . X .
    . . .
    >>> game.to_move(state), game.moves(state)
    (<Player.MIN: 'MIN'>, (0, 1, 2, 3, 5, 6, 7, 8))
    >>> game.play(state, 4)
    Traceback (most recent call last):
    ...
    gametree.games.base.IllegalMoveError: square 4 is already taken (by X); choose an empty square: 0, 1, 2, 3, 5, 6, 7, 8
    """

    initial = TicTacToeState(EMPTY * 9)

    def to_move(self, state: TicTacToeState) -> Player:
        """MAX (X) when both have as many marks, else MIN (O)."""
        try:
            return state.player
        except AttributeError:
            raise self._not_a_position(state) from None

    def mark(self, state: TicTacToeState) -> str:
        """The mark of the player to move: ``"X"`` or ``"O"``."""
        return "X" if self.to_move(state) is MAX else "O"

    def moves(self, state: TicTacToeState) -> tuple[Square, ...]:
        """The empty squares, in order; none once the game is over.  (A
        tuple, worked out once per board: a search asks at every visit.)"""
        if type(state) is not TicTacToeState:
            _check(state)                                 # says what is wrong
        if state.winner is not None:
            return ()
        return _empty_squares(state.cells)

    def play(self, state: TicTacToeState, move: Square) -> TicTacToeState:
        """The position after the player to move marks square ``move``."""
        if type(move) is not int or not 0 <= move <= 8:   # True and 4.0 are not squares
            raise IllegalMoveError(f"a move is a square from 0 to 8 (row by row), not {move!r}")
        if type(state) is not TicTacToeState:
            _check(state)                                 # says what is wrong
        cells = state.cells
        if cells[move] != EMPTY:
            free = ", ".join(map(str, self.moves(state)))
            raise IllegalMoveError(f"square {move} is already taken (by {cells[move]}); "
                                   f"choose an empty square: {free}")
        if state.winner is not None:
            raise IllegalMoveError("the game is over; no more moves can be played")
        return self.result(state, move)

    def result(self, state: TicTacToeState, move: Square) -> TicTacToeState:
        """:meth:`play` for a square that :meth:`moves` listed, without checking it again."""
        mark = "X" if state.player is MAX else "O"
        cells = state.cells
        won = None
        for a, b in _PARTNERS[move]:   # only a line through the move can be new
            if cells[a] == mark == cells[b]:
                won = mark
                break
        cells = cells[:move] + mark + cells[move + 1 :]
        # The facts of the new state are known here; skip reading them off the cells again.
        return _new_state(TicTacToeState, (cells, MIN if state.player is MAX else MAX, won))

    def is_over(self, state: TicTacToeState) -> bool:
        """True when someone has three in a line or the board is full."""
        try:
            return state.winner is not None or EMPTY not in state.cells
        except AttributeError:
            raise self._not_a_position(state) from None

    def score(self, state: TicTacToeState) -> int:
        """+1 if X won, -1 if O won, 0 otherwise."""
        if type(state) is not TicTacToeState:
            _check(state)
        return _SCORES[state.winner]

    def move_label(self, state: TicTacToeState, move: Square) -> str:
        """The mark and the square, e.g. ``"X4"`` for X in the centre."""
        if type(state) is not TicTacToeState:
            return f"{self.mark(state)}{move}"            # says what is wrong with state
        if type(move) is int and 0 <= move <= 8:          # the usual case: made once, looked up
            return (_X_LABELS if state.player is MAX else _O_LABELS)[move]
        return f"{'X' if state.player is MAX else 'O'}{move}"

    def check_state(self, state: object) -> None:
        """Refuse what is not a tic-tac-toe position that a game can reach."""
        position = _check(state)
        problem = _illegal(position)
        if problem:
            raise ValueError(f"the board {position.cells!r} cannot happen in a game: {problem}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TicTacToe)   # one set of rules

    def __hash__(self) -> int:
        return hash(TicTacToe)

    def __repr__(self) -> str:
        return "TicTacToe()"


_GAME = TicTacToe()


@cache
def _solution(cells: str) -> tuple[int, int]:
    """(value from X's side, plies to the end) under perfect play where the
    winner wins as soon as it can and the loser holds out as long as it can."""
    state = TicTacToeState(cells)
    if _GAME.is_over(state):
        return _GAME.score(state), 0
    outcomes = [_solution(_GAME.play(state, move).cells) for move in _GAME.moves(state)]
    value, plies = max(outcomes, key=_preference(_GAME.to_move(state)))
    return value, plies + 1


def _preference(player: Player):
    """Sort key of outcomes for ``player``: better value first, then a quick
    win, or a slow loss or draw."""
    sign = 1 if player is MAX else -1

    def key(outcome: tuple[int, int]) -> tuple[int, int]:
        value, plies = outcome
        mine = sign * value
        return mine, -plies if mine > 0 else plies

    return key


def perfect_move(state: TicTacToeState) -> Square:
    """A best move for the player to move: it never loses a won or drawn
    game, wins as fast as it can and, when lost, holds out as long as it
    can.  Among equal moves it takes the lowest square.

    >>> perfect_move(TicTacToeState.from_text("XX. OO. ..."))   # X wins at once
    2
    >>> perfect_move(TicTacToeState.from_text("XX. O.. ..."))   # O must block
    2
    """
    _GAME.check_state(state)
    if _GAME.is_over(state):
        raise IllegalMoveError("the game is over; there is no move to make")
    prefer = _preference(_GAME.to_move(state))
    return max(_GAME.moves(state), key=lambda move: prefer(_solution(_GAME.play(state, move).cells)))


def positions() -> frozenset[TicTacToeState]:
    """Every position reachable from the empty board, finished ones included
    (5,478 of them).

    >>> len([s for s in positions() if not TicTacToe().is_over(s)])
    4520
    """
    seen = {_GAME.initial}
    frontier = [_GAME.initial]
    while frontier:
        state = frontier.pop()
        for move in _GAME.moves(state):
            child = _GAME.play(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return frozenset(seen)


class GameCount(NamedTuple):
    """The size of the full game tree below a position."""

    nodes: int
    """Positions in the tree, counting each path to a position separately
    (root included)."""
    games: int
    """Finished games: the leaves."""
    x_wins: int
    """Games X wins."""
    o_wins: int
    """Games O wins."""
    draws: int
    """Games that end in a draw."""


def count_games(state: TicTacToeState | None = None) -> GameCount:
    """Count the full game tree below ``state`` (the empty board by
    default) without building it: the tree below a position depends only
    on the position, so each of the 5,478 positions is counted once.

    >>> count_games(TicTacToeState.from_text("XOX OOX ..."))   # X8 wins at once; X6, X7 play on
    GameCount(nodes=11, games=5, x_wins=2, o_wins=1, draws=2)
    """
    return _count((_GAME.initial if state is None else _check(state)).cells)


@cache
def _count(cells: str) -> GameCount:
    state = TicTacToeState(cells)
    if _GAME.is_over(state):
        score = _GAME.score(state)
        return GameCount(1, 1, int(score == 1), int(score == -1), int(score == 0))
    below = [_count(_GAME.play(state, move).cells) for move in _GAME.moves(state)]
    columns = list(zip(*below, strict=True))[1:]   # games, x_wins, o_wins, draws
    return GameCount(1 + sum(c.nodes for c in below), *(sum(column) for column in columns))
