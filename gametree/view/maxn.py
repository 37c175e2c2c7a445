"""Drawing max^n: a utility vector at each node, the mover's utility in bold.

:class:`MaxnPlot` draws a :class:`~gametree.vectors.MaxnTrace` at any step
(or the finished search): each node is a box holding its vector (a leaf's
from the start, an internal node's best so far once it is reached, ``?``
before), the component of the player to move there in bold (at a leaf,
of the player choosing among it and its siblings), the node's
name left of its box, and ``player k`` beside each level.  The
current node has a thick orange outline and the path to it is thick; a
child skipped by shallow pruning is dashed and grey.  Bold, outline
widths and dashes carry every cue, so colour is never the only one.  The
colours and widths come from ``theme=`` (see :func:`gametree.view.theme.theme_of`).

It offers what the step-through widget reads from a plot (``show``,
``snapshot``, ``png``, ``alt_text``), so :class:`gametree.widgets.stepper.Stepper`
steps a max^n trace as it steps alpha-beta.  A step only updates the
artists it changes (vectors, boxes, edges, title, caption); :meth:`MaxnPlot.png`
renders what never changes (names, level labels) once and draws the
step's artists over it, pixel for pixel what a full redraw draws.
"""

from __future__ import annotations

import io
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.patches import FancyBboxPatch
from PIL import Image

from ..text import pretty
from ..trace import Snapshot, Status
from ..vectors import MaxnTrace, trace_maxn, vector_text
from .draw import (
    MAX_WIDTH,
    SCREEN_DPI,
    EdgeLook,
    NodeLook,
    TreeFigure,
    check_figsize,
    counter_text,
)
from .layout import tidy_layout
from .stamp import widest, wrap
from .theme import Theme, theme_of

__all__ = ["MaxnPlot", "draw_maxn", "png", "png_with_alt", "needed_size", "vector_label"]

VALUE_FONT = 14.0
"""Points for the vectors: node values are at least 14 px on a projector."""
LABEL_FONT = 12.0
"""Points for names, level labels, title and caption."""
_ROW = 64.0
"""Points from one level's boxes to the next's."""
_MIN_ROW = 42.0
"""The closest levels are packed in a short figure."""
_GAP = 26.0
"""Points between neighbouring boxes."""
_PAD = 6.0
"""Points between a vector and its box."""
_HEADER = 26.0
"""Points the title takes; each caption line takes another 17."""
_BOX_FILL = {Status.UNVISITED: "background", Status.ACTIVE: "highlight", Status.DONE: "box done",
             Status.PRUNED: "pruned fill"}
"""The theme key of a box's fill at each status."""
_EDGE_WIDTH = 1.4
"""Points: an edge off the current path, and a box's outline (a little thinner)."""


def vector_label(vector: Any, bold: int | None) -> str:
    """A vector as drawn: mathtext with component ``bold`` (from 0) in bold,
    and the real minus sign.

    >>> vector_label((1, 5, -2), 1)
    '$(1,\\\\, \\\\mathbf{5},\\\\, −2)$'
    >>> vector_label(None, 0)
    '?'
    """
    if vector is None:
        return "?"
    parts = [pretty(x) for x in vector]
    if bold is not None:
        parts[bold] = r"\mathbf{" + parts[bold] + "}"
    return "$(" + r",\, ".join(parts) + ")$"


def _box_width(trace: MaxnTrace) -> float:
    texts = [vector_label(v, 0) for v in trace.game.vectors]
    texts += [vector_label(v, k) for v in trace.game.vectors[:1] for k in range(trace.game.players)]
    return widest(texts, VALUE_FONT, bold=True) + 2 * _PAD


def _left(trace: MaxnTrace) -> float:
    return widest([f"player {k + 1}" for k in range(trace.game.players)], LABEL_FONT) + 20


def needed_size(trace: MaxnTrace, caption_lines: int = 0) -> tuple[float, float]:
    """(width, height) in points that draws every vector of ``trace`` at
    :data:`VALUE_FONT` without overlaps (1 point is 1 pixel on the screen)."""
    column = _box_width(trace) + _GAP
    width = _left(trace) + column * trace.tree.leaf_count + 10
    height = _HEADER + 17 * caption_lines + _ROW * trace.tree.depth + 2 * VALUE_FONT + 40
    return width, height


