"""Trees whose leaves are utility vectors: max^n, for games of more than
two players, each after its own utility.

(The module is ``gametree.vectors``, so that ``gametree.maxn`` stays the
function whatever has been imported.)

With three or more players a single score cannot say who is ahead: each
leaf carries a *vector* of utilities, one per player, and the player to
move picks the child whose vector is largest in its own component
(Luckhardt and Irani's max^n, 1986; AIMA 4e, section 5.2.2 and Figure
5.4).  Two players whose utilities add up to a constant are minimax again.

    MAXN(s) = the utility vector of s                        at a leaf
              the MAXN(c) with the largest component i,
              over the children c, leftmost on ties          where player i moves

A tree is written as nested lists whose leaves are tuples of ``n`` numbers
(here a tuple is always a vector, never a chance pair)::

    [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)], [(5, 1, 1), (1, 5, 2)]]

The node at depth k belongs to player ``k mod n``; captions and drawings
count players from 1, so the root is player 1 and its vector component is
the first.

* :func:`maxn` and :func:`maxn_values`: the root's vector, and every node's;
* :func:`trace_maxn`: the same search recorded step by step in the
  :class:`~gametree.trace.Trace` format the stepper reads, with captions
  such as ``player 2 at C picks (1, 5, 2): 5 > 3``;
* with ``total=S`` (every utility at least 0 and each vector adding up to
  at most S) the traced search prunes as Korf's *shallow pruning* does
  (Korf, "Multi-player alpha-beta pruning", Artificial Intelligence 48,
  1991): once player j at a node is sure of b, the player above it can get
  at most S - b there; if that is no better than what it already has, the
  node's other children cannot matter.  Deeper cuts, alpha-beta's
  strength, do not carry over to max^n.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import inf
from typing import Any

from .chance import check_score_range
from .checks import check_int, check_score
from .i18n import N_, ngettext
from .i18n import gettext as _
from .listing import Listing
from .replay import CUTOFF, ENTER, LEAF, MAX_TRACE_NODES, RETURN, UPDATE, Step, Trace, Words
from .text import fmt, join_names, shown
from .tree import MAX, MAX_DEPTH, Node, Tree, Value

__all__ = ["Vector", "MaxnTree", "as_maxn_tree", "maxn", "maxn_values", "trace_maxn",
           "MaxnTrace", "MaxnWords", "maxn_listing", "MAXN_STEPS", "maxn_pseudocode",
           "vector_text",
           "random_maxn_tree", "MAX_PLAYERS_MAXN", "MAX_MAXN_LEAVES"]

Vector = tuple[Value, ...]
"""A leaf's utilities, one per player: component i is player i + 1's."""

MAX_PLAYERS_MAXN = 12
"""Most players a vector may give a utility to: more cannot be read at a
node of a drawing."""


def vector_text(vector: Sequence[Value] | None) -> str:
    """A vector as captions write it: ``(1, 5, 2)``; None (not known yet) is ``?``.

    >>> vector_text((1, 5.0, 2.5)), vector_text(None)
    ('(1, 5, 2.5)', '?')
    """
    if vector is None:
        return "?"
    return "(" + ", ".join(fmt(x) for x in vector) + ")"


@dataclass(frozen=True, eq=False)
class MaxnTree:
    """A game tree for max^n: the shape and names of a
    :class:`~gametree.tree.Tree` and a utility vector at each leaf.

    Build one with :func:`as_maxn_tree`.  The shape's leaf scores are
    player 1's utilities, so a plain drawing of :attr:`tree` still says
    something true.
    """

    tree: Tree
    """The shape: nodes named A, B, C, ... in level order; each internal
    node's :attr:`~gametree.tree.Node.agent` says ``player k``."""
    vectors: tuple[Vector, ...]
    """The leaves' utility vectors, left to right."""
    players: int
    """How many players take turns: the node at depth k belongs to player
    k mod players (counted from 1 in words: the root is player 1)."""

    def vector_of(self, node_id: int) -> Vector:
        """The utility vector of leaf ``node_id``."""
        return self.vectors[self.tree.leaf_index_of(node_id)]

    def mover(self, node_id: int) -> int:
        """The component the player at node ``node_id`` maximises, from 0
        (the player's number in words is one more)."""
        return self.tree[node_id].depth % self.players

    def _repr_png_(self) -> tuple[bytes, dict[str, str]] | None:
        """A picture for notebooks, with its alt text (see
        :mod:`gametree.view.maxn`): the finished search; None without
        matplotlib."""
        try:
            from .view.maxn import png_with_alt
        except ImportError:
            return None
        return png_with_alt(self)

    def to_nested(self) -> object:
        """The tree as nested lists, leaves as tuples."""

        def nested(node_id: int) -> object:
            kids = self.tree.child_ids(node_id)
            return [nested(k) for k in kids] if kids else self.vector_of(node_id)

        return nested(0)

    def __repr__(self) -> str:
        text = f"as_maxn_tree({self.to_nested()!r})"
        if len(text) <= 200:
            return text
        return (f"<max^n tree of {len(self.tree)} nodes, {len(self.vectors)} leaves, "
                f"{self.players} players>")


