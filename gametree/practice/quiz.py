"""Checkers for the notebooks' exercises: say what is wrong, never the answer.

A notebook exercise is a cell the student fills in (``my_value = None``)
and a cell that asks a checker (``check_value(my_value, tree)``).  A
checker here returns a :class:`Feedback`, which a notebook shows as the
cell's result.  Every checker keeps three promises, which the tests hold
it to:

* an answer still ``None`` gets :attr:`Verdict.EMPTY` and a sentence that
  says only that nothing is written yet, and what form an answer takes;
* a wrong answer gets a hint about where to look, never the right answer
  (nor which items are wrong, when that would give it away);
* the checker works the right answer out with the library, so its source,
  which a student may read before answering, holds no answers.

Every checker reads typed words by one rule, :func:`typed`: spaces around
and between the words do not matter, nor does case, so ``" e"``, ``"E"``
and ``"Take  Left"`` read as ``"e"``, ``"e"`` and ``"take left"``.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple, TypeGuard, TypeVar

from ..generate import random_leaves
from ..rules import CutRule
from ..search import alpha_beta, backed_up_values
from ..text import describe, fmt, join_names
from ..trace import trace_alpha_beta
from ..tree import MAX, Tree, as_tree
from .checker import Mistake, MistakeKind, check
from .exercise import Answer, Exercise
from .reorder import check_reorder

__all__ = ["Feedback", "Verdict", "empty", "invalid", "wrong", "right", "typed", "typed_name",
           "check_value", "check_leaf", "check_skipped", "check_cut_tree", "check_alpha_beta",
           "check_search", "check_reordering"]


class Verdict(str, enum.Enum):
    """What a checker concluded about an answer."""

    EMPTY = "empty"
    """Nothing written yet: the answer is still None."""
    INVALID = "invalid"
    """The answer is not of the form asked for (a string for a number, an
    unknown node name, ...)."""
    WRONG = "wrong"
    """A well-formed answer that is not right."""
    RIGHT = "right"
    """The right answer."""

    def __str__(self) -> str:
        return self.value


_LEAD = {Verdict.EMPTY: "Not answered yet", Verdict.INVALID: "Cannot read that",
         Verdict.WRONG: "Not yet", Verdict.RIGHT: "Right"}


class Feedback(NamedTuple):
    """A checker's reply: a verdict and the sentences that explain it.

    Shown in a notebook as plain text, one sentence a line, led by the
    verdict in words:

    >>> wrong("Back the values up from the bottom level.")
    Not yet: Back the values up from the bottom level.
    >>> right("the value is 6.").ok
    True
    """

    verdict: Verdict
    """What the checker concluded."""
    lines: tuple[str, ...]
    """The sentences that explain it, in order."""

    @property
    def ok(self) -> bool:
        """True when the answer is right."""
        return self.verdict is Verdict.RIGHT

    @property
    def text(self) -> str:
        """The whole reply as plain text."""
        first, *rest = self.lines or ("",)
        return "\n".join([f"{_LEAD[self.verdict]}: {first}".rstrip(": "), *rest])

    def __repr__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the text, not the tuple
        printer.text(self.text)


def empty(form: str) -> Feedback:
    """Nothing written yet; ``form`` says what to write, e.g. "a number such as 4"."""
    return Feedback(Verdict.EMPTY, (f"replace None with {form}, and run this cell again.",))


def invalid(*lines: str) -> Feedback:
    """The answer cannot be read as asked; ``lines`` say why and how to write it."""
    return Feedback(Verdict.INVALID, lines)


def wrong(*lines: str) -> Feedback:
    """A readable answer that is not right; ``lines`` are hints, not the answer."""
    return Feedback(Verdict.WRONG, lines)


def right(*lines: str) -> Feedback:
    """The right answer; ``lines`` may now say why it is right."""
    return Feedback(Verdict.RIGHT, lines)


def typed(text: str) -> str:
    """A typed word, move or name as every checker reads it: the words
    with the spaces around and between them dropped to one, case-folded.

    >>> typed("  Take   Left "), typed(" e"), typed("EXACT")
    ('take left', 'e', 'exact')
    """
    return " ".join(text.split()).casefold()


def typed_name(text: str) -> str:
    """A typed node name as every checker reads it: :func:`typed`, in
    capitals as the drawings write names.

    >>> typed_name(" e"), typed_name("b ")
    ('E', 'B')
    """
    return typed(text).upper()


_E = TypeVar("_E")  # an exercise
_A = TypeVar("_A")  # an answer to it
_R = TypeVar("_R")  # what marking the answer returns


def _marked(mark: Callable[[_E, _A], _R], exercise: _E, answer: _A) -> _R | Feedback:
    """``mark(exercise, answer)``, or, when it raises TypeError or
    ValueError (the marking functions name what they cannot read), that
    sentence as :func:`invalid` feedback."""
    try:
        return mark(exercise, answer)
    except (TypeError, ValueError) as error:
        return invalid(f"{str(error).rstrip('.')}.")


class AnswerWords(NamedTuple):
    """How an :class:`Answer` to one kind of exercise is written, in its checker's words."""

    form: str
    """What to write, said while nothing is written."""
    example: str
    """An Answer of the right form, shown for anything else."""
    todo: str
    """What to fill in, said for an Answer with nothing in it."""


