"""Pictures of trees and searches: layout, label placement, drawing, export.

* :mod:`~gametree.view.layout`: where each node goes (pure Python);
* :mod:`~gametree.view.labels`: where each label goes, so none overlap and
  none is too small for a projector;
* :mod:`~gametree.view.stamp`: texts measured once and drawn from a cache;
* :mod:`~gametree.view.theme`: :class:`Theme`, every colour, line style and
  marker under a name (``theme=`` everywhere: default, projector, print);
* :mod:`~gametree.view.style`: :class:`Marks` and :class:`Line`, marking a
  drawing through arguments;
* :mod:`~gametree.view.look`, :mod:`~gametree.view.artists` and
  :mod:`~gametree.view.header`: how a tree looks at a step (plain marks), the
  matplotlib artists written from it, and the title, caption and legend;
* :mod:`~gametree.view.draw`: :func:`draw` and :class:`TracePlot`, a tree or
  the state of a search at one step (matplotlib and networkx);
* :mod:`~gametree.view.figures`: the lessons' figures (minimax values, the
  NUMBERGAME recursion and memo graph, tic-tac-toe boards in a tree);
* :mod:`~gametree.view.sheets`: printable exercise sheets and answer keys;
* :mod:`~gametree.view.export`: PNG, SVG, PDF and GIF files;
* :mod:`~gametree.view.progress`: a progress bar or counter for long work;
* :mod:`~gametree.view.source`: the library's own code, shown in a notebook;
* :mod:`~gametree.view.steps`: the step-through protocol every stepper and
  page drives;
* :mod:`~gametree.view.pages`: :func:`html`, a self-contained step-through
  page, the drill page and the course site (no kernel needed for any).

This layer reads trees and traces; nothing below it imports it.  Importing
``gametree.view`` loads no matplotlib: ``draw``, ``TracePlot`` and the
other drawing names are loaded from their modules when first used.
"""

from __future__ import annotations

import importlib

__all__ = ["draw", "png", "TracePlot", "TreeFigure", "tidy_layout", "save", "save_gif", "Marks",
           "Line", "minimax_figure", "numbergame_figure", "boards_figure", "html"]

_WHERE = {"draw": "draw", "png": "draw", "TracePlot": "draw", "TreeFigure": "draw",
          "tidy_layout": "layout", "save": "export", "save_gif": "export", "Marks": "style",
          "Line": "style", "minimax_figure": "figures", "numbergame_figure": "figures",
          "boards_figure": "figures", "html": "pages"}


def __getattr__(name: str):
    """Load a drawing name from its module when first used (PEP 562)."""
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
