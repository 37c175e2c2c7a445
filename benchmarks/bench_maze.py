"""The maze with ghosts and the dice race: evaluations, wrong models of the
ghosts, depth-limited expectimax against exact values, and speed.

Run:  python benchmarks/bench_maze.py [--games 100] [--small-games 400] [--out FILE]

(About four minutes with the defaults.)  Everything is seeded: a second
run prints the same figures (the timings aside).  The committed figures,
``benchmarks/results/maze.json``, were made with the defaults and ``--out``.

1. **Evaluations.**  On the default maze (7x7, two ghosts, 60 rounds) from
   seeded random starts (:meth:`Maze.random_start`), runners at depth 2
   (rounds) with :func:`score_evaluation` (the points) and with
   :func:`maze_evaluation` (points minus the nearest dot's distance): an expectimax
   runner against random ghosts and an alpha-beta runner against
   adversarial ghosts.  Win rate and the share of games in which the runner
   is caught, each with its Wilson 95% interval, mean score
   with its normal 95% interval, and the paired difference of the mean
   scores (the same seeds for both evaluations) with its 95% interval.
2. **Dangerous pessimism / dangerous optimism.**  Exactly on the small maze
   (:func:`exact_model_values`); then with seeded games
   (:func:`model_experiment`): a runner modelling every ghost as MIN and
   one modelling them as CHANCE, each against random and adversarial
   ghosts, on the small maze and on the default one, with paired
   differences.
3. **The dice race.**  Depth-limited expectimax with
   :func:`~gametree.games.dice.race_evaluation` on ``DiceRace()`` against
   the exact values: over a seeded sample of positions where a player
   chooses between two checkers, how often the depth-limited move is an
   exact best move, the winning chance it gives away on average, and the
   mean error of its value, for depths 1 to 3 counted in rounds and in
   moves (where a roll is a level, so depth 2 sees no more than depth 1).
4. **Speed.**  Seconds per move of the runner's search at depths 1 to 4
   on the default maze (mean and slowest over seeded positions), as a ratio
   against a straightforward recursive search over the same rules measured
   in the same run, and the widget's answer to a click (search, ghosts and
   drawing) at its deepest setting.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import inf
from pathlib import Path

from gametree import MAX
from gametree.games import ChanceSolver, DiceRace, RaceState
from gametree.games.dice import race_evaluation
from gametree.games.maze import (
    MatchTally,
    Maze,
    MazeState,
    alpha_beta_agent,
    exact_model_values,
    expectimax_agent,
    maze_evaluation,
    mean_interval,
    model_experiment,
    run_match,
    score_evaluation,
    search_agent,
    wilson_interval,
)

SEED = 2026
"""Every match's first seed."""


def row(tally: MatchTally) -> dict:
    """A tally as the numbers printed and written."""
    return {"runner": tally.runner, "ghosts": list(tally.ghosts), "games": tally.games,
            "wins": tally.wins, "caught": tally.caught,
            "caught_ci": list(wilson_interval(tally.caught, tally.games)), "timeouts": tally.timeouts,
            "win_rate": tally.win_rate, "win_ci": list(tally.win_interval),
            "mean_score": tally.mean_score, "score_ci": list(tally.score_interval)}


def show(label: str, tally: MatchTally) -> None:
    low, high = tally.win_interval
    c_low, c_high = wilson_interval(tally.caught, tally.games)
    s_low, s_high = tally.score_interval
    print(f"  {label:<34} won {tally.win_rate:6.1%} [{low:5.1%}, {high:5.1%}]  caught "
          f"{tally.caught / tally.games:6.1%} [{c_low:5.1%}, {c_high:5.1%}]  mean score "
          f"{tally.mean_score:7.1f} [{s_low:7.1f}, {s_high:7.1f}]")


def paired(a: MatchTally, b: MatchTally) -> tuple[float, float, float]:
    """Mean of a's score minus b's over the same seeded games, and its 95% interval."""
    differences = [x - y for x, y in zip(a.scores, b.scores, strict=True)]
    low, high = mean_interval(differences)
    return sum(differences) / len(differences), low, high


def show_paired(label: str, a: MatchTally, b: MatchTally) -> dict:
    mean, low, high = paired(a, b)
    print(f"  {label}: {mean:+.1f} points a game [{low:+.1f}, {high:+.1f}]")
    return {"difference": mean, "ci": [low, high]}


