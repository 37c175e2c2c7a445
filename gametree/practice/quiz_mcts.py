"""Checkers for the exercises of notebook 12, Monte-Carlo tree search.

Each checker takes the student's answer (``None`` until they write one)
and the exercise's data (a search tree, a search's record), and returns a
:class:`~gametree.practice.quiz.Feedback` that the notebook shows as the
cell's result.  Every checker keeps the promises of
:mod:`gametree.practice.quiz`:

* ``None`` gets only "Not answered yet" and the form an answer takes;
* an answer of the wrong form gets a sentence saying how to write it;
* a wrong answer gets a hint about where to look, never the right answer;
* the right answer is worked out here with :mod:`gametree.games.mcts`, so
  this source, which a student may read before answering, holds no answers.

>>> from gametree.games import TicTacToe, TicTacToeState, uct_search
>>> tree = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=8, seed=1).tree
>>> check_selection(None, tree)
Not answered yet: replace None with the move SELECT takes at the root, in quotes, as the game writes it (such as "X4" or "S2"), and run this cell again.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import TypeGuard

from ..games.mcts import MctsNode, MctsResult, MctsTree, check_exploration, result_for
from ..text import describe, fmt, join_names
from .quiz import Feedback, empty, invalid, right, typed_name, wrong

__all__ = ["check_ucb1", "check_selection", "check_back_propagation", "check_exploration_choice",
           "check_exploration_interval"]

TOLERANCE = 0.01
"""How far a UCB1 value may be from the exact one: answers to two decimals are right."""


def _is_number(x: object) -> TypeGuard[float]:
    return isinstance(x, Real) and not isinstance(x, bool) and math.isfinite(x)


def _child(tree: MctsTree, answer: object, form: str) -> MctsNode | Feedback:
    """The root's child that ``answer`` names (a move label such as "X4", or a
    node name such as "B"), or the Feedback saying it names none."""
    children = tree.children(tree.root)
    labels = join_names(f'"{c.label}"' for c in children)
    if not isinstance(answer, str):
        return invalid(f"{describe(answer)} is not a move: write {form}, one of {labels}.")
    text = typed_name(answer)
    for child in children:
        if text in (typed_name(child.label), child.name):
            return child
    return invalid(f"{answer!r} is not one of the root's moves: write one of {labels}.")


def _select(tree: MctsTree, exploration: float) -> MctsNode:
    """The root's child SELECT takes with constant ``exploration``: the highest
    UCB1, the first in the game's order among equals."""
    children = tree.children(tree.root)
    values = [tree.ucb1(child, exploration) for child in children]
    return children[values.index(max(values))]


def check_ucb1(answer: object, tree: MctsTree, node: str) -> Feedback:
    """Is ``answer`` UCB1 of ``node`` (a name such as "C") in ``tree``, with the
    search's exploration constant, to two decimals?

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> tree = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=8, seed=1).tree
    >>> check_ucb1(tree["C"].mean, tree, "C").verdict   # the mean alone
    <Verdict.WRONG: 'wrong'>
    """
    child = tree[node]
    if answer is None:
        return empty("a number, UCB1 of the node to two decimals, such as 1.23")
    if not _is_number(answer):
        return invalid(f"{describe(answer)} is not a number: write UCB1 as a plain number, "
                       f"such as 1.23, without quotes.")
    value = tree.ucb1(child)   # (refuses the root, which has no parent)
    parent = tree[0 if child.parent is None else child.parent]
    if abs(answer - value) <= TOLERANCE:
        return right(f"UCB1({child.name}) = {fmt(child.wins)}/{child.visits} + "
                     f"{tree.exploration:.2f} * sqrt(ln {parent.visits} / {child.visits}) "
                     f"= {value:.2f}.")
    mean = child.wins / child.visits
    if abs(answer - mean) <= TOLERANCE:
        return wrong("that is the mean U/N alone, the exploitation term: add the exploration term, "
                     "C times the square root of ln N(parent) / N(node).")
    if parent.visits > 1 and abs(answer - (mean + tree.exploration * math.sqrt(
            math.log10(parent.visits) / child.visits))) <= TOLERANCE:
        return wrong("log in UCB1 is the natural logarithm, ln (math.log in Python), not log10.")
    if abs(answer - (mean + math.sqrt(math.log(parent.visits) / child.visits))) <= TOLERANCE:
        return wrong("the square root is multiplied by the exploration constant C of this search.")
    return wrong(f"UCB1(n) = U(n)/N(n) + C * sqrt(ln N(parent) / N(n)): take U and N of {child.name}, "
                 f"N of its parent, and this search's C.")


