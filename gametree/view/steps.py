"""The step-through protocol: what a page or a widget needs of anything steppable.

A steppable search is read through these names, and nothing else:

==========================  ====================================================
``len(steps)``              how many steps there are (step 0 to ``len - 1``)
``steps.caption(i)``        what step ``i`` does, in one sentence
``steps.counter(i)``        a short line of progress ("evaluated 4 of 9 leaves")
``steps.code``              the pseudocode listing, one string per line
``steps.lines(i)``          the listing's lines step ``i`` executes (from 1)
``steps.picture(i)``        the picture of step ``i`` as SVG text
``steps.alt(i)``            the same picture in words (alt text)
``steps.jumps``             named jump lists: "cutoffs", "passes",
                            "re-searches", "iterations" -> step indices
``steps.title``             the search's name, for a page's heading
==========================  ====================================================

The adapters below also give ``steps.listing``, the
:class:`~gametree.listing.Listing` whose text ``steps.code`` is, and
``steps.line_names(i)``, the names of the lines step ``i`` runs;
``lines(i)`` is those names resolved by ``listing.numbers``.

That is :class:`Steppable`, all a kernel-free page
(:func:`gametree.view.pages.html`) reads.  The step-through widget
(:class:`gametree.widgets.Stepper`) reads two more names, which make
:class:`KernelSteppable`:

==========================  ====================================================
``steps.plot(figsize=,      a :class:`StepPlot`: one persistent figure that
theme=)``                   draws any step in place (``show(i)``), updating
                            only what changed, as PNG bytes (``png()``) with
                            its alt text (``alt_text()``)
``steps.width()``           pixels across the picture needs at one pixel per
                            point (the widget lays itself out around it)
==========================  ====================================================

The adapters:

* :class:`TraceSteps`: every recorded tree search (alpha-beta, fail-hard,
  expectiminimax and Star1 traces, PVS and MTD(f) traces of
  :mod:`gametree.games.windows`, max^n traces of :mod:`gametree.vectors`);
* :class:`MctsSteps`: the iterations of a recorded UCT search
  (:func:`gametree.games.uct_search`): step 0, then each iteration's
  SELECT, EXPAND, SIMULATE and BACK-PROPAGATE;
* :func:`steps_of` picks the adapter for an object.

Another search joins by offering the same names; the page and the widget
then replay it without change.  The pseudocode lines a step highlights are
named by the search (:class:`gametree.listing.Listing`) and resolved to
numbers here, by :meth:`Listing.numbers`.

The jump names and the buttons that follow them are in :data:`JUMPS`.
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from ..games.mcts import MctsResult, Phase
from ..i18n import N_, ngettext
from ..i18n import gettext as _
from ..listing import Listing
from ..text import fmt
from ..trace import StepKind, Trace
from ..tree import as_tree
from ..vectors import MaxnTrace, MaxnTree

__all__ = ["Steppable", "KernelSteppable", "StepPlot", "TraceSteps", "MctsSteps", "steps_of", "with_theme",
           "JUMPS", "svg_settings", "MCTS_LISTING", "MCTS_LINES"]

JUMPS = {"cutoffs": "next cutoff", "passes": "next pass", "re-searches": "next re-search",
         "iterations": "next iteration"}
"""Every jump list a steppable may offer, and the accessible name of the
button that goes to the next step in it."""


@runtime_checkable
class Steppable(Protocol):
    """What a page replays: see the module's docstring for each name."""

    title: str
    code: tuple[str, ...]
    jumps: Mapping[str, tuple[int, ...]]

    def __len__(self) -> int: ...

    def caption(self, index: int) -> str: ...

    def counter(self, index: int) -> str: ...

    def lines(self, index: int) -> tuple[int, ...]: ...

    def picture(self, index: int) -> str: ...

    def alt(self, index: int) -> str: ...


