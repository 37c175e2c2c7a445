"""Drawing game trees and alpha-beta traces with matplotlib.

The picture follows the textbook: MAX nodes are upward triangles, MIN
nodes downward triangles, chance nodes circles with the probability of
each outcome on its edge, leaf scores sit under the leaves and each node
shows its value.  Drawing a :class:`~gametree.trace.Trace` at a step adds
the search's state: the alpha/beta window beside every visited node, the
current node and the path to it in thick orange, finished nodes filled,
pruned edges and subtrees grey and dashed with a cross where the cut was,
and the count of leaves evaluated against the fewest possible (the
Knuth-Moore minimum).  No state is shown by colour alone: shapes, fills,
line widths, dashes and crosses carry it too, in Paul Tol's colour-blind-safe
colours.

* :func:`draw` returns a matplotlib Figure of a tree, or of a trace at any
  step; :func:`png` returns the same as PNG bytes.
* :class:`TracePlot` creates the artists once and :meth:`TracePlot.show`
  updates them in place, so stepping through a search costs a fraction of
  a redraw; the step-through widget and the GIF export use it.
* Both take marks (:class:`gametree.view.style.Marks`) as keyword
  arguments: fills, outlines, texts, edge styles, crosses, a title and a
  caption on top of the step shown, as ``chess.svg.board`` takes
  ``fill=`` and ``arrows=``.  :meth:`TracePlot.node_look` and
  :meth:`TracePlot.edge_look` say how a node or edge is drawn.
* :func:`tree_graph` is the tree as a networkx graph.

Pictures are made for a projector: at :data:`SCREEN_DPI` a point is a
pixel, a figure fits a JupyterLab cell at 1280x720 (:data:`CELL_WIDTH` by
:data:`CELL_HEIGHT`), and :mod:`gametree.view.labels` keeps every value and
leaf score at 14 px or more and every other label at 12 px or more,
leaving labels out rather than shrinking them.  Figures are made with
``matplotlib.figure.Figure``, not pyplot, so nothing piles up in pyplot's
list of open figures.
"""

from __future__ import annotations

import io
import math
from types import EllipsisType
from typing import TYPE_CHECKING, NamedTuple

import networkx as nx
from matplotlib import colors as mcolors
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.transforms import ScaledTranslation
from PIL import Image

from ..solve import trace_search
from ..checks import check_step
from ..generate import knuth_moore_minimum
from ..text import brief, pretty
from ..trace import PhaseKind, Snapshot, Status, StepKind, Trace
from ..tree import CHANCE, MAX, Tree, as_tree
from . import labels
from .layout import tidy_layout
from .stamp import StampText, extent, widest, wrap
from .style import COLORS, Line, Marks, color, node_id

if TYPE_CHECKING:
    from matplotlib.typing import LineStyleType

__all__ = ["draw", "png", "TracePlot", "TreeFigure", "NodeLook", "EdgeLook", "LabelBox", "Line",
           "tree_graph", "counter_text", "screen_dpi", "MAX_NODES", "SCREEN_DPI", "CELL_WIDTH", "CELL_HEIGHT"]

MAX_NODES = 3300
"""Largest tree drawn (a complete ternary tree of depth 7 has 3,280 nodes);
bigger trees are refused with a message rather than drawn as a grey smear."""

SCREEN_DPI = 72
"""Resolution of pictures for the screen: one point is one pixel."""
CELL_WIDTH = 1100
"""Width in pixels of a JupyterLab cell's output at 1280x720."""
CELL_HEIGHT = 560
"""Height in pixels of JupyterLab's notebook area at 1280x720."""
MAX_WIDTH = 2400
"""Widest figure made for a tree that needs more than a cell (it scrolls)."""

# Colours (Paul Tol's colour-blind-safe palettes).
MAX_COLOR = "#4477AA"
"""Fill of a finished MAX node."""
MIN_COLOR = "#AA3377"
"""Fill of a finished MIN node."""
CHANCE_COLOR = "#228833"
"""Fill of a finished chance node."""
LEAF_COLOR = "#444444"
"""Fill of an evaluated leaf."""
CURRENT_COLOR = COLORS["current"]
"""Outline of the current node and the path to it."""
PRUNED_COLOR = COLORS["pruned edge"]
"""Pruned edges, outlines and labels."""
EDGE_COLOR = "#8A8A8A"
"""Edges not yet walked."""
WALKED_COLOR = "#333333"
"""Edges into finished nodes."""
TEXT_COLOR = "#222222"
WINDOW_COLOR = "#555555"
CROSS_COLOR = "#333333"
"""The cross on a cut edge."""
PHASE_COLOR = "#009988"
"""Outline of the node a null-window test or a re-search is searching (PVS)."""
_TINT = {"MAX": "#D4E0EE", "MIN": "#EBCFDF", "CHANCE": "#D0E8D4"}  # active (on the path) fills
_PRUNED_FILL = "#F2F2F2"
_UNVISITED_LEAF = "#777777"
_STYLE_COLORS = (MAX_COLOR, MIN_COLOR, CHANCE_COLOR, LEAF_COLOR, CURRENT_COLOR, PRUNED_COLOR, EDGE_COLOR,
                 WALKED_COLOR, TEXT_COLOR, WINDOW_COLOR, PHASE_COLOR, *_TINT.values(), _PRUNED_FILL,
                 _UNVISITED_LEAF, "white", "black")
_FILL = {"MAX": MAX_COLOR, "MIN": MIN_COLOR, "CHANCE": CHANCE_COLOR}
_DASHES: LineStyleType = (0, (3.0, 2.5))
_SOLID: LineStyleType = "solid"


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
    if trace.revisits:
        text = f"{k} leaf evaluation{'' if k == 1 else 's'} on {_leaves(len(tree.leaves))}"
        if tree.branching is not None and tree.branching >= 2:
            text += f" (a full alpha-beta search needs at least {knuth_moore_minimum(tree.branching, tree.depth)})"
        return text
    text = f"evaluated {k} of {_leaves(len(tree.leaves))}"
    # Knuth and Moore's minimum is for MAX and MIN taking turns: not for a
    # cycle such as MAX, MIN, MIN (issue 21), nor for max^n's vectors.
    alternating = tree.players is None or len(tree.players) == 2 and tree.players[0] is not tree.players[1]
    if tree.branching is not None and tree.branching >= 2 and not tree.has_chance \
            and alternating and trace.search != "maxn":
        text += f" (a full search needs at least {knuth_moore_minimum(tree.branching, tree.depth)})"
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
    for node, pos in zip(tree.nodes, tidy_layout(tree), strict=True):
        graph.add_node(node.id, name=node.name, player=node.player.value, score=node.score,
                       label=node.label, depth=node.depth, pos=(pos.x, pos.y))
    graph.add_edges_from((node.parent, node.id) for node in tree.nodes[1:])
    return graph


# --- how things look ---------------------------------------------------------------


