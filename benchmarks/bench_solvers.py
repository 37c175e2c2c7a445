"""alpha_beta and trace_alpha_beta against a straightforward recursive alpha-beta.

Run:  python benchmarks/bench_solvers.py

For each of the statement's largest shapes (3^8, 4^6, 5^5 leaves) it builds
100 seeded random trees with scores in -1000..1000 and times, in the same
run and on the same trees:

* ``straightforward``: the recursion a student writes first (one function,
  a MAX/MIN flag, max()/min() calls, no input checks);
* ``alpha_beta``: the package's solver, input validation included;
* ``trace_alpha_beta``: the recording search, input checks included (the
  target); and, for information, the same followed by making every Step
  object and rendering its caption, which a reader pays only for the steps
  actually shown.

It prints median milliseconds per tree and ratios against straightforward
(targets: alpha_beta <= 1.0x, aim 0.8x; trace <= 5x alpha_beta).  It
checks every answer against the straightforward one before timing.
"""

from __future__ import annotations

import statistics
import sys
import time
from math import inf

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


def median_ms(function, trees, branching, repeats):
    """Median over ``repeats`` rounds of the mean time per tree, in ms."""
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for leaves in trees:
            function(leaves, branching)
        rounds.append((time.perf_counter() - start) / len(trees) * 1000)
    return statistics.median(rounds)


def main(repeats: int = 7) -> None:
    print(f"Python {sys.version.split()[0]}; 100 seeded random trees per shape, "
          f"scores -1000..1000; median of {repeats} rounds, ms per tree\n")
    header = (f"{'shape':>6} {'leaves':>7} {'evaluated':>10} {'straight':>9} {'alpha_beta':>11} "
              f"{'ratio':>6} {'trace':>7} {'+captions':>10} {'trace/ab':>9}")
    print(header)
    print("-" * len(header))
    for branching, depth in [(3, 8), (4, 6), (5, 5)]:
        trees = [gametree.random_leaves(branching, depth, seed=seed, low=-1000, high=1000)
                 for seed in range(100)]
        for leaves in trees:  # same answers before any timing
            expected = straightforward(leaves, branching)
            assert gametree.alpha_beta(leaves, branching) == expected
            trace = traced(leaves, branching)
            assert [trace.value, trace.evaluated] == expected
        evaluated = statistics.mean(straightforward(t, branching)[1] for t in trees)
        base = median_ms(straightforward, trees, branching, repeats)
        fast = median_ms(gametree.alpha_beta, trees, branching, repeats)
        trace_ms = median_ms(traced, trees, branching, repeats)
        caption_ms = median_ms(traced_with_captions, trees[:20], branching, 3)  # information only
        print(f"{branching}^{depth:<4} {branching**depth:>7} {evaluated:>10.0f} {base:>9.3f} "
              f"{fast:>11.3f} {fast / base:>5.2f}x {trace_ms:>7.2f} {caption_ms:>10.2f} "
              f"{trace_ms / fast:>8.1f}x")
    print("\nratio = alpha_beta / straightforward (target <= 1.0, aim 0.8); "
          "trace/ab = trace_alpha_beta / alpha_beta (target <= 5)")


if __name__ == "__main__":
    main()
