"""The figures the lessons show, each one short call.

* :func:`minimax_figure`: a tree with the minimax value inside every node
  from some depth down, and a path (the principal variation) in thick
  orange;
* :func:`numbergame_figure`: the recursion of a small NUMBERGAME row
  without memory (each call shaped and coloured by what the memoized search
  does with it, :func:`memo_fates`) beside the memo graph of its distinct
  ``(lo, hi)``;
* :func:`boards_figure`: a small tic-tac-toe search tree with the board at
  every node.

Each returns a :class:`~gametree.view.draw.TreeFigure` that shows itself
as a notebook cell's last expression, laid out for a projector like every
picture of the set: at most 1,100 by 540 pixels, values at 14 px or more,
other labels at 12 px or more, nothing told by colour alone, and a sentence
of alt text (``figure.alt_text``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Rectangle

from ..checks import check_step
from ..games.numbergame import NumberGameRecord
from ..search import backed_up_values
from ..text import describe, join_names, pretty
from ..trace import Status, Trace
from ..tree import MAX, Node, Tree, as_tree
from .draw import CELL_HEIGHT, CELL_WIDTH, SCREEN_DPI, TracePlot, TreeFigure
from .layout import tidy_layout
from .look import counter_text, kind, look_of, styles
from .stamp import extent
from .style import Line, node_id
from .theme import Theme, theme_of

__all__ = ["minimax_figure", "numbergame_figure", "memo_fates", "boards_figure", "FATES",
           "MAX_BOARD_LEAVES"]

_TITLE, _TEXT, _VALUE, _LABEL = 16.0, 13.0, 14.0, 12.0
"""Font sizes in pixels (points at 72 dpi): title, legend and axis text,
values, other labels."""


def _figure(width: float, height: float) -> TreeFigure:
    figure = TreeFigure(figsize=(width / SCREEN_DPI, height / SCREEN_DPI), dpi=SCREEN_DPI)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    return figure


# --- minimax values -------------------------------------------------------------------


def minimax_figure(tree, *, down_to: int = 0, path: Sequence = (), title: str = "",
                   caption: str = "", theme=None) -> TreeFigure:
    """The tree with the minimax value inside every node at depth ``down_to``
    or deeper (those above left blank), and ``path`` highlighted.

    Parameters
    ----------
    tree : Tree, or anything :func:`gametree.as_tree` accepts
    down_to : int
        The shallowest depth whose values are shown: the tree's depth shows
        only the leaves, 0 every node.
    path : sequence of Node (or names)
        Nodes each the child of the one before, e.g.
        :func:`gametree.principal_variation`: drawn with thick orange
        edges and outlines (thickness, not colour alone, marks them).
    title, caption : str
        The lines above the tree (by default the tree's shape, and none).
    theme : Theme, name or mapping, optional
        The colours (see :func:`gametree.view.theme.theme_of`): values are
        written on the fills of finished nodes, the path in ``"current path"``.

    Returns
    -------
    TreeFigure

    Examples
    --------
    >>> import gametree
    >>> tree = gametree.Tree.from_leaves([3, 5, 2, 9, 12, 5, 23, 23], 2)
    >>> figure = minimax_figure(tree, path=gametree.principal_variation(tree),
    ...                         title="Value 12: best play is A → C → F → L")
    >>> print(figure.alt_text)  # doctest: +NORMALIZE_WHITESPACE
    Value 12: best play is A → C → F → L. A game tree of 8 leaves with the minimax value
    of every node written in it; the path A, C, F and L is drawn thick.
    """
    tree = as_tree(tree)
    _check_minimax(down_to, title, caption)
    chain = _chain(tree, path)
    theme = theme_of(theme)
    values = backed_up_values(tree)
    known = [node for node in tree if not node.is_leaf and node.depth >= down_to]
    finished = styles(theme).node  # a node whose value is known is filled as when finished
    plot = TracePlot(tree, caption=bool(caption), theme=theme)
    plot.show(None,
              fill={n.id: finished[kind(n), Status.DONE][0] for n in known},
              text={n.id: pretty(values[n.id]) for n in known},
              edges={n.id: Line(theme["current path"], 4.5) for n in chain if n.parent is not None},
              outline={n.id: theme.line("current") for n in chain},
              title=title or None, caption=caption or None)
    figure = plot.figure
    figure.alt_text = _minimax_words(tree, down_to, bool(known), chain, title, caption)
    figure.plot = plot
    return figure


def _check_minimax(down_to, title, caption) -> None:
    """:func:`minimax_figure`'s options, checked."""
    if isinstance(down_to, bool) or not isinstance(down_to, int):
        raise TypeError(f"down_to must be a whole number (a depth), not {describe(down_to)}")
    if down_to < 0:
        raise ValueError(f"down_to is a depth, 0 (the root) or more, not {down_to}")
    for name, text in (("title", title), ("caption", caption)):
        if not isinstance(text, str):
            raise TypeError(f"{name} must be text, not {describe(text)}")


def _minimax_words(tree: Tree, down_to: int, known: bool, chain, title: str, caption: str) -> str:
    """:func:`minimax_figure`'s alt text."""
    shown = ("of every node" if down_to == 0 else
             f"of the nodes at depth {down_to} and below" if known else "of no internal node")
    words = [f"{title}." if title else "", f"{caption}." if caption else "",
             f"A game tree of {len(tree.leaves)} leaves with the minimax value {shown} written in it"
             + (f"; the path {join_names(n.name for n in chain)} is drawn thick." if chain else ".")]
    return " ".join(w for w in words if w)


def _chain(tree: Tree, path) -> list[Node]:
    """``path`` as nodes of ``tree``, each the child of the one before."""
    if isinstance(path, (str, bytes)) or not isinstance(path, Sequence):
        raise TypeError(f"path must be a sequence of nodes, not {describe(path)}")
    chain = [tree[node_id(tree, item)] for item in path]
    for parent, child in pairwise(chain):
        if child.parent != parent.id:
            raise ValueError(f"the path goes from {parent.name} to {child.name}, which is not "
                             f"one of its children; give nodes each the child of the one before, "
                             f"e.g. gametree.principal_variation(tree)")
    return chain


# --- NUMBERGAME: recursion tree and memo graph ------------------------------------------

FATES = {"solved": ("o", "fate solved", 9.0), "answered from memory": ("D", "fate remembered", 8.0),
         "never made": ("s", "fate never made", 5.0)}
"""What the memoized search does with a call of the plain recursion, and how
it is drawn: (marker, the theme key of its colour, size in pixels).  Shape
and colour both tell it: by default a blue disc, an orange diamond, a small
grey square."""


def memo_fates(record: NumberGameRecord) -> tuple[str, ...]:
    """What the memoized search does with each node of ``record.tree``, by
    node id: "solved" (the first call for its ``(lo, hi)``), "answered from
    memory" (a repeat) or "never made" (below a repeat).  Walks the tree in
    the search's order.

    >>> from gametree.games import record_number_game
    >>> fates = memo_fates(record_number_game([7, -5, 8]))
    >>> {fate: fates.count(fate) for fate in FATES}
    {'solved': 10, 'answered from memory': 9, 'never made': 6}
    """
    if not isinstance(record, NumberGameRecord):
        raise TypeError(f"expected what gametree.games.record_number_game returns, "
                        f"not {describe(record)}")
    tree = record.tree
    fates: list = [None] * len(tree)
    seen: set = set()
    stack = [(tree.root.id, False)]
    while stack:
        node, skipped = stack.pop()
        if skipped:
            fates[node] = "never made"
        elif record.intervals[node] in seen:
            fates[node] = "answered from memory"
        else:
            fates[node] = "solved"
            seen.add(record.intervals[node])
        below = fates[node] != "solved"
        stack.extend((child, below) for child in reversed(tree.child_ids(node)))
    return tuple(fates)


def numbergame_figure(record: NumberGameRecord, *, theme=None) -> TreeFigure:
    """The recursion tree of a small NUMBERGAME row beside its memo graph.

    On the left, one node per call of the recursion without memory, shaped
    and coloured by its fate (:data:`FATES`); the first moves are named.
    On the right, each distinct ``(lo, hi)`` above the numbers it still
    holds, at the height of its length, with its value inside; grey arrows
    take one number, purple dashed arcs delete two.

    Parameters
    ----------
    record : NumberGameRecord
        From :func:`gametree.games.record_number_game` (rows of up to 8).
    theme : Theme, name or mapping, optional
        The colours (see :func:`gametree.view.theme.theme_of`).

    Returns
    -------
    TreeFigure

    Examples
    --------
    >>> from gametree.games import record_number_game
    >>> figure = numbergame_figure(record_number_game([7, -5, 8, 5, 1]))
    >>> figure.get_size_inches() * 72
    array([1100.,  470.])
    >>> figure.alt_text.split(":")[0]
    'On the left, the recursion of NUMBERGAME on 7 −5 8 5 1 without memory'
    """
    fates = memo_fates(record)
    theme = theme_of(theme)
    # 470 px: with a cell's input above it, the whole figure fits a 1280x720 screen.
    height = 470
    figure = _figure(CELL_WIDTH, height)
    left = figure.add_axes((8 / 1100, 64 / height, 700 / 1100, (height - 100) / height))
    right = figure.add_axes((790 / 1100, 96 / height, 296 / 1100, (height - 134) / height))
    _recursion_tree(left, record, fates, 700, theme)
    _memo_graph(right, record, theme)
    counts = {fate: fates.count(fate) for fate in FATES}
    graph = record.graph
    row = " ".join(pretty(x) for x in record.board)
    figure.alt_text = (
        f"On the left, the recursion of NUMBERGAME on {row} without memory: {len(record.tree)} calls, of "
        f"which the memoized search solves {counts['solved']}, answers "
        f"{counts['answered from memory']} from memory and never makes {counts['never made']}. "
        f"On the right, the memo graph of its {len(graph.states)} distinct (lo, hi); the whole row is "
        f"worth {pretty(graph.values[0])} to the player who moves first.")
    return figure


def _recursion_tree(ax, record: NumberGameRecord, fates, width: float, theme: Theme) -> None:
    """The recursion tree in ``ax``, ``width`` pixels wide: no marker wider
    than the room between it and its neighbours on its row, so that a
    crowded bottom row is a row of marks, not a smear."""
    tree = record.tree
    pos = tidy_layout(tree)
    edges = [[pos[n.parent], pos[n.id]] for n in tree.nodes if n.parent is not None]
    ax.add_collection(LineCollection(edges, colors=theme["faint line"], linewidths=0.8, zorder=1))
    leaves = max(len(tree.leaves), 1)
    column = width / (1.04 * leaves)  # pixels per leaf column (see the x limits below)
    room = [math.inf] * len(tree)  # pixels to the nearest node on the same row
    rows: dict[int, list] = {}
    for node in tree.nodes:
        rows.setdefault(node.depth, []).append(node.id)
    for ids in rows.values():
        ids.sort(key=lambda i: pos[i].x)
        for a, b in pairwise(ids):
            gap = (pos[b].x - pos[a].x) * column
            room[a], room[b] = min(room[a], gap), min(room[b], gap)
    handles = []
    outline = theme["marker edge"]
    for fate, (marker, key, size) in FATES.items():
        colour = theme[key]
        ids = [i for i, f in enumerate(fates) if f == fate]
        # A diamond's corners reach out further than a square's sides: it needs more room.
        reach = 1.25 if marker == "D" else 1.0
        sizes = [min(size, max(3.0, (room[i] - 1.5) / reach)) ** 2 for i in ids]
        ax.scatter([pos[i].x for i in ids], [pos[i].y for i in ids], s=sizes, marker=marker,
                   facecolors=colour, edgecolors=outline, linewidths=0.6, zorder=2)
        handles.append(Line2D([], [], marker=marker, linestyle="none", markersize=size,
                              markerfacecolor=colour, markeredgecolor=outline,
                              label=f"{fate}: {len(ids)}"))
    for child in tree.children(tree.root):  # the first moves, above their nodes
        x, y = pos[child.id]
        ax.annotate(child.label.replace(" (", "\n("), (x, y), xytext=(0, 8),
                    textcoords="offset points", ha="center", va="bottom", fontsize=_LABEL,
                    color=theme["text"], linespacing=1.0,
                    bbox={"fc": theme["background"], "ec": "none", "pad": 0.5}, zorder=3)
    leaves = max(len(tree.leaves), 1)
    ax.set_xlim(-0.02 * leaves - 0.5, 1.02 * leaves - 0.5)
    ax.set_ylim(-tree.depth - 0.3, 0.25)
    ax.set_axis_off()
    ax.set_title(f"Recursion tree without memory: {len(tree)} calls", fontsize=_TITLE, pad=6)
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=3,
              fontsize=_TEXT, frameon=False, handletextpad=0.3, columnspacing=1.5)


