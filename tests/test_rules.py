"""The cut rule: fixed examples of each test, its words and symbols."""

import pytest

from gametree import trace_alpha_beta
from gametree.rules import CutRule


@pytest.mark.parametrize("alpha, beta, ties, strict", [
    (3, 2, True, True),      # a clear cut under both rules
    (3, 3, True, False),     # a tie: AIMA's >= cuts, CS188's > does not
    (2, 3, False, False),    # an open window: neither cuts
    (float("-inf"), float("inf"), False, False),
    (5, float("-inf"), True, True),
])
def test_each_rule_cuts_exactly_when_its_test_holds(alpha, beta, ties, strict):
    assert CutRule.TIES.cuts(alpha, beta) is ties
    assert CutRule.STRICT.cuts(alpha, beta) is strict


@pytest.mark.parametrize("rule, alpha, beta, words", [
    (CutRule.TIES, 3, 2, "alpha = 3 >= beta = 2"),
    (CutRule.TIES, 3, 3, "alpha = 3 >= beta = 3"),
    (CutRule.TIES, 3, 5, "alpha = 3 is not >= beta = 5"),
    (CutRule.STRICT, 3, 2, "alpha = 3 > beta = 2"),
    (CutRule.STRICT, 3, 3, "alpha = 3 is not > beta = 3"),
    (CutRule.STRICT, float("-inf"), float("inf"), "alpha = −∞ is not > beta = +∞"),
])
def test_the_test_in_words_is_the_pseudocodes_test(rule, alpha, beta, words):
    assert rule.compare(alpha, beta) == words
    assert "<=" not in rule.compare(alpha, beta)  # <= never signals a cut


def test_no_cutoff_is_said_in_words():
    assert CutRule.STRICT.no_cutoff(3, 3) == "alpha = 3 is not > beta = 3, so there is no cutoff"


def test_the_public_flag_converts_once():
    assert CutRule.of(False) is CutRule.TIES and CutRule.of(True) is CutRule.STRICT
    assert CutRule.of(CutRule.STRICT) is CutRule.STRICT
    with pytest.raises(TypeError, match="strict must be True or False, not 'yes'"):
        CutRule.of("yes")
    with pytest.raises(TypeError, match="strict must be True or False"):
        CutRule.of(1)


def test_the_rule_owns_its_symbols_and_sources():
    assert (CutRule.TIES.symbol, CutRule.STRICT.symbol) == (">=", ">")
    assert (CutRule.TIES.test, CutRule.STRICT.test) == ("alpha >= beta", "alpha > beta")
    assert (CutRule.TIES.source, CutRule.STRICT.source) == ("AIMA", "CS188")
    assert f"cut when {CutRule.STRICT}" == "cut when alpha > beta"


def test_a_trace_carries_the_rule_it_was_made_with():
    assert trace_alpha_beta([[3, 4], [3, 1]]).rule is CutRule.TIES
    strict = trace_alpha_beta([[3, 4], [3, 1]], strict=True)
    assert strict.rule is CutRule.STRICT and strict.strict is True
    assert all(step.rule is CutRule.STRICT for step in strict)
