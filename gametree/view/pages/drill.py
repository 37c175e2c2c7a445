"""A drill page: seeded practice trees checked in the browser, with a running score.

:func:`drill_html` writes one self-contained HTML page.  Each tree is
drawn as SVG (by hand, from :func:`~gametree.view.layout.tidy_layout`: no
matplotlib) with every edge a button that crosses it out, and a box for
the value of every internal node.  *Check* names each mistake: a wrong
value (or a blank one), a missed cutoff (a branch searched that
alpha-beta prunes) and over-pruning (a branch crossed out that alpha-beta
must search); a check with nothing filled in says only that, as the
practice checker does.  The score counts the trees whose last check was
right.  The page is simpler than the notebooks' checker in one way: a
value is compared with the key's, so a value that follows correctly from
a wrong value below it is marked too (the checker marks only the first).

The key is computed in Python when the page is written (the caller
passes it in, see :class:`DrillTree`), so the page's answers can be read
from its source: it says plainly that it is for practice, not grading.
Nothing on the page depends on the time or the machine: the same trees
give the same bytes.
"""

from __future__ import annotations

import html as _html
import json
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ...text import fmt
from ...tree import Tree, Value
from ..layout import tidy_layout
from .player import standalone, themed

__all__ = ["DrillTree", "drill_html", "MISTAKE_WORDS", "MAX_DRILL_LEAVES"]

MISTAKE_WORDS = {"value": "wrong value", "cutoff": "missed cutoff", "over": "over-pruned",
                 "empty": "empty"}
"""The page's name for each kind of mistake (the practice checker's words
by default; :func:`drill_html` takes others)."""

MAX_DRILL_LEAVES = 243
"""Most leaves a tree on the page may have (the practice exercises' limit)."""

_COLUMN, _ROW, _MARGIN = 44, 84, 28
"""Pixels between leaves, between levels, and around the tree."""


class DrillTree(NamedTuple):
    """One tree of a drill page and its key.  Immutable."""

    tree: Tree
    """The tree (node names A, B, C, ... in level order)."""
    task: str
    """What to do, in a sentence (an exercise's ``text``)."""
    values: Mapping[str, Value]
    """The key: node name -> the value alpha-beta returns there, for every
    internal node it searches."""
    pruned: frozenset[str]
    """The key: the nodes whose incoming edge is crossed out (a leaf, or the
    root of a pruned subtree)."""
    label: str = ""
    """A short name for the tree ("seed 42001")."""


def _number(value: Value) -> float | str:
    """A value for the page's JSON: a number, or "inf"/"-inf"."""
    value = float(value)
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    return value


