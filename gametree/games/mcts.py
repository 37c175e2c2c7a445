"""Monte-Carlo tree search: UCT on the :class:`~gametree.games.base.Game`
interface, every iteration recorded.

Alpha-beta needs an evaluation function as soon as the tree is too big to
search to the end.  Monte-Carlo tree search needs none: it plays a
position out to the end at random, many times, and grows a tree of the
positions it has played through most, so that the playouts gather where
the good moves are.  AIMA 4e (section 5.4, Figure 5.11)::

    function MONTE-CARLO-TREE-SEARCH(state) returns an action
        tree <- NODE(state)
        while IS-TIME-REMAINING() do
            leaf <- SELECT(tree)
            child <- EXPAND(leaf)
            result <- SIMULATE(child)
            BACK-PROPAGATE(result, child)
        return the move in ACTIONS(state) whose node has highest number of playouts

Its selection policy here is UCB1, which makes the search UCT (Kocsis and
Szepesvári, 2006)::

    UCB1(n) = U(n) / N(n)  +  C * sqrt( log N(PARENT(n)) / N(n) )

N(n) is the number of playouts through node n and U(n) the wins among
them (a draw counts half) for the player who made the move into n: the
first term (exploitation) is n's mean result, the second (exploration)
grows for a node visited rarely compared with its parent, and the
exploration constant C weighs the two.

Where the pseudocode leaves a choice open, :func:`uct_search` takes the
simplest one, so that a class can follow the first iterations by hand:

* **SELECT** walks down from the root while every move of the node has a
  child and the game goes on, each time to the child with the highest
  UCB1 (among equals, the first in the game's order of moves).
* **EXPAND** adds one child: the first move, in the game's order, that
  the node has not tried.  Where the game is over there is nothing to add
  and the node itself is simulated.
* **SIMULATE** plays uniformly random moves to the end of the game, from
  the search's own ``random.Random(seed)``: the only chance in the search,
  so a seed replays it exactly.  The playout's result is who won: the
  sign of :meth:`Game.score` (a margin of seeds in Kalah counts only as a
  win, a draw or a loss), or with ``scores=(low, high)`` the score itself,
  rescaled to [0, 1].  Who won stays the default even where scores are
  more than that: it plays the move that wins most often, the mean score
  needs bounds the game does not state, and :func:`uct_search` says why
  at more length.
* **Dice.**  Where the dice are rolled (``to_move`` says CHANCE), nobody
  chooses: SELECT and SIMULATE draw the outcome by its probability, from
  the same seeded ``random.Random``, and a chance node's mean result is
  the mean over the rolls as they fell.
* **BACK-PROPAGATE** adds the playout to N of every node from the new one
  up to the root, and a win (half for a draw) to U of each node whose
  player won.  Each node counts for the player who made the move into it,
  which the search asks the game (``game.to_move`` at the parent), so in
  Kalah a player who moves twice in a row counts for themselves twice;
  the root counts for the opponent of the player to move there, as in
  AIMA's Figure 5.10.
* The answer is the root's move with the most playouts (among equals, the
  first in the game's order).

:func:`uct_search` returns an :class:`MctsResult`: the move, the final
statistics of every node (:class:`MctsTree`) and, one :class:`Iteration`
per iteration, what each phase did.  :meth:`MctsResult.step` replays the
record phase by phase (:class:`MctsStep`: the tree as it was, the path,
the new node, the playout, the nodes updated and a caption in words), for
a drawing or a widget to step through.  :func:`mcts_player` plays with it.

Nothing here imports matplotlib, networkx or ipywidgets.
"""

from __future__ import annotations

import bisect
import enum
import math
import numbers
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, NamedTuple

from ..checks import check_step
from ..i18n import gettext as _
from ..i18n import ngettext
from ..text import describe, fmt, join_names
from ..tree import CHANCE, MAX, MIN, Player, Value, node_name
from .base import Game, M, S, check_game, check_whole, short

__all__ = [
    "uct_search", "ucb1", "mcts_player", "MctsResult", "MctsTree", "MctsNode", "Iteration",
    "Update", "MctsStep", "Phase", "PHASES", "EXPLORATION", "MAX_ITERATIONS", "PLAYOUT_LIMIT",
    "MAX_PLAYOUT", "Result", "result_for", "winner_of", "check_exploration", "playout_result",
]

Result = float
"""What one playout is worth to a player: 1 for a win, 1/2 for a draw, 0 for a loss."""

EXPLORATION = math.sqrt(2)
"""The default exploration constant C: sqrt(2), UCB1's own for results
from 0 to 1 (Auer et al., 2002), and AIMA's."""

MAX_ITERATIONS = 1_000_000
"""Most iterations one search may run: every iteration adds a node, so a
million already takes hundreds of megabytes."""

PLAYOUT_LIMIT = 10_000
"""The default ``max_playout``: far more moves than a game of tic-tac-toe
(9) or Kalah (about 40 with random moves) lasts."""

MAX_PLAYOUT = 1_000_000
"""Largest ``max_playout`` accepted."""


class Phase(str, enum.Enum):
    """The four phases of an iteration, in order, named as in AIMA."""

    SELECT = "select"
    """Walk down the tree by UCB1 to a node with a move not yet tried (or
    where the game is over)."""
    EXPAND = "expand"
    """Add a child for one move not yet tried."""
    SIMULATE = "simulate"
    """Play random moves from the new node to the end of the game."""
    BACK_PROPAGATE = "back-propagate"
    """Add the playout's result to every node from the new one up to the root."""

    def __str__(self) -> str:
        return self.value


PHASES = tuple(Phase)
"""The phases in the order an iteration runs them."""