def evaluations(games: int) -> dict:
    print(f"1. Evaluations on the default maze, depth 2 (rounds), {games} seeded games each "
          f"(win rate [Wilson 95%], mean score [normal 95%])")
    game = Maze()
    out = {}
    for kind, agent, ghosts in (("expectimax", expectimax_agent, "random"),
                                ("alpha-beta", alpha_beta_agent, "adversarial")):
        tallies = {}
        for name, evaluate in (("score_evaluation", score_evaluation),
                               ("maze_evaluation", maze_evaluation)):
            tallies[name] = run_match(game, agent(2, evaluate), ghosts, games=games, seed=SEED)
            show(f"{kind} vs {ghosts}, {name}", tallies[name])
        difference = show_paired("maze_evaluation minus score_evaluation",
                                 tallies["maze_evaluation"], tallies["score_evaluation"])
        out[kind] = {"ghosts": ghosts, **{k: row(v) for k, v in tallies.items()},
                     "paired": difference}
    return out


def models(small_games: int, games: int) -> dict:
    print("\n2. Dangerous pessimism / dangerous optimism")
    exact = exact_model_values(Maze("small"))
    print("  exactly, on the small maze (8 rounds), each runner playing its model's exact best moves:")
    for (model, ghosts), value in exact.items():
        print(f"    runner models ghosts as {model:<6} ghosts really {ghosts:<11} value {value:7.2f}")
    out: dict = {"exact small": {f"{m} vs {g}": v for (m, g), v in exact.items()}}
    for name, count in (("small", small_games), ("default", games)):
        print(f"  seeded games on the {name} maze from random starts, depth 2 (rounds), "
              f"{count} games each:")
        results = model_experiment(Maze(name), 2, games=count, seed=SEED)
        for (model, ghosts), tally in results.items():
            show(f"model {model} vs {ghosts} ghosts", tally)
        pessimism = show_paired("pessimism among random ghosts (MIN model minus CHANCE model)",
                                results[("MIN", "random")], results[("CHANCE", "random")])
        optimism = show_paired("optimism against adversarial ghosts (CHANCE model minus MIN model)",
                               results[("CHANCE", "adversarial")], results[("MIN", "adversarial")])
        out[name] = {"games": count, **{f"{m} vs {g}": row(t) for (m, g), t in results.items()},
                     "pessimism": pessimism, "optimism": optimism}
    return out


def dice(samples: int) -> dict:
    print(f"\n3. The dice race DiceRace() (6 squares, six-sided die): depth-limited expectimax "
          f"with race_evaluation against the exact values, {samples} seeded positions with a "
          f"choice of checker")
    game = DiceRace()
    start = time.perf_counter()
    exact = ChanceSolver(game)
    exact.value(game.initial)
    print(f"  exact solution: {len(exact.values):,} positions in {time.perf_counter() - start:.1f} s")
    choices = sorted((s for s in exact.values if isinstance(s, RaceState) and not game.is_over(s)
                      and s.roll is not None and len(game.moves(s)) > 1), key=repr)
    sample = random.Random(SEED).sample(choices, min(samples, len(choices)))
    out = {}
    for rounds in (True, False):
        for depth in (1, 2, 3):
            limited = ChanceSolver(game, depth=depth, evaluate=race_evaluation, rounds=rounds)
            best = lost = error = 0.0
            for state in sample:
                values = dict(exact.move_values(state))
                top = (max if game.to_move(state) is MAX else min)(values.values())
                chosen = values[limited.best_move(state)]
                best += chosen == top
                lost += abs(top - chosen) / 2          # a value is 2 P(win) - 1
                error += abs(limited.value(state) - exact.value(state))
            n = len(sample)
            unit = "rounds" if rounds else "moves"
            print(f"  depth {depth} {unit:<6}: exact best move {best / n:6.1%}   winning chance "
                  f"given away {lost / n:6.2%} a move   mean |value error| {error / n:.3f}")
            out[f"depth {depth} {unit}"] = {"best_move": best / n, "chance_lost": lost / n,
                                            "value_error": error / n}
    return out


