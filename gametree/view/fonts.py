"""The fonts a language needs in a picture, registered with matplotlib.

DejaVu Sans (matplotlib's own) writes Latin, digits and the captions'
symbols; Hindi needs Devanagari and Korean Hangul, which it lacks.
:func:`use_fonts` adds the Noto subsets shipped in :mod:`gametree.fonts` to
matplotlib's font manager and puts them after the first family of
``font.family``, so matplotlib falls back to them glyph by glyph.

>>> [family for family, _ in FONTS["ko"]]
['Noto Sans CJK KR']
"""

from __future__ import annotations

import functools
import logging
from pathlib import Path

from ..i18n import check_language

__all__ = ["FONTS", "FONT_DIR", "use_fonts", "families_for", "MissingFontError"]

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
"""Where the package keeps its fonts."""

FONTS: dict[str, tuple[tuple[str, str], ...]] = {
    "hi": (("Noto Sans Devanagari", "NotoSansDevanagari-gametree.ttf"),),
    "ko": (("Noto Sans CJK KR", "NotoSansCJKkr-gametree.otf"),),
}
"""language -> (family, file in :data:`FONT_DIR`) of each font its pictures need."""


class MissingFontError(FileNotFoundError):
    """A font a language needs is not where the package keeps it."""


def use_fonts(lang: str) -> tuple[str, ...]:
    """Make matplotlib able to write ``lang``: register its fonts with the
    font manager (once) and append them to ``font.family`` (matplotlib falls
    back glyph by glyph along that list, not along ``font.sans-serif``);
    returns their families.  Use it inside ``matplotlib.rc_context()`` to
    keep the change to one drawing."""
    families = _register(check_language(lang))
    if families:
        import matplotlib

        matplotlib.rcParams["font.family"] = families_for(lang)
    return families


def families_for(lang: str) -> list[str]:
    """The font families a text in ``lang`` is written with: ``font.family``
    (its generic first entry made a real family) with the language's fonts
    after it, for one text's ``fontfamily=`` (matplotlib falls back glyph
    by glyph along the list); ``rcParams`` stay as they are.

    >>> families_for("hi")[-1]
    'Noto Sans Devanagari'
    """
    import matplotlib

    families = _register(check_language(lang))
    generic = {"sans-serif": "font.sans-serif", "serif": "font.serif", "monospace": "font.monospace"}
    chain = list(matplotlib.rcParams["font.family"])
    if chain[0] in generic:
        chain[0] = matplotlib.rcParams[generic[chain[0]]][0]  # type: ignore[index]
    return chain + [f for f in families if f not in chain]


@functools.cache
def _register(code: str) -> tuple[str, ...]:
    from matplotlib import font_manager

    families = []
    for family, name in FONTS.get(code, ()):
        path = FONT_DIR / name
        if not path.is_file():
            raise MissingFontError(f"The font {family} ({path}) that pictures in this language need "
                                   f"is missing: reinstall gametree, or install {family} "
                                   f"(Debian: fonts-noto-core / fonts-noto-cjk).")
        font_manager.fontManager.addfont(str(path))
        families.append(family)
    if families:
        logging.getLogger("matplotlib.font_manager").addFilter(_OneWeight(families))
    return tuple(families)


class _OneWeight(logging.Filter):
    """The subsets have one weight: bold text in them is drawn regular,
    which matplotlib would log ("findfont: Failed to find font weight bold
    for Noto Sans CJK KR, now using 400.") once per kernel, on the stderr of
    whichever notebook cell draws it first."""

    def __init__(self, families) -> None:
        super().__init__()
        self.families = frozenset(families)

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        return not (str(record.msg).startswith("findfont: Failed to find font weight")
                    and len(args) > 1 and args[1] in self.families)
