"""The command line: ``python -m gametree COMMAND ...``, the top layer.

Every command reports bad input as one line on stderr and exits with
status 2; it never shows a traceback for a mistake in what was typed.

Each command lives in its own module here, which defines
``register(commands)``: it adds its parser and sets ``run=`` to a function
of the parsed arguments.  Commands import the package downward only, and
import matplotlib or ipywidgets inside their run function, never at import
time, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import chance, draw, exercises, grade, numbergame, slides, trees
from .usage import Parser, UsageError

__all__ = ["main", "build_parser", "UsageError"]

_COMMANDS = (trees, chance, draw, numbergame, exercises, slides, grade)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every command."""
    parser = Parser(prog="python -m gametree",
                    description="Game-tree search you can watch: minimax, alpha-beta and "
                                "expectiminimax.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    for command in _COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        args.run(args)
    except (UsageError, ValueError, TypeError, KeyError, IndexError) as error:
        # One sentence, never a traceback: every check in the package raises
        # one of these with a message naming the mistake and the fix.
        message = str(error.args[0]) if error.args else str(error)
        print(f"gametree: error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`: not an error of the user's
        sys.stdout = None
    return 0
