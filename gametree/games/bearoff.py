"""Backgammon's bear-off: the real rules of the last phase of the game.

Each side has its checkers in its home board, on points 1 to 6 (point 1
nearest to bearing off), given as six counts, point 1 first, at most 15
checkers in all.  A turn is a roll of two dice (a chance state: 21 distinct
rolls, a double with probability 1/36, any other with 2/36), then a play:

* each die moves one checker down by its number, a double four times;
* a checker is borne off by the exact number, or by a higher number when
  no checker of that side stands on a higher point;
* every die that can be played must be: if both dice can be played, both
  must be; if only one can, the larger one if possible;
* White (MAX) rolls first; the first to bear off every checker wins: +1
  for White, -1 for Black, so the value is P(White wins) - P(Black wins).

>>> game = BearOff(white=(0, 0, 0, 0, 0, 1), black=(1, 0, 0, 0, 0, 0))
>>> state = game.play(game.initial, (6, 5))
>>> [game.move_label(state, m) for m in game.moves(state)]
['6/off']
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import NamedTuple, cast

from ..text import describe
from ..tree import CHANCE, MAX, MIN, Player, Value
from .base import Game, IllegalMoveError, short

__all__ = ["BearOff", "BearOffState", "Position", "Roll", "Play", "legal_plays", "die_steps",
           "expected_rolls", "one_sided_table", "ROLLS", "MAX_CHECKERS", "TABLE_LIMIT"]

Position = tuple[int, int, int, int, int, int]
"""One side's checkers: how many stand on points 1 to 6, point 1 first."""
Roll = tuple[int, int]
"""A roll of two dice, the larger first."""
Step = tuple[int, int]
"""One checker moved by one die: (from point, to point), 0 meaning borne off."""
Play = tuple[Step, ...]
"""A whole play: its steps, in the order played."""

MAX_CHECKERS = 15
"""Backgammon's checkers per side."""
TABLE_LIMIT = 6
"""The most checkers :func:`one_sided_table` accepts: 924 positions in
about 1.4 s of CPU with exact fractions (measured; each checker more costs
about 2.5 times as much, so the full 15-checker table, 54,264 positions, is
out of reach for this pure-Python, exact version)."""
ROLLS: tuple[Roll, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
"""The 21 distinct rolls, the larger die first."""


def check_position(name: str, position: object) -> Position:
    """``position`` as a Position, or a ValueError naming the fix."""
    if isinstance(position, (str, bytes)) or not hasattr(position, "__len__"):
        raise ValueError(f"{name} is six checker counts for points 1 to 6, such as "
                         f"(0, 0, 1, 2, 0, 0); not {describe(position)}")
    counts = tuple(cast(tuple, position))
    if len(counts) != 6:
        raise ValueError(f"{name} needs six counts, one for each home point 1 to 6; "
                         f"{len(counts)} were given")
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"{name}: each count is a whole number of checkers, not {short(count)}")
        if count < 0:
            raise ValueError(f"{name}: a count cannot be negative ({count}); use 0 for an empty point")
    if sum(counts) > MAX_CHECKERS:
        raise ValueError(f"{name} has {sum(counts)} checkers; a side has at most {MAX_CHECKERS}, "
                         f"remove {sum(counts) - MAX_CHECKERS}")
    return cast(Position, counts)


def die_steps(position: Position, die: int) -> list[tuple[Step, Position]]:
    """Each way to play one ``die`` from ``position``, with the position
    after: a checker moves down ``die`` points, or is borne off by the exact
    number, or by a higher one only from the highest point occupied.

    >>> die_steps((0, 0, 1, 0, 0, 1), 4)      # the 4 cannot bear off the 3 while the 6 stands
    [((6, 2), (0, 1, 1, 0, 0, 0))]
    """
    out = []
    highest = max((p for p in range(1, 7) if position[p - 1]), default=0)
    for point in range(1, 7):
        if not position[point - 1]:
            continue
        to = point - die
        if to < 0 and point != highest:
            continue                   # a higher roll bears off only the highest checker
        to = max(to, 0)
        after = list(position)
        after[point - 1] -= 1
        if to:
            after[to - 1] += 1
        out.append(((point, to), cast(Position, tuple(after))))
    return out


def legal_plays(position: Position, roll: Roll) -> list[tuple[Play, Position]]:
    """Every legal play of ``roll`` from ``position``, one per distinct
    position reached, with that position: as many dice as can be played
    (both if possible; with one, the larger if possible).

    >>> legal_plays((0, 0, 0, 0, 0, 1), (6, 5))      # one checker: the 6 bears it off
    [(((6, 0),), (0, 0, 0, 0, 0, 0))]
    >>> [play_label(p) for p, _ in legal_plays((1, 0, 0, 0, 0, 1), (6, 5))]
    ['6/1 1/off', '6/off 1/off']
    """
    return list(_legal_plays(position, roll))


