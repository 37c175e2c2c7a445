"""The matplotlib artists of a tree drawing, written from a
:class:`~gametree.view.look.Look`.

:class:`TreeArtists` makes every artist once, for a tree laid out by
:func:`~gametree.view.layout.tidy_layout` and planned by
:func:`~gametree.view.labels.best_plan`: one LineCollection for the edges,
one scatter per kind of marker, a scatter of crosses, a halo behind the
current node, and a text per value, window, name, leaf score, leaf name and
edge label.  :meth:`TreeArtists.write` writes a look into them, changing
only the artists whose marks differ from the look written before; nothing
is created or removed.  What to draw is decided in
:mod:`gametree.view.look`, never here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from matplotlib.collections import LineCollection
from matplotlib.transforms import ScaledTranslation

from ..text import pretty
from ..tree import CHANCE, MAX, Tree
from . import labels
from .look import Look, NodeMark, kind
from .stamp import StampText
from .theme import Theme

if TYPE_CHECKING:
    from matplotlib.typing import LineStyleType

__all__ = ["TreeArtists", "SHAPES"]

SHAPES = {"MAX": "^", "MIN": "v", "CHANCE": "o", "leaf": "s"}
"""The marker of each kind of node (see :func:`gametree.view.look.kind`)."""

_DASHES: LineStyleType = (0, (3.0, 2.5))
_SOLID: LineStyleType = "solid"


class TreeArtists:
    """Every artist of a tree drawn in ``ax``, and what was last written.

    Parameters
    ----------
    figure, ax : the Figure and the Axes to draw in (limits already set).
    tree : Tree
    positions : list of Point
        Where each node goes, in data coordinates.
    plan : gametree.view.labels.Plan
        Marker sizes and every label's spot and font.
    theme : Theme
        The colours the artists start in (a look sets them after).

    Attributes
    ----------
    look : Look or None
        The look last written.
    """

    def __init__(self, figure, ax, tree: Tree, positions, plan, theme: Theme):
        self.figure, self.ax, self.tree = figure, ax, tree
        self.positions, self.plan, self.theme = positions, plan, theme
        self.look: Look | None = None
        self._written: dict = {}  # collection -> the properties last set on it
        self._build_edges()
        self._build_nodes()
        self._build_node_texts()
        self._build_leaf_texts()
        self._build_edge_labels()

    # --- building ----------------------------------------------------------------------

    def _text(self, x, y, dx=0.0, dy=0.0, content="", **style) -> StampText:
        """A text at data point (x, y), offset by (dx, dy) points."""
        transform = self.ax.transData + ScaledTranslation(dx / 72, dy / 72,
                                                          self.figure.dpi_scale_trans)
        artist = StampText(x, y, content, transform=transform, clip_on=False, **style)
        self.ax.add_artist(artist)
        return artist

    def _build_edges(self) -> None:
        # One LineCollection, no arrows (arrows double the cost); segment i
        # is the edge into node i + 1.
        pos, nodes = self.positions, self.tree.nodes
        segments = [[pos[node.parent], pos[node.id]] for node in nodes if node.parent is not None]
        # Where an edge's cross goes: its middle.
        self._middles = {node.id: ((pos[node.id].x + pos[node.parent].x) / 2,
                                   (pos[node.id].y + pos[node.parent].y) / 2)
                         for node in nodes if node.parent is not None}
        self.edges = LineCollection(segments, colors=self.theme["edge"], linewidths=1.3, zorder=1,
                                    capstyle="round")
        self.ax.add_collection(self.edges)
        self.crosses = self.ax.scatter([], [], s=1, marker="x", color=self.theme["cross"],
                                       linewidths=2.0, zorder=1.6)

    def _build_nodes(self) -> None:
        self.halo = self.ax.scatter([0], [0], s=1, marker="o", color=self.theme["current"],
                                    alpha=0.35, linewidths=0, zorder=1.5)
        groups: dict[str, list[int]] = {"MAX": [], "MIN": [], "CHANCE": [], "leaf": []}
        for node in self.tree.nodes:
            groups[kind(node)].append(node.id)
        self.markers, self.marker_key = {}, {}
        for key, ids in groups.items():
            self.markers[key] = self.ax.scatter(
                [self.positions[i].x for i in ids], [self.positions[i].y for i in ids],
                s=[self.plan.marker[i] ** 2 for i in ids], marker=SHAPES[key],
                facecolors=self.theme["background"], edgecolors=self.theme["edge"],
                linewidths=1.2, zorder=2)
            for i in ids:
                self.marker_key[i] = key
        self.groups = groups

    def _build_node_texts(self) -> None:
        """Values inside internal nodes; names and windows beside them."""
        plan, text, window = self.plan, self.theme["text"], self.theme["window"]
        self.values, self.windows, self.names = {}, {}, {}
        for node in self.tree.nodes:
            i = node.id
            if node.is_leaf:
                continue
            x, y = self.positions[i]
            if plan.value_font[i]:
                shift = -0.17 if node.player is MAX else 0.0 if node.player is CHANCE else 0.17
                self.values[i] = self._text(x, y, 0, shift * plan.marker[i], ha="center",
                                            va="center", fontsize=plan.value_font[i],
                                            fontweight="bold", zorder=3)
            if i in plan.names:
                label = plan.names[i]
                self.names[i] = self._text(x, y, label.dx, label.dy, node.name, ha=label.ha,
                                           va=label.va, fontsize=label.font, color=text, zorder=3)
            if i in plan.windows:
                label = plan.windows[i]
                self.windows[i] = self._text(x, y, label.dx, label.dy, ha=label.ha, va=label.va,
                                             fontsize=label.font, color=window,
                                             linespacing=1.1, zorder=3)

    def _build_leaf_texts(self) -> None:
        plan = self.plan
        self.leaf_scores, self.leaf_names = {}, {}
        for leaf in self.tree.leaves:
            i = leaf.id
            x, y = self.positions[i]
            if plan.leaf_rows:
                self.leaf_scores[i] = self._text(
                    x, y, 0, plan.score_offset(self.tree.leaf_index_of(i), plan.marker[i]),
                    pretty(leaf.score), ha="center", va="top", fontsize=plan.fonts.value,
                    color=self.theme["text"], zorder=3)
            if plan.leaf_names:
                self.leaf_names[i] = self._text(
                    x, y, 0, plan.leaf_name_offset(plan.marker[i]), leaf.name, ha="center",
                    va="top", fontsize=plan.fonts.label, color=self.theme["window"], zorder=3)

    def _build_edge_labels(self) -> None:
        self.edge_labels = {}
        for i, label in self.plan.edge_labels.items():
            node = self.tree[i]
            x, y = labels.edge_anchor(node, self.positions[node.parent], self.positions[i])
            move = node.probability is None  # a move in italics, a probability upright
            self.edge_labels[i] = self._text(x, y, label.dx, label.dy, labels.edge_text(node),
                                             ha=label.ha, va=label.va, fontsize=label.font,
                                             color=self.theme["window"],
                                             style="italic" if move else "normal", zorder=3)

    def dynamic(self) -> list:
        """The artists drawn at every render, in drawing order."""
        return [self.edges, self.halo, self.crosses, *self.markers.values(),
                *self.names.values(), *self.leaf_scores.values(), *self.leaf_names.values(),
                *self.edge_labels.values(), *self.values.values(), *self.windows.values()]

    # --- writing a look ----------------------------------------------------------------

    def write(self, look: Look) -> None:
        """Write ``look`` into the artists, changing only what differs from
        the look written before."""
        old, self.look = self.look, look
        self._write_edges(look, None if old is None else old.crossed)
        for key, ids in self.groups.items():
            self._write_markers(key, ids, look)
        if old is None or old.current != look.current:
            self._write_halo(look.current)
        for i, mark in enumerate(look.nodes):
            if old is None or old.nodes[i] != mark:
                self._write_texts(i, mark)

    def _write_lines(self, collection, lines: list) -> None:
        """Set the colours, widths and dashes of ``collection``'s lines (edges,
        or markers' outlines) where they differ from those set last."""
        colors = [line.color for line in lines]
        widths = [line.width for line in lines]
        dashes = [line.dashed for line in lines]
        old = self._written.get(collection, ((), (), (), ()))
        if colors != old[0]:
            (self.edges.set_color if collection is self.edges else collection.set_edgecolor)(colors)
        if widths != old[1]:
            collection.set_linewidth(widths)
        if dashes != old[2]:
            collection.set_linestyle([_DASHES if dashed else _SOLID for dashed in dashes])
        self._written[collection] = (colors, widths, dashes, old[3])

    def _write_edges(self, look: Look, was_crossed: frozenset[int] | None) -> None:
        self._write_lines(self.edges, [edge.line for edge in look.edges if edge is not None])
        if look.crossed == was_crossed:
            return
        crossed = sorted(look.crossed)
        self.crosses.set_offsets([self._middles[i] for i in crossed] or [(math.nan, math.nan)])
        self.crosses.set_sizes([self.plan.cross[i] ** 2 for i in crossed] or [1.0])
        self.crosses.set_visible(bool(crossed))

    def _write_markers(self, key: str, ids: list[int], look: Look) -> None:
        collection, nodes = self.markers[key], look.nodes
        fills = [nodes[i].fill for i in ids]
        self._write_lines(collection, [nodes[i].outline for i in ids])
        written = self._written[collection]
        if fills != written[3]:
            collection.set_facecolor(fills)
            self._written[collection] = (*written[:3], fills)

    def _write_halo(self, current: int | None) -> None:
        if current is None:
            self.halo.set_visible(False)
            return
        self.halo.set_visible(True)
        self.halo.set_offsets([self.positions[current]])
        self.halo.set_sizes([(self.plan.marker[current] * 1.5 + 5) ** 2])

    def _write_texts(self, i: int, mark: NodeMark) -> None:
        if i in self.values:
            self._write_value(self.values[i], i, mark)
        if i in self.windows:
            _write_shown(self.windows[i], mark.window, mark.window_color)
            self.windows[i].set_fontweight("bold" if mark.bold else "normal")
        if i in self.leaf_scores:
            _write_shown(self.leaf_scores[i], mark.text, mark.label_color)
        if i in self.names:
            self.names[i].set_color(mark.label_color)
        for texts in (self.leaf_names, self.edge_labels):
            if i in texts:
                texts[i].set_color(mark.note_color)

    def _write_value(self, artist: StampText, i: int, mark: NodeMark) -> None:
        """A value in its marker, in the font the plan has room for (an
        infinity may need a smaller one); not written where none fits."""
        text = mark.text
        if text in labels.INFINITIES:
            font = self.plan.infinity_font[i]
        else:
            font = mark.font or self.plan.value_font[i]
        if not text or not font:
            artist.set_visible(False)
            return
        artist.set_visible(True)
        artist.set_text(text)
        artist.set_fontsize(font)
        artist.set_color(mark.text_color)

    # --- reading back ------------------------------------------------------------------

    def shown_text(self, i: int) -> str | None:
        """The text written in node ``i`` (a leaf: under it) now; None if none."""
        artist = self.values.get(i) if i in self.values else self.leaf_scores.get(i)
        return artist.get_text() if artist is not None and artist.get_visible() else None

    def shown_window(self, i: int) -> str | None:
        """The window written beside node ``i`` now; None if none."""
        artist = self.windows.get(i)
        return artist.get_text() if artist is not None and artist.get_visible() else None

    def texts(self) -> tuple:
        """(kind, {node id: text artist}) for every group of texts."""
        return (("value", self.values), ("window", self.windows), ("name", self.names),
                ("score", self.leaf_scores), ("leaf name", self.leaf_names),
                ("move", self.edge_labels))


def _write_shown(artist: StampText, text: str | None, color: str) -> None:
    """Show ``text`` in ``color``, or hide the artist if there is none."""
    artist.set_visible(bool(text))
    if text:
        artist.set_text(text)
        artist.set_color(color)
