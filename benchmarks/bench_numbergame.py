"""NUMBERGAME: number_game against brute force and against an lru_cache recursion.

Run:  python benchmarks/bench_numbergame.py

On seeded random rows (numbers -1000..1000) it times, in the same run:

* ``brute force``: the same recursion without memory (every line of play),
  on rows of 6 to 12 numbers, where it is still bearable;
* ``lru_cache``: the recursion a student writes with ``functools.cache`` (an
  unbounded ``lru_cache``) on (lo, hi), no input checks, on rows of 10 to 50 numbers;
* ``number_game``: the package's solver, input checks included.

Every answer is checked against the others before timing.  It prints the
median time per row, the calls each makes, and the ratios (target: any
n <= 50 in milliseconds; number_game about as fast as lru_cache).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import cache

from gametree.games import number_game


def brute_force(board):
    calls = 0

    def best(lo, hi):
        nonlocal calls
        calls += 1
        if lo == hi:
            return 0
        options = [board[lo] - best(lo + 1, hi), board[hi - 1] - best(lo, hi - 1)]
        if hi - lo >= 2:
            options += [-best(lo + 2, hi), -best(lo, hi - 2)]
        return max(options)

    return best(0, len(board)), calls


def with_lru_cache(board):
    @cache
    def best(lo, hi):
        if lo == hi:
            return 0
        options = [board[lo] - best(lo + 1, hi), board[hi - 1] - best(lo, hi - 1)]
        if hi - lo >= 2:
            options += [-best(lo + 2, hi), -best(lo, hi - 2)]
        return max(options)

    value = best(0, len(board))
    info = best.cache_info()
    return value, info.hits + info.misses


def median_ms(function, rows, repeats):
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for row in rows:
            function(row)
        rounds.append((time.perf_counter() - start) / len(rows) * 1000)
    return statistics.median(rounds)


def main(repeats: int = 5) -> None:
    rng = random.Random(2026)
    print(f"Python {sys.version.split()[0]}; 20 seeded random rows per length, numbers "
          f"-1000..1000; median of {repeats} rounds, ms per row\n")
    print(f"{'n':>3}{'brute calls':>13}{'brute ms':>10}{'lru ms':>9}{'ours ms':>9}"
          f"{'brute/ours':>12}{'lru/ours':>10}")
    for n in (6, 8, 10, 12, 20, 30, 40, 50):
        rows = [[rng.randint(-1000, 1000) for _ in range(n)] for _ in range(20)]
        for row in rows:
            expected = with_lru_cache(row)[0]
            assert number_game(row) == expected
            if n <= 12:
                assert brute_force(row)[0] == expected
        ours = median_ms(number_game, rows, repeats)
        lru = median_ms(with_lru_cache, rows, repeats)
        if n <= 12:
            brute = median_ms(brute_force, rows, max(1, repeats // 2))
            calls = brute_force(rows[0])[1]
            print(f"{n:>3}{calls:>13,}{brute:>10.2f}{lru:>9.3f}{ours:>9.3f}"
                  f"{brute / ours:>11.0f}x{lru / ours:>9.2f}x")
        else:
            print(f"{n:>3}{'-':>13}{'-':>10}{lru:>9.3f}{ours:>9.3f}{'-':>12}{lru / ours:>9.2f}x")


if __name__ == "__main__":
    main()
