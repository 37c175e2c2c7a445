"""Drawing a Monte-Carlo tree search at one step of its record.

The picture is AIMA's Figure 5.10 made to step through: every node of the
search tree with its wins and playouts ``U/N`` and, under them, the mean
``U/N`` as a decimal, for the player who made the move into the node; the
move on each edge; and what the iteration under way did:

* **SELECT**: the path from the root to the selected node drawn thick,
  each of its nodes ringed;
* **EXPAND**: the new node, with no playouts yet, its edge thick and
  dashed;
* **SIMULATE**: the playout, a dotted line hanging from the new node, with
  the number of random moves and who won;
* **BACK-PROPAGATE**: the nodes whose statistics changed, ringed, their
  statistics in bold.

Nothing is told by colour alone: line widths, dashes, dots, rings and
bold type carry each mark too, in the colours of the theme given
(``theme=``, :mod:`gametree.view.theme`; by default Paul Tol's
colour-blind-safe palette).  MAX nodes (MAX to move) are
upward triangles, MIN nodes downward ones, positions where the game is
over squares, as in every drawing of the set.

The layout is :func:`~gametree.view.layout.tidy_layout`'s, and each label
goes where :mod:`gametree.view.labels` finds room for it (touching no
edge, marker or other label), at projector sizes: statistics 14 px or
more, names and moves 12 px or more.  A crowded tree gets fewer labels,
never smaller ones, in this order of importance: the statistics of the
nodes on the iteration's path, its moves and names, then the statistics
of the other nodes, most playouts first, then their moves and names.  A
big tree is drawn down to its :data:`MAX_SHOWN` most-visited nodes (the
title says so).

* :func:`draw_mcts` returns a Figure of one step;
* :class:`MctsPlot` keeps a figure and redraws it at each step, for the
  widget (:class:`gametree.widgets.mcts.MctsStepper`); read it through
  :meth:`MctsPlot.node_look`, :meth:`MctsPlot.edge_look` and
  :meth:`MctsPlot.label_boxes`.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.text import Text
from matplotlib.transforms import ScaledTranslation

from ..games.mcts import MctsResult, MctsTree, Phase
from ..text import describe, fmt
from ..tree import MAX, Tree
from .draw import CELL_HEIGHT, CELL_WIDTH, SCREEN_DPI, EdgeLook, LabelBox, TreeFigure, check_figsize

# The label placement of the tree drawings: what is drawn so far as boxes
# and segments, and the nearest free spot.
from .labels import SCREEN_FONTS, Fonts, Label, Space, label_for, place
from .layout import Point, tidy_layout
from .stamp import StampText, extent, wrap
from .theme import theme_of

__all__ = ["MctsPlot", "draw_mcts", "MctsNodeLook", "MAX_SHOWN", "stats_text"]

MAX_SHOWN = 40
"""Most nodes drawn: a bigger tree is drawn down to its most-visited nodes
(and those of the iteration under way)."""

_TINT = {"MAX": "active MAX node", "MIN": "active MIN node", "over": "game over"}
"""Theme keys of the fills of nodes that have playouts (the outline says whose node it is)."""
_OUTLINE = {"MAX": "MAX node", "MIN": "MIN node", "over": "leaf"}
"""Theme keys of the outlines."""
_SHAPE = {"MAX": "^", "MIN": "v", "over": "s"}
_PATH_WIDTH, _EDGE_WIDTH = 4.0, 1.4
_TITLE_FONT, _CAPTION_FONT, _KEY_FONT = 17.0, 15.0, 13.0
_PAD = 4.0
_KEY = ("beside each node: wins/playouts (U/N), then the mean, for the player who made the move "
        "into it")
_STATS_SPOTS = ((1, 0), (-1, 0), (1, -1), (-1, -1), (-1, 1), (1, 1), (0, -1), (0, 1))
"""Where a node's statistics may go, best first: beside it, then the corners, then under or over it."""
_NO_POINTS = np.empty((0, 2))
"""The offsets of a set of markers with none to draw at this step."""
_ROW_MIN = 46.0
"""Fewest points between two rows of nodes (deeper rows are left out)."""


def stats_text(wins: float, visits: int) -> str:
    """What a node shows: wins and playouts ``U/N`` over the mean, e.g.
    ``"2.5/3\\n0.83"``; a node with no playouts yet shows ``"0/0\\n–"``.

    >>> stats_text(2.5, 3), stats_text(0, 0)
    ('2.5/3\\n0.83', '0/0\\n–')
    """
    mean = "\u2013" if visits == 0 else f"{wins / visits:.2f}"
    return f"{fmt(wins)}/{visits}\n{mean}"


