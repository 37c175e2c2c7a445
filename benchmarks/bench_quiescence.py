"""Does a quiescence search make a Kalah player stronger, and what does it cost?

Run:  python benchmarks/bench_quiescence.py [--games 40] [--out FILE]

(About two minutes with the defaults.)  The committed results,
which notebook 07 reads, were made with 200 games a match::

    python benchmarks/bench_quiescence.py --games 200 --out benchmarks/results/kalah_quiescence.json

Each match puts ``depth d + quiescence`` against a plain depth-limited
player: the same alpha-beta (:func:`gametree.games.alpha_beta`, moves in
the game's order, the first best move played), with and without
``quiescence=kalah_noisy_moves`` (:mod:`gametree.games.quiescence`: past
the depth limit, captures, extra turns and game-ending moves are searched
until the position is quiet).  Two experiments, for depths d = 1 to 5 and
each of the two evaluations, :func:`store_difference` and
:func:`kalah_evaluation`:

1. ``same depth``: against ``depth d``, which visits fewer positions;
2. ``one deeper``: against ``depth d + 1``, which visits about as many or
   more: is quiescence better than one more move of full-width search?

As in ``bench_kalah_strength.py``: each game starts from a seeded random
opening (4 random moves), each opening is played twice with the players
swapping sides, and everything is seeded, so a second run writes the same
file.  It prints the quiescence player's win / draw / loss rates with
Wilson 95% intervals, and the mean positions each player visits per move
(its cost), with their ratio; ``--out`` writes them to a JSON file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench_kalah_strength import OPENING_PLIES, paired_match  # this folder's own helpers

from gametree import MAX
from gametree.games import Kalah, alpha_beta, kalah_evaluation, store_difference
from gametree.games.quiescence import kalah_noisy_moves

DEPTHS = range(1, 6)
EVALUATIONS = {"store_difference": store_difference, "kalah_evaluation": kalah_evaluation}
SEED = 7


class Counted:
    """A player that plays depth-limited alpha-beta's move and counts the
    positions its searches visit."""

    def __init__(self, depth: int, evaluate, quiescence: bool):
        self.depth, self.evaluate = depth, evaluate
        self.quiescence = kalah_noisy_moves if quiescence else None
        self.nodes = self.moves = 0
        self.__name__ = f"depth {depth}" + (" + quiescence" if quiescence else "")

    def __call__(self, game, state):
        result = alpha_beta(game, state, depth=self.depth, evaluate=self.evaluate,
                            quiescence=self.quiescence)
        self.nodes += result.stats.nodes
        self.moves += 1
        return result.move


def match(game: Kalah, depth: int, plain_depth: int, evaluation: str, games: int,
          match_seed: int) -> dict:
    """``games`` games of ``depth`` + quiescence against plain ``plain_depth``,
    from the quiescence player's side."""
    quiet = Counted(depth, EVALUATIONS[evaluation], quiescence=True)
    plain = Counted(plain_depth, EVALUATIONS[evaluation], quiescence=False)
    counts = paired_match(game, games, match_seed, lambda i, quiet_is_max: (quiet, plain))
    return {
        "player": quiet.__name__, "opponent": plain.__name__, "depth": depth,
        "opponent_depth": plain_depth, "evaluation": evaluation, **counts,
        "nodes_per_move": quiet.nodes / quiet.moves, "plain_nodes_per_move": plain.nodes / plain.moves,
    }


def row(result: dict) -> str:
    def rate(key: str) -> str:
        lo, hi = result[f"{key}_ci"]
        return f"{result[f'{key}_rate']:5.0%} [{lo:4.0%},{hi:4.0%}]"

    cost = result["nodes_per_move"] / result["plain_nodes_per_move"]
    return (f"{result['evaluation']:>17} {result['player']:>19} {result['opponent']:>8} "
            f"{result['games']:>5}  {rate('win')}  "
            f"{rate('draw')}  {rate('loss')}  {result['mean_margin']:+6.1f}  "
            f"{result['nodes_per_move']:9.0f} {result['plain_nodes_per_move']:9.0f} {cost:6.2f}")


HEADER = (f"{'evaluation':>17} {'player':>19} {'opponent':>8} {'games':>5}  {'win [95% CI]':^18}  "
          f"{'draw [95% CI]':^18}  "
          f"{'loss [95% CI]':^18}  margin  {'nodes/move':>9} {'plain':>9} {'ratio':>6}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (even; default 40)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the results as JSON here (benchmarks/results/kalah_quiescence.json "
                             "with --games 200 for the committed file)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error(f"--games must be an even number, 2 or more, not {args.games}")
    game = Kalah()
    assert game.to_move(game.initial) is MAX
    print(f"Python {sys.version.split()[0]}; Kalah(6, 4); {args.games} games a match "
          f"({args.games // 2} openings of {OPENING_PLIES} random moves, both colours)")
    print("Rates are the quiescence player's against the same depth without it; nodes/move is "
          "the mean positions visited per move (quiescence, plain, ratio).\n")
    print(HEADER)
    start = time.perf_counter()
    experiments: dict[str, list[dict]] = {"same_depth": [], "one_deeper": []}
    plan = [(name, e, d) for name in experiments for e in EVALUATIONS for d in DEPTHS]
    section = None
    for number, (name, evaluation, depth) in enumerate(plan):
        if name != section:
            section = name
            print(f"--- {name.replace('_', ' ')}")
        plain_depth = depth if name == "same_depth" else depth + 1
        result = match(game, depth, plain_depth, evaluation, args.games, SEED * 1000 + number)
        experiments[name].append(result)
        print(row(result), flush=True)
    total = sum(r["games"] for results in experiments.values() for r in results)
    print(f"\n{total:,} games in {time.perf_counter() - start:.0f} s")
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({
            "description": "Seeded Kalah(6, 4) matches of depth-limited alpha-beta with a quiescence "
                           "search against the same without it; written by "
                           "benchmarks/bench_quiescence.py",
            "game": "Kalah(6, 4)", "games_per_match": args.games, "opening_plies": OPENING_PLIES,
            "seed": SEED, "quiet": "no capture, extra turn or game-ending move for the player to move",
            "confidence": "Wilson score interval, 95%", **experiments,
        }, indent=1) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
