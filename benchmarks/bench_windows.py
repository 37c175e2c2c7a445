"""Null windows at work: PVS and MTD(f) against plain alpha-beta, counted.

Run:  python benchmarks/bench_windows.py [--trees 10] [--positions 4] [--depths 8 12] [--out FILE]

(About a minute with the defaults; most of it is the Kalah searches at
depths 11 and 12.)

Every search is the package's, on the Game interface
(:mod:`gametree.games.windows`), and every one is checked to return plain
alpha-beta's value before it is counted.  Work is counted, not timed:

* ``leaves``: positions whose score was read or estimated (leaves of a
  tree; ended or depth-limit positions of Kalah), each time it happened:
  a re-search or a second pass counts again;
* ``nodes``: positions visited, the root and table answers included.

Two experiments:

1. **Trees.** Seeded random complete trees (scores 0 to 20, so ties are
   common; ``--trees`` of each shape), in random order, best order (every
   node's children best first, where alpha-beta reaches the Knuth-Moore
   minimum) and worst order.  Searches: alpha-beta, PVS, MTD(f) from the
   first guess 10 (the middle of the scores), and MTD(f) from the true
   value (the best first guess there is: two passes).  Means per tree,
   with MTD(f)'s passes and PVS's re-searches.
2. **Kalah.** ``Kalah(6, 4)`` positions a few seeded random moves into a
   game, searched ``--depths`` moves deep with ``kalah_evaluation``:
   alpha-beta, alpha-beta with a transposition table (``AB + table``: Kalah
   reaches positions again by other orders of moves, and MTD(f) has a
   table, so this separates the table's saving from the null windows'),
   PVS, and MTD(f) from the value of the search one move shallower (the
   first guess iterative deepening gives it; that search is not counted).
   No move ordering: every search tries the moves in the game's order.
   Seconds are printed for information (this machine, this run).

Ratios are against plain alpha-beta on the same tree or position.  With
``--out`` it writes the counts as JSON; the committed file, which notebook 11
reads, was made with the defaults::

    python benchmarks/bench_windows.py --out benchmarks/results/windows.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from gametree import Tree, best_order, random_leaves, worst_order
from gametree.games import Kalah, TranspositionTable, TreeGame, alpha_beta, kalah_evaluation
from gametree.games.windows import mtdf, pvs

SHAPES = ((3, 7), (4, 6), (6, 4))
"""(branching, depth) of the random trees: 2,187, 4,096 and 1,296 leaves."""
ORDERS = ("random", "best", "worst")
SEED = 16
OPENING_PLIES = 6


def leaves(stats) -> int:
    return stats.terminals + stats.evaluated


def tree_searches(game: TreeGame, value) -> dict:
    """Each search's (leaves, nodes, extra) on one tree, checked against alpha-beta."""
    found = {}
    plain = alpha_beta(game)
    found["alpha-beta"] = (leaves(plain.stats), plain.stats.nodes, 0)
    searched = pvs(game)
    found["PVS"] = (leaves(searched.stats), searched.stats.nodes, searched.researches)
    for name, guess in (("MTD(f), f = 10", 10), ("MTD(f), f = value", value)):
        result = mtdf(game, guess=guess)
        assert result.value == plain.value
        found[name] = (leaves(result.stats), result.stats.nodes, len(result.passes))
    assert searched.value == plain.value == value
    return found


def _tree_rows(branching: int, depth: int, order: str,
               count: int) -> dict[str, list[tuple[int, int, int]]]:
    """Each search's (leaves, nodes, passes or re-searches) on ``count`` seeded
    trees of one shape, their leaves in ``order``."""
    sums: dict[str, list[tuple[int, int, int]]] = {}
    for k in range(count):
        leaf_list = random_leaves(branching, depth, seed=SEED * 1000 + 10 * k + branching)
        if order == "best":
            leaf_list = best_order(leaf_list, branching)
        elif order == "worst":
            leaf_list = worst_order(leaf_list, branching)
        tree = Tree.from_leaves(leaf_list, branching)
        value = alpha_beta(TreeGame(tree)).value
        for name, row in tree_searches(TreeGame(tree), value).items():
            sums.setdefault(name, []).append(row)
    return sums


def tree_experiment(count: int) -> list[dict]:
    print(f"1. Random trees, scores 0..20, {count} trees of each shape (means per tree; "
          f"ratios against alpha-beta on the same trees)\n")
    print(f"{'shape':>8} {'order':>7} {'search':>18} {'leaves':>9} {'ratio':>6} {'nodes':>9} "
          f"{'ratio':>6} {'passes / re-searches':>21}")
    found = []
    for branching, depth in SHAPES:
        for order in ORDERS:
            sums = _tree_rows(branching, depth, order, count)
            base_leaves = statistics.mean(r[0] for r in sums["alpha-beta"])
            base_nodes = statistics.mean(r[1] for r in sums["alpha-beta"])
            for name, rows in sums.items():
                mean_leaves = statistics.mean(r[0] for r in rows)
                mean_nodes = statistics.mean(r[1] for r in rows)
                extra = "" if name == "alpha-beta" else (
                    f"{statistics.mean(r[2] for r in rows):.1f} "
                    f"{'re-searches' if name == 'PVS' else 'passes'}")
                print(f"{branching}^{depth:<6} {order:>7} {name:>18} {mean_leaves:9.1f} "
                      f"{mean_leaves / base_leaves:6.2f} {mean_nodes:9.1f} "
                      f"{mean_nodes / base_nodes:6.2f} {extra:>21}", flush=True)
                found.append({"branching": branching, "depth": depth, "order": order,
                              "search": name, "trees": count, "leaves": mean_leaves,
                              "nodes": mean_nodes, "leaves_ratio": mean_leaves / base_leaves,
                              "nodes_ratio": mean_nodes / base_nodes,
                              "passes_or_researches": statistics.mean(r[2] for r in rows)})
        print()
    return found


