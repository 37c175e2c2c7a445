"""The controls the widgets share, written once.

* The game boards (:mod:`~gametree.widgets.tictactoe`,
  :mod:`~gametree.widgets.kalah`): the "First move" choice, the "New game"
  button and the status line (:func:`game_controls`, :class:`StatusLine`).
* The step-through and practice widgets (:mod:`~gametree.widgets.stepper`,
  :mod:`~gametree.widgets.practice`, :mod:`~gametree.widgets.predict`): the
  message line's look (:func:`message_html`) and closing the boxes of a
  picture or an exercise that is replaced (:func:`close_all`), so that
  widgets of the past do not pile up in the kernel and the notebook.
* The row of step controls (:func:`fixed_layout`, :func:`play_control`,
  :func:`controls_row`): buttons keep their words, Play is one compact
  button, and the row wraps, slider first to the next line, when a side
  panel makes the cell narrow.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable
from typing import NamedTuple

import ipywidgets as widgets

from ..i18n import gettext as _
from ..i18n import using
from ..view.theme import theme_of

__all__ = ["StatusLine", "GameControls", "game_controls", "message_html", "close_all", "speaking",
           "fixed_layout", "play_control", "controls_row", "PLAY_STYLE",
           "HUMAN", "COMPUTER"]

HUMAN, COMPUTER = "you", "computer"
"""The values of the "First move" choice."""


PLAY_STYLE = """<style>
.gametree-play > button:nth-of-type(2) { display: none !important; }
</style>"""
"""Hides the Play control's stop button, which jumps back to step 0; its
play button pauses where it is.  Show it in a hidden HTML widget next to
a :func:`play_control`."""

PLAY_WIDTH = "3.2em"
"""Width of a :func:`play_control`: room for its one visible button (by
default ipywidgets gives Play 148 px, for three buttons)."""


def fixed_layout(width: str = "auto") -> widgets.Layout:
    """The layout of a control in a row that must keep its words: it never
    shrinks, so a button never reads "previo…" in a narrow cell.

    >>> fixed_layout().flex, fixed_layout("9.5em").width
    ('0 0 auto', '9.5em')
    """
    return widgets.Layout(width=width, flex="0 0 auto")


def play_control(last: int, interval: int) -> widgets.Play:
    """A Play control for steps 0 to ``last``, ``interval`` ms a step, as one
    compact play / pause button (with :data:`PLAY_STYLE` shown; CSS class
    ``gametree-play``).

    >>> play = play_control(9, 900)
    >>> play.max, play.layout.width, play.layout.flex
    (9, '3.2em', '0 0 auto')
    """
    play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval,
                        description=_("Play"), show_repeat=False, tooltip=_("play / pause"),
                        layout=fixed_layout(PLAY_WIDTH))
    play.add_class("gametree-play")
    return play


def controls_row(children=()) -> widgets.HBox:
    """A row of step controls that wraps when the cell is too narrow for it:
    the buttons keep their width (:func:`fixed_layout`) and a slider (give it
    ``flex="1 1 auto"`` and a ``min_width``) moves to the next line rather
    than squeeze them.

    >>> controls_row().layout.flex_flow
    'row wrap'
    """
    return widgets.HBox(list(children), layout=widgets.Layout(
        align_items="center", width="100%", flex_flow="row wrap"))


class StatusLine(widgets.HTML):
    """A line of plain text that wraps: what a board says happened.

    :attr:`text` is the message as plain text; the widget shows it escaped
    as HTML, so a message can never inject markup.

    >>> line = StatusLine("gametree-status")
    >>> line.say("Square 4 is taken; click <another>.")
    >>> line.text, line.value
    ('Square 4 is taken; click <another>.', 'Square 4 is taken; click &lt;another&gt;.')
    """

    def __init__(self, css_class: str, **kwargs):
        super().__init__(**kwargs)
        self.text = ""
        """The message, as plain text."""
        self.add_class(css_class)

    def say(self, message: str) -> None:
        """Show ``message``."""
        self.text = message
        self.value = html.escape(message)


class GameControls(NamedTuple):
    """A board's controls under it."""

    starts: widgets.ToggleButtons
    """Who makes the first move: ``"you"`` or ``"computer"``."""
    new_game_button: widgets.Button
    """Starts again from the start position."""
    row: widgets.HBox
    """Both, side by side."""


def game_controls(*, computer_starts: bool, on_new_game: Callable[[], None],
                  prefix: str) -> GameControls:
    """The "New game" button and the "First move" choice of a board; both
    call ``on_new_game()`` (changing who starts starts a new game).  CSS
    classes: ``<prefix>-new-game`` and ``<prefix>-starts``.

    >>> started = []
    >>> controls = game_controls(computer_starts=False, on_new_game=lambda: started.append(1),
    ...                          prefix="gametree")
    >>> controls.starts.value = "computer"
    >>> controls.new_game_button.click()
    >>> len(started)
    2
    """
    starts = widgets.ToggleButtons(
        options=[(_("You"), HUMAN), (_("Computer"), COMPUTER)],
        value=COMPUTER if computer_starts else HUMAN,
        description=_("First move:"),
        style={"button_width": "90px"},
    )
    starts.add_class(f"{prefix}-starts")
    starts.observe(lambda change: on_new_game(), names="value")
    button = widgets.Button(description=_("New game"), icon="refresh")
    button.add_class(f"{prefix}-new-game")
    button.on_click(lambda _: on_new_game())
    return GameControls(starts, button, widgets.HBox([button, starts]))


def message_html(text: str, level: str = "error", color: str | None = None, *,
                 theme=None) -> str:
    """A message line as HTML: ``color`` (by default the theme's
    ``"error"``) with a warning sign for an error, the theme's ``"muted
    text"`` for information; empty for no message.

    >>> message_html("branching is 'x'")
    '<div style="color:#b00020;padding:2px 0">&#9888; branching is \\'x\\'</div>'
    >>> message_html("")
    ''
    """
    if not text:
        return ""
    colors = theme_of(theme)
    color = (color or colors["error"]) if level == "error" else colors["muted text"]
    sign = "&#9888; " if level == "error" else ""
    return f'<div style="color:{color};padding:2px 0">{sign}{html.escape(text, quote=False)}</div>'


def close_all(widget: widgets.Widget, keep=frozenset()) -> None:
    """Close ``widget`` and everything in it (layouts and styles too),
    except the widgets in ``keep`` (they go on in a new box)."""
    stack = [widget]
    while stack:
        current = stack.pop()
        if current in keep:
            continue
        stack.extend(getattr(current, "children", ()))
        for part in ("layout", "style"):
            model = getattr(current, part, None)
            if isinstance(model, widgets.Widget):
                model.close()
        current.close()


def speaking(method: Callable) -> Callable:
    """Run a widget's ``method`` in the widget's language (its ``lang``
    attribute; the language in force while it has none yet), so what the
    method writes, a verdict or a label, speaks it whatever the kernel's is."""
    @functools.wraps(method)
    def in_language(self, *args, **kwargs):
        with using(getattr(self, "lang", None)):
            return method(self, *args, **kwargs)
    return in_language
