"""``python -m gametree number-game``: the NUMBERGAME judge.

Input (standard input, or a file): the number of cases C (at most 50),
then for each case a line with n (1 to 50) and a line with the n numbers
(each from -1,000 to 1,000).  Output: one line per case, the first
player's score minus the second's under best play.  Blank lines are
skipped.  Numbers are written in ASCII: an optional sign and the digits 0
to 9 (no ``_``, no other script's digits such as ``４`` or ``٣``).  An
input longer than :data:`MAX_CHARS` characters is refused after reading
no more than that.  The whole input is checked before anything is
printed; a mistake is reported as one line naming the case and the
problem (exit status 2).  A file that does not exist is such a mistake;
one that cannot be read, or a standard input that is closed, exits with
status 1 (see :mod:`gametree.cli`).
"""

from __future__ import annotations

import argparse
import re
import sys

from .usage import FileError, UsageError, add_command, file_error

__all__ = ["register", "read_cases", "MAX_CASES", "MAX_NUMBERS", "MAX_ABS", "MAX_CHARS"]

MAX_CASES = 50
"""Most cases in one input (the judge's C <= 50)."""
MAX_NUMBERS = 50
"""Most numbers in one row (the judge's n <= 50)."""
MAX_ABS = 1000
"""Largest size of a number (the judge's -1,000 to 1,000)."""
MAX_CHARS = 1_000_000
"""Most characters of input read.  The largest legal input, 50 cases of 50
numbers of five characters, is about 16,000 characters; the rest is room
for generous whitespace."""

_WHOLE = re.compile(r"[+-]?[0-9]+")
"""A whole number as the judge writes it: ASCII digits (not ``\\d``, which
takes any script's digits)."""


def _integer(token: str, what: str) -> int:
    shown = repr(token) if len(token) <= 20 else repr(token[:17]) + "..."
    if not _WHOLE.fullmatch(token):
        raise UsageError(f"{what} is {shown}, which is not a whole number written with the "
                         f"digits 0 to 9")
    if len(token) > 12:  # no legal value comes near; and int() of 5,000 digits fails on its own
        raise UsageError(f"{what} is {shown}, a number far too large for any count or value here")
    return int(token)


def _alone(line: tuple[int, list[str]], where: str, what: str) -> str:
    """The one item on ``line``, or a UsageError saying the line holds more."""
    number, tokens = line
    if len(tokens) != 1:
        raise UsageError(f"{where}: expected {what} alone on its line, but found {len(tokens)} "
                         f"items: {' '.join(tokens[:5])}")
    return tokens[0]


def read_cases(text: str) -> list[list[int]]:
    """The rows of a judge input, checked.

    Raises
    ------
    gametree.cli.usage.UsageError
        Naming the case (and line) and what is wrong with it.

    Examples
    --------
    >>> read_cases("2\\n3\\n1 2 3\\n1\\n-4\\n")
    [[1, 2, 3], [-4]]
    >>> read_cases("1\\n3\\n1 2\\n")
    Traceback (most recent call last):
    ...
    gametree.cli.usage.UsageError: case 1 (line 3): n is 3 but the line has 2 numbers: 1 2
    """
    if len(text) > MAX_CHARS:
        raise UsageError(f"the input has more than {MAX_CHARS:,} characters; a judge input "
                         f"({MAX_CASES} cases of at most {MAX_NUMBERS} numbers) is far shorter")
    lines = [(number, line.split()) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, tokens) for number, tokens in lines if tokens]
    if not lines:
        raise UsageError("the input is empty; it starts with the number of cases, "
                         "then n and a line of n numbers for each case")
    number = lines[0][0]
    count = _integer(_alone(lines.pop(0), f"line {number}", "the number of cases"),
                     f"the number of cases (line {number})")
    if not 1 <= count <= MAX_CASES:
        raise UsageError(f"the number of cases is {count}; it must be from 1 to {MAX_CASES}")
    rows = [_read_case(case, count, lines) for case in range(1, count + 1)]
    if lines:
        number, tokens = lines[0]
        raise UsageError(f"line {number}: the first line says there are {count} cases, but more "
                         f"input follows them ({' '.join(tokens[:5])}); fix the count or remove it")
    return rows


def _read_case(case: int, count: int, lines: list[tuple[int, list[str]]]) -> list[int]:
    """Case ``case`` of ``count``, taken from the front of ``lines`` (its n,
    then its line of n numbers), checked."""
    if not lines:
        raise UsageError(f"case {case}: the input ends, but the first line says there are "
                         f"{count} cases; add the missing cases or lower the count")
    where = f"case {case} (line {lines[0][0]})"
    n = _integer(_alone(lines.pop(0), where, "n, the count of numbers,"), f"{where}: n")
    if not 1 <= n <= MAX_NUMBERS:
        raise UsageError(f"{where}: n is {n}; it must be from 1 to {MAX_NUMBERS}")
    if not lines:
        raise UsageError(f"case {case}: the input ends before the line of {n} numbers")
    number, tokens = lines.pop(0)
    where = f"case {case} (line {number})"
    if len(tokens) != n:
        shown = " ".join(tokens[:12]) + (" ..." if len(tokens) > 12 else "")
        raise UsageError(f"{where}: n is {n} but the line has {len(tokens)} numbers: {shown}")
    row = [_integer(token, f"{where}: number {i + 1}") for i, token in enumerate(tokens)]
    for i, value in enumerate(row):
        if not -MAX_ABS <= value <= MAX_ABS:
            raise UsageError(f"{where}: number {i + 1} is {value}; numbers must be from "
                             f"-{MAX_ABS} to {MAX_ABS}")
    return row


def _read(source: str) -> str:
    """At most :data:`MAX_CHARS` + 1 characters of the input (one more than
    allowed, so that :func:`read_cases` can tell a longer input)."""
    if source == "-":
        if sys.stdin is None:  # started with standard input closed
            raise FileError("cannot read standard input: it is closed; give the cases on "
                            "standard input or name a file")
        return sys.stdin.read(MAX_CHARS + 1)
    with open(source, encoding="utf-8") as handle:
        return handle.read(MAX_CHARS + 1)


def _run(args: argparse.Namespace) -> None:
    source = "standard input" if args.file == "-" else args.file
    try:
        text = _read(args.file)
        text.encode("utf-8")  # undecodable bytes read with surrogateescape fail here
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as error:  # a typo
        raise UsageError(f"cannot read {source}: {error.strerror}") from None
    except OSError as error:
        raise file_error(error, source, "read") from None
    except UnicodeError:
        raise UsageError(f"{source} is not text: give the cases as lines of numbers") from None
    from ..games.numbergame import number_game  # here, not at start: every command starts faster

    for row in read_cases(text):
        print(number_game(row))


def register(commands) -> None:
    """Add the ``number-game`` command (see :mod:`gametree.cli`)."""
    parser = add_command(commands, "number-game", _run,
                         "solve NUMBERGAME judge input (from standard input)",
                         """Solve NUMBERGAME: read the number of cases C, then for each case n and
                         a line of n integers; print the first player's score minus the
                         second's under best play, one line per case.""")
    parser.add_argument("file", nargs="?", default="-", metavar="FILE",
                        help="read the input from FILE instead of standard input")
