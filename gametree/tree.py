"""The game-tree model: immutable nodes named A, B, C, ... in level order.

A :class:`Tree` is what the tracing search walks, what the drawing draws
and what the exercises ask about.  It can be built three ways:

* ``Tree.from_leaves(leaves, branching)``: the complete tree of the
  leaves, scores given left to right (as :func:`gametree.alpha_beta` takes it);
* ``Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])``: a tree written
  as nested lists, which may branch unevenly;
* ``Tree.unfold(root, expand)``: any tree you can describe by a function
  from a position to its children (game trees use this).

The root is MAX and levels alternate unless the builder says otherwise
(``unfold`` asks each position whose turn it is).

Chance nodes
------------
A game with dice has a third kind of node, :data:`CHANCE`: the roll, whose
children are its outcomes, each reached with a probability
(:attr:`Node.probability`, on the edge into the child).  In nested lists a
chance node is a list of ``(probability, subtree)`` pairs::

    [[(0.5, [3, 5]), (0.5, [1, 9])], [(1/6, 4), (5/6, [2, 8])]]

A chance node hands the move on: the node below it belongs to the opponent
of the decision node above it, so a tree reads MAX, chance, MIN, chance,
MAX, ... (backgammon's layering: a player moves, then the dice are rolled
for the other player).  A chance node at the root is a roll before the
first move: its children belong to the player who moves first (MAX unless
said otherwise).

A player per level
------------------
Games with more than two agents (CS188's Pacman: MAX, then each ghost in
turn) give the builders ``players=``, a cycle such as
``("MAX", "MIN", "MIN")``: the node at depth k belongs to
``players[k % len(players)]``, chance levels included, and the rule that a
chance node hands the move on no longer applies.  A CHANCE level's children
are equally likely (``Fraction(1, n)`` each) unless the node is written
with ``(probability, subtree)`` pairs, which only a CHANCE level takes.
When the cycle has more than one MIN level, the k-th of them is *ghost k*
(:attr:`Node.agent`), and captions say so: ``MIN node C (ghost 2)``.
"""

from __future__ import annotations

import bisect
import enum
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from .checks import check_branching, check_leaves, check_probabilities, check_score, complete_depth
from .i18n import gettext as _
from .text import describe, shown

__all__ = ["Player", "Node", "Tree", "MAX", "MIN", "CHANCE", "Value", "NodeRef", "NoSuchNode",
           "node_name", "as_tree", "MAX_DEPTH", "Players", "check_players", "agent_names",
           "agent_in_words", "level_agents", "MAX_PLAYERS"]

Value = float
"""A leaf score or a backed-up value.  Ints are welcome wherever a Value is."""

P = TypeVar("P")
"""A position that :meth:`Tree.unfold` grows a tree from."""

MAX_DEPTH = 200
"""Deepest tree accepted, far beyond anything a person draws; it keeps every
recursive walk well inside Python's recursion limit."""


class Player(str, enum.Enum):
    """Whose turn it is at a node: MAX maximises the score, MIN minimises
    it, and at a CHANCE node the dice decide (each outcome with its
    probability)."""

    MAX = "MAX"
    MIN = "MIN"
    CHANCE = "CHANCE"

    @property
    def other(self) -> Player:
        """The opponent of MAX or MIN.  Raises ValueError for CHANCE, which
        plays for neither side."""
        if self is Player.CHANCE:
            raise ValueError("a chance node has no opponent: the player after a roll is the "
                             "opponent of the player who moved before it")
        return Player.MIN if self is Player.MAX else Player.MAX

    def __str__(self) -> str:
        return self.value if self is not Player.CHANCE else "chance"


MAX, MIN, CHANCE = Player.MAX, Player.MIN, Player.CHANCE

Players = Sequence["Player | str"]
"""Who moves at each level, cycling: ``("MAX", "MIN", "MIN")`` or the
:class:`Player` constants (see :func:`check_players`)."""

MAX_PLAYERS = MAX_DEPTH + 1
"""Longest cycle of players taken: one per level of the deepest tree; a
longer cycle could never come round."""


