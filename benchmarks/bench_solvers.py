"""alpha_beta and trace_alpha_beta against a straightforward recursive alpha-beta.

Run:  python benchmarks/bench_solvers.py

For each of the statement's largest shapes (3^8, 4^6, 5^5 leaves) it builds
100 seeded random trees with scores in -1000..1000 and times, in the same
run and on the same trees:

* ``plain``: ``alpha_beta`` of ``../shared/baselines/plain_searches.py``,
  the baseline the issue's targets are measured against, and
  ``straightforward``: the recursion a student writes first (one function,
  a MAX/MIN flag, max()/min() calls, no input checks); each ratio is
  against the faster of the two in the same round;
* ``alpha_beta``: the package's solver, input validation included;
* ``trace_alpha_beta``: the recording search, input checks included (the
  target); and, for information, the same followed by making every Step
  object and rendering its caption, which a reader pays only for the steps
  actually shown.

It prints median milliseconds per tree and, over interleaved rounds, the
median ratio against the faster baseline (targets: alpha_beta <= 0.55x on
the three shapes and <= 1.2x on 2**20 leaves, where checking every leaf
costs more than the search; trace <= 5x alpha_beta).  It checks every
answer against the straightforward one before timing.

A second table times ``minimax``, ``backed_up_values``, ``best_order`` and
``worst_order`` on complete trees up to 2**20 leaves against a plain-list
recursion (what a student writes: recursive, on slices of the leaf list)
and aima-python-style code (nested lists, ``max_value``/``min_value``,
and for the orders ``sorted(children, key=value)`` at every node), with
the peak memory of each in bytes per leaf (target: at most 2x plain lists,
memory linear in the leaves).
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from math import inf

import plain_searches

import gametree


def straightforward(leaves, branching):
    """The textbook recursion, as a student would write it."""
    evaluated = 0

    def search(first, width, alpha, beta, maximizing):
        nonlocal evaluated
        if width == 1:
            evaluated += 1
            return leaves[first]
        step = width // branching
        best = -inf if maximizing else inf
        for child in range(first, first + width, step):
            value = search(child, step, alpha, beta, not maximizing)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return [search(0, len(leaves), -inf, inf, True), evaluated]


def traced(leaves, branching):
    return gametree.trace_alpha_beta(leaves, branching)


def traced_with_captions(leaves, branching):
    trace = gametree.trace_alpha_beta(leaves, branching)
    return trace, trace.captions


def round_ms(function, trees, branching):
    """Mean milliseconds per tree of one round over ``trees``."""
    start = time.perf_counter()
    for leaves in trees:
        function(leaves, branching)
    return (time.perf_counter() - start) / len(trees) * 1000


def interleaved(functions, trees, branching, repeats):
    """Median ms per tree of each function, and the median over rounds of each one's
    ratio to the fastest baseline of the same round (``functions[:2]`` are the baselines):
    the functions take turns within every round, in a rotating order, so that a slow
    moment of a shared machine falls on all of them alike."""
    times = {name: [] for name in functions}
    ratios = {name: [] for name in functions}
    names = list(functions)
    for r in range(repeats):
        order = names[r % len(names):] + names[:r % len(names)]
        this = {name: round_ms(functions[name], trees, branching) for name in order}
        base = min(this[names[0]], this[names[1]])
        for name in names:
            times[name].append(this[name])
            ratios[name].append(this[name] / base)
    return ({name: statistics.median(t) for name, t in times.items()},
            {name: statistics.median(q) for name, q in ratios.items()})


SHAPES = [(3, 8, 100), (4, 6, 100), (5, 5, 100), (2, 20, 2)]
"""(branching, depth, trees): the statement's largest shapes, and 2**20 leaves, where
checking every leaf costs more than the search, which reads about 5 % of them."""


def main(repeats: int = 9) -> None:
    print(f"Python {sys.version.split()[0]}; seeded random trees, scores -1000..1000; {repeats} "
          f"interleaved rounds, median ms per tree; ratio = median over rounds of the time over "
          f"the faster baseline of the round (plain: ../shared/baselines/plain_searches.py; "
          f"straight: the recursion a student writes)\n")
    header = (f"{'shape':>6} {'leaves':>8} {'evaluated':>10} {'plain':>9} {'straight':>9} "
              f"{'alpha_beta':>11} {'ratio':>6} {'trace':>8} {'trace/ab':>9}")
    print(header)
    print("-" * len(header))
    for branching, depth, count in SHAPES:
        trees = [gametree.random_leaves(branching, depth, seed=seed, low=-1000, high=1000)
                 for seed in range(count)]
        for leaves in trees:  # same answers before any timing
            expected = straightforward(leaves, branching)
            assert plain_searches.alpha_beta(leaves, branching) == expected
            assert gametree.alpha_beta(leaves, branching) == expected
            if depth < 20:
                trace = traced(leaves, branching)
                assert [trace.value, trace.evaluated] == expected
        evaluated = statistics.mean(straightforward(t, branching)[1] for t in trees)
        functions = {"plain": plain_searches.alpha_beta, "straight": straightforward,
                     "alpha_beta": gametree.alpha_beta}
        if depth < 20:
            functions["trace"] = traced
        ms, ratio = interleaved(functions, trees, branching, repeats if depth < 20 else 5)
        trace_text = (f"{ms['trace']:>8.2f} {ms['trace'] / ms['alpha_beta']:>8.1f}x"
                      if "trace" in ms else f"{'-':>8} {'-':>9}")
        print(f"{branching}^{depth:<4} {branching**depth:>8,} {evaluated:>10,.0f} {ms['plain']:>9.3f} "
              f"{ms['straight']:>9.3f} {ms['alpha_beta']:>11.3f} {ratio['alpha_beta']:>5.2f}x "
              f"{trace_text}", flush=True)
    print("\nratio = alpha_beta / the faster baseline (targets: <= 0.55x on 3^8, 4^6, 5^5; "
          "<= 1.2x on 2^20, where every leaf is checked); trace/ab = trace_alpha_beta / "
          "alpha_beta (target <= 5)")


# --- values and orders on large trees -------------------------------------------------


def plain_minimax(leaves, branching):
    """Minimax recursing on slices of the flat leaf list."""

    def value(first, width, maximizing):
        if width == 1:
            return leaves[first]
        step = width // branching
        values = [value(c, step, not maximizing) for c in range(first, first + width, step)]
        return max(values) if maximizing else min(values)

    return value(0, len(leaves), True)


def plain_backed_up(leaves, branching):
    """Every node's value, by the same recursion, in level order."""
    levels: dict[int, list] = {}

    def value(first, width, maximizing, depth):
        if width == 1:
            result = leaves[first]
        else:
            step = width // branching
            values = [value(c, step, not maximizing, depth + 1)
                      for c in range(first, first + width, step)]
            result = max(values) if maximizing else min(values)
        levels.setdefault(depth, []).append(result)
        return result

    value(0, len(leaves), True, 0)
    return [v for depth in sorted(levels) for v in levels[depth]]


