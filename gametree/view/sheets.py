"""Printable exercise sheets and their answer keys, drawn from a seed.

``python -m gametree exercises --seed 42 --count 8 --branching 3 --depth 3
--out sheet.pdf`` writes ``sheet.pdf`` (the exercises) and
``sheet-key.pdf`` (the answers).  The same seed gives the same sheet, byte
for byte, on any machine with the same matplotlib: exercise ``k`` of the
sheet with seed ``s`` is ``Exercise.random(1000 * s + k, ...)``
(:func:`gametree.practice.sheets.sheet_exercises`), and the PDF carries no
date.  Each exercise prints its own seed, so a student can
open the same tree in the practice widget
(:class:`gametree.widgets.practice.PracticeWidget`) and check their work.

The sheet
    For each exercise a drawing of the tree (names, leaf scores) with a
    blank box beside every internal node for its value, boxes for alpha
    and beta where asked, and a box for the number of leaves evaluated.
    Pruned branches are crossed out by pen.
The key
    The solved drawing: every value, alpha and beta, pruned branches grey
    and dashed, the number of leaves evaluated against the fewest
    possible, and the pruned leaves and asked bounds in words.

With ``chance=True`` the sheet is of expectiminimax instead
(:class:`~gametree.practice.chance.ChanceExercise`): trees with chance
nodes, drawn as circles with each outcome's probability on its edge, a
box beside every node for its value, and in the key every value worked
out (nothing is pruned: without bounds expectiminimax searches every
leaf).

PDF output has one page per sheet of paper.  PNG output writes one file
per page: ``sheet.png`` if the sheet fits on one page, otherwise
``sheet-1.png``, ``sheet-2.png``, ... (as ImageMagick names pages).

The exercises and the words printed with them come from
:mod:`gametree.practice.sheets`; this module draws them and writes the
files.  matplotlib is imported only when a sheet is drawn, so the command
line's ``--help`` stays fast.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..practice.sheets import (
    SheetExercise,
    exercise_details,
    intro_lines,
    key_lines,
    key_trace,
    sheet_exercises,
    task_line,
)
from ..text import describe, shown
from .progress import Progress, ProgressCallback

if TYPE_CHECKING:
    from .theme import Theme

__all__ = ["write_sheet", "sheet_pages", "SheetFiles", "PAPER", "PDF_METADATA"]

PAPER = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
"""Paper sizes in inches (portrait)."""

_MARGIN = 0.55  # inches around the page


class SheetFiles(NamedTuple):
    """What :func:`write_sheet` wrote."""

    sheet: tuple[Path, ...]
    """The exercise pages: one PDF, or one PNG per page."""
    key: tuple[Path, ...]
    """The answer key, likewise."""
    exercises: tuple[SheetExercise, ...]
    """The exercises, in order."""


# --- drawing ----------------------------------------------------------------------


class _Page(NamedTuple):
    """A printed page: its geometry, in inches, and its colours."""

    width: float
    height: float
    level: float
    """Vertical distance between two levels of a tree."""
    theme: Theme
    """The colours: "text" for the words, "sheet heading" for the running
    head and each exercise's details, "answer box" and "background" for
    the boxes to write in, and the drawing's own keys for the trees."""

    @property
    def usable(self) -> float:
        """Width between the margins."""
        return self.width - 2 * _MARGIN

    @property
    def chars(self) -> int:
        """Characters of 9.5-point text that fit between the margins."""
        return int(self.usable * 72 / (9.5 * 0.56))


def _page(paper: str, exercises: Sequence[SheetExercise], theme: Theme) -> _Page:
    """Portrait, or landscape (one exercise a page) when portrait would put
    the deepest internal nodes less than an inch apart (each needs room for
    a box beside it) or the leaves less than a third of an inch apart."""
    width, height = PAPER[_check_paper(paper)]
    usable = width - 2 * _MARGIN
    leaves = max(len(e.leaves) for e in exercises)
    branching = min(e.branching for e in exercises)
    if branching * usable / leaves < 1.0 or usable / leaves < 0.34:
        return _Page(height, width, 1.0, theme)
    shallow = max(e.depth for e in exercises) <= 2
    return _Page(width, height, 0.85 if shallow else 0.62, theme)


def _tree_height(exercise: SheetExercise, page: _Page) -> float:
    return 0.4 + page.level * exercise.depth + 0.4


