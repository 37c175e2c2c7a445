"""Pictures of trees and searches: layout, label placement, drawing, export.

* :mod:`~gametree.view.layout`: where each node goes (pure Python);
* :mod:`~gametree.view.labels`: where each label goes, so none overlap;
* :mod:`~gametree.view.draw`: :func:`draw` and :class:`TracePlot`, a tree or
  the state of a search at one step (matplotlib and networkx);
* :mod:`~gametree.view.export`: PNG, SVG, PDF and GIF files;
* :mod:`~gametree.view.progress`: a progress bar or counter for long work.

This layer reads trees and traces; nothing below it imports it.  Importing
``gametree.view`` loads no matplotlib: ``draw``, ``TracePlot`` and the
other drawing names are loaded from :mod:`~gametree.view.draw` when first
used.
"""

from __future__ import annotations

import importlib

__all__ = ["draw", "png", "TracePlot", "TreeFigure", "tidy_layout", "save", "save_gif"]

_WHERE = {"draw": "draw", "png": "draw", "TracePlot": "draw", "TreeFigure": "draw",
          "tidy_layout": "layout", "save": "export", "save_gif": "export"}


def __getattr__(name: str):
    """Load a drawing name from its module when first used (PEP 562)."""
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
