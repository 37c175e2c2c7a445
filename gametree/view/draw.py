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
line widths, dashes and crosses carry it too, by default in Paul Tol's
colour-blind-safe colours.

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

The work is split three ways: :mod:`gametree.view.look` decides how
everything looks at a step (plain marks, no matplotlib),
:mod:`gametree.view.artists` writes a look into the artists, changing only
what differs, and :mod:`gametree.view.header` lays out the title, caption
and legend.  Every colour comes from a theme (``theme=``, see
:mod:`gametree.view.theme`), read when a drawing is made.

Pictures are made for a projector: at :data:`SCREEN_DPI` a point is a
pixel, a figure fits a JupyterLab cell at 1280x720 (:data:`CELL_WIDTH` by
:data:`CELL_HEIGHT`), and :mod:`gametree.view.labels` keeps every value and
leaf score at 14 px or more and every other label at 12 px or more,
leaving labels out rather than shrinking them.  Figures are made with
``matplotlib.figure.Figure``, not pyplot, so nothing piles up in pyplot's
list of open figures.
"""

from __future__ import annotations

import hashlib
import io
import math
from types import EllipsisType
from typing import TYPE_CHECKING, NamedTuple

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.transforms import blended_transform_factory
from PIL import Image

from ..checks import check_step
from ..i18n import get_language, ngettext, using
from ..i18n import gettext as _
from ..listing import shown_line
from ..solve import trace_search
from ..trace import Snapshot, Status, Trace
from ..tree import Tree, as_tree, level_agents
from . import labels
from .artists import SHAPES, TreeArtists
from .fonts import families_for
from .header import CAPTION_FONT, Header, HeaderArtists, header, legend_entries, legend_rows
from .layout import tidy_layout
from .look import DRAWING_KEYS, Look, Looks, Room, counter_text, current_pass, passes
from .stamp import extent, wrap
from .style import Line, Marks, color, node_id
from .theme import theme_of

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["draw", "png", "TracePlot", "TreeFigure", "NodeLook", "EdgeLook", "LabelBox", "Line",
           "tree_graph", "counter_text", "screen_dpi", "MAX_NODES", "SCREEN_DPI", "CELL_WIDTH",
           "CELL_HEIGHT"]

MAX_NODES = 3300
"""Largest tree drawn (a complete ternary tree of depth 7 has 3,280 nodes);
bigger trees are refused with a message rather than drawn as a grey smear."""

SCREEN_DPI = 72
"""Resolution of pictures for the screen: one point is one pixel."""
CELL_WIDTH = 1100
"""Width in pixels of a JupyterLab cell's output at 1280x720."""
CELL_HEIGHT = 560
"""Height in pixels of JupyterLab's notebook area at 1280x720."""
LEVEL_FONT = 13.0
"""Font size of the agent names beside the levels of a Pacman tree."""
_LEVEL_GAP = 14
"""Pixels between the agent names and the tree."""
MAX_WIDTH = 2400
"""Widest figure made for a tree that needs more than a cell (it scrolls)."""


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
    import networkx as nx  # here, not at the top: a drawing needs none of its 0.1 s of imports

    graph = nx.DiGraph()
    for node, pos in zip(tree.nodes, tidy_layout(tree), strict=True):
        graph.add_node(node.id, name=node.name, player=node.player.value, score=node.score,
                       label=node.label, depth=node.depth, pos=(pos.x, pos.y))
    graph.add_edges_from((node.parent, node.id) for node in tree.nodes[1:])
    return graph


# --- reading a drawing back -------------------------------------------------------


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


def _layout_key(artist) -> tuple | None:
    """Everything matplotlib reads to lay out the text ``artist`` around
    its anchor (``Text._get_layout``), or None for a wrapped text, which is
    laid out by where it stands."""
    if artist.get_wrap():
        return None
    fp = artist.get_fontproperties()
    return (artist.get_text(), tuple(fp.get_family()), fp.get_style(), fp.get_variant(),
            fp.get_weight(), fp.get_stretch(), fp.get_size_in_points(), fp.get_file(),
            fp.get_math_fontfamily(), artist.get_rotation(), artist.get_rotation_mode(),
            artist.get_horizontalalignment(), artist.get_verticalalignment(),
            artist._get_multialignment(), artist._linespacing, artist.get_usetex(),
            artist.get_parse_math(), artist.get_figure(root=True).dpi)