def check_selection(answer: object, tree: MctsTree, exploration: float | None = None) -> Feedback:
    """Is ``answer`` (a move such as "X4", or a node name) the root's child
    that SELECT takes next in ``tree``, with constant ``exploration`` (by
    default the search's)?

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> tree = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=8, seed=1).tree
    >>> check_selection("X5", tree).verdict
    <Verdict.INVALID: 'invalid'>
    """
    c = tree.exploration if exploration is None else check_exploration(exploration)
    form = 'the move SELECT takes at the root, in quotes, as the game writes it (such as "X4" or "S2")'
    if not tree.root.expanded:
        raise ValueError("SELECT stops at a root with a move not yet tried; give a tree whose "
                         "root has a child for every move")
    if answer is None:
        return empty(form)
    child = _child(tree, answer, form)
    if isinstance(child, Feedback):
        return child
    chosen = _select(tree, c)
    if child.id == chosen.id:
        return right(f"{child.label} has the highest UCB1, {tree.ucb1(child, c):.2f}.")
    children = tree.children(tree.root)
    if child.id == max(children, key=lambda n: n.wins / n.visits).id and c > 0:
        return wrong(f"{child.label} has the best mean, but SELECT adds the exploration term: "
                     f"with C = {c:.2f} a move with fewer playouts can score higher. Work out UCB1 "
                     f"of every move.")
    if child.id == max(children, key=lambda n: n.visits).id:
        return wrong("the most playouts decide the move the search finally plays, not the next "
                     "SELECT: compare UCB1 of every move.")
    return wrong(f"UCB1 of {child.label} is not the highest: compare U/N + C * sqrt(ln N(root) / N) "
                 f"for every move.")


def check_back_propagation(answer: object, result: MctsResult, iteration: int, node: str) -> Feedback:
    """Is ``answer`` the pair (U, N) of ``node`` (a name) right after
    BACK-PROPAGATE of iteration ``iteration`` of ``result``?

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=8, seed=1)
    >>> check_back_propagation((1, 1), result, 1, "B")   # MIN won iteration 1; B counts MAX's wins
    Not yet: B counts the wins of the player who made the move into it, MAX, not of the player to move there.
    """
    before, after = result.tree_after(iteration - 1), result.tree_after(iteration)
    target = after[node]
    form = f"the pair (U, N) of node {target.name} after the update, such as (2.5, 4)"
    if answer is None:
        return empty(form)
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2 and all(map(_is_number, answer))):
        return invalid(f"{describe(answer)} is not a pair of numbers: write {form}.")
    wins, visits = answer
    if (wins, visits) == (target.wins, target.visits):
        return right(f"{target.name} now has {fmt(target.wins)} wins in {target.visits} playouts.")
    old = before[target.id] if target.id < len(before) else None
    old_visits = 0 if old is None else old.visits
    old_wins = 0.0 if old is None else old.wins
    if target.id not in (u.node for u in result.record[iteration - 1].updated):
        return wrong(f"{target.name} is not on the path from the new node to the root, so this "
                     f"iteration does not change it.")
    if visits != old_visits + 1:
        return wrong("every node on the path from the new node up to the root gets exactly one more playout.")
    winner = result.record[iteration - 1].winner
    other_side = old_wins + result_for(target.counts_for.other, winner)
    if wins == other_side and other_side != target.wins:
        return wrong(f"{target.name} counts the wins of the player who made the move into it, "
                     f"{target.counts_for}, not of the player to move there.")
    return wrong("a win adds 1 to U of the nodes that count the winner's wins, a draw adds 1/2 to "
                 "every node, a loss adds nothing.")


def check_exploration_choice(answer: object, tree: MctsTree, move: str) -> Feedback:
    """Is ``answer`` an exploration constant C (a number, 0 or more) with
    which SELECT at the root of ``tree`` takes ``move`` (a move label)?

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> tree = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=8, seed=1).tree
    >>> check_exploration_choice(-1, tree, "X7").verdict
    <Verdict.INVALID: 'invalid'>
    """
    target = _child(tree, move, "a move")
    if isinstance(target, Feedback):
        raise ValueError(f"{move!r} is not a move at the root of this tree")
    if answer is None:
        return empty("a number, the exploration constant C, such as 0.5 or 3")
    if not _is_number(answer) or answer < 0:
        return invalid(f"{describe(answer)} is not an exploration constant: write a number 0 or "
                       f"more, such as 0.5 or 3.")
    chosen = _select(tree, float(answer))
    if chosen.id == target.id:
        return right(f"with C = {fmt(answer)} SELECT takes {target.label}: UCB1 "
                     f"{tree.ucb1(target, float(answer)):.2f}.")
    if target.visits < chosen.visits:
        return wrong(f"with C = {fmt(answer)} SELECT takes {chosen.label}. {target.label} has fewer "
                     f"playouts, so the exploration term favours it more as C grows: try a larger C.")
    if target.visits > chosen.visits:
        return wrong(f"with C = {fmt(answer)} SELECT takes {chosen.label}. {target.label} has more "
                     f"playouts, so exploration favours the others: try a smaller C.")
    return wrong(f"with C = {fmt(answer)} SELECT takes {chosen.label}, which has as many playouts "
                 f"as {target.label}: with equal playouts the exploration terms are equal, so the "
                 f"means decide.")


