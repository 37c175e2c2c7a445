"""The course as a static site: every notebook as a page that needs no kernel.

:func:`build_site` (``python -m gametree site``) renders the notebooks of
``notebooks/`` with nbconvert's HTML exporter (its ``lab`` template, shipped
with nbconvert, extended by a few blocks here, so no template is fetched)
into a folder of pages that opens from a ``file://`` path or any static
web host:

* every page shows its notebook's outputs, and solutions stay folded
  (they are ``<details>`` blocks in markdown, which the exporter keeps);
* links between notebooks (``02-alpha-beta.ipynb``, with or without a
  ``#anchor``) point at the pages; ``00-index`` becomes ``index.html``
  (without it in the build, an index page is generated); a link to a
  notebook left out of a partial build (``notebooks=``) becomes plain text;
* nothing is fetched, at build time or in the browser: require.js, the
  widget manager and mermaid are left out of the template, and MathJax is
  a local copy (MathJax 2.7 from the ``jupyter-server-mathjax`` package,
  only the files its HTML-CSS output needs), as is nbconvert's style sheet;
  ``static/`` holds them once for every page; and each page's content
  security policy lets the browser load the site's own files and inline
  data only, whatever a stored output may hold.

**How the build finds each stepper and its search.** The stored notebooks
hold only a picture of each widget (and nbval compares their text), so
the build does not read the steppers from them: it runs each notebook
again (nbclient, a fresh kernel, ``notebooks/`` as working directory)
with one set-up cell put in front, which calls :func:`show_players`.  That
registers an IPython display formatter for ipywidgets: a widget that
the step-through protocol accepts, itself or what it steps
(:func:`steppable`: the Stepper, the PredictStepper, the MCTS stepper,
with alpha-beta, chance, PVS, MTD(f) and max^n searches) is shown as its
step-through player (:func:`~gametree.view.pages.player.player`), the
search being replayed from the object the notebook built.  The
set-up cell is removed again and the cells keep their numbers; the
notebooks on disk are never written, and nothing is added to them.  A
widget the protocol does not accept (the practice box, the boards) keeps
its own picture, with the line "needs Python: open this notebook in
Jupyter or Binder"; so does a search longer than a page replays
(:data:`~gametree.view.pages.player.MAX_PAGE_STEPS`), with the sentence
that says so.  The players of a page share one script
(``static/gametree-player.js``) and one style sheet.

The notebooks run ``jobs`` at once, each in its own kernel, where the
players are drawn.  For the set of 13 (``benchmarks/bench_site.py``, a
busy 2-core machine, two at once): 212 s; 10.3 MB in all, 2.3 MB of it
``static/`` and 0.1 to 1.7 MB a page; 14 players, the largest 0.71 MB
(notebook 02's 81-leaf tree), 29 % of the pages' bytes.

A notebook that fails to run stops the build with :class:`NotebookFailed`
(a ValueError whose message is one line naming the notebook, its cell and
the error); the folder is written whole or not at all.
"""

from __future__ import annotations

import asyncio
import html as _html
import itertools
import os
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .player import PLAYER_JS, check_steps, player, player_css, themed
from .steps import Steppable, steps_of

__all__ = ["build_site", "build_sites", "language_switcher", "show_players", "steppable", "notebook_names", "chosen_notebooks",
           "mathjax_folder", "Site", "SitePage", "NotebookFailed", "NEEDS_PYTHON", "STATIC",
           "PLAYER_SCRIPT", "PLAYER_STYLE", "SITE_STYLE", "site_css"]

NEEDS_PYTHON = "needs Python: open this notebook in Jupyter or Binder"
"""What a page says under a widget it can only show as a picture."""

STATIC = "static"
"""The site's folder of shared files (no leading underscore: GitHub Pages'
Jekyll would leave such a folder out)."""
PLAYER_SCRIPT = f"{STATIC}/gametree-player.js"
"""The players' script, one copy for the site."""
PLAYER_STYLE = f"{STATIC}/gametree-player.css"
"""The players' style sheet, one copy for the site."""
SITE_STYLE = f"{STATIC}/site.css"
"""The site's own style sheet (:func:`site_css`), one copy for the site."""
_SITE_STYLE = SITE_STYLE
_MATHJAX = f"{STATIC}/mathjax"
_NBCONVERT_CSS = ("index.css", "theme-light.css")

