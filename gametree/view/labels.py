"""Where every text of a tree drawing goes, so that nothing overlaps and
nothing is too small to read.

Fonts come from a short ladder of fixed sizes (:data:`SCREEN_FONTS`: node
values and leaf scores 14 points or more, names and alpha/beta 12 or more;
the pictures are made at 72 dpi, so a point is a pixel on the screen).  A
tree too crowded for them does not get smaller letters; it gets fewer
labels, in this order:

* leaf scores go in one row, or in two staggered rows;
* a value is written inside a node only where the marker can hold it, and
  an infinity only where the marker can hold "−∞";
* each row of internal nodes gets its names and every alpha/beta window if
  they fit; else the names, with windows only for the node of the row that
  is on the search's current path (one at a time); else those windows
  alone; else the names alone; else nothing.

:func:`needed_width` says how wide a drawing must be for every score and
value at given fonts, so a caller can widen the figure (and let it scroll)
rather than lose them; :func:`plan` decides every size and spot for a
drawing of a given size.  :mod:`gametree.view.draw` turns the plan into
artists.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import NamedTuple

from ..chance import expected_values
from ..text import brief, pretty
from ..tree import CHANCE, Node, Tree
from .layout import Point
from .stamp import extent, widest

__all__ = ["Fonts", "SCREEN_FONTS", "PRINT_FONTS", "Label", "Plan", "plan", "best_plan",
           "needed_width", "fit_fonts", "segment_crosses_box", "edge_text", "edge_anchor",
           "node_texts", "Space", "place", "label_for"]

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in points."""

Cell = tuple[int, int]
"""A square of the grid :class:`Space` buckets boxes and segments on."""

INFINITIES = ("\u2212\u221e", "+\u221e")


class Fonts(NamedTuple):
    """The two font sizes of a drawing, in points."""

    value: float
    """Values inside nodes and leaf scores under the leaves."""
    label: float
    """Node names, alpha/beta windows, leaf names and move labels."""


SCREEN_FONTS = (Fonts(17.0, 14.0), Fonts(15.5, 13.0), Fonts(14.0, 12.0))
"""Fonts for the screen, largest first; the last is the smallest a class at
the back of the room can read (14 px values, 12 px labels)."""

PRINT_FONTS = (Fonts(12.0, 10.5), Fonts(10.5, 9.0), Fonts(9.0, 8.0), Fonts(7.5, 7.0))
"""Fonts for a picture drawn into the Axes of a page to print, where a
smaller font is the only way to keep the labels."""

_GAP = 4.0
"""Points between a marker and its neighbour's, at least."""


# --- what the fonts need ---------------------------------------------------------


class _Sizes(NamedTuple):
    """What a tree's texts need at some fonts, in points."""

    fonts: Fonts
    score: float
    """Width of the widest leaf score."""
    number: float
    """The smallest internal marker that holds every finite value."""
    infinity: float
    """The smallest internal marker that holds "−∞" and "+∞"."""
    leaf: float
    """Leaf marker."""


def edge_text(node: Node) -> str:
    """What is written on the edge into ``node``: the probability of an
    outcome of a chance node (:func:`gametree.text.brief`, three decimals),
    else the node's move label ("" for none)."""
    if node.probability is not None:
        return brief(node.probability, 3)
    return node.label


def node_texts(tree: Tree) -> set[str]:
    """The widest texts a node of ``tree`` can show: its leaf scores, and
    in a tree with chance nodes every node's value and a sum so far, as wide
    as the largest leaf with two decimals (see :func:`gametree.text.brief`)."""
    texts = {pretty(s) for s in tree.leaf_scores} or {"0"}
    if tree.has_chance:  # sums so far lie between 0 and the leaves, with two decimals at most
        texts |= {brief(v) for v in expected_values(tree)}
        scores = [float(s) for s in tree.leaf_scores]
        texts.add(brief(max(scores) - 0.01))
        if min(scores) < 0:
            texts.add(brief(min(scores) + 0.01))
    return texts


