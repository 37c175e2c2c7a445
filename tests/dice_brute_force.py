"""The dice race solved by brute force from the rules alone, on plain tuples,
independent of gametree.games: it shares no code with DiceRace or
ChanceSolver.  tests/test_dice.py checks the package's solver against it and
tests/test_dice_board.py the board's perfect player."""

import functools
from fractions import Fraction


@functools.lru_cache(maxsize=None, typed=True)  # pure functions of the rules: tests of one race
# share them; typed, so that one=1.0 (floats) is never served the Fraction solver, or back
def brute_force(length: int, faces: int, one=Fraction(1)):
    """The value (White's win chance minus Black's) of every position, by the
    rules: a position is (white, black, white_to_move), each side a sorted
    pair of (distance come, hit before) checkers, before the roll.  Exact
    fractions, or floats with ``one=1.0``."""
    home = length + 1
    done = ((home, False), (home, False))

    @functools.cache
    def before_roll(white, black, white_to_move):
        if white == done:
            return one
        if black == done:
            return -one
        return sum(after_roll(white, black, white_to_move, roll)
                   for roll in range(1, faces + 1)) / faces

    def after_roll(white, black, white_to_move, roll):
        mine, theirs = (white, black) if white_to_move else (black, white)
        results = []
        for k in (0, 1):
            distance, hit_before = mine[k]
            if distance == home:
                continue
            landed = min(distance + roll, home)
            moved = (landed, hit_before and landed < home)
            new_mine = tuple(sorted([moved, mine[1 - k]]))
            new_theirs = list(theirs)
            if landed < home:
                # A square seen from the other side: the other colour has come home - landed.
                there = [i for i, (d, _) in enumerate(theirs) if d == home - landed]
                if len(there) == 1 and not theirs[there[0]][1]:
                    new_theirs[there[0]] = (0, True)
            new_theirs = tuple(sorted(new_theirs))
            if white_to_move:
                results.append(before_roll(new_mine, new_theirs, False))
            else:
                results.append(before_roll(new_theirs, new_mine, True))
        return max(results) if white_to_move else min(results)

    return before_roll, after_roll


def plain(side):
    """A RaceState side as the brute-force solver writes it."""
    return tuple((c.at, c.marked) for c in side)


START = ((0, False), (0, False))


def race_value(game, state, one=Fraction(1)):
    """The brute-force value of a position of ``game`` (a DiceRace), before or after its roll."""
    before_roll, after_roll = brute_force(game.length, game.faces, one=one)  # as test_dice calls it
    sides = plain(state.white), plain(state.black), state.white_to_move
    return before_roll(*sides) if state.roll is None else after_roll(*sides, state.roll)
