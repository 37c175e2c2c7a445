"""Games and trees, both ways.

* :func:`game_tree` unfolds a small game position into a
  :class:`gametree.Tree`, so that everything built for trees works on
  games: drawings, :func:`gametree.trace_alpha_beta` and its step-through
  slider (:func:`trace_game` does both steps).
* :class:`TreeGame` goes the other way: any :class:`gametree.Tree` played
  as a game, so the game searches can be checked against the tree ones.
"""

from __future__ import annotations

from ..trace import Trace, trace_alpha_beta
from ..tree import CHANCE, Node, Player, Tree, Value
from .base import NODE_LIMIT, Game, IllegalMoveError, M, S, check_game, check_max_nodes

__all__ = ["game_tree", "tree_states", "trace_game", "TreeGame", "MAX_NODES", "NODE_LIMIT"]

MAX_NODES = 10_000
"""Largest tree :func:`game_tree` builds unless told otherwise: far more
than a drawing can show."""

def game_tree(game: Game[S, M], state: S | None = None, *, max_nodes: int = MAX_NODES) -> Tree:
    """The full game tree below ``state`` (``game.initial`` by default).

    Each node's player is the game's ``to_move``, so a player who moves
    twice in a row keeps the turn in the tree (and a roll of the dice is a
    chance node, its edges carrying the probabilities ``game.outcomes``
    gives); leaves are the ended positions, scored from MAX's side; each
    edge is labelled with ``game.move_label`` ("X4", "take left 7").
    Children are in the order of ``game.moves``.

    Raises
    ------
    ValueError
        If the tree would have more than ``max_nodes`` nodes (start from a
        later position, or raise ``max_nodes``, up to
        :data:`~gametree.games.base.NODE_LIMIT`).

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState
    >>> tree = game_tree(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."))
    >>> len(tree), [node.label for node in tree.children(tree.root)]
    (11, ['X6', 'X7', 'X8'])
    """
    state = check_game(game, state)
    check_max_nodes(max_nodes)
    made = 1

    def expand(position):
        nonlocal made
        state = position[0]
        if game.is_over(state):
            return None
        moves = game.moves(state)
        if not moves:
            raise ValueError(f"{state!r} is not over but has no moves; the game's rules are inconsistent")
        made += len(moves)
        if made > max_nodes:
            raise ValueError(
                f"the game tree from this position has more than {max_nodes:,} nodes, too many "
                f"to draw or step through; start from a later position (fewer moves left) "
                f"or pass a larger max_nodes"
            )
        if game.to_move(state) is CHANCE:
            chances = dict((move, p) for p, move in game.outcomes(state))
            return [(game.play(state, move), game.move_label(state, move), chances[move])
                    for move in moves]
        return [(game.play(state, move), game.move_label(state, move), None) for move in moves]

    return Tree.unfold(
        (state, "", None),
        expand,
        lambda position: game.score(position[0]),
        player=lambda position: game.to_move(position[0]),
        label=lambda position: position[1],
        probability=lambda position: position[2],
    )


def tree_states(game: Game[S, M], tree: Tree, state: S | None = None) -> tuple[S, ...]:
    """The game state at every node of ``game_tree(game, state)``, indexed by node id.

    >>> from gametree.games import TicTacToe, TicTacToeState
    >>> start = TicTacToeState.from_text("XOX OOX ...")
    >>> tree = game_tree(TicTacToe(), start)
    >>> print(tree_states(TicTacToe(), tree, start)[1])
    X O X
    O O X
    X . .
    """
    state = check_game(game, state)
    if not isinstance(tree, Tree):
        raise TypeError(f"tree must be a gametree.Tree made by game_tree, not {type(tree).__name__}")
    states = [state] * len(tree)  # each entry replaced by its node's, parents first
    for node in tree:  # level order: a parent comes before its children
        moves = game.moves(states[node.id]) if node.children else []
        if len(moves) != len(node.children):
            raise ValueError(f"node {node.name} has {len(node.children)} children but its position "
                             f"has {len(moves)} moves; was the tree made by game_tree from this state?")
        for child, move in zip(node.children, moves, strict=True):
            states[child] = game.play(states[node.id], move)
    return tuple(states)


