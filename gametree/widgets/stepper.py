"""The step-through widget: drag a slider, or press Play, and watch
alpha-beta walk the tree (or expectiminimax, on a tree with chance nodes),
or any other steppable search: PVS and MTD(f) passes, max^n, the
iterations of a Monte-Carlo tree search.

:class:`Stepper` wires ipywidgets to the step-through protocol
(:mod:`gametree.view.steps`): the steppable's plot (for a tree search a
:class:`~gametree.view.draw.TracePlot`) draws step i in place on one
persistent figure, updating only what changed, and the picture is sent as
PNG bytes to one ``Image`` widget, so nothing flickers and no figures pile
up.  The caption, the counter and the pseudocode (with the lines being
executed highlighted) follow the slider; a button per jump list the
search offers ("next cutoff", "next pass", "next re-search", "next
iteration") jumps along it.  Play pauses where it is, at the speed chosen
beside it.  :class:`~gametree.widgets.mcts.MctsStepper` and
:class:`~gametree.widgets.predict.PredictStepper` are this widget with a
table of the root's moves, and with questions.

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

import ipywidgets as widgets

from ..checks import check_step
from ..games.mcts import MctsResult
from ..i18n import N_, check_language, get_language, using
from ..i18n import gettext as _
from ..parse import parse_leaves, parse_tree
from ..practice.shapes import ROOTS, with_root
from ..rules import CutRule
from ..solve import trace_search
from ..text import fmt, ordinal
from ..trace import Snapshot, Trace, turns
from ..tree import Tree, as_tree
from ..vectors import MaxnTree, trace_maxn
from ..view.draw import CELL_HEIGHT, CELL_WIDTH, MAX_WIDTH, SCREEN_DPI
from ..view.steps import KernelSteppable, TraceSteps, steps_of
from ..view.theme import theme_of
from .controls import PLAY_STYLE, close_all, controls_row, fixed_layout, message_html, play_control

__all__ = ["Stepper", "SPEEDS", "html_text", "code_html", "check_size"]

_OTHER_LINE = "border-left:4px solid transparent;"
_CHROME = 104
"""Pixels the controls, caption and counter take above the picture."""

SPEEDS = ((N_("slow"), 1600), (N_("normal"), 900), (N_("fast"), 400))
"""Play's speeds: milliseconds per step (the words in English; the
dropdown says them in the widget's language)."""

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
    if fit is not None:
        return _("{count} leaf scores and branching {branching} do not agree yet: the leaf count "
                 "must be a power of {branching}, such as {below} or {power}; type branching {fit} "
                 "for these {count} scores, or add or remove scores (the tree is drawn as soon as "
                 "both boxes agree)").format(count=count, branching=branching, below=below,
                                             power=power, fit=fit)
    return _("{count} leaf scores and branching {branching} do not agree yet: the leaf count must "
             "be a power of {branching}, such as {below} or {power}; add or remove scores (the "
             "tree is drawn as soon as both boxes agree)").format(
                 count=count, branching=branching, below=below, power=power)


def _is_power(count: int, base: int) -> bool:
    while count % base == 0 and count > 1:
        count //= base
    return count == 1


def _parse_branching(text: str) -> int:
    text = text.strip()
    if not text:
        raise ValueError(_("type the branching factor (children per node), e.g. 3"))
    try:
        value = int(text)
    except ValueError:
        raise ValueError(_("branching is {text}; type a whole number such as 2 or 3 (children per "
                           "node)").format(text=repr(text))) from None
    if value < 2:
        raise ValueError(_("branching is {value}; every internal node needs at least 2 children, so "
                           "type 2 or more").format(value=value))
    return value