def _sizes(tree: Tree, fonts: Fonts) -> _Sizes:
    values = node_texts(tree)
    number = max(widest(values, fonts.value, True) / 0.62, 2 * fonts.value)
    infinity = max(widest(INFINITIES, fonts.value, True) / 0.62, number)
    return _Sizes(fonts, widest(values, fonts.value), number, infinity, max(6.0, 0.6 * fonts.value))


def _neighbours(tree: Tree, positions: Sequence[Point]) -> Iterator[tuple[int, float, int]]:
    """``(depth, columns apart, how many of the two are internal)`` for every
    two nodes side by side on a row."""
    rows: dict[int, list] = defaultdict(list)
    for node, pos in zip(tree.nodes, positions, strict=True):
        rows[node.depth].append((pos.x, node.is_leaf))
    for depth, row in rows.items():
        row.sort()
        for (xa, leaf_a), (xb, leaf_b) in pairwise(row):
            yield depth, xb - xa, (not leaf_a) + (not leaf_b)


def _side_pads(fonts: Fonts) -> tuple[float, float]:
    """Room left of the first leaf column and right of the last, points: a
    name on the left, an alpha/beta window on the right."""
    return 4 + 2.2 * fonts.label, 8 + 3.4 * fonts.label


def _needed_column(tree: Tree, positions: Sequence[Point], sizes: _Sizes) -> float:
    """Points per leaf column for every leaf score (in two rows at worst) and
    every value inside its node."""
    need = max((sizes.score + 3) / 2, sizes.leaf + 3)
    for _, apart, internal in _neighbours(tree, positions):
        if internal == 2:
            need = max(need, (sizes.number + _GAP) / apart)
        elif internal == 1:
            need = max(need, (sizes.number / 2 + sizes.leaf / 2 + _GAP) / apart)
    return need


def needed_width(tree: Tree, positions: Sequence[Point], fonts: Fonts) -> float:
    """Width in points a drawing of ``tree`` needs so that every leaf score
    and every value is written at ``fonts``.

    >>> from gametree import Tree
    >>> from gametree.view.layout import tidy_layout
    >>> tree = Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> round(needed_width(tree, tidy_layout(tree), SCREEN_FONTS[-1]))
    188
    """
    left, right = _side_pads(fonts)
    return left + right + len(tree.leaves) * _needed_column(tree, positions, _sizes(tree, fonts))


def fit_fonts(tree: Tree, positions: Sequence[Point], width: float,
              ladder: Sequence[Fonts] = SCREEN_FONTS) -> Fonts:
    """The largest fonts of ``ladder`` at which ``tree`` fits ``width``
    points (see :func:`needed_width`); the smallest if none does."""
    for fonts in ladder:
        if needed_width(tree, positions, fonts) <= width:
            return fonts
    return ladder[-1]


def best_plan(tree: Tree, positions: Sequence[Point], width: float, height: float,
              ladder: Sequence[Fonts] = SCREEN_FONTS) -> Plan:
    """The :func:`plan` at the largest fonts of ``ladder`` that writes as
    many labels as any: larger letters only where they cost no label.

    >>> from gametree import random_tree
    >>> from gametree.view.layout import tidy_layout
    >>> tree = random_tree(3, 3, seed=1)
    >>> best_plan(tree, tidy_layout(tree), 743, 420).fonts  # 17 px would lose windows
    Fonts(value=14.0, label=12.0)
    >>> best_plan(tree, tidy_layout(tree), 1092, 420).fonts  # room for all at 17 px
    Fonts(value=17.0, label=14.0)
    """
    best: Plan | None = None
    best_score = -1.0
    for fonts in ladder:
        candidate = plan(tree, positions, width, height, fonts)
        score = _labels_written(tree, candidate)
        if score > best_score:
            best, best_score = candidate, score
        if _complete(tree, candidate):
            break
    if best is None:
        raise ValueError("ladder has no fonts; give at least one Fonts")
    return best


def _labels_written(tree: Tree, p: Plan) -> float:
    """How much a plan writes: leaf scores first, then values, names and
    windows (a window shown only on the path counts half)."""
    internal = [n.id for n in tree.nodes if not n.is_leaf]
    return (3 * len(tree.leaves) * (p.leaf_rows > 0) + sum(1 for i in internal if p.value_font[i])
            + len(p.names) + len(p.windows) - 0.5 * len(p.path_windows))


