"""How long grading takes: one submission, a class of 30, and one game
test of about 1,000 play calls, today's grader against the sandboxed one.

    .venv/bin/python benchmarks/bench_grade.py [--students 30] [--seed S] [--today REV]

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

The game test (issue 28's target: at most twice today's time) is the
instructor's ``minimax_move`` on a ghost tree of 1,092 ``play`` calls,
asked and judged in a loaded student process, timed under this
checkout's grader and under the grader of ``--today`` (a git revision
before the sandbox, where the student's process kept the record itself),
alternately in one run, and so is one submission of both assignments.
``--today ''`` leaves that comparison out.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gametree.games.maze import Maze, ghost_move
from gametree.grading.assignments import ASSIGNMENTS
from gametree.grading.games import EVALUATIONS, GameSpec
from gametree.grading.grader import grade, read_submission
from gametree.grading.reference import EXPECTIMAX, best_move

REPO = Path(__file__).resolve().parent.parent
SOURCE = REPO / "assignments" / "source"
TODAY = "0c6f73c"
"""The last commit before the grading sandbox (issue 28)."""
TREE = {"name": "ghost-tree", "seed": 5, "branching": 3, "height": 6}
"""A ghost tree whose depth-2 minimax makes 3 + 9 + ... + 729 = 1,092 play calls."""

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


def measure_game_test(repeats: int) -> None:
    """Print the median seconds of asking and judging the 1,092-play test in
    one loaded process (run under either grader)."""
    from gametree.grading.assignments import Case
    from gametree.grading.grader import judge
    from gametree.grading.sandbox import Session

    test = {"kind": "game", "function": "minimax_move", "game": TREE, "state": "", "depth": 2,
            "evaluate": "estimate"}
    case = Case("minimax_move", test, "a ghost tree of 1,092 plays")
    times = []
    with Session(code("ghosts"), ["minimax_move"], tests=repeats + 1) as session:
        judge(case, session.ask(test))            # the process starts and loads here
        for _ in range(repeats):
            from gametree.grading import games
            if hasattr(games, "_seeded"):     # no leaf drawn by an earlier repeat
                games._seeded.cache_clear()
            start = time.perf_counter()
            verdict = judge(case, session.ask(test))
            times.append(time.perf_counter() - start)
            assert verdict.earned == case.points, verdict.message
    print(statistics.median(times))


def measure_one_submission(seed: str) -> None:
    """Print the seconds to grade the instructor's solutions of both
    assignments, each in a fresh process (run under either grader)."""
    start = time.perf_counter()
    for name in ASSIGNMENTS:
        report = grade(name, code(name), seed=seed)
        assert report.score == report.total, report.lines()
    print(time.perf_counter() - start)


def today_python(revision: str, folder: Path) -> str | None:
    """A Python that runs the package as it was at ``revision`` (extracted
    from git into ``folder``), for today's grader and its worker; None when
    git cannot."""
    done = subprocess.run(["git", "-C", str(REPO), "archive", revision, "gametree"],
                          capture_output=True)
    if done.returncode != 0:
        return None
    subprocess.run(["tar", "-x", "-C", str(folder)], input=done.stdout, check=True)
    site = sysconfig.get_paths()["purelib"]
    wrapper = folder / "python"
    wrapper.write_text(f"""#!{os.path.realpath(sys.executable)} -S
import runpy, sys
sys.path[:0] = [{str(folder)!r}, {site!r}]
sys.executable = {str(wrapper)!r}
args = sys.argv[1:]
if "-m" in args:
    module = args[args.index("-m") + 1]
    sys.argv = [module] + args[args.index("-m") + 2:]
    runpy.run_module(module, run_name="__main__", alter_sys=True)
else:
    sys.argv = args
    runpy.run_path(args[0], run_name="__main__")
""")
    wrapper.chmod(0o755)
    return str(wrapper)


def compare_with_today(revision: str, seed: str, rounds: int = 3, repeats: int = 5) -> None:
    """Today's grader and this one, alternately: the 1,092-play test, and
    one submission of both assignments."""
    with tempfile.TemporaryDirectory() as folder:
        old = today_python(revision, Path(folder))
        if old is None:
            print(f"today's grader ({revision}) is not in this clone's history; not compared")
            return
        pythons = {"today": old, "sandboxed": sys.executable}
        measures = {"game": ["--measure-game-test", str(repeats)],
                    "one": ["--measure-one-submission", seed]}
        seconds: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for measure, arguments in measures.items():
                for name, python in pythons.items():
                    done = subprocess.run([python, __file__, *arguments], capture_output=True,
                                          text=True, check=True, cwd=REPO)
                    seconds.setdefault((measure, name), []).append(float(done.stdout.split()[-1]))
    median = {key: statistics.median(values) for key, values in seconds.items()}
    today, new = median["game", "today"], median["game", "sandboxed"]
    print(f"a game test of 1,092 plays (asked and judged, the process loaded): today's grader "
          f"({revision}, the record kept in the student's process) {today * 1000:.0f} ms, "
          f"sandboxed (every call answered by the grader) {new * 1000:.0f} ms: "
          f"{new / today:.2f} x (target <= 2 x)")
    today, new = median["one", "today"], median["one", "sandboxed"]
    print(f"one submission (trees and ghosts), median of {rounds}: today's grader {today:.2f} s, "
          f"sandboxed {new:.2f} s: {new / today:.2f} x")


def main() -> None:
    if sys.argv[1:2] == ["--measure-game-test"]:
        measure_game_test(int(sys.argv[2]))
        return
    if sys.argv[1:2] == ["--measure-one-submission"]:
        measure_one_submission(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seed", default="benchmark")
    parser.add_argument("--today", default=TODAY,
                        help="the git revision of today's grader for the game test ('' to skip)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="submissions graded at once (default: one per core)")
    args = parser.parse_args()

    if args.today:
        compare_with_today(args.today, args.seed)
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
