"""Trees with a player per level (``players=``, issue 21).

The facts checked here: the node at depth k belongs to
``players[k % len(players)]``, chance levels included; a CHANCE level's
children are equally likely unless written as (probability, subtree)
pairs, which only a CHANCE level takes; alpha-beta passes each child the
window it holds, so through consecutive MIN levels the window goes down
unchanged; and every search agrees with a tiny brute-force evaluator
written here, on random trees with random player sequences.
"""

import re
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
    backed_up_values,
    expectiminimax,
    minimax,
    principal_variation,
    trace_alpha_beta,
    trace_expectiminimax,
)
from gametree.chance import chance_pseudocode
from gametree.solve import trace_search
from gametree.trace import pseudocode, turns
from gametree.tree import MAX_PLAYERS, agent_names, check_players

GHOSTS = ("MAX", "MIN", "MIN")
"""CS188's Pacman against two ghosts: MAX, ghost 1, ghost 2, MAX, ..."""
EXAM = [[[3, 12], [8, 5]], [[2, 6], [14, 5]]]
"""MAX over ghost 1 over ghost 2: B = min(3, 5) = 3, C's ghost-2 node F
meets alpha = 3 after its first leaf 2 and prunes leaf 6."""


# --- the brute-force evaluator: the recursion, nothing else -------------------------


def brute(nested, players, depth=0):
    """The value of a nested-list tree under the cycle ``players``, by the
    definition: max, min, or the plain average (or the weighted sum of
    written pairs) at depth k's player."""
    if not isinstance(nested, list):
        return nested
    player = players[depth % len(players)]
    if player == "CHANCE":
        if isinstance(nested[0], tuple):
            return sum(p * brute(child, players, depth + 1) for p, child in nested)
        return sum(Fraction(brute(child, players, depth + 1)) for child in nested) / len(nested)
    values = [brute(child, players, depth + 1) for child in nested]
    return max(values) if player == "MAX" else min(values)


def brute_alpha_beta(nested, players, strict=False):
    """Textbook alpha-beta on nested lists under the cycle: (value, leaves
    evaluated left to right)."""
    seen = []

    def search(node, depth, alpha, beta):
        if not isinstance(node, list):
            seen.append(node)
            return node
        maximizing = players[depth % len(players)] == "MAX"
        v = -float("inf") if maximizing else float("inf")
        for child in node:
            value = search(child, depth + 1, alpha, beta)
            if maximizing:
                v = max(v, value)
                alpha = max(alpha, v)
            else:
                v = min(v, value)
                beta = min(beta, v)
            if alpha > beta or (not strict and alpha == beta):
                break
        return v

    return search(nested, 0, -float("inf"), float("inf")), seen


def trees(depth):
    """Nested lists of depth at most ``depth``, 1 to 3 children a node,
    small whole scores (ties are common, so both cut rules are exercised)."""
    leaves = st.integers(-5, 5)
    if depth == 0:
        return leaves
    return st.one_of(leaves, st.lists(trees(depth - 1), min_size=1, max_size=3))


decisions = st.lists(st.sampled_from(["MAX", "MIN"]), min_size=1, max_size=4)
with_chance = st.lists(st.sampled_from(["MAX", "MIN", "CHANCE"]), min_size=1, max_size=4)


# --- the model ----------------------------------------------------------------------


def test_the_node_at_depth_k_belongs_to_players_k_mod_n():
    tree = Tree.from_nested([[[1, 2], [3]], [[4], 5]], players=["MAX", "CHANCE", "MIN"])
    for node in tree:
        if not node.is_leaf:
            assert node.player is (MAX, CHANCE, MIN)[node.depth % 3]


def test_players_accepts_constants_and_any_case():
    assert check_players([MAX, "min", " Chance "]) == (MAX, MIN, CHANCE)


def test_a_chance_level_written_plainly_has_equally_likely_children():
    tree = Tree.from_nested([[3, 5, 7], [2]], players=["MAX", "CHANCE"])
    assert [node.probability for node in tree.children("B")] == [Fraction(1, 3)] * 3
    assert tree["C"].player is CHANCE and tree.children("C")[0].probability == 1


