"""Answering on the tree: a focusable, see-through button over each node or
edge a student may click, laid over the picture.

Used by the predict mode of the step-through widget
(:mod:`~gametree.widgets.predict`) and by the practice widget
(:mod:`~gametree.widgets.practice`).

Why buttons, not mouse events on the picture: a button is a real HTML
button, so Tab reaches it, Enter or Space presses it, a screen reader reads
its name ("leaf K", "edge to I"), and it needs no package beyond ipywidgets
and works in every front end that shows ipywidgets.  Where the buttons go
is worked out in Python from the drawing's read-back API
(:func:`gametree.view.hotspots.hotspots`); the picture and the buttons sit
in the same cell of one CSS grid, the buttons on top, each moved to its
spot by its margin.  The picture is shown at its own size, one pixel per
pixel of the PNG, so the spots match it exactly.

CSS classes: the grid ``gametree-clicks``; every button ``gametree-hotspot``,
``gametree-hotspot-node`` or ``gametree-hotspot-edge``, and
``gametree-hotspot-<kind>-<NAME>`` (e.g. ``gametree-hotspot-edge-I``);
a selected one also ``gametree-hotspot-selected``, framed dashed in the
palette's ``"selected"`` colour (:data:`gametree.view.style.COLORS`): never
the solid red that marks a mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets

from ..view.hotspots import Hotspot
from ..view.style import palette
from .controls import close_all

__all__ = ["TreeClicks", "clicks_style"]


def clicks_style(colors: Mapping[str, str]) -> str:
    """The CSS of the buttons over a picture, in the colours of a palette
    (:func:`gametree.view.style.palette`): a hovered or focused target in
    ``"current"``, a selected one framed *dashed* in ``"selected"``.

    >>> css = clicks_style(palette())
    >>> "3px dashed #0077bb" in css, "#cc3311" in css
    (True, False)
    """
    current, selected = colors["current"], colors["selected"]
    return f"""<style>
.gametree-clicks .gametree-hotspot {{ background: transparent !important;
  color: transparent !important; box-shadow: none !important; padding: 0 !important;
  min-width: 0 !important; border: 2px dashed transparent !important; border-radius: 6px;
  font-size: 10px; overflow: hidden; white-space: nowrap; cursor: pointer; z-index: 1; }}
.gametree-clicks .gametree-hotspot:hover {{ border-color: {current} !important; }}
.gametree-clicks .gametree-hotspot:focus, .gametree-clicks .gametree-hotspot:focus-visible {{
  outline: 3px solid {current} !important; outline-offset: 1px; }}
.gametree-clicks .gametree-hotspot-selected {{
  border: 3px dashed {selected} !important; }}
</style>"""

_CELL = "1 / 1 / 2 / 2"
"""The grid cell the picture and every button share."""


def _label(spot: Hotspot, words: dict) -> str:
    return (words.get((spot.kind, spot.node)) or words.get(spot.node)
            or (f"edge to {spot.node}" if spot.kind == "edge" else f"node {spot.node}"))


class TreeClicks:
    """A picture with see-through buttons over the spots a student may click.

    Parameters
    ----------
    image : ipywidgets.Image
        The picture; it is placed in the grid (its layout gets the grid
        cell) and should be shown at its own size.
    on_click : callable
        ``on_click(kind, name)`` when a button is pressed: kind ``"node"``
        or ``"edge"``, name the node's (for an edge, the node it leads to).
    colors : mapping, optional
        Colours merged over ``theme``'s shared ones
        (:data:`gametree.view.style.COLORS`; keys ``"selected"`` and
        ``"current"`` are used here).
    theme : Theme, name or mapping, optional
        See :func:`gametree.view.theme.theme_of`.

    Attributes
    ----------
    box : ipywidgets.GridBox
        The picture with the buttons over it: what to display.
    buttons : dict of (kind, name) -> Button
        The buttons shown now.
    spots : list of Hotspot
        Where they are.
    colors : dict of str -> str
        The palette the buttons are styled in.
    """

    def __init__(self, image: widgets.Image, on_click: Callable[[str, str], None],
                 colors: Mapping[str, object] | None = None, theme=None):
        self.image = image
        self.on_click = on_click
        self.colors = palette(colors, theme=theme)
        self.buttons: dict[tuple[str, str], widgets.Button] = {}
        self.spots: list[Hotspot] = []
        self._style = widgets.HTML(clicks_style(self.colors), layout=widgets.Layout(display="none"))
        self.box = widgets.GridBox([self._style, image], layout=widgets.Layout(
            grid_template_columns="max-content", grid_template_rows="max-content",
            justify_items="flex-start", align_items="flex-start", width="max-content"))
        self.box.add_class("gametree-clicks")
        self.place_image()

    def place_image(self) -> None:
        """Put the picture in the grid's cell (after its layout was replaced),
        with no margin, so its top left corner is the cell's: the buttons'
        margins are measured from there."""
        self.image.layout.grid_area = _CELL
        self.image.layout.margin = "0"

    def show(self, spots: Iterable[Hotspot], words: dict | None = None) -> None:
        """Replace the buttons by one per spot; ``words`` names a button for
        screen readers and tooltips, by ``(kind, name)`` or by name (by
        default "node C" or "edge to I")."""
        words = words or {}
        spots = list(spots)
        if spots == self.spots and all(
                self.buttons[s.kind, s.node].description == _label(s, words) for s in spots):
            return  # the same buttons: keep them, and the keyboard's focus on them
        old = list(self.buttons.values())
        self.spots = spots
        self.buttons = {}
        for spot in self.spots:
            left, top, right, bottom = spot.box
            label = _label(spot, words)
            button = widgets.Button(description=label, tooltip=label, layout=widgets.Layout(
                grid_area=_CELL, width=f"{right - left:.1f}px", height=f"{bottom - top:.1f}px",
                margin=f"{max(top, 0):.1f}px 0 0 {max(left, 0):.1f}px"))
            button.add_class("gametree-hotspot")
            button.add_class(f"gametree-hotspot-{spot.kind}")
            button.add_class(f"gametree-hotspot-{spot.kind}-{spot.node}")
            button.on_click(lambda _, kind=spot.kind, name=spot.node: self.on_click(kind, name))
            self.buttons[spot.kind, spot.node] = button
        self.box.children = [self._style, self.image, *self.buttons.values()]
        for button in old:
            close_all(button)

    def clear(self) -> None:
        """No buttons: the picture alone."""
        self.show(())

    def select(self, keys: Iterable[tuple[str, str]]) -> None:
        """Mark the buttons of ``keys`` (kind, name) as selected, the others not."""
        chosen = set(keys)
        for key, button in self.buttons.items():
            if key in chosen:
                button.add_class("gametree-hotspot-selected")
            else:
                button.remove_class("gametree-hotspot-selected")

    def click(self, kind: str, name: str) -> None:
        """Press the button of ``kind`` and ``name``, as a student does.

        Raises ValueError if there is no such button now.
        """
        button = self.buttons.get((kind, str(name).strip().upper()))
        if button is None:
            shown = ", ".join(f"{k} {n}" for k, n in self.buttons) or "none"
            raise ValueError(f"there is no {kind} {name!r} to click now; the targets are: {shown}")
        button.click()
