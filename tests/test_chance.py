"""Trees with chance nodes: the model, expectiminimax, its trace, and Star1.

The textbook facts checked here: a chance node is worth the sum of
probability × value over its outcomes (AIMA 4e, section 5.5); with leaves
bounded in [L, U], Ballard's Star1 stops a chance node as soon as
v + r × U <= alpha or v + r × L >= beta (r the probability still to come)
and finds the same value as plain expectiminimax; without bounds nothing
can be pruned at a chance node.
"""

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import (
    CHANCE,
    MAX,
    MIN,
    StepKind,
    Tree,
    expected_values,
    expectiminimax,
    random_chance_tree,
    trace_alpha_beta,
    trace_expectiminimax,
)
from gametree.chance import chance_pseudocode
from gametree.checks import PROBABILITY_TOLERANCE
from gametree.trace import Status

BRIEF = [[(0.5, [3, 5]), (0.5, [1, 9])], [(1 / 6, 4), (5 / 6, [2, 8])]]
"""The tree the issue writes: MAX over two chance nodes."""
HALVES = [[(0.5, [3, 5]), (0.5, [1, 9])], [(0.5, [0, 2]), (0.5, [4, 8])]]
CUT = [[(0.5, 8), (0.5, 6)], [(0.5, 1), (0.5, 9)]]
"""B = 7; C's first outcome, 1, leaves C at most 0.5 + 0.5 × 10 = 5.5 with leaves in [0, 10]."""


# --- the tree model -------------------------------------------------------------------


def test_a_chance_node_hands_the_move_to_the_opponent_of_the_player_above_it():
    tree = Tree.from_nested(BRIEF)
    players = {node.name: node.player for node in tree}
    assert players["A"] is MAX and players["B"] is CHANCE and players["C"] is CHANCE
    # Below the chance nodes under MAX: MIN (backgammon's MAX, chance, MIN, chance, MAX).
    assert [tree[c].player for c in tree["B"].children] == [MIN, MIN]
    assert tree["G"].player is MIN and [tree[c].player for c in tree["G"].children] == [MAX, MAX]


def test_the_layering_goes_on_below_the_opponent():
    tree = Tree.from_nested([[(1, [[(0.5, 1), (0.5, 2)]])]])  # MAX, chance, MIN, chance, leaves
    assert [str(n.player) for n in tree] == ["MAX", "chance", "MIN", "chance", "MAX", "MAX"]


@pytest.mark.parametrize("root, below", [(MAX, MAX), (MIN, MIN)])
def test_a_chance_node_at_the_root_is_a_roll_before_the_first_move(root, below):
    tree = Tree.from_nested([(0.5, [3, 5]), (0.5, [1, 9])], root=root)
    assert tree.root.player is CHANCE
    assert [n.player for n in tree.children(tree.root)] == [below, below]


def test_two_rolls_in_a_row_are_one_roll_for_whose_turn_it_is():
    tree = Tree.from_nested([[(0.5, [(0.5, [1, 2]), (0.5, [3, 4])]), (0.5, [5, 6])]])
    assert tree["B"].player is CHANCE and tree["C"].player is CHANCE  # chance under chance
    assert [tree[c].player for c in tree["C"].children] == [MIN, MIN]  # still MAX's opponent
    assert tree["D"].player is MIN


def test_probabilities_sit_on_the_edges_into_the_outcomes():
    tree = Tree.from_nested(BRIEF)
    assert [n.probability for n in tree.children("B")] == [0.5, 0.5]
    assert [n.probability for n in tree.children("C")] == [1 / 6, 5 / 6]
    assert tree.root.probability is None and tree["B"].probability is None  # under MAX: none
    assert tree.probability_of(tree["D"].id) == 0.5


def test_nested_lists_round_trip_with_pairs_and_fractions():
    nested = [[(Fraction(1, 3), [3, 5]), (Fraction(2, 3), 1)], [(1, [[2, 8], 4])]]
    tree = Tree.from_nested(nested)
    assert tree.to_nested() == nested
    assert Tree.from_nested(tree.to_nested()) == tree
    assert tree != Tree.from_nested([[(Fraction(2, 3), [3, 5]), (Fraction(1, 3), 1)], [(1, [[2, 8], 4])]])


