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
* :mod:`~gametree.games.windows`: the null-window test, principal-variation
  search and MTD(f), each written once and traced on trees;
* :mod:`~gametree.games.quiescence`: quiescence search for Kalah: search
  on past the depth limit while captures or extra turns are pending;
* :mod:`~gametree.games.chance`: expectiminimax for games with dice, and
  the perfect player it makes;
* :mod:`~gametree.games.dice`: a dice race, a small backgammon-like game
  that expectiminimax solves exactly;
* :mod:`~gametree.games.maze`: a maze with a runner (MAX) eating dots and
  one to three ghosts, each modelled as MIN or CHANCE, and runners that
  search it with a depth counted in rounds, as CS188 does;
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
from .chance import ChanceSolver, chance_player, expectiminimax
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
from .dice import Checker, DiceRace, RaceState
from .kalah import Kalah, KalahState, greedy_player, kalah_evaluation, store_difference
from .maze import (
    Maze,
    MazeLayout,
    MazeState,
    alpha_beta_agent,
    expectimax_agent,
    maze_evaluation,
    minimax_agent,
    play_maze,
    run_match,
    score_evaluation,
)
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
from .quiescence import depth_player, is_quiet, kalah_noisy_moves, quiescence_search
from .search import OutOfNodes, SearchResult, Stats, alpha_beta, minimax, negamax
from .table import Bound, Entry, NaiveTable, TranspositionTable
from .tictactoe import TicTacToe, TicTacToeState, canonical, perfect_move
from .tree import TreeGame, game_tree, trace_game, tree_states
from .windows import mtdf, null_window_test, pvs, trace_mtdf, trace_null_window, trace_pvs

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
    "expectiminimax", "ChanceSolver", "chance_player", "DiceRace", "RaceState", "Checker",
    "Maze", "MazeState", "MazeLayout", "maze_evaluation", "score_evaluation", "play_maze",
    "run_match", "minimax_agent", "alpha_beta_agent", "expectimax_agent",
    "uct_search", "ucb1", "mcts_player", "MctsResult", "MctsTree",
    "null_window_test", "pvs", "mtdf", "trace_null_window", "trace_pvs", "trace_mtdf",
    "quiescence_search", "kalah_noisy_moves", "is_quiet", "depth_player",
]
