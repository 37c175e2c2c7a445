"""Depth counted in rounds (CS188's depth-limited minimax and expectimax):
``alpha_beta(..., rounds=True)`` and ``expectiminimax(..., rounds=True)``.

Depth d means d moves of MAX and, after each, the moves of every other agent
until MAX is to move again; rolls of the dice do not count.  Without
``rounds``, depth counts moves (rolls included), as before."""

import random
from fractions import Fraction

import pytest

from gametree import CHANCE, MAX, MIN, Tree
from gametree.games import (
    ChanceSolver,
    DiceRace,
    Kalah,
    TicTacToe,
    TicTacToeState,
    TranspositionTable,
    TreeGame,
    alpha_beta,
    chance_player,
    expectiminimax,
    store_difference,
)


def brute_force(game, state, depth, evaluate, rounds, root=True):
    """The depth-limited value straight from the rule, without pruning or memory."""
    if game.is_over(state):
        return game.score(state)
    player = game.to_move(state)
    if depth == 0 and (root or not rounds or player is MAX):
        return evaluate(state)
    below = depth - 1 if player is MAX or not rounds else depth
    if player is CHANCE:
        return sum(p * brute_force(game, game.play(state, roll), below, evaluate, rounds, False)
                   for p, roll in game.outcomes(state))
    values = [brute_force(game, game.play(state, move), below, evaluate, rounds, False)
              for move in game.moves(state)]
    return max(values) if player is MAX else min(values)


def level_tree(levels, height, branching, seed):
    """A complete tree whose node at depth k belongs to ``levels[k % len(levels)]``;
    chance nodes' children are equally likely (exact fractions); leaves random."""
    rng = random.Random(seed)
    leaves = {}

    def expand(path):
        if len(path) == height:
            return None
        return [path + (k,) for k in range(branching)]

    def score(path):
        return leaves.setdefault(path, rng.randint(-9, 9))

    def player(path):  # a leaf is no chance node (it has no outcomes): say MAX would move
        return MAX if len(path) == height else levels[len(path) % len(levels)]

    return Tree.unfold((), expand, score, player=player,
                       probability=lambda path: Fraction(1, branching))


def by_depth(node):
    """An evaluation that tells how deep the search stopped: 100 times the depth, plus the id."""
    return 100 * node.depth + node.id


GHOSTS = [MAX, MIN, MIN]            # a runner and two adversarial ghosts
RANDOM_GHOSTS = [MAX, CHANCE, CHANCE]
MIXED = [MAX, MIN, CHANCE]          # one adversarial ghost, one random
DICE = [CHANCE, MAX, CHANCE, MIN]   # backgammon's layering: a roll before each move


@pytest.mark.parametrize("depth", [0, 1, 2])
def test_one_round_of_max_and_two_min_ghosts_is_three_moves(depth):
    """With MAX, MIN, MIN levels from a MAX root, d rounds search exactly what 3d moves do
    (same value, line and work), and stop at the positions where MAX moves next."""
    game = TreeGame(level_tree(GHOSTS, 7, 2, seed=depth))
    rounds = alpha_beta(game, depth=depth, evaluate=by_depth, rounds=True)
    moves = alpha_beta(game, depth=3 * depth, evaluate=by_depth)
    assert (rounds.value, rounds.pv, rounds.stats) == (moves.value, moves.pv, moves.stats)
    assert len(rounds.pv) == 3 * depth and rounds.value // 100 == 3 * depth


@pytest.mark.parametrize("levels", [GHOSTS, [MIN, MIN, MAX], [MIN, MAX]])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_alpha_beta_in_rounds_equals_the_rule(levels, depth):
    """alpha-beta counting rounds returns the brute-force value of the rule, also from a
    root where a ghost is to move (its round is finished first, for free)."""
    for seed in range(3):
        game = TreeGame(level_tree(levels, 6, 3, seed))
        expected = brute_force(game, game.initial, depth, by_depth, rounds=True)
        assert alpha_beta(game, depth=depth, evaluate=by_depth, rounds=True).value == expected
        table = TranspositionTable()
        assert alpha_beta(game, depth=depth, evaluate=by_depth, rounds=True,
                          table=table).value == expected


