"""Drill mode: practice with a running score, fresh trees, and levels that grow.

:class:`DrillWidget` wraps the practice widget
(:class:`~gametree.widgets.practice.PracticeWidget`) and the practice
exercises: it deals one seeded tree at a time at the current
:class:`Level`, counts each tree once, at its first readable check (right
or not), keeps the score and the streak, moves up a level after
``streak_to_level`` right trees in a row (depth, branching, uneven trees,
MIN at the root, chance nodes, player sequences), times each tree (a
timer that can be turned off) and sums up which kinds of mistake came up
most.  Nothing of it leaves the kernel unless the student saves it
(:meth:`DrillWidget.save`, or the *save* button, writes a JSON record).

>>> drill = DrillWidget(seed=5)
>>> drill.level.name, drill.score, drill.streak
('depth 2, branching 2', 0, 0)
>>> drill.practice.fill(drill.exercise.solution()); drill.check()
>>> drill.score, drill.streak, drill.attempts[0].right
(1, 1, True)
"""

from __future__ import annotations

import html
import io
import json
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ..checks import check_flag
from ..i18n import N_, check_language, get_language, ngettext, using
from ..i18n import gettext as _
from ..practice import (
    Answer,
    ChanceExercise,
    Exercise,
    Mistake,
    MistakeKind,
    check_chance,
    parse_value,
)
from ..view.theme import Theme, theme_of
from .controls import speaking
from .practice import PracticeWidget

__all__ = ["Level", "LEVELS", "Attempt", "DrillWidget"]


@dataclass(frozen=True)
class Level:
    """One rung of the drill: the trees it deals."""

    name: str
    """What it asks, in words."""
    chance: bool = False
    """Chance trees (expectiminimax) instead of alpha-beta trees."""
    options: tuple[tuple[str, Any], ...] = ()
    """Keyword arguments of :meth:`Exercise.random` (or :meth:`ChanceExercise.random`)."""

    def exercise(self, seed: int) -> Exercise | ChanceExercise:
        """The tree this level deals for ``seed``."""
        if self.chance:
            return ChanceExercise.random(seed, **dict(self.options))
        return Exercise.random(seed, **dict(self.options))


LEVELS: tuple[Level, ...] = (
    Level(N_("depth 2, branching 2"), options=(("branching", 2), ("depth", 2), ("bounds", "none"))),
    Level(N_("depth 2, branching 3"), options=(("branching", 3), ("depth", 2), ("bounds", "none"))),
    Level(N_("depth 3, branching 2"), options=(("branching", 2), ("depth", 3), ("bounds", "none"))),
    Level(N_("depth 3, branching 2, alpha and beta asked"),
          options=(("branching", 2), ("depth", 3), ("bounds", "some"))),
    Level(N_("uneven trees"), options=(("branching", 3), ("depth", 3), ("uneven", True),
                                   ("bounds", "none"))),
    Level(N_("MIN at the root"), options=(("branching", 3), ("depth", 2), ("root", "MIN"),
                                      ("bounds", "none"))),
    Level(N_("chance nodes"), chance=True, options=(("depth", 1),)),
    Level(N_("MAX and two ghosts"), options=(("branching", 2), ("depth", 3),
                                         ("players", ("MAX", "MIN", "MIN")), ("bounds", "none"))),
    Level(N_("depth 3, branching 3"), options=(("branching", 3), ("depth", 3), ("bounds", "none"))),
)
"""The levels, easiest first; the last one repeats."""


@dataclass(frozen=True)
class Attempt:
    """One tree, as it was counted (at its first readable check)."""

    level: str
    """The level's name."""
    seed: int
    """The tree's seed: the same seed and level deal the same tree again."""
    right: bool
    """Whether every box was right."""
    mistakes: tuple[str, ...]
    """The kind of each mistake ("wrong value", "missed cutoff", ...)."""
    seconds: float | None
    """Time from dealing the tree to the check; None with the timer off."""


