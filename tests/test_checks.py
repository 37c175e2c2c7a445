"""check_leaves: its C-level bulk passes refuse exactly what the one-by-one
check refuses, anywhere in a long list, with the same sentence.

Plain int and float lists are proved good by the set of types and a
Euclidean norm (math.hypot, in chunks); the tests put each kind of bad
score where the bulk passes could miss it (past a chunk, next to the limit,
beside an inf that hides a NaN in the norm, beyond any float) and compare
the message with check_score's for that score at that position.
"""

from __future__ import annotations

import math

import pytest

from gametree import alpha_beta
from gametree.checks import MAX_SCORE, check_leaves, check_score
from gametree.text import ordinal

LONG = 70_000
"""Longer than one chunk of the norm, so a bad score can sit in a later one."""

NEXT_FLOAT_PAST_LIMIT = math.nextafter(float(MAX_SCORE), math.inf)


class Score(int):
    """An int subclass: a score like any other, checked one by one."""


def message_for(value, index):
    """What the one-by-one check says about ``value`` as leaf ``index``."""
    with pytest.raises((TypeError, ValueError)) as caught:
        check_score(value, f"the {ordinal(index + 1)} leaf score")
    return caught.type, str(caught.value)


BAD = [MAX_SCORE + 1, -MAX_SCORE - 1, NEXT_FLOAT_PAST_LIMIT, -NEXT_FLOAT_PAST_LIMIT, math.nan,
       math.inf, -math.inf, True, False, 10**400, -(2**1100), Score(MAX_SCORE + 1), "3", None]


FILLERS = [0, 7.5, MAX_SCORE, -float(MAX_SCORE)]
"""What the other leaves score: whole, fractional, on the limit either side."""

# Every bad score with every filler in the last chunk (the norm of a later
# chunk must find it), and every bad score early in the first chunk too,
# among zeros: each bad score meets each filler and each place, in half
# the cases of all 168 combinations.
PLACES = [(bad, filler, LONG - 1) for bad in BAD for filler in FILLERS] + \
         [(bad, 0, index) for bad in BAD for index in (0, 3)]


@pytest.mark.parametrize("bad, filler, index", PLACES,
                         ids=[f"{bad!r}-{filler!r}-{index}" for bad, filler, index in PLACES])
def test_a_bad_score_anywhere_in_a_long_list_is_named_as_the_one_by_one_check_names_it(
        bad, filler, index):
    leaves = [filler] * LONG
    leaves[index] = bad
    kind, words = message_for(bad, index)
    with pytest.raises(kind) as caught:
        check_leaves(leaves)
    assert str(caught.value) == words


def test_the_first_bad_score_is_named_when_an_inf_hides_a_nan_in_the_norm():
    leaves = [1] * LONG
    leaves[5], leaves[LONG - 2] = math.nan, math.inf
    with pytest.raises(ValueError) as caught:
        check_leaves(leaves)
    assert str(caught.value) == message_for(math.nan, 5)[1]


@pytest.mark.parametrize("leaves", [
    [MAX_SCORE] * LONG,                       # a norm far past the limit, every score on it
    [-MAX_SCORE, float(MAX_SCORE)] * 8,
    [MAX_SCORE - 1] * 3 + [0.5] * 13,
    [2**49] * 16,
    [Score(MAX_SCORE), -MAX_SCORE, 0, 1],      # a subclass, one by one
    [5e-324, -0.0, 0, 1] * 4,
], ids=["many at the limit", "both signs", "mixed", "2**49", "int subclass", "tiny floats"])
def test_scores_up_to_the_limit_are_taken_however_large_their_norm(leaves):
    assert check_leaves(leaves) == leaves


def test_the_search_refuses_a_bad_leaf_that_it_would_never_read():
    leaves = [5, 6, 7, 4] * 4**5  # 4**6 leaves; the search reads few of them
    assert alpha_beta(leaves, 4)[1] < len(leaves) // 4
    leaves[-1] = NEXT_FLOAT_PAST_LIMIT
    with pytest.raises(ValueError) as caught:
        alpha_beta(leaves, 4)
    assert str(caught.value) == message_for(NEXT_FLOAT_PAST_LIMIT, len(leaves) - 1)[1]