def _block_height(exercise: SheetExercise, page: _Page) -> float:
    """Inches one exercise takes: header, tree, answer lines.  The same on
    the sheet and the key, so page k of the key answers page k of the
    sheet."""
    lines = max(len(_wrapped(key_lines(exercise), page)), len(_bound_rows(exercise, page)), 2)
    return 0.52 + _tree_height(exercise, page) + 0.12 + _LINE * lines + 0.2


_T = TypeVar("_T")


def _runs(items: Iterable[_T], size: Callable[[_T], float], room: float, *, used: float,
          overhang: float) -> list[list[_T]]:
    """``items`` in order, split the way words fill lines: each item joins
    the current run unless that run already has one and would then take
    more than ``room``.  The first run starts with ``used`` taken, the rest
    with nothing; the last ``overhang`` of each item's ``size`` is space
    after it, which the last item of a run does not need.

    >>> _runs([1, 2, 3, 4], float, 5, used=0.0, overhang=0.0)
    [[1, 2], [3], [4]]
    """
    runs: list[list[_T]] = []
    current: list[_T] = []
    for item in items:
        step = size(item)
        if current and used + step - overhang > room:
            runs.append(current)
            current, used = [], 0.0
        current.append(item)
        used += step
    if current:
        runs.append(current)
    return runs


def _paginate(exercises: Sequence[SheetExercise], page: _Page, first_extra: float):
    """Split the exercises into pages, in order, without splitting one."""
    usable = page.height - 2 * _MARGIN - 0.35  # the running head
    return _runs(exercises, lambda exercise: _block_height(exercise, page), usable,
                 used=first_extra, overhang=0.2)  # the last needs no space below


def sheet_pages(exercises: Sequence[SheetExercise], *, key: bool = False, paper: str = "a4",
                title: str = "Alpha-beta by hand", progress: ProgressCallback | None = None,
                done: int = 0, total: int | None = None, theme=None) -> list:
    """The pages of the sheet (``key=False``) or of its answer key, as
    matplotlib Figures, in the colours of ``theme`` (anything
    :func:`gametree.view.theme.theme_of` takes; None: today's look).

    Pages are portrait, or landscape with one exercise each when a tree
    has more than 16 leaves.  ``progress(done, total)`` is called after
    each exercise is drawn, counting on from ``done`` (``total`` defaults
    to the exercises here).
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from .theme import theme_of

    if not exercises:
        raise ValueError("no exercises to print; give at least one")
    page = _page(paper, exercises, theme_of(theme))
    total = len(exercises) if total is None else total
    intro = _wrapped(intro_lines(exercises, key), page)
    intro_height = 0.38 + 0.2 * len(intro) + 0.15
    pages = _paginate(exercises, page, intro_height)
    figures = []
    number = 0
    for page_index, members in enumerate(pages):
        figure = Figure(figsize=(page.width, page.height))
        FigureCanvasAgg(figure)
        top = page.height - _MARGIN
        head = f"{title}: {'answer key' if key else 'exercises'}"
        _text(figure, _MARGIN, top, head, page, size=8.5, color=page.theme["sheet heading"], va="top")
        _text(figure, page.width - _MARGIN, top, f"page {page_index + 1} of {len(pages)}", page,
              size=8.5, color=page.theme["sheet heading"], va="top", ha="right")
        y = top - 0.35
        if page_index == 0:
            _text(figure, _MARGIN, y, title + (": answer key" if key else ""), page, size=16,
                  weight="bold", va="top")
            if not key:
                _text(figure, page.width - _MARGIN, y - 0.05, "Name: " + "_" * 24, page,
                      size=10.5, va="top", ha="right")
            y -= 0.38
            for line in intro:
                _text(figure, _MARGIN, y, line, page, size=9.5, va="top")
                y -= 0.2
            y -= 0.15
        for exercise in members:
            number += 1
            _exercise_block(figure, exercise, number, y, page, key)
            y -= _block_height(exercise, page)
            done += 1
            if progress is not None:
                progress(done, total)
        figures.append(figure)
    return figures


def _text(figure, x_in, y_in, text, page: _Page, **style):
    """Text at (x, y) inches from the page's bottom left."""
    width, height = page.width, page.height
    options = {"fontsize": style.pop("size", 10), "color": style.pop("color", page.theme["text"]),
               "fontweight": style.pop("weight", "normal"), "ha": style.pop("ha", "left"),
               "va": style.pop("va", "baseline")}
    return figure.text(x_in / width, y_in / height, text, **options, **style)


