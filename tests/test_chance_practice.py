"""Expectiminimax by hand: chance exercises, the checker that names each
mistake with its sum, the sheets that print them, and notebook 09's
checkers (empty, invalid, wrong and right answers, never the answer)."""

import random
import re
from fractions import Fraction

import pytest
from matplotlib.patches import FancyBboxPatch
from test_sheets import pdf_pages, texts

from gametree import Tree, expected_values
from gametree.cli import main
from gametree.practice import Answer, ChanceExercise, MistakeKind, check
from gametree.practice.chance import MAX_CHANCE_EXERCISE_LEAVES, check_chance
from gametree.practice.quiz import Verdict
from gametree.practice.quiz_chance import (
    check_chance_value,
    check_chance_values,
    check_order_preserving_change,
    check_star1_skipped,
)
from gametree.practice.sheets import sheet_exercises
from gametree.view.sheets import sheet_pages, write_sheet

HALVES = [[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]]
RIGHT = {"A": 2, "B": 2, "C": 2, "D": 3, "E": 1, "F": 0, "G": 4}


@pytest.fixture
def halves():
    return ChanceExercise(HALVES)


# --- exercises ----------------------------------------------------------------------------


def test_seeded_exercises_are_the_same_everywhere_and_differ_by_seed():
    assert ChanceExercise.random(5) == ChanceExercise.random(5)
    assert ChanceExercise.random(5) != ChanceExercise.random(6)
    assert len({ChanceExercise.random(5), ChanceExercise.random(5)}) == 1  # hashable
    exercise = ChanceExercise.random(5, 2, branching=2, outcomes=2)
    assert exercise.tree.has_chance and exercise.seed == 5 and exercise.task == "chance"
    assert all(p * 10 == round(p * 10) for p in (n.probability for n in exercise.tree)
               if p is not None)  # tenths, easy by hand


def test_exercise_sizes_at_the_limit_and_one_past_it():
    assert len(ChanceExercise.random(1, 3, branching=2, outcomes=2).leaves) == MAX_CHANCE_EXERCISE_LEAVES
    with pytest.raises(ValueError, match="more than 64 leaves"):
        ChanceExercise.random(1, 2, branching=3, outcomes=3)  # 81
    with pytest.raises(ValueError, match="seed must be 0 or more"):
        ChanceExercise.random(-1)
    with pytest.raises(ValueError, match="depth 1 or more"):
        ChanceExercise(Tree.from_nested(5))


def test_the_solution_is_right_on_many_seeds():
    for seed in range(40):
        exercise = ChanceExercise.random(seed, 2, probabilities=random.Random(seed).choice(
            ["decimal", "fraction"]))
        assert check(exercise, exercise.solution()) == []


# --- the checker -------------------------------------------------------------------------


def test_a_wrong_sum_is_named_with_the_sum(halves):
    answer = Answer(values={**RIGHT, "B": 4, "A": 4})
    (mistake,) = check(halves, answer)
    assert (mistake.node, mistake.kind) == ("B", MistakeKind.WRONG_VALUE)
    assert "chance node B: 0.5 × 3 + 0.5 × 1 = 2, not 4" in mistake.explanation
    # A's 4 follows from the student's B: the slip is marked once, where it was made.


def test_the_sum_uses_the_students_own_values_below(halves):
    answer = Answer(values={**RIGHT, "D": 5, "B": 4})  # D wrong (5); B = 0.5 × 5 + 0.5 × 1 = 3, not 4
    mistakes = {m.node: m.explanation for m in check(halves, answer)}
    assert set(mistakes) == {"B", "D"}
    assert "min(3, 5) = 3, not 5" in mistakes["D"]
    assert "chance node B: 0.5 × 5 + 0.5 × 1 = 3, not 4" in mistakes["B"]


def test_values_to_two_decimals_are_right_and_three_hundredths_off_are_not():
    exercise = ChanceExercise([[(Fraction(1, 3), 4), (Fraction(2, 3), [9, 12])]])
    exact = {"A": Fraction(22, 3), "B": Fraction(22, 3), "D": 9}
    assert exercise.values[0] == Fraction(22, 3)
    assert check(exercise, Answer(values={"A": 7.33, "B": 7.33, "D": 9})) == []
    assert check(exercise, Answer(values={"A": 7.338, "B": 7.338, "D": 9})) == []  # 0.0047 off
    wrong = check(exercise, Answer(values={"A": 7.339, "B": 7.339, "D": 9}))  # 0.0057 off
    assert [m.node for m in wrong] == ["B"]  # A follows from B
    assert "1/3 × 4 + 2/3 × 9 = 22/3, not 7.339" in wrong[0].explanation
    assert set(exact) == {n.name for n in exercise.tree if not n.is_leaf}


