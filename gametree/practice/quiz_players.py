"""Checkers for the exercises of notebook 10: more than two players.

Each checker takes the student's answer (``None`` until they write one)
and the exercise's data, and returns a :class:`~gametree.practice.quiz.Feedback`
that the notebook shows as the cell's result.  Every checker keeps the
promises of :mod:`gametree.practice.quiz`:

* ``None`` gets only "Not answered yet" and the form an answer takes;
* an answer of the wrong form gets a sentence saying how to write it;
* a wrong answer gets a hint about where to look, or the slip it looks
  like, never the right answer;
* the right answer is worked out here with the library, so this source,
  which a student may read before answering, holds no answers.

The trees are those of :func:`gametree.minimax` and
:func:`gametree.expectiminimax` with ``players=``, a cycle of levels such
as ``("MAX", "MIN", "MIN")`` (Pacman and two ghosts), and those of
:func:`gametree.maxn`, whose leaves are utility vectors.  Numbers are
compared to two decimals, as in notebook 09.

>>> check_node_value(None, [[[3, 8], [5, 2]]], players=("MAX", "MIN", "MIN"))
Not answered yet: replace None with the value you worked out, a number such as 4.5, and run this cell again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from ..chance import expected_values
from ..text import fmt
from ..trace import trace_alpha_beta
from ..tree import CHANCE, MAX, MIN, Node, Player, Players, Tree, as_tree, check_players
from ..vectors import maxn
from .quiz import Feedback, judge_skips, read_items, right, wrong
from .quiz_chance import close_enough, is_number, read_value

__all__ = ["check_node_value", "check_ghost_skipped", "check_maxn_vector"]


def _values(tree: object, players: Sequence[Player] | None) -> list[Any] | None:
    """Every node's value when the levels follow ``players`` (alternating
    MAX and MIN when None); None when the tree cannot be read so (it has
    probability pairs at a level that is no CHANCE level)."""
    try:
        return expected_values(tree, players=players)
    except ValueError:
        return None


def _swap(cycle: Sequence[Player], old: Player, new: Player) -> tuple[Player, ...]:
    return tuple(new if player is old else player for player in cycle)


def _slips(cycle: tuple[Player, ...]) -> list[tuple[tuple[Player, ...] | None, str]]:
    """The common wrong readings of ``cycle``, each as the cycle it amounts
    to (None: levels alternating from MAX) and the sentence that names it."""
    slips: list[tuple[tuple[Player, ...] | None, str]] = [
        (None, "if the levels alternated MAX, MIN, MAX, ... as in a two-player game. Here "
               "each ghost has a level of its own, and a ghost's level is followed by the next "
               "ghost's, not by MAX's"),
    ]
    if MIN in cycle:
        slips.append((_swap(cycle, MIN, CHANCE),
                      "if the adversarial ghosts moved at random. A MIN level takes the smallest "
                      "value; only a CHANCE level averages"))
    if CHANCE in cycle:
        slips.append((_swap(cycle, CHANCE, MIN),
                      "if the random ghosts always chose the worst move for Pacman. A CHANCE level "
                      "averages its children, each equally likely unless probabilities are given"))
        slips.append((_swap(cycle, CHANCE, MAX),
                      "if the random ghosts always chose the best move for Pacman. A CHANCE level "
                      "averages its children"))
    if MIN in cycle and CHANCE in cycle:
        slips.append((tuple(CHANCE if p is MIN else MIN if p is CHANCE else p for p in cycle),
                      "with the two kinds of ghost swapped: check which level chooses and which "
                      "moves at random"))
    return slips


def check_node_value(answer: object, tree: object, *, players: Players, node: str = "A") -> Feedback:
    """Is ``answer`` the value of the node named ``node`` in ``tree``, whose
    levels follow the cycle ``players`` (to two decimals)?

    MAX and MIN levels take the largest and smallest value, CHANCE levels
    the average (weighted, when the tree gives probabilities).  A wrong
    number that a common slip gives gets a sentence naming the slip: the
    levels read as alternating MAX and MIN (a two-player game), adversarial
    ghosts read as random or random ones as adversarial, the smallest or
    largest leaf under the node.

    Examples
    --------
    >>> ghosts = ("MAX", "MIN", "MIN")
    >>> check_node_value(3, [[[3, 8], [5, 2]], [[6, 9], [7, 4]]], players=ghosts).verdict
    <Verdict.WRONG: 'wrong'>
    >>> check_node_value(5, [[[3, 8], [5, 2]], [[6, 9], [7, 4]]], players=ghosts, node="B")
    Not yet: 5 is what B is worth if the levels alternated MAX, MIN, MAX, ... as in a two-player game. Here each ghost has a level of its own, and a ghost's level is followed by the next ghost's, not by MAX's.
    """
    cycle = check_players(players)
    built = as_tree(tree, players=cycle)
    target = _named_node(built, node)
    number = read_value(answer)
    if isinstance(number, Feedback):
        return number
    value = expected_values(built)[target.id]
    if close_enough(number, value):
        return right(f"{target.name} is worth {fmt(value)}.")
    slip = _slip_giving(number, value, tree, cycle, target)
    if slip is not None:
        return wrong(f"{fmt(number)} is what {target.name} is worth {slip}.")
    return _leaf_slip(number, built, target) or wrong(
        f"not {fmt(number)}. Back the values up from the bottom level, one agent's level "
        f"at a time: {_levels_text(cycle)}.")


def _named_node(built: Tree, node: object) -> Node:
    """The node of ``built`` that ``node`` names (any case), or a ValueError
    naming the tree's nodes."""
    names = {n.name for n in built}
    if not isinstance(node, str) or node.strip().upper() not in names:
        raise ValueError(f"node {node!r} is not in the tree; its nodes are named "
                         f"{built.root.name} to {built[len(built) - 1].name}")
    return built[node.strip().upper()]


