"""Slides of a search: one 16:9 PDF page per step, for a lecture hall.

``python -m gametree slides --branching 3 3 12 8 2 4 6 14 5 2 --out steps.pdf``
writes :func:`write_slides`: each page shows the step's number and the
cut rule, the step's caption, the tree at that step (drawn as everywhere
else: :class:`~gametree.view.draw.TracePlot`) and, beside it, the half of
the pseudocode being run (the function's head and the MAX or the MIN
loop) with the step's lines highlighted.

Font sizes
----------
A slide is shown as large as the screen whatever its size in inches, so
what counts is a text's height as a part of the slide's: here the page is
13.33 by 7.5 inches (960 by 540 points, PowerPoint's 16:9), and

* the caption is :data:`CAPTION_SIZE` (28 pt, 1/19 of the slide's height),
* the pseudocode :data:`CODE_SIZE` (18 pt, 1/30), node values and leaf
  scores 18 to 22 pt and names and alpha/beta 14 to 18 pt
  (:data:`SLIDE_FONTS`: fewer labels rather than smaller ones),
* the step number and the rule 18 pt.

18 pt is the usual floor for slide text (24 pt for what must be read at
a glance: the caption is larger still).  On a screen 2 m high seen from
the back row 16 m away (the common "8 screen heights" rule of lecture
hall design), an 18-point line of a 540-point slide is 67 mm tall, about
14 minutes of arc, and the caption about 22: text is comfortable to read
from about 10 minutes of arc up.  The tree's labels are those of the
screen drawings, scaled up by a third.

The colours are a theme's (``theme=``, see :func:`gametree.view.theme.theme_of`):
``theme="projector"`` for a washed-out projector, ``"print"`` for handouts.

The same trace gives the same bytes: the PDF carries no date.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..rules import CutRule
from ..text import describe
from ..trace import Step, Trace, pseudocode
from ..tree import MAX
from .draw import TracePlot
from .export import written_whole
from .labels import Fonts
from .stamp import extent
from .theme import Theme, theme_of

__all__ = ["write_slides", "slide_steps", "check_slides", "SLIDE_SIZE", "SLIDE_FONTS",
           "CAPTION_SIZE", "CODE_SIZE", "MAX_SLIDES", "PDF_METADATA", "pdf_path"]

SLIDE_SIZE = (13.333, 7.5)
"""Inches: a 16:9 page, PowerPoint's widescreen size."""

CAPTION_SIZE = 28.0
"""Points: the caption, 1/19 of the slide's height."""
CODE_SIZE = 18.0
"""Points: the pseudocode, the step number and the rule."""
SLIDE_FONTS = (Fonts(22.0, 18.0), Fonts(20.0, 16.0), Fonts(18.0, 14.0))
"""The tree's fonts, largest first: values and scores, then names and alpha/beta."""

MAX_SLIDES = 300
"""Most pages written: about a minute's drawing on one core for a tree of
729 leaves (measured: 180 to 220 ms a page there, 75 ms for 81 leaves),
and a search longer than that is a reading, not a lecture
(``--cutoffs-only`` gives a page per cutoff).  A longer search is refused
before anything is drawn."""

PDF_METADATA = {"Creator": "gametree", "CreationDate": None, "ModDate": None}
"""No dates: the same trace gives the same bytes."""

_MARGIN = 24.0  # points around the slide
_CODE_CHARS = 38  # characters per pseudocode line before it wraps
_MAX_CAPTION_LINES = 3


def slide_steps(trace: Trace, cutoffs_only: bool = False) -> list[int]:
    """The steps that get a page: all of them, or only the cutoffs.

    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> len(slide_steps(trace)), slide_steps(trace, cutoffs_only=True)
    (26, [13])
    """
    if not isinstance(trace, Trace):
        raise TypeError(f"slides need a Trace (gametree.trace_alpha_beta), not {describe(trace)}")
    if not isinstance(cutoffs_only, bool):
        raise TypeError(f"cutoffs_only must be True or False, not {describe(cutoffs_only)}")
    if cutoffs_only:
        return [step.index for step in trace.cutoffs]
    return list(range(len(trace)))