def test_trees_without_chance_nodes_are_as_before():
    complete = Tree.from_leaves([3, 12, 8, 2, 4, 6, 14, 5, 2], 3)
    assert type(complete).__name__ == "CompleteTree"  # the fast path is kept
    assert not complete.has_chance and all(n.probability is None for n in complete)
    assert Tree.from_nested([[3, 5], (2, 9, 4)]).leaf_scores == [3, 5, 2, 9, 4]  # a tuple node
    assert Tree.from_nested(BRIEF).has_chance


def test_chance_has_no_opponent():
    assert MAX.other is MIN and MIN.other is MAX
    with pytest.raises(ValueError, match="no opponent"):
        _ = CHANCE.other


@pytest.mark.parametrize("nested, error, words", [
    ([(-0.5, 3), (1.5, 4)], ValueError, "1st probability of the chance node at the root is -0.5 (negative)"),
    ([(0.5, 3), (0.4, 4)], ValueError, "add up to 0.9, not 1"),
    ([(Fraction(1, 3), 3), (Fraction(1, 3), 4)], ValueError, "add up to 2/3, not 1"),
    ([[(0.5, 3), (0.6, 4)]], ValueError, "the chance node at position [0] add up to 1.1"),
    ([("half", 3), (0.5, 4)], TypeError, "the pair at position [0] is ('half', 3)"),
    ([([0.5], 3), (0.5, 4)], TypeError, "write each outcome of a chance node as (probability, subtree)"),
    ([(0.5, "x"), (0.5, 4)], TypeError, "the leaf at position [0] is 'x' (str)"),
    ([(0.5, 3), 4], ValueError, "mixes (probability, subtree) pairs with plain children (item 1 is 4)"),
    ([(0.5, 3), (0.25, 4, 5)], ValueError, "a tuple of 3 items"),
    ([(True, 3)], TypeError, "a probability is a number from 0 to 1"),
    ([(float("nan"), 3), (1, 4)], ValueError, "a probability is a number from 0 to 1"),
    ([(0.5, []), (0.5, 1)], ValueError, "the list at position [0] is empty"),
])
def test_bad_chance_nodes_are_refused_with_a_sentence(nested, error, words):
    with pytest.raises(error) as caught:
        Tree.from_nested(nested)
    assert words in str(caught.value)


def test_a_chance_node_without_children_is_refused():
    with pytest.raises(ValueError, match="chance node A has no children"):
        Tree.unfold("roll", lambda p: None, lambda p: 0, player=lambda p: CHANCE)


def test_unfold_checks_the_probabilities_of_every_chance_node():
    kids = {"roll": ["a", "b"]}
    with pytest.raises(ValueError, match="the probabilities of chance node A add up to 0.75"):
        Tree.unfold("roll", kids.get, lambda p: 1, player=lambda p: CHANCE if p == "roll" else MAX,
                    probability=lambda p: 0.25 if p == "a" else 0.5)


def test_the_root_player_names_who_moves_first():
    with pytest.raises(ValueError, match="root must be MAX or MIN"):
        Tree.from_nested([(1, 3)], root=CHANCE)


@pytest.mark.parametrize("excess, ok", [(PROBABILITY_TOLERANCE / 2, True), (2 * PROBABILITY_TOLERANCE, False)])
def test_floats_add_up_to_1_within_the_tolerance_and_not_past_it(excess, ok):
    nested = [(0.5, 3), (0.5 + excess, 4)]
    if ok:
        assert Tree.from_nested(nested).has_chance
    else:
        with pytest.raises(ValueError, match="not 1"):
            Tree.from_nested(nested)
    assert Tree.from_nested([(0.1, 1), (0.2, 2), (0.7, 3)]).has_chance  # 0.9999999999999999


def test_fractions_must_add_up_exactly():
    Tree.from_nested([(Fraction(1, 3), 1)] * 3)
    with pytest.raises(ValueError, match="not 1"):
        Tree.from_nested([(Fraction(1, 3), 1), (Fraction(1, 3), 1), (Fraction(1, 3) + Fraction(1, 10**12), 1)])


