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

Each takes a depth limit with an evaluation function, counted in moves
(every roll a level, as the trees of notebook 09 are drawn) or, with
``rounds=True``, in rounds as CS188's depth-limited expectimax counts them
(only MAX's moves use up depth).  With a depth limit the memory files
each estimate with the depth left below its position.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from math import inf
from typing import Generic

from ..tree import CHANCE, MAX, Player, Value
from .base import Evaluation, Game, M, S, Strategy, check_game, check_whole
from .search import SearchResult, Stats, check_options, estimate

__all__ = ["ChanceSolver", "expectiminimax", "chance_player"]


class ChanceSolver(Generic[S, M]):
    """Expectiminimax values of the positions of ``game``, remembered: exact
    ones, or with a depth limit the estimates it backs up.

    Parameters
    ----------
    game : Game
        Any game; with dice, its chance states say so through ``to_move``
        and give their outcomes through ``outcomes``.
    depth : int, optional
        Stop this far below the position asked about and estimate the
        positions there with ``evaluate`` (AIMA's cutoff test): without
        ``rounds``, ``depth`` moves, every roll of the dice counting as one
        (a level of the game tree each), as the depth-limited alpha-beta of
        notebooks 07 and 08 counts.  Ended positions are worth their score
        at any depth, 0 included; any other position is estimated at depth 0.
    evaluate : callable, optional
        With ``depth``: a position's estimated score from MAX's side.  It
        must return a number (NaN is refused, naming the position).  Under
        chance only a positive *linear* transformation of an evaluation
        keeps the moves it picks (AIMA 5.5).
    rounds : bool
        With ``depth``: count it in rounds, as CS188's expectimax does:
        depth d means d moves of MAX and, after each, the moves of every
        other agent until MAX is to move again (a round ends when MAX is to
        move again; rolls do not count, nor do the other agents' moves).
        The positions estimated are those where MAX is to move with no
        depth left (or the position asked about, at depth 0).

    Attributes
    ----------
    values : dict
        Position -> its value from MAX's side, for every position searched
        (with a depth limit: (position, depth left) -> its estimate).
    nodes, terminals, evaluated, hits : int
        Positions arrived at, ended games scored, positions estimated at
        the depth limit, and positions answered from ``values``, over every
        call so far.

    Examples
    --------
    >>> from gametree.games import DiceRace
    >>> solver = ChanceSolver(DiceRace(length=2, faces=2, exact=True))
    >>> solver.value(solver.game.initial)   # White rolls first: 2 P(White wins) - 1
    Fraction(4813, 16384)

    One round of a race from its start: White's roll, White's move, Black's
    roll, Black's move; then White's roll (which does not count) reaches the
    positions where White is to move again, and those are estimated.

    >>> game = DiceRace(length=4, faces=4)
    >>> lead = lambda s: sum(c.at for c in s.white) / 10 - sum(c.at for c in s.black) / 10
    >>> rounds = ChanceSolver(game, depth=1, evaluate=lead, rounds=True)
    >>> round(rounds.value(game.initial), 4), rounds.evaluated
    (-0.0625, 64)
    """

    def __init__(self, game: Game[S, M], *, depth: int | None = None,
                 evaluate: Evaluation[S] | None = None, rounds: bool = False):
        check_game(game)
        self.game = game
        self.depth = check_options(None, depth, evaluate, None, None, None, rounds)
        """The depth limit (inf for none)."""
        self.evaluate = evaluate
        self.rounds = rounds
        self.values: dict[Hashable, Value] = {}
        self.nodes = self.terminals = self.evaluated = self.hits = 0

    def value(self, state: S) -> Value:
        """EXPECTIMINIMAX(state), from MAX's side (with a depth limit: the
        estimate backed up from ``depth`` below ``state``)."""
        return self._value(state, self.depth, root=True)

    def _value(self, state: S, depth: float, root: bool = False) -> Value:
        """The value of ``state`` searched ``depth`` (inf: no limit) deep."""
        key = state if depth == inf else (state, depth)
        known = self.values
        if key in known and not (root and depth <= 0):  # the root at depth 0 is estimated
            self.hits += 1
            return known[key]
        game = self.game
        self.nodes += 1
        if game.is_over(state):
            self.terminals += 1
            return game.score(state)
        player = game.to_move(state)
        if depth <= 0 and (root or not self.rounds or player is MAX):  # the cutoff test
            assert self.evaluate is not None               # a depth limit comes with an evaluation
            self.evaluated += 1
            return estimate(self.evaluate, state)
        below = self._below(player, depth)
        if player is CHANCE:
            v: Value = 0
            for p, roll in game.outcomes(state):
                v = v + p * self._value(game.result(state, roll), below)
        else:
            best = max if player is MAX else min
            v = best(self._value(game.result(state, move), below) for move in game.moves(state))
        known[key] = v
        return v

    def _below(self, player: Player, depth: float) -> float:
        """The depth left below a position where ``player`` moves, ``depth`` deep:
        counting moves, one less; counting rounds, one less after MAX's move only."""
        return depth - 1 if player is MAX or not self.rounds else depth

    def move_values(self, state: S) -> list[tuple[M, Value]]:
        """Each move of the player to move at ``state`` with the value of the
        position it leads to, in the game's order of moves."""
        game = self.game
        if game.to_move(state) is CHANCE or game.is_over(state):
            raise ValueError("only a player to move has moves to value; here the die is rolled "
                             "next, or the game is over")
        below = self._below(game.to_move(state), self.depth)
        return [(move, self._value(game.result(state, move), below)) for move in game.moves(state)]

    def best_move(self, state: S) -> M:
        """The first move (in the game's order) that reaches the value of
        ``state`` for the player to move."""
        options = self.move_values(state)
        pick: Callable = max if self.game.to_move(state) is MAX else min
        return pick(options, key=lambda option: option[1])[0]  # max and min keep the first


def expectiminimax(game: Game[S, M], state: S | None = None, *, depth: int | None = None,
                   evaluate: Evaluation[S] | None = None, rounds: bool = False) -> SearchResult[M]:
    """The expectiminimax value of ``state`` (``game.initial`` by default)
    from MAX's side, and a best move for the player to move (None at a
    chance state, an ended game or depth 0), searching every position once
    (memoization): see :class:`ChanceSolver`, whose ``depth``, ``evaluate``
    and ``rounds`` these are (without them the value is exact; with
    ``rounds=True`` it is CS188's depth-limited expectimax).

    ``stats.nodes`` counts the positions searched, ``stats.terminals`` the
    ended games scored, ``stats.evaluated`` the positions estimated and
    ``stats.table_hits`` the positions looked up.

    >>> from gametree.games import DiceRace
    >>> game = DiceRace(length=4, faces=4)       # a short race with a four-sided die
    >>> result = expectiminimax(game, game.play(game.initial, 2))   # White rolled a 2
    >>> round(result.value, 3), result.move
    (0.205, Checker(at=0, marked=False))
    >>> lead = lambda s: sum(c.at for c in s.white) / 10 - sum(c.at for c in s.black) / 10
    >>> expectiminimax(game, game.play(game.initial, 2), depth=2, evaluate=lead, rounds=True).move
    Checker(at=0, marked=False)
    """
    state = check_game(game, state)
    solver = ChanceSolver(game, depth=depth, evaluate=evaluate, rounds=rounds)
    value = solver.value(state)
    move = None
    if not game.is_over(state) and game.to_move(state) is not CHANCE and solver.depth > 0:
        move = solver.best_move(state)
    return SearchResult(value, move, Stats(solver.nodes, solver.terminals,
                                           table_hits=solver.hits, evaluated=solver.evaluated))


def chance_player(game: Game[S, M], *, depth: int | None = None,
                  evaluate: Evaluation[S] | None = None, rounds: bool = False) -> Strategy[S, M]:
    """The perfect player for ``game``: the best move by expectiminimax,
    with one :class:`ChanceSolver` kept across the whole game, so each
    position is solved once.  With ``depth``, ``evaluate`` and perhaps
    ``rounds`` (see :class:`ChanceSolver`; ``depth`` at least 1), the
    depth-limited expectimax player instead.

    >>> from gametree.games import DiceRace
    >>> game = DiceRace(length=4, faces=4)       # a short race with a four-sided die
    >>> player = chance_player(game)
    >>> state = game.play(game.initial, 4)      # White rolled a 4
    >>> player(game, state)
    Checker(at=0, marked=False)
    """
    if depth is not None:
        check_whole("depth", depth, 1)
    solver = ChanceSolver(game, depth=depth, evaluate=evaluate, rounds=rounds)

    def play(rules: Game[S, M], state: S) -> M:
        if rules is not solver.game:
            raise ValueError(f"this player was made for {solver.game!r}; make another with "
                             f"chance_player(game) for {rules!r}")
        return solver.best_move(state)

    play.__name__ = "expectiminimax"
    return play
