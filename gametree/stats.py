"""Confidence intervals for seeded matches: how sure a win rate or a mean
score measured on a few hundred games is.

The benchmarks and the maze's matches report every figure with one of
these, so a difference between two players is read against its noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "wilson_interval", "mean_interval"]

Z95 = 1.959963984540054
"""The 97.5% point of the standard normal: 95% intervals."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(8, 10)]
    [0.49, 0.943]
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The normal-approximation interval for the mean of ``values`` (95% by
    default): mean ± z · s / √n, s the sample standard deviation.  One value
    gives an interval of no width; none is refused.

    >>> [round(x, 2) for x in mean_interval([1, 2, 3, 4])]
    [1.23, 3.77]
    """
    n = len(values)
    if n == 0:
        raise ValueError("the mean of no values is not defined; play at least one game")
    mean = sum(values) / n
    if n == 1:
        return mean, mean
    s = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean - z * s / math.sqrt(n), mean + z * s / math.sqrt(n)
