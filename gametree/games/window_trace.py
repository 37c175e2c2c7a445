"""The null-window searches of a tree, recorded: what their steps say.

The searches of :mod:`gametree.games.windows` (the null-window test, PVS,
MTD(f)) run on a :class:`~gametree.games.TreeGame` with a
:class:`TreeRecorder`, which records their steps as a :class:`WindowTrace`
(a :class:`gametree.Trace`) whose steps carry the phase under way, a
table's bound and the names of the pseudocode lines they run
(:class:`WindowDetail`).  :class:`WindowWords` says those steps in words:
a pass, a null-window test or a re-search against its window (``it fails
high, so the value is at least 3``), a node the table settles, and
alpha-beta's own words for the rest.  The pseudocode listings themselves
stay beside their searches, in :mod:`gametree.games.windows`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import inf
from typing import NamedTuple, Protocol

from ..i18n import N_
from ..i18n import gettext as _
from ..listing import Listing, shown_line
from ..replay import (
    ENTER,
    LEAF,
    PASS,
    RESEARCH,
    RETURN,
    TABLE,
    Notes,
    Phase,
    PhaseKind,
    Step,
    StepKind,
    Trace,
    Words,
)
from ..rules import CutRule
from ..text import fmt
from ..trace import alpha_beta_caption
from ..tree import MAX, Node, Value
from .search import S_contra
from .tree import TreeGame

__all__ = ["Names", "WindowRecorder", "WindowDetail", "WindowWords", "WindowTrace", "TreeRecorder"]


Names = tuple[str, ...]
"""The names of pseudocode lines a step runs (see :class:`~gametree.listing.Listing`)."""


class WindowRecorder(Protocol[S_contra]):
    """What the searches of :mod:`gametree.games.windows` tell a recorder: every step of
    :func:`~gametree.games.alpha_beta` (the
    :class:`~gametree.games.search.Recorder` protocol), perhaps with the
    names of the pseudocode lines it executes, and where each pass,
    null-window test or re-search begins and ends.  :class:`TreeRecorder`
    records a search of a :class:`~gametree.games.TreeGame`."""

    def step(self, kind: StepKind, state: S_contra, v: Value, alpha: Value, beta: Value, *,
             bound: str | None = None, names: Names | None = None) -> None:
        """The search did ``kind`` at ``state`` (see ``Recorder.step``),
        executing the lines called ``names`` (None: those of ``kind``)."""

    def also(self, names: Names) -> None:
        """Add the lines called ``names`` to the lines of the step recorded last."""

    def begin(self, kind: PhaseKind, state: S_contra, alpha: Value, beta: Value, label: str, *,
              lower: Value = -inf, upper: Value = inf) -> int:
        """A phase starts with the next step; returns its number for :meth:`end`."""

    def end(self, number: int) -> None:
        """The phase ``number`` ends with the step recorded last."""


class WindowDetail(NamedTuple):
    """What a step of a null-window search records besides the core fields (its
    :attr:`gametree.Step.detail`)."""

    phase: Phase | None
    """The pass, null-window test or re-search under way (the innermost), or None."""
    bound: str | None
    """TABLE: what the stored value says: ``exact``, ``lower`` (the value is
    at least it) or ``upper`` (at most it); None for other steps."""
    names: Names
    """The names of the lines of the search's pseudocode the step executes."""


@dataclass(frozen=True)
class WindowWords(Words):
    """The words of the null-window searches: a pass, a null-window test or a
    re-search said against its window (``it fails high, so the value is at
    least 3``), a node the table settles, and alpha-beta's own words for the
    rest; the lines each step runs, as the search recorded their names."""

    name: str = ""
    """The search's name: ``PVS``, ``MTD(f)``, ``null-window test``."""
    used: frozenset[str] = frozenset()
    """Every line name the search records."""
    narrows: bool = False
    """True for MTD(f), whose passes narrow the bounds on the value until they meet."""

    def line_names(self, step: Step) -> Names:
        return step.detail.names

    def used_names(self) -> frozenset[str]:
        return self.used

    def caption(self, step: Step) -> str:
        kind, phase = step.kind, step.phase
        if kind in _PHASE_CAPTIONS:
            return _PHASE_CAPTIONS[kind](step)
        if phase is not None and phase.node == step.node:
            if kind is ENTER:
                return _phase_enter_caption(step, phase)
            if kind in (RETURN, LEAF):
                return _phase_end_caption(step, phase, self.narrows)
        return alpha_beta_caption(step, self.rule)