def _where(path: tuple[int, ...]) -> str:
    return "the root" if not path else f"the item at position {list(path)}"


def _leaf_vectors(tree: object) -> list[tuple[tuple[int, ...], tuple]]:
    """(path, vector) of every leaf of the nested lists ``tree``, left to
    right, each item checked to be a list with children or a tuple, before
    anything is built."""
    vectors: list[tuple[tuple[int, ...], tuple]] = []
    stack: list[tuple[tuple[int, ...], object]] = [((), tree)]
    while stack:
        path, item = stack.pop()
        if len(path) > MAX_DEPTH:
            raise ValueError(f"the tree is deeper than {MAX_DEPTH} levels; gametree searches "
                             f"trees a person can follow, so cut it down")
        if isinstance(item, tuple):
            vectors.append((path, item))
        elif isinstance(item, list):
            if not item:
                raise ValueError(f"{_where(path)} is an empty list; every node needs at least "
                                 f"one child (a list, or a tuple of utilities)")
            stack.extend((path + (k,), child) for k, child in reversed(list(enumerate(item))))
        elif isinstance(item, numbers.Real) and not isinstance(item, bool):
            raise ValueError(f"{_where(path)} is {shown(item)}, a number; in max^n every leaf is "
                             f"a tuple of utilities, one per player, such as (3, 1, 2)")
        else:
            raise TypeError(f"{_where(path)} is {shown(item)}; a max^n tree is nested lists whose "
                            f"leaves are tuples of utilities, such as [[(3, 1, 2), (1, 5, 2)]]")
    return vectors


def _check_vectors(vectors: list[tuple[tuple[int, ...], tuple]], players: int | None) -> int:
    """The number of players: every vector must have as many utilities
    (``players``, or the first vector's length), each a score."""
    path, first = vectors[0]
    n = len(first) if players is None else players
    if not 2 <= len(first) <= MAX_PLAYERS_MAXN:
        raise ValueError(f"{_where(path)} is {shown(first)}, a vector of {len(first)} "
                         f"{'utility' if len(first) == 1 else 'utilities'}; max^n needs one per "
                         f"player, 2 to {MAX_PLAYERS_MAXN} players (one number per leaf is minimax)")
    for path, vector in vectors:
        if len(vector) != n:
            said = f"players={n}" if players is not None else f"the first leaf has {n}"
            raise ValueError(f"{_where(path)} is {shown(vector)}, {len(vector)} utilities, but "
                             f"{said}; give every leaf one utility per player")
        for k, x in enumerate(vector):
            check_score(x, f"utility {k + 1} of {_where(path)}")
    return n


