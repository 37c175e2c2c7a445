"""The graded assignments and their test cases.

An :class:`Assignment` names the functions a student writes and the cases
each is graded on.  The public cases are fixed and chosen so that every
classic mistake fails at least one of them (a test keeps it so); a
teacher's grading seed, kept outside the repository, adds cases drawn
from it at grading time, so that no submission can be fitted to cases it
could read.  The seed is the environment variable
``GAMETREE_GRADING_SEED``, or the first line of the file that
``GAMETREE_GRADING_SEED_FILE`` names (the course's
``assignments/nbgrader_config.py`` names one).

>>> [case.label for case in ASSIGNMENTS["trees"].cases(None)][:2]
["alpha_beta on AIMA's Figure 5.2 tree (9 leaves, branching 3)", 'alpha_beta on [3, 4, 3, 1], branching 2 (a tie)']
>>> len(ASSIGNMENTS["trees"].cases(7)) > len(ASSIGNMENTS["trees"].cases(None))
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..games.tictactoe import TicTacToe

__all__ = ["Case", "Assignment", "ASSIGNMENTS", "grading_seed", "SEED_VARIABLE", "SEED_FILE_VARIABLE"]

SEED_VARIABLE = "GAMETREE_GRADING_SEED"
SEED_FILE_VARIABLE = "GAMETREE_GRADING_SEED_FILE"


@dataclass(frozen=True)
class Case:
    """One graded test: a function, its input, and how the feedback names it."""

    part: str
    """The function tested, e.g. ``"alpha_beta"``."""
    test: dict[str, Any]
    """The input, as sent to the student's process."""
    label: str
    """The input in words, for the feedback line."""
    points: float = 1.0
    """What passing it earns."""


@dataclass(frozen=True)
class Assignment:
    """An assignment: the functions to write and the cases per function."""

    name: str
    title: str
    functions: tuple[str, ...]
    public: Callable[[], list[Case]]
    seeded: Callable[[random.Random], list[Case]]

    def cases(self, seed: int | str | None) -> list[Case]:
        """The public cases, and those drawn from ``seed`` (when there is one)."""
        cases = self.public()
        if seed is not None:
            cases += self.seeded(random.Random(f"{self.name}:{seed}"))
        return cases

    def points(self, part: str, seed: int | str | None) -> float:
        """The most a part can earn with ``seed``."""
        return sum(case.points for case in self.cases(seed) if case.part == part)


def grading_seed() -> str | None:
    """The teacher's grading seed: ``GAMETREE_GRADING_SEED``, else the first
    line of the file ``GAMETREE_GRADING_SEED_FILE`` names, else None (the
    public cases only)."""
    seed = os.environ.get(SEED_VARIABLE, "").strip()
    if seed:
        return seed
    path = os.environ.get(SEED_FILE_VARIABLE, "").strip()
    if path:
        try:
            text = Path(path).expanduser().read_text(encoding="utf-8").strip()
        except OSError:
            return None
        return text.splitlines()[0].strip() if text else None
    return None


# --- trees -----------------------------------------------------------------

def _tree_case(part: str, leaves: list[int], branching: int, label: str | None = None) -> Case:
    name = label or f"{leaves}, branching {branching}"
    return Case(part, {"kind": "tree", "function": part, "leaves": leaves, "branching": branching},
                f"{part} on {name}")