def _table_caption(step: Step) -> str:
    """A node the table settles: what it holds, and why that answers."""
    node, value = step.node, fmt(step.v)
    bound = step.detail.bound
    if bound == "exact":
        said = _("{node}: the table holds {name} = {value} (exact): return {value} without "
                 "searching {name}")
        return said.format(node=node.title, name=node.name, value=value)
    if bound == "lower":
        said = _("{node}: the table holds {name} >= {value} (a lower bound), and {value} >= beta = "
                 "{beta}: return {value} without searching {name}")
        return said.format(node=node.title, name=node.name, value=value, beta=fmt(step.beta))
    said = _("{node}: the table holds {name} <= {value} (an upper bound), and {value} <= alpha = "
             "{alpha}: return {value} without searching {name}")
    return said.format(node=node.title, name=node.name, value=value, alpha=fmt(step.alpha))


def _research_caption(step: Step) -> str:
    """A child's test failed high inside the window: it is searched again."""
    node, child, got = step.node, step.child, fmt(step.value)
    assert child is not None
    window = (f"({got}, {fmt(step.beta)})" if node.player is MAX
              else f"({fmt(step.alpha)}, {got})")
    return _("{node}: {child}'s null-window test returned {got}, and alpha = {alpha} < {got} < "
             "beta = {beta}: search {child} again with the window {window}").format(
        node=node.title, child=child.name, got=got, alpha=fmt(step.alpha), beta=fmt(step.beta),
        window=window)


def _pass_caption(step: Step) -> str:
    """A pass starts at the root: its label, and what is known so far."""
    phase = step.phase
    assert phase is not None
    known = _known(phase.lower, phase.upper)
    label = shown_line(phase.label)
    return _("{label}; so far {known}").format(label=label, known=known) if known else label


_PHASE_CAPTIONS = {TABLE: _table_caption, RESEARCH: _research_caption, PASS: _pass_caption}

_WINDOW_WORDS = {PhaseKind.PASS: N_("the window under test"), PhaseKind.TEST: N_("a null window"),
                 PhaseKind.RESEARCH: N_("the re-search's window")}


def _phase_enter_caption(step: Step, phase: Phase) -> str:
    return _("{node}: enter with alpha = {alpha}, beta = {beta} ({window}); v = {v}").format(
        node=step.node.title, alpha=fmt(step.alpha), beta=fmt(step.beta),
        window=_(_WINDOW_WORDS[phase.kind]), v=fmt(step.v))


def _phase_end_caption(step: Step, phase: Phase, narrows: bool) -> str:
    """The RETURN (or LEAF) of the node a phase searches: what its value
    says, against the phase's window."""
    node, r = step.node, step.value
    assert r is not None
    said = (_("{node} returns v = {value}").format(node=node.title, value=fmt(r))
            if step.kind is RETURN else
            _("Leaf {name}: evaluate, score {score}").format(name=node.name, score=fmt(r)))
    if phase.kind is PhaseKind.RESEARCH:
        return _("{said}, searched again with ({alpha}, {beta})").format(
            said=said, alpha=fmt(phase.alpha), beta=fmt(phase.beta))
    whose = phase.kind is not PhaseKind.PASS
    if r >= phase.beta:
        verdict = (_("{said} >= beta = {beta}: it fails high, so {name}'s value is at least {r}")
                   if whose else
                   _("{said} >= beta = {beta}: it fails high, so the value is at least {r}")).format(
            said=said, beta=fmt(phase.beta), name=phase.node.name, r=fmt(r))
        lower, upper = r, phase.upper
    elif r <= phase.alpha:
        verdict = (_("{said} <= alpha = {alpha}: it fails low, so {name}'s value is at most {r}")
                   if whose else
                   _("{said} <= alpha = {alpha}: it fails low, so the value is at most {r}")).format(
            said=said, alpha=fmt(phase.alpha), name=phase.node.name, r=fmt(r))
        lower, upper = phase.lower, r
    else:
        verdict = (_("{said}, inside the window: it is {name}'s value") if whose else
                   _("{said}, inside the window: it is the value")).format(said=said,
                                                                           name=phase.node.name)
        lower = upper = r
    if phase.kind is PhaseKind.PASS and narrows:
        verdict = (_("{verdict} (now {known})").format(verdict=verdict, known=_known(lower, upper))
                   if lower < upper else
                   _("{verdict}: lower bound = upper bound = {value}, the value of the tree").format(
                       verdict=verdict, value=fmt(r)))
    return verdict


