"""The game-tree model: immutable nodes named A, B, C, ... in level order.

A :class:`Tree` is what the tracing search walks, what the drawing draws
and what the exercises ask about.  It can be built three ways:

* ``Tree.from_leaves(leaves, branching)``: the complete tree of the
  problem statement, leaf scores given left to right;
* ``Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])``: a tree written
  as nested lists, which may branch unevenly;
* ``Tree.unfold(root, expand)``: any tree you can describe by a function
  from a position to its children (game trees use this).

The root is MAX and levels alternate unless the builder says otherwise
(``unfold`` asks each position whose turn it is).
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass

from .checks import check_branching, check_leaves, check_number, complete_depth

__all__ = ["Player", "Node", "Tree", "MAX", "MIN", "Value", "node_name", "as_tree", "MAX_DEPTH"]

Value = float
"""A leaf score or a backed-up value.  Ints are welcome wherever a Value is."""

MAX_DEPTH = 200
"""Deepest tree accepted, far beyond anything a person draws; it keeps every
recursive walk well inside Python's recursion limit."""


class Player(str, enum.Enum):
    """Whose turn it is at a node: MAX maximises the score, MIN minimises it."""

    MAX = "MAX"
    MIN = "MIN"

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.MIN if self is Player.MAX else Player.MAX

    def __str__(self) -> str:
        return self.value


MAX, MIN = Player.MAX, Player.MIN


def node_name(index: int) -> str:
    """Spreadsheet-style name of the ``index``-th node: A ... Z, AA, AB, ...

    >>> [node_name(i) for i in (0, 1, 25, 26, 27, 701, 702)]
    ['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA']
    """
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(frozen=True, repr=False, eq=False)
class Node:
    """One position in the tree.  Nodes are compared by identity."""

    id: int
    """Position in level order; the root is 0."""
    name: str
    """A name a class can say aloud: A, B, C, ... in level order."""
    player: Player
    """Who moves here (for a leaf: who would move next)."""
    depth: int
    """Edges from the root; the root has depth 0."""
    parent: int | None
    """Id of the parent, None for the root."""
    children: tuple[int, ...]
    """Ids of the children, left to right; empty for a leaf."""
    score: Value | None
    """The leaf's score, None for an internal node."""
    leaf_index: int | None
    """Position among the leaves, left to right; None for an internal node."""
    label: str = ""
    """Optional text for the edge into this node, e.g. a move in a game."""

    @property
    def is_leaf(self) -> bool:
        """True when the node has no children."""
        return not self.children

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<leaf {self.name} = {self.score}>"
        return f"<{self.player} node {self.name}>"


def _is_number(item: object) -> bool:
    return not isinstance(item, (list, tuple))


