"""Predict, then reveal (gametree.practice.predict): what is asked before
each step, how an answer is read and judged, and the score.  The trace is
the source of truth: every expected answer below is read off it."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.games import TicTacToe, TicTacToeState, trace_game
from gametree.practice.predict import (
    ASK_ALL,
    Ask,
    Score,
    check_ask,
    judge,
    question_before,
    questions,
    read_answer,
)
from gametree.trace import StepKind

FIG52 = ([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)


@pytest.fixture
def trace():
    return gametree.trace_alpha_beta(*FIG52)


def cut_tests(trace):
    """Steps i whose step i - 1 is an update with children left to search."""
    return [i for i in range(1, len(trace))
            if trace[i - 1].kind is StepKind.UPDATE
            and trace[i - 1].child.id != trace[i - 1].node.children[-1]]


def test_every_cut_test_is_asked_whether_or_not_it_cuts(trace):
    asked = [q for q in questions(trace) if q.kind is Ask.CUTOFF]
    assert [q.step for q in asked] == cut_tests(trace)
    # The cutoffs are exactly the questions with something to prune.
    assert [q.step for q in asked if q.answer] == [s.index for s in trace.cutoffs]
    assert [q.answer for q in asked if q.answer] == [frozenset({"I", "J"})]


def test_leaf_questions_name_the_leaf_the_next_step_evaluates(trace):
    for question in questions(trace, ["leaf"]):
        now = trace[question.step]
        if now.kind is StepKind.LEAF:
            assert question.answer == now.node.name
        assert question.answer in question.choices + (None,)


def test_update_questions_ask_for_the_v_the_step_computes(trace):
    updates = [s for s in trace if s.kind is StepKind.UPDATE]
    asked = questions(trace, ["update"])
    assert [q.step for q in asked] == [s.index for s in updates]
    assert [q.answer for q in asked] == [s.v for s in updates]
    assert [q.reason for q in asked] == [s.caption for s in updates]


def test_without_cutoff_questions_a_cut_test_asks_for_the_next_leaf_even_after_a_cut(trace):
    cut = trace.cutoffs[0]  # C prunes I and J; the next leaf is K, under D
    question = question_before(trace, cut.index, ["leaf"])
    assert question.kind is Ask.LEAF and question.answer == "K"
    assert question.reason.startswith(cut.caption) and question.reason.endswith("is K")
    assert "I" in question.choices  # a pruned leaf may be clicked: it is judged wrong
    assert not judge(question, "I").right


def test_a_question_before_the_last_leaf_can_be_answered_none():
    trace = gametree.trace_alpha_beta([[3, 12], [2, 4]])  # C cuts after 2: no leaf follows
    question = question_before(trace, trace.cutoffs[0].index, ["leaf"])
    assert question.answer is None and question.answer_text == "no leaf"
    assert judge(question, read_answer(question, "none")).right


def test_the_strict_rule_does_not_cut_on_a_tie():
    ties = gametree.trace_alpha_beta([[3, 4], [3, 1]])
    strict = gametree.trace_alpha_beta([[3, 4], [3, 1]], strict=True)
    at_c = [q for q in questions(ties) if q.kind is Ask.CUTOFF and q.node.name == "C"]
    at_c_strict = [q for q in questions(strict) if q.kind is Ask.CUTOFF and q.node.name == "C"]
    assert at_c[0].answer == frozenset({"G"}) and "alpha = 3 >= beta = 3" in at_c[0].reason
    assert at_c_strict[0].answer == frozenset()
    assert at_c_strict[0].reason == "MIN node C: alpha = 3 is not > beta = 3, so there is no cutoff"


def test_questions_follow_the_kinds_asked(trace):
    assert questions(trace, []) == []
    assert {q.kind for q in questions(trace, ["update"])} == {Ask.UPDATE}
    assert {q.kind for q in questions(trace)} == ASK_ALL
    assert question_before(trace, 0) is None  # nothing comes before the first step


def test_a_game_trace_asks_the_same_way():
    game = TicTacToe()
    trace = trace_game(game, TicTacToeState.from_text("XOX OOX ..."))
    asked = questions(trace)
    assert asked and all(judge(q, q.answer).right for q in asked)
    assert sum(1 for q in asked if q.kind is Ask.CUTOFF and q.answer) == len(trace.cutoffs)


def test_an_uneven_tree_with_min_at_the_root():
    tree = gametree.Tree.from_nested([[4, [6, 2]], 5, [[1, 9], 3]], root=gametree.Player.MIN)
    trace = gametree.trace_alpha_beta(tree)
    asked = questions(trace)
    assert {q.kind for q in asked} == ASK_ALL
    for question in asked:
        assert judge(question, read_answer(question, question.answer_text.replace(" and", ","))
                     ).right


@st.composite
def traces(draw):
    branching = draw(st.integers(2, 3))
    depth = draw(st.integers(1, 3))
    leaves = draw(st.lists(st.integers(0, 6), min_size=branching**depth,
                           max_size=branching**depth))
    return gametree.trace_alpha_beta(leaves, branching, strict=draw(st.booleans()))


@settings(max_examples=40, deadline=None)
@given(traces())
def test_the_right_answer_typed_in_is_right_and_a_wrong_one_is_not(trace):
    for question in questions(trace):
        typed = question.answer_text.replace(" and", ",")
        assert read_answer(question, typed) == question.answer
        assert judge(question, read_answer(question, typed)).right
        if question.kind is Ask.UPDATE:
            wrong = question.answer + 1 if not math.isinf(question.answer) else 0
        elif question.kind is Ask.LEAF:
            wrong = next((c for c in question.choices if c != question.answer), None)
            if wrong is None and question.answer is None:
                continue  # no other leaf is left to name
        else:
            wrong = question.answer ^ {question.choices[0]}
        verdict = judge(question, wrong)
        assert not verdict.right and verdict.message.startswith("Not quite")


def test_the_score_counts_answers_and_reads_as_a_sentence(trace):
    question = question_before(trace, 13)
    score = Score()
    assert score.text == "no predictions yet"
    score = score.after(judge(question, frozenset({"I", "J"})))
    assert score.text == "1 of 1 prediction right"
    score = score.after(judge(question, frozenset()))
    assert score == Score(1, 2) and score.text == "1 of 2 predictions right"


@pytest.mark.parametrize("step, text, words", [
    (13, "", "the answer is blank"),
    (13, "Q", "there is no node 'Q'; the nodes are named A to M"),
    (13, "E", "E is not a child of MIN node C"),
    (2, "B", "B is a MIN node, not a leaf"),
    (2, "E F", "name one leaf, not 2 nodes"),
    (3, "three", "v at B is 'three', which is not a number"),
])
def test_answers_that_cannot_be_read_get_a_sentence(trace, step, text, words):
    with pytest.raises(ValueError, match=words):
        read_answer(question_before(trace, step), text)


def test_none_and_infinity_are_read(trace):
    assert read_answer(question_before(trace, 13), "none") == frozenset()
    assert read_answer(question_before(trace, 3), "+inf") == math.inf
    assert read_answer(question_before(trace, 2), " e ") == "E"


@pytest.mark.parametrize("ask, error", [("leaf", TypeError), (["leaves"], ValueError),
                                         (3, TypeError)])
def test_kinds_are_checked(ask, error):
    with pytest.raises(error):
        check_ask(ask)


def test_steps_are_checked(trace):
    with pytest.raises(IndexError, match="steps 0 to 25"):
        question_before(trace, 26)
    with pytest.raises(TypeError):
        question_before(trace, 2.0)
    assert question_before(trace, 25) is None  # the root's return asks nothing


def test_judge_refuses_answers_of_the_wrong_form(trace):
    with pytest.raises(TypeError):
        judge(question_before(trace, 3), "3")
    with pytest.raises(TypeError):
        judge(question_before(trace, 13), "I")
    with pytest.raises(TypeError):
        judge(question_before(trace, 2), 3)
