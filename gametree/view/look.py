"""How a drawing of a tree looks at one step of a search, as plain marks.

This module decides; :mod:`gametree.view.draw` only writes what it decides
into matplotlib artists, and :mod:`gametree.view.figures` and the practice
widget ask it rather than restate its rules.  Nothing here makes an artist:
:func:`look_of` turns a tree, a search's state (a
:class:`~gametree.trace.Snapshot`, or None for the plain tree), the marks a
caller draws on top (:class:`~gametree.view.style.Marks`) and a
:class:`~gametree.view.theme.Theme` into a :class:`Look`, one
:class:`NodeMark` per node and one :class:`EdgeMark` per edge: colours as
``"#rrggbb"``, lines as :class:`~gametree.view.style.Line`, texts, and
whether a node is pruned, as a fact rather than a dash to be read back.

The rules, all in :class:`Styles` and :func:`look_of`:

* a node's fill and outline follow its status: white with a thin outline
  until reached, tinted with an orange outline on the path, filled in its
  player's colour when finished, light grey and dashed when pruned;
* an edge is grey until walked, dark once its node is finished, thick
  orange on the path to the current node, grey and dashed when pruned, with
  a cross where a cut was made (a pruned node under an unpruned parent);
* values are written in finished and active nodes, a chance node's value as
  a bound where Star1 cut it off (``≤5``), alpha and beta beside the nodes
  on the path and the finished ones;
* the current node gets a thick orange outline; the node a PVS test or
  re-search is searching a thick teal one;
* a search that passes over the tree more than once (MTD(f)) shows, in each
  pass, what earlier passes learnt;
* texts on a dark fill are white, labels of pruned nodes grey.

>>> from gametree import trace_alpha_beta
>>> from gametree.view.style import Marks
>>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
>>> look = look_of(trace.tree, trace.state(13), trace)
>>> [trace.tree[i].name for i, node in enumerate(look.nodes) if node.pruned]
['I', 'J']
>>> look.edges[trace.tree["I"].id].crossed, look.nodes[0].window
(True, 'α=3\\nβ=+∞')
>>> look_of(trace.tree, None, marks=Marks(pruned={2})).nodes[9].pruned  # C crossed out: L too
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..generate import knuth_moore_minimum
from ..i18n import ngettext
from ..listing import shown_line
from ..text import brief, pretty
from ..trace import PhaseKind, Snapshot, Status, StepKind, Trace
from ..tree import Node, Tree
from .style import Line, Marks
from .theme import Theme, theme_of

__all__ = ["NodeMark", "EdgeMark", "Look", "Styles", "Room", "Looks", "look_of", "styles", "kind",
           "passes", "counter_text", "bound_text", "subtrees", "DRAWING_KEYS"]

DRAWING_KEYS = ("MAX node", "MIN node", "chance node", "leaf", "current", "current path",
                "pruned edge", "edge", "walked edge", "cross", "text", "window", "phase",
                "active MAX node", "active MIN node", "active chance node", "pruned fill",
                "unvisited leaf", "background", "text on dark", "ink")
"""The theme keys a tree drawing is drawn in (a GIF's palette holds each exactly)."""

_FILLS = {"MAX": "MAX node", "MIN": "MIN node", "CHANCE": "chance node", "leaf": "leaf"}
_ACTIVE = {"MAX": "active MAX node", "MIN": "active MIN node", "CHANCE": "active chance node"}


def kind(node: Node) -> str:
    """``"leaf"``, or the player of an internal node: ``"MAX"``, ``"MIN"``
    or ``"CHANCE"`` (which marker it gets)."""
    return "leaf" if node.is_leaf else node.player.value


class NodeMark(NamedTuple):
    """How one node is drawn at a step."""

    fill: str
    """Fill of its marker, ``"#rrggbb"``."""
    outline: Line
    """Its marker's outline."""
    text: str | None
    """What is written in it (a leaf: under it); None if nothing."""
    font: float | None
    """The font of ``text`` where it is not the drawing's (a bound that must fit a circle)."""
    text_color: str
    """Colour of ``text``: white on a dark fill."""
    window: str | None
    """The alpha/beta window written beside it; None if none."""
    window_color: str
    """Colour of the window: darker on the path to the current node."""
    bold: bool
    """Whether the window is bold (the current node's)."""
    label_color: str
    """Colour of its name and (a leaf) its score: grey when pruned."""
    note_color: str
    """Colour of a leaf's name and of the label on the edge into it."""
    pruned: bool
    """Whether it is drawn pruned: cut off by the search, or crossed out by the marks."""
    current: bool
    """Whether it is highlighted as the current node."""


class EdgeMark(NamedTuple):
    """How the edge into one node is drawn at a step."""

    line: Line
    """Its colour, width and dashes."""
    crossed: bool
    """Whether it carries a cross (a cut made there)."""
    pruned: bool
    """Whether the node it leads to is pruned."""


class Look(NamedTuple):
    """Everything a drawing shows at a step: a frozen, comparable value, so a
    writer changes only what differs from the look before."""

    nodes: tuple[NodeMark, ...]
    """By node id."""
    edges: tuple[EdgeMark | None, ...]
    """By the id of the node the edge leads to (None for the root)."""
    title: str
    """The title line: the counter, a phase's label, or the marks' title."""
    caption: str
    """The caption line (one line; a picture wraps it)."""
    legend: bool
    """Whether the legend is shown."""
    current: int | None
    """The node highlighted as current, if any."""

    @property
    def crossed(self) -> frozenset[int]:
        """The ids of the nodes whose edge carries a cross."""
        return frozenset(i for i, edge in enumerate(self.edges) if edge is not None and edge.crossed)


class Room(NamedTuple):
    """What a look needs to know of the drawing it is for (see
    :class:`gametree.view.labels.Plan`)."""

    path_windows: frozenset[int] = frozenset()
    """Nodes on a crowded row, whose window is written only while they are on the path."""
    font_for: Callable[[str, int], float | None] = lambda text, i: None
    """The font at which a text fits inside node ``i``'s round marker, or None."""


class Styles(NamedTuple):
    """A theme's colours and lines for a tree drawing, read once per theme."""

    node: dict
    """(kind, Status) -> (fill, outline Line)."""
    edge: dict
    """Status -> Line of an edge off the path."""
    path: Line
    """An edge on the path to the current node."""
    current: Line
    """The current node's outline."""
    phase: Line
    """The outline of the node a PVS test or re-search is searching."""
    text: str
    window: str
    pruned: str
    on_dark: str


@lru_cache(maxsize=16)
def styles(theme: Theme | None = None) -> Styles:
    """The :class:`Styles` of ``theme`` (default :data:`~gametree.view.theme.DEFAULT`).

    >>> from gametree.view.theme import DEFAULT
    >>> styles(DEFAULT).node["MAX", Status.DONE][0] == DEFAULT["MAX node"]
    True
    """
    theme = theme_of(theme)
    grey, white = theme["pruned edge"], theme["background"]
    node = {}
    for key, fill_key in _FILLS.items():
        fill = theme[fill_key]
        node[key, Status.PRUNED] = (theme["pruned fill"], Line(grey, 1.1, dashed=True))
        node[key, Status.DONE] = (fill, Line(fill, 1.2))
        node[key, Status.ACTIVE] = (theme[_ACTIVE[key]] if key in _ACTIVE else white,
                                    Line(theme["current"], 2.2))
        node[key, Status.UNVISITED] = (white, Line(theme["unvisited leaf"] if key == "leaf" else fill, 1.2))
    edge = {Status.PRUNED: theme.line("pruned edge"), Status.DONE: theme.line("walked edge"),
            Status.ACTIVE: theme.line("edge"), Status.UNVISITED: theme.line("edge")}
    return Styles(node, edge, theme.line("current path"), theme.line("current"),
                  theme.line("phase"), theme["text"], theme["window"], grey, theme["text on dark"])


@lru_cache(maxsize=256)
def _dark(fill: str) -> bool:
    """Whether a ``"#rrggbb"`` fill is dark (relative luminance under one half)."""
    r, g, b = (int(fill[k:k + 2], 16) / 255 for k in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5


# --- texts ---------------------------------------------------------------------------


def _leaves(count: int) -> str:
    return f"{count} leaf" if count == 1 else f"{count} leaves"


def counter_text(trace: Trace, evaluated: int | None = None) -> str:
    """``evaluated k of N leaves (a full search needs at least M)``.

    The part in brackets, the Knuth-Moore minimum, is given only for
    complete trees that branch and have no chance nodes, where it is
    defined.

    >>> from gametree import trace_alpha_beta
    >>> counter_text(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    'evaluated 7 of 9 leaves (a full search needs at least 5)'
    >>> counter_text(trace_alpha_beta([[3, 12], 8]), evaluated=1)
    'evaluated 1 of 3 leaves'
    >>> counter_text(trace_alpha_beta([[1]]))  # a chain: one leaf, no minimum to compare
    'evaluated 1 of 1 leaf'

    A search that evaluates leaves more than once (MTD(f), PVS with
    re-searches) counts every evaluation:

    >>> from gametree.games.windows import trace_mtdf
    >>> counter_text(trace_mtdf([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    '8 leaf evaluations on 9 leaves (a full alpha-beta search needs at least 5)'
    """
    tree = trace.tree
    k = trace.evaluated if evaluated is None else evaluated
    b = tree.branching
    minimum = knuth_moore_minimum(b, tree.depth) if b is not None and b >= 2 else None
    if trace.revisits:
        text = f"{k} leaf evaluation{'' if k == 1 else 's'} on {_leaves(len(tree.leaves))}"
        if minimum is not None:
            text += f" (a full alpha-beta search needs at least {minimum})"
        return text
    n = len(tree.leaves)
    # Knuth and Moore's minimum is for MAX and MIN taking turns: not for a
    # cycle such as MAX, MIN, MIN (issue 21), nor for max^n's vectors.
    alternating = tree.players is None or len(tree.players) == 2 and tree.players[0] is not tree.players[1]
    if minimum is not None and not tree.has_chance and alternating and trace.search != "maxn":
        return ngettext("evaluated {k} of {n} leaf (a full search needs at least {minimum})",
                        "evaluated {k} of {n} leaves (a full search needs at least {minimum})",
                        n).format(k=k, n=n, minimum=minimum)
    return ngettext("evaluated {k} of {n} leaf", "evaluated {k} of {n} leaves", n).format(k=k, n=n)


def plain_title(tree: Tree) -> str:
    """The title of a tree drawn without a search: its shape."""
    text = _leaves(len(tree.leaves))
    if tree.branching is not None:
        text = f"branching {tree.branching}, depth {tree.depth}: {text}"
    return text


def bound_text(value, alpha, beta, number) -> str:
    """A returned value as a bound where it is one: ``"≤5.5"`` if it is at
    most alpha (it failed low: its value is at most that), ``"≥5.5"`` if at
    least beta, else the value.

    >>> bound_text(5.5, 7, math.inf, pretty), bound_text(7, -math.inf, math.inf, pretty)
    ('≤5.5', '7')
    """
    if alpha is not None and value <= alpha:
        return f"\u2264{number(value)}"
    if beta is not None and value >= beta:
        return f"\u2265{number(value)}"
    return number(value)


def _window(alpha, beta, number) -> str:
    return f"\u03b1={number(alpha)}\n\u03b2={number(beta)}"


def _number(tree: Tree):
    return brief if tree.has_chance else pretty  # sums of products run long


def passes(trace: Trace) -> list[tuple]:
    """Each PASS phase of ``trace`` with what the nodes' last searches
    before it returned, by node id: ``"≤v"`` for a fail low, ``"≥v"`` for
    a fail high, the value for an exact result.  Empty for a search with
    one pass.

    >>> from gametree.games.windows import trace_mtdf
    >>> found = passes(trace_mtdf([[3, 12], [2, 4]]))
    >>> len(found), found[0][1], sorted(found[1][1].values())  # nothing known before the first pass
    (2, {}, ['≥3', '≥3'])
    """
    starts = {p.start: p for p in trace.phases if p.kind is PhaseKind.PASS}
    number = _number(trace.tree)
    windows: dict[int, tuple] = {}
    learnt: dict[int, str] = {}
    found: list[tuple] = []
    for step in trace if starts else ():
        if step.index in starts:
            found.append((starts[step.index], dict(learnt)))
        if step.kind is StepKind.ENTER:
            windows[step.node.id] = (step.alpha, step.beta)
        elif step.kind is StepKind.RETURN and step.value is not None and step.node.id in windows:
            alpha, beta = windows[step.node.id]
            learnt[step.node.id] = bound_text(step.value, alpha, beta, number)
    return found


def current_pass(found: Sequence[tuple], index: int) -> tuple | None:
    """The (phase, learnt) of :func:`passes` that step ``index`` is in, if any."""
    return next((p for p in reversed(found) if p[0].start <= index <= p[0].end), None)


# --- the look ------------------------------------------------------------------------


class _Draft:
    """A look being made: one mutable entry per node (edges: per node but the root)."""

    def __init__(self, looks: Looks):
        n = len(looks.nodes)
        self.fill, self.outline = list(looks.plain_fill), list(looks.plain_outline)
        self.edge: list[Line | None] = [None] + [looks.style.edge[Status.UNVISITED]] * (n - 1)
        self.crossed: set[int] = set()
        self.pruned: set[int] = set()
        self.text: list[str | None] = list(looks.leaf_text)
        self.font: dict[int, float] = {}
        self.window: list[str | None] = [None] * n
        self.bold: set[int] = set()
        self.current: int | None = None
        self.title = looks.plain_title
        self.caption = ""
        self.legend = True


class Looks:
    """The looks of one tree in one theme, step after step: what stays the
    same from step to step (the nodes, their kinds, the plain tree's look)
    is worked out once.

    Parameters
    ----------
    tree : Tree
    theme : Theme, name or mapping, optional
        See :func:`gametree.view.theme.theme_of`.
    room : Room, optional
        What the drawing has room for.

    >>> from gametree import Tree
    >>> looks = Looks(Tree.from_nested([[3, 5], [2, 9]]))
    >>> look = looks.at(None)
    >>> look.title, look.nodes[3].text, look.nodes[1].pruned
    ('branching 2, depth 2: 4 leaves', '3', False)
    """

    def __init__(self, tree: Tree, theme=None, room: Room | None = None):
        self.tree, self.style, self.room = tree, styles(theme_of(theme)), room or Room()
        self.nodes = tree.nodes
        self.kinds = [kind(node) for node in self.nodes]
        plain = [self.style.node[key, Status.UNVISITED] for key in self.kinds]
        self.plain_fill = [fill for fill, _ in plain]
        self.plain_outline = [outline for _, outline in plain]
        self.leaf_text = [pretty(node.score) if node.is_leaf else None for node in self.nodes]
        self.plain_title = plain_title(tree)
        self.number = _number(tree)

    def at(self, snap: Snapshot | None, trace: Trace | None = None, marks: Marks | None = None,
           learnt: Sequence[tuple] | None = None) -> Look:
        """How the tree is drawn at ``snap`` (None: the plain tree, leaf
        scores only) with ``marks`` (keyed by node id:
        :meth:`~gametree.view.style.Marks.resolved`) on top.

        ``trace`` is the search ``snap`` is a step of (needed with a
        snapshot); ``learnt`` is :func:`passes` of it, if already worked
        out.  Without marks, not even the current node is highlighted.
        """
        draft = _Draft(self)
        if snap is not None:
            if trace is None:
                raise ValueError("a snapshot is drawn with the trace it is a step of: give trace=")
            self._searched(draft, snap)
            draft.title = counter_text(trace, snap.evaluated)
            self._learnt_in_pass(draft, snap, passes(trace) if learnt is None else learnt)
            _phase(draft, snap, self.style)
            draft.caption = f"step {snap.step.index} of {len(trace) - 1}: {snap.step.caption}"
        path = set() if snap is None else {node.id for node in snap.path} | {snap.current.id}
        if marks is not None:
            self._overlay(draft, snap, marks, path)
        return self._finish(draft, path)

    def _searched(self, draft: _Draft, snap: Snapshot) -> None:
        """The search's state: styles by status, values, windows, crosses."""
        status, style, kinds = snap.status, self.style, self.kinds
        on_path = {node.id for node in snap.path} | {snap.current.id}
        for i, s in enumerate(status):
            parent = self.nodes[i].parent
            if parent is not None:
                draft.edge[i] = style.path if i in on_path and s is not Status.PRUNED else style.edge[s]
            draft.fill[i], draft.outline[i] = style.node[kinds[i], s]
            if s is Status.PRUNED:
                draft.pruned.add(i)
                if parent is not None and status[parent] is not Status.PRUNED:
                    draft.crossed.add(i)
            elif kinds[i] != "leaf" and s is not Status.UNVISITED:
                self._known(draft, snap, i, s)

    def _known(self, draft: _Draft, snap: Snapshot, i: int, s: Status) -> None:
        """What is known of an active or finished internal node: its value
        (a chance node's as a bound where Star1 cut it off) and its window."""
        number = self.number
        if snap.v[i] is not None:
            draft.text[i] = number(snap.v[i])
            if s is Status.DONE and self.kinds[i] == "CHANCE":
                self._bound_in_circle(draft, i, bound_text(snap.v[i], snap.alpha[i], snap.beta[i], number))
        if snap.alpha[i] is not None and (s is Status.ACTIVE or i not in self.room.path_windows):
            draft.window[i] = _window(snap.alpha[i], snap.beta[i], number)

    def _bound_in_circle(self, draft: _Draft, i: int, bound: str) -> None:
        """A chance node's bound in its circle, in a smaller font if need be
        (never below a value's 14 px); where it cannot hold the sign, the
        caption says "at most"."""
        font = self.room.font_for(bound, i)
        if font:
            draft.text[i], draft.font[i] = bound, font

    def _learnt_in_pass(self, draft: _Draft, snap: Snapshot, learnt: Sequence[tuple]) -> None:
        """In a pass of a search that passes over the tree more than once
        (MTD(f)), what the pass asks and what earlier passes learnt: until the
        root is searched in this pass, its window is the pass's test window
        and its text the bound known so far ("≤3", "2–3"); a node this pass
        has not reached yet shows the bound its last search returned, the
        entry the table holds for it ("≤3", "≥2", or its value)."""
        found = current_pass(learnt, snap.step.index)
        if found is None:
            return
        phase, known = found
        for i, text in known.items():
            if snap.status[i] is Status.UNVISITED:
                draft.text[i] = text
        root = self.tree.root.id
        if snap.status[root] is Status.UNVISITED:
            draft.window[root] = _window(phase.alpha, phase.beta, self.number)
            draft.text[root] = _known_bounds(phase.lower, phase.upper, self.number)

    def _overlay(self, draft: _Draft, snap: Snapshot | None, marks: Marks, path: set[int]) -> None:
        """The current node highlighted (unless ``marks`` say not to) and
        ``marks`` drawn on top: crossed-out branches first, as the search draws
        its pruned ones, then fills, outlines, texts and edges."""
        if marks.current and snap is not None:
            current = draft.current = snap.current.id
            draft.outline[current] = self.style.current
            draft.bold.add(current)
        self._cross_out(draft, marks.pruned)
        self._marked(draft, marks, path)
        draft.title = draft.title if marks.title is None else marks.title
        draft.caption = draft.caption if marks.caption is None else marks.caption
        draft.legend = marks.legend

    def _marked(self, draft: _Draft, marks: Marks, path: set[int]) -> None:
        """Fills, outlines, texts, windows, edges, crosses and hidden texts from ``marks``."""
        for i, value in marks.fill.items():
            draft.fill[i] = value
        for i, line in marks.outline.items():
            draft.outline[i] = line
        for i, text in marks.text.items():
            draft.text[i] = text or None
        for i, text in marks.window.items():
            shown = i not in self.room.path_windows or i in path
            draft.window[i] = (text or None) if shown else None
        for i, line in marks.edges.items():
            if i:
                draft.edge[i] = line
        draft.crossed |= {i for i in marks.crossed if i}
        for i in marks.hidden:
            draft.text[i] = draft.window[i] = None

    def _cross_out(self, draft: _Draft, crossed_out) -> None:
        """Draw the nodes ``crossed_out`` and everything under them pruned, with
        a cross on the edge into each top one."""
        if not crossed_out:
            return
        below = subtrees(self.nodes, crossed_out)
        for i in below:
            parent = self.nodes[i].parent
            draft.fill[i], draft.outline[i] = self.style.node[self.kinds[i], Status.PRUNED]
            if parent is not None:
                draft.edge[i] = self.style.edge[Status.PRUNED]
                if parent not in below:
                    draft.crossed.add(i)
        draft.pruned |= below

    def _finish(self, draft: _Draft, path: set[int]) -> Look:
        """The frozen :class:`Look`, every text's colour decided."""
        style = self.style
        text, window, grey, on_dark = style.text, style.window, style.pruned, style.on_dark
        pruned, bold, current, texts, windows = draft.pruned, draft.bold, draft.current, draft.text, draft.window
        fonts = draft.font
        new = tuple.__new__  # a NamedTuple made without its Python-level __new__: a step makes hundreds
        nodes = tuple(
            new(NodeMark, (fill, outline, texts[i], fonts.get(i) if fonts else None,
                           on_dark if _dark(fill) else text, windows[i],
                           text if i in path else window, i in bold,
                           grey if i in pruned else text, grey if i in pruned else window,
                           i in pruned, i == current))
            for i, (fill, outline) in enumerate(zip(draft.fill, draft.outline, strict=True)))
        crossed = draft.crossed
        edges = (None, *(new(EdgeMark, (line, i in crossed, i in pruned))
                         for i, line in enumerate(draft.edge) if i))
        return Look(nodes, edges, draft.title, draft.caption, draft.legend, current)


def subtrees(nodes: Sequence[Node], tops) -> frozenset[int]:
    """The ids of the nodes ``tops`` (ids) and of every node under them;
    ``nodes`` in level order, as :attr:`Tree.nodes <gametree.tree.Tree.nodes>`
    has them.

    >>> from gametree import Tree
    >>> sorted(subtrees(Tree.from_nested([[3, 5], [2, 9]]).nodes, {1}))
    [1, 3, 4]
    """
    below: set[int] = set()
    for node in nodes:  # level order: a node under a crossed-out one comes after it
        if node.id in tops or node.parent in below:
            below.add(node.id)
    return frozenset(below)


def look_of(tree: Tree, snap: Snapshot | None, trace: Trace | None = None, marks: Marks | None = None,
            theme=None, room: Room | None = None, learnt: Sequence[tuple] | None = None) -> Look:
    """How ``tree`` is drawn at ``snap`` (None: the plain tree) with
    ``marks`` on top, in ``theme``: :meth:`Looks.at` of a
    :class:`Looks` made for this one look."""
    return Looks(tree, theme, room).at(snap, trace, marks, learnt)


def _known_bounds(lower, upper, number) -> str | None:
    """What is known of a value between ``lower`` and ``upper``: ``"≤3"``,
    ``"≥2"``, ``"2–3"``, or None if nothing."""
    if math.isinf(lower) and math.isinf(upper):
        return None
    if math.isinf(lower):
        return f"\u2264{number(upper)}"
    if math.isinf(upper):
        return f"\u2265{number(lower)}"
    return f"{number(lower)}\u2013{number(upper)}"


def _phase(draft: _Draft, snap: Snapshot, style: Styles) -> None:
    """Which pass, test or re-search is under way: the title names it, and a
    thick outline marks the node searched."""
    phase = snap.step.phase
    if phase is None:
        return
    draft.title = shown_line(phase.label)  # in the language in force
    if phase.kind is not PhaseKind.PASS and snap.status[phase.node.id] is not Status.PRUNED:
        draft.outline[phase.node.id] = style.phase