def as_maxn_tree(tree: object, players: int | None = None) -> MaxnTree:
    """Read a max^n tree: nested lists whose leaves are tuples of ``n``
    numbers, ``n`` from 2 to :data:`MAX_PLAYERS_MAXN` (a :class:`MaxnTree`
    is returned as it is).

    ``players`` defaults to the vectors' length and must equal it when
    given.  Every leaf is checked as a score is
    (:func:`gametree.checks.check_score`), every list must have a child,
    and a tree deeper than :data:`gametree.tree.MAX_DEPTH` is refused,
    all before anything is searched.

    Raises
    ------
    TypeError, ValueError
        With a sentence naming the bad item: a number where a vector
        belongs, vectors of different lengths, a vector of one number, an
        empty list, or ``players`` that is not the vectors' length.

    Examples
    --------
    >>> game = as_maxn_tree([[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]])
    >>> game.players, [node.agent for node in game.tree][:3]
    (3, ['player 1', 'player 2', 'player 2'])
    >>> as_maxn_tree([[(1, 2), 3]])
    Traceback (most recent call last):
    ...
    ValueError: the item at position [0, 1] is 3, a number; in max^n every leaf is a tuple of utilities, one per player, such as (3, 1, 2)
    """
    if isinstance(tree, MaxnTree):
        if players is not None and players != tree.players:
            raise ValueError(f"this max^n tree has {tree.players} players, not {shown(players)}; "
                             f"drop players= or rebuild the tree")
        return tree
    if isinstance(tree, (str, bytes)):
        raise TypeError("the tree is a string; pass the nested lists themselves, leaves as "
                        "tuples such as [[(3, 1, 2), (1, 5, 2)], [(4, 3, 1)]]")
    if players is not None:
        check_int(players, "players", low=2, high=MAX_PLAYERS_MAXN, example="3")
    vectors = _leaf_vectors(tree)
    n = _check_vectors(vectors, players)

    def expand(item: tuple[int, object]):
        depth, value = item
        return [(depth + 1, child) for child in value] if isinstance(value, list) else None

    def score(item: tuple[int, object]) -> Value:
        return item[1][0]  # type: ignore[index]  # a leaf is a vector: player 1's utility

    shape = Tree.unfold((0, tree), expand, score, player=lambda item: MAX,
                        agent=lambda item: f"player {item[0] % n + 1}"
                        if isinstance(item[1], list) else "")
    ordered = tuple(tuple(vector) for _, vector in vectors)
    return MaxnTree(shape, ordered, n)


MAX_MAXN_LEAVES = 4096
"""Most leaves of a random max^n tree: far more than can be drawn (about 24)."""


def random_maxn_tree(players: int, branching: int, depth: int, seed: int | None, *,
                     low: int = 0, high: int = 9, total: int | None = None) -> MaxnTree:
    """A seeded random complete max^n tree: ``branching ** depth`` leaves
    (at most :data:`MAX_MAXN_LEAVES`), each a vector of ``players``
    whole-number utilities from ``low`` to ``high``.

    With ``total=S`` every vector adds up to exactly S instead (utilities
    from 0, split at random): a constant-sum game, where shallow pruning
    (:func:`trace_maxn` with ``total=S``) applies.  The same seed gives the
    same tree on every machine (``random.Random(seed)``).

    >>> random_maxn_tree(3, 2, 1, seed=4).to_nested()
    [(3, 4, 1), (6, 7, 2)]
    >>> [sum(v) for v in random_maxn_tree(3, 2, 2, seed=4, total=10).vectors]
    [10, 10, 10, 10]
    """
    players = check_int(players, "players", low=2, high=MAX_PLAYERS_MAXN, example="3")
    branching = check_int(branching, "branching", low=1, example="2")
    depth = check_int(depth, "depth", low=0, high=MAX_DEPTH, example="3")
    if seed is not None:
        check_int(seed, "seed", example="42")
    if branching > 1 and depth * math.log2(branching) > math.log2(MAX_MAXN_LEAVES) + 1e-9:
        raise ValueError(f"branching {branching} and depth {depth} make more than "
                         f"{MAX_MAXN_LEAVES:,} leaves; lower one of them")
    low, high = check_score_range(low, high, high_example="9")
    if total is not None:
        total = check_int(total, "total", low=0, example="10")
        check_score(total, "total")
    rng = random.Random(seed)

    def vector() -> tuple[int, ...]:
        if total is None:
            return tuple(rng.randint(low, high) for _ in range(players))
        cuts = sorted(rng.randint(0, total) for _ in range(players - 1))
        return tuple(b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True))

    def node(level: int) -> object:
        return vector() if level == depth else [node(level + 1) for _ in range(branching)]

    return as_maxn_tree(node(0), players)