def _memo_graph(ax, record: NumberGameRecord, theme: Theme) -> None:
    graph = record.graph
    n = len(graph.board)
    pos = {(lo, hi): ((lo + hi) / 2, hi - lo) for lo, hi in graph.states}
    # One unit is one number across and one level up; circles as large as fits.
    unit = min(296 / (n + 1), 386 / (n + 1))
    circle = min(36.0, 0.8 * unit)
    for start, end, _ in graph.edges:
        delete = (start[1] - start[0]) - (end[1] - end[0]) == 2
        ax.add_patch(FancyArrowPatch(
            pos[start], pos[end], arrowstyle="-|>", mutation_scale=11, shrinkA=circle / 2,
            shrinkB=circle / 2, linewidth=1.3, zorder=1,
            color=theme["memo jump" if delete else "memo step"], linestyle="--" if delete else "-",
            connectionstyle="arc3,rad=0.35" if delete else "arc3"))
    xs, ys = zip(*(pos[state] for state in graph.states), strict=True)
    ax.scatter(xs, ys, s=circle ** 2, color=theme["MAX node"], edgecolors=theme["memo outline"],
               linewidths=0.8, zorder=2)
    texts = [pretty(v) for v in graph.values]
    if max(extent(t, _VALUE, True)[0] for t in texts) <= 0.86 * circle:
        for (x, y), text in zip((pos[s] for s in graph.states), texts, strict=True):
            ax.text(x, y, text, ha="center", va="center", color=theme["text on dark"], fontsize=_VALUE,
                    fontweight="bold", zorder=3)
    ax.set_xlim(-0.55, n + 0.55)
    ax.set_ylim(-0.6, n + 0.6)
    ax.set_xticks([i + 0.5 for i in range(n)], [pretty(x) for x in graph.board], fontsize=_TEXT)
    ax.set_yticks(range(n + 1), [str(k) for k in range(n + 1)], fontsize=_TEXT)
    ax.tick_params(length=3)
    ax.spines[["top", "right"]].set_visible(False)
    ax.set_ylabel("numbers left in the row", fontsize=_TEXT)
    ax.set_title(f"Memo graph: {len(graph.states)} distinct (lo, hi)", fontsize=_TITLE, pad=6)
    ax.legend([Line2D([], [], color=theme["memo step"]),
               Line2D([], [], color=theme["memo jump"], linestyle="--")],
              ["take one", "delete two"], loc="upper center", bbox_to_anchor=(0.5, -0.1), ncol=2,
              fontsize=_TEXT, frameon=False)


