"""The reorder puzzle: order the children so that alpha-beta prunes the most.

:func:`check_reorder` checks that the student only reordered children and
compares the leaves evaluated with the Knuth-Moore minimum, with hints at
the nodes whose best child is not searched first.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..rules import CutRule
from ..search import backed_up_values
from ..text import fmt
from ..trace import Status, trace_alpha_beta
from ..tree import MAX, Node, Tree, Value, as_tree
from .answer import Mistake, MistakeKind
from .exercise import Exercise
from .shapes import with_root

__all__ = ["check_reorder", "ReorderVerdict"]


class ReorderVerdict(NamedTuple):
    """The verdict on a reordering.  Immutable."""

    tree: Tree
    """The student's tree."""
    evaluated: int | None
    """Leaves alpha-beta evaluates on it; None if it is not a reordering."""
    minimum: int
    """The Knuth-Moore minimum for the tree's shape."""
    original: int
    """Leaves alpha-beta evaluates on the exercise's own order."""
    mistakes: tuple[Mistake, ...]
    """NOT_A_REORDERING mistakes, or NOT_BEST_FIRST hints."""

    @property
    def is_reordering(self) -> bool:
        """True if the tree is the original with children reordered."""
        return self.evaluated is not None

    @property
    def solved(self) -> bool:
        """True if alpha-beta prunes as much as it possibly can."""
        return self.evaluated is not None and self.evaluated <= self.minimum

    @property
    def message(self) -> str:
        """The verdict in one sentence."""
        if self.evaluated is None:
            return "This is not a reordering of the tree: " + self.mistakes[0].explanation
        if self.solved:
            return (f"Alpha-beta evaluates {self.evaluated} leaves on your order, the fewest "
                    f"possible (Knuth-Moore minimum {self.minimum}; the original order "
                    f"needed {self.original}).")
        return (f"Alpha-beta evaluates {self.evaluated} leaves on your order (the original "
                f"needed {self.original}); the fewest possible is {self.minimum}, so some node "
                f"still searches a weaker move first.")


def _canonical(tree: Tree, node_id: int):
    kids = tree.child_ids(node_id)
    if not kids:
        return (0, tree.score_of(node_id))
    return (1, tuple(sorted((_canonical(tree, k) for k in kids), key=repr)))


def _scores_under(tree: Tree, node_id: int) -> list[Value]:
    return sorted(n.score for n in tree.subtree(node_id) if n.score is not None)


def _first_difference(original: Tree, mine: Tree) -> Mistake | None:
    """Where ``mine`` stops being ``original`` with children reordered, or
    None if it is a reordering."""

    def walk(a: int, b: int) -> Mistake | None:
        if _canonical(original, a) == _canonical(mine, b):
            return None
        node, theirs = mine[b], original[a]
        if node.is_leaf and theirs.is_leaf:
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"leaf {node.name} scores {fmt(node.score)} where the original has "
                           f"{fmt(theirs.score)}; you may only reorder children, not change "
                           f"scores.")
        if node.is_leaf or theirs.is_leaf or len(node.children) != len(theirs.children):
            shape = "a leaf" if node.is_leaf else f"a node with {len(node.children)} children"
            was = "a leaf" if theirs.is_leaf else f"{len(theirs.children)} children"
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"{node.name} is {shape} in your tree but has {was} in the original; "
                           f"keep the tree's shape and only change the order of children.")
        left = {i: _canonical(original, i) for i in original.child_ids(a)}
        unmatched_left, unmatched_right = list(left), []
        for j in mine.child_ids(b):
            form = _canonical(mine, j)
            match = next((i for i in unmatched_left if left[i] == form), None)
            if match is None:
                unmatched_right.append(j)
            else:
                unmatched_left.remove(match)
        if len(unmatched_left) == 1 and len(unmatched_right) == 1:
            return walk(unmatched_left[0], unmatched_right[0])
        extra = Counter(_scores_under(mine, b)) - Counter(_scores_under(original, a))
        missing = Counter(_scores_under(original, a)) - Counter(_scores_under(mine, b))
        if extra or missing:
            return Mistake(node.name, MistakeKind.NOT_A_REORDERING, "order",
                           f"under {node.name} your tree has {_scores(extra)} where the "
                           f"original has {_scores(missing)}; you may only reorder children, "
                           f"not change scores.")
        moved = mine[unmatched_right[0]]
        held = ", ".join(map(fmt, _scores_under(mine, moved.id)))
        return Mistake(moved.name, MistakeKind.NOT_A_REORDERING, "order",
                       f"{moved.name} holds the leaves {held}, but no child of {node.name} in "
                       f"the original holds exactly these; keep every leaf under its parent "
                       f"and only change the order.")

    return walk(0, 0)