def test_depth_zero_estimates_the_root_whoever_moves_and_scores_an_ended_game():
    """At depth 0 the root is estimated, even where a ghost is to move; an ended game is
    worth its score at depth 0 too, never its estimate."""
    game = TreeGame(level_tree([MIN, MIN, MAX], 3, 2, seed=1))
    for search in (alpha_beta, expectiminimax):
        result = search(game, depth=0, evaluate=lambda node: 42, rounds=True)
        assert (result.value, result.move, result.stats.evaluated) == (42, None, 1)
        leaf = game.tree.leaves[0]
        assert search(game, leaf, depth=0, evaluate=lambda node: 42, rounds=True).value == leaf.score


@pytest.mark.parametrize("levels", [RANDOM_GHOSTS, MIXED, DICE, [MAX, CHANCE]])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_expectimax_in_rounds_equals_the_rule(levels, depth):
    """The game expectiminimax counting rounds (rolls and ghosts free) returns the
    brute-force value, exactly (fractions)."""
    game = TreeGame(level_tree(levels, 6, 2, seed=depth))
    expected = brute_force(game, game.initial, depth, by_depth, rounds=True)
    assert expectiminimax(game, depth=depth, evaluate=by_depth, rounds=True).value == expected


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_expectimax_counting_moves_counts_every_level_rolls_included(depth):
    """Without rounds, each level is a move, a roll as well."""
    game = TreeGame(level_tree(MIXED, 6, 2, seed=5))
    result = expectiminimax(game, depth=depth, evaluate=by_depth)
    assert result.value == brute_force(game, game.initial, depth, by_depth, rounds=False)
    if depth == 1:  # MAX's move, estimated at once: the best child's estimate
        assert result.value == max(by_depth(game.tree[c]) for c in game.initial.children)


def test_random_ghosts_round_is_three_levels_with_the_rolls_free():
    """MAX, CHANCE, CHANCE: one round estimates the positions three levels down (both
    random ghosts move, then MAX is to move), so every estimate comes from depth 3."""
    game = TreeGame(level_tree(RANDOM_GHOSTS, 7, 2, seed=3))
    result = expectiminimax(game, depth=1, evaluate=lambda node: node.depth, rounds=True)
    assert (result.value, result.stats.evaluated) == (3, 2 * 2 * 2)


@pytest.mark.parametrize("text", ["X.. ... ...", "XO. ... ...", "XO. .X. ..O"])
def test_tictactoe_round_is_two_moves(text):
    """In tic-tac-toe a round is X's move and O's: d rounds search what 2d moves do from
    a position where X moves, and 2d + 1 moves from one where O moves."""
    game = TicTacToe()
    state = TicTacToeState.from_text(text)
    extra = game.to_move(state) is MIN
    evaluate = lambda s: sum(1 for mark in str(s) if mark == "X") / 10  # noqa: E731
    for depth in (1, 2):
        rounds = alpha_beta(game, state, depth=depth, evaluate=evaluate, rounds=True)
        moves = alpha_beta(game, state, depth=2 * depth + extra, evaluate=evaluate)
        assert (rounds.value, rounds.pv, rounds.stats) == (moves.value, moves.pv, moves.stats)


def test_kalah_extra_turn_of_max_is_a_round_of_its_own():
    """When MAX moves again after its own move (Kalah's extra turn), a round has ended:
    each of MAX's moves uses up a round, and MIN's extra turns are free."""
    game = Kalah(houses=3, seeds=2)
    state = game.initial
    for depth in (1, 2, 3):
        expected = brute_force(game, state, depth, store_difference, rounds=True)
        assert alpha_beta(game, state, depth=depth, evaluate=store_difference,
                          rounds=True).value == expected
    after = game.play(state, 1)          # S2's last seed lands in the store: the lines searched
    assert game.to_move(after) is MAX    # above include an extra turn of MAX
    result = alpha_beta(game, after, depth=0, evaluate=store_difference, rounds=True)
    assert result.value == store_difference(after)