def winner_of(score: Value) -> Player | None:
    """The player who won a game that ended with ``score`` (from MAX's side),
    None for a draw.

    >>> winner_of(3), winner_of(-1), winner_of(0)
    (<Player.MAX: 'MAX'>, <Player.MIN: 'MIN'>, None)
    """
    return MAX if score > 0 else MIN if score < 0 else None


def result_for(player: Player, winner: Player | None) -> Result:
    """What a game won by ``winner`` (None: a draw) is worth to ``player``:
    1, 1/2 or 0.

    >>> result_for(MAX, MAX), result_for(MAX, None), result_for(MIN, MAX)
    (1.0, 0.5, 0.0)
    """
    return 0.5 if winner is None else 1.0 if winner is player else 0.0


def ucb1(wins: float, visits: int, parent_visits: int, exploration: float = EXPLORATION) -> float:
    """UCB1(n) = U(n) / N(n) + C * sqrt(log N(PARENT(n)) / N(n)).

    ``wins`` is U(n), ``visits`` N(n), ``parent_visits`` N(PARENT(n)) and
    ``exploration`` C; ``log`` is the natural logarithm.  A node never
    visited is worth +inf, so every move is tried once before any is
    tried twice.

    Raises
    ------
    TypeError, ValueError
        With a sentence, for what no search tree holds: ``visits`` or
        ``parent_visits`` not a whole number 0 or more, a parent visited
        less often than its child (every playout through a child passes
        through its parent), ``wins`` not a number from 0 to ``visits``
        (a draw counts half), or C negative or not finite.

    Examples
    --------
    A child won 2 of its 3 playouts; its parent had 10:

    >>> round(ucb1(2, 3, 10), 3)   # 2/3 + 1.414 * sqrt(ln 10 / 3)
    1.906
    >>> ucb1(2, 3, 10, exploration=0) == 2 / 3   # C = 0: the mean alone
    True
    >>> ucb1(0, 0, 10)
    inf
    >>> ucb1(1, 1, 0)
    Traceback (most recent call last):
    ...
    ValueError: parent_visits must be at least visits (1), not 0: every playout through a node also passes through its parent
    """
    check_whole("visits", visits, 0)
    check_whole("parent_visits", parent_visits, 0)
    if parent_visits < visits:
        raise ValueError(f"parent_visits must be at least visits ({visits:,}), not {parent_visits:,}: "
                         f"every playout through a node also passes through its parent")
    if isinstance(wins, bool) or not isinstance(wins, numbers.Real):
        raise TypeError(f"wins must be a number, the playouts won (a draw counting half), "
                        f"such as 2.5, not {describe(wins)}")
    if not 0 <= wins <= visits:  # NaN fails too
        raise ValueError(f"wins must be from 0 to visits ({visits:,}): a node cannot win more "
                         f"playouts than it had, nor fewer than none; not {fmt(float(wins))}")
    return _ucb1(wins, visits, parent_visits, check_exploration(exploration))


def _ucb1(wins: float, visits: int, parent_visits: int, exploration: float) -> float:
    """:func:`ucb1` of numbers a search's own tree holds, so already known to fit."""
    if visits == 0:
        return math.inf
    return wins / visits + exploration * math.sqrt(math.log(parent_visits) / visits)


# --- the record ------------------------------------------------------------------------


class MctsNode(NamedTuple, Generic[S, M]):
    """One node of the search tree: a position and its statistics, as they
    stand at one moment of the search (see :meth:`MctsResult.tree_after`);
    ``MctsNode[S, M]`` for a game of states S and moves M.  (Immutable; a
    NamedTuple, made quickly, since a search freezes one per node.)"""

    id: int
    """The order the node was added in: the root is 0."""
    parent: int | None
    """The parent's id; None for the root."""
    move: M | None
    """The move from the parent's position to this one; None for the root."""
    label: str
    """The move as the game writes it (``game.move_label``), e.g. "X4" or
    "S2"; "" for the root."""
    state: S
    """The position."""
    player: Player
    """Whose turn it is in the position (``game.to_move``)."""
    counts_for: Player
    """Whose wins ``wins`` counts: the player who made the move into the
    node (the player to move at the parent); for the root, the opponent of
    the player to move there."""
    over: bool
    """True when the game is over in the position."""
    moves: int
    """How many legal moves the position has (0 when the game is over)."""
    created: int
    """The iteration that added the node; 0 for the root."""
    visits: int = 0
    """N(n): the playouts through the node so far."""
    wins: float = 0.0
    """U(n): the wins among them for ``counts_for``, a draw counting half."""
    children: tuple[int, ...] = ()
    """The ids of the children added so far, in the game's order of moves."""

    @property
    def name(self) -> str:
        """A name a class can say aloud, in the order nodes were added: A (the
        root), B, C, ..."""
        return node_name(self.id)

    @property
    def mean(self) -> float | None:
        """U(n) / N(n), the mean result for ``counts_for``; None before the
        first visit."""
        return self.wins / self.visits if self.visits else None

    @property
    def expanded(self) -> bool:
        """True when every legal move has a child (the game goes on, and
        SELECT passes through the node)."""
        return not self.over and len(self.children) == self.moves