def test_a_chance_level_keeps_the_probabilities_written_as_pairs():
    tree = Tree.from_nested([[(0.25, 3), (0.75, 5)], [2, 4]], players=["MAX", "CHANCE"])
    assert [node.probability for node in tree.children("B")] == [0.25, 0.75]
    assert expectiminimax(tree) == 4.5  # B = 0.25 × 3 + 0.75 × 5 = 4.5, C = 3


def test_pairs_on_a_max_level_are_refused_naming_the_node_and_the_level():
    with pytest.raises(ValueError, match=r"node C is written with \(probability, subtree\) pairs, "
                                         r"but it is at depth 1, a MAX level \(players\[1\]\)"):
        Tree.from_nested([[1, 2], [(0.5, 3), (0.5, 4)]], players=["MAX", "MAX"])


def test_a_leaf_on_a_chance_level_belongs_to_the_next_decision_level():
    tree = Tree.from_nested([3, [1, 2]], players=["MAX", "CHANCE", "MIN"])
    assert tree["B"].is_leaf and tree["B"].player is MIN
    assert not tree.leaf(0).player is CHANCE
    assert Tree.from_nested([3], players=["CHANCE"]).leaf(0).player is MAX


def test_a_chance_node_no_longer_hands_the_move_on():
    # Without players the node under a chance node belongs to MAX's opponent;
    # with players its level says.
    tree = Tree.from_nested([[(0.5, [1, 2]), (0.5, [3, 4])]], players=["MAX", "CHANCE", "MAX"])
    assert tree["C"].player is MAX
    assert Tree.from_nested([[(0.5, [1, 2]), (0.5, [3, 4])]])["C"].player is MIN


def test_without_players_levels_alternate_and_root_min_still_works():
    assert [n.player for n in Tree.from_nested([[1, 2]], root=MIN)][:2] == [MIN, MAX]
    assert Tree.from_nested([[1, 2]]).players is None
    assert minimax([[1, 2]], players=["MIN", "MAX"]) == minimax(Tree.from_nested([[1, 2]], root=MIN))


def test_players_with_a_root_option_is_an_error():
    with pytest.raises(ValueError, match="give either root or players, not both"):
        Tree.from_nested([[1, 2]], root=MIN, players=["MIN"])


@pytest.mark.parametrize(("players", "error", "words"), [
    ([], ValueError, "players is empty"),
    ("MAX,MIN", TypeError, "not the string 'MAX,MIN'; on the command line write --players"),
    (["MAX", "ghost"], ValueError, r"players\[1\] is 'ghost', which is no player"),
    (["MAX", 1], ValueError, r"players\[1\] is 1, which is no player"),
    ({"MAX"}, TypeError, "must be a list or tuple"),
])
def test_bad_players_get_a_sentence(players, error, words):
    with pytest.raises(error, match=words):
        Tree.from_nested([[1, 2]], players=players)


def test_players_may_be_as_long_as_the_deepest_tree_and_no_longer():
    assert len(check_players(["MAX"] * MAX_PLAYERS)) == MAX_PLAYERS
    with pytest.raises(ValueError, match=f"players has {MAX_PLAYERS + 1} levels; at most {MAX_PLAYERS}"):
        check_players(["MAX"] * (MAX_PLAYERS + 1))


def test_bad_players_are_refused_before_the_tree_is_read():
    # The tree is broken too; the players are named first.
    with pytest.raises(ValueError, match="players is empty"):
        minimax([[]], players=[])


def test_a_complete_tree_follows_the_cycle_like_nested_lists():
    leaves = [3, 12, 8, 2, 4, 6, 14, 5, 2, 7, 1, 9, 0, 6, 3, 8, 4, 2, 9, 9, 1, 5, 5, 3, 7, 0, 2]
    complete = Tree.from_leaves(leaves, 3, players=["MAX", "CHANCE", "MIN"])
    nested = Tree.from_nested(complete.to_nested(), players=["MAX", "CHANCE", "MIN"])
    assert complete == nested and complete.has_chance
    assert [n.player for n in complete] == [n.player for n in nested]
    assert expectiminimax(complete) == expectiminimax(nested)