def plain_value(game: Maze, state: MazeState, depth: int, alpha: float, beta: float) -> float:
    """A straightforward depth-limited alpha-beta with the depth in rounds, over
    the same rules, no tables: what the engine is measured against."""
    if game.is_over(state):
        return game.score(state)
    if state.turn == 0 and depth == 0:
        return maze_evaluation(state)
    below = depth - 1 if state.turn == 0 else depth
    if state.turn == 0:
        best = -inf
        for move in game.moves(state):
            best = max(best, plain_value(game, game.play(state, move), below, alpha, beta))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = inf
    for move in game.moves(state):
        best = min(best, plain_value(game, game.play(state, move), below, alpha, beta))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def plain_expectimax(game: Maze, state: MazeState, depth: int) -> float:
    """A straightforward depth-limited expectimax with the depth in rounds, no memory."""
    if game.is_over(state):
        return game.score(state)
    if state.turn == 0 and depth == 0:
        return maze_evaluation(state)
    below = depth - 1 if state.turn == 0 else depth
    values = [plain_expectimax(game, game.play(state, move), below) for move in game.moves(state)]
    return max(values) if state.turn == 0 else sum(values) / len(values)


def best_time(work, repeats: int = 3) -> float:
    """The fastest of ``repeats`` runs of ``work()``, in seconds (the least disturbed)."""
    fastest = inf
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def speed() -> dict:
    print("\n4. Speed on the default maze: seconds per move of the runner, mean (slowest) over "
          "12 seeded positions (each the fastest of 3 runs); ratio = straightforward search's "
          "time / the engine's")
    game = Maze()
    rng = random.Random(SEED)
    positions: list[MazeState] = []
    while len(positions) < 12:
        state = game.random_start(rng.randrange(10_000))
        for _ in range(rng.randrange(0, 30)):
            if game.is_over(state):
                break
            state = game.play(state, rng.choice(game.moves(state)))
        if not game.is_over(state) and state.turn == 0:
            positions.append(state)
    out: dict[str, object] = {}
    for model, plain in (("MIN", lambda s, d: plain_value(game, s, d, -inf, inf)),
                         ("CHANCE", lambda s, d: plain_expectimax(game, s, d))):
        for depth in (1, 2, 3, 4):
            agent = search_agent(model, depth)
            times, plains = [], []
            for state in positions:
                times.append(best_time(lambda a=agent, s=state: a(game, s)))
                plains.append(best_time(lambda p=plain, s=state, d=depth: p(s, d)))
            mean, worst = sum(times) / len(times), max(times)
            ratio = sum(plains) / sum(times)
            name = "alpha-beta" if model == "MIN" else "expectimax"
            print(f"  {name:<10} depth {depth}: {mean:.3f} s ({worst:.3f} s)   "
                  f"straightforward {sum(plains) / len(plains):.3f} s   ratio {ratio:.2f}x")
            out[f"{name} depth {depth}"] = {"mean": mean, "slowest": worst, "ratio": ratio}
    try:
        from gametree.widgets.maze import MAX_DEPTH, MazeBoard
    except ImportError:                                    # no ipywidgets: no widget timing
        return out
    slowest = 0.0
    for model in ("MIN", "CHANCE"):
        board = MazeBoard(depth=MAX_DEPTH, model=model, ghosts="adversarial", seed=SEED)
        for _ in range(5):
            start = time.perf_counter()
            board.next_round()
            slowest = max(slowest, time.perf_counter() - start)
    print(f"  the widget's Next round at depth {MAX_DEPTH} (search, adversarial ghosts, drawing): "
          f"slowest {slowest:.2f} s of 10 clicks")
    out["widget slowest"] = slowest
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games per match on the default maze (default 100)")
    parser.add_argument("--small-games", type=int, default=400,
                        help="games per match on the small maze (default 400)")
    parser.add_argument("--dice-samples", type=int, default=2000,
                        help="dice-race positions compared (default 2000)")
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    for name in ("games", "small_games", "dice_samples"):
        value = getattr(args, name)
        if not 1 <= value <= 10_000:
            print(f"bench_maze.py: --{name.replace('_', '-')} must be from 1 to 10,000, not {value}",
                  file=sys.stderr)
            return 2
    results = {"seed": SEED, "confidence": "Wilson 95% for win rates, normal 95% for means",
               "evaluations": evaluations(args.games),
               "models": models(args.small_games, args.games),
               "dice": dice(args.dice_samples), "speed": speed()}
    if args.out:
        args.out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
