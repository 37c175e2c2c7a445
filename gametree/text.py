"""How values, counts and lists are written, the same way everywhere.

Captions, checker feedback, drawings, sheets, prompts and error messages all
write numbers through these functions, so an infinity is "−∞" or "+∞" in a
caption, a drawing and a printed sheet alike (:func:`infinity`), and lists
of names read "B, C and D".  Typed input still accepts ``inf`` and ``-inf``
(:data:`TYPE_INFINITY` says so in prompts).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import inf
from numbers import Real

from .i18n import N_
from .i18n import gettext as _

__all__ = ["infinity", "TYPE_INFINITY", "fmt", "pretty", "brief", "ordinal", "join_names", "describe", "shown", "size"]


TYPE_INFINITY = "type inf or -inf for +\u221e or \u2212\u221e"
"""How a prompt tells a student to type an infinity (a keyboard has no ∞)."""


def infinity(value: float) -> str:
    """The one way the set writes an infinity: ``+∞`` or ``−∞`` (the real
    minus sign), as AIMA's pseudocode does; any other value is refused.

    >>> infinity(float("inf")), infinity(-float("inf"))
    ('+∞', '−∞')
    >>> infinity(3)
    Traceback (most recent call last):
    ValueError: infinity(3): 3 is not infinite; write finite values with fmt()
    """
    if value == inf:
        return "+\u221e"
    if value == -inf:
        return "\u2212\u221e"
    raise ValueError(f"infinity({value!r}): {value!r} is not infinite; write finite values with fmt()")


def fmt(value: float | int | None) -> str:
    """A score or bound in plain text, for captions: ``−∞``, ``+∞``, ``3``, ``2.5``.

    Whole floats lose their ``.0``, so a score typed as ``1e3`` reads ``1000``
    everywhere; ``None`` (not known yet) is ``?``; anything else is its
    repr, cut short.

    >>> fmt(-float("inf")), fmt(float("inf")), fmt(3), fmt(3.0), fmt(2.5), fmt(None)
    ('−∞', '+∞', '3', '3', '2.5', '?')
    """
    if value is None:
        return "?"
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return size(value)
    if value in (inf, -inf):
        return infinity(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, float):
        return f"{value:g}"
    return str(value) if isinstance(value, (int, Real)) else shown(value)


def pretty(value: float | int | None) -> str:
    """A value as drawn or printed: :func:`fmt` with the real minus sign.

    >>> pretty(-float("inf")), pretty(float("inf")), pretty(-3), pretty(2.5)
    ('−∞', '+∞', '−3', '2.5')
    """
    return fmt(value).replace("-", "\u2212")


def brief(value: float | int | None, digits: int = 2) -> str:
    """A value as drawn where room is short (inside a node of a tree with
    chance nodes, a probability on an edge): :func:`pretty`, with a float
    rounded to ``digits`` decimals and a fraction whose denominator is
    above 12 written as such a decimal.  Captions keep the exact value.

    >>> brief(2.1666666), brief(Fraction(13, 6)), brief(Fraction(617, 108)), brief(-3), brief(0.125, 3)
    ('2.17', '13/6', '5.71', '−3', '0.125')
    """
    if isinstance(value, Fraction) and value.denominator > 12:
        value = float(value)
    if isinstance(value, float) and value not in (inf, -inf) and value == value:
        value = round(value, digits)
        if value == 0:
            value = 0.0  # no "−0"
    return pretty(value)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``21st``: how people count leaves.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(_ORDINALS[suffix]).format(number=n)


_ORDINALS = {"st": N_("{number}st"), "nd": N_("{number}nd"), "rd": N_("{number}rd"),
             "th": N_("{number}th")}
"""The ordinal's pattern by English suffix (each language writes its own)."""


def join_names(names: Iterable[str]) -> str:
    """Names as a sentence lists them.

    >>> join_names(["B"]), join_names(["B", "C"]), join_names(["B", "C", "D"])
    ('B', 'B and C', 'B, C and D')
    """
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def describe(value: object, width: int = 40) -> str:
    """A value and its type for an error message, cut to ``width`` characters.

    Whole numbers too long to print whole (Python refuses to write more
    than 4,300 digits) are described by their size instead.

    >>> describe("3"), describe(None), describe(10**400)
    ("'3' (str)", 'None (NoneType)', 'a whole number of 401 digits (int)')
    """
    return f"{shown(value, width)} ({type(value).__name__})"


def shown(value: object, width: int = 40) -> str:
    """A value as an error message quotes it: its repr, cut to ``width``
    characters, or its size for a whole number too long to read.

    >>> shown(-1000), shown("x" * 50), shown(-(10**99))
    ('-1000', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...", 'a whole number of 100 digits')
    """
    if isinstance(value, int) and not -(10**30) < value < 10**30:
        return size(value)
    text = repr(value)
    if len(text) > width:
        text = text[: width - 3] + "..."
    return text


def size(number: int) -> str:
    """A whole number too long to read, by its count of digits.

    Exact without writing the number out, so it works past Python's
    4,300-digit limit on ``str(int)``.

    >>> size(10**400), size(-(10**400) + 1), size(10**5000)
    ('a whole number of 401 digits', 'a whole number of 400 digits', 'a whole number of 5001 digits')
    """
    magnitude = abs(int(number))
    digits = max(1, int(magnitude.bit_length() * 0.30102999566398120))  # log10(2)
    while 10**digits <= magnitude:  # the estimate is at most one too small
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > magnitude:
        digits -= 1
    return f"a whole number of {digits} digits"
