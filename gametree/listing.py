"""Pseudocode listings whose lines carry names.

A search shows its pseudocode beside the tree and highlights the lines
each step executes.  The steps name those lines (``"test"``, ``"fails
high"``, ``"update alpha"``) instead of numbering them, and one resolver,
:meth:`Listing.number`, turns a name into the line's number: inserting a
line into a listing never means renumbering anything elsewhere.

>>> listing = Listing.of("ALPHA-BETA", [
...     ("", "function ALPHA-BETA(node, alpha, beta)"),
...     ("leaf", "  if node is a leaf: return its score"),
...     ("test", "  if alpha >= beta: prune"),
... ])
>>> listing.number("test"), listing.numbers(["leaf", "test"])
(3, (2, 3))
>>> listing.code[1]
'  if node is a leaf: return its score'

(:func:`gametree.pseudocode` is the function that gives alpha-beta's
pseudocode as text; this module holds the listings behind it.)

A listing's :attr:`Listing.code` is English, as the searches write it;
:meth:`Listing.shown` is what a reader sees, in the language in force.
The words of each line are one message: a plain line's text after its
indentation (marked with ``N_`` where it is written), or a
:func:`phrase`, whose message has placeholders for the code in it
(``"if {test}: prune the other children; break"``).  Keywords such as
``if`` and ``return``, names and formulas stay as they are; the words
around them follow the language.

>>> from gametree.i18n import using
>>> code = Listing.of("F", [("", "function F(node)"),
...                         ("test", phrase("  ", "if {test}: prune the other children; break",
...                                         test="alpha >= beta"))])
>>> code.code[1]
'  if alpha >= beta: prune the other children; break'
>>> with using("da"):
...     code.shown()[1]
'  if alpha >= beta: beskær de øvrige børn; break'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .i18n import gettext as _

__all__ = ["Listing", "Phrase", "phrase", "shown_line"]


class Phrase(str):
    """A line of pseudocode that knows the message it says: the string is
    the English line; :attr:`indent`, :attr:`message` and :attr:`fields`
    say it again in another language (see :func:`shown_line`)."""

    indent: str
    """The line's leading spaces."""
    message: str
    """The words, a message with named placeholders."""
    fields: dict[str, object]
    """The placeholders' values: code, kept as it is; a callable is called
    when the line is shown (words that follow the language themselves)."""

    def __new__(cls, indent: str, message: str, fields: dict[str, object]) -> Phrase:
        said = {key: value() if callable(value) else value for key, value in fields.items()}
        line = super().__new__(cls, indent + message.format(**said))
        line.indent, line.message, line.fields = indent, message, dict(fields)
        return line

    def __reduce__(self):  # pickled as what it is, not as a plain str
        return Phrase, (self.indent, self.message, self.fields)


def phrase(indent: str, message: str, **fields: object) -> Phrase:
    """The line ``indent + message.format(**fields)`` that says ``message``
    in the language it is shown in (mark ``message`` with ``N_`` where it
    is written, so that Babel extracts it)."""
    return Phrase(indent, message, fields)


def shown_line(line: str) -> str:
    """``line`` of a listing in the language in force: a :class:`Phrase`'s
    message translated and filled in; a plain line's text after its
    indentation looked up as a message (a line that is not one stays as
    it is)."""
    if isinstance(line, Phrase):
        said = {key: value() if callable(value) else value for key, value in line.fields.items()}
        return line.indent + _(line.message).format(**said)
    words = line.lstrip(" ")
    return line[:len(line) - len(words)] + _(words) if words else line


@dataclass(frozen=True)
class Listing:
    """A search's pseudocode, one text per line, some lines named.

    Build one with :meth:`Listing.of`.  Lines count from 1, as a reader
    counts them beside the code.
    """

    title: str
    """What the listing is the pseudocode of: ``ALPHA-BETA``, ``PVS``."""
    code: tuple[str, ...]
    """The lines, in order, without their names."""
    _names: tuple[str, ...] = field(repr=False)
    _numbers: Mapping[str, int] = field(repr=False, compare=False)

    @classmethod
    def of(cls, title: str, lines: Iterable[tuple[str, str]]) -> Listing:
        """The listing called ``title`` of ``lines``, ``(name, text)`` pairs
        in order; the name ``""`` leaves a line unnamed.

        Raises
        ------
        TypeError
            If ``title`` is not a string, or a line is not a pair of strings.
        ValueError
            If two lines share a name, or there are no lines.

        >>> Listing.of("F", [("a", "x"), ("a", "y")])
        Traceback (most recent call last):
        ...
        ValueError: the listing F names two lines 'a' (lines 1 and 2); give each line its own name
        """
        if not isinstance(title, str):
            raise TypeError(f"a listing's title must be a string, not {title!r}")
        code: list[str] = []
        names: list[str] = []
        numbers: dict[str, int] = {}
        for number, line in enumerate(lines, start=1):
            if (not isinstance(line, tuple) or len(line) != 2
                    or not all(isinstance(part, str) for part in line)):
                raise TypeError(f"line {number} of the listing {title} must be a (name, text) "
                                f"pair of strings, not {line!r}")
            name, text = line
            if name in numbers:
                raise ValueError(f"the listing {title} names two lines {name!r} (lines "
                                 f"{numbers[name]} and {number}); give each line its own name")
            if name:
                numbers[name] = number
            code.append(text)
            names.append(name)
        if not code:
            raise ValueError(f"the listing {title} has no lines; give it at least one")
        return cls(title, tuple(code), tuple(names), numbers)

    def shown(self) -> tuple[str, ...]:
        """The lines as a reader sees them, in the language in force (see
        :func:`shown_line`); in English, :attr:`code` itself."""
        return tuple(shown_line(line) for line in self.code)

    @property
    def names(self) -> frozenset[str]:
        """The names of the named lines."""
        return frozenset(self._numbers)

    def number(self, name: str) -> int:
        """The number (from 1) of the line called ``name``.

        Raises
        ------
        ValueError
            If no line is called ``name``; the message lists the names there are.

        >>> Listing.of("F", [("start", "x"), ("end", "y")]).number("stop")
        Traceback (most recent call last):
        ...
        ValueError: the listing F has no line named 'stop'; its names are 'end', 'start'
        """
        try:
            return self._numbers[name]
        except (KeyError, TypeError):
            there = ", ".join(map(repr, sorted(self._numbers))) or "none"
            raise ValueError(f"the listing {self.title} has no line named {name!r}; its names "
                             f"are {there}") from None

    def numbers(self, names: Sequence[str] | Iterable[str]) -> tuple[int, ...]:
        """The numbers of the lines called ``names``, in the order given.

        Raises
        ------
        TypeError
            If ``names`` is a single string (give a sequence of names).
        ValueError
            As :meth:`number`, for the first name that is not there.
        """
        if isinstance(names, str):
            raise TypeError(f"numbers() takes a sequence of names, not the string {names!r}; "
                            f"use number({names!r}) for one")
        return tuple(self.number(name) for name in names)

    def __len__(self) -> int:
        return len(self.code)