def check_players(players: object) -> tuple[Player, ...]:
    """Return ``players`` as a tuple of :class:`Player` if it is a non-empty
    sequence of ``"MAX"``, ``"MIN"`` and ``"CHANCE"`` (any case, or the
    constants) of at most :data:`MAX_PLAYERS` items, else raise with a
    sentence.

    >>> check_players(["MAX", "min", MIN])
    (<Player.MAX: 'MAX'>, <Player.MIN: 'MIN'>, <Player.MIN: 'MIN'>)
    >>> check_players(["MAX", "GHOST"])
    Traceback (most recent call last):
    ...
    ValueError: players[1] is 'GHOST', which is no player; each level is "MAX", "MIN" or "CHANCE", as in players=("MAX", "MIN", "MIN")
    """
    if isinstance(players, (str, bytes)):
        raise TypeError(f"players must be a sequence of players such as (\"MAX\", \"MIN\", "
                        f"\"MIN\"), not the string {shown(players)}; on the command line write "
                        f"--players MAX,MIN,MIN")
    if not isinstance(players, (list, tuple)):
        raise TypeError(f"players must be a list or tuple of players such as (\"MAX\", \"MIN\", "
                        f"\"MIN\"), not {describe(players)}")
    if not players:
        raise ValueError("players is empty; name the player of each level in turn, such as "
                         "(\"MAX\", \"MIN\", \"MIN\") for MAX and two ghosts")
    if len(players) > MAX_PLAYERS:
        raise ValueError(f"players has {len(players)} levels; at most {MAX_PLAYERS} (one per "
                         f"level of the deepest tree, {MAX_DEPTH}) can ever be used, so shorten it")
    cycle = []
    for k, item in enumerate(players):
        if isinstance(item, Player):
            cycle.append(item)
            continue
        name = item.strip().upper() if isinstance(item, str) else None
        if name not in ("MAX", "MIN", "CHANCE"):
            raise ValueError(f"players[{k}] is {shown(item)}, which is no player; each level is "
                             f"\"MAX\", \"MIN\" or \"CHANCE\", as in players=(\"MAX\", \"MIN\", \"MIN\")")
        cycle.append(Player(name))
    return tuple(cycle)


def agent_names(players: Players) -> tuple[str, ...]:
    """The agent of each level of the cycle ``players`` in words, where
    the player alone does not say: when the cycle has more than one MIN
    level, the k-th MIN level is ``"ghost k"`` (CS188's ghosts, each a
    layer of its own); every other level, and every level of a cycle with
    one MIN level, gets ``""``.

    >>> agent_names(["MAX", "MIN", "MIN"])
    ('', 'ghost 1', 'ghost 2')
    >>> agent_names(["MAX", "CHANCE", "MIN"])
    ('', '', '')
    """
    cycle = check_players(players)
    if cycle.count(MIN) < 2:
        return ("",) * len(cycle)
    names, ghosts = [], 0
    for player in cycle:
        ghosts += player is MIN
        names.append(f"ghost {ghosts}" if player is MIN else "")
    return tuple(names)


def agent_in_words(agent: str) -> str:
    """An agent of :func:`agent_names` (``"ghost 2"``) in the language in
    force; ``""`` stays ``""``.

    >>> from gametree.i18n import using
    >>> with using("da"):
    ...     agent_in_words("ghost 2")
    'spøgelse 2'
    """
    if agent.startswith("ghost "):
        return _("ghost {number}").format(number=agent.split()[1])
    return agent


def level_agents(players: Players) -> tuple[str, ...]:
    """Who moves on each level of the cycle ``players``, as a drawing names
    it beside the tree, in the language in force: for a Pacman cycle, one
    MAX level first (Pacman) and two or more ghosts after it, each MIN (a
    ghost out to get him) or CHANCE (a ghost that wanders at random), the
    player and the agent of each level; for any other cycle, ``()`` (its
    players say it all).

    >>> level_agents(["MAX", "MIN", "MIN"])
    ('MAX: Pacman', 'MIN: ghost 1', 'MIN: ghost 2')
    >>> level_agents(["MAX", "MIN", "CHANCE"])
    ('MAX: Pacman', 'MIN: ghost 1', 'CHANCE: ghost 2')
    >>> level_agents(["MAX", "MIN"]), level_agents(["MAX", "CHANCE", "MAX", "MIN"])
    ((), ())
    """
    cycle = check_players(players)
    if len(cycle) < 3 or cycle[0] is not MAX or MAX in cycle[1:]:
        return ()
    names = [_("{player}: Pacman").format(player=MAX.value)]
    for number, player in enumerate(cycle[1:], start=1):
        names.append(_("{player}: ghost {number}").format(player=player.value, number=number))
    return tuple(names)


def _level_player(cycle: tuple[Player, ...], depth: int, leaf: bool) -> Player:
    """The player of a node at ``depth`` under the cycle; a leaf on a
    CHANCE level belongs to the next decision level's player (who would
    move after the roll; MAX if every level is CHANCE), since a leaf is
    never a chance node."""
    player = cycle[depth % len(cycle)]
    if player is CHANCE and leaf:
        after = [cycle[(depth + k) % len(cycle)] for k in range(1, len(cycle) + 1)]
        return next((p for p in after if p is not CHANCE), MAX)
    return player


class NoSuchNode(KeyError, IndexError, ValueError):
    """A node named, numbered or given that the tree does not have.

    A ``KeyError`` for ``tree["Q"]`` and an ``IndexError`` for ``tree[99]``
    (the container protocols), and a ``ValueError`` (a wrong value) for
    every layer that reports bad input; the message names the nodes that
    exist.
    """

    def __str__(self) -> str:  # KeyError would quote the sentence
        return str(self.args[0]) if self.args else ""


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


