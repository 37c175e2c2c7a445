"""Checkers for the exercises of notebooks 04 to 08: pruning, NUMBERGAME,
tic-tac-toe and Kalah.

Each checker takes the student's answer (``None`` until they write one)
and the exercise's data, and returns a :class:`~gametree.practice.quiz.Feedback`
that the notebook shows as the cell's result.  Every checker keeps the
promises of :mod:`gametree.practice.quiz`:

* ``None`` gets only "Not answered yet" and the form an answer takes;
* an answer of the wrong form gets a sentence saying how to write it;
* a wrong answer gets a hint about where to look, never the right answer;
* the right answer is worked out here with the library, so this source,
  which a student may read before answering, holds no answers.

>>> check_first_move(None, [7, -5, 8])
Not answered yet: replace None with one of "take left", "take right", "delete left", "delete right", and run this cell again.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from numbers import Real
from typing import TypeGuard

from ..games import (
    Evaluation,
    Kalah,
    KalahState,
    NumberGame,
    TicTacToe,
    TicTacToeState,
    TranspositionTable,
    depth_limited_alpha_beta,
    kalah_evaluation,
    memo_graph,
    number_game,
    perfect_move,
    store_difference,
)
from ..games import alpha_beta as solve
from ..games.kalah import House
from ..games.players import play_game, search_player
from ..generate import best_order, knuth_moore_minimum, random_leaves, worst_order
from ..search import alpha_beta
from ..tree import Value
from .quiz import Feedback, empty, invalid, right, typed, wrong

__all__ = [
    "check_order", "check_leaf_counts",
    "check_first_move", "check_state_count",
    "check_winning_move", "check_safe_reply", "check_bound",
    "check_estimate", "check_settling_depth",
    "check_branching_factor", "check_evaluation",
]


def _is_number(x: object) -> TypeGuard[float]:
    """True for a finite real number (an int, a float, a Fraction, ...);
    mypy is told a float, as its ``numbers.Real`` has no typed arithmetic."""
    return isinstance(x, Real) and not isinstance(x, bool) and math.isfinite(x)


def _is_whole(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


# --- 04: how much alpha-beta saves ---------------------------------------------------

def _not_a_reordering(answer: object, tree: Sequence[Sequence[Real]]) -> Feedback | None:
    """The Feedback for an ``answer`` that is not ``tree`` reordered (nothing
    yet, not nested lists of numbers, other leaves or groups), or None."""
    groups = sorted(sorted(child) for child in tree)
    width = len(tree[0])
    form = f"a list of {len(tree)} lists of {width} leaves, such as {[list(child) for child in tree]}"
    if answer is None:
        return empty(form)
    if not (isinstance(answer, (list, tuple)) and all(isinstance(c, (list, tuple)) for c in answer)
            and all(_is_number(x) for c in answer for x in c)):
        return invalid(f"write {form}.")
    if len(answer) != len(tree) or any(len(c) != width for c in answer) \
            or sorted(sorted(c) for c in answer) != groups:
        return invalid("that is not the same tree: keep each leaf in its own MIN node "
                       "(only the order may change), and keep every leaf.")
    return None


def check_order(answer: object, tree: Sequence[Sequence[Real]]) -> Feedback:
    """Is ``answer`` a reordering of the two-level ``tree`` (a MAX root over
    MIN nodes, as nested lists) on which alpha-beta evaluates the fewest
    leaves possible, the Knuth-Moore minimum?

    Each leaf must stay under its own MIN node; only the order of the MIN
    nodes and of the leaves inside each may change.

    >>> check_order([[2, 1], [4, 3]], [[1, 2], [3, 4]]).verdict
    <Verdict.WRONG: 'wrong'>
    """
    width = len(tree[0])
    refused = _not_a_reordering(answer, tree)
    if refused is not None:
        return refused
    assert isinstance(answer, (list, tuple))  # what _not_a_reordering accepts
    value, evaluated = alpha_beta([x for child in answer for x in child], width)
    least = knuth_moore_minimum(width, 2)
    if evaluated == least:
        return right(f"alpha-beta evaluates only {evaluated} of {width * len(tree)} leaves, "
                     f"the Knuth-Moore minimum.")
    return wrong(f"the value is still {value}, but alpha-beta evaluates {evaluated} leaves; fewer are possible.",
                 "Which MIN node should the root search first? And which leaf should each "
                 "of the other MIN nodes show first, to be refuted at once?")


def check_leaf_counts(answer: object, branching: int = 4, depth: int = 3, *, trees: int = 20) -> Feedback:
    """Are the two numbers in ``answer``, ``(best, worst)``, the leaves
    alpha-beta evaluates on a complete tree with ``branching`` and
    ``depth`` and distinct leaf values, in best order and in worst order?

    The truth is measured on ``trees`` seeded random trees (the counts do
    not depend on the tree when values are distinct).

    >>> check_leaf_counts((1, 2), 2, 1).verdict
    <Verdict.WRONG: 'wrong'>
    """
    form = "a pair of whole numbers (best order, worst order), such as (10, 40)"
    if answer is None:
        return empty(form)
    if not (isinstance(answer, (tuple, list)) and len(answer) == 2 and all(map(_is_whole, answer))):
        return invalid(f"write {form}.")
    best, worst = set(), set()
    for seed in range(trees):
        leaves = random_leaves(branching, depth, seed, high=10**6, distinct=True)
        best.add(alpha_beta(best_order(leaves, branching), branching)[1])
        worst.add(alpha_beta(worst_order(leaves, branching), branching)[1])
    truth = (best.pop(), worst.pop())
    if tuple(answer) == truth:
        return right(f"best order {truth[0]} leaves, the Knuth-Moore minimum; worst order {truth[1]}.")
    hints = []
    if answer[0] != truth[0]:
        hints.append("best order: not that; which formula counts the leaves of two proofs "
                     "that share one leaf?")
    if answer[1] != truth[1]:
        hints.append("worst order: not that; can a cutoff happen at all in a tree of this depth "
                     "when every node meets its children worst first?")
    if len(hints) == 1:
        hints.insert(0, f"the {'best' if answer[0] == truth[0] else 'worst'}-order count is right.")
    return wrong(*hints)


# --- 05: NUMBERGAME -----------------------------------------------------------------

_MOVES = ("take left", "take right", "delete left", "delete right")


def check_first_move(answer: object, row: Sequence[int]) -> Feedback:
    """Is ``answer`` (``"take left"``, ...) a best first move on the
    NUMBERGAME ``row``?

    >>> check_first_move("take left", [5]).ok, check_first_move(" Take  Left", [5]).ok
    (True, True)
    """
    game = NumberGame(row)
    moves = game.moves(game.initial)
    form = "one of " + ", ".join(f'"{m}"' for m in _MOVES)
    if answer is None:
        return empty(form)
    if not isinstance(answer, str) or typed(answer) not in _MOVES:
        return invalid(f"write {form}, in quotes.")
    answer = typed(answer)
    if answer not in moves:
        return invalid(f'"{answer}" is not allowed here: a single number cannot be deleted.')
    label = game.move_label(game.initial, answer)
    after = game.play(game.initial, answer)
    worth = after.margin - number_game(list(row)[after.lo:after.hi])
    if worth == number_game(row):
        return right(f"{label} is worth {worth} to you (your score minus theirs), "
                     f"as much as any first move can be.")
    return wrong(f"{label} is worth {worth} to you (your score minus theirs); some move is worth more.",
                 "Work out what the opponent can secure from the row each move leaves.")


def check_state_count(answer: object, *, largest: int = 30, seed: int = 7) -> Feedback:
    """Is ``answer``, a function of n, the number of distinct ``(lo, hi)``
    the memoized NUMBERGAME search solves on a row of n numbers (the empty
    rows included), for every n from 1 to ``largest``?

    >>> check_state_count(lambda n: n).verdict
    <Verdict.WRONG: 'wrong'>
    """
    import random

    form = "a function of n, such as lambda n: n * n"
    if answer is None:
        return empty(form)
    if not callable(answer):
        return invalid(f"write {form}; {answer!r} is not a function.")
    rng = random.Random(seed)
    for n in range(1, largest + 1):
        truth = len(memo_graph([rng.randint(-1000, 1000) for _ in range(n)]).states)
        try:
            guess = answer(n)
        except Exception as error:  # a student's function may fail in any way: say how, no traceback
            return invalid(f"your function failed for n = {n}: {type(error).__name__}: {error}")
        if not _is_number(guess):
            return invalid(f"your function returned {guess!r} for n = {n}; it must return a number.")
        if guess != truth:
            return wrong(f"for n = {n} your function says {guess}, which is not the number of states.",
                         f"Count the slices board[lo:hi] with 0 <= lo <= hi <= {n} by hand.")
    return right(f"it matches the search for every n from 1 to {largest}.")


# --- 06: tic-tac-toe ----------------------------------------------------------------

_TICTACTOE = TicTacToe()


def _square(answer: object, state: TicTacToeState) -> int | Feedback:
    """``answer`` when it names an empty square of ``state``; else the feedback."""
    free = ", ".join(map(str, _TICTACTOE.moves(state)))
    if answer is None:
        return empty(f"the number of an empty square ({free})")
    if not _is_whole(answer) or not 0 <= answer <= 8:
        return invalid(f"{answer!r} is not a square: write a whole number from 0 to 8 (row by row).")
    if state.cells[answer] != ".":
        return invalid(f"square {answer} is already taken by {state.cells[answer]}; "
                       f"the empty squares are {free}.")
    return answer


def _value(state: TicTacToeState) -> int:
    """The value of ``state`` from X's side: 1, 0 or -1 (the scores are whole)."""
    return int(solve(_TICTACTOE, state, table=TranspositionTable()).value)