def _complete(tree: Tree, p: Plan) -> bool:
    internal = [n.id for n in tree.nodes if not n.is_leaf]
    return (p.leaf_rows > 0 and all(p.value_font[i] for i in internal)
            and len(p.names) == len(p.windows) == len(internal) and not p.path_windows)


# --- what is already drawn ---------------------------------------------------------


def segment_crosses_box(segment, box: Box) -> bool:
    """Whether a line segment ``((x0, y0), (x1, y1))`` enters a box
    ``(x0, y0, x1, y1)`` (Liang-Barsky clipping); labels are placed where
    this is false for every edge.

    >>> segment_crosses_box(((0, 0), (10, 10)), (4, 4, 6, 6)), segment_crosses_box(((0, 0), (10, 0)), (4, 4, 6, 6))
    (True, False)
    """
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


class Space:
    """What is already drawn, as boxes and segments bucketed on a grid."""

    def __init__(self, cell: float = 24.0):
        self.cell = cell
        self.boxes: defaultdict = defaultdict(list)
        self.segments: defaultdict = defaultdict(list)

    def _cells(self, box: Box) -> Iterator[Cell]:
        c = self.cell
        for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield i, j

    def add_box(self, box: Box) -> list[Cell]:
        """Mark ``box`` as taken; returns what :meth:`undo` needs."""
        cells = list(self._cells(box))
        for cell in cells:
            self.boxes[cell].append(box)
        return cells

    def undo(self, added: list[list[Cell]]) -> None:
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


# --- placing one label ------------------------------------------------------------


class Label(NamedTuple):
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


# Where a label may go around a node: (horizontal side, vertical side),
# -1/0/+1 meaning left/centre/right and below/centre/above.
_SPOT = {"left": (-1, 0), "right": (1, 0), "above": (0, 1), "above-left": (-1, 1),
         "above-right": (1, 1), "below-left": (-1, -1), "below-right": (1, -1)}

# Arrangements of (name, window) tried around each internal node, best
# first.  Most nodes of a row end up with the first that fits, so a row
# reads as a design, not as scatter.
_ARRANGEMENTS = (("left", "right"), ("left", "below-right"), ("left", "above-right"),
                 ("above-left", "below-right"), ("above-left", "right"), ("above", "below-right"),
                 ("right", "left"), ("right", "below-left"), ("right", "above-left"),
                 ("above-right", "below-left"), ("above", "below-left"), ("left", "below-left"))
_NAME_SPOTS = ("left", "above-left", "right", "above-right", "above")
_NAME_SIDES = (("left",), ("above-left",), ("right",), ("above-right",), ("above",))
"""The spots a row's names may take: every name of a row in the same spot
beside its node, so that a name between two markers reads as the one whose
neighbours' names sit likewise (never "E" right of E and "F" left of F, nor
"G" above its node's edge while E, F and H sit beside theirs)."""
_WINDOW_SIDES = (("right", "below-right", "above-right"), ("left", "below-left", "above-left"))
"""Likewise for a row's alpha/beta windows: all right of their nodes, or all left."""
_WINDOW_SPOTS = ("right", "below-right", "above-right", "left", "below-left", "above-left")


def _spot_box(centre, radius: float, size, spot, d: float, pad: float) -> Box:
    """The box of a ``size`` label at ``spot`` around a node, slid ``d``
    points outwards, with ``pad`` around it."""
    (cx, cy), (w, h), (sx, sy) = centre, size, spot
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
    return (x0 - pad, y0 - pad, x0 + w + pad, y0 + h + pad)


def place(space: Space, centre, radius: float, size, spots, reach: float, pad: float = 1.2):
    """The nearest free box (without its pad) for a ``size`` label at one
    of ``spots`` around a node, sliding up to ``reach`` points outwards;
    None if there is none."""
    d = 0.0
    while d <= reach:
        for spot in spots:
            box = _spot_box(centre, radius, size, spot, d, pad)
            if space.free(box):
                return (box[0] + pad, box[1] + pad, box[2] - pad, box[3] - pad)
        d += 1.5
    return None


