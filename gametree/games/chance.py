"""Expectiminimax for games with dice, and the perfect player it makes.

One implementation, :class:`ChanceSolver`, reads like AIMA's EXPECTIMINIMAX
(4e, section 5.5): an ended game is worth its score, MAX takes the largest
value of a move, MIN the smallest, and a chance state the sum of
probability × value over the outcomes of the roll.  Values of positions
without a depth limit are exact, so remembering each one (memoization)
is safe: a position reached again by another sequence of rolls and moves
is looked up instead of searched again.

* :func:`expectiminimax`: the value of a position and a best move, as a
  :class:`~gametree.games.search.SearchResult`;
* :class:`ChanceSolver`: the same with the memory kept between calls, to
  play a whole game or list what every move is worth;
* :func:`chance_player`: the perfect player for any game with dice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic

from ..tree import CHANCE, MAX, Value
from .base import Game, M, S, Strategy, check_game
from .search import SearchResult, Stats

__all__ = ["ChanceSolver", "expectiminimax", "chance_player"]


class ChanceSolver(Generic[S, M]):
    """Exact expectiminimax values of the positions of ``game``, remembered.

    Parameters
    ----------
    game : Game
        Any game; with dice, its chance states say so through ``to_move``
        and give their outcomes through ``outcomes``.

    Attributes
    ----------
    values : dict
        Position -> its value from MAX's side, for every position searched.
    nodes, terminals, hits : int
        Positions arrived at, ended games scored, and positions answered
        from ``values``, over every call so far.

    Examples
    --------
    >>> from gametree.games import DiceRace
    >>> solver = ChanceSolver(DiceRace(length=2, faces=2, exact=True))
    >>> solver.value(solver.game.initial)   # White rolls first: 2 P(White wins) - 1
    Fraction(4813, 16384)
    """

    def __init__(self, game: Game[S, M]):
        check_game(game)
        self.game = game
        self.values: dict[S, Value] = {}
        self.nodes = self.terminals = self.hits = 0

    def value(self, state: S) -> Value:
        """EXPECTIMINIMAX(state), from MAX's side."""
        known = self.values
        if state in known:
            self.hits += 1
            return known[state]
        game = self.game
        self.nodes += 1
        if game.is_over(state):
            self.terminals += 1
            return game.score(state)
        player = game.to_move(state)
        if player is CHANCE:
            v: Value = 0
            for p, roll in game.outcomes(state):
                v = v + p * self.value(game.play(state, roll))
        elif player is MAX:
            v = max(self.value(game.play(state, move)) for move in game.moves(state))
        else:
            v = min(self.value(game.play(state, move)) for move in game.moves(state))
        known[state] = v
        return v

    def move_values(self, state: S) -> list[tuple[M, Value]]:
        """Each move of the player to move at ``state`` with the value of the
        position it leads to, in the game's order of moves."""
        game = self.game
        if game.to_move(state) is CHANCE or game.is_over(state):
            raise ValueError("only a player to move has moves to value; here the die is rolled "
                             "next, or the game is over")
        return [(move, self.value(game.play(state, move))) for move in game.moves(state)]

    def best_move(self, state: S) -> M:
        """The first move (in the game's order) that reaches the value of
        ``state`` for the player to move."""
        options = self.move_values(state)
        pick: Callable = max if self.game.to_move(state) is MAX else min
        return pick(options, key=lambda option: option[1])[0]  # max and min keep the first


def expectiminimax(game: Game[S, M], state: S | None = None) -> SearchResult[M]:
    """The expectiminimax value of ``state`` (``game.initial`` by default)
    from MAX's side, and a best move for the player to move (None at a
    chance state or an ended game), searching every position once
    (memoization): see :class:`ChanceSolver`.

    ``stats.nodes`` counts the positions searched, ``stats.terminals`` the
    ended games scored and ``stats.table_hits`` the positions looked up.

    >>> from gametree.games import DiceRace
    >>> game = DiceRace(length=4, faces=4)       # a short race with a four-sided die
    >>> result = expectiminimax(game, game.play(game.initial, 2))   # White rolled a 2
    >>> round(result.value, 3), result.move
    (0.205, Checker(at=0, marked=False))
    """
    state = check_game(game, state)
    solver = ChanceSolver(game)
    value = solver.value(state)
    move = None
    if not game.is_over(state) and game.to_move(state) is not CHANCE:
        move = solver.best_move(state)
    return SearchResult(value, move, Stats(solver.nodes, solver.terminals,
                                           table_hits=solver.hits))


def chance_player(game: Game[S, M]) -> Strategy[S, M]:
    """The perfect player for ``game``: the best move by expectiminimax,
    with one :class:`ChanceSolver` kept across the whole game, so each
    position is solved once.

    >>> from gametree.games import DiceRace
    >>> game = DiceRace(length=4, faces=4)       # a short race with a four-sided die
    >>> player = chance_player(game)
    >>> state = game.play(game.initial, 4)      # White rolled a 4
    >>> player(game, state)
    Checker(at=0, marked=False)
    """
    solver = ChanceSolver(game)

    def play(rules: Game[S, M], state: S) -> M:
        if rules is not solver.game:
            raise ValueError(f"this player was made for {solver.game!r}; make another with "
                             f"chance_player(game) for {rules!r}")
        return solver.best_move(state)

    play.__name__ = "expectiminimax"
    return play
