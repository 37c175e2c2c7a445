"""A dice race: a small backgammon-like game that expectiminimax solves exactly.

The rules (with the defaults: a track of 6 squares, one six-sided die, two
checkers each):

* The squares of the track are numbered 1 to ``length``.  White (MAX)
  races up the track, from its start below square 1 to its home beyond the
  last square; Black (MIN) races down, from its start beyond the last
  square to its home below square 1.  Both start with both checkers at
  their start.
* A turn is a roll of the die, then a move: one of your checkers that is
  not home moves forward by the roll.  A roll that would carry it past the
  last square takes it home.  You must move; with two checkers you choose
  which (that is the whole decision, and the dice make it interesting).
* A checker that ends its move on a square where exactly one opposing
  checker stands **hits** it: the opposing checker goes back to its start.
  Two checkers of one colour on a square are safe (a point, in
  backgammon's words).  A checker that has been hit is **marked** and can
  never be hit again.  Without that rule checkers sent back could meet
  again and again, positions could repeat, and the game tree would be
  infinite; with it there are at most four hits, every other move takes a
  checker forward, and every game ends.
* The first to bring both checkers home wins: +1 if White wins, -1 if
  Black wins.  There are no draws, so the value of a position is
  P(White wins) - P(Black wins) = 2 P(White wins) - 1.

The game follows backgammon's layering: White's roll (a chance state),
White's move, Black's roll, Black's move, ...  ``to_move`` says CHANCE
before each roll, and ``outcomes`` gives the faces of the die, each with
probability 1/faces (a float; ``exact=True`` makes it a
fractions.Fraction, so values are exact fractions).

>>> game = DiceRace()
>>> state = game.play(game.initial, 4)          # White rolls a 4 ...
>>> game.moves(state)                            # ... and has one checker to move (both at the start)
[Checker(at=0, marked=False)]
>>> print(game.play(state, game.moves(state)[0]))
start W1 | . . . W . . | B2 start   home: W0 B0   Black to roll
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, cast

from ..text import describe
from ..tree import CHANCE, MAX, MIN, Player, Value
from .base import Game, IllegalMoveError, check_whole, short

__all__ = ["DiceRace", "RaceState", "Checker", "RaceMove", "race_evaluation"]


class Checker(NamedTuple):
    """One checker, counted from its own side of the board."""

    at: int
    """How far it has come: 0 at its start, 1 to ``length`` on the track
    (White's count is the square's number, Black's counts down from the
    other end), ``length + 1`` at home."""
    marked: bool = False
    """Whether it has been hit once: it can never be hit again."""


class RaceState(NamedTuple):
    """A position of :class:`DiceRace`.  Immutable and hashable."""

    white: tuple[Checker, Checker]
    """White's (MAX's) two checkers, in order (so that equal positions are equal)."""
    black: tuple[Checker, Checker]
    """Black's (MIN's) two checkers, in order."""
    white_to_move: bool
    """Whether White rolls next (while ``roll`` is None) or moves now; else Black."""
    roll: int | None = None
    """The roll to move with; None before the die is rolled (a chance state)."""
    length: int = 6
    """Squares on the track."""

    @property
    def mover(self) -> Player:
        """Who rolls next or moves now: MAX (White) or MIN (Black)."""
        return MAX if self.white_to_move else MIN

    def checkers(self, player: Player) -> tuple[Checker, ...]:
        """The checkers of ``player`` (MAX: White, MIN: Black)."""
        return self.white if player is MAX else self.black

    def _cell(self, square: int) -> str:
        """Square ``square`` of the track as ``__str__`` prints it: ``W``
        and ``B`` for the checkers there (``*`` after a marked one), or ``.``."""
        here = [("W", c) for c in self.white if self.square(MAX, c) == square] + \
               [("B", c) for c in self.black if self.square(MIN, c) == square]
        return "".join(mark + ("*" if c.marked else "") for mark, c in here) or "."

    def square(self, player: Player, checker: Checker) -> int:
        """The number of the square ``checker`` of ``player`` stands on: 1 to
        ``length`` on the track; 0 is White's start and Black's home,
        ``length + 1`` White's home and Black's start."""
        return checker.at if player is MAX else self.length + 1 - checker.at

    def __str__(self) -> str:
        cells = [self._cell(square) for square in range(1, self.length + 1)]
        start_w = sum(1 for c in self.white if c.at == 0)
        start_b = sum(1 for c in self.black if c.at == 0)
        home_w = sum(1 for c in self.white if c.at == self.length + 1)
        home_b = sum(1 for c in self.black if c.at == self.length + 1)
        who = "White" if self.white_to_move else "Black"
        turn = f"{who} to roll" if self.roll is None else f"{who} rolled {self.roll}, to move"
        return (f"start W{start_w} | {' '.join(cells)} | B{start_b} start   "
                f"home: W{home_w} B{home_b}   {turn}")


def _hit_back(theirs: tuple[Checker, Checker], facing: int) -> tuple[Checker, Checker]:
    """The opposing pair ``theirs`` once a checker lands on the square where
    theirs have come to ``facing``: the one there is sent back to its start
    if it stands alone and is not marked (the pair kept in order)."""
    a, b = theirs
    if a.at == facing and b.at != facing and not a.marked:
        return (_SENT_BACK, b) if b >= _SENT_BACK else (b, _SENT_BACK)
    if b.at == facing and a.at != facing and not b.marked:
        return (_SENT_BACK, a) if a >= _SENT_BACK else (a, _SENT_BACK)
    return theirs


RaceMove = int | Checker
"""A move of the race: the face rolled at a chance state, the checker moved
at a decision state."""


class DiceRace(Game[RaceState, RaceMove]):
    """The dice race (see the module's docstring for the rules).

    Parameters
    ----------
    length : int
        Squares on the track, 2 to 12 (default 6).
    faces : int
        Faces of the die, 2 to 6 (default 6).
    exact : bool
        Give the outcomes' probabilities as fractions.Fraction (exact values,
        slower) instead of floats.

    A move at a decision state is the :class:`Checker` to move (one of the
    mover's, not home); at a chance state it is the face rolled.

    Examples
    --------
    >>> game = DiceRace()
    >>> game.to_move(game.initial), game.outcomes(game.initial)[:2]
    (<Player.CHANCE: 'CHANCE'>, [(0.16666666666666666, 1), (0.16666666666666666, 2)])
    """

    def __init__(self, length: int = 6, faces: int = 6, *, exact: bool = False):
        self.length = check_whole("length", length, 2, 12)
        self.faces = check_whole("faces", faces, 2, 6)
        if not isinstance(exact, bool):
            raise TypeError(f"exact must be True or False, not {describe(exact)}")
        self.exact = exact
        self.home = self.length + 1
        """Where a checker is home (its ``at``)."""
        # A Fraction is not a float to mypy, but is the exact number a Value stands for.
        self.probability: Value = cast(Value, Fraction(1, self.faces)) if exact else 1 / self.faces
        """The probability of each face."""
        self._home_checker = Checker(self.home)
        self._all_home = (self._home_checker, self._home_checker)
        start = (Checker(0), Checker(0))
        self.initial = RaceState(start, start, True, None, self.length)

    # --- the five questions ----------------------------------------------------

    def to_move(self, state: RaceState) -> Player:
        """CHANCE before a roll, then the player who moves with it (for an
        ended game: whoever would roll next)."""
        if state.roll is None and not self.is_over(state):
            return CHANCE
        return MAX if state.white_to_move else MIN

    def outcomes(self, state: RaceState) -> list[tuple[Value, int]]:
        """The faces of the die, each with probability 1/faces."""
        if self.to_move(state) is not CHANCE:
            raise ValueError("outcomes are asked for where the die is rolled next; here a player "
                             "moves (or the game is over)")
        return [(self.probability, face) for face in range(1, self.faces + 1)]

    def moves(self, state: RaceState) -> list[RaceMove]:
        """At a chance state the faces of the die; at a decision state the
        mover's checkers that are not home (each distinct one once); none
        once the game is over."""
        if self.is_over(state):
            return []
        if state.roll is None:
            return list(range(1, self.faces + 1))
        first, second = state.white if state.white_to_move else state.black
        if first == second or second.at == self.home:
            return [first]
        return [first] if first.at == self.home else [first, second]

    def play(self, state: RaceState, move: RaceMove) -> RaceState:
        """The state after rolling ``move`` (a chance state) or moving the
        checker ``move`` forward by the roll (a decision state)."""
        white, black, white_to_move, roll, length = state
        if roll is None:
            return self._rolled(state, move)
        mine, theirs = (white, black) if white_to_move else (black, white)
        home = self.home
        if move.__class__ is not Checker or move not in mine or move.at == home \
                or self.is_over(state):
            raise IllegalMoveError(self._refusal(state, move))
        at = move.at + roll
        landed = Checker(at, move.marked) if at < home else self._home_checker
        kept = mine[1] if mine[0] == move else mine[0]
        mine = (landed, kept) if landed <= kept else (kept, landed)
        if at < home:  # on the track: a lone, unmarked opposing checker there is hit
            theirs = _hit_back(theirs, home - at)
        if white_to_move:
            return RaceState(mine, theirs, False, None, length)
        return RaceState(theirs, mine, True, None, length)

    def _rolled(self, state: RaceState, move: RaceMove) -> RaceState:
        """The decision state after rolling ``move`` at the chance state ``state``."""
        if isinstance(move, bool) or not isinstance(move, int) or not 1 <= move <= self.faces \
                or self.is_over(state):
            raise IllegalMoveError(self._refusal(state, move))
        return RaceState(state.white, state.black, state.white_to_move, move, state.length)

    def is_over(self, state: RaceState) -> bool:
        """True once either player has both checkers home."""
        return state.white == self._all_home or state.black == self._all_home

    def score(self, state: RaceState) -> int:
        """+1 if White (MAX) brought both checkers home, -1 if Black did."""
        if not self.is_over(state):
            raise ValueError("the game is not over yet, so it has no score")
        return 1 if state.white == self._all_home else -1

    def _refusal(self, state: RaceState, move: object) -> str:
        """Why ``move`` cannot be played in ``state``."""
        if self.is_over(state):
            return "the game is over; no more moves"
        if state.roll is None:
            return f"the die is rolled next; a roll is a face from 1 to {self.faces}, not {short(move)}"
        return (f"{short(move)} is not a checker {_name(state.mover)} can move; choose one of "
                f"{self.moves(state)}")

    # --- words and checks ------------------------------------------------------------

    def _hit(self, state: RaceState, player: Player, landed: Checker) -> Checker | None:
        """The opposing checker that ``landed`` (of ``player``) would hit, if
        any: the only opposing checker on its square, and not marked.  (For
        words; :meth:`play` has the same rule inline.)"""
        if not 1 <= landed.at <= self.length:
            return None
        there = [c for c in state.checkers(player.other) if c.at == self.home - landed.at]
        if len(there) == 1 and not there[0].marked:
            return there[0]
        return None

    def where(self, player: Player, at: int) -> str:
        """``at`` of a checker of ``player`` in words: "the start",
        "square 3" or "home"."""
        if at == 0:
            return "the start"
        if at == self.home:
            return "home"
        return f"square {at if player is MAX else self.home - at}"

    def move_label(self, state: RaceState, move: RaceMove) -> str:
        """``roll 4`` at a chance state; ``2→6`` or ``start→4`` (an ``x``
        after a hit) at a decision state."""
        if state.roll is None:
            return f"roll {move}"
        if not isinstance(move, Checker):
            raise IllegalMoveError(self._refusal(state, move))
        landed = Checker(min(move.at + state.roll, self.home), move.marked)
        short_name = {"the start": "start", "home": "home"}

        def spot(at: int) -> str:
            text = self.where(state.mover, at)
            return short_name.get(text, text.removeprefix("square "))

        hit = "x" if self._hit(state, state.mover, landed) is not None else ""
        return f"{spot(move.at)}\u2192{spot(landed.at)}{hit}"

    def describe_move(self, state: RaceState, move: RaceMove) -> str:
        """The move in a sentence, from the mover's side: ``moves a checker
        from square 2 to square 6, hitting the opposing checker there (it
        goes back to its start, marked)``."""
        if state.roll is None:
            return f"rolls {move}"
        if not isinstance(move, Checker):
            raise IllegalMoveError(self._refusal(state, move))
        landed_at = min(move.at + state.roll, self.home)
        mover = state.mover
        words = f"moves a checker from {self.where(mover, move.at)} to {self.where(mover, landed_at)}"
        if self._hit(state, mover, Checker(landed_at, move.marked)) is not None:
            words += (", hitting the lone opposing checker there (it goes back to its start, "
                      "marked: it cannot be hit again)")
        return words

    def check_state(self, state: object) -> None:
        """Refuse what is not a position of this race."""
        if not isinstance(state, RaceState):
            raise TypeError(f"a position of DiceRace is a RaceState such as game.initial, "
                            f"not {describe(state)}")
        if state.length != self.length:
            raise ValueError(f"this position is on a track of {state.length} squares, but the "
                             f"game's track has {self.length}")
        for side in (state.white, state.black):
            if len(side) != 2 or not all(isinstance(c, Checker) and 0 <= c.at <= self.home
                                         for c in side):
                raise ValueError(f"each player has two checkers, each from 0 (start) to "
                                 f"{self.home} (home); not {side!r}")
        if not isinstance(state.white_to_move, bool):
            raise TypeError(f"white_to_move is True or False, not {describe(state.white_to_move)}")
        if state.roll is not None and not 1 <= state.roll <= self.faces:
            raise ValueError(f"a roll is a face from 1 to {self.faces}, not {state.roll!r}")

    def __repr__(self) -> str:
        exact = ", exact=True" if self.exact else ""
        return f"DiceRace(length={self.length}, faces={self.faces}{exact})"


def race_evaluation(state: RaceState) -> float:
    """An evaluation for a depth-limited search of the race: how far White's
    checkers have come minus how far Black's have, as a share of the most
    possible, so a number from -1 (Black home, White at the start) to +1, on
    the scale of the score.  It is linear in the distances, which a search
    under chance needs only if it is also linear in the winning chance (AIMA
    5.5); it is not quite, and its depth-limited values differ from the exact
    ones (``benchmarks/bench_maze.py`` measures by how much).

    >>> game = DiceRace()
    >>> race_evaluation(game.initial)
    0.0
    >>> race_evaluation(game.play(game.play(game.initial, 4), Checker(0)))   # White is 4 ahead
    0.2857142857142857
    """
    most = 2 * (state.length + 1)
    return (sum(c.at for c in state.white) - sum(c.at for c in state.black)) / most


def _name(player: Player) -> str:
    return "White" if player is MAX else "Black"


_SENT_BACK = Checker(0, True)
"""A checker that was hit: back at its start, marked."""
