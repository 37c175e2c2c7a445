"""Kalah (mancala) on the game interface.

The board is a ring of pits.  Each player owns a row of ``houses`` houses
and, at the right end of that row, a *store*; MAX (the first player) has
the bottom row ("South"), MIN the top row ("North")::

         N5  N4  N3  N2  N1  N0
    N*                           S*
         S0  S1  S2  S3  S4  S5

A move takes every seed from one of your non-empty houses and sows them
one per pit, counter-clockwise (to the right along your row, into your
store, to the left along the opponent's row, ...), skipping the
opponent's store.  Then:

* if the last seed fell into **your store**, you move again (so one
  player can move several times in a row);
* if it fell into one of **your houses that was empty** and the house
  opposite has seeds, that seed and the seeds opposite are *captured*:
  they go to your store;
* when **either row** of houses is empty, the game ends and every seed
  still in a row goes to the store of that row's owner.

The score of a finished game is MAX's store minus MIN's store.

A state is a :class:`KalahState`: the seeds in every pit, as one tuple,
and the player to move.  Pit numbers go counter-clockwise from MAX's
first house::

    pits[0 .. n-1]     MAX's houses S0 .. S(n-1)
    pits[n]            MAX's store
    pits[n+1 .. 2n]    MIN's houses N0 .. N(n-1)
    pits[2n+1]         MIN's store

A move is the number of a house *in the mover's row*, 0 to n-1, counted
in the direction of sowing (so house n-1 is next to the mover's store).
House i of one player faces house n-1-i of the other.
"""

from __future__ import annotations

from typing import NamedTuple

from ..tree import MAX, MIN, Player, Value
from .base import Game, IllegalMoveError

__all__ = ["Kalah", "KalahState", "House", "MAX_HOUSES"]

House = int
"""A move: the number of a house in the mover's row, 0 to n-1 in the direction of sowing."""

MAX_HOUSES = 12
"""Most houses per row a :class:`Kalah` board may have."""