@dataclass(frozen=True)
class MctsTree(Generic[S, M]):
    """The search tree at one moment: its nodes, indexed by id."""

    nodes: tuple[MctsNode[S, M], ...]
    """Every node added so far; ``nodes[0]`` is the root."""
    exploration: float
    """The exploration constant C of the search."""

    @property
    def root(self) -> MctsNode[S, M]:
        """The node of the position searched."""
        return self.nodes[0]

    def __len__(self) -> int:
        return len(self.nodes)

    def __getitem__(self, ref: MctsNode[S, M] | int | str) -> MctsNode[S, M]:
        """A node by id, by name ("B"), or this tree's version of a node
        (its statistics now)."""
        if isinstance(ref, MctsNode):
            ref = ref.id
        if isinstance(ref, str):
            for node in self.nodes:
                if node.name == ref.strip().upper():
                    return node
            raise KeyError(f"no node {ref!r}; the nodes are A to {self.nodes[-1].name}")
        return self.nodes[ref]

    def children(self, node: MctsNode[S, M] | int | str) -> list[MctsNode[S, M]]:
        """The children of ``node``, in the game's order of moves."""
        return [self.nodes[i] for i in self[node].children]

    def ucb1(self, node: MctsNode[S, M] | int | str, exploration: float | None = None) -> float:
        """UCB1 of ``node`` as its parent's SELECT sees it now (with C =
        ``exploration``, by default the search's)."""
        node = self[node]
        if node.parent is None:
            raise ValueError("the root has no parent to select it; UCB1 is defined for its children")
        c = self.exploration if exploration is None else check_exploration(exploration)
        return _ucb1(node.wins, node.visits, self.nodes[node.parent].visits, c)

    def best_move(self) -> M:
        """The root's move with the most playouts (the first in the game's
        order among equals): what the search plays."""
        children = self.children(self.root)
        if not children:
            raise ValueError("no move has been tried yet; run at least one iteration")
        move = max(children, key=lambda child: child.visits).move
        assert move is not None   # only the root has no move into it
        return move

    def table(self, node: MctsNode[S, M] | int | str = 0) -> str:
        """The children of ``node`` (the root by default) as a text table:
        move, node, N, U, mean and UCB1.

        >>> from gametree.games import TicTacToe, TicTacToeState
        >>> start = TicTacToeState.from_text("XOX OOX ...")
        >>> print(uct_search(TicTacToe(), start, iterations=30, seed=1).tree.table())
        move  node     N     U   mean   UCB1
        X6    B        4   0.5   0.12   1.43
        X7    C        8   5.5   0.69   1.61
        X8    D       18    18   1.00   1.61
        """
        node = self[node]
        rows = ["move  node     N     U   mean   UCB1"]
        for child in self.children(node):
            mean = "" if child.mean is None else f"{child.mean:.2f}"
            rows.append(f"{child.label:<5} {child.name:<5}{child.visits:>5} {fmt(child.wins):>5} "
                        f"{mean:>6} {self.ucb1(child):>6.2f}")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.table()


class Update(NamedTuple):
    """A node's statistics after one BACK-PROPAGATE.  (Immutable; a NamedTuple
    rather than a frozen dataclass because a search makes one per node per
    iteration, and a NamedTuple is made several times faster.)"""

    node: int
    """The node's id."""
    visits: int
    """N(n) after the update."""
    wins: float
    """U(n) after the update."""


class Iteration(NamedTuple):
    """What one iteration did, phase by phase (immutable; a NamedTuple, as
    :class:`Update`, since a search makes one per iteration)."""

    number: int
    """1 for the first iteration, 2 for the second, ..."""
    path: tuple[int, ...]
    """SELECT: the nodes walked, from the root to the node where selection
    stopped (one with a move not yet tried, or where the game is over)."""
    ucb: tuple[float, ...]
    """SELECT: the UCB1 of each node of ``path`` after the root when its
    parent chose it (the highest among its siblings)."""
    expanded: int | None
    """EXPAND: the node added, a child of ``path[-1]``; None when the game
    is over at ``path[-1]`` (nothing to add)."""
    playout: tuple[str, ...]
    """SIMULATE: the random moves played from the new node (or from
    ``path[-1]``) to the end of the game, as the game writes them."""
    score: Value
    """SIMULATE: the score the playout ended with, from MAX's side."""
    winner: Player | None
    """SIMULATE: who won the playout; None for a draw."""
    updated: tuple[Update, ...]
    """BACK-PROPAGATE: every node from the new node (or ``path[-1]``) up to
    the root, with its statistics after the update."""
    result: Result = math.nan
    """BACK-PROPAGATE: what the playout was worth to MAX (1, 1/2 or 0 for a
    win, a draw or a loss; the rescaled score with ``scores``); to MIN it is
    worth 1 minus that."""

    @property
    def start(self) -> int:
        """The node the playout started from: the new node, or the node
        where the game is over."""
        return self.path[-1] if self.expanded is None else self.expanded


@dataclass(frozen=True)
class MctsStep(Generic[S, M]):
    """The search at one step of its record: after one phase of one
    iteration (or, at step 0, before the first).  What a drawing shows."""

    index: int
    """0 before the first iteration; 4i - 3, 4i - 2, 4i - 1 and 4i after
    iteration i's four phases."""
    iteration: int
    """The iteration under way (0 at step 0)."""
    phase: Phase | None
    """The phase just done; None at step 0."""
    tree: MctsTree[S, M]
    """The nodes and their statistics as they are after the phase: the new
    node appears at EXPAND (with no playouts), the statistics change at
    BACK-PROPAGATE."""
    path: tuple[int, ...]
    """The nodes SELECT walked in this iteration (empty at step 0)."""
    expanded: int | None
    """The node EXPAND added (None at step 0, at SELECT, and when the game
    was over where selection stopped)."""
    playout: tuple[str, ...]
    """The playout's moves, from SIMULATE on (empty before)."""
    winner: Player | None
    """The playout's winner, from SIMULATE on (None before, and for a draw)."""
    score: Value | None
    """The playout's final score from MAX's side, from SIMULATE on (None before)."""
    updated: tuple[int, ...]
    """At BACK-PROPAGATE: the nodes whose statistics changed, from the new
    node up to the root (empty otherwise)."""
    caption: str
    """The step in words."""