class MctsNodeLook(NamedTuple):
    """How one node of the search tree is drawn (colours as ``"#rrggbb"``)."""

    shape: str
    """"^" MAX to move, "v" MIN to move, "s" the game is over."""
    fill: str
    """Fill of the marker: white until the node has playouts."""
    outline: str
    """Colour of the marker's outline."""
    width: float
    """Width of the outline, points (thick on the iteration's path)."""
    ringed: bool
    """Whether a ring marks it: on the path (SELECT to SIMULATE), or updated
    (BACK-PROPAGATE)."""
    stats: str | None
    """The statistics written beside it ("U/N" over the mean), None if there
    was no room."""
    bold: bool
    """Whether its statistics are bold: just updated by BACK-PROPAGATE."""


class _Geometry(NamedTuple):
    """Where things go in one picture, in points from the Axes' lower left."""

    sx: float
    """Points per leaf column."""
    sy: float
    """Points per row."""
    x0: float
    """Points from the Axes' left edge to leaf column 0."""
    y0: float
    """Points from the Axes' bottom edge to the root's row."""
    marker: float
    """Marker size, points."""


class MctsPlot:
    """A picture of an :class:`~gametree.games.mcts.MctsResult` at one step,
    redrawn at each :meth:`show`.

    Parameters
    ----------
    result : MctsResult
        A search run with ``record=True``.
    figsize : (float, float), optional
        Size in inches at 72 dpi (a point is a pixel); by default as wide as
        a JupyterLab cell at 1280x720 and as tall as the final tree needs,
        at most 540 pixels.
    header : bool
        Write a title (iteration and phase) and the step's caption above
        the tree; the widget shows both itself.
    max_shown : int
        Most nodes drawn (10 to 200).
    theme : Theme, str or mapping, optional
        The colours (:func:`gametree.view.theme.theme_of`); by default
        :data:`~gametree.view.theme.DEFAULT`.

    Attributes
    ----------
    result : MctsResult
    step : MctsStep
        The step shown.
    shown : tuple of int
        The ids of the nodes drawn, parents before children.
    figure : TreeFigure
        The picture (shown as a PNG when it is a cell's last expression).

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=12, seed=1)
    >>> plot = MctsPlot(result).show(14)    # iteration 4: EXPAND adds E below C
    >>> plot.node_look("E").stats
    '0/0\\n–'
    >>> plot.edge_look("E").dashed, plot.edge_look("C").width > plot.edge_look("B").width
    (True, True)
    >>> plot.show(16).node_look("E").stats, plot.node_look("E").bold   # MAX won; E counts MIN's wins
    ('0/1\\n0.00', True)
    """

    def __init__(self, result: MctsResult, *, figsize: tuple[float, float] | None = None,
                 header: bool = True, max_shown: int = MAX_SHOWN, theme=None):
        if not isinstance(result, MctsResult):
            raise TypeError(f"expected the result of gametree.games.uct_search, not {describe(result)}")
        if not result.record:
            raise ValueError("this search was run with record=False, so it cannot be stepped "
                             "through; run uct_search(..., record=True)")
        if not isinstance(header, bool):
            raise TypeError(f"header must be True or False, not {describe(header)}")
        if isinstance(max_shown, bool) or not isinstance(max_shown, int) or not 10 <= max_shown <= 200:
            raise ValueError(f"max_shown must be a whole number from 10 to 200, not {describe(max_shown)}")
        check_figsize(figsize, smallest=4 / SCREEN_DPI)
        self.theme = theme_of(theme)
        self.result = result
        self.max_shown = max_shown
        self._header = header
        self._rows = self._deepest(result.tree) + 1  # one more row for a playout
        width = CELL_WIDTH if figsize is None else figsize[0] * SCREEN_DPI
        self._legend_columns = 5 if width >= 660 else 3
        self._key = wrap(_KEY, _KEY_FONT, width - 16)
        size = figsize or (CELL_WIDTH / SCREEN_DPI, self._height() / SCREEN_DPI)
        self.figure = TreeFigure(figsize=size, dpi=SCREEN_DPI, facecolor=self.theme["background"])
        self._canvas = FigureCanvasAgg(self.figure)
        self.figure.alt_text = ""
        self._texts: list[tuple[str, int | None, StampText]] = []
        self._made: list = []         # the artists of the step shown, removed at the next
        self._background: object | None = None  # the legend and the key, rendered once (see png)
        width, height = self.figure.get_size_inches() * SCREEN_DPI
        top = self._top()
        self.ax = self.figure.add_axes((_PAD / width, _PAD / height, 1 - 2 * _PAD / width,
                                        1 - (top + _PAD) / height))
        self.ax.set_axis_off()
        self._box = (width - 2 * _PAD, height - top - _PAD)
        self._title: StampText | None = None
        self._caption: StampText | None = None
        self._key_text = self._draw_key()
        self._make_artists()
        self.show(0)

    # --- what to draw ---------------------------------------------------------------

    def _deepest(self, tree: MctsTree) -> int:
        depth = {0: 0}
        for i in self._choose(tree, ()):
            node = tree.nodes[i]
            if node.parent is not None:
                depth[i] = depth[node.parent] + 1
        return max(depth.values())

    def _choose(self, tree: MctsTree, must: Sequence[int]) -> tuple[int, ...]:
        """The nodes to draw: ``must`` (the iteration's nodes) and their
        ancestors, then the most-visited others, up to ``max_shown``;
        parents before children, children in the game's order."""
        chosen: set[int] = set()
        i: int | None  # a node, then its ancestors up to the root's parent (None)
        for i in must:
            while i is not None and i not in chosen:
                chosen.add(i)
                i = tree.nodes[i].parent
        order = sorted(range(len(tree)), key=lambda i: (-tree.nodes[i].visits, i))
        for i in order:
            if len(chosen) >= self.max_shown:
                break
            while i is not None and i not in chosen:
                chosen.add(i)
                i = tree.nodes[i].parent
        chosen.add(0)
        shown, queue = [], [0]
        while queue:
            i = queue.pop(0)
            shown.append(i)
            queue.extend(c for c in tree.nodes[i].children if c in chosen)
        return tuple(shown)

    def _height(self) -> float:
        top = self._top()
        return min(CELL_HEIGHT - 20, top + 60 + 100 * self._rows)

    def _top(self) -> float:
        """Points above the tree: title and caption (with a header), the
        legend and the key."""
        legend_rows = -(-5 // self._legend_columns)
        return (5 + 24 + 40 if self._header else 5) + 22 * legend_rows + 17 * len(self._key) + 6

    # --- showing a step ---------------------------------------------------------------

    def show(self, step: int) -> MctsPlot:
        """Draw the search after step ``step`` of its record (negative counts
        from the end).  Returns ``self``."""
        self.step = self.result.step(step)
        self._draw()
        return self

    def _draw(self) -> None:
        """Replace the artists of the step shown by this step's: the tree,
        its labels and the header; the legend and the key stay."""
        step, tree = self.step, self.step.tree
        must = list(step.path) + ([step.expanded] if step.expanded is not None else [])
        shown = self._choose(tree, must)
        depth = {0: 0}
        for parent, i in _edges(tree, shown):
            depth[i] = depth[parent] + 1
        fit = self._rows_that_fit()
        shown = tuple(i for i in shown if depth[i] < fit or i in must)
        self.shown = shown
        layout, positions = _layout(tree, shown)
        self._positions = {i: positions[k] for k, i in enumerate(layout)}
        for artist in self._made:
            artist.remove()
        self._made, self._texts = [], []
        self._fonts, plan = self._best_plan(tree, shown)
        geometry = self._geometry
        self.ax.set_xlim(-geometry.x0 / geometry.sx, (self._box[0] - geometry.x0) / geometry.sx)
        self.ax.set_ylim((-geometry.y0) / geometry.sy, (self._box[1] - geometry.y0) / geometry.sy)
        self._draw_edges(tree, shown)
        self._draw_playout()
        self._draw_nodes(tree, shown)
        self._draw_labels(plan)
        self._draw_header()
        self._texts.append(("key", None, self._key_text))
        self.figure.alt_text = self.alt_text()

    def _made_here(self, artist):
        """``artist``, kept to be removed when the next step is drawn."""
        self._made.append(artist)
        return artist

    def _rows_that_fit(self) -> int:
        height = self.figure.get_size_inches()[1] * SCREEN_DPI - self._top() - 2 * _PAD - 60
        return max(1, int(height // _ROW_MIN))

    # --- geometry and labels ------------------------------------------------------------

    def _best_plan(self, tree: MctsTree, shown: tuple[int, ...]):
        """The largest fonts at which the most labels fit, and where they go."""
        best = None
        for fonts in SCREEN_FONTS:
            self._geometry = self._measure(tree, shown, fonts)
            plan = self._plan(tree, shown, fonts)
            score = sum(3 if kind == "stats" else 1 for kind, *_ in plan)
            if best is None or score > best[0]:
                best = (score, fonts, plan, self._geometry)
            if all(any(kind == "stats" and i == node for kind, i, *_ in plan) for node in shown):
                break
        assert best is not None  # SCREEN_FONTS is not empty
        _, fonts, plan, self._geometry = best
        return fonts, plan

    def _measure(self, tree: MctsTree, shown: tuple[int, ...], fonts: Fonts) -> _Geometry:
        leaves = max(1, len({p.x for p in self._positions.values()}))
        columns = max(p.x for p in self._positions.values()) + 1
        stats = extent("00/00\n0.00", fonts.value, True)[0]
        left, right = 8 + 1.5 * fonts.label, 10 + stats
        sx = max(1.0, (self._box[0] - left - right) / max(columns - 1, 1)) if columns > 1 else 1.0
        x0 = left if columns > 1 else self._box[0] / 2
        rows = max([-p.y for p in self._positions.values()] + [0]) + 1  # and the playout's
        bottom = 2.4 * fonts.label + 6
        topmost = 2.6 * fonts.label + 2.4 * fonts.value   # room over the root for its statistics
        # Rows deeper than fit are drawn only for the iteration's path: closer together then.
        sy = max(12.0, min(130.0, (self._box[1] - bottom - topmost) / rows))
        y0 = self._box[1] - topmost
        marker = max(5.0, min(18.0, 0.45 * sx if leaves > 1 else 18.0, 0.4 * sy))
        return _Geometry(sx, sy, x0, y0, marker)

    def _centre(self, i: int) -> tuple[float, float]:
        g, p = self._geometry, self._positions[i]
        return g.x0 + p.x * g.sx, g.y0 + p.y * g.sy

    def _playout_end(self) -> tuple[float, float] | None:
        step = self.step
        if step.phase not in (Phase.SIMULATE, Phase.BACK_PROPAGATE):
            return None
        x, y = self._centre(self.result.record[step.iteration - 1].start)
        if not step.playout:
            return x, y   # the game was over there: a result, no playout
        return x, y - 0.62 * self._geometry.sy

    def _plan(self, tree: MctsTree, shown: tuple[int, ...], fonts: Fonts) -> list:
        """(kind, node, text, font, Label) for every label that fits, by
        priority (the module docstring's order)."""
        space = self._space(tree, shown)
        end = self._playout_end()
        step = self.step
        on_path = [i for i in shown if i in set(step.path) | {step.expanded}]
        others = sorted((i for i in shown if i not in on_path), key=lambda i: (-tree.nodes[i].visits, i))
        plan: list = []
        if end is not None:
            self._place_playout(space, end, fonts, plan)
        for group in (on_path, others):
            for i in group:
                self._place_stats(space, tree, i, fonts, plan)
            for i in group:
                if i:
                    self._place_move(space, tree, i, fonts, plan)
            for i in group:
                self._place_name(space, tree, i, fonts, plan)
        return plan

    def _space(self, tree: MctsTree, shown: tuple[int, ...]) -> _Inside:
        """What the picture holds before its labels: the edges, the markers
        (with their rings) and the playout."""
        g = self._geometry
        space = _Inside(self._box, cell=max(12.0, min(40.0, 3 * g.sx)))
        for parent, i in _edges(tree, shown):
            space.add_segment(self._centre(parent), self._centre(i))
        ringed = self._ringed()
        for i in shown:
            x, y = self._centre(i)
            r = g.marker / 2 + (5 if i in ringed else 1)
            space.add_box((x - r, y - r, x + r, y + r))
        end = self._playout_end()
        if end is not None and self.step.playout:
            start = self._centre(self.result.record[self.step.iteration - 1].start)
            space.add_segment(start, end)
            space.add_box((end[0] - 4, end[1] - 4, end[0] + 4, end[1] + 4))
        return space

    def _ringed(self) -> set[int]:
        step = self.step
        if step.phase is Phase.BACK_PROPAGATE:
            return set(step.updated)
        return set(step.path) | ({step.expanded} if step.expanded is not None else set())

    def _place_stats(self, space, tree, i, fonts, plan) -> None:
        node = tree.nodes[i]
        text = stats_text(node.wins, node.visits)
        size = extent(text, fonts.value, True)
        radius = self._geometry.marker / 2 + (5 if i in self._ringed() else 1)
        reach = (1.8 if i in self._ringed() else 0.8) * fonts.value   # the path's may go further
        box = place(space, self._centre(i), radius, size, _STATS_SPOTS, reach)
        if box is not None:
            space.add_box(box)
            plan.append(("stats", i, text, fonts.value, label_for(box, self._centre(i), fonts.value)))

    def _place_name(self, space, tree, i, fonts, plan) -> None:
        node = tree.nodes[i]
        size = extent(node.name, fonts.label)
        radius = self._geometry.marker / 2 + (5 if i in self._ringed() else 1)
        box = place(space, self._centre(i), radius, size, ((-1, 0), (-1, 1), (0, 1), (1, 1)),
                     0.6 * fonts.label)
        if box is not None:
            space.add_box(box)
            plan.append(("name", i, node.name, fonts.label, label_for(box, self._centre(i), fonts.label)))

    def _place_move(self, space, tree, i, fonts, plan) -> None:
        node = tree.nodes[i]
        if not node.label or len(node.label) > 12:
            return
        (px, py), (cx, cy) = self._centre(node.parent), self._centre(i)
        middle = ((px + cx) / 2, (py + cy) / 2)
        side = -1 if cx < px else 1
        box = place(space, middle, 0.0, extent(node.label, fonts.label),
                     ((side, 0), (-side, 0), (0, 1), (0, -1)), 1.5 * fonts.label)
        if box is not None:
            space.add_box(box)
            plan.append(("move", i, node.label, fonts.label, label_for(box, middle, fonts.label)))

    def _place_playout(self, space, end, fonts, plan) -> None:
        step = self.step
        moves = len(step.playout)
        outcome = "draw" if step.winner is None else f"{step.winner} won"
        text = f"{moves} random move{'s' if moves != 1 else ''}: {outcome}" if moves else \
            f"game over: {outcome}"
        size = extent(text, fonts.label)
        radius = 4.0 if moves else self._geometry.marker / 2 + 5
        box = place(space, end, radius, size, ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0)),
                     3 * fonts.label)
        if box is not None:
            space.add_box(box)
            plan.append(("playout", None, text, fonts.label, label_for(box, end, fonts.label)))

    # --- artists ------------------------------------------------------------------------

    def _data(self, point: tuple[float, float]) -> tuple[float, float]:
        g = self._geometry
        return (point[0] - g.x0) / g.sx, (point[1] - g.y0) / g.sy

    def _make_artists(self) -> None:
        """The artists every step updates in place: the edges, the playout
        and its end, the rings and one set of markers per kind of node."""
        ax, theme = self.ax, self.theme
        self._edge_art = LineCollection([], zorder=1, capstyle="round")
        ax.add_collection(self._edge_art)
        playout = theme["playout"]
        (self._playout_art,) = ax.plot([], [], color=playout, linewidth=2.4, linestyle=(0, (1, 2.2)),
                                       zorder=1.2, solid_capstyle="round")
        (self._playout_end_art,) = ax.plot([], [], marker="s", markersize=6, color=playout, zorder=1.3)
        self._ring_art = ax.scatter([], [], marker="o", facecolors="none",
                                    edgecolors=theme["current"], linewidths=2.4, zorder=1.8)
        self._shape_art = {key: ax.scatter([], [], marker=_SHAPE[key], zorder=2) for key in _SHAPE}

    def _edge_line(self, i: int) -> tuple[str, float, bool]:
        step = self.step
        if i == step.expanded:
            return self.theme["current"], _PATH_WIDTH, True
        on = set(step.path) if step.phase is not Phase.BACK_PROPAGATE else set(step.updated)
        if i in on:
            return self.theme["current"], _PATH_WIDTH, False
        return self.theme["edge"], _EDGE_WIDTH, False

    def _draw_edges(self, tree: MctsTree, shown: tuple[int, ...]) -> None:
        self._edges = {}
        segments, colors, widths = [], [], []
        styles: list[Any] = []   # "solid" or a dash pattern
        for parent, i in _edges(tree, shown):
            color, width, dashed = self._edge_line(i)
            self._edges[i] = EdgeLook(color.lower(), width, dashed, False)
            segments.append([self._data(self._centre(parent)), self._data(self._centre(i))])
            colors.append(color)
            widths.append(width)
            styles.append((0, (3.0, 2.0)) if dashed else "solid")
        art = self._edge_art
        art.set_segments(segments)
        art.set_color(colors)
        art.set_linewidth(widths)
        art.set_linestyle(styles)

    def _draw_playout(self) -> None:
        end = self._playout_end()
        drawn = end is not None and bool(self.step.playout)
        self._playout_art.set_visible(drawn)
        self._playout_end_art.set_visible(drawn)
        if end is None or not drawn:
            return
        start = self._centre(self.result.record[self.step.iteration - 1].start)
        (x0, y0), (x1, y1) = self._data(start), self._data(end)
        self._playout_art.set_data([x0, x1], [y0, y1])
        self._playout_end_art.set_data([x1], [y1])

    def _draw_nodes(self, tree: MctsTree, shown: tuple[int, ...]) -> None:
        g, step = self._geometry, self.step
        ringed = self._ringed()
        self._looks: dict[int, tuple[str, str, str, float, bool]] = {}
        rings = [self._data(self._centre(i)) for i in shown if i in ringed]
        self._ring_art.set_offsets(rings if rings else _NO_POINTS)
        self._ring_art.set_sizes([(g.marker + 12) ** 2])
        for key in _SHAPE:
            self._draw_shapes(tree, key, [i for i in shown if _key(tree, i) == key], ringed)
        self._bold = set(step.updated) if step.phase is Phase.BACK_PROPAGATE else set()

    def _draw_shapes(self, tree: MctsTree, key: str, ids: list[int], ringed: set[int]) -> None:
        """The markers of the nodes ``ids``, all of kind ``key`` ("MAX", "MIN", "over")."""
        g, theme, art = self._geometry, self.theme, self._shape_art[key]
        tint, outline = theme[_TINT[key]], theme[_OUTLINE[key]]
        fills = [tint if tree.nodes[i].visits else theme["background"] for i in ids]
        outlines = [theme["current"] if i in ringed else outline for i in ids]
        widths = [2.6 if i in ringed else 1.4 for i in ids]
        art.set_offsets([self._data(self._centre(i)) for i in ids] if ids else _NO_POINTS)
        art.set_sizes([(g.marker * (0.8 if key == "over" else 1)) ** 2] * len(ids))
        art.set_facecolor(fills)
        art.set_edgecolor(outlines)
        art.set_linewidth(widths)
        for i, fill, line, width in zip(ids, fills, outlines, widths, strict=True):
            self._looks[i] = (_SHAPE[key], _hex(fill), _hex(line), width, i in ringed)

    def _text(self, centre, label: Label, text: str, **style) -> StampText:
        transform = self.ax.transData + ScaledTranslation(label.dx / 72, label.dy / 72,
                                                          self.figure.dpi_scale_trans)
        x, y = self._data(centre)
        artist = StampText(x, y, text, transform=transform, clip_on=False, ha=label.ha,
                           va=label.va, fontsize=label.font, **style)
        self.ax.add_artist(artist)
        return self._made_here(artist)

    def _draw_labels(self, plan) -> None:
        tree, text_color = self.step.tree, self.theme["text"]
        self._stats = {}
        for kind, i, text, _font, label in plan:
            if kind == "stats":
                bold = i in self._bold
                artist = self._text(self._centre(i), label, text, color=text_color, linespacing=1.05,
                                    fontweight="bold" if bold else "normal")
                self._stats[i] = text
            elif kind == "name":
                artist = self._text(self._centre(i), label, text, color=text_color)
            elif kind == "move":
                node = tree.nodes[i]
                (px, py), (cx, cy) = self._centre(node.parent), self._centre(i)
                artist = self._text(((px + cx) / 2, (py + cy) / 2), label, text,
                                    color=self.theme["window"], style="italic")
            else:
                artist = self._text(self._playout_end(), label, text, color=text_color)
            self._texts.append((kind, i, artist))

    def _draw_header(self) -> None:
        """The title and the step's caption over the legend (with a header)."""
        if not self._header:
            return
        figure = self.figure
        width, height = figure.get_size_inches() * SCREEN_DPI
        self._title = self._made_here(figure.add_artist(StampText(
            0.5, 1 - 5.0 / height, self.title_text(), ha="center", va="top", fontsize=_TITLE_FONT,
            color=self.theme["text"], transform=figure.transFigure)))
        lines = wrap(self.step.caption, _CAPTION_FONT, width - 16)
        if len(lines) > 2:   # the widget and alt text say it all; the picture has two lines
            lines = [lines[0], lines[1][:-1] + "\u2026"]
        self._caption = self._made_here(figure.add_artist(StampText(
            0.5, 1 - 29.0 / height, "\n".join(lines), ha="center", va="top",
            fontsize=_CAPTION_FONT, color=self.theme["text"], linespacing=1.15,
            transform=figure.transFigure)))
        self._texts += [("title", None, self._title), ("caption", None, self._caption)]

    def _draw_key(self) -> StampText:
        """The legend of symbols and the key under it, the same at every step."""
        figure, theme = self.figure, self.theme
        height = figure.get_size_inches()[1] * SCREEN_DPI
        y = 5.0 + (24 + 40 if self._header else 0)
        current = theme["current"]
        handles = [
            Line2D([], [], marker=_SHAPE[key], linestyle="none", markersize=10 if key != "over" else 8,
                   markerfacecolor=theme[_TINT[key]], markeredgecolor=theme[_OUTLINE[key]], label=words)
            for key, words in (("MAX", "MAX to move"), ("MIN", "MIN to move"), ("over", "game over"))
        ] + [
            Line2D([], [], color=current, linewidth=_PATH_WIDTH, marker="o", markersize=10,
                   markerfacecolor="none", markeredgecolor=current, markeredgewidth=2.2,
                   label="this iteration"),
            Line2D([], [], color=theme["playout"], linewidth=2.4, linestyle=(0, (1, 2.2)),
                   label="playout"),
        ]
        rows = -(-len(handles) // self._legend_columns)
        self._legend = figure.legend(
            handles=handles, loc="upper center", bbox_to_anchor=(0.5, 1 - y / height),
            ncol=self._legend_columns, frameon=False, fontsize=_KEY_FONT, handlelength=1.8,
            columnspacing=1.3, borderaxespad=0, borderpad=0, labelspacing=0.35)
        for text in self._legend.get_texts():
            text.set_color(theme["ink"])  # matplotlib's black, as before themes
        y += 22 * rows
        key = StampText(0.5, 1 - y / height, "\n".join(self._key), ha="center", va="top",
                        fontsize=_KEY_FONT, color=theme["window"], linespacing=1.1,
                        transform=figure.transFigure)
        figure.add_artist(key)
        return key

    # --- reading the picture --------------------------------------------------------------

    def title_text(self) -> str:
        """The title: the iteration and phase, and how much of the tree is drawn."""
        step, result = self.step, self.result
        head = ("before the first iteration" if step.phase is None else
                f"iteration {step.iteration} of {len(result.record)}: {str(step.phase).upper()}")
        total = len(step.tree)
        shown = "" if len(self.shown) == total else \
            f" (drawn: {len(self.shown)} of {total} nodes, the most played)"
        return f"UCT, C = {result.exploration:.2f}, {head}{shown}"

    @property
    def title(self) -> str:
        """The title line as drawn ("" without a header)."""
        return "" if self._title is None else self._title.get_text()

    @property
    def caption(self) -> str:
        """The caption as drawn, wrapped ("" without a header)."""
        return "" if self._caption is None else self._caption.get_text()

    def node_look(self, node: int | str) -> MctsNodeLook:
        """How ``node`` (an id or a name such as "C") is drawn now; KeyError
        if it is not drawn."""
        i = self.step.tree[node].id
        if i not in self._looks:
            raise KeyError(f"node {self.step.tree[i].name} is not drawn at this step")
        shape, fill, outline, width, ringed = self._looks[i]
        return MctsNodeLook(shape, fill, outline, width, ringed, self._stats.get(i), i in self._bold)

    def edge_look(self, node: int | str) -> EdgeLook:
        """How the edge into ``node`` (an id or a name) is drawn now."""
        i = self.step.tree[node].id
        if i == 0:
            raise ValueError("the root has no edge into it")
        if i not in self._edges:
            raise KeyError(f"node {self.step.tree[i].name} is not drawn at this step")
        return self._edges[i]

    def label_boxes(self) -> list[LabelBox]:
        """Every text written on the picture now with its box, in pixels
        (y up): kinds "value" (a node's statistics), "name", "move",
        "playout", "title", "caption", "key" and "legend" (the row of
        symbols, as one box)."""
        renderer = self._canvas.get_renderer()
        box = self._legend.get_window_extent(renderer)
        texts = self._legend.get_texts()
        found = [LabelBox("legend", None, " / ".join(t.get_text() for t in texts),
                          _pixels(texts[0], self.figure.dpi), (box.x0, box.y0, box.x1, box.y1))]
        for kind, i, artist in self._texts:
            if artist.get_visible() and artist.get_text():
                box = artist.get_window_extent(renderer)
                found.append(LabelBox("value" if kind == "stats" else kind, i, artist.get_text(),
                                      _pixels(artist, self.figure.dpi),
                                      (box.x0, box.y0, box.x1, box.y1)))
        return found

    def edge_segments(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Every edge drawn, and the playout, as two end points in pixels (y up)."""
        to_pixels = self.ax.transData.transform
        pairs = [(self._centre(parent), self._centre(i))
                 for parent, i in _edges(self.step.tree, self.shown)]
        end = self._playout_end()
        if end is not None and self.step.playout:
            pairs.append((self._centre(self.result.record[self.step.iteration - 1].start), end))
        segments = []
        for a, b in pairs:
            (x0, y0), (x1, y1) = to_pixels([self._data(a), self._data(b)])
            segments.append(((x0, y0), (x1, y1)))
        return segments

    def marker_boxes(self) -> dict[int, tuple[float, float, float, float]]:
        """The square around each drawn node's marker (and ring), in pixels (y up)."""
        boxes = {}
        ringed = self._ringed()
        for i in self.shown:
            x, y = self.ax.transData.transform(self._data(self._centre(i)))
            r = self._geometry.marker / 2 + (5 if i in ringed else 0)
            boxes[i] = (x - r, y - r, x + r, y + r)
        return boxes

    def alt_text(self) -> str:
        """The picture in words, for screen readers and pages without pictures."""
        step, tree = self.step, self.step.tree
        moves = [f"{child.label} {fmt(child.wins)}/{child.visits}" for child in tree.children(0)]
        lead = f" At the root, wins/playouts: {', '.join(moves)}." if moves else ""
        return (f"Monte-Carlo tree search, a tree of {len(tree)} node{'s' if len(tree) != 1 else ''} "
                f"({len(self.shown)} drawn). {step.caption}{lead}")

    def png(self) -> bytes:
        """The picture as PNG bytes, one pixel per point: the legend and the
        key are rendered once and restored, the step's artists drawn over
        them, as a full redraw would draw them."""
        canvas = self._canvas
        dynamic = [self.ax, *(text for text in (self._title, self._caption) if text is not None)]
        if self._background is None:
            self._background = _rendered_without(canvas, dynamic)
        canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        for artist in dynamic:
            artist.draw(renderer)
        return _png(canvas.buffer_rgba(), *canvas.get_width_height())


class _Inside(Space):
    """The label placement's record of what is drawn, which also keeps
    every label inside the picture."""

    def __init__(self, size: tuple[float, float], cell: float):
        super().__init__(cell)
        self.size = size

    def free(self, box) -> bool:
        x0, y0, x1, y1 = box
        return x0 >= 0 and y0 >= 0 and x1 <= self.size[0] and y1 <= self.size[1] and super().free(box)


def _png(rgba, width: int, height: int) -> bytes:
    """The ``width`` x ``height`` RGBA pixels ``rgba`` (rows top first) as
    PNG bytes: no row filter and fast deflate, which for a drawing of flat
    colours is smaller than Pillow's default and three times as fast.

    >>> data = _png(bytes([255, 0, 0, 255]) * 6, 3, 2)
    >>> import io
    >>> from PIL import Image
    >>> Image.open(io.BytesIO(data)).getpixel((2, 1))
    (255, 0, 0, 255)
    """
    rows = np.frombuffer(rgba, dtype=np.uint8).reshape(height, width * 4)
    raw = np.zeros((height, width * 4 + 1), dtype=np.uint8)  # each row: filter 0, its bytes
    raw[:, 1:] = rows

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw.tobytes(), 1)) + chunk(b"IEND", b""))