def _slip_giving(number: float, value: float, tree: object, cycle: tuple[Player, ...],
                 target: Node) -> str | None:
    """The words for the first slip of :func:`_slips` under which ``target``
    is worth ``number`` (and not its true ``value``), if any."""
    for slip, sentence in _slips(cycle):
        other = _values(tree, slip)
        if other is not None and not close_enough(other[target.id], value) and close_enough(number, other[target.id]):
            return sentence
    return None


def _leaf_slip(number: float, built: Tree, target: Node) -> Feedback | None:
    """The feedback for ``number`` that is the smallest or the largest leaf
    under ``target`` where the levels below do not all take it; or None."""
    under = [n for n in built if n is not target and target in built.path(n)]
    below = {n.player for n in under if not n.is_leaf}
    scores = [cast(float, n.score) for n in under if n.is_leaf]
    if scores and close_enough(number, min(scores)) and below - {MIN}:
        why = ("where Pacman moves again, he takes the largest value" if MAX in below
               else "a random ghost's level averages its children")
        return wrong(f"{fmt(number)} is the smallest leaf under {target.name}, but not every level "
                     f"below {target.name} takes the smallest: {why}.")
    if scores and close_enough(number, max(scores)) and below - {MAX}:
        return wrong(f"{fmt(number)} is the largest leaf under {target.name}, but Pacman cannot "
                     f"count on reaching it: the ghosts move in between.",
                     "Back the values up from the bottom level, one level (one agent) at a time.")
    return None


def _levels_text(cycle: tuple[Player, ...]) -> str:
    """The cycle in words: "the levels go MAX, MIN, MIN, then round again"."""
    words = {MAX: "MAX (largest)", MIN: "MIN (smallest)", CHANCE: "CHANCE (average)"}
    return f"the levels go {', '.join(words[p] for p in cycle)}, then round again"


def check_ghost_skipped(answer: object, tree: object, *, players: Players,
                        strict: bool = False) -> Feedback:
    """Does ``answer`` list exactly the leaves alpha-beta never evaluates
    in ``tree``, whose levels follow ``players`` (MAX and MIN only, such as
    ``("MAX", "MIN", "MIN")``)?  A list of leaf names, ``[]`` for none.

    A wrong list gets a place to look, never the list.  The classic slip
    with two MIN levels in a row, stopping a ghost's node because its v is
    above the beta the ghost before it handed down, gets its own sentence.

    Examples
    --------
    >>> tree = [[[3, 8], [5, 2]], [[1, 6], [9, 4]]]
    >>> ghosts = ("MAX", "MIN", "MIN")
    >>> check_ghost_skipped(None, tree, players=ghosts).verdict
    <Verdict.EMPTY: 'empty'>
    >>> check_ghost_skipped([], tree, players=ghosts).verdict
    <Verdict.WRONG: 'wrong'>
    """
    trace = trace_alpha_beta(tree, players=players, strict=strict)
    built = trace.tree
    skips = judge_skips(answer, trace, "alpha-beta")
    if isinstance(skips, Feedback):
        return skips
    test = "alpha > beta" if strict else "alpha >= beta"
    lines = []
    extra, missing = skips.extra, skips.missing
    if extra:
        parent = built[built[extra[0]].parent]
        lines.append(f"alpha-beta evaluates leaf {extra[0]}: when the search reaches it, {test} "
                     f"does not hold at {parent.name}.")
        grand = built[parent.parent] if parent.parent is not None else None
        if parent.player is MIN and grand is not None and grand.player is MIN:
            lines.append(f"{grand.name} and {parent.name} are both ghosts' (MIN) nodes. A ghost's "
                         f"node stops only when its v falls to alpha or below, what MAX is already "
                         f"sure of; a v above what the ghost before it has found does not stop it, "
                         f"since its v can still go down.")
    if missing:
        parent = built[built[missing[0]].parent]
        lines.append(f"alpha-beta skips more leaves than you list: look again at node "
                     f"{parent.name}, and at the window it is given: alpha comes down from MAX "
                     f"through every ghost's level unchanged.")
    return wrong(*lines)


# --- max^n ------------------------------------------------------------------------

Vector = tuple[float, ...]
Pick = Callable[[int, Sequence[Vector]], int]
"""A rule a player uses to choose: (player number from 0, the children's
vectors) -> the position of the child chosen."""


