"""Every colour, line style and marker of the drawings, widgets and exports,
in one object with named keys, the way python-chess keeps ``DEFAULT_COLORS``.

A drawing, a widget or an export takes ``theme=``: None (:data:`DEFAULT`),
a :class:`Theme`, the name of a shipped theme (``"default"``,
``"projector"``, ``"print"``) or a mapping of keys to colours merged over
:data:`DEFAULT`.  It resolves it with :func:`theme_of` when it is called or
made, never at import, so a notebook can change one key and see it:

>>> theme = theme_of({"pruned edge": "#ff00ff"})
>>> theme["pruned edge"], theme["current"]
('#ff00ff', '#ee7733')
>>> theme_of("print")["MAX node"]
'#333333'
>>> theme.line("pruned edge")
Line(color='#ff00ff', width=1.3, dashed=True)

Three themes ship:

* :data:`DEFAULT`: today's look, Paul Tol's colour-blind-safe palettes;
* :data:`PROJECTOR`: high contrast and thicker lines, for a washed-out
  projector at the back of a lecture hall;
* :data:`PRINT`: greyscale for paper; every cue is also a line style, a
  width or a marker (pruned edges dashed, the current path thick, MAX and
  MIN nodes triangles pointing up and down), never colour alone.

Adding a key is one row of ``_TABLE`` (the key, its DEFAULT, PROJECTOR and
PRINT colours, what it colours, between bars) and, for a line, one entry of
``_LINES``.

This module imports nothing of :mod:`gametree.view.style` at import time
(style re-exports :data:`COLORS` and :func:`palette` from here), so the two
never import each other in a circle.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeGuard

from matplotlib import colors as mcolors

from ..text import describe

if TYPE_CHECKING:
    from .style import Line

__all__ = ["Theme", "theme_of", "contrast_ratio", "DEFAULT", "PROJECTOR", "PRINT", "THEMES", "KEYS", "COLORS",
           "palette", "hex_color", "css_color", "ThemeKeyError"]

_TABLE = """
# key              | DEFAULT | PROJECT.| PRINT   | what it colours
# Meanings shared by several drawings and widgets (style.COLORS).
selected           | #0077BB | #004488 | #000000 | what a student chose on a drawing: a clicked node, a crossed-out edge (drawn dashed)
mistake            | #CC3311 | #BB0000 | #000000 | a wrong answer (drawn solid and thick)
right              | #117733 | #006633 | #444444 | a verdict that says an answer is right
pruned edge        | #C4C4C4 | #999999 | #AAAAAA | pruned edges, outlines and labels (dashed)
current            | #EE7733 | #E65100 | #000000 | the current node's outline
current path       | #EE7733 | #E65100 | #000000 | the edges of the path to the current node
# Tree drawings.
MAX node           | #4477AA | #004488 | #333333 | fill of a finished MAX node (a triangle up)
MIN node           | #AA3377 | #882255 | #6E6E6E | fill of a finished MIN node (a triangle down)
chance node        | #228833 | #117733 | #999999 | fill of a finished chance node (a circle)
leaf               | #444444 | #000000 | #000000 | fill of an evaluated leaf (a square)
active MAX node    | #D4E0EE | #BBCCEE | #DDDDDD | fill of a MAX node on the path
active MIN node    | #EBCFDF | #EEBBDD | #EEEEEE | fill of a MIN node on the path
active chance node | #D0E8D4 | #BBE5C3 | #E6E6E6 | fill of a chance node on the path
pruned fill        | #F2F2F2 | #E6E6E6 | #F5F5F5 | fill of a pruned node
unvisited leaf     | #777777 | #444444 | #777777 | outline of a leaf not evaluated yet
edge               | #8A8A8A | #555555 | #888888 | edges not yet walked
walked edge        | #333333 | #000000 | #333333 | edges into finished nodes
cross              | #333333 | #000000 | #000000 | the cross on a cut edge
phase              | #009988 | #007766 | #555555 | outline of the node a null-window test or a re-search is searching (PVS)
text               | #222222 | #000000 | #000000 | text: values, names, titles, captions
window             | #555555 | #222222 | #444444 | alpha and beta beside a node
text on dark       | #FFFFFF | #FFFFFF | #FFFFFF | text written on a dark fill
background         | #FFFFFF | #FFFFFF | #FFFFFF | the paper: figure, empty boxes, unvisited nodes
ink                | #000000 | #000000 | #000000 | black outlines and reference lines
muted text         | #555555 | #222222 | #444444 | secondary text: step numbers, hints
faint text         | #666666 | #444444 | #5E5E5E | the least important text: line numbers
highlight          | #FCE3CF | #FFD0A8 | #E0E0E0 | background of the current pseudocode line, of the active box
code background    | #FAFAFA | #FFFFFF | #FFFFFF | background of a pseudocode listing
code border        | #E0E0E0 | #999999 | #BBBBBB | border of a pseudocode listing, of a card
error              | #B00020 | #990000 | #000000 | a message that says something is wrong
box done           | #E8F1FA | #CCDDF0 | #EEEEEE | fill of a finished box of a max^n drawing
game over          | #DDDDDD | #BBBBBB | #DDDDDD | fill of an MCTS node where the game is over
playout            | #333333 | #000000 | #333333 | an MCTS playout
# Charts: series in Paul Tol's "bright" order, each also with its own marker and line style.
series 1           | #4477AA | #004488 | #000000 | chart series 1 (blue)
series 2           | #EE6677 | #CC3344 | #555555 | chart series 2 (red)
series 3           | #228833 | #117733 | #888888 | chart series 3 (green)
series 4           | #CCBB44 | #AA9900 | #AAAAAA | chart series 4 (yellow)
series 5           | #66CCEE | #2299CC | #333333 | chart series 5 (cyan)
series 6           | #AA3377 | #882255 | #666666 | chart series 6 (purple)
series 7           | #BBBBBB | #888888 | #CCCCCC | chart series 7 (grey)
guide              | #808080 | #444444 | #808080 | a chart's guide line: a horizon, the 50% line
# Boards.
board dark         | #333333 | #000000 | #333333 | a dark square of a board
board light        | #FFFFFF | #FFFFFF | #FFFFFF | a light square of a board
board line         | #222222 | #000000 | #000000 | a board square's outline and its text
board border       | #999999 | #555555 | #999999 | the thin border of a plain board square
pit border         | #888888 | #444444 | #888888 | the border of a Kalah pit
wall               | #33415C | #1A2233 | #444444 | a maze's walls
floor              | #FFFFFF | #FFFFFF | #FFFFFF | a maze's floor
grid               | #BBBBBB | #888888 | #BBBBBB | the thin grid between a maze's floor squares
dot                | #444444 | #000000 | #444444 | a maze's dots to eat
runner             | #DDAA33 | #DDAA33 | #DDDDDD | the maze's runner
ghost 1            | #BB5566 | #AA3344 | #777777 | the maze's first ghost
ghost 2            | #004488 | #003366 | #333333 | the maze's second ghost
ghost 3            | #117733 | #005522 | #555555 | the maze's third ghost
arrow              | #222222 | #000000 | #000000 | the arrows of a maze's last moves
# Printed exercise sheets.
sheet heading      | #666666 | #444444 | #666666 | a sheet's running head and page numbers, and each exercise's details
answer box         | #555555 | #222222 | #444444 | the outline of a box to write an answer in, on a sheet
# Lesson figures (view/figures.py) and the practice widget.
fate solved        | #4477AA | #004488 | #333333 | a call of the recursion the memoized search solves (a disc)
fate remembered    | #EE7733 | #E65100 | #000000 | a call it answers from memory (a diamond)
fate never made    | #DDDDDD | #BBBBBB | #DDDDDD | a call it never makes (a small square)
faint line         | #BBBBBB | #888888 | #BBBBBB | a recursion tree's edges, the grid of a pruned board
board grid         | #888888 | #555555 | #888888 | the grid of a tic-tac-toe board drawn at a node
marker edge        | #444444 | #000000 | #444444 | the outline of a recursion tree's small markers
memo outline       | #333333 | #000000 | #333333 | the outline of a memo graph's circles
memo step          | #777777 | #444444 | #777777 | a memo graph's take-one arrows
memo jump          | #AA3377 | #882255 | #555555 | a memo graph's delete-two arcs (dashed)
mistake background | #FBE9E5 | #FFDDDD | #EEEEEE | the background of a box whose answer is wrong
# Graded course summaries.
student score      | #0077BB | #004488 | #000000 | a student's score on a course chart
mean score         | #CC3311 | #BB0000 | #555555 | the mean score on a course chart
common mistake     | #EE7733 | #E65100 | #AAAAAA | the bars of a course's commonest mistakes
"""
"""One row per key: the key, its DEFAULT, PROJECTOR and PRINT colours, and
what it colours; a line starting with # heads a group."""


