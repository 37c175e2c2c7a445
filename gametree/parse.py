"""Reading trees and numbers that people type, safely: no ``eval``, clear messages.

Used by the command line, the widgets' text boxes and the practice
checker's answer boxes.

What counts as a number
-----------------------
Plain decimal numbers written with the ASCII digits 0-9: ``3``, ``-2``,
``4.5``, ``1e3``, ``.5``.  Python would also read ``1_000``, ``0x10``,
full-width digits (``１２``) and other scripts' digits (``١٢``); they are
refused with a message naming the character, because a score typed that
way is almost always a slip and would show differently in the drawing.
Every score must also pass :func:`gametree.checks.check_score` (finite,
at most 10**15 in size).
"""

from __future__ import annotations

import ast
import re
import unicodedata
from fractions import Fraction

from .checks import check_score
from .text import describe, ordinal, shown
from .tree import MAX_DEPTH, Tree

__all__ = ["parse_leaves", "parse_tree", "read_number", "MAX_TEXT"]

MAX_TEXT = 200_000
"""Longest text read; a tree of 10,000 leaves needs about 60,000 characters."""

_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_INFINITE = frozenset({"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan",
                       "+nan", "-nan"})


def _odd_character(token: str) -> str | None:
    """The first character of ``token`` that plain numbers never use, named."""
    for character in token:
        if not character.isascii():
            name = unicodedata.name(character, f"U+{ord(character):04X}")
            return f"{character!r} ({name})"
        if character == "_":
            return "'_' (an underscore)"
    return None


def read_number(token: str, where: str) -> int | float:
    """Read one typed number written with plain ASCII digits, or raise
    ValueError naming ``where`` (e.g. ``"the 2nd score"``) and the problem.

    Whole numbers stay ``int``; anything with a point or an exponent is a
    ``float``.  The value must pass :func:`gametree.checks.check_score`.

    >>> read_number("12", "the score"), read_number("-2.5", "the score"), read_number("1e3", "x")
    (12, -2.5, 1000.0)
    >>> read_number("1_000", "the 1st score")
    Traceback (most recent call last):
    ...
    ValueError: the 1st score, '1_000', has '_' (an underscore) in it; type numbers with the plain digits 0-9, such as 1000
    """
    if not isinstance(token, str):
        raise TypeError(f"{where} must be text, not {describe(token)}")
    if token.lower() in _INFINITE:
        raise ValueError(f"{where} is {token!r}; scores must be finite numbers such as 3 or -2")
    if not _PLAIN_NUMBER.fullmatch(token):
        odd = _odd_character(token)
        if odd is not None:
            raise ValueError(f"{where}, {shown(token)}, has {odd} in it; type numbers with the "
                             f"plain digits 0-9, such as 1000")
        raise ValueError(f"{where}, {shown(token)}, is not a number; write numbers like 3, -2 "
                         f"or 4.5")
    value: int | float
    if any(mark in token for mark in ".eE"):
        value = float(token)  # 1e400 reads as inf: refused below as too large
        if value in (float("inf"), float("-inf")):
            raise ValueError(f"{where}, {shown(token)}, is beyond the largest score gametree "
                             f"takes (10**15 in size); scale the scores down")
    else:
        # At most 200,000 characters reach here, and Python refuses to read
        # whole numbers of more than 4,300 digits: count them first.
        digits = len(token.lstrip("+-").lstrip("0"))
        if digits > 16:
            raise ValueError(f"{where} has {digits} digits, beyond the largest score gametree "
                             f"takes (10**15 in size); scale the scores down")
        value = int(token)
    check_score(value, where)
    return value


def parse_leaves(text: str) -> list[int | float]:
    """Leaf scores typed as ``3 12 8``, ``3, 12, 8`` or ``[3, 12, 8]``.

    A bracket that is opened and not closed (or closed and never opened)
    is refused, never dropped with the score beside it.

    >>> parse_leaves("3, 12 8,2.5")
    [3, 12, 8, 2.5]
    >>> parse_leaves("[3, 12, 8")
    Traceback (most recent call last):
    ...
    ValueError: the scores open with '[' but do not end with ']'; close the bracket, as in [3, 12, 8], or leave both out
    """
    if not isinstance(text, str):
        raise TypeError(f"expected the scores as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the text is {len(text):,} characters long; keep it to {MAX_TEXT:,}")
    body = text.strip()
    opened, closed = body.startswith("["), body.endswith("]")
    if opened != closed:
        first, second = ("open with '['", "do not end with ']'") if opened else \
            ("end with ']'", "do not open with '['")
        raise ValueError(f"the scores {first} but {second}; close the bracket, as in "
                         f"[3, 12, 8], or leave both out")
    if opened:
        body = body[1:-1]
    tokens = [t for t in re.split(r"[\s,]+", body) if t]
    if not tokens:
        raise ValueError("no leaf scores given; type numbers such as 3 12 8 2 4 6 14 5 2")
    return [read_number(token, f"the {ordinal(i + 1)} score") for i, token in enumerate(tokens)]