@dataclass(frozen=True, slots=True, repr=False)
class Node:
    """One position in the tree: immutable, and equal to another node
    exactly when every field is equal (so a node made twice is the same
    node)."""

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
    probability: Value | None = None
    """The probability of the edge into this node when its parent is a
    chance node (a number from 0 to 1; a fractions.Fraction stays exact);
    None under a MAX or MIN node and for the root."""
    agent: str = ""
    """Who moves here in words, when :attr:`player` alone does not say
    (``"ghost 2"`` in a tree built with ``players=("MAX", "MIN", "MIN")``);
    empty otherwise."""

    @property
    def is_leaf(self) -> bool:
        """True when the node has no children."""
        return not self.children

    @property
    def title(self) -> str:
        """The node as captions name it: ``MIN node C``, or with its agent
        ``MIN node C (ghost 2)``."""
        player = _(str(self.player)) if self.player is CHANCE else self.player  # a word: "chance"
        if self.agent:
            return _("{player} node {name} ({agent})").format(player=player, name=self.name,
                                                               agent=agent_in_words(self.agent))
        return _("{player} node {name}").format(player=player, name=self.name)

    def __repr__(self) -> str:
        if self.is_leaf:
            return f"<leaf {self.name} = {self.score}>"
        return f"<{self.player} node {self.name}>"


NodeRef = Node | int | str
"""How a node is named wherever one is asked for: the :class:`Node` itself,
its id (level order, the root is 0) or its name (``"B"``; case and
surrounding spaces do not matter).  A leaf can also be found by its
position among the leaves with :meth:`Tree.leaf`.  :meth:`Tree.node`
converts, in one place."""

_CACHE_LIMIT = 1 << 16
"""Most Node objects a tree keeps made at once: every node of any tree a
person draws, while a tree of a million leaves stays small in memory."""


def _is_number(item: object) -> bool:
    return not isinstance(item, (list, tuple))


def _is_pair(item: object) -> bool:
    """A (probability, subtree) pair of a chance node: a tuple of two items."""
    return isinstance(item, tuple) and len(item) == 2


def _where(path: tuple[int, ...], what: str = "list") -> str:
    return "the root" if not path else f"the {what} at position {list(path)}"


