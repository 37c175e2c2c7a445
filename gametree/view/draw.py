"""Drawing game trees and alpha-beta traces with matplotlib.

The picture follows the textbook: MAX nodes are upward triangles, MIN
nodes downward triangles, leaf scores sit under the leaves and each node
shows its value.  Drawing a :class:`~gametree.trace.Trace` at a step adds
the search's state: the alpha/beta window beside every visited node, the
current node and the path to it in orange, finished nodes filled, pruned
edges and subtrees grey and dashed, and the count of leaves evaluated
against the fewest possible (the Knuth-Moore minimum).

* :func:`draw` returns a matplotlib Figure of a tree, or of a trace at any
  step; :func:`png` returns the same as PNG bytes.
* :class:`TracePlot` creates the artists once and :meth:`TracePlot.show`
  updates them in place, so stepping through a search costs a fraction of
  a redraw; the step-through widget and the GIF export use it.
* :func:`tree_graph` is the tree as a networkx graph.

The layout is :func:`gametree.view.layout.tidy_layout`.  Labels are placed by
:mod:`gametree.view.labels` where they touch no edge, node or other label: as a tree grows they shrink
and, past what a page can hold, are left out (windows first, then names).
Figures are made with ``matplotlib.figure.Figure``, not pyplot, so nothing
piles up in pyplot's list of open figures.
"""

from __future__ import annotations

import io
import math

import networkx as nx
from matplotlib import colors as mcolors
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.transforms import ScaledTranslation
from PIL import Image

from ..generate import knuth_moore_minimum
from ..text import pretty
from ..trace import Snapshot, Status, Trace, trace_alpha_beta
from ..tree import MAX, Tree, as_tree
from . import labels
from .layout import tidy_layout

__all__ = ["draw", "png", "TracePlot", "TreeFigure", "tree_graph", "counter_text", "MAX_NODES"]

MAX_NODES = 3300
"""Largest tree drawn (a complete ternary tree of depth 7 has 3,280 nodes);
bigger trees are refused with a message rather than drawn as a grey smear."""

# Colours (Paul Tol's colour-blind-safe palettes).
MAX_COLOR = "#4477AA"
"""Fill of a finished MAX node."""
MIN_COLOR = "#AA3377"
"""Fill of a finished MIN node."""
LEAF_COLOR = "#444444"
"""Fill of an evaluated leaf."""
CURRENT_COLOR = "#EE7733"
"""Outline of the current node and the path to it."""
PRUNED_COLOR = "#C4C4C4"
"""Pruned edges, outlines and labels."""
EDGE_COLOR = "#8A8A8A"
"""Edges not yet walked."""
WALKED_COLOR = "#333333"
"""Edges into finished nodes."""
TEXT_COLOR = "#222222"
WINDOW_COLOR = "#555555"
_TINT = {"MAX": "#D4E0EE", "MIN": "#EBCFDF"}  # active (on the path) fills
_PRUNED_FILL = "#F2F2F2"
_UNVISITED_LEAF = "#777777"
_STYLE_COLORS = (MAX_COLOR, MIN_COLOR, LEAF_COLOR, CURRENT_COLOR, PRUNED_COLOR, EDGE_COLOR,
                 WALKED_COLOR, TEXT_COLOR, WINDOW_COLOR, *_TINT.values(), _PRUNED_FILL,
                 _UNVISITED_LEAF, "white", "black")
_FILL = {"MAX": MAX_COLOR, "MIN": MIN_COLOR}
_DASHED = (0, (3.0, 2.5))
_SOLID = (0, None)


def counter_text(trace: Trace, evaluated: int | None = None) -> str:
    """``evaluated k of N leaves (fewest possible: M)``.

    The part in brackets, the Knuth-Moore minimum, is given only for
    complete trees, where it is defined.

    >>> from gametree import trace_alpha_beta
    >>> counter_text(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    'evaluated 7 of 9 leaves (fewest possible: 5)'
    >>> counter_text(trace_alpha_beta([[3, 12], 8]), evaluated=1)
    'evaluated 1 of 3 leaves'
    """
    tree = trace.tree
    k = trace.evaluated if evaluated is None else evaluated
    text = f"evaluated {k} of {len(tree.leaves)} leaves"
    if tree.branching is not None:
        text += f" (fewest possible: {knuth_moore_minimum(tree.branching, tree.depth)})"
    return text


