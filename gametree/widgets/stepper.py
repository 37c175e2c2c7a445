"""The step-through widget: drag a slider, or press Play, and watch
alpha-beta walk the tree (or expectiminimax, on a tree with chance nodes).

:class:`Stepper` wires ipywidgets to a :class:`~gametree.view.draw.TracePlot`:
a slider picks the step, the plot updates its artists in place and the
picture is sent as PNG bytes to one ``Image`` widget, so nothing flickers
and no figures pile up.  The caption, the counter and the pseudocode (with
the lines being executed highlighted) follow the slider.  Play pauses
where it is, at the speed chosen beside it.

The widget is laid out for a projector: at 1280x720 the controls, caption,
counter, tree and pseudocode fit a JupyterLab cell (``size``, 1,100 by 560
pixels) without scrolling.  The tree is drawn at one pixel per point
beside a narrow column of pseudocode; a tree too wide for that gets the
whole width and the pseudocode folds away below it, and a tree wider still
scrolls sideways rather than shrink its labels.

With ``editable=True`` a student can type leaf scores and a branching
factor, or nested lists, and switch the cut rule; a typo gives a message in
the widget naming what is wrong, and the previous tree stays.  The two
boxes are read together: while the number of scores and the branching do
not make a complete tree (9 scores pasted while branching is still 2), the
widget says so and waits, and draws the tree as soon as they agree.

Seen without a kernel (GitHub, nbviewer), the widget's output still holds
a PNG of the step it showed, so the notebook shows a picture.
"""

from __future__ import annotations

import base64
import bisect
import html
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import cast

import ipywidgets as widgets

from ..solve import trace_search
from ..checks import check_step
from ..parse import parse_leaves, parse_tree
from ..practice.shapes import ROOTS, with_root
from ..rules import CutRule
from ..text import fmt, ordinal
from ..trace import Snapshot, StepKind, Trace, turns
from ..tree import Tree, as_tree
from ..vectors import MaxnTrace, MaxnTree, trace_maxn
from ..view import labels
from ..view.draw import CELL_HEIGHT, CELL_WIDTH, MAX_WIDTH, SCREEN_DPI, TracePlot, counter_text
from ..view.layout import tidy_layout
from ..view.maxn import MaxnPlot
from ..view.maxn import needed_size as maxn_size
from .controls import PLAY_STYLE, close_all, controls_row, fixed_layout, message_html, play_control

__all__ = ["Stepper", "SPEEDS", "html_text"]

_CURRENT_LINE = "background:#FCE3CF;border-left:4px solid #EE7733;font-weight:bold;"
_OTHER_LINE = "border-left:4px solid transparent;"

SPEEDS = (("slow", 1600), ("normal", 900), ("fast", 400))
"""Play's speeds: milliseconds per step."""

_CHROME = 104
"""Pixels the controls, caption and counter take above the picture."""
_CODE_WIDTH = 345
"""Pixels of the pseudocode column (41 characters of 13 px code, wrapped)."""
_CODE_COLUMNS = 41
"""Characters across the pseudocode column; a longer pseudocode (STAR1)
gets up to :data:`_MAX_CODE_COLUMNS`, so that it is no taller than the
picture beside it."""
_MAX_CODE_COLUMNS = 60
_WIDEST_CODE = 100
"""Characters across the pseudocode column at most, on a wide screen."""
_FOLD = 44
"""Pixels of the folded pseudocode's title under a wide picture."""
_SCROLLBAR = 16


def html_text(text: str) -> str:
    """``text`` as HTML with only what could start markup escaped.

    Captions contain ``<=`` and ``>=``; in HTML a ``<`` that is not followed
    by a letter, ``/``, ``!`` or ``?`` is plain text, so leaving those alone
    keeps the widget's value equal to the caption a test or a reader
    searches for.
    """
    text = text.replace("&", "&amp;")
    return re.sub(r"<(?=[A-Za-z/!?])", "&lt;", text)