class Tree(Sequence):
    """An immutable game tree: a sequence of :class:`Node` in level order.

    ``tree[0]`` is the root; ``tree["C"]`` finds a node by name.  Nodes are
    made when first asked for, so a complete tree of 10,000 leaves costs
    nothing until it is drawn; searches walk it by id with
    :meth:`child_ids`, :meth:`player_of` and :meth:`score_of`.
    """

    __slots__ = ("_parent", "_children", "_player", "_score", "_leaf_ids", "_label",
                 "_depth", "_cache", "_positions", "branching", "depth", "_probability",
                 "_agent", "players")

    def __init__(self, parent, children, player, score, leaf_ids, label, depth, probability=None,
                 agent=None):
        # Private: use the builders.  Lists are indexed by node id.
        self.players: tuple[Player, ...] | None = None
        """The cycle of players the tree was built with (``players=``), None
        when levels alternate (or a game said who moves)."""
        self._agent: Sequence[str] | None = agent  # None: no node names its agent
        self._probability: Sequence[Value | None] | None = probability  # None: no chance nodes
        self._parent: Sequence[int | None] = parent
        self._children: Sequence[Sequence[int]] = children
        self._player: Sequence[Player] = player
        self._score: Sequence[Value | None] = score
        self._leaf_ids: Sequence[int] = leaf_ids  # leaf ids, left to right
        self._label: Sequence[str] | None = label
        self._depth: Sequence[int] = depth
        self._cache: dict[int, Node] = {}
        self._positions = {node_id: k for k, node_id in enumerate(leaf_ids)}
        self.depth: int = max(self._depth[i] for i in self._leaf_ids)
        widths = {len(c) for c in self._children if c}
        uniform = len(widths) <= 1 and all(self._depth[i] == self.depth for i in self._leaf_ids)
        self.branching: int | None = (widths.pop() if widths else None) if uniform else None

    # --- builders -------------------------------------------------------

    @classmethod
    def from_leaves(cls, leaves: Sequence[Value] | object, branching: int | object, *,
                    players: Players | None = None) -> Tree:
        """The complete tree whose leaves, left to right, score ``leaves``.

        Levels alternate from MAX at the root, or with ``players=`` follow
        the cycle (see :meth:`with_players`; a CHANCE level's children are
        equally likely).  Its nodes are computed from their ids, never
        stored, so building it costs no more than checking the leaves.

        >>> Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
        Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> [str(node.player) for node in Tree.from_leaves([1, 2, 3, 4], 2, players=["MIN"])][:3]
        ['MIN', 'MIN', 'MIN']
        """
        cycle = None if players is None else check_players(players)
        branching = check_branching(branching)
        leaves = check_leaves(leaves)
        return CompleteTree(leaves, branching, complete_depth(len(leaves), branching), cycle)

    @classmethod
    def from_nested(cls, nested: object, *, root: Player | str | None = None,
                    players: Players | None = None) -> Tree:
        """The tree written as nested lists: a list is a node, a number a
        leaf, and a list of ``(probability, subtree)`` pairs a chance node.

        With ``players=`` the node at depth k belongs to
        ``players[k % len(players)]`` instead (see :meth:`with_players`): a
        CHANCE level's node written as a plain list has equally likely
        children, and pairs are refused on a MAX or MIN level.  ``root``
        cannot be given with ``players`` (the cycle's first entry is the
        root's player).

        Decision levels alternate from ``root`` (MAX unless said
        otherwise), which may be MAX or MIN.  A chance node hands the move
        on: the node below it belongs to the opponent of the decision node
        above it (MAX, chance, MIN, chance, MAX, ...).  A chance node at
        the root is a roll before the first move, so its children belong to
        ``root``.  Lists may differ in length and leaves may sit at
        different depths.

        A pair is a tuple of two items, a probability and a subtree; a
        list holds either pairs only or no pairs.  The probabilities of a
        chance node are numbers from 0 to 1 adding up to 1 (exactly, for
        fractions.Fraction; within 1e-9 once one is a float).

        >>> tree = Tree.from_nested([[3, 5], [2, 9]])
        >>> [node.name for node in tree], tree.leaf_scores
        (['A', 'B', 'C', 'D', 'E', 'F', 'G'], [3, 5, 2, 9])
        >>> tree = Tree.from_nested([[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, 4), (0.75, [2, 8])]])
        >>> [str(node.player) for node in tree][:6], tree["D"].probability
        (['MAX', 'chance', 'chance', 'MIN', 'MIN', 'MIN'], 0.5)
        >>> tree = Tree.from_nested([[3, [5, 1]], [2, 9]], players=["MAX", "MIN", "MIN"])
        >>> tree["B"].title, tree["E"].title
        ('MIN node B (ghost 1)', 'MIN node E (ghost 2)')
        """
        if isinstance(nested, (str, bytes)):
            raise TypeError(
                "the tree is a string; pass the nested list itself, or parse the text "
                "with gametree.parse_tree"
            )
        if players is not None:
            if root is not None:
                raise ValueError(f"give either root or players, not both: players={shown(players)} "
                                 f"already names the root's player (its first entry), so drop "
                                 f"root={shown(root)}")
            cycle = check_players(players)
            return cls.from_nested(nested).with_players(cycle)
        first: Any = MAX if root is None else root
        if isinstance(first, str) and not isinstance(first, Player) and \
                first.strip().upper() in ("MAX", "MIN"):
            first = Player(first.strip().upper())
        if first not in (MAX, MIN):
            raise ValueError(f"root must be MAX or MIN (the player who moves first), not "
                             f"{describe(root)}; write a chance node at the root as a list of "
                             f"(probability, subtree) pairs")
        # An item is (path, value, mover, probability): mover is the player
        # of the next decision node at or below it.
        Item = tuple[tuple[int, ...], Any, Player, Any]

        def expand(item: Item):
            path, value, mover, _ = item
            if _is_number(value):
                return None
            if not value:
                raise ValueError(
                    f"{_where(path)} is empty; every list in the tree needs at least one "
                    f"child (a number, another list, or (probability, subtree) pairs for a "
                    f"chance node)"
                )
            pairs = [_is_pair(child) for child in value]
            if not any(pairs):
                return [(path + (i,), child, mover.other, None) for i, child in enumerate(value)]
            if not all(pairs):
                plain = pairs.index(False)
                odd = value[plain]
                if isinstance(odd, tuple):
                    raise ValueError(
                        f"{_where(path + (plain,), 'item')} is {shown(odd)}, a tuple of "
                        f"{len(odd)} items; a chance node's outcomes are (probability, subtree) "
                        f"pairs of two items, such as (0.5, [3, 5])")
                raise ValueError(
                    f"{_where(path)} mixes (probability, subtree) pairs with plain children "
                    f"(item {plain} is {shown(odd)}); a chance node holds pairs only, a MAX or "
                    f"MIN node none, so write every child of a chance node as a pair such as "
                    f"(0.5, {shown(odd)})"
                )
            for i, (p, child) in enumerate(value):
                if isinstance(p, (list, tuple, str, bytes)) or (not _is_number(child) and
                                                               not isinstance(child, (list, tuple))):
                    raise TypeError(f"{_where(path + (i,), 'pair')} is {shown((p, child))}; write "
                                    f"each outcome of a chance node as (probability, subtree), "
                                    f"such as (0.5, [3, 5]) or (0.5, 4)")
            check_probabilities([p for p, _ in value],
                                _where(path, "chance node") if path else "the chance node at the root")
            return [(path + (i,), child, mover, p) for i, (p, child) in enumerate(value)]

        def score(item: Item):
            path, value, _, _ = item
            check_score(value, "the root" if not path else _where(path, "leaf"))
            return value

        def player(item: Item) -> Player:
            value = item[1]
            if not _is_number(value) and value and all(map(_is_pair, value)):
                return CHANCE
            return item[2]

        start: Item = ((), nested, first, None)
        return cls.unfold(start, expand, score, player=player,
                          probability=lambda item: item[3])

    @classmethod
    def unfold(
        cls,
        root: P,
        expand: Callable[[P], Sequence[P] | None],
        score: Callable[[P], Value | None],
        *,
        player: Player | Callable[[P], Player] = MAX,
        label: Callable[[P], str] | None = None,
        probability: Callable[[P], Value | None] | None = None,
        agent: Callable[[P], str] | None = None,
    ) -> Tree:
        """Build a tree breadth first from a root position.

        ``expand(position)`` returns the child positions, or None/empty for a
        leaf; ``score(leaf)`` returns the leaf's score.  ``player`` is either
        the root's player (levels then alternate) or a function giving the
        player to move at each position, for games where turns do not
        simply alternate (and for chance nodes, whose player is
        :data:`CHANCE`).  ``label(position)`` names the edge into it, and
        ``probability(position)`` gives the probability of the edge into
        it when its parent is a chance node (it is asked only there), and
        ``agent(position)`` who moves there in words when the player alone
        does not say (``"ghost 2"``, or ``""``; see :attr:`Node.agent`).

        Every leaf score is checked as a leaf list's are
        (:func:`gametree.checks.check_score`), the probabilities of every
        chance node as :func:`gametree.checks.check_probabilities` does (a
        chance node without children is refused), and a tree deeper than
        :data:`MAX_DEPTH` is refused.
        """
        player_of, first = _turns(player, root)
        parents: list[int | None] = []
        children: list[list[int]] = []
        players: list[Player] = []
        scores: list[Value | None] = []
        labels: list[str] = []
        depths: list[int] = []
        chances: list[Value | None] = []
        agents: list[str] = []
        queue: deque[tuple[P, int | None, int, Player]] = deque([(root, None, 0, Player(first))])
        while queue:
            position, parent, depth, who = queue.popleft()
            if depth > MAX_DEPTH:
                raise ValueError(
                    f"the tree is deeper than {MAX_DEPTH} levels; gametree draws and "
                    f"searches trees a person can follow, so cut it down"
                )
            node_id = len(parents)
            parents.append(parent)
            children.append([])
            players.append(Player(who))
            depths.append(depth)
            labels.append(label(position) if label and parent is not None else "")
            if agent is not None:
                agents.append(agent(position))
            if parent is None:
                chances.append(None)
            else:
                children[parent].append(node_id)
                chances.append(probability(position) if probability and players[parent] is CHANCE
                               else None)
            below = expand(position) or ()
            scores.append(None if below else _leaf_score(position, who, node_id, score))
            for child in below:
                child_player = player_of(child) if player_of else Player(who).other
                queue.append((child, node_id, depth + 1, child_player))
        return _assembled(cls, parents, children, players, scores, depths, chances,
                          labels=labels if label else None,
                          agents=agents if agent is not None else None)

    def with_players(self, players: Players) -> Tree:
        """This tree with the node at depth k given to
        ``players[k % len(players)]``: the same shape, scores and labels.

        A node on a CHANCE level keeps its probabilities if it has them
        (it was written with ``(probability, subtree)`` pairs) and otherwise
        gets equally likely children, ``Fraction(1, n)`` each; a leaf on a
        CHANCE level belongs to the next decision level's player (a leaf is
        never a chance node).  When the cycle has more than one MIN level
        the k-th is ghost k (:func:`agent_names`, :attr:`Node.agent`).

        Raises
        ------
        TypeError, ValueError
            For ``players`` that :func:`check_players` refuses, and for a
            node with probabilities (a chance node) on a MAX or MIN level.

        Examples
        --------
        >>> tree = Tree.from_nested([[3, 5], [2, 9]]).with_players(["MAX", "CHANCE"])
        >>> tree.to_nested()
        [[(Fraction(1, 2), 3), (Fraction(1, 2), 5)], [(Fraction(1, 2), 2), (Fraction(1, 2), 9)]]
        """
        cycle = check_players(players)
        count = len(cycle)
        depth_of, child_ids = self._depth, self.child_ids
        for node_id in range(len(self)) if self.has_chance else ():
            level = cycle[depth_of[node_id] % count]
            if self.player_of(node_id) is CHANCE and level is not CHANCE:
                depth = depth_of[node_id]
                raise ValueError(
                    f"node {node_name(node_id)} is written with (probability, subtree) pairs, but "
                    f"it is at depth {depth}, a {level.value} level (players[{depth % count}]); "
                    f"only a CHANCE level takes pairs, so write its children as a plain list or "
                    f"make that level \"CHANCE\"")
        names = agent_names(cycle)

        def probability(node_id: int) -> Value | None:
            parent = self._parent[node_id]
            assert parent is not None
            if self.player_of(parent) is CHANCE:
                return self.probability_of(node_id)
            even: Any = Fraction(1, len(child_ids(parent)))  # a Real, exact
            return even

        labels = self._label
        tree = Tree.unfold(
            0, child_ids, self.score_of,
            player=lambda i: _level_player(cycle, depth_of[i], not child_ids(i)),
            label=(lambda i: labels[i]) if labels else None, probability=probability,
            agent=lambda i: names[depth_of[i] % count] if child_ids(i) else "")
        tree.players = cycle
        return tree

    # --- fast access by id, for searches ---------------------------------

    def child_ids(self, node_id: int) -> Sequence[int]:
        """Ids of the children of node ``node_id``, left to right (empty for a leaf)."""
        return self._children[node_id]

    def player_of(self, node_id: int) -> Player:
        """Who moves at node ``node_id``."""
        return self._player[node_id]

    def score_of(self, node_id: int) -> Value | None:
        """The score of leaf ``node_id``; None for an internal node."""
        return self._score[node_id]

    def leaf_index_of(self, node_id: int) -> int:
        """Position of leaf ``node_id`` among the leaves, left to right."""
        return self._positions[node_id]

    def agent_of(self, node_id: int) -> str:
        """Who moves at node ``node_id`` in words, when the player alone
        does not say (see :attr:`Node.agent`); empty otherwise."""
        return self._agent[node_id] if self._agent is not None else ""

    def probability_of(self, node_id: int) -> Value | None:
        """The probability of the edge into node ``node_id`` when its parent
        is a chance node; None otherwise."""
        return self._probability[node_id] if self._probability is not None else None

    @property
    def has_chance(self) -> bool:
        """True when the tree has a chance node (then it is searched with
        :func:`gametree.expectiminimax`, not minimax or alpha-beta)."""
        return self._probability is not None

    # --- the sequence protocol and lookups -------------------------------

    def _node(self, node_id: int) -> Node:
        node = self._cache.get(node_id)
        if node is None:
            children = tuple(self.child_ids(node_id))
            node = Node(
                id=node_id,
                name=node_name(node_id),
                player=self.player_of(node_id),
                depth=self._depth[node_id],
                parent=self._parent[node_id],
                children=children,
                score=self.score_of(node_id),
                leaf_index=None if children else self.leaf_index_of(node_id),
                label=self._label[node_id] if self._label else "",
                probability=self.probability_of(node_id),
                agent=self.agent_of(node_id),
            )
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[node_id] = node
        return node

    def __len__(self) -> int:
        return len(self._parent)

    def __getitem__(self, key):
        """``tree[id]``, ``tree["B"]``, ``tree[node]`` (see :meth:`node`), or a
        slice of ids."""
        if isinstance(key, slice):
            return [self._node(i) for i in range(len(self))[key]]
        return self.node(key)

    def node(self, ref: NodeRef, what: str = "node") -> Node:
        """The node ``ref`` names: a :class:`Node` of this tree, an id
        (negative counts from the end) or a name.  The one place nodes are
        looked up.

        ``what`` names the argument in the message.  Raises TypeError for
        anything else, and :class:`NoSuchNode` (a KeyError, IndexError and
        ValueError) for a node this tree does not have.

        >>> tree = Tree.from_nested([[3, 5], [2, 9]])
        >>> tree.node("c").name, tree.node(2).name, tree.node(tree.root).name
        ('C', 'C', 'A')
        """
        if isinstance(ref, Node):
            if 0 <= ref.id < len(self) and self._node(ref.id) == ref:
                return self._node(ref.id)
            raise NoSuchNode(f"{what} {shown(ref)} belongs to another tree; look it up in this one "
                             f"by its name, e.g. tree[{ref.name!r}]")
        if isinstance(ref, str):
            return self._node(self._id_of_name(ref, what))
        if isinstance(ref, bool) or not isinstance(ref, int):
            raise TypeError(f"{what} must be a node's name such as 'B', its id such as 1, or a "
                            f"Node, not {describe(ref)}")
        node_id = ref + len(self) if ref < 0 else ref
        if not 0 <= node_id < len(self):
            raise NoSuchNode(f"{what} {shown(ref)} does not exist; ids run 0 to {len(self) - 1} "
                             f"(names A to {node_name(len(self) - 1)})")
        return self._node(node_id)

    def leaf(self, position: int) -> Node:
        """The leaf at ``position`` among the leaves, left to right, from 0
        (negative counts from the end).

        >>> Tree.from_nested([[3, 5], [2, 9]]).leaf(2).score
        2
        """
        if isinstance(position, bool) or not isinstance(position, int):
            raise TypeError(f"a leaf position must be a whole number such as 0, "
                            f"not {describe(position)}")
        leaf_ids = self._leaf_ids
        count = len(leaf_ids)
        index = position + count if position < 0 else position
        if not 0 <= index < count:
            raise NoSuchNode(f"leaf {shown(position)} does not exist; this tree's {count} "
                             f"leaves are numbered 0 to {count - 1}")
        return self._node(leaf_ids[index])

    def _id_of_name(self, name: str, what: str = "node") -> int:
        # Names are level-order ids written in letters: invert node_name.
        clean = name.strip().upper()
        last = node_name(len(self) - 1)
        if clean and clean.isascii() and clean.isalpha() and len(clean) <= len(last):
            node_id = 0
            for letter in clean:
                node_id = node_id * 26 + ord(letter) - ord("A") + 1
            if node_id - 1 < len(self):
                return node_id - 1
        said = f"no node is named {shown(name)};" if what == "node" else \
            f"{what} names {shown(name)}, but"
        raise NoSuchNode(f"{said} this tree's nodes are named A to {last}")

    def __iter__(self) -> Iterator[Node]:
        return (self._node(i) for i in range(len(self)))

    @property
    def nodes(self) -> tuple[Node, ...]:
        """Every node, in level order."""
        return tuple(self)

    @property
    def root(self) -> Node:
        """The node at the top, id 0."""
        return self._node(0)

    @property
    def leaves(self) -> tuple[Node, ...]:
        """The leaves, left to right."""
        return tuple(self._node(i) for i in self._leaf_ids)

    @property
    def leaf_scores(self) -> list[Value]:
        """The leaf scores, left to right."""
        return [self.score_of(i) for i in self._leaf_ids]  # type: ignore[misc]  # leaves score

    @property
    def leaf_count(self) -> int:
        """How many leaves the tree has (without making their nodes)."""
        return len(self._leaf_ids)

    def children(self, node: NodeRef) -> list[Node]:
        """The children of ``node``, left to right."""
        return [self._node(i) for i in self.node(node).children]

    def subtree(self, node: NodeRef) -> list[Node]:
        """``node`` and all its descendants, in depth-first order."""
        found, stack = [], [self.node(node).id]
        while stack:
            current = stack.pop()
            found.append(self._node(current))
            stack.extend(reversed(self.child_ids(current)))
        return found

    def path(self, node: NodeRef) -> list[Node]:
        """The nodes from the root down to ``node``, both included."""
        found = [self.node(node)]
        while found[-1].parent is not None:
            found.append(self._node(found[-1].parent))
        return found[::-1]

    def to_nested(self, node: NodeRef | None = None) -> object:
        """The tree (or the subtree under ``node``) as nested lists, a
        chance node as a list of ``(probability, subtree)`` pairs."""

        def nested(node_id: int) -> object:
            kids = self.child_ids(node_id)
            if not kids:
                return self.score_of(node_id)
            if self.player_of(node_id) is CHANCE:
                return [(self.probability_of(k), nested(k)) for k in kids]
            return [nested(k) for k in kids]

        return nested(0 if node is None else self.node(node).id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tree):
            return NotImplemented
        return self.to_nested() == other.to_nested() and [
            (self.player_of(i), self._node(i).label) for i in range(len(self))
        ] == [(other.player_of(i), other._node(i).label) for i in range(len(other))]

    __hash__ = None  # type: ignore[assignment]

    def _repr_png_(self) -> tuple[bytes, dict[str, str]] | None:
        """A picture for notebooks, with its alt text (see
        :mod:`gametree.view.draw`); None without matplotlib."""
        try:
            from .view.draw import png_with_alt
        except ImportError:
            return None
        return png_with_alt(self)

    def __repr__(self) -> str:
        if len(self) <= 60:
            cycle = ", ".join(repr(p.value) for p in self.players) if self.players else ""
            given = f", players=({cycle}{',' if len(self.players or ()) == 1 else ''})" \
                if cycle else ""
            text = f"Tree.from_nested({self.to_nested()!r}{given})"
            if len(text) <= 200 + len(given):
                return text
        return (
            f"<Tree of {len(self)} nodes, {len(self._leaf_ids)} leaves, depth {self.depth}"
            + (f", branching {self.branching}>" if self.branching else ">")
        )