def trace_game(game: Game[S, M], state: S | None = None, *, strict: bool = False,
               max_nodes: int = MAX_NODES) -> Trace:
    """Alpha-beta on a small game position, recorded step by step.

    The same :class:`gametree.Trace` as :func:`gametree.trace_alpha_beta`
    makes, so drawings and the step-through slider work on it unchanged.

    >>> from gametree.games import TicTacToe, TicTacToeState
    >>> trace = trace_game(TicTacToe(), TicTacToeState.from_text("... O.X XOX"))  # O to move
    >>> trace.value, trace.evaluated, len(trace.tree.leaves)
    (0, 15, 21)
    """
    return trace_alpha_beta(game_tree(game, state, max_nodes=max_nodes), strict=strict)


class TreeGame(Game[Node, str]):
    """A :class:`gametree.Tree` played as a game.

    A state is a node; a move is the name of a child ("B", "C", ...); the
    player to move is the node's; a leaf ends the game with its score.

    >>> from gametree import Tree
    >>> game = TreeGame(Tree.from_nested([[3, 5], [2, 9]]))
    >>> game.moves(game.initial), game.score(game.play(game.play(game.initial, "B"), "E"))
    (['B', 'C'], 5)
    """

    def __init__(self, tree: Tree):
        if not isinstance(tree, Tree):
            raise TypeError(f"TreeGame needs a gametree.Tree (see gametree.as_tree), not {type(tree).__name__}")
        self.tree = tree
        """The tree being played."""
        self.initial = tree.root

    def to_move(self, state: Node) -> Player:
        self.check_state(state)
        return state.player

    def moves(self, state: Node) -> list[str]:
        self.check_state(state)
        return [self.tree[child].name for child in state.children]

    def play(self, state: Node, move: str) -> Node:
        self.check_state(state)
        if isinstance(move, str):
            try:  # a name is its node's id in letters: one lookup, however wide the node
                child = self.tree[move]
            except (KeyError, IndexError, ValueError):
                child = None
            if child is not None and child.parent == state.id:
                return child
        raise IllegalMoveError(f"{move!r} is not a child of node {state.name}; "
                               f"choose one of {', '.join(self.moves(state)) or '(none: a leaf)'}")

    def is_over(self, state: Node) -> bool:
        self.check_state(state)
        return state.is_leaf

    def score(self, state: Node) -> Value:
        """The leaf's score; a ValueError at an internal node, where the game is not over."""
        self.check_state(state)
        if state.score is None:
            raise ValueError(f"node {state.name} is not a leaf: the game is not over there, "
                             f"so it has no score")
        return state.score

    def outcomes(self, state: Node) -> list[tuple[Value, str]]:
        """At a chance node: each child's name with the probability on its edge."""
        self.check_state(state)
        if state.player is not CHANCE or state.is_leaf:
            raise ValueError(f"node {state.name} is no chance node, so it has no outcomes")
        return [(self.tree[child].probability, self.tree[child].name)
                for child in state.children]

    def move_label(self, state: Node, move: str) -> str:
        """The label of the child's edge (often empty for trees made from numbers)."""
        return self.play(state, move).label

    def check_state(self, state: object) -> None:
        """Refuse what is not a node of this tree."""
        if not isinstance(state, Node) or state.id >= len(self.tree) or self.tree[state.id] is not state:
            raise TypeError(f"a position of this TreeGame is a node of its tree, such as "
                            f"game.initial or game.tree['B'], not {state!r}")

    def __repr__(self) -> str:
        return f"TreeGame({self.tree!r})"
