"""Checkers for the notebooks' exercises: say what is wrong, never the answer.

A notebook exercise is a cell the student fills in (``my_value = None``)
and a cell that asks a checker (``check_value(my_value, tree)``).  A
checker here returns a :class:`Feedback`, which a notebook shows as the
cell's result.  Every checker keeps three promises, which the tests hold
it to:

* an answer still ``None`` gets :attr:`Verdict.EMPTY` and a sentence that
  says only that nothing is written yet, and what form an answer takes;
* a wrong answer gets a hint about where to look, never the right answer
  (nor which items are wrong, when that would give it away);
* the checker works the right answer out with the library, so its source,
  which a student may read before answering, holds no answers.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

__all__ = ["Feedback", "Verdict", "empty", "invalid", "wrong", "right"]


class Verdict(str, enum.Enum):
    """What a checker concluded about an answer."""

    EMPTY = "empty"
    """Nothing written yet: the answer is still None."""
    INVALID = "invalid"
    """The answer is not of the form asked for (a string for a number, an
    unknown node name, ...)."""
    WRONG = "wrong"
    """A well-formed answer that is not right."""
    RIGHT = "right"
    """The right answer."""

    def __str__(self) -> str:
        return self.value


_LEAD = {Verdict.EMPTY: "Not answered yet", Verdict.INVALID: "Cannot read that",
         Verdict.WRONG: "Not yet", Verdict.RIGHT: "Right"}


class Feedback(NamedTuple):
    """A checker's reply: a verdict and the sentences that explain it.

    Shown in a notebook as plain text, one sentence a line, led by the
    verdict in words:

    >>> wrong("Back the values up from the bottom level.")
    Not yet: Back the values up from the bottom level.
    >>> right("the value is 6.").ok
    True
    """

    verdict: Verdict
    """What the checker concluded."""
    lines: tuple[str, ...]
    """The sentences that explain it, in order."""

    @property
    def ok(self) -> bool:
        """True when the answer is right."""
        return self.verdict is Verdict.RIGHT

    @property
    def text(self) -> str:
        """The whole reply as plain text."""
        first, *rest = self.lines or ("",)
        return "\n".join([f"{_LEAD[self.verdict]}: {first}".rstrip(": "), *rest])

    def __repr__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the text, not the tuple
        printer.text(self.text)


def empty(form: str) -> Feedback:
    """Nothing written yet; ``form`` says what to write, e.g. "a number such as 4"."""
    return Feedback(Verdict.EMPTY, (f"replace None with {form}, and run this cell again.",))


def invalid(*lines: str) -> Feedback:
    """The answer cannot be read as asked; ``lines`` say why and how to write it."""
    return Feedback(Verdict.INVALID, lines)


def wrong(*lines: str) -> Feedback:
    """A readable answer that is not right; ``lines`` are hints, not the answer."""
    return Feedback(Verdict.WRONG, lines)


def right(*lines: str) -> Feedback:
    """The right answer; ``lines`` may now say why it is right."""
    return Feedback(Verdict.RIGHT, lines)
