"""The practice widget: do alpha-beta by hand on a seeded tree, press
"Check", and see every mistake marked on the drawing with the reason.

:class:`PracticeWidget` wires ipywidgets to the pure checker in
:mod:`gametree.practice`: controls pick the tree (seed, branching, depth),
the cut rule, the move ordering, where alpha and beta are asked and the
task (search by hand, or reorder the children to prune the most).  The
student types a value per node (and alpha and beta where asked) and ticks
the branches they prune, in the cards under the drawing or on the drawing
itself: clicking an edge (or Tab to it and Enter) crosses it out, clicking
a node puts the cursor in its value box (see :mod:`gametree.widgets.clicks`).
What the student selected is framed dashed in the palette's ``"selected"``
blue, so it never looks like a mistake; "Check" outlines wrong nodes in
solid red on the drawing and lists why; "Show solution" opens a :class:`~gametree.widgets.stepper.Stepper`
on the real search.  A typo in a box gives a message in the widget, never
a traceback.

:func:`draw_answer` draws an answer with its mistakes as a plain
matplotlib Figure, for notebooks seen without a kernel and for print.
"""

from __future__ import annotations

import base64
import html
import io
import math
import re

import ipywidgets as widgets
import traitlets

from ..checks import check_branching, check_depth, check_flag, check_leaf_count
from ..i18n import check_language, get_language, ngettext, using
from ..i18n import gettext as _
from ..parse import parse_leaves
from ..practice import (
    Answer,
    Exercise,
    Mistake,
    MistakeKind,
    ReorderVerdict,
    check,
    check_reorder,
    parse_value,
)
from ..practice.exercise import BOUNDS, ORDERINGS, TASKS, check_choice, check_seed
from ..practice.shapes import ROOTS, check_root
from ..text import fmt, pretty
from ..trace import trace_alpha_beta
from ..tree import Value
from ..view.draw import TracePlot, TreeFigure, counter_text, screen_dpi
from ..view.hotspots import hotspots
from ..view.look import subtrees
from ..view.style import COLORS, Line, Marks, node_id, palette
from ..view.theme import Theme, theme_of
from .clicks import TreeClicks
from .controls import close_all, message_html, speaking
from .stepper import Stepper

__all__ = ["PracticeWidget", "draw_answer", "SeedBox", "MISTAKE_COLOR", "MAX_PRACTICE_LEAVES",
           "MAX_SEED_DIGITS"]

MISTAKE_COLOR = COLORS["mistake"]
"""Outline of a node with a mistake by default (Paul Tol's vibrant red):
the palette's ``"mistake"`` (:data:`gametree.view.style.COLORS`)."""

MAX_PRACTICE_LEAVES = 32
"""Largest tree offered: 32 leaves is already a long exercise by hand."""

MAX_SEED_DIGITS = 100
"""Longest seed the seed box reads.  Every seed a sheet prints is far
shorter (the command line takes sheet seeds of up to 18 digits, whose
exercises have seeds of up to 21)."""



def _style(theme: Theme) -> str:
    """The widget's CSS in a theme's colours: a wrong box solid in
    ``"mistake"``, the card of the node clicked dashed in ``"selected"``."""
    mistake, selected = theme["mistake"], theme["selected"]
    return f"""<style>
.gametree-practice .gametree-wrong input {{ border: 2px solid {mistake} !important;
  background: {theme["mistake background"]}; }}
.gametree-practice .gametree-wrong input[type=checkbox] {{ outline: 2px solid {mistake}; }}
.gametree-practice .gametree-node-card {{ border: 1px solid {theme["code border"]}; border-radius: 4px;
  padding: 2px 4px; margin: 2px; }}
.gametree-practice .gametree-chosen {{ border: 2px dashed {selected}; }}
</style>"""


# --- drawing an answer ------------------------------------------------------------


def themed(colors=None, theme=None) -> tuple[Theme, dict[str, str]]:
    """The theme a practice drawing is drawn in: ``theme`` (see
    :func:`gametree.view.theme.theme_of`) with ``colors`` (keys of
    :data:`gametree.view.style.COLORS`, checked) merged over it, and the
    palette of those shared colours.

    >>> theme, colors = themed({"mistake": "black"})
    >>> theme["mistake"], colors["mistake"], theme["selected"] == colors["selected"]
    ('#000000', '#000000', True)
    """
    base = theme_of(theme)
    colors = palette(colors, theme=base)
    return base.merged(colors), colors