@lru_cache(maxsize=1 << 16)
def _legal_plays(position: Position, roll: Roll) -> tuple[tuple[Play, Position], ...]:
    """:func:`legal_plays`, remembered: a search meets the same side's
    position and roll again under each of the other side's positions
    (at most 65,536 entries, a few tens of megabytes)."""
    a, b = roll
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    found: list[tuple[Play, Position]] = []

    def grow(pos: Position, dice: tuple[int, ...], done: Play) -> None:
        nexts = die_steps(pos, dice[0]) if dice and any(pos) else []
        if not nexts:
            found.append((done, pos))
            return
        for step, after in nexts:
            grow(after, dice[1:], done + (step,))

    for order in orders:
        grow(position, order, ())
    if not any(position):
        return ()

    def used(play: Play, after: Position) -> int:
        return len(orders[0]) if not any(after) else len(play)  # the last checker off: dice done
    most = max(used(p, q) for p, q in found)
    best = [(p, q) for p, q in found if used(p, q) == most]
    if most == 1 and a != b:                          # one die only: the larger if it can be
        larger = [(p, q) for p, q in best if _uses(p[0], position, a)]
        best = larger or best
    plays: dict[Position, Play] = {}
    for play, after in best:
        plays.setdefault(after, tuple(sorted(play, reverse=True)))
    return tuple(sorted(((p, q) for q, p in plays.items()), key=lambda pq: pq[0], reverse=True))


@lru_cache(maxsize=1 << 16)
def _plays_to(position: Position, roll: Roll) -> dict[Play, Position]:
    """Each legal play of ``roll`` from ``position`` -> the position it reaches,
    in :func:`legal_plays` order, remembered (for the searches; not to be changed)."""
    return dict(_legal_plays(position, roll))


def _uses(step: Step, position: Position, die: int) -> bool:
    """Whether ``step`` from ``position`` can be the play of ``die``."""
    return any(s == step for s, _ in die_steps(position, die))


def play_label(play: Play) -> str:
    """A play in backgammon notation: ``6/off 5/3``."""
    return " ".join(f"{a}/{'off' if b == 0 else b}" for a, b in play) or "no move"


class BearOffState(NamedTuple):
    """A bear-off position.  Immutable and hashable."""

    white: Position
    """White's (MAX's) checkers on its points 1 to 6."""
    black: Position
    """Black's (MIN's) checkers on its points 1 to 6."""
    white_to_move: bool
    """Whether White rolls next (while ``roll`` is None) or plays now."""
    roll: Roll | None = None
    """The roll to play, larger die first; None before the dice are rolled."""

    def __str__(self) -> str:
        who = "White" if self.white_to_move else "Black"
        turn = f"{who} to roll" if self.roll is None else f"{who} rolled {self.roll[0]}-{self.roll[1]}"
        return f"White {' '.join(map(str, self.white))} | Black {' '.join(map(str, self.black))}   {turn}"


BearOffMove = Roll | Play
"""A roll at a chance state, a play at a decision state."""


