"""Reading trees that people type, safely: no ``eval``, clear messages.

Used by the command line and by the widgets' text boxes.
"""

from __future__ import annotations

import ast
import re

from .text import ordinal
from .tree import Tree

__all__ = ["parse_leaves", "parse_tree"]

MAX_TEXT = 200_000
"""Longest text read; a tree of 10,000 leaves needs about 60,000 characters."""


def _number(token: str, position: int) -> int | float:
    try:
        return int(token)
    except ValueError:
        pass
    try:
        value = float(token)
    except ValueError:
        raise ValueError(
            f"the {ordinal(position + 1)} score, {token!r}, is not a number; "
            f"write scores like 3, -2 or 4.5, separated by spaces or commas"
        ) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(
            f"the {ordinal(position + 1)} score is {token!r}; scores must be finite numbers"
        )
    return value


def parse_leaves(text: str) -> list[int | float]:
    """Leaf scores typed as ``3 12 8``, ``3, 12, 8`` or ``[3, 12, 8]``.

    >>> parse_leaves("3, 12 8,2.5")
    [3, 12, 8, 2.5]
    """
    if not isinstance(text, str):
        raise TypeError(f"expected the scores as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the text is {len(text):,} characters long; keep it under {MAX_TEXT:,}")
    body = text.strip()
    if body.startswith("[") and body.endswith("]"):
        body = body[1:-1]
    tokens = [t for t in re.split(r"[\s,]+", body) if t]
    if not tokens:
        raise ValueError("no leaf scores given; type numbers such as 3 12 8 2 4 6 14 5 2")
    return [_number(token, i) for i, token in enumerate(tokens)]


def parse_tree(text: str) -> Tree:
    """A tree typed as nested lists, e.g. ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``.

    Read with :func:`ast.literal_eval`, never ``eval``.

    >>> parse_tree("[[3, 5], [2, 9]]").leaf_scores
    [3, 5, 2, 9]
    """
    if not isinstance(text, str):
        raise TypeError(f"expected the tree as text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the text is {len(text):,} characters long; keep it under {MAX_TEXT:,}")
    if not text.strip():
        raise ValueError("no tree given; type nested lists such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    try:
        nested = ast.literal_eval(text.strip())
    except (SyntaxError, ValueError, TypeError, MemoryError, RecursionError) as error:
        hint = f" ({error.msg})" if isinstance(error, SyntaxError) and error.msg else ""
        raise ValueError(
            f"could not read {_clip(text)} as a tree{hint}; write nested lists of "
            f"numbers such as [[3, 12, 8], [2, 4, 6], [14, 5, 2]] with matching brackets"
        ) from None
    if isinstance(nested, str):
        raise ValueError(f"{_clip(text)} is a string, not a tree; remove the quotes")
    try:
        return Tree.from_nested(nested)
    except TypeError as error:
        raise ValueError(str(error)) from None


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:37] + "...")