def test_typed_trees_read_fractions_exactly():
    tree = gametree.parse_tree("[[(1/2, [3, 5]), (1/2, [1, 9])], [(1/6, 4), (5/6, [2, 8])]]")
    assert [n.probability for n in tree.children("C")] == [Fraction(1, 6), Fraction(5, 6)]
    with pytest.raises(ValueError, match="divides by zero"):
        gametree.parse_tree("[(1/0, 3), (1, 4)]")
    with pytest.raises(ValueError, match="add up to 2/3"):
        gametree.parse_tree("[(1/3, 3), (1/3, 4)]")


@pytest.mark.parametrize("search", [gametree.minimax, gametree.backed_up_values, gametree.principal_variation,
                                    trace_alpha_beta, gametree.best_order])
def test_minimax_and_alpha_beta_refuse_chance_nodes_instead_of_treating_dice_as_a_player(search):
    with pytest.raises(ValueError, match="chance nodes.*expectiminimax"):
        search(BRIEF)


# --- expectiminimax -----------------------------------------------------------------


def test_a_chance_node_is_worth_the_probability_weighted_sum():
    values = expected_values(HALVES)
    tree = Tree.from_nested(HALVES)
    assert values[tree["B"].id] == 0.5 * 3 + 0.5 * 1 == 2
    assert values[tree["C"].id] == 0.5 * 0 + 0.5 * 4 == 2
    assert expectiminimax(HALVES) == 2


def test_aima_figure_5_12s_point_order_preserving_changes_can_change_the_best_move():
    """AIMA 4e 5.5.1: with leaves 1, 2, 3, 4 the left move is better; after
    the order-preserving change to 1, 20, 30, 400 the right one is."""
    def tree(one, two, three, four):
        return [[(0.9, two), (0.1, three)], [(0.9, one), (0.1, four)]]

    def best(nested):
        values = expected_values(nested)
        t = Tree.from_nested(nested)
        return max(t.root.children, key=lambda c: values[c])

    assert best(tree(1, 2, 3, 4)) == 1 and best(tree(1, 20, 30, 400)) == 2
    # A positive linear change keeps the choice: v -> 10 v + 7.
    assert best(tree(17, 27, 37, 47)) == 1


def test_exact_values_with_fractions():
    sixth = Fraction(1, 6)
    assert expectiminimax([(sixth, 4), (5 * sixth, [2, 8])]) == Fraction(22, 3)
    assert isinstance(expectiminimax([(sixth, 4), (5 * sixth, [2, 8])]), Fraction)


def test_without_chance_nodes_expectiminimax_is_minimax():
    assert expectiminimax([[3, 12, 8], [2, 4, 6], [14, 5, 2]]) == 3
    assert expectiminimax(Tree.from_leaves([3, 5, 2, 9, 12, 5, 23, 23], 2)) == 12


# --- the trace and its captions ------------------------------------------------------


def test_captions_say_the_sum_in_the_pseudocodes_words():
    trace = trace_expectiminimax(HALVES)
    captions = trace.captions
    assert "chance node B: v = 0.5 × 3 = 1.5" in captions
    assert "chance node B: v = 0.5 × 3 + 0.5 × 1 = 2" in captions
    assert "chance node B returns v = 0.5 × 3 + 0.5 × 1 = 2" in captions
    assert captions[0] == "MAX node A: enter; v = −∞"
    assert captions[-1] == "MAX node A returns v = 2: the value of the tree"
    assert "MIN node D: v = min(+∞, 3) = 3" in captions


def test_fractions_print_as_fractions():
    trace = trace_expectiminimax(gametree.parse_tree("[(1/6, 4), (5/6, [2, 8])]"))
    assert trace.captions[-1] == "chance node A returns v = 1/6 × 4 + 5/6 × 8 = 22/3: the value of the tree"