def _leaf_score(position, who: Player, node_id: int, score: Callable) -> Value:
    """The checked score of the leaf at ``position`` (node ``node_id``) of a
    tree :meth:`Tree.unfold` builds; a chance node without children is refused."""
    if who is CHANCE:
        raise ValueError(f"chance node {node_name(node_id)} has no children; a "
                         f"chance node needs at least one outcome")
    value = score(position)
    check_score(value, f"the score of leaf {node_name(node_id)}")
    return value


def _turns(player, root) -> tuple[Callable | None, Player]:
    """For :meth:`Tree.unfold`: the function giving the player at each
    position (None: levels alternate), and the player at ``root``."""
    player_of = player if callable(player) else None
    return player_of, (player if player_of is None else player_of(root))


def _assembled(cls: type[Tree], parents: list, children: list[list[int]], players: list[Player],
               scores: list, depths: list[int], chances: list, *, labels: list[str] | None,
               agents: list[str] | None) -> Tree:
    """The tree :meth:`Tree.unfold` built, from its columns in level order
    (``agents`` kept only if one is named), once every chance node's
    probabilities are checked."""
    has_chance = CHANCE in players
    for node_id in range(len(parents)) if has_chance else ():
        if players[node_id] is CHANCE:
            check_probabilities([chances[c] for c in children[node_id]],
                                f"chance node {node_name(node_id)}")
    # Leaves are numbered left to right: a depth-first walk over children.
    leaf_ids: list[int] = []
    stack = [0]
    while stack:
        node_id = stack.pop()
        if children[node_id]:
            stack.extend(reversed(children[node_id]))
        else:
            leaf_ids.append(node_id)
    return cls(parents, [tuple(c) for c in children], players, scores, leaf_ids, labels, depths,
               chances if has_chance else None, agents if agents and any(agents) else None)