@dataclass(frozen=True)
class MctsResult(Generic[S, M]):
    """What :func:`uct_search` found, and how (``MctsResult[S, M]`` for a
    game of states S and moves M)."""

    move: M
    """The root's move with the most playouts: the search's answer."""
    tree: MctsTree[S, M]
    """The final tree: every node with its statistics after the last iteration."""
    record: tuple[Iteration, ...]
    """One :class:`Iteration` per iteration, in order (empty when the
    search ran with ``record=False``)."""
    iterations: int
    """The iterations run."""
    seed: int
    """The seed of the playouts."""
    max_playout: int
    """The longest playout allowed, in moves."""
    scores: tuple[Value, Value] | None = None
    """None when a playout's result was who won; else the (low, high) bounds
    its score was rescaled from."""

    @property
    def exploration(self) -> float:
        """The exploration constant C."""
        return self.tree.exploration

    @property
    def steps(self) -> int:
        """How many steps :meth:`step` knows: step 0, then four per iteration."""
        return 1 + 4 * len(self.record)

    def _recorded(self) -> None:
        if len(self.record) != self.iterations:
            raise ValueError("this search was run with record=False, so only its final tree "
                             "is known; run uct_search(..., record=True) to step through it")

    def tree_after(self, done: int) -> MctsTree[S, M]:
        """The tree as it was after ``done`` iterations (0 to ``iterations``):
        the nodes added by then, with their statistics then.

        >>> from gametree.games import TicTacToe, TicTacToeState
        >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=30, seed=1)
        >>> [len(result.tree_after(k)) for k in (0, 1, 3, 30)], result.tree_after(3).root.visits
        ([1, 2, 4, 10], 3)
        """
        check_whole("done", done, 0, self.iterations)
        if done == self.iterations:
            return self.tree
        self._recorded()
        return self._snapshot(self._added_by(done), done)

    def _added_by(self, iteration: int) -> int:
        """How many nodes had been added by the end of ``iteration``."""
        return bisect.bisect_right([node.created for node in self.tree.nodes], iteration)

    def _snapshot(self, count: int, done: int) -> MctsTree[S, M]:
        """The first ``count`` nodes with their statistics after ``done`` iterations."""
        visits, wins = [0] * count, [0.0] * count
        for iteration in self.record[:done]:
            for update in iteration.updated:
                if update.node < count:
                    visits[update.node], wins[update.node] = update.visits, update.wins
        nodes = tuple(node._replace(visits=visits[i], wins=wins[i],
                              children=tuple(c for c in node.children if c < count))
                      for i, node in enumerate(self.tree.nodes[:count]))
        return MctsTree(nodes, self.tree.exploration)

    def step(self, index: int) -> MctsStep[S, M]:
        """The search after step ``index`` of its record (negative counts
        from the end): step 0 is the root alone, then each iteration's
        SELECT, EXPAND, SIMULATE and BACK-PROPAGATE.

        Raises IndexError for a step that does not exist.

        >>> from gametree.games import TicTacToe, TicTacToeState
        >>> result = uct_search(TicTacToe(), TicTacToeState.from_text("XOX OOX ..."), iterations=30, seed=1)
        >>> result.steps
        121
        >>> print(result.step(0).caption)
        Before the first iteration: the tree is the root A alone (MAX to move), with no playouts.
        >>> for k in range(13, 17):
        ...     print(result.step(k).caption)
        Iteration 4, select: every move at the root has been tried, so the root's child with the highest UCB1: C (X7, UCB1 2.48); stop at C: it has moves not yet tried.
        Iteration 4, expand: add E below C for O6, the first move C has not tried.
        Iteration 4, simulate: 1 random move from E to the end (X8), score +1: MAX won.
        Iteration 4, back-propagate: E, C and A each get 1 more playout; C, which counts MAX's wins, gets 1 more win.
        """
        self._recorded()
        index = check_step(index, self.steps)
        if index == 0:
            tree = self._snapshot(1, 0)
            return MctsStep(0, 0, None, tree, (), None, (), None, None, (), _opening(tree.root))
        number, phase = (index - 1) // 4 + 1, PHASES[(index - 1) % 4]
        it = self.record[number - 1]
        before = phase is Phase.SELECT
        count = self._added_by(number - 1 if before else number)
        tree = self._snapshot(count, number if phase is Phase.BACK_PROPAGATE else number - 1)
        shown = PHASES.index(phase)
        simulated = shown >= PHASES.index(Phase.SIMULATE)
        return MctsStep(
            index, number, phase, tree, it.path, None if before else it.expanded,
            it.playout if simulated else (), it.winner if simulated else None,
            it.score if simulated else None,
            tuple(u.node for u in it.updated) if phase is Phase.BACK_PROPAGATE else (),
            _caption(it, phase, tree, self.scores))

    @property
    def label(self) -> str:
        """The answer as the game writes it, e.g. "X8"."""
        return next(child.label for child in self.tree.children(self.tree.root)
                    if child.move == self.move)

    def __str__(self) -> str:
        return (f"UCT, {self.iterations:,} iterations, C = {self.exploration:.3g}, seed "
                f"{self.seed}: plays {self.label}\n" + self.tree.table())


def _opening(root: MctsNode[S, M]) -> str:
    return _("Before the first iteration: the tree is the root {name} alone ({player} to move), "
             "with no playouts.").format(name=root.name, player=root.player)


