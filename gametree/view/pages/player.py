"""A step-through page: one self-contained HTML file that replays a search.

:func:`html` reads a :class:`~gametree.view.pages.steps.Steppable` (every
step's caption, counter, pseudocode lines, picture and alt text, and its
jump lists) once, in Python, and writes a page that only replays it: no
kernel, no network, nothing fetched; it opens from a ``file://`` path or
any static web host.

What steps share is stored once.  The glyphs of the pictures' texts
(drawn as paths, so no font is needed) are defined once for the page;
every step's SVG is cut into lines, the page keeps each distinct line
once, and an artist's group is a short list of runs (start, length)
into that table; a step is a list of such parts, and the page draws it
by replacing only the groups that differ from the step shown.  AIMA's
9-leaf tree makes an 85 kB page, a twelfth of its 26 pictures stored
whole, and a seeded 81-leaf search about 1 MB, a twentieth (see
``benchmarks/bench_pages.py``).

The controls are the Stepper's, as real HTML controls with the
accessible names "play" (turning to "pause" while playing), "previous",
"next", one "next ..." button per jump list (:data:`~gametree.view.pages.steps.JUMPS`),
a slider labelled "step" and a select labelled "speed"; the keyboard
steps with the arrows, Home and End, and space plays and pauses.  The
caption is a live region (``role="status"``), silent while playing; the
picture carries the step's alt text; the highlighted pseudocode line is
marked by an arrow and bold type as well as by colour.  The picture is
shown at one pixel per point, as in the Stepper: a tree too wide for the
window scrolls sideways rather than shrink its labels.
"""

from __future__ import annotations

import html as _html
import json
import re
from collections.abc import Sequence
from pathlib import Path

from .steps import JUMPS, Steppable, steps_of

__all__ = ["html", "save_html", "page_data", "check_steps", "MAX_PAGE_STEPS", "SPEEDS"]

MAX_PAGE_STEPS = 400
"""Most steps a page replays: an 81-leaf alpha-beta search fits even in
the order that prunes least (250 to 280 steps), a 243-leaf
one in that order does not (over 800); drawing takes about a quarter of
a second a step.  A longer search is refused before any picture is
drawn."""

SPEEDS = (("slow", 1600), ("normal", 900), ("fast", 400))
"""Play's speeds, milliseconds per step (the Stepper's)."""


def check_steps(steps: Steppable) -> int:
    """The number of steps, or ValueError if a page cannot replay them.

    >>> class Long:
    ...     def __len__(self): return MAX_PAGE_STEPS + 1
    >>> check_steps(Long())
    Traceback (most recent call last):
    ...
    ValueError: the search has 401 steps, more than the 400 a step-through page replays; search a smaller tree (fewer leaves or less depth), or show it in the Stepper
    """
    count = len(steps)
    if count < 1:
        raise ValueError("the search has no steps, so there is nothing to replay")
    if count > MAX_PAGE_STEPS:
        raise ValueError(f"the search has {count:,} steps, more than the {MAX_PAGE_STEPS} a "
                         f"step-through page replays; search a smaller tree (fewer leaves or less "
                         f"depth), or show it in the Stepper")
    return count


def _runs(indices: Sequence[int]) -> list[int]:
    """Consecutive indices as flat (start, length) pairs.

    >>> _runs([4, 5, 6, 9, 2, 3])
    [4, 3, 9, 1, 2, 2]
    """
    runs: list[int] = []
    for index in indices:
        if runs and runs[-2] + runs[-1] == index:
            runs[-1] += 1
        else:
            runs.extend((index, 1))
    return runs


_GLYPH = re.compile(r'<path id="([A-Za-z][\w]*(?:-[\w]+)*-[0-9a-f]+)"(?: d="[^"]*")?'
                    r'(?: transform="[^"]*")?/>\s*')
"""A glyph matplotlib's SVG backend defines where a text first uses it
(``DejaVuSans-31``; markers' ids have no dash)."""
_EMPTY_DEFS = re.compile(r"[ ]*<defs>\s*</defs>\n?")


def _shared_glyphs(svg: str, glyphs: dict[str, str]) -> str:
    """``svg`` with its glyph definitions moved into ``glyphs`` (id -> the
    path element), which the page defines once for every step; a glyph
    whose id already means another shape stays where it is."""
    def move(found: re.Match) -> str:
        element = found.group(0).strip()
        if glyphs.setdefault(found.group(1), element) != element:
            return found.group(0)
        return ""

    return _EMPTY_DEFS.sub("", _GLYPH.sub(move, svg))


