"""Players for any game, and a game played between two of them.

A player (a :data:`~gametree.games.base.Strategy`) is a function from the
rules and a position where it is to move to a legal move.
:func:`search_player` plays the move of
:func:`~gametree.games.iterative_deepening`; :func:`random_player` plays at
random, from its own seed, so that a game can be replayed;
:func:`play_game` plays a whole game.  A player that belongs to one game
lives with it (Kalah's :func:`~gametree.games.kalah.greedy_player`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from ..text import describe
from ..tree import MAX, Value
from .base import (
    Evaluation,
    Game,
    IllegalMoveError,
    M,
    S,
    Strategy,
    check_evaluation,
    check_game,
    check_whole,
)
from .depth import iterative_deepening

__all__ = ["Strategy", "search_player", "random_player", "play_game", "GameRecord"]


def search_player(depth: int, evaluate: Evaluation[S]) -> Callable[[Game[S, M], S], M]:
    """A player that plays the move of :func:`~gametree.games.iterative_deepening`
    to ``depth`` with ``evaluate`` (the first best move in the game's order
    among equals, so it plays the same way every time).  The evaluation is
    the game's own, and there is no default: Kalah's
    :func:`~gametree.games.store_difference` would be a wrong guess for
    every other game.

    >>> from gametree.games import Kalah, store_difference
    >>> search_player(1, store_difference)(Kalah(), Kalah().initial)   # S2 puts a seed in the store
    2
    """
    check_whole("depth", depth, 1)
    check_evaluation(evaluate)

    def play(game: Game[S, M], state: S) -> M:
        move = iterative_deepening(game, state, max_depth=depth, evaluate=evaluate).result.move
        if move is None:
            raise IllegalMoveError("the game is over; there is no move to make")
        return move

    play.__name__ = f"depth {depth}"
    return play


def random_player(seed: int) -> Callable[[Game[S, M], S], M]:
    """A player that picks a legal move at random, from its own
    ``random.Random(seed)``, so that a game can be replayed.

    >>> from gametree.games import Kalah
    >>> random_player(seed=1)(Kalah(), Kalah().initial) == random_player(seed=1)(Kalah(), Kalah().initial)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    rng = random.Random(seed)

    def play(game: Game[S, M], state: S) -> M:
        return rng.choice(list(game.moves(state)))

    play.__name__ = "random"
    return play


@dataclass(frozen=True)
class GameRecord(Generic[S, M]):
    """A game played by :func:`play_game`."""

    moves: tuple[M, ...]
    """Every move in order, the opening's included."""
    final: S
    """The position at the end."""
    score: Value
    """The final score, from MAX's (the first player's) side."""


def play_game(game: Game[S, M], max_player: Strategy[S, M], min_player: Strategy[S, M], *,
              opening: Sequence[M] = (), state: S | None = None) -> GameRecord[S, M]:
    """Play a whole game: ``opening`` first (moves given in advance, e.g.
    random ones so that two fixed players do not play the same game every
    time), then ``max_player`` and ``min_player`` whenever it is their turn.

    Raises IllegalMoveError, naming the player, if a player answers with a
    move the rules do not allow.

    >>> from gametree.games import Kalah, store_difference
    >>> game = Kalah(3, 3)
    >>> record = play_game(game, search_player(4, store_difference), random_player(seed=1))
    >>> game.is_over(record.final), record.score == game.score(record.final)
    (True, True)
    """
    state = check_game(game, state)
    for side, player in (("max_player", max_player), ("min_player", min_player)):
        if not callable(player):
            raise TypeError(f"{side} must be a player: a function (game, state) -> move, such as "
                            f"search_player(4, store_difference), not {describe(player)}")
    moves = []
    for move in opening:
        state = game.play(state, move)
        moves.append(move)
    while not game.is_over(state):
        side = game.to_move(state)
        player = max_player if side is MAX else min_player
        move = player(game, state)
        try:
            state = game.play(state, move)
        except IllegalMoveError as error:
            name = getattr(player, "__name__", "the player")
            raise IllegalMoveError(f"the {side} player ({name}) chose {move!r}: {error}") from None
        moves.append(move)
    return GameRecord(tuple(moves), state, game.score(state))
