"""What travels between the grader and the student's process: game states,
moves and answers as JSON, one message a line.

Both sides load this module: the grader as
``gametree.grading.wire``, the student's process as a copy laid into its
sandbox (:mod:`gametree.grading.sandbox`), so it imports nothing but the
games and the tree model, and only by absolute name.

A value is sent as itself when JSON holds it (numbers, strings, lists),
and tagged otherwise:

>>> from gametree.games.tictactoe import TicTacToeState
>>> from gametree.tree import MAX
>>> encode((TicTacToeState("X........"), MAX, 4))
{'tuple': [{'board': 'X........'}, {'player': 'MAX'}, 4]}
>>> decode(encode((TicTacToeState("X........"), MAX, 4))) == (TicTacToeState("X........"), MAX, 4)
True

A maze state is sent as its moving parts (its layout is named by the test):

>>> from gametree.games.maze import Maze
>>> game = Maze("small")
>>> decode(encode(game.initial, "small"), "small") == game.initial
True
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from typing import Any

from gametree.games.maze import Maze, MazeState
from gametree.games.tictactoe import TicTacToeState
from gametree.tree import Player

__all__ = ["encode", "decode", "Unsendable", "encode_maze", "decode_maze", "LINE_LIMIT"]

LINE_LIMIT = 8 << 20
"""The longest message the grader reads from the student's process (bytes;
a test's log of 50,000 plays takes under 1 MB): a longer line is garbled."""


_PLAYERS = {player: {"player": player.value} for player in Player}


class Unsendable(TypeError):
    """A value that is none of the things a game is played with."""


def encode_maze(state: MazeState) -> list[Any]:
    """A maze state as JSON for the student's process (the layout is
    named by the test): runner, ghosts, the dots as a bit mask over the
    open squares, turn, rounds left, points.

    >>> game = Maze("small")
    >>> decode_maze("small", encode_maze(game.initial)) == game.initial
    True
    """
    squares = _maze_squares_of(state.layout)
    mask = sum(1 << i for i, cell in enumerate(squares) if cell in state.dots)
    return [list(state.runner), [list(g) for g in state.ghosts], mask, state.turn,
            state.rounds_left, state.points]


def decode_maze(layout: str, data: list[Any]) -> MazeState:
    """The state :func:`encode_maze` wrote, on the maze named ``layout``."""
    walls, squares = _maze_squares(layout)
    runner, ghosts, mask, turn, rounds_left, points = data
    dots = frozenset(cell for i, cell in enumerate(squares) if mask >> i & 1)
    return MazeState(_cell(runner), tuple(_cell(g) for g in ghosts), dots, _int(turn),
                     _int(rounds_left), _int(points), walls)


def _cell(value: Any) -> tuple[int, int]:
    row, column = value
    return _int(row), _int(column)


def _int(value: Any) -> int:
    if type(value) is not int:
        raise Unsendable(f"{value!r} is not a whole number")
    return value


@cache
def _maze_squares(layout: str) -> tuple[Any, list[tuple[int, int]]]:
    """A named maze's layout and its open squares in order (made once)."""
    walls = Maze(layout).layout
    return walls, sorted(walls.open)


@cache
def _maze_squares_of(walls: Any) -> list[tuple[int, int]]:
    return sorted(walls.open)


def encode(value: Any, layout: str | None = None) -> Any:
    """``value`` as JSON: numbers, strings, lists as they are, a tuple,
    a player, a board, a maze state (on the maze named ``layout``) or a
    fraction tagged.  Raises :class:`Unsendable` for anything else."""
    kind = type(value)
    if kind in (int, str, bool) or value is None:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"float": repr(value)}
    if kind is list:
        if all(type(item) in (int, str) for item in value):    # moves, mostly: as they are
            return list(value)
        return [encode(item, layout) for item in value]
    if kind is tuple:
        return {"tuple": [encode(item, layout) for item in value]}
    if kind is Player:
        return _PLAYERS[value]
    if kind is TicTacToeState:
        return {"board": value.cells}
    if kind is MazeState and layout is not None:
        return {"maze": encode_maze(value)}
    if kind is Fraction:
        return {"fraction": [value.numerator, value.denominator]}
    raise Unsendable(f"a {kind.__name__} ({repr(value)[:80]})")


def decode(data: Any, layout: str | None = None) -> Any:
    """The value :func:`encode` wrote.  Raises ValueError, TypeError or
    KeyError for data it did not write."""
    if type(data) in (int, str, bool, float) or data is None:
        return data
    if type(data) is list:
        return [decode(item, layout) for item in data]
    if type(data) is not dict or len(data) != 1:
        raise Unsendable(f"{str(data)[:80]} is no encoded value")
    (tag, body), = data.items()
    if tag == "tuple" and type(body) is list:
        return tuple(decode(item, layout) for item in body)
    if tag == "player":
        return Player(body)
    if tag == "board" and type(body) is str:
        return TicTacToeState(body)
    if tag == "maze" and layout is not None and type(body) is list:
        return decode_maze(layout, body)
    if tag == "fraction":
        numerator, denominator = body
        return Fraction(_int(numerator), _int(denominator))
    if tag == "float" and body in ("inf", "-inf", "nan"):
        return float(body)
    raise Unsendable(f"{str(data)[:80]} is no encoded value")
