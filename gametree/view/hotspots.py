"""Where on a tree's picture a click means a node or an edge.

The widgets let a student answer on the drawing itself: click a node (a
leaf that comes next, a node whose value to type) or an edge (a branch to
prune).  :func:`hotspots` says where those targets are on the PNG a
:class:`~gametree.view.draw.TracePlot` renders, and :func:`hit` which
target a point falls on.  Both read the drawing only through its
read-back API (:meth:`~gametree.view.draw.TracePlot.marker_box` and
:meth:`~gametree.view.draw.TracePlot.edge_segments`), never its artists.

Coordinates are pixels of the picture as it is sent to the browser, from
its top left corner, y down (the drawing's own read-back is y up).  Every
target is at least :data:`MIN_TARGET` pixels square, the smallest touch
target WCAG 2.2 allows (24 by 24 CSS pixels), where its neighbours leave
room; a node's target is its marker, an edge's a square on its middle,
where a cut edge carries its cross.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..text import describe
from .draw import TracePlot

__all__ = ["Hotspot", "hotspots", "hit", "MIN_TARGET"]

MIN_TARGET = 24.0
"""Smallest side of a target, pixels (WCAG 2.2's minimum target size)."""

_EDGE_TARGET = 26.0
"""Side of an edge's target, pixels, where the edge is long enough."""

Box = tuple[float, float, float, float]
"""left, top, right, bottom in pixels of the picture, y down."""


class Hotspot(NamedTuple):
    """A place on the picture that stands for a node or an edge.  Immutable."""

    kind: str
    """"node" or "edge"."""
    node: str
    """The node's name; for an edge, the name of the node it leads to."""
    box: Box
    """Where it is: left, top, right, bottom in pixels, y down."""

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of :attr:`box`."""
        left, top, right, bottom = self.box
        return (left + right) / 2, (top + bottom) / 2


def _square(centre: tuple[float, float], side: float) -> Box:
    x, y = float(centre[0]), float(centre[1])
    side = float(side)
    return (x - side / 2, y - side / 2, x + side / 2, y + side / 2)


def hotspots(plot: TracePlot, nodes: Iterable = (), edges: Iterable = ()) -> list[Hotspot]:
    """The targets of ``nodes`` and of the edges into ``edges`` on ``plot``'s picture.

    ``nodes`` and ``edges`` name nodes as the drawing does (names, ids or
    Node objects); the root has no edge.  The picture is the plot's
    figure as rendered at its own dpi (what :meth:`TracePlot.png` sends).

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> plot = TracePlot(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> spots = hotspots(plot, nodes=["E"], edges=["I"])
    >>> [(spot.kind, spot.node) for spot in spots]
    [('node', 'E'), ('edge', 'I')]
    >>> hit(spots, *spots[1].centre).node
    'I'
    """
    if not isinstance(plot, TracePlot):
        raise TypeError(f"hotspots needs a TracePlot, not {describe(plot)}")
    tree = plot.tree
    height = plot.figure.canvas.get_width_height()[1]
    found = []
    for ref in nodes:
        node = tree.node(ref, "a node to click")
        x0, y0, x1, y1 = plot.marker_box(node)
        side = max(x1 - x0, y1 - y0, MIN_TARGET)
        centre = ((x0 + x1) / 2, height - (y0 + y1) / 2)
        found.append(Hotspot("node", node.name, _square(centre, side)))
    segments = None
    for ref in edges:
        node = tree.node(ref, "an edge to click")
        if node.parent is None:
            raise ValueError(f"{node.name} is the root; it has no edge into it to click")
        if segments is None:
            segments = plot.edge_segments()
        (xa, ya), (xb, yb) = segments[node.id - 1]
        length = ((xb - xa) ** 2 + (yb - ya) ** 2) ** 0.5
        side = max(min(_EDGE_TARGET, 0.45 * length), MIN_TARGET * 0.75)
        centre = ((xa + xb) / 2, height - (ya + yb) / 2)
        found.append(Hotspot("edge", node.name, _square(centre, side)))
    return found


def hit(spots: Sequence[Hotspot], x: float, y: float) -> Hotspot | None:
    """The target at pixel ``(x, y)`` (from the top left, y down): of those
    whose box holds the point, the one whose centre is nearest; None if
    the point is on none.

    >>> spots = [Hotspot("node", "B", (0, 0, 30, 30)), Hotspot("edge", "E", (20, 20, 50, 50))]
    >>> hit(spots, 24, 24).node, hit(spots, 40, 40).node, hit(spots, 90, 90)
    ('B', 'E', None)
    """
    inside = [spot for spot in spots
              if spot.box[0] <= x <= spot.box[2] and spot.box[1] <= y <= spot.box[3]]
    if not inside:
        return None
    return min(inside, key=lambda s: (s.centre[0] - x) ** 2 + (s.centre[1] - y) ** 2)
