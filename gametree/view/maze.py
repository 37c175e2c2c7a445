"""The maze with ghosts (:class:`gametree.games.maze.Maze`) as a picture.

:func:`maze_figure` draws one position: walls as dark squares, dots as
small dots, the runner as a round badge with the letter ``R``, each ghost
as a ghost shape with its number, a caught runner as a bold ``X`` on the
ghost, and, if given, the last moves as arrows.  A panel beside the maze
says which mark is which, whose move it is, the dots and rounds left and
the points.  Every agent is told by a letter or a number and a shape, so
colour is never the only cue; sizes follow the set's projector rule (a
JupyterLab cell at 1280x720: at most 1,100 by 540 pixels, letters on the
board 18 px, other text 13 px or more).  The figure carries a sentence of
alt text (``figure.alt_text``) saying where everyone stands.

The colours come from the theme given as ``theme=`` (see
:func:`gametree.view.theme.theme_of`; its maze keys are :data:`MAZE_COLORS`),
with ``colors={...}`` merged over them on each call.

>>> from gametree.games.maze import Maze
>>> figure = maze_figure(Maze("small").initial, title="The small maze")
>>> print(figure.alt_text)
A maze of 5 rows and 5 columns. The runner (R) is at row 2, column 2; ghost 1 at row 4, column 4. 6 dots are left. runner to move; 6 dots left; 8 rounds left; points 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyArrowPatch, Polygon, Rectangle

from ..games.maze import Cell, MazeState
from ..text import describe
from .draw import SCREEN_DPI, TreeFigure
from .stamp import StampText, wrap
from .theme import DEFAULT, Theme, theme_of

__all__ = ["maze_figure", "MAZE_COLORS", "BOARD_PIXELS"]

_MAZE_KEYS = ("wall", "floor", "dot", "runner", "ghost 1", "ghost 2", "ghost 3", "arrow", "text")
MAZE_COLORS: Mapping[str, str] = MappingProxyType({key: DEFAULT[key] for key in _MAZE_KEYS})
"""The maze's colours in the default theme (Paul Tol's high-contrast and
bright schemes), read-only: walls, open floor, dots, the runner's badge,
each ghost, the arrows of the last moves, and text.  Give ``colors={...}``
to change any of them, ``theme=`` to change them all (and the grid and
outlines)."""

BOARD_PIXELS = 420
"""The side of the square the maze is fitted into, in pixels (a square of
the default 7x7 maze is 60 px)."""
PANEL = 330
"""Width of the panel beside the maze, in pixels."""
_TITLE, _TEXT, _MARK = 16.0, 14.0, 18.0
"""Font sizes in pixels: title, panel text, the letters and numbers on the board."""


def _palette(colors: Mapping[str, object] | None, theme: object) -> Theme:
    """``theme`` (see :func:`gametree.view.theme.theme_of`) with the maze
    colours ``colors`` merged over it."""
    if colors is None:
        colors = {}
    if not isinstance(colors, Mapping):
        raise TypeError(f"colors must map names such as 'wall' to colours, not {describe(colors)}")
    for key in colors:
        if key not in MAZE_COLORS:
            raise ValueError(f"there is no maze colour named {key!r}; the keys are "
                             f"{', '.join(map(repr, MAZE_COLORS))}")
    return theme_of(theme).merged(colors)


def _where(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def maze_figure(state: MazeState, *, title: str = "", caption: str = "",
                moves: Sequence[tuple[str, Cell, Cell]] = (),
                colors: Mapping[str, object] | None = None, theme: object = None) -> TreeFigure:
    """Draw the maze position ``state``.

    Parameters
    ----------
    state : MazeState
        The position.
    title : str
        A title over the picture.
    caption : str
        A sentence under the status in the panel, e.g. what just happened
        ("ghost 2 moves north").
    moves : sequence of (agent, from, to)
        Moves to draw as arrows, e.g. ``[("runner", (1, 1), (1, 2))]``: the
        last round, say.  ``agent`` is ``"runner"`` or ``"ghost k"``.
    colors : mapping, optional
        Maze colours (keys of :data:`MAZE_COLORS`) merged over the theme's.
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`); None: the default.

    Returns
    -------
    TreeFigure
        A matplotlib Figure that shows itself in a notebook, with
        ``alt_text``.
    """
    if not isinstance(state, MazeState):
        raise TypeError(f"maze_figure draws a MazeState, such as Maze().initial, not {describe(state)}")
    for text, name in ((title, "title"), (caption, "caption")):
        if not isinstance(text, str):
            raise TypeError(f"{name} must be text, not {describe(text)}")
    paint = _palette(colors, theme)
    arrows = _check_moves(moves, state)
    layout = state.layout
    rows, cols = len(layout.rows), len(layout.rows[0])
    cell = BOARD_PIXELS / max(rows, cols)
    board_w, board_h = cols * cell, rows * cell
    top = 34.0 if title else 10.0
    lines = _panel_lines(state, caption, arrows)
    panel_h = sum(below for _, _, below in lines) + 10
    width, height = board_w + PANEL + 30, max(board_h, panel_h) + top + 10
    figure = TreeFigure(figsize=(width / SCREEN_DPI, height / SCREEN_DPI), dpi=SCREEN_DPI)
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    ax = figure.add_axes((10 / width, (height - top - board_h) / height, board_w / width,
                          board_h / height))
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_axis_off()
    ax.set_aspect("equal")
    _draw_board(ax, state, arrows, paint, cell)
    _draw_agents(ax, state, paint, mark=max(_MARK * min(1.0, cell / 40), 14.0))  # letters fit small squares
    if title:
        figure.add_artist(StampText(10 / width, 1 - 8 / height, title, ha="left", va="top",
                                    fontsize=_TITLE, fontweight="bold", color=paint["text"],
                                    transform=figure.transFigure))
    _panel(figure, lines, paint, left=board_w + 30, width=width, height=height, top=top)
    figure.alt_text = _alt_text(state, caption, arrows)
    return figure


def _draw_board(ax: Any, state: MazeState, arrows: Sequence[tuple[str, Cell, Cell]], paint: Theme,
                cell: float) -> None:
    """The walls, the floor, the dots and the arrows of the last moves."""
    layout = state.layout
    squares = [Rectangle((c, r), 1, 1) for r, row in enumerate(layout.rows)
               for c, ch in enumerate(row)]
    walls = [paint["wall" if ch == "#" else "floor"] for row in layout.rows for ch in row]
    edges = [paint["wall" if ch == "#" else "grid"] for row in layout.rows for ch in row]
    ax.add_collection(PatchCollection(squares, facecolors=walls, edgecolors=edges, linewidths=0.5))
    dots = sorted(state.dots)
    if dots:
        ax.add_collection(PatchCollection([Circle((c + 0.5, r + 0.5), 0.1) for r, c in dots],
                                          facecolors=paint["dot"], edgecolors="none"))
    for _agent, start, end in arrows:
        ax.add_patch(FancyArrowPatch((start[1] + 0.5, start[0] + 0.5), (end[1] + 0.5, end[0] + 0.5),
                                     arrowstyle="-|>", mutation_scale=16, linewidth=2,
                                     linestyle=(0, (3, 2)), color=paint["arrow"], zorder=2,
                                     shrinkA=4, shrinkB=cell * 0.42))


def _draw_agents(ax: Any, state: MazeState, paint: Theme, *, mark: float) -> None:
    """The ghosts with their numbers, and the runner's badge (an X if caught)."""
    for k in range(len(state.ghosts), 0, -1):   # ghost 1 drawn last, on top, where ghosts share
        r, c = state.ghosts[k - 1]
        ax.add_patch(Polygon(_ghost_outline(c + 0.5, r + 0.5), closed=True,
                             facecolor=paint[f"ghost {k}"], edgecolor=paint["ink"], linewidth=1.5,
                             zorder=3))
        ax.add_artist(StampText(c + 0.5, r + 0.52, str(k), ha="center", va="center",
                                fontsize=mark, fontweight="bold", color=paint["text on dark"], zorder=4))
    r, c = state.runner
    if state.caught:
        ax.add_artist(StampText(c + 0.5, r + 0.5, "X", ha="center", va="center",
                                fontsize=mark * 2, fontweight="bold", color=paint["ink"], zorder=5))
    else:
        ax.add_patch(Circle((c + 0.5, r + 0.5), 0.38, facecolor=paint["runner"], edgecolor=paint["ink"],
                            linewidth=1.5, zorder=3))
        ax.add_artist(StampText(c + 0.5, r + 0.52, "R", ha="center", va="center",
                                fontsize=mark, fontweight="bold", color=paint["ink"], zorder=4))


def _check_moves(moves: object, state: MazeState) -> list[tuple[str, Cell, Cell]]:
    if not isinstance(moves, Sequence) or isinstance(moves, str):
        raise TypeError(f"moves must be a list of (agent, from, to), such as "
                        f"[('runner', (1, 1), (1, 2))], not {describe(moves)}")
    checked = []
    for item in moves:
        if not (isinstance(item, tuple) and len(item) == 3 and isinstance(item[0], str)
                and all(square in state.layout.open for square in item[1:])):
            raise ValueError(f"each move is (agent, from, to) with two open squares of the maze, "
                             f"such as ('runner', (1, 1), (1, 2)); not {describe(item)}")
        checked.append(item)
    return checked


def _ghost_outline(x: float, y: float, size: float = 0.4) -> list[tuple[float, float]]:
    """A ghost: a round head over a skirt with three points (y grows downwards)."""
    points = [(x - size + 2 * size * (1 - math.cos(math.pi * t / 12)) / 2,
               y - 0.05 - size * 0.9 * math.sin(math.pi * t / 12)) for t in range(13)]
    bottom = y + size
    skirt = [(x + size, bottom), (x + size * 2 / 3, bottom - 0.12), (x + size / 3, bottom),
             (x, bottom - 0.12), (x - size / 3, bottom), (x - size * 2 / 3, bottom - 0.12),
             (x - size, bottom)]
    return points + skirt


def _panel_lines(state: MazeState, caption: str, arrows: Sequence[tuple[str, Cell, Cell]]
                 ) -> list[tuple[str, bool, float]]:
    """The panel's lines, each (text, bold, space below in pixels)."""
    count = len(state.ghosts)
    numbers = " ".join(str(k) for k in range(1, count + 1))
    ghosts = "ghost 1, a numbered ghost shape" if count == 1 else "the ghosts, numbered ghost shapes"
    key = ["R  the runner (MAX), a round badge", f"{numbers}  {ghosts}",
           "\u2022  a dot (+10 when eaten)", "\u25A0  a wall (dark square)"]
    if state.caught:
        key.append("X  the runner, caught by a ghost")
    if arrows:
        key.append("\u2192  dashed arrows: the last moves")
    lines = [(line, False, 22.0) for text in key for line in wrap(text, _TEXT, PANEL - 10)]
    lines[-1] = (lines[-1][0], False, 30.0)
    for text, bold in ((state.summary(), False), (caption, True)):
        if text:
            wrapped = wrap(text, _TEXT, PANEL - (40 if bold else 10))
            lines += [(line, bold, 20.0) for line in wrapped[:-1]] + [(wrapped[-1], bold, 26.0)]
    return lines


def _panel(figure: TreeFigure, lines: Sequence[tuple[str, bool, float]], paint: Mapping[str, str],
           *, left: float, width: float, height: float, top: float) -> None:
    """The key to the marks, the status line and the caption, beside the maze."""
    y = top + 8
    for text, bold, below in lines:
        figure.add_artist(StampText(left / width, 1 - y / height, text, ha="left", va="top",
                                    fontsize=_TEXT, color=paint["text"],
                                    fontweight="bold" if bold else "normal",
                                    transform=figure.transFigure))
        y += below


def _alt_text(state: MazeState, caption: str, arrows: Sequence[tuple[str, Cell, Cell]]) -> str:
    layout = state.layout
    ghosts = "; ".join(f"ghost {k} at {_where(cell)}" for k, cell in enumerate(state.ghosts, 1))
    if state.caught:
        runner = f"The runner (X) is caught at {_where(state.runner)}"
    else:
        runner = f"The runner (R) is at {_where(state.runner)}"
    dots = len(state.dots)
    text = (f"A maze of {len(layout.rows)} rows and {len(layout.rows[0])} columns. {runner}; "
            f"{ghosts}. {dots} dot{'s are' if dots != 1 else ' is'} left. {state.summary()}.")
    if arrows:
        text += " Arrows: " + "; ".join(f"{agent} from {_where(a)} to {_where(b)}"
                                        for agent, a, b in arrows) + "."
    if caption:
        text += f" {caption}"
    return text