def test_a_tree_shows_its_cycle_and_round_trips():
    tree = Tree.from_nested([[1, 2], [3]], players=GHOSTS)
    assert repr(tree) == "Tree.from_nested([[1, 2], [3]], players=('MAX', 'MIN', 'MIN'))"
    assert Tree.from_nested(tree.to_nested(), players=tree.players) == tree


def test_the_kth_min_level_of_the_cycle_is_ghost_k():
    assert agent_names(["MAX", "MIN", "MIN", "MIN"]) == ("", "ghost 1", "ghost 2", "ghost 3")
    assert agent_names(["MAX", "MIN"]) == ("", "")  # one opponent: no ghost to tell apart
    tree = Tree.from_nested(EXAM, players=GHOSTS)
    assert [tree[name].title for name in "ABF"] == [
        "MAX node A", "MIN node B (ghost 1)", "MIN node F (ghost 2)"]
    assert tree.leaf(0).agent == ""


# --- the searches ---------------------------------------------------------------------


def test_minimax_with_two_ghosts():
    # B = min(min(3, 12), min(8, 5)) = 3, C = min(min(2, 6), min(14, 5)) = 2.
    assert minimax(EXAM, players=GHOSTS) == 3
    assert backed_up_values(EXAM, players=GHOSTS)[:7] == [3, 3, 2, 3, 5, 2, 5]
    assert [n.name for n in principal_variation(EXAM, players=GHOSTS)] == ["A", "B", "D", "H"]


@pytest.mark.parametrize("search", [minimax, backed_up_values, principal_variation,
                                    trace_alpha_beta])
def test_searches_without_chance_refuse_a_chance_level_and_point_to_expectiminimax(search):
    with pytest.raises(ValueError, match="has a CHANCE level.*expectiminimax"):
        search(EXAM, players=["MAX", "CHANCE"])


def test_alpha_beta_keeps_its_contract_and_takes_no_players():
    with pytest.raises(TypeError):
        gametree.alpha_beta([1, 2, 3, 4], 2, players=GHOSTS)  # type: ignore[call-arg]


def test_alpha_beta_through_two_ghosts_cuts_with_the_roots_alpha():
    trace = trace_alpha_beta(EXAM, players=GHOSTS)
    assert (trace.value, trace.evaluated_leaves) == (3, (0, 1, 2, 3, 4))
    assert [step.caption for step in trace.cutoffs] == [
        "MIN node F (ghost 2): alpha = 3 >= beta = 2, prune 1 child (leaf 6)",
        "MIN node C (ghost 1): alpha = 3 >= beta = 2, prune 1 child (subtree G)"]


def test_the_window_goes_down_unchanged_through_consecutive_min_levels():
    tree = Tree.from_nested([[[[5, 1], [4]], [[7, 3]]], [[[2, 8]], [[6], [0, 9]]]],
                            players=["MAX", "MIN", "MIN", "MIN"])
    trace = trace_alpha_beta(tree)
    for step in trace:
        if step.kind is StepKind.ENTER and step.node.parent is not None:
            parent = trace.state(step.index - 1)
            assert (step.alpha, step.beta) == (parent.alpha[step.node.parent],
                                               parent.beta[step.node.parent])


def test_pseudocode_and_code_say_who_moves_in_turn():
    assert turns(GHOSTS) == "MAX, MIN (ghost 1), MIN (ghost 2), again"
    trace = trace_alpha_beta(EXAM, players=GHOSTS)
    assert trace.code[0].endswith("# turns: MAX, MIN (ghost 1), MIN (ghost 2), again")
    assert trace.code[1:] == tuple(pseudocode()[1:])  # the line numbers stay
    assert "turns" not in trace_alpha_beta(EXAM).code[0]
    assert chance_pseudocode(players=["MAX", "CHANCE"])[0].endswith("# turns: MAX, chance, again")


