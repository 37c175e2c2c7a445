"""The language gametree speaks: gettext catalogs, chosen once or per call.

Every sentence a student or teacher reads is one message with named
placeholders (``"{node}: enter with alpha = {alpha}, ..."``), looked up in
the standard library's :mod:`gettext` catalogs shipped in
``gametree/locale/<code>/LC_MESSAGES/gametree.mo`` (compiled with Babel from
the ``.po`` files beside them; the template is ``gametree/locale/gametree.pot``).
English, the default, is the message ids themselves.

The language is, first of all, the one a caller asks for (``lang=`` on a
widget, drawing or page, ``--lang`` on a command, :func:`using`); else the
kernel's (:func:`set_language`); else the first language gametree has among
the ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` environment
variables, in that order (as gettext reads them); else English.

>>> from gametree.i18n import gettext as _, using
>>> with using("da"):
...     _("{player} node {name}").format(player="MIN", name="C")
'MIN-knude C'
>>> _("{player} node {name}").format(player="MIN", name="C")
'MIN node C'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import os
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LANGUAGES", "UnknownLanguageError", "set_language", "get_language", "using",
           "check_language", "gettext", "ngettext", "N_", "LOCALE_DIR"]

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogs live: ``<code>/LC_MESSAGES/gametree.po`` and ``.mo``."""

DOMAIN = "gametree"

LANGUAGES: dict[str, str] = {"en": "English", "da": "dansk", "hi": "हिन्दी", "ko": "한국어"}
"""The languages gametree speaks: code -> the language's own name."""

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables read, in order, when no language is chosen (gettext's order)."""


class UnknownLanguageError(ValueError):
    """A language code gametree has no catalog for."""


_kernel: str | None = None
_call: contextvars.ContextVar[str | None] = contextvars.ContextVar("gametree_language", default=None)


def check_language(code: str) -> str:
    """``code`` normalised (``"ko_KR.UTF-8"`` -> ``"ko"``), or an
    :class:`UnknownLanguageError` naming the languages there are.

    >>> check_language("KO")
    'ko'
    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    gametree.i18n.UnknownLanguageError: There is no language 'fr' in gametree: choose one of en (English), da (dansk), hi (हिन्दी), ko (한국어).
    """
    base = _base(code) if isinstance(code, str) else None
    if base not in LANGUAGES:
        there = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())
        raise UnknownLanguageError(f"There is no language {code!r} in gametree: choose one of {there}.")
    return base


def _base(code: str) -> str:
    """``ko_KR.UTF-8@x`` -> ``ko``."""
    return code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


def set_language(code: str | None) -> None:
    """Speak ``code`` (``"en"``, ``"da"``, ``"hi"``, ``"ko"``) from now on in
    this kernel; ``None`` goes back to the environment's language."""
    global _kernel
    _kernel = None if code is None else check_language(code)


def _from_environment() -> str:
    for variable in ENVIRONMENT:
        value = os.environ.get(variable)
        if not value:
            continue
        for code in value.split(":"):  # LANGUAGE may list several: "ko:en"
            if code and _base(code) in LANGUAGES:
                return _base(code)
        if variable != "LANGUAGE":  # gettext: the first of LC_ALL, LC_MESSAGES, LANG set decides
            return "en"
    return "en"


def get_language() -> str:
    """The language in force now (see the module's docstring for the order)."""
    return _call.get() or _kernel or _from_environment()


@contextlib.contextmanager
def using(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block (``None``: the language in
    force); what ``lang=`` on a widget, drawing or page does."""
    token = _call.set(None if code is None else check_language(code))
    try:
        yield get_language()
    finally:
        _call.reset(token)


@functools.cache
def translation(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``code`` (English: none, the ids are the words)."""
    if code == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.exists():
        raise FileNotFoundError(f"gametree's {LANGUAGES[code]} catalog {path} is missing: "
                                f"reinstall gametree, or compile it with "
                                f"`pybabel compile -D gametree -d {LOCALE_DIR}`.")
    with path.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def gettext(message: str) -> str:
    """``message`` in the language in force."""
    return translation(get_language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for ``n``, by the language's plural rule
    (Korean has one form; Danish and Hindi two)."""
    return translation(get_language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (a
    constant translated where it is shown)."""
    return message
