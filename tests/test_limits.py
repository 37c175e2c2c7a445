"""Every documented limit, tested at the limit and one past it, and every
size checked before any work: no power of an absurd depth is computed, no
score too large for a float gets through."""

import math

import pytest

import gametree
from gametree import alpha_beta, minimax, trace_alpha_beta
from gametree.checks import MAX_LEAVES_GIVEN, MAX_SCORE, check_leaves
from gametree.cli import main
from gametree.generate import MAX_LEAVES
from gametree.parse import MAX_TEXT
from gametree.practice import MAX_EXERCISE_LEAVES, Answer, Exercise, check, parse_value
from gametree.practice.sheets import MAX_COUNT, MAX_SHEET_LEAVES, sheet_exercises
from gametree.tree import MAX_DEPTH

# --- scores: at most 10**15 in size, everywhere ------------------------------------------

AT, PAST = MAX_SCORE, MAX_SCORE + 1

SCORE_ENTRIES = {
    "alpha_beta": lambda x: alpha_beta([x, 1, 2, 3], 2),
    "minimax": lambda x: minimax([x, 1, 2, 3], 2),
    "minimax nested": lambda x: minimax([[x, 1], [2, 3]]),
    "trace_alpha_beta": lambda x: trace_alpha_beta([[x, 1], [2, 3]]),
    "as_tree": lambda x: gametree.as_tree([x, 1], 2),
    "best_order": lambda x: gametree.best_order([x, 1, 2, 3], 2),
    "parse_tree": lambda x: gametree.parse_tree(f"[[{x}, 1], [2, 3]]"),
    "parse_leaves": lambda x: gametree.parse_leaves(f"{x} 1 2 3"),
    "Exercise": lambda x: Exercise((x, 1, 2, 3), 2),
    "Answer": lambda x: Answer(values={"A": x}).raise_unreadable(),  # a student's Answer holds its error
    "parse_value": lambda x: parse_value(str(x), "A's value"),
    "unfold": lambda x: gametree.Tree.unfold(0, lambda p: [1, 2] if p == 0 else None,
                                             lambda p: x),
}


@pytest.mark.parametrize("entry", SCORE_ENTRIES)
@pytest.mark.parametrize("sign", [1, -1])
def test_a_score_of_exactly_10_to_the_15_is_taken_everywhere(entry, sign):
    SCORE_ENTRIES[entry](sign * AT)


@pytest.mark.parametrize("entry", SCORE_ENTRIES)
@pytest.mark.parametrize("score, words", [
    (PAST, "1000000000000001, beyond the largest score"),
    (-PAST, "beyond the largest score"),
    (10**400, "beyond the largest score"),
    (1.0000000000000002e15, "beyond the largest score"),
])
def test_one_past_10_to_the_15_is_refused_everywhere_with_the_limit_named(entry, score, words):
    with pytest.raises(ValueError, match=words) as info:
        SCORE_ENTRIES[entry](score)
    assert "10**15" in str(info.value) and "Exceeds the limit" not in str(info.value)


def test_huge_integer_scores_are_named_by_their_size_not_printed():
    with pytest.raises(ValueError, match="the 1st leaf score is a whole number of 5001 digits"):
        alpha_beta([10**5000, 1], 2)


def test_the_checker_refuses_a_huge_number_in_a_box_without_overflow():
    exercise = Exercise((3, 12, 8, 2, 4, 6, 14, 5, 2), 3)
    with pytest.raises(ValueError, match=r"values\['B'\] is a whole number of 401 digits"):
        check(exercise, Answer(values={"B": 10**400}))
    assert check(exercise, Answer(values={"B": 10**15}))  # at the limit: judged, wrong


@pytest.mark.parametrize("text", ["1" + "0" * 15, "-1" + "0" * 15])
def test_the_command_line_takes_a_score_at_the_limit(text, capsys):
    assert main(["alpha-beta", "-q", "--tree", f"[[{text}, 1], [2, 3]]"]) == 0


@pytest.mark.parametrize("argv", [
    ["alpha-beta", "--tree", "[[" + "9" * 400 + ", 1], [2, 3]]"],
    ["alpha-beta", "-b", "2", "9" * 400, "1", "2", "3"],
    ["minimax", "--tree", "[[1000000000000001, 1], [2, 3]]"],
])
def test_the_command_line_refuses_a_score_past_the_limit_in_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "beyond the largest score gametree takes (10**15" in err


# --- tree sizes ----------------------------------------------------------------------------


def chain(depth):
    nested = 1
    for _ in range(depth):
        nested = [nested]
    return nested


def test_a_tree_max_depth_deep_is_taken_and_one_level_more_is_refused():
    assert gametree.Tree.from_nested(chain(MAX_DEPTH)).depth == MAX_DEPTH == 200
    assert trace_alpha_beta(chain(MAX_DEPTH)).value == 1
    with pytest.raises(ValueError, match="deeper than 200 levels"):
        gametree.Tree.from_nested(chain(MAX_DEPTH + 1))
    with pytest.raises(ValueError, match="deeper than 200 levels"):
        gametree.parse_tree(repr(chain(MAX_DEPTH + 1)))