def _outcome(value: int, mark: str) -> str:
    mine = value if mark == "X" else -value
    return {1: "a win for you", 0: "a draw", -1: "a loss for you"}[mine]


def check_winning_move(answer: object, state: TicTacToeState) -> Feedback:
    """Is ``answer`` a square on which the player to move in ``state`` wins
    by force?

    >>> check_winning_move(2, TicTacToeState.from_text("XX. OO. ...")).ok
    True
    """
    square = _square(answer, state)
    if isinstance(square, Feedback):
        return square
    mark = _TICTACTOE.mark(state)
    after = _TICTACTOE.play(state, square)
    value = _value(after)
    if _outcome(value, mark) == "a win for you":
        return right(f"{mark}{answer} wins: whatever the opponent does, one of your lines is completed.")
    return wrong(f"{mark}{answer} does not win: with best play the game is {_outcome(value, mark)}.",
                 "The opponent must answer every threat; look for a move that makes two at once.")


def check_safe_reply(answer: object, state: TicTacToeState) -> Feedback:
    """Is ``answer`` a move for the player to move in ``state`` that does
    not lose with best play?

    >>> check_safe_reply(8, TicTacToeState.from_text("XX. OO. ...")).verdict
    <Verdict.WRONG: 'wrong'>
    """
    square = _square(answer, state)
    if isinstance(square, Feedback):
        return square
    mark = _TICTACTOE.mark(state)
    after = _TICTACTOE.play(state, square)
    if _outcome(_value(after), mark) != "a loss for you":
        return right(f"{mark}{answer} holds: with best play the game is {_outcome(_value(after), mark)}.")
    if _TICTACTOE.is_over(after):
        return wrong(f"{mark}{answer} loses.")
    reply = perfect_move(after)
    other = _TICTACTOE.mark(after)
    return wrong(f"{mark}{answer} loses: {other} answers {other}{reply}, and you cannot block everything after it.",
                 "Try a square that makes a threat of your own, so that the opponent must block it.")