class NodeLook(NamedTuple):
    """How one node is drawn (colours as ``"#rrggbb"``)."""

    shape: str
    """Its marker: "^" for MAX, "v" for MIN, "o" for a chance node, "s" for a leaf."""
    fill: str
    """Fill of its marker."""
    outline: str
    """Colour of its marker's outline."""
    width: float
    """Width of the outline, points."""
    dashed: bool
    """Whether the outline is dashed (a pruned node)."""
    text: str | None
    """What is written in it (a leaf: under it); None if nothing."""
    window: str | None
    """The alpha/beta window written beside it; None if none."""
    current: bool
    """Whether it is highlighted as the current node."""


class EdgeLook(NamedTuple):
    """How one edge (named by the node it leads to) is drawn."""

    color: str
    """Its colour, ``"#rrggbb"``."""
    width: float
    """Its width, points."""
    dashed: bool
    """Whether it is dashed (pruned)."""
    crossed: bool
    """Whether it carries a cross (where a cut was made)."""


class LabelBox(NamedTuple):
    """A text written on a drawing, where and how large."""

    kind: str
    """"value", "window", "name", "score", "leaf name", "move", "probability",
    "title" or "caption"."""
    node: int | None
    """The node's id (None for the title and caption; a move: the node it leads to)."""
    text: str
    """What is written."""
    font: float
    """Font size in pixels of the figure at its dpi."""
    box: tuple[float, float, float, float]
    """x0, y0, x1, y1 in pixels, y up."""


class _Look:
    """Everything that changes from step to step, before it is pushed into
    the artists: one entry per node (edges: per node but the root)."""

    def __init__(self, n: int):
        self.edge = [Line(EDGE_COLOR, 1.2)] * n  # index 0 unused: the root has no edge
        self.crossed: set[int] = set()
        self.fill = ["white"] * n
        self.outline = [Line(EDGE_COLOR, 1.2)] * n
        self.text: list[str | None] = [None] * n
        self.text_color = [TEXT_COLOR] * n
        self.text_font: dict[int, float] = {}  # a text's font where it is not the plan's
        self.window: list[str | None] = [None] * n
        self.window_bold = [False] * n
        self.current: int | None = None
        self.title = ""
        self.caption = ""
        self.legend = True


class Header(NamedTuple):
    """The strip above the tree in a figure of its own, in pixels from the top."""

    title: float
    """Top of the title line (the counter)."""
    caption: float
    """Top of the caption line."""
    legend: float
    """Middle of the legend's row."""
    height: float
    """The whole strip."""


_TITLE_FONT, _CAPTION_FONT, _LEGEND_FONT = 17.0, 15.0, 13.0


_LEGEND_ROW = 22
"""Pixels of each row of the legend after the first."""


def header(title: bool, caption: bool, legend_rows: int = 1, caption_lines: int = 1) -> Header:
    """Where the title, caption (in ``caption_lines`` lines) and legend (in
    ``legend_rows`` rows) go above the tree."""
    y = 5.0
    title_y = y
    y += 24 if title else 0
    caption_y = y
    y += 22 + _CAPTION_LINE * (caption_lines - 1) if caption else 0
    extra = _LEGEND_ROW * (legend_rows - 1)
    legend_y = y + 11 + extra / 2
    return Header(title_y, caption_y, legend_y, y + 26 + extra)


_CAPTION_LINE = 19
"""Pixels of each line of the caption after the first."""

_LEGEND_LABELS = {"max": "MAX", "min": "MIN", "chance": "chance", "leaf": "evaluated leaf",
                  "current": "current node and path", "pruned": "pruned"}
"""The legend's entries, by key, in the order they are listed."""

_HANDLE, _HANDLE_PAD, _COLUMN_GAP = 1.8, 0.8, 1.4
"""The legend's marker length, gap to its text and gap between columns, in font sizes."""


