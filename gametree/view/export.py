"""Pictures for slides and handouts, from Python or the command line.

* :func:`save` writes a tree, or the search at one step, as PNG, SVG or PDF;
* :func:`save_gif` writes the whole search as an animated GIF;
* ``python -m gametree draw ...`` does both from a shell::

      python -m gametree draw --branching 3 3 12 8 2 4 6 14 5 2 --out tree.png
      python -m gametree draw --branching 3 3 12 8 2 4 6 14 5 2 --step 13 --out cutoff.png
      python -m gametree draw --tree "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]" --gif steps.gif

matplotlib is imported only when a picture is made, so the command line's
``--help`` stays fast.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["save", "save_gif", "FORMATS", "check_format", "check_dpi"]

FORMATS = ("png", "svg", "pdf")
"""File types :func:`save` writes, chosen by the file name's ending."""


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
         dpi: float = 150, caption: bool = True) -> Path:
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

    Returns
    -------
    Path
        The file written.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> out = save([[3, 5], [2, 9]], pathlib.Path(tempfile.mkdtemp()) / "tree.svg")
    >>> out.read_text()[:5]
    '<?xml'
    """
    path = Path(path)
    kind = check_format(path)
    check_dpi(dpi)
    from .draw import draw  # matplotlib only when a picture is made

    figure = draw(obj, step, branching=branching, strict=strict, caption=caption)
    figure.savefig(path, format=kind, dpi=dpi)
    return path


def save_gif(obj, path, *, branching: int | None = None, strict: bool = False,
             duration: int = 900, dpi: float | None = None, progress=None) -> Path:
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
        Resolution; by default about 1,200 pixels wide.
    progress : callable, optional
        ``progress(done, total)`` after each frame is drawn, e.g. a
        :class:`gametree.view.progress.Progress`.

    Returns
    -------
    Path
        The file written.
    """
    path = Path(path)
    if path.suffix.lower() != ".gif":
        raise ValueError(f"cannot write {str(path)!r} as an animation: end the file name with .gif")
    if isinstance(duration, bool) or not isinstance(duration, int) or duration < 20:
        raise ValueError(f"duration must be a whole number of milliseconds, 20 or more, not {duration!r}")
    check_dpi(dpi)
    from PIL import Image

    from .draw import TracePlot, _screen_dpi

    plot = TracePlot(obj, branching=branching, strict=strict, caption=True)
    plot.show(0)  # runs the search if given a tree
    plot.set_dpi(dpi or _screen_dpi(plot.figure))
    count = len(plot.trace)
    frames = []
    for i in range(count):
        frames.append(plot.show(i).image())
        if progress is not None:
            progress(i + 1, count)
    # One palette for all frames, from the first, middle and last: the
    # colours stay put from frame to frame and quantising stays fast.
    samples = [frames[0], frames[count // 2], frames[-1]]
    width, height = frames[0].size
    sheet = Image.new("RGB", (width, height * len(samples)))
    for k, sample in enumerate(samples):
        sheet.paste(sample, (0, k * height))
    palette = sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT)
    indexed = [frame.quantize(palette=palette, dither=Image.Dither.NONE) for frame in frames]
    durations = [duration] * (count - 1) + [3 * duration]
    indexed[0].save(path, format="GIF", save_all=True, append_images=indexed[1:],
                    duration=durations, loop=0)
    return path
