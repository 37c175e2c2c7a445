"""A practice exercise and a student's answer to it.

An :class:`Exercise` is a tree made from a seed (the same seed gives the
same tree on every machine): complete, or uneven (children per node and
the depth of the leaves vary), with MAX or MIN at the root, or a player
per level (``players=("MAX", "MIN", "MIN")``: MAX and two ghosts); the cut
rule; and the nodes where alpha and beta are asked.  The student's work is an :class:`Answer`: the
value of each node, alpha and beta where asked, and the branches crossed
out.  :mod:`~gametree.practice.checker` judges an answer;
:mod:`~gametree.practice.reorder` the "reorder to prune the most" task.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import cast

from ..checks import (
    check_branching,
    check_depth,
    check_flag,
    check_int,
    check_leaf_count,
    check_leaves,
    complete_depth,
)
from ..generate import best_order, knuth_moore_minimum, random_leaves, worst_order
from ..i18n import gettext as _
from ..rules import CutRule
from ..text import describe, join_names, shown
from ..trace import Status, Trace, trace_alpha_beta, turns
from ..tree import CHANCE, MAX, MIN, Player, Tree, Value, check_players, node_name
from .answer import Answer, Mistake, NodeName, internal_range, node_named, parse_value
from .marking import check_alpha_beta
from .shapes import check_root, uneven_tree, with_root

__all__ = ["Exercise", "Answer", "parse_value", "NodeName", "ORDERINGS", "BOUNDS", "TASKS",
           "MAX_EXERCISE_LEAVES"]


ORDERINGS = ("random", "best", "worst")
"""How a random exercise orders each node's children: as drawn at random,
best first (alpha-beta prunes the most) or worst first (the least)."""

BOUNDS = ("none", "some", "all")
"""Where a random exercise asks for alpha and beta: nowhere, at about a
third of the internal nodes (chosen by the seed), or at every one."""

TASKS = ("search", "reorder")
""""search": do alpha-beta by hand.  "reorder": order the children so
that alpha-beta prunes the most."""

MAX_EXERCISE_LEAVES = 243
"""Largest random exercise (3 ** 5 leaves): far more than anyone searches
by hand, still small enough to draw."""


# --- the exercise -----------------------------------------------------------------


def check_choice(value: object, choices: tuple[str, ...], what: str) -> str:
    if value not in choices:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, choices))}, "
                         f"not {shown(value)}")
    return value


def check_seed(seed: object) -> int:
    return check_int(seed, "seed", low=0, example="42")


@dataclass(frozen=True)
class Exercise:
    """One exercise: a tree, the cut rule, and what is asked.

    Make one from a seed with :meth:`random`, by hand from leaf scores (a
    complete tree), or with :meth:`from_nested` from any tree written as
    nested lists (an uneven one, say).
    Frozen, hashable and comparable: two exercises made from the same
    seed and options are equal.

    Examples
    --------
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3, ask_bounds=("C",))
    >>> exercise.trace.value, exercise.trace.evaluated
    (3, 7)
    >>> sorted(exercise.solution().pruned)
    ['I', 'J']
    >>> Exercise.random(42) == Exercise.random(42)
    True
    """

    leaves: tuple[Value, ...]
    """Leaf scores, left to right."""
    branching: int
    """Children per internal node (of an uneven tree: the most any node has)."""
    strict: bool = False
    """The ``strict=`` flag: False cuts when alpha >= beta (AIMA's rule),
    True only when alpha > beta (CS188's); :attr:`rule` is the
    :class:`~gametree.rules.CutRule`."""
    ask_bounds: tuple[NodeName, ...] = ()
    """Internal nodes where alpha and beta are asked, in level order."""
    task: str = "search"
    """"search" (do alpha-beta by hand) or "reorder" (order the children
    so that alpha-beta prunes the most)."""
    ordering: str = "random"
    """How the children were ordered when the exercise was made: "random",
    "best" or "worst" (see :data:`ORDERINGS`)."""
    seed: int | None = None
    """The seed it was made from; None for an exercise made by hand."""
    shape: tuple[int, ...] = ()
    """For an uneven tree, how many children each node has, in level order
    (0 for a leaf; the root first); empty for the complete tree of
    :attr:`leaves` and :attr:`branching`."""
    root: Player = MAX
    """Who moves at the root (levels alternate below it)."""
    players: tuple[Player, ...] | None = None
    """The player of each level in turn, MAX and MIN only (the node at
    depth k belongs to ``players[k % len(players)]``); None when levels
    alternate from :attr:`root`.  Not with a root other than MAX."""

    def __post_init__(self):
        if self.players is not None:
            object.__setattr__(self, "players", _check_exercise_players(self.players, self.root))
        branching = check_branching(self.branching)
        leaves = check_leaves(self.leaves)
        object.__setattr__(self, "root", check_root(self.root))
        if self.shape:
            object.__setattr__(self, "shape", _check_shape(self.shape, len(leaves), branching))
        else:
            depth = complete_depth(len(leaves), branching)
            if depth < 1:
                raise ValueError("an exercise needs a tree of depth 1 or more; give at least "
                                 f"{branching} leaf scores")
        CutRule.of(self.strict)
        check_choice(self.task, TASKS, "task")
        check_choice(self.ordering, ORDERINGS, "ordering")
        if self.task == "reorder" and not _alternate(self.players):
            raise ValueError("the reorder task compares the leaves evaluated with the "
                             "Knuth-Moore minimum, which holds only when MAX and MIN take turns; "
                             "drop players= or choose task='search'")
        if self.task == "reorder" and self.shape:
            raise ValueError("the reorder task needs a complete tree: it compares the leaves "
                             "evaluated with the Knuth-Moore minimum, which holds only for "
                             "complete trees; give a complete tree (no shape), or task='search'")
        if self.seed is not None:
            check_seed(self.seed)
        object.__setattr__(self, "leaves", tuple(leaves))
        object.__setattr__(self, "branching", branching)
        tree = self.tree
        asked = self.ask_bounds
        if isinstance(asked, str):
            asked = tuple(asked.replace(",", " ").split())
        names = []
        for name in asked:
            node = node_named(tree, name, "ask_bounds")
            if node.is_leaf:
                raise ValueError(f"ask_bounds names leaf {node.name}; a leaf has no alpha or "
                                 f"beta, so name internal nodes ({internal_range(tree)})")
            names.append(node)
        object.__setattr__(self, "ask_bounds",
                           tuple(n.name for n in sorted(set(names), key=lambda n: n.id)))

    @classmethod
    def random(cls, seed: int, branching: int = 3, depth: int = 3, *, strict: bool = False,
               ordering: str = "random", bounds: str = "some", task: str = "search",
               low: int = 0, high: int = 20, uneven: bool = False,
               root: str | Player | None = None, players=None) -> Exercise:
        """The exercise made from ``seed``: same seed and options, same
        exercise, on every machine.

        Parameters
        ----------
        seed : int
            0 or more.
        branching, depth : int
            The tree's shape (at most :data:`MAX_EXERCISE_LEAVES` leaves).
        strict : bool
            Cut only when alpha > beta.
        ordering : {"random", "best", "worst"}
            Children as drawn at random, or sorted best or worst first.
        bounds : {"none", "some", "all"}
            Where alpha and beta are asked (``"some"``: a third of the
            internal nodes, chosen by the seed).
        task : {"search", "reorder"}
            For "reorder" the scores are all different, so the Knuth-Moore
            minimum can be reached exactly (the range is widened if needed).
        low, high : int
            The range of the leaf scores.
        uneven : bool
            An uneven tree (:func:`gametree.practice.shapes.uneven_tree`):
            2 to ``branching`` children per node, leaves at several depths,
            the deepest at ``depth`` (2 or more).  Not for "reorder".
        root : {"MAX", "MIN"}
            Who moves at the root (default MAX).
        players : sequence of "MAX" and "MIN", optional
            The player of each level in turn instead, as
            :func:`gametree.minimax` takes; not with ``root``.

        Examples
        --------
        >>> exercise = Exercise.random(7, 2, 3, bounds="all")
        >>> exercise.leaves
        (10, 4, 12, 20, 1, 2, 17, 3)
        >>> exercise.ask_bounds
        ('A', 'B', 'C', 'D', 'E', 'F', 'G')
        >>> uneven = Exercise.random(7, 3, 2, uneven=True, root="MIN")
        >>> uneven.tree.to_nested(), str(uneven.tree.root.player)
        ([[20, 1, 2], [11, 18], 16], 'MIN')
        >>> ghosts = Exercise.random(7, 2, 3, players=["MAX", "MIN", "MIN"])
        >>> ghosts.tree["B"].title, ghosts.trace.value
        ('MIN node B (ghost 1)', 4)
        """
        cycle = None if players is None else _check_exercise_players(players, root or MAX)
        seed = check_seed(seed)
        branching = check_branching(branching)
        depth = check_depth(depth, low=1)
        count = check_leaf_count(branching, depth, MAX_EXERCISE_LEAVES, "an exercise")
        CutRule.of(strict)
        check_choice(ordering, ORDERINGS, "ordering")
        check_choice(bounds, BOUNDS, "bounds")
        check_choice(task, TASKS, "task")
        low = check_int(low, "low", example="0")
        high = check_int(high, "high", example="20")
        check_flag(uneven, "uneven")
        player = check_root(root or MAX)
        _check_uneven(uneven, task, depth)
        distinct = task == "reorder"
        if distinct and high - low + 1 < count:
            high = low + 2 * count - 1
        if uneven:
            tree = _in_order(_uneven(seed, branching, depth, low, high, player, cycle), ordering)
            shape = tuple(len(node.children) for node in tree)
            leaves: list = tree.leaf_scores
            internal = [node.name for node in tree if not node.is_leaf]
        else:
            shape = ()
            leaves = random_leaves(branching, depth, seed, low=low, high=high, distinct=distinct)
            leaves = _ordered_leaves(leaves, branching, ordering, player, cycle)
            internal = [node_name(i) for i in range((count - 1) // (branching - 1))]
        asked = _asked_bounds(bounds, internal, seed)
        return cls(tuple(leaves), branching, strict=strict, ask_bounds=tuple(asked), task=task,
                   ordering=ordering, seed=seed, shape=shape, root=player, players=cycle)

    @classmethod
    def from_nested(cls, nested: object, *, root: str | Player | None = None, players=None,
                    **options) -> Exercise:
        """The exercise on a tree written as nested lists, which may be
        uneven; ``options`` are the other fields (``strict``,
        ``ask_bounds``, ``task``...).  A complete tree is stored as its
        leaves and branching.  ``players=`` gives a player per level
        (MAX and MIN), not with ``root``.

        >>> Exercise.from_nested([[3, [5, 1]], 4], players=["MAX", "MIN", "MIN"]).trace.value
        4

        >>> exercise = Exercise.from_nested([[3, [5, 1]], 4], root="MIN")
        >>> exercise.shape, exercise.branching, exercise.depth
        ((2, 2, 0, 0, 2, 0, 0), 2, 3)
        >>> Exercise.from_nested([[3, 12], [8, 2]]).shape  # complete
        ()

        A tree with chance nodes is refused: it is an expectiminimax
        exercise, :class:`~gametree.practice.chance.ChanceExercise`.

        >>> Exercise.from_nested([[(0.5, 2), (0.5, 6)], [3, 5]])
        Traceback (most recent call last):
        ...
        ValueError: this tree has chance nodes ((probability, subtree) pairs), which an alpha-beta exercise cannot hold: its MAX and MIN levels would turn the dice into a player; make it an expectiminimax exercise with ChanceExercise(tree) from gametree.practice.chance
        """
        if players is not None:
            cycle = _check_exercise_players(players, root or MAX)
            tree = Tree.from_nested(nested).with_players(cycle)
            options["players"] = cycle
        else:
            tree = Tree.from_nested(nested, root=check_root(root or MAX))
        if tree.has_chance:
            raise ValueError("this tree has chance nodes ((probability, subtree) pairs), which an "
                             "alpha-beta exercise cannot hold: its MAX and MIN levels would turn "
                             "the dice into a player; make it an expectiminimax exercise with "
                             "ChanceExercise(tree) from gametree.practice.chance")
        widths = {len(node.children) for node in tree if node.children}
        if tree.branching is not None:
            return cls(tuple(tree.leaf_scores), tree.branching, root=tree.root.player, **options)
        return cls(tuple(tree.leaf_scores), max(widths, default=2),
                   shape=tuple(len(node.children) for node in tree), root=tree.root.player,
                   **options)

    # --- what follows from the exercise ----------------------------------

    @property
    def depth(self) -> int:
        """Edges from the root to a leaf."""
        return self.tree.depth

    @property
    def complete(self) -> bool:
        """True for a complete tree (every leaf at one depth, every internal
        node with :attr:`branching` children)."""
        return not self.shape

    @cached_property
    def tree(self) -> Tree:
        """The tree to search."""
        if self.shape:
            tree = _shaped(self.shape, self.leaves, self.root)
            return tree if self.players is None else tree.with_players(self.players)
        return self.tree_of(self.leaves)

    def tree_of(self, leaves) -> Tree:
        """The complete tree of ``leaves`` with this exercise's branching and
        root or players (for a reordering typed as leaf scores)."""
        if self.players is not None:
            return Tree.from_leaves(list(leaves), self.branching, players=self.players)
        return with_root(Tree.from_leaves(list(leaves), self.branching), self.root)

    @cached_property
    def trace(self) -> Trace:
        """The real search, with the exercise's cut rule."""
        return trace_alpha_beta(self.tree, strict=self.rule)

    @property
    def minimum(self) -> int | None:
        """The Knuth-Moore minimum: the fewest leaves alpha-beta can evaluate
        on a complete tree of this shape (reached when all scores differ);
        None for an uneven tree, or players that do not alternate MAX and
        MIN, where the formula does not hold."""
        if self.shape or not _alternate(self.players):
            return None
        return knuth_moore_minimum(self.branching, self.depth)

    @property
    def rule(self) -> CutRule:
        """The cut rule; written in text it reads ``alpha >= beta`` or
        ``alpha > beta``."""
        return CutRule.of(self.strict)

    @property
    def text(self) -> str:
        """What to do, in one paragraph (for the widget and printed sheets)."""
        if self.task == "reorder":
            return _("Reorder the children of the nodes (every leaf stays under its parent) so that "
                     "alpha-beta, searching left to right, evaluates as few leaves as possible. It can "
                     "be done with {minimum} of {count} leaves (the Knuth-Moore minimum).").format(
                minimum=self.minimum, count=len(self.leaves))
        asked = ""
        if self.ask_bounds:
            asked = " " + _("At {nodes}, also write alpha and beta when the node returns (leave "
                            "them blank if the node is pruned).").format(nodes=join_names(self.ask_bounds))
        top = (" " + _("The root {name} is a MIN node: MIN moves first.").format(name=self.tree.root.name)
               if self.root is not MAX else "")
        if self.players is not None:
            top = " " + _("The levels take turns: {turns}.").format(turns=turns(self.players))
        return _("Search the tree with alpha-beta, children left to right, cutting when {rule}.{top} "
                 "Write the value alpha-beta returns at every node it searches and cross out every "
                 "pruned branch.{asked}").format(rule=self.rule, top=top, asked=asked)

    def solution(self) -> Answer:
        """The right answer: values and bounds from the real search, and
        the pruned branches (the children skipped at each cutoff)."""
        final = self.trace.state(-1)
        tree = self.tree
        visited = [n for n in tree if not n.is_leaf and final.status[n.id] is Status.DONE]
        asked = {tree[name].id for name in self.ask_bounds}
        pruned = {child.name for step in self.trace.cutoffs for child in step.pruned}
        v, alpha, beta = cast(tuple[Value, ...], final.v), final.alpha, final.beta  # all known
        return Answer(values={n.name: v[n.id] for n in visited}, pruned=pruned,
                      alphas={n.name: cast(Value, alpha[n.id]) for n in visited if n.id in asked},
                      betas={n.name: cast(Value, beta[n.id]) for n in visited if n.id in asked})

    def check(self, answer: Answer) -> list[Mistake]:
        """``check(self, answer)``: see :func:`gametree.practice.checker.check`."""
        return check_alpha_beta(self, answer)


def _check_uneven(uneven: bool, task: str, depth: int) -> None:
    """Refuse an uneven tree where it cannot serve: for the reorder task, or at depth 1."""
    if uneven and task == "reorder":
        raise ValueError("the reorder task needs a complete tree (Knuth and Moore's minimum, "
                         "which it compares against, holds only for complete trees); drop "
                         "uneven=True or choose task='search'")
    if uneven and depth < 2:
        raise ValueError("an uneven tree needs depth 2 or more (at depth 1 every leaf is at "
                         "the same depth); raise the depth or drop uneven=True")


def _in_order(tree: Tree, ordering: str) -> Tree:
    """``tree`` with its children as ``ordering`` says: as drawn, best or worst first."""
    if ordering == "random":
        return tree
    return (best_order if ordering == "best" else worst_order)(tree)


def _uneven(seed: int, branching: int, depth: int, low: int, high: int, player: Player,
            cycle: tuple[Player, ...] | None) -> Tree:
    """The seeded uneven tree of an exercise, ``player`` at its root or the
    levels' players ``cycle``."""
    nested = uneven_tree(seed, branching, depth, low=low, high=high,
                         max_leaves=MAX_EXERCISE_LEAVES)
    if cycle is None:
        return Tree.from_nested(nested, root=player)
    return Tree.from_nested(nested, players=cycle)


def _ordered_leaves(leaves: list, branching: int, ordering: str, player: Player,
                    cycle: tuple[Player, ...] | None) -> list:
    """The leaves of a complete tree with its children as ``ordering`` says,
    searched from ``player`` at the root or by the levels' players ``cycle``."""
    if cycle is not None:
        if ordering == "random":
            return leaves
        return _in_order(Tree.from_leaves(leaves, branching, players=cycle), ordering).leaf_scores
    if player is not MAX:
        tree = Tree.from_nested(Tree.from_leaves(leaves, branching).to_nested(), root=player)
        return _in_order(tree, ordering).leaf_scores
    if ordering == "best":
        return best_order(leaves, branching)
    if ordering == "worst":
        return worst_order(leaves, branching)
    return leaves


def _asked_bounds(bounds: str, internal: list[str], seed: int) -> list[str]:
    """The internal nodes where alpha and beta are asked: all, a third
    chosen by the seed, or none."""
    if bounds == "all":
        return internal
    if bounds == "some":
        # A string seed is hashed with SHA-512: the same choice everywhere.
        rng = random.Random(f"gametree-bounds-{seed}")
        return rng.sample(internal, max(1, round(len(internal) / 3)))
    return []


def _check_exercise_players(players: object, root: object) -> tuple[Player, ...]:
    """``players`` for an alpha-beta exercise: MAX and MIN only, and never
    with a root other than MAX."""
    cycle = check_players(players)
    if CHANCE in cycle:
        raise ValueError("players has a CHANCE level, which an alpha-beta exercise cannot hold; "
                         "leave CHANCE out, or make an expectiminimax exercise with "
                         "ChanceExercise(Tree.from_nested(tree, players=...)) from "
                         "gametree.practice.chance")
    if check_root(root) is not MAX:
        raise ValueError(f"give either root or players, not both: players already says who "
                         f"moves at the root ({cycle[0].value}), so drop root={shown(root)}")
    return cycle


def _alternate(players: tuple[Player, ...] | None) -> bool:
    """True when the cycle (None: alternating levels) has MAX and MIN take turns."""
    return players is None or players in ((MAX, MIN), (MIN, MAX))


def _check_shape(shape: object, leaves: int, branching: int) -> tuple[int, ...]:
    """``shape`` checked against the leaf count and the branching."""
    if isinstance(shape, (str, bytes)) or not isinstance(shape, Iterable):
        raise TypeError(f"shape must be a tuple of children counts such as (2, 0, 2, 0, 0), "
                        f"not {describe(shape)}")
    counts = tuple(check_int(c, "a children count in shape", low=0, high=branching)
                   for c in shape)
    if counts[0] == 0 or sum(counts) != len(counts) - 1:
        raise ValueError(f"shape {counts} does not describe a tree: give each node's number of "
                         f"children in level order, root first, 0 for a leaf")
    if counts.count(0) != leaves:
        raise ValueError(f"shape {counts} has {counts.count(0)} leaves but {leaves} leaf scores "
                         f"are given; give one score per leaf")
    return counts


def _shaped(shape: tuple[int, ...], leaves: tuple, root: Player) -> Tree:
    """The tree whose nodes have ``shape`` children in level order, with
    ``leaves`` scored left to right."""
    children: list[list[int]] = [[] for _ in shape]
    following = 1
    for node, count in enumerate(shape):
        children[node] = list(range(following, following + count))
        following += count
    scores = iter(leaves)

    def nested(node: int):
        return [nested(c) for c in children[node]] if children[node] else next(scores)

    return Tree.from_nested(nested(0), root=root)
