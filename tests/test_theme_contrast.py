"""Every theme's text reaches WCAG AA contrast (4.5:1) on every background it is written on,
in the pages (the pseudocode, captions, notes, drill feedback), the widgets (practice boxes,
dice and board squares) and the drawings (values on node fills)."""

import pytest

from gametree.view.look import _dark
from gametree.view.theme import THEMES, contrast_ratio

AA = 4.5

TEXT_ON = [
    ("text", "background"), ("text", "code background"), ("text", "highlight"),
    ("text", "mistake background"), ("text", "box done"), ("text", "pruned fill"),
    ("text", "active MAX node"), ("text", "active MIN node"), ("text", "active chance node"),
    ("muted text", "background"), ("muted text", "code background"),
    ("faint text", "background"), ("faint text", "code background"), ("faint text", "highlight"),
    ("right", "background"), ("error", "background"), ("mistake", "background"),
    ("window", "background"), ("sheet heading", "background"), ("selected", "background"),
    ("text on dark", "board dark"), ("board line", "board light"),
]
"""(text, background) pairs as the pages' style sheets, the widgets and the drawings write them."""

FILLS = ("MAX node", "MIN node", "chance node", "leaf")
"""Finished nodes' fills, on which a drawing writes the value in "text on dark" or "text"."""


@pytest.mark.parametrize("name", list(THEMES))
def test_text_reaches_aa_on_its_backgrounds(name):
    theme = THEMES[name]
    low = {(text, ground): round(contrast_ratio(theme[text], theme[ground]), 2)
           for text, ground in TEXT_ON if contrast_ratio(theme[text], theme[ground]) < AA}
    assert low == {}


@pytest.mark.parametrize("name", list(THEMES))
def test_a_value_on_a_finished_node_reaches_aa(name):
    theme = THEMES[name]
    low = {}
    for fill in FILLS:
        text = theme["text on dark"] if _dark(theme[fill]) else theme["text"]
        if contrast_ratio(text, theme[fill]) < AA:
            low[fill] = round(contrast_ratio(text, theme[fill]), 2)
    assert low == {}


def test_the_check_sees_a_pair_below_aa():
    """#777777 on white, the old line numbers' grey, is 4.48:1: just under."""
    assert contrast_ratio("#777777", "#FFFFFF") < AA <= contrast_ratio("#666666", "#FFFFFF")