def test_text_of_max_text_characters_is_read_and_one_more_is_refused():
    text = "1 " * (MAX_TEXT // 2)
    assert len(gametree.parse_leaves(text)) == MAX_TEXT // 2
    with pytest.raises(ValueError, match="200,001 characters long; keep it to 200,000"):
        gametree.parse_leaves(text + "1")
    with pytest.raises(ValueError, match="200,001 characters long"):
        gametree.parse_tree("[" * 1 + " " * (MAX_TEXT - 1) + "]")  # 200,001 characters
    assert gametree.parse_tree("[[1, 2]" + " " * (MAX_TEXT - 8) + "]").leaf_scores == [1, 2]


def test_the_largest_random_tree_is_made_and_one_level_more_is_refused():
    assert len(gametree.random_leaves(2, 20, seed=1)) == MAX_LEAVES == 2**20
    with pytest.raises(ValueError, match="2,097,152 leaves; a random tree has at most 1,048,576"):
        gametree.random_leaves(2, 21, seed=1)
    with pytest.raises(ValueError, match="a random tree has at most 1,048,576"):
        gametree.random_tree(1025, 2, seed=1)  # 1,050,625 leaves: just past


def test_a_leaf_list_of_max_leaves_given_is_taken_and_one_more_is_refused():
    at = [0] * MAX_LEAVES_GIVEN
    assert check_leaves(at) is at
    at.append(0)
    with pytest.raises(ValueError, match="16,777,217 scores; gametree takes at most 16,777,216"):
        check_leaves(at)
    with pytest.raises(ValueError, match="more than 16,777,216 scores"):
        alpha_beta(range(10**20), 2)  # never counted into a list


@pytest.mark.parametrize("make", [
    lambda d: gametree.random_leaves(2, d, seed=1),
    lambda d: gametree.random_tree(3, d, seed=1),
    lambda d: Exercise.random(1, 2, d),
    lambda d: sheet_exercises(1, 1, 2, d),
])
@pytest.mark.parametrize("depth", [10**20, 1_000_000, 10**400])
def test_an_absurd_depth_is_refused_at_once(make, depth):
    # branching ** depth is never computed: this returns at once (the
    # per-test timeout would stop a hang) and names no 4,300-digit number.
    with pytest.raises(ValueError, match="make more than") as info:
        make(depth)
    assert "Exceeds the limit" not in str(info.value)


def test_knuth_moore_minimum_takes_depths_up_to_max_depth():
    assert gametree.knuth_moore_minimum(2, MAX_DEPTH) == 2**101 - 1
    with pytest.raises(ValueError, match="depth must be at most 200"):
        gametree.knuth_moore_minimum(2, MAX_DEPTH + 1)
    with pytest.raises(ValueError, match="depth must be at most 200, not 100000000000000000000"):
        gametree.knuth_moore_minimum(3, 10**20)


def test_the_largest_exercise_is_made_and_one_size_more_is_refused():
    assert len(Exercise.random(1, 3, 5).leaves) == MAX_EXERCISE_LEAVES == 243
    with pytest.raises(ValueError, match="256 leaves; an exercise has at most 243"):
        Exercise.random(1, 2, 8)


def test_a_sheet_takes_its_widest_tree_and_most_exercises_and_no_more():
    assert len(sheet_exercises(1, MAX_COUNT, 3, 3)) == MAX_COUNT == 100
    assert len(sheet_exercises(1, 1, 3, 3)[0].leaves) == MAX_SHEET_LEAVES == 27
    with pytest.raises(ValueError, match="32 leaves; a tree written on by hand has at most 27"):
        sheet_exercises(1, 1, 2, 5)
    with pytest.raises(ValueError, match="count must be from 1 to 100, not 101"):
        sheet_exercises(1, MAX_COUNT + 1, 2, 2)


@pytest.mark.parametrize("depth", ["1000000", str(10**17)])
def test_the_exercises_command_refuses_a_huge_depth_in_one_line(depth, tmp_path, capsys):
    assert main(["exercises", "--seed", "1", "--depth", depth, "--out",
                 str(tmp_path / "s.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "make more than 27 leaves" in err
    assert not list(tmp_path.iterdir())


def test_the_command_line_reads_numbers_of_18_digits_and_refuses_19(tmp_path, capsys):
    assert main(["exercises", "--seed", "9" * 18, "--count", "1", "--branching", "2",
                 "--depth", "9" * 19, "--out", str(tmp_path / "s.pdf")]) == 2
    assert "a whole number of 19 digits is far too large here" in capsys.readouterr().err


def test_scores_are_exact_as_floats_up_to_the_limit():
    # Why 10**15: every whole number up to it is exact as a float.
    assert float(MAX_SCORE) == MAX_SCORE and float(MAX_SCORE - 1) == MAX_SCORE - 1
    assert math.isfinite(sum([float(MAX_SCORE)] * 2**20))


def test_the_practice_widget_takes_32_leaves_and_refuses_33():
    """The README's practice-widget limit: 2 ** 5 leaves are offered, and an
    exercise of 33 (sixteen pairs and a leaf) is refused before it is drawn."""
    pytest.importorskip("ipywidgets")
    from gametree.widgets.practice import MAX_PRACTICE_LEAVES, PracticeWidget

    assert MAX_PRACTICE_LEAVES == 32
    assert len(PracticeWidget(Exercise.random(1, 2, 5)).exercise.leaves) == 32
    past = Exercise.from_nested([[0, 0]] * 16 + [0])
    assert len(past.leaves) == 33
    with pytest.raises(ValueError, match="33 leaves; the practice widget shows at most 32"):
        PracticeWidget(past)