_WIDGET = "application/vnd.jupyter.widget-view+json"
_NAME = re.compile(r"\d\d-[A-Za-z0-9_-]+")
"""A notebook of the set: ``NN-name``."""
def _setup(theme=None) -> str:
    """The set-up cell's code: :func:`show_players` in ``theme``, the whole
    theme (its colours and its lines) rebuilt in the kernel from the
    literals it pickles to."""
    from ..theme import theme_of

    _, (name, colors, lines) = theme_of(theme).__reduce__()
    return ("from gametree.view.pages.site import show_players\n"
            "from gametree.view.theme import Theme\n"
            f"show_players(theme=Theme({name!r}, {colors!r}, {lines!r}))\n")


class NotebookFailed(ValueError):
    """A notebook that could not be run for the site; the message is one
    line naming it, its cell and the error."""


@dataclass(frozen=True)
class SitePage:
    """One page of the site."""

    name: str
    """The notebook's name (``02-alpha-beta``), or "index" for a generated index."""
    file: str
    """The page's file in the site (``02-alpha-beta.html``, ``index.html``)."""
    size: int
    """The page's bytes."""
    players: tuple[int, ...]
    """The bytes of each step-through player on it, in order."""
    pictures: int
    """Widgets shown as their picture only (they need Python)."""
    seconds: float
    """Time to run and render it."""


@dataclass(frozen=True)
class Site:
    """What :func:`build_site` wrote."""

    out: Path
    """The site's folder."""
    pages: tuple[SitePage, ...]
    """Its pages, in the notebooks' order."""
    static: int
    """The bytes of ``static/`` (MathJax, the style sheets, the player's script)."""
    seconds: float
    """Time to build it."""

    @property
    def size(self) -> int:
        """The site's bytes in all."""
        return self.static + sum(page.size for page in self.pages)

    @property
    def players(self) -> int:
        """Step-through players on all pages."""
        return sum(len(page.players) for page in self.pages)


def steppable(obj) -> Steppable | None:
    """``obj`` as a :class:`~gametree.view.pages.steps.Steppable` if the
    step-through protocol accepts it (:func:`~gametree.view.pages.steps.steps_of`),
    or, for a widget that steps through a search, what it steps (its
    ``steps``, or the recorded search, its ``trace``), else None.

    >>> steppable([[3, 5], [2, 9]]) is not None, steppable(object())
    (True, None)
    """
    for candidate in (obj, getattr(obj, "steps", None), getattr(obj, "trace", None)):
        if candidate is None:
            continue
        try:
            return steps_of(candidate)
        except (TypeError, ValueError):
            continue
    return None


def show_players(shell=None, theme=None) -> None:
    """Show every steppable widget as its step-through player from now on,
    in this IPython kernel (``shell``: by default the running one), its
    pictures drawn in ``theme`` (:func:`gametree.view.theme.theme_of`).

    A widget that :func:`steppable` accepts is displayed as the HTML of
    :func:`~gametree.view.pages.player.player` (ids ``player-1-``,
    ``player-2-``, ... in the order shown); a search too long for a page
    keeps the widget's own display, with the refusal in the output's
    metadata (``gametree.refused``); any other widget is displayed as it
    would be.  The site's build runs this before each notebook.

    Raises
    ------
    RuntimeError
        Outside IPython.
    """
    import ipywidgets
    from IPython import get_ipython

    shell = shell if shell is not None else get_ipython()
    if shell is None:
        raise RuntimeError("show_players works in an IPython kernel; the site's build runs it "
                           "in each notebook's kernel")
    numbers = itertools.count(1)

    def own(widget):
        return widget._repr_mimebundle_() if hasattr(widget, "_repr_mimebundle_") else None

    def bundle(widget):
        steps = steppable(widget)
        if steps is None:
            return own(widget)
        try:
            check_steps(steps)
        except ValueError as refused:
            return (own(widget) or {}), {"gametree": {"refused": str(refused)}}
        fragment = player(steps, ident=f"player-{next(numbers)}-", theme=theme)
        return {"text/html": fragment, "text/plain": f"a step-through player of {steps.title}"}

    shell.display_formatter.mimebundle_formatter.for_type(ipywidgets.Widget, bundle)


def notebook_names(source) -> list[str]:
    """The set's notebooks in ``source``, by name (``NN-name``), in order.

    Raises ValueError if the folder is missing or holds none."""
    folder = Path(source)
    if not folder.is_dir():
        raise ValueError(f"{folder}: no such folder of notebooks; run the command from the "
                         f"repository's root, or name the folder with --source")
    names = sorted(path.stem for path in folder.glob("*.ipynb") if _NAME.fullmatch(path.stem))
    if not names:
        raise ValueError(f"{folder} holds no notebooks named like 01-minimax.ipynb")
    return names


