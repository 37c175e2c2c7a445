"""The checkers of notebook 12 (gametree.practice.quiz_mcts).

Each is tried four ways: with no answer yet (None), with an answer it
cannot read, with a wrong answer and with the right one.  An empty answer
gets only "Not answered yet" and the form to write; a wrong answer gets a
hint that never states the right answer.  The right answers are worked
out here from the search's own numbers (the tree's statistics), not copied.
"""

from __future__ import annotations

import inspect
import math
import re
from pathlib import Path

import nbformat
import pytest

from gametree.games import TicTacToe, TicTacToeState, uct_search
from gametree.practice import quiz_mcts
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_mcts import (
    check_back_propagation,
    check_exploration_choice,
    check_exploration_interval,
    check_selection,
    check_ucb1,
)

START = TicTacToeState.from_text("XOX OOX ...")
SEARCH = uct_search(TicTacToe(), START, iterations=30, seed=4)
TREE = SEARCH.tree_after(7)  # X6: 0/1, X7: 1.5/2, X8: 4/4, where C = 0, sqrt(2) and 3 pick apart


def by_hand(tree, name, c=None):
    """UCB1 from the formula, written out here."""
    node = tree[name]
    parent = tree[node.parent]
    c = tree.exploration if c is None else c
    return node.wins / node.visits + c * math.sqrt(math.log(parent.visits) / node.visits)


def pick(tree, c):
    children = tree.children(0)
    values = [by_hand(tree, child.name, c) for child in children]
    return children[values.index(max(values))].label


def after(result, iteration, name):
    node = result.tree_after(iteration)[name]
    return (node.wins, node.visits)


# An iteration whose playout MIN (O) won, and a node on its path that counts MAX's wins.
LOST = next(it for it in SEARCH.record if it.winner is not None and it.number > 3
            and any(SEARCH.tree[u.node].counts_for is not it.winner for u in it.updated[:-1]))
LOSER = next(SEARCH.tree[u.node].name for u in LOST.updated[:-1]
             if SEARCH.tree[u.node].counts_for is not LOST.winner)
OTHER_C = 3.0
LEAST = min(TREE.children(0), key=lambda c: c.visits).label
MOST = max(TREE.children(0), key=lambda c: c.visits).label

CASES = {
    "ucb1": (lambda a: check_ucb1(a, TREE, "C"), "1.6", round(TREE["C"].mean, 2),
             round(by_hand(TREE, "C"), 2)),
    "selection": (lambda a: check_selection(a, TREE), 7, "X8", pick(TREE, TREE.exploration)),
    "selection, C = 3": (lambda a: check_selection(a, TREE, OTHER_C), "X9", "X8", pick(TREE, OTHER_C)),
    "back-propagation": (lambda a: check_back_propagation(a, SEARCH, LOST.number, LOSER), "1 of 2",
                         (after(SEARCH, LOST.number, LOSER)[0] + 1, after(SEARCH, LOST.number, LOSER)[1]),
                         after(SEARCH, LOST.number, LOSER)),
    "exploration": (lambda a: check_exploration_choice(a, TREE, LEAST), "big", 0, 10.0),
    "exploitation": (lambda a: check_exploration_choice(a, TREE, MOST), -0.5, 3, 0.5),
}


def crossing(a, b):
    """The constant C at which the UCB1 of the nodes named a and b are equal, by bisection on [0, 10]."""
    low, high = 0.0, 10.0
    below = by_hand(TREE, a, low) > by_hand(TREE, b, low)
    for _ in range(60):
        middle = (low + high) / 2
        if (by_hand(TREE, a, middle) > by_hand(TREE, b, middle)) == below:
            low = middle
        else:
            high = middle
    return low


X7_RANGE = (crossing("C", "D"), crossing("C", "B"))  # X7 (C) passes X8 (D), then X6 (B) passes it
CASES["interval"] = (lambda a: check_exploration_interval(a, TREE, "X7"), 1.2, (0, 10), X7_RANGE)
CASES["interval, two decimals"] = (lambda a: check_exploration_interval(a, TREE, "X7"), (2, 1),
                                   (X7_RANGE[0] + 0.05, X7_RANGE[1]),
                                   (round(X7_RANGE[0], 2), round(X7_RANGE[1], 2)))
CASES["interval to infinity"] = (lambda a: check_exploration_interval(a, TREE, "X6"), ("a", "b"),
                                 (crossing("C", "B"), 5.0), (crossing("C", "B"), math.inf))


def test_the_x7_range_is_inside_what_the_notebook_says():
    """The exercise's numbers, 0.87 and 1.84, come from these lines: X7 is between X8 and X6."""
    assert 0.86 < X7_RANGE[0] < 0.87 and 1.83 < X7_RANGE[1] < 1.84
    assert pick(TREE, 0.8) == "X8" and pick(TREE, 1.2) == "X7" and pick(TREE, 1.9) == "X6"


@pytest.mark.parametrize("name", CASES)
def test_an_empty_answer_gets_only_not_answered_yet_and_the_form(name):
    check, *_ = CASES[name]
    feedback = check(None)
    assert feedback.verdict is Verdict.EMPTY
    assert feedback.text.startswith("Not answered yet: replace None with ") and len(feedback.lines) == 1


