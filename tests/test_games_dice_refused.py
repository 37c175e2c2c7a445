"""The two-player game searches refuse chance states with a sentence naming the
search for dice (they would search the roll as MIN's move and answer wrongly),
and ucb1 checks what it is given."""

import math
import time

import pytest

from gametree import Tree
from gametree.games import (
    DiceRace,
    TreeGame,
    alpha_beta,
    expectiminimax,
    minimax,
    mtdf,
    negamax,
    pvs,
    ucb1,
)

SEARCHES = [minimax, negamax, alpha_beta, pvs, mtdf]
NAMES_THE_FIX = "search a game with chance with the game expectiminimax, gametree.games.expectiminimax"


def dice_below_the_root():
    """MAX chooses B, a roll (0.9: 10, 0.1: -10, worth 8.0), or C, MIN's node of two 1s:
    searched as MIN, the roll would be worth -10 and C would look best."""
    return TreeGame(Tree.from_nested([[(0.9, 10), (0.1, -10)], [1, 1]]))


def test_the_example_is_worth_8_by_expectiminimax():
    result = expectiminimax(dice_below_the_root())
    assert (result.value, result.move) == (pytest.approx(8.0), "B")


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("game", [dice_below_the_root(), DiceRace(2, 2)], ids=["tree", "race"])
def test_game_searches_refuse_a_chance_state_naming_expectiminimax(search, game):
    with pytest.raises(ValueError, match=NAMES_THE_FIX) as info:
        search(game)
    assert "to_move says CHANCE" in str(info.value)


@pytest.mark.parametrize("search", SEARCHES)
def test_a_chance_root_is_refused_before_any_search(search):
    """The full dice race would take minutes to search as if MIN rolled: it is refused at
    the root, at once."""
    start = time.process_time()
    with pytest.raises(ValueError, match=NAMES_THE_FIX):
        search(DiceRace())
    assert time.process_time() - start < 1.0


def test_a_chance_state_met_deep_in_the_search_is_refused_there():
    """The roll sits below two MAX/MIN levels and after another line that is searched in
    full: the search stops at the roll, with the message, not with a value."""
    game = TreeGame(Tree.from_nested([[[1, 2], [3, 4]], [[5, [(0.5, 6), (0.5, 7)]], [8, 9]]]))
    for search in SEARCHES:
        with pytest.raises(ValueError, match="rolls the dice at <chance node M>"):
            search(game)


def test_a_depth_limit_that_stops_above_the_roll_searches_without_it():
    """A chance state below the depth limit is never reached, so nothing is refused."""
    game = dice_below_the_root()
    assert alpha_beta(game, depth=1, evaluate=lambda node: 0).value == 0


# --- ucb1 checks its input ---------------------------------------------------------------


@pytest.mark.parametrize("args, value", [
    ((0, 0, 0), math.inf),               # never visited: +inf, whatever the parent
    ((0, 1, 1), 0.0),                    # no wins, at the limit of the wins
    ((1, 1, 1), 1.0),                    # wins = visits, parent = visits: log 1 = 0
    ((2.5, 4, 4), 2.5 / 4 + math.sqrt(2) * math.sqrt(math.log(4) / 4)),
])
def test_ucb1_at_the_limits_of_its_input(args, value):
    assert ucb1(*args) == pytest.approx(value)
    assert ucb1(*args, exploration=0) == (math.inf if args[1] == 0 else args[0] / args[1])


@pytest.mark.parametrize("args, error, message", [
    ((1, 1, 0), ValueError, r"parent_visits must be at least visits \(1\), not 0: every playout"),
    ((3, 5, 4), ValueError, r"parent_visits must be at least visits \(5\), not 4"),
    ((1.5, 1, 1), ValueError, r"wins must be from 0 to visits \(1\): .*not 1.5"),
    ((-0.5, 1, 1), ValueError, r"wins must be from 0 to visits \(1\): .*not -0.5"),
    ((1, 0, 3), ValueError, r"wins must be from 0 to visits \(0\)"),
    ((math.nan, 2, 2), ValueError, r"wins must be from 0 to visits"),
    ((0, -1, 3), ValueError, r"visits must be 0 or more, not -1"),
    ((0, 1, -1), ValueError, r"parent_visits must be 0 or more, not -1"),
    ((0, 1.5, 3), TypeError, r"visits must be a whole number, not 1.5"),
    (("1", 1, 1), TypeError, r"wins must be a number, .*not '1'"),
    ((True, 1, 1), TypeError, r"wins must be a number"),
])
def test_ucb1_one_past_its_limits_says_what_is_wrong(args, error, message):
    with pytest.raises(error, match=message):
        ucb1(*args)


@pytest.mark.parametrize("exploration, error", [(-0.001, ValueError), (math.inf, ValueError),
                                                (math.nan, ValueError), ("2", TypeError)])
def test_ucb1_refuses_an_exploration_constant_that_is_negative_or_not_finite(exploration, error):
    assert ucb1(1, 2, 3, exploration=0) == 0.5        # 0: the limit, accepted
    with pytest.raises(error, match="exploration must be"):
        ucb1(1, 2, 3, exploration=exploration)