def chosen_notebooks(source, notebooks: Sequence[str] | None = None) -> list[str]:
    """The notebooks of ``source`` to build, in the set's order: all, or
    those named (``01-minimax`` or ``01-minimax.ipynb``); ValueError naming
    the notebooks there are for a name that is not one of them.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     for name in ("01-minimax", "02-alpha-beta", "_draft"):
    ...         _ = (pathlib.Path(folder) / f"{name}.ipynb").write_text("{}")
    ...     chosen_notebooks(folder, ["02-alpha-beta.ipynb", "01-minimax"])
    ['01-minimax', '02-alpha-beta']
    """
    names = notebook_names(source)
    if notebooks is None:
        return names
    chosen = [str(name).removesuffix(".ipynb") for name in notebooks]
    unknown = [name for name in chosen if name not in names]
    if unknown:
        raise ValueError(f"no notebook {', '.join(unknown)} in {source}; the notebooks are "
                         f"{', '.join(names)}")
    if not chosen:
        raise ValueError("no notebooks named; name one or more, such as 01-minimax")
    return [name for name in names if name in chosen]


def mathjax_folder() -> Path:
    """The folder of a local MathJax 2.7 (the ``jupyter-server-mathjax``
    package's), or ValueError saying what to install."""
    try:
        import jupyter_server_mathjax
    except ImportError:
        raise ValueError("the site needs a local copy of MathJax and none is installed; "
                         "pip install -r requirements.txt (jupyter-server-mathjax)") from None
    folder = Path(jupyter_server_mathjax.__file__).parent / "static"
    if not (folder / "MathJax.js").is_file():
        raise ValueError(f"{folder} holds no MathJax.js; reinstall jupyter-server-mathjax")
    return folder


_MATHJAX_PARTS = ("MathJax.js", "LICENSE", "config/TeX-AMS-MML_HTMLorMML-full.js", "config/Safe.js",
                  "extensions", "jax", "fonts/HTML-CSS/STIX-Web/woff")
"""What the HTML-CSS output of the combined configuration loads, with the
web fonts of STIX-Web (the only ones the package ships)."""
_MATHJAX_LEFT_OUT = ("a11y", "MathML", "SVG", "mml3", "content-mathml", "mhchem3")
"""Folders of MathJax that no page here loads: the screen-reader
explorer's speech rules (3.7 MB; the pages keep MathJax's own MathML for
screen readers), MathML input, the SVG output."""


def _copy_mathjax(into: Path) -> None:
    folder = mathjax_folder()
    ignore = shutil.ignore_patterns(*_MATHJAX_LEFT_OUT)
    for part in _MATHJAX_PARTS:
        source, target = folder / part, into / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, ignore=ignore)
        else:
            shutil.copy2(source, target)


_SITE_CSS = """:root{--jp-cell-prompt-not-active-opacity:1;--jp-cell-prompt-not-active-font-color:@muted text@;
--jp-cell-inprompt-font-color:#1F5F99;--jp-cell-outprompt-font-color:#A4442A;
--jp-mirror-editor-atom-color:#4444CC;--jp-mirror-editor-number-color:#006E00;
--jp-mirror-editor-operator-color:#8A12D6;--jp-mirror-editor-meta-color:#8A12D6;
--jp-mirror-editor-comment-color:#2F6F6F;--jp-mirror-editor-bracket-color:#6B6B50;
--jp-mirror-editor-quote-color:#007A00;--jp-mirror-editor-error-color:#CC0000;--jp-mirror-editor-hr-color:#6E6E6E}
.jp-RenderedHTMLCommon a:link,.jp-RenderedHTMLCommon a:visited{text-decoration:underline}
a.anchor-link{display:none}
.jp-InputArea{overflow:hidden}
.jp-Collapser{display:none}
main{max-width:1200px;margin:0 auto;padding:0 1em}
.gt-needs-python{color:@muted text@;font-style:italic;margin:.3em 0;padding-left:var(--jp-code-padding, 5px)}
.gt-not-built{color:@muted text@}
details{border:1px solid @code border@;border-radius:4px;padding:.3em .6em}
.gt-player .gt-code{white-space:normal}
.gt-languages{font-family:var(--jp-content-font-family);font-size:var(--jp-content-font-size1)}
.gt-languages ul{list-style:none;display:flex;flex-wrap:wrap;gap:.4em 1.2em;max-width:1200px;margin:.6em auto;padding:0 1em}
.gt-languages a{text-decoration:underline}
.gt-languages a[aria-current]{font-weight:bold;text-decoration:none}
"""
"""The few rules the site adds to nbconvert's style sheet; each ``@key@``
is a colour of the theme. The first rule makes JupyterLab's prompts and code
colours reach WCAG AA (4.5:1) on its code cells' grey (#F5F5F5): its own
input prompts are 50% transparent grey (2.2:1), and its number, comment,
operator and a few other token colours fall between 2.6:1 and 4.4:1. Links
in text are underlined (colour is never the only cue)."""