class StepPlot(Protocol):
    """A persistent drawing of a steppable, as the widget uses it."""

    figure: Any

    def show(self, index: int, /) -> Any:
        """Draw step ``index`` in place; returns the plot."""

    def png(self) -> bytes:
        """The step shown, as PNG bytes at one pixel per point."""

    def alt_text(self) -> str:
        """The step shown, in words."""


@runtime_checkable
class KernelSteppable(Steppable, Protocol):
    """A :class:`Steppable` the in-kernel widget can step: see the module's docstring."""

    def plot(self, *, figsize: tuple[float, float] | None = None, theme=None) -> StepPlot: ...

    def width(self) -> int: ...


def svg_settings() -> dict:
    """matplotlib settings that make an SVG the same on every run: glyphs
    as paths (the picture needs no font on the reader's machine, and steps
    share them), fixed ids."""
    return {"svg.fonttype": "path", "svg.hashsalt": "gametree", "svg.image_inline": True}


_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_POINTS = re.compile(r'(<svg\b[^>]*?\b(?:width|height)="[0-9.]+)pt"')


def _svg(figure) -> str:
    """``figure`` as SVG text, one pixel per point (as the Stepper shows it)."""
    import matplotlib

    out = io.StringIO()
    with matplotlib.rc_context(svg_settings()):
        figure.savefig(out, format="svg", metadata={"Date": None})
    svg = _PROLOG.sub("", out.getvalue(), count=1)
    return _POINTS.sub(r'\1px"', _POINTS.sub(r'\1px"', svg, count=1), count=1)


class _Drawn:
    """The pictures of a steppable that makes its :meth:`plot`: one plot,
    made at the first picture, shows each step asked for."""

    _plot: Any = None
    theme: Any = None
    """The theme :meth:`picture` draws with (None: the default look); see
    :func:`with_theme`."""

    def plot(self, *, figsize: tuple[float, float] | None = None, theme=None) -> StepPlot:
        raise NotImplementedError

    def _shown(self, index: int):
        if self._plot is None:
            self._plot = self.plot(theme=self.theme)
        return self._plot.show(index)

    def picture(self, index: int) -> str:
        return _svg(self._shown(index).figure)

    def alt(self, index: int) -> str:
        return self._shown(index).alt_text()


class TraceSteps(_Drawn):
    """A recorded tree search (:class:`~gametree.trace.Trace`, a chance,
    PVS, MTD(f) or max^n trace) as a :class:`KernelSteppable`.

    The picture is the Stepper's drawing (caption and counter left to the
    page), written by matplotlib's SVG backend.

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> steps = TraceSteps(trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3))
    >>> len(steps), dict(steps.jumps)
    (26, {'cutoffs': (13,)})
    >>> steps.caption(13)
    'MIN node C: alpha = 3 >= beta = 2, prune 2 children (leaves 4, 6)'
    >>> [steps.code[n - 1].strip() for n in steps.lines(13)]
    ['if alpha >= beta: prune the other children; break']
    >>> steps.picture(13).startswith("<svg")
    True
    """

    def __init__(self, trace: Trace):
        if not isinstance(trace, Trace):
            raise TypeError(f"TraceSteps takes a recorded search (a Trace), not "
                            f"{type(trace).__name__}; record one with gametree.trace_search")
        self.trace = trace
        self.title = trace.algorithm
        self.listing: Listing = trace.listing
        self.code = trace.listing.shown()  # in the language in force
        jumps = {"cutoffs": tuple(step.index for step in trace.cutoffs)}
        kinds = {"passes": StepKind.PASS, "re-searches": StepKind.RESEARCH}
        for name, kind in kinds.items():
            starts = tuple(phase.start for phase in trace.phases if trace[phase.start].kind is kind)
            if starts:
                jumps[name] = starts
        self.jumps: Mapping[str, tuple[int, ...]] = jumps

    def __len__(self) -> int:
        return len(self.trace)

    def caption(self, index: int) -> str:
        return self.trace[index].caption

    def counter(self, index: int) -> str:
        from .draw import counter_text

        step = self.trace[index]
        if self.trace.search == "maxn":
            return f"evaluated {step.evaluated} of {len(self.trace.tree.leaves)} leaves"
        text = counter_text(self.trace, step.evaluated)
        return text if step.phase is None else f"{step.phase.label}  ·  {text}"

    def lines(self, index: int) -> tuple[int, ...]:
        return tuple(self.trace[index].lines)

    def line_names(self, index: int) -> tuple[str, ...]:
        return tuple(self.trace[index].line_names)

    def plot(self, *, figsize: tuple[float, float] | None = None, theme=None) -> StepPlot:
        """A new drawing of the search without caption or counter (the
        widget and the page show both themselves), ``figsize`` inches at
        72 dpi (by default the size the tree needs)."""
        options: dict[str, Any] = {"caption": False, "counter": False, "figsize": figsize,
                                   "theme": theme}
        plot_class: Any
        if self.trace.search == "maxn":
            from .maxn import MaxnPlot

            plot_class = MaxnPlot
        else:
            from .draw import TracePlot

            plot_class = TracePlot
        return plot_class(self.trace, **options)

    def width(self) -> int:
        """Pixels across the tree needs at the screen's largest fonts."""
        if isinstance(self.trace, MaxnTrace):
            from .maxn import needed_size

            return round(needed_size(self.trace)[0])
        from . import labels
        from .layout import tidy_layout

        tree = self.trace.tree
        return round(labels.needed_width(tree, tidy_layout(tree), labels.SCREEN_FONTS[-1]))


