"""The translated notebooks: per-notebook gettext catalogs of the markdown.

Run from the repository root:

    python notebooks/_tools/translate.py extract        # the templates, from the English notebooks
    python notebooks/_tools/translate.py update [CODE]  # the templates merged into the catalogs
    python notebooks/_tools/translate.py build [CODE]   # notebooks/CODE/NN-name.ipynb from both
    python notebooks/_tools/translate.py check          # exit 1 if anything above is out of date

then ``python notebooks/_tools/execute.py ko/02-alpha-beta`` (or ``ko``, or
``translated``) runs the built notebooks and stores their outputs.

**What is translated.** The markdown of the notebooks in :data:`NOTEBOOKS`
(the English ones in ``notebooks/`` are the source) and each notebook's
one-line summary, one message per heading, paragraph, list item, table
cell, quotation and ``<summary>``, extracted with Babel's catalog classes
into ``notebooks/locale/NN-name.pot``; translators edit
``notebooks/locale/CODE/NN-name.po`` (in Poedit, Weblate or a text editor),
never the notebooks' JSON.  Fenced code, display math (``$$``) and
messages without a letter are kept as they are.  A message keeps its
English's link targets, code spans, inline math, HTML tags and ``**``
marks (:func:`problems` says which differ).

**What is generated.** ``notebooks/CODE/NN-name.ipynb``: the English
notebook with each message replaced by its translation, a first code cell
(tagged ``language``) that sets the kernel's language
(``gametree.i18n.set_language``, and ``LANGUAGE`` for the
commands it runs) so that captions, checkers and widgets speak
it, and every other code cell exactly the English one (a few tagged
``nbval-skip``: :data:`NBVAL_SKIP`).  Links to a
notebook of the set point at the translated sibling where there is one,
else at the English notebook (``../04-pruning-savings.ipynb``); other
relative links get ``../``.  The navigation cells (previous / contents /
next, and the same lesson in the other languages) and the index's
contents are written here, as ``navigation.py`` writes the English ones;
the contents list every lesson and say which are still in English only.
A rebuild keeps the stored outputs of every code cell whose source did not
change, so a corrected translation needs no new run of the notebook (a
changed message that the code prints does: run ``execute.py``).
"""

from __future__ import annotations

import functools
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import navigation
import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

NOTEBOOKS_DIR = Path(__file__).resolve().parent.parent
LOCALE = NOTEBOOKS_DIR / "locale"
LANGUAGES = {"hi": "हिन्दी", "ko": "한국어", "da": "dansk"}
"""The languages the notebooks are translated into: code -> the language's own name."""
NOTEBOOKS = ("00-index", "01-minimax", "02-alpha-beta", "03-practice", "05-numbergame")
"""The notebooks that are translated, by name."""
NBVAL_SKIP = {"03-practice": ("command = [sys.executable", "sheet_page = ", "Image(data=key_page")}
"""Code cells (by a piece of their source) that nbval does not run again in
the translated notebooks; they run, and keep their outputs, when
``execute.py`` runs the notebook.  They write the exercise sheets in new
Python processes: 22 s of the 62 s a language's five notebooks took under
nbval; the English notebook's nbval runs the same code."""
LANGUAGE_TAG = "language"
"""The tag of the generated first code cell that sets the kernel's language."""

