"""The strip above a tree drawing: its title line (the counter), the
step's caption and the legend.

* :func:`header` says where each goes in a figure of the drawing's own, and
  :func:`legend_rows` in how many rows the legend fits its width;
* :func:`legend_entries` says which entries a drawing's legend lists;
* :class:`HeaderArtists` makes the title, caption and legend artists in a
  figure (or over and under an Axes of someone else's figure) in a theme's
  colours, and changes their texts in place.
"""

from __future__ import annotations

from typing import NamedTuple

from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D

from ..i18n import N_, get_language
from ..i18n import gettext as _
from ..tree import Tree
from .fonts import families_for
from .stamp import StampText, widest, wrap
from .theme import Theme, theme_of

__all__ = ["Header", "header", "legend_width", "legend_rows", "legend_entries", "HeaderArtists",
           "LEGEND_LABELS", "TITLE_FONT", "CAPTION_FONT", "LEGEND_FONT"]

TITLE_FONT, CAPTION_FONT, LEGEND_FONT = 17.0, 15.0, 13.0
"""Font sizes in points of the title line, the caption and the legend."""

_LEGEND_ROW = 22
"""Pixels of each row of the legend after the first."""
_CAPTION_LINE = 19
"""Pixels of each line of the caption after the first."""

LEGEND_LABELS = {"max": "MAX", "min": "MIN", "chance": N_("chance"), "leaf": N_("evaluated leaf"),
                 "current": N_("current node and path"), "pruned": N_("pruned")}
"""The legend's entries, by key, in the order they are listed (English;
:func:`legend_texts` says them in the language in force)."""


def legend_texts(keys) -> list[str]:
    """The legend's entries for ``keys`` in the language in force.

    >>> from gametree.i18n import using
    >>> with using("da"):
    ...     legend_texts(["max", "pruned"])
    ['MAX', 'beskåret']
    """
    return [_(LEGEND_LABELS[key]) for key in keys]

_HANDLE, _HANDLE_PAD, _COLUMN_GAP = 1.8, 0.8, 1.4
"""The legend's marker length, gap to its text and gap between columns, in font sizes."""
_DASHES = (0, (3.0, 2.5))


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


def header(title: bool, caption: bool, legend_rows: int = 1, caption_lines: int = 1) -> Header:
    """Where the title, caption (in ``caption_lines`` lines) and legend (in
    ``legend_rows`` rows) go above the tree.

    >>> header(True, True).height, header(False, False).height
    (77.0, 31.0)
    """
    y = 5.0
    title_y = y
    y += 24 if title else 0
    caption_y = y
    y += 22 + _CAPTION_LINE * (caption_lines - 1) if caption else 0
    extra = _LEGEND_ROW * (legend_rows - 1)
    legend_y = y + 11 + extra / 2
    return Header(title_y, caption_y, legend_y, y + 26 + extra)


def legend_width(texts, rows: int, font: float = LEGEND_FONT) -> float:
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
    texts = legend_texts(keys)
    for rows in range(1, len(texts)):
        if legend_width(texts, rows) + 16 <= width:
            return rows
    return len(texts)


def legend_entries(tree: Tree, searched: bool, current: bool, pruning: bool) -> tuple[str, ...]:
    """The keys of :data:`LEGEND_LABELS` for the marks drawn: MAX and MIN
    (and chance), plus, once there is a search (``searched``), evaluated
    leaves, the current node when it is highlighted (``current``), and
    pruning when the search prunes or crosses are drawn (``pruning``).

    >>> from gametree import Tree
    >>> legend_entries(Tree.from_nested([[1, 2], [3]]), True, True, False)
    ('max', 'min', 'leaf', 'current')
    """
    keys = ["max", "min", *(["chance"] if tree.has_chance else [])]
    if not searched:
        return tuple(keys)
    keys.append("leaf")
    if current:
        keys.append("current")
    if pruning:
        keys.append("pruned")
    return tuple(keys)


def _handles(keys, theme: Theme) -> list:
    """A legend handle per key, drawn as the tree draws what it stands for."""
    size = 9

    def node(marker, key, scale):
        return Line2D([], [], marker=marker, linestyle="none", markersize=size * scale,
                      markerfacecolor=theme[key], markeredgecolor=theme[key])

    makers = {
        "max": lambda: node("^", "MAX node", 1.0),
        "min": lambda: node("v", "MIN node", 1.0),
        "chance": lambda: node("o", "chance node", 0.9),
        "leaf": lambda: node("s", "leaf", 0.7),
        "current": lambda: Line2D([], [], color=theme["current"], linewidth=3, marker="o",
                                  markersize=size * 0.8, markerfacecolor=theme["background"],
                                  markeredgecolor=theme["current"], markeredgewidth=2.5),
        "pruned": lambda: Line2D([], [], color=theme["pruned edge"], linewidth=1.5,
                                 linestyle=_DASHES, marker="x", markersize=7,
                                 markeredgecolor=theme["cross"], markeredgewidth=1.8),
    }
    handles = []
    for key in keys:
        handle = makers[key]()
        handle.set_label(_(LEGEND_LABELS[key]))
        handles.append(handle)
    return handles