class KalahState(NamedTuple):
    """A Kalah position.  Build one by hand with :meth:`from_text`."""

    pits: tuple[int, ...]
    """Seeds in each of the 2n + 2 pits, counter-clockwise from MAX's house
    0: MAX's n houses, MAX's store, MIN's n houses, MIN's store."""
    player: Player
    """Whose turn it is (for a finished game: whose turn it would have been)."""

    @property
    def n(self) -> int:
        """Houses per row."""
        return len(self.pits) // 2 - 1

    def houses(self, player: Player) -> tuple[int, ...]:
        """Seeds in ``player``'s houses, house 0 first.

        >>> KalahState.from_text("1 2 3 / 0 0 / 4 5 6").houses(MIN)   # N0 is on the right
        (3, 2, 1)
        """
        n = self.n
        return self.pits[:n] if player is MAX else self.pits[n + 1 : 2 * n + 1]

    def store(self, player: Player) -> int:
        """Seeds in ``player``'s store."""
        n = self.n
        return self.pits[n] if player is MAX else self.pits[2 * n + 1]

    @classmethod
    def from_text(cls, text: str, player: Player = MAX) -> KalahState:
        """The position drawn in ``text`` as :meth:`__str__` draws it: MIN's
        houses as seen from MAX's side (N(n-1) on the left, N0 on the
        right), the two stores (MIN's on the left, MAX's on the right), then
        MAX's houses S0 to S(n-1).  Rows may be on separate lines or split
        by ``/``.

        >>> state = KalahState.from_text('''
        ...        0  0  1
        ...     5           2
        ...        3  0  4
        ... ''')
        >>> state.pits, state.player
        ((3, 0, 4, 2, 1, 0, 0, 5), <Player.MAX: 'MAX'>)
        >>> KalahState.from_text("1 2 / 0 0 / 3") # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ValueError: the board '1 2 / 0 0 / 3' has 2 houses in MIN's row but 1 in MAX's; ...
        """
        if not isinstance(text, str):
            raise TypeError(f"expected the board as text such as '4 4 4 / 0 0 / 4 4 4', "
                            f"not {type(text).__name__}")
        if not isinstance(player, Player):
            raise TypeError(f"player must be gametree.MAX or gametree.MIN, not {player!r}")
        rows = [row.split() for row in text.replace("/", "\n").splitlines() if row.strip()]
        example = "three rows: MIN's houses, the two stores (MIN's, MAX's), MAX's houses, e.g. '4 4 4 / 0 0 / 4 4 4'"
        if len(rows) != 3:
            raise ValueError(f"the board {text!r} has {len(rows)} rows; write {example}")
        numbers = []
        for row in rows:
            for word in row:
                if not word.isdigit():
                    raise ValueError(f"the board {text!r} contains {word!r}; every pit holds a "
                                     f"whole number of seeds, 0 or more")
            numbers.append([int(word) for word in row])
        north, stores, south = numbers
        if len(stores) != 2:
            raise ValueError(f"the board {text!r} has {len(stores)} numbers in the middle row; "
                             f"write the two stores, MIN's then MAX's")
        if len(north) != len(south):
            raise ValueError(f"the board {text!r} has {len(north)} houses in MIN's row but "
                             f"{len(south)} in MAX's; both rows need the same number")
        if not 1 <= len(south) <= MAX_HOUSES:
            raise ValueError(f"the board {text!r} has {len(south)} houses a row; "
                             f"a Kalah board has 1 to {MAX_HOUSES}")
        return cls((*south, stores[1], *reversed(north), stores[0]), player)

    def __str__(self) -> str:
        """The board as seen from MAX's side, MIN's row on top.

        >>> print(Kalah(3, 3).initial)
            3  3  3
         0           0
            3  3  3
        """
        n = self.n
        north = "".join(f"{seeds:3}" for seeds in reversed(self.houses(MIN)))
        south = "".join(f"{seeds:3}" for seeds in self.houses(MAX))
        stores = f"{self.store(MIN):2}{' ' * (3 * n + 1)}{self.store(MAX):2}"
        return f"  {north}\n{stores}\n  {south}"


