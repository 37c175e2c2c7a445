"""Predict mode: "none" to "Which leaf is evaluated next?" is right only
when no leaf comes; before a leaf it is a wrong answer, counted as one."""

from gametree import trace_alpha_beta
from gametree.practice.predict import Ask, Score, judge, questions, read_answer


def test_none_is_right_only_when_no_leaf_comes():
    # AIMA's Figure 5.2: alpha-beta reads E, F, G, H, K, L, M (I and J are
    # pruned), and each leaf question names the next of them.
    trace = trace_alpha_beta([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    leaf_questions = questions(trace, ask=["leaf"])
    assert all(q.kind is Ask.LEAF for q in leaf_questions)
    named = [q for q in leaf_questions if q.answer is not None]
    assert list(dict.fromkeys(q.answer for q in named)) == ["E", "F", "G", "H", "K", "L", "M"]
    for question in leaf_questions:
        verdict = judge(question, read_answer(question, "none"))
        assert verdict.right is (question.answer is None), question.text
    first = named[0]
    wrong = judge(first, read_answer(first, "none"))
    assert not wrong.right and "no leaf" in wrong.message and "E" in wrong.message
    assert Score().after(wrong) == Score().after(judge(first, read_answer(first, "F")))
