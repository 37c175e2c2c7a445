"""Mate puzzles for :mod:`gametree.games.chess`, each checked by the tests
(tests/test_chess.py): the engine finds the mate in the number of moves given.

Each puzzle is a :class:`Puzzle`: its FEN, the moves to mate (the side to
move mates in that many of its own moves), the key (first) move in SAN,
and where it comes from.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Puzzle", "PUZZLES", "HORIZON"]


class Puzzle(NamedTuple):
    """A mate puzzle."""

    name: str
    """A short name for headings."""
    fen: str
    """The position."""
    mate_in: int
    """The side to move mates in this many of its own moves."""
    key: str
    """The first move of the solution, in SAN."""
    source: str
    """Composer and year where known (a year that cannot be verified is
    given as "c." or "traditionally dated"), or what kind of position it is."""


PUZZLES = (
    Puzzle("Back-rank mate", "6k1/5ppp/8/8/8/8/8/R6K w - - 0 1", 1, "Ra8#",
           "the back-rank mate, a teaching position (no composer)"),
    Puzzle("Morphy's mate in 2", "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", 2, "Ra6",
           "Paul Morphy's only known problem, published in the New York Clipper, 28 June 1856 "
           "(said to have been composed when he was a boy); 1.Ra6! bxa6 2.b7#"),
    Puzzle("Légal's mate", "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6", 2,
           "Bxf7+", "Légal against Saint Brie, Paris, traditionally dated 1750 (a game, not a "
           "composition; the date is not certain): "
           "5...Bxd1 took the queen; 6.Bxf7+ Ke7 7.Nd5#"),
    Puzzle("Philidor's legacy", "3r2k1/5Npp/8/8/2Q5/8/6PP/6K1 w - - 0 1", 3, "Nh6+",
           "the smothered mate named after Philidor, Philidor's legacy, though already in Lucena's "
           "book (c. 1497); its last three moves: "
           "1.Nh6+ Kh8 2.Qg8+ Rxg8 3.Nf7#"),
)
"""The puzzles, shortest mate first."""

HORIZON = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1"
"""The horizon effect in one move: searched one ply deep, White's queen takes
the pawn on d5 (Qxd5 wins 100 centipawns as far as the search can see), and
cxd5 loses the queen just past the horizon; with quiescence on captures
(``alpha_beta(..., quiescence=noisy_moves)``) the recapture is seen and Qxd5
is not played (tests/test_chess.py)."""
