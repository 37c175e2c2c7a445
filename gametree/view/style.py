"""Marking a drawing through arguments, the way ``chess.svg.board(fill=...,
arrows=...)`` marks a chess board.

A drawing of a tree shows the search's state at a step (see
:mod:`gametree.view.draw`).  :class:`Marks` says what to change on top of
that: which nodes and edges to mark and how.  Callers pass marks as keyword
arguments to :func:`gametree.view.draw.draw` or
:meth:`gametree.view.draw.TracePlot.show`; they never touch the drawing's
matplotlib artists.

Nodes are named by a :class:`~gametree.tree.Node`, a name (``"C"``) or an
id (``2``); an edge is named by the node it leads to.

>>> from gametree.view.draw import draw
>>> figure = draw([[3, 12, 8], [2, 4, 6], [14, 5, 2]], fill={"B": "#AA3377"}, text={"B": "3"},
...               edges={"B": Line("#EE7733", width=4)}, crossed=["I", "J"],
...               title="B is worth 3")

The colours that carry a meaning shared by several drawings and widgets
(a target the student selected, a mistake, a pruned edge, the current
node) live in one palette, :data:`COLORS`, with named keys, the way
python-chess keeps ``DEFAULT_COLORS``; it and :func:`palette` are the
theme's (:mod:`gametree.view.theme`, where every colour of the drawings
lives), re-exported here.  A drawing or widget that takes
``colors={...}`` merges it over the defaults with :func:`palette` when it
is made, never at import, so a notebook can change one key and see it.
"Selected" and "mistake" never share a colour, and are drawn in different
line styles too (dashed and solid), so colour is never the only cue.

>>> palette({"mistake": "black"})["mistake"], palette()["selected"] != palette()["mistake"]
('#000000', True)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from ..text import describe
from ..tree import Node, Tree
from .theme import COLORS, hex_color, palette

__all__ = ["Line", "Marks", "node_id", "color", "COLORS", "palette"]

NodeRef = Node | str | int
"""A node of the drawn tree: the Node, its name, or its id."""


@dataclass(frozen=True)
class Line:
    """How an edge, or a node's outline, is drawn.

    >>> Line("#CC3311", width=3, dashed=True)
    Line(color='#CC3311', width=3, dashed=True)
    """

    color: str
    """Any matplotlib colour: a name, ``"#RRGGBB"`` or an RGB tuple."""
    width: float = 2.5
    """Line width in points (pixels on screen)."""
    dashed: bool = False
    """Dashed instead of solid: a cue that does not depend on colour."""

    def __post_init__(self):
        color(self.color)
        if isinstance(self.width, bool) or not isinstance(self.width, (int, float)) \
                or not 0 <= self.width <= 20:
            raise ValueError(f"a line's width must be a number of points from 0 to 20, "
                             f"not {describe(self.width)}")
        if not isinstance(self.dashed, bool):
            raise TypeError(f"dashed must be True or False, not {describe(self.dashed)}")


@dataclass(frozen=True)
class Marks:
    """What to mark on a drawing, on top of the step it shows.

    Every field left at its default changes nothing.  Mappings and
    collections are keyed by node (a Node, its name or its id); an edge is
    keyed by the node it leads to.
    """

    fill: Mapping = field(default_factory=dict)
    """Node -> fill colour of its marker."""
    outline: Mapping = field(default_factory=dict)
    """Node -> :class:`Line` of its marker's outline."""
    text: Mapping = field(default_factory=dict)
    """Node -> the text written in it (a leaf: under it), e.g. a value; ""
    writes nothing.  Written only where the marker can hold it legibly."""
    window: Mapping = field(default_factory=dict)
    """Node -> the text beside it where alpha and beta go, e.g.
    ``"α=3\\nβ=+∞"``; "" writes nothing.  Written only where the drawing has
    room for a window (on a crowded row: while the node is on the path)."""
    edges: Mapping = field(default_factory=dict)
    """Node -> :class:`Line` of the edge into it."""
    crossed: Collection = ()
    """Nodes whose incoming edge carries a cross: a branch cut off."""
    hidden: Collection = ()
    """Nodes whose value and window are not written (a question for the class)."""
    pruned: Collection = ()
    """Nodes drawn pruned with everything under them, as the search draws
    the branches it cuts off (a student's crossed-out branches): grey and
    dashed, with a cross on the edge into each top one."""
    title: str | None = None
    """The title line instead of the counter; None keeps it."""
    caption: str | None = None
    """The caption line instead of the step's caption; None keeps it."""
    current: bool = True
    """False: no highlight of the current node (a finished picture)."""
    legend: bool = True
    """False: no legend."""

    def merged(self, other: Marks) -> Marks:
        """These marks with ``other``'s on top: mappings updated, node sets
        joined, title, caption and switches taken from ``other`` where it
        sets them.  Both must key nodes the same way (see :meth:`resolved`).

        >>> Marks(fill={1: "red"}, crossed={2}).merged(Marks(fill={3: "blue"}, title="t")).fill
        {1: 'red', 3: 'blue'}
        """
        return Marks(fill={**self.fill, **other.fill}, outline={**self.outline, **other.outline},
                     text={**self.text, **other.text}, window={**self.window, **other.window},
                     edges={**self.edges, **other.edges},
                     crossed=frozenset(self.crossed) | frozenset(other.crossed),
                     hidden=frozenset(self.hidden) | frozenset(other.hidden),
                     pruned=frozenset(self.pruned) | frozenset(other.pruned),
                     title=self.title if other.title is None else other.title,
                     caption=self.caption if other.caption is None else other.caption,
                     current=self.current and other.current, legend=self.legend and other.legend)

    def fields(self) -> dict:
        """The marks as keyword arguments for :meth:`TracePlot.show`."""
        return {name: getattr(self, name) for name in self.__dataclass_fields__}

    def resolved(self, tree: Tree) -> Marks:
        """The same marks keyed by node id, every key, colour and text
        checked against ``tree`` (raises TypeError or ValueError naming the
        bad entry)."""
        def ids(items, what):
            if isinstance(items, (str, bytes)) or not isinstance(items, Collection):
                raise TypeError(f"{what} must be a collection of nodes, not {describe(items)}")
            return frozenset(node_id(tree, item) for item in items)

        def keyed(mapping, what, check):
            if not isinstance(mapping, Mapping):
                raise TypeError(f"{what} must map nodes to values, e.g. {{'B': ...}}, "
                                f"not {describe(mapping)}")
            return {node_id(tree, key): check(value, what) for key, value in mapping.items()}

        for name in ("title", "caption"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise TypeError(f"{name} must be text or None, not {describe(value)}")
        for name in ("current", "legend"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} must be True or False, not {describe(getattr(self, name))}")
        return Marks(fill=keyed(self.fill, "fill", _check_color),
                     outline=keyed(self.outline, "outline", _check_line),
                     text=keyed(self.text, "text", _check_text),
                     window=keyed(self.window, "window", _check_text),
                     edges=keyed(self.edges, "edges", _check_line),
                     crossed=ids(self.crossed, "crossed"), hidden=ids(self.hidden, "hidden"),
                     pruned=ids(self.pruned, "pruned"),
                     title=self.title, caption=self.caption, current=self.current,
                     legend=self.legend)


def node_id(tree: Tree, ref: object) -> int:
    """The id of the node ``ref`` names in ``tree``: a Node of the tree, a
    name such as ``"C"``, or an id.

    >>> from gametree import Tree
    >>> tree = Tree.from_nested([[3, 5], [2, 9]])
    >>> node_id(tree, "C"), node_id(tree, 2), node_id(tree, tree["C"])
    (2, 2, 2)
    """
    if isinstance(ref, Node):
        if ref.id < len(tree) and tree[ref.id].name == ref.name and tree[ref.id].depth == ref.depth:
            return ref.id
        raise ValueError(f"node {ref.name} is not a node of the tree drawn")
    if isinstance(ref, str):
        try:
            return tree[ref].id
        except KeyError as error:
            raise ValueError(error.args[0]) from None
    if isinstance(ref, int) and not isinstance(ref, bool):
        if not 0 <= ref < len(tree):
            raise ValueError(f"node {ref} does not exist; ids run 0 to {len(tree) - 1}")
        return ref
    raise TypeError(f"name a node by its Node, its name or its id, not {describe(ref)}")


def color(value: object) -> str:
    """``value`` as ``"#rrggbb"``; ValueError if it is not a colour
    (:func:`gametree.view.theme.hex_color`).

    >>> color("white"), color((1, 0, 0))
    ('#ffffff', '#ff0000')
    """
    return hex_color(value)


def _check_color(value, what):
    return color(value)


def _check_line(value, what):
    if not isinstance(value, Line):
        raise TypeError(f"{what} must map nodes to Line(color, width, dashed), not {describe(value)}")
    return value


def _check_text(value, what):
    if not isinstance(value, str):
        raise TypeError(f"{what} must map nodes to text (use gametree.text.pretty for a number), "
                        f"not {describe(value)}")
    return value