def legend_width(texts, rows: int, font: float = _LEGEND_FONT) -> float:
    """Width in points of a legend of ``texts`` laid out in ``rows`` rows
    (matplotlib fills it column by column)."""
    texts = list(texts)
    columns = -(-len(texts) // rows)
    split = [texts[len(texts) * i // columns:len(texts) * (i + 1) // columns]
             for i in range(columns)]
    return (sum(widest(column, font) + (_HANDLE + _HANDLE_PAD) * font for column in split if column)
            + _COLUMN_GAP * font * (columns - 1))


def legend_rows(tree: Tree, width: float) -> int:
    """Rows the legend of a drawing ``width`` pixels wide needs, so that
    it fits inside the figure: 1, or more when one row of every entry a
    search of ``tree`` can show would not fit."""
    keys = ["max", "min", *(["chance"] if tree.has_chance else []), "leaf", "current", "pruned"]
    texts = [_LEGEND_LABELS[key] for key in keys]
    for rows in range(1, len(texts)):
        if legend_width(texts, rows) + 16 <= width:
            return rows
    return len(texts)


def _bound_text(value, alpha, beta, number) -> str:
    """A returned value as a bound where it is one: ``"≤5.5"`` if it is at
    most alpha (it failed low: its value is at most that), ``"≥5.5"`` if at
    least beta, else the value.

    >>> _bound_text(5.5, 7, math.inf, pretty), _bound_text(7, -math.inf, math.inf, pretty)
    ('≤5.5', '7')
    """
    if alpha is not None and value <= alpha:
        return f"\u2264{number(value)}"
    if beta is not None and value >= beta:
        return f"\u2265{number(value)}"
    return number(value)


def figure_size(tree: Tree, title: bool = True, caption: bool = True) -> tuple[float, float]:
    """The default size in inches of a figure of ``tree``: wide enough for
    every label, at most a JupyterLab cell at 1280x720, no taller than the
    screen has room for."""
    leaves = len(tree.leaves)
    positions = tidy_layout(tree)
    need = labels.needed_width(tree, positions, labels.SCREEN_FONTS[-1]) + 8
    width = min(max(leaves * 80 + 160, 560, min(need, CELL_WIDTH)), CELL_WIDTH)
    top = header(title, caption, legend_rows(tree, width)).height
    height = top + min(CELL_HEIGHT - 20 - top, 90 + 130 * tree.depth)
    return width / SCREEN_DPI, height / SCREEN_DPI


# --- the drawing ---------------------------------------------------------------


class TracePlot:
    """A drawing of a tree whose search state can be changed in place.

    The artists (edges, nodes, texts) are created once; :meth:`show`
    recolours them, changes texts and shows or hides them.  That is what
    makes a step-through fast: :meth:`png` restores a cached render of the
    legend and draws the tree over it, its texts stamped from cached
    bitmaps, then encodes the picture on a fixed palette.  The artists are
    the plot's own: mark a drawing through :meth:`show`'s arguments and read
    it through :meth:`node_look`, :meth:`edge_look`, :attr:`title`,
    :attr:`caption` and :meth:`label_boxes`.

    Parameters
    ----------
    obj : Trace, Tree, or anything :func:`gametree.as_tree` accepts
        A Trace is drawn step by step; a tree is drawn plain (names and
        leaf scores, no search) until :meth:`show` is given a step, when
        alpha-beta is run on it.
    ax : matplotlib Axes, optional
        Draw into this Axes; by default a new Figure sized for the tree.
        In a :class:`TreeFigure` the screen's fonts are kept (labels are
        left out where they do not fit); in any other Figure, a page to
        print, fonts may shrink to 7 points.
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.
    caption : bool
        Write the step's caption under the title.
    counter : bool
        Write the title line (by default the counter of leaves evaluated);
        the step-through widget shows both itself.
    figsize : (float, float), optional
        Figure size in inches at :data:`SCREEN_DPI` (default:
        :func:`figure_size`).  A tree too crowded for it gets fewer labels,
        never smaller ones.
    fonts : sequence of labels.Fonts, optional
        The font sizes to choose from, largest first (by default
        :data:`~gametree.view.labels.SCREEN_FONTS` in a figure for the
        screen, :data:`~gametree.view.labels.PRINT_FONTS` on a page;
        slides use larger ones).

    Attributes
    ----------
    tree : Trace
    trace : Trace or None
        None until a step is shown for a plain tree.
    figure, ax : the matplotlib Figure and Axes.
    snapshot : Snapshot or None
        The state drawn, None for the plain tree.
    marks : Marks
        The marks drawn on top of it (node ids as keys).
    plan : gametree.view.labels.Plan
        Every size and label spot.
    positions : list of Point
        :func:`~gametree.view.layout.tidy_layout` of the tree (data coordinates).

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> plot = TracePlot(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> plot.show(-1).title
    'evaluated 7 of 9 leaves (a full search needs at least 5)'
    >>> [plot.edge_look(name).dashed for name in "HIJ"]  # H evaluated, I and J pruned
    [False, True, True]
    >>> plot.show(-1, fill={"C": "orange"}, title="C").node_look("C").fill
    '#ffa500'
    >>> plot.png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """

    def __init__(self, obj, ax=None, *, branching: int | None = None, strict: bool = False,
                 caption: bool = True, counter: bool = True,
                 figsize: tuple[float, float] | None = None, fonts=None):
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {strict!r}")
        if isinstance(obj, Trace):
            if branching is not None:
                raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
            if obj.search == "maxn":
                raise TypeError("a max^n trace has a vector at every node, which this drawing "
                                "cannot show; draw it with gametree.view.maxn.draw_maxn (or "
                                "MaxnPlot), or step it with the Stepper")
            self.trace: Trace | None = obj
            self.tree = obj.tree
            self.strict = obj.strict
        else:
            self.tree = as_tree(obj, branching)
            self.trace = None
            self.strict = strict
        if len(self.tree) > MAX_NODES:
            raise ValueError(
                f"the tree has {len(self.tree):,} nodes, too many to draw legibly; "
                f"draw at most {MAX_NODES:,} (for example a smaller depth)")
        check_figsize(figsize)
        self.snapshot: Snapshot | None = None
        self.marks = Marks()
        self._pass_cache: list[tuple] | None = None  # see _passes
        self._nodes = self.tree.nodes
        self.positions = tidy_layout(self.tree)
        self._with_caption = caption
        self._with_counter = counter
        width = (figsize or figure_size(self.tree, counter, caption))[0] * 72
        self._legend_rows = legend_rows(self.tree, width) if ax is None else 1
        # The caption wraps within the figure; the header has room for the
        # longest caption of the search, so no step's caption is clipped.
        self._caption_width = width - 16
        self._caption_lines = 1
        if ax is None and caption and self.trace is not None:
            self._caption_lines = max(
                len(wrap(f"step {step.index} of {len(self.trace) - 1}: {step.caption}",
                         _CAPTION_FONT, self._caption_width)) for step in self.trace)
        tall = (figsize or figure_size(self.tree, counter, caption))[1] * 72
        while (header(counter, caption, self._legend_rows, self._caption_lines).height > tall - 20
               and self._legend_rows + self._caption_lines > 2):  # a tiny figure: fewer rows
            if self._legend_rows >= self._caption_lines:
                self._legend_rows -= 1
            else:
                self._caption_lines -= 1
        self._header = header(counter, caption, self._legend_rows, self._caption_lines)
        self._background = None  # the legend and blank axes, rendered once
        self._palette: Image.Image | None = None
        self._legend_artist = None
        self._legend_keys: tuple[str, ...] = ()
        self._caption_text = ""
        self._fonts = None if fonts is None else tuple(fonts)
        self._build(ax, figsize)
        self.show(None if self.trace is None else 0)

    # --- building the artists --------------------------------------------

    def _build(self, ax, figsize) -> None:
        figure, ax, rect, own = self._axes(ax, figsize)
        self.figure, self.ax, self._own = figure, ax, own
        width_in, height_in = figure.get_size_inches()
        width, height = width_in * 72 * rect[2], height_in * 72 * rect[3]
        # A figure for the screen (ours, or a TreeFigure a notebook made)
        # keeps screen fonts; a page to print may go smaller.
        ladder = self._fonts or (labels.SCREEN_FONTS if isinstance(figure, TreeFigure)
                                 else labels.PRINT_FONTS)
        self.plan = labels.best_plan(self.tree, self.positions, width, height, ladder)
        ax.set_xlim(*self.plan.xlim)
        ax.set_ylim(*self.plan.ylim)
        ax.set_axis_off()
        self._build_edges()
        self._build_nodes()
        self._build_node_texts()
        self._build_leaf_texts()
        self._build_edge_labels()
        self._build_header()

    def _axes(self, ax, figsize):
        """The figure and Axes to draw in, the Axes' rectangle in figure
        fractions, and whether the figure is the plot's own."""
        if ax is not None:
            figure = ax.get_figure(root=True)
            box = ax.get_position()
            return figure, ax, (box.x0, box.y0, box.width, box.height), False
        figsize = figsize or figure_size(self.tree, self._with_counter, self._with_caption)
        figure = TreeFigure(figsize=figsize, dpi=SCREEN_DPI)
        FigureCanvasAgg(figure)
        width, height = figsize[0] * 72, figsize[1] * 72
        top = self._header.height
        rect = (4 / width, 4 / height, 1 - 8 / width, 1 - (top + 4) / height)
        return figure, figure.add_axes(rect), rect, True

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
        pos = self.positions
        segments = [[pos[node.parent], pos[node.id]] for node in self._nodes
                    if node.parent is not None]
        # Where an edge's cross goes: its middle.
        self._middles = {node.id: ((pos[node.id].x + pos[node.parent].x) / 2,
                                   (pos[node.id].y + pos[node.parent].y) / 2)
                         for node in self._nodes if node.parent is not None}
        self._edges = LineCollection(segments, colors=EDGE_COLOR, linewidths=1.3, zorder=1,
                                     capstyle="round")
        self.ax.add_collection(self._edges)
        self._crosses = self.ax.scatter([], [], s=1, marker="x", color=CROSS_COLOR,
                                        linewidths=2.0, zorder=1.6)

    def _build_nodes(self) -> None:
        self._halo = self.ax.scatter([0], [0], s=1, marker="o", color=CURRENT_COLOR, alpha=0.35,
                                     linewidths=0, zorder=1.5)
        groups: dict[str, list[int]] = {"MAX": [], "MIN": [], "CHANCE": [], "leaf": []}
        for node in self._nodes:
            groups["leaf" if node.is_leaf else node.player.value].append(node.id)
        shapes = _SHAPES
        self._markers, self._marker_index = {}, {}
        for key, ids in groups.items():
            self._markers[key] = self.ax.scatter(
                [self.positions[i].x for i in ids], [self.positions[i].y for i in ids],
                s=[self.plan.marker[i] ** 2 for i in ids], marker=shapes[key], facecolors="white",
                edgecolors=EDGE_COLOR, linewidths=1.2, zorder=2)
            for place, i in enumerate(ids):
                self._marker_index[i] = (key, place)
        self._groups = groups

    def _build_node_texts(self) -> None:
        """Values inside internal nodes; names and windows beside them."""
        plan = self.plan
        self._values, self._windows, self._names = {}, {}, {}
        for node in self._nodes:
            i = node.id
            if node.is_leaf:
                continue
            x, y = self.positions[i]
            if plan.value_font[i]:
                shift = -0.17 if node.player is MAX else 0.0 if node.player is CHANCE else 0.17
                self._values[i] = self._text(x, y, 0, shift * plan.marker[i], ha="center",
                                             va="center", fontsize=plan.value_font[i],
                                             fontweight="bold", zorder=3)
            if i in plan.names:
                label = plan.names[i]
                self._names[i] = self._text(x, y, label.dx, label.dy, node.name, ha=label.ha,
                                            va=label.va, fontsize=label.font, color=TEXT_COLOR,
                                            zorder=3)
            if i in plan.windows:
                label = plan.windows[i]
                self._windows[i] = self._text(x, y, label.dx, label.dy, ha=label.ha, va=label.va,
                                              fontsize=label.font, color=WINDOW_COLOR,
                                              linespacing=1.1, zorder=3)

    def _build_leaf_texts(self) -> None:
        plan = self.plan
        self._leaf_scores, self._leaf_names = {}, {}
        for leaf in self.tree.leaves:
            i = leaf.id
            x, y = self.positions[i]
            if plan.leaf_rows:
                self._leaf_scores[i] = self._text(
                    x, y, 0, plan.score_offset(self.tree.leaf_index_of(i), plan.marker[i]),
                    pretty(leaf.score),
                    ha="center", va="top", fontsize=plan.fonts.value, color=TEXT_COLOR, zorder=3)
            if plan.leaf_names:
                self._leaf_names[i] = self._text(
                    x, y, 0, plan.leaf_name_offset(plan.marker[i]), leaf.name, ha="center",
                    va="top", fontsize=plan.fonts.label, color=WINDOW_COLOR, zorder=3)

    def _build_edge_labels(self) -> None:
        self._edge_labels = {}
        for i, label in self.plan.edge_labels.items():
            node = self.tree[i]
            x, y = labels.edge_anchor(node, self.positions[node.parent], self.positions[i])
            move = node.probability is None  # a move in italics, a probability upright
            self._edge_labels[i] = self._text(x, y, label.dx, label.dy,
                                              labels.edge_text(node), ha=label.ha, va=label.va,
                                              fontsize=label.font,
                                              color=WINDOW_COLOR if move else TEXT_COLOR,
                                              style="italic" if move else "normal", zorder=3)

    def _build_header(self) -> None:
        figure = self.figure
        if self._own:
            height = figure.get_size_inches()[1] * 72
            self._title = StampText(0.5, 1 - self._header.title / height, "", ha="center", va="top",
                                    fontsize=_TITLE_FONT, color=TEXT_COLOR,
                                    transform=figure.transFigure)
            self._caption = StampText(0.5, 1 - self._header.caption / height, "", ha="center",
                                      va="top", fontsize=_CAPTION_FONT, color=TEXT_COLOR,
                                      transform=figure.transFigure)
            figure.add_artist(self._title)
            figure.add_artist(self._caption)
        else:
            font = self.plan.fonts.label
            self._title = self.ax.set_title("", fontsize=font + 1, color=TEXT_COLOR)
            self._caption = self.ax.text(0.5, 1.0, "", transform=self.ax.transAxes, ha="center",
                                         va="bottom", fontsize=font, color=TEXT_COLOR)
        self._caption.set_visible(self._with_caption)
        self._title.set_visible(self._with_counter)
        self._make_legend()

    def _legend_entries(self, look: _Look | None = None) -> tuple[str, ...]:
        """The keys of :data:`_LEGEND_LABELS` for the marks drawn: MAX and
        MIN (and chance), plus, once there is a search, evaluated leaves,
        the current node when it is highlighted, and pruning when this
        search prunes or crosses are drawn."""
        keys = ["max", "min", *(["chance"] if self.tree.has_chance else [])]
        if self.trace is None:
            return tuple(keys)
        keys.append("leaf")
        if self.marks.current:
            keys.append("current")
        if self.trace.cutoffs or (look is not None and look.crossed):
            keys.append("pruned")
        return tuple(keys)

    def _legend_handles(self, keys) -> list:
        size = 9
        handles = {
            "max": Line2D([], [], marker="^", linestyle="none", markersize=size,
                          markerfacecolor=MAX_COLOR, markeredgecolor=MAX_COLOR),
            "min": Line2D([], [], marker="v", linestyle="none", markersize=size,
                          markerfacecolor=MIN_COLOR, markeredgecolor=MIN_COLOR),
            "chance": Line2D([], [], marker="o", linestyle="none", markersize=size * 0.9,
                             markerfacecolor=CHANCE_COLOR, markeredgecolor=CHANCE_COLOR),
            "leaf": Line2D([], [], marker="s", linestyle="none", markersize=size * 0.7,
                           markerfacecolor=LEAF_COLOR, markeredgecolor=LEAF_COLOR),
            "current": Line2D([], [], color=CURRENT_COLOR, linewidth=3, marker="o",
                              markersize=size * 0.8, markerfacecolor="white",
                              markeredgecolor=CURRENT_COLOR, markeredgewidth=2.5),
            "pruned": Line2D([], [], color=PRUNED_COLOR, linewidth=1.5, linestyle=_DASHES,
                             marker="x", markersize=7, markeredgecolor=CROSS_COLOR,
                             markeredgewidth=1.8),
        }
        for key, handle in handles.items():
            handle.set_label(_LEGEND_LABELS[key])
        return [handles[key] for key in keys]

    def _make_legend(self, look: _Look | None = None) -> None:
        """(Re)make the legend of the marks drawn (see :meth:`_legend_entries`),
        laid out to fit inside the figure."""
        if self._legend_artist is not None:
            self._legend_artist.remove()
        keys = self._legend_entries(look)
        handles = self._legend_handles(keys)
        texts = [_LEGEND_LABELS[key] for key in keys]
        style = dict(frameon=False, handlelength=_HANDLE, handletextpad=_HANDLE_PAD,
                     columnspacing=_COLUMN_GAP)
        if self._own:  # in the rows the header has room for, or fewer if they fit
            width, height = self.figure.get_size_inches() * 72
            rows = next((rows for rows in range(1, self._legend_rows)
                         if legend_width(texts, rows) + 16 <= width), self._legend_rows)
            legend = self.figure.legend(
                handles=handles, loc="center", bbox_to_anchor=(0.5, 1 - self._header.legend / height),
                ncol=-(-len(handles) // rows), fontsize=_LEGEND_FONT,
                borderaxespad=0, borderpad=0, **style)
        else:  # under the Axes, where it covers no node, in as few rows as fit its width
            width = self._axes_width()
            font = max(12.0, self.plan.fonts.label)
            rows = next((rows for rows in range(1, len(texts))
                         if legend_width(texts, rows, font) + 8 <= width), len(texts))
            legend = self.ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                                    ncol=-(-len(handles) // rows), fontsize=font,
                                    borderaxespad=0.2, **style)
        self._legend_artist = legend
        self._legend_keys = keys
        self._background = None

    def _axes_width(self) -> float:
        """Width in points the Axes drawn into has: its share of the figure
        when it is one of a grid of subplots (a constrained layout moves
        it later, so its position now is not yet its width), else its
        width now."""
        figure_width = self.figure.get_size_inches()[0] * 72
        spec = self.ax.get_subplotspec()
        if spec is None:
            return self.ax.get_position().width * figure_width
        columns = spec.get_gridspec().ncols
        span = spec.colspan
        return figure_width * (span.stop - span.start) / columns - 12

    # --- showing a step ----------------------------------------------------

    def show(self, step: int | None = None, **marks) -> TracePlot:
        """Draw the search's state right after step ``step`` (negative counts
        from the end; ``None`` draws the plain tree), with ``marks`` on top.
        Returns ``self``.

        ``marks`` are the fields of :class:`~gametree.view.style.Marks`:
        ``fill``, ``outline``, ``text``, ``window``, ``edges``, ``crossed``,
        ``hidden``, ``title``, ``caption``, ``current`` and ``legend``.
        They replace the marks of the previous call.  Only artists'
        properties change; nothing is created or removed.
        """
        try:
            wanted = Marks(**marks).resolved(self.tree)
        except TypeError as error:
            if "unexpected keyword" in str(error):
                raise TypeError(f"{error}; marks are {', '.join(Marks.__dataclass_fields__)}") from None
            raise
        self.snapshot = None if step is None else self.search().state(step)
        self.marks = wanted
        self._push(self._overlay(self._step_look(self.snapshot), wanted))
        return self

    def search(self) -> Trace:
        """The trace drawn; for a plain tree, run its search first
        (alpha-beta, or expectiminimax on a tree with chance nodes)."""
        if self.trace is None:
            self.trace = trace_search(self.tree, strict=self.strict)
            self._make_legend()
        return self.trace

    def _step_look(self, snap: Snapshot | None) -> _Look:
        """How everything looks at a step, before marks."""
        look = _Look(len(self.tree))
        if snap is None:
            for node in self._nodes:
                look.outline[node.id] = _node_style(node, Status.UNVISITED)[1]
                if node.is_leaf:
                    look.text[node.id] = pretty(node.score)
            look.title = self._plain_title()
            return look
        status = snap.status
        number = brief if self.tree.has_chance else pretty  # sums of products run long
        on_path = {node.id for node in snap.path} | {snap.current.id}
        for node in self._nodes:
            i, s = node.id, status[node.id]
            if node.parent is not None:
                look.edge[i] = _edge_line(s, i in on_path)
                if s is Status.PRUNED and status[node.parent] is not Status.PRUNED:
                    look.crossed.add(i)
            look.fill[i], look.outline[i] = _node_style(node, s)
            if node.is_leaf:
                look.text[i] = pretty(node.score)
                continue
            if s in (Status.ACTIVE, Status.DONE) and snap.v[i] is not None:
                look.text[i] = number(snap.v[i])
                if s is Status.DONE and node.player is CHANCE:  # Star1 may have cut it off
                    bound = _bound_text(snap.v[i], snap.alpha[i], snap.beta[i], number)
                    # In the circle, in a smaller font if need be (never below a value's
                    # 14 px); where it cannot hold the sign, the caption says "at most".
                    font = self._font_for(bound, i)
                    if font:
                        look.text[i], look.text_font[i] = bound, font
            if s in (Status.ACTIVE, Status.DONE) and snap.alpha[i] is not None \
                    and (s is Status.ACTIVE or i not in self.plan.path_windows):
                look.window[i] = f"\u03b1={number(snap.alpha[i])}\n\u03b2={number(snap.beta[i])}"
        trace = self.search()  # the trace the snapshot is a step of
        look.title = counter_text(trace, snap.evaluated)
        self._show_what_passes_learnt(look, snap)
        phase = snap.step.phase
        if phase is not None:  # which pass, test or re-search is under way: the title
            look.title = phase.label  # names it, and a thick outline marks the node searched
            if phase.kind is not PhaseKind.PASS and status[phase.node.id] is not Status.PRUNED:
                look.outline[phase.node.id] = Line(PHASE_COLOR, 3.0)
        look.caption = f"step {snap.step.index} of {len(trace) - 1}: {snap.step.caption}"
        return look

    def _font_for(self, text: str, i: int) -> float | None:
        """The largest value font, from the plan's for node ``i`` down to the
        smallest screen value font, at which ``text`` fits inside its round
        marker; None if none does."""
        marker, planned = self.plan.marker[i], self.plan.value_font[i]
        for font in sorted({f.value for f in labels.SCREEN_FONTS if f.value <= planned},
                           reverse=True):
            w, h = extent(text, font, True)
            if w + 2 <= math.sqrt(max(marker ** 2 - h ** 2, 0.0)):
                return font
        return None

    def _show_what_passes_learnt(self, look: _Look, snap: Snapshot) -> None:
        """In a pass of a search that passes over the tree more than once
        (MTD(f)), what the pass asks and what earlier passes learnt: until the
        root is searched in this pass, its window is the pass's test window
        and its text the bound known so far ("≤3", "2–3"); a node this pass
        has not reached yet shows the bound its last search returned, the
        entry the table holds for it ("≤3", "≥2", or its value)."""
        passes = self._passes()
        index = snap.step.index
        found = next((p for p in reversed(passes) if p[0].start <= index <= p[0].end), None)
        if found is None:
            return
        phase, learnt = found
        number = brief if self.tree.has_chance else pretty
        for i, text in learnt.items():
            if snap.status[i] is Status.UNVISITED:
                look.text[i] = text
        root = self.tree.root.id
        if snap.status[root] is Status.UNVISITED:
            look.window[root] = f"\u03b1={number(phase.alpha)}\n\u03b2={number(phase.beta)}"
            lower, upper = phase.lower, phase.upper
            look.text[root] = (None if math.isinf(lower) and math.isinf(upper) else
                               f"\u2264{number(upper)}" if math.isinf(lower) else
                               f"\u2265{number(lower)}" if math.isinf(upper) else
                               f"{number(lower)}\u2013{number(upper)}")

    def _passes(self) -> list[tuple]:
        """Each PASS phase of the trace with what the nodes' last searches
        before it returned, by node id: ``"≤v"`` for a fail low, ``"≥v"`` for
        a fail high, the value for an exact result (worked out once)."""
        if self._pass_cache is None:
            trace = self.search()
            starts = {p.start: p for p in trace.phases if p.kind is PhaseKind.PASS}
            number = brief if self.tree.has_chance else pretty
            windows: dict[int, tuple] = {}
            learnt: dict[int, str] = {}
            self._pass_cache = []
            for step in trace if starts else ():
                if step.index in starts:
                    self._pass_cache.append((starts[step.index], dict(learnt)))
                if step.kind is StepKind.ENTER:
                    windows[step.node.id] = (step.alpha, step.beta)
                elif step.kind is StepKind.RETURN and step.value is not None \
                        and step.node.id in windows:
                    alpha, beta = windows[step.node.id]
                    value = number(step.value)
                    learnt[step.node.id] = (f"\u2264{value}" if step.value <= alpha else
                                            f"\u2265{value}" if step.value >= beta else value)
        return self._pass_cache

    def _overlay(self, look: _Look, marks: Marks) -> _Look:
        """``look`` with the current node highlighted (unless ``marks`` say
        not to) and ``marks`` (keyed by id) drawn on top."""
        if marks.current and self.snapshot is not None:
            current = look.current = self.snapshot.current.id
            look.outline[current] = Line(CURRENT_COLOR, 3.0)
            look.window_bold[current] = True
        for i, value in marks.fill.items():
            look.fill[i] = value
        for i, line in marks.outline.items():
            look.outline[i] = line
        for i, text in marks.text.items():
            look.text[i] = text or None
        for i, text in marks.window.items():
            shown = i not in self.plan.path_windows or i in self._path_ids()
            look.window[i] = (text or None) if shown else None
        for i, line in marks.edges.items():
            if i:
                look.edge[i] = line
        look.crossed |= {i for i in marks.crossed if i}
        for i in marks.hidden:
            look.text[i] = look.window[i] = None
        if marks.title is not None:
            look.title = marks.title
        if marks.caption is not None:
            look.caption = marks.caption
        look.legend = marks.legend
        return look

    def _path_ids(self) -> set[int]:
        snap = self.snapshot
        return set() if snap is None else {node.id for node in snap.path} | {snap.current.id}

    def _push(self, look: _Look) -> None:
        """Write ``look`` into the artists."""
        self._look = look
        edges = [look.edge[node.id] for node in self._nodes[1:]]
        self._edges.set_color([line.color for line in edges])
        self._edges.set_linewidth([line.width for line in edges])
        self._edges.set_linestyle([_DASHES if line.dashed else _SOLID for line in edges])
        crossed = sorted(look.crossed)
        self._crosses.set_offsets([self._middles[i] for i in crossed] or [(math.nan, math.nan)])
        self._crosses.set_sizes([self.plan.cross[i] ** 2 for i in crossed] or [1.0])
        self._crosses.set_visible(bool(crossed))
        for key, ids in self._groups.items():
            collection = self._markers[key]
            collection.set_facecolor([look.fill[i] for i in ids])
            collection.set_edgecolor([look.outline[i].color for i in ids])
            collection.set_linewidth([look.outline[i].width for i in ids])
            collection.set_linestyle([_DASHES if look.outline[i].dashed else _SOLID for i in ids])
        self._push_halo(look.current)
        self._push_texts(look)
        self._title.set_text(look.title)
        self._push_caption(look.caption)
        if self._legend_entries(look) != self._legend_keys:
            self._make_legend(look)
        legend = self._legend_artist
        if legend is not None and legend.get_visible() != look.legend:
            legend.set_visible(look.legend)
            self._background = None

    def _push_caption(self, caption: str) -> None:
        """Write the caption, wrapped within the figure in the lines the
        header has room for (in a smaller font, down to 12 points, if a
        caption from the marks is longer than any of the search's)."""
        self._caption_text = caption
        if not self._own:
            self._caption.set_text(caption)
            return
        for font in (_CAPTION_FONT, 14.0, 13.0, 12.0):
            lines = wrap(caption, font, self._caption_width)
            if len(lines) <= self._caption_lines:
                break
        self._caption.set_fontsize(font)
        self._caption.set_text("\n".join(lines))

    def _push_halo(self, current: int | None) -> None:
        if current is None:
            self._halo.set_visible(False)
            return
        self._halo.set_visible(True)
        self._halo.set_offsets([self.positions[current]])
        self._halo.set_sizes([(self.plan.marker[current] * 1.5 + 5) ** 2])

    def _push_texts(self, look: _Look) -> None:
        plan = self.plan
        for i, artist in self._values.items():
            text = look.text[i]
            infinite = text in labels.INFINITIES
            font = plan.infinity_font[i] if infinite else look.text_font.get(i, plan.value_font[i])
            if not text or not font:
                artist.set_visible(False)
                continue
            artist.set_visible(True)
            artist.set_text(text)
            artist.set_fontsize(font)
            artist.set_color(_text_on(look.fill[i]))
        path = self._path_ids()
        for i, artist in self._windows.items():
            text = look.window[i]
            artist.set_visible(bool(text))
            if text:
                artist.set_text(text)
                artist.set_color(TEXT_COLOR if i in path else WINDOW_COLOR)
                artist.set_fontweight("bold" if look.window_bold[i] else "normal")
        pruned = self._pruned_ids(look)
        for i, artist in self._leaf_scores.items():
            text = look.text[i]
            artist.set_visible(bool(text))
            if text:
                artist.set_text(text)
                artist.set_color(PRUNED_COLOR if i in pruned else TEXT_COLOR)
        for texts, normal in ((self._names, TEXT_COLOR), (self._leaf_names, WINDOW_COLOR),
                              (self._edge_labels, WINDOW_COLOR)):
            for i, artist in texts.items():
                artist.set_color(PRUNED_COLOR if i in pruned else normal)

    def _pruned_ids(self, look: _Look) -> set[int]:
        """Nodes drawn pruned: a dashed outline."""
        return {i for i, line in enumerate(look.outline) if line.dashed}

    def _plain_title(self) -> str:
        tree = self.tree
        text = _leaves(len(tree.leaves))
        if tree.branching is not None:
            text = f"branching {tree.branching}, depth {tree.depth}: {text}"
        return text

    # --- reading the drawing ------------------------------------------------------

    def node_look(self, node) -> NodeLook:
        """How ``node`` (a Node, name or id) is drawn now."""
        i = node_id(self.tree, node)
        look = self._look
        line = look.outline[i]
        if i in self._values or self._nodes[i].is_leaf:
            artists = self._values if i in self._values else self._leaf_scores
            artist = artists.get(i)
            text = artist.get_text() if artist is not None and artist.get_visible() else None
        else:
            text = None
        window = self._windows.get(i)
        shape = _SHAPES[self._marker_index[i][0]]
        return NodeLook(shape, color(look.fill[i]), color(line.color), float(line.width), line.dashed,
                        text, window.get_text() if window is not None and window.get_visible() else None,
                        i == look.current)

    def edge_look(self, node) -> EdgeLook:
        """How the edge into ``node`` (a Node, name or id) is drawn now."""
        i = node_id(self.tree, node)
        if i == 0:
            raise ValueError("the root has no edge into it")
        line = self._look.edge[i]
        return EdgeLook(color(line.color), float(line.width), line.dashed, i in self._look.crossed)

    @property
    def title(self) -> str:
        """The title line as drawn (by default the counter)."""
        return self._title.get_text()

    @property
    def caption(self) -> str:
        """The caption as drawn (on one line here; the picture wraps it)."""
        return self._caption_text

    def label_boxes(self) -> list[LabelBox]:
        """Every text written on the picture now, with its box in pixels of
        the figure at its dpi: what matplotlib lays out, so sizes and
        overlaps can be checked without rendering."""
        renderer = self.figure.canvas.get_renderer()
        groups = (("value", self._values), ("window", self._windows), ("name", self._names),
                  ("score", self._leaf_scores), ("leaf name", self._leaf_names),
                  ("move", self._edge_labels),
                  ("title", {None: self._title}), ("caption", {None: self._caption}))
        found = []
        for kind, artists in groups:
            for i, artist in artists.items():
                if artist.get_visible() and artist.get_text():
                    box = artist.get_window_extent(renderer)
                    font = artist.get_fontsize() * self.figure.dpi / 72
                    shown = "probability" if kind == "move" and i is not None and \
                        self._nodes[i].probability is not None else kind
                    found.append(LabelBox(shown, i, artist.get_text(), font,
                                          (box.x0, box.y0, box.x1, box.y1)))
        return found

    def edge_segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Every edge as two end points in pixels (y up), edge into node
        ``i`` at index ``i - 1``."""
        to_pixels = self.ax.transData.transform
        segments = []
        for n in self._nodes:
            if n.parent is not None:
                (x0, y0), (x1, y1) = to_pixels([self.positions[n.parent], self.positions[n.id]])
                segments.append(((x0, y0), (x1, y1)))
        return segments

    def marker_box(self, node) -> tuple[float, float, float, float]:
        """The square around ``node``'s marker, in pixels (y up)."""
        i = node_id(self.tree, node)
        x, y = self.ax.transData.transform(self.positions[i])
        r = self.plan.marker[i] / 2 * self.figure.dpi / 72
        return (x - r, y - r, x + r, y + r)

    def alt_text(self) -> str:
        """A sentence describing the picture, for screen readers and pages
        that cannot show it.

        >>> from gametree import trace_alpha_beta
        >>> print(TracePlot(trace_alpha_beta([[3, 5], [2, 9]])).show(5).alt_text())
        ... # doctest: +NORMALIZE_WHITESPACE
        Alpha-beta (cut when alpha >= beta) on a game tree of 4 leaves, branching 2 and depth 2,
        step 5 of 14: MIN node B: v = min(3, 5) = 3, beta = min(3, 3) = 3.
        Evaluated 2 of 4 leaves (a full search needs at least 3).
        """
        tree = self.tree
        shape = _leaves(len(tree.leaves))
        if tree.branching is not None:
            shape += f", branching {tree.branching} and depth {tree.depth}"
        else:
            shape += f", depth {tree.depth}"
        if tree.has_chance:
            shape += ", with chance nodes"
        if self.snapshot is None:
            return f"A game tree of {shape}, root {tree.root.name} a {tree.root.player} node."
        trace = self.search()  # the trace the snapshot is a step of
        step = self.snapshot.step
        counter = counter_text(trace, self.snapshot.evaluated)
        during = "" if step.phase is None else f" ({step.phase.label})"
        learnt = self._learnt_in_words()
        return (f"{trace.algorithm} on a game tree of {shape}, step {step.index} "
                f"of {len(trace) - 1}{during}: {step.caption}. "
                f"{counter[0].upper()}{counter[1:]}.{learnt}")

    def _learnt_in_words(self) -> str:
        """What the picture shows of earlier passes (see
        :meth:`_show_what_passes_learnt`), as a sentence; "" if nothing."""
        snap = self.snapshot
        found = [] if snap is None else [p for p in self._passes()
                                         if p[0].start <= snap.step.index <= p[0].end]
        if snap is None or not found:
            return ""
        entries = [f"{self.tree[i].name} {text}" for i, text in sorted(found[-1][1].items())
                   if snap.status[i] is Status.UNVISITED]
        return f" The table holds {', '.join(entries)}." if entries else ""

    # --- rendering -----------------------------------------------------------

    def _dynamic(self) -> list:
        """The artists drawn at every render, in drawing order: all but the
        legend (texts are cheap stamps, see StampText)."""
        return [self._edges, self._halo, self._crosses, *self._markers.values(),
                *self._names.values(), *self._leaf_scores.values(), *self._leaf_names.values(),
                *self._edge_labels.values(), *self._values.values(), *self._windows.values(),
                self._title, self._caption]

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
        # Pillow reads any buffer; its stubs name only bytes and array-likes.
        image = Image.frombuffer("RGBA", (width, height), buffer,  # type: ignore[arg-type]
                                 "raw", "RGBA", 0, 1)
        return image.convert("RGB")

    def palette(self) -> Image.Image:
        """A 256-colour palette for this drawing (a Pillow "P" image): every
        colour of the style exactly, plus the blends anti-aliasing makes,
        sampled from renders of the search's start, middle and end.

        Mapping a frame onto a fixed palette is ten times faster than PNG-
        compressing it in full colour, and colours stay put from frame to
        frame (a GIF needs that too).
        """
        if self._palette is None:
            snapshot, marks = self.snapshot, self.marks
            samples: list[Snapshot | None] = [None]
            if self.trace is not None:
                n = len(self.trace)
                steps = sorted({0, n // 3, 2 * n // 3, n - 1})
                samples = [self.trace.state(step) for step in steps]
            frames = []
            for sample in samples:
                self.snapshot = sample
                self._push(self._step_look(self.snapshot))
                frames.append(self.image())
            self.snapshot = snapshot
            self._push(self._overlay(self._step_look(snapshot), marks))
            width, height = frames[0].size
            sheet = Image.new("RGB", (width, height * len(frames)))
            for k, frame in enumerate(frames):
                sheet.paste(frame, (0, k * height))
            exact = {tuple(round(255 * c) for c in mcolors.to_rgb(c)) for c in _STYLE_COLORS}
            exact.add(tuple(int(round(255 * (0.35 * c + 0.65))) for c in mcolors.to_rgb(CURRENT_COLOR)))
            sampled = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT)
            flat = sampled.getpalette()
            assert flat is not None  # quantize() makes a "P" image, which has a palette
            # Pillow maps a pixel through a cache of 4x4x4 colour cells, so a
            # sampled colour close to a style colour could win that colour's
            # cell (white turning 252-grey); keep the style colours' cells free.
            others = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
            others = [c for c in others
                      if all(max(abs(a - b) for a, b in zip(c, e, strict=True)) > 8 for e in exact)]
            colors = sorted(exact) + others
            self._palette = Image.new("P", (1, 1))
            self._palette.putpalette([value for c in colors for value in c])
        return self._palette

    def indexed(self) -> Image.Image:
        """The current state as a Pillow image on :meth:`palette`."""
        return self.image().quantize(palette=self.palette(), dither=Image.Dither.NONE)

    def png(self, step: int | None | EllipsisType = ...) -> bytes:
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


def _leaves(count: int) -> str:
    return f"{count} leaf" if count == 1 else f"{count} leaves"


_PATH_EDGE = Line(CURRENT_COLOR, 3.2)
_EDGE_LINES = {Status.PRUNED: Line(PRUNED_COLOR, 1.3, dashed=True), Status.DONE: Line(WALKED_COLOR, 1.7),
               Status.ACTIVE: Line(EDGE_COLOR, 1.2), Status.UNVISITED: Line(EDGE_COLOR, 1.2)}


def _edge_line(status: Status, on_path: bool) -> Line:
    if on_path and status is not Status.PRUNED:
        return _PATH_EDGE
    return _EDGE_LINES[status]


_SHAPES = {"MAX": "^", "MIN": "v", "CHANCE": "o", "leaf": "s"}
"""The marker of each kind of node."""


def _node_styles() -> dict:
    """(marker key, status) -> fill and outline of a node."""
    styles = {}
    for key in ("MAX", "MIN", "CHANCE", "leaf"):
        fill = LEAF_COLOR if key == "leaf" else _FILL[key]
        styles[key, Status.PRUNED] = (_PRUNED_FILL, Line(PRUNED_COLOR, 1.1, dashed=True))
        styles[key, Status.DONE] = (fill, Line(fill, 1.2))
        styles[key, Status.ACTIVE] = (_TINT.get(key, "white"), Line(CURRENT_COLOR, 2.2))
        styles[key, Status.UNVISITED] = ("white", Line(_UNVISITED_LEAF if key == "leaf" else fill, 1.2))
    return styles


_NODE_STYLES = _node_styles()


def _node_style(node, status: Status) -> tuple[str, Line]:
    """Fill and outline of ``node`` at ``status``."""
    return _NODE_STYLES["leaf" if node.is_leaf else node.player.value, status]


def _text_on(fill) -> str:
    """White on a dark fill, dark text on a light one."""
    r, g, b = mcolors.to_rgb(fill)
    return "white" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5 else TEXT_COLOR


def check_figsize(figsize, *, smallest: float = 1.0) -> None:
    """Refuse a ``figsize`` that is not (width, height) in inches, each
    from ``smallest`` to the widest picture (:data:`MAX_WIDTH` pixels);
    None (the default size) passes."""
    if figsize is None:
        return
    if not (isinstance(figsize, (tuple, list)) and len(figsize) == 2
            and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in figsize)):
        raise TypeError(f"figsize must be (width, height) in inches, not {figsize!r}")
    if not all(smallest <= v <= MAX_WIDTH / SCREEN_DPI for v in figsize):
        raise ValueError(f"figsize {tuple(figsize)} is out of range; give each side from "
                         f"{smallest:g} to {MAX_WIDTH / SCREEN_DPI:g} inches")


class TreeFigure(Figure):
    """A matplotlib Figure that shows itself as a PNG in a notebook, even
    when pyplot was never imported (matplotlib's own notebook hook is only
    installed by pyplot), one pixel per point: as large on the screen as it
    was laid out for."""

    alt_text: str = ""
    """A sentence describing the picture, the plain-text form shown where
    pictures are not (and read by screen readers)."""
    plot: TracePlot | None = None
    """The :class:`TracePlot` that drew the tree, to read how it looks
    (:meth:`TracePlot.node_look`); None for other figures."""

    def _repr_png_(self) -> bytes:
        out = io.BytesIO()
        self.savefig(out, format="png", dpi=screen_dpi(self))
        return out.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None):
        bundle: dict[str, bytes | str] = {"image/png": self._repr_png_()}
        if self.alt_text:
            bundle["text/plain"] = self.alt_text
            return bundle, {"image/png": {"alt": self.alt_text}}  # stored alt text (nbformat)
        bundle["text/plain"] = repr(self)
        return bundle


def screen_dpi(figure: Figure) -> float:
    """The resolution of pictures for the screen: :data:`SCREEN_DPI`."""
    return SCREEN_DPI


def draw(obj, step: int | None = None, *, branching: int | None = None, strict: bool = False,
         ax=None, caption: bool = True, figsize: tuple[float, float] | None = None,
         **marks) -> Figure:
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
        Size in inches at 72 dpi; by default :func:`figure_size`: at most
        1,100 by 540 pixels, a JupyterLab cell at 1280x720.
    **marks
        Fills, outlines, texts, edge styles, crosses, title and caption
        drawn on top: see :class:`gametree.view.style.Marks`.

    Returns
    -------
    matplotlib.figure.Figure
        A :class:`TreeFigure` (shown as a picture when it is a notebook
        cell's last expression), or the Figure that holds ``ax``.

    Raises
    ------
    ValueError, TypeError
        For a tree that cannot be built or is too big to draw, or bad marks.
    IndexError
        For a step that is not in the trace.

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> figure = draw(trace, step=trace.cutoffs[0].index)
    >>> print(figure.alt_text)  # doctest: +NORMALIZE_WHITESPACE
    Alpha-beta (cut when alpha >= beta) on a game tree of 9 leaves, branching 3 and depth 2,
    step 13 of 25: MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6).
    Evaluated 4 of 9 leaves (a full search needs at least 5).
    >>> figure = draw([[3, 5], [2, 9]], fill={"B": "#4477AA"}, title="B is done")
    >>> figure.get_size_inches() * 72  # pixels on the screen
    array([560., 427.])
    """
    plain = step is None and not isinstance(obj, Trace)
    if plain and marks.get("caption") is None:
        caption = False  # a plain tree has no caption: no blank line for one
    if step is not None and not isinstance(obj, Trace):
        tree = as_tree(obj, branching)
        if len(tree) <= MAX_NODES:  # searched first, so the header has room for every caption
            obj, branching = trace_search(tree, strict=strict), None
    plot = TracePlot(obj, ax, branching=branching, strict=strict, caption=caption, figsize=figsize)
    if step is not None:
        check_step(step, len(plot.search()))
    elif plot.trace is not None:
        step = -1
    plot.show(step, **marks)
    figure = plot.figure
    if isinstance(figure, TreeFigure) and plot._own:
        figure.alt_text = plot.alt_text()
        figure.plot = plot
    return figure


def png_with_alt(obj) -> tuple[bytes, dict[str, str]] | None:
    """:func:`png` of ``obj`` with its alt text, as a notebook stores a
    picture: ``(bytes, {"alt": ...})``, which an object's ``_repr_png_``
    may return; None for a tree too big to draw.

    >>> data, metadata = png_with_alt([[3, 5], [2, 9]])
    >>> data[:4], metadata["alt"][:40]
    (b'\\x89PNG', 'A game tree of 4 leaves, branching 2 and')
    """
    tree = obj.tree if isinstance(obj, Trace) else obj
    if isinstance(tree, Tree) and len(tree) > MAX_NODES:
        return None
    figure = draw(obj)
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=screen_dpi(figure))
    return out.getvalue(), {"alt": getattr(figure, "alt_text", "")}


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
    figure.savefig(out, format="png", dpi=dpi or screen_dpi(figure))
    return out.getvalue()