def _caption(it: Iteration, phase: Phase, tree: MctsTree[S, M],
             scores: tuple[Value, Value] | None = None) -> str:
    """What iteration ``it`` did in ``phase``, in words (``tree``: the tree
    as the step shows it; ``scores``: the search's)."""
    if phase is Phase.SELECT:
        words = _select_words(it, tree.nodes)
    elif phase is Phase.EXPAND:
        words = _expand_words(it, tree.nodes)
    elif phase is Phase.SIMULATE:
        words = _simulate_words(it, tree.nodes)
    else:
        words = _back_propagate_words(it, tree.nodes, scores)
    return _("Iteration {number}, {phase}: {words}").format(number=it.number, phase=phase.value,
                                                            words=words)


def _why_stop(stop: MctsNode[S, M], untried: str) -> str:
    """Why SELECT stopped at ``stop`` (``untried``: the words for a node with
    moves not yet tried)."""
    if stop.over:
        return _("the game is over there")
    if stop.player is CHANCE:
        return _("the dice are rolled there, for an outcome not yet tried")
    return untried


def _select_words(it: Iteration, nodes: Sequence[MctsNode[S, M]]) -> str:
    stop = nodes[it.path[-1]]
    if len(it.path) == 1:
        return _("selection stops at the root {name} at once: {why}.").format(
            name=stop.name, why=_why_stop(stop, ngettext("it has a move not yet tried",
                                                          "it has moves not yet tried", 1)))
    walked = [_("{name} ({move}, rolled)").format(name=nodes[i].name, move=nodes[i].label)
              if math.isnan(u) else
              _("{name} ({move}, UCB1 {ucb})").format(name=nodes[i].name, move=nodes[i].label,
                                                     ucb=f"{u:.2f}")
              for i, u in zip(it.path[1:], it.ucb, strict=True)]
    if len(walked) > 6:
        walked = walked[:2] + [_("... {count} more ...").format(count=len(walked) - 4)] + walked[-2:]
    untried = stop.moves - len(stop.children)
    why = _why_stop(stop, ngettext("it has a move not yet tried", "it has moves not yet tried",
                                   untried))
    if len(it.path) == 2:
        return _("every move at the root has been tried, so the root's child with the highest "
                 "UCB1: {walked}; stop at {name}: {why}.").format(
            walked=", ".join(walked), name=stop.name, why=why)
    return _("from the root, each time the child with the highest UCB1: {walked}; stop at {name}: "
             "{why}.").format(walked=", ".join(walked), name=stop.name, why=why)


def _expand_words(it: Iteration, nodes: Sequence[MctsNode[S, M]]) -> str:
    stop = nodes[it.path[-1]]
    if it.expanded is None:
        return _("the game is over at {name}, so there is nothing to add; its score is the "
                 "result.").format(name=stop.name)
    new = nodes[it.expanded]
    if stop.player is CHANCE:
        return _("add {new} below {name} for the roll {roll}, drawn with its probability.").format(
            new=new.name, name=stop.name, roll=new.label)
    return _("add {new} below {name} for {move}, the first move {name} has not tried.").format(
        new=new.name, name=stop.name, move=new.label)


def _simulate_words(it: Iteration, nodes: Sequence[MctsNode[S, M]]) -> str:
    start = nodes[it.start]
    outcome = _("a draw") if it.winner is None else _("{player} won").format(player=it.winner)
    score = _("score {score}").format(score=f"{'+' if it.score > 0 else ''}{fmt(it.score)}")
    if not it.playout:
        return _("the game is over at {name} ({score}): {outcome}.").format(
            name=start.name, score=score, outcome=outcome)
    moves = list(it.playout)
    if len(moves) > 8:
        moves = moves[:6] + ["...", moves[-1]]
    return ngettext("{count} random move from {name} to the end ({moves}), {score}: {outcome}.",
                    "{count} random moves from {name} to the end ({moves}), {score}: {outcome}.",
                    len(it.playout)).format(count=len(it.playout), name=start.name,
                                            moves=" ".join(moves), score=score, outcome=outcome)


def _back_propagate_words(it: Iteration, nodes: Sequence[MctsNode[S, M]],
                          scores: tuple[Value, Value] | None) -> str:
    names = [nodes[u.node].name for u in it.updated]
    count, listed = len(names), join_names(names)
    if scores is not None:
        return ngettext("{names} gets 1 more playout and its score rescaled to {max} for MAX ({min} "
                        "for MIN) added to their wins.",
                        "{names} each get 1 more playout and its score rescaled to {max} for MAX "
                        "({min} for MIN) added to their wins.", count).format(
            names=listed, max=fmt(round(it.result, 3)), min=fmt(round(1 - it.result, 3)))
    if it.winner is None:
        return ngettext("{names} gets 1 more playout and half a win (a draw).",
                        "{names} each get 1 more playout and half a win (a draw).", count).format(
            names=listed)
    gained = [nodes[u.node].name for u in it.updated if nodes[u.node].counts_for is it.winner]
    if not gained:
        return ngettext("{names} gets 1 more playout; none counts {player}'s wins.",
                        "{names} each get 1 more playout; none counts {player}'s wins.",
                        count).format(names=listed, player=it.winner)
    more = ngettext("{gained}, which counts {player}'s wins, gets 1 more win.",
                    "{gained}, which count {player}'s wins, get 1 more win.", len(gained)).format(
        gained=join_names(gained), player=it.winner)
    return ngettext("{names} gets 1 more playout; {more}", "{names} each get 1 more playout; {more}",
                    count).format(names=listed, more=more)


# --- the search ------------------------------------------------------------------------