def _rows(table: str) -> list[tuple[str, str, str, str, str]]:
    """The rows of ``table``, each split at its bars."""
    rows = []
    for line in table.strip().splitlines():
        if not line.startswith("#"):
            key, default, projector, paper, what = (cell.strip() for cell in line.split("|"))
            rows.append((key, default, projector, paper, what))
    return rows


# key -> (width in points, dashed) in DEFAULT; PROJECTOR draws them 1.5 times as wide.
_LINES: dict[str, tuple[float, bool]] = {
    "selected": (3.0, True), "mistake": (3.0, False), "right": (3.0, False),
    "pruned edge": (1.3, True), "current": (3.0, False), "current path": (3.2, False),
    "edge": (1.2, False), "walked edge": (1.7, False), "cross": (1.8, False), "phase": (3.0, False),
}
# PRINT, where width and dashes carry what colour cannot.
_PRINT_LINES: dict[str, tuple[float, bool]] = {
    **_LINES, "current": (3.6, False), "current path": (4.0, False), "mistake": (4.0, False),
    "edge": (1.0, False), "phase": (3.0, True)}  # only a pruned edge is dashed

KEYS: Mapping[str, str] = MappingProxyType({row[0]: row[4] for row in _rows(_TABLE)})
"""Every key of a theme -> what it colours."""

