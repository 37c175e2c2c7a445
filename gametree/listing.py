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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

__all__ = ["Listing"]


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