def _scores(counts: Counter) -> str:
    scores = sorted(counts.elements())
    if not scores:
        return "nothing"
    return ("the score " if len(scores) == 1 else "the scores ") + ", ".join(map(fmt, scores))


def _local_hints(tree: Tree, rule: CutRule, evaluated: int) -> list[Mistake]:
    """Nodes where searching the best child first, all else kept, would
    evaluate fewer leaves."""
    values = backed_up_values(tree)
    final = trace_alpha_beta(tree, strict=rule).state(-1)
    nested = tree.to_nested()
    hints = []
    for node in tree:
        if node.is_leaf or final.status[node.id] is not Status.DONE:
            continue
        kids = list(node.children)
        best = (max if node.player is MAX else min)(values[k] for k in kids)
        if values[kids[0]] == best:
            continue
        path = [n for n in tree.path(node)]
        moved = _with_sorted_children(nested, path, tree, values, node.player is MAX)
        count = trace_alpha_beta(Tree.from_nested(moved, root=tree.root.player),
                                 strict=rule).evaluated
        if count < evaluated:
            saved = evaluated - count
            hints.append(Mistake(
                node.name, MistakeKind.NOT_BEST_FIRST, "order",
                f"{node.title} searches a child worth {fmt(values[kids[0]])} first, but its "
                f"best child is worth {fmt(best)}; searching the best first here alone saves "
                f"{saved} leaf evaluation{'s' if saved != 1 else ''}."))
    return hints


def _with_sorted_children(nested, path: list[Node], tree: Tree, values, maximizing: bool):
    """``nested`` with the children of ``path[-1]`` sorted best first."""
    if len(path) == 1:
        node = path[0]
        pairs = list(zip(node.children, nested, strict=True))
        pairs.sort(key=lambda pair: values[pair[0]], reverse=maximizing)
        return [item for _, item in pairs]
    here, below = path[0], path[1]
    position = here.children.index(below.id)
    copy = list(nested)
    copy[position] = _with_sorted_children(nested[position], path[1:], tree, values, maximizing)
    return copy


def check_reorder(exercise: Exercise, reordered: object) -> ReorderVerdict:
    """Check a student's answer to "reorder the children so that alpha-beta
    prunes the most".

    ``reordered`` is the student's tree: leaf scores left to right (the
    exercise's branching), nested lists, or a :class:`~gametree.tree.Tree`.
    The exercise's tree is complete (the reorder task is refused on uneven
    trees, where Knuth and Moore's minimum does not hold), with MAX or MIN
    at its root.  ``reordered`` must be the exercise's tree with the
    children of some nodes reordered (every leaf under the same parent, same scores); then the
    leaves alpha-beta evaluates on it are compared with the Knuth-Moore
    minimum.  When the minimum is not reached, the verdict's mistakes are
    hints: nodes where searching the best child first, all else kept,
    would evaluate fewer leaves.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 1), 3, task="reorder")
    >>> check_reorder(exercise, [3, 8, 12, 2, 4, 6, 1, 5, 14]).message
    'Alpha-beta evaluates 5 leaves on your order, the fewest possible (Knuth-Moore minimum 5; the original order needed 7).'
    >>> print(check_reorder(exercise, [3, 12, 8, 2, 4, 6, 14, 5, 9]).mistakes[0])
    M (not a reordering): leaf M scores 9 where the original has 1; you may only reorder children, not change scores.
    """
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check_reorder needs an Exercise, not {type(exercise).__name__}")
    if isinstance(reordered, (list, tuple)) and all(
            not isinstance(x, (list, tuple)) for x in reordered):
        mine = exercise.tree_of(reordered)
    else:
        mine = with_root(as_tree(reordered), exercise.root)
    original = exercise.trace.evaluated
    minimum = exercise.minimum
    assert minimum is not None  # a reorder exercise is complete (Exercise refuses others)
    difference = _first_difference(exercise.tree, mine)
    if difference is not None:
        return ReorderVerdict(mine, None, minimum, original, (difference,))
    evaluated = trace_alpha_beta(mine, strict=exercise.rule).evaluated
    hints = () if evaluated <= minimum else tuple(_local_hints(mine, exercise.rule, evaluated))
    return ReorderVerdict(mine, evaluated, minimum, original, hints)