_NODE_MARKERS = MappingProxyType({"MAX node": "^", "MIN node": "v", "chance node": "o", "leaf": "s"})
_SERIES_MARKERS = ("o", "s", "^", "v", "D", "P", "X", "*")
_SERIES_LINES = ("-", "--", "-.", ":", (0, (5, 1.5, 1, 1.5, 1, 1.5)), (0, (8, 2)))


@lru_cache(maxsize=1024)
def _hex(value) -> str:
    return mcolors.to_hex(value, keep_alpha=False)


def hex_color(value: object) -> str:
    """``value`` (a name, ``"#RRGGBB"`` or an RGB tuple) as ``"#rrggbb"``;
    ValueError if it is not a colour.

    >>> hex_color("white"), hex_color((1, 0, 0)), hex_color("#4477AA")
    ('#ffffff', '#ff0000', '#4477aa')
    """
    try:
        return _hex(tuple(value) if isinstance(value, list) else value)
    except (ValueError, TypeError):
        raise ValueError(f"{describe(value)} is not a colour; give a name such as 'orange' "
                         f"or '#RRGGBB'") from None


def css_color(value: object) -> str:
    """``value`` (any colour) as :meth:`Theme.css` writes it.

    >>> css_color("white"), css_color("#555555"), css_color("#fce3cf")
    ('#fff', '#555', '#FCE3CF')
    """
    code = hex_color(value)
    r, g, b = code[1:3], code[3:5], code[5:7]
    if r == g == b and r[0] == r[1]:
        return "#" + r[0] * 3
    return code.upper()


def _listed(names) -> str:
    names = [repr(name) for name in names]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _unknown(key: object, keys) -> ValueError:
    close = difflib.get_close_matches(key, list(keys), n=1) if isinstance(key, str) else []
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return ValueError(f"a theme has no key {key!r}{hint}; its keys are {_listed(keys)}")


