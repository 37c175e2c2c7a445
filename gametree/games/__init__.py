"""Real games on one small interface, and searches that play any of them.

* :mod:`~gametree.games.base`: the :class:`Game` interface;
* :mod:`~gametree.games.search`: game-agnostic :func:`minimax`,
  :func:`negamax` and :func:`alpha_beta`, with a :class:`TranspositionTable`
  that is correct under alpha-beta (and, for teaching, a :class:`NaiveTable`
  that is not);
* :mod:`~gametree.games.numbergame`: NUMBERGAME and :func:`number_game`;
* :mod:`~gametree.games.tictactoe`: tic-tac-toe and a perfect player;
* :mod:`~gametree.games.tree`: game positions as :class:`gametree.Tree`
  (for drawings and traces), and trees as games;
* :mod:`~gametree.games.kalah`: Kalah (mancala), where a move can earn an
  extra turn, so turns do not simply alternate;
* :mod:`~gametree.games.depth`: depth-limited alpha-beta with an evaluation
  function, iterative deepening with move ordering, and simple players.

None of these modules imports matplotlib, networkx or ipywidgets.

>>> from gametree.games import TicTacToe, alpha_beta
>>> alpha_beta(TicTacToe()).value   # tic-tac-toe is a draw
0
"""

from .base import Game, IllegalMoveError
from .depth import (
    cutoff_tree,
    depth_limited_alpha_beta,
    iterative_deepening,
    kalah_evaluation,
    store_difference,
)
from .kalah import Kalah, KalahState
from .numbergame import (
    MemoGraph,
    NumberGame,
    NumberGameRecord,
    NumberGameState,
    memo_graph,
    number_game,
    record_number_game,
)
from .search import (
    Bound,
    Entry,
    NaiveTable,
    SearchResult,
    Stats,
    TranspositionTable,
    alpha_beta,
    minimax,
    negamax,
)
from .tictactoe import TicTacToe, TicTacToeState, canonical, perfect_move
from .tree import TreeGame, game_tree, trace_game, tree_states

__all__ = [
    "Game", "IllegalMoveError",
    "minimax", "negamax", "alpha_beta", "SearchResult", "Stats",
    "TranspositionTable", "NaiveTable", "Bound", "Entry",
    "NumberGame", "NumberGameState", "number_game", "memo_graph", "MemoGraph",
    "record_number_game", "NumberGameRecord",
    "TicTacToe", "TicTacToeState", "canonical", "perfect_move",
    "game_tree", "tree_states", "trace_game", "TreeGame",
]
__all__ += ["Kalah", "KalahState", "depth_limited_alpha_beta", "iterative_deepening", "cutoff_tree",
            "store_difference", "kalah_evaluation"]