class MaxnPlot:
    """A max^n search drawn at one step; :meth:`show` moves it to another.

    Parameters
    ----------
    obj : MaxnTrace, MaxnTree or nested lists with vector leaves
        What to draw; a tree is searched with :func:`gametree.trace_maxn`.
    caption : bool
        Write the step's caption under the title.
    counter : bool
        Write the leaves evaluated as the title.
    figsize : (float, float), optional
        Inches at 72 dpi; by default the size :func:`needed_size` gives.
        The tree is drawn centred in it at full font size.
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`); None: the default.

    Raises
    ------
    ValueError
        If the tree needs more than :data:`gametree.view.draw.MAX_WIDTH`
        pixels across (too many leaves to read their vectors), or
        ``figsize`` is smaller than the tree needs.

    Examples
    --------
    >>> plot = MaxnPlot([[(1, 5, 2), (4, 3, 1)], [(2, 2, 2)]])
    >>> plot.show(-1).alt_text()
    'Max^n (3 players) on a tree of 6 nodes, after step 13 of 13: player 1 at A returns (2, 2, 2): the value of the tree. A = (2, 2, 2), B = (1, 5, 2), C = (2, 2, 2).'
    """

    def __init__(self, obj, *, caption: bool = True, counter: bool = True,
                 figsize: tuple[float, float] | None = None, theme: object = None):
        self.theme: Theme = theme_of(theme)
        """The colours the search is drawn in."""
        self.trace: MaxnTrace = obj if isinstance(obj, MaxnTrace) else trace_maxn(obj)
        self.tree = self.trace.tree
        check_figsize(figsize)
        self._caption_on, self._counter_on = caption, counter
        lines = 2 if caption else 0
        need_w, need_h = needed_size(self.trace, lines)
        if need_w > MAX_WIDTH:
            raise ValueError(f"this max^n tree needs {need_w:,.0f} pixels across to show every "
                             f"vector, more than {MAX_WIDTH:,}; draw a tree with fewer leaves "
                             f"(at most about {int(self.tree.leaf_count * MAX_WIDTH / need_w)})")
        width, height = (need_w, need_h) if figsize is None else (figsize[0] * 72, figsize[1] * 72)
        # A shorter figure packs the levels closer, down to _MIN_ROW points apart.
        squeeze = _MIN_ROW / _ROW if self.tree.depth else 1.0
        if width + 0.5 < need_w or height + 0.5 < need_h - (_ROW - _MIN_ROW) * self.tree.depth:
            raise ValueError(f"figsize {figsize} is too small for this max^n tree: it needs "
                             f"{need_w / 72:.2f} by {(need_h * squeeze) / 72:.2f} inches or more")
        self.size = (width, height)
        self.figure = TreeFigure(figsize=(width / 72, height / 72), dpi=SCREEN_DPI)
        self._canvas = FigureCanvasAgg(self.figure)
        ax = self.figure.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, width)
        ax.set_ylim(0, height)
        ax.set_axis_off()
        self.ax = ax
        self.snapshot: Snapshot | None = None
        self._background: object | None = None  # names and level labels, rendered once (see png)
        self._build(width, height, need_w, need_h, lines)

    # --- building -------------------------------------------------------------

    def _build(self, width: float, height: float, need_w: float, need_h: float,
               lines: int) -> None:
        tree, ax, paint = self.tree, self.ax, self.theme
        box_w, box_h = _box_width(self.trace), VALUE_FONT + 2 * _PAD
        column = box_w + _GAP
        left = _left(self.trace) + (width - need_w) / 2
        row = _ROW if height >= need_h else _ROW - (need_h - height) / tree.depth
        spare = max(0.0, height - need_h)
        top = height - _HEADER - 17 * lines - 16 - spare / 2  # centred in a taller figure
        self._centre = []
        for point in tidy_layout(tree):
            self._centre.append((left + column * (point.x + 0.5), top + row * point.y - box_h / 2))
        self._box_size = (box_w, box_h)
        self._edges = {}
        for node in tree.nodes[1:]:
            (px, py), (cx, cy) = self._centre[node.parent], self._centre[node.id]  # type: ignore[index]
            line, = ax.plot([px, cx], [py - box_h / 2, cy + box_h / 2], color=paint["text"], lw=_EDGE_WIDTH,
                            solid_capstyle="round", zorder=1)
            self._edges[node.id] = line
        self._boxes, self._values = {}, {}
        for node in tree.nodes:
            x, y = self._centre[node.id]
            box = FancyBboxPatch((x - box_w / 2, y - box_h / 2), box_w, box_h,
                                 boxstyle="round,pad=0,rounding_size=5", lw=1.3,
                                 ec=paint["text"], fc=paint["background"], zorder=2)
            ax.add_patch(box)
            self._boxes[node.id] = box
            self._values[node.id] = ax.text(x, y, "", fontsize=VALUE_FONT, ha="center",
                                            va="center", color=paint["text"], zorder=3)
            ax.text(x - box_w / 2 - 4, y, node.name, fontsize=LABEL_FONT,
                    ha="right", va="center", color=paint["window"], zorder=3)
        for depth in range(tree.depth):  # the levels where someone moves
            y = top + row * -depth - box_h / 2
            ax.text(left - 14, y, f"player {depth % self.trace.game.players + 1}",
                    fontsize=LABEL_FONT, ha="right", va="center", color=paint["window"])
        self._title = ax.text(width / 2, height - 8, "", fontsize=LABEL_FONT, ha="center",
                              va="top", fontweight="bold", color=paint["text"])
        self._caption = ax.text(width / 2, height - _HEADER - 2, "", fontsize=LABEL_FONT,
                                ha="center", va="top", color=paint["text"])
        self._caption_width = width - 20
        # What a step changes, in the order a full redraw draws it (edges, boxes, texts).
        self._dynamic = [*self._edges.values(), *self._boxes.values(), *self._values.values(),
                         self._title, self._caption]

    # --- showing a step -----------------------------------------------------------

    def show(self, step: int | None = None) -> MaxnPlot:
        """Draw the state right after step ``step`` (negative counts from the
        end; None draws the tree with only its leaves' vectors).  Returns self."""
        snap = None if step is None else self.trace.state(step)
        self.snapshot = snap
        on_path = set() if snap is None else {n.id for n in snap.path} | {snap.current.id}
        for node in self.tree:
            self._show_node(node, snap, node.id in on_path)
        if snap is not None:
            current = self._boxes[snap.current.id]
            current.set_edgecolor(self.theme["current"])
            current.set_linewidth(self.theme.line("current path").width)
        title = counter_text(self.trace, None if snap is None else snap.evaluated) \
            if self._counter_on else ""
        self._title.set_text(title if snap is not None else self.trace.algorithm)
        caption = "" if snap is None else \
            f"step {snap.step.index} of {len(self.trace) - 1}: {snap.step.caption}"
        self._caption.set_text("\n".join(wrap(caption, LABEL_FONT, self._caption_width)[:2])
                               if self._caption_on else "")
        return self

    def _show_node(self, node, snap: Snapshot | None, on_path: bool) -> None:
        """Node ``node``'s vector, box and incoming edge as ``snap`` has them."""
        paint, game, i = self.theme, self.trace.game, node.id
        status = Status.UNVISITED if snap is None else snap.status[i]
        mover = None if node.is_leaf and node.parent is None else game.mover(
            node.parent if node.is_leaf else i)
        if node.is_leaf:
            vector: Any = game.vector_of(i)
        else:
            vector = None if snap is None else snap.v[i]
        self._values[i].set_text(vector_label(vector, mover))
        pruned = status is Status.PRUNED
        ink = paint["pruned edge" if pruned else "text"]
        self._values[i].set_color(ink)
        box = self._boxes[i]
        box.set_facecolor(paint[_BOX_FILL[status]])
        box.set_edgecolor(ink)
        box.set_linestyle("--" if pruned else "-")
        box.set_linewidth(1.3)
        if i in self._edges:
            path = paint.line("current path")
            edge = self._edges[i]
            edge.set_color(path.color if on_path and not pruned else ink)
            edge.set_linestyle("--" if pruned else "-")
            edge.set_linewidth(path.width if on_path else _EDGE_WIDTH)

    def node_look(self, ref) -> NodeLook:
        """How node ``ref`` (a name, id or Node) is drawn now: its box's fill,
        outline, width and dashes, and its text (the vector as mathtext).
        The shape is "box" for every node."""
        i = self.tree.node(ref).id
        box = self._boxes[i]
        return NodeLook("box", to_hex(box.get_facecolor()), to_hex(box.get_edgecolor()),
                        float(box.get_linewidth()), box.get_linestyle() == "--",
                        self._values[i].get_text(), None,
                        self.snapshot is not None and self.snapshot.current.id == i)

    def edge_look(self, ref) -> EdgeLook:
        """How the edge into node ``ref`` is drawn now."""
        node = self.tree.node(ref)
        if node.parent is None:
            raise ValueError(f"node {node.name} is the root: no edge leads to it")
        edge = self._edges[node.id]
        return EdgeLook(to_hex(edge.get_color()), float(edge.get_linewidth()),
                        edge.get_linestyle() == "--", False)

    def alt_text(self) -> str:
        """A sentence describing the picture: the search, the step and every
        internal node's vector so far."""
        snap = self.snapshot
        where = "the tree before the search" if snap is None else \
            f"after step {snap.step.index} of {len(self.trace) - 1}: {snap.step.caption}"
        values = [] if snap is None else [
            f"{node.name} = {vector_text(snap.v[node.id])}"  # type: ignore[arg-type]
            for node in self.tree if not node.is_leaf and snap.v[node.id] is not None]
        known = f" {', '.join(values)}." if values else ""
        return (f"{self.trace.algorithm} on a tree of {len(self.tree)} nodes, {where}."
                f"{known}")

    def png(self) -> bytes:
        """The picture as PNG bytes, the pixels the figure shows itself with:
        what no step changes is rendered once and restored, the step's
        artists drawn over it in the order a full redraw draws them."""
        canvas = self._canvas
        if self._background is None:  # every dynamic artist is always visible
            for artist in self._dynamic:
                artist.set_visible(False)
            canvas.draw()
            self._background = canvas.copy_from_bbox(self.figure.bbox)
            for artist in self._dynamic:
                artist.set_visible(True)
        canvas.restore_region(self._background)
        renderer = canvas.get_renderer()
        for artist in self._dynamic:
            artist.draw(renderer)
        width, height = canvas.get_width_height()
        out = io.BytesIO()
        Image.frombuffer("RGBA", (width, height), bytes(canvas.buffer_rgba()), "raw", "RGBA", 0, 1) \
            .save(out, format="png", compress_level=1)
        return out.getvalue()