def label_for(box: Box, centre, font: float) -> Label:
    """Anchor a text so it fills ``box``, flush on the side facing the node."""
    x0, y0, x1, y1 = box
    cx, cy = centre
    dy = (y0 + y1) / 2 - cy
    if x0 > cx:
        return Label(x0 - cx, dy, "left", "center", font)
    if x1 < cx:
        return Label(x1 - cx, dy, "right", "center", font)
    return Label((x0 + x1) / 2 - cx, dy, "center", "center", font)


# --- the plan ----------------------------------------------------------------------


class Plan(NamedTuple):
    """Every size and position a drawing needs, decided once per tree."""

    fonts: Fonts
    """The fonts of the drawing."""
    xlim: tuple[float, float]
    """The Axes' x range, in leaf columns."""
    ylim: tuple[float, float]
    """The Axes' y range, in rows (the root on row 0, depth d on row -d)."""
    marker: tuple[float, ...]
    """Marker size of each node, points."""
    value_font: tuple[float, ...]
    """Font of each internal node's value, 0 where the marker cannot hold it."""
    infinity_font: tuple[float, ...]
    """Font of each internal node's value while it is infinite (0: not written)."""
    names: dict
    """Node id -> :class:`Label` of an internal node's name."""
    windows: dict
    """Node id -> :class:`Label` of an internal node's alpha/beta window."""
    path_windows: frozenset
    """Nodes whose window is written only while they are on the current path
    (their row has room for one window at a time)."""
    edge_labels: dict
    """Child id -> :class:`Label` of a move label or probability, relative
    to the point :func:`edge_anchor` gives."""
    leaf_rows: int
    """Rows of leaf scores (staggered): 1, 2, or 0 where they do not fit."""
    leaf_names: bool
    """Whether leaf names are written under the scores."""
    cross: tuple[float, ...]
    """Size in points of the cross on the edge into each node, at the edge's
    middle (0 for the root): no larger than the room between siblings."""

    def score_offset(self, leaf_index: int, marker: float) -> float:
        """Points from a leaf's centre down to the top of its score."""
        return -marker / 2 - 2 - (leaf_index % max(self.leaf_rows, 1)) * 1.2 * self.fonts.value

    def leaf_name_offset(self, marker: float) -> float:
        """Points from a leaf's centre down to the top of its name."""
        return -marker / 2 - 2 - self.leaf_rows * 1.2 * self.fonts.value


def plan(tree: Tree, positions: Sequence[Point], width: float, height: float,
         fonts: Fonts) -> Plan:
    """Decide every size and spot of a drawing of ``tree``, ``width`` by
    ``height`` points, at ``fonts``.

    Each label goes to the nearest place around its node that touches no
    edge, marker or other label; labels that find none are left out as the
    module docstring says.  Nothing is ever written smaller than ``fonts``.

    Examples
    --------
    >>> from gametree import Tree
    >>> from gametree.view.layout import tidy_layout
    >>> tree = Tree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> p = plan(tree, tidy_layout(tree), 700, 420, SCREEN_FONTS[0])
    >>> len(p.names), len(p.windows), p.leaf_rows, p.path_windows
    (4, 4, 1, frozenset())
    """
    sizes = _sizes(tree, fonts)
    left, right = _side_pads(fonts)
    leaves = max(len(tree.leaves), 1)
    sx = max(1e-3, (width - left - right) / leaves)
    xlim = (-0.5 - left / sx, leaves - 0.5 + right / sx)
    leaf_rows, leaf_names = _leaf_texts(tree, sx, sizes)
    marker, value_font, infinity_font = _markers(tree, positions, sx, sizes)

    # Vertical scale: points per level, with room above the root for a label
    # and below the leaves for their texts.
    top = max(marker[0], 10) / 2 + 2.6 * fonts.label
    bottom = (sizes.leaf / 2 + 3 + leaf_rows * 1.2 * fonts.value
              + (1.25 * fonts.label if leaf_names else 0))
    depth = tree.depth
    if depth:
        sy = max(12.0, (height - top - bottom) / depth)
        # Markers at most 0.7 of a row, so that a triangle over another (a player
        # who moves twice, a chain of single moves) keeps a clear gap; but never
        # so small that they lose their values while 0.8 of a row would hold them.
        _fit_rows(tree, marker, value_font, infinity_font, sizes,
                  max(0.7 * sy, min(0.8 * sy, sizes.number)))
        ylim = (-depth - bottom / sy, top / sy)
    else:  # a lone leaf, in the middle
        sy = 1.0
        ylim = (-height / 2, height / 2)

    centre = [(p.x * sx, p.y * sy) for p in positions]
    draft = Plan(fonts, xlim, ylim, tuple(marker), tuple(value_font), tuple(infinity_font),
                 {}, {}, frozenset(), {}, leaf_rows, leaf_names, _crosses(tree, centre))
    space = _obstacles(tree, centre, draft, cell=max(12.0, min(40.0, 3 * sx)))
    if tree.has_chance:  # the probabilities first: without them a chance node cannot be read
        edge_labels = _edge_label_rows(tree, space, centre, fonts.label)
        names, windows, path_windows = _name_and_window_rows(tree, space, centre, draft)
    else:
        names, windows, path_windows = _name_and_window_rows(tree, space, centre, draft)
        edge_labels = _edge_label_rows(tree, space, centre, fonts.label)
    return draft._replace(names=names, windows=windows, path_windows=frozenset(path_windows),
                          edge_labels=edge_labels)


