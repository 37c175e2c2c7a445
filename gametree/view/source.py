"""Show the library's own code in a notebook, as aima-python's ``psource`` does.

When a lesson discusses :func:`gametree.alpha_beta`, it shows the real
source, not a pasted copy that can drift from it.
"""

from __future__ import annotations

import ast
import inspect
import textwrap

__all__ = ["source", "show_source"]


def source(obj, *, docstring: bool = False) -> str:
    """The source of a function, method or class as the library has it,
    its docstring left out unless ``docstring=True``.

    >>> from gametree import minimax
    >>> print(source(minimax).splitlines()[0])
    def minimax(tree: object, branching: int | None = None) -> Value:
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