SEARCH_ANSWER = AnswerWords(
    'an Answer(values={"A": ..., ...}, pruned={...}, alphas={...}, betas={...})',
    'Answer(values={"A": 3, ...}, pruned={"I", ...}, alphas={...}, betas={...})',
    "write the value alpha-beta returns at each node it searches and cross out each branch it "
    "skips")
"""How an answer to an alpha-beta exercise is written (:func:`check_search`)."""


def marked_answer(answer: object, mark: Callable[[_E, Answer], list[Mistake]], exercise: _E,
                  words: AnswerWords) -> tuple[Answer, list[Mistake]] | Feedback:
    """``answer``, an :class:`Answer` to ``exercise``, and the mistakes
    ``mark`` finds in it; or the feedback to give instead when there is nothing to
    mark: :func:`empty` for None (``words.form`` says what to write),
    :func:`invalid` for anything but an Answer (``words.example`` shows one)
    or an Answer ``mark`` cannot read, and :attr:`Verdict.EMPTY` for an
    Answer with nothing filled in (``words.todo`` says what to fill in)."""
    form, example, todo = words
    if answer is None:
        return empty(form)
    if not isinstance(answer, Answer):
        return invalid(f"{describe(answer)} is not an Answer: write {example}.")
    mistakes = _marked(mark, exercise, answer)
    if isinstance(mistakes, Feedback):
        return mistakes
    if any(mistake.kind is MistakeKind.EMPTY for mistake in mistakes):
        return Feedback(Verdict.EMPTY, (f"nothing is filled in yet: {todo}, then run this cell again.",))
    return answer, mistakes


# --- the notebooks' checkers --------------------------------------------------------
#
# Each takes the student's answer first (None until they write one) and
# what the exercise is about, works the right answer out with the library,
# and returns a Feedback.  None of them prints.

def is_value(value: object) -> TypeGuard[float]:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and not (isinstance(value, float) and math.isnan(value)))


def leaf_hint(tree: Tree) -> str:
    first, last = tree.leaves[0].name, tree.leaves[-1].name
    return f"the leaves are named {first} to {last}, the letters under them"