def _leaf_texts(tree: Tree, sx: float, sizes: _Sizes) -> tuple[int, bool]:
    """Rows of leaf scores (1, 2 or 0) and whether leaf names fit, for ``sx``
    points per leaf column."""
    if sizes.score + 3 <= sx:
        rows = 1
    elif sizes.score + 3 <= 2 * sx:
        rows = 2
    else:
        return 0, False
    names = widest([leaf.name for leaf in tree.leaves], sizes.fonts.label) + 3 <= sx
    return rows, names


def _markers(tree: Tree, positions: Sequence[Point], sx: float, sizes: _Sizes):
    """Marker sizes, value fonts and infinity fonts of every node.

    A row's markers are as large as the biggest text they hold (an infinity)
    if the row has room for that and for labels beside them, else as large
    as the room allows; a value is written only where the marker holds it.
    """
    room_for: dict[int, list] = defaultdict(list)  # depth -> (with labels, without)
    for depth, apart, internal in _neighbours(tree, positions):
        room = apart * sx
        if internal == 2:
            room_for[depth].append((room / 2, room - _GAP))
        elif internal == 1:
            room_for[depth].append((room / 2, 2 * (room - sizes.leaf / 2 - _GAP)))
    cap = sizes.infinity + 2

    def row_marker(depth: int) -> float:
        rooms = room_for.get(depth, [])
        roomy = min((r[0] for r in rooms), default=cap)
        tight = min((r[1] for r in rooms), default=cap)
        if roomy >= sizes.number:  # values, and room for labels beside
            return min(cap, roomy)
        return max(4.0, min(cap, tight))

    by_row = {node.depth: row_marker(node.depth) for node in tree.nodes if not node.is_leaf}
    if by_row and min(by_row.values()) >= cap:
        by_row = dict.fromkeys(by_row, cap)
    marker, value_font, infinity_font = [], [], []
    font = sizes.fonts.value
    for node in tree.nodes:
        if node.is_leaf:
            marker.append(min(sizes.leaf, max(3.0, sx - 2)))
            value_font.append(0.0)
            infinity_font.append(0.0)
            continue
        m = by_row[node.depth]
        # A circle looks larger than a triangle of the same size, and a text
        # as wide as 0.62 of the triangle still fits in 0.82 of it as a circle.
        marker.append(CHANCE_SCALE * m if node.player is CHANCE else m)
        value_font.append(font if m >= sizes.number - 0.01 else 0.0)
        infinity_font.append(font if m >= sizes.infinity - 0.01 else 0.0)
    return marker, value_font, infinity_font


