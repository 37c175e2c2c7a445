"""The grader's reference searches: plain depth-limited minimax, alpha-beta
and expectimax on the :class:`~gametree.games.Game` interface, and the
classic mistakes as options of the same search.

These are kept with the grader, not taken from the engine
(:mod:`gametree.games.search`), so that the engine may change how it calls
``play`` when it gets faster without changing a student's grade.  There is
one search, :func:`search_value`, written as the textbook's; every
classic mistake is a field of :class:`Rules`, so a mistake is "the
reference with one thing done wrong", and a submission whose ``play``
calls match a mistaken search exactly is named by that mistake.

Depth counts rounds, as CS188 does: depth ``d`` means ``d`` moves of MAX
and, after each one, one move of every other agent (a round ends when MAX
is to move again).  An ended game is valued by ``game.score``, also at
depth 0; otherwise at depth 0 (when MAX is to move) ``evaluate(state)``.

>>> from gametree.games import TicTacToe
>>> game = TicTacToe()
>>> state = game.play(game.play(game.initial, 0), 4)     # X0, O4
>>> best_move(game, state, 4, lambda s: 0, ALPHA_BETA)
1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from math import inf
from typing import Any

from ..tree import CHANCE, MAX, MIN, Player, Value

__all__ = ["Rules", "MINIMAX", "ALPHA_BETA", "EXPECTIMAX", "MISTAKES", "search_value",
           "best_move", "tree_alpha_beta", "tree_minimax", "LeafTree"]

Game = Any
"""A :class:`gametree.games.Game` (or the recording wrapper around one)."""


@dataclass(frozen=True)
class Rules:
    """How :func:`search_value` searches: the algorithm, and at most one
    classic mistake (every mistake field False is the reference)."""

    prune: bool = False
    """Alpha-beta: skip a node's remaining children as soon as alpha >= beta."""
    average: bool = False
    """Expectimax: every agent other than MAX moves at random (uniformly
    over its moves; a CHANCE state by its outcomes' probabilities)."""
    strict: bool = False
    """Mistake: prune only when alpha > beta (no cut on a tie)."""
    children_first: bool = False
    """Mistake: generate every child (every ``play``) before searching the first."""
    swapped: bool = False
    """Mistake: a MAX node updates beta and a MIN node alpha."""
    plies: bool = False
    """Mistake: depth counts every agent's move (plies), not rounds."""
    alternate: bool = False
    """Mistake: agents alternate MAX, MIN by level, ignoring ``to_move``
    (the ghosts move as one agent)."""
    early_eval: bool = False
    """Mistake: ``evaluate`` as soon as depth is 0, on another agent's turn
    too (before the round is over): evaluating at a non-leaf."""
    no_prune: bool = False
    """Mistake (alpha-beta only): never prune."""


MINIMAX = Rules()
ALPHA_BETA = Rules(prune=True)
EXPECTIMAX = Rules(average=True)

MISTAKES: dict[str, tuple[str, Callable[[Rules], Rules]]] = {
    "children first": ("generating every child before searching the first",
                       lambda rules: replace(rules, children_first=True)),
    "strict": ("not pruning on equality (the rule is: prune as soon as alpha >= beta)",
               lambda rules: replace(rules, strict=True)),
    "swapped": ("swapping the alpha and beta updates (MAX raises alpha, MIN lowers beta)",
                lambda rules: replace(rules, swapped=True)),
    "no pruning": ("not pruning at all (alpha-beta skips the remaining children as soon as "
                   "alpha >= beta)", lambda rules: replace(rules, prune=False)),
    "plies": ("counting depth in plies instead of rounds (depth d is d moves of MAX, each "
              "followed by one move of every other agent)", lambda rules: replace(rules, plies=True)),
    "one agent": ("letting the ghosts move as one agent (ask game.to_move at every state: each "
                  "ghost moves in turn)", lambda rules: replace(rules, alternate=True)),
    "non-leaf": ("evaluating at a non-leaf (evaluate only when MAX is to move at depth 0, "
                 "after every other agent has moved)", lambda rules: replace(rules, early_eval=True)),
}
"""Name -> (what the feedback calls it, the mistaken rules made from the
right ones).  "returning a value instead of a move" is read off the
answer itself, not a search."""


def _player(game: Game, state: Hashable, level: int, rules: Rules) -> Player:
    """Who moves at ``state``: ``game.to_move``, or MAX and MIN by level
    under the one-agent mistake."""
    if rules.alternate:
        return MAX if level % 2 == 0 else MIN
    return game.to_move(state)


