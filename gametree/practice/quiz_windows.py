"""Checkers for the exercises of notebook 11: null-window tests, PVS and MTD(f).

Each checker takes the student's answer (``None`` until they write one)
and the exercise's tree, and returns a :class:`~gametree.practice.quiz.Feedback`
that the notebook shows as the cell's result.  Every checker keeps the
promises of :mod:`gametree.practice.quiz`:

* ``None`` gets only "Not answered yet" and the form an answer takes;
* an answer of the wrong form gets a sentence saying how to write it;
* a wrong answer gets a hint about where to look, never the right answer;
* the right answer is worked out here with the library
  (:mod:`gametree.games.windows`), so this source, which a student may
  read before answering, holds no answers.

>>> check_test_value(None, [[4, 1], [3, 2]], beta=5)
Not answered yet: replace None with the number the search returns, such as 3, and run this cell again.
"""

from __future__ import annotations

from ..games.tree import TreeGame
from ..games.windows import mtdf, null_window_test, pvs, trace_pvs
from ..search import minimax
from ..text import describe, fmt
from ..trace import PhaseKind
from ..tree import MAX, Node, Tree, as_tree
from .quiz import Feedback, empty, invalid, is_value, right, wrong

__all__ = ["check_test_value", "check_researches", "check_mtdf_returns"]


def _game(tree: object) -> tuple[Tree, TreeGame]:
    tree = as_tree(tree)
    return tree, TreeGame(tree)


def check_test_value(answer: object, tree: object, *, beta: float) -> Feedback:
    """Is ``answer`` what fail-soft alpha-beta returns when it tests ``tree``
    with the null window (beta - 1, beta)?

    A wrong answer gets a hint: the tree's value is not what a test returns;
    the search returns a leaf score; which side of beta the answer lies on.

    >>> tree = [[4, 1], [3, 2]]
    >>> check_test_value(2, tree, beta=5).verdict        # the value, not what the test returns
    <Verdict.WRONG: 'wrong'>
    >>> check_test_value("4", tree, beta=5).verdict
    <Verdict.INVALID: 'invalid'>
    """
    tree, game = _game(tree)
    if answer is None:
        return empty("the number the search returns, such as 3")
    if not is_value(answer):
        return invalid(f"{describe(answer)} is not a number: write what the search returns as a "
                       f"plain number, such as 3, without quotes.")
    assert isinstance(answer, (int, float))  # what is_value accepts
    test = null_window_test(game, beta=beta)
    side = "at least" if test.fails_high else "at most"
    if answer == test.value:
        return right(f"the test returns {fmt(test.value)}, so the value is {side} "
                     f"{fmt(test.value)}; it evaluated {test.stats.terminals} of "
                     f"{len(tree.leaves)} leaves.")
    if answer == minimax(tree) and answer != test.value:
        return wrong(f"{fmt(answer)} is the value of the tree, but the test stops as soon as it "
                     f"knows which side of beta = {fmt(beta)} the value lies, and returns the v "
                     f"it has then.",
                     f"Search with alpha = {fmt(beta - 1)} and beta = {fmt(beta)}: a MIN node stops "
                     f"once v <= alpha, a MAX node once v >= beta, and each returns its v.")
    if answer not in tree.leaf_scores:
        return wrong(f"no leaf scores {fmt(answer)}: a fail-soft search returns v, which is "
                     f"always the score of a leaf it evaluated.")
    return wrong(f"not {fmt(answer)}. Search with alpha = {fmt(beta - 1)} and beta = {fmt(beta)}, "
                 f"left to right: a MIN node stops once v <= alpha, a MAX node once v >= beta, "
                 f"and each returns its v (not the window's edge).")


def check_researches(answer: object, tree: object) -> Feedback:
    """Is ``answer`` the number of children PVS searches again on ``tree``?

    >>> check_researches(-1, [[3, 9], [1, 8]]).verdict
    <Verdict.INVALID: 'invalid'>

    Too many re-searches: the child most likely searched again by mistake
    is named (one a leaf under it makes look promising):

    >>> print(check_researches(2, [[3, 9], [1, 8], [5, 4], [7, 2]]))
    Not yet: not 2. Did you search C again? A leaf under it scores more than alpha, but its null-window test does not land strictly inside its parent's window (alpha < r < beta), so it is not searched again.
    """
    tree, game = _game(tree)
    if answer is None:
        return empty("a whole number, such as 2")
    if isinstance(answer, bool) or not isinstance(answer, int) or answer < 0:
        return invalid(f"{describe(answer)} is not a count: write how many re-searches PVS makes "
                       f"as a whole number, 0 or more, such as 2.")
    result = pvs(game)
    if answer == result.researches:
        return right(f"PVS tests {result.tests} children with a null window and searches "
                     f"{result.researches} of them again; it evaluates {result.stats.terminals} "
                     f"leaf scores in all.")
    if answer > result.tests:
        return wrong(f"PVS only tests the children after each node's first, and only a child "
                     f"that was tested can be searched again: there are {result.tests} tests here.")
    lured = _lured(tree) if answer > result.researches else None
    if lured is not None:
        side = "more than alpha" if tree[lured.parent].player is MAX else "less than beta"
        return wrong(f"not {answer}. Did you search {lured.name} again? A leaf under it scores "
                     f"{side}, but its null-window test does not land strictly inside its "
                     f"parent's window (alpha < r < beta), so it is not searched again.")
    return wrong(f"not {answer}. A tested child is searched again only when its null-window "
                 f"result r lands strictly inside its parent's window: alpha < r < beta.",
                 "Keep alpha and beta of every node up to date as you go: a re-search can raise "
                 "alpha, and then later tests ask a harder question.")


