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
(:class:`gametree.games.mcts.MctsResult`), the drawing
(:class:`gametree.view.mcts.MctsPlot`) draws a step, and the widget wires
the slider to them.  It fits a JupyterLab cell at 1280x720 (1,100 by 560
pixels) without scrolling, and seen without a kernel (GitHub, nbviewer)
its output still holds a PNG of the step it showed.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as widgets

from ..checks import check_step
from ..games.mcts import MctsResult, Phase
from ..text import describe, fmt
from ..view.draw import CELL_HEIGHT, CELL_WIDTH, MAX_WIDTH, SCREEN_DPI
from ..view.mcts import MctsPlot

# The alpha-beta stepper's controls, Play style (no stop button: Play pauses
# where it is), speeds and caption escaping, so the two widgets look and read alike.
from .controls import PLAY_STYLE, controls_row, fixed_layout, play_control
from .stepper import SPEEDS, html_text

__all__ = ["MctsStepper", "PSEUDOCODE"]

PSEUDOCODE = (
    "function MONTE-CARLO-TREE-SEARCH(state)",
    "  tree ← NODE(state)",
    "  while IS-TIME-REMAINING() do",
    "    leaf ← SELECT(tree)",
    "    child ← EXPAND(leaf)",
    "    result ← SIMULATE(child)",
    "    BACK-PROPAGATE(result, child)",
    "  return the move with the most playouts",
)
"""AIMA 4e's MONTE-CARLO-TREE-SEARCH (Figure 5.11), as the widget shows it."""

_LINE = {None: 2, Phase.SELECT: 4, Phase.EXPAND: 5, Phase.SIMULATE: 6, Phase.BACK_PROPAGATE: 7}
"""The pseudocode line (from 1) of each phase; step 0 is the tree's creation."""

_CURRENT_LINE = "background:#FCE3CF;border-left:4px solid #EE7733;font-weight:bold;"
_OTHER_LINE = "border-left:4px solid transparent;"
_CHROME = 122
"""Pixels the controls, the caption (two lines) and the counter take above the picture."""
_COLUMN = 330
"""Pixels of the column beside the picture: the pseudocode and the root's moves."""
_TABLE_ROWS = 10
"""Most of the root's moves listed (the most played; the rest are counted)."""