class Stepper(widgets.VBox):
    """Step through a search with a slider, Play and buttons: alpha-beta on
    a tree, or anything steppable (:mod:`gametree.view.steps`).

    Parameters
    ----------
    trace_or_tree : Trace, Tree, MctsResult, steppable, or anything :func:`gametree.as_tree` accepts
        What to step through: a recorded :class:`~gametree.trace.Trace`
        (alpha-beta, chance, PVS and MTD(f) passes, max^n), or a tree
        (alpha-beta is run on it, or expectiminimax if it has chance nodes:
        :func:`gametree.trace_search`).  A max^n trace
        (:func:`gametree.trace_maxn`) or :class:`~gametree.vectors.MaxnTree`
        is stepped with a vector at each node
        (:class:`~gametree.view.maxn.MaxnPlot`); a recorded
        :func:`~gametree.games.uct_search` iteration by iteration
        (:class:`~gametree.view.steps.MctsSteps`); any
        :class:`~gametree.view.steps.KernelSteppable` as it is.
    branching : int, optional
        With a flat list of leaf scores, the children per node.
    strict : bool
        For a tree: cut on alpha > beta instead of alpha >= beta.  A Trace
        keeps the rule it was recorded with.
    editable : bool
        Add text boxes to type a new tree and a switch for the cut rule.
        The trees typed in are searched as the trace shown was: alpha-beta
        (or expectiminimax), PVS, or MTD(f) (from the same first guess).
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
    wide : bool
        True: the picture always takes the whole width and the pseudocode
        folds away under it, for a tree whose labels need the room beside
        the pseudocode would not give (moves in SAN on every edge); False
        (the default): the pseudocode stands beside a picture that fits.
    theme : Theme, str or mapping, optional
        The colours of the widget and its picture
        (:func:`gametree.view.theme.theme_of`; by default today's look).
    colors : mapping, optional
        Colours merged over ``theme`` (python-chess's ``colors=``), e.g.
        ``{"current": "#ff00ff"}``.
    lang : str, optional
        The language of the buttons, captions and messages: ``"en"``,
        ``"da"``, ``"hi"`` or ``"ko"`` (:mod:`gametree.i18n`); by default
        the language in force when the widget is made.

    Attributes
    ----------
    steps : KernelSteppable
        The search shown, as the step-through protocol reads it.
    trace : Trace or None
        The recorded tree search shown (None for a steppable that is not a
        tree search, such as MCTS iterations).
    theme : Theme
        The colours in use.
    lang : str
        The widget's language code.
    slider : IntSlider
        The step, from 0 to ``len(steps) - 1``.
    play : Play
        Linked to the slider in the browser (``play_link``); its button
        plays and pauses.  Slider and Play are made anew for each tree.
    speed : Dropdown
        Play's speed: milliseconds per step (:data:`SPEEDS`).
    prev_button, next_button : Button
        One step back, one step on.
    cutoff_button, phase_button, iteration_button : Button
        On to the next step of a jump list (:data:`~gametree.view.steps.JUMPS`),
        each shown only for a search that has that list: the next cutoff
        (any tree search); the next pass ("next pass", MTD(f)) or
        re-search ("next re-search", PVS); the next iteration's SELECT
        (MCTS).
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
    plot : StepPlot
        The drawing behind ``image`` (a TracePlot for a tree search).
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

    _CSS = "stepper"
    """The widget's CSS class, ``gametree-<_CSS>``."""
    _CAPTION_HEIGHT = "1.6em"
    _CHROME = _CHROME
    """Pixels the controls, caption and counter take above the picture."""

    def __init__(self, trace_or_tree, *, branching: int | None = None, strict: bool = False,
                 editable: bool = False, size: tuple[int, int] = (CELL_WIDTH, CELL_HEIGHT),
                 players: Sequence[str] | None = None, theme=None, colors=None,
                 lang: str | None = None, wide: bool = False):
        self.lang = get_language() if lang is None else check_language(lang)
        with using(self.lang):
            self._build(trace_or_tree, branching=branching, strict=strict, editable=editable,
                        size=size, players=players, theme=theme, colors=colors, wide=wide)

    def _build(self, trace_or_tree, *, branching, strict, editable, size, players, theme,
               colors, wide=False) -> None:
        """What ``__init__`` does, in the widget's language."""
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {strict!r}")
        if not isinstance(wide, bool):
            raise TypeError(f"wide must be True or False, not {wide!r}")
        self._wide = wide
        check_size(size, 600, 400)
        self._size = size
        self.theme = theme_of(theme) if colors is None else theme_of(theme).merged(colors)
        steps = _steps_for(trace_or_tree, branching=branching, strict=strict, editable=editable,
                           players=players)
        self._busy = False  # True while the widget changes its own boxes or slider
        self._slider_widgets: tuple[widgets.Widget, ...] = ()  # slider, Play, link: _new_slider
        self._make_controls()
        # In a narrow cell (a side panel open) the row wraps: the buttons keep
        # their words and the slider moves to the next line.
        self._controls = controls_row()
        self._picture = widgets.Box(layout=widgets.Layout(width="100%"))
        children = [widgets.HTML(PLAY_STYLE, layout=widgets.Layout(display="none")), self._controls,
                    self.caption, self.counter, self._picture, self.message]
        if editable:
            assert isinstance(steps, TraceSteps)  # _steps_for refuses editable for the others
            children.append(self._editor(steps.trace))
        super().__init__(children, layout=widgets.Layout(width="100%"))
        for widget, name in ((self, self._CSS), (self.caption, "caption"), (self.image, "image"),
                             (self.code, "code"), (self.counter, "counter"),
                             (self.message, "message"), (self.next_button, "next"),
                             (self.prev_button, "prev"), (self.cutoff_button, "cutoff"),
                             (self.phase_button, "phase"), (self.iteration_button, "next-iteration"),
                             (self.speed, "speed")):
            widget.add_class(f"gametree-{name}")
        self._set_steps(steps)

    def _make_controls(self) -> None:
        """The buttons, the speed, the caption, counter, code, image and message."""
        self.prev_button = widgets.Button(description=_("previous"), icon="step-backward",
                                          tooltip=_("one step back"), layout=fixed_layout())
        self.next_button = widgets.Button(description=_("next"), icon="step-forward",
                                          tooltip=_("one step on"), layout=fixed_layout())
        self.cutoff_button = widgets.Button(description=_("next cutoff"), icon="scissors",
                                            tooltip=_("jump to the next cutoff"),
                                            layout=fixed_layout())
        self.phase_button = widgets.Button(description=_("next pass"), icon="forward",
                                           tooltip=_("jump to the next pass or re-search"),
                                           layout=fixed_layout())
        self.iteration_button = widgets.Button(description=_("next iteration"), icon="forward",
                                               tooltip=_("on to the next iteration's SELECT"),
                                               layout=fixed_layout())
        self.speed = widgets.Dropdown(options=[(_(word), ms) for word, ms in SPEEDS], value=900, description=_("speed"),
                                      tooltip=_("how fast Play steps"),
                                      style={"description_width": "initial"},
                                      layout=fixed_layout("9.5em"))
        self.caption = widgets.HTML(layout=widgets.Layout(min_height=self._CAPTION_HEIGHT))
        self.counter = widgets.Label(style={"font_weight": "bold", "font_size": "1.05em"})
        self.code = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.message = widgets.HTML(layout=widgets.Layout(display="none"))
        self.prev_button.on_click(lambda _: self._nudge(-1))
        self.next_button.on_click(lambda _: self._nudge(+1))
        self.cutoff_button.on_click(self._on_cutoff)
        self.phase_button.on_click(self._on_phase)
        self.iteration_button.on_click(self._on_iteration)
        self.speed.observe(self._on_speed, names="value")

    # --- the editor ---------------------------------------------------------

    def _editor(self, trace: Trace) -> widgets.Widget:
        text = {"continuous_update": False, "style": {"description_width": "initial"}}
        # Placeholders read as instructions, so an empty box never looks filled in.
        self.leaves_box = widgets.Text(description=_("leaf scores"),
                                       placeholder=_("type scores, then Enter"),
                                       layout=widgets.Layout(flex="1 1 auto"), **text)
        self.branching_box = widgets.Text(description=_("branching"), placeholder=_("e.g. 2"),
                                          layout=widgets.Layout(width="10em"), **text)
        self.tree_box = widgets.Text(description=_("or a tree as nested lists"),
                                     placeholder=_("type nested lists, then Enter"),
                                     layout=widgets.Layout(width="100%"), **text)
        rules = (CutRule.TIES, CutRule.STRICT)
        self.rule_toggle = widgets.ToggleButtons(
            options=[(f"{rule.test} ({rule.source})", rule.strict) for rule in rules],
            tooltips=[rule.words for rule in rules], value=CutRule.of(trace.strict).strict,
            description=_("cut when"), style={"button_width": "auto", "description_width": "initial"})
        self.root_toggle = widgets.ToggleButtons(
            options=[(_("{player} at the root").format(player=who), who) for who in ROOTS],
            value=trace.tree.root.player.value, description=_("who moves first"),
            tooltips=[_("{player} moves at the root").format(player=who) for who in ROOTS],
            style={"button_width": "auto", "description_width": "initial"})
        self.apply_button = widgets.Button(description=_("draw this tree"), icon="check",
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

    def _edited(self) -> Trace:
        """The tree search shown (the editor is made only for one)."""
        assert self.trace is not None
        return self.trace

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
        with using(self.lang):  # its messages in the widget's language
            return self._apply()

    def _apply(self) -> bool:
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
            shown = self._edited()
            cycle = shown.tree.players
            tree = tree.with_players(cycle) if cycle is not None else \
                with_root(tree, self.root_toggle.value)
            trace = _search_again(shown, tree, self.rule_toggle.value)
            self._set_trace(trace)
        except (ValueError, TypeError) as error:
            self._say(str(error))
            return False
        self._fill_boxes(trace.tree)
        return True

    def _on_rule(self, change) -> None:
        if self._busy:
            return
        shown = self._edited()
        if _fixed_rule(shown):  # no cut rule to switch (the toggle is disabled)
            return
        try:
            self._set_trace(_search_again(shown, shown.tree, change["new"]))
        except (ValueError, TypeError) as error:  # pragma: no cover - the tree was drawn before
            self._say(str(error))

    def _on_root(self, change) -> None:
        if self._busy:
            return
        try:
            shown = self._edited()
            tree = with_root(shown.tree, change["new"])
            self._set_trace(_search_again(shown, tree, self.rule_toggle.value))
        except (ValueError, TypeError) as error:  # pragma: no cover - the tree was drawn before
            self._say(str(error))

    # --- stepping -------------------------------------------------------------

    def _set_trace(self, trace: Trace) -> None:
        """Show a new tree search from step 0 (raises ValueError for a tree
        too big to draw, leaving the old one)."""
        with using(self.lang):  # the pseudocode and picture in the widget's language
            self._set_steps(TraceSteps(trace))

    def _set_steps(self, steps: KernelSteppable) -> None:
        """Show ``steps`` from step 0 (raises ValueError for a tree too big
        to draw, leaving the old one)."""
        with using(self.lang):
            self._show_steps(steps)

    def _show_steps(self, steps: KernelSteppable) -> None:
        self._code_columns = self._columns_for(steps.code)
        mode, width, height, view = self._geometry(steps)
        plot = steps.plot(figsize=(width / SCREEN_DPI, height / SCREEN_DPI), theme=self.theme)
        self.steps, self.plot = steps, plot
        self.trace = steps.trace if isinstance(steps, TraceSteps) else None
        self.picture_size, self.layout_mode = (width, height), mode
        jumps = steps.jumps
        self._cutoffs = list(jumps.get("cutoffs", ()))
        self._phase_steps = sorted({*jumps.get("passes", ()), *jumps.get("re-searches", ())})
        self._iterations = list(jumps.get("iterations", ()))
        self.phase_button.description = _("next re-search") if jumps.get("re-searches") else _("next pass")
        self._new_slider(len(steps) - 1, cutoffs="cutoffs" in jumps)
        self.image.layout = widgets.Layout(width=f"{width}px", height=f"{height}px",
                                           min_width=f"{width}px", max_width="none")
        self.code.value = self._code_html(steps.lines(0))
        if hasattr(self, "rule_toggle"):  # a tree with chance nodes has no cut rule to switch
            self.rule_toggle.disabled = _fixed_rule(self.trace)
        self._place_picture(mode, view)
        self._say("")
        self._show(0)

    def _place_picture(self, mode: str, view: int) -> None:
        """The picture in a frame ``view`` pixels wide (it scrolls when
        wider), the pseudocode beside it or folded under it."""
        picture = self._framed_picture()
        frame = widgets.Box([picture], layout=widgets.Layout(
            width=f"{view}px", max_width="100%", overflow="auto hidden",
            flex="0 1 auto"))
        old = self._picture.children
        if mode == "beside":
            # The column takes what the picture leaves of the row: at 1280x720 its
            # planned width, on a wider screen more, so the lines stop wrapping.
            column = self._column()
            self._picture.children = [widgets.HBox([frame, column], layout=widgets.Layout(
                width="100%", flex_flow="row wrap", align_items="flex-start"))]
        else:
            self.code.layout = widgets.Layout(width="auto")
            fold = widgets.Accordion([self.code], titles=(_("pseudocode"),), selected_index=None)
            fold.add_class("gametree-code-fold")
            self._picture.children = [widgets.VBox([frame, fold], layout=widgets.Layout(width="100%"))]
        for box in old:
            close_all(box, keep={self.image, self.code, picture, *self._kept()})

    def _column(self) -> widgets.Widget:
        """What goes beside the picture: the pseudocode (a subclass may add
        to it)."""
        self.code.layout = widgets.Layout(flex="1 1 0", margin="0 0 0 10px",
                                          min_width=f"{self._code_columns}ch")
        return self.code

    def _kept(self) -> tuple[widgets.Widget, ...]:
        """Widgets of the column that live on when the picture is replaced."""
        return ()

    def _columns_for(self, code: Sequence[str]) -> int:
        """Characters across the pseudocode column (see :func:`_code_columns`)."""
        return _code_columns(code, self._size[1] - self._CHROME)

    def _framed_picture(self) -> widgets.Widget:
        """What goes in the picture's frame: the image (a subclass may lay
        buttons over it)."""
        return self.image

    def _geometry(self, steps: KernelSteppable) -> tuple[str, int, int, int]:
        """Where the picture goes ("beside" the pseudocode, or above it,
        "below"), its width and height in pixels, and the width of the view
        onto it (narrower when it scrolls)."""
        cell_width, cell_height = self._size
        need = steps.width() + 8
        beside = cell_width - round(_CODE_WIDTH * self._code_columns / _CODE_COLUMNS) - 12
        height = cell_height - self._CHROME
        if need <= beside and not self._wide:
            return "beside", beside, height, beside
        width = round(min(max(need, cell_width), MAX_WIDTH))
        scrollbar = _SCROLLBAR if width > cell_width else 0
        return "below", width, height - _FOLD - scrollbar, cell_width

    def _new_slider(self, last: int, *, cutoffs: bool = True) -> None:
        """A new slider and Play for steps 0 to ``last``.  The browser's
        slider keeps the range it was made with for its End key, so a new
        tree gets a new slider rather than a new maximum."""
        old = self._slider_widgets
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, description=_("step"),
                                        continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 auto", min_width="200px"))
        self.play = play_control(last, self.speed.value)
        self.play_link = widgets.jslink((self.play, "value"), (self.slider, "value"))
        self._slider_widgets = (self.slider, self.play, self.play_link)
        self.slider.observe(self._on_slider, names="value")
        self.slider.add_class("gametree-slider")
        jumps = [button for button, shown in ((self.cutoff_button, cutoffs),
                                              (self.phase_button, bool(self._phase_steps)),
                                              (self.iteration_button, bool(self._iterations)))
                 if shown]
        self._controls.children = [self.play, self.prev_button, self.next_button, self.slider,
                                   *jumps, self.speed]
        for widget in old:
            widget.close()

    def _on_speed(self, change) -> None:
        self.play.interval = change["new"]

    def _on_slider(self, change) -> None:
        if not self._busy:
            self._show(change["new"])

    def _show(self, index: int) -> None:
        with using(self.lang):
            self._show_step(index)

    def _show_step(self, index: int) -> None:
        steps = self.steps
        self.plot.show(index)
        self.image.value = self.plot.png()
        step = _("Step {index} of {last}:").format(index=index, last=len(steps) - 1)
        self.caption.value = (f'<span style="font-size:1.15em"><b>{step}'
                              f"</b> {html_text(steps.caption(index))}</span>")
        self.counter.value = steps.counter(index)
        self.code.value = self._code_html(steps.lines(index))
        last = len(steps) - 1
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == last
        self.cutoff_button.disabled = _next_in(self._cutoffs, index) is None
        self.phase_button.disabled = _next_in(self._phase_steps, index) is None
        self.iteration_button.disabled = _next_in(self._iterations, index) is None

    def _code_html(self, current: Sequence[int]) -> str:
        """The pseudocode as HTML (:func:`code_html`), in a column at least
        :attr:`_code_columns` characters wide."""
        return code_html(self.steps.code, current, self.theme, self._code_columns)

    def _next_cutoff(self, index: int) -> int | None:
        return _next_in(self._cutoffs, index)

    def _next_phase(self, index: int) -> int | None:
        return _next_in(self._phase_steps, index)

    def _on_phase(self, _button=None) -> None:
        target = self._next_phase(self.slider.value)
        if target is not None:
            self.slider.value = target

    def _on_iteration(self, _button=None) -> None:
        target = _next_in(self._iterations, self.slider.value)
        if target is not None:
            self.slider.value = target

    def _nudge(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _on_cutoff(self, _button=None) -> None:
        target = self._next_cutoff(self.slider.value)
        if target is None:
            with using(self.lang):
                self._say(_("no cutoff after step {index}: the rest of the search prunes "
                            "nothing").format(index=self.slider.value), level="info")
            return
        self.slider.value = target

    def _say(self, text: str, level: str = "error") -> None:
        self.message.layout.display = None if text else "none"
        self.message.value = message_html(text, level, theme=self.theme)

    def step_to(self, index: int) -> None:
        """Show step ``index`` (negative counts from the end), as if the
        slider were moved there."""
        self.slider.value = check_step(index, len(self.steps))

    def save_html(self, path) -> Path:
        """Write the search on display as a self-contained step-through page
        (:func:`gametree.view.html`) to ``path``, a name ending in
        ``.html``; returns the path.  The page needs no kernel; its colours
        and pictures are in the stepper's theme."""
        from ..view.pages import save_html

        return save_html(self.trace if self.trace is not None else self.steps, path,
                         theme=self.theme)

    @property
    def state(self) -> Snapshot:
        """The state of every node at the step shown (a tree search only)."""
        snapshot = getattr(self.plot, "snapshot", None)
        if snapshot is None:
            raise AttributeError(f"a {type(self.steps).__name__} has no tree-search state; "
                                 f"read caption_text and alt_text instead")
        return snapshot

    @property
    def alt_text(self) -> str:
        """The picture of the step shown, in words (for screen readers and
        places that show no pictures)."""
        with using(self.lang):
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
        lines = self.steps.code
        return tuple(lines[number - 1].strip() for number in self.steps.lines(self.slider.value))

    @property
    def caption_text(self) -> str:
        """The caption as plain text: ``Step i of n: <the step's caption>``."""
        index = self.slider.value
        with using(self.lang):
            return _("Step {index} of {last}: {caption}").format(
                index=index, last=len(self.steps) - 1, caption=self.steps.caption(index))

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a PNG of the step shown for places without a
        kernel (GitHub, nbviewer, nbconvert), which skip the widget view."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.image.value:
            bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
            bundle["text/plain"] = self.plot.alt_text()
            return bundle, {"image/png": {"alt": bundle["text/plain"]}}  # stored alt text
        return bundle


def _next_in(indices: list[int], index: int) -> int | None:
    """The first of the sorted ``indices`` after ``index``; None if none is."""
    position = bisect.bisect_right(indices, index)
    return indices[position] if position < len(indices) else None


def check_size(size, least_width: int, least_height: int) -> None:
    """Raise TypeError unless ``size`` is (width, height) in whole pixels,
    ValueError unless it is from (``least_width``, ``least_height``) to
    (:data:`~gametree.view.draw.MAX_WIDTH`, 2000).

    >>> check_size((599, 560), 600, 400)
    Traceback (most recent call last):
    ...
    ValueError: size (599, 560) is out of range; give a width from 600 to 2400 and a height from 400 to 2000 pixels
    """
    if not (isinstance(size, tuple) and len(size) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
        raise TypeError(f"size must be (width, height) in whole pixels, not {size!r}")
    if not (least_width <= size[0] <= MAX_WIDTH and least_height <= size[1] <= 2000):
        raise ValueError(f"size {size} is out of range; give a width from {least_width} to "
                         f"{MAX_WIDTH} and a height from {least_height} to 2000 pixels")


_RESEARCHED = {"PVS": "trace_pvs", "MTD(f)": "trace_mtdf"}
"""The searches the editable stepper runs again on a typed tree, besides
alpha-beta and expectiminimax: :mod:`gametree.games.windows`' recorders."""


def _check_trace(trace: Trace, *, branching, strict: bool, editable: bool, players) -> None:
    if branching is not None:
        raise TypeError("give branching only with a flat list of leaf scores, not with a Trace")
    if players is not None:
        raise TypeError("give players only with a tree, not with a Trace: a trace keeps "
                        "the players it was recorded with")
    if strict and not trace.strict:
        raise ValueError("this trace was recorded cutting on alpha >= beta; pass the tree "
                         "instead of the trace to search it with strict=True")
    if editable and (trace.search == "maxn" or (trace.notes is not None
                                                and trace.name not in _RESEARCHED)):
        raise ValueError(f"editable=True re-runs the search on the trees typed in, so it "
                         f"cannot show a {trace.name} trace; drop editable=True")


def _steps_for(obj, *, branching, strict: bool, editable: bool, players) -> KernelSteppable:
    """What the Stepper steps through for ``obj`` (see its parameters)."""
    if isinstance(obj, Trace):
        _check_trace(obj, branching=branching, strict=strict, editable=editable, players=players)
        return TraceSteps(obj)
    if isinstance(obj, MaxnTree):
        if branching is not None or players is not None or editable:
            raise TypeError("a max^n tree is stepped as it is: drop branching, players and "
                            "editable (its vectors say how many players take turns)")
        return TraceSteps(trace_maxn(obj))
    if isinstance(obj, (MctsResult, KernelSteppable)):
        if branching is not None or players is not None or editable or strict:
            raise TypeError(f"a {type(obj).__name__} is stepped as it is: drop branching, "
                            f"strict, players and editable")
        steps = steps_of(obj)
        assert isinstance(steps, KernelSteppable)  # both of the above are
        return steps
    return TraceSteps(trace_search(as_tree(obj, branching, players=players), strict=strict))


def _search_again(trace: Trace, tree: Tree, strict: bool) -> Trace:
    """``tree`` searched as ``trace`` was: PVS, MTD(f) from the same first
    guess (its first pass tests beta = the guess), or else alpha-beta
    (expectiminimax with chance nodes)."""
    if trace.notes is not None and trace.name in _RESEARCHED:
        from ..games import windows

        search = getattr(windows, _RESEARCHED[trace.name])
        if trace.name == "PVS":
            return search(tree, strict=strict)
        return search(tree, guess=trace.phases[0].beta)
    return trace_search(tree, strict=strict)


def _fixed_rule(trace: Trace | None) -> bool:
    """Whether the cut rule of the trees searched like ``trace`` cannot be
    switched: a tree with chance nodes has none; MTD(f) tests null windows."""
    return trace is None or trace.tree.has_chance or (trace.notes is not None
                                                      and trace.name == "MTD(f)")


def code_html(code: Sequence[str], current: Sequence[int], theme=None, columns: int = 0) -> str:
    """``code`` (one string per line) as HTML, 13 px, the lines numbered
    ``current`` (from 1) highlighted, in a column at least ``columns``
    characters wide (wider for a long pseudocode, see :func:`_code_columns`)
    that grows into the room a wider screen leaves beside the picture: long
    lines wrap under their own indentation only where the room ends.

    >>> html = code_html(["def f():", "    return 1"], [2])
    >>> html.count("gametree-code-current"), 'data-line="2"' in html
    (1, True)
    """
    theme = theme_of(theme)
    current_line = (f"background:{theme['highlight']};border-left:4px solid {theme['current']};"
                    "font-weight:bold;")
    rows = []
    for number, line in enumerate(code, start=1):
        text = line.lstrip(" ")
        indent = len(line) - len(text)
        style, extra = (current_line, ' class="gametree-code-current"') if number in current \
            else (_OTHER_LINE, "")
        rows.append(f'<div{extra} data-line="{number}" style="display:flex;padding-left:2px;{style}">'
                    f'<span style="flex:0 0 2.5ch;color:{theme["faint text"]};text-align:right">'
                    f'{number}</span>'
                    f'<span style="flex:1 1 0;white-space:pre-wrap;word-break:keep-all;'
                    f'padding-left:{indent + 1}ch;text-indent:0">'  # keep-all: Hangul breaks between words
                    f'{html.escape(text, quote=False)}</span></div>')
    width = f"min-width:{columns}ch;" if columns else ""
    return ('<div style="font-family:var(--jp-code-font-family,monospace);font-size:13px;'
            f'line-height:1.35;{width}max-width:{_WIDEST_CODE}ch;'
            'margin:0;padding:6px 6px 6px 2px;'
            f'background:{theme["code background"]};border:1px solid {theme["code border"]};'
            'border-radius:4px">' + "".join(rows) + "</div>")


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