def search_value(game: Game, state: Hashable, depth: float, evaluate: Callable[[Hashable], Value],
                 rules: Rules, alpha: Value = -inf, beta: Value = inf, level: int = 0) -> Value:
    """The value of ``state`` searched ``depth`` rounds deep under ``rules``.

    ``level`` counts the moves from the root (the one-agent mistake uses
    it); ``depth`` may be ``math.inf`` to search to the ends of the game.
    """
    if game.is_over(state):
        return game.score(state)
    player = _player(game, state, level, rules)
    counts_round = player is MAX or rules.plies  # a round ends when MAX is to move
    if depth == 0 and (counts_round or rules.early_eval):
        return evaluate(state)
    next_depth = depth - 1 if counts_round else depth
    pairs = _weighted_moves(game, state, player, rules)
    children: Iterable[Hashable] = (game.play(state, move) for _, move in pairs)
    if rules.children_first:
        children = list(children)
    if rules.average and player is not MAX:
        return sum(probability * search_value(game, child, next_depth, evaluate, rules,
                                              alpha, beta, level + 1)
                   for (probability, _), child in zip(pairs, children, strict=True))
    return _backed_up(player is MAX, children, alpha, beta, rules,
                      lambda child, a, b: search_value(game, child, next_depth, evaluate, rules,
                                                       a, b, level + 1))


def _backed_up(maximizing: bool, children: Iterable[Hashable], alpha: Value, beta: Value,
               rules: Rules, value_of: Callable[[Hashable, Value, Value], Value]) -> Value:
    """The max (or min) of ``value_of(child, alpha, beta)`` over ``children``
    in order, the window narrowed after each and the rest cut when the
    rules prune."""
    v = -inf if maximizing else inf
    for child in children:
        value = value_of(child, alpha, beta)
        v = max(v, value) if maximizing else min(v, value)
        alpha, beta = _window_after(maximizing, v, alpha, beta, rules)
        if rules.prune and (alpha > beta if rules.strict else alpha >= beta):
            break
    return v


def _weighted_moves(game: Game, state: Hashable, player, rules: Rules) -> list[tuple[Value, Any]]:
    """(probability, move) for each move at ``state``: a chance state's
    outcomes (only a search that averages has a rule for them), or every
    move equally likely (what averaging assumes of a ghost)."""
    if player is CHANCE:
        if not rules.average:
            raise ValueError("minimax and alpha-beta have no rule for a chance state: use expectimax")
        return list(game.outcomes(state))
    moves = list(game.moves(state))
    return [(1 / len(moves), move) for move in moves]


def _window_after(maximizing: bool, v: Value, alpha: Value, beta: Value,
                  rules: Rules) -> tuple[Value, Value]:
    """(alpha, beta) once a node's value so far is ``v``: MAX raises alpha,
    MIN lowers beta (the other way round under the swapped-bounds mistake)."""
    if maximizing != rules.swapped:
        return max(alpha, v), beta
    return alpha, min(beta, v)


def best_move(game: Game, state: Hashable, depth: int, evaluate: Callable[[Hashable], Value],
              rules: Rules) -> Hashable:
    """MAX's move at ``state``: the first best in ``game.moves`` order, each
    child searched ``depth - 1`` more rounds (alpha raised at the root
    under alpha-beta, so a later child that only ties is cut)."""
    best_value, best, alpha = -inf, None, -inf
    moves = list(game.moves(state))
    children: Iterable[Hashable] = (game.play(state, move) for move in moves)
    if rules.children_first:
        children = list(children)
    for move, child in zip(moves, children, strict=True):
        value = search_value(game, child, depth - 1, evaluate, rules, alpha, inf, 1)
        if value > best_value:
            best_value, best = value, move
        if rules.prune:
            alpha = max(alpha, best_value)
    return best


class LeafTree:
    """A complete tree given by its leaves, as a game: a state is
    ``(level, index)``, MAX moves at even levels, and the leaves are the
    ended states; ``evaluated`` counts the leaves scored."""

    def __init__(self, leaves: list[Value], branching: int):
        self.leaves, self.branching = leaves, branching
        self.depth, size = 0, 1
        while size < len(leaves):
            size *= branching
            self.depth += 1
        self.evaluated = 0

    def to_move(self, state: tuple[int, int]) -> Player:
        return MAX if state[0] % 2 == 0 else MIN

    def moves(self, state: tuple[int, int]) -> range:
        return range(self.branching)

    def play(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return state[0] + 1, state[1] * self.branching + move

    def is_over(self, state: tuple[int, int]) -> bool:
        return state[0] == self.depth

    def score(self, state: tuple[int, int]) -> Value:
        self.evaluated += 1
        return self.leaves[state[1]]


def tree_alpha_beta(leaves: list[Value], branching: int, rules: Rules = ALPHA_BETA) -> list:
    """``[value, evaluated]`` of alpha-beta on a complete tree, under ``rules``.

    >>> tree_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    [3, 7]
    >>> tree_alpha_beta([3, 4, 3, 1], 2, replace(ALPHA_BETA, strict=True))
    [3, 4]
    """
    tree = LeafTree(leaves, branching)
    value = search_value(tree, (0, 0), inf, lambda state: 0, rules)
    return [value, tree.evaluated]


def tree_minimax(leaves: list[Value], branching: int) -> Value:
    """The minimax value of a complete tree (MAX at the root).

    >>> tree_minimax([3, 5, 2, 9, 12, 5, 23, 23], 2)
    12
    """
    return search_value(LeafTree(leaves, branching), (0, 0), inf, lambda state: 0, MINIMAX)