def _wrapped(lines: Iterable[str], page: _Page) -> list[str]:
    """Each paragraph of ``lines`` wrapped to the page's width."""
    return [part for line in lines for part in textwrap.wrap(line, page.chars)]


def _exercise_block(figure, exercise: SheetExercise, number: int, top: float, page: _Page,
                    key: bool):
    """Exercise ``number`` below ``top`` inches: its heading and task, its
    tree (solved on the key), and the boxes to fill in (the answer in words
    on the key)."""
    _text(figure, _MARGIN, top - 0.05, f"Exercise {number}", page, size=12.5, weight="bold",
          va="top")
    _text(figure, _MARGIN + 1.05, top - 0.07, exercise_details(exercise), page, size=9.5,
          color=page.theme["sheet heading"], va="top")
    _text(figure, _MARGIN, top - 0.32, task_line(exercise), page, size=10, va="top")
    tree_top = top - 0.52
    plot = _tree_plot(figure, exercise, tree_top, page, key)
    if not key and exercise.task in ("search", "chance"):
        _value_boxes(figure, plot)
    y = tree_top - _tree_height(exercise, page) - 0.12
    if key:
        for line in _wrapped(key_lines(exercise), page):
            _text(figure, _MARGIN, y, line, page, size=9.5, va="top")
            y -= _LINE
    elif exercise.task == "reorder":
        _reorder_answer(figure, y, page)
    elif exercise.task != "chance":  # a chance tree's value boxes are all there is to fill in
        _search_answer(figure, exercise, y, page)


def _tree_plot(figure, exercise: SheetExercise, tree_top: float, page: _Page, key: bool):
    """The exercise's tree drawn below ``tree_top`` inches: bare on the
    sheet, the finished search (:func:`key_trace`) on the key."""
    from .draw import TracePlot

    width, height = page.width, page.height
    tree_h = _tree_height(exercise, page)
    rect = (_MARGIN / width, (tree_top - tree_h) / height, 1 - 2 * _MARGIN / width,
            tree_h / height)
    ax = figure.add_axes(rect)
    if not key:
        return TracePlot(exercise.tree, ax, caption=False, counter=False,
                         theme=page.theme).show(legend=False)
    plot = TracePlot(key_trace(exercise), ax, caption=False, counter=False, theme=page.theme)
    _calm_final_state(plot)
    return plot


def _reorder_answer(figure, y: float, page: _Page) -> None:
    """The lines a reorder task is answered on: the new order, the leaves evaluated."""
    _text(figure, _MARGIN, y - 0.03, "New order of the leaf scores:  " + "_" * 62, page,
          size=10, va="top")
    _text(figure, _MARGIN, y - 0.03 - _LINE, "Leaves evaluated:", page, size=10, va="top")
    _answer_box(figure, _MARGIN + 1.36, y - 0.03 - _LINE, page)


def _search_answer(figure, exercise: SheetExercise, y: float, page: _Page) -> None:
    """The boxes a search task is answered in: the leaves evaluated, then
    alpha and beta at each asked node."""
    _text(figure, _MARGIN, y - 0.03, "Leaves evaluated:", page, size=10, va="top")
    _answer_box(figure, _MARGIN + 1.36, y - 0.03, page)
    for row, names in enumerate(_bound_rows(exercise, page)):
        x = _MARGIN + (_FIRST_ITEM if row == 0 else 0.0)
        top_y = y - 0.03 - row * _LINE
        for name in names:
            _text(figure, x, top_y, f"{name}:", page, size=10, weight="bold", va="top")
            _text(figure, x + 0.36, top_y, "\u03b1", page, size=10, va="top")
            _answer_box(figure, x + 0.5, top_y, page)
            _text(figure, x + 0.98, top_y, "\u03b2", page, size=10, va="top")
            _answer_box(figure, x + 1.12, top_y, page)
            x += _BOUND_ITEM


_LINE = 0.3
"""Inches from one line of answers to the next."""
_FIRST_ITEM = 2.05
"""Where the first alpha-beta item starts, after "Leaves evaluated"."""
_BOUND_ITEM = 1.68
"""Inches one "B: alpha [ ] beta [ ]" item takes."""


def _bound_rows(exercise: SheetExercise, page: _Page) -> list[list[str]]:
    """The asked nodes, in rows of items that fit across the page (the
    first row after "Leaves evaluated")."""
    return _runs(exercise.ask_bounds, lambda name: _BOUND_ITEM, page.usable,
                 used=_FIRST_ITEM, overhang=0.15)


