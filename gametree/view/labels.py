"""Where every text of a tree drawing goes, so that nothing overlaps.

:func:`plan` decides, for a tree, its positions and the figure size, the
font of every label and the spot of every name, value and alpha/beta
window: each label goes to the nearest place around its node that touches
no edge, node or other label; as a tree grows the fonts shrink and, past
what a page can hold, labels are left out (windows first, then names).
It also holds the text artist that draws each distinct text once and then
stamps it, which makes redrawing a tree several times faster.
:mod:`gametree.view.draw` turns the plan into artists.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from typing import NamedTuple

import numpy as np
from matplotlib import colors as mcolors
from matplotlib.artist import allow_rasterization
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import IdentityTransform

from ..text import pretty
from ..tree import Tree

# --- measuring text ----------------------------------------------------------

_SCRATCH: list = []


@lru_cache(maxsize=4096)
def _extent(text: str, size: float, bold: bool = False) -> tuple[float, float]:
    """Width and height of ``text`` in points, as matplotlib lays it out."""
    if not _SCRATCH:
        figure = Figure(dpi=72)
        FigureCanvasAgg(figure)
        _SCRATCH.append((figure, figure.canvas.get_renderer()))
    figure, renderer = _SCRATCH[0]
    artist = Text(0, 0, text, fontsize=size, fontweight="bold" if bold else "normal")
    artist.set_figure(figure)
    box = artist.get_window_extent(renderer)
    return box.width, box.height


def _widest(texts, size: float, bold: bool = False) -> float:
    return max(_extent(t, size, bold)[0] for t in texts)


# --- texts drawn from a cache -------------------------------------------------


class StampText(Text):
    """A Text that is rasterised once per string and then stamped.

    matplotlib lays out and rasterises every glyph of a text on every draw;
    at a hundred texts that is most of what a step costs.  The texts of a
    tree change among a few strings (names, scores, "alpha=3"), so the Agg
    renderer's alpha mask of each (string, font, alignment) is kept and
    later draws stamp it in the text's current colour.  Other renderers
    (SVG, PDF) and rotated or boxed texts are drawn as usual.
    """

    _masks: dict = {}
    _LIMIT = 5000

    @allow_rasterization
    def draw(self, renderer):
        if (not isinstance(renderer, RendererAgg) or self.get_rotation() or self._bbox_patch
                or self.get_path_effects() or self.get_usetex()):
            return super().draw(renderer)
        if not self.get_visible() or not self.get_text():
            return
        fp = self._fontproperties
        key = (self.get_text(), tuple(fp.get_family()), fp.get_style(), fp.get_weight(),
               fp.get_size_in_points(), self._horizontalalignment, self._verticalalignment,
               self._multialignment, self._linespacing, renderer.dpi)
        mask = self._masks.get(key)
        if mask is None:
            if len(self._masks) >= self._LIMIT:
                self._masks.clear()
            mask = self._masks[key] = self._rasterise(renderer)
        bitmap, dx, dy = mask
        if bitmap is None:
            return
        x, y = self.get_transform().transform(self.get_unitless_position())
        if not (math.isfinite(x) and math.isfinite(y)):
            return
        gc = renderer.new_gc()
        gc.set_foreground(mcolors.to_rgba(self.get_color()), isRGBA=True)
        gc.set_alpha(self.get_alpha())
        top = round(renderer.height - y) + dy
        renderer._renderer.draw_text_image(bitmap, round(x) + dx, top + bitmap.shape[0], 0, gc)
        gc.restore()
        self.stale = False

    def _rasterise(self, renderer):
        """The alpha mask of this text drawn in black, and the offset of its
        top-left corner from the anchor (pixels, y down)."""
        box = self.get_window_extent(renderer)
        width, height = math.ceil(box.width) + 8, math.ceil(box.height) + 8
        scratch = RendererAgg(2 * width + 4, 2 * height + 4, renderer.dpi)
        anchor_x, anchor_y = width + 2, height + 2  # display coordinates, y up
        twin = Text(anchor_x, anchor_y, self.get_text(), fontproperties=self._fontproperties,
                    horizontalalignment=self._horizontalalignment,
                    verticalalignment=self._verticalalignment,
                    multialignment=self._multialignment, linespacing=self._linespacing,
                    color="black", transform=IdentityTransform())
        twin.set_figure(self.get_figure(root=True))
        Text.draw(twin, scratch)
        alpha = np.asarray(scratch.buffer_rgba())[:, :, 3]
        rows, cols = np.nonzero(alpha.any(axis=1))[0], np.nonzero(alpha.any(axis=0))[0]
        if not len(rows):
            return None, 0, 0
        r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        bitmap = np.ascontiguousarray(alpha[r0:r1, c0:c1])
        return bitmap, int(c0 - anchor_x), int(r0 - (scratch.height - anchor_y))


# --- placing labels where they touch nothing -----------------------------------

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in points


def segment_crosses_box(segment, box: Box) -> bool:
    """Whether a line segment ``((x0, y0), (x1, y1))`` enters a box
    ``(x0, y0, x1, y1)`` (Liang-Barsky clipping); labels are placed where
    this is false for every edge."""
    (x0, y0), (x1, y1) = segment
    bx0, by0, bx1, by1 = box
    t0, t1 = 0.0, 1.0
    dx, dy = x1 - x0, y1 - y0
    for p, q in ((-dx, x0 - bx0), (dx, bx1 - x0), (-dy, y0 - by0), (dy, by1 - y0)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


class _Space:
    """What is already drawn, as boxes and segments bucketed on a grid."""

    def __init__(self, cell: float = 24.0):
        self.cell = cell
        self.boxes: defaultdict = defaultdict(list)
        self.segments: defaultdict = defaultdict(list)

    def _cells(self, box: Box):
        c = self.cell
        for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield i, j

    def add_box(self, box: Box) -> list:
        """Mark ``box`` as taken; returns what :meth:`undo` needs."""
        cells = list(self._cells(box))
        for cell in cells:
            self.boxes[cell].append(box)
        return cells

    def undo(self, added: list) -> None:
        """Take back boxes, latest first (``added``: the results of add_box)."""
        for cells in reversed(added):
            for cell in cells:
                self.boxes[cell].pop()

    def add_segment(self, a, b) -> None:
        box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        for cell in self._cells(box):
            self.segments[cell].append((a, b))

    def free(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        for cell in self._cells(box):
            for b in self.boxes.get(cell, ()):
                if b[0] < x1 and x0 < b[2] and b[1] < y1 and y0 < b[3]:
                    return False
            for segment in self.segments.get(cell, ()):
                if segment_crosses_box(segment, box):
                    return False
        return True


class _Label(NamedTuple):
    """Where a text goes relative to its node (or an edge's middle)."""

    dx: float
    """Offset of the text's anchor from the node's centre, in points."""
    dy: float
    """Likewise, upwards."""
    ha: str
    """Horizontal alignment at the anchor."""
    va: str
    """Vertical alignment at the anchor."""
    font: float
    """Font size, points."""


# Where a label may go around a node: (horizontal side, vertical side, cost
# added to its distance in points), -1/0/+1 meaning left/centre/right and
# below/centre/above.
_SPOT = {"left": (-1, 0, 0.0), "right": (1, 0, 0.0), "above": (0, 1, 0.0),
         "above-left": (-1, 1, 0.0), "above-right": (1, 1, 0.0),
         "below-left": (-1, -1, 0.0), "below-right": (1, -1, 0.0)}

# Arrangements of (name, window) tried around each internal node, best
# first.  Most nodes of a row end up with the first that fits, so a row
# reads as a design, not as scatter.
_ARRANGEMENTS = (("left", "right"), ("left", "below-right"), ("left", "above-right"),
                 ("above-left", "below-right"), ("above-left", "right"), ("above", "below-right"),
                 ("right", "left"), ("right", "below-left"), ("right", "above-left"),
                 ("above-right", "below-left"), ("above", "below-left"), ("left", "below-left"))


def _place(space: _Space, centre, radius: float, size, spots, reach: float, pad: float = 1.2):
    """The cheapest free box for a ``size`` label around a node, or None.

    ``spots`` are ``(horizontal side, vertical side, cost)``; a label may
    slide up to ``reach`` points away from its spot."""
    (cx, cy), (w, h) = centre, size
    best, best_cost = None, math.inf
    d = 0.0
    while d <= reach and d < best_cost:
        for sx, sy, cost in spots:
            if d + cost >= best_cost:
                continue
            gap = radius + pad + 0.5  # from the centre to a label just clear of the marker
            if sy == 0:  # beside, centred on the node
                x0 = cx + gap + d if sx > 0 else cx - gap - d - w
                y0 = cy - h / 2
            elif sx == 0:  # above or below, centred
                x0 = cx - w / 2
                y0 = cy + gap + d if sy > 0 else cy - gap - d - h
            else:  # a corner: clear of the marker vertically, slide outwards
                x0 = cx + 0.3 * radius + d if sx > 0 else cx - 0.3 * radius - d - w
                y0 = cy + gap if sy > 0 else cy - gap - h
            box = (x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad)
            if space.free(box):
                best, best_cost = (x0, y0, x0 + w, y0 + h), d + cost
        d += 1.5
    return best


def _label_for(box: Box, centre, font: float) -> _Label:
    """Anchor a text so it fills ``box``, flush on the side facing the node."""
    x0, y0, x1, y1 = box
    cx, cy = centre
    dy = (y0 + y1) / 2 - cy
    if x0 > cx:
        return _Label(x0 - cx, dy, "left", "center", font)
    if x1 < cx:
        return _Label(x1 - cx, dy, "right", "center", font)
    return _Label((x0 + x1) / 2 - cx, dy, "center", "center", font)


class Plan(NamedTuple):
    """Every size and position the drawing needs, decided once per tree."""

    figsize: tuple[float, float]
    axes_rect: tuple[float, float, float, float]
    xlim: tuple[float, float]
    ylim: tuple[float, float]
    marker: tuple[float, ...]
    """Marker size of each node, points."""
    value_font: tuple[float, ...]
    """Font size of each internal node's value (0: not shown)."""
    infinity_font: tuple[float, ...]
    """Font size of each internal node's value while it is infinite."""
    names: dict
    """Node id -> _Label for internal node names (leaves: see leaf_name_font)."""
    windows: dict
    """Node id -> _Label for the alpha/beta window."""
    edge_labels: dict
    """Child id -> _Label relative to the edge's middle."""
    leaf_font: float
    leaf_rows: int
    leaf_name_font: float
    base_font: float


def _base_font(leaves: int) -> float:
    if leaves <= 27:
        return 12.0
    if leaves <= 81:
        return 10.5
    if leaves <= 243:
        return 8.0
    return 7.0


def figure_size(tree: Tree, header: float) -> tuple[float, float]:
    leaves = len(tree.leaves)
    width = min(16.0, max(8.0, 3.0 + 0.16 * leaves))
    height = min(9.0, max(3.2, 1.2 + 1.05 * (tree.depth + 1))) + header
    return width, height


class Header(NamedTuple):
    """The strip above the tree, in inches from the figure's top."""

    counter: float
    caption: float
    legend: float
    """Middle of the legend's row."""
    height: float


def header(counter: bool, caption: bool) -> Header:
    line = 0.34
    counter_y = 0.1
    caption_y = counter_y + (line if counter else 0)
    legend_y = caption_y + (line if caption else 0) + 0.1
    return Header(counter_y, caption_y, legend_y, legend_y + 0.35)


def plan(tree: Tree, positions, figsize, axes_rect, *, labels: bool = True) -> Plan:
    n, leaves, depth = len(tree), len(tree.leaves), tree.depth
    ax_w = figsize[0] * axes_rect[2] * 72
    ax_h = figsize[1] * axes_rect[3] * 72
    base = _base_font(leaves)
    values = {pretty(s) for s in tree.leaf_scores} or {"0"}
    infinities = ("\u2212\u221e", "+\u221e")

    # Horizontal scale: points per leaf column, with room at the sides for labels.
    pad_left, pad_right = 4 + 1.5 * base, 6 + 3.0 * base
    sx = (ax_w - pad_left - pad_right) / max(leaves, 1)
    xlim = (-0.5 - pad_left / sx, leaves - 0.5 + pad_right / sx)

    # Leaf scores under the leaves: one row, or two staggered rows if that
    # keeps the font larger.
    widest = _widest(values, 10.0) / 10.0  # points of width per point of font
    one_row = min(base, (sx - 2.0) / widest)
    two_rows = min(base, (2 * sx - 3) / widest)
    if one_row >= 0.85 * base or one_row >= two_rows:
        leaf_font, leaf_rows = one_row, 1
    else:
        leaf_font, leaf_rows = two_rows, 2
    if leaf_font < 6 or not labels:
        leaf_font, leaf_rows = 0.0, 0
    leaf_names = [node.name for node in tree.leaves]
    name_width = _widest(leaf_names, 10.0) / 10.0
    leaf_name_font = min(0.85 * base, (sx - 2.5) / name_width)
    if leaf_name_font < 6.5 or not labels:
        leaf_name_font = 0.0

    # Marker sizes: as large as the base font suggests, smaller on crowded rows.
    # An internal node may take half the room to an internal neighbour (the
    # rest is for labels), and more next to a leaf, whose marker is small.
    cap = min(30.0, max(10.0, 2.1 * base))
    leaf_marker = max(3.0, min(0.42 * cap, 0.6 * sx))
    rows: dict[int, list] = defaultdict(list)
    for node, pos in zip(tree.nodes, positions):
        rows[node.depth].append((pos.x, node.is_leaf))
    fit = {}
    for d, row in rows.items():
        row.sort()
        limits = [cap]
        for (xa, leaf_a), (xb, leaf_b) in zip(row, row[1:]):
            room = (xb - xa) * sx
            if not (leaf_a or leaf_b):
                limits.append(0.5 * room)
            elif not (leaf_a and leaf_b):
                limits.append(max(0.5 * room, 2 * (room - leaf_marker / 2) - 6))
        fit[d] = min(limits)
    internal_rows = {node.depth for node in tree.nodes if not node.is_leaf}
    uniform = min((fit[d] for d in internal_rows), default=cap)
    marker, value_font, infinity_font = [], [], []
    per_number = _widest(values, 10.0, True) / 10.0
    per_infinity = _widest(infinities, 10.0, True) / 10.0
    for node in tree.nodes:
        if node.is_leaf:
            marker.append(leaf_marker)
            value_font.append(0.0)
            infinity_font.append(0.0)
            continue
        m = uniform if uniform >= 16 else max(fit[node.depth], 4.0)
        marker.append(m)
        f = min(base, 0.62 * m / per_number, 0.5 * m)
        value_font.append(f if f >= 5 and labels else 0.0)
        fi = min(f, 0.62 * m / per_infinity)
        infinity_font.append(fi if fi >= 4.5 and value_font[-1] else 0.0)

    # Vertical scale: points per level, with room for the leaf texts below.
    top = max(marker[0], 10) / 2 + 2.8 * base
    bottom = leaf_marker / 2 + 3 + leaf_rows * 1.25 * leaf_font + 1.3 * leaf_name_font
    sy = (ax_h - top - bottom) / depth if depth else 1.0
    ylim = (-depth - bottom / sy, top / sy)

    # Obstacles: edges, markers and the texts under the leaves.
    space = _Space(cell=max(12.0, min(40.0, 3 * sx)))
    centre = [(p.x * sx, p.y * sy) for p in positions]
    for node in tree.nodes[1:]:
        space.add_segment(centre[node.parent], centre[node.id])
    for node in tree.nodes:
        r = marker[node.id] / 2
        cx, cy = centre[node.id]
        space.add_box((cx - r, cy - r, cx + r, cy + r))
    for leaf in tree.leaves:
        cx, cy = centre[leaf.id]
        y = cy - leaf_marker / 2 - 2
        if leaf_rows:
            row = leaf.leaf_index % leaf_rows
            w, h = _extent(pretty(leaf.score), leaf_font)
            top_y = y - row * 1.2 * leaf_font
            space.add_box((cx - w / 2, top_y - h, cx + w / 2, top_y))
            y = cy - leaf_marker / 2 - 2 - leaf_rows * 1.2 * leaf_font
        if leaf_name_font:
            w, h = _extent(leaf.name, leaf_name_font)
            space.add_box((cx - w / 2, y - h, cx + w / 2, y))

    internal = [node for node in tree.nodes if not node.is_leaf]
    with_names = labels and n <= 400
    with_windows = labels and n <= 160
    longest = max(values | set(infinities), key=lambda v: _extent(v, 10.0)[0])
    window_sample = f"\u03b1={longest}\n\u03b2={longest}"

    def place_node(node, arrangement, font, windows_too, added):
        """Place one node's name (and window) in one arrangement; False if
        something does not fit (what was placed stays in ``added``)."""
        name_spot, window_spot = arrangement
        kinds = [("name", name_spot, font)] if with_names else []
        if windows_too:
            kinds.append(("window", window_spot, font))
        labels = {}
        for kind, spot, size in kinds:
            text = node.name if kind == "name" else window_sample
            box = _place(space, centre[node.id], marker[node.id] / 2, _extent(text, size),
                         (_SPOT[spot],), reach=(1.2 if kind == "name" else 1.8) * size)
            if box is None:
                return None
            added.append(space.add_box(box))
            labels[kind] = _label_for(box, centre[node.id], size)
        return labels

    def place_row(row, font, windows_too):
        """Place the names (and windows) of a row at one font, or undo and
        return None."""
        added, names, windows = [], {}, {}
        for node in row:
            for arrangement in _ARRANGEMENTS:
                mark = len(added)
                labels = place_node(node, arrangement, font, windows_too, added)
                if labels is not None:
                    break
                space.undo(added[mark:])
                del added[mark:]
            else:
                space.undo(added)
                return None
            if "name" in labels:
                names[node.id] = labels["name"]
            if "window" in labels:
                windows[node.id] = labels["window"]
        return names, windows

    names, windows = {}, {}
    for depth_of_row in sorted({node.depth for node in internal}):
        row = [node for node in internal if node.depth == depth_of_row]
        for windows_too in ((True, False) if with_windows else (False,)):
            if not (with_names or windows_too):
                continue
            placed, font = None, 0.95 * base
            while placed is None and font >= 6.0:
                placed = place_row(row, font, windows_too)
                font *= 0.92
            if placed is not None:
                names.update(placed[0])
                windows.update(placed[1])
                break

    edge_labels = {}
    labelled = [node for node in tree.nodes[1:] if node.label]
    if labels and labelled and n <= 400 and max(len(node.label) for node in labelled) <= 8:
        font = 0.85 * base
        while font >= 6 and not edge_labels:
            added, placed = [], {}
            for node in labelled:
                (px, py), (cx, cy) = centre[node.parent], centre[node.id]
                middle = ((px + cx) / 2, (py + cy) / 2)
                side = -1 if cx < px else 1
                spots = ((side, 0, 0.0), (-side, 0, 2.0))
                box = _place(space, middle, 0.0, _extent(node.label, font), spots, 2 * font)
                if box is None:
                    space.undo(added)
                    break
                added.append(space.add_box(box))
                placed[node.id] = _label_for(box, middle, font)
            else:
                edge_labels = placed
            font *= 0.9
    return Plan(figsize, axes_rect, xlim, ylim, tuple(marker), tuple(value_font),
                 tuple(infinity_font), names, windows, edge_labels, leaf_font, leaf_rows,
                 leaf_name_font, base)