# --- the value ----------------------------------------------------------------------------


def maxn(tree: object, players: int | None = None) -> Vector:
    """The max^n value of ``tree``: the root's utility vector when every
    player, in turn, picks the child best for itself.

    The node at depth k belongs to player k mod n (player 1 at the root),
    who picks the child whose vector is largest in its own component; of
    children tied there, the leftmost.  With two players whose utilities
    add up to a constant this is minimax.

    Parameters
    ----------
    tree : nested lists or MaxnTree
        Leaves are tuples of n numbers, 2 <= n <= :data:`MAX_PLAYERS_MAXN`
        (see :func:`as_maxn_tree`).
    players : int, optional
        n; defaults to the vectors' length and must equal it.

    Returns
    -------
    tuple
        The vector of the leaf that best play reaches.

    Examples
    --------
    AIMA's Figure 5.4: player 1 at A, player 2 at B and C, player 3 at D
    to G, over leaves of three utilities (A's tie, 1 and 1, keeps the left):

    >>> figure = [[[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]],
    ...           [[(5, 1, 1), (1, 5, 2)], [(7, 7, 1), (5, 4, 5)]]]
    >>> maxn(figure)
    (1, 2, 6)
    >>> maxn([[(1, 5, 2), (4, 3, 1)], [(2, 2, 2)]])  # player 2 at B takes 5 over 3
    (2, 2, 2)
    """
    game = as_maxn_tree(tree, players)
    child_ids, n = game.tree.child_ids, game.players

    def value(node: int, depth: int) -> Vector:
        """MAXN: a leaf's vector, or the best child's for the player to move."""
        children = child_ids(node)
        if not children:
            return game.vector_of(node)
        i = depth % n  # the player to move maximises component i
        best: Vector | None = None
        for child in children:
            u = value(child, depth + 1)
            if best is None or u[i] > best[i]:  # ties keep the leftmost
                best = u
        assert best is not None
        return best

    return value(0, 0)


def maxn_values(tree: object, players: int | None = None) -> list[Vector]:
    """The max^n vector of every node, indexed by node id (level order),
    worked out children first.

    >>> maxn_values([[(1, 5, 2), (4, 3, 1)], [(2, 2, 2)]])[:3]
    [(2, 2, 2), (1, 5, 2), (2, 2, 2)]
    """
    game = as_maxn_tree(tree, players)
    shape = game.tree
    values: list[Any] = [None] * len(shape)
    for node in range(len(shape) - 1, -1, -1):  # level order reversed: children first
        children = shape.child_ids(node)
        if not children:
            values[node] = game.vector_of(node)
            continue
        i = game.mover(node)
        best = values[children[0]]
        for child in children[1:]:
            if values[child][i] > best[i]:
                best = values[child]
        values[node] = best
    return values


# --- the recorded search --------------------------------------------------------------------

_MAXN = (
    ("", "function MAXN(node)"),
    ("leaf", "  " + N_("if node is a leaf: return its vector of utilities")),
    ("mover", "  " + N_("i = the player to move at node")),
    ("start", "  best = none"),
    ("", "  " + N_("for each child c, left to right:")),
    ("search child", "    u = MAXN(c)"),
    ("pick", "    " + N_("if best is none or u[i] > best[i]: best = u")),
    ("return", "  return best"),
)

