"""Drill mode: the score and streak run across fresh trees, the levels grow,
the timer can be turned off, mistakes are summed up by kind, and nothing
leaves the kernel unless the student saves it."""

import json

import pytest

from gametree.practice import Answer, ChanceExercise, Exercise
from gametree.tree import MIN
from gametree.widgets.drill import LEVELS, DrillWidget


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def solve(drill):
    solution = drill.exercise.solution()
    (drill.chance_card or drill.practice).fill(solution)
    drill.check()


def test_score_and_streak_run_across_fresh_trees_and_the_level_grows():
    drill = DrillWidget(seed=3, streak_to_level=2)
    first_tree = drill.exercise
    solve(drill)
    assert (drill.score, drill.streak, drill.level_index) == (1, 1, 0)
    assert "1 more for the next level" in drill.message_text
    drill.next_tree()
    assert drill.exercise != first_tree and drill.seed == 4
    solve(drill)
    assert (drill.score, drill.streak, drill.level_index) == (2, 2, 1)
    assert "up to the level 'depth 2, branching 3'" in drill.message_text
    drill.next_tree()
    assert drill.exercise.branching == 3
    assert "score</b> 2 of 2" in drill.status.value and "streak</b> 2" in drill.status.value


def test_a_wrong_tree_resets_the_streak_counts_once_and_is_summed_up_by_kind():
    drill = DrillWidget(seed=8)
    solve(drill)
    drill.next_tree()
    right = drill.exercise.solution()
    root = drill.exercise.tree.nodes[0].name
    wrong = Answer(values={**right.values, root: right.values[root] + 1}, pruned=right.pruned)
    drill.practice.fill(wrong)
    drill.check()
    assert (drill.score, drill.streak, drill.best_streak) == (1, 0, 1)
    assert drill.attempts[-1].right is False and "wrong value" in drill.attempts[-1].mistakes
    assert "The streak starts again" in drill.message_text
    drill.practice.fill(right)          # corrected: feedback, but the tree was counted
    drill.check()
    assert len(drill.attempts) == 2 and drill.score == 1 and "has been counted" in drill.message_text
    assert drill.mistake_counts()[0] == ("wrong value", drill.attempts[-1].mistakes.count("wrong value"))
    assert "wrong value" in drill.summary_text.value


def test_an_empty_answer_or_a_typo_does_not_count():
    drill = DrillWidget(seed=2)
    drill.check()
    assert drill.attempts == [] and "does not count" in drill.message_text
    box = next(iter(drill.practice.value_boxes.values()))
    box.value = "l2"
    drill.check()
    assert drill.attempts == [] and "not a number" in drill.message_text


def test_the_timer_times_each_tree_and_can_be_turned_off():
    clock = Clock()
    drill = DrillWidget(seed=4, clock=clock)
    clock.now += 42.25
    drill._show_clock()
    assert drill.clock_text.value == "time: 0:42" and drill.clock_text.layout.display is None
    solve(drill)
    assert drill.attempts[-1].seconds == 42.2
    drill.next_tree()
    drill.timer_box.value = False
    assert drill.clock_text.layout.display == "none" and not drill.ticker.playing
    solve(drill)
    assert drill.attempts[-1].seconds is None


def test_the_levels_grow_through_every_kind_of_tree_asked_for():
    exercises = [level.exercise(1) for level in LEVELS]
    plain = [e for e in exercises if isinstance(e, Exercise)]
    assert any(not e.complete for e in plain)                     # uneven trees
    assert any(e.root is MIN for e in plain)                      # MIN at the root
    assert any(isinstance(e, ChanceExercise) for e in exercises)  # chance nodes
    assert any(e.players is not None and len(e.players) == 3 for e in plain)   # player sequences
    sizes = [len(e.tree.leaf_scores) if hasattr(e.tree, "leaf_scores") else 0 for e in plain]
    assert plain[0].depth == 2 and max(e.depth for e in plain) == 3 and sizes


def test_a_chance_level_is_checked_by_expectiminimax():
    chance = next(i for i, level in enumerate(LEVELS) if level.chance)
    drill = DrillWidget(seed=6, level=chance)
    assert drill.chance_card is not None and drill.area.children == (drill.chance_card,)
    solve(drill)
    assert drill.attempts[-1].right and drill.score == 1


def test_nothing_leaves_the_kernel_until_the_student_saves(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    drill = DrillWidget(seed=1)
    solve(drill)
    assert list(tmp_path.iterdir()) == []
    drill.save_name.value = "mine.txt"
    drill.save_button.click()
    assert "Not saved" in drill.message_text and list(tmp_path.iterdir()) == []
    path = drill.save(tmp_path / "drill.json")
    record = json.loads(path.read_text())
    assert record["score"] == 1 and record["attempts"][0]["right"] is True
    assert record["attempts"][0]["level"] == LEVELS[0].name


@pytest.mark.parametrize("options, message", [
    ({"seed": -1}, "seed must be a whole number from 0"),
    ({"level": len(LEVELS)}, f"level must be a whole number from 0 to {len(LEVELS) - 1}"),
    ({"streak_to_level": 0}, "streak_to_level must be a whole number from 1 to 20"),
    ({"streak_to_level": 21}, "streak_to_level must be a whole number from 1 to 20"),
])
def test_bad_options_are_refused_with_a_sentence(options, message):
    with pytest.raises(ValueError, match=message):
        DrillWidget(**options)


def test_the_limits_themselves_are_accepted():
    assert DrillWidget(seed=0, level=len(LEVELS) - 1, streak_to_level=20).streak_to_level == 20


def test_the_drill_passes_its_whole_theme_to_the_practice_widget():
    ink = "#7a1fa2"  # a colour no theme uses
    plain, themed = DrillWidget(seed=3), DrillWidget(seed=3, theme={"text": ink})
    assert plain.practice.theme["text"] != ink
    assert themed.practice.theme["text"] == ink
    assert themed.practice.image.value != plain.practice.image.value