def draw_maxn(obj, step: int | None = -1, *, caption: bool = True,
              theme: object = None) -> TreeFigure:
    """Draw a max^n tree or trace at ``step`` (by default the finished
    search; None for the tree alone) as a Figure that shows itself in a
    notebook, with alt text, in ``theme``'s colours (see
    :func:`gametree.view.theme.theme_of`).

    >>> figure = draw_maxn([[(1, 5, 2), (4, 3, 1)], [(2, 2, 2)]], step=3)
    >>> figure.alt_text.split(": ", 1)[1]
    'player 2 at B picks (1, 5, 2): the first child, D. B = (1, 5, 2).'
    """
    plot = MaxnPlot(obj, caption=caption, theme=theme).show(step)
    figure = plot.figure
    figure.alt_text = plot.alt_text()
    return figure


def png(obj, step: int | None = -1, *, theme: object = None) -> bytes:
    """:func:`draw_maxn` as PNG bytes."""
    return MaxnPlot(obj, theme=theme).show(step).png()


def png_with_alt(obj) -> tuple[bytes, dict[str, str]] | None:
    """The finished search as a notebook stores a picture,
    ``(bytes, {"alt": ...})`` (what a max^n tree or trace shows itself as);
    None for a tree too wide to draw."""
    try:
        plot = MaxnPlot(obj).show(-1)
    except ValueError:
        return None
    return plot.png(), {"alt": plot.alt_text()}

