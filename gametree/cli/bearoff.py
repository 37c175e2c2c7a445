"""``python -m gametree bearoff``: a bear-off position's exact value.

``--white`` and ``--black`` give each side's checkers on its points 1 to 6
(six counts, point 1 first); White rolls first.  Prints P(White wins) -
P(Black wins) as a fraction and a decimal, each side's expected rolls to
bear off alone, and with ``--roll A B`` White's best play of that roll.
The exact two-sided search is kept to :data:`MAX_SIDE` checkers a side.
"""

from __future__ import annotations

import argparse

from .usage import UsageError, add_command, whole_number

__all__ = ["register", "MAX_SIDE"]

MAX_SIDE = 4
"""Most checkers a side for the exact two-sided value here (a second or two)."""


def _run(args: argparse.Namespace) -> None:
    from ..games.bearoff import BearOff, expected_rolls, play_label
    from ..games.chance import ChanceSolver

    try:
        game = BearOff(white=args.white, black=args.black, exact=True)
    except ValueError as error:
        raise UsageError(str(error)) from None
    for name, side in (("--white", args.white), ("--black", args.black)):
        if sum(side) > MAX_SIDE:
            raise UsageError(f"{name} has {sum(side)} checkers; the exact value here is computed "
                             f"for at most {MAX_SIDE} a side, remove some")
    roll = None
    if args.roll is not None:
        a, b = args.roll
        if not (1 <= a <= 6 and 1 <= b <= 6):
            raise UsageError(f"--roll is two dice from 1 to 6, not {a} {b}")
        roll = (max(a, b), min(a, b))
    solver = ChanceSolver(game)
    value = solver.value(game.initial)
    print(f"value (P(White wins) - P(Black wins)): {value} = {float(value):.4f}")
    print(f"expected rolls to bear off alone: White {float(expected_rolls(game.initial.white)):.4f}, "
          f"Black {float(expected_rolls(game.initial.black)):.4f}")
    if roll is not None and not game.is_over(game.initial):
        state = game.play(game.initial, roll)
        best = solver.best_move(state)
        print(f"White's best play of {roll[0]}-{roll[1]}: {play_label(best)}")  # type: ignore[arg-type]


def register(commands) -> None:
    """Add the ``bearoff`` command (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "bearoff", _run,
                         "the exact value of a backgammon bear-off position",
                         """Solve a bear-off position exactly by expectiminimax: each side's
                         checkers as six counts on its points 1 to 6, point 1 first; White
                         rolls first.""")
    parser.add_argument("--white", nargs=6, type=whole_number, required=True, metavar="N",
                        help="White's checkers on points 1 to 6, e.g. 0 0 1 2 0 0")
    parser.add_argument("--black", nargs=6, type=whole_number, required=True, metavar="N",
                        help="Black's checkers on points 1 to 6")
    parser.add_argument("--roll", nargs=2, type=whole_number, metavar="D",
                        help="also print White's best play of this roll, e.g. --roll 6 5")