_BOUNDS = ("exact", "upper", "lower")


def check_bound(answer: object, value: Value = 0, alpha: Value = 0,
                beta: Value = math.inf) -> Feedback:
    """Is ``answer`` (``"exact"``, ``"upper"`` or ``"lower"``) what a
    fail-soft search that returned ``value`` in the window (``alpha``,
    ``beta``) proves about the position's true value?

    >>> check_bound("exact", 5, 0, 10).ok
    True
    """
    form = 'one of "exact", "upper" or "lower"'
    if answer is None:
        return empty(form)
    if not isinstance(answer, str) or typed(answer) not in _BOUNDS:
        return invalid(f"write {form}, in quotes.")
    table: TranspositionTable[str] = TranspositionTable()
    table.store("position", value, alpha, beta)   # the library files the result
    truth = str(table["position"].bound)
    answer = typed(answer)
    if answer == truth:
        return right({"exact": f"{value} lies strictly inside the window, so it is the value.",
                      "upper": f"{value} is at or below alpha = {alpha}, so the true value is at most {value}.",
                      "lower": f"{value} is at or above beta = {beta}, so the true value is at least {value}."}[truth])
    if answer == "exact":
        return wrong(f"{value} is not inside the window ({alpha}, {beta}): the search stopped early, "
                     f"and the moves it never tried might change the value.")
    return wrong("not that direction: ask which way the moves never tried could move the value, "
                 "for the player who stopped.")


