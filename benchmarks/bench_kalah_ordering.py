"""Move ordering in iterative deepening on Kalah(6, 4): nodes per depth.

Run:  python benchmarks/bench_kalah_ordering.py [--max-depth 9] [--positions 20]

For the start position and ``--positions - 1`` positions of seeded random
games (4 to 22 moves in), searches every depth from 1 to ``--max-depth``
with :func:`gametree.games.iterative_deepening` three ways:

* ``none``: the game's move order every iteration: each iteration is the
  plain depth-limited search (the baseline);
* ``pv``: the previous iteration's principal variation first;
* ``best``: at every position an earlier iteration searched, its best
  move first (the PV moves included).

Each must find the same value at every depth.  It prints, per depth, the
nodes of that iteration summed over the positions, and the ratio to the
baseline; then the nodes of the whole deepening (all iterations) against
one plain search at the deepest depth; then the time of each ordering's
whole run against the baseline's, measured in the same run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from gametree.games import (
    ORDERINGS,
    Kalah,
    iterative_deepening,
    kalah_evaluation,
    store_difference,
)

EVALUATIONS = {"store_difference": store_difference, "kalah_evaluation": kalah_evaluation}


def positions(game: Kalah, count: int, seed: int = 2024) -> list:
    """The start and ``count - 1`` positions of seeded random games."""
    rng = random.Random(seed)
    found = [game.initial]
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randrange(4, 23)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state):
            found.append(state)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-depth", type=int, default=9)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--evaluation", choices=sorted(EVALUATIONS), default="store_difference")
    args = parser.parse_args(argv)
    game = Kalah()
    evaluate = EVALUATIONS[args.evaluation]
    states = positions(game, args.positions)
    nodes = {o: [0] * args.max_depth for o in ORDERINGS}    # per depth, summed over positions
    total = {o: 0 for o in ORDERINGS}                        # whole deepenings
    seconds = {o: 0.0 for o in ORDERINGS}
    for state in states:
        values = {}
        for ordering in ORDERINGS:
            start = time.perf_counter()
            run = iterative_deepening(game, state, max_depth=args.max_depth, evaluate=evaluate,
                                      ordering=ordering)
            seconds[ordering] += time.perf_counter() - start
            values[ordering] = [r.value for r in run.iterations]
            for r in run.iterations:
                nodes[ordering][r.depth - 1] += r.stats.nodes
            total[ordering] += run.nodes
        assert values["pv"] == values["best"] == values["none"], f"orderings disagree at {state}"

    print(f"Python {sys.version.split()[0]}; Kalah(6, 4), {len(states)} positions, "
          f"evaluation {args.evaluation}\n")
    print("Nodes of the iteration at each depth, summed over the positions:")
    print(f"{'depth':>5}{'none':>12}{'pv':>12}{'best':>12}{'none/pv':>10}{'none/best':>11}")
    for d in range(args.max_depth):
        n, p, b = (nodes[o][d] for o in ("none", "pv", "best"))
        print(f"{d + 1:>5}{n:>12,}{p:>12,}{b:>12,}{n / p:>9.1f}x{n / b:>10.1f}x")
    deepest = nodes["none"][-1]
    print(f"\nWhole deepening (depths 1 to {args.max_depth}) against one plain search to depth "
          f"{args.max_depth} ({deepest:,} nodes):")
    for ordering in ORDERINGS:
        print(f"  {ordering:>5}: {total[ordering]:>12,} nodes  = {total[ordering] / deepest:.2f} x the plain search")
    print("\nTime of the whole run, against no ordering (same run):")
    for ordering in ORDERINGS:
        print(f"  {ordering:>5}: {seconds[ordering]:7.2f} s   speed-up {seconds['none'] / seconds[ordering]:.1f}x")


if __name__ == "__main__":
    main()