class ThemeKeyError(KeyError, ValueError):
    """``theme[key]`` for a key a theme does not have: a KeyError (a theme
    is a mapping) and a ValueError (as every bad key of this module)."""

    def __str__(self) -> str:
        return str(self.args[0])


class Theme(Mapping):
    """A frozen set of named colours and line styles: ``theme[key]`` is
    ``"#rrggbb"``, :meth:`line` a :class:`~gametree.view.style.Line`.

    A Theme is a read-only mapping of its keys (see :data:`KEYS`) to
    colours, hashable, and never changes: :meth:`merged` makes a new one.

    >>> DEFAULT["selected"] != DEFAULT["mistake"]
    True
    >>> len(DEFAULT) == len(KEYS), "MAX node" in DEFAULT
    (True, True)
    >>> DEFAULT["pruned egde"]  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametree.view.theme.ThemeKeyError: a theme has no key 'pruned egde' (did you mean 'pruned edge'?); its keys are 'selected', ...
    """

    __slots__ = ("name", "_colors", "_lines", "_hash")
    name: str
    """The theme's name: ``"default"``, ``"projector"``, ``"print"`` or the
    one it was merged from."""
    _colors: Mapping[str, str]
    _lines: Mapping[str, tuple[float, bool]]
    _hash: int

    def __init__(self, name: str, colors: Mapping[str, object],
                 lines: Mapping[str, tuple[float, bool]]):
        """A theme named ``name`` with ``colors`` (every key of :data:`KEYS`)
        and ``lines`` (key -> (width, dashed)).  Use :func:`theme_of` or
        :meth:`merged` rather than this."""
        missing = [key for key in KEYS if key not in colors]
        if missing:
            raise ValueError(f"a theme needs a colour for every key; missing {_listed(missing)}")
        for key in colors:
            if key not in KEYS:
                raise _unknown(key, KEYS)
        colors = {key: _checked_color(key, colors[key]) for key in KEYS}
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_colors", MappingProxyType(colors))
        object.__setattr__(self, "_lines", MappingProxyType(dict(lines)))
        object.__setattr__(self, "_hash", hash((name, tuple(colors.items()),
                                                tuple(sorted(self._lines.items())))))

    def __setattr__(self, name, value):
        raise AttributeError("a Theme cannot be changed; make a new one with merged({...})")

    def __getitem__(self, key: str) -> str:
        try:
            return self._colors[key]
        except (KeyError, TypeError):
            raise ThemeKeyError(_unknown(key, KEYS).args[0]) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._colors)

    def __len__(self) -> int:
        return len(self._colors)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Theme):
            return NotImplemented
        return (self.name, dict(self._colors), dict(self._lines)) == \
            (other.name, dict(other._colors), dict(other._lines))

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"<Theme {self.name!r}: {len(self)} colours>"

    def __reduce__(self):
        return (Theme, (self.name, dict(self._colors), dict(self._lines)))

    def line(self, key: str) -> Line:
        """The :class:`~gametree.view.style.Line` (colour, width, dashed)
        of the line ``key`` (see :attr:`line_keys`).

        >>> DEFAULT.line("current path")
        Line(color='#ee7733', width=3.2, dashed=False)
        >>> PRINT.line("pruned edge").dashed, PRINT.line("edge").dashed, PROJECTOR.line("edge").width
        (True, False, 1.8)
        >>> DEFAULT.line("MAX node")
        Traceback (most recent call last):
        ...
        ValueError: 'MAX node' is a colour, not a line; the lines are 'selected', 'mistake', \
'right', 'pruned edge', 'current', 'current path', 'edge', 'walked edge', 'cross' and 'phase'
        """
        from .style import Line  # style imports this module: see the module's docstring

        if key not in self._lines:
            if key in self._colors:
                raise ValueError(f"{key!r} is a colour, not a line; the lines are "
                                 f"{_listed(self._lines)}")
            raise _unknown(key, KEYS)
        width, dashed = self._lines[key]
        return Line(self._colors[key], width, dashed)

    @property
    def line_keys(self) -> tuple[str, ...]:
        """The keys that :meth:`line` knows (the others are colours only)."""
        return tuple(self._lines)

    def css(self, key: str) -> str:
        """The colour ``key`` as the widgets write it in HTML: a grey with a
        three-digit form in that form (``#222``), any other colour as
        ``#RRGGBB`` in capitals, so that stored notebook outputs, which
        nbval compares as text, keep the exact strings they had.

        >>> DEFAULT.css("board line"), DEFAULT.css("current"), DEFAULT.css("code border")
        ('#222', '#EE7733', '#E0E0E0')
        """
        return css_color(self[key])

    def marker(self, key: str) -> str:
        """The matplotlib marker of a kind of node: ``"MAX node"``,
        ``"MIN node"``, ``"chance node"`` or ``"leaf"``.

        >>> DEFAULT.marker("MAX node"), DEFAULT.marker("leaf")
        ('^', 's')
        """
        if key not in _NODE_MARKERS:
            raise ValueError(f"there is no marker for {key!r}; the markers are {_listed(_NODE_MARKERS)}")
        return _NODE_MARKERS[key]

    @property
    def series(self) -> tuple[str, ...]:
        """The colours of a chart's series, ``"series 1"`` first."""
        return tuple(self._colors[f"series {k}"] for k in range(1, 8))

    @property
    def series_markers(self) -> tuple[str, ...]:
        """A marker per chart series, so that no two series differ by colour alone."""
        return _SERIES_MARKERS

    @property
    def series_lines(self) -> tuple:
        """A matplotlib line style per chart series."""
        return _SERIES_LINES

    def merged(self, changes: Mapping[str, object]) -> Theme:
        """This theme with ``changes`` on top: key -> a colour (any
        matplotlib colour) or, for a line, a
        :class:`~gametree.view.style.Line` (colour, width and dashes).

        Raises ValueError naming an unknown key (and the keys there are) or
        a value that is not a colour; TypeError if ``changes`` is not a
        mapping.

        >>> DEFAULT.merged({"current": "black"})["current"]
        '#000000'
        >>> DEFAULT.merged({"curent": "black"})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: a theme has no key 'curent' (did you mean 'current'?); its keys are 'selected', ...
        >>> DEFAULT.merged({"current": "blackish"})
        Traceback (most recent call last):
        ...
        ValueError: theme key 'current': 'blackish' (str) is not a colour; give a name such as 'orange' or '#RRGGBB'
        """
        if not isinstance(changes, Mapping):
            raise TypeError(f"a theme's changes must map keys such as 'pruned edge' to colours, "
                            f"not {describe(changes)}")
        if not changes:
            return self
        colors, lines = dict(self._colors), dict(self._lines)
        for key, value in changes.items():
            if key not in KEYS:
                raise _unknown(key, KEYS)
            if _is_line(value):
                colors[key] = value.color
                lines[key] = (value.width, value.dashed)
            else:
                colors[key] = _checked_color(key, value)
        return Theme(self.name, colors, lines)


