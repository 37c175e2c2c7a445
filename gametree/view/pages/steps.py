"""The step-through protocol, as the pages read it: :mod:`gametree.view.steps`
documents it (and the widget's part of it) in one place; the names are
re-exported here for the pages and their readers."""

from __future__ import annotations

from ..steps import (
    JUMPS,
    KernelSteppable,
    MctsSteps,
    Steppable,
    StepPlot,
    TraceSteps,
    steps_of,
    svg_settings,
)

__all__ = ["Steppable", "KernelSteppable", "StepPlot", "TraceSteps", "MctsSteps", "steps_of",
           "JUMPS", "svg_settings"]