def test_a_table_keeps_rounds_and_moves_apart():
    """One table used for a search in moves and one in rounds of the same depth gives each
    search its own value (entries are filed by what the depth counts)."""
    game = TreeGame(level_tree(GHOSTS, 6, 3, seed=7))
    table = TranspositionTable()
    moves = alpha_beta(game, depth=2, evaluate=by_depth, table=table)
    rounds = alpha_beta(game, depth=2, evaluate=by_depth, rounds=True, table=table)
    assert moves.value == brute_force(game, game.initial, 2, by_depth, rounds=False)
    assert rounds.value == brute_force(game, game.initial, 2, by_depth, rounds=True)
    assert moves.value != rounds.value


def test_dice_race_expectimax_in_rounds_and_its_player():
    """On the dice race, depth-limited expectimax in rounds agrees with the rule, gets
    closer to the exact value as it deepens, and its player plays legal moves."""
    game = DiceRace(length=3, faces=2, exact=True)
    lead = lambda s: Fraction(sum(c.at for c in s.white) - sum(c.at for c in s.black), 8)  # noqa: E731
    exact = expectiminimax(game).value
    errors = []
    for depth in (1, 2, 3):
        value = expectiminimax(game, depth=depth, evaluate=lead, rounds=True).value
        assert value == brute_force(game, game.initial, depth, lead, rounds=True)
        errors.append(abs(value - exact))
    assert expectiminimax(game, depth=40, evaluate=lead, rounds=True).value == exact
    assert errors[-1] < errors[0]
    player = chance_player(game, depth=2, evaluate=lead, rounds=True)
    state = game.play(game.initial, 2)
    assert player(game, state) in game.moves(state)


def test_chance_solver_memory_serves_each_depth_apart():
    """A solver kept across calls files each estimate with its depth left: asking at the
    root after a deeper position was solved still gives the rule's value."""
    game = TreeGame(level_tree(MIXED, 6, 2, seed=11))
    solver = ChanceSolver(game, depth=1, evaluate=by_depth, rounds=True)
    child = game.tree[game.initial.children[0]]
    assert solver.value(child) == brute_force(game, child, 1, by_depth, rounds=True)
    assert solver.value(game.initial) == brute_force(game, game.initial, 1, by_depth, rounds=True)


@pytest.mark.parametrize("search", [alpha_beta, expectiminimax])
def test_rounds_needs_a_depth_and_a_bool(search):
    game = TreeGame(Tree.from_nested([[3, 5], [2, 9]]))
    with pytest.raises(TypeError, match="rounds=True says how a depth limit counts: give depth"):
        search(game, rounds=True)
    with pytest.raises(TypeError, match="rounds must be True .* or False .*, not 'yes'"):
        search(game, depth=1, evaluate=by_depth, rounds="yes")


def test_rounds_and_quiescence_do_not_go_together():
    with pytest.raises(TypeError, match="quiescence counts the depth in moves"):
        alpha_beta(Kalah(), depth=1, evaluate=store_difference, rounds=True,
                   quiescence=lambda state: ())


def test_chance_player_depth_at_the_limit_and_one_past():
    game = DiceRace(length=3, faces=2)
    state = game.play(game.initial, 1)
    lead = lambda s: 0  # noqa: E731
    assert chance_player(game, depth=1, evaluate=lead, rounds=True)(game, state) in game.moves(state)
    with pytest.raises(ValueError, match="depth must be 1 or more, not 0"):
        chance_player(game, depth=0, evaluate=lead)