_PART = re.compile(r'   <g id="([^"]+)">')
"""The first line of a part of a picture: a group of one artist, three
levels down in matplotlib's SVG (the children of the axes)."""


def _parts(lines: Sequence[str]) -> list[tuple[str | None, int, int]]:
    """``lines`` cut into parts: (the group's id, first line, end) for each
    artist's group, and (None, first, end) for the lines between them.

    >>> _parts(["<svg>", '   <g id="a">', "x", "   </g>", "</svg>"])
    [(None, 0, 1), ('a', 1, 4), (None, 4, 5)]
    """
    parts: list[tuple[str | None, int, int]] = []
    start = i = 0
    while i < len(lines):
        found = _PART.fullmatch(lines[i])
        end = lines.index("   </g>", i + 1) if found and "   </g>" in lines[i + 1:] else -1
        if found is None or end < 0:
            i += 1
            continue
        if start < i:
            parts.append((None, start, i))
        parts.append((found.group(1), i, end + 1))
        start = i = end + 1
    if start < len(lines):
        parts.append((None, start, len(lines)))
    return parts


def page_data(steps: Steppable) -> dict:
    """Everything the page replays, as JSON-ready data: the glyphs every
    picture uses (defined once), the shared SVG lines, the parts of
    pictures (an artist's group, or the lines between: its id or None and
    its runs of lines), each step's list of parts and its words, the
    pseudocode and the jump lists.  A step whose parts differ from the
    step shown only in some artists' groups is drawn by replacing those
    groups.  Refuses a search too long before drawing anything
    (:func:`check_steps`)."""
    count = check_steps(steps)
    table: dict[str, int] = {}
    glyphs: dict[str, str] = {}
    parts: dict[tuple, int] = {}
    records = []
    for index in range(count):
        lines = _shared_glyphs(steps.picture(index), glyphs).split("\n")
        ids = [table.setdefault(line, len(table)) for line in lines]
        picture = [parts.setdefault((name, *_runs(ids[start:end])), len(parts))
                   for name, start, end in _parts(lines)]
        records.append({"svg": picture, "caption": steps.caption(index),
                        "counter": steps.counter(index), "alt": steps.alt(index),
                        "lines": list(steps.lines(index))})
    jumps = {name: list(indices) for name, indices in steps.jumps.items() if name in JUMPS}
    return {"title": steps.title, "code": list(steps.code), "glyphs": list(glyphs.values()),
            "lines": list(table), "parts": [list(part) for part in parts], "steps": records,
            "jumps": jumps}


def html(obj, *, title: str | None = None) -> str:
    """The step-through page of ``obj``, as the text of one HTML file.

    Parameters
    ----------
    obj : Steppable, Trace, or a tree
        What to replay: anything :func:`~gametree.view.pages.steps.steps_of`
        takes (a tree is searched as the Stepper searches it).
    title : str, optional
        The page's heading; by default the search's name.

    Returns
    -------
    str
        A complete HTML document that needs nothing else.

    Raises
    ------
    ValueError
        If the search has more than :data:`MAX_PAGE_STEPS` steps (before
        any picture is drawn).

    Examples
    --------
    >>> from gametree import trace_alpha_beta
    >>> page = html(trace_alpha_beta([[3, 5], [2, 9]]))
    >>> page.startswith("<!DOCTYPE html>"), 'aria-label="next cutoff"' in page
    (True, True)
    """
    steps = steps_of(obj)
    data = page_data(steps)
    heading = title if title is not None else data["title"]
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    buttons = "".join(
        f'<button type="button" class="jump" data-jump="{_html.escape(name)}" '
        f'aria-label="{JUMPS[name]}">{JUMPS[name]}</button>' for name in data["jumps"])
    speeds = "".join(f'<option value="{ms}"{" selected" if word == "normal" else ""}>{word}</option>'
                     for word, ms in SPEEDS)
    last = len(data["steps"]) - 1
    return (_TEMPLATE.replace("@TITLE@", _html.escape(heading))
            .replace("@JUMPS@", buttons).replace("@SPEEDS@", speeds)
            .replace("@LAST@", str(last)).replace("@DATA@", payload))


