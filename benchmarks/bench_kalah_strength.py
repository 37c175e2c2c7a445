"""How strong is a depth-limited player?  Seeded Kalah(6, 4) matches.

Run:  python benchmarks/bench_kalah_strength.py [--games 40] [--out FILE]

(About half a minute with the defaults.)  The committed results, which
notebook 07 plots, were made with 100 games a match, about a minute and a
half::

    python benchmarks/bench_kalah_strength.py --games 100 --out benchmarks/results/kalah_strength.json


Players (:mod:`gametree.games.players`, and Kalah's greedy player):

* ``random``: a legal move at random;
* ``greedy``: the move that most improves its store difference now, ties
  at random;
* ``depth d`` (d = 1 to 6): iterative deepening to d moves with
  :func:`kalah_evaluation`, the first best move in the game's order;
* ``depth d, store diff``: the same with :func:`store_difference`.

Three experiments, every match ``--games`` games:

1. ``depth d`` against ``random`` and against ``greedy``;
2. ``depth d`` against ``depth d'`` for every pair (a round robin);
3. ``depth d`` (kalah_evaluation) against ``depth d, store diff``: which
   evaluation is better at the same depth.

Two players that do not play at random would play the same game every
time, so each game starts from a seeded random opening (the first 4 moves
at random), and each opening is played twice, each player taking each
side once (the first player has an edge in Kalah).  Random and greedy
players get their own seed per game.  Everything is seeded: a second run
writes the same file.

It prints each match's win / draw / loss rates for the first-named
player with Wilson 95% confidence intervals, and with ``--out`` writes them
all to a JSON file (committed, so that notebook 07 can plot them without
playing thousands of games).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from gametree import MAX
from gametree.games import (
    Kalah,
    greedy_player,
    kalah_evaluation,
    play_game,
    random_player,
    search_player,
    store_difference,
)
from gametree.stats import wilson_interval as wilson

DEPTHS = range(1, 7)
OPENING_PLIES = 4
SEED = 6


def openings(game: Kalah, count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` different openings of ``OPENING_PLIES`` random moves."""
    rng = random.Random(seed)
    found: list[tuple[int, ...]] = []
    while len(found) < count:
        state, moves = game.initial, []
        for _ in range(OPENING_PLIES):
            move = rng.choice(game.moves(state))
            moves.append(move)
            state = game.play(state, move)
        if tuple(moves) not in found and not game.is_over(state):
            found.append(tuple(moves))
    return found


def make_player(name: str, seed: int):
    """A fresh player from its name; ``seed`` only matters to random and greedy."""
    if name == "random":
        return random_player(seed)
    if name == "greedy":
        return greedy_player(seed)
    depth = int(name.split()[1].rstrip(","))
    return search_player(depth, store_difference if name.endswith("store diff") else kalah_evaluation)


def paired_match(game: Kalah, games: int, match_seed: int, players) -> dict:
    """``games`` games from seeded openings, each opening played with both
    colours: ``players(i, first_is_max)`` gives the (first, second) players
    for the i-th opening.  Counts from the first player's side: games,
    wins, draws and losses, their rates with Wilson intervals, and the mean
    margin."""
    wins = draws = losses = margin = 0
    for i, opening in enumerate(openings(game, games // 2, match_seed)):
        for first_is_max in (True, False):
            a, b = players(i, first_is_max)
            record = play_game(game, a, b, opening=opening) if first_is_max else \
                play_game(game, b, a, opening=opening)
            # The opening's moves may give a side extra turns, but sides are fixed: MAX is MAX.
            score = record.score if first_is_max else -record.score
            wins += score > 0
            draws += score == 0
            losses += score < 0
            margin += score
    n = wins + draws + losses
    return {
        "games": n, "wins": wins, "draws": draws, "losses": losses,
        "win_rate": wins / n, "draw_rate": draws / n, "loss_rate": losses / n,
        "win_ci": list(wilson(wins, n)), "draw_ci": list(wilson(draws, n)), "loss_ci": list(wilson(losses, n)),
        "mean_margin": margin / n,
    }


def match(game: Kalah, first: str, second: str, games: int, match_seed: int) -> dict:
    """``games`` games of ``first`` against ``second`` from seeded openings,
    each opening with both colours; counts from ``first``'s side."""
    def players(i: int, first_is_max: bool):
        seed = match_seed * 10_000 + 2 * i + first_is_max
        return make_player(first, seed), make_player(second, seed + 5_000)

    return {"player": first, "opponent": second, **paired_match(game, games, match_seed, players)}


def row(result: dict) -> str:
    def rate(key: str) -> str:
        lo, hi = result[f"{key}_ci"]
        return f"{result[f'{key}_rate']:5.0%} [{lo:4.0%},{hi:4.0%}]"

    return (f"{result['player']:>22} vs {result['opponent']:<22}{result['games']:>5}  "
            f"{rate('win')}  {rate('draw')}  {rate('loss')}  {result['mean_margin']:+6.1f}")


HEADER = (f"{'player':>22}    {'opponent':<22}{'games':>5}  {'win [95% CI]':^18}  "
          f"{'draw [95% CI]':^18}  {'loss [95% CI]':^18}  margin")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (even; default 40)")
    parser.add_argument("--out", type=Path, default=None,
                        help="write the results as JSON here (benchmarks/results/kalah_strength.json "
                             "with --games 100 for the committed file)")
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error(f"--games must be an even number, 2 or more, not {args.games}")
    game = Kalah()
    assert game.to_move(game.initial) is MAX
    experiments: dict[str, list[dict]] = {"baselines": [], "round_robin": [], "evaluations": []}
    plan = (
        [("baselines", f"depth {d}", other) for d in DEPTHS for other in ("random", "greedy")]
        + [("round_robin", f"depth {d}", f"depth {e}") for d in DEPTHS for e in DEPTHS if d < e]
        + [("evaluations", f"depth {d}", f"depth {d}, store diff") for d in DEPTHS]
    )
    print(f"Python {sys.version.split()[0]}; Kalah(6, 4); {args.games} games a match "
          f"({args.games // 2} openings of {OPENING_PLIES} random moves, both colours)")
    print("Rates are the first-named player's; margin is its mean store difference at the end.\n")
    print(HEADER)
    start = time.perf_counter()
    section = None
    for number, (name, first, second) in enumerate(plan):
        if name != section:
            section = name
            print(f"--- {name.replace('_', ' ')}")
        result = match(game, first, second, args.games, SEED * 1000 + number)
        experiments[name].append(result)
        print(row(result), flush=True)
    seconds = time.perf_counter() - start
    total = sum(r["games"] for results in experiments.values() for r in results)
    print(f"\n{total:,} games in {seconds:.0f} s")
    output = {
        "description": "Seeded Kalah(6, 4) matches of depth-limited players; "
                       "written by benchmarks/bench_kalah_strength.py",
        "game": "Kalah(6, 4)",
        "games_per_match": args.games,
        "opening_plies": OPENING_PLIES,
        "seed": SEED,
        "evaluation": "kalah_evaluation unless the name says store diff",
        "confidence": "Wilson score interval, 95%",
        **experiments,
    }
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(output, indent=1) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
