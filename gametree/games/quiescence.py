"""Quiescence search for Kalah: search on past the depth limit while the
position is not quiet.

A depth-limited search estimates every position at its depth limit, even
one where the player to move is about to capture a row of seeds: the
estimate is then wrong by the capture, and the search cannot see it (the
*horizon effect*; notebook 07 shows one).  AIMA's remedy: apply the
evaluation only to *quiescent* positions, and search the others further,
"sometimes restricted to certain types of moves, such as capture moves,
that will quickly resolve the uncertainties".  That is what
:func:`~gametree.games.alpha_beta` does with ``quiescence=``: past the
depth limit, at a position that is not quiet, the player to move may
*stand pat* (take the estimate, as if playing a quiet move) or play one of
the noisy moves, searched the same way, until every line ends in a quiet
position.

For Kalah this module says what quiet means:

* a move is **noisy** when its last seed lands in the mover's own store
  (an extra turn), when it captures (its last seed lands in an empty house
  of the mover's, across from seeds), or when it ends the game (a row is
  left empty and the seeds still on the board go to the stores);
* a position is **quiet** when the game is over or the player to move has
  no noisy move.

Each noisy move puts at least one more seed into a store, for good, so a
line of noisy moves is at most as long as the seeds on the board: the
search always ends.

Nothing here imports matplotlib, networkx or ipywidgets.
"""

from __future__ import annotations

from functools import cache

from ..text import describe
from .base import Evaluation, Game, IllegalMoveError, Strategy, check_evaluation, check_whole
from .kalah import House, Kalah, KalahState
from .search import SearchResult, alpha_beta

__all__ = ["kalah_noisy_moves", "is_quiet", "quiescence_search", "depth_player"]


@cache
def _board(houses: int) -> Kalah:
    """A board of ``houses`` houses a row, to play moves on (how many seeds
    it started with does not change the rules)."""
    return Kalah(houses, 1)


def kalah_noisy_moves(state: KalahState) -> list[House]:
    """The noisy moves of the player to move: those that earn an extra turn,
    capture, or end the game, in the game's order.  None once the game is over.

    A move is found noisy by playing it: an extra turn leaves the same
    player to move, an ended game is over, and a capture puts more seeds
    in the mover's store than the sowing dropped there (one per pass of the
    store).

    Examples
    --------
    South (MAX) to move on a small board: S0's single seed lands in the
    empty S1 across from North's three seeds, a capture; S2's single seed
    lands in the store, an extra turn; S1 is empty.

    >>> from gametree.games import KalahState
    >>> state = KalahState.from_text("0 3 1 / 5 2 / 1 0 1")
    >>> print(state)
        0  3  1
     5           2
        1  0  1
    >>> kalah_noisy_moves(state)
    [0, 2]
    >>> from gametree.games import Kalah
    >>> kalah_noisy_moves(Kalah().initial)   # the start: S2's four seeds end in the store
    [2]
    """
    if not isinstance(state, KalahState):
        raise TypeError(f"kalah_noisy_moves reads a KalahState, not {describe(state)}")
    game = _board(state.n)
    me, n = state.player, state.n
    houses = state.houses(me)
    noisy = []
    for move in game.moves(state):
        after = game.play(state, move)
        passes = 0 if houses[move] < n - move else 1 + (houses[move] - (n - move)) // (2 * n + 1)
        if (after.over or after.player is me
                or after.store(me) - state.store(me) > passes):  # a capture
            noisy.append(move)
    return noisy


def is_quiet(state: KalahState) -> bool:
    """True when the game is over or the player to move has no noisy move
    (:func:`kalah_noisy_moves`).

    >>> from gametree.games import KalahState
    >>> is_quiet(KalahState.from_text("0 3 1 / 5 2 / 1 0 1"))
    False
    >>> is_quiet(KalahState.from_text("1 1 1 / 0 0 / 4 4 4"))   # every move ends in North's row
    True
    """
    return not kalah_noisy_moves(state)


def quiescence_search(game: Kalah, state: KalahState | None = None, *, depth: int,
                      evaluate: Evaluation[KalahState]) -> SearchResult[House]:
    """Depth-limited alpha-beta on Kalah with a quiescence search past the
    limit: :func:`~gametree.games.alpha_beta` with ``quiescence=``
    :func:`kalah_noisy_moves`.

    ``stats.evaluated`` counts every estimate, the ones standing pat at a
    noisy position included; ``stats.nodes`` every position visited, those
    past the depth limit included.  The principal variation may run past
    the depth limit, through noisy moves.

    Notebook 07's horizon position, two moves deep: plain search plays S1,
    blind to what North does after its extra turn N0; the quiescence
    search follows the extra turn, sees North's capture and plays S2, as
    searches three to five moves deep do.

    >>> from gametree.games import Kalah, KalahState, store_difference
    >>> horizon = KalahState.from_text("7 1 0 6 0 5 / 3 3 / 0 7 1 7 1 7")
    >>> plain = alpha_beta(Kalah(), horizon, depth=2, evaluate=store_difference)
    >>> quiet = quiescence_search(Kalah(), horizon, depth=2, evaluate=store_difference)
    >>> (plain.move, plain.value), (quiet.move, quiet.value)
    ((1, 0), (2, -1))
    """
    if not isinstance(game, Kalah):
        raise TypeError(f"quiescence_search plays Kalah, whose noisy moves it knows; not {describe(game)}")
    return alpha_beta(game, state, depth=depth, evaluate=evaluate, quiescence=kalah_noisy_moves)


def depth_player(depth: int, evaluate: Evaluation[KalahState], *,
                 quiescence: bool = False) -> Strategy[KalahState, House]:
    """A Kalah player that plays the first best move of depth-limited
    alpha-beta (with a quiescence search past the limit when
    ``quiescence``): the same search with and without it, so the two can be
    compared move for move.

    >>> from gametree.games import Kalah, store_difference
    >>> depth_player(1, store_difference)(Kalah(), Kalah().initial)
    2
    """
    check_whole("depth", depth, 1)
    check_evaluation(evaluate)
    if not isinstance(quiescence, bool):
        raise TypeError(f"quiescence must be True or False, not {describe(quiescence)}")

    def play(game: Game[KalahState, House], state: KalahState) -> House:
        move = alpha_beta(game, state, depth=depth, evaluate=evaluate,
                          quiescence=kalah_noisy_moves if quiescence else None).move
        if move is None:
            raise IllegalMoveError("the game is over; there is no move to make")
        return move

    play.__name__ = f"depth {depth}" + (" + quiescence" if quiescence else "")
    return play