class Kalah(Game):
    """Kalah with ``houses`` houses a side and ``seeds`` seeds in each at the start.

    Parameters
    ----------
    houses : int
        Houses in each row, 1 to :data:`MAX_HOUSES` (6 in the standard game).
    seeds : int
        Seeds in each house at the start, at least 1 (4 in the standard game).

    Examples
    --------
    The standard game, and MAX's move from house 2: its four seeds go to
    houses 3, 4, 5 and the store, so MAX moves again.

    >>> game = Kalah()
    >>> state = game.play(game.initial, 2)
    >>> print(state)
        4  4  4  4  4  4
     0                    1
        4  4  0  5  5  5
    >>> game.to_move(state), game.move_label(game.initial, 2)
    (<Player.MAX: 'MAX'>, 'S2')
    >>> game.play(state, 2)
    Traceback (most recent call last):
    ...
    gametree.games.base.IllegalMoveError: house S2 is empty; choose a house with seeds: 0, 1, 3, 4, 5
    """

    def __init__(self, houses: int = 6, seeds: int = 4):
        for name, number, low, high in (("houses", houses, 1, MAX_HOUSES), ("seeds", seeds, 1, None)):
            if isinstance(number, bool) or not isinstance(number, int):
                raise TypeError(f"{name} must be a whole number, not {number!r}")
            if number < low or (high is not None and number > high):
                upto = f" to {high}" if high else " or more"
                raise ValueError(f"{name} must be {low}{upto}, not {number}")
        self.houses = houses
        """Houses per row."""
        self.seeds = seeds
        """Seeds per house at the start."""
        row = (seeds,) * houses
        self.initial = KalahState((*row, 0, *row, 0), MAX)

    # --- the five questions -------------------------------------------------------

    def to_move(self, state: KalahState) -> Player:
        """The player whose turn it is, as the state records it."""
        return state.player

    def moves(self, state: KalahState) -> list[House]:
        """The mover's houses that hold seeds; none once the game is over."""
        if self.is_over(state):
            return []
        return [house for house, seeds in enumerate(state.houses(state.player)) if seeds]

    def play(self, state: KalahState, move: House) -> KalahState:
        """The position after the player to move sows house ``move`` (0 to n-1 of their row)."""
        self._check_state(state)
        n = self.houses
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move < n:
            raise IllegalMoveError(f"a move is a house number from 0 to {n - 1}, not {move!r}")
        if self.is_over(state):
            raise IllegalMoveError("the game is over; no more moves can be played")
        me = state.player
        if state.houses(me)[move] == 0:
            free = ", ".join(map(str, self.moves(state)))
            raise IllegalMoveError(f"house {self.move_label(state, move)} is empty; "
                                   f"choose a house with seeds: {free}")
        pits = list(state.pits)
        mine = move if me is MAX else n + 1 + move  # the pit number of the house
        my_store, their_store = (n, 2 * n + 1) if me is MAX else (2 * n + 1, n)
        seeds, pits[mine] = pits[mine], 0
        pit = mine
        while seeds:
            pit = (pit + 1) % len(pits)
            if pit == their_store:
                continue
            pits[pit] += 1
            seeds -= 1
        mover = me.other
        if pit == my_store:
            mover = me                                      # last seed in my store: again
        elif pits[pit] == 1 and self._owner(pit) is me and pits[2 * n - pit] > 0:
            pits[my_store] += pits[pit] + pits[2 * n - pit]  # capture
            pits[pit] = pits[2 * n - pit] = 0
        if not any(pits[:n]) or not any(pits[n + 1 : 2 * n + 1]):
            pits[n] += sum(pits[:n])                        # the game ends: each row's
            pits[2 * n + 1] += sum(pits[n + 1 : 2 * n + 1])  # seeds go to its owner
            pits[:n] = pits[n + 1 : 2 * n + 1] = [0] * n
        return KalahState(tuple(pits), mover)

    def is_over(self, state: KalahState) -> bool:
        """True when a row of houses is empty."""
        n = self.houses
        return not any(state.pits[:n]) or not any(state.pits[n + 1 : 2 * n + 1])

    def score(self, state: KalahState) -> Value:
        """MAX's store minus MIN's store, once every seed is in a store.

        (For a position where a row is empty but seeds remain in the other,
        as one written by hand, those seeds count for their row's owner.)
        """
        n = self.houses
        return (state.pits[n] + sum(state.pits[:n])) - (state.pits[2 * n + 1] + sum(state.pits[n + 1 : 2 * n + 1]))

    def move_label(self, state: KalahState, move: House) -> str:
        """``"S3"`` for MAX (South) sowing house 3, ``"N3"`` for MIN (North)."""
        return f"{'S' if state.player is MAX else 'N'}{move}"

    # --- helpers ------------------------------------------------------------------

    def _owner(self, pit: int) -> Player | None:
        """Whose house pit number ``pit`` is (None for a store)."""
        n = self.houses
        if pit < n:
            return MAX
        if n < pit < 2 * n + 1:
            return MIN
        return None

    def _check_state(self, state: object) -> None:
        if not isinstance(state, KalahState):
            raise TypeError(f"expected a KalahState (e.g. game.initial or KalahState.from_text(...)), "
                            f"not {type(state).__name__}")
        if state.n != self.houses or len(state.pits) != 2 * self.houses + 2:
            raise ValueError(f"the position has {state.n} houses a row but this game has "
                             f"{self.houses}; use Kalah({state.n}, ...) for it")

    def seeds_in_play(self) -> int:
        """All the seeds of the game: 2 x houses x seeds."""
        return 2 * self.houses * self.seeds

    def __repr__(self) -> str:
        return f"Kalah({self.houses}, {self.seeds})"
