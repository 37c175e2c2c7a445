"""What of the package graded code may use, and the sentence for the rest.

Loaded by the grader (to lay the allowed modules into the sandbox) and,
as a copy, by the student's process (to turn a missing module into a
sentence); it imports nothing.
"""

from __future__ import annotations

from importlib.abc import MetaPathFinder
from typing import Any

__all__ = ["ALLOWED", "REMOVED", "blocked", "refusal", "refused", "Refusal"]

ALLOWED = ("gametree", "gametree.tree", "gametree.checks", "gametree.text", "gametree.stats",
           "gametree.i18n",
           "gametree.games", "gametree.games.base", "gametree.games.tictactoe",
           "gametree.games.maze", "gametree.games.kalah", "gametree.games.dice")
"""The modules of the package laid into the sandbox: the games, the
``Game`` interface, the tree model and what they need.  What they import
from any other module of the package is replaced by a function that
raises :func:`refusal`'s sentence."""

REMOVED = {"gametree.games.maze": ("maze_evaluation", "score_evaluation")}
"""Functions of the laid-in modules left out of the sandbox: evaluations an
assignment asks the student to write."""


def blocked(name: str) -> bool:
    """Whether module ``name`` is a part of the package that graded code may
    not use (it is not laid into the sandbox).

    >>> blocked("gametree.search"), blocked("gametree.grading.grader"), blocked("gametree.games.maze")
    (True, True, False)
    """
    return (name == "gametree" or name.startswith("gametree.")) and name not in ALLOWED


def refusal(name: str) -> str:
    """The sentence for graded code that uses ``name``."""
    what = ("the grader" if name.startswith("gametree.grading")
            else "an evaluation the assignment asks you to write" if name.endswith("_evaluation")
            else "one of the engine's searches")
    return (f"{name} is {what}, which graded code may not use: write the search yourself "
            f"(the games and gametree.games.Game can still be imported)")


def refused(name: str) -> Any:
    """A stand-in for ``name``, which the sandbox leaves out: calling it
    raises the sentence."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise ModuleNotFoundError(refusal(name))
    refuse.__name__ = refuse.__qualname__ = name.rpartition(".")[2]
    return refuse


class Refusal(MetaPathFinder):
    """The last import finder: a module of the package that was not found
    (it is not in the sandbox) fails with a sentence instead of "No module
    named"."""

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> None:
        if blocked(fullname):
            raise ModuleNotFoundError(refusal(fullname), name=fullname)
        return None