def _back_up(nested: object, n: int, pick: Pick, depth: int = 0) -> Vector:
    """The root vector of a max^n tree (nested lists, leaves tuples) when
    the player at depth k, ``k % n``, chooses by ``pick``: the rules of the
    common slips, which :func:`gametree.maxn` does not take."""
    if isinstance(nested, tuple):
        return tuple(nested)
    kids = [_back_up(child, n, pick, depth + 1) for child in cast(list, nested)]
    return kids[pick(depth % n, kids)]


def _first_best(key: Callable[[Vector], float]) -> Callable[[Sequence[Vector]], int]:
    def choose(kids: Sequence[Vector]) -> int:
        best = max(key(kid) for kid in kids)
        return next(i for i, kid in enumerate(kids) if key(kid) == best)
    return choose


def _own(player: int, kids: Sequence[Vector]) -> int:
    return _first_best(lambda v: v[player])(kids)


def _last_own(player: int, kids: Sequence[Vector]) -> int:
    best = max(kid[player] for kid in kids)
    return max(i for i, kid in enumerate(kids) if kid[player] == best)


def _paranoid(player: int, kids: Sequence[Vector]) -> int:
    return _own(0, kids) if player == 0 else _first_best(lambda v: -v[0])(kids)


def _friendly(player: int, kids: Sequence[Vector]) -> int:
    return _own(0, kids)


def _leaf_vectors(nested: object) -> list[Vector]:
    if isinstance(nested, tuple):
        return [tuple(nested)]
    return [v for child in cast(list, nested) for v in _leaf_vectors(child)]


def _read_vector(answer: object, n: int) -> tuple | Feedback:
    """The vector of ``n`` numbers a student gave, or the Feedback saying
    why it is none: nothing yet, no vector, the wrong length, not numbers."""
    example = "(1, 2, 3)" if n == 3 else str(tuple(range(1, n + 1)))
    items = read_items(answer, n, is_number,
                       form=f"a vector of {n} numbers in brackets, one per player, such as {example}",
                       kind="vector", how=f"{n} numbers in brackets, one per player, such as {example}",
                       length=f"a vector here has {n}, one per player",
                       bad="is not a number: write plain numbers such as 3 or 2.5")
    return items if isinstance(items, Feedback) else tuple(items)


def check_maxn_vector(answer: object, tree: object) -> Feedback:
    """Is ``answer`` the vector max^n backs up to the root of ``tree``
    (nested lists whose leaves are tuples, one number per player; the root
    is player 1, the next level player 2, and so on round)?

    A tuple or list of numbers, one per player.  A wrong vector that a
    common slip gives gets a sentence naming it: every other player out to
    hurt player 1 (the paranoid reading, two against one), every player
    helping player 1, ties broken to the right; a vector that is no leaf's
    gets the reason it cannot be the root's.

    Examples
    --------
    >>> tree = [[(1, 2, 6), (4, 2, 3)], [(6, 1, 2), (7, 4, 1)]]
    >>> check_maxn_vector(None, tree).verdict
    <Verdict.EMPTY: 'empty'>
    >>> print(check_maxn_vector((3, 3, 3), tree))
    Not yet: no leaf holds (3, 3, 3), and the root's vector is always one leaf's vector: the one play ends at.
    Back the vectors up from the bottom level: at each node, its player takes the child whose vector is largest in that player's own place.
    """
    value = maxn(tree)
    n = len(value)
    vector = _read_vector(answer, n)
    if isinstance(vector, Feedback):
        return vector
    shown_vector = "(" + ", ".join(fmt(x) for x in vector) + ")"
    if all(close_enough(a, b) for a, b in zip(vector, value, strict=True)):
        return right(f"play ends at the leaf {shown_vector}: each player's choice is the best "
                     f"for that player alone, given what the others will choose below.")

    def same(other: Vector) -> bool:
        return all(close_enough(a, b) for a, b in zip(vector, other, strict=True))

    if not any(same(leaf) for leaf in _leaf_vectors(tree)):
        return wrong(f"no leaf holds {shown_vector}, and the root's vector is always one leaf's "
                     f"vector: the one play ends at.",
                     "Back the vectors up from the bottom level: at each node, its player takes "
                     "the child whose vector is largest in that player's own place.")
    slips = (
        (_paranoid, "if players 2 to {n} were all out to hurt player 1 (each taking the child "
                    "smallest in player 1's place): that is an alliance against player 1, the "
                    "paranoid reading. In max^n each player maximises its own place"),
        (_friendly, "if every player helped player 1 (each taking the child largest in player 1's "
                    "place). In max^n each player maximises its own place"),
        (_last_own, "with ties broken to the right. On a tie, a player takes the leftmost of the "
                    "children it likes best"),
    )
    for rule, sentence in slips:
        other = _back_up(tree, n, rule)
        if same(other) and other != value:
            return wrong(f"{shown_vector} is what the root gets {sentence.format(n=n)}.")
    return wrong(f"not {shown_vector}. Back the vectors up from the bottom level: the player at "
                 f"each node (player 1 at the root, then 2, and so on round) takes the child whose "
                 f"vector is largest in that player's own place, the leftmost on a tie.")
