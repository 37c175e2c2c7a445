"""Checker for notebook 09's bear-off exercise: which checkers do you bear
off with this roll?

The student types a play in backgammon notation, ``"6/3 2/1"``: one
``from/to`` a die, ``off`` for a checker borne off, a checker moved by
both dice either as two moves (``6/3 3/2``) or at once (``6/3/2`` or
``6/2``), and ``6/4(2)`` for two checkers making the same move.  The
text is read by plain splitting (never ``eval``).  :func:`check_bearoff_play`
answers, by the promises of :mod:`gametree.practice.quiz`:

* a play that cannot be read gets a sentence saying how to write one;
* an illegal play gets a sentence saying which rule it breaks;
* a legal play that is not best gets one sentence saying what it costs:
  White's winning chances after it and after the best play, worked out
  by expectiminimax (:class:`~gametree.games.chance.ChanceSolver`
  on :class:`~gametree.games.bearoff.BearOff`), never the best play itself;
* so this source holds no answer.

>>> check_bearoff_play(None, (0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 2), (5, 2)).verdict
<Verdict.EMPTY: 'empty'>
>>> print(check_bearoff_play("6/2 4/off", (0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 2), (5, 2)))
Not yet: 6/2 4/off is not a legal play of 5-2: 6/2 moves a checker 4 points, which neither die of 5-2 nor both together make.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from typing import cast

from ..games.bearoff import (
    BearOff,
    Play,
    Position,
    Roll,
    check_position,
    die_steps,
    legal_plays,
    play_label,
)
from ..games.chance import ChanceSolver
from ..text import describe
from .quiz import Feedback, empty, invalid, right, wrong

__all__ = ["check_bearoff_play", "read_play", "play_values", "SOLVE_LIMIT", "TIE"]

SOLVE_LIMIT = 4
"""Most checkers a side the checker solves to the end (about a second for
4 against 3)."""

Move = tuple[int, int]
"""One written move: (from point, to point), 0 meaning off."""

_FORM = ('a play in backgammon notation as text, such as "6/4 5/off" (from/to for each die, '
         '"off" for a checker borne off)')
_MOVE = re.compile(r"^(\d+(?:/(?:\d+|off))+)(?:\((\d)\))?$")


def read_play(text: str) -> list[Move]:
    """The moves written in ``text``, in order: ``6/3/2`` is two moves of
    one checker, ``6/4(2)`` the same move twice.  Raises ValueError with a
    sentence saying how to write a play.

    >>> read_play("6/3/2 4/off"), read_play("6/4(2)")
    ([(6, 3), (3, 2), (4, 0)], [(6, 4), (6, 4)])
    """
    words = text.replace(",", " ").casefold().split()
    if not words:
        raise ValueError(f"the play is empty; write {_FORM}")
    moves: list[Move] = []
    for word in words:
        found = _MOVE.match(word)
        if not found:
            raise ValueError(f"{word!r} is not a move; write each move as from/to with the "
                             f"points 1 to 6 and off, such as 6/4 or 5/off")
        points = [0 if p in ("off", "0") else int(p) for p in found.group(1).split("/")]
        times = int(found.group(2) or 1)
        if points[0] not in range(1, 7) or any(p not in range(0, 7) for p in points):
            raise ValueError(f"{word}: the home points are 1 to 6 (and off); no checker stands "
                             f"on another point in the bear-off")
        if 0 in points[:-1]:
            raise ValueError(f"{word}: a checker borne off leaves the board; off comes last")
        if any(a <= b for a, b in pairwise(points)):
            raise ValueError(f"{word}: a checker moves down, toward off (6/4, not 4/6)")
        if not 1 <= times <= 4:
            raise ValueError(f"{word}: a move is made at most 4 times (a double), not {times}")
        moves.extend(list(pairwise(points)) * times)
    return moves


def _finals(position: Position, dice: tuple[int, ...],
            moves: tuple[Move, ...]) -> set[tuple[Position, int]]:
    """Every (position reached, dice left) for which ``moves`` (in any
    order, a move of several points made with several dice in turn) is
    played with ``dice``, each die moving a checker by the rules."""
    if not moves:
        return {(position, len(dice))}
    out: set[tuple[Position, int]] = set()
    for i, (start, to) in enumerate(moves):
        for die in set(dice):
            landing = start - die
            if landing < to and not (to == 0 and landing < 0):
                continue                       # overshoots a point within the board
            step = (start, max(landing, 0))
            after = next((q for s, q in die_steps(position, die) if s == step), None)
            if after is None:
                continue                       # no checker there, or a higher one stands
            rest = list(dice)
            rest.remove(die)
            left = moves[:i] + moves[i + 1:]
            if landing > to:
                left = left + ((landing, to),)
            out |= _finals(after, tuple(rest), left)
    return out


def _sums(dice: tuple[int, ...]) -> set[int]:
    """The distances one checker can move with ``dice`` in turn."""
    return {sum(dice[:k]) for k in range(1, len(dice) + 1)} | set(dice)


def _why_illegal(position: Position, roll: Roll, moves: list[Move], text: str) -> str:
    """One sentence: which rule the written ``moves`` break."""
    a, b = roll
    dice = (a,) * 4 if a == b else (a, b)
    for start in {start for start, _ in moves}:   # a checker to move: there, or moved there
        leaving = sum(1 for s, _ in moves if s == start)
        there = position[start - 1] + sum(1 for _, t in moves if t == start)
        if leaving > there:
            if there:
                return (f"{text} moves {leaving} checkers from your {start} point, where "
                        f"{there} stands")
            return (f"there is no checker on your {start} point to move (your checkers stand "
                    f"on: {_points(position)})")
    if len(moves) > len(dice):
        return (f"{a}-{b} moves checkers {len(dice)} times{' (a double)' if a == b else ''}, "
                f"and {text} makes {len(moves)} moves")
    if a != b:
        for die in dice:
            alone = [f"{s}/{t}" for s, t in moves if t and s - t == die and die != a + b]
            if len(alone) > 1:
                return (f"{' and '.join(alone)} each need the {die}, and {a}-{b} has one {die}")
    for start, to in moves:
        if to and start - to not in _sums(dice):
            return (f"{start}/{to} moves a checker {start - to} points, which neither die of "
                    f"{a}-{b} nor both together make" if a != b else
                    f"{start}/{to} moves a checker {start - to} points, which no number of "
                    f"{a}s makes")
        if not to and start not in _sums(dice):
            higher = [p for p in range(start + 1, 7) if position[p - 1]]
            if higher:
                return (f"{start}/off needs a {start}, or a higher number only when no checker "
                        f"stands higher, and a checker stands on your {higher[0]} point")
    return (f"{text} cannot be played with {a}-{b}: each die moves one checker its number of "
            f"points, and a checker is borne off by the exact number, or by a higher one only "
            f"from the highest point occupied")


def _points(position: Position) -> str:
    points = [str(p) for p in range(1, 7) for _ in range(position[p - 1])]
    return ", ".join(points[:-1]) + " and " + points[-1] if len(points) > 1 else points[0]


def _check_roll(roll: object) -> Roll:
    if (not isinstance(roll, tuple) or len(roll) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in roll)):
        raise ValueError(f"roll is two dice from 1 to 6, such as (3, 1); not {describe(roll)}")
    return (max(roll), min(roll))


TIE = 1e-12
"""Winning chances closer than this are equal: the values are worked out
in floating point (half the time of exact fractions), so two plays that
are exactly as good may differ in the last bits."""


@lru_cache(maxsize=8)
def play_values(white: Position, black: Position, roll: Roll) -> tuple[tuple[Play, float], ...]:
    """Each legal play of ``roll`` by White, with White's winning chance
    after it against Black's best play (expectiminimax, in floating point),
    in :func:`~gametree.games.bearoff.legal_plays` order.  Remembered for
    the last few exercises, so checking again costs nothing.

    >>> [(play_label(p), round(w * 3888)) for p, w in play_values((0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 2), (5, 2))]
    [('6/4 4/off', 3311), ('6/1 4/2', 3456)]
    """
    game = BearOff(white=white, black=black)
    solver = ChanceSolver(game)
    rolled = game.play(game.initial, roll)
    return tuple((cast(Play, play), (1 + value) / 2) for play, value in solver.move_values(rolled))


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"


def check_bearoff_play(answer: object, white: object, black: object, roll: object) -> Feedback:
    """Is ``answer`` (a play typed in backgammon notation) White's best play
    of ``roll`` in the bear-off where White has ``white`` and Black
    ``black`` (six counts each, points 1 to 6; Black rolls next), best
    meaning the largest chance of winning, by expectiminimax?

    ``white``, ``black`` and ``roll`` are the exercise's, given by the
    notebook: at most :data:`SOLVE_LIMIT` checkers a side, or a ValueError.

    >>> print(check_bearoff_play("6/4 4/off", (0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 2), (5, 2)))
    Not yet: 6/4 4/off is legal, but White wins 85.2% of games after it and 88.9% after the best play: it gives up 3.7% of White's winning chances.
    """
    white_pos = check_position("white", white)
    black_pos = check_position("black", black)
    dice = _check_roll(roll)
    for name, side in (("white", white_pos), ("black", black_pos)):
        if sum(side) > SOLVE_LIMIT:
            raise ValueError(f"{name} has {sum(side)} checkers; the exercise is solved to the end "
                             f"for at most {SOLVE_LIMIT} a side")
    if not any(white_pos) or not any(black_pos):
        raise ValueError("each side needs a checker for there to be a play to choose")
    if answer is None:
        return empty(_FORM)
    if not isinstance(answer, str):
        return invalid(f"{describe(answer)} is not a play: write {_FORM}.")
    text = " ".join(answer.split())
    if len(text) > 40:
        text = text[:37] + "..."                       # echoed in sentences: keep them short
    try:
        moves = read_play(answer)
    except ValueError as error:
        return invalid(f"{error}.")
    a, b = dice
    rolled = (a,) * 4 if a == b else (a, b)
    finals = _finals(white_pos, rolled, tuple(moves)) if len(moves) <= len(rolled) else set()
    plays = {after: play for play, after in legal_plays(white_pos, dice)}
    chosen = next((plays[q] for q, _ in sorted(finals) if q in plays), None)
    if chosen is None:
        why = ("it leaves part of the roll unplayed, and every die that can be played must be "
               "(both when both can, the larger when only one can)" if finals
               else _why_illegal(white_pos, dice, moves, text))
        return wrong(f"{text} is not a legal play of {a}-{b}: {why}.")
    values = dict(play_values(white_pos, black_pos, dice))
    best = max(values.values())
    mine = values[chosen]
    label = play_label(chosen)
    if mine >= best - TIE:
        return right(f"{label} is the best play: White wins {_percent(mine)} of games from here "
                     f"against Black's best play.")
    return wrong(f"{label} is legal, but White wins {_percent(mine)} of games after it and "
                 f"{_percent(best)} after the best play: it gives up {_percent(best - mine)} of "
                 f"White's winning chances.")
