"""What an exercise sheet and its answer key say, from a seed.

``python -m gametree exercises --seed 42 --count 8 --branching 3 --depth 3
--out sheet.pdf`` writes ``sheet.pdf`` (the exercises) and
``sheet-key.pdf`` (the answers).  Exercise ``k`` of the sheet with seed
``s`` is ``Exercise.random(1000 * s + k, ...)`` (:func:`sheet_exercises`),
so the same seed gives the same sheet, and each exercise prints its own
seed, so a student can open the same tree in the practice widget
(:class:`gametree.widgets.practice.PracticeWidget`) and check their work.

This module holds the exercises and the words printed with them: the
opening paragraph (:func:`intro_lines`), each exercise's heading and task
(:func:`exercise_details`, :func:`task_line`) and its answer in words
(:func:`key_lines`, :func:`key_trace`).  The drawing of the pages and the
writing of the files are the view's: :mod:`gametree.view.sheets`
(:func:`~gametree.view.sheets.write_sheet`,
:func:`~gametree.view.sheets.sheet_pages`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..chance import ChanceTrace
from ..checks import check_branching, check_depth, check_int, check_leaf_count
from ..text import describe, fmt, join_names, pretty, shown
from ..trace import Status, Trace
from ..tree import CHANCE, MAX
from .chance import ChanceExercise
from .exercise import Exercise

__all__ = ["sheet_exercises", "SheetExercise", "MAX_SHEET_LEAVES", "MAX_COUNT", "intro_lines",
           "exercise_details", "task_line", "key_lines", "key_trace"]

SheetExercise = Exercise | ChanceExercise
"""What a sheet prints: alpha-beta exercises, or expectiminimax ones."""

MAX_SHEET_LEAVES = 27
"""Widest tree printed: 27 leaves still leave room to write on A4."""

MAX_COUNT = 100
"""Most exercises on one sheet."""


def sheet_exercises(seed: int, count: int = 8, branching: int = 3, depth: int = 3, *,
                    strict: bool = False, ordering: str = "random", bounds: str = "some",
                    task: str = "search", uneven: bool = False, root: str = "MAX",
                    chance: bool = False, outcomes: int = 2,
                    players=None) -> list[SheetExercise]:
    """The exercises of the sheet made from ``seed``: exercise ``k`` (from 1)
    is ``Exercise.random(1000 * seed + k, ...)``.  ``uneven=True`` gives
    uneven trees (up to ``branching`` children, leaves at several depths),
    ``root="MIN"`` MIN at the root, ``players=("MAX", "MIN", "MIN")`` a
    player per level (MAX and two ghosts).  With ``chance=True`` exercise ``k`` is
    ``ChanceExercise.random(1000 * seed + k, depth, branching=branching,
    outcomes=outcomes)`` (``depth`` decision levels, each followed by a
    level of chance nodes; the other options are alpha-beta's).

    >>> [e.seed for e in sheet_exercises(42, 3, 2, 2)]
    [42001, 42002, 42003]
    >>> sheet_exercises(42, 3, 2, 2) == sheet_exercises(42, 3, 2, 2)
    True
    >>> sheet_exercises(42, 1, 2, 1, chance=True)[0].tree.to_nested()
    [[(0.3, 1), (0.7, 2)], [(0.6, 4), (0.4, 7)]]
    """
    if not isinstance(chance, bool):
        raise TypeError(f"chance must be True or False, not {describe(chance)}")
    if chance:
        _check_sheet(seed, count, 2, 1)  # the seed and the count; the shape is checked here
        branching = check_int(branching, "branching", low=1, example="2")
        outcomes = check_int(outcomes, "outcomes", low=1, example="2")
        depth = check_depth(depth, low=1)
        if (branching * outcomes) ** min(depth, 64) > MAX_SHEET_LEAVES:
            raise ValueError(f"branching {branching}, {outcomes} outcomes and depth {depth} make "
                             f"more than {MAX_SHEET_LEAVES} leaves; a tree written on by hand has "
                             f"at most {MAX_SHEET_LEAVES}, so lower the depth, the branching or "
                             f"the outcomes")
        return [ChanceExercise.random(1000 * seed + k, depth, branching=branching,
                                      outcomes=outcomes) for k in range(1, count + 1)]
    _check_sheet(seed, count, branching, depth)
    return [Exercise.random(1000 * seed + k, branching, depth, strict=strict, ordering=ordering,
                            bounds=bounds, task=task, uneven=uneven, root=root, players=players)
            for k in range(1, count + 1)]


def _check_sheet(seed, count, branching, depth) -> None:
    check_int(seed, "seed", low=0, example="42")
    count = check_int(count, "count", example="8")
    if not 1 <= count <= MAX_COUNT:
        raise ValueError(f"count must be from 1 to {MAX_COUNT}, not {shown(count)}")
    branching = check_branching(branching)
    depth = check_depth(depth, low=1)
    check_leaf_count(branching, depth, MAX_SHEET_LEAVES, "a tree written on by hand")


# --- the words on a sheet -----------------------------------------------------------
#
# Each function returns whole paragraphs; the drawing wraps them to the page.


def intro_lines(exercises: Sequence[SheetExercise], key: bool) -> list[str]:
    """The paragraphs that open the sheet (``key=False``) or its key: what
    to do, the cut rule (or "the rule each exercise gives" when they
    differ), and where to check one's work."""
    first = exercises[0]
    if first.task == "chance":
        return [("Values inside the nodes, every node searched: without bounds on the leaves "
                 "expectiminimax prunes nothing.") if key else
                ("Work out expectiminimax on each tree (MAX nodes are \u25b2, MIN nodes \u25bc, "
                 "chance nodes \u25cf with each outcome's probability on its edge). Write the "
                 "value of every node in the box beside it: a MAX node takes the largest value of "
                 "its children, a MIN node the smallest, and a chance node adds up probability "
                 "\u00d7 value over its children (to two decimals where it does not come out "
                 "whole).")]
    rules = {e.rule for e in exercises}
    rule = rules.pop() if len(rules) == 1 else "the rule each exercise gives"
    if key:
        lines = [f"Values inside the nodes; alpha and beta beside each node searched, as they "
                 f"are when it returns; pruned branches grey and dashed. Cut rule: {rule}."]
    elif first.task == "reorder":
        lines = ["Reorder the children of the nodes of each tree (every leaf stays under its "
                 "parent) so that alpha-beta, searching left to right, evaluates as few leaves "
                 "as possible; write the new order of the leaf scores and the number of leaves "
                 "evaluated."]
    else:
        lines = [f"Search each tree with alpha-beta, children left to right, cutting when "
                 f"{rule} (MAX nodes are \u25b2, MIN nodes \u25bc). Write the value "
                 f"alpha-beta returns in the box beside every node it searches, cross out "
                 f"every pruned branch, write alpha and beta where asked (as they are when the "
                 f"node returns; leave them blank if the node is pruned) and count the leaves "
                 f"evaluated."]
    lines.append("Each exercise gives its seed: open the same tree in gametree's practice "
                 "widget to check your work.")
    return lines


def exercise_details(exercise: SheetExercise) -> str:
    """The line beside an exercise's number: its kind of tree, its order
    of children if not random, and its seed.

    >>> exercise_details(Exercise.random(7, 2, 2))
    'branching 2, depth 2, cut when alpha >= beta, seed 7'
    """
    if isinstance(exercise, ChanceExercise):   # its task is "chance"
        details = f"expectiminimax, {len(exercise.leaves)} leaves"
    else:
        details = _alpha_beta_details(exercise)
    if exercise.ordering != "random":
        details += f", children {exercise.ordering} first"
    if exercise.seed is not None:
        details += f", seed {exercise.seed}"
    return details


def _alpha_beta_details(exercise: Exercise) -> str:
    """The shape, the root, the turns and the cut rule of an alpha-beta exercise."""
    if exercise.complete:
        details = f"branching {exercise.branching}, depth {exercise.depth}"
    else:
        details = f"uneven, up to {exercise.branching} children, depth {exercise.depth}"
    if exercise.root is not MAX:
        details += ", MIN at the root"
    if exercise.players is not None:
        details += ", turns " + ", ".join(player.value for player in exercise.players)
    return details + f", cut when {exercise.rule}"


def task_line(exercise: SheetExercise) -> str:
    """The sentence under an exercise's heading saying what to write."""
    if exercise.task == "chance":
        return "Write the value of every node."
    if isinstance(exercise, Exercise) and exercise.task == "reorder":
        return (f"Reorder the children so that alpha-beta prunes the most; it can be done with "
                f"{exercise.minimum} of {len(exercise.leaves)} leaves evaluated.")
    if exercise.ask_bounds:
        return f"Write alpha and beta at {join_names(exercise.ask_bounds)}."
    return "Write the values and cross out the pruned branches."


def key_trace(exercise: SheetExercise) -> Trace | ChanceTrace:
    """The search the key draws: the exercise's own, or for a reorder task
    the answer, its tree searched best first."""
    if exercise.task != "reorder":
        return exercise.trace
    from ..generate import best_order
    from ..trace import trace_alpha_beta

    return trace_alpha_beta(best_order(exercise.tree), strict=exercise.rule)


def key_lines(exercise: SheetExercise) -> list[str]:
    """The answer in words, under the key's drawing of ``exercise``: the
    value and the leaves evaluated, what is pruned, and the asked bounds;
    for a reorder task the best order; for a chance tree every sum."""
    if isinstance(exercise, ChanceExercise):
        return [_chance_key(exercise)]
    if exercise.task == "reorder":
        return [_reorder_key(exercise)]
    lines = [_search_key(exercise)]
    if exercise.ask_bounds:
        lines.append(_bounds_key(exercise))
    return lines


def _chance_key(exercise: ChanceExercise) -> str:
    """The value, and every chance node's sum worked out."""
    tree, values = exercise.tree, exercise.values
    chance = [n for n in tree if not n.is_leaf and n.player is CHANCE]
    worked = "; ".join(f"{n.name} = " + " + ".join(
        f"{fmt(tree[c].probability)} \u00d7 {fmt(values[c])}" for c in n.children)
        + f" = {fmt(values[n.id])}" for n in chance)
    return f"Value {fmt(values[0])}; all {len(exercise.leaves)} leaves evaluated. {worked}."


def _reorder_key(exercise: Exercise) -> str:
    """The best order of the leaf scores, the leaves it evaluates, and the
    leaves the order given needs."""
    from ..generate import best_order
    from ..trace import trace_alpha_beta

    best = best_order(exercise.tree).leaf_scores
    count = trace_alpha_beta(exercise.tree_of(best), strict=exercise.rule).evaluated
    return (f"Best first: {' '.join(map(fmt, best))}: {count} leaves evaluated "
            f"(Knuth-Moore minimum {exercise.minimum}); the order given needs "
            f"{exercise.trace.evaluated}.")


def _search_key(exercise: Exercise) -> str:
    """The value, the leaves evaluated (and the fewest possible), and the pruned nodes."""
    trace, tree = exercise.trace, exercise.tree
    pruned = sorted({child.name for step in trace.cutoffs for child in step.pruned},
                    key=lambda name: tree[name].id)
    fewest = ("" if exercise.minimum is None else
              f" (fewest possible on this shape: {exercise.minimum})")
    return (f"Value {fmt(trace.value)}; {trace.evaluated} of {len(exercise.leaves)} leaves "
            f"evaluated{fewest}. Pruned: {', '.join(pruned) if pruned else 'nothing'}.")


def _bounds_key(exercise: Exercise) -> str:
    """alpha and beta at each asked node as it returns, or that it is pruned."""
    final = exercise.trace.state(-1)
    parts = []
    for name in exercise.ask_bounds:
        i = exercise.tree[name].id
        if final.status[i] is Status.DONE:
            parts.append(f"{name}: \u03b1 = {pretty(final.alpha[i])}, "
                         f"\u03b2 = {pretty(final.beta[i])}")
        else:
            parts.append(f"{name}: pruned")
    return "; ".join(parts) + "."
