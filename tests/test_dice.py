"""The dice race on the Game interface, solved exactly by expectiminimax.

The values are checked against a brute-force solver written from the rules
alone, on plain tuples, independent of gametree.games (tests/dice_brute_force.py):
it shares no code with DiceRace or ChanceSolver.
"""

import math
import random
from fractions import Fraction

import pytest
from dice_brute_force import START, brute_force, plain

import gametree
from gametree import CHANCE, MAX, MIN
from gametree.games import (
    ChanceSolver,
    Checker,
    DiceRace,
    IllegalMoveError,
    RaceState,
    chance_player,
    expectiminimax,
    game_tree,
)

# --- an independent solver, from the rules: tests/dice_brute_force.py -------------------


@pytest.mark.parametrize("length, faces", [(2, 2), (3, 2), (4, 3), (5, 2)])
def test_exact_values_agree_with_the_brute_force_solver_everywhere(length, faces):
    game = DiceRace(length, faces, exact=True)
    solver = ChanceSolver(game)
    before_roll, after_roll = brute_force(length, faces)
    assert solver.value(game.initial) == before_roll(START, START, True)
    checked = 0
    for state, value in solver.values.items():  # every position the solver searched
        if state.roll is None:
            assert value == before_roll(plain(state.white), plain(state.black), state.white_to_move)
        else:
            assert value == after_roll(plain(state.white), plain(state.black), state.white_to_move,
                                       state.roll)
        checked += 1
    assert checked > 100


def test_the_default_race_agrees_with_the_brute_force_solver():
    game = DiceRace()  # 6 squares, a six-sided die: solved exactly in about a second
    before_roll, _ = brute_force(6, 6, one=1.0)
    value = expectiminimax(game).value
    assert math.isclose(value, before_roll(START, START, True), abs_tol=1e-12)
    assert 0 < value < 1  # moving first is an advantage, not a sure win


def test_the_value_is_twice_the_winning_chance_minus_one():
    """No draws: estimate White's winning chance by playing perfect players
    against each other with seeded dice, and compare with (value + 1) / 2."""
    game = DiceRace(4, 3)
    value = expectiminimax(game).value
    player = chance_player(game)
    rng = random.Random(5)
    wins = 0
    games = 1500
    for _ in range(games):
        state = game.initial
        while not game.is_over(state):
            if game.to_move(state) is CHANCE:
                state = game.play(state, rng.randint(1, game.faces))
            else:
                state = game.play(state, player(game, state))
        wins += game.score(state) == 1
    assert abs(wins / games - (value + 1) / 2) < 0.04  # about 3 standard errors


# --- the rules ---------------------------------------------------------------------------


def state(white, black, white_to_move=True, roll=None, length=6):
    return RaceState(tuple(sorted(Checker(*c) if isinstance(c, tuple) else Checker(c) for c in white)),
                     tuple(sorted(Checker(*c) if isinstance(c, tuple) else Checker(c) for c in black)),
                     white_to_move, roll, length)


def test_the_interface_says_who_moves_and_gives_the_outcomes_of_a_roll():
    game = DiceRace()
    assert game.to_move(game.initial) is CHANCE
    outcomes = game.outcomes(game.initial)
    assert [move for _, move in outcomes] == game.moves(game.initial) == [1, 2, 3, 4, 5, 6]
    assert math.isclose(sum(p for p, _ in outcomes), 1)
    assert sum(p for p, _ in DiceRace(exact=True).outcomes(game.initial)) == 1
    rolled = game.play(game.initial, 5)
    assert game.to_move(rolled) is MAX and game.moves(rolled) == [Checker(0)]
    moved = game.play(rolled, Checker(0))
    assert game.to_move(moved) is CHANCE and moved.mover is MIN and moved.white == (Checker(0), Checker(5))
    with pytest.raises(ValueError, match="where the die is rolled next"):
        game.outcomes(rolled)