# Numbers in a typed tree that literal_eval would read but a plain number is
# not: digit separators, other bases, complex numbers, non-ASCII digits.
_NUMBER_IN_TREE = re.compile(r"(?<![\w.])[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NOT_PLAIN = re.compile(r"[0-9]_[0-9]|\b0[xXoObB][0-9a-fA-F]|[0-9][jJ]\b|[^\x00-\x7f]")


_FRACTION = re.compile(r"(?<![\w.])([+-]?[0-9]+)\s*/\s*([0-9]+)(?![\w.])")
_FRACTION_MARK = "\x00fraction:"


def _fractions(nested: object) -> object:
    """``nested`` with every fraction, marked by :func:`parse_tree` as a
    string, made a :class:`fractions.Fraction`."""
    if isinstance(nested, list):
        return [_fractions(item) for item in nested]
    if isinstance(nested, tuple):
        return tuple(_fractions(item) for item in nested)
    if isinstance(nested, str) and nested.startswith(_FRACTION_MARK):
        top, bottom = nested[len(_FRACTION_MARK):].split("/")
        if int(bottom) == 0:
            raise ValueError(f"the tree has the fraction {top}/{bottom}, which divides by zero; "
                             f"write a fraction such as 1/6")
        return Fraction(int(top), int(bottom))
    return nested


def parse_tree(text: str) -> Tree:
    """A tree typed as nested lists, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``.

    Read with :func:`ast.literal_eval`, never ``eval``; the numbers in it
    follow the rules of :func:`read_number`.  A chance node is a list of
    ``(probability, subtree)`` pairs (see :meth:`Tree.from_nested`), and a
    fraction of two whole numbers, such as ``1/6``, is read exactly, as a
    :class:`fractions.Fraction`.

    >>> parse_tree("[[3, 5], [2, 9]]").leaf_scores
    [3, 5, 2, 9]
    >>> parse_tree("[(1/6, 4), (5/6, [2, 8])]").leaves[0].probability
    Fraction(1, 6)
    """
    if not isinstance(text, str):
        raise TypeError(f"expected the tree as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the text is {len(text):,} characters long; keep it to {MAX_TEXT:,}")
    if not text.strip():
        raise ValueError("no tree given; type nested lists such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    odd = _NOT_PLAIN.search(text)
    if odd is not None:
        start = max(0, odd.start() - 8)
        near = text[start : odd.end() + 8]
        character = _odd_character(odd.group()) or repr(odd.group())
        raise ValueError(f"the tree has {character} in {near!r}; type numbers with the plain "
                         f"digits 0-9, such as 1000 or -2.5")
    # Nesting past MAX_DEPTH is refused as Tree.from_nested would, before
    # Python's own parser stops at 200 levels with a message of its own.
    depth = deepest = 0
    for bracket in re.sub(r"[^\[\]()]", "", text):
        depth += 1 if bracket in "[(" else -1
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        raise ValueError(f"the tree is deeper than {MAX_DEPTH} levels ({deepest} nested "
                         f"lists); gametree draws and searches trees a person can follow, so "
                         f"cut it down")
    # Each number as read_number reads it, before Python does: it would turn
    # 1e400 into inf and refuse a whole number of more than 4,300 digits.
    for k, number in enumerate(_NUMBER_IN_TREE.findall(text)):
        read_number(number, f"the {ordinal(k + 1)} number in the tree")
    marked = _FRACTION.sub(lambda m: repr(f"{_FRACTION_MARK}{m.group(1)}/{m.group(2)}"), text)
    try:
        nested = ast.literal_eval(marked.strip())
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError) as error:
        hint = f" ({error.msg})" if isinstance(error, SyntaxError) and error.msg else ""
        raise ValueError(
            f"could not read {_clip(text)} as a tree{hint}; write nested lists of "
            f"numbers such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]] with matching brackets"
        ) from None
    if isinstance(nested, str):
        raise ValueError(f"{_clip(text)} is a string, not a tree; remove the quotes")
    nested = _fractions(nested)
    try:
        return Tree.from_nested(nested)
    except TypeError as error:
        raise ValueError(str(error)) from None


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:37] + "...")