def _window_extent(artist, renderer, layouts: dict):
    """``artist.get_window_extent(renderer)`` of a visible text, the same
    box: its layout around the anchor is worked out once per text, font and
    alignment (``layouts`` keeps them, for ``renderer`` only), then moved to
    where the anchor is now, as matplotlib moves it."""
    key = _layout_key(artist)
    if key is None:
        return artist.get_window_extent(renderer)
    layout = layouts.get(key)
    if layout is None:
        layout = layouts[key] = artist._get_layout(renderer)[0]
    x, y = artist.get_transform().transform(artist.get_unitless_position())
    return layout.translated(x, y)


def level_names(tree: Tree) -> dict[int, str]:
    """The agent named beside each level (depth) of ``tree`` that has a
    node to move, in the language in force: for a Pacman tree
    (:func:`gametree.tree.level_agents`) ``{0: "MAX: Pacman", 1: "MIN:
    ghost 1", ...}``, else ``{}``.

    >>> from gametree import Tree
    >>> level_names(Tree.from_nested([[[1, 2], [3, 4]]], players=("MAX", "MIN", "CHANCE")))
    {0: 'MAX: Pacman', 1: 'MIN: ghost 1', 2: 'CHANCE: ghost 2'}
    """
    agents = level_agents(tree.players) if tree.players else ()
    if not agents:
        return {}
    moving = sorted({node.depth for node in tree if not node.is_leaf})
    return {depth: agents[depth % len(agents)] for depth in moving}


def _level_margin(names: dict[int, str]) -> float:
    """Pixels a figure keeps at its left for the level names (0 for none)."""
    if not names:
        return 0.0
    family = tuple(families_for(get_language()))
    return max(extent(name, LEVEL_FONT, family=family)[0] for name in names.values()) + _LEVEL_GAP


def figure_size(tree: Tree, title: bool = True, caption: bool = True) -> tuple[float, float]:
    """The default size in inches of a figure of ``tree``: wide enough for
    every label (and the agents' names beside a Pacman tree's levels), at
    most a JupyterLab cell at 1280x720, no taller than the screen has room
    for."""
    leaves = len(tree.leaves)
    positions = tidy_layout(tree)
    margin = _level_margin(level_names(tree))
    need = labels.needed_width(tree, positions, labels.SCREEN_FONTS[-1]) + 8 + margin
    width = min(max(leaves * 80 + 160 + margin, 560, min(need, CELL_WIDTH)), CELL_WIDTH)
    top = header(title, caption, legend_rows(tree, width)).height
    height = top + min(CELL_HEIGHT - 20 - top, 90 + 130 * tree.depth)
    return width / SCREEN_DPI, height / SCREEN_DPI


def _source(obj, branching, strict) -> tuple[Trace | None, Tree, bool]:
    """What a TracePlot draws: (trace or None, tree, strict), checked."""
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r}")
    if not isinstance(obj, Trace):
        tree = as_tree(obj, branching)
    elif branching is not None:
        raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
    elif obj.search == "maxn":
        raise TypeError("a max^n trace has a vector at every node, which this drawing "
                        "cannot show; draw it with gametree.view.maxn.draw_maxn (or "
                        "MaxnPlot), or step it with the Stepper")
    else:
        tree, strict = obj.tree, obj.strict
    if len(tree) > MAX_NODES:
        raise ValueError(
            f"the tree has {len(tree):,} nodes, too many to draw legibly; "
            f"draw at most {MAX_NODES:,} (for example a smaller depth)")
    return (obj if isinstance(obj, Trace) else None), tree, strict


