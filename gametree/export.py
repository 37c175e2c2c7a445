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

import argparse
from pathlib import Path

from .cli import UsageError, tree_arguments, tree_from_arguments

__all__ = ["save", "save_gif", "FORMATS", "register"]

FORMATS = ("png", "svg", "pdf")
"""File types :func:`save` writes, chosen by the file name's ending."""


def _format_of(path: Path) -> str:
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ValueError(f"cannot write {str(path)!r}: end the file name with .png, .svg or .pdf "
                         f"(for an animation use save_gif / --gif with .gif)")
    return kind


def _check_dpi(dpi) -> None:
    if dpi is not None and (isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not 10 <= dpi <= 1200):
        raise ValueError(f"dpi must be a number from 10 to 1200, not {dpi!r}")


def save(obj, path, step: int | None = None, *, branching: int | None = None, strict: bool = False,
         dpi: float = 150, caption: bool = True) -> Path:
    """Write :func:`gametree.draw.draw` ``(obj, step)`` to ``path``.

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
        As for :func:`gametree.draw.draw`.
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
    kind = _format_of(path)
    _check_dpi(dpi)
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
        As for :func:`gametree.draw.draw`.
    duration : int
        Milliseconds per frame.
    dpi : float, optional
        Resolution; by default about 1,200 pixels wide.
    progress : callable, optional
        ``progress(done, total)`` after each frame is drawn, e.g. a
        :class:`gametree.progress.Progress`.

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
    _check_dpi(dpi)
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


# --- the command line ------------------------------------------------------------


def register(commands) -> None:
    """Add ``draw`` to the command line (see :mod:`gametree.cli`)."""
    parser = commands.add_parser(
        "draw", help="draw a tree, a step of alpha-beta, or the whole search as a GIF",
        description="Draw a tree (plain, for exercise sheets), alpha-beta's state after one step "
                    "(--step), or the whole search as an animated GIF (--gif).")
    tree_arguments(parser)
    parser.add_argument("--out", "-o", metavar="FILE",
                        help="write one picture: FILE ends in .png, .svg or .pdf")
    parser.add_argument("--step", "-s", type=int, metavar="N",
                        help="draw the search after step N (-1: finished); without it the plain tree")
    parser.add_argument("--gif", metavar="FILE", help="write the whole search as an animated GIF")
    parser.add_argument("--strict", action="store_true", help="cut on alpha > beta instead of alpha >= beta")
    parser.add_argument("--dpi", type=float, metavar="DPI", help="resolution (PNG and GIF)")
    parser.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> None:
    if args.out is None and args.gif is None:
        raise UsageError("say where to write: --out tree.png for one picture, "
                         "or --gif steps.gif for the whole search")
    if args.step is not None and args.out is None:
        raise UsageError("--step N draws one picture; say where with --out step.png")
    tree = tree_from_arguments(args)
    # Check both names before the (slow) drawing.
    if args.out is not None:
        _format_of(Path(args.out))
    if args.gif is not None and not args.gif.lower().endswith(".gif"):
        raise UsageError(f"--gif {args.gif}: end the file name with .gif")
    _check_dpi(args.dpi)
    try:
        if args.out is not None:
            save(tree, args.out, args.step, strict=args.strict, dpi=args.dpi or 150)
            print(f"wrote {args.out}")
        if args.gif is not None:
            from .progress import Progress

            with Progress(0, "drawing frames") as bar:  # save_gif tells it the total
                save_gif(tree, args.gif, strict=args.strict, dpi=args.dpi, progress=bar)
            print(f"wrote {args.gif}")
    except OSError as error:
        where = error.filename or args.out or args.gif
        raise UsageError(f"cannot write {where}: {error.strerror or error}") from None
