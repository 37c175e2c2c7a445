"""UCT on games with dice: the roll is drawn by its probabilities (never chosen by
UCB1, as if an opponent rolled), and with ``scores`` the search backs up mean scores,
so it finds expectiminimax's move."""

import math
import random

import pytest

from gametree import CHANCE, MAX, Tree
from gametree.games import ChanceSolver, DiceRace, TicTacToe, TicTacToeState, TreeGame, uct_search
from gametree.games.mcts import playout_result, simulate


def dice_below_the_root():
    """B: a roll (0.9: 10, 0.1: -10), expectiminimax value 8.0; C: MIN's node of two 1s."""
    return TreeGame(Tree.from_nested([[(0.9, 10), (0.1, -10)], [1, 1]]))


def test_uct_with_scores_finds_expectiminimax_move_b():
    """Backing up mean scores, B (mean 8) beats C (1); the roll's outcomes are drawn
    about 9 times in 10 for 10, as their probabilities say."""
    result = uct_search(dice_below_the_root(), iterations=400, seed=1, scores=(-10, 10))
    assert result.move == "B"
    roll = result.tree["B"]
    high, low = result.tree.children(roll)
    assert roll.player is CHANCE and (high.move, low.move) == ("D", "E")
    assert 0.85 < high.visits / roll.visits < 0.95
    assert roll.mean == pytest.approx(0.9, abs=0.05)   # (8 + 10) / 20: the mean score, rescaled


def test_uct_by_wins_prefers_the_sure_win():
    """By who won (the default), C wins every playout and B 9 in 10: C is the better
    bet for a player who only wants to win, and UCT plays it."""
    result = uct_search(dice_below_the_root(), iterations=400, seed=1)
    assert result.move == "C"
    assert result.tree["B"].mean == pytest.approx(0.9, abs=0.05)


def test_playouts_draw_rolls_by_their_probabilities():
    game = TreeGame(Tree.from_nested([[(0.9, 10), (0.1, -10)], [1, 1]]))
    rng = random.Random(4)
    scores = [simulate(game, game.tree["B"], rng, 10)[1] for _ in range(2000)]
    assert 0.87 < scores.count(10) / len(scores) < 0.93


def race_positions(game, solver, count, seed):
    """Positions of the race where a player is to move and the best move is worth at
    least 0.25 more than the next best (by exact expectiminimax), from seeded games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial
        while not game.is_over(state):
            if game.to_move(state) is not CHANCE:
                values = sorted((v for _, v in solver.move_values(state)),
                                reverse=game.to_move(state) is MAX)
                if len(values) > 1 and abs(values[0] - values[1]) > 0.25:
                    found.append(state)
            state = game.play(state, rng.choice(game.moves(state)))
    return found[:count]


def test_uct_plays_the_dice_race_as_expectiminimax_does():
    """On ten positions of the race where one move is clearly best, UCT with a few
    hundred playouts plays it every time."""
    game = DiceRace(length=4, faces=4)
    solver = ChanceSolver(game)
    for state in race_positions(game, solver, 10, seed=3):
        assert uct_search(game, state, iterations=300, seed=1, record=False).move == \
            solver.best_move(state)


def test_a_roll_at_the_root_is_refused():
    game = DiceRace()
    with pytest.raises(ValueError, match="the dice are rolled next at .*roll them"):
        uct_search(game, iterations=10)


def test_stepping_through_a_search_with_dice_says_the_dice_chose():
    result = uct_search(dice_below_the_root(), iterations=6, seed=1, scores=(-10, 10))
    captions = [result.step(k).caption for k in range(1, result.steps)]
    assert any("rolled)" in c for c in captions)
    assert any("for the roll" in c and "drawn with its probability" in c for c in captions)
    assert any("rescaled to 1 for MAX (0 for MIN)" in c for c in captions)
    assert not any("nan" in c for c in captions)


def test_recording_changes_nothing_but_the_record():
    """record=False builds no labels for playout moves, and the same tree."""
    game, state = TicTacToe(), TicTacToeState.from_text("X.. .O. ...")
    kept = uct_search(game, state, iterations=200, seed=5)
    bare = uct_search(game, state, iterations=200, seed=5, record=False)
    assert (bare.move, bare.tree, bare.record) == (kept.move, kept.tree, ())


@pytest.mark.parametrize("score, value", [(-10, 0.0), (10, 1.0), (0, 0.5), (8, 0.9)])
def test_a_score_is_rescaled_at_the_limits_of_its_range(score, value):
    assert playout_result(score, (-10, 10)) == pytest.approx(value)


@pytest.mark.parametrize("score", [-10.5, 11])
def test_a_score_past_the_range_is_refused(score):
    with pytest.raises(ValueError, match=r"outside scores=\(-10, 10\)"):
        playout_result(score, (-10, 10))


@pytest.mark.parametrize("scores, error", [((5, 5), ValueError), ((6, 5), ValueError),
                                           ((0, math.inf), ValueError), ((0, 1, 2), TypeError),
                                           ([0, 1], TypeError), ((0, "1"), TypeError)])
def test_bad_scores_are_refused_before_the_search(scores, error):
    with pytest.raises(error, match="scores"):
        uct_search(dice_below_the_root(), iterations=1, scores=scores)


def test_scores_in_a_search_must_hold_every_score():
    with pytest.raises(ValueError, match="outside scores"):
        uct_search(dice_below_the_root(), iterations=20, seed=1, scores=(-5, 5))


@pytest.mark.parametrize("score", [-3, -0.5, 0, 0.0, 0.25, 7])
def test_without_scores_a_playout_is_worth_who_won(score):
    from gametree.games.mcts import result_for, winner_of
    assert playout_result(score) == result_for(MAX, winner_of(score))


def test_the_default_counts_wins_and_scores_changes_only_games_scored_beyond_a_win():
    """The default (who won) is the search with ``scores=(-1, 1)`` on a game scored
    +1, 0, -1, so the option matters only where scores are more than won or lost;
    there, on the tree above, the two answer different questions (most often won: C;
    best mean score: B, expectiminimax's move)."""
    start = TicTacToeState.from_text("X.. .O. ...")
    by_wins = uct_search(TicTacToe(), start, iterations=150, seed=3)
    by_scores = uct_search(TicTacToe(), start, iterations=150, seed=3, scores=(-1, 1))
    assert by_wins.tree == by_scores.tree and by_wins.record == by_scores.record
    game = dice_below_the_root()
    assert uct_search(game, iterations=300, seed=2).move == "C"
    assert uct_search(game, iterations=300, seed=2, scores=(-10, 10)).move == "B"
    assert ChanceSolver(game).best_move(game.initial) == "B"