class Tree(Sequence):
    """An immutable game tree: a sequence of :class:`Node` in level order.

    ``tree[0]`` is the root; ``tree["C"]`` finds a node by name.
    """

    __slots__ = ("nodes", "_by_name", "_leaves", "branching", "depth")

    def __init__(self, nodes: Sequence[Node]):
        self.nodes: tuple[Node, ...] = tuple(nodes)
        self._by_name = {node.name: node for node in self.nodes}
        leaves = [node for node in self.nodes if node.is_leaf]
        leaves.sort(key=lambda node: node.leaf_index)
        self._leaves: tuple[Node, ...] = tuple(leaves)
        self.depth: int = max(node.depth for node in self.nodes)
        widths = {len(node.children) for node in self.nodes if node.children}
        uniform = len(widths) <= 1 and all(leaf.depth == self.depth for leaf in leaves)
        self.branching: int | None = (widths.pop() if widths else None) if uniform else None

    # --- builders -------------------------------------------------------

    @classmethod
    def from_leaves(cls, leaves: Sequence[Value], branching: int) -> Tree:
        """The complete tree whose leaves, left to right, score ``leaves``.

        >>> Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
        Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        """
        branching = check_branching(branching)
        leaves = check_leaves(leaves)
        depth = complete_depth(len(leaves), branching)
        nested: object = leaves
        for _ in range(depth):
            nested = [nested[i : i + branching] for i in range(0, len(nested), branching)]
        return cls.from_nested(nested[0] if depth else leaves[0])

    @classmethod
    def from_nested(cls, nested: object, *, root: Player = MAX) -> Tree:
        """The tree written as nested lists: a list is a node, a number a leaf.

        Levels alternate from ``root`` (MAX unless said otherwise).
        Lists may differ in length and leaves may sit at different depths.

        >>> tree = Tree.from_nested([[3, 5], [2, 9]])
        >>> [node.name for node in tree], tree.leaf_scores
        (['A', 'B', 'C', 'D', 'E', 'F', 'G'], [3, 5, 2, 9])
        """
        if isinstance(nested, (str, bytes)):
            raise TypeError(
                "the tree is a string; pass the nested list itself, or parse the text "
                "with gametree.parse_tree"
            )

        def expand(item):
            path, value = item
            if _is_number(value):
                return None
            if not value:
                where = "the root" if not path else f"the list at position {list(path)}"
                raise ValueError(
                    f"{where} is empty; every list in the tree needs at least one "
                    f"child (a number or another list)"
                )
            return [(path + (i,), child) for i, child in enumerate(value)]

        def score(item):
            path, value = item
            where = "the root" if not path else f"the leaf at position {list(path)}"
            check_number(value, where)
            return value

        return cls.unfold(((), nested), expand, score, player=root)

    @classmethod
    def unfold(
        cls,
        root: Hashable,
        expand: Callable[[object], Sequence | None],
        score: Callable[[object], Value],
        *,
        player: Player | Callable[[object], Player] = MAX,
        label: Callable[[object], str] | None = None,
    ) -> Tree:
        """Build a tree breadth first from a root position.

        ``expand(position)`` returns the child positions, or None/empty for a
        leaf; ``score(leaf)`` returns the leaf's score.  ``player`` is either
        the root's player (levels then alternate) or a function giving the
        player to move at each position, for games where turns do not
        simply alternate.  ``label(position)`` names the edge into it.
        """
        player_of = player if callable(player) else None
        records = []  # (position, parent id, depth, player)
        queue = deque([(root, None, 0, player if player_of is None else player_of(root))])
        children: list[list[int]] = []
        while queue:
            position, parent, depth, who = queue.popleft()
            if depth > MAX_DEPTH:
                raise ValueError(
                    f"the tree is deeper than {MAX_DEPTH} levels; gametree draws and "
                    f"searches trees a person can follow, so cut it down"
                )
            node_id = len(records)
            records.append((position, parent, depth, who))
            children.append([])
            if parent is not None:
                children[parent].append(node_id)
            for child in expand(position) or ():
                child_player = player_of(child) if player_of else who.other
                queue.append((child, node_id, depth + 1, child_player))
        # Leaves are numbered left to right: a depth-first walk over children.
        leaf_index: dict[int, int] = {}
        stack = [0]
        while stack:
            node_id = stack.pop()
            if children[node_id]:
                stack.extend(reversed(children[node_id]))
            else:
                leaf_index[node_id] = len(leaf_index)
        nodes = []
        for node_id, (position, parent, depth, who) in enumerate(records):
            is_leaf = node_id in leaf_index
            nodes.append(
                Node(
                    id=node_id,
                    name=node_name(node_id),
                    player=Player(who),
                    depth=depth,
                    parent=parent,
                    children=tuple(children[node_id]),
                    score=score(position) if is_leaf else None,
                    leaf_index=leaf_index.get(node_id),
                    label=label(position) if label and parent is not None else "",
                )
            )
        return cls(nodes)

    # --- the sequence protocol and lookups -------------------------------

    def __len__(self) -> int:
        return len(self.nodes)

    def __getitem__(self, key):
        if isinstance(key, str):
            try:
                return self._by_name[key]
            except KeyError:
                raise KeyError(f"no node is named {key!r}; names run A to {self.nodes[-1].name}") from None
        return self.nodes[key]

    def __iter__(self) -> Iterator[Node]:
        return iter(self.nodes)

    @property
    def root(self) -> Node:
        """The node at the top, id 0."""
        return self.nodes[0]

    @property
    def leaves(self) -> tuple[Node, ...]:
        """The leaves, left to right."""
        return self._leaves

    @property
    def leaf_scores(self) -> list[Value]:
        """The leaf scores, left to right."""
        return [leaf.score for leaf in self._leaves]

    def children(self, node: Node) -> list[Node]:
        """The children of ``node``, left to right."""
        return [self.nodes[i] for i in node.children]

    def subtree(self, node: Node) -> list[Node]:
        """``node`` and all its descendants, in depth-first order."""
        found, stack = [], [node]
        while stack:
            current = stack.pop()
            found.append(current)
            stack.extend(self.nodes[i] for i in reversed(current.children))
        return found

    def path(self, node: Node) -> list[Node]:
        """The nodes from the root down to ``node``, both included."""
        found = [node]
        while found[-1].parent is not None:
            found.append(self.nodes[found[-1].parent])
        return found[::-1]

    def to_nested(self, node: Node | None = None) -> object:
        """The tree (or the subtree under ``node``) as nested lists."""
        node = self.root if node is None else node
        if node.is_leaf:
            return node.score
        return [self.to_nested(self.nodes[i]) for i in node.children]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return self.to_nested() == other.to_nested() and [
            (n.player, n.label) for n in self
        ] == [(n.player, n.label) for n in other]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        text = f"Tree.from_nested({self.to_nested()!r})"
        if len(text) > 200:
            text = (
                f"<Tree of {len(self)} nodes, {len(self._leaves)} leaves, depth {self.depth}"
                + (f", branching {self.branching}>" if self.branching else ">")
            )
        return text


def as_tree(tree: object, branching: int | None = None) -> Tree:
    """Accept every way of writing a tree and return a :class:`Tree`.

    * ``as_tree(leaves, branching)``: the complete tree of the statement;
    * ``as_tree(nested_lists)``: a tree written as nested lists;
    * ``as_tree(tree)``: a :class:`Tree`, returned as it is.

    A flat list of numbers without ``branching`` is refused, because
    reading ``[3, 5, 2, 9]`` as one MAX node over four leaves (value 9)
    instead of the intended binary tree (value 3) would be a silent wrong
    answer.
    """
    if isinstance(tree, Tree):
        if branching is not None:
            raise TypeError("give branching only with a flat list of leaf scores, not with a Tree")
        return tree
    if branching is not None:
        return Tree.from_leaves(tree, branching)
    if (
        isinstance(tree, (list, tuple))
        and len(tree) > 1
        and all(_is_number(item) for item in tree)
    ):
        raise ValueError(
            f"a flat list of {len(tree)} leaf scores needs a branching factor, e.g. "
            f"({list(tree)[:4]}..., 2); for one MAX node with these leaves as "
            f"children use Tree.from_nested(...)"
        )
    return Tree.from_nested(tree)
