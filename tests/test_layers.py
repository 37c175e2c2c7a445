"""The package's layers import downward only.

From the bottom up: the core (trees, the searches, the trace), games,
practice (exercises and the checker), view (drawing), widgets, and the
command line on top.  Every import in every module is read from its source,
those inside functions included, so a lazy import cannot slip past.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gametree"

PLOTTING = {"matplotlib", "networkx", "ipywidgets", "IPython", "PIL", "numpy"}
"""Third-party modules that only the view and widget layers may load."""

FORBIDDEN = {
    "core": {"gametree.games", "gametree.practice", "gametree.view", "gametree.widgets",
             "gametree.cli"} | PLOTTING,
    "games": {"gametree.practice", "gametree.view", "gametree.widgets", "gametree.cli"} | PLOTTING,
    "practice": {"gametree.view", "gametree.widgets", "gametree.cli"} | PLOTTING,
    "view": {"gametree.practice", "gametree.widgets", "gametree.cli"},
    "sheets": {"gametree.widgets", "gametree.grading", "gametree.cli"},
    "widgets": {"gametree.cli", "gametree.grading"},
    "grading": {"gametree.view", "gametree.widgets", "gametree.cli", "ipywidgets"},
    "cli": set(),
}
"""What each layer must not import (a module or anything inside it)."""

SANCTIONED = {("gametree.tree", "_repr_png_", "gametree.view.draw"),
              ("gametree.trace", "_repr_png_", "gametree.view.draw"),
              ("gametree.replay", "_repr_png_", "gametree.view.draw"),
              ("gametree.vectors", "_repr_png_", "gametree.view.maxn"),
              ("gametree.grading.course", "class_figure", "gametree.view.theme")}
"""(module, function, import): the lazy pictures of a Tree and a Trace in a
notebook, the one upward import allowed (as python-chess's _repr_svg_), and
the class summary's figure reading its colours from the one theme."""


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> str | None:
    """The layer of module ``name``: a subpackage's name, or "core" for the
    modules at the top of the package."""
    if name in ("gametree", "gametree.__main__"):
        return None  # the public facade and the entry point re-export from every layer
    if name == "gametree.view.sheets":
        return "sheets"  # the view's drawing of the practice layer's exercise sheets
    sub = name.split(".")[1]
    return sub if sub in FORBIDDEN else "core"


def _type_checking_only(node) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``),
    whose imports a type checker reads and Python never runs."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(path: Path, root: Path = PACKAGE, *, typing: bool = True):
    """(enclosing function or None, absolute module name) for every import;
    with ``typing=False`` without those only a type checker reads."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if not typing and _type_checking_only(child):
                for other in child.orelse:
                    visit(ast.Module(body=[other], type_ignores=[]), function)
                continue
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Import):
                found.extend((function, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module
                found.append((function, target))
                if child.module is None:
                    # "from . import draw" imports the module gametree.x.draw
                    found.extend((function, f"{target}.{alias.name}") for alias in child.names)
            visit(child, inner)

    visit(tree, None)
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_belongs_to_a_known_layer():
    layers = {layer(module_name(path)) for path in MODULES} - {None}
    assert layers <= set(FORBIDDEN), layers - set(FORBIDDEN)


def upward(path: Path, root: Path = PACKAGE) -> list:
    """The (function, module) imports of ``path`` that its layer forbids."""
    name = module_name(path, root)
    banned = FORBIDDEN.get(layer(name), set())
    return [(function, target) for function, target in imports(path, root)
            if any(target == b or target.startswith(b + ".") for b in banned)
            and (name, function, target) not in SANCTIONED]


@pytest.mark.parametrize("path", MODULES, ids=[module_name(p) for p in MODULES])
def test_imports_go_downward_only(path):
    assert upward(path) == [], f"{module_name(path)} imports upward"


def test_the_checker_sees_a_lazy_upward_import(tmp_path):
    """The test above can fail: a core module importing the view inside a
    function is caught, and so is matplotlib."""
    probe = tmp_path / "gametree" / "probe.py"
    probe.parent.mkdir()
    probe.write_text("def f():\n    from .view import draw\n    import matplotlib.pyplot\n")
    assert upward(probe, probe.parent) == [("f", "gametree.view"), ("f", "matplotlib.pyplot")]


# --- practice draws nothing ---------------------------------------------------------

PRACTICE = [path for path in MODULES if module_name(path).startswith("gametree.practice")]


def view_imports(path: Path, root: Path = PACKAGE) -> list:
    """The (function, module) imports of ``path`` from gametree's view,
    at module level or inside a function."""
    return [(function, target) for function, target in imports(path, root)
            if target == "gametree.view" or target.startswith("gametree.view.")]


@pytest.mark.parametrize("path", PRACTICE, ids=[module_name(p) for p in PRACTICE])
def test_practice_never_imports_the_view(path):
    """Exercises and checkers hold no drawing: a sheet is drawn by
    gametree.view.sheets, a widget by gametree.widgets."""
    assert view_imports(path) == [], f"{module_name(path)} imports the view"


def test_the_view_check_sees_a_lazy_import(tmp_path):
    probe = tmp_path / "gametree" / "practice" / "probe.py"
    probe.parent.mkdir(parents=True)
    probe.write_text("from ..text import fmt\n\ndef f():\n    from ..view.draw import TracePlot\n")
    assert view_imports(probe, probe.parent.parent) == [("f", "gametree.view.draw")]


# --- private means private ------------------------------------------------------------

def private_imports(path: Path, root: Path = PACKAGE) -> list[str]:
    """Every ``from X import _name`` in ``path`` (a dunder such as
    ``__version__`` is public), as "X._name"; in functions too."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [f"{'.' * node.level}{node.module or ''}.{alias.name}"
            for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            for alias in node.names
            if alias.name.startswith("_") and not (alias.name.startswith("__")
                                                     and alias.name.endswith("__"))]


