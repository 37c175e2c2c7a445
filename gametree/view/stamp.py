"""Texts measured once and drawn from a cache.

* :func:`extent` measures a text as matplotlib lays it out, in points
  (one point is one pixel on the screen the pictures are made for);
* :class:`StampText` draws each distinct text once and then stamps its
  bitmap, which makes redrawing a tree several times faster.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

import numpy as np
from matplotlib import colors as mcolors
from matplotlib.artist import allow_rasterization
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import IdentityTransform

from ..i18n import get_language
from .fonts import families_for

if TYPE_CHECKING:
    from matplotlib.font_manager import FontProperties
    from matplotlib.patches import FancyBboxPatch

__all__ = ["extent", "widest", "wrap", "StampText"]


# --- measuring text ----------------------------------------------------------

_SCRATCH: list = []


def extent(text: str, size: float, bold: bool = False,
           family: tuple[str, ...] | None = None) -> tuple[float, float]:
    """Width and height of ``text`` in points, as matplotlib lays it out
    (in ``family``, a tuple of font families; by default, for a text that
    is not ASCII, the families of the language in force, see
    :func:`gametree.view.fonts.families_for`).

    >>> extent("12", 14.0)
    (18.0, 14.0)
    """
    if family is None and needs_language_fonts(text):
        family = tuple(families_for(get_language()))
    return _extent(text, size, bold, family)


_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1100, 0x11FF), (0x3130, 0x318F), (0xAC00, 0xD7AF))
"""Devanagari and Hangul: the scripts DejaVu Sans lacks that gametree writes."""


def needs_language_fonts(text: str) -> bool:
    """Whether ``text`` has a letter DejaVu Sans cannot write (Devanagari,
    Hangul), so it is measured and drawn with the language's fonts.

    >>> needs_language_fonts("−∞ ≥ 3"), needs_language_fonts("पत्ती")
    (False, True)
    """
    return not text.isascii() and any(low <= ord(char) <= high for char in text
                                       for low, high in _SCRIPTS)


@lru_cache(maxsize=4096)
def _extent(text: str, size: float, bold: bool, family: tuple[str, ...] | None) -> tuple[float, float]:
    if not _SCRATCH:
        figure = Figure(dpi=72)
        _SCRATCH.append((figure, FigureCanvasAgg(figure).get_renderer()))
    figure, renderer = _SCRATCH[0]
    artist = Text(0, 0, text, fontsize=size, fontweight="bold" if bold else "normal")
    if family:
        artist.set_fontfamily(list(family))
    artist.set_figure(figure)
    box = artist.get_window_extent(renderer)
    return float(box.width), float(box.height)


def widest(texts, size: float, bold: bool = False) -> float:
    """Width in points of the widest of ``texts``."""
    return max(extent(t, size, bold)[0] for t in texts)


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` split at spaces into lines no wider than ``width`` points
    (a single word wider than that gets a line of its own).

    >>> wrap("step 12 of 14: chance node C returns 5.5", 15.0, 200.0)
    ['step 12 of 14: chance', 'node C returns 5.5']
    """
    if extent(text, size)[0] <= width:
        return [text]
    lines: list[str] = []
    for word in text.split(" "):
        if lines and extent(f"{lines[-1]} {word}", size)[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


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

    # Text's own attributes, read directly (the getters cost more on every
    # draw); matplotlib's stubs leave these private names out.
    _bbox_patch: FancyBboxPatch | None
    _fontproperties: FontProperties
    _horizontalalignment: Literal["left", "center", "right"]
    _verticalalignment: Literal["bottom", "baseline", "center", "center_baseline", "top"]
    _multialignment: Literal["left", "center", "right"] | None
    _linespacing: Literal["normal"] | float

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
        alpha = self.get_alpha()
        if alpha is not None:  # None leaves the colour's own alpha, as a new gc has it
            gc.set_alpha(alpha)
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
                    color="black", transform=IdentityTransform())  # a mask: only its alpha is kept
        figure = self.get_figure(root=True)
        assert figure is not None  # a text being drawn is in a figure
        twin.set_figure(figure)
        Text.draw(twin, scratch)
        alpha = np.asarray(scratch.buffer_rgba())[:, :, 3]
        rows, cols = np.nonzero(alpha.any(axis=1))[0], np.nonzero(alpha.any(axis=0))[0]
        if not len(rows):
            return None, 0, 0
        r0, r1, c0, c1 = rows[0], rows[-1] + 1, cols[0], cols[-1] + 1
        bitmap = np.ascontiguousarray(alpha[r0:r1, c0:c1])
        return bitmap, int(c0 - anchor_x), int(r0 - (scratch.height - anchor_y))