GENERATED = {
    "Contents": "the heading of the index's contents",
    "English": "the name of the language English, in a link to the English notebook",
    "{title} (in English)": "a lesson not yet translated, in the contents and the navigation",
    "The lessons marked “in English” are not translated yet: their links open the English "
    "notebooks.": "under the index's contents",
    "This notebook in other languages:": "in the navigation cells, before the links",
}
"""Messages the generated cells add to the index's catalog, with a comment each."""

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6} )(.*)$")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+\.) )(.*)$")
_QUOTE = re.compile(r"^(> ?)(.*)$")
_SUMMARY = re.compile(r"^(\s*<details><summary>)(.*?)(</summary>)\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True)
class Part:
    """One line of a markdown cell as the translated cell writes it."""

    before: str
    """Markup kept in front of the text (``## ``, ``- ``, ``> ``, ``| ``)."""
    text: str
    """The English text: a message, or kept as it is when ``message`` is False."""
    after: str = ""
    """Markup kept after the text (``</summary>``)."""
    message: bool = True
    """Whether ``text`` is translated."""
    cells: tuple[str, ...] = ()
    """For a table row: the cells' texts (each a message), ``text`` unused."""


def parts(source: str) -> list[Part]:
    """The lines of the markdown ``source``, each heading, paragraph, list
    item, quotation, table cell and ``<summary>`` one message (a paragraph's
    lines joined into one), the rest kept as it is.

    >>> [(p.before, p.text, p.message) for p in parts("## Hi\\n\\nOne\\ntwo.\\n\\n- a\\n- b")]
    [('## ', 'Hi', True), ('', '', False), ('', 'One two.', True), ('', '', False), ('- ', 'a', True), ('- ', 'b', True)]
    """
    lines = source.split("\n")
    result: list[Part] = []
    current: list | None = None  # [before, [lines]] of a paragraph being read

    def flush() -> None:
        nonlocal current
        if current is not None:
            text = " ".join(line.strip() for line in current[1])
            result.append(Part(current[0], text, message=bool(_LETTER.search(text))))
            current = None

    i = 0
    while i < len(lines):
        line = lines[i]
        fence = _FENCE.match(line)
        if fence or line.strip() == "$$":
            flush()
            end = fence.group(1) if fence else "$$"
            j = i + 1
            while j < len(lines) and not lines[j].strip().startswith(end):
                j += 1
            result.append(Part("", "\n".join(lines[i:j + 1]), message=False))
            i = j + 1
            continue
        if not line.strip() or line.strip() == "</details>" or _TABLE_RULE.match(line):
            flush()
            result.append(Part("", line, message=False))
        elif found := _SUMMARY.match(line):
            flush()
            result.append(Part(found.group(1), found.group(2), found.group(3)))
        elif found := _HEADING.match(line):
            flush()
            result.append(Part(found.group(1), found.group(2).strip()))
        elif line.lstrip().startswith("|"):
            flush()
            cells = tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
            result.append(Part("| ", "", " |", cells=cells))
        elif (found := _ITEM.match(line)) or (found := _QUOTE.match(line)):
            flush()
            current = [found.group(1), [found.group(2)]]
        else:
            if current is None:
                current = ["", []]
            current[1].append(line)
        i += 1
    flush()
    return result


def messages(notebook) -> list[tuple[str, str]]:
    """Every message of ``notebook``'s markdown, with where it is (``cell N``),
    in order; the summary in its metadata first."""
    found = []
    summary = navigation.summary(notebook)
    if summary:
        found.append((summary, "metadata.gametree.summary"))
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type != "markdown" or _generated(cell):
            continue
        for part in parts(cell.source):
            texts = part.cells if part.cells else ((part.text,) if part.message else ())
            found += [(text, f"cell {number}") for text in texts if _LETTER.search(text)]
    return found


def _generated(cell) -> bool:
    tags = cell.get("metadata", {}).get("tags", [])
    return navigation.TAG in tags or "contents" in tags


def english(name: str):
    """The English notebook ``name``, a copy of its own to change."""
    return load(NOTEBOOKS_DIR / f"{name}.ipynb")


def load(path: Path):
    """The notebook at ``path``, a copy of its own (read once, without
    nbformat's validation, which took most of a check's time)."""
    return nbformat.v4.reads(_text(path, path.stat().st_mtime_ns))  # lines joined, not validated


@functools.cache
def _text(path: Path, mtime: int) -> str:
    return path.read_text(encoding="utf-8")


def template(name: str) -> Catalog:
    """The catalog template of the notebook ``name``, from the English notebook."""
    catalog = Catalog(project=f"gametree notebook {name}", version="1",
                      copyright_holder="gametree's authors", fuzzy=False)
    for text, where in messages(english(name)):
        if text in catalog:  # the same words again: one message, every place listed once
            if where not in catalog[text].auto_comments:
                catalog[text].auto_comments.append(where)
        else:
            catalog.add(text, auto_comments=[where])
    if name == navigation.INDEX.removesuffix(".ipynb"):
        for text, comment in GENERATED.items():
            catalog.add(text, locations=[("notebooks/_tools/translate.py", 0)],
                        auto_comments=[comment])
    return catalog


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False,
             include_previous=False)
    return re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", buffer.getvalue())  # stable files


def template_path(name: str) -> Path:
    return LOCALE / f"{name}.pot"


def catalog_path(code: str, name: str) -> Path:
    return LOCALE / code / f"{name}.po"


