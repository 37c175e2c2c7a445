"""Widgets for notebooks (ipywidgets): step through a search, play, practise.

* :class:`Stepper` (:mod:`~gametree.widgets.stepper`): a trace step by step;
* :class:`PredictStepper` (:mod:`~gametree.widgets.predict`): the same, with
  a predict mode that asks before it shows each step;
* :class:`TicTacToeBoard` (:mod:`~gametree.widgets.tictactoe`) and
  :class:`KalahBoard` (:mod:`~gametree.widgets.kalah`): play the computer;
* :class:`PracticeWidget` (:mod:`~gametree.widgets.practice`): alpha-beta by
  hand, checked, answered in boxes or on the tree itself;
* :mod:`~gametree.widgets.clicks`: the see-through buttons over a tree's
  nodes and edges that both of these use; :mod:`~gametree.widgets.controls`:
  controls the widgets share.
* :class:`MctsStepper` (:mod:`~gametree.widgets.mcts`): a Monte-Carlo tree
  search, phase by phase.
* :class:`MazeBoard` (:mod:`~gametree.widgets.maze`): watch a runner and its
  ghosts play, or play the runner yourself;
* :class:`DrillWidget` (:mod:`~gametree.widgets.drill`): the practice widget
  with a running score and streak over fresh trees whose levels grow.

Widgets wire controls to drawings (:mod:`gametree.view`) and searches; they
compute nothing themselves.  Nothing outside this package imports it.
"""

from .drill import DrillWidget
from .kalah import KalahBoard
from .maze import MazeBoard
from .mcts import MctsStepper
from .practice import PracticeWidget
from .predict import PredictStepper
from .stepper import Stepper
from .tictactoe import TicTacToeBoard

__all__ = ["Stepper", "PredictStepper", "TicTacToeBoard", "KalahBoard", "PracticeWidget",
           "MctsStepper", "MazeBoard", "DrillWidget"]
