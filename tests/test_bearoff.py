"""Backgammon's bear-off: its rules case by case, expectiminimax and the
one-sided table against an independent brute force, bad input, the command line."""

from __future__ import annotations

from fractions import Fraction

import bearoff_brute_force as brute
import pytest

from gametree.games.bearoff import (
    TABLE_LIMIT,
    BearOff,
    expected_rolls,
    legal_plays,
    one_sided_table,
    play_label,
)
from gametree.games.chance import expectiminimax


def plays(position, roll):
    return sorted(play_label(p) for p, _ in legal_plays(position, roll))


@pytest.mark.parametrize("position, roll, expected", [
    ((0, 0, 0, 0, 0, 1), (6, 1), ["6/off"]),                    # exact roll bears off, game over
    ((0, 0, 0, 1, 0, 0), (6, 5), ["4/off"]),                    # higher roll, no higher checker
    ((1, 0, 0, 0, 0, 1), (5, 4), None),       # the 5 cannot bear off from 1 while 6 is manned
    ((0, 0, 0, 0, 2, 0), (1, 1), None),       # doubles: four moves within the board
    ((1, 1, 0, 0, 0, 0), (2, 1), None),       # may play 2/1 1/off rather than bear both off
])
def test_rule_cases(position, roll, expected):
    """Each rule gives exactly the positions the rules' text allows."""
    if expected is not None:
        assert plays(position, roll) == sorted(expected)
    assert {q for _, q in legal_plays(position, roll)} == brute.results(position, roll)


def test_doubles_are_played_four_times():
    """A double moves four times: 2-2 takes a checker from 6 off (6/4/2/off)."""
    assert {q for _, q in legal_plays((0, 0, 0, 0, 0, 1), (2, 2))} == {(0,) * 6}
    assert all(len(p) == 4 for p, _ in legal_plays((0, 0, 0, 0, 0, 3), (1, 1)))


def test_both_dice_must_be_played_when_they_can():
    """With 6-1 and two checkers on 6, bearing one off and stopping is not allowed."""
    results = {q for _, q in legal_plays((0, 0, 0, 0, 0, 2), (6, 1))}
    assert results == {(0, 0, 0, 0, 1, 0)}            # 6/off 6/5: the 1 must be played too
    assert results == brute.results((0, 0, 0, 0, 0, 2), (6, 1))


def test_only_one_die_playable_means_the_larger():
    """One checker on 2, roll 2-1... both play (2/1/off); a checker on 1 with 6-5 uses one die:
    the position is off either way; with blocked order the larger die is chosen."""
    # Checker on 3 and roll 4-2: 4 bears it off (no higher checker) or 2 moves it to 1 then 4
    # bears it off; both end off.  The larger-die rule matters when only one die is used:
    results = legal_plays((0, 0, 1, 0, 0, 0), (4, 2))
    assert {q for _, q in results} == {(0,) * 6}
    for position in [(0, 0, 1, 0, 0, 0), (1, 0, 0, 0, 0, 0)]:
        for roll in [(6, 5), (3, 1), (5, 2)]:
            assert {q for _, q in legal_plays(position, roll)} == brute.results(position, roll)


def test_higher_roll_refused_while_a_higher_point_is_manned():
    """With checkers on 1 and 6 and 5-4, the 5 cannot bear off the checker on 1 first."""
    results = {q for _, q in legal_plays((1, 0, 0, 0, 0, 1), (5, 4))}
    assert results == {(1, 0, 0, 0, 0, 0)}            # 6/1 1/off or 6/2 2/off, never 1/off 6/2


def test_every_small_position_and_roll_matches_the_brute_force():
    """Every position of up to 3 checkers, every roll: same positions reached."""
    for pos in one_sided_table(3):
        for a in range(1, 7):
            for b in range(1, a + 1):
                got = {q for _, q in legal_plays(pos, (a, b))}
                assert got == (brute.results(pos, (a, b)) if any(pos) else set()), (pos, (a, b))


@pytest.mark.parametrize("white, black", [
    ((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0)),
    ((0, 1, 0, 0, 0, 1), (0, 0, 1, 1, 0, 0)),
    ((1, 0, 1, 0, 1, 0), (0, 0, 0, 0, 0, 2)),
])
def test_expectiminimax_matches_brute_force(white, black):
    """The exact value equals the independent recursion's."""
    game = BearOff(white=white, black=black, exact=True)
    assert expectiminimax(game).value == brute.value(white, black, True)


def test_hand_values():
    """By hand: one checker on 1 point, or two: 1 roll.  One on the 6 point: 27 of 36
    rolls bear it off at once and the other 9 leave it on 3 or lower, so 1 + 9/36."""
    assert expected_rolls((1, 0, 0, 0, 0, 0)) == 1
    assert expected_rolls((2, 0, 0, 0, 0, 0)) == 1
    assert expected_rolls((0, 0, 0, 0, 0, 1)) == Fraction(5, 4)