# --- 07 and 08: Kalah ---------------------------------------------------------------

def check_estimate(answer: object, state: KalahState,
                   evaluate: Evaluation[KalahState] = kalah_evaluation) -> Feedback:
    """Is ``answer`` the number ``evaluate`` (by default
    :func:`~gametree.games.kalah_evaluation`) gives for ``state``?

    >>> check_estimate(0, Kalah(2, 1).initial, store_difference).ok
    True
    >>> check_estimate(2.5, Kalah(2, 1).initial, store_difference)
    Cannot read that: 2.5 is not a whole number: seeds are counted whole, so the estimate is a whole number; write one (it may be negative).
    """
    if answer is None:
        return empty("a whole number (it may be negative)")
    if not _is_number(answer):
        return invalid(f"{answer!r} is not a number: write a whole number (it may be negative).")
    if answer != int(answer):
        return invalid(f"{answer!r} is not a whole number: seeds are counted whole, so the "
                       f"estimate is a whole number; write one (it may be negative).")
    truth = evaluate(state)
    if answer == truth:
        return right(f"{truth}: the store difference, plus what the player to move can take in one move.")
    if answer == store_difference(state):
        return wrong("that is the store difference alone; add what the player to move can take "
                     "with one move (from MAX's side: a gain for MIN counts negative).")
    if answer == 2 * store_difference(state) - truth:
        return wrong("check the sign: values are from MAX's side, so what MIN can take counts negative.")
    return wrong("start from MAX's store minus MIN's, then look at each house of the player to move: "
                 "where does its last seed fall?")


def check_settling_depth(answer: object, state: KalahState, *, game: Kalah | None = None,
                         evaluate: Evaluation[KalahState] = store_difference,
                         deepest: int = 6) -> Feedback:
    """Is ``answer`` the smallest depth from which a depth-limited search
    of ``state`` plays, at every depth up to ``deepest``, the move it plays
    at ``deepest``?

    >>> check_settling_depth(7, Kalah().initial).verdict
    <Verdict.INVALID: 'invalid'>
    """
    game = Kalah(state.n, 1) if game is None else game
    form = f"a whole number from 1 to {deepest}"
    if answer is None:
        return empty(form)
    if not _is_whole(answer) or not 1 <= answer <= deepest:
        return invalid(f"{answer!r} is not a depth from 1 to {deepest}: write a whole number, such as 3.")
    moves: list[House] = []
    for d in range(1, deepest + 1):
        move = depth_limited_alpha_beta(game, state, depth=d, evaluate=evaluate).move
        if move is None:
            raise ValueError(f"the game is over in the position, so no search plays a move "
                             f"there:\n{state}")
        moves.append(move)
    truth = next(d for d in range(1, deepest + 1) if all(m == moves[-1] for m in moves[d - 1:]))
    label = game.move_label(state, moves[answer - 1])
    if answer == truth:
        return right(f"from depth {truth} on, the search plays {label}, as it does at depth {deepest}.")
    if answer < truth:
        return wrong(f"at depth {answer} the search plays {label}, and a deeper search still changes "
                     f"its mind. Print the move at each depth from 1 to {deepest}.")
    return wrong(f"at depth {answer - 1} the search already plays {label}. "
                 f"Print the move at each depth from 1 to {deepest}.")