_SHALLOW = (
    ("", "function SHALLOW(node, bound)  # " + N_("utilities >= 0, adding up to at most S")),
    ("leaf", "  " + N_("if node is a leaf: return its vector of utilities")),
    ("mover", "  " + N_("i = the player to move at node")),
    ("start", "  best = none"),
    ("", "  " + N_("for each child c, left to right:")),
    ("search child", "    u = SHALLOW(c, best[i] if best is not none else -inf)"),
    ("pick", "    " + N_("if best is none or u[i] > best[i]: best = u")),
    ("test", "    " + N_("if S - best[i] <= bound: prune the other children; break")),
    ("return", "  return best"),
)

MAXN_STEPS = {LEAF: ("leaf",), ENTER: ("mover", "start"), UPDATE: ("search child", "pick"),
          CUTOFF: ("test",), RETURN: ("return",)}
"""The names of the lines each kind of step runs (only SHALLOW cuts)."""


def maxn_listing(shallow: bool = False) -> Listing:
    """The pseudocode of :func:`trace_maxn`, its lines named: MAXN, or with
    ``shallow=True`` SHALLOW (Korf's shallow pruning).

    >>> maxn_listing(True).number("test")
    8
    """
    if not isinstance(shallow, bool):
        raise TypeError(f"shallow must be True or False, not {shallow!r}")
    return Listing.of("SHALLOW" if shallow else "MAXN", _SHALLOW if shallow else _MAXN)


def maxn_pseudocode(shallow: bool = False) -> list[str]:
    """The pseudocode of :func:`trace_maxn` as lines (the text of
    :func:`maxn_listing`): MAXN, or with ``shallow=True`` SHALLOW.
    :attr:`gametree.Step.lines` index into it, counting from 1.

    >>> maxn_pseudocode()[6].strip()
    'if best is none or u[i] > best[i]: best = u'
    """
    return list(maxn_listing(shallow).code)


@dataclass(frozen=True)
class MaxnWords(Words):
    """Max^n's words: captions such as ``player 2 at C picks (1, 5, 2): 5 >
    3``, and the lines of :func:`maxn_listing` by name."""

    total: Value | None = None
    """S, the most a vector adds up to, for shallow pruning; None for plain max^n."""

    def line_names(self, step: Step) -> tuple[str, ...]:
        return MAXN_STEPS.get(step.kind, ())

    def used_names(self) -> frozenset[str]:
        kinds = [kind for kind in MAXN_STEPS if self.total is not None or kind is not CUTOFF]
        return frozenset(name for kind in kinds for name in MAXN_STEPS[kind])

    def caption(self, step: Step) -> str:
        node, kind = step.node, step.kind
        if kind is LEAF:
            return _("Leaf {name}: its utilities are {vector}").format(
                name=node.name, vector=vector_text(step.v))  # type: ignore[arg-type]
        player = int(node.agent.split()[-1])  # "player 2"
        if kind is ENTER:
            return _("{who}: enter; player {player} maximises utility {player}, best = none").format(
                who=_who(step), player=player)
        if kind is UPDATE:
            return _update_caption(step, player - 1)
        if kind is CUTOFF:
            return self._cutoff_caption(step, player - 1)
        said = vector_text(step.v)  # type: ignore[arg-type]
        if node.parent is None:
            return _("{who} returns {vector}: the value of the tree").format(who=_who(step), vector=said)
        return _("{who} returns {vector}").format(who=_who(step), vector=said)

    def _cutoff_caption(self, step: Step, i: int) -> str:
        low, total = step.alpha, self.total  # shallow pruning keeps the bound as alpha
        assert total is not None  # a shallow cut has its S
        count = len(step.pruned)
        v: Any = step.v
        return ngettext("{who}: the player above gets at most {formula} here, no more than the {low} "
                        "it has; prune {count} child ({nodes})",
                        "{who}: the player above gets at most {formula} here, no more than the {low} "
                        "it has; prune {count} children ({nodes})", count).format(
            who=_who(step), formula=f"{fmt(total)} - {fmt(v[i])} = {fmt(total - v[i])}", low=fmt(low),
            count=count, nodes=_pruned_text(step.pruned))


