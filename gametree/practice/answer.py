"""A student's answer to an exercise, and the mistakes found in it.

An :class:`Answer` holds what a student wrote: the value of each node,
alpha and beta where asked, and the branches crossed out
(:func:`parse_value` reads one typed box).  A :class:`Mistake` is one wrong
box or mark with a sentence saying why, of one :class:`MistakeKind`.
Every exercise of :mod:`gametree.practice` and its checker share them, so
this module sits below all of them and imports none.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from ..checks import check_score
from ..i18n import N_, gettext
from ..parse import read_number
from ..text import TYPE_INFINITY, describe, shown
from ..tree import Node, Tree, Value

__all__ = ["Answer", "parse_value", "NodeName", "Mistake", "MistakeKind", "node_named",
           "internal_range"]

NodeName = str
"""A node's name as drawn: A, B, C, ... in level order."""


# --- typed entries ------------------------------------------------------------

_INFINITY = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "infinity": math.inf,
             "+infinity": math.inf, "-infinity": -math.inf, "\u221e": math.inf,
             "+\u221e": math.inf, "-\u221e": -math.inf}


def parse_value(text: str, where: str) -> Value | None:
    """Read one box a student typed: a number, ``-inf``/``+inf`` (or ``∞``),
    or nothing (None).

    A bound sign in front, as in ``<=2`` or ``≥ 5``, is allowed and
    ignored: some textbooks write a cut-off node's value that way, and
    the minus sign as drawn (``−``) is read as ``-``.  Otherwise numbers
    follow :func:`gametree.parse.read_number`: plain digits 0-9, at most
    10**15 in size.  ``where`` names the box in the message, e.g.
    ``"C's value"``.

    >>> parse_value(" 12 ", "B's value"), parse_value("-inf", "alpha"), parse_value("", "beta")
    (12, -inf, None)
    >>> parse_value("≤ 2", "C's value")
    2
    >>> parse_value("l2", "B's value")
    Traceback (most recent call last):
    ...
    ValueError: B's value is 'l2', which is not a number; type a whole number such as 3 or -2 (type inf or -inf for +∞ or −∞)
    >>> parse_value("1_000", "B's value")
    Traceback (most recent call last):
    ...
    ValueError: B's value, '1_000', has '_' (an underscore) in it; type numbers with the plain digits 0-9, such as 1000
    """
    if not isinstance(text, str):
        raise TypeError(f"{where} must be text, not {describe(text)}")
    body = text.strip().replace("\u2212", "-")  # the real minus sign, as drawn
    body = re.sub(r"^(<=|>=|\u2264|\u2265|<|>)\s*", "", body)
    if not body:
        return None
    if body.lower() in _INFINITY:
        return _INFINITY[body.lower()]
    try:
        return read_number(body, where)
    except ValueError as error:
        if "plain digits" in str(error) or "largest score" in str(error):
            raise
        clipped = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        raise ValueError(f"{where} is {clipped!r}, which is not a number; type a whole number "
                         f"such as 3 or -2 ({TYPE_INFINITY})") from None


# --- the answer -----------------------------------------------------------------


def _frozen_numbers(entries: object, what: str) -> Mapping[NodeName, Value]:
    if entries is None:
        return MappingProxyType({})
    if not isinstance(entries, Mapping):
        raise TypeError(f"{what} must be a dict of node name -> number such as {{'B': 3}}, "
                        f"not {type(entries).__name__}")
    clean = {}
    for name, value in entries.items():
        if not isinstance(name, str):
            raise TypeError(f"{what}: node names are text such as 'B', not {describe(name)}")
        if value is None:  # a blank box
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"{what}[{shown(name)}] is {describe(value)}; write a number such as 3 "
                            f"(or math.inf for an unbounded alpha or beta)")
        check_score(value, f"{what}[{shown(name)}]", infinite=True)
        clean[name.strip().upper()] = value
    return MappingProxyType(clean)