def _known(lower: Value, upper: Value) -> str:
    """What bounds say of the value, in words; empty when they say nothing."""
    if lower == -inf and upper == inf:
        return ""
    if upper == inf:
        return _("value >= {low}").format(low=fmt(lower))
    if lower == -inf:
        return _("value <= {high}").format(high=fmt(upper))
    return _("{low} <= value <= {high}").format(low=fmt(lower), high=fmt(upper))


class WindowTrace(Trace):
    """The recorded search of a tree by a null-window search (see
    :class:`TreeRecorder`): a :class:`gametree.Trace` whose steps carry
    their phase, their table bound and the lines they run
    (:class:`WindowDetail`)."""

    def _detail(self, index: int) -> WindowDetail:
        assert self.notes is not None
        return WindowDetail(self.phase_at(index), self.bound_at(index), self.notes.names[index])


def _used(steps: Mapping[object, Names]) -> frozenset[str]:
    return frozenset(name for names in steps.values() for name in names)


class TreeRecorder:
    """Records a search of a :class:`~gametree.games.TreeGame` as a :class:`gametree.Trace`.

    A search calls :meth:`step` at every step (the one
    :class:`~gametree.games.search.Recorder` protocol that
    :func:`~gametree.games.alpha_beta` uses), and :meth:`begin` and
    :meth:`end` around each pass, null-window test or re-search.  States
    are the tree's nodes.

    Parameters
    ----------
    game : TreeGame
        The tree being searched.
    name : str
        The search's name, as the trace will give it.
    listing : Listing
        The search's pseudocode, its lines named.
    steps : mapping
        The line names the search records: (StepKind, "MAX" or "MIN") ->
        the names of the lines a step of that kind executes, for steps
        recorded without names of their own; other keys name the lines
        the search passes itself.  Every name must be in ``listing``.
    narrows : bool
        True for MTD(f): its passes' captions say how the bounds narrow.
    """

    def __init__(self, game: TreeGame, name: str, listing: Listing,
                 steps: Mapping[object, Names], *, narrows: bool = False):
        self.game = game
        self.name = name
        self.listing = listing
        self._names_of = {key: names for key, names in steps.items() if isinstance(key, tuple)}
        self._used = _used(steps)
        listing.numbers(sorted(self._used))  # every name is the listing's, or a clear ValueError
        self._narrows = narrows
        self._records: list = []
        self._evaluated: list[int] = []
        self._names: list[Names] = []
        self._bounds: list[tuple[int, str]] = []
        self._phases: list[list] = []  # [kind, node, alpha, beta, label, start, end, lower, upper]

    def __len__(self) -> int:
        """Steps recorded so far."""
        return len(self._names)

    def step(self, kind: StepKind, state: Node, v: Value, alpha: Value, beta: Value, *,
             bound: str | None = None, names: Names | None = None) -> None:
        """Record one step at the node ``state``."""
        if kind is LEAF:
            self._evaluated.append(state.id)
        if bound is not None:
            self._bounds.append((len(self), str(bound)))
        self._records.extend((kind, state.id, v, alpha, beta))
        self._names.append(self._names_of.get((kind, state.player.value), ()) if names is None
                           else names)

    def also(self, names: Names) -> None:
        """Add the lines called ``names`` to the lines of the step recorded last."""
        self._names[-1] = self._names[-1] + tuple(names)

    def begin(self, kind: PhaseKind, state: Node, alpha: Value, beta: Value, label: str, *,
              lower: Value = -inf, upper: Value = inf) -> int:
        """A phase starts with the next step; returns its number for :meth:`end`."""
        self._phases.append([kind, state, alpha, beta, label, len(self), -1, lower, upper])
        return len(self._phases) - 1

    def end(self, number: int) -> None:
        """The phase ``number`` ends with the step recorded last."""
        self._phases[number][6] = len(self) - 1

    def trace(self, rule: CutRule = CutRule.TIES) -> Trace:
        """The trace of everything recorded."""
        phases = tuple(Phase(kind, node, alpha, beta, label, start, end, lower, upper, self.name)
                       for kind, node, alpha, beta, label, start, end, lower, upper in self._phases)
        notes = Notes(self.name, tuple(self._names), phases, tuple(self._bounds))
        words = WindowWords(self.listing, rule, name=self.name, used=self._used,
                            narrows=self._narrows)
        return WindowTrace(self.game.tree, self._records, self._evaluated, words, notes)
