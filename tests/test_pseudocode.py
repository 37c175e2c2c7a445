"""Named pseudocode lines: gametree.pseudocode.Listing."""

import dataclasses

import pytest

from gametree.pseudocode import Listing

LINES = [("", "function F(node)"), ("leaf", "  if node is a leaf: return it"),
         ("", "  for each child:"), ("update", "    v = max(v, F(child))"), ("return", "  return v")]


@pytest.fixture
def listing():
    return Listing.of("F", LINES)


def test_code_is_the_texts_in_order_without_names(listing):
    assert listing.code == tuple(text for _, text in LINES)
    assert listing.title == "F"


def test_a_name_resolves_to_its_line_counting_from_one(listing):
    for number, (name, text) in enumerate(LINES, start=1):
        if name:
            assert listing.number(name) == number
            assert listing.code[listing.number(name) - 1] == text


def test_numbers_keeps_the_order_given(listing):
    assert listing.numbers(["return", "leaf"]) == (5, 2)
    assert listing.numbers(()) == ()


def test_names_are_the_named_lines_only(listing):
    assert listing.names == frozenset({"leaf", "update", "return"})


def test_an_unknown_name_is_refused_with_the_names_there_are(listing):
    with pytest.raises(ValueError, match="no line named 'test'; its names are 'leaf', 'return', 'update'"):
        listing.number("test")
    with pytest.raises(ValueError, match="no line named 'nope'"):
        listing.numbers(["leaf", "nope"])


def test_a_string_for_numbers_is_refused(listing):
    with pytest.raises(TypeError, match="sequence of names"):
        listing.numbers("leaf")


def test_a_name_used_twice_is_refused():
    with pytest.raises(ValueError, match="names two lines 'a' \\(lines 1 and 3\\)"):
        Listing.of("F", [("a", "x"), ("", "y"), ("a", "z")])


@pytest.mark.parametrize("lines", [[("a",)], [("a", 1)], ["a line"], [(1, "x")]])
def test_a_line_that_is_not_a_pair_of_strings_is_refused(lines):
    with pytest.raises(TypeError, match="line 1 of the listing F must be a \\(name, text\\) pair"):
        Listing.of("F", lines)


def test_an_empty_listing_or_a_title_not_a_string_is_refused():
    with pytest.raises(ValueError, match="no lines"):
        Listing.of("F", [])
    with pytest.raises(TypeError, match="title must be a string"):
        Listing.of(None, LINES)


def test_a_listing_is_frozen_and_equal_by_its_lines_and_names(listing):
    with pytest.raises(dataclasses.FrozenInstanceError):
        listing.code = ()
    assert listing == Listing.of("F", LINES)
    assert hash(listing) == hash(Listing.of("F", LINES))
    assert listing != Listing.of("F", LINES[:-1])
    assert listing != Listing.of("F", [("", text) for _, text in LINES])