def test_a_lone_checker_is_hit_and_goes_back_marked():
    game = DiceRace()
    # White on square 2; one Black checker on square 5 (it has come 6 + 1 - 5 = 2).
    position = state([2, 0], [2, 0], roll=3)
    after = game.play(position, Checker(2))
    assert after.white == (Checker(0), Checker(5))
    assert after.black == (Checker(0), Checker(0, True))  # sent back, marked
    assert game.move_label(position, Checker(2)) == "2\u21925x"
    assert "hitting the lone opposing checker" in game.describe_move(position, Checker(2))


def test_two_checkers_on_a_square_and_a_marked_checker_are_safe():
    game = DiceRace()
    pair = state([2, 0], [2, 2], roll=3)
    assert game.play(pair, Checker(2)).black == (Checker(2), Checker(2))
    marked = state([2, 0], [(2, True), 0], roll=3)
    assert game.play(marked, Checker(2)).black == (Checker(0), Checker(2, True))


def test_a_roll_past_the_end_takes_the_checker_home_and_both_home_win():
    game = DiceRace()
    position = state([5, 7], [0, 0], roll=6)
    final = game.play(position, Checker(5))
    assert final.white == (Checker(7), Checker(7)) and game.is_over(final)
    assert game.score(final) == 1 and game.moves(final) == []
    assert game.to_move(final) is MIN  # whose turn it would be
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(final, 3)
    black_wins = game.play(state([0, 0], [6, 7], white_to_move=False, roll=1), Checker(6))
    assert game.score(black_wins) == -1


def test_a_player_with_two_checkers_chooses_which_to_move():
    game = DiceRace()
    position = state([1, 3], [0, 0], roll=2)
    assert game.moves(position) == [Checker(1), Checker(3)]
    assert game.moves(state([3, 3], [0, 0], roll=2)) == [Checker(3)]  # one square: one choice
    assert game.moves(state([3, (3, True)], [0, 0], roll=2)) == [Checker(3), Checker(3, True)]
    assert game.moves(state([3, 7], [0, 0], roll=2)) == [Checker(3)]  # the other is home


@pytest.mark.parametrize("position, move, words", [
    (state([0, 0], [0, 0]), 7, "a roll is a face from 1 to 6"),
    (state([0, 0], [0, 0]), True, "a roll is a face from 1 to 6"),
    (state([1, 3], [0, 0], roll=2), Checker(2), "is not a checker White can move"),
    (state([1, 3], [0, 0], roll=2), 1, "is not a checker White can move"),
    (state([1, 7], [0, 0], roll=2), Checker(7), "is not a checker White can move"),
])
def test_illegal_moves_are_refused_with_a_sentence(position, move, words):
    with pytest.raises(IllegalMoveError, match=words):
        DiceRace().play(position, move)


@pytest.mark.parametrize("bad, error, words", [
    ("start", TypeError, "a RaceState"),
    (state([0, 0], [0, 0], length=5), ValueError, "track of 5 squares"),
    (RaceState((Checker(0),), (Checker(0), Checker(0)), True), ValueError, "two checkers"),
    (RaceState((Checker(0), Checker(9)), (Checker(0), Checker(0)), True), ValueError, "two checkers"),
    (state([0, 0], [0, 0], roll=9), ValueError, "a roll is a face"),
])
def test_positions_that_are_not_positions_are_refused(bad, error, words):
    with pytest.raises(error, match=words):
        DiceRace().check_state(bad)
    with pytest.raises(error, match=words):
        expectiminimax(DiceRace(), bad)


@pytest.mark.parametrize("length, faces, ok", [(2, 2, True), (12, 6, True), (1, 6, False),
                                               (13, 6, False), (6, 1, False), (6, 7, False)])
def test_sizes_at_the_limits_and_one_past(length, faces, ok):
    if ok:
        assert DiceRace(length, faces).home == length + 1
    else:
        with pytest.raises(ValueError):
            DiceRace(length, faces)


def test_every_game_ends():
    """Random games end within the bound the rules give: every move takes a
    checker forward, and each of the four checkers can be hit once."""
    game = DiceRace()
    rng = random.Random(3)
    most = 4 * (game.home + 4 * game.home)
    for _ in range(300):
        position, moves = game.initial, 0
        while not game.is_over(position):
            position = game.play(position, rng.choice(game.moves(position)))
            moves += 1
        assert moves <= most