class _ChanceCard(widgets.VBox):
    """A chance tree to work out: its drawing and a value box per inner node."""

    def __init__(self, exercise: ChanceExercise, theme: Theme):
        from ..view.draw import draw

        self.exercise = exercise
        figure = draw(exercise.tree, theme=theme)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
        self.image = widgets.Image(value=buffer.getvalue(), format="png",
                                   layout=widgets.Layout(max_width="100%"))
        self.boxes = {node.name: widgets.Text(description=node.name, layout=widgets.Layout(width="9em"),
                                              style={"description_width": "2em"})
                      for node in exercise.tree.nodes if not node.is_leaf}
        self.text = widgets.HTML(f"<p>{html.escape(exercise.text)}</p>")
        super().__init__([self.text, self.image, widgets.HBox(list(self.boxes.values()),
                                                              layout=widgets.Layout(flex_flow="row wrap"))])

    def fill(self, answer: Answer) -> None:
        for name, box in self.boxes.items():
            value = answer.values.get(name)
            box.value = "" if value is None else f"{value:g}"

    def mistakes(self) -> list[Mistake]:
        values = {}
        for name, box in self.boxes.items():
            value = parse_value(box.value, f"the box of {name}")
            if value is not None:
                values[name] = value
        return check_chance(self.exercise, Answer(values=values))