def _font(size: float) -> FontProperties:
    """The legend's font: ``size`` points, in the families the language in
    force is written with (:func:`gametree.view.fonts.families_for`)."""
    return FontProperties(family=families_for(get_language()), size=size)


class HeaderArtists:
    """The title, caption and legend of a tree drawing, made once and
    changed in place.

    Parameters
    ----------
    figure, ax : the matplotlib Figure and the Axes the tree is drawn in.
    own : bool
        Whether the figure is the drawing's own: then the three go in the
        strip :func:`header` lays out above the Axes; else the title and
        caption go over the Axes and the legend under it.
    strip : Header
        Where they go in a figure of its own.
    legend_rows, caption_lines : int
        The rows the strip has room for.
    caption_width : float
        Points the caption wraps within.
    label_font : float
        In someone else's figure: the drawing's label font.
    theme : Theme, name or mapping, optional
    """

    def __init__(self, figure, ax, *, own: bool, strip: Header, legend_rows: int = 1,
                 caption_lines: int = 1, caption_width: float = 0.0, label_font: float = 12.0,
                 theme=None):
        self.figure, self.ax, self.own = figure, ax, own
        self.strip, self.legend_rows, self.caption_lines = strip, legend_rows, caption_lines
        self.caption_width, self.label_font = caption_width, label_font
        self.theme = theme_of(theme)
        self.legend = None
        self.keys: tuple[str, ...] = ()
        self.caption_text = ""
        text = self.theme["text"]
        family = families_for(get_language())
        if own:
            height = figure.get_size_inches()[1] * 72
            self.title = StampText(0.5, 1 - strip.title / height, "", ha="center", va="top",
                                   fontsize=TITLE_FONT, color=text, transform=figure.transFigure,
                                   fontfamily=family)
            self.caption = StampText(0.5, 1 - strip.caption / height, "", ha="center", va="top",
                                     fontsize=CAPTION_FONT, color=text, transform=figure.transFigure,
                                     fontfamily=family)
            figure.add_artist(self.title)
            figure.add_artist(self.caption)
        else:
            self.title = ax.set_title("", fontsize=label_font + 1, color=text, fontfamily=family)
            self.caption = ax.text(0.5, 1.0, "", transform=ax.transAxes, ha="center",
                                   va="bottom", fontsize=label_font, color=text, fontfamily=family)

    def show_legend(self, keys: tuple[str, ...]) -> bool:
        """(Re)make the legend of ``keys`` (see :func:`legend_entries`),
        laid out to fit inside the figure, unless it lists them already.
        Returns whether it was made anew."""
        if keys == self.keys and self.legend is not None:
            return False
        if self.legend is not None:
            self.legend.remove()
        handles = _handles(keys, self.theme)
        texts = legend_texts(keys)
        style = dict(frameon=False, handlelength=_HANDLE, handletextpad=_HANDLE_PAD,
                     columnspacing=_COLUMN_GAP)
        if self.own:  # in the rows the header has room for, or fewer if they fit
            width, height = self.figure.get_size_inches() * 72
            rows = next((rows for rows in range(1, self.legend_rows)
                         if legend_width(texts, rows) + 16 <= width), self.legend_rows)
            self.legend = self.figure.legend(
                handles=handles, loc="center", bbox_to_anchor=(0.5, 1 - self.strip.legend / height),
                ncol=-(-len(handles) // rows), prop=_font(LEGEND_FONT),
                borderaxespad=0, borderpad=0, **style)
        else:  # under the Axes, where it covers no node, in as few rows as fit its width
            width = self._axes_width()
            font = max(12.0, self.label_font)
            rows = next((rows for rows in range(1, len(texts))
                         if legend_width(texts, rows, font) + 8 <= width), len(texts))
            self.legend = self.ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                                         ncol=-(-len(handles) // rows), prop=_font(font),
                                         borderaxespad=0.2, **style)
        self.keys = keys
        return True

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

    def write_caption(self, caption: str) -> None:
        """Write the caption, wrapped within the figure in the lines the
        header has room for (in a smaller font, down to 12 points, if a
        caption from the marks is longer than any of the search's).  A
        hidden caption (the widget and the page show the caption themselves)
        is not wrapped: it is never drawn."""
        self.caption_text = caption
        if not self.own:
            self.caption.set_text(caption)
            return
        if not self.caption.get_visible():
            return
        for font in (CAPTION_FONT, 14.0, 13.0, 12.0):
            lines = wrap(caption, font, self.caption_width)
            if len(lines) <= self.caption_lines:
                break
        self.caption.set_fontsize(font)
        self.caption.set_text("\n".join(lines))