def _is_line(value: object) -> TypeGuard[Line]:
    from .style import Line  # style imports this module: see the module's docstring

    return isinstance(value, Line)


def _checked_color(key: str, value: object) -> str:
    try:
        return hex_color(value)
    except ValueError as error:
        raise ValueError(f"theme key {key!r}: {error}") from None


def _theme(name: str, column: int, lines: Mapping[str, tuple[float, bool]]) -> Theme:
    return Theme(name, {row[0]: row[column] for row in _rows(_TABLE)}, lines)


DEFAULT = _theme("default", 1, _LINES)
"""Today's look: Paul Tol's colour-blind-safe palettes."""
PROJECTOR = _theme("projector", 2, {key: (round(1.5 * width, 2), dashed)
                                    for key, (width, dashed) in _LINES.items()})
"""High contrast and lines 1.5 times as wide, for a projector."""
PRINT = _theme("print", 3, _PRINT_LINES)
"""Greyscale for paper: every cue is also a line style, a width or a marker."""

THEMES: Mapping[str, Theme] = MappingProxyType({"default": DEFAULT, "projector": PROJECTOR,
                                                "print": PRINT})
"""The shipped themes by name."""


def contrast_ratio(foreground: object, background: object) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    Text needs 4.5 (AA) on its background, or 3 at 24 px (18.7 px bold) and over.

    >>> round(contrast_ratio("#000000", "#FFFFFF"), 1), round(contrast_ratio("#777777", "white"), 2)
    (21.0, 4.48)
    """

    def luminance(color: object) -> float:
        channels = (int(hex_color(color)[k:k + 2], 16) / 255 for k in (1, 3, 5))
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def theme_of(theme: object = None) -> Theme:
    """The :class:`Theme` that ``theme=`` names: None (:data:`DEFAULT`), a
    Theme, the name of a shipped theme (see :data:`THEMES`), or a mapping
    of keys to colours merged over :data:`DEFAULT`.

    Raises ValueError for an unknown name, an unknown key (naming the keys
    there are) or a value that is not a colour, TypeError for anything else.

    >>> theme_of() is DEFAULT, theme_of("projector") is PROJECTOR
    (True, True)
    >>> theme_of({"selected": "navy"})["selected"]
    '#000080'
    >>> theme_of("dark")
    Traceback (most recent call last):
    ...
    ValueError: there is no theme named 'dark'; the themes are 'default', 'projector' and 'print'
    """
    if theme is None:
        return DEFAULT
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str):
        if theme not in THEMES:
            raise ValueError(f"there is no theme named {theme!r}; the themes are {_listed(THEMES)}")
        return THEMES[theme]
    if isinstance(theme, Mapping):
        return DEFAULT.merged(theme)
    raise TypeError(f"theme must be None, a Theme, a name such as 'projector' or a mapping of keys "
                    f"such as 'pruned edge' to colours, not {describe(theme)}")


_SHARED = ("selected", "mistake", "right", "pruned edge", "current")

COLORS: Mapping[str, str] = MappingProxyType({key: DEFAULT[key] for key in _SHARED})
"""The colours shared by several drawings and widgets, read-only (the
palette :mod:`gametree.view.style` had):

