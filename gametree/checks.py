"""Input checks shared by every entry point, with one convention.

Each check either returns a cleaned value or raises with one sentence that
names the bad value and says how to fix it, before any work is done:

* ``TypeError`` for a value of the wrong type (``2.0`` as a depth, ``"3"``
  as a score);
* ``ValueError`` for a value of the right type that is wrong (a depth of
  -1, a score of 10**400, a tree too big to make);
* ``IndexError`` for a step of a trace that does not exist.

The same mistake gets the same exception everywhere: the core, the
practice layer and the command line all call these.  The checks are cheap:
a solver that validates its input must still beat a straightforward one
that does not.

Limits
------
:data:`MAX_SCORE` bounds every score, so values stay exact as floats and
can always be compared, summed and drawn.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from operator import countOf
from typing import Any

from .text import describe, fmt, ordinal, shown

__all__ = ["MAX_LEAVES_GIVEN", "MAX_SCORE", "PROBABILITY_TOLERANCE", "check_bounds",
           "check_branching", "check_depth", "check_flag", "check_int", "check_leaf_count",
           "check_leaves", "check_number", "check_probabilities", "check_score", "check_step",
           "complete_depth"]

MAX_LEAVES_GIVEN = 2**24
"""Most leaf scores any function takes as a flat list: 16,777,216, sixteen
times the largest random tree; far more than any search here needs."""

MAX_SCORE = 10**15
"""Largest size of a score (leaf scores, and numbers typed in an answer):
-10**15 to 10**15.  Every whole number in that range is exact as a float,
so scores can be mixed, compared and written without overflow or rounding;
real evaluations are far smaller."""

_PLAIN = frozenset({int, float})
_INT = frozenset({int})
_SAFE_NORM = 2.0**49
"""A Euclidean norm of the scores at most this (about MAX_SCORE / 1.8) proves
each score well inside MAX_SCORE, however the norm is rounded."""
_NORM_CHUNK = 2**16
"""Scores per call of math.hypot, so its copies stay small for 2**24 leaves."""


def check_int(value: object, name: str, *, low: int | None = None, high: int | None = None,
              example: str = "3") -> int:
    """Return ``value`` if it is a whole number in ``low .. high``, else raise.

    ``bool`` is refused although it is a subclass of ``int``: ``True`` as a
    depth or a count is always a slip.  Floats are refused even when whole
    (``2.0``): a TypeError, the same in every layer.

    >>> check_int(3, "depth", low=0)
    3
    >>> check_int(2.0, "depth")
    Traceback (most recent call last):
    ...
    TypeError: depth must be a whole number such as 3, not 2.0 (float)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number such as {example}, not {describe(value)}")
    value = int(value)
    if low is not None and value < low:
        raise ValueError(f"{name} must be {low} or more, not {shown(value)}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high:,}, not {shown(value)}")
    return value


def check_flag(value: object, name: str) -> bool:
    """Return ``value`` if it is True or False, else raise TypeError.

    >>> check_flag("yes", "fail_hard")
    Traceback (most recent call last):
    ...
    TypeError: fail_hard must be True or False, not 'yes' (str)
    """
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {describe(value)}")
    return value


def check_branching(branching: object) -> int:
    """Return ``branching`` if it is a whole number of at least 2, else raise.

    A complete tree given as a flat list of leaves needs two or more
    children per node (with one child its depth could not be told from
    the leaves); trees written as nested lists may have single children.
    """
    if isinstance(branching, bool) or not isinstance(branching, numbers.Integral):
        raise TypeError(
            f"branching must be a whole number such as 2 or 3, not {describe(branching)}"
        )
    if branching < 2:
        raise ValueError(
            f"branching must be at least 2 (every internal node needs two or more "
            f"children), not {shown(branching)}"
        )
    return int(branching)


def check_depth(depth: object, *, low: int = 0) -> int:
    """Return ``depth`` if it is a whole number of at least ``low``, else raise."""
    return check_int(depth, "depth", low=low)


def check_leaf_count(branching: int, depth: int, limit: int, what: str) -> int:
    """Return ``branching ** depth`` if it is at most ``limit``, else raise
    ValueError, without ever computing a power larger than the limit.

    ``what`` names the thing made, e.g. ``"a random tree"``.  A depth of
    10**20 is refused at once, never computed.

    >>> check_leaf_count(3, 2, 100, "a tree")
    9
    >>> check_leaf_count(2, 10**20, 2**20, "a random tree")
    Traceback (most recent call last):
    ...
    ValueError: branching 2 and depth 100000000000000000000 make more than 1,048,576 leaves; a random tree has at most 1,048,576, so lower the depth or the branching
    """
    if depth == 0 or branching == 1:
        return 1
    # With branching >= 2, branching ** depth >= 2 ** depth: a depth past 64,
    # or a branching past the limit, is too big for any limit here already.
    if branching > limit or depth > 64:
        count = None
    else:
        count = branching**depth
    if count is None or count > limit:
        made = f"{count:,}" if count is not None else f"more than {limit:,}"
        raise ValueError(
            f"branching {shown(branching)} and depth {shown(depth)} make {made} leaves; {what} has "
            f"at most {limit:,}, so lower the depth or the branching"
        )
    return count