def check_value(answer: object, tree: object) -> Feedback:
    """Is ``answer`` the minimax value of ``tree``?  (Notebook 01.)

    ``tree`` is anything :func:`gametree.minimax` takes.  A wrong number
    gets a hint: the best leaf is out of reach, the value is always a leaf
    score, or one of MAX's moves is worth more.

    Examples
    --------
    >>> tree = [[5, 1, 8], [7, 9, 6], [2, 4, 3]]
    >>> check_value(None, tree)
    Not answered yet: replace None with the value you worked out, a number such as 4, and run this cell again.
    >>> check_value(9, tree).verdict
    <Verdict.WRONG: 'wrong'>
    """
    tree = as_tree(tree)
    if answer is None:
        return empty("the value you worked out, a number such as 4")
    if not is_value(answer):
        return invalid(f"{describe(answer)} is not a number: write the value as a plain number, "
                       f"such as 4, without quotes.")
    values = backed_up_values(tree)
    value = values[tree.root.id]
    if answer == value:
        return right(f"the value is {fmt(value)}.")
    scores = tree.leaf_scores
    if answer == max(scores) and answer > value:
        return wrong(f"{fmt(answer)} is the best leaf, but MIN will not let MAX reach it.",
                     "Back the values up from the bottom level: MIN nodes take the smallest "
                     "child, MAX nodes the largest.")
    if answer not in scores:
        return wrong(f"no leaf scores {fmt(answer)}, and the value of a tree is always the score "
                     f"of one of its leaves (the one best play ends at).",
                     "Back the values up from the bottom level, one level at a time.")
    if tree.root.player is MAX and answer in [values[c] for c in tree.root.children] \
            and answer < value:
        return wrong(f"one of MAX's moves at the root is worth {fmt(answer)}, but MAX has a better one.",
                     "Compare the values of all the root's children and take the largest.")
    return wrong(f"not {fmt(answer)}. Back the values up from the bottom level: MIN nodes take "
                 f"the smallest child, MAX nodes the largest.")


def check_leaf(answer: object, tree: object) -> Feedback:
    """Does best play in ``tree`` end at the leaf named ``answer``?  (Notebook 01.)

    When several lines of play are equally good, any leaf that one of
    them reaches is right.

    >>> check_leaf(None, [[3, 5], [2, 9]]).verdict
    <Verdict.EMPTY: 'empty'>
    >>> check_leaf("D", [[3, 5], [2, 9]]).ok
    True
    """
    tree = as_tree(tree)
    if answer is None:
        return empty('the name of a leaf in quotes, such as "E"')
    if is_value(answer):
        return invalid(f'{fmt(answer)} is a score; give the name of the leaf instead, in quotes, '
                       f'such as "E" ({leaf_hint(tree)}).')
    names = {node.name for node in tree}
    if not isinstance(answer, str) or typed_name(answer) not in names:
        return invalid(f"{describe(answer)} is not a node of the tree: give a leaf's name in "
                       f'quotes, such as "E" ({leaf_hint(tree)}).')
    node = tree[typed_name(answer)]
    if not node.is_leaf:
        return wrong(f"{node.name} is not a leaf: follow best play all the way down to the "
                     f"bottom row.")
    values = backed_up_values(tree)
    path = tree.path(node)
    if all(values[child.id] == values[parent.id] for parent, child in pairwise(path)):
        return right(f"best play ends at leaf {node.name}, scoring {fmt(node.score)}.")
    if node.score == values[tree.root.id]:
        return wrong(f"leaf {node.name} scores as much as the tree is worth, but best play does "
                     f"not get there: a player on the way would choose another move.",
                     "From the root, follow at each node a child with the same value as the node.")
    return wrong(f"not {node.name}. Back the values up first; then, from the root, follow at "
                 f"each node a child with the same value as the node.")