class _Node(Generic[S, M]):
    """A node while the search runs (statistics change); frozen into an
    :class:`MctsNode` at the end."""

    __slots__ = ("id", "parent", "move", "state", "player", "counts_for", "over",
                 "untried", "children", "rolls", "rolled", "visits", "wins", "created")

    def __init__(self, game: Game[S, M], state: S, node_id: int, parent: _Node[S, M] | None,
                 move: M | None, counts_for: Player, created: int):
        self.id, self.parent, self.move, self.state = node_id, parent, move, state
        self.player = game.to_move(state)
        self.counts_for = counts_for
        self.over = game.is_over(state)
        self.untried: list[M] = [] if self.over else list(game.moves(state))
        self.children: list[_Node[S, M]] = []
        self.rolls: Sequence[tuple[Value, M]] | None = None   # at a roll: (probability, outcome)
        self.rolled: dict[M, _Node[S, M]] | None = None        # at a roll: the outcomes drawn so far
        if self.player is CHANCE and not self.over:
            self.rolls, self.rolled = game.outcomes(state), {}
        self.visits, self.wins, self.created = 0, 0.0, created

    def frozen(self, game: Game[S, M]) -> MctsNode[S, M]:
        moves = len(self.untried) + len(self.children)
        parent = self.parent
        label = "" if parent is None or self.move is None else game.move_label(parent.state, self.move)
        return _new(MctsNode, (self.id, None if parent is None else parent.id, self.move,
                               label, self.state, self.player, self.counts_for, self.over, moves,
                               self.created, self.visits, self.wins,
                               tuple(c.id for c in self.children)))


def check_exploration(exploration: object) -> float:
    """``exploration`` as a float if it is a finite number, 0 or more; else
    TypeError or ValueError saying so.

    >>> check_exploration(-1)
    Traceback (most recent call last):
    ...
    ValueError: exploration must be a finite number, 0 or more (the constant C of UCB1, e.g. 1.41; 0 means no exploration), not -1
    """
    if isinstance(exploration, bool) or not isinstance(exploration, numbers.Real):
        raise TypeError(f"exploration must be a number such as 1.41 (the constant C of UCB1), "
                        f"not {describe(exploration)}")
    if not math.isfinite(exploration) or exploration < 0:
        raise ValueError(f"exploration must be a finite number, 0 or more (the constant C of UCB1, "
                         f"e.g. 1.41; 0 means no exploration), not {fmt(float(exploration))}")
    return float(exploration)


def _check_scores(scores: object) -> tuple[Value, Value] | None:
    """``scores`` if it is None or a pair of finite numbers low < high, else raise."""
    if scores is None:
        return None
    if not (isinstance(scores, tuple) and len(scores) == 2
            and all(isinstance(x, numbers.Real) and not isinstance(x, bool) for x in scores)):
        raise TypeError(f"scores must be a pair of numbers (low, high) that holds every score of "
                        f"the game, such as (-10, 10), or None; not {describe(scores)}")
    low, high = scores
    if not (math.isfinite(low) and math.isfinite(high) and low < high):
        raise ValueError(f"scores ({fmt(low)}, {fmt(high)}) must be finite with low below high, "
                         f"such as (-10, 10)")
    return low, high


