"""Step through a Monte-Carlo tree search, one phase at a time.

:class:`MctsStepper` is the alpha-beta :class:`~gametree.widgets.stepper.Stepper`'s
sibling for :func:`gametree.games.uct_search`: a slider, previous / next
buttons, Play and Pause (at the speed chosen beside them) and a button to
the next iteration walk through the search's record, step 0 (the root
alone) and then each iteration's SELECT, EXPAND, SIMULATE and
BACK-PROPAGATE.  The caption says what the phase did, in words; beside the
tree, AIMA's MONTE-CARLO-TREE-SEARCH with the phase's line highlighted,
and under it the root's moves with their playouts, mean and UCB1 as they
stand at the step (the one SELECT picked at the root is marked).

The widget computes nothing: the search recorded every iteration
(:class:`gametree.games.mcts.MctsResult`), the step-through protocol's
adapter (:class:`gametree.view.steps.MctsSteps`) reads its captions,
counter and pseudocode lines, the drawing
(:class:`gametree.view.mcts.MctsPlot`) draws a step in place, and the
:class:`~gametree.widgets.stepper.Stepper`, of which this is a thin
adapter, wires the slider to them; only the table of the root's moves is
its own.  It fits a JupyterLab cell at 1280x720 (1,100 by 560
pixels) without scrolling, and seen without a kernel (GitHub, nbviewer)
its output still holds a PNG of the step it showed.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..games.mcts import MctsResult
from ..i18n import gettext as _
from ..i18n import using
from ..text import describe, fmt
from ..view.draw import CELL_HEIGHT, CELL_WIDTH
from ..view.mcts import MctsPlot
from ..view.steps import MCTS_LINES, MCTS_LISTING, KernelSteppable, MctsSteps
from .stepper import Stepper, check_size

__all__ = ["MctsStepper", "PSEUDOCODE"]

PSEUDOCODE = MCTS_LISTING.code
"""AIMA 4e's MONTE-CARLO-TREE-SEARCH (Figure 5.11), as the widget shows it
(:data:`gametree.view.steps.MCTS_LISTING`, its lines named)."""

_CHROME = 122
"""Pixels the controls, the caption (two lines) and the counter take above the picture."""
_COLUMN = 330
"""Pixels of the column beside the picture: the pseudocode and the root's moves."""
_TABLE_ROWS = 10
"""Most of the root's moves listed (the most played; the rest are counted)."""