@pytest.mark.parametrize("path", MODULES, ids=[module_name(p) for p in MODULES])
def test_no_module_imports_a_private_name(path):
    """A name another module needs is public: a private one may change
    without notice, and importing it ties two modules' insides together."""
    found = private_imports(path)
    assert found == [], f"{module_name(path)} imports private names: {found}"


def test_the_private_check_sees_a_private_import(tmp_path):
    probe = tmp_path / "gametree" / "probe.py"
    probe.parent.mkdir()
    probe.write_text("from __future__ import annotations\nfrom .tree import Tree, _CompleteTree\n"
                     "def f():\n    from .view.draw import _screen_dpi, __doc__\n")
    assert private_imports(probe, probe.parent) == [".tree._CompleteTree", ".view.draw._screen_dpi"]


# --- no circles ---------------------------------------------------------------------------

NAMES = {module_name(path) for path in MODULES}


def _imported_module(target: str, names: set[str]) -> str | None:
    """The module of ``names`` that an import of ``target`` runs: the
    longest name that is ``target`` or a package above it."""
    while target and target not in names:
        target = target.rpartition(".")[0]
    return target or None


def import_graph(paths, root: Path = PACKAGE) -> dict[str, set[str]]:
    """module -> the modules among ``paths`` it imports when it runs (lazy
    imports included, those under ``if TYPE_CHECKING:`` left out)."""
    names = {module_name(path, root) for path in paths}
    graph = {}
    for path in paths:
        name = module_name(path, root)
        targets = {_imported_module(target, names) for _, target in imports(path, root, typing=False)}
        graph[name] = targets - {None, name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def connect(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


LAYERS_WITHOUT_CIRCLES = ("core", "practice")


@pytest.mark.parametrize("group", LAYERS_WITHOUT_CIRCLES)
def test_no_circle_of_imports(group):
    """The core (and the practice layer) import in one direction: no module
    imports, even lazily, a module that imports it back, so each can be
    read and tested from the bottom up."""
    paths = [path for path in MODULES if layer(module_name(path)) == group]
    assert circles(import_graph(paths)) == []


def test_the_circle_check_sees_a_lazy_circle(tmp_path):
    package = tmp_path / "gametree"
    package.mkdir()
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def x():\n    from .c import y\n")
    (package / "c.py").write_text("from . import a\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                  "    from .e import z\nfrom .b import x\n")
    (package / "e.py").write_text("from .d import w\n")  # only a type checker reads d -> e
    paths = sorted(package.glob("*.py"))
    assert circles(import_graph(paths, package)) == [["gametree.a", "gametree.b", "gametree.c"]]
