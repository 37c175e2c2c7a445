"""Depth-limited expectimax with an evaluation on the dice race, compared with
the exact values (the benchmark, benchmarks/bench_maze.py, measures it on the
full race)."""

from __future__ import annotations

import random

import pytest

from gametree import MAX
from gametree.games import ChanceSolver, DiceRace, RaceState
from gametree.games.dice import Checker, race_evaluation


@pytest.fixture(scope="module")
def race():
    game = DiceRace(length=3, faces=3)
    exact = ChanceSolver(game)
    exact.value(game.initial)
    choices = sorted((s for s in exact.values if isinstance(s, RaceState) and not game.is_over(s)
                      and s.roll is not None and len(game.moves(s)) > 1), key=repr)
    return game, exact, random.Random(1).sample(choices, 100)


def compare(game, exact, sample, depth, rounds):
    """(share of exact best moves, mean |value error|) of the depth-limited search."""
    limited = ChanceSolver(game, depth=depth, evaluate=race_evaluation, rounds=rounds)
    best = error = 0.0
    for state in sample:
        values = dict(exact.move_values(state))
        top = (max if game.to_move(state) is MAX else min)(values.values())
        best += values[limited.best_move(state)] == top
        error += abs(limited.value(state) - exact.value(state))
    return best / len(sample), error / len(sample)


def test_deeper_expectimax_comes_closer_to_the_exact_values(race):
    """Counting rounds, depth 3 picks an exact best move more often than depth 1,
    and its values are nearer the exact ones."""
    one, three = compare(*race, 1, True), compare(*race, 3, True)
    assert three[0] > one[0] and three[1] < one[1]
    assert one[0] < 1                                   # depth 1 is not already perfect


def test_counting_moves_a_roll_is_a_level_that_adds_nothing_here(race):
    """race_evaluation ignores the roll, so two moves deep (a move and the
    opponent's roll) values every position as one move deep does."""
    game, exact, sample = race
    one = ChanceSolver(game, depth=1, evaluate=race_evaluation)
    two = ChanceSolver(game, depth=2, evaluate=race_evaluation)
    assert all(one.value(s) == two.value(s) for s in sample[:40])


def test_race_evaluation_is_on_the_scale_of_the_score():
    """0 at the start, +1 with White home and Black at its start, -1 the other way."""
    game = DiceRace()
    assert race_evaluation(game.initial) == 0
    home, start = (Checker(game.home),) * 2, (Checker(0),) * 2
    assert race_evaluation(game.initial._replace(white=home, black=start)) == 1
    assert race_evaluation(game.initial._replace(white=start, black=home)) == -1