@dataclass(frozen=True)
class Answer:
    """A student's work on an exercise.  Immutable; blank boxes are left out.

    Examples
    --------
    >>> answer = Answer(values={"A": 3, "B": 3, "C": 2, "D": 2}, pruned={"I", "J"})
    >>> answer.values["C"], sorted(answer.pruned)
    (2, ['I', 'J'])

    Making an Answer never raises, since a student writes it in a cell of
    their own: an answer that cannot be read (a number written as text, a
    single name for ``pruned``) keeps nothing and says why in
    :attr:`unreadable`, which :func:`gametree.practice.check` raises as a
    TypeError and the notebooks' checkers print as "Cannot read that: ...".

    >>> Answer(values={"A": "3"}).unreadable
    "values['A'] is '3' (str); write a number such as 3 (or math.inf for an unbounded alpha or beta)"
    >>> Answer(pruned="I").unreadable
    "pruned must be a set of node names such as {'I', 'J'}, not 'I' (str)"
    >>> answer.unreadable
    ''
    """

    values: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> the value alpha-beta returns there (internal nodes only)."""
    pruned: Set[NodeName] = frozenset()
    """Names of the nodes whose incoming edge is crossed out: a leaf, or the
    root of a pruned subtree (everything under it counts as pruned)."""
    alphas: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> alpha at that node when it returns."""
    betas: Mapping[NodeName, Value] = field(default_factory=dict)
    """Node name -> beta at that node when it returns."""
    unreadable: str = field(default="", init=False)
    """Why the answer as written cannot be read, in a sentence that says how
    to write it; empty when it can.  An unreadable answer holds no values,
    marks or bounds."""
    _error: type[Exception] = field(default=TypeError, init=False, repr=False, compare=False)
    """The kind of error :attr:`unreadable` is (see :meth:`raise_unreadable`)."""

    def raise_unreadable(self) -> None:
        """Raise the TypeError or ValueError that :attr:`unreadable` describes,
        if the answer cannot be read; else nothing."""
        if self.unreadable:
            raise self._error(self.unreadable)

    def __post_init__(self):
        try:
            self._read()
        except (TypeError, ValueError) as error:
            for name in ("values", "alphas", "betas"):
                object.__setattr__(self, name, MappingProxyType({}))
            object.__setattr__(self, "pruned", frozenset())
            object.__setattr__(self, "unreadable", str(error))
            object.__setattr__(self, "_error", type(error))

    def _read(self) -> None:
        """Check and freeze the fields as given, or raise saying what is wrong."""
        for name, what in (("values", "values"), ("alphas", "alphas"), ("betas", "betas")):
            object.__setattr__(self, name, _frozen_numbers(getattr(self, name), what))
        pruned = self.pruned
        if isinstance(pruned, str) or not isinstance(pruned, Iterable):
            raise TypeError(f"pruned must be a set of node names such as {{'I', 'J'}}, "
                            f"not {describe(pruned)}")
        names = []
        for name in pruned:
            if not isinstance(name, str):
                raise TypeError(f"pruned holds {describe(name)}; name nodes with text such "
                                f"as 'I'")
            names.append(name.strip().upper())
        object.__setattr__(self, "pruned", frozenset(names))

    __hash__ = None  # type: ignore[assignment]  # the mappings are not hashable


# --- the mistakes ---------------------------------------------------------------


class MistakeKind(str, enum.Enum):
    """What is wrong with one box or mark of an answer."""

    WRONG_VALUE = N_("wrong value")
    """A node's value is blank, or follows neither from its searched
    children (as the student filled them in) nor is the true value."""
    WRONG_BOUND = N_("wrong bound")
    """alpha or beta is blank where asked, or is neither the true one nor
    the one that follows from the student's values."""
    MISSED_CUTOFF = N_("missed cutoff")
    """The student searched a branch that alpha-beta prunes."""
    OVER_PRUNED = N_("over-pruned")
    """The student crossed out a branch that alpha-beta must search."""
    NOT_A_REORDERING = N_("not a reordering")
    """(Reorder task) The tree is not the original with children reordered:
    a score was changed, or a leaf moved to another parent."""
    EMPTY = N_("empty")
    """Nothing is filled in yet.  Given alone, so that checking an empty
    answer tells nothing of the solution (not even which leaves are
    pruned)."""
    NOT_BEST_FIRST = N_("not best first")
    """(Reorder task) A hint: searching this node's best child first would
    let alpha-beta prune more."""

    def __str__(self) -> str:
        """The kind in the language in force (the value stays English)."""
        return gettext(self.value)


class Mistake(NamedTuple):
    """One wrong box or mark, and why.  Immutable."""

    node: NodeName
    """The node to mark on the drawing (for a pruning mistake, the node
    whose incoming edge is, or should be, crossed out)."""
    kind: MistakeKind
    """What kind of mistake it is."""
    field: str
    """Which box: "value", "alpha", "beta", "pruned", "order", or "answer"
    (an :attr:`~MistakeKind.EMPTY` answer)."""
    explanation: str
    """One sentence in textbook words saying why it is wrong."""

    def __str__(self) -> str:
        return f"{self.node} ({self.kind}): {self.explanation}"


# --- naming nodes ---------------------------------------------------------------


def internal_range(tree: Tree) -> str:
    internal = [n for n in tree if not n.is_leaf]
    return f"{internal[0].name} to {internal[-1].name}" if len(internal) > 1 else internal[0].name


def node_named(tree: Tree, name: object, what: str) -> Node:
    """The node ``name`` names in the answer's field ``what`` (by name, as a
    student writes it): :meth:`Tree.node`, with the field in the message."""
    if not isinstance(name, str):
        raise TypeError(f"{what}: name nodes with text such as 'B', not {describe(name)}")
    return tree.node(name, what)