def _disagree(count: int, branching: int) -> str | None:
    """Why ``count`` leaf scores and ``branching`` do not make a complete
    tree, with what would fix it; None if they do (``count`` is a power of
    ``branching``).

    >>> _disagree(9, 3) is None, _disagree(1, 2) is None
    (True, True)
    >>> _disagree(9, 2)
    '9 leaf scores and branching 2 do not agree yet: the leaf count must be a power of 2, such as 8 or 16; type branching 3 for these 9 scores, or add or remove scores (the tree is drawn as soon as both boxes agree)'
    """
    power = 1
    while power < count:
        power *= branching
    if power == count:
        return None
    # A base of which count is a power is count itself or at most its square root.
    fit = next((b for b in range(2, math.isqrt(count) + 1) if _is_power(count, b)),
               count if count >= 2 else None)
    below = power // branching
    fix = f"type branching {fit} for these {count} scores, or " if fit is not None else ""
    return (f"{count} leaf scores and branching {branching} do not agree yet: the leaf count must "
            f"be a power of {branching}, such as {below} or {power}; {fix}add or remove scores "
            f"(the tree is drawn as soon as both boxes agree)")


def _is_power(count: int, base: int) -> bool:
    while count % base == 0 and count > 1:
        count //= base
    return count == 1


def _parse_branching(text: str) -> int:
    text = text.strip()
    if not text:
        raise ValueError("type the branching factor (children per node), e.g. 3")
    try:
        value = int(text)
    except ValueError:
        raise ValueError(
            f"branching is {text!r}; type a whole number such as 2 or 3 (children per node)"
        ) from None
    if value < 2:
        raise ValueError(f"branching is {value}; every internal node needs at least 2 children, so type 2 or more")
    return value


