"""Pictures for slides and handouts, from Python or the command line.

* :func:`save` writes a tree, or the search at one step, as PNG, SVG or PDF;
* :func:`save_gif` writes the whole search as an animated GIF;
* ``python -m gametree draw ...`` does both from a shell::

      python -m gametree draw --branching 3 3 12 8 2 4 6 14 5 2 --out tree.png
      python -m gametree draw --branching 3 3 12 8 2 4 6 14 5 2 --step 13 --out cutoff.png
      python -m gametree draw --tree "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" --gif steps.gif

The same drawing gives the same bytes on every run and machine (no dates,
fixed ids), so handouts can be kept under version control.  Every file is
written whole or not at all (:func:`written_whole`): to a temporary file
beside it, renamed into place at the end, removed on any error or
interrupt, with the permissions of any other new file.  A GIF is
written frame by frame as the search is replayed, so its memory does not
grow with its length; one longer than :data:`MAX_GIF_FRAMES` is refused
before any frame is drawn.

matplotlib is imported only when a picture is made, so the command line's
``--help`` stays fast.
"""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

__all__ = ["save", "save_gif", "check_gif", "FORMATS", "MAX_GIF_FRAMES", "check_format",
           "check_dpi", "written_whole", "temporary_beside", "new_file_mode", "signals_held"]

FORMATS = ("png", "svg", "pdf")
"""File types :func:`save` writes, chosen by the file name's ending."""

MAX_GIF_FRAMES = 2000
"""Longest animation written: one frame per step, so a search of at most
2,000 steps (30 minutes at 900 ms a frame, about two minutes to draw)."""

METADATA = {"png": {"Software": "gametree"},
            "svg": {"Creator": "gametree", "Date": None},
            "pdf": {"Creator": "gametree", "Producer": "gametree", "CreationDate": None,
                    "ModDate": None}}
"""What each format records about its making: no dates, so files repeat."""

_FIXED: dict[RcKeyType, Any] = {"svg.hashsalt": "gametree", "path.simplify": True}
"""matplotlib settings that make SVG ids the same on every run."""


def new_file_mode() -> int:
    """The permissions a new file gets here: 0o666 less the umask (0o644
    under the usual umask 022), what ``open(path, "w")`` gives."""
    try:  # Linux says it without changing it
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere: read it by setting it, and put it back at once
    os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while the block runs; one that came
    meanwhile is delivered when it ends.  Around making a temporary file
    and noting its name, so that no interrupt falls between the two and
    leaves a file nobody knows to remove.

    Python runs signal handlers in the main thread only, so the handlers
    are swapped there for one that notes the signal (blocking the signal
    would not do: another thread, numpy's say, may receive it).  Off the
    main thread the block just runs.
    """
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(number)
        if handler is not None:  # None: set outside Python, left alone
            previous[number] = signal.signal(number, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for waiting in came:
            signal.raise_signal(waiting)  # to the handler put back


def temporary_beside(path: Path) -> Path:
    """A new empty file beside ``path``, hidden (``.NAME-XXXX.part``), with
    the permissions of :func:`new_file_mode` (``tempfile.mkstemp`` makes
    it 0o600, which a rename would carry over to ``path``).  An OSError
    names ``path``.  Call it under :func:`signals_held`, storing the name
    before the block ends."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".part", dir=path.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), str(path)) from None
    try:
        os.fchmod(handle, new_file_mode())
    finally:
        os.close(handle)
    return Path(name)


@contextlib.contextmanager
def written_whole(path: Path) -> Iterator[Path]:
    """Write ``path`` whole or not at all: the block writes the temporary
    file it is given (:func:`temporary_beside`), which is renamed to
    ``path`` when the block ends and removed if it raises anything
    (KeyboardInterrupt and the command line's SIGTERM included), leaving
    ``path`` as it was.  An OSError names ``path``, not the temporary file.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = pathlib.Path(folder) / "a.txt"
    ...     with written_whole(out) as part:
    ...         _ = part.write_text("whole")
    ...     print(out.read_text(), [p.name for p in out.parent.iterdir()], oct(out.stat().st_mode & 0o777) == oct(new_file_mode()))
    whole ['a.txt'] True
    """
    path = Path(path)
    temporary: Path | None = None
    try:
        with signals_held():  # an interrupt now comes after the name is noted
            temporary = temporary_beside(path)
        yield temporary
        os.replace(temporary, path)
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), str(path)) from None
    finally:
        if temporary is not None:
            temporary.unlink(missing_ok=True)


def check_format(path: Path) -> str:
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ValueError(f"cannot write {str(path)!r}: end the file name with .png, .svg or .pdf "
                         f"(for an animation use save_gif / --gif with .gif)")
    return kind


def check_dpi(dpi) -> None:
    if dpi is not None and (isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 10 <= dpi <= 1200):
        raise ValueError(f"dpi must be a number from 10 to 1200, not {dpi!r}")


