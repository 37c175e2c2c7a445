"""The command line: ``python -m gametree COMMAND ...``, the top layer.

Every command reports a problem as one line on stderr and never shows a
traceback.  The exit status says what happened (:func:`main` maps each
exception to it, in one place for every command):

* 0: done;
* 1: a file or stream could not be read or written although the command
  was right (:class:`~gametree.cli.usage.FileError`, or any OSError: a
  full disk, a closed standard input or output, no permission);
* 2: bad input, a mistake in what was typed (:class:`~gametree.cli.usage.UsageError`,
  or the ValueError or TypeError of a check in the package);
* 130: interrupted with Ctrl-C (SIGINT), 143: stopped with SIGTERM (128
  plus the signal's number, as a shell reports it).

Every file a command writes is written beside its place and renamed
into it when whole, and the temporary file is removed on any error or
signal, so none of these leaves a half-written file behind.

Each command lives in its own module here, which defines
``register(commands)``: it adds its parser and sets ``run=`` to a function
of the parsed arguments.  Commands import the package downward only, and
import matplotlib or ipywidgets inside their run function, never at import
time, so ``--help`` stays fast.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Sequence

from ..i18n import gettext as _
from ..i18n import using
from . import (
    bearoff,
    chance,
    chess_engine,
    draw,
    drill,
    exercises,
    grade,
    gradescope,
    html,
    numbergame,
    similarity,
    site,
    slides,
    trees,
)
from .usage import FileError, Parser, UsageError, language_argument, language_of

__all__ = ["main", "build_parser", "UsageError", "FileError", "Terminated", "EXIT_FILE",
           "EXIT_USAGE", "EXIT_INTERRUPTED", "EXIT_TERMINATED"]

EXIT_FILE = 1
"""Exit status when a file or stream could not be read or written."""
EXIT_USAGE = 2
"""Exit status for bad input."""
EXIT_INTERRUPTED = 128 + signal.SIGINT
"""Exit status after Ctrl-C: 130."""
EXIT_TERMINATED = 128 + signal.SIGTERM
"""Exit status after SIGTERM: 143."""


class Terminated(BaseException):
    """Raised by :func:`main`'s SIGTERM handler, as Python raises
    KeyboardInterrupt for Ctrl-C: ``finally`` blocks run on the way out, so
    temporary files are removed."""

_COMMANDS = (trees, chance, draw, numbergame, exercises, slides, grade, html, drill, site,
             similarity, gradescope, chess_engine, bearoff)


def build_parser() -> argparse.ArgumentParser:
    """The parser for every command."""
    parser = Parser(prog="python -m gametree",
                    description=_("Game-tree search you can watch: minimax, alpha-beta and "
                                  "expectiminimax."))
    language_argument(parser)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    commands.required = True
    for command in _COMMANDS:
        command.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see the module's
    docstring: 0, 1, 2, 130 or 143), having printed one line on stderr for
    any but 0."""
    received: list[int] = []

    def stop(signum, frame) -> None:
        received.append(signum)
        raise KeyboardInterrupt if signum == signal.SIGINT else Terminated

    def lost(unraisable) -> None:
        """An exception raised where Python cannot pass it on (in a finalizer
        that matplotlib's garbage ran, say) is lost: if it was the signal's,
        deliver the signal again, so that the work does stop."""
        if received and isinstance(unraisable.exc_value, (KeyboardInterrupt, Terminated)):
            signal.raise_signal(received[-1])
        else:
            hook(unraisable)

    previous = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        # Ctrl-C as Python has it (not one ignored, as under nohup), and SIGTERM.
        if number == signal.SIGTERM or signal.getsignal(number) is signal.default_int_handler:
            try:
                previous[number] = signal.signal(number, stop)
            except ValueError:  # not the main thread: signals keep their handlers
                pass
    hook, sys.unraisablehook = sys.unraisablehook, lost
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        lang = language_of(words)
    except (UsageError, ValueError) as error:  # an unknown --lang: refused in English
        return _fail(str(error), EXIT_USAGE)
    try:
        with using(lang):  # --lang: the parser's help and errors speak it too
            status, message = _run(words)
    finally:
        sys.unraisablehook = hook
        for number, handler in previous.items():
            signal.signal(number, handler)
    if received:  # whatever the work raised on its way out, the signal is the news
        status = 128 + received[0]
        message = _STOPPED[received[0]]
    if message is not None:
        with using(lang):
            _fail(message, status)
    return status


_STOPPED: dict[int, str] = {signal.SIGINT: "interrupted (Ctrl-C); no file was left half-written",
                             signal.SIGTERM: "stopped by SIGTERM; no file was left half-written"}


def _run(argv: Sequence[str]) -> tuple[int, str | None]:
    """The exit status and the line to print for it (None: nothing)."""
    try:
        if sys.stdout is None:  # started with standard output closed
            raise FileError("cannot write the output: standard output is closed")
        args = build_parser().parse_args(argv)
        args.run(args)
        sys.stdout.flush()  # a full disk shows here, not after main has returned
    except (UsageError, ValueError, TypeError, KeyError, IndexError) as error:
        # One sentence: every check in the package raises one of these with
        # a message naming the mistake and the fix.
        return EXIT_USAGE, str(error.args[0]) if error.args else str(error)
    except BrokenPipeError:  # e.g. piped into `head`: not an error of the user's
        _drop_output()
    except FileError as error:
        return EXIT_FILE, str(error)
    except OSError as error:  # the commands name their files: this is standard output
        _drop_output()
        where = error.filename if error.filename is not None else "the output"
        return EXIT_FILE, f"cannot write {where}: {error.strerror or error}"
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED, _STOPPED[signal.SIGINT]
    except Terminated:
        return EXIT_TERMINATED, _STOPPED[signal.SIGTERM]
    return 0, None


def _fail(message: str, status: int) -> int:
    try:
        print(_("gametree: error: {message}").format(message=message), file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # stderr itself is gone: the status must do
        pass
    return status


def _drop_output() -> None:
    """Send what is left in standard output's buffer to the null device, so
    that Python's flush at exit does not fail a second time (and print a
    traceback) on a pipe that is closed or a disk that is full."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # not a real file (a test's capture)
        pass
