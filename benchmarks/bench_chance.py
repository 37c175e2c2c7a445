"""What Star1 saves, and how fast the dice race is solved.

Run:  python benchmarks/bench_chance.py

1. Leaves evaluated by plain expectiminimax (every leaf: without bounds
   nothing can be pruned) against Star1 (``trace_expectiminimax`` with
   ``bounds``: alpha-beta at MAX and MIN nodes, Ballard's Star1 at chance
   nodes), on seeded random trees of several shapes, with the bounds tight
   (exactly the range of the leaf scores, 0 to 10) and looser (-10 to 20,
   then -100 to 110): the wider the bounds, the less an unseen outcome is
   known, and the less can be pruned.  Printed as counts per tree and the
   ratio plain / Star1, each the total over 20 trees.  Every value is
   checked to be the same.

2. The exact solve of the dice race (``gametree.games.DiceRace()``: 6
   squares, a six-sided die) by ``ChanceSolver`` against a straightforward
   memoized recursion written here (``functools.cache`` over the game's
   five questions), measured in the same run, best of 3.
"""

from __future__ import annotations

import functools
import math
import sys
import time
from fractions import Fraction

import gametree
from gametree.games import ChanceSolver, DiceRace
from gametree.tree import CHANCE, MAX

SHAPES = [  # (decision levels, children of a MAX or MIN node, outcomes of a chance node)
    (2, 2, 2), (2, 3, 2), (2, 2, 6), (3, 2, 2), (3, 3, 3), (4, 2, 2)]
BOUNDS = [(0, 10), (-10, 20), (-100, 110)]
TREES = 20


def star1_savings() -> None:
    print("Leaves evaluated: plain expectiminimax against Star1 (20 seeded trees per shape, "
          "leaves 0 to 10, fractions)\n")
    header = f"{'shape (depth x b x o)':>22} {'leaves':>7} {'plain':>9}" + "".join(
        f" {f'Star1 {low}..{high}':>15} {'ratio':>6}" for low, high in BOUNDS)
    print(header)
    print("-" * len(header))
    for depth, branching, outcomes in SHAPES:
        plain = 0
        star1 = [0] * len(BOUNDS)
        leaves = 0
        for seed in range(TREES):
            tree = gametree.random_chance_tree(depth, seed=seed, branching=branching,
                                               outcomes=outcomes, probabilities="fraction")
            leaves = tree.leaf_count
            value = gametree.expectiminimax(tree)
            full = gametree.trace_expectiminimax(tree)
            assert full.value == value and full.evaluated == leaves
            plain += full.evaluated
            for k, bounds in enumerate(BOUNDS):
                pruned = gametree.trace_expectiminimax(tree, bounds=bounds)
                assert pruned.value == value, (depth, branching, outcomes, seed, bounds)
                star1[k] += pruned.evaluated
        cells = "".join(f" {s / TREES:>15.1f} {plain / s:>5.2f}x" for s in star1)
        shape = f"{depth} x {branching} x {outcomes}"
        print(f"{shape:>22} {leaves:>7} {plain / TREES:>9.1f}{cells}")
    infinite = gametree.trace_expectiminimax(
        gametree.random_chance_tree(3, seed=1, probabilities="fraction"),
        bounds=(-math.inf, math.inf))
    chance_cuts = sum(1 for step in infinite.cutoffs if step.node.player is CHANCE)
    print(f"\nWith bounds (-inf, +inf): {chance_cuts} cutoffs at chance nodes (nothing unseen is "
          f"bounded), {infinite.evaluated} of {infinite.tree.leaf_count} leaves evaluated.")


def straightforward_value(game):
    """EXPECTIMINIMAX as a first version writes it: functools.cache on a
    recursive function of the position."""

    @functools.cache
    def value(state):
        if game.is_over(state):
            return game.score(state)
        player = game.to_move(state)
        if player is CHANCE:
            return sum(p * value(game.play(state, roll)) for p, roll in game.outcomes(state))
        results = [value(game.play(state, move)) for move in game.moves(state)]
        return max(results) if player is MAX else min(results)

    return value


def best_of(runs: int, work) -> tuple[float, object]:
    best, result = math.inf, None
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def dice_solve() -> None:
    print("\nThe dice race, solved exactly (best of 3)\n")
    header = f"{'race':>40} {'positions':>10} {'ChanceSolver s':>15} {'straightforward s':>18} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for game in (DiceRace(4, 6), DiceRace(), DiceRace(4, 6, exact=True)):
        solver_time, solver = best_of(3, lambda game=game: _solved(game))
        plain_time, plain_value = best_of(3, lambda game=game: straightforward_value(game)(game.initial))
        assert math.isclose(solver.value(game.initial), plain_value, abs_tol=1e-12)
        print(f"{game!r:>40} {len(solver.values):>10,} {solver_time:>15.2f} {plain_time:>18.2f} "
              f"{plain_time / solver_time:>5.2f}x")
    game = DiceRace()
    value = ChanceSolver(game).value(game.initial)
    print(f"\nDiceRace(): the first player (White) wins {100 * (value + 1) / 2:.1f}% of games "
          f"with perfect play by both (value {value:+.4f}).")
    exact = ChanceSolver(DiceRace(4, 6, exact=True)).value(DiceRace(4, 6, exact=True).initial)
    assert isinstance(exact, Fraction)


def _solved(game) -> ChanceSolver:
    solver = ChanceSolver(game)
    solver.value(game.initial)
    return solver


def main() -> None:
    print(f"Python {sys.version.split()[0]}\n")
    star1_savings()
    dice_solve()


if __name__ == "__main__":
    main()