# --- tic-tac-toe: the board at every node ----------------------------------------------

MAX_BOARD_LEAVES = 24
"""Most leaves :func:`boards_figure` draws: every position with four empty
squares, boards of 13 px squares across a 1,100 pixel cell."""

_BOARD = 66.0
"""Largest side of a board in pixels: 22 px squares whose X and O are 17 px
type (about 12 px tall, the size of the other labels)."""


def boards_figure(trace: Trace, states: Sequence, *, step: int = -1, title: str = "",
                  caption: str = "", theme=None) -> TreeFigure:
    """A small tic-tac-toe search tree with the board drawn at every node.

    Each node is its board: a blue triangle above it when MAX (X) moves, a
    magenta one pointing down when MIN (O) moves; the move that led there
    is bold on a tinted square.  Under the board are the node's name and,
    once the search has it, its value.  The search's state at ``step`` is
    drawn as in :func:`gametree.view.draw.draw`: the current node and the
    path to it thick and orange, finished nodes' frames thick, pruned
    boards grey with dashed frames and a cross on the edge that was cut.

    Parameters
    ----------
    trace : Trace
        From :func:`gametree.games.trace_game` on a position with few empty
        squares (at most :data:`MAX_BOARD_LEAVES` leaves).
    states : sequence of TicTacToeState
        :func:`gametree.games.tree_states` of the same tree: the board at
        every node, indexed by node id.
    step : int
        The step of the search to show (default the last).
    title, caption : str
        The lines above the tree (by default the counter and the step's
        caption).
    theme : Theme, name or mapping, optional
        The colours (see :func:`gametree.view.theme.theme_of`).

    Returns
    -------
    TreeFigure
        The boards and the search's state, its ``alt_text`` in words.

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState, trace_game, tree_states
    >>> game, start = TicTacToe(), TicTacToeState.from_text("... O.X XOX")
    >>> trace = trace_game(game, start)
    >>> figure = boards_figure(trace, tree_states(game, trace.tree, start),
    ...                        step=trace.cutoffs[0].index)
    >>> figure.alt_text.split(";")[0]
    'The tic-tac-toe search from . . . / O . X / X O X, 21 finished games'
    """
    _check_boards(trace, states)
    tree = trace.tree
    theme = theme_of(theme)
    snap = trace.state(check_step(step, len(trace)))
    look = look_of(tree, snap, trace, theme=theme)  # edges, crosses and pruning as draw() has them

    leaves, depth = len(tree.leaves), tree.depth
    width = max(560.0, min(CELL_WIDTH, 54.0 * leaves + 20))
    top = 56.0  # title and caption
    column = (width - 20) / leaves
    board = min(_BOARD, column - 6)
    # Under the caption, room for the root's triangle (it must not touch the
    # caption); under the leaves, for their names and values.
    pitch = min(130.0, (CELL_HEIGHT - 20 - top - board - 52) / max(depth, 1))
    board = max(min(board, pitch - 46), 30.0)
    head, foot = board / 2 + 22, board / 2 + 30
    height = top + head + pitch * depth + foot
    figure = _figure(width, height)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    ax.set_axis_off()
    centre = {p_id: (10 + column * (p.x + 0.5), height - top - head - pitch * -p.y)
              for p_id, p in enumerate(tidy_layout(tree))}  # board centres, pixels

    style = styles(theme)
    for node in tree.nodes[1:]:
        _board_edge(ax, centre, node, look.edges[node.id], board, theme)
    for node in tree.nodes:
        i, pruned = node.id, look.nodes[node.id].pruned
        edge = look.edges[i]
        frame = edge.line if edge is not None else style.path  # the root is always on the path
        width = 3.0 if i == snap.current.id else 2.2 if snap.status[i] is not Status.UNVISITED else 1.0
        _board(ax, centre[i], board, Line(frame.color, width, pruned), theme)
        _board_marks(ax, node, states, centre[i], board, pruned, theme)
        _board_labels(ax, node, centre[i], board, snap, pruned, theme)
    figure.text(0.5, 1 - 6 / height, title or counter_text(trace, snap.evaluated), ha="center",
                va="top", fontsize=_TITLE + 1, color=theme["text"])
    figure.text(0.5, 1 - 32 / height,
                caption or f"step {snap.step.index} of {len(trace) - 1}: {snap.step.caption}",
                ha="center", va="top", fontsize=_TEXT + 1, color=theme["text"])
    start = " / ".join(" ".join(states[0].cells[r:r + 3]) for r in (0, 3, 6))
    figure.alt_text = (f"The tic-tac-toe search from {start}, {leaves} finished games; step "
                       f"{snap.step.index} of {len(trace) - 1}: {snap.step.caption}. "
                       f"{counter_text(trace, snap.evaluated).capitalize()}.")
    return figure