def kalah_positions(count: int) -> list:
    game, rng, found = Kalah(), random.Random(SEED), []
    while len(found) < count:
        state = game.initial
        for _ in range(OPENING_PLIES):
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state) and state not in found:
            found.append(state)
    return found


def kalah_experiment(count: int, depths: range) -> list[dict]:
    game = Kalah()
    print(f"2. Kalah(6, 4), {count} positions {OPENING_PLIES} seeded random moves into a game, "
          f"kalah_evaluation, moves in the game's order\n")
    print(f"{'position':>8} {'depth':>5} {'search':>10} {'value':>5} {'leaves':>10} {'ratio':>6} "
          f"{'nodes':>10} {'ratio':>6} {'seconds':>8} {'passes / re-searches':>21}")
    totals: dict[str, list[tuple[int, int]]] = {}
    counted = []
    for number, state in enumerate(kalah_positions(count), start=1):
        guess = alpha_beta(game, state, depth=depths[0] - 1, evaluate=kalah_evaluation).value
        for depth in depths:
            rows = []
            start = time.perf_counter()
            plain = alpha_beta(game, state, depth=depth, evaluate=kalah_evaluation)
            rows.append(("alpha-beta", plain, time.perf_counter() - start, ""))
            start = time.perf_counter()
            tabled = alpha_beta(game, state, depth=depth, evaluate=kalah_evaluation,
                                table=TranspositionTable())
            rows.append(("AB + table", tabled, time.perf_counter() - start, ""))
            start = time.perf_counter()
            searched = pvs(game, state, depth=depth, evaluate=kalah_evaluation)
            rows.append(("PVS", searched, time.perf_counter() - start,
                         f"{searched.researches} re-searches"))
            start = time.perf_counter()
            result = mtdf(game, state, depth=depth, evaluate=kalah_evaluation, guess=guess)
            rows.append(("MTD(f)", result, time.perf_counter() - start,
                         f"{len(result.passes)} passes"))
            base = plain.stats
            for name, found, seconds, extra in rows:
                assert found.value == plain.value, (name, found.value, plain.value)
                totals.setdefault(name, []).append((leaves(found.stats), found.stats.nodes))
                counted.append({"position": number, "depth": depth, "search": name,
                                   "value": found.value, "leaves": leaves(found.stats),
                                   "nodes": found.stats.nodes, "seconds": round(seconds, 3),
                                   "passes_or_researches": getattr(found, "researches", 0)
                                   or len(getattr(found, "passes", ()))})
                print(f"{number:>8} {depth:>5} {name:>10} {found.value:>+5} "
                      f"{leaves(found.stats):>10,} {leaves(found.stats) / leaves(base):6.2f} "
                      f"{found.stats.nodes:>10,} {found.stats.nodes / base.nodes:6.2f} "
                      f"{seconds:8.2f} {extra:>21}", flush=True)
            guess = plain.value  # the next depth's first guess
    print()
    base_leaves = sum(r[0] for r in totals["alpha-beta"])
    base_nodes = sum(r[1] for r in totals["alpha-beta"])
    print("All positions and depths together, against alpha-beta:")
    for name, rows in totals.items():
        print(f"{name:>10}: leaves {sum(r[0] for r in rows) / base_leaves:.2f}, "
              f"nodes {sum(r[1] for r in rows) / base_nodes:.2f}")
    return counted


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=10, help="random trees of each shape and order")
    parser.add_argument("--positions", type=int, default=4, help="Kalah positions")
    parser.add_argument("--depths", type=int, nargs=2, default=(8, 12), metavar=("FROM", "TO"),
                        help="Kalah search depths, from and to (default 8 12)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the counts as JSON here (benchmarks/results/windows.json)")
    args = parser.parse_args(argv)
    if args.trees < 1 or args.positions < 1 or not 1 <= args.depths[0] <= args.depths[1]:
        parser.error("--trees and --positions must be 1 or more, and --depths FROM TO with "
                     "1 <= FROM <= TO")
    print(f"Python {sys.version.split()[0]}; every search checked to return alpha-beta's value\n")
    start = time.perf_counter()
    trees = tree_experiment(args.trees)
    kalah = kalah_experiment(args.positions, range(args.depths[0], args.depths[1] + 1))
    print(f"\n{time.perf_counter() - start:.0f} s in all")
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "description": "Leaves and nodes of PVS and MTD(f) against alpha-beta; written by "
                           "benchmarks/bench_windows.py",
            "trees": {"scores": "0 to 20", "seed": SEED, "results": trees},
            "kalah": {"game": "Kalah(6, 4)", "evaluation": "kalah_evaluation",
                      "opening_plies": OPENING_PLIES, "seed": SEED,
                      "mtdf_first_guess": "the value one move shallower", "results": kalah},
        }, indent=1) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
