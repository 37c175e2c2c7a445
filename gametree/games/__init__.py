"""Real games on one small interface, and searches that play any of them.

* :mod:`~gametree.games.base`: the :class:`Game` interface;
* :mod:`~gametree.games.search`: game-agnostic :func:`minimax`,
  :func:`negamax` and :func:`alpha_beta`, the one pruning search, with
  its options: a depth limit and an evaluation function, a transposition
  table, move ordering;
* :mod:`~gametree.games.table`: the :class:`TranspositionTable` that is
  correct under alpha-beta (and, for teaching, a :class:`NaiveTable` that
  is not);
* :mod:`~gametree.games.depth`: what is built on the depth-limited
  search: :func:`depth_limited_alpha_beta`, :func:`iterative_deepening`
  with move ordering and a node budget, :func:`cutoff_tree`;
* :mod:`~gametree.games.players`: players for any game, and
  :func:`play_game`;
* :mod:`~gametree.games.numbergame`: NUMBERGAME and :func:`number_game`;
* :mod:`~gametree.games.tictactoe`: tic-tac-toe and a perfect player;
* :mod:`~gametree.games.kalah`: Kalah (mancala), where a move can earn an
  extra turn, so turns do not simply alternate, with its evaluation
  functions and a greedy player;
* :mod:`~gametree.games.mcts`: Monte-Carlo tree search (UCT), every
  iteration recorded, and a player that uses it;
* :mod:`~gametree.games.tree`: game positions as :class:`gametree.Tree`
  (for drawings and traces), and trees as games.

None of these modules imports matplotlib, networkx or ipywidgets.

>>> from gametree.games import TicTacToe, alpha_beta
>>> alpha_beta(TicTacToe()).value   # tic-tac-toe is a draw
0
"""

from .base import Evaluation, Game, IllegalMoveError, Strategy
from .depth import (
    ORDERINGS,
    Deepening,
    DepthResult,
    DepthStats,
    cutoff_tree,
    depth_limited_alpha_beta,
    iterative_deepening,
    label_line,
)
from .kalah import Kalah, KalahState, greedy_player, kalah_evaluation, store_difference
from .mcts import MctsResult, MctsTree, mcts_player, ucb1, uct_search
from .numbergame import (
    MemoGraph,
    NumberGame,
    NumberGameRecord,
    NumberGameState,
    memo_graph,
    number_game,
    record_number_game,
)
from .players import GameRecord, play_game, random_player, search_player
from .search import OutOfNodes, SearchResult, Stats, alpha_beta, minimax, negamax
from .table import Bound, Entry, NaiveTable, TranspositionTable
from .tictactoe import TicTacToe, TicTacToeState, canonical, perfect_move
from .tree import TreeGame, game_tree, trace_game, tree_states

__all__ = [
    "Game", "IllegalMoveError", "Evaluation", "Strategy",
    "minimax", "negamax", "alpha_beta", "SearchResult", "Stats", "OutOfNodes",
    "TranspositionTable", "NaiveTable", "Bound", "Entry",
    "depth_limited_alpha_beta", "iterative_deepening", "cutoff_tree", "label_line",
    "DepthResult", "DepthStats", "Deepening", "ORDERINGS",
    "search_player", "random_player", "play_game", "GameRecord",
    "NumberGame", "NumberGameState", "number_game", "memo_graph", "MemoGraph",
    "record_number_game", "NumberGameRecord",
    "TicTacToe", "TicTacToeState", "canonical", "perfect_move",
    "Kalah", "KalahState", "store_difference", "kalah_evaluation", "greedy_player",
    "game_tree", "tree_states", "trace_game", "TreeGame",
    "uct_search", "ucb1", "mcts_player", "MctsResult", "MctsTree",
]