def _leaf_names(answer: object) -> list[str] | None:
    """``answer`` as upper-case names, or None if it is not a list of strings."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple, set, frozenset)):
        return None
    if not all(isinstance(name, str) for name in answer):
        return None
    return [typed_name(name) for name in answer]


def skipped_names(answer: object, tree: Tree, named: str, *, remind: bool) -> list[str] | Feedback:
    """``answer``, a list of names of leaves of ``tree``, as upper-case names;
    or the feedback to give instead: :func:`empty` for None, :func:`invalid`
    for anything else.  ``named`` is the clause that names the leaves
    ("the leaves are named E to M"), said after an unknown name and, with
    ``remind``, after the name of a node that is no leaf."""
    if answer is None:
        return empty('a list of leaf names, such as ["E", "F"] (or [] if no leaf is skipped)')
    names = _leaf_names(answer)
    if names is None:
        return invalid(f"{describe(answer)} is not a list of names: write it like "
                       f'["E", "F"], each name in quotes.')
    known = {node.name for node in tree}
    unknown = [name for name in names if name not in known]
    if unknown:
        return invalid(f"{join_names(unknown)}: no node has {'that name' if len(unknown) == 1 else 'those names'}; "
                       f"{named}.")
    inner = [name for name in names if not tree[name].is_leaf]
    if inner:
        return invalid(f"{join_names(inner)} {'is not a leaf' if len(inner) == 1 else 'are not leaves'}: "
                       f"name the skipped leaves themselves{f' ({named})' if remind else ''}.")
    return names


class Skips(NamedTuple):
    """The leaves a student named as skipped, against those a search skips."""

    given: set[str]
    """Every leaf named."""
    extra: list[str]
    """The leaves named that the search evaluates, in level order."""
    missing: list[str]
    """The leaves the search skips that are not named, in level order."""


def judge_skips(answer: object, trace, search: str, *, named: str | None = None,
                remind: bool = True, level_order: bool = True) -> Feedback | Skips:
    """The Feedback for ``answer``, a list of the leaves that ``search``
    (its name, "alpha-beta" or "Star1") skips in ``trace``, when it cannot
    be read (see :func:`skipped_names`; ``named`` defaults to
    :func:`leaf_hint`) or is right (listing the leaves in level order, or
    by name unless ``level_order``); otherwise its :class:`Skips`, for the
    caller's hints."""
    tree = trace.tree
    names = skipped_names(answer, tree, leaf_hint(tree) if named is None else named,
                          remind=remind)
    if isinstance(names, Feedback):
        return names
    skipped = {tree.leaves[i].name for i in trace.pruned_leaves}
    given = set(names)
    if given == skipped:
        ordered = sorted(skipped, key=lambda n: tree[n].id) if level_order else sorted(skipped)
        listed = join_names(ordered) if skipped else "no leaf"
        return right(f"{search} skips {listed} and evaluates {trace.evaluated} of "
                     f"{tree.leaf_count} leaves.")
    return Skips(given, sorted(given - skipped, key=lambda name: tree[name].id),
                 sorted(skipped - given, key=lambda name: tree[name].id))


def check_skipped(answer: object, tree: object, *, strict: bool = False) -> Feedback:
    """Does ``answer`` list exactly the leaves alpha-beta never evaluates
    in ``tree``?  (Notebook 02.)

    ``answer`` is a list of leaf names (``["I", "J"]``; ``[]`` when
    nothing is skipped).  A wrong list gets the first place to look, never
    the list itself.

    >>> check_skipped(None, [[3, 12, 8], [2, 4, 6], [14, 5, 2]]).verdict
    <Verdict.EMPTY: 'empty'>
    >>> check_skipped(["i", "J"], [[3, 12, 8], [2, 4, 6], [14, 5, 2]]).ok
    True
    """
    trace = trace_alpha_beta(tree, strict=strict)
    tree = trace.tree
    skips = judge_skips(answer, trace, "alpha-beta", level_order=False)
    if isinstance(skips, Feedback):
        return skips
    lines = []
    if skips.extra:
        lines.append(f"alpha-beta evaluates leaf {skips.extra[0]}: when the search reaches it, "
                     f"{CutRule.of(strict).test} does not hold yet.")
    if skips.missing:
        parent = tree[tree[skips.missing[0]].parent].name
        lines.append(f"alpha-beta skips more leaves than you list: look again at node {parent}, "
                     f"checking alpha and beta after each child.")
    return wrong(*lines)