* ``"selected"`` (blue): what a student chose on a drawing, a clicked node
  or a crossed-out edge, drawn dashed;
* ``"mistake"`` (red): a wrong answer, drawn solid and thick;
* ``"right"`` (green): a verdict that says an answer is right;
* ``"pruned edge"`` (light grey): pruned edges, outlines and labels, dashed;
* ``"current"`` (orange): the current node and the path to it.

Give :func:`palette` (or a widget's ``colors=``) a mapping to change any of
them."""


def palette(colors: Mapping[str, object] | None = None,
            theme: object = None) -> dict[str, str]:
    """:data:`COLORS` as ``theme`` (see :func:`theme_of`) has them, with
    ``colors`` merged over them, every colour as ``"#rrggbb"``.

    Raises ValueError naming an unknown key (and the keys there are) or a
    value that is not a colour; TypeError if ``colors`` is not a mapping.

    >>> palette({"selected": "navy"})["selected"]
    '#000080'
    >>> palette(theme="print")["current"]
    '#000000'
    >>> palette({"selcted": "navy"})
    Traceback (most recent call last):
    ...
    ValueError: there is no colour named 'selcted'; the palette's keys are 'selected', 'mistake', 'right', 'pruned edge' and 'current'
    """
    if colors is None:
        colors = {}
    if not isinstance(colors, Mapping):
        raise TypeError(f"colors must map names such as 'selected' to colours, "
                        f"not {describe(colors)}")
    for key in colors:
        if key not in _SHARED:
            raise ValueError(f"there is no colour named {key!r}; the palette's keys are "
                             f"{_listed(_SHARED)}")
    base = theme_of(theme)
    return {key: hex_color(colors.get(key, base[key])) for key in _SHARED}
