"""Solving tic-tac-toe from the empty board: alpha-beta with and without a
transposition table.

Run:  python benchmarks/bench_tictactoe.py

Times, in the same run, ``gametree.games.alpha_beta`` on ``TicTacToe()``:

* ``alpha-beta``: the straightforward search, no table (the baseline);
* ``+ table``: with a fresh :class:`TranspositionTable` keyed on the position;
* ``+ table, symmetry``: with a fresh table keyed on the position's
  symmetry class (:func:`gametree.games.canonical`, 8 symmetries);

and, for reference, plain minimax (no pruning, no table) once.  Every
search must return the value 0 (a draw) before it is timed.  It prints the
median time of several rounds, the nodes each search visits, and the
speed-up over the baseline (target: the table with symmetry at least 10x).
"""

from __future__ import annotations

import statistics
import sys
import time

from gametree.games import TicTacToe, TranspositionTable, alpha_beta, canonical, minimax


def median_ms(search, repeats: int) -> float:
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        search()
        rounds.append((time.perf_counter() - start) * 1000)
    return statistics.median(rounds)


def main(repeats: int = 15) -> None:
    game = TicTacToe()
    searches = {
        "alpha-beta": lambda: alpha_beta(game),
        "+ table": lambda: alpha_beta(game, table=TranspositionTable()),
        "+ table, symmetry": lambda: alpha_beta(game, table=TranspositionTable(key=canonical)),
    }
    print(f"Python {sys.version.split()[0]}; tic-tac-toe from the empty board; "
          f"median of {repeats} rounds (each with a fresh table)\n")
    print(f"{'search':<20}{'value':>6}{'nodes':>9}{'terminals':>11}{'hits':>7}{'ms':>9}{'speed-up':>10}")
    baseline = None
    for name, search in searches.items():
        result = search()
        assert result.value == 0, f"{name} says {result.value}; tic-tac-toe is a draw"
        ms = median_ms(search, repeats)
        baseline = baseline or ms
        s = result.stats
        print(f"{name:<20}{result.value:>6}{s.nodes:>9,}{s.terminals:>11,}{s.table_hits:>7,}"
              f"{ms:>9.2f}{baseline / ms:>9.1f}x")
    start = time.perf_counter()
    plain = minimax(game)
    ms = (time.perf_counter() - start) * 1000
    s = plain.stats
    print(f"{'minimax (reference)':<20}{plain.value:>6}{s.nodes:>9,}{s.terminals:>11,}{0:>7}"
          f"{ms:>9.0f}{baseline / ms:>9.2f}x")


if __name__ == "__main__":
    main()