class Stepper(widgets.VBox):
    """Step through alpha-beta on a tree with a slider, Play and buttons.

    Parameters
    ----------
    trace_or_tree : Trace, Tree, or anything :func:`gametree.as_tree` accepts
        What to search: a recorded :class:`~gametree.trace.Trace`, or a
        tree (alpha-beta is run on it, or expectiminimax if it has chance
        nodes: :func:`gametree.trace_search`).  A max^n trace
        (:func:`gametree.trace_maxn`) or :class:`~gametree.vectors.MaxnTree`
        is stepped with a vector at each node
        (:class:`~gametree.view.maxn.MaxnPlot`).
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.  A Trace
        keeps the rule it was recorded with.
    editable : bool
        Add text boxes to type a new tree and a switch for the cut rule.
    players : sequence of "MAX", "MIN", "CHANCE", optional
        For a tree: the player of each level in turn, as
        :func:`gametree.minimax` takes (``("MAX", "MIN", "MIN")``: MAX and
        two ghosts); a cycle with CHANCE is searched with expectiminimax.
        Trees typed into the editable stepper follow the same cycle, and
        its switch for who moves first is off.  A Trace keeps the players
        it was recorded with.
    size : (int, int)
        Width and height in pixels the widget may take: by default a
        JupyterLab cell at 1280x720 (1,100 by 560).  The kernel cannot see
        the screen, so on a larger one give its cell, e.g. ``(1700, 880)``
        at 1920x1080, for a larger picture; the pseudocode column beside it
        grows into whatever room the screen leaves in any case.

    Attributes
    ----------
    trace : Trace
        The search shown.
    slider : IntSlider
        The step, from 0 to ``len(trace) - 1``.
    play : Play
        Linked to the slider in the browser (``play_link``); its button
        plays and pauses.  Slider and Play are made anew for each tree.
    speed : Dropdown
        Play's speed: milliseconds per step (:data:`SPEEDS`).
    prev_button, next_button, cutoff_button : Button
        One step back, one step on, on to the next cutoff.
    phase_button : Button
        On to the next pass ("next pass", MTD(f)) or re-search ("next
        re-search", PVS); shown only for a trace that has them.
    caption : HTML
        "Step i of n: ..." with the step's caption.
    code : HTML
        The pseudocode, the lines being executed highlighted.
    counter : Label
        "evaluated k of N leaves (a full search needs at least M)".
    image : Image
        The drawing, PNG bytes replaced at each step.  (An Image widget
        cannot carry alt text; :attr:`alt_text` describes the tree and step,
        and is the plain-text form of the PNG kept for GitHub and nbviewer.)
    message : HTML
        Problems with typed input; empty when all is well.
    plot : TracePlot
        The drawing behind ``image``.
    picture_size : (int, int)
        Width and height of the picture in pixels: the PNG's size and the
        size it is shown at.
    layout_mode : str
        "beside" (pseudocode in a column right of the tree) or "below" (the
        tree across the width, pseudocode folded under it).
    leaves_box, branching_box, tree_box : Text
        (``editable=True``) leaf scores and branching, or nested lists.
    rule_toggle : ToggleButtons
        (``editable=True``) False: cut when alpha >= beta (AIMA); True:
        only when alpha > beta (CS188), worded by :class:`~gametree.rules.CutRule`.
    root_toggle : ToggleButtons
        (``editable=True``) "MAX" or "MIN": who moves at the root of the
        typed tree (levels alternate below it).
    apply_button : Button
        (``editable=True``) Draw the tree typed in the boxes.  Enter in a
        box does the same; the leaf scores and the branching are checked
        together, and while their counts disagree the message says what
        would make them agree and the tree waits.

    Examples
    --------
    >>> stepper = Stepper([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    >>> stepper.step_to(stepper.trace.cutoffs[0].index)
    >>> stepper.caption_text
    'Step 13 of 25: MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)'
    >>> stepper.counter.value
    'evaluated 4 of 9 leaves (a full search needs at least 5)'
    >>> stepper.picture_size, stepper.layout_mode  # pixels, one per point
    ((743, 456), 'beside')
    """

    def __init__(self, trace_or_tree, *, branching: int | None = None, strict: bool = False,
                 editable: bool = False, size: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT),
                 players: Sequence[str] | None = None):
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {strict!r}")
        if not (isinstance(size, tuple) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
            raise TypeError(f"size must be (width, height) in whole pixels, not {size!r}")
        if not (600 <= size[0] <= MAX_WIDTH and 400 <= size[1] <= 2000):
            raise ValueError(f"size {size} is out of range; give a width from 600 to {MAX_WIDTH} "
                             f"and a height from 400 to 2000 pixels")
        self._size = size
        if isinstance(trace_or_tree, Trace):
            if branching is not None:
                raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
            if players is not None:
                raise TypeError("give players only with a tree, not with a Trace: a trace keeps "
                                "the players it was recorded with")
            if strict and not trace_or_tree.strict:
                raise ValueError("this trace was recorded cutting on alpha >= beta; pass the tree "
                                 "instead of the trace to search it with strict=True")
            if editable and (trace_or_tree.notes is not None or trace_or_tree.search == "maxn"):
                raise ValueError(f"editable=True re-runs alpha-beta on the trees typed in, so it "
                                 f"cannot show a {trace_or_tree.name} trace; drop editable=True")
            trace = trace_or_tree
        elif isinstance(trace_or_tree, MaxnTree):
            if branching is not None or players is not None or editable:
                raise TypeError("a max^n tree is stepped as it is: drop branching, players and "
                                "editable (its vectors say how many players take turns)")
            trace = trace_maxn(trace_or_tree)
        else:
            trace = trace_search(as_tree(trace_or_tree, branching, players=players), strict=strict)
        self._busy = False  # True while the widget changes its own boxes or slider

        self.prev_button = widgets.Button(description="previous", icon="step-backward",
                                          tooltip="one step back", layout=fixed_layout())
        self.next_button = widgets.Button(description="next", icon="step-forward",
                                          tooltip="one step on", layout=fixed_layout())
        self.cutoff_button = widgets.Button(description="next cutoff", icon="scissors",
                                            tooltip="jump to the next cutoff",
                                            layout=fixed_layout())
        self.phase_button = widgets.Button(description="next pass", icon="forward",
                                           tooltip="jump to the next pass or re-search",
                                           layout=fixed_layout())
        self.speed = widgets.Dropdown(options=SPEEDS, value=900, description="speed",
                                      tooltip="how fast Play steps",
                                      style={"description_width": "initial"},
                                      layout=fixed_layout("9.5em"))
        self.caption = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.counter = widgets.Label(style={"font_weight": "bold", "font_size": "1.05em"})
        self.code = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.message = widgets.HTML(layout=widgets.Layout(display="none"))
        self._slider_widgets: tuple[widgets.Widget, ...] = ()  # slider, Play, link: _new_slider

        self.prev_button.on_click(lambda _: self._nudge(-1))
        self.next_button.on_click(lambda _: self._nudge(+1))
        self.cutoff_button.on_click(self._on_cutoff)
        self.phase_button.on_click(self._on_phase)
        self.speed.observe(self._on_speed, names="value")

        # In a narrow cell (a side panel open) the row wraps: the buttons keep
        # their words and the slider moves to the next line.
        self._controls = controls_row()
        self._picture = widgets.Box(layout=widgets.Layout(width="100%"))
        children = [widgets.HTML(PLAY_STYLE, layout=widgets.Layout(display="none")), self._controls,
                    self.caption, self.counter, self._picture, self.message]
        if editable:
            children.append(self._editor(trace))
        super().__init__(children, layout=widgets.Layout(width="100%"))
        for widget, name in ((self, "stepper"), (self.caption, "caption"), (self.image, "image"),
                             (self.code, "code"), (self.counter, "counter"),
                             (self.message, "message"), (self.next_button, "next"),
                             (self.prev_button, "prev"), (self.cutoff_button, "cutoff"),
                             (self.phase_button, "phase"),
                             (self.speed, "speed")):
            widget.add_class(f"gametree-{name}")
        self._set_trace(trace)

    # --- the editor ---------------------------------------------------------

    def _editor(self, trace: Trace) -> widgets.Widget:
        text = {"continuous_update": False, "style": {"description_width": "initial"}}
        # Placeholders read as instructions, so an empty box never looks filled in.
        self.leaves_box = widgets.Text(description="leaf scores",
                                       placeholder="type scores, then Enter",
                                       layout=widgets.Layout(flex="1 1 auto"), **text)
        self.branching_box = widgets.Text(description="branching", placeholder="e.g. 2",
                                          layout=widgets.Layout(width="10em"), **text)
        self.tree_box = widgets.Text(description="or a tree as nested lists",
                                     placeholder="type nested lists, then Enter",
                                     layout=widgets.Layout(width="100%"), **text)
        rules = (CutRule.TIES, CutRule.STRICT)
        self.rule_toggle = widgets.ToggleButtons(
            options=[(f"{rule.test} ({rule.source})", rule.strict) for rule in rules],
            tooltips=[rule.words for rule in rules], value=CutRule.of(trace.strict).strict,
            description="cut when", style={"button_width": "auto", "description_width": "initial"})
        self.root_toggle = widgets.ToggleButtons(
            options=[(f"{who} at the root", who) for who in ROOTS],
            value=trace.tree.root.player.value, description="who moves first",
            tooltips=["MAX moves at the root", "MIN moves at the root"],
            style={"button_width": "auto", "description_width": "initial"})
        self.apply_button = widgets.Button(description="draw this tree", icon="check",
                                           button_style="primary")
        self._source = "leaves" if trace.tree.branching and not trace.tree.has_chance else "tree"
        self._fill_boxes(trace.tree)

        def edited(source):
            def handler(change):
                if not self._busy:
                    self._source = source
                    self.apply()
            return handler

        self.leaves_box.observe(edited("leaves"), names="value")
        self.branching_box.observe(edited("leaves"), names="value")
        self.tree_box.observe(edited("tree"), names="value")
        self.rule_toggle.observe(self._on_rule, names="value")
        self.root_toggle.observe(self._on_root, names="value")
        if trace.tree.players is not None:  # the cycle says who moves first
            self.root_toggle.disabled = True
            self.root_toggle.tooltips = [f"the players take turns: {turns(trace.tree.players)}"] * 2
        self.apply_button.on_click(lambda _: self.apply())
        for widget, name in ((self.leaves_box, "leaves"), (self.branching_box, "branching"),
                             (self.tree_box, "tree"), (self.rule_toggle, "rule"),
                             (self.root_toggle, "root"), (self.apply_button, "apply")):
            widget.add_class(f"gametree-{name}")
        return widgets.VBox([
            widgets.HBox([self.leaves_box, self.branching_box, self.apply_button]),
            self.tree_box, self.rule_toggle, self.root_toggle])

    def _fill_boxes(self, tree: Tree) -> None:
        self._busy = True
        try:
            complete = tree.branching is not None and not tree.has_chance
            self.leaves_box.value = " ".join(fmt(s) for s in tree.leaf_scores) if complete else ""
            self.branching_box.value = str(tree.branching) if complete else ""
            self.tree_box.value = _nested_text(tree.to_nested())
        finally:
            self._busy = False

    def apply(self) -> bool:
        """Search the tree typed in the boxes (the ones edited last).

        The leaf scores and the branching are read together: while their
        counts disagree, :attr:`message` says what would make them agree
        (as information, not an error) and nothing is drawn.

        Returns True if it was drawn; otherwise :attr:`message` says what
        is wrong and the previous tree stays.
        """
        try:
            if self._source == "tree":
                tree = _parse_tree(self.tree_box.value)
            else:
                leaves = parse_leaves(self.leaves_box.value)
                branching = _parse_branching(self.branching_box.value)
                waiting = _disagree(len(leaves), branching)
                if waiting is not None:
                    self._say(waiting, level="info")
                    return False
                tree = Tree.from_leaves(leaves, branching)
            cycle = self.trace.tree.players
            tree = tree.with_players(cycle) if cycle is not None else \
                with_root(tree, self.root_toggle.value)
            trace = trace_search(tree, strict=self.rule_toggle.value)
            self._set_trace(trace)
        except (ValueError, TypeError) as error:
            self._say(str(error))
            return False
        self._fill_boxes(trace.tree)
        return True

    def _on_rule(self, change) -> None:
        if self._busy:
            return
        if self.trace.tree.has_chance:  # no cut rule to switch (the toggle is disabled)
            return
        try:
            self._set_trace(trace_search(self.trace.tree, strict=change["new"]))
        except (ValueError, TypeError) as error:  # pragma: no cover - the tree was drawn before
            self._say(str(error))

    def _on_root(self, change) -> None:
        if self._busy:
            return
        try:
            tree = with_root(self.trace.tree, change["new"])
            self._set_trace(trace_search(tree, strict=self.rule_toggle.value))
        except (ValueError, TypeError) as error:  # pragma: no cover - the tree was drawn before
            self._say(str(error))

    # --- stepping -------------------------------------------------------------

    def _set_trace(self, trace: Trace) -> None:
        """Show a new search from step 0 (raises ValueError for a tree too big
        to draw, leaving the old one)."""
        self._code_columns = _code_columns(trace.code, self._size[1] - _CHROME)
        mode, width, height, view = self._geometry(trace.tree, trace)
        figsize = (width / SCREEN_DPI, height / SCREEN_DPI)
        if isinstance(trace, MaxnTrace):  # caption and counter are widgets here
            # A MaxnPlot offers what the Stepper reads of a plot: show,
            # snapshot, png and alt_text (PredictStepper refuses max^n).
            plot = cast(TracePlot, MaxnPlot(trace, caption=False, counter=False, figsize=figsize))
        else:
            plot = TracePlot(trace, caption=False, counter=False, figsize=figsize)
        self.trace, self.plot = trace, plot
        self.picture_size, self.layout_mode = (width, height), mode
        self._cutoffs = [step.index for step in trace.cutoffs]
        self._phase_steps = [phase.start for phase in trace.phases
                             if trace[phase.start].kind in (StepKind.PASS, StepKind.RESEARCH)]
        researches = any(trace[i].kind is StepKind.RESEARCH for i in self._phase_steps)
        self.phase_button.description = "next re-search" if researches else "next pass"
        self._new_slider(len(trace) - 1)
        self.image.layout = widgets.Layout(width=f"{width}px", height=f"{height}px",
                                           min_width=f"{width}px", max_width="none")
        picture = self._framed_picture()
        frame = widgets.Box([picture], layout=widgets.Layout(
            width=f"{view}px", max_width="100%", overflow="auto hidden",
            flex="0 1 auto"))
        self.code.value = self._code_html(trace[0].lines)
        if hasattr(self, "rule_toggle"):  # a tree with chance nodes has no cut rule to switch
            self.rule_toggle.disabled = trace.tree.has_chance
        old = self._picture.children
        if mode == "beside":
            # The column takes what the picture leaves of the row: at 1280x720 its
            # planned width, on a wider screen more, so the lines stop wrapping.
            self.code.layout = widgets.Layout(flex="1 1 0", margin="0 0 0 10px",
                                              min_width=f"{self._code_columns}ch")
            self._picture.children = [widgets.HBox([frame, self.code], layout=widgets.Layout(
                width="100%", flex_flow="row wrap", align_items="flex-start"))]
        else:
            self.code.layout = widgets.Layout(width="auto")
            fold = widgets.Accordion([self.code], titles=("pseudocode",), selected_index=None)
            fold.add_class("gametree-code-fold")
            self._picture.children = [widgets.VBox([frame, fold], layout=widgets.Layout(width="100%"))]
        for box in old:
            close_all(box, keep={self.image, self.code, picture})
        self._say("")
        self._show(0)

    def _framed_picture(self) -> widgets.Widget:
        """What goes in the picture's frame: the image (a subclass may lay
        buttons over it)."""
        return self.image

    def _geometry(self, tree: Tree, trace: Trace | None = None) -> tuple[str, int, int, int]:
        """Where the picture goes ("beside" the pseudocode, or above it,
        "below"), its width and height in pixels, and the width of the view
        onto it (narrower when it scrolls)."""
        cell_width, cell_height = self._size
        if isinstance(trace, MaxnTrace):  # a vector at every node
            need = maxn_size(trace)[0] + 8
        else:
            need = labels.needed_width(tree, tidy_layout(tree), labels.SCREEN_FONTS[-1]) + 8
        beside = cell_width - round(_CODE_WIDTH * self._code_columns / _CODE_COLUMNS) - 12
        height = cell_height - _CHROME
        if need <= beside:
            return "beside", beside, height, beside
        width = round(min(max(need, cell_width), MAX_WIDTH))
        scrollbar = _SCROLLBAR if width > cell_width else 0
        return "below", width, height - _FOLD - scrollbar, cell_width

    def _new_slider(self, last: int) -> None:
        """A new slider and Play for steps 0 to ``last``.  The browser's
        slider keeps the range it was made with for its End key, so a new
        tree gets a new slider rather than a new maximum."""
        old = self._slider_widgets
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description="step",
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="200px"))
        self.play = play_control(last, self.speed.value)
        self.play_link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self._slider_widgets = (self.slider, self.play, self.play_link)
        self.slider.observe(self._on_slider, names="value")
        self.slider.add_class("gametree-slider")
        self._controls.children = [self.play, self.prev_button, self.next_button, self.slider,
                                   self.cutoff_button,
                                   *([self.phase_button] if self._phase_steps else []), self.speed]
        for widget in old:
            widget.close()

    def _on_speed(self, change) -> None:
        self.play.interval = change["new"]

    def _on_slider(self, change) -> None:
        if not self._busy:
            self._show(change["new"])

    def _show(self, index: int) -> None:
        trace, step = self.trace, self.trace[index]
        self.plot.show(index)
        self.image.value = self.plot.png()
        self.caption.value = (f'<span style="font-size:1.15em"><b>Step {index} of {len(trace) - 1}:'
                              f"</b> {html_text(step.caption)}</span>")
        snapshot = self.plot.snapshot
        assert snapshot is not None  # the plot shows step index
        self.counter.value = counter_text(trace, snapshot.evaluated)
        if step.phase is not None:  # which pass, test or re-search is under way
            self.counter.value = f"{step.phase.label}  ·  {self.counter.value}"
        self.code.value = self._code_html(step.lines)
        self.phase_button.disabled = self._next_phase(index) is None
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == len(trace) - 1
        self.cutoff_button.disabled = self._next_cutoff(index) is None

    def _code_html(self, current: tuple[int, ...]) -> str:
        """The pseudocode as HTML, 13 px, in a column at least 41 characters
        wide (wider for a long pseudocode, see :func:`_code_columns`) that
        grows into the room a wider screen leaves beside the picture: long
        lines wrap under their own indentation only where the room ends."""
        rows = []
        for number, line in enumerate(self.trace.code, start=1):
            code = line.lstrip(" ")
            indent = len(line) - len(code)
            style, extra = (_CURRENT_LINE, ' class="gametree-code-current"') if number in current \
                else (_OTHER_LINE, "")
            rows.append(f'<div{extra} data-line="{number}" style="display:flex;padding-left:2px;{style}">'
                        f'<span style="flex:0 0 2.5ch;color:#777;text-align:right">{number}</span>'
                        f'<span style="flex:1 1 0;white-space:pre-wrap;padding-left:{indent + 1}ch;'
                        f'text-indent:0">{html.escape(code, quote=False)}</span></div>')
        return ('<div style="font-family:var(--jp-code-font-family,monospace);font-size:13px;'
                f'line-height:1.35;min-width:{self._code_columns}ch;max-width:{_WIDEST_CODE}ch;'
                'margin:0;padding:6px 6px 6px 2px;'
                'background:#FAFAFA;border:1px solid #E0E0E0;border-radius:4px">'
                + "".join(rows) + "</div>")

    def _next_cutoff(self, index: int) -> int | None:
        position = bisect.bisect_right(self._cutoffs, index)
        return self._cutoffs[position] if position < len(self._cutoffs) else None

    def _next_phase(self, index: int) -> int | None:
        position = bisect.bisect_right(self._phase_steps, index)
        return self._phase_steps[position] if position < len(self._phase_steps) else None

    def _on_phase(self, _button=None) -> None:
        target = self._next_phase(self.slider.value)
        if target is not None:
            self.slider.value = target

    def _nudge(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _on_cutoff(self, _button=None) -> None:
        target = self._next_cutoff(self.slider.value)
        if target is None:
            self._say(f"no cutoff after step {self.slider.value}: the rest of the search "
                      f"prunes nothing", level="info")
            return
        self.slider.value = target

    def _say(self, text: str, level: str = "error") -> None:
        self.message.layout.display = None if text else "none"
        self.message.value = message_html(text, level)

    def step_to(self, index: int) -> None:
        """Show step ``index`` (negative counts from the end), as if the
        slider were moved there."""
        self.slider.value = check_step(index, len(self.trace))

    def save_html(self, path) -> Path:
        """Write the search on display as a self-contained step-through page
        (:func:`gametree.view.html`) to ``path``, a name ending in
        ``.html``; returns the path.  The page needs no kernel."""
        from ..view.pages import save_html

        return save_html(self.trace, path)

    @property
    def state(self) -> Snapshot:
        """The state of every node at the step shown."""
        snapshot = self.plot.snapshot
        assert snapshot is not None  # the plot always shows a step of the trace
        return snapshot

    @property
    def alt_text(self) -> str:
        """The picture of the step shown, in words (for screen readers and
        places that show no pictures)."""
        return self.plot.alt_text()

    @property
    def message_text(self) -> str:
        """The message under the controls (a typo's explanation, say) as
        plain text; empty when there is none."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.message.value)).replace("\u26a0", "").strip()

    @property
    def highlighted(self) -> tuple[str, ...]:
        """The pseudocode lines highlighted at the step shown, as plain text.

        >>> from gametree import trace_alpha_beta
        >>> stepper = Stepper(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
        >>> stepper.step_to(13)
        >>> stepper.highlighted
        ('if alpha >= beta: prune the other children; break',)
        """
        lines = self.trace.code
        return tuple(lines[number - 1].strip() for number in self.trace[self.slider.value].lines)

    @property
    def caption_text(self) -> str:
        """The caption as plain text: ``Step i of n: <the step's caption>``."""
        index = self.slider.value
        return f"Step {index} of {len(self.trace) - 1}: {self.trace[index].caption}"

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a PNG of the step shown for places without a
        kernel (GitHub, nbviewer, nbconvert), which skip the widget view."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.image.value:
            bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
            bundle["text/plain"] = self.plot.alt_text()
            return bundle, {"image/png": {"alt": bundle["text/plain"]}}  # stored alt text
        return bundle


def _code_columns(lines: Sequence[str], height: int) -> int:
    """Characters across the pseudocode column: 41, or the fewest up to
    :data:`_MAX_CODE_COLUMNS` at which ``lines``, wrapped under their own
    indentation in 13 px rows, are no taller than ``height`` pixels.

    >>> from gametree.chance import chance_pseudocode
    >>> _code_columns(chance_pseudocode(), 456), _code_columns(chance_pseudocode(True), 456)
    (41, 60)
    """
    for columns in range(_CODE_COLUMNS, _MAX_CODE_COLUMNS + 1):
        rows = 0
        for line in lines:
            code = line.lstrip()
            rows += -(-(len(line) - len(code) + 1 + len(code)) // (columns - 4))
        if 12 + rows * 13 * 1.35 <= height:
            return columns
    return _MAX_CODE_COLUMNS


def _nested_text(nested) -> str:
    """A tree's nested lists written as a person types them, every score
    through :func:`gametree.text.fmt` (``1e3`` reads ``1000``, not ``1000.0``;
    a fraction ``1/6``), a chance node's outcomes as ``(probability, subtree)``.

    >>> _nested_text([[1000.0, 2.5], [-3, [4]]])
    '[[1000, 2.5], [-3, [4]]]'
    >>> _nested_text([(0.5, [3, 5]), (0.5, 1)])
    '[(0.5, [3, 5]), (0.5, 1)]'
    """
    if isinstance(nested, list):
        return "[" + ", ".join(_nested_text(item) for item in nested) + "]"
    if isinstance(nested, tuple):
        return "(" + ", ".join(_nested_text(item) for item in nested) + ")"
    return fmt(nested)


_ITEM = re.compile(r"[^\s\[\],]+")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def _parse_tree(text: str) -> Tree:
    """:func:`gametree.parse.parse_tree`, with the first item that is not a
    number named when the text cannot be read, as the leaf box does.

    >>> _parse_tree("[[3, x], [2, 9]]")
    Traceback (most recent call last):
    ...
    ValueError: could not read '[[3, x], [2, 9]]' as a tree: the 2nd item, 'x', is not a number; write scores like 3, -2 or 4.5 inside nested lists such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    """
    try:
        return parse_tree(text)
    except ValueError as error:
        if not str(error).startswith("could not read"):
            raise
        items = _ITEM.findall(text) if isinstance(text, str) else []
        for position, item in enumerate(items, start=1):
            if not _NUMBER.fullmatch(item):
                shown = " ".join(text.split())
                shown = repr(shown if len(shown) <= 40 else shown[:37] + "...")
                raise ValueError(
                    f"could not read {shown} as a tree: the {ordinal(position)} item, {item!r}, "
                    f"is not a number; write scores like 3, -2 or 4.5 inside nested lists such as "
                    f"[[3, 12, 8], [2, 4, 6], [14, 5, 2]]") from None
        raise