class BearOff(Game[BearOffState, BearOffMove]):
    """Backgammon's bear-off (see the module's docstring for the rules).

    Parameters
    ----------
    white, black : sequence of six int
        Each side's checkers on its home points 1 to 6, point 1 first
        (at most 15 checkers, none negative).
    exact : bool
        Give the rolls' probabilities as fractions (exact values).

    Examples
    --------
    >>> from gametree.games.chance import expectiminimax
    >>> game = BearOff(white=(0, 0, 0, 0, 0, 1), black=(1, 0, 0, 0, 0, 0), exact=True)
    >>> expectiminimax(game).value       # 27 of 36 rolls bear the 6 off; else Black wins
    Fraction(1, 2)
    """

    def __init__(self, white: object = (0,) * 6, black: object = (0,) * 6, *, exact: bool = False):
        w = check_position("white", white)
        b = check_position("black", black)
        if not isinstance(exact, bool):
            raise TypeError(f"exact must be True or False, not {describe(exact)}")
        if not any(w) and not any(b):
            raise ValueError("both sides have no checkers; give at least one side a checker")
        self.exact = exact
        one: Value = cast(Value, Fraction(1, 36)) if exact else 1 / 36
        two: Value = cast(Value, Fraction(2, 36)) if exact else 2 / 36
        self._outcomes = [(one if r[0] == r[1] else two, r) for r in ROLLS]
        self.initial = BearOffState(w, b, True, None)

    def to_move(self, state: BearOffState) -> Player:
        if state.roll is None and not self.is_over(state):
            return CHANCE
        return MAX if state.white_to_move else MIN

    def outcomes(self, state: BearOffState) -> list[tuple[Value, Roll]]:
        """The 21 distinct rolls with their probabilities (1/36 a double, else 2/36)."""
        if self.to_move(state) is not CHANCE:
            raise ValueError("outcomes are asked for where the dice are rolled next; here a "
                             "player moves (or the game is over)")
        return list(self._outcomes)

    def moves(self, state: BearOffState) -> list[BearOffMove]:
        if not any(state.white) or not any(state.black):
            return []
        if state.roll is None:
            return list(ROLLS)
        mine = state.white if state.white_to_move else state.black
        return list(_plays_to(mine, state.roll))

    def play(self, state: BearOffState, move: BearOffMove) -> BearOffState:
        if self.is_over(state):
            raise IllegalMoveError("the game is over; no more moves")
        if state.roll is None:
            if move not in ROLLS:
                raise IllegalMoveError(f"the dice are rolled next; a roll is two dice, the larger "
                                       f"first, such as (6, 5); not {short(move)}")
            return BearOffState(state.white, state.black, state.white_to_move, move)
        mine = state.white if state.white_to_move else state.black
        for play, after in legal_plays(mine, state.roll):
            if play == move:
                if state.white_to_move:
                    return BearOffState(after, state.black, False, None)
                return BearOffState(state.white, after, True, None)
        labels = [play_label(p) for p, _ in legal_plays(mine, state.roll)]
        raise IllegalMoveError(f"{short(move)} is not a legal play of {state.roll[0]}-"
                               f"{state.roll[1]}; choose one of {labels}")

    def result(self, state: BearOffState, move: BearOffMove) -> BearOffState:
        """The state after ``move``, one that :meth:`moves` has just listed:
        :meth:`play` without its checks, for the searches."""
        if state.roll is None:
            return BearOffState(state.white, state.black, state.white_to_move, cast(Roll, move))
        mine = state.white if state.white_to_move else state.black
        after = _plays_to(mine, state.roll)[cast(Play, move)]
        if state.white_to_move:
            return BearOffState(after, state.black, False, None)
        return BearOffState(state.white, after, True, None)

    def is_over(self, state: BearOffState) -> bool:
        return not any(state.white) or not any(state.black)

    def score(self, state: BearOffState) -> int:
        """+1 if White bore off every checker, -1 if Black did."""
        if not self.is_over(state):
            raise ValueError("the game is not over yet, so it has no score")
        return 1 if not any(state.white) else -1

    def move_label(self, state: BearOffState, move: BearOffMove) -> str:
        """``roll 6-5`` at a chance state, ``6/off 5/3`` at a decision state."""
        if state.roll is None:
            a, b = cast(Roll, move)
            return f"roll {a}-{b}"
        return play_label(cast(Play, move))

    def check_state(self, state: object) -> None:
        if not isinstance(state, BearOffState):
            raise TypeError(f"a position of BearOff is a BearOffState such as game.initial, "
                            f"not {describe(state)}")
        check_position("white", state.white)
        check_position("black", state.black)

    def __repr__(self) -> str:
        exact = ", exact=True" if self.exact else ""
        return f"BearOff(white={self.initial.white}, black={self.initial.black}{exact})"


@cache
def expected_rolls(position: Position) -> Fraction:
    """The expected number of rolls to bear off ``position`` alone, playing
    each roll to make that number least (a one-sided bear-off database entry).

    >>> expected_rolls((0, 0, 0, 0, 0, 0)), expected_rolls((1, 0, 0, 0, 0, 0))
    (Fraction(0, 1), Fraction(1, 1))
    """
    if not any(position):
        return Fraction(0)
    total = Fraction(1)
    for roll in ROLLS:
        p = Fraction(1 if roll[0] == roll[1] else 2, 36)
        total += p * min(expected_rolls(after) for _, after in legal_plays(position, roll))
    return total


def one_sided_table(checkers: int) -> dict[Position, Fraction]:
    """Expected rolls to bear off for every position of at most ``checkers``
    checkers (1 to :data:`TABLE_LIMIT`), computed by dynamic programming
    from the empty board up: every play lowers the pip count, so each entry
    needs only entries already known.

    >>> table = one_sided_table(2)
    >>> len(table), table[(2, 0, 0, 0, 0, 0)]
    (28, Fraction(1, 1))
    """
    if isinstance(checkers, bool) or not isinstance(checkers, int) or not 0 <= checkers <= TABLE_LIMIT:
        raise ValueError(f"checkers is a whole number from 0 to {TABLE_LIMIT}, not {short(checkers)}")
    positions = []
    for n in range(checkers + 1):
        for points in combinations_with_replacement(range(1, 7), n):
            positions.append(cast(Position, tuple(points.count(p) for p in range(1, 7))))
    positions.sort(key=lambda pos: sum(i * c for i, c in enumerate(pos, 1)))
    table: dict[Position, Fraction] = {}
    for pos in positions:
        if not any(pos):
            table[pos] = Fraction(0)
            continue
        total = Fraction(1)
        for roll in ROLLS:
            p = Fraction(1 if roll[0] == roll[1] else 2, 36)
            total += p * min(table[after] for _, after in legal_plays(pos, roll))
        table[pos] = total
    return table
