"""gametree: game-tree search you can watch.

Minimax and alpha-beta pruning with the exact ``alpha_beta(leaves,
branching)`` contract, a tracing alpha-beta that records every step for
drawings and step-through widgets (either cut rule, fail-soft or
fail-hard), expectiminimax for trees with chance nodes (traced too, with
Ballard's Star1 pruning when the leaves are bounded), and tree builders
for teaching.

Importing ``gametree`` imports neither matplotlib, networkx nor
ipywidgets; the drawing and widget modules import them when used.

>>> import gametree
>>> gametree.alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
[3, 7]
"""


TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads the name)
if TYPE_CHECKING:  # what a type checker and an editor see; at run time each name loads on first use
    from .chance import (
        expected_values,
        expectiminimax,
        random_chance_tree,
        trace_expectiminimax,
    )
    from .generate import (
        best_order,
        knuth_moore_minimum,
        random_leaves,
        random_tree,
        worst_order,
    )
    from .i18n import get_language, set_language
    from .parse import parse_leaves, parse_tree
    from .rules import CutRule
    from .search import alpha_beta, backed_up_values, minimax, principal_variation
    from .solve import trace_search
    from .trace import Snapshot, Status, Step, StepKind, Trace, pseudocode, trace_alpha_beta
    from .tree import CHANCE, MAX, MIN, Node, Player, Tree, as_tree
    from .vectors import maxn, maxn_values, trace_maxn

__all__ = [
    "alpha_beta", "minimax", "backed_up_values", "principal_variation",
    "trace_alpha_beta", "Trace", "Step", "StepKind", "Status", "Snapshot", "pseudocode", "CutRule",
    "expectiminimax", "expected_values", "trace_expectiminimax", "trace_search",
    "random_chance_tree",
    "maxn", "maxn_values", "trace_maxn",
    "Tree", "Node", "Player", "MAX", "MIN", "CHANCE", "as_tree",
    "random_leaves", "random_tree", "best_order", "worst_order", "knuth_moore_minimum",
    "parse_leaves", "parse_tree",
    "number_game",
    "set_language", "get_language",
]

__version__ = "0.1.0"

_MODULES = {
    "gametree.search": ["alpha_beta", "minimax", "backed_up_values", "principal_variation"],
    "gametree.trace": ["trace_alpha_beta", "Trace", "Step", "StepKind", "Status", "Snapshot",
                       "pseudocode"],
    "gametree.rules": ["CutRule"],
    "gametree.chance": ["expectiminimax", "expected_values", "trace_expectiminimax",
                        "random_chance_tree"],
    "gametree.solve": ["trace_search"],
    "gametree.vectors": ["maxn", "maxn_values", "trace_maxn"],
    "gametree.tree": ["Tree", "Node", "Player", "MAX", "MIN", "CHANCE", "as_tree"],
    "gametree.generate": ["random_leaves", "random_tree", "best_order", "worst_order",
                          "knuth_moore_minimum"],
    "gametree.parse": ["parse_leaves", "parse_tree"],
    "gametree.games.numbergame": ["number_game"],
    "gametree.i18n": ["set_language", "get_language"],
}
_LAZY = {name: module for module, names in _MODULES.items() for name in names}
"""Where each public name lives.  ``import gametree`` loads none of these
modules (SPEC 1's lazy loading): a name's module, and what it imports, loads
the first time the name is used, so importing the package stays quick and
the games (every game and its searches) load only for ``number_game``."""


def __getattr__(name: str) -> object:
    """A public name (:data:`_LAZY`), imported from its module when first asked for."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value          # asked once: a plain attribute from then on
        return value
    raise AttributeError(f"module 'gametree' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})