def read_items(answer: object, count: int, ok: Callable[[object], bool], *, form: str,
               kind: str, how: str, length: str, bad: str) -> list | Feedback:
    """``answer`` as a list of ``count`` items that ``ok`` accepts, or the
    Feedback saying why it is none: :func:`empty` for None (``form`` says
    what to write), else :func:`invalid`: no list or tuple ("... is not a
    ``kind``: write ``how``."), the wrong length ("that is 3 numbers;
    ``length``.") or an item refused ("``item`` ``bad``.")."""
    if answer is None:
        return empty(form)
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        return invalid(f"{describe(answer)} is not a {kind}: write {how}.")
    if len(answer) != count:
        return invalid(f"that is {len(answer)} numbers; {length}.")
    refused = [item for item in answer if not ok(item)]
    if refused:
        return invalid(f"{describe(refused[0])} {bad}.")
    return list(answer)


def _read_leaves(answer: object, branching: int, count: int) -> list | Feedback:
    """The ``count`` leaf scores a student gave, or the Feedback saying why
    they are none: nothing yet, no list, the wrong count, not scores."""
    example = "[4, 7, 1, ...]"  # the start of a list only: a whole example might be an answer
    return read_items(answer, count, lambda item: is_value(item) and not math.isinf(item),
                      form=f"a list of {count} numbers, such as {example}", kind="list",
                      how=f"{count} numbers in square brackets, such as {example}",
                      length=f"give exactly {count}, the leaves of a tree with branching "
                             f"{branching}",
                      bad="is not a leaf score: write plain numbers such as 3 or -2")


def _cut_elsewhere(player: str) -> Feedback:
    """The feedback for a tree that prunes, but only at the other player's nodes."""
    if player == "MAX":
        return wrong("alpha-beta prunes here, but only at MIN nodes.",
                     "A MAX node can stop early only when its v already reaches the beta it "
                     "was given: what its MIN parent was offered by an earlier child.")
    return wrong("alpha-beta prunes here, but only at MAX nodes.",
                 "A MIN node can stop early only when its v is already no more than the "
                 "alpha it was given: what MAX was offered by an earlier move.")


def check_cut_tree(answer: object, branching: int = 2, count: int = 4, *,
                   player: str | None = None) -> Feedback:
    """Is ``answer`` a list of ``count`` leaf scores (branching
    ``branching``) on which alpha-beta skips at least one leaf, at a node
    of ``player`` ("MAX" or "MIN") when one is given?  (Notebook 02.)

    Any such tree is right.

    >>> check_cut_tree([5, 6, 7, 4]).verdict
    <Verdict.WRONG: 'wrong'>
    >>> check_cut_tree([5, 6, 4, 7]).ok
    True
    >>> check_cut_tree([3, 1, 5, 2, 0, 0, 0, 0], count=8, player="MAX")
    Right: alpha-beta prunes at MAX node E and evaluates 5 of the 8 leaves.
    """
    if player not in (None, "MAX", "MIN"):
        raise ValueError(f"player must be None, 'MAX' or 'MIN', not {player!r}")
    leaves = _read_leaves(answer, branching, count)
    if isinstance(leaves, Feedback):
        return leaves
    trace = trace_alpha_beta(leaves, branching)
    cuts = [step for step in trace.cutoffs if player is None or str(step.node.player) == player]
    if cuts:
        where = f" at {cuts[0].node.player} node {cuts[0].node.name}" if player else ""
        return right(f"alpha-beta prunes{where} and evaluates {trace.evaluated} of the "
                     f"{count} leaves.")
    if player is not None and trace.cutoffs:
        return _cut_elsewhere(player)
    return wrong(f"alpha-beta evaluates all {count} leaves of this tree.",
                 "A node can stop early only when its value so far is already no better for "
                 "the player above it than a move that player found before: choose the first "
                 "leaves with that in mind.")


