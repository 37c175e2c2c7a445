"""Reading typed trees: literal_eval only, clear messages."""

import pytest

from gametree import parse_leaves, parse_tree


@pytest.mark.parametrize("text", ["3 12 8", "3,12,8", " [3, 12, 8] ", "3,\t12\n8"])
def test_leaves_in_every_usual_spelling(text):
    assert parse_leaves(text) == [3, 12, 8]


def test_leaves_keep_ints_and_floats_apart():
    assert [type(x) for x in parse_leaves("1 2.5 -3")] == [int, float, int]


@pytest.mark.parametrize(
    "text, words",
    [("", "no leaf scores"), ("3 twelve 8", "the 2nd score, 'twelve', is not"), ("1 nan", "finite"),
     ("1 inf", "finite"), ("1;2", "the 1st score, '1;2'")],
)
def test_bad_leaves(text, words):
    with pytest.raises(ValueError, match=words):
        parse_leaves(text)


@pytest.mark.parametrize("text, words", [
    ("[3, 12, 8", r"open with '\[' but do not end with '\]'"),
    ("3, 12, 8]", r"end with '\]' but do not open with '\['"),
    ("[3, 12, 8", r"close the bracket, as in \[3, 12, 8\]"),
])
def test_an_unmatched_bracket_is_refused_not_dropped_with_a_score(text, words):
    """Dropping the first and last character of "[3, 12, 8" would read [3, 12]."""
    with pytest.raises(ValueError, match=words):
        parse_leaves(text)
    assert parse_leaves(text.strip("[]")) == parse_leaves(f"[{text.strip('[]')}]") == [3, 12, 8]


def test_tree_text_is_parsed_without_eval():
    assert parse_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").leaf_scores == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    with pytest.raises(ValueError, match="could not read"):
        parse_tree("[[1, 2], [len('ab'), 3]]")


@pytest.mark.parametrize(
    "text, words",
    [("", "no tree given"), ("[[1, 2], [3, 4]", "never closed"), ("'[[1]]'", "remove the quotes"),
     ("[[1, 2], ['a', 3]]", r"position \[1, 0\]"), ("[[1, 2], []]", "is empty"),
     ("[" * 5000 + "]" * 5000, "could not read|deeper than"), ("{1: 2}", "leaf|root")],
)
def test_bad_tree_text_is_a_value_error_with_a_hint(text, words):
    with pytest.raises(ValueError, match=words):
        parse_tree(text)


def test_non_text_is_a_type_error():
    with pytest.raises(TypeError):
        parse_tree([[1, 2]])
    with pytest.raises(TypeError):
        parse_leaves(3)