def test_an_empty_answer_gets_one_mistake_that_gives_nothing_away(halves):
    (mistake,) = check(halves, Answer())
    assert mistake.kind is MistakeKind.EMPTY and not re.search(r"\d", mistake.explanation)


def test_blank_nodes_and_crossed_out_branches_are_mistakes(halves):
    mistakes = check(halves, Answer(values={"A": 2}, pruned={"K"}))
    kinds = {(m.node, m.kind) for m in mistakes}
    assert ("B", MistakeKind.WRONG_VALUE) in kinds and ("K", MistakeKind.OVER_PRUNED) in kinds
    pruned = next(m for m in mistakes if m.kind is MistakeKind.OVER_PRUNED)
    assert "prunes nothing" in pruned.explanation


@pytest.mark.parametrize("answer, error, words", [
    (Answer(values={"H": 3}), ValueError, "gives leaf H a number"),
    (Answer(values={"Q": 3}), ValueError, "names 'Q'"),
    (Answer(values=RIGHT, alphas={"A": 2}), ValueError, "values only"),
    ({"A": 2}, TypeError, "an Answer"),
])
def test_answers_that_cannot_be_read_are_refused(halves, answer, error, words):
    with pytest.raises(error, match=re.escape(words)):
        check_chance(halves, answer)


def test_random_slips_are_found_and_only_slips():
    for seed in range(30):
        exercise = ChanceExercise.random(seed, 2)
        solution = dict(exercise.solution().values)
        rng = random.Random(seed)
        name = rng.choice(sorted(solution))
        solution[name] = solution[name] + rng.choice([-1, 1]) * rng.choice([1, 2.5])
        mistakes = check(exercise, Answer(values=solution))
        assert [m.node for m in mistakes] == [name]


# --- sheets -------------------------------------------------------------------------------


def test_chance_sheets_and_keys_are_written(tmp_path):
    files = write_sheet(tmp_path / "c.pdf", seed=4, count=3, branching=2, depth=2, chance=True,
                        progress=lambda done, total: None)
    assert pdf_pages(files.sheet[0]) >= 1 and pdf_pages(files.key[0]) == pdf_pages(files.sheet[0])
    again = write_sheet(tmp_path / "d.pdf", seed=4, count=3, branching=2, depth=2, chance=True,
                        progress=lambda done, total: None)
    assert again.sheet[0].read_bytes() == files.sheet[0].read_bytes()
    assert all(isinstance(e, ChanceExercise) for e in files.exercises)


def test_a_chance_sheet_has_a_box_beside_every_node_and_no_answers():
    exercises = sheet_exercises(5, 2, 2, 2, chance=True)
    internal = sum(1 for n in exercises[0].tree if not n.is_leaf)
    pages = sheet_pages(exercises)  # drawn once, read for the boxes, the texts and the words
    for page in pages:
        boxes = [a for a in page.artists if isinstance(a, FancyBboxPatch)]
        assert len(boxes) == len(page.axes) * internal  # values only: no count, no alpha or beta
        drawn = {t.get_text() for ax in page.axes for t in ax.texts if t.get_visible() and t.get_text()}
        tree = exercises[0].tree
        allowed = {str(s) for s in tree.leaf_scores} | {n.name for n in tree} | \
            {f"{n.probability:g}" for e in exercises for n in e.tree if n.probability is not None} | \
            {str(s) for e in exercises for s in e.leaves} | {n.name for e in exercises for n in e.tree}
        assert drawn <= allowed
    words = " ".join(t for page in pages for t in texts(page))
    assert "chance nodes \u25cf with each outcome's probability on its edge" in words


def test_the_key_works_out_every_chance_node():
    exercises = sheet_exercises(5, 2, 2, 2, chance=True)
    words = " ".join(" ".join(t.split()) for page in sheet_pages(exercises, key=True) for t in texts(page))
    for exercise in exercises:
        values = expected_values(exercise.tree)
        assert f"all {len(exercise.leaves)} leaves evaluated" in words
        b = exercise.tree["B"]
        sum_text = " + ".join(f"{exercise.tree[c].probability:g} × {values[c]:g}" for c in b.children)
        assert f"B = {sum_text} = " in words


