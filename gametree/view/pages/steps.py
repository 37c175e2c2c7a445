"""The step-through protocol: what a page (or a widget) needs of anything steppable.

A steppable search is read through six things, and nothing else:

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

:class:`Steppable` states it as a :class:`typing.Protocol`;
:class:`TraceSteps` implements it for every recorded tree search
(alpha-beta, fail-hard, expectiminimax and Star1 traces, PVS and MTD(f)
traces of :mod:`gametree.games.windows`, and max^n traces of
:mod:`gametree.vectors`), and :func:`steps_of` picks the adapter for an object.
Another search (MCTS iterations, say) joins by offering the same names;
:func:`gametree.view.pages.html` then replays it without change.  This is
the seed of one protocol for the Stepper and the page export alike.

The jump names and the buttons that follow them are in :data:`JUMPS`.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from ...trace import StepKind, Trace
from ...tree import as_tree

__all__ = ["Steppable", "TraceSteps", "steps_of", "JUMPS", "svg_settings"]

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


def svg_settings() -> dict:
    """matplotlib settings that make an SVG the same on every run: glyphs
    as paths (the picture needs no font on the reader's machine, and steps
    share them), fixed ids."""
    return {"svg.fonttype": "path", "svg.hashsalt": "gametree", "svg.image_inline": True}


_PROLOG = re.compile(r"\A.*?(?=<svg\b)", re.DOTALL)
_POINTS = re.compile(r'(<svg\b[^>]*?\b(?:width|height)="[0-9.]+)pt"')


class TraceSteps:
    """A recorded tree search (:class:`~gametree.trace.Trace`, a chance,
    PVS, MTD(f) or max^n trace) as a :class:`Steppable`.

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
        self.code = tuple(trace.code)
        jumps = {"cutoffs": tuple(step.index for step in trace.cutoffs)}
        kinds = {"passes": StepKind.PASS, "re-searches": StepKind.RESEARCH}
        for name, kind in kinds.items():
            starts = tuple(phase.start for phase in trace.phases if trace[phase.start].kind is kind)
            if starts:
                jumps[name] = starts
        self.jumps: Mapping[str, tuple[int, ...]] = jumps
        self._plot: Any = None  # a TracePlot or MaxnPlot, made at the first picture

    def __len__(self) -> int:
        return len(self.trace)

    def caption(self, index: int) -> str:
        return self.trace[index].caption

    def counter(self, index: int) -> str:
        from ..draw import counter_text

        step = self.trace[index]
        if self.trace.search == "maxn":
            return f"evaluated {step.evaluated} of {len(self.trace.tree.leaves)} leaves"
        text = counter_text(self.trace, step.evaluated)
        return text if step.phase is None else f"{step.phase.label}  ·  {text}"

    def lines(self, index: int) -> tuple[int, ...]:
        return tuple(self.trace[index].lines)

    def _shown(self, index: int):
        if self._plot is None:
            if self.trace.search == "maxn":
                from ..maxn import MaxnPlot

                self._plot = MaxnPlot(self.trace, caption=False, counter=False)
            else:
                from ..draw import TracePlot

                self._plot = TracePlot(self.trace, caption=False, counter=False)
        return self._plot.show(index)

    def picture(self, index: int) -> str:
        import matplotlib

        plot = self._shown(index)
        out = io.StringIO()
        with matplotlib.rc_context(svg_settings()):
            plot.figure.savefig(out, format="svg", metadata={"Date": None})
        # One pixel per point, as the Stepper shows it.
        svg = _PROLOG.sub("", out.getvalue(), count=1)
        return _POINTS.sub(r'\1px"', _POINTS.sub(r'\1px"', svg, count=1), count=1)

    def alt(self, index: int) -> str:
        return self._shown(index).alt_text()


def steps_of(obj) -> Steppable:
    """``obj`` as a :class:`Steppable`: itself if it is one, a Trace through
    :class:`TraceSteps`, a tree (anything :func:`gametree.as_tree` takes)
    searched as the Stepper searches it (:func:`gametree.trace_search`).

    >>> len(steps_of([[3, 5], [2, 9]]))
    15
    """
    if isinstance(obj, Trace):
        return TraceSteps(obj)
    if isinstance(obj, Steppable):
        return obj
    from ...solve import trace_search

    return TraceSteps(trace_search(as_tree(obj)))