def _check_boards(trace, states) -> None:
    """:func:`boards_figure`'s trace and states, checked."""
    if not isinstance(trace, Trace):
        raise TypeError(f"expected a Trace (gametree.games.trace_game), not {describe(trace)}")
    tree = trace.tree
    if isinstance(states, (str, bytes)) or not isinstance(states, Sequence) or len(states) != len(tree):
        raise ValueError(f"states must give the board at each of the tree's {len(tree)} nodes "
                         f"(gametree.games.tree_states(game, trace.tree, start))")
    if not all(isinstance(getattr(s, "cells", None), str) and len(s.cells) == 9 for s in states):
        raise TypeError("states must be tic-tac-toe positions (TicTacToeState)")
    if len(tree.leaves) > MAX_BOARD_LEAVES:
        raise ValueError(f"the tree has {len(tree.leaves)} leaves, too many to draw a board at "
                         f"each; at most {MAX_BOARD_LEAVES} fit a screen, so start from a later "
                         f"position (fewer empty squares)")


def _board_edge(ax, centre, node, edge, board, theme: Theme) -> None:
    """The edge into ``node`` as ``edge`` (a look's
    :class:`~gametree.view.look.EdgeMark`) has it, from under its parent's
    board to above its own."""
    (px, py), (cx, cy) = centre[node.parent], centre[node.id]
    start, end = (px, py - board / 2 - 22), (cx, cy + board / 2 + 12)
    line = edge.line
    ax.plot(*zip(start, end, strict=True), color=line.color, linewidth=line.width,
            linestyle="--" if line.dashed else "-", zorder=1, solid_capstyle="round")
    if edge.crossed:
        ax.scatter([(start[0] + end[0]) / 2], [(start[1] + end[1]) / 2], s=10 ** 2, marker="x",
                   color=theme["cross"], linewidths=2.0, zorder=2)