MCTS_LISTING = Listing.of("MONTE-CARLO-TREE-SEARCH", [
    ("", "function MONTE-CARLO-TREE-SEARCH(state)"),
    ("tree", "  tree ← NODE(state)"),
    ("loop", "  while IS-TIME-REMAINING() do"),
    ("select", "    leaf ← SELECT(tree)"),
    ("expand", "    child ← EXPAND(leaf)"),
    ("simulate", "    result ← SIMULATE(child)"),
    ("back-propagate", "    BACK-PROPAGATE(result, child)"),
    ("return", "  " + N_("return the move with the most playouts")),
])
"""AIMA 4e's MONTE-CARLO-TREE-SEARCH (Figure 5.11), as the widget and the page show it."""

MCTS_LINES: Mapping[Phase | None, str] = {
    None: "tree", Phase.SELECT: "select", Phase.EXPAND: "expand", Phase.SIMULATE: "simulate",
    Phase.BACK_PROPAGATE: "back-propagate"}
"""The line of :data:`MCTS_LISTING` each phase runs; step 0 is the tree's creation."""


class MctsSteps(_Drawn):
    """The iterations of a recorded UCT search as a :class:`KernelSteppable`:
    step 0 (the root alone), then each iteration's SELECT, EXPAND, SIMULATE
    and BACK-PROPAGATE (:meth:`gametree.games.mcts.MctsResult.step`).

    Parameters
    ----------
    result : MctsResult
        A search run with ``record=True`` (the default).

    Examples
    --------
    >>> from gametree.games import TicTacToe, TicTacToeState, uct_search
    >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=30, seed=1)
    >>> steps = MctsSteps(result)
    >>> len(steps), steps.jumps["iterations"][:3]
    (121, (1, 5, 9))
    >>> [steps.code[n - 1].strip() for n in steps.lines(14)]
    ['child ← EXPAND(leaf)']
    >>> steps.counter(16)
    'iterations done: 4 of 30; root: 4 playouts; most played move: X7 (2/2)'
    """

    def __init__(self, result: MctsResult):
        from ..text import describe

        if not isinstance(result, MctsResult):
            raise TypeError(f"expected the result of gametree.games.uct_search, such as "
                            f"uct_search(game, state, iterations=30, seed=1), not {describe(result)}")
        if not result.record:
            raise ValueError("this search was run with record=False, so it cannot be stepped "
                             "through; run uct_search(..., record=True)")
        self.result = result
        self.title = f"Monte-Carlo tree search (UCT, C = {result.exploration:.2f})"
        self.listing = MCTS_LISTING
        self.code = MCTS_LISTING.shown()
        self.jumps: Mapping[str, tuple[int, ...]] = {"iterations": tuple(range(1, result.steps, 4))}

    def __len__(self) -> int:
        return self.result.steps

    def caption(self, index: int) -> str:
        return self.result.step(index).caption

    def counter(self, index: int) -> str:
        """The iterations done, the root's playouts and its most played move so far."""
        step = self.result.step(index)
        root = step.tree.root
        done = step.iteration - (step.phase is not Phase.BACK_PROPAGATE) if step.phase else 0
        text = ngettext("iterations done: {done} of {count}; root: {visits} playout",
                        "iterations done: {done} of {count}; root: {visits} playouts",
                        root.visits).format(done=done, count=len(self.result.record),
                                            visits=root.visits)
        children = step.tree.children(root)
        if children:
            best = max(children, key=lambda child: child.visits)
            text = _("{text}; most played move: {move} ({wins}/{visits})").format(
                text=text, move=best.label, wins=fmt(best.wins), visits=best.visits)
        return text

    def lines(self, index: int) -> tuple[int, ...]:
        return MCTS_LISTING.numbers(self.line_names(index))

    def line_names(self, index: int) -> tuple[str, ...]:
        return (MCTS_LINES[self.result.step(index).phase],)

    def plot(self, *, figsize: tuple[float, float] | None = None, theme=None) -> StepPlot:
        """A new :class:`~gametree.view.mcts.MctsPlot` without its header
        (the widget and the page show the caption themselves)."""
        from .mcts import MctsPlot

        return MctsPlot(self.result, figsize=figsize, header=False, theme=theme)

    def width(self) -> int:
        """Pixels across the picture needs: the drawing fits its tree into
        any width (fewer labels when crowded), and 600 pixels keep the
        statistics of a notebook's search legible."""
        return 600


