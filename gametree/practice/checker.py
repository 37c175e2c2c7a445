"""The checker: every mistake in an answer, each with a sentence saying why.

How each box is judged is described in :mod:`gametree.practice`: a number
is wrong only when it is neither the true one nor the one that follows
from the student's own entries, so each slip is marked once.
"""

from __future__ import annotations

from .answer import Answer, Mistake, MistakeKind
from .chance import ChanceExercise, check_chance
from .exercise import Exercise
from .marking import check_alpha_beta

__all__ = ["check", "Mistake", "MistakeKind"]


def check(exercise: Exercise, answer: Answer) -> list[Mistake]:
    """Every mistake in ``answer``, in level order of the nodes.

    An empty list means every value, alpha, beta and crossed-out branch is
    right.  How each box is judged is described in the module docstring:
    a number is wrong only when it is neither the true one nor the one that
    follows from the student's own entries, so each slip is marked once.

    An answer with nothing filled in gets a single
    :attr:`~MistakeKind.EMPTY` mistake at the root and nothing else, so
    checking it gives nothing away; an answer with anything in it gets
    every mistake.

    A :class:`~gametree.practice.chance.ChanceExercise` (expectiminimax by
    hand, on a tree with chance nodes) is checked by
    :func:`~gametree.practice.chance.check_chance`.

    Parameters
    ----------
    exercise : Exercise
    answer : Answer

    Returns
    -------
    list of Mistake

    Raises
    ------
    TypeError, ValueError
        If ``answer`` is not an :class:`Answer`, cannot be read (its
        :attr:`~Answer.unreadable` is the message), names a node the tree
        does not have, or gives a value to a leaf.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    >>> check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"}))
    []
    >>> for mistake in check(exercise, Answer(values={"A": 3, "B": 3, "C": 2, "D": 5},
    ...                                       pruned={"I", "J", "M"})):
    ...     print(mistake)
    M (over-pruned): M must be searched: after L, MIN node D has alpha = 3 and beta = 5, and alpha = 3 is not >= beta = 5, so there is no cutoff yet.
    >>> [str(m) for m in check(exercise, Answer())]
    ['A (empty): Nothing is filled in yet: write the value alpha-beta returns at every node it searches and cross out every pruned branch, then check again.']
    """
    if isinstance(exercise, ChanceExercise):  # expectiminimax by hand: values only
        return check_chance(exercise, answer)
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check needs an Exercise or a ChanceExercise, not "
                        f"{type(exercise).__name__}")
    return check_alpha_beta(exercise, answer)
