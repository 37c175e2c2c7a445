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

from ..steps import with_theme
from .steps import JUMPS, Steppable, steps_of

__all__ = ["html", "save_html", "player", "player_css", "themed", "standalone", "PLAYER_JS", "page_data", "check_steps",
           "MAX_PAGE_STEPS", "SPEEDS"]

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


def _payload(data: dict) -> str:
    """``data`` as JSON that can sit inside a ``<script>`` element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def player(obj, *, ident: str = "", keys: str = "player", theme=None) -> str:
    """The player of ``obj`` alone: its controls, caption, counter, picture,
    pseudocode and data, as an HTML fragment that :data:`PLAYER_JS` brings
    to life and :func:`player_css` styles (several may share a page, with
    one copy of each).

    Parameters
    ----------
    obj : Steppable, Trace, or a tree
        What to replay (anything :func:`~gametree.view.pages.steps.steps_of` takes).
    ident : str
        Prefix of the fragment's element ids, unique on its page ("" on a
        page of one player: the ids are then ``play``, ``step``,
        ``caption``, ``picture``, ``code``, ``steps-data`` and so on).
    keys : {"player", "page"}
        Where the keyboard steps it: "page" anywhere on the page (a page
        of one player); "player" while the focus is inside it, or on the
        page's body after it was last used.
    theme : Theme, name or mapping, optional
        The theme its pictures are drawn in (:func:`gametree.view.theme.theme_of`;
        the page's colours come from :func:`player_css`).

    Raises
    ------
    ValueError
        If the search has more than :data:`MAX_PAGE_STEPS` steps (before
        any picture is drawn), or ``keys`` is neither word.

    >>> fragment = player([[3, 5], [2, 9]], ident="p1-")
    >>> 'id="p1-step"' in fragment and 'role="slider"' in fragment
    True
    """
    if keys not in ("player", "page"):
        raise ValueError(f"keys={keys!r}: the keyboard steps a player from the 'page' or from "
                         f"inside the 'player'")
    data = page_data(with_theme(steps_of(obj), theme))
    p = _html.escape(ident)
    buttons = "".join(
        f'<button type="button" class="gt-jump" data-jump="{_html.escape(name)}" '
        f'aria-label="{JUMPS[name]}">{JUMPS[name]}</button>' for name in data["jumps"])
    speeds = "".join(f'<option value="{ms}"{" selected" if word == "normal" else ""}>{word}</option>'
                     for word, ms in SPEEDS)
    last = len(data["steps"]) - 1
    return (_FRAGMENT.replace("@P@", p).replace("@KEYS@", keys).replace("@JUMPS@", buttons)
            .replace("@SPEEDS@", speeds).replace("@LAST@", str(last))
            .replace("@DATA@", _payload(data)))


def html(obj, *, title: str | None = None, theme=None, lang: str = "en") -> str:
    """The step-through page of ``obj``, as the text of one HTML file.

    Parameters
    ----------
    obj : Steppable, Trace, or a tree
        What to replay: anything :func:`~gametree.view.pages.steps.steps_of`
        takes (a tree is searched as the Stepper searches it).
    title : str, optional
        The page's heading; by default the search's name.
    theme : Theme, name or mapping, optional
        The page's colours and its pictures' (:func:`gametree.view.theme.theme_of`).
    lang : str, optional
        The language of the page's text, as ``<html lang>`` says it (default English).

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
    check_steps(steps)
    heading = title if title is not None else steps.title
    return standalone(heading, _PAGE_CSS + player_css(theme),
                      f"{player(steps, keys='page', theme=theme)}<script>\n{PLAYER_JS}</script>\n",
                      lang=lang)


def save_html(obj, path, *, title: str | None = None, theme=None, lang: str = "en") -> Path:
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
    page = html(steps, title=title, theme=theme, lang=lang)
    from ..export import written_whole

    with written_whole(path) as part:
        part.write_text(page, encoding="utf-8")
    return path


def player_css(theme=None) -> str:
    """The players' style sheet, its colours from ``theme``
    (:func:`gametree.view.theme.theme_of`: None is the default look).

    >>> player_css("print") != player_css()
    True
    """
    return themed(_CSS, theme)


def themed(css: str, theme=None) -> str:
    """``css`` with each ``@key@`` replaced by the colour the theme
    (:func:`gametree.view.theme.theme_of`) gives that key.

    >>> themed("b{color:@text@}")
    'b{color:#222222}'
    """
    from ..theme import theme_of

    colors = theme_of(theme)
    return re.sub(r"@([a-z][a-z0-9 ]*)@", lambda found: colors[found.group(1)], css)


def standalone(title: str, css: str, body: str, *, lang: str = "en") -> str:
    """One self-contained page: ``title`` as its title and heading, the
    style sheet ``css``, then ``body`` (its scripts inline), the heading and
    body in the page's ``main`` landmark; ``lang`` is the language of its
    text, on ``<html>``; its content security policy lets it load nothing
    but inline styles, scripts and data.

    >>> page = standalone("A & B", "", "<p>hi</p>\\n", lang="da")
    >>> page.count("A &amp; B"), '<html lang="da">' in page, "<main>\\n<h1>" in page
    (2, True, True)
    """
    return (_HEAD.replace("@CSS@", css).replace("@TITLE@", _html.escape(title))
            .replace("@LANG@", _html.escape(lang)) + body + "</main>\n</body>\n</html>\n")


_HEAD = """<!DOCTYPE html>
<html lang="@LANG@">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>@TITLE@</title>
<style>
@CSS@</style>
</head>
<body>
<main>
<h1>@TITLE@</h1>
"""

_PAGE_CSS = """body{font-family:system-ui,sans-serif;margin:1em;max-width:1280px}
h1{font-size:1.3em;margin:0 0 .4em}
"""

_CSS = """.gt-player{color:@text@;background:@background@;font-family:system-ui,sans-serif;margin:.5em 0}
.gt-player .gt-controls{display:flex;flex-wrap:wrap;gap:.4em;align-items:center;margin-bottom:.4em}
.gt-player button,.gt-player select{font-size:1em;padding:.25em .7em;min-height:2em}
.gt-player button:focus-visible,.gt-player input:focus-visible,.gt-player select:focus-visible{outline:3px solid @selected@;outline-offset:2px}
.gt-player input[type=range]{flex:1 1 200px;min-width:200px}
.gt-player .gt-caption{font-size:1.15em;min-height:1.6em;margin:.3em 0}
.gt-player .gt-counter{font-weight:bold;margin:.2em 0 .5em}
.gt-player .gt-main{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.gt-player .gt-picture{max-width:100%;overflow-x:auto;margin:0}
.gt-player .gt-picture svg{display:block;max-width:none}
.gt-player .gt-code{font-family:monospace;font-size:13px;line-height:1.35;color:@text@;background:@code background@;border:1px solid @code border@;border-radius:4px;padding:6px;margin:0;flex:1 1 41ch;min-width:30ch}
.gt-player .gt-code div{display:flex;border-left:4px solid transparent;white-space:pre-wrap}
.gt-player .gt-code .n{flex:0 0 2.5ch;color:@faint text@;text-align:right;padding-right:1ch}
.gt-player .gt-code .m{flex:0 0 2ch}
.gt-player .gt-code span:last-child{flex:1 1 0}
.gt-player .gt-code .current{background:@highlight@;border-left-color:@current@;font-weight:bold}
.gt-player .gt-note{color:@muted text@;font-size:.9em}
"""

_FRAGMENT = """<div class="gt-player tex2jax_ignore" id="@P@player" data-keys="@KEYS@">
<div class="gt-controls" role="group" aria-label="step through the search">
<button type="button" class="gt-play" id="@P@play" aria-label="play">play</button>
<button type="button" class="gt-prev" id="@P@prev" aria-label="previous">previous</button>
<button type="button" class="gt-next" id="@P@next" aria-label="next">next</button>
<label for="@P@step">step</label>
<input type="range" class="gt-step" id="@P@step" role="slider" min="0" max="@LAST@" value="0" step="1">
@JUMPS@
<label for="@P@speed">speed</label>
<select class="gt-speed" id="@P@speed">@SPEEDS@</select>
</div>
<p class="gt-caption" id="@P@caption" role="status" aria-live="polite" aria-atomic="true"></p>
<p class="gt-counter" id="@P@counter"></p>
<div class="gt-main">
<svg class="gt-glyphs" width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs></defs></svg>
<figure class="gt-picture" id="@P@picture" role="img"></figure>
<pre class="gt-code" id="@P@code" aria-label="pseudocode"></pre>
</div>
<p class="gt-note">Keys: left and right arrows step, Home and End go to the first and last step, space plays and pauses. The search was recorded in Python; this page only replays it.</p>
<script type="application/json" id="@P@steps-data">@DATA@</script>
</div>
"""

PLAYER_JS = """(function () {
  "use strict";
  function start(root) {
    var $ = function (name) { return root.querySelector("." + name); };
    var D = JSON.parse(root.querySelector('script[type="application/json"]').textContent);
    var last = D.steps.length - 1, at = 0, timer = null;
    var picture = $("gt-picture"), caption = $("gt-caption"), counter = $("gt-counter");
    var slider = $("gt-step"), play = $("gt-play"), speed = $("gt-speed"), code = $("gt-code");
    var prev = $("gt-prev"), next = $("gt-next"), jumps = root.querySelectorAll("button.gt-jump");
    $("gt-glyphs").firstChild.innerHTML = D.glyphs.join("");
    var rows = D.code.map(function (line, k) {
      var row = document.createElement("div"), n = document.createElement("span"),
          m = document.createElement("span"), t = document.createElement("span");
      n.className = "n"; n.textContent = String(k + 1);
      m.className = "m"; m.setAttribute("aria-hidden", "true");
      var text = line.replace(/^ +/, "");  /* wrapped lines keep their indentation */
      t.style.paddingLeft = (line.length - text.length) + "ch";
      t.textContent = text;
      row.appendChild(n); row.appendChild(m); row.appendChild(t);
      code.appendChild(row);
      return row;
    });
    function text(p) {
      var r = D.parts[p], out = [];
      for (var j = 1; j < r.length; j += 2) { out.push(D.lines.slice(r[j], r[j] + r[j + 1]).join("\\n")); }
      return out.join("\\n");
    }
    var shown = null;  /* the parts drawn */
    function changedGroups(next, svgElement) {
      /* the parts to replace, or null when the picture must be drawn whole */
      if (shown === null || !svgElement || next.length !== shown.length) { return null; }
      var changed = [];
      for (var i = 0; i < next.length; i++) {
        if (next[i] !== shown[i]) {
          var name = D.parts[next[i]][0];
          if (name === null || name !== D.parts[shown[i]][0]) { return null; }
          changed.push(i);
        }
      }
      return changed;
    }
    function draw(k) {
      var next = D.steps[k].svg, svgElement = picture.firstElementChild;
      var changed = changedGroups(next, svgElement);
      if (changed !== null) {  /* only some artists changed: replace their groups */
        changed.forEach(function (i) {
          var old = svgElement.querySelector('[id="' + D.parts[next[i]][0] + '"]');
          var holder = document.createElementNS("http://www.w3.org/2000/svg", "g");
          holder.innerHTML = text(next[i]);
          old.replaceWith(holder.firstElementChild);
        });
      } else {
        picture.innerHTML = next.map(text).join("\\n");
      }
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
      words.className = "gt-caption-text"; words.id = caption.id + "-text"; words.textContent = s.caption;
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
      prev.disabled = at === 0;
      next.disabled = at === last;
      jumps.forEach(function (b) {
        b.disabled = nextIn(D.jumps[b.getAttribute("data-jump")], at) === null;
      });
      window.gametreeDrawMs = performance.now() - t0;
    }
    function stop() {
      if (timer !== null) { clearInterval(timer); timer = null; }
      play.textContent = "play"; play.setAttribute("aria-label", "play");
      caption.setAttribute("aria-live", "polite");
    }
    function begin() {
      if (at === last) { show(0); }
      play.textContent = "pause"; play.setAttribute("aria-label", "pause");
      caption.setAttribute("aria-live", "off");
      timer = setInterval(function () { if (at >= last) { stop(); } else { show(at + 1); } },
                          Number(speed.value));
    }
    function toggle() { if (timer === null) { begin(); } else { stop(); } }
    play.addEventListener("click", toggle);
    prev.addEventListener("click", function () { show(at - 1); });
    next.addEventListener("click", function () { show(at + 1); });
    slider.addEventListener("input", function () { show(Number(slider.value)); });
    speed.addEventListener("change", function () { if (timer !== null) { stop(); begin(); } });
    jumps.forEach(function (b) {
      b.addEventListener("click", function () {
        var k = nextIn(D.jumps[b.getAttribute("data-jump")], at);
        if (k !== null) { show(k); }
      });
    });
    root.gtKeys = function (e) {
      var tag = e.target && e.target.tagName;
      if (tag === "SELECT" || e.altKey || e.ctrlKey || e.metaKey) { return; }
      if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) { return; }
      if (e.key === " ") { e.preventDefault(); toggle(); return; }
      if (tag === "INPUT") { return; }  /* the slider steps with its own keys */
      var k = {ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
               Home: 0, End: last}[e.key];
      if (k !== undefined) { e.preventDefault(); show(k); }
    };
    show(0);
  }
  /* The keys step the player that holds the focus or, when the focus has
     gone back to the page (a button just disabled, say), the player last
     used; a page of one player ("page") takes them anywhere. */
  var active = null;
  function playerOf(node) { return node && node.closest ? node.closest(".gt-player") : null; }
  function startAll() {
    document.querySelectorAll(".gt-player").forEach(function (root) {
      if (root.hasAttribute("data-started")) { return; }
      root.setAttribute("data-started", "");
      start(root);
      if (root.getAttribute("data-keys") === "page") { active = root; }
    });
  }
  document.addEventListener("pointerdown", function (e) {
    if (active === null || active.getAttribute("data-keys") !== "page") { active = playerOf(e.target); }
  });
  document.addEventListener("focusin", function (e) { if (playerOf(e.target)) { active = playerOf(e.target); } });
  document.addEventListener("keydown", function (e) {
    var t = e.target, root = playerOf(t);
    if (root === null && (!t || t === document.body || t === document.documentElement)) { root = active; }
    if (root !== null && root.gtKeys) { root.gtKeys(e); }
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", startAll); }
  else { startAll(); }
}());
"""
"""The players' script: it starts every ``.gt-player`` on the page (each
reads the JSON data inside it), once the page is parsed."""