def _board(ax, centre, board, frame: Line, theme: Theme) -> None:
    """An empty board: its frame (dashed when pruned) and its grid."""
    x, y = centre
    cell = board / 3
    ax.add_patch(Rectangle((x - board / 2, y - board / 2), board, board,
                           facecolor=theme["background"], edgecolor=frame.color,
                           linewidth=frame.width, linestyle="--" if frame.dashed else "-", zorder=2))
    grid = theme["faint line" if frame.dashed else "board grid"]
    for k in (1, 2):
        ax.plot([x - board / 2 + k * cell] * 2, [y - board / 2 + 2, y + board / 2 - 2], color=grid,
                linewidth=0.8, zorder=2.1)
        ax.plot([x - board / 2 + 2, x + board / 2 - 2], [y + board / 2 - k * cell] * 2, color=grid,
                linewidth=0.8, zorder=2.1)


def _board_marks(ax, node, states, centre, board, pruned: bool, theme: Theme) -> None:
    """The X and O on a board, the last move bold on a tinted square, and
    who moves there: the tree's triangle, above the board."""
    x, y = centre
    cell = board / 3
    cells = states[node.id].cells
    before = states[node.parent].cells if node.parent is not None else cells
    for square, mark in enumerate(cells):
        if mark == ".":
            continue
        cx = x - board / 2 + (square % 3 + 0.5) * cell
        cy = y + board / 2 - (square // 3 + 0.5) * cell
        last = before[square] != mark
        if last and not pruned:
            ax.add_patch(Rectangle((cx - cell / 2, cy - cell / 2), cell, cell,
                                   facecolor=theme["highlight"], edgecolor="none", zorder=2.05))
        ax.text(cx, cy, mark, ha="center", va="center", fontsize=max(_LABEL, 0.78 * cell),
                fontweight="bold" if last else "normal",
                color=theme["pruned edge" if pruned else "text"], zorder=3)
    if not node.is_leaf:
        mover = theme["MAX node" if node.player is MAX else "MIN node"]
        ax.scatter([x], [y + board / 2 + 7], s=11 ** 2, marker="^" if node.player is MAX else "v",
                   color=theme["pruned edge"] if pruned else mover, zorder=3)


def _board_labels(ax, node, centre, board, snap, pruned: bool, theme: Theme) -> None:
    """The node's name and, once the search has it, its value, side by side
    under the board."""
    x, y = centre
    value = snap.v[node.id]
    shown = (snap.status[node.id] in (Status.ACTIVE, Status.DONE) and value is not None
             and abs(value) != float("inf"))
    name_width = extent(node.name, _LABEL)[0]
    value_text = pretty(value) if shown else ""
    value_width = extent(value_text, _VALUE, True)[0] + 4 if shown else 0
    left = x - (name_width + value_width) / 2
    ax.text(left, y - board / 2 - 4, node.name, ha="left", va="top", fontsize=_LABEL,
            color=theme["pruned edge" if pruned else "window"], zorder=3)
    if shown:
        ax.text(left + name_width + 4, y - board / 2 - 3, value_text, ha="left", va="top",
                fontsize=_VALUE, fontweight="bold", color=theme["text"], zorder=3)