def _fit_rows(tree: Tree, marker: list, value_font: list, infinity_font: list, sizes: _Sizes,
              tallest: float) -> None:
    """Shrink, in place, internal markers taller than ``tallest`` points
    (rows closer than the markers are tall: a deep tree in a short
    picture), leaving out the values they can no longer hold."""
    for node in tree.nodes:
        i = node.id
        if node.is_leaf or marker[i] <= tallest:
            continue
        marker[i] = tallest
        room = tallest / CHANCE_SCALE if node.player is CHANCE else tallest
        if room < sizes.number - 0.01:
            value_font[i] = 0.0
        if room < sizes.infinity - 0.01:
            infinity_font[i] = 0.0


CROSS = 11.0
"""Largest cross on a cut edge, points."""

CHANCE_SCALE = 0.82
"""A chance node's circle, as a share of the triangles' size on its row."""


def _crosses(tree: Tree, centre) -> tuple[float, ...]:
    """The cross size of every edge: :data:`CROSS`, or less where sibling
    edges' middles are closer (never below 5 points)."""
    sizes = [0.0] * len(tree)
    for node in tree.nodes:
        children = node.children
        px = centre[node.id][0]
        middles = [(px + centre[c][0]) / 2 for c in children]
        for k, child in enumerate(children):
            room = min([abs(middles[k] - middles[j]) for j in (k - 1, k + 1) if 0 <= j < len(children)],
                       default=2 * CROSS)
            sizes[child] = max(5.0, min(CROSS, 0.85 * room))
    return tuple(sizes)


def _obstacles(tree: Tree, centre, draft: Plan, cell: float) -> Space:
    """Edges, markers, crosses that cut edges may carry and the texts under
    the leaves, as a :class:`Space`."""
    space = Space(cell)
    nodes = tree.nodes
    for node in nodes:
        if node.parent is None:  # the root: no edge into it
            continue
        (px, py), (cx, cy) = centre[node.parent], centre[node.id]
        space.add_segment((px, py), (cx, cy))
        if node.id != nodes[node.parent].children[0]:  # a search never cuts a first child
            r = draft.cross[node.id] / 2 + 1
            mx, my = (px + cx) / 2, (py + cy) / 2
            space.add_box((mx - r, my - r, mx + r, my + r))
    for node in tree.nodes:
        r = draft.marker[node.id] / 2
        cx, cy = centre[node.id]
        space.add_box((cx - r, cy - r, cx + r, cy + r))
    fonts = draft.fonts
    for leaf in tree.leaves:
        cx, cy = centre[leaf.id]
        m = draft.marker[leaf.id]
        if draft.leaf_rows:
            w, h = extent(pretty(leaf.score), fonts.value)
            top = cy + draft.score_offset(tree.leaf_index_of(leaf.id), m)
            space.add_box((cx - w / 2, top - h, cx + w / 2, top))
        if draft.leaf_names:
            w, h = extent(leaf.name, fonts.label)
            top = cy + draft.leaf_name_offset(m)
            space.add_box((cx - w / 2, top - h, cx + w / 2, top))
    return space


def _window_sample(tree: Tree) -> str:
    """The widest window text the search can write."""
    values = node_texts(tree) | set(INFINITIES)
    longest = max(values, key=lambda v: extent(v, 10.0)[0])
    return f"\u03b1={longest}\n\u03b2={longest}"


def _name_and_window_rows(tree: Tree, space: Space, centre, draft: Plan):
    """Names and windows of internal nodes, row by row from the top, each
    row in the richest of the module docstring's arrangements that fits."""
    font = draft.fonts.label
    window_size = extent(_window_sample(tree), font, True)  # the current node's is bold
    rows: dict[int, list] = defaultdict(list)
    for node in tree.nodes:
        if not node.is_leaf:
            rows[node.depth].append(node)
    names: dict[int, Label] = {}
    windows: dict[int, Label] = {}
    path_windows: set[int] = set()
    for depth in sorted(rows):
        row = rows[depth]
        radius = {node.id: draft.marker[node.id] / 2 for node in row}
        sizes = {node.id: extent(node.name, font) for node in row}
        attempts = _row_attempts(space, row, centre, radius, sizes, window_size, font)
        for number, (placed_names, placed_windows) in enumerate(attempts):
            if placed_names is not None and placed_windows is not None:
                names.update(placed_names)
                windows.update(placed_windows)
                if number in (1, 2):
                    path_windows.update(placed_windows)
                break
    return names, windows, path_windows