# Trees the alpha-beta programming exercise is checked on: the two examples
# of notebook 02, a tie (cut on alpha >= beta), a tree of depth 1, a lone
# leaf, then seeded random trees deep enough for cutoffs at MAX nodes.
_EXAMPLES = (([3, 12, 8, 2, 4, 6, 14, 5, 2], 3), ([5, 6, 7, 4], 2), ([3, 5, 3, 9], 2),
             ([4, 1, 7], 3), ([6], 2))
_RANDOM_SHAPES = ((2, 3), (2, 4), (3, 3), (4, 2), (2, 5), (3, 4))


def _test_trees():
    yield from _EXAMPLES
    for seed, (branching, depth) in enumerate(_RANDOM_SHAPES * 4):
        yield random_leaves(branching, depth, seed=seed, low=-9, high=9), branching


def check_alpha_beta(function: object) -> Feedback:
    """Does ``function(leaves, branching)`` keep the exact contract of
    :func:`gametree.alpha_beta`, returning ``[value, evaluated]``?  (Notebook 02.)

    It is called on the two examples of notebook 02, on ties, on a tree
    of depth 1, on a lone leaf and on 24 seeded random trees (depth up to
    5), each time with a fresh copy of the leaves.  The first tree it gets
    wrong is named with what it returned, and which part is off.

    >>> check_alpha_beta(None).verdict
    <Verdict.EMPTY: 'empty'>
    >>> import gametree
    >>> check_alpha_beta(gametree.alpha_beta).ok
    True
    >>> print(check_alpha_beta(lambda leaves, branching: [gametree.minimax(leaves, branching), len(leaves)]))
    Not yet: on my_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3) your function returns [3, 9]: the value is right, but it counts more leaves than alpha-beta evaluates.
    Stop a node's loop as soon as alpha >= beta, and count a leaf only when its score is read.
    """
    if function is None:
        return empty("a function: write def my_alpha_beta(leaves, branching): in its place, "
                     "returning [value, evaluated]")
    if not callable(function):
        return invalid(f"{describe(function)} is not a function: write "
                       f"def my_alpha_beta(leaves, branching): ... in the cell.")
    for leaves, branching in _test_trees():
        call = f"my_alpha_beta({list(leaves)}, {branching})"
        try:
            result = function(list(leaves), branching)
        except Exception as error:  # the student's code: any error is feedback, not a crash
            return invalid(f"{call} raised {type(error).__name__}: {error}",
                           "Fix the function so it runs on every complete tree.")
        if not isinstance(result, list) or len(result) != 2:
            return invalid(f"{call} returns {describe(result, 60)}; the contract is a list of two "
                           f"numbers, [value, evaluated].")
        value, evaluated = alpha_beta(list(leaves), branching)
        if result == [value, evaluated]:
            continue
        mine_value, mine_count = result
        if mine_value != value:
            return wrong(f"on {call} your function returns {result}: the value is off.",
                         "Check the window each child is given and what a node returns: v, "
                         "the max (at MAX) or min (at MIN) of the values of the children searched.")
        more = "more" if is_value(mine_count) and mine_count > evaluated else "fewer"
        return wrong(f"on {call} your function returns {result}: the value is right, but it "
                     f"counts {more} leaves than alpha-beta evaluates.",
                     "Stop a node's loop as soon as alpha >= beta, and count a leaf only when "
                     "its score is read.")
    return right("your function returns [value, evaluated] exactly as gametree.alpha_beta "
                 "does, on every test tree.")


