"""What every command shares: the error for bad input, a parser that raises
it, and the argument types that check what was typed."""

from __future__ import annotations

import argparse

from ..rules import CutRule

__all__ = ["UsageError", "Parser", "whole_number", "file_name"]


_STRICT_HELP = (f"cut only when {CutRule.STRICT.test} ({CutRule.STRICT.source}) instead of "
                f"{CutRule.TIES.test} ({CutRule.TIES.source})")
"""The help of every command's --strict, in the rule's own words."""


class UsageError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing
    its usage and exiting, so :func:`gametree.cli.main` reports every mistake
    the same way."""

    def error(self, message: str) -> None:  # type: ignore[override]  # argparse would print usage too
        raise UsageError(message)


def whole_number(text: str) -> int:
    """An argparse type: a whole number in plain digits, at most 18 of them.

    Longer numbers are refused here with a short message, before Python
    reads them (it refuses more than 4,300 digits with a message of its own).

    >>> whole_number("-12")
    -12
    >>> whole_number("1" * 30)
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a whole number of 30 digits is far too large here
    """
    body = text.strip()
    digits = body.lstrip("+-")
    if not digits.isascii() or not digits.isdigit() or len(body) - len(digits) > 1:
        shown = text if len(text) <= 20 else text[:17] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number such as 3")
    if len(digits.lstrip("0")) > 18:
        raise argparse.ArgumentTypeError(f"a whole number of {len(digits.lstrip('0'))} digits "
                                         f"is far too large here")
    return int(body)


whole_number.__name__ = "whole number"  # argparse names the type in its messages


def file_name(text: str) -> str:
    """An argparse type: a file name to write, not empty and not a folder.

    >>> file_name("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the file name is empty; give one such as tree.png
    """
    if not text.strip():
        raise argparse.ArgumentTypeError("the file name is empty; give one such as tree.png")
    if text.endswith(("/", "\\")):
        raise argparse.ArgumentTypeError(f"{text!r} names a folder, not a file; add a file name "
                                         f"such as tree.png")
    return text


file_name.__name__ = "file name"