def _rendered_without(canvas: FigureCanvasAgg, artists) -> object:
    """The figure of ``canvas`` rendered without ``artists`` (animated
    artists are skipped by ``canvas.draw()``), as a region to restore."""
    for artist in artists:
        artist.set_animated(True)
    try:
        canvas.draw()
    finally:
        for artist in artists:
            artist.set_animated(False)
    return canvas.copy_from_bbox(canvas.figure.bbox)


def _key(tree: MctsTree, i: int) -> str:
    node = tree.nodes[i]
    return "over" if node.over else "MAX" if node.player is MAX else "MIN"


def _edges(tree: MctsTree, shown: Sequence[int]) -> list[tuple[int, int]]:
    """``(parent, child)`` for every node of ``shown`` but the root, in order."""
    return [(parent, i) for i in shown if (parent := tree.nodes[i].parent) is not None]


def _pixels(text: Text, dpi: float) -> float:
    """The font size of ``text`` in pixels at ``dpi``."""
    return text.get_fontproperties().get_size_in_points() * dpi / 72


def _hex(color: str) -> str:
    from matplotlib import colors as mcolors

    return mcolors.to_hex(color)


def _layout(tree: MctsTree, shown: tuple[int, ...]) -> tuple[list[int], list[Point]]:
    """The drawn nodes in level order (as :meth:`gametree.Tree.unfold` numbers
    them) and :func:`tidy_layout`'s position of each."""
    chosen = set(shown)

    def below(i: int) -> list[int]:
        return [c for c in tree.nodes[i].children if c in chosen]

    layout_tree = Tree.unfold(0, below, lambda i: 0, player=lambda i: tree.nodes[i].player)
    order, queue = [], [0]
    while queue:  # the same breadth-first order unfold numbers nodes in
        i = queue.pop(0)
        order.append(i)
        queue.extend(below(i))
    return order, tidy_layout(layout_tree)




def draw_mcts(result: MctsResult, step: int = -1, *, figsize: tuple[float, float] | None = None,
              max_shown: int = MAX_SHOWN, theme=None) -> TreeFigure:
    """The search tree of ``result`` after step ``step`` of its record (by
    default the last: the finished search), with a title, the step's
    caption and a key, as one Figure (a PNG when it is a cell's last
    expression).

    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=12, seed=1)
    >>> figure = draw_mcts(result, 15)
    >>> print(figure.alt_text)   # doctest: +NORMALIZE_WHITESPACE
    Monte-Carlo tree search, a tree of 5 nodes (5 drawn). Iteration 4, simulate: 1 random move
    from E to the end (X8), score +1: MAX won. At the root, wins/playouts: X6 0/1, X7 1/1, X8 1/1.
    """
    return MctsPlot(result, figsize=figsize, max_shown=max_shown, theme=theme).show(step).figure