def test_the_text_board_reads_left_to_right():
    position = state([2, (0, True)], [2, 7])
    assert str(position) == "start W1 | . W . . B . | B0 start   home: W0 B1   White to roll"
    assert "W*" not in str(position)  # a marked checker at its start is counted there
    assert str(state([(3, True), 0], [0, 0])).split(" | ")[1] == ". . W* . . ."


# --- the solver and the perfect player -------------------------------------------------


def test_the_perfect_player_picks_a_move_of_the_best_value():
    game = DiceRace(4, 3, exact=True)
    _, after_roll = brute_force(4, 3)
    player = chance_player(game)
    solver = ChanceSolver(game)
    rng = random.Random(11)
    for _ in range(40):
        position = game.initial
        while not game.is_over(position):
            if game.to_move(position) is CHANCE:
                position = game.play(position, rng.randint(1, 3))
                continue
            move = player(game, position)
            best = after_roll(plain(position.white), plain(position.black), position.white_to_move,
                              position.roll)
            chosen = game.play(position, move)
            assert solver.value(chosen) == best
            position = chosen


def test_expectiminimax_reports_its_work_and_a_move_only_where_a_player_moves():
    game = DiceRace(3, 2)
    result = expectiminimax(game)
    assert result.move is None and result.stats.nodes > result.stats.terminals > 0
    assert result.stats.table_hits > 0  # memoization: positions met again are looked up
    rolled = expectiminimax(game, game.play(game.initial, 1))
    assert rolled.move in game.moves(game.play(game.initial, 1))


def test_the_perfect_player_plays_only_the_game_it_was_made_for():
    player = chance_player(DiceRace())
    with pytest.raises(ValueError, match="made for DiceRace"):
        player(DiceRace(4, 3), DiceRace(4, 3).play(DiceRace(4, 3).initial, 1))
    with pytest.raises(ValueError, match="only a player to move"):
        ChanceSolver(DiceRace()).best_move(DiceRace().initial)


def test_games_without_dice_say_they_have_no_outcomes_and_keep_working():
    from gametree.games import TicTacToe

    game = TicTacToe()
    with pytest.raises(ValueError, match="no chance states"):
        game.outcomes(game.initial)
    assert expectiminimax(game, gametree.games.TicTacToeState.from_text("XO. .X. ..O")).value == 1


def test_a_late_position_as_a_tree_has_the_solvers_value_and_star1_agrees():
    game = DiceRace(3, 2, exact=True)
    position = state([2, 4], [1, 3], length=3)
    tree = game_tree(game, position)
    assert tree.root.player is CHANCE and tree.has_chance
    assert {n.probability for n in tree.children(tree.root)} == {Fraction(1, 2)}
    value = ChanceSolver(game).value(position)
    assert gametree.expectiminimax(tree) == value
    assert gametree.trace_expectiminimax(tree, bounds=(-1, 1)).value == value


def test_the_game_solver_and_the_tree_search_agree_on_trees_played_as_games():
    """Two implementations, one on games and one on trees, give the same values."""
    from gametree.games import TreeGame

    for seed in range(30):
        tree = gametree.random_chance_tree(2, seed=seed, branching=2, outcomes=3,
                                           probabilities="fraction")
        game = TreeGame(tree)
        solver = ChanceSolver(game)
        assert solver.value(game.initial) == gametree.expectiminimax(tree)
        values = gametree.expected_values(tree)
        assert all(solver.value(node) == values[node.id] for node in tree)
    with pytest.raises(ValueError, match="no chance node"):
        TreeGame(tree).outcomes(tree.root)


def test_the_brute_force_solver_keeps_floats_and_fractions_apart():
    # Its cache must not serve one=1.0's float solver for one=Fraction(1) (1.0 == Fraction(1)).
    floats, _ = brute_force(2, 2, one=1.0)
    fractions, _ = brute_force(2, 2, one=Fraction(1))
    assert type(floats(START, START, True)) is float
    assert type(fractions(START, START, True)) is Fraction
