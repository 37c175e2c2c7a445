"""The cut rule: when alpha-beta stops searching a node's children.

Two rules are taught, and they differ only on ties:

* :attr:`CutRule.TIES` cuts as soon as alpha >= beta.  It is the rule of
  ``gametree.alpha_beta`` and of AIMA's ALPHA-BETA-SEARCH (a MAX node
  returns as soon as v >= beta, a MIN node as soon as v <= alpha).
* :attr:`CutRule.STRICT` cuts only when alpha > beta: CS188's Project 2
  ("you must not prune on equality").

Both find the same value at the root; >= never skips fewer leaves.  The
rule owns its words and symbols, so captions, pseudocode, checker
feedback, drawings and sheets all say the same thing.
"""

from __future__ import annotations

import enum

from .i18n import gettext as _
from .text import describe, fmt

__all__ = ["CutRule"]


class CutRule(str, enum.Enum):
    """When alpha-beta prunes: on alpha >= beta, or only on alpha > beta.

    >>> rule = CutRule.of(strict=False)
    >>> rule, rule.test, rule.cuts(3, 3), CutRule.STRICT.cuts(3, 3)
    (<CutRule.TIES: '>='>, 'alpha >= beta', True, False)
    >>> CutRule.STRICT.compare(3, 3)
    'alpha = 3 is not > beta = 3'
    >>> CutRule.STRICT.no_cutoff(3, 3)
    'alpha = 3 is not > beta = 3, so there is no cutoff'
    """

    TIES = ">="
    """Cut as soon as alpha >= beta (AIMA's rule, and alpha_beta's)."""
    STRICT = ">"
    """Cut only when alpha > beta (CS188 Project 2: never on equality)."""

    @classmethod
    def of(cls, strict: object) -> CutRule:
        """The rule for the ``strict`` flag that the public functions take
        (a rule is returned as it is).

        Raises TypeError for anything but True, False or a CutRule.
        """
        if isinstance(strict, CutRule):
            return strict
        if not isinstance(strict, bool):
            raise TypeError(f"strict must be True or False, not {describe(strict)}")
        return cls.STRICT if strict else cls.TIES

    @property
    def strict(self) -> bool:
        """True for the alpha > beta rule."""
        return self is CutRule.STRICT

    @property
    def symbol(self) -> str:
        """``>=`` or ``>``."""
        return self.value

    @property
    def test(self) -> str:
        """The test as the pseudocode writes it: ``alpha >= beta``."""
        return f"alpha {self.value} beta"

    @property
    def source(self) -> str:
        """Who teaches it: ``AIMA`` or ``CS188``."""
        return "AIMA" if self is CutRule.TIES else "CS188"

    @property
    def words(self) -> str:
        """The rule in a phrase, for titles and sheets."""
        if self is CutRule.TIES:
            return "cut when alpha >= beta (prunes on ties, as AIMA)"
        return "cut only when alpha > beta (never on ties, as CS188)"

    def cuts(self, alpha: float, beta: float) -> bool:
        """Whether the window (alpha, beta) is closed under this rule."""
        return alpha >= beta if self is CutRule.TIES else alpha > beta

    def compare(self, alpha: float, beta: float) -> str:
        """The test applied to numbers, in words that hold either way:
        ``alpha = 3 >= beta = 2`` or ``alpha = 3 is not > beta = 3``."""
        if self.cuts(alpha, beta):
            return f"alpha = {fmt(alpha)} {self.value} beta = {fmt(beta)}"
        return _("alpha = {alpha} is not {test} beta = {beta}").format(
            alpha=fmt(alpha), test=self.value, beta=fmt(beta))

    def no_cutoff(self, alpha: float, beta: float) -> str:
        """Why a node goes on to its next child, in words:
        ``alpha = 3 is not >= beta = 5, so there is no cutoff``."""
        return _("{test}, so there is no cutoff").format(test=self.compare(alpha, beta))

    def __str__(self) -> str:
        return self.test