def _row_attempts(
    space, row, centre, radius, sizes, window_size, font,
) -> Iterator[tuple[dict[int, Label] | None, dict[int, Label] | None]]:
    """A row's ``(names, windows)`` in each arrangement, richest first:
    every name and window, every name with windows for the path only,
    windows for the path only, names only.  Each is tried only when asked
    for; a None part means it does not fit, and one that fits keeps its
    boxes in ``space``, so stop at the first that fits."""
    yield _names_with_windows(space, row, centre, radius, sizes, window_size, font)
    yield _names_then_path_windows(space, row, centre, radius, sizes, window_size, font)
    yield {}, _path_windows(space, row, centre, radius, window_size, font)
    yield _names(space, row, centre, radius, sizes, font)[0], {}


def _names_with_windows(space, row, centre, radius, sizes, window_size, font):
    """Every name and every window of a row, each node in the first
    arrangement that fits, every name on the same side (:data:`_NAME_SIDES`);
    (None, None) if no side has an arrangement for every node."""
    for side in _NAME_SIDES:
        for window_side in _WINDOW_SIDES:
            arrangements = [a for a in _ARRANGEMENTS if a[0] in side and a[1] in window_side]
            found = _names_with_windows_on(space, row, centre, radius, sizes, window_size, font,
                                           arrangements)
            if found[0] is not None:
                return found
    return None, None


def _names_with_windows_on(space, row, centre, radius, sizes, window_size, font, arrangements):
    added, names, windows = [], {}, {}
    for node in row:
        for name_spot, window_spot in arrangements:
            name = place(space, centre[node.id], radius[node.id], sizes[node.id],
                          (_SPOT[name_spot],), 1.2 * font)
            if name is None:
                continue
            mark = space.add_box(name)
            window = place(space, centre[node.id], radius[node.id], window_size,
                            (_SPOT[window_spot],), 1.8 * font)
            if window is None:
                space.undo([mark])
                continue
            added += [mark, space.add_box(window)]
            names[node.id] = label_for(name, centre[node.id], font)
            windows[node.id] = label_for(window, centre[node.id], font)
            break
        else:
            space.undo(added)
            return None, None
    return names, windows


def _names(space, row, centre, radius, sizes, font):
    """Every name of a row and what :meth:`Space.undo` needs to take them
    back, or (None, []) with nothing added if one does not fit."""
    for side in _NAME_SIDES:  # every name of the row on one side
        added: list[list[Cell]] = []
        names: dict[int, Label] = {}
        spots = [_SPOT[s] for s in side]
        for node in row:
            box = place(space, centre[node.id], radius[node.id], sizes[node.id], spots,
                         1.2 * font)
            if box is None:
                space.undo(added)
                break
            added.append(space.add_box(box))
            names[node.id] = label_for(box, centre[node.id], font)
        else:
            return names, added
    return None, []


def _path_windows(space, row, centre, radius, window_size, font):
    """A window for every node of a row, clear of everything placed so far
    but not of each other (only one node of a row is on the current path at
    a time); None (and nothing added) if one does not fit."""
    spots = [_SPOT[s] for s in _WINDOW_SPOTS]
    boxes = {}
    for node in row:
        box = place(space, centre[node.id], radius[node.id], window_size, spots, 1.8 * font)
        if box is None:
            return None
        boxes[node.id] = box
    for box in boxes.values():
        space.add_box(box)
    return {i: label_for(box, centre[i], font) for i, box in boxes.items()}


def _names_then_path_windows(space, row, centre, radius, sizes, window_size, font):
    """Every name, then windows for the current path only; (None, None) and
    nothing added if either does not fit."""
    names, added = _names(space, row, centre, radius, sizes, font)
    if names is None:
        return None, None
    windows = _path_windows(space, row, centre, radius, window_size, font)
    if windows is None:
        space.undo(added)
        return None, None
    return names, windows


PROBABILITY_AT = (0.62, 0.45, 0.75, 0.35)
"""Where on its edge a probability may be written, tried in this order:
these shares of the way from the parent down to the child.  Lower on the
edge its fan is wider than at the middle (where a move label and a cut's
cross go)."""


