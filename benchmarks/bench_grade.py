"""How long grading takes: one submission, and a class of 30.

    .venv/bin/python benchmarks/bench_grade.py [--students 30] [--seed S]

Grades the ``ghosts`` and ``trees`` instructor solutions and a class of
``--students`` submissions (each the instructor's solution with one
classic mistake written in, or none) with a grading seed, so the seeded
cases are graded too, showing progress while the class is graded
(``--jobs`` submissions at a time, one per core by default).  The
targets (issue 22): at most 10 s for one submission (both assignments) and
3 minutes for a class of 30 on a 2-core machine.

The straightforward baseline is the same code run in the grader's own
process with no sandbox and no comparison: the ratio is what running
apart, recording every play and checking against the reference cost.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gametree.games.maze import Maze, ghost_move
from gametree.grading.assignments import ASSIGNMENTS
from gametree.grading.games import EVALUATIONS, GameSpec
from gametree.grading.grader import grade, read_submission
from gametree.grading.reference import EXPECTIMAX, best_move

SOURCE = Path(__file__).resolve().parent.parent / "assignments" / "source"

MISTAKES = [
    (),
    (("if alpha >= beta:", "if alpha > beta:"),),
    (("alpha = max(alpha, v)", "TMP"), ("beta = min(beta, v)", "alpha = max(alpha, v)"),
     ("TMP", "beta = min(beta, v)")),
    (("return min(value(game.play(s, m), d) for m in game.moves(s))",
      "return min(value(game.play(s, m), d - 1) for m in game.moves(s))"),),
    (("return sum(value(game.play(s, m), d) for m in moves) / len(moves)",
      "return min(value(game.play(s, m), d) for m in moves)"),),
]


def code(name: str, swaps: tuple = ()) -> list[tuple[str, str]]:
    text = "\n\n".join(source for _, source in read_submission(SOURCE / name / f"{name}.ipynb"))
    for old, new in swaps:
        text = text.replace(old, new)
    return [("cell 1", text)]


def play_games(test: dict, evaluate) -> None:
    """The evaluation part's games, the runner calling ``evaluate`` directly."""
    game = Maze(test["layout"])
    for number in range(test["games"]):
        rng = random.Random(test["seed"] + number)
        state = game.random_start(test["seed"] + number)
        while not game.is_over(state):
            move = (best_move(game, state, 1, evaluate, EXPECTIMAX) if state.turn == 0
                    else ghost_move(game, state, "random", rng))
            state = game.play(state, move)


def in_process(name: str, seed: str) -> float:
    """Seconds to run the solution's functions on every case in this process."""
    namespace: dict = {}
    exec(code(name)[0][1], namespace)  # noqa: S102 -- the instructor's own code, for the baseline
    start = time.perf_counter()
    for case in ASSIGNMENTS[name].cases(seed):
        test, function = case.test, namespace[case.part]
        if test["kind"] == "tree":
            function(list(test["leaves"]), test["branching"])
        elif test["kind"] == "match":
            play_games(test, function)
        else:
            spec = GameSpec(**test["game"])
            game = spec.build()
            evaluation = EVALUATIONS[test["evaluate"]]
            function(game, spec.state(test["state"]), test["depth"],
                     lambda state, game=game, evaluation=evaluation: evaluation(game, state))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seed", default="benchmark")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="submissions graded at once (default: one per core)")
    args = parser.parse_args()

    start = time.perf_counter()
    for name in ASSIGNMENTS:
        report = grade(name, code(name), seed=args.seed)
        assert report.score == report.total, report.lines()
    one = time.perf_counter() - start
    plain = sum(in_process(name, args.seed) for name in ASSIGNMENTS)
    cases = sum(len(a.cases(args.seed)) for a in ASSIGNMENTS.values())
    print(f"one submission (trees and ghosts, {cases} cases): {one:.2f} s "
          f"(target <= 10 s; {one / plain:.0f} x running the same code in-process without a "
          f"sandbox: {plain * 1000:.0f} ms)")

    def student(number: int) -> float:
        swaps = MISTAKES[number % len(MISTAKES)]
        return sum(grade(name, code(name, swaps), seed=args.seed).score for name in ASSIGNMENTS)

    start = time.perf_counter()
    scores = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:   # each student's code runs in its own process
        for done, score in enumerate(pool.map(student, range(args.students)), 1):
            scores.append(score)
            print(f"\r  graded {done}/{args.students} in {time.perf_counter() - start:.0f} s", end="",
                  file=sys.stderr, flush=True)
    print(file=sys.stderr)
    whole = time.perf_counter() - start
    print(f"a class of {args.students}, {args.jobs} at a time: {whole:.1f} s (target <= 180 s for 30; "
          f"{whole / args.students:.2f} s per student; scores from {min(scores):g} to {max(scores):g})")


if __name__ == "__main__":
    main()
