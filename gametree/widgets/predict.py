"""Predict, then reveal: the step-through widget that asks before it shows.

:class:`PredictStepper` is a :class:`~gametree.widgets.stepper.Stepper`
with a mode in which *next* does not show the next step until someone
answers a question about it (what is asked, and how an answer is judged,
is :mod:`gametree.practice.predict`):

* before a leaf: "Which leaf is evaluated next?" (click the leaf);
* before an update: "What is v at C now?" (type the number);
* at a cut test: "Which children of C are pruned?" (click their edges,
  then *answer*; or *none*).

The answer goes in on the tree (see-through buttons over the leaves and
edges, :mod:`gametree.widgets.clicks`: Tab reaches them, Enter presses
them) or in the box; then the step is shown, with the verdict and the
reason under the question, and the score ("7 of 9 predictions right")
counts on.  *reveal* shows the step without counting an answer.  A
teacher turns the mode on and off with *predict mode* and chooses which
kinds of step ask with the three ticks beside it.  With the mode off the
widget is the plain Stepper.  While predicting, the slider, Play and *next
cutoff* are off (they would skip the questions); *previous* and *next*
step, and steps already shown are shown again without a question.

CSS classes, for browser tests: the panel ``gametree-predict``; the toggle
``gametree-predict-toggle``; the question ``gametree-question``; the box
``gametree-answer``; the buttons ``gametree-answer-button``,
``gametree-none-button``, ``gametree-reveal-button``; the verdict
``gametree-verdict``; the score ``gametree-score``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..games.mcts import MctsResult
from ..i18n import N_, using
from ..i18n import gettext as _
from ..practice.predict import (
    ASK_ALL,
    Ask,
    Question,
    Score,
    Verdict,
    check_ask,
    judge,
    question_before,
    read_answer,
)
from ..text import describe
from ..trace import Trace
from ..vectors import MaxnTrace, MaxnTree
from ..view.draw import TracePlot
from ..view.hotspots import hotspots
from ..view.steps import KernelSteppable, TraceSteps
from ..view.style import Line
from ..view.theme import palette
from .clicks import TreeClicks
from .controls import fixed_layout
from .stepper import Stepper

__all__ = ["PredictStepper", "ASK_WORDS"]

ASK_WORDS = {Ask.LEAF: N_("which leaf next"), Ask.UPDATE: N_("v after an update"),
             Ask.CUTOFF: N_("which children are pruned")}
"""The ticks a teacher sets: which kinds of step ask."""


class PredictStepper(Stepper):
    """A Stepper that can ask the class to predict each step before it is shown.

    Parameters
    ----------
    trace_or_tree, branching, strict, editable, size, theme
        As for :class:`~gametree.widgets.stepper.Stepper`: a typed tree, a
        random tree, either cut rule, or a game trace.  Any steppable that
        offers alpha-beta's questions: a tree search (:class:`~gametree.view.steps.TraceSteps`)
        other than max^n.
    predict : bool
        Start in predict mode (the toggle changes it).
    ask : collection of str
        The kinds of step that ask: ``"leaf"``, ``"update"``, ``"cutoff"``
        (default all three; the ticks change it).
    colors : mapping, optional
        Colours merged over the theme's: the edges clicked are drawn dashed
        in ``"selected"``, a right verdict in ``"right"``.

    Attributes
    ----------
    predict_toggle : ToggleButton
        Predict mode on or off.
    ask_boxes : dict of Ask -> Checkbox
        Which kinds of step ask.
    question : Question or None
        The question waiting for an answer.
    score : Score
        Predictions right out of those answered, since the tree was shown
        (or the score was reset).
    verdict : Verdict or None
        The last answer's judgement (None after a reveal without answer).
    question_text, verdict_html, score_label : widgets showing them.
        Each new question clears the last verdict.
    answer_box : Text
        Type the answer and press Enter (or *answer*); Enter on an empty
        box says what to type.
    answer_button, none_button, reveal_button, reset_button : Button
    clicks : TreeClicks
        The picture with its buttons over the leaves and edges that may
        be clicked now.

    Examples
    --------
    >>> stepper = PredictStepper([3, 12, 8, 2, 4, 6, 14, 5, 2], branching=3)
    >>> stepper.next_button.click()          # step 0 -> 1: no question before an enter
    >>> stepper.next_button.click()          # before leaf E
    >>> stepper.question.prompt
    'Which leaf is evaluated next? Click it, or answer none.'
    >>> stepper.clicks.click("node", "E")    # on the tree
    >>> stepper.slider.value, stepper.score.text
    (2, '1 of 1 prediction right')
    >>> stepper.next_button.click()
    >>> stepper.answer("12")                  # v at B after E = 3
    >>> stepper.verdict_text
    'Not quite: you said 12, the search says 3. MIN node B: v = min(+∞, 3) = 3, beta = min(+∞, 3) = 3.'
    """

    # The VBox's trait, which _build_panel sets: declared for the type checker,
    # as ipywidgets has no type hints.
    children: tuple[widgets.Widget, ...]
    # What the questions need, which _check_asks makes sure of: a tree search
    # drawn by a TracePlot.
    trace: Trace
    plot: TracePlot

    def __init__(self, trace_or_tree, *, predict: bool = True, ask=ASK_ALL, colors=None,
                 theme=None, **options):
        if not isinstance(predict, bool):
            raise TypeError(f"predict must be True or False, not {describe(predict)}")
        _check_asks(trace_or_tree)
        kinds = check_ask(ask)
        self.colors = palette(colors, theme)
        self.question: Question | None = None
        self.verdict: Verdict | None = None
        self.score = Score()
        self.clicks: TreeClicks | None = None
        self._predicting = predict
        self._ask = kinds
        self._revealed = 0
        self._selected: list[str] = []
        self._verdict_text = ""
        self._panel_ready = False
        super().__init__(trace_or_tree, theme=theme, colors=colors, **options)
        self._build_panel(predict, kinds)
        self._panel_ready = True
        self._refresh()

    # --- the panel ------------------------------------------------------------------

    def _build_panel(self, predict: bool, kinds: frozenset[Ask]) -> None:
        with using(self.lang):  # in the widget's language
            self.predict_toggle = widgets.ToggleButton(
                value=predict, description=_("predict mode"), icon="question",
                tooltip=_("ask the class to predict each step before it is shown"),
                layout=fixed_layout())
            self.ask_boxes = {kind: widgets.Checkbox(value=kind in kinds, description=_(words),
                                                     indent=False,
                                                     layout=widgets.Layout(width="auto"))
                              for kind, words in ASK_WORDS.items()}
            self.score_label = widgets.Label(style={"font_weight": "bold"})
            self.reset_button = widgets.Button(description=_("reset score"), icon="undo",
                                               layout=fixed_layout())
            self.question_text = widgets.HTML()
            self.answer_box = widgets.Text(placeholder=_("your answer, then Enter"),
                                           continuous_update=False,
                                           layout=widgets.Layout(width="16em"))
            self.answer_button = widgets.Button(description=_("answer"), icon="check",
                                                button_style="primary",
                                                layout=fixed_layout())
            self.none_button = widgets.Button(description=_("none"), layout=fixed_layout())
            self.reveal_button = widgets.Button(description=_("reveal"), icon="eye",
                                                tooltip=_("show the step without counting an answer"),
                                                layout=fixed_layout())
            self.verdict_html = widgets.HTML()
            self.predict_toggle.observe(self._on_toggle, names="value")
            for box in self.ask_boxes.values():
                box.observe(self._on_ask, names="value")
            self.reset_button.on_click(lambda _: self.reset_score())
            self.answer_box.observe(self._on_typed, names="value")
            # Enter sends "submit"; on an empty box the value does not change, so
            # only this message can say what to type.
            self.answer_box.on_msg(self._on_box_message)
            self.answer_button.on_click(lambda _: self.answer())
            self.none_button.on_click(lambda _: self.answer(_("none")))
            self.reveal_button.on_click(lambda _: self.reveal())
            self._answer_row = widgets.HBox([self.answer_box, self.answer_button, self.none_button,
                                             self.reveal_button],
                                            layout=widgets.Layout(align_items="center",
                                                                  flex_flow="row wrap"))
            teacher = widgets.HBox([self.predict_toggle, widgets.Label(_("ask:")),
                                    *self.ask_boxes.values(), self.score_label, self.reset_button],
                                   layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
            self.panel = widgets.VBox([teacher, self.question_text, self._answer_row,
                                       self.verdict_html], layout=widgets.Layout(width="100%"))
            for widget, name in ((self.panel, "predict"), (self.predict_toggle, "predict-toggle"),
                                 (self.question_text, "question"), (self.answer_box, "answer"),
                                 (self.answer_button, "answer-button"),
                                 (self.none_button, "none-button"),
                                 (self.reveal_button, "reveal-button"),
                                 (self.verdict_html, "verdict"), (self.score_label, "score")):
                widget.add_class(f"gametree-{name}")
            # Under the caption and counter, over the picture.
            self.children = (*self.children[:4], self.panel, *self.children[4:])

        # --- the Stepper's hooks ----------------------------------------------------------

    def _framed_picture(self) -> widgets.Widget:
        if self.clicks is None:
            self.clicks = TreeClicks(self.image, self._on_spot, self.colors)
        self.clicks.place_image()
        return self.clicks.box

    def _set_steps(self, steps: KernelSteppable) -> None:
        self.question, self.verdict, self._selected = None, None, []
        self._revealed, self.score, self._verdict_text = 0, Score(), ""
        super()._set_steps(steps)

    def _show(self, index: int) -> None:
        super()._show(index)
        if self._panel_ready:
            self._refresh()

    def _nudge(self, delta: int) -> None:
        with using(self.lang):  # in the widget's language
            target = min(max(self.slider.value + delta, 0), self.slider.max)
            if self._predicting and delta > 0:
                if self.question is not None:
                    return  # answer (or reveal) first
                if target > self._revealed:
                    question = question_before(self.trace, target, self._ask)
                    if question is not None:
                        self._pose(question)
                        return
                    self._revealed = target
            self.slider.value = target

    def _on_slider(self, change) -> None:
        self._revealed = max(self._revealed, change["new"])
        if self.question is not None and change["new"] != self.question.step - 1:
            self.question, self._selected = None, []  # the question left unanswered
            self.verdict, self._verdict_text = None, ""
        super()._on_slider(change)

    # --- asking and answering ----------------------------------------------------------

    @property
    def predicting(self) -> bool:
        """Whether predict mode is on."""
        return self._predicting

    @property
    def ask(self) -> frozenset[Ask]:
        """The kinds of step that ask."""
        return self._ask

    def _pose(self, question: Question) -> None:
        self.question, self._selected = question, []
        self.verdict, self._verdict_text = None, ""
        self._refresh()
        self.answer_box.focus()

    def _on_spot(self, kind: str, name: str) -> None:
        question = self.question
        if question is None or name not in question.choices:
            return
        if question.kind is Ask.LEAF and kind == "node":
            self.answer(name)
        elif question.kind is Ask.CUTOFF and kind == "edge":
            if name in self._selected:
                self._selected.remove(name)
            else:
                self._selected.append(name)
            self._busy = True
            try:
                self.answer_box.value = ", ".join(self._selected)
            finally:
                self._busy = False
            self._refresh()

    def _on_typed(self, change) -> None:
        if not self._busy and change["new"].strip():
            self.answer(change["new"])

    def _on_box_message(self, _widget, content, _buffers=None) -> None:
        """Enter in the answer box: an empty box gets the sentence that says
        what to type (a box with text was answered when its value came)."""
        if isinstance(content, dict) and content.get("event") == "submit" \
                and not self.answer_box.value.strip() and not self._selected:
            self.answer()

    def submit(self) -> None:
        """Press Enter in the answer box, as a student does (for tests and
        demonstrations): the box's text is the answer; an empty box gets a
        message that says what to type."""
        if self.answer_box.value.strip():
            self.answer(self.answer_box.value)
        else:
            self._on_box_message(self.answer_box, {"event": "submit"})

    def answer(self, text: str | None = None) -> None:
        """Answer the question waiting with ``text`` (by default what is in
        the box, or the edges clicked), then show the step.  Text that
        cannot be read gets a message and the question stays."""
        with using(self.lang):  # in the widget's language
            question = self.question
            if question is None:
                return
            if text is None:
                text = self.answer_box.value if self.answer_box.value.strip() else \
                    ", ".join(self._selected)
            try:
                prediction = read_answer(question, text)
            except (ValueError, TypeError) as error:
                self._verdict_text = str(error)
                self.verdict_html.value = (f'<div style="color:{self.theme["error"]}">&#9888; '
                                           f"{html.escape(str(error))}</div>")
                return
            verdict = judge(question, prediction)
            self.score = self.score.after(verdict)
            self._finish(verdict, verdict.message)

    def reveal(self) -> None:
        """Show the step the question waits for, without counting an answer."""
        with using(self.lang):  # in the widget's language
            question = self.question
            if question is None:
                return
            self._finish(None, _("The search says {answer}. {reason}.").format(
                answer=question.answer_text, reason=question.reason))

    def _finish(self, verdict: Verdict | None, text: str) -> None:
        question = self.question
        assert question is not None
        self.question, self._selected, self.verdict = None, [], verdict
        self._verdict_text = text
        self._revealed = max(self._revealed, question.step)
        self.slider.value = question.step
        self._refresh()

    def reset_score(self) -> None:
        """Start counting again from no predictions."""
        self.score = Score()
        self._refresh()

    def _on_toggle(self, change) -> None:
        self._predicting = change["new"]
        self.question, self._selected = None, []
        self._revealed = self.slider.value
        self._verdict_text, self.verdict = "", None
        self._refresh()

    def _on_ask(self, change) -> None:
        self._ask = frozenset(kind for kind, box in self.ask_boxes.items() if box.value)
        if self.question is not None and self.question.kind not in self._ask:
            self.question, self._selected = None, []
        self._refresh()

    # --- showing -------------------------------------------------------------------

    @property
    def question_prompt(self) -> str:
        """The question waiting, as plain text ("" when none)."""
        return "" if self.question is None else self.question.prompt

    @property
    def verdict_text(self) -> str:
        """The last verdict (or a reveal's reason, or why an answer could
        not be read) as plain text."""
        return self._verdict_text

    def _refresh(self) -> None:
        """Make the panel, the controls and the buttons on the tree agree
        with the mode and the question."""
        with using(self.lang):  # in the widget's language
            self._refresh_panel()
            self._refresh_verdict()
            self._refresh_controls()
            self._mark_selection()
            self._place_spots()

    def _refresh_panel(self) -> None:
        """The teacher's row, the question and the answer row, as the mode
        and the question have them."""
        question, predicting = self.question, self._predicting
        shown = None if predicting else "none"
        self.panel.layout.display = None
        for child in self.panel.children[1:]:
            child.layout.display = shown
        self.score_label.value = self.score.text if predicting else ""
        self.reset_button.layout.display = shown
        for box in self.ask_boxes.values():
            box.layout.display = shown
        self.question_text.value = (f'<b style="font-size:1.1em">{html.escape(question.prompt)}</b>'
                                    if question is not None else "")
        self._answer_row.layout.display = None if question is not None else "none"
        self.none_button.layout.display = (
            None if question is not None and question.kind is not Ask.UPDATE else "none")
        if question is None:
            self._busy = True
            try:
                self.answer_box.value = ""
            finally:
                self._busy = False

    def _refresh_verdict(self) -> None:
        """Under a new question only why its answer could not be read (no
        verdict of the last one); else the last verdict, in its colour."""
        theme, text = self.theme, self._verdict_text
        if not text:
            self.verdict_html.value = ""
        elif self.question is not None:
            self.verdict_html.value = (f'<div style="color:{theme["error"]}">&#9888; '
                                       f"{html.escape(text)}</div>")
        else:
            verdict = self.verdict
            color = (theme["muted text"] if verdict is None else
                     self.colors["right"] if verdict.right else theme["error"])
            self.verdict_html.value = f'<div style="color:{color}">{html.escape(text)}</div>'

    def _refresh_controls(self) -> None:
        """While predicting the slider, Play and *next cutoff* are off and
        *next* waits for an answer."""
        index, predicting = self.slider.value, self._predicting
        self.slider.disabled = self.play.disabled = predicting
        # A locked slider says why when the pointer is on it (a drag does nothing).
        self.slider.tooltip = (_("predict mode: answer with next, or turn predict mode off to drag")
                               if predicting else None)
        last = index == len(self.steps) - 1
        if predicting:
            self.cutoff_button.disabled = True
            self.next_button.disabled = self.question is not None or last
        else:
            self.cutoff_button.disabled = self._next_cutoff(index) is None
            self.next_button.disabled = last

    def _mark_selection(self) -> None:
        """Draw the edges clicked as crossed out (dashed, in ``"selected"``)."""
        if self.question is None or self.question.kind is not Ask.CUTOFF:
            return
        tree = self.trace.tree
        chosen = [tree[name].id for name in self._selected]
        self.plot.show(self.slider.value, crossed=chosen,
                       edges={i: Line(self.colors["selected"], 2.6, dashed=True) for i in chosen})
        self.image.value = self.plot.png()

    def _place_spots(self) -> None:
        clicks, question = self.clicks, self.question
        if clicks is None:
            return
        if not self._predicting or question is None or question.kind is Ask.UPDATE:
            clicks.clear()
            return
        tree = self.trace.tree
        if question.kind is Ask.LEAF:
            spots = hotspots(self.plot, nodes=question.choices)
            words = {name: _("leaf {name}, score {score}").format(name=name, score=tree[name].score)
                     for name in question.choices}
        else:
            spots = hotspots(self.plot, edges=question.choices)
            words = {name: _("prune {name}").format(name=name) for name in question.choices}
        clicks.show(spots, words)
        clicks.select(("edge", name) for name in self._selected)


def _check_asks(obj) -> None:
    """ValueError unless ``obj`` is a search PredictStepper can ask about:
    alpha-beta's questions need a tree search other than max^n."""
    if isinstance(obj, (MaxnTrace, MaxnTree)) or (isinstance(obj, TraceSteps)
                                                  and obj.trace.search == "maxn"):
        raise ValueError("PredictStepper asks alpha-beta's questions (which leaf is next, "
                         "what v is now, which children are pruned), so it cannot step a "
                         "max^n search; step it with Stepper(trace_maxn(tree)) instead")
    if isinstance(obj, MctsResult) or (isinstance(obj, KernelSteppable)
                                       and not isinstance(obj, TraceSteps)):
        raise ValueError(f"PredictStepper asks alpha-beta's questions (which leaf is next, "
                         f"what v is now, which children are pruned), so it cannot step a "
                         f"{type(obj).__name__}; step it with Stepper instead")
