"""MCTS against depth-limited alpha-beta on Kalah(6, 4), at equal time per move.

Run:  python benchmarks/bench_mcts_kalah.py [--games 20] [--times 0.01 0.04] [--out FILE]

(About a minute with the defaults.)  The committed results, which
notebook 12 plots, were made with 40 games a match and three times per
move, about a quarter of an hour::

    python benchmarks/bench_mcts_kalah.py --games 40 --times 0.01 0.04 0.16 --out benchmarks/results/mcts_kalah.json

The players:

* ``UCT``: :func:`gametree.games.mcts_player`, C = sqrt(2), random
  playouts; it knows nothing of Kalah but the rules;
* ``alpha-beta, <evaluation>``: :func:`gametree.games.iterative_deepening`
  with the best-move ordering, deepening until its node budget is spent
  (the deepest finished iteration plays), with one of three evaluations:
  ``kalah_evaluation`` (lesson 07's better one), ``store difference``, and
  ``none`` (every position that is not over is worth 0: alpha-beta with no
  knowledge of the game, which sees only the ends of games within its
  depth).

**Equal time.**  Both players get a budget per move that takes the same
time on the reference machine: ``--times`` seconds at the rates in
:data:`RATES` (alpha-beta nodes, UCT iterations, per second).  Budgets
instead of clocks keep the games the same from run to run and machine to
machine; the script measures this machine's rates too and prints them,
with the seconds each player really spent per move, so the equality can
be checked (``--calibrate`` uses this machine's rates instead, for
budgets equal in time here; the games then differ from the committed ones).

As in ``bench_kalah_strength.py``: each game starts from a seeded random
opening of 4 moves, each opening is played twice with the players
swapping sides, and every rate is UCT's, with a Wilson 95% interval (the
two games of an opening are not independent, so the intervals are a
guide).  Everything is seeded: with the reference rates a second run
writes the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from bench_kalah_strength import paired_match

from gametree.games import (
    Kalah,
    iterative_deepening,
    kalah_evaluation,
    mcts_player,
    store_difference,
    uct_search,
)

SEED = 16
TIMES = (0.01, 0.04)
MAX_DEPTH = 40


def no_evaluation(state) -> float:
    """Every position that is not over is worth 0: alpha-beta without knowledge."""
    return 0


EVALUATIONS = {"kalah_evaluation": kalah_evaluation, "store difference": store_difference,
               "none": no_evaluation}

RATES = {"UCT": 10_000, "kalah_evaluation": 180_000, "store difference": 230_000, "none": 230_000}
"""Reference rates, per second: UCT iterations, and alpha-beta nodes with
each evaluation, on Kalah(6, 4) positions from random games, 4 to 40
moves in (:func:`measure_rates`).  Their ratios were measured on the
machine that made the committed results (Python 3.11, both searches
under the same load); UCT's 10,000 iterations a second sets the scale."""


def alpha_beta_player(nodes: int, evaluate):
    """Iterative deepening with best-move ordering, within ``nodes`` positions a move."""
    def play(game, state):
        return iterative_deepening(game, state, max_depth=MAX_DEPTH, evaluate=evaluate,
                                   max_nodes=nodes).result.move

    play.__name__ = f"alpha-beta {nodes:,} nodes"
    return play


def timed(player, spent: list):
    """``player``, adding the seconds of each move to ``spent``."""
    def play(game, state):
        start = time.perf_counter()
        move = player(game, state)
        spent.append(time.perf_counter() - start)
        return move

    play.__name__ = player.__name__
    return play


def calibration_positions(game: Kalah, count: int = 16, seed: int = 5) -> list:
    """Positions from seeded random games, 4 to 40 moves in (where the
    matches' moves are made)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial
        for _ in range(rng.randrange(4, 40)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state):
            found.append(state)
    return found


def measure_rates(game: Kalah) -> dict[str, float]:
    """This machine's rates, as :data:`RATES` counts them."""
    states = calibration_positions(game)
    rates = {}
    start, count = time.perf_counter(), 0
    for k, state in enumerate(states):
        count += uct_search(game, state, iterations=300, seed=k, record=False).iterations
    rates["UCT"] = count / (time.perf_counter() - start)
    for name, evaluate in EVALUATIONS.items():
        start, count = time.perf_counter(), 0
        for state in states:
            count += iterative_deepening(game, state, max_depth=MAX_DEPTH, evaluate=evaluate,
                                         max_nodes=20_000).nodes
        rates[name] = count / (time.perf_counter() - start)
    return rates


