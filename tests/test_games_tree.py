"""Games as trees (for drawings and traces) and trees as games."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import MAX, MIN, Tree, backed_up_values, trace_alpha_beta
from gametree.games import (
    IllegalMoveError,
    NumberGame,
    TicTacToe,
    TicTacToeState,
    TreeGame,
    alpha_beta,
    game_tree,
    minimax,
    trace_game,
    tree_states,
)
from gametree.games.base import NODE_LIMIT

FOUR_EMPTY = TicTacToeState.from_text("... O.X XOX")  # O to move; squares 0, 1, 2, 4 free


def test_tic_tac_toe_with_four_empty_squares_as_a_tree():
    """Every node is a position: O moves first here, so the root is MIN and
    levels alternate; edges are labelled with the move; leaves score +1/0/-1."""
    game = TicTacToe()
    tree = game_tree(game, FOUR_EMPTY)
    states = tree_states(game, tree, FOUR_EMPTY)
    assert tree.root.player is MIN
    assert [node.label for node in tree.children(tree.root)] == ["O0", "O1", "O2", "O4"]
    for node in tree:
        state = states[node.id]
        assert node.player is game.to_move(state)
        assert node.is_leaf == game.is_over(state)
        if node.is_leaf:
            assert node.score == game.score(state)
    assert backed_up_values(tree)[0] == minimax(game, FOUR_EMPTY).value


def test_trace_of_a_game_position_agrees_with_alpha_beta_on_the_game():
    game = TicTacToe()
    trace = trace_game(game, FOUR_EMPTY)
    result = alpha_beta(game, FOUR_EMPTY)
    assert trace.value == result.value
    assert trace.evaluated == result.stats.terminals
    assert len(trace.cutoffs) == result.stats.cutoffs
    assert trace.evaluated < len(trace.tree.leaves)  # something was pruned
    # The step-through machinery works on it: every step has a snapshot.
    assert trace.state(len(trace) - 1).status[0].value == "done"
    assert "O0" in {node.label for node in trace.tree}


def test_trace_game_is_trace_alpha_beta_of_game_tree():
    game = TicTacToe()
    direct = trace_alpha_beta(game_tree(game, FOUR_EMPTY), strict=True)
    traced = trace_game(game, FOUR_EMPTY, strict=True)
    assert traced.captions == direct.captions
    assert traced.evaluated_leaves == direct.evaluated_leaves


def test_extra_turns_follow_the_game_not_the_levels():
    """A game where MAX moves twice at the start: the tree says so."""
    tree = Tree.from_nested([[1, 2], [3, [4, 5]]])
    nodes = {"A": MAX, "B": MAX, "C": MIN, "G": MIN}  # B repeats MAX's turn, G repeats MIN's
    twisted = Tree.unfold(tree.root, lambda n: tree.children(n), lambda n: n.score,
                          player=lambda n: nodes.get(n.name, MIN))
    rebuilt = game_tree(TreeGame(twisted))
    assert [node.player for node in rebuilt] == [node.player for node in twisted]
    assert rebuilt.to_nested() == twisted.to_nested()
    assert [rebuilt["B"].player, rebuilt["G"].player] == [MAX, MIN]


_nested = st.recursive(st.integers(-9, 9), lambda kids: st.lists(kids, min_size=1, max_size=3),
                       max_leaves=25)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(_nested)
def test_a_tree_played_as_a_game_unfolds_back_into_the_same_tree(nested):
    tree = Tree.from_nested(nested)
    assert game_tree(TreeGame(tree)) == tree


def test_game_tree_refuses_trees_too_big_to_draw():
    with pytest.raises(ValueError, match="more than 10,000 nodes.*later position"):
        game_tree(TicTacToe())
    with pytest.raises(ValueError, match="more than 50 nodes"):
        game_tree(TicTacToe(), FOUR_EMPTY, max_nodes=50)
    assert len(game_tree(TicTacToe(), FOUR_EMPTY, max_nodes=51)) == 51


@pytest.mark.parametrize("bad, error, words", [
    (0, ValueError, "max_nodes must be from 1 to 1,000,000, not 0"),
    (-3, ValueError, "not -3"),
    (NODE_LIMIT + 1, ValueError, "max_nodes must be from 1 to 1,000,000, not 1,000,001"),
    pytest.param(10 ** 5000, ValueError, "not a number of 5,001 digits", id="10**5000"),
    (2.5, TypeError, r"max_nodes must be a whole number, not 2.5 \(float\)"),
    (True, TypeError, r"not True \(bool\)"),
    ("100", TypeError, r"not '100' \(str\)"),
])
def test_game_tree_refuses_a_bad_max_nodes(bad, error, words):
    with pytest.raises(error, match=words):
        game_tree(TicTacToe(), FOUR_EMPTY, max_nodes=bad)


def test_game_tree_takes_max_nodes_up_to_the_limit():
    assert len(game_tree(TicTacToe(), FOUR_EMPTY, max_nodes=NODE_LIMIT)) == 51


def test_number_game_tree_labels_say_which_number_moves():
    tree = game_tree(NumberGame([7, -5]))
    assert [node.label for node in tree.children(tree.root)] == [
        "take left 7", "take right -5", "delete left (7, -5)", "delete right (7, -5)"]
    # Leaves score MAX's total minus MIN's: take 7 then MIN takes -5 -> 7 - (-5) = 12.
    assert tree.leaves[0].score == 12


def test_tree_states_refuses_a_tree_of_another_game():
    tree = game_tree(NumberGame([1, 2]))
    with pytest.raises(ValueError, match="was the tree made by game_tree from this state"):
        tree_states(NumberGame([1]), tree)


def test_tree_game_refuses_a_move_that_is_not_a_child():
    game = TreeGame(Tree.from_nested([[3, 5], [2, 9]]))
    with pytest.raises(IllegalMoveError, match="'D' is not a child of node A; choose one of B, C"):
        game.play(game.initial, "D")
    with pytest.raises(TypeError, match="needs a gametree.Tree"):
        TreeGame([[3, 5], [2, 9]])
