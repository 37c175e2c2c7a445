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

A board has 1 to :data:`MAX_HOUSES` houses a row and starts with 1 to
:data:`MAX_SEEDS` seeds in each; a position holds at most as many seeds
as the largest game of its size starts with.  Sowing takes time in
proportion to the number of pits, whatever the seeds (whole laps of the
board are sown by division).

The module also holds what belongs to Kalah alone: the evaluation
functions :func:`store_difference` and :func:`kalah_evaluation`, and
:func:`greedy_player`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import compress
from typing import Any, NamedTuple, Self

from ..text import describe
from ..tree import MAX, MIN, Player, Value
from .base import Game, IllegalMoveError, Strategy, check_whole

__all__ = [
    "Kalah", "KalahState", "House", "MAX_HOUSES", "MAX_SEEDS",
    "store_difference", "kalah_evaluation", "greedy_player",
]

House = int
"""A move: the number of a house in the mover's row, 0 to n-1 in the direction of sowing."""

MAX_HOUSES = 12
"""Most houses per row a :class:`Kalah` board may have."""

MAX_SEEDS = 100
"""Most seeds per house at the start of a :class:`Kalah` game.  A position
with n houses a row may hold at most 2 x n x MAX_SEEDS seeds in all."""


class _Pits(NamedTuple):
    pits: tuple[int, ...]
    """Seeds in each of the 2n + 2 pits, counter-clockwise from MAX's house
    0: MAX's n houses, MAX's store, MIN's n houses, MIN's store."""
    player: Player
    """Whose turn it is (for a finished game: whose turn it would have been)."""
    over: bool
    """True when a row of houses is empty: the game has ended.  Read off
    the pits once, when the state is made."""