def match(game: Kalah, evaluation: str, seconds: float, rates: dict, games: int, match_seed: int) -> dict:
    """``games`` games of UCT against alpha-beta with ``evaluation``, each
    with a budget worth ``seconds`` a move; counts from UCT's side."""
    iterations = max(1, round(rates["UCT"] * seconds))
    nodes = max(1, round(rates[evaluation] * seconds))
    spent: dict[str, list[float]] = {"UCT": [], "alpha-beta": []}

    def players(i: int, uct_is_max: bool):
        uct = timed(mcts_player(iterations, seed=match_seed * 1000 + 2 * i + uct_is_max), spent["UCT"])
        return uct, timed(alpha_beta_player(nodes, EVALUATIONS[evaluation]), spent["alpha-beta"])

    counts = paired_match(game, games, match_seed, players)
    return {
        "seconds_per_move": seconds, "opponent": f"alpha-beta, {evaluation}",
        "evaluation": evaluation, "uct_iterations": iterations, "alpha_beta_nodes": nodes,
        **counts, "points": (counts["wins"] + counts["draws"] / 2) / counts["games"],
        "measured_seconds_per_move": {name: sum(t) / len(t) for name, t in spent.items()},
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per match (even; default 20)")
    parser.add_argument("--times", type=float, nargs="+", default=list(TIMES),
                        help="seconds per move on the reference machine (default 0.01 0.04)")
    parser.add_argument("--calibrate", action="store_true",
                        help="budgets from this machine's rates instead of the reference rates")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the results as JSON here (benchmarks/results/mcts_kalah.json "
                             "for the committed file)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error(f"--games must be an even number, 2 or more, not {args.games}")
    if min(args.times) <= 0:
        parser.error("--times must be positive")
    game = Kalah()
    measured = measure_rates(game)
    rates = measured if args.calibrate else RATES
    print(f"Python {sys.version.split()[0]}; Kalah(6, 4); {args.games} games a match "
          f"({args.games // 2} openings, both sides)")
    print("rates per second (this machine / reference): "
          + ", ".join(f"{name} {measured[name]:,.0f} / {RATES[name]:,}" for name in RATES))
    print(f"budgets from the {'measured' if args.calibrate else 'reference'} rates\n")
    print(f"{'s/move':>7} {'opponent':<30}{'UCT it.':>8}{'AB nodes':>10}  {'UCT wins [95% CI]':^20}"
          f" {'draws':>6} {'losses':>7}  {'s/move UCT, AB':>15}")
    results = []
    start = time.perf_counter()
    for number, (seconds, evaluation) in enumerate((s, e) for s in args.times for e in EVALUATIONS):
        result = match(game, evaluation, seconds, rates, args.games, SEED * 100 + number)
        results.append(result)
        low, high = result["win_ci"]
        spent = result["measured_seconds_per_move"]
        print(f"{seconds:7.3f} {result['opponent']:<30}{result['uct_iterations']:>8,}"
              f"{result['alpha_beta_nodes']:>10,}  {result['win_rate']:5.0%} [{low:4.0%}, {high:4.0%}]"
              f" {result['draw_rate']:6.0%} {result['loss_rate']:7.0%}  "
              f"{spent['UCT']:7.3f}, {spent['alpha-beta']:.3f}", flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s")
    output = {
        "description": "UCT against depth-limited alpha-beta on Kalah(6, 4) at equal time per move; "
                       "written by benchmarks/bench_mcts_kalah.py",
        "game": "Kalah(6, 4)",
        "games_per_match": args.games,
        "seed": SEED,
        "rates": rates,
        "rates_measured": "this machine" if args.calibrate else "reference (RATES in the script)",
        "confidence": "Wilson score interval, 95%",
        "matches": results,
    }
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(output, indent=1) + "\n")
        print(f"wrote {args.out}")
    return output


if __name__ == "__main__":
    main()