def check_slides(count: int, cutoffs_only: bool = False) -> int:
    """Refuse a slide count of 0 or more than :data:`MAX_SLIDES`, with a sentence.

    >>> check_slides(MAX_SLIDES)
    300
    >>> check_slides(MAX_SLIDES + 1)
    Traceback (most recent call last):
    ...
    ValueError: the search has 301 steps, more than the 300 pages slides may have (about a minute of drawing); give a smaller tree, or --cutoffs-only for a page per cutoff
    """
    if count == 0 and cutoffs_only:
        raise ValueError("this search prunes nothing, so there is no cutoff to show; drop "
                         "--cutoffs-only for a page per step")
    if count > MAX_SLIDES:
        what = "cutoffs" if cutoffs_only else "steps"
        hint = "" if cutoffs_only else ", or --cutoffs-only for a page per cutoff"
        raise ValueError(f"the search has {count:,} {what}, more than the {MAX_SLIDES:,} pages "
                         f"slides may have (about a minute of drawing); give a smaller "
                         f"tree{hint}")
    return count


def _code_half(step: Step, tree) -> list[int]:
    """The pseudocode lines (from 1) a slide shows for ``step``: the head and
    the loop of the player whose node runs it."""
    node = step.node
    if node.is_leaf and node.parent is not None:
        node = tree[node.parent]
    loop = range(3, 10) if node.player is MAX else range(10, 17)
    return [1, 2, *loop]


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, continuations
    indented two more than the first."""
    indent = len(text) - len(text.lstrip(" "))
    return textwrap.wrap(text.strip(), width=width, initial_indent=" " * indent,
                         subsequent_indent=" " * (indent + 2), break_long_words=False) or [""]


def _fit(text: str, width: float) -> list[str]:
    """``text`` in lines that fit ``width`` points at the caption's size (measured)."""
    lines: list[str] = []
    for word in text.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and extent(joined, CAPTION_SIZE, bold=True)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


class _Slide:
    """One figure, redrawn for every page."""

    def __init__(self, trace: Trace, theme: object = None):
        self.trace = trace
        self.theme: Theme = theme_of(theme)
        width, height = SLIDE_SIZE
        self.figure = Figure(figsize=SLIDE_SIZE)
        FigureCanvasAgg(self.figure)
        self.points = (width * 72, height * 72)
        code_width = CODE_SIZE * 0.6 * (_CODE_CHARS + 4) + 16
        self.code_left = self.points[0] - _MARGIN - code_width
        top = self.points[1] - _MARGIN - 28 - _MAX_CAPTION_LINES * CAPTION_SIZE * 1.2
        tree_rect = (_MARGIN / self.points[0], _MARGIN / self.points[1],
                     (self.code_left - 2 * _MARGIN) / self.points[0],
                     (top - _MARGIN) / self.points[1])
        self.body_top = top
        self.plot = TracePlot(trace, self.figure.add_axes(tree_rect), caption=False,
                              counter=False, fonts=SLIDE_FONTS, theme=self.theme)
        self.rule = CutRule.of(trace.rule)
        self.lines = pseudocode(self.rule, fail_hard=trace.fail_hard)
        self.artists: list = []

    def _text(self, x: float, y: float, text: str, **style):
        artist = self.figure.text(x / self.points[0], y / self.points[1], text, **style)
        self.artists.append(artist)
        return artist

    def show(self, index: int) -> None:
        for artist in self.artists:
            artist.remove()
        self.artists = []
        trace, step = self.trace, self.trace[index]
        self.plot.show(index, legend=False)
        width, height = self.points
        y = height - _MARGIN
        grey = self.theme["muted text"]
        self._text(_MARGIN, y, f"Step {index} of {len(trace) - 1}", fontsize=CODE_SIZE,
                   color=grey, va="top")
        self._text(width - _MARGIN, y, f"cut when {self.rule.test} ({self.rule.source})",
                   fontsize=CODE_SIZE, color=grey, va="top", ha="right")
        y -= 28
        caption = _fit(step.caption, width - 2 * _MARGIN)[:_MAX_CAPTION_LINES]
        self._text(_MARGIN, y, "\n".join(caption), fontsize=CAPTION_SIZE, fontweight="bold",
                   color=self.theme["text"], va="top", linespacing=1.1)
        self._code(step)

    def _code(self, step: Step) -> None:
        paint = self.theme
        current = set(step.lines)
        y = self.body_top - 8
        left = self.code_left
        row = CODE_SIZE * 1.3
        shown = _code_half(step, self.trace.tree)
        for number in shown:
            pieces = _wrap(self.lines[number - 1], _CODE_CHARS)
            if number in current:
                box = Rectangle((left / self.points[0], (y - row * len(pieces)) / self.points[1]),
                                (self.points[0] - _MARGIN - left) / self.points[0],
                                row * len(pieces) / self.points[1],
                                transform=self.figure.transFigure, facecolor=paint["highlight"],
                                edgecolor="none")
                self.figure.add_artist(box)
                self.artists.append(box)
                edge = Rectangle((left / self.points[0], (y - row * len(pieces)) / self.points[1]),
                                 5 / self.points[0], row * len(pieces) / self.points[1],
                                 transform=self.figure.transFigure, facecolor=paint["current"],
                                 edgecolor="none")
                self.figure.add_artist(edge)
                self.artists.append(edge)
            self._text(left + 10 + CODE_SIZE * 1.5, y - 3, str(number), fontsize=CODE_SIZE * 0.8,
                       color=paint["faint text"], va="top", ha="right", family="monospace")
            weight = "bold" if number in current else "normal"
            for piece in pieces:
                self._text(left + 16 + CODE_SIZE * 1.5, y - 2, piece, fontsize=CODE_SIZE,
                           family="monospace", va="top", color=paint["text"], fontweight=weight)
                y -= row