def test_chance_sheets_from_the_command_line(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["exercises", "--chance", "--seed", "3", "--count", "2", "--out", "s.pdf"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s-key.pdf", "s.pdf"]
    assert main(["exercises", "--chance", "--seed", "3", "--depth", "4", "--out", "t.pdf"]) == 2
    assert "2 outcomes and depth 4 make more than 27 leaves" in capsys.readouterr().err


# --- notebook 09's checkers --------------------------------------------------------------


def test_check_chance_value():
    tree = [[(0.5, [3, 5]), (0.5, [1, 9])], [(0.25, 4), (0.75, [2, 8])]]
    assert check_chance_value(None, tree).verdict is Verdict.EMPTY
    assert check_chance_value("2.5", tree).verdict is Verdict.INVALID
    assert check_chance_value(2.5, tree).ok and check_chance_value(2.499, tree).ok
    assert "MAX's opponent" in check_chance_value(2, tree).text  # dice as MIN: min(3, 1), min(4, 2)
    assert "fell MAX's way" in check_chance_value(4, tree).text  # dice as MAX: 3, then 4
    slip = check_chance_value(4.5, [[(0.9, 2), (0.1, 7)]])  # (2 + 7) / 2: probabilities ignored
    assert "equally likely" in slip.text
    assert "2.5" not in check_chance_value(7, tree).text  # never the answer


def test_check_chance_values(halves):
    assert check_chance_values(None, halves).verdict is Verdict.EMPTY
    assert check_chance_values({"A": 2}, halves).verdict is Verdict.INVALID
    assert check_chance_values(Answer(values={"H": 2}), halves).verdict is Verdict.INVALID
    assert check_chance_values(Answer(), halves).verdict is Verdict.EMPTY
    assert check_chance_values(Answer(values=RIGHT), halves).ok
    hint = check_chance_values(Answer(values={**RIGHT, "B": 4, "A": 4}), halves)
    assert hint.verdict is Verdict.WRONG and "B: its value does not follow" in hint.text
    assert "= 2" not in hint.text  # the hint names the node, not the number
    missing = check_chance_values(Answer(values={"A": 2}), halves)
    assert "B: write its value." in missing.text


def test_check_order_preserving_change():
    tree = [[(0.9, 2), (0.1, 3)], [(0.9, 1), (0.1, 4)]]
    assert check_order_preserving_change(None, tree).verdict is Verdict.EMPTY
    assert check_order_preserving_change([1, 2], tree).verdict is Verdict.INVALID
    assert check_order_preserving_change("1 2 3 4", tree).verdict is Verdict.INVALID
    assert check_order_preserving_change([2, "x", 1, 4], tree).verdict is Verdict.INVALID
    assert "is not any more" in check_order_preserving_change([3, 2, 1, 4], tree).text
    assert "still the same" in check_order_preserving_change([20, 30, 10, 40], tree).text
    assert check_order_preserving_change([20, 30, 1, 400], tree).ok


def test_check_star1_skipped():
    tree = [[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]]
    assert check_star1_skipped(None, tree, (0, 10)).verdict is Verdict.EMPTY
    assert check_star1_skipped("G", tree, (0, 10)).verdict is Verdict.INVALID
    assert check_star1_skipped(["Z"], tree, (0, 10)).verdict is Verdict.INVALID
    assert check_star1_skipped(["C"], tree, (0, 10)).verdict is Verdict.INVALID
    assert check_star1_skipped(["G"], tree, (0, 10)).ok
    assert check_star1_skipped([], tree, (0, 20)).ok  # wider bounds: C's 1 no longer settles it
    missing = check_star1_skipped([], tree, (0, 10))  # names no node: two probes would give the answer
    assert "skips at least one leaf" in missing.text and not {"B", "C", "F", "G"} & set(missing.text.split())
    assert "look again at node C" in check_star1_skipped(["E"], [[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)],
                                                                [(0.5, 2), (0.5, 9)]], (0, 10)).text
    extra = check_star1_skipped(["F", "G"], tree, (0, 10))
    assert "Star1 evaluates leaf F" in extra.text