_CSP = ("default-src 'self' file: data: blob:; script-src 'self' file: 'unsafe-inline'; "
        "style-src 'self' file: 'unsafe-inline'; object-src 'none'; base-uri 'none'")
"""The pages' content security policy: the browser loads nothing but the
site's own files and inline data, whatever a stored output may hold."""

_TEMPLATE = """{%- extends 'index.html.j2' -%}
{% block html_head_js_requirejs %}
<meta http-equiv="Content-Security-Policy" content="{{ resources.gametree.csp }}">
{% endblock %}
{% block jupyter_widgets %}{% endblock %}
{% block html_head_js_mermaidjs %}{% endblock %}
{% block notebook_css %}
{%- for sheet in resources.gametree.sheets %}
<link rel="stylesheet" href="{{ sheet }}">
{%- endfor %}
{% endblock notebook_css %}
{% block html_head_js_mathjax %}
<script>
window.MathJax = {
  TeX: {equationNumbers: {autoNumber: "AMS", useLabelIds: true}},
  tex2jax: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]],
            processEscapes: true, processEnvironments: true},
  "HTML-CSS": {availableFonts: [], preferredFont: null, webFont: "STIX-Web", imageFont: null},
  displayAlign: "center", messageStyle: "none", menuSettings: {zoom: "None"}
};
</script>
<script src="{{ resources.gametree.mathjax }}"></script>
{% endblock html_head_js_mathjax %}
{% block body_header %}
{{- super() | replace("<main>", resources.gametree.switcher ~ "<main>") -}}
{% endblock body_header %}
{% block footer_js %}
{%- if resources.gametree.players %}
<script src="{{ resources.gametree.player }}"></script>
{%- endif %}
{% endblock footer_js %}
"""
"""nbconvert's lab template without what it would fetch (require.js, the
widget manager, mermaid), its style sheets linked rather than inlined, a
local MathJax, the players' script on pages that have players, and a
content security policy (:data:`_CSP`) that lets a page load its site's
files only; in a site of several languages, the language switcher
(:func:`language_switcher`) before the page's ``<main>``."""


def _exporter(lang: str = "en"):
    """nbconvert's exporter with the site's template; ``lang`` goes on each page's ``<html>``."""
    from jinja2 import DictLoader
    from nbconvert import HTMLExporter
    from nbconvert.utils.iso639_1 import iso639_1

    if lang not in iso639_1:
        raise ValueError(f"lang={lang!r}: give the pages' language as a two-letter ISO 639-1 "
                         f"code, such as 'en', 'hi', 'ko' or 'da'")
    return HTMLExporter(template_name="lab", template_file="gametree-site.html.j2",
                        extra_loaders=[DictLoader({"gametree-site.html.j2": _TEMPLATE})],
                        exclude_anchor_links=False, language_code=lang)


def _nbconvert_css(exporter) -> dict[str, Path]:
    for folder in exporter.template_paths:
        found = {name: Path(folder) / "static" / name for name in _NBCONVERT_CSS}
        if all(path.is_file() for path in found.values()):
            return found
    raise ValueError("nbconvert's lab template has no style sheet here; reinstall nbconvert")


def site_css(theme=None) -> str:
    """The site's own style sheet (``static/site.css``) in the colours of ``theme``
    (:func:`gametree.view.theme.theme_of`); the players' is :func:`player_css`.

    >>> site_css("print") != site_css()
    True
    """
    return themed(_SITE_CSS, theme)


def _write_static(into: Path, exporter, theme=None) -> None:
    static = into / STATIC
    (static / "nbconvert").mkdir(parents=True)
    for name, path in _nbconvert_css(exporter).items():
        shutil.copy2(path, static / "nbconvert" / name)
    (into / PLAYER_SCRIPT).write_text(PLAYER_JS, encoding="utf-8")
    (into / PLAYER_STYLE).write_text(player_css(theme), encoding="utf-8")
    (into / _SITE_STYLE).write_text(site_css(theme), encoding="utf-8")
    _copy_mathjax(into / _MATHJAX)


class _Stopped(Exception):
    """Another notebook failed, or the build was interrupted: stop this one."""