class MctsStepper(Stepper):
    """Step through a recorded :func:`~gametree.games.uct_search`, one phase at a time.

    The :class:`~gametree.widgets.stepper.Stepper` on
    :class:`~gametree.view.steps.MctsSteps`, with the root's moves listed
    under the pseudocode.

    Parameters
    ----------
    result : MctsResult
        A search run with ``record=True`` (the default).
    size : (int, int)
        Width and height in pixels the widget may take: by default a
        JupyterLab cell at 1280x720 (1,100 by 560).
    theme, colors : optional
        The colours, as the Stepper takes them.

    Attributes
    ----------
    result : MctsResult
        The search shown.
    slider : IntSlider
        The step, 0 to ``result.steps - 1``.
    play : Play
        Linked to the slider in the browser (``play_link``); its button
        plays and pauses.
    speed : Dropdown
        Play's speed: milliseconds per step.
    prev_button, next_button, iteration_button : Button
        One step back, one step on, on to the next iteration's SELECT.
    caption : HTML
        "Step k of n: " and the step in words.
    counter : Label
        The iteration, the root's playouts and its most played move so far.
    code : HTML
        The pseudocode, the phase's line highlighted.
    table : HTML
        The root's moves at the step: N, U, mean and UCB1.
    image : Image
        The drawing, PNG bytes replaced at each step.
    plot : MctsPlot
        The drawing behind ``image``.
    picture_size : (int, int)
        Width and height of the picture in pixels.

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=30, seed=1)
    >>> stepper = MctsStepper(result)
    >>> stepper.step_to(14)
    >>> stepper.caption_text
    'Step 14 of 120: Iteration 4, expand: add E below C for O6, the first move C has not tried.'
    >>> stepper.highlighted
    'child ← EXPAND(leaf)'
    >>> stepper.picture_size
    (758, 438)
    """

    plot: MctsPlot  # what MctsSteps draws with

    _CSS = "mcts"
    _CAPTION_HEIGHT = "2.9em"
    _CHROME = _CHROME

    def __init__(self, result: MctsResult, *, size: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT),
                 theme=None, colors=None):
        if not isinstance(result, MctsResult):
            raise TypeError(f"expected the result of gametree.games.uct_search, such as "
                            f"uct_search(game, state, iterations=30, seed=1), not {describe(result)}")
        check_size(size, 800, 480)
        self.result = result
        self.table = widgets.HTML()
        self.table.add_class("gametree-table")
        super().__init__(MctsSteps(result), size=size, theme=theme, colors=colors)

    # --- the Stepper's hooks -----------------------------------------------------------

    def _geometry(self, steps: KernelSteppable) -> tuple[str, int, int, int]:
        width = self._size[0] - _COLUMN - 12
        return "beside", width, self._size[1] - _CHROME, width

    def _columns_for(self, code) -> int:
        return 0  # the column is _COLUMN pixels wide

    def _column(self) -> widgets.Widget:
        return widgets.VBox([self.code, self.table], layout=widgets.Layout(
            width=f"{_COLUMN}px", flex="0 0 auto", margin="0 0 0 10px"))

    def _kept(self) -> tuple[widgets.Widget, ...]:
        return (self.table,)

    def _show(self, index: int) -> None:
        super()._show(index)
        with using(self.lang):
            self.table.value = self._table_html()

    # --- the root's moves --------------------------------------------------------------

    @property
    def table_rows(self) -> list[tuple[str, int, float, str, str, bool]]:
        """The root's moves as the table lists them: (move, N, U, mean, UCB1,
        chosen by SELECT at the root in this iteration), most played first,
        at most :data:`_TABLE_ROWS`."""
        step = self.plot.step
        tree = step.tree
        chosen = step.path[1] if step.phase is not None and len(step.path) > 1 else None
        children = sorted(tree.children(tree.root), key=lambda c: (-c.visits, c.id))[:_TABLE_ROWS]
        rows = []
        for child in children:
            mean = "\u2013" if child.mean is None else f"{child.mean:.2f}"
            ucb = tree.ucb1(child)
            rows.append((child.label, child.visits, child.wins, mean,
                         "+\u221e" if ucb == float("inf") else f"{ucb:.2f}", child.id == chosen))
        return rows

    def _table_html(self) -> str:
        tree = self.plot.step.tree
        cell = "padding:1px 8px;text-align:right"
        head = "".join(f'<th style="{cell}">{html.escape(name)}</th>'
                       for name in (_("move"), "N", "U", _("mean"), "UCB1"))
        body = []
        for label, visits, wins, mean, ucb, chosen in self.table_rows:
            weight = f"font-weight:bold;background:{self.theme['highlight']};" if chosen else ""
            mark = " \u25c0" if chosen else ""
            body.append(f'<tr style="{weight}"><td style="{cell}">{html.escape(label)}{mark}</td>'
                        f'<td style="{cell}">{visits}</td><td style="{cell}">{fmt(wins)}</td>'
                        f'<td style="{cell}">{mean}</td><td style="{cell}">{ucb}</td></tr>')
        more = len(tree.children(tree.root)) - _TABLE_ROWS
        note = ("<div>" + html.escape(_("and {count} more moves").format(count=more)) + "</div>"
                if more > 0 else "")
        if not body:
            return ('<div style="font-size:13px;padding:6px 2px">' + html.escape(_(
                "The root has no children yet: the first iterations add one each.")) + '</div>')
        title = _("<b>The root's moves</b> (C = {c})").format(c=f"{self.result.exploration:.2f}")
        return (f'<div style="font-size:13px;margin-top:8px"><div>{title}</div>'
                f'<table style="border-collapse:collapse">'
                f'<tr>{head}</tr>{"".join(body)}</table>{note}</div>')

    # --- reading it --------------------------------------------------------------------

    @property
    def highlighted(self) -> str:  # type: ignore[override]  # one line, as it always was
        """The pseudocode line highlighted at the step shown."""
        return MCTS_LISTING.code[MCTS_LISTING.number(MCTS_LINES[self.plot.step.phase]) - 1].strip()