class DrillWidget(widgets.VBox):
    """Practice alpha-beta (and expectiminimax) tree after tree, with a score.

    Parameters
    ----------
    seed : int
        The first tree's seed; each new tree takes the next one.
    level : int
        The level to start at (an index into :data:`LEVELS`).
    streak_to_level : int
        Right trees in a row that move the drill up a level (1 to 20).
    timer : bool
        Time each tree (it can be turned off and on in the widget).
    clock : callable, optional
        Seconds as a float (``time.monotonic``); tests pass their own.
    theme : optional
        The colours of the trees (see :func:`gametree.view.theme.theme_of`);
        None: the default.  Every tree, alpha-beta or chance, and the
        practice widget's boxes and messages are drawn in it.
    lang : str, optional
        The language of its labels, levels, messages and trees: ``"en"``,
        ``"da"``, ``"hi"`` or ``"ko"``; by default the language in force
        when it is made.  A saved record keeps the levels' English names.
    """

    def __init__(self, seed: int = 1, *, level: int = 0, streak_to_level: int = 3,
                 timer: bool = True, clock: Callable[[], float] = time.monotonic,
                 theme: object = None, lang: str | None = None):
        self.lang = get_language() if lang is None else check_language(lang)
        with using(self.lang):  # its labels, messages and the practice widget in its language
            self._make(seed, level, streak_to_level, timer, clock, theme)

    def _make(self, seed, level, streak_to_level, timer, clock, theme) -> None:
        self.theme: Theme = theme_of(theme)
        for name, value, low, high in (("seed", seed, 0, 10 ** 9), ("level", level, 0, len(LEVELS) - 1),
                                       ("streak_to_level", streak_to_level, 1, 20)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise ValueError(f"{name} must be a whole number from {low} to {high:,}, "
                                 f"not {value!r}")
        check_flag(timer, "timer")
        self.seed, self.level_index, self.streak_to_level = seed, level, streak_to_level
        self.clock = clock
        self.score = self.streak = self.best_streak = 0
        self.attempts: list[Attempt] = []
        self._counted = self._promoted = False
        self._started = clock()
        self.exercise: Exercise | ChanceExercise = self.level.exercise(seed)
        self.practice = PracticeWidget(self.exercise if isinstance(self.exercise, Exercise)
                                       else Exercise.random(seed, 2, 2),
                                       theme=self.theme, lang=self.lang)
        for control in (self.practice.seed_box, self.practice.branching_box, self.practice.depth_box,
                        self.practice.rule_toggle, self.practice.ordering_box,
                        self.practice.bounds_box, self.practice.shape_box, self.practice.root_toggle,
                        self.practice.task_toggle, self.practice.another_button,
                        self.practice.check_button):
            control.layout.display = "none"   # the drill deals the trees and counts the checks
        self.chance_card: _ChanceCard | None = None

        self.status = widgets.HTML()
        self.timer_box = widgets.Checkbox(value=timer, description=_("timer"), indent=False,
                                          layout=widgets.Layout(width="6em"))
        self.clock_text = widgets.HTML()
        self.ticker = widgets.Play(interval=1000, max=10 ** 6, show_repeat=False,
                                   layout=widgets.Layout(display="none"))
        self.check_button = widgets.Button(description=_("Check"), icon="check", button_style="primary")
        self.next_button = widgets.Button(description=_("next tree"), icon="forward")
        self.message = widgets.HTML(layout=widgets.Layout(min_height="1.5em"))
        self.summary_text = widgets.HTML()
        self.save_name = widgets.Text(value="drill.json", description=_("save as"),
                                      layout=widgets.Layout(width="16em"),
                                      style={"description_width": "initial"})
        self.save_button = widgets.Button(description=_("save"), icon="save")
        self.check_button.on_click(lambda _: self.check())
        self.next_button.on_click(lambda _: self.next_tree())
        self.save_button.on_click(lambda _: self._save_clicked())
        self.timer_box.observe(lambda _: self._show_clock(), names="value")
        self.ticker.observe(lambda _: self._show_clock(), names="value")
        self.area = widgets.Box([self.practice], layout=widgets.Layout(width="100%"))
        bar = widgets.HBox([self.status, self.timer_box, self.clock_text],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        buttons = widgets.HBox([self.check_button, self.next_button, self.save_name, self.save_button],
                               layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([bar, self.area, buttons, self.message, self.summary_text, self.ticker])
        self._deal(self.exercise)

    @property
    def level(self) -> Level:
        """The level the drill is at."""
        return LEVELS[self.level_index]

    # --- dealing and checking ---------------------------------------------------

    def _deal(self, exercise: Exercise | ChanceExercise) -> None:
        self.exercise, self._counted, self._started = exercise, False, self.clock()
        if isinstance(exercise, ChanceExercise):
            self.chance_card = _ChanceCard(exercise, self.theme)
            self.area.children = (self.chance_card,)
        else:
            self.chance_card = None
            if exercise is not self.practice.exercise:   # the first tree is drawn already
                self.practice.set_exercise(exercise)
            self.area.children = (self.practice,)
        self.ticker.value = 0
        self.ticker.playing = self.timer_box.value
        self.message.value = ""
        self._show_status()

    @speaking
    def next_tree(self) -> None:
        """Deal a fresh tree (the next seed) at the current level."""
        self.seed += 1
        self._deal(self.level.exercise(self.seed))

    @speaking
    def check(self) -> None:
        """Check the answer; the tree's first readable check counts."""
        if self.chance_card is not None:
            try:
                mistakes: list[Mistake] = self.chance_card.mistakes()
            except ValueError as error:
                self._say(str(error))
                return
        else:
            try:
                self.practice.answer()      # a typo in a box is said, and nothing is counted
            except (ValueError, TypeError):
                self.practice.check()
                self._say(self.practice.feedback_text)
                return
            self.practice.check()
            mistakes = self.practice.mistakes
        if [m.kind for m in mistakes] == [MistakeKind.EMPTY]:
            self._say(_("Fill in the tree first: an empty answer does not count."))
            return
        text = (_("All right.") if not mistakes else
                ngettext("{count} mistake: {mistakes}", "{count} mistakes: {mistakes}",
                         len(mistakes)).format(count=len(mistakes),
                                               mistakes="; ".join(str(m) for m in mistakes)))
        if self._counted:
            self._say(text + " " + _("(This tree has been counted; press 'next tree' for a fresh one.)"))
            return
        self._count(mistakes)
        self._say(text + self._progress_note(not mistakes))

    def _count(self, mistakes: list[Mistake]) -> None:
        seconds = round(self.clock() - self._started, 1) if self.timer_box.value else None
        right = not mistakes
        self.attempts.append(Attempt(self.level.name, self.seed, right,
                                     tuple(str(m.kind) for m in mistakes), seconds))
        self._counted = True
        self.ticker.playing = False
        if right:
            self.score += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self._promoted = right and self.streak % self.streak_to_level == 0 \
            and self.level_index < len(LEVELS) - 1
        if self._promoted:
            self.level_index += 1
        self._show_status()
        self.summary_text.value = self._summary_html()

    def _progress_note(self, right: bool) -> str:
        if self._promoted:
            return " " + _("{count} in a row: up to the level '{level}'.").format(
                count=self.streak_to_level, level=_(self.level.name))
        if right:
            left = self.streak_to_level - self.streak % self.streak_to_level
            return " " + (_("Streak {streak}; {left} more for the next level.").format(
                streak=self.streak, left=left) if self.level_index < len(LEVELS) - 1 else
                _("Streak {streak}.").format(streak=self.streak))
        return " " + _("The streak starts again.")

    # --- what the student sees ----------------------------------------------------

    def mistake_counts(self) -> list[tuple[str, int]]:
        """Each kind of mistake made, with how often, most frequent first."""
        return Counter(kind for attempt in self.attempts for kind in attempt.mistakes).most_common()

    def _summary_html(self) -> str:
        counts = self.mistake_counts()
        if not counts:
            return "<p>" + html.escape(_("No mistakes so far.")) + "</p>"
        items = ", ".join(f"{html.escape(kind)}: {count}" for kind, count in counts)
        return "<p>" + _("<b>Mistakes so far</b>, most common first: {items}").format(items=items) + "</p>"

    def _show_status(self) -> None:
        self.status.value = _("<b>level {number} of {levels}</b>: {level} &nbsp; <b>score</b> {score} "
                              "of {trees} &nbsp; <b>streak</b> {streak} (best {best}) &nbsp;").format(
            number=self.level_index + 1, levels=len(LEVELS), level=html.escape(_(self.level.name)),
            score=self.score, trees=len(self.attempts), streak=self.streak, best=self.best_streak)
        self._show_clock()

    @speaking
    def _show_clock(self) -> None:
        on = self.timer_box.value
        self.clock_text.layout.display = None if on else "none"
        if not on:
            self.ticker.playing = False
        elif not self._counted:
            self.ticker.playing = True
        seconds = int(self.clock() - self._started)
        self.clock_text.value = _("time: {time}").format(time=f"{seconds // 60}:{seconds % 60:02d}")

    def _say(self, text: str) -> None:
        self.message.value = f"<p>{html.escape(text)}</p>"

    @property
    def message_text(self) -> str:
        """The message under the tree, as text."""
        return html.unescape(self.message.value.removeprefix("<p>").removesuffix("</p>"))

    # --- saving (only when asked) ----------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The session as plain data: score, streaks, level, every attempt."""
        return {"score": self.score, "trees": len(self.attempts), "streak": self.streak,
                "best_streak": self.best_streak, "level": self.level.name,
                "mistakes": dict(self.mistake_counts()),
                "attempts": [asdict(attempt) for attempt in self.attempts]}

    def save(self, path: str | Path) -> Path:
        """Write :meth:`record` as JSON to ``path`` (a ``.json`` file); the
        only way anything of the drill leaves the kernel."""
        path = Path(path)
        if path.suffix != ".json":
            raise ValueError(f"save the drill as a .json file, such as drill.json, not {path.name!r}")
        path.write_text(json.dumps(self.record(), indent=1) + "\n", encoding="utf-8")
        return path

    @speaking
    def _save_clicked(self) -> None:
        try:
            saved = self.save(self.save_name.value.strip())
        except (ValueError, OSError) as error:
            self._say(_("Not saved: {error}").format(error=error))
            return
        self._say(_("Saved to {path}.").format(path=saved))
