"""What every command shares: the errors for bad input and for a file that
could not be read or written, a parser that raises the first, and the
argument types that check what was typed."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from ..i18n import LANGUAGES, check_language
from ..i18n import gettext as _
from ..rules import CutRule

__all__ = ["UsageError", "FileError", "Parser", "whole_number", "file_name", "file_error",
           "default_out", "add_command", "theme_argument", "language_argument", "language_of", "HANDOUTS", "STRICT_HELP", "THEME_NAMES"]

HANDOUTS = "handouts"
"""The folder that commands write into when no ``--out`` is given (listed
in ``.gitignore``); made when first needed.  An explicit ``--out`` is
written where it says."""


STRICT_HELP = (f"cut only when {CutRule.STRICT.test} ({CutRule.STRICT.source}) instead of "
                f"{CutRule.TIES.test} ({CutRule.TIES.source})")
"""The help of every command's --strict, in the rule's own words."""

THEME_NAMES = ("default", "projector", "print")
"""The themes ``--theme`` names: those of :data:`gametree.view.theme.THEMES`
(written out here so that ``--help`` does not import matplotlib; a test
keeps the two the same)."""


def theme_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--theme NAME`` to a command that draws: the look of every
    picture it writes (:func:`gametree.view.theme.theme_of`); a name not in
    :data:`THEME_NAMES` is argparse's choice error (exit status 2)."""
    parser.add_argument("--theme", choices=THEME_NAMES, default="default",
                        help="the look: default (screen), projector (high contrast) or print "
                             "(greyscale); default: default")


def language_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--lang CODE`` to a command: the language of what it prints and
    writes (:mod:`gametree.i18n`).  :func:`language_of` reads it before the
    parser is built, so ``--help`` and the command's errors speak it too."""
    names = ", ".join(LANGUAGES)
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language of what the command prints and writes: {names} "
                               "(default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en)"
                               ).format(names=names))


def language_of(argv: Sequence[str]) -> str | None:
    """The code given with ``--lang CODE`` or ``--lang=CODE`` anywhere in
    ``argv`` (the last one wins, as argparse has it), checked; None without
    one.  An unknown code raises :class:`~gametree.i18n.UnknownLanguageError`
    naming the languages there are.

    >>> language_of(["draw", "--lang", "ko", "3", "12"])
    'ko'
    >>> language_of(["draw", "--lang=da"]), language_of(["draw"])
    ('da', None)
    """
    code = None
    for position, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang":
            if position + 1 >= len(argv):
                raise UsageError(_("argument --lang: expected one argument"))
            code = argv[position + 1]
        elif word.startswith("--lang="):
            code = word.removeprefix("--lang=")
    return None if code is None else check_language(code)


def add_command(commands, name: str, run: Callable[[argparse.Namespace], None], summary: str,
                description: str) -> argparse.ArgumentParser:
    """Add the command ``name`` to ``commands`` (argparse's subparsers) and
    return its parser: ``summary`` is its line in ``python -m gametree
    --help``, ``description`` opens its own ``--help`` (argparse joins and
    rewraps the lines of a paragraph), and ``run(args)`` does it."""
    parser = commands.add_parser(name, help=summary, description=description)
    parser.set_defaults(run=run)
    language_argument(parser)
    return parser


class UsageError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class FileError(Exception):
    """A file or stream that could not be read or written although the
    command line was right (a full disk, a closed standard input, no
    permission): printed as one line, exit status 1."""


def file_error(error: OSError, path: object, verb: str = "write") -> FileError:
    """The :class:`FileError` for ``error``, naming ``path`` (the file the
    user named, never a temporary one beside it).

    >>> file_error(OSError(28, "No space left on device"), "steps.pdf")
    FileError('cannot write steps.pdf: No space left on device')
    """
    return FileError(f"cannot {verb} {path}: {error.strerror or error}")  # verb: see issue 31's report


def default_out(name: str) -> str:
    """Where a command writes ``name`` when no ``--out`` is given:
    :data:`HANDOUTS`/``name``, the folder made if need be.

    An OSError making the folder is a :class:`FileError`."""
    if os.path.exists(HANDOUTS) and not os.path.isdir(HANDOUTS):
        raise UsageError(f"{HANDOUTS!r} here is a file, so the default {HANDOUTS}/{name} cannot "
                         f"be written; give --out FILE")
    try:
        os.makedirs(HANDOUTS, exist_ok=True)
    except OSError as error:
        raise file_error(error, HANDOUTS, "make the folder") from None
    return os.path.join(HANDOUTS, name)


_NEGATIVE_NUMBER = re.compile(r"^-(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$|^-inf(?:inity)?$",
                              re.IGNORECASE)
"""What argparse must read as a negative number, not an option: ``-3``,
``-2.5``, ``-1e15`` and ``-inf`` (its own test takes only the first two)."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` instead of printing
    its usage and exiting, so :func:`gametree.cli.main` reports every mistake
    the same way, and that reads ``-1e15`` and ``-inf`` as numbers (a leaf
    score, a bound) where argparse would take them for options.

    >>> parser = Parser(prog="demo")
    >>> _ = parser.add_argument("--bounds", nargs=2)
    >>> _ = parser.add_argument("leaves", nargs="*")
    >>> parser.parse_args(["--bounds", "-inf", "-1e15", "-2.5", "-1E3"])
    Namespace(bounds=['-inf', '-1e15'], leaves=['-2.5', '-1E3'])
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER

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
        raise argparse.ArgumentTypeError(_("{text} is not a whole number such as 3").format(
            text=repr(shown)))
    if len(digits.lstrip("0")) > 18:
        raise argparse.ArgumentTypeError(_("a whole number of {count} digits is far too large "
                                           "here").format(count=len(digits.lstrip("0"))))
    return int(body)


whole_number.__name__ = "whole number"  # argparse names the type in its messages


def file_name(text: str) -> str:
    """An argparse type: a file name to write, not empty, not a folder, in
    a folder that exists (checked when the arguments are read, so before
    any work and before anything is written).

    >>> file_name("")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the file name is empty; give one such as tree.png
    >>> file_name(".")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: '.' is a folder, not a file; name a file, in that folder or elsewhere
    """
    if not text.strip():
        raise argparse.ArgumentTypeError(_("the file name is empty; give one such as tree.png"))
    if text.endswith(("/", "\\")):
        raise argparse.ArgumentTypeError(_("{name} names a folder, not a file; add a file name "
                                           "such as tree.png").format(name=repr(text)))
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(_("{name} is a folder, not a file; name a file, in "
                                           "that folder or elsewhere").format(name=repr(text)))
    if not path.parent.is_dir():
        message = (_("cannot write {name}: the folder {folder} is not a folder; make it first, "
                     "or name another") if path.parent.exists() else
                   _("cannot write {name}: the folder {folder} does not exist; make it first, "
                     "or name another"))
        raise argparse.ArgumentTypeError(message.format(name=text, folder=repr(str(path.parent))))
    return text


file_name.__name__ = "file name"