def write_slides(trace: Trace, out, *, cutoffs_only: bool = False,
                 progress: Callable[[int, int], None] | None = None, theme: object = None) -> int:
    """Write the slides of ``trace`` to the PDF ``out``: a page per step
    (or per cutoff), in ``theme``'s colours (see
    :func:`gametree.view.theme.theme_of`; None: the default); returns the
    number of pages.

    The file is written to a temporary file beside ``out`` and renamed
    into place (:func:`gametree.view.export.written_whole`), so a failure
    or an interrupt leaves no half-written PDF and ``out`` as it was.

    Raises
    ------
    TypeError, ValueError
        For a name that is not a ``.pdf`` file, no cutoff with
        ``cutoffs_only``, more than :data:`MAX_SLIDES` pages, or a bad
        theme, before anything is drawn.
    OSError
        If the file cannot be written; its ``filename`` is ``out``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from gametree import trace_alpha_beta
    >>> trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_slides(trace, pathlib.Path(folder) / "cut.pdf", cutoffs_only=True)
    1
    """
    steps = slide_steps(trace, cutoffs_only)
    path = pdf_path(out)
    check_slides(len(steps), cutoffs_only)
    slide = _Slide(trace, theme_of(theme))  # checked before the file is opened
    with written_whole(path) as temporary, open(temporary, "wb") as stream:
        pdf = PdfPages(stream, metadata=PDF_METADATA)
        try:
            for done, index in enumerate(steps, start=1):
                slide.show(index)
                pdf.savefig(slide.figure)
                if progress is not None:
                    progress(done, len(steps))
        except BaseException:
            try:  # closing writes the trailer, which may fail again (a full disk)
                pdf.close()
            except Exception:  # the first error is the one to report
                pass
            raise
        pdf.close()
    return len(steps)


def pdf_path(out: object) -> Path:
    """``out`` as the Path of a PDF to write, checked before any work:
    TypeError if it is not text or a Path, ValueError (naming the fix) if it
    names no file, a folder, a file not ending in .pdf or a missing folder."""
    if not isinstance(out, (str, Path)):
        raise TypeError(f"the slides' file name must be text such as steps.pdf, not "
                        f"{describe(out)}")
    text = str(out)
    if not text.strip() or text.endswith(("/", "\\")):
        raise ValueError(f"{text!r} names no file; give a file name such as steps.pdf")
    path = Path(text)
    if path.is_dir():
        raise ValueError(f"cannot write {text!r}: it is a folder; name a file in it, such as "
                         f"{str(path / 'steps.pdf')!r}")
    if path.suffix.lower() != ".pdf":
        raise ValueError(f"cannot write {text!r}: slides are one PDF, so end the file name "
                         f"with .pdf")
    if not path.parent.is_dir():
        raise ValueError(f"cannot write {text!r}: the folder {str(path.parent)!r} does not "
                         f"exist")
    return path



