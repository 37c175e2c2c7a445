"""The predict mode of the step-through widget, driven without a browser:
questions before steps, answers on the tree and in the box, the reveal,
the score, and the teacher's controls.  Expected answers come from the
trace (gametree.practice.predict is tested on its own)."""

import pytest

import gametree
from gametree.games import TicTacToe, TicTacToeState, trace_game
from gametree.practice.predict import Ask, question_before, questions
from gametree.widgets.predict import PredictStepper
from gametree.widgets.stepper import Stepper

FIG52 = ([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


@pytest.fixture
def stepper():
    return PredictStepper(*FIG52[:1], branching=FIG52[1])


def walk(stepper, right=True):
    """Press next until the end, answering every question (rightly, or not)."""
    answered = 0
    while stepper.slider.value < len(stepper.trace) - 1:
        stepper.next_button.click()
        question = stepper.question
        if question is not None:
            text = question.answer_text.replace(" and", ",") if right else "999"
            if not right and question.kind is not Ask.UPDATE:
                text = "none" if question.answer not in (None, frozenset()) else (
                    question.choices[0] if question.choices else "none")
            stepper.answer(text)
            answered += 1
    return answered


def test_next_asks_before_each_step_that_asks_and_shows_it_after_the_answer(stepper):
    trace = stepper.trace
    expected = questions(trace)
    assert walk(stepper) == len(expected)
    assert stepper.score.right == stepper.score.asked == len(expected)
    assert stepper.score.text == f"{len(expected)} of {len(expected)} predictions right"
    assert stepper.slider.value == len(trace) - 1


def test_wrong_answers_are_counted_and_the_reason_is_shown(stepper):
    asked = walk(stepper, right=False)
    assert stepper.score.asked == asked and stepper.score.right < asked
    assert stepper.verdict_text.startswith(("Not quite", "Right"))


def test_a_leaf_is_answered_by_clicking_it_on_the_tree(stepper):
    stepper.next_button.click()
    stepper.next_button.click()
    question = stepper.question
    assert question.kind is Ask.LEAF and stepper.slider.value == 1  # not shown yet
    assert {name for kind, name in stepper.clicks.buttons} == set(question.choices)
    stepper.clicks.click("node", "F")  # wrong: E comes first
    assert stepper.slider.value == 2 and not stepper.verdict.right
    assert stepper.verdict_text == ("Not quite: you said F, the search says E. MIN node B "
                                    "searches its children left to right, and E is its 1st.")
    assert stepper.caption_text.startswith("Step 2 of 25: Leaf E")
    assert stepper.clicks.buttons == {}  # nothing to click until the next question


def test_a_cutoff_is_answered_by_clicking_the_edges_then_answer(stepper):
    cut = stepper.trace.cutoffs[0]
    stepper.step_to(cut.index - 1)  # a teacher may jump; the next press asks
    stepper.next_button.click()
    assert stepper.question.kind is Ask.CUTOFF and stepper.question.step == cut.index
    assert set(stepper.clicks.buttons) == {("edge", "I"), ("edge", "J")}
    before = bytes(stepper.image.value)
    stepper.clicks.click("edge", "I")
    stepper.clicks.click("edge", "J")
    assert stepper.answer_box.value == "I, J"
    assert stepper.plot.edge_look("I").crossed and bytes(stepper.image.value) != before
    assert "gametree-hotspot-selected" in stepper.clicks.buttons["edge", "J"]._dom_classes
    stepper.clicks.click("edge", "J")  # a second click takes it back
    assert stepper.answer_box.value == "I"
    stepper.clicks.click("edge", "J")
    stepper.answer_button.click()
    assert stepper.verdict.right and stepper.slider.value == cut.index
    assert stepper.verdict_text == f"Right: I and J. {cut.caption}."


def test_an_update_is_typed_and_enter_sends_it(stepper):
    stepper.step_to(2)
    stepper.next_button.click()
    assert stepper.question.kind is Ask.UPDATE and stepper.clicks.buttons == {}
    stepper.answer_box.value = "3"  # continuous_update=False: Enter (or leaving the box) sends it
    assert stepper.verdict.right and stepper.slider.value == 3


def test_an_answer_that_cannot_be_read_keeps_the_question(stepper):
    stepper.step_to(2)
    stepper.next_button.click()
    stepper.answer("three")
    assert stepper.question is not None and stepper.score.asked == 0
    assert "which is not a number" in stepper.verdict_text
    assert stepper.next_button.disabled  # answer or reveal first


def test_reveal_shows_the_step_without_counting(stepper):
    stepper.step_to(12)
    stepper.next_button.click()
    stepper.reveal_button.click()
    assert stepper.slider.value == 13 and stepper.score.asked == 0
    assert stepper.verdict_text.startswith("The search says I and J.")


def test_steps_already_shown_are_shown_again_without_a_question(stepper):
    walk(stepper)
    stepper.prev_button.click()
    stepper.prev_button.click()
    stepper.next_button.click()
    assert stepper.question is None and stepper.slider.value == len(stepper.trace) - 2


def test_the_teacher_turns_the_mode_off_and_on_and_chooses_the_kinds(stepper):
    assert stepper.slider.disabled and stepper.cutoff_button.disabled  # they would skip questions
    assert "turn predict mode off to drag" in stepper.slider.tooltip  # a drag that does nothing says why
    stepper.predict_toggle.value = False
    assert not stepper.slider.disabled and not stepper.cutoff_button.disabled
    assert not stepper.slider.tooltip
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.question is None and stepper.slider.value == 2  # a plain stepper again
    stepper.predict_toggle.value = True
    stepper.ask_boxes[Ask.LEAF].value = False
    stepper.ask_boxes[Ask.CUTOFF].value = False
    assert stepper.ask == {Ask.UPDATE}
    stepper.next_button.click()
    assert stepper.question.kind is Ask.UPDATE
    stepper.ask_boxes[Ask.UPDATE].value = False
    assert stepper.question is None  # a kind no longer asked is dropped
    stepper.reset_button.click()
    assert stepper.score.text == "no predictions yet"


@pytest.mark.parametrize("make", [
    lambda: gametree.trace_alpha_beta(gametree.random_tree(2, 3, seed=4)),
    lambda: gametree.trace_alpha_beta([[3, 4], [3, 1]], strict=True),
    lambda: trace_game(TicTacToe(), TicTacToeState.from_text("XOX OOX ...")),
    lambda: gametree.trace_alpha_beta(gametree.Tree.from_nested([[4, [6, 2]], 5],
                                                                root=gametree.Player.MIN)),
])
def test_random_trees_both_rules_and_game_traces(make):
    trace = make()
    stepper = PredictStepper(trace)
    assert walk(stepper) == len(questions(trace))
    assert stepper.score.right == stepper.score.asked


def test_editing_the_tree_starts_a_new_round():
    stepper = PredictStepper([5, 6, 7, 4], branching=2, editable=True)
    walk(stepper)
    stepper.leaves_box.value = "5 6 4 7"
    assert stepper.score.asked == 0 and stepper.question is None and stepper.slider.value == 0
    stepper.next_button.click()
    stepper.next_button.click()
    assert stepper.question == question_before(stepper.trace, 2)


def test_a_stepper_in_normal_mode_is_unchanged():
    plain, predict = Stepper(*FIG52[:1], branching=3), PredictStepper(*FIG52[:1], branching=3,
                                                                       predict=False)
    for index in (0, 5, 13):
        plain.step_to(index)
        predict.step_to(index)
        assert plain.caption_text == predict.caption_text
        assert bytes(plain.image.value) == bytes(predict.image.value)


@pytest.mark.parametrize("options, error", [({"predict": "yes"}, TypeError),
                                            ({"ask": ["leaves"]}, ValueError),
                                            ({"ask": "leaf"}, TypeError)])
def test_options_are_checked(options, error):
    with pytest.raises(error):
        PredictStepper([3, 5, 2, 9], branching=2, **options)


def test_each_new_question_clears_the_last_verdict(stepper):
    cut = stepper.trace.cutoffs[0]
    stepper.step_to(cut.index - 1)
    stepper.next_button.click()
    stepper.answer("I, J")
    assert stepper.verdict.right and "Right" in stepper.verdict_html.value
    while stepper.question is None:  # the case: "What is v at A now?" under "Right: ..."
        stepper.next_button.click()
    assert stepper.verdict_html.value == "" and stepper.verdict_text == ""
    stepper.answer("x")  # a typo is said under the question it is about ...
    assert "not a number" in stepper.verdict_text and "not a number" in stepper.verdict_html.value
    stepper.prev_button.click()  # ... and goes with it
    assert stepper.question is None and stepper.verdict_html.value == ""


def test_enter_on_an_empty_box_says_what_to_type(stepper):
    stepper.step_to(2)
    stepper.next_button.click()
    assert stepper.question.kind is Ask.UPDATE
    stepper.answer_box._handle_custom_msg({"event": "submit"}, [])  # Enter, as the browser sends it
    assert stepper.question is not None and stepper.score.asked == 0
    assert stepper.verdict_text.startswith("the answer is blank; type")
    assert "the answer is blank" in stepper.verdict_html.value
    stepper.answer_box.value = "3"  # then a number: answered as usual
    assert stepper.verdict.right and stepper.verdict_html.value.count("Right") == 1