def draw_answer(exercise: Exercise, answer: Answer | None = None,
                mistakes: list[Mistake] | tuple = (), *, chosen: str | None = None,
                colors=None, theme=None) -> TracePlot:
    """The exercise's tree with a student's answer written on it.

    Values go inside the nodes, alpha and beta beside them; the branches
    the student crossed out are drawn pruned, as the search draws the
    branches it cuts off (grey and dashed, a cross where the cut is); the
    node ``chosen`` (clicked, its value being typed) is outlined dashed in
    the palette's ``"selected"`` blue; every node with a mistake is outlined
    solid and thick in ``"mistake"`` red (:data:`MISTAKE_COLOR`), and so is
    the edge into a node whose pruning is wrong: solid where a cutoff was
    missed, dashed where a branch that must be searched was crossed out.
    Nothing but a mistake is drawn in the mistake colour.

    ``theme`` (see :func:`gametree.view.theme.theme_of`) gives the colours;
    ``colors`` is merged over it (keys of :data:`gametree.view.style.COLORS`:
    ``"selected"``, ``"mistake"``, ``"pruned edge"``).

    Returns the :class:`~gametree.view.draw.TracePlot`; its ``figure`` shows
    itself in a notebook.

    Examples
    --------
    >>> from gametree.practice import Exercise, Answer, check
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    >>> answer = Answer(values={"A": 3, "B": 3, "C": 2, "D": 5}, pruned={"I", "J"})
    >>> plot = draw_answer(exercise, answer, check(exercise, answer))
    >>> plot.title
    'your answer: 1 mistake, outlined in red'
    >>> plot.node_look("D").text, plot.edge_look("I").crossed
    ('5', True)
    """
    theme, _colors = themed(colors, theme)
    plot = TracePlot(exercise.tree, caption=False, theme=theme)
    if answer is None and chosen is None:
        if isinstance(plot.figure, TreeFigure):
            plot.figure.alt_text = plot.alt_text()  # the plain tree, in words
        return plot
    answer = Answer() if answer is None else answer
    tree = plot.tree
    pruned = subtrees(tree.nodes, {tree[name].id for name in answer.pruned})
    text = _values_written(tree, answer, pruned)
    mistakes = [m for m in mistakes if m.kind is not MistakeKind.EMPTY]
    title = _answer_title(answer, mistakes)
    marks = Marks(text=text, window=_windows_written(tree, answer, pruned), title=title,
                  pruned=pruned)
    marks = marks.merged(_mistake_marks(tree, mistakes, theme, pruned,
                                        None if chosen is None else node_id(tree, chosen)))
    plot.show(None, **marks.fields())
    written = ", ".join(f"{tree[i].name} = {shown}" for i, shown in sorted(text.items()))
    crossed = ", ".join(sorted(answer.pruned)) or _("nothing")
    if isinstance(plot.figure, TreeFigure):  # it shows this as the picture's alt text
        plot.figure.alt_text = _("{picture}; {title}. Values written: {written}; crossed out: "
                                 "{crossed}; mistakes at: {mistakes}.").format(
            picture=plot.alt_text()[:-1], title=title, written=written or _("none"), crossed=crossed,
            mistakes=", ".join(m.node for m in mistakes) or _("none"))
    return plot


def _values_written(tree, answer: Answer, pruned) -> dict[int, str]:
    """The values the student typed at internal nodes they did not cross out."""
    return {tree[name].id: pretty(value) for name, value in answer.values.items()
            if tree[name].id not in pruned and not tree[name].is_leaf and not math.isinf(value)}


def _windows_written(tree, answer: Answer, pruned) -> dict[int, str]:
    """The alpha and beta the student typed, as windows ("?" for one left out)."""
    window = {}
    for node in tree:
        alpha, beta = answer.alphas.get(node.name), answer.betas.get(node.name)
        if node.is_leaf or node.id in pruned or (alpha is None and beta is None):
            continue
        window[node.id] = (f"\u03b1={pretty(alpha) if alpha is not None else '?'}\n"
                           f"\u03b2={pretty(beta) if beta is not None else '?'}")
    return window


def _answer_title(answer: Answer, mistakes) -> str:
    """The drawing's title: how many mistakes, or that nothing is filled in."""
    if not (answer.values or answer.pruned or answer.alphas or answer.betas):
        return _("your answer: nothing filled in yet")
    count = len(mistakes)
    return (_("your answer: no mistakes") if not count else
            ngettext("your answer: {count} mistake, outlined in red",
                     "your answer: {count} mistakes, outlined in red", count).format(count=count))


def _mistake_marks(tree, mistakes, theme: Theme, pruned=frozenset(), chosen: int | None = None) -> Marks:
    """Marks for the node ``chosen`` (outlined dashed in ``"selected"``,
    unless crossed out) and for ``mistakes``: nodes outlined solid in
    ``"mistake"``, and the edge into a node whose pruning is wrong (solid
    for a missed cutoff, dashed for a branch wrongly crossed out)."""
    mistake = theme["mistake"]
    outline = {}
    if chosen is not None and chosen not in pruned:
        outline[chosen] = Line(theme["selected"], 3.0, dashed=True)
    edges = {}
    for m in mistakes:
        i = tree[m.node].id
        outline[i] = Line(mistake, 3.2)
        if m.kind in (MistakeKind.MISSED_CUTOFF, MistakeKind.OVER_PRUNED) and i:
            edges[i] = Line(mistake, 2.6, dashed=m.kind is MistakeKind.OVER_PRUNED)
    return Marks(outline=outline, edges=edges)