def test_more_than_four_outcomes_are_summed_one_at_a_time():
    die = [(Fraction(1, 6), face) for face in range(1, 7)]
    captions = trace_expectiminimax(die).captions
    assert "chance node A: v = 1/6 × 1 + 1/6 × 2 + 1/6 × 3 + 1/6 × 4 = 5/3" in captions
    assert "chance node A: v = 5/3 + 1/6 × 5 = 5/2" in captions
    assert captions[-1] == "chance node A returns v = 7/2: the value of the tree"


def test_every_step_runs_lines_of_its_own_pseudocode():
    for trace in (trace_expectiminimax(BRIEF), trace_expectiminimax(CUT, bounds=(0, 10))):
        code = list(trace.code)
        assert code == chance_pseudocode(trace.bounds is not None)
        for step in trace:
            assert step.lines and all(1 <= line <= len(code) for line in step.lines)
        chance_updates = {code[line - 1].strip() for s in trace if s.kind is StepKind.UPDATE
                          and s.node.player is CHANCE for line in s.lines}
        assert len(chance_updates) == 1 and chance_updates.pop().startswith("v = v + p ×")


def test_the_plain_search_evaluates_every_leaf_and_prunes_nothing():
    tree = random_chance_tree(3, seed=4)
    trace = trace_expectiminimax(tree)
    assert trace.evaluated == tree.leaf_count and trace.cutoffs == []
    assert trace.evaluated_leaves == tuple(range(tree.leaf_count))
    final = trace.state(-1)
    assert all(s is Status.DONE for s in final.status)
    assert list(final.v) == expected_values(tree)  # every node, the same sums in the same order


def test_star1_stops_a_chance_node_that_cannot_reach_the_window():
    trace = trace_expectiminimax(CUT, bounds=(0, 10))
    assert (trace.value, trace.evaluated, trace.pruned_leaves) == (7, 3, [3])
    (cut,) = trace.cutoffs
    assert cut.caption == "chance node C: at most 0.5 + 0.5 × 10 = 5.5 <= alpha = 7, prune 1 child (leaf 9)"
    returned = trace[cut.index + 1]
    assert returned.kind is StepKind.RETURN and returned.value == 5.5
    assert returned.caption == "chance node C returns 5.5, a bound: its value is at most 5.5"
    code = list(trace.code)
    assert code[cut.lines[0] - 1].strip().startswith("if v + r × U <= alpha")
    # The drawing shows the bound C passed up, and stepping back restores the sum so far.
    assert trace.state(cut.index + 1).v[2] == 5.5 and trace.state(cut.index).v[2] == 0.5


def test_star1_also_stops_a_chance_node_that_cannot_fall_into_the_window():
    tree = [[(0.5, 2), (0.5, 4)], [(0.5, 10), (0.5, 9)]]  # MIN's turn at the root
    trace = trace_expectiminimax(Tree.from_nested(tree, root=MIN), bounds=(0, 10))
    (cut,) = trace.cutoffs
    assert cut.caption == "chance node C: at least 5 + 0.5 × 0 = 5 >= beta = 3, prune 1 child (leaf 9)"
    assert trace.value == 3 and trace.captions[cut.index + 1].endswith("its value is at least 5")


def test_star1_passes_each_outcome_the_window_where_its_value_can_matter():
    trace = trace_expectiminimax(HALVES, bounds=(0, 10))
    enters = {s.node.name: (s.alpha, s.beta) for s in trace if s.kind is StepKind.ENTER}
    # C is entered with alpha = 2; its first outcome F must beat (2 - 0.5 × 10) / 0.5 = -6:
    # clipped to the bounds, (0, 10).  After F returns 0, G must beat (2 - 0) / 0.5 = 4.
    assert enters["C"] == (2, math.inf) and enters["F"] == (0, 10) and enters["G"] == (4, 10)
    assert trace.value == 2 and trace.evaluated == 6  # G cuts after 4: 8 is never read


def test_bounds_at_the_leaves_are_accepted_and_one_past_them_refused():
    assert trace_expectiminimax(CUT, bounds=(1, 9)).value == 7
    with pytest.raises(ValueError, match="leaf D scores 8, outside the bounds \\(0, 7\\)"):
        trace_expectiminimax(CUT, bounds=(0, 7))
    with pytest.raises(ValueError, match="leaf F scores 1, outside the bounds \\(2, 9\\)"):
        trace_expectiminimax(CUT, bounds=(2, 9))