def _run(notebook, source: Path, timeout: int, stop: threading.Event, setup: str) -> None:
    """Run ``notebook`` in a fresh kernel, with the set-up cell in front
    (removed again afterwards, the cells keeping their numbers); once
    ``stop`` is set, no further cell starts (the kernel is shut down)."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    notebook.cells.insert(0, nbformat.v4.new_code_cell(setup))
    running: list[int] = []

    def starting(cell, cell_index) -> None:
        if stop.is_set():
            raise _Stopped
        running.append(cell_index)

    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3", record_timing=False,
                            store_widget_state=False, allow_errors=False,
                            extra_arguments=["--IPKernelApp.log_level=ERROR"],
                            resources={"metadata": {"path": str(source)}}, on_cell_start=starting)
    try:
        if threading.current_thread() is threading.main_thread():
            client.execute()
        else:  # a loop of its own, closed when done (execute() would leave one per thread)
            asyncio.run(client.async_execute())
    except (CellExecutionError, CellTimeoutError, DeadKernelError) as error:
        cell = running[-1] - 1 if running else -1
        raise NotebookFailed(_failure(cell, error)) from None
    finally:
        del notebook.cells[0]
    for cell in notebook.cells:
        if cell.cell_type == "code" and cell.get("execution_count"):
            cell.execution_count -= 1
            for output in cell.get("outputs", []):
                if output.get("execution_count"):
                    output.execution_count -= 1


def _failure(cell: int, error: Exception) -> str:
    """One line: where the notebook failed and why."""
    where = "its set-up" if cell < 0 else f"its cell {cell + 1}"
    what = type(error).__name__
    name, value = getattr(error, "ename", None), getattr(error, "evalue", "")
    if name:
        what = f"{name}: {value}"
    elif str(error).strip():
        what = f"{what}: {str(error).strip().splitlines()[-1]}"
    what = " ".join(what.split())  # one line, whatever the message held
    return f"{where} raised {what if len(what) <= 300 else what[:297] + '...'}"


def _note(text: str, binder: str | None):
    """The line under a widget shown as a picture, with a link to the
    notebook on Binder when the build knows one."""
    import nbformat

    link = "" if binder is None else f' <a href="{_html.escape(binder)}">Open it on Binder.</a>'
    return nbformat.v4.new_output("display_data", data={
        "text/html": f'<p class="gt-needs-python">{_html.escape(text)}{link}</p>',
        "text/plain": text})


def _site_outputs(outputs: list, binder: str | None) -> tuple[list, list[int], int]:
    """The outputs as the site shows them, the players' sizes, and how
    many widgets are shown as their picture only (each with a line that
    points to Jupyter or ``binder``)."""
    shown, players, pictures = [], [], 0
    for output in outputs:
        data = output.get("data", {})
        html = data.get("text/html", "")
        if 'class="gt-player ' in html:
            output["data"] = {"text/html": html}
            players.append(len(html.encode("utf-8")))
            shown.append(output)
            continue
        if _WIDGET not in data:
            shown.append(output)
            continue
        del data[_WIDGET]
        if {"image/png", "image/svg+xml", "text/html"} & set(data):
            shown.append(output)  # its picture; a widget's repr alone says nothing to a reader
        refused = output.get("metadata", {}).get("gametree", {}).get("refused")
        pictures += 1
        shown.append(_note(f"{refused}. This player {NEEDS_PYTHON}." if refused
                           else f"This interactive part {NEEDS_PYTHON}.", binder))
    return shown, players, pictures


_NBVAL = re.compile(r"^# NBVAL_\w+[^\n]*\n?", re.MULTILINE)


def _for_the_site(notebook, title: str, binder: str | None) -> tuple[list[int], int]:
    """Outputs rewritten for the site (see :func:`_site_outputs`), nbval's
    markers left out of the code shown, the page's title set."""
    players: list[int] = []
    pictures = 0
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        cell.source = _NBVAL.sub("", cell.source)
        cell.outputs, sizes, kept = _site_outputs(cell.get("outputs", []), binder)
        players += sizes
        pictures += kept
    notebook.metadata["title"] = title
    notebook.metadata.pop("widgets", None)
    return players, pictures


