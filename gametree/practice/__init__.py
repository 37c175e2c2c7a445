"""Practice alpha-beta by hand: seeded exercises and a checker that says why.

An :class:`Exercise` is a tree made from a seed (the same seed gives the
same tree on every machine; complete or uneven, MAX or MIN at the root), the
cut rule, and the nodes where
alpha and beta are asked.  The student's work is an :class:`Answer`: the
value of each node, alpha and beta where asked, and the branches crossed
out.  :func:`check` returns one :class:`Mistake` per wrong box or mark,
each with a sentence in textbook words.

What the student writes, and how it is judged
---------------------------------------------
* **Values.**  At every internal node alpha-beta searches, the value it
  returns: v when the node finishes.  At a node that was cut off this is
  the best of the children searched, a bound, not necessarily the
  minimax value.  Nodes inside pruned branches get no value.
* **alpha and beta** (where asked): the node's alpha and beta when it
  returns.  A MAX node ends with alpha = max(the alpha it was given, its
  value) and keeps the beta it was given; a MIN node ends with
  beta = min(the beta it was given, its value) and keeps its alpha.
* **Pruned branches.**  Cross out a leaf, or the edge into a node (which
  prunes everything under it).  Crossing out all the leaves of a subtree
  is the same as crossing out the edge into it.

A number is marked wrong only when it is *neither* the true one *nor* the
one that follows from the student's own entries (their values below it,
their crossed-out branches, for alpha and beta their values above and
before it).  So a slip is marked once, where it was made, and numbers
that correctly carry it forward are not marked again.  Crossed-out
branches are compared with the real search: a branch alpha-beta prunes
but the student searched is a :attr:`~MistakeKind.MISSED_CUTOFF`, a branch
the student crossed out that alpha-beta searches is
:attr:`~MistakeKind.OVER_PRUNED`.  With no mistakes, every box holds the
true answer (the tests check this on random trees).

The "reorder" variant asks for the children's order that lets alpha-beta
prune the most; :func:`check_reorder` checks that the student only
reordered children and compares the leaves evaluated with the
Knuth-Moore minimum.

* :mod:`~gametree.practice.answer`: :class:`Answer` and :class:`Mistake`,
  shared by every exercise and checker below;
* :mod:`~gametree.practice.exercise`: :class:`Exercise`;
* :mod:`~gametree.practice.marking`: the rules an alpha-beta answer is
  marked by, each mistake with its sentence;
* :mod:`~gametree.practice.checker`: :func:`check`, for any exercise;
* :mod:`~gametree.practice.reorder`: :func:`check_reorder`;
* :mod:`~gametree.practice.shapes`: seeded uneven trees, MAX or MIN at the
  root (:func:`~gametree.practice.shapes.uneven_tree`,
  :func:`~gametree.practice.shapes.with_root`);
* :mod:`~gametree.practice.predict`: predict, then reveal: what to ask
  before a step of a search, how to judge the answer, the score;
* :mod:`~gametree.practice.chance`: :class:`ChanceExercise`, expectiminimax
  by hand on a tree with chance nodes (values only; :func:`check` takes it
  too);
* :mod:`~gametree.practice.sheets`: the exercises of a printable sheet and
  the words on it and on its key (drawn by :mod:`gametree.view.sheets`).

Every module here is pure: no matplotlib, no ipywidgets, nothing of the
view.  The widget is :mod:`gametree.widgets.practice`.
"""

from .chance import ChanceExercise, check_chance
from .checker import Mistake, MistakeKind, check
from .exercise import (
           BOUNDS,
           MAX_EXERCISE_LEAVES,
           ORDERINGS,
           TASKS,
           Answer,
           Exercise,
           parse_value,
)
from .reorder import ReorderVerdict, check_reorder

__all__ = ["Exercise", "Answer", "Mistake", "MistakeKind", "ReorderVerdict", "check",
           "check_reorder", "parse_value", "ORDERINGS", "BOUNDS", "TASKS", "MAX_EXERCISE_LEAVES",
           "ChanceExercise", "check_chance"]
