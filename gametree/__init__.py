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

from .chance import (
    expected_values,
    expectiminimax,
    random_chance_tree,
    trace_expectiminimax,
    trace_search,
)
from .generate import (
    best_order,
    knuth_moore_minimum,
    random_leaves,
    random_tree,
    worst_order,
)
from .maxn import maxn, maxn_values, trace_maxn
from .parse import parse_leaves, parse_tree
from .rules import CutRule
from .search import alpha_beta, backed_up_values, minimax, principal_variation
from .trace import Snapshot, Status, Step, StepKind, Trace, pseudocode, trace_alpha_beta
from .tree import CHANCE, MAX, MIN, Node, Player, Tree, as_tree

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
]

__version__ = "0.1.0"

_LAZY = {"number_game": "gametree.games.numbergame"}
"""Public names whose modules load on first use: the games (gametree.games,
every game and its searches) are not needed to import gametree, which stays
quick."""


def __getattr__(name: str) -> object:
    """``gametree.number_game`` and the other names of :data:`_LAZY`, imported when first asked for."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value          # asked once: a plain attribute from then on
        return value
    raise AttributeError(f"module 'gametree' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