def check_branching_factor(answer: object, nodes: int, depth: int) -> Feedback:
    """Is ``answer`` AIMA's effective branching factor b* for a search that
    generated ``nodes`` nodes to ``depth``, to two decimals?  b* solves
    nodes + 1 = 1 + b* + b*^2 + ... + b*^depth.

    >>> check_branching_factor(2.0, 14, 3).ok
    True
    """
    form = "a number, such as 2.5"
    if answer is None:
        return empty(form)
    if not _is_number(answer) or answer <= 0:
        return invalid(f"{answer!r} is not a positive number: write {form}.")
    total = sum(answer**k for k in range(depth + 1))
    root = _root(nodes, depth)
    if abs(root - answer) < 0.005:
        return right(f"b* = {root:.3f} makes 1 + b* + ... + b*^{depth} equal N + 1 = {nodes + 1:,}.")
    side = "too big" if total > nodes + 1 else "too small"
    return wrong(f"with b* = {answer}, 1 + b* + ... + b*^{depth} = {total:,.1f}, {side} against "
                 f"N + 1 = {nodes + 1:,}. Try b* {'lower' if side == 'too big' else 'higher'}.")


def _root(nodes: int, depth: int) -> float:
    """b* with 1 + b* + ... + b*^depth = nodes + 1, by bisection."""
    low, high = 0.0, float(max(nodes, 1))
    for _ in range(200):
        middle = (low + high) / 2
        if sum(middle**k for k in range(1, depth + 1)) < nodes:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def check_evaluation(answer: object, *, depth: int = 2, openings: int = 10, seed: int = 8) -> Feedback:
    """Does the evaluation function ``answer`` win more games than it loses
    against :func:`~gametree.games.store_difference`, both searching
    ``depth`` moves ahead on ``Kalah(6, 4)``?  Each of ``openings`` seeded
    openings of four random moves is played twice, each side once.

    >>> check_evaluation(store_difference).verdict     # it breaks even against itself
    <Verdict.WRONG: 'wrong'>
    """
    import random

    game = Kalah()
    form = "a function of a Kalah position that returns a number, e.g. store_difference"
    if answer is None:
        return empty(form)
    if not callable(answer):
        return invalid(f"write {form}; {answer!r} is not a function.")
    try:
        test = answer(game.initial)
    except Exception as error:  # a student's function may fail in any way; say how, no traceback
        return invalid(f"your function failed on the start position: {type(error).__name__}: {error}")
    if not _is_number(test):
        return invalid(f"your function returned {test!r} for the start position; it must return a number.")
    rng = random.Random(seed)
    found: list[tuple[House, ...]] = []
    while len(found) < openings:
        state, moves = game.initial, []
        for _ in range(4):
            moves.append(rng.choice(game.moves(state)))
            state = game.play(state, moves[-1])
        if tuple(moves) not in found:
            found.append(tuple(moves))
    won = drawn = lost = 0
    for opening in found:
        for yours_is_max in (True, False):
            you, them = search_player(depth, answer), search_player(depth, store_difference)
            if yours_is_max:
                score = play_game(game, you, them, opening=opening).score
            else:
                score = -play_game(game, them, you, opening=opening).score
            won, drawn, lost = won + (score > 0), drawn + (score == 0), lost + (score < 0)
    result = f"your evaluation won {won}, drew {drawn} and lost {lost} of {2 * openings} games"
    if won > lost:
        return right(f"{result}: it beats the store difference.")
    return wrong(f"{result}; it must win more than it loses.",
                 "Ideas: extra turns in hand, captures on offer, seeds left in the houses. "
                 "Values are from MAX's side, whoever is to move (state.player).")