def _title(notebook, name: str) -> str:
    """The notebook's first ``# `` heading, or its name."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            found = re.search(r"^#\s+(.+)$", cell.source, re.MULTILINE)
            if found:
                return found.group(1).strip()
    return name


def _page_file(name: str) -> str:
    return "index.html" if name == "00-index" else f"{name}.html"


_LINK = re.compile(r'<a\b([^>]*?)\bhref="((?:\.\./(?:[a-z]{2}/)?)?)(\d\d-[A-Za-z0-9_-]+)\.ipynb'
                   r'(#[^"]*)?"([^>]*)>(.*?)</a>', re.DOTALL)


def _links(page: str, built: Collection[str],
           elsewhere: Mapping[str, Collection[str]] | None = None) -> str:
    """Links to notebooks pointed at their pages; a link to a notebook not
    in the build left as its text.  A translated notebook's links to the
    English notebooks (``../04-name.ipynb``) and to another language's
    (``../ko/01-name.ipynb``) lead to those pages where ``elsewhere`` (the
    folder, ``../`` or ``../ko/``, to the pages built there) has them.

    >>> _links('<a href="../04-x.ipynb">4</a> <a href="01-y.ipynb#a">1</a>', {"01-y"}, {"../": {"04-x"}})
    '<a href="../04-x.html">4</a> <a href="01-y.html#a">1</a>'
    """
    def link(found: re.Match) -> str:
        before, up, name, anchor, after, text = found.groups()
        pages = built if not up else (elsewhere or {}).get(up, ())
        if name not in pages:
            return f'<span class="gt-not-built" title="not in this build">{text}</span>'
        return f'<a{before}href="{up}{_page_file(name)}{anchor or ""}"{after}>{text}</a>'

    return _LINK.sub(link, page)


def _folder(code: str) -> str:
    """Where a language's pages are in a site of several: English at the root."""
    return "" if code == "en" else f"{code}/"


def language_switcher(name: str, lang: str, siblings: Mapping[str, Collection[str]]) -> str:
    """The list of links to the page ``name`` (``02-alpha-beta``, or
    ``index``) in every language of the site, ``lang``'s marked as the
    current page; a language without that page links its index.  Each link
    says its language (``lang``, ``hreflang``) and is named in it.

    >>> print(language_switcher("04-x", "ko", {"en": ["04-x"], "ko": ["01-y"]}))
    <nav class="gt-languages" aria-label="언어"><ul>
    <li><a href="../04-x.html" hreflang="en" lang="en">English</a></li>
    <li><a href="index.html" hreflang="ko" lang="ko" aria-current="page">한국어</a></li>
    </ul></nav>
    """
    from ...i18n import LANGUAGES, gettext, using

    up = "" if lang == "en" else "../"
    items = []
    for code, names in siblings.items():
        target = _page_file(name) if name in names else "index.html"
        if code == lang:
            href, current = (_page_file(name) if name in names else "index.html"), ' aria-current="page"'
        else:
            href, current = f"{up}{_folder(code)}{target}", ""
        items.append(f'<li><a href="{href}" hreflang="{code}" lang="{code}"{current}>'
                     f'{_html.escape(LANGUAGES[code])}</a></li>')
    with using(lang):
        label = gettext("Languages")
    return (f'<nav class="gt-languages" aria-label="{_html.escape(label)}"><ul>\n'
            + "\n".join(items) + "\n</ul></nav>")


def _render(exporter, notebook, name: str, players: bool, built: Collection[str],
            plan: _Plan | None = None) -> str:
    switcher = "" if plan is None or not plan.siblings else \
        language_switcher(name, plan.lang, dict(plan.siblings))
    resources = {"metadata": {"name": name},
                 "gametree": {"sheets": [f"{STATIC}/nbconvert/{css}" for css in _NBCONVERT_CSS]
                              + [PLAYER_STYLE, _SITE_STYLE],
                              "mathjax": f"{_MATHJAX}/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe",
                              "players": players, "player": PLAYER_SCRIPT, "csp": _CSP,
                              "switcher": switcher}}
    body, _ = exporter.from_notebook_node(notebook, resources=resources)
    return _links(body, built, plan.elsewhere() if plan is not None else None)


def _generated_index(names: Sequence[str], titles: dict[str, str]):
    import nbformat

    lines = ["# Contents", ""] + [f"{k}. [{titles[n]}]({n}.ipynb)" for k, n in enumerate(names, 1)]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("\n".join(lines))])
    notebook.metadata["title"] = "Contents"
    return notebook


