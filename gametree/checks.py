"""Input checks shared by every entry point.

Each check either returns a cleaned value or raises ``TypeError`` /
``ValueError`` with one sentence that names the bad value and says how
to fix it.  The checks are written to be cheap: a solver that validates
its input must still beat a straightforward one that does not.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

from .text import describe, ordinal

__all__ = ["check_branching", "check_leaves", "check_number", "complete_depth"]

_PLAIN = frozenset({int, float})


def check_branching(branching: object) -> int:
    """Return ``branching`` if it is an int of at least 2, else raise.

    ``bool`` is refused although it is a subclass of ``int``: ``True`` as a
    branching factor is always a slip.
    """
    if isinstance(branching, bool) or not isinstance(branching, numbers.Integral):
        raise TypeError(
            f"branching must be a whole number such as 2 or 3, not {describe(branching)}"
        )
    if branching < 2:
        raise ValueError(
            f"branching must be at least 2 (every internal node needs two or more "
            f"children), not {branching}"
        )
    return int(branching)


def check_number(value: object, where: str) -> None:
    """Raise unless ``value`` is a finite real number (bool excluded).

    ``where`` names the value in the message, e.g. ``"the 4th leaf score"``.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{where} is {describe(value)}; every leaf score must be a number such "
            f"as 3 or -2.5"
        )
    if not math.isfinite(value):
        raise ValueError(
            f"{where} is {value!r}; scores must be finite numbers, so replace it "
            f"with an ordinary number such as 0"
        )


def check_leaves(leaves: object) -> list:
    """Return ``leaves`` as a list of finite real numbers, or raise.

    Accepts any sequence (list, tuple, range, numpy array).  Plain ``int``
    and ``float`` lists, the common case, are checked in bulk with C-level
    loops; other numeric types are checked once per type.
    """
    if isinstance(leaves, (str, bytes)) or not isinstance(leaves, Sequence):
        if type(leaves).__name__ == "ndarray":  # numpy, without importing it
            leaves = leaves.tolist()
        else:
            raise TypeError(
                f"leaves must be a list of leaf scores such as [3, 12, 8], "
                f"not {describe(leaves)}"
            )
    if type(leaves) is not list:
        leaves = list(leaves)
    if not leaves:
        raise ValueError("leaves is empty; give at least one leaf score, e.g. [3, 12, 8]")
    kinds = set(map(type, leaves))
    if not kinds <= _PLAIN:
        for index, value in enumerate(leaves):
            if type(value) not in _PLAIN:
                check_number(value, f"the {ordinal(index + 1)} leaf score")
    if float in kinds and not math.isfinite(sum(map(abs, leaves))):
        for index, value in enumerate(leaves):
            check_number(value, f"the {ordinal(index + 1)} leaf score")
    return leaves


def complete_depth(count: int, branching: int) -> int:
    """Return d such that ``count == branching ** d``, or raise ValueError.

    The message lists the leaf counts that would fit, so a student who
    typed one leaf too many sees the nearest sizes at once.
    """
    depth, size = 0, 1
    while size < count:
        size *= branching
        depth += 1
    if size != count:
        smaller = size // branching
        raise ValueError(
            f"{count} leaves do not fill a complete tree with branching {branching}: "
            f"the leaf count must be a power of {branching}, such as {smaller} or "
            f"{size}; add or remove leaves, or change branching"
        )
    return depth