class _Strip(NamedTuple):
    """The header of a figure of a drawing's own, fitted to it."""

    header: Header
    legend_rows: int
    caption_lines: int
    caption_width: float


def _strip(tree: Tree, trace: Trace | None, size, own: bool, counter: bool, caption: bool) -> _Strip:
    """The header a figure of ``size`` inches has room for: the legend's
    rows, and the caption's lines (room for the longest caption of the
    search, so no step's caption is clipped); a tiny figure gets fewer."""
    width, tall = size[0] * 72, size[1] * 72
    rows = legend_rows(tree, width) if own else 1
    caption_width = width - 16  # the caption wraps within the figure
    lines = 1
    if own and caption and trace is not None:
        lines = max(len(wrap(f"step {step.index} of {len(trace) - 1}: {step.caption}",
                             CAPTION_FONT, caption_width)) for step in trace)
    while header(counter, caption, rows, lines).height > tall - 20 and rows + lines > 2:
        if rows >= lines:
            rows -= 1
        else:
            lines -= 1
    return _Strip(header(counter, caption, rows, lines), rows, lines, caption_width)


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
    theme : Theme, name or mapping, optional
        The colours (see :func:`gametree.view.theme.theme_of`): None for
        the default, ``"projector"``, ``"print"``, or a mapping of keys
        such as ``{"pruned edge": "#BBBBBB"}`` merged over the default.
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
    theme : Theme
        The colours it is drawn in.
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
                 figsize: tuple[float, float] | None = None, fonts=None, theme=None):
        self.trace, self.tree, self.strict = _source(obj, branching, strict)
        check_figsize(figsize)
        self.theme = theme_of(theme)
        self.snapshot: Snapshot | None = None
        self.marks = Marks()
        self._pass_cache: list[tuple] | None = None  # see _passes
        self._nodes = self.tree.nodes
        self.positions = tidy_layout(self.tree)
        self.levels = level_names(self.tree)
        self._with_caption = caption
        self._with_counter = counter
        size = figsize or figure_size(self.tree, counter, caption)
        self._strip = _strip(self.tree, self.trace, size, ax is None, counter, caption)
        self._background = None  # the legend and blank axes, rendered once
        self._palette: Image.Image | None = None
        self._layouts: tuple[object, dict] = (None, {})  # see label_boxes: a renderer, its texts' layouts
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
        self._looks = Looks(self.tree, self.theme, Room(self.plan.path_windows, self._font_for))
        ax.set_xlim(*self.plan.xlim)
        ax.set_ylim(*self.plan.ylim)
        ax.set_axis_off()
        self._artists = TreeArtists(figure, ax, self.tree, self.positions, self.plan, self.theme)
        strip = self._strip
        self._header = HeaderArtists(figure, ax, own=own, strip=strip.header,
                                     legend_rows=strip.legend_rows,
                                     caption_lines=strip.caption_lines,
                                     caption_width=strip.caption_width,
                                     label_font=self.plan.fonts.label, theme=self.theme)
        self._header.caption.set_visible(self._with_caption)
        self._header.title.set_visible(self._with_counter)
        self._level_texts = self._name_levels(figure, ax, own)
        self._write_legend(None)

    def _name_levels(self, figure, ax, own: bool) -> dict:
        """The agents' names at the left of the levels of a Pacman tree
        (see :func:`level_names`), level with its nodes, in a figure of
        the plot's own; static, so drawn once with the legend."""
        if not own:
            return {}
        width = figure.get_size_inches()[0] * 72
        beside = blended_transform_factory(figure.transFigure, ax.transData)
        depth_y: dict[int, float] = {}
        for node in self._nodes:
            depth_y.setdefault(node.depth, self.positions[node.id].y)
        texts = {}
        families = families_for(get_language()) if self.levels else []
        for depth, name in self.levels.items():
            texts[depth] = figure.text(4 / width, depth_y[depth], name, transform=beside,
                                       ha="left", va="center", fontsize=LEVEL_FONT,
                                       fontfamily=families, color=self.theme["text"])
        return texts

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
        top = self._strip.header.height
        left = 4 + _level_margin(self.levels)
        rect = (left / width, 4 / height, 1 - (left + 4) / width, 1 - (top + 4) / height)
        return figure, figure.add_axes(rect), rect, True

    # --- showing a step ----------------------------------------------------

    def show(self, step: int | None = None, **marks) -> TracePlot:
        """Draw the search's state right after step ``step`` (negative counts
        from the end; ``None`` draws the plain tree), with ``marks`` on top.
        Returns ``self``.

        ``marks`` are the fields of :class:`~gametree.view.style.Marks`:
        ``fill``, ``outline``, ``text``, ``window``, ``edges``, ``crossed``,
        ``hidden``, ``pruned``, ``title``, ``caption``, ``current`` and
        ``legend``.  They replace the marks of the previous call.  Only
        artists' properties change, and only those whose look changed;
        nothing is created or removed.
        """
        try:
            wanted = Marks(**marks).resolved(self.tree)
        except TypeError as error:
            if "unexpected keyword" in str(error):
                raise TypeError(f"{error}; marks are {', '.join(Marks.__dataclass_fields__)}") from None
            raise
        self.snapshot = None if step is None else self.search().state(step)
        self.marks = wanted
        self._write(self.look(wanted))
        return self

    def search(self) -> Trace:
        """The trace drawn; for a plain tree, run its search first
        (alpha-beta, or expectiminimax on a tree with chance nodes)."""
        if self.trace is None:
            self.trace = trace_search(self.tree, strict=self.strict)
            self._write_legend(self._artists.look)
        return self.trace

    def look(self, marks: Marks | None = None) -> Look:
        """How the state shown (:attr:`snapshot`) looks with ``marks``
        (resolved, keyed by id) on top; without marks, not even the current
        node is highlighted (see :meth:`gametree.view.look.Looks.at`)."""
        snap = self.snapshot
        if snap is None:
            return self._looks.at(None, marks=marks)
        return self._looks.at(snap, self.search(), marks, self._passes())

    def _passes(self) -> list[tuple]:
        """:func:`gametree.view.look.passes` of the trace, worked out once."""
        if self._pass_cache is None:
            self._pass_cache = passes(self.search())
        return self._pass_cache

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

    def _write(self, look: Look) -> None:
        """Write ``look`` into the artists, the title, caption and legend."""
        self._artists.write(look)
        self._header.title.set_text(look.title)
        self._header.write_caption(look.caption)
        self._write_legend(look)
        legend = self._header.legend
        if legend is not None and legend.get_visible() != look.legend:
            legend.set_visible(look.legend)
            self._background = None

    def _write_legend(self, look: Look | None) -> None:
        """The legend of what is drawn (see :func:`gametree.view.header.legend_entries`)."""
        trace = self.trace
        keys = legend_entries(self.tree, trace is not None, self.marks.current,
                              trace is not None and bool(trace.cutoffs or (look is not None and look.crossed)))
        if self._header.show_legend(keys):
            self._background = None

    # --- reading the drawing ------------------------------------------------------

    def node_look(self, node) -> NodeLook:
        """How ``node`` (a Node, name or id) is drawn now."""
        i = node_id(self.tree, node)
        artists = self._artists
        assert artists.look is not None  # the constructor shows the first look
        mark = artists.look.nodes[i]
        line = mark.outline
        return NodeLook(SHAPES[artists.marker_key[i]], color(mark.fill), color(line.color),
                        float(line.width), line.dashed, artists.shown_text(i), artists.shown_window(i),
                        mark.current)

    def edge_look(self, node) -> EdgeLook:
        """How the edge into ``node`` (a Node, name or id) is drawn now."""
        i = node_id(self.tree, node)
        if i == 0:
            raise ValueError("the root has no edge into it")
        look = self._artists.look
        assert look is not None  # the constructor shows the first look
        edge = look.edges[i]
        assert edge is not None  # only the root has none
        line = edge.line
        return EdgeLook(color(line.color), float(line.width), line.dashed, edge.crossed)

    @property
    def title(self) -> str:
        """The title line as drawn (by default the counter)."""
        return self._header.title.get_text()

    @property
    def caption(self) -> str:
        """The caption as drawn (on one line here; the picture wraps it)."""
        return self._header.caption_text

    def label_boxes(self) -> list[LabelBox]:
        """Every text written on the picture now, with its box in pixels of
        the figure at its dpi: what matplotlib lays out, so sizes and
        overlaps can be checked without rendering."""
        renderer = self.figure.canvas.get_renderer()
        if self._layouts[0] is not renderer:
            self._layouts = (renderer, {})
        groups = (*self._artists.texts(), ("title", {None: self._header.title}),
                  ("caption", {None: self._header.caption}), ("level", self._level_texts))
        found = []
        for kind, artists in groups:
            for i, artist in artists.items():
                if artist.get_visible() and artist.get_text():
                    box = _window_extent(artist, renderer, self._layouts[1])
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
        count = len(tree.leaves)
        leaves = ngettext("{count} leaf", "{count} leaves", count).format(count=count)
        if tree.branching is not None:
            shape = _("{leaves}, branching {branching} and depth {depth}").format(
                leaves=leaves, branching=tree.branching, depth=tree.depth)
        else:
            shape = _("{leaves}, depth {depth}").format(leaves=leaves, depth=tree.depth)
        if tree.has_chance:
            shape = _("{shape}, with chance nodes").format(shape=shape)
        levels = self._levels_in_words()
        if self.snapshot is None:
            return _("A game tree of {shape}, root {name} a {player} node.").format(
                shape=shape, name=tree.root.name, player=tree.root.player) + levels
        trace = self.search()  # the trace the snapshot is a step of
        step = self.snapshot.step
        counter = counter_text(trace, self.snapshot.evaluated)
        algorithm = trace.algorithm
        if step.phase is None:
            said = _("{algorithm} on a game tree of {shape}, step {index} of {last}: {caption}.").format(
                algorithm=algorithm, shape=shape, index=step.index, last=len(trace) - 1,
                caption=step.caption)
        else:
            said = _("{algorithm} on a game tree of {shape}, step {index} of {last} ({phase}): "
                     "{caption}.").format(algorithm=algorithm, shape=shape, index=step.index,
                                          last=len(trace) - 1, phase=shown_line(step.phase.label),
                                          caption=step.caption)
        learnt = self._learnt_in_words()
        return f"{said} {counter[0].upper()}{counter[1:]}.{learnt}{levels}"

    def _learnt_in_words(self) -> str:
        """What the picture shows of earlier passes (see
        :func:`gametree.view.look.passes`), as a sentence; "" if nothing."""
        snap = self.snapshot
        found = None if snap is None else current_pass(self._passes(), snap.step.index)
        if snap is None or found is None:
            return ""
        entries = [f"{self.tree[i].name} {text}" for i, text in sorted(found[1].items())
                   if snap.status[i] is Status.UNVISITED]
        if not entries:
            return ""
        return " " + _("The table holds {entries}.").format(entries=", ".join(entries))

    def _levels_in_words(self) -> str:
        """The agents named beside the levels, as a sentence; "" if none."""
        if not self.levels:
            return ""
        return " " + _("Who moves, level by level from the root: {levels}.").format(
            levels="; ".join(self.levels.values()))

    # --- rendering -----------------------------------------------------------

    def _dynamic(self) -> list:
        """The artists drawn at every render, in drawing order: all but the
        legend (texts are cheap stamps, see StampText)."""
        return [*self._artists.dynamic(), self._header.title, self._header.caption]

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
            self._palette = _palette_of(self._sample_frames(), self.theme)
        return self._palette

    def _sample_frames(self) -> list[Image.Image]:
        """Renders of the search's start, middle and end (of the plain tree
        if there is no search yet), without marks; then the state shown is
        drawn again."""
        snapshot = self.snapshot
        samples: list[Snapshot | None] = [None]
        if self.trace is not None:
            n = len(self.trace)
            samples = [self.trace.state(step) for step in sorted({0, n // 3, 2 * n // 3, n - 1})]
        frames = []
        for sample in samples:
            self.snapshot = sample
            self._write(self.look())
            frames.append(self.image())
        self.snapshot = snapshot
        self._write(self.look(self.marks))
        return frames

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


def _rgb(value: str) -> tuple[int, int, int]:
    """A ``"#rrggbb"`` colour as 0-255 integers."""
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def _palette_of(frames: list[Image.Image], theme) -> Image.Image:
    """A 256-colour palette holding every colour a drawing is drawn in
    (:data:`gametree.view.look.DRAWING_KEYS` of ``theme``, and the halo's
    blend on white) exactly, and the blends anti-aliasing makes in
    ``frames``."""
    width, height = frames[0].size
    sheet = Image.new("RGB", (width, height * len(frames)))
    for k, frame in enumerate(frames):
        sheet.paste(frame, (0, k * height))
    exact: set[tuple[int, ...]] = {_rgb(theme[key]) for key in DRAWING_KEYS}
    exact.add(tuple(int(round(0.35 * c + 0.65 * 255)) for c in _rgb(theme["current"])))
    key = (sheet.size, hashlib.sha256(sheet.tobytes()).digest(), tuple(sorted(exact)))
    colors = _PALETTES.get(key)
    if colors is None:
        if len(_PALETTES) >= 256:
            _PALETTES.clear()
        colors = _PALETTES[key] = _palette_colors(sheet, exact)
    palette = Image.new("P", (1, 1))
    palette.putpalette([value for c in colors for value in c])
    return palette


_PALETTES: dict[tuple, list[tuple[int, ...]]] = {}
"""The colours of :func:`_palette_of` for the sample sheets and exact
colours seen (a sheet by its size and SHA-256): a drawing made again, as
each new Stepper of a tree makes it, gets its palette without quantizing
the sheet again."""


def _palette_colors(sheet: Image.Image, exact: set[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The palette's colours: ``exact``, then the sheet's median-cut colours
    that keep clear of them."""
    sampled = sheet.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT)
    flat = sampled.getpalette()
    assert flat is not None  # quantize() makes a "P" image, which has a palette
    # Pillow maps a pixel through a cache of 4x4x4 colour cells, so a
    # sampled colour close to a style colour could win that colour's
    # cell (white turning 252-grey); keep the style colours' cells free.
    others = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)]
    others = [c for c in others
              if all(max(abs(a - b) for a, b in zip(c, e, strict=True)) > 8 for e in exact)]
    return sorted(exact) + others


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
         theme=None, lang: str | None = None, **marks) -> Figure:
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
    theme : Theme, name or mapping, optional
        The colours (see :func:`gametree.view.theme.theme_of`), e.g.
        ``theme={"pruned edge": "#BBBBBB"}`` or ``theme="print"``.
    lang : str, optional
        The language of the caption, counter, legend, agents' names and
        alt text (``"en"``, ``"da"``, ``"hi"``, ``"ko"``); by default the
        language in force.
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
    with using(lang):
        return _draw(obj, step, branching=branching, strict=strict, ax=ax, caption=caption,
                     figsize=figsize, theme=theme, **marks)


def _draw(obj, step, *, branching, strict, ax, caption, figsize, theme, **marks) -> Figure:
    """:func:`draw` in the language in force."""
    plain = step is None and not isinstance(obj, Trace)
    if plain and marks.get("caption") is None:
        caption = False  # a plain tree has no caption: no blank line for one
    if step is not None and not isinstance(obj, Trace):
        tree = as_tree(obj, branching)
        if len(tree) <= MAX_NODES:  # searched first, so the header has room for every caption
            obj, branching = trace_search(tree, strict=strict), None
    plot = TracePlot(obj, ax, branching=branching, strict=strict, caption=caption, figsize=figsize,
                     theme=theme)
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

