"""What every command shares: the error for bad input, and a parser that raises it."""

from __future__ import annotations

import argparse

__all__ = ["UsageError", "Parser"]


class UsageError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing
    its usage and exiting, so :func:`gametree.cli.main` reports every mistake
    the same way."""

    def error(self, message: str) -> None:  # argparse would print usage too
        raise UsageError(message)