def _lured(tree: Tree) -> Node | None:
    """The child PVS tests but does not search again that a student most
    likely searched again by mistake: the first whose subtree holds a leaf
    that beats the test's bound (above alpha under MAX, below beta under
    MIN), so that the child looks as if it lands inside the window."""
    phases = trace_pvs(tree).phases
    again = {phase.node.id for phase in phases if phase.kind is PhaseKind.RESEARCH}
    for phase in phases:
        if phase.kind is not PhaseKind.TEST or phase.node.id in again:
            continue
        under_max = tree[phase.node.parent].player is MAX
        stack, scores = [phase.node], []
        while stack:
            node = stack.pop()
            if node.is_leaf and node.score is not None:
                scores.append(node.score)
            stack.extend(tree[i] for i in node.children)
        if any(score > phase.alpha if under_max else score < phase.beta for score in scores):
            return phase.node
    return None


def check_mtdf_returns(answer: object, tree: object, *, guess: float) -> Feedback:
    """Is ``answer`` the list of values MTD(f)'s passes return on ``tree``,
    from the first guess ``guess``, in order?

    >>> check_mtdf_returns([3], [[3, 12, 8], [2, 4, 6], [14, 5, 2]], guess=0).verdict
    <Verdict.WRONG: 'wrong'>

    A wrong list is told its first wrong pass, and a list that stops before
    the bounds meet is told so:

    >>> print(check_mtdf_returns([5, 8], [[5, 9, 6], [8, 9, 7], [2, 4, 3]], guess=4))
    Not yet: pass 1 is right; the first wrong one is pass 2, which tests beta = 6 with the window (5, 6), and its result is not 8.
    Remember the table: a node whose stored bound already settles the new window is not searched again, but still returns that stored value.
    >>> print(check_mtdf_returns([5], [[5, 9, 6], [8, 9, 7], [2, 4, 3]], guess=4))
    Not yet: your pass is right, but the list stops early: after pass 1, lower = 5 < upper = +∞, so another pass is needed.
    """
    tree, game = _game(tree)
    form = "a list of numbers, one a pass, such as [4, 6, 6]"
    if answer is None:
        return empty(form)
    if not isinstance(answer, (list, tuple)) or not answer or not all(map(is_value, answer)):
        return invalid(f"{describe(answer)} is not a list of numbers: write {form}.")
    result = mtdf(game, guess=guess)
    returns = [p.value for p in result.passes]
    if list(answer) == returns:
        return right(f"{len(returns)} passes, ending with lower bound = upper bound = "
                     f"{fmt(result.value)}; {result.stats.terminals} leaf evaluations in all.")
    first_wrong = next((k for k, (given, truth) in enumerate(zip(answer, returns, strict=False))
                        if given != truth), None)  # the shorter list decides where to stop
    if first_wrong is None and len(answer) < len(returns):
        done = result.passes[len(answer) - 1]
        return wrong(f"{'every pass you list is' if len(answer) > 1 else 'your pass is'} right, but "
                     f"the list stops early: after pass {len(answer)}, lower = {fmt(done.lower)} < "
                     f"upper = {fmt(done.upper)}, so another pass is needed.")
    if first_wrong is None:
        return wrong("MTD(f) stops as soon as lower bound = upper bound, at the value of the tree: "
                     "after each pass, check whether the bounds have met.")
    tested = result.passes[first_wrong]
    if first_wrong == 0:
        return wrong(f"the first pass tests beta = f = {fmt(guess)} with the window "
                     f"({fmt(guess - 1)}, {fmt(guess)}); its result is not {fmt(answer[0])}.",
                     "Each pass is a null-window test: a MIN node stops once v <= alpha, a MAX "
                     "node once v >= beta, and each returns its v.")
    right_so_far = "pass 1 is" if first_wrong == 1 else f"passes 1 to {first_wrong} are"
    return wrong(f"{right_so_far} right; the first wrong one is pass {first_wrong + 1}, which tests "
                 f"beta = {fmt(tested.beta)} with the window ({fmt(tested.alpha)}, {fmt(tested.beta)}), "
                 f"and its result is not {fmt(answer[first_wrong])}.",
                 "Remember the table: a node whose stored bound already settles the new window "
                 "is not searched again, but still returns that stored value.")
