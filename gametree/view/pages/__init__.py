"""Pages that work without a kernel: a step-through page and a drill page.

* :mod:`~gametree.view.pages.steps`: the step-through protocol
  (:class:`Steppable`), what any steppable search offers, and its adapter
  for recorded tree searches;
* :mod:`~gametree.view.pages.player`: :func:`html`, one self-contained HTML
  page replaying a search (``python -m gametree html``);
* :mod:`~gametree.view.pages.drill`: :func:`drill_html`, a page of practice
  trees checked in the browser (``python -m gametree drill``);
* :mod:`~gametree.view.pages.site`: :func:`build_site`, the course's
  notebooks as a static site whose steppers are players (``python -m
  gametree site``).

Each search is done in Python once, when the page is written; the page
only replays it, and fetches nothing.
"""

from __future__ import annotations

from .drill import DrillTree, drill_html
from .player import MAX_PAGE_STEPS, check_steps, html, page_data, player, save_html
from .site import build_site, show_players
from .steps import JUMPS, Steppable, TraceSteps, steps_of

__all__ = ["html", "save_html", "player", "page_data", "check_steps", "MAX_PAGE_STEPS", "Steppable",
           "TraceSteps", "steps_of", "JUMPS", "drill_html", "DrillTree", "build_site", "show_players"]