def plain_order(leaves, branching, best=True):
    """Children sorted by value at every node, recursing on slices."""

    def order(first, width, maximizing):
        if width == 1:
            return leaves[first], [leaves[first]]
        step = width // branching
        kids = [order(c, step, not maximizing) for c in range(first, first + width, step)]
        kids.sort(key=lambda kid: kid[0], reverse=maximizing == best)
        value = (max if maximizing else min)(kid[0] for kid in kids)
        return value, [leaf for _, part in kids for leaf in part]

    return order(0, len(leaves), True)[1]


def nest(leaves, branching):
    level = list(leaves)
    while len(level) > 1:
        level = [level[i : i + branching] for i in range(0, len(level), branching)]
    return level[0]


def aima_minimax(tree):
    """aima-python's MAX-VALUE / MIN-VALUE on nested lists."""

    def max_value(node):
        if not isinstance(node, list):
            return node
        v = -inf
        for child in node:
            v = max(v, min_value(child))
        return v

    def min_value(node):
        if not isinstance(node, list):
            return node
        v = inf
        for child in node:
            v = min(v, max_value(child))
        return v

    return max_value(tree)


def aima_order(tree, maximizing=True, best=True):
    """Sort each node's children by their minimax value, recomputed."""
    if not isinstance(tree, list):
        return tree

    def value(node, maximizing):
        if not isinstance(node, list):
            return node
        values = [value(child, not maximizing) for child in node]
        return max(values) if maximizing else min(values)

    children = sorted(tree, key=lambda child: value(child, not maximizing),
                      reverse=maximizing == best)
    return [aima_order(child, not maximizing, best) for child in children]


def measure(function, *args, memory=True):
    """(result, seconds, peak bytes or None) of one call: timed without
    tracemalloc (which slows Python code several times), then measured
    again under it."""
    start = time.perf_counter()
    result = function(*args)
    seconds = time.perf_counter() - start
    peak = None
    if memory:
        tracemalloc.start()
        function(*args)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return result, seconds, peak


def cell(seconds, peak, n):
    return f"{seconds:7.3f} ({peak / n:5.0f})" if peak is not None else f"{seconds:7.3f} (    -)"


def large(shapes=((3, 8), (2, 16), (2, 20))) -> None:
    print("\nValues and orders: seconds (peak bytes per leaf); ratio = gametree / plain lists\n")
    header = (f"{'shape':>6} {'function':>17} {'plain':>16} {'aima-style':>16} "
              f"{'gametree':>16} {'ratio':>6}")
    print(header)
    print("-" * len(header))
    for branching, depth in shapes:
        leaves = gametree.random_leaves(branching, depth, seed=1, low=-1000, high=1000)
        n = len(leaves)
        nested = nest(leaves, branching)
        cases = [
            ("minimax", (plain_minimax, leaves, branching), (aima_minimax, nested),
             (gametree.minimax, leaves, branching)),
            ("backed_up_values", (plain_backed_up, leaves, branching), None,
             (gametree.backed_up_values, leaves, branching)),
            ("best_order", (plain_order, leaves, branching), (aima_order, nested),
             (gametree.best_order, leaves, branching)),
            ("worst_order", (lambda l, b: plain_order(l, b, best=False), leaves, branching),
             (lambda t: aima_order(t, best=False), nested),
             (gametree.worst_order, leaves, branching)),
        ]
        memory = n <= 2**16  # bytes per leaf do not change with size; 2**20 is timed only
        for name, plain, aima, ours in cases:
            expected, t_plain, m_plain = measure(*plain, memory=memory)
            got, t_ours, m_ours = measure(*ours, memory=memory)
            assert got == expected, name
            if aima is not None and (name == "minimax" or n <= 2**16):  # aima orders: n log n
                _, t_aima, m_aima = measure(*aima, memory=memory)
                aima_text = cell(t_aima, m_aima, n)
            else:
                aima_text = f"{'-':>16}"
            print(f"{branching}^{depth:<4} {name:>17} {cell(t_plain, m_plain, n)} "
                  f"{aima_text} {cell(t_ours, m_ours, n)} {t_ours / t_plain:5.2f}x")
    print("\ntarget: ratio <= 2.0 and memory linear in the leaves")


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    main()
    large()