@pytest.mark.parametrize("bounds, error, words", [
    ((10, 0), ValueError, "low = 10 > high = 0"),
    ((0,), TypeError, "a pair (low, high)"),
    ("0 10", TypeError, "a pair (low, high)"),
    ((0, "10"), TypeError, "the high bound is '10'"),
    ((float("nan"), 10), ValueError, "the low bound is nan"),
    ((math.inf, math.inf), ValueError, "leave no room"),
])
def test_bad_bounds_are_refused_with_a_sentence(bounds, error, words):
    with pytest.raises(error) as caught:
        trace_expectiminimax(CUT, bounds=bounds)
    assert words in str(caught.value)


def test_infinite_bounds_are_allowed_and_prune_no_chance_node():
    trace = trace_expectiminimax(CUT, bounds=(-math.inf, math.inf))
    assert trace.value == 7 and trace.cutoffs == [] and trace.evaluated == 4


def test_the_trace_says_what_it_is():
    assert repr(trace_expectiminimax(CUT)) == "<Trace of expectiminimax: value 7, 4 of 4 leaves evaluated, 16 steps>"
    star1 = trace_expectiminimax(CUT, bounds=(0, 10))
    assert star1.algorithm == "Expectiminimax with Star1 pruning (leaves from 0 to 10)"
    assert gametree.trace_search(CUT).algorithm == "Expectiminimax"
    assert gametree.trace_search([[3, 4], [3, 1]], strict=True).strict


def test_reading_states_backwards_gives_the_states_read_forwards():
    trace = trace_expectiminimax(random_chance_tree(2, seed=11, probabilities="fraction"), bounds=(0, 10))
    forward = [trace.state(i) for i in range(len(trace))]
    fresh = trace_expectiminimax(trace.tree, bounds=(0, 10))
    backward = [fresh.state(i) for i in reversed(range(len(fresh)))][::-1]
    assert [(s.status, s.v, s.alpha, s.beta) for s in forward] == \
        [(s.status, s.v, s.alpha, s.beta) for s in backward]


def test_random_chance_trees_are_seeded_and_shaped_as_asked():
    tree = random_chance_tree(2, seed=7, branching=3, outcomes=2)
    assert tree == random_chance_tree(2, seed=7, branching=3, outcomes=2)
    assert tree.leaf_count == (3 * 2) ** 2 and tree.depth == 4
    assert all(n.player is CHANCE for n in tree if n.depth % 2 == 1)
    assert all(0 <= s <= 10 for s in tree.leaf_scores)
    die = random_chance_tree(1, seed=1, outcomes=6, probabilities="uniform")
    assert {n.probability for n in die if n.probability is not None} == {Fraction(1, 6)}
    with pytest.raises(ValueError, match="at most 65,536"):
        random_chance_tree(9, seed=1, branching=2, outcomes=2)  # 4**9 = 262,144 leaves
    # The limit, (32 × 8) ** 2 leaves: built in a quarter of the time of (2 × 2) ** 8's 131,071 nodes.
    assert random_chance_tree(2, seed=1, branching=32, outcomes=8).leaf_count == 2**16
    with pytest.raises(ValueError, match="at least a tenth"):
        random_chance_tree(1, seed=1, outcomes=11)


# --- Star1 finds plain expectiminimax's value: random trees ------------------------------------


def _chance_trees(probability):
    """Trees of MAX, MIN and chance nodes in any arrangement, leaves 0 to 10."""
    leaves = st.integers(0, 10)

    def grow(children):
        decision = st.lists(children, min_size=1, max_size=3)
        chance = st.lists(st.tuples(st.integers(1, 4), children), min_size=1, max_size=3).map(
            lambda pairs: [(probability(w, sum(x for x, _ in pairs)), child) for w, child in pairs])
        return decision | chance

    return st.recursive(leaves, grow, max_leaves=24).filter(lambda t: not isinstance(t, int))