def _interval(tree: MctsTree, target: MctsNode) -> tuple[float, float]:
    """The constants C >= 0 with which SELECT at the root takes ``target``,
    as (low, high), ignoring ties at the ends: each child's UCB1 is its
    mean plus C times its exploration term, a line in C, and ``target``
    must lie above every other child's line.  ``(inf, inf)`` when no C."""
    low, high = 0.0, math.inf
    mean, term = tree.ucb1(target, 0.0), tree.ucb1(target, 1.0) - tree.ucb1(target, 0.0)
    for child in tree.children(tree.root):
        if child.id == target.id:
            continue
        other_mean = tree.ucb1(child, 0.0)
        other_term = tree.ucb1(child, 1.0) - other_mean
        if term > other_term:     # target pulls ahead as C grows
            low = max(low, (other_mean - mean) / (term - other_term))
        elif term < other_term:   # target falls behind as C grows
            high = min(high, (mean - other_mean) / (other_term - term))
        elif mean <= other_mean:  # parallel lines: the means decide, for every C
            return math.inf, math.inf
    return (low, high) if low < high else (math.inf, math.inf)


def _read_interval(answer: object) -> tuple[float, float] | Feedback:
    """The range (low, high) of constants a student gave, or the Feedback
    saying why it is none: nothing yet, not a pair of numbers, not a range."""
    form = "a pair (low, high) of exploration constants, such as (0.5, 2.25)"
    if answer is None:
        return empty(form)
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2
            and all(isinstance(c, Real) and not isinstance(c, bool) and not math.isnan(c) for c in answer)):
        return invalid(f"{describe(answer)} is not a pair of numbers: write {form}, "
                       f"with math.inf as high if every larger C works.")
    given_low, given_high = float(answer[0]), float(answer[1])
    if not 0 <= given_low < given_high:
        return invalid(f"({fmt(given_low)}, {fmt(given_high)}) is not a range of constants: write "
                       f"low below high, both 0 or more.")
    return given_low, given_high


def check_exploration_interval(answer: object, tree: MctsTree, move: str) -> Feedback:
    """Is ``answer``, a pair ``(low, high)``, the range of exploration
    constants C with which SELECT at the root of ``tree`` takes ``move``?
    Each end to two decimals; ``high`` is ``math.inf`` when every C above
    ``low`` takes it.  Every child of the root must have a playout.

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> tree = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=7, seed=4).tree
    >>> check_exploration_interval((0, 10), tree, "X7")
    Not yet: at C = 0 SELECT takes X8, so low is too far out; at C = 10 SELECT takes X6, so high is too far out.
    """
    target = _child(tree, move, "a move")
    if isinstance(target, Feedback):
        raise ValueError(f"{move!r} is not a move at the root of this tree")
    if any(child.visits == 0 for child in tree.children(tree.root)):
        raise ValueError("every move at the root needs a playout before its UCB1 is a line in C")
    interval = _read_interval(answer)
    if isinstance(interval, Feedback):
        return interval
    given_low, given_high = interval
    low, high = _interval(tree, target)

    def near(given: float, truth: float) -> bool:
        return given == truth or abs(given - truth) <= TOLERANCE

    if near(given_low, low) and near(given_high, high):
        return right(f"SELECT takes {target.label} for every C from {low:.2f} to {high:.2f} "
                     f"(at the ends it ties with another move).")
    lines = []
    for end, given, truth in (("low", given_low, low), ("high", given_high, high)):
        if not near(given, truth):
            probe = given if math.isfinite(given) else 10 * max(given_low, 1.0)
            chosen = _select(tree, probe)
            at = f"at C = {fmt(round(probe, 2))} SELECT"
            if chosen.id != target.id:
                lines.append(f"{at} takes {chosen.label}, so {end} is too far out")
            else:
                lines.append(f"{at} still takes {target.label}, so the range reaches past your {end}")
    return wrong("; ".join(lines) + ".")