def _png(plot: TracePlot) -> bytes:
    out = io.BytesIO()
    plot.figure.savefig(out, format="png", dpi=screen_dpi(plot.figure))
    return out.getvalue()


# --- the widget --------------------------------------------------------------------


class _SeedText(traitlets.Unicode):
    """Text; a whole number given in Python is written as its digits."""

    def validate(self, obj, value):
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class SeedBox(widgets.Text):
    """The seed, typed as digits: any whole number from 0, however large (up
    to :data:`MAX_SEED_DIGITS` digits), so every seed a sheet prints opens
    its own tree.  A number box would not do: a bounded one clamps, and a
    browser keeps numbers exactly only up to 2**53.

    ``box.value = 42001`` is read as ``"42001"``; :attr:`seed` is the number.

    >>> box = SeedBox(value=10**20 + 7)
    >>> box.value, box.seed
    ('100000000000000000007', 100000000000000000007)
    """

    value = _SeedText(help="The seed, as typed").tag(sync=True)

    @property
    def seed(self) -> int:
        """The seed typed.  Raises ValueError, with a sentence, for anything
        but a whole number from 0 written with the digits 0-9."""
        text = self.value.strip()
        if not text.isascii() or not re.fullmatch(r"[0-9]+", text):
            shown = text if len(text) <= 20 else text[:17] + "..."
            raise ValueError(f"the seed is {shown!r}; type a whole number from 0 with the "
                             f"digits 0-9, such as 42 or 42001 (a sheet prints each exercise's "
                             f"seed)")
        if len(text.lstrip("0")) > MAX_SEED_DIGITS:
            raise ValueError(f"the seed has {len(text.lstrip('0'))} digits; type at most "
                             f"{MAX_SEED_DIGITS} (sheets print seeds of at most 21)")
        return int(text)


