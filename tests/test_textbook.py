"""The textbook versions the lessons show give the library's answers.

Each function of :mod:`gametree.textbook` is compared with the engine it
stands for in a notebook: on uneven nested trees drawn by hypothesis, on
seeded random complete trees, and on positions reached by seeded random
play in tic-tac-toe and Kalah.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import textbook
from gametree.games import (
    Kalah,
    TicTacToe,
    depth_limited_alpha_beta,
    kalah_evaluation,
    store_difference,
)

# Uneven trees written as nested lists: a leaf is a score, a node 1 to 4 children.
TREES = st.recursive(st.integers(-20, 20), lambda children: st.lists(children, min_size=1, max_size=4),
                     max_leaves=40).filter(lambda tree: isinstance(tree, list))


@settings(max_examples=200, deadline=None)
@given(TREES, st.sampled_from(["MAX", "MIN"]))
def test_the_recursive_minimax_is_the_library_minimax_on_any_tree(nested, root):
    tree = gametree.Tree.from_nested(nested, root=root)
    assert textbook.minimax(tree) == gametree.minimax(tree)


def test_the_recursive_minimax_is_the_library_minimax_on_seeded_complete_trees():
    for seed in range(60):
        branching, depth = 2 + seed % 3, 1 + seed % 4
        tree = gametree.random_tree(branching, depth, seed=seed)
        assert textbook.minimax(tree) == gametree.minimax(tree)


def positions(game, seed, count):
    """``count`` positions reached by seeded random play from the start
    (a new game each time one ends)."""
    rng, state, found = random.Random(seed), game.initial, []
    while len(found) < count:
        if game.is_over(state):
            state = game.initial
        found.append(state)
        moves = game.moves(state)
        if moves:
            state = game.play(state, rng.choice(moves))
    return found


def test_the_aima_alpha_beta_gives_the_engines_value_and_move_in_kalah():
    for game in (Kalah(2, 2), Kalah(3, 3), Kalah(4, 3)):
        for state in positions(game, seed=game.houses, count=40):
            for depth in (1, 2, 3, 4):
                for evaluate in (store_difference, kalah_evaluation):
                    engine = depth_limited_alpha_beta(game, state, depth=depth, evaluate=evaluate)
                    assert textbook.alpha_beta_search(game, state, depth, evaluate) == \
                        (engine.value, engine.move), (state, depth, evaluate.__name__)


def test_the_aima_alpha_beta_gives_the_engines_value_and_move_in_tic_tac_toe():
    game = TicTacToe()
    for state in positions(game, seed=3, count=40):
        for depth in (1, 2, 9):
            engine = depth_limited_alpha_beta(game, state, depth=depth, evaluate=lambda s: 0)
            assert textbook.alpha_beta_search(game, state, depth, lambda s: 0) == (engine.value, engine.move)


def test_the_short_kalah_evaluation_is_the_engines():
    for game in (Kalah(2, 2), Kalah(3, 3), Kalah(4, 4), Kalah(6, 4)):
        for state in positions(game, seed=11, count=300):
            assert textbook.kalah_evaluation(state) == kalah_evaluation(state), state


def test_the_textbook_module_imports_nothing_but_the_tree():
    """What a lesson shows must read alone: no engine to hide behind."""
    import ast
    import inspect

    imported = {node.module for node in ast.walk(ast.parse(inspect.getsource(textbook)))
                if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "math", "tree"}