def test_expectimax_against_random_ghosts():
    # B = (3 + E) / 2 with E = (4 + 8) / 2 = 6, so 9/2; C = (2 + 9) / 2 = 11/2.
    tree = [[3, [4, 8]], [2, 9]]
    assert expectiminimax(tree, players=["MAX", "CHANCE", "CHANCE"]) == Fraction(11, 2)
    trace = trace_expectiminimax(tree, players=["MAX", "CHANCE", "CHANCE"])
    assert trace.value == Fraction(11, 2) and trace.evaluated == 5
    assert "chance node C returns v = 1/2 × 2 + 1/2 × 9 = 11/2" in trace.captions


def test_star1_with_players_prunes_and_keeps_the_value():
    tree = [[8, 6], [1, 9]]
    star1 = trace_expectiminimax(tree, players=["MAX", "CHANCE"], bounds=(0, 10))
    assert star1.value == 7 and star1.evaluated == 3


def test_trace_search_picks_the_search_the_cycle_calls_for():
    assert trace_search(EXAM, players=GHOSTS).name == "alpha-beta"
    assert trace_search(EXAM, players=["MAX", "CHANCE"]).name == "expectiminimax"


def test_min_node_captions_under_expectiminimax_name_the_ghost():
    trace = trace_expectiminimax(EXAM, players=["MAX", "MIN", "CHANCE", "MIN"])
    assert any(caption.startswith("MIN node B (ghost 1)") for caption in trace.captions)


# --- against the brute-force evaluator -------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(tree=trees(4), players=decisions)
def test_minimax_and_every_node_agree_with_the_recursion(tree, players):
    built = Tree.from_nested(tree, players=players)
    assert minimax(built) == minimax(Tree.from_nested(tree), players=players) == brute(tree, players)
    values = backed_up_values(built)
    assert values == [brute(built.to_nested(node), players, node.depth) for node in built]


@settings(max_examples=150, deadline=None)
@given(tree=trees(4), players=decisions, strict=st.booleans())
def test_traced_alpha_beta_agrees_with_textbook_alpha_beta(tree, players, strict):
    value, seen = brute_alpha_beta(tree, players, strict)
    trace = trace_alpha_beta(Tree.from_nested(tree), players=players, strict=strict)
    assert trace.value == value == brute(tree, players)
    assert [trace.tree.leaf(i).score for i in trace.evaluated_leaves] == seen


@settings(max_examples=150, deadline=None)
@given(tree=trees(4), players=with_chance)
def test_expectiminimax_agrees_with_the_recursion(tree, players):
    expected = brute(tree, players)
    assert expectiminimax(Tree.from_nested(tree, players=players)) == expected
    assert trace_expectiminimax(Tree.from_nested(tree), players=players).value == expected


@settings(max_examples=60, deadline=None)
@given(leaves=st.lists(st.integers(-5, 5), min_size=8, max_size=8), players=with_chance)
def test_complete_trees_agree_with_the_recursion(leaves, players):
    tree = Tree.from_leaves(leaves, 2, players=players)
    assert expectiminimax(tree) == brute(Tree.from_leaves(leaves, 2).to_nested(), players)
    if "CHANCE" not in players:
        assert minimax(leaves, 2, players=players) == expectiminimax(tree)


# --- the steppers -------------------------------------------------------------------------


def test_the_stepper_steps_a_tree_with_two_ghosts():
    from gametree.widgets.stepper import Stepper

    stepper = Stepper(EXAM, players=GHOSTS)
    cut = stepper.trace.cutoffs[0].index
    stepper.step_to(cut)
    assert stepper.caption_text.endswith(
        "MIN node F (ghost 2): alpha = 3 >= beta = 2, prune 1 child (leaf 6)")
    with pytest.raises(TypeError, match="give players only with a tree"):
        Stepper(stepper.trace, players=GHOSTS)


