"""Show the library's own code in a notebook, as aima-python's ``psource`` does.

It shows the real source, not a pasted copy that can drift from it.  Where
a lesson shows code as *the algorithm*, it shows the textbook version in
:mod:`gametree.textbook` (a recursive minimax, AIMA's depth-limited
alpha-beta), which tests prove equal to the engine, and says where the
engine lives; the engine's own source, with its options and checks, is for
readers who ask how the library does it.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

__all__ = ["source", "show_source"]


def source(obj, *, docstring: bool = False) -> str:
    """The source of a function, method or class as the library has it,
    its docstring left out unless ``docstring=True``.

    >>> from gametree.textbook import minimax
    >>> print(source(minimax))
    def minimax(tree, node=None):
        node = tree.root if node is None else node
        if node.is_leaf:
            return node.score
        values = [minimax(tree, tree[child]) for child in node.children]
        return max(values) if node.player is MAX else min(values)
    """
    if not (inspect.isfunction(obj) or inspect.ismethod(obj) or inspect.isclass(obj)):
        raise TypeError(f"show the source of a function, method or class, not {type(obj).__name__}")
    text = textwrap.dedent(inspect.getsource(obj))
    if docstring:
        return text.rstrip("\n")
    definition = ast.parse(text).body[0]
    if not isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return text.rstrip("\n")  # a lambda: no docstring to leave out
    lines = text.splitlines()
    first = definition.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
            and isinstance(first.value.value, str):
        del lines[first.lineno - 1 : first.end_lineno]
    return "\n".join(lines).rstrip("\n")


def show_source(obj, *, docstring: bool = False):
    """:func:`source` as a highlighted code block for a notebook (an
    ``IPython.display.Code``, whose plain-text form is the source itself)."""
    from IPython.display import Code

    return Code(source(obj, docstring=docstring), language="python")