def _exact(weight, total):
    return Fraction(weight, total)


def _float(weight, total):
    return weight / total


@settings(max_examples=150, deadline=None)
@given(_chance_trees(_exact), st.sampled_from([(0, 10), (-3, 12), (0, 50)]),
       st.sampled_from([MAX, MIN]))
def test_star1_equals_plain_expectiminimax_exactly_with_fractions(nested, bounds, root):
    tree = Tree.from_nested(nested, root=root)
    plain = trace_expectiminimax(tree)
    star1 = trace_expectiminimax(tree, bounds=bounds)
    assert star1.value == plain.value == expectiminimax(tree)
    assert star1.evaluated <= plain.evaluated == tree.leaf_count
    assert set(star1.evaluated_leaves) <= set(plain.evaluated_leaves)
    assert trace_expectiminimax(tree, bounds=(-math.inf, math.inf)).value == plain.value


@settings(max_examples=120, deadline=None)
@given(_chance_trees(_float), st.sampled_from([(0, 10), (-1, 11)]))
def test_star1_equals_plain_expectiminimax_up_to_rounding_with_floats(nested, bounds):
    tree = Tree.from_nested(nested)
    assert math.isclose(trace_expectiminimax(tree, bounds=bounds).value, expectiminimax(tree),
                        rel_tol=1e-9, abs_tol=1e-9)


@settings(max_examples=100, deadline=None)
@given(_chance_trees(_exact))
def test_with_unbounded_leaves_no_chance_node_is_ever_cut(nested):
    nested = Tree.from_nested(nested)
    trace = trace_expectiminimax(nested, bounds=(-math.inf, math.inf))
    assert all(step.node.player is not CHANCE for step in trace.cutoffs)
    assert trace.value == expectiminimax(nested)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=9, max_size=9))
def test_on_trees_without_chance_nodes_star1_is_alpha_beta(leaves):
    tree = Tree.from_leaves(leaves, 3)
    star1 = trace_expectiminimax(tree, bounds=(0, 10))
    alpha_beta = trace_alpha_beta(tree)
    assert (star1.value, star1.evaluated_leaves) == (alpha_beta.value, alpha_beta.evaluated_leaves)
    assert [s.caption for s in star1] == alpha_beta.captions  # alpha-beta's own words


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 3), st.integers(1, 3), st.integers(1, 3))
def test_random_chance_trees_agree_too(seed, depth, branching, outcomes):
    tree = random_chance_tree(depth, seed=seed, branching=branching, outcomes=outcomes,
                              probabilities="fraction")
    assert trace_expectiminimax(tree, bounds=(0, 10)).value == expectiminimax(tree)


def test_a_chance_steps_terms_ride_in_its_detail_and_its_words_are_the_traces():
    """What only expectiminimax records (the terms of a chance node's sum)
    is the step's detail; MAX and MIN nodes under Star1 speak alpha-beta's words."""
    from gametree.chance import ChanceDetail
    from gametree.trace import alpha_beta_caption

    trace = trace_expectiminimax(CUT, bounds=(0, 10))
    assert trace.cutoffs and all(step.node.player is CHANCE for step in trace.cutoffs)
    for step in trace:
        assert step.words is trace.words
        at_chance = step.node.player is CHANCE and step.kind in (
            StepKind.UPDATE, StepKind.CUTOFF, StepKind.RETURN)
        assert isinstance(step.detail, ChanceDetail) == at_chance
        if at_chance:
            done = [c for c in step.node.children if trace.state(step.index).status[c] is Status.DONE]
            assert len(step.detail.terms) == len(done)
        elif step.node.player is not CHANCE:
            assert step.caption == alpha_beta_caption(step)


def test_trace_search_picks_the_search_a_tree_calls_for():
    from gametree.solve import trace_search

    assert trace_search(HALVES).search == "expectiminimax"
    assert trace_search([3, 12, 8, 2, 4, 6, 14, 5, 2], 3, strict=True).rule.strict
    assert trace_search([[3, 5], [2, 9]], players=["MAX", "CHANCE"]).search == "expectiminimax"
    assert gametree.trace_search is trace_search
