"""A tiny progress reporter for long work (a sheet of many exercises, a GIF
of a long search).

* In a notebook: an ``ipywidgets.IntProgress`` bar with a label
  ("12 of 40"), shown when the work starts and left at full when it ends.
* On a terminal: a one-line counter on stderr, rewritten in place and
  cleared at the end, so stdout stays clean for what the command prints.
* Anywhere else (stderr piped to a file, tests, a script under cron):
  nothing at all.

Long work takes a ``progress`` callback ``progress(done, total)``; a
:class:`Progress` is one, and so is any function of two ints.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from ipywidgets import IntProgress, Label

__all__ = ["Progress", "ProgressCallback", "in_notebook"]

ProgressCallback = Callable[[int, int], None]
"""``progress(done, total)``: called after each piece of work is done."""

MODES = ("auto", "widget", "text", "off")
"""How a :class:`Progress` reports: "auto" picks "widget" in a notebook,
"text" when stderr is a terminal, else "off"."""


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where widgets can be shown).

    Never imports IPython: outside a kernel it is not loaded, and the
    answer is False.
    """
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Progress:
    """Report ``done`` of ``total`` as work goes on.

    Parameters
    ----------
    total : int
        How many pieces of work there are (0 or more).
    description : str
        What is being done, e.g. ``"drawing exercises"``.
    mode : {"auto", "widget", "text", "off"}
        See :data:`MODES`.
    stream : file, optional
        Where "text" mode writes (default: ``sys.stderr``).

    Attributes
    ----------
    done : int
        Pieces finished so far.
    bar : ipywidgets.IntProgress or None
        The bar, in "widget" mode.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> with Progress(3, "frames", mode="text", stream=out) as progress:
    ...     for i in range(3):
    ...         progress(i + 1, 3)
    >>> out.getvalue().split("\\r")[1:5]
    ['frames: 0 of 3', 'frames: 1 of 3', 'frames: 2 of 3', 'frames: 3 of 3']
    >>> Progress(3, mode="auto").mode  # not a notebook, stderr not a terminal
    'off'
    """

    def __init__(self, total: int, description: str = "", *, mode: str = "auto",
                 stream: TextIO | None = None):
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise ValueError(f"total must be a whole number, 0 or more, not {total!r}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(map(repr, MODES))}, not {mode!r}")
        self.total, self.description, self.done = total, description, 0
        self.stream = sys.stderr if stream is None else stream
        if mode == "auto":
            if in_notebook():
                mode = "widget"
            elif _is_terminal(self.stream):
                mode = "text"
            else:
                mode = "off"
        self.mode = mode
        self.bar: IntProgress | None = None
        self._label: Label | None = None
        self._width = 0
        if mode == "widget":
            self._show_widget()
        self._report()

    def _show_widget(self) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        self.bar = widgets.IntProgress(value=0, min=0, max=max(self.total, 1),
                                       description=self.description,
                                       style={"description_width": "initial"})
        self._label = widgets.Label()
        box = widgets.HBox([self.bar, self._label])
        box.add_class("gametree-progress")
        display(box)

    def __call__(self, done: int, total: int | None = None) -> None:
        """Record that ``done`` pieces are finished (a progress callback)."""
        if total is not None and total != self.total:
            self.total = total
            if self.bar is not None:
                self.bar.max = max(total, 1)
        self.done = min(done, self.total)
        self._report()

    def update(self, step: int = 1) -> None:
        """``step`` more pieces are finished."""
        self(self.done + step)

    def _report(self) -> None:
        text = f"{self.done} of {self.total}" if self.total else "starting"
        if self.bar is not None and self._label is not None:  # "widget" mode
            self.bar.value = self.done
            self._label.value = text
        elif self.mode == "text":
            line = f"{self.description}: {text}" if self.description else text
            pad = " " * max(0, self._width - len(line))
            self.stream.write("\r" + line + pad)
            self.stream.flush()
            self._width = len(line)

    def close(self) -> None:
        """The work is over: the bar turns green; the text line is cleared."""
        if self.bar is not None:  # "widget" mode
            self.bar.bar_style = "success" if self.done >= self.total else "warning"
        elif self.mode == "text" and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