def tree_graph(tree: Tree) -> nx.DiGraph:
    """The tree as a networkx graph: nodes are node ids, edges point from
    parent to child (left to right), and each node carries ``name``,
    ``player`` ("MAX"/"MIN"), ``score`` (None inside), ``label`` and
    ``pos`` (its place in :func:`~gametree.view.layout.tidy_layout`).

    >>> from gametree import Tree
    >>> g = tree_graph(Tree.from_nested([[3, 5], [2, 9]]))
    >>> g.number_of_nodes(), list(g.successors(0)), g.nodes[1]["name"], g.nodes[3]["score"]
    (7, [1, 2], 'B', 3)
    """
    graph = nx.DiGraph()
    for node, pos in zip(tree.nodes, tidy_layout(tree)):
        graph.add_node(node.id, name=node.name, player=node.player.value, score=node.score,
                       label=node.label, depth=node.depth, pos=(pos.x, pos.y))
    graph.add_edges_from((node.parent, node.id) for node in tree.nodes[1:])
    return graph


# --- the drawing ---------------------------------------------------------------


class TracePlot:
    """A drawing of a tree whose search state can be changed in place.

    The artists (edges, nodes, texts) are created once; :meth:`show`
    recolours them, changes texts and shows or hides them.  That is what
    makes a step-through fast: :meth:`png` restores a cached render of the
    legend and draws the tree over it, its texts stamped from cached
    bitmaps, then encodes the picture on a fixed palette.

    Parameters
    ----------
    obj : Trace, Tree, or anything :func:`gametree.as_tree` accepts
        A Trace is drawn step by step; a tree is drawn plain (names and
        leaf scores, no search) until :meth:`show` is given a step, when
        alpha-beta is run on it.
    ax : matplotlib Axes, optional
        Draw into this Axes; by default a new Figure sized for the tree.
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.
    caption : bool
        Write the step's caption under the counter.
    counter : bool
        Write the counter (leaves evaluated) on top; the step-through
        widget shows both itself.
    figsize : (float, float), optional
        Figure size in inches (default: sized for the tree).

    Attributes
    ----------
    tree : Tree
    trace : Trace or None
        None until a step is shown for a plain tree.
    figure, ax : the matplotlib Figure and Axes.
    snapshot : Snapshot or None
        The state drawn, None for the plain tree.
    edges : LineCollection
        One segment per node except the root: segment ``i`` is the edge
        into node ``i + 1``.
    markers : dict
        ``"MAX"``, ``"MIN"``, ``"leaf"`` -> PathCollection; ``marker_index[id]``
        gives ``(key, position in that collection)``.
    halo : PathCollection
        The orange disc behind the current node.
    values, windows, names : dict
        Node id -> Text (values and windows only for internal nodes; names
        only where there is room).
    leaf_scores, leaf_names, edge_labels : dict
        Node id -> Text under the leaves, and on the edge into a node
        (moves of a game), where there is room.
    counter, caption : Text
        The figure's title line and caption line.
    positions : list of Point
        :func:`~gametree.view.layout.tidy_layout` of the tree (data coordinates).

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> plot = TracePlot(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> plot.show(-1).counter.get_text()
    'evaluated 7 of 9 leaves (fewest possible: 5)'
    >>> [plot.edges.get_linestyles()[plot.edge_of(plot.tree[name])] != (0, None)
    ...  for name in "HIJ"]  # C's children: H evaluated, I and J pruned (dashed)
    [False, True, True]
    >>> plot.png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """

    def __init__(self, obj, ax=None, *, branching: int | None = None, strict: bool = False,
                 caption: bool = True, counter: bool = True,
                 figsize: tuple[float, float] | None = None):
        if isinstance(obj, Trace):
            if branching is not None:
                raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
            self.trace: Trace | None = obj
            self.tree = obj.tree
            self.strict = obj.strict
        else:
            self.tree = as_tree(obj, branching)
            self.trace = None
            self.strict = strict
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {strict!r}")
        if len(self.tree) > MAX_NODES:
            raise ValueError(
                f"the tree has {len(self.tree):,} nodes, too many to draw legibly; "
                f"draw at most {MAX_NODES:,} (for example a smaller depth)")
        self.snapshot: Snapshot | None = None
        self._nodes = self.tree.nodes
        self.positions = tidy_layout(self.tree)
        self.graph = tree_graph(self.tree)
        self._with_caption = caption
        self._with_counter = counter
        self._header = labels.header(counter, caption)
        self._background = None  # the legend and blank axes, rendered once
        self._palette: Image.Image | None = None
        self._build(ax, figsize)
        self.show(None if self.trace is None else 0)

    # --- building the artists --------------------------------------------

    def _build(self, ax, figsize) -> None:
        tree = self.tree
        own = ax is None
        if own:
            figsize = figsize or labels.figure_size(tree, self._header.height)
            figure = TreeFigure(figsize=figsize)
            FigureCanvasAgg(figure)
            top = self._header.height / figsize[1]
            side = 0.12 / figsize[0]
            rect = (side, 0.08 / figsize[1], 1 - 2 * side, 1 - top - 0.08 / figsize[1])
            ax = figure.add_axes(rect)
        else:
            figure = ax.get_figure(root=True)
            figsize = tuple(figure.get_size_inches())
            box = ax.get_position()
            rect = (box.x0, box.y0, box.width, box.height)
        self.figure, self.ax, self._own = figure, ax, own
        plan = self.plan = labels.plan(tree, self.positions, figsize, rect)
        ax.set_xlim(*plan.xlim)
        ax.set_ylim(*plan.ylim)
        ax.set_axis_off()
        dpi_scale = figure.dpi_scale_trans

        def make_text(x, y, dx, dy, content="", **style):
            transform = ax.transData + ScaledTranslation(dx / 72, dy / 72, dpi_scale)
            artist = labels.StampText(x, y, content, transform=transform, clip_on=False, **style)
            ax.add_artist(artist)
            return artist

        def at(node_id, dx=0.0, dy=0.0, **style):
            x, y = self.positions[node_id]
            return make_text(x, y, dx, dy, **style)

        # Edges: one LineCollection, no arrows (arrows double the cost).
        segments = [[self.positions[node.parent], self.positions[node.id]] for node in tree.nodes[1:]]
        self.edges = LineCollection(segments, colors=EDGE_COLOR, linewidths=1.3, zorder=1,
                                    capstyle="round")
        ax.add_collection(self.edges)

        # Halo behind the current node.
        self.halo = ax.scatter([0], [0], s=1, marker="o", color=CURRENT_COLOR, alpha=0.35,
                               linewidths=0, zorder=1.5)

        # Nodes: one scatter per marker shape.
        groups = {"MAX": [], "MIN": [], "leaf": []}
        for node in tree.nodes:
            key = "leaf" if node.is_leaf else node.player.value
            groups[key].append(node.id)
        shapes = {"MAX": "^", "MIN": "v", "leaf": "s"}
        self.markers, self.marker_index = {}, {}
        for key, ids in groups.items():
            xs = [self.positions[i].x for i in ids]
            ys = [self.positions[i].y for i in ids]
            sizes = [plan.marker[i] ** 2 for i in ids]
            self.markers[key] = ax.scatter(xs, ys, s=sizes, marker=shapes[key], facecolors="white",
                                           edgecolors=EDGE_COLOR, linewidths=1.2, zorder=2)
            for position, i in enumerate(ids):
                self.marker_index[i] = (key, position)
        self._groups = groups

        # Texts.
        self.values, self.windows, self.names = {}, {}, {}
        self.leaf_scores, self.leaf_names, self.edge_labels = {}, {}, {}
        for node in tree.nodes:
            i = node.id
            if node.is_leaf:
                continue
            if plan.value_font[i]:
                shift = -0.17 if node.player is MAX else 0.17
                self.values[i] = at(i, 0, shift * plan.marker[i], ha="center", va="center",
                                    fontsize=plan.value_font[i], fontweight="bold", zorder=3)
            if i in plan.names:
                label = plan.names[i]
                text = at(i, label.dx, label.dy, ha=label.ha, va=label.va,
                          fontsize=label.font, color=TEXT_COLOR, zorder=3)
                text.set_text(node.name)
                self.names[i] = text
            if i in plan.windows:
                label = plan.windows[i]
                self.windows[i] = at(i, label.dx, label.dy, ha=label.ha, va=label.va,
                                     fontsize=label.font, color=WINDOW_COLOR,
                                     linespacing=1.1, zorder=3)
        for leaf in tree.leaves:
            i = leaf.id
            y = -plan.marker[i] / 2 - 2
            if plan.leaf_rows:
                row = leaf.leaf_index % plan.leaf_rows
                text = at(i, 0, y - row * 1.2 * plan.leaf_font, ha="center", va="top",
                          fontsize=plan.leaf_font, color=TEXT_COLOR, zorder=3)
                text.set_text(pretty(leaf.score))
                self.leaf_scores[i] = text
                y -= plan.leaf_rows * 1.2 * plan.leaf_font
            if plan.leaf_name_font:
                text = at(i, 0, y, ha="center", va="top", fontsize=plan.leaf_name_font,
                          color=WINDOW_COLOR, zorder=3)
                text.set_text(leaf.name)
                self.leaf_names[i] = text
        for i, label in plan.edge_labels.items():
            node = tree[i]
            (px, py), (cx, cy) = self.positions[node.parent], self.positions[i]
            self.edge_labels[i] = make_text((px + cx) / 2, (py + cy) / 2, label.dx, label.dy,
                                            node.label, ha=label.ha, va=label.va, fontsize=label.font,
                                            color=WINDOW_COLOR, style="italic", zorder=3)

        # Counter, caption and legend.
        base = plan.base_font
        if own:
            height = figsize[1]
            self.counter = labels.StampText(0.5, 1 - self._header.counter / height, "", ha="center", va="top",
                                      fontsize=max(11.0, base + 1.5), color=TEXT_COLOR,
                                      transform=figure.transFigure)
            self.caption = labels.StampText(0.5, 1 - self._header.caption / height, "", ha="center", va="top",
                                      fontsize=max(10.0, base), color=TEXT_COLOR,
                                      transform=figure.transFigure)
            figure.add_artist(self.counter)
            figure.add_artist(self.caption)
        else:
            self.counter = ax.set_title("", fontsize=max(10.0, base), color=TEXT_COLOR)
            self.caption = ax.text(0.5, 1.0, "", transform=ax.transAxes, ha="center", va="bottom",
                                   fontsize=max(9.0, base - 1), color=TEXT_COLOR)
        self.caption.set_visible(self._with_caption)
        self.counter.set_visible(self._with_counter)
        self.legend = None
        self._make_legend()

    def _legend(self) -> list:
        size = 9
        handles = [
            Line2D([], [], marker="^", linestyle="none", markersize=size, markerfacecolor=MAX_COLOR,
                   markeredgecolor=MAX_COLOR, label="MAX"),
            Line2D([], [], marker="v", linestyle="none", markersize=size, markerfacecolor=MIN_COLOR,
                   markeredgecolor=MIN_COLOR, label="MIN"),
        ]
        if self.trace is None:
            return handles
        return handles + [
            Line2D([], [], marker="s", linestyle="none", markersize=size * 0.7,
                   markerfacecolor=LEAF_COLOR, markeredgecolor=LEAF_COLOR, label="evaluated leaf"),
            Line2D([], [], color=CURRENT_COLOR, linewidth=3, marker="o", markersize=size * 0.8,
                   markerfacecolor="white", markeredgecolor=CURRENT_COLOR, markeredgewidth=2.5,
                   label="current node and path"),
            Line2D([], [], color=PRUNED_COLOR, linewidth=1.5, linestyle=_DASHED, label="pruned"),
        ]

    # --- showing a step ----------------------------------------------------

    def edge_of(self, node) -> int:
        """Index in :attr:`edges` of the edge into ``node`` (a Node or id)."""
        i = node if isinstance(node, int) else node.id
        if i == 0:
            raise ValueError("the root has no edge into it")
        return i - 1

    def show(self, step: int | None = None) -> TracePlot:
        """Draw the search's state right after step ``step`` (negative counts
        from the end); ``None`` draws the plain tree.  Returns ``self``.

        Only artists' properties change; nothing is created or removed.
        """
        if step is None:
            self.snapshot = None
        else:
            self.snapshot = self.search().state(step)
        self._apply(self.snapshot)
        return self

    def search(self) -> Trace:
        """The trace drawn; for a plain tree, run alpha-beta first."""
        if self.trace is None:
            self.trace = trace_alpha_beta(self.tree, strict=self.strict)
            self._make_legend()
        return self.trace

    def _make_legend(self) -> None:
        """(Re)make the legend: MAX and MIN, plus the search's symbols once
        there is a search."""
        if self.legend is not None:
            self.legend.remove()
        handles = self._legend()
        base = self.plan.base_font
        if self._own:
            height = self.figure.get_size_inches()[1]
            legend_y = 1 - self._header.legend / height
            self.legend = self.figure.legend(handles=handles, loc="center",
                                             bbox_to_anchor=(0.5, legend_y), ncol=len(handles),
                                             frameon=False, fontsize=max(9.0, base - 1),
                                             handlelength=1.8, columnspacing=1.6)
        else:
            self.legend = self.ax.legend(handles=handles, loc="upper left", frameon=False,
                                         fontsize=max(8.0, base - 2))
        self._background = None

    def _apply(self, snap: Snapshot | None) -> None:
        tree, plan = self.tree, self.plan
        n = len(tree)
        status = snap.status if snap else (Status.UNVISITED,) * n
        current = snap.current.id if snap else None
        on_path = {node.id for node in snap.path} if snap else set()
        if current is not None:
            on_path.add(current)

        # Edges.
        colors, widths, styles = [], [], []
        for node in self._nodes[1:]:
            s = status[node.id]
            if s is Status.PRUNED:
                colors.append(PRUNED_COLOR), widths.append(1.3), styles.append(_DASHED)
            elif node.id in on_path:
                colors.append(CURRENT_COLOR), widths.append(3.2), styles.append(_SOLID)
            elif s is Status.DONE:
                colors.append(WALKED_COLOR), widths.append(1.7), styles.append(_SOLID)
            else:
                colors.append(EDGE_COLOR), widths.append(1.2), styles.append(_SOLID)
        self.edges.set_color(colors)
        self.edges.set_linewidth(widths)
        self.edges.set_linestyle(styles)

        # Markers.
        for key, ids in self._groups.items():
            faces, edges, lws, lss = [], [], [], []
            for i in ids:
                s = status[i]
                leaf = key == "leaf"
                fill = LEAF_COLOR if leaf else _FILL[key]
                if s is Status.PRUNED:
                    face, edge, lw, ls = _PRUNED_FILL, PRUNED_COLOR, 1.1, _DASHED
                elif s is Status.DONE:
                    face, edge, lw, ls = fill, fill, 1.2, _SOLID
                elif s is Status.ACTIVE:
                    face, edge, lw, ls = _TINT[key], CURRENT_COLOR, 2.2, _SOLID
                else:
                    face, edge, lw, ls = "white", _UNVISITED_LEAF if leaf else fill, 1.2, _SOLID
                if i == current:
                    edge, lw = CURRENT_COLOR, 3.0
                faces.append(face), edges.append(edge), lws.append(lw), lss.append(ls)
            collection = self.markers[key]
            collection.set_facecolor(faces)
            collection.set_edgecolor(edges)
            collection.set_linewidth(lws)
            collection.set_linestyle(lss)

        # Halo.
        if current is None:
            self.halo.set_visible(False)
        else:
            self.halo.set_visible(True)
            self.halo.set_offsets([self.positions[current]])
            self.halo.set_sizes([(plan.marker[current] * 1.5 + 5) ** 2])

        # Values and windows of internal nodes.
        for i, text in self.values.items():
            s = status[i]
            if snap is None or s in (Status.UNVISITED, Status.PRUNED) or snap.v[i] is None:
                text.set_visible(False)
                continue
            value = snap.v[i]
            infinite = math.isinf(value)
            if infinite and not plan.infinity_font[i]:
                text.set_visible(False)
                continue
            text.set_visible(True)
            text.set_text(pretty(value))
            text.set_fontsize(plan.infinity_font[i] if infinite else plan.value_font[i])
            text.set_color("white" if s is Status.DONE else TEXT_COLOR)
        for i, text in self.windows.items():
            s = status[i]
            if snap is None or s in (Status.UNVISITED, Status.PRUNED) or snap.alpha[i] is None:
                text.set_visible(False)
                continue
            text.set_visible(True)
            text.set_text(f"\u03b1={pretty(snap.alpha[i])}\n\u03b2={pretty(snap.beta[i])}")
            active = s is Status.ACTIVE
            text.set_color(TEXT_COLOR if active else WINDOW_COLOR)
            text.set_fontweight("bold" if i == current else "normal")

        # Static texts turn grey when pruned.
        for i, text in self.names.items():
            text.set_color(PRUNED_COLOR if status[i] is Status.PRUNED else TEXT_COLOR)
        for i, text in self.leaf_scores.items():
            text.set_color(PRUNED_COLOR if status[i] is Status.PRUNED else TEXT_COLOR)
        for i, text in self.leaf_names.items():
            text.set_color(PRUNED_COLOR if status[i] is Status.PRUNED else WINDOW_COLOR)
        for i, text in self.edge_labels.items():
            text.set_color(PRUNED_COLOR if status[i] is Status.PRUNED else WINDOW_COLOR)

        # Counter and caption.
        if snap is None:
            self.counter.set_text(self._plain_title())
            self.caption.set_text("")
        else:
            self.counter.set_text(counter_text(self.trace, snap.evaluated))
            self.caption.set_text(f"step {snap.step.index} of {len(self.trace) - 1}: {snap.step.caption}")

    def _plain_title(self) -> str:
        tree = self.tree
        text = f"{len(tree.leaves)} leaves"
        if tree.branching is not None:
            text = f"branching {tree.branching}, depth {tree.depth}: {text}"
        return text

    # --- rendering -----------------------------------------------------------

    def _dynamic(self) -> list:
        """The artists drawn at every render, in drawing order: all but the
        legend (texts are cheap stamps, see StampText)."""
        return [self.edges, self.halo, *self.markers.values(), *self.names.values(),
                *self.leaf_scores.values(), *self.leaf_names.values(),
                *self.edge_labels.values(), *self.values.values(), *self.windows.values(),
                self.counter, self.caption]

    def render(self) -> memoryview:
        """Render the current state into the Agg canvas and return its RGBA
        buffer: the legend and blank axes are rendered once and restored,
        the tree is drawn on top."""
        if not self._own:
            raise ValueError("render() needs a TracePlot that made its own figure (ax=None)")
        canvas = self.figure.canvas
        if self._background is None:
            dynamic = self._dynamic()
            for artist in dynamic:
                artist.set_animated(True)  # canvas.draw() skips animated artists
            canvas.draw()
            for artist in dynamic:
                artist.set_animated(False)
            self._background = canvas.copy_from_bbox(self.figure.bbox)
        else:
            canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        for artist in self._dynamic():
            if artist.get_visible():
                artist.draw(renderer)
        return canvas.buffer_rgba()

    def image(self) -> Image.Image:
        """The current state as a Pillow RGB image."""
        buffer = self.render()
        width, height = self.figure.canvas.get_width_height()
        return Image.frombuffer("RGBA", (width, height), buffer, "raw", "RGBA", 0, 1).convert("RGB")

    def palette(self) -> Image.Image:
        """A 256-colour palette for this drawing (a Pillow "P" image): every
        colour of the style exactly, plus the blends anti-aliasing makes,
        sampled from renders of the search's start, middle and end.

        Mapping a frame onto a fixed palette is ten times faster than PNG-
        compressing it in full colour, and colours stay put from frame to
        frame (a GIF needs that too).
        """
        if self._palette is None:
            snapshot = self.snapshot
            steps = [None] if self.trace is None else sorted({0, len(self.trace) // 3,
                                                              2 * len(self.trace) // 3, -1})
            frames = []
            for step in steps:
                self._apply(None if step is None else self.trace.state(step))
                frames.append(self.image())
            self._apply(snapshot)
            width, height = frames[0].size
            sheet = Image.new("RGB", (width, height * len(frames)))
            for k, frame in enumerate(frames):
                sheet.paste(frame, (0, k * height))
            exact = {tuple(round(255 * c) for c in mcolors.to_rgb(color)) for color in _STYLE_COLORS}
            exact.add(tuple(int(round(255 * (0.35 * c + 0.65))) for c in mcolors.to_rgb(CURRENT_COLOR)))
            sampled = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT)
            flat = sampled.getpalette()
            # Pillow maps a pixel through a cache of 4x4x4 colour cells, so a
            # sampled colour close to a style colour could win that colour's
            # cell (white turning 252-grey); keep the style colours' cells free.
            others = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
            others = [c for c in others
                      if all(max(abs(a - b) for a, b in zip(c, e)) > 8 for e in exact)]
            colors = sorted(exact) + others
            self._palette = Image.new("P", (1, 1))
            self._palette.putpalette([value for color in colors for value in color])
        return self._palette

    def indexed(self) -> Image.Image:
        """The current state as a Pillow image on :meth:`palette`."""
        return self.image().quantize(palette=self.palette(), dither=Image.Dither.NONE)

    def png(self, step: int | None = ...) -> bytes:
        """PNG bytes of the current state (or of ``step``, shown first),
        rendered fast: cached background, fixed palette."""
        if step is not ...:
            self.show(step)
        out = io.BytesIO()
        self.indexed().save(out, format="PNG", compress_level=3)
        return out.getvalue()

    def set_dpi(self, dpi: float) -> None:
        """Change the resolution of :meth:`render` (clears the caches)."""
        self.figure.set_dpi(dpi)
        self._background = None
        self._palette = None


class TreeFigure(Figure):
    """A matplotlib Figure that shows itself as a PNG in a notebook, even
    when pyplot was never imported (matplotlib's own notebook hook is only
    installed by pyplot)."""

    def _repr_png_(self) -> bytes:
        out = io.BytesIO()
        self.savefig(out, format="png", dpi=_screen_dpi(self))
        return out.getvalue()


def _screen_dpi(figure: Figure) -> float:
    """About 1,000 to 1,500 pixels wide: sharp in a notebook, small to store."""
    width = figure.get_size_inches()[0]
    return max(60.0, min(120.0, 1500 / width))


def draw(obj, step: int | None = None, *, branching: int | None = None, strict: bool = False,
         ax=None, caption: bool = True, figsize: tuple[float, float] | None = None) -> Figure:
    """Draw a tree, or alpha-beta's state at one step, as one Figure.

    Parameters
    ----------
    obj : Tree, Trace, or anything :func:`gametree.as_tree` accepts
        What to draw, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``.
    step : int, optional
        For a Trace: the step to show (default: the last, the finished
        search).  For a tree: without ``step`` the plain tree is drawn
        (for exercise sheets); with ``step``, alpha-beta is run on it and
        that step is drawn.  Negative steps count from the end.
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.
    ax : matplotlib Axes, optional
        Draw into this Axes instead of a new Figure.
    caption : bool
        Write the step's caption under the counter.
    figsize : (float, float), optional
        Size in inches; by default about 8 to 16 inches wide, by tree size.

    Returns
    -------
    matplotlib.figure.Figure
        A :class:`TreeFigure` (shown as a picture when it is a notebook
        cell's last expression), or the Figure that holds ``ax``.

    Raises
    ------
    ValueError, TypeError
        For a tree that cannot be built or is too big to draw, or a step
        that is not in the trace.

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> figure = draw(trace, step=trace.cutoffs[0].index)
    >>> for text in figure.artists:  # the counter and the caption
    ...     print(text.get_text())
    evaluated 4 of 9 leaves (fewest possible: 5)
    step 13 of 25: MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)
    >>> draw([[3, 5], [2, 9]]).artists[0].get_text()
    'branching 2, depth 2: 4 leaves'
    """
    plot = TracePlot(obj, ax, branching=branching, strict=strict, caption=caption, figsize=figsize)
    if step is not None:
        _check_step(step, plot)
        plot.show(step)
    elif plot.trace is not None:
        plot.show(-1)
    return plot.figure


def _check_step(step, plot: TracePlot) -> None:
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be a whole number, not {step!r}")
    count = len(plot.search())
    if not -count <= step < count:
        raise ValueError(f"step {step} does not exist; this search has steps 0 to {count - 1} "
                         f"(or -1 for the last)")


def png(obj, step: int | None = None, *, dpi: float | None = None, **options) -> bytes | None:
    """PNG bytes of :func:`draw` ``(obj, step, **options)``; None for a tree
    too big to draw (so a notebook falls back to the text repr).

    >>> png([[3, 5], [2, 9]])[:4]
    b'\\x89PNG'
    """
    tree = obj.tree if isinstance(obj, Trace) else obj
    if isinstance(tree, Tree) and len(tree) > MAX_NODES:
        return None
    figure = draw(obj, step, **options)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi or _screen_dpi(figure))
    return out.getvalue()