def check_score(value: object, where: str, *, infinite: bool = False) -> None:
    """Raise unless ``value`` is a real number (bool excluded), not NaN, of
    size at most :data:`MAX_SCORE`; ``infinite=True`` also lets ±inf through
    (for alpha and beta).

    ``where`` names the value in the message, e.g. ``"the 4th leaf score"``.

    >>> check_score(10**15, "the score")
    >>> check_score(10**15 + 1, "the score")
    Traceback (most recent call last):
    ...
    ValueError: the score is 1000000000000001, beyond the largest score gametree takes (10**15 in size); scale the scores down
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{where} is {describe(value)}; every score must be a number such as 3 or -2.5"
        )
    if value != value:  # NaN, without converting to float (10**400 would overflow)
        raise ValueError(
            f"{where} is {shown(value)}; scores must be numbers, so replace it with an ordinary "
            f"number such as 0"
        )
    if value == math.inf or value == -math.inf:
        if infinite:
            return
        raise ValueError(
            f"{where} is {shown(value)}; scores must be finite numbers, so replace it with an "
            f"ordinary number such as 0"
        )
    number: Any = value  # a Real: compared exactly, never converted to float
    if not -MAX_SCORE <= number <= MAX_SCORE:
        raise ValueError(
            f"{where} is {shown(value)}, beyond the largest score gametree "
            f"takes (10**15 in size); scale the scores down"
        )


def check_number(value: object, where: str) -> None:
    """A finite score: :func:`check_score` without infinities."""
    check_score(value, where)


def check_leaves(given: object) -> list:
    """Return ``leaves`` as a list of scores, each checked by :func:`check_score`.

    Accepts any sequence (list, tuple, range, numpy array) of at most
    :data:`MAX_LEAVES_GIVEN` scores.  Plain ``int``
    and ``float`` lists, the common case, are checked in bulk with two
    C-level passes (the types, then the Euclidean norm, which bounds every
    size and shows NaN and inf; min, max and a sum when the norm is near the
    limit); other numeric types one by one.  Either way the first bad score
    is named, with the same message, before any search work.
    """
    leaves = _leaf_list(given)
    if len(leaves) > MAX_LEAVES_GIVEN:
        raise ValueError(f"leaves has {len(leaves):,} scores; gametree takes at most "
                         f"{MAX_LEAVES_GIVEN:,}")
    if not leaves:
        raise ValueError("leaves is empty; give at least one leaf score, e.g. [3, 12, 8]")
    if not _clean_in_bulk(leaves):
        for index, value in enumerate(leaves):
            check_score(value, f"the {ordinal(index + 1)} leaf score")
    return leaves


def _leaf_list(given: object) -> list:
    """``given`` as a list: a list as it is, a numpy array or another
    sequence copied (refusing one longer than :data:`MAX_LEAVES_GIVEN`
    before copying it), anything else refused."""
    leaves: Any = given
    if type(leaves).__name__ == "ndarray":  # numpy, without importing it
        leaves = leaves.tolist()
    if isinstance(leaves, (str, bytes)) or not isinstance(leaves, Sequence):
        raise TypeError(
            f"leaves must be a list of leaf scores such as [3, 12, 8], not {describe(leaves)}"
        )
    if type(leaves) is list:
        return leaves
    try:
        count = len(leaves)
    except OverflowError:  # range(10**20): too long to count in a machine word
        count = MAX_LEAVES_GIVEN + 1
    if count > MAX_LEAVES_GIVEN:
        raise ValueError(f"leaves has more than {MAX_LEAVES_GIVEN:,} scores; gametree takes "
                         f"at most that many")
    return list(leaves)


def _clean_in_bulk(leaves: list) -> bool:
    """Whether C-level passes over ``leaves`` prove every score good; False
    leaves them to be checked one by one (which names the first bad one)."""
    # One pass of types: exactly int or float (bool and subclasses go one by one).
    kinds = _INT if countOf(map(type, leaves), int) == len(leaves) else set(map(type, leaves))
    if not kinds <= _PLAIN:
        return False
    # One pass of sizes: the Euclidean norm is at least the largest size, is
    # NaN or inf if a score is, and overflows for an int beyond any float.
    try:
        norm = _norm(leaves)
    except OverflowError:
        norm = math.inf
    if norm <= _SAFE_NORM:
        return True
    # Sizes near the limit, or many large ones: judged exactly.  ints and
    # floats compare exactly, so min and max never overflow; the sum is then
    # bounded, and NaN (which min and max may skip) shows in it.
    clean = min(leaves) >= -MAX_SCORE and max(leaves) <= MAX_SCORE
    if clean and float in kinds:
        clean = math.isfinite(sum(map(abs, leaves)))
    return clean


def _norm(leaves: list) -> float:
    """The Euclidean norm of the scores, an int or float each, within an ulp
    or so (math.hypot); OverflowError for an int too large for a float."""
    step = _NORM_CHUNK
    return math.hypot(*[math.hypot(*leaves[i:i + step]) for i in range(0, len(leaves), step)])


PROBABILITY_TOLERANCE = 1e-9
"""How far from 1 the probabilities of a chance node may add up when one of
them is a float (0.1 + 0.2 + 0.7 is 0.9999999999999999 in floats); whole
numbers and fractions.Fraction must add up to exactly 1."""


def check_probabilities(probabilities: Sequence[object], where: str) -> None:
    """Raise unless ``probabilities`` are the outcome probabilities of a
    chance node: at least one, each a real number from 0 to 1 (bool
    excluded), adding up to 1.

    Fractions (``fractions.Fraction``) and whole numbers must add up to 1
    exactly; once a float is among them, to within
    :data:`PROBABILITY_TOLERANCE`.  ``where`` names the chance node in the
    message, e.g. ``"the chance node at position [1]"``.

    >>> from fractions import Fraction
    >>> check_probabilities([Fraction(1, 6), Fraction(5, 6)], "chance node C")
    >>> check_probabilities([0.1, 0.2, 0.7], "chance node C")
    >>> check_probabilities([0.5, 0.4], "chance node C")
    Traceback (most recent call last):
    ...
    ValueError: the probabilities of chance node C add up to 0.9, not 1; make them add up to 1 (fractions such as Fraction(1, 3) add up exactly)
    """
    if not probabilities:
        raise ValueError(f"{where} has no children; a chance node needs at least one outcome, "
                         f"written as a (probability, subtree) pair such as (1, [3, 5])")
    for k, p in enumerate(probabilities):
        if isinstance(p, bool) or not isinstance(p, numbers.Real):
            raise TypeError(f"the {ordinal(k + 1)} probability of {where} is {describe(p)}; a "
                            f"probability is a number from 0 to 1, such as 0.5 or Fraction(1, 6)")
        q: Any = p  # a Real: compared exactly, never converted to float
        if q != q or not 0 <= q <= 1:  # NaN: q != q
            negative = " (negative)" if q < 0 else ""
            raise ValueError(f"the {ordinal(k + 1)} probability of {where} is {shown(p)}"
                             f"{negative}; a probability is a number from 0 to 1")
    total: Any = sum(probabilities)
    exact = not any(isinstance(p, float) for p in probabilities)
    if (total != 1) if exact else abs(total - 1) > PROBABILITY_TOLERANCE:
        raise ValueError(f"the probabilities of {where} add up to {fmt(total)}, not 1; make them "
                         f"add up to 1 (fractions such as Fraction(1, 3) add up exactly)")


def check_bounds(bounds: object) -> tuple[Any, Any]:
    """Return ``bounds`` as ``(low, high)`` if it is a pair of scores with
    ``low <= high``, else raise.  Either may be infinite (-inf below, +inf
    above): an unbounded side, where nothing can be pruned.

    >>> check_bounds((0, 10))
    (0, 10)
    >>> check_bounds((10, 0))
    Traceback (most recent call last):
    ...
    ValueError: bounds (10, 0) have low = 10 > high = 0; give (low, high) with low <= high, such as (0, 10)
    """
    if isinstance(bounds, (str, bytes)) or not isinstance(bounds, Sequence) or len(bounds) != 2:
        raise TypeError(f"bounds must be a pair (low, high) of numbers that every leaf score lies "
                        f"between, such as (0, 10), not {describe(bounds)}")
    low, high = bounds
    check_score(low, "the low bound", infinite=True)
    check_score(high, "the high bound", infinite=True)
    if low == math.inf or high == -math.inf:
        raise ValueError(f"bounds ({shown(low)}, {shown(high)}) leave no room for a score; give "
                         f"(low, high) such as (0, 10)")
    if low > high:
        raise ValueError(f"bounds ({shown(low)}, {shown(high)}) have low = {shown(low)} > high = "
                         f"{shown(high)}; give (low, high) with low <= high, such as (0, 10)")
    return low, high


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
            f"{count} leaves do not fill a complete tree with branching {shown(branching)}: "
            f"the leaf count must be a power of {shown(branching)}, such as {shown(smaller)} "
            f"or {shown(size)}; add or remove leaves, or change branching"
        )
    return depth


def check_step(index: object, count: int) -> int:
    """Return step ``index`` of a trace of ``count`` steps, counting from
    the end when negative (as a list does), or raise.

    TypeError for an index that is not a whole number, IndexError for one
    out of range; the message names the index as it was given.

    >>> check_step(-1, 26)
    25
    >>> check_step(-1000, 26)
    Traceback (most recent call last):
    ...
    IndexError: step -1000 does not exist; this trace has steps 0 to 25 (or -26 to -1 from the end)
    """
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise TypeError(f"a step index must be a whole number such as 0 or -1, "
                        f"not {describe(index)}")
    position = int(index) + count if index < 0 else int(index)
    if not 0 <= position < count:
        raise IndexError(f"step {shown(index)} does not exist; this trace has "
                         f"steps 0 to {count - 1} (or -{count} to -1 from the end)")
    return position