def save_html(obj, path, *, title: str | None = None) -> Path:
    """Write :func:`html` ``(obj)`` to ``path`` (a name ending in ``.html``
    or ``.htm``), whole or not at all; returns the path.

    The name is checked, and a search too long refused, before anything
    is drawn.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = save_html([[3, 5], [2, 9]], pathlib.Path(folder) / "steps.html")
    ...     out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    True
    >>> save_html([[3, 5], [2, 9]], "steps.png")
    Traceback (most recent call last):
    ...
    ValueError: steps.png: a step-through page is HTML; end the file name with .html
    """
    path = Path(path)
    if path.suffix.lower() not in (".html", ".htm"):
        raise ValueError(f"{path}: a step-through page is HTML; end the file name with .html")
    steps = steps_of(obj)
    check_steps(steps)
    page = html(steps, title=title)
    from ..export import written_whole

    with written_whole(path) as part:
        part.write_text(page, encoding="utf-8")
    return path


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>@TITLE@</title>
<style>
body{font-family:system-ui,sans-serif;margin:1em;color:#222;background:#fff;max-width:1280px}
h1{font-size:1.3em;margin:0 0 .4em}
.controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin-bottom:.4em}
button,select{font-size:1em;padding:.25em .7em;min-height:2em}
button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #0077BB;outline-offset:2px}
input[type=range]{flex:1 1 200px;min-width:200px}
#caption{font-size:1.15em;min-height:1.6em;margin:.3em 0}
#counter{font-weight:bold;margin:.2em 0 .5em}
.main{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
#picture{max-width:100%;overflow-x:auto}
#picture svg{display:block}
#code{font-family:monospace;font-size:13px;line-height:1.35;background:#FAFAFA;border:1px solid #E0E0E0;border-radius:4px;padding:6px;margin:0;flex:1 1 41ch;min-width:30ch}
#code div{display:flex;border-left:4px solid transparent;white-space:pre-wrap}
#code .n{flex:0 0 2.5ch;color:#666;text-align:right;padding-right:1ch}
#code .m{flex:0 0 2ch}
#code span:last-child{flex:1 1 0}
#code .current{background:#FCE3CF;border-left-color:#EE7733;font-weight:bold}
.note{color:#555;font-size:.9em}
</style>
</head>
<body>
<h1>@TITLE@</h1>
<div class="controls" role="group" aria-label="step through the search">
<button type="button" id="play" aria-label="play">play</button>
<button type="button" id="prev" aria-label="previous">previous</button>
<button type="button" id="next" aria-label="next">next</button>
<label for="step">step</label>
<input type="range" id="step" role="slider" min="0" max="@LAST@" value="0" step="1">
@JUMPS@
<label for="speed">speed</label>
<select id="speed">@SPEEDS@</select>
</div>
<p id="caption" role="status" aria-live="polite" aria-atomic="true"></p>
<p id="counter"></p>
<div class="main">
<svg id="glyphs" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs></defs></svg>
<figure id="picture" role="img" style="margin:0"></figure>
<pre id="code" aria-label="pseudocode"></pre>
</div>
<p class="note">Keys: left and right arrows step, Home and End go to the first and last step, space plays and pauses. The search was recorded in Python; this page only replays it.</p>
<script type="application/json" id="steps-data">@DATA@</script>
<script>
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("steps-data").textContent);
  var last = D.steps.length - 1, at = 0, timer = null;
  var $ = function (id) { return document.getElementById(id); };
  var picture = $("picture"), caption = $("caption"), counter = $("counter");
  var slider = $("step"), play = $("play"), speed = $("speed");
  $("glyphs").firstChild.innerHTML = D.glyphs.join("");
  var rows = D.code.map(function (line, k) {
    var row = document.createElement("div"), n = document.createElement("span"),
        m = document.createElement("span"), t = document.createElement("span");
    n.className = "n"; n.textContent = String(k + 1);
    m.className = "m"; m.setAttribute("aria-hidden", "true");
    var text = line.replace(/^ +/, "");  /* wrapped lines keep their indentation */
    t.style.paddingLeft = (line.length - text.length) + "ch";
    t.textContent = text;
    row.appendChild(n); row.appendChild(m); row.appendChild(t);
    $("code").appendChild(row);
    return row;
  });
  function text(p) {
    var r = D.parts[p], out = [];
    for (var j = 1; j < r.length; j += 2) { out.push(D.lines.slice(r[j], r[j] + r[j + 1]).join("\\n")); }
    return out.join("\\n");
  }
  var shown = null;  /* the parts drawn */
  function draw(k) {
    var next = D.steps[k].svg, svgElement = picture.firstElementChild, changed = [];
    if (shown !== null && svgElement && next.length === shown.length) {
      for (var i = 0; i < next.length && changed !== null; i++) {
        if (next[i] !== shown[i]) {
          var name = D.parts[next[i]][0];
          changed = name !== null && name === D.parts[shown[i]][0] ? changed.concat([i]) : null;
        }
      }
      if (changed !== null) {  /* only some artists changed: replace their groups */
        changed.forEach(function (i) {
          var old = svgElement.querySelector('[id="' + D.parts[next[i]][0] + '"]');
          var holder = document.createElementNS("http://www.w3.org/2000/svg", "g");
          holder.innerHTML = text(next[i]);
          old.replaceWith(holder.firstElementChild);
        });
        shown = next;
        return;
      }
    }
    picture.innerHTML = next.map(text).join("\\n");
    shown = next;
  }
  function nextIn(list, k) {
    for (var j = 0; j < list.length; j++) { if (list[j] > k) { return list[j]; } }
    return null;
  }
  function show(k) {
    var t0 = performance.now();
    at = Math.max(0, Math.min(last, k));
    var s = D.steps[at];
    draw(at);
    picture.setAttribute("aria-label", s.alt);
    var svgElement = picture.querySelector("svg");
    if (svgElement) { svgElement.setAttribute("aria-hidden", "true"); svgElement.setAttribute("focusable", "false"); }
    caption.innerHTML = "";
    var label = document.createElement("b");
    label.textContent = "Step " + at + " of " + last + ":";
    var words = document.createElement("span");
    words.id = "caption-text"; words.textContent = s.caption;
    caption.appendChild(label); caption.appendChild(document.createTextNode(" ")); caption.appendChild(words);
    counter.textContent = s.counter;
    rows.forEach(function (row, n) {
      var on = s.lines.indexOf(n + 1) >= 0;
      row.className = on ? "current" : "";
      row.children[1].textContent = on ? "\\u25B6" : "";
      if (on) { row.setAttribute("aria-current", "step"); } else { row.removeAttribute("aria-current"); }
    });
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", "step " + at + " of " + last);
    $("prev").disabled = at === 0;
    $("next").disabled = at === last;
    document.querySelectorAll("button.jump").forEach(function (b) {
      b.disabled = nextIn(D.jumps[b.getAttribute("data-jump")], at) === null;
    });
    window.gametreeDrawMs = performance.now() - t0;
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.textContent = "play"; play.setAttribute("aria-label", "play");
    caption.setAttribute("aria-live", "polite");
  }
  function start() {
    if (at === last) { show(0); }
    play.textContent = "pause"; play.setAttribute("aria-label", "pause");
    caption.setAttribute("aria-live", "off");
    timer = setInterval(function () { if (at >= last) { stop(); } else { show(at + 1); } },
                        Number(speed.value));
  }
  function toggle() { if (timer === null) { start(); } else { stop(); } }
  play.addEventListener("click", toggle);
  $("prev").addEventListener("click", function () { show(at - 1); });
  $("next").addEventListener("click", function () { show(at + 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  speed.addEventListener("change", function () { if (timer !== null) { stop(); start(); } });
  document.querySelectorAll("button.jump").forEach(function (b) {
    b.addEventListener("click", function () {
      var k = nextIn(D.jumps[b.getAttribute("data-jump")], at);
      if (k !== null) { show(k); }
    });
  });
  document.addEventListener("keydown", function (e) {
    var tag = e.target && e.target.tagName;
    if (tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) { return; }
    if (e.key === " ") { e.preventDefault(); toggle(); return; }
    if (tag === "INPUT") { return; }  /* the slider steps with its own keys */
    var k = {ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
             Home: 0, End: last}[e.key];
    if (k !== undefined) { e.preventDefault(); show(k); }
  });
  show(0);
}());
</script>
</body>
</html>
"""