class PracticeWidget(widgets.VBox):
    """Practise alpha-beta by hand on a seeded tree, and get every mistake
    explained.

    Parameters
    ----------
    exercise : Exercise, optional
        The exercise to show; by default one is made from the options.
    seed, branching, depth, strict, ordering, bounds, task, uneven, root
        The options of :meth:`gametree.practice.Exercise.random`, shown as
        controls the student can change (a change makes a new exercise).
        Checked before anything is made: branching 2 to 5, depth 1 to 5,
        at most :data:`MAX_PRACTICE_LEAVES` leaves.
    colors : mapping, optional
        Colours merged over :data:`gametree.view.style.COLORS`: what the
        student selects is drawn in ``"selected"`` (dashed), mistakes in
        ``"mistake"`` (solid), crossed-out edges in ``"pruned edge"``.
    theme : Theme, name or mapping, optional
        The colours of everything (see :func:`gametree.view.theme.theme_of`);
        ``colors`` is merged over it.
    lang : str, optional
        The language of its labels, task, feedback and solution: ``"en"``,
        ``"da"``, ``"hi"`` or ``"ko"``; by default the language in force
        when the widget is made.

    Attributes
    ----------
    lang : str
        The widget's language code.
    exercise : Exercise
        The exercise shown.
    mistakes : list of Mistake
        What the last "Check" found (empty before the first).
    verdict : ReorderVerdict or None
        The last check of a reordering.
    seed_box : SeedBox
        The seed, typed as digits (any seed a sheet prints).
    branching_box, depth_box, ordering_box, bounds_box, shape_box : Dropdown
        (``shape_box``: "complete" or "uneven".)
    root_toggle : ToggleButtons
        "MAX" or "MIN" at the root.
    rule_toggle : ToggleButtons
        False: cut when alpha >= beta; True: when alpha > beta.
    task_toggle : ToggleButtons
        "search" or "reorder".
    another_button : Button
        The next seed.
    task_text : HTML
        What to do.
    image : Image
        The drawing: the tree, then the answer with mistakes in red; shown
        at its own size under see-through buttons (:attr:`clicks`).
    clicks : TreeClicks
        A button over every internal node (puts the cursor in its value
        box) and every edge (crosses it out, or back in).
    chosen : str or None
        The node last clicked on the drawing (outlined dashed in
        ``colors["selected"]``).
    colors : dict of str -> str
        The palette the widget draws in.
    theme : Theme
        The theme it draws in (``colors`` merged in).
    plot : TracePlot
        The drawing behind ``image`` (see :func:`draw_answer`).
    value_boxes, alpha_boxes, beta_boxes : dict of str -> Text
        Per internal node (alpha and beta only where asked).
    prune_boxes : dict of str -> Checkbox
        Per node but the root: ticked means the edge into it is crossed
        out (and everything under it pruned).
    order_box : Text
        (reorder task) The new order of the leaf scores.
    check_button, solution_button, clear_button : Button
    feedback : HTML
        The verdict, each mistake with its reason, or what to fix in a box.
    solution_area : Box
        Holds the Stepper once "Show solution" is pressed.
    stepper : Stepper or None

    Examples
    --------
    >>> from gametree.practice import Exercise, Answer
    >>> widget = PracticeWidget(Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3))
    >>> widget.fill(Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"}))
    >>> widget.check()
    >>> widget.feedback_text.splitlines()[0]
    'All right: every value and every pruned branch is correct.'
    >>> widget.value_boxes["B"].value = "l2"
    >>> widget.check()
    >>> widget.feedback_text
    "Fix this box first: B's value is 'l2', which is not a number; type a whole number such as 3 or -2 (type inf or -inf for +∞ or −∞)"
    """

    def __init__(self, exercise: Exercise | None = None, *, seed: int = 1, branching: int = 3,
                 depth: int = 2, strict: bool = False, ordering: str = "random",
                 bounds: str = "some", task: str = "search", uneven: bool = False,
                 root: str = "MAX", colors=None, theme=None, lang: str | None = None):
        self.lang = get_language() if lang is None else check_language(lang)
        with using(self.lang):  # its labels, task and feedback in the widget's language
            self._make(exercise, seed=seed, branching=branching, depth=depth, strict=strict,
                       ordering=ordering, bounds=bounds, task=task, uneven=uneven, root=root,
                       colors=colors, theme=theme)

    def _make(self, exercise, *, seed, branching, depth, strict, ordering, bounds, task, uneven,
              root, colors, theme) -> None:
        _check_options(seed, branching, depth, strict, ordering, bounds, task, uneven, root)
        self.theme, self.colors = themed(colors, theme)
        if exercise is None:
            exercise = Exercise.random(seed, branching, depth, strict=strict, ordering=ordering,
                                       bounds=bounds, task=task, uneven=uneven, root=root)
        elif not isinstance(exercise, Exercise):
            raise TypeError(f"exercise must be a gametree.practice.Exercise, not "
                            f"{type(exercise).__name__}")
        elif len(exercise.leaves) > MAX_PRACTICE_LEAVES:
            raise ValueError(f"the exercise has {len(exercise.leaves)} leaves; the practice "
                             f"widget shows at most {MAX_PRACTICE_LEAVES}, so give a smaller tree")
        self._busy = False
        self.mistakes: list[Mistake] = []
        self.verdict: ReorderVerdict | None = None
        self.stepper: Stepper | None = None
        self.value_boxes: dict[str, widgets.Text] = {}
        self.alpha_boxes: dict[str, widgets.Text] = {}
        self.beta_boxes: dict[str, widgets.Text] = {}
        self.prune_boxes: dict[str, widgets.Checkbox] = {}
        self._cards: dict[str, widgets.Widget] = {}
        self.chosen: str | None = None

        small = {"style": {"description_width": "initial"}}
        self.seed_box = SeedBox(value=exercise.seed or 0, description=_("seed"),
                                continuous_update=False,
                                layout=widgets.Layout(width="13em"), **small)
        self.branching_box = widgets.Dropdown(options=[2, 3, 4, 5], value=min(exercise.branching, 5),
                                              description=_("branching"),
                                              layout=widgets.Layout(width="9.5em"), **small)
        self.depth_box = widgets.Dropdown(options=[1, 2, 3, 4, 5], value=min(exercise.depth, 5),
                                          description=_("depth"), layout=widgets.Layout(width="8em"),
                                          **small)
        self.rule_toggle = widgets.ToggleButtons(
            options=[(_("cut when {test}").format(test="alpha >= beta"), False),
                     (_("cut when {test}").format(test="alpha > beta"), True)],
            value=exercise.strict, style={"button_width": "auto"})
        self.ordering_box = widgets.Dropdown(
            options=[(_("children in random order"), "random"), (_("best first"), "best"),
                     (_("worst first"), "worst")], value=exercise.ordering,
            layout=widgets.Layout(width="14em"))
        self.bounds_box = widgets.Dropdown(
            options=[(_("no alpha, beta"), "none"), (_("alpha, beta at some nodes"), "some"),
                     (_("alpha, beta everywhere"), "all")],
            value=_bounds_of(exercise), layout=widgets.Layout(width="15em"))
        self.shape_box = widgets.Dropdown(
            options=[(_("complete tree"), "complete"), (_("uneven tree"), "uneven")],
            value="complete" if exercise.complete else "uneven",
            layout=widgets.Layout(width="11em"))
        self.root_toggle = widgets.ToggleButtons(
            options=[(_("{player} at the root").format(player=who), who) for who in ROOTS],
            value=exercise.root.value,
            style={"button_width": "auto"})
        self.task_toggle = widgets.ToggleButtons(
            options=[(_("search by hand"), "search"), (_("reorder to prune the most"), "reorder")],
            value=exercise.task, style={"button_width": "auto"})
        self.another_button = widgets.Button(description=_("another tree"), icon="random",
                                             tooltip=_("the next seed"),
                                             layout=widgets.Layout(width="auto"))
        self.task_text = widgets.HTML()
        self.image = widgets.Image(format="png")
        self.clicks = TreeClicks(self.image, self._on_spot, self.colors)
        picture = widgets.Box([self.clicks.box], layout=widgets.Layout(
            max_width="100%", overflow="auto hidden"))
        self.order_box = widgets.Text(description=_("your order"),
                                      placeholder=_("leaf scores left to right"),
                                      layout=widgets.Layout(width="100%"), **small)
        self.check_button = widgets.Button(description=_("Check"), icon="check",
                                           button_style="primary")
        self.solution_button = widgets.Button(description=_("Show solution"), icon="eye")
        self.clear_button = widgets.Button(description=_("Clear"), icon="eraser")
        self.feedback = widgets.HTML(layout=widgets.Layout(min_height="1.5em"))
        self.solution_area = widgets.Box(layout=widgets.Layout(width="100%"))
        self._answer_area = widgets.VBox(layout=widgets.Layout(width="100%"))

        for control in (self.seed_box, self.branching_box, self.depth_box, self.rule_toggle,
                        self.ordering_box, self.bounds_box, self.task_toggle, self.shape_box,
                        self.root_toggle):
            control.observe(self._on_control, names="value")
        self.another_button.on_click(lambda _: self._next_seed())
        self.check_button.on_click(lambda _: self.check())
        self.solution_button.on_click(lambda _: self.toggle_solution())
        self.clear_button.on_click(lambda _: self.clear())

        controls = widgets.VBox([
            widgets.HBox([self.seed_box, self.another_button, self.branching_box,
                          self.depth_box, self.ordering_box, self.bounds_box],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.shape_box, self.root_toggle, self.rule_toggle, self.task_toggle],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
        ])
        buttons = widgets.HBox([self.check_button, self.solution_button, self.clear_button])
        super().__init__([widgets.HTML(_style(self.theme)), controls, self.task_text, picture,
                          self._answer_area, buttons, self.feedback, self.solution_area],
                         layout=widgets.Layout(width="100%"))
        self.add_class("gametree-practice")
        for widget, name in ((self.check_button, "check"), (self.solution_button, "solution"),
                             (self.feedback, "feedback"), (self.clear_button, "clear"),
                             (self.image, "practice-image"), (self.seed_box, "seed"),
                             (self.order_box, "order"), (self.task_text, "task")):
            widget.add_class(f"gametree-{name}")
        self.set_exercise(exercise)

    # --- the exercise ------------------------------------------------------------

    @speaking
    def set_exercise(self, exercise: Exercise) -> None:
        """Show ``exercise`` with an empty answer."""
        self.exercise = exercise
        self.mistakes, self.verdict = [], None
        self._busy = True
        try:
            if exercise.seed is not None:
                self.seed_box.value = exercise.seed
            self.branching_box.value = min(exercise.branching, 5)
            self.depth_box.value = min(exercise.depth, 5)
            self.rule_toggle.value = exercise.strict
            self.ordering_box.value = exercise.ordering
            self.bounds_box.value = _bounds_of(exercise)
            self.task_toggle.value = exercise.task
            self.shape_box.value = "complete" if exercise.complete else "uneven"
            self.root_toggle.value = exercise.root.value
        finally:
            self._busy = False
        self.chosen = None
        self.task_text.value = f"<p style='margin:4px 0'>{html.escape(exercise.text)}</p>"
        self._build_answer_area()
        self._hide_solution()
        self._say("")
        self._draw()

    @speaking
    def _on_control(self, change) -> None:
        if self._busy:
            return
        branching, depth = self.branching_box.value, self.depth_box.value
        if branching**depth > MAX_PRACTICE_LEAVES:
            self._say(_("branching {branching} and depth {depth} make {count} leaves; practice trees "
                        "have at most {most}, so lower the depth or the branching").format(
                branching=branching, depth=depth, count=branching**depth, most=MAX_PRACTICE_LEAVES),
                level="error")
            return
        try:
            exercise = Exercise.random(self.seed_box.seed, branching, depth,
                                       strict=self.rule_toggle.value,
                                       ordering=self.ordering_box.value,
                                       bounds=self.bounds_box.value,
                                       task=self.task_toggle.value,
                                       uneven=self.shape_box.value == "uneven",
                                       root=self.root_toggle.value)
        except (ValueError, TypeError) as error:
            self._say(str(error), level="error")
            return
        self.set_exercise(exercise)

    def _next_seed(self) -> None:
        try:
            seed = self.seed_box.seed
        except ValueError as error:
            self._say(str(error), level="error")
            return
        self.seed_box.value = seed + 1

    def _build_answer_area(self) -> None:
        exercise = self.exercise
        for child in self._answer_area.children:  # the previous exercise's boxes
            close_all(child, keep={self.order_box})
        self.value_boxes, self.alpha_boxes, self.beta_boxes, self.prune_boxes = {}, {}, {}, {}
        self._cards = {}
        if exercise.task == "reorder":
            self.order_box.value = " ".join(fmt(s) for s in exercise.leaves)
            help_text = widgets.HTML("<small>" + html.escape(_(
                "Edit the leaf scores into a new order: the children of a node may be swapped "
                "(keeping whole subtrees together), nothing else.")) + "</small>")
            self._answer_area.children = [self.order_box, help_text]
            return
        tree = exercise.tree
        text = {"continuous_update": False, "placeholder": "?"}
        rows = []
        for depth in range(tree.depth + 1):
            cards = [self._card(node, text) for node in tree if node.depth == depth]
            label = _("leaves") if depth == tree.depth else _("depth {depth}").format(depth=depth)
            rows.append(widgets.HBox(
                [widgets.HTML(f"<small>{label}</small>",
                              layout=widgets.Layout(width="4em", flex="0 0 auto")),
                 widgets.HBox(cards, layout=widgets.Layout(flex_flow="row wrap",
                                                           align_items="flex-start"))],
                layout=widgets.Layout(align_items="flex-start")))
        for box in (*self.value_boxes.values(), *self.alpha_boxes.values(),
                    *self.beta_boxes.values()):
            box.add_class("gametree-answer-box")
            box.observe(self._on_answer_changed, names="value")
        for tick in self.prune_boxes.values():
            tick.observe(self._on_answer_changed, names="value")
        self._answer_area.children = rows

    def _card(self, node, text: dict) -> widgets.VBox:
        """A node's card: its name, and boxes for its value (and alpha and
        beta where asked) and a tick for pruning the edge into it."""
        if node.is_leaf:
            parts = [widgets.HTML(f"<b>{node.name}</b> = {html.escape(fmt(node.score))}")]
        else:
            parts = [widgets.HTML(f"<b>{node.name}</b> <small>{node.player}</small>")]
            asked: tuple[tuple[dict, str], ...] = ((self.value_boxes, "v"),)
            if node.name in self.exercise.ask_bounds:
                asked += ((self.alpha_boxes, "\u03b1"), (self.beta_boxes, "\u03b2"))
            for store, label in asked:
                box = widgets.Text(description=label, layout=widgets.Layout(width="6.5em"),
                                   style={"description_width": "1.2em"}, **text)
                store[node.name] = box
                parts.append(box)
        if node.parent is not None:
            tick = widgets.Checkbox(value=False, description=_("pruned"), indent=False,
                                    layout=widgets.Layout(width="auto"))
            tick.add_class("gametree-prune")
            self.prune_boxes[node.name] = tick
            parts.append(tick)
        card = widgets.VBox(parts, layout=widgets.Layout(width="7.5em"))
        card.add_class("gametree-node-card")
        self._cards[node.name] = card
        return card

    # --- reading and filling the answer -----------------------------------------------

    def answer(self) -> Answer:
        """The answer typed in the boxes.

        Raises
        ------
        ValueError
            Naming every box that does not hold a number (blank boxes are
            fine: they are left out).
        """
        problems: list[str] = []
        values: dict[str, Value] = {}
        alphas: dict[str, Value] = {}
        betas: dict[str, Value] = {}
        for store, boxes, what in ((values, self.value_boxes, "value"),
                                   (alphas, self.alpha_boxes, "alpha"),
                                   (betas, self.beta_boxes, "beta")):
            for name, box in boxes.items():
                try:
                    number = parse_value(box.value, f"{name}'s {what}")
                except ValueError as error:
                    problems.append(str(error))
                    continue
                if number is not None:
                    store[name] = number
        if problems:
            raise ValueError(ngettext("Fix this box first: {problems}", "Fix these boxes first: {problems}",
                                      len(problems)).format(problems="; ".join(problems)))
        pruned = {name for name, tick in self.prune_boxes.items() if tick.value}
        return Answer(values=values, pruned=pruned, alphas=alphas, betas=betas)

    @speaking
    def fill(self, answer: Answer) -> None:
        """Type ``answer`` into the boxes (for demonstrations and tests)."""
        if not isinstance(answer, Answer):
            raise TypeError(f"fill needs an Answer, not {type(answer).__name__}")
        self._busy = True
        try:
            for boxes, entries in ((self.value_boxes, answer.values),
                                   (self.alpha_boxes, answer.alphas),
                                   (self.beta_boxes, answer.betas)):
                for name, box in boxes.items():
                    box.value = fmt(entries[name]) if name in entries else ""
            for name, tick in self.prune_boxes.items():
                tick.value = name in answer.pruned
        finally:
            self._busy = False
        self._on_answer_changed()

    @speaking
    def _on_answer_changed(self, change=None) -> None:
        """The answer changed: what the last check said is stale, so it goes,
        and the drawing shows the answer as it is now."""
        if self._busy:
            return
        self._forget_check()
        if self.exercise.task != "search":
            return
        self._draw(self._answer_so_far())

    def _answer_so_far(self) -> Answer:
        """The answer in the boxes; while a box holds a typo, the crossed-out
        branches alone."""
        try:
            return self.answer()
        except ValueError:
            return Answer(pruned={name for name, tick in self.prune_boxes.items() if tick.value})

    def _forget_check(self) -> None:
        self.mistakes, self.verdict = [], None
        self._mark_boxes(())
        self._say("")

    @speaking
    def _on_spot(self, kind: str, name: str) -> None:
        """A click on the drawing: an edge is crossed out (or back in); a node
        gets the cursor in its value box."""
        if kind == "edge" and name in self.prune_boxes:
            tick = self.prune_boxes[name]
            tick.value = not tick.value
        elif kind == "node" and name in self.value_boxes:
            self.chosen = name
            for card_name, card in self._cards.items():
                if card_name == name:
                    card.add_class("gametree-chosen")
                else:
                    card.remove_class("gametree-chosen")
            if self.exercise.task == "search":
                self._draw(self._answer_so_far())  # the node clicked, outlined dashed
            self.value_boxes[name].focus()

    @speaking
    def clear(self) -> None:
        """Empty every box and untick every branch."""
        self.fill(Answer())
        if self.exercise.task == "reorder":
            self.order_box.value = " ".join(fmt(s) for s in self.exercise.leaves)
        self.mistakes, self.verdict = [], None
        self._mark_boxes(())
        self._say("")
        self._draw()

    # --- checking ------------------------------------------------------------------

    @speaking
    def check(self) -> None:
        """Check the answer in the boxes, as the Check button does."""
        try:
            if self.exercise.task == "reorder":
                self._check_reorder()
            else:
                self._check_search()
        except (ValueError, TypeError) as error:
            self._forget_check()  # no marks of an earlier check stay beside the message
            self._say(str(error), level="error")
            if self.exercise.task == "search":
                self._draw(Answer(pruned={name for name, tick in self.prune_boxes.items()
                                          if tick.value}))

    def _check_search(self) -> None:
        answer = self.answer()
        self.mistakes = check(self.exercise, answer)
        trace = self.exercise.trace
        if [m.kind for m in self.mistakes] == [MistakeKind.EMPTY]:
            self._mark_boxes(())
            self._say(self.mistakes[0].explanation)  # not "1 mistake": nothing is wrong yet
            self._draw(answer)
            return
        self._mark_boxes(self.mistakes)
        if not self.mistakes:
            right = (_("All right: every value, alpha, beta and pruned branch is correct.")
                     if self.exercise.ask_bounds else
                     _("All right: every value and every pruned branch is correct."))
            counter = _("Alpha-beta {counter}.").format(counter=counter_text(trace))
            self._say_html(f"<b style='color:{self.colors['right']}'>{html.escape(right)}</b><br>"
                           f"{html.escape(counter)}", f"{right}\n{counter}")
        else:
            count = len(self.mistakes)
            items = "".join(f"<li><b>{html.escape(m.node)}</b> <i>({m.kind})</i>: "
                            f"{html.escape(m.explanation)}</li>" for m in self.mistakes)
            head = ngettext("{count} mistake, outlined in red on the drawing:",
                            "{count} mistakes, outlined in red on the drawing:", count).format(count=count)
            self._say_html(f"<b style='color:{self.colors['mistake']}'>{head}</b><ul style='margin:2px 0'>"
                           f"{items}</ul>",
                           head + "\n" + "\n".join(str(m) for m in self.mistakes))
        self._draw(answer)

    def _check_reorder(self) -> None:
        leaves = parse_leaves(self.order_box.value)
        if len(leaves) != len(self.exercise.leaves):
            raise ValueError(_("your order has {count} leaf scores, the tree has {leaves}; reorder "
                               "them, keep them all").format(count=len(leaves),
                                                             leaves=len(self.exercise.leaves)))
        verdict = self.verdict = check_reorder(self.exercise, leaves)
        self.mistakes = list(verdict.mistakes)
        color = self.colors["right" if verdict.solved else "mistake"]
        items = "".join(f"<li><b>{html.escape(m.node)}</b> <i>({m.kind})</i>: "
                        f"{html.escape(m.explanation)}</li>" for m in verdict.mistakes
                        if m.kind is MistakeKind.NOT_BEST_FIRST)
        self._say_html(f"<b style='color:{color}'>{html.escape(verdict.message)}</b>"
                       + (f"<ul style='margin:2px 0'>{items}</ul>" if items else ""),
                       "\n".join([verdict.message] + [str(m) for m in verdict.mistakes
                                                      if m.kind is MistakeKind.NOT_BEST_FIRST]))
        if verdict.is_reordering:
            plot = TracePlot(trace_alpha_beta(verdict.tree, strict=self.exercise.strict),
                             caption=False, theme=self.theme).show(-1)
            mistakes = [m for m in verdict.mistakes if m.kind is not MistakeKind.EMPTY]
            marks = plot.marks.merged(_mistake_marks(plot.tree, mistakes, self.theme))
            self._picture(plot.show(-1, **marks.fields()))

    def _mark_boxes(self, mistakes) -> None:
        wrong = {(m.node, m.field) for m in mistakes}
        for boxes, field in ((self.value_boxes, "value"), (self.alpha_boxes, "alpha"),
                             (self.beta_boxes, "beta"), (self.prune_boxes, "pruned")):
            for name, box in boxes.items():
                if (name, field) in wrong:
                    box.add_class("gametree-wrong")
                else:
                    box.remove_class("gametree-wrong")

    # --- the solution ------------------------------------------------------------------

    @speaking
    def toggle_solution(self) -> None:
        """Show the real search step by step (a Stepper), or hide it."""
        if self.stepper is not None:
            self._hide_solution()
            return
        self._say("")  # a warning about the boxes is not about the solution
        exercise = self.exercise
        if exercise.task == "reorder":
            from ..generate import best_order

            best = best_order(exercise.tree)
            best_trace = trace_alpha_beta(best, strict=exercise.strict)
            self.stepper = Stepper(best_trace, lang=self.lang)
            note = _("Best first everywhere: alpha-beta evaluates {count} leaves (the Knuth-Moore "
                     "minimum is {minimum}).").format(count=best_trace.evaluated,
                                                      minimum=exercise.minimum)
        else:
            self.stepper = Stepper(exercise.trace, lang=self.lang)
            note = _("The real search; drag the slider or press Play.")
        self.stepper.step_to(-1)
        self.solution_area.children = [widgets.VBox([widgets.HTML(f"<p>{html.escape(note)}</p>"),
                                                     self.stepper])]
        self.solution_button.description = _("Hide solution")

    def _hide_solution(self) -> None:
        for child in self.solution_area.children:
            close_all(child)
        self.stepper = None
        self.solution_area.children = []
        self.solution_button.description = _("Show solution")

    # --- messages and the drawing ---------------------------------------------------------

    def _say(self, text: str, level: str = "info") -> None:
        self.feedback.value = message_html(text, level, color=self.colors["mistake"])
        self._feedback_text = text

    def _say_html(self, markup: str, text: str) -> None:
        self.feedback.value = markup
        self._feedback_text = text

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text, one mistake per line."""
        return self._feedback_text

    def _draw(self, answer: Answer | None = None) -> None:
        self._picture(draw_answer(self.exercise, answer, self.mistakes, chosen=self.chosen,
                                  theme=self.theme))

    def _picture(self, plot: TracePlot) -> None:
        """Show ``plot`` at its own size, with buttons over what can be clicked."""
        self.plot = plot
        self.image.value = _png(plot)
        width, height = plot.figure.canvas.get_width_height()
        self.image.layout = widgets.Layout(width=f"{width}px", height=f"{height}px",
                                           min_width=f"{width}px", max_width="none")
        self.clicks.place_image()
        if self.exercise.task != "search":
            self.clicks.clear()
            return
        tree = plot.tree
        internal = [n for n in tree if not n.is_leaf]
        spots = hotspots(plot, nodes=internal, edges=tree.nodes[1:])
        words = {("node", n.name): f"{n.player} node {n.name}: type its value" for n in internal}
        words.update({("edge", n.name): f"cross out the edge to {n.name}"
                      for n in tree.nodes[1:]})
        self.clicks.show(spots, words)
        selected = [("edge", name) for name, tick in self.prune_boxes.items() if tick.value]
        if self.chosen is not None:
            selected.append(("node", self.chosen))
        self.clicks.select(selected)

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus a PNG of the drawing for places without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self.image.value:
            bundle["image/png"] = base64.b64encode(self.image.value).decode("ascii")
            return bundle, {"image/png": {"alt": self.plot.alt_text()}}  # stored alt text
        return bundle


def _bounds_of(exercise: Exercise) -> str:
    """Which of :data:`BOUNDS` describes where ``exercise`` asks for bounds."""
    if not exercise.ask_bounds:
        return "none"
    internal = sum(1 for n in exercise.tree if not n.is_leaf)
    return "all" if len(exercise.ask_bounds) == internal else "some"



def _check_options(seed, branching, depth, strict, ordering, bounds, task, uneven, root) -> None:
    """The constructor's options, checked before anything is made."""
    check_seed(seed)
    branching = check_branching(branching)
    depth = check_depth(depth, low=1)
    check_flag(strict, "strict")
    check_flag(uneven, "uneven")
    check_choice(ordering, ORDERINGS, "ordering")
    check_choice(bounds, BOUNDS, "bounds")
    check_choice(task, TASKS, "task")
    check_root(root)
    if branching > 5 or depth > 5:
        raise ValueError(f"the practice widget offers branching 2 to 5 and depth 1 to 5, not "
                         f"branching {branching} and depth {depth}; choose from these")
    check_leaf_count(branching, depth, MAX_PRACTICE_LEAVES, "a practice tree")