def _check_out(out: Path) -> None:
    """Refuse to replace anything but a site this function wrote."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"{out} is a file; name a folder for the site")
    if out.is_dir() and any(out.iterdir()) and not (out / PLAYER_SCRIPT).is_file():
        raise ValueError(f"{out} holds files that are not a site written by this command; name "
                         f"a new or empty folder")
    if not out.parent.is_dir():
        raise ValueError(f"cannot write {out}: the folder {str(out.parent)!r} does not exist; "
                         f"make it first, or name another")


def _into_place(built: Path, out: Path) -> None:
    """Put the folder ``built`` where ``out`` is, replacing an older site."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}-old-", dir=out.parent))
        os.replace(out, old / "site")
    os.replace(built, out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_site(out, *, source="notebooks", notebooks: Sequence[str] | None = None,
               timeout: int = 600, jobs: int = 1, binder: str | None = None, theme=None,
               progress: Callable[[SitePage], None] | None = None, lang: str = "en",
               siblings: Mapping[str, Collection[str]] | None = None) -> Site:
    """Render the notebooks of ``source`` as a static site in the folder ``out``.

    Parameters
    ----------
    out : path
        The site's folder: new, empty, or a site this function wrote
        (replaced whole); anything else is refused before any work.
    source : path
        The folder of notebooks (``NN-name.ipynb``); each runs with it as
        its working directory.
    notebooks : names, optional
        Only these notebooks (``01-minimax`` or ``01-minimax.ipynb``); by
        default all.  Links to the others become plain text.
    timeout : int
        Seconds a cell may run.
    jobs : int
        Notebooks run at once, each in its own kernel (1 or more; the
        kernels do the drawing, so up to one per core saves time).
    binder : str, optional
        The repository's address on a BinderHub (such as
        ``https://mybinder.org/v2/gh/OWNER/gametree/main``): the line under
        each widget shown as a picture then links to its notebook there.
    theme : Theme, name or mapping, optional
        The players' and the site's colours (:func:`gametree.view.theme.theme_of`).
    progress : callable, optional
        Called with each :class:`SitePage` when it is written (in the
        order the notebooks finish).
    lang : str, optional
        The language of the pages' text, as each page's ``<html lang>`` says it
        (an ISO 639-1 code; default English).
    siblings : mapping, optional
        For one language of a site of several (:func:`build_sites`): each
        language's code to the names of its pages.  Each page then gets the
        language switcher, and links to the other languages' notebooks
        lead to their pages.

    Returns
    -------
    Site
        The pages, their sizes and the time taken.

    Raises
    ------
    NotebookFailed
        If a notebook fails to run (nothing is written).
    ValueError
        For a bad ``out``, ``source`` or name, or no local MathJax, before
        any notebook runs.
    """
    out, source = Path(out), Path(source)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs={jobs!r}: the notebooks run at once are a whole number, 1 or more")
    if binder is not None and not re.fullmatch(r"https://[^\s\"'<>?#]+", binder):
        raise ValueError(f"binder={binder!r}: give the repository's Binder address, such as "
                         f"https://mybinder.org/v2/gh/OWNER/gametree/main")
    names = chosen_notebooks(source, notebooks)
    _exporter(lang)  # an unknown language is refused before any work
    _check_out(out)
    mathjax_folder()
    start = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-building-", dir=out.parent))
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(work, 0o777 & ~mask)  # readable as a folder made by hand is, for a web server
    try:
        _write_static(work, _exporter(lang), theme)
        plan = _Plan(source, timeout, frozenset(names), binder, _setup(theme), lang,
                     tuple((code, frozenset(pages)) for code, pages in (siblings or {}).items()))
        pages = _pages(work, plan, names, jobs, progress)
        static = sum(path.stat().st_size for path in (work / STATIC).rglob("*") if path.is_file())
        _into_place(work, out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return Site(out, tuple(pages), static, time.perf_counter() - start)


def build_sites(out, *, languages: Sequence[str] | None = None, source="notebooks",
                notebooks: Sequence[str] | None = None, **options) -> tuple[Site, ...]:
    """The course in several languages as one site in the folder ``out``:
    English (``source``) at its root, each other language (the translated
    notebooks in ``source/<code>``) in its folder ``out/<code>``, every
    page with the language switcher (:func:`language_switcher`), links
    between the languages' pages working.  Each language's folder holds its
    own ``static/``, so it also works alone.

    ``languages``: the codes (default: English and every language with a
    folder of notebooks); ``notebooks``: only these names, in every
    language that has them; ``options``: those of :func:`build_site`.
    Returns each language's :class:`Site`, in order.  Written whole or not
    at all; a bad ``out``, ``source``, name or language is refused before
    any notebook runs.

    >>> build_sites("site", languages=["ko"])
    Traceback (most recent call last):
    ...
    ValueError: languages=['ko']: a site of several languages has English at its root; add 'en'
    """
    from ...i18n import LANGUAGES

    out, source = Path(out), Path(source)
    codes = list(languages) if languages is not None else \
        ["en"] + [code for code in LANGUAGES if code != "en" and (source / code).is_dir()]
    if "en" not in codes:
        raise ValueError(f"languages={codes!r}: a site of several languages has English at its "
                         f"root; add 'en'")
    unknown = [code for code in codes if code not in LANGUAGES]
    if unknown:
        raise ValueError(f"no language {', '.join(unknown)} in gametree: choose among "
                         f"{', '.join(LANGUAGES)}")
    folders = {code: source if code == "en" else source / code for code in codes}
    names = {}
    for code, folder in folders.items():
        there = notebook_names(folder)
        names[code] = chosen_notebooks(folder, None if notebooks is None else
                                       [n for n in map(str, notebooks)
                                        if n.removesuffix(".ipynb") in there] or list(notebooks))
    _check_out(out)
    work = Path(tempfile.mkdtemp(prefix=f".{out.name}-languages-", dir=out.parent))
    try:
        sites = tuple(build_site(work / "site" / _folder(code), source=folders[code],
                                 notebooks=names[code], lang=code, siblings=names, **options)
                      for code in codes)
        _into_place(work / "site", out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return tuple(Site(out / _folder(code), site.pages, site.static, site.seconds)
                 for code, site in zip(codes, sites, strict=True))


@dataclass(frozen=True)
class _Plan:
    """What every notebook's run and page share."""

    source: Path
    timeout: int
    built: frozenset[str]
    binder: str | None
    setup: str
    """The code of the set-up cell each notebook runs first (:func:`_setup`)."""
    lang: str = "en"
    """The language of the pages' text (``<html lang>``)."""
    siblings: tuple[tuple[str, frozenset[str]], ...] = ()
    """In a site of several languages: each language and its pages' names."""

    def elsewhere(self) -> dict[str, frozenset[str]]:
        """The pages of the site's other languages, by the folder a link of
        this language's pages takes to them (``../``, ``../ko/``)."""
        if self.lang == "en":
            return {}
        return {f"../{_folder(code)}": names for code, names in self.siblings if code != self.lang}

    def binder_of(self, name: str) -> str | None:
        """The notebook ``name`` on Binder, if the build has an address."""
        if self.binder is None:
            return None
        return f"{self.binder.rstrip('/')}?urlpath=lab/tree/{self.source.name}/{name}.ipynb"


def _built(name: str, plan: _Plan, stop: threading.Event) -> tuple[SitePage, str, bytes]:
    """Run the notebook ``name`` and render it: the page's summary, its
    title and its bytes."""
    import nbformat

    began = time.perf_counter()
    source = plan.source
    notebook = nbformat.read(source / f"{name}.ipynb", as_version=4)
    title = _title(notebook, name)
    try:
        _run(notebook, source, plan.timeout, stop, plan.setup)
    except NotebookFailed as error:
        raise NotebookFailed(f"{source / name}.ipynb failed to run for the site: {error}; "
                             f"run it in Jupyter to see the whole traceback") from None
    players, pictures = _for_the_site(notebook, title, plan.binder_of(name))
    page = _render(_exporter(plan.lang), notebook, name, bool(players), plan.built,
                   plan).encode("utf-8")
    summary = SitePage(name, _page_file(name), len(page), tuple(players), pictures,
                       time.perf_counter() - began)
    return summary, title, page


def _each_built(names: Sequence[str], plan: _Plan, jobs: int):
    """Every notebook run and rendered, as each is done: one at a time, or
    ``jobs`` at once (each in its own kernel); the first failure stops the
    others before their next cell."""
    stop = threading.Event()
    if jobs == 1:
        for name in names:
            yield _built(name, plan, stop)
        return
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="gametree-site")
    futures = [pool.submit(_built, name, plan, stop) for name in names]
    try:
        pending = set(futures)
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()  # a failure stops the others (finally, below)
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)


def _pages(work: Path, plan: _Plan, names: Sequence[str], jobs: int, progress) -> list[SitePage]:
    pages: dict[str, SitePage] = {}
    titles: dict[str, str] = {}
    with _ipython_folder():
        for summary, titles[summary.name], page in _each_built(names, plan, jobs):
            (work / summary.file).write_bytes(page)
            pages[summary.name] = summary
            if progress is not None:
                progress(summary)
    ordered = [pages[name] for name in names]
    if "00-index" not in pages:
        index = _render(_exporter(plan.lang), _generated_index(names, titles), "index", False,
                        set(names), plan)
        (work / "index.html").write_bytes(index.encode("utf-8"))
        ordered.insert(0, SitePage("index", "index.html", len(index.encode("utf-8")), (), 0, 0.0))
    return ordered


class _ipython_folder:
    """The kernels keep their IPython history in a temporary folder,
    removed afterwards, not in the user's (as notebooks/_tools/execute.py does)."""

    def __enter__(self):
        self.folder = tempfile.mkdtemp(prefix="gametree-ipython-")
        self.before = os.environ.get("IPYTHONDIR")
        os.environ["IPYTHONDIR"] = self.folder
        return self

    def __exit__(self, *exc):
        if self.before is None:
            os.environ.pop("IPYTHONDIR", None)
        else:
            os.environ["IPYTHONDIR"] = self.before
        shutil.rmtree(self.folder, ignore_errors=True)
        return False