@pytest.mark.parametrize("name", CASES)
def test_an_unreadable_answer_is_told_how_to_write_it(name):
    check, unreadable, _, _ = CASES[name]
    feedback = check(unreadable)
    assert feedback.verdict is Verdict.INVALID, feedback.text
    assert feedback.text.startswith("Cannot read that: ")


@pytest.mark.parametrize("name", CASES)
def test_a_wrong_answer_gets_a_hint_not_the_answer(name):
    check, _, wrong_answer, right_answer = CASES[name]
    feedback = check(wrong_answer)
    assert feedback.verdict is Verdict.WRONG, feedback.text
    shown = feedback.text.replace(str(wrong_answer), "")
    assert str(right_answer) not in shown


@pytest.mark.parametrize("name", CASES)
def test_the_right_answer_is_right(name):
    check, _, _, right_answer = CASES[name]
    feedback = check(right_answer)
    assert feedback.ok, feedback.text
    assert feedback.text.startswith("Right: ")


def test_the_exploration_constant_changes_the_choice_in_this_tree():
    assert len({pick(TREE, c) for c in (0, TREE.exploration, OTHER_C)}) == 3


@pytest.mark.parametrize("delta", [0.0099, -0.0099])
def test_ucb1_to_two_decimals_is_right_and_a_hundredth_more_off_is_not(delta):
    value = by_hand(TREE, "B")
    assert check_ucb1(value + delta, TREE, "B").ok
    assert not check_ucb1(value + 3 * delta, TREE, "B").ok


def test_ucb1_hints_name_the_usual_slips():
    node, parent = TREE["B"], TREE.root
    log10 = node.mean + TREE.exploration * math.sqrt(math.log10(parent.visits) / node.visits)
    assert "natural logarithm" in check_ucb1(log10, TREE, "B").text
    without_c = node.mean + math.sqrt(math.log(parent.visits) / node.visits)
    assert "exploration constant" in check_ucb1(without_c, TREE, "B").text
    assert "mean" in check_ucb1(node.mean, TREE, "B").text


def test_a_move_is_named_by_its_label_or_its_node():
    right = pick(TREE, TREE.exploration)
    name = next(c.name for c in TREE.children(0) if c.label == right)
    assert check_selection(name, TREE).ok and check_selection(f" {right.lower()} ", TREE).ok


def test_the_most_played_move_is_told_it_is_the_final_choice_not_the_next_select():
    most = max(TREE.children(0), key=lambda c: c.visits)
    feedback = check_selection(most.label, TREE, OTHER_C)
    assert feedback.verdict is Verdict.WRONG
    assert "finally plays" in feedback.text or "best mean" in feedback.text


def test_a_root_with_untried_moves_has_no_selection_to_ask_about():
    with pytest.raises(ValueError, match="not yet tried"):
        check_selection("X6", SEARCH.tree_after(2))


def test_back_propagation_hints_about_whose_win_it_is():
    wins, visits = after(SEARCH, LOST.number, LOSER)
    assert "counts the wins of the player who made the move" in \
        check_back_propagation((wins + 1, visits), SEARCH, LOST.number, LOSER).text
    assert "one more playout" in check_back_propagation((wins, visits + 1), SEARCH, LOST.number, LOSER).text


def test_a_node_off_the_path_is_unchanged_and_told_so():
    it = LOST
    off = next(n.name for n in SEARCH.tree_after(it.number).nodes
               if n.id not in {u.node for u in it.updated})
    node = SEARCH.tree_after(it.number)[off]
    assert check_back_propagation((node.wins, node.visits), SEARCH, it.number, off).ok
    assert "does not change it" in check_back_propagation((node.wins + 1, node.visits + 1), SEARCH,
                                                          it.number, off).text


def test_the_exploration_hint_says_which_way_to_move_c():
    assert "larger C" in check_exploration_choice(0, TREE, LEAST).text
    assert "smaller C" in check_exploration_choice(10, TREE, MOST).text


NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def test_the_checkers_source_holds_none_of_the_notebooks_answers():
    found = []
    for path in sorted(NOTEBOOKS.glob("12-*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "markdown" and "<summary>Solution</summary>" in cell.source:
                found += re.findall(r"^my_\w+ = (.+)$", cell.source, flags=re.M)
    assert found, "the notebook's solutions were not found"
    source = inspect.getsource(quiz_mcts)
    assert [a for a in found if len(a) >= 4 and a in source] == []


@pytest.mark.parametrize("answer", [(0, 10), (1, 2), (0.5, 1.5), (0.9, 1.8), (0.8, math.inf)])
def test_a_wrong_range_never_shows_either_end(answer):
    text = check_exploration_interval(answer, TREE, "X7").text
    assert not check_exploration_interval(answer, TREE, "X7").ok
    assert "0.87" not in text and "0.86" not in text and "1.83" not in text and "1.84" not in text


@pytest.mark.parametrize("end", [0, 1])
def test_each_end_is_right_within_a_hundredth_and_wrong_past_it(end):
    def moved(by):
        pair = list(X7_RANGE)
        pair[end] += by
        return tuple(pair)

    assert check_exploration_interval(moved(0.0099), TREE, "X7").ok
    assert check_exploration_interval(moved(-0.0099), TREE, "X7").ok
    assert not check_exploration_interval(moved(0.011), TREE, "X7").ok
    assert not check_exploration_interval(moved(-0.011), TREE, "X7").ok