def _answer_box(figure, x_in, y_top_in, page: _Page, w=0.4, h=0.24):
    from matplotlib.patches import FancyBboxPatch

    width, height = page.width, page.height
    box = FancyBboxPatch((x_in / width, (y_top_in - h + 0.03) / height), w / width, h / height,
                         boxstyle="round,pad=0,rounding_size=0.004", transform=figure.transFigure,
                         facecolor=page.theme["background"], edgecolor=page.theme["answer box"],
                         linewidth=0.9)
    figure.add_artist(box)


_VALUE_BOX = (0.36, 0.23)
"""Width and height in inches of a value box: room for two handwritten digits."""


def _value_boxes(figure, plot) -> int:
    """A blank box beside every internal node, where nothing else is drawn.

    Each box goes to the nearest free spot around its node (right of it
    first), clear of every edge, node, label and earlier box; where no
    spot is free at full size a smaller box is tried.  Returns the number
    of boxes drawn (one per internal node on every tree a sheet allows;
    the tests check it)."""
    from matplotlib.patches import FancyBboxPatch

    from .labels import segment_crosses_box

    renderer = figure.canvas.get_renderer()
    dpi = figure.dpi
    markers = {node.id: plot.marker_box(node) for node in plot.tree}
    centres = {i: ((x0 + x1) / 2, (y0 + y1) / 2) for i, (x0, y0, x1, y1) in markers.items()}
    segments = plot.edge_segments()
    taken = list(markers.values())
    taken += [label.box for label in plot.label_boxes()
              if label.kind in ("name", "score", "leaf name")]
    ax_box = plot.ax.get_window_extent(renderer)
    limits = (figure.bbox.x0 + 0.3 * dpi, ax_box.y0 - 0.2 * dpi, figure.bbox.x1 - 0.3 * dpi,
              ax_box.y1 + 0.3 * dpi)

    def free(box) -> bool:
        x0, y0, x1, y1 = box
        if x0 < limits[0] or x1 > limits[2] or y0 < limits[1] or y1 > limits[3]:
            return False
        if any(a < x1 and x0 < c and b < y1 and y0 < d for a, b, c, d in taken):
            return False
        return not any(segment_crosses_box(segment, box) for segment in segments)

    to_figure = figure.transFigure.inverted().transform
    drawn = 0
    for node in plot.tree:
        if node.is_leaf:
            continue
        x0, _, x1, _ = markers[node.id]
        box = _free_spot(centres[node.id], (x1 - x0) / 2, dpi, free)
        if box is None:
            continue
        drawn += 1
        taken.append(tuple(v + pad for v, pad in zip(box, (-3, -3, 3, 3), strict=True)))
        (x0, y0), (x1, y1) = to_figure([(box[0], box[1]), (box[2], box[3])])
        figure.add_artist(FancyBboxPatch((x0, y0), x1 - x0, y1 - y0,
                                         boxstyle="round,pad=0,rounding_size=0.003",
                                         transform=figure.transFigure,
                                         facecolor=plot.theme["background"],
                                         edgecolor=plot.theme["answer box"], linewidth=0.9,
                                         zorder=5))
    return drawn


def _free_spot(centre, radius: float, dpi: float, free):
    """The nearest free box around a node, in display units, or None."""
    cx, cy = centre
    gap = radius + 0.04 * dpi
    for scale in (1.0, 0.85, 0.72):
        w, h = _VALUE_BOX[0] * scale * dpi, _VALUE_BOX[1] * scale * dpi
        step = 0.03 * dpi
        for slide in range(0, 6):
            d = slide * step
            spots = [
                (cx + gap + d, cy - h / 2),  # right
                (cx - gap - d - w, cy - h / 2),  # left
                (cx + 0.2 * radius + d, cy + gap),  # above right
                (cx - 0.2 * radius - d - w, cy + gap),  # above left
                (cx + gap + d, cy - h / 2 + 0.5 * h),  # right, a little up
                (cx - gap - d - w, cy - h / 2 + 0.5 * h),  # left, a little up
                (cx + gap + d, cy - h / 2 - 0.5 * h),  # right, a little down
                (cx - gap - d - w, cy - h / 2 - 0.5 * h),  # left, a little down
            ]
            for x0, y0 in spots:
                box = (x0, y0, x0 + w, y0 + h)
                if free(box):
                    return box
    return None