def save(obj, path, step: int | None = None, *, branching: int | None = None, strict: bool = False,
         dpi: float = 150, caption: bool = True, theme: object = None) -> Path:
    """Write :func:`gametree.view.draw.draw` ``(obj, step)`` to ``path``.

    Parameters
    ----------
    obj : Tree, Trace, or anything :func:`gametree.as_tree` accepts
        What to draw.
    path : str or Path
        Where; ``.png``, ``.svg`` or ``.pdf`` picks the format.
    step : int, optional
        Draw the search at this step (-1: finished); without it a tree is
        drawn plain and a Trace finished.
    branching, strict, caption
        As for :func:`gametree.view.draw.draw`.
    dpi : float
        Resolution of a PNG (150 prints sharply on A4).
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`): None for the
        default, ``"print"`` for greyscale paper.

    Returns
    -------
    Path
        The file written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = tempfile.TemporaryDirectory()
    >>> out = save([[3, 5], [2, 9]], pathlib.Path(folder.name) / "tree.svg")
    >>> out.read_text()[:5]
    '<?xml'
    >>> folder.cleanup()
    """
    path = Path(path)
    kind = check_format(path)
    check_dpi(dpi)
    import matplotlib  # only when a picture is made

    from .draw import draw

    figure = draw(obj, step, branching=branching, strict=strict, caption=caption, theme=theme)
    with matplotlib.rc_context(_FIXED), written_whole(path) as part:
        figure.savefig(part, format=kind, dpi=dpi, metadata=METADATA[kind])
    return path


def save_gif(obj, path, *, branching: int | None = None, strict: bool = False,
             duration: int = 900, dpi: float | None = None, progress=None,
             theme: object = None) -> Path:
    """Write the whole alpha-beta search on ``obj`` as an animated GIF,
    one frame per step (the last frame is held three times as long).

    Parameters
    ----------
    obj : Trace, Tree, or anything :func:`gametree.as_tree` accepts
        The search, or the tree to search.
    path : str or Path
        Where; the name must end in ``.gif``.
    branching, strict
        As for :func:`gametree.view.draw.draw`.
    duration : int
        Milliseconds per frame.
    dpi : float, optional
        Resolution; by default 72, the size the picture is laid out for
        (at most 1,100 pixels wide for a tree that fits a notebook cell).
    progress : callable, optional
        ``progress(done, total)`` after each frame is drawn, e.g. a
        :class:`gametree.view.progress.Progress`.
    theme : optional
        The colours (see :func:`gametree.view.theme.theme_of`); the GIF's
        palette holds each of the theme's colours exactly.

    Returns
    -------
    Path
        The file written.  Frames are drawn and written one at a time, so
        memory does not grow with the number of steps.

    Raises
    ------
    ValueError
        For a name not ending in ``.gif``, a bad duration or dpi, or a
        search of more than :data:`MAX_GIF_FRAMES` steps (before any frame
        is drawn); nothing is written then.
    OSError
        If the file cannot be written; its ``filename`` is ``path``.  A
        failed or interrupted write leaves ``path`` as it was
        (:func:`written_whole`).
    """
    path = Path(path)
    if path.suffix.lower() != ".gif":
        raise ValueError(f"cannot write {str(path)!r} as an animation: end the file name with .gif")
    if isinstance(duration, bool) or not isinstance(duration, int) or duration < 20:
        raise ValueError(f"duration must be a whole number of milliseconds, 20 or more, not {duration!r}")
    check_dpi(dpi)
    from .draw import SCREEN_DPI, TracePlot

    plot = TracePlot(obj, branching=branching, strict=strict, caption=True, theme=theme)
    count = check_gif(plot.search())
    plot.set_dpi(dpi or SCREEN_DPI)
    plot.show(0)
    palette = plot.palette()  # one palette for every frame: colours stay put
    frames = (plot.show(i).indexed() for i in range(count))
    with written_whole(path) as part:
        _write_gif(part, frames, [duration] * (count - 1) + [3 * duration], palette, progress)
    return path


def check_gif(trace) -> int:
    """The number of frames a GIF of ``trace`` has (one per step); raises
    ValueError if it is more than :data:`MAX_GIF_FRAMES`, before any is drawn.

    >>> from gametree import trace_alpha_beta
    >>> check_gif(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    26
    """
    count = len(trace)
    if count > MAX_GIF_FRAMES:
        raise ValueError(
            f"this search has {count:,} steps, too many for an animation: a GIF has at most "
            f"{MAX_GIF_FRAMES:,} frames, one per step; draw a smaller tree, or single steps "
            f"with save(..., step=N) / --step N")
    return count


def _write_gif(path: Path, frames, durations: list[int], palette, progress) -> None:
    """Write ``frames`` (Pillow "P" images on ``palette``) as a looping GIF,
    keeping only the previous frame: each frame is stored as the box where
    it differs from the one before, and a frame equal to the one before
    lengthens it instead."""
    import numpy as np
    from PIL import GifImagePlugin

    count = len(durations)
    with open(path, "wb") as out:
        previous = None
        pending: list | None = None  # [image, offset, duration] not yet written
        for k, frame in enumerate(frames):
            pixels = np.asarray(frame)
            if pending is None:  # the first frame
                header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": durations[0]})
                out.write(b"".join(header))
                pending = [frame, (0, 0), durations[0]]
            else:
                changed = np.nonzero(pixels != previous)
                if not len(changed[0]):
                    pending[2] += durations[k]
                else:
                    _write_frame(out, *pending)
                    top, bottom = changed[0].min(), changed[0].max() + 1
                    left, right = changed[1].min(), changed[1].max() + 1
                    pending = [frame.crop((left, top, right, bottom)), (int(left), int(top)),
                               durations[k]]
            previous = pixels
            if progress is not None:
                progress(k + 1, count)
        if pending is None:
            raise ValueError("a GIF needs at least one frame")
        _write_frame(out, *pending)
        out.write(b";")


def _write_frame(out, image, offset, duration: int) -> None:
    from PIL import GifImagePlugin

    out.write(b"".join(GifImagePlugin.getdata(image, offset, duration=duration)))