def test_table_matches_brute_force_and_recursion():
    """The DP table of up to 3 checkers equals the brute force and the recursion."""
    table = one_sided_table(3)
    assert len(table) == 84                               # C(9, 6) positions of up to 3 checkers
    for pos, rolls in table.items():
        assert rolls == brute.rolls(pos) == expected_rolls(pos)


def test_table_limit():
    """TABLE_LIMIT is accepted (every position of up to 6 checkers: C(12, 6) = 924, with
    the hand value of a checker on 6), one past it is refused."""
    table = one_sided_table(TABLE_LIMIT)
    assert len(table) == 924 and table[(0, 0, 0, 0, 0, 1)] == Fraction(5, 4)
    with pytest.raises(ValueError, match=f"from 0 to {TABLE_LIMIT}"):
        one_sided_table(TABLE_LIMIT + 1)


@pytest.mark.parametrize("white, message", [
    ((0, 0, 0, 0, 0, 16), "at most 15"),
    ((0, 0, -1, 0, 0, 1), "negative"),
    ((0, 0, 1), "six counts"),
    ("001200", "six checker counts"),
])
def test_bad_input(white, message):
    """Bad positions are refused with a sentence naming the fix."""
    with pytest.raises(ValueError, match=message):
        BearOff(white=white, black=(1, 0, 0, 0, 0, 0))


def test_fifteen_checkers_are_accepted():
    """The limit itself, 15 checkers, is a position."""
    assert BearOff(white=(0, 0, 0, 0, 0, 15), black=(1, 0, 0, 0, 0, 0)).initial.white[5] == 15


def test_cli_prints_value_and_best_play(capsys):
    """The command prints the same exact value as expectiminimax, and the best play."""
    from gametree.cli import main
    assert main(["bearoff", "--white", "0", "0", "0", "0", "0", "1",
                 "--black", "1", "0", "0", "0", "0", "0", "--roll", "6", "5"]) == 0
    out = capsys.readouterr().out
    assert "1/2 = 0.5000" in out and "6/off" in out


@pytest.mark.parametrize("argv, message", [
    (["--white", "0", "0", "0", "0", "0", "16"], "at most 15"),
    (["--white", "0", "0", "0", "0", "-1", "1"], "negative"),
    (["--white", "0", "0", "0", "0", "1"], "expected 6 arguments"),
    (["--white", "0", "0", "0", "0", "0", "5"], "at most 4 a side"),
])
def test_cli_bad_input(capsys, argv, message):
    """Bad input: one line on stderr, exit status 2."""
    from gametree.cli import main
    assert main(["bearoff", *argv, "--black", "1", "0", "0", "0", "0", "0"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_result_is_play_without_checks():
    """The searches' bare ``result`` reaches what ``play`` reaches, for every roll and play
    of a small position (both sides), and ``legal_plays`` hands out a fresh list each call."""
    game = BearOff(white=(0, 1, 0, 1, 0, 1), black=(1, 0, 1, 0, 0, 0))
    for white_to_move in (True, False):
        start = game.initial._replace(white_to_move=white_to_move)
        for roll in game.moves(start):
            rolled = game.result(start, roll)
            assert rolled == game.play(start, roll)
            for play in game.moves(rolled):
                assert game.result(rolled, play) == game.play(rolled, play)
    first = legal_plays((0, 0, 1, 0, 0, 1), (3, 1))
    first.clear()
    assert legal_plays((0, 0, 1, 0, 0, 1), (3, 1))


def test_peelles_ace_point_race():
    """Published two-sided value notebook 09 cites (H. A. Peelle, Backgammon Tools in J, 4:
    Ace-point Bearoffs): 8 checkers on the ace point against 6, the first to roll wins 0.301055."""
    game = BearOff(white=(8, 0, 0, 0, 0, 0), black=(6, 0, 0, 0, 0, 0), exact=True)
    first_wins = (1 + expectiminimax(game).value) / 2
    assert round(float(first_wins), 6) == 0.301055


def test_the_bgonline_counts():
    """Counts notebook 09 cites (Taper_Mike, BGonline, 7 November 2013): 54,264 arrangements
    of up to 15 checkers, enumerated as the table enumerates its positions; and among two
    checkers exactly one position and non-double roll where a checker can be borne off but
    the fewest expected rolls come from bearing none off: checkers on 4 and 6, rolled 5-2."""
    from itertools import combinations_with_replacement
    assert sum(1 for n in range(16) for _ in combinations_with_replacement(range(1, 7), n)) == 54_264
    two = one_sided_table(2)
    found = []
    for position in (p for p in two if sum(p) == 2):
        for roll in ((a, b) for a in range(1, 7) for b in range(1, a)):
            plays = legal_plays(position, roll)
            fewest = min(two[after] for _, after in plays)
            if (any(sum(after) < 2 for _, after in plays)
                    and all(sum(after) == 2 for _, after in plays if two[after] == fewest)):
                found.append((position, roll, sorted(two[after] for _, after in plays)))
    assert found == [((0, 0, 0, 1, 0, 1), (5, 2), [Fraction(1), Fraction(19, 18)])]