def _calm_final_state(plot) -> None:
    """The finished search without the 'current node' highlight (no halo,
    the root outlined like any finished node) and without a legend."""
    plot.show(-1, current=False, legend=False)


# --- files -----------------------------------------------------------------------


def _check_paper(paper: object) -> str:
    if paper not in PAPER:
        raise ValueError(f"paper must be one of {', '.join(map(repr, PAPER))}, not {shown(paper)}")
    return str(paper)


def _file_name(path: object, what: str) -> Path:
    """``path`` as a Path, refusing what cannot name a file to write."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"{what} must be a file name such as sheet.pdf, not {describe(path)}")
    if not str(path).strip() or str(path).endswith(("/", "\\")) or Path(path).is_dir():
        raise ValueError(f"{what} {str(path)!r} names no file; give a file name such as "
                         f"sheet.pdf")
    return Path(path)


def _kind_of(path: Path) -> str:
    kind = path.suffix.lower().lstrip(".")
    if kind not in ("pdf", "png"):
        raise ValueError(f"cannot write {str(path)!r}: end the file name with .pdf (one file, "
                         f"a page per sheet of paper) or .png (a picture per page)")
    return kind


def _key_path(out: Path) -> Path:
    return out.with_name(f"{out.stem}-key{out.suffix}")


PDF_METADATA = {"Creator": "gametree", "CreationDate": None, "ModDate": None}
"""PDF metadata written: no dates, so the same seed gives the same bytes."""


def _page_paths(path: Path, pages: int) -> list[Path]:
    """Where the pages go: the file itself, or (PNG, several pages) one
    file per page, ``sheet-1.png``, ``sheet-2.png``, ..."""
    if _kind_of(path) == "pdf" or pages == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{k}{path.suffix}") for k in range(1, pages + 1)]


def _failed(error: BaseException, path: Path) -> OSError:
    """The OSError to report for writing ``path``: the first one in the
    chain of ``error`` (matplotlib may raise another while cleaning up),
    naming ``path`` rather than a temporary file."""
    cause: BaseException | None = error
    while cause is not None and not isinstance(cause, OSError):
        cause = cause.__cause__ or cause.__context__
    if cause is None:
        return OSError(f"could not write {path}: {error}")
    return OSError(cause.errno, cause.strerror or str(cause), str(path))


def _write(figures: list, path: Path, temporary: Path, dpi: float) -> None:
    """Write ``figures`` (all the pages of a PDF, or one PNG page) to
    ``temporary``; an OSError names ``path``, the file meant."""
    try:
        if _kind_of(path) == "pdf":
            from matplotlib.backends.backend_pdf import PdfPages

            with open(temporary, "wb") as handle:  # closed here whatever happens
                pdf = PdfPages(handle, metadata=PDF_METADATA)
                try:
                    for figure in figures:
                        pdf.savefig(figure)
                except BaseException:
                    try:  # closing writes the trailer, which fails again on a full disk
                        pdf.close()
                    except Exception:  # the first error is the one to report
                        pass
                    raise
                pdf.close()
        else:
            (figure,) = figures
            figure.savefig(temporary, format="png", dpi=dpi, metadata={"Software": "gametree"})
    except Exception as error:
        raise _failed(error, path) from None


def _write_all(files: list[tuple[list, Path]], dpi: float) -> None:
    """Write every ``(figures, path)`` or none: each to a temporary file
    beside its path, then all renamed into place.  On any failure the
    temporary files are removed and the paths are left as they were; the
    OSError names the file that could not be written."""
    import errno
    import os

    from .export import signals_held, temporary_beside  # a new file's permissions

    written: list[tuple[Path, Path]] = []
    try:
        for figures, path in files:
            if path.is_dir():  # a rename onto it would fail after others were made
                raise OSError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
            with signals_held():  # no interrupt between making the file and noting it
                written.append((temporary_beside(path), path))
            _write(figures, path, written[-1][0], dpi)
        for temporary, path in written:
            try:
                os.replace(temporary, path)
            except OSError as error:
                raise _failed(error, path) from None
    finally:
        for temporary, _ in written:
            temporary.unlink(missing_ok=True)


def write_sheet(out, *, seed: int, count: int = 8, branching: int = 3, depth: int = 3,
                strict: bool = False, ordering: str = "random", bounds: str = "some",
                task: str = "search", key=None, paper: str = "a4", dpi: float = 150,
                progress: ProgressCallback | None = None, uneven: bool = False,
                root: str = "MAX", chance: bool = False, outcomes: int = 2,
                players=None, theme=None) -> SheetFiles:
    """Write an exercise sheet and its answer key: both, or neither.

    Every page is written to a temporary file beside its target and the
    files are renamed into place only when all are written, so a failure
    (a folder that does not exist, a full disk) leaves no sheet without
    its key and no half-written file.

    Parameters
    ----------
    out : str or Path
        The sheet: ``.pdf`` (one file) or ``.png`` (a picture per page).
    seed : int
        The same seed (and options) give the same sheet, byte for byte.
    count, branching, depth : int
        How many exercises (at most :data:`MAX_COUNT`), and the shape of
        their trees (at most :data:`MAX_SHEET_LEAVES` leaves).
    strict, ordering, bounds, task, uneven, root, players
        As for :meth:`gametree.practice.Exercise.random`: ``uneven=True``
        for uneven trees, ``root="MIN"`` for MIN at the root,
        ``players=("MAX", "MIN", "MIN")`` for a player per level.
    chance, outcomes
        ``chance=True``: expectiminimax exercises instead, with ``depth``
        decision levels of ``branching`` children, each a chance node of
        ``outcomes`` outcomes (see :func:`sheet_exercises`).
    key : str or Path, optional
        Where the answer key goes; by default ``out`` with ``-key`` added
        to its name (``sheet.pdf`` -> ``sheet-key.pdf``), same format.
    paper : {"a4", "letter"}
    dpi : float
        Resolution of PNG pages.
    progress : callable, optional
        ``progress(done, total)`` after each exercise drawn (sheet and key
        count separately, ``total = 2 * count``).  By default a
        :class:`gametree.view.progress.Progress` bar in a notebook, a counter
        on a terminal's stderr, nothing elsewhere.
    theme : Theme, str or mapping, optional
        The colours of the sheet and the key (see
        :func:`gametree.view.theme.theme_of`; ``"print"`` for greyscale);
        by default today's look.

    Returns
    -------
    SheetFiles

    Raises
    ------
    TypeError, ValueError
        For a bad option, before anything is drawn.
    OSError
        If a file cannot be written; its ``filename`` is that file (the
        sheet's or the key's), and neither is left behind.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     files = write_sheet(pathlib.Path(folder) / "sheet.pdf", seed=1, count=2,
    ...                         branching=2, depth=2)
    ...     print([p.name for p in files.sheet + files.key], files.sheet[0].read_bytes()[:5])
    ['sheet.pdf', 'sheet-key.pdf'] b'%PDF-'
    """
    out = _file_name(out, "the sheet's file name")
    key = _key_path(out) if key is None else _file_name(key, "the key's file name")
    _kind_of(out)
    _kind_of(key)
    if out.resolve() == key.resolve():
        raise ValueError(f"the sheet and the key would both be written to {str(out)!r}; "
                         f"give the key another name")
    _check_paper(paper)
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 30 <= dpi <= 600:
        raise ValueError(f"dpi must be a number from 30 to 600, not {shown(dpi)}")
    from .theme import theme_of  # matplotlib's colours: loaded only when a sheet is made

    theme = theme_of(theme)
    exercises = sheet_exercises(seed, count, branching, depth, strict=strict, ordering=ordering,
                                bounds=bounds, task=task, uneven=uneven, root=root,
                                chance=chance, outcomes=outcomes, players=players)
    title = f"{'Expectiminimax' if chance else 'Alpha-beta'} by hand, sheet {seed}"
    reporter = None
    if progress is None:
        reporter = progress = Progress(2 * count, "drawing exercises")
    try:
        sheet_figures = sheet_pages(exercises, key=False, paper=paper, title=title,
                                    progress=progress, total=2 * count, theme=theme)
        key_figures = sheet_pages(exercises, key=True, paper=paper, title=title,
                                  progress=progress, done=count, total=2 * count, theme=theme)
    finally:
        if reporter is not None:
            reporter.close()
    files: list[tuple[list, Path]] = []
    paths: dict[str, list[Path]] = {}
    for name, figures, path in (("sheet", sheet_figures, out), ("key", key_figures, key)):
        paths[name] = _page_paths(path, len(figures))
        if len(paths[name]) == 1:
            files.append((figures, path))
        else:
            files += [([figure], page) for figure, page in zip(figures, paths[name], strict=True)]
    _write_all(files, dpi)
    return SheetFiles(tuple(paths["sheet"]), tuple(paths["key"]), tuple(exercises))