def _who(step: Step) -> str:
    """``player 2 at C``."""
    player = step.node.agent.split()[-1]  # "player 2"
    return _("player {number} at {name}").format(number=player, name=step.node.name)


def _update_caption(step: Step, i: int) -> str:
    """An UPDATE of player i + 1's node: it picks the child's vector or keeps its best."""
    old: Any = step.before.v if step.before is not None else None  # vectors here
    u: Any = step.value
    if old is None:
        return _("{who} picks {vector}: the first child, {child}").format(
            who=_who(step), vector=vector_text(u), child=step.child.name)  # type: ignore[union-attr]
    if u[i] > old[i]:  # the search's own test
        return _("{who} picks {vector}: {new} > {old}").format(
            who=_who(step), vector=vector_text(u), new=fmt(u[i]), old=fmt(old[i]))
    if u[i] == old[i]:
        return _("{who} keeps {vector}: {new} is not > {old} (a tie keeps the leftmost)").format(
            who=_who(step), vector=vector_text(old), new=fmt(u[i]), old=fmt(old[i]))
    return _("{who} keeps {vector}: {new} is not > {old}").format(
        who=_who(step), vector=vector_text(old), new=fmt(u[i]), old=fmt(old[i]))


def _pruned_text(nodes: Sequence[Node]) -> str:
    """``leaf G``, ``leaves G and H``, ``subtree C``, ``leaf G and subtree H``:
    by name, since a max^n leaf has no single score to quote."""
    if all(node.is_leaf for node in nodes):
        return ngettext("leaf {names}", "leaves {names}", len(nodes)).format(
            names=join_names(n.name for n in nodes))
    if not any(node.is_leaf for node in nodes):
        return ngettext("subtree {names}", "subtrees {names}", len(nodes)).format(
            names=join_names(n.name for n in nodes))
    return join_names((_("leaf {name}") if n.is_leaf else _("subtree {name}")).format(name=n.name)
                      for n in nodes)


class MaxnTrace(Trace):
    """The recorded max^n search (see :func:`trace_maxn`): a
    :class:`~gametree.trace.Trace`, so the stepper reads it, whose values
    are vectors.

    Attributes
    ----------
    game : MaxnTree
        The tree searched, with its vectors.
    total : Value or None
        S, the most a vector adds up to, for shallow pruning; None for
        plain max^n, which prunes nothing.
    """

    search = "maxn"

    def __init__(self, game: MaxnTree, records: list, evaluated_ids: list[int],
                 total: Value | None):
        self.game = game
        self.total = total
        super().__init__(game.tree, records, evaluated_ids,
                         MaxnWords(maxn_listing(total is not None), total=total))

    @property
    def name(self) -> str:
        """``max^n``."""
        return "max^n"

    @property
    def algorithm(self) -> str:
        """``Max^n (3 players)``, or with shallow pruning ``Max^n with shallow
        pruning (utilities add up to at most 10)``."""
        if self.total is None:
            return _("Max^n ({count} players)").format(count=self.game.players)
        return _("Max^n with shallow pruning ({count} players, utilities adding up to at most "
                 "{total})").format(count=self.game.players, total=fmt(self.total))

    def _repr_png_(self) -> tuple[bytes, dict[str, str]] | None:
        """A picture of the finished search for notebooks, with its alt
        text (see :mod:`gametree.view.maxn`); None without matplotlib."""
        try:
            from .view.maxn import png_with_alt
        except ImportError:
            return None
        return png_with_alt(self)

    def __repr__(self) -> str:
        value: Any = self.value  # a vector
        return (f"<Trace of {self.algorithm[0].lower()}{self.algorithm[1:]}: value "
                f"{vector_text(value)}, {self.evaluated} of {self.tree.leaf_count} leaves "
                f"evaluated, {len(self)} steps>")