def _tree_svg(number: int, tree: Tree) -> str:
    """The tree as SVG: edges as buttons that cross out, nodes as shapes
    (MAX a triangle pointing up, MIN one pointing down), names and scores."""
    points = tidy_layout(tree)
    width = max(p.x for p in points) * _COLUMN + 2 * _MARGIN
    height = tree.depth * _ROW + 2 * _MARGIN + 22

    def at(node_id: int) -> tuple[float, float]:
        point = points[node_id]
        return _MARGIN + point.x * _COLUMN, _MARGIN + 6 - point.y * _ROW

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
             f'viewBox="0 0 {width:g} {height:g}" role="group" '
             f'aria-label="tree {number}: click an edge to cross it out">']
    for node in tree:
        if node.parent is None:
            continue
        (x0, y0), (x1, y1) = at(node.parent), at(node.id)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        parts.append(
            f'<g class="edge" role="button" tabindex="0" aria-pressed="false" data-node="{node.name}" '
            f'aria-label="edge to {node.name}">'
            f'<line class="hit" x1="{x0:g}" y1="{y0:g}" x2="{x1:g}" y2="{y1:g}"/>'
            f'<line class="wire" x1="{x0:g}" y1="{y0:g}" x2="{x1:g}" y2="{y1:g}"/>'
            f'<circle class="grip" cx="{mx:g}" cy="{my:g}" r="10"/>'
            f'<text class="cross" x="{mx:g}" y="{my + 7:g}" text-anchor="middle">\u2715</text></g>')
    for node in tree:
        x, y = at(node.id)
        if node.is_leaf:
            parts.append(f'<rect class="leaf" x="{x - 13:g}" y="{y - 11:g}" width="26" height="22"/>'
                         f'<text class="score" x="{x:g}" y="{y + 5:g}" text-anchor="middle">'
                         f'{_html.escape(fmt(node.score))}</text>'
                         f'<text class="name" x="{x:g}" y="{y + 28:g}" text-anchor="middle">'
                         f'{node.name}</text>')
            continue
        up = str(node.player) == "MAX"
        shape = (f"{x:g},{y - 14:g} {x - 15:g},{y + 12:g} {x + 15:g},{y + 12:g}" if up else
                 f"{x:g},{y + 14:g} {x - 15:g},{y - 12:g} {x + 15:g},{y - 12:g}")
        parts.append(f'<polygon class="{"max" if up else "min"}" points="{shape}"/>'
                     f'<text class="name" x="{x + 20:g}" y="{y - 8:g}">{node.name}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _tree_section(number: int, item: DrillTree) -> str:
    tree = item.tree
    boxes = "".join(
        f'<label class="box">{node.name} ({node.player}) '
        f'<input type="text" inputmode="decimal" size="4" data-node="{node.name}" '
        f'aria-label="value of {node.name}"></label>'
        for node in tree if not node.is_leaf)
    title = f"Tree {number}" + (f" ({_html.escape(item.label)})" if item.label else "")
    return (f'<section class="drill" id="tree-{number}" data-tree="{number - 1}" '
            f'aria-labelledby="title-{number}">'
            f'<h2 id="title-{number}">{title}</h2>'
            f'<p>{_html.escape(item.task)}</p>'
            f'<p class="legend">MAX nodes are triangles pointing up, MIN nodes triangles pointing '
            f'down. Click an edge (or focus it and press Enter) to cross it out; a crossed edge is '
            f'dashed and marked \u2715.</p>'
            f'<div class="tree">{_tree_svg(number, tree)}</div>'
            f'<div class="boxes">{boxes}</div>'
            f'<p><button type="button" class="check">Check tree {number}</button> '
            f'<button type="button" class="clear">Clear tree {number}</button></p>'
            f'<div class="feedback" role="status" aria-live="polite"></div></section>')


def drill_html(trees: Sequence[DrillTree], *, title: str = "Alpha-beta drill",
               words: Mapping[str, str] = MISTAKE_WORDS, theme=None, lang: str = "en") -> str:
    """A drill page of ``trees``, as the text of one HTML file.

    Parameters
    ----------
    trees : sequence of DrillTree
        The trees and their keys, in order.
    title : str
        The page's heading.
    words : mapping
        The name of each kind of mistake: keys "value", "cutoff", "over",
        and "empty" for a check with nothing filled in, which says only
        that, and nothing of the key (by default :data:`MISTAKE_WORDS`).
    theme : Theme, name or mapping, optional
        The page's colours (:func:`gametree.view.theme.theme_of`).
    lang : str, optional
        The language of the page's text, as ``<html lang>`` says it (default English).

    Returns
    -------
    str
        A complete HTML document that needs nothing else; the same trees
        give the same text.

    Raises
    ------
    ValueError
        If there is no tree, a tree has more than :data:`MAX_DRILL_LEAVES`
        leaves, or the key names a node the tree does not have.

    Examples
    --------
    >>> from gametree import Tree
    >>> tree = Tree.from_nested([[3, 5], [2, 9]])
    >>> page = drill_html([DrillTree(tree, "Search it.", {"A": 3, "B": 3, "C": 2}, frozenset("G"))])
    >>> "for practice, not for grading" in page, 'aria-label="edge to G"' in page
    (True, True)
    """
    trees = list(trees)
    if not trees:
        raise ValueError("a drill page needs at least one tree; give --count 1 or more")
    if set(words) != set(MISTAKE_WORDS):
        raise ValueError(f"words must name exactly {sorted(MISTAKE_WORDS)}, not {sorted(words)}")
    keys = []
    for number, item in enumerate(trees, start=1):
        if len(item.tree.leaves) > MAX_DRILL_LEAVES:
            raise ValueError(f"tree {number} has {len(item.tree.leaves)} leaves, more than the "
                             f"{MAX_DRILL_LEAVES} a drill page draws; use a smaller depth or "
                             f"branching")
        names = {node.name for node in item.tree}
        unknown = sorted((set(item.values) | set(item.pruned)) - names)
        if unknown:
            raise ValueError(f"the key of tree {number} names {', '.join(unknown)}, which the tree "
                             f"does not have; make the key from the same tree")
        keys.append({"values": {name: _number(v) for name, v in item.values.items()},
                     "pruned": sorted(item.pruned, key=lambda name: item.tree[name].id),
                     "parents": {node.name: item.tree[node.parent].name for node in item.tree
                                 if node.parent is not None},
                     "order": [node.name for node in item.tree if not node.is_leaf]})
    payload = json.dumps({"keys": keys, "words": dict(words)}, ensure_ascii=False,
                         separators=(",", ":"), sort_keys=True).replace("</", "<\\/")
    sections = "".join(_tree_section(number, item) for number, item in enumerate(trees, start=1))
    body = (_BODY.replace("@COUNT@", str(len(trees))).replace("@SECTIONS@", sections)
            .replace("@DATA@", payload))
    return standalone(title, _css(theme), body, lang=lang)


_CSS = """body{font-family:system-ui,sans-serif;margin:1em;color:@text@;background:@background@;max-width:1280px}
h1{font-size:1.3em}
.warning{border:2px solid @current@;padding:.5em .8em;border-radius:4px;background:@highlight@}
#score{position:sticky;top:0;background:@background@;padding:.3em 0;font-weight:bold;font-size:1.1em;border-bottom:1px solid @code border@}
section.drill{border-top:1px solid @code border@;margin-top:1em}
.tree{overflow-x:auto}
.tree svg{display:block}
.edge{cursor:pointer}
.edge .hit{stroke:transparent;stroke-width:14}
.edge .grip{fill:transparent}
.edge .wire{stroke:@walked edge@;stroke-width:2}
.edge .cross{display:none;fill:@selected@;font-size:16px;font-weight:bold}
.edge.crossed .wire{stroke:@selected@;stroke-dasharray:6 4;stroke-width:2.5}
.edge.crossed .cross{display:inline}
.edge:focus{outline:none}
.edge:focus .wire{stroke-width:5}
.max,.min{fill:@background@;stroke:@text@;stroke-width:2}
.leaf{fill:@code background@;stroke:@text@}
.score{font-size:15px;font-weight:bold}
.name{font-size:13px;fill:@muted text@}
.boxes{display:flex;flex-wrap:wrap;gap:.3em 1em;margin:.4em 0}
.box input{font-size:1em;width:4em}
input.wrong{border:2px solid @mistake@}
button{font-size:1em;padding:.25em .7em}
.feedback .ok{color:@right@;font-weight:bold}
.feedback li{margin:.15em 0}
"""
"""The page's style sheet; each ``@key@`` is a colour of the theme."""


def _css(theme=None) -> str:
    """The page's style sheet in the colours of ``theme``
    (:func:`gametree.view.theme.theme_of`): a crossed-out edge is the
    student's selection, a wrong value a mistake, a tree right a verdict."""
    return themed(_CSS, theme)


_BODY = """<p class="warning"><strong>This page is for practice, not for grading:</strong> its answers were worked out when it was written and can be read from its source. Work each tree by hand, then press Check.</p>
<p>For each tree: cross out every branch alpha-beta prunes (click its edge) and type the value alpha-beta returns at every internal node it searches; leave nodes in a pruned subtree blank. Check names each mistake: a wrong value, a missed cutoff, or over-pruning.</p>
<p id="score" role="status" aria-live="polite">Score: 0 of @COUNT@ trees right</p>
@SECTIONS@
<script type="application/json" id="drill-data">@DATA@</script>
<script>
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("drill-data").textContent);
  var right = D.keys.map(function () { return false; });
  function num(v) { return v === "inf" ? Infinity : v === "-inf" ? -Infinity : v; }
  function read(text) {
    var t = text.trim().replace("\\u2212", "-").replace("\\u221e", "inf").toLowerCase();
    if (t === "") { return null; }
    if (/^[+-]?inf(inity)?$/.test(t)) { return t.charAt(0) === "-" ? -Infinity : Infinity; }
    if (!/^[+-]?(\\d+(\\.\\d*)?|\\.\\d+)(e[+-]?\\d+)?$/.test(t)) { return NaN; }
    return Number(t);
  }
  function under(name, set, parents) {
    for (var n = name; n !== undefined; n = parents[n]) { if (set.has(n)) { return true; } }
    return false;
  }
  function check(section) {
    var k = Number(section.getAttribute("data-tree")), key = D.keys[k], W = D.words;
    var crossed = new Set(), keyPruned = new Set(key.pruned), mistakes = [];
    section.querySelectorAll(".edge.crossed").forEach(function (e) { crossed.add(e.getAttribute("data-node")); });
    var typed = Array.from(section.querySelectorAll(".boxes input")).some(function (b) { return b.value.trim() !== ""; });
    if (!typed && crossed.size === 0) {  /* says nothing of the key, not even what is pruned */
      report(section, k, [["", W.empty, "nothing is filled in yet: cross out branches and type values, then press Check"]]);
      return;
    }
    key.pruned.forEach(function (n) {
      if (!under(n, crossed, key.parents)) {
        mistakes.push([n, W.cutoff, "alpha-beta prunes the branch to " + n + ", but it is not crossed out"]);
      }
    });
    Array.from(crossed).forEach(function (n) {
      if (!under(n, keyPruned, key.parents)) {
        mistakes.push([n, W.over, "the branch to " + n + " is crossed out, but alpha-beta must search it"]);
      }
    });
    section.querySelectorAll(".boxes input").forEach(function (box) {
      var n = box.getAttribute("data-node"), wrong = false;
      if (key.values.hasOwnProperty(n) && !under(n, crossed, key.parents)) {
        var v = read(box.value);
        if (v === null) { wrong = true; mistakes.push([n, W.value, "the value of " + n + " is blank"]); }
        else if (isNaN(v)) { wrong = true; mistakes.push([n, W.value, "cannot read " + JSON.stringify(box.value) + " as the value of " + n + "; type a number such as 3 or -2"]); }
        else if (v !== num(key.values[n])) { wrong = true; mistakes.push([n, W.value, n + " is not " + box.value.trim()]); }
      }
      box.classList.toggle("wrong", wrong);
      box.setAttribute("aria-invalid", wrong ? "true" : "false");
    });
    report(section, k, mistakes);
  }
  function report(section, k, mistakes) {
    var out = section.querySelector(".feedback");
    out.innerHTML = "";
    if (mistakes.length === 0) {
      var ok = document.createElement("p"); ok.className = "ok";
      ok.textContent = "\\u2714 Right: every value and every cut is correct.";
      out.appendChild(ok);
    } else {
      var head = document.createElement("p");
      head.textContent = "\\u2718 " + mistakes.length + (mistakes.length === 1 ? " mistake:" : " mistakes:");
      var list = document.createElement("ul");
      mistakes.forEach(function (m) {
        var li = document.createElement("li"); li.className = "mistake"; li.setAttribute("data-kind", m[1]);
        li.setAttribute("data-node", m[0]);
        var b = document.createElement("b"); b.textContent = m[1];
        li.appendChild(b); li.appendChild(document.createTextNode((m[0] ? " at " + m[0] : "") + ": " + m[2]));
        list.appendChild(li);
      });
      out.appendChild(head); out.appendChild(list);
    }
    right[k] = mistakes.length === 0;
    var score = right.filter(Boolean).length;
    document.getElementById("score").textContent = "Score: " + score + " of " + right.length + " trees right";
  }
  function flip(edge) {
    var on = !edge.classList.contains("crossed");
    edge.classList.toggle("crossed", on);
    edge.setAttribute("aria-pressed", on ? "true" : "false");
  }
  document.querySelectorAll(".edge").forEach(function (edge) {
    edge.addEventListener("click", function () { flip(edge); });
    edge.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); flip(edge); }
    });
  });
  document.querySelectorAll("section.drill").forEach(function (section) {
    section.querySelector("button.check").addEventListener("click", function () { check(section); });
    section.querySelector("button.clear").addEventListener("click", function () {
      section.querySelectorAll(".edge.crossed").forEach(flip);
      section.querySelectorAll(".boxes input").forEach(function (b) { b.value = ""; b.classList.remove("wrong"); });
      section.querySelector(".feedback").innerHTML = "";
    });
  });
}());
</script>
"""