class MctsStepper(widgets.VBox):
    """Step through a recorded :func:`~gametree.games.uct_search`, one phase at a time.

    Parameters
    ----------
    result : MctsResult
        A search run with ``record=True`` (the default).
    size : (int, int)
        Width and height in pixels the widget may take: by default a
        JupyterLab cell at 1280x720 (1,100 by 560).

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

    def __init__(self, result: MctsResult, *, size: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT)):
        if not isinstance(result, MctsResult):
            raise TypeError(f"expected the result of gametree.games.uct_search, such as "
                            f"uct_search(game, state, iterations=30, seed=1), not {describe(result)}")
        if not (isinstance(size, tuple) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
            raise TypeError(f"size must be (width, height) in whole pixels, not {size!r}")
        if not (800 <= size[0] <= MAX_WIDTH and 480 <= size[1] <= 2000):
            raise ValueError(f"size {size} is out of range; give a width from 800 to {MAX_WIDTH} "
                             f"and a height from 480 to 2000 pixels")
        width, height = size[0] - _COLUMN - 12, size[1] - _CHROME
        self.plot = MctsPlot(result, figsize=(width / SCREEN_DPI, height / SCREEN_DPI), header=False)
        self.result = result
        self.picture_size = (width, height)
        last = result.steps - 1

        self.prev_button = widgets.Button(description="previous", icon="step-backward",
                                          tooltip="one step back", layout=fixed_layout())
        self.next_button = widgets.Button(description="next", icon="step-forward",
                                          tooltip="one step on", layout=fixed_layout())
        self.iteration_button = widgets.Button(description="next iteration", icon="forward",
                                               tooltip="on to the next iteration's SELECT",
                                               layout=fixed_layout())
        self.speed = widgets.Dropdown(options=SPEEDS, value=900, description="speed",
                                      style={"description_width": "initial"},
                                      layout=fixed_layout("9.5em"))
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="step",
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="200px"))
        self.play = play_control(last, self.speed.value)
        self.play_link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.caption = widgets.HTML(layout=widgets.Layout(min_height="2.9em"))
        self.counter = widgets.Label(style={"font_weight": "bold", "font_size": "1.05em"})
        self.code = widgets.HTML()
        self.table = widgets.HTML()
        self.image = widgets.Image(format="png", layout=widgets.Layout(
            width=f"{width}px", height=f"{height}px", min_width=f"{width}px", max_width="none"))

        self.prev_button.on_click(lambda _: self._nudge(-1))
        self.next_button.on_click(lambda _: self._nudge(+1))
        self.iteration_button.on_click(self._on_iteration)
        self.speed.observe(self._on_speed, names="value")
        self.slider.observe(lambda change: self._show(change["new"]), names="value")

        # In a cell narrower than the widget's size (a side panel open), the
        # controls and the column beside the picture wrap under it, and a
        # picture wider than the cell scrolls rather than shrink its labels.
        controls = controls_row([self.play, self.prev_button, self.next_button, self.slider,
                                 self.iteration_button, self.speed])
        column = widgets.VBox([self.code, self.table], layout=widgets.Layout(
            width=f"{_COLUMN}px", flex="0 0 auto", margin="0 0 0 10px"))
        frame = widgets.Box([self.image], layout=widgets.Layout(
            width=f"{width}px", max_width="100%", overflow="auto hidden", flex="0 1 auto"))
        picture = widgets.HBox([frame, column], layout=widgets.Layout(
            width="100%", align_items="flex-start", flex_flow="row wrap"))
        super().__init__([widgets.HTML(PLAY_STYLE, layout=widgets.Layout(display="none")), controls,
                          self.caption, self.counter, picture], layout=widgets.Layout(width="100%"))
        for widget, name in ((self, "mcts"), (self.caption, "caption"), (self.image, "image"),
                             (self.code, "code"), (self.counter, "counter"), (self.table, "table"),
                             (self.next_button, "next"), (self.prev_button, "prev"),
                             (self.iteration_button, "next-iteration"), (self.speed, "speed"),
                             (self.slider, "slider"), (self.play, "play")):
            widget.add_class(f"gametree-{name}")
        self._show(0)

    # --- stepping ---------------------------------------------------------------------

    def _show(self, index: int) -> None:
        step = self.plot.show(index).step
        self.image.value = self.plot.png()
        self.caption.value = (f'<span style="font-size:1.15em"><b>Step {index} of '
                              f'{self.result.steps - 1}:</b> {html_text(step.caption)}</span>')
        self.counter.value = self._counter_text()
        self.code.value = self._code_html(_LINE[step.phase])
        self.table.value = self._table_html()
        last = self.result.steps - 1
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == last
        self.iteration_button.disabled = index >= last - 3

    def _counter_text(self) -> str:
        step = self.plot.step
        root = step.tree.root
        done = step.iteration - (step.phase is not Phase.BACK_PROPAGATE) if step.phase else 0
        text = (f"iterations done: {done} of {len(self.result.record)}; root: {root.visits} "
                f"playout{'s' if root.visits != 1 else ''}")
        children = step.tree.children(root)
        if children:
            best = max(children, key=lambda child: child.visits)
            text += f"; most played move: {best.label} ({fmt(best.wins)}/{best.visits})"
        return text

    def _code_html(self, current: int) -> str:
        rows = []
        for number, line in enumerate(PSEUDOCODE, start=1):
            code = line.lstrip(" ")
            indent = len(line) - len(code)
            style, extra = (_CURRENT_LINE, ' class="gametree-code-current"') if number == current \
                else (_OTHER_LINE, "")
            rows.append(f'<div{extra} data-line="{number}" style="display:flex;padding-left:2px;{style}">'
                        f'<span style="flex:0 0 2ch;color:#777;text-align:right">{number}</span>'
                        f'<span style="flex:1 1 0;white-space:pre-wrap;padding-left:{indent + 1}ch">'
                        f'{html.escape(code, quote=False)}</span></div>')
        return ('<div style="font-family:var(--jp-code-font-family,monospace);font-size:13px;'
                'line-height:1.35;margin:0;padding:6px 6px 6px 2px;background:#FAFAFA;'
                'border:1px solid #E0E0E0;border-radius:4px">' + "".join(rows) + "</div>")

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
        head = "".join(f'<th style="{cell}">{name}</th>' for name in ("move", "N", "U", "mean", "UCB1"))
        body = []
        for label, visits, wins, mean, ucb, chosen in self.table_rows:
            weight = "font-weight:bold;background:#FCE3CF;" if chosen else ""
            mark = " \u25c0" if chosen else ""
            body.append(f'<tr style="{weight}"><td style="{cell}">{html.escape(label)}{mark}</td>'
                        f'<td style="{cell}">{visits}</td><td style="{cell}">{fmt(wins)}</td>'
                        f'<td style="{cell}">{mean}</td><td style="{cell}">{ucb}</td></tr>')
        more = len(tree.children(tree.root)) - _TABLE_ROWS
        note = f"<div>and {more} more moves</div>" if more > 0 else ""
        if not body:
            return ('<div style="font-size:13px;padding:6px 2px">The root has no children yet: '
                    'the first iterations add one each.</div>')
        return (f'<div style="font-size:13px;margin-top:8px"><div><b>The root\'s moves</b> '
                f'(C = {self.result.exploration:.2f})</div><table style="border-collapse:collapse">'
                f'<tr>{head}</tr>{"".join(body)}</table>{note}</div>')

    def _nudge(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _on_iteration(self, _button=None) -> None:
        index = self.slider.value
        target = 4 * ((index - 1) // 4 + 1) + 1 if index else 1   # the next SELECT
        self.slider.value = min(target, self.slider.max)

    def _on_speed(self, change) -> None:
        self.play.interval = change["new"]

    def step_to(self, index: int) -> None:
        """Show step ``index`` (negative counts from the end), as if the
        slider were moved there."""
        self.slider.value = check_step(index, self.result.steps)

    # --- reading it --------------------------------------------------------------------

    @property
    def caption_text(self) -> str:
        """The caption as plain text: ``Step k of n: <the step in words>``."""
        index = self.slider.value
        return f"Step {index} of {self.result.steps - 1}: {self.plot.step.caption}"

    @property
    def highlighted(self) -> str:
        """The pseudocode line highlighted at the step shown."""
        return PSEUDOCODE[_LINE[self.plot.step.phase] - 1].strip()

    @property
    def alt_text(self) -> str:
        """The picture of the step shown, in words."""
        return self.plot.alt_text()

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a PNG of the step shown for places without a
        kernel (GitHub, nbviewer, nbconvert)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.image.value:
            bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
            bundle["text/plain"] = self.plot.alt_text()
            return bundle, {"image/png": {"alt": bundle["text/plain"]}}  # stored alt text
        return bundle