def uct_search(game: Game[S, M], state: S | None = None, *, iterations: int,
               exploration: float = EXPLORATION, seed: int = 0,
               max_playout: int = PLAYOUT_LIMIT, record: bool = True,
               scores: tuple[Value, Value] | None = None) -> MctsResult[S, M]:
    """Monte-Carlo tree search with UCB1 (UCT) from ``state``: ``iterations``
    times SELECT, EXPAND, SIMULATE, BACK-PROPAGATE, as the module docstring
    says.

    Parameters
    ----------
    game : Game
        The rules; any two-player game whose games end, with dice too: at a
        roll, SELECT and SIMULATE draw the outcome by its probability from
        the search's ``random.Random(seed)``, so a node's mean result is over
        the rolls as they fall (the mean that expectiminimax takes).
    state : state of ``game``, optional
        The position to find a move for; ``game.initial`` by default.  The
        game must not be over there.
    iterations : int
        How many playouts, 1 to :data:`MAX_ITERATIONS`.
    exploration : float
        The constant C of UCB1, finite and 0 or more; the larger, the more
        the search tries moves with few playouts.  0: always the best mean.
    seed : int
        Seeds the playouts' ``random.Random``: the same seed, the same search.
    max_playout : int
        The longest playout allowed, in moves (1 to :data:`MAX_PLAYOUT`): a
        game that does not end within it stops the search with a
        ValueError naming it, instead of running forever.
    record : bool
        Keep every iteration's :class:`Iteration` (False saves memory and
        a little time when only the move matters, as when playing).
    scores : (low, high), optional
        Bounds on every score of the game.  Given, a playout is worth its
        score rescaled from [low, high] to [0, 1] (to MAX; 1 minus that to
        MIN) instead of who won, so the search backs up mean scores: what
        expectiminimax maximizes in a game with dice whose scores are more
        than won or lost.

        The default stays who won, on purpose, for three reasons.  Winning
        is what a player of a game without dice wants, and AIMA's UCT
        counts it.  With dice, "the best move" asks one of two questions:
        who won answers "which move wins most often" (a sure win beats a
        90 % chance of a big one), ``scores`` answers "which move has the
        best mean score" (expectiminimax's question); the caller knows
        which one they mean.  And a mean score needs bounds that the
        :class:`~gametree.games.base.Game` interface does not give: UCB1's
        C is set for results in [0, 1], and bounds guessed from the
        playouts seen so far would rescale every node as the search goes.
        In a game whose scores are only +1, 0 and -1, ``scores=(-1, 1)``
        runs the very same search as the default.

    Returns
    -------
    MctsResult
        ``move`` (most playouts), ``tree`` (every node's final statistics),
        ``record`` (the iterations) and the search's settings.

    Raises
    ------
    TypeError, ValueError
        Before any work, for what is not a game or one of its positions, a
        position where the game is over, iterations that are not a whole
        number from 1 to :data:`MAX_ITERATIONS`, an exploration constant
        that is negative or not finite, a seed that is not a whole number.
        During the search, a ValueError for a playout longer than
        ``max_playout`` moves.

    Examples
    --------
    Tic-tac-toe, X to move: X8 completes the right-hand column.

    >>> from gametree.games import TicTacToe, TicTacToeState
    >>> start = TicTacToeState.from_text("XOX OOX ...")
    >>> result = uct_search(TicTacToe(), start, iterations=30, seed=1)
    >>> result.move, result.tree.root.visits, len(result.record)
    (8, 30, 30)
    >>> uct_search(TicTacToe(), start, iterations=30, seed=1) == result   # seeded: the same search
    True
    >>> uct_search(TicTacToe(), start, iterations=0)
    Traceback (most recent call last):
    ...
    ValueError: iterations must be from 1 to 1,000,000, not 0

    With dice: B is a roll worth 10 nine times in ten and -10 otherwise (a
    mean of 8), C a sure 1.  Backing up scores, UCT plays expectiminimax's
    move B; by who won, the sure win C.

    >>> from gametree import Tree
    >>> from gametree.games import TreeGame
    >>> game = TreeGame(Tree.from_nested([[(0.9, 10), (0.1, -10)], [1, 1]]))
    >>> uct_search(game, iterations=200, seed=1, scores=(-10, 10)).move
    'B'
    >>> uct_search(game, iterations=200, seed=1).move
    'C'
    """
    state = check_game(game, state)
    check_whole("iterations", iterations, 1, MAX_ITERATIONS)
    exploration = check_exploration(exploration)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    check_whole("max_playout", max_playout, 1, MAX_PLAYOUT)
    if not isinstance(record, bool):
        raise TypeError(f"record must be True or False, not {describe(record)}")
    scores = _check_scores(scores)
    if game.is_over(state):
        raise ValueError("the game is over in this position, so there is no move to search for; "
                         "give a position where a player is to move")
    if not game.moves(state):
        raise ValueError(f"{short(state)} is not over but has no moves; the game's rules are inconsistent")
    if game.to_move(state) is CHANCE:
        raise ValueError(f"the dice are rolled next at {short(state)}, so no player has a move to "
                         f"search for; roll them (game.outcomes) and search the position after")

    return _search(game, state, iterations, exploration, seed, max_playout, record, scores)


def _search(game: Game[S, M], state: S, iterations: int, exploration: float, seed: int,
            max_playout: int, record: bool, scores: tuple[Value, Value] | None) -> MctsResult[S, M]:
    """:func:`uct_search` once its arguments are checked."""
    rng = random.Random(seed)
    tree = _Node(game, state, 0, None, None, game.to_move(state).other, 0)
    nodes = [tree]
    history: list[Iteration] = []
    for number in range(1, iterations + 1):
        leaf, ucb, roll = select(tree, exploration, rng)
        child = expand(game, leaf, nodes, number, roll)
        playout, score = simulate(game, child.state, rng, max_playout, labels=record)
        result = playout_result(score, scores)
        updated = back_propagate(result, child, record)
        if record:   # the path is the nodes updated, root first, without the new node
            ids = tuple(map(_node_id, reversed(updated)))
            winner = MAX if score > 0 else MIN if score < 0 else None   # winner_of(score)
            history.append(_new(Iteration, (number, ids if child is leaf else ids[:-1], ucb,
                                            None if child is leaf else child.id, playout, score,
                                            winner, updated, result)))
    final = MctsTree(tuple(node.frozen(game) for node in nodes), exploration)
    for node in nodes:   # no child links left, no cycles: freed at once, not by the collector
        node.children.clear()
        node.rolled = None
    return MctsResult(final.best_move(), final, tuple(history), iterations, seed, max_playout,
                      scores)


def select(node: _Node[S, M], exploration: float,
           rng: random.Random) -> tuple[_Node[S, M], tuple[float, ...], M | None]:
    """SELECT: from ``node`` (the root), go to the child with the highest UCB1
    while every move has a child and the game goes on; at a roll of the dice,
    to the outcome drawn at random by its probability (stopping there when
    that outcome has no child yet).  Returns the node where it stops, the
    UCB1 of each node chosen on the way (NaN for a roll's outcome) and, when
    it stops at a roll, the outcome drawn (else None)."""
    chosen: list[float] = []
    while not node.over:
        if node.rolls is not None:                       # the dice choose, not UCB1
            roll = draw(node.rolls, rng)
            assert node.rolled is not None
            if roll not in node.rolled:
                return node, tuple(chosen), roll
            chosen.append(math.nan)
            node = node.rolled[roll]
            continue
        if node.untried:
            break
        best, highest = node.children[0], -math.inf
        log_n = math.log(node.visits)                    # UCB1 of each child, as _ucb1 works it out
        for child in node.children:                      # (every child has had its playout)
            visits = child.visits
            value = child.wins / visits + exploration * math.sqrt(log_n / visits)
            if value > highest:                          # the first among equals
                best, highest = child, value
        chosen.append(highest)
        node = best
    return node, tuple(chosen), None


