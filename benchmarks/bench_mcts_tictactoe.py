"""How many playouts does UCT need to find the perfect tic-tac-toe move?

Run:  python benchmarks/bench_mcts_tictactoe.py [--positions 40] [--seeds 3] [--out FILE]

(Under a minute with the defaults.)  The committed results, which
notebook 12 plots, were made with more positions and seeds, about four
minutes::

    python benchmarks/bench_mcts_tictactoe.py --positions 100 --seeds 5 --out benchmarks/results/mcts_tictactoe.json

The positions: a seeded sample of tic-tac-toe positions (reachable, not
over) where the move matters: at least one move gives away something
perfect play keeps (a win or a draw).  Positions with only equal moves
are left out, since any move would count as right there.  The sample
takes about as many positions with 1, 2, ..., 6 marks on the board (all
nine with one mark: there are no more).

On each, :func:`gametree.games.uct_search` runs with 10, 20, 50, ...,
2,000 playouts (``--budgets``), several seeds each, for several
exploration constants C.  Its move is *right* when it keeps the value of
:func:`gametree.games.perfect_move`'s move: the same result under perfect
play (the perfect player also prefers the fastest win; a slower win counts
as right here).  The perfect player is right every time, by definition,
and the script prints what it costs: the positions alpha-beta visits to
prove its move (mean over the sample).

It prints, for each C and number of playouts, the share of runs right with
its Wilson 95% confidence interval (runs on the same position are not
independent, so the interval is a guide, not a guarantee), and with
``--out`` writes them to a JSON file.  Everything is seeded: a second run
writes the same file.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

from bench_kalah_strength import wilson

from gametree import MAX
from gametree.games import TicTacToe, alpha_beta, perfect_move, uct_search
from gametree.games.tictactoe import positions

BUDGETS = (10, 20, 50, 100, 200, 500, 1000, 2000)
EXPLORATIONS = (0.0, 0.5, math.sqrt(2), 3.0)
SEED = 11
GAME = TicTacToe()


def move_values(state) -> dict[int, float]:
    """Each move's minimax value, from the side of the player to move."""
    sign = 1 if GAME.to_move(state) is MAX else -1
    return {move: sign * alpha_beta(GAME, GAME.play(state, move)).value for move in GAME.moves(state)}


MARKS = range(1, 7)
"""The sample takes as many positions with 1, 2, ..., 6 marks on the board:
drawn from all positions alike it would be mostly late ones (there are
more of them), where a few moves are left and the answer is easy."""


def sample(count: int, seed: int) -> list:
    """``count`` positions where the move matters, about as many with each
    number of marks (:data:`MARKS`; all of them where there are fewer),
    in a seeded order."""
    rng = random.Random(seed)
    candidates = sorted((s for s in positions() if not GAME.is_over(s)), key=lambda s: s.cells)
    chosen: list = []
    for k, marks in enumerate(MARKS):
        useful = [s for s in candidates if 9 - s.cells.count(".") == marks
                  and len(set(move_values(s).values())) > 1]
        wanted = (count - len(chosen)) // (len(MARKS) - k)
        chosen += rng.sample(useful, min(wanted, len(useful)))
    return chosen


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions in the sample (default 40)")
    parser.add_argument("--seeds", type=int, default=3, help="searches per position and setting (default 3)")
    parser.add_argument("--budgets", type=int, nargs="+", default=list(BUDGETS),
                        help=f"playouts per search (default {' '.join(map(str, BUDGETS))})")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the results as JSON here (benchmarks/results/mcts_tictactoe.json "
                             "for the committed file)")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.seeds < 1 or min(args.budgets) < 1:
        parser.error("--positions, --seeds and --budgets must be 1 or more")
    start = time.perf_counter()
    sample_positions = sample(args.positions, SEED)
    best = []
    nodes = 0
    for state in sample_positions:
        values = move_values(state)
        assert values[perfect_move(state)] == max(values.values())  # the perfect player keeps the value
        best.append(values[perfect_move(state)])
        nodes += alpha_beta(GAME, state).stats.nodes
    print(f"Python {sys.version.split()[0]}; {args.positions} tic-tac-toe positions where the move "
          f"matters; {args.seeds} seeds each")
    print(f"The perfect player (alpha-beta to the end) is right on all of them, visiting "
          f"{nodes / len(sample_positions):,.0f} positions on average.\n")
    print(f"{'C':>5} {'playouts':>9} {'right':>7}  {'95% CI':^15}")
    results = []
    for exploration in EXPLORATIONS:
        for budget in args.budgets:
            right = runs = 0
            for k, state in enumerate(sample_positions):
                values = move_values(state)
                for seed in range(args.seeds):
                    move = uct_search(GAME, state, iterations=budget, exploration=exploration,
                                      seed=SEED * 100_000 + k * 100 + seed, record=False).move
                    right += values[move] == best[k]
                    runs += 1
            low, high = wilson(right, runs)
            results.append({"exploration": exploration, "playouts": budget, "right": right, "runs": runs,
                            "rate": right / runs, "ci": [low, high]})
            print(f"{exploration:5.2f} {budget:9,} {right / runs:7.0%}  [{low:4.0%}, {high:4.0%}]", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s")
    output = {
        "description": "How many playouts UCT needs to find the perfect tic-tac-toe move; "
                       "written by benchmarks/bench_mcts_tictactoe.py",
        "positions": [state.cells for state in sample_positions],
        "seeds": args.seeds,
        "seed": SEED,
        "right": "the move keeps the value of gametree.games.perfect_move's move",
        "confidence": "Wilson score interval, 95%",
        "perfect_player": {"rate": 1.0, "mean_nodes": nodes / len(sample_positions)},
        "results": results,
    }
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(output, indent=1) + "\n")
        print(f"wrote {args.out}")
    return output


if __name__ == "__main__":
    main()