def check_search(answer: object, exercise: Exercise) -> Feedback:
    """Is ``answer`` (an :class:`~gametree.practice.Answer`) alpha-beta on
    ``exercise`` done right by hand?  (Notebook 03.)

    Each kind of mistake gets one hint naming the node to look at, never
    the number or the crossing that belongs there (the practice widget and
    :func:`gametree.practice.check` say more, for when the student asks).

    >>> from gametree.practice import Answer, Exercise
    >>> exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    >>> check_search(None, exercise).verdict
    <Verdict.EMPTY: 'empty'>
    >>> print(check_search(Answer(values={"A": 3, "B": 8, "C": 2, "D": 2}, pruned={"I", "J"}), exercise))
    Not yet: B: its value does not follow from the values of the children it searched (a MIN node takes the smallest).
    """
    if not isinstance(exercise, Exercise):
        raise TypeError(f"check_search needs an Exercise, not {type(exercise).__name__}")
    if isinstance(marked := marked_answer(answer, check, exercise, SEARCH_ANSWER), Feedback):
        return marked
    answer, mistakes = marked
    tree = exercise.tree
    if not mistakes:
        return right(f"alpha-beta evaluates {exercise.trace.evaluated} of {len(tree.leaves)} leaves, "
                     f"and every box and crossing is as you have it.")
    lines, seen = [], set()
    for mistake in mistakes:
        node = tree[mistake.node]
        if mistake.kind in (MistakeKind.MISSED_CUTOFF, MistakeKind.OVER_PRUNED):
            where = tree[node.parent].name
            if (mistake.kind, where) in seen:
                continue
            seen.add((mistake.kind, where))
            if mistake.kind is MistakeKind.MISSED_CUTOFF:
                lines.append(f"under {where}: alpha-beta prunes a branch you searched; check "
                             f"{exercise.rule} after each child of {where}.")
            else:
                lines.append(f"under {where}: you crossed out a branch alpha-beta searches; "
                             f"check {exercise.rule} after each child of {where}.")
        elif mistake.field == "value":
            if node.name not in answer.values:
                lines.append(f"{node.name}: write the value alpha-beta returns there.")
            else:
                pick = "largest" if node.player is MAX else "smallest"
                lines.append(f"{node.name}: its value does not follow from the values of the "
                             f"children it searched (a {node.player} node takes the {pick}).")
        else:
            bound = mistake.field
            if node.name not in (answer.alphas if bound == "alpha" else answer.betas):
                lines.append(f"{node.name}: write its {bound} when it returns.")
            elif (bound == "alpha") == (node.player is MAX):
                pick = "max" if bound == "alpha" else "min"
                lines.append(f"{node.name}: a {node.player} node ends with {bound} = {pick}(the "
                             f"{bound} it was given, its value).")
            else:
                lines.append(f"{node.name}: a {node.player} node never changes {bound}; it keeps "
                             f"the {bound} it was given.")
    return wrong(*lines)


def check_reordering(answer: object, puzzle: Exercise) -> Feedback:
    """Is ``answer`` a reordering of ``puzzle``'s tree on which alpha-beta
    evaluates as few leaves as possible (the Knuth-Moore minimum)?  (Notebook 03.)

    ``answer`` is the leaf scores in the new order (or nested lists).
    Short of the minimum, the hints name the nodes that do not search
    their best child first, not which child that is.

    >>> from gametree.practice import Exercise
    >>> puzzle = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 1), 3, task="reorder")
    >>> check_reordering([3, 8, 12, 2, 4, 6, 1, 5, 14], puzzle).ok
    True
    """
    if not isinstance(puzzle, Exercise):
        raise TypeError(f"check_reordering needs an Exercise, not {type(puzzle).__name__}")
    count = len(puzzle.leaves)
    if answer is None:
        return empty(f"the {count} leaf scores in your order, as a list")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        return invalid(f"{describe(answer)} is not a list: write the {count} leaf scores in "
                       f"your order, in square brackets.")
    verdict = _marked(check_reorder, puzzle, answer)
    if isinstance(verdict, Feedback):
        return verdict
    if not verdict.is_reordering:
        return invalid(verdict.message)
    if verdict.solved:
        return right(verdict.message)
    lines = [f"alpha-beta evaluates {verdict.evaluated} leaves on your order; it can be done "
             f"with {verdict.minimum}."]
    for hint in verdict.mistakes:
        node = verdict.tree[hint.node]
        lines.append(f"{node.player} node {node.name} does not search its best child first.")
    return wrong(*lines)