class CompleteTree(Tree):
    """A complete tree computed from its ids: node i has children
    b*i + 1 ... b*i + b, and the leaves are the last b^d ids."""

    __slots__ = ("_leaves", "_internal", "_level_starts", "_width", "_agents")

    def __init__(self, leaves: list, branching: int, depth: int,
                 players: tuple[Player, ...] | None = None):
        self.players = players
        self._agents = agent_names(players) if players else None
        self._agent = None
        self._leaves = leaves
        self._internal = (branching**depth - 1) // (branching - 1)
        self._level_starts = [(branching**k - 1) // (branching - 1) for k in range(depth + 1)]
        self._cache = {}
        self._label = None
        self._probability = None
        self._width = branching
        self.branching = branching if depth else None
        self.depth = depth
        # What Tree keeps in lists, computed from the id when read:
        self._depth = _Lookup(self._depth_of, len(self))
        self._parent = _Lookup(lambda i: (i - 1) // branching if i else None, len(self))
        self._leaf_ids = range(self._internal, len(self))

    def __len__(self) -> int:
        return self._internal + len(self._leaves)

    def child_ids(self, node_id: int) -> Sequence[int]:
        if node_id < self._internal:
            first = self._width * node_id + 1
            return range(first, first + self._width)
        return ()

    def player_of(self, node_id: int) -> Player:
        if self.players is not None:
            return _level_player(self.players, self._depth_of(node_id), node_id >= self._internal)
        return MAX if self._depth_of(node_id) % 2 == 0 else MIN

    def agent_of(self, node_id: int) -> str:
        agents = self._agents
        if agents is None or node_id >= self._internal:
            return ""
        return agents[self._depth_of(node_id) % len(agents)]

    def probability_of(self, node_id: int) -> Value | None:
        if node_id == 0 or self.players is None:
            return None
        parent = (node_id - 1) // self._width
        even: Any = Fraction(1, self._width)  # a Real, exact
        return even if self.player_of(parent) is CHANCE else None

    @property
    def has_chance(self) -> bool:
        return self.players is not None and any(
            self.players[depth % len(self.players)] is CHANCE for depth in range(self.depth))

    def with_players(self, players: Players) -> Tree:
        return CompleteTree(self._leaves, self._width, self.depth, check_players(players))

    def score_of(self, node_id: int) -> Value | None:
        return self._leaves[node_id - self._internal] if node_id >= self._internal else None

    def leaf_index_of(self, node_id: int) -> int:
        return node_id - self._internal

    def _depth_of(self, node_id: int) -> int:
        return bisect.bisect_right(self._level_starts, node_id) - 1

    @property
    def leaf_scores(self) -> list[Value]:
        return list(self._leaves)


class _Lookup(Sequence):
    """A read-only list whose items are computed by a function."""

    __slots__ = ("_function", "_length")

    def __init__(self, function: Callable[[int], object], length: int):
        self._function, self._length = function, length

    def __getitem__(self, index):
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._function(index)

    def __len__(self) -> int:
        return self._length


def as_tree(tree: object, branching: int | None = None, *,
            players: Players | None = None) -> Tree:
    """Accept every way of writing a tree and return a :class:`Tree`.

    * ``as_tree(leaves, branching)``: the complete tree with these leaves;
    * ``as_tree(nested_lists)``: a tree written as nested lists;
    * ``as_tree(tree)``: a :class:`Tree`, returned as it is.

    With ``players=`` the node at depth k belongs to
    ``players[k % len(players)]`` (see :meth:`Tree.with_players`), a
    :class:`Tree` included.

    A flat list of numbers without ``branching`` is refused, because
    reading ``[3, 5, 2, 9]`` as one MAX node over four leaves (value 9)
    instead of the intended binary tree (value 3) would be a silent wrong
    answer.
    """
    if players is not None:
        cycle = check_players(players)
        if isinstance(tree, Tree) and branching is None:
            return tree if tree.players == cycle else tree.with_players(cycle)
        if branching is not None and not isinstance(tree, Tree):
            return Tree.from_leaves(tree, branching, players=cycle)
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
            f"as_tree(leaves, 2); for one MAX node with these leaves as children use "
            f"Tree.from_nested([leaves])"
        )
    return Tree.from_nested(tree, players=players)