class KalahState(_Pits):
    """A Kalah position: ``KalahState(pits, player)``, or drawn as text with
    :meth:`from_text`.

    A position made by hand is checked: 1 to :data:`MAX_HOUSES` houses a
    row (2n + 2 pits), a whole number of seeds, 0 or more, in each pit,
    at most 2 x n x :data:`MAX_SEEDS` seeds in all, and MAX or MIN to move.
    Besides the pits and the player, a state carries whether the game is
    over, read off the pits once, when the state is made, so that a search
    does not read it again at every visit.  States are equal when their
    pits and players are.

    >>> KalahState((1, 0, 2, 3, -1, 0), MAX)
    Traceback (most recent call last):
    ...
    ValueError: pit 4 of the position holds -1 seeds; every pit holds 0 seeds or more
    """

    __slots__ = ()

    def __new__(cls, pits: Sequence[int], player: Player) -> Self:
        if isinstance(pits, (str, bytes)) or not isinstance(pits, Sequence):
            raise TypeError(f"pits must be a tuple of seed counts such as (4, 4, 0, 4, 4, 0), "
                            f"not {describe(pits)}")
        if not isinstance(player, Player):
            raise TypeError(f"player must be gametree.MAX or gametree.MIN, not {describe(player)}")
        n = len(pits) // 2 - 1
        if len(pits) % 2 or not 1 <= n <= MAX_HOUSES:
            raise ValueError(f"a position has 2n + 2 pits for n = 1 to {MAX_HOUSES} houses a row "
                             f"(4, 6, ..., {2 * MAX_HOUSES + 2}), not {len(pits)}")
        for pit, seeds in enumerate(pits):
            if isinstance(seeds, bool) or not isinstance(seeds, int):
                raise TypeError(f"pit {pit} of the position holds {describe(seeds)}; every pit "
                                f"holds a whole number of seeds")
            if seeds < 0:
                raise ValueError(f"pit {pit} of the position holds {seeds} seeds; every pit "
                                 f"holds 0 seeds or more")
        most = 2 * n * MAX_SEEDS
        if sum(pits) > most:
            raise ValueError(f"the position holds {sum(pits):,} seeds; a board of {n} houses a row "
                             f"holds at most {most:,} (MAX_SEEDS = {MAX_SEEDS} a house)")
        pits = tuple(pits)
        return super().__new__(cls, pits, player, not any(pits[:n]) or not any(pits[n + 1 : 2 * n + 1]))

    # mypy refuses every override of a NamedTuple's synthesized _make, even one
    # of the same signature; this one takes and returns what the original does.
    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:  # type: ignore[override]
        pits, player, *_ = iterable
        return cls(pits, player)   # checked, so that _replace is too

    def __getnewargs__(self) -> tuple[tuple[int, ...], Player]:
        return self.pits, self.player

    def __repr__(self) -> str:
        return f"KalahState(pits={self.pits!r}, player={self.player!r})"

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
        return self.pits[len(self.pits) // 2 - 1] if player is MAX else self.pits[-1]

    @classmethod
    def from_text(cls, text: str, player: Player = MAX) -> KalahState:
        """The position drawn in ``text`` as :meth:`__str__` draws it: MIN's
        houses as seen from MAX's side (N(n-1) on the left, N0 on the
        right), the two stores (MIN's on the left, MAX's on the right), then
        MAX's houses S0 to S(n-1).  Rows may be on separate lines or split
        by ``/``.  Seeds are written with the digits 0 to 9 only (no sign,
        no ``_`` and no other script's digits, such as ``４`` or ``٣``).

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
        >>> KalahState.from_text("1 ٣ / 0 0 / 3 1")
        Traceback (most recent call last):
        ...
        ValueError: the board '1 ٣ / 0 0 / 3 1' contains '٣'; write each pit's seeds with the digits 0 to 9, such as 4 or 12
        """
        if not isinstance(text, str):
            raise TypeError(f"expected the board as text such as '4 4 4 / 0 0 / 4 4 4', "
                            f"not {type(text).__name__}")
        if not isinstance(player, Player):
            raise TypeError(f"player must be gametree.MAX or gametree.MIN, not {describe(player)}")
        shown = describe(text, 60).rsplit(" (", 1)[0]
        north, stores, south = _rows_of_seeds(text, shown)
        if len(stores) != 2:
            raise ValueError(f"the board {shown} has {len(stores)} numbers in the middle row; "
                             f"write the two stores, MIN's then MAX's")
        if len(north) != len(south):
            raise ValueError(f"the board {shown} has {len(north)} houses in MIN's row but "
                             f"{len(south)} in MAX's; both rows need the same number")
        if not 1 <= len(south) <= MAX_HOUSES:
            raise ValueError(f"the board {shown} has {len(south)} houses a row; "
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


_new_state = tuple.__new__
"""Makes a KalahState without its checks: for :meth:`Kalah.play`, whose
positions are valid by construction (seeds are only moved)."""


def _rows_of_seeds(text: str, shown: str) -> list[list[int]]:
    """The three rows of numbers drawn in ``text`` (``shown``: the text as
    messages quote it), once each is known to be a count of seeds."""
    rows = [row.split() for row in text.replace("/", "\n").splitlines() if row.strip()]
    example = "three rows: MIN's houses, the two stores (MIN's, MAX's), MAX's houses, e.g. '4 4 4 / 0 0 / 4 4 4'"
    if len(rows) != 3:
        raise ValueError(f"the board {shown} has {len(rows)} rows; write {example}")
    most = 2 * MAX_HOUSES * MAX_SEEDS
    for word in (word for row in rows for word in row):
        if not (word.isascii() and word.isdigit()):
            raise ValueError(f"the board {shown} contains {describe(word, 20).rsplit(' (', 1)[0]}; "
                             f"write each pit's seeds with the digits 0 to 9, such as 4 or 12")
        if len(word) > len(str(most)) or int(word) > most:
            raise ValueError(f"the board {shown} has a pit of {describe(word, 20).rsplit(' (', 1)[0]} "
                             f"seeds; no board holds more than {most:,}")
    return [[int(word) for word in row] for row in rows]


class _Side(NamedTuple):
    """One player's side of a board of n houses a row, as sowing sees it."""

    houses: range
    """The pit numbers of the player's houses, house 0 first."""
    store: int
    """The pit number of the player's store."""
    paths: tuple[tuple[int, ...], ...]
    """For each house, the pits its seeds go to, in order: every pit but the
    opponent's store, ending with the emptied house itself (2n + 1 pits)."""
    opponent: Player
    """The other player."""
    row: slice
    """The player's houses, as a slice of the pits."""
    across: slice
    """The opponent's houses, as a slice of the pits."""

    @classmethod
    def of(cls, player: Player, n: int) -> _Side:
        first, store, skip = (0, n, 2 * n + 1) if player is MAX else (n + 1, 2 * n + 1, n)
        ring = 2 * n + 2
        paths = tuple(tuple(pit for pit in ((start + step) % ring for step in range(1, ring + 1))
                            if pit != skip)
                      for start in range(first, first + n))
        theirs = n + 1 if player is MAX else 0
        return cls(range(first, first + n), store, paths, player.other, slice(first, first + n),
                   slice(theirs, theirs + n))


class Kalah(Game[KalahState, House]):
    """Kalah with ``houses`` houses a side and ``seeds`` seeds in each at the start.

    Parameters
    ----------
    houses : int
        Houses in each row, 1 to :data:`MAX_HOUSES` (6 in the standard game).
    seeds : int
        Seeds in each house at the start, 1 to :data:`MAX_SEEDS` (4 in the
        standard game).

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

    Two games with the same houses and seeds are equal: ``Kalah() == Kalah(6, 4)``.
    """

    def __init__(self, houses: int = 6, seeds: int = 4):
        n = self.houses = check_whole("houses", houses, 1, MAX_HOUSES)
        """Houses per row."""
        self.seeds = check_whole("seeds", seeds, 1, MAX_SEEDS)
        """Seeds per house at the start."""
        row = (seeds,) * n
        self.initial = KalahState((*row, 0, *row, 0), MAX)
        self._south, self._north = _Side.of(MAX, n), _Side.of(MIN, n)
        """What sowing needs to know of each player's side of the board.  (Not a
        dict by player: hashing an enum member runs Python code, at every move.)"""

    # --- the five questions -------------------------------------------------------

    def to_move(self, state: KalahState) -> Player:
        """The player whose turn it is, as the state records it (after an
        extra turn, the same player again)."""
        try:
            return state.player
        except AttributeError:
            raise self._not_a_position(state) from None

    def moves(self, state: KalahState) -> list[House]:
        """The mover's houses that hold seeds; none once the game is over."""
        if type(state) is not KalahState:
            self.check_state(state)                         # says what is wrong
        if state.over:
            return []
        row = (self._south if state.player is MAX else self._north).row
        return list(compress(range(self.houses), state.pits[row]))

    def play(self, state: KalahState, move: House) -> KalahState:
        """The position after the player to move sows house ``move`` (0 to n-1 of their row)."""
        n = self.houses
        if type(move) is not int or not 0 <= move < n:    # True and 2.0 are not houses
            raise IllegalMoveError(f"a move is a house number from 0 to {n - 1}, not {move!r}")
        if type(state) is not KalahState or len(state.pits) != 2 * n + 2:
            self.check_state(state)                         # says what is wrong
        if state.over:
            raise IllegalMoveError("the game is over; no more moves can be played")
        side = self._south if state.player is MAX else self._north
        if state.pits[side.houses[move]] == 0:
            free = ", ".join(map(str, self.moves(state)))
            raise IllegalMoveError(f"house {self.move_label(state, move)} is empty; "
                                   f"choose a house with seeds: {free}")
        return self.result(state, move)

    def result(self, state: KalahState, move: House) -> KalahState:
        """:meth:`play` for a house that :meth:`moves` listed, without checking it again."""
        n = self.houses
        me = state.player
        houses, store, paths, opponent, row, across = self._south if me is MAX else self._north
        pits = list(state.pits)
        pit = houses[move]
        seeds, pits[pit] = pits[pit], 0
        path = paths[move]
        size = len(path)
        if seeds > size:                                    # whole laps round the board
            laps, rest = divmod(seeds, size)
            for pit in path:
                pits[pit] += laps
        else:
            rest = seeds
        for pit in path[:rest]:                             # then one seed a pit
            pits[pit] += 1
        last = path[(seeds - 1) % size]
        mover = opponent
        # Sowing only adds seeds to the opponent's row, so it can empty only
        # through a capture; the mover's row may be empty after any move.
        ended = False
        if last == store:
            mover = me                                      # last seed in my store: again
        elif pits[last] == 1 and last in houses and pits[2 * n - last] > 0:
            pits[store] += 1 + pits[2 * n - last]           # capture
            pits[last] = pits[2 * n - last] = 0
            ended = not any(pits[across])
        ended = ended or not any(pits[row])
        if ended:
            pits[n] += sum(pits[:n])                        # the game ends: each row's
            pits[2 * n + 1] += sum(pits[n + 1 : 2 * n + 1])  # seeds go to its owner
            pits[:n] = pits[n + 1 : 2 * n + 1] = [0] * n
        return _new_state(KalahState, (tuple(pits), mover, ended))

    def is_over(self, state: KalahState) -> bool:
        """True when a row of houses is empty (read off the pits once, when
        the state was made)."""
        try:
            return state.over
        except AttributeError:
            raise self._not_a_position(state) from None

    def score(self, state: KalahState) -> Value:
        """MAX's store minus MIN's store, once every seed is in a store.

        (For a position where a row is empty but seeds remain in the other,
        as one written by hand, those seeds count for their row's owner.)
        """
        self.check_state(state)
        n = self.houses
        pits = state.pits
        return (pits[n] + sum(pits[:n])) - (pits[2 * n + 1] + sum(pits[n + 1 : 2 * n + 1]))

    def move_label(self, state: KalahState, move: House) -> str:
        """``"S3"`` for MAX (South) sowing house 3, ``"N3"`` for MIN (North)."""
        self.check_state(state)
        if type(move) is not int or not 0 <= move < self.houses:
            raise IllegalMoveError(f"a move is a house number from 0 to {self.houses - 1}, not {move!r}")
        return f"{'S' if state.player is MAX else 'N'}{move}"

    def check_state(self, state: object) -> None:
        """Refuse what is not a position of this board, saying why."""
        if not isinstance(state, KalahState):
            raise TypeError(f"expected a KalahState (e.g. game.initial or KalahState.from_text(...)), "
                            f"not {type(state).__name__}")
        if len(state.pits) != 2 * self.houses + 2:
            raise ValueError(f"the position has {state.n} houses a row but this game has "
                             f"{self.houses}; use Kalah({state.n}, ...) for it")

    # --- helpers ------------------------------------------------------------------

    def seeds_in_play(self) -> int:
        """All the seeds of the game: 2 x houses x seeds."""
        return 2 * self.houses * self.seeds

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kalah) and (self.houses, self.seeds) == (other.houses, other.seeds)

    def __hash__(self) -> int:
        return hash((Kalah, self.houses, self.seeds))

    def __repr__(self) -> str:
        return f"Kalah({self.houses}, {self.seeds})"


# --- evaluation functions for Kalah -----------------------------------------------

def store_difference(state: KalahState) -> Value:
    """MAX's store minus MIN's store: the score if the game ended now,
    without the seeds still in the houses.

    >>> store_difference(KalahState.from_text("0 0 1 / 5 2 / 3 0 4"))
    -3
    """
    if type(state) is not KalahState and not isinstance(state, KalahState):
        raise TypeError(f"store_difference evaluates a KalahState, not {type(state).__name__}")
    pits = state.pits
    return pits[len(pits) // 2 - 1] - pits[-1]


def kalah_evaluation(state: KalahState) -> Value:
    """A better estimate of a Kalah position: the store difference after
    the best seeds the player to move can grab at once.

    The store difference misses what is about to happen.  At a position
    where the player to move can capture six seeds, it says nothing of
    them, so a search that stops there is wrong by six, and a search one
    move deeper is right: the estimates swing with the parity of the
    depth.  This evaluation adds, for the player to move, the largest of
    these simple gains:

    * a house whose last seed falls into the store: 1 (and another move);
    * a house that passes the store on its way: 1;
    * a house whose last seed falls into an empty house of the mover's
      own row, across from a house with seeds: the capture, 1 plus the
      seeds opposite.

    It is a one-move look-ahead for the player to move that costs no
    search (it ignores sowing all the way round and chains of extra
    moves).  Against the store difference at the same depth it wins about
    three games in four at depths 1 and 2 and more than half at depth 3;
    from depth 4 on the two are about even, as the search itself then sees
    most of what the evaluation adds (``benchmarks/bench_kalah_strength.py``,
    results in ``benchmarks/results/kalah_strength.json``).

    Examples
    --------
    MAX to move can sow S0's one seed into the empty S1 and capture the
    three seeds of N1 across from it: 4 seeds.

    >>> state = KalahState.from_text("0 3 1 / 5 2 / 1 0 4")
    >>> store_difference(state), kalah_evaluation(state)
    (-3, 1)
    """
    if not isinstance(state, KalahState):
        raise TypeError(f"kalah_evaluation evaluates a KalahState, not {type(state).__name__}")
    sign = 1 if state.player is MAX else -1
    gain = _gain_in_hand(state.houses(state.player), state.houses(state.player.other))
    return store_difference(state) + sign * gain


def _gain_in_hand(mine: Sequence[int], theirs: Sequence[int]) -> int:
    """The most seeds one move of the mover puts in their store, counting
    only the simple cases of :func:`kalah_evaluation`.

    >>> _gain_in_hand((1, 0, 4), (1, 3, 0))   # S0 into the empty S1 captures N1's 3
    4
    """
    n = len(mine)
    best = 0
    for house, seeds in enumerate(mine):
        if seeds == 0:
            continue
        to_store = n - house
        if seeds == to_store:                        # ends in the store: one seed and a move
            best = max(best, 1)
        elif seeds < to_store:                       # ends in my own row
            end = house + seeds
            if mine[end] == 0 and theirs[n - 1 - end] > 0:
                best = max(best, 1 + theirs[n - 1 - end])
        else:
            best = max(best, 1)                      # passes the store: one seed in it
    return best


def greedy_player(seed: int) -> Strategy[KalahState, House]:
    """A Kalah player that takes the move that most improves its own store
    difference right now (a capture, a seed in the store), breaking ties
    at random with its own ``random.Random(seed)``.  It never looks at
    what the opponent can do next, nor at its own extra moves.

    >>> greedy_player(seed=0)(Kalah(3, 3), KalahState.from_text("0 3 1 / 5 2 / 1 0 4"))   # the capture
    0
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    rng = random.Random(seed)

    def play(game: Game[KalahState, House], state: KalahState) -> House:
        if not isinstance(game, Kalah):
            raise TypeError(f"the greedy player plays Kalah, not {type(game).__name__}")
        sign = 1 if game.to_move(state) is MAX else -1
        gains = {move: sign * _now(game, game.play(state, move)) for move in game.moves(state)}
        top = max(gains.values())
        return rng.choice([move for move, gain in gains.items() if gain == top])

    play.__name__ = "greedy"
    return play


def _now(game: Kalah, state: KalahState) -> Value:
    """The score if the game is over, else the store difference."""
    return game.score(state) if game.is_over(state) else store_difference(state)