def read_catalog(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def updated_catalog(code: str, name: str) -> Catalog:
    """``code``'s catalog of ``name`` merged with the current template
    (new messages added untranslated, gone ones dropped)."""
    path = catalog_path(code, name)
    fresh = template(name)
    if not path.exists():
        catalog = Catalog(locale=code, project=fresh.project, version="1", fuzzy=False)
    else:
        catalog = read_catalog(path, code)
    catalog.update(fresh, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog


# --- checks ------------------------------------------------------------------------

_KEPT = {
    "link targets": re.compile(r"\]\(([^)\s]+)\)"),
    "code spans": re.compile(r"(`+)(.+?)\1"),
    "inline math": re.compile(r"(?<![\\$])\$([^$\s][^$]*?)\$"),
    "HTML tags": re.compile(r"</?[a-zA-Z][^>]*>"),
}


def problems(english_text: str, translated: str) -> list[str]:
    """What ``translated`` fails to keep of ``english_text``: its link
    targets, code spans, inline math and HTML tags (each, as many times),
    and as many ``**`` marks.  Empty when it keeps them all.

    >>> problems("See [02](02-alpha-beta.ipynb) and `x`.", "Se [02](02-alpha-beta.ipynb) og `x`.")
    []
    >>> problems("Run `f(x)` with **care**.", "Kør f(x) med **omhu.")
    ['code spans: [] instead of [\\'f(x)\\']', 'strong marks: 1 instead of 2']
    """
    found = []
    for what, pattern in _KEPT.items():
        def kept(text: str, pattern: re.Pattern = pattern) -> list[str]:
            return sorted(m if isinstance(m, str) else m[-1] for m in pattern.findall(text))
        if kept(english_text) != kept(translated):
            found.append(f"{what}: {kept(translated)} instead of {kept(english_text)}")
    if english_text.count("**") != translated.count("**"):
        found.append(f"strong marks: {translated.count('**')} instead of {english_text.count('**')}")
    return found


def catalog_problems(code: str, name: str) -> list[str]:
    """Every untranslated, fuzzy or mismatched message of ``code``'s
    catalog of ``name``, and every message of the template it lacks."""
    path = catalog_path(code, name)
    if not path.exists():
        return [f"{path}: missing; run translate.py update {code}"]
    catalog = read_catalog(path, code)
    found = []
    for message in list(catalog)[1:]:
        where = f"{path.relative_to(NOTEBOOKS_DIR.parent)}: {message.id[:60]!r}"
        if not message.string:
            found.append(f"{where}: not translated")
        elif message.fuzzy:
            found.append(f"{where}: fuzzy")
        else:
            found += [f"{where}: {problem}" for problem in problems(message.id, message.string)]
    missing = [m.id for m in list(template(name))[1:] if m.id not in catalog]
    found += [f"{path}: lacks {text[:60]!r}; run translate.py update {code}" for text in missing]
    return found


# --- building ------------------------------------------------------------------------


def _translations(code: str, name: str) -> dict[str, str]:
    path = catalog_path(code, name)
    if not path.exists():
        return {}
    return _read_translations(path, code, path.stat().st_mtime_ns)


@functools.cache
def _read_translations(path: Path, code: str, mtime: int) -> dict[str, str]:
    return {m.id: m.string for m in read_catalog(path, code) if m.id and m.string and not m.fuzzy}


def _translated(part: Part, words: dict[str, str]) -> str:
    if part.cells:
        return part.before + " | ".join(words.get(c, c) for c in part.cells) + part.after
    if not part.message:
        return part.text
    return part.before + words.get(part.text, part.text) + part.after


_NOTEBOOK_LINK = re.compile(r"\]\((?!https?:|mailto:|#|/)([^)\s]+)\)")


def relinked(markdown: str, code: str) -> str:
    """Links of a translated notebook: a notebook of the set to its
    translated sibling if there is one, else to the English; any other
    relative target one folder up.

    >>> relinked("[a](02-alpha-beta.ipynb) [b](04-pruning-savings.ipynb#x) [c](images/t.png)", "ko")
    '[a](02-alpha-beta.ipynb) [b](../04-pruning-savings.ipynb#x) [c](../images/t.png)'
    """
    def link(found: re.Match) -> str:
        target = found.group(1)
        stem = target.split("#", 1)[0].removesuffix(".ipynb")
        if target.split("#", 1)[0].endswith(".ipynb") and stem in NOTEBOOKS:
            return found.group(0)
        return f"](../{target})"

    return _NOTEBOOK_LINK.sub(link, markdown)


def translate_markdown(source: str, words: dict[str, str], code: str) -> str:
    return relinked("\n".join(_translated(part, words) for part in parts(source)), code)


class _Words(dict):
    """A catalog's translations; an English text without one stays English."""

    def __init__(self, code: str, name: str) -> None:
        super().__init__(_translations(code, name))

    def __call__(self, text: str) -> str:
        return self.get(text, text)


def _titles(code: str) -> tuple[list[Path], dict[str, str], dict[str, str]]:
    """The English set's paths, and each lesson's title and summary as the
    translated set shows them (translated, or English with "(in English)")."""
    paths = navigation.notebook_paths()
    index_words = _Words(code, "00-index")
    titles, summaries = {}, {}
    for path in paths:
        title, summary = _heading(path, path.stat().st_mtime_ns)
        if path.stem in NOTEBOOKS:
            words = _Words(code, path.stem)
            titles[path.name], summaries[path.name] = words(title), words(summary)
        else:
            titles[path.name] = index_words("{title} (in English)").format(title=title)
            summaries[path.name] = summary
    return paths, titles, summaries


@functools.cache
def _heading(path: Path, mtime: int) -> tuple[str, str]:
    """The title and summary of the English notebook at ``path``."""
    notebook = load(path)
    return navigation.title(notebook), navigation.summary(notebook)


def _target(name: str) -> str:
    return name if name.removesuffix(".ipynb") in NOTEBOOKS else f"../{name}"


def navigation_cell_text(code: str, name: str, paths, titles) -> str:
    """The navigation line of ``code``'s notebook ``name``: previous,
    contents and next (as the English set's order has them), then the same
    notebook in English and the other languages."""
    words = _Words(code, "00-index")
    position = [p.stem for p in paths].index(name)
    links = []
    if position > 0:
        before = paths[position - 1].name
        links.append(f"[← {titles[before]}]({_target(before)})")
    if name != "00-index":
        links.append(f"[{words('Contents')}]({navigation.INDEX})")
    if position + 1 < len(paths):
        after = paths[position + 1].name
        links.append(f"[{titles[after]} →]({_target(after)})")
    others = [f"[{words('English')}](../{name}.ipynb)"] + [
        f"[{own}](../{other}/{name}.ipynb)" for other, own in LANGUAGES.items() if other != code]
    return " | ".join(links) + "\n\n" + words("This notebook in other languages:") + " " + \
        " · ".join(others)


def contents_text(code: str, paths, titles, summaries) -> str:
    words = _Words(code, "00-index")
    lines = [f"## {words('Contents')}", ""]
    for path in paths:
        if path.name == navigation.INDEX:
            continue
        summary = summaries[path.name]
        lines.append(f"1. [{titles[path.name]}]({_target(path.name)})"
                     + (f": {summary}" if summary else ""))
    lines += ["", words("The lessons marked “in English” are not translated yet: their links "
                        "open the English notebooks.")]
    return "\n".join(lines)


SCRIPTS = {"hi": "Devanagari", "ko": "Hangul"}
"""The languages whose pictures need fonts of the package's (gametree.view.fonts)."""


def language_cell(code: str):
    fonts = ("from gametree.view.fonts import use_fonts\n", f'use_fonts("{code}")  # and the '
             f'{SCRIPTS[code]} in pictures\n') if code in SCRIPTS else ("", "")
    return nbformat.v4.new_code_cell(
        f'import os\n\nfrom gametree.i18n import set_language\n{fonts[0]}\n'
        f'set_language("{code}")  # {LANGUAGES[code]}: captions, checkers and widgets\n'
        f'{fonts[1]}'
        f'os.environ["LANGUAGE"] = "{code}"  # and the commands this notebook runs',
        metadata={"tags": [LANGUAGE_TAG], "slideshow": {"slide_type": "skip"}})


def built(code: str, name: str, stored=None):
    """``code``'s notebook ``name`` built from the English notebook and the
    catalog, with the outputs of ``stored`` (the notebook on disk) kept
    in each code cell whose source is unchanged."""
    notebook = english(name)
    words = _Words(code, name)
    paths, titles, summaries = _titles(code)
    line = navigation_cell_text(code, name, paths, titles)
    cells = []
    for cell in notebook.cells:
        if navigation.TAG in cell.get("metadata", {}).get("tags", []):
            cell.source = line
        elif "contents" in cell.get("metadata", {}).get("tags", []):
            cell.source = contents_text(code, paths, titles, summaries)
        elif cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, words, code)
        elif cell.cell_type == "code":
            if not any(c.cell_type == "code" for c in cells):
                cells.append(language_cell(code))
            if any(piece in cell.source for piece in NBVAL_SKIP.get(name, ())):
                tags = cell.metadata.setdefault("tags", [])
                tags.append("nbval-skip")
        cells.append(cell)
    notebook.cells = cells
    meta = notebook.metadata.setdefault("gametree", {})
    if "summary" in meta:
        meta["summary"] = words(meta["summary"])
    meta["lang"] = code
    _keep_outputs(notebook, stored)
    return notebook


def _keep_outputs(notebook, stored) -> None:
    old = [c for c in stored.cells if c.cell_type == "code"] if stored is not None else []
    new = [c for c in notebook.cells if c.cell_type == "code"]
    for position, cell in enumerate(new):
        if position < len(old) and old[position].source == cell.source:
            cell.outputs = old[position].get("outputs", [])
            cell.execution_count = old[position].get("execution_count")
            if "id" in old[position]:
                cell["id"] = old[position]["id"]
        else:
            cell.outputs, cell.execution_count = [], None
    for position, cell in enumerate(notebook.cells):  # stable ids: the stored ones, or by place
        if stored is not None and position < len(stored.cells) \
                and cell.cell_type == stored.cells[position].cell_type:
            cell["id"] = stored.cells[position].get("id", cell.get("id"))


def translated_path(code: str, name: str) -> Path:
    return NOTEBOOKS_DIR / code / f"{name}.ipynb"


def sources(notebook) -> list[tuple[str, str, dict]]:
    """What a rebuild must reproduce: each cell's type, source and metadata."""
    return [(c.cell_type, c.source, dict(c.get("metadata", {}))) for c in notebook.cells]


# --- commands ------------------------------------------------------------------------


def _written(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it already holds it; whether it did."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.write_bytes(data)
    return True


def extract() -> list[Path]:
    LOCALE.mkdir(exist_ok=True)
    return [template_path(name) for name in NOTEBOOKS
            if _written(template_path(name), _po_bytes(template(name)))]


def update(codes) -> list[Path]:
    written = []
    for code in codes:
        (LOCALE / code).mkdir(parents=True, exist_ok=True)
        written += [catalog_path(code, name) for name in NOTEBOOKS
                    if _written(catalog_path(code, name), _po_bytes(updated_catalog(code, name)))]
    return written


def build(codes) -> list[Path]:
    written = []
    for code in codes:
        (NOTEBOOKS_DIR / code).mkdir(exist_ok=True)
        for name in NOTEBOOKS:
            path = translated_path(code, name)
            stored = load(path) if path.exists() else None
            notebook = built(code, name, stored)
            if stored is None or notebook != stored:
                nbformat.write(notebook, path)
                written.append(path)
    return written


def stale(codes=tuple(LANGUAGES)) -> list[str]:
    """What ``check`` reports: templates, catalogs and notebooks that a
    run of extract, update or build would change, and catalog problems."""
    found = [f"{template_path(n)}: out of date; run translate.py extract" for n in NOTEBOOKS
             if not template_path(n).exists()
             or template_path(n).read_bytes() != _po_bytes(template(n))]
    for code in codes:
        for name in NOTEBOOKS:
            found += catalog_problems(code, name)
            path = translated_path(code, name)
            if not path.exists():
                found.append(f"{path}: missing; run translate.py build {code}")
                continue
            stored = load(path)
            if sources(built(code, name, stored)) != sources(stored):
                found.append(f"{path}: out of date; run translate.py build {code}")
    return found


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"extract", "update", "build", "check"}:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    codes = argv[1:] or list(LANGUAGES)
    unknown = [code for code in codes if code not in LANGUAGES]
    if unknown:
        print(f"no language {', '.join(unknown)}: the notebooks are translated into "
              f"{', '.join(LANGUAGES)}", file=sys.stderr)
        return 2
    if argv[0] == "check":
        found = stale(codes)
        print("\n".join(found) or "all translated notebooks up to date")
        return 1 if found else 0
    done = {"extract": lambda: extract(), "update": lambda: update(codes),
            "build": lambda: build(codes)}[argv[0]]()
    print("wrote: " + (", ".join(str(p.relative_to(NOTEBOOKS_DIR.parent)) for p in done)
                       or "nothing (up to date)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
