"""Named pseudocode lines: gametree.listing.Listing."""

import dataclasses

import pytest

from gametree import Tree, trace_alpha_beta, trace_expectiminimax, trace_maxn
from gametree.chance import EXPECTIMINIMAX_STEPS, STAR1_STEPS, chance_listing
from gametree.games import TreeGame, windows
from gametree.listing import Listing
from gametree.trace import ALPHA_BETA_STEPS, CUTOFF, ENTER, LEAF, RESEARCH, RETURN, TABLE, UPDATE
from gametree.trace import listing as alpha_beta_listing
from gametree.vectors import MAXN_STEPS, maxn_listing

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


# --- every search's line names -----------------------------------------------------------
# Each traced search names the lines its steps run; its listing resolves the
# names.  The numbers below are the ones the searches wrote by hand before
# their lines had names: resolving the names must give them back, so every
# highlighted line, picture and slide stays where it was.


def _by_player(table):
    """{(kind, player): lines} from {kind: (at MAX, at MIN)}."""
    return {(kind, player): lines[k] for kind, lines in table.items()
            for k, player in enumerate(("MAX", "MIN"))}


BEFORE = {
    "alpha-beta": (alpha_beta_listing(), ALPHA_BETA_STEPS, _by_player({
        LEAF: ((2,), (2,)), ENTER: ((3, 4), (10, 11)), UPDATE: ((6, 7), (13, 14)),
        CUTOFF: ((8,), (15,)), RETURN: ((9,), (16,))})),
    "expectiminimax": (chance_listing(), EXPECTIMINIMAX_STEPS, {
        **_by_player({LEAF: ((2,), (2,)), ENTER: ((3, 4), (8, 9)), UPDATE: ((6,), (11,)),
                      RETURN: ((7,), (12,))}),
        (LEAF, "CHANCE"): (2,), (ENTER, "CHANCE"): (13, 14), (UPDATE, "CHANCE"): (16,),
        (RETURN, "CHANCE"): (17,)}),
    "star1": (chance_listing(True), STAR1_STEPS, {
        **_by_player({LEAF: ((2,), (2,)), ENTER: ((3, 4), (9, 10)), UPDATE: ((6, 7), (12, 13)),
                      CUTOFF: ((8,), (14,)), RETURN: ((24,), (24,))}),
        (LEAF, "CHANCE"): (2,), (ENTER, "CHANCE"): (15, 16), (UPDATE, "CHANCE"): (21,),
        (RETURN, "CHANCE"): (24,), "fails low": (22,), "fails high": (23,)}),
    "max^n": (maxn_listing(), {k: v for k, v in MAXN_STEPS.items() if k is not CUTOFF},
              {LEAF: (2,), ENTER: (3, 4), UPDATE: (6, 7), RETURN: (8,)}),
    "shallow": (maxn_listing(True), MAXN_STEPS,
                {LEAF: (2,), ENTER: (3, 4), UPDATE: (6, 7), CUTOFF: (8,), RETURN: (9,)}),
    "null-window test": (windows.TEST_LISTING, windows.TEST_STEPS, {
        **_by_player({LEAF: ((9,), (9,)), ENTER: ((10,), (10,)),
                      UPDATE: ((12, 13, 14), (12, 15, 16)), CUTOFF: ((17,), (17,)),
                      RETURN: ((18,), (18,))}),
        "pass": (1, 2), "fails high": (3, 4), "fails low": (5, 6)}),
    "PVS": (windows.PVS_LISTING, windows.PVS_STEPS, _by_player({
        LEAF: ((2,), (2,)), ENTER: ((3,), (3,)), "first": ((6, 15, 16), (6, 17, 18)),
        "tested": ((8, 15, 16), (12, 17, 18)), "re-searched": ((10, 15, 16), (14, 17, 18)),
        RESEARCH: ((9, 10), (13, 14)), CUTOFF: ((19,), (19,)), RETURN: ((20,), (20,))})),
    "MTD(f)": (windows.MTDF_LISTING, windows.MTDF_STEPS, {
        **_by_player({LEAF: ((11,), (11,)), TABLE: ((12,), (12,)), ENTER: ((13,), (13,)),
                      UPDATE: ((15, 16, 17), (15, 18, 19)), CUTOFF: ((20,), (20,)),
                      RETURN: ((21, 22), (21, 22))}),
        "first pass": (2, 3, 4, 5), "pass": (3, 4, 5), "fails low": (6,), "fails high": (7,)}),
}


@pytest.mark.parametrize("search", sorted(BEFORE))
def test_each_search_names_only_lines_its_listing_has_and_they_are_the_old_numbers(search):
    code, steps, numbers = BEFORE[search]
    assert steps.keys() == numbers.keys()
    for what, names in steps.items():
        assert set(names) <= code.names, (what, set(names) - code.names)
        assert code.numbers(names) == numbers[what], what


FIG52 = [3, 12, 8, 2, 4, 6, 14, 5, 2]
TRACES = {
    "alpha-beta": lambda: trace_alpha_beta(FIG52, 3),
    "alpha-beta, strict, three players": lambda: trace_alpha_beta(
        [[[3, 12], [8, 5]], [[2, 6], [14, 5]]], strict=True, players=["MAX", "MIN", "MIN"]),
    "fail-hard": lambda: trace_alpha_beta(FIG52, 3, fail_hard=True),
    "expectiminimax": lambda: trace_expectiminimax([[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]]),
    "star1": lambda: trace_expectiminimax([[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]],
                                          bounds=(0, 10)),
    "max^n": lambda: trace_maxn([[(4, 3, 1), (1, 5, 2)], [(2, 2, 2)]]),
    "shallow": lambda: trace_maxn([[(6, 2, 2), (1, 1, 8)], [(1, 8, 1), (7, 2, 1)]], total=10),
    "null-window test": lambda: windows.trace_null_window(FIG52, 3, beta=4),
    "PVS": lambda: windows.trace_pvs([[1, 2], [5, 6], [7, 8]], strict=True),
    "MTD(f)": lambda: windows.trace_mtdf(FIG52, 3, guess=5),
}


@pytest.mark.parametrize("search", sorted(TRACES))
def test_every_name_a_trace_uses_is_in_its_listing_and_every_step_resolves(search):
    trace = TRACES[search]()
    used = trace.words.used_names()
    assert used and used <= trace.listing.names, used - trace.listing.names
    assert trace.code == trace.listing.code
    for step in trace:
        names = step.line_names
        assert set(names) <= used, (step, names)
        assert step.lines == trace.listing.numbers(names)


def test_a_recorder_refuses_a_name_its_listing_does_not_have():
    with pytest.raises(ValueError, match="the listing PVS has no line named 'nope'"):
        windows.TreeRecorder(TreeGame(Tree.from_leaves(FIG52, 3)), "PVS", windows.PVS_LISTING,
                             {**windows.PVS_STEPS, "odd": ("nope",)})