def expand(game: Game[S, M], leaf: _Node[S, M], nodes: list[_Node[S, M]],
           number: int, roll: M | None = None) -> _Node[S, M]:
    """EXPAND: a new child of ``leaf`` for the first move it has not tried (at
    a roll of the dice: for the outcome ``roll`` drawn), added to ``nodes``;
    ``leaf`` itself when the game is over there."""
    if leaf.over:
        return leaf
    if leaf.rolls is None:
        move = leaf.untried.pop(0)
        counts_for = leaf.player
    else:
        assert roll is not None                          # select drew the outcome
        move = roll
        leaf.untried.remove(roll)
        counts_for = leaf.counts_for                     # the roll follows that player's move
    child = _Node(game, game.result(leaf.state, move), len(nodes), leaf, move, counts_for, number)
    leaf.children.append(child)
    if leaf.rolled is not None:
        leaf.rolled[move] = child
    nodes.append(child)
    return child


def simulate(game: Game[S, M], state: S, rng: random.Random, max_playout: int,
             labels: bool = True) -> tuple[tuple[str, ...], Value]:
    """SIMULATE: random moves from ``state`` to the end of the game (a roll of
    the dice drawn by its probabilities).  Returns the moves (as the game
    writes them; none unless ``labels``) and the final score, from MAX's side."""
    played: list[str] = []
    label, dice = game.move_label, has_dice(game)
    is_over, moves, result, choice = game.is_over, game.moves, game.result, rng.choice
    made = 0
    while not is_over(state):
        if made == max_playout:
            raise ValueError(
                f"a playout made {max_playout:,} moves (max_playout) from {short(state)} without "
                f"the game ending; Monte-Carlo tree search needs games that end: if this game's "
                f"games are longer, raise max_playout (up to {MAX_PLAYOUT:,})")
        if dice and game.to_move(state) is CHANCE:
            move = draw(game.outcomes(state), rng)
        else:
            move = choice(moves(state))
        if labels:
            played.append(label(state, move))
        state = result(state, move)
        made += 1
    return tuple(played), game.score(state)


def playout_result(score: Value, scores: tuple[Value, Value] | None = None) -> Result:
    """What a playout that ended with ``score`` is worth to MAX: 1 for a win,
    1/2 for a draw, 0 for a loss; with ``scores`` = (low, high), the score
    itself rescaled from [low, high] to [0, 1] (to MIN it is worth 1 minus that).

    >>> playout_result(3), playout_result(0), playout_result(8, scores=(-10, 10))
    (1.0, 0.5, 0.9)
    """
    if scores is None:   # result_for(MAX, winner_of(score)), without the two calls
        return 1.0 if score > 0 else 0.5 if score == 0 else 0.0
    low, high = scores
    if not low <= score <= high:
        raise ValueError(f"a playout ended with the score {fmt(score)}, outside scores=({fmt(low)}, "
                         f"{fmt(high)}); give bounds that hold every score of the game")
    return (score - low) / (high - low)


def back_propagate(result: Result, node: _Node[S, M] | None,
                   record: bool = True) -> tuple[Update, ...]:
    """BACK-PROPAGATE: one more playout for ``node`` and every node above it,
    and the playout's ``result`` for MAX (1 a win, 1/2 a draw, 0 a loss, see
    :func:`playout_result`) added to the wins of each node that counts for MAX,
    1 - ``result`` to those of each node that counts for MIN.  Returns the
    nodes' statistics after the update, ``node`` first (none unless ``record``)."""
    updated: list[Update] = []
    keep = updated.append
    while node is not None:
        node.visits += 1
        node.wins += result if node.counts_for is MAX else 1 - result
        if record:
            keep(_new(Update, (node.id, node.visits, node.wins)))
        node = node.parent
    return tuple(updated)


def draw(outcomes: Sequence[tuple[Value, M]], rng: random.Random) -> M:
    """One outcome of a roll, drawn with its probability from ``(probability,
    outcome)`` pairs (the last takes what rounding leaves)."""
    left = rng.random()
    for p, outcome in outcomes:
        left -= p
        if left < 0:
            return outcome
    return outcomes[-1][1]


def has_dice(game: Game[S, M]) -> bool:
    """Whether ``game`` may have chance states: a game without dice does not
    define :meth:`Game.outcomes` (see :mod:`gametree.games.base`), so its
    playouts need not ask who moves."""
    return type(game).outcomes is not Game.outcomes


_new = tuple.__new__
"""Makes an :class:`Update`, :class:`Iteration` or :class:`MctsNode` from all
its fields in one C call (a NamedTuple's own constructor is a Python function,
and a search makes one per node or iteration)."""


_node_id = operator.itemgetter(0)
"""The node of an :class:`Update`."""


# --- a player --------------------------------------------------------------------------


def mcts_player(iterations: int, *, exploration: float = EXPLORATION, seed: int = 0,
                max_playout: int = PLAYOUT_LIMIT) -> Callable[[Game[S, M], S], M]:
    """A player that plays the move of :func:`uct_search` with ``iterations``
    playouts.  Each search gets its seed from the player's own
    ``random.Random(seed)``, so a game can be replayed.

    >>> from gametree.games import Kalah, play_game, random_player
    >>> record = play_game(Kalah(3, 3), mcts_player(200, seed=1), random_player(seed=2))
    >>> record.score > 0   # the search beats random moves
    True
    """
    check_whole("iterations", iterations, 1, MAX_ITERATIONS)
    check_exploration(exploration)
    check_whole("max_playout", max_playout, 1, MAX_PLAYOUT)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be a whole number, such as 7, not {describe(seed)}")
    rng = random.Random(seed)

    def play(game: Game[S, M], state: S) -> M:
        return uct_search(game, state, iterations=iterations, exploration=exploration,
                          seed=rng.randrange(2**32), max_playout=max_playout, record=False).move

    play.__name__ = f"UCT {iterations}"
    return play