def test_the_editable_stepper_keeps_the_cycle_for_trees_typed_in():
    from gametree.widgets.stepper import Stepper

    stepper = Stepper(EXAM, players=GHOSTS, editable=True)
    assert stepper.root_toggle.disabled
    stepper.tree_box.value = "[[1, 2], [3, [4, 5]]]"
    assert stepper.trace.tree.players == (MAX, MIN, MIN)
    assert stepper.trace.value == minimax([[1, 2], [3, [4, 5]]], players=GHOSTS) == 3
    stepper.leaves_box.value = "1 2 3 4 5 6 7 8"
    stepper.branching_box.value = "2"
    assert stepper.trace.tree.players == (MAX, MIN, MIN) and stepper.trace.value == 5  # B = 1, C = 5


def test_the_predict_stepper_takes_players():
    from gametree.widgets.predict import PredictStepper

    stepper = PredictStepper(EXAM, players=["MAX", "CHANCE", "MIN"])
    assert stepper.trace.name == "expectiminimax"
    assert stepper.trace.value == expectiminimax(EXAM, players=["MAX", "CHANCE", "MIN"])


# --- the command line -------------------------------------------------------------------


def test_the_command_line_takes_players(capsys):
    from gametree.cli import main

    assert main(["minimax", "--players", "MAX,MIN,MIN", "--tree", str(EXAM)]) == 0
    out = capsys.readouterr().out
    assert "value: 3" in out and "MIN node F (ghost 2) = min(2, 6) = 2" in out
    assert main(["alpha-beta", "-q", "--players", "max,min,min", "--tree", str(EXAM)]) == 0
    assert capsys.readouterr().out == "value: 3\nevaluated: 5 of 8 leaves\n"
    assert main(["expectiminimax", "-q", "--players", "MAX,CHANCE,CHANCE", "--tree",
                 "[[3, [4, 8]], [2, 9]]"]) == 0
    assert capsys.readouterr().out.startswith("value: 11/2\n")