def edge_anchor(node: Node, parent_xy, child_xy) -> tuple[float, float]:
    """The middle of the edge into ``node``: what its text's :class:`Label`
    is relative to."""
    (px, py), (cx, cy) = parent_xy, child_xy
    return ((px + cx) / 2, (py + cy) / 2)


def _distance(point, a, b) -> float:
    """Points from ``point`` to the segment from ``a`` to ``b``."""
    (x, y), (x0, y0), (x1, y1) = point, a, b
    dx, dy = x1 - x0, y1 - y0
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / length))
    return math.hypot(x - x0 - t * dx, y - y0 - t * dy)


def _by_own_edge(box: Box, node: Node, tree: Tree, centre) -> bool:
    """Whether a move label in ``box`` sits nearer the edge into ``node``
    than any other edge out of the same parent: it reads as that edge's."""
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    parent = centre[node.parent]
    own = _distance(middle, parent, centre[node.id])
    return all(own < _distance(middle, parent, centre[sibling.id])
               for sibling in tree.children(tree[node.parent]) if sibling.id != node.id)


def _move_box(space: Space, node: Node, tree: Tree, centre, size, font: float) -> Box | None:
    """A box for the move label of the edge into ``node``: beside the
    edge's middle, outside its parent's fan first; else just above or below
    the edge (a shallow edge crosses any box beside it), at its middle or
    elsewhere along it, with nothing between the edge and the box.  A box
    nearer its own edge than any other of the fan (so that it reads as
    that edge's) comes first; else the first free box beside the middle;
    None where no box is free."""
    (px, py), (cx, cy) = centre[node.parent], centre[node.id]
    side = -1 if cx < px else 1
    middle = edge_anchor(node, (px, py), (cx, cy))
    beside = None
    for spot in ((side, 0), (-side, 0)):
        box = place(space, middle, 0.0, size, (spot,), 2 * font)
        if box is not None and _by_own_edge(box, node, tree, centre):
            return box
        beside = beside or box
    for t in (0.5, *PROBABILITY_AT):
        ax, ay = px + t * (cx - px), py + t * (cy - py)
        for spot in ((0, 1), (0, -1)):
            box = place(space, (ax, ay), 0.0, size, (spot,), 2 * font)
            if box is None or not _by_own_edge(box, node, tree, centre):
                continue
            low, high = (ay + 1.5, box[1]) if spot[1] > 0 else (box[3], ay - 1.5)
            if high <= low or space.free((ax - 0.5, low, ax + 0.5, high)):
                return box
    return beside


def _edge_label_rows(tree: Tree, space: Space, centre, font: float) -> dict:
    """Move labels and probabilities on edges, beside each edge's middle (a
    move outside its parent's fan of edges, or above or below a shallow
    edge, nearer its own edge than the fan's others; a probability inside
    the fan); all of one depth or none of it."""
    by_depth: dict[int, list] = defaultdict(list)
    for node in tree.nodes[1:]:
        text = edge_text(node)
        if text and len(text) <= 12:
            by_depth[node.depth].append(node)
    placed_all: dict[int, Label] = {}
    for depth in sorted(by_depth):
        added: list[list[Cell]] = []
        placed: dict[int, Label] = {}
        for node in by_depth[depth]:
            (px, py), (cx, cy) = centre[node.parent], centre[node.id]
            middle = edge_anchor(node, (px, py), (cx, cy))
            side = -1 if cx < px else 1
            size = extent(edge_text(node), font)
            if node.probability is None:
                box = _move_box(space, node, tree, centre, size, font)
            else:  # inside the fan of its parent's edges first: no doubt whose it is
                box = None
                for t in PROBABILITY_AT:
                    anchor = (px + t * (cx - px), py + t * (cy - py))
                    box = place(space, anchor, 0.0, size, ((-side, 0), (side, 0)), font)
                    if box is not None:
                        break
            if box is None:
                space.undo(added)
                placed = {}
                break
            added.append(space.add_box(box))
            placed[node.id] = label_for(box, middle, font)
        placed_all.update(placed)
    return placed_all
