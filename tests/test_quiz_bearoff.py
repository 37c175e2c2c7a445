"""The bear-off exercise's checker (notebook 09): the right play, a legal play
that is not best (what it costs, computed), illegal plays (which rule), and
input it cannot read; and the notebook's solution is the checker's right play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gametree.games.bearoff import legal_plays, play_label
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_bearoff import SOLVE_LIMIT, check_bearoff_play, play_values, read_play

NOTEBOOK = Path(__file__).parent.parent / "notebooks" / "09-chance.ipynb"

# notebook 09's exercise: White on the 2, 2, 4 and 6 points rolls 3-1; Black (4, 5, 6) rolls next
WHITE, BLACK, ROLL = (0, 2, 0, 1, 0, 1), (0, 0, 0, 1, 1, 1), (3, 1)
# a small one for the rules (solved in milliseconds): White on 4 and 6 rolls 5-2, Black two on 6
SMALL = ((0, 0, 0, 1, 0, 1), (0, 0, 0, 0, 0, 2), (5, 2))


def _solution() -> str:
    """The play in the notebook's folded solution of the bear-off exercise."""
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    texts = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]
    found = [m.group(1) for text in texts if "<summary>Solution</summary>" in text
             for m in re.finditer(r'my_play = "([^"]+)"', text)]
    assert len(found) == 1, "the notebook has one bear-off solution"
    return found[0]


def test_the_notebooks_solution_is_right_and_every_other_play_is_wrong_by_its_cost():
    """The folded solution is the best play; each other legal play is wrong, and its
    sentence gives the winning chances it loses, worked out by expectiminimax."""
    solution = _solution()
    assert check_bearoff_play(solution, WHITE, BLACK, ROLL).ok
    values = dict(play_values(WHITE, BLACK, ROLL))
    best = max(values.values())
    assert len(values) == len(legal_plays(WHITE, ROLL)) == 6
    for play, wins in values.items():
        feedback = check_bearoff_play(play_label(play), WHITE, BLACK, ROLL)
        if wins == best:
            assert feedback.ok and play_label(play) == " ".join(solution.split())
        else:
            assert feedback.verdict is Verdict.WRONG and len(feedback.lines) == 1
            assert f"gives up {100 * (best - wins):.1f}% of White's winning chances" in feedback.text
            assert f"White wins {100 * wins:.1f}% of games after it" in feedback.text


def test_the_greedy_play_bears_off_a_checker_and_is_not_best():
    """The exercise is the lesson's: the play that bears a checker off loses chances."""
    values = dict(play_values(WHITE, BLACK, ROLL))
    greedy = [play for play in values if any(to == 0 for _, to in play)]
    assert greedy and all(values[play] < max(values.values()) for play in greedy)


@pytest.mark.parametrize("typed", ["6/1 4/2", "4/2 6/1", "6/1, 4/2", "  6/1   4/2 ", "6/1 4/2".upper()])
def test_the_same_play_written_differently_is_right(typed):
    """Order, commas, spaces and case do not matter."""
    assert check_bearoff_play(typed, *SMALL).ok


def test_one_checker_moved_by_both_dice_may_be_written_at_once():
    """6/off with 5-2 is one checker moved 6/4/off: the same play as 6/4 4/off."""
    for typed in ("6/off", "6/4/off", "6/4 4/off"):
        feedback = check_bearoff_play(typed, *SMALL)
        assert feedback.verdict is Verdict.WRONG and feedback.text.startswith("Not yet: 6/4 4/off is legal")


@pytest.mark.parametrize("typed, why", [
    ("5/off 4/2", "no checker on your 5 point"),
    ("6/2 4/off", "6/2 moves a checker 4 points"),
    ("6/4/2 4/off", "moves checkers 2 times"),
    ("6/4", "leaves part of the roll unplayed"),
    ("6/1/off", "a checker stands on your 4 point"),
    ("4/2(2)", "moves 2 checkers from your 4 point, where 1 stands"),
    ("6/4 4/2", "6/4 and 4/2 each need the 2"),
])
def test_an_illegal_play_gets_the_rule_it_breaks(typed, why):
    """Each illegal play: not yet, one sentence naming the rule."""
    feedback = check_bearoff_play(typed, *SMALL)
    assert feedback.verdict is Verdict.WRONG and len(feedback.lines) == 1
    assert "is not a legal play of 5-2" in feedback.text and why in feedback.text


@pytest.mark.parametrize("answer, verdict, says", [
    (None, Verdict.EMPTY, "replace None with a play"),
    (62, Verdict.INVALID, "62 (int) is not a play"),
    (("6/1", "4/2"), Verdict.INVALID, "is not a play"),
    ("", Verdict.INVALID, "the play is empty"),
    ("6-1 4-2", Verdict.INVALID, "'6-1' is not a move"),
    ("7/2", Verdict.INVALID, "the home points are 1 to 6"),
    ("4/6", Verdict.INVALID, "a checker moves down"),
    ("6/off/1", Verdict.INVALID, "off comes last"),
    ("6/1(5)", Verdict.INVALID, "at most 4 times"),
])
def test_input_it_cannot_read_gets_how_to_write_a_play(answer, verdict, says):
    """Nothing written, not text, or text that is no play: how to write one."""
    feedback = check_bearoff_play(answer, *SMALL)
    assert feedback.verdict is verdict and says in feedback.text


def test_a_long_answer_is_refused_at_once():
    """Ten thousand moves are more than any roll plays: refused without trying them all."""
    feedback = check_bearoff_play("6/4 " * 10_000, *SMALL)
    assert feedback.verdict is Verdict.WRONG and "10000" in feedback.text
    assert len(feedback.text) < 250


def test_read_play_expands_chains_and_repeats():
    """6/3/2 is two moves of one checker; 6/4(2) is one move made twice."""
    assert read_play("6/3/2 4/OFF") == [(6, 3), (3, 2), (4, 0)]
    assert read_play("5/1(4)") == [(5, 1)] * 4


def test_exercise_sizes_at_the_limit_and_past_it():
    """SOLVE_LIMIT checkers a side are solved (the notebook's White has exactly that);
    one more, or a roll that is no roll, is refused with a sentence."""
    assert sum(WHITE) == SOLVE_LIMIT
    five = (0, 2, 0, 2, 0, 1)
    with pytest.raises(ValueError, match=f"at most {SOLVE_LIMIT} a side"):
        check_bearoff_play("6/3 2/1", five, BLACK, ROLL)
    with pytest.raises(ValueError, match="two dice from 1 to 6"):
        check_bearoff_play("6/3 2/1", WHITE, BLACK, (7, 1))
