"""An independent solver of the bear-off for the tests: its own move rules
(every ordering of the dice tried checker by checker, written from the
rules' text, not from gametree.games.bearoff) and a plain recursion with no
shared code, so agreement with the package checks both."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import permutations


def _one(pos: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
    """Positions after playing one die, by the rules' text."""
    out = set()
    for i in range(6):                       # i is point i + 1
        if pos[i] == 0:
            continue
        new = list(pos)
        new[i] -= 1
        if i + 1 > die:                      # moves down within the board
            new[i - die] += 1
        elif i + 1 == die:                   # exact roll bears off
            pass
        elif any(pos[j] for j in range(i + 1, 6)):
            continue                         # a higher checker stands: no bear-off by a higher roll
        out.add(tuple(new))
    return out


def results(pos: tuple[int, ...], roll: tuple[int, int]) -> set[tuple[int, ...]]:
    """Every position a legal play of ``roll`` reaches."""
    a, b = roll
    dice_orders = {(a, a, a, a)} if a == b else set(permutations((a, b)))
    full: dict[int, set] = {}
    larger_only: set = set()
    for order in dice_orders:
        frontier = {pos}
        for k, die in enumerate(order, 1):
            nxt = set()
            for p in frontier:
                if sum(p) == 0:
                    full.setdefault(len(order), set()).add(p)
                    continue
                nxt |= _one(p, die)
            if not nxt:
                break
            frontier = nxt
            full.setdefault(k, set()).update(q for q in frontier)
            if k == 1 and die == max(a, b) and a != b:
                larger_only |= frontier
    if not full:
        return {pos}
    most = max(full)
    # a position reached with all dice (or every checker off) is full
    done = {p for p in full[most]}
    if most == 1 and a != b and larger_only:
        done = larger_only
    return done


@cache
def value(white: tuple[int, ...], black: tuple[int, ...], white_rolls: bool) -> Fraction:
    """P(White wins) - P(Black wins), White (MAX) or Black rolling next."""
    if sum(white) == 0:
        return Fraction(1)
    if sum(black) == 0:
        return Fraction(-1)
    total = Fraction(0)
    for a in range(1, 7):
        for b in range(1, 7):
            roll = (max(a, b), min(a, b))
            if white_rolls:
                best = max(value(r, black, False) for r in results(white, roll))
            else:
                best = min(value(white, r, True) for r in results(black, roll))
            total += Fraction(1, 36) * best
    return total


@cache
def rolls(pos: tuple[int, ...]) -> Fraction:
    """Expected rolls to bear ``pos`` off alone."""
    if sum(pos) == 0:
        return Fraction(0)
    return 1 + sum((Fraction(1, 36) * min(rolls(r) for r in results(pos, (max(a, b), min(a, b))))
                    for a in range(1, 7) for b in range(1, 7)), Fraction(0))