_PUBLIC_TREES: list[tuple[list[int], int, str | None]] = [
    ([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, "AIMA's Figure 5.2 tree (9 leaves, branching 3)"),
    ([3, 4, 3, 1], 2, "[3, 4, 3, 1], branching 2 (a tie)"),
    ([5, 6, 7, 4], 2, None),
    ([7], 2, "a single leaf [7] (depth 0)"),
    ([2, 9, 4], 3, None),
    ([4, 4, 4, 4, 4, 4, 4, 4], 2, "eight equal leaves, branching 2"),
    ([6, 2, 8, 1, 3, 7, 9, 5, 4, 6, 2, 8, 5, 5, 1, 9], 2, "16 leaves, branching 2 (depth 4)"),
    ([1, 8, 3, 5, 9, 2, 2, 7, 6, 4, 8, 3, 5, 1, 9, 6], 4, "16 leaves, branching 4"),
]


def _trees_public() -> list[Case]:
    cases = [_tree_case("alpha_beta", leaves, b, label) for leaves, b, label in _PUBLIC_TREES]
    cases += [_tree_case("minimax", leaves, b, label) for leaves, b, label in _PUBLIC_TREES[::2]]
    return cases


def _trees_seeded(rng: random.Random) -> list[Case]:
    cases = []
    for part, count in (("alpha_beta", 8), ("minimax", 4)):
        for _ in range(count):
            branching = rng.choice([2, 3, 4])
            depth = rng.randint(1, {2: 5, 3: 3, 4: 3}[branching])
            leaves = [rng.randint(0, 9) for _ in range(branching ** depth)]   # 0-9: ties are common
            cases.append(_tree_case(part, leaves, branching,
                                    f"a seeded tree ({len(leaves)} leaves, branching {branching})"))
    return cases


# --- ghosts ----------------------------------------------------------------

GHOST_FUNCTIONS = ("minimax_move", "alpha_beta_move", "expectimax_move")

EVALUATE_GAMES, WIN_RATE, MEAN_SCORE = 20, 0.3, 120
"""The evaluation part: on this many seeded games in the default maze (two
ghosts moving at random, a depth-1 expectimax runner using the student's
``evaluate``), at least this win rate and this mean score.  The simple
evaluation (the points so far) wins 10-25% with a mean of 50-110; a good
one (distance to food, danger from ghosts) 35-45% with 130-160."""


def _evaluate_case(seed: int, label: str) -> Case:
    return Case("evaluate", {"kind": "match", "function": "evaluate", "layout": "default",
                             "games": EVALUATE_GAMES, "seed": seed, "win_rate": WIN_RATE,
                             "mean_score": MEAN_SCORE}, f"evaluate on {label}", 2.0)


def _game_case(part: str, game: dict[str, Any], state: str, depth: int, evaluate: str,
               label: str) -> Case:
    return Case(part, {"kind": "game", "function": part, "game": game, "state": state,
                       "depth": depth, "evaluate": evaluate}, f"{part} on {label}, depth {depth}")


def _board(cells: str) -> str:
    return "the board " + " ".join(cells[i: i + 3] for i in range(0, 9, 3))


def _ghosts_public() -> list[Case]:
    cases = []
    ttt = {"name": "tictactoe"}
    for part in GHOST_FUNCTIONS:
        cases.append(_game_case(part, ttt, "X...O....", 2, "open lines", _board("X...O....")))
        cases.append(_game_case(part, ttt, "XO..X...O", 1, "open lines", _board("XO..X...O")))
        tree = {"name": "ghost-tree", "seed": 3, "branching": 2, "height": 6}
        cases.append(_game_case(part, tree, "", 2, "estimate",
                                "a ghost tree (MAX, ghost 1, ghost 2; 2 moves each)"))
        tree = {"name": "ghost-tree", "seed": 11, "branching": 3, "height": 5}
        cases.append(_game_case(part, tree, "", 2, "estimate",
                                "a ghost tree (3 moves each, ending after 5 moves)"))
        cases.append(_game_case(part, {"name": "maze", "layout": "small"}, "initial", 2, "maze",
                                "the small maze (one ghost)"))
        cases.append(_game_case(part, {"name": "maze", "layout": "default"}, "initial", 1, "maze",
                                "the default maze (two ghosts)"))
    cases.append(_evaluate_case(0, f"{EVALUATE_GAMES} games in the default maze (seeds 0-"
                                   f"{EVALUATE_GAMES - 1})"))
    return cases


def _random_board(rng: random.Random, marks: int) -> str:
    game = TicTacToe()
    state = game.initial
    for _ in range(marks):
        state = game.play(state, rng.choice(game.moves(state)))
        if game.is_over(state):
            return _random_board(rng, marks)
    return state.cells


def _ghosts_seeded(rng: random.Random) -> list[Case]:
    cases = []
    for part in GHOST_FUNCTIONS:
        cells = _random_board(rng, rng.choice([2, 4]))
        cases.append(_game_case(part, {"name": "tictactoe"}, cells, rng.choice([1, 2]),
                                "open lines", _board(cells)))
        tree = {"name": "ghost-tree", "seed": rng.randrange(10 ** 6), "branching": rng.choice([2, 3]),
                "height": rng.choice([5, 6])}
        cases.append(_game_case(part, tree, "", 2, "estimate", "a seeded ghost tree"))
        start = f"start {rng.randrange(10 ** 6)}"
        cases.append(_game_case(part, {"name": "maze", "layout": "default"}, start, 1,
                                rng.choice(["maze", "maze score"]), "a seeded start in the default maze"))
    cases.append(_evaluate_case(rng.randrange(10 ** 6), f"{EVALUATE_GAMES} seeded games in the default maze"))
    return cases


ASSIGNMENTS: dict[str, Assignment] = {
    "trees": Assignment("trees", "Alpha-beta and minimax on complete trees",
                        ("alpha_beta", "minimax"), _trees_public, _trees_seeded),
    "ghosts": Assignment("ghosts", "Minimax, alpha-beta and expectimax agents on games",
                         (*GHOST_FUNCTIONS, "evaluate"), _ghosts_public, _ghosts_seeded),
}
"""Every assignment, by the name ``python -m gametree grade`` takes."""