def trace_maxn(tree: object, players: int | None = None, *,
               total: Value | None = None) -> MaxnTrace:
    """Run max^n and record every step, in the format the stepper reads.

    Without ``total`` every node is searched (MAXN of
    :func:`maxn_pseudocode`).  With ``total=S``, the promise that every
    utility is at least 0 and every vector adds up to at most S, a node
    stops as soon as the player above it can get at most ``S - best[i]``
    there, no more than it already has (SHALLOW, Korf's shallow pruning);
    the value is the same.

    Each step's ``v`` is the node's best vector so far (None before its
    first child), an UPDATE's ``value`` the child's vector; a LEAF's ``v``
    is the leaf's vector.

    Parameters
    ----------
    tree, players
        As for :func:`maxn`; at most :data:`gametree.trace.MAX_TRACE_NODES` nodes.
    total : number, optional
        S: at least 0; every utility must be at least 0 and every vector
        add up to at most S.

    Raises
    ------
    TypeError, ValueError
        For a tree :func:`as_maxn_tree` refuses, too many nodes, or a
        ``total`` that a leaf breaks (the leaf is named).

    Examples
    --------
    >>> trace = trace_maxn([[(4, 3, 1), (1, 5, 2)], [(2, 2, 2)]])
    >>> trace.value, trace.evaluated
    ((2, 2, 2), 3)
    >>> [step.caption for step in trace if step.kind == "update"][:2]
    ['player 2 at B picks (4, 3, 1): the first child, D', 'player 2 at B picks (1, 5, 2): 5 > 3']
    >>> shallow = trace_maxn([[(6, 2, 2), (1, 1, 8)], [(1, 8, 1), (7, 2, 1)]], total=10)
    >>> shallow.value, shallow.evaluated, shallow.cutoffs[0].caption
    ((6, 2, 2), 3, 'player 2 at C: the player above gets at most 10 - 8 = 2 here, no more than the 6 it has; prune 1 child (leaf G)')
    """
    game = as_maxn_tree(tree, players)
    shape, n = game.tree, game.players
    if len(shape) > MAX_TRACE_NODES:
        raise ValueError(f"the tree has {len(shape):,} nodes; trace_maxn records at most "
                         f"{MAX_TRACE_NODES:,}, so search it with maxn instead, or cut it down")
    if total is not None:
        check_score(total, "total")
        for leaf, vector in zip(shape.leaves, game.vectors, strict=True):
            if min(vector) < 0 or sum(vector) > total:
                raise ValueError(f"leaf {leaf.name} is {vector_text(vector)}; shallow pruning with "
                                 f"total={fmt(total)} needs every utility at least 0 and every "
                                 f"vector adding up to at most {fmt(total)}, so raise total or "
                                 f"drop it")
    child_ids = shape.child_ids
    records: list = []
    evaluated: list[int] = []
    record = records.extend

    def search(node: int, depth: int, bound: Any) -> Vector:
        """MAXN (SHALLOW with a total): the node's vector, recorded."""
        children = child_ids(node)
        if not children:
            evaluated.append(node)
            vector = game.vector_of(node)
            record((LEAF, node, vector, bound, None))
            return vector
        i = depth % n  # the player to move maximises component i
        best: Any = None
        record((ENTER, node, best, bound, None))
        for child in children:
            u = search(child, depth + 1, -inf if best is None else best[i])
            if best is None or u[i] > best[i]:  # ties keep the leftmost
                best = u
            record((UPDATE, node, best, bound, None))
            if total is not None and total - best[i] <= bound:  # Korf's shallow cut
                if child != children[-1]:
                    record((CUTOFF, node, best, bound, None))
                break
        record((RETURN, node, best, bound, None))
        return best

    search(0, 0, -inf)
    return MaxnTrace(game, records, evaluated, total)