def with_theme(steps: Steppable, theme=None) -> Steppable:
    """``steps`` with its pictures (:meth:`~Steppable.picture`) drawn in
    ``theme`` (a Theme, a name or a mapping: :func:`gametree.view.theme.theme_of`).
    ``steps`` itself is left as it is: an adapter of this module comes back
    as a copy that draws in the theme; a steppable of another kind, or
    ``theme=None``, comes back unchanged (it draws as it does).

    >>> from gametree import trace_alpha_beta
    >>> steps = steps_of(trace_alpha_beta([[3, 5], [2, 9]]))
    >>> with_theme(steps, "print").picture(4) != steps.picture(4)
    True
    """
    if theme is None or not isinstance(steps, _Drawn):
        return steps
    from .theme import theme_of

    themed = copy.copy(steps)
    themed.theme = theme_of(theme)
    themed._plot = None
    return themed


def steps_of(obj) -> Steppable:
    """``obj`` as a :class:`Steppable`: itself if it is one, a Trace through
    :class:`TraceSteps`, a recorded UCT search through :class:`MctsSteps`,
    a :class:`~gametree.vectors.MaxnTree` searched by max^n, a tree
    (anything :func:`gametree.as_tree` takes) searched as the Stepper
    searches it (:func:`gametree.trace_search`).

    >>> len(steps_of([[3, 5], [2, 9]]))
    15
    """
    if isinstance(obj, Trace):
        return TraceSteps(obj)
    if isinstance(obj, MctsResult):
        return MctsSteps(obj)
    if isinstance(obj, MaxnTree):
        from ..vectors import trace_maxn

        return TraceSteps(trace_maxn(obj))
    if isinstance(obj, Steppable):
        return obj
    from ..solve import trace_search

    return TraceSteps(trace_search(as_tree(obj)))