@pytest.mark.parametrize(("argv", "words"), [
    (["alpha-beta", "--players", "MAX,CHANCE"], "has a CHANCE level, and alpha-beta has no rule"),
    (["minimax", "--players", "MAX,MIN", "--root", "MIN"], "give either --players or --root"),
    (["minimax", "--players", "MAX,GHOST"], r"players\[1\] is 'GHOST', which is no player"),
    (["minimax", "--players", ""], "players is empty"),
])
def test_the_command_line_refuses_bad_players_in_one_line(capsys, argv, words):
    from gametree.cli import main

    assert main([*argv, "-b", "2", "1", "2", "3", "4"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and re.search(words, err)


def test_the_counter_gives_knuth_and_moores_minimum_only_when_max_and_min_alternate():
    from gametree.view.draw import counter_text

    leaves = [1, 2, 3, 4, 5, 6, 7, 8]
    assert counter_text(trace_alpha_beta(leaves, 2, players=GHOSTS)) == "evaluated 8 of 8 leaves"
    assert counter_text(trace_alpha_beta(leaves, 2, players=["MAX", "MIN"])).endswith(" 5)")


# --- practice -------------------------------------------------------------------------------


def test_an_exercise_with_ghosts_is_searched_and_checked_with_its_cycle():
    from gametree.practice.checker import check
    from gametree.practice.exercise import Answer, Exercise

    exercise = Exercise.from_nested(EXAM, players=GHOSTS)
    assert exercise.players == (MAX, MIN, MIN) and exercise.trace.value == 3
    assert "The levels take turns: MAX, MIN (ghost 1), MIN (ghost 2), again." in exercise.text
    assert exercise.minimum is None  # Knuth and Moore's minimum is for alternating levels
    assert check(exercise, exercise.solution()) == []
    wrong = exercise.solution().values | {"F": 6}
    mistakes = check(exercise, Answer(values=wrong, pruned=exercise.solution().pruned))
    assert mistakes and "ghost 2" in " ".join(str(m) for m in mistakes)


def test_a_random_exercise_with_ghosts_is_the_same_every_time_and_orders_for_its_cycle():
    from gametree.practice.exercise import Exercise

    made = Exercise.random(7, 2, 3, players=GHOSTS, ordering="best")
    assert made == Exercise.random(7, 2, 3, players=list(GHOSTS), ordering="best")
    assert made.tree.players == (MAX, MIN, MIN)
    # Best first for each level's player: every MIN node's children rise left to right.
    values = backed_up_values(made.tree)
    for node in made.tree:
        if not node.is_leaf and node.player is MIN:
            kids = [values[c] for c in node.children]
            assert kids == sorted(kids)
    uneven = Exercise.random(7, 3, 3, players=GHOSTS, uneven=True)
    assert uneven.tree.players == (MAX, MIN, MIN) and not uneven.complete


@pytest.mark.parametrize(("options", "words"), [
    ({"players": ["MAX", "CHANCE"]}, "CHANCE level, which an alpha-beta exercise cannot hold"),
    ({"players": GHOSTS, "root": "MIN"}, "give either root or players"),
    ({"players": GHOSTS, "task": "reorder"}, "only when MAX and MIN take turns"),
    ({"players": []}, "players is empty"),
])
def test_bad_exercise_players_get_a_sentence(options, words):
    from gametree.practice.exercise import Exercise

    with pytest.raises(ValueError, match=words):
        Exercise.random(3, 2, 3, **options)


def test_sheets_take_players():
    from gametree.practice.sheets import sheet_exercises

    exercises = sheet_exercises(5, 2, 2, 3, players=GHOSTS)
    assert all(exercise.players == (MAX, MIN, MIN) for exercise in exercises)
    assert sheet_exercises(5, 2, 2, 3)[0].players is None


def test_the_exercises_command_takes_players(tmp_path, capsys):
    from gametree.cli import main

    out = tmp_path / "sheet.png"
    argv = ["exercises", "--seed", "3", "--count", "1", "--branching", "2", "--depth", "2",
            "--out", str(out), "--dpi", "40"]
    assert main([*argv, "--players", "MAX,MIN,MIN"]) == 0
    assert out.exists() and (tmp_path / "sheet-key.png").exists()
    assert main([*argv, "--players", "MAX,MIN", "--root", "MIN"]) == 2
    assert "give either root or players" in capsys.readouterr().err


def test_random_trees_take_players():
    tree = gametree.random_tree(2, 3, seed=4, players=GHOSTS)
    assert tree.players == (MAX, MIN, MIN)
    assert tree.leaf_scores == gametree.random_tree(2, 3, seed=4).leaf_scores
    with pytest.raises(ValueError, match="players is empty"):
        gametree.random_tree(2, 3, seed=4, players=[])


def test_an_expectimax_exercise_takes_a_tree_with_random_ghosts():
    from gametree.practice.chance import ChanceExercise

    tree = Tree.from_nested([[3, [4, 8]], [2, 9]], players=["MAX", "CHANCE", "CHANCE"])
    exercise = ChanceExercise(tree)
    assert exercise.solution().values["A"] == 5.5 and exercise.check(exercise.solution()) == []


def test_predict_questions_and_chance_feedback_name_the_ghost():
    from gametree.practice.chance import ChanceExercise
    from gametree.practice.exercise import Answer
    from gametree.widgets.predict import PredictStepper

    stepper = PredictStepper(EXAM, players=GHOSTS)
    for _ in range(10):  # on to the first "what is v" question: at D, after leaf H
        question = stepper.question
        if question is not None and "What is v" in question.prompt:
            break
        (stepper.reveal_button if question is not None else stepper.next_button).click()
    assert stepper.question is not None
    assert "What is v at MIN node D (ghost 2) now?" in stepper.question.prompt
    tree = Tree.from_nested([[3, [4, 8]], [2, 9]], players=["MAX", "MIN", "MIN"])
    exercise = ChanceExercise(tree)
    wrong = dict(exercise.solution().values) | {"E": 8}
    feedback = " ".join(str(m) for m in exercise.check(Answer(values=wrong)))
    assert "MIN node E (ghost 2)" in feedback
